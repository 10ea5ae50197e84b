//! `victory test --accept`: the actual values written into a file's `[expect]` with a
//! format-preserving TOML editor (`toml_edit`), every other byte and comment kept: a value
//! replaced keeps the spaces and the comment around it, a new key goes at the end of the
//! table, and a file without `[expect]` gets one appended at its end.

use toml_edit::{DocumentMut, InlineTable, Item, Table, TableLike};

use crate::compare::Plan;
use crate::value::to_edit;

/// `text` with `plan` written into its `[expect]`, or why it cannot be.
pub(crate) fn edit(text: &str, plan: &Plan) -> Result<String, String> {
    // A file with CRLF line ends is edited with LF ones and given its CRLFs back: the editor
    // writes LF.
    let crlf = text.contains("\r\n");
    if crlf && text.replace("\r\n", "").contains('\n') {
        return Err(
            "its line ends mix CRLF and LF: write one kind, or its [expect] by hand".into(),
        );
    }
    let plain = if crlf {
        text.replace("\r\n", "\n")
    } else {
        text.to_string()
    };
    let mut doc: DocumentMut = plain
        .parse()
        .map_err(|_| "the file is not TOML: fix it, or write its [expect] by hand".to_string())?;
    // The editor must give the file back as it was, but for a final line end it adds.
    let unchanged = doc.to_string();
    if unchanged != plain && unchanged != format!("{plain}\n") {
        return Err(
            "the TOML editor would not keep the file's other bytes: write its [expect] by hand"
                .into(),
        );
    }
    write(&mut doc, plan)?;
    let edited = doc.to_string();
    Ok(if crlf {
        edited.replace('\n', "\r\n")
    } else {
        edited
    })
}

/// `plan` into the document's `[expect]` (appended at the end when it has none).
fn write(doc: &mut DocumentMut, plan: &Plan) -> Result<(), String> {
    if !doc.contains_key("expect") {
        append_table(doc);
    }
    let expect = doc
        .get_mut("expect")
        .and_then(Item::as_table_like_mut)
        .ok_or("its `expect` is not a table")?;
    for (key, value) in &plan.keys {
        set(expect, key, value.as_ref());
    }
    if plan.json.is_empty() {
        return Ok(());
    }
    if !expect.contains_key(wargame_kit::internal::expect::JSON) {
        expect.insert(
            wargame_kit::internal::expect::JSON,
            Item::Value(InlineTable::new().into()),
        );
    }
    let item = expect
        .get_mut(wargame_kit::internal::expect::JSON)
        .ok_or("its `expect.json` is not a table")?;
    let json = item
        .as_table_like_mut()
        .ok_or("its `expect.json` is not a table")?;
    for (pointer, value) in &plan.json {
        set(json, pointer, value.as_ref());
    }
    let empty = json.is_empty();
    // A pointer taken out of `json = { ... }` takes its spaces with it: that one line is
    // spaced anew.
    if plan.json.iter().any(|(_, v)| v.is_none())
        && let Some(inline) = item.as_inline_table_mut()
    {
        inline.fmt();
    }
    if empty {
        expect.remove(wargame_kit::internal::expect::JSON);
    }
    Ok(())
}

/// An empty `[expect]` at the very end of the document, after a blank line: the comments and
/// blank lines that end the file stay before it, byte for byte.
fn append_table(doc: &mut DocumentMut) {
    let trailing = doc.trailing().as_str().unwrap_or_default().to_string();
    let before = doc.to_string();
    let mut prefix = trailing.clone();
    if !prefix.is_empty() && !prefix.ends_with('\n') {
        prefix.push('\n');
    }
    // What the document renders before the table: everything but its end, then the prefix.
    let body = before.strip_suffix(trailing.as_str()).unwrap_or(&before);
    let text = format!("{body}{prefix}");
    if !(text.is_empty() || text.ends_with("\n\n")) {
        prefix.push('\n');
    }
    doc.set_trailing("");
    let mut table = Table::new();
    table.decor_mut().set_prefix(prefix);
    doc.insert("expect", Item::Table(table));
}

