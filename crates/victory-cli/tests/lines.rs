//! One way to print a value inside a line (issue 44, items 16 to 18): every string a file
//! gives (a Leyte state's names and ids, a Dai Senso state's, a VASSAL save's piece names, ids
//! and properties read through a profile, an `[expect]` value, a file's name) is fed a line
//! break, a carriage return, an escape sequence and a bidirectional override, through every
//! text output that shows it (`score`, `explain`, `check`, `test`, `test --accept`, the JUnit
//! XML, the problems, `map check`, `vassal pieces`, `vassal profile`, `vassal import`); no line of any output starts with the forged
//! text, no raw carriage return, ESC or bidi control is printed, and `--accept` writes the
//! value back as a one-line TOML string that reads back as the value.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

mod common;
use common::{root, run_in, vassal_game};

/// What every field is fed: a line break, a carriage return, an escape sequence (red) and a
/// right-to-left override.
const F: &str = "X\nFORGED-LINE\r\u{1b}[31m\u{202e}";

/// `F` for a VASSAL save, where ESC separates commands: a CSI (the one-character escape
/// sequence) in its place.
const F_SAVE: &str = "X\nFORGED-LINE\r\u{9b}31m\u{202e}";

/// `F` as a TOML basic string's content.
const F_TOML: &str = "X\\nFORGED-LINE\\r\\u001b[31m\\u202e";

/// A scratch folder of this test binary, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lines")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// No line of `text` starts with the forged text (indented or not), and no raw carriage
/// return, ESC or bidi control is in it.
fn clean(what: &str, text: &str) {
    for line in text.split('\n') {
        assert!(
            !line.trim_start().starts_with("FORGED-LINE")
                && !line.trim_start().starts_with("forged-case.toml: ok")
                && !line.trim_start().starts_with("error: FORGED-LINE"),
            "{what}: a forged line `{line}` in\n{text}"
        );
    }
    for c in ['\r', '\u{1b}', '\u{9b}', '\u{202e}'] {
        assert!(!text.contains(c), "{what}: a raw {c:?} in\n{text}");
    }
}

/// Run `victory` in `dir` and check both of its streams ([`clean`]); the run's stdout and
/// stderr, and its exit status.
fn checked(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let r = run_in(dir, args);
    let what = format!("{args:?}");
    clean(&format!("{what} stdout"), &r.stdout);
    clean(&format!("{what} stderr"), &r.stderr);
    (r.code, r.stdout, r.stderr)
}

/// A Leyte position on the README's corridor of nine hexes, with `f` (TOML-escaped) in every
/// string a person writes: the map's and the areas' names, the scenario's name and note, an
/// objective's name and note, the units' ids and names.
fn leyte(f: &str, expect: &str) -> String {
    format!(
        r#"game = "leyte"

[map]
name = "Nine hexes{f}"
layout = {{ orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }}
areas.northern-beach = {{ name = "Northern Beach Area{f}", hexes = ["1009"] }}
areas.eastern-beach = {{ name = "Eastern Beach Area{f}", hexes = [] }}
hexsides.roads = [["1006", "1007", "1008", "1009"]]

[scenario]
name = "Corridor{f}"
note = "a note{f}"
active_beaches = ["northern-beach"]

[[scenario.objectives]]
name = "Hill{f}"
side = "us"
vp = 20
hexes = ["1006"]
note = "held{f}"

[[units]]
id = "US-1{f}"
side = "us"
rating = "4-6-5"
hex = "1006"
name = "1st{f}"

[[units]]
id = "US-2{f}"
side = "us"
rating = "3-2-5"
hex = "1001"

[[eliminated]]
id = "J-1{f}"
side = "japanese"
rating = "4-6-5"
{expect}"#
    )
}

