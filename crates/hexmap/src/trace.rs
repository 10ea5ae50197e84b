//! Constrained path tracing: "K hexes of any terrain, then along roads and trails".
//!
//! A path is `h0, h1, ..., hn` where
//! - `h0` is the start (the unit's hex); it is never tested and never counted;
//! - every step crosses a shared hexside that is not impassable, between on-map hexes;
//! - every `hi` (`i >= 1`) passes the caller's *free* test;
//! - `h1..hK` may be any terrain ([`TraceRules::free_hexes`] is K);
//! - every `hi` with `i > K` is on the road/trail net, and every step `h(i-1) -> hi` with
//!   `i > K + 1` crosses a road or trail hexside: the hexes after the first K form one chain
//!   along the road/trail net;
//! - `hn` is a target (`n = 0` when the start is one). With [`TargetRule::OnChain`] (the literal
//!   reading) the target must itself satisfy the rules above; with
//!   [`TargetRule::MayAdjoinChain`] it may be the hex the chain runs into, across any passable
//!   hexside.
//!
//! Two ways to answer:
//! - [`search`]: a breadth-first search over `(hex, steps so far capped at K+1)` for one start.
//!   It returns the shortest path, or the [`Cut`]: the hexes on the frontier and what blocks each.
//! - [`Tracer`]: prepares once (one flood from the targets along free road/trail hexes, O(map))
//!   and then answers each start with a search of depth at most K+1 around it, so all units of
//!   a position are answered in time linear in the map.

use std::collections::{BTreeMap, VecDeque};

use crate::coord::Hex;
use crate::map::{HexMap, NONE};

/// Whether the target must be on the road/trail chain when the path is longer than K.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TargetRule {
    /// The target is the last hex of the chain and obeys the chain's rules (the literal reading).
    #[default]
    OnChain,
    /// The target may be the hex the chain runs into, across any passable hexside.
    MayAdjoinChain,
}

/// The parameters of a trace: [`TraceRules::new`], then [`TraceRules::with_target`].
///
/// ```
/// use hexmap::{TargetRule, TraceRules};
/// let literal = TraceRules::new(3);
/// assert_eq!(literal, TraceRules::default());
/// let relaxed = TraceRules::new(3).with_target(TargetRule::MayAdjoinChain);
/// assert_eq!((relaxed.free_hexes, relaxed.target), (3, TargetRule::MayAdjoinChain));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TraceRules {
    /// K: how many hexes after the start may be of any terrain.
    pub free_hexes: u32,
    /// Whether the target must be on the chain.
    pub target: TargetRule,
}

impl TraceRules {
    /// K = `free_hexes` hexes of any terrain, then roads and trails, with the target on the
    /// chain ([`TargetRule::OnChain`]).
    pub fn new(free_hexes: u32) -> TraceRules {
        TraceRules {
            free_hexes,
            target: TargetRule::OnChain,
        }
    }

    /// With this target rule.
    pub fn with_target(mut self, target: TargetRule) -> TraceRules {
        self.target = target;
        self
    }
}

impl Default for TraceRules {
    /// K = 3, target on the chain (Leyte's Line of Communications, literal reading).
    fn default() -> Self {
        TraceRules::new(3)
    }
}

/// A set of target hexes.
#[derive(Clone, Debug)]
pub struct Targets {
    nodes: Vec<bool>,
}

impl Targets {
    /// The on-map hexes among `hexes` (others are ignored).
    pub fn new(map: &HexMap, hexes: impl IntoIterator<Item = Hex>) -> Self {
        let mut nodes = vec![false; map.len()];
        for h in hexes {
            if let Some(n) = map.node(h) {
                nodes[n.index()] = true;
            }
        }
        Targets { nodes }
    }

    /// Whether the hex is a target.
    pub fn contains(&self, map: &HexMap, hex: Hex) -> bool {
        map.node(hex).is_some_and(|n| self.nodes[n.index()])
    }

