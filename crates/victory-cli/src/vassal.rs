//! `victory vassal ...`: VASSAL modules, saved games and logs read by the `wargame-vassal`
//! crate. This module reads the files (bounded, regular files only) and prints; the crate
//! parses bytes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{Format, Outcome, json};
use crate::engines::{self, Engine};
use crate::files::{self, Kind, Limits, VassalLimits, one_line, shown};
use crate::input::{Input, Sources};
use crate::module::{self, ModuleArgs, file_problem};
use crate::problem::{self, Problem};

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
                Some(g) => match crate::engines::find(g) {
                    Some((engine, key)) => Some((key, engine.state_shape())),
                    None => {
                        return Err(anyhow::Error::from(crate::Usage(format!(
                            "--game: no game `{}` (the games: {})",
                            wargame_kit::terminal::one_line(g),
                            crate::engines::known()
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
        Format::Text => text(&pieces),
    };
    for w in &pieces.warnings {
        o.stderr
            .push(format!("warning: {}", one_line(&w.to_string())));
    }
    Ok(o)
}

/// Properties every piece has, shown in the text as the columns they duplicate.
const DERIVED: [&str; 9] = [
    "BasicName",
    "PieceName",
    "LocationName",
    "CurrentMap",
    "CurrentBoard",
    "CurrentZone",
    "CurrentX",
    "CurrentY",
    "DeckName",
];

/// The readable listing: a header, then the pieces map by map (in the order the maps first
/// hold a piece), one line each.
fn text(p: &::vassal::Pieces) -> String {
    let mut out = String::new();
    let masked = p.pieces.iter().filter(|x| x.masked).count();
    let invisible = if p.invisible > 0 {
        format!(", {} invisible not shown", p.invisible)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{}: {} pieces ({masked} masked{invisible}); {} commands read, {} skipped; log step {} of {}",
        one_line(&p.save),
        p.pieces.len(),
        p.commands.read,
        p.commands.skipped,
        p.step,
        p.steps
    );
    // The pieces by map, the maps in the order they first hold a piece.
    let mut maps: Vec<(Option<&str>, Vec<&::vassal::Piece>)> = Vec::new();
    let mut at: std::collections::HashMap<Option<&str>, usize> = std::collections::HashMap::new();
    for piece in &p.pieces {
        let m = piece.map.as_deref();
        let i = *at.entry(m).or_insert_with(|| {
            maps.push((m, Vec::new()));
            maps.len() - 1
        });
        maps[i].1.push(piece);
    }
    for (m, pieces) in maps {
        let _ = writeln!(out, "\nmap {}", m.map_or("(none)".into(), one_line));
        for piece in pieces {
            out.push_str(&piece_line(piece));
            out.push('\n');
        }
    }
    out
}

/// One piece of the listing: place, name, id, zone, deck, layers and properties, on one line.
fn piece_line(piece: &::vassal::Piece) -> String {
    let hidden = piece.hidden.map_or("masked", hidden_word);
    let name = match (&piece.name, piece.masked) {
        (Some(n), true) => format!("{} ({hidden})", one_line(n)),
        (Some(n), false) => one_line(n).into_owned(),
        (None, _) => hidden.to_string(),
    };
    let place = match (&piece.location, piece.x, piece.y) {
        (Some(l), Some(x), Some(y)) => format!("{:<10} ({x}, {y})", one_line(l)),
        _ => format!("{:<10} (withheld)", "withheld"),
    };
    // A face-down card's id, or a private window's piece's, is withheld (it would name the
    // piece): its deck and its place in the deck say which card it is.
    let mut line = match &piece.id {
        Some(id) => format!("  {place}  {name}  [id {}]", one_line(id)),
        None => format!("  {place}  {name}"),
    };
    if let Some(z) = piece
        .zone
        .as_deref()
        .filter(|z| !z.is_empty() && Some(*z) != piece.location.as_deref())
    {
        let _ = write!(line, " zone {}", one_line(z));
    }
    if let Some(d) = &piece.deck {
        let _ = write!(line, " deck {}", one_line(d));
        if let (Some(n), Some(of)) = (piece.deck_position, piece.deck_size) {
            let _ = write!(line, " (card {n} of {of} from the top)");
        }
    }
    if let Some(slot) = &piece.slot {
        let _ = write!(line, " {}", slot_words(slot));
    }
    if !piece.prototypes.is_empty() {
        let names: Vec<String> = piece
            .prototypes
            .iter()
            .map(|p| one_line(p).into_owned())
            .collect();
        let _ = write!(line, " prototypes {}", names.join(", "));
    }
    // Layers as `layer NAME=LEVEL` (the level's name after it), not their four properties.
    let layer_keys: Vec<String> = piece
        .layers
        .iter()
        .flat_map(|l| ["_Level", "_Active", "_Name", "_Image"].map(|s| format!("{}{s}", l.name)))
        .collect();
    for l in &piece.layers {
        let name = if l.name.is_empty() {
            "(unnamed)".into()
        } else {
            one_line(&l.name)
        };
        let _ = write!(line, " layer {name}={}", l.level);
        if !l.level_name.is_empty() {
            let _ = write!(line, " ({})", one_line(l.level_name.trim()));
        }
    }
    for (k, v) in piece
        .properties
        .iter()
        .filter(|(k, _)| !DERIVED.contains(&k.as_str()) && !layer_keys.contains(k))
    {
        let _ = write!(line, " {}={}", one_line(k), one_line(v));
    }
    line
}

/// The palette entry a piece was placed from, as the listing says it: `slot PATH`, how it was
/// found when not exactly.
fn slot_words(slot: &::vassal::Slot) -> String {
    match slot.found {
        ::vassal::Found::Ambiguous => {
            format!("slot ambiguous ({} entries fit)", slot.fitting)
        }
        ::vassal::Found::Approximate => format!(
            "slot {} (approximate: {} traits differ)",
            one_line(&slot.path),
            slot.differing_traits
        ),
        _ => format!("slot {}", one_line(&slot.path)),
    }
}

/// How a hidden piece is hidden, in a word.
fn hidden_word(h: ::vassal::Hidden) -> &'static str {
    match h {
        ::vassal::Hidden::Masked => "masked",
        ::vassal::Hidden::FaceDown => "face down",
        ::vassal::Hidden::PrivateWindow => "private window",
        ::vassal::Hidden::Invisible => "invisible",
        ::vassal::Hidden::OverLimit => "withheld (over the reader's limit)",
        _ => "hidden",
    }
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

/// A module and a profile, read once for every save of a run.
pub struct Game {
    module: ::vassal::Module,
    profile: ::vassal::profile::Profile,
    options: ::vassal::Options,
    engine: &'static dyn Engine,
    game: &'static str,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// The problems of reading `path` as a state file, when it is a VASSAL saved game or log read
/// without `--module` (a zip archive, VASSAL's obfuscated text, or a `.vsav` or `.vlog` that is
/// not a state): one problem naming the flags that read it. Any other file's problems as they
/// are.
pub fn save_without_module(path: &Path, problems: Vec<Problem>) -> Vec<Problem> {
    let unreadable = problems
        .iter()
        .any(|p| p.kind == "encoding" || p.kind == "toml");
    let Some(first) = problems.first().filter(|_| unreadable) else {
        return problems;
    };
    let Some(what) = save_kind(path) else {
        return problems;
    };
    vec![
        file_problem(
            &first.kind,
            path,
            format!("not a TOML state file: it is a VASSAL saved game or log ({what})"),
        )
        .help(
            "read it with --module MOD --profile PROFILE: MOD the game's .vmod (or its buildFile.xml with --board-sizes FILE), PROFILE what its pieces mean for the game (`victory vassal profile MOD --save SAVE` drafts one; docs/vassal.md)",
        ),
    ]
}

/// Why `path` looks like a VASSAL saved game or log, by its first bytes or its name; `None`
/// when it does not (or is standard input).
fn save_kind(path: &Path) -> Option<&'static str> {
    use std::io::Read as _;
    if path.as_os_str() == "-" {
        return None;
    }
    let mut head = Vec::new();
    let _ = std::fs::File::open(path).and_then(|f| f.take(8).read_to_end(&mut head));
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if ::vassal::internal::archive::is_zip(&head) {
        Some("a zip archive, as VASSAL writes them")
    } else if head.starts_with(::vassal::internal::obfuscation::HEADER) {
        Some("VASSAL's obfuscated text")
    } else if matches!(extension.as_deref(), Some("vsav" | "vlog")) {
        Some("by its name")
    } else {
        None
    }
}

/// A file of `kind` within its limit, or the problem reading it.
fn read_problem(path: &Path, kind: Kind, limits: &Limits) -> Result<Vec<u8>, Vec<Problem>> {
    files::read(path, kind, limits)
        .map_err(|e| vec![file_problem("io", path, format!("cannot read it: {e}"))])
}

impl SaveArgs {
    /// The module and profile, when given; the profile's text is kept in `sources` so its
    /// problems are shown on its lines.
    pub fn load(
        &self,
        sources: &mut Sources,
        limits: &Limits,
        resolver: &dyn wargame_kit::resolve::Resolver,
    ) -> Result<Option<Game>, Vec<Problem>> {
        let Some(profile_path) = &self.profile else {
            return Ok(None);
        };
        let Some(module) = self.module.open(limits)? else {
            return Ok(None);
        };
        let module = module.module;
        let profile_name = profile_path.to_string_lossy().into_owned();
        // A profile is a small text: the state files' limit, not the modules'.
        let bytes = read_problem(profile_path, Kind::Input, limits)?;
        let text = String::from_utf8(bytes).map_err(|_| {
            vec![file_problem(
                "io",
                profile_path,
                "not UTF-8 text".to_string(),
            )]
        })?;
        sources.insert(profile_name.clone(), text.clone());
        let problems = |e: ::vassal::Error| {
            e.into_diagnostics()
                .into_iter()
                .map(problem::from_engine)
                .collect::<Vec<_>>()
        };
        // Its tables (files beside it) read as any reference of a file is: under --confine.
        let profile = ::vassal::profile::Profile::from_toml_str(&text, Some(&profile_name))
            .and_then(|p| p.with_tables(resolver))
            .map_err(problems)?;
        let Some((engine, game)) = engines::find(profile.game()) else {
            let d = wargame_kit::Diagnostic::new(
                "game".to_string(),
                format!(
                    "unknown game `{}` (known games: {})",
                    one_line(profile.game()),
                    engines::known()
                ),
            )
            .key("game");
            return Err(vec![
                wargame_kit::Source::new(Some(&profile_name), &text).at(d, None),
            ]);
        };
        let options = ::vassal::Options::default()
            .step(self.step)
            .reveal(self.reveal)
            .sides(self.sides.iter().cloned());
        Ok(Some(Game {
            module,
            profile,
            options,
            engine,
            game,
        }))
    }
}

/// A save (`-`: standard input) made a state by the game's profile, as the commands take a
/// state file; the warnings of reading the module and the save go to `warnings`, whether the
/// save makes a state or not.
pub fn input(
    game: &Game,
    path: &Path,
    limits: &Limits,
    warnings: &mut Vec<Problem>,
) -> Result<Input, Vec<Problem>> {
    let (name, bytes) = crate::input::read_named(path, limits.save, Kind::Save)?;
    let save = ::vassal::Save::from_bytes(&bytes, &name).map_err(|e| {
        e.into_diagnostics()
            .into_iter()
            .map(problem::from_engine)
            .collect::<Vec<_>>()
    })?;
    // The engine's shape, plain data: the VASSAL crate knows no engine, the engine no VASSAL.
    let shape = game.engine.state_shape();
    let imported = game
        .profile
        .import(&game.module, &save, &game.options, &shape)
        .map_err(|e| {
            e.into_diagnostics()
                .into_iter()
                .map(import_problem)
                .collect()
        });
    match imported {
        Ok(imported) => {
            warnings.extend(imported.warnings.iter().cloned().map(problem::from_engine));
            Ok(Input::from_vassal(name, game.game, game.engine, imported))
        }
        Err(problems) => {
            // The save's own warnings say why a profile may have found nothing.
            if let Ok(pieces) = ::vassal::read_pieces(&game.module, &save, &game.options) {
                warnings.extend(pieces.warnings.into_iter().map(problem::from_engine));
            }
            Err(problems)
        }
    }
}

/// A problem of a profile's import, its kind `vassal/KIND`: found by the VASSAL reader, not
/// by the engine that reads the state it makes.
fn import_problem(d: wargame_kit::Diagnostic<::vassal::ErrorKind>) -> Problem {
    let mut p = problem::from_engine(d);
    p.kind = format!("vassal/{}", p.kind);
    p
}

/// The warnings of a save's reading as the text output shows them: `warning: ...`, one line
/// each.
pub fn warning_lines(warnings: &[Problem]) -> Vec<String> {
    warnings
        .iter()
        .map(|w| format!("warning: {}", problem::line(w)))
        .collect()
}

/// How many pieces each entry of the profile took, as JSON (`vassal.entries`).
fn entries_json(imported: &::vassal::profile::Imported) -> serde_json::Value {
    imported
        .taken
        .iter()
        .map(|(entry, n)| serde_json::json!({ "entry": entry, "pieces": n }))
        .collect()
}

/// Where each value of a save's state came from, as JSON (`vassal` in `score --format json`):
/// with how many pieces each entry of the profile took and the warnings of the reading.
pub fn origins_json(save: &str, imported: &::vassal::profile::Imported) -> serde_json::Value {
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    serde_json::json!({
        "save": save,
        "profile": imported.profile,
        "step": imported.step.0,
        "steps": imported.step.1,
        "entries": entries_json(imported),
        "origins": imported.origins,
        "warnings": warnings,
    })
}

/// Where each value of a save's state came from, as text after the report.
pub fn origins_text(save: &str, imported: &::vassal::profile::Imported) -> String {
    let mut out = format!(
        "\nVASSAL pieces ({}, log step {} of {}; profile {}):\n",
        one_line(save),
        imported.step.0,
        imported.step.1,
        one_line(imported.profile.as_deref().unwrap_or("-"))
    );
    let taken: Vec<String> = imported
        .taken
        .iter()
        .map(|(entry, n)| format!("{} {n}", one_line(entry)))
        .collect();
    if !taken.is_empty() {
        let _ = writeln!(out, "  pieces taken by each entry: {}", taken.join(", "));
    }
    let width = imported
        .origins
        .iter()
        .map(|o| one_line(&o.key).len())
        .max()
        .unwrap_or(0);
    for o in &imported.origins {
        let entry = o
            .entry
            .as_deref()
            .map(|e| format!(" {}", one_line(e)))
            .unwrap_or_default();
        let from = o.piece.as_ref().map_or_else(
            || "counted".to_string(),
            |p| one_line(&p.to_string()).into_owned(),
        );
        let _ = writeln!(
            out,
            "  {:<width$}{entry}  <-  {from}  ({})",
            one_line(&o.key),
            one_line(&o.profile_key)
        );
    }
    out
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
    let resolver = crate::resolver::CliResolver::unconfined(limits.input);
    let game = match args.load(&mut o.sources, limits, &resolver) {
        Ok(Some(g)) => g,
        Ok(None) => anyhow::bail!("give the module (--module) and the profile (--profile)"),
        Err(p) => {
            o.problems(&p);
            return Ok(o);
        }
    };
    let mut warnings = Vec::new();
    let read = input(&game, save, limits, &mut warnings);
    o.stderr.extend(warning_lines(&warnings));
    let input = match read {
        Ok(i) => i,
        Err(p) => {
            o.problems(&p);
            return Ok(o);
        }
    };
    let cache = engines::Cache::default();
    if let Err(p) = input.run(|i| i.engine.check(i.state(&resolver, &cache))) {
        o.problems(&p);
    }
    let mut imported = input
        .vassal
        .clone()
        .map(|b| *b)
        .ok_or_else(|| anyhow::anyhow!("not a save"))?;
    match output {
        None => o.stdout = imported.text,
        Some(out) => {
            let profile_dir = args
                .profile
                .as_deref()
                .and_then(Path::parent)
                .unwrap_or(Path::new(""));
            let out_dir = out.parent().unwrap_or(Path::new(""));
            imported.rebase_references(|r| relative_reference(profile_dir, out_dir, r));
            files::replace(out, imported.text.as_bytes())
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", shown(out)))?;
        }
    }
    Ok(o)
}

/// A reference written relative to `from` made relative to `to` (absolute ones stay).
fn relative_reference(from: &Path, to: &Path, reference: &str) -> String {
    let r = Path::new(reference);
    if r.is_absolute() {
        return reference.to_string();
    }
    let target = absolute(&from.join(r));
    let base = absolute(to);
    let t: Vec<_> = target.components().collect();
    let b: Vec<_> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c);
    }
    out.to_string_lossy().replace('\\', "/")
}

/// A path made absolute and `..`-free without touching the file system.
fn absolute(p: &Path) -> PathBuf {
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(p)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
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
            let (name, bytes) =
                crate::input::read_named(path, limits.save, Kind::Save).map_err(|p| {
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

/// How `victory test` opens a VASSAL case file: the save, module and profile its `[vassal]`
/// table names ([`victory_suite::VassalCase`]), read under the run's limits and `--confine`,
/// the save made a state by the profile's import. The one place that reads them.
pub struct Cases<'a> {
    /// How the files are read, and where (`--confine`).
    pub resolver: &'a crate::resolver::CliResolver,
    /// The most bytes read from a file of each kind.
    pub limits: Limits,
}

impl victory_suite::VassalCases for Cases<'_> {
    fn open(&self, name: &str, case: &victory_suite::VassalCase) -> victory_suite::Opened {
        let mut warnings = Vec::new();
        let state = self.state(name, case, &mut warnings);
        victory_suite::Opened { state, warnings }
    }
}

impl Cases<'_> {
    /// The case's state; the warnings of reading its save and module go to `warnings`.
    fn state(
        &self,
        name: &str,
        case: &victory_suite::VassalCase,
        warnings: &mut Vec<Problem>,
    ) -> Result<Input, Vec<Problem>> {
        let vassal = |message: &str| vec![problem::in_file("vassal", name, message)];
        // Under `--confine`, every path the table names is inside the folder, or the case fails
        // before any file is opened.
        let outside: Vec<Problem> = case
            .paths()
            .into_iter()
            .filter_map(|(key, path)| {
                let why = self.resolver.may_read(path?).err()?;
                Some(problem::in_file(
                    "vassal",
                    name,
                    format!("[vassal] `{key}`: {why}"),
                ))
            })
            .collect();
        if !outside.is_empty() {
            return Err(outside);
        }
        let args = SaveArgs {
            module: ModuleArgs {
                module: case.module.clone(),
                board_sizes: case.board_sizes.clone(),
            },
            profile: case.profile.clone(),
            step: case.step,
            reveal: case.reveal,
            sides: case.sides.clone(),
        };
        let game = args
            .load(&mut Sources::new(), &self.limits, self.resolver)?
            .ok_or_else(|| vassal("[vassal] needs `module` and `profile`"))?;
        let save = case
            .save
            .as_deref()
            .ok_or_else(|| vassal("[vassal] needs `save`"))?;
        input(&game, save, &self.limits, warnings)
    }
}
