//! (feature `toml`) The map format's writer: the one canonical TOML form of a map, beside the
//! reader ([`HexMap::from_toml_str`]). Reading the form back gives the same map, and writing it
//! again the same bytes. The map editor page (the `wargame-map-editor` crate) exports this form
//! too, with the constants below, and a test holds the page's export to it byte for byte.
//!
//! The form (docs/map-editor.md has it with an example):
//!
//! - `name`, then `[layout]` with every key (`orientation`, `label`, `digits`, `rows`,
//!   `columns`, `shifted`, `rows_grow`, `columns_grow`);
//! - `[terrain]`: `default` (the first terrain by name), `legend` (every terrain of the map,
//!   sorted by name, each with its symbol: the first letter or digit of its name, lower case,
//!   if free, then upper case, then the first free of `a`-`z`, `0`-`9`, `A`-`Z`), `off_map = "~"`,
//!   and `grid`: every printed row, north first, its symbols in increasing column number in
//!   groups of eight;
//! - `[features]` (names sorted, labels in label order; a feature on no hex is left out), `[places]` (in label order of their
//!   hex, then by name), one `[areas.KEY]` per area (keys sorted, hexes in label order), each
//!   left out when the map has none;
//! - `[hexsides]`: `roads`, `trails` (paths), `blocks_zoc`, `impassable` (pairs), always, then
//!   `[hexsides.features]` for the map's own features (names sorted), when it has any.
//!
//! A path list is built from the hexsides alone, so the same map always gives the same paths:
//! take the first unused hexside (the pair in label order, the lower hex first), then go on from
//! its last hex through the unused hexside to its lowest neighbour in label order, until there
//! is none; repeat. Label order is the map's node order: row by row, column by column.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::coord::Hex;
use crate::layout::{Compass, LabelOrder, Orientation, Parity};
use crate::map::HexMap;

/// The symbols tried, in order, for a terrain whose own letter is taken.
///
/// # Example
/// ```
/// assert_eq!(hexmap::canonical::SYMBOLS.len(), 62);
/// ```
pub const SYMBOLS: &str = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The symbol of holes in the canonical grid.
///
/// # Example
/// ```
/// assert_eq!(hexmap::canonical::OFF_MAP, '~');
/// ```
pub const OFF_MAP: char = '~';

/// Symbols of a grid line written in groups of this many, a space between groups.
///
/// # Example
/// ```
/// assert_eq!(hexmap::canonical::GROUP, 8);
/// ```
pub const GROUP: usize = 8;

/// The built-in hexside features, in the form's order: the key of their list in `[hexsides]`,
/// the feature, and whether the list is written as paths (else as pairs).
///
/// # Example
/// ```
/// let (key, feature, as_paths) = hexmap::canonical::HEXSIDE_LISTS[0];
/// assert_eq!((key, feature, as_paths), ("roads", "road", true));
/// ```
pub const HEXSIDE_LISTS: [(&str, &str, bool); 4] = [
    ("roads", "road", true),
    ("trails", "trail", true),
    ("blocks_zoc", "blocks_zoc", false),
    ("impassable", "impassable", false),
];

/// Why a map cannot be written in the canonical form (nor drawn by the map editor, which holds
/// the same maps).
///
/// # Example
/// ```
/// use hexmap::canonical::{CanonicalError, canonical_toml};
/// use hexmap::{HexMap, Layout, Orientation, Sheet};
/// let two = Layout::new(Orientation::Flat, hexmap::LabelOrder::RowColumn, vec![
///     Sheet::prefixed('a', 1..=1, 1..=1),
///     Sheet::prefixed('b', 1..=1, 1..=1).with_offset(0, 1),
/// ]);
/// let map = hexmap::MapBuilder::new("Two sheets", two).build().unwrap();
/// assert_eq!(canonical_toml(&map), Err(CanonicalError::Sheets(2)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CanonicalError {
    /// The map has several sheets (prefixed labels): the form holds one sheet.
    Sheets(usize),
    /// More terrains than symbols.
    TooManyTerrains(usize),
}

