//! The validated, immutable [`HexMap`] and the [`MapBuilder`] that makes one.

use std::fmt;

use petgraph::graph::NodeIndex;

use crate::coord::Hex;
use crate::layout::{Label, Layout, Offset};

mod build;
mod names;
mod sides;

#[cfg(feature = "toml")]
pub(crate) use build::{At, Group, HOLE, Input, Key, Ref, build, intern};
pub use build::{HexRef, MapBuilder};
pub use names::{HexFeature, HexsideFeature, NameKind, TerrainType, UnknownName};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_zero"))]
    pub features: u32,
}

#[cfg(feature = "serde")]
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

    /// Whether it carries a hexside feature of its map, built-in or the map's own (found by
    /// [`HexMap::hexside_feature`]).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .hexsides("river", ["0101/E"])
    ///     .build()?;
    /// let side = map.hexside(map.parse("0101").unwrap(), map.parse("0102").unwrap()).unwrap();
    /// assert!(side.carries(map.hexside_feature("river").unwrap()));
    /// assert!(!side.carries(map.hexside_feature("road").unwrap()));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn carries(self, feature: HexsideFeature) -> bool {
        self.mask() & feature.mask() != 0
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
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
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Place {
    /// The name as printed.
    pub name: String,
    /// Its hex.
    pub hex: Hex,
}

/// A named group of hexes (a scenario's beach area, a country, a supply zone).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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

/// The hexside features every map has, by their [`Hexside::mask`] bits, as rules name them.
const BUILT_IN_HEXSIDE_FEATURES: [(u32, &str); 4] = [
    (Hexside::ROAD, "road"),
    (Hexside::TRAIL, "trail"),
    (Hexside::BLOCKS_ZOC, "blocks-zoc"),
    (Hexside::IMPASSABLE, "impassable"),
];

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
        // Checked: a caller's hex may lie anywhere, far outside any map.
        let o = self.layout.checked_hex_to_offset(hex)?;
        let c = o.col.checked_sub(self.lookup_min.col)?;
        let r = o.row.checked_sub(self.lookup_min.row)?;
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
        let Some(hex) = self.layout.label_to_hex(label) else {
            let swapped = Label {
                first: label.second,
                second: label.first,
                ..label
            };
            let on_map = self
                .layout
                .label_to_hex(swapped)
                .is_some_and(|h| self.contains(h));
            return Err(LabelProblem::OutsideExtents {
                label,
                extents: self.layout.extents_text(),
                swapped: on_map.then_some(swapped),
            });
        };
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
    /// # use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .road(["0101", "0102"])
    ///     .build()
    ///     .unwrap();
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

    /// Whether an on-map hex has a hex feature (found by [`HexMap::hex_feature`]).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("town", "0101")
    ///     .build()?;
    /// let town = map.hex_feature("town").unwrap();
    /// assert!(map.has_feature(map.parse("0101").unwrap(), town));
    /// assert!(!map.has_feature(map.parse("0102").unwrap(), town));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn has_feature(&self, hex: Hex, feature: HexFeature) -> bool {
        self.info(hex)
            .is_some_and(|i| i.features & feature.mask() != 0)
    }

    /// The hexes that have a hex feature (found by [`HexMap::hex_feature`]), in label order.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .feature("town", "0103")
    ///     .feature("town", "0101")
    ///     .build()?;
    /// let towns = map.hexes_with(map.hex_feature("town").unwrap());
    /// assert_eq!(towns, [map.parse("0101").unwrap(), map.parse("0103").unwrap()]);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hexes_with(&self, feature: HexFeature) -> Vec<Hex> {
        self.hexes
            .iter()
            .filter(|i| i.features & feature.mask() != 0)
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

    /// The hexes on one edge of the map as printed: for [`Compass::West`](crate::Compass::West), the westmost hex of
    /// each row of hexes; for [`Compass::North`](crate::Compass::North), the northmost of each column; and so on,
    /// whatever the label order or the direction the numbers grow. In label order.
    ///
    /// ```
    /// use hexmap::{Compass, Layout, MapBuilder, Orientation};
    /// let layout = Layout::row_column(Orientation::Pointy, 1..=2, 1..=3).with_growth(Compass::South, Compass::West);
    /// let map = MapBuilder::new("x", layout).build().unwrap();
    /// // Columns are numbered from the east: the west edge is column 03.
    /// let west: Vec<String> = map.edge(Compass::West).iter().map(|h| map.label_text(*h)).collect();
    /// assert_eq!(west, ["0103", "0203"]);
    /// ```
    pub fn edge(&self, side: crate::layout::Compass) -> Vec<Hex> {
        use crate::layout::Compass;
        let layout = &self.layout;
        let east_grows = layout.columns_grow != Compass::West;
        let south_grows = layout.rows_grow == Compass::South;
        // (line, how far toward `side`): the hex furthest along that way in each line.
        let toward = |o: crate::layout::Offset| -> (i32, i64) {
            let (col, row) = (i64::from(o.col), i64::from(o.row));
            match side {
                Compass::East => (o.row, if east_grows { col } else { -col }),
                Compass::West => (o.row, if east_grows { -col } else { col }),
                Compass::South => (o.col, if south_grows { row } else { -row }),
                Compass::North => (o.col, if south_grows { -row } else { row }),
            }
        };
        let mut best: std::collections::BTreeMap<i32, (i64, usize)> =
            std::collections::BTreeMap::new();
        for (n, h) in self.hexes.iter().enumerate() {
            let (line, far) = toward(layout.hex_to_offset(h.hex));
            let e = best.entry(line).or_insert((far, n));
            if far > e.0 {
                *e = (far, n);
            }
        }
        let mut nodes: Vec<usize> = best.values().map(|&(_, n)| n).collect();
        nodes.sort_unstable();
        nodes.into_iter().map(|n| self.hexes[n].hex).collect()
    }

    /// The [`Hexside::mask`]s of a node's hexsides, or-ed: which networks it is on.
    pub(crate) fn sides_mask(&self, node: usize) -> u32 {
        self.sides.get(node).copied().unwrap_or(0)
    }

    /// Whether the hex has a road or trail on any of its hexsides.
    pub fn on_road_net(&self, hex: Hex) -> bool {
        self.info(hex).is_some_and(|i| i.on_road_net)
    }
}

