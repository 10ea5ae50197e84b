//! The [`MapBuilder`] that makes a [`HexMap`]: one function per section of the map format.
//!
//! A [`MapBuilder`] and a [`MapSpec`](crate::MapSpec) both hand the build an [`Input`] that
//! borrows what they hold: hexes as labels (parsed once, when resolved) or coordinates,
//! terrain by id, key paths formatted only for a diagnostic. The build works on dense tables:
//! per slot ([`Slots`]: the labels inside the extents, numbered in label order), the terrain
//! and the node; per node and direction, the hexside's mask.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;

use crate::coord::{Direction, Hex};
use crate::error::{BuildError, ErrorKind, Found, MapProblem, Problems};
use crate::layout::{Label, Layout, Offset, Orientation, Sheet, Slots};

use super::{Adj, Area, HexInfo, HexMap, Hexside, HexsideKind, Link, MAX_HEXES, NONE, Place};

/// A hex as a [`MapBuilder`] input: a printed label (`"0512"`) or axial coordinates ([`Hex`]).
///
/// Tools that already hold coordinates build maps without formatting and re-parsing labels:
///
/// ```
/// use hexmap::{Hex, Layout, MapBuilder, Orientation};
/// let layout = Layout::row_column(Orientation::Pointy, 1..=2, 1..=3);
/// let start = layout.label_to_hex(layout.parse_label("0101").unwrap()).unwrap();
/// let east = start.neighbor(hexmap::Direction::ALL[0]);
/// let map = MapBuilder::new("by coordinates", layout)
///     .terrain(east, "forest")
///     .road([start, east])
///     .feature("town", "0103")   // labels and hexes mix freely
///     .build()
///     .unwrap();
/// assert_eq!(map.terrain(east), Some("forest"));
/// assert!(map.on_road_net(start));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexRef {
    /// A printed label.
    Label(String),
    /// Axial coordinates.
    Hex(Hex),
}

impl From<&str> for HexRef {
    fn from(label: &str) -> HexRef {
        HexRef::Label(label.to_string())
    }
}

impl From<String> for HexRef {
    fn from(label: String) -> HexRef {
        HexRef::Label(label)
    }
}

impl From<&String> for HexRef {
    fn from(label: &String) -> HexRef {
        HexRef::Label(label.clone())
    }
}

impl From<Hex> for HexRef {
    fn from(hex: Hex) -> HexRef {
        HexRef::Hex(hex)
    }
}

impl From<&Hex> for HexRef {
    fn from(hex: &Hex) -> HexRef {
        HexRef::Hex(*hex)
    }
}

/// A hex reference as the build reads it: a label as written (parsed once, when resolved) or
/// coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) enum At<'a> {
    /// A printed label as written.
    Label(&'a str),
    /// Axial coordinates.
    Hex(Hex),
}

impl<'a> At<'a> {
    fn of(r: &'a HexRef) -> At<'a> {
        match r {
            HexRef::Label(text) => At::Label(text),
            HexRef::Hex(hex) => At::Hex(*hex),
        }
    }
}

/// Where an input was written, formatted only when a diagnostic names it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Key<'a> {
    /// A [`MapBuilder`] call, named by its arguments ([`Args`]), then `[{i}]` for the `i`th
    /// hex of a list.
    Call {
        what: &'a str,
        args: Args<'a>,
        index: Option<usize>,
    },
    /// A key of the map format: `{prefix}{section}{name}{tail}`, then `[{i}]` per index.
    #[cfg_attr(not(feature = "toml"), allow(dead_code))] // read by the map file format
    Spec {
        prefix: &'a str,
        section: &'static str,
        name: &'a str,
        tail: &'static str,
        index: [Option<usize>; 2],
    },
}

/// A [`MapBuilder`] call's arguments, as a diagnostic names the call (never by its place
/// among the calls: a reader finds the call by what it says).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Args<'a> {
    /// One hex and, for some calls, a name: `terrain forest at 0512`, `hole at 0512`,
    /// `feature town at 0512`, `place Ormoc at 0512`.
    Hex { name: Option<&'a str>, at: At<'a> },
    /// A list of hexes, by its name (an area's key) or its first and last hexes:
    /// `area beach`, `road 1001 to 1009`, `river 0101 to 0103`.
    List {
        name: Option<&'a str>,
        ends: Option<(At<'a>, At<'a>)>,
    },
    /// A hexside named as a map-maker names it ([`MapBuilder::hexsides`]):
    /// `hexside 0512/NE (river)`.
    Side { name: &'a str },
}

/// Whether two hex references are written alike (a list of one hex names it once).
fn same(a: &At<'_>, b: &At<'_>) -> bool {
    match (a, b) {
        (At::Label(x), At::Label(y)) => x == y,
        (At::Hex(x), At::Hex(y)) => x == y,
        _ => false,
    }
}

impl fmt::Display for At<'_> {
    /// A label as written, or coordinates as `(q,r)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Label(text) => write!(f, "{text}"),
            At::Hex(hex) => write!(f, "({},{})", hex.q, hex.r),
        }
    }
}

impl<'a> Key<'a> {
    /// The key `{prefix}{section}{name}`.
    #[cfg_attr(not(feature = "toml"), allow(dead_code))]
    pub(crate) fn spec(prefix: &'a str, section: &'static str, name: &'a str) -> Key<'a> {
        Key::Spec {
            prefix,
            section,
            name,
            tail: "",
            index: [None, None],
        }
    }

    /// This key followed by `tail` (before any index).
    #[cfg_attr(not(feature = "toml"), allow(dead_code))]
    pub(crate) fn tail(mut self, tail: &'static str) -> Key<'a> {
        if let Key::Spec { tail: t, .. } = &mut self {
            *t = tail;
        }
        self
    }

    /// This key with one more index: the `i`th item of the list it names.
    pub(crate) fn at(mut self, i: usize) -> Key<'a> {
        match &mut self {
            Key::Call { index, .. } => *index = Some(i),
            Key::Spec { index, .. } => {
                *index = match *index {
                    [None, _] => [Some(i), None],
                    [first, _] => [first, Some(i)],
                };
            }
        }
        self
    }
}

impl fmt::Display for Key<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Call { what, args, index } => match args {
                Args::Hex { name, at } => {
                    write!(f, "{what}")?;
                    if let Some(name) = name {
                        write!(f, " {name}")?;
                    }
                    write!(f, " at {at}")?;
                }
                Args::List { name, ends } => {
                    write!(f, "{what}")?;
                    if let Some(name) = name {
                        write!(f, " {name}")?;
                    }
                    match ends {
                        Some((a, b)) if same(a, b) => write!(f, " {a}")?,
                        Some((a, b)) => write!(f, " {a} to {b}")?,
                        None => {}
                    }
                    if let Some(i) = index {
                        write!(f, "[{i}]")?;
                    }
                }
                // The hexside's name says which of the call's names it is.
                Args::Side { name } => write!(f, "hexside {name} ({what})")?,
            },
            Key::Spec {
                prefix,
                section,
                name,
                tail,
                index,
            } => {
                write!(f, "{prefix}{section}{name}{tail}")?;
                for i in index.iter().flatten() {
                    write!(f, "[{i}]")?;
                }
            }
        }
        Ok(())
    }
}

/// One hex reference of an input, with where it was written.
#[derive(Clone, Debug)]
pub(crate) struct Ref<'a> {
    /// The hex.
    pub(crate) at: At<'a>,
    /// Where, as a key path.
    pub(crate) key: Key<'a>,
    /// Where, in the source text.
    pub(crate) span: Option<Range<usize>>,
}

impl Ref<'_> {
    /// The reference as written, for diagnostics: the label's text, or the hex's label (its
    /// coordinates outside the extents).
    fn text(&self, layout: &Layout) -> String {
        match self.at {
            At::Label(text) => text.to_string(),
            At::Hex(hex) => match layout.hex_to_label(hex) {
                Some(l) => l.to_string(),
                None => format!("({},{})", hex.q, hex.r),
            },
        }
    }

    /// A problem with this reference: at its key, with its text as the label.
    fn problem(&self, kind: ErrorKind, message: String, text: &str) -> MapProblem {
        MapProblem::new(kind, message)
            .key(self.key.to_string())
            .label(text)
    }
}

