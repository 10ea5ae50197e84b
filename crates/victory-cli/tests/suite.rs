//! `victory test`: folders of state files as regression suites, each file against its own
//! `[expect]` (docs/suites.md). Each test runs the real program on a scratch folder of its own
//! (copies of the workspace's fixtures and maps), so that names in the output are short.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod common;
use common::{root, run_in};

/// A scratch folder of this test binary, emptied, with the fixtures' maps in `maps/`.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("suite")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    for map in ["loc-corridor.toml", "line.toml"] {
        std::fs::copy(
            root().join("fixtures/maps").join(map),
            dir.join("maps").join(map),
        )
        .unwrap();
    }
    dir
}

/// A fixture's text.
fn fixture(path: &str) -> String {
    std::fs::read_to_string(root().join("fixtures").join(path)).unwrap()
}

/// A fixture's text without the `[expect]` table it ends with.
fn without_expect(text: &str) -> String {
    match text.find("\n[expect]\n") {
        Some(at) => text[..=at].to_string(),
        None => text.to_string(),
    }
}

/// Write `text` to `dir/name`, its folders made.
fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A suite of three cases in `cases/`: a Leyte position and a Dai Senso check with their
/// `[expect]`, and a Leyte position with none; and a map file, which is no case.
fn three_cases(name: &str) -> PathBuf {
    let dir = scratch(name);
    write(
        &dir,
        "cases/ridge.toml",
        &fixture("leyte/objective-two-hexes-one-unit-traces.toml"),
    );
    write(
        &dir,
        "cases/nested/vp-check.toml",
        &fixture("asia-engulfed/vp-check-plus-two-keeps-allied-crusade.toml"),
    );
    write(
        &dir,
        "cases/zoc.toml",
        &without_expect(&fixture("leyte/loc-through-empty-enemy-zoc-is-cut.toml")),
    );
    dir
}

