//! Units on hexes and zones of control.

use std::fmt;

use crate::coord::Hex;
use petgraph::graph::NodeIndex;

use crate::free::FreeTable;
use crate::map::{HexMap, Hexside, LabelProblem, NONE, NameKind, UnknownName};
use crate::text::{Inline, inline};

/// A unit on the map: an identifier, a side, a hex, and whether it exerts a zone of control.
///
/// `S` is the caller's side type (an enum of the game's players). Made with [`Unit::new`] (on
/// a [`Hex`]) or [`Unit::at_label`] (on the hex a printed label names on a map):
///
/// ```
/// use hexmap::{Hex, Unit};
/// let a = Unit::new("US-7-17", 'U', Hex::new(3, 1));
/// assert!(a.exerts_zoc);
/// let b = Unit::new("J-HQ", 'J', Hex::new(4, 1)).without_zoc();
/// assert!(!b.exerts_zoc);
/// assert!(Unit::new("J-16-9", 'J', Hex::new(5, 1)).with_zoc(true).exerts_zoc);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unit<S> {
    /// Unique identifier (`J-16-9`).
    pub id: String,
    /// Whose unit it is.
    pub side: S,
    /// Where it is.
    pub hex: Hex,
    /// Whether it exerts a zone of control.
    pub exerts_zoc: bool,
}

impl<S> Unit<S> {
    /// A unit that exerts a zone of control.
    pub fn new(id: impl Into<String>, side: S, hex: Hex) -> Unit<S> {
        Unit {
            id: id.into(),
            side,
            hex,
            exerts_zoc: true,
        }
    }

    /// A unit that exerts a zone of control, on the hex `label` names on `map`; refused, in
    /// [`HexMap::parse`]'s words, when the label names no hex of the map. Its [`Unit::hex`] is
    /// that hex.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation, Unit};
    ///
    /// let map = MapBuilder::new("line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
    ///     .build()?;
    /// let unit = Unit::at_label("US-1", 'U', &map, "1002")?;
    /// assert_eq!(unit.hex, map.parse("1002")?);
    /// let off = Unit::at_label("US-2", 'U', &map, "2002").unwrap_err();
    /// assert!(off.to_string().starts_with("hex 2002 is outside the map"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn at_label(
        id: impl Into<String>,
        side: S,
        map: &HexMap,
        label: &str,
    ) -> Result<Unit<S>, LabelProblem> {
        Ok(Unit::new(id, side, map.parse(label)?))
    }

    /// With or without a zone of control.
    pub fn with_zoc(mut self, exerts_zoc: bool) -> Unit<S> {
        self.exerts_zoc = exerts_zoc;
        self
    }

    /// Without a zone of control.
    pub fn without_zoc(self) -> Unit<S> {
        self.with_zoc(false)
    }
}

/// Why a unit cannot be placed: one problem of [`PositionErrors`], naming the unit by its id
/// and by its place in the list given ([`PositionError::key`]: `units[3].hex`), as a file's
/// problems name a line.
///
/// ```
/// use hexmap::{Hex, Layout, MapBuilder, Orientation, Position, PositionError, Unit};
///
/// let map = MapBuilder::new("line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .build()
///     .unwrap();
/// let err = Position::new(&map, vec![Unit::new("B", 0, Hex::new(40, 40))]).unwrap_err();
/// assert!(matches!(&err.problems()[0], PositionError::OffMap { index: 0, .. }));
/// assert_eq!(err.problems()[0].key(), "units[0].hex");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The unit's hex is not on the map.
    OffMap {
        /// The unit's place in the list given, from 0.
        index: usize,
        /// The unit.
        id: String,
        /// Its hex, as a label where it has one.
        hex: String,
    },
    /// Two units share an identifier.
    DuplicateId {
        /// The second unit's place in the list given, from 0.
        index: usize,
        /// The identifier.
        id: String,
        /// The first unit's place.
        first: usize,
    },
}

