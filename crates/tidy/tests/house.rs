//! The house checks (`.ci/module-cycles`, `.ci/api-check`, `.ci/rulings-check`) over the
//! workspace, and the checks' own tests: each is shown failing on an input that breaks its rule.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace's root folder (the checks read it from there).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `python3 .ci/<script> <args>`, run from the workspace root.
fn python(script: &str, args: &[&Path]) -> Output {
    let mut command = Command::new("python3");
    command
        .arg(Path::new(".ci").join(script))
        .args(args)
        .current_dir(workspace());
    match command.output() {
        Ok(output) => output,
        Err(e) => panic!(
            "could not run `python3 .ci/{script}` ({e}): the house checks are Python 3 scripts \
             (standard library only); install python3 and run the tests again"
        ),
    }
}

/// What a check printed, stdout then stderr.
fn printed(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Run a check over the workspace; fail with what it printed.
fn check(script: &str) {
    let output = python(script, &[]);
    assert!(
        output.status.success(),
        "`python3 .ci/{script}` failed:\n{}",
        printed(&output)
    );
}

#[test]
fn no_module_refers_to_a_module_that_refers_back() {
    check("module-cycles");
}

/// The real check (rustdoc's JSON of each library, made in a target folder of its own), then
/// the check on that JSON against a promise lacking one path, which must fail: one test, so
/// that the JSON is there.
#[test]
fn every_public_item_is_promised() {
    check("api-check");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace().join("target"), |t| workspace().join(t));
    let json = target.join("api-check").join("doc");
    let doc = fs::read_to_string(workspace().join("docs/architecture.md")).unwrap();
    let promise = "wargame_kit::Repairs ";
    assert!(
        doc.contains(promise),
        "docs/architecture.md no longer promises {promise}"
    );
    let scratch = Scratch::new("api-check");
    let root = scratch.write(&[("architecture.md", &doc.replacen(promise, "", 1))]);
    let args = [
        Path::new("--json-dir"),
        &json,
        Path::new("--doc"),
        &root.join("architecture.md"),
    ];
    let output = python("api-check", &args);
    let out = printed(&output);
    assert!(!output.status.success(), "{out}");
    let unpromised = out
        .lines()
        .find(|l| l.starts_with("wargame-kit: `wargame_kit::Repairs` ("));
    assert!(
        unpromised.is_some_and(|l| l.contains("is public but not promised")),
        "{out}"
    );
}

#[test]
fn the_rulings_ledger_names_only_what_exists() {
    check("rulings-check");
}

