//! What cuts a unit's Line of Communications (L8): the frontier of what it can reach, each hex
//! with the reason it is blocked, as [`hexmap::trace::search`] finds it for the
//! [`hexmap::trace::RoadChain`] preset, but on dense tables kept from one unit and one position
//! to the next instead of hash tables made for each search.
//!
//! It is the hex crate's search, step for step and in the same order, for this one rule: legs
//! "K hexes of any terrain" then "along road and trail hexsides, joined by a step into a road
//! or trail hex", both skippable; so every hex, every reason and the hex each refused step came
//! from are the same (property-tested against [`hexmap::trace::search`]). A unit it finds a path
//! for (never one the tracer cut) is left to the hex crate's search.
#![deny(clippy::too_many_lines)]

use std::collections::VecDeque;

use hexmap::petgraph::graph::NodeIndex;
use hexmap::trace::ChainReading;
use hexmap::{HexMap, TargetRule};
use serde::Serialize;

/// Why a frontier hex is blocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edge {
    /// The free test refused it (an enemy unit or an enemy zone of control).
    NotFree,
    /// Entered from graph node `from` after the first leg, it is off the road/trail net.
    OffNetwork { from: usize },
    /// On the net, but the hexside crossed from `from` carries no road or trail.
    NotAlong { from: usize },
    /// Every step into it from `from` had spent the first leg's K hexes.
    OutOfBudget { from: usize },
}

impl Edge {
    /// The hex crate's order of reasons: the strongest is kept for each hex.
    fn priority(self) -> u8 {
        match self {
            Edge::NotFree => 0,
            Edge::OffNetwork { .. } => 6,
            Edge::NotAlong { .. } => 5,
            Edge::OutOfBudget { .. } => 1,
        }
    }
}

/// Each graph node's six hexsides as the search and the zones of control read them: the
/// neighbour across (none when there is none or the hexside is impassable), in direction order;
/// read from the map each time, or from a table made once (for a scorer used many times).
#[derive(Debug)]
pub(crate) struct Neighbours<'m> {
    map: &'m HexMap,
    table: Option<Vec<[(u32, u8); 6]>>,
}

/// A road or trail crosses the hexside.
const ROAD: u8 = 1;
/// A zone of control extends across the hexside.
const ZOC: u8 = 2;
/// The neighbour is on the road/trail net.
const NET: u8 = 4;
/// No neighbour (none, or across an impassable hexside).
const NONE: u32 = u32::MAX;