#[test]
fn a_correct_suite_passes_and_counts_what_it_skipped() {
    let dir = three_cases("correct");
    let r = run_in(&dir, &["test"]);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{r:?}");
    assert!(
        r.stdout.ends_with("\n2 passed, 0 failed, 1 skipped\n"),
        "{}",
        r.stdout
    );
    insta::assert_snapshot!(r.stdout, @r"
    cases/nested/vp-check.toml: ok
    cases/ridge.toml: ok
    cases/zoc.toml: no expectation

    2 passed, 0 failed, 1 skipped
    ");
    // The same with the folder named, and with the files named (each once).
    assert_eq!(run_in(&dir, &["test", "cases"]).stdout, r.stdout);
    let named = run_in(
        &dir,
        &["test", "cases/ridge.toml", "cases", "cases/ridge.toml"],
    );
    assert!(
        named
            .stdout
            .starts_with("cases/ridge.toml: ok\ncases/nested/vp-check.toml: ok\n")
    );
    assert!(named.stdout.ends_with("\n2 passed, 0 failed, 1 skipped\n"));
}

#[test]
fn a_wrong_expectation_fails_naming_the_file_the_field_and_both_values() {
    let dir = three_cases("wrong");
    let ridge = fixture("leyte/objective-two-hexes-one-unit-traces.toml")
        .replace("us = 25", "us = 26 # as agreed")
        .replace("cut = [\"US-1\"]", "cut = [\"US-1\", \"US-9\"]");
    write(&dir, "cases/ridge.toml", &ridge);
    let r = run_in(&dir, &["test", "--errors", "short"]);
    assert_eq!(r.code, 1, "{r:?}");
    insta::assert_snapshot!(r.stdout, @r#"
    cases/nested/vp-check.toml: ok
    cases/ridge.toml: FAILED
    cases/zoc.toml: no expectation

    FAILED cases/ridge.toml
      us: expected 26, actual 25
      cut: expected ["US-1", "US-9"], actual ["US-1"]

    1 passed, 1 failed, 1 skipped
    "#);
}

#[test]
fn a_file_that_cannot_be_scored_fails_with_its_problems_unless_expected() {
    let dir = three_cases("refused");
    let broken = fixture("leyte/objective-two-hexes-one-unit-traces.toml")
        .replace("hex = \"1101\"", "hex = \"1x01\"");
    write(&dir, "cases/ridge.toml", &broken);
    let r = run_in(&dir, &["test", "--errors", "short", "cases/ridge.toml"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("  problems:\n    cases/ridge.toml:22:7: hex label `1x01` must be 4 digits"),
        "{}",
        r.stdout
    );
    // Expected to be refused with that problem: it passes.
    let expected = format!(
        "{}\n[expect]\nproblems = [\"hex\"]\n",
        without_expect(&broken)
    );
    write(&dir, "cases/ridge.toml", &expected);
    let r = run_in(&dir, &["test", "cases/ridge.toml"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "cases/ridge.toml: ok\n\n1 passed, 0 failed, 0 skipped\n")
    );
    // Expected to be refused, but it scores.
    write(
        &dir,
        "cases/zoc.toml",
        &format!(
            "{}\n[expect]\nproblems = [\"hex\"]\n",
            without_expect(&fixture("leyte/loc-through-empty-enemy-zoc-is-cut.toml"))
        ),
    );
    let r = run_in(&dir, &["test", "cases/zoc.toml"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("  problems: expected [\"hex\"], actual []\n"),
        "{}",
        r.stdout
    );
}

/// Every fixture of both games, copied without its `[expect]` and accepted, is the committed
/// fixture byte for byte (every other byte and comment kept, the table appended at the end),
/// and passes when tested again; a file that is not TOML is refused.
#[test]
fn accept_writes_the_committed_expectations_and_round_trips() {
    let dir = scratch("accept-fixtures");
    let mut copied = Vec::new();
    for folder in [
        "leyte",
        "leyte/invalid",
        "asia-engulfed",
        "asia-engulfed/invalid",
    ] {
        for entry in std::fs::read_dir(root().join("fixtures").join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let name = format!("{folder}/{}", path.file_name().unwrap().to_string_lossy());
                let text = std::fs::read_to_string(&path).unwrap();
                assert!(text.contains("\n[expect]\n"), "{name} has no [expect]");
                write(&dir, &name, &without_expect(&text));
                copied.push((name, text));
            }
        }
    }
    for (folder, file) in [
        ("maps", "leyte-standin.toml"),
        ("maps", "zoc-walls.toml"),
        ("maps", "not-a-map.txt"),
        ("asia-engulfed/tracks", "steep-track.toml"),
        ("asia-engulfed/tracks/invalid", "gappy-track.toml"),
    ] {
        let from = if file == "not-a-map.txt" {
            root().join("fixtures/leyte/invalid").join(file)
        } else {
            root().join("fixtures").join(folder).join(file)
        };
        let to = if file == "not-a-map.txt" {
            "leyte/invalid/not-a-map.txt".to_string()
        } else {
            format!("{folder}/{file}")
        };
        write(&dir, &to, &std::fs::read_to_string(from).unwrap());
    }
    assert!(copied.len() > 100, "{}", copied.len());
    let r = run_in(&dir, &["test", "--accept", "--errors", "short", "."]);
    assert_eq!(r.code, 1, "the one file that is not TOML is refused: {r:?}");
    assert!(
        r.stdout
            .contains("asia-engulfed/invalid/bad-toml.toml: FAILED\n")
    );
    assert!(
        r.stdout.contains("  not accepted: the file is not TOML"),
        "{}",
        r.stdout
    );
    for (name, committed) in &copied {
        let accepted = std::fs::read_to_string(dir.join(name)).unwrap();
        if name.ends_with("asia-engulfed/invalid/bad-toml.toml") {
            assert_eq!(accepted, without_expect(committed), "{name}: left alone");
        } else {
            assert_eq!(&accepted, committed, "{name}");
        }
    }
    let again = run_in(&dir, &["test", "."]);
    let n = copied.len() - 1;
    assert!(
        again
            .stdout
            .ends_with(&format!("\n{n} passed, 1 failed, 0 skipped\n")),
        "{}",
        again.stdout
    );
}

/// `--accept` on a file that pins some keys writes only those, each in its place: every other
/// line, comment and blank line byte-identical.
#[test]
fn accept_changes_only_the_keys_a_file_has() {
    let dir = scratch("accept-keys");
    let base = without_expect(&fixture("leyte/objective-two-hexes-one-unit-traces.toml"));
    let before = format!(
        "{base}\n# what the club agreed\n[expect]\nlevel = \"draw\"   # after the 2024 final\n\n# the US total\nus = 99\njson = {{ \"/margins/us/vp\" = 1, \"/ratio/text\" = \"2.50 to 1\" }}\n"
    );
    write(&dir, "cases/a.toml", &before);
    let r = run_in(&dir, &["test", "--accept", "cases/a.toml"]);
    assert_eq!(r.code, 0, "{r:?}");
    // Each field written, with the value it had and the value written, for review.
    assert_eq!(
        r.stdout,
        "cases/a.toml: accepted\n\nACCEPTED cases/a.toml\n  -level = \"draw\"\n  +level = \"us-substantive\"\n  -us = 99\n  +us = 25\n  -json.\"/margins/us/vp\" = 1\n  +json.\"/margins/us/vp\" = 5\n\n1 accepted ([expect] written)\n\n1 passed, 0 failed, 0 skipped\n"
    );
    let after = std::fs::read_to_string(dir.join("cases/a.toml")).unwrap();
    let expected = before
        .replace("level = \"draw\"   #", "level = \"us-substantive\"   #")
        .replace("us = 99", "us = 25")
        .replace("\"/margins/us/vp\" = 1", "\"/margins/us/vp\" = 5");
    assert_eq!(after, expected);
    assert_eq!(run_in(&dir, &["test", "cases/a.toml"]).code, 0);
    // A file that passes is not written at all.
    let r = run_in(&dir, &["test", "--accept", "cases/a.toml"]);
    assert_eq!(
        r.stdout,
        "cases/a.toml: ok\n\n1 passed, 0 failed, 0 skipped\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/a.toml")).unwrap(),
        expected
    );
    // A file now refused is not turned into one that must be refused: its verdict stays.
    let moved = expected.replace("../maps/loc-corridor.toml", "../maps/moved.toml");
    write(&dir, "cases/a.toml", &moved);
    let r = run_in(
        &dir,
        &["test", "--accept", "--errors", "short", "cases/a.toml"],
    );
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("  not accepted: the file is refused, and its [expect] pins its report"),
        "{}",
        r.stdout
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/a.toml")).unwrap(),
        moved
    );
}

