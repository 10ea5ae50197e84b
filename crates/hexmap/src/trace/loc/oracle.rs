//! An incremental Line of Communications oracle: every unit's traced/cut answer under the
//! [`RoadChain`] preset and a [`ZocRule`], kept up to date as units move, arrive and leave.

use std::collections::BTreeMap;
use std::fmt;

use super::first::{Search, first_leg};
use super::rule::{ChainRule, FirstHexes};
use crate::coord::Hex;
use crate::map::{HexMap, NONE};
use crate::position::{Unit, ZocError, ZocRule};
use crate::text::inline;
use crate::trace::rule::{RoadChain, RuleError};
use crate::trace::targets::Targets;

/// Up to this many hexes that got better, a cut unit is tested for nearness to each by
/// distance; above, by the cells that hold them ([`Nearness`]).
const NEAR_BY_DISTANCE: usize = 32;

/// Why the oracle refused a unit or an update; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OracleError {
    /// The hex is not on the map.
    OffMap {
        /// The unit.
        id: String,
        /// The hex, as a label where it has one.
        hex: String,
    },
    /// Two units share an identifier.
    DuplicateId(String),
    /// No unit has this index (never given, or removed).
    NoSuchUnit(usize),
    /// The preset cannot be used on this map (its budget).
    Rule(RuleError),
    /// The ZOC rule cannot be used on this map (a name it gives).
    Zoc(ZocError),
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OracleError::OffMap { id, hex } => inline(
                f,
                format_args!("unit `{id}` would be on hex {hex}, which is not on the map"),
            ),
            OracleError::DuplicateId(id) => inline(f, format_args!("unit id `{id}` is used twice")),
            OracleError::NoSuchUnit(index) => write!(f, "no unit has index {index}"),
            OracleError::Rule(e) => write!(f, "{e}"),
            OracleError::Zoc(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OracleError {}

impl From<RuleError> for OracleError {
    fn from(e: RuleError) -> OracleError {
        OracleError::Rule(e)
    }
}

impl From<ZocError> for OracleError {
    fn from(e: ZocError) -> OracleError {
        OracleError::Zoc(e)
    }
}

/// Every unit's supply line or Line of Communications under the [`RoadChain`] preset, updated
/// incrementally: what a bot asks after each move it considers.
///
/// The rule is the [`RoadChain`] preset (K hexes of any passable terrain, then the road/trail
/// chain to a target, either [`TargetRule`](crate::TargetRule) and either
/// [`ChainReading`](crate::trace::ChainReading)); the free test is the one of
/// [`crate::Position::blocking`] under a [`ZocRule`]: a hex is blocked by an enemy unit on
/// it, or by an enemy zone of control unless (with [`ZocRule::negated_by_friendly_unit`]) a
/// friendly unit is on it. Units of the tracing side (`side`) are friendly; units of **every
/// other side** are enemies, and those that exert a ZOC ([`Unit::exerts_zoc`]) exert it into
/// their neighbours as [`crate::Position::zoc_with`] does. The answers are those of a
/// [`crate::trace::Tracer`] prepared afresh for the position (property-tested); enemy units and
/// removed ones answer `false`.
///
/// What it keeps: per hex, the enemy units, friendly units and enemy ZOCs on it and whether it is
/// free; the chain (the hexes from which the road/trail net leads to a target) as a spanning
/// forest rooted at the targets; every unit's answer and, for a unit that traces, its witness
/// (the hexes of the first leg found). An update costs what it changes:
/// - a move changes freeness at most at the two hexes and, for an enemy with a ZOC, their
///   neighbours;
/// - a chain hex becoming blocked detaches its subtree in the forest, whose hexes are
///   re-attached where a chain step joins them to the rest of the chain, or dropped; then a hex
///   becoming free that touches the chain grows it by a search over the hexes that join it (so a
///   move costs about the hexes whose chain membership changes, plus the subtrees re-attached;
///   the forest is rebuilt, with the same chain, once re-attachments add up to the map's size);
/// - a hex that got worse (blocked, or off the chain) cannot let a cut unit trace, and one that
///   got better cannot cut a traced unit: a traced unit is answered again only when its witness
///   no longer holds, a cut unit only when a hex within K+1 of it got better (each by a search
///   of depth at most K+1), and the unit that moved. Under K = 0 and
///   [`TargetRule::MustAdjoinChain`](crate::TargetRule::MustAdjoinChain), where a LOC may not
///   come back through the unit's own hex on the chain, a unit's witness is its whole way to a
///   target off its hex (held while its hexes are free), and every cut unit is answered again
///   when any hex got better (a search along the chain each).
///
/// The crate's `benches/oracle.rs` measures it against the road-chain plan's whole-position
/// evaluation ([`crate::ChainPlan::position`]) and a fresh free table and [`Tracer`] per move:
/// a random move on a 140 x 140 map is tens of times cheaper; a move that cuts a large part of
/// the road net off the targets costs the same order as a re-trace.
///
/// [`Tracer`]: crate::trace::Tracer
///
/// Units keep their index for life: [`LocOracle::add_unit`] appends, [`LocOracle::remove_unit`]
/// leaves a vacant index.
///
/// ```
/// use hexmap::{Layout, LocOracle, MapBuilder, Orientation, RoadChain, Targets, Unit, ZocRule};
///
/// let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .road(["1006", "1007", "1008", "1009"])
///     .build()
///     .unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]).unwrap();
/// let units = [
///     Unit::new("A", "allies", hex("1002")),
///     Unit::new("B", "allies", hex("1001")),
///     Unit::new("X", "axis", hex("1004")),
/// ];
/// let mut oracle =
///     LocOracle::new(&map, RoadChain::new(3), &targets, &ZocRule::new(), "allies", units)
///         .unwrap();
/// // X's zone of control covers 1003 and 1005: A is cut; B is one hex too far anyway.
/// assert_eq!(oracle.traced_all(), [false, false, false]); // X, an enemy, answers false
///
/// // X moves onto the road at 1008: its ZOC covers 1007 and 1009, the chain is gone.
/// oracle.move_unit(2, hex("1008")).unwrap();
/// assert_eq!(oracle.traced_all(), [false, false, false]);
/// assert!(oracle.changed().is_empty());
///
/// // X is eliminated: A traces (1003-1005, then the road from 1006).
/// oracle.remove_unit(2).unwrap();
/// assert_eq!(oracle.traced_all(), [true, false, false]);
/// assert_eq!(oracle.changed(), [0]);
///
/// // B moves up: it traces too.
/// oracle.move_unit(1, hex("1003")).unwrap();
/// assert!(oracle.traced(1));
/// assert_eq!(oracle.changed(), [1]);
/// ```
#[derive(Clone, Debug)]
pub struct LocOracle<'m, S> {
    map: MapRef<'m>,
    side: S,
    ids: BTreeMap<String, usize>,
    slots: Vec<Option<Slot<S>>>,
    /// The indices of the placed units of the tracing side, ascending, and of those of them
    /// that are cut.
    friends: Vec<usize>,
    cut: Vec<usize>,
    traced: Vec<bool>,
    changed: Vec<usize>,
    net: Net<'m>,
    hexes: Hexes,
    marks: Scratch,
}

