//! Every limit of every library is listed in docs/reliability.md with its default: each
//! `pub const` and `pub fn` of a crate's `limits` module appears in the document's table of
//! limits (a row naming it), so that a limit added without its documentation fails here.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;
use common::root;

/// The names a `limits.rs` declares public (`pub const NAME`, `pub fn name`).
fn declared(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            // A limit declared elsewhere and re-exported: the last part of its path.
            if let Some(used) = line.strip_prefix("pub use ") {
                let name = used.trim_end_matches(';').rsplit("::").next()?;
                return Some(name.to_string());
            }
            let rest = line
                .strip_prefix("pub const ")
                .or_else(|| line.strip_prefix("pub fn "))?;
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            Some(rest[..end].to_string())
        })
        .collect()
}

#[test]
fn every_limit_is_listed_with_its_default() {
    let doc = std::fs::read_to_string(root().join("docs/reliability.md")).unwrap();
    // The rows of the tables: a line starting with `|` whose first cell names the limit.
    let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("| `")).collect();
    let mut missing = Vec::new();
    let mut seen = 0;
    for dir in std::fs::read_dir(root().join("crates")).unwrap() {
        let dir = dir.unwrap().path();
        let limits = dir.join("src/limits.rs");
        let Ok(text) = std::fs::read_to_string(&limits) else {
            continue;
        };
        for name in declared(&text) {
            seen += 1;
            // Named alone (`NAME`) or by its path (`crate::limits::NAME`).
            let (alone, by_path) = (format!("`{name}`"), format!("::{name}`"));
            let row = rows.iter().find(|r| {
                r.split('|')
                    .nth(1)
                    .is_some_and(|first| first.contains(&alone) || first.contains(&by_path))
            });
            match row {
                // The default: the row's second cell is not empty.
                Some(r) if r.split('|').nth(2).is_some_and(|c| !c.trim().is_empty()) => {}
                _ => missing.push(format!("{}: {name}", limits.display())),
            }
        }
    }
    assert!(
        seen > 30,
        "only {seen} limits found: is the test reading the crates?"
    );
    assert!(
        missing.is_empty(),
        "limits with no row (`| `NAME` | default | what it bounds |) in docs/reliability.md:\n{}",
        missing.join("\n")
    );
}

#[test]
fn declared_names_are_found() {
    let text = "pub const MAX_X: usize = 1;\n    pub fn budget(len: usize) -> usize {}\nconst PRIVATE: u8 = 0;\npub use crate::map::MAX_HEXES;";
    assert_eq!(declared(text), ["MAX_X", "budget", "MAX_HEXES"]);
}
