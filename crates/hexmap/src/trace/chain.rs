//! The road chain's steps as a compact table ([`ChainNet`]), built once per bound rule.

use crate::map::{Adj, HexMap, NONE};
use crate::trace::rule::ChainReading;

/// The steps a road chain may take, node to node (in the map's adjacency order), as a compact
/// table: the flood from the targets reads only this, not the whole adjacency, so a map larger
/// than the cache floods as fast per hex as a small one. Built once, when a rule with a
/// [`RoadChain`](crate::trace::RoadChain) preset is bound to a map.
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
/// of the chain, for the tracer's table and the oracle's graph alike.
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
