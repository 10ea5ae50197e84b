//! Trace rules as data: legs with a budget, a step rule and a target.

use std::fmt;
use std::sync::Arc;

use crate::map::HexMap;
use crate::map::UnknownName;
use crate::trace::custom::{MakeStepFn, Step, StepFn};

/// How far one leg of a path may go.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Budget {
    /// At most this many hexes (each step enters one hex).
    Hexes(u32),
    /// At most this many movement points, each step paying what [`Costs`] says.
    MovementPoints {
        /// The points available.
        points: u32,
        /// What each step costs.
        costs: Costs,
    },
    /// Any number of hexes.
    Unlimited,
}

/// The cost of a step in movement points: the terrain of the hex entered, plus extra for the
/// hexside crossed.
///
/// ```
/// use hexmap::Costs;
/// // Forest 2, mountain 3, everything else 1; a river hexside +1 unless a road bridges it.
/// let costs = Costs::new(1)
///     .terrain("forest", 2)
///     .terrain("mountain", 3)
///     .hexside("river", 1, &["road"]);
/// assert_eq!(costs.default_cost(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costs {
    default: u32,
    pub(crate) terrain: Vec<(String, u32)>,
    pub(crate) hexsides: Vec<HexsideCost>,
}

/// Extra cost for crossing a hexside with a feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HexsideCost {
    pub(crate) feature: String,
    pub(crate) extra: u32,
    pub(crate) waived_by: Vec<String>,
}

impl Costs {
    /// Every hex costs `default` to enter.
    pub fn new(default: u32) -> Costs {
        Costs {
            default,
            terrain: Vec::new(),
            hexsides: Vec::new(),
        }
    }

    /// Entering a hex of this terrain costs `cost` instead of the default.
    pub fn terrain(mut self, name: impl Into<String>, cost: u32) -> Costs {
        self.terrain.push((name.into(), cost));
        self
    }

    /// Crossing a hexside with `feature` costs `extra` more, unless the hexside also carries one
    /// of `waived_by` (a road bridging a river, say).
    pub fn hexside(mut self, feature: impl Into<String>, extra: u32, waived_by: &[&str]) -> Costs {
        self.hexsides.push(HexsideCost {
            feature: feature.into(),
            extra,
            waived_by: waived_by.iter().map(|s| (*s).to_string()).collect(),
        });
        self
    }

    /// The cost of a hex whose terrain is not named.
    pub fn default_cost(&self) -> u32 {
        self.default
    }
}

impl Default for Costs {
    /// Every hex costs 1.
    fn default() -> Self {
        Costs::new(1)
    }
}

/// Which steps a leg allows: a small vocabulary that names its reason when it refuses a step,
/// plus [`StepRule::Custom`] for anything else.
///
/// Every step crosses a shared hexside that is not impassable, into a hex that passes the
/// caller's free test; a step rule adds conditions on top. Hexside features are named as the map
/// names them: `road`, `trail`, `blocks-zoc`, `impassable`, and any the map declares (`river`,
/// `rail`, ...). A feature or terrain the map does not have is refused when the rule is bound
/// ([`TraceRule::bind`]; [`TraceRule::bind_lenient`] binds it as matching nothing).
#[derive(Clone)]
#[non_exhaustive]
pub enum StepRule {
    /// Any step.
    Any,
    /// The hexside crossed carries one of these features ("along a road or trail").
    Along(Vec<String>),
    /// The hex entered is on the network of these features: at least one of its hexsides
    /// carries one of them.
    IntoNetwork(Vec<String>),
    /// Both hexes are on the network of these features, whatever the hexside between them.
    Between(Vec<String>),
    /// The hexside crossed carries none of `features`, unless it also carries one of `unless`
    /// ("never across a major river unless bridged").
    NotAcross {
        /// Features that forbid the crossing.
        features: Vec<String>,
        /// Features that allow it anyway.
        unless: Vec<String>,
    },
    /// The hex entered has one of these terrains.
    IntoTerrain(Vec<String>),
    /// The hex entered has none of these terrains.
    NotIntoTerrain(Vec<String>),
    /// Every rule holds.
    All(Vec<StepRule>),
    /// At least one rule holds.
    Either(Vec<StepRule>),
    /// The caller's predicate, with a name for explanations, made for each map the rule is
    /// bound to ([`StepRule::custom`]).
    Custom {
        /// What the predicate checks, for people ("not into a fortified hex").
        name: String,
        /// What makes the predicate for a map, finding the names it asks for.
        make: MakeStepFn,
    },
    /// The caller's predicate by name only, supplied when the rule is bound
    /// ([`BoundRule::with_predicate`](crate::trace::BoundRule::with_predicate)), so that it
    /// may borrow the caller's data (a position, a ZOC layer); until then it refuses every
    /// step.
    Supplied {
        /// What the predicate checks, for people, and the name it is supplied under.
        name: String,
    },
}

