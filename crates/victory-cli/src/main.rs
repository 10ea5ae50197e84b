//! `victory`: score, check and explain end-of-game states of board wargames.
//!
//! A state file is TOML whose `game` key picks the engine (`leyte`, `dai-senso`,
//! `axis-empires`). The engines do the work and own every output shape: `score` prints an
//! engine's readable report (its `Display`) or its serde report with `game` and `file` in front;
//! `check` prints the engines' diagnostics; `explain` prints the engine's explanation of a unit;
//! `schema` prints the schemars schema of a game's state format (or, with `--report`, of its
//! report); `render` writes the engines' SVG; `test` runs a folder of state files as a
//! regression suite, each against its own `[expect]` ([`suite`]). Each engine plugs in through
//! one trait ([`victory_engine::Engine`]), the engines known and what reads VASSAL saves
//! are [`victory_front`]'s; no command names a game.
//!
//! # Design
//! - `main` returns an [`ExitCode`]: 0 success, 1 bad input (after reporting every file), 2
//!   usage error (clap's, or a [`Usage`] error of a command). No input panics: files are read as bytes and every failure becomes a
//!   [`victory_engine::problem::Problem`], printed as `file:line:col: message`.
//! - Commands build their whole output first ([`Outcome`]) and print it at the end, so output is
//!   byte-identical from run to run and a closed pipe (`victory score x | head`) is not an error.
//! - References inside a state file are resolved relative to it ([`ConfiningResolver`]);
//!   `--confine DIR` refuses those outside DIR.
//! - `anyhow` is used only for I/O context; engine errors keep their own types to the end.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Parser, Subcommand, ValueEnum};

mod files;
mod map;
mod module;
mod outcome;
mod reading;
mod suite;
mod vassal;

use outcome::{Format, Outcome, Usage, json, problems_json};
use reading::Reading;
use victory_engine::{Cache, Crop, Head, Headed, Picture};
use victory_front::engines;
use victory_front::resolver::ConfiningResolver;

