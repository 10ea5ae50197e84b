//! Scenarios and positions, in memory (no TOML needed), and their checks against a map.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use hexmap::{Hex, HexMap};

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::unit::{Rating, Side};

/// The three Beach Areas' keys in a map's `[areas]`.
pub mod beach {
    /// Northern Beach Area (2428 2528 2628).
    pub const NORTHERN: &str = "northern-beach";
    /// Eastern Beach Area (1332 1232 1132 1032).
    pub const EASTERN: &str = "eastern-beach";
    /// Southern Beach Area (0610 0511-0514).
    pub const SOUTHERN: &str = "southern-beach";
}

/// How a territorial objective is held (L5).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ObjectiveKind {
    /// `vp` once when a unit of the side occupies the hex (or any one of the hexes).
    Occupy {
        /// The hex or hexes.
        hexes: Vec<Hex>,
    },
    /// `vp` for each unit of the side on or adjacent to a hex with this map feature (a unit next
    /// to two such hexes still scores once). Adjacency is geometric: hexside features do not
    /// matter.
    PerUnitNear {
        /// The hex feature (`airfield`).
        feature: String,
    },
}

/// A territorial objective of a scenario (L5).
///
/// Build one with [`Objective::occupy`] or [`Objective::per_unit_near`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Objective {
    /// Name for people (`Carigara`).
    pub name: String,
    /// Who scores it.
    pub side: Side,
    /// Victory Points (per unit for [`ObjectiveKind::PerUnitNear`]).
    pub vp: u32,
    /// How it is held.
    pub kind: ObjectiveKind,
    /// A note shown with it (e.g. that the amount is a placeholder).
    pub note: Option<String>,
}

impl Objective {
    /// `vp` to `side` once when one of its units occupies the hex, or any one of the hexes
    /// (L5; for the US only with a Line of Communications, L7).
    ///
    /// ```
    /// use leyte_victory::{Objective, ObjectiveKind, Side};
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "Nine hexes in a line"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [10, 10]
    /// # columns = [1, 9]
    /// # shifted = "even"
    /// # rows_grow = "north"
    /// # columns_grow = "east"
    /// # "#, None).unwrap();
    /// let carigara = Objective::occupy("Carigara", Side::Us, 20, [map.parse("1006").unwrap()])
    ///     .with_note("placeholder amount");
    /// assert_eq!(carigara.vp, 20);
    /// assert!(matches!(&carigara.kind, ObjectiveKind::Occupy { hexes } if hexes.len() == 1));
    /// ```
    pub fn occupy(
        name: impl Into<String>,
        side: Side,
        vp: u32,
        hexes: impl IntoIterator<Item = Hex>,
    ) -> Objective {
        Objective {
            name: name.into(),
            side,
            vp,
            kind: ObjectiveKind::Occupy {
                hexes: hexes.into_iter().collect(),
            },
            note: None,
        }
    }

    /// `vp` to `side` "for each unit on or adjacent to" a hex with the map feature `feature`
    /// (L5; scenario 16.1's Airfield hexes: `"airfield"`). A unit next to two such hexes still
    /// scores once.
    ///
    /// ```
    /// use leyte_victory::{Objective, ObjectiveKind, Side};
    /// let airfields = Objective::per_unit_near("Airfields", Side::Japanese, 10, "airfield");
    /// assert!(matches!(&airfields.kind, ObjectiveKind::PerUnitNear { feature } if feature == "airfield"));
    /// ```
    pub fn per_unit_near(
        name: impl Into<String>,
        side: Side,
        vp_per_unit: u32,
        feature: impl Into<String>,
    ) -> Objective {
        Objective {
            name: name.into(),
            side,
            vp: vp_per_unit,
            kind: ObjectiveKind::PerUnitNear {
                feature: feature.into(),
            },
            note: None,
        }
    }

    /// The same objective with a note shown beside it in the report.
    pub fn with_note(mut self, note: impl Into<String>) -> Objective {
        self.note = Some(note.into());
        self
    }

    /// Check objective `i` (at `scenario.objectives[i]`) against its map: its hexes on the map,
    /// its feature a feature of the map.
    fn check(&self, map: &HexMap, i: usize, out: &mut Vec<Diagnostic>) {
        match &self.kind {
            ObjectiveKind::Occupy { hexes } => on_map(map, hexes, out, |j| {
                format!("scenario.objectives[{i}].hexes[{j}]")
            }),
            ObjectiveKind::PerUnitNear { feature } => {
                if map.feature_names().iter().any(|f| f == feature) {
                    return;
                }
                out.push(
                    Diagnostic::new(
                        ErrorKind::Scenario,
                        format!(
                            "the map has no `{feature}` hexes (its features: {})",
                            listed(map.feature_names().iter().map(String::as_str))
                        ),
                    )
                    .key(format!("scenario.objectives[{i}].near_feature"))
                    .label(feature.as_str()),
                );
            }
        }
    }
}

/// Names for a message, `, `-separated (`none` when there are none).
fn listed<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let all: Vec<&str> = names.collect();
    if all.is_empty() {
        "none".to_string()
    } else {
        all.join(", ")
    }
}

/// Every hex of `hexes` that is not on the map, said at `key(i)` (made only then) in the words
/// [`HexMap::parse`] uses for its label.
fn on_map(map: &HexMap, hexes: &[Hex], out: &mut Vec<Diagnostic>, key: impl Fn(usize) -> String) {
    for (i, h) in hexes.iter().enumerate() {
        if !map.contains(*h) {
            out.push(crate::labels::off_map(map, *h).key(key(i)));
        }
    }
}

/// What an exited unit is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExitValue {
    /// The unit's Victory Point value (L3).
    UnitValue,
    /// A fixed amount.
    Fixed(u32),
}

