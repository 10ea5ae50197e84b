//! What blocks a line of sight: a [`SightRule`], its names resolved through the map's one
//! resolver when it is built.

use crate::map::{HexFeature, HexMap, HexsideFeature, TerrainType, UnknownName};

/// How a step along a hexside or through a vertex is read: its hexes block it when any of them
/// blocks, only when all of them do, or only when hexes on both sides of the line block along
/// the whole line ([the module docs](crate::sight) say which games read which).
///
/// # Example
/// ```
/// use hexmap::sight::Reading;
/// assert_eq!(Reading::default(), Reading::Any);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reading {
    /// Blocked when any hex beside it blocks (the default: the strict reading).
    #[default]
    Any,
    /// Blocked only when every hex beside it blocks (each hexside and each vertex on its own).
    All,
    /// Blocked when hexes beside the line block on both its sides, anywhere along it (not
    /// necessarily at the same hexside or vertex): a hex beside a hexside or vertex step that
    /// the line does not cross is left or right of it, and the line is blocked when a hex on
    /// the left and one on the right block.
    BothSides,
}

/// When an intervening hex's height blocks, with heights on ([`SightRule::heights`]).
///
/// # Example
/// ```
/// use hexmap::sight::HeightTest;
/// assert_eq!(HeightTest::default(), HeightTest::AboveLine);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HeightTest {
    /// It rises strictly above the straight line between the two ends' heights, taken where
    /// the hex's centre projects onto the segment (the default).
    #[default]
    AboveLine,
    /// It is at least as high as the higher of the two ends.
    AtLeastHigherEnd,
}

/// A hex's terrain or hex feature that blocks ([`SightRule::terrain_blocks`],
/// [`SightRule::feature_blocks`]).
///
/// # Example
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// use hexmap::sight::{Obstacle, SightRule};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
///     .terrain("0102", "forest")
///     .build()?;
/// let forest = map.terrain_type("forest").unwrap();
/// let rule = SightRule::new(&map).terrain_blocks("forest").unwrap();
/// assert_eq!(rule.obstacles(), [(Obstacle::Terrain(forest), None)]);
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Obstacle {
    /// A terrain.
    Terrain(TerrainType),
    /// A hex feature.
    Feature(HexFeature),
}

/// What blocks a line of sight on one map: the terrains and hex features that block (at any
/// height, or up to a height above the hex's ground), the hexside features that block, how a
/// step along a hexside or through a vertex is read ([`Reading`]) and, as an option, heights
/// ([`HeightTest`]). Every name is resolved when it is given, through the map's resolver
/// ([`HexMap::terrain_type`], [`HexMap::hex_feature`], [`HexMap::hexside_feature`]): a name
/// the map lacks is an error, never a rule that blocks nothing.
///
/// # Example
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// use hexmap::sight::SightRule;
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
///     .terrain("0102", "forest")
///     .build()?;
/// let rule = SightRule::new(&map).terrain_blocks("forest").unwrap();
/// let sight = rule.check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
/// assert!(!sight.is_clear());
/// assert_eq!(sight.to_string(), "0102: terrain `forest` blocks the line");
/// assert!(SightRule::new(&map).terrain_blocks("frest").is_err());
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SightRule<'m> {
    pub(super) map: &'m HexMap,
    pub(super) obstacles: Vec<(Obstacle, Option<i32>)>,
    pub(super) hexsides: Vec<HexsideFeature>,
    pub(super) reading: Reading,
    pub(super) heights: Option<HeightTest>,
    pub(super) ground: Vec<(TerrainType, i32)>,
}

