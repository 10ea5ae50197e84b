//! `victory vassal pieces` end to end, on the synthetic module and game that
//! `crates/vassal/tests/common` writes in VASSAL's formats (into a fresh folder, so the file
//! names in the output are short): the readable listing and the JSON (snapshots), masking,
//! steps, bad input, and the JSON's keys against docs/json.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

#[path = "../../vassal/tests/common/mod.rs"]
mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The end-to-end tests' runs of the binary (`tests/common`).
#[path = "common/mod.rs"]
mod binary;
use binary::{Run, run_in};

/// A folder with the demo files: `demo.vmod`, `buildFile.xml`, `sizes.json`, `demo.vlog`,
/// `reversed.vsav`, `cut.vsav`.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("victory-vassal-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("demo.vmod"), common::vmod()).unwrap();
    std::fs::write(dir.join("buildFile.xml"), common::build_file()).unwrap();
    std::fs::write(
        dir.join("sizes.json"),
        r#"{"west.png": [600, 500], "east.svg": [400, 500]}"#,
    )
    .unwrap();
    std::fs::write(dir.join("demo.vlog"), common::save(false).to_file()).unwrap();
    std::fs::write(dir.join("reversed.vsav"), common::save(true).to_file()).unwrap();
    let file = common::save(false).to_file();
    std::fs::write(dir.join("cut.vsav"), &file[..file.len() / 2]).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let r = run_in(dir, args);
    (r.code, r.stdout, r.stderr)
}

fn transcript(r: &(i32, String, String)) -> String {
    let (code, stdout, stderr) = r.clone();
    Run {
        code,
        stdout,
        stderr,
    }
    .transcript()
}

#[test]
fn pieces_as_text() {
    let dir = folder("text");
    let r = run(
        &dir,
        &["vassal", "pieces", "demo.vlog", "--module", "demo.vmod"],
    );
    assert_eq!(r.0, 0, "{}", r.2);
    insta::assert_snapshot!("vassal_pieces_text", transcript(&r));
    // The buildFile with the sizes given lists the same.
    let plain = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "demo.vlog",
            "--module",
            "buildFile.xml",
            "--board-sizes",
            "sizes.json",
        ],
    );
    assert_eq!(plain.1, r.1);
    let step0 = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "demo.vlog",
            "--module",
            "demo.vmod",
            "--step",
            "0",
        ],
    );
    insta::assert_snapshot!("vassal_pieces_text_step_0", transcript(&step0));
    let reversed = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "reversed.vsav",
            "--module",
            "demo.vmod",
            "--step",
            "0",
        ],
    );
    assert!(reversed.1.contains("  0805 "), "{}", reversed.1);
}

#[test]
fn pieces_as_json() {
    let dir = folder("json");
    let r = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "demo.vlog",
            "--module",
            "demo.vmod",
            "--format",
            "json",
        ],
    );
    assert_eq!(r.0, 0, "{}", r.2);
    insta::assert_snapshot!("vassal_pieces_json", r.1);
    let v: serde_json::Value = serde_json::from_str(&r.1).unwrap();
    assert_eq!(v["commands"]["read"], 20);
    assert_eq!(v["commands"]["skipped"], 1);
    for p in v["pieces"].as_array().unwrap() {
        for key in ["id", "name", "map", "x", "y", "location", "properties"] {
            assert!(p.get(key).is_some(), "{key} in {p}");
        }
        assert!(p["x"].is_i64() && p["y"].is_i64());
    }
}

#[test]
fn masked_pieces_stay_masked_unless_revealed() {
    let dir = folder("masked");
    let r = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "demo.vlog",
            "--module",
            "demo.vmod",
            "--format",
            "json",
        ],
    );
    assert!(!r.1.contains("Secret HQ") && !r.1.contains("Ambush"));
    let r = run(
        &dir,
        &["vassal", "pieces", "demo.vlog", "--module", "demo.vmod"],
    );
    assert!(!r.1.contains("Secret HQ") && r.1.contains("masked"));
    let r = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "demo.vlog",
            "--module",
            "demo.vmod",
            "--reveal",
        ],
    );
    assert!(
        r.1.contains("Secret HQ (masked)") && r.1.contains("Ambush (invisible)"),
        "{}",
        r.1
    );
}