impl std::fmt::Display for CanonicalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CanonicalError::Sheets(n) => write!(
                f,
                "the map has {n} sheets: the editor and the canonical form hold a map of one \
                 sheet without prefixes"
            ),
            CanonicalError::TooManyTerrains(n) => write!(
                f,
                "the map has {n} terrains: the canonical grid has symbols for at most 62"
            ),
        }
    }
}

impl std::error::Error for CanonicalError {}

/// The map in its canonical TOML form (docs/map-editor.md gives the form).
///
/// Fails only for what the form cannot hold: a map of several sheets, or more terrains than
/// there are symbols (62).
///
/// # Example
/// ```
/// use hexmap::{HexMap, canonical};
/// let text = r#"
/// name = "Two"
/// [layout]
/// orientation = "pointy"
/// label = "row-column"
/// rows = [1, 1]
/// columns = [1, 2]
/// shifted = "even"
/// rows_grow = "south"
/// columns_grow = "east"
/// [hexsides]
/// roads = [["0102", "0101"]]
/// "#;
/// let map = HexMap::from_toml_str(text, None).unwrap();
/// let canonical = canonical::canonical_toml(&map).unwrap();
/// assert!(canonical.contains("roads = [\n  [\"0101\", \"0102\"],\n]\n"));
/// // Read back, it writes the same bytes.
/// let again = HexMap::from_toml_str(&canonical, None).unwrap();
/// assert_eq!(canonical::canonical_toml(&again).unwrap(), canonical);
/// ```
pub fn canonical_toml(map: &HexMap) -> Result<String, CanonicalError> {
    let slots = Grid::of(map)?;
    let mut out = String::new();
    let _ = writeln!(out, "name = {}", quote(map.name()));
    write_layout(&mut out, map);
    write_terrain(&mut out, map, &slots)?;
    write_hex_lists(&mut out, map, &slots);
    write_hexsides(&mut out, map, &slots);
    Ok(out)
}

/// A map as the canonical form (and the map editor) sees it: one sheet, every label of its
/// extents in label order (row by row, column by column), each with its terrain or a hole.
///
/// # Example
/// ```
/// let map = hexmap::HexMap::from_toml_str(r#"
/// name = "Three"
/// [layout]
/// orientation = "flat"
/// label = "row-column"
/// rows = [1, 1]
/// columns = [1, 3]
/// shifted = "odd"
/// rows_grow = "south"
/// columns_grow = "east"
/// [terrain]
/// legend = { c = "clear", f = "forest" }
/// off_map = "~"
/// grid = "01 f~c"
/// "#, None).unwrap();
/// let grid = hexmap::canonical::Grid::of(&map).unwrap();
/// assert_eq!(grid.terrain_names(), ["clear", "forest"]);
/// assert_eq!(grid.terrains().collect::<Vec<_>>(), [Some(1), None, Some(0)]);
/// ```
#[derive(Clone, Debug)]
pub struct Grid {
    /// The terrain names, sorted.
    terrain_names: Vec<String>,
    /// Every printed row, ascending.
    rows: Vec<Row>,
}

/// One printed row: its number and each column's terrain (an index into the sorted names),
/// `None` for a hole.
#[derive(Clone, Debug)]
struct Row {
    number: u16,
    terrains: Vec<Option<usize>>,
}

impl Grid {
    /// The map's grid; a map of several sheets is refused ([`CanonicalError::Sheets`]).
    ///
    /// # Example
    /// ```
    /// let map = hexmap::MapBuilder::new(
    ///     "One",
    ///     hexmap::Layout::row_column(hexmap::Orientation::Flat, 1..=1, 1..=1),
    /// )
    /// .build()
    /// .unwrap();
    /// assert!(hexmap::canonical::Grid::of(&map).is_ok());
    /// ```
    pub fn of(map: &HexMap) -> Result<Grid, CanonicalError> {
        let layout = map.layout();
        let sheet = match layout.sheets.as_slice() {
            [one] if one.prefix.is_none() => one,
            sheets => return Err(CanonicalError::Sheets(sheets.len())),
        };
        let mut terrain_names = map.terrain_names().to_vec();
        terrain_names.sort();
        let index: Vec<usize> = map
            .terrain_names()
            .iter()
            .map(|n| terrain_names.binary_search(n).unwrap_or(0))
            .collect();
        let rows = (sheet.rows.0..=sheet.rows.1)
            .map(|number| Row {
                number,
                terrains: (sheet.columns.0..=sheet.columns.1)
                    .map(|col| {
                        let label = layout.label_at(None, number, col);
                        let hex = layout.label_to_hex(label)?;
                        let info = map.info(hex)?;
                        index.get(usize::from(info.terrain)).copied()
                    })
                    .collect(),
            })
            .collect();
        Ok(Grid {
            terrain_names,
            rows,
        })
    }

