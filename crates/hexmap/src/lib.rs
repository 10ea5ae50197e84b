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
//!   with file, key, label, line and column ([`Error`]).
//! - **A petgraph graph** with one edge per shared hexside ([`HexMap::graph`]), road and trail
//!   layers as filtered views ([`HexMap::roads`], [`HexMap::road_net`]) and an O(1)
//!   hex -> node lookup ([`HexMap::node`]).
//! - **Positions and zones of control**: [`Position`] and [`ZocLayer`], which remembers which
//!   units control each hex.
//! - **Constrained tracing** ([`trace`]): "K hexes of any terrain, then along roads and
//!   trails" with the path found or the blocked frontier, per unit ([`search`]) or for all units
//!   at once in linear time ([`Tracer`]).
//! - **Resolving references** between documents at the edge ([`resolve`]).
//!
//! # Example
//! ```
//! use hexmap::{HexMap, Position, Unit, Targets, TraceRules, Tracer, search};
//!
//! let map = HexMap::from_toml_str(r#"
//! name = "Nine hexes in a line"
//! [layout]
//! orientation = "pointy"
//! label = "row-column"
//! rows = [10, 10]
//! columns = [1, 9]
//! shifted = "even"
//! rows_grow = "north"
//! columns_grow = "east"
//! [hexsides]
//! roads = [["1006", "1007", "1008", "1009"]]
//! "#, Some("line.toml")).unwrap();
//!
//! let hex = |l: &str| map.parse(l).unwrap();
//! let units = vec![
//!     Unit { id: "A".into(), side: 0, hex: hex("1002"), exerts_zoc: true },
//!     Unit { id: "B".into(), side: 0, hex: hex("1001"), exerts_zoc: true },
//! ];
//! let position = Position::new(&map, units).unwrap();
//! let targets = Targets::new(&map, [hex("1009")]);
//! let nothing_blocks = |_h| None::<()>;
//!
//! // 1002: 1003-1005 are the three free hexes, 1006 is on the road: traced.
//! let path = search(&map, hex("1002"), &targets, TraceRules::default(), nothing_blocks).unwrap();
//! let labels: Vec<String> = path.hexes.iter().map(|h| map.label_text(*h)).collect();
//! assert_eq!(labels, ["1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]);
//!
//! // 1001: the fourth hex, 1005, is off the road: cut.
//! assert!(search(&map, hex("1001"), &targets, TraceRules::default(), nothing_blocks).is_err());
//!
//! // All units at once.
//! let tracer = Tracer::new(&map, &targets, TraceRules::default(), nothing_blocks);
//! let starts: Vec<_> = position.units().iter().map(|u| u.hex).collect();
//! let traced: Vec<bool> = tracer.trace_all(&starts).iter().map(Option::is_some).collect();
//! assert_eq!(traced, [true, false]);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod coord;
pub mod diag;
pub mod error;
pub mod layout;
pub mod map;
pub mod position;
pub mod resolve;
pub mod spec;
mod summary;
#[cfg(feature = "svg")]
pub mod svg;
pub mod trace;

pub use coord::{Direction, Hex};
pub use diag::{Diagnostic, Location, Source};
pub use error::{Error, ErrorKind};
pub use layout::{
    Compass, Label, LabelError, LabelOrder, Layout, Offset, Orientation, Parity, Sheet,
};
pub use map::{
    Area, HexInfo, HexMap, Hexside, HexsideKind, LabelProblem, Layer, MapBuilder, Place,
};
pub use position::{Position, PositionError, Unit, ZocLayer};
pub use spec::MapSpec;
pub use trace::{
    Blocked, Cut, Obstacle, Path, TargetRule, Targets, TraceRules, Tracer, check_path, search,
};

pub use petgraph;
