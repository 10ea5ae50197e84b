//! The search of a unit's first hexes under the road-chain preset: at most K+1 steps through
//! free hexes to a target or the chain. The one search of it, for the plan and the oracle.

use super::rule::FirstHexes;
use crate::map::{HexMap, NONE};

/// One unit's search of its first K+1 hexes: marks by generation, the layers, the parents.
#[derive(Clone, Debug, Default)]
pub(crate) struct Search {
    pub(super) stamp: Vec<u32>,
    generation: u32,
    pub(super) layer: Vec<u32>,
    pub(super) next: Vec<u32>,
    pub(super) parent: Vec<u32>,
}

impl Search {
    /// A new search on a map of `len` hexes.
    pub(crate) fn begin(&mut self, len: usize) -> u32 {
        if self.stamp.len() != len {
            *self = Search {
                stamp: vec![0; len],
                parent: vec![0; len],
                ..Search::default()
            };
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.generation
    }
}

/// The first K hexes: from node `s`, the node where a breadth-first search of at most K+1
/// steps through `free` hexes across passable hexsides meets a target within K steps or the
/// `chain` (its parents in `search`); `s` itself when it is a target, or on the chain where
/// the rule lets the unit trace from a hex of the chain it stands on
/// ([`ChainRule::start_on_chain`]). The one search of a unit's first hexes, for the plan, the
/// tracer and the oracle.
pub(crate) fn first_leg(
    map: &HexMap,
    first: FirstHexes,
    target: impl Fn(usize) -> bool,
    free: impl Fn(usize) -> bool,
    chain: impl Fn(usize) -> bool,
    search: &mut Search,
    s: usize,
) -> Option<usize> {
    let len = map.len();
    if s >= len {
        return None;
    }
    if target(s) || (first.start_on_chain && chain(s)) {
        return Some(s);
    }
    let k = first.k as usize;
    let adj = map.adjacency();
    let g = search.begin(len);
    search.stamp[s] = g;
    search.layer.clear();
    search.layer.push(s as u32);
    for depth in 1..=k.saturating_add(1) {
        search.next.clear();
        for i in 0..search.layer.len() {
            let u = search.layer[i] as usize;
            for a in adj[u] {
                let v = a.node as usize;
                if a.node == NONE || a.impassable() || search.stamp[v] == g || !free(v) {
                    continue;
                }
                search.stamp[v] = g;
                search.parent[v] = u as u32;
                if (depth <= k && target(v)) || chain(v) {
                    return Some(v);
                }
                search.next.push(a.node);
            }
        }
        if search.next.is_empty() {
            return None;
        }
        std::mem::swap(&mut search.layer, &mut search.next);
    }
    None
}
