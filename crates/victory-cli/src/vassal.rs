//! `victory vassal ...`: VASSAL modules, saved games and logs read by the `wargame-vassal`
//! crate. This module reads the files (bounded, regular files only) and prints; the crate
//! parses bytes.

use std::path::{Path, PathBuf};

use victory_engine::input::SaveFiles;
use victory_front::resolver::ConfiningResolver;
use victory_front::saves::{self, SaveReader};

use crate::files::{self, Kind, Limits, VassalLimits, one_line, shown};
use crate::module::{self, ModuleArgs};
use crate::outcome::{Format, Outcome, json};
use victory_engine::problem::{self, Problem};

/// A log step, `--step N`: a whole number from 0 (the position the save starts from); a
/// negative one is told so, not taken for an option.
pub fn step(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let negative = t.len() > 1 && t.starts_with('-') && t[1..].bytes().all(|b| b.is_ascii_digit());
    if negative {
        return Err(
            "steps count from 0 (the position the save starts from): give 0 or more".to_string(),
        );
    }
    t.parse::<usize>().map_err(|_| {
        "give a whole number 0 or more: steps count from 0 (the position the save starts from)"
            .to_string()
    })
}

/// The commands under `victory vassal`.
#[derive(Debug, clap::Subcommand)]
pub enum VassalCommand {
    /// List every piece of a saved game or log: map, position, location as VASSAL shows it,
    /// and properties.
    #[command(after_help = "\
Examples:
  victory vassal pieces game.vsav --module Game.vmod
  victory vassal pieces turn3.vlog --module buildFile.xml --board-sizes sizes.json --step 10
  victory vassal pieces game.vsav --module Game.vmod --format json

A log replays to its last step, or to --step N (0: the position it was saved from). What VASSAL
hides from the other players stays hidden: a masked piece shows its id and place only, a
face-down card its deck and its place in the deck (never its id), a piece on a private window
of a side you do not play the window only, an invisible piece is only counted. --side NAME reads as the player of that side (its private
windows shown); --reveal shows everything (your own save). See docs/vassal.md.")]
    #[command(
        mut_arg("module", |a| a.required(true)),
        mut_arg("board_sizes", |a| a.requires("module"))
    )]
    Pieces {
        /// The saved game or log (.vsav, .vlog, .sav, .log).
        #[arg(value_name = "SAVE")]
        save: PathBuf,
        #[command(flatten)]
        module: ModuleArgs,
        /// Replay the log to step N (0: the position it was saved from).
        #[arg(long, value_name = "N", value_parser = step, allow_negative_numbers = true)]
        step: Option<usize>,
        /// Show everything VASSAL hides from the other players: masked, invisible and face-down
        /// pieces, every private window (your own save, or a referee's).
        #[arg(long)]
        reveal: bool,
        /// Read as the player of this side (VASSAL's player sides): its private windows and
        /// hands are shown (repeatable).
        #[arg(long = "side", value_name = "NAME")]
        sides: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Read at most BYTES from the --board-sizes file.
        #[arg(long, value_name = "BYTES", default_value_t = wargame_kit::limits::DEFAULT_MAX_BYTES)]
        max_input_bytes: u64,
        #[command(flatten)]
        limits: VassalLimits,
    },
    /// Print the JSON Schema of `victory vassal pieces --format json`.
    Schema,
    /// Write the state a profile makes of a saved game: TOML, each value with a comment naming
    /// the piece and location it came from.
    #[command(after_help = "\
Examples:
  victory vassal import game.vsav --module Leyte.vmod --profile leyte.profile.toml
  victory vassal import game.vsav --module Leyte.vmod --profile leyte.profile.toml -o state.toml

