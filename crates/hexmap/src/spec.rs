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

pub mod canonical;

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::error::{Error, ErrorKind, MapProblem, Problems, locate};
use crate::layout::{Compass, LabelOrder, Layout, Orientation, Parity, Sheet, Slots};
use crate::map::{At, Group, HOLE, HexMap, HexsideKind, Input, Key, MAX_HEXES, Ref, build, intern};
use wargame_kit::Source;

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
    /// Hexsides named as a map-maker names them, by feature (one of the map's own, or `road`,
    /// `trail`, `blocks-zoc`, `impassable`): a hex and a direction (`"1012/NE"`), the same
    /// sides of every hex of a line (`"0110-2010/E"`, `"1001-1020/NW+NE"`) or the boundary
    /// between two sets of hexes (`"0110-2010 | 0111-2011"`), as
    /// [`MapBuilder::hexsides`](crate::MapBuilder::hexsides) reads them.
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "std::collections::BTreeMap<String, Vec<String>>")
    )]
    pub sides: std::collections::BTreeMap<String, Vec<Spanned<String>>>,
}

/// A label as written in the spec, with where.
fn label_ref<'a>(s: &'a Spanned<String>, key: Key<'a>) -> Ref<'a> {
    Ref {
        at: At::Label(s.get_ref()),
        key,
        span: Some(s.span()),
    }
}

/// Paths of labels (`roads = [["0101", "0102"], ...]`) under a key.
fn paths<'a>(
    list: &'a [Spanned<Vec<Spanned<String>>>],
    key: Key<'a>,
) -> impl Iterator<Item = Group<'a>> + 'a {
    list.iter().enumerate().map(move |(i, path)| {
        let key = key.at(i);
        let refs = path.get_ref().iter().enumerate();
        Group {
            key,
            span: Some(path.span()),
            refs: refs.map(|(j, l)| label_ref(l, key.at(j))).collect(),
        }
    })
}

