//! Every Rust program in the root README is a file that CI compiles: each ```rust block follows an
//! `<!-- example: PATH -->` line naming an example of one of the crates, and equals that file,
//! so the README cannot drift from code that builds.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// `(example path, block text)` for each Rust block of a Markdown text; `None` for a block with
/// no marker line right before it.
fn rust_blocks(markdown: &str) -> Vec<(Option<String>, String)> {
    let mut blocks = Vec::new();
    let mut marker: Option<String> = None;
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.trim().strip_prefix("<!-- example:") {
            marker = Some(rest.trim_end_matches("-->").trim().to_string());
            continue;
        }
        if line.trim() == "```rust" {
            let mut body = String::new();
            for l in lines.by_ref() {
                if l.trim() == "```" {
                    break;
                }
                body.push_str(l);
                body.push('\n');
            }
            blocks.push((marker.take(), body));
            continue;
        }
        if !line.trim().is_empty() {
            marker = None;
        }
    }
    blocks
}

#[test]
fn readme_programs_are_the_compiled_examples() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let blocks = rust_blocks(&readme);
    assert!(blocks.len() >= 3, "the README shows the engines' programs");
    for (marker, body) in blocks {
        let path = marker.unwrap_or_else(|| {
            panic!("a ```rust block without an <!-- example: PATH --> line:\n{body}")
        });
        assert!(
            path.starts_with("crates/") && path.contains("/examples/"),
            "{path}: README programs are crate examples, so CI compiles them"
        );
        let file =
            std::fs::read_to_string(root().join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        // The file may open with a `//!` header (how to run it); the README shows the rest.
        let code: String = file
            .lines()
            .skip_while(|l| l.starts_with("//!"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(body, code, "the README's block differs from {path}");
    }
}

#[test]
fn a_block_without_marker_is_found() {
    let blocks = rust_blocks("text\n```rust\nfn main() {}\n```\n");
    assert_eq!(blocks, [(None, "fn main() {}\n".to_string())]);
    let blocks = rust_blocks("<!-- example: crates/a/examples/b.rs -->\n```rust\nx\n```\n");
    assert_eq!(blocks[0].0.as_deref(), Some("crates/a/examples/b.rs"));
}
