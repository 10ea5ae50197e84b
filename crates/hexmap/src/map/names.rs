//! The map's one resolver of names: a hexside feature, a hex feature or a terrain, named as a
//! rule or a caller names it, found as a typed handle or refused with every name the map has
//! (and the nearest one, when the kit is built). Every look-up by name of the crate goes
//! through it: [`TraceRule::bind`](crate::TraceRule::bind), [`ZocRule::bind`](crate::ZocRule::bind),
//! a custom step's names ([`StepRule::custom`](crate::StepRule::custom)) and the map's own.

use std::fmt;

use crate::map::{HexMap, Hexside};
use crate::text::inline;

/// The hexside features every map has, by their [`Hexside::mask`] bits, as rules name them.
const BUILT_IN_HEXSIDE_FEATURES: [(u32, &str); 4] = [
    (Hexside::ROAD, "road"),
    (Hexside::TRAIL, "trail"),
    (Hexside::BLOCKS_ZOC, "blocks-zoc"),
    (Hexside::IMPASSABLE, "impassable"),
];

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexsideFeature {
    bit: u32,
}

impl HexsideFeature {
    /// Its bit of [`Hexside::mask`].
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexFeature {
    index: u32,
}

impl HexFeature {
    /// The feature with bit `index` of [`HexInfo::features`](crate::HexInfo::features): only
    /// for the map's own names ([`HexMap::feature_names`]).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TerrainType {
    index: u16,
}

impl TerrainType {
    /// Its index in [`HexMap::terrain_names`], as [`HexInfo::terrain`](crate::HexInfo::terrain)
    /// holds it.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NameKind {
    /// A hexside feature ([`HexMap::hexside_feature`]).
    HexsideFeature,
    /// A hex feature ([`HexMap::hex_feature`]).
    HexFeature,
    /// A terrain ([`HexMap::terrain_type`]).
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
    fn new<S: AsRef<str>>(what: NameKind, name: &str, known: &[S]) -> UnknownName {
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

impl HexMap {
    /// The hexside feature named `name` as rules name it: `road`, `trail`, `blocks-zoc` (or
    /// `blocks_zoc`, the map format's key), `impassable`, or one of the map's own
    /// ([`HexMap::hexside_feature_names`]); a name the map lacks is refused, with the names it
    /// has.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .build()?;
    /// assert_eq!(map.hexside_feature("blocks_zoc"), map.hexside_feature("blocks-zoc"));
    /// let e = map.hexside_feature("bridge").unwrap_err();
    /// assert_eq!(e.known, "road, trail, blocks-zoc, impassable");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hexside_feature(&self, name: &str) -> Result<HexsideFeature, UnknownName> {
        let bit = self.resolve_hexside_feature(name)?;
        Ok(HexsideFeature { bit })
    }

    /// The hex feature named `name` (one of [`HexMap::feature_names`]); a name the map lacks is
    /// refused, with the names it has.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("airfield", "0101")
    ///     .build()?;
    /// assert!(map.hex_feature("airfield").is_ok());
    /// assert_eq!(map.hex_feature("town").unwrap_err().known, "airfield");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hex_feature(&self, name: &str) -> Result<HexFeature, UnknownName> {
        let names = &self.feature_names;
        names
            .iter()
            .position(|f| f == name)
            .and_then(HexFeature::at)
            .ok_or_else(|| UnknownName::new(NameKind::HexFeature, name, names))
    }

    /// Every hex feature of the map with its name, in bit order of
    /// [`HexInfo::features`](crate::HexInfo::features) (as [`HexMap::feature_names`]).
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("town", "0101")
    ///     .feature("airfield", "0102")
    ///     .build()?;
    /// for (feature, name) in map.hex_features() {
    ///     assert_eq!(map.hex_feature(name), Ok(feature));
    ///     assert_eq!(map.hexes_with(feature).len(), 1);
    /// }
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hex_features(&self) -> impl Iterator<Item = (HexFeature, &str)> + '_ {
        let names = self.feature_names.iter().enumerate();
        names.filter_map(|(i, name)| Some((HexFeature::at(i)?, name.as_str())))
    }

    /// The terrain named `name` (one of [`HexMap::terrain_names`]); a name the map lacks is
    /// refused, with the names it has.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .terrain("0101", "forest")
    ///     .build()?;
    /// assert!(map.terrain_type("forest").is_ok());
    /// assert!(map.terrain_type("frest").is_err());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn terrain_type(&self, name: &str) -> Result<TerrainType, UnknownName> {
        let index = self.resolve_terrain(name)?;
        let index = u16::try_from(index)
            .map_err(|_| UnknownName::new(NameKind::Terrain, name, &self.terrain_names))?;
        Ok(TerrainType { index })
    }

    /// The [`Hexside::mask`] bit of a hexside feature named as the map names it, `None` when
    /// the map lacks it: the resolver's own look-up.
    pub(crate) fn hexside_bit(&self, name: &str) -> Option<u32> {
        // The map format's key is `blocks_zoc`; rules have said `blocks-zoc`: both are read.
        let name = if name == "blocks_zoc" {
            "blocks-zoc"
        } else {
            name
        };
        if let Some((bit, _)) = BUILT_IN_HEXSIDE_FEATURES.iter().find(|(_, n)| *n == name) {
            return Some(*bit);
        }
        self.hexside_feature_names
            .iter()
            .position(|n| n == name)
            .and_then(|i| u32::try_from(i).ok())
            .and_then(|i| 1u32.checked_shl(i + Hexside::CUSTOM_SHIFT))
    }

    /// The crate's resolver of the hexside feature names a rule gives (a trace rule's, a
    /// zone-of-control rule's): the [`Hexside::mask`] bit of `name`, or the name refused with
    /// every name the map has.
    pub(crate) fn resolve_hexside_feature(&self, name: &str) -> Result<u32, UnknownName> {
        self.hexside_bit(name).ok_or_else(|| {
            let built_in = BUILT_IN_HEXSIDE_FEATURES.iter().map(|(_, n)| *n);
            let own = self.hexside_feature_names.iter().map(String::as_str);
            let known: Vec<&str> = built_in.chain(own).collect();
            UnknownName::new(NameKind::HexsideFeature, name, &known)
        })
    }

    /// The resolver's terrains ([`HexMap::resolve_hexside_feature`]): the index of the terrain
    /// `name` in [`HexMap::terrain_names`], or the name refused with every terrain the map has.
    pub(crate) fn resolve_terrain(&self, name: &str) -> Result<usize, UnknownName> {
        let names = &self.terrain_names;
        names
            .iter()
            .position(|t| t == name)
            .ok_or_else(|| UnknownName::new(NameKind::Terrain, name, names))
    }

    /// The resolver read backward: the names of the hexside features in the mask `m`, the
    /// built-in ones first, then the map's own in bit order (what a refusal names).
    pub(crate) fn hexside_features_in(&self, m: u32) -> Vec<String> {
        let built_in = BUILT_IN_HEXSIDE_FEATURES
            .iter()
            .filter(|(bit, _)| m & bit != 0);
        let mut out: Vec<String> = built_in.map(|(_, n)| (*n).to_string()).collect();
        for (i, name) in self.hexside_feature_names.iter().enumerate() {
            let bit = u32::try_from(i)
                .ok()
                .and_then(|i| 1u32.checked_shl(i + Hexside::CUSTOM_SHIFT));
            if bit.is_some_and(|b| m & b != 0) {
                out.push(name.clone());
            }
        }
        out
    }
}