/// A folder of its own under the target folder's one for tests, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tidy-{name}"));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Write `files` (path from the scratch folder, text) and return the folder.
    fn write(&self, files: &[(&str, &str)]) -> &Path {
        for (path, text) in files {
            let path = self.0.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// `.ci/module-cycles` over a workspace holding one crate, `demo`, of these source files
/// (paths from its `src`): whether it passed, and what it printed.
fn module_cycles(name: &str, files: &[(&str, &str)]) -> (bool, String) {
    let scratch = Scratch::new(name);
    let files: Vec<(String, &str)> = files
        .iter()
        .map(|(path, text)| (format!("crates/demo/src/{path}"), *text))
        .collect();
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let root = scratch.write(&files);
    let output = python("module-cycles", &[root]);
    (output.status.success(), printed(&output))
}

/// The re-export of `Targets` by `trace/mod.rs`, written each way a folder module may.
const REEXPORTS: [&str; 4] = [
    "pub use search::Targets;",
    "pub use self::search::{Targets, Width};",
    "pub use search::*;",
    "mod inner { pub use super::search::Targets; }\npub use inner::Targets;",
];

/// `trace::search` defines `Targets` and reads `user`'s limit; `user` takes `Targets` through
/// the re-export of its folder module (`trace`) and, with `through_root`, of the crate root.
fn reexport_crate(reexport: &str, through_root: bool) -> Vec<(&'static str, String)> {
    let user = if through_root {
        "use crate::Targets;\npub const LIMIT: usize = 3;\npub fn all() -> Targets { Targets }\n"
    } else {
        "use crate::trace::Targets;\npub const LIMIT: usize = 3;\npub fn all() -> Targets { Targets }\n"
    };
    vec![
        (
            "lib.rs",
            "mod trace;\nmod user;\npub use trace::Targets;\n".to_string(),
        ),
        ("trace/mod.rs", format!("mod search;\n{reexport}\n")),
        (
            "trace/search.rs",
            "pub struct Targets;\npub struct Width;\n\
             pub fn limit() -> usize { crate::user::LIMIT }\n"
                .to_string(),
        ),
        ("user.rs", user.to_string()),
    ]
}

#[test]
fn module_cycles_sees_a_cycle_through_a_reexport() {
    for (i, reexport) in REEXPORTS.iter().enumerate() {
        for through_root in [false, true] {
            let files = reexport_crate(reexport, through_root);
            let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
            let (passed, out) = module_cycles(&format!("reexport-{i}-{through_root}"), &files);
            assert!(
                !passed,
                "{reexport} (through the root: {through_root}):\n{out}"
            );
            assert!(
                out.contains("demo: modules refer to each other: trace::search, user"),
                "{reexport} (through the root: {through_root}):\n{out}"
            );
            assert!(out.contains("user -> trace::search"), "{out}");
        }
    }
}

#[test]
fn module_cycles_sees_a_parent_and_its_child() {
    let (passed, out) = module_cycles(
        "parent-child",
        &[
            ("lib.rs", "mod map;\npub use map::count;\n"),
            (
                "map.rs",
                "mod sides;\npub struct Hexside;\npub fn count() -> usize { sides::all().len() }\n",
            ),
            (
                "map/sides.rs",
                "use super::Hexside;\npub fn all() -> Vec<Hexside> { Vec::new() }\n",
            ),
        ],
    );
    assert!(!passed, "{out}");
    assert!(
        out.contains("demo: modules refer to each other: map, map::sides"),
        "{out}"
    );
    assert!(
        out.contains("map::sides -> map (use super::Hexside)"),
        "{out}"
    );
}

#[test]
fn module_cycles_sees_the_crate_root_and_a_module() {
    let (passed, out) = module_cycles(
        "root",
        &[
            (
                "lib.rs",
                "mod piece;\npub struct Options;\npub fn read() -> usize { piece::count() }\n",
            ),
            (
                "piece.rs",
                "pub fn count() -> usize { 0 }\npub fn with(_: &crate::Options) {}\n",
            ),
        ],
    );
    assert!(!passed, "{out}");
    assert!(
        out.contains("demo: modules refer to each other: crate, piece"),
        "{out}"
    );
}

#[test]
fn module_cycles_passes_trees_without_a_cycle() {
    // Each re-export form, `search` no longer reading `user`.
    for (i, reexport) in REEXPORTS.iter().enumerate() {
        let mut files = reexport_crate(reexport, i % 2 == 0);
        files[2].1 = "pub struct Targets;\npub struct Width;\n".to_string();
        let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
        let (passed, out) = module_cycles(&format!("acyclic-{i}"), &files);
        assert!(passed, "{reexport}:\n{out}");
        assert!(out.contains("no module cycles"), "{out}");
    }
    // A parent that only declares and re-exports its child, which uses the parent's item; a
    // test module, a comment and a string that name what would close a cycle.
    let (passed, out) = module_cycles(
        "parent-facade",
        &[
            ("lib.rs", "mod map;\npub use map::{Hexside, all};\n"),
            (
                "map.rs",
                "mod sides;\npub use sides::all;\npub struct Hexside;\n\
                 // sides::all() would make a cycle\n\
                 pub const NOTE: &str = \"sides::all()\";\n\
                 #[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn t() { sides::all(); }\n}\n",
            ),
            (
                "map/sides.rs",
                "use super::Hexside;\npub fn all() -> Vec<Hexside> { Vec::new() }\n",
            ),
        ],
    );
    assert!(passed, "{out}");
    assert!(out.contains("no module cycles"), "{out}");
}

#[test]
fn rulings_check_fails_on_a_name_that_does_not_exist() {
    let ledger = fs::read_to_string(workspace().join("docs/rulings.md")).unwrap();
    assert!(
        ledger.contains("Decided by: `"),
        "the ledger's form changed"
    );
    let broken = ledger.replace("Decided by: `", "Decided by: `no_such_");
    let scratch = Scratch::new("rulings");
    let root = scratch.write(&[("rulings.md", &broken)]);
    let output = python("rulings-check", &[&root.join("rulings.md")]);
    let out = printed(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("`no_such_"), "{out}");
}
