//! One start: the shortest path, or the cut with the reason for each frontier hex.

use std::collections::VecDeque;

use crate::coord::Hex;
use crate::free::FreeTest;
use crate::map::NONE;
use crate::trace::check::without_needless_loops;
use crate::trace::path::Path;
use crate::trace::refusal::{Refusal, refusal};
use crate::trace::rule::TargetRule;
use crate::trace::step::{BoundRule, CBudget};
use crate::trace::targets::Targets;
use crate::trace::why::Why;

/// What stops a path from entering a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Obstacle<R> {
    /// The caller's free test failed, for this reason (an enemy unit, an enemy ZOC, ...).
    NotFree(R),
    /// The rule refused every step into it; `from` is the hex of the first such step.
    Refused {
        /// The hex the refused step came from.
        from: Hex,
        /// Why.
        why: Refusal,
    },
}

/// A hex the search could not enter, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Blocked<R> {
    /// The hex.
    pub hex: Hex,
    /// Why: the free test's reason, or the strongest of the rule's refusals (off a network,
    /// then no feature across the hexside, across a forbidden feature, terrain, the caller's
    /// predicate, out of budget).
    pub obstacle: Obstacle<R>,
    /// Every leg's refusal of a step into it, in leg order (one per leg: its strongest, from
    /// the hex of the first such step): so a cut that [`Blocked::obstacle`] blames on "no rail
    /// across the hexside" also says that the 4-hex leg had spent its hexes there. Empty when
    /// the free test refused it.
    pub refusals: Vec<(Hex, Refusal)>,
}

/// Why no path exists: every hex on the frontier of what was reachable, and what blocks it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cut<R> {
    /// Blocked hexes adjacent to the reachable region, in label order.
    pub frontier: Vec<Blocked<R>>,
    /// How many hexes (start included) a valid path prefix could reach.
    pub reached: usize,
    /// Those hexes, in label order: every hex that some valid path prefix enters, under any
    /// leg. With no target ([`search`] with an empty [`Targets`]) this is the rule's reach
    /// from the start, and [`Cut::frontier`] the hexes next to it with why; it has no costs,
    /// no paths and no zones of control: for a unit's movement, [`movement_range`](crate::movement_range).
    pub reached_hexes: Vec<Hex>,
    /// The reached hex nearest a target, counting steps over the map whatever blocks them,
    /// that target, and the steps between them (ties: the first found breadth-first from the
    /// reached hexes in label order); `None` when no target lies within the walk's bound
    /// ([`NEAREST_WALK_PER_REACHED`](crate::limits::NEAREST_WALK_PER_REACHED) hexes visited per
    /// hex reached), or none is on the map.
    pub nearest: Option<(Hex, Hex, u32)>,
}

/// The state of a search: a node, a leg, whether the leg has taken a step, what it has spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    node: u32,
    leg: u16,
    started: bool,
    used: u32,
    /// Hexes entered so far, and movement points spent over every leg.
    hexes: u32,
    total: u32,
}

