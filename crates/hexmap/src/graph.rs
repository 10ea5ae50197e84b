//! The map is a petgraph graph: `&HexMap` implements petgraph 0.8's [`visit`] traits, so
//! petgraph's algorithms run on the map itself and on its filtered [`Layer`]s.
//!
//! - **Nodes** are [`NodeIndex<u32>`]: node `i` is the hex [`HexMap::hexes`]`()[i]`, in label
//!   order, and the node weight ([`Data::NodeWeight`]) is its [`Hex`]. Node ids are compact
//!   (`0..map.len()`), so petgraph's index-based algorithms apply ([`NodeCompactIndexable`]).
//! - **Edges** are the hexsides shared by two on-map hexes, undirected, one edge per hexside;
//!   the edge weight is its [`Hexside`] and the edge id a [`HexsideId`]. Impassable hexsides
//!   **are** edges (flagged [`Hexside::impassable`]), like every other hexside: run algorithms
//!   on [`HexMap::passable`] to leave them out, or on [`HexMap::roads`], [`HexMap::trails`] or
//!   [`HexMap::road_net`] for the road and trail networks.
//! - **Visit maps** are [`FixedBitSet`]s (re-exported as [`crate::fixedbitset`]), as for
//!   petgraph's own graphs.
//!
//! Implemented: [`GraphBase`], [`GraphProp`] (undirected), [`Data`], [`DataMap`],
//! [`NodeCount`], [`NodeIndexable`], [`NodeCompactIndexable`], [`EdgeCount`],
//! [`EdgeIndexable`], [`Visitable`] and [`GetAdjacencyMatrix`] on `HexMap` (and so, through
//! petgraph's blanket impls, on `&HexMap`), and [`IntoNeighbors`], [`IntoNeighborsDirected`],
//! [`IntoEdges`], [`IntoEdgesDirected`], [`IntoEdgeReferences`], [`IntoNodeIdentifiers`] and
//! [`IntoNodeReferences`] on `&HexMap`. Pass `&map` (or `&map.roads()`, a reference to a
//! layer) to an algorithm.
//!
//! The inherent [`HexMap::neighbors`] takes a [`Hex`] and yields `(Hex, Hexside)`; it wins
//! over the trait method in `map.neighbors(..)`. Call the node-based one as
//! `IntoNeighbors::neighbors(&map, node)`.
//!
//! # Shortest paths along roads, with terrain costs
//!
//! ```
//! use hexmap::petgraph::algo::dijkstra;
//! use hexmap::petgraph::visit::EdgeRef;
//! use hexmap::{Layout, MapBuilder, Orientation};
//!
//! let map = MapBuilder::new("A road through the forest", Layout::row_column(Orientation::Pointy, 10..=10, 1..=6))
//!     .default_terrain("clear")
//!     .terrain("1003", "forest")
//!     .terrain("1004", "forest")
//!     .road(["1001", "1002", "1003", "1004", "1005"])
//!     .build()?;
//! let node = |l: &str| map.node(map.parse(l).unwrap()).unwrap();
//!
//! // Entering a hex costs what its terrain costs.
//! let cost = |e: hexmap::graph::HexsideRef<'_>| {
//!     let terrain = map.hexes()[e.target().index()].terrain;
//!     match map.terrain_names()[usize::from(terrain)].as_str() {
//!         "forest" => 2,
//!         _ => 1,
//!     }
//! };
//! let dist = dijkstra(&map.roads(), node("1001"), None, cost);
//! assert_eq!(dist[&node("1002")], 1); // clear
//! assert_eq!(dist[&node("1004")], 5); // 1 + forest 2 + forest 2
//! assert_eq!(dist[&node("1005")], 6);
//! // 1006 is not on the road.
//! assert!(!dist.contains_key(&node("1006")));
//!
//! // On the whole map (every hexside), the same costs, and A* with the hex distance as the
//! // (admissible) estimate.
//! use hexmap::petgraph::algo::astar;
//! let goal = node("1006");
//! let hex_of = |n| map.hex_of(n).unwrap();
//! let (total, path) = astar(
//!     &map,
//!     node("1001"),
//!     |n| n == goal,
//!     cost,
//!     |n| hex_of(n).distance(hex_of(goal)),
//! )
//! .unwrap();
//! assert_eq!(total, 7);
//! assert_eq!(path.len(), 6);
//! # Ok::<(), hexmap::BuildError>(())
//! ```
//!
//! # Reachability past impassable hexsides
//!
//! ```
//! use hexmap::petgraph::algo::connected_components;
//! use hexmap::petgraph::visit::{Bfs, Walker};
//! use hexmap::{Compass, Layout, MapBuilder, Orientation};
//!
//! // Two rows of four; every hexside between columns 2 and 3 is impassable.
//! let layout = Layout::column_row(Orientation::Flat, 1..=4, 1..=2).with_growth(Compass::South, Compass::East);
//! let map = MapBuilder::new("Walled", layout)
//!     .impassable("0201", "0301")
//!     .impassable("0201", "0302")
//!     .impassable("0202", "0302")
//!     .build()?;
//! let node = |l: &str| map.node(map.parse(l).unwrap()).unwrap();
//!
//! // Every hexside, impassable ones included: one piece. Without them: two.
//! assert_eq!(connected_components(&map), 1);
//! assert_eq!(connected_components(&map.passable()), 2);
//!
//! // Breadth-first from 0101 over the passable layer reaches columns 1 and 2 only.
//! let passable = map.passable();
//! let mut reached: Vec<String> = Bfs::new(&passable, node("0101"))
//!     .iter(&passable)
//!     .map(|n| map.hexes()[n.index()].label.to_string())
//!     .collect();
//! reached.sort();
//! assert_eq!(reached, ["0101", "0102", "0201", "0202"]);
//! # Ok::<(), hexmap::BuildError>(())
//! ```
//!
//! [`visit`]: petgraph::visit