impl<'m> Neighbours<'m> {
    /// Read from the map each time.
    pub(crate) fn direct(map: &'m HexMap) -> Neighbours<'m> {
        Neighbours { map, table: None }
    }

    /// Read from a table of the whole map, made here.
    pub(crate) fn table(map: &'m HexMap) -> Neighbours<'m> {
        let table = (0..map.len()).map(|n| row(map, n)).collect();
        Neighbours {
            map,
            table: Some(table),
        }
    }

    /// Node `n`'s hexsides.
    fn row(&self, n: usize) -> [(u32, u8); 6] {
        match &self.table {
            Some(t) => t.get(n).copied().unwrap_or([(NONE, 0); 6]),
            None => row(self.map, n),
        }
    }

    /// The neighbours of node `n` that a path may step to, with their flags, in direction
    /// order.
    fn of(&self, n: usize) -> impl Iterator<Item = (usize, u8)> + use<> {
        self.row(n)
            .into_iter()
            .filter(|&(v, _)| v != NONE)
            .map(|(v, f)| (v as usize, f))
    }

    /// The neighbours of node `n` a zone of control extends to.
    pub(crate) fn zoc(&self, n: usize) -> impl Iterator<Item = usize> + use<> {
        self.of(n).filter(|&(_, f)| f & ZOC != 0).map(|(v, _)| v)
    }
}

/// Node `n`'s hexsides, from the map.
fn row(map: &HexMap, n: usize) -> [(u32, u8); 6] {
    let hexes = map.hexes();
    let mut row = [(NONE, 0u8); 6];
    for (slot, (v, side)) in row.iter_mut().zip(map.neighbor_nodes(NodeIndex::new(n))) {
        if side.impassable {
            continue;
        }
        let v = v.index();
        let mut flags = 0;
        if side.road_or_trail() {
            flags |= ROAD;
        }
        if side.passes_zoc() {
            flags |= ZOC;
        }
        if hexes.get(v).is_some_and(|h| h.on_road_net) {
            flags |= NET;
        }
        *slot = (u32::try_from(v).unwrap_or(NONE), flags);
    }
    row
}

/// A search state: a node, the leg (0: any terrain, 1: the chain), whether the leg has taken a
/// step, and the hexes the first leg has spent.
#[derive(Clone, Copy, Debug)]
struct State {
    node: u32,
    leg: u8,
    started: bool,
    used: u32,
}

impl State {
    fn key(self) -> usize {
        self.node as usize * 4 + usize::from(self.leg) * 2 + usize::from(self.started)
    }
}

/// The rule and the side's tables the search reads.
pub(crate) struct Rule<'a> {
    /// The map.
    pub(crate) map: &'a HexMap,
    /// Its hexsides.
    pub(crate) neighbours: &'a Neighbours<'a>,
    /// K.
    pub(crate) free_hexes: u32,
    /// Whether the last step into a target may leave the chain.
    pub(crate) target: TargetRule,
    /// Whether a chain step must cross a road/trail hexside, or only join two net hexes.
    pub(crate) chain: hexmap::trace::ChainReading,
    /// Per graph node: a target.
    pub(crate) targets: &'a [bool],
    /// Per graph node: refused by the free test.
    pub(crate) blocked: &'a [bool],
    /// Per graph node: bit `1 << side` when a unit of that side is on it (0 US, 1 Japanese).
    pub(crate) occupied: &'a [u8],
}

/// The search's tables, by graph node, stamped with the search they belong to.
#[derive(Debug, Default)]
pub(crate) struct FrontierWork {
    generation: u32,
    best_stamp: Vec<u32>,
    best_used: Vec<u32>,
    entered: Vec<u32>,
    seen: Vec<u32>,
    refused: Vec<Edge>,
    candidates: Vec<u32>,
    queue: VecDeque<State>,
    /// The nodes entered, in the order found (the start first).
    reached: Vec<u32>,
    /// The walk to the road/trail net: visited stamps, where each node was entered from.
    walk_seen: Vec<u32>,
    walk_from: Vec<u32>,
    walk_queue: VecDeque<u32>,
}

impl FrontierWork {
    /// A new search on a map of `len` nodes.
    fn begin(&mut self, len: usize) -> u32 {
        if self.entered.len() != len {
            *self = FrontierWork {
                best_stamp: vec![0; len.saturating_mul(4)],
                best_used: vec![0; len.saturating_mul(4)],
                entered: vec![0; len],
                seen: vec![0; len],
                refused: vec![Edge::NotFree; len],
                walk_seen: vec![0; len],
                walk_from: vec![0; len],
                ..FrontierWork::default()
            };
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.best_stamp.fill(0);
            self.entered.fill(0);
            self.seen.fill(0);
            self.walk_seen.fill(0);
            self.generation = 1;
        }
        self.candidates.clear();
        self.queue.clear();
        self.reached.clear();
        self.generation
    }

    /// Record `next`; true when it is new or better.
    fn reach(&mut self, g: u32, next: State) -> bool {
        let k = next.key();
        if self.best_stamp[k] == g && self.best_used[k] <= next.used {
            return false;
        }
        self.best_stamp[k] = g;
        self.best_used[k] = next.used;
        true
    }