/// `--accept` on a file with no `[expect]` lists every key it adds (`+` only), and a key whose
/// field the report no longer has as removed (`-` only); the JSON gives the same as
/// `files[].written`.
#[test]
fn accept_lists_keys_added_and_removed() {
    let dir = scratch("accept-diff");
    let base = without_expect(&fixture("leyte/objective-two-hexes-one-unit-traces.toml"));
    write(&dir, "cases/new.toml", &base);
    let r = run_in(&dir, &["test", "--accept", "cases/new.toml"]);
    assert_eq!(r.code, 0, "{r:?}");
    let block = r
        .stdout
        .split("ACCEPTED cases/new.toml\n")
        .nth(1)
        .and_then(|b| b.split("\n\n").next())
        .unwrap_or_else(|| panic!("{}", r.stdout));
    let written = std::fs::read_to_string(dir.join("cases/new.toml")).unwrap();
    let table = written.split("[expect]\n").nth(1).unwrap();
    let added: Vec<String> = table.lines().map(|l| format!("  +{l}")).collect();
    assert_eq!(block, added.join("\n"), "{}", r.stdout);
    // A pointer to a field the report has no value at (a unit index past the end) is removed.
    write(
        &dir,
        "cases/gone.toml",
        &format!("{base}\n[expect]\njson = {{ \"/loc/9/unit\" = \"US-9\", \"/us/total\" = 1 }}\n"),
    );
    let r = run_in(
        &dir,
        &["test", "--accept", "--format", "json", "cases/gone.toml"],
    );
    assert_eq!(r.code, 0, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["files"][0]["written"],
        serde_json::json!([
            {"field": "json.\"/loc/9/unit\"", "old": "US-9", "new": null},
            {"field": "json.\"/us/total\"", "old": 1, "new": 25}
        ])
    );
}

/// docs/suites.md's `--accept` example is what the run prints, on its failing `ridge.toml`.
#[test]
fn the_accept_example_of_the_docs_is_what_it_prints() {
    let dir = three_cases("accept-doc");
    let ridge = fixture("leyte/objective-two-hexes-one-unit-traces.toml")
        .replace("us = 25", "us = 26")
        .replace("cut = [\"US-1\"]", "cut = [\"US-1\", \"US-9\"]");
    write(&dir, "cases/ridge.toml", &ridge);
    let page = std::fs::read_to_string(root().join("docs/suites.md")).unwrap();
    let example = page
        .split("  $ victory test --accept cases/ridge.toml\n")
        .nth(1)
        .and_then(|e| e.split("  ```\n").next())
        .expect("docs/suites.md shows an --accept run");
    let printed: String = example
        .lines()
        .map(|l| format!("{}\n", l.strip_prefix("  ").unwrap_or(l)))
        .collect();
    let r = run_in(&dir, &["test", "--accept", "cases/ridge.toml"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, printed.as_str()), "{r:?}");
}

/// `--accept` under `--rule` writes a file only when its own `[rules]` chooses the same (the
/// values written then hold without `--rule`); otherwise the file is FAILED, left as it is,
/// and told what to write in `[rules]`.
#[test]
fn accept_under_a_rule_needs_the_file_to_choose_it() {
    let dir = scratch("accept-rule");
    let truncated = fixture("leyte/ratio-499-to-200-truncated.toml");
    write(&dir, "cases/ratio.toml", &truncated);
    let r = run_in(
        &dir,
        &[
            "test",
            "--rule",
            "ratio=round",
            "--accept",
            "cases/ratio.toml",
        ],
    );
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains(
            "  not accepted: it was scored under --rule ratio=round, which its [rules] does not choose, so the [expect] written would fail without it: write `ratio = \"round\"` in its [rules] and accept again, or accept without --rule\n"
        ),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("ACCEPTED"), "{}", r.stdout);
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/ratio.toml")).unwrap(),
        truncated
    );
    // The same file choosing `ratio = "round"` in its own [rules]: written, and it then passes
    // a plain run.
    let chosen = truncated.replace("\n[expect]\n", "\n[rules]\nratio = \"round\"\n\n[expect]\n");
    write(&dir, "cases/ratio.toml", &chosen);
    let r = run_in(
        &dir,
        &[
            "test",
            "--rule",
            "ratio=round",
            "--accept",
            "cases/ratio.toml",
        ],
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout
            .contains("  -level = \"us-marginal\"\n  +level = \"us-substantive\"\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/ratio.toml")).unwrap(),
        chosen.replace("level = \"us-marginal\"", "level = \"us-substantive\"")
    );
    assert_eq!(run_in(&dir, &["test", "cases/ratio.toml"]).code, 0);
}