The state is checked by its game's engine (problems on stderr, status 1; it is still written).
With -o, the files it names (a map, a track) are written relative to the output's folder.
`victory score game.vsav --module MOD --profile PROFILE` scores the save directly.")]
    Import {
        /// The saved game or log (.vsav, .vlog, .sav, .log).
        #[arg(value_name = "SAVE")]
        save: PathBuf,
        #[command(flatten)]
        args: SaveArgs,
        /// Where to write the state (default: standard output).
        #[arg(short, long, value_name = "STATE.toml")]
        output: Option<PathBuf>,
        /// Read at most BYTES from the profile, the --board-sizes file and the maps and tracks
        /// the state refers to.
        #[arg(long, value_name = "BYTES", default_value_t = wargame_kit::limits::DEFAULT_MAX_BYTES)]
        max_input_bytes: u64,
        #[command(flatten)]
        limits: VassalLimits,
    },
    /// Draft a profile from a module's maps, zones and prototypes, or with --save from the
    /// pieces a save holds, each entry with a comment saying what to fill in.
    #[command(after_help = "\
Examples:
  victory vassal profile Leyte.vmod --save game.vsav -o leyte.profile.toml
  victory vassal profile Leyte.vmod -o leyte.profile.toml
  victory vassal pieces game.vsav --module Leyte.vmod     # the pieces, to fill it in

With --save, each [[pieces]] entry is a selection the save's pieces support (the map and zone
holding most pieces on a hex grid as [board], each other map and zone), with how many pieces
it takes and what varies among them (properties, layers, slots, prototypes). docs/vassal.md
explains each table; the shipped profiles under fixtures/vassal/ are worked examples.")]
    #[command(
        group(clap::ArgGroup::new("the_module").args(["module_file", "module"]).required(true)),
        mut_arg("board_sizes", |a| a.requires("the_module"))
    )]
    Profile {
        /// The module: a .vmod, or its extracted buildFile.xml / buildFile (or give it with
        /// --module, as the other commands take it).
        #[arg(value_name = "MOD", id = "module_file", conflicts_with = "module")]
        module_file: Option<PathBuf>,
        #[command(flatten)]
        module: ModuleArgs,
        /// A saved game or log of the module: propose selections from its pieces.
        #[arg(long, value_name = "SAVE")]
        save: Option<PathBuf>,
        /// The game the profile is for: its `game` key filled in and its state's keys proposed
        /// (`victory schema GAME` gives the rest).
        #[arg(long, value_name = "GAME", requires = "save")]
        game: Option<String>,
        /// Replay the log to step N (0: the position it was saved from).
        #[arg(long, value_name = "N", requires = "save", value_parser = step, allow_negative_numbers = true)]
        step: Option<usize>,
        /// Read as the player of this side: its private windows shown (repeatable).
        #[arg(long = "side", value_name = "NAME", requires = "save")]
        sides: Vec<String>,
        /// Where to write the profile (default: standard output).
        #[arg(short, long, value_name = "PROFILE.toml")]
        output: Option<PathBuf>,
        /// Read at most BYTES from the --board-sizes file.
        #[arg(long, value_name = "BYTES", default_value_t = wargame_kit::limits::DEFAULT_MAX_BYTES)]
        max_input_bytes: u64,
        #[command(flatten)]
        limits: VassalLimits,
    },
}

/// Run a `victory vassal` command.
pub fn run(command: VassalCommand) -> anyhow::Result<Outcome> {
    match command {
        VassalCommand::Schema => Ok(Outcome {
            stdout: json(&::vassal::pieces_schema())?,
            ..Outcome::default()
        }),
        VassalCommand::Import {
            save,
            args,
            output,
            max_input_bytes,
            limits,
        } => import(
            &args,
            &save,
            output.as_deref(),
            &limits.with_input(max_input_bytes),
        ),
        VassalCommand::Profile {
            module_file,
            mut module,
            save,
            game,
            step,
            sides,
            output,
            max_input_bytes,
            limits,
        } => {
            // MOD, or --module: one of the two (clap's group).
            module.module = module.module.or(module_file);
            let game = match game.as_deref() {
                None => None,
                Some(g) => match victory_front::engines::find(g) {
                    Some((engine, key)) => Some((key, engine.state_shape())),
                    None => {
                        return Err(anyhow::Error::from(crate::outcome::Usage(format!(
                            "--game: no game `{}` (the games: {})",
                            wargame_kit::terminal::one_line(g),
                            victory_front::engines::known()
                        ))));
                    }
                },
            };
            draft(
                &Draft {
                    module: &module,
                    save: save.as_deref(),
                    game,
                    options: ::vassal::Options::default().step(step).sides(sides),
                },
                output.as_deref(),
                &limits.with_input(max_input_bytes),
            )
        }
        VassalCommand::Pieces {
            save,
            module,
            step,
            reveal,
            sides,
            format,
            max_input_bytes,
            limits,
        } => pieces(
            &save,
            &module,
            ::vassal::Options::default()
                .step(step)
                .reveal(reveal)
                .sides(sides),
            format,
            &limits.with_input(max_input_bytes),
        ),
    }
}

