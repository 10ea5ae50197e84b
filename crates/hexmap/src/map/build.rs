//! The [`MapBuilder`] that makes a [`HexMap`]: one function per section of the map format.
#![deny(clippy::too_many_lines)]

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::coord::{Direction, Hex};
use crate::diag::{Collector, Diagnostic, Source};
use crate::error::{Error, ErrorKind};
use crate::layout::{Label, Layout, Offset};

use super::{Adj, Area, HexInfo, HexMap, Hexside, HexsideKind, Link, MAX_HEXES, NONE, Place};

/// Where a builder input came from, for diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Origin {
    /// Key path in the source (`hexsides.roads[2][1]`).
    pub key: String,
    /// Byte span in the source text.
    pub span: Option<Range<usize>>,
}

impl Origin {
    /// An origin with a key and no span.
    pub fn key(key: impl Into<String>) -> Self {
        Origin {
            key: key.into(),
            span: None,
        }
    }
}

/// A label as written somewhere, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LabelRef {
    /// The text as written.
    pub text: String,
    /// Where it was written.
    pub origin: Origin,
    /// The hex, when the builder was given coordinates rather than a label.
    pub(crate) hex: Option<Hex>,
}

impl LabelRef {
    /// A label as written, with where.
    pub fn new(text: impl Into<String>, origin: Origin) -> LabelRef {
        LabelRef {
            text: text.into(),
            origin,
            hex: None,
        }
    }
}

/// A hex as a [`MapBuilder`] input: a printed label (`"0512"`) or axial coordinates ([`Hex`]).
///
/// Tools that already hold coordinates build maps without formatting and re-parsing labels:
///
/// ```
/// use hexmap::{Hex, Layout, MapBuilder, Orientation};
/// let layout = Layout::row_column(Orientation::Pointy, 1..=2, 1..=3);
/// let start = layout.label_to_hex(layout.parse_label("0101").unwrap()).unwrap();
/// let east = start.neighbor(hexmap::Direction::ALL[0]);
/// let map = MapBuilder::new("by coordinates", layout)
///     .terrain(east, "forest")
///     .road([start, east])
///     .feature("town", "0103")   // labels and hexes mix freely
///     .build()
///     .unwrap();
/// assert_eq!(map.terrain(east), Some("forest"));
/// assert!(map.on_road_net(start));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexRef {
    /// A printed label.
    Label(String),
    /// Axial coordinates.
    Hex(Hex),
}

impl From<&str> for HexRef {
    fn from(label: &str) -> HexRef {
        HexRef::Label(label.to_string())
    }
}

impl From<String> for HexRef {
    fn from(label: String) -> HexRef {
        HexRef::Label(label)
    }
}

impl From<&String> for HexRef {
    fn from(label: &String) -> HexRef {
        HexRef::Label(label.clone())
    }
}

impl From<Hex> for HexRef {
    fn from(hex: Hex) -> HexRef {
        HexRef::Hex(hex)
    }
}

impl From<&Hex> for HexRef {
    fn from(hex: &Hex) -> HexRef {
        HexRef::Hex(*hex)
    }
}

#[derive(Clone, Debug)]
enum Cell {
    Terrain(String),
    Hole,
}