/// Victory Points for units that left the map.
///
/// Build one with [`ExitAward::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExitAward {
    /// Whose units.
    pub side: Side,
    /// Through which hexes; empty = any.
    pub hexes: Vec<Hex>,
    /// What each is worth.
    pub value: ExitValue,
    /// Who scores (usually `side`).
    pub scorer: Side,
}

impl ExitAward {
    /// `value` to `side` for each of its units that left the map through one of `hexes` (any
    /// hex when empty).
    ///
    /// ```
    /// use leyte_victory::{ExitAward, ExitValue, Side};
    /// let exit = ExitAward::new(Side::Us, [], ExitValue::UnitValue);
    /// assert_eq!(exit.scorer, Side::Us);
    /// let denied = ExitAward::new(Side::Japanese, [], ExitValue::Fixed(5)).scored_by(Side::Us);
    /// assert_eq!(denied.scorer, Side::Us);
    /// ```
    pub fn new(side: Side, hexes: impl IntoIterator<Item = Hex>, value: ExitValue) -> ExitAward {
        ExitAward {
            side,
            hexes: hexes.into_iter().collect(),
            value,
            scorer: side,
        }
    }

    /// The same award, scored by `scorer` instead of the exiting side.
    pub fn scored_by(mut self, scorer: Side) -> ExitAward {
        self.scorer = scorer;
        self
    }
}

/// Victory Points to `scorer` when fewer than `units` units of `side` exited through `hexes`.
///
/// A shortfall a scenario pays by removing a counter (16.4: "the Japanese remove a U.S. 3-2-5
/// of their choice and score it as destroyed") names that counter ([`ExitRequirement::removed`],
/// ruling L-15): when it is among the eliminated, its elimination pays the shortfall (its value,
/// L3, to the enemy, cited with the scenario rule) and the requirement pays nothing of its own;
/// otherwise `vp` stands for it, once.
///
/// Build one with [`ExitRequirement::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExitRequirement {
    /// Whose units must exit.
    pub side: Side,
    /// Through which hexes; empty = any.
    pub hexes: Vec<Hex>,
    /// How many must exit.
    pub units: u32,
    /// VP to `scorer` for the shortfall (once).
    pub vp: u32,
    /// Who scores.
    pub scorer: Side,
    /// Shown with the award.
    pub note: Option<String>,
    /// The id of the counter of `side` removed for the shortfall and scored as destroyed, when
    /// the scenario pays the shortfall so and the players have removed it (`None`: `vp` pays).
    pub removed: Option<String>,
    /// Which counters count: those that exit meet the requirement, and the counter removed
    /// for its shortfall must be one (16.4 names "one 3-2-5"; ruling L-15).
    pub counters: ExitCounters,
}

/// Which counters an [`ExitRequirement`] counts (16.4: "exit one 3-2-5 ... or the Japanese
/// remove a U.S. 3-2-5"): any unit of its side, those of one rating, or those named.
///
/// ```
/// use leyte_victory::{ExitCounters, ExitRequirement, Rating, Side};
/// let kind = ExitCounters::Rating(Rating::standard("3-2-5").unwrap());
/// let r = ExitRequirement::new(Side::Us, [], 1, 5).with_counters(kind.clone());
/// assert_eq!(r.counters, kind);
/// assert_eq!(kind.to_string(), "3-2-5");
/// assert_eq!(ExitCounters::Ids(vec!["US-1".into(), "US-2".into()]).to_string(), "US-1, US-2");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExitCounters {
    /// Any unit of the requirement's side.
    #[default]
    Any,
    /// Units of this rating (strengths alike; the movement too when both are known).
    Rating(Rating),
    /// The units of these ids.
    Ids(Vec<String>),
}

impl ExitCounters {
    /// Whether the unit `id` of `rating` is one of these counters.
    pub(crate) fn counts(&self, id: &str, rating: &Rating) -> bool {
        match self {
            ExitCounters::Any => true,
            ExitCounters::Rating(kind) => kind.alike(rating),
            ExitCounters::Ids(ids) => ids.iter().any(|i| i == id),
        }
    }
}

impl fmt::Display for ExitCounters {
    /// `any`, the rating (`3-2-5`), or the ids (`US-1, US-2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExitCounters::Any => f.write_str("any"),
            ExitCounters::Rating(kind) => kind.fmt(f),
            ExitCounters::Ids(ids) => f.write_str(&ids.join(", ")),
        }
    }
}

impl ExitRequirement {
    /// How many units must exit when a scenario does not say (`[[scenario.exit_requirements]]
    /// units`): one.
    pub const DEFAULT_UNITS: u32 = 1;

    /// `vp` to the other side, once, when fewer than `units` units of `side` left the map
    /// through one of `hexes` (any hex when empty).
    ///
    /// ```
    /// use leyte_victory::{ExitRequirement, Side};
    /// let r = ExitRequirement::new(Side::Us, [], 1, 5).with_note("16.3");
    /// assert_eq!((r.scorer, r.units, r.vp), (Side::Japanese, 1, 5));
    /// ```
    pub fn new(
        side: Side,
        hexes: impl IntoIterator<Item = Hex>,
        units: u32,
        vp: u32,
    ) -> ExitRequirement {
        ExitRequirement {
            side,
            hexes: hexes.into_iter().collect(),
            units,
            vp,
            scorer: side.enemy(),
            note: None,
            removed: None,
            counters: ExitCounters::Any,
        }
    }