use std::iter::FusedIterator;
use std::slice;

use fixedbitset::FixedBitSet;
use petgraph::Undirected;
use petgraph::data::DataMap;
use petgraph::graph::NodeIndex;
use petgraph::visit::{
    Data, EdgeCount, EdgeFiltered, EdgeIndexable, EdgeRef, GetAdjacencyMatrix, GraphBase,
    GraphProp, IntoEdgeReferences, IntoEdges, IntoEdgesDirected, IntoNeighbors,
    IntoNeighborsDirected, IntoNodeIdentifiers, IntoNodeReferences, NodeCompactIndexable,
    NodeCount, NodeIndexable, Visitable,
};

use crate::coord::{Direction, Hex};
use crate::map::{HexInfo, HexMap, Hexside, Link, NONE};

/// The id of one hexside, the petgraph edge id ([`GraphBase::EdgeId`]) of a [`HexMap`].
///
/// It names the hexside from its lower-numbered node: [`HexsideId::node`] is the smaller of
/// the two node indices and [`HexsideId::direction`] the direction from that hex to the other.
/// Both directions of an undirected edge therefore share one id: the [`HexsideRef`]s that
/// [`IntoEdges::edges`] yields from either end compare equal by id. Ids order by node, then
/// direction, which is the order of [`IntoEdgeReferences::edge_references`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexsideId {
    node: u32,
    dir: u8,
}

impl HexsideId {
    /// The id of the hexside in direction `dir` (an index `0..6`) of node `from`, whose
    /// neighbour across it is node `to`.
    fn between(from: u32, dir: usize, to: u32) -> HexsideId {
        let dir = if from < to {
            dir
        } else {
            Direction::ALL[dir].opposite().index()
        };
        HexsideId {
            node: from.min(to),
            // `dir` is a direction index, below 6.
            dir: u8::try_from(dir).unwrap_or(0),
        }
    }

    /// The lower-numbered of the hexside's two nodes.
    pub fn node(self) -> NodeIndex<u32> {
        NodeIndex::from(self.node)
    }

    /// The direction from [`HexsideId::node`]'s hex across the hexside.
    pub fn direction(self) -> Direction {
        Direction::ALL[usize::from(self.dir) % 6]
    }

    fn index(self) -> usize {
        self.node as usize * 6 + usize::from(self.dir)
    }
}

/// One hexside seen from one of its hexes: the [`EdgeRef`] of a [`HexMap`].
///
/// [`EdgeRef::source`] is the hex it is seen from (the node whose edges were asked for; the
/// lower node in [`IntoEdgeReferences::edge_references`]), [`EdgeRef::target`] the hex across,
/// [`EdgeRef::weight`] the [`Hexside`] and [`EdgeRef::id`] its [`HexsideId`], the same from
/// both ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexsideRef<'a> {
    source: NodeIndex<u32>,
    target: NodeIndex<u32>,
    id: HexsideId,
    side: &'a Hexside,
}