impl PositionError {
    /// The unit's place and field, as a key path: `units[3].hex`, `units[4].id`.
    pub fn key(&self) -> String {
        match self {
            PositionError::OffMap { index, .. } => format!("units[{index}].hex"),
            PositionError::DuplicateId { index, .. } => format!("units[{index}].id"),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let key = self.key();
        let mut out = crate::text::Inline(f);
        match self {
            PositionError::OffMap { id, hex, .. } => write!(
                out,
                "unit `{id}` is on hex {hex}, which is not on the map (at `{key}`)"
            ),
            PositionError::DuplicateId { id, first, .. } => write!(
                out,
                "unit id `{id}` is used twice (at `{key}`, first at `units[{first}]`)"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why units cannot be placed ([`Position::new`]): every problem, in the order of the units.
///
/// `Display` writes one problem per line; `?` takes it into any error.
///
/// ```
/// use hexmap::{Hex, Layout, MapBuilder, Orientation, Position, PositionError, Unit};
///
/// let map = MapBuilder::new("line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .build()
///     .unwrap();
/// let err = Position::new(&map, vec![
///     Unit::at_label("A", 0, &map, "1001").unwrap(),
///     Unit::new("A", 0, Hex::new(40, 40)),
/// ])
/// .unwrap_err();
/// assert!(matches!(
///     err.problems(),
///     [PositionError::DuplicateId { index: 1, first: 0, .. }, PositionError::OffMap { .. }]
/// ));
/// assert_eq!(
///     err.to_string(),
///     "unit id `A` is used twice (at `units[1].id`, first at `units[0]`)\n\
///      unit `A` is on hex (40,40), which is not on the map (at `units[1].hex`)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionErrors {
    /// The problems (at least one).
    problems: Vec<PositionError>,
}

impl PositionErrors {
    /// The problems, in the order of the units.
    pub fn problems(&self) -> &[PositionError] {
        &self.problems
    }

    /// The problems, in the order of the units.
    pub fn iter(&self) -> std::slice::Iter<'_, PositionError> {
        self.problems.iter()
    }

    /// The problems, owned.
    pub fn into_problems(self) -> Vec<PositionError> {
        self.problems
    }
}

impl<'a> IntoIterator for &'a PositionErrors {
    type Item = &'a PositionError;
    type IntoIter = std::slice::Iter<'a, PositionError>;
    fn into_iter(self) -> Self::IntoIter {
        self.problems.iter()
    }
}

impl fmt::Display for PositionErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::one_per_line(f, &self.problems)
    }
}

impl std::error::Error for PositionErrors {}

/// Units placed on a map, indexed by hex.
///
/// Everything about units that the crate answers with unit indices (the units on a hex,
/// [`ZocLayer::controllers`], [`Blocking`]) indexes [`Position::units`]; the position names
/// them back ([`Position::ids`], [`Position::unit`]) and a [`Blocking`] says itself in a
/// player's words with it ([`Blocking::display`]).
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation, Position, PositionError, Unit};
///
/// let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .build()?;
/// let position = Position::new(&map, vec![
///     Unit::at_label("A", "allies", &map, "1002")?,
///     Unit::at_label("B", "allies", &map, "1002")?,
///     Unit::at_label("X", "axis", &map, "1008")?,
/// ])?;
/// let hex = |l: &str| map.parse(l).unwrap();
/// assert_eq!(position.at(&map, hex("1002")), [0, 1]);
/// assert_eq!(position.ids(position.at(&map, hex("1002"))), ["A", "B"]);
/// assert!(position.occupied_by(&map, hex("1008"), "axis"));
/// assert_eq!(position.find("X").map(|(i, _)| i), Some(2));
///
/// // Every problem at once: a duplicate id, a unit off the map.
/// let errors = Position::new(&map, vec![
///     Unit::new("A", "allies", hex("1001")),
///     Unit::new("A", "allies", hexmap::Hex::new(40, 40)),
/// ]).unwrap_err();
/// assert!(matches!(errors.problems()[0], PositionError::DuplicateId { .. }));
/// assert!(matches!(errors.problems()[1], PositionError::OffMap { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position<S> {
    units: Vec<Unit<S>>,
    /// Graph node of each unit.
    nodes: Vec<u32>,
    /// CSR: units on node `n` are `by_node[start[n]..start[n+1]]`.
    start: Vec<u32>,
    by_node: Vec<u32>,
}

