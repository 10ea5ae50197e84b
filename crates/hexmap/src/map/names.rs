//! What the map's one resolver of names answers ([`HexMap::hexside_feature`],
//! [`HexMap::hex_feature`], [`HexMap::terrain_type`], in the map's module): a typed handle for
//! a hexside feature, a hex feature or a terrain, or the name refused ([`UnknownName`]) with
//! every name the map has (and the nearest one, when the kit is built). Every look-up by name
//! of the crate goes through it: [`TraceRule::bind`](crate::TraceRule::bind),
//! [`ZocRule::bind`](crate::ZocRule::bind), a custom step's names
//! ([`StepRule::custom`](crate::StepRule::custom)) and the map's own.
//!
//! [`HexMap::hexside_feature`]: crate::HexMap::hexside_feature
//! [`HexMap::hex_feature`]: crate::HexMap::hex_feature
//! [`HexMap::terrain_type`]: crate::HexMap::terrain_type

use std::fmt;

use crate::text::inline;

/// A hexside feature of one map (`road`, `river`, ...), found by a checked look-up
/// ([`HexMap::hexside_feature`]): what [`Hexside::carries`] and a custom step's
/// [`Step::crosses`](crate::Step::crosses) test. A handle holds a bit of the map it was found
/// on: use it with that map's hexsides.
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
///     .hexsides("river", ["0101/E"])
///     .build()?;
/// let river = map.hexside_feature("river").unwrap();
/// let side = map.hexside(map.parse("0101").unwrap(), map.parse("0102").unwrap()).unwrap();
/// assert!(side.carries(river));
/// assert!(map.hexside_feature("rivr").is_err());
/// # Ok::<(), hexmap::BuildError>(())
/// ```
///
/// [`HexMap::hexside_feature`]: crate::HexMap::hexside_feature
/// [`Hexside::carries`]: crate::Hexside::carries
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexsideFeature {
    bit: u32,
}

impl HexsideFeature {
    /// The feature whose [`Hexside::mask`](crate::Hexside::mask) bit is `bit`, as the map's
    /// resolver found it.
    pub(crate) fn new(bit: u32) -> HexsideFeature {
        HexsideFeature { bit }
    }

    /// Its bit of [`Hexside::mask`](crate::Hexside::mask).
    ///
    /// ```
    /// use hexmap::{Hexside, Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .build()?;
    /// assert_eq!(map.hexside_feature("road").unwrap().mask(), Hexside::ROAD);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn mask(self) -> u32 {
        self.bit
    }
}

/// A hex feature of one map (`airfield`, `city`, ...), found by a checked look-up
/// ([`HexMap::hex_feature`]): what [`HexMap::has_feature`], [`HexMap::hexes_with`] and a
/// custom step's [`Step::to_has_feature`](crate::Step::to_has_feature) test. Use it with the
/// map it was found on.
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
///     .feature("city", "0102")
///     .build()?;
/// let city = map.hex_feature("city").unwrap();
/// assert_eq!(map.hexes_with(city), [map.parse("0102").unwrap()]);
/// assert!(map.hex_feature("cty").is_err());
/// # Ok::<(), hexmap::BuildError>(())
/// ```
///
/// [`HexMap::hex_feature`]: crate::HexMap::hex_feature
/// [`HexMap::has_feature`]: crate::HexMap::has_feature
/// [`HexMap::hexes_with`]: crate::HexMap::hexes_with
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexFeature {
    index: u32,
}

impl HexFeature {
    /// The feature with bit `index` of [`HexInfo::features`](crate::HexInfo::features): only
    /// for the map's own names ([`HexMap::feature_names`](crate::HexMap::feature_names)).
    pub(crate) fn at(index: usize) -> Option<HexFeature> {
        let index = u32::try_from(index).ok().filter(|i| *i < u64::BITS)?;
        Some(HexFeature { index })
    }

    /// Its bit of [`HexInfo::features`](crate::HexInfo::features).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("city", "0102")
    ///     .build()?;
    /// let city = map.hex_feature("city").unwrap();
    /// let info = map.info(map.parse("0102").unwrap()).unwrap();
    /// assert_ne!(info.features & city.mask(), 0);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn mask(self) -> u64 {
        1u64.checked_shl(self.index).unwrap_or(0)
    }
}

/// A terrain of one map (`clear`, `swamp`, ...), found by a checked look-up
/// ([`HexMap::terrain_type`]): what a custom step's [`Step::enters`](crate::Step::enters)
/// tests. Use it with the map it was found on.
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
///     .terrain("0102", "swamp")
///     .build()?;
/// let swamp = map.terrain_type("swamp").unwrap();
/// let info = map.info(map.parse("0102").unwrap()).unwrap();
/// assert_eq!(info.terrain, swamp.index());
/// assert!(map.terrain_type("swmp").is_err());
/// # Ok::<(), hexmap::BuildError>(())
/// ```
///
/// [`HexMap::terrain_type`]: crate::HexMap::terrain_type
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TerrainType {
    index: u16,
}