const EXAMPLES: &str = "\
Examples:
  victory score fixtures/leyte/objective-two-hexes-one-unit-traces.toml
  victory score --format json fixtures/leyte/*.toml
  victory check fixtures/leyte/*.toml
  victory explain fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml --unit US-1
  victory schema leyte > leyte.schema.json
  victory render fixtures/leyte/assault-scenario-end-position.toml -o assault.svg
  victory test fixtures/

Exit status: 0 success, 1 bad input (every file is still reported), 2 usage error.";

/// Score, check and explain end-of-game states of board wargames (Leyte, Axis Empires:
/// Dai Senso!).
#[derive(Debug, Parser)]
#[command(name = "victory", version, after_help = EXAMPLES, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The state files `score` and `check` read, what they write, and how they read.
#[derive(Debug, clap::Args)]
struct StateFiles {
    /// State files (TOML with a `game` key), or with --module and --profile, VASSAL saves;
    /// `-` reads one from standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    reading: Reading,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Score end-of-game states: victory level, points, and the evidence for every point.
    #[command(after_help = "\
Examples:
  victory score fixtures/leyte/objective-two-hexes-one-unit-traces.toml
  victory score --format json fixtures/leyte/ratio-*.toml > reports.json

Several files give one report each, in order: as text, separated by a blank line and headed
`==> FILE <==`; as JSON, an array (one file gives one object). A file that fails is reported on
stderr and the others are still scored; the exit status is then 1.")]
    Score(StateFiles),
    /// Validate state files: every problem, not just the first.
    #[command(after_help = "\
Examples:
  victory check fixtures/leyte/*.toml
  victory check --format json fixtures/leyte/invalid/*.toml

Text: `FILE: ok` on stdout for each good file; each problem on stderr with the line of the file
and a caret under the mistake (`--errors short`: one line, `file:line:col: message`). JSON: one array on stdout of every problem of every file, each
{file, line, column, span, key, label, kind, message, help} (`[]` when all are good).")]
    Check(StateFiles),
    /// Explain one Leyte unit's Line of Communications, hex by hex, or what cuts it.
    #[command(after_help = "\
A traced LOC is listed from the unit's hex to the beach hex, each hex marked `any terrain` or
`road/trail`; a cut one lists every blocked hex at the edge of what the unit can reach and why.

Examples:
  victory explain fixtures/leyte/objective-two-hexes-one-unit-traces.toml --unit US-2
  victory explain fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml --unit US-1")]
    Explain {
        /// A Leyte state file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The unit's id, as in the file's `[[units]]`.
        #[arg(long, value_name = "ID")]
        unit: String,
        #[command(flatten)]
        reading: Reading,
    },
    /// Print the JSON Schema of a game's state file format (for taplo / Even Better TOML).
    #[command(after_help = "\
Examples:
  victory schema leyte > leyte.schema.json
  victory schema dai-senso > dai-senso.schema.json
  victory schema leyte --report > leyte-report.schema.json

Then put `#:schema ./leyte.schema.json` on the first line of a state file, or add a [[rule]]
with `schema.path` to .taplo.toml.")]
    Schema {
        /// The game.
        #[arg(value_name = "GAME", value_parser = game_parser())]
        game: String,
        /// Print the schema of the game's report (`score --format json`) instead.
        #[arg(long)]
        report: bool,
    },
    /// List a game's rules options: the readings of ambiguous rules a table may choose.
    #[command(after_help = "\
Each option has a default (this project's reading, ruling in docs/rulings.md) and its
alternatives. Choose one in a state file's [rules] table, or for a run with
`--rule KEY=VALUE` (which wins over the file).

Examples:
  victory rules dai-senso
  victory score --rule bonus_vp_in_dai_senso=false fixtures/asia-engulfed/bonus-vp-dai-senso-added.toml")]
    Rules {
        /// The game.
        #[arg(value_name = "GAME", value_parser = game_parser())]
        game: String,
    },
    /// Draw a state as SVG, or as an interactive HTML report: a Leyte position and its LOCs, or
    /// the Dai Senso VP track.
    #[command(after_help = "\
Examples:
  victory render fixtures/leyte/assault-scenario-end-position.toml -o assault.svg
  victory render fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml -o track.svg
  victory render fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml -o - | rsvg-convert > cut.png
  victory render fixtures/leyte/assault-scenario-end-position.toml -o assault.html

Leyte: units as counters, Japanese ZOC hatched, each traced LOC drawn to its beach, each cut
unit marked with a symbol, the enemy units and ZOC that block it tagged, and when the road/trail
net cut it, what it reaches outlined with its walk to the nearest road hex; objectives held
(filled star) or not (hollow star), and the score in the caption. Dai Senso: the VP track as printed with both sides'
CSV ranges, the marker on its side and box, the Japanese Mandate and Hakko Ichiu markers, and the
CSV terms that placed it. The same file always gives the same bytes.

An OUT ending in .html (or --format html) is one self-contained page, opened in any browser
without a network: the picture with pan and zoom and layers to toggle, the report beside it;
clicking a unit picks out its LOC, or what cuts it, and its award.")]
    Render {
        /// A state file (TOML with a `game` key).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Where to write the picture (`-` for standard output).
        #[arg(short, long, value_name = "OUT.svg|OUT.html")]
        output: PathBuf,
        /// SVG or HTML; by default HTML when OUT ends in `.html` or `.htm`, else SVG.
        #[arg(long, value_enum, value_name = "FORMAT")]
        format: Option<PictureFormat>,
        /// Draw only the rectangle of the map between two corner hexes, as printed
        /// (`1113:1927`), or around what the picture is about (`focus`: for Leyte, the units
        /// cut off and what cuts them, else the units), with the legend below it: a close-up
        /// for a page or a post (SVG only).
        #[arg(long, value_name = "FROM:TO|focus", value_parser = parse_crop)]
        crop: Option<Crop>,
        #[command(flatten)]
        reading: Reading,
    },
    /// Run a folder of state files as a regression suite: each against its own `[expect]`.
    #[command(after_help = "\
Every `*.toml` file under the folders with a top-level `game` key (or a `[vassal]` table) is a
case, in name order; each is scored and its `[expect]` table compared with the report. One line
per file (ok, FAILED or no expectation), then each failure: the field, the expected and the
actual value, or the file's problems; at the end `N passed, N failed, N skipped`. Keys: `victory
schema GAME` and docs/suites.md.

Examples:
  victory test fixtures/
  victory test --rule ratio=round my-games/
  victory test --accept my-games/new-position.toml
  victory test --junit results.xml fixtures/

Exit status: 0 when none failed, 1 when any failed or nothing was checked (no case file, or
none with an [expect] table), 2 usage error.")]
    Test {
        #[command(flatten)]
        args: suite::TestArgs,
    },
    /// Check map files, and transcribe a map in the browser (docs/map-editor.md).
    Map {
        #[command(subcommand)]
        command: map::MapCommand,
    },
    /// Read VASSAL modules, saved games and logs (docs/vassal.md).
    Vassal {
        #[command(subcommand)]
        command: vassal::VassalCommand,
    },
}

/// The games, as clap lists and checks them.
fn game_parser() -> PossibleValuesParser {
    engines::games()
        .map(|g| PossibleValue::new(g.key).help(g.about))
        .collect::<Vec<_>>()
        .into()
}

/// `FROM:TO`, two hex labels as printed, or `focus` ([`Crop`]'s `FromStr`).
fn parse_crop(text: &str) -> Result<Crop, String> {
    text.parse()
}

/// What `render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PictureFormat {
    /// An SVG picture.
    Svg,
    /// A self-contained interactive HTML page.
    Html,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors to stderr with 2.
            return match e.print() {
                Err(err) if err.kind() != io::ErrorKind::BrokenPipe => ExitCode::from(1),
                _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
            };
        }
    };
    let outcome = match run(cli) {
        Ok(o) => o,
        Err(e) if e.downcast_ref::<Usage>().is_some() => {
            let mut err = io::stderr().lock();
            let _ = writeln!(err, "error: {e}\n\nFor more information, try '--help'.");
            return ExitCode::from(2);
        }
        Err(e) => Outcome {
            stderr: vec![format!("error: {e:#}")],
            failed: true,
            ..Outcome::default()
        },
    };
    let printed = print(&outcome);
    if outcome.failed || printed.is_err() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Print an outcome; a closed stdout (a pipe into `head`) is not an error.
fn print(outcome: &Outcome) -> io::Result<()> {
    let mut err = io::stderr().lock();
    for line in &outcome.stderr {
        let _ = writeln!(err, "{line}");
    }
    let mut out = io::stdout().lock();
    match out
        .write_all(outcome.stdout.as_bytes())
        .and_then(|()| out.flush())
    {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => {
            let _ = writeln!(err, "error: cannot write the output: {e}");
            Err(e)
        }
        Ok(()) => Ok(()),
    }
}

fn run(cli: Cli) -> anyhow::Result<Outcome> {
    Ok(match cli.command {
        Command::Score(s) => score(&s, &s.reading.resolver(&s.files)?)?,
        Command::Check(s) => check(&s, &s.reading.resolver(&s.files)?)?,
        Command::Explain {
            file,
            unit,
            reading,
        } => {
            let resolver = reading.resolver(&[])?;
            let mut o = Outcome::new(reading.errors);
            let (cache, rules) = (Cache::default(), reading.rules());
            let Some(opener) = reading.opener(&resolver, &mut o) else {
                return Ok(o);
            };
            match opener
                .open_warning(&file, &mut o)
                .and_then(|i| i.run(|i| engines::explain(i, &unit, &resolver, &cache, &rules)))
            {
                Ok(text) => o.stdout = text,
                Err(p) => o.problems(&p),
            }
            o
        }
        Command::Schema { game, report } => schema(&game, report)?,
        Command::Rules { game } => rules(&game)?,
        Command::Test { args } => suite::run(&args)?,
        Command::Vassal { command } => vassal::run(command)?,
        Command::Map { command } => map::run(command)?,
        Command::Render {
            file,
            output,
            format,
            crop,
            reading,
        } => render(&file, &output, format, crop, &reading)?,
    })
}

/// `victory render FILE -o OUT`: SVG, or the self-contained HTML page.
fn render(
    file: &std::path::Path,
    output: &std::path::Path,
    format: Option<PictureFormat>,
    crop: Option<Crop>,
    reading: &Reading,
) -> anyhow::Result<Outcome> {
    let extension = output
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase());
    if let Some(e) = extension.as_deref()
        && !["svg", "html", "htm"].contains(&e)
    {
        anyhow::bail!(
            "-o {}: `victory render` cannot write a .{} file; it writes SVG (.svg) or a self-contained HTML page (.html, .htm)",
            files::shown(output),
            files::one_line(e)
        );
    }
    let html = matches!(extension.as_deref(), Some("html" | "htm"));
    let picture = match format {
        Some(PictureFormat::Html) => Picture::Html,
        Some(PictureFormat::Svg) => Picture::Svg(crop.as_ref()),
        None if html => Picture::Html,
        None => Picture::Svg(crop.as_ref()),
    };
    if crop.is_some() && picture == Picture::Html {
        anyhow::bail!(
            "--crop draws part of a map as SVG; the HTML page pans and zooms the whole map"
        );
    }
    let resolver = reading.resolver(&[])?;
    let mut o = Outcome::new(reading.errors);
    let (cache, rules) = (Cache::default(), reading.rules());
    let Some(opener) = reading.opener(&resolver, &mut o) else {
        return Ok(o);
    };
    let svg = opener
        .open_warning(file, &mut o)
        .and_then(|i| i.run(|i| i.engine.render(i.state(&resolver, &cache, &rules), picture)));
    match svg {
        Ok(svg) if output.as_os_str() == "-" => o.stdout = svg,
        Ok(svg) => files::replace(output, svg.as_bytes())
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", files::shown(output)))?,
        Err(p) => o.problems(&p),
    }
    Ok(o)
}

fn score(s: &StateFiles, resolver: &ConfiningResolver) -> anyhow::Result<Outcome> {
    let (files, format, reading) = (&s.files, s.format, &s.reading);
    let mut o = Outcome::new(reading.errors);
    let mut scored = Vec::new();
    let (cache, rules) = (Cache::default(), reading.rules());
    let Some(opener) = reading.opener(resolver, &mut o) else {
        return Ok(o);
    };
    for path in files {
        let report = opener.open_warning(path, &mut o).and_then(|i| {
            Ok((
                i.run(|i| i.engine.score(i.state(resolver, &cache, &rules)))?,
                i,
            ))
        });
        match report {
            Ok(s) => scored.push(s),
            Err(p) => o.problems(&p),
        }
    }
    o.stdout = match format {
        Format::Json => {
            let origins: Vec<Option<serde_json::Value>> = scored
                .iter()
                .map(|(_, i)| {
                    let origins = i.vassal.as_ref();
                    origins.map(|v| victory_front::saves::origins_json(&i.name, v))
                })
                .collect();
            let objects: Vec<Headed<'_>> = scored
                .iter()
                .zip(&origins)
                .map(|((report, i), origins)| {
                    let head = Head {
                        game: i.game,
                        file: &i.name,
                        vassal: origins.as_ref(),
                    };
                    Headed::new(report.as_ref(), &head)
                })
                .collect();
            match (files.len(), objects.first()) {
                (1, Some(one)) => json(one)?,
                (1, None) => String::new(),
                _ => json(&objects)?,
            }
        }
        Format::Text => {
            let several = files.len() > 1;
            let texts: Vec<String> = scored
                .iter()
                .map(|(report, i)| {
                    let origins = i
                        .vassal
                        .as_ref()
                        .map(|v| victory_front::saves::origins_text(&i.name, v))
                        .unwrap_or_default();
                    if several {
                        format!("==> {} <==\n{report}{origins}", files::one_line(&i.name))
                    } else {
                        format!("{report}{origins}")
                    }
                })
                .collect();
            texts.join("\n")
        }
    };
    Ok(o)
}

/// `victory rules GAME`: every rules option, its values (the default first), the paragraph and
/// the ruling.
fn rules(game: &str) -> anyhow::Result<Outcome> {
    let Some((engine, game)) = engines::find(game) else {
        anyhow::bail!("unknown game `{game}` (known games: {})", engines::known());
    };
    let options = engine.rule_options();
    let mut out = String::new();
    if options.is_empty() {
        out.push_str(&format!(
            "`{game}` has no rules options yet: its readings of ambiguous rules are fixed (docs/rulings.md).\n"
        ));
    }
    for o in &options {
        let (default, others) = o
            .values
            .split_first()
            .map_or(("", &[][..]), |(d, r)| (*d, r));
        out.push_str(&format!(
            "{} = {default} (default; or {})\n    {} [{}; ruling {}]\n",
            o.key,
            others.join(", "),
            o.about,
            o.rule,
            o.ruling
        ));
        for alias in &o.aliases {
            out.push_str(&format!(
                "    also read under its older key `{alias}` (a file may use one of the two)\n"
            ));
        }
    }
    Ok(Outcome {
        stdout: out,
        ..Outcome::default()
    })
}

/// `victory schema GAME [--report]`.
fn schema(game: &str, report: bool) -> anyhow::Result<Outcome> {
    let Some((engine, game)) = engines::find(game) else {
        anyhow::bail!("unknown game `{game}` (known games: {})", engines::known());
    };
    let schema = if report {
        engine
            .report_schema()
            .ok_or_else(|| anyhow::anyhow!("`{game}` publishes no report schema"))?
    } else {
        engine.state_schema()
    };
    Ok(Outcome {
        stdout: json(&schema)?,
        ..Outcome::default()
    })
}

fn check(s: &StateFiles, resolver: &ConfiningResolver) -> anyhow::Result<Outcome> {
    let (files, format, reading) = (&s.files, s.format, &s.reading);
    let mut o = Outcome::new(reading.errors);
    let mut all = Vec::new();
    let (cache, rules) = (Cache::default(), reading.rules());
    let Some(opener) = reading.opener(resolver, &mut o) else {
        return Ok(o);
    };
    let mut warnings = Vec::new();
    for path in files {
        let mut warned = Vec::new();
        let opened = opener.open(path, &mut o.sources, &mut warned);
        if format == Format::Text {
            o.stderr.extend(vassal::warning_lines(&warned));
        }
        warnings.extend(warned);
        let problems = match opened {
            Err(p) => p,
            Ok(i) => {
                let mut problems = i
                    .run(|i| i.engine.check(i.state(resolver, &cache, &rules)))
                    .err()
                    .unwrap_or_default();
                // `[expect] json` pointers the report has no field for.
                problems.extend(victory_suite::check_pointers(&i));
                problems
            }
        };
        o.checked(format, &path.to_string_lossy(), problems, &mut all);
    }
    if format == Format::Json {
        o.stdout = problems_json(&all, &warnings)?;
    }
    Ok(o)
}