    /// The same requirement, counting only `counters` (16.4: "one 3-2-5"): others that exit
    /// do not meet it, and the counter removed for its shortfall must be one of them.
    ///
    /// ```
    /// use leyte_victory::{
    ///     BeachBonus, ExitCounters, ExitRequirement, PositionBuilder, Rating, Scenario, Side, score,
    /// };
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "Nine hexes in a line"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [10, 10]
    /// # columns = [1, 9]
    /// # shifted = "even"
    /// # rows_grow = "north"
    /// # columns_grow = "east"
    /// # [areas.beach]
    /// # name = "Beach"
    /// # hexes = ["1009"]
    /// # "#, None).unwrap();
    /// let kind = ExitCounters::Rating(Rating::standard("3-2-5").unwrap());
    /// let requirement = ExitRequirement::new(Side::Us, [], 1, 5).with_counters(kind);
    /// let scenario = Scenario::new("Campaign", &["beach"])
    ///     .with_beach_bonus(BeachBonus::none())
    ///     .with_exit_requirement(requirement.clone());
    /// // A 5-5-5 left the map: not a 3-2-5, so the shortfall is scored.
    /// let position = PositionBuilder::new(&map).exited("US-5", Side::Us, "5-5-5", "1001").build().unwrap();
    /// assert_eq!(score(&map, &scenario, &position).unwrap().japanese.total, 5);
    /// // A 3-2-5 left the map: the requirement is met.
    /// let position = PositionBuilder::new(&map).exited("US-3", Side::Us, "3-2-5", "1001").build().unwrap();
    /// assert_eq!(score(&map, &scenario, &position).unwrap().japanese.total, 0);
    /// // A 5-5-5 named as the counter removed for the shortfall is refused.
    /// let scenario = Scenario::new("Campaign", &["beach"])
    ///     .with_beach_bonus(BeachBonus::none())
    ///     .with_exit_requirement(requirement.with_removed("US-5"));
    /// let position = PositionBuilder::new(&map).eliminated("US-5", Side::Us, "5-5-5").build().unwrap();
    /// assert!(score(&map, &scenario, &position).is_err());
    /// ```
    pub fn with_counters(mut self, counters: ExitCounters) -> ExitRequirement {
        self.counters = counters;
        self
    }

    /// The same requirement, its shortfall scored by `scorer` instead of the other side.
    pub fn scored_by(mut self, scorer: Side) -> ExitRequirement {
        self.scorer = scorer;
        self
    }

    /// The same requirement with a note shown with its award.
    pub fn with_note(mut self, note: impl Into<String>) -> ExitRequirement {
        self.note = Some(note.into());
        self
    }

    /// The same requirement, its shortfall paid by removing the counter `id` (a unit of its
    /// side) and scoring it as destroyed (ruling L-15): when `id` is among the eliminated, the
    /// elimination pays and the requirement's `vp` does not.
    ///
    /// ```
    /// use leyte_victory::{ExitRequirement, PositionBuilder, Scenario, Side, BeachBonus, score};
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "Nine hexes in a line"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [10, 10]
    /// # columns = [1, 9]
    /// # shifted = "even"
    /// # rows_grow = "north"
    /// # columns_grow = "east"
    /// # [areas.beach]
    /// # name = "Beach"
    /// # hexes = ["1009"]
    /// # "#, None).unwrap();
    /// let scenario = Scenario::new("Campaign", &["beach"])
    ///     .with_beach_bonus(BeachBonus::none())
    ///     .with_exit_requirement(ExitRequirement::new(Side::Us, [], 1, 5).with_removed("US-X"));
    /// // No US unit exited; the Japanese removed US-X (a 3-2-5): 5 VP, once, for its elimination.
    /// let position = PositionBuilder::new(&map)
    ///     .eliminated("US-X", Side::Us, "3-2-5")
    ///     .build()
    ///     .unwrap();
    /// let report = score(&map, &scenario, &position).unwrap();
    /// assert_eq!((report.us.total, report.japanese.total), (0, 5));
    /// assert_eq!(report.japanese.awards[0].unit.as_deref(), Some("US-X"));
    /// ```
    pub fn with_removed(mut self, id: impl Into<String>) -> ExitRequirement {
        self.removed = Some(id.into());
        self
    }
}

/// Who must trace a Line of Communications, and how (L7, L8, L10).
///
/// Start from [`LocRules::default`] (the US traces, 3 hexes of any terrain) and change it
/// with the `with_*` methods. How the chain and its end are read are rules options
/// ([`crate::options::Rules`]: `chain`, `target`), in [`Scenario::rules`].
///
/// ```
/// use leyte_victory::{LocRules, Side};
/// let rules = LocRules::default().with_free_hexes(2);
/// assert_eq!((rules.sides.as_slice(), rules.free_hexes), ([Side::Us].as_slice(), 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LocRules {
    /// The sides that must trace (US only by default; 16.34 may add the Japanese).
    pub sides: Vec<Side>,
    /// Hexes of any terrain before the road/trail chain (3).
    pub free_hexes: u32,
    /// Targets for a Japanese LOC, if the Japanese must trace (16.34 is not in our text).
    pub japanese_targets: Vec<Hex>,
}

impl Default for LocRules {
    /// The rules' own: the US traces (L7), [`LocRules::FREE_HEXES`] hexes of any terrain first
    /// (L8); the Japanese do not (L10).
    fn default() -> Self {
        LocRules {
            sides: vec![Side::Us],
            free_hexes: LocRules::FREE_HEXES,
            japanese_targets: Vec::new(),
        }
    }
}

impl LocRules {
    /// The hexes of any terrain a Line of Communications may begin with, as the rules say
    /// (L8: three).
    pub const FREE_HEXES: u32 = 3;

    /// Check the rules (at `scenario.loc`) against the map: K within
    /// [`crate::limits::MAX_FREE_HEXES`], the Japanese targets on the map, and some target
    /// when the Japanese must trace.
    fn check(&self, map: &HexMap, out: &mut Vec<Diagnostic>) {
        let k = self.free_hexes;
        if k > crate::limits::MAX_FREE_HEXES {
            out.push(
                Diagnostic::new(
                    ErrorKind::Limit,
                    format!(
                        "`free_hexes` is {k}; the engine allows at most {}",
                        crate::limits::MAX_FREE_HEXES
                    ),
                )
                .key("scenario.loc.free_hexes"),
            );
        }
        on_map(map, &self.japanese_targets, out, |j| {
            format!("scenario.loc.japanese_targets[{j}]")
        });
        if self.sides.contains(&Side::Japanese) && self.japanese_targets.is_empty() {
            out.push(
                Diagnostic::new(
                    ErrorKind::Scenario,
                    "the Japanese must trace a LOC but `japanese_targets` is empty",
                )
                .key("scenario.loc"),
            );
        }
    }

