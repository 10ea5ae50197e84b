//! All units at once: prepare once per position, then answer each unit.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::coord::Hex;
use crate::free::{ByNode, FreeTest};
use crate::map::{HexMap, NONE};
use crate::trace::path::Path;
use crate::trace::search::search;
use crate::trace::step::{BoundRule, CBudget};
use crate::trace::targets::Targets;

/// The leg ends here; the path goes on with the next leg (or ends).
const HERE: u32 = u32::MAX - 1;

/// Answers many starts against one rule, one set of targets and one free test.
///
/// Preparation evaluates the free test once per hex and works backward from the targets over
/// every leg but a bounded first one; each start is then a search of its first leg only, or a
/// table look-up. Every rule is traced alike, the [`RoadChain`](crate::RoadChain) preset's
/// too (the preset's own plan, compiled once per map, is [`ChainPlan`](crate::ChainPlan)).
/// The answer (traced or not) is the same as [`crate::trace::search`]'s, and a path
/// ([`Tracer::trace`]) is `search`'s own: the fewest hexes under hex counts, the least cost
/// (then the fewest hexes) under movement points; it never enters the start again, and passes
/// another hex twice only where the rule makes a leg walk away and come back. (The backward
/// tables cannot tell the start from a hex entered again: where a rule's later legs may pass
/// through a start's hex, and a state entered under way there is not as good as one the start
/// skips to, the start is answered by [`crate::trace::search`].)
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation, RoadChain, Targets, Tracer};
///
/// let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .road(["1006", "1007", "1008", "1009"])
///     .build()
///     .unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// let rule = RoadChain::new(3).rule().bind(&map).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]).unwrap();
/// let tracer = Tracer::new(&rule, &targets, &|_h| None::<()>);
/// let starts = [hex("1002"), hex("1001")];
/// assert_eq!(tracer.traced_all(&starts), [true, false]);
/// let path = tracer.trace(hex("1002")).unwrap();
/// assert_eq!(map.label_text(*path.hexes.last().unwrap()), "1009");
/// ```
#[derive(Clone, Debug)]
pub struct Tracer<'r, 'm> {
    rule: &'r BoundRule<'m>,
    targets: &'r Targets,
    /// By graph node: whether a path may enter it (owned, or the caller's table borrowed).
    free: Cow<'r, [bool]>,
    plan: Tables,
}

/// The backward tables of a rule's legs, worked from the targets: the tracer's plan.
#[derive(Clone, Debug)]
struct Tables {
    first: usize,
    /// Per node: `HERE` for a target, an adjacent target for the exempt last step, or NONE.
    end: Vec<u32>,
    /// Per leg `i >= first`: per node, how a path that starts leg `i` there finishes: `HERE`
    /// (skip the leg), the node its first step enters, or NONE.
    start: Vec<Vec<u32>>,
    /// Per node: a walk of the tables may enter it under way in a leg `i >= first`, and a walk
    /// from a start there may need to (the rule has a leg whose first step has a rule of its
    /// own or that may not be skipped, or an exempt last step that must leave a hex the last
    /// leg entered): the tables, which cannot tell the start from a hex entered again, answer
    /// a start there only with [`crate::trace::search`]'s confirmation.
    revisit: Vec<bool>,
}

/// Reusable per-start search space, sized by the map; keep one to trace many positions
/// without allocating ([`Tracer::trace_with`]).
#[derive(Clone, Debug, Default)]
pub struct TraceScratch {
    stamp: Vec<u32>,
    used: Vec<u32>,
    generation: u32,
}

impl TraceScratch {
    /// Scratch for maps of `len` hexes.
    pub fn new(len: usize) -> Self {
        TraceScratch {
            stamp: vec![0; len],
            // Sized on first use: only the general plan's first-leg search spends budgets.
            used: Vec::new(),
            ..TraceScratch::default()
        }
    }

    fn begin(&mut self, len: usize) -> u32 {
        if self.stamp.len() != len {
            *self = TraceScratch::new(len);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }
}

impl<'r, 'm> Tracer<'r, 'm> {
    /// Prepare: evaluate the free test once per hex and work backward from the targets.
    pub fn new<R>(rule: &'r BoundRule<'m>, targets: &'r Targets, free: &impl FreeTest<R>) -> Self {
        let map = rule.map;
        let free: Vec<bool> = (0..map.len())
            .map(|n| free.blocked(map, n).is_none())
            .collect();
        Tracer::prepare(rule, targets, Cow::Owned(free))
    }