/// A list of hex references (an area's hexes, a road, a hexside pair), with where it was
/// written.
#[derive(Clone, Debug)]
pub(crate) struct Group<'a> {
    /// Where, as a key path.
    pub(crate) key: Key<'a>,
    /// Where, in the source text.
    pub(crate) span: Option<Range<usize>>,
    /// The hexes.
    pub(crate) refs: Vec<Ref<'a>>,
}

/// The terrain id of a hole (a hex taken off the map).
pub(crate) const HOLE: u32 = u32::MAX;

/// Everything a map is built from, borrowed from a [`MapBuilder`] or a
/// [`MapSpec`](crate::MapSpec): the build reads one of these.
#[derive(Clone, Debug)]
pub(crate) struct Input<'a> {
    /// The map's name.
    pub(crate) name: String,
    /// Its layout.
    pub(crate) layout: Layout,
    /// Terrain names by id, each once; id 0 is the default terrain.
    pub(crate) terrains: Vec<&'a str>,
    /// Per [`Slots`] slot, a terrain id or [`HOLE`]: the terrain grid, when there is one.
    pub(crate) grid: Option<Vec<u32>>,
    /// Hexes given a terrain id or [`HOLE`], in order (a later one wins).
    pub(crate) cells: Vec<(Ref<'a>, u32)>,
    /// Hex features: name and hex.
    pub(crate) features: Vec<(&'a str, Ref<'a>)>,
    /// Places: name and hex.
    pub(crate) places: Vec<(&'a str, Ref<'a>)>,
    /// Areas: key, name and hexes.
    pub(crate) areas: Vec<(&'a str, &'a str, Group<'a>)>,
    /// The built-in hexside features, each a path or a pair.
    pub(crate) hexsides: Vec<(HexsideKind, Group<'a>)>,
    /// The map's own hexside features: name and path.
    pub(crate) side_features: Vec<(&'a str, Group<'a>)>,
    /// Hexsides named as a map-maker names them (`1012/NE`, `0110-2010 | 0111-2011`): the
    /// feature (one of the map's own or a built-in one), the name and where it was written.
    pub(crate) named_sides: Vec<(&'a str, Ref<'a>)>,
    /// Prepended to key paths (`map.` for a map inlined in another file).
    pub(crate) key_prefix: String,
    /// Whether the layout was given as `[[layout.sheets]]` (keys `layout.sheets[i].rows`)
    /// rather than `rows` and `columns` (keys `layout.rows`).
    pub(crate) sheets_declared: bool,
}

impl<'a> Input<'a> {
    /// Nothing but a name, a layout and the default terrain.
    pub(crate) fn new(name: String, layout: Layout, default_terrain: &'a str) -> Input<'a> {
        Input {
            name,
            layout,
            terrains: vec![default_terrain],
            grid: None,
            cells: Vec::new(),
            features: Vec::new(),
            places: Vec::new(),
            areas: Vec::new(),
            hexsides: Vec::new(),
            side_features: Vec::new(),
            named_sides: Vec::new(),
            key_prefix: String::new(),
            sheets_declared: false,
        }
    }
}

/// The id of a terrain name in `terrains`, adding it the first time (`ids` indexes
/// `terrains`).
pub(crate) fn intern<'a>(
    ids: &mut BTreeMap<&'a str, u32>,
    terrains: &mut Vec<&'a str>,
    name: &'a str,
) -> u32 {
    // A handful of names, the usual case: a scan beats the tree.
    let found = if terrains.len() <= 16 {
        let at = terrains.iter().position(|t| *t == name);
        at.and_then(|i| u32::try_from(i).ok())
    } else {
        ids.get(name).copied()
    };
    found.unwrap_or_else(|| {
        let id = u32::try_from(terrains.len()).unwrap_or(HOLE - 1);
        terrains.push(name);
        ids.insert(name, id);
        id
    })
}

/// Builds a [`HexMap`] in memory, checking everything once in [`MapBuilder::build`].
///
/// Every hex inside the layout's extents starts on the map with the default terrain; mark holes
/// with [`MapBuilder::hole`].
///
/// ```
/// use hexmap::{ErrorKind, Layout, MapBuilder, Orientation};
///
/// // Nine pointy hexes in row 10 (`1001` to `1009`), even rows shifted, rows growing north.
/// let layout = Layout::row_column(Orientation::Pointy, 10..=10, 1..=9);
/// let map = MapBuilder::new("line", layout.clone())
///     .terrain("1003", "forest")
///     .place("Roadhead", "1006")
///     .area("beach", "Beach", ["1009"])
///     .road(["1006", "1007", "1008", "1009"])
///     .build()
///     .unwrap();
/// assert_eq!(map.len(), 9);
/// assert!(map.on_road_net(map.parse("1006").unwrap()));
/// assert_eq!(map.terrain(map.parse("1003").unwrap()), Some("forest"));
///
/// // Every problem is reported at once.
/// let err = MapBuilder::new("bad", layout)
///     .road(["1001", "1003"])
///     .place("Nowhere", "2001")
///     .build()
///     .unwrap_err();
/// let kinds: Vec<_> = err.problems().iter().map(|p| p.kind).collect();
/// assert_eq!(kinds, [ErrorKind::OffMap, ErrorKind::NotAdjacent]);
/// ```
#[derive(Clone, Debug)]
pub struct MapBuilder {
    name: String,
    layout: Layout,
    default_terrain: String,
    calls: Calls,
}

/// What a [`MapBuilder`]'s calls gave (a diagnostic names a call by its arguments).
#[derive(Clone, Debug, Default)]
struct Calls {
    /// Each with its terrain (`None`: a hole).
    cells: Vec<(HexRef, Option<String>)>,
    features: Vec<(String, HexRef)>,
    places: Vec<(String, HexRef)>,
    areas: Vec<(String, String, Vec<HexRef>)>,
    hexsides: Vec<(HexsideKind, Vec<HexRef>)>,
    side_features: Vec<(String, Vec<HexRef>)>,
    named_sides: Vec<(String, Vec<HexRef>)>,
}

impl MapBuilder {
    /// A builder for a map with this name and layout.
    pub fn new(name: impl Into<String>, layout: Layout) -> Self {
        MapBuilder {
            name: name.into(),
            layout,
            default_terrain: "clear".to_string(),
            calls: Calls::default(),
        }
    }

    /// The terrain of hexes not given one (default `clear`).
    pub fn default_terrain(mut self, terrain: impl Into<String>) -> Self {
        self.default_terrain = terrain.into();
        self
    }

    /// Set one hex's terrain.
    pub fn terrain(mut self, at: impl Into<HexRef>, terrain: impl Into<String>) -> Self {
        self.calls.cells.push((at.into(), Some(terrain.into())));
        self
    }

    /// Take a hex off the map (open sea, say).
    pub fn hole(mut self, at: impl Into<HexRef>) -> Self {
        self.calls.cells.push((at.into(), None));
        self
    }

    /// Give a hex a feature (airfield, town, ...).
    pub fn feature(mut self, feature: impl Into<String>, at: impl Into<HexRef>) -> Self {
        self.calls.features.push((feature.into(), at.into()));
        self
    }

    /// Name a place on a hex.
    pub fn place(mut self, name: impl Into<String>, at: impl Into<HexRef>) -> Self {
        self.calls.places.push((name.into(), at.into()));
        self
    }

    /// Declare a named area.
    pub fn area<I, S>(mut self, key: impl Into<String>, name: impl Into<String>, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        let refs = labels.into_iter().map(Into::into).collect();
        self.calls.areas.push((key.into(), name.into(), refs));
        self
    }

    /// A road along a path of labels; consecutive labels must be adjacent.
    pub fn road<I, S>(self, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        self.hexsides_path(HexsideKind::Road, labels)
    }

    /// A trail along a path of labels; consecutive labels must be adjacent.
    pub fn trail<I, S>(self, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        self.hexsides_path(HexsideKind::Trail, labels)
    }

    /// The hexside between two adjacent hexes blocks zones of control.
    pub fn blocks_zoc(self, a: impl Into<HexRef>, b: impl Into<HexRef>) -> Self {
        self.hexsides_path(HexsideKind::BlocksZoc, [a.into(), b.into()])
    }

    /// The hexside between two adjacent hexes is impassable.
    pub fn impassable(self, a: impl Into<HexRef>, b: impl Into<HexRef>) -> Self {
        self.hexsides_path(HexsideKind::Impassable, [a.into(), b.into()])
    }

    /// Mark every hexside along a path of labels with a feature.
    pub fn hexsides_path<I, S>(mut self, kind: HexsideKind, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        let refs = labels.into_iter().map(Into::into).collect();
        self.calls.hexsides.push((kind, refs));
        self
    }

    /// Give every hexside along a path of labels one of the map's own features (`river`,
    /// `rail`, `all-sea`, ...): a pair of labels marks one hexside, a longer path a line of them.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("rails", Layout::row_column(Orientation::Flat, 1..=1, 1..=4))
    ///     .hexside_feature("rail", ["0101", "0102", "0103"])
    ///     .hexside_feature("river", ["0103", "0104"])
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(map.hexside_feature_names(), ["rail", "river"]);
    /// let h = |l: &str| map.parse(l).unwrap();
    /// let side = map.hexside(h("0103"), h("0104")).unwrap();
    /// assert_eq!(side.features, 0b10); // river
    /// ```
    pub fn hexside_feature<I, S>(mut self, feature: impl Into<String>, labels: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<HexRef>,
    {
        let refs = labels.into_iter().map(Into::into).collect();
        self.calls.side_features.push((feature.into(), refs));
        self
    }

    /// Declare a hexside feature of the map's own that no hexside of it carries (yet), so
    /// that the map lists it ([`HexMap::hexside_feature_names`]) as one with it would: what
    /// `bridge = []` under `[hexsides.features]` declares.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("no bridges", Layout::row_column(Orientation::Flat, 1..=1, 1..=2))
    ///     .declare_hexside_feature("bridge")
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(map.hexside_feature_names(), ["bridge"]);
    /// ```
    pub fn declare_hexside_feature(self, feature: impl Into<String>) -> Self {
        self.hexside_feature(feature, Vec::<HexRef>::new())
    }

    /// Give hexsides named as a map-maker names them a feature: one of the map's own
    /// (`river`) or a built-in one (`road`, `trail`, `blocks-zoc`, `impassable`). Each name is
    ///
    /// - a hex and a direction, `"1012/NE"`: pointy hexes have sides `NE E SE SW W NW`, flat
    ///   hexes `N NE SE S SW NW`, as the map is printed ([`Layout::direction_name`]);
    /// - the same sides of every hex of a line, `"0110-2010/E"`, `"1001-1020/NW+NE"`: a line
    ///   is two labels on one printed row or column and every hex between them;
    /// - the boundary between two sets of hexes, `"0110-2010 | 0111-2011"`: every hexside
    ///   with a hex of the first set on one side and one of the second on the other (a set
    ///   is labels and lines separated by commas).
    ///
    /// The map format's `[hexsides.sides]` takes the same names.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// // A river between columns 10 and 11 of a 20x20 map: 39 hexsides, in one call.
    /// let layout = Layout::row_column(Orientation::Pointy, 1..=20, 1..=20);
    /// let map = MapBuilder::new("river", layout)
    ///     .hexsides("river", ["0110-2010 | 0111-2011"])
    ///     .hexsides("blocks-zoc", ["0505/NE"])
    ///     .build()?;
    /// let h = |l: &str| map.parse(l).unwrap();
    /// assert_eq!(map.hexside(h("0510"), h("0511")).unwrap().features, 1); // river
    /// assert!(!map.hexside(h("0505"), h("0605")).unwrap().passes_zoc());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hexsides<I, S>(mut self, feature: impl Into<String>, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let names = names.into_iter().map(|s| HexRef::Label(s.into())).collect();
        self.calls.named_sides.push((feature.into(), names));
        self
    }

    /// Validate everything and build the map; reports every problem found, each with the
    /// call that gave it, named by its arguments: `terrain forest at 0512`, `place Ormoc at
    /// 2001`, `area beach[2]` (the third hex of area `beach`), `road 1001 to 1009[1]` (the
    /// second hex of the road from 1001 to 1009), `hexside 0512/NE (river)`.
    ///
    /// One step per section of the map format, in this order (the order of the problems):
    /// the layout, the hexsides named by a hex and a direction, a line or two sets of hexes
    /// ([`MapBuilder::hexsides`], read into the pairs of hexes they lie between), terrain and
    /// holes, the hexes and their lookup, hex features, places, areas, the built-in hexside
    /// features, the map's own hexside features, then the adjacency table.
    pub fn build(self) -> Result<HexMap, BuildError> {
        build(self.input()).map_err(BuildError::of)
    }

    /// [`MapBuilder::build`], the problems as the workspace's located error ([`crate::Error`],
    /// feature `toml`) with `source`'s name as their file.
    #[cfg(feature = "toml")]
    pub fn build_in(self, source: wargame_kit::Source<'_>) -> Result<HexMap, crate::Error> {
        build(self.input()).map_err(|found| crate::error::locate(source, found))
    }

    /// What this builder was given, as the build reads it.
    fn input(&self) -> Input<'_> {
        let mut input = Input::new(
            self.name.clone(),
            self.layout.clone(),
            &self.default_terrain,
        );
        let mut ids = BTreeMap::from([(self.default_terrain.as_str(), 0)]);
        for (at, terrain) in &self.calls.cells {
            input.cells.push(match terrain {
                Some(t) => (
                    call_ref("terrain", Some(t), at),
                    intern(&mut ids, &mut input.terrains, t),
                ),
                None => (call_ref("hole", None, at), HOLE),
            });
        }
        for (f, at) in &self.calls.features {
            input
                .features
                .push((f.as_str(), call_ref("feature", Some(f), at)));
        }
        for (name, at) in &self.calls.places {
            input
                .places
                .push((name.as_str(), call_ref("place", Some(name), at)));
        }
        for (key, name, refs) in &self.calls.areas {
            let group = call_group("area", Some(key), refs);
            input.areas.push((key.as_str(), name.as_str(), group));
        }
        for (kind, refs) in &self.calls.hexsides {
            let what = match kind {
                HexsideKind::Road => "road",
                HexsideKind::Trail => "trail",
                HexsideKind::BlocksZoc => "blocks_zoc",
                HexsideKind::Impassable => "impassable",
            };
            input.hexsides.push((*kind, call_group(what, None, refs)));
        }
        for (feature, refs) in &self.calls.side_features {
            input
                .side_features
                .push((feature.as_str(), call_group(feature, None, refs)));
        }
        for (feature, names) in &self.calls.named_sides {
            let named = names.iter().map(|r| {
                let name = match r {
                    HexRef::Label(text) => text.as_str(),
                    HexRef::Hex(_) => "",
                };
                let key = Key::Call {
                    what: feature,
                    args: Args::Side { name },
                    index: None,
                };
                let at = At::of(r);
                (
                    feature.as_str(),
                    Ref {
                        at,
                        key,
                        span: None,
                    },
                )
            });
            input.named_sides.extend(named);
        }
        input
    }
}

/// A hex given to one [`MapBuilder`] call, with the call's name argument.
fn call_ref<'a>(what: &'a str, name: Option<&'a str>, at: &'a HexRef) -> Ref<'a> {
    let at = At::of(at);
    Ref {
        at,
        key: Key::Call {
            what,
            args: Args::Hex { name, at },
            index: None,
        },
        span: None,
    }
}

