//! Text that is safe to print on a terminal.
//!
//! Names in a state or a map (a unit id, a scenario name, a place) come from whoever wrote the
//! file. Printed as they are, an escape sequence in one could recolour the terminal, retitle
//! its window or move the cursor, a bell could ring, a right-to-left override could make a
//! line read differently from what it says. Every readable text of this workspace (reports,
//! explanations, diagnostics) is written through [`Escaping`], which writes each such character
//! as a Rust-style escape (`\u{1b}`) and passes everything else through, line breaks and tabs
//! included. Inside those texts, every value that came from a file (a name, an id, a property, an
//! expected value) is written through [`Inline`] (or [`one_line`], its `String` form), which
//! escapes line breaks and tabs too, so that no value can forge a line of the program's own.
//!
//! ```
//! use wargame_kit::terminal::escape;
//!
//! assert_eq!(escape("US-1"), "US-1");
//! assert_eq!(escape("US\u{1b}[31m-1\u{7}"), "US\\u{1b}[31m-1\\u{7}");
//! assert_eq!(escape("abc\u{202e}def"), "abc\\u{202e}def");
//! assert_eq!(escape("two\nlines"), "two\nlines");
//! ```

use std::borrow::Cow;
use std::fmt::{self, Write};

/// Whether a terminal would act on `c` rather than print it: control characters (C0 and C1,
/// DEL) other than line feed and tab, and the invisible bidirectional formatting characters
/// (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every [unsafe](is_unsafe) character escaped; borrowed when there is none.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().saturating_add(8));
    // Writing to a String cannot fail.
    let _ = Escaping(&mut out).write_str(text);
    Cow::Owned(out)
}

/// Whether `c` cannot stand inside a line of output as it is: a line break or a tab, or an
/// [unsafe](is_unsafe) character.
fn breaks_a_line(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\t') || is_unsafe(c)
}

/// Whether `text` can stand inside a line as it is: no line break, tab, control or
/// [unsafe](is_unsafe) character, so that [`Inline`] writes it unchanged (and a TOML writer may
/// quote it as it likes, where [`toml_string`] is needed otherwise).
///
/// ```
/// use wargame_kit::terminal::fits_a_line;
///
/// assert!(fits_a_line("US-1 'a\"b'"));
/// assert!(!fits_a_line("a\nb"));
/// assert!(!fits_a_line("a\u{202e}b"));
/// ```
pub fn fits_a_line(text: &str) -> bool {
    !text.chars().any(breaks_a_line)
}

/// A value printed inside a line of output: the one way every text output of the workspace
/// writes a value it did not write itself (a unit's id, a piece's name, a file's name, a
/// property, an expected or actual value). Its `Display` writes the value's `Display` with every
/// line break and tab as an escape (`\n`, `\r`, `\t`) and every other [unsafe](is_unsafe)
/// character as `\u{..}`, so that no value can start a line of its own, move the cursor or
/// reorder the line. A width (`{:<10}`) pads the escaped text.
///
/// ```
/// use wargame_kit::terminal::Inline;
///
/// assert_eq!(Inline("US-1").to_string(), "US-1");
/// assert_eq!(
///     format!("unit {} at 1006", Inline("US-1\nforged.toml: ok")),
///     "unit US-1\\nforged.toml: ok at 1006"
/// );
/// assert_eq!(Inline("x\ty\r\u{1b}[31m\u{202e}").to_string(), "x\\ty\\r\\u{1b}[31m\\u{202e}");
/// assert_eq!(format!("[{:<6}]", Inline("a\nb")), "[a\\nb  ]");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Inline<T>(pub T);

impl<T: fmt::Display> fmt::Display for Inline<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_some() || f.precision().is_some() {
            let mut text = String::new();
            write!(OneLine(&mut text), "{}", self.0)?;
            f.pad(&text)
        } else {
            write!(OneLine(f), "{}", self.0)
        }
    }
}

/// `text` as [`Inline`] writes it, borrowed when there is nothing to escape: for a value
/// inside a line that is kept as a `String` before it is printed.
///
/// ```
/// use wargame_kit::terminal::one_line;
///
/// assert_eq!(one_line("US-1"), "US-1");
/// assert_eq!(one_line("a.toml\nb.toml: ok"), "a.toml\\nb.toml: ok");
/// assert_eq!(one_line("x\ty\u{1b}"), "x\\ty\\u{1b}");
/// ```
pub fn one_line(text: &str) -> Cow<'_, str> {
    if fits_a_line(text) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(Inline(text).to_string())
}

