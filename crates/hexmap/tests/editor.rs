//! The editor's canonical TOML form: every fixture map written, read back and written again
//! gives the same bytes and the same map.
#![cfg(feature = "editor")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{HexMap, editor};

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
        let first = editor::canonical_toml(&map).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = HexMap::from_toml_str(&first, Some(name))
            .unwrap_or_else(|e| panic!("{name}:\n{e}\n{first}"));
        same_map(&map, &again);
        let second = editor::canonical_toml(&again).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(first, second, "{name}: a second write differs");
        assert!(
            !first.contains('#'),
            "{name}: the canonical form has no comments"
        );
    }
}

#[test]
fn canonical_form_of_the_standin_starts_as_documented() {
    let text = editor::canonical_toml(&fixture("leyte-standin.toml")).unwrap_or_default();
    let head: Vec<&str> = text.lines().take(22).collect();
    insta::assert_snapshot!(head.join("\n"));
}

#[test]
fn the_page_is_self_contained_and_deterministic() {
    let map = fixture("leyte-standin.toml");
    let a = editor::page(&map, None, &[]).unwrap_or_default();
    let b = editor::page(&map, None, &[]).unwrap_or_default();
    assert_eq!(a, b);
    assert!(a.starts_with("<!DOCTYPE html>"));
    for outside in ["<link", "src=\"http", "@import", "url(http"] {
        assert!(
            !a.contains(outside),
            "the page names an outside resource: {outside}"
        );
    }
}

/// The browser test holds the page's export of the stand-in Leyte map to this file, and this
/// test holds the Rust canonical form to it: the page and `canonical_toml` write the same bytes.
#[test]
fn canonical_form_of_the_standin_is_the_file_the_browser_test_compares() {
    let path = format!(
        "{}/../../tests/browser/editor/leyte-standin.canonical.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = editor::canonical_toml(&fixture("leyte-standin.toml")).unwrap_or_default();
    if std::env::var_os("UPDATE_CANONICAL").is_some() {
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        text, committed,
        "{path} is not the canonical form (UPDATE_CANONICAL=1 rewrites it)"
    );
}
