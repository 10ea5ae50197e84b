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

/// All problems found in an input, in the order found: a map's ([`ErrorKind`], the default)
/// or, with its own kind enum as `K`, any engine's of the workspace (`leyte_victory::Error` is
/// `hexmap::Error<leyte_victory::ErrorKind>`).
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error<K = ErrorKind> {
    /// The problems, in the order found.
    diagnostics: Vec<Diagnostic<K>>,
}

impl<K> Error<K> {
    /// An error holding these diagnostics (an error has at least one).
    pub fn new(diagnostics: Vec<Diagnostic<K>>) -> Self {
        Error { diagnostics }
    }

    /// The problems, in the order found.
    pub fn diagnostics(&self) -> &[Diagnostic<K>] {
        &self.diagnostics
    }

    /// The problems, owned (to merge into another error or wrap in another crate's kinds).
    pub fn into_diagnostics(self) -> Vec<Diagnostic<K>> {
        self.diagnostics
    }

    /// The same problems with every kind changed by `f` (a map's problems as an engine's).
    ///
    /// ```
    /// let err = hexmap::MapBuilder::new("m", hexmap::Layout::row_column(
    ///     hexmap::Orientation::Pointy, 1..=1, 1..=2)).place("X", "0909").build().unwrap_err();
    /// let wrapped: hexmap::Error<Option<hexmap::ErrorKind>> = err.map_kind(Some);
    /// assert_eq!(wrapped.kind(), Some(Some(hexmap::ErrorKind::OffMap)));
    /// ```
    pub fn map_kind<L>(self, mut f: impl FnMut(K) -> L) -> Error<L> {
        Error {
            diagnostics: self
                .diagnostics
                .into_iter()
                .map(|d| d.map_kind(&mut f))
                .collect(),
        }
    }
}

impl<K> Error<K> {
    /// The outcome of reading a document in two passes: its shape ([`read_toml`](crate::diag::read_toml)),
    /// then what checking the rules on whatever could be read gave. Ok only when both found
    /// nothing. A rule problem's key is named as the file writes it (the shape reading may have
    /// taken list items out) and located again if it was located by its key. The problems in
    /// the document itself come in file order; those in documents it refers to follow, as found.
    pub fn after_shape<T>(
        source: crate::Source<'_>,
        problems: Vec<Diagnostic<K>>,
        repairs: &crate::diag::Repairs,
        checked: Result<T, Error<K>>,
    ) -> Result<T, Error<K>> {
        let at = crate::diag::Locator::new(source);
        let mut all = match checked {
            Ok(v) if problems.is_empty() => return Ok(v),
            Ok(_) => problems,
            Err(e) => {
                let mut all = problems;
                for mut d in e.into_diagnostics() {
                    let here = d.file.as_deref() == source.name;
                    if here && !repairs.is_empty() {
                        d.message = repairs.original_keys_in(&d.message);
                    }
                    if let Some(key) = d.key.clone().filter(|_| here && !repairs.is_empty()) {
                        let original = repairs.original_key(&key);
                        if original != key {
                            // Located by its key (no span of its own): locate it again.
                            if d.span.is_none() || d.span == at.span_of(&key) {
                                d.span = None;
                                d.location = None;
                                d.key = Some(original);
                                d = at.at(d, None);
                            } else {
                                d.key = Some(original);
                            }
                        }
                    }
                    all.push(d);
                }
                all
            }
        };
        // A stable sort: equal places keep the order found.
        all.sort_by_key(|d| {
            let here = d.file.as_deref() == source.name;
            let at = d.span.as_ref().map_or(usize::MAX, |s| s.start);
            (!here, if here { at } else { 0 })
        });
        Err(Error::new(all))
    }

    /// The same problems with the values their messages quote from the document withheld
    /// ([`withhold_values`](crate::diag::withhold_values)): for a document another one refers
    /// to, which may turn out to be some other file than the one meant.
    pub fn withholding_values(self) -> Self {
        Error::new(
            self.into_diagnostics()
                .into_iter()
                .map(|mut d| {
                    d.message = crate::diag::withhold_values(&d.message);
                    d
                })
                .collect(),
        )
    }
}

impl<K: Copy> Error<K> {
    /// The first problem's kind.
    pub fn kind(&self) -> Option<K> {
        self.diagnostics.first().map(|d| d.kind)
    }
}

impl<K> fmt::Display for Error<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::diag::write_lines(f, &self.diagnostics)
    }
}

impl<K: fmt::Debug> std::error::Error for Error<K> {}

/// An engine's error kind that has a variant for a map's problems, so that `?` turns a map's
/// [`Error`] into the engine's (`leyte_victory::ErrorKind::Map`).
pub trait FromMapKind {
    /// The kind that wraps a map's kind.
    fn from_map_kind(kind: ErrorKind) -> Self;
}

impl<K: FromMapKind> From<Error<ErrorKind>> for Error<K> {
    fn from(e: Error<ErrorKind>) -> Self {
        e.map_kind(K::from_map_kind)
    }
}
