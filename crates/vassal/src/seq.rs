//! VASSAL's `SequenceEncoder`: a list of strings joined by a delimiter, each delimiter inside an
//! element escaped with a backslash, an element quoted with `'` when it ends with a backslash or
//! is itself quoted. Commands, piece types and piece states are all written this way, nested
//! (a tab-separated list of traits whose elements are `;`-separated lists, and so on).

use std::borrow::Cow;

/// The elements of `text` split at `delimiter` as VASSAL reads them (`SequenceEncoder.Decoder`).
///
/// An empty text is one empty element; a delimiter at the very end gives one more empty
/// element; a backslash before a delimiter keeps the delimiter in the element (and the
/// backslash is dropped); an element written between single quotes loses them.
///
/// ```
/// use vassal::seq::Decoder;
/// let parts: Vec<String> = Decoder::new("a;b\\;c;'d\\';", ';').collect();
/// assert_eq!(parts, ["a", "b;c", "d\\", ""]);
/// ```
#[derive(Clone, Debug)]
pub struct Decoder<'a> {
    rest: Option<&'a str>,
    delimiter: char,
}

impl<'a> Decoder<'a> {
    /// A decoder over `text` (`text` itself is one element when it holds no delimiter).
    pub fn new(text: &'a str, delimiter: char) -> Self {
        Decoder {
            rest: Some(text),
            delimiter,
        }
    }

    /// A decoder with no elements at all (VASSAL's decoder of a `null` string).
    pub fn empty(delimiter: char) -> Self {
        Decoder {
            rest: None,
            delimiter,
        }
    }

    /// Whether an element is left.
    pub fn has_more(&self) -> bool {
        self.rest.is_some()
    }

    /// What is left, undecoded (`None` once every element was read).
    pub fn remainder(&self) -> Option<&'a str> {
        self.rest
    }

    /// The next element, or `default` when none is left.
    pub fn next_or(&mut self, default: &str) -> String {
        self.next().unwrap_or_else(|| default.to_string())
    }

    /// The next element as a Java `int` (`Integer.parseInt`), or `default` when none is left
    /// or it is not one (`nextInt` consumes the element either way).
    pub fn next_int(&mut self, default: i32) -> i32 {
        match self.next() {
            Some(s) => parse_java_int(&s).unwrap_or(default),
            None => default,
        }
    }

    /// The next element as a boolean (`"true"` only), or `default` when none is left.
    pub fn next_bool(&mut self, default: bool) -> bool {
        match self.next() {
            Some(s) => s == "true",
            None => default,
        }
    }
}

impl<'a> Decoder<'a> {
    /// The next element, borrowed from the text when it has no escape or quotes to remove.
    pub fn next_cow(&mut self) -> Option<Cow<'a, str>> {
        let text = self.rest?;
        let d = self.delimiter;
        let dl = d.len_utf8();
        let Some(first) = text.find(d) else {
            self.rest = None;
            return Some(unquote(Cow::Borrowed(text)));
        };
        let mut end = Some(first);
        let mut begin = 0;
        let mut out: Option<String> = None;
        // Each delimiter preceded by a backslash is part of the element.
        while let Some(e) = end {
            if begin >= e || !text[..e].ends_with('\\') {
                break;
            }
            out.get_or_insert_with(String::new)
                .push_str(&text[begin..e - 1]);
            begin = e;
            end = text[e + dl..].find(d).map(|i| i + e + dl);
        }
        let stop = end.unwrap_or(text.len());
        let token = match out {
            None => Cow::Borrowed(&text[..stop]),
            Some(mut o) => {
                o.push_str(&text[begin..stop]);
                Cow::Owned(o)
            }
        };
        self.rest = match end {
            None => None,
            Some(e) => {
                let after = e + dl;
                Some(if after >= text.len() {
                    ""
                } else {
                    &text[after..]
                })
            }
        };
        Some(unquote(token))
    }
}

impl Iterator for Decoder<'_> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        self.next_cow().map(Cow::into_owned)
    }
}

