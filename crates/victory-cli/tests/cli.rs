//! The `victory` binary end to end: each test runs the real program from the workspace root, so
//! file names in its output are short and machine-independent (`fixtures/leyte/...`).
//!
//! Every run is checked for the contract that holds on any input: exit status 0, 1 or 2, and
//! never a panic or a backtrace.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

mod common;
use common::{Run, root, run_in, run_with};

/// Run `victory` from the workspace root.
fn run(args: &[&str]) -> Run {
    run_in(&root(), args)
}

/// A fixture's name relative to the workspace root.
fn short(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// The `*.toml` files of a folder, sorted, relative to the workspace root.
fn tomls(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| short(&p))
        .collect();
    files.sort();
    files
}

/// A scratch folder of this test binary, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const SCORED: &str = "{objective-two-hexes-one-unit-traces,loc-through-empty-enemy-zoc-is-cut,exit-awards-and-shortfall,loc-japanese-trace-when-scenario-says-16-34,final-historical-two-two-tie-axis-wins,combined-example-allies-six-axis-five,custom-track-from-file,european-theater-collapse-esv-five}.toml";

#[test]
fn score_text_and_json_of_both_games() {
    let mut seen = 0;
    for dir in ["fixtures/leyte", "fixtures/asia-engulfed"] {
        insta::glob!(&root().join(dir), SCORED, |path| {
            seen += 1;
            let file = short(path);
            let text = run(&["score", &file]);
            assert_eq!((text.code, text.stderr.as_str()), (0, ""), "{text:?}");
            assert_eq!(run(&["score", &file]).stdout, text.stdout, "deterministic");
            insta::assert_snapshot!("score_text", text.stdout);

            let json = run(&["score", "--format", "json", &file]);
            assert_eq!((json.code, json.stderr.as_str()), (0, ""), "{json:?}");
            assert_eq!(
                run(&["score", "--format", "json", &file]).stdout,
                json.stdout,
                "deterministic"
            );
            // `game` and `file` come first, then the engine's report.
            let game = if dir.ends_with("leyte") {
                "leyte".to_string()
            } else {
                let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
                v["game"].as_str().unwrap().to_string()
            };
            assert!(
                json.stdout.starts_with(&format!(
                    "{{\n  \"game\": \"{game}\",\n  \"file\": \"{file}\",\n  \"schema_version\": 1,\n"
                )),
                "{}",
                json.stdout
            );
            insta::assert_snapshot!("score_json", json.stdout);
        });
    }
    assert_eq!(seen, 8, "the chosen fixtures exist");
}

