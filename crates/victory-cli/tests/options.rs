//! Every rules option, four ways: what `victory rules GAME` lists, a state file's `[rules]`,
//! `--rule KEY=VALUE` over a file without one, and the JSON report's options in force (and the
//! state's JSON Schema) must agree on every value of every option of every game. The options
//! are read from `victory rules`, so an option added to an engine's registry is checked here
//! without a line of this file changing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::Path;

mod common;
use common::{root, run_with};
use serde_json::Value;

/// Run `victory` in `dir` with `stdin`; (exit status, stdout, stderr).
fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let r = run_with(dir, args, Some(stdin));
    (r.code, r.stdout, r.stderr)
}

/// `(key, values with the default first)` of each line `key = default (default; or a, b)`.
fn listed(game: &str) -> Vec<(String, Vec<String>)> {
    let (code, out, err) = run(&root(), &["rules", game], b"");
    assert_eq!(code, 0, "{err}");
    out.lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| {
            let (key, rest) = l.split_once(" = ").unwrap();
            let (default, others) = rest.split_once(" (default; or ").unwrap();
            let mut values = vec![default.to_string()];
            values.extend(others.trim_end_matches(')').split(", ").map(str::to_string));
            (key.to_string(), values)
        })
        .collect()
}

/// The report's JSON without `file` (which names standard input or the file).
fn report(dir: &Path, args: &[&str], stdin: &[u8]) -> Value {
    let (code, out, err) = run(dir, args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    let mut json: Value = serde_json::from_str(&out).unwrap();
    json.as_object_mut().unwrap().remove("file");
    json
}

/// The option `key` in the report's options in force: (value, default).
fn in_force(report: &Value, key: &str) -> (String, bool) {
    let rules = report["rules"].as_array().unwrap();
    let o = rules
        .iter()
        .find(|o| o["key"] == key)
        .unwrap_or_else(|| panic!("`{key}` is not in the report's options: {rules:?}"));
    (
        o["value"].as_str().unwrap().to_string(),
        o["default"].as_bool().unwrap(),
    )
}

#[test]
fn every_value_of_every_option_agrees_in_rules_files_flags_reports_and_schema() {
    let cases = [
        ("leyte", "fixtures/leyte/assault-scenario-end-position.toml"),
        (
            "dai-senso",
            "fixtures/asia-engulfed/vp-check-plus-two-keeps-allied-crusade.toml",
        ),
        (
            "axis-empires",
            "fixtures/asia-engulfed/combined-allied-automatic-victory-both-maps.toml",
        ),
    ];
    let mut checked = 0;
    for (game, file) in cases {
        let path = root().join(file);
        let dir = path.parent().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!("game = \"{game}\"")), "{file}");
        assert!(!text.contains("[rules]"), "{file} must choose no option");
        let options = listed(game);
        assert!(!options.is_empty(), "{game}");
        let (code, schema, _) = run(&root(), &["schema", game], b"");
        assert_eq!(code, 0);
        let schema: Value = serde_json::from_str(&schema).unwrap();
        let table = &schema["properties"]["rules"];
        let base = report(dir, &["score", "--format", "json", "-"], text.as_bytes());
        for (key, values) in &options {
            // The state schema's `[rules]` takes exactly the listed values.
            let allowed: Vec<&str> = table["properties"][key]["enum"]
                .as_array()
                .unwrap_or_else(|| panic!("{game}: `{key}` is not in the schema: {table}"))
                .iter()
                .filter_map(Value::as_str)
                .collect();
            assert_eq!(allowed, *values, "{game}: schema of `{key}`");
            assert_eq!(in_force(&base, key), (values[0].clone(), true), "{game}");
            for (i, value) in values.iter().enumerate() {
                let in_file = format!("{text}\n[rules]\n{key} = \"{value}\"\n");
                let from_file =
                    report(dir, &["score", "--format", "json", "-"], in_file.as_bytes());
                let rule = format!("{key}={value}");
                let from_flag = report(
                    dir,
                    &["score", "--format", "json", "--rule", &rule, "-"],
                    text.as_bytes(),
                );
                assert_eq!(
                    in_force(&from_file, key),
                    (value.clone(), i == 0),
                    "{game}: [rules] {key} = {value}"
                );
                assert_eq!(from_file, from_flag, "{game}: {key} = {value}");
                for (other, other_values) in &options {
                    if other != key {
                        assert_eq!(
                            in_force(&from_file, other),
                            (other_values[0].clone(), true),
                            "{game}: {key} = {value} moved {other}"
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 12, "{checked}");
}

/// A value the option does not take, and a key no option has, are refused in a file as on the
/// command line, naming what it takes.
#[test]
fn a_bad_option_is_refused_in_files_and_flags_alike() {
    let file = root().join("fixtures/leyte/assault-scenario-end-position.toml");
    let dir = file.parent().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let in_file = format!("{text}\n[rules]\nratio = \"ceiling\"\nrato = \"round\"\n");
    let (code, _, err) = run(dir, &["check", "-"], in_file.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("unknown value `ceiling`: expected one of `truncate`, `round`, `exact`"),
        "{err}"
    );
    assert!(err.contains("unknown key `rato`"), "{err}");
    assert!(err.contains("did you mean `ratio`?"), "{err}");
    let (code, _, err) = run(
        dir,
        &["check", "--rule", "ratio=ceiling", "-"],
        text.as_bytes(),
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("`ratio` takes truncate, round or exact, not `ceiling`"),
        "{err}"
    );
}