    /// The same rules with these sides tracing.
    pub fn with_sides(mut self, sides: impl IntoIterator<Item = Side>) -> LocRules {
        self.sides = sides.into_iter().collect();
        self
    }

    /// The same rules with this many hexes of any terrain before the road/trail chain.
    pub fn with_free_hexes(mut self, free_hexes: u32) -> LocRules {
        self.free_hexes = free_hexes;
        self
    }

    /// The same rules with the Japanese also tracing, to these hexes (when a scenario applies
    /// 16.34).
    pub fn with_japanese_targets(mut self, targets: impl IntoIterator<Item = Hex>) -> LocRules {
        if !self.sides.contains(&Side::Japanese) {
            self.sides.push(Side::Japanese);
        }
        self.japanese_targets = targets.into_iter().collect();
        self
    }
}

/// The beach bonus (L6): the Japanese Player's Victory Points for occupying a beach hex of
/// these areas, in every scenario.
///
/// [`BeachBonus::default`] is the rule: 40 VP for the Northern and Eastern Beach Areas.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BeachBonus {
    /// 40.
    pub vp: u32,
    /// Northern and Eastern Beach Areas.
    pub areas: Vec<String>,
}

impl Default for BeachBonus {
    fn default() -> Self {
        BeachBonus {
            vp: 40,
            areas: vec![beach::NORTHERN.to_string(), beach::EASTERN.to_string()],
        }
    }
}

impl BeachBonus {
    /// `vp` for occupying a beach hex of these areas (keys of the map's `[areas]`).
    ///
    /// ```
    /// use leyte_victory::{BeachBonus, beach};
    /// assert_eq!(BeachBonus::new(40, [beach::NORTHERN, beach::EASTERN]), BeachBonus::default());
    /// ```
    pub fn new(vp: u32, areas: impl IntoIterator<Item = impl Into<String>>) -> BeachBonus {
        BeachBonus {
            vp,
            areas: areas.into_iter().map(Into::into).collect(),
        }
    }

    /// No beach bonus: no area scores it (for a map without the Northern and Eastern Beach
    /// Areas, which [`BeachBonus::default`] names).
    pub fn none() -> BeachBonus {
        BeachBonus {
            vp: 0,
            areas: Vec::new(),
        }
    }
}

/// A scenario's victory conditions.
///
/// Build one with [`Scenario::new`] and the `with_*` methods (or push to the public fields).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Scenario {
    /// Name (`American Assault (16.1)`).
    pub name: String,
    /// Keys of the Beach Areas active in this scenario (LOC targets).
    pub active_beaches: Vec<String>,
    /// Territorial objectives.
    pub objectives: Vec<Objective>,
    /// Exit awards.
    pub exits: Vec<ExitAward>,
    /// Exit requirements.
    pub exit_requirements: Vec<ExitRequirement>,
    /// Line of Communications rules.
    pub loc: LocRules,
    /// The beach bonus.
    pub beach_bonus: BeachBonus,
    /// The rules options in force (readings of ambiguous text: `[rules]`).
    pub rules: crate::options::Rules,
    /// Notes on the state file's keys (an older key still read), for the report.
    pub(crate) key_notes: Vec<String>,
}

impl Scenario {
    /// A scenario with no objectives, the default LOC rules and beach bonus, and these active
    /// beach areas.
    pub fn new(name: impl Into<String>, active_beaches: &[&str]) -> Scenario {
        Scenario {
            name: name.into(),
            active_beaches: active_beaches.iter().map(|s| s.to_string()).collect(),
            objectives: Vec::new(),
            exits: Vec::new(),
            exit_requirements: Vec::new(),
            loc: LocRules::default(),
            beach_bonus: BeachBonus::default(),
            rules: crate::options::Rules::default(),
            key_notes: Vec::new(),
        }
    }

    /// The same scenario with these rules options.
    pub fn with_rules(mut self, rules: crate::options::Rules) -> Scenario {
        self.rules = rules;
        self
    }

    /// The same scenario with one more territorial objective.
    pub fn with_objective(mut self, objective: Objective) -> Scenario {
        self.objectives.push(objective);
        self
    }

    /// The same scenario with one more exit award.
    pub fn with_exit(mut self, exit: ExitAward) -> Scenario {
        self.exits.push(exit);
        self
    }

    /// The same scenario with one more exit requirement.
    pub fn with_exit_requirement(mut self, requirement: ExitRequirement) -> Scenario {
        self.exit_requirements.push(requirement);
        self
    }

    /// The same scenario with these Line of Communications rules.
    pub fn with_loc(mut self, loc: LocRules) -> Scenario {
        self.loc = loc;
        self
    }

    /// The same scenario with this beach bonus.
    pub fn with_beach_bonus(mut self, beach_bonus: BeachBonus) -> Scenario {
        self.beach_bonus = beach_bonus;
        self
    }