/// The hexes given to one [`MapBuilder`] call, named by the call's name argument or, without
/// one, its first and last hexes.
fn call_group<'a>(what: &'a str, name: Option<&'a str>, refs: &'a [HexRef]) -> Group<'a> {
    let ends = match (name, refs.first(), refs.last()) {
        (None, Some(a), Some(b)) => Some((At::of(a), At::of(b))),
        _ => None,
    };
    let key = Key::Call {
        what,
        args: Args::List { name, ends },
        index: None,
    };
    let refs = refs.iter().enumerate().map(|(i, r)| Ref {
        at: At::of(r),
        key: key.at(i),
        span: None,
    });
    Group {
        key,
        span: None,
        refs: refs.collect(),
    }
}

/// The hexes being built and the dense tables that find them, by [`Slots`] slot and by node.
struct Work {
    slots: Slots,
    /// Per slot: its node, or [`NONE`] for a hole.
    slot_node: Vec<u32>,
    /// Per node, in label order.
    hexes: Vec<HexInfo>,
    terrain_names: Vec<String>,
    feature_names: Vec<String>,
    places: Vec<Place>,
    areas: Vec<Area>,
}

/// Build a map from what it was given: one step per section of the map format, in the order of
/// [`MapBuilder::build_in`]; every problem found is reported.
pub(crate) fn build(mut input: Input<'_>) -> Result<HexMap, Vec<Found>> {
    let mut c = Problems::default();
    check_layout(&input, &mut c);
    let limit = usize::try_from(MAX_HEXES).unwrap_or(usize::MAX);
    let slots = Slots::new(&input.layout, limit).filter(|_| c.is_empty());
    let Some(slots) = slots else {
        if c.is_empty() {
            let d = MapProblem::new(ErrorKind::Layout, "the layout is unusable")
                .key(format!("{}layout", input.key_prefix));
            c.push(d, None);
        }
        return Err(c.into_vec());
    };
    named_hexsides(&mut input, &mut c);
    let terrain = terrain_and_holes(&mut input, &slots, &mut c);
    let Some(mut w) = hexes_in_label_order(&input, slots, terrain, &mut c) else {
        return Err(c.into_vec());
    };
    hex_features(&input, &mut w, &mut c);
    named_places(&input, &mut w, &mut c);
    named_areas(&input, &mut w, &mut c);
    let mut net = Net::new(&input.layout, &w.hexes);
    builtin_hexsides(&input, &w, &mut net.adj, &mut c);
    let names = own_hexside_features(&input, &w, &mut net.adj, &mut c);
    if !c.is_empty() {
        return Err(c.into_vec());
    }
    Ok(finish(input.name, input.layout, w, net, names))
}