    fn node(&self, n: usize) -> bool {
        self.nodes.get(n).copied().unwrap_or(false)
    }
}

/// A traced path `h0..hn`, start first, target last.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Path {
    /// The hexes, start first.
    pub hexes: Vec<Hex>,
}

impl Path {
    /// A path through these hexes, start first (to verify with [`check_path`]).
    pub fn new(hexes: Vec<Hex>) -> Path {
        Path { hexes }
    }
}

/// What stops a path from entering a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Obstacle<R> {
    /// The caller's free test failed, for this reason.
    NotFree(R),
    /// The hex could only be reached beyond the first K hexes, and it is not on the road/trail
    /// net or not reached across a road or trail hexside.
    OffRoad,
}

/// A hex the search could not enter, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Blocked<R> {
    /// The hex.
    pub hex: Hex,
    /// Why.
    pub obstacle: Obstacle<R>,
}

/// Why no path exists: every hex on the frontier of what was reachable, and what blocks it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cut<R> {
    /// Blocked hexes adjacent to the reachable region, in label order.
    pub frontier: Vec<Blocked<R>>,
    /// How many hexes (start included) a valid path prefix could reach.
    pub reached: usize,
}

/// Trace one path by breadth-first search; the shortest path, or why none exists.
///
/// `free` answers `None` for a hex a path may enter and `Some(reason)` for one it may not; it is
/// called at most once per hex.
///
/// ```
/// use hexmap::{HexMap, Obstacle, Targets, TraceRules, search};
///
/// // Two rows of nine hexes; a road runs 1006-1009 to the target 1009.
/// let map = HexMap::from_toml_str(r#"
/// name = "Two rows"
/// [layout]
/// orientation = "pointy"
/// label = "row-column"
/// rows = [10, 11]
/// columns = [1, 9]
/// shifted = "even"
/// rows_grow = "north"
/// columns_grow = "east"
/// [hexsides]
/// roads = [["1006", "1007", "1008", "1009"]]
/// "#, None)?;
/// let hex = |l: &str| map.parse(l).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]);
/// let rules = TraceRules::new(3);
///
/// // Nothing in the way: three hexes of any terrain, then along the road.
/// let path = search(&map, hex("1002"), &targets, rules, |_| None::<&str>).unwrap();
/// let labels: Vec<String> = path.hexes.iter().map(|h| map.label_text(*h)).collect();
/// assert_eq!(labels, ["1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]);
///
/// // An enemy zone of control on 1004 and 1104: the cut says what blocks the way.
/// let zoc = [hex("1004"), hex("1104")];
/// let free = |h| zoc.contains(&h).then_some("enemy ZOC");
/// let cut = search(&map, hex("1002"), &targets, rules, free).unwrap_err();
/// let frontier: Vec<(String, Obstacle<&str>)> = cut
///     .frontier
///     .iter()
///     .map(|b| (map.label_text(b.hex), b.obstacle.clone()))
///     .collect();
/// assert_eq!(
///     frontier,
///     [
///         ("1004".to_string(), Obstacle::NotFree("enemy ZOC")),
///         ("1104".to_string(), Obstacle::NotFree("enemy ZOC")),
///     ]
/// );
/// assert_eq!(cut.reached, 6); // 1001-1003 and 1101-1103, the start included
/// # Ok::<(), hexmap::Error>(())
/// ```
pub fn search<R>(
    map: &HexMap,
    start: Hex,
    targets: &Targets,
    rules: TraceRules,
    free: impl Fn(Hex) -> Option<R>,
) -> Result<Path, Cut<R>> {
    let Some(s) = map.node(start).map(|n| n.index()) else {
        return Err(Cut {
            frontier: Vec::new(),
            reached: 0,
        });
    };
    if targets.node(s) {
        return Ok(Path { hexes: vec![start] });
    }
    let k = rules.free_hexes as usize;
    let phases = k + 2;
    let hexes = map.hexes();
    let adj = map.adjacency();
    // Free-test cache: 0 unknown, 1 free, 2 blocked (reason kept in `reasons`).
    let mut status = vec![0u8; hexes.len()];
    let mut reasons: BTreeMap<usize, R> = BTreeMap::new();
    let mut is_free = |n: usize, status: &mut Vec<u8>| -> bool {
        if status[n] == 0 {
            match free(hexes[n].hex) {
                None => status[n] = 1,
                Some(r) => {
                    status[n] = 2;
                    reasons.insert(n, r);
                }
            }
        }
        status[n] == 1
    };
    let state = |n: usize, p: usize| n * phases + p;
    let mut parent = vec![u32::MAX; hexes.len() * phases];
    let mut seen = vec![false; hexes.len() * phases];
    let mut entered = vec![false; hexes.len()];
    let mut off_road = vec![false; hexes.len()];
    entered[s] = true;
    seen[state(s, 0)] = true;
    let mut queue = VecDeque::from([(s, 0usize)]);
    let mut found: Option<(usize, usize, usize)> = None; // (node, phase, from-state)
    'bfs: while let Some((u, p)) = queue.pop_front() {
        for a in adj[u] {
            if a.node == NONE || a.side.impassable {
                continue;
            }
            let v = a.node as usize;
            if !is_free(v, &mut status) {
                continue;
            }
            let np = (p + 1).min(k + 1);
            let chain_ok =
                np <= k || (hexes[v].on_road_net && (p < k + 1 || a.side.road_or_trail()));
            if targets.node(v) && (chain_ok || rules.target == TargetRule::MayAdjoinChain) {
                found = Some((v, np, state(u, p)));
                break 'bfs;
            }
            if !chain_ok {
                off_road[v] = true;
                continue;
            }
            entered[v] = true;
            if !seen[state(v, np)] {
                seen[state(v, np)] = true;
                parent[state(v, np)] = u32::try_from(state(u, p)).unwrap_or(u32::MAX);
                queue.push_back((v, np));
            }
        }
    }
    if let Some((v, _, from)) = found {
        let mut rev = vec![hexes[v].hex];
        let mut cur = from;
        loop {
            rev.push(hexes[cur / phases].hex);
            if cur == state(s, 0) {
                break;
            }
            cur = parent[cur] as usize;
            if cur == u32::MAX as usize {
                break;
            }
        }
        rev.reverse();
        return Ok(Path { hexes: rev });
    }
    let mut frontier = Vec::new();
    for n in 0..hexes.len() {
        if entered[n] {
            continue;
        }
        if let Some(r) = reasons.remove(&n) {
            frontier.push(Blocked {
                hex: hexes[n].hex,
                obstacle: Obstacle::NotFree(r),
            });
        } else if off_road[n] {
            frontier.push(Blocked {
                hex: hexes[n].hex,
                obstacle: Obstacle::OffRoad,
            });
        }
    }
    Err(Cut {
        frontier,
        reached: entered.iter().filter(|e| **e).count(),
    })
}

