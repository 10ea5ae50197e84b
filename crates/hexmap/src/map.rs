//! The validated, immutable [`HexMap`] and the [`MapBuilder`] that makes one.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use petgraph::graph::NodeIndex;
use petgraph::visit::{EdgeFiltered, EdgeRef};
use serde::Serialize;

use crate::coord::{Direction, Hex};
use crate::diag::{Collector, Diagnostic, Source};
use crate::error::{Error, ErrorKind};
use crate::graph::HexsideRef;
use crate::layout::{Label, Layout, Offset};

/// The features of one hexside (the edge between two adjacent on-map hexes).
///
/// More features (rivers, ...) will be added; make one with [`Hexside::default`] and
/// [`Hexside::with`]:
///
/// ```
/// use hexmap::{Hexside, HexsideKind};
/// let side = Hexside::default().with(HexsideKind::Trail).with(HexsideKind::BlocksZoc);
/// assert!(side.trail && side.road_or_trail() && !side.passes_zoc());
/// assert!(side.has(HexsideKind::BlocksZoc) && !side.has(HexsideKind::Road));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct Hexside {
    /// A road crosses this hexside.
    pub road: bool,
    /// A trail crosses this hexside.
    pub trail: bool,
    /// Zones of control do not extend across this hexside.
    pub blocks_zoc: bool,
    /// Nothing may cross this hexside (no movement, no tracing, no ZOC).
    pub impassable: bool,
    /// The map's own hexside features (river, rail, ...): bit `i` set when the hexside has
    /// [`HexMap::hexside_feature_names`]`[i]`.
    #[serde(skip_serializing_if = "is_zero")]
    pub features: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Hexside {
    /// Bit of [`Hexside::mask`] for a road.
    pub const ROAD: u32 = 1;
    /// Bit of [`Hexside::mask`] for a trail.
    pub const TRAIL: u32 = 2;
    /// Bit of [`Hexside::mask`] for a hexside that blocks zones of control.
    pub const BLOCKS_ZOC: u32 = 4;
    /// Bit of [`Hexside::mask`] for an impassable hexside.
    pub const IMPASSABLE: u32 = 8;
    /// The map's own features start at this bit of [`Hexside::mask`].
    pub const CUSTOM_SHIFT: u32 = 4;
    /// The most hexside features a map may declare of its own.
    pub const MAX_CUSTOM: usize = 28;

    /// The hexside whose [`Hexside::mask`] is `mask`.
    pub fn from_mask(mask: u32) -> Hexside {
        Hexside {
            road: mask & Self::ROAD != 0,
            trail: mask & Self::TRAIL != 0,
            blocks_zoc: mask & Self::BLOCKS_ZOC != 0,
            impassable: mask & Self::IMPASSABLE != 0,
            features: mask >> Self::CUSTOM_SHIFT,
        }
    }

    /// Every feature as one bit set: the four built-in bits, then the map's own features
    /// shifted by [`Hexside::CUSTOM_SHIFT`].
    pub fn mask(self) -> u32 {
        u32::from(self.road)
            | u32::from(self.trail) << 1
            | u32::from(self.blocks_zoc) << 2
            | u32::from(self.impassable) << 3
            | self.features << Self::CUSTOM_SHIFT
    }

    /// With this feature added.
    pub fn with(mut self, kind: HexsideKind) -> Hexside {
        match kind {
            HexsideKind::Road => self.road = true,
            HexsideKind::Trail => self.trail = true,
            HexsideKind::BlocksZoc => self.blocks_zoc = true,
            HexsideKind::Impassable => self.impassable = true,
        }
        self
    }

    /// Whether it has this feature.
    pub fn has(self, kind: HexsideKind) -> bool {
        match kind {
            HexsideKind::Road => self.road,
            HexsideKind::Trail => self.trail,
            HexsideKind::BlocksZoc => self.blocks_zoc,
            HexsideKind::Impassable => self.impassable,
        }
    }

    /// A road or a trail crosses it.
    pub fn road_or_trail(self) -> bool {
        self.road || self.trail
    }

    /// A zone of control extends across it.
    pub fn passes_zoc(self) -> bool {
        !self.blocks_zoc && !self.impassable
    }
}