/// Builds a [`HexMap`] in memory, checking everything once in [`MapBuilder::build`].
///
/// Every hex inside the layout's extents starts on the map with the default terrain; mark holes
/// with [`MapBuilder::hole`].
///
/// ```
/// use hexmap::{ErrorKind, Layout, MapBuilder, Orientation};
///
/// // Nine pointy hexes in row 10 (`1001` to `1009`), even rows shifted, rows growing north.
/// let layout = Layout::row_column(Orientation::Pointy, 10..=10, 1..=9);
/// let map = MapBuilder::new("line", layout.clone())
///     .terrain("1003", "forest")
///     .place("Roadhead", "1006")
///     .area("beach", "Beach", ["1009"])
///     .road(["1006", "1007", "1008", "1009"])
///     .build()
///     .unwrap();
/// assert_eq!(map.len(), 9);
/// assert!(map.on_road_net(map.parse("1006").unwrap()));
/// assert_eq!(map.terrain(map.parse("1003").unwrap()), Some("forest"));
///
/// // Every problem is reported at once.
/// let err = MapBuilder::new("bad", layout)
///     .road(["1001", "1003"])
///     .place("Nowhere", "2001")
///     .build()
///     .unwrap_err();
/// let kinds: Vec<_> = err.diagnostics().iter().map(|d| d.kind).collect();
/// assert_eq!(kinds, [ErrorKind::OffMap, ErrorKind::NotAdjacent]);
/// ```
#[derive(Clone, Debug)]
pub struct MapBuilder {
    name: String,
    layout: Layout,
    default_terrain: String,
    cells: Vec<(LabelRef, Cell)>,
    features: Vec<(String, LabelRef)>,
    places: Vec<(String, LabelRef)>,
    areas: Vec<(String, String, Origin, Vec<LabelRef>)>,
    hexsides: Vec<(HexsideKind, Origin, Vec<LabelRef>)>,
    side_features: Vec<(String, Origin, Vec<LabelRef>)>,
    counter: usize,
}

impl MapBuilder {
    /// A builder for a map with this name and layout.
    pub fn new(name: impl Into<String>, layout: Layout) -> Self {
        MapBuilder {
            name: name.into(),
            layout,
            default_terrain: "clear".to_string(),
            cells: Vec::new(),
            features: Vec::new(),
            places: Vec::new(),
            areas: Vec::new(),
            hexsides: Vec::new(),
            side_features: Vec::new(),
            counter: 0,
        }
    }

    fn auto(&mut self, what: &str) -> Origin {
        self.counter += 1;
        Origin::key(format!("{what} #{}", self.counter))
    }