/// `--accept` under `--rule`: a `--rule` giving an option its default is what a file chooses by
/// saying nothing, and a file of a game without the option is accepted as without `--rule`.
#[test]
fn accept_under_a_default_rule_or_another_game_s_rule_writes() {
    let dir = scratch("accept-rule-default");
    let truncated = fixture("leyte/ratio-499-to-200-truncated.toml");
    // A --rule giving the option its default is what the file chooses by saying nothing.
    write(
        &dir,
        "cases/ratio.toml",
        &truncated.replace("us = 499", "us = 1"),
    );
    let r = run_in(
        &dir,
        &[
            "test",
            "--rule",
            "ratio=truncate",
            "--accept",
            "cases/ratio.toml",
        ],
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/ratio.toml")).unwrap(),
        truncated
    );
    // A Dai Senso file has no `ratio` option: accepted as without --rule, while the Leyte file
    // beside it is not.
    let vp_check = fixture("asia-engulfed/vp-check-plus-two-keeps-allied-crusade.toml");
    write(
        &dir,
        "cases/vp-check.toml",
        &vp_check.replace("csv = 2", "csv = 7"),
    );
    let r = run_in(
        &dir,
        &["test", "--rule", "ratio=round", "--accept", "cases"],
    );
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("cases/ratio.toml: FAILED\ncases/vp-check.toml: accepted\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/vp-check.toml")).unwrap(),
        vp_check
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("cases/ratio.toml")).unwrap(),
        truncated
    );
    assert_eq!(run_in(&dir, &["test", "cases"]).code, 0);
}

/// A scratch folder with the synthetic Leyte VASSAL files `files` (of `fixtures/vassal/leyte/`)
/// in `vassal/leyte/`, and the stand-in map the profiles name.
fn vassal_scratch(name: &str, files: &[&str]) -> PathBuf {
    let dir = scratch(name);
    std::fs::copy(
        root().join("fixtures/maps/leyte-standin.toml"),
        dir.join("maps/leyte-standin.toml"),
    )
    .unwrap();
    let from = root().join("fixtures/vassal/leyte");
    let to = dir.join("vassal/leyte");
    std::fs::create_dir_all(&to).unwrap();
    for file in files {
        std::fs::copy(from.join(file), to.join(file)).unwrap();
    }
    dir
}

/// A VASSAL case file takes its rules from its profile's `[state.rules]`: `--accept` under
/// `--rule` refuses it, naming that table and its own `[rules]`, until the profile chooses the
/// same.
#[test]
fn accept_under_a_rule_reads_a_vassal_case_s_profile() {
    let dir = vassal_scratch(
        "accept-rule-vassal",
        &[
            "assault-scenario-end-position.vsav",
            "Leyte-synthetic.vmod",
            "assault.profile.toml",
        ],
    );
    let to = dir.join("vassal/leyte");
    let case = fixture("vassal/leyte/assault-scenario-end-position.case.toml")
        .replace("us = 83", "us = 1");
    write(&dir, "vassal/leyte/end.case.toml", &case);
    let args = ["test", "--rule", "ratio=round", "--accept", "vassal"];
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains(
            "which neither its [rules] nor its profile's [state.rules] chooses, so the [expect] written would fail without it: write `ratio = \"round\"` in its [rules]"
        ),
        "{}",
        r.stdout
    );
    let profile = to.join("assault.profile.toml");
    let text = std::fs::read_to_string(&profile).unwrap();
    let text = text.replacen(
        "\n[board]\n",
        "\n[state.rules]\nratio = \"round\"\n\n[board]\n",
        1,
    );
    std::fs::write(&profile, text).unwrap();
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("  -us = 1\n  +us = 83\n"), "{}", r.stdout);
    assert_eq!(run_in(&dir, &["test", "vassal"]).code, 0);
}

/// The files of the 0531 exit case: US 0 : Japanese 0, a Draw by default, Japanese Decisive
/// under `zero_zero = "japanese-decisive"` (`victory rules leyte`).
const EXITED: [&str; 3] = [
    "campaign-exit-0531-exited.vsav",
    "Leyte-synthetic.vmod",
    "campaign.profile.toml",
];