    /// The map's terrain names, sorted: what [`Grid::terrains`] indexes.
    ///
    /// # Example
    /// ```
    /// let map = hexmap::MapBuilder::new(
    ///     "One",
    ///     hexmap::Layout::row_column(hexmap::Orientation::Flat, 1..=1, 1..=1),
    /// )
    /// .terrain("0101", "forest")
    /// .build()
    /// .unwrap();
    /// let grid = hexmap::canonical::Grid::of(&map).unwrap();
    /// assert!(grid.terrain_names().contains(&"forest".to_string()));
    /// ```
    pub fn terrain_names(&self) -> &[String] {
        &self.terrain_names
    }

    /// Each label of the extents in label order (row by row, ascending, each row column by
    /// column): its terrain, an index into [`Grid::terrain_names`], or `None` for a hole.
    ///
    /// # Example
    /// ```
    /// let map = hexmap::MapBuilder::new(
    ///     "Four",
    ///     hexmap::Layout::row_column(hexmap::Orientation::Flat, 1..=2, 1..=2),
    /// )
    /// .build()
    /// .unwrap();
    /// let grid = hexmap::canonical::Grid::of(&map).unwrap();
    /// assert_eq!(grid.terrains().count(), 4);
    /// ```
    pub fn terrains(&self) -> impl Iterator<Item = Option<usize>> + '_ {
        self.rows.iter().flat_map(|r| r.terrains.iter().copied())
    }

    /// The rows, north first.
    fn rows_north_first(&self, rows_grow: Compass) -> Box<dyn Iterator<Item = &Row> + '_> {
        if rows_grow == Compass::North {
            Box::new(self.rows.iter().rev())
        } else {
            Box::new(self.rows.iter())
        }
    }

    /// The node of an on-map hex (the map's label order).
    fn node(&self, map: &HexMap, hex: Hex) -> usize {
        map.node(hex).map_or(usize::MAX, |n| n.index())
    }

    /// The label of a node.
    fn label(&self, map: &HexMap, node: usize) -> String {
        map.hexes()
            .get(node)
            .map(|i| i.label.to_string())
            .unwrap_or_default()
    }
}

fn write_layout(out: &mut String, map: &HexMap) {
    let l = map.layout();
    let (rows, columns) = l
        .sheets
        .first()
        .map_or(((0, 0), (0, 0)), |s| (s.rows, s.columns));
    let _ = writeln!(out, "\n[layout]");
    let _ = writeln!(out, "orientation = \"{}\"", orientation(l.orientation));
    let _ = writeln!(out, "label = \"{}\"", label_order(l.order));
    let _ = writeln!(out, "digits = {}", l.digits);
    let _ = writeln!(out, "rows = [{}, {}]", rows.0, rows.1);
    let _ = writeln!(out, "columns = [{}, {}]", columns.0, columns.1);
    let _ = writeln!(out, "shifted = \"{}\"", parity(l.shifted));
    let _ = writeln!(out, "rows_grow = \"{}\"", compass(l.rows_grow));
    let _ = writeln!(out, "columns_grow = \"{}\"", compass(l.columns_grow));
}

/// `flat` or `pointy`.
fn orientation(o: Orientation) -> &'static str {
    match o {
        Orientation::Flat => "flat",
        Orientation::Pointy => "pointy",
    }
}

/// `row-column` or `column-row`.
fn label_order(o: LabelOrder) -> &'static str {
    match o {
        LabelOrder::RowColumn => "row-column",
        LabelOrder::ColumnRow => "column-row",
    }
}