    /// Prepare from the caller's own table of free hexes by graph node (`true`: a path may
    /// enter it), borrowed rather than copied: no free test is called. A table shorter than the
    /// map counts the missing nodes as blocked.
    ///
    /// ```
    /// # use hexmap::{Layout, MapBuilder, Orientation, RoadChain, Targets, Tracer};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
    /// #     .road(["1006", "1007", "1008", "1009"]).build().unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let rule = RoadChain::new(3).rule().bind(&map).unwrap();
    /// let targets = Targets::new(&map, [hex("1009")]).unwrap();
    /// let mut free = vec![true; map.len()];
    /// free[map.node(hex("1007")).unwrap().index()] = false; // an enemy on the road
    /// let tracer = Tracer::with_free_table(&rule, &targets, &free);
    /// assert_eq!(tracer.traced_all(&[hex("1002"), hex("1008")]), [false, true]);
    /// ```
    pub fn with_free_table(
        rule: &'r BoundRule<'m>,
        targets: &'r Targets,
        free: &'r [bool],
    ) -> Self {
        Tracer::prepare(rule, targets, fitted(rule.map, free))
    }

    fn prepare(rule: &'r BoundRule<'m>, targets: &'r Targets, free: Cow<'r, [bool]>) -> Self {
        let plan = legs_plan(rule, targets, &free);
        Tracer {
            rule,
            targets,
            free,
            plan,
        }
    }

    /// [`Tracer::reset`] from the caller's table of free hexes by graph node, borrowed.
    pub fn reset_free_table(&mut self, free: &'r [bool]) {
        self.free = fitted(self.rule.map, free);
        self.replan();
    }

    /// Prepare again for a new position (a new free test), with the same rule and targets,
    /// reusing this tracer's tables: what a bot calls after every move.
    ///
    /// ```
    /// # use hexmap::{Layout, MapBuilder, Orientation, RoadChain, Targets, Tracer};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
    /// #     .road(["1006", "1007", "1008", "1009"]).build().unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let rule = RoadChain::new(3).rule().bind(&map).unwrap();
    /// let targets = Targets::new(&map, [hex("1009")]).unwrap();
    /// let mut tracer = Tracer::new(&rule, &targets, &|_h| None::<()>);
    /// assert!(tracer.traced(hex("1002")));
    /// let enemy = hex("1007");
    /// tracer.reset(&|h| (h == enemy).then_some(()));   // the enemy moved onto the road
    /// assert!(!tracer.traced(hex("1002")));
    /// ```
    pub fn reset<R>(&mut self, free: &impl FreeTest<R>) {
        let map = self.rule.map;
        let table = self.free.to_mut();
        table.clear();
        table.extend((0..map.len()).map(|n| free.blocked(map, n).is_none()));
        self.replan();
    }

    /// Work backward from the targets again, reusing the tables.
    fn replan(&mut self) {
        self.plan = legs_plan(self.rule, self.targets, &self.free);
    }

    /// Whether the hex passed the free test.
    pub fn is_free(&self, hex: Hex) -> bool {
        self.rule
            .map
            .node(hex)
            .is_some_and(|n| self.free[n.index()])
    }

    /// The path from `start`, if one exists.
    pub fn trace(&self, start: Hex) -> Option<Path> {
        let mut scratch = TraceScratch::new(self.rule.map.len());
        self.trace_with(start, &mut scratch)
    }

    /// Whether `start` traces, without building the path.
    pub fn traced(&self, start: Hex) -> bool {
        let mut scratch = TraceScratch::new(self.rule.map.len());
        self.is_traced(start, &mut scratch)
    }

    /// Every start's path (or `None`), in order.
    pub fn trace_all(&self, starts: &[Hex]) -> Vec<Option<Path>> {
        let mut scratch = TraceScratch::new(self.rule.map.len());
        starts
            .iter()
            .map(|s| self.trace_with(*s, &mut scratch))
            .collect()
    }

