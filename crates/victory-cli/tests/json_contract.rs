//! docs/json.md is checked against the report types: every field the engines' report schemas
//! (derived from the serde types) can print is named in the page's key tables for that game, and
//! every key those tables name is a field of the report. Renaming, adding or removing a report
//! field without updating the page fails here.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

fn json_md() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md");
    std::fs::read_to_string(path).unwrap()
}

/// The text of the page between a heading that starts with `start` and the next heading of the
/// same or a higher level.
fn section<'a>(page: &'a str, start: &str) -> &'a str {
    let page_nl = format!("\n{page}");
    let at = page_nl
        .find(&format!("\n{start}"))
        .unwrap_or_else(|| panic!("docs/json.md has no heading `{start}`"));
    let level = start.chars().take_while(|c| *c == '#').count();
    // `at` is where the heading starts in `page` (the `\n` before it in `page_nl`).
    let rest = &page[at..];
    let body_start = rest.find('\n').map_or(rest.len(), |i| i + 1);
    let end = rest[body_start..]
        .match_indices('\n')
        .map(|(i, _)| body_start + i + 1)
        .find(|&i| {
            let line = &rest[i..];
            let hashes = line.chars().take_while(|c| *c == '#').count();
            hashes > 0 && hashes <= level && line[hashes..].starts_with(' ')
        })
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Every key named in the first column of the section's tables: `` `a` ``, `` `a.b` ``,
/// `` `us`, `japanese` `` all count, each dotted part on its own.
fn table_keys(text: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for line in text.lines() {
        let Some(row) = line.strip_prefix('|') else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("");
        for token in first.split('`').skip(1).step_by(2) {
            if token == "key" || token.contains(' ') {
                continue;
            }
            for part in token.split('.') {
                if !part.is_empty() && part != "..." {
                    keys.insert(part.to_string());
                }
            }
        }
    }
    keys
}

/// Every property name anywhere in a schema (its definitions included).
fn schema_keys(schema: &Value, out: &mut BTreeSet<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get("properties") {
                out.extend(props.keys().cloned());
            }
            for v in map.values() {
                schema_keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| schema_keys(v, out)),
        _ => {}
    }
}

fn check(game: &str, heading: &str, schema: Value) {
    let page = json_md();
    // The keys every report has (`schema_version`, ...) are in the table that opens the
    // `score --format json` section, before its first game.
    let common = section(&page, "## `victory score --format json`");
    let common = &common[..common.find("\n### ").unwrap_or(common.len())];
    let mut documented = table_keys(section(&page, heading));
    documented.extend(table_keys(common));
    documented.remove("game"); // added by the CLI, not part of the report
    documented.remove("file");
    let mut fields = BTreeSet::new();
    schema_keys(&schema, &mut fields);
    let missing: Vec<_> = fields.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "{game}: report fields not in docs/json.md's tables under `{heading}`: {missing:?}"
    );
    let stale: Vec<_> = documented.difference(&fields).collect();
    assert!(
        stale.is_empty(),
        "{game}: docs/json.md names keys the report does not have: {stale:?}"
    );
}

#[test]
fn leyte_tables_match_the_report_schema() {
    let schema = serde_json::to_value(leyte_victory::report_schema()).unwrap();
    check("leyte", "### Leyte (", schema);
}

#[test]
fn dai_senso_tables_match_the_report_schema() {
    let schema = serde_json::to_value(asia_engulfed_victory::report_schema()).unwrap();
    check("dai-senso", "### Axis Empires: Dai Senso!", schema);
}

#[test]
fn a_renamed_field_is_caught() {
    let page = "### G\n| key | type |\n|---|---|\n| `total` | integer |\n| `us`, `japanese` | object |\n| `ratio.us` | integer |\n## next\n| `other` | x |\n";
    let keys = table_keys(section(page, "### G"));
    assert_eq!(
        keys.into_iter().collect::<Vec<_>>(),
        ["japanese", "ratio", "total", "us"]
    );
    let schema = serde_json::json!({"properties": {"total": {}, "us": {}, "japanese": {}, "ratio": {"properties": {"us": {}}}, "renamed": {}}});
    let mut fields = BTreeSet::new();
    schema_keys(&schema, &mut fields);
    assert!(fields.contains("renamed") && !table_keys(page).contains("renamed"));
}

/// Every diagnostic of every invalid fixture, as snapshotted (each crate's `diagnostics@`
/// snapshots and the command line's `check`), speaks a player's words and is located: a file
/// and a line on each, and none of serde's phrasings or Rust's type names.
#[test]
fn diagnostics_name_no_rust_types_and_are_located() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let forbidden = [
        "invalid type:",
        "invalid value:",
        "missing field",
        "unknown field",
        "unknown variant",
        "u8",
        "u16",
        "u32",
        "u64",
        "i32",
        "i64",
        "usize",
        "struct ",
        "Spanned",
    ];
    let mut lines = 0;
    for krate in [
        "hexmap",
        "leyte-victory",
        "asia-engulfed-victory",
        "victory-cli",
    ] {
        let dir = root.join("crates").join(krate).join("tests/snapshots");
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !(name.contains("diagnostics@") || name.starts_with("cli__check_text")) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // The body: after the header's closing `---`.
            let body = text.splitn(3, "---\n").nth(2).unwrap();
            for line in body.lines().filter(|l| !l.trim().is_empty()) {
                lines += 1;
                let mut parts = line.splitn(4, ':');
                let (file, row) = (parts.next().unwrap(), parts.next().unwrap_or(""));
                assert!(!file.is_empty(), "{name}: no file in {line}");
                assert!(row.parse::<u32>().is_ok(), "{name}: no line in {line}");
                let message = parts.nth(1).unwrap_or("");
                for word in forbidden {
                    assert!(!message.contains(word), "{name}: `{word}` in {line}");
                }
            }
        }
    }
    assert!(lines > 50, "{lines} diagnostics scanned");
}
