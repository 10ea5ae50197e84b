//! Problems with an input, as the command line reports them.
//!
//! Every engine reports bad input as `hexmap::Diagnostic<ItsOwnKind>`; the command line turns
//! them all into one [`Problem`] type whose kind is a string (`toml`, `hex`, `map/bad-label`),
//! so that text and JSON output treat both games and the command line's own checks (reading
//! the file, detecting the game) alike.

use serde::Serialize;
use serde_json::Value;

/// One problem: kind, file, key, label, line and column where known, and a message.
///
/// Its `Display` is `file:line:col: message (at `key`, label `label`)`.
pub type Problem = hexmap::Diagnostic<String>;

/// A problem the command line itself found in the named file (no line or column).
pub fn in_file(kind: &str, file: &str, message: impl Into<String>) -> Problem {
    let mut p = Problem::new(kind.to_string(), message);
    p.file = Some(file.to_string());
    p
}

/// An engine's diagnostic, with its kind as a string.
pub fn from_engine<K: Serialize>(d: hexmap::Diagnostic<K>) -> Problem {
    let kind = serde_json::to_value(&d.kind).map_or_else(|_| "other".to_string(), kind_name);
    d.map_kind(|_| kind)
}

/// `"hex"` stays `hex`; a wrapped kind such as `{"map": "bad-label"}` becomes `map/bad-label`.
fn kind_name(v: Value) -> String {
    match v {
        Value::String(s) => s,
        Value::Object(m) => m
            .into_iter()
            .map(|(k, v)| format!("{k}/{}", kind_name(v)))
            .collect::<Vec<_>>()
            .join(","),
        other => other.to_string(),
    }
}

/// The flat JSON form of a problem that `check --format json` prints.
#[derive(Serialize)]
pub struct ProblemJson<'a> {
    file: Option<&'a str>,
    line: Option<u32>,
    column: Option<u32>,
    key: Option<&'a str>,
    label: Option<&'a str>,
    kind: &'a str,
    message: &'a str,
}

impl<'a> From<&'a Problem> for ProblemJson<'a> {
    fn from(p: &'a Problem) -> Self {
        ProblemJson {
            file: p.file.as_deref(),
            line: p.location.map(|l| l.line),
            column: p.location.map(|l| l.column),
            key: p.key.as_deref(),
            label: p.label.as_deref(),
            kind: &p.kind,
            message: &p.message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_become_strings() {
        assert_eq!(kind_name(serde_json::json!("hex")), "hex");
        assert_eq!(
            kind_name(serde_json::json!({"map": "bad-label"})),
            "map/bad-label"
        );
    }
}