    /// Whether each start traces, in order, without building paths.
    pub fn traced_all(&self, starts: &[Hex]) -> Vec<bool> {
        let mut scratch = TraceScratch::new(self.rule.map.len());
        starts
            .iter()
            .map(|s| self.is_traced(*s, &mut scratch))
            .collect()
    }

    /// Whether each start traces, with the caller's scratch space: with a tracer prepared
    /// again by [`Tracer::reset_free_table`], answering a position allocates only the answer.
    /// Not covered by semver: the scratch space is [`crate::internal::TraceScratch`].
    pub fn traced_all_with(&self, starts: &[Hex], scratch: &mut TraceScratch) -> Vec<bool> {
        starts.iter().map(|s| self.is_traced(*s, scratch)).collect()
    }

    /// The path from `start`, using the caller's scratch space. Not covered by semver: the
    /// scratch space is [`crate::internal::TraceScratch`].
    pub fn trace_with(&self, start: Hex, scratch: &mut TraceScratch) -> Option<Path> {
        let s = self.rule.map.node(start)?.index();
        if self.targets.node(s) {
            return Some(Path::new(vec![start]));
        }
        self.path_by_search(&self.plan, scratch, s)
    }

    /// Whether `start` traces, using the caller's scratch space (no path is built).
    fn is_traced(&self, start: Hex, scratch: &mut TraceScratch) -> bool {
        let Some(s) = self.rule.map.node(start).map(|n| n.index()) else {
            return false;
        };
        if self.targets.node(s) {
            return true;
        }
        let t = &self.plan;
        let walk = match t.first {
            0 => t.start[0][s] != NONE,
            _ => self.first_leg(s, t, scratch),
        };
        walk && (!t.revisit[s] || self.by_search(s))
    }

    /// Whether [`crate::trace::search`] finds a path from node `s` (which never enters `s`
    /// again).
    fn by_search(&self, s: usize) -> bool {
        let free = ByNode(|n: petgraph::graph::NodeIndex<u32>| {
            (!self.free.get(n.index()).copied().unwrap_or(false)).then_some(())
        });
        let start = self.rule.map.hexes()[s].hex;
        search(self.rule, start, self.targets, &free).is_ok()
    }

    /// The path from node `s` (not a target) under a rule the backward tables answer: the one
    /// [`crate::trace::search`] finds (the fewest hexes under hex counts, the least cost under
    /// movement points), when the tables say there is one. The tables keep each leg's best
    /// continuation on its own, and a first leg searched to the nearest hex where the next leg
    /// can start may then walk back over its own hexes: the answer is right, the path would
    /// not be a shortest or a simple one.
    fn path_by_search(&self, t: &Tables, scratch: &mut TraceScratch, s: usize) -> Option<Path> {
        let traced = match t.first {
            0 => t.start[0][s] != NONE,
            _ => self.first_leg(s, t, scratch),
        };
        if !traced {
            return None;
        }
        let free = ByNode(|n: petgraph::graph::NodeIndex<u32>| {
            (!self.free.get(n.index()).copied().unwrap_or(false)).then_some(())
        });
        let start = self.rule.map.hexes()[s].hex;
        search(self.rule, start, self.targets, &free).ok()
    }

