//! Text that is safe to print on a terminal: what a map or a position names (a unit id, a
//! label as written) comes from whoever wrote it, so every readable text of the crate (a
//! problem, a cut in words) writes each value on one line, each character a terminal would act
//! on as a Rust-style escape (`\u{1b}`, `\n`), as the workspace's kit does
//! (`wargame_kit::terminal::one_line`), without needing it.

use std::fmt::{self, Write};

/// Whether a terminal would act on `c` rather than print it: control characters (C0 and C1,
/// DEL) other than line feed and tab, and the invisible bidirectional formatting characters.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// A [`fmt::Write`] for a text that must stay on one line (a problem, a unit id inside a
/// sentence): every [unsafe](is_unsafe) character, and line breaks and tabs too (`\n`, `\r`, `\t`), so
/// that no name can start a line of its own. It writes what `wargame_kit::terminal::one_line`
/// writes (a test holds the two equal where the kit is built).
pub(crate) struct Inline<W>(pub(crate) W);

impl<W: Write> Write for Inline<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut rest = s;
        while let Some((at, c)) = rest
            .char_indices()
            .find(|&(_, c)| is_unsafe(c) || matches!(c, '\n' | '\r' | '\t'))
        {
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

/// Write `args` to `f` on one line ([`Inline`]): how the crate's one-line messages print.
pub(crate) fn inline(f: &mut fmt::Formatter<'_>, args: fmt::Arguments<'_>) -> fmt::Result {
    Inline(f).write_fmt(args)
}

/// Every problem of a list on a line of its own: how the crate's errors that hold every
/// problem at once ([`crate::BuildError`], [`crate::PositionErrors`]) print.
pub(crate) fn one_per_line<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            writeln!(f)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` as [`Inline`] writes it.
    fn one_line(text: &str) -> String {
        let mut out = String::new();
        Inline(&mut out).write_str(text).unwrap();
        out
    }

    #[test]
    fn inline_text_stays_on_one_line() {
        assert_eq!(
            one_line("a\nb\r\tc\u{1b}\u{202e}"),
            "a\\nb\\r\\tc\\u{1b}\\u{202e}"
        );
        assert_eq!(one_line("US-7-32"), "US-7-32");
        // A unit id of a position's problem cannot forge a line.
        let e = crate::PositionError::DuplicateId {
            index: 1,
            id: "US-1\nforged: ok".into(),
            first: 0,
        };
        assert_eq!(
            e.to_string(),
            "unit id `US-1\\nforged: ok` is used twice (at `units[1].id`, first at `units[0]`)"
        );
    }

    /// The crate's one-line text is the kit's (`wargame_kit::terminal::one_line`), character
    /// by character: every control, line break and bidirectional character, and a few others.
    #[cfg(feature = "toml")]
    #[test]
    fn inline_text_is_the_kits() {
        let chars = (0u32..0x250)
            .chain(0x2000..0x2070)
            .chain([0xfeff, 0x1f600])
            .filter_map(char::from_u32);
        for c in chars {
            let text = format!("a{c}b");
            assert_eq!(
                one_line(&text),
                wargame_kit::terminal::one_line(&text),
                "{c:?}"
            );
        }
    }
}