/// Answers many starts against one set of targets and one free test.
///
/// Preparation floods once from the targets along free road/trail hexes (O(map)); each start
/// is then a breadth-first search of depth at most K+1. The answer (traced or not) is the same as
/// [`search`]'s; the path may differ where several shortest paths exist but obeys the same rules.
///
/// ```
/// use hexmap::{HexMap, Targets, TraceRules, Tracer};
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
/// "#, None)?;
/// let hex = |l: &str| map.parse(l).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]);
/// // 1007 is blocked (an enemy unit, say).
/// let tracer = Tracer::new(&map, &targets, TraceRules::new(3), |h| (h == hex("1007")).then_some(()));
/// assert!(!tracer.is_free(hex("1007")));
///
/// // Every start at once: 1008 is beyond the block; the others' road is cut at 1007.
/// let starts = [hex("1002"), hex("1008"), hex("1009")];
/// let traced: Vec<Option<usize>> =
///     tracer.trace_all(&starts).iter().map(|p| p.as_ref().map(|p| p.hexes.len())).collect();
/// assert_eq!(traced, [None, Some(2), Some(1)]);
/// # Ok::<(), hexmap::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tracer<'m> {
    map: &'m HexMap,
    rules: TraceRules,
    targets: &'m Targets,
    free: Vec<bool>,
    /// For hexes from which the rest of a path can follow the chain: the next hex toward a
    /// target (itself for a target that ends the chain); `NONE` otherwise.
    chain: Vec<u32>,
}

