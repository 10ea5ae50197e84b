//! The map's problems. A map built in code reports them as [`BuildError`], the crate's own
//! error type; a map read from a file (feature `toml`, a default one) as [`Error`], the
//! workspace's located error type ([`wargame_kit::Error`]) with these kinds.

use std::fmt;
use std::ops::Range;

use crate::limits::MAX_MAP_PROBLEMS;
use crate::text::Inline;

/// What kind of problem a map has ([`MapProblem::kind`], and the kind of each diagnostic of an
/// [`Error`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum ErrorKind {
    /// The TOML does not parse, or does not have the expected shape.
    Toml,
    /// The layout is unusable (no sheets, empty extents, bad digit count, ...).
    Layout,
    /// A terrain grid line is missing, repeated, of the wrong length, or uses an unknown symbol.
    Grid,
    /// A string is not a hex label of this map (nor a hexside `1012/NE`, nor a line of hexes
    /// `1001-1020`, where one of those is asked for).
    BadLabel,
    /// A label names a hex outside the map's extents or in a hole, or a hexside has no hex of
    /// the map beyond it.
    OffMap,
    /// Two consecutive hexes of a road, trail or hexside pair do not share a hexside; the two
    /// ends of a line of hexes are not on one printed row or column; two sets of hexes share
    /// no hexside.
    NotAdjacent,
    /// Something given twice.
    Duplicate,
    /// A name is unknown (terrain, area, a direction that is not one of the map's hexsides,
    /// ...).
    UnknownName,
    /// A limit of the model is exceeded (for example more than 64 hex feature kinds).
    TooMany,
}

/// One problem of a map built in code: what kind, in words, and where it was given (the key:
/// the builder's call named by its arguments, `road 1001 to 1009[1]` for the second hex of the
/// road from 1001 to 1009, or the map format's key path) and the label it is about.
///
/// `Display` writes `message (at `key`, label `label`)`, with control characters escaped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MapProblem {
    /// What kind of problem.
    pub kind: ErrorKind,
    /// A sentence for a person.
    pub message: String,
    /// Where it was given: a builder call named by its arguments (`place Ormoc at 2001`,
    /// `road 1001 to 1009[1]`, `hexside 0512/NE (river)`) or a key path of the map format
    /// (`hexsides.roads[2][1]`).
    pub key: Option<String>,
    /// The offending hex label, when there is one.
    pub label: Option<String>,
}

impl MapProblem {
    /// A problem with only a kind and a message.
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> MapProblem {
        MapProblem {
            kind,
            message: message.into(),
            key: None,
            label: None,
        }
    }

    /// With this key.
    pub(crate) fn key(mut self, key: impl Into<String>) -> MapProblem {
        self.key = Some(key.into());
        self
    }

    /// With this label.
    pub(crate) fn label(mut self, label: impl Into<String>) -> MapProblem {
        self.label = Some(label.into());
        self
    }
}

impl fmt::Display for MapProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        // One problem, one line: a name in it cannot start a line of its own.
        let mut out = Inline(f);
        write!(out, "{}", self.message)?;
        match (&self.key, &self.label) {
            (Some(k), Some(l)) => write!(out, " (at `{k}`, label `{l}`)"),
            (Some(k), None) => write!(out, " (at `{k}`)"),
            (None, Some(l)) => write!(out, " (label `{l}`)"),
            (None, None) => Ok(()),
        }
    }
}

/// Every problem of a map built in code ([`MapBuilder::build`](crate::MapBuilder::build)), in
/// the order found: the crate's own error type, so `?` takes it into any error.
///
/// `Display` writes one problem per line.
///
/// ```
/// use hexmap::{ErrorKind, Layout, MapBuilder, Orientation};
///
/// fn corridor() -> Result<hexmap::HexMap, Box<dyn std::error::Error>> {
///     let layout = Layout::row_column(Orientation::Pointy, 10..=10, 1..=9);
///     Ok(MapBuilder::new("corridor", layout).road(["1001", "1003"]).build()?)
/// }
///
/// let err = MapBuilder::new("bad", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
///     .road(["1001", "1003"])
///     .place("Nowhere", "2001")
///     .build()
///     .unwrap_err();
/// assert_eq!(err.kind(), Some(ErrorKind::OffMap));
/// assert_eq!(err.problems()[1].key.as_deref(), Some("road 1001 to 1003[1]"));
/// assert_eq!(
///     err.to_string(),
///     "hex 2001 is outside the map's rows and columns (at `place Nowhere at 2001`, label `2001`)\n\
///      hexes 1001 and 1003 do not share a hexside (at `road 1001 to 1003[1]`, label `1003`)"
/// );
/// assert!(corridor().unwrap_err().to_string().contains("do not share a hexside"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    /// The problems, in the order found (at least one).
    problems: Vec<MapProblem>,
}

