//! What a command prints, and whether any input was bad ([`Outcome`]): built whole, printed at
//! the end; the output formats, JSON written terminal-safe, and the usage errors of commands.

use victory_engine::input;
use victory_engine::problem::{self, ErrorStyle, Problem, ProblemJson};

use crate::files;

/// A usage error found by a command (not by clap): printed like clap's, exit status 2.
#[derive(Debug)]
pub(crate) struct Usage(pub(crate) String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// The output format of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Readable text.
    Text,
    /// JSON (see docs/json.md).
    Json,
}

/// What a command prints, and whether any input was bad.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    pub(crate) stdout: String,
    pub(crate) stderr: Vec<String>,
    pub(crate) failed: bool,
    /// The texts of the files named on the command line, for showing problems in them.
    pub(crate) sources: input::Sources,
    /// How problems are shown.
    pub(crate) style: ErrorStyle,
}

impl Outcome {
    /// An outcome whose problems are shown in `style`.
    pub(crate) fn new(style: ErrorStyle) -> Outcome {
        Outcome {
            style,
            ..Outcome::default()
        }
    }

    pub(crate) fn problems(&mut self, problems: &[Problem]) {
        self.failed = true;
        for p in problems {
            let shown = self.show(p);
            self.stderr.push(shown);
        }
    }

    /// One file of a `check` (of states or of maps): `NAME: ok` on stdout in text when it has
    /// no problem; else the run fails, its problems shown on stderr in text and kept in `all`
    /// for the JSON ([`problems_json`]).
    pub(crate) fn checked(
        &mut self,
        format: Format,
        name: &str,
        problems: Vec<Problem>,
        all: &mut Vec<Problem>,
    ) {
        if problems.is_empty() {
            if format == Format::Text {
                self.stdout
                    .push_str(&format!("{}: ok\n", files::one_line(name)));
            }
            return;
        }
        if format == Format::Text {
            self.problems(&problems);
        } else {
            self.failed = true;
        }
        all.extend(problems);
    }

    /// One problem as `style` shows it: rendered with its line when it is in a file named on
    /// the command line (never a file it refers to, whose content is not quoted).
    pub(crate) fn show(&self, p: &Problem) -> String {
        let text = p.file.as_ref().and_then(|f| self.sources.get(f));
        match (self.style, text) {
            // A blank line after each, as rustc leaves.
            (ErrorStyle::Rendered, Some(text)) if p.span.is_some() => {
                format!("{}\n", problem::render(p, text))
            }
            _ => problem::line(p),
        }
    }
}

/// Pretty JSON with a final newline.
pub(crate) fn json<T: serde::Serialize + ?Sized>(value: &T) -> anyhow::Result<String> {
    Ok(json_text(serde_json::to_string_pretty(value)?))
}

/// Pretty JSON text with a final newline, terminal-safe
/// ([`wargame_kit::terminal::json_safe`]).
pub(crate) fn json_text(mut s: String) -> String {
    s.push('\n');
    wargame_kit::terminal::json_safe(s)
}

/// `check --format json`: every problem of every file, one array (`[]` when all are good), and
/// the warnings of reading VASSAL saves (`"severity": "warning"`).
pub(crate) fn problems_json(all: &[Problem], warnings: &[Problem]) -> anyhow::Result<String> {
    let flat: Vec<ProblemJson> = all
        .iter()
        .map(ProblemJson::from)
        .chain(warnings.iter().map(ProblemJson::warning))
        .collect();
    json(&flat)
}