/// `odd` or `even`.
fn parity(p: Parity) -> &'static str {
    match p {
        Parity::Odd => "odd",
        Parity::Even => "even",
    }
}

/// `north`, `south`, `east` or `west`.
fn compass(c: Compass) -> &'static str {
    match c {
        Compass::North => "north",
        Compass::South => "south",
        Compass::East => "east",
        Compass::West => "west",
    }
}

/// The canonical symbol of each terrain name (the names sorted), as the module says.
fn legend_symbols(sorted_names: &[String]) -> Result<Vec<char>, CanonicalError> {
    let mut used: Vec<char> = Vec::new();
    for name in sorted_names {
        let own = name
            .chars()
            .find(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase());
        let candidates = own
            .into_iter()
            .chain(own.map(|c| c.to_ascii_uppercase()))
            .chain(SYMBOLS.chars());
        let Some(symbol) = candidates.into_iter().find(|c| !used.contains(c)) else {
            return Err(CanonicalError::TooManyTerrains(sorted_names.len()));
        };
        used.push(symbol);
    }
    Ok(used)
}

fn write_terrain(out: &mut String, map: &HexMap, slots: &Grid) -> Result<(), CanonicalError> {
    let names = slots.terrain_names.clone();
    let symbols = legend_symbols(&names)?;
    let _ = writeln!(out, "\n[terrain]");
    if let Some(first) = names.first() {
        let _ = writeln!(out, "default = {}", quote(first));
    }
    let legend: Vec<String> = names
        .iter()
        .zip(&symbols)
        .map(|(n, s)| format!("{s} = {}", quote(n)))
        .collect();
    let _ = writeln!(out, "legend = {{ {} }}", legend.join(", "));
    let _ = writeln!(out, "off_map = \"{OFF_MAP}\"");
    let _ = writeln!(out, "grid = '''");
    let w = usize::from(map.layout().digits);
    for row in slots.rows_north_first(map.layout().rows_grow) {
        let _ = write!(out, "{:0w$} ", row.number);
        for (i, t) in row.terrains.iter().enumerate() {
            if i > 0 && i % GROUP == 0 {
                out.push(' ');
            }
            out.push(t.and_then(|t| symbols.get(t).copied()).unwrap_or(OFF_MAP));
        }
        out.push('\n');
    }
    let _ = writeln!(out, "'''");
    Ok(())
}

fn write_hex_lists(out: &mut String, map: &HexMap, slots: &Grid) {
    let mut features: Vec<(Vec<Hex>, &str)> = map
        .hex_features()
        .map(|(f, name)| (map.hexes_with(f), name))
        .filter(|(hexes, _)| !hexes.is_empty())
        .collect();
    features.sort_by_key(|(_, name)| *name);
    if !features.is_empty() {
        let _ = writeln!(out, "\n[features]");
    }
    for (hexes, f) in features {
        let labels: Vec<String> = hexes.iter().map(|h| quote(&map.label_text(*h))).collect();
        let _ = writeln!(out, "{} = [{}]", key(f), labels.join(", "));
    }
    let mut places: Vec<(usize, &str)> = map
        .places()
        .iter()
        .map(|p| (slots.node(map, p.hex), p.name.as_str()))
        .collect();
    places.sort();
    if !places.is_empty() {
        let _ = writeln!(out, "\n[places]");
    }
    for (node, name) in places {
        let _ = writeln!(out, "{} = {}", key(name), quote(&slots.label(map, node)));
    }
    let mut areas: Vec<_> = map.areas().iter().collect();
    areas.sort_by(|a, b| a.key.cmp(&b.key));
    for area in areas {
        let mut nodes: Vec<usize> = area.hexes.iter().map(|h| slots.node(map, *h)).collect();
        nodes.sort_unstable();
        let labels: Vec<String> = nodes.iter().map(|n| quote(&slots.label(map, *n))).collect();
        let _ = writeln!(out, "\n[areas.{}]", key(&area.key));
        let _ = writeln!(out, "name = {}", quote(&area.name));
        let _ = writeln!(out, "hexes = [{}]", labels.join(", "));
    }
}