impl<S: Copy + Eq> Position<S> {
    /// Place units on a map. Every unit must be on an on-map hex and have a unique id.
    pub fn new(map: &HexMap, units: Vec<Unit<S>>) -> Result<Self, PositionErrors> {
        let mut errors = Vec::new();
        let mut nodes = Vec::with_capacity(units.len());
        let mut ids = std::collections::BTreeMap::new();
        for (index, u) in units.iter().enumerate() {
            if let Some(&first) = ids.get(u.id.as_str()) {
                errors.push(PositionError::DuplicateId {
                    index,
                    id: u.id.clone(),
                    first,
                });
            } else {
                ids.insert(u.id.as_str(), index);
            }
            match map.node(u.hex) {
                Some(n) => nodes.push(u32::try_from(n.index()).unwrap_or(NONE)),
                None => {
                    errors.push(PositionError::OffMap {
                        index,
                        id: u.id.clone(),
                        hex: map.label_text(u.hex),
                    });
                    nodes.push(NONE);
                }
            }
        }
        if !errors.is_empty() {
            return Err(PositionErrors { problems: errors });
        }
        let (start, by_node) = csr(map.len(), nodes.iter().enumerate().map(|(i, n)| (*n, i)));
        Ok(Position {
            units,
            nodes,
            start,
            by_node,
        })
    }

    /// All units, in the order given.
    pub fn units(&self) -> &[Unit<S>] {
        &self.units
    }

    /// The unit an index names (an index of [`Position::at`], [`ZocLayer::controllers`] or
    /// [`Blocking`], as a `usize`), if one has it.
    pub fn unit(&self, index: usize) -> Option<&Unit<S>> {
        self.units.get(index)
    }

    /// The unit with this id.
    pub fn find(&self, id: &str) -> Option<(usize, &Unit<S>)> {
        self.units.iter().enumerate().find(|(_, u)| u.id == id)
    }