impl StepRule {
    /// Along roads or trails: the hexside crossed carries a road or a trail.
    pub fn along_road_or_trail() -> StepRule {
        StepRule::Along(vec!["road".into(), "trail".into()])
    }

    /// Into a hex on the road/trail net.
    pub fn into_road_net() -> StepRule {
        StepRule::IntoNetwork(vec!["road".into(), "trail".into()])
    }

    /// The caller's predicate, made when the rule is bound: `make` is given the map the rule
    /// is bound to, finds there the names the predicate asks for by checked look-ups
    /// ([`HexMap::hexside_feature`], [`HexMap::hex_feature`], [`HexMap::terrain_type`]) and
    /// returns the predicate over [`Step`]s, which tests the handles found
    /// ([`Step::crosses`], [`Step::to_has_feature`], [`Step::enters`]). A name the map lacks
    /// fails the bind ([`RuleError::UnknownName`], with the leg), never a predicate that
    /// silently answers `false`; a handle is always of the map the rule is bound to.
    ///
    /// ```
    /// use hexmap::{Layout, Leg, MapBuilder, Orientation, RuleError, Step, StepRule, TraceRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3))
    ///     .feature("fort", "0102")
    ///     .build()?;
    /// // Never into a hex the map marks as fortified (hex feature `fort`).
    /// let rule = |feature: &'static str| {
    ///     TraceRule::new([Leg::hexes(2).steps(StepRule::custom("not into a fort", move |map| {
    ///         let fort = map.hex_feature(feature)?;
    ///         Ok(move |step: &Step<'_>| !step.to_has_feature(fort))
    ///     }))])
    /// };
    /// assert!(rule("fort").bind(&map).is_ok());
    /// let e = rule("frot").bind(&map).unwrap_err();
    /// assert!(matches!(&e, RuleError::UnknownName { leg: 1, unknown, .. } if unknown.name == "frot"));
    /// // A predicate that asks for no name finds none.
    /// let first = StepRule::custom("first leg", |_| Ok(|step: &Step<'_>| step.leg() == 0));
    /// assert!(TraceRule::new([Leg::hexes(1).steps(first)]).bind(&map).is_ok());
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn custom<F>(
        name: impl Into<String>,
        make: impl Fn(&HexMap) -> Result<F, UnknownName> + Send + Sync + 'static,
    ) -> StepRule
    where
        F: Fn(&Step<'_>) -> bool + Send + Sync + 'static,
    {
        let make: MakeStepFn = Arc::new(move |map: &HexMap| {
            let test: StepFn = Arc::new(make(map)?);
            Ok(test)
        });
        StepRule::Custom {
            name: name.into(),
            make,
        }
    }
}

impl StepRule {
    /// A predicate supplied when the rule is bound ([`StepRule::Supplied`]).
    pub fn custom_named(name: impl Into<String>) -> StepRule {
        StepRule::Supplied { name: name.into() }
    }
}

impl fmt::Debug for StepRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepRule::Any => write!(f, "Any"),
            StepRule::Along(x) => f.debug_tuple("Along").field(x).finish(),
            StepRule::IntoNetwork(x) => f.debug_tuple("IntoNetwork").field(x).finish(),
            StepRule::Between(x) => f.debug_tuple("Between").field(x).finish(),
            StepRule::NotAcross { features, unless } => f
                .debug_struct("NotAcross")
                .field("features", features)
                .field("unless", unless)
                .finish(),
            StepRule::IntoTerrain(x) => f.debug_tuple("IntoTerrain").field(x).finish(),
            StepRule::NotIntoTerrain(x) => f.debug_tuple("NotIntoTerrain").field(x).finish(),
            StepRule::All(x) => f.debug_tuple("All").field(x).finish(),
            StepRule::Either(x) => f.debug_tuple("Either").field(x).finish(),
            StepRule::Custom { name, .. } => f.debug_struct("Custom").field("name", name).finish(),
            StepRule::Supplied { name } => f.debug_struct("Supplied").field("name", name).finish(),
        }
    }
}

/// One leg of a path: how far it may go, which steps it allows, how it is joined, and whether it
/// may be skipped.
///
/// ```
/// use hexmap::{Leg, StepRule};
/// // Up to three hexes of any terrain, possibly none.
/// let free = Leg::hexes(3).skippable();
/// // Then any number of hexes along roads and trails, joined by any step into a road hex.
/// let road = Leg::unlimited()
///     .steps(StepRule::along_road_or_trail())
///     .joined_by(StepRule::into_road_net())
///     .skippable();
/// # let _ = (free, road);
/// ```
#[derive(Clone, Debug)]
pub struct Leg {
    pub(crate) budget: Budget,
    pub(crate) steps: StepRule,
    pub(crate) join: Option<StepRule>,
    pub(crate) skippable: bool,
}

