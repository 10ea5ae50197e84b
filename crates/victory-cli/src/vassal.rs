//! `victory vassal ...`: VASSAL modules, saved games and logs read by the `wargame-vassal`
//! crate. This module reads the files (bounded, regular files only) and prints; the crate
//! parses bytes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use wargame_kit::terminal::escape;

use super::{Format, Outcome, json};

/// The most bytes read from a module, a save or a sizes file (modules carry their images).
const MAX_INPUT_BYTES: u64 = 512 * 1024 * 1024;

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

A log replays to its last step, or to --step N (0: the position it was saved from). Masked and
hidden pieces show only their place unless --reveal. See docs/vassal.md.")]
    Pieces {
        /// The saved game or log (.vsav, .vlog, .sav, .log).
        #[arg(value_name = "SAVE")]
        save: PathBuf,
        /// The module: a .vmod, or its extracted buildFile.xml / buildFile.
        #[arg(long, value_name = "MOD")]
        module: PathBuf,
        /// Board image sizes for a buildFile read without its images: a JSON object from image
        /// name to [width, height] in pixels.
        #[arg(long, value_name = "FILE")]
        board_sizes: Option<PathBuf>,
        /// Replay the log to step N (0: the position it was saved from).
        #[arg(long, value_name = "N")]
        step: Option<usize>,
        /// Show masked and hidden pieces' names and properties (your own save).
        #[arg(long)]
        reveal: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the JSON Schema of `victory vassal pieces --format json`.
    Schema,
}

/// Run a `victory vassal` command.
pub fn run(command: VassalCommand) -> anyhow::Result<Outcome> {
    match command {
        VassalCommand::Schema => Ok(Outcome {
            stdout: json(&::vassal::pieces_schema())?,
            ..Outcome::default()
        }),
        VassalCommand::Pieces {
            save,
            module,
            board_sizes,
            step,
            reveal,
            format,
        } => pieces(&save, &module, board_sizes.as_deref(), step, reveal, format),
    }
}

fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    wargame_kit::resolve::read_bytes(path, MAX_INPUT_BYTES)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))
}

fn sizes(path: &Path) -> anyhow::Result<::vassal::BoardSizes> {
    let bytes = read(path)?;
    let value: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: not JSON: {e}", path.display()))?;
    let object = value.as_object().ok_or_else(|| {
        anyhow::anyhow!(
            "{}: not a JSON object of image name to [width, height]",
            path.display()
        )
    })?;
    let mut out = ::vassal::BoardSizes::new();
    for (name, size) in object {
        let pair = size.as_array().filter(|a| a.len() == 2);
        let dims = pair.and_then(|a| {
            let w = u32::try_from(a[0].as_u64()?).ok()?;
            let h = u32::try_from(a[1].as_u64()?).ok()?;
            Some((w, h))
        });
        let Some(dims) = dims else {
            anyhow::bail!(
                "{}: `{}` is not [width, height] in whole pixels",
                path.display(),
                escape(name)
            );
        };
        out.insert(name.clone(), dims);
    }
    Ok(out)
}

fn errors(o: &mut Outcome, e: &::vassal::Error) {
    o.failed = true;
    for d in e.diagnostics() {
        o.stderr.push(format!("error: {d}"));
    }
}

fn pieces(
    save_path: &Path,
    module_path: &Path,
    board_sizes: Option<&Path>,
    step: Option<usize>,
    reveal: bool,
    format: Format,
) -> anyhow::Result<Outcome> {
    let sizes = match board_sizes {
        Some(p) => sizes(p)?,
        None => ::vassal::BoardSizes::new(),
    };
    let module_name = module_path.to_string_lossy().into_owned();
    let save_name = save_path.to_string_lossy().into_owned();
    let module_bytes = read(module_path)?;
    let save_bytes = read(save_path)?;
    let mut o = Outcome::default();
    let module = if ::vassal::archive::is_zip(&module_bytes) {
        ::vassal::Module::from_vmod(&module_bytes, &module_name, &sizes)
    } else {
        match std::str::from_utf8(&module_bytes) {
            Ok(text) => ::vassal::Module::from_build_file(text, &module_name, &sizes),
            Err(_) => {
                anyhow::bail!("{module_name}: neither a .vmod (zip) nor a buildFile (UTF-8 XML)")
            }
        }
    };
    let module = match module {
        Ok(m) => m,
        Err(e) => {
            errors(&mut o, &e);
            return Ok(o);
        }
    };
    let save = match ::vassal::Save::from_bytes(&save_bytes, &save_name) {
        Ok(s) => s,
        Err(e) => {
            errors(&mut o, &e);
            return Ok(o);
        }
    };
    let options = ::vassal::Options::default().step(step).reveal(reveal);
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
        o.stderr.push(format!("warning: {w}"));
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
    let _ = writeln!(
        out,
        "{}: {} pieces ({masked} masked); {} commands read, {} skipped; log step {} of {}",
        escape(&p.save),
        p.pieces.len(),
        p.commands.read,
        p.commands.skipped,
        p.step,
        p.steps
    );
    let mut maps: Vec<Option<&str>> = Vec::new();
    for piece in &p.pieces {
        let m = piece.map.as_deref();
        if !maps.contains(&m) {
            maps.push(m);
        }
    }
    for m in maps {
        let _ = writeln!(out, "\nmap {}", m.map_or("(none)".into(), escape));
        for piece in p.pieces.iter().filter(|x| x.map.as_deref() == m) {
            let name = match (&piece.name, piece.masked) {
                (Some(n), true) => format!("{} (masked)", escape(n)),
                (Some(n), false) => escape(n).into_owned(),
                (None, _) => "masked".to_string(),
            };
            let mut line = format!(
                "  {:<10} ({}, {})  {}  [id {}]",
                escape(&piece.location),
                piece.x,
                piece.y,
                name,
                escape(&piece.id)
            );
            if let Some(z) = piece
                .zone
                .as_deref()
                .filter(|z| !z.is_empty() && *z != piece.location)
            {
                let _ = write!(line, " zone {}", escape(z));
            }
            if let Some(d) = &piece.deck {
                let _ = write!(line, " deck {}", escape(d));
            }
            // Layers as `layer NAME=LEVEL` (the level's name after it), not their four properties.
            let layer_keys: Vec<String> = piece
                .layers
                .iter()
                .flat_map(|l| {
                    ["_Level", "_Active", "_Name", "_Image"].map(|s| format!("{}{s}", l.name))
                })
                .collect();
            for l in &piece.layers {
                let name = if l.name.is_empty() {
                    "(unnamed)".into()
                } else {
                    escape(&l.name)
                };
                let _ = write!(line, " layer {name}={}", l.level);
                if !l.level_name.is_empty() {
                    let _ = write!(line, " ({})", escape(l.level_name.trim()));
                }
            }
            for (k, v) in piece
                .properties
                .iter()
                .filter(|(k, _)| !DERIVED.contains(&k.as_str()) && !layer_keys.contains(k))
            {
                let _ = write!(line, " {}={}", escape(k), escape(v));
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}
