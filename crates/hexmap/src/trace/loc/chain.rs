//! The road chain's steps as a compact table ([`ChainNet`]), and the chain as a tree toward the
//! targets (for paths), built once per plan.

use std::collections::VecDeque;

use crate::map::{Adj, HexMap, NONE};
use crate::trace::Targets;
use crate::trace::rule::{ChainReading, TargetRule};

/// The steps a road chain may take, node to node (in the map's adjacency order), as a compact
/// table: the tree of a position's chain reads only this, not the whole adjacency.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChainNet {
    /// Node `n`'s steps are `next[first[n]..first[n + 1]]`.
    first: Vec<u32>,
    /// The nodes a step reaches.
    next: Vec<u32>,
}

impl ChainNet {
    /// The chain's steps on `map` under `reading`: a passable hexside with a road or trail
    /// ([`ChainReading::FollowHexsides`]), or any passable hexside between two hexes of the
    /// road/trail net ([`ChainReading::BetweenNetHexes`]).
    pub(crate) fn new(map: &HexMap, reading: ChainReading) -> ChainNet {
        let hexes = map.hexes();
        let mut first = Vec::with_capacity(hexes.len().saturating_add(1));
        let mut next = Vec::new();
        first.push(0);
        let on_net = |n: usize| hexes.get(n).is_some_and(|h| h.on_road_net);
        for (c, sides) in map.adjacency().iter().enumerate() {
            for a in sides {
                if a.node == NONE || a.impassable() {
                    continue;
                }
                if along(reading, on_net, c, *a) {
                    next.push(a.node);
                }
            }
            // A map has at most `MAX_HEXES` hexes, six steps each: far below `u32::MAX`.
            first.push(u32::try_from(next.len()).unwrap_or(u32::MAX));
        }
        ChainNet { first, next }
    }

    /// The nodes one chain step from node `c`.
    pub(crate) fn steps(&self, c: usize) -> &[u32] {
        let at = |i: usize| self.first.get(i).map_or(0, |&f| f as usize);
        self.next
            .get(at(c)..at(c.saturating_add(1)))
            .unwrap_or_default()
    }
}

/// Whether the chain may step from node `c` across the passable hexside `a` (to a hex of the
/// map) under `reading`: the hexside has a road or trail ([`ChainReading::FollowHexsides`]),
/// or both hexes are on the road/trail net ([`ChainReading::BetweenNetHexes`]). The one reading
/// of the chain (L-9), for the flood's bits, the tree of paths and the incremental oracle.
pub(crate) fn along(
    reading: ChainReading,
    on_net: impl Fn(usize) -> bool,
    c: usize,
    a: Adj,
) -> bool {
    match reading {
        ChainReading::BetweenNetHexes => on_net(c) && on_net(a.node as usize),
        _ => a.road_or_trail(),
    }
}

/// The chain as a tree toward the targets, into `tree` (reused): per node, the next hex
/// toward a target along the chain (itself for a hex that ends it), `NONE` off the chain. A
/// breadth-first search from the free targets in node order, so every path is the one the
/// tracer gave before the plan.
pub(crate) fn tree_into(
    tree: &mut Vec<u32>,
    map: &HexMap,
    net: &ChainNet,
    targets: &Targets,
    free: impl Fn(usize) -> bool,
    target: TargetRule,
) {
    let hexes = map.hexes();
    let adj = map.adjacency();
    tree.clear();
    tree.resize(hexes.len(), NONE);
    let mut queue = VecDeque::new();
    let own = |n: usize| u32::try_from(n).unwrap_or(NONE);
    for n in targets.iter_nodes() {
        if !free(n) {
            continue;
        }
        match target {
            TargetRule::MayAdjoinChain => tree[n] = own(n),
            _ => {
                if hexes[n].on_road_net {
                    tree[n] = own(n);
                    queue.push_back(n);
                }
            }
        }
    }
    if target == TargetRule::MayAdjoinChain {
        // Road hexes that run into a target across any passable hexside.
        for t in targets.iter_nodes() {
            if tree[t] == NONE {
                continue;
            }
            if hexes[t].on_road_net {
                queue.push_back(t);
            }
            for a in adj[t] {
                let y = a.node as usize;
                if a.node != NONE
                    && !a.impassable()
                    && tree[y] == NONE
                    && free(y)
                    && hexes[y].on_road_net
                {
                    tree[y] = own(t);
                    queue.push_back(y);
                }
            }
        }
    }
    while let Some(c) = queue.pop_front() {
        for &y in net.steps(c) {
            let y = y as usize;
            if tree[y] == NONE && free(y) {
                tree[y] = own(c);
                queue.push_back(y);
            }
        }
    }
}