    /// Search leg 0 forward from `s` (it has a budget): whether it reaches a hex where leg 1
    /// can start.
    fn first_leg(&self, s: usize, t: &Tables, scratch: &mut TraceScratch) -> bool {
        let rule = self.rule;
        let map = rule.map;
        let leg = &rule.legs[0];
        let exempt_once_entered = rule.legs.len() == 1 && rule.target.exempt_from_last_leg();
        if !leg.skippable || leg.join.is_some() || exempt_once_entered {
            // A first leg that must take a step, or whose first step has a rule of its own,
            // or (the only leg) from whose hexes the exempt last step may leave only once it
            // entered them, may have to leave the start and come back
            // through it; the per-hex tables below cannot tell those two visits apart, the
            // search's (hex, leg, started) states can.
            return self.by_search(s);
        }
        let limit = leg.budget.limit().unwrap_or(u32::MAX);
        let can_finish = |v: usize| {
            t.start[1].get(v).is_some_and(|&x| x != NONE) || {
                // Leg 1 does not exist: the rule has one leg; finish on an end hex.
                rule.legs.len() == 1 && t.end[v] != NONE
            }
        };
        let g = scratch.begin(map.len());
        if leg.skippable && can_finish(s) {
            return true;
        }
        scratch.stamp[s] = g;
        if scratch.used.len() != map.len() {
            scratch.used = vec![0; map.len()];
        }
        scratch.used[s] = 0;
        let mut queue: VecDeque<(u32, u32, bool)> = VecDeque::from([(s as u32, 0, false)]);
        let adj = map.adjacency();
        while let Some((u, used, started)) = queue.pop_front() {
            let u = u as usize;
            if scratch.used[u] < used {
                continue;
            }
            for a in adj[u] {
                let v = a.node as usize;
                if a.node == NONE || a.impassable() || !self.free[v] {
                    continue;
                }
                let step = leg.step_rule(started);
                if step.check(map, u, v, a.side(), 0).is_err() {
                    continue;
                }
                let nu = used.saturating_add(leg.budget.cost(map, v, a.side()));
                if nu > limit || (scratch.stamp[v] == g && scratch.used[v] <= nu) || v == s {
                    continue;
                }
                scratch.stamp[v] = g;
                scratch.used[v] = nu;
                if can_finish(v) {
                    return true;
                }
                queue.push_back((v as u32, nu, true));
            }
        }
        false
    }
}

/// The caller's table as is when it covers the map; else a copy padded with blocked nodes.
fn fitted<'r>(map: &HexMap, free: &'r [bool]) -> Cow<'r, [bool]> {
    if free.len() == map.len() {
        Cow::Borrowed(free)
    } else {
        let mut own = vec![false; map.len()];
        for (slot, f) in own.iter_mut().zip(free) {
            *slot = *f;
        }
        Cow::Owned(own)
    }
}

/// Backward tables for any rule.
fn legs_plan(rule: &BoundRule<'_>, targets: &Targets, free: &[bool]) -> Tables {
    let n_legs = rule.legs.len();
    let first = usize::from(rule.legs[0].budget.limit().is_some());
    let end = ends(rule, targets, free);
    let mut start: Vec<Vec<u32>> = vec![Vec::new(); n_legs + 1];
    // "Start of leg n" is the end of the path.
    start[n_legs] = end
        .iter()
        .map(|&e| if e == NONE { NONE } else { HERE })
        .collect();
    // Where the last leg may be skipped: where the path may end, but where the exempt last
    // step must leave a hex that leg entered, on a target only.
    let on_target: Option<Vec<u32>> = rule.target.exempt_from_last_leg().then(|| {
        end.iter()
            .map(|&e| if e == HERE { HERE } else { NONE })
            .collect()
    });
    let mut revisit = vec![false; rule.map.len()];
    for i in (first..n_legs).rev() {
        let dist = leg_under_way(rule, i, &start[i + 1], free);
        if !under_way_is_needless(rule, i) {
            for (r, &d) in revisit.iter_mut().zip(&dist) {
                *r |= d != u32::MAX;
            }
        }
        let skip_to = match &on_target {
            Some(t) if i + 1 == n_legs => t,
            _ => &start[i + 1],
        };
        start[i] = leg_starts(rule, i, &dist, skip_to, free);
    }
    Tables {
        first,
        end,
        start,
        revisit,
    }
}

/// Whether leg `i` under way at a start's hex is never better than the leg not started there,
/// to which the start skips: the legs up to it may be skipped, its first step takes every step
/// its steps take (it has no rule of its own, or it goes into the network of the features its
/// steps go along or between, as the [`RoadChain`](crate::RoadChain) preset's chain), and the
/// exempt last step does not need it under way. Then a path never has to come back through
/// its start in that leg.
fn under_way_is_needless(rule: &BoundRule<'_>, i: usize) -> bool {
    use crate::trace::rule::StepRule;
    let Some(leg) = rule.rule.legs.get(i) else {
        return false;
    };
    let takes_every_step = match (&leg.join, &leg.steps) {
        (None, _) => true,
        (Some(StepRule::IntoNetwork(net)), StepRule::Along(along) | StepRule::Between(along)) => {
            along.iter().all(|f| net.contains(f))
        }
        _ => false,
    };
    let last_under_way = i + 1 == rule.legs.len() && rule.target.exempt_from_last_leg();
    (rule.legs.iter().take(i + 1)).all(|l| l.skippable) && takes_every_step && !last_under_way
}