    /// Node `v` blocked, or refused for `why`: the first time, a candidate; a refusal keeps
    /// the strongest reason, the first of equals.
    fn refuse(&mut self, g: u32, v: usize, why: Edge) {
        if self.seen[v] != g {
            self.seen[v] = g;
            self.refused[v] = why;
            self.candidates.push(u32::try_from(v).unwrap_or(u32::MAX));
        } else if why.priority() > self.refused[v].priority() {
            self.refused[v] = why;
        }
    }
}

/// How much of a frontier was left out of the evidence ([`crate::limits::MAX_FRONTIER`],
/// [`crate::limits::MAX_EXPLORED`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Omitted {
    /// Frontier hexes found but not listed (the listed ones are the nearest).
    pub hexes: usize,
    /// Whether the search stopped before it had seen all the unit can reach, so that more
    /// frontier hexes may exist than were found.
    pub search_stopped: bool,
}

impl Omitted {
    /// Whether anything was left out.
    pub fn any(self) -> bool {
        self.hexes > 0 || self.search_stopped
    }
}

/// The frontier of what a unit on graph node `start` can reach, each node with why it is
/// blocked: the [`MAX_FRONTIER`](crate::limits::MAX_FRONTIER) found first (the nearest), in
/// node (label) order, and what was left out; `None` when it reaches a target after all. The
/// search looks at [`MAX_EXPLORED`](crate::limits::MAX_EXPLORED) states at most, so a unit
/// costs the same on any map.
pub(crate) fn frontier<'w>(
    rule: &Rule<'_>,
    start: usize,
    work: &'w mut FrontierWork,
) -> Option<(impl Iterator<Item = (usize, Edge)> + 'w, Omitted)> {
    let map = rule.map;
    let g = work.begin(map.len());
    if rule.targets.get(start).copied().unwrap_or(true) {
        return None;
    }
    let first = State {
        node: u32::try_from(start).ok()?,
        leg: 0,
        started: false,
        used: 0,
    };
    work.entered[start] = g;
    work.reached.push(first.node);
    work.reach(g, first);
    work.queue.push_back(first);
    let mut explored = 0usize;
    let mut omitted = Omitted::default();
    while let Some(st) = work.queue.pop_front() {
        if work.best_stamp[st.key()] == g && work.best_used[st.key()] < st.used {
            continue; // stale
        }
        explored += 1;
        if explored > crate::limits::MAX_EXPLORED {
            omitted.search_stopped = true;
            break;
        }
        if st.leg == 0 {
            // On to the chain here, without a step.
            let next = State {
                leg: 1,
                started: false,
                used: 0,
                ..st
            };
            if work.reach(g, next) {
                work.queue.push_front(next);
            }
        }
        if step_from(rule, st, g, work) {
            return None;
        }
    }
    let FrontierWork {
        candidates,
        entered,
        refused,
        ..
    } = work;
    // In the order found: the nearest first.
    candidates.retain(|&v| entered.get(v as usize).is_some_and(|&e| e != g));
    omitted.hexes = candidates.len().saturating_sub(crate::limits::MAX_FRONTIER);
    candidates.truncate(crate::limits::MAX_FRONTIER);
    candidates.sort_unstable();
    Some((
        candidates
            .iter()
            .map(|&v| (v as usize, refused[v as usize])),
        omitted,
    ))
}

/// The nodes the last [`frontier`] search entered, the start first, then in the order found
/// (the nearest first), at most `limit` of them sorted in node (label) order; and how many
/// more it entered: what the unit's Line of Communications reaches before it is blocked.
pub(crate) fn reached(work: &mut FrontierWork, limit: usize) -> (&[u32], usize) {
    let listed = work.reached.len().min(limit);
    let more = work.reached.len() - listed;
    let nodes = &mut work.reached[..listed];
    nodes.sort_unstable();
    (nodes, more)
}

