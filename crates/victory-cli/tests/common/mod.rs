//! What the end-to-end tests of `victory` share: the repository's root, and a run of the
//! binary from it.

#![allow(dead_code, clippy::unwrap_used, clippy::panic)] // each test file uses what it needs

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The repository's root (where `fixtures/` is).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `victory ARGS` run from the root: its exit status, stdout and stderr (a panic fails the test).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("victory")
        .unwrap()
        .current_dir(root())
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        stderr,
    )
}