/// Trace one path by breadth-first search over (hex, leg, spent), or say why none exists.
///
/// When the first leg counts hexes (or is unlimited) and every later leg is unlimited, as in
/// the [`RoadChain`](crate::RoadChain) preset, the path has the fewest hexes. Otherwise it is a
/// valid path, not always the one with the fewest hexes: the search keeps the cheapest arrival
/// at each (hex, leg) state. A path never enters its start again, under any rule (it is traced
/// from the unit: a way that only exists out and back through the unit's hex is no path). It
/// passes another hex twice only where the rule needs it (a leg that
/// may not be skipped has to walk away and come back): every loop that can be left out with
/// the path still obeying the rule is left out, even where walking it would spend fewer points
/// across legs ([`check_path`](crate::check_path) refuses such a loop).
///
/// `free` answers `None` for a hex a path may enter and `Some(reason)` for one it may not; it is
/// called at most once per hex, and only for hexes the search tries to enter, so explaining a
/// cut unit costs what its legs can reach plus the frontier, and, for [`Cut::nearest`], a
/// breadth-first walk from the hexes reached that stops at the first target or after
/// [`NEAREST_WALK_PER_REACHED`](crate::limits::NEAREST_WALK_PER_REACHED) hexes per hex reached:
/// its neighbourhood, never the whole map.
///
/// With an empty target set no path exists: the answer is always the [`Cut`], whose
/// [`Cut::reached_hexes`] are every hex a valid path prefix enters (for a rule of one leg,
/// the hexes of [`movement_range`](crate::movement_range) with no zone of control) and whose
/// frontier says why each hex next to them is not entered; [`Cut::nearest`] is `None`.
/// [`movement_range`](crate::movement_range) answers movement: each hex's cost and path, and
/// the zones of control.
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// use hexmap::{Obstacle, RoadChain, Targets, search};
///
/// let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .road(["1006", "1007", "1008", "1009"])
///     .build()
///     .unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// let rule = RoadChain::new(3).rule().bind(&map).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]);
/// let nothing_blocks = |_h| None::<()>;
///
/// // From 1002: three free hexes 1003-1005, then the road from 1006.
/// let path = search(&rule, hex("1002"), &targets, &nothing_blocks).unwrap();
/// assert_eq!(path.hexes.len(), 8);
///
/// // From 1001 the fourth hex, 1005, is off the road: cut, and the cut says so.
/// let cut = search(&rule, hex("1001"), &targets, &nothing_blocks).unwrap_err();
/// assert_eq!(cut.frontier.len(), 1);
/// assert_eq!(map.label_text(cut.frontier[0].hex), "1005");
/// assert!(matches!(cut.frontier[0].obstacle, Obstacle::Refused { .. }));
/// ```
pub fn search<R>(
    rule: &BoundRule<'_>,
    start: Hex,
    targets: &Targets,
    free: &impl FreeTest<R>,
) -> Result<Path, Cut<R>> {
    let map = rule.map;
    let Some(s) = map.node(start).map(|n| n.index()) else {
        return Err(Cut {
            frontier: Vec::new(),
            reached: 0,
            reached_hexes: Vec::new(),
            nearest: None,
        });
    };
    let mut search = Search::new(rule, targets);
    let path = search.run(s, free)?;
    Ok(without_needless_loops(rule, path, targets))
}

/// The best end a weighted search has found so far: its (cost, hexes), its last state, and the
/// target stepped into by the exempt last step, if that is how it ends.
type End = ((u32, u32), State, Option<u32>);

/// A search's tables, sized by what it touches.
struct Search<'a, 'm, R> {
    rule: &'a BoundRule<'m>,
    targets: &'a Targets,
    legs: usize,
    /// The start's node: never entered again.
    start: u32,
    /// Some leg counts movement points: the least cost first, not breadth-first.
    weighted: bool,
    /// Best spend per (node, leg, started); `u32::MAX` when not reached.
    best: std::collections::HashMap<(u32, u16, bool), (u32, Option<State>)>,
    /// Free test cache: node -> free, and the reasons of blocked nodes.
    free: std::collections::HashMap<u32, Option<R>>,
    /// Entered nodes.
    entered: std::collections::HashSet<u32>,
    /// The strongest refusal per node, with the node it came from.
    refused: std::collections::HashMap<u32, (Why, u32, u16)>,
    /// The strongest refusal per (node, leg), with the node it came from.
    by_leg: std::collections::HashMap<(u32, u16), (Why, u32)>,
}

impl<'a, 'm, R> Search<'a, 'm, R> {
    fn new(rule: &'a BoundRule<'m>, targets: &'a Targets) -> Self {
        Search {
            rule,
            targets,
            legs: rule.legs.len(),
            start: NONE,
            weighted: (rule.legs.iter()).any(|l| matches!(l.budget, CBudget::Points { .. })),
            best: Default::default(),
            free: Default::default(),
            entered: Default::default(),
            refused: Default::default(),
            by_leg: Default::default(),
        }
    }

    fn is_free(&mut self, n: u32, test: &impl FreeTest<R>) -> bool {
        let map = self.rule.map;
        self.free
            .entry(n)
            .or_insert_with(|| test.blocked(map, n as usize))
            .is_none()
    }

    /// Whether a path may end at `node` in state `st`.
    fn can_end(&self, st: &State) -> bool {
        let leg = &self.rule.legs[usize::from(st.leg)];
        (st.started || leg.skippable) && self.rule.rest_skippable(usize::from(st.leg) + 1)
    }