/// Leyte: every string of a state through `score`, `explain`, `check` and `test`, and through
/// the problems of a refused file (rendered and short), the file's own name included.
#[test]
fn leyte_names_cannot_forge_a_line() {
    let dir = scratch("leyte");
    let file = format!("case{F}.toml");
    std::fs::write(dir.join(&file), leyte(F_TOML, "")).unwrap();
    let (code, out, _) = checked(&dir, &["score", &file]);
    assert_eq!(code, 0);
    // The report names each forged value, escaped, on the line it belongs to.
    assert!(
        out.contains("US-1X\\nFORGED-LINE\\r\\u{1b}[31m\\u{202e} at 1006"),
        "{out}"
    );
    assert!(out.contains("objective HillX\\nFORGED-LINE"), "{out}");
    for unit in ["US-1", "US-2", "J-1", "US-9"] {
        checked(&dir, &["explain", "--unit", &format!("{unit}{F}"), &file]);
    }
    checked(&dir, &["explain", "--unit", F, &file]);
    let (code, _, _) = checked(&dir, &["check", &file]);
    assert_eq!(code, 0);
    checked(&dir, &["score", "--format", "json", &file]);
    // A map file's problems (`map check`), rendered and short.
    let map = leyte(F_TOML, "");
    let map = &map[map.find("name = \"Nine").unwrap()..map.find("[scenario]").unwrap()];
    let map = map.replace("\"1009\"]", &format!("\"1009\", \"10{F_TOML}\"]"));
    std::fs::write(dir.join(format!("map{F}.toml")), map).unwrap();
    for style in ["rendered", "short"] {
        let (code, _, err) = checked(
            &dir,
            &["map", "check", "--errors", style, &format!("map{F}.toml")],
        );
        assert_eq!(code, 1, "{err}");
    }
    // A state refused: the value is quoted in the message (rendered, then short).
    let refused = [
        leyte(F_TOML, "").replace("hex = \"1001\"", &format!("hex = \"10{F_TOML}01\"")),
        leyte(F_TOML, "").replace("side = \"japanese\"", &format!("side = \"j{F_TOML}\"")),
        leyte(F_TOML, "").replace("rating = \"3-2-5\"", &format!("rating = \"3{F_TOML}\"")),
        leyte(F_TOML, "").replace(&format!("US-2{F_TOML}"), &format!("US-1{F_TOML}")),
        leyte(F_TOML, "").replace(
            "active_beaches = [\"northern-beach\"]",
            &format!("active_beaches = [\"n{F_TOML}\"]"),
        ),
    ];
    for (i, text) in refused.iter().enumerate() {
        let name = format!("refused-{i}{F}.toml");
        std::fs::write(dir.join(&name), text).unwrap();
        for style in ["rendered", "short"] {
            let (code, _, err) = checked(&dir, &["check", "--errors", style, &name]);
            assert_eq!(code, 1, "{err}");
            let (code, out, _) = checked(&dir, &["test", "--errors", style, &name]);
            assert_eq!(code, 1, "{out}");
        }
    }
}

/// At three sizes (the forged text once, 10 times, 100 times in every field), `score` and
/// `explain` print as many lines as for the same state with plain names: each value stays on
/// the line it belongs to, however many line breaks it holds.
#[test]
fn leyte_reports_keep_their_lines_at_every_size() {
    let dir = scratch("sizes");
    let lines = |f: &str, args: &[&str]| {
        std::fs::write(dir.join("s.toml"), leyte(f, "")).unwrap();
        let r = run_in(&dir, &[args, &["s.toml"][..]].concat());
        assert_eq!(r.code, 0, "{r:?}");
        clean(&format!("{args:?}"), &r.stdout);
        r.stdout.lines().count()
    };
    for n in [1, 10, 100] {
        let (f, unit) = (F_TOML.repeat(n), format!("US-2{}", F.repeat(n)));
        let score = (lines("", &["score"]), lines(&f, &["score"]));
        assert_eq!(score.0, score.1, "score, {n} times");
        let explain = (
            lines("", &["explain", "--unit", "US-2"]),
            lines(&f, &["explain", "--unit", &unit]),
        );
        assert_eq!(explain.0, explain.1, "explain, {n} times");
    }
}

