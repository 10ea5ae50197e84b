//! What `victory test` prints: the readable text, the JSON (`--format json`, docs/json.md) and
//! JUnit XML (`--junit FILE`). The same results give the same bytes.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

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

/// `victory test --format json`: one object (docs/json.md), which reads back:
/// `serde_json::from_str` gives the value whose [`json`] text is byte-identical.
///
/// # Example
///
/// ```
/// use victory_suite::output::SuiteJson;
///
/// let text = r#"{
///   "schema_version": 1,
///   "passed": 0,
///   "failed": 1,
///   "skipped": 0,
///   "accepted": 0,
///   "files": [
///     {
///       "file": "cases/ridge.toml",
///       "game": "leyte",
///       "result": "failed",
///       "accepted": false,
///       "differences": [
///         {
///           "field": "us",
///           "expected": 26,
///           "actual": 25
///         }
///       ],
///       "problems": [],
///       "warnings": [],
///       "not_accepted": null,
///       "written": []
///     }
///   ]
/// }"#;
/// let suite: SuiteJson = serde_json::from_str(text).unwrap();
/// assert_eq!(suite.files[0].differences[0].actual, Some(toml::Value::Integer(25)));
/// assert_eq!(serde_json::to_string_pretty(&suite).unwrap(), text);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteJson {
    /// The version of this shape ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// Files whose every expectation held (or was accepted).
    pub passed: usize,
    /// Files with an expectation that did not hold, or that could not be read or scored.
    pub failed: usize,
    /// Files with no expectation.
    pub skipped: usize,
    /// Files whose `[expect]` `--accept` wrote.
    pub accepted: usize,
    /// One per file, in name order.
    pub files: Vec<FileJson>,
}

/// One file in the JSON.
///
/// # Example
///
/// ```
/// use victory_suite::{Verdict, output::FileJson};
///
/// let file: FileJson = serde_json::from_str(r#"{"file": "a.toml", "game": null,
///     "result": "skipped", "accepted": false, "differences": [], "problems": [],
///     "warnings": [], "not_accepted": null, "written": []}"#).unwrap();
/// assert_eq!(file.result, Verdict::Skipped);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileJson {
    /// The file, as found (relative to the folder given).
    pub file: String,
    /// Its game; `None` when it could not be told.
    pub game: Option<String>,
    /// Passed, failed or skipped.
    pub result: Verdict,
    /// Whether `--accept` wrote its `[expect]`.
    pub accepted: bool,
    /// Each expectation that does not hold, in the file's order.
    pub differences: Vec<DifferenceJson>,
    /// The problems of a file refused unexpectedly, or of its `[expect]`.
    pub problems: Vec<ProblemJson>,
    /// The warnings of reading a VASSAL case's save and module.
    pub warnings: Vec<ProblemJson>,
    /// Why `--accept` did not write the file.
    pub not_accepted: Option<String>,
    /// Each field `--accept` wrote, in the order written.
    pub written: Vec<ChangeJson>,
}

/// One field `--accept` wrote, in the JSON: its value before and after (`None`, JSON `null`:
/// not pinned before, or removed).
///
/// # Example
///
/// ```
/// use victory_suite::output::ChangeJson;
///
/// let change: ChangeJson =
///     serde_json::from_str(r#"{"field": "level", "old": null, "new": "draw"}"#).unwrap();
/// assert_eq!(change.new, Some(toml::Value::String("draw".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeJson {
    /// The key, as `[expect]` writes it.
    pub field: String,
    /// Its value before.
    pub old: Option<toml::Value>,
    /// Its value after.
    pub new: Option<toml::Value>,
}

/// One difference in the JSON: the values as `[expect]` writes them (`"none"` stays a string).
///
/// # Example
///
/// ```
/// use victory_suite::output::DifferenceJson;
///
/// let d: DifferenceJson =
///     serde_json::from_str(r#"{"field": "us", "expected": 26, "actual": null}"#).unwrap();
/// assert_eq!((d.expected, d.actual), (toml::Value::Integer(26), None));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferenceJson {
    /// The key, as `[expect]` writes it: `level`, `json."/us/total"`.
    pub field: String,
    /// The value expected, as written.
    pub expected: toml::Value,
    /// The actual value; `None` when the report has no such field or the file was refused.
    pub actual: Option<toml::Value>,
}

impl SuiteJson {
    /// The JSON form of these results.
    ///
    /// # Example
    ///
    /// ```
    /// use victory_suite::output::SuiteJson;
    ///
    /// let none = SuiteJson::of(&[]);
    /// assert_eq!((none.passed, none.files.len()), (0, 0));
    /// ```
    pub fn of(outcomes: &[Outcome]) -> SuiteJson {
        let c = Counts::of(outcomes);
        SuiteJson {
            schema_version: SCHEMA_VERSION,
            passed: c.passed,
            failed: c.failed,
            skipped: c.skipped,
            accepted: c.accepted,
            files: outcomes.iter().map(FileJson::of).collect(),
        }
    }
}

impl FileJson {
    fn of(o: &Outcome) -> FileJson {
        let r = &o.result;
        FileJson {
            file: r.name.clone(),
            game: r.game.map(str::to_string),
            result: r.verdict,
            accepted: o.accepted,
            differences: (r.differences.iter())
                .map(|d| DifferenceJson {
                    field: d.field.clone(),
                    expected: d.expected.clone(),
                    actual: d.actual.clone(),
                })
                .collect(),
            problems: r.problems.iter().map(ProblemJson::from).collect(),
            warnings: r.warnings.iter().map(ProblemJson::warning).collect(),
            not_accepted: o.not_accepted.clone(),
            written: (r.written.iter())
                .map(|c| ChangeJson {
                    field: c.field.clone(),
                    old: c.old.clone(),
                    new: c.new.clone(),
                })
                .collect(),
        }
    }
}

/// The JSON of the results ([`SuiteJson`], pretty-printed).
pub fn json(outcomes: &[Outcome]) -> serde_json::Result<String> {
    serde_json::to_string_pretty(&SuiteJson::of(outcomes))
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