/// The kinds of hexside feature, for builders and diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum HexsideKind {
    /// See [`Hexside::road`].
    Road,
    /// See [`Hexside::trail`].
    Trail,
    /// See [`Hexside::blocks_zoc`].
    BlocksZoc,
    /// See [`Hexside::impassable`].
    Impassable,
}

/// What the map knows about one on-map hex.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HexInfo {
    /// The hex.
    pub hex: Hex,
    /// Its printed label.
    pub label: Label,
    /// Index into [`HexMap::terrain_names`].
    pub terrain: u16,
    /// Bit `i` set when the hex has feature [`HexMap::feature_names`]`[i]`.
    pub features: u64,
    /// At least one of its hexsides carries a road or trail.
    pub on_road_net: bool,
}

/// A named place (a town, a city) on one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Place {
    /// The name as printed.
    pub name: String,
    /// Its hex.
    pub hex: Hex,
}

/// A named group of hexes (Leyte's Northern Beach Area).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Area {
    /// Key used in data files (`northern-beach`).
    pub key: String,
    /// Name for people (`Northern Beach Area`).
    pub name: String,
    /// Its hexes, sorted.
    pub hexes: Vec<Hex>,
}

/// One row entry of the compact adjacency table the tracing loops read: the neighbour's node
/// and the hexside's [`Hexside::mask`], 8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Adj {
    pub(crate) node: u32,
    pub(crate) mask: u32,
}

impl Adj {
    pub(crate) fn impassable(self) -> bool {
        self.mask & Hexside::IMPASSABLE != 0
    }

    pub(crate) fn road_or_trail(self) -> bool {
        self.mask & (Hexside::ROAD | Hexside::TRAIL) != 0
    }

    pub(crate) fn side(self) -> Hexside {
        Hexside::from_mask(self.mask)
    }
}

/// One row entry of the table the petgraph views borrow from: the neighbour's node and the
/// hexside itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) node: u32,
    pub(crate) side: Hexside,
}

pub(crate) const NONE: u32 = u32::MAX;

/// The most hexes a map's extents may hold (a guard against absurd input, far above any
/// printed map).
pub const MAX_HEXES: u64 = 1_000_000;

/// A validated hex map: which hexes exist, their terrain and features, named places and areas,
/// and the hexsides between them.
///
/// `&HexMap` is a petgraph graph (see [`crate::graph`]) with one undirected edge per shared
/// hexside: node `i` is the hex `HexMap::hexes()[i]`; nodes are in label order.
#[derive(Clone, Debug)]
pub struct HexMap {
    name: String,
    layout: Layout,
    hexes: Vec<HexInfo>,
    lookup: Vec<u32>,
    lookup_min: Offset,
    lookup_width: i32,
    lookup_height: i32,
    adj: Vec<[Adj; 6]>,
    links: Vec<[Link; 6]>,
    /// Shared hexsides: the edge count.
    hexside_count: usize,
    terrain_names: Vec<String>,
    feature_names: Vec<String>,
    places: Vec<Place>,
    areas: Vec<Area>,
    hexside_feature_names: Vec<String>,
    /// Per node: the [`Hexside::mask`]s of its hexsides, or-ed.
    sides: Vec<u32>,
}

