//! The map as the editor page reads it: JSON embedded in the page.

use hexmap::canonical::{Grid, HEXSIDE_LISTS};
use hexmap::{Compass, Hex, HexMap, LabelOrder, Orientation, Parity};
use serde::Serialize;

use crate::error::EditorError;
use crate::geometry::AlignPoint;
use crate::json::{Ordered, finite, to_script_json};

/// The map as the editor page's JSON model: `name`, `layout` (the canonical form's keys),
/// `terrains` (sorted), `grid` (per label of the extents in label order, the terrain's index
/// or -1 for a hole), `features`, `places`, `areas`, `sides` (per hexside feature, built-in or
/// the map's own, its hexsides as label pairs), `own` (the map's own hexside feature names)
/// and `align` (reference points). `<` is written `\u003c`, so the JSON can sit in a
/// `<script>` element.
///
/// # Example
/// ```
/// let map = hexmap::HexMap::from_toml_str(r#"
/// name = "One"
/// [layout]
/// orientation = "flat"
/// label = "row-column"
/// rows = [1, 1]
/// columns = [1, 1]
/// shifted = "odd"
/// rows_grow = "south"
/// columns_grow = "east"
/// "#, None).unwrap();
/// let json = map_editor::model_json(&map, &[]).unwrap();
/// assert!(json.contains("\"terrains\":[\"clear\"],\"grid\":[0]"));
/// ```
pub fn model_json(map: &HexMap, align: &[AlignPoint]) -> Result<String, EditorError> {
    let grid = Grid::of(map)?;
    let l = map.layout();
    let (rows, columns) = l
        .sheets
        .first()
        .map_or(((0, 0), (0, 0)), |s| (s.rows, s.columns));
    let label = |h: &Hex| map.label_text(*h);
    let mut features_of_sides: Vec<&str> = HEXSIDE_LISTS.iter().map(|(_, f, _)| *f).collect();
    features_of_sides.extend(map.hexside_feature_names().iter().map(String::as_str));
    let model = Model {
        name: map.name(),
        layout: LayoutKeys {
            orientation: l.orientation,
            label: l.order,
            digits: l.digits,
            rows: [rows.0, rows.1],
            columns: [columns.0, columns.1],
            shifted: l.shifted,
            rows_grow: l.rows_grow,
            columns_grow: l.columns_grow,
        },
        terrains: grid.terrain_names(),
        grid: grid
            .terrains()
            .map(|t| t.and_then(|t| i64::try_from(t).ok()).unwrap_or(-1))
            .collect(),
        features: Ordered(
            map.hex_features()
                .map(|(f, name)| (name, map.hexes_with(f).iter().map(label).collect()))
                .collect(),
        ),
        places: map
            .places()
            .iter()
            .map(|p| (p.name.as_str(), map.label_text(p.hex)))
            .collect(),
        areas: map
            .areas()
            .iter()
            .map(|a| {
                (
                    a.key.as_str(),
                    a.name.as_str(),
                    a.hexes.iter().map(label).collect(),
                )
            })
            .collect(),
        sides: Ordered(
            features_of_sides
                .into_iter()
                .map(|f| (f, side_pairs(map, f)))
                .collect(),
        ),
        own: map.hexside_feature_names(),
        align: align
            .iter()
            .map(|p| (p.label.as_str(), finite(p.x), finite(p.y)))
            .collect(),
    };
    Ok(to_script_json(&model))
}

/// The page's model, its keys in the order the page has always read them.
#[derive(Serialize)]
struct Model<'a> {
    name: &'a str,
    layout: LayoutKeys,
    terrains: &'a [String],
    grid: Vec<i64>,
    features: Ordered<&'a str, Vec<String>>,
    places: Vec<(&'a str, String)>,
    areas: Vec<(&'a str, &'a str, Vec<String>)>,
    sides: Ordered<&'a str, Vec<[String; 2]>>,
    own: &'a [String],
    align: Vec<(&'a str, f64, f64)>,
}

/// The layout as the canonical form's keys (the layout's words as the map format writes them).
#[derive(Serialize)]
struct LayoutKeys {
    orientation: Orientation,
    label: LabelOrder,
    digits: u8,
    rows: [u16; 2],
    columns: [u16; 2],
    shifted: Parity,
    rows_grow: Compass,
    columns_grow: Compass,
}

/// The hexsides carrying a feature, as label pairs.
fn side_pairs(map: &HexMap, feature: &str) -> Vec<[String; 2]> {
    let Ok(bit) = map.hexside_feature(feature).map(|f| f.mask()) else {
        return Vec::new();
    };
    let mut pairs = Vec::new();
    for (i, info) in map.hexes().iter().enumerate() {
        for (nb, side) in map.neighbors(info.hex) {
            if map.node(nb).is_some_and(|n| n.index() > i) && side.mask() & bit != 0 {
                pairs.push([info.label.to_string(), map.label_text(nb)]);
            }
        }
    }
    pairs
}