    /// The units these indices name, in the order given (an index no unit has is passed
    /// over): the indices of [`Position::at`], [`ZocLayer::controllers`] and [`Blocking`]
    /// resolved to their units.
    pub fn units_of<'a>(&'a self, indices: &'a [u32]) -> impl Iterator<Item = &'a Unit<S>> + 'a {
        indices
            .iter()
            .filter_map(|&i| usize::try_from(i).ok().and_then(|i| self.units.get(i)))
    }

    /// The ids of the units these indices name, in the order given ([`Position::units_of`]).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation, Position, Unit};
    /// let map = MapBuilder::new("row", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
    ///     .build()?;
    /// let position = Position::new(&map, vec![
    ///     Unit::at_label("F", "friend", &map, "0101")?,
    ///     Unit::at_label("E-1", "enemy", &map, "0103")?,
    ///     Unit::at_label("E-2", "enemy", &map, "0103")?,
    /// ])?;
    /// let zoc = position.zoc(&map, "enemy");
    /// assert_eq!(zoc.controllers(&map, map.parse("0102")?), [1, 2]);
    /// assert_eq!(position.ids(zoc.controllers(&map, map.parse("0102")?)), ["E-1", "E-2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ids(&self, indices: &[u32]) -> Vec<&str> {
        let unit = |i: u32| usize::try_from(i).ok().and_then(|i| self.units.get(i));
        indices
            .iter()
            .filter_map(|&i| unit(i))
            .map(|u| u.id.as_str())
            .collect()
    }

    /// Indices of the units on a hex.
    pub fn at(&self, map: &HexMap, hex: Hex) -> &[u32] {
        match map.node(hex) {
            Some(n) => self.at_node(n.index()),
            None => &[],
        }
    }

    pub(crate) fn at_node(&self, node: usize) -> &[u32] {
        let (a, b) = (self.start[node] as usize, self.start[node + 1] as usize);
        &self.by_node[a..b]
    }

    /// Whether a unit of `side` is on the hex.
    pub fn occupied_by(&self, map: &HexMap, hex: Hex, side: S) -> bool {
        self.at(map, hex)
            .iter()
            .any(|&u| self.units[u as usize].side == side)
    }

    /// The zone-of-control layer of one side under [`ZocRule::new`]: each on-map hex adjacent
    /// to a unit of `side` that exerts a ZOC, except across a hexside the map marks as blocking
    /// ZOC or impassable ([`Hexside::passes_zoc`]).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation, Position, Unit};
    ///
    /// // A river between 1005 and 1006 blocks zones of control.
    /// let layout = Layout::row_column(Orientation::Pointy, 10..=10, 1..=9);
    /// let map = MapBuilder::new("Nine hexes in a line", layout)
    ///     .blocks_zoc("1005", "1006")
    ///     .build()?;
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let position = Position::new(&map, vec![
    ///     Unit::new("X", "axis", hex("1002")),
    ///     Unit::new("Y", "axis", hex("1005")),
    ///     Unit::new("Z", "axis", hex("1009")).without_zoc(),
    /// ]).unwrap();
    /// let zoc = position.zoc(&map, "axis");
    /// let labels: Vec<String> = zoc.hexes(&map).map(|h| map.label_text(h)).collect();
    /// assert_eq!(labels, ["1001", "1003", "1004"]); // not 1006: the river; not 1008: Z
    /// assert_eq!(zoc.controllers(&map, hex("1004")), [1]); // indices into `position.units()`
    /// assert!(!zoc.controls(&map, hex("1006")));
    /// assert!(!position.zoc(&map, "allies").controls(&map, hex("1003")));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn zoc(&self, map: &HexMap, side: S) -> ZocLayer {
        self.zoc_layer(map, &BoundZoc::marked(), |s| *s == side)
    }

    /// The zone-of-control layer of one side under a game's own [`ZocRule`]: which hexsides and
    /// terrains stop a ZOC. The units that exert one are those with [`Unit::exerts_zoc`].
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation, Position, Unit, ZocRule};
    /// let map = MapBuilder::new("A river and a swamp", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .terrain("0103", "swamp")
    ///     .hexside_feature("river", ["0101", "0102"])
    ///     .build()
    ///     .unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let position = Position::new(&map, vec![Unit::new("A", 0, hex("0102"))]).unwrap();
    /// // The map's marking alone: all six neighbours but across hexsides marked `blocks_zoc`.
    /// assert!(position.zoc(&map, 0).controls(&map, hex("0101")));
    /// // A game's own: not across rivers, not into swamps.
    /// let rule = ZocRule::new().not_across(["river"]).not_into_terrain(["swamp"]);
    /// let zoc = position.zoc_with(&map, 0, &rule).unwrap();
    /// assert!(!zoc.controls(&map, hex("0101")) && !zoc.controls(&map, hex("0103")));
    /// ```
    pub fn zoc_with(&self, map: &HexMap, side: S, rule: &ZocRule) -> Result<ZocLayer, ZocError> {
        let zoc = BoundZoc::new(map, rule)?;
        Ok(self.zoc_layer(map, &zoc, |s| *s == side))
    }

    /// The zone of control that the units of the sides `of` picks exert, as `zoc` binds it.
    fn zoc_layer(&self, map: &HexMap, zoc: &BoundZoc, of: impl Fn(&S) -> bool) -> ZocLayer {
        let mut pairs = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            if of(&u.side) && u.exerts_zoc {
                let reached = zoc.of(map, self.nodes[i] as usize);
                pairs.extend(reached.map(|y| (u32::try_from(y).unwrap_or(NONE), i)));
            }
        }
        let (start, by_node) = csr(map.len(), pairs.into_iter());
        ZocLayer { start, by_node }
    }

    /// The free test of a side's supply or LOC trace under a [`ZocRule`], whole: the enemy
    /// zone of control is made under the rule (its hexsides and terrains that stop a ZOC,
    /// as [`Position::zoc_with`]), then applied with its friendly negation. Every side but
    /// `side` is the enemy.
    ///
    /// ```
    /// use hexmap::{Blocking, Position, Unit, ZocRule};
    /// # use hexmap::{Layout, MapBuilder, Orientation};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
    /// #     .hexside_feature("river", ["0102", "0103"])
    /// #     .build()
    /// #     .unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let position = Position::new(&map, vec![Unit::new("E", "enemy", hex("0103"))]).unwrap();
    /// let rule = ZocRule::new().not_across(["river"]);
    /// let table = position.blocking_under(&map, "friend", &rule).unwrap();
    /// let node = |l: &str| map.node(hex(l)).unwrap();
    /// assert_eq!(table.reason(node("0102")), None); // the river stops E's ZOC
    /// assert_eq!(table.reason(node("0104")), Some(&Blocking::EnemyZoc(vec![0])));
    /// ```
    pub fn blocking_under(
        &self,
        map: &HexMap,
        side: S,
        rule: &ZocRule,
    ) -> Result<FreeTable<Blocking>, ZocError> {
        let enemy = self.enemy_zoc_with(map, side, rule)?;
        Ok(self.blocking(map, side, &enemy, rule))
    }

    /// The zone of control of every side but `side`, under `rule`.
    fn enemy_zoc_with(&self, map: &HexMap, side: S, rule: &ZocRule) -> Result<ZocLayer, ZocError> {
        let zoc = BoundZoc::new(map, rule)?;
        Ok(self.zoc_layer(map, &zoc, |s| *s != side))
    }

    /// The free test of a side's supply or LOC trace under a ZOC rule: a hex is blocked by an
    /// enemy unit on it, or by an enemy zone of control unless (with
    /// [`ZocRule::negated_by_friendly_unit`]) a friendly unit is on it.
    ///
    /// Of `rule`, only the friendly negation is applied here: `enemy_zoc` must already be
    /// the layer made under it ([`Position::zoc_with`]). [`Position::blocking_under`] does
    /// both, so the layer cannot be made under another rule by mistake.
    ///
    /// ```
    /// use hexmap::{Blocking, Position, Unit, ZocRule};
    /// # use hexmap::{Layout, MapBuilder, Orientation};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
    /// #     .build()
    /// #     .unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let position = Position::new(&map, vec![
    ///     Unit::new("F", "friend", hex("0101")),
    ///     Unit::new("E", "enemy", hex("0103")),
    /// ]).unwrap();
    /// let enemy_zoc = position.zoc(&map, "enemy");
    /// let table = position.blocking(&map, "friend", &enemy_zoc, &ZocRule::new());
    /// let node = |l: &str| map.node(hex(l)).unwrap();
    /// assert_eq!(table.reason(node("0103")), Some(&Blocking::EnemyUnit(vec![1])));
    /// assert_eq!(table.reason(node("0102")), Some(&Blocking::EnemyZoc(vec![1])));
    /// assert_eq!(table.reason(node("0101")), None);
    /// ```
    pub fn blocking(
        &self,
        map: &HexMap,
        side: S,
        enemy_zoc: &ZocLayer,
        rule: &ZocRule,
    ) -> FreeTable<Blocking> {
        let mut table = FreeTable::all_free(map);
        for n in 0..map.len() {
            let here = self.at_node(n);
            let enemies: Vec<u32> = here
                .iter()
                .copied()
                .filter(|&i| self.units[i as usize].side != side)
                .collect();
            if !enemies.is_empty() {
                table.block(NodeIndex::new(n), Blocking::EnemyUnit(enemies));
                continue;
            }
            let zoc = enemy_zoc.controllers_of_node(n);
            let friendly = here.iter().any(|&i| self.units[i as usize].side == side);
            let negated = friendly && rule.negated_by_friendly_unit;
            if !zoc.is_empty() && !negated {
                table.block(NodeIndex::new(n), Blocking::EnemyZoc(zoc.to_vec()));
            }
        }
        table
    }
}