/// `victory test`: an expected value and an actual one holding a line break print on one line,
/// and `--accept` writes each value back as a one-line TOML string (the ACCEPTED block too),
/// a file that reads back as the values of the report.
#[test]
fn expected_and_accepted_values_stay_on_their_lines() {
    let dir = scratch("accept");
    // A line break alone (no other control character) is what toml_edit would write as a
    // multi-line string.
    let plain = "\\n\\nforged-case.toml: ok\\n";
    let expect = format!(
        "\n[expect]\nus = 99\ntraced = [\"old{plain}\"]\njson = {{ \"/scenario\" = \"old{plain}\", \"/map\" = \"m{F_TOML}\" }}\n"
    );
    for (name, f) in [("plain.toml", plain), ("forged.toml", F_TOML)] {
        std::fs::write(dir.join(name), leyte(f, &expect)).unwrap();
        let (code, out, _) = checked(&dir, &["test", name]);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains("expected [\"old\\n\\nforged-case.toml: ok\\n\"]"),
            "{out}"
        );
        let (code, out, _) = checked(&dir, &["test", "--accept", name]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains(&format!("\nACCEPTED {name}\n")), "{out}");
        let written = std::fs::read_to_string(dir.join(name)).unwrap();
        clean(&format!("{name} as accepted"), &written);
        let table = &written[written.find("[expect]").unwrap()..];
        assert_eq!(table.lines().count(), 4, "{table}");
        let back: toml::Table = toml::from_str(&written).unwrap();
        let decoded = f
            .replace("\\n", "\n")
            .replace("\\r", "\r")
            .replace("\\u001b", "\u{1b}")
            .replace("\\u202e", "\u{202e}");
        assert_eq!(
            back["expect"]["traced"].as_array().unwrap()[0].as_str(),
            Some(format!("US-1{decoded}").as_str()),
            "{written}"
        );
        assert_eq!(
            back["expect"]["json"]["/scenario"].as_str(),
            Some(format!("Corridor{decoded}").as_str()),
            "{written}"
        );
        // What it wrote passes; the JUnit XML of a failed run names the values on one line too.
        let (code, out, _) = checked(&dir, &["test", name]);
        assert_eq!(code, 0, "{out}");
        std::fs::write(dir.join("failing.toml"), leyte(f, &expect)).unwrap();
        checked(&dir, &["test", "--junit", "results.xml", "failing.toml"]);
        let xml = std::fs::read_to_string(dir.join("results.xml")).unwrap();
        clean("the JUnit XML", &xml);
    }
}

