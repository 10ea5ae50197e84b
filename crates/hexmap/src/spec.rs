//! The TOML map format (see `docs/fixture-format.md`) and its reader.
//!
//! ```toml
//! name = "Nine hexes in a line"
//!
//! [layout]
//! orientation = "pointy"     # "flat": straight columns; "pointy": straight rows
//! label = "row-column"       # which number is printed first
//! digits = 2                 # digits per number (default 2)
//! rows = [10, 10]            # first and last printed row
//! columns = [1, 9]           # first and last printed column
//! shifted = "even"           # lines shifted half a hex toward higher numbers
//! rows_grow = "north"        # compass direction row numbers grow toward
//! columns_grow = "east"      # compass direction column numbers grow toward
//!
//! [terrain]
//! default = "clear"
//! legend = { "." = "clear", f = "forest", "~" = "sea" }
//! off_map = "~"              # symbols that are holes, not hexes
//! # One line per printed row: the row number (with sheet prefix, if any), then one symbol per
//! # column in increasing column number; spaces between symbols are ignored.
//! grid = '''
//! 10 ...f. ....
//! '''
//!
//! [features]
//! airfield = ["1003"]
//!
//! [places]
//! Carigara = "1005"
//!
//! [areas.beach]
//! name = "Beach"
//! hexes = ["1009"]
//!
//! [hexsides]
//! roads = [["1006", "1007", "1008", "1009"]]
//! trails = []
//! blocks_zoc = [["1001", "1002"]]
//! impassable = []
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diag::{Collector, Diagnostic, Source};
use crate::error::{Error, ErrorKind};
use crate::layout::{Compass, LabelOrder, Layout, Orientation, Parity, Sheet};
use crate::map::{HexMap, HexsideKind, LabelRef, MapBuilder, Origin};

/// A map as written in TOML, before validation.
///
/// Like the other `*Spec` types it is `#[non_exhaustive]` (the format grows) and uses
/// [`toml::Spanned`] (re-exported as [`crate::toml`]) for values whose position is reported in
/// diagnostics.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MapSpec {
    /// The map's name.
    pub name: String,
    /// A note for people (ignored), e.g. "stand-in, not the printed map".
    #[serde(default)]
    pub note: Option<String>,
    /// How labels map to hexes.
    pub layout: LayoutSpec,
    /// Terrain grid and legend.
    #[serde(default)]
    pub terrain: Option<TerrainSpec>,
    /// Feature name -> labels having it.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, Vec<String>>"))]
    pub features: BTreeMap<String, Vec<Spanned<String>>>,
    /// Place name -> label.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, String>"))]
    pub places: BTreeMap<String, Spanned<String>>,
    /// Area key -> area.
    #[serde(default)]
    pub areas: BTreeMap<String, AreaSpec>,
    /// Hexside features.
    #[serde(default)]
    pub hexsides: HexsidesSpec,
}

/// `[layout]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LayoutSpec {
    /// `flat` or `pointy`.
    pub orientation: Orientation,
    /// `row-column` or `column-row`.
    pub label: LabelOrder,
    /// Digits per number (default 2).
    #[serde(default = "two")]
    pub digits: u8,
    /// `odd` or `even`: printed lines shifted half a hex toward higher numbers of the other axis.
    pub shifted: Parity,
    /// `north` or `south`.
    pub rows_grow: Compass,
    /// `east` or `west`.
    pub columns_grow: Compass,
    /// First and last printed row (for a map without sheets).
    #[serde(default)]
    pub rows: Option<[u16; 2]>,
    /// First and last printed column (for a map without sheets).
    #[serde(default)]
    pub columns: Option<[u16; 2]>,
    /// Prefixed sheets (`w`, `e`), instead of `rows`/`columns`.
    #[serde(default)]
    pub sheets: Vec<SheetSpec>,
}

fn two() -> u8 {
    2
}

/// `[[layout.sheets]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SheetSpec {
    /// One-letter prefix.
    pub prefix: char,
    /// First and last printed row.
    pub rows: [u16; 2],
    /// First and last printed column.
    pub columns: [u16; 2],
    /// Added to printed rows to place the sheet in the whole map.
    #[serde(default)]
    pub row_offset: i32,
    /// Added to printed columns to place the sheet in the whole map.
    #[serde(default)]
    pub column_offset: i32,
}

