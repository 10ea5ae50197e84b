//! Every fixture under `fixtures/asia-engulfed/`: the text and JSON reports of the valid ones,
//! the diagnostics of the invalid ones, each snapshot described by its fixture's header comment;
//! with feature `schema`, every report checked against the report's JSON Schema.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use asia_engulfed_victory::options::{RuleChoices, Rules};
use asia_engulfed_victory::{State, ValidState, score, score_toml};
use wargame_kit::resolve::FsResolver;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/asia-engulfed")
}

fn relative_name(path: &Path) -> String {
    let canonical = root().canonicalize().unwrap_or_else(|_| root());
    path.strip_prefix(&canonical)
        .or_else(|_| path.strip_prefix(root()))
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Snapshots named `text@<fixture>`, `json@<fixture>`, `diagnostics@<fixture>`, described by
/// the fixture's header comment (what it pins, in its own words).
fn settings(text: &str) -> insta::Settings {
    let header: Vec<&str> = text
        .lines()
        .map_while(|l| l.strip_prefix('#'))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.set_description(header.join("\n"));
    s
}

#[test]
fn fixtures_report() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/asia-engulfed", "*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = relative_name(path);
        let report = score_toml(&text, Some(&name), &resolver, &Rules::default())
            .unwrap_or_else(|e| panic!("{name} should be valid:\n{e}"));
        settings(&text).bind(|| {
            insta::assert_snapshot!("text", report.to_string());
            insta::assert_json_snapshot!("json", report);
        });
    });
}

/// Every fixture's JSON report reads back (issue 47): JSON -> `Report` -> JSON byte-identical,
/// and the report read equal to the one written but for the box's index on the track, which
/// the JSON does not hold (`MarkerReport::box_index`), and its text the same.
#[test]
fn json_reports_read_back() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/asia-engulfed", "*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = relative_name(path);
        let report = score_toml(&text, Some(&name), &resolver, &Rules::default()).unwrap();
        let json = serde_json::to_string_pretty(&report).unwrap();
        let mut back: asia_engulfed_victory::Report =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(serde_json::to_string_pretty(&back).unwrap(), json, "{name}");
        assert_eq!(back.to_string(), report.to_string(), "{name}");
        back.vp_marker.box_index = report.vp_marker.box_index;
        assert_eq!(back, report, "{name}");
    });
}

#[test]
fn invalid_fixtures_diagnostics() {
    let resolver = FsResolver::confined(root());
    insta::glob!(
        "../../../fixtures/asia-engulfed/invalid",
        "*.toml",
        |path| {
            let text = std::fs::read_to_string(path).unwrap();
            let name = relative_name(path);
            let err = State::from_toml_str(&text, Some(&name), &resolver)
                .expect_err("an invalid fixture must not read");
            for d in err.diagnostics() {
                assert!(d.file.is_some(), "{name}: {d} has no file");
                assert!(d.location.is_some(), "{name}: {d} has no line");
            }
            settings(&text).bind(|| insta::assert_snapshot!("diagnostics", err.to_string()));
        }
    );
}

/// A state read once and scored without checking again ([`ValidState::score`], what
/// `score_toml` does) gets the report `score` gives after checking it, for every fixture and
/// every value of every rules option.
#[test]
fn a_valid_state_scores_as_score_does() {
    let resolver = FsResolver::confined(root());
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    assert!(paths.len() > 30, "the fixtures are read");
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = relative_name(&path);
        let valid = ValidState::from_toml_str(&text, Some(&name), &resolver).unwrap();
        for option in asia_engulfed_victory::options::RULE_OPTIONS.options() {
            for reading in option.readings {
                let mut choices = RuleChoices::default();
                choices.set(option.key, reading.value).unwrap();
                let rules = Rules::default().with_choices(&choices);
                let report = valid.score(&rules);
                assert_eq!(
                    report,
                    score(valid.state(), &rules),
                    "{name} {}",
                    option.key
                );
                assert!(
                    report.notes.iter().all(|n| n.id != "invalid-state"),
                    "{name}"
                );
            }
        }
    }
}

