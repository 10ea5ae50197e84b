//! The committed `fixtures/vassal/` is what the generator makes: each file the generator makes
//! is committed with those bytes, and every other file there is a `.toml` (a profile or a case
//! file, written by hand). With `UPDATE_FIXTURES=1` the files that differ or are missing are
//! written, and the test fails once more so that the change is seen (`git diff`) and committed;
//! the next run passes. rust-analyzer's sourcegen (`ensure_file_contents`) is the model.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The variable that makes the test write the files.
const UPDATE: &str = "UPDATE_FIXTURES";

/// The repository's root (where `fixtures/` is).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every file under `dir`, by its path under `root` (`/` between names).
fn files_under(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(root, &path, out);
        } else {
            let rel = path.strip_prefix(root).unwrap();
            let names: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.insert(names.join("/"));
        }
    }
}

/// A file the generator makes: every file of `fixtures/vassal/` but the `.toml` ones.
fn is_generated(path: &str) -> bool {
    !path.ends_with(".toml")
}

#[test]
fn fixtures_vassal_is_what_the_generator_makes() {
    let root = root();
    let update = std::env::var_os(UPDATE).is_some_and(|v| v == "1");
    let made = vassal_fixtures::files(&root).unwrap();
    let mut problems = Vec::new();
    for (path, bytes) in &made {
        assert!(
            path.starts_with("fixtures/vassal/") && is_generated(path),
            "the generator makes {path}: not a file of fixtures/vassal/ it owns"
        );
        let problem = match std::fs::read(root.join(path)) {
            Ok(on_disk) if on_disk == *bytes => continue,
            Ok(_) => "differs from what the generator makes",
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => "is missing",
            Err(e) => panic!("{path}: {e}"),
        };
        if update {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, bytes).unwrap();
            problems.push(format!("{path} {problem}: written"));
        } else {
            problems.push(format!("{path} {problem}"));
        }
    }
    let mut committed = BTreeSet::new();
    files_under(&root, &root.join("fixtures/vassal"), &mut committed);
    for path in committed.iter().filter(|p| is_generated(p)) {
        if !made.iter().any(|(p, _)| p == path) {
            problems.push(format!(
                "{path} is not made by the generator (crates/vassal-fixtures): delete it, or make the generator make it"
            ));
        }
    }
    let next = if update {
        "review the change (`git diff fixtures/vassal`), commit it, and run the test again"
            .to_string()
    } else {
        format!(
            "run `{UPDATE}=1 cargo test -p vassal-fixtures` to write what it makes, then review the change (`git diff fixtures/vassal`) and commit it"
        )
    };
    assert!(
        problems.is_empty(),
        "fixtures/vassal/ is not what the generator makes:\n  {}\n{next}",
        problems.join("\n  ")
    );
}
