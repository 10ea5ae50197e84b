//! What cuts a unit: the frontier of what its Line of Communications reaches, each hex
//! with the reason it is blocked, on dense tables kept from one unit and one position to the
//! next. Step for step and in the same order as [`crate::trace::search`] for the road-chain
//! rule written as legs ("K hexes of any terrain", then "along road and trail hexsides, joined
//! by a step into a road or trail hex", both skippable): the same hexes, reasons and origins
//! of refused steps (property-tested).

use std::collections::VecDeque;

use super::rule::ChainRule;
use crate::map::{HexMap, Hexside, NONE};
use crate::trace::why::Why;

/// The road/trail net's features, as the rule written as legs names them in its refusals.
const NET: u32 = Hexside::ROAD | Hexside::TRAIL;

/// Why a frontier hex is blocked, by graph node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edge {
    /// The free test refused it.
    NotFree,
    /// The rule refused a step into it from node `from`: off the net, no road or trail across
    /// the hexside, or beyond the first K hexes.
    Refused { why: Why, from: u32 },
}

impl Edge {
    /// The order of reasons of [`crate::trace::search`] ([`Why::priority`]), the free test's
    /// refusal below every rule's: the strongest is kept for each hex.
    fn priority(self) -> u8 {
        match self {
            Edge::NotFree => 0,
            Edge::Refused { why, .. } => why.priority(),
        }
    }

    fn refused(why: Why, from: usize) -> Edge {
        Edge::Refused {
            why,
            from: u32::try_from(from).unwrap_or(NONE),
        }
    }
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

/// The rule and the position the search reads.
pub(crate) struct Rule<'a, F: Fn(usize) -> bool, T: Fn(usize) -> bool> {
    pub(crate) map: &'a HexMap,
    pub(crate) chain: &'a ChainRule,
    pub(crate) is_target: T,
    pub(crate) free: F,
}

/// The search's tables, by graph node, stamped with the search they belong to.
#[derive(Clone, Debug, Default)]
pub(crate) struct CutWork {
    generation: u32,
    best_stamp: Vec<u32>,
    best_used: Vec<u32>,
    entered: Vec<u32>,
    seen: Vec<u32>,
    refused: Vec<Edge>,
    pub(crate) candidates: Vec<u32>,
    queue: VecDeque<State>,
    /// The nodes entered, in the order found (the start first).
    pub(crate) reached: Vec<u32>,
    walk_seen: Vec<u32>,
    walk_from: Vec<u32>,
    walk_queue: VecDeque<u32>,
}