/// A petgraph view of the map with only some hexsides ([`HexMap::roads`], [`HexMap::passable`],
/// ...): every node, and the hexsides the filter keeps. Pass a reference to it (`&layer`) to
/// petgraph's algorithms.
pub type Layer<'a> = EdgeFiltered<&'a HexMap, fn(HexsideRef<'_>) -> bool>;

impl HexMap {
    /// The map's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The layout that ties labels to hexes.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Every on-map hex, in label order; index `i` is graph node `i`.
    pub fn hexes(&self) -> &[HexInfo] {
        &self.hexes
    }

    /// Number of on-map hexes.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether the map has no hexes (a built map never is).
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Graph node of an on-map hex, in O(1).
    pub fn node(&self, hex: Hex) -> Option<NodeIndex<u32>> {
        let o = self.layout.hex_to_offset(hex);
        let (c, r) = (o.col - self.lookup_min.col, o.row - self.lookup_min.row);
        if c < 0 || r < 0 || c >= self.lookup_width || r >= self.lookup_height {
            return None;
        }
        let i = usize::try_from(r * self.lookup_width + c).ok()?;
        match self.lookup.get(i) {
            Some(&n) if n != NONE => Some(NodeIndex::new(n as usize)),
            _ => None,
        }
    }

    /// The hex of a graph node.
    pub fn hex_of(&self, node: NodeIndex<u32>) -> Option<Hex> {
        self.hexes.get(node.index()).map(|h| h.hex)
    }

    /// What the map knows about an on-map hex.
    pub fn info(&self, hex: Hex) -> Option<&HexInfo> {
        self.node(hex).map(|n| &self.hexes[n.index()])
    }

    /// Whether the hex is on the map (inside the extents and not a hole).
    pub fn contains(&self, hex: Hex) -> bool {
        self.node(hex).is_some()
    }

    /// The printed label of a hex inside the map's extents (holes included).
    pub fn label(&self, hex: Hex) -> Option<Label> {
        self.layout.hex_to_label(hex)
    }

    /// The label of a hex as text, or its axial coordinates when it is outside the extents.
    pub fn label_text(&self, hex: Hex) -> String {
        match self.label(hex) {
            Some(l) => l.to_string(),
            None => format!("({},{})", hex.q, hex.r),
        }
    }

    /// Parse a printed label and return its hex if it is on the map.
    pub fn parse(&self, text: &str) -> Result<Hex, LabelProblem> {
        let label = self
            .layout
            .parse_label(text)
            .map_err(|e| LabelProblem::Malformed(e.to_string()))?;
        let hex = self
            .layout
            .label_to_hex(label)
            .ok_or(LabelProblem::OutsideExtents(label))?;
        if self.contains(hex) {
            Ok(hex)
        } else {
            Err(LabelProblem::Hole(label))
        }
    }

    /// The hexside between two hexes, if both are on the map and adjacent.
    pub fn hexside(&self, a: Hex, b: Hex) -> Option<Hexside> {
        let na = self.node(a)?;
        let d = a.direction_to(b)?;
        let adj = self.adj[na.index()][d.index()];
        (adj.node != NONE).then(|| adj.side())
    }

    /// The on-map neighbours of a hex with the hexside to each, in direction order.
    pub fn neighbors(&self, hex: Hex) -> impl Iterator<Item = (Hex, Hexside)> + '_ {
        let adj = self.node(hex).map(|n| self.adj[n.index()]);
        adj.into_iter()
            .flatten()
            .filter(|a| a.node != NONE)
            .map(move |a| (self.hexes[a.node as usize].hex, a.side()))
    }

    /// The on-map neighbours of a graph node with the hexside to each, in direction order: no
    /// hex lookup, for callers that keep their own tables by node.
    ///
    /// ```
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "x"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [1, 1]
    /// # columns = [1, 3]
    /// # shifted = "even"
    /// # rows_grow = "south"
    /// # columns_grow = "east"
    /// # [hexsides]
    /// # roads = [["0101", "0102"]]
    /// # "#, None).unwrap();
    /// let middle = map.node(map.parse("0102").unwrap()).unwrap();
    /// let around: Vec<(usize, bool)> =
    ///     map.neighbor_nodes(middle).map(|(n, side)| (n.index(), side.road)).collect();
    /// assert_eq!(around, [(2, false), (0, true)]);
    /// ```
    pub fn neighbor_nodes(
        &self,
        node: NodeIndex<u32>,
    ) -> impl Iterator<Item = (NodeIndex<u32>, Hexside)> + '_ {
        self.adj
            .get(node.index())
            .into_iter()
            .flatten()
            .filter(|a| a.node != NONE)
            .map(|a| (NodeIndex::new(a.node as usize), a.side()))
    }

    pub(crate) fn adjacency(&self) -> &[[Adj; 6]] {
        &self.adj
    }

    pub(crate) fn links(&self) -> &[[Link; 6]] {
        &self.links
    }

    /// The number of shared hexsides (impassable ones included).
    pub(crate) fn hexside_count(&self) -> usize {
        self.hexside_count
    }

    /// Terrain names; [`HexInfo::terrain`] indexes this.
    pub fn terrain_names(&self) -> &[String] {
        &self.terrain_names
    }

    /// The terrain name of an on-map hex.
    pub fn terrain(&self, hex: Hex) -> Option<&str> {
        self.info(hex)
            .map(|i| self.terrain_names[usize::from(i.terrain)].as_str())
    }

    /// Hex feature names (airfield, town, ...); bit `i` of [`HexInfo::features`] is name `i`.
    pub fn feature_names(&self) -> &[String] {
        &self.feature_names
    }

    /// Whether an on-map hex has the named feature.
    pub fn has_feature(&self, hex: Hex, feature: &str) -> bool {
        let Some(bit) = self.feature_names.iter().position(|f| f == feature) else {
            return false;
        };
        self.info(hex).is_some_and(|i| i.features & (1 << bit) != 0)
    }

    /// The hexes that have the named feature, in label order.
    pub fn hexes_with(&self, feature: &str) -> Vec<Hex> {
        let Some(bit) = self.feature_names.iter().position(|f| f == feature) else {
            return Vec::new();
        };
        self.hexes
            .iter()
            .filter(|i| i.features & (1 << bit) != 0)
            .map(|i| i.hex)
            .collect()
    }

    /// Named places, sorted by name.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// The place with this name.
    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.name == name)
    }

    /// The names of the places on a hex.
    pub fn places_at(&self, hex: Hex) -> impl Iterator<Item = &str> + '_ {
        self.places
            .iter()
            .filter(move |p| p.hex == hex)
            .map(|p| p.name.as_str())
    }

    /// Named areas, sorted by key.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// The area with this key.
    pub fn area(&self, key: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.key == key)
    }

    /// The map's own hexside features (`river`, `rail`, ...), in bit order of
    /// [`Hexside::features`].
    pub fn hexside_feature_names(&self) -> &[String] {
        &self.hexside_feature_names
    }

    /// The [`Hexside::mask`]s of a node's hexsides, or-ed: which networks it is on.
    pub(crate) fn sides_mask(&self, node: usize) -> u32 {
        self.sides.get(node).copied().unwrap_or(0)
    }

    /// Whether the hex has a road or trail on any of its hexsides.
    pub fn on_road_net(&self, hex: Hex) -> bool {
        self.info(hex).is_some_and(|i| i.on_road_net)
    }

    /// The road layer: only hexsides crossed by a road.
    pub fn roads(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| e.weight().road)
    }

    /// The trail layer: only hexsides crossed by a trail.
    pub fn trails(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| e.weight().trail)
    }

    /// Roads and trails together.
    pub fn road_net(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| e.weight().road_or_trail())
    }

    /// The passable layer: every hexside but the impassable ones.
    pub fn passable(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| !e.weight().impassable)
    }
}

