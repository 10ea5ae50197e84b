//! What the fixture tests share: the workspace root, the Leyte fixtures, loading and scoring
//! one of them.

#![allow(dead_code, clippy::unwrap_used, clippy::panic)] // each test file uses some; tests fail loudly

use std::path::{Path, PathBuf};

use leyte_victory::{Report, State};
use wargame_kit::resolve::FsResolver;

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every Leyte fixture (not the invalid ones), as named from the root
/// (`fixtures/leyte/x.toml`), sorted.
pub fn fixtures() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("fixtures/leyte"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .map(|n| format!("fixtures/leyte/{n}"))
        .collect();
    names.sort();
    assert!(names.len() > 10);
    names
}

/// Load and score a fixture named from the root.
pub fn scored(name: &str) -> (State, Report) {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let state = State::from_toml_str(&text, Some(name), &FsResolver::confined(root()))
        .unwrap_or_else(|e| panic!("{e}"));
    let report = state.score().unwrap_or_else(|e| panic!("{e}"));
    (state, report)
}