impl CutWork {
    fn begin(&mut self, len: usize) -> u32 {
        if self.entered.len() != len {
            *self = CutWork {
                best_stamp: vec![0; len.saturating_mul(4)],
                best_used: vec![0; len.saturating_mul(4)],
                entered: vec![0; len],
                seen: vec![0; len],
                refused: vec![Edge::NotFree; len],
                walk_seen: vec![0; len],
                walk_from: vec![0; len],
                ..CutWork::default()
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

    pub(crate) fn refused(&self, v: usize) -> Edge {
        self.refused.get(v).copied().unwrap_or(Edge::NotFree)
    }
}

/// What the search found for a unit it could not trace: the frontier (nearest first, at most
/// `max_frontier`, then in node order) in `work.candidates`; how many more it found, and
/// whether it stopped after `max_explored` states. `None` when a target is reached after all.
pub(crate) fn frontier<F: Fn(usize) -> bool, T: Fn(usize) -> bool>(
    rule: &Rule<'_, F, T>,
    start: usize,
    work: &mut CutWork,
    max_explored: usize,
    max_frontier: usize,
) -> Option<(usize, bool)> {
    let g = work.begin(rule.map.len());
    if start >= rule.map.len() || (rule.is_target)(start) {
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
    let mut stopped = false;
    while let Some(st) = work.queue.pop_front() {
        if work.best_stamp[st.key()] == g && work.best_used[st.key()] < st.used {
            continue; // stale
        }
        explored += 1;
        if explored > max_explored {
            stopped = true;
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
        if step_from(rule, start, st, g, work) {
            return None;
        }
    }
    let CutWork {
        candidates,
        entered,
        ..
    } = work;
    // In the order found: the nearest first.
    candidates.retain(|&v| entered.get(v as usize).is_some_and(|&e| e != g));
    let more = candidates.len().saturating_sub(max_frontier);
    candidates.truncate(max_frontier);
    candidates.sort_unstable();
    Some((more, stopped))
}

/// The nodes the last [`frontier`] search entered, the start first then the nearest, at most
/// `limit` of them in node (label) order; and how many more it entered.
pub(crate) fn reached(work: &mut CutWork, limit: usize) -> (&[u32], usize) {
    let listed = work.reached.len().min(limit);
    let more = work.reached.len() - listed;
    let nodes = &mut work.reached[..listed];
    nodes.sort_unstable();
    (nodes, more)
}

/// The shortest walk from `start` to a hex of the road/trail net through free hexes across
/// passable hexsides, start first; the nearest hex in direction order among equals. `None`
/// when no such hex lies within `max_explored` hexes of the walk. Call it after [`frontier`]
/// for the same unit (it shares its search's stamp).
pub(crate) fn walk_to_net<F: Fn(usize) -> bool, T: Fn(usize) -> bool>(
    rule: &Rule<'_, F, T>,
    start: usize,
    work: &mut CutWork,
    max_explored: usize,
) -> Option<Vec<u32>> {
    let hexes = rule.map.hexes();
    let start32 = u32::try_from(start).ok()?;
    if hexes.get(start)?.on_road_net {
        return Some(vec![start32]);
    }
    let g = work.generation;
    let adj = rule.map.adjacency();
    work.walk_queue.clear();
    *work.walk_seen.get_mut(start)? = g;
    work.walk_queue.push_back(start32);
    let mut visited = 0usize;
    while let Some(u) = work.walk_queue.pop_front() {
        visited += 1;
        if visited > max_explored {
            return None;
        }
        for a in adj[u as usize] {
            let v = a.node as usize;
            if a.node == NONE || a.impassable() || work.walk_seen[v] == g || !(rule.free)(v) {
                continue;
            }
            work.walk_seen[v] = g;
            work.walk_from[v] = u;
            if hexes[v].on_road_net {
                // Back along the tree of the walk (never longer than the hexes visited).
                let mut walk = Vec::with_capacity(16);
                walk.push(a.node);
                let mut at = v;
                while at != start && walk.len() <= visited {
                    at = work.walk_from[at] as usize;
                    walk.push(u32::try_from(at).ok()?);
                }
                walk.reverse();
                return Some(walk);
            }
            work.walk_queue.push_back(a.node);
        }
    }
    None
}

/// Every step from state `st`, in direction order, but into the unit's own hex (node
/// `start`: a LOC never enters it again, L-8); true when one reaches a target.
fn step_from<F: Fn(usize) -> bool, T: Fn(usize) -> bool>(
    rule: &Rule<'_, F, T>,
    start: usize,
    st: State,
    g: u32,
    work: &mut CutWork,
) -> bool {
    let u = st.node as usize;
    let hexes = rule.map.hexes();
    for a in rule.map.adjacency()[u] {
        if a.node == NONE || a.impassable() {
            continue;
        }
        let v = a.node as usize;
        if v == start {
            continue;
        }
        if !(rule.free)(v) {
            work.refuse(g, v, Edge::NotFree);
            continue;
        }
        if rule.chain.step_ends(st.leg == 1 && st.started) && (rule.is_target)(v) {
            return true;
        }
        let on_net = hexes[v].on_road_net;
        // Leg 0 takes any step; leg 1 is joined by a step into a hex of the net, then takes
        // the chain's steps (the hexes of a leg 1 under way are on the net).
        let refused = match (st.leg, st.started) {
            (0, _) => None,
            (_, false) => (!on_net).then_some(Why::OffNetwork(NET)),
            (_, true) if rule.chain.along(hexes, u, a) => None,
            (_, true) if on_net => Some(Why::NotAlong(NET)),
            (_, true) => Some(Why::OffNetwork(NET)),
        };
        if let Some(why) = refused {
            work.refuse(g, v, Edge::refused(why, u));
            continue;
        }
        let used = st.used.saturating_add(u32::from(st.leg == 0));
        if st.leg == 0 && used > rule.chain.k() {
            work.refuse(g, v, Edge::refused(Why::Budget(0, used), u));
            continue;
        }
        let next = State {
            node: a.node,
            leg: st.leg,
            started: true,
            used,
        };
        if work.entered[v] != g {
            work.entered[v] = g;
            work.reached.push(a.node);
        }
        if (rule.is_target)(v) {
            return true;
        }
        if work.reach(g, next) {
            work.queue.push_back(next);
        }
    }
    false
}
