//! The TOML state format (see `docs/fixture-format.md`) and its reader.
//!
//! A state file declares `game = "leyte"`, its map (a path relative to the file, resolved by the
//! caller's [`Resolver`], or an inline `[map]` table), the scenario's victory conditions and the
//! end-of-scenario position. [`State::from_toml_str`] checks everything and reports every
//! problem with file, key, label, line and column.
//!
//! Reading is spec -> model -> one check: serde reads the shape
//! ([`wargame_kit::read_toml`]); each section is converted to the model by a function of
//! its own (`scenario`, `objective`, `exit`, `exit_requirement`, `loc`, `units`,
//! `off_map_units`; `rules` for the rules options), which says only what the model cannot hold
//! (a label that is not a label, a rating that does not parse, a unit without its `hex`, an
//! objective or exit `vp` of the wrong form, `game`, the map reference); then the model's own
//! check, the one a scenario and position built in code get ([`Scenario`], [`Position`]),
//! finds everything else, each problem located by its key path (`units[3].hex`). A label of the
//! map's numbering that names a hex off the map (beyond the extents, or a hole) reaches the
//! model as that hex, so the check says "off the map" in the same words for a file and for
//! code. Defaults are the model's ([`LocRules::default`], [`Unit::new`], [`ExitAward::new`],
//! [`ExitRequirement::new`] and [`ExitRequirement::DEFAULT_UNITS`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use hexmap::{Hex, HexMap, MapSpec};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use toml::Spanned;
use wargame_kit::Source;
use wargame_kit::internal::Collector;
use wargame_kit::options::RulesTable;
use wargame_kit::resolve::Resolver;

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::model::{
    ExitAward, ExitCounters, ExitRequirement, ExitValue, LocRules, NOWHERE, Objective, OffMapUnit,
    Position, Scenario, UNREAD, Unit,
};
use crate::unit::{Rating, Side};

/// The value of `game` in a Leyte state file.
pub const GAME: &str = "leyte";

/// A whole state file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct StateSpec {
    /// Always `"leyte"`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub game: Spanned<String>,
    /// A note for people.
    #[serde(default)]
    pub note: Option<String>,
    /// A path to a map file (relative to this file) or an inline map table.
    #[cfg_attr(feature = "schema", schemars(with = "MapRef"))]
    pub map: Spanned<MapRef>,
    /// The scenario's victory conditions.
    pub scenario: ScenarioSpec,
    /// Units on the map at the end.
    #[serde(default)]
    pub units: Vec<UnitSpec>,
    /// Eliminated units.
    #[serde(default)]
    pub eliminated: Vec<UnitSpec>,
    /// Units that left the map (with `hex` = the hex they left by).
    #[serde(default)]
    pub exited: Vec<UnitSpec>,
    /// Rules options: readings of ambiguous text (`victory rules leyte` lists them), read
    /// through [`crate::options::RULE_OPTIONS`].
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(schema_with = "rules_schema"))]
    pub rules: Option<RulesTable>,
    /// What the file pins of its own report, for regression suites (`victory test`,
    /// `docs/suites.md`); scoring ignores it ([`crate::expect`]).
    #[serde(default)]
    #[allow(dead_code)] // read so that the key is accepted; nothing else reads it
    pub expect: Option<crate::expect::ExpectSpec>,
}

/// The schema of `[rules]`, from the options registry.
#[cfg(feature = "schema")]
fn rules_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::options::RULE_OPTIONS.schema()
}

/// `map = "path"` or `[map]` inline.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(untagged))]
#[non_exhaustive]
pub enum MapRef {
    /// A path relative to the state file.
    Path(String),
    /// A map inlined in the state file.
    Inline(Box<MapSpec>),
}

impl<'de> Deserialize<'de> for MapRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = MapRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a path to a map file, or an inline map table")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MapRef, E> {
                Ok(MapRef::Path(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<MapRef, A::Error> {
                MapSpec::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|m| MapRef::Inline(Box::new(m)))
            }
        }
        d.deserialize_any(V)
    }
}

/// `[scenario]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ScenarioSpec {
    /// Name.
    pub name: String,
    /// A note (shown nowhere; for people reading the file).
    #[serde(default)]
    #[allow(dead_code)] // read so that the key is accepted; nothing else reads it
    pub note: Option<String>,
    /// Keys of the active Beach Areas (`northern-beach`, `eastern-beach`, `southern-beach`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub active_beaches: Vec<Spanned<String>>,
    /// Territorial objectives.
    #[serde(default)]
    pub objectives: Vec<ObjectiveSpec>,
    /// Exit awards.
    #[serde(default)]
    pub exits: Vec<ExitSpec>,
    /// Exit requirements.
    #[serde(default)]
    pub exit_requirements: Vec<ExitRequirementSpec>,
    /// Line of Communications rules.
    #[serde(default)]
    pub loc: Option<LocSpec>,
}

/// `[[scenario.objectives]]`: `vp` + `hexes` (occupy one of them), or `vp_per_unit` +
/// `near_feature` (each unit on or adjacent to such a hex).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ObjectiveSpec {
    /// Name.
    pub name: String,
    /// Who scores it.
    pub side: Side,
    /// VP for occupying.
    #[serde(default)]
    pub vp: Option<u32>,
    /// VP per unit near a feature.
    #[serde(default)]
    pub vp_per_unit: Option<u32>,
    /// The hex or hexes to occupy.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub hexes: Vec<Spanned<String>>,
    /// The map feature whose hexes count (on or adjacent).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub near_feature: Option<Spanned<String>>,
    /// Shown with the objective (e.g. "placeholder amount").
    #[serde(default)]
    pub note: Option<String>,
}