impl TerrainType {
    /// The terrain at `index` of the map's terrain names, as the map's resolver found it.
    pub(crate) fn new(index: u16) -> TerrainType {
        TerrainType { index }
    }

    /// Its index in [`HexMap::terrain_names`], as [`HexInfo::terrain`](crate::HexInfo::terrain)
    /// holds it.
    ///
    /// [`HexMap::terrain_names`]: crate::HexMap::terrain_names
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .terrain("0102", "swamp")
    ///     .build()?;
    /// let swamp = map.terrain_type("swamp").unwrap();
    /// assert_eq!(map.terrain_names()[usize::from(swamp.index())], "swamp");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn index(self) -> u16 {
        self.index
    }
}

/// What kind of name a look-up was for.
///
/// ```
/// use hexmap::{Layout, MapBuilder, NameKind, Orientation};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
///     .build()?;
/// assert_eq!(map.hex_feature("town").unwrap_err().what, NameKind::HexFeature);
/// assert_eq!(map.terrain_type("bog").unwrap_err().what, NameKind::Terrain);
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// A hexside feature ([`HexMap::hexside_feature`](crate::HexMap::hexside_feature)).
    HexsideFeature,
    /// A hex feature ([`HexMap::hex_feature`](crate::HexMap::hex_feature)).
    HexFeature,
    /// A terrain ([`HexMap::terrain_type`](crate::HexMap::terrain_type)).
    Terrain,
}

impl NameKind {
    /// In words: `hexside feature`, `hex feature`, `terrain`.
    ///
    /// ```
    /// assert_eq!(hexmap::NameKind::HexFeature.words(), "hex feature");
    /// ```
    pub fn words(self) -> &'static str {
        match self {
            NameKind::HexsideFeature => "hexside feature",
            NameKind::HexFeature => "hex feature",
            NameKind::Terrain => "terrain",
        }
    }
}

/// A name the map lacks, as the resolver refuses it: what it was for, the name, every name the
/// map has of that kind and, when the kit is built (the `toml` or `svg` feature), the nearest
/// of them when it is near enough to be a slip.
///
/// ```
/// use hexmap::{Layout, MapBuilder, NameKind, Orientation};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
///     .hexsides("river", ["0101/E"])
///     .build()?;
/// let e = map.hexside_feature("rivr").unwrap_err();
/// assert_eq!((e.what, e.name.as_str()), (NameKind::HexsideFeature, "rivr"));
/// assert_eq!(e.known, "road, trail, blocks-zoc, impassable, river");
/// assert!(e.to_string().starts_with("the map has no hexside feature `rivr` (it has: road, "));
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownName {
    /// What the name was for.
    pub what: NameKind,
    /// The name.
    pub name: String,
    /// The names the map has of that kind, comma-separated (empty when it has none).
    pub known: String,
    /// The known name nearest `name`, when it is near enough to be a slip (only when the kit
    /// is built: the `toml` or `svg` feature).
    pub nearest: Option<String>,
}

impl UnknownName {
    /// `name` refused: the map has `known` of that kind.
    pub(crate) fn new<S: AsRef<str>>(what: NameKind, name: &str, known: &[S]) -> UnknownName {
        let known: Vec<&str> = known.iter().map(AsRef::as_ref).collect();
        UnknownName {
            what,
            name: name.to_string(),
            nearest: nearest(name, &known),
            known: known.join(", "),
        }
    }
}

/// The known name nearest `name`: the kit's, where it is built.
#[cfg(any(feature = "toml", feature = "svg"))]
fn nearest(name: &str, known: &[&str]) -> Option<String> {
    let mut steps = wargame_kit::internal::NEAREST_STEPS;
    wargame_kit::internal::nearest_within(name, known, &mut steps)
}

/// Without the kit, no suggestion: the known names are listed.
#[cfg(not(any(feature = "toml", feature = "svg")))]
fn nearest(_name: &str, _known: &[&str]) -> Option<String> {
    None
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UnknownName {
            what, name, known, ..
        } = self;
        let what = what.words();
        if known.is_empty() {
            inline(
                f,
                format_args!("the map has no {what} `{name}` (it has none)"),
            )?;
        } else {
            inline(
                f,
                format_args!("the map has no {what} `{name}` (it has: {known})"),
            )?;
        }
        match &self.nearest {
            Some(n) => inline(f, format_args!("; did you mean `{n}`?")),
            None => Ok(()),
        }
    }
}

impl std::error::Error for UnknownName {}