/// `text` as a one-line TOML basic string, quotes included: what a value written back into a
/// TOML file (or shown as TOML inside a line) is. `"` and `\` are escaped, line breaks and tabs
/// as `\n`, `\r`, `\t`, every other control or [unsafe](is_unsafe) character as `\uXXXX`, so
/// that the string reads back as `text` and never spans lines (a TOML writer's own choice for
/// a string with a line break is a multi-line string).
///
/// ```
/// use wargame_kit::terminal::toml_string;
///
/// assert_eq!(toml_string("draw"), r#""draw""#);
/// assert_eq!(toml_string("a\nb\t\"c\"\\"), r#""a\nb\t\"c\"\\""#);
/// assert_eq!(toml_string("x\r\u{1b}[31m\u{202e}"), r#""x\r\u001B[31m\u202E""#);
/// let back: toml::Value = toml::from_str(&format!("v = {}", toml_string("a\n\u{7}b"))).unwrap();
/// assert_eq!(back["v"].as_str(), Some("a\n\u{7}b"));
/// ```
pub fn toml_string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len().saturating_add(2));
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\r' => quoted.push_str("\\r"),
            '\t' => quoted.push_str("\\t"),
            // Every such character is in the Basic Multilingual Plane.
            c if is_unsafe(c) => {
                let _ = write!(quoted, "\\u{:04X}", u32::from(c));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// JSON text made safe to print: every character a terminal would act on ([`is_unsafe`]) written
/// as a `\uXXXX` escape. A JSON writer escapes the C0 controls; this adds DEL, the C1 controls
/// and the bidirectional formatting characters, so that `cat` of the output is safe too. In
/// JSON they can only occur inside strings, where the escape means the same character: the
/// text reads back as the same value. Text without any is returned as it is.
///
/// ```
/// use wargame_kit::terminal::json_safe;
///
/// assert_eq!(json_safe("{\"id\": \"US-1\"}".to_string()), "{\"id\": \"US-1\"}");
/// let text = serde_json::to_string("a\u{9b}b\u{202e}c\u{7f}").unwrap();
/// assert_eq!(json_safe(text.clone()), r#""a\u009bb\u202ec\u007f""#);
/// let back: String = serde_json::from_str(&json_safe(text)).unwrap();
/// assert_eq!(back, "a\u{9b}b\u{202e}c\u{7f}");
/// ```
pub fn json_safe(json: String) -> String {
    if !json.chars().any(is_unsafe) {
        return json;
    }
    let mut out = String::with_capacity(json.len().saturating_add(16));
    for c in json.chars() {
        if is_unsafe(c) {
            // Every such character is in the Basic Multilingual Plane.
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// A [`fmt::Write`] that writes what passes through it on one line ([`Inline`]).
struct OneLine<W>(W);

impl<W: Write> Write for OneLine<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut rest = s;
        while let Some((at, c)) = rest.char_indices().find(|&(_, c)| breaks_a_line(c)) {
            self.0.write_str(&rest[..at])?;
            match c {
                '\n' => self.0.write_str("\\n")?,
                '\r' => self.0.write_str("\\r")?,
                '\t' => self.0.write_str("\\t")?,
                c => write!(self.0, "\\u{{{:x}}}", u32::from(c))?,
            }
            rest = &rest[at + c.len_utf8()..];
        }
        self.0.write_str(rest)
    }
}

/// A [`fmt::Write`] that escapes [unsafe](is_unsafe) characters on their way to `W`.
///
/// ```
/// use std::fmt::Write;
/// use wargame_kit::terminal::Escaping;
///
/// let mut out = String::new();
/// write!(Escaping(&mut out), "unit {}", "X\u{7}").unwrap();
/// assert_eq!(out, "unit X\\u{7}");
/// ```
#[derive(Debug)]
pub struct Escaping<W>(pub W);

impl<W: Write> Write for Escaping<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut rest = s;
        while let Some((at, c)) = rest.char_indices().find(|&(_, c)| is_unsafe(c)) {
            self.0.write_str(&rest[..at])?;
            write!(self.0, "\\u{{{:x}}}", u32::from(c))?;
            rest = &rest[at + c.len_utf8()..];
        }
        self.0.write_str(rest)
    }
}