/// Why a label does not name an on-map hex.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LabelProblem {
    /// Not a label at all.
    #[error("{0}")]
    Malformed(String),
    /// A label, but outside the printed extents.
    #[error("hex {0} is outside the map")]
    OutsideExtents(Label),
    /// A label inside the extents, but the hex is not part of the map (open sea, say).
    #[error("hex {0} is not on the map (a hole, such as open sea)")]
    Hole(Label),
}

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
    pub fn build_in(self, source: Source<'_>) -> Result<HexMap, Error> {
        let mut c: Collector<'_, ErrorKind> = Collector::new(source);
        let layout = self.layout;
        check_layout(&layout, &mut c);
        if !c.is_empty() {
            return Err(Error::new(c.into_vec()));
        }

        // Resolve a label to an in-extents hex, recording problems.
        let resolve = |r: &LabelRef, c: &mut Collector<'_, ErrorKind>| -> Option<Hex> {
            if let Some(h) = r.hex {
                if layout.hex_to_label(h).is_some() {
                    return Some(h);
                }
                c.push(
                    Diagnostic::new(
                        ErrorKind::OffMap,
                        format!(
                            "hex {} is outside the map's rows and columns",
                            r.text.trim()
                        ),
                    )
                    .key(&r.origin.key)
                    .label(&r.text),
                    r.origin.span.clone(),
                );
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
                Ok(label) => match layout.label_to_hex(label) {
                    Some(h) => Some(h),
                    None => {
                        c.push(
                            Diagnostic::new(
                                ErrorKind::OffMap,
                                format!("hex {label} is outside the map's rows and columns"),
                            )
                            .key(&r.origin.key)
                            .label(&r.text),
                            r.origin.span.clone(),
                        );
                        None
                    }
                },
            }
        };

        // Terrain and holes.
        let mut terrain_of: BTreeMap<Hex, Option<String>> = BTreeMap::new();
        for (r, cell) in &self.cells {
            if let Some(h) = resolve(r, &mut c) {
                let value = match cell {
                    Cell::Terrain(t) => Some(t.clone()),
                    Cell::Hole => None,
                };
                terrain_of.insert(h, value);
            }
        }

        // Hexes in label order.
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
                return Err(Error::new(c.into_vec()));
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
            return Err(Error::new(c.into_vec()));
        }
        if terrain_names.len() > usize::from(u16::MAX) {
            c.push(
                Diagnostic::new(ErrorKind::TooMany, "more than 65535 terrain types"),
                None,
            );
        }

        // Dense lookup over the offset bounding box.
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
        let mut map = HexMap {
            name: self.name,
            layout: layout.clone(),
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
        };

        // An on-map hex for a reference, recording holes.
        let on_map =
            |r: &LabelRef, map: &HexMap, c: &mut Collector<'_, ErrorKind>| -> Option<usize> {
                let hex = resolve(r, c)?;
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
            };

        // Features.
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
            if let Some(i) = on_map(r, &map, &mut c) {
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

        // Places.
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
            if let Some(i) = on_map(r, &map, &mut c) {
                map.places.push(Place {
                    name: name.clone(),
                    hex: map.hexes[i].hex,
                });
            }
        }
        map.places.sort_by(|a, b| a.name.cmp(&b.name));

        // Areas.
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
                if let Some(i) = on_map(r, &map, &mut c) {
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

        // Hexside features, keyed by (lower node, direction from it).
        let mut sides: BTreeMap<(usize, usize), Hexside> = BTreeMap::new();
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
            let nodes: Vec<Option<usize>> = refs.iter().map(|r| on_map(r, &map, &mut c)).collect();
            for (w, pair_refs) in nodes.windows(2).zip(refs.windows(2)) {
                let (Some(a), Some(b)) = (w[0], w[1]) else {
                    continue;
                };
                let (ha, hb) = (map.hexes[a].hex, map.hexes[b].hex);
                let Some(dir) = ha.direction_to(hb) else {
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
                let key = if a < b {
                    (a, dir.index())
                } else {
                    (b, dir.opposite().index())
                };
                let side = sides.entry(key).or_default();
                *side = side.with(*kind);
            }
        }

        // The map's own hexside features, one bit each in name order.
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
                c.push(
                    Diagnostic::new(
                        ErrorKind::Duplicate,
                        format!(
                            "`{feature}` is a built-in hexside feature; list it under its own key"
                        ),
                    )
                    .key(&origin.key),
                    origin.span.clone(),
                );
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
                c.push(
                    Diagnostic::new(
                        ErrorKind::NotAdjacent,
                        format!(
                            "a hexside feature needs at least two adjacent labels; {} given",
                            refs.len()
                        ),
                    )
                    .key(&origin.key),
                    origin.span.clone(),
                );
                continue;
            }
            let nodes: Vec<Option<usize>> = refs.iter().map(|r| on_map(r, &map, &mut c)).collect();
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
                let key = if a < b {
                    (a, dir.index())
                } else {
                    (b, dir.opposite().index())
                };
                sides.entry(key).or_default().features |= 1 << bit;
            }
        }

        if !c.is_empty() {
            return Err(Error::new(c.into_vec()));
        }

        // The adjacency table: per node and direction, the neighbour and the hexside.
        let mut hexside_count = 0;
        let mut adj = vec![
            [Adj {
                node: NONE,
                mask: 0
            }; 6];
            map.hexes.len()
        ];
        let mut links = vec![
            [Link {
                node: NONE,
                side: Hexside::default()
            }; 6];
            map.hexes.len()
        ];
        let mut node_sides = vec![0u32; map.hexes.len()];
        #[allow(clippy::needless_range_loop)] // `a` indexes three parallel tables
        for a in 0..map.hexes.len() {
            let ha = map.hexes[a].hex;
            for dir in Direction::ALL {
                let Some(b) = map.node(ha.neighbor(dir)).map(|n| n.index()) else {
                    continue;
                };
                let key = if a < b {
                    (a, dir.index())
                } else {
                    (b, dir.opposite().index())
                };
                let side = sides.get(&key).copied().unwrap_or_default();
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
        map.hexside_feature_names = names;
        Ok(map)
    }
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
