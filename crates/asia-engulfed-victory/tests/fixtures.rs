//! Every fixture under `fixtures/asia-engulfed/`: the text and JSON reports of the valid ones,
//! the diagnostics of the invalid ones.

use std::path::{Path, PathBuf};

use asia_engulfed_victory::{Rules, State, evaluate};
use hexmap::resolve::FsResolver;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/asia-engulfed")
}

fn relative_name(path: &Path) -> String {
    let canonical = root().canonicalize().unwrap_or_else(|_| root());
    path.strip_prefix(&canonical)
        .or_else(|_| path.strip_prefix(root()))
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn fixtures_report() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/asia-engulfed", "*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = relative_name(path);
        let state = State::from_toml_str(&text, Some(&name), &resolver)
            .unwrap_or_else(|e| panic!("{name} should be valid:\n{e}"));
        let report = evaluate(&state, &Rules::default());
        settings().bind(|| {
            insta::assert_snapshot!("text", report.to_string());
            insta::assert_json_snapshot!("json", report);
        });
    });
}

#[test]
fn invalid_fixtures_diagnostics() {
    let resolver = FsResolver::confined(root());
    insta::glob!(
        "../../../fixtures/asia-engulfed/invalid",
        "*.toml",
        |path| {
            let text = std::fs::read_to_string(path).unwrap();
            let name = relative_name(path);
            let err = State::from_toml_str(&text, Some(&name), &resolver)
                .expect_err("an invalid fixture must not read");
            for d in err.diagnostics() {
                assert!(d.file.is_some(), "{name}: {d} has no file");
                assert!(d.location.is_some(), "{name}: {d} has no line");
            }
            settings().bind(|| insta::assert_snapshot!("diagnostics", err.to_string()));
        }
    );
}

/// Absurd but well-formed numbers neither panic nor exhaust memory: the margins scan stays
/// within the track's finite span however far outside it the CSV lies.
#[test]
fn extreme_counts_and_esv_are_answered() {
    let base = std::fs::read_to_string(root().join("step-three-adds-current-esv.toml")).unwrap();
    let kept: Vec<&str> = base
        .lines()
        .filter(|l| {
            !l.starts_with("current_esv")
                && !l.starts_with("[strategic_warfare_box]")
                && !l.starts_with("allied_collapse")
                && !l.starts_with("military_takeover")
        })
        .collect();
    for (collapse, takeover, esv) in [
        (u32::MAX, 0, i64::MAX),
        (0, u32::MAX, i64::MIN),
        (u32::MAX, u32::MAX, 0),
    ] {
        // Top-level keys first, then the tables of the original file.
        let text = format!(
            "current_esv = {esv}\n{}\n[strategic_warfare_box]\nallied_collapse = {collapse}\nmilitary_takeover = {takeover}\n",
            kept.join("\n")
        );
        let state =
            State::from_toml_str(&text, Some("extreme.toml"), &FsResolver::confined(root()))
                .unwrap();
        let report = evaluate(&state, &Rules::default());
        let sum: i64 = report.csv.terms.iter().map(|t| t.value).sum();
        assert_eq!(report.csv.total, sum);
        let step_one_and_two = i64::from(collapse) - i64::from(takeover);
        assert!(
            (report.csv.total - step_one_and_two).abs() < 1000,
            "{}",
            report.csv.total
        );
    }
}
