//! "K hexes of any terrain, then along the road/trail net" (the [`RoadChain`] preset, which many
//! games' supply lines and Lines of Communications follow) as one plan, compiled once per map
//! and rule: [`ChainPlan`]. It answers everything engines and bots ask of the preset:
//! - a whole position ([`ChainPlan::position`], [`ChainPlan::free_table`]): the free test from
//!   the units (enemy units, enemy zones of control, negated by friendly units) and the chain
//!   (every hex from which the road/trail net leads to a target), as bitsets, the chain flooded
//!   from the targets along the chain's own compact table of steps (each free hex once); then
//!   each unit traced or cut ([`ChainPlan::traced`]) by a search of depth at most K+1;
//! - the path of a traced unit ([`ChainPlan::path`]);
//! - the frontier of a cut one, each hex with its reason, bounded ([`ChainPlan::cut`]);
//! - with the feature `oracle`, every unit kept up to date as units move, arrive and leave
//!   ([`LocOracle`]).
//!
//! The deciding functions: [`ChainPlan::traced`] (a unit's answer: K hexes of any terrain,
//! then the chain), and the rule's readings in `rule.rs` (`ChainRule`: the chain's step, where
//! the chain ends at a target, the zone of control), which every part of the plan asks.
//!
//! The same rule written as legs and run by [`crate::trace::search`] gives the same answers,
//! paths' validity and frontiers (property-tested for both chain readings and both target
//! readings on random maps and positions).

mod chain;
mod cut;
mod first;
mod grid;
#[cfg(feature = "oracle")]
pub(crate) mod oracle;
mod rule;

use chain::{ChainNet, ChainTree};
use first::{Search, first_leg};
use grid::Grid;
use rule::ChainRule;

use crate::coord::Hex;
use crate::map::{HexMap, NONE};
use crate::position::{ZocError, ZocRule};
use crate::trace::path::Path;
use crate::trace::rule::RoadChain;
use crate::trace::targets::Targets;
use crate::trace::why::Why;

/// The [`RoadChain`] preset and a [`ZocRule`] compiled for one map: made once, used for every
/// position ([`ChainWork`] holds what a position needs).
///
/// ```
/// use hexmap::{ChainPlan, ChainWork, Layout, MapBuilder, Orientation, Placed, RoadChain, Targets, ZocRule};
/// use hexmap::{Bounds, ChainBlock};
///
/// let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .road(["1006", "1007", "1008", "1009"])
///     .build()
///     .unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// // Zones of control as the map marks them, negated by a friendly unit.
/// let zoc = ZocRule::new().negated_by_friendly(true);
/// let plan = ChainPlan::new(&map, RoadChain::new(3), &zoc).unwrap();
/// let targets = Targets::new(&map, [hex("1009")]).unwrap();
/// let mut work = ChainWork::default();
/// // Two friendly units, and an enemy whose zone of control covers 1003 and 1005.
/// let units = [
///     Placed::friendly(hex("1002")),
///     Placed::friendly(hex("1006")),
///     Placed::enemy(hex("1004")),
/// ];
/// plan.position(&targets, units, &mut work);
/// assert!(!plan.traced(&targets, &mut work, hex("1002")));
/// assert!(plan.traced(&targets, &mut work, hex("1006")));
/// let path = plan.path(&targets, &mut work, hex("1006")).unwrap();
/// assert_eq!(path.hexes.len(), 4);
/// // 1002 reaches 1001 and no further; 1003 is in the enemy's zone of control.
/// let cut = plan.cut(&targets, &mut work, hex("1002"), &Bounds::default()).unwrap();
/// assert_eq!(cut.frontier, [(hex("1003"), ChainBlock::NotFree)]);
/// assert!(!plan.enemy_on(&work, hex("1003")) && plan.enemy_on(&work, hex("1004")));
/// // The chain's step: along the road, not off it.
/// assert!(plan.chain_step(hex("1006"), hex("1007")) && !plan.chain_step(hex("1005"), hex("1006")));
/// ```
#[derive(Clone, Debug)]
pub struct ChainPlan<'m> {
    map: &'m HexMap,
    /// The rule, resolved: what every part of the plan asks.
    rule: ChainRule,
    net: ChainNet,
    /// The chain's steps by the grid's bits ([`ChainNet::by_bit`]), for the flood.
    net_by_bit: ChainNet,
    grid: Grid,
}