impl<'a> HexsideRef<'a> {
    fn new(from: u32, dir: usize, adj: &'a Link, reversed: bool) -> HexsideRef<'a> {
        let (source, target) = if reversed {
            (adj.node, from)
        } else {
            (from, adj.node)
        };
        HexsideRef {
            source: NodeIndex::from(source),
            target: NodeIndex::from(target),
            id: HexsideId::between(from, dir, adj.node),
            side: &adj.side,
        }
    }

    /// The hexside's features, borrowed from the map for as long as the map is.
    pub fn hexside(&self) -> &'a Hexside {
        self.side
    }
}

impl EdgeRef for HexsideRef<'_> {
    type NodeId = NodeIndex<u32>;
    type EdgeId = HexsideId;
    type Weight = Hexside;

    fn source(&self) -> NodeIndex<u32> {
        self.source
    }

    fn target(&self) -> NodeIndex<u32> {
        self.target
    }

    fn weight(&self) -> &Hexside {
        self.side
    }

    fn id(&self) -> HexsideId {
        self.id
    }
}

impl HexMap {
    /// The id of the hexside between two hexes, if both are on the map and adjacent; see
    /// [`HexsideId`].
    pub fn hexside_id(&self, a: Hex, b: Hex) -> Option<HexsideId> {
        let na = u32::try_from(self.node(a)?.index()).ok()?;
        let d = a.direction_to(b)?.index();
        let to = self.links()[na as usize][d].node;
        (to != NONE).then(|| HexsideId::between(na, d, to))
    }

    /// The row of the adjacency table for a node, empty when there is no such node.
    fn adj_row(&self, n: NodeIndex<u32>) -> &[Link] {
        self.links().get(n.index()).map_or(&[][..], |r| &r[..])
    }
}

/// The components of a map's road/trail net ([`HexMap::road_components`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoadComponents {
    of: Vec<Option<u32>>,
    count: u32,
}

impl RoadComponents {
    /// How many components: hexes off the net are none of them.
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// The component of a hex, `None` off the net (or off the map).
    pub fn of(&self, map: &HexMap, hex: Hex) -> Option<usize> {
        let n = map.node(hex)?.index();
        self.of.get(n).copied().flatten().map(|c| c as usize)
    }

    /// Whether two hexes are joined along the road/trail net.
    pub fn joined(&self, map: &HexMap, a: Hex, b: Hex) -> bool {
        self.of(map, a).is_some_and(|c| self.of(map, b) == Some(c))
    }
}

/// A petgraph view of the map with only some hexsides ([`HexMap::roads`], [`HexMap::passable`],
/// ...): every node, and the hexsides the filter keeps. Pass a reference to it (`&layer`) to
/// petgraph's algorithms.
pub type Layer<'a> = EdgeFiltered<&'a HexMap, fn(HexsideRef<'_>) -> bool>;

/// The layers: views of the map with only some hexsides.
impl HexMap {
    /// The road layer: only hexsides crossed by a road.
    pub fn roads(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| e.weight().road)
    }

    /// The trail layer: only hexsides crossed by a trail.
    pub fn trails(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| e.weight().trail)
    }

    /// Roads and trails together, as tracing reads them: an impassable hexside is left out
    /// even where a road crosses it.
    pub fn road_net(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| {
            e.weight().road_or_trail() && !e.weight().impassable
        })
    }

    /// The road/trail net's components: per graph node, the component of a hex on the net
    /// (numbered from 0 in label order of their first hex), `None` off the net; hexes joined
    /// by road or trail hexsides that are not impassable ([`HexMap::road_net`]) share one.
    /// Unlike `petgraph::algo::connected_components(&map.road_net())`, hexes off the net are
    /// not counted.
    ///
    /// ```
    /// # use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=7))
    ///     .road(["0101", "0102"])
    ///     .road(["0104", "0105", "0106"])
    ///     .build()
    ///     .unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let net = map.road_components();
    /// assert_eq!(net.count(), 2);
    /// assert_eq!(net.of(&map, hex("0102")), Some(0));
    /// assert_eq!(net.of(&map, hex("0106")), Some(1));
    /// assert_eq!(net.of(&map, hex("0103")), None); // off the net
    /// ```
    pub fn road_components(&self) -> RoadComponents {
        let adj = self.adjacency();
        let mut of = vec![None; self.len()];
        let mut count = 0u32;
        let mut stack = Vec::new();
        for n in 0..self.len() {
            if of[n].is_some() || !self.hexes()[n].on_road_net {
                continue;
            }
            let on = adj[n]
                .iter()
                .any(|a| a.node != NONE && a.road_or_trail() && !a.impassable());
            if !on {
                continue;
            }
            of[n] = Some(count);
            stack.push(n);
            while let Some(u) = stack.pop() {
                for a in adj[u] {
                    let v = a.node as usize;
                    if a.node != NONE && a.road_or_trail() && !a.impassable() && of[v].is_none() {
                        of[v] = Some(count);
                        stack.push(v);
                    }
                }
            }
            count = count.saturating_add(1);
        }
        RoadComponents { of, count }
    }

    /// The passable layer: every hexside but the impassable ones.
    pub fn passable(&self) -> Layer<'_> {
        EdgeFiltered(self, |e| !e.weight().impassable)
    }
}