/// `[[scenario.exits]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ExitSpec {
    /// Whose units.
    pub side: Side,
    /// Through which hexes (empty: any).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub hexes: Vec<Spanned<String>>,
    /// `"unit-value"` or a number.
    #[cfg_attr(feature = "schema", schemars(with = "serde_json_value::Value"))]
    pub vp: Spanned<toml::Value>,
    /// Who scores (default: `side`).
    #[serde(default)]
    pub scorer: Option<Side>,
}

#[cfg(feature = "schema")]
mod serde_json_value {
    /// `"unit-value"` or a whole number.
    #[derive(schemars::JsonSchema)]
    #[schemars(untagged)]
    #[allow(dead_code)]
    pub enum Value {
        /// `"unit-value"`.
        Text(String),
        /// A number.
        Number(u32),
    }
}

/// `[[scenario.exit_requirements]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ExitRequirementSpec {
    /// Whose units must exit.
    pub side: Side,
    /// Through which hexes (empty: any).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub hexes: Vec<Spanned<String>>,
    /// How many (default 1: [`ExitRequirement::DEFAULT_UNITS`]).
    #[serde(default = "default_units")]
    pub units: u32,
    /// VP for the shortfall.
    pub vp: u32,
    /// Who scores (default: the other side).
    #[serde(default)]
    pub scorer: Option<Side>,
    /// Shown with the award.
    #[serde(default)]
    pub note: Option<String>,
    /// The id of the counter removed for the shortfall and scored as destroyed (16.4; ruling
    /// L-15): when it is among the `[[eliminated]]`, its elimination pays the shortfall and
    /// `vp` does not.
    #[serde(default)]
    pub removed: Option<String>,
    /// Which counters count, by rating (16.4: `"3-2-5"`; four numbers for artillery): others
    /// that exit do not meet the requirement, and `removed` must be one. Not with `ids`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub rating: Option<Spanned<String>>,
    /// Which counters count, by id: others that exit do not meet the requirement, and
    /// `removed` must be one. Not with `rating`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub ids: Option<Spanned<Vec<String>>>,
}

fn default_units() -> u32 {
    ExitRequirement::DEFAULT_UNITS
}

/// `[scenario.loc]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct LocSpec {
    /// Sides that must trace (default `["us"]`).
    #[serde(default)]
    pub sides: Option<Vec<Side>>,
    /// Hexes of any terrain first (default 3, at most [`hexmap::limits::MAX_BUDGET`]).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub free_hexes: Option<Spanned<u32>>,
    /// The older place of the rules option `target` (its values as in `[rules]`), still read;
    /// `[rules] target` wins.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub target: Option<Spanned<String>>,
    /// Japanese LOC targets, if the Japanese trace.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub japanese_targets: Vec<Spanned<String>>,
}

/// `[[units]]`, `[[eliminated]]`, `[[exited]]`: `rating = "4-6-5"` (attack-defense-movement) or,
/// with `artillery = true`, `rating = "6-4-2-3"` (barrage-FPF-defense-movement); or the
/// strengths by name.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct UnitSpec {
    /// Unique id.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub id: Spanned<String>,
    /// `us` or `japanese`.
    pub side: Side,
    /// Rating as printed.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub rating: Option<Spanned<String>>,
    /// An artillery unit.
    #[serde(default)]
    pub artillery: bool,
    /// Attack Strength.
    #[serde(default)]
    pub attack: Option<u32>,
    /// Defense Strength.
    #[serde(default)]
    pub defense: Option<u32>,
    /// Movement Allowance.
    #[serde(default)]
    pub movement: Option<u32>,
    /// Barrage Strength (artillery).
    #[serde(default)]
    pub barrage: Option<u32>,
    /// Final Protective Fire Strength (artillery).
    #[serde(default)]
    pub final_protective_fire: Option<u32>,
    /// Hex (on the map; for exited units the hex it left by).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub hex: Option<Spanned<String>>,
    /// Whether it exerts a ZOC (default true).
    #[serde(default)]
    pub zoc: Option<bool>,
    /// Name for people.
    #[serde(default)]
    #[allow(dead_code)] // read so that the key is accepted; nothing else reads it
    pub name: Option<String>,
}

/// A loaded state: its map, scenario and position, all checked against each other by
/// [`State::from_toml_str`].
///
/// ```
/// use wargame_kit::resolve::NoResolver;
/// use leyte_victory::State;
/// let state = State::from_toml_str(r#"
/// game = "leyte"
/// note = "a tiny game"
/// map = { name = "Three hexes", layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 3], shifted = "even", rows_grow = "north", columns_grow = "east" }, areas = { northern-beach = { name = "Northern Beach Area", hexes = ["1003"] }, eastern-beach = { name = "Eastern Beach Area", hexes = [] } } }
/// [scenario]
/// name = "Test"
/// active_beaches = []
/// loc = { sides = [] }
/// [[units]]
/// id = "J-1"
/// side = "japanese"
/// rating = "1-1-4"
/// hex = "1002"
/// "#, Some("tiny.toml"), &NoResolver).unwrap();
/// assert_eq!(state.map().name(), "Three hexes");
/// assert_eq!(state.position().units()[0].id, "J-1");
/// assert_eq!((state.note(), state.file()), (Some("a tiny game"), Some("tiny.toml")));
/// let report = state.score().unwrap();
/// let (map, scenario, position) = state.into_parts();
/// assert_eq!(report, leyte_victory::score(&map, &scenario, &position).unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) map: Arc<HexMap>,
    pub(crate) scenario: Scenario,
    pub(crate) position: Position,
    pub(crate) note: Option<String>,
    pub(crate) file: Option<String>,
}