/// The shortest walk from `start` to a hex of the road/trail net through hexes a Line of
/// Communications may enter (the free test's, across passable hexsides), start first; the
/// nearest hex in direction order among equals. `None` when no such hex lies within
/// [`MAX_EXPLORED`](crate::limits::MAX_EXPLORED) hexes of the walk. Call it after
/// [`frontier`] for the same unit (it shares its search's stamp).
pub(crate) fn walk_to_net(
    rule: &Rule<'_>,
    start: usize,
    work: &mut FrontierWork,
) -> Option<Vec<u32>> {
    let hexes = rule.map.hexes();
    let start32 = u32::try_from(start).ok()?;
    if hexes.get(start)?.on_road_net {
        return Some(vec![start32]);
    }
    let g = work.generation;
    work.walk_queue.clear();
    *work.walk_seen.get_mut(start)? = g;
    work.walk_queue.push_back(start32);
    let mut visited = 0usize;
    while let Some(u) = work.walk_queue.pop_front() {
        visited += 1;
        if visited > crate::limits::MAX_EXPLORED {
            return None;
        }
        for (v, flags) in rule.neighbours.of(u as usize) {
            if work.walk_seen[v] == g || rule.blocked[v] {
                continue;
            }
            work.walk_seen[v] = g;
            work.walk_from[v] = u;
            let v32 = u32::try_from(v).ok()?;
            if flags & NET != 0 {
                // Back along the tree of the walk (never longer than the hexes visited).
                let mut walk = Vec::with_capacity(16);
                walk.push(v32);
                let mut at = v;
                while at != start && walk.len() <= visited {
                    at = work.walk_from[at] as usize;
                    walk.push(u32::try_from(at).ok()?);
                }
                walk.reverse();
                return Some(walk);
            }
            work.walk_queue.push_back(v32);
        }
    }
    None
}

