//! The crate's error type: every problem found in a state, with its location.

use std::fmt;

use serde::Serialize;

/// One problem, with file, key, label, line and column where known.
pub type Diagnostic = hexmap::Diagnostic<ErrorKind>;

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
}

/// All problems found, in the order found.
///
/// ```
/// use leyte_victory::ErrorKind;
/// use hexmap::resolve::NoResolver;
///
/// let err = leyte_victory::load("game = \"dai-senso\"", None, &NoResolver).unwrap_err();
/// assert_eq!(err.diagnostics()[0].kind, ErrorKind::Toml); // no map, no scenario
/// assert!(!err.into_diagnostics().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// The problems; never empty.
    diagnostics: Vec<Diagnostic>,
}

impl Error {
    /// An error holding these diagnostics.
    pub fn new(diagnostics: Vec<Diagnostic>) -> Self {
        Error { diagnostics }
    }

    /// The problems, in the order found; never empty.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The problems, by value.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }

    /// The first problem's kind.
    pub fn kind(&self) -> Option<ErrorKind> {
        self.diagnostics.first().map(|d| d.kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        hexmap::diag::write_lines(f, &self.diagnostics)
    }
}

impl From<hexmap::Error> for Error {
    fn from(e: hexmap::Error) -> Self {
        Error::new(
            e.into_diagnostics()
                .into_iter()
                .map(|d| d.map_kind(ErrorKind::Map))
                .collect(),
        )
    }
}