/// A [`ZocRule`] resolved against a map ([`ZocRule::bind`]): what every zone of control of the
/// crate is made with ([`Position::zoc_with`], [`Position::blocking_under`], the road-chain
/// plan and its oracle), and what a caller keeps to ask [`BoundZoc::controls`] many times.
#[derive(Clone, Debug)]
pub struct BoundZoc {
    /// Hexside bits a zone of control does not cross.
    pub(crate) stop: u32,
    /// Per terrain: a zone of control does not extend into it (none when empty).
    pub(crate) terrain: Vec<bool>,
    /// A friendly unit on a hex negates an enemy zone of control there, for tracing.
    pub(crate) negated: bool,
}

impl BoundZoc {
    /// Resolve `rule`'s names on `map`: refused when the map lacks a hexside feature or a
    /// terrain it names.
    pub(crate) fn new(map: &HexMap, rule: &ZocRule) -> Result<BoundZoc, ZocError> {
        let mut stop = BoundZoc::marked().stop;
        for name in &rule.not_across {
            stop |= map.resolve_hexside_feature(name)?;
        }
        let mut terrain = Vec::new();
        for name in &rule.not_into_terrain {
            let t = map.resolve_terrain(name)?;
            terrain.resize(map.terrain_names().len(), false);
            if let Some(stops) = terrain.get_mut(t) {
                *stops = true;
            }
        }
        Ok(BoundZoc {
            stop,
            terrain,
            negated: rule.negated_by_friendly_unit,
        })
    }

    /// [`ZocRule::new`] on any map: what the map marks alone stops a zone of control (a
    /// hexside marked `blocks_zoc`, an impassable one), and a friendly unit does not negate it.
    pub(crate) fn marked() -> BoundZoc {
        BoundZoc {
            stop: Hexside::BLOCKS_ZOC | Hexside::IMPASSABLE,
            terrain: Vec::new(),
            negated: false,
        }
    }