/// Every step from state `st`, in direction order; true when one reaches a target.
fn step_from(rule: &Rule<'_>, st: State, g: u32, work: &mut FrontierWork) -> bool {
    let u = st.node as usize;
    for (v, flags) in rule.neighbours.of(u) {
        if rule.blocked[v] {
            work.refuse(g, v, Edge::NotFree);
            continue;
        }
        if rule.target == TargetRule::MayAdjoinChain && rule.targets[v] {
            return true;
        }
        let on_net = flags & NET != 0;
        let refused = match (st.leg, st.started) {
            (0, _) => None,
            (_, false) => (!on_net).then_some(Edge::OffNetwork { from: u }),
            (_, true) if flags & ROAD != 0 => None,
            // Between two hexes of the net, whatever the hexside (rules option `chain = hexes`).
            (_, true) if on_net && rule.chain == ChainReading::BetweenNetHexes => None,
            (_, true) if on_net => Some(Edge::NotAlong { from: u }),
            (_, true) => Some(Edge::OffNetwork { from: u }),
        };
        if let Some(why) = refused {
            work.refuse(g, v, why);
            continue;
        }
        let used = st.used.saturating_add(u32::from(st.leg == 0));
        if st.leg == 0 && used > rule.free_hexes {
            work.refuse(g, v, Edge::OutOfBudget { from: u });
            continue;
        }
        let Ok(node) = u32::try_from(v) else {
            continue;
        };
        let next = State {
            node,
            leg: st.leg,
            started: true,
            used,
        };
        if work.entered[v] != g {
            work.entered[v] = g;
            work.reached.push(node);
        }
        if rule.targets[v] {
            return true;
        }
        if work.reach(g, next) {
            work.queue.push_back(next);
        }
    }
    false
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use hexmap::trace::{ByNode, Obstacle, Refusal, RoadChain, Targets, search};
    use proptest::prelude::*;

    /// The hex crate's search, in this module's terms: `None` for a path, else the frontier.
    fn theirs(
        map: &HexMap,
        chain: RoadChain,
        targets: &[bool],
        blocked: &[bool],
        start: usize,
    ) -> Option<Vec<(usize, Edge)>> {
        let bound = chain.rule().bind(map).unwrap();
        let hexes = (0..map.len())
            .filter(|&n| targets[n])
            .map(|n| map.hexes()[n].hex);
        let targets = Targets::new(map, hexes);
        let free = ByNode(|n: NodeIndex<u32>| blocked[n.index()].then_some(()));
        let cut = search(&bound, map.hexes()[start].hex, &targets, &free).err()?;
        let node = |h| map.node(h).unwrap().index();
        let edges = cut
            .frontier
            .into_iter()
            .map(|b| {
                let edge = match b.obstacle {
                    Obstacle::NotFree(()) => Edge::NotFree,
                    Obstacle::Refused { from, why } => {
                        let from = node(from);
                        match why {
                            Refusal::OffNetwork { .. } => Edge::OffNetwork { from },
                            Refusal::NotAlong { .. } => Edge::NotAlong { from },
                            Refusal::OutOfBudget { leg: 1 } => Edge::OutOfBudget { from },
                            other => panic!("{other:?}"),
                        }
                    }
                    other => panic!("{other:?}"),
                };
                (node(b.hex), edge)
            })
            .collect();
        Some(edges)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// The same answer, frontier, reasons and refused steps' origins as the hex crate's
        /// search, from every start, for K from 0 to 4, both readings of the last hex, random
        /// blocked hexes and random targets.
        #[test]
        fn the_frontier_is_the_hex_crates_search(
            k in 0u32..5,
            adjoin in any::<bool>(),
            hexes in any::<bool>(),
            blocked_share in 0u64..60,
            seed in any::<u64>(),
            target_count in 1usize..12,
        ) {
            let map = crate::testmap::map(14, seed);
            let len = map.len();
            let mut rng = crate::testmap::Rng(seed);
            let mut next = move || rng.next_u64();
            let blocked: Vec<bool> = (0..len).map(|_| next() % 100 < blocked_share).collect();
            let mut targets = vec![false; len];
            for _ in 0..target_count {
                targets[usize::try_from(next() % len as u64).unwrap()] = true;
            }
            let target = if adjoin { TargetRule::MayAdjoinChain } else { TargetRule::OnChain };
            let reading = if hexes { ChainReading::BetweenNetHexes } else { ChainReading::FollowHexsides };
            let chain = RoadChain::new(k).with_target(target).with_reading(reading);
            let neighbours = if adjoin { Neighbours::table(&map) } else { Neighbours::direct(&map) };
            let rule = Rule { map: &map, neighbours: &neighbours, free_hexes: k, target, chain: reading, targets: &targets, blocked: &blocked, occupied: &[] };
            let mut work = FrontierWork::default();
            for start in (0..len).step_by(3) {
                let found = frontier(&rule, start, &mut work).map(|(e, o)| (e.collect::<Vec<_>>(), o));
                let theirs = theirs(&map, chain, &targets, &blocked, start);
                match (found, theirs) {
                    (Some((ours, o)), Some(all)) if o.any() => {
                        // Cut short at the nearest MAX_FRONTIER (these maps are too small for
                        // the search to stop): what is listed is in theirs, the rest counted.
                        prop_assert!(!o.search_stopped);
                        prop_assert_eq!(ours.len(), crate::limits::MAX_FRONTIER);
                        prop_assert_eq!(ours.len() + o.hexes, all.len());
                        prop_assert!(ours.iter().all(|e| all.contains(e)), "start {}", start);
                    }
                    // Listed in full: the same hexes, reasons and steps.
                    (ours, all) => prop_assert_eq!(ours.map(|(e, _)| e), all, "start {}", start),
                }
            }
        }
    }
}