/// Terrain and holes: per slot, the grid's terrain id (the default's without a grid), then
/// every cell given one, in order.
fn terrain_and_holes(input: &mut Input<'_>, slots: &Slots, c: &mut Problems) -> Vec<u32> {
    let mut terrain = match input.grid.take() {
        Some(grid) if grid.len() == slots.len() => grid,
        _ => vec![0; slots.len()],
    };
    for (r, id) in &input.cells {
        if let Some(t) = resolve(&input.layout, slots, r, c).and_then(|s| terrain.get_mut(s)) {
            *t = *id;
        }
    }
    terrain
}

/// The on-map hexes in label order (the slots in order, holes skipped) and the terrain names
/// they index, in order of first use after the default; the terrain table, slot by slot,
/// becomes the slot -> node table. `None` when the map cannot be built at all (sheets overlap,
/// no hex on the map).
fn hexes_in_label_order(
    input: &Input<'_>,
    slots: Slots,
    mut slot_node: Vec<u32>,
    c: &mut Problems,
) -> Option<Work> {
    let layout = &input.layout;
    if let Some((first, label)) = first_overlap(layout) {
        c.push(
            MapProblem::new(
                ErrorKind::Layout,
                format!("sheets overlap: {first} and {label} are the same hex"),
            )
            .key("layout.sheets"),
            None,
        );
        return None;
    }
    // Terrain id -> index into `terrain_names`, given on first use; the default is index 0.
    let mut index = vec![NONE; input.terrains.len()];
    let mut terrain_names = Vec::new();
    if let (Some(i), Some(default)) = (index.first_mut(), input.terrains.first()) {
        *i = 0;
        terrain_names.push((*default).to_string());
    }
    let mut hexes = Vec::with_capacity(slots.len());
    let mut cells = slot_node.iter_mut();
    for s in slots.sheets() {
        for row in s.rows.0..=s.rows.1 {
            for col in s.columns.0..=s.columns.1 {
                let Some(node) = cells.next() else {
                    continue;
                };
                let id = std::mem::replace(node, NONE);
                let Some(i) = usize::try_from(id).ok().and_then(|i| index.get_mut(i)) else {
                    continue; // a hole
                };
                if *i == NONE {
                    *i = u32::try_from(terrain_names.len()).unwrap_or(NONE);
                    let name = usize::try_from(id).ok().and_then(|t| input.terrains.get(t));
                    terrain_names.push(name.map_or_else(String::new, |n| (*n).to_string()));
                }
                *node = u32::try_from(hexes.len()).unwrap_or(NONE);
                hexes.push(HexInfo {
                    hex: layout.offset_to_hex(s.offset(row, col)),
                    label: layout.label_at(s.prefix, row, col),
                    terrain: u16::try_from(*i).unwrap_or(u16::MAX),
                    features: 0,
                    on_road_net: false,
                });
            }
        }
    }
    if hexes.is_empty() {
        c.push(
            MapProblem::new(ErrorKind::Layout, "the map has no on-map hexes").key("layout"),
            None,
        );
        return None;
    }
    if terrain_names.len() > usize::from(u16::MAX) {
        c.push(
            MapProblem::new(ErrorKind::TooMany, "more than 65535 terrain types"),
            None,
        );
    }
    Some(Work {
        slots,
        slot_node,
        hexes,
        terrain_names,
        feature_names: Vec::new(),
        places: Vec::new(),
        areas: Vec::new(),
    })
}

/// When sheets overlap, the first label (in label order) whose hex an earlier label already
/// named, after that earlier label; found from the sheets' rectangles, not label by label.
fn first_overlap(layout: &Layout) -> Option<(Label, Label)> {
    // A sheet's rows and columns in whole-map numbers.
    let rect = |s: &Sheet| {
        let (ro, co) = (i64::from(s.row_offset), i64::from(s.column_offset));
        let rows = (i64::from(s.rows.0) + ro, i64::from(s.rows.1) + ro);
        let cols = (i64::from(s.columns.0) + co, i64::from(s.columns.1) + co);
        (rows, cols)
    };
    let printed = |n: i64, offset: i32| u16::try_from(n - i64::from(offset)).ok();
    for (i, s) in layout.sheets.iter().enumerate() {
        let (rows, cols) = rect(s);
        // The first (row, column) of `s`, in its label order, that an earlier sheet holds:
        // earlier sheets do not overlap each other, so exactly one holds it.
        let first = layout.sheets[..i]
            .iter()
            .filter_map(|t| {
                let (t_rows, t_cols) = rect(t);
                let r = (rows.0.max(t_rows.0), rows.1.min(t_rows.1));
                let c = (cols.0.max(t_cols.0), cols.1.min(t_cols.1));
                (r.0 <= r.1 && c.0 <= c.1).then_some(((r.0, c.0), t))
            })
            .min_by_key(|(at, _)| *at);
        if let Some(((row, col), t)) = first {
            let label = |s: &Sheet| {
                let (r, c) = (printed(row, s.row_offset)?, printed(col, s.column_offset)?);
                Some(layout.label_at(s.prefix, r, c))
            };
            return label(t).zip(label(s));
        }
    }
    None
}

/// Hex features (`[features]`): one bit each, in name order.
fn hex_features(input: &Input<'_>, w: &mut Work, c: &mut Problems) {
    let mut names: Vec<&str> = input.features.iter().map(|(f, _)| *f).collect();
    names.sort_unstable();
    names.dedup();
    if names.len() > 64 {
        c.push(
            MapProblem::new(ErrorKind::TooMany, "more than 64 kinds of hex feature")
                .key("features"),
            None,
        );
        names.truncate(64);
    }
    for (f, r) in &input.features {
        let Ok(bit) = names.binary_search(f) else {
            continue;
        };
        let Some(i) = on_map(&input.layout, w, r, c) else {
            continue;
        };
        let Some(info) = w.hexes.get_mut(i) else {
            continue;
        };
        if info.features & (1 << bit) != 0 {
            let text = r.text(&input.layout);
            let message = format!("hex {} is listed twice as `{f}`", text.trim());
            c.push(
                r.problem(ErrorKind::Duplicate, message, &text),
                r.span.clone(),
            );
        }
        info.features |= 1 << bit;
    }
    w.feature_names = names.into_iter().map(str::to_string).collect();
}