/// `[terrain]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TerrainSpec {
    /// Terrain of hexes the grid does not cover (default `clear`).
    #[serde(default)]
    pub default: Option<String>,
    /// Symbol -> terrain name.
    #[serde(default)]
    pub legend: BTreeMap<String, String>,
    /// Symbols that mark holes (hexes that are not on the map).
    #[serde(default)]
    pub off_map: String,
    /// One line per printed row: row number (sheet prefix first, if any), then one symbol per
    /// column in increasing column number.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub grid: Option<Spanned<String>>,
}

/// `[areas.KEY]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AreaSpec {
    /// Name for people.
    pub name: String,
    /// Its hexes.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub hexes: Vec<Spanned<String>>,
}

/// `[hexsides]`: roads and trails as paths of labels, the others as pairs.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HexsidesSpec {
    /// Road paths.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<Vec<String>>"))]
    pub roads: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Trail paths.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<Vec<String>>"))]
    pub trails: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Pairs of adjacent labels whose hexside blocks ZOC.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<[String; 2]>"))]
    pub blocks_zoc: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Pairs of adjacent labels whose hexside is impassable.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<[String; 2]>"))]
    pub impassable: Vec<Spanned<Vec<Spanned<String>>>>,
    /// The map's own hexside features: name -> paths of labels (`river = [["0101", "0102"]]`,
    /// `rail = [["0101", "0102", "0103"]]`); each consecutive pair marks the hexside between.
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "std::collections::BTreeMap<String, Vec<Vec<String>>>")
    )]
    pub features: std::collections::BTreeMap<String, Vec<Spanned<Vec<Spanned<String>>>>>,
}

fn label_ref(s: &Spanned<String>, key: String) -> LabelRef {
    LabelRef::new(
        s.get_ref().clone(),
        Origin {
            key,
            span: Some(s.span()),
        },
    )
}

impl MapSpec {
    /// Parse TOML text into a spec (shape only; [`MapSpec::build`] validates).
    pub fn from_toml_str(text: &str, name: Option<&str>) -> Result<MapSpec, Error> {
        let source = Source::new(name, text);
        toml::from_str(text).map_err(|e| Error::new(vec![source.toml_error(ErrorKind::Toml, &e)]))
    }

    /// The layout this spec declares.
    pub fn layout(&self) -> Layout {
        let l = &self.layout;
        let sheets = if l.sheets.is_empty() {
            let rows = l.rows.unwrap_or([1, 0]);
            let columns = l.columns.unwrap_or([1, 0]);
            vec![Sheet {
                prefix: None,
                rows: (rows[0], rows[1]),
                columns: (columns[0], columns[1]),
                row_offset: 0,
                column_offset: 0,
            }]
        } else {
            l.sheets
                .iter()
                .map(|s| Sheet {
                    prefix: Some(s.prefix),
                    rows: (s.rows[0], s.rows[1]),
                    columns: (s.columns[0], s.columns[1]),
                    row_offset: s.row_offset,
                    column_offset: s.column_offset,
                })
                .collect()
        };
        Layout {
            orientation: l.orientation,
            order: l.label,
            digits: l.digits,
            shifted: l.shifted,
            rows_grow: l.rows_grow,
            columns_grow: l.columns_grow,
            sheets,
        }
    }

