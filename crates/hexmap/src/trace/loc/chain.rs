//! The road chain's steps as a compact table ([`ChainNet`]), and the chain as a tree toward the
//! targets (for paths), built once per plan.

use std::collections::VecDeque;

use super::grid::Grid;
use super::rule::ChainRule;
use crate::map::{HexMap, NONE};
use crate::trace::targets::Targets;

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
    /// The chain's steps on `map` under `rule` ([`ChainRule::along`]), across passable
    /// hexsides.
    pub(crate) fn new(map: &HexMap, rule: &ChainRule) -> ChainNet {
        let hexes = map.hexes();
        let mut first = Vec::with_capacity(hexes.len().saturating_add(1));
        let mut next = Vec::new();
        first.push(0);
        for (c, sides) in map.adjacency().iter().enumerate() {
            for a in sides {
                if a.node == NONE || a.impassable() {
                    continue;
                }
                if rule.along(hexes, c, *a) {
                    next.push(a.node);
                }
            }
            // A map has at most `MAX_HEXES` hexes, six steps each: far below `u32::MAX`.
            first.push(u32::try_from(next.len()).unwrap_or(u32::MAX));
        }
        ChainNet { first, next }
    }

    /// The same steps indexed by `grid`'s bits: bit `b`'s steps are the bits of the hexes one
    /// chain step from the hex on bit `b` (none for a bit with no hex). The flood of a
    /// position's chain follows this one, with no look-up from node to bit on the way.
    pub(crate) fn by_bit(&self, grid: &Grid) -> ChainNet {
        let bits = grid.exists.len().saturating_mul(64);
        let mut node_at = vec![NONE; bits];
        for (n, &b) in grid.bit.iter().enumerate() {
            if let Some(slot) = node_at.get_mut(b as usize) {
                *slot = u32::try_from(n).unwrap_or(NONE);
            }
        }
        let mut first = Vec::with_capacity(bits.saturating_add(1));
        let mut next = Vec::with_capacity(self.next.len());
        first.push(0);
        for &n in &node_at {
            if n != NONE {
                next.extend(
                    (self.steps(n as usize).iter()).filter_map(|&y| grid.bit.get(y as usize)),
                );
            }
            first.push(u32::try_from(next.len()).unwrap_or(u32::MAX));
        }
        ChainNet { first, next }
    }

    /// The nodes one chain step from node `c` (or, for a table made by
    /// [`ChainNet::by_bit`], the bits one step from bit `c`).
    pub(crate) fn steps(&self, c: usize) -> &[u32] {
        let at = |i: usize| self.first.get(i).map_or(0, |&f| f as usize);
        self.next
            .get(at(c)..at(c.saturating_add(1)))
            .unwrap_or_default()
    }
}

/// The chain as a tree toward the targets: per node, the next hex toward a target along the
/// chain (itself for a hex that ends it) and how many steps remain to the target (`NONE` off
/// the chain, in both).
#[derive(Clone, Debug, Default)]
pub(crate) struct ChainTree {
    /// Per node: the next hex toward a target.
    pub(crate) next: Vec<u32>,
    /// Per node: the steps left to a target along the chain.
    pub(crate) dist: Vec<u32>,
}

impl ChainTree {
    /// The steps left from node `n` to a target along the chain; `None` off the chain.
    pub(crate) fn dist(&self, n: usize) -> Option<u32> {
        self.dist.get(n).copied().filter(|&d| d != NONE)
    }
}

/// The chain as a tree toward the targets, into `tree` (reused): a breadth-first search, in
/// node order, from the free targets as they root it ([`ChainRule::target_root`]): first those
/// that end the chain; then the free hexes next to a free target that run into it
/// ([`ChainRule::runs_into`], whether or not the target ends the chain); then the chain's
/// steps. Every hex's distance is the fewest steps to a
/// target along the chain, and the tree's path from it is one of that length.
pub(crate) fn tree_into(
    tree: &mut ChainTree,
    map: &HexMap,
    net: &ChainNet,
    rule: &ChainRule,
    targets: &Targets,
    free: impl Fn(usize) -> bool,
) {
    let hexes = map.hexes();
    let adj = map.adjacency();
    let ChainTree { next, dist } = tree;
    next.clear();
    next.resize(hexes.len(), NONE);
    dist.clear();
    dist.resize(hexes.len(), NONE);
    let mut queue = VecDeque::new();
    let own = |n: usize| u32::try_from(n).unwrap_or(NONE);
    for n in targets.iter_nodes() {
        if free(n) && rule.target_root(hexes, n).on_chain && next[n] == NONE {
            next[n] = own(n);
            dist[n] = 0;
            queue.push_back(n);
        }
    }
    for t in targets.iter_nodes() {
        if !free(t) || !rule.target_root(hexes, t).beside {
            continue;
        }
        // Hexes that run into the target across any passable hexside: one step from it. (A
        // target off the net has no chain step; one that does not end the chain may still
        // have hexes beside it that run into it.)
        for a in adj[t] {
            let y = a.node as usize;
            if a.node != NONE
                && !a.impassable()
                && next[y] == NONE
                && free(y)
                && rule.runs_into(hexes, y)
            {
                next[y] = own(t);
                dist[y] = 1;
                queue.push_back(y);
            }
        }
    }
    while let Some(c) = queue.pop_front() {
        let d = dist[c].saturating_add(1);
        for &y in net.steps(c) {
            let y = y as usize;
            if next[y] == NONE && free(y) {
                next[y] = own(c);
                dist[y] = d;
                queue.push_back(y);
            }
        }
    }
}
