//! An incremental Line of Communications oracle: every unit's traced/cut answer under the
//! [`RoadChain`] preset and a [`ZocRule`], kept up to date as units move, arrive and leave.

use std::collections::BTreeMap;

use super::chain;
use crate::coord::Hex;
use crate::map::{HexMap, NONE};
use crate::position::{Unit, ZocRule};
use crate::trace::Targets;
use crate::trace::rule::{RoadChain, RuleError, TargetRule};

/// Up to this many (dirty hex, friendly unit) pairs, a unit is tested for nearness to what
/// changed by distance; above, by marking the hexes within K+1 steps of the dirty ones.
const NEAR_BY_DISTANCE: usize = 1024;

/// Why the oracle refused a unit or an update; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OracleError {
    /// The hex is not on the map.
    #[error("unit `{id}` would be on hex {hex}, which is not on the map")]
    OffMap {
        /// The unit.
        id: String,
        /// The hex, as a label where it has one.
        hex: String,
    },
    /// Two units share an identifier.
    #[error("unit id `{0}` is used twice")]
    DuplicateId(String),
    /// No unit has this index (never given, or removed).
    #[error("no unit has index {0}")]
    NoSuchUnit(usize),
    /// The preset or the ZOC rule cannot be used on this map.
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// Every unit's Line of Communications under Leyte's rule shape, updated incrementally: what a
/// bot asks after each move it considers.
///
/// The rule is the [`RoadChain`] preset (K hexes of any passable terrain, then the road/trail
/// chain to a target, either [`TargetRule`] and either
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
/// forest rooted at the targets; every unit's answer. An update costs what it changes:
/// - a move changes freeness at most at the two hexes and, for an enemy with a ZOC, their
///   neighbours;
/// - a chain hex becoming blocked detaches its subtree in the forest, whose hexes are
///   re-attached through any chain neighbour outside it, or dropped; then a hex becoming free
///   that touches the chain grows it by a search over the hexes that join it (so a move costs
///   about the hexes whose chain membership changes, plus the subtrees re-attached; the forest
///   is rebuilt, with the same chain, once re-attachments add up to the map's size);
/// - only the units within K+1 hexes of a hex whose freeness or chain membership changed are
///   answered again (every friendly unit when more hexes changed than there are units), each by
///   a search of depth at most K+1; plus a scan of the unit list.
///
/// The crate's `benches/oracle.rs` measures it against a fresh free table and [`Tracer`] per
/// move: a random move on a 140 x 140 map is tens of times cheaper; a move that cuts a large part
/// of the road net off the targets costs the same order as a re-trace.
///
/// [`Tracer`]: crate::trace::Tracer
///
/// Units keep their index for life: [`LocOracle::add_unit`] appends, [`LocOracle::remove_unit`]
/// leaves a vacant index.
///
/// ```
/// use hexmap::{HexMap, LocOracle, RoadChain, Targets, Unit, ZocRule};
///
/// let map = HexMap::from_toml_str(r#"
/// name = "Nine hexes in a line"
/// [layout]
/// orientation = "pointy"
/// label = "row-column"
/// rows = [10, 10]
/// columns = [1, 9]
/// shifted = "even"
/// rows_grow = "north"
/// columns_grow = "east"
/// [hexsides]
/// roads = [["1006", "1007", "1008", "1009"]]
/// "#, None).unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]);
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
    map: &'m HexMap,
    side: S,
    ids: BTreeMap<String, usize>,
    slots: Vec<Option<Slot<S>>>,
    /// How many units of the tracing side are placed.
    friendly: usize,
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
}

/// What does not change: the map, the preset, the targets and the ZOC rule, resolved.
#[derive(Clone, Debug)]
struct Net<'m> {
    map: &'m HexMap,
    k: usize,
    target: Vec<bool>,
    /// A target that roots the chain when free: on the road/trail net, or any target when the
    /// chain may run into it (`MayAdjoinChain`).
    root: Vec<bool>,
    /// The chain graph, compressed: the neighbours of node `n` a chain step joins are
    /// `chain[chain_start[n]..chain_start[n + 1]]` (freeness aside).
    chain_start: Vec<u32>,
    chain: Vec<u32>,
    /// The ZOC rule, resolved as the plan resolves it.
    zoc: super::BoundZoc,
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
}

