//! Values written as TOML text (into a file's `[expect]`, in `victory test`'s lines): each
//! string on one line, whatever it holds.

use toml_edit::InlineTable;

/// A TOML value as the editor writes it.
pub(crate) fn to_edit(value: &toml::Value) -> toml_edit::Value {
    match value {
        toml::Value::String(s) => string(s),
        toml::Value::Integer(i) => (*i).into(),
        toml::Value::Float(f) => (*f).into(),
        toml::Value::Boolean(b) => (*b).into(),
        toml::Value::Datetime(d) => (*d).into(),
        toml::Value::Array(items) => toml_edit::Value::Array(items.iter().map(to_edit).collect()),
        toml::Value::Table(fields) => {
            let mut table = InlineTable::new();
            for (k, v) in fields {
                table.insert(k, to_edit(v));
            }
            toml_edit::Value::InlineTable(table)
        }
    }
}

/// A string as TOML writes it, on one line: toml_edit's choice of quotes when the string has
/// no control character; else a one-line basic string with every line break, tab, control
/// character and bidirectional override written as an escape
/// ([`wargame_kit::terminal::toml_string`]), never raw and never a multi-line string.
pub(crate) fn string(s: &str) -> toml_edit::Value {
    if wargame_kit::terminal::fits_a_line(s) {
        return s.into();
    }
    let quoted = wargame_kit::terminal::toml_string(s);
    quoted.parse().unwrap_or_else(|_| s.into())
}

/// A value as `[expect]` writes it: `"draw"`, `25`, `["US-1", "US-2"]`.
pub(crate) fn show(value: &toml::Value) -> String {
    to_edit(value).to_string()
}