    /// Check the scenario against its map, every problem with its key path
    /// (`scenario.active_beaches[1]`, `scenario.objectives[0].near_feature`,
    /// `scenario.loc.free_hexes`): the areas it names exist (the beach bonus's at
    /// `scenario.beach_bonus.areas[i]`), every hex it names is on the map, its objectives'
    /// features are the map's, K is within the limit, and the Japanese, when they trace, have
    /// targets. Every problem is returned. What [`crate::score`] checks; a state read from TOML
    /// is checked by this same check.
    pub(crate) fn check(&self, map: &HexMap) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (i, key) in self.active_beaches.iter().enumerate() {
            if map.area(key).is_none() {
                let d = no_area(map, key, "").key(format!("scenario.active_beaches[{i}]"));
                let known: Vec<String> = map.areas().iter().map(|a| a.key.clone()).collect();
                out.push(match wargame_kit::internal::nearest(key, &known) {
                    Some(near) => d.help(format!("did you mean `{near}`?")),
                    None => d,
                });
            }
        }
        self.check_some_beach_hex(map, &mut out);
        for (i, key) in self.beach_bonus.areas.iter().enumerate() {
            if map.area(key).is_none() {
                out.push(
                    no_area(
                        map,
                        key,
                        ", which the beach bonus (L6) needs whether or not it is active",
                    )
                    .key(format!("scenario.beach_bonus.areas[{i}]")),
                );
            }
        }
        for (i, o) in self.objectives.iter().enumerate() {
            o.check(map, i, &mut out);
        }
        for (i, e) in self.exits.iter().enumerate() {
            on_map(map, &e.hexes, &mut out, |j| {
                format!("scenario.exits[{i}].hexes[{j}]")
            });
        }
        for (i, e) in self.exit_requirements.iter().enumerate() {
            on_map(map, &e.hexes, &mut out, |j| {
                format!("scenario.exit_requirements[{i}].hexes[{j}]")
            });
        }
        self.loc.check(map, &mut out);
        out
    }
}

impl Scenario {
    /// The counters the exit requirements name as removed for their shortfalls, against the
    /// position (ruling L-15), each problem at `scenario.exit_requirements[i].removed`: the
    /// counter is a unit of the position (on the map, eliminated or exited) of the
    /// requirement's side, and no two requirements name one counter (one elimination pays one
    /// shortfall). A counter named that is not among the eliminated is no problem: the
    /// requirement's `vp` then stands for it.
    pub(crate) fn check_removed(&self, position: &Position) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let mut named: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, r) in self.exit_requirements.iter().enumerate() {
            let Some(id) = r.removed.as_deref() else {
                continue;
            };
            let problem = |message: String| {
                Diagnostic::new(ErrorKind::Scenario, message)
                    .key(format!("scenario.exit_requirements[{i}].removed"))
                    .label(id)
            };
            if let Some(first) = named.insert(id, i) {
                out.push(problem(format!(
                    "`{id}` is already the counter removed for `scenario.exit_requirements[{first}]`: one elimination pays one shortfall"
                )));
                continue;
            }
            match position.side_of(id) {
                None => out.push(problem(format!(
                    "the counter removed for this shortfall, `{id}`, is no unit of the position"
                )).help("list it among the `[[eliminated]]` units once it is removed, or leave `removed` out: the requirement's `vp` then pays the shortfall")),
                Some(side) if side != r.side => out.push(problem(format!(
                    "the counter removed for this shortfall, `{id}`, is a {side} unit; the requirement's units are {}",
                    r.side
                ))),
                Some(_) => {
                    if let Some(rating) = position.rating_of(id)
                        && !r.counters.counts(id, rating)
                    {
                        out.push(problem(format!(
                            "the counter removed for this shortfall, `{id}`, is a {rating}; the requirement counts only its own kind of counter ({})",
                            r.counters
                        )).help("16.4 has the Japanese remove a counter of the kind the requirement names: name one of that kind in `removed`"));
                    }
                }
            }
        }
        out
    }

    /// L7: when the U.S. must trace, some active Beach Area has a hex; else no U.S. unit could
    /// trace a Line of Communications, and every one would be cut for want of a target. (An
    /// active area the map lacks is said on its own.)
    fn check_some_beach_hex(&self, map: &HexMap, out: &mut Vec<Diagnostic>) {
        if !self.loc.sides.contains(&Side::Us) {
            return;
        }
        let areas: Option<Vec<_>> = self.active_beaches.iter().map(|k| map.area(k)).collect();
        let Some(areas) = areas else { return };
        if areas.iter().any(|a| !a.hexes.is_empty()) {
            return;
        }
        let with_hexes: Vec<&str> = map
            .areas()
            .iter()
            .filter(|a| !a.hexes.is_empty())
            .map(|a| a.key.as_str())
            .collect();
        let named = if self.active_beaches.is_empty() {
            "no Beach Area is active".to_string()
        } else {
            format!(
                "the active Beach Areas ({}) have no hexes on this map",
                self.active_beaches.join(", ")
            )
        };
        out.push(
            Diagnostic::new(
                ErrorKind::Scenario,
                format!(
                    "no Beach Hex is active, so no U.S. unit can trace a Line of Communications (L7): {named}"
                ),
            )
            .key("scenario.active_beaches")
            .help(format!(
                "name an active Beach Area with hexes in `active_beaches` (the map's: {}), or, if the U.S. need not trace in this scenario, set `[scenario.loc] sides = []`",
                listed(with_hexes.into_iter())
            )),
        );
    }
}

/// The map has no area `key`: `why` it was wanted, then the map's areas.
fn no_area(map: &HexMap, key: &str, why: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Scenario,
        format!(
            "the map has no area `{key}`{why} (its areas: {})",
            listed(map.areas().iter().map(|a| a.key.as_str()))
        ),
    )
    .label(key)
}

/// A unit on the map at the end of the scenario.
///
/// Build one with [`Unit::new`], or let [`PositionBuilder`] parse labels and printed ratings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unit {
    /// Unique id (`US-7-17`, `J-16-9`).
    pub id: String,
    /// Whose.
    pub side: Side,
    /// Its strengths.
    pub rating: Rating,
    /// Where.
    pub hex: Hex,
    /// Whether it exerts a zone of control (default yes).
    pub zoc: bool,
}

impl Unit {
    /// A unit of `side` with this rating on `hex`, exerting a zone of control.
    ///
    /// ```
    /// use leyte_victory::{Rating, Side, Unit};
    /// let hex = hexmap::Hex::new(0, 0);
    /// let u = Unit::new("US-1", Side::Us, Rating::standard("4-6-5").unwrap(), hex);
    /// assert!(u.zoc);
    /// assert!(!u.without_zoc().zoc);
    /// ```
    pub fn new(id: impl Into<String>, side: Side, rating: Rating, hex: Hex) -> Unit {
        Unit {
            id: id.into(),
            side,
            rating,
            hex,
            zoc: true,
        }
    }