    /// Validate into a [`HexMap`], reporting every problem found. `source` is the text the spec
    /// was read from (spans are located in it); `key_prefix` is prepended to key paths (`map.`
    /// for a map inlined in another file).
    pub fn build(&self, source: Source<'_>, key_prefix: &str) -> Result<HexMap, Error> {
        let mut c: Collector<'_, ErrorKind> = Collector::new(source);
        let layout = self.layout();
        if !self.layout.sheets.is_empty()
            && (self.layout.rows.is_some() || self.layout.columns.is_some())
        {
            c.push(
                Diagnostic::new(
                    ErrorKind::Layout,
                    "give either `rows`/`columns` or `sheets`, not both",
                )
                .key(format!("{key_prefix}layout")),
                None,
            );
        }
        if self.layout.sheets.is_empty()
            && (self.layout.rows.is_none() || self.layout.columns.is_none())
        {
            c.push(
                Diagnostic::new(
                    ErrorKind::Layout,
                    "a map without sheets needs `rows` and `columns`",
                )
                .key(format!("{key_prefix}layout")),
                None,
            );
        }
        let mut b = MapBuilder::new(self.name.clone(), layout.clone());
        if let Some(t) = &self.terrain {
            if let Some(d) = &t.default {
                b = b.default_terrain(d.clone());
            }
            if let Some(grid) = &t.grid {
                read_grid(&layout, t, grid, key_prefix, &mut b, &mut c);
            }
        }
        for (feature, labels) in &self.features {
            for (i, l) in labels.iter().enumerate() {
                b.push_feature(
                    feature.clone(),
                    label_ref(l, format!("{key_prefix}features.{feature}[{i}]")),
                );
            }
        }
        for (name, l) in &self.places {
            b.push_place(
                name.clone(),
                label_ref(l, format!("{key_prefix}places.{name}")),
            );
        }
        for (key, area) in &self.areas {
            let refs = area
                .hexes
                .iter()
                .enumerate()
                .map(|(i, l)| label_ref(l, format!("{key_prefix}areas.{key}.hexes[{i}]")))
                .collect();
            b.push_area(
                key.clone(),
                area.name.clone(),
                Origin::key(format!("{key_prefix}areas.{key}")),
                refs,
            );
        }
        let h = &self.hexsides;
        for (kind, name, list) in [
            (HexsideKind::Road, "roads", &h.roads),
            (HexsideKind::Trail, "trails", &h.trails),
            (HexsideKind::BlocksZoc, "blocks_zoc", &h.blocks_zoc),
            (HexsideKind::Impassable, "impassable", &h.impassable),
        ] {
            for (i, path) in list.iter().enumerate() {
                let key = format!("{key_prefix}hexsides.{name}[{i}]");
                let refs = path
                    .get_ref()
                    .iter()
                    .enumerate()
                    .map(|(j, l)| label_ref(l, format!("{key}[{j}]")))
                    .collect();
                b.push_hexsides(
                    kind,
                    Origin {
                        key,
                        span: Some(path.span()),
                    },
                    refs,
                );
            }
        }
        for (feature, list) in &h.features {
            for (i, path) in list.iter().enumerate() {
                let key = format!("{key_prefix}hexsides.features.{feature}[{i}]");
                let refs = path
                    .get_ref()
                    .iter()
                    .enumerate()
                    .map(|(j, l)| label_ref(l, format!("{key}[{j}]")))
                    .collect();
                b.push_side_feature(
                    feature.clone(),
                    Origin {
                        key,
                        span: Some(path.span()),
                    },
                    refs,
                );
            }
        }
        let built = b.build_in(source);
        let mut found = c.into_vec();
        match built {
            Ok(map) if found.is_empty() => Ok(map),
            Ok(_) => Err(Error::new(found)),
            Err(e) => {
                found.extend(e.into_diagnostics());
                Err(Error::new(found))
            }
        }
    }
}

/// Where the content of a TOML string value starts, given the span of the value.
fn string_content_start(text: &str, span_start: usize) -> usize {
    let rest = text.get(span_start..).unwrap_or("");
    if rest.starts_with("'''") || rest.starts_with("\"\"\"") {
        let after = &rest[3..];
        let skip = if after.starts_with("\r\n") {
            2
        } else if after.starts_with('\n') {
            1
        } else {
            0
        };
        span_start + 3 + skip
    } else {
        span_start + 1
    }
}