    /// Whether the last step into a target may leave `st` across any passable hexside
    /// ([`TargetRule`]): from any state a path may end in (`ends_here`), or only from one
    /// whose last leg has entered its hex.
    fn exempt_step(&self, st: &State, ends_here: bool) -> bool {
        match self.rule.target {
            TargetRule::OnChain => false,
            TargetRule::MayAdjoinChain => ends_here,
            TargetRule::MustAdjoinChain => st.started && usize::from(st.leg) + 1 == self.legs,
        }
    }

    fn refuse(&mut self, to: u32, why: Why, from: u32, leg: u16) {
        let e = self.refused.entry(to).or_insert((why, from, leg));
        if why.priority() > e.0.priority() {
            *e = (why, from, leg);
        }
        let e = self.by_leg.entry((to, leg)).or_insert((why, from));
        match (why, e.0) {
            (Why::Budget(_, now), Why::Budget(_, was)) if now < was => *e = (why, from),
            _ if why.priority() > e.0.priority() => *e = (why, from),
            _ => {}
        }
    }

    /// Record the start state.
    fn start_at(&mut self, start: State) {
        self.best
            .insert((start.node, start.leg, start.started), (start.used, None));
    }

    /// Record `next` reached from `prev`; true when it is new or better.
    fn reach(&mut self, next: State, prev: State) -> bool {
        let key = (next.node, next.leg, next.started);
        match self.best.get(&key) {
            Some((u, _)) if *u <= next.used => false,
            _ => {
                self.best.insert(key, (next.used, Some(prev)));
                true
            }
        }
    }

    fn run(&mut self, s: usize, free: &impl FreeTest<R>) -> Result<Path, Cut<R>> {
        let s32 = u32::try_from(s).unwrap_or(NONE);
        self.start = s32;
        let start = State {
            node: s32,
            leg: 0,
            started: false,
            used: 0,
            hexes: 0,
            total: 0,
        };
        self.entered.insert(s32);
        // Movement points: the least cost first (then the fewest hexes, then the breadth-first
        // order); otherwise breadth-first, the first target found ending the search.
        let mut queue = if self.weighted {
            Queue::least_cost()
        } else {
            Queue::breadth_first()
        };
        self.start_at(start);
        queue.push_back(start);
        if self.targets.node(s) {
            return Ok(self.path(start, None));
        }
        // The best end found so far (least cost, then fewest hexes), when weighted.
        let mut end: Option<End> = None;
        while let Some(st) = queue.pop() {
            if let Some((key, last, then)) = end
                && (st.total, st.hexes) >= key
            {
                return Ok(self.path(last, then));
            }
            let key = (st.node, st.leg, st.started);
            if self.best.get(&key).is_some_and(|(u, _)| *u < st.used) {
                continue; // stale
            }
            self.next_leg(st, &mut queue);
            if let Some(path) = self.steps(st, free, &mut queue, &mut end) {
                return Ok(path);
            }
        }
        if let Some((_, last, then)) = end {
            return Ok(self.path(last, then));
        }
        Err(self.cut())
    }

    /// Move on from `st` to the next leg, without a step, when it may.
    fn next_leg(&mut self, st: State, queue: &mut Queue) {
        let li = usize::from(st.leg);
        if li + 1 < self.legs && (st.started || self.rule.legs[li].skippable) {
            let next = State {
                leg: st.leg + 1,
                started: false,
                used: 0,
                ..st
            };
            if self.reach(next, st) {
                queue.push_front(next);
            }
        }
    }

