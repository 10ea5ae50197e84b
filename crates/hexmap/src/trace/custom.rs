//! A caller's step predicate ([`crate::trace::StepRule::Custom`]): the [`Step`] it sees.

use std::sync::Arc;

use petgraph::graph::NodeIndex;

use crate::coord::Hex;
use crate::map::{HexMap, Hexside};

/// A predicate over one step, written by the caller.
pub type StepFn = Arc<dyn Fn(&Step<'_>) -> bool + Send + Sync>;

/// One step of a path, as a [`StepRule::Custom`](crate::trace::StepRule::Custom) predicate sees
/// it.
#[derive(Clone, Copy, Debug)]
pub struct Step<'m> {
    map: &'m HexMap,
    from: usize,
    to: usize,
    hexside: Hexside,
    leg: usize,
}

impl<'m> Step<'m> {
    /// The step from node `from` to node `to` across `hexside`, in leg `leg`.
    pub(crate) fn new(
        map: &'m HexMap,
        from: usize,
        to: usize,
        hexside: Hexside,
        leg: usize,
    ) -> Step<'m> {
        Step {
            map,
            from,
            to,
            hexside,
            leg,
        }
    }

    /// The map.
    pub fn map(&self) -> &'m HexMap {
        self.map
    }

    /// The hex the step leaves.
    pub fn from(&self) -> Hex {
        self.map.hexes()[self.from].hex
    }

    /// The hex the step enters.
    pub fn to(&self) -> Hex {
        self.map.hexes()[self.to].hex
    }

    /// The graph node of the hex the step leaves.
    pub fn from_node(&self) -> NodeIndex<u32> {
        NodeIndex::new(self.from)
    }

    /// The graph node of the hex the step enters.
    pub fn to_node(&self) -> NodeIndex<u32> {
        NodeIndex::new(self.to)
    }

    /// The hexside crossed.
    pub fn hexside(&self) -> Hexside {
        self.hexside
    }

    /// Whether the hexside crossed carries the named feature (`road`, `river`, ...).
    pub fn crosses(&self, feature: &str) -> bool {
        self.map
            .hexside_bit(feature)
            .is_some_and(|b| self.hexside.mask() & b != 0)
    }

    /// The terrain name of the hex entered.
    pub fn terrain(&self) -> &'m str {
        let t = self.map.hexes()[self.to].terrain;
        self.map
            .terrain_names()
            .get(usize::from(t))
            .map_or("", String::as_str)
    }

    /// Whether the hex entered has the named hex feature.
    pub fn to_has_feature(&self, feature: &str) -> bool {
        self.map.has_feature(self.to(), feature)
    }

    /// Which leg the step belongs to (0 for the first).
    pub fn leg(&self) -> usize {
        self.leg
    }
}
