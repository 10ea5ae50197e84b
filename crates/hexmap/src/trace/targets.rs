//! The target set of a trace (sources of supply, beaches, map edges): a leaf every tracer reads.

use crate::coord::Hex;
use crate::map::HexMap;

/// A set of target hexes (sources of supply, beaches, map edges).
///
/// ```
/// # use hexmap::{Layout, MapBuilder, Orientation};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build().unwrap();
/// use hexmap::Targets;
/// let city = map.parse("0103").unwrap();
/// let targets = Targets::new(&map, [city]);
/// assert!(targets.contains(&map, city));
/// assert_eq!(targets.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Targets {
    nodes: Vec<bool>,
    list: Vec<usize>,
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
        let list = (0..nodes.len()).filter(|&n| nodes[n]).collect();
        Targets { nodes, list }
    }

    /// Whether the hex is a target.
    pub fn contains(&self, map: &HexMap, hex: Hex) -> bool {
        map.node(hex).is_some_and(|n| self.node(n.index()))
    }

    /// How many target hexes there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub(crate) fn node(&self, n: usize) -> bool {
        self.nodes.get(n).copied().unwrap_or(false)
    }

    pub(crate) fn iter_nodes(&self) -> impl Iterator<Item = usize> + '_ {
        self.list.iter().copied()
    }
}