/// `key = value` in a table, keeping the spaces and comment around a value it replaces;
/// `None` removes the key.
fn set(table: &mut dyn TableLike, key: &str, value: Option<&toml::Value>) {
    let Some(value) = value else {
        table.remove(key);
        return;
    };
    let mut new = to_edit(value);
    if let Some(old) = table.get_mut(key).and_then(Item::as_value_mut) {
        *new.decor_mut() = old.decor().clone();
        *old = new;
    } else {
        table.insert(key, Item::Value(new));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::value::show;

    fn text(s: &str) -> Option<toml::Value> {
        Some(toml::Value::String(s.to_string()))
    }

    #[test]
    fn appends_a_table_and_keeps_every_other_byte() {
        let before = "# a note\ngame = \"leyte\"   # the game\n\n[scenario]\nname = 'x'\n";
        let plan = Plan {
            keys: vec![
                ("level".into(), text("draw")),
                ("us".into(), Some(toml::Value::Integer(3))),
            ],
            json: Vec::new(),
        };
        let after = edit(before, &plan).unwrap();
        assert_eq!(
            after,
            format!("{before}\n[expect]\nlevel = \"draw\"\nus = 3\n")
        );
        // Whatever ends the file stays before the table: blank lines, a comment, no line end.
        for end in ["\n\n", "\n# the end\n", "\n\n# the end", ""] {
            let before = format!("game = \"leyte\"{end}");
            let after = edit(&before, &plan).unwrap();
            let table = "[expect]\nlevel = \"draw\"\nus = 3\n";
            assert!(after.starts_with(&before), "{after:?}");
            assert!(after.ends_with(&format!("\n\n{table}")), "{after:?}");
            assert!(after.len() <= before.len() + table.len() + 2, "{after:?}");
        }
        let crlf = before.replace('\n', "\r\n");
        assert_eq!(
            edit(&crlf, &plan).unwrap(),
            format!("{before}\n[expect]\nlevel = \"draw\"\nus = 3\n").replace('\n', "\r\n")
        );
    }

    #[test]
    fn replaces_and_removes_keeping_comments() {
        let before = "game = \"x\"\n[expect]\nlevel = \"us-decisive\"  # agreed\nvp = 3\njson = { \"/a\" = 1, \"/b\" = 2 } # j\n";
        let plan = Plan {
            keys: vec![("level".into(), text("draw")), ("vp".into(), None)],
            json: vec![
                ("/a".into(), Some(toml::Value::Integer(5))),
                ("/b".into(), None),
            ],
        };
        assert_eq!(
            edit(before, &plan).unwrap(),
            "game = \"x\"\n[expect]\nlevel = \"draw\"  # agreed\njson = { \"/a\" = 5 } # j\n"
        );
        assert!(
            edit("game = \"x\n", &plan)
                .unwrap_err()
                .contains("not TOML")
        );
        assert!(
            edit("expect = 3\n", &plan)
                .unwrap_err()
                .contains("not a table")
        );
    }

    #[test]
    fn shows_values_as_toml() {
        let list = toml::Value::Array(vec![
            toml::Value::String("US-1".into()),
            toml::Value::String("a\"b".into()),
        ]);
        assert_eq!(show(&list), "[\"US-1\", 'a\"b']");
        let hostile = toml::Value::String("US\u{1b}]0;x\u{7}\u{202e}-1\"".into());
        assert_eq!(show(&hostile), "\"US\\u001B]0;x\\u0007\\u202E-1\\\"\"");
    }

    /// A string with a line break, a tab or a carriage return is a one-line basic string, never
    /// the multi-line string toml_edit would choose, alone, in a list or in a table, and an
    /// `[expect]` written with one reads back as the value.
    #[test]
    fn writes_line_breaks_as_escapes() {
        for s in [
            "a\nb",
            "a\n\nforged.toml: ok\n",
            "x\ty",
            "x\ry",
            "'''\n\"\"\"\n",
        ] {
            let one = toml::Value::String(s.into());
            let shown = [
                show(&one),
                show(&toml::Value::Array(vec![one.clone(), one.clone()])),
                show(&toml::Value::Table(
                    [("k\nforged".to_string(), one.clone())]
                        .into_iter()
                        .collect(),
                )),
            ];
            for text in shown {
                assert!(!text.contains(['\n', '\r', '\t']), "{s:?}: {text}");
            }
            let plan = Plan {
                keys: vec![("level".into(), Some(one.clone()))],
                json: Vec::new(),
            };
            let after = edit("game = \"leyte\"\n", &plan).unwrap();
            assert_eq!(after.lines().count(), 4, "{after}");
            let back: toml::Table = toml::from_str(&after).unwrap();
            assert_eq!(back["expect"]["level"], one, "{after}");
        }
    }
}