impl Leg {
    /// A leg with this budget, allowing any step, that must take at least one step.
    pub fn new(budget: Budget) -> Leg {
        Leg {
            budget,
            steps: StepRule::Any,
            join: None,
            skippable: false,
        }
    }

    /// At most `n` hexes.
    pub fn hexes(n: u32) -> Leg {
        Leg::new(Budget::Hexes(n))
    }

    /// At most `points` movement points, paid as `costs` says.
    pub fn movement_points(points: u32, costs: Costs) -> Leg {
        Leg::new(Budget::MovementPoints { points, costs })
    }

    /// Any number of hexes.
    pub fn unlimited() -> Leg {
        Leg::new(Budget::Unlimited)
    }

    /// The steps this leg allows (default [`StepRule::Any`]).
    pub fn steps(mut self, rule: StepRule) -> Leg {
        self.steps = rule;
        self
    }

    /// The rule for the leg's first step, the one that joins it (default: the leg's step rule).
    /// A road chain may be joined by any step into a road hex, then follow road hexsides.
    pub fn joined_by(mut self, rule: StepRule) -> Leg {
        self.join = Some(rule);
        self
    }

    /// The leg may take no step at all.
    pub fn skippable(mut self) -> Leg {
        self.skippable = true;
        self
    }

    /// The budget.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Whether the leg may be skipped.
    pub fn is_skippable(&self) -> bool {
        self.skippable
    }
}

/// How the last step may enter the target.
///
/// For the [`RoadChain`] preset ("K hexes of any terrain, then the road/trail chain"), the three
/// readings differ on a target off the road/trail net, which a path reaches:
///
/// | reading | within the first K hexes | as hex K+1, from a hex off the net | from a hex of the chain beside it |
/// |---|---|---|---|
/// | [`TargetRule::OnChain`] | yes | no | no |
/// | [`TargetRule::MayAdjoinChain`] | yes | yes | yes |
/// | [`TargetRule::MustAdjoinChain`] | yes | no | yes |
///
/// A target on the net is reached alike under the three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TargetRule {
    /// The target is entered like any other hex of the path: by a step its leg allows (for
    /// [`RoadChain`], past the first K hexes the target is on the road/trail chain).
    #[default]
    OnChain,
    /// The last step into the target may cross any passable hexside, whatever the leg's rules
    /// (for [`RoadChain`], the chain may run into the target from a hex next to it). The step
    /// may leave any hex a path may end on: for [`RoadChain`], the last of the first K hexes
    /// too, so a target one hex past them is reached with no road or trail beside it.
    MayAdjoinChain,
    /// The last step into the target may cross any passable hexside when it leaves a hex the
    /// **last leg** entered (for [`RoadChain`], a hex of the road/trail chain: the chain must
    /// hold a hex next to the target, and a target one hex past the first K hexes with no road
    /// or trail beside it is not reached). Otherwise the target is entered as under
    /// [`TargetRule::OnChain`] (a target on the chain is reached as there). The unit's own hex
    /// is entered by no leg: with K = 0 a unit on a road hex next to the target does not step
    /// into it from there, nor may a path step out along the road and come back through it.
    MustAdjoinChain,
}

impl TargetRule {
    /// Whether the last step into a target may cross any passable hexside, whatever its leg's
    /// rules ([`TargetRule::MayAdjoinChain`], [`TargetRule::MustAdjoinChain`]): what every
    /// tracer but the independent [`crate::trace::search`] asks of the reading.
    pub(crate) fn exempts_last_step(self) -> bool {
        matches!(
            self,
            TargetRule::MayAdjoinChain | TargetRule::MustAdjoinChain
        )
    }

    /// Whether that exempt last step must leave a hex the last leg entered
    /// ([`TargetRule::MustAdjoinChain`]), rather than any hex a path may end on.
    pub(crate) fn exempt_from_last_leg(self) -> bool {
        self == TargetRule::MustAdjoinChain
    }
}

/// Two readings of a chain of "contiguous road and/or trail hexes", as rules often word it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChainReading {
    /// Each step of the chain crosses a road or trail hexside (the default).
    #[default]
    FollowHexsides,
    /// Each step of the chain goes between two hexes that both carry a road or trail, whatever
    /// the hexside between them.
    BetweenNetHexes,
}