impl MapSpec {
    /// Parse TOML text into a spec (shape only; [`MapSpec::build`] validates).
    ///
    /// Every shape problem is reported at once, in file order ([`wargame_kit::read_toml`]).
    pub fn from_toml_str(text: &str, name: Option<&str>) -> Result<MapSpec, Error> {
        let source = Source::new(name, text);
        let read = wargame_kit::read_toml(source, ErrorKind::Toml, "");
        match read.value {
            Some(spec) if read.problems.is_empty() => Ok(spec),
            _ => Err(Error::new(read.problems)),
        }
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
        let mut c = Problems::default();
        let layout = self.layout();
        if !self.layout.sheets.is_empty()
            && (self.layout.rows.is_some() || self.layout.columns.is_some())
        {
            c.push(
                MapProblem::new(
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
                MapProblem::new(
                    ErrorKind::Layout,
                    "a map without sheets needs `rows` and `columns`",
                )
                .key(format!("{key_prefix}layout")),
                None,
            );
        }
        let default = self.terrain.as_ref().and_then(|t| t.default.as_deref());
        let mut input = Input::new(self.name.clone(), layout, default.unwrap_or("clear"));
        input.key_prefix = key_prefix.to_string();
        input.sheets_declared = !self.layout.sheets.is_empty();
        if let Some((t, grid)) = self
            .terrain
            .as_ref()
            .and_then(|t| Some((t, t.grid.as_ref()?)))
        {
            input.grid = read_grid(&mut input, t, grid, (source.text, key_prefix), &mut c);
        }
        self.refs(&mut input, key_prefix);
        let built = build(input);
        let mut found = c.into_vec();
        match built {
            Ok(map) if found.is_empty() => Ok(map),
            Ok(_) => Err(locate(source, found)),
            Err(e) => {
                found.extend(e);
                Err(locate(source, found))
            }
        }
    }

    /// Every hex reference of the spec, with its key path (formatted only for a diagnostic).
    fn refs<'a>(&'a self, input: &mut Input<'a>, p: &'a str) {
        for (feature, labels) in &self.features {
            let key = Key::spec(p, "features.", feature);
            for (i, l) in labels.iter().enumerate() {
                input.features.push((feature, label_ref(l, key.at(i))));
            }
        }
        for (name, l) in &self.places {
            input
                .places
                .push((name, label_ref(l, Key::spec(p, "places.", name))));
        }
        for (key, area) in &self.areas {
            let hexes = Key::spec(p, "areas.", key).tail(".hexes");
            let refs = area.hexes.iter().enumerate();
            let group = Group {
                key: Key::spec(p, "areas.", key),
                span: None,
                refs: refs.map(|(i, l)| label_ref(l, hexes.at(i))).collect(),
            };
            input.areas.push((key, &area.name, group));
        }
        let h = &self.hexsides;
        for (kind, name, list) in [
            (HexsideKind::Road, "roads", &h.roads),
            (HexsideKind::Trail, "trails", &h.trails),
            (HexsideKind::BlocksZoc, "blocks_zoc", &h.blocks_zoc),
            (HexsideKind::Impassable, "impassable", &h.impassable),
        ] {
            let groups = paths(list, Key::spec(p, "hexsides.", name));
            input.hexsides.extend(groups.map(|g| (kind, g)));
        }
        for (feature, list) in &h.features {
            let key = Key::spec(p, "hexsides.features.", feature);
            if list.is_empty() {
                // `bridge = []`: the map declares the feature on no hexside.
                let declared = Group {
                    key,
                    span: None,
                    refs: Vec::new(),
                };
                input.side_features.push((feature.as_str(), declared));
                continue;
            }
            let groups = paths(list, key);
            input
                .side_features
                .extend(groups.map(|g| (feature.as_str(), g)));
        }
        for (feature, names) in &h.sides {
            let key = Key::spec(p, "hexsides.sides.", feature);
            for (i, name) in names.iter().enumerate() {
                input
                    .named_sides
                    .push((feature.as_str(), label_ref(name, key.at(i))));
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

/// The grid's symbols: per symbol a terrain id of the input or [`HOLE`].
struct Legend {
    ascii: [u32; 128],
    other: BTreeMap<char, u32>,
}

/// Not a symbol of the legend.
const UNKNOWN: u32 = HOLE - 1;

impl Legend {
    /// The legend and the off-map symbols, their terrain names interned into `terrains`.
    fn new<'a>(
        t: &'a TerrainSpec,
        terrains: &mut Vec<&'a str>,
        key_prefix: &str,
        c: &mut Problems,
    ) -> Legend {
        let mut legend = Legend {
            ascii: [UNKNOWN; 128],
            other: BTreeMap::new(),
        };
        let mut ids: BTreeMap<&str, u32> = BTreeMap::new();
        for (id, name) in terrains.iter().enumerate() {
            ids.entry(name)
                .or_insert(u32::try_from(id).unwrap_or(UNKNOWN));
        }
        for (sym, name) in &t.legend {
            let mut chars = sym.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) if !ch.is_whitespace() => {
                    legend.set(ch, intern(&mut ids, terrains, name));
                }
                _ => c.push(
                    MapProblem::new(
                        ErrorKind::Grid,
                        format!("legend symbol `{sym}` must be one non-space character"),
                    )
                    .key(format!("{key_prefix}terrain.legend")),
                    None,
                ),
            }
        }
        for ch in t.off_map.chars().filter(|c| !c.is_whitespace()) {
            legend.set(ch, HOLE);
        }
        legend
    }

    fn set(&mut self, ch: char, code: u32) {
        match self.ascii.get_mut(ch as usize) {
            Some(at) => *at = code,
            None => {
                self.other.insert(ch, code);
            }
        }
    }

    /// The terrain id or [`HOLE`] of a symbol, if the legend has it.
    fn get(&self, ch: char) -> Option<u32> {
        let code = match self.ascii.get(ch as usize) {
            Some(code) => *code,
            None => self.other.get(&ch).copied().unwrap_or(UNKNOWN),
        };
        (code != UNKNOWN).then_some(code)
    }
}

/// Read the terrain grid: every problem with its lines and symbols, and per slot of the layout
/// ([`Slots`]) the terrain id or [`HOLE`] (`None` when the layout has no slots: the build
/// reports why).
fn read_grid<'a>(
    input: &mut Input<'a>,
    t: &'a TerrainSpec,
    grid: &Spanned<String>,
    (text, key_prefix): (&str, &str),
    c: &mut Problems,
) -> Option<Vec<u32>> {
    let legend = Legend::new(t, &mut input.terrains, key_prefix, c);
    let limit = usize::try_from(MAX_HEXES).unwrap_or(usize::MAX);
    let slots = Slots::new(&input.layout, limit);
    let mut reader = GridReader {
        layout: &input.layout,
        legend,
        table: slots.as_ref().map(|s| vec![0u32; s.len()]),
        slots,
        key: format!("{key_prefix}terrain.grid"),
        seen: BTreeMap::new(),
        symbols: Vec::new(),
    };
    let base = string_content_start(text, grid.span().start);
    let mut offset = 0usize;
    for (lineno, line) in grid.get_ref().split('\n').enumerate() {
        let here = base + offset;
        offset += line.len() + 1;
        reader.line(lineno, here, line, c);
    }
    reader.missing_rows(grid.span(), c);
    reader.table
}

/// The grid being read: the layout and legend it is read by, the table it fills, and the rows
/// seen so far.
struct GridReader<'l> {
    layout: &'l Layout,
    legend: Legend,
    slots: Option<Slots>,
    /// Per slot the terrain id or [`HOLE`], when the layout has slots.
    table: Option<Vec<u32>>,
    /// The grid's key in diagnostics.
    key: String,
    /// The rows read, with the line each is on.
    seen: BTreeMap<(Option<char>, u16), usize>,
    /// The symbols of the line being read, with their byte offsets (reused from line to line).
    symbols: Vec<(usize, char)>,
}

/// The key in diagnostics of line `lineno` (from 0) of the grid at `key`.
fn line_key(key: &str, lineno: usize) -> String {
    format!("{key}, line {}", lineno + 1)
}

