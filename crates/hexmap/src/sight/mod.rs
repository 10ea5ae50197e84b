//! Line of sight: what the straight segment between two hex centres passes through, and what
//! blocks it under a game's rule.
//!
//! [`line()`] walks the segment in exact integer arithmetic (no floating point, no nudging): a
//! sequence of [`Step`]s, each a hex whose interior the segment crosses, a **hexside** it runs
//! along (between two hexes, for a length) or a **vertex** it passes through (three hexes). A
//! [`SightRule`] says what blocks, with names resolved strictly through the map's resolver (a
//! misspelt name is an error); [`SightRule::check`] gives the [`Sight`]: the steps, every
//! [`Block`] and its [`Reason`], printed one line per reason.
//!
//! # The choices, each with its default
//!
//! - **The two end hexes never block**, whatever they hold, also as one of the hexes beside a
//!   hexside or vertex step. A hex off the map (a hole, or beyond the edges the segment may
//!   pass) has no terrain: it blocks nothing. An end off the map is an error
//!   ([`SightError::OffMap`]).
//! - **Hex terrain and hex features** block by name ([`SightRule::terrain_blocks`],
//!   [`SightRule::feature_blocks`]); a hex blocks when the segment crosses its interior.
//! - **Hexside features** block by name ([`SightRule::hexside_blocks`]) when the segment
//!   crosses the hexside, **and when it runs along it**: the segment then lies on the feature
//!   itself (a ridge, a wall). A segment that only touches a hexside's end (a vertex) does not
//!   block by it. Hexside features block whatever the heights.
//! - **A step along a hexside or through a vertex** is read by [`Reading`]. Games differ:
//!   - [`Reading::Any`] (**the default**, the strict reading: the line is given no benefit of
//!     the doubt): blocked when any hex beside it blocks. Advanced Squad Leader (A6.1) reads an
//!     inherent-terrain hex so: it blocks or hinders a line traced exactly along its hexside,
//!     one such hex sufficing.
//!   - [`Reading::All`]: blocked only when every hex beside that one hexside (or vertex)
//!     blocks; a line between two blocking hexes is blocked, a line along one is not.
//!   - [`Reading::BothSides`]: blocked only when hexes beside the line block on both its sides,
//!     anywhere along it. Valor & Victory (9.4, "Hexside LOS") reads a line traced along a
//!     series of hexsides so ("even if the hexes containing blocking terrain are not
//!     adjacent"), and so does Tide of Iron's rule for a line along hex edges (the line is
//!     shifted slightly to either side, and is blocked only when both shifts are).
//!
//!   A hex the line crosses blocks under every reading; the readings differ only on the hexes
//!   it touches without crossing (beside a hexside it runs along, or at a vertex). A game that
//!   reads vertices otherwise than hexsides writes its own test over [`Sight::steps`].
//! - **Heights** are off by default. With [`SightRule::heights`] on, every hex stands at its
//!   ground height (by terrain, [`SightRule::ground`], or the caller's closure by hex,
//!   [`SightRule::check_with_ground`]), an obstacle given a height
//!   ([`SightRule::terrain_blocks_to`], [`SightRule::feature_blocks_to`]) rises that much above
//!   its hex's ground, and an obstacle given none still blocks at any height. An intervening
//!   hex, as high as the higher of its ground and its tallest obstacle, blocks by
//!   [`HeightTest`]: [`HeightTest::AboveLine`] (**the default**), when it rises strictly above
//!   the straight line between the two ends' ground heights, taken where the hex's centre
//!   projects onto the segment (equal heights do not block; compared exactly as rationals), or
//!   [`HeightTest::AtLeastHigherEnd`], when it is at least as high as the higher end (a
//!   hill as high as the observer's blocks). A game whose hill blocks when "higher than
//!   both" ends (strictly) adds one to the two ends' heights in its closure.
//!
//! # The geometry
//!
//! Cube coordinates `(q, -q - r, r)` are the regular hex grid up to scale; a hex's closed cell
//! is `|u - u(h)| <= 1`, `|v - v(h)| <= 1`, `|w - w(h)| <= 1` with `u = x - y`, `v = y - z`,
//! `w = z - x`. Along the segment, each of `u`, `v` and `w` is an integer at parameters
//! `j / n` (`n` at most twice the distance); between two such events the segment stays in the
//! same cells, and each interval and event point is classified by the cells holding it, in
//! `i128`, for any two hexes of `i32` coordinates.
//!
//! # Example
//! ```
//! use hexmap::{Layout, MapBuilder, Orientation};
//! use hexmap::sight::{Reading, SightRule, Step};
//!
//! // Two rows; the line from 0101 to 0202 runs along the hexside 0102/0201 (through its two
//! // vertices); forest on one side only.
//! let map = MapBuilder::new("x", Layout::column_row(Orientation::Flat, 1..=2, 1..=3))
//!     .terrain("0102", "forest")
//!     .build()?;
//! let hex = |l: &str| map.parse(l).unwrap();
//! let (a, b) = (hex("0101"), hex("0202"));
//! let any = SightRule::new(&map).terrain_blocks("forest").unwrap();
//! let sight = any.check(a, b).unwrap();
//! let side = |x: &str, y: &str| Step::Hexside([hex(x), hex(y)]);
//! assert!(sight.steps().iter().any(|s| *s == side("0102", "0201") || *s == side("0201", "0102")));
//! assert!(!sight.is_clear());
//! // Under the other readings, one side is not enough.
//! for reading in [Reading::All, Reading::BothSides] {
//!     assert!(any.clone().reading(reading).check(a, b).unwrap().is_clear());
//! }
//! # Ok::<(), hexmap::BuildError>(())
//! ```

mod check;
mod line;
mod rule;

pub use check::{Block, Reason, Sight, SightError};
pub use line::{Line, Step, line};
pub use rule::{HeightTest, Obstacle, Reading, SightRule};
