//! Diagnostics: what is wrong with an input, and where.
//!
//! Every crate of the workspace reports bad input as a list of [`Diagnostic`]s, generic over
//! its own `#[non_exhaustive]` kind enum, so that a tool can print all problems at once in
//! `file:line:col: message` form.

mod repairs;
pub(crate) mod scan;
pub(crate) mod shape;
pub use repairs::Repairs;
pub use shape::{ShapeRead, read_toml};
pub(crate) use shape::{unknown_key, unknown_value};

use std::fmt;
use std::ops::Range;

use serde::Serialize;
use toml::Spanned;

use crate::terminal::Inline;

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
/// use wargame_kit::{Diagnostic, Source};
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
    /// The byte range in the source the problem is about (for editors: `location` is its
    /// start), when known.
    pub span: Option<Range<usize>>,
    /// A sentence for a person.
    pub message: String,
    /// How to fix it, when there is a likely fix (`did you mean `active_beaches`?`).
    pub help: Option<String>,
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
            span: None,
            message: message.into(),
            help: None,
        }
    }

    /// Set the help: how to fix it.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
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
            span: self.span,
            message: self.message,
            help: self.help,
        }
    }
}

impl<K> fmt::Display for Diagnostic<K> {
    /// `file:line:col: message (at `key`, label `label`)` on one line: each part written through
    /// [`Inline`], so that no value the message quotes can start a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::terminal::write_escaped_by(f, |f| self.write_text(f))
    }
}

impl<K> Diagnostic<K> {
    /// The readable text, before [`crate::terminal`] escapes it.
    fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line: every part is written through `Inline`, the message and the help too (they
        // quote values from the input).
        let file = self.file.as_ref().map(Inline);
        let (key, label) = (
            self.key.as_ref().map(Inline),
            self.label.as_ref().map(Inline),
        );
        match (file, self.location) {
            (Some(file), Some(l)) => write!(f, "{file}:{}:{}: ", l.line, l.column)?,
            (Some(file), None) => write!(f, "{file}: ")?,
            (None, Some(l)) => write!(f, "{}:{}: ", l.line, l.column)?,
            (None, None) => {}
        }
        write!(f, "{}", Inline(&self.message))?;
        if let Some(help) = &self.help {
            write!(f, "; {}", Inline(help))?;
        }
        match (key, label) {
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
        crate::internal::work::add_len(offset);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Location {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    /// Stamp a diagnostic with this source's name and the span's start.
    ///
    /// Without a span, a diagnostic with a key path is located at the value of that key in the
    /// text ([`Source::span_of`]), when the text has it.
    pub fn at<K>(&self, mut d: Diagnostic<K>, span: Option<Range<usize>>) -> Diagnostic<K> {
        d.file = self.name.map(str::to_string);
        let span = span.or_else(|| d.key.as_deref().and_then(|k| self.span_of(k)));
        d.location = span.as_ref().map(|s| self.locate(s.start));
        d.span = span;
        d
    }

    /// The span of the value at a key path of the text (`layout.sheets[1].row_offset`,
    /// `scenario.active_beaches[0]`): the deepest part of the path the text has, or `None` when
    /// the text does not parse or has not even the path's first key.
    ///
    /// Parsing happens on each call: it is for locating a diagnostic, not for a hot path.
    ///
    /// ```
    /// use wargame_kit::Source;
    /// let text = "name = \"x\"\n[[layout.sheets]]\nrows = [1, 2]\n[[layout.sheets]]\nrow_offset = 9\n";
    /// let source = Source::new(None, text);
    /// let span = source.span_of("layout.sheets[1].row_offset").unwrap();
    /// assert_eq!(&text[span], "9");
    /// assert_eq!(source.locate(source.span_of("layout.sheets[1].row_offset").unwrap().start).line, 5);
    /// assert_eq!(source.span_of("nothing.here"), None);
    /// ```
    pub fn span_of(&self, key: &str) -> Option<Range<usize>> {
        crate::internal::work::add_len(self.text.len());
        let root = toml::de::DeTable::parse(self.text).ok()?;
        span_in(&root, key)
    }

    /// A diagnostic for a TOML syntax or shape error from the `toml` crate. The `toml` crate
    /// reads keys and values at most [`MAX_TOML_DEPTH`] deep and says so without a place for a
    /// dotted key: that is located at the first key that deep, and the limit stated.
    pub fn toml_error<K>(&self, kind: K, e: &toml::de::Error) -> Diagnostic<K> {
        let message = e.message().trim();
        if message == "recursion limit" || message.starts_with("cannot recurse further") {
            let span = e.span().or_else(|| deep_key(self.text));
            let words = if message == "recursion limit" {
                format!(
                    "a dotted key deeper than TOML files are read (at most {MAX_TOML_DEPTH} parts)"
                )
            } else {
                format!(
                    "values nested deeper than TOML files are read (at most {MAX_TOML_DEPTH} levels)"
                )
            };
            return self.at(Diagnostic::new(kind, words), span);
        }
        self.at(Diagnostic::new(kind, message.to_string()), e.span())
    }
}

use crate::limits::MAX_TOML_DEPTH;

/// The span of the first dotted key (a table header or a key before `=`) of at least
/// [`MAX_TOML_DEPTH`] parts, counting the dots outside quotes.
fn deep_key(text: &str) -> Option<Range<usize>> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let (mut dots, mut quote, mut end) = (0usize, None::<char>, trimmed.len());
        for (i, c) in trimmed.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '.') => dots += 1,
                (None, '=' | ']' | '#') if i > 0 => {
                    end = i;
                    break;
                }
                _ => {}
            }
        }
        if dots.saturating_add(1) >= MAX_TOML_DEPTH {
            let at = start + indent;
            return Some(at..at + end.min(trimmed.trim_end().len()));
        }
        start += line.len();
    }
    None
}

