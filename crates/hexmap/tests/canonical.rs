//! The map format's writer, its canonical TOML form: every fixture map written, read back and
//! written again gives the same bytes and the same map. (The files the map editor's browser test
//! compares the page's export with are held to it by the map editor's tests.)
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
                a.has_feature(x.hex, a.hex_feature(f).unwrap()),
                b.has_feature(y.hex, b.hex_feature(f).unwrap()),
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