impl GraphBase for HexMap {
    type NodeId = NodeIndex<u32>;
    type EdgeId = HexsideId;
}

impl GraphProp for HexMap {
    type EdgeType = Undirected;
}

impl Data for HexMap {
    type NodeWeight = Hex;
    type EdgeWeight = Hexside;
}

impl DataMap for HexMap {
    fn node_weight(&self, id: NodeIndex<u32>) -> Option<&Hex> {
        self.hexes().get(id.index()).map(|h| &h.hex)
    }

    fn edge_weight(&self, id: HexsideId) -> Option<&Hexside> {
        let adj = self
            .links()
            .get(id.node as usize)?
            .get(usize::from(id.dir))?;
        (adj.node != NONE).then_some(&adj.side)
    }
}

impl NodeCount for HexMap {
    fn node_count(&self) -> usize {
        self.len()
    }
}

impl NodeIndexable for HexMap {
    fn node_bound(&self) -> usize {
        self.len()
    }

    fn to_index(&self, a: NodeIndex<u32>) -> usize {
        a.index()
    }

    fn from_index(&self, i: usize) -> NodeIndex<u32> {
        NodeIndex::new(i)
    }
}

impl NodeCompactIndexable for HexMap {}

impl EdgeCount for HexMap {
    /// The number of shared hexsides, impassable ones included.
    fn edge_count(&self) -> usize {
        self.hexside_count()
    }
}

/// Edge index `6 * node + direction` of the [`HexsideId`]: below `6 * map.len()`, not compact.
impl EdgeIndexable for HexMap {
    fn edge_bound(&self) -> usize {
        self.len() * 6
    }

    fn to_index(&self, a: HexsideId) -> usize {
        a.index()
    }

    fn from_index(&self, i: usize) -> HexsideId {
        HexsideId {
            node: u32::try_from(i / 6).unwrap_or(NONE),
            // Below 6.
            dir: u8::try_from(i % 6).unwrap_or(0),
        }
    }
}

impl Visitable for HexMap {
    type Map = FixedBitSet;

    fn visit_map(&self) -> FixedBitSet {
        FixedBitSet::with_capacity(self.len())
    }

    fn reset_map(&self, map: &mut FixedBitSet) {
        map.clear();
        map.grow(self.len());
    }
}

/// The map needs no matrix: adjacency is a look-up in its own table (`AdjMatrix = ()`).
impl GetAdjacencyMatrix for HexMap {
    type AdjMatrix = ();

    fn adjacency_matrix(&self) {}

    fn is_adjacent(&self, _: &(), a: NodeIndex<u32>, b: NodeIndex<u32>) -> bool {
        self.adj_row(a).iter().any(|x| x.node as usize == b.index())
    }
}

/// The neighbours of a node: [`IntoNeighbors::neighbors`] of a [`HexMap`].
#[derive(Clone, Debug)]
pub struct Neighbors<'a> {
    iter: slice::Iter<'a, Link>,
}

impl Iterator for Neighbors<'_> {
    type Item = NodeIndex<u32>;

    fn next(&mut self) -> Option<NodeIndex<u32>> {
        self.iter
            .find(|a| a.node != NONE)
            .map(|a| NodeIndex::from(a.node))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.iter.size_hint().1)
    }
}

