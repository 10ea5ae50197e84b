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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// The problems; never empty.
    pub diagnostics: Vec<Diagnostic>,
}

impl Error {
    /// An error holding these diagnostics.
    pub fn new(diagnostics: Vec<Diagnostic>) -> Self {
        Error { diagnostics }
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
            e.diagnostics
                .into_iter()
                .map(|d| d.map_kind(ErrorKind::Map))
                .collect(),
        )
    }
}
