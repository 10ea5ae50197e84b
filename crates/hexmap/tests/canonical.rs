//! The map format's writer, its canonical TOML form: every fixture map written, read back and
//! written again gives the same bytes and the same map; the files the browser test compares the
//! editor page's export with are what it writes.
#![cfg(feature = "toml")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{HexMap, canonical};

fn fixture(name: &str) -> HexMap {
    let path = format!("{}/../../fixtures/maps/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    HexMap::from_toml_str(&text, Some(&path)).unwrap_or_else(|e| panic!("{e}"))
}

/// The same hexes, terrain, features, places, areas and hexsides.
fn same_map(a: &HexMap, b: &HexMap) {
    assert_eq!(a.name(), b.name());
    assert_eq!(a.layout(), b.layout());
    assert_eq!(a.len(), b.len());
    for (x, y) in a.hexes().iter().zip(b.hexes()) {
        assert_eq!(x.label, y.label);
        assert_eq!(a.terrain(x.hex), b.terrain(y.hex), "terrain of {}", x.label);
        for f in a.feature_names() {
            assert_eq!(
                a.has_feature(x.hex, f),
                b.has_feature(y.hex, f),
                "{f} of {}",
                x.label
            );
        }
        let sides_a: Vec<_> = a.neighbors(x.hex).map(|(n, s)| (n, s.mask())).collect();
        let sides_b: Vec<_> = b.neighbors(y.hex).map(|(n, s)| (n, s.mask())).collect();
        assert_eq!(sides_a, sides_b, "hexsides of {}", x.label);
    }
    assert_eq!(a.places(), b.places());
    assert_eq!(a.areas(), b.areas());
}

#[test]
fn canonical_form_round_trips_every_fixture_map() {
    for name in [
        "leyte-standin.toml",
        "line.toml",
        "loc-corridor.toml",
        "zoc-walls.toml",
    ] {
        let map = fixture(name);
        let first = canonical::canonical_toml(&map).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = HexMap::from_toml_str(&first, Some(name))
            .unwrap_or_else(|e| panic!("{name}:\n{e}\n{first}"));
        same_map(&map, &again);
        let second = canonical::canonical_toml(&again).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(first, second, "{name}: a second write differs");
        assert!(
            !first.contains('#'),
            "{name}: the canonical form has no comments"
        );
    }
}

#[test]
fn canonical_form_of_the_standin_starts_as_documented() {
    let text = canonical::canonical_toml(&fixture("leyte-standin.toml")).unwrap_or_default();
    let head: Vec<&str> = text.lines().take(22).collect();
    insta::assert_snapshot!(head.join("\n"));
}

/// Each file the browser test compares with `canonical_toml` (tests/browser/editor/): the
/// committed text must be `text`; `UPDATE_CANONICAL=1` rewrites it.
fn committed(file: &str, text: &str) {
    let path = format!(
        "{}/../../tests/browser/editor/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_CANONICAL").is_some() {
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        text, on_disk,
        "{path} is not what Rust writes (UPDATE_CANONICAL=1 rewrites it)"
    );
}

/// The browser test holds the page's export of the stand-in Leyte map to this file, and this
/// test holds the Rust canonical form to it: the page and `canonical_toml` write the same bytes.
#[test]
fn canonical_form_of_the_standin_is_the_file_the_browser_test_compares() {
    let text = canonical::canonical_toml(&fixture("leyte-standin.toml")).unwrap_or_default();
    committed("leyte-standin.canonical.toml", &text);
}

/// The maps of tests/browser/editor/forms/ (both orientations, both label orders, both shifted
/// parities, every growth, one to three digits): each `NAME.canonical.toml` is
/// `canonical_toml` of `NAME.toml`, and the browser test holds the page's export of `NAME.toml`
/// to it.
#[test]
fn canonical_forms_of_the_browser_test_maps_are_the_files_it_compares() {
    let dir = format!(
        "{}/../../tests/browser/editor/forms",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml") && !n.ends_with(".canonical.toml"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 4, "{names:?}");
    for name in names {
        let path = format!("{dir}/{name}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let map = HexMap::from_toml_str(&text, Some(&path)).unwrap_or_else(|e| panic!("{e}"));
        let canonical = canonical::canonical_toml(&map).unwrap_or_else(|e| panic!("{name}: {e}"));
        let stem = name.trim_end_matches(".toml");
        committed(&format!("forms/{stem}.canonical.toml"), &canonical);
    }
}

/// What the page exported after a person's edits (the browser test's scenario) is a fixed point
/// of `canonical_toml`: read and written again by Rust, the same bytes.
#[test]
fn the_scenarios_export_is_rusts_canonical_form() {
    let path = format!(
        "{}/../../tests/browser/editor/scenario-expected.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let map = HexMap::from_toml_str(&text, Some(&path)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(canonical::canonical_toml(&map).unwrap(), text);
}