impl FusedIterator for Neighbors<'_> {}

/// The hexsides of one node: [`IntoEdges::edges`] of a [`HexMap`].
#[derive(Clone, Debug)]
pub struct Edges<'a> {
    from: u32,
    iter: std::iter::Enumerate<slice::Iter<'a, Link>>,
    reversed: bool,
}

impl<'a> Iterator for Edges<'a> {
    type Item = HexsideRef<'a>;

    fn next(&mut self) -> Option<HexsideRef<'a>> {
        let (dir, adj) = self.iter.find(|(_, a)| a.node != NONE)?;
        Some(HexsideRef::new(self.from, dir, adj, self.reversed))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.iter.size_hint().1)
    }
}

impl FusedIterator for Edges<'_> {}

/// Every hexside once, from its lower node: [`IntoEdgeReferences::edge_references`] of a
/// [`HexMap`].
#[derive(Clone, Debug)]
pub struct EdgeReferences<'a> {
    rows: std::iter::Enumerate<slice::Iter<'a, [Link; 6]>>,
    row: Option<Edges<'a>>,
}

impl<'a> Iterator for EdgeReferences<'a> {
    type Item = HexsideRef<'a>;

    fn next(&mut self) -> Option<HexsideRef<'a>> {
        loop {
            if let Some(row) = &mut self.row
                && let Some(e) = row.find(|e| e.source < e.target)
            {
                return Some(e);
            }
            let (n, adj) = self.rows.next()?;
            self.row = Some(Edges {
                from: u32::try_from(n).unwrap_or(NONE),
                iter: adj.iter().enumerate(),
                reversed: false,
            });
        }
    }
}

impl FusedIterator for EdgeReferences<'_> {}

/// Every node in index order: [`IntoNodeIdentifiers::node_identifiers`] of a [`HexMap`].
#[derive(Clone, Debug)]
pub struct NodeIdentifiers {
    range: std::ops::Range<u32>,
}

impl Iterator for NodeIdentifiers {
    type Item = NodeIndex<u32>;

    fn next(&mut self) -> Option<NodeIndex<u32>> {
        self.range.next().map(NodeIndex::from)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
}

impl ExactSizeIterator for NodeIdentifiers {}
impl FusedIterator for NodeIdentifiers {}

/// Every node with its hex, in index order: [`IntoNodeReferences::node_references`] of a
/// [`HexMap`].
#[derive(Clone, Debug)]
pub struct NodeReferences<'a> {
    iter: std::iter::Enumerate<slice::Iter<'a, HexInfo>>,
}

impl<'a> Iterator for NodeReferences<'a> {
    type Item = (NodeIndex<u32>, &'a Hex);

    fn next(&mut self) -> Option<(NodeIndex<u32>, &'a Hex)> {
        self.iter.next().map(|(i, h)| (NodeIndex::new(i), &h.hex))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.iter.size_hint()
    }
}

impl ExactSizeIterator for NodeReferences<'_> {}
impl FusedIterator for NodeReferences<'_> {}

/// The on-map neighbours in [`Direction::ALL`] order, across impassable hexsides too.
impl<'a> IntoNeighbors for &'a HexMap {
    type Neighbors = Neighbors<'a>;

    fn neighbors(self, a: NodeIndex<u32>) -> Neighbors<'a> {
        Neighbors {
            iter: self.adj_row(a).iter(),
        }
    }
}

/// Undirected: the same neighbours either way.
impl<'a> IntoNeighborsDirected for &'a HexMap {
    type NeighborsDirected = Neighbors<'a>;

    fn neighbors_directed(self, a: NodeIndex<u32>, _: petgraph::Direction) -> Neighbors<'a> {
        IntoNeighbors::neighbors(self, a)
    }
}

impl<'a> IntoEdgeReferences for &'a HexMap {
    type EdgeRef = HexsideRef<'a>;
    type EdgeReferences = EdgeReferences<'a>;

    fn edge_references(self) -> EdgeReferences<'a> {
        EdgeReferences {
            rows: self.links().iter().enumerate(),
            row: None,
        }
    }
}

/// The hexsides of a node in [`Direction::ALL`] order, impassable ones too, each with the node
/// as [`EdgeRef::source`].
impl<'a> IntoEdges for &'a HexMap {
    type Edges = Edges<'a>;