/// A placed unit.
#[derive(Clone, Debug)]
struct Slot<S> {
    unit: Unit<S>,
    node: u32,
    friendly: bool,
    /// For a unit that traces, the hexes its answer rests on: the first leg's hexes after its
    /// own (each free), the last of them on the chain or a target; its own hex when that is on
    /// the chain. Empty for a unit on a target, a cut unit or an enemy.
    witness: Vec<u32>,
}

/// The map an oracle reads: borrowed ([`LocOracle::new`]), or shared, so that the oracle holds
/// what it reads ([`LocOracle::new_shared`]).
#[derive(Clone, Debug)]
enum MapRef<'m> {
    Borrowed(&'m HexMap),
    Shared(std::sync::Arc<HexMap>),
}

impl std::ops::Deref for MapRef<'_> {
    type Target = HexMap;

    fn deref(&self) -> &HexMap {
        match self {
            MapRef::Borrowed(map) => map,
            MapRef::Shared(map) => map,
        }
    }
}

/// What does not change: the map, the preset, the targets and the ZOC rule, resolved.
#[derive(Clone, Debug)]
struct Net<'m> {
    map: MapRef<'m>,
    k: usize,
    /// What the search of a unit's first hexes reads of the rule.
    first: FirstHexes,
    target: Vec<bool>,
    /// A target that roots the forest when free: one on the chain, or one whose neighbours
    /// run into it ([`ChainRule::target_root`]).
    root: Vec<bool>,
    /// A root of the forest that is not on the chain itself: only the hexes beside it that run
    /// into it are ([`ChainRule::target_root`]).
    beside_only: Vec<bool>,
    /// The chain graph: the neighbours of each node a chain step joins (freeness aside).
    chain: Table,
    /// The hexes an enemy unit on each node puts in its zone of control (the ZOC rule resolved
    /// as the plan resolves it).
    zoc: Table,
    /// A friendly unit on a hex negates the enemy's zone of control there.
    negated: bool,
    /// Each node's axial coordinates.
    axial: Vec<(i32, i32)>,
}

/// Per hex: what is on it and what follows from that.
#[derive(Clone, Debug)]
struct Hexes {
    enemies: Vec<u32>,
    friends: Vec<u32>,
    zoc: Vec<u32>,
    free: Vec<bool>,
    /// The chain as a forest: the parent toward a target, the hex itself for a root, `NONE`
    /// off the chain.
    parent: Vec<u32>,
    /// Hexes re-attached by repairs since the forest was last rebuilt.
    repaired: usize,
    /// How many traced units' witnesses hold the hex.
    uses: Vec<u32>,
}

/// Reusable marks and queues.
#[derive(Clone, Debug)]
struct Scratch {
    /// Hexes whose freeness may have changed, and their list.
    touched: Marks,
    candidates: Vec<u32>,
    /// Hexes that became blocked, and free.
    blocking: Vec<u32>,
    freeing: Vec<u32>,
    /// Whether a hex that got worse (blocked, or off the chain) holds a traced unit's witness.
    broken: bool,
    /// Hexes that got better (free, or on the chain): they may let a cut unit trace.
    better: Vec<u32>,
    /// The units to answer again.
    again: Vec<usize>,
    /// Nearness to the hexes that got better.
    near: Nearness,
    /// The search of one unit's first hexes.
    search: Search,
    /// The search of a way along the chain that keeps off the unit's own hex
    /// ([`off_own_hex`]): its marks and the hex each was reached from.
    way: Marks,
    way_from: Vec<u32>,
    queue: Vec<u32>,
    next: Vec<u32>,
    /// The chain steps from a subtree cut off by a blocked chain hex to other chain hexes.
    edges: Vec<(u32, u32)>,
}

