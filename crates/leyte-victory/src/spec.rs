//! The TOML state format (see `docs/fixture-format.md`) and its reader.
//!
//! A state file declares `game = "leyte"`, its map (a path relative to the file, resolved by the
//! caller's [`Resolver`], or an inline `[map]` table), the scenario's victory conditions and the
//! end-of-scenario position. [`State::from_toml_str`] checks everything and reports every
//! problem with file, key, label, line and column.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use hexmap::{HexMap, MapSpec};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use toml::Spanned;
use wargame_kit::diag::{Collector, Source};
use wargame_kit::options::RulesTable;
use wargame_kit::resolve::Resolver;

use crate::limits;

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::model::{
    ExitAward, ExitRequirement, ExitValue, LocRules, Objective, ObjectiveKind, OffMapUnit,
    Position, Scenario, Unit,
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
    /// How many (default 1).
    #[serde(default = "one")]
    pub units: u32,
    /// VP for the shortfall.
    pub vp: u32,
    /// Who scores (default: the other side).
    #[serde(default)]
    pub scorer: Option<Side>,
    /// Shown with the award.
    #[serde(default)]
    pub note: Option<String>,
}

fn one() -> u32 {
    1
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
    /// Hexes of any terrain first (default 3, at most [`hexmap::trace::MAX_BUDGET`]).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub free_hexes: Option<Spanned<u32>>,
    /// The older place of the rules option `target` (`on-chain` or `may-adjoin-chain`), still
    /// read; `[rules] target` wins.
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
    /// keeping a map built here for the next: many states on one map build it once.
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
    /// let mut cache = MapCache::default();
    /// let a = State::from_toml_str_cached(&state("1008"), Some("a.toml"), &maps, &mut cache).unwrap();
    /// let b = State::from_toml_str_cached(&state("1001"), Some("b.toml"), &maps, &mut cache).unwrap();
    /// assert_eq!(cache.len(), 1); // one map, built once
    /// assert!(std::ptr::eq(a.map(), b.map()));
    /// assert_eq!(a.score().unwrap().japanese.total, 0);
    /// assert_eq!(b.score().unwrap().japanese.total, 10); // cut
    /// ```
    pub fn from_toml_str_cached(
        text: &str,
        name: Option<&str>,
        resolver: &dyn Resolver,
        maps: &mut MapCache,
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

    /// Score it: [`crate::score`] on its map, scenario and position.
    pub fn score(&self) -> Result<crate::Report, Error> {
        crate::score(&self.map, &self.scenario, &self.position)
    }

    /// Check it as [`State::score`] does before scoring, and stop there: every problem
    /// [`State::score`] would report (the scenario against the map, such as a beach bonus area
    /// the map lacks), or `Ok`. [`State::from_toml_str`] refuses a state that would not pass.
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
        crate::loc::with_board(&self.map, &self.scenario, &self.position, |_, _, _| ())
    }

    /// The map, the scenario and the position, by value.
    pub fn into_parts(self) -> (HexMap, Scenario, Position) {
        (Arc::unwrap_or_clone(self.map), self.scenario, self.position)
    }
}

struct Reader<'a, 'm> {
    c: Collector<'a, ErrorKind>,
    map: &'m HexMap,
}

impl Reader<'_, '_> {
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

    /// Whether `value` is within `max`; if not, a located [`ErrorKind::Limit`] saying so.
    fn within(
        &mut self,
        value: u64,
        max: u64,
        what: &str,
        key: &str,
        span: Option<Range<usize>>,
    ) -> bool {
        if value <= max {
            return true;
        }
        self.push(
            ErrorKind::Limit,
            format!("{what} is {value}; the engine allows at most {max}"),
            key,
            None,
            span,
        );
        false
    }

    /// `[scenario.loc] free_hexes`, 3 when not given, within [`limits::MAX_FREE_HEXES`].
    fn free_hexes(&mut self, k: Option<&Spanned<u32>>) -> u32 {
        let Some(k) = k else { return 3 };
        let max = limits::MAX_FREE_HEXES;
        let key = "scenario.loc.free_hexes";
        if self.within(
            u64::from(*k.get_ref()),
            u64::from(max),
            "`free_hexes`",
            key,
            Some(k.span()),
        ) {
            *k.get_ref()
        } else {
            max
        }
    }

