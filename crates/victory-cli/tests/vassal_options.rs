//! How a save is read, through every command (issue 45): `--side` (and a VASSAL case file's
//! `side`) must name a side of the module's `PlayerRoster`, refused otherwise with the module's
//! sides; a board of the module the save does not use is never warned about.
//!
//! The files are made here from the synthetic Leyte module, save and profile of
//! `fixtures/vassal/leyte/`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use vassal::internal::archive;

mod common;
use common::{Run, root, run_in};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("victory-voptions-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A folder with the synthetic module as `Leyte.vmod`, its buildFile edited by `edit`, the
/// assault save (`game.vsav`), its profile (`game.profile.toml`) and the map it names.
fn game(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = scratch(name);
    let leyte = root().join("fixtures/vassal/leyte");
    let vmod = std::fs::read(leyte.join("Leyte-synthetic.vmod")).unwrap();
    let mut zip = archive::Writer::new();
    for e in &archive::entries(&vmod).unwrap() {
        let mut bytes = archive::read(&vmod, e).unwrap();
        if e.name == "buildFile.xml" {
            bytes = edit(&String::from_utf8(bytes).unwrap()).into_bytes();
        }
        zip.add(&e.name, &bytes);
    }
    std::fs::write(dir.join("Leyte.vmod"), zip.finish()).unwrap();
    std::fs::copy(
        leyte.join("assault-scenario-end-position.vsav"),
        dir.join("game.vsav"),
    )
    .unwrap();
    let profile = std::fs::read_to_string(leyte.join("assault.profile.toml"))
        .unwrap()
        .replace("../../maps/leyte-standin.toml", "leyte-standin.toml");
    std::fs::write(dir.join("game.profile.toml"), profile).unwrap();
    std::fs::copy(
        root().join("fixtures/maps/leyte-standin.toml"),
        dir.join("leyte-standin.toml"),
    )
    .unwrap();
    dir
}

/// The module with a roster of sides `US` and `Japanese`, as VASSAL writes it.
fn with_roster(build_file: &str) -> String {
    build_file.replacen(
        "  <VASSAL.build.module.BasicCommandEncoder/>\n",
        "  <VASSAL.build.module.BasicCommandEncoder/>\n  <VASSAL.build.module.PlayerRoster buttonText=\"Retire\">\n    <entry>US</entry>\n    <entry>Japanese</entry>\n  </VASSAL.build.module.PlayerRoster>\n",
        1,
    )
}

/// Each command that reads the save, with `extra` arguments.
fn every_command(dir: &Path, extra: &[&str]) -> Vec<(String, Run)> {
    let save = ["game.vsav", "--module", "Leyte.vmod"];
    let profile = ["--profile", "game.profile.toml"];
    let commands: [Vec<&str>; 5] = [
        [&["vassal", "pieces"][..], &save].concat(),
        [&["score"][..], &save, &profile].concat(),
        [&["check"][..], &save, &profile].concat(),
        [&["vassal", "import"][..], &save, &profile].concat(),
        vec!["vassal", "profile", "Leyte.vmod", "--save", "game.vsav"],
    ];
    commands
        .into_iter()
        .map(|mut args| {
            let shown = args[..2].join(" ");
            args.extend(extra);
            (shown, run_in(dir, &args))
        })
        .collect()
}

#[test]
fn a_side_the_module_lacks_is_refused_by_every_command() {
    let dir = game("side-unknown", with_roster);
    for (command, r) in every_command(&dir, &["--side", "Japanese"]) {
        assert_eq!(r.code, 0, "{command}: {}", r.transcript());
    }
    for (command, r) in every_command(&dir, &["--side", "japanese", "--side", "Allies"]) {
        assert_eq!(r.code, 1, "{command}: {}", r.transcript());
        let all = format!("{}{}", r.stdout, r.stderr);
        for side in ["japanese", "Allies"] {
            assert!(
                all.contains(&format!(
                    "no side `{side}` in the module (its sides, VASSAL's PlayerRoster: `US`, `Japanese`)"
                )),
                "{command}: {}",
                r.transcript()
            );
        }
        assert!(
            all.contains("did you mean `Japanese`?"),
            "{command}: {}",
            r.transcript()
        );
    }
}

#[test]
fn a_module_without_a_roster_has_no_side_for_any_command() {
    // The synthetic module has no PlayerRoster: VASSAL gives no player a side.
    let dir = game("side-no-roster", str::to_string);
    for (command, r) in every_command(&dir, &["--side", "US"]) {
        assert_eq!(r.code, 1, "{command}: {}", r.transcript());
        let all = format!("{}{}", r.stdout, r.stderr);
        assert!(
            all.contains("no side `US` in the module: it has no sides (no PlayerRoster), so VASSAL gives no player one"),
            "{command}: {}",
            r.transcript()
        );
    }
}

#[test]
fn a_vassal_case_file_s_side_the_module_lacks_fails_the_case() {
    let dir = game("side-case", with_roster);
    let case = |side: &str| {
        format!(
            "[vassal]\nsave = \"game.vsav\"\nmodule = \"Leyte.vmod\"\nprofile = \"game.profile.toml\"\nside = \"{side}\"\n\n[expect]\nlevel = \"japanese-decisive\"\n"
        )
    };
    std::fs::write(dir.join("mine.case.toml"), case("Japanese")).unwrap();
    let r = run_in(&dir, &["test", "--errors", "short", "mine.case.toml"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    std::fs::write(dir.join("mine.case.toml"), case("Japan")).unwrap();
    let r = run_in(&dir, &["test", "--errors", "short", "mine.case.toml"]);
    assert_eq!(r.code, 1, "{}", r.transcript());
    assert!(
        r.stdout.contains(
            "no side `Japan` in the module (its sides, VASSAL's PlayerRoster: `US`, `Japanese`)"
        ),
        "{}",
        r.transcript()
    );
}

/// The synthetic module with a map `Reserve` whose only board's image the `.vmod` lacks: no
/// save of the game lays it out or puts a piece on it.
fn with_unused_board(build_file: &str) -> String {
    build_file.replacen(
        "</VASSAL.build.GameModule>",
        "  <VASSAL.build.module.Map mapName=\"Reserve\">\n    <VASSAL.build.module.map.BoardPicker>\n      <VASSAL.build.module.map.boardPicker.Board image=\"reserve.png\" name=\"Reserve\"/>\n    </VASSAL.build.module.map.BoardPicker>\n  </VASSAL.build.module.Map>\n</VASSAL.build.GameModule>",
        1,
    )
}

#[test]
fn a_board_no_save_uses_is_not_warned_about_by_any_command() {
    let dir = game("unused-board", with_unused_board);
    for (command, r) in every_command(&dir, &[]) {
        assert_eq!(r.code, 0, "{command}: {}", r.transcript());
        let all = format!("{}{}", r.stdout, r.stderr);
        for word in ["reserve.png", "Reserve"] {
            assert!(!all.contains(word), "{command}: {}", r.transcript());
        }
    }
    // Nor in a VASSAL case file's run.
    std::fs::write(
        dir.join("game.case.toml"),
        "[vassal]\nsave = \"game.vsav\"\nmodule = \"Leyte.vmod\"\nprofile = \"game.profile.toml\"\n\n[expect]\nlevel = \"japanese-decisive\"\n",
    )
    .unwrap();
    let r = run_in(&dir, &["test", "--format", "json", "game.case.toml"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(!r.stdout.contains("reserve.png"), "{}", r.stdout);
}
