//! What `victory test` prints: the readable text, the JSON (`--format json`, docs/json.md) and
//! JUnit XML (`--junit FILE`). The same results give the same bytes.

use std::fmt::Write;

use serde::Serialize;

use crate::case::{CaseResult, Verdict};
pub use crate::compare::Change;
use crate::value::show;
use victory_engine::problem::ProblemJson;
use wargame_kit::terminal::one_line;

/// The version of the JSON's shape (docs/json.md).
pub const SCHEMA_VERSION: u32 = 1;

/// How many files passed, failed and were skipped, and how many were accepted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Every expectation held (or was accepted).
    pub passed: usize,
    /// An expectation did not hold, or the file could not be read or scored.
    pub failed: usize,
    /// No expectation.
    pub skipped: usize,
    /// Files whose `[expect]` `--accept` wrote.
    pub accepted: usize,
}

impl Counts {
    /// The counts of these results.
    pub fn of(results: &[Outcome]) -> Counts {
        let mut c = Counts::default();
        for r in results {
            match r.result.verdict {
                Verdict::Passed => c.passed += 1,
                Verdict::Failed => c.failed += 1,
                Verdict::Skipped => c.skipped += 1,
            }
            c.accepted += usize::from(r.accepted);
        }
        c
    }
}

/// One file's result, and whether `--accept` wrote it (its verdict is then `Passed`).
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The result.
    pub result: CaseResult,
    /// Whether its `[expect]` was written.
    pub accepted: bool,
    /// Why `--accept` did not write it, when it was asked to and could not.
    pub not_accepted: Option<String>,
}

/// Why a run that checked nothing fails, when it did: it found no case file, or none of them
/// has an `[expect]` table (a typo in the folder, or a suite whose files all lack `[expect]`,
/// would pass forever).
pub fn nothing_checked(outcomes: &[Outcome]) -> Option<String> {
    let counts = Counts::of(outcomes);
    if counts.passed > 0 || counts.failed > 0 {
        return None;
    }
    Some(if outcomes.is_empty() {
        "nothing was checked: no case files found (a `*.toml` file with a top-level `game` key or a `[vassal]` table)".to_string()
    } else {
        format!(
            "nothing was checked: none of the {} case files has an [expect] table (write them with --accept, then check each value)",
            outcomes.len()
        )
    })
}

/// The readable text: a line per file, then each failure in full, then the counts.
pub fn text(outcomes: &[Outcome]) -> String {
    let mut out = String::new();
    for o in outcomes {
        let status = match (o.result.verdict, o.accepted) {
            (_, true) => "accepted",
            (Verdict::Passed, false) => "ok",
            (Verdict::Failed, false) => "FAILED",
            (Verdict::Skipped, false) => "no expectation",
        };
        let _ = writeln!(out, "{}: {status}", one_line(&o.result.name));
    }
    for o in outcomes
        .iter()
        .filter(|o| o.result.verdict == Verdict::Failed)
    {
        let _ = writeln!(out, "\nFAILED {}", one_line(&o.result.name));
        out.push_str(&failure(o));
    }
    // What --accept wrote, field by field, to be reviewed before it is committed.
    for o in outcomes.iter().filter(|o| o.accepted) {
        let _ = writeln!(out, "\nACCEPTED {}", one_line(&o.result.name));
        out.push_str(&written(&o.result.written));
    }
    // A VASSAL case's reading warnings, passed or not: what may make a verdict only look right.
    for o in outcomes.iter().filter(|o| !o.result.warnings.is_empty()) {
        let _ = writeln!(out, "\nWARNINGS {}", one_line(&o.result.name));
        out.push_str(&warnings(o));
    }
    let c = Counts::of(outcomes);
    if c.accepted > 0 {
        let _ = writeln!(out, "\n{} accepted ([expect] written)", c.accepted);
    }
    let _ = writeln!(
        out,
        "\n{} passed, {} failed, {} skipped",
        c.passed, c.failed, c.skipped
    );
    wargame_kit::terminal::escape(&out).into_owned()
}

/// The fields `--accept` wrote, as a diff of the `[expect]` lines: `-key = OLD` for the value
/// it had, `+key = NEW` for the value written (a key removed, whose field the report no longer
/// has, only the first; a key added only the second).
fn written(changes: &[Change]) -> String {
    let mut out = String::new();
    for c in changes {
        let field = one_line(&c.field);
        if let Some(old) = &c.old {
            let _ = writeln!(out, "  -{field} = {}", show(old));
        }
        if let Some(new) = &c.new {
            let _ = writeln!(out, "  +{field} = {}", show(new));
        }
    }
    out
}

/// A case's warnings, each on a line, indented.
fn warnings(o: &Outcome) -> String {
    o.result
        .warnings
        .iter()
        .map(|w| format!("  warning: {}\n", victory_engine::problem::line(w)))
        .collect()
}