/// Reusable marks and queues.
#[derive(Clone, Debug)]
struct Scratch {
    /// Hexes whose freeness may have changed, and their list.
    touched: Marks,
    candidates: Vec<u32>,
    /// Hexes whose freeness changed.
    flips: Vec<u32>,
    /// Hexes whose freeness or chain membership changed, and their list.
    dirty: Marks,
    dirty_list: Vec<u32>,
    /// Their axial coordinates, for the test by distance.
    dirty_hexes: Vec<(i64, i64)>,
    /// The subtree cut off by a blocked chain hex.
    orphan: Marks,
    /// Hexes within K+1 of a dirty hex.
    near: Marks,
    /// The search of one unit's first hexes.
    search: super::Search,
    queue: Vec<u32>,
    next: Vec<u32>,
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

    fn contains(&self, n: usize) -> bool {
        self.stamp.get(n) == Some(&self.generation)
    }
}

impl Net<'_> {
    /// The neighbours of `c` a chain step joins, whether free or not.
    fn chain_of(&self, c: usize) -> &[u32] {
        let (a, b) = (
            self.chain_start[c] as usize,
            self.chain_start[c + 1] as usize,
        );
        self.chain.get(a..b).unwrap_or(&[])
    }

    /// The hexes an enemy unit on `n` puts in its zone of control.
    fn zoc_of(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.zoc.of(self.map, n)
    }
}

impl Hexes {
    fn free_now(&self, net: &Net<'_>, n: usize) -> bool {
        self.enemies[n] == 0 && (self.zoc[n] == 0 || (net.zoc.negated && self.friends[n] > 0))
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
        self.grow_reporting(net, queue, |_| {});
    }

