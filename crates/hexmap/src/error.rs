//! The map's error kinds. A map's problems come as [`Error`], the workspace's one error type
//! ([`wargame_kit::Error`]) with these kinds.

use serde::Serialize;

/// What kind of problem a map [`Diagnostic`](wargame_kit::Diagnostic) reports.
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

/// All problems found in a map, in the order found: the workspace's one error type with the
/// map's kinds ([`ErrorKind`], the default). An engine's kind with a variant wrapping the map's
/// takes them with [`wargame_kit::Error::into_kind`].
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
pub type Error<K = ErrorKind> = wargame_kit::Error<K>;