    fn refs<I, S>(&self, origin: &Origin, labels: I) -> Vec<LabelRef>
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        labels
            .into_iter()
            .enumerate()
            .map(|(i, l)| self.label_ref(l.into(), Origin::key(format!("{}[{i}]", origin.key))))
            .collect()
    }

    fn label_ref(&self, at: HexRef, origin: Origin) -> LabelRef {
        match at {
            HexRef::Label(text) => LabelRef::new(text, origin),
            HexRef::Hex(hex) => LabelRef {
                text: match self.layout.hex_to_label(hex) {
                    Some(l) => l.to_string(),
                    None => format!("({},{})", hex.q, hex.r),
                },
                origin,
                hex: Some(hex),
            },
        }
    }

    /// The terrain of hexes not given one (default `clear`).
    pub fn default_terrain(mut self, terrain: impl Into<String>) -> Self {
        self.default_terrain = terrain.into();
        self
    }

    /// Set one hex's terrain.
    pub fn terrain(mut self, at: impl Into<HexRef>, terrain: impl Into<String>) -> Self {
        let origin = self.auto("terrain");
        let r = self.label_ref(at.into(), origin);
        self.cells.push((r, Cell::Terrain(terrain.into())));
        self
    }

    /// Take a hex off the map (open sea, say).
    pub fn hole(mut self, at: impl Into<HexRef>) -> Self {
        let origin = self.auto("hole");
        let r = self.label_ref(at.into(), origin);
        self.cells.push((r, Cell::Hole));
        self
    }

    /// Give a hex a feature (airfield, town, ...).
    pub fn feature(mut self, feature: impl Into<String>, at: impl Into<HexRef>) -> Self {
        let origin = self.auto("feature");
        let r = self.label_ref(at.into(), origin);
        self.features.push((feature.into(), r));
        self
    }

    /// Name a place on a hex.
    pub fn place(mut self, name: impl Into<String>, at: impl Into<HexRef>) -> Self {
        let origin = self.auto("place");
        let r = self.label_ref(at.into(), origin);
        self.places.push((name.into(), r));
        self
    }

    /// Declare a named area.
    pub fn area<I, S>(mut self, key: impl Into<String>, name: impl Into<String>, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        let origin = self.auto("area");
        let refs = self.refs(&origin, labels);
        self.areas.push((key.into(), name.into(), origin, refs));
        self
    }

    /// A road along a path of labels; consecutive labels must be adjacent.
    pub fn road<I, S>(self, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        self.hexsides_path(HexsideKind::Road, labels)
    }

    /// A trail along a path of labels; consecutive labels must be adjacent.
    pub fn trail<I, S>(self, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        self.hexsides_path(HexsideKind::Trail, labels)
    }

    /// The hexside between two adjacent hexes blocks zones of control.
    pub fn blocks_zoc(self, a: impl Into<HexRef>, b: impl Into<HexRef>) -> Self {
        self.hexsides_path(HexsideKind::BlocksZoc, [a.into(), b.into()])
    }

    /// The hexside between two adjacent hexes is impassable.
    pub fn impassable(self, a: impl Into<HexRef>, b: impl Into<HexRef>) -> Self {
        self.hexsides_path(HexsideKind::Impassable, [a.into(), b.into()])
    }

    /// Mark every hexside along a path of labels with a feature.
    pub fn hexsides_path<I, S>(mut self, kind: HexsideKind, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        let origin = self.auto(match kind {
            HexsideKind::Road => "road",
            HexsideKind::Trail => "trail",
            HexsideKind::BlocksZoc => "blocks_zoc",
            HexsideKind::Impassable => "impassable",
        });
        let refs = self.refs(&origin, labels);
        self.hexsides.push((kind, origin, refs));
        self
    }

    /// Give every hexside along a path of labels one of the map's own features (`river`,
    /// `rail`, `all-sea`, ...): a pair of labels marks one hexside, a longer path a line of them.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("rails", Layout::row_column(Orientation::Flat, 1..=1, 1..=4))
    ///     .hexside_feature("rail", ["0101", "0102", "0103"])
    ///     .hexside_feature("river", ["0103", "0104"])
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(map.hexside_feature_names(), ["rail", "river"]);
    /// let h = |l: &str| map.parse(l).unwrap();
    /// let side = map.hexside(h("0103"), h("0104")).unwrap();
    /// assert_eq!(side.features, 0b10); // river
    /// ```
    pub fn hexside_feature<I, S>(mut self, feature: impl Into<String>, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        let feature = feature.into();
        let origin = self.auto(&feature);
        let refs = self.refs(&origin, labels);
        self.side_features.push((feature, origin, refs));
        self
    }

    pub(crate) fn push_side_feature(
        &mut self,
        feature: String,
        origin: Origin,
        labels: Vec<LabelRef>,
    ) {
        self.side_features.push((feature, origin, labels));
    }

    // Crate-internal pushes with origins, for the TOML reader.
    pub(crate) fn push_cell(&mut self, label: LabelRef, terrain: Option<String>) {
        self.cells
            .push((label, terrain.map_or(Cell::Hole, Cell::Terrain)));
    }
    pub(crate) fn push_feature(&mut self, feature: String, label: LabelRef) {
        self.features.push((feature, label));
    }
    pub(crate) fn push_place(&mut self, name: String, label: LabelRef) {
        self.places.push((name, label));
    }
    pub(crate) fn push_area(
        &mut self,
        key: String,
        name: String,
        origin: Origin,
        labels: Vec<LabelRef>,
    ) {
        self.areas.push((key, name, origin, labels));
    }
    pub(crate) fn push_hexsides(
        &mut self,
        kind: HexsideKind,
        origin: Origin,
        labels: Vec<LabelRef>,
    ) {
        self.hexsides.push((kind, origin, labels));
    }

    /// Validate everything and build the map; reports every problem found.
    pub fn build(self) -> Result<HexMap, Error> {
        self.build_in(Source::new(None, ""))
    }

    /// Build, locating spans in `source` (for maps read from text).
    ///
    /// One step per section of the map format, in this order (the order of the diagnostics):
    /// the layout, terrain and holes, the hexes and their lookup, hex features, places, areas,
    /// the built-in hexside features, the map's own hexside features, then the adjacency table.
    pub fn build_in(self, source: Source<'_>) -> Result<HexMap, Error> {
        let mut c: Collector<'_, ErrorKind> = Collector::new(source);
        check_layout(&self.layout, &mut c);
        if !c.is_empty() {
            return Err(Error::new(c.into_vec()));
        }
        let terrain_of = self.terrain_and_holes(&mut c);
        let Some((hexes, terrain_names)) = self.hexes_in_label_order(&terrain_of, &mut c) else {
            return Err(Error::new(c.into_vec()));
        };
        let mut map = with_lookup(self.name.clone(), self.layout.clone(), hexes, terrain_names);
        self.hex_features(&mut map, &mut c);
        self.named_places(&mut map, &mut c);
        self.named_areas(&mut map, &mut c);
        let mut sides = Sides::new();
        self.builtin_hexsides(&map, &mut sides, &mut c);
        let names = self.own_hexside_features(&map, &mut sides, &mut c);
        if !c.is_empty() {
            return Err(Error::new(c.into_vec()));
        }
        map.hexside_feature_names = names;
        adjacency(&mut map, &sides);
        Ok(map)
    }

    /// Terrain and holes: every cell given a terrain or taken off the map, by hex.
    fn terrain_and_holes(&self, c: &mut Collector<'_, ErrorKind>) -> BTreeMap<Hex, Option<String>> {
        let mut terrain_of: BTreeMap<Hex, Option<String>> = BTreeMap::new();
        for (r, cell) in &self.cells {
            if let Some(h) = resolve(&self.layout, r, c) {
                let value = match cell {
                    Cell::Terrain(t) => Some(t.clone()),
                    Cell::Hole => None,
                };
                terrain_of.insert(h, value);
            }
        }
        terrain_of
    }

    /// The on-map hexes in label order and the terrain names they index; `None` when the map
    /// cannot be built at all (sheets overlap, no hex on the map).
    fn hexes_in_label_order(
        &self,
        terrain_of: &BTreeMap<Hex, Option<String>>,
        c: &mut Collector<'_, ErrorKind>,
    ) -> Option<(Vec<HexInfo>, Vec<String>)> {
        let layout = &self.layout;
        let mut terrain_names: Vec<String> = vec![self.default_terrain.clone()];
        let mut hexes: Vec<HexInfo> = Vec::new();
        let mut placed: BTreeMap<Hex, Label> = BTreeMap::new();
        for label in layout.labels() {
            let Some(hex) = layout.label_to_hex(label) else {
                continue;
            };
            if let Some(first) = placed.insert(hex, label) {
                c.push(
                    Diagnostic::new(
                        ErrorKind::Layout,
                        format!("sheets overlap: {first} and {label} are the same hex"),
                    )
                    .key("layout.sheets"),
                    None,
                );
                return None;
            }
            let terrain = match terrain_of.get(&hex) {
                Some(None) => continue,
                Some(Some(t)) => t.clone(),
                None => self.default_terrain.clone(),
            };
            let ti = match terrain_names.iter().position(|t| *t == terrain) {
                Some(i) => i,
                None => {
                    terrain_names.push(terrain);
                    terrain_names.len() - 1
                }
            };
            hexes.push(HexInfo {
                hex,
                label,
                terrain: u16::try_from(ti).unwrap_or(u16::MAX),
                features: 0,
                on_road_net: false,
            });
        }
        if hexes.is_empty() {
            c.push(
                Diagnostic::new(ErrorKind::Layout, "the map has no on-map hexes").key("layout"),
                None,
            );
            return None;
        }
        if terrain_names.len() > usize::from(u16::MAX) {
            c.push(
                Diagnostic::new(ErrorKind::TooMany, "more than 65535 terrain types"),
                None,
            );
        }
        Some((hexes, terrain_names))
    }

    /// Hex features (`[features]`): one bit each, in name order.
    fn hex_features(&self, map: &mut HexMap, c: &mut Collector<'_, ErrorKind>) {
        let mut feature_names: Vec<String> = self
            .features
            .iter()
            .map(|(f, _)| f.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if feature_names.len() > 64 {
            c.push(
                Diagnostic::new(ErrorKind::TooMany, "more than 64 kinds of hex feature")
                    .key("features"),
                None,
            );
            feature_names.truncate(64);
        }
        for (f, r) in &self.features {
            let Some(bit) = feature_names.iter().position(|n| n == f) else {
                continue;
            };
            if let Some(i) = on_map(r, map, c) {
                if map.hexes[i].features & (1 << bit) != 0 {
                    c.push(
                        Diagnostic::new(
                            ErrorKind::Duplicate,
                            format!("hex {} is listed twice as `{f}`", r.text.trim()),
                        )
                        .key(&r.origin.key)
                        .label(&r.text),
                        r.origin.span.clone(),
                    );
                }
                map.hexes[i].features |= 1 << bit;
            }
        }
        map.feature_names = feature_names;
    }

    /// Named places (`[places]`), sorted by name.
    fn named_places(&self, map: &mut HexMap, c: &mut Collector<'_, ErrorKind>) {
        let mut seen_places = BTreeSet::new();
        for (name, r) in &self.places {
            if !seen_places.insert(name.clone()) {
                c.push(
                    Diagnostic::new(
                        ErrorKind::Duplicate,
                        format!("place `{name}` is named twice"),
                    )
                    .key(&r.origin.key),
                    r.origin.span.clone(),
                );
                continue;
            }
            if let Some(i) = on_map(r, map, c) {
                let hex = map.hexes[i].hex;
                map.places.push(Place {
                    name: name.clone(),
                    hex,
                });
            }
        }
        map.places.sort_by(|a, b| a.name.cmp(&b.name));
    }

    /// Named areas (`[areas]`), sorted by key, each with its hexes in label order.
    fn named_areas(&self, map: &mut HexMap, c: &mut Collector<'_, ErrorKind>) {
        let mut seen_areas = BTreeSet::new();
        for (key, name, origin, refs) in &self.areas {
            if !seen_areas.insert(key.clone()) {
                c.push(
                    Diagnostic::new(
                        ErrorKind::Duplicate,
                        format!("area `{key}` is declared twice"),
                    )
                    .key(&origin.key),
                    origin.span.clone(),
                );
                continue;
            }
            let mut hexes = Vec::new();
            for r in refs {
                if let Some(i) = on_map(r, map, c) {
                    let hex = map.hexes[i].hex;
                    if hexes.contains(&hex) {
                        c.push(
                            Diagnostic::new(
                                ErrorKind::Duplicate,
                                format!("hex {} is listed twice in area `{key}`", r.text.trim()),
                            )
                            .key(&r.origin.key)
                            .label(&r.text),
                            r.origin.span.clone(),
                        );
                    } else {
                        hexes.push(hex);
                    }
                }
            }
            hexes.sort_by_key(|h| map.hexes[map.node(*h).map_or(0, |n| n.index())].label);
            map.areas.push(Area {
                key: key.clone(),
                name: name.clone(),
                hexes,
            });
        }
        map.areas.sort_by(|a, b| a.key.cmp(&b.key));
    }

    /// The built-in hexside features (`[hexsides]` roads, trails, blocks-zoc, impassable).
    fn builtin_hexsides(&self, map: &HexMap, sides: &mut Sides, c: &mut Collector<'_, ErrorKind>) {
        for (kind, origin, refs) in &self.hexsides {
            let pair = matches!(kind, HexsideKind::BlocksZoc | HexsideKind::Impassable);
            if (pair && refs.len() != 2) || (!pair && refs.len() < 2) {
                c.push(
                    Diagnostic::new(
                        ErrorKind::NotAdjacent,
                        if pair {
                            format!(
                                "a hexside is a pair of two adjacent labels; {} given",
                                refs.len()
                            )
                        } else {
                            format!(
                                "a road or trail needs at least two labels; {} given",
                                refs.len()
                            )
                        },
                    )
                    .key(&origin.key),
                    origin.span.clone(),
                );
                continue;
            }
            for key in side_keys(map, refs, c) {
                let side = sides.entry(key).or_default();
                *side = side.with(*kind);
            }
        }
    }

    /// The map's own hexside features (`[hexsides.features]`), one bit each in name order;
    /// returns their names.
    fn own_hexside_features(
        &self,
        map: &HexMap,
        sides: &mut Sides,
        c: &mut Collector<'_, ErrorKind>,
    ) -> Vec<String> {
        let names: BTreeSet<&str> = self
            .side_features
            .iter()
            .map(|(f, ..)| f.as_str())
            .collect();
        let names: Vec<String> = names.into_iter().map(str::to_string).collect();
        if names.len() > Hexside::MAX_CUSTOM {
            c.push(
                Diagnostic::new(
                    ErrorKind::TooMany,
                    format!(
                        "more than {} kinds of hexside feature ({} given)",
                        Hexside::MAX_CUSTOM,
                        names.len()
                    ),
                )
                .key("hexsides.features"),
                None,
            );
        }
        for (feature, origin, refs) in &self.side_features {
            if matches!(
                feature.as_str(),
                "road" | "trail" | "blocks-zoc" | "impassable"
            ) {
                let d = Diagnostic::new(
                    ErrorKind::Duplicate,
                    format!("`{feature}` is a built-in hexside feature; list it under its own key"),
                );
                c.push(d.key(&origin.key), origin.span.clone());
                continue;
            }
            let Some(bit) = names
                .iter()
                .position(|n| n == feature)
                .filter(|b| *b < Hexside::MAX_CUSTOM)
            else {
                continue;
            };
            if refs.len() < 2 {
                let d = Diagnostic::new(
                    ErrorKind::NotAdjacent,
                    format!(
                        "a hexside feature needs at least two adjacent labels; {} given",
                        refs.len()
                    ),
                );
                c.push(d.key(&origin.key), origin.span.clone());
                continue;
            }
            for key in side_keys(map, refs, c) {
                sides.entry(key).or_default().features |= 1 << bit;
            }
        }
        names
    }
}

