//! The most a state may ask of the engine: every number read from a state that sizes work or
//! memory is checked against one of these before it is used, and a state beyond one is refused
//! with a located error (kind [`ErrorKind::Limit`](crate::ErrorKind::Limit)). The map's own
//! limits are [`hexmap::MAX_HEXES`] and those of its builder.
//!
//! Victory Points need no limit: each amount a scenario gives is a `u32`, and every sum of them
//! (an objective's, a player's) is a `u64`, exact for any state within these limits.
//!
//! They are far above anything the game needs (Leyte's rules trace three free hexes; its
//! counters print one- and two-digit strengths; a scenario has about two hundred units), so a
//! real game never meets them, and low enough that a state at every limit at once scores in
//! seconds, not hours (see `docs/reliability.md`).

/// The most hexes of any terrain a Line of Communications may begin with
/// (`[scenario.loc] free_hexes`; the rules say 3). A cut unit's explanation looks at every hex
/// within this many of it.
pub const MAX_FREE_HEXES: u32 = 64;

/// The largest combat strength of a unit (attack, defense, barrage, final protective fire),
/// so that a unit's value (L3, their sum) is exact.
pub const MAX_STRENGTH: u32 = 999;

/// The most units, eliminated units and exited units of one position, together.
pub const MAX_UNITS: usize = 20_000;
