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
//! | `MAX_DRAWN_HEXES` | hexes a picture draws (feature `svg`: `hexmap::limits::MAX_DRAWN_HEXES`) |

pub use crate::map::MAX_HEXES;
#[cfg(feature = "svg")]
pub use crate::svg::renderer::MAX_DRAWN_HEXES;
pub use crate::trace::MAX_BUDGET;

/// The most hexside features a map may declare of its own.
pub const MAX_CUSTOM_FEATURES: usize = crate::map::Hexside::MAX_CUSTOM;

/// How far from 0 a row or column number may be once a sheet's offset is added.
pub const MAX_NUMBER: i64 = 1 << 24;

/// The most hexes the rectangle around the placed sheets may hold (the map's lookup table is as
/// large): four times [`MAX_HEXES`].
pub const MAX_SPAN: u64 = 4 * MAX_HEXES;