impl BuildError {
    /// The problems, in the order found.
    pub fn problems(&self) -> &[MapProblem] {
        &self.problems
    }

    /// The problems, owned.
    pub fn into_problems(self) -> Vec<MapProblem> {
        self.problems
    }

    /// The first problem's kind.
    pub fn kind(&self) -> Option<ErrorKind> {
        self.problems.first().map(|p| p.kind)
    }

    /// The problems found by a build (their places in a text dropped: a builder has none).
    pub(crate) fn of(found: Vec<Found>) -> BuildError {
        BuildError {
            problems: found.into_iter().map(|f| f.problem).collect(),
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::one_per_line(f, &self.problems)
    }
}

impl std::error::Error for BuildError {}

/// A problem as a build finds it: where in a text it is, when the map was read from one.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) problem: MapProblem,
    #[cfg_attr(not(feature = "toml"), allow(dead_code))] // read by the map file format
    pub(crate) span: Option<Range<usize>>,
}

/// The problems a build finds, in order: at most [`MAX_MAP_PROBLEMS`], the rest counted.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    found: Vec<Found>,
    /// Problems beyond [`MAX_MAP_PROBLEMS`], counted.
    more: usize,
}

impl Problems {
    /// Record a problem at a span of the text (none: at its key's place, when read from one).
    pub(crate) fn push(&mut self, problem: MapProblem, span: Option<Range<usize>>) {
        if self.found.len() < MAX_MAP_PROBLEMS {
            self.found.push(Found { problem, span });
        } else {
            self.more = self.more.saturating_add(1);
        }
    }

    /// Whether anything was recorded.
    pub(crate) fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The problems, in the order found, and one more counting those not listed.
    pub(crate) fn into_vec(mut self) -> Vec<Found> {
        if self.more > 0 {
            let problem = MapProblem::new(
                ErrorKind::TooMany,
                format!(
                    "{} more problems not listed (the map's limit, hexmap::limits::MAX_MAP_PROBLEMS, lists {MAX_MAP_PROBLEMS}): fix these and check the map again",
                    self.more
                ),
            );
            self.found.push(Found {
                problem,
                span: None,
            });
        }
        self.found
    }
}

/// All problems found in a map read from a file (feature `toml`), in the order found: the
/// workspace's one error type with the map's kinds ([`ErrorKind`], the default), each problem
/// located (file, line, column). An engine's kind with a variant wrapping the map's takes them
/// with [`wargame_kit::Error::into_kind`]; a [`BuildError`] converts into one (`?`).
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
#[cfg(feature = "toml")]
pub type Error<K = ErrorKind> = wargame_kit::Error<K>;

#[cfg(feature = "toml")]
impl From<MapProblem> for wargame_kit::Diagnostic<ErrorKind> {
    /// The same problem as a diagnostic (no file, no place).
    fn from(p: MapProblem) -> Self {
        let mut d = wargame_kit::Diagnostic::new(p.kind, p.message);
        d.key = p.key;
        d.label = p.label;
        d
    }
}

#[cfg(feature = "toml")]
impl From<BuildError> for wargame_kit::Error<ErrorKind> {
    /// The same problems as diagnostics (no file, no place): a map built in code where a
    /// file's [`Error`] is expected.
    fn from(e: BuildError) -> Self {
        wargame_kit::Error::new(e.problems.into_iter().map(Into::into).collect())
    }
}

/// The problems a build of a map read from `source` found, each located in it (the file, and
/// the line and column of its span or, without one, of its key).
#[cfg(feature = "toml")]
pub(crate) fn locate(source: wargame_kit::Source<'_>, found: Vec<Found>) -> Error {
    let at = wargame_kit::internal::Locator::new(source);
    let located = found
        .into_iter()
        .map(|f| at.at(f.problem.into(), f.span))
        .collect();
    Error::new(located)
}