/// A set of nodes cleared in O(1) by a generation counter.
#[derive(Clone, Debug)]
struct Marks {
    stamp: Vec<u32>,
    generation: u32,
}

impl Marks {
    fn new(len: usize) -> Marks {
        Marks {
            stamp: vec![0; len],
            generation: 1,
        }
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Mark `n`; whether it was not marked yet.
    fn insert(&mut self, n: usize) -> bool {
        match self.stamp.get_mut(n) {
            Some(s) if *s != self.generation => {
                *s = self.generation;
                true
            }
            _ => false,
        }
    }
}

impl Net<'_> {
    /// The neighbours of `c` a chain step joins, whether free or not.
    #[inline]
    fn chain_of(&self, c: usize) -> &[u32] {
        self.chain.of(c)
    }

    /// The hexes an enemy unit on `n` puts in its zone of control.
    fn zoc_of(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.zoc.of(n).iter().map(|&y| y as usize)
    }
}

/// Per node, a list of nodes, in one table: node `n`'s are `next[first[n]..first[n + 1]]`.
#[derive(Clone, Debug)]
struct Table {
    first: Vec<u32>,
    next: Vec<u32>,
}

impl Table {
    /// The table of `len` nodes, node `n`'s list given by `list(n)`.
    fn new<I: IntoIterator<Item = u32>>(len: usize, mut list: impl FnMut(usize) -> I) -> Table {
        let mut first = Vec::with_capacity(len.saturating_add(1));
        let mut next = Vec::new();
        first.push(0);
        for n in 0..len {
            next.extend(list(n));
            // A map has at most `MAX_HEXES` hexes, six neighbours each: far below `u32::MAX`.
            first.push(u32::try_from(next.len()).unwrap_or(u32::MAX));
        }
        Table { first, next }
    }

    #[inline]
    fn of(&self, n: usize) -> &[u32] {
        match self.first.get(n..n.saturating_add(2)) {
            Some(&[a, b]) => self.next.get(a as usize..b as usize).unwrap_or_default(),
            _ => &[],
        }
    }
}

impl Hexes {
    /// Whether node `n` is on the chain: in the forest, and not a root beside which the chain
    /// ends without being on it.
    fn on_chain(&self, net: &Net<'_>, n: usize) -> bool {
        self.parent.get(n).is_some_and(|&p| p != NONE)
            && !net.beside_only.get(n).is_some_and(|&b| b)
    }

    fn free_now(&self, net: &Net<'_>, n: usize) -> bool {
        self.enemies[n] == 0 && (self.zoc[n] == 0 || (net.negated && self.friends[n] > 0))
    }

    /// The chain from scratch: a search from every free root.
    fn flood(&mut self, net: &Net<'_>, queue: &mut Vec<u32>) {
        self.parent.fill(NONE);
        queue.clear();
        for (n, &root) in net.root.iter().enumerate() {
            if root && self.free[n] {
                self.parent[n] = n as u32;
                queue.push(n as u32);
            }
        }
        self.grow(net, queue);
        self.repaired = 0;
    }

    /// Extend the chain from the hexes in `queue` (on the chain) to every free hex joined to
    /// them, which `queue` then lists too.
    fn grow(&mut self, net: &Net<'_>, queue: &mut Vec<u32>) {
        let mut i = 0;
        while let Some(&c) = queue.get(i) {
            i += 1;
            for &y in net.chain_of(c as usize) {
                let y = y as usize;
                if self.parent[y] == NONE && self.free[y] {
                    self.parent[y] = c;
                    queue.push(y as u32);
                }
            }
        }
    }
}

impl Scratch {
    fn new(len: usize) -> Scratch {
        Scratch {
            touched: Marks::new(len),
            candidates: Vec::new(),
            blocking: Vec::new(),
            freeing: Vec::new(),
            broken: false,
            better: Vec::new(),
            again: Vec::new(),
            near: Nearness::new(),
            search: Search::default(),
            way: Marks::new(len),
            way_from: vec![NONE; len],
            queue: Vec::new(),
            next: Vec::new(),
            edges: Vec::new(),
        }
    }

    fn touch(&mut self, n: usize) {
        if self.touched.insert(n) {
            self.candidates.push(n as u32);
        }
    }
}

/// What an update does to one hex: a unit leaves it or arrives on it.
#[derive(Clone, Copy, Debug)]
struct Change {
    node: usize,
    friendly: bool,
    zoc: bool,
    arrives: bool,
}

impl<'m, S: Copy + Eq> LocOracle<'m, S> {
    /// Place `units` (unit `i` gets index `i`) and answer every one, for the tracing `side`.
    /// Every problem at once: units off the map, duplicate ids, a budget or a ZOC rule the
    /// map cannot use.
    pub fn new(
        map: &'m HexMap,
        preset: RoadChain,
        targets: &Targets,
        zoc: &ZocRule,
        side: S,
        units: impl IntoIterator<Item = Unit<S>>,
    ) -> Result<Self, Vec<OracleError>> {
        Self::on(MapRef::Borrowed(map), preset, targets, zoc, side, units)
    }

