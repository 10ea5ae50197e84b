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
/// let targets = Targets::new(&map, [city]).unwrap();
/// assert!(targets.contains(&map, city));
/// assert_eq!(targets.len(), 1);
///
/// // A hex the map does not have is refused, not dropped: a supply source off the map would
/// // otherwise cut every unit that traces to it without a word.
/// let off = hexmap::Hex::new(40, 40);
/// let e = Targets::new(&map, [city, off]).unwrap_err();
/// assert_eq!(e.to_string(), "target (40,40) is not on the map (at `targets[1]`)");
/// assert_eq!(Targets::on_map_only(&map, [city, off]).len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Targets {
    nodes: Vec<bool>,
    list: Vec<usize>,
}

impl Targets {
    /// The target set of `hexes`, each of which must be a hex of the map: the first that is
    /// not is refused, with its place in the list ([`TargetError`]).
    pub fn new(map: &HexMap, hexes: impl IntoIterator<Item = Hex>) -> Result<Targets, TargetError> {
        let mut nodes = vec![false; map.len()];
        for (index, h) in hexes.into_iter().enumerate() {
            match map.node(h) {
                Some(n) => nodes[n.index()] = true,
                None => {
                    return Err(TargetError {
                        index,
                        hex: map.label_text(h),
                    });
                }
            }
        }
        Ok(Targets::of(nodes))
    }

    /// Lenient: the hexes of `hexes` that are on the map, those that are not left out without
    /// a word (for a caller that means "whichever of these the map has", such as a ring of
    /// hexes around a point near the map's edge).
    ///
    /// ```
    /// # use hexmap::{Layout, MapBuilder, Orientation, Targets};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build().unwrap();
    /// let middle = map.parse("0102").unwrap();
    /// let around = Targets::on_map_only(&map, middle.neighbors());
    /// assert_eq!(around.len(), 2); // 0101 and 0103; the other four are off the map
    /// ```
    pub fn on_map_only(map: &HexMap, hexes: impl IntoIterator<Item = Hex>) -> Targets {
        let mut nodes = vec![false; map.len()];
        for n in hexes.into_iter().filter_map(|h| map.node(h)) {
            nodes[n.index()] = true;
        }
        Targets::of(nodes)
    }

    fn of(nodes: Vec<bool>) -> Targets {
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

/// A target hex the map does not have ([`Targets::new`]): its place in the list given and the
/// hex, as a label where the layout gives it one.
///
/// ```
/// # use hexmap::{Layout, MapBuilder, Orientation, Targets};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build().unwrap();
/// let e = Targets::new(&map, [hexmap::Hex::new(9, 9)]).unwrap_err();
/// assert_eq!((e.index, e.hex.as_str()), (0, "(9,9)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TargetError {
    /// The hex's place in the list given, from 0.
    pub index: usize,
    /// The hex, as a label where it has one.
    pub hex: String,
}

impl std::fmt::Display for TargetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::text::inline(
            f,
            format_args!(
                "target {} is not on the map (at `targets[{}]`)",
                self.hex, self.index
            ),
        )
    }
}

impl std::error::Error for TargetError {}