/// A tracing rule: legs walked from the unit toward the target, then the target.
///
/// A path `h0, h1, ..., hn` starts at the unit's hex `h0` (never tested, never counted, never
/// entered again: the path does not come back through it under any rule) and ends
/// on a target `hn`. Its steps are split, in order, into the legs: each leg's steps obey its
/// [`StepRule`] (its first step, its `joined_by` rule), and its budget; a leg that is not
/// skippable takes at least one step. Every step crosses a passable hexside into a hex that
/// passes the caller's free test. The direction is always **from the unit to the target**: a
/// rule written from the source ("any number of rail hexes from a friendly map edge, then at
/// most 4 hexes") lists its legs in the other order (at most 4 hexes, then rail).
///
/// ```
/// use hexmap::{Leg, StepRule, TraceRule};
/// // "At most five hexes to a friendly city; roads don't matter."
/// let rule = TraceRule::new([Leg::hexes(5).skippable()]);
/// assert_eq!(rule.legs().len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct TraceRule {
    pub(crate) legs: Vec<Leg>,
    pub(crate) target: TargetRule,
}

impl TraceRule {
    /// A rule with these legs, the target entered by the last leg's rules.
    pub fn new(legs: impl IntoIterator<Item = Leg>) -> TraceRule {
        TraceRule {
            legs: legs.into_iter().collect(),
            target: TargetRule::OnChain,
        }
    }

    /// How the target is entered.
    pub fn with_target(mut self, target: TargetRule) -> TraceRule {
        self.target = target;
        self
    }

    /// The legs, from the unit.
    pub fn legs(&self) -> &[Leg] {
        &self.legs
    }

    /// How the target is entered.
    pub fn target(&self) -> TargetRule {
        self.target
    }
}

impl From<RoadChain> for TraceRule {
    fn from(preset: RoadChain) -> TraceRule {
        preset.rule()
    }
}

/// The preset "K hexes of any terrain, then along the road/trail net", which many games' supply
/// lines and Lines of Communications follow: up to K hexes of any passable terrain, then any
/// number of hexes along the road/trail net to the target. A game gives its K and readings;
/// the crate has no default.
///
/// ```
/// use hexmap::{ChainReading, RoadChain, TargetRule};
/// let preset = RoadChain::new(3)
///     .with_target(TargetRule::MayAdjoinChain)
///     .with_reading(ChainReading::FollowHexsides);
/// let rule = preset.rule();
/// assert_eq!(rule.legs().len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RoadChain {
    /// K: how many hexes after the start may be of any terrain.
    pub free_hexes: u32,
    /// Whether the target must be on the chain.
    pub target: TargetRule,
    /// What "contiguous road and/or trail hexes" means.
    pub reading: ChainReading,
}

impl RoadChain {
    /// K free hexes, the literal target reading, the chain following road/trail hexsides.
    pub fn new(free_hexes: u32) -> RoadChain {
        RoadChain {
            free_hexes,
            target: TargetRule::OnChain,
            reading: ChainReading::FollowHexsides,
        }
    }

    /// How the target is entered.
    pub fn with_target(mut self, target: TargetRule) -> RoadChain {
        self.target = target;
        self
    }

    /// The reading of "contiguous road and/or trail hexes".
    pub fn with_reading(mut self, reading: ChainReading) -> RoadChain {
        self.reading = reading;
        self
    }

    /// The rule: leg 1, up to K hexes of any terrain (skippable); leg 2, any number of hexes of
    /// the road/trail chain (skippable), joined by a step into a road or trail hex.
    pub fn rule(&self) -> TraceRule {
        let chain = match self.reading {
            ChainReading::FollowHexsides => Leg::unlimited()
                .steps(StepRule::along_road_or_trail())
                .joined_by(StepRule::into_road_net()),
            ChainReading::BetweenNetHexes => Leg::unlimited()
                .steps(StepRule::Between(vec!["road".into(), "trail".into()]))
                .joined_by(StepRule::into_road_net()),
        };
        TraceRule {
            legs: vec![Leg::hexes(self.free_hexes).skippable(), chain.skippable()],
            target: self.target,
        }
    }
}

/// Why a rule cannot be used on a map.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleError {
    /// The rule names a hexside feature, a hex feature or a terrain the map does not have: in
    /// a step rule, a cost, or a custom step's look-up ([`StepRule::custom`]).
    UnknownName {
        /// The leg (1-based).
        leg: usize,
        /// Where in the leg the name is given, as a path: `costs.terrain`,
        /// `costs.hexsides[0].waived_by`, `steps.not_across`, `joined_by.all[1].along`,
        /// `steps.custom(NAME)`.
        field: String,
        /// The name, with the names the map has.
        unknown: UnknownName,
    },
    /// The rule has no leg.
    NoLegs,
    /// A budget is larger than tracing supports.
    BudgetTooLarge {
        /// The leg (1-based).
        leg: usize,
        /// The budget given.
        budget: u32,
        /// The limit.
        max: u32,
    },
}

/// The largest hex or movement-point budget of one leg.
pub const MAX_BUDGET: u32 = 4096;
