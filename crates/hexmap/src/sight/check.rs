//! A line of sight read under a [`SightRule`]: the steps, and what blocks it and why.

use std::fmt;

use crate::coord::Hex;
use crate::map::{HexMap, HexsideFeature};
use crate::sight::line::{Step, cube, line};
use crate::sight::rule::{HeightTest, Obstacle, Reading, SightRule};
use crate::text::inline;

/// A line of sight asked of a hex that is not on the map ([`SightRule::check`]).
///
/// # Example
/// ```
/// use hexmap::{Hex, Layout, MapBuilder, Orientation};
/// use hexmap::sight::{SightError, SightRule};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
/// let e = SightRule::new(&map).check(map.parse("0101").unwrap(), Hex::new(40, 40)).unwrap_err();
/// assert_eq!(e, SightError::OffMap(Hex::new(40, 40)));
/// assert_eq!(e.to_string(), "hex (40,40) is not on the map");
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SightError {
    /// This end is not on the map (outside its extents, or a hole).
    OffMap(Hex),
}

impl fmt::Display for SightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SightError::OffMap(h) => write!(f, "hex ({},{}) is not on the map", h.q, h.r),
        }
    }
}

impl std::error::Error for SightError {}

/// Why a line of sight is blocked: one reason at one place ([`Block`]).
///
/// # Example
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// use hexmap::sight::{Obstacle, Reason, SightRule};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
///     .terrain("0102", "forest")
///     .build()?;
/// let sight = SightRule::new(&map).terrain_blocks("forest").unwrap()
///     .check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
/// let forest = map.terrain_type("forest").unwrap();
/// assert_eq!(
///     sight.first_block().unwrap().reason,
///     Reason::Obstacle { hex: map.parse("0102").unwrap(), obstacle: Obstacle::Terrain(forest) },
/// );
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// An intervening hex's terrain or hex feature, blocking at any height.
    Obstacle {
        /// The hex.
        hex: Hex,
        /// Its terrain or feature.
        obstacle: Obstacle,
    },
    /// With heights on: an intervening hex as high as this passes the height test.
    Height {
        /// The hex.
        hex: Hex,
        /// Its ground height.
        ground: i32,
        /// Its tallest obstacle given a height and that height, when it stands above the ground.
        obstacle: Option<(Obstacle, i32)>,
        /// The test it passes.
        test: HeightTest,
    },
    /// A blocking hexside feature the line crosses or runs along.
    Hexside {
        /// The hexside's two hexes, in ascending order.
        hexes: [Hex; 2],
        /// The feature.
        feature: HexsideFeature,
        /// Whether the line runs along the hexside (a [`Step::Hexside`]) rather than crossing it.
        along: bool,
    },
}

impl Reason {
    /// The height of a [`Reason::Height`]: its ground, or its obstacle's top when higher.
    fn top(ground: i32, obstacle: Option<(Obstacle, i32)>) -> i64 {
        let rise = obstacle.map_or(0, |(_, h)| i64::from(h).max(0));
        i64::from(ground) + rise
    }
}

/// One reason a line is blocked, at one step of the line.
///
/// # Example
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// use hexmap::sight::{SightRule, Step};
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
///     .terrain("0102", "forest")
///     .build()?;
/// let sight = SightRule::new(&map).terrain_blocks("forest").unwrap()
///     .check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
/// let block = sight.first_block().unwrap();
/// assert_eq!(sight.steps()[block.step], Step::Hex(map.parse("0102").unwrap()));
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Block {
    /// The index in [`Sight::steps`] of the step blocked: for a hexside crossed, the hex
    /// entered.
    pub step: usize,
    /// Why.
    pub reason: Reason,
}

/// A line of sight under a rule: its steps, and every reason it is blocked, in order along
/// the line. It prints one line per reason (or that it is clear), each value through the
/// crate's one-line text.
///
/// # Example
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation};
/// use hexmap::sight::SightRule;
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
/// let sight = SightRule::new(&map).check(map.parse("0101").unwrap(), map.parse("0103").unwrap()).unwrap();
/// assert!(sight.is_clear() && sight.blocks().is_empty());
/// assert_eq!(sight.steps().len(), 3);
/// assert_eq!(sight.to_string(), "0101 to 0103: clear");
/// # Ok::<(), hexmap::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Sight<'m> {
    map: &'m HexMap,
    ends: [Hex; 2],
    heights: [i32; 2],
    reading: Reading,
    steps: Vec<Step>,
    blocks: Vec<Block>,
}