/// Hexside features being gathered, keyed by (lower node, direction from it).
type Sides = BTreeMap<(usize, usize), Hexside>;

/// The key of the hexside between nodes `a` and `b` in [`Sides`].
fn side_key(a: usize, b: usize, dir: Direction) -> (usize, usize) {
    if a < b {
        (a, dir.index())
    } else {
        (b, dir.opposite().index())
    }
}

/// Resolve a label to an in-extents hex, recording problems.
fn resolve(layout: &Layout, r: &LabelRef, c: &mut Collector<'_, ErrorKind>) -> Option<Hex> {
    let off_map = |shown: String| {
        Diagnostic::new(
            ErrorKind::OffMap,
            format!("hex {shown} is outside the map's rows and columns"),
        )
        .key(&r.origin.key)
        .label(&r.text)
    };
    if let Some(h) = r.hex {
        if layout.hex_to_label(h).is_some() {
            return Some(h);
        }
        c.push(off_map(r.text.trim().to_string()), r.origin.span.clone());
        return None;
    }
    match layout.parse_label(&r.text) {
        Err(e) => {
            c.push(
                Diagnostic::new(ErrorKind::BadLabel, e.to_string())
                    .key(&r.origin.key)
                    .label(&r.text),
                r.origin.span.clone(),
            );
            None
        }
        Ok(label) => {
            let hex = layout.label_to_hex(label);
            if hex.is_none() {
                c.push(off_map(label.to_string()), r.origin.span.clone());
            }
            hex
        }
    }
}