/// The 0531 exit case file with `rules` (a `[rules]` table's lines, or nothing) before its
/// `[expect]`, and its expected `level` `level`.
fn exited_case(rules: &str, level: &str) -> String {
    fixture("vassal/leyte/campaign-exit-0531-exited.case.toml")
        .replace("\n[expect]\n", &format!("\n{rules}[expect]\n"))
        .replace("level = \"draw\"", &format!("level = \"{level}\""))
}

/// A VASSAL case file's own `[rules]` applies as a state file's does: the verdict follows it,
/// `--accept` writes what it gives, `--rule` goes over it.
#[test]
fn a_vassal_case_s_rules_choose_its_verdict() {
    let dir = vassal_scratch("vassal-case-rules", &EXITED);
    let zero = "[rules]\nzero_zero = \"japanese-decisive\"\n\n";
    let case = "vassal/leyte/exited.case.toml";
    // The fixture's draw is not what its [rules] gives.
    write(&dir, case, &exited_case(zero, "draw"));
    let r = run_in(&dir, &["test", "--errors", "short", case]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("  level: expected \"draw\", actual \"japanese-decisive\"\n"),
        "{}",
        r.stdout
    );
    let r = run_in(&dir, &["test", "--accept", case]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(case)).unwrap(),
        exited_case(zero, "japanese-decisive")
    );
    assert_eq!(run_in(&dir, &["test", case]).code, 0);
    // --rule over the case file's [rules].
    let r = run_in(&dir, &["test", "--rule", "zero_zero=draw", case]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("actual \"draw\""), "{}", r.stdout);
    // An option Leyte does not have, or a value it does not take, fails the case, located.
    write(
        &dir,
        case,
        &exited_case("[rules]\nzero_zero = \"us\"\nzero = \"draw\"\n\n", "draw"),
    );
    let r = run_in(&dir, &["test", "--errors", "short", case]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains(&format!(
            "{case}:10:8: [rules] leyte has no rules option `zero` (its options: "
        )),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains(&format!(
            "{case}:9:13: [rules] `zero_zero` takes draw or japanese-decisive, not `us`"
        )),
        "{}",
        r.stdout
    );
}

/// `--accept` under `--rule` writes a VASSAL case file only when its own `[rules]` chooses the
/// same, as for a state file.
#[test]
fn accept_under_a_rule_reads_a_vassal_case_s_own_rules() {
    let dir = vassal_scratch("accept-rule-vassal-rules", &EXITED);
    let case = "vassal/leyte/exited.case.toml";
    let args = [
        "test",
        "--rule",
        "zero_zero=japanese-decisive",
        "--accept",
        case,
    ];
    write(&dir, case, &exited_case("", "draw"));
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains(
            "not accepted: it was scored under --rule zero_zero=japanese-decisive, which neither its [rules] nor its profile's [state.rules] chooses"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(case)).unwrap(),
        exited_case("", "draw")
    );
    // Its [rules] choosing another value is no better.
    let other = "[rules]\nzero_zero = \"draw\"\n\n";
    write(&dir, case, &exited_case(other, "us-marginal"));
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("not accepted: it was scored under --rule zero_zero=japanese-decisive"),
        "{}",
        r.stdout
    );
    // Its [rules] choosing the same: written, and it passes without --rule.
    let same = "[rules]\nzero_zero = \"japanese-decisive\"\n\n";
    write(&dir, case, &exited_case(same, "draw"));
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(case)).unwrap(),
        exited_case(same, "japanese-decisive")
    );
    assert_eq!(run_in(&dir, &["test", case]).code, 0);
}

/// A VASSAL case file's table it may not have, and every key `[vassal]` does not have, are
/// each told: the case fails.
#[test]
fn a_vassal_case_s_unknown_tables_and_keys_are_each_told() {
    let dir = vassal_scratch("vassal-case-unknown", &EXITED);
    let case = "vassal/leyte/exited.case.toml";
    let text = exited_case("[rule]\nzero_zero = \"japanese-decisive\"\n\n", "draw")
        .replace("[vassal]\n", "[vassal]\nsid = \"US\"\nreveel = true\n");
    write(&dir, case, &text);
    let r = run_in(&dir, &["test", "--errors", "short", case]);
    assert_eq!(r.code, 1, "{r:?}");
    for told in [
        "a VASSAL case file has no table or key `rule` (its tables: [vassal], [rules], [expect])",
        "[vassal] has no key `reveel` (its keys: ",
        "[vassal] has no key `sid` (its keys: ",
    ] {
        assert!(r.stdout.contains(told), "{told}\n{}", r.stdout);
    }
}