    /// The oracle of `units` on the map in `map` ([`LocOracle::new`]), holding its own handle
    /// on the map rather than a borrow: for a front end that keeps the oracle where no borrow
    /// can live (a Python object, a bot's state moved between threads).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hexmap::{Layout, LocOracle, MapBuilder, Orientation, RoadChain, Targets, Unit, ZocRule};
    ///
    /// let map = MapBuilder::new("line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
    ///     .road(["1006", "1007", "1008", "1009"])
    ///     .build()
    ///     .unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let targets = Targets::new(&map, [hex("1009")]).unwrap();
    /// let units = [Unit::new("A", "allies", hex("1002"))];
    /// let map = Arc::new(map);
    /// let oracle: LocOracle<'static, &str> =
    ///     LocOracle::new_shared(map.clone(), RoadChain::new(3), &targets, &ZocRule::new(), "allies", units)
    ///         .unwrap();
    /// assert!(oracle.traced(0));
    /// ```
    pub fn new_shared(
        map: std::sync::Arc<HexMap>,
        preset: RoadChain,
        targets: &Targets,
        zoc: &ZocRule,
        side: S,
        units: impl IntoIterator<Item = Unit<S>>,
    ) -> Result<LocOracle<'static, S>, Vec<OracleError>> {
        LocOracle::on(MapRef::Shared(map), preset, targets, zoc, side, units)
    }

    fn on(
        map: MapRef<'m>,
        preset: RoadChain,
        targets: &Targets,
        zoc: &ZocRule,
        side: S,
        units: impl IntoIterator<Item = Unit<S>>,
    ) -> Result<Self, Vec<OracleError>> {
        let mut errors = Vec::new();
        if let Err(e) = preset.rule().bind(&map) {
            errors.push(OracleError::Rule(e));
        }
        let net = match resolve(&map, preset, targets, zoc) {
            Ok(net) => Some(net),
            Err(e) => {
                errors.push(OracleError::Zoc(e));
                None
            }
        };
        let mut ids = BTreeMap::new();
        let mut slots = Vec::new();
        for unit in units {
            let node = map.node(unit.hex).map(|n| n.index() as u32);
            if ids.insert(unit.id.clone(), slots.len()).is_some() {
                errors.push(OracleError::DuplicateId(unit.id.clone()));
            }
            match node {
                Some(node) => slots.push(Some(Slot {
                    friendly: unit.side == side,
                    unit,
                    node,
                    witness: Vec::new(),
                })),
                None => errors.push(OracleError::OffMap {
                    id: unit.id.clone(),
                    hex: map.label_text(unit.hex),
                }),
            }
        }
        let Some(net) = net.filter(|_| errors.is_empty()) else {
            return Err(errors);
        };
        Ok(Self::prepare(map, side, ids, slots, net))
    }

    fn prepare(
        map: MapRef<'m>,
        side: S,
        ids: BTreeMap<String, usize>,
        slots: Vec<Option<Slot<S>>>,
        net: Net<'m>,
    ) -> Self {
        let len = map.len();
        let mut hexes = Hexes {
            enemies: vec![0; len],
            friends: vec![0; len],
            zoc: vec![0; len],
            free: vec![true; len],
            parent: vec![NONE; len],
            repaired: 0,
            uses: vec![0; len],
        };
        for s in slots.iter().flatten() {
            let n = s.node as usize;
            if s.friendly {
                hexes.friends[n] = hexes.friends[n].saturating_add(1);
            } else {
                hexes.enemies[n] = hexes.enemies[n].saturating_add(1);
                if s.unit.exerts_zoc {
                    for y in net.zoc_of(n) {
                        hexes.zoc[y] = hexes.zoc[y].saturating_add(1);
                    }
                }
            }
        }
        for n in 0..len {
            hexes.free[n] = hexes.free_now(&net, n);
        }
        let mut marks = Scratch::new(len);
        hexes.flood(&net, &mut marks.queue);
        let friends: Vec<usize> = (0..slots.len())
            .filter(|&i| slots[i].as_ref().is_some_and(|s| s.friendly))
            .collect();
        let mut oracle = LocOracle {
            map,
            side,
            ids,
            cut: friends.clone(),
            friends,
            traced: vec![false; slots.len()],
            slots,
            changed: Vec::new(),
            net,
            hexes,
            marks,
        };
        for i in 0..oracle.slots.len() {
            oracle.traced[i] = oracle.answer(i);
        }
        let traced = std::mem::take(&mut oracle.traced);
        oracle.cut.retain(|&i| !traced[i]);
        oracle.traced = traced;
        oracle
    }

    /// Whether unit `i` traces (`false` for an enemy unit, a removed one or no unit).
    pub fn traced(&self, i: usize) -> bool {
        self.traced.get(i).copied().unwrap_or(false)
    }

    /// Every unit's answer, by index (enemy and removed units `false`).
    pub fn traced_all(&self) -> &[bool] {
        &self.traced
    }

    /// The units whose answer the last update changed, in index order (a removed unit that
    /// traced is among them; an added one that traces too).
    pub fn changed(&self) -> &[usize] {
        &self.changed
    }

    /// Unit `i`, unless it was removed.
    pub fn unit(&self, i: usize) -> Option<&Unit<S>> {
        self.slots.get(i).and_then(Option::as_ref).map(|s| &s.unit)
    }

    /// The index of the unit with this id.
    pub fn find(&self, id: &str) -> Option<usize> {
        self.ids.get(id).copied()
    }

    /// The map the oracle reads.
    ///
    /// ```
    /// use hexmap::{Layout, LocOracle, MapBuilder, Orientation, RoadChain, Targets, Unit, ZocRule};
    /// let map = MapBuilder::new("line", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .build()
    ///     .unwrap();
    /// let targets = Targets::new(&map, [map.parse("0103").unwrap()]).unwrap();
    /// let units = [Unit::new("A", 0, map.parse("0101").unwrap())];
    /// let oracle = LocOracle::new(&map, RoadChain::new(3), &targets, &ZocRule::new(), 0, units).unwrap();
    /// assert_eq!(oracle.map().name(), "line");
    /// ```
    pub fn map(&self) -> &HexMap {
        &self.map
    }

    /// How many indices have been given (removed units included).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no unit was ever placed.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Whether a path of the tracing side may enter the hex (the free test).
    pub fn is_free(&self, hex: Hex) -> bool {
        self.map
            .node(hex)
            .is_some_and(|n| self.hexes.free[n.index()])
    }

    /// Whether the hex is on the chain: free, and joined to a target along the road/trail net
    /// (or a free target itself, where that starts the chain).
    pub fn on_chain(&self, hex: Hex) -> bool {
        self.map
            .node(hex)
            .is_some_and(|n| self.hexes.on_chain(&self.net, n.index()))
    }

    /// Move unit `i` to `to`, and update every answer.
    pub fn move_unit(&mut self, i: usize, to: Hex) -> Result<(), OracleError> {
        let Some(slot) = self.slots.get(i).and_then(Option::as_ref) else {
            return Err(OracleError::NoSuchUnit(i));
        };
        let Some(node) = self.map.node(to).map(|n| n.index()) else {
            return Err(OracleError::OffMap {
                id: slot.unit.id.clone(),
                hex: self.map.label_text(to),
            });
        };
        let (from, friendly, zoc) = (slot.node as usize, slot.friendly, slot.unit.exerts_zoc);
        if let Some(s) = self.slots.get_mut(i).and_then(Option::as_mut) {
            s.node = node as u32;
            s.unit.hex = to;
        }
        let change = |node, arrives| Change {
            node,
            friendly,
            zoc,
            arrives,
        };
        self.update(&[change(from, false), change(node, true)], Some(i));
        Ok(())
    }

    /// Place a new unit, answer it and update every answer; its index.
    pub fn add_unit(&mut self, unit: Unit<S>) -> Result<usize, OracleError> {
        if self.ids.contains_key(&unit.id) {
            return Err(OracleError::DuplicateId(unit.id));
        }
        let Some(node) = self.map.node(unit.hex).map(|n| n.index()) else {
            return Err(OracleError::OffMap {
                hex: self.map.label_text(unit.hex),
                id: unit.id,
            });
        };
        let i = self.slots.len();
        let change = Change {
            node,
            friendly: unit.side == self.side,
            zoc: unit.exerts_zoc,
            arrives: true,
        };
        self.ids.insert(unit.id.clone(), i);
        self.slots.push(Some(Slot {
            friendly: change.friendly,
            unit,
            node: node as u32,
            witness: Vec::new(),
        }));
        self.traced.push(false);
        if change.friendly {
            // Its answer is `false` until it is answered (as the unit moved).
            self.friends.push(i);
            self.cut.push(i);
        }
        self.update(&[change], Some(i));
        Ok(i)
    }

    /// Remove unit `i` (its index stays vacant) and update every answer; the unit.
    pub fn remove_unit(&mut self, i: usize) -> Result<Unit<S>, OracleError> {
        let Some(slot) = self.slots.get_mut(i).and_then(Option::take) else {
            return Err(OracleError::NoSuchUnit(i));
        };
        self.ids.remove(&slot.unit.id);
        release(&mut self.hexes.uses, &slot.witness);
        self.friends.retain(|&f| f != i);
        self.cut.retain(|&f| f != i);
        let traced = self.traced.get_mut(i).map(std::mem::take);
        let change = Change {
            node: slot.node as usize,
            friendly: slot.friendly,
            zoc: slot.unit.exerts_zoc,
            arrives: false,
        };
        self.update(&[change], None);
        if traced == Some(true) {
            // Its answer changed to false; the list is in index order.
            let at = self.changed.partition_point(|&c| c < i);
            self.changed.insert(at, i);
        }
        Ok(slot.unit)
    }

    /// Apply unit changes to the counts, then freeness to the chain, then answer again every
    /// unit near what changed (and unit `moved`).
    fn update(&mut self, changes: &[Change], moved: Option<usize>) {
        self.changed.clear();
        let m = &mut self.marks;
        m.touched.clear();
        m.candidates.clear();
        m.blocking.clear();
        m.freeing.clear();
        m.broken = false;
        m.better.clear();
        for c in changes {
            self.count(*c);
        }
        let (net, h, m) = (&self.net, &mut self.hexes, &mut self.marks);
        for &n in &m.candidates {
            let n = n as usize;
            match (h.free[n], h.free_now(net, n)) {
                (true, false) => m.blocking.push(n as u32),
                (false, true) => m.freeing.push(n as u32),
                _ => {}
            }
        }
        // Hexes that became blocked first, all at once: a hex that became free would otherwise
        // grow the chain through them, and a chain cut off at one would be re-attached through
        // another, only for the growth to be cut off again.
        for &n in &m.blocking {
            h.free[n as usize] = false;
            m.broken |= h.uses[n as usize] > 0;
        }
        for i in 0..self.marks.blocking.len() {
            let n = self.marks.blocking[i] as usize;
            self.blocked(n);
        }
        for i in 0..self.marks.freeing.len() {
            let n = self.marks.freeing[i] as usize;
            self.hexes.free[n] = true;
            self.marks.better.push(n as u32);
            self.unblocked(n);
        }
        if self.hexes.repaired > self.map.len() {
            // Repairs may have made the forest deep; rebuild it (the same chain) now and then,
            // at a cost no more than the repairs since the last rebuild.
            self.hexes.flood(&self.net, &mut self.marks.queue);
        }
        self.reanswer(moved);
    }

    /// Count a unit leaving or arriving; note the hexes whose freeness may change.
    fn count(&mut self, c: Change) {
        let (net, h, m) = (&self.net, &mut self.hexes, &mut self.marks);
        let bump = |x: &mut u32| {
            *x = if c.arrives {
                x.saturating_add(1)
            } else {
                x.saturating_sub(1)
            }
        };
        m.touch(c.node);
        if c.friendly {
            bump(&mut h.friends[c.node]);
            return;
        }
        bump(&mut h.enemies[c.node]);
        if c.zoc {
            for y in net.zoc_of(c.node) {
                bump(&mut h.zoc[y]);
                m.touch(y);
            }
        }
    }

    /// Hex `x` became free: it joins the chain if it is a root or touches the chain, and so do
    /// the hexes it joins.
    fn unblocked(&mut self, x: usize) {
        let (net, h, m) = (&self.net, &mut self.hexes, &mut self.marks);
        if net.root[x] {
            h.parent[x] = x as u32;
        } else {
            let Some(&p) = net
                .chain_of(x)
                .iter()
                .find(|&&y| h.parent[y as usize] != NONE)
            else {
                return;
            };
            h.parent[x] = p;
        }
        m.queue.clear();
        m.queue.push(x as u32);
        let mut queue = std::mem::take(&mut m.queue);
        h.grow(net, &mut queue);
        // x (already listed when it became free) and the hexes it joined to the chain.
        m.better
            .extend_from_slice(queue.get(1..).unwrap_or_default());
        m.queue = queue;
    }

    /// Hex `x` became blocked: if it was on the chain, its subtree is cut off; each hex of it
    /// that touches the rest of the chain is re-attached, with the hexes it joins; the others
    /// leave the chain.
    fn blocked(&mut self, x: usize) {
        let (net, h, m) = (&self.net, &mut self.hexes, &mut self.marks);
        if h.parent[x] == NONE {
            return;
        }
        // The subtree of x: hexes whose parent is in it (a parent is always a chain neighbour,
        // and a hex has one parent, so each is found once), each taken off the chain as it is
        // reached (its children still name it). On the way, the chain steps from it to chain
        // hexes outside the subtree, or in it and not reached yet: the only places where it
        // may hang from the chain again (the latter are off the chain by the time they are
        // tried). And whether it holds a traced unit's witness, should none of it hang again.
        m.next.clear();
        m.next.push(x as u32);
        m.edges.clear();
        let mut witnessed = false;
        let mut i = 0;
        while let Some(&c) = m.next.get(i) {
            i += 1;
            let c_at = c as usize;
            h.parent[c_at] = NONE;
            witnessed |= h.uses[c_at] > 0;
            for &y in net.chain_of(c_at) {
                let p = h.parent[y as usize];
                if p == c {
                    m.next.push(y);
                } else if p != NONE {
                    m.edges.push((c, y));
                }
            }
        }
        // Re-attach to the chain outside the subtree (the subtree is off it now, but for the
        // hexes re-attached), then grow within it.
        m.queue.clear();
        for &(o, y) in &m.edges {
            let (o, y) = (o as usize, y as usize);
            if h.parent[y] != NONE && h.free[o] && h.parent[o] == NONE {
                // (Not free: another hex that became blocked in this update.)
                h.parent[o] = y as u32;
                m.queue.push(o as u32);
            }
        }
        if m.queue.is_empty() {
            // All of it is off the chain.
            m.broken |= witnessed;
            return;
        }
        h.grow(net, &mut m.queue);
        // The re-attached hexes hang from new parents, perhaps by a detour: the forest may have
        // become deeper.
        h.repaired = h.repaired.saturating_add(m.queue.len());
        for i in 0..m.next.len() {
            let o = m.next[i] as usize;
            if h.parent[o] == NONE {
                m.broken |= h.uses[o] > 0;
            }
        }
    }

    /// Answer again each traced unit whose witness holds a hex that got worse, each cut unit
    /// within K+1 hexes of one that got better, and unit `moved`; record the answers that
    /// changed. (A hex that got worse cannot let a cut unit trace, nor one that got better cut
    /// a traced unit; a traced unit whose witness is whole still traces.)
    fn reanswer(&mut self, moved: Option<usize>) {
        let mut again = std::mem::take(&mut self.marks.again);
        again.clear();
        again.extend(moved.filter(|i| self.friends.binary_search(i).is_ok()));
        if self.marks.broken {
            let (net, h) = (&self.net, &self.hexes);
            again.extend(self.friends.iter().filter(|&&i| {
                let slot = self.slots.get(i).and_then(Option::as_ref);
                (self.traced.get(i) == Some(&true)) && slot.is_some_and(|s| !whole(net, h, s))
            }));
        }
        if !self.net.first.start_on_chain && !self.marks.better.is_empty() {
            // A unit answered by a way off its own hex: a hex anywhere that got better may
            // open one, without a hex near the unit getting better.
            again.extend_from_slice(&self.cut);
        } else if !self.cut.is_empty() && !self.marks.better.is_empty() {
            let reach = u32::try_from(self.net.k)
                .unwrap_or(u32::MAX)
                .saturating_add(1);
            let m = &mut self.marks;
            m.near.fill(&self.net.axial, &m.better, reach);
            let better = &m.near;
            again.extend(self.cut.iter().filter(|&&i| {
                let slot = self.slots.get(i).and_then(Option::as_ref);
                slot.is_some_and(|s| better.near(s.unit.hex))
            }));
        }
        again.sort_unstable();
        again.dedup();
        for &i in &again {
            let was = self.traced.get(i).copied().unwrap_or(false);
            let now = self.answer(i);
            if now != was {
                if let Some(t) = self.traced.get_mut(i) {
                    *t = now;
                }
                if now {
                    self.cut.retain(|&c| c != i);
                } else {
                    let at = self.cut.partition_point(|&c| c < i);
                    self.cut.insert(at, i);
                }
                self.changed.push(i);
            }
        }
        self.marks.again = again;
    }

    /// Whether unit `i` traces: the plan's search of the first K hexes, over the oracle's
    /// tables; its witness (and the hexes' counts of witnesses) replaced by the new one.
    fn answer(&mut self, i: usize) -> bool {
        let (net, h, search) = (&self.net, &mut self.hexes, &mut self.marks.search);
        let Some(slot) = self.slots.get_mut(i).and_then(Option::as_mut) else {
            return false;
        };
        release(&mut h.uses, &slot.witness);
        slot.witness.clear();
        if !slot.friendly {
            return false;
        }
        let s = slot.node as usize;
        if !net.first.start_on_chain {
            let (way, from) = (&mut self.marks.way, &mut self.marks.way_from);
            let traced = off_own_hex(net, h, s, way, from, &mut slot.witness);
            for &n in &slot.witness {
                if let Some(u) = h.uses.get_mut(n as usize) {
                    *u = u.saturating_add(1);
                }
            }
            return traced;
        }
        let hexes: &Hexes = h;
        let found = first_leg(
            &net.map,
            net.first,
            |n| net.target[n],
            |n| hexes.free[n],
            |n| hexes.on_chain(net, n),
            search,
            s,
        );
        let Some(v) = found else {
            return false;
        };
        if v == s {
            if !net.target[s] {
                slot.witness.push(s as u32);
            }
        } else {
            // The first leg back from where it met the chain or a target; each hex's parent
            // in the search is one step nearer the unit.
            let mut c = v;
            while c != s && slot.witness.len() <= net.k {
                slot.witness.push(c as u32);
                c = search.parent.get(c).map_or(s, |&p| p as usize);
            }
        }
        for &n in &slot.witness {
            if let Some(u) = h.uses.get_mut(n as usize) {
                *u = u.saturating_add(1);
            }
        }
        true
    }
}