impl Sight<'_> {
    /// The steps of the line ([`line()`](crate::sight::line())), from the first end.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{SightRule, Step};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2)).build()?;
    /// let (a, b) = (map.parse("0101").unwrap(), map.parse("0102").unwrap());
    /// assert_eq!(SightRule::new(&map).check(a, b).unwrap().steps(), [Step::Hex(a), Step::Hex(b)]);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Every reason the line is blocked, in order along it.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
    ///     .terrain("0102", "forest")
    ///     .terrain("0103", "forest")
    ///     .build()?;
    /// let rule = SightRule::new(&map).terrain_blocks("forest").unwrap();
    /// let sight = rule.check(map.parse("0101").unwrap(), map.parse("0104").unwrap()).unwrap();
    /// assert_eq!(sight.blocks().len(), 2);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The first reason along the line, from the first end.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2)).build()?;
    /// let sight = SightRule::new(&map).check(map.parse("0101").unwrap(), map.parse("0102").unwrap()).unwrap();
    /// assert_eq!(sight.first_block(), None);
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn first_block(&self) -> Option<&Block> {
        self.blocks.first()
    }

    /// Whether nothing blocks it.
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2)).build()?;
    /// let sight = SightRule::new(&map).check(map.parse("0101").unwrap(), map.parse("0102").unwrap()).unwrap();
    /// assert!(sight.is_clear());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn is_clear(&self) -> bool {
        self.blocks.is_empty()
    }
}

impl<'m> SightRule<'m> {
    /// The line of sight from `from` to `to` under this rule, the ground heights (with heights
    /// on) by terrain ([`SightRule::ground`]).
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::SightRule;
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .terrain("0102", "forest")
    ///     .build()?;
    /// let rule = SightRule::new(&map).terrain_blocks("forest").unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// assert!(!rule.check(hex("0101"), hex("0103")).unwrap().is_clear());
    /// // The two ends never block.
    /// assert!(rule.check(hex("0101"), hex("0102")).unwrap().is_clear());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn check(&self, from: Hex, to: Hex) -> Result<Sight<'m>, SightError> {
        let by_terrain = |h: Hex| {
            let terrain = self.map.info(h).map(|i| i.terrain);
            let found = self.ground.iter().find(|(t, _)| Some(t.index()) == terrain);
            found.map_or(0, |(_, g)| *g)
        };
        self.check_with_ground(from, to, &by_terrain)
    }

    /// The line of sight from `from` to `to` under this rule, with the caller's ground height
    /// of each hex (read only with heights on; [`SightRule::ground`] is not read).
    ///
    /// # Example
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// use hexmap::sight::{HeightTest, SightRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build()?;
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let rule = SightRule::new(&map).heights(HeightTest::AboveLine);
    /// // Ends at 0 and 4: the line is at 2 over 0102. Equal heights do not block.
    /// let at = |middle: i32| move |h: hexmap::Hex| if h == hex("0101") { 0 } else if h == hex("0103") { 4 } else { middle };
    /// assert!(rule.check_with_ground(hex("0101"), hex("0103"), &at(2)).unwrap().is_clear());
    /// assert!(!rule.check_with_ground(hex("0101"), hex("0103"), &at(3)).unwrap().is_clear());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn check_with_ground(
        &self,
        from: Hex,
        to: Hex,
        ground: &dyn Fn(Hex) -> i32,
    ) -> Result<Sight<'m>, SightError> {
        for end in [from, to] {
            if !self.map.contains(end) {
                return Err(SightError::OffMap(end));
            }
        }
        let mut sight = Sight {
            map: self.map,
            ends: [from, to],
            heights: [ground(from), ground(to)],
            reading: self.reading,
            steps: line(from, to).collect(),
            blocks: Vec::new(),
        };
        let look = Look {
            rule: self,
            ground,
            sight: &sight,
        };
        let blocks = look.blocks();
        sight.blocks = blocks;
        Ok(sight)
    }
}

/// The beside hexes' reasons by side of the line, under [`Reading::BothSides`].
#[derive(Default)]
struct Sides {
    left: Vec<Block>,
    right: Vec<Block>,
    seen: Vec<Hex>,
}

/// One line being read under one rule.
struct Look<'a, 'm> {
    rule: &'a SightRule<'m>,
    ground: &'a dyn Fn(Hex) -> i32,
    sight: &'a Sight<'m>,
}

