//! One snapshot per fixture: the readable report and the JSON report of every
//! `fixtures/leyte/*.toml`, and the diagnostics of every `fixtures/leyte/invalid/*.toml`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::Path;

use hexmap::resolve::FsResolver;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Read a fixture and name it relative to the workspace root (`fixtures/leyte/x.toml`), so
/// snapshots do not depend on where the checkout is; the resolver reads relative to the root.
fn read(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path
        .strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .into_owned();
    (text, name)
}

#[test]
fn reports() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/leyte", "*.toml", |path| {
        let (text, name) = read(path);
        let report = leyte_victory::score_toml(&text, Some(&name), &resolver)
            .unwrap_or_else(|e| panic!("{e}"));
        insta::assert_snapshot!("text", report.to_string());
        insta::assert_json_snapshot!("json", report);
    });
}

#[test]
fn invalid_inputs_report_every_problem() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/leyte/invalid", "*.toml", |path| {
        let (text, name) = read(path);
        let err = leyte_victory::score_toml(&text, Some(&name), &resolver).unwrap_err();
        insta::assert_snapshot!(err.to_string());
    });
}
