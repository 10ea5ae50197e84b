//! A caller's step predicate ([`crate::trace::StepRule::Custom`]): the [`Step`] it sees, and
//! what makes it for one map (its names found when the rule is bound).

use std::sync::Arc;

use petgraph::graph::NodeIndex;

use crate::coord::Hex;
use crate::map::{HexFeature, HexMap, Hexside, HexsideFeature, TerrainType, UnknownName};

/// A predicate over one step, written by the caller.
pub type StepFn = Arc<dyn Fn(&Step<'_>) -> bool + Send + Sync>;

/// What makes a caller's step predicate for one map
/// ([`StepRule::custom`](crate::StepRule::custom)): called when the rule is bound, with the
/// map it is bound to, it finds the names the predicate asks for
/// ([`HexMap::hexside_feature`], [`HexMap::hex_feature`], [`HexMap::terrain_type`]) and
/// returns the predicate, or the name the map lacks (the bind then fails, naming the leg).
///
/// ```
/// use hexmap::{Layout, MakeStepFn, MapBuilder, Orientation, Step, StepFn, StepRule};
/// use std::sync::Arc;
/// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
///     .build()?;
/// let StepRule::Custom { make, .. } = StepRule::custom("no rail", |map| {
///     let rail = map.hexside_feature("rail")?;
///     Ok(move |step: &Step<'_>| !step.crosses(rail))
/// }) else {
///     unreachable!()
/// };
/// let make: MakeStepFn = make;
/// assert!(make(&map).is_err()); // this map has no `rail`
/// let any: MakeStepFn = Arc::new(|_| Ok(Arc::new(|_: &Step<'_>| true) as StepFn));
/// assert!(any(&map).is_ok());
/// # Ok::<(), hexmap::BuildError>(())
/// ```
pub type MakeStepFn = Arc<dyn Fn(&HexMap) -> Result<StepFn, UnknownName> + Send + Sync>;

/// One step of a path, as a [`StepRule::Custom`](crate::trace::StepRule::Custom) predicate sees
/// it.
#[derive(Clone, Copy, Debug)]
pub struct Step<'m> {
    map: &'m HexMap,
    from: usize,
    to: usize,
    hexside: Hexside,
    leg: usize,
}

impl<'m> Step<'m> {
    /// The step from node `from` to node `to` across `hexside`, in leg `leg`.
    pub(crate) fn new(
        map: &'m HexMap,
        from: usize,
        to: usize,
        hexside: Hexside,
        leg: usize,
    ) -> Step<'m> {
        Step {
            map,
            from,
            to,
            hexside,
            leg,
        }
    }

    /// The map.
    pub fn map(&self) -> &'m HexMap {
        self.map
    }

    /// The hex the step leaves.
    pub fn from(&self) -> Hex {
        self.map.hexes()[self.from].hex
    }

    /// The hex the step enters.
    pub fn to(&self) -> Hex {
        self.map.hexes()[self.to].hex
    }

    /// The graph node of the hex the step leaves.
    pub fn from_node(&self) -> NodeIndex<u32> {
        NodeIndex::new(self.from)
    }

    /// The graph node of the hex the step enters.
    pub fn to_node(&self) -> NodeIndex<u32> {
        NodeIndex::new(self.to)
    }

    /// The hexside crossed.
    pub fn hexside(&self) -> Hexside {
        self.hexside
    }

    /// Whether the hexside crossed carries a hexside feature (`road`, `river`, ...), found on
    /// the step's map when the rule was bound ([`HexMap::hexside_feature`]).
    ///
    /// ```
    /// use hexmap::{Layout, Leg, MapBuilder, Orientation, Step, StepRule, TraceRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .hexsides("river", ["0101/E"])
    ///     .build()?;
    /// let dry = |feature: &'static str| {
    ///     StepRule::custom("not across a river", move |map| {
    ///         let river = map.hexside_feature(feature)?;
    ///         Ok(move |step: &Step<'_>| !step.crosses(river))
    ///     })
    /// };
    /// assert!(TraceRule::new([Leg::hexes(1).steps(dry("river"))]).bind(&map).is_ok());
    /// let e = TraceRule::new([Leg::hexes(1).steps(dry("rivr"))]).bind(&map).unwrap_err();
    /// assert!(e.to_string().starts_with(
    ///     "leg 1, `steps.custom(not across a river)`: the map has no hexside feature `rivr`"
    /// ));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn crosses(&self, feature: HexsideFeature) -> bool {
        self.hexside.carries(feature)
    }

    /// The terrain name of the hex entered.
    pub fn terrain(&self) -> &'m str {
        let t = self.map.hexes()[self.to].terrain;
        self.map
            .terrain_names()
            .get(usize::from(t))
            .map_or("", String::as_str)
    }

    /// Whether the hex entered has this terrain, found on the step's map when the rule was
    /// bound ([`HexMap::terrain_type`]).
    ///
    /// ```
    /// use hexmap::{Layout, Leg, MapBuilder, Orientation, Step, StepRule, TraceRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .terrain("0102", "swamp")
    ///     .build()?;
    /// let no_swamp = StepRule::custom("not into swamp", |map| {
    ///     let swamp = map.terrain_type("swmap")?; // a slip: the bind refuses it
    ///     Ok(move |step: &Step<'_>| !step.enters(swamp))
    /// });
    /// assert!(TraceRule::new([Leg::hexes(1).steps(no_swamp)]).bind(&map).is_err());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn enters(&self, terrain: TerrainType) -> bool {
        self.map.hexes()[self.to].terrain == terrain.index()
    }

    /// Whether the hex entered has a hex feature, found on the step's map when the rule was
    /// bound ([`HexMap::hex_feature`]).
    ///
    /// ```
    /// use hexmap::{Layout, Leg, MapBuilder, Orientation, Step, StepRule, TraceRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=2))
    ///     .feature("fort", "0102")
    ///     .build()?;
    /// let rule = TraceRule::new([Leg::hexes(1).steps(StepRule::custom("not into a fort", |map| {
    ///     let fort = map.hex_feature("fort")?;
    ///     Ok(move |step: &Step<'_>| !step.to_has_feature(fort))
    /// }))]);
    /// assert!(rule.bind(&map).is_ok());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn to_has_feature(&self, feature: HexFeature) -> bool {
        self.map.hexes()[self.to].features & feature.mask() != 0
    }

    /// Which leg the step belongs to (0 for the first).
    pub fn leg(&self) -> usize {
        self.leg
    }
}