/// Whether a unit on node `s` traces where it may not trace from its own hex
/// ([`ChainRule::start_on_chain`](super::rule::ChainRule::start_on_chain) is false: K = 0,
/// the chain must run into the target from a hex of its own): a target under it, or a free
/// hex next to it on the chain by a way that never enters `s` again (L-8's h0: the forest's
/// way may pass through it). The way, the hex next to the unit first and the root last, into
/// `witness`: it holds while its hexes are free (the chain's steps and its roots do not
/// change).
fn off_own_hex(
    net: &Net<'_>,
    h: &Hexes,
    s: usize,
    seen: &mut Marks,
    from: &mut [u32],
    witness: &mut Vec<u32>,
) -> bool {
    if net.target.get(s) == Some(&true) {
        return true;
    }
    let (map, free) = (&*net.map, |n: usize| {
        h.free.get(n).copied().unwrap_or(false)
    });
    seen.clear();
    seen.insert(s);
    let mut queue = std::collections::VecDeque::new();
    // The first step: into any free hex next to the unit that may be on the chain (a target
    // that only roots the hexes beside it is not).
    for a in map.adjacency().get(s).into_iter().flatten() {
        let v = a.node as usize;
        if a.node != NONE && !a.impassable() && free(v) && !net.beside_only[v] && seen.insert(v) {
            from[v] = NONE;
            queue.push_back(v);
        }
    }
    // Then along the chain's steps through free hexes, never into `s`, to a root.
    while let Some(c) = queue.pop_front() {
        if net.root[c] {
            let mut at = c;
            while at != NONE as usize && witness.len() < map.len() {
                witness.push(at as u32);
                at = from[at] as usize;
            }
            witness.reverse();
            return true;
        }
        for &y in net.chain_of(c) {
            let y = y as usize;
            if free(y) && seen.insert(y) {
                from[y] = c as u32;
                queue.push_back(y);
            }
        }
    }
    false
}