impl Look<'_, '_> {
    /// Every reason, in order along the line.
    fn blocks(&self) -> Vec<Block> {
        let mut out = Vec::new();
        let mut sides = Sides::default();
        let steps = &self.sight.steps;
        for (i, step) in steps.iter().enumerate() {
            let mut push = |reason| out.push(Block { step: i, reason });
            match *step {
                Step::Hex(h) => {
                    if let Some(Step::Hex(p)) = i.checked_sub(1).and_then(|j| steps.get(j)) {
                        self.hexside(*p, h, false).into_iter().for_each(&mut push);
                    }
                    self.hex(h).into_iter().for_each(&mut push);
                }
                Step::Hexside([a, b]) => {
                    self.hexside(a, b, true).into_iter().for_each(&mut push);
                    self.beside(i, &[a, b], &mut out, &mut sides);
                }
                Step::Vertex(hs) => self.beside(i, &hs, &mut out, &mut sides),
            }
        }
        if !sides.left.is_empty() && !sides.right.is_empty() {
            out.extend(sides.left);
            out.extend(sides.right);
            out.sort_by_key(|b| b.step);
        }
        out
    }

    /// The blocking features of the hexside between `a` and `b`.
    fn hexside(&self, a: Hex, b: Hex, along: bool) -> Vec<Reason> {
        let Some(side) = self.rule.map.hexside(a, b) else {
            return Vec::new();
        };
        let hexes = if a < b { [a, b] } else { [b, a] };
        let on = self.rule.hexsides.iter().filter(|f| side.carries(**f));
        on.map(|&feature| Reason::Hexside {
            hexes,
            feature,
            along,
        })
        .collect()
    }

    /// The reasons of the hexes beside a hexside or vertex step `i`, under the rule's reading:
    /// into `out` at once (`Any`, `All`), or by side for the whole line (`BothSides`).
    fn beside(&self, i: usize, hexes: &[Hex], out: &mut Vec<Block>, sides: &mut Sides) {
        let block = |reason| Block { step: i, reason };
        let each: Vec<Vec<Reason>> = hexes.iter().map(|h| self.hex(*h)).collect();
        let blocked = match self.rule.reading {
            Reading::Any => each.iter().any(|r| !r.is_empty()),
            Reading::All => each.iter().all(|r| !r.is_empty()),
            Reading::BothSides => {
                for (h, reasons) in hexes.iter().zip(each) {
                    let steps = &self.sight.steps;
                    if steps.contains(&Step::Hex(*h)) || sides.seen.contains(h) {
                        continue;
                    }
                    sides.seen.push(*h);
                    let side = if self.left_of_line(*h) {
                        &mut sides.left
                    } else {
                        &mut sides.right
                    };
                    side.extend(reasons.into_iter().map(block));
                }
                return;
            }
        };
        if blocked {
            out.extend(each.into_iter().flatten().map(block));
        }
    }

    /// Whether the centre of `h` is left of the line from the first end to the second (in the
    /// axial plane, an affine image of the grid: the sign is the same).
    fn left_of_line(&self, h: Hex) -> bool {
        let [a, b] = self.sight.ends.map(|e| [i128::from(e.q), i128::from(e.r)]);
        let c = [i128::from(h.q), i128::from(h.r)];
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) > 0
    }

    /// Why the hex `h` blocks (nothing for an end, or a hex off the map).
    fn hex(&self, h: Hex) -> Vec<Reason> {
        let map = self.rule.map;
        let Some(info) = map.info(h).filter(|_| !self.sight.ends.contains(&h)) else {
            return Vec::new();
        };
        let present = self.rule.obstacles.iter().filter(|(o, _)| match o {
            Obstacle::Terrain(t) => t.index() == info.terrain,
            Obstacle::Feature(f) => info.features & f.mask() != 0,
        });
        let mut out = Vec::new();
        let mut tallest: Option<(Obstacle, i32)> = None;
        for &(obstacle, height) in present {
            match (self.rule.heights, height) {
                (Some(_), Some(height)) => {
                    if tallest.is_none_or(|(_, t)| height > t) {
                        tallest = Some((obstacle, height));
                    }
                }
                _ => out.push(Reason::Obstacle { hex: h, obstacle }),
            }
        }
        if let Some(test) = self.rule.heights {
            let ground = (self.ground)(h);
            let obstacle = tallest.filter(|(_, t)| *t > 0);
            if self.rises(h, Reason::top(ground, obstacle), test) {
                out.push(Reason::Height {
                    hex: h,
                    ground,
                    obstacle,
                    test,
                });
            }
        }
        out
    }

    /// Whether a hex `h` as high as `top` passes the height test.
    fn rises(&self, h: Hex, top: i64, test: HeightTest) -> bool {
        let [za, zb] = self.sight.heights.map(i64::from);
        match test {
            HeightTest::AtLeastHigherEnd => top >= za.max(zb),
            HeightTest::AboveLine => {
                // The line's height where the centre of `h` projects onto the segment (clamped
                // to it): za + (zb - za) * s / len, with s and len dot products in cube
                // coordinates; compared as top * len > za * len + (zb - za) * s, in i128
                // (coordinates within 2^33, heights within 2^32: every product fits).
                let [a, b] = self.sight.ends.map(cube);
                let c = cube(h);
                let d: [i128; 3] = [0, 1, 2].map(|i| b[i] - a[i]);
                let len: i128 = (0..3).map(|i| d[i] * d[i]).sum();
                let s: i128 = (0..3).map(|i| (c[i] - a[i]) * d[i]).sum();
                let s = s.clamp(0, len);
                let (za, zb, top) = (i128::from(za), i128::from(zb), i128::from(top));
                top * len > za * len + (zb - za) * s
            }
        }
    }
}