// The map's one resolver of names (its answers: the handles and `UnknownName` of `names`).
impl HexMap {
    /// The hexside feature named `name` as rules name it: `road`, `trail`, `blocks-zoc` (or
    /// `blocks_zoc`, the map format's key), `impassable`, or one of the map's own
    /// ([`HexMap::hexside_feature_names`]); a name the map lacks is refused, with the names it
    /// has.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .build()?;
    /// assert_eq!(map.hexside_feature("blocks_zoc"), map.hexside_feature("blocks-zoc"));
    /// let e = map.hexside_feature("bridge").unwrap_err();
    /// assert_eq!(e.known, "road, trail, blocks-zoc, impassable");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hexside_feature(&self, name: &str) -> Result<HexsideFeature, UnknownName> {
        let bit = self.resolve_hexside_feature(name)?;
        Ok(HexsideFeature::new(bit))
    }

    /// The hex feature named `name` (one of [`HexMap::feature_names`]); a name the map lacks is
    /// refused, with the names it has.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("airfield", "0101")
    ///     .build()?;
    /// assert!(map.hex_feature("airfield").is_ok());
    /// assert_eq!(map.hex_feature("town").unwrap_err().known, "airfield");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hex_feature(&self, name: &str) -> Result<HexFeature, UnknownName> {
        let names = &self.feature_names;
        names
            .iter()
            .position(|f| f == name)
            .and_then(HexFeature::at)
            .ok_or_else(|| UnknownName::new(NameKind::HexFeature, name, names))
    }

    /// Every hex feature of the map with its name, in bit order of
    /// [`HexInfo::features`](crate::HexInfo::features) (as [`HexMap::feature_names`]).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("town", "0101")
    ///     .feature("airfield", "0102")
    ///     .build()?;
    /// for (feature, name) in map.hex_features() {
    ///     assert_eq!(map.hex_feature(name), Ok(feature));
    ///     assert_eq!(map.hexes_with(feature).len(), 1);
    /// }
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hex_features(&self) -> impl Iterator<Item = (HexFeature, &str)> + '_ {
        let names = self.feature_names.iter().enumerate();
        names.filter_map(|(i, name)| Some((HexFeature::at(i)?, name.as_str())))
    }

    /// The terrain named `name` (one of [`HexMap::terrain_names`]); a name the map lacks is
    /// refused, with the names it has.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .terrain("0101", "forest")
    ///     .build()?;
    /// assert!(map.terrain_type("forest").is_ok());
    /// assert!(map.terrain_type("frest").is_err());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn terrain_type(&self, name: &str) -> Result<TerrainType, UnknownName> {
        let index = self.resolve_terrain(name)?;
        let index = u16::try_from(index)
            .map_err(|_| UnknownName::new(NameKind::Terrain, name, &self.terrain_names))?;
        Ok(TerrainType::new(index))
    }

    /// The [`Hexside::mask`] bit of a hexside feature named as the map names it, `None` when
    /// the map lacks it: the resolver's own look-up.
    pub(crate) fn hexside_bit(&self, name: &str) -> Option<u32> {
        // The map format's key is `blocks_zoc`; rules have said `blocks-zoc`: both are read.
        let name = if name == "blocks_zoc" {
            "blocks-zoc"
        } else {
            name
        };
        if let Some((bit, _)) = BUILT_IN_HEXSIDE_FEATURES.iter().find(|(_, n)| *n == name) {
            return Some(*bit);
        }
        self.hexside_feature_names
            .iter()
            .position(|n| n == name)
            .and_then(|i| u32::try_from(i).ok())
            .and_then(|i| 1u32.checked_shl(i + Hexside::CUSTOM_SHIFT))
    }

    /// The crate's resolver of the hexside feature names a rule gives (a trace rule's, a
    /// zone-of-control rule's): the [`Hexside::mask`] bit of `name`, or the name refused with
    /// every name the map has.
    pub(crate) fn resolve_hexside_feature(&self, name: &str) -> Result<u32, UnknownName> {
        self.hexside_bit(name).ok_or_else(|| {
            let built_in = BUILT_IN_HEXSIDE_FEATURES.iter().map(|(_, n)| *n);
            let own = self.hexside_feature_names.iter().map(String::as_str);
            let known: Vec<&str> = built_in.chain(own).collect();
            UnknownName::new(NameKind::HexsideFeature, name, &known)
        })
    }

    /// The resolver's terrains ([`HexMap::resolve_hexside_feature`]): the index of the terrain
    /// `name` in [`HexMap::terrain_names`], or the name refused with every terrain the map has.
    pub(crate) fn resolve_terrain(&self, name: &str) -> Result<usize, UnknownName> {
        let names = &self.terrain_names;
        names
            .iter()
            .position(|t| t == name)
            .ok_or_else(|| UnknownName::new(NameKind::Terrain, name, names))
    }

    /// The resolver read backward: the names of the hexside features in the mask `m`, the
    /// built-in ones first, then the map's own in bit order (what a refusal names).
    pub(crate) fn hexside_features_in(&self, m: u32) -> Vec<String> {
        let built_in = BUILT_IN_HEXSIDE_FEATURES
            .iter()
            .filter(|(bit, _)| m & bit != 0);
        let mut out: Vec<String> = built_in.map(|(_, n)| (*n).to_string()).collect();
        for (i, name) in self.hexside_feature_names.iter().enumerate() {
            let bit = u32::try_from(i)
                .ok()
                .and_then(|i| 1u32.checked_shl(i + Hexside::CUSTOM_SHIFT));
            if bit.is_some_and(|b| m & b != 0) {
                out.push(name.clone());
            }
        }
        out
    }
}