    /// Whether an enemy unit on node `from` puts node `to` in its zone of control.
    pub(crate) fn reaches(&self, map: &HexMap, from: usize, to: usize) -> bool {
        self.of(map, from).any(|y| y == to)
    }

    /// Whether a unit on `unit` (exerting a zone of control) controls `hex`, on the map the
    /// rule was bound to: [`ZocRule::controls`] without resolving the rule again.
    pub fn controls(&self, map: &HexMap, unit: Hex, hex: Hex) -> bool {
        let node = |h: Hex| map.node(h).map(|n| n.index());
        match (node(unit), node(hex)) {
            (Some(from), Some(to)) => self.reaches(map, from, to),
            _ => false,
        }
    }

    /// The hexes an enemy unit on node `n` puts in its zone of control.
    pub(crate) fn of<'a>(&'a self, map: &'a HexMap, n: usize) -> impl Iterator<Item = usize> + 'a {
        let hexes = map.hexes();
        map.adjacency()
            .get(n)
            .into_iter()
            .flatten()
            .filter_map(move |a| {
                let y = a.node as usize;
                let reaches = a.node != NONE
                    && a.mask & self.stop == 0
                    && !hexes
                        .get(y)
                        .and_then(|h| self.terrain.get(usize::from(h.terrain)))
                        .copied()
                        .unwrap_or(false);
                reaches.then_some(y)
            })
    }
}

/// Why a [`ZocRule`] cannot be used on a map ([`ZocRule::bind`]): a name it gives that the map
/// lacks, with the names the map has.
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation, ZocError, ZocRule};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2)).build()?;
/// let e = ZocRule::new().not_across(["rail"]).bind(&map).unwrap_err();
/// assert!(matches!(e, ZocError::UnknownHexsideFeature { ref name, .. } if name == "rail"));
/// assert_eq!(
///     e.to_string(),
///     "the zone-of-control rule's `not_across` names hexside feature `rail`, which the map does not have \
///      (it has: road, trail, blocks-zoc, impassable)"
/// );
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ZocError {
    /// The rule names a hexside feature the map does not have ([`ZocRule::not_across`]).
    UnknownHexsideFeature {
        /// The name.
        name: String,
        /// The names the map has.
        known: String,
    },
    /// The rule names a terrain the map does not have ([`ZocRule::not_into_terrain`]).
    UnknownTerrain {
        /// The name.
        name: String,
        /// The names the map has.
        known: String,
    },
}

impl From<UnknownName> for ZocError {
    fn from(unknown: UnknownName) -> ZocError {
        let UnknownName {
            what, name, known, ..
        } = unknown;
        // A zone-of-control rule names hexside features and terrains, never a hex feature.
        match what {
            NameKind::HexsideFeature => ZocError::UnknownHexsideFeature { name, known },
            _ => ZocError::UnknownTerrain { name, known },
        }
    }
}

impl fmt::Display for ZocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each kind of name comes from one of the rule's fields.
        let (field, what, name, known) = match self {
            ZocError::UnknownHexsideFeature { name, known } => {
                ("not_across", "hexside feature", name, known)
            }
            ZocError::UnknownTerrain { name, known } => {
                ("not_into_terrain", "terrain", name, known)
            }
        };
        inline(
            f,
            format_args!(
                "the zone-of-control rule's `{field}` names {what} `{name}`, which the map does \
                 not have (it has: {known})"
            ),
        )
    }
}

impl std::error::Error for ZocError {}

/// A game's zone-of-control rule: which hexsides and terrains a ZOC does not extend across or
/// into, and whether a friendly unit in a hex negates an enemy ZOC there for tracing.
///
/// A zone of control always stops where the map says so: at a hexside marked `blocks_zoc` and
/// at an impassable one ([`Hexside::passes_zoc`]). [`ZocRule::new`] adds nothing to that (all
/// six neighbours otherwise, into every terrain, not negated); a game says what it adds.
///
/// ```
/// use hexmap::ZocRule;
/// // Not across rivers, not into swamps; a friendly unit negates an enemy ZOC for tracing.
/// let rule = ZocRule::new()
///     .not_across(["river"])
///     .not_into_terrain(["swamp"])
///     .negated_by_friendly(true);
/// assert!(rule.negated_by_friendly_unit);
/// assert!(!ZocRule::new().negated_by_friendly_unit);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ZocRule {
    /// Hexside features a ZOC does not cross, besides the map's `blocks_zoc` and impassable
    /// hexsides.
    pub not_across: Vec<String>,
    /// Terrains a ZOC does not extend into.
    pub not_into_terrain: Vec<String>,
    /// Whether a friendly unit in a hex negates an enemy ZOC there, for tracing.
    pub negated_by_friendly_unit: bool,
}