/// A file of `kind`, within its limit.
fn read(path: &Path, kind: Kind, limits: &Limits) -> anyhow::Result<Vec<u8>> {
    files::read(path, kind, limits).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", shown(path)))
}

fn errors(o: &mut Outcome, e: &::vassal::Error) {
    o.failed = true;
    for d in e.diagnostics() {
        // On one line: a name in the file (its own, a piece's) cannot start a line.
        o.stderr
            .push(format!("error: {}", one_line(&d.to_string())));
    }
}

/// The module the flags name, or its problems printed as errors (`None`).
fn open_module(args: &ModuleArgs, limits: &Limits, o: &mut Outcome) -> Option<::vassal::Module> {
    match args.open(limits) {
        Ok(Some(opened)) => Some(opened.module),
        Ok(None) => {
            o.failed = true;
            o.stderr
                .push("error: give the module with --module MOD".to_string());
            None
        }
        Err(p) => {
            o.failed = true;
            o.stderr.extend(module::error_lines(&p));
            None
        }
    }
}

fn pieces(
    save_path: &Path,
    module: &ModuleArgs,
    options: ::vassal::Options,
    format: Format,
    limits: &Limits,
) -> anyhow::Result<Outcome> {
    let mut o = Outcome::default();
    let Some(module) = open_module(module, limits, &mut o) else {
        return Ok(o);
    };
    let save_name = save_path.to_string_lossy().into_owned();
    let save_bytes = read(save_path, Kind::Save, limits)?;
    let save = match ::vassal::Save::from_bytes(&save_bytes, &save_name) {
        Ok(s) => s,
        Err(e) => {
            errors(&mut o, &e);
            return Ok(o);
        }
    };
    let pieces = match ::vassal::read_pieces(&module, &save, &options) {
        Ok(p) => p,
        Err(e) => {
            errors(&mut o, &e);
            return Ok(o);
        }
    };
    o.stdout = match format {
        Format::Json => json(&pieces)?,
        Format::Text => pieces.text(),
    };
    for w in &pieces.warnings {
        o.stderr
            .push(format!("warning: {}", one_line(&w.to_string())));
    }
    Ok(o)
}

/// `--module MOD --profile PROFILE`: the files named are VASSAL saves, each made a state by the
/// profile (docs/vassal.md).
#[derive(Debug, Default, clap::Args)]
#[command(
    mut_arg("module", |a| a.requires("profile")),
    mut_arg("board_sizes", |a| a.requires("module"))
)]
pub struct SaveArgs {
    #[command(flatten)]
    pub module: ModuleArgs,
    /// Read each FILE as a saved game or log of --module, made a state by this profile: what
    /// the module's pieces mean for the game (docs/vassal.md)
    #[arg(long, value_name = "PROFILE", requires = "module")]
    pub profile: Option<PathBuf>,
    /// Replay each log to step N (0: the position it was saved from)
    #[arg(long, value_name = "N", requires = "module", value_parser = step, allow_negative_numbers = true)]
    pub step: Option<usize>,
    /// Read everything VASSAL hides from the other players too: masked, invisible and
    /// face-down pieces, every private window (your own save, or a referee's)
    #[arg(long, requires = "module")]
    pub reveal: bool,
    /// Read as the player of this side (VASSAL's player sides): its private windows and hands
    /// are read (repeatable)
    #[arg(long = "side", value_name = "NAME", requires = "module")]
    pub sides: Vec<String>,
}

