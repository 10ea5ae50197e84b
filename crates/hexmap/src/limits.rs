//! Every limit of the crate in one place (the kit's own, such as the bytes read from one file,
//! are in `wargame_kit::limits`). A map or a rule beyond one is refused with an
//! error saying which limit and where, before anything is sized by it; none is met by a printed
//! map (the largest known to this project has about 30,000 hexes).
//!
//! | limit | what it bounds |
//! |---|---|
//! | [`MAX_HEXES`] | hexes in a map's extents (1,000,000) |
//! | [`MAX_NUMBER`] | how far from 0 a row or column number may be placed by a sheet offset |
//! | [`MAX_SPAN`] | hexes in the rectangle around all sheets, as placed: the size of the map's lookup table |
//! | [`MAX_BUDGET`] | a trace leg's hex or movement-point budget |
//! | [`MAX_CUSTOM_FEATURES`] | hexside features a map may declare |
//! | [`named_hexsides_budget`] | what the names of `[hexsides.sides]` expand to: [`NAMED_HEXSIDES_PER_BYTE`] (64) steps per byte of the names and [`NAMED_HEXSIDES_BASE`] (262,144) more |
//! | [`MAX_MAP_PROBLEMS`] | problems listed for one map (the rest counted in one more) |
//! | `MAX_DRAWN_HEXES` | hexes a picture draws (feature `svg`: `hexmap::limits::MAX_DRAWN_HEXES`) |

pub use crate::map::MAX_HEXES;
#[cfg(feature = "svg")]
pub use crate::svg::renderer::MAX_DRAWN_HEXES;
pub use crate::trace::MAX_BUDGET;

/// The most problems listed for one map (100): the rest are counted in one problem more, so that
/// a grid of unknown symbols (a problem for each cell) is answered in a few lines, not one for
/// each of its hexes.
pub const MAX_MAP_PROBLEMS: usize = 100;

/// The most hexside features a map may declare of its own.
pub const MAX_CUSTOM_FEATURES: usize = crate::map::Hexside::MAX_CUSTOM;

/// How far from 0 a row or column number may be once a sheet's offset is added.
pub const MAX_NUMBER: i64 = 1 << 24;

/// The most hexes the rectangle around the placed sheets may hold (the map's lookup table is as
/// large): four times [`MAX_HEXES`].
pub const MAX_SPAN: u64 = 4 * MAX_HEXES;

/// Steps (labels, hexes of a line, directions, hexsides) the names of a map's
/// `[hexsides.sides]` ([`MapBuilder::hexsides`](crate::MapBuilder::hexsides)) may expand to
/// per byte of the names: 64.
pub const NAMED_HEXSIDES_PER_BYTE: usize = 64;

/// Steps the names of a map's hexsides may expand to whatever their length, on top of
/// [`NAMED_HEXSIDES_PER_BYTE`]: 262,144 (a boundary down the whole of a 1,000 x 1,000 map
/// takes some 7,000).
pub const NAMED_HEXSIDES_BASE: usize = 1 << 18;

/// The most steps the names of a map's hexsides, `bytes` long in all, may expand to:
/// [`NAMED_HEXSIDES_PER_BYTE`] per byte and [`NAMED_HEXSIDES_BASE`] more. Beyond it the map is
/// refused (kind `too-many`, naming this limit); within it each hexside is kept once.
///
/// ```
/// use hexmap::limits::{named_hexsides_budget, NAMED_HEXSIDES_BASE};
///
/// assert_eq!(named_hexsides_budget(0), NAMED_HEXSIDES_BASE);
/// assert_eq!(named_hexsides_budget(1000), NAMED_HEXSIDES_BASE + 64_000);
/// assert_eq!(named_hexsides_budget(usize::MAX), usize::MAX);
/// ```
pub fn named_hexsides_budget(bytes: usize) -> usize {
    bytes
        .saturating_mul(NAMED_HEXSIDES_PER_BYTE)
        .saturating_add(NAMED_HEXSIDES_BASE)
}

/// Hexes a cut's walk toward the nearest target ([`Cut::nearest`](crate::Cut::nearest)) may
/// visit per hex the search reached (and at least this many): 16. Explaining a cut unit costs
/// its neighbourhood, not the map: a target farther than that walk goes unnamed (`None`).
pub const NEAREST_WALK_PER_REACHED: usize = 16;