    /// Every step from `st` into a free neighbour: queued, refused (and recorded) or, into a
    /// target, an end. Returns the path when an end stops the search (breadth-first, the
    /// first end does); weighted, the best end so far is kept in `end`.
    fn steps(
        &mut self,
        st: State,
        free: &impl FreeTest<R>,
        queue: &mut Queue,
        end: &mut Option<End>,
    ) -> Option<Path> {
        let map = self.rule.map;
        let ends_here = self.can_end(&st);
        let u = st.node as usize;
        for a in map.adjacency()[u] {
            if a.node == NONE || a.impassable() {
                continue;
            }
            let v = a.node;
            // The start is h0: a path never enters it again, under any rule.
            if v == self.start || !self.is_free(v, free) {
                continue;
            }
            // The exempt last step into a target.
            if self.exempt_step(&st, ends_here) && self.targets.node(v as usize) {
                if !self.weighted {
                    return Some(self.path(st, Some(v)));
                }
                let key = (st.total, st.hexes.saturating_add(1));
                if end.is_none_or(|(k, ..)| key < k) {
                    *end = Some((key, st, Some(v)));
                }
                continue;
            }
            let Some(next) = self.step(st, u, v, a.side()) else {
                continue;
            };
            self.entered.insert(v);
            if self.targets.node(v as usize) && self.can_end(&next) {
                if !self.weighted {
                    self.reach(next, st);
                    return Some(self.path(next, None));
                }
                let key = (next.total, next.hexes);
                if end.is_none_or(|(k, ..)| key < k) && self.reach(next, st) {
                    *end = Some((key, next, None));
                }
                continue;
            }
            if self.reach(next, st) {
                queue.push_back(next);
            }
        }
        None
    }

    /// The state a step from `st` (at node `u`) into `v` across hexside `side` leads to, or
    /// `None` when the leg refuses it (the refusal recorded).
    fn step(&mut self, st: State, u: usize, v: u32, side: crate::Hexside) -> Option<State> {
        let map = self.rule.map;
        let li = usize::from(st.leg);
        let leg = &self.rule.legs[li];
        let step = leg.step_rule(st.started);
        if let Err(why) = step.check(map, u, v as usize, side, li) {
            self.refuse(v, why, st.node, st.leg);
            return None;
        }
        let cost = leg.budget.cost(map, v as usize, side);
        let used = st.used.saturating_add(cost);
        if leg.budget.limit().is_some_and(|l| used > l) {
            self.refuse(v, Why::Budget(st.leg, used), st.node, st.leg);
            return None;
        }
        let points = if matches!(leg.budget, CBudget::Points { .. }) {
            cost
        } else {
            0
        };
        Some(State {
            node: v,
            leg: st.leg,
            started: true,
            used,
            hexes: st.hexes.saturating_add(1),
            total: st.total.saturating_add(points),
        })
    }

    fn path(&self, last: State, then: Option<u32>) -> Path {
        let map = self.rule.map;
        let mut spent = vec![0u32; self.legs];
        let mut rev: Vec<Hex> = then.iter().map(|&t| map.hexes()[t as usize].hex).collect();
        let mut cur = Some(last);
        let mut prev_node = None;
        // Each state is visited once; the bound guards against a cycle of zero-cost steps.
        let mut budget = self.best.len() + 1;
        while let Some(st) = cur {
            budget = budget.saturating_sub(1);
            if budget == 0 {
                break;
            }
            if prev_node != Some(st.node) {
                rev.push(map.hexes()[st.node as usize].hex);
            }
            if let Some(slot) = spent.get_mut(usize::from(st.leg)) {
                *slot = (*slot).max(st.used);
            }
            prev_node = Some(st.node);
            cur = self
                .best
                .get(&(st.node, st.leg, st.started))
                .and_then(|(_, p)| *p);
        }
        rev.reverse();
        Path { hexes: rev, spent }
    }