/// Write `value`'s `Display` to `f` through [`Escaping`].
pub fn write_escaped(f: &mut fmt::Formatter<'_>, value: &dyn fmt::Display) -> fmt::Result {
    write!(Escaping(f), "{value}")
}

/// Write what `text` writes to `f` through [`Escaping`]: how the workspace's reports and
/// diagnostics implement `Display`, their text written by a method of their own.
///
/// ```
/// use std::fmt;
/// struct Unit(String);
/// impl Unit {
///     fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "unit {}", self.0)
///     }
/// }
/// impl fmt::Display for Unit {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         wargame_kit::terminal::write_escaped_by(f, |f| self.write_text(f))
///     }
/// }
/// assert_eq!(Unit("X\u{1b}".into()).to_string(), "unit X\\u{1b}");
/// ```
pub fn write_escaped_by(
    f: &mut fmt::Formatter<'_>,
    text: impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    write_escaped(f, &By(text))
}

/// A `Display` that runs a function.
struct By<F>(F);

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for By<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_a_terminal_acts_on() {
        for c in [
            '\0', '\u{7}', '\u{8}', '\r', '\u{1b}', '\u{7f}', '\u{9b}', '\u{202e}', '\u{2066}',
        ] {
            assert!(is_unsafe(c), "{c:?}");
            assert_eq!(escape(&c.to_string()), format!("\\u{{{:x}}}", u32::from(c)));
        }
        for c in ['a', '\n', '\t', ' ', 'é', '東', '\u{2014}'] {
            assert!(!is_unsafe(c), "{c:?}");
        }
        assert!(matches!(escape("plain"), Cow::Borrowed("plain")));
        assert_eq!(escape("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
    }

    /// Every unsafe character of a JSON text is escaped, and the text reads back as the same
    /// value: strings, keys, nested; the safe text is left as it is.
    #[test]
    fn json_safe_escapes_and_reads_back() {
        let value = serde_json::json!({
            "a\u{1b}": ["\u{7f}x", {"k": "\u{85}\u{2066}é東\n"}],
            "plain": 1
        });
        let text = serde_json::to_string_pretty(&value).unwrap_or_default();
        let safe = json_safe(text.clone());
        assert!(!safe.chars().any(is_unsafe), "{safe}");
        assert_ne!(safe, text);
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap_or_default();
        assert_eq!(back, value);
        let plain = serde_json::to_string(&serde_json::json!({"id": "US-1"})).unwrap_or_default();
        assert_eq!(json_safe(plain.clone()), plain);
    }

    /// A value with 1, 10 or 1000 line breaks, carriage returns, escape sequences and bidi
    /// overrides is written on one line by `Inline` (and `one_line`), with no character a
    /// terminal acts on, the rest kept; as a TOML string, on one line too, reading back as the
    /// value.
    #[test]
    fn a_value_stays_on_one_line_at_every_size() {
        let forged = "X\nFORGED\r\u{1b}[31m\u{9b}1m\t\u{202e}\u{2066}";
        for n in [1, 10, 1000] {
            let value = forged.repeat(n);
            let shown = Inline(&value).to_string();
            assert_eq!(one_line(&value), shown);
            assert!(fits_a_line(&shown), "{n}: {shown}");
            assert!(!shown.chars().any(|c| c.is_control() || is_unsafe(c)));
            assert_eq!(shown.matches("FORGED").count(), n);
            assert_eq!(shown.matches("\\n").count(), n);
            assert_eq!(format!("{:<5}|", Inline(&value)), format!("{shown}|"));
            let toml = toml_string(&value);
            assert!(fits_a_line(&toml), "{n}: {toml}");
            let back: toml::Table = toml::from_str(&format!("v = {toml}")).unwrap();
            assert_eq!(back["v"].as_str(), Some(value.as_str()));
        }
        assert_eq!(format!("[{:>4}]", Inline("a\nb")), "[a\\nb]");
        assert_eq!(format!("[{:>5}]", Inline("a\nb")), "[ a\\nb]");
        assert!(matches!(one_line("plain"), Cow::Borrowed("plain")));
    }
}