impl<'m> Tracer<'m> {
    /// Prepare: evaluate the free test once per hex and flood from the targets.
    pub fn new<R>(
        map: &'m HexMap,
        targets: &'m Targets,
        rules: TraceRules,
        free: impl Fn(Hex) -> Option<R>,
    ) -> Self {
        let hexes = map.hexes();
        let adj = map.adjacency();
        let free: Vec<bool> = hexes.iter().map(|h| free(h.hex).is_none()).collect();
        let mut chain = vec![NONE; hexes.len()];
        let mut queue = VecDeque::new();
        let own = |n: usize| u32::try_from(n).unwrap_or(NONE);
        for n in 0..hexes.len() {
            if !targets.node(n) || !free[n] {
                continue;
            }
            match rules.target {
                TargetRule::OnChain => {
                    if hexes[n].on_road_net {
                        chain[n] = own(n);
                        queue.push_back(n);
                    }
                }
                TargetRule::MayAdjoinChain => {
                    chain[n] = own(n);
                }
            }
        }
        if rules.target == TargetRule::MayAdjoinChain {
            // Road hexes that run into a target across any passable hexside.
            let seeds: Vec<usize> = (0..hexes.len())
                .filter(|&n| chain[n] != NONE && targets.node(n))
                .collect();
            for t in seeds {
                if hexes[t].on_road_net {
                    queue.push_back(t);
                }
                for a in adj[t] {
                    let y = a.node as usize;
                    if a.node != NONE
                        && !a.side.impassable
                        && chain[y] == NONE
                        && free[y]
                        && hexes[y].on_road_net
                    {
                        chain[y] = own(t);
                        queue.push_back(y);
                    }
                }
            }
        }
        while let Some(c) = queue.pop_front() {
            for a in adj[c] {
                let y = a.node as usize;
                if a.node != NONE
                    && a.side.road_or_trail()
                    && !a.side.impassable
                    && chain[y] == NONE
                    && free[y]
                {
                    chain[y] = own(c);
                    queue.push_back(y);
                }
            }
        }
        Tracer {
            map,
            rules,
            targets,
            free,
            chain,
        }
    }

    /// Whether the hex passed the free test.
    pub fn is_free(&self, hex: Hex) -> bool {
        self.map.node(hex).is_some_and(|n| self.free[n.index()])
    }

    /// The path from `start`, if one exists.
    pub fn trace(&self, start: Hex) -> Option<Path> {
        let mut scratch = Scratch::new(self.map.len());
        self.trace_with(start, &mut scratch)
    }

    /// Every start's path (or `None`), in order; linear in the map plus a constant per start.
    pub fn trace_all(&self, starts: &[Hex]) -> Vec<Option<Path>> {
        let mut scratch = Scratch::new(self.map.len());
        starts
            .iter()
            .map(|s| self.trace_with(*s, &mut scratch))
            .collect()
    }