impl SaveArgs {
    /// The files and options these flags name, as the front end reads saves through them.
    pub fn files(&self) -> SaveFiles {
        let mut files = SaveFiles::default();
        files.module.clone_from(&self.module.module);
        files.board_sizes.clone_from(&self.module.board_sizes);
        files.profile.clone_from(&self.profile);
        files.step = self.step;
        files.reveal = self.reveal;
        files.sides.clone_from(&self.sides);
        files
    }
}

/// The warnings of a save's reading as the text output shows them: `warning: ...`, one line
/// each.
pub fn warning_lines(warnings: &[Problem]) -> Vec<String> {
    warnings
        .iter()
        .map(|w| format!("warning: {}", problem::line(w)))
        .collect()
}

/// `victory vassal import`: the state a profile makes of a save, checked by its engine; written
/// with each file reference made relative to the output's folder.
pub fn import(
    args: &SaveArgs,
    save: &Path,
    output: Option<&Path>,
    limits: &Limits,
) -> anyhow::Result<Outcome> {
    let mut o = Outcome::default();
    let resolver = ConfiningResolver::unconfined(limits.input);
    let reader = match SaveReader::load(&args.files(), &mut o.sources, limits, &resolver) {
        Ok(Some(r)) => r,
        Ok(None) => anyhow::bail!("give the module (--module) and the profile (--profile)"),
        Err(p) => {
            o.problems(&p);
            return Ok(o);
        }
    };
    let mut warnings = Vec::new();
    let read = reader.import(save, limits, &resolver, &mut warnings);
    o.stderr.extend(warning_lines(&warnings));
    let mut import = match read {
        Ok(i) => i,
        Err(p) => {
            o.problems(&p);
            return Ok(o);
        }
    };
    if let Err(p) = &import.checked {
        o.problems(p);
    }
    match output {
        None => o.stdout = import.imported.text,
        Some(out) => {
            saves::rebase(&mut import.imported, args.profile.as_deref(), out);
            files::replace(out, import.imported.text.as_bytes())
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", shown(out)))?;
        }
    }
    Ok(o)
}

/// What `victory vassal profile` drafts from: a module, and a save of it.
pub struct Draft<'a> {
    /// The module (and its board sizes).
    pub module: &'a ModuleArgs,
    /// A save whose pieces the selections are proposed from.
    pub save: Option<&'a Path>,
    /// The game the profile is for, and its state's shape.
    pub game: Option<(&'static str, wargame_kit::shape::StateShape<'static>)>,
    /// How the save is read.
    pub options: ::vassal::Options,
}

/// `victory vassal profile MOD [--save SAVE]`: a profile to fill in.
pub fn draft(from: &Draft<'_>, output: Option<&Path>, limits: &Limits) -> anyhow::Result<Outcome> {
    let mut o = Outcome::default();
    let module = match from.module.open(limits) {
        Ok(Some(m)) => m.module,
        Ok(None) => anyhow::bail!("give the module: MOD, or --module MOD"),
        Err(p) => {
            o.problems(&p);
            return Ok(o);
        }
    };
    let text = match from.save {
        None => ::vassal::profile::draft(&module),
        Some(path) => {
            let (name, bytes) = victory_engine::input::read_named(path, limits.save, Kind::Save)
                .map_err(|p| {
                    anyhow::anyhow!(
                        "{}",
                        p.iter().map(problem::line).collect::<Vec<_>>().join("\n")
                    )
                })?;
            let read = ::vassal::Save::from_bytes(&bytes, &name)
                .and_then(|save| ::vassal::read_pieces(&module, &save, &from.options));
            match read {
                Ok(pieces) => {
                    let warnings: Vec<Problem> = pieces
                        .warnings
                        .iter()
                        .cloned()
                        .map(problem::from_engine)
                        .collect();
                    o.stderr.extend(warning_lines(&warnings));
                    let game = from.game.as_ref().map(|(g, shape)| (*g, shape));
                    ::vassal::profile::draft_from_save_for(&module, &pieces, game)
                }
                Err(e) => {
                    errors(&mut o, &e);
                    return Ok(o);
                }
            }
        }
    };
    match output {
        None => o.stdout = text,
        Some(out) => files::replace(out, text.as_bytes())
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", shown(out)))?,
    }
    Ok(o)
}