/// Named places (`[places]`), sorted by name.
fn named_places(input: &Input<'_>, w: &mut Work, c: &mut Problems) {
    let mut seen_places = BTreeSet::new();
    for (name, r) in &input.places {
        if !seen_places.insert(*name) {
            c.push(
                MapProblem::new(
                    ErrorKind::Duplicate,
                    format!("place `{name}` is named twice"),
                )
                .key(r.key.to_string()),
                r.span.clone(),
            );
            continue;
        }
        if let Some(info) = on_map(&input.layout, w, r, c).and_then(|i| w.hexes.get(i)) {
            let hex = info.hex;
            w.places.push(Place {
                name: (*name).to_string(),
                hex,
            });
        }
    }
    w.places.sort_by(|a, b| a.name.cmp(&b.name));
}

/// Named areas (`[areas]`), sorted by key, each with its hexes in label order.
fn named_areas(input: &Input<'_>, w: &mut Work, c: &mut Problems) {
    let mut seen_areas = BTreeSet::new();
    // Per node: 1 + the index of the last area that listed it.
    let mut listed: Vec<usize> = Vec::new();
    for (a, (key, name, group)) in input.areas.iter().enumerate() {
        if !seen_areas.insert(*key) {
            c.push(
                MapProblem::new(
                    ErrorKind::Duplicate,
                    format!("area `{key}` is declared twice"),
                )
                .key(group.key.to_string()),
                group.span.clone(),
            );
            continue;
        }
        if listed.is_empty() {
            listed = vec![0; w.hexes.len()];
        }
        let mut nodes = Vec::new();
        for r in &group.refs {
            let Some(i) = on_map(&input.layout, w, r, c) else {
                continue;
            };
            let Some(mark) = listed.get_mut(i) else {
                continue;
            };
            if *mark == a + 1 {
                let text = r.text(&input.layout);
                let message = format!("hex {} is listed twice in area `{key}`", text.trim());
                c.push(
                    r.problem(ErrorKind::Duplicate, message, &text),
                    r.span.clone(),
                );
            } else {
                *mark = a + 1;
                nodes.push(i);
            }
        }
        let hexes = &w.hexes;
        nodes.sort_by_key(|i| hexes.get(*i).map(|h| h.label));
        w.areas.push(Area {
            key: (*key).to_string(),
            name: (*name).to_string(),
            hexes: nodes
                .iter()
                .filter_map(|i| hexes.get(*i))
                .map(|h| h.hex)
                .collect(),
        });
    }
    w.areas.sort_by(|a, b| a.key.cmp(&b.key));
}

/// The hexsides named as a map-maker names them ([`MapBuilder::hexsides`],
/// `[hexsides.sides]`), read into pairs of hexes: each pair a path of two under the built-in
/// feature or the map's own it was named for, so the hexside steps mark it and find a hex of
/// it in a hole. Each hexside is kept once per feature: one named again (in the same name or
/// another) is a problem (`duplicate`) at the name, and what the names expand to is bounded by
/// [`crate::limits::named_hexsides_budget`] of their bytes.
fn named_hexsides(input: &mut Input<'_>, c: &mut Problems) {
    let named = std::mem::take(&mut input.named_sides);
    let bytes = named.iter().fold(0usize, |sum, (_, r)| match r.at {
        At::Label(text) => sum.saturating_add(text.len()),
        At::Hex(_) => sum,
    });
    let mut budget = super::sides::Expansion::new(crate::limits::named_hexsides_budget(bytes));
    let mut seen: BTreeSet<(&str, Hex, Hex)> = BTreeSet::new();
    for (feature, r) in named {
        let At::Label(text) = r.at else {
            continue;
        };
        let named = match super::sides::pairs(&input.layout, text, &mut budget) {
            Ok(named) => named,
            Err((kind, message)) => {
                let spent = kind == ErrorKind::TooMany;
                c.push(r.problem(kind, message, text), r.span.clone());
                if spent {
                    break;
                }
                continue;
            }
        };
        let pairs = keep_once(&input.layout, &mut seen, feature, named, &r, c);
        let builtin = match feature {
            "road" => Some(HexsideKind::Road),
            "trail" => Some(HexsideKind::Trail),
            "blocks-zoc" | "blocks_zoc" => Some(HexsideKind::BlocksZoc),
            "impassable" => Some(HexsideKind::Impassable),
            _ => None,
        };
        for (a, b) in pairs {
            let side = |hex| Ref {
                at: At::Hex(hex),
                ..r.clone()
            };
            let group = Group {
                key: r.key,
                span: r.span.clone(),
                refs: vec![side(a), side(b)],
            };
            match builtin {
                Some(kind) => input.hexsides.push((kind, group)),
                None => input.side_features.push((feature, group)),
            }
        }
    }
}

/// The pairs of a name not named before for `feature` (`seen`, by feature and hexes in
/// order); a problem (`duplicate`) at the name for those it repeats, and one for those it
/// named twice itself.
fn keep_once<'a>(
    layout: &Layout,
    seen: &mut BTreeSet<(&'a str, Hex, Hex)>,
    feature: &'a str,
    named: super::sides::Named,
    r: &Ref<'_>,
    c: &mut Problems,
) -> Vec<(Hex, Hex)> {
    let At::Label(text) = r.at else {
        return named.pairs;
    };
    // `blocks_zoc` is `blocks-zoc`.
    let feature = if feature == "blocks_zoc" {
        "blocks-zoc"
    } else {
        feature
    };
    let mut again = 0usize;
    let mut first_again = None;
    let mut pairs = Vec::with_capacity(named.pairs.len());
    for (a, b) in named.pairs {
        if seen.insert((feature, a.min(b), a.max(b))) {
            pairs.push((a, b));
        } else {
            again = again.saturating_add(1);
            first_again.get_or_insert((a, b));
        }
    }
    if named.repeated > 0 {
        let message = format!(
            "{} hexside(s) named more than once here (a hex or a direction given twice): name \
             each hexside once",
            named.repeated
        );
        c.push(
            r.problem(ErrorKind::Duplicate, message, text),
            r.span.clone(),
        );
    }
    if let Some((a, b)) = first_again {
        let shown = |h: Hex| {
            let label = layout.hex_to_label(h);
            label.map(|l| l.to_string()).unwrap_or_default()
        };
        let message = format!(
            "{again} hexside(s) here already named for `{feature}`, the first between hexes {} \
             and {}: name each hexside once",
            shown(a),
            shown(b)
        );
        c.push(
            r.problem(ErrorKind::Duplicate, message, text),
            r.span.clone(),
        );
    }
    pairs
}

/// The built-in hexside features (`[hexsides]` roads, trails, blocks-zoc, impassable).
fn builtin_hexsides(input: &Input<'_>, w: &Work, adj: &mut [[Adj; 6]], c: &mut Problems) {
    for (kind, group) in &input.hexsides {
        let pair = matches!(kind, HexsideKind::BlocksZoc | HexsideKind::Impassable);
        let given = group.refs.len();
        if (pair && given != 2) || (!pair && given < 2) {
            c.push(
                MapProblem::new(
                    ErrorKind::NotAdjacent,
                    if pair {
                        format!("a hexside is a pair of two adjacent labels; {given} given")
                    } else {
                        format!("a road or trail needs at least two labels; {given} given")
                    },
                )
                .key(group.key.to_string()),
                group.span.clone(),
            );
            continue;
        }
        let bits = Hexside::default().with(*kind).mask();
        mark_path(&input.layout, w, &group.refs, bits, adj, c);
    }
}

