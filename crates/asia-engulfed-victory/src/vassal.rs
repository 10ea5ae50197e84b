//! Dai Senso and combined-game states from VASSAL saved games (feature `vassal`): a profile
//! ([`vassal::profile::Profile`]) says which location of which marker means which value (the
//! VP marker and its face, the Japanese Mandate, Hakko Ichiu, the Current ESV, the war state,
//! the Strategic Warfare Box counts, Influence markers, control of Strategic Hexes), which
//! pieces are units, and holds what no piece holds (`game`, `check`, the countries, the
//! Strategic Hexes, `[tk]`); docs/vassal.md shows one worked out.
//!
//! ```no_run
//! use asia_engulfed_victory::State;
//! use asia_engulfed_victory::kit::resolve::FsResolver;
//!
//! let module = vassal::Module::from_vmod(&std::fs::read("DaiSenso.vmod")?, "DaiSenso.vmod", &Default::default())?;
//! let save = vassal::Save::from_bytes(&std::fs::read("game.vsav")?, "game.vsav")?;
//! let text = std::fs::read_to_string("dai-senso.profile.toml")?;
//! let profile = vassal::profile::Profile::from_toml_str(&text, Some("dai-senso.profile.toml"))?;
//! let (state, imported) = State::from_vassal(&module, &save, &profile, &FsResolver::default())?;
//! println!("{}", asia_engulfed_victory::score(&state, &asia_engulfed_victory::options::Rules::default()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use vassal::profile::StateShape;

use crate::{Error, ErrorKind, State};

/// What a Dai Senso state needs of a profile: `game` (`dai-senso` or `axis-empires`), `check`,
/// `war_state` and `vp_marker`; a `track` names a file relative to the profile.
pub const SHAPE: StateShape<'static> = StateShape::new(crate::model::GAMES)
    .required(&["check", "war_state", "vp_marker"])
    .references(&["track"]);

vassal::engine_import! {
    state: State, error: Error, kind: ErrorKind, shape: SHAPE;
    /// The state a profile makes of a save (replayed as `options` say), as TOML with each value's
    /// piece in a comment, and where each value came from.
    fn import;
    /// A state from a VASSAL save at its last step, through a profile; a file it names is read with
    /// `resolver` (a VP track file, relative to the profile). Also returns the import (its TOML text and where
    /// each value came from). A problem the state's reader finds is located in the profile,
    /// naming the piece.
    fn from_vassal;
    /// The state of an import ([`import`]): its text read as a state file named as the profile
    /// (so that a file it names is found beside it), each problem moved to the profile and the piece.
    fn from_import;
}