/// A failed file's differences and problems, each line indented.
fn failure(o: &Outcome) -> String {
    let mut out = String::new();
    for d in &o.result.differences {
        let none = if o.result.refused {
            "no value (the file was refused)"
        } else {
            "no value (the report has no such field)"
        };
        let actual = d.actual.as_ref().map_or_else(|| none.to_string(), show);
        let _ = writeln!(
            out,
            "  {}: expected {}, actual {actual}",
            one_line(&d.field),
            show(&d.expected)
        );
    }
    if !o.result.shown.is_empty() {
        let _ = writeln!(out, "  problems:");
        for p in &o.result.shown {
            for line in p.trim_end().lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
    }
    if let Some(why) = &o.not_accepted {
        let _ = writeln!(out, "  not accepted: {}", one_line(why));
    }
    out
}

/// `victory test --format json`: one object (docs/json.md).
#[derive(Serialize)]
struct Json<'a> {
    schema_version: u32,
    passed: usize,
    failed: usize,
    skipped: usize,
    accepted: usize,
    files: Vec<FileJson<'a>>,
}

/// One file in the JSON.
#[derive(Serialize)]
struct FileJson<'a> {
    file: &'a str,
    game: Option<&'a str>,
    result: &'static str,
    accepted: bool,
    differences: Vec<DifferenceJson<'a>>,
    problems: Vec<ProblemJson<'a>>,
    warnings: Vec<ProblemJson<'a>>,
    not_accepted: Option<&'a str>,
    written: Vec<ChangeJson<'a>>,
}

/// One field `--accept` wrote, in the JSON: its value before and after (`null`: not pinned
/// before, or removed).
#[derive(Serialize)]
struct ChangeJson<'a> {
    field: &'a str,
    old: Option<&'a toml::Value>,
    new: Option<&'a toml::Value>,
}

/// One difference in the JSON: the values as JSON (`"none"` stays a string).
#[derive(Serialize)]
struct DifferenceJson<'a> {
    field: &'a str,
    expected: &'a toml::Value,
    actual: Option<&'a toml::Value>,
}

/// The JSON of the results.
pub fn json(outcomes: &[Outcome]) -> serde_json::Result<String> {
    let c = Counts::of(outcomes);
    let files = outcomes
        .iter()
        .map(|o| FileJson {
            file: &o.result.name,
            game: o.result.game,
            result: match o.result.verdict {
                Verdict::Passed => "passed",
                Verdict::Failed => "failed",
                Verdict::Skipped => "skipped",
            },
            accepted: o.accepted,
            differences: o
                .result
                .differences
                .iter()
                .map(|d| DifferenceJson {
                    field: &d.field,
                    expected: &d.expected,
                    actual: d.actual.as_ref(),
                })
                .collect(),
            problems: o.result.problems.iter().map(ProblemJson::from).collect(),
            warnings: o.result.warnings.iter().map(ProblemJson::warning).collect(),
            not_accepted: o.not_accepted.as_deref(),
            written: o
                .result
                .written
                .iter()
                .map(|c| ChangeJson {
                    field: &c.field,
                    old: c.old.as_ref(),
                    new: c.new.as_ref(),
                })
                .collect(),
        })
        .collect();
    let json = Json {
        schema_version: SCHEMA_VERSION,
        passed: c.passed,
        failed: c.failed,
        skipped: c.skipped,
        accepted: c.accepted,
        files,
    };
    serde_json::to_string_pretty(&json)
}

/// JUnit XML: one `<testsuite>`, one `<testcase classname=GAME name=FILE>` per file, a
/// `<failure>` with the differences and problems, a `<skipped>` for no expectation.
pub fn junit(outcomes: &[Outcome]) -> String {
    let c = Counts::of(outcomes);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuite name=\"victory test\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">",
        outcomes.len(),
        c.failed,
        c.skipped
    );
    for o in outcomes {
        let r = &o.result;
        let _ = write!(
            out,
            "  <testcase classname=\"{}\" name=\"{}\"",
            xml(r.game.unwrap_or("unknown")),
            xml(&one_line(&r.name))
        );
        match r.verdict {
            Verdict::Passed if r.warnings.is_empty() => out.push_str("/>\n"),
            Verdict::Passed => out.push_str(">\n"),
            Verdict::Skipped => out.push_str(">\n    <skipped message=\"no expectation\"/>\n"),
            Verdict::Failed => {
                let details = failure(o);
                let first = details.lines().next().unwrap_or("").trim();
                let _ = write!(
                    out,
                    ">\n    <failure message=\"{}\">{}</failure>\n",
                    xml(first),
                    xml(&details)
                );
            }
        }
        if !r.warnings.is_empty() {
            let _ = writeln!(out, "    <system-err>{}</system-err>", xml(&warnings(o)));
        }
        if !(r.verdict == Verdict::Passed && r.warnings.is_empty()) {
            out.push_str("  </testcase>\n");
        }
    }
    out.push_str("</testsuite>\n");
    out
}

/// Text as XML character data or an attribute value: the five special characters escaped, and
/// each character XML 1.0 cannot hold (most control characters) replaced by U+FFFD.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if let Some(entity) = wargame_kit::svg::entity(c) {
            out.push_str(entity);
            continue;
        }
        match c {
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_escapes_and_replaces() {
        assert_eq!(
            xml("a<b>&\"c'\u{7}\n"),
            "a&lt;b&gt;&amp;&quot;c&apos;\u{fffd}\n"
        );
    }
}
