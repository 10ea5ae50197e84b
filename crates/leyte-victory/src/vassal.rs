//! Leyte states from VASSAL saved games (feature `vassal`): a profile
//! ([`vassal::profile::Profile`]) says which pieces are units and how their id, side, rating
//! and hex are read, where eliminated and exited units lie, and holds what no piece holds (the
//! map file and the `[scenario]`); docs/vassal.md shows one worked out.
//!
//! ```no_run
//! use leyte_victory::State;
//! use leyte_victory::kit::resolve::FsResolver;
//!
//! let module = vassal::Module::from_vmod(&std::fs::read("Leyte.vmod")?, "Leyte.vmod", &Default::default())?;
//! let save = vassal::Save::from_bytes(&std::fs::read("game.vsav")?, "game.vsav")?;
//! let text = std::fs::read_to_string("leyte.profile.toml")?;
//! let profile = vassal::profile::Profile::from_toml_str(&text, Some("leyte.profile.toml"))?;
//! let (state, imported) = State::from_vassal(&module, &save, &profile, &FsResolver::default())?;
//! println!("{}", state.score()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use vassal::profile::StateShape;

use crate::{Error, ErrorKind, State};

/// What a Leyte state needs of a profile: `game = "leyte"`, the `map` (a file named relative
/// to the profile) and the `[scenario]`.
pub const SHAPE: StateShape<'static> = StateShape::new(&[crate::GAME])
    .required(&["map", "scenario"])
    .references(&["map"]);

vassal::engine_import! {
    state: State, error: Error, kind: ErrorKind, shape: SHAPE;
    /// The state a profile makes of a save (replayed as `options` say), as TOML with each value's
    /// piece in a comment, and where each value came from.
    fn import;
    /// A state from a VASSAL save at its last step, through a profile; the map is read with
    /// `resolver`, relative to the profile. Also returns the import (its TOML text and where
    /// each value came from). A problem the state's reader finds is located in the profile,
    /// naming the piece.
    fn from_vassal;
    /// The state of an import ([`import`]): its text read as a state file named as the profile
    /// (so that the map is found beside it), each problem moved to the profile and the piece.
    fn from_import;
}
