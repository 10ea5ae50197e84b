//! The crate's error type: every problem found in a state, with its location.

use serde::Serialize;

/// One problem, with file, key, label, line and column where known.
pub type Diagnostic = wargame_kit::Diagnostic<ErrorKind>;

/// What kind of problem a [`Diagnostic`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// The TOML does not parse, or does not have the expected shape.
    Toml,
    /// The file is not a Leyte state (`game` missing or another game).
    Game,
    /// The map could not be loaded or is invalid.
    Map(hexmap::ErrorKind),
    /// The map reference could not be resolved.
    MapReference,
    /// A hex label is malformed, off the map, or in a hole.
    Hex,
    /// A unit id is used twice.
    DuplicateUnit,
    /// A rating is malformed or missing.
    Rating,
    /// Units of both sides share a hex.
    TwoSidesInHex,
    /// A scenario item is invalid (unknown area or feature, objective outside the map, ...).
    Scenario,
    /// A unit id asked about (`explain`) is not in the state.
    UnknownUnit,
    /// A number is beyond one of the engine's [limits](crate::limits).
    Limit,
}

/// All problems found, in the order found; never empty (the workspace's one error type,
/// [`wargame_kit::Error`], with this crate's kinds). A map's problems convert with
/// [`into_kind`](wargame_kit::Error::into_kind), as [`ErrorKind::Map`].
///
/// ```
/// use leyte_victory::{ErrorKind, State};
/// use wargame_kit::resolve::NoResolver;
///
/// let err = State::from_toml_str("game = \"dai-senso\"", None, &NoResolver).unwrap_err();
/// assert_eq!(err.diagnostics()[0].kind, ErrorKind::Toml); // no map, no scenario
/// assert!(!err.into_diagnostics().is_empty());
/// ```
pub type Error = wargame_kit::Error<ErrorKind>;

impl From<hexmap::ErrorKind> for ErrorKind {
    fn from(kind: hexmap::ErrorKind) -> Self {
        ErrorKind::Map(kind)
    }
}