impl LabelProblem {
    /// How to fix it, when there is a likely fix: `did you mean 2218?` for a label whose two
    /// numbers, swapped, name a hex on the map.
    pub fn help(&self) -> Option<String> {
        match self {
            LabelProblem::OutsideExtents {
                swapped: Some(s), ..
            } => Some(format!("did you mean {s}?")),
            _ => None,
        }
    }
}

/// Why a label does not name an on-map hex.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LabelProblem {
    /// Not a label at all.
    Malformed(String),
    /// A label, but outside the printed extents: the label, the map's extents and label order
    /// in words, and the label with its two numbers swapped when that one is on the map (a
    /// row-column slip).
    OutsideExtents {
        /// The label given.
        label: Label,
        /// The map's rows and columns and how labels read, in words.
        extents: String,
        /// The same numbers the other way round, when that hex is on the map.
        swapped: Option<Label>,
    },
    /// A label inside the extents, but the hex is not part of the map (open sea, say).
    Hole(Label),
}

impl fmt::Display for LabelProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelProblem::Malformed(why) => write!(f, "{why}"),
            LabelProblem::OutsideExtents { label, extents, .. } => {
                write!(f, "hex {label} is outside the map ({extents})")
            }
            LabelProblem::Hole(label) => {
                write!(
                    f,
                    "hex {label} is not on the map (a hole, such as open sea)"
                )
            }
        }
    }
}

impl std::error::Error for LabelProblem {}
