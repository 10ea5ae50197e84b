//! The road-chain rule bound to one map: the one home of its readings. K (the hexes of any
//! terrain first), the chain's step, where the chain ends at a target, and the zone of control
//! the free test is made with. The flood of a position's chain, the chain's tree (for paths),
//! a cut unit's frontier and the incremental oracle all ask it; none spells a reading again.
//! (The general [`crate::trace::search`] does not: it runs the same rule written as legs, on
//! its own, and the property tests hold the two equal.)

use crate::map::{Adj, HexInfo};
use crate::position::BoundZoc;
use crate::trace::rule::{ChainReading, RoadChain};

/// A [`RoadChain`] and a zone-of-control rule, resolved for one map.
#[derive(Clone, Debug)]
pub(crate) struct ChainRule {
    /// The preset as given.
    pub(crate) preset: RoadChain,
    /// The chain may run into a target across any passable hexside
    /// ([`TargetRule::exempts_last_step`](crate::trace::rule::TargetRule::exempts_last_step)).
    into_target: bool,
    /// The zone of control an enemy unit exerts, and whether a friendly unit negates it.
    pub(crate) zoc: BoundZoc,
}

impl ChainRule {
    /// `preset` under the zone of control `zoc`.
    pub(crate) fn new(preset: RoadChain, zoc: BoundZoc) -> ChainRule {
        ChainRule {
            preset,
            into_target: preset.target.exempts_last_step(),
            zoc,
        }
    }

    /// K: how many hexes after the unit's own may be of any passable terrain.
    pub(crate) fn k(&self) -> u32 {
        self.preset.free_hexes
    }

    /// The chain's step: whether the chain may step from node `c` across the passable hexside
    /// `a` (to a hex of the map). The hexside carries a road or trail
    /// ([`ChainReading::FollowHexsides`]), or both hexes are on the road/trail net
    /// ([`ChainReading::BetweenNetHexes`]). Freeness aside.
    #[inline]
    pub(crate) fn along(&self, hexes: &[HexInfo], c: usize, a: Adj) -> bool {
        match self.preset.reading {
            ChainReading::BetweenNetHexes => on_net(hexes, c) && on_net(hexes, a.node as usize),
            _ => a.road_or_trail(),
        }
    }

    /// Where the chain ends: whether the target on node `t`, when free, is on the chain. A
    /// target on the road/trail net is; any target is when the chain may run into it.
    #[inline]
    pub(crate) fn ends_at(&self, hexes: &[HexInfo], t: usize) -> bool {
        self.into_target || on_net(hexes, t)
    }

    /// Where the chain ends: whether node `y`, free and across a passable hexside from a free
    /// target, is on the chain by that step alone. A road/trail hex is when the chain may run
    /// into the target; otherwise none is (the chain must reach the target along its steps).
    #[inline]
    pub(crate) fn runs_into(&self, hexes: &[HexInfo], y: usize) -> bool {
        self.into_target && on_net(hexes, y)
    }

    /// Where the chain ends, for a search from the unit: whether any passable step into a
    /// target ends the path, whatever its leg allows (the chain may run into the target).
    #[inline]
    pub(crate) fn any_step_ends(&self) -> bool {
        self.into_target
    }
}

/// Whether node `n` is on the road/trail net.
#[inline]
fn on_net(hexes: &[HexInfo], n: usize) -> bool {
    hexes.get(n).is_some_and(|h| h.on_road_net)
}
