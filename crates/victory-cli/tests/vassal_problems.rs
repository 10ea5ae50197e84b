//! Nothing silent: what would make a VASSAL save's verdict only look right reaches `score` and
//! `check`, in text and in JSON. Errors (exit 1): a profile entry that selects no piece, a
//! selected piece that cannot be located. Warnings (exit 0, on stderr, in `score`'s
//! `vassal.warnings` and as `check`'s problems of `severity` `warning`): hidden pieces left out,
//! a save made with another version of the module.
//!
//! The files are made here from the synthetic Leyte module, save and profile of
//! `fixtures/vassal/leyte/`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use vassal::internal::{archive, obfuscation};

mod common;
use common::{Run, root, run_in};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("victory-vproblems-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The synthetic Leyte save's text, with `commands` added before its end.
fn save_text(extra: &[String]) -> String {
    let file =
        std::fs::read(root().join("fixtures/vassal/leyte/assault-scenario-end-position.vsav"))
            .unwrap();
    let entries = archive::entries(&file).unwrap();
    let raw = archive::read(&file, archive::find(&entries, "savedGame").unwrap()).unwrap();
    let text = String::from_utf8(obfuscation::deobfuscate(&raw).unwrap()).unwrap();
    let added: String = extra.iter().map(|c| format!("\u{1b}{c}")).collect();
    text.replacen("\u{1b}end_save", &format!("{added}\u{1b}end_save"), 1)
}

/// A folder with the module (`Leyte.vmod`, and its buildFile alone: `buildFile.xml`), the save
/// with `extra` commands (`game.vsav`), the profile with `more` appended (`game.profile.toml`)
/// and the map it names.
fn game(name: &str, extra: &[String], more: &str) -> PathBuf {
    let dir = scratch(name);
    let vmod = std::fs::read(root().join("fixtures/vassal/leyte/Leyte-synthetic.vmod")).unwrap();
    let entries = archive::entries(&vmod).unwrap();
    let build = archive::read(&vmod, archive::find(&entries, "buildFile.xml").unwrap()).unwrap();
    std::fs::write(dir.join("Leyte.vmod"), &vmod).unwrap();
    std::fs::write(dir.join("buildFile.xml"), build).unwrap();
    std::fs::write(dir.join("game.vsav"), save_text(extra)).unwrap();
    let profile =
        std::fs::read_to_string(root().join("fixtures/vassal/leyte/assault.profile.toml"))
            .unwrap()
            .replace("../../maps/leyte-standin.toml", "leyte-standin.toml");
    std::fs::write(dir.join("game.profile.toml"), format!("{profile}{more}")).unwrap();
    std::fs::copy(
        root().join("fixtures/maps/leyte-standin.toml"),
        dir.join("leyte-standin.toml"),
    )
    .unwrap();
    dir
}

/// `victory ARGS game.vsav --module MODULE --profile game.profile.toml`.
fn on_save(dir: &Path, module: &str, args: &[&str]) -> Run {
    let mut all: Vec<&str> = args.to_vec();
    all.extend([
        "game.vsav",
        "--module",
        module,
        "--profile",
        "game.profile.toml",
    ]);
    run_in(dir, &all)
}

/// `check --format json`'s problems.
fn problems(r: &Run) -> Vec<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(&r.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

const EXITED: &str = "
[[pieces]]
into = \"exited\"
select = { map = \"Leyte\", zone = \"Exited\" }
[pieces.fields]
id = { name = true, word = 1 }
";

#[test]
fn a_profile_entry_that_selects_no_piece_is_an_error() {
    let dir = game("empty", &[], EXITED);
    for args in [&["score"][..], &["check"]] {
        let r = on_save(&dir, "Leyte.vmod", args);
        assert_eq!(r.code, 1, "{}", r.transcript());
        assert!(
            r.stderr.contains("pieces[2] selects no piece of the save"),
            "{}",
            r.stderr
        );
        // What the save holds, to find the mistake by.
        assert!(
            r.stderr.contains("the save's pieces are on: `Leyte`"),
            "{}",
            r.stderr
        );
    }
    let r = on_save(&dir, "Leyte.vmod", &["check", "--format", "json"]);
    let p = problems(&r);
    assert!(
        p.iter()
            .any(|p| p["severity"] == "error" && p["key"] == "pieces[2].select"),
        "{}",
        r.stdout
    );
    // An empty dead pile, or no unit exited yet, is normal when the profile says so.
    let may_be_empty = EXITED.replace("[pieces.fields]", "may_be_empty = true\n[pieces.fields]");
    let dir = game("may-be-empty", &[], &may_be_empty);
    let r = on_save(&dir, "Leyte.vmod", &["score", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let taken = &v["vassal"]["entries"];
    assert!(
        taken
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["entry"] == "pieces[2]" && e["pieces"] == 0),
        "{taken}"
    );
}

#[test]
fn a_selected_piece_that_cannot_be_located_is_an_error() {
    // The buildFile without the board's image size: no piece of the map can be located.
    let dir = game("unlocated", &[], "");
    for args in [&["score"][..], &["check"]] {
        let r = on_save(&dir, "buildFile.xml", args);
        assert_eq!(r.code, 1, "{}", r.transcript());
        assert!(r.stderr.contains("cannot be located"), "{}", r.stderr);
        assert!(
            r.stderr.contains("has no known size (give the board sizes"),
            "{}",
            r.stderr
        );
        // The reader's own warning says so too.
        assert!(r.stderr.contains("warning: "), "{}", r.stderr);
    }
    let r = on_save(&dir, "buildFile.xml", &["check", "--format", "json"]);
    let p = problems(&r);
    assert!(
        p.iter()
            .any(|p| p["severity"] == "error" && p["kind"] == "vassal/unlocated"),
        "{}",
        r.stdout
    );
    assert!(
        p.iter()
            .any(|p| p["severity"] == "warning" && p["kind"] == "board-size"),
        "{}",
        r.stdout
    );
}

/// A piece masked by the other player, on the map among the units.
fn masked() -> String {
    vassal::write::add_piece(
        "masked-1",
        &vassal::write::nest(
            &["obs;M;mask.png;Mask;I;?;player:;Peek;"],
            "piece;;;;J-99 4-6-5",
        ),
        &vassal::write::nest(&["opponent;"], "Leyte;725;440;;0"),
    )
}

#[test]
fn hidden_pieces_left_out_and_another_module_version_are_warnings() {
    let older = "CHECK\tversion<0.9\tALERT\\\tmade with 0.9".to_string();
    let dir = game("warned", &[masked(), older], "");
    let r = on_save(&dir, "Leyte.vmod", &["score"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stderr.contains("warning: ") && r.stderr.contains("1 hidden piece(s) were not read"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("the save was made with version 0.9 of the module"),
        "{}",
        r.stderr
    );
    // The score says how many pieces each entry took.
    assert!(
        r.stdout.contains("pieces taken by each entry: pieces[0] "),
        "{}",
        r.stdout
    );
    let r = on_save(&dir, "Leyte.vmod", &["score", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let warnings: Vec<&str> = v["vassal"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(
        warnings.iter().any(|w| w.contains("hidden piece(s)")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("version 0.9")),
        "{warnings:?}"
    );
    let r = on_save(&dir, "Leyte.vmod", &["check"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stdout.ends_with(": ok\n") && r.stderr.contains("version 0.9"),
        "{}",
        r.transcript()
    );
    let r = on_save(&dir, "Leyte.vmod", &["check", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    let p = problems(&r);
    assert!(p.iter().all(|p| p["severity"] == "warning"), "{}", r.stdout);
    assert!(
        p.iter().any(|p| p["kind"] == "version-mismatch"),
        "{}",
        r.stdout
    );
    assert!(p.iter().any(|p| p["kind"] == "profile"), "{}", r.stdout);
}

/// A VASSAL save given to `score` or `check` without `--module` is not called "not UTF-8 text":
/// its problem names the flags that read it, whether the save is a zip archive, VASSAL's
/// obfuscated text, or only named `.vlog`; a file that is none of these keeps its problem.
#[test]
fn a_save_without_module_names_the_flags_that_read_it() {
    let dir = scratch("no-module");
    std::fs::copy(
        root().join("fixtures/vassal/leyte/assault-scenario-end-position.vsav"),
        dir.join("game.vsav"),
    )
    .unwrap();
    let obfuscated = [obfuscation::HEADER, b"0a4b4f"].concat();
    std::fs::write(dir.join("old.sav"), obfuscated).unwrap();
    std::fs::write(dir.join("turn3.vlog"), [0xff, 0xfe, 0x00]).unwrap();
    std::fs::write(dir.join("other.bin"), [0xff, 0xfe, 0x00]).unwrap();
    let help = "; read it with --module MOD --profile PROFILE: MOD the game's .vmod (or its buildFile.xml with --board-sizes FILE), PROFILE what its pieces mean for the game (`victory vassal profile MOD --save SAVE` drafts one; docs/vassal.md)";
    for (file, what) in [
        ("game.vsav", "a zip archive, as VASSAL writes them"),
        ("old.sav", "VASSAL's obfuscated text"),
        ("turn3.vlog", "by its name"),
    ] {
        for command in ["score", "check"] {
            let r = run_in(&dir, &[command, "--errors", "short", file]);
            assert_eq!(r.code, 1, "{r:?}");
            assert_eq!(
                r.stderr,
                format!(
                    "{file}: not a TOML state file: it is a VASSAL saved game or log ({what}){help}\n"
                ),
                "{command} {file}"
            );
        }
    }
    let r = run_in(&dir, &["score", "--errors", "short", "other.bin"]);
    assert_eq!(
        r.stderr,
        "other.bin:1:1: not a TOML state file: the file is not UTF-8 text\n"
    );
}
