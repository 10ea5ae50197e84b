//! The map as the editor page reads it: JSON embedded in the page.

use std::fmt::Write as _;

use super::canonical::{HEXSIDE_LISTS, compass, label_order, orientation, parity, quoted};
use super::{AlignPoint, EditorError, Slots};
use crate::map::HexMap;

/// The map as the editor page's JSON model: `name`, `layout` (the canonical form's keys),
/// `terrains` (sorted), `grid` (per label of the extents in label order, the terrain's index
/// or -1 for a hole), `features`, `places`, `areas`, `sides` (per hexside feature, built-in or
/// the map's own, its hexsides as label pairs), `own` (the map's own hexside feature names)
/// and `align` (reference points). `<` is written `\u003c`, so the JSON can sit in a
/// `<script>` element.
///
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
/// let json = hexmap::editor::model_json(&map, &[]).unwrap();
/// assert!(json.contains("\"terrains\":[\"clear\"],\"grid\":[0]"));
/// ```
pub fn model_json(map: &HexMap, align: &[AlignPoint]) -> Result<String, EditorError> {
    let slots = Slots::of(map)?;
    let l = map.layout();
    let (rows, columns) = l
        .sheets
        .first()
        .map_or(((0, 0), (0, 0)), |s| (s.rows, s.columns));
    let mut o = String::from("{");
    let _ = write!(
        o,
        "\"name\":{},\"layout\":{{\"orientation\":\"{}\",\"label\":\"{}\",\"digits\":{},\
         \"rows\":[{},{}],\"columns\":[{},{}],\"shifted\":\"{}\",\"rows_grow\":\"{}\",\
         \"columns_grow\":\"{}\"}},",
        json_string(map.name()),
        orientation(l.orientation),
        label_order(l.order),
        l.digits,
        rows.0,
        rows.1,
        columns.0,
        columns.1,
        parity(l.shifted),
        compass(l.rows_grow),
        compass(l.columns_grow),
    );
    let names: Vec<String> = slots.terrain_names.iter().map(|n| json_string(n)).collect();
    let grid: Vec<String> = slots
        .rows()
        .iter()
        .flat_map(|r| r.terrains.iter())
        .map(|t| t.map_or_else(|| "-1".to_string(), |t| t.to_string()))
        .collect();
    let _ = write!(
        o,
        "\"terrains\":[{}],\"grid\":[{}],",
        names.join(","),
        grid.join(",")
    );
    write_lists(&mut o, map);
    let points: Vec<String> = align
        .iter()
        .map(|p| format!("[{},{},{}]", json_string(&p.label), num(p.x), num(p.y)))
        .collect();
    let _ = write!(o, "\"align\":[{}]}}", points.join(","));
    Ok(o)
}

fn write_lists(o: &mut String, map: &HexMap) {
    let labels = |hexes: &[crate::Hex]| -> String {
        let l: Vec<String> = hexes
            .iter()
            .map(|h| json_string(&map.label_text(*h)))
            .collect();
        format!("[{}]", l.join(","))
    };
    let features: Vec<String> = map
        .feature_names()
        .iter()
        .map(|f| format!("{}:{}", json_string(f), labels(&map.hexes_with(f))))
        .collect();
    let places: Vec<String> = map
        .places()
        .iter()
        .map(|p| {
            format!(
                "[{},{}]",
                json_string(&p.name),
                json_string(&map.label_text(p.hex))
            )
        })
        .collect();
    let areas: Vec<String> = map
        .areas()
        .iter()
        .map(|a| {
            let key = json_string(&a.key);
            format!("[{key},{},{}]", json_string(&a.name), labels(&a.hexes))
        })
        .collect();
    let mut features_of_sides: Vec<&str> = HEXSIDE_LISTS.iter().map(|(_, f, _)| *f).collect();
    features_of_sides.extend(map.hexside_feature_names().iter().map(String::as_str));
    let sides: Vec<String> = features_of_sides
        .iter()
        .map(|f| format!("{}:{}", json_string(f), side_pairs(map, f)))
        .collect();
    let own: Vec<String> = map
        .hexside_feature_names()
        .iter()
        .map(|n| json_string(n))
        .collect();
    let _ = write!(
        o,
        "\"features\":{{{}}},\"places\":[{}],\"areas\":[{}],\"sides\":{{{}}},\"own\":[{}],",
        features.join(","),
        places.join(","),
        areas.join(","),
        sides.join(","),
        own.join(",")
    );
}

/// The hexsides carrying a feature, as `[["a","b"],...]`.
fn side_pairs(map: &HexMap, feature: &str) -> String {
    let Some(bit) = map.hexside_mask(feature) else {
        return "[]".into();
    };
    let mut pairs = Vec::new();
    for (i, info) in map.hexes().iter().enumerate() {
        for (nb, side) in map.neighbors(info.hex) {
            if map.node(nb).is_some_and(|n| n.index() > i) && side.mask() & bit != 0 {
                pairs.push(format!(
                    "[{},{}]",
                    json_string(&info.label.to_string()),
                    json_string(&map.label_text(nb))
                ));
            }
        }
    }
    format!("[{}]", pairs.join(","))
}

/// A finite number as JSON (0 for NaN or infinity).
fn num(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        "0".into()
    }
}

/// A JSON string; `<`, `>` and `&` as `\u` escapes so that it is safe inside `<script>`.
pub(crate) fn json_string(s: &str) -> String {
    quoted(s, |out, c| {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            _ => return false,
        }
        true
    })
}

/// Text for HTML (`&`, `<`, `>`, `"` escaped).
pub(crate) fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
