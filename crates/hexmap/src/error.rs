//! The crate's error type: every problem found in a map, with its location.

use std::fmt;

use serde::Serialize;

use crate::diag::Diagnostic;

/// What kind of problem a map [`Diagnostic`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// The TOML does not parse, or does not have the expected shape.
    Toml,
    /// The layout is unusable (no sheets, empty extents, bad digit count, ...).
    Layout,
    /// A terrain grid line is missing, repeated, of the wrong length, or uses an unknown symbol.
    Grid,
    /// A string is not a hex label of this map.
    BadLabel,
    /// A label names a hex outside the map's extents or in a hole.
    OffMap,
    /// Two consecutive hexes of a road, trail or hexside pair do not share a hexside.
    NotAdjacent,
    /// Something given twice.
    Duplicate,
    /// A name is unknown (terrain, area, ...).
    UnknownName,
    /// A limit of the model is exceeded (for example more than 64 hex feature kinds).
    TooMany,
}

/// All problems found in a map or position, in the order found.
///
/// `Display` writes one problem per line, `file:line:column: message (at key, label)`.
///
/// ```
/// let err = hexmap::HexMap::from_toml_str(r#"
/// name = "broken"
/// [layout]
/// orientation = "pointy"
/// label = "row-column"
/// rows = [10, 10]
/// columns = [1, 9]
/// shifted = "even"
/// rows_grow = "north"
/// columns_grow = "east"
/// [places]
/// Nowhere = "1010"
/// "#, Some("broken.toml")).unwrap_err();
/// assert_eq!(err.kind(), Some(hexmap::ErrorKind::OffMap));
/// assert_eq!(err.diagnostics()[0].key.as_deref(), Some("places.Nowhere"));
/// assert_eq!(
///     err.to_string(),
///     "broken.toml:12:11: hex 1010 is outside the map's rows and columns \
///      (at `places.Nowhere`, label `1010`)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// The problems, in the order found.
    diagnostics: Vec<Diagnostic<ErrorKind>>,
}

impl Error {
    /// An error holding these diagnostics (a map error has at least one).
    pub fn new(diagnostics: Vec<Diagnostic<ErrorKind>>) -> Self {
        Error { diagnostics }
    }

    /// The problems, in the order found.
    pub fn diagnostics(&self) -> &[Diagnostic<ErrorKind>] {
        &self.diagnostics
    }

    /// The problems, owned (to merge into another error or wrap in another crate's kinds).
    pub fn into_diagnostics(self) -> Vec<Diagnostic<ErrorKind>> {
        self.diagnostics
    }

    /// The first problem's kind.
    pub fn kind(&self) -> Option<ErrorKind> {
        self.diagnostics.first().map(|d| d.kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::diag::write_lines(f, &self.diagnostics)
    }
}
