//! What the end-to-end tests of `victory` share: the repository's root, and runs of the binary
//! checked for the contract that holds on any input (exit status 0, 1 or 2; never a panic or a
//! backtrace).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)] // each test file uses what it needs

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The repository's root (where `fixtures/` is).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every synthetic save of `fixtures/vassal/` (the `.vsav` files the generator in
/// `crates/vassal-fixtures` makes), by its path under the root (`/` between names), sorted.
pub fn synthetic_saves() -> Vec<String> {
    fn under(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                under(&p, out);
            } else if p.extension().is_some_and(|e| e == "vsav") {
                let rel = p.strip_prefix(root()).unwrap();
                let names: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(names.join("/"));
            }
        }
    }
    let mut out = Vec::new();
    under(&root().join("fixtures/vassal"), &mut out);
    out.sort();
    out
}

/// What one run printed.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Status and both streams, for snapshots.
    pub fn transcript(&self) -> String {
        format!(
            "exit status: {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Run `victory` with these arguments in `dir`, with `stdin` as its standard input (none: an
/// empty one). A run still going after two minutes is killed and the test fails: a guard
/// against a hang, not a timing.
pub fn run_with(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let out = Command::cargo_bin("victory")
        .unwrap()
        .current_dir(dir)
        .env("RUST_BACKTRACE", "1")
        .args(args)
        .write_stdin(stdin.unwrap_or_default())
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let run = Run {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        [0, 1, 2].contains(&run.code),
        "unexpected exit status: {run:?}"
    );
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("stack backtrace"),
        "panic: {run:?}"
    );
    run
}

/// Run `victory` with these arguments in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    run_with(dir, args, None)
}

/// `victory ARGS` run from the root: its exit status, stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let r = run_in(&root(), args);
    (r.code, r.stdout, r.stderr)
}

/// A synthetic Leyte save on the synthetic module of `fixtures/vassal/leyte/` (its maps `Leyte`
/// and `Dead Pile`): a US infantry unit on the map at 2215, its piece id `us.0`, its name
/// `us.1`, with a marker `Note` = `us.2` when given; and a Japanese infantry unit in the dead
/// pile (id `u1`) named `japanese.0`, with a marker `Note` = `japanese.1`.
pub fn leyte_save(us: (&str, &str, Option<&str>), japanese: (&str, &str)) -> Vec<u8> {
    let mut us_traits = vec![("mark;Nationality", "US"), ("mark;Type", "Infantry")];
    us_traits.extend(us.2.map(|note| ("mark;Note", note)));
    us_traits.push(("prototype;US Unit", ""));
    vassal::write::SaveText::new()
        .boards("Leyte", &[("Leyte", 0, 0)])
        .boards("Dead Pile", &[("Dead Pile", 0, 0)])
        .piece(us.0, us.1, "Leyte", 725, 435, &us_traits)
        .piece(
            "u1",
            japanese.0,
            "Dead Pile",
            200,
            200,
            &[
                ("mark;Note", japanese.1),
                ("mark;Type", "Infantry"),
                ("prototype;Japanese Unit", ""),
            ],
        )
        .to_file()
}

/// The synthetic Leyte game of `fixtures/vassal/leyte/` (its module, profiles and table) and
/// the map its profiles name, copied into `dir`; the profile path for `maps/` rebased.
pub fn vassal_game(dir: &Path) -> PathBuf {
    let leyte = dir.join("vassal/leyte");
    std::fs::create_dir_all(&leyte).unwrap();
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    for entry in std::fs::read_dir(root().join("fixtures/vassal/leyte")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, leyte.join(path.file_name().unwrap())).unwrap();
    }
    std::fs::copy(
        root().join("fixtures/maps/leyte-standin.toml"),
        dir.join("maps/leyte-standin.toml"),
    )
    .unwrap();
    leyte
}
