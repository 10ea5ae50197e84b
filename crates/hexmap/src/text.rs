//! Text that is safe to print on a terminal: what a map or a position names (a unit id, a
//! label as written) comes from whoever wrote it, so every readable text of the crate (a
//! problem, a cut in words) writes each character a terminal would act on as a Rust-style
//! escape (`\u{1b}`), as the workspace's kit does (`wargame_kit::terminal`), without needing
//! it.

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

/// A [`fmt::Write`] that escapes [unsafe](is_unsafe) characters on their way to `W`.
pub(crate) struct Escaping<W>(pub(crate) W);

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

    #[test]
    fn control_and_bidirectional_characters_are_escaped_line_breaks_kept() {
        let mut out = String::new();
        write!(Escaping(&mut out), "US\u{1b}[31m-1\u{7}\nab\u{202e}c\t").unwrap();
        assert_eq!(out, "US\\u{1b}[31m-1\\u{7}\nab\\u{202e}c\t");
    }
}