    fn trace_with(&self, start: Hex, scratch: &mut Scratch) -> Option<Path> {
        let s = self.map.node(start)?.index();
        let hexes = self.map.hexes();
        if self.targets.node(s) {
            return Some(Path { hexes: vec![start] });
        }
        if self.chain[s] != NONE {
            return Some(self.finish(vec![start], s));
        }
        let k = self.rules.free_hexes as usize;
        let adj = self.map.adjacency();
        scratch.generation = scratch.generation.wrapping_add(1);
        if scratch.generation == 0 {
            scratch.stamp.fill(0);
            scratch.generation = 1;
        }
        let g = scratch.generation;
        scratch.stamp[s] = g;
        scratch.layer.clear();
        scratch.layer.push(s as u32);
        for depth in 1..=k + 1 {
            scratch.next.clear();
            for i in 0..scratch.layer.len() {
                let u = scratch.layer[i] as usize;
                for a in adj[u] {
                    let v = a.node as usize;
                    if a.node == NONE || a.side.impassable || scratch.stamp[v] == g || !self.free[v]
                    {
                        continue;
                    }
                    scratch.stamp[v] = g;
                    scratch.parent[v] = u as u32;
                    if (depth <= k && self.targets.node(v)) || self.chain[v] != NONE {
                        let mut rev = vec![v];
                        let mut cur = v;
                        while cur != s {
                            cur = scratch.parent[cur] as usize;
                            rev.push(cur);
                        }
                        let prefix: Vec<Hex> =
                            rev[1..].iter().rev().map(|&n| hexes[n].hex).collect();
                        return Some(self.finish(prefix, v));
                    }
                    scratch.next.push(v as u32);
                }
            }
            std::mem::swap(&mut scratch.layer, &mut scratch.next);
        }
        None
    }

    /// Append `v` and then follow the chain from `v` to its target.
    fn finish(&self, mut hexes: Vec<Hex>, v: usize) -> Path {
        let all = self.map.hexes();
        if hexes.last() != Some(&all[v].hex) {
            hexes.push(all[v].hex);
        }
        let mut cur = v;
        loop {
            let next = self.chain[cur];
            if next == NONE || next as usize == cur {
                break;
            }
            cur = next as usize;
            hexes.push(all[cur].hex);
        }
        Path { hexes }
    }
}

#[derive(Debug)]
struct Scratch {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    generation: u32,
    layer: Vec<u32>,
    next: Vec<u32>,
}

impl Scratch {
    fn new(n: usize) -> Self {
        Scratch {
            stamp: vec![0; n],
            parent: vec![0; n],
            generation: 0,
            layer: Vec::new(),
            next: Vec::new(),
        }
    }
}

/// Check that a path obeys the rules; `Err` says which rule it breaks. For tests and for
/// verifying paths produced elsewhere.
pub fn check_path<R>(
    map: &HexMap,
    path: &Path,
    targets: &Targets,
    rules: TraceRules,
    free: impl Fn(Hex) -> Option<R>,
) -> Result<(), String> {
    let h = &path.hexes;
    let k = rules.free_hexes as usize;
    let Some(&last) = h.last() else {
        return Err("empty path".into());
    };
    if !targets.contains(map, last) {
        return Err(format!("ends at {}, not a target", map.label_text(last)));
    }
    if !map.contains(h[0]) {
        return Err("starts off the map".into());
    }
    let n = h.len() - 1;
    for i in 1..=n {
        let side = map
            .hexside(h[i - 1], h[i])
            .ok_or_else(|| format!("step {i} does not cross a shared hexside"))?;
        if side.impassable {
            return Err(format!("step {i} crosses an impassable hexside"));
        }
        if free(h[i]).is_some() {
            return Err(format!("h{i} = {} is not free", map.label_text(h[i])));
        }
        let exempt = i == n && rules.target == TargetRule::MayAdjoinChain;
        if i > k && !exempt {
            if !map.on_road_net(h[i]) {
                return Err(format!(
                    "h{i} = {} is off the road/trail net",
                    map.label_text(h[i])
                ));
            }
            if i > k + 1 && !side.road_or_trail() {
                return Err(format!("step {i} does not follow a road or trail"));
            }
        }
    }
    Ok(())
}