impl ZocRule {
    /// The map's marking alone: a ZOC into each adjacent hex but across a hexside marked
    /// `blocks_zoc` or impassable, into every terrain, not negated by a friendly unit.
    pub fn new() -> ZocRule {
        ZocRule {
            not_across: Vec::new(),
            not_into_terrain: Vec::new(),
            negated_by_friendly_unit: false,
        }
    }

    /// ZOC also stops at hexsides with these features.
    pub fn not_across<I: IntoIterator<Item = S2>, S2: Into<String>>(mut self, features: I) -> Self {
        self.not_across.extend(features.into_iter().map(Into::into));
        self
    }

    /// ZOC does not extend into these terrains.
    pub fn not_into_terrain<I: IntoIterator<Item = S2>, S2: Into<String>>(
        mut self,
        terrains: I,
    ) -> Self {
        self.not_into_terrain
            .extend(terrains.into_iter().map(Into::into));
        self
    }

    /// Whether a friendly unit negates an enemy ZOC for tracing ([`ZocRule::new`]: it does
    /// not).
    pub fn negated_by_friendly(mut self, negated: bool) -> Self {
        self.negated_by_friendly_unit = negated;
        self
    }

    /// Whether a unit on `unit` that exerts a zone of control puts `hex` in it under this rule
    /// (the two adjacent, and nothing of the rule or the map between them stops it); refused
    /// when the map lacks a hexside feature or terrain the rule names. The rule is resolved on
    /// each call: for a whole position, [`Position::zoc_with`].
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation, ZocRule};
    /// let map = MapBuilder::new("A river", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
    ///     .blocks_zoc("0103", "0104")
    ///     .hexside_feature("river", ["0101", "0102"])
    ///     .build()
    ///     .unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let rule = ZocRule::new();
    /// assert_eq!(rule.controls(&map, hex("0102"), hex("0101")), Ok(true));
    /// assert_eq!(rule.controls(&map, hex("0102"), hex("0103")), Ok(true));
    /// assert_eq!(rule.controls(&map, hex("0103"), hex("0104")), Ok(false)); // marked
    /// assert_eq!(rule.controls(&map, hex("0102"), hex("0104")), Ok(false)); // not adjacent
    /// let rivers = ZocRule::new().not_across(["river"]);
    /// assert_eq!(rivers.controls(&map, hex("0102"), hex("0101")), Ok(false));
    /// assert!(ZocRule::new().not_across(["rail"]).controls(&map, hex("0101"), hex("0102")).is_err());
    /// ```
    pub fn controls(&self, map: &HexMap, unit: Hex, hex: Hex) -> Result<bool, ZocError> {
        Ok(self.bind(map)?.controls(map, unit, hex))
    }

    /// This rule resolved against `map` once, to ask [`BoundZoc::controls`] many times (a
    /// caller checking every hex of many paths); refused as [`ZocRule::controls`] is.
    ///
    /// ```
    /// # use hexmap::{Layout, MapBuilder, Orientation, ZocRule};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4)).build().unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let zoc = ZocRule::new().bind(&map).unwrap();
    /// assert!(zoc.controls(&map, hex("0102"), hex("0103")));
    /// assert!(!zoc.controls(&map, hex("0102"), hex("0104")));
    /// ```
    pub fn bind(&self, map: &HexMap) -> Result<BoundZoc, ZocError> {
        BoundZoc::new(map, self)
    }
}

impl Default for ZocRule {
    /// [`ZocRule::new`].
    fn default() -> Self {
        ZocRule::new()
    }
}

/// Why a hex blocks a trace under a [`ZocRule`]: unit indices into [`Position::units`]
/// ([`Position::unit`] names them; [`Blocking::display`] says it in a player's words).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Blocking {
    /// Enemy units are on it.
    EnemyUnit(Vec<u32>),
    /// It is in the ZOC of these enemy units, and no friendly unit negates it.
    EnemyZoc(Vec<u32>),
}

