//! What a cut unit's evidence leaves out (its frontier bounded: L-19's evidence stays the
//! same size on any map).

use serde::{Deserialize, Serialize};

/// How much of a frontier was left out of the evidence ([`crate::limits::MAX_FRONTIER`],
/// [`crate::limits::MAX_EXPLORED`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Omitted {
    /// Frontier hexes found but not listed (the listed ones are the nearest).
    pub hexes: usize,
    /// Whether the search stopped before it had seen all the unit can reach, so that more
    /// frontier hexes may exist than were found.
    pub search_stopped: bool,
}

impl Omitted {
    /// Whether anything was left out.
    pub fn any(self) -> bool {
        self.hexes > 0 || self.search_stopped
    }
}
