//! Hex maps as printed on real wargame maps.
//!
//! `hexmap` knows no game. It gives wargame rules engines:
//!
//! - **Coordinates**: axial [`Hex`] (cube derived) with neighbours, directions and distance.
//! - **Printed labels**: [`Label`]s such as `0512`, `2428` or `w2819`, and a [`Layout`] that
//!   declares which number is the row, flat or pointy hexes, which printed lines are shifted half
//!   a hex, and which compass direction the numbers grow toward. Label <-> hex round-trips.
//! - **A validated map**: [`HexMap`], read once from TOML ([`HexMap::from_toml_str`]) or built in
//!   memory ([`MapBuilder`]), with holes, terrain, hex features, named places and areas, and
//!   hexside features (road, trail, blocks ZOC, impassable). Every problem is reported at once,
//!   with file, key, label, line and column ([`Error`]). The format's writer, [`canonical`],
//!   writes a map back in the one canonical form.
//! - **A petgraph graph**: the map itself, with one edge per shared hexside ([`graph`]), road
//!   and trail layers as filtered views ([`HexMap::roads`], [`HexMap::road_net`]) and an O(1)
//!   hex -> node lookup ([`HexMap::node`]).
//! - **Positions and zones of control**: [`Position`] and [`ZocLayer`], which remembers which
//!   units control each hex.
//! - **Constrained tracing** ([the trace model](#the-trace-model)) for any hex wargame's supply or communication rule:
//!   rules as data ([`TraceRule`]: legs with a budget of hexes or movement points, a step rule
//!   that sees hexsides, their features and the terrain, and a target), with the path found or
//!   the blocked frontier and why, per unit ([`search`]) or for all units at once ([`Tracer`]).
//!   "K hexes of any terrain, then along the road/trail net", which many games' supply lines
//!   follow, is the preset [`RoadChain`]; zones of control follow a [`ZocRule`].
//! - **Movement range** ([`movement_range`]): every hex a unit reaches with its budget under a
//!   one-leg rule, each with its cost and one cheapest path, with enemy zones of control read
//!   as the game says ([`ZocMovement`]: sticky, entering or leaving costs, ZOC to ZOC).
//! - **Line of sight** ([`sight`]): what the straight segment between two hex centres passes
//!   through (hexes, hexsides run along, vertices), in exact integer arithmetic, and what blocks
//!   it under a [`SightRule`](sight::SightRule) (terrain, hex features, hexside features, heights).
//!
//! What is not about hexes (diagnostics, the TOML shape reader, resolvers and bounded reads,
//! terminal-safe text, rules options, the SVG toolkit, HTML pages) is the workspace's kit crate,
//! `wargame-kit`, re-exported as [`hexmap::kit`](crate::kit).
//!
//! # Example
//! ```
//! use hexmap::{Layout, MapBuilder, Orientation, Position, RoadChain, Targets, Tracer, Unit, search};
//!
//! // Row 10, columns 01-09, a road from 1006 to 1009. (With the `toml` feature, the same map
//! // can be read from a file: `HexMap::from_toml_str`.)
//! let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
//!     .road(["1006", "1007", "1008", "1009"])
//!     .build()
//!     .unwrap();
//!
//! let hex = |l: &str| map.parse(l).unwrap();
//! let units = vec![Unit::new("A", 0, hex("1002")), Unit::new("B", 0, hex("1001"))];
//! let position = Position::new(&map, units).unwrap();
//! let targets = Targets::new(&map, [hex("1009")]).unwrap();
//! let nothing_blocks = |_h| None::<()>;
//! // Three hexes of any terrain, then along roads and trails.
//! let rule = RoadChain::new(3).rule().bind(&map).unwrap();
//!
//! // 1002: 1003-1005 are the three free hexes, 1006 is on the road: traced.
//! let path = search(&rule, hex("1002"), &targets, &nothing_blocks).unwrap();
//! let labels: Vec<String> = path.hexes.iter().map(|h| map.label_text(*h)).collect();
//! assert_eq!(labels, ["1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]);
//!
//! // 1001: the fourth hex, 1005, is off the road: cut.
//! assert!(search(&rule, hex("1001"), &targets, &nothing_blocks).is_err());
//!
//! // All units at once.
//! let tracer = Tracer::new(&rule, &targets, &nothing_blocks);
//! let starts: Vec<_> = position.units().iter().map(|u| u.hex).collect();
//! let traced: Vec<bool> = tracer.trace_all(&starts).iter().map(Option::is_some).collect();
//! assert_eq!(traced, [true, false]);
//! ```
//!
//! # Supply rules as legs
//! A tracing rule is data ([`TraceRule`]): **legs** walked from the unit toward a target set,
//! each with a budget, a rule for its steps (and optionally for the step that joins it), and
//! whether it may be skipped. "At most 4 movement points to a friendly city; forest costs 2; a
//! river hexside costs 1 more unless a road bridges it" is one leg. Worked through on a row of
//! four hexes `0101 0102 0103 0104`, forest at `0102`, a river between `0103` and `0104`, and the
//! city at `0104`, from a unit at `0101`: entering `0102` costs 2, `0103` costs 1 (3 so far),
//! and `0104` costs 1 + 1 for the river = 5 > 4: cut, and the cut names `0104` ("beyond the
//! reach of leg 1"). A road over the river removes the extra point: 4, traced.
//! ```
//! use hexmap::{Costs, Leg, Obstacle, Refusal, Targets, TraceRule, search};
//! use hexmap::{Layout, MapBuilder, Orientation};
//!
//! let map = |bridged: bool| {
//!     let b = MapBuilder::new("river", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
//!         .terrain("0102", "forest")
//!         .hexside_feature("river", ["0103", "0104"]);
//!     if bridged { b.road(["0103", "0104"]) } else { b }.build().unwrap()
//! };
//! let rule = TraceRule::new([Leg::movement_points(
//!     4,
//!     Costs::new(1).terrain("forest", 2).hexside("river", 1, &["road"]),
//! )]);
//! let nothing_blocks = |_h| None::<()>;
//!
//! let plain = map(false);
//! let bound = rule.bind(&plain).unwrap();
//! let hex = |l: &str| plain.parse(l).unwrap();
//! let cut = search(&bound, hex("0101"), &Targets::new(&plain, [hex("0104")]).unwrap(), &nothing_blocks)
//!     .unwrap_err();
//! assert!(matches!(
//!     &cut.frontier[0].obstacle,
//!     Obstacle::Refused { why: Refusal::OutOfBudget { leg: 1, .. }, .. }
//! ));
//!
//! let bridged = map(true);
//! let bound = rule.bind(&bridged).unwrap();
//! let targets = Targets::new(&bridged, [hex("0104")]).unwrap();
//! assert!(search(&bound, hex("0101"), &targets, &nothing_blocks).is_ok());
//! ```
//! [The trace model](#the-trace-model) below explains it in full; the crate's `examples/` write
//! three other games' rules with it.
//!
//! # The trace model
//!
//! ## The leg model
//! A rule ([`TraceRule`]) is data: a sequence of **legs** walked from the unit toward a
//! **target** set (a source of supply, a beach, a friendly map edge). Each [`Leg`] says
//! - how far it may go ([`Budget`]): a number of hexes, movement points with per-terrain and
//!   per-hexside [`Costs`], or unlimited;
//! - which steps it allows ([`StepRule`]): any step, along hexsides with a feature (road, rail),
//!   into hexes on a network, not across a feature (river) unless another bridges it, into or not
//!   into terrains, combinations, or the caller's own predicate over the hex entered, the
//!   hexside crossed and its features, and the terrain; its first step may have a rule of its
//!   own (`joined_by`);
//! - whether it may be skipped (take no step).
//!
//! Every step crosses a shared, passable hexside into a hex that passes the caller's **free
//! test** ([`FreeTest`]: units, zones of control, anything else a game says), which explains
//! itself with a reason of the caller's type. The start hex is never tested.
//!
//! ## A worked example
//! "K hexes of any terrain, then along the road/trail net" is the preset [`RoadChain`]: leg 1, up
//! to K hexes of any passable terrain (skippable); leg 2, any number of hexes along road/trail
//! hexsides, joined by any step into a road or trail hex (skippable); target: say, a beach hex.
//! With K = 3, on a row of nine hexes `1001`-`1009` with a road `1006`-`1009` and the beach at
//! `1009`:
//! - from `1002`, leg 1 walks `1003 1004 1005`, leg 2 is joined at `1006` and follows the road to
//!   `1009`: traced;
//! - from `1001`, leg 1 ends at `1004`; `1005` has no road, so leg 2 cannot be joined, and leg 1
//!   has spent its three hexes: cut, and the [`Cut`] names `1005`, "off the road/trail net".
//!
//! "At most 5 MP to a friendly city, forest 2" is one leg,
//! `Leg::movement_points(5, Costs::new(1).terrain("forest", 2))`; "any number of rail hexes from
//! a friendly map edge, then at most 4 hexes" is, from the unit, `Leg::hexes(4).skippable()` then
//! `Leg::unlimited().steps(StepRule::Along(vec!["rail".into()])).skippable()`. The crate's
//! `examples/` hold complete rules of each style.
//!
//! ## Three ways to answer
//! - [`search`]: one start; a path (the one with the fewest hexes when only the first leg has a
//!   budget, as in the [`RoadChain`] preset), or the [`Cut`]: the hexes on the
//!   frontier of what was reachable and what blocks each ([`Obstacle`]: the free test's reason,
//!   or the rule's [`Refusal`]).
//! - [`Tracer`]: prepare once per position (the free test once per hex, the legs after a bounded
//!   first one worked backward from the targets), then answer every unit: a path, or only
//!   traced-or-cut ([`Tracer::traced_all`]), with scratch space the caller may reuse.
//!
//! - [`ChainPlan`]: the [`RoadChain`] preset only, with a game's [`ZocRule`], compiled once per
//!   map: a whole position from the units' hexes (free test, ZOC and the chain as row bitsets),
//!   each unit traced or cut, a traced unit's path, a cut unit's bounded frontier; with the
//!   feature `oracle`, `LocOracle` keeps every answer up to date as units move.
//!   [`ChainPlan::new`] is the preset's only door: [`search`] and [`Tracer`] trace the
//!   preset's rule ([`RoadChain::rule`]) as any other.
//!
//! All need the rule bound to the map ([`TraceRule::bind`]), which resolves names once and
//! refuses a terrain or feature the map lacks, naming the leg, the name and the names the map
//! has ([`TraceRule::bind_lenient`], for one rules table over many maps, binds it as empty).
//!
//! # Movement range
//! [`movement_range`] reads the tracer's vocabulary: a rule of one leg (its budget in movement
//! points with [`Costs`], in hexes, or unlimited; its [`StepRule`]s; impassable hexsides), a
//! free test for the hexes a unit may not enter (enemy units, with their reasons), and the
//! enemy zone of control ([`RangeZoc`]: a [`ZocLayer`] and how it acts on movement,
//! [`ZocMovement`], whose docs give each reading, the default, and which games read it so).
//! It answers every hex reached with its cost and one cheapest path, and the hexes next to
//! them that it cannot enter, with why ([`MoveRange`]). A rule of several legs is refused
//! ([`RangeError::Legs`]). ([`search`] with no target answers only which hexes the rule
//! reaches: see [`Cut::reached_hexes`].)
//! ```
//! use hexmap::{Costs, Leg, Position, RangeZoc, TraceRule, Unit, ZocMovement, movement_range};
//! use hexmap::{Layout, MapBuilder, Orientation};
//!
//! // Two rows of five; forest costs 2; an enemy unit on 0205.
//! let map = MapBuilder::new("two rows", Layout::row_column(Orientation::Pointy, 1..=2, 1..=5))
//!     .terrain("0102", "forest")
//!     .build()?;
//! let hex = |l: &str| map.parse(l).unwrap();
//! let position = Position::new(&map, vec![Unit::new("E", "enemy", hex("0205"))])?;
//! let enemy_zoc = position.zoc(&map, "enemy");
//! let enemy_unit = |h| position.at(&map, h).first().map(|_| "enemy unit");
//! let rule = TraceRule::new([Leg::movement_points(4, Costs::new(1).terrain("forest", 2))])
//!     .bind(&map)?;
//! let zoc = RangeZoc::new(&enemy_zoc, ZocMovement::new()); // sticky
//! let range = movement_range(&rule, hex("0101"), &enemy_unit, &zoc)?;
//! // Through the forest (2 + 1) or around it (3 hexes): as cheap, so the fewer hexes.
//! let path = range.path(hex("0103")).unwrap();
//! assert_eq!(path.hexes, [hex("0101"), hex("0102"), hex("0103")]);
//! assert_eq!(path.spent, [3]);
//! // 0104 is in the enemy's zone of control: entered for 4 points, and the unit stops there.
//! assert_eq!(range.cost(hex("0104")), Some(4));
//! assert!(!range.contains(hex("0205"))); // the enemy unit
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Public dependencies and stability
//!
//! The crate is 0.x: a minor release (0.1 -> 0.2) may break the API, a patch release does not.
//! Structs whose fields will grow (hexside features such as rivers, layout options, overlay
//! options) and enums that will gain variants are `#[non_exhaustive]`: build them with their
//! constructors and `with_*` setters ([`Layout::row_column`], [`Sheet::prefixed`],
//! [`Unit::new`], [`RoadChain::new`], [`Leg::hexes`], [`Hexside::with`], ...), and give a `match` on their
//! variants a `_` arm. Closed vocabularies ([`Orientation`], [`LabelOrder`], [`Parity`],
//! [`Compass`], [`Direction`], [`Hex`]) stay exhaustive.
//!
//! # The map is a petgraph graph
//!
//! `&HexMap` implements petgraph 0.8's graph traits ([`graph`]): `GraphBase`, `GraphProp`
//! (undirected), `Data` and `DataMap` (node weight [`Hex`], edge weight [`Hexside`]),
//! `NodeCount`, `NodeIndexable`, `NodeCompactIndexable`, `EdgeCount`, `EdgeIndexable`,
//! `Visitable`, `GetAdjacencyMatrix`, `IntoNeighbors(Directed)`, `IntoEdges(Directed)`,
//! `IntoEdgeReferences`, `IntoNodeIdentifiers` and `IntoNodeReferences`. Nodes are
//! `NodeIndex<u32>` in label order (node `i` is [`HexMap::hexes`]`()[i]`), edges the shared
//! hexsides ([`graph::HexsideRef`], [`graph::HexsideId`]), impassable ones included; so `dijkstra(&map, ..)`,
//! `connected_components(&map.passable())` or `Bfs::new(&map.roads(), ..)` run on the map with
//! no copy of it.
//!
//! Five other crates appear in the public API; their versions are part of it, and changing
//! their major version is a breaking change of this crate:
//!
//! - **wargame-kit 0.1**: the workspace's kit, whose [`Error`](wargame_kit::Error),
//!   [`Diagnostic`](wargame_kit::Diagnostic) and [`Source`](wargame_kit::Source) a map reports
//!   with; name it through the re-export
//!   [`hexmap::kit`](crate::kit).
//! - **petgraph 0.8**: the map implements its traits, [`HexMap::node`] returns its
//!   `NodeIndex`, and the [`Layer`](graph::Layer) views are its `EdgeFiltered`. Name its types through the
//!   re-export [`hexmap::petgraph`](crate::petgraph) (for example
//!   `hexmap::petgraph::graph::NodeIndex`), so that your petgraph is always the one the map was
//!   built with.
//! - **fixedbitset 0.5**: the map's visit map (`Visitable::Map`) is petgraph's usual
//!   `FixedBitSet`; name it through [`hexmap::fixedbitset`](crate::fixedbitset).
//! - **toml 1**: the map format's types ([`MapSpec`] and its parts) hold [`toml::Spanned`] values
//!   and [`Source::toml_error`](wargame_kit::Source::toml_error)
//!   takes a [`toml::de::Error`]; name them through the re-export [`hexmap::toml`](crate::toml).
//! - **serde 1**: public types implement `serde::Serialize` (labels, hexes, diagnostics, places)
//!   and the map format's types `serde::Deserialize`; only the traits appear, no serde types.
//!
//! With the `schema` feature the spec types also implement `schemars::JsonSchema` (schemars 1).
#![deny(missing_docs)]
// On docs.rs (`--cfg docsrs`), each item behind a feature says which: `doc_cfg` (with the
// automatic cfgs, formerly `doc_auto_cfg`) reads the items' own `#[cfg(feature = ..)]`.
#![cfg_attr(docsrs, feature(doc_cfg))]
// The crate's docs link to the map format's items (`HexMap::from_toml_str`, `Error`, `MapSpec`,
// the kit); without `toml` those items do not exist and the links cannot resolve. The docs built
// with every feature (CI's `cargo doc --all-features`, docs.rs) check every link.
#![cfg_attr(not(feature = "toml"), allow(rustdoc::broken_intra_doc_links))]
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`): one function per rule, per section, per layer.

mod coord;
mod error;
mod free;
pub mod graph;
mod layout;
pub mod limits;
mod map;
mod position;
pub mod sight;
#[cfg(feature = "toml")]
mod spec;
mod summary;
#[cfg(feature = "svg")]
pub mod svg;
mod text;
mod trace;

pub use coord::{Direction, Hex};
#[cfg(feature = "toml")]
pub use error::Error;
pub use error::{BuildError, ErrorKind, MapProblem};
pub use free::{ByNode, FreeTable, FreeTest};
pub use layout::{
    Compass, Label, LabelError, LabelOrder, Layout, Offset, Orientation, Parity, Sheet,
};
pub use map::{
    Area, HexFeature, HexInfo, HexMap, HexRef, Hexside, HexsideFeature, HexsideKind, LabelProblem,
    MapBuilder, NameKind, Place, TerrainType, UnknownName,
};
pub use position::{
    Blocking, BoundZoc, Position, PositionError, PositionErrors, Unit, ZocError, ZocLayer, ZocRule,
};
#[cfg(feature = "toml")]
pub use spec::canonical;
#[cfg(feature = "toml")]
pub use spec::{AreaSpec, HexsidesSpec, LayoutSpec, MapSpec, SheetSpec, TerrainSpec};
#[cfg(feature = "oracle")]
pub use trace::loc::oracle::{LocOracle, OracleError};
pub use trace::{
    Blocked, BoundRule, Bounds, Budget, ChainBlock, ChainCut, ChainPlan, ChainReach, ChainReading,
    ChainWork, Costs, Cut, Leg, MakeStepFn, Obstacle, Path, Placed, Refusal, Revisit, RoadChain,
    RuleError, Step, StepFn, StepRule, TargetError, TargetRule, Targets, TraceRule, Tracer,
    check_path, check_simple, search,
};
pub use trace::{MoveRange, RangeError, RangeZoc, Reached, ZocMovement, ZocToZoc, movement_range};

/// Not covered by semver: used by the workspace's own crates; may change in any release.
///
/// [`TraceScratch`](internal::TraceScratch), the reusable search space of
/// [`Tracer::trace_with`] and [`Tracer::traced_all_with`] (the benchmarks' and tests' way to
/// trace without allocating).
pub mod internal {
    pub use crate::trace::TraceScratch;
}

/// The petgraph crate (0.8) whose traits the map implements ([`graph`]) and whose types
/// [`HexMap::node`] and [`Layer`](graph::Layer) use; name them as `hexmap::petgraph::...` so the versions
/// always match.
///
/// ```
/// use hexmap::petgraph::algo::connected_components;
/// use hexmap::petgraph::graph::NodeIndex;
///
/// use hexmap::{Layout, MapBuilder, Orientation};
///
/// let map = MapBuilder::new("tiny", Layout::column_row(Orientation::Flat, 1..=2, 1..=2)).build().unwrap();
/// let node: NodeIndex<u32> = map.node(map.parse("0101").unwrap()).unwrap();
/// assert_eq!(map.hex_of(node), map.parse("0101").ok());
/// assert_eq!(connected_components(&map), 1);
/// ```
pub use petgraph;

/// The fixedbitset crate (0.5) whose `FixedBitSet` is the map's petgraph visit map
/// (`Visitable::Map`); name it as `hexmap::fixedbitset::FixedBitSet`.
pub use fixedbitset;

#[cfg(any(feature = "toml", feature = "svg"))]
/// The workspace's kit crate (`wargame-kit`), whose [`Error`](wargame_kit::Error),
/// [`Diagnostic`](wargame_kit::Diagnostic) and [`Source`](wargame_kit::Source) the map reports with; name it as `hexmap::kit::...` so the
/// versions always match.
pub use wargame_kit as kit;

#[cfg(feature = "toml")]
/// The toml crate (1.x) whose [`toml::Spanned`] the map format's types ([`MapSpec`]) hold and
/// whose [`toml::de::Error`] [`Source::toml_error`](wargame_kit::Source::toml_error) reads; name them as `hexmap::toml::...`.
pub use toml;

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