impl Blocking {
    /// The reason in a player's words, naming the units by their ids in `position` (the
    /// position the reason was found in): `enemy unit X is on it`, `in the zone of control
    /// of enemy units E-1 and E-2`. Ids are written with control characters escaped.
    ///
    /// ```
    /// use hexmap::{Blocking, Layout, MapBuilder, Orientation, Position, Unit};
    /// let map = MapBuilder::new("row", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
    ///     .build()?;
    /// let position = Position::new(&map, vec![
    ///     Unit::at_label("F", "friend", &map, "0101")?,
    ///     Unit::at_label("E-1", "enemy", &map, "0104")?,
    ///     Unit::at_label("E-2", "enemy", &map, "0104")?,
    /// ])?;
    /// let zoc = Blocking::EnemyZoc(vec![1, 2]);
    /// assert_eq!(
    ///     zoc.display(&position).to_string(),
    ///     "in the zone of control of enemy units E-1 and E-2"
    /// );
    /// assert_eq!(Blocking::EnemyUnit(vec![1]).display(&position).to_string(), "enemy unit E-1 is on it");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn display<'a, S>(&'a self, position: &'a Position<S>) -> impl fmt::Display + 'a {
        BlockingWords {
            blocking: self,
            units: &position.units,
        }
    }
}

/// [`Blocking::display`]'s words.
struct BlockingWords<'a, S> {
    blocking: &'a Blocking,
    units: &'a [Unit<S>],
}

impl<S> fmt::Display for BlockingWords<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (indices, before) = match self.blocking {
            Blocking::EnemyUnit(i) => (i, ""),
            Blocking::EnemyZoc(i) => (i, "in the zone of control of "),
        };
        let plural = indices.len() > 1;
        let noun = if plural { "units" } else { "unit" };
        write!(f, "{before}enemy {noun} ")?;
        for (n, &i) in indices.iter().enumerate() {
            let gap = match n {
                0 => "",
                n if n + 1 == indices.len() => " and ",
                _ => ", ",
            };
            f.write_str(gap)?;
            let unit = usize::try_from(i).ok().and_then(|i| self.units.get(i));
            match unit {
                Some(u) => fmt::Write::write_str(&mut Inline(&mut *f), &u.id)?,
                None => write!(f, "#{i}")?,
            }
        }
        if let Blocking::EnemyUnit(_) = self.blocking {
            f.write_str(if plural { " are on it" } else { " is on it" })?;
        }
        Ok(())
    }
}

/// Build a compressed adjacency list: for each node, the sorted items given for it.
fn csr(nodes: usize, pairs: impl Iterator<Item = (u32, usize)>) -> (Vec<u32>, Vec<u32>) {
    let mut pairs: Vec<(u32, u32)> = pairs
        .filter(|(n, _)| (*n as usize) < nodes)
        .map(|(n, i)| (n, u32::try_from(i).unwrap_or(NONE)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut start = vec![0u32; nodes + 1];
    for (n, _) in &pairs {
        start[*n as usize + 1] += 1;
    }
    for i in 0..nodes {
        start[i + 1] += start[i];
    }
    (start, pairs.into_iter().map(|(_, i)| i).collect())
}

/// Which hexes one side's units control, and by which units.
#[derive(Clone, Debug)]
pub struct ZocLayer {
    start: Vec<u32>,
    by_node: Vec<u32>,
}

impl ZocLayer {
    /// Indices (into [`Position::units`]) of the units whose ZOC covers the hex, sorted.
    pub fn controllers(&self, map: &HexMap, hex: Hex) -> &[u32] {
        match map.node(hex) {
            Some(n) => self.controllers_of_node(n.index()),
            None => &[],
        }
    }

    pub(crate) fn controllers_of_node(&self, node: usize) -> &[u32] {
        let (a, b) = (self.start[node] as usize, self.start[node + 1] as usize);
        &self.by_node[a..b]
    }

    /// Whether any unit's ZOC covers node `node`; `false` for a node the layer's map lacks.
    pub(crate) fn controls_node(&self, node: usize) -> bool {
        let at = |i: usize| self.start.get(i).copied();
        at(node)
            .zip(node.checked_add(1).and_then(at))
            .is_some_and(|(a, b)| a != b)
    }

    /// Whether any unit's ZOC covers the hex.
    pub fn controls(&self, map: &HexMap, hex: Hex) -> bool {
        !self.controllers(map, hex).is_empty()
    }

    /// Every controlled hex, in label order.
    pub fn hexes<'m>(&'m self, map: &'m HexMap) -> impl Iterator<Item = Hex> + 'm {
        map.hexes()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.start[*i] != self.start[*i + 1])
            .map(|(_, h)| h.hex)
    }
}