/// A unit placed for [`ChainPlan::position`]: its hex, whether it is of the tracing side, and
/// whether it exerts a zone of control (an enemy's matters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Placed {
    /// Its hex.
    pub hex: Hex,
    /// Of the tracing side.
    pub friendly: bool,
    /// It exerts a zone of control.
    pub exerts_zoc: bool,
}

impl Placed {
    /// A unit of the tracing side.
    pub fn friendly(hex: Hex) -> Placed {
        Placed {
            hex,
            friendly: true,
            exerts_zoc: true,
        }
    }

    /// An enemy unit with a zone of control.
    pub fn enemy(hex: Hex) -> Placed {
        Placed {
            hex,
            friendly: false,
            exerts_zoc: true,
        }
    }

    /// The same unit with or without a zone of control.
    pub fn with_zoc(self, exerts_zoc: bool) -> Placed {
        Placed { exerts_zoc, ..self }
    }
}

/// What one position needs, reused from one position to the next: the free test and the chain
/// as bits, a unit's search space, the chain's tree (made when a path is asked for) and a cut
/// unit's search space.
#[derive(Clone, Debug, Default)]
pub struct ChainWork {
    /// The map this work was sized for (its hexes).
    len: usize,
    free: Vec<u64>,
    enemy: Vec<u64>,
    zoc: Vec<u64>,
    friend: Vec<u64>,
    chain: Vec<u64>,
    search: Search,
    /// The chain as a tree toward the targets, when made for this position.
    tree: ChainTree,
    tree_made: bool,
    /// The chain as a tree without one unit's own hex ([`ChainPlan::loops_through`]).
    avoid: ChainTree,
    cut: cut::CutWork,
    /// The flood's queue of chain hexes whose steps are still to follow.
    queue: Vec<u32>,
}

/// How much a cut unit's evidence may hold ([`ChainPlan::cut`]): a unit costs the same on any
/// map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bounds {
    /// Search states looked at, at most.
    pub explored: usize,
    /// Frontier hexes listed (the nearest).
    pub frontier: usize,
    /// Hexes reached listed (the nearest).
    pub reached: usize,
}

impl Default for Bounds {
    /// 100,000 states, 64 frontier hexes, 256 hexes reached.
    fn default() -> Self {
        Bounds {
            explored: 100_000,
            frontier: 64,
            reached: 256,
        }
    }
}

impl Bounds {
    /// These bounds.
    pub fn new(explored: usize, frontier: usize, reached: usize) -> Bounds {
        Bounds {
            explored,
            frontier,
            reached,
        }
    }
}

/// Why a frontier hex of a cut unit is blocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChainBlock {
    /// The free test refused it: an enemy unit on it ([`ChainPlan::enemy_on`]), else an enemy
    /// zone of control.
    NotFree,
    /// Entered from `from` after the first K hexes, it is off the road/trail net.
    OffNetwork {
        /// The hex of the first such step.
        from: Hex,
    },
    /// On the net, but the hexside crossed from `from` carries no road or trail.
    NotAlong {
        /// The hex of the first such step.
        from: Hex,
    },
    /// Every step into it had spent the K hexes of any terrain.
    OutOfBudget {
        /// The hex of the first such step.
        from: Hex,
    },
}

/// What cuts a unit: the frontier, what it leaves out, and (when the road/trail net is what
/// cut it) what the unit reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChainCut {
    /// The blocked hexes at the edge of what it reaches, the nearest [`Bounds::frontier`], in
    /// label order.
    pub frontier: Vec<(Hex, ChainBlock)>,
    /// Frontier hexes found and not listed.
    pub frontier_omitted: usize,
    /// Whether the search stopped after [`Bounds::explored`] states.
    pub search_stopped: bool,
    /// When a frontier hex is refused by the net (not by the free test): what it reaches.
    pub reach: Option<ChainReach>,
}

/// What a cut unit's Line of Communications reaches before every way on is blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChainReach {
    /// The hexes entered, the unit's own included: the nearest [`Bounds::reached`], in label
    /// order.
    pub hexes: Vec<Hex>,
    /// Hexes entered and not listed.
    pub omitted: usize,
    /// One shortest walk through free hexes to the nearest road/trail hex, start first.
    pub walk_to_net: Option<Vec<Hex>>,
}

