//! What the docs show is what runs: docs/embedding.md's program for another game's programmer
//! is `crates/hexmap/examples/movement_and_sight.rs` (without its `//!` header), and the output
//! it shows is the example's `.out` file, which the hex crate's `tests/examples.rs` checks
//! against the program's real output.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The body of the first fenced block of `lang` after `heading` in `text`.
fn block<'t>(text: &'t str, heading: &str, lang: &str) -> &'t str {
    let section = text
        .split_once(heading)
        .unwrap_or_else(|| panic!("no `{heading}`"))
        .1;
    let fence = format!("```{lang}\n");
    let start = section
        .find(&fence)
        .unwrap_or_else(|| panic!("no {lang} block after `{heading}`"))
        + fence.len();
    let len = section[start..].find("```").expect("an unclosed block");
    &section[start..start + len]
}

#[test]
fn the_embedding_docs_show_the_movement_and_sight_example_and_its_output() {
    let root = workspace();
    let doc = fs::read_to_string(root.join("docs/embedding.md")).unwrap();
    let heading = "## Another game on the hex crate: movement range and line of sight";
    let example =
        fs::read_to_string(root.join("crates/hexmap/examples/movement_and_sight.rs")).unwrap();
    let program: String = example
        .lines()
        .filter(|l| !l.starts_with("//!"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        block(&doc, heading, "rust"),
        program.trim_start_matches('\n')
    );
    let out =
        fs::read_to_string(root.join("crates/hexmap/examples/movement_and_sight.out")).unwrap();
    assert_eq!(
        block(&doc, heading, "text"),
        out,
        "docs/embedding.md's output is not examples/movement_and_sight.out"
    );
}