#[test]
fn score_several_files_reports_all_and_fails_if_one_fails() {
    let files = [
        "fixtures/leyte/ratio-000-to-000.toml",
        "fixtures/leyte/invalid/duplicate-unit-id.toml",
        "fixtures/asia-engulfed/final-historical-two-two-tie-axis-wins.toml",
    ];
    let mut args = vec!["score"];
    args.extend(files);
    let text = run(&args);
    assert_eq!(text.code, 1);
    let single = |f: &str| run(&["score", f]).stdout;
    assert_eq!(
        text.stdout,
        format!(
            "==> {} <==\n{}\n==> {} <==\n{}",
            files[0],
            single(files[0]),
            files[2],
            single(files[2])
        )
    );
    insta::assert_snapshot!(text.stderr, @r#"
    error: unit id `US-1` is used twice (first at `units[0]`)
      --> fixtures/leyte/invalid/duplicate-unit-id.toml:16:6
       |
    16 | id = "US-1"
       |      ^^^^^^ at `eliminated[0].id`
    "#);

    let mut args = vec!["score", "--format", "json"];
    args.extend(files);
    let json = run(&args);
    assert_eq!(json.code, 1);
    assert_eq!(json.stderr, text.stderr);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let listed: Vec<&str> = v
        .as_array()
        .expect("several files give an array")
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [files[0], files[2]]);
    assert_eq!(v[0]["game"], "leyte");
    assert_eq!(v[1]["game"], "dai-senso");

    // Only bad files: nothing on stdout but the empty array.
    let json = run(&[
        "score",
        "--format",
        "json",
        "fixtures/leyte/invalid/bad-toml.toml",
        "fixtures/no-such-file.toml",
    ]);
    insta::assert_snapshot!(json.transcript(), @"
    exit status: 1
    --- stdout
    []
    --- stderr
    error: missing key `side`
     --> fixtures/leyte/invalid/bad-toml.toml:9:1
      |
    9 | [[units]]
      | ^^^^^^^^^ at `units[0].side`

    fixtures/no-such-file.toml: no such file
    ");
    // One bad file in JSON: nothing on stdout.
    let json = run(&["score", "--format", "json", "fixtures/no-such-file.toml"]);
    assert_eq!((json.code, json.stdout.as_str()), (1, ""));
}

#[test]
fn check_valid_fixtures_are_ok() {
    let mut files = tomls("fixtures/leyte");
    files.extend(tomls("fixtures/asia-engulfed"));
    assert!(files.len() > 8);
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let text = run(&args);
    assert_eq!((text.code, text.stderr.as_str()), (0, ""), "{text:?}");
    let expected: String = files.iter().map(|f| format!("{f}: ok\n")).collect();
    assert_eq!(text.stdout, expected);

    args.insert(1, "--format");
    args.insert(2, "json");
    let json = run(&args);
    assert_eq!(
        (json.code, json.stdout.as_str(), json.stderr.as_str()),
        (0, "[]\n", "")
    );
}

#[test]
fn check_invalid_fixtures_reports_every_problem() {
    for (name, dir) in [
        ("leyte", "fixtures/leyte/invalid"),
        ("asia_engulfed", "fixtures/asia-engulfed/invalid"),
    ] {
        let files = tomls(dir);
        let mut args = vec!["check", "--errors", "short"];
        args.extend(files.iter().map(String::as_str));
        let text = run(&args);
        assert_eq!((text.code, text.stdout.as_str()), (1, ""), "{text:?}");
        // Every file has at least one problem (located in the file, or in a map or track file
        // it refers to), and the run of all of them reports each one's.
        for f in &files {
            let alone = run(&["check", "--errors", "short", f]);
            assert_eq!(alone.code, 1, "{f}");
            assert!(!alone.stderr.is_empty(), "{f}");
            assert!(text.stderr.contains(&alone.stderr), "{f}");
        }
        insta::assert_snapshot!(format!("check_text_{name}"), text.stderr);
        // As shown by default: each problem with its line and a caret, as rustc shows them.
        let rendered = run(&args
            .iter()
            .copied()
            .filter(|a| !["--errors", "short"].contains(a))
            .collect::<Vec<_>>());
        assert_eq!(rendered.code, 1);
        insta::assert_snapshot!(format!("check_rendered_{name}"), rendered.stderr);

        args.insert(1, "--format");
        args.insert(2, "json");
        let json = run(&args);
        assert_eq!((json.code, json.stderr.as_str()), (1, ""), "{json:?}");
        let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
        let problems = v.as_array().unwrap();
        assert_eq!(problems.len(), text.stderr.lines().count());
        for p in problems {
            let keys: Vec<&String> = p.as_object().unwrap().keys().collect();
            assert_eq!(
                keys,
                [
                    "column", "file", "help", "key", "kind", "label", "line", "message",
                    "severity", "span"
                ],
                "{p}"
            );
        }
        insta::assert_snapshot!(format!("check_json_{name}"), json.stdout);
    }
}

#[test]
fn check_reports_problems_in_a_referenced_map() {
    let file = "crates/victory-cli/tests/data/broken-map.toml";
    let text = run(&["check", file]);
    assert_eq!((text.code, text.stdout.as_str()), (1, ""));
    let json = run(&["check", "--format", "json", file]);
    assert_eq!(json.code, 1);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let problems = v.as_array().unwrap();
    assert!(!problems.is_empty());
    assert_eq!(problems.len(), text.stderr.lines().count());
    for p in problems {
        assert_eq!(p["file"], "fixtures/maps/invalid/many-problems.toml", "{p}");
        assert!(p["kind"].as_str().unwrap().starts_with("map/"), "{p}");
        assert!(p["line"].is_u64(), "{p}");
    }
}

#[test]
fn explain_traced_cut_and_other_units() {
    let cases = [
        // Traced, one hex of any terrain to the beach.
        (
            "traced_one_hex",
            "fixtures/leyte/objective-two-hexes-one-unit-traces.toml",
            "US-2",
        ),
        // Traced: three hexes of any terrain, then the road to the beach.
        (
            "traced_then_road",
            "fixtures/leyte/loc-three-off-road-hexes-then-road.toml",
            "US-1",
        ),
        // Traced under the may-adjoin-chain reading: the beach hex is beside the chain.
        (
            "traced_beach_beside_chain",
            "fixtures/leyte/loc-beach-may-adjoin-chain-reading.toml",
            "US-1",
        ),
        // Traced under the may-adjoin-chain reading with no road near the beach: the beach is
        // one hex past the hexes of any terrain, not beside a chain (issue 38, item 5).
        (
            "traced_beach_past_free_hexes",
            "fixtures/leyte/loc-beach-fourth-hex-no-road-may-adjoin-chain-option.toml",
            "US-1",
        ),
        // The stricter must-adjoin-chain reading: the chain runs into the beach from 1008.
        (
            "traced_beach_must_adjoin_chain",
            "fixtures/leyte/loc-target-must-adjoin-chain-option.toml",
            "US-1",
        ),
        // Traced through friendly-occupied, enemy-controlled hexes: each names the friendly
        // unit it depends on (issue 38, item 8).
        (
            "traced_through_friendly_occupied",
            "fixtures/leyte/loc-through-friendly-occupied-enemy-zoc.toml",
            "US-1",
        ),
        // A Japanese unit tracing to the scenario's Japanese LOC hexes.
        (
            "traced_japanese",
            "fixtures/leyte/loc-japanese-trace-when-scenario-says-16-34.toml",
            "J-1",
        ),
        // Cut by enemy zones of control.
        (
            "cut_by_zoc",
            "fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml",
            "US-1",
        ),
        // Cut: the fourth hex is off the road/trail net.
        (
            "cut_off_road",
            "fixtures/leyte/loc-four-off-road-hexes-is-cut.toml",
            "US-1",
        ),
        // Cut where the nearest road/trail hex is within reach of the free hexes (three away):
        // the allowance is not blamed, the blocked hex is (issue 24, item 10).
        (
            "cut_beach_off_chain",
            "fixtures/leyte/loc-beach-off-chain-literal-reading-is-cut.toml",
            "US-1",
        ),
        // Cut by enemy ZOC on the road with the road one hex away: the enemy is named as the
        // cause, not the distance (issue 38, item 7).
        (
            "cut_by_zoc_on_the_road",
            "fixtures/leyte/loc-enemy-zoc-on-the-road-is-cut.toml",
            "US-1",
        ),
        // A Japanese unit cut where the scenario applies 16.34: cited with 16.34 and ruling
        // L-13, not L7 or L9 (issue 38, item 9).
        (
            "japanese_cut_16_34",
            "fixtures/leyte/loc-japanese-trace-when-scenario-says-16-34.toml",
            "J-2",
        ),
        // A unit whose side need not trace.
        (
            "need_not_trace",
            "fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml",
            "J-1",
        ),
        // An eliminated unit.
        (
            "eliminated",
            "fixtures/leyte/elimination-4-6-5-is-worth-10.toml",
            "J-16-9",
        ),
    ];
    for (name, file, unit) in cases {
        let r = run(&["explain", file, "--unit", unit]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{name}: {r:?}");
        insta::assert_snapshot!(format!("explain_{name}"), r.stdout);
    }
}

#[test]
fn explain_errors() {
    let r = run(&[
        "explain",
        "fixtures/leyte/objective-two-hexes-one-unit-traces.toml",
        "--unit",
        "US-9",
    ]);
    insta::assert_snapshot!(r.transcript(), @r"
    exit status: 1
    --- stdout
    --- stderr
    fixtures/leyte/objective-two-hexes-one-unit-traces.toml: no unit `US-9` in this file; the units that must trace a Line of Communications: US-1, US-2
    ");
    let r = run(&[
        "explain",
        "fixtures/asia-engulfed/final-historical-two-two-tie-axis-wins.toml",
        "--unit",
        "US-1",
    ]);
    insta::assert_snapshot!(r.transcript(), @r"
    exit status: 1
    --- stdout
    --- stderr
    fixtures/asia-engulfed/final-historical-two-two-tie-axis-wins.toml: `explain` traces Leyte's Lines of Communications; this is a `dai-senso` file, which has none (try `victory score`)
    ");
    let r = run(&[
        "explain",
        "fixtures/leyte/invalid/missing-map-file.toml",
        "--unit",
        "US-1",
    ]);
    insta::assert_snapshot!(r.transcript(), @r#"
    exit status: 1
    --- stdout
    --- stderr
    error: cannot load `../../maps/no-such-map.toml`: fixtures/maps/no-such-map.toml: no such file
     --> fixtures/leyte/invalid/missing-map-file.toml:3:7
      |
    3 | map = "../../maps/no-such-map.toml"
      |       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ at `map`
    "#);
    // `--unit` is required.
    let r = run(&[
        "explain",
        "fixtures/leyte/objective-two-hexes-one-unit-traces.toml",
    ]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
}

#[test]
fn schema_is_json_schema_of_the_state_format() {
    for (game, keys) in [
        ("leyte", &["game", "map", "scenario", "units"][..]),
        (
            "dai-senso",
            &["game", "check", "vp_marker", "strategic_hexes"][..],
        ),
        ("axis-empires", &["game", "check", "vp_marker", "tk"][..]),
    ] {
        let r = run(&["schema", game]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{r:?}");
        assert_eq!(run(&["schema", game]).stdout, r.stdout, "deterministic");
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert!(v["$schema"].as_str().unwrap().contains("json-schema.org"));
        assert_eq!(v["type"], "object");
        for k in keys {
            assert!(v["properties"].get(k).is_some(), "{game}: no `{k}`");
        }
    }
    let r = run(&["schema", "chess"]);
    assert_eq!((r.code, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr
            .contains("[possible values: leyte, dai-senso, axis-empires]")
    );
}

#[test]
fn schema_report_is_json_schema_of_what_score_prints() {
    for (game, name, fixture) in [
        (
            "leyte",
            "leyte",
            "fixtures/leyte/objective-two-hexes-one-unit-traces.toml",
        ),
        (
            "dai-senso",
            "dai_senso",
            "fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml",
        ),
    ] {
        let r = run(&["schema", game, "--report"]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{r:?}");
        assert_eq!(
            run(&["schema", game, "--report"]).stdout,
            r.stdout,
            "deterministic"
        );
        let schema: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert!(
            schema["$schema"]
                .as_str()
                .unwrap()
                .contains("json-schema.org")
        );
        assert_eq!(schema["type"], "object");
        assert_ne!(run(&["schema", game]).stdout, r.stdout, "{game}");
        // What `score --format json` prints: `game` and `file`, then exactly the report's fields,
        // every required one among them.
        let scored = run(&["score", "--format", "json", fixture]);
        let scored: serde_json::Value = serde_json::from_str(&scored.stdout).unwrap();
        let properties = schema["properties"].as_object().unwrap();
        for k in scored.as_object().unwrap().keys() {
            if k == "game" || k == "file" {
                continue;
            }
            assert!(
                properties.contains_key(k.as_str()),
                "{game}: `{k}` not in the schema"
            );
        }
        for k in schema["required"].as_array().unwrap() {
            assert!(
                scored.get(k.as_str().unwrap()).is_some(),
                "{game}: no `{k}`"
            );
        }
        insta::assert_snapshot!(format!("report_schema_{name}"), r.stdout);
    }
    // Both Asia Engulfed games share one report.
    assert_eq!(
        run(&["schema", "axis-empires", "--report"]).stdout,
        run(&["schema", "dai-senso", "--report"]).stdout
    );
}

#[test]
fn bad_files_are_clean_errors() {
    let dir = scratch("bad-files");
    std::fs::write(dir.join("chess.toml"), "game = \"chess\"\n").unwrap();
    std::fs::write(dir.join("no-game.toml"), "[scenario]\nname = \"x\"\n").unwrap();
    std::fs::write(dir.join("game-number.toml"), "game = 1945\n").unwrap();
    std::fs::write(dir.join("empty.toml"), "").unwrap();
    std::fs::write(dir.join("bad-syntax.toml"), "game = \"leyte\"\n[[units]\n").unwrap();
    let garbage: Vec<u8> = (0u32..512)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(dir.join("garbage.toml"), garbage).unwrap();
    std::fs::write(dir.join("latin1.toml"), b"game = \"leyte\"\n# caf\xe9\n").unwrap();
    std::fs::write(
        dir.join("nul.toml"),
        b"game = \"leyte\"\n\0\0\0\x01\x02".as_slice(),
    )
    .unwrap();
    std::fs::create_dir(dir.join("folder.toml")).unwrap();
    let files = [
        "chess.toml",
        "no-game.toml",
        "game-number.toml",
        "empty.toml",
        "bad-syntax.toml",
        "garbage.toml",
        "latin1.toml",
        "nul.toml",
        "folder.toml",
        "missing.toml",
    ];
    for command in ["score", "check"] {
        let mut args = vec![command, "--errors", "short"];
        args.extend(files);
        let r = run_in(&dir, &args);
        assert_eq!(r.code, 1);
        assert_eq!(r.stdout, "");
        assert_eq!(r.stderr.lines().count(), files.len(), "{}", r.stderr);
        insta::assert_snapshot!(format!("bad_files_{command}"), r.stderr);
        // Each file alone gives the same line.
        for (f, line) in files.iter().zip(r.stderr.lines()) {
            let alone = run_in(&dir, &[command, "--errors", "short", f]);
            assert_eq!((alone.code, alone.stderr.trim_end()), (1, line));
        }
    }
    let r = run_in(&dir, &["explain", "garbage.toml", "--unit", "X"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("garbage.toml:"), "{}", r.stderr);
}

/// Reading only regular files, with a size cap: a device or a named pipe, as the state file
/// or as the map it names, is refused unopened (a pipe with no writer once hung the program,
/// `/dev/zero` read until memory ran out); a file or standard input larger than
/// `--max-input-bytes` is refused.
#[cfg(unix)]
#[test]
fn special_files_and_oversized_inputs_are_refused() {
    let dir = scratch("special-files");
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("pipe.toml"))
        .status()
        .unwrap();
    assert!(made.success());
    let state = |map: &str| {
        format!(
            "game = \"leyte\"\nmap = \"{map}\"\n[scenario]\nname = \"T\"\nactive_beaches = []\n"
        )
    };
    std::fs::write(dir.join("zero-map.toml"), state("/dev/zero")).unwrap();
    std::fs::write(dir.join("pipe-map.toml"), state("pipe.toml")).unwrap();
    for (args, expected) in [
        (
            vec!["score", "/dev/zero"],
            "/dev/zero: is a character device, not a state file (only regular files and `-` are read)",
        ),
        (
            vec!["score", "pipe.toml"],
            "pipe.toml: is a named pipe (FIFO), not a state file (only regular files and `-` are read)",
        ),
        (
            vec!["check", "--confine", ".", "pipe.toml"],
            "pipe.toml: is a named pipe (FIFO), not a state file (only regular files and `-` are read)",
        ),
        (
            vec!["score", "--errors", "short", "zero-map.toml"],
            "zero-map.toml:2:7: cannot load `/dev/zero`: /dev/zero: is a character device, not a regular file (at `map`, label `/dev/zero`)",
        ),
        (
            vec![
                "score",
                "--errors",
                "short",
                "--confine",
                ".",
                "pipe-map.toml",
            ],
            "pipe-map.toml:2:7: cannot load `pipe.toml`: pipe.toml: is a named pipe (FIFO), not a regular file (at `map`, label `pipe.toml`)",
        ),
        (
            vec!["score", "--max-input-bytes", "64", "zero-map.toml"],
            "zero-map.toml: larger than 64 bytes, the most read from one file (raise it with --max-input-bytes)",
        ),
    ] {
        let r = run_in(&dir, &args);
        assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{args:?}");
        assert_eq!(r.stderr.trim_end(), expected, "{args:?}");
    }
    // A referenced map beyond the cap (the state file is within it).
    let r = run(&[
        "score",
        "--max-input-bytes",
        "600",
        "fixtures/leyte/loc-four-off-road-hexes-is-cut.toml",
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("cannot load `../maps/loc-corridor.toml`: fixtures/maps/loc-corridor.toml: larger than 600 bytes"),
        "{}",
        r.stderr
    );
}

/// `-` reads the state from standard input (references relative to the current folder), once,
/// and within `--max-input-bytes`.
#[test]
fn standard_input_is_read_once_and_capped() {
    let fixture =
        std::fs::read_to_string(root().join("fixtures/leyte/loc-four-off-road-hexes-is-cut.toml"))
            .unwrap();
    let text = fixture.replace("../maps/", "fixtures/maps/");
    let piped = run_with(&root(), &["score", "-"], Some(text.as_bytes()));
    let named = run(&[
        "score",
        "fixtures/leyte/loc-four-off-road-hexes-is-cut.toml",
    ]);
    assert_eq!((piped.code, &piped.stdout), (0, &named.stdout));
    let r = run_with(
        &root(),
        &["check", "-"],
        Some(b"game = \"leyte\"\n[scenario\n"),
    );
    assert_eq!(r.code, 1);
    // Shown with its line, as a file's problems are.
    assert!(r.stderr.contains(" --> <stdin>:2:10\n"), "{}", r.stderr);
    assert!(r.stderr.contains("2 | [scenario\n"), "{}", r.stderr);
    let r = run_with(
        &root(),
        &["score", "--max-input-bytes", "100", "-"],
        Some(text.as_bytes()),
    );
    assert_eq!(
        (r.code, r.stderr.trim_end()),
        (
            1,
            "<stdin>: larger than 100 bytes, the most read from one file (raise it with --max-input-bytes)"
        )
    );
    // From the fixture's own folder, the fixture as it is: its map resolves from there.
    let here = run_with(
        &root().join("fixtures/leyte"),
        &["score", "-"],
        Some(fixture.as_bytes()),
    );
    assert_eq!((here.code, &here.stdout), (0, &named.stdout));
    // A map file given as a state is named as one.
    let r = run(&["score", "fixtures/maps/line.toml"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("this is a map file"), "{}", r.stderr);
    // `--confine` and `--max-input-bytes` belong to the commands that read files.
    assert_eq!(run(&["schema", "leyte", "--confine", "."]).code, 2);
    let r = run_with(&root(), &["score", "-", "-"], Some(text.as_bytes()));
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("can be given once"), "{}", r.stderr);
}

/// Names from a file never reach the terminal raw: no control or bidirectional formatting
/// character in any output, text or JSON, of a state whose names carry escape sequences.
#[test]
fn hostile_names_print_no_raw_control_characters() {
    let fixture = "fixtures/leyte/hostile-names-are-escaped.toml";
    let unit = "US\u{1b}]0;pwned\u{7}\u{202e}-1";
    for args in [
        vec!["score", fixture],
        vec!["score", "--format", "json", fixture],
        vec!["explain", fixture, "--unit", unit],
        vec!["explain", fixture, "--unit", "nobody\u{1b}[2J"],
        vec!["render", fixture, "-o", "-"],
    ] {
        let r = run(&args);
        for (stream, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
            let bad: Vec<char> = text
                .chars()
                .filter(|c| wargame_kit::terminal::is_unsafe(*c))
                .collect();
            assert!(bad.is_empty(), "{args:?} {stream}: {bad:?}");
        }
        assert!(
            r.stdout.contains("pwned") || r.stderr.contains("nobody"),
            "{args:?}: {r:?}"
        );
    }
}

#[test]
fn confine_refuses_references_outside_the_folder() {
    let file = "fixtures/leyte/ratio-000-to-000.toml";
    // The map is in fixtures/maps: inside `fixtures`, outside `fixtures/leyte`.
    let inside = run(&["score", "--confine", "fixtures", file]);
    assert_eq!(inside.code, 0, "{inside:?}");
    assert_eq!(inside.stdout, run(&["score", file]).stdout);
    let outside = run(&["score", file, "--confine", "fixtures/leyte"]);
    insta::assert_snapshot!(outside.transcript(), @r#"
    exit status: 1
    --- stdout
    --- stderr
    error: cannot load `../maps/loc-corridor.toml`: fixtures/maps/loc-corridor.toml is outside the folder given to --confine (fixtures/leyte)
     --> fixtures/leyte/ratio-000-to-000.toml:5:7
      |
    5 | map = "../maps/loc-corridor.toml"
      |       ^^^^^^^^^^^^^^^^^^^^^^^^^^^ at `map`
    "#);
    // Dai Senso track files too.
    let track = "fixtures/asia-engulfed/custom-track-from-file.toml";
    assert_eq!(
        run(&["check", "--confine", "fixtures/asia-engulfed", track]).code,
        0
    );
    let r = run(&[
        "check",
        "--confine",
        "fixtures/asia-engulfed/invalid",
        track,
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("is outside the folder given to --confine"),
        "{}",
        r.stderr
    );

    // An escape by `..` from a scratch folder.
    let dir = scratch("confine");
    std::fs::create_dir(dir.join("inner")).unwrap();
    std::fs::copy(
        root().join("fixtures/maps/loc-corridor.toml"),
        dir.join("map.toml"),
    )
    .unwrap();
    std::fs::write(
        dir.join("inner/state.toml"),
        "game = \"leyte\"\nmap = \"../map.toml\"\n[scenario]\nname = \"T\"\nactive_beaches = [\"northern-beach\"]\n",
    )
    .unwrap();
    assert_eq!(run_in(&dir, &["check", "inner/state.toml"]).code, 0);
    let r = run_in(&dir, &["check", "--confine", "inner", "inner/state.toml"]);
    insta::assert_snapshot!(r.transcript(), @r#"
    exit status: 1
    --- stdout
    --- stderr
    error: cannot load `../map.toml`: map.toml is outside the folder given to --confine (inner)
     --> inner/state.toml:2:7
      |
    2 | map = "../map.toml"
      |       ^^^^^^^^^^^^^ at `map`
    "#);
    let r = run(&["check", "--confine", "no-such-folder", file]);
    insta::assert_snapshot!(r.transcript(), @r"
    exit status: 1
    --- stdout
    --- stderr
    error: --confine no-such-folder: no such folder
    ");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["score"][..],
        &["check"][..],
        &["frobnicate"][..],
        &["score", "--format", "xml", "x.toml"][..],
        &["score", "--bogus", "x.toml"][..],
        &["schema"][..],
    ] {
        let r = run(args);
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}: {r:?}");
        assert!(!r.stderr.is_empty());
    }
    let r = run(&["score", "--format", "xml", "x.toml"]);
    insta::assert_snapshot!(r.stderr, @r"
    error: invalid value 'xml' for '--format <FORMAT>'
      [possible values: text, json]

    For more information, try '--help'.
    ");
}

#[test]
fn version_and_help() {
    let r = run(&["--version"]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (0, concat!("victory ", env!("CARGO_PKG_VERSION"), "\n"), "")
    );
    for command in ["", "score", "check", "explain", "schema", "render"] {
        let mut args: Vec<&str> = command.split_whitespace().collect();
        args.push("--help");
        let r = run(&args);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{args:?}");
        assert!(r.stdout.contains("Examples:"), "{args:?}: {}", r.stdout);
        let name = if command.is_empty() {
            "victory"
        } else {
            command
        };
        insta::assert_snapshot!(format!("help_{name}"), r.stdout);
    }
}

#[test]
fn render_writes_the_engines_svg_for_each_game() {
    let dir = scratch("render");
    for (fixture, marker) in [
        (
            "fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml",
            "US-1",
        ),
        (
            "fixtures/leyte/assault-scenario-end-position.toml",
            "US-7-32",
        ),
        (
            "fixtures/asia-engulfed/vp-check-plus-three-flips-to-rising-sun.toml",
            "Rising Sun",
        ),
        (
            "fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml",
            "Allied Crusade",
        ),
    ] {
        let out = dir.join("out.svg");
        let out = out.to_str().unwrap();
        let r = run(&["render", fixture, "-o", out]);
        assert_eq!(
            (r.code, r.stdout.as_str(), r.stderr.as_str()),
            (0, "", ""),
            "{fixture}"
        );
        let svg = std::fs::read_to_string(out).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{fixture}"
        );
        assert!(svg.trim_end().ends_with("</svg>"), "{fixture}");
        assert!(svg.contains(marker), "{fixture} lacks {marker}");
        // `-o -` prints the same bytes.
        let again = run(&["render", fixture, "-o", "-"]);
        assert_eq!(again.code, 0);
        assert_eq!(again.stdout, svg, "{fixture}: not deterministic");
    }
}

#[test]
fn render_reports_bad_input_and_unwritable_output() {
    let bad = run(&[
        "render",
        "--errors",
        "short",
        "fixtures/leyte/invalid/many-problems.toml",
        "-o",
        "-",
    ]);
    assert_eq!(bad.code, 1);
    assert!(bad.stdout.is_empty());
    assert!(
        bad.stderr
            .contains("fixtures/leyte/invalid/many-problems.toml:25:10: rating `4-6`"),
        "{}",
        bad.stderr
    );
    let nowhere = run(&[
        "render",
        "fixtures/leyte/ratio-000-to-000.toml",
        "-o",
        "no-such-folder/out.svg",
    ]);
    assert_eq!(nowhere.code, 1);
    assert!(
        nowhere
            .stderr
            .starts_with("error: cannot write no-such-folder/out.svg"),
        "{}",
        nowhere.stderr
    );
    let usage = run(&["render", "fixtures/leyte/ratio-000-to-000.toml"]);
    assert_eq!(usage.code, 2);
}

/// `victory rules GAME` lists the options; `--rule KEY=VALUE` chooses one over the file's
/// `[rules]`, and a bad key or value, or an option for a game that has none, is refused.
#[test]
fn rules_options_are_listed_and_chosen() {
    let listed = run(&["rules", "dai-senso"]);
    assert_eq!(listed.code, 0);
    insta::assert_snapshot!("rules_dai_senso", listed.stdout);
    let file = "fixtures/asia-engulfed/bonus-vp-dai-senso-added.toml";
    let default = run(&["score", file]);
    assert!(
        default.stdout.contains("Axis 2 - Allies 3"),
        "{}",
        default.stdout
    );
    let chosen = run(&["score", "--rule", "bonus_vp_in_dai_senso=false", file]);
    assert!(
        chosen.stdout.contains("Axis 2 - Allies 2"),
        "{}",
        chosen.stdout
    );
    assert!(
        chosen
            .stdout
            .contains("Rules options (not the defaults): bonus_vp_in_dai_senso = false")
    );
    // The file's own choice, and --rule over it.
    let option_file = "fixtures/asia-engulfed/bonus-vp-dai-senso-not-added-option.toml";
    let over = run(&["score", "--rule", "bonus_vp_in_dai_senso=true", option_file]);
    assert!(over.stdout.contains("Axis 2 - Allies 3"), "{}", over.stdout);
    for (args, says) in [
        (
            vec!["score", "--rule", "bonus=false", file],
            "unknown rules option `bonus`",
        ),
        (
            vec!["score", "--rule", "bonus_vp_in_dai_senso=maybe", file],
            "takes true or false",
        ),
        (
            vec![
                "score",
                "--rule",
                "x=1",
                "fixtures/leyte/ratio-000-to-000.toml",
            ],
            "unknown rules option `x`",
        ),
    ] {
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}");
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
    }
    assert_eq!(run(&["score", "--rule", "novalue", file]).code, 2);
}

/// Empty input, a file given to `--confine`, and an output `render` cannot write: each is named
/// as what it is (issue 24, item 16), and nothing is written.
#[test]
fn empty_input_a_confined_file_and_an_unwritable_output_say_so() {
    let state = "fixtures/leyte/ratio-000-to-000.toml";
    let empty_stdin = run_with(&root(), &["score", "-"], Some(b""));
    let blank_stdin = run_with(&root(), &["check", "-"], Some(b"\n  \n"));
    let confined_file = run(&["score", "--confine", "README.md", state]);
    let out = std::env::temp_dir().join(format!("victory-render-{}.png", std::process::id()));
    let out_name = out.to_string_lossy().into_owned();
    let png = run(&["render", state, "-o", &out_name]);
    assert!(!out.exists(), "nothing is written to {out_name}");
    for r in [&empty_stdin, &blank_stdin, &confined_file, &png] {
        assert_eq!(r.code, 1, "{r:?}");
    }
    insta::assert_snapshot!(
        "wrong_problem_named_right",
        [
            empty_stdin.transcript(),
            blank_stdin.transcript(),
            confined_file.transcript(),
            png.transcript().replace(&out_name, "OUT.png"),
        ]
        .join("\n")
    );
}

/// A 10,000-deep dotted table header is refused at its line, with the depth TOML files are
/// read to (issue 24, item 13), whichever engine the file is for.
#[test]
fn a_key_too_deep_is_located() {
    let deep = vec!["a"; 10_000].join(".");
    let transcripts: Vec<String> = ["leyte", "dai-senso"]
        .iter()
        .map(|game| {
            let text = format!("game = \"{game}\"\n[{deep}]\nx = 1\n");
            let r = run_with(
                &root(),
                &["check", "--errors", "short", "-"],
                Some(text.as_bytes()),
            );
            assert_eq!(r.code, 1, "{r:?}");
            r.transcript()
        })
        .collect();
    insta::assert_snapshot!("key_too_deep", transcripts.join("\n"));
}

/// 200,000 `[[eliminated]]` units are refused at the count, before the file is parsed, at the
/// header of the first unit beyond the limit, named as the file names it (issue 24, item 15).
#[test]
fn too_many_units_are_refused_at_the_count() {
    let mut text = String::from(
        "game = \"leyte\"\nmap = \"../maps/loc-corridor.toml\"\n[scenario]\nname = \"T\"\nactive_beaches = [\"northern-beach\"]\n",
    );
    for i in 0..200_000 {
        text.push_str(&format!(
            "[[eliminated]]\nid = \"U-{i}\"\nside = \"us\"\nrating = \"4-6-5\"\n"
        ));
    }
    let dir = root().join("fixtures/leyte");
    let r = run_with(
        &dir,
        &[
            "check",
            "--errors",
            "short",
            "--max-input-bytes",
            "100000000",
            "-",
        ],
        Some(text.as_bytes()),
    );
    assert_eq!(r.code, 1, "{r:?}");
    insta::assert_snapshot!("too_many_units", r.transcript());
}
