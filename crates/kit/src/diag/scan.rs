//! Looks at a TOML text line by line before it is parsed: cheap (no allocation, one pass), for
//! what must be refused before a parse would cost memory in proportion to it (too many entries
//! of an array of tables), or known before the document is read as what it is meant to be (a
//! state named where a map is expected).
//!
//! These are scans, not parses: a line inside a multi-line string counts as a line. Use them to
//! refuse or to word a problem, never to read a value the parse reads.

use std::ops::Range;

/// Every array-of-tables header (`[[units]]`, `[[ scenario.objectives ]]`) of the text, in
/// order: its name as written between the brackets (trimmed) and the span of the header.
///
/// ```
/// use wargame_kit::internal::table_array_headers;
/// let text = "game = \"leyte\"\n[[units]]\nid = \"A\"\n  [[ units ]]\n[[eliminated]]\n";
/// let names: Vec<&str> = table_array_headers(text).map(|(name, _)| name).collect();
/// assert_eq!(names, ["units", "units", "eliminated"]);
/// let (_, span) = table_array_headers(text).nth(1).unwrap();
/// assert_eq!(&text[span], "[[ units ]]");
/// ```
pub fn table_array_headers(text: &str) -> impl Iterator<Item = (&str, Range<usize>)> {
    lines(text).filter_map(|(start, line)| {
        let trimmed = line.trim_start();
        let at = start + (line.len() - trimmed.len());
        let inner = trimmed.strip_prefix("[[")?;
        let close = inner.find("]]")?;
        let name = inner[..close].trim();
        Some((name, at..at + close + 4))
    })
}

/// The value of a top-level `key = "value"` (a basic or literal string on one line) written
/// before the first table header, if the text has one.
///
/// ```
/// use wargame_kit::internal::top_level_string;
/// let state = "# a state\ngame = \"leyte\"\nmap = 'm.toml'\n[scenario]\ngame = \"x\"\n";
/// assert_eq!(top_level_string(state, "game"), Some("leyte"));
/// assert_eq!(top_level_string(state, "map"), Some("m.toml"));
/// assert_eq!(top_level_string(state, "name"), None);
/// ```
pub fn top_level_string<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    for (_, line) in lines(text) {
        let line = line.trim();
        if line.starts_with('[') {
            return None;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let k = k.trim();
        let k = k
            .strip_prefix('"')
            .and_then(|k| k.strip_suffix('"'))
            .unwrap_or(k);
        if k != key {
            continue;
        }
        let v = v.trim();
        for quote in ['"', '\''] {
            if let Some(rest) = v.strip_prefix(quote)
                && let Some(end) = rest.find(quote)
            {
                return Some(&rest[..end]);
            }
        }
        return None;
    }
    None
}

/// Each line with the offset it starts at.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |line| {
        let at = start;
        start += line.len();
        (at, line.trim_end_matches(['\n', '\r']))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_keys_in_awkward_places() {
        let text = "\u{feff}x = 1\r\n[[a]]\r\n[b]\r\n[[a.b]] # c\r\n[ [no]]\r\n";
        let found: Vec<(&str, &str)> = table_array_headers(text)
            .map(|(n, s)| (n, &text[s]))
            .collect();
        assert_eq!(found, [("a", "[[a]]"), ("a.b", "[[a.b]]")]);
        assert_eq!(top_level_string("game=\"x\"", "game"), Some("x"));
        assert_eq!(top_level_string("\"game\" = \"x\"", "game"), Some("x"));
        assert_eq!(top_level_string("game = 3", "game"), None);
        assert_eq!(top_level_string("[t]\ngame = \"x\"", "game"), None);
        assert_eq!(top_level_string("game = \"unclosed", "game"), None);
    }
}
