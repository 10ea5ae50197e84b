//! The caller's free test: which hexes a path may enter, and why not.

use petgraph::graph::NodeIndex;

use crate::coord::Hex;
use crate::map::HexMap;

/// Which hexes a path may enter: `None` for a free hex, `Some(reason)` for a blocked one (an
/// enemy unit, an enemy zone of control, ...).
///
/// Implemented for closures over a [`Hex`] (`|hex| ...`), for [`ByNode`] closures over a graph
/// node (no hex lookup), and for a precomputed [`FreeTable`].
pub trait FreeTest<R> {
    /// Why node `node` (an index into [`HexMap::hexes`]) is blocked, if it is.
    fn blocked(&self, map: &HexMap, node: usize) -> Option<R>;
}

impl<R, F: Fn(Hex) -> Option<R>> FreeTest<R> for F {
    fn blocked(&self, map: &HexMap, node: usize) -> Option<R> {
        map.hexes().get(node).and_then(|h| self(h.hex))
    }
}

/// A free test over graph nodes, for callers that keep their own tables by node.
///
/// ```
/// use hexmap::{ByNode, FreeTest};
/// let blocked_nodes = [false, true, false];
/// let test = ByNode(|n: hexmap::petgraph::graph::NodeIndex<u32>| blocked_nodes[n.index()].then_some("enemy"));
/// # let _ = test;
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ByNode<F>(pub F);

impl<R, F: Fn(NodeIndex<u32>) -> Option<R>> FreeTest<R> for ByNode<F> {
    fn blocked(&self, _map: &HexMap, node: usize) -> Option<R> {
        (self.0)(NodeIndex::new(node))
    }
}

/// A free test computed once for every hex: one entry per graph node.
///
/// ```
/// use hexmap::FreeTable;
/// # use hexmap::{Layout, MapBuilder, Orientation};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build().unwrap();
/// let enemy = map.parse("0102").unwrap();
/// let table = FreeTable::from_fn(&map, |hex| (hex == enemy).then_some("enemy unit"));
/// assert_eq!(table.reason(map.node(enemy).unwrap()), Some(&"enemy unit"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeTable<R> {
    blocked: Vec<Option<R>>,
}

impl<R> FreeTable<R> {
    /// Every hex free.
    pub fn all_free(map: &HexMap) -> Self {
        FreeTable {
            blocked: std::iter::repeat_with(|| None).take(map.len()).collect(),
        }
    }

    /// Evaluate `test` once per hex.
    pub fn from_fn(map: &HexMap, test: impl Fn(Hex) -> Option<R>) -> Self {
        FreeTable {
            blocked: map.hexes().iter().map(|h| test(h.hex)).collect(),
        }
    }

    /// Block a node with a reason.
    pub fn block(&mut self, node: NodeIndex<u32>, reason: R) {
        if let Some(slot) = self.blocked.get_mut(node.index()) {
            *slot = Some(reason);
        }
    }

    /// Why a node is blocked, if it is.
    pub fn reason(&self, node: NodeIndex<u32>) -> Option<&R> {
        self.blocked.get(node.index()).and_then(Option::as_ref)
    }
}

impl<R: Clone> FreeTest<R> for FreeTable<R> {
    fn blocked(&self, _map: &HexMap, node: usize) -> Option<R> {
        self.blocked.get(node).cloned().flatten()
    }
}