#[test]
fn bad_input_is_a_located_error() {
    let dir = folder("bad");
    let r = run(
        &dir,
        &["vassal", "pieces", "cut.vsav", "--module", "demo.vmod"],
    );
    assert_eq!(r.0, 1);
    assert!(r.2.starts_with("error: cut.vsav: "), "{}", r.2);
    let r = run(
        &dir,
        &[
            "vassal",
            "pieces",
            "demo.vlog",
            "--module",
            "demo.vmod",
            "--step",
            "9",
        ],
    );
    assert_eq!(r.0, 1);
    insta::assert_snapshot!("vassal_pieces_step_beyond", transcript(&r));
    let r = run(
        &dir,
        &["vassal", "pieces", "demo.vlog", "--module", "sizes.json"],
    );
    assert_eq!(r.0, 1);
    assert!(
        r.2.contains("sizes.json:1:1: the buildFile is not well-formed XML"),
        "{}",
        r.2
    );
    let r = run(
        &dir,
        &["vassal", "pieces", "missing.vsav", "--module", "demo.vmod"],
    );
    assert_eq!(r.0, 1);
    assert!(r.2.contains("missing.vsav"), "{}", r.2);
}

#[test]
fn an_ambiguous_slot_says_how_many_entries_fit() {
    use vassal::write::{SaveText, add_piece, nest, piece_slot};
    let dir = folder("ambiguous");
    // Sixteen entries of one type, distinct (their states differ): more than the ten
    // candidates listed.
    let slots: String = (0..16)
        .map(|i| {
            let definition = add_piece(
                "null",
                &nest(&["mark;Side"], "piece;;;;Unit"),
                &nest(&[&format!("Blue {i}")], "null;0;0;;0"),
            );
            piece_slot(&format!("U{i:02}"), "", (10, 10), &definition)
        })
        .collect();
    std::fs::write(
        dir.join("slots.xml"),
        format!(
            r#"<VASSAL.build.GameModule name="D" version="1"><VASSAL.build.module.PieceWindow name="Pieces">{slots}</VASSAL.build.module.PieceWindow><VASSAL.build.module.Map mapName="Main"/></VASSAL.build.GameModule>"#
        ),
    )
    .unwrap();
    let piece = add_piece(
        "p1",
        &nest(&["mark;Side"], "piece;;;;Unit"),
        &nest(&["Red"], "Main;10;10;;0"),
    );
    let save = SaveText::new().command(&piece).to_file();
    std::fs::write(dir.join("slots.vsav"), save).unwrap();
    let r = run(
        &dir,
        &["vassal", "pieces", "slots.vsav", "--module", "slots.xml"],
    );
    assert_eq!(r.0, 0, "{}", r.2);
    assert!(r.1.contains("slot ambiguous (16 entries fit)"), "{}", r.1);
}

/// Every key `docs/json.md` names in its `victory vassal pieces` tables is a field of the JSON
/// (its schema, from `victory vassal schema`), and every field is named.
#[test]
fn json_md_tables_match_the_schema() {
    let dir = folder("schema");
    let r = run(&dir, &["vassal", "schema"]);
    assert_eq!(r.0, 0);
    let schema: serde_json::Value = serde_json::from_str(&r.1).unwrap();
    let mut fields = BTreeSet::new();
    keys(&schema, &mut fields);
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json.md"))
            .unwrap();
    let start = page
        .find("\n## `victory vassal pieces --format json`")
        .expect("docs/json.md has the section");
    let rest = &page[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    let mut documented = BTreeSet::new();
    for line in rest[..end].lines() {
        let Some(row) = line.strip_prefix('|') else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("");
        for token in first.split('`').skip(1).step_by(2) {
            for part in token.split('.') {
                let part = part.trim_end_matches("[]");
                if !part.is_empty() && !part.contains(' ') && part != "key" {
                    documented.insert(part.to_string());
                }
            }
        }
    }
    let missing: Vec<_> = fields.difference(&documented).collect();
    let stale: Vec<_> = documented.difference(&fields).collect();
    assert!(
        missing.is_empty(),
        "fields not in docs/json.md: {missing:?}"
    );
    assert!(
        stale.is_empty(),
        "docs/json.md names keys the JSON does not have: {stale:?}"
    );
}

fn keys(schema: &serde_json::Value, out: &mut BTreeSet<String>) {
    match schema {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    // A schema's fields: their names, then each field's own schema.
                    ("properties", serde_json::Value::Object(props)) => {
                        out.extend(props.keys().cloned());
                        props.values().for_each(|v| keys(v, out));
                    }
                    _ => keys(v, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}