    /// The same unit, exerting no zone of control.
    pub fn without_zoc(mut self) -> Unit {
        self.zoc = false;
        self
    }
}

/// A unit no longer on the map: eliminated, or exited (with the hex it left by).
///
/// Build one with [`OffMapUnit::eliminated`] or [`OffMapUnit::exited`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OffMapUnit {
    /// Unique id.
    pub id: String,
    /// Whose.
    pub side: Side,
    /// Its strengths.
    pub rating: Rating,
    /// For an exited unit, the hex it left the map by.
    pub hex: Option<Hex>,
}

impl OffMapUnit {
    /// An eliminated unit (L4).
    ///
    /// ```
    /// use leyte_victory::{OffMapUnit, Rating, Side};
    /// let j = OffMapUnit::eliminated("J-1", Side::Japanese, Rating::standard("4-6-5").unwrap());
    /// assert_eq!((j.rating.vp(), j.hex), (10, None));
    /// ```
    pub fn eliminated(id: impl Into<String>, side: Side, rating: Rating) -> OffMapUnit {
        OffMapUnit {
            id: id.into(),
            side,
            rating,
            hex: None,
        }
    }

    /// A unit that left the map, by `hex` when known.
    pub fn exited(
        id: impl Into<String>,
        side: Side,
        rating: Rating,
        hex: Option<Hex>,
    ) -> OffMapUnit {
        OffMapUnit {
            id: id.into(),
            side,
            rating,
            hex,
        }
    }
}

/// An end-of-scenario position, checked against its map: every unit on a hex of the map, unit
/// ids unique (on the map, eliminated and exited together), no hex holding units of both sides.
///
/// Build one with [`PositionBuilder`] (printed labels and ratings) or [`Position::new`] (hexes
/// and [`Rating`]s); the empty position is [`Position::default`]. [`crate::score`] checks the
/// position against the map it is given again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub(crate) units: Vec<Unit>,
    pub(crate) eliminated: Vec<OffMapUnit>,
    pub(crate) exited: Vec<OffMapUnit>,
}

impl Position {
    /// Check units against `map` and make a position of them; every problem is reported, with
    /// its key path (`units[1].hex`, `eliminated[0].id`: the index in the lists given) and in
    /// the words a state file's reader uses for the same mistake (the same check).
    ///
    /// ```
    /// use leyte_victory::{OffMapUnit, Position, Rating, Side, Unit};
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "Nine hexes in a line"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [10, 10]
    /// # columns = [1, 9]
    /// # shifted = "even"
    /// # rows_grow = "north"
    /// # columns_grow = "east"
    /// # "#, None).unwrap();
    /// let rating = Rating::standard("4-6-5").unwrap();
    /// let position = Position::new(
    ///     &map,
    ///     vec![Unit::new("US-1", Side::Us, rating, map.parse("1002").unwrap())],
    ///     vec![OffMapUnit::eliminated("J-1", Side::Japanese, rating)],
    ///     vec![],
    /// )
    /// .unwrap();
    /// assert_eq!((position.units().len(), position.eliminated().len()), (1, 1));
    ///
    /// // Two units with one id:
    /// let twice = vec![
    ///     Unit::new("US-1", Side::Us, rating, map.parse("1002").unwrap()),
    ///     Unit::new("US-1", Side::Us, rating, map.parse("1003").unwrap()),
    /// ];
    /// assert!(Position::new(&map, twice, vec![], vec![]).is_err());
    /// ```
    pub fn new(
        map: &HexMap,
        units: Vec<Unit>,
        eliminated: Vec<OffMapUnit>,
        exited: Vec<OffMapUnit>,
    ) -> Result<Position, Error> {
        let position = Position {
            units,
            eliminated,
            exited,
        };
        let errors = position.check(map);
        if errors.is_empty() {
            Ok(position)
        } else {
            Err(Error::new(errors))
        }
    }

    /// Units on the map.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Eliminated units.
    pub fn eliminated(&self) -> &[OffMapUnit] {
        &self.eliminated
    }

    /// Units that left the map.
    pub fn exited(&self) -> &[OffMapUnit] {
        &self.exited
    }

    /// The rating of the unit `id` (on the map, eliminated or exited), if there is one.
    fn rating_of(&self, id: &str) -> Option<&Rating> {
        let on_map = self.units.iter().find(|u| u.id == id).map(|u| &u.rating);
        on_map.or_else(|| {
            (self.eliminated.iter().chain(&self.exited))
                .find(|u| u.id == id)
                .map(|u| &u.rating)
        })
    }

    /// The side of the unit `id` (on the map, eliminated or exited), if there is one.
    fn side_of(&self, id: &str) -> Option<Side> {
        let on_map = self.units.iter().find(|u| u.id == id).map(|u| u.side);
        on_map.or_else(|| {
            (self.eliminated.iter().chain(&self.exited))
                .find(|u| u.id == id)
                .map(|u| u.side)
        })
    }

    /// The units on the map as a [`hexmap::Position`] (for zones of control and tracing).
    pub fn on_map(&self, map: &HexMap) -> Result<hexmap::Position<Side>, hexmap::PositionErrors> {
        let units = self
            .units
            .iter()
            .map(|u| hexmap::Unit::new(u.id.clone(), u.side, u.hex).with_zoc(u.zoc))
            .collect();
        hexmap::Position::new(map, units)
    }