/// An element written between single quotes loses them (a single `'` stays).
fn unquote(s: Cow<'_, str>) -> Cow<'_, str> {
    if s.len() > 1 && s.starts_with('\'') && s.ends_with('\'') {
        match s {
            Cow::Borrowed(b) => Cow::Borrowed(&b[1..b.len() - 1]),
            Cow::Owned(o) => Cow::Owned(o[1..o.len() - 1].to_string()),
        }
    } else {
        s
    }
}

/// Java's `Integer.parseInt`: an optional sign and ASCII digits, within `i32`.
pub fn parse_java_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i32>().ok()
}

/// VASSAL's `SequenceEncoder`: builds what [`Decoder`] reads back.
///
/// ```
/// use vassal::seq::{Decoder, Encoder};
/// let text = Encoder::new(';').push("a").push("b;c").push("d\\").finish();
/// assert_eq!(text, "a;b\\;c;'d\\'");
/// let parts: Vec<String> = Decoder::new(&text, ';').collect();
/// assert_eq!(parts, ["a", "b;c", "d\\"]);
/// ```
#[derive(Clone, Debug)]
pub struct Encoder {
    buffer: Option<String>,
    delimiter: char,
}

impl Encoder {
    /// An empty sequence.
    pub fn new(delimiter: char) -> Self {
        Encoder {
            buffer: None,
            delimiter,
        }
    }

    /// Append one element.
    #[allow(clippy::should_implement_trait)]
    pub fn push(mut self, element: &str) -> Self {
        let buffer = match self.buffer.as_mut() {
            Some(b) => {
                b.push(self.delimiter);
                b
            }
            None => self.buffer.insert(String::new()),
        };
        let quote =
            element.ends_with('\\') || (element.starts_with('\'') && element.ends_with('\''));
        if quote {
            buffer.push('\'');
        }
        for c in element.chars() {
            if c == self.delimiter {
                buffer.push('\\');
            }
            buffer.push(c);
        }
        if quote {
            buffer.push('\'');
        }
        self
    }

    /// The encoded text (empty when nothing was appended).
    pub fn finish(self) -> String {
        self.buffer.unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str, d: char) -> Vec<String> {
        Decoder::new(s, d).collect()
    }

    #[test]
    fn splits_like_vassal() {
        assert_eq!(split("", ';'), [""]);
        assert_eq!(split(";", ';'), ["", ""]);
        assert_eq!(split("a;", ';'), ["a", ""]);
        assert_eq!(split(";a", ';'), ["", "a"]);
        assert_eq!(split("a\\;b;c", ';'), ["a;b", "c"]);
        assert_eq!(split("a\\;,b", ';'), ["a;,b"]);
        assert_eq!(split("a\\;;b", ';'), ["a;", "b"]);
        assert_eq!(split("'x'", ';'), ["x"]);
        assert_eq!(split("'", ';'), ["'"]);
        assert_eq!(split("\\;", ';'), [";"]);
        assert_eq!(split("é;ü\\;ö", ';'), ["é", "ü;ö"]);
        assert!(Decoder::empty(';').next().is_none());
    }

    #[test]
    fn round_trips() {
        for parts in [
            vec!["a", "b"],
            vec!["", ""],
            vec!["x\\", "'q'", "a;b;c", "\\;"],
            vec!["tab\there"],
        ] {
            let mut e = Encoder::new(';');
            for p in &parts {
                e = e.push(p);
            }
            assert_eq!(split(&e.finish(), ';'), parts);
        }
        let nested = Encoder::new('\t')
            .push(&Encoder::new('\t').push("a").push("b").finish())
            .push("c")
            .finish();
        let outer = split(&nested, '\t');
        assert_eq!(split(&outer[0], '\t'), ["a", "b"]);
    }

    #[test]
    fn java_ints() {
        assert_eq!(parse_java_int("12"), Some(12));
        assert_eq!(parse_java_int("-3"), Some(-3));
        assert_eq!(parse_java_int("+3"), Some(3));
        assert_eq!(parse_java_int("2147483648"), None);
        assert_eq!(parse_java_int(" 1"), None);
        assert_eq!(parse_java_int(""), None);
        assert_eq!(parse_java_int("-"), None);
    }
}