impl<'m> SightRule<'m> {
    /// A rule on `map` under which nothing blocks, read [`Reading::Any`], heights off.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{Reading, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
    /// let rule = SightRule::new(&map);
    /// assert_eq!((rule.reading_of_sides(), rule.height_test()), (Reading::Any, None));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn new(map: &'m HexMap) -> SightRule<'m> {
        SightRule {
            map,
            obstacles: Vec::new(),
            hexsides: Vec::new(),
            reading: Reading::Any,
            heights: None,
            ground: Vec::new(),
        }
    }

    /// With the terrain `name` blocking at any height.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .terrain("0102", "forest")
    ///     .build()?;
    /// assert!(SightRule::new(&map).terrain_blocks("forest").is_ok());
    /// let e = SightRule::new(&map).terrain_blocks("frest").unwrap_err();
    /// assert_eq!(e.name, "frest");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn terrain_blocks(self, name: &str) -> Result<Self, UnknownName> {
        let t = self.map.terrain_type(name)?;
        Ok(self.obstacle(Obstacle::Terrain(t), None))
    }

    /// With the terrain `name` an obstacle `height` above its hex's ground: with heights on
    /// ([`SightRule::heights`]) it blocks by the height test, with heights off it blocks.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{HeightTest, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .terrain("0102", "woods")
    ///     .build()?;
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let rule = SightRule::new(&map).terrain_blocks_to("woods", 1).unwrap();
    /// assert!(!rule.check(hex("0101"), hex("0103")).unwrap().is_clear());
    /// // Both ends on hills of height 2: the line passes over the woods (0 + 1 = 1).
    /// let high = rule.heights(HeightTest::AboveLine);
    /// let sight = high.check_with_ground(hex("0101"), hex("0103"), &|h| if h == hex("0102") { 0 } else { 2 });
    /// assert!(sight.unwrap().is_clear());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn terrain_blocks_to(self, name: &str, height: i32) -> Result<Self, UnknownName> {
        let t = self.map.terrain_type(name)?;
        Ok(self.obstacle(Obstacle::Terrain(t), Some(height)))
    }

    /// With the hex feature `name` blocking at any height.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .feature("town", "0102")
    ///     .build()?;
    /// let rule = SightRule::new(&map).feature_blocks("town").unwrap();
    /// let sight = rule.check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
    /// assert_eq!(sight.to_string(), "0102: hex feature `town` blocks the line");
    /// assert!(SightRule::new(&map).feature_blocks("twn").is_err());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn feature_blocks(self, name: &str) -> Result<Self, UnknownName> {
        let f = self.map.hex_feature(name)?;
        Ok(self.obstacle(Obstacle::Feature(f), None))
    }

    /// With the hex feature `name` an obstacle `height` above its hex's ground (as
    /// [`SightRule::terrain_blocks_to`]).
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{HeightTest, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .feature("town", "0102")
    ///     .build()?;
    /// let rule = SightRule::new(&map).feature_blocks_to("town", 1).unwrap();
    /// let sight = rule.heights(HeightTest::AtLeastHigherEnd)
    ///     .check(map.parse("0101").unwrap(), map.parse("0103").unwrap())
    ///     .unwrap();
    /// assert_eq!(sight.to_string(), "0102: height 1 (ground 0, hex feature `town` 1) is at least as high as the higher end (0)");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn feature_blocks_to(self, name: &str, height: i32) -> Result<Self, UnknownName> {
        let f = self.map.hex_feature(name)?;
        Ok(self.obstacle(Obstacle::Feature(f), Some(height)))
    }

    /// With the hexside feature `name` blocking a line that crosses the hexside or runs along
    /// it (touching its end at a vertex does not block).
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .hexsides("ridge", ["0102/E"])
    ///     .build()?;
    /// let rule = SightRule::new(&map).hexside_blocks("ridge").unwrap();
    /// let sight = rule.check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
    /// assert_eq!(sight.to_string(), "0102/0103: hexside feature `ridge` crossed blocks the line");
    /// assert!(SightRule::new(&map).hexside_blocks("rdge").is_err());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn hexside_blocks(mut self, name: &str) -> Result<Self, UnknownName> {
        let f = self.map.hexside_feature(name)?;
        self.hexsides.push(f);
        Ok(self)
    }

    /// With steps along a hexside or through a vertex read so.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{Reading, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
    /// assert_eq!(SightRule::new(&map).reading(Reading::All).reading_of_sides(), Reading::All);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn reading(mut self, reading: Reading) -> Self {
        self.reading = reading;
        self
    }

    /// With heights on, under `test`: every hex stands at its ground height (by terrain,
    /// [`SightRule::ground`], 0 for a terrain not given; or the caller's, through
    /// [`SightRule::check_with_ground`]), an obstacle given a height rises that much above its
    /// hex's ground, and an intervening hex blocks when the higher of its ground and its
    /// obstacles passes the test. Obstacles given without a height still block at any height.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{HeightTest, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .terrain("0102", "hill")
    ///     .build()?;
    /// let rule = SightRule::new(&map).heights(HeightTest::AboveLine).ground("hill", 1).unwrap();
    /// let sight = rule.check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
    /// assert_eq!(sight.to_string(), "0102: height 1 (ground 1) rises above the line from 0101 (0) to 0103 (0)");
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn heights(mut self, test: HeightTest) -> Self {
        self.heights = Some(test);
        self
    }

    /// With hexes of the terrain `name` standing at `height` (heights on: [`SightRule::heights`]).
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .terrain("0102", "hill")
    ///     .build()?;
    /// assert!(SightRule::new(&map).ground("hill", 2).is_ok());
    /// assert!(SightRule::new(&map).ground("hil", 2).is_err());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn ground(mut self, name: &str, height: i32) -> Result<Self, UnknownName> {
        let t = self.map.terrain_type(name)?;
        self.ground.retain(|(g, _)| *g != t);
        self.ground.push((t, height));
        Ok(self)
    }

    /// The obstacles, each with its height above the ground (`None`: at any height).
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
    /// assert!(SightRule::new(&map).obstacles().is_empty());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn obstacles(&self) -> &[(Obstacle, Option<i32>)] {
        &self.obstacles
    }

    /// How steps along a hexside or through a vertex are read.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{Reading, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
    /// assert_eq!(SightRule::new(&map).reading_of_sides(), Reading::Any);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn reading_of_sides(&self) -> Reading {
        self.reading
    }

    /// The height test, when heights are on.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{HeightTest, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
    /// let rule = SightRule::new(&map).heights(HeightTest::AtLeastHigherEnd);
    /// assert_eq!(rule.height_test(), Some(HeightTest::AtLeastHigherEnd));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn height_test(&self) -> Option<HeightTest> {
        self.heights
    }

    fn obstacle(mut self, o: Obstacle, height: Option<i32>) -> Self {
        self.obstacles.retain(|(p, _)| *p != o);
        self.obstacles.push((o, height));
        self
    }
}