    fn edges(self, a: NodeIndex<u32>) -> Edges<'a> {
        Edges {
            from: u32::try_from(a.index()).unwrap_or(NONE),
            iter: self.adj_row(a).iter().enumerate(),
            reversed: false,
        }
    }
}

/// `Outgoing`: as [`IntoEdges::edges`]; `Incoming`: the same hexsides with the node as
/// [`EdgeRef::target`].
impl<'a> IntoEdgesDirected for &'a HexMap {
    type EdgesDirected = Edges<'a>;

    fn edges_directed(self, a: NodeIndex<u32>, dir: petgraph::Direction) -> Edges<'a> {
        Edges {
            reversed: dir == petgraph::Direction::Incoming,
            ..IntoEdges::edges(self, a)
        }
    }
}

impl IntoNodeIdentifiers for &HexMap {
    type NodeIdentifiers = NodeIdentifiers;

    fn node_identifiers(self) -> NodeIdentifiers {
        NodeIdentifiers {
            range: 0..u32::try_from(self.len()).unwrap_or(NONE),
        }
    }
}

impl<'a> IntoNodeReferences for &'a HexMap {
    type NodeRef = (NodeIndex<u32>, &'a Hex);
    type NodeReferences = NodeReferences<'a>;

    fn node_references(self) -> NodeReferences<'a> {
        NodeReferences {
            iter: self.hexes().iter().enumerate(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use petgraph::algo::{connected_components, dijkstra};
    use petgraph::visit::{Dfs, Walker};

    use super::*;
    use crate::layout::{Layout, Orientation};
    use crate::map::MapBuilder;

    fn line(n: u16) -> HexMap {
        let layout = Layout::row_column(Orientation::Pointy, 10..=10, 1..=n);
        MapBuilder::new("line", layout).build().unwrap()
    }

    fn block() -> HexMap {
        let layout = Layout::row_column(Orientation::Pointy, 1..=4, 1..=5);
        MapBuilder::new("block", layout)
            .hole("0303")
            .road(["0101", "0102", "0103", "0104"])
            .trail(["0104", "0204"])
            .impassable("0201", "0202")
            .build()
            .unwrap()
    }

    fn labels(map: &HexMap, nodes: impl IntoIterator<Item = NodeIndex<u32>>) -> Vec<String> {
        nodes
            .into_iter()
            .map(|n| map.hexes()[n.index()].label.to_string())
            .collect()
    }

    #[test]
    fn each_hexside_appears_once() {
        let map = block();
        let edges: Vec<HexsideRef<'_>> = map.edge_references().collect();
        assert_eq!(edges.len(), map.edge_count());
        let ids: BTreeSet<HexsideId> = edges.iter().map(EdgeRef::id).collect();
        assert_eq!(ids.len(), edges.len(), "an id twice");
        let pairs: BTreeSet<(usize, usize)> = edges
            .iter()
            .map(|e| (e.source().index(), e.target().index()))
            .collect();
        assert_eq!(pairs.len(), edges.len(), "a pair twice");
        // Every hexside of every hex: once, from its lower node, with the map's hexside.
        let mut expected = BTreeSet::new();
        for (i, h) in map.hexes().iter().enumerate() {
            for (other, side) in map.neighbors(h.hex) {
                let j = map.node(other).unwrap().index();
                expected.insert((i.min(j), i.max(j)));
                let e = edges
                    .iter()
                    .find(|e| (e.source().index(), e.target().index()) == (i.min(j), i.max(j)))
                    .unwrap();
                assert_eq!(*e.weight(), side);
                assert_eq!(map.hexside_id(h.hex, other), Some(e.id()));
                assert_eq!(map.edge_weight(e.id()), Some(&side));
                assert!(e.source() < e.target());
            }
        }
        assert_eq!(pairs, expected);
        // Ids are the edge references' order, and index within the bound.
        assert!(edges.windows(2).all(|w| w[0].id() < w[1].id()));
        for e in &edges {
            let i = EdgeIndexable::to_index(&map, e.id());
            assert!(i < map.edge_bound());
            assert_eq!(EdgeIndexable::from_index(&map, i), e.id());
        }
        // The layers keep only their hexsides.
        assert_eq!((&map.roads()).edge_references().count(), 3);
        assert_eq!((&map.trails()).edge_references().count(), 1);
        assert_eq!((&map.road_net()).edge_references().count(), 4);
        assert_eq!(
            (&map.passable()).edge_references().count(),
            map.edge_count() - 1
        );
    }

    #[test]
    fn neighbours_are_the_on_map_neighbours() {
        let map = block();
        for n in map.node_identifiers() {
            let hex = map.hex_of(n).unwrap();
            let expected: Vec<Hex> = map.neighbors(hex).map(|(h, _)| h).collect();
            let got: Vec<Hex> = IntoNeighbors::neighbors(&map, n)
                .map(|m| map.hex_of(m).unwrap())
                .collect();
            assert_eq!(got, expected, "{}", map.label_text(hex));
            for d in [petgraph::Outgoing, petgraph::Incoming] {
                let got: Vec<NodeIndex<u32>> = map.neighbors_directed(n, d).collect();
                assert_eq!(got.len(), expected.len());
            }
            // Edges from either end share their ids; incoming ones end at the node.
            for e in map.edges(n) {
                assert_eq!(e.source(), n);
                assert!(map.edges(e.target()).any(|back| back.id() == e.id()));
                assert!(map.is_adjacent(&(), n, e.target()));
            }
            assert!(
                map.edges_directed(n, petgraph::Incoming)
                    .all(|e| e.target() == n)
            );
        }
        // Off the map: nothing, no panic.
        let outside = NodeIndex::new(map.len() + 3);
        assert_eq!(IntoNeighbors::neighbors(&map, outside).count(), 0);
        assert_eq!(map.edges(outside).count(), 0);
        assert_eq!(map.node_weight(outside), None);
        // Nodes: compact, in label order, weighted by their hex.
        assert_eq!(map.node_count(), map.len());
        assert_eq!(map.node_bound(), map.len());
        let hexes: Vec<Hex> = map.node_references().map(|(_, h)| *h).collect();
        let expected: Vec<Hex> = map.hexes().iter().map(|h| h.hex).collect();
        assert_eq!(hexes, expected);
    }

    #[test]
    fn components() {
        let map = block();
        assert_eq!(connected_components(&map), 1);
        assert_eq!(connected_components(&map.passable()), 1);
        // One road: every hex but its four on its own.
        assert_eq!(connected_components(&map.roads()), map.len() - 3);

        // A wall between columns 2 and 3 of two rows: every hexside between them.
        let layout = Layout::row_column(Orientation::Pointy, 1..=2, 1..=4);
        let hex = |l: &str| layout.label_to_hex(layout.parse_label(l).unwrap()).unwrap();
        let mut b = MapBuilder::new("walled", layout.clone());
        let mut walls = 0;
        for a in ["0102", "0202"] {
            for c in ["0103", "0203"] {
                if hex(a).is_adjacent(hex(c)) {
                    b = b.impassable(a, c);
                    walls += 1;
                }
            }
        }
        assert_eq!(walls, 3);
        let map = b.build().unwrap();
        assert_eq!(connected_components(&map), 1);
        assert_eq!(connected_components(&map.passable()), 2);
        let passable = map.passable();
        let start = map.node(map.parse("0101").unwrap()).unwrap();
        let mut reached = labels(&map, Dfs::new(&passable, start).iter(&passable));
        reached.sort();
        assert_eq!(reached, ["0101", "0102", "0201", "0202"]);
        // Across the wall, the whole map still reaches everything.
        assert_eq!(Dfs::new(&map, start).iter(&map).count(), map.len());
    }

    #[test]
    fn dijkstra_on_a_line() {
        let map = line(7);
        let start = map.node(map.parse("1003").unwrap()).unwrap();
        let dist = dijkstra(&map, start, None, |_| 1u32);
        let got: Vec<u32> = map.node_identifiers().map(|n| dist[&n]).collect();
        assert_eq!(got, [2, 1, 0, 1, 2, 3, 4]);
        // Weighted by the target's index, just to see the edge's ends.
        let dist = dijkstra(&map, start, None, |e| e.target().index() as u32);
        assert_eq!(dist[&NodeIndex::new(0)], 1); // 1 + 0
        assert_eq!(dist[&NodeIndex::new(6)], 3 + 4 + 5 + 6);
        // No road: the road layer reaches nothing.
        assert_eq!(dijkstra(&map.roads(), start, None, |_| 1u32).len(), 1);
    }
}