impl State {
    /// Read a state from TOML text. `name` (a path) names the file in diagnostics and is what a
    /// map path is relative to; `resolver` loads the referenced map (the crate itself reads no
    /// files).
    ///
    /// Every problem is reported at once, with file, key, label, line and column.
    ///
    /// ```
    /// use wargame_kit::resolve::MemoryResolver;
    /// use leyte_victory::{ErrorKind, Side, State};
    ///
    /// // The map file the state refers to, served from memory (an `FsResolver` reads it from disk).
    /// let maps = MemoryResolver::default().with("line.toml", r#"
    /// name = "Nine hexes in a line"
    /// [layout]
    /// orientation = "pointy"
    /// label = "row-column"
    /// rows = [10, 10]
    /// columns = [1, 9]
    /// shifted = "even"
    /// rows_grow = "north"
    /// columns_grow = "east"
    /// [areas.northern-beach]
    /// name = "Northern Beach Area"
    /// hexes = ["1009"]
    /// [areas.eastern-beach]
    /// name = "Eastern Beach Area"
    /// hexes = []
    /// [hexsides]
    /// roads = [["1006", "1007", "1008", "1009"]]
    /// "#);
    /// let text = r#"
    /// game = "leyte"
    /// map = "line.toml"
    /// [scenario]
    /// name = "Example"
    /// active_beaches = ["northern-beach"]
    /// [[units]]
    /// id = "US-1"
    /// side = "us"
    /// rating = "4-6-5"
    /// hex = "1002"
    /// "#;
    /// let state = State::from_toml_str(text, Some("example.toml"), &maps).unwrap();
    /// assert_eq!(state.scenario().active_beaches, ["northern-beach"]);
    /// assert_eq!(state.position().units()[0].side, Side::Us);
    ///
    /// // A unit off the map and an unknown beach area, both reported, with their lines.
    /// let broken = text.replace("\"1002\"", "\"1202\"").replace("[\"northern-beach\"]", "[\"north\"]");
    /// let err = State::from_toml_str(&broken, Some("example.toml"), &maps).unwrap_err();
    /// let kinds: Vec<ErrorKind> = err.diagnostics().iter().map(|d| d.kind).collect();
    /// assert_eq!(kinds, [ErrorKind::Scenario, ErrorKind::Hex]);
    /// assert!(err.to_string().contains("example.toml:"));
    /// ```
    pub fn from_toml_str(
        text: &str,
        name: Option<&str>,
        resolver: &dyn Resolver,
    ) -> Result<State, Error> {
        read(text, name, resolver, None)
    }

    /// [`State::from_toml_str`], taking a referenced map from `maps` when a state read before
    /// referred to the same map file (the same name from the resolver and the same text), and
    /// keeping a map built here for the next: many states on one map build it once, from one
    /// thread or many.
    ///
    /// ```
    /// use wargame_kit::resolve::MemoryResolver;
    /// use leyte_victory::{MapCache, State};
    ///
    /// let maps = MemoryResolver::default().with("line.toml", r#"
    /// name = "Nine hexes in a line"
    /// [layout]
    /// orientation = "pointy"
    /// label = "row-column"
    /// rows = [10, 10]
    /// columns = [1, 9]
    /// shifted = "even"
    /// rows_grow = "north"
    /// columns_grow = "east"
    /// [areas.northern-beach]
    /// name = "Northern Beach Area"
    /// hexes = ["1009"]
    /// [areas.eastern-beach]
    /// name = "Eastern Beach Area"
    /// hexes = []
    /// "#);
    /// let state = |unit_hex: &str| format!(r#"
    /// game = "leyte"
    /// map = "line.toml"
    /// [scenario]
    /// name = "Example"
    /// active_beaches = ["northern-beach"]
    /// [[units]]
    /// id = "US-1"
    /// side = "us"
    /// rating = "4-6-5"
    /// hex = "{unit_hex}"
    /// "#);
    /// let cache = MapCache::default();
    /// let a = State::from_toml_str_cached(&state("1008"), Some("a.toml"), &maps, &cache).unwrap();
    /// let b = State::from_toml_str_cached(&state("1001"), Some("b.toml"), &maps, &cache).unwrap();
    /// assert_eq!(cache.len(), 1); // one map, built once
    /// assert!(std::ptr::eq(a.map(), b.map()));
    /// assert_eq!(a.score().unwrap().japanese.total, 0);
    /// assert_eq!(b.score().unwrap().japanese.total, 10); // cut
    /// ```
    pub fn from_toml_str_cached(
        text: &str,
        name: Option<&str>,
        resolver: &dyn Resolver,
        maps: &MapCache,
    ) -> Result<State, Error> {
        read(text, name, resolver, Some(maps))
    }

    /// The map.
    pub fn map(&self) -> &HexMap {
        &self.map
    }

    /// The scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// A note from the file.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The name the state was read under (its file), as given to [`State::from_toml_str`].
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// Choose a rules option over the file's `[rules]` ([`crate::options::Rules::set`]).
    pub fn set_rule(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.scenario.rules.set(key, value)
    }

    /// Score it: [`crate::score`]'s report on its map, scenario and position. A state was
    /// checked when it was read, and is not checked again.
    pub fn score(&self) -> Result<crate::Report, Error> {
        crate::scorer::score_checked(&self.map, &self.scenario, &self.position)
    }