/// Whether a traced unit's witness still holds: the hexes of its first leg free, the last on
/// the chain or a target within K hexes; or its own hex on the chain. Where the unit does not
/// trace from its own hex ([`off_own_hex`]), its way's hexes free.
fn whole<S>(net: &Net<'_>, h: &Hexes, slot: &Slot<S>) -> bool {
    let w = &slot.witness;
    if !net.first.start_on_chain {
        return w.iter().all(|&n| h.free.get(n as usize) == Some(&true));
    }
    let Some((&end, rest)) = w.split_first() else {
        // On a target.
        return true;
    };
    let (end, s) = (end as usize, slot.node as usize);
    let on_chain = |n: usize| h.on_chain(net, n);
    if end == s {
        return on_chain(s);
    }
    let free = |n: usize| h.free.get(n).copied().unwrap_or(false);
    rest.iter().all(|&n| free(n as usize))
        && free(end)
        && (on_chain(end) || (net.target.get(end) == Some(&true) && w.len() <= net.k))
}

/// Take a witness's hexes off their counts.
fn release(uses: &mut [u32], witness: &[u32]) {
    for &n in witness {
        if let Some(u) = uses.get_mut(n as usize) {
            *u = u.saturating_sub(1);
        }
    }
}

/// Which hexes are within `reach` of a list of hexes. A short list: within its bounding box
/// (widened by `reach`), then by distance to each. A long list: by the cells of 4 x 4 axial
/// coordinates that hold one of its hexes (wrapped onto 64 x 64 cells: a superset, each such
/// unit answered again at a search's cost).
#[derive(Clone, Debug)]
struct Nearness {
    /// A short list's axial coordinates, or empty.
    hexes: Vec<(i32, i32)>,
    /// A short list's least and greatest q, r and q + r.
    bounds: [(i32, i32); 3],
    /// A long list's cells: per row of cells (r / 4, wrapped), a bit per column (q / 4,
    /// wrapped).
    cells: [u64; 64],
    long: bool,
    reach: i64,
}