/// The span of the value at `key` in a parsed document ([`Source::span_of`]).
fn span_in(root: &Spanned<toml::de::DeTable<'_>>, key: &str) -> Option<Range<usize>> {
    use toml::de::DeValue;
    let mut table = root.get_ref();
    let mut found: Option<Range<usize>> = None;
    for part in key.split('.') {
        let (name, indices) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        let Some((_, value)) = table.iter().find(|(k, _)| k.get_ref().as_ref() == name) else {
            return found;
        };
        let mut value = value;
        found = Some(value.span());
        for index in indices.split('[').skip(1) {
            let n: usize = index.strip_suffix(']')?.parse().ok()?;
            let DeValue::Array(items) = value.get_ref() else {
                return found;
            };
            let Some(item) = items.get(n) else {
                return found;
            };
            value = item;
            found = Some(value.span());
        }
        match value.get_ref() {
            DeValue::Table(t) => table = t,
            _ => return found,
        }
    }
    found
}

/// Locates many diagnostics in one source: [`Source::at`] for each, with the text's line starts
/// and its tree of keys made once, when first needed, instead of for every diagnostic (a file
/// with thousands of problems stays linear).
///
/// ```
/// use wargame_kit::{Diagnostic, Source};
/// use wargame_kit::internal::Locator;
/// let text = "a = 1\n[b]\nc = 2\n";
/// let at = Locator::new(Source::new(Some("f.toml"), text));
/// let d = at.at(Diagnostic::new("bad", "c is wrong").key("b.c"), None);
/// assert_eq!(d.to_string(), "f.toml:3:5: c is wrong (at `b.c`)");
/// assert_eq!(d, Source::new(Some("f.toml"), text).at(Diagnostic::new("bad", "c is wrong").key("b.c"), None));
/// ```
#[derive(Debug)]
pub struct Locator<'a> {
    source: Source<'a>,
    /// Byte offset of each line's start, and the characters before each block of the text.
    lines: std::cell::OnceCell<Lines>,
    /// The parsed document, for key paths (`None`: it does not parse).
    tree: std::cell::OnceCell<Option<Spanned<toml::de::DeTable<'a>>>>,
}

impl<'a> Locator<'a> {
    /// A locator for one source.
    pub fn new(source: Source<'a>) -> Self {
        Locator {
            source,
            lines: std::cell::OnceCell::new(),
            tree: std::cell::OnceCell::new(),
        }
    }