    /// What [`crate::score`] would check before scoring it: every problem it would report (the
    /// scenario against the map, such as a beach bonus area the map lacks), or `Ok`. A state is
    /// checked once, when it is read: [`State::from_toml_str`] refuses one that would not pass,
    /// and nothing after changes what the check reads ([`State::set_rule`] chooses rules
    /// options only). So a `State` is always `Ok`, and this checks nothing again (nor prepares
    /// the Line of Communications rules).
    ///
    /// ```
    /// use wargame_kit::resolve::NoResolver;
    /// use leyte_victory::State;
    /// let text = r#"
    /// game = "leyte"
    /// map = { name = "Line", layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }, areas = { northern-beach = { name = "Northern Beach Area", hexes = ["1009"] } } }
    /// [scenario]
    /// name = "Example"
    /// active_beaches = ["northern-beach"]
    /// "#;
    /// // The map has no Eastern Beach Area, which the beach bonus (L6) names: the state is refused
    /// // where it names its map.
    /// let err = State::from_toml_str(text, Some("example.toml"), &NoResolver).unwrap_err();
    /// assert_eq!(err.diagnostics()[0].key.as_deref(), Some("map"));
    /// assert_eq!(err.diagnostics()[0].location.map(|l| l.line), Some(3));
    /// // With both areas it loads, and `check` (what scoring checks first) passes.
    /// let text = text.replace("hexes = [\"1009\"] }", "hexes = [\"1009\"] }, eastern-beach = { name = \"E\", hexes = [\"1008\"] }");
    /// let state = State::from_toml_str(&text, None, &NoResolver).unwrap();
    /// assert!(state.check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        Ok(())
    }

    /// A state from a map, a scenario and a position built in code, checked against each
    /// other as [`State::from_toml_str`] checks a state read (what [`score`](crate::score)
    /// checks first); it has no note and no file name. The inverse of [`State::into_parts`].
    ///
    /// # Example
    ///
    /// ```
    /// use leyte_victory::hexmap::{Compass, Layout, MapBuilder, Orientation, Parity};
    /// use leyte_victory::{PositionBuilder, Scenario, Side, State, beach, explain};
    ///
    /// let layout = Layout::row_column(Orientation::Pointy, 10..=11, 1..=9)
    ///     .with_shifted(Parity::Even)
    ///     .with_growth(Compass::North, Compass::East);
    /// let map = MapBuilder::new("Corridor", layout)
    ///     .road(["1006", "1007", "1008", "1009"])
    ///     .area(beach::NORTHERN, "Northern Beach Area", ["1009"])
    ///     .area(beach::EASTERN, "Eastern Beach Area", ["1109"])
    ///     .build()
    ///     .unwrap();
    /// let scenario = Scenario::new("Example", &[beach::NORTHERN]);
    /// let position = PositionBuilder::new(&map)
    ///     .unit("US-1", Side::Us, "4-6-5", "1001") // four hexes off the road
    ///     .build()
    ///     .unwrap();
    /// let state = State::new(map, scenario, position).unwrap();
    /// assert_eq!(state.score().unwrap().japanese.total, 10); // cut (L9): 4 + 6 (L3)
    /// assert_eq!(explain(&state, "US-1").unwrap().rules(), ["L8", "L9"]);
    /// ```
    pub fn new(map: HexMap, scenario: Scenario, position: Position) -> Result<State, Error> {
        crate::board::validate(&map, &scenario, &position)?;
        Ok(State {
            map: Arc::new(map),
            scenario,
            position,
            note: None,
            file: None,
        })
    }

    /// The map, the scenario and the position, by value.
    pub fn into_parts(self) -> (HexMap, Scenario, Position) {
        (Arc::unwrap_or_clone(self.map), self.scenario, self.position)
    }
}

/// What reading a state keeps: the problems found, located, and the keys where a stand-in
/// went into the model for a value that could not be read (said where it was found), about
/// which the model's check then says nothing more.
struct Reader<'a, 'm> {
    c: Collector<'a, ErrorKind>,
    map: &'m HexMap,
    broken: BTreeSet<String>,
}

impl<'a, 'm> Reader<'a, 'm> {
    fn new(source: Source<'a>, map: &'m HexMap) -> Self {
        Reader {
            c: Collector::new(source),
            map,
            broken: BTreeSet::new(),
        }
    }

    fn push(
        &mut self,
        kind: ErrorKind,
        message: String,
        key: &str,
        label: Option<&str>,
        span: Option<Range<usize>>,
    ) {
        let mut d = Diagnostic::new(kind, message).key(key);
        if let Some(l) = label {
            d = d.label(l);
        }
        self.c.push(d, span);
    }

    /// The model's check's problems, each located by its key path; the beach bonus's, which a
    /// state file does not write (the rules' own, L6), where the state names its map.
    fn located(&mut self, problems: Vec<Diagnostic>, map: &Spanned<MapRef>) {
        for mut d in problems {
            let key = d.key.clone().unwrap_or_default();
            if self.broken.contains(&key) {
                continue;
            }
            let span = if key.starts_with("scenario.beach_bonus") {
                d.key = Some("map".to_string());
                Some(map.span())
            } else {
                None
            };
            self.c.push(d, span);
        }
    }

    /// The hex a label names, on the map or not (the check says whether it is); a label that
    /// is not one of the map's is said here, and [`NOWHERE`] stands in.
    fn hex(&mut self, s: &Spanned<String>, key: &str) -> Hex {
        match crate::labels::hex_of_label(self.map, s.get_ref()) {
            Ok(h) => h,
            Err(problem) => {
                let d = crate::labels::label_problem(ErrorKind::Hex, s.get_ref(), &problem);
                self.c.push(d.key(key), Some(s.span()));
                self.broken.insert(key.to_string());
                NOWHERE
            }
        }
    }

    fn hexes(&mut self, list: &[Spanned<String>], key: &str) -> Vec<Hex> {
        list.iter()
            .enumerate()
            .map(|(i, s)| self.hex(s, &format!("{key}[{i}]")))
            .collect()
    }