    /// [`Hexes::grow`], each hex added reported to `added`.
    fn grow_reporting(
        &mut self,
        net: &Net<'_>,
        queue: &mut Vec<u32>,
        mut added: impl FnMut(usize),
    ) {
        let mut i = 0;
        while let Some(&c) = queue.get(i) {
            i += 1;
            for &y in net.chain_of(c as usize) {
                let y = y as usize;
                if self.free[y] && self.parent[y] == NONE {
                    self.parent[y] = c;
                    queue.push(y as u32);
                    added(y);
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
            flips: Vec::new(),
            dirty: Marks::new(len),
            dirty_list: Vec::new(),
            dirty_hexes: Vec::new(),
            orphan: Marks::new(len),
            near: Marks::new(len),
            search: super::Search::default(),
            queue: Vec::new(),
            next: Vec::new(),
        }
    }

    fn touch(&mut self, n: usize) {
        if self.touched.insert(n) {
            self.candidates.push(n as u32);
        }
    }

    fn dirty(&mut self, n: usize) {
        if self.dirty.insert(n) {
            self.dirty_list.push(n as u32);
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
        let mut errors = Vec::new();
        if let Err(e) = preset.rule().bind(map) {
            errors.push(OracleError::Rule(e));
        }
        let net = match resolve(map, preset, targets, zoc) {
            Ok(net) => Some(net),
            Err(e) => {
                errors.push(OracleError::Rule(e));
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
        map: &'m HexMap,
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
        let friendly = slots.iter().flatten().filter(|s| s.friendly).count();
        let mut oracle = LocOracle {
            map,
            side,
            ids,
            friendly,
            traced: vec![false; slots.len()],
            slots,
            changed: Vec::new(),
            net,
            hexes,
            marks,
        };
        for i in 0..oracle.slots.len() {
            if let Some(s) = &oracle.slots[i]
                && s.friendly
            {
                let node = s.node as usize;
                oracle.traced[i] = oracle.answer(node);
            }
        }
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
            .is_some_and(|n| self.hexes.parent[n.index()] != NONE)
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
        }));
        self.traced.push(false);
        self.update(&[change], Some(i));
        Ok(i)
    }

    /// Remove unit `i` (its index stays vacant) and update every answer; the unit.
    pub fn remove_unit(&mut self, i: usize) -> Result<Unit<S>, OracleError> {
        let Some(slot) = self.slots.get_mut(i).and_then(Option::take) else {
            return Err(OracleError::NoSuchUnit(i));
        };
        self.ids.remove(&slot.unit.id);
        let change = Change {
            node: slot.node as usize,
            friendly: slot.friendly,
            zoc: slot.unit.exerts_zoc,
            arrives: false,
        };
        self.update(&[change], None);
        Ok(slot.unit)
    }

    /// Apply unit changes to the counts, then freeness to the chain, then answer again every
    /// unit near what changed (and unit `moved`).
    fn update(&mut self, changes: &[Change], moved: Option<usize>) {
        self.changed.clear();
        let m = &mut self.marks;
        m.touched.clear();
        m.candidates.clear();
        m.flips.clear();
        m.dirty.clear();
        m.dirty_list.clear();
        for c in changes {
            self.count(*c);
        }
        let (net, h, m) = (&self.net, &self.hexes, &mut self.marks);
        for &n in &m.candidates {
            if h.free_now(net, n as usize) != h.free[n as usize] {
                m.flips.push(n);
            }
        }
        // Hexes that became blocked first: a hex that became free would otherwise grow the
        // chain through them, only for the growth to be cut off and re-attached.
        self.marks
            .flips
            .sort_by_key(|&n| !self.hexes.free[n as usize]);
        for i in 0..self.marks.flips.len() {
            let n = self.marks.flips[i] as usize;
            let now = !self.hexes.free[n];
            self.hexes.free[n] = now;
            self.marks.dirty(n);
            if now {
                self.unblocked(n);
            } else {
                self.blocked(n);
            }
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
            self.friendly = if c.arrives {
                self.friendly.saturating_add(1)
            } else {
                self.friendly.saturating_sub(1)
            };
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
        m.dirty(x);
        m.queue.clear();
        m.queue.push(x as u32);
        let mut queue = std::mem::take(&mut m.queue);
        h.grow_reporting(net, &mut queue, |y| m.dirty(y));
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
        // The subtree of x: hexes whose parent is in it (a parent is always a chain neighbour).
        m.orphan.clear();
        m.orphan.insert(x);
        m.next.clear();
        m.next.push(x as u32);
        let mut i = 0;
        while let Some(&c) = m.next.get(i) {
            i += 1;
            for &y in net.chain_of(c as usize) {
                if y != c && h.parent[y as usize] == c && m.orphan.insert(y as usize) {
                    m.next.push(y);
                }
            }
        }
        for &o in &m.next {
            h.parent[o as usize] = NONE;
        }
        // Re-attach to the chain outside the subtree (or to a hex of it already re-attached),
        // then grow within it.
        m.queue.clear();
        for &o in &m.next[1..] {
            let o = o as usize;
            let on_chain = net
                .chain_of(o)
                .iter()
                .find(|&&y| h.parent[y as usize] != NONE);
            if let Some(&y) = on_chain {
                h.parent[o] = y;
                m.queue.push(o as u32);
            }
        }
        h.grow(net, &mut m.queue);
        // The re-attached hexes hang from new parents, perhaps by a detour: the forest may have
        // become deeper.
        h.repaired = h.repaired.saturating_add(m.queue.len());
        for i in 0..m.next.len() {
            let o = m.next[i] as usize;
            if h.parent[o] == NONE {
                m.dirty(o);
            }
        }
    }

    /// Answer again every friendly unit within K+1 hexes of a dirty hex, and unit `moved`;
    /// record the answers that changed.
    fn reanswer(&mut self, moved: Option<usize>) {
        let dirty = self.marks.dirty_list.len();
        // Few dirty hexes: a unit is near one when within K+1 hexes as the crow flies (a
        // superset of K+1 steps); many: the hexes within K+1 steps of them are marked, or,
        // more dirty hexes than units, every unit is answered again.
        let by_distance = dirty.saturating_mul(self.friendly) <= NEAR_BY_DISTANCE;
        let all = !by_distance && dirty > self.friendly;
        if !all && !by_distance {
            self.mark_near();
        }
        let reach = i64::try_from(self.net.k.saturating_add(1)).unwrap_or(i64::MAX);
        if by_distance {
            let hexes = self.map.hexes();
            self.marks.dirty_hexes.clear();
            self.marks.dirty_hexes.extend(
                self.marks
                    .dirty_list
                    .iter()
                    .filter_map(|&d| hexes.get(d as usize))
                    .map(|h| (i64::from(h.hex.q), i64::from(h.hex.r))),
            );
        }
        for i in 0..self.slots.len() {
            let now = match &self.slots[i] {
                Some(s) if s.friendly => {
                    let node = s.node as usize;
                    let near = if by_distance {
                        let (q, r) = (i64::from(s.unit.hex.q), i64::from(s.unit.hex.r));
                        // Hex distance: the largest of |dq|, |dr| and |dq + dr|.
                        self.marks.dirty_hexes.iter().any(|&(dq, dr)| {
                            let (a, b) = (dq - q, dr - r);
                            a.abs() <= reach && b.abs() <= reach && (a + b).abs() <= reach
                        })
                    } else {
                        all || self.marks.near.contains(node)
                    };
                    if near || moved == Some(i) {
                        self.answer(node)
                    } else {
                        self.traced[i]
                    }
                }
                _ => false,
            };
            if now != self.traced[i] {
                self.traced[i] = now;
                self.changed.push(i);
            }
        }
    }

    /// Mark every hex within K+1 passable steps of a dirty hex.
    fn mark_near(&mut self) {
        let m = &mut self.marks;
        let adj = self.map.adjacency();
        m.near.clear();
        m.queue.clear();
        for &d in &m.dirty_list {
            m.near.insert(d as usize);
            m.queue.push(d);
        }
        let mut start = 0;
        for _ in 0..=self.net.k {
            let end = m.queue.len();
            for i in start..end {
                let u = m.queue[i] as usize;
                for a in adj[u] {
                    if a.node != NONE && !a.impassable() && m.near.insert(a.node as usize) {
                        m.queue.push(a.node);
                    }
                }
            }
            if end == m.queue.len() {
                break;
            }
            start = end;
        }
    }

    /// Whether a unit on node `s` traces: the plan's search of the first K hexes, over the
    /// oracle's tables.
    fn answer(&mut self, s: usize) -> bool {
        let (net, h) = (&self.net, &self.hexes);
        super::first_leg(
            net.map,
            net.k as u32,
            |n| net.target[n],
            |n| h.free[n],
            |n| h.parent[n] != NONE,
            &mut self.marks.search,
            s,
        )
        .is_some()
    }
}

/// The preset, targets and ZOC rule against one map.
fn resolve<'m>(
    map: &'m HexMap,
    preset: RoadChain,
    targets: &Targets,
    zoc: &ZocRule,
) -> Result<Net<'m>, RuleError> {
    let zoc = super::BoundZoc::new(map, zoc)?;
    let adjoin = preset.target == TargetRule::MayAdjoinChain;
    let on_net: Vec<bool> = map.hexes().iter().map(|h| h.on_road_net).collect();
    let target: Vec<bool> = (0..map.len()).map(|n| targets.node(n)).collect();
    let root: Vec<bool> = (0..map.len())
        .map(|n| target[n] && (adjoin || on_net[n]))
        .collect();
    // The chain graph: two road/trail hexes joined as the reading says, or (when the chain may
    // run into a target) a root target and a road/trail hex next to it; never across an
    // impassable hexside.
    let mut chain_start = Vec::with_capacity(map.len() + 1);
    let mut chain = Vec::new();
    chain_start.push(0);
    for (c, row) in map.adjacency().iter().enumerate() {
        for a in row {
            if a.node == NONE || a.impassable() {
                continue;
            }
            let y = a.node as usize;
            let along = chain::along(preset.reading, |n| on_net[n], c, *a);
            let into_target = adjoin && ((root[c] && on_net[y]) || (root[y] && on_net[c]));
            if along || into_target {
                chain.push(a.node);
            }
        }
        chain_start.push(u32::try_from(chain.len()).unwrap_or(NONE));
    }
    Ok(Net {
        map,
        k: preset.free_hexes as usize,
        target,
        root,
        chain_start,
        chain,
        zoc,
    })
}