/// The node of an on-map hex for a reference, recording holes.
fn on_map(r: &LabelRef, map: &HexMap, c: &mut Collector<'_, ErrorKind>) -> Option<usize> {
    let hex = resolve(&map.layout, r, c)?;
    match map.node(hex) {
        Some(n) => Some(n.index()),
        None => {
            c.push(
                Diagnostic::new(
                    ErrorKind::OffMap,
                    format!(
                        "hex {} is not on the map (a hole, such as open sea)",
                        r.text.trim()
                    ),
                )
                .key(&r.origin.key)
                .label(&r.text),
                r.origin.span.clone(),
            );
            None
        }
    }
}

/// The hexsides along a path of labels, recording labels off the map and consecutive hexes
/// that do not share a hexside.
fn side_keys(
    map: &HexMap,
    refs: &[LabelRef],
    c: &mut Collector<'_, ErrorKind>,
) -> Vec<(usize, usize)> {
    let nodes: Vec<Option<usize>> = refs.iter().map(|r| on_map(r, map, c)).collect();
    let mut keys = Vec::new();
    for (w, pair_refs) in nodes.windows(2).zip(refs.windows(2)) {
        let (Some(a), Some(b)) = (w[0], w[1]) else {
            continue;
        };
        let Some(dir) = map.hexes[a].hex.direction_to(map.hexes[b].hex) else {
            c.push(
                Diagnostic::new(
                    ErrorKind::NotAdjacent,
                    format!(
                        "hexes {} and {} do not share a hexside",
                        pair_refs[0].text.trim(),
                        pair_refs[1].text.trim()
                    ),
                )
                .key(&pair_refs[1].origin.key)
                .label(&pair_refs[1].text),
                pair_refs[1].origin.span.clone(),
            );
            continue;
        };
        keys.push(side_key(a, b, dir));
    }
    keys
}