    /// The source.
    pub fn source(&self) -> Source<'a> {
        self.source
    }

    /// [`Source::locate`], by binary search over the line starts; the column counted from the
    /// characters before each 256-byte block, so that locating stays quick on a long line.
    pub fn locate(&self, offset: usize) -> Location {
        let text = self.source.text;
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let lines = self.lines.get_or_init(|| Lines::of(text));
        let index = lines
            .starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let line_start = lines.starts.get(index).copied().unwrap_or(0);
        let column = lines.chars_before(text, offset) - lines.chars_before(text, line_start) + 1;
        Location {
            line: u32::try_from(index + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    /// [`Source::span_of`], on the document parsed once.
    pub fn span_of(&self, key: &str) -> Option<Range<usize>> {
        let tree = self.tree.get_or_init(|| {
            crate::internal::work::add_len(self.source.text.len());
            toml::de::DeTable::parse(self.source.text).ok()
        });
        span_in(tree.as_ref()?, key)
    }

    /// [`Source::at`]: the source's name, the span (or the key's place) and its line and column.
    pub fn at<K>(&self, mut d: Diagnostic<K>, span: Option<Range<usize>>) -> Diagnostic<K> {
        d.file = self.source.name.map(str::to_string);
        let span = span.or_else(|| d.key.as_deref().and_then(|k| self.span_of(k)));
        d.location = span.as_ref().map(|s| self.locate(s.start));
        d.span = span;
        d
    }
}

/// Where a text's lines start, and how many characters come before each block of
/// [`Lines::BLOCK`] bytes: a line and column in O(log lines + BLOCK).
#[derive(Debug)]
struct Lines {
    starts: Vec<usize>,
    chars: Vec<usize>,
}

impl Lines {
    /// 256 bytes: locating a problem counts at most two blocks' characters (a map of a hundred
    /// problems in a few kilobytes is located in a few steps a byte), for a table of one number
    /// a block (a thirty-second of the text's size).
    const BLOCK: usize = 256;

    fn of(text: &str) -> Lines {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut chars = Vec::with_capacity(text.len() / Self::BLOCK + 1);
        let mut n = 0;
        for block in text.as_bytes().chunks(Self::BLOCK) {
            chars.push(n);
            n += count_chars(block);
        }
        Lines { starts, chars }
    }

    /// The characters of `text` before byte `offset` (a character boundary).
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let block = offset / Self::BLOCK;
        let start = block * Self::BLOCK;
        let base = self.chars.get(block).copied().unwrap_or_else(|| {
            // `offset` is the text's end, at a block's start.
            self.chars.last().copied().unwrap_or(0)
                + count_chars(&text.as_bytes()[start.saturating_sub(Self::BLOCK)..start])
        });
        base + count_chars(&text.as_bytes()[start.min(offset)..offset])
    }
}

/// The characters in UTF-8 bytes cut anywhere: the bytes that do not continue a character.
fn count_chars(bytes: &[u8]) -> usize {
    crate::internal::work::add_len(bytes.len());
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// `message` with the values it quotes from a document withheld: serde's `invalid type:
/// string "hunter2", expected ...` becomes `invalid type: a string, expected ...`, and likewise
/// for integers, floats, booleans, characters and `unknown variant `x``. Key names stay.
///
/// For documents a state refers to ([`Error::withholding_values`](crate::Error::withholding_values)):
/// when a state names a file that is not what it should be (a map that is someone's
/// configuration file), its diagnostics say where and what kind of thing is wrong without
/// copying the file's values into the output.
pub fn withhold_values(message: &str) -> String {
    // serde's words, and [`read_toml`]'s plain ones.
    const TICKED: [(&str, &str); 6] = [
        ("integer `", "an integer"),
        ("floating point `", "a number"),
        ("boolean `", "a boolean"),
        ("character `", "a character"),
        ("unknown variant `", "unknown variant"),
        ("unknown value `", "unknown value"),
    ];
    const QUOTED: [(&str, &str); 2] = [("the string \"", "a string"), ("string \"", "a string")];
    const WORD: [(&str, &str); 2] = [
        ("the number ", "a number"),
        ("the character ", "a character"),
    ];
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    'scan: while !rest.is_empty() {
        for (start, word) in QUOTED {
            if let Some(after) = rest.strip_prefix(start) {
                out.push_str(word);
                rest = after_quoted(after);
                continue 'scan;
            }
        }
        for (start, word) in TICKED {
            if let Some(after) = rest.strip_prefix(start) {
                out.push_str(word);
                rest = after.find('`').map_or("", |end| &after[end + 1..]);
                continue 'scan;
            }
        }
        for (start, word) in WORD {
            if let Some(after) = rest.strip_prefix(start) {
                out.push_str(word);
                let end = after
                    .find(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ')'))
                    .unwrap_or(after.len());
                rest = &after[end..];
                continue 'scan;
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}

/// What follows a string written with `{:?}`: it ends at the first unescaped quote.
fn after_quoted(text: &str) -> &str {
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return &text[i + 1..],
            _ => escaped = false,
        }
    }
    ""
}

/// Collects diagnostics, stamping each with the source.
#[derive(Debug)]
pub struct Collector<'a, K> {
    at: Locator<'a>,
    found: Vec<Diagnostic<K>>,
}

impl<'a, K> Collector<'a, K> {
    /// A collector for one source.
    pub fn new(source: Source<'a>) -> Self {
        Collector {
            at: Locator::new(source),
            found: Vec::new(),
        }
    }