impl Nearness {
    fn new() -> Nearness {
        Nearness {
            hexes: Vec::new(),
            bounds: [(0, 0); 3],
            cells: [0; 64],
            long: false,
            reach: 0,
        }
    }

    /// Nearness within `reach` to `nodes` (by their `coords`).
    fn fill(&mut self, coords: &[(i32, i32)], nodes: &[u32], reach: u32) {
        self.reach = i64::from(reach);
        self.long = nodes.len() > NEAR_BY_DISTANCE;
        self.hexes.clear();
        let at = nodes.iter().filter_map(|&n| coords.get(n as usize));
        if self.long {
            self.cells = [0; 64];
            for &(q, r) in at {
                self.cells[((r >> 2) & 63) as usize] |= 1 << ((q >> 2) & 63);
            }
            return;
        }
        let (mut lo, mut hi) = ([i32::MAX; 3], [i32::MIN; 3]);
        for &(q, r) in at {
            for (k, x) in [q, r, q.saturating_add(r)].into_iter().enumerate() {
                lo[k] = lo[k].min(x);
                hi[k] = hi[k].max(x);
            }
            self.hexes.push((q, r));
        }
        self.bounds = [(lo[0], hi[0]), (lo[1], hi[1]), (lo[2], hi[2])];
    }