/// The map with its hexes and the dense hex -> node lookup over their offset bounding box;
/// features, places, areas and hexsides come after.
fn with_lookup(
    name: String,
    layout: Layout,
    hexes: Vec<HexInfo>,
    terrain_names: Vec<String>,
) -> HexMap {
    let offsets: Vec<Offset> = hexes.iter().map(|h| layout.hex_to_offset(h.hex)).collect();
    let min_col = offsets.iter().map(|o| o.col).min().unwrap_or(0);
    let max_col = offsets.iter().map(|o| o.col).max().unwrap_or(0);
    let min_row = offsets.iter().map(|o| o.row).min().unwrap_or(0);
    let max_row = offsets.iter().map(|o| o.row).max().unwrap_or(0);
    let width = max_col - min_col + 1;
    let height = max_row - min_row + 1;
    let cells = usize::try_from(i64::from(width) * i64::from(height)).unwrap_or(0);
    let mut lookup = vec![NONE; cells];
    for (i, o) in offsets.iter().enumerate() {
        let at = usize::try_from((o.row - min_row) * width + (o.col - min_col)).unwrap_or(0);
        lookup[at] = u32::try_from(i).unwrap_or(NONE);
    }
    HexMap {
        name,
        layout,
        hexes,
        lookup,
        lookup_min: Offset {
            col: min_col,
            row: min_row,
        },
        lookup_width: width,
        lookup_height: height,
        adj: Vec::new(),
        links: Vec::new(),
        hexside_count: 0,
        terrain_names,
        feature_names: Vec::new(),
        places: Vec::new(),
        areas: Vec::new(),
        hexside_feature_names: Vec::new(),
        sides: Vec::new(),
    }
}