    fn cut(&mut self) -> Cut<R> {
        let map = self.rule.map;
        let mut nodes: Vec<u32> = self
            .free
            .iter()
            .filter(|(_, r)| r.is_some())
            .map(|(n, _)| *n)
            .chain(self.refused.keys().copied())
            .filter(|n| !self.entered.contains(n))
            .collect();
        nodes.sort_unstable();
        nodes.dedup();
        let mut frontier = Vec::with_capacity(nodes.len());
        for n in nodes {
            let hex = map.hexes()[n as usize].hex;
            let obstacle = match self.free.remove(&n).flatten() {
                Some(r) => Obstacle::NotFree(r),
                None => {
                    let Some(&(why, from, _)) = self.refused.get(&n) else {
                        continue;
                    };
                    Obstacle::Refused {
                        from: map.hexes()[from as usize].hex,
                        why: refusal(self.rule, why),
                    }
                }
            };
            let mut refusals: Vec<(u16, Hex, Refusal)> = if matches!(obstacle, Obstacle::NotFree(_))
            {
                Vec::new()
            } else {
                (0..u16::try_from(self.legs).unwrap_or(u16::MAX))
                    .filter_map(|leg| {
                        let &(why, from) = self.by_leg.get(&(n, leg))?;
                        Some((leg, map.hexes()[from as usize].hex, refusal(self.rule, why)))
                    })
                    .collect()
            };
            refusals.sort_by_key(|r| r.0);
            let refusals = refusals.into_iter().map(|(_, h, r)| (h, r)).collect();
            frontier.push(Blocked {
                hex,
                obstacle,
                refusals,
            });
        }
        let mut entered: Vec<u32> = self.entered.iter().copied().collect();
        entered.sort_unstable();
        let nearest = self.nearest(&entered);
        Cut {
            frontier,
            reached: self.entered.len(),
            reached_hexes: entered
                .into_iter()
                .map(|n| map.hexes()[n as usize].hex)
                .collect(),
            nearest,
        }
    }

    /// The reached node nearest a target over the map's hexsides (blocked or not), breadth-first
    /// from every reached node at once: (that node's hex, the target's hex, the steps).
    fn nearest(&self, entered: &[u32]) -> Option<(Hex, Hex, u32)> {
        let map = self.rule.map;
        let hex = |n: u32| map.hexes().get(n as usize).map(|h| h.hex);
        // node -> (the reached node it was found from, steps)
        let mut seen: std::collections::HashMap<u32, (u32, u32)> = Default::default();
        let mut queue = VecDeque::new();
        for &n in entered {
            seen.insert(n, (n, 0));
            queue.push_back(n);
        }
        let bound = entered
            .len()
            .max(1)
            .saturating_mul(crate::limits::NEAREST_WALK_PER_REACHED);
        while let Some(n) = queue.pop_front() {
            if seen.len() > bound {
                return None;
            }
            let (source, steps) = *seen.get(&n)?;
            if self.targets.node(n as usize) {
                return Some((hex(source)?, hex(n)?, steps));
            }
            for a in map.adjacency().get(n as usize)? {
                if a.node != NONE && !seen.contains_key(&a.node) {
                    seen.insert(a.node, (source, steps.saturating_add(1)));
                    queue.push_back(a.node);
                }
            }
        }
        None
    }
}

/// The search's queue: breadth-first (a deque, a leg changed without a step going first), or,
/// with movement points, the least cost first, then the fewest hexes, then the breadth-first
/// order (a step counter, counting down for a change of leg, which goes first).
enum Queue {
    Fifo(VecDeque<State>),
    Heap {
        heap: std::collections::BinaryHeap<std::cmp::Reverse<(u32, u32, i64, QState)>>,
        count: i64,
    },
}

/// A [`State`] as the heap orders it (its own fields break no tie: the counter does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct QState(State);

impl PartialOrd for QState {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for QState {
    fn cmp(&self, _other: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

impl Queue {
    /// Breadth-first.
    fn breadth_first() -> Queue {
        Queue::Fifo(VecDeque::new())
    }

    /// The least cost first.
    fn least_cost() -> Queue {
        Queue::Heap {
            heap: std::collections::BinaryHeap::new(),
            count: 0,
        }
    }

    fn push_back(&mut self, st: State) {
        match self {
            Queue::Fifo(q) => q.push_back(st),
            Queue::Heap { heap, count } => {
                *count = count.saturating_add(1);
                heap.push(std::cmp::Reverse((st.total, st.hexes, *count, QState(st))));
            }
        }
    }

    fn push_front(&mut self, st: State) {
        match self {
            Queue::Fifo(q) => q.push_front(st),
            Queue::Heap { heap, count } => {
                *count = count.saturating_add(1);
                heap.push(std::cmp::Reverse((st.total, st.hexes, -*count, QState(st))));
            }
        }
    }

    fn pop(&mut self) -> Option<State> {
        match self {
            Queue::Fifo(q) => q.pop_front(),
            Queue::Heap { heap, .. } => heap.pop().map(|std::cmp::Reverse((.., s))| s.0),
        }
    }
}