/// The map's own hexside features (`[hexsides.features]`), one bit each in name order;
/// returns their names.
fn own_hexside_features(
    input: &Input<'_>,
    w: &Work,
    adj: &mut [[Adj; 6]],
    c: &mut Problems,
) -> Vec<String> {
    let mut names: Vec<&str> = input.side_features.iter().map(|(f, _)| *f).collect();
    names.sort_unstable();
    names.dedup();
    if names.len() > Hexside::MAX_CUSTOM {
        c.push(
            MapProblem::new(
                ErrorKind::TooMany,
                format!(
                    "more than {} kinds of hexside feature ({} given)",
                    Hexside::MAX_CUSTOM,
                    names.len()
                ),
            )
            .key("hexsides.features"),
            None,
        );
    }
    for (feature, group) in &input.side_features {
        if matches!(*feature, "road" | "trail" | "blocks-zoc" | "impassable") {
            let d = MapProblem::new(
                ErrorKind::Duplicate,
                format!("`{feature}` is a built-in hexside feature; list it under its own key"),
            );
            c.push(d.key(group.key.to_string()), group.span.clone());
            continue;
        }
        let bit = names.binary_search(feature).ok();
        let bit = bit.filter(|b| *b < Hexside::MAX_CUSTOM);
        let Some(bits) = bit
            .and_then(|b| u32::try_from(b).ok())
            .and_then(|b| 1u32.checked_shl(b + Hexside::CUSTOM_SHIFT))
        else {
            continue;
        };
        if group.refs.is_empty() {
            // Declared, on no hexside (`bridge = []`, `MapBuilder::declare_hexside_feature`).
            continue;
        }
        if group.refs.len() < 2 {
            let d = MapProblem::new(
                ErrorKind::NotAdjacent,
                format!(
                    "a hexside feature needs at least two adjacent labels; {} given",
                    group.refs.len()
                ),
            );
            c.push(d.key(group.key.to_string()), group.span.clone());
            continue;
        }
        mark_path(&input.layout, w, &group.refs, bits, adj, c);
    }
    names.into_iter().map(str::to_string).collect()
}

/// Resolve a reference to its slot (a hex inside the extents), recording problems.
fn resolve(layout: &Layout, slots: &Slots, r: &Ref<'_>, c: &mut Problems) -> Option<usize> {
    let off_map = |shown: &str, text: &str| {
        let message = format!("hex {shown} is outside the map's rows and columns");
        r.problem(ErrorKind::OffMap, message, text)
    };
    match r.at {
        At::Hex(hex) => {
            let slot = slots.of_hex(layout, hex);
            if slot.is_none() {
                let text = r.text(layout);
                c.push(off_map(text.trim(), &text), r.span.clone());
            }
            slot
        }
        At::Label(text) => match layout.parse_label(text) {
            Err(e) => {
                c.push(
                    r.problem(ErrorKind::BadLabel, e.to_string(), text),
                    r.span.clone(),
                );
                None
            }
            Ok(label) => {
                let slot = slots.of_label(layout, label);
                if slot.is_none() {
                    c.push(off_map(&label.to_string(), text), r.span.clone());
                }
                slot
            }
        },
    }
}

/// The node of an on-map hex for a reference, recording holes.
fn on_map(layout: &Layout, w: &Work, r: &Ref<'_>, c: &mut Problems) -> Option<usize> {
    let slot = resolve(layout, &w.slots, r, c)?;
    match w.slot_node.get(slot) {
        Some(&n) if n != NONE => usize::try_from(n).ok(),
        _ => {
            let text = r.text(layout);
            let message = format!(
                "hex {} is not on the map (a hole, such as open sea)",
                text.trim()
            );
            c.push(r.problem(ErrorKind::OffMap, message, &text), r.span.clone());
            None
        }
    }
}

