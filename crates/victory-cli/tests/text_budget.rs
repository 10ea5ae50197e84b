//! A save of a few kilobytes whose piece doubles its name at each of 32 Text Labels (issue 44,
//! item 1): every command that reads it answers (the piece withheld with a warning naming
//! the limit, the verdict of the other pieces unchanged), and a suite holding it beside a good
//! case runs both and writes its JUnit file.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

mod common;
use common::{run_in, vassal_game};

/// A Text Label whose name format is `$pieceName$$pieceName$`.
const LABEL: &str = "label;K;Change;10;;;t;0;c;0;c;c;$pieceName$$pieceName$;Dialog;0;0;TextLabel";

/// The synthetic Leyte game of `fixtures/vassal/leyte/` in `dir`, and the assault save with one
/// more piece: `labels` labels doubling its name (`grow.vsav`), masked when `masked`.
fn folder(name: &str, labels: usize, masked: bool) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("text_budget")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let leyte = vassal_game(&dir);
    let file = std::fs::read(leyte.join("assault-scenario-end-position.vsav")).unwrap();
    let entries = vassal::internal::archive::entries(&file).unwrap();
    let entry = vassal::internal::archive::find(&entries, "savedGame").unwrap();
    let raw = vassal::internal::archive::read(&file, entry).unwrap();
    let text =
        String::from_utf8(vassal::internal::obfuscation::deobfuscate(&raw).unwrap()).unwrap();
    let mut types: Vec<&str> = Vec::new();
    let mut states: Vec<&str> = Vec::new();
    if masked {
        types.push("obs;M;Peek;G;;;");
        states.push("player1");
    }
    types.extend(std::iter::repeat_n(LABEL, labels));
    states.extend(std::iter::repeat_n("x", labels));
    let piece = vassal::write::add_piece(
        "grow1",
        &vassal::write::nest(&types, "piece;;;;AB"),
        &vassal::write::nest(&states, "Leyte;725;435;;0"),
    );
    let text = text.replacen("\u{1b}end_save", &format!("\u{1b}{piece}\u{1b}end_save"), 1);
    assert!(text.contains("grow1"));
    let save = vassal::write::save_file(text.as_bytes());
    assert!(save.len() < 8_000, "{} bytes", save.len());
    std::fs::write(leyte.join("grow.vsav"), save).unwrap();
    let case = std::fs::read_to_string(leyte.join("assault-scenario-end-position.case.toml"))
        .unwrap()
        .replace("assault-scenario-end-position.vsav", "grow.vsav");
    std::fs::write(leyte.join("grow.case.toml"), case).unwrap();
    dir
}

#[test]
fn a_name_doubled_by_32_labels_reaches_no_command() {
    for masked in [false, true] {
        let dir = folder(if masked { "masked" } else { "shown" }, 32, masked);
        let module = "vassal/leyte/Leyte-synthetic.vmod";
        let profile = "vassal/leyte/assault.profile.toml";
        let save = "vassal/leyte/grow.vsav";
        let runs = [
            vec!["vassal", "pieces", save, "--module", module],
            vec!["vassal", "pieces", save, "--module", module, "--reveal"],
            vec!["score", save, "--module", module, "--profile", profile],
            vec!["check", save, "--module", module, "--profile", profile],
            vec![
                "vassal",
                "import",
                save,
                "--module",
                module,
                "--profile",
                profile,
                "-o",
                "state.toml",
            ],
        ];
        for args in runs {
            let run = run_in(&dir, &args);
            let what = format!("{args:?} (masked: {masked})");
            assert_eq!(run.code, 0, "{what}: {}", run.transcript());
            let all = format!("{}{}", run.stdout, run.stderr);
            assert!(all.len() < 200_000, "{what}: {} bytes printed", all.len());
            let revealed = args.contains(&"--reveal");
            if !masked || revealed {
                assert!(
                    all.contains("MAX_PIECE_TEXT_BYTES"),
                    "{what}: the limit is named: {}",
                    run.transcript()
                );
            } else {
                assert!(!all.contains("grow1") || args[0] == "vassal", "{what}");
                assert!(
                    !all.contains("MAX_PIECE_TEXT_BYTES"),
                    "{what}: masked, never read"
                );
            }
        }
        // The verdict of the other pieces is the fixture's.
        let run = run_in(
            &dir,
            &["score", save, "--module", module, "--profile", profile],
        );
        assert!(run.stdout.contains("83"), "{}", run.transcript());
        // A suite of the good case and this one: both run, the JUnit file written.
        let run = run_in(&dir, &["test", "vassal/leyte", "--junit", "junit.xml"]);
        assert!(run.code == 0 || run.code == 1, "{}", run.transcript());
        assert!(
            run.stdout.contains("grow.case.toml"),
            "{}",
            run.transcript()
        );
        let junit = std::fs::read_to_string(dir.join("junit.xml")).unwrap();
        assert!(junit.contains("grow.case.toml"), "{junit}");
        assert!(junit.contains("assault-scenario-end-position.case.toml"));
    }
}