/// Absurd but well-formed numbers neither panic nor exhaust memory: the margins scan stays
/// within the track's finite span however far outside it the CSV lies.
#[test]
fn extreme_counts_and_esv_are_answered() {
    let base = std::fs::read_to_string(root().join("step-three-adds-current-esv.toml")).unwrap();
    let kept: Vec<&str> = base
        .lines()
        .filter(|l| {
            !l.starts_with("current_esv")
                && !l.starts_with("[strategic_warfare_box]")
                && !l.starts_with("allied_collapse")
                && !l.starts_with("military_takeover")
        })
        .collect();
    for (collapse, takeover, esv) in [
        (u32::MAX, 0, i64::MAX),
        (0, u32::MAX, i64::MIN),
        (u32::MAX, u32::MAX, 0),
    ] {
        // Top-level keys first, then the tables of the original file.
        let text = format!(
            "current_esv = {esv}\n{}\n[strategic_warfare_box]\nallied_collapse = {collapse}\nmilitary_takeover = {takeover}\n",
            kept.join("\n")
        );
        let state =
            State::from_toml_str(&text, Some("extreme.toml"), &FsResolver::confined(root()))
                .unwrap();
        let report = score(&state, &Rules::default());
        let sum: i64 = report.csv.terms.iter().map(|t| t.value).sum();
        assert_eq!(report.csv.total, sum);
        let step_one_and_two = i64::from(collapse) - i64::from(takeover);
        assert!(
            (report.csv.total - step_one_and_two).abs() < 1000,
            "{}",
            report.csv.total
        );
    }
}

/// The report of every valid fixture conforms to the report's JSON Schema (feature `schema`),
/// checked strictly: a key serde writes that the schema does not name fails too.
#[cfg(feature = "schema")]
#[test]
fn reports_conform_to_the_report_schema() {
    let schema = serde_json::to_value(asia_engulfed_victory::report_schema()).unwrap();
    let resolver = FsResolver::confined(root());
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    assert!(paths.len() > 30, "the fixtures are read");
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = relative_name(&path);
        let report = score_toml(&text, Some(&name), &resolver, &Rules::default()).unwrap();
        let value = serde_json::to_value(&report).unwrap();
        let mut errors = Vec::new();
        schema_check::conform(&schema, &schema, &value, "$", &mut errors);
        assert!(errors.is_empty(), "{name}: {errors:#?}");
    }
}

/// A JSON Schema check of the keywords schemars writes for the report; a keyword it does not
/// know fails, so the check cannot pass by ignoring part of the schema.
#[cfg(feature = "schema")]
mod schema_check {
    use serde_json::Value;

    pub fn conform(root: &Value, schema: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
        let Some(keywords) = schema.as_object() else {
            return; // `true`
        };
        for (k, s) in keywords {
            match k.as_str() {
                "$schema" | "title" | "description" | "$defs" | "format" => {}
                "$ref" => {
                    let name = s.as_str().and_then(|r| r.strip_prefix("#/$defs/")).unwrap();
                    conform(root, &root["$defs"][name], v, at, errors);
                }
                "type" => {
                    let types: Vec<&str> = match s {
                        Value::Array(a) => a.iter().map(|t| t.as_str().unwrap()).collect(),
                        t => vec![t.as_str().unwrap()],
                    };
                    if !types.iter().any(|t| has_type(v, t)) {
                        errors.push(format!("{at}: {v} is not {types:?}"));
                    }
                }
                "const" if v != s => errors.push(format!("{at}: {v} is not {s}")),
                "enum" if !s.as_array().unwrap().contains(v) => {
                    errors.push(format!("{at}: {v} is not one of {s}"));
                }
                "minimum" if v.as_f64().is_some_and(|n| n < s.as_f64().unwrap()) => {
                    errors.push(format!("{at}: {v} is below {s}"));
                }
                "const" | "enum" | "minimum" => {}
                "properties" => properties(root, s, v, at, errors),
                "required" => {
                    for r in s.as_array().unwrap() {
                        let key = r.as_str().unwrap();
                        if v.as_object().is_some_and(|o| !o.contains_key(key)) {
                            errors.push(format!("{at}: `{key}` is missing"));
                        }
                    }
                }
                "items" => {
                    for (i, x) in v.as_array().into_iter().flatten().enumerate() {
                        conform(root, s, x, &format!("{at}[{i}]"), errors);
                    }
                }
                "anyOf" | "oneOf" => {
                    let matching = s
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|alt| {
                            let mut e = Vec::new();
                            conform(root, alt, v, at, &mut e);
                            e.is_empty()
                        })
                        .count();
                    if matching == 0 || (k == "oneOf" && matching > 1) {
                        errors.push(format!("{at}: {matching} alternatives of {k} match {v}"));
                    }
                }
                other => errors.push(format!("{at}: unknown keyword `{other}`")),
            }
        }
    }

    fn properties(root: &Value, s: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
        let Some(object) = v.as_object() else { return };
        for (key, value) in object {
            match s.get(key) {
                Some(p) => conform(root, p, value, &format!("{at}.{key}"), errors),
                None => errors.push(format!("{at}.{key}: not in the schema")),
            }
        }
    }

    fn has_type(v: &Value, t: &str) -> bool {
        match t {
            "null" => v.is_null(),
            "boolean" => v.is_boolean(),
            "string" => v.is_string(),
            "array" => v.is_array(),
            "object" => v.is_object(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            _ => false,
        }
    }
}