/// Give every hexside along a path of references these mask bits (in the rows of both its
/// hexes), recording references off the map and consecutive hexes that do not share a hexside.
fn mark_path(
    layout: &Layout,
    w: &Work,
    refs: &[Ref<'_>],
    bits: u32,
    adj: &mut [[Adj; 6]],
    c: &mut Problems,
) {
    let nodes: Vec<Option<usize>> = refs.iter().map(|r| on_map(layout, w, r, c)).collect();
    for (pair, pair_refs) in nodes.windows(2).zip(refs.windows(2)) {
        let ([Some(a), Some(b)], [ra, rb]) = (pair, pair_refs) else {
            continue;
        };
        let hex = |i: usize| w.hexes.get(i).map(|h| h.hex);
        let Some(dir) = hex(*a)
            .zip(hex(*b))
            .and_then(|(ha, hb)| ha.direction_to(hb))
        else {
            let (ta, tb) = (ra.text(layout), rb.text(layout));
            let message = format!(
                "hexes {} and {} do not share a hexside",
                ta.trim(),
                tb.trim()
            );
            c.push(
                rb.problem(ErrorKind::NotAdjacent, message, &tb),
                rb.span.clone(),
            );
            continue;
        };
        for (node, d) in [(*a, dir), (*b, dir.opposite())] {
            if let Some(side) = adj.get_mut(node).and_then(|row| row.get_mut(d.index())) {
                side.mask |= bits;
            }
        }
    }
}

/// The hex -> node lookup over the on-map hexes' offset bounding box, and per node and
/// direction the neighbour's node and the hexside's mask (marked by the hexside steps).
struct Net {
    lookup: Vec<u32>,
    bounds: Bounds,
    adj: Vec<[Adj; 6]>,
}

/// The on-map hexes' offset bounding box.
#[derive(Clone, Copy)]
struct Bounds {
    min: Offset,
    width: i32,
    height: i32,
}

impl Bounds {
    /// The lookup's index of a whole-map offset, if inside the box.
    fn index(self, o: Offset) -> Option<usize> {
        let col = o.col.checked_sub(self.min.col)?;
        let row = o.row.checked_sub(self.min.row)?;
        if col < 0 || row < 0 || col >= self.width || row >= self.height {
            return None;
        }
        usize::try_from(i64::from(row) * i64::from(self.width) + i64::from(col)).ok()
    }
}

const NO_ADJ: Adj = Adj {
    node: NONE,
    mask: 0,
};

impl Net {
    /// The lookup and the neighbours of every hex, no hexside marked yet.
    fn new(layout: &Layout, hexes: &[HexInfo]) -> Net {
        let offsets = || hexes.iter().map(|h| layout.hex_to_offset(h.hex));
        let (mut min, mut max) = (Offset { col: 0, row: 0 }, Offset { col: 0, row: 0 });
        if let Some(first) = offsets().next() {
            (min, max) = (first, first);
        }
        for o in offsets() {
            (min.col, min.row) = (min.col.min(o.col), min.row.min(o.row));
            (max.col, max.row) = (max.col.max(o.col), max.row.max(o.row));
        }
        // The layout check bounds the span of the sheets, so these fit.
        let width = i64::from(max.col) - i64::from(min.col) + 1;
        let height = i64::from(max.row) - i64::from(min.row) + 1;
        let bounds = Bounds {
            min,
            width: i32::try_from(width).unwrap_or(0),
            height: i32::try_from(height).unwrap_or(0),
        };
        let mut lookup = vec![NONE; usize::try_from(width * height).unwrap_or(0)];
        for (i, o) in offsets().enumerate() {
            if let Some(at) = bounds.index(o).and_then(|at| lookup.get_mut(at)) {
                *at = u32::try_from(i).unwrap_or(NONE);
            }
        }
        // A neighbour's offset differs from the hex's by a step that depends only on the
        // direction and on whether the hex's line is shifted: no hex arithmetic per neighbour.
        let steps = [0, 1].map(|line| {
            let base = Offset {
                col: line,
                row: line,
            };
            let hex = layout.offset_to_hex(base);
            Direction::ALL.map(|d| {
                let o = layout.hex_to_offset(hex.neighbor(d));
                (o.col - base.col, o.row - base.row)
            })
        });
        let vertical = layout.orientation == Orientation::Flat;
        let mut adj = Vec::with_capacity(hexes.len());
        for o in offsets() {
            let line = if vertical { o.col } else { o.row };
            let steps = &steps[usize::from(line.rem_euclid(2) == 1)];
            // Filled in place: a row assembled on the stack and copied stalls the stores.
            adj.push([NO_ADJ; 6]);
            let Some(row) = adj.last_mut() else {
                continue;
            };
            for (side, (dc, dr)) in row.iter_mut().zip(steps) {
                let (col, r) = (o.col.saturating_add(*dc), o.row.saturating_add(*dr));
                let at = bounds.index(Offset { col, row: r });
                if let Some(&node) = at.and_then(|at| lookup.get(at)) {
                    side.node = node;
                }
            }
        }
        Net {
            lookup,
            bounds,
            adj,
        }
    }
}

/// The map: its hexes and names from the work, its lookup and adjacency table from the net;
/// the petgraph rows, which hexes are on the road net, the hexside count.
fn finish(name: String, layout: Layout, mut w: Work, net: Net, names: Vec<String>) -> HexMap {
    let mut links = Vec::with_capacity(net.adj.len());
    let mut sides = Vec::with_capacity(net.adj.len());
    let mut hexside_count = 0;
    let no_link = Link {
        node: NONE,
        side: Hexside::default(),
    };
    for (a, (row, info)) in net.adj.iter().zip(&mut w.hexes).enumerate() {
        let a = u32::try_from(a).unwrap_or(NONE);
        let (mut mask, mut later) = (0, 0);
        links.push([no_link; 6]);
        let Some(link_row) = links.last_mut() else {
            continue;
        };
        for (link, side) in link_row.iter_mut().zip(row) {
            if side.node != NONE {
                mask |= side.mask;
                later += usize::from(a < side.node);
                link.node = side.node;
                link.side = Hexside::from_mask(side.mask);
            }
        }
        hexside_count += later;
        sides.push(mask);
        info.on_road_net = mask & (Hexside::ROAD | Hexside::TRAIL) != 0;
    }
    HexMap {
        name,
        layout,
        hexes: w.hexes,
        lookup: net.lookup,
        lookup_min: net.bounds.min,
        lookup_width: net.bounds.width,
        lookup_height: net.bounds.height,
        adj: net.adj,
        links,
        hexside_count,
        terrain_names: w.terrain_names,
        feature_names: w.feature_names,
        places: w.places,
        areas: w.areas,
        hexside_feature_names: names,
        sides,
    }
}

/// Each sheet's prefix and extents.
fn check_sheets(input: &Input<'_>, c: &mut Problems) {
    let layout = &input.layout;
    let at = |key: &str| format!("{}layout{key}", input.key_prefix);
    // The key of a sheet's field: `layout.rows` for a map without sheets.
    let sheet_key = |i: usize, field: &str| {
        if input.sheets_declared {
            at(&format!(".sheets[{i}].{field}"))
        } else {
            at(&format!(".{field}"))
        }
    };
    let mut bad = |m: String, key: String| {
        c.push(MapProblem::new(ErrorKind::Layout, m).key(key), None);
    };
    let max = 10u32.pow(u32::from(layout.digits.clamp(1, 4))) - 1;
    let mut prefixes = BTreeSet::new();
    for (i, s) in layout.sheets.iter().enumerate() {
        if !prefixes.insert(s.prefix) {
            let m = format!("sheet prefix {:?} is declared twice", s.prefix);
            bad(m, sheet_key(i, "prefix"));
        }
        if s.prefix.is_some_and(|p| !p.is_ascii_alphabetic()) {
            bad(
                "a sheet prefix must be one letter".to_string(),
                sheet_key(i, "prefix"),
            );
        }
        for (what, (lo, hi)) in [("rows", s.rows), ("columns", s.columns)] {
            if lo > hi {
                let m = format!(
                    "{what} {lo}..{hi} hold no {what}: the first must not be above the last"
                );
                bad(m, sheet_key(i, what));
            } else if u32::from(hi) > max {
                let m = format!(
                    "{what} {lo}..{hi} do not fit in {} digits (at most {max})",
                    layout.digits
                );
                bad(m, sheet_key(i, what));
            }
        }
    }
    let has_none = layout.sheets.iter().any(|s| s.prefix.is_none());
    if has_none && layout.sheets.len() > 1 {
        let m = "either every sheet has a prefix or there is exactly one sheet".to_string();
        bad(m, at(".sheets"));
    }
}

fn check_layout(input: &Input<'_>, c: &mut Problems) {
    let layout = &input.layout;
    let at = |key: &str| format!("{}layout{key}", input.key_prefix);
    let mut bad = |m: String, key: String| {
        c.push(MapProblem::new(ErrorKind::Layout, m).key(key), None);
    };
    if layout.digits == 0 || layout.digits > 4 {
        bad(
            format!(
                "labels need 1 to 4 digits per number; {} given",
                layout.digits
            ),
            at(".digits"),
        );
    }
    if layout.sheets.is_empty() {
        bad("the layout has no sheets".to_string(), at(""));
    }
    use crate::layout::Compass::{East, North, South, West};
    if !matches!(layout.rows_grow, North | South) {
        bad(
            "row numbers must grow toward `north` or `south`".to_string(),
            at(".rows_grow"),
        );
    }
    if !matches!(layout.columns_grow, East | West) {
        bad(
            "column numbers must grow toward `east` or `west`".to_string(),
            at(".columns_grow"),
        );
    }
    check_sheets(input, c);
    let total: u64 = layout
        .sheets
        .iter()
        .map(|s| {
            let n = |(lo, hi): (u16, u16)| u64::from(hi.saturating_sub(lo)) + 1;
            n(s.rows) * n(s.columns)
        })
        .sum();
    if total > MAX_HEXES {
        c.push(
            MapProblem::new(
                ErrorKind::TooMany,
                format!("the extents hold {total} hexes; a map may hold at most {MAX_HEXES}"),
            )
            .key(at("")),
            None,
        );
    }
    if c.is_empty() {
        check_placement(input, c);
    }
}

use crate::limits::{MAX_NUMBER, MAX_SPAN};

/// Sheets placed by their offsets: their numbers stay far from overflowing, and the rectangle
/// around them stays small enough for the lookup table.
fn check_placement(input: &Input<'_>, c: &mut Problems) {
    let layout = &input.layout;
    let mut rows = (i64::MAX, i64::MIN);
    let mut cols = (i64::MAX, i64::MIN);
    // The sheet placed farthest from 0, by its larger offset: the one a message names.
    let mut farthest: Option<(i64, usize, &str)> = None;
    for (i, s) in layout.sheets.iter().enumerate() {
        let (ro, co) = (i64::from(s.row_offset), i64::from(s.column_offset));
        rows = (
            rows.0.min(i64::from(s.rows.0) + ro),
            rows.1.max(i64::from(s.rows.1) + ro),
        );
        cols = (
            cols.0.min(i64::from(s.columns.0) + co),
            cols.1.max(i64::from(s.columns.1) + co),
        );
        for (offset, field) in [(ro, "row_offset"), (co, "column_offset")] {
            if farthest.is_none_or(|(f, _, _)| offset.abs() > f) {
                farthest = Some((offset.abs(), i, field));
            }
        }
    }
    let key = match farthest {
        Some((_, i, field)) if input.sheets_declared => {
            format!("{}layout.sheets[{i}].{field}", input.key_prefix)
        }
        _ => format!("{}layout.sheets", input.key_prefix),
    };
    if [rows.0, rows.1, cols.0, cols.1]
        .iter()
        .any(|n| n.abs() > MAX_NUMBER)
    {
        let d = MapProblem::new(
            ErrorKind::Layout,
            format!("sheet offsets must keep row and column numbers within {MAX_NUMBER} of 0"),
        );
        c.push(d.key(key), None);
        return;
    }
    let (height, width) = (rows.1 - rows.0 + 1, cols.1 - cols.0 + 1);
    let span = u64::try_from(height * width).unwrap_or(u64::MAX);
    if span > MAX_SPAN {
        let d = MapProblem::new(
            ErrorKind::TooMany,
            format!(
                "the sheets, placed by their offsets, span {height} rows and {width} columns; \
                 a map may span at most {MAX_SPAN} hexes"
            ),
        );
        c.push(d.key(key), None);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::layout::Orientation;

    #[test]
    fn keys_are_formatted_as_the_map_format_writes_them() {
        let road = Key::spec("map.", "hexsides.", "roads").at(2);
        assert_eq!(road.to_string(), "map.hexsides.roads[2]");
        assert_eq!(road.at(1).to_string(), "map.hexsides.roads[2][1]");
        let area = Key::spec("", "areas.", "beach");
        assert_eq!(
            area.tail(".hexes").at(3).to_string(),
            "areas.beach.hexes[3]"
        );
        assert_eq!(
            Key::spec("", "places.", "Ormoc").to_string(),
            "places.Ormoc"
        );
        let road = [HexRef::from("1001"), HexRef::from("1009")];
        let call = call_group("road", None, &road).key;
        assert_eq!(call.to_string(), "road 1001 to 1009");
        assert_eq!(call.at(0).to_string(), "road 1001 to 1009[0]");
        let one = [HexRef::from("1001")];
        assert_eq!(call_group("road", None, &one).key.to_string(), "road 1001");
        let hex = HexRef::from(Hex::new(2, -1));
        let town = call_ref("feature", Some("town"), &hex).key;
        assert_eq!(town.to_string(), "feature town at (2,-1)");
        let beach = call_group("area", Some("beach"), &road).key;
        assert_eq!(beach.at(1).to_string(), "area beach[1]");
    }

    /// The first overlap as the labels meet it, one by one (what the builder did before).
    fn overlap_label_by_label(layout: &Layout) -> Option<(Label, Label)> {
        let mut placed = BTreeMap::new();
        for label in layout.labels() {
            let hex = layout.label_to_hex(label)?;
            if let Some(first) = placed.insert(hex, label) {
                return Some((first, label));
            }
        }
        None
    }

    #[test]
    fn overlapping_sheets_are_found_from_their_rectangles_as_label_by_label() {
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            i32::try_from((seed >> 33) % n).unwrap()
        };
        let mut overlaps = 0;
        for _ in 0..500 {
            let sheets: Vec<Sheet> = (0..3)
                .map(|i| {
                    let (r, c) = (1 + next(4), 1 + next(4));
                    let rows = u16::try_from(r).unwrap()..=u16::try_from(r + next(4)).unwrap();
                    let cols = u16::try_from(c).unwrap()..=u16::try_from(c + next(4)).unwrap();
                    Sheet::prefixed(['w', 'e', 'n'][i], rows, cols)
                        .with_offset(next(9) - 4, next(13) - 4)
                })
                .collect();
            let layout = Layout::row_column(Orientation::Flat, 1..=1, 1..=1).with_sheets(sheets);
            let expected = overlap_label_by_label(&layout);
            overlaps += usize::from(expected.is_some());
            assert_eq!(first_overlap(&layout), expected, "{layout:?}");
        }
        assert!(
            (100..400).contains(&overlaps),
            "{overlaps} overlapping layouts"
        );
    }

    fn diagnostics(result: Result<HexMap, BuildError>) -> Vec<String> {
        let err = result.err().unwrap();
        err.problems().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn sheets_placed_far_apart_or_far_out_are_refused_not_allocated() {
        let sheets = |row_offset, column_offset| {
            Layout::row_column(Orientation::Pointy, 1..=1, 1..=1).with_sheets(vec![
                Sheet::prefixed('w', 1..=10, 1..=10),
                Sheet::prefixed('e', 1..=10, 1..=10).with_offset(row_offset, column_offset),
            ])
        };
        assert!(MapBuilder::new("apart", sheets(0, 10)).build().is_ok());
        assert_eq!(
            diagnostics(MapBuilder::new("apart", sheets(3_000, 3_000)).build()),
            [
                "the sheets, placed by their offsets, span 3010 rows and 3010 columns; \
                 a map may span at most 4000000 hexes (at `layout.sheets`)"
            ]
        );
        assert_eq!(
            diagnostics(MapBuilder::new("far", sheets(0, i32::MAX)).build()),
            [
                "sheet offsets must keep row and column numbers within 16777216 of 0 \
                 (at `layout.sheets`)"
            ]
        );
    }

    /// Issue 47, item 3: a builder's problem names the call it comes from by its arguments
    /// (its label, its feature, its name), never by its place among the calls.
    #[test]
    fn a_problem_names_its_call_by_its_arguments() {
        let layout = Layout::row_column(Orientation::Pointy, 10..=10, 1..=9);
        let built = MapBuilder::new("calls", layout)
            .terrain("1002", "forest")
            .terrain("2002", "forest")
            .hole("2003")
            .feature("town", "2004")
            .place("Ormoc", "2005")
            .area("beach", "Beach", ["1001", "2006"])
            .road(["1001", "1002", "1004"])
            .hexside_feature("river", ["1005", "1007"])
            .hexsides("rail", ["1008/N"])
            .build();
        assert_eq!(
            diagnostics(built),
            [
                "`N` is not a side of this map's hexes (pointy hexes have sides NE E SE SW W NW) \
                 (at `hexside 1008/N (rail)`, label `1008/N`)",
                "hex 2002 is outside the map's rows and columns \
                 (at `terrain forest at 2002`, label `2002`)",
                "hex 2003 is outside the map's rows and columns (at `hole at 2003`, label `2003`)",
                "hex 2004 is outside the map's rows and columns \
                 (at `feature town at 2004`, label `2004`)",
                "hex 2005 is outside the map's rows and columns \
                 (at `place Ormoc at 2005`, label `2005`)",
                "hex 2006 is outside the map's rows and columns \
                 (at `area beach[1]`, label `2006`)",
                "hexes 1002 and 1004 do not share a hexside \
                 (at `road 1001 to 1004[2]`, label `1004`)",
                "hexes 1005 and 1007 do not share a hexside \
                 (at `river 1005 to 1007[1]`, label `1007`)",
            ]
        );
    }

    #[test]
    fn hexes_far_outside_any_map_are_off_the_map() {
        let layout = Layout::row_column(Orientation::Flat, 1..=2, 1..=2);
        let far = Hex::new(i32::MAX, i32::MIN);
        let built = MapBuilder::new("far", layout.clone())
            .terrain(far, "forest")
            .road([Hex::new(i32::MIN, 0), Hex::new(i32::MIN + 1, 0)])
            .build();
        assert_eq!(
            diagnostics(built),
            [
                "hex (2147483647,-2147483648) is outside the map's rows and columns \
                 (at `terrain forest at (2147483647,-2147483648)`, label `(2147483647,-2147483648)`)",
                "hex (-2147483648,0) is outside the map's rows and columns \
                 (at `road (-2147483648,0) to (-2147483647,0)[0]`, label `(-2147483648,0)`)",
                "hex (-2147483647,0) is outside the map's rows and columns \
                 (at `road (-2147483648,0) to (-2147483647,0)[1]`, label `(-2147483647,0)`)",
            ]
        );
        let map = MapBuilder::new("far", layout).build().unwrap();
        assert_eq!(map.node(far), None);
        assert_eq!(map.node(Hex::new(i32::MIN, i32::MIN)), None);
    }

    #[test]
    fn labels_and_coordinates_build_the_same_map() {
        let layout = Layout::row_column(Orientation::Pointy, 1..=3, 1..=4);
        let hex = |l: &str| layout.label_to_hex(layout.parse_label(l).unwrap()).unwrap();
        let labels = ["0101", "0102", "0202", "0203"];
        let by_label = MapBuilder::new("m", layout.clone())
            .terrain("0102", "forest")
            .hole("0304")
            .feature("town", "0203")
            .place("A", "0101")
            .area("x", "X", ["0203", "0101"])
            .road(labels)
            .hexside_feature("river", ["0301", "0302"])
            .build()
            .unwrap();
        let by_hex = MapBuilder::new("m", layout.clone())
            .terrain(hex("0102"), "forest")
            .hole(hex("0304"))
            .feature("town", hex("0203"))
            .place("A", hex("0101"))
            .area("x", "X", [hex("0203"), hex("0101")])
            .road(labels.map(hex))
            .hexside_feature("river", [hex("0301"), hex("0302")])
            .build()
            .unwrap();
        assert_eq!(by_label.summary(), by_hex.summary());
        assert_eq!(by_label.hexes(), by_hex.hexes());
        assert_eq!(by_label.adjacency(), by_hex.adjacency());
        assert_eq!(by_label.terrain_names(), ["clear", "forest"]);
        assert_eq!(by_label.len(), 11);
    }
}