    fn near(&self, hex: Hex) -> bool {
        let (q, r, reach) = (i64::from(hex.q), i64::from(hex.r), self.reach);
        if self.long {
            let span = |x: i64| ((x - reach) >> 2, (x + reach) >> 2);
            let ((q0, q1), (r0, r1)) = (span(q), span(r));
            let columns = if q1 - q0 >= 63 {
                u64::MAX
            } else {
                (q0..=q1).fold(0, |bits, c| bits | 1 << (c & 63))
            };
            return r1 - r0 >= 63
                || (r0..=r1).any(|c| self.cells[(c & 63) as usize] & columns != 0);
        }
        let within =
            |(lo, hi): (i32, i32), x: i64| i64::from(lo) - reach <= x && x <= i64::from(hi) + reach;
        let b = self.bounds;
        within(b[0], q)
            && within(b[1], r)
            && within(b[2], q + r)
            && self.hexes.iter().any(|&(dq, dr)| {
                // Hex distance: the largest of |dq|, |dr| and |dq + dr|.
                let (a, b) = (i64::from(dq) - q, i64::from(dr) - r);
                a.abs() <= reach && b.abs() <= reach && (a + b).abs() <= reach
            })
    }
}

/// The preset, targets and ZOC rule against one map.
fn resolve<'m>(
    map: &MapRef<'m>,
    preset: RoadChain,
    targets: &Targets,
    zoc: &ZocRule,
) -> Result<Net<'m>, ZocError> {
    let rule = ChainRule::new(preset, zoc.bind(map)?);
    let hexes = map.hexes();
    let target: Vec<bool> = (0..map.len()).map(|n| targets.node(n)).collect();
    let roots = |n: usize| rule.target_root(hexes, n);
    // A target roots the forest by itself, or by the hexes beside it only.
    let beside_only: Vec<bool> = (0..map.len())
        .map(|n| target[n] && roots(n).beside && !roots(n).on_chain)
        .collect();
    let root: Vec<bool> = (0..map.len())
        .map(|n| target[n] && (roots(n).on_chain || roots(n).beside))
        .collect();
    // The chain graph: the chain's steps, and a root target and a hex next to it that runs
    // into it, either way; never across an impassable hexside.
    let adj = map.adjacency();
    let chain = Table::new(map.len(), |c| {
        let (rule, root) = (&rule, &root);
        adj[c].iter().filter_map(move |a| {
            let y = a.node as usize;
            let step = a.node != NONE
                && !a.impassable()
                && (rule.along(hexes, c, *a)
                    || (root[c] && rule.runs_into(hexes, y))
                    || (root[y] && rule.runs_into(hexes, c)));
            step.then_some(a.node)
        })
    });
    let zoc_into = Table::new(map.len(), |n| {
        rule.zoc
            .of(map, n)
            .map(|y| u32::try_from(y).unwrap_or(NONE))
    });
    Ok(Net {
        map: map.clone(),
        k: rule.k() as usize,
        first: rule.first_hexes(),
        target,
        root,
        beside_only,
        chain,
        negated: rule.zoc.negated,
        zoc: zoc_into,
        axial: hexes.iter().map(|h| (h.hex.q, h.hex.r)).collect(),
    })
}