#[test]
fn junit_has_one_testcase_per_file() {
    let dir = three_cases("junit");
    let ridge = fixture("leyte/objective-two-hexes-one-unit-traces.toml")
        .replace("japanese = 10", "japanese = 11");
    write(&dir, "cases/ridge.toml", &ridge);
    let r = run_in(&dir, &["test", "--junit", "results.xml", "cases"]);
    assert_eq!(r.code, 1, "{r:?}");
    let xml = std::fs::read_to_string(dir.join("results.xml")).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let suite = doc.root_element();
    assert_eq!(suite.tag_name().name(), "testsuite");
    assert_eq!(
        (
            suite.attribute("tests"),
            suite.attribute("failures"),
            suite.attribute("skipped")
        ),
        (Some("3"), Some("1"), Some("1"))
    );
    let cases: Vec<(Option<&str>, Option<&str>)> = suite
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|n| (n.attribute("classname"), n.attribute("name")))
        .collect();
    assert_eq!(
        cases,
        [
            (Some("dai-senso"), Some("cases/nested/vp-check.toml")),
            (Some("leyte"), Some("cases/ridge.toml")),
            (Some("leyte"), Some("cases/zoc.toml")),
        ]
    );
    let failure = suite
        .descendants()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(
        failure.attribute("message"),
        Some("japanese: expected 11, actual 10")
    );
    assert!(suite.descendants().any(|n| n.has_tag_name("skipped")));
}

