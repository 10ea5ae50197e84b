//! Diagnostics: what is wrong with an input, and where.
//!
//! Every crate of the workspace reports bad input as a list of [`Diagnostic`]s, generic over
//! its own `#[non_exhaustive]` kind enum, so that a tool can print all problems at once in
//! `file:line:col: message` form.

use std::fmt;
use std::ops::Range;

use serde::Serialize;

/// A 1-based line and column in a source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub struct Location {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl Location {
    /// A 1-based line and column.
    pub fn new(line: u32, column: u32) -> Location {
        Location { line, column }
    }
}

/// One problem found in an input: [`Diagnostic::new`], then [`Diagnostic::key`] and
/// [`Diagnostic::label`]; [`Source::at`] adds the file and line.
///
/// ```
/// use hexmap::{Diagnostic, Source};
/// let text = "x = 1\ny = 2\n";
/// let d = Source::new(Some("a.toml"), text).at(Diagnostic::new("bad", "y is wrong").key("y"), Some(6..7));
/// assert_eq!(d.to_string(), "a.toml:2:1: y is wrong (at `y`)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Diagnostic<K> {
    /// What kind of problem.
    pub kind: K,
    /// The source's name (usually a file path), when known.
    pub file: Option<String>,
    /// The TOML key path (`hexsides.roads[2][1]`), when known.
    pub key: Option<String>,
    /// The offending hex label or identifier, when there is one.
    pub label: Option<String>,
    /// Line and column, when the parser provided a span.
    pub location: Option<Location>,
    /// A sentence for a person.
    pub message: String,
}

impl<K> Diagnostic<K> {
    /// A diagnostic with only a kind and a message.
    pub fn new(kind: K, message: impl Into<String>) -> Self {
        Diagnostic {
            kind,
            file: None,
            key: None,
            label: None,
            location: None,
            message: message.into(),
        }
    }

    /// Set the key path.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }

    /// Set the offending label.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Change the kind, keeping everything else (for wrapping another crate's diagnostics).
    pub fn map_kind<L>(self, f: impl FnOnce(K) -> L) -> Diagnostic<L> {
        Diagnostic {
            kind: f(self.kind),
            file: self.file,
            key: self.key,
            label: self.label,
            location: self.location,
            message: self.message,
        }
    }
}

impl<K> fmt::Display for Diagnostic<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.location) {
            (Some(file), Some(l)) => write!(f, "{file}:{}:{}: ", l.line, l.column)?,
            (Some(file), None) => write!(f, "{file}: ")?,
            (None, Some(l)) => write!(f, "{}:{}: ", l.line, l.column)?,
            (None, None) => {}
        }
        write!(f, "{}", self.message)?;
        match (&self.key, &self.label) {
            (Some(k), Some(l)) => write!(f, " (at `{k}`, label `{l}`)"),
            (Some(k), None) => write!(f, " (at `{k}`)"),
            (None, Some(l)) => write!(f, " (label `{l}`)"),
            (None, None) => Ok(()),
        }
    }
}

/// Write diagnostics one per line (no trailing newline): the `Display` of every error type of
/// the workspace.
pub fn write_lines<K>(f: &mut fmt::Formatter<'_>, diagnostics: &[Diagnostic<K>]) -> fmt::Result {
    for (i, d) in diagnostics.iter().enumerate() {
        if i > 0 {
            writeln!(f)?;
        }
        write!(f, "{d}")?;
    }
    Ok(())
}

/// The text being parsed, for turning byte spans into line and column.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The source's name, e.g. a file path.
    pub name: Option<&'a str>,
    /// The whole text.
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// A named source.
    pub fn new(name: Option<&'a str>, text: &'a str) -> Self {
        Source { name, text }
    }

    /// Line and column of a byte offset (clamped to the text).
    pub fn locate(&self, offset: usize) -> Location {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Location {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    /// Stamp a diagnostic with this source's name and the span's start.
    pub fn at<K>(&self, mut d: Diagnostic<K>, span: Option<Range<usize>>) -> Diagnostic<K> {
        d.file = self.name.map(str::to_string);
        d.location = span.map(|s| self.locate(s.start));
        d
    }

    /// A diagnostic for a TOML syntax or shape error from the `toml` crate.
    pub fn toml_error<K>(&self, kind: K, e: &toml::de::Error) -> Diagnostic<K> {
        let message = e.message().trim().to_string();
        self.at(Diagnostic::new(kind, message), e.span())
    }
}

/// Collects diagnostics, stamping each with the source.
#[derive(Debug)]
pub struct Collector<'a, K> {
    source: Source<'a>,
    found: Vec<Diagnostic<K>>,
}

impl<'a, K> Collector<'a, K> {
    /// A collector for one source.
    pub fn new(source: Source<'a>) -> Self {
        Collector {
            source,
            found: Vec::new(),
        }
    }

    /// The source being read.
    pub fn source(&self) -> Source<'a> {
        self.source
    }

    /// Record a diagnostic at a span.
    pub fn push(&mut self, d: Diagnostic<K>, span: Option<Range<usize>>) {
        let d = self.source.at(d, span);
        self.found.push(d);
    }

    /// Whether anything was recorded.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The diagnostics, in the order found.
    pub fn into_vec(self) -> Vec<Diagnostic<K>> {
        self.found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_counts_lines_and_characters() {
        let s = Source::new(Some("a.toml"), "x = 1\ny = \"é\"\nz");
        assert_eq!(s.locate(0), Location { line: 1, column: 1 });
        assert_eq!(s.locate(6), Location { line: 2, column: 1 });
        assert_eq!(s.locate(13), Location { line: 2, column: 7 });
        assert_eq!(s.locate(12), Location { line: 2, column: 6 });
        assert_eq!(s.locate(999).line, 3);
        let d: Diagnostic<()> = s.at(
            Diagnostic::new((), "bad").key("y").label("0512"),
            Some(6..7),
        );
        assert_eq!(d.to_string(), "a.toml:2:1: bad (at `y`, label `0512`)");
    }
}
