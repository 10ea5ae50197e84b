//! A file's `[expect]` table as written, and what makes a file a case of a suite (a top-level
//! `game` key or `[vassal]` table), read with every key's place in the text.
//!
//! The engines check the table's shape when they read a state (an unknown key is told with
//! "did you mean"); here it is read as plain TOML values, so that a file the engine refuses
//! still says which problems it expects. A file that is not TOML at all (a syntax error) is
//! read line by line instead: a `game` key before the first table header, a `[vassal]` header,
//! and the `[expect]` table on its own, from its header to the next header or the end.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// What a suite reads of a file before scoring it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Head {
    /// A top-level `game` key.
    pub game: bool,
    /// A top-level `[vassal]` table (a VASSAL case file).
    pub vassal: bool,
    /// A VASSAL profile's table (`[state]`, `[board]`, `[[pieces]]`, `[[markers]]`,
    /// `[[counts]]`): a `game` key there names a profile's game, not a state's.
    pub profile: bool,
    /// A top-level `layout` table: a map file.
    pub map: bool,
    /// Whether the whole text is TOML.
    pub toml: bool,
    /// The `[expect]` table.
    pub expect: Expectations,
}

impl Head {
    /// Whether the file is a case of a suite.
    pub fn is_case(&self) -> bool {
        (self.game && !self.profile) || self.vassal
    }
}

/// The `[expect]` table as written.
#[derive(Clone, Debug, Default)]
pub(crate) struct Expectations {
    /// Each key but a `json` table, in file order.
    pub keys: Vec<Entry>,
    /// The `json` table's pointers, in file order.
    pub json: Vec<Entry>,
}

impl Expectations {
    /// Whether it pins nothing.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.json.is_empty()
    }

    /// The entry of `key`.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.keys.iter().find(|e| e.key == key)
    }
}

/// One key of `[expect]` (or of its `json` table) with its value.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    /// The key (a JSON Pointer in `json`).
    pub key: String,
    /// Its value.
    pub value: toml::Value,
    /// Where the key is written in the file (bytes).
    pub span: Range<usize>,
}

/// What a suite reads of `text`.
pub(crate) fn head(text: &str) -> Head {
    match DeTable::parse(text) {
        Ok(root) => {
            let root = root.get_ref();
            Head {
                game: lookup(root, "game").is_some(),
                vassal: matches!(
                    lookup(root, "vassal").map(Spanned::get_ref),
                    Some(DeValue::Table(_))
                ),
                profile: PROFILE_TABLES.iter().any(|t| lookup(root, t).is_some()),
                map: matches!(
                    lookup(root, "layout").map(Spanned::get_ref),
                    Some(DeValue::Table(_))
                ),
                toml: true,
                expect: expectations(root, 0),
            }
        }
        Err(_) => by_lines(text),
    }
}

/// The top-level tables of a VASSAL profile that no state file has.
const PROFILE_TABLES: [&str; 5] = ["state", "board", "pieces", "markers", "counts"];

/// The value of `key` in a table.
fn lookup<'a, 'i>(table: &'a DeTable<'i>, key: &str) -> Option<&'a Spanned<DeValue<'i>>> {
    table
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)
        .map(|(_, v)| v)
}

/// The `[expect]` table of a document (its spans `offset` bytes into the file).
fn expectations(root: &DeTable<'_>, offset: usize) -> Expectations {
    let Some(DeValue::Table(table)) = lookup(root, "expect").map(Spanned::get_ref) else {
        return Expectations::default();
    };
    let mut out = Expectations::default();
    for entry in entries(table, offset) {
        match (
            entry.key.as_str(),
            lookup(table, "json").map(Spanned::get_ref),
        ) {
            (wargame_kit::internal::expect::JSON, Some(DeValue::Table(json))) => {
                out.json = entries(json, offset);
            }
            _ => out.keys.push(entry),
        }
    }
    out
}

/// Every key of a table with its value, in file order (a value TOML cannot hold is left out:
/// the engine's reading says what is wrong with it).
fn entries(table: &DeTable<'_>, offset: usize) -> Vec<Entry> {
    let mut out: Vec<Entry> = table
        .iter()
        .filter_map(|(k, v)| {
            let value = toml::Value::deserialize(ValueDeserializer::from(v.clone())).ok()?;
            let span = k.span();
            Some(Entry {
                key: k.get_ref().to_string(),
                value,
                span: span.start + offset..span.end + offset,
            })
        })
        .collect();
    out.sort_by_key(|e| e.span.start);
    out
}

/// [`head`] of a text that is not TOML, line by line.
fn by_lines(text: &str) -> Head {
    let mut head = Head::default();
    let mut top = true;
    // The `[expect]` section, and whether it runs on to the line being read.
    let mut expect: Option<Range<usize>> = None;
    let mut open = false;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if let Some(header) = table_header(trimmed) {
            top = false;
            if open && let Some(section) = &mut expect {
                section.end = start;
                open = false;
            }
            head.vassal |= header == "vassal";
            let first = header.split('.').next().unwrap_or(header);
            head.profile |= PROFILE_TABLES.contains(&first);
            if header == "expect" && expect.is_none() {
                expect = Some(start..text.len());
                open = true;
            }
        } else if top && key_of(trimmed) == Some("game") {
            head.game = true;
        }
        start += line.len();
    }
    if let Some(section) = expect
        && let Ok(root) = DeTable::parse(&text[section.clone()])
    {
        head.expect = expectations(root.get_ref(), section.start);
    }
    head
}

/// The name of a `[table]` header line (not an array of tables), without quotes or spaces.
fn table_header(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('[')?;
    if inner.starts_with('[') {
        return Some("");
    }
    let name = inner.split(']').next()?.trim();
    Some(name.trim_matches('"'))
}

/// The key of a `key = value` line.
fn key_of(line: &str) -> Option<&str> {
    let (key, _) = line.split_once('=')?;
    Some(key.trim().trim_matches('"'))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reads_keys_in_file_order_with_their_places() {
        let text = "game = \"leyte\"\n[scenario]\nname = \"x\"\n\n[expect]\nus = 25\nlevel = \"draw\"\njson = { \"/b\" = 1, \"/a\" = \"x\" }\n";
        let head = head(text);
        assert!(head.game && head.toml && !head.vassal && head.is_case());
        let keys: Vec<&str> = head.expect.keys.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["us", "level"]);
        assert_eq!(&text[head.expect.keys[1].span.clone()], "level");
        let json: Vec<&str> = head.expect.json.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(json, ["/b", "/a"]);
        assert_eq!(&text[head.expect.json[0].span.clone()], "\"/b\"");
        assert_eq!(
            head.expect.get("us").unwrap().value,
            toml::Value::Integer(25)
        );
    }

    #[test]
    fn a_file_that_is_not_toml_is_read_by_lines() {
        let text = "# c\ngame = \"dai-senso\ncheck = 1\n[rules]\nx = 1\n\n[expect]\nproblems = [\"toml\"]\n";
        let head = head(text);
        assert!(head.game && !head.toml);
        let problems = head.expect.get("problems").unwrap();
        assert_eq!(&text[problems.span.clone()], "problems");
        let vassal = head_of("[vassal]\nsave = \"a.vsav\n[expect]\nlevel = \"draw\"\n[other]\n");
        assert!(vassal.vassal && !vassal.game && vassal.expect.get("level").is_some());
        // A key after the first header is not the top-level `game`.
        assert!(!head_of("[scenario]\ngame = \"x\n").game);
    }

    fn head_of(text: &str) -> Head {
        head(text)
    }
}