/// Dai Senso: the Strategic Hexes' names, the track's name and box ids, the turn, through
/// `score`, `check` and `test`.
#[test]
fn dai_senso_names_cannot_forge_a_line() {
    let dir = scratch("dai-senso");
    let text =
        std::fs::read_to_string(root().join("fixtures/asia-engulfed/custom-track-inline.toml"))
            .unwrap();
    let text = text
        .replace("name = \"", &format!("name = \"{F_TOML}"))
        .replace(
            "check = \"seasonal\"",
            &format!("check = \"seasonal\"\nturn = \"Spring{F_TOML}\""),
        )
        .replace("\"2\"", &format!("\"2{F_TOML}\""))
        .replace("\"0\"", &format!("\"0{F_TOML}\""));
    std::fs::write(dir.join("ds.toml"), &text).unwrap();
    let (code, out, err) = checked(&dir, &["score", "ds.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("X\\nFORGED-LINE"), "{out}");
    let (code, _, err) = checked(&dir, &["check", "ds.toml"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = checked(&dir, &["test", "ds.toml"]);
    assert_eq!(code, 0, "{out}");
    std::fs::write(
        dir.join("bad.toml"),
        text.replace(
            "controller = \"western\"",
            &format!("controller = \"w{F_TOML}\""),
        ),
    )
    .unwrap();
    let (code, _, _) = checked(&dir, &["check", "bad.toml"]);
    assert_eq!(code, 1);
}

/// A synthetic save of the synthetic module: a US unit on the map with piece id `id`, name
/// `name` and a marker `Note` = `note`; a Japanese unit in the dead pile named `name` too.
fn save(id: &str, name: &str, note: &str) -> Vec<u8> {
    common::leyte_save((id, name, Some(note)), (name, note))
}

/// The assault profile with the units' `id` read by `read` instead (its first two reads).
fn profile_reading(leyte: &Path, read: &str) -> String {
    let text = std::fs::read_to_string(leyte.join("assault.profile.toml")).unwrap();
    text.replacen("id = { name = true, word = 1 }", &format!("id = {read}"), 2)
}

/// The synthetic module.
const MODULE: &str = "Leyte-synthetic.vmod";

/// The saves of [`vassal_setup`]: item 16's piece id, every field forged, item 17's name and
/// property.
const SAVES: [&str; 3] = ["ids.vsav", "forged.vsav", "item17.vsav"];

/// The profiles of [`vassal_setup`], and how each reads the units' `id` (the assault
/// profile's own read: its name's first word): each kind of read whose refusal quotes the text.
const PROFILES: [(&str, Option<&str>); 6] = [
    ("assault.profile.toml", None),
    ("piece-id.profile.toml", Some("{ piece_id = true }")),
    ("word.profile.toml", Some("{ name = true, word = 9 }")),
    (
        "as.profile.toml",
        Some("{ property = \"Note\", as = \"integer\" }"),
    ),
    (
        "values.profile.toml",
        Some("{ property = \"Note\", values = { a = \"US-1\" } }"),
    ),
    (
        "lookup.profile.toml",
        Some(
            "{ lookup = { table = \"counters\", by = { counter = { property = \"Note\" } }, column = \"id\" } }",
        ),
    ),
];

/// The synthetic game in a scratch folder `name`, with [`SAVES`] and [`PROFILES`] written
/// beside its module; the folder of them.
fn vassal_setup(name: &str) -> PathBuf {
    let leyte = vassal_game(&scratch(name));
    let saves = [
        save("ID\n\nforged-case.toml: ok\n", "US-1 4-6-5", "a note"),
        save(
            &format!("u{F_SAVE}"),
            &format!("US-1{F_SAVE} 4-6-5"),
            &format!("24-19\nerror: FORGED-LINE{F_SAVE}"),
        ),
        save(
            "u0",
            "24-19\nerror: FORGED-LINE 4-6-5",
            "24-19\nerror: FORGED-LINE",
        ),
    ];
    for (name, bytes) in SAVES.iter().zip(saves) {
        std::fs::write(leyte.join(name), bytes).unwrap();
    }
    for (name, read) in PROFILES {
        if let Some(read) = read {
            let mut text = profile_reading(&leyte, read);
            if name.starts_with("lookup") {
                text.push_str("\n[tables.counters]\nfile = \"counters.csv\"\n");
            }
            std::fs::write(leyte.join(name), text).unwrap();
        }
    }
    leyte
}

/// A VASSAL save's piece names, ids and properties through `vassal pieces`, `vassal profile`
/// (a profile drafted from the save), `score`, `check`, `vassal import`, `test` and
/// `test --accept` (the case file written), read by each of [`PROFILES`].
#[test]
fn vassal_pieces_cannot_forge_a_line() {
    let leyte = vassal_setup("vassal");
    let m = MODULE;
    let mut refused = 0;
    for save in SAVES {
        checked(&leyte, &["vassal", "pieces", save, "--module", m]);
        checked(&leyte, &["vassal", "profile", m, "--save", save]);
        for (profile, _) in PROFILES {
            let read = ["--module", m, "--profile", profile];
            let (code, _, _) = checked(&leyte, &[&["score", save][..], &read].concat());
            refused += usize::from(code != 0);
            checked(&leyte, &[&["check", save][..], &read].concat());
            checked(&leyte, &[&["vassal", "import", save][..], &read].concat());
            let case = format!("{save}-{profile}.case.toml");
            std::fs::write(
                leyte.join(&case),
                format!("[vassal]\nsave = \"{save}\"\nmodule = \"{m}\"\nprofile = \"{profile}\"\n\n[expect]\nus = 99\n"),
            )
            .unwrap();
            checked(&leyte, &["test", &case]);
            checked(&leyte, &["test", "--accept", &case]);
            let written = std::fs::read_to_string(leyte.join(&case)).unwrap();
            clean(&format!("{case} as accepted"), &written);
        }
    }
    // The refusals were made: the reads that quote the text each refuse a save.
    assert!(refused >= 6, "{refused}");
}

/// Item 16: an id read by `piece_id` is the report's unit id, printed on its line; item 17:
/// the text a `word`, `as`, `values` or `lookup` read refuses is quoted on the message's line.
#[test]
fn vassal_reads_quote_a_piece_on_one_line() {
    let leyte = vassal_setup("vassal-reads");
    let read = |save: &str, profile: &str| {
        checked(
            &leyte,
            &["score", save, "--module", MODULE, "--profile", profile],
        )
    };
    let (code, out, _) = read("ids.vsav", "piece-id.profile.toml");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("held by ID\\n\\nforged-case.toml: ok\\n at 2215"),
        "{out}"
    );
    for profile in ["word", "as", "values", "lookup"] {
        let (code, _, err) = read("item17.vsav", &format!("{profile}.profile.toml"));
        assert_eq!(code, 1, "{profile}: {err}");
        assert!(
            err.contains("`24-19\\nerror: FORGED-LINE"),
            "{profile}: {err}"
        );
    }
}
