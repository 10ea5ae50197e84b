//! The map editor page: self-contained and the same bytes for the same map; and the files its
//! browser test holds the page to, as Rust computes them: the canonical form of its maps
//! (`hexmap::canonical::canonical_toml`) and the geometry (tests/browser/editor/geometry.json).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::canonical::canonical_toml;
use hexmap::{HexMap, Orientation};

fn fixture(name: &str) -> HexMap {
    let path = format!("{}/../../fixtures/maps/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    HexMap::from_toml_str(&text, Some(&path)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_page_is_self_contained_and_deterministic() {
    let map = fixture("leyte-standin.toml");
    let a = map_editor::page(&map, None, &[]).unwrap_or_default();
    let b = map_editor::page(&map, None, &[]).unwrap_or_default();
    assert_eq!(a, b);
    assert!(a.starts_with("<!DOCTYPE html>"));
    for outside in ["<link", "src=\"http", "@import", "url(http"] {
        assert!(
            !a.contains(outside),
            "the page names an outside resource: {outside}"
        );
    }
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
    let text = canonical_toml(&fixture("leyte-standin.toml")).unwrap_or_default();
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
        let canonical = canonical_toml(&map).unwrap_or_else(|e| panic!("{name}: {e}"));
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
    assert_eq!(canonical_toml(&map).unwrap(), text);
}

/// The layouts of the browser test's geometry check: every orientation, label order, shifted
/// parity and growth (32), one to three digits, rows and columns starting at 0 to 4. Each as the
/// page's Layout form takes it (`name`, then the canonical form's keys, as JSON) and as a map
/// file of clear hexes.
fn geometry_layouts() -> Vec<(String, String)> {
    (0..32u16)
        .map(|v| {
            let pick =
                |bit: u16, a: &'static str, b: &'static str| if v & bit == 0 { a } else { b };
            let (r0, c0) = (v % 4, (v / 4) % 5);
            let keys = [
                ("orientation", json(pick(1, "flat", "pointy"))),
                ("label", json(pick(2, "row-column", "column-row"))),
                ("digits", (1 + v % 3).to_string()),
                ("rows", format!("[{r0}, {}]", r0 + 2)),
                ("columns", format!("[{c0}, {}]", c0 + 3)),
                ("shifted", json(pick(4, "odd", "even"))),
                ("rows_grow", json(pick(8, "south", "north"))),
                ("columns_grow", json(pick(16, "east", "west"))),
            ];
            let name = json(&format!("Geometry {v}"));
            let form: Vec<String> = keys.iter().map(|(k, v)| format!("\"{k}\": {v}")).collect();
            let toml: Vec<String> = keys.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
            (
                format!("{{\"name\": {name}, {}}}", form.join(", ")),
                format!(
                    "name = {name}\n[layout]\n{}[terrain]\nlegend = {{ c = \"clear\" }}\n",
                    toml.concat()
                ),
            )
        })
        .collect()
}

/// A JSON string of `s` (the few escapes these texts need).
fn json(s: &str) -> String {
    format!(
        "\"{}\"",
        s.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n")
    )
}

/// One layout's geometry as Rust has it: every label in label order, each hex's neighbours in
/// the extents (the two on its own line, then the line before, then the line after, each in
/// increasing number: the order the page lists them in), and its centre before alignment
/// (`grid_position`).
fn geometry_entry(map: &HexMap) -> String {
    let layout = map.layout();
    let mut hexes = Vec::new();
    for label in layout.labels() {
        let (row, col) = layout.row_col(label);
        let hex = layout.label_to_hex(label).unwrap();
        let mut near: Vec<(i32, i32, i32, String)> = hex
            .neighbors()
            .into_iter()
            .filter_map(|n| layout.hex_to_label(n))
            .map(|n| {
                let (r, c) = layout.row_col(n);
                let (dr, dc) = (i32::from(r) - i32::from(row), i32::from(c) - i32::from(col));
                let (across, along) = match layout.orientation {
                    Orientation::Flat => (dc, dr),
                    Orientation::Pointy => (dr, dc),
                };
                (across.abs(), across, along, n.to_string())
            })
            .collect();
        near.sort();
        let near: Vec<String> = near.into_iter().map(|(_, _, _, l)| json(&l)).collect();
        let (x, y) = map_editor::grid_position(layout, i32::from(row), i32::from(col));
        hexes.push(format!(
            "[{},[{}],[{x},{y}]]",
            json(&label.to_string()),
            near.join(",")
        ));
    }
    format!("[\n  {}\n ]", hexes.join(",\n  "))
}

/// The browser test applies each of these layouts in the page's Layout form and holds what the
/// page shows (labels, neighbours, centres, the hex under each centre) and exports to what Rust
/// computes for it, written here into tests/browser/editor/geometry.json.
#[test]
fn geometry_of_the_browser_tests_layouts_is_the_file_it_compares() {
    let entries: Vec<String> = geometry_layouts()
        .iter()
        .map(|(form, text)| {
            let map = HexMap::from_toml_str(text, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let canonical = canonical_toml(&map).unwrap();
            format!(
                "{{\"layout\": {form},\n \"canonical\": {},\n \"hexes\": {}}}",
                json(&canonical),
                geometry_entry(&map)
            )
        })
        .collect();
    committed("geometry.json", &format!("[\n{}\n]\n", entries.join(",\n")));
}
