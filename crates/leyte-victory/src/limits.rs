//! The most a state may ask of the engine: every number read from a state that sizes work or
//! memory is checked against one of these before it is used, and a state beyond one is refused
//! with a located error (kind [`ErrorKind::Limit`](crate::ErrorKind::Limit)). The map's own
//! limits are in [`hexmap::limits`].
//!
//! Victory Points need no limit: each amount a scenario gives is a `u32`, and every sum of them
//! (an objective's, a player's) is a `u64`, exact for any state within these limits.
//!
//! They are far above anything the game needs (Leyte's rules trace three free hexes; its
//! counters print one- and two-digit strengths; a scenario has about two hundred units), so a
//! real game never meets them, and low enough that a state at every limit at once scores in
//! seconds, not hours, with a report of a few megabytes (see `docs/reliability.md`).

/// The most hexes of any terrain a Line of Communications may begin with
/// (`[scenario.loc] free_hexes`; the rules say 3). A cut unit's explanation looks at every hex
/// within this many of it.
pub const MAX_FREE_HEXES: u32 = 64;

/// The largest combat strength of a unit (attack, defense, barrage, final protective fire),
/// so that a unit's value (L3, their sum) is exact.
pub const MAX_STRENGTH: u32 = 999;

/// The most units, eliminated units and exited units of one position, together.
pub const MAX_UNITS: usize = 10_000;

/// The most frontier hexes the evidence of one cut unit lists (the nearest it found); the rest
/// are counted ([`Omitted`](crate::Omitted)). The verdict never depends on it.
pub const MAX_FRONTIER: usize = 64;

/// The most search states (a hex, and where in the Line of Communications it is) the evidence
/// of one cut unit looks at: past them the search stops and says so ([`Omitted`](crate::Omitted)).
/// The verdict, traced or cut, never depends on it: the tracer answers every unit at once.
/// With it, a cut unit costs the same on any map (4,096 states cover every state of a
/// 1,000-hex map, so a map the size of Leyte's is never cut short): at every limit at once
/// (10,000 cut units, K = 64, on a million hexes whose road net reaches everywhere but the
/// beach) a state scores in about 8 s (see `docs/reliability.md`).
pub const MAX_EXPLORED: usize = 4_096;

/// The most hexes the summary of what one cut unit reaches lists (the nearest it found; the
/// rest are counted, [`Reach::hexes_omitted`](crate::Reach::hexes_omitted)). With K = 3 a
/// unit reaches at most 37 hexes before the road/trail net. The verdict never depends on it.
pub const MAX_REACH: usize = 256;
