//! The crate's error type: every problem found in a state or VP track, with its location.

use serde::Serialize;

/// A problem found in a state or track, located by file, key path, label, line and column.
pub type Diagnostic = wargame_kit::Diagnostic<ErrorKind>;

/// What kind of problem a [`Diagnostic`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// The TOML does not parse, or does not have the expected shape.
    Toml,
    /// A string is not a hex label (`w2819`, `e4904`).
    BadLabel,
    /// A faction is not `axis`, `soviet` or `western`.
    UnknownFaction,
    /// A keyword value (game, check, war state, influence, winner) is not one of the known ones.
    UnknownValue,
    /// A country key is not declared under `[countries]`.
    UnknownCountry,
    /// A marker is placed in a box that is not on the VP track (or cannot be in that box).
    OffTrack,
    /// Something given twice (a strategic hex, a box id).
    Duplicate,
    /// The CSV ranges of a VP track overlap, leave gaps or are empty.
    TrackRanges,
    /// A VP track is badly shaped (no boxes, boxes out of order, VP not increasing, ...).
    TrackShape,
    /// The VP marker is given on both its Rising Sun and Allied Crusade sides, or on neither.
    MarkerSides,
    /// A key that belongs to the other game (`[tk]` in Dai Senso alone, or missing in the
    /// combined game).
    Game,
    /// A required value is missing (the Current ESV in Dai Senso alone).
    Missing,
    /// Values that contradict each other (ground units of both sides on one hex, an automatic
    /// victory that the rest of the state does not match).
    Inconsistent,
    /// A referenced document (a VP track file) cannot be loaded.
    Resolve,
    /// A number is beyond one of the engine's [limits](crate::limits).
    Limit,
}

/// All problems found in a state or track, in the order found; never empty (the workspace's
/// one error type, [`wargame_kit::Error`], with this crate's kinds).
///
/// ```
/// use asia_engulfed_victory::{ErrorKind, State};
/// use wargame_kit::resolve::NoResolver;
///
/// let err = State::from_toml_str(r#"
/// game = "dai-senso"
/// check = "seasonal"
/// war_state = "total-war"
/// vp_marker = { rising_sun = "7" }
/// "#, Some("state.toml"), &NoResolver).unwrap_err();
/// let kinds: Vec<ErrorKind> = err.diagnostics().iter().map(|d| d.kind).collect();
/// assert_eq!(kinds, [ErrorKind::Missing, ErrorKind::OffTrack]); // no current_esv, no box 7
/// assert_eq!(err.kind(), Some(ErrorKind::Missing));
/// assert_eq!(err.into_diagnostics().len(), 2);
/// ```
pub type Error = wargame_kit::Error<ErrorKind>;