fn read_grid(
    layout: &Layout,
    t: &TerrainSpec,
    grid: &Spanned<String>,
    key_prefix: &str,
    b: &mut MapBuilder,
    c: &mut Collector<'_, ErrorKind>,
) {
    let key = format!("{key_prefix}terrain.grid");
    let text = c.source().text;
    let base = string_content_start(text, grid.span().start);
    let mut legend: BTreeMap<char, Option<String>> = BTreeMap::new();
    for (sym, name) in &t.legend {
        let mut chars = sym.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) if !ch.is_whitespace() => {
                legend.insert(ch, Some(name.clone()));
            }
            _ => c.push(
                Diagnostic::new(
                    ErrorKind::Grid,
                    format!("legend symbol `{sym}` must be one non-space character"),
                )
                .key(format!("{key_prefix}terrain.legend")),
                None,
            ),
        }
    }
    for ch in t.off_map.chars().filter(|c| !c.is_whitespace()) {
        legend.insert(ch, None);
    }
    let mut seen: BTreeMap<(Option<char>, u16), usize> = BTreeMap::new();
    let mut offset = 0usize;
    for (lineno, line) in grid.get_ref().split('\n').enumerate() {
        let here = base + offset;
        offset += line.len() + 1;
        let line = line.trim_end_matches('\r');
        let content = line.trim_start();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let lead = line.len() - content.len();
        let span = Some(here + lead..here + line.len());
        let line_key = format!("{key}, line {}", lineno + 1);
        let (head, cells) = match content.split_once(char::is_whitespace) {
            Some((h, rest)) => (h, rest),
            None => (content, ""),
        };
        let mut hc = head.chars();
        let (prefix, digits) = match hc.next() {
            Some(p) if p.is_ascii_alphabetic() => (Some(p), hc.as_str()),
            _ => (None, head),
        };
        let sheet = layout.sheets.iter().find(|s| s.prefix == prefix);
        let (Some(sheet), Ok(row)) = (sheet, digits.parse::<u16>()) else {
            c.push(
                Diagnostic::new(
                    ErrorKind::Grid,
                    format!("grid line must start with a row number of this map (with its sheet prefix, if any); found `{head}`"),
                )
                .key(&line_key),
                span,
            );
            continue;
        };
        if !(sheet.rows.0..=sheet.rows.1).contains(&row) {
            c.push(
                Diagnostic::new(
                    ErrorKind::Grid,
                    format!(
                        "row {head} is outside the map's rows {}..{}",
                        sheet.rows.0, sheet.rows.1
                    ),
                )
                .key(&line_key),
                span,
            );
            continue;
        }
        if seen.insert((prefix, row), lineno + 1).is_some() {
            c.push(
                Diagnostic::new(
                    ErrorKind::Grid,
                    format!("row {head} appears twice in the grid"),
                )
                .key(&line_key),
                span,
            );
            continue;
        }
        let symbols: Vec<(usize, char)> = cells
            .char_indices()
            .filter(|(_, ch)| !ch.is_whitespace())
            .collect();
        let expected = usize::from(sheet.columns.1 - sheet.columns.0) + 1;
        if symbols.len() != expected {
            c.push(
                Diagnostic::new(
                    ErrorKind::Grid,
                    format!(
                        "row {head} has {} symbols; the map has {expected} columns",
                        symbols.len()
                    ),
                )
                .key(&line_key),
                span,
            );
            continue;
        }
        let cells_start = here + lead + (content.len() - cells.len());
        for (i, (at, ch)) in symbols.into_iter().enumerate() {
            let col = sheet.columns.0 + u16::try_from(i).unwrap_or(0);
            let label = layout.label_at(prefix, row, col);
            let sym_span = Some(cells_start + at..cells_start + at + ch.len_utf8());
            match legend.get(&ch) {
                Some(terrain) => b.push_cell(
                    LabelRef::new(
                        label.to_string(),
                        Origin {
                            key: line_key.clone(),
                            span: sym_span,
                        },
                    ),
                    terrain.clone(),
                ),
                None => c.push(
                    Diagnostic::new(
                        ErrorKind::Grid,
                        format!("symbol `{ch}` is not in the legend"),
                    )
                    .key(&line_key)
                    .label(label.to_string()),
                    sym_span,
                ),
            }
        }
    }
    for s in &layout.sheets {
        let missing: Vec<String> = (s.rows.0..=s.rows.1)
            .filter(|r| !seen.contains_key(&(s.prefix, *r)))
            .map(|r| {
                format!(
                    "{}{:0w$}",
                    s.prefix.map(String::from).unwrap_or_default(),
                    r,
                    w = usize::from(layout.digits)
                )
            })
            .collect();
        if !missing.is_empty() {
            c.push(
                Diagnostic::new(
                    ErrorKind::Grid,
                    format!("the grid has no line for row(s) {}", missing.join(", ")),
                )
                .key(&key),
                Some(grid.span()),
            );
        }
    }
}

impl HexMap {
    /// Read and validate a map from TOML text; `name` (a file path, say) is used in diagnostics.
    ///
    /// ```
    /// let text = r#"
    /// name = "tiny"
    /// [layout]
    /// orientation = "flat"
    /// label = "column-row"
    /// rows = [1, 2]
    /// columns = [1, 2]
    /// shifted = "even"
    /// rows_grow = "south"
    /// columns_grow = "east"
    /// "#;
    /// let map = hexmap::HexMap::from_toml_str(text, Some("tiny.toml")).unwrap();
    /// assert_eq!(map.len(), 4);
    /// ```
    pub fn from_toml_str(text: &str, name: Option<&str>) -> Result<HexMap, Error> {
        let spec = MapSpec::from_toml_str(text, name)?;
        spec.build(Source::new(name, text), "")
    }
}
