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
    /// ... only from a hex of its own: a target off the net does not end the chain
    /// ([`TargetRule::exempt_from_last_leg`](crate::trace::rule::TargetRule::exempt_from_last_leg)).
    from_chain_only: bool,
    /// The zone of control an enemy unit exerts, and whether a friendly unit negates it.
    pub(crate) zoc: BoundZoc,
}

impl ChainRule {
    /// `preset` under the zone of control `zoc`.
    pub(crate) fn new(preset: RoadChain, zoc: BoundZoc) -> ChainRule {
        ChainRule {
            preset,
            into_target: preset.target.exempts_last_step(),
            from_chain_only: preset.target.exempt_from_last_leg(),
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
    /// target on the road/trail net is; any target is when the chain may run into it from any
    /// hex (then the last of the first K hexes may step into it, as onto the chain).
    #[inline]
    pub(crate) fn ends_at(&self, hexes: &[HexInfo], t: usize) -> bool {
        (self.into_target && !self.from_chain_only) || on_net(hexes, t)
    }

    /// Where the chain ends: whether node `y`, free and across a passable hexside from a free
    /// target, is on the chain by that step alone. A road/trail hex is when the chain may run
    /// into the target; otherwise none is (the chain must reach the target along its steps).
    #[inline]
    pub(crate) fn runs_into(&self, hexes: &[HexInfo], y: usize) -> bool {
        self.into_target && on_net(hexes, y)
    }

    /// Where the chain ends, for every reader of the chain alike (the flood of a position, the
    /// chain's tree, the oracle's forest): how the target on node `t`, when free, roots the
    /// chain. It is on the chain itself ([`ChainRule::ends_at`]), and hexes beside it may run
    /// into it ([`ChainRule::runs_into`]); a target off the net may root the hexes beside it
    /// only, when the chain must run into it from a hex of its own.
    #[inline]
    pub(crate) fn target_root(&self, hexes: &[HexInfo], t: usize) -> TargetRoot {
        TargetRoot {
            on_chain: self.ends_at(hexes, t),
            beside: self.into_target,
        }
    }

    /// Where the chain ends, for a search from the unit: whether a passable step into a
    /// target ends the path, whatever its leg allows (the chain may run into the target), from
    /// a state of the chain's leg that has entered its hex (`on_chain`) or any other.
    #[inline]
    pub(crate) fn step_ends(&self, on_chain: bool) -> bool {
        self.into_target && (on_chain || !self.from_chain_only)
    }

    /// Where the chain ends, for the unit's own hex: whether a unit on a hex of the chain
    /// traces from there. It does (its first step is onto the chain, or into the target
    /// within the first K hexes), unless the chain must run into the target from a hex of its
    /// own and K = 0: the unit's hex is entered by no leg, and a road/trail hex next to the
    /// target that the unit stands on does not let it step in. Nor may the unit step out and
    /// come back through its hex: then the chain it traces to is the chain without its hex
    /// (`ChainPlan::loops_through` in the plan, `off_own_hex` in the oracle).
    #[inline]
    pub(crate) fn start_on_chain(&self) -> bool {
        !(self.from_chain_only && self.k() == 0)
    }

    /// What the search of a unit's first hexes reads of the rule.
    pub(crate) fn first_hexes(&self) -> FirstHexes {
        FirstHexes {
            k: self.k(),
            start_on_chain: self.start_on_chain(),
        }
    }
}

/// What the search of a unit's first hexes reads of the rule ([`ChainRule::first_hexes`]): K,
/// and whether a unit on a hex of the chain traces from there ([`ChainRule::start_on_chain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FirstHexes {
    /// K: the hexes of any passable terrain after the unit's own.
    pub(crate) k: u32,
    /// A unit on a hex of the chain traces from there.
    pub(crate) start_on_chain: bool,
}

/// How a free target roots the chain ([`ChainRule::target_root`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TargetRoot {
    /// The target is on the chain ([`ChainRule::ends_at`]).
    pub(crate) on_chain: bool,
    /// The hexes beside it that run into it are on the chain ([`ChainRule::runs_into`]).
    pub(crate) beside: bool,
}

/// Whether node `n` is on the road/trail net.
#[inline]
fn on_net(hexes: &[HexInfo], n: usize) -> bool {
    hexes.get(n).is_some_and(|h| h.on_road_net)
}