impl<'m> ChainPlan<'m> {
    /// Compile `preset` for `map` under the zone-of-control rule `zoc`; refused when the map
    /// lacks a hexside feature or terrain `zoc` names. The preset's only door: the generic
    /// tracers ([`crate::trace::search`], [`crate::trace::Tracer`]) trace its rule
    /// ([`RoadChain::rule`]) as any other.
    pub fn new(
        map: &'m HexMap,
        preset: RoadChain,
        zoc: &ZocRule,
    ) -> Result<ChainPlan<'m>, ZocError> {
        let rule = ChainRule::new(preset, zoc.bind(map)?);
        let (net, grid) = (ChainNet::new(map, &rule), Grid::new(map));
        Ok(ChainPlan {
            map,
            net_by_bit: net.by_bit(&grid),
            net,
            grid,
            rule,
        })
    }

    /// The map.
    pub fn map(&self) -> &'m HexMap {
        self.map
    }

    /// The preset.
    pub fn preset(&self) -> RoadChain {
        self.rule.preset
    }

    fn fit(&self, work: &mut ChainWork) {
        let len = self.map.len();
        if work.len != len || work.free.len() != self.grid.exists.len() {
            *work = ChainWork {
                len,
                free: self.grid.empty(),
                enemy: self.grid.empty(),
                zoc: self.grid.empty(),
                friend: self.grid.empty(),
                chain: self.grid.empty(),
                ..ChainWork::default()
            };
        }
        work.tree_made = false;
    }

    /// Prepare a position from its units: a hex is blocked by an enemy unit on it, or by an
    /// enemy zone of control unless (under the ZOC rule) a friendly unit is on it; then the
    /// chain. Units off the map are ignored.
    pub fn position(
        &self,
        targets: &Targets,
        units: impl IntoIterator<Item = Placed>,
        work: &mut ChainWork,
    ) {
        self.fit(work);
        work.enemy.fill(0);
        work.zoc.fill(0);
        work.friend.fill(0);
        for u in units {
            let Some(n) = self.map.node(u.hex).map(|n| n.index()) else {
                continue;
            };
            if u.friendly {
                self.grid.set(&mut work.friend, n);
                continue;
            }
            self.grid.set(&mut work.enemy, n);
            if u.exerts_zoc {
                for y in self.rule.zoc.of(self.map, n) {
                    self.grid.set(&mut work.zoc, y);
                }
            }
        }
        let negated = self.rule.zoc.negated;
        for (i, f) in work.free.iter_mut().enumerate() {
            let zoc = if negated {
                work.zoc[i] & !work.friend[i]
            } else {
                work.zoc[i]
            };
            *f = self.grid.exists[i] & !work.enemy[i] & !zoc;
        }
        self.flood(targets, work);
    }

    /// Prepare a position from the caller's free test by graph node (`true`: a path may enter
    /// it; nodes beyond the table are blocked), then the chain.
    pub fn free_table(&self, targets: &Targets, free: &[bool], work: &mut ChainWork) {
        self.fit(work);
        work.enemy.fill(0);
        // Every hex free, then the few that are not cleared: a position blocks few hexes.
        work.free.copy_from_slice(&self.grid.exists);
        let len = self.map.len();
        let listed = free.get(..len).unwrap_or(free);
        // By runs of 16 nodes, most of them all free (a fold without an early exit, which the
        // compiler makes word-parallel); only the others hex by hex.
        for (i, run) in listed.chunks(16).enumerate() {
            if run.iter().fold(true, |all, &f| all & f) {
                continue;
            }
            for (j, _) in run.iter().enumerate().filter(|(_, f)| !**f) {
                self.grid.clear(&mut work.free, i * 16 + j);
            }
        }
        for n in listed.len()..len {
            self.grid.clear(&mut work.free, n);
        }
        self.flood(targets, work);
    }

    /// The chain: from the free targets as they root it ([`ChainRule::target_root`]: those
    /// that end it, and the free hexes next to one that run into it), along the chain's steps
    /// through free hexes.
    fn flood(&self, targets: &Targets, work: &mut ChainWork) {
        let (grid, map, rule) = (&self.grid, self.map, &self.rule);
        work.chain.fill(0);
        let hexes = map.hexes();
        work.queue.clear();
        // The queue holds the grid's bits.
        let root = |n: usize, work: &mut ChainWork| {
            if grid.set(&mut work.chain, n)
                && let Some(&b) = grid.bit.get(n)
            {
                work.queue.push(b);
            }
        };
        for t in targets.iter_nodes() {
            if !grid.has(&work.free, t) {
                continue;
            }
            let roots = rule.target_root(hexes, t);
            if roots.on_chain {
                root(t, work);
            }
            if !roots.beside {
                continue;
            }
            for a in map.adjacency()[t] {
                let y = a.node as usize;
                if a.node != NONE
                    && !a.impassable()
                    && rule.runs_into(hexes, y)
                    && grid.has(&work.free, y)
                {
                    root(y, work);
                }
            }
        }
        // From the roots along the chain's own steps (its compact table, by bit): each free
        // hex once.
        while let Some(c) = work.queue.pop() {
            for &y in self.net_by_bit.steps(c as usize) {
                let (w, m) = (y as usize / 64, 1u64 << (y % 64));
                let (Some(&free), Some(chain)) = (work.free.get(w), work.chain.get_mut(w)) else {
                    continue;
                };
                if free & m != 0 && *chain & m == 0 {
                    *chain |= m;
                    work.queue.push(y);
                }
            }
        }
    }

    /// Whether a path may enter the hex in the position prepared.
    pub fn is_free(&self, work: &ChainWork, hex: Hex) -> bool {
        self.node(hex).is_some_and(|n| self.grid.has(&work.free, n))
    }

    /// Whether the hex is on the chain in the position prepared: free, and joined to a target
    /// along the road/trail net (or a free target itself, where that starts the chain).
    pub fn on_chain(&self, work: &ChainWork, hex: Hex) -> bool {
        self.node(hex)
            .is_some_and(|n| self.grid.has(&work.chain, n))
    }

    /// The chain's step: whether the chain may step from `from` to `to`, two adjacent hexes
    /// across a passable hexside, under the preset's [`ChainReading`](crate::ChainReading)
    /// (units aside).
    pub fn chain_step(&self, from: Hex, to: Hex) -> bool {
        let (Some(c), Some(y)) = (self.node(from), self.node(to)) else {
            return false;
        };
        let sides = self.map.adjacency().get(c).into_iter().flatten();
        sides
            .filter(|a| a.node as usize == y && !a.impassable())
            .any(|a| self.rule.along(self.map.hexes(), c, *a))
    }

    /// Whether an enemy unit is on the hex in the position prepared by
    /// [`ChainPlan::position`] (so a blocked hex is blocked by it rather than by a ZOC).
    pub fn enemy_on(&self, work: &ChainWork, hex: Hex) -> bool {
        self.node(hex)
            .is_some_and(|n| self.grid.has(&work.enemy, n))
    }

    pub(crate) fn node(&self, hex: Hex) -> Option<usize> {
        self.map.node(hex).map(|n| n.index())
    }

    /// Whether a unit on `start` traces in the position prepared: it is on a target or on
    /// the chain, or a search of at most K+1 steps through free hexes across passable hexsides
    /// meets a target within K steps or the chain. The deciding function of the rule. The LOC
    /// never enters the unit's hex again: where the unit may not trace from its own hex on the
    /// chain (K = 0, [`TargetRule::MustAdjoinChain`](crate::TargetRule::MustAdjoinChain)),
    /// the chain it meets is the chain without its hex.
    pub fn traced(&self, targets: &Targets, work: &mut ChainWork, start: Hex) -> bool {
        let Some(s) = self.node(start) else {
            return false;
        };
        if self.loops_through(work, s) {
            let ChainWork {
                free,
                search,
                avoid,
                ..
            } = work;
            self.tree_avoiding(targets, free, s, avoid);
            let grid = &self.grid;
            return first_leg(
                self.map,
                self.rule.first_hexes(),
                |n| targets.node(n),
                |n| grid.has(free, n),
                |n| avoid.dist(n).is_some(),
                search,
                s,
            )
            .is_some();
        }
        let ChainWork {
            free,
            chain,
            search,
            ..
        } = work;
        self.first_leg(targets, free, chain, search, s).is_some()
    }

    /// Whether the chain of the position prepared may pass through the unit's own hex (node
    /// `s`) where the unit may not trace from it ([`ChainRule::start_on_chain`]): its hex is on
    /// the chain, yet the LOC must leave it and may never enter it again (L-8's h0). Then the
    /// unit's chain is the chain without its hex ([`ChainPlan::tree_avoiding`]): a chain hex
    /// next to it that reaches a target only through it does not count. Elsewhere no path
    /// of the chain passes a hex off it, and a unit on the chain traces from its own hex.
    fn loops_through(&self, work: &ChainWork, s: usize) -> bool {
        !self.rule.start_on_chain() && self.grid.has(&work.chain, s)
    }

    /// The chain's tree toward the targets through the free hexes `free` but node `s`.
    fn tree_avoiding(&self, targets: &Targets, free: &[u64], s: usize, tree: &mut ChainTree) {
        let grid = &self.grid;
        chain::tree_into(tree, self.map, &self.net, &self.rule, targets, |n| {
            n != s && grid.has(free, n)
        });
    }

    /// The node where the first K hexes (and the step onto the chain) meet a target or the
    /// chain, its parents in `search`; `s` itself when it is on one.
    fn first_leg(
        &self,
        targets: &Targets,
        free: &[u64],
        chain: &[u64],
        search: &mut Search,
        s: usize,
    ) -> Option<usize> {
        let grid = &self.grid;
        first_leg(
            self.map,
            self.rule.first_hexes(),
            |n| targets.node(n),
            |n| grid.has(free, n),
            |n| grid.has(chain, n),
            search,
            s,
        )
    }

    /// The chain's tree toward the targets for the free hexes `free`, into `tree`.
    fn tree_into(&self, targets: &Targets, free: &[u64], tree: &mut ChainTree) {
        let grid = &self.grid;
        chain::tree_into(tree, self.map, &self.net, &self.rule, targets, |n| {
            grid.has(free, n)
        });
    }

    /// The node where the first K hexes (and the step onto the chain) of a shortest path from
    /// node `s` end, its parents in `search`: of the hexes within K+1 steps through free
    /// hexes, the one where the path so far and the chain's distance to a target (`tree`)
    /// add up to the fewest hexes (a target within K: the path so far alone); the first found
    /// breadth-first among equals. `s` itself when that is it.
    fn shortest_first_leg(
        &self,
        targets: &Targets,
        free: &[u64],
        tree: &ChainTree,
        search: &mut Search,
        s: usize,
    ) -> Option<usize> {
        let (map, grid) = (self.map, &self.grid);
        let k = self.rule.k();
        let total = |n: usize, depth: u32| {
            if depth <= k && targets.node(n) {
                Some(depth)
            } else {
                tree.dist(n).map(|d| d.saturating_add(depth))
            }
        };
        // The unit's own hex: a target, or on the chain where the rule lets it trace from there.
        let own = if targets.node(s) {
            Some(0)
        } else if self.rule.start_on_chain() {
            tree.dist(s)
        } else {
            None
        };
        let mut best = own.map(|t| (t, s));
        let adj = map.adjacency();
        let g = search.begin(map.len());
        search.stamp[s] = g;
        search.layer.clear();
        search.layer.push(u32::try_from(s).ok()?);
        for depth in 1..=k.saturating_add(1) {
            if best.is_some_and(|(t, _)| t <= depth) {
                break;
            }
            search.next.clear();
            for i in 0..search.layer.len() {
                let u = search.layer[i] as usize;
                for a in adj[u] {
                    let v = a.node as usize;
                    if a.node == NONE
                        || a.impassable()
                        || search.stamp[v] == g
                        || !grid.has(free, v)
                    {
                        continue;
                    }
                    search.stamp[v] = g;
                    search.parent[v] = u as u32;
                    if let Some(t) = total(v, depth)
                        && best.is_none_or(|(b, _)| t < b)
                    {
                        best = Some((t, v));
                    }
                    search.next.push(a.node);
                }
            }
            std::mem::swap(&mut search.layer, &mut search.next);
        }
        best.map(|(_, v)| v)
    }

    /// The path from node `s` whose first hexes end at `v` (`search` as
    /// [`ChainPlan::shortest_first_leg`] left it), then along `tree`.
    fn path_from(&self, search: &Search, tree: &ChainTree, s: usize, v: usize) -> Path {
        let all = self.map.hexes();
        let mut rev = vec![v];
        let mut cur = v;
        while cur != s && rev.len() <= all.len() {
            cur = search.parent.get(cur).map_or(s, |&p| p as usize);
            rev.push(cur);
        }
        let mut hexes: Vec<Hex> = rev.iter().rev().map(|&n| all[n].hex).collect();
        let mut cur = v;
        while hexes.len() <= all.len().saturating_mul(2) {
            let next = tree.next.get(cur).copied().unwrap_or(NONE);
            if next == NONE || next as usize == cur {
                break;
            }
            cur = next as usize;
            hexes.push(all[cur].hex);
        }
        Path::new(hexes)
    }

    /// The path of a unit on `start` in the position prepared, if it traces: one of the fewest
    /// hexes, as [`crate::trace::search`]'s (the first K hexes and the step onto the chain
    /// chosen so that they and the chain's breadth-first tree from the targets add up to the
    /// fewest; the same path on every call). It passes no hex twice: a hex met twice would
    /// make a shorter path.
    pub fn path(&self, targets: &Targets, work: &mut ChainWork, start: Hex) -> Option<Path> {
        let s = self.node(start)?;
        // (The search below finds nothing exactly when the unit is cut.)
        let tree = if self.loops_through(work, s) {
            self.tree_avoiding(targets, &work.free, s, &mut work.avoid);
            &work.avoid
        } else {
            if !work.tree_made {
                self.tree_into(targets, &work.free, &mut work.tree);
                work.tree_made = true;
            }
            &work.tree
        };
        let v = self.shortest_first_leg(targets, &work.free, tree, &mut work.search, s)?;
        Some(self.path_from(&work.search, tree, s, v))
    }

    /// What cuts a unit on `start` in the position prepared, within `bounds`: `None` when it
    /// traces. The frontier is [`crate::trace::search`]'s for the rule written as legs, with
    /// the same reasons (the strongest for each hex: off the net, then no road across the
    /// hexside, then beyond the K hexes; the free test's refusal when it refuses).
    pub fn cut(
        &self,
        targets: &Targets,
        work: &mut ChainWork,
        start: Hex,
        bounds: &Bounds,
    ) -> Option<ChainCut> {
        let s = self.node(start)?;
        let ChainWork { free, cut, .. } = work;
        let grid = &self.grid;
        let rule = cut::Rule {
            map: self.map,
            chain: &self.rule,
            is_target: |n| targets.node(n),
            free: |n| grid.has(free, n),
        };
        let (more, stopped) = cut::frontier(&rule, s, cut, bounds.explored, bounds.frontier)?;
        let all = self.map.hexes();
        let hex = |n: usize| all.get(n).map_or(Hex::new(0, 0), |h| h.hex);
        let mut net_cut = false;
        let frontier = cut
            .candidates
            .iter()
            .map(|&v| {
                let block = match cut.refused(v as usize) {
                    cut::Edge::NotFree => ChainBlock::NotFree,
                    cut::Edge::Refused { why, from } => {
                        let from = hex(from as usize);
                        match why {
                            Why::OffNetwork(_) => ChainBlock::OffNetwork { from },
                            Why::NotAlong(_) => ChainBlock::NotAlong { from },
                            // The cut refuses nothing else: the first K hexes were spent.
                            _ => ChainBlock::OutOfBudget { from },
                        }
                    }
                };
                net_cut |= block != ChainBlock::NotFree;
                (hex(v as usize), block)
            })
            .collect();
        let reach = net_cut.then(|| {
            let (nodes, omitted) = cut::reached(cut, bounds.reached);
            let hexes = nodes.iter().map(|&n| hex(n as usize)).collect();
            let walk = cut::walk_to_net(&rule, s, cut, bounds.explored)
                .map(|w| w.iter().map(|&n| hex(n as usize)).collect());
            ChainReach {
                hexes,
                omitted,
                walk_to_net: walk,
            }
        });
        Some(ChainCut {
            frontier,
            frontier_omitted: more,
            search_stopped: stopped,
            reach,
        })
    }
}