/// Per node, where a path may end: `HERE` on a target, the adjacent target of the exempt last
/// step, or NONE.
fn ends(rule: &BoundRule<'_>, targets: &Targets, free: &[bool]) -> Vec<u32> {
    let adj = rule.map.adjacency();
    let mut end = vec![NONE; rule.map.len()];
    for t in targets.iter_nodes() {
        end[t] = HERE;
    }
    if rule.target.exempts_last_step() {
        for t in targets.iter_nodes() {
            if !free[t] {
                continue;
            }
            for a in adj[t] {
                if a.node != NONE && !a.impassable() && end[a.node as usize] == NONE {
                    end[a.node as usize] = u32::try_from(t).unwrap_or(NONE);
                }
            }
        }
    }
    end
}

/// Leg `i` under way, worked backward from where leg `i + 1` starts (`after`): per node the
/// least still to spend to finish the leg.
fn leg_under_way(rule: &BoundRule<'_>, i: usize, after: &[u32], free: &[bool]) -> Vec<u32> {
    let map = rule.map;
    let len = map.len();
    let adj = map.adjacency();
    let leg = &rule.legs[i];
    let limit = leg.budget.limit();
    let mut dist = vec![u32::MAX; len];
    let mut heap = BinaryHeap::new();
    let mut fifo = VecDeque::new();
    let weighted = matches!(leg.budget, CBudget::Points { .. });
    for v in 0..len {
        if after[v] != NONE {
            dist[v] = 0;
            if weighted {
                heap.push(Reverse((0u32, v)));
            } else {
                fifo.push_back(v);
            }
        }
    }
    loop {
        let (d, x) = if weighted {
            match heap.pop() {
                Some(Reverse((d, x))) => (d, x),
                None => break,
            }
        } else {
            match fifo.pop_front() {
                Some(x) => (dist[x], x),
                None => break,
            }
        };
        if d > dist[x] || !(free[x] || dist[x] == 0) {
            continue;
        }
        for a in adj[x] {
            let w = a.node as usize;
            if a.node == NONE || a.impassable() {
                continue;
            }
            // The step w -> x, x entered: x must be free.
            if !free[x] || leg.steps.check(map, w, x, a.side(), i).is_err() {
                continue;
            }
            let nd = d.saturating_add(leg.budget.cost(map, x, a.side()));
            if limit.is_some_and(|l| nd > l) || nd >= dist[w] {
                continue;
            }
            dist[w] = nd;
            if weighted {
                heap.push(Reverse((nd, w)));
            } else {
                fifo.push_back(w);
            }
        }
    }
    dist
}

/// Per node, how starting leg `i` there finishes: skip it (`HERE`, where `after` allows: where
/// leg `i + 1` starts, or for the last leg where the path may end without it), or a first step
/// (by the join rule) into the node entered, from which the leg finishes within its budget
/// (`dist`, [`leg_under_way`]); NONE when neither.
fn leg_starts(
    rule: &BoundRule<'_>,
    i: usize,
    dist: &[u32],
    after: &[u32],
    free: &[bool],
) -> Vec<u32> {
    let map = rule.map;
    let len = map.len();
    let adj = map.adjacency();
    let leg = &rule.legs[i];
    let limit = leg.budget.limit();
    let mut st = vec![NONE; len];
    if leg.skippable {
        for v in 0..len {
            if after[v] != NONE {
                st[v] = HERE;
            }
        }
    }
    for w in 0..len {
        if dist[w] == u32::MAX || !free[w] {
            continue;
        }
        for a in adj[w] {
            let v = a.node as usize;
            if a.node == NONE || a.impassable() || st[v] != NONE {
                continue;
            }
            if leg.step_rule(false).check(map, v, w, a.side(), i).is_err() {
                continue;
            }
            let total = dist[w].saturating_add(leg.budget.cost(map, w, a.side()));
            if limit.is_some_and(|l| total > l) {
                continue;
            }
            st[v] = u32::try_from(w).unwrap_or(NONE);
        }
    }
    st
}