    /// Check the position against its map, every problem with its key path (`units[3].hex`,
    /// `eliminated[0].id`: the index in the position's own lists): no more units than
    /// [`crate::limits::MAX_UNITS`] (checked first, alone), unique ids (on the map, eliminated
    /// and exited together), strengths within [`crate::limits::MAX_STRENGTH`], units and the
    /// hexes exited units left by on the map, no hex with units of both sides. Every problem is
    /// returned. What [`crate::score`] checks; a state read from TOML is checked by this same
    /// check.
    pub(crate) fn check(&self, map: &HexMap) -> Vec<Diagnostic> {
        let lists = [
            ("units", self.units.len()),
            ("eliminated", self.eliminated.len()),
            ("exited", self.exited.len()),
        ];
        if let Some(d) = units_limit(lists) {
            return vec![d];
        }
        let mut out = Vec::new();
        self.id_problems(&mut out);
        let mut sides: BTreeMap<Hex, (Side, &str)> = BTreeMap::new();
        for (i, u) in self.units.iter().enumerate() {
            strength_problems(&u.id, &u.rating, ("units", i), &mut out);
            if !map.contains(u.hex) {
                out.push(crate::labels::off_map(map, u.hex).key(format!("units[{i}].hex")));
                continue;
            }
            match sides.entry(u.hex) {
                Entry::Occupied(e) if e.get().0 != u.side => {
                    let (s, other) = e.get();
                    let label = map.label_text(u.hex);
                    out.push(
                        Diagnostic::new(
                            ErrorKind::TwoSidesInHex,
                            format!(
                                "hex {label} holds units of both sides: {other} ({}) and {} ({})",
                                s.key(),
                                u.id,
                                u.side.key()
                            ),
                        )
                        .key(format!("units[{i}].hex"))
                        .label(label),
                    );
                }
                Entry::Occupied(_) => {}
                Entry::Vacant(e) => {
                    e.insert((u.side, u.id.as_str()));
                }
            }
        }
        for (table, list) in [("eliminated", &self.eliminated), ("exited", &self.exited)] {
            for (i, u) in list.iter().enumerate() {
                strength_problems(&u.id, &u.rating, (table, i), &mut out);
                if let Some(hex) = u.hex.filter(|h| !map.contains(*h)) {
                    out.push(crate::labels::off_map(map, hex).key(format!("{table}[{i}].hex")));
                }
            }
        }
        out
    }

    /// Every unit id used a second time (on the map, eliminated and exited together), said at
    /// the second use with the key of the first.
    fn id_problems(&self, out: &mut Vec<Diagnostic>) {
        fn indexed<'a>(
            table: &'static str,
            ids: impl Iterator<Item = &'a str>,
        ) -> impl Iterator<Item = (&'static str, usize, &'a str)> {
            ids.enumerate().map(move |(i, id)| (table, i, id))
        }
        let all = indexed("units", self.units.iter().map(|u| u.id.as_str()))
            .chain(indexed(
                "eliminated",
                self.eliminated.iter().map(|u| u.id.as_str()),
            ))
            .chain(indexed("exited", self.exited.iter().map(|u| u.id.as_str())));
        let mut first: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
        for (table, i, id) in all {
            match first.entry(id) {
                Entry::Occupied(e) => {
                    let (t, j) = e.get();
                    out.push(
                        Diagnostic::new(
                            ErrorKind::DuplicateUnit,
                            format!("unit id `{id}` is used twice (first at `{t}[{j}]`)"),
                        )
                        .key(format!("{table}[{i}].id"))
                        .label(id),
                    );
                }
                Entry::Vacant(e) => {
                    e.insert((table, i));
                }
            }
        }
    }
}

/// More units than [`crate::limits::MAX_UNITS`] (on the map, eliminated and exited together),
/// given how many each list holds, in that order (`units`, `eliminated`, `exited`): keyed at the
/// first unit beyond the limit (`eliminated[9000]`), and checked before anything is sized by
/// the count (by the TOML reader before it parses the file).
pub(crate) fn units_limit(lists: [(&str, usize); 3]) -> Option<Diagnostic> {
    let max = crate::limits::MAX_UNITS;
    let total = lists
        .iter()
        .fold(0usize, |sum, (_, n)| sum.saturating_add(*n));
    if total <= max {
        return None;
    }
    // The list the count overflows in, and the index of the first unit beyond the limit.
    let mut before = 0usize;
    let mut at = String::from("units");
    for (list, n) in lists {
        if before.saturating_add(n) > max {
            at = format!("{list}[{}]", max - before);
            break;
        }
        before = before.saturating_add(n);
    }
    Some(
        Diagnostic::new(
            ErrorKind::Limit,
            format!(
                "the number of units (on the map, eliminated and exited) is {total}; the engine allows at most {max}"
            ),
        )
        .key(at),
    )
}

/// Every combat strength of unit `id` (`units[i]`, as `(table, i)`) beyond
/// [`crate::limits::MAX_STRENGTH`], at `units[i].attack` (`defense`, `barrage`,
/// `final_protective_fire`): a unit's value (L3) stays exact.
fn strength_problems(
    id: &str,
    rating: &Rating,
    (table, i): (&str, usize),
    out: &mut Vec<Diagnostic>,
) {
    let strengths = match *rating {
        Rating::Standard {
            attack, defense, ..
        } => [("attack", attack), ("defense", defense), ("", 0)],
        Rating::Artillery {
            barrage,
            final_protective_fire,
            defense,
            ..
        } => [
            ("barrage", barrage),
            ("final_protective_fire", final_protective_fire),
            ("defense", defense),
        ],
    };
    let max = crate::limits::MAX_STRENGTH;
    for (name, value) in strengths.into_iter().filter(|(_, v)| *v > max) {
        out.push(
            Diagnostic::new(
                ErrorKind::Limit,
                format!("`{name}` of unit `{id}` is {value}; the engine allows at most {max}"),
            )
            .key(format!("{table}[{i}].{name}")),
        );
    }
}