/// The evidence of a cut unit is bounded on any map: on a map whose road net reaches
/// everywhere but the beach, the search stops after `MAX_EXPLORED` states and lists the
/// nearest `MAX_FRONTIER` hexes, and the report says what it left out; the verdict is the
/// tracer's, unchanged. A scenario or position beyond the limits, built in code, is refused as
/// one read from a file is.
#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod limits {
    use crate::limits::{MAX_EXPLORED, MAX_FREE_HEXES, MAX_FRONTIER, MAX_UNITS};
    use crate::{ErrorKind, LocRules, Position, Rating, Scenario, Side, State, Unit, score};
    use hexmap::HexMap;
    use wargame_kit::resolve::MemoryResolver;

    /// 70 x 70 hexes, roads along every row but the last and the first column, the beach in the far
    /// corner off the roads.
    fn road_grid_text() -> String {
        let n = 70;
        let mut roads = Vec::new();
        for r in 1..n {
            let row: Vec<String> = (1..n).map(|c| format!("\"{r:02}{c:02}\"")).collect();
            roads.push(format!("[{}]", row.join(", ")));
        }
        let column: Vec<String> = (1..n).map(|r| format!("\"{r:02}01\"")).collect();
        roads.push(format!("[{}]", column.join(", ")));
        format!(
            "name = \"Road grid\"\n[layout]\norientation = \"flat\"\nlabel = \"row-column\"\nrows = [1, {n}]\ncolumns = [1, {n}]\nshifted = \"odd\"\nrows_grow = \"north\"\ncolumns_grow = \"east\"\n[areas.northern-beach]\nname = \"N\"\nhexes = [\"{n}{n}\"]\n[areas.eastern-beach]\nname = \"E\"\nhexes = [\"{n}{n}\"]\n[hexsides]\nroads = [{}]\n",
            roads.join(", ")
        )
    }

    const STATE: &str = "game = \"leyte\"\nmap = \"grid.toml\"\n[scenario]\nname = \"Limits\"\nactive_beaches = [\"northern-beach\"]\n[[units]]\nid = \"US-1\"\nside = \"us\"\nrating = \"1-1-1\"\nhex = \"3535\"\n";

    #[test]
    fn a_cut_units_evidence_stops_and_says_so() {
        let maps = MemoryResolver::default().with("grid.toml", road_grid_text());
        let state = State::from_toml_str(STATE, None, &maps).unwrap();
        assert!(
            state.map().len() * 2 > MAX_EXPLORED,
            "the map must outgrow the search"
        );
        let report = state.score().unwrap();
        let entry = &report.loc[0];
        assert!(!entry.traced);
        assert_eq!(entry.frontier.as_ref().unwrap().len(), MAX_FRONTIER);
        let omitted = entry.frontier_omitted.unwrap();
        assert!(omitted.search_stopped);
        assert!(omitted.hexes > 0);
        let award = &report.japanese.awards[0];
        assert_eq!((award.vp, award.frontier_omitted), (2, Some(omitted)));
        let stopped = format!("the search stopped after {MAX_EXPLORED} states");
        let text = report.to_string();
        assert!(text.contains(&stopped), "{text}");
        let explained = crate::explain(&state, "US-1").unwrap().to_string();
        assert!(explained.contains(&stopped), "{explained}");
    }

    #[test]
    fn limits_hold_for_states_built_in_code() {
        let map = HexMap::from_toml_str(&road_grid_text(), None).unwrap();
        let rating = Rating::standard("1-1-1").unwrap();
        let wide = Scenario::new("Limits", &["northern-beach"])
            .with_loc(LocRules::default().with_free_hexes(MAX_FREE_HEXES + 1));
        let unit = Unit::new("US-1", Side::Us, rating, map.parse("3535").unwrap());
        let position = Position::new(&map, vec![unit], vec![], vec![]).unwrap();
        let e = score(&map, &wide, &position).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::Limit));
        let hex = map.parse("0101").unwrap();
        let crowd: Vec<Unit> = (0..=MAX_UNITS)
            .map(|i| Unit::new(format!("U{i}"), Side::Us, rating, hex))
            .collect();
        let e = Position::new(&map, crowd, vec![], vec![]).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::Limit));
        assert_eq!(e.diagnostics().len(), 1);
    }
}