    /// The source being read.
    pub fn source(&self) -> Source<'a> {
        self.at.source()
    }

    /// Record a diagnostic at a span (or, without one, at its key's place).
    pub fn push(&mut self, d: Diagnostic<K>, span: Option<Range<usize>>) {
        let d = self.at.at(d, span);
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

    /// A problem is one line, whatever its file, message, help, key and label quote: each part
    /// written through `Inline`.
    #[test]
    fn a_problem_is_one_line() {
        let forged = "X\nFORGED\r\u{1b}[31m\u{202e}";
        for n in [1, 10, 100] {
            let f = forged.repeat(n);
            let mut d = Diagnostic::new("kind", format!("unit `{f}` is used twice"))
                .help(format!("did you mean `{f}`?"))
                .key(format!("units.{f}"))
                .label(f.clone());
            d.file = Some(format!("{f}.toml"));
            d.location = Some(Location::new(2, 3));
            let line = d.to_string();
            assert!(crate::terminal::fits_a_line(&line), "{line}");
            assert_eq!(line.matches("FORGED").count(), 5 * n, "{line}");
            assert!(line.starts_with("X\\nFORGED"), "{line}");
        }
    }

    /// Values quoted from a document are withheld, key names kept.
    #[test]
    fn withhold_values_keeps_keys_and_drops_values() {
        assert_eq!(
            withhold_values("invalid type: string \"hunter2\", expected struct LayoutSpec"),
            "invalid type: a string, expected struct LayoutSpec"
        );
        assert_eq!(
            withhold_values("invalid value: integer `-1`, expected u32"),
            "invalid value: an integer, expected u32"
        );
        assert_eq!(
            withhold_values("unknown variant `secret`, expected `flat` or `pointy`"),
            "unknown variant, expected `flat` or `pointy`"
        );
        assert_eq!(
            withhold_values("unknown field `rodas`"),
            "unknown field `rodas`"
        );
        assert_eq!(
            withhold_values("expected a table, found the string \"hunter2\""),
            "expected a table, found a string"
        );
        assert_eq!(
            withhold_values("expected a string in quotes, found the number 7; x"),
            "expected a string in quotes, found a number; x"
        );
    }

    /// A dotted key deeper than the `toml` crate reads is located at the key, with the limit.
    #[test]
    fn a_key_too_deep_is_located_and_the_limit_stated() {
        let deep = vec!["a"; 10_000].join(".");
        let text = format!("game = \"leyte\"\n[{deep}]\nx = 1\n");
        let e = toml::from_str::<toml::Table>(&text).unwrap_err();
        let d = Source::new(Some("deep.toml"), &text).toml_error("toml", &e);
        assert_eq!(d.location.map(|l| (l.line, l.column)), Some((2, 1)));
        assert!(d.message.contains("at most 80 parts"), "{}", d.message);
        let nested = format!("x = {}{}\n", "[".repeat(500), "]".repeat(500));
        let e = toml::from_str::<toml::Table>(&nested).unwrap_err();
        let d = Source::new(None, &nested).toml_error("toml", &e);
        assert!(d.location.is_some());
        assert!(
            d.message.starts_with("values nested deeper"),
            "{}",
            d.message
        );
        // A key of 79 parts is read.
        let fine = format!("[{}]\nx = 1\n", vec!["a"; 79].join("."));
        assert!(toml::from_str::<toml::Table>(&fine).is_ok());
    }

    /// The locator's cached line starts give what counting from the start gives, at every
    /// offset (multi-byte characters, blank lines, past the end included).
    #[test]
    fn the_locator_locates_as_the_source_does() {
        let text = "a = \"é\"\n\n[b]\r\nc = [1,\n 2]\n東 = 3";
        let source = Source::new(Some("f"), text);
        let at = Locator::new(source);
        for offset in 0..=text.len() + 3 {
            assert_eq!(at.locate(offset), source.locate(offset), "{offset}");
        }
        for key in ["a", "b.c", "b.c[1]", "b.x", "z"] {
            assert_eq!(at.span_of(key), source.span_of(key), "{key}");
        }
    }

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

    /// The locator's lines and columns are the source's, on long lines of multi-byte
    /// characters cut by the blocks anywhere; and on one long line it stays quick (linear).
    #[test]
    fn the_locator_locates_long_lines_as_the_source_does() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(["é", "ab", "東京", "\n", "x\n\n", "𝄞"][i % 6]);
        }
        let source = Source::new(None, &text);
        let locator = Locator::new(source);
        for offset in (0..=text.len() + 2).step_by(7).chain([text.len()]) {
            assert_eq!(locator.locate(offset), source.locate(offset), "{offset}");
        }
        for len in [4096, 8192, 0, 1] {
            let t = "é".repeat(len / 2);
            let s = Source::new(None, &t);
            assert_eq!(Locator::new(s).locate(t.len()), s.locate(t.len()), "{len}");
        }
        let steps = |n: usize| {
            let line = "<a/>".repeat(n);
            let l = Locator::new(Source::new(None, &line));
            crate::internal::work::take();
            for i in 0..n {
                l.locate(i * 4);
            }
            crate::internal::work::take()
        };
        let (small, large) = (steps(10_000), steps(20_000));
        assert!(large * 10 < small * 22, "{small} -> {large}");
    }
}