/// The adjacency table: per node and direction, the neighbour and the hexside; which hexes
/// are on the road net; the hexside count.
fn adjacency(map: &mut HexMap, sides: &Sides) {
    let n = map.hexes.len();
    let mut hexside_count = 0;
    let mut adj = vec![
        [Adj {
            node: NONE,
            mask: 0
        }; 6];
        n
    ];
    let mut links = vec![
        [Link {
            node: NONE,
            side: Hexside::default()
        }; 6];
        n
    ];
    let mut node_sides = vec![0u32; n];
    #[allow(clippy::needless_range_loop)] // `a` indexes three parallel tables
    for a in 0..n {
        let ha = map.hexes[a].hex;
        for dir in Direction::ALL {
            let Some(b) = map.node(ha.neighbor(dir)).map(|n| n.index()) else {
                continue;
            };
            let side = sides.get(&side_key(a, b, dir)).copied().unwrap_or_default();
            let node = u32::try_from(b).unwrap_or(NONE);
            adj[a][dir.index()] = Adj {
                node,
                mask: side.mask(),
            };
            links[a][dir.index()] = Link { node, side };
            if a < b {
                hexside_count += 1;
            }
            if side.road_or_trail() {
                map.hexes[a].on_road_net = true;
            }
            node_sides[a] |= side.mask();
        }
    }
    map.adj = adj;
    map.links = links;
    map.hexside_count = hexside_count;
    map.sides = node_sides;
}