impl fmt::Display for Sight<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = |h: Hex| self.map.label_text(h);
        if self.blocks.is_empty() {
            let [a, b] = self.ends.map(label);
            return inline(f, format_args!("{a} to {b}: clear"));
        }
        for (i, block) in self.blocks.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            self.write_place(f, block)?;
            self.write_reason(f, &block.reason)?;
        }
        Ok(())
    }
}

impl Sight<'_> {
    /// Where a reason is: a hex's label (after the hexside or vertex the line passes, when the
    /// hex is beside it), or a hexside's two labels.
    fn write_place(&self, f: &mut fmt::Formatter<'_>, block: &Block) -> fmt::Result {
        let label = |h: &Hex| self.map.label_text(*h);
        let joined = |hs: &[Hex]| hs.iter().map(label).collect::<Vec<_>>().join("/");
        let reading = match self.reading {
            Reading::Any => "any hex beside it blocks",
            Reading::All => "every hex beside it blocks",
            Reading::BothSides => "hexes beside the line block on both sides",
        };
        match (&block.reason, self.steps.get(block.step)) {
            (Reason::Hexside { hexes, .. }, _) => inline(f, format_args!("{}: ", joined(hexes))),
            (Reason::Obstacle { hex, .. } | Reason::Height { hex, .. }, step) => {
                let (kind, hexes) = match step {
                    Some(Step::Hexside(hs)) => ("along the hexside", &hs[..]),
                    Some(Step::Vertex(hs)) => ("through the vertex", &hs[..]),
                    _ => return inline(f, format_args!("{}: ", label(hex))),
                };
                let (place, hex) = (joined(hexes), label(hex));
                inline(f, format_args!("{kind} {place} ({reading}), {hex}: "))
            }
        }
    }

    /// What blocks, in words.
    fn write_reason(&self, f: &mut fmt::Formatter<'_>, reason: &Reason) -> fmt::Result {
        match *reason {
            Reason::Obstacle { obstacle, .. } => {
                let what = self.obstacle_text(obstacle);
                inline(f, format_args!("{what} blocks the line"))
            }
            Reason::Hexside { feature, along, .. } => {
                let name = self.map.hexside_features_in(feature.mask()).join(", ");
                let how = if along { "run along" } else { "crossed" };
                inline(
                    f,
                    format_args!("hexside feature `{name}` {how} blocks the line"),
                )
            }
            Reason::Height {
                ground,
                obstacle,
                test,
                ..
            } => self.write_height(f, ground, obstacle, test),
        }
    }

    fn write_height(
        &self,
        f: &mut fmt::Formatter<'_>,
        ground: i32,
        obstacle: Option<(Obstacle, i32)>,
        test: HeightTest,
    ) -> fmt::Result {
        let top = Reason::top(ground, obstacle);
        let parts = match obstacle {
            Some((o, h)) => format!("ground {ground}, {} {h}", self.obstacle_text(o)),
            None => format!("ground {ground}"),
        };
        let [a, b] = self.ends.map(|h| self.map.label_text(h));
        let [za, zb] = self.heights;
        match test {
            HeightTest::AboveLine => inline(
                f,
                format_args!(
                    "height {top} ({parts}) rises above the line from {a} ({za}) to {b} ({zb})"
                ),
            ),
            HeightTest::AtLeastHigherEnd => inline(
                f,
                format_args!(
                    "height {top} ({parts}) is at least as high as the higher end ({})",
                    za.max(zb)
                ),
            ),
        }
    }

    /// `terrain `forest`` or `hex feature `town``.
    fn obstacle_text(&self, o: Obstacle) -> String {
        match o {
            Obstacle::Terrain(t) => {
                let names = self.map.terrain_names();
                let name = names
                    .get(usize::from(t.index()))
                    .map_or("?", String::as_str);
                format!("terrain `{name}`")
            }
            Obstacle::Feature(x) => {
                let names = self.map.feature_names();
                let i = x.mask().trailing_zeros();
                let name = usize::try_from(i).ok().and_then(|i| names.get(i));
                format!("hex feature `{}`", name.map_or("?", String::as_str))
            }
        }
    }
}