    /// Which counters an exit requirement at `key` counts (`rating` or `ids`, not both; ids
    /// not an empty list); what cannot be read is said here, and `None` (any) stands in.
    fn exit_counters(&mut self, e: &ExitRequirementSpec, key: &str) -> Option<ExitCounters> {
        let ids_problem = match (&e.rating, &e.ids) {
            (Some(_), Some(ids)) => Some((
                ids,
                "give either `rating` or `ids` (which counters count), not both",
            )),
            (None, Some(ids)) if ids.get_ref().is_empty() => Some((
                ids,
                "`ids` names no counter: leave it out for any unit of the side",
            )),
            _ => None,
        };
        if let Some((ids, message)) = ids_problem {
            self.push(
                ErrorKind::Scenario,
                message.to_string(),
                &format!("{key}.ids"),
                None,
                Some(ids.span()),
            );
            return None;
        }
        let Some(text) = &e.rating else {
            return (e.ids.as_ref()).map(|ids| ExitCounters::Ids(ids.get_ref().clone()));
        };
        let artillery = text.get_ref().split('-').count() == 4;
        let parsed = if artillery {
            Rating::artillery(text.get_ref())
        } else {
            Rating::standard(text.get_ref())
        };
        match parsed {
            Ok(rating) => Some(ExitCounters::Rating(rating)),
            Err(problem) => {
                self.push(
                    ErrorKind::Rating,
                    problem.to_string(),
                    &format!("{key}.rating"),
                    None,
                    Some(text.span()),
                );
                None
            }
        }
    }

    /// A unit's rating: `rating` as printed, or the strengths by name (their limits are the
    /// model's check's); what cannot be read is said here, and [`UNREAD`] stands in.
    fn rating(&mut self, u: &UnitSpec, key: &str) -> Rating {
        let id = u.id.get_ref().as_str();
        let named = [u.attack, u.barrage, u.final_protective_fire, u.defense]
            .iter()
            .any(Option::is_some);
        let result = match (&u.rating, named) {
            (Some(r), false) => {
                let parsed = if u.artillery { Rating::artillery(r.get_ref()) } else { Rating::standard(r.get_ref()) };
                match parsed {
                    Ok(x) => Ok(x),
                    Err(e) => {
                        self.push(ErrorKind::Rating, e.to_string(), &format!("{key}.rating"), Some(id), Some(r.span()));
                        return UNREAD;
                    }
                }
            }
            (Some(_), true) => Err("give either `rating` or the strengths by name, not both".to_string()),
            (None, _) if u.artillery => match (u.barrage, u.final_protective_fire, u.defense) {
                (Some(b), Some(f), Some(d)) if u.attack.is_none() => Ok(Rating::Artillery {
                    barrage: b,
                    final_protective_fire: f,
                    defense: d,
                    movement: u.movement,
                }),
                _ => Err("an artillery unit needs `barrage`, `final_protective_fire` and `defense` (and no `attack`), or `rating = \"B-F-D-M\"`".to_string()),
            },
            (None, _) => match (u.attack, u.defense) {
                (Some(a), Some(d)) if u.barrage.is_none() && u.final_protective_fire.is_none() => Ok(Rating::Standard {
                    attack: a,
                    defense: d,
                    movement: u.movement,
                }),
                _ => Err("a unit needs `rating = \"A-D-M\"` or `attack` and `defense` (barrage and final protective fire only with `artillery = true`)".to_string()),
            },
        };
        result.unwrap_or_else(|m| {
            self.push(ErrorKind::Rating, m, key, Some(id), Some(u.id.span()));
            UNREAD
        })
    }
}

/// Rules options: `[rules]`, and the older `[scenario.loc] target` (still read; `[rules]` wins),
/// both through the options registry.
fn rules(spec: &StateSpec, scenario: &mut Scenario, c: &mut Collector<'_, ErrorKind>) {
    let options = &crate::options::RULE_OPTIONS;
    if let Some(old) = spec.scenario.loc.as_ref().and_then(|l| l.target.as_ref()) {
        scenario.key_notes.push(
            "`[scenario.loc] target` is read as the rules option `target`; write it as `[rules] target` (the older key is still read, and `[rules]` wins)".to_string(),
        );
        match options.choose_in_file("target", old.get_ref(), ErrorKind::Toml) {
            Ok(choice) => choice.reading.choose(&mut scenario.rules),
            Err(d) => c.push((*d).key("scenario.loc.target"), Some(old.span())),
        }
    }
    if let Some(table) = &spec.rules {
        for choice in options.read_table(table, ErrorKind::Toml, c) {
            choice.reading.choose(&mut scenario.rules);
        }
    }
}

/// Maps already built from the files states referred to, by the name the resolver gave each
/// and its text: [`State::from_toml_str_cached`] builds each map once. It may be shared by
/// threads reading states at once (`&MapCache` is `Send` and `Sync`): each map is built under
/// a lock of its own, so two threads asking for one map build it once, and a thread asking for
/// another map does not wait for it.
#[derive(Debug, Default)]
pub struct MapCache {
    maps: Mutex<BTreeMap<String, (String, Arc<Slot>)>>,
}

/// One map of a [`MapCache`]: built once, by the first thread that asks for it (`None` until
/// then, and after a build that failed: the next asks again).
type Slot = Mutex<Option<Arc<HexMap>>>;

// Shared by threads: checked when the crate builds.
const _: () = {
    const fn shared<T: Send + Sync>() {}
    shared::<MapCache>();
};

/// A lock's value, also after a thread panicked while holding it (every value it guards is
/// complete: a map is stored only once built).
fn locked<T>(lock: &Mutex<T>) -> MutexGuard<'_, T> {
    lock.lock().unwrap_or_else(PoisonError::into_inner)
}