fn check_layout(layout: &Layout, c: &mut Collector<'_, ErrorKind>) {
    let mut bad = |m: String| c.push(Diagnostic::new(ErrorKind::Layout, m).key("layout"), None);
    if layout.digits == 0 || layout.digits > 4 {
        bad(format!(
            "labels need 1 to 4 digits per number; {} given",
            layout.digits
        ));
    }
    if layout.sheets.is_empty() {
        bad("the layout has no sheets".to_string());
    }
    use crate::layout::Compass::{East, North, South, West};
    if !matches!(layout.rows_grow, North | South) {
        bad("row numbers must grow toward `north` or `south`".to_string());
    }
    if !matches!(layout.columns_grow, East | West) {
        bad("column numbers must grow toward `east` or `west`".to_string());
    }
    let max = 10u32.pow(u32::from(layout.digits.clamp(1, 4))) - 1;
    let mut prefixes = BTreeSet::new();
    for s in &layout.sheets {
        if !prefixes.insert(s.prefix) {
            bad(format!("sheet prefix {:?} is declared twice", s.prefix));
        }
        if s.prefix.is_some_and(|p| !p.is_ascii_alphabetic()) {
            bad("a sheet prefix must be one letter".to_string());
        }
        for (what, (lo, hi)) in [("rows", s.rows), ("columns", s.columns)] {
            if lo > hi || u32::from(hi) > max {
                bad(format!(
                    "{what} {lo}..{hi} must be ascending and fit in {} digits",
                    layout.digits
                ));
            }
        }
    }
    let has_none = layout.sheets.iter().any(|s| s.prefix.is_none());
    if has_none && layout.sheets.len() > 1 {
        bad("either every sheet has a prefix or there is exactly one sheet".to_string());
    }
    let total: u64 = layout
        .sheets
        .iter()
        .map(|s| {
            let n = |(lo, hi): (u16, u16)| u64::from(hi.saturating_sub(lo)) + 1;
            n(s.rows) * n(s.columns)
        })
        .sum();
    if total > MAX_HEXES {
        c.push(
            Diagnostic::new(
                ErrorKind::TooMany,
                format!("the extents hold {total} hexes; a map may hold at most {MAX_HEXES}"),
            )
            .key("layout"),
            None,
        );
    }
}
