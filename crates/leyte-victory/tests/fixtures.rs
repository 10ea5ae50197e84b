//! One snapshot per fixture: the readable report and the JSON report of every
//! `fixtures/leyte/*.toml`, and the diagnostics of every `fixtures/leyte/invalid/*.toml`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::Path;

use wargame_kit::resolve::FsResolver;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
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

/// Read a fixture and name it relative to the workspace root (`fixtures/leyte/x.toml`), so
/// snapshots do not depend on where the checkout is; the resolver reads relative to the root.
fn read(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path
        .strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .into_owned();
    (text, name)
}

#[test]
fn reports() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/leyte", "*.toml", |path| {
        let (text, name) = read(path);
        let report = leyte_victory::score_toml(&text, Some(&name), &resolver)
            .unwrap_or_else(|e| panic!("{e}"));
        settings(&text).bind(|| {
            insta::assert_snapshot!("text", report.to_string());
            insta::assert_json_snapshot!("json", report);
        });
    });
}

/// Every fixture's JSON report reads back (issue 47): JSON -> `Report` -> JSON byte-identical,
/// the report read equal to the one written, and its text the same.
#[test]
fn json_reports_read_back() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/leyte", "*.toml", |path| {
        let (text, name) = read(path);
        let report = leyte_victory::score_toml(&text, Some(&name), &resolver).unwrap();
        let json = serde_json::to_string_pretty(&report).unwrap();
        let back: leyte_victory::Report =
            serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(serde_json::to_string_pretty(&back).unwrap(), json, "{name}");
        assert_eq!(back, report, "{name}");
        assert_eq!(back.to_string(), report.to_string(), "{name}");
    });
}

#[test]
fn invalid_inputs_report_every_problem() {
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/leyte/invalid", "*.toml", |path| {
        let (text, name) = read(path);
        let err = leyte_victory::score_toml(&text, Some(&name), &resolver).unwrap_err();
        settings(&text).bind(|| insta::assert_snapshot!("diagnostics", err.to_string()));
    });
}

/// `explain` tells, for every unit of every fixture, what the report says: the same path, the
/// same frontier, the same award for a cut unit.
#[test]
fn explain_agrees_with_the_report() {
    use leyte_victory::{AwardKind, LocCase, State};
    let resolver = FsResolver::confined(root());
    insta::glob!("../../../fixtures/leyte", "*.toml", |path| {
        let (text, name) = read(path);
        let state = State::from_toml_str(&text, Some(&name), &resolver).unwrap();
        let report = state.score().unwrap();
        for u in state.position().units() {
            let e = leyte_victory::explain(&state, &u.id).unwrap();
            assert_eq!((e.side, e.rating), (u.side, u.rating), "{name} {}", u.id);
            // A Japanese unit's LOC is the scenario's 16.34 (ruling L-13): never L7 nor L9.
            if u.side == leyte_victory::Side::Japanese && entry_of(&report, &u.id).is_some() {
                assert!(e.rules().contains(&"16.34"), "{name} {}", u.id);
                assert!(!e.rules().iter().any(|r| ["L7", "L9"].contains(r)));
            }
            let entry = report.loc.iter().find(|l| l.unit == u.id);
            match (&e.case, entry) {
                (LocCase::Traced { hex, steps, .. }, Some(entry)) => {
                    let mut path = vec![hex.clone()];
                    path.extend(steps.iter().map(|s| s.hex.clone()));
                    assert_eq!(Some(path), entry.path, "{name} {}", u.id);
                }
                (
                    LocCase::Cut {
                        frontier,
                        consequence,
                        ..
                    },
                    Some(entry),
                ) => {
                    assert_eq!(Some(frontier), entry.frontier.as_ref(), "{name} {}", u.id);
                    assert!(
                        e.rules().contains(&consequence.rule.as_str()),
                        "{name} {}",
                        u.id
                    );
                    let scorer = match consequence.scorer {
                        leyte_victory::Side::Us => &report.us,
                        leyte_victory::Side::Japanese => &report.japanese,
                    };
                    let award = scorer
                        .awards
                        .iter()
                        .find(|a| a.kind == AwardKind::LocCut && a.unit.as_ref() == Some(&u.id))
                        .unwrap();
                    assert_eq!((award.vp, &award.rule), (consequence.vp, &consequence.rule));
                }
                (LocCase::NeedNotTrace { .. }, None) => {}
                (case, entry) => panic!("{name} {}: {case:?} but the report has {entry:?}", u.id),
            }
        }
        for u in state.position().eliminated() {
            let e = leyte_victory::explain(&state, &u.id).unwrap();
            assert_eq!(e.case, LocCase::Eliminated, "{name} {}", u.id);
        }
        for u in state.position().exited() {
            let e = leyte_victory::explain(&state, &u.id).unwrap();
            assert_eq!(e.case, LocCase::Exited, "{name} {}", u.id);
        }
        assert!(leyte_victory::explain(&state, "no such unit").is_err());
    });
}