impl MapCache {
    /// How many maps it holds.
    pub fn len(&self) -> usize {
        locked(&self.maps)
            .values()
            .filter(|(_, slot)| locked(slot).is_some())
            .count()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The map built from this document before, or build it (and keep it).
    fn get_or_build(&self, doc: wargame_kit::resolve::Document) -> Result<Arc<HexMap>, Error> {
        let slot = {
            let mut maps = locked(&self.maps);
            match maps.get(&doc.name) {
                Some((text, slot)) if *text == doc.text => Arc::clone(slot),
                _ => {
                    let slot = Arc::new(Slot::default());
                    maps.insert(doc.name.clone(), (doc.text.clone(), Arc::clone(&slot)));
                    slot
                }
            }
        };
        let mut built = locked(&slot);
        if let Some(map) = built.as_ref() {
            return Ok(Arc::clone(map));
        }
        let map = Arc::new(
            HexMap::from_toml_str(&doc.text, Some(&doc.name))
                .map_err(|e| e.withholding_values().into_kind())?,
        );
        *built = Some(Arc::clone(&map));
        Ok(map)
    }
}

/// [`State::from_toml_str`]: parse, check and build (a referenced map from `maps` if given).
fn read(
    text: &str,
    name: Option<&str>,
    resolver: &dyn Resolver,
    maps: Option<&MapCache>,
) -> Result<State, Error> {
    let source = Source::new(name, text);
    if let Some(refused) = too_many_units(source) {
        return Err(Error::new(vec![refused]));
    }
    wargame_kit::internal::read_and_check(source, ErrorKind::Toml, "", |spec: StateSpec| {
        read_spec(spec, source, resolver, maps)
    })
}

/// More `[[units]]`, `[[eliminated]]` and `[[exited]]` tables than the engine reads, counted
/// in the text before it is parsed (a parse would cost memory in proportion to them), refused
/// at the header of the first unit beyond the limit. Units written as inline arrays are
/// counted by the check after the parse.
fn too_many_units(source: Source<'_>) -> Option<Diagnostic> {
    let mut lists = [("units", 0usize), ("eliminated", 0), ("exited", 0)];
    for (name, _) in wargame_kit::internal::table_array_headers(source.text) {
        if let Some((_, n)) = lists.iter_mut().find(|(list, _)| *list == name) {
            *n = n.saturating_add(1);
        }
    }
    let d = crate::model::units_limit(lists)?;
    // The header of the unit the key names: `eliminated[k]` is the k-th `[[eliminated]]`.
    let key = d.key.clone().unwrap_or_default();
    let (list, index) = key.split_once('[')?;
    let index: usize = index.trim_end_matches(']').parse().ok()?;
    let span = wargame_kit::internal::table_array_headers(source.text)
        .filter(|(name, _)| *name == list)
        .nth(index)
        .map(|(_, span)| span);
    Some(source.at(d, span))
}

/// [`read`] once the shape is read: the game and the map, then the spec converted to the
/// model section by section, then the model's own check ([`Scenario::check`],
/// [`Position::check`]: what a scenario and position built in code get), every problem located
/// by its key path.
fn read_spec(
    spec: StateSpec,
    source: Source<'_>,
    resolver: &dyn Resolver,
    maps: Option<&MapCache>,
) -> Result<State, Error> {
    game(&spec, source)?;
    let map = map(&spec, source, resolver, maps)?;
    let mut r = Reader::new(source, &map);
    let mut scenario = scenario(&mut r, &spec.scenario);
    rules(&spec, &mut scenario, &mut r.c);
    // The number of units is refused before anything is sized by it.
    let lists = [
        ("units", spec.units.len()),
        ("eliminated", spec.eliminated.len()),
        ("exited", spec.exited.len()),
    ];
    if let Some(limit) = crate::model::units_limit(lists) {
        r.located(scenario.check(&map), &spec.map);
        r.located(vec![limit], &spec.map);
        return Err(Error::new(r.c.into_vec()));
    }
    let position = Position {
        units: units(&mut r, &spec.units),
        eliminated: off_map_units(&mut r, "eliminated", &spec.eliminated),
        exited: off_map_units(&mut r, "exited", &spec.exited),
    };
    // The one check: what `score` checks first, for a state built in code as for this one.
    if let Err(e) = crate::board::validate(&map, &scenario, &position) {
        r.located(e.into_diagnostics(), &spec.map);
    }
    if !r.c.is_empty() {
        return Err(Error::new(r.c.into_vec()));
    }
    Ok(State {
        map,
        scenario,
        position,
        note: spec.note,
        file: source.name.map(str::to_string),
    })
}

/// `game`: the Leyte engine reads only `"leyte"`.
fn game(spec: &StateSpec, source: Source<'_>) -> Result<(), Error> {
    if spec.game.get_ref() == GAME {
        return Ok(());
    }
    Err(Error::new(vec![
        source.at(
            Diagnostic::new(
                ErrorKind::Game,
                format!(
                    "this is a `{}` file; the Leyte engine reads `game = \"{GAME}\"`",
                    spec.game.get_ref()
                ),
            )
            .key("game"),
            Some(spec.game.span()),
        ),
    ]))
}

/// `map`: the file it names, through the resolver (from `maps` when built before), or the
/// inline table.
fn map(
    spec: &StateSpec,
    source: Source<'_>,
    resolver: &dyn Resolver,
    maps: Option<&MapCache>,
) -> Result<Arc<HexMap>, Error> {
    match spec.map.get_ref() {
        MapRef::Path(p) => {
            let refused = |message: String, help: Option<&str>| {
                let d = Diagnostic::new(ErrorKind::MapReference, message).key("map");
                let d = if p.is_empty() { d } else { d.label(p.as_str()) };
                let d = match help {
                    Some(help) => d.help(help),
                    None => d,
                };
                Error::new(vec![source.at(d, Some(spec.map.span()))])
            };
            if p.trim().is_empty() {
                return Err(refused(
                    "the map reference is empty".to_string(),
                    Some(
                        "give the path of the map file, relative to this state (`map = \"../maps/leyte-standin.toml\"`), or the map inline as a `[map]` table",
                    ),
                ));
            }
            let doc = resolver
                .resolve(p, source.name)
                .map_err(|e| refused(e.to_string(), None))?;
            if wargame_kit::internal::top_level_string(&doc.text, "game").is_some() {
                return Err(refused(
                    format!("`{p}` is a state file (it has a `game` key), not a map"),
                    Some("name the map file the state is played on: a file with a `[layout]`"),
                ));
            }
            match maps {
                Some(cache) => cache.get_or_build(doc),
                None => Ok(Arc::new(
                    HexMap::from_toml_str(&doc.text, Some(&doc.name))
                        .map_err(|e| e.withholding_values().into_kind())?,
                )),
            }
        }
        MapRef::Inline(m) => Ok(Arc::new(
            m.build(source, "map.")
                .map_err(wargame_kit::Error::into_kind)?,
        )),
    }
}

/// `[scenario]`: its name, active Beach Areas, objectives, exits, exit requirements and
/// `[scenario.loc]` (the beach bonus is the rules' own, [`Scenario::new`]'s).
fn scenario(r: &mut Reader<'_, '_>, s: &ScenarioSpec) -> Scenario {
    let mut scenario = Scenario::new(s.name.clone(), &[]);
    scenario.active_beaches = s
        .active_beaches
        .iter()
        .map(|b| b.get_ref().clone())
        .collect();
    scenario.objectives = (s.objectives.iter().enumerate())
        .map(|(i, o)| objective(r, &format!("scenario.objectives[{i}]"), o))
        .collect();
    scenario.exits = (s.exits.iter().enumerate())
        .map(|(i, e)| exit(r, &format!("scenario.exits[{i}]"), e))
        .collect();
    scenario.exit_requirements = (s.exit_requirements.iter().enumerate())
        .map(|(i, e)| exit_requirement(r, &format!("scenario.exit_requirements[{i}]"), e))
        .collect();
    scenario.loc = loc(r, s.loc.as_ref());
    scenario
}

/// `[[scenario.objectives]]` at `key`: `vp` and `hexes`, or `vp_per_unit` and `near_feature`
/// (any other mix is said here, and an objective of no hex stands in).
fn objective(r: &mut Reader<'_, '_>, key: &str, o: &ObjectiveSpec) -> Objective {
    let objective = match (o.vp, o.vp_per_unit, o.hexes.is_empty(), &o.near_feature) {
        (Some(vp), None, false, None) => {
            let hexes = r.hexes(&o.hexes, &format!("{key}.hexes"));
            Objective::occupy(o.name.clone(), o.side, vp, hexes)
        }
        (None, Some(vp), true, Some(f)) => {
            Objective::per_unit_near(o.name.clone(), o.side, vp, f.get_ref().clone())
        }
        _ => {
            r.push(
                ErrorKind::Scenario,
                format!("objective `{}` needs either `vp` and `hexes`, or `vp_per_unit` and `near_feature`", o.name),
                key,
                None,
                None,
            );
            Objective::occupy(o.name.clone(), o.side, 0, [])
        }
    };
    match &o.note {
        Some(note) => objective.with_note(note.clone()),
        None => objective,
    }
}

/// `[[scenario.exits]]` at `key`: `vp` is `"unit-value"` or a whole number (anything else is
/// said here, and no VP stands in); `scorer` the exiting side unless given.
fn exit(r: &mut Reader<'_, '_>, key: &str, e: &ExitSpec) -> ExitAward {
    let hexes = r.hexes(&e.hexes, &format!("{key}.hexes"));
    let value = match e.vp.get_ref() {
        toml::Value::String(s) if s == "unit-value" => Some(ExitValue::UnitValue),
        toml::Value::Integer(n) => u32::try_from(*n).ok().map(ExitValue::Fixed),
        _ => None,
    };
    let value = value.unwrap_or_else(|| {
        r.push(
            ErrorKind::Scenario,
            format!(
                "`vp` must be \"unit-value\" or a whole number from 0 to {}",
                u32::MAX
            ),
            &format!("{key}.vp"),
            None,
            Some(e.vp.span()),
        );
        ExitValue::Fixed(0)
    });
    let award = ExitAward::new(e.side, hexes, value);
    match e.scorer {
        Some(scorer) => award.scored_by(scorer),
        None => award,
    }
}

/// `[[scenario.exit_requirements]]` at `key`; `scorer` the other side unless given; `removed`
/// checked against the position by the model's check ([`Scenario::check_removed`]).
fn exit_requirement(r: &mut Reader<'_, '_>, key: &str, e: &ExitRequirementSpec) -> ExitRequirement {
    let hexes = r.hexes(&e.hexes, &format!("{key}.hexes"));
    let mut requirement = ExitRequirement::new(e.side, hexes, e.units, e.vp);
    if let Some(scorer) = e.scorer {
        requirement = requirement.scored_by(scorer);
    }
    if let Some(id) = &e.removed {
        requirement = requirement.with_removed(id.clone());
    }
    if let Some(counters) = r.exit_counters(e, key) {
        requirement = requirement.with_counters(counters);
    }
    match &e.note {
        Some(note) => requirement.with_note(note.clone()),
        None => requirement,
    }
}

/// `[scenario.loc]`: what it gives over [`LocRules::default`] (the US traces, K = 3).
fn loc(r: &mut Reader<'_, '_>, l: Option<&LocSpec>) -> LocRules {
    let rules = LocRules::default();
    let Some(l) = l else { return rules };
    LocRules {
        sides: l.sides.clone().unwrap_or(rules.sides),
        free_hexes: l
            .free_hexes
            .as_ref()
            .map_or(rules.free_hexes, |k| *k.get_ref()),
        japanese_targets: r.hexes(&l.japanese_targets, "scenario.loc.japanese_targets"),
    }
}

/// `[[units]]`: each unit's id, side, rating, hex and zone of control ([`Unit::new`]'s unless
/// `zoc` is given). A unit without a `hex` is said here, and [`NOWHERE`] stands in.
fn units(r: &mut Reader<'_, '_>, list: &[UnitSpec]) -> Vec<Unit> {
    let mut units = Vec::with_capacity(list.len());
    for (i, u) in list.iter().enumerate() {
        let key = format!("units[{i}]");
        let rating = r.rating(u, &key);
        let hex = match &u.hex {
            Some(h) => r.hex(h, &format!("{key}.hex")),
            None => {
                let id = u.id.get_ref();
                r.push(
                    ErrorKind::Hex,
                    format!("unit `{id}` has no `hex`"),
                    &key,
                    Some(id),
                    Some(u.id.span()),
                );
                r.broken.insert(format!("{key}.hex"));
                NOWHERE
            }
        };
        let mut unit = Unit::new(u.id.get_ref().clone(), u.side, rating, hex);
        if let Some(zoc) = u.zoc {
            unit.zoc = zoc;
        }
        units.push(unit);
    }
    units
}

/// `[[eliminated]]` (no hex: one given is said here) or `[[exited]]` (the hex each left by, if
/// given), as `table`.
fn off_map_units(r: &mut Reader<'_, '_>, table: &str, list: &[UnitSpec]) -> Vec<OffMapUnit> {
    let mut units = Vec::with_capacity(list.len());
    for (i, u) in list.iter().enumerate() {
        let key = format!("{table}[{i}]");
        let rating = r.rating(u, &key);
        let id = u.id.get_ref().clone();
        units.push(match (&u.hex, table) {
            (Some(h), "exited") => {
                let hex = r.hex(h, &format!("{key}.hex"));
                OffMapUnit::exited(id, u.side, rating, Some(hex))
            }
            (None, "exited") => OffMapUnit::exited(id, u.side, rating, None),
            (Some(h), _) => {
                r.push(
                    ErrorKind::Hex,
                    "an eliminated unit has no hex".to_string(),
                    &format!("{key}.hex"),
                    Some(h.get_ref()),
                    Some(h.span()),
                );
                OffMapUnit::eliminated(id, u.side, rating)
            }
            (None, _) => OffMapUnit::eliminated(id, u.side, rating),
        });
    }
    units
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Threads reading states on two maps through one cache: each map built once, and every
    /// state on a map shares it.
    #[test]
    fn a_map_cache_shared_by_threads_builds_each_map_once() {
        let map = |name: &str| {
            format!(
                "name = \"{name}\"\n[layout]\norientation = \"pointy\"\nlabel = \"row-column\"\nrows = [10, 10]\ncolumns = [1, 9]\nshifted = \"even\"\nrows_grow = \"north\"\ncolumns_grow = \"east\"\n[areas.northern-beach]\nname = \"N\"\nhexes = [\"1009\"]\n[areas.eastern-beach]\nname = \"E\"\nhexes = []\n"
            )
        };
        let resolver = wargame_kit::resolve::MemoryResolver::default()
            .with("a.toml", map("A"))
            .with("b.toml", map("B"));
        let state = |map: &str| {
            format!(
                "game = \"leyte\"\nmap = \"{map}\"\n[scenario]\nname = \"S\"\nactive_beaches = [\"northern-beach\"]\n"
            )
        };
        let cache = MapCache::default();
        let maps: Vec<Vec<Arc<HexMap>>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|i| {
                    let (resolver, cache) = (&resolver, &cache);
                    scope.spawn(move || {
                        (0..8)
                            .map(|j| {
                                let name = if (i + j) % 2 == 0 { "a.toml" } else { "b.toml" };
                                let text = state(name);
                                read(&text, Some("s.toml"), resolver, Some(cache))
                                    .unwrap()
                                    .map
                            })
                            .collect()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        assert_eq!(cache.len(), 2);
        let all: Vec<&Arc<HexMap>> = maps.iter().flatten().collect();
        for m in &all {
            let first = all.iter().find(|n| n.name() == m.name()).unwrap();
            assert!(Arc::ptr_eq(m, first), "{}", m.name());
        }
    }

    /// A state is checked once, when it is read: scoring it, explaining it and `check` do not
    /// check again. Shown on a state changed behind the check's back (two units with one id,
    /// which reading refuses): the state scores and explains as read, `check` is `Ok`, while
    /// [`crate::score`] on the same parts checks them and refuses.
    #[test]
    fn a_state_is_checked_once_when_read() {
        let text = "game = \"leyte\"\nmap = { name = \"Line\", layout = { orientation = \"pointy\", label = \"row-column\", rows = [10, 10], columns = [1, 9], shifted = \"even\", rows_grow = \"north\", columns_grow = \"east\" }, areas = { northern-beach = { name = \"N\", hexes = [\"1009\"] }, eastern-beach = { name = \"E\", hexes = [] } } }\n[scenario]\nname = \"S\"\nactive_beaches = [\"northern-beach\"]\n[[units]]\nid = \"US-1\"\nside = \"us\"\nrating = \"1-1-1\"\nhex = \"1008\"\n[[units]]\nid = \"US-2\"\nside = \"us\"\nrating = \"1-1-1\"\nhex = \"1001\"\n";
        let mut state =
            State::from_toml_str(text, None, &wargame_kit::resolve::NoResolver).unwrap();
        let read = state.score().unwrap();
        state.position.units[1].id = "US-1".to_string();
        assert!(crate::score(&state.map, &state.scenario, &state.position).is_err());
        assert!(state.check().is_ok());
        let report = state.score().unwrap();
        assert_eq!(
            (report.us.total, report.japanese.total),
            (read.us.total, read.japanese.total)
        );
        assert!(crate::explain(&state, "US-1").is_ok());
    }
}