/// The hex a unit stands on when its label could not be read (the reader and
/// [`PositionBuilder`] say why, and the position is refused): on no map, since its printed
/// offset overflows, so the position's check sees its id but never its hex as anyone's.
pub(crate) const NOWHERE: Hex = Hex::new(i32::MIN, i32::MIN);

/// The rating of a unit whose rating could not be read (the reader and [`PositionBuilder`]
/// say why, and the position is refused): no strength, so the check sees its id and hex but
/// finds nothing in its rating.
pub(crate) const UNREAD: Rating = Rating::Standard {
    attack: 0,
    defense: 0,
    movement: None,
};

/// Builds a [`Position`] from printed labels and rating strings, checking everything at once.
///
/// ```
/// use leyte_victory::{ErrorKind, PositionBuilder, Side};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # "#, None).unwrap();
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1002")
///     .artillery("US-A", Side::Us, "6-4-2-3", "1003")
///     .eliminated("J-9", Side::Japanese, "4-6-5")
///     .exited("US-X", Side::Us, "3-2-5", "1009")
///     .build()
///     .unwrap();
/// assert_eq!(position.units().len(), 2);
/// assert_eq!(position.units()[1].rating.vp(), 12); // 6 + 4 + 2
/// assert_eq!((position.eliminated().len(), position.exited().len()), (1, 1));
///
/// // Every problem at once: a rating with two numbers, a hex off the map.
/// let err = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6", "1002")
///     .unit("US-2", Side::Us, "4-6-5", "2002")
///     .build()
///     .unwrap_err();
/// let kinds: Vec<ErrorKind> = err.diagnostics().iter().map(|d| d.kind).collect();
/// assert_eq!(kinds, [ErrorKind::Rating, ErrorKind::Hex]);
/// ```
#[derive(Debug)]
pub struct PositionBuilder<'m> {
    map: &'m HexMap,
    units: Vec<Given>,
}

/// One unit as given to a [`PositionBuilder`], read when it builds.
#[derive(Debug)]
struct Given {
    id: String,
    side: Side,
    artillery: bool,
    rating: String,
    /// Its hex on the map, or the hex it exited by; `None` for an eliminated unit.
    hex: Option<String>,
    exited: bool,
}

impl Given {
    /// A non-artillery unit, eliminated (the calls say where else it is).
    fn new(id: &str, side: Side, rating: &str) -> Given {
        Given {
            id: id.into(),
            side,
            artillery: false,
            rating: rating.into(),
            hex: None,
            exited: false,
        }
    }
}

impl<'m> PositionBuilder<'m> {
    /// A builder for a position on `map`.
    pub fn new(map: &'m HexMap) -> Self {
        PositionBuilder {
            map,
            units: Vec::new(),
        }
    }

    /// A non-artillery unit on the map (`rating` as printed, `4-6-5`), exerting a ZOC.
    pub fn unit(mut self, id: &str, side: Side, rating: &str, hex: &str) -> Self {
        self.units.push(Given {
            hex: Some(hex.into()),
            ..Given::new(id, side, rating)
        });
        self
    }

    /// An artillery unit on the map (`barrage-FPF-defense-movement`).
    pub fn artillery(mut self, id: &str, side: Side, rating: &str, hex: &str) -> Self {
        self.units.push(Given {
            artillery: true,
            hex: Some(hex.into()),
            ..Given::new(id, side, rating)
        });
        self
    }

    /// An eliminated non-artillery unit.
    pub fn eliminated(mut self, id: &str, side: Side, rating: &str) -> Self {
        self.units.push(Given::new(id, side, rating));
        self
    }

    /// A non-artillery unit that left the map by `hex`.
    pub fn exited(mut self, id: &str, side: Side, rating: &str, hex: &str) -> Self {
        self.units.push(Given {
            hex: Some(hex.into()),
            exited: true,
            ..Given::new(id, side, rating)
        });
        self
    }

    /// Check and build; every problem is reported, with the key of the unit among those given
    /// of its kind (`units[1].hex`: the second unit given on the map; `eliminated[0].rating`),
    /// in the words a state file's reader uses for the same mistake.
    pub fn build(self) -> Result<Position, Error> {
        let mut errors = Vec::new();
        // Where a stand-in went in for a label that is not a label: the check says no more there.
        let mut broken = BTreeSet::new();
        let mut position = Position::default();
        for Given {
            id,
            side,
            artillery,
            rating,
            hex,
            exited,
        } in self.units
        {
            let (table, i) = match (&hex, exited) {
                (_, true) => ("exited", position.exited.len()),
                (Some(_), false) => ("units", position.units.len()),
                (None, false) => ("eliminated", position.eliminated.len()),
            };
            let key = format!("{table}[{i}]");
            let parsed = if artillery {
                Rating::artillery(&rating)
            } else {
                Rating::standard(&rating)
            };
            let rating = parsed.unwrap_or_else(|e| {
                errors.push(
                    Diagnostic::new(ErrorKind::Rating, e.to_string())
                        .key(format!("{key}.rating"))
                        .label(&id),
                );
                UNREAD
            });
            let hex = hex.map(|text| {
                crate::labels::hex_of_label(self.map, &text).unwrap_or_else(|problem| {
                    let at = format!("{key}.hex");
                    errors.push(
                        crate::labels::label_problem(ErrorKind::Hex, &text, &problem).key(&at),
                    );
                    broken.insert(at);
                    NOWHERE
                })
            });
            match (hex, exited) {
                (Some(hex), false) => position.units.push(Unit::new(id, side, rating, hex)),
                (hex, true) => position
                    .exited
                    .push(OffMapUnit::exited(id, side, rating, hex)),
                (None, false) => position
                    .eliminated
                    .push(OffMapUnit::eliminated(id, side, rating)),
            }
        }
        let checked = position.check(self.map).into_iter();
        errors.extend(checked.filter(|d| d.key.as_ref().is_none_or(|k| !broken.contains(k))));
        if errors.is_empty() {
            Ok(position)
        } else {
            Err(Error::new(errors))
        }
    }
}