    fn hex(&mut self, s: &Spanned<String>, key: &str) -> Option<hexmap::Hex> {
        match self.map.parse(s.get_ref()) {
            Ok(h) => Some(h),
            Err(e) => {
                let mut d = Diagnostic::new(ErrorKind::Hex, e.to_string())
                    .key(key)
                    .label(s.get_ref().as_str());
                if let Some(help) = e.help() {
                    d = d.help(help);
                }
                self.c.push(d, Some(s.span()));
                None
            }
        }
    }

    fn hexes(&mut self, list: &[Spanned<String>], key: &str) -> Vec<hexmap::Hex> {
        list.iter()
            .enumerate()
            .filter_map(|(i, s)| self.hex(s, &format!("{key}[{i}]")))
            .collect()
    }

    fn rating(&mut self, u: &UnitSpec, key: &str) -> Option<Rating> {
        let id = u.id.get_ref().as_str();
        let strengths = [
            ("attack", u.attack),
            ("barrage", u.barrage),
            ("final_protective_fire", u.final_protective_fire),
            ("defense", u.defense),
        ];
        let mut sane = true;
        for (name, value) in strengths {
            if let Some(v) = value {
                let max = u64::from(limits::MAX_STRENGTH);
                let what = format!("`{name}` of unit `{id}`");
                let at = format!("{key}.{name}");
                sane &= self.within(u64::from(v), max, &what, &at, None);
            }
        }
        if !sane {
            return None;
        }
        let named = strengths.iter().any(|(_, v)| v.is_some());
        let result = match (&u.rating, named) {
            (Some(r), false) => {
                let parsed = if u.artillery { Rating::artillery(r.get_ref()) } else { Rating::standard(r.get_ref()) };
                match parsed {
                    Ok(x) => Ok(x),
                    Err(e) => {
                        self.push(ErrorKind::Rating, e.to_string(), &format!("{key}.rating"), Some(id), Some(r.span()));
                        return None;
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
        match result {
            Ok(r) => Some(r),
            Err(m) => {
                self.push(ErrorKind::Rating, m, key, Some(id), Some(u.id.span()));
                None
            }
        }
    }
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Us => "us",
        Side::Japanese => "japanese",
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
/// and its text: [`State::from_toml_str_cached`] builds each map once.
#[derive(Debug, Default)]
pub struct MapCache {
    maps: BTreeMap<String, (String, Arc<HexMap>)>,
}

impl MapCache {
    /// How many maps it holds.
    pub fn len(&self) -> usize {
        self.maps.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.maps.is_empty()
    }

    /// The map built from this document before, or build it (and keep it).
    fn get_or_build(&mut self, doc: wargame_kit::resolve::Document) -> Result<Arc<HexMap>, Error> {
        if let Some((text, map)) = self.maps.get(&doc.name)
            && *text == doc.text
        {
            return Ok(Arc::clone(map));
        }
        let map = Arc::new(
            HexMap::from_toml_str(&doc.text, Some(&doc.name))
                .map_err(|e| e.withholding_values().into_kind())?,
        );
        self.maps.insert(doc.name, (doc.text, Arc::clone(&map)));
        Ok(map)
    }
}

/// [`State::from_toml_str`]: parse, check and build (a referenced map from `maps` if given).
fn read(
    text: &str,
    name: Option<&str>,
    resolver: &dyn Resolver,
    maps: Option<&mut MapCache>,
) -> Result<State, Error> {
    let source = Source::new(name, text);
    wargame_kit::diag::read_and_check(source, ErrorKind::Toml, "", |spec: StateSpec| {
        read_spec(spec, source, resolver, maps)
    })
}

/// [`read`] once the shape is read: the game, the map, the scenario and the position checked.
fn read_spec(
    spec: StateSpec,
    source: Source<'_>,
    resolver: &dyn Resolver,
    maps: Option<&mut MapCache>,
) -> Result<State, Error> {
    let name = source.name;
    if spec.game.get_ref() != GAME {
        return Err(Error::new(vec![
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
        ]));
    }
    let map = match spec.map.get_ref() {
        MapRef::Path(p) => {
            let doc = resolver.resolve(p, name).map_err(|e| {
                Error::new(vec![
                    source.at(
                        Diagnostic::new(ErrorKind::MapReference, e.to_string())
                            .key("map")
                            .label(p.as_str()),
                        Some(spec.map.span()),
                    ),
                ])
            })?;
            match maps {
                Some(cache) => cache.get_or_build(doc)?,
                None => Arc::new(
                    HexMap::from_toml_str(&doc.text, Some(&doc.name))
                        .map_err(|e| e.withholding_values().into_kind())?,
                ),
            }
        }
        MapRef::Inline(m) => Arc::new(
            m.build(source, "map.")
                .map_err(wargame_kit::Error::into_kind)?,
        ),
    };
    let mut r = Reader {
        c: Collector::new(source),
        map: &map,
    };

    // Scenario.
    let s = &spec.scenario;
    let mut scenario = Scenario::new(s.name.clone(), &[]);
    for (i, b) in s.active_beaches.iter().enumerate() {
        if map.area(b.get_ref()).is_none() {
            let known: Vec<String> = map.areas().iter().map(|a| a.key.clone()).collect();
            let mut d = Diagnostic::new(
                ErrorKind::Scenario,
                format!(
                    "the map has no area `{}` (its areas: {})",
                    b.get_ref(),
                    known.join(", ")
                ),
            )
            .key(format!("scenario.active_beaches[{i}]"))
            .label(b.get_ref().as_str());
            if let Some(near) = wargame_kit::diag::nearest(b.get_ref(), &known) {
                d = d.help(format!("did you mean `{near}`?"));
            }
            r.c.push(d, Some(b.span()));
        } else {
            scenario.active_beaches.push(b.get_ref().clone());
        }
    }
    // The beach bonus (L6) reads its areas whether they are active or not: a map without one
    // is the map's problem, pointed at where the state names the map.
    for key in &scenario.beach_bonus.areas {
        if map.area(key).is_none() {
            let known: Vec<&str> = map.areas().iter().map(|a| a.key.as_str()).collect();
            let map_name = match spec.map.get_ref() {
                MapRef::Path(p) => format!("map file `{p}`"),
                MapRef::Inline(_) => "inline map".to_string(),
            };
            r.push(
                ErrorKind::Scenario,
                format!(
                    "the {map_name} has no area `{key}`, which the beach bonus (L6) needs whether or not it is active (its areas: {})",
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                ),
                "map",
                Some(key),
                Some(spec.map.span()),
            );
        }
    }
    for (i, o) in s.objectives.iter().enumerate() {
        let key = format!("scenario.objectives[{i}]");
        let kind = match (o.vp, o.vp_per_unit, o.hexes.is_empty(), &o.near_feature) {
            (Some(vp), None, false, None) => {
                let hexes = r.hexes(&o.hexes, &format!("{key}.hexes"));
                (hexes.len() == o.hexes.len()).then_some((vp, ObjectiveKind::Occupy { hexes }))
            }
            (None, Some(vp), true, Some(f)) => {
                if map.feature_names().iter().any(|n| n == f.get_ref()) {
                    Some((
                        vp,
                        ObjectiveKind::PerUnitNear {
                            feature: f.get_ref().clone(),
                        },
                    ))
                } else {
                    r.push(
                        ErrorKind::Scenario,
                        format!(
                            "the map has no `{}` hexes (its features: {})",
                            f.get_ref(),
                            map.feature_names().join(", ")
                        ),
                        &format!("{key}.near_feature"),
                        Some(f.get_ref()),
                        Some(f.span()),
                    );
                    None
                }
            }
            _ => {
                r.push(
                    ErrorKind::Scenario,
                    format!("objective `{}` needs either `vp` and `hexes`, or `vp_per_unit` and `near_feature`", o.name),
                    &key,
                    None,
                    None,
                );
                None
            }
        };
        if let Some((vp, kind)) = kind {
            scenario.objectives.push(Objective {
                name: o.name.clone(),
                side: o.side,
                vp,
                kind,
                note: o.note.clone(),
            });
        }
    }
    for (i, e) in s.exits.iter().enumerate() {
        let key = format!("scenario.exits[{i}]");
        let hexes = r.hexes(&e.hexes, &format!("{key}.hexes"));
        let value = match e.vp.get_ref() {
            toml::Value::String(s) if s == "unit-value" => Some(ExitValue::UnitValue),
            toml::Value::Integer(n) => u32::try_from(*n).ok().map(ExitValue::Fixed),
            _ => None,
        };
        match value {
            Some(value) => scenario.exits.push(ExitAward {
                side: e.side,
                hexes,
                value,
                scorer: e.scorer.unwrap_or(e.side),
            }),
            None => r.push(
                ErrorKind::Scenario,
                format!(
                    "`vp` must be \"unit-value\" or a whole number from 0 to {}",
                    u32::MAX
                ),
                &format!("{key}.vp"),
                None,
                Some(e.vp.span()),
            ),
        }
    }
    for (i, e) in s.exit_requirements.iter().enumerate() {
        let hexes = r.hexes(&e.hexes, &format!("scenario.exit_requirements[{i}].hexes"));
        scenario.exit_requirements.push(ExitRequirement {
            side: e.side,
            hexes,
            units: e.units,
            vp: e.vp,
            scorer: e.scorer.unwrap_or(e.side.enemy()),
            note: e.note.clone(),
        });
    }
    if let Some(l) = &s.loc {
        scenario.loc = LocRules {
            sides: l.sides.clone().unwrap_or_else(|| vec![Side::Us]),
            free_hexes: r.free_hexes(l.free_hexes.as_ref()),
            japanese_targets: r.hexes(&l.japanese_targets, "scenario.loc.japanese_targets"),
        };
        if scenario.loc.sides.contains(&Side::Japanese) && l.japanese_targets.is_empty() {
            r.push(
                ErrorKind::Scenario,
                "the Japanese must trace a LOC but `japanese_targets` is empty".to_string(),
                "scenario.loc",
                None,
                None,
            );
        }
    }

    rules(&spec, &mut scenario, &mut r.c);

    // Position.
    let mut position = Position::default();
    let mut ids: BTreeMap<String, String> = BTreeMap::new();
    let mut occupants: BTreeMap<hexmap::Hex, (Side, String)> = BTreeMap::new();
    let units = spec
        .units
        .len()
        .saturating_add(spec.eliminated.len())
        .saturating_add(spec.exited.len());
    if !r.within(
        u64::try_from(units).unwrap_or(u64::MAX),
        u64::try_from(limits::MAX_UNITS).unwrap_or(u64::MAX),
        "the number of units (on the map, eliminated and exited)",
        "units",
        None,
    ) {
        return Err(Error::new(r.c.into_vec()));
    }
    for (table, list) in [
        ("units", &spec.units),
        ("eliminated", &spec.eliminated),
        ("exited", &spec.exited),
    ] {
        for (i, u) in list.iter().enumerate() {
            let key = format!("{table}[{i}]");
            let id = u.id.get_ref().clone();
            if let Some(first) = ids.get(&id) {
                r.push(
                    ErrorKind::DuplicateUnit,
                    format!("unit id `{id}` is used twice (first at `{first}`)"),
                    &format!("{key}.id"),
                    Some(&id),
                    Some(u.id.span()),
                );
            } else {
                ids.insert(id.clone(), key.clone());
            }
            let rating = r.rating(u, &key);
            let hex = match (&u.hex, table) {
                (Some(h), "units" | "exited") => r.hex(h, &format!("{key}.hex")),
                (None, "units") => {
                    r.push(
                        ErrorKind::Hex,
                        format!("unit `{id}` has no `hex`"),
                        &key,
                        Some(&id),
                        Some(u.id.span()),
                    );
                    None
                }
                (Some(h), _) => {
                    r.push(
                        ErrorKind::Hex,
                        "an eliminated unit has no hex".to_string(),
                        &format!("{key}.hex"),
                        Some(h.get_ref()),
                        Some(h.span()),
                    );
                    None
                }
                (None, _) => None,
            };
            let Some(rating) = rating else { continue };
            match table {
                "units" => {
                    let Some(hex) = hex else { continue };
                    if let Some((side, other)) = occupants.get(&hex) {
                        if *side != u.side {
                            let label = map.label_text(hex);
                            r.push(
                                ErrorKind::TwoSidesInHex,
                                format!(
                                    "hex {label} holds units of both sides: {other} ({}) and {id} ({})",
                                    side_name(*side),
                                    side_name(u.side)
                                ),
                                &format!("{key}.hex"),
                                Some(&label),
                                u.hex.as_ref().map(Spanned::span),
                            );
                        }
                    } else {
                        occupants.insert(hex, (u.side, id.clone()));
                    }
                    position.units.push(Unit {
                        id,
                        side: u.side,
                        rating,
                        hex,
                        zoc: u.zoc.unwrap_or(true),
                    });
                }
                "eliminated" => position.eliminated.push(OffMapUnit {
                    id,
                    side: u.side,
                    rating,
                    hex: None,
                }),
                _ => position.exited.push(OffMapUnit {
                    id,
                    side: u.side,
                    rating,
                    hex,
                }),
            }
        }
    }
    if !r.c.is_empty() {
        return Err(Error::new(r.c.into_vec()));
    }
    Ok(State {
        map,
        scenario,
        position,
        note: spec.note,
        file: name.map(str::to_string),
    })
}