#[test]
fn json_names_every_difference() {
    let dir = three_cases("json");
    let ridge = fixture("leyte/objective-two-hexes-one-unit-traces.toml").replace(
        "level = \"us-substantive\"",
        "level = \"draw\"\njson = { \"/ratio/hundredths\" = 251 }",
    );
    write(&dir, "cases/ridge.toml", &ridge);
    let r = run_in(&dir, &["test", "--format", "json"]);
    assert_eq!(r.code, 1, "{r:?}");
    reads_back(&r.stdout);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        (
            v["passed"].as_u64(),
            v["failed"].as_u64(),
            v["skipped"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    let ridge = &v["files"][1];
    assert_eq!(ridge["file"], "cases/ridge.toml");
    assert_eq!(ridge["game"], "leyte");
    assert_eq!(ridge["result"], "failed");
    assert_eq!(
        ridge["differences"],
        serde_json::json!([
            {"field": "level", "expected": "draw", "actual": "us-substantive"},
            {"field": "json.\"/ratio/hundredths\"", "expected": 251, "actual": 250}
        ])
    );
    // Every key the output has is in docs/json.md's table for it, and the reverse.
    let page = std::fs::read_to_string(root().join("docs/json.md")).unwrap();
    let section = page
        .split("## `victory test --format json`")
        .nth(1)
        .unwrap();
    let section = section.split("\n## ").next().unwrap();
    let mut documented = BTreeSet::new();
    for row in section.lines().filter_map(|l| l.strip_prefix('|')) {
        let first = row.split('|').next().unwrap();
        for key in first.split('`').skip(1).step_by(2) {
            documented.extend(key.split('.').map(|k| k.trim_end_matches("[]").to_string()));
        }
    }
    let mut seen = BTreeSet::new();
    keys(&v, &mut seen);
    let r = run_in(
        &dir,
        &[
            "test",
            "--format",
            "json",
            "--errors",
            "short",
            "../no-such-thing",
        ],
    );
    assert_eq!(r.code, 2);
    let broken = fixture("leyte/objective-two-hexes-one-unit-traces.toml")
        .replace("hex = \"1101\"", "hex = \"1x01\"");
    write(&dir, "cases/zoc.toml", &broken);
    let refused = run_in(&dir, &["test", "--format", "json"]).stdout;
    reads_back(&refused);
    let v: serde_json::Value = serde_json::from_str(&refused).unwrap();
    keys(&v, &mut seen);
    // An --accept run: each field written, with its old and new value.
    let r = run_in(
        &dir,
        &["test", "--accept", "--format", "json", "cases/ridge.toml"],
    );
    assert_eq!(r.code, 0, "{r:?}");
    reads_back(&r.stdout);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["files"][0]["written"][0]["old"], "draw");
    keys(&v, &mut seen);
    assert_eq!(seen, documented);
}

/// `victory test --format json`'s output reads back as the suite's JSON type, and writes again
/// byte-identical (with the final newline the command adds).
fn reads_back(stdout: &str) {
    let suite: victory_suite::output::SuiteJson = serde_json::from_str(stdout).unwrap();
    let again = serde_json::to_string_pretty(&suite).unwrap() + "\n";
    assert_eq!(again, stdout);
}

#[test]
fn the_json_of_every_fixture_reads_back() {
    // Every committed fixture: Leyte and Dai Senso positions, refused files with their
    // problems, VASSAL cases with their warnings.
    let r = run_in(&root(), &["test", "--format", "json", "fixtures/"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    reads_back(&r.stdout);
    let suite: victory_suite::output::SuiteJson = serde_json::from_str(&r.stdout).unwrap();
    assert!(suite.files.len() > 100, "{}", suite.files.len());
    assert!(suite.files.iter().any(|f| !f.warnings.is_empty()));
}

/// Every object key of a JSON value, at any depth.
fn keys(v: &serde_json::Value, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                out.insert(k.clone());
                keys(v, out);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn a_rule_is_applied_to_the_games_that_know_it() {
    let dir = scratch("rules");
    write(
        &dir,
        "cases/ratio.toml",
        &fixture("leyte/ratio-499-to-200-truncated.toml"),
    );
    write(
        &dir,
        "cases/vp-check.toml",
        &fixture("asia-engulfed/vp-check-plus-two-keeps-allied-crusade.toml"),
    );
    assert_eq!(run_in(&dir, &["test"]).code, 0);
    // Leyte's `ratio` rounds 2.495 to 2.50: U.S. Substantive; Dai Senso has no such option and
    // its file still passes.
    let r = run_in(&dir, &["test", "--rule", "ratio=round"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains("cases/vp-check.toml: ok\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("  level: expected \"us-marginal\", actual \"us-substantive\"\n"),
        "{}",
        r.stdout
    );
    // A Dai Senso option leaves the Leyte file alone.
    let r = run_in(&dir, &["test", "--rule", "bonus_vp_in_dai_senso=false"]);
    assert_eq!(r.code, 0, "{r:?}");
}

#[test]
fn usage_errors_exit_2() {
    let dir = three_cases("usage");
    for args in [
        &["test", "no-such-folder"][..],
        &["test", "--rule", "no_such_option=1"][..],
        &["test", "--rule", "ratio=sometimes"][..],
        &["test", "--format", "xml"][..],
        &["test", "--bogus"][..],
    ] {
        let r = run_in(&dir, args);
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}: {r:?}");
        assert!(r.stderr.starts_with("error: "), "{args:?}: {}", r.stderr);
    }
    let r = run_in(&dir, &["test", "no-such-folder"]);
    assert_eq!(
        r.stderr,
        "error: no-such-folder: no such file or folder\n\nFor more information, try '--help'.\n"
    );
    let r = run_in(&dir, &["test", "--rule", "ratio=sometimes"]);
    assert!(
        r.stderr.contains("--rule ratio=sometimes: "),
        "{}",
        r.stderr
    );
}

/// `[expect]` is checked like every other table: an unknown key with "did you mean", a value
/// of the wrong kind, a `json` pointer the report has no field for, each located.
#[test]
fn check_validates_expect() {
    let dir = scratch("check");
    let base = without_expect(&fixture("leyte/objective-two-hexes-one-unit-traces.toml"));
    write(
        &dir,
        "cases/a.toml",
        &format!(
            "{base}\n[expect]\nlevl = \"draw\"\nus = \"25\"\njson = {{ \"/us/totl\" = 25, \"/ratio/text\" = \"x\" }}\n"
        ),
    );
    let r = run_in(&dir, &["check", "--errors", "short", "cases/a.toml"]);
    assert_eq!(r.code, 1, "{r:?}");
    // Lines as numbers after the fixture's own: `L` is `levl`'s.
    let lines = base.lines().count() + 3;
    let relative = r
        .stderr
        .replace(&format!(":{lines}:"), ":L:")
        .replace(&format!(":{}:", lines + 1), ":L+1:")
        .replace(&format!(":{}:", lines + 2), ":L+2:");
    insta::assert_snapshot!(relative, @r#"
    cases/a.toml:L:1: unknown key `levl` (the keys here: `level`, `us`, `japanese`, `traced`, `cut`, `problems`, `json`); did you mean `level`? (at `expect.levl`)
    cases/a.toml:L+1:6: expected a whole number 0 or more, found the string "25" (at `expect.us`)
    cases/a.toml:L+2:10: the report has no field `totl` in `/us` (the fields there: `awards`, `total`); did you mean `total`? (`victory schema leyte --report` lists the fields) (at `expect.json."/us/totl"`)
    "#);
    let r = run_in(&dir, &["test", "--errors", "short", "cases/a.toml"]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("did you mean `total`?"), "{}", r.stdout);
    assert!(r.stdout.contains("did you mean `level`?"), "{}", r.stdout);
    // A pointer to a field the report has: no problem.
    write(
        &dir,
        "cases/b.toml",
        &format!(
            "{base}\n[expect]\njson = {{ \"/ratio/text\" = \"2.50 to 1\", \"/loc/1/path/0\" = \"1109\" }}\n"
        ),
    );
    let r = run_in(&dir, &["check", "cases/b.toml"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "cases/b.toml: ok\n"),
        "{r:?}"
    );
    assert_eq!(run_in(&dir, &["test", "cases/b.toml"]).code, 0);
}

/// The state schema describes `[expect]`: every key the engines read, `problems` and `json`.
#[test]
fn the_state_schema_describes_expect() {
    for (game, keys) in [
        ("leyte", &["level", "us", "japanese", "traced", "cut"][..]),
        (
            "dai-senso",
            &[
                "winner",
                "csv",
                "vp_box",
                "axis_vp",
                "allied_vp",
                "automatic_victory",
            ][..],
        ),
    ] {
        let r = run_in(&root(), &["schema", game]);
        let schema: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        let expect = schema["properties"]["expect"].to_string();
        let target = expect
            .split("\"$ref\":\"#/$defs/")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or_else(|| panic!("{game}: {expect}"));
        let def = &schema["$defs"][target];
        let mut names: Vec<&str> = def["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        names.sort_unstable();
        let mut wanted: Vec<&str> = keys.iter().copied().chain(["problems", "json"]).collect();
        wanted.sort_unstable();
        assert_eq!(names, wanted, "{game}");
        assert_eq!(def["additionalProperties"], false, "{game}");
    }
}

/// The workspace's own fixtures carry their verdicts and pass (as `.ci/run` runs them).
#[test]
fn the_fixtures_pass() {
    let r = run_in(
        &root(),
        &["test", "fixtures/leyte", "fixtures/asia-engulfed"],
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(
        r.stdout.contains(" passed, 0 failed, 0 skipped\n"),
        "{}",
        r.stdout
    );
}

/// The README's two-file suite, written out and run, prints what the README shows; with one
/// value changed it fails the way the README says.
#[test]
fn the_readme_suite_runs_as_shown() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let dir = scratch("readme");
    let mut output = None;
    let mut blocks = readme.split("<!-- suite: ").skip(1);
    for block in blocks.by_ref() {
        let (name, rest) = block.split_once(" -->\n").unwrap();
        let body = rest.split_once("\n").unwrap().1;
        let body = &body[..body.find("```\n").unwrap()];
        if name == "output" {
            output = Some(body.to_string());
        } else {
            write(&dir, name, body);
        }
    }
    let output = output.expect("the README shows the run");
    let (command, printed) = output.split_once('\n').unwrap();
    let args: Vec<&str> = command
        .strip_prefix("$ victory ")
        .unwrap()
        .split(' ')
        .collect();
    let r = run_in(&dir, &args);
    assert_eq!((r.code, r.stdout.as_str()), (0, printed), "{r:?}");
    let corridor = std::fs::read_to_string(dir.join("my-games/corridor.toml")).unwrap();
    write(
        &dir,
        "my-games/corridor.toml",
        &corridor.replace("us = 10", "us = 12"),
    );
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("FAILED my-games/corridor.toml\n  us: expected 12, actual 10\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with("\n1 passed, 1 failed, 0 skipped\n"),
        "{}",
        r.stdout
    );
}

/// The README's way to start from a fixture: copied with the map it names, as the README's
/// commands copy them, it passes; copied alone it fails with the error the README quotes.
#[test]
fn a_fixture_copied_as_the_readme_shows_passes() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = readme
        .split("<!-- suite-copy -->\n```sh\n")
        .nth(1)
        .and_then(|b| b.split("```\n").next())
        .expect("the README shows how to copy a fixture");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("suite")
        .join("readme-copy");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut test = None;
    let mut copied = Vec::new();
    for line in block.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["mkdir", "-p", folders @ ..] => {
                for f in folders {
                    std::fs::create_dir_all(dir.join(f)).unwrap();
                }
            }
            ["cp", from, to] => {
                let from = root().join(from);
                let to = dir.join(to).join(from.file_name().unwrap());
                std::fs::copy(&from, &to).unwrap();
                copied.push(to);
            }
            ["victory", args @ ..] => test = Some(args.to_vec()),
            _ => panic!("a line the test does not know: {line}"),
        }
    }
    let args = test.expect("the block runs victory");
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.ends_with("\n1 passed, 0 failed, 0 skipped\n"),
        "{r:?}"
    );
    // A fixture copied alone into `my-games/`: the error the README quotes.
    let quoted = readme
        .split("so a fixture copied alone into `my-games/` fails, at its `map` line:")
        .nth(1)
        .and_then(|q| q.split("``").nth(1))
        .unwrap()
        .replace('\n', " ");
    let alone = dir.join("alone");
    std::fs::create_dir_all(alone.join("my-games")).unwrap();
    let fixture = copied
        .iter()
        .find(|p| p.starts_with(dir.join("my-games/leyte")));
    let fixture = fixture.unwrap();
    std::fs::copy(
        fixture,
        alone.join("my-games").join(fixture.file_name().unwrap()),
    )
    .unwrap();
    let r = run_in(&alone, &["test", "--errors", "short", "my-games/"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains(&quoted), "{quoted}\n{}", r.stdout);
}

/// `victory test --help`, as a person reads it.
#[test]
fn help() {
    let r = run_in(&root(), &["test", "--help"]);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    insta::assert_snapshot!("help_test", r.stdout);
}
