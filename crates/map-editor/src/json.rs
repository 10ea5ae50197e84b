//! JSON for a `<script type="application/json">` element: serde_json's compact form, written
//! through a formatter that keeps it inside the element and reads the same as it always did.
//!
//! The page keys the work it stores by the bytes of the map's JSON, so the bytes are fixed:
//! `<`, `>`, `&`, U+2028 and U+2029 are written as `\u` escapes (lower-case hex), so that no
//! string can close the element; a control character without a short escape in JSON's grammar
//! (`\n`, `\r`, `\t`) is written as a `\u` escape too; a number is written as Rust prints it
//! (`10`, not `10.0`). A number that is not finite is written `null`, as serde_json writes it:
//! the editor's model makes it 0 first ([`finite`]).

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter, Serializer};

/// `value` as JSON that can sit in a `<script>` element (see the module).
pub(crate) fn to_script_json<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let mut serializer = Serializer::with_formatter(&mut out, ScriptSafe);
    // Writing to a Vec fails only when serializing fails, which the editor's types, maps with
    // string keys, never do.
    if value.serialize(&mut serializer).is_err() {
        return "null".into();
    }
    // The formatter writes UTF-8 only.
    String::from_utf8(out).unwrap_or_default()
}

/// A JSON object whose keys keep the order given (serde_json's own maps sort them), each key a
/// string or a word (a unit variant, such as the layout's `"flat"`).
pub(crate) struct Ordered<K, V>(pub(crate) Vec<(K, V)>);

impl<K: Serialize, V: Serialize> Serialize for Ordered<K, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// serde_json's compact form, with the escapes and numbers of the module documentation.
struct ScriptSafe;

impl Formatter for ScriptSafe {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment;
        while let Some(at) = rest.find(['<', '>', '&', '\u{2028}', '\u{2029}']) {
            writer.write_all(&rest.as_bytes()[..at])?;
            let c = rest[at..].chars().next().unwrap_or('\0');
            write!(writer, "\\u{:04x}", u32::from(c))?;
            rest = &rest[at + c.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }

    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        char_escape: CharEscape,
    ) -> io::Result<()> {
        match char_escape {
            CharEscape::Backspace => writer.write_all(b"\\u0008"),
            CharEscape::FormFeed => writer.write_all(b"\\u000c"),
            CharEscape::AsciiControl(byte) => write!(writer, "\\u{byte:04x}"),
            other => serde_json::ser::CompactFormatter.write_char_escape(writer, other),
        }
    }

    fn write_f64<W: ?Sized + Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        write!(writer, "{value}")
    }
}

/// `x`, or 0 when it is not finite (NaN or infinity): what the page reads for a number.
pub(crate) fn finite(x: f64) -> f64 {
    if x.is_finite() { x } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::{finite, to_script_json};

    /// The escapes the hand-written JSON had: `<`, `>`, `&` and the line separators as `\u`,
    /// the short escapes of JSON for line breaks and tabs, every other control character as
    /// `\u` (lower-case hex), `"` and `\` with a backslash.
    #[test]
    fn strings_cannot_close_the_script_element() {
        let s = "</script>&\u{2028}\u{2029}\n\r\t\u{8}\u{c}\u{1f}\"\\é";
        assert_eq!(
            to_script_json(s),
            "\"\\u003c/script\\u003e\\u0026\\u2028\\u2029\\n\\r\\t\\u0008\\u000c\\u001f\\\"\\\\é\""
        );
    }

    #[test]
    fn numbers_are_written_as_rust_prints_them() {
        assert_eq!(
            to_script_json(&[10.0, 0.5, -3.25, finite(f64::NAN), finite(f64::INFINITY)]),
            "[10,0.5,-3.25,0,0]"
        );
        assert_eq!(to_script_json(&[1_u16, 2]), "[1,2]");
    }
}
