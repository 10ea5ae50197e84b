//! Every fixture under `fixtures/asia-engulfed/`: the text and JSON reports of the valid ones,
//! the diagnostics of the invalid ones.

use std::path::{Component, Path, PathBuf};

use asia_engulfed_victory::{Rules, State, evaluate};
use hexmap::resolve::{Document, ResolveError, Resolver};

/// Reads a referenced file relative to the referring fixture (tests only: the crate reads no
/// files). Names in diagnostics are kept relative to `fixtures/asia-engulfed/` so snapshots do
/// not depend on the checkout's path.
struct FixtureResolver {
    root: PathBuf,
}

impl Resolver for FixtureResolver {
    fn resolve(&self, reference: &str, from: Option<&str>) -> Result<Document, ResolveError> {
        let base = from
            .and_then(|f| Path::new(f).parent())
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let mut name = PathBuf::new();
        for c in base.join(reference).components() {
            match c {
                Component::ParentDir => {
                    name.pop();
                }
                Component::CurDir => {}
                other => name.push(other),
            }
        }
        let text = std::fs::read_to_string(self.root.join(&name)).map_err(|e| ResolveError {
            reference: reference.to_string(),
            reason: format!("{}: {}", name.display(), e.kind()),
        })?;
        Ok(Document {
            name: name.to_string_lossy().replace('\\', "/"),
            text,
        })
    }
}

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
    let resolver = FixtureResolver { root: root() };
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
    let resolver = FixtureResolver { root: root() };
    insta::glob!(
        "../../../fixtures/asia-engulfed/invalid",
        "*.toml",
        |path| {
            let text = std::fs::read_to_string(path).unwrap();
            let name = relative_name(path);
            let err = State::from_toml_str(&text, Some(&name), &resolver)
                .expect_err("an invalid fixture must not read");
            for d in &err.diagnostics {
                assert!(d.file.is_some(), "{name}: {d} has no file");
                assert!(d.location.is_some(), "{name}: {d} has no line");
            }
            settings().bind(|| insta::assert_snapshot!("diagnostics", err.to_string()));
        }
    );
}