/// A grid line whose row was found: its sheet prefix and sheet, its row, and where its cells
/// start in the file.
struct GridRow<'l> {
    prefix: Option<char>,
    sheet: &'l Sheet,
    row: u16,
    cells_start: usize,
}

impl<'l> GridReader<'l> {
    /// Read one line of the grid, `here` bytes into the file: a comment or blank line, or a row
    /// number and one symbol per column.
    fn line(&mut self, lineno: usize, here: usize, line: &str, c: &mut Problems) {
        let line = line.trim_end_matches('\r');
        let content = line.trim_start();
        if content.is_empty() || content.starts_with('#') {
            return;
        }
        let lead = line.len() - content.len();
        let span = Some(here + lead..here + line.len());
        let (head, cells) = match content.split_once(char::is_whitespace) {
            Some((h, rest)) => (h, rest),
            None => (content, ""),
        };
        let found = self.row_of(head, lineno).and_then(|(prefix, sheet, row)| {
            self.symbols.clear();
            (self.symbols).extend(cells.char_indices().filter(|(_, ch)| !ch.is_whitespace()));
            let expected = usize::from(sheet.columns.1.saturating_sub(sheet.columns.0)) + 1;
            if self.symbols.len() != expected {
                return Err(format!(
                    "row {head} has {} symbols; the map has {expected} columns",
                    self.symbols.len()
                ));
            }
            let cells_start = here + lead + (content.len() - cells.len());
            Ok(GridRow {
                prefix,
                sheet,
                row,
                cells_start,
            })
        });
        match found {
            Ok(row) => self.fill_row(&row, lineno, c),
            Err(message) => c.push(
                MapProblem::new(ErrorKind::Grid, message).key(line_key(&self.key, lineno)),
                span,
            ),
        }
    }

    /// The sheet prefix, sheet and row a line's head (`12`, `w28`) names, once: or what is wrong
    /// with it.
    fn row_of(
        &mut self,
        head: &str,
        lineno: usize,
    ) -> Result<(Option<char>, &'l Sheet, u16), String> {
        let layout: &'l Layout = self.layout;
        let mut hc = head.chars();
        let (prefix, digits) = match hc.next() {
            Some(p) if p.is_ascii_alphabetic() => (Some(p), hc.as_str()),
            _ => (None, head),
        };
        let sheet = layout.sheets.iter().find(|s| s.prefix == prefix);
        let (Some(sheet), Ok(row)) = (sheet, digits.parse::<u16>()) else {
            return Err(format!(
                "grid line must start with a row number of this map (with its sheet prefix, if any); found `{head}`"
            ));
        };
        if !(sheet.rows.0..=sheet.rows.1).contains(&row) {
            return Err(format!(
                "row {head} is outside the map's rows {}..{}",
                sheet.rows.0, sheet.rows.1
            ));
        }
        if self.seen.insert((prefix, row), lineno + 1).is_some() {
            return Err(format!("row {head} appears twice in the grid"));
        }
        Ok((prefix, sheet, row))
    }

    /// Put a row's symbols (in [`GridReader::symbols`]) in its slots, column by column; a symbol
    /// not in the legend is reported where it is written.
    fn fill_row(&mut self, r: &GridRow<'l>, lineno: usize, c: &mut Problems) {
        let first =
            (self.slots.as_ref()).and_then(|s| s.of_row_col(r.prefix, r.row, r.sheet.columns.0));
        let row_cells = match (&mut self.table, first) {
            (Some(table), Some(first)) => table.get_mut(first..).unwrap_or_default(),
            _ => &mut [],
        };
        let mut row_cells = row_cells.iter_mut();
        for (i, &(at, ch)) in self.symbols.iter().enumerate() {
            let cell = row_cells.next();
            match (self.legend.get(ch), cell) {
                (Some(code), Some(cell)) => *cell = code,
                (Some(_), None) => {}
                (None, _) => {
                    let col = (r.sheet.columns.0).saturating_add(u16::try_from(i).unwrap_or(0));
                    let label = self.layout.label_at(r.prefix, r.row, col);
                    let at = r.cells_start + at;
                    c.push(
                        MapProblem::new(
                            ErrorKind::Grid,
                            format!("symbol `{ch}` is not in the legend"),
                        )
                        .key(line_key(&self.key, lineno))
                        .label(label.to_string()),
                        Some(at..at + ch.len_utf8()),
                    );
                }
            }
        }
    }

    /// Every sheet's rows the grid has no line for, one problem per sheet.
    fn missing_rows(&self, span: std::ops::Range<usize>, c: &mut Problems) {
        let layout = self.layout;
        for s in &layout.sheets {
            let missing: Vec<String> = (s.rows.0..=s.rows.1)
                .filter(|r| !self.seen.contains_key(&(s.prefix, *r)))
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
                    MapProblem::new(
                        ErrorKind::Grid,
                        format!("the grid has no line for row(s) {}", missing.join(", ")),
                    )
                    .key(&self.key),
                    Some(span.clone()),
                );
            }
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
        let source = Source::new(name, text);
        wargame_kit::internal::read_and_check(source, ErrorKind::Toml, "", |spec: MapSpec| {
            spec.build(source, "")
        })
    }
}