fn write_hexsides(out: &mut String, map: &HexMap, slots: &Grid) {
    let _ = writeln!(out, "\n[hexsides]");
    for (name, feature, as_paths) in HEXSIDE_LISTS {
        write_paths(out, name, &side_edges(map, feature), as_paths, map, slots);
    }
    let mut own: Vec<&String> = map.hexside_feature_names().iter().collect();
    own.sort();
    if !own.is_empty() {
        let _ = writeln!(out, "\n[hexsides.features]");
    }
    for name in own {
        write_paths(out, &key(name), &side_edges(map, name), true, map, slots);
    }
}

/// Every hexside carrying `feature`, as node pairs, the lower first, sorted.
fn side_edges(map: &HexMap, feature: &str) -> BTreeSet<(usize, usize)> {
    let mut edges = BTreeSet::new();
    let Ok(bit) = map.hexside_feature(feature).map(|f| f.mask()) else {
        return edges;
    };
    for (i, info) in map.hexes().iter().enumerate() {
        for (nb, side) in map.neighbors(info.hex) {
            let Some(j) = map.node(nb).map(|n| n.index()) else {
                continue;
            };
            if i < j && side.mask() & bit != 0 {
                edges.insert((i, j));
            }
        }
    }
    edges
}

/// The canonical paths through a set of hexsides (see the module documentation).
fn paths(edges: &BTreeSet<(usize, usize)>) -> Vec<Vec<usize>> {
    let mut unused = edges.clone();
    let mut out = Vec::new();
    while let Some(&(a, b)) = unused.iter().next() {
        unused.remove(&(a, b));
        let mut path = vec![a, b];
        let mut at = b;
        loop {
            let next = unused
                .iter()
                .filter(|&&(x, y)| x == at || y == at)
                .map(|&(x, y)| if x == at { y } else { x })
                .min();
            let Some(n) = next else { break };
            unused.remove(&(at.min(n), at.max(n)));
            path.push(n);
            at = n;
        }
        out.push(path);
    }
    out
}

fn write_paths(
    out: &mut String,
    name: &str,
    edges: &BTreeSet<(usize, usize)>,
    as_paths: bool,
    map: &HexMap,
    slots: &Grid,
) {
    let list: Vec<Vec<usize>> = if as_paths {
        paths(edges)
    } else {
        edges.iter().map(|&(a, b)| vec![a, b]).collect()
    };
    if list.is_empty() {
        let _ = writeln!(out, "{name} = []");
        return;
    }
    let _ = writeln!(out, "{name} = [");
    for path in list {
        let labels: Vec<String> = path.iter().map(|n| quote(&slots.label(map, *n))).collect();
        let _ = writeln!(out, "  [{}],", labels.join(", "));
    }
    let _ = writeln!(out, "]");
}

/// A TOML basic string: `"` and `\` escaped, control characters as `\b \t \n \f \r` or
/// `\uXXXX` (upper-case hex).
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c < ' ' || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML key: bare when it is only ASCII letters, digits, `_` and `-`, else quoted.
fn key(s: &str) -> String {
    let bare = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare { s.to_string() } else { quote(s) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_chain_from_the_lowest_hexside() {
        let edges: BTreeSet<(usize, usize)> = [(0, 1), (1, 2), (2, 5), (1, 4), (7, 8)].into();
        assert_eq!(
            paths(&edges),
            vec![vec![0, 1, 2, 5], vec![1, 4], vec![7, 8]]
        );
    }

    #[test]
    fn symbols_prefer_the_names_letter() {
        let names: Vec<String> = ["clear", "city", "forest", "~sea"].map(String::from).into();
        assert_eq!(
            legend_symbols(&names).unwrap_or_default(),
            ['c', 'C', 'f', 's']
        );
    }

    #[test]
    fn strings_and_keys_are_quoted_as_toml() {
        assert_eq!(quote("a\"b\\c\u{1}"), "\"a\\\"b\\\\c\\u0001\"");
        assert_eq!(key("northern-beach"), "northern-beach");
        assert_eq!(key("San Pablo"), "\"San Pablo\"");
    }
}
