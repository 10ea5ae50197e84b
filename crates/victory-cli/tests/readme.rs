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

/// What installing `victory` takes is said truthfully wherever it is said: cargo, from a clone
/// (`cargo install --locked --path crates/victory-cli`, the package whose binary is `victory`);
/// the registry only as what will work once the crates are published; and no page says that no
/// Rust toolchain is needed.
#[test]
fn every_doc_says_what_installing_takes() {
    let mut pages = vec![root().join("README.md")];
    for folder in ["docs", "crates"] {
        for entry in std::fs::read_dir(root().join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            } else if path.join("README.md").is_file() {
                pages.push(path.join("README.md"));
            }
        }
    }
    assert!(pages.len() > 10, "{pages:?}");
    let from_clone = "cargo install --locked --path crates/victory-cli";
    let from_registry = "cargo install --locked victory-cli";
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let lower = flat.to_lowercase();
        for claim in [
            "no rust toolchain",
            "no rust is needed",
            "without a rust toolchain",
            "no toolchain",
            "without cargo",
        ] {
            assert!(!lower.contains(claim), "{}: says `{claim}`", page.display());
        }
        for (at, _) in flat.match_indices(from_registry) {
            let mut start = at.saturating_sub(120);
            while !flat.is_char_boundary(start) {
                start -= 1;
            }
            let before = &flat[start..at];
            assert!(
                before.to_lowercase().contains("once"),
                "{}: `{from_registry}` without saying it works only once published",
                page.display()
            );
        }
        // Every `cargo install` of the command is one of the two forms.
        for (at, _) in flat.match_indices("cargo install") {
            let command: String = flat[at..].chars().take(60).collect();
            let command = command.split('`').next().unwrap_or_default();
            if command.contains("victory") {
                assert!(
                    command.starts_with(from_clone) || command.starts_with(from_registry),
                    "{}: {command}",
                    page.display()
                );
            }
        }
    }
    for page in [
        "README.md",
        "docs/suites.md",
        "crates/victory-cli/README.md",
    ] {
        let text = std::fs::read_to_string(root().join(page)).unwrap();
        assert!(text.contains(from_clone), "{page} says how to install");
    }
    let manifest = std::fs::read_to_string(root().join("crates/victory-cli/Cargo.toml")).unwrap();
    assert!(manifest.contains("name = \"victory-cli\"\n"));
    assert!(manifest.contains("[[bin]]\nname = \"victory\"\n"));
}