/// Ten independent mistakes, ten problems: every shape problem at once, then the rules checked
/// on what could be read, all in file order, each located in the file and keyed as written.
#[test]
fn ten_mistakes_give_ten_problems_in_file_order() {
    let path = root().join("fixtures/leyte/invalid/ten-mistakes.toml");
    let (text, name) = read(&path);
    let err =
        leyte_victory::State::from_toml_str(&text, Some(&name), &FsResolver::confined(root()))
            .unwrap_err();
    let problems = err.diagnostics();
    assert_eq!(problems.len(), 10, "{err}");
    let lines: Vec<u32> = problems.iter().map(|d| d.location.unwrap().line).collect();
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    for d in problems {
        let key = d.key.as_deref().unwrap();
        assert_eq!(d.file.as_deref(), Some(name.as_str()));
        // The key names the line the location points at.
        let source = wargame_kit::Source::new(None, &text);
        let at = source.span_of(key).expect(key);
        assert_eq!(
            source.locate(at.start).line,
            d.location.unwrap().line,
            "{key}"
        );
    }
    let helps = problems.iter().filter(|d| d.help.is_some()).count();
    assert_eq!(helps, 4);
}

/// The report's Line of Communications entry for unit `id`, if it must trace.
fn entry_of<'r>(
    report: &'r leyte_victory::Report,
    id: &str,
) -> Option<&'r leyte_victory::LocEntry> {
    report.loc.iter().find(|l| l.unit == id)
}

/// Issue 47, item 12: with K = 0 the unit's own hex is never a hex of the chain (L-8). Under
/// `may-adjoin-chain` a beach hex next to a unit on a road hex is "one hex past the hexes of any
/// terrain", not "beside the road/trail chain"; under `must-adjoin-chain` the unit is cut, and no
/// step of a loop through its own hex is told.
#[test]
fn explain_never_counts_the_units_own_hex_as_the_chain() {
    use leyte_victory::State;
    let resolver = FsResolver::confined(root());
    let text = |file: &str| {
        let (text, name) = read(&root().join("fixtures/leyte").join(file));
        let state = State::from_toml_str(&text, Some(&name), &resolver).unwrap();
        leyte_victory::explain(&state, "US-1").unwrap().to_string()
    };
    let may = text("loc-may-adjoin-chain-k0-beach-next-to-units-road-hex.toml");
    assert!(
        may.contains(
            "1005  one hex past the hexes of any terrain, with no road or trail hex before it"
        ),
        "{may}"
    );
    assert!(!may.contains("beside the road/trail chain"), "{may}");
    let must = text("loc-must-adjoin-chain-k0-no-loop-through-own-hex.toml");
    assert!(must.contains("CUT"), "{must}");
    assert!(!must.contains("road/trail;"), "{must}");
}
