//! The engines a front end knows: one `impl Engine` per game family (the trait is
//! [`victory_engine::Engine`]) and one entry in [`ENGINES`]. This is the only place that
//! names the engines; the commands and the suite runner go through the trait.

use victory_engine::input::Input;
use victory_engine::problem::{self, Problem, from_diagnostics as problems};
use victory_engine::{
    Cache, Crop, Engine, Engines, GameName, Picture, Report, RunRules, StateFile, apply_rules,
    rule_taken,
};
use wargame_kit::resolve::Resolver;
use wargame_kit::shape::StateShape;

/// Every engine, in the order their games are listed to people (`--help`, error messages).
///
/// # Example
///
/// ```
/// let keys: Vec<&str> = victory_front::engines::ENGINES.games().map(|g| g.key).collect();
/// assert_eq!(keys, ["leyte", "dai-senso", "axis-empires"]);
/// ```
pub const ENGINES: Engines = Engines::new(&[&Leyte, &AsiaEngulfed]);

/// The engine that reads `game` (its `game` key), with the key as a `'static` string.
///
/// # Example
///
/// ```
/// let (engine, key) = victory_front::engines::find("dai-senso").unwrap();
/// assert_eq!(key, "dai-senso");
/// assert_eq!(engine.games()[1].key, "axis-empires");
/// assert!(victory_front::engines::find("chess").is_none());
/// ```
pub fn find(game: &str) -> Option<(&'static dyn Engine, &'static str)> {
    ENGINES.find(game)
}

/// Every game, in the order they are listed to people.
///
/// # Example
///
/// ```
/// let first = victory_front::engines::games().next().unwrap();
/// assert_eq!((first.key, first.about), ("leyte", "SPI's Leyte (1975)"));
/// ```
pub fn games() -> impl Iterator<Item = GameName> {
    ENGINES.games()
}

/// The games' keys as a list for people: `leyte, dai-senso, axis-empires`.
///
/// # Example
///
/// ```
/// assert_eq!(victory_front::engines::known(), "leyte, dai-senso, axis-empires");
/// ```
pub fn known() -> String {
    ENGINES.known()
}

/// `explain` of one unit of `input`, for the games whose engine explains units; for any other
/// game, one problem naming what `explain` does and for which games.
///
/// # Example
///
/// ```
/// use victory_engine::{Cache, RunRules, input};
/// use wargame_kit::resolve::NoResolver;
///
/// let text = "game = \"dai-senso\"\n".to_string();
/// let file = input::from_text("a.toml".into(), text, victory_front::engines::ENGINES).unwrap();
/// let (cache, rules) = (Cache::default(), RunRules::default());
/// let refused = victory_front::engines::explain(&file, "US-1", &NoResolver, &cache, &rules);
/// assert!(refused.unwrap_err()[0].message.starts_with("`explain` traces Leyte's"));
/// ```
pub fn explain(
    input: &Input,
    unit: &str,
    resolver: &dyn Resolver,
    cache: &Cache,
    rules: &RunRules,
) -> Result<String, Vec<Problem>> {
    if let Some(explained) = input
        .engine
        .explain(input.state(resolver, cache, rules), unit)
    {
        return explained;
    }
    let what: Vec<&str> = ENGINES.all().iter().filter_map(|e| e.explains()).collect();
    Err(vec![problem::in_file(
        "game",
        &input.name,
        format!(
            "`explain` {}; this is a `{}` file, which has none (try `victory score`)",
            what.join(", or "),
            input.game
        ),
    )])
}

/// A Leyte state file read as the Leyte engine reads it to score it (its map through the
/// file's resolver, kept in its cache; the run's rules over the file's own): for a front end
/// that scores many positions on that map and scenario ([`leyte_victory::Scorer`]).
///
/// # Example
///
/// ```
/// use victory_engine::{Cache, RunRules, input};
/// use wargame_kit::resolve::MemoryResolver;
///
/// let maps = MemoryResolver::default().with("line.toml", r#"
/// name = "Three hexes"
/// [layout]
/// orientation = "pointy"
/// label = "row-column"
/// rows = [10, 10]
/// columns = [1, 3]
/// shifted = "even"
/// rows_grow = "north"
/// columns_grow = "east"
/// [areas.northern-beach]
/// name = "Northern Beach Area"
/// hexes = ["1003"]
/// [areas.eastern-beach]
/// name = "Eastern Beach Area"
/// hexes = []
/// "#);
/// let text = "game = \"leyte\"\nmap = \"line.toml\"\n[scenario]\nname = \"Example\"\nactive_beaches = [\"northern-beach\"]\n";
/// let file = input::from_text("a.toml".into(), text.into(), victory_front::engines::ENGINES).unwrap();
/// let (cache, rules) = (Cache::default(), RunRules::default());
/// let state = victory_front::engines::leyte_state(file.state(&maps, &cache, &rules)).unwrap();
/// assert_eq!(state.map().name(), "Three hexes");
/// ```
pub fn leyte_state(file: StateFile<'_>) -> Result<leyte_victory::State, Vec<Problem>> {
    Leyte::load(file)
}

/// SPI's Leyte (1975).
struct Leyte;

impl Leyte {
    fn load(file: StateFile<'_>) -> Result<leyte_victory::State, Vec<Problem>> {
        let mut state = leyte_victory::State::from_toml_str_cached(
            file.text,
            Some(file.name),
            file.resolver,
            &file.cache.kept::<leyte_victory::MapCache>(),
        )
        .map_err(|e| problems(e.into_diagnostics()))?;
        let options = &leyte_victory::options::RULE_OPTIONS;
        apply_rules(file, options, |key, value| state.set_rule(key, value))?;
        Ok(state)
    }
}

impl Engine for Leyte {
    fn games(&self) -> &'static [GameName] {
        &[GameName {
            key: leyte_victory::GAME,
            about: "SPI's Leyte (1975)",
        }]
    }

    fn state_shape(&self) -> StateShape<'static> {
        leyte_victory::STATE_SHAPE
    }

    fn score(&self, file: StateFile<'_>) -> Result<Box<dyn Report>, Vec<Problem>> {
        let report = Leyte::load(file)?
            .score()
            .map_err(|e| problems(e.into_diagnostics()))?;
        Ok(Box::new(report))
    }

    fn check(&self, file: StateFile<'_>) -> Result<(), Vec<Problem>> {
        Leyte::load(file)?
            .check()
            .map_err(|e| problems(e.into_diagnostics()))
    }

    fn render(&self, file: StateFile<'_>, picture: Picture<'_>) -> Result<String, Vec<Problem>> {
        let state = Leyte::load(file)?;
        let report = state.score().map_err(|e| problems(e.into_diagnostics()))?;
        Ok(match picture {
            Picture::Svg(None) => leyte_victory::svg::render_state(&state, &report),
            Picture::Svg(Some(crop)) => {
                let crop = match crop {
                    Crop::Corners { from, to } => leyte_victory::svg::Crop::Corners(from, to),
                    Crop::Focus => leyte_victory::svg::Crop::Focus,
                };
                leyte_victory::svg::render_state_cropped(&state, &report, crop).map_err(|e| {
                    let at = |d: leyte_victory::Diagnostic| {
                        problem::in_file("crop", file.name, format!("--crop: {}", d.message))
                    };
                    e.into_diagnostics().into_iter().map(at).collect::<Vec<_>>()
                })?
            }
            Picture::Html => leyte_victory::html::render_state(&state, &report),
        })
    }

    fn rule_options(&self) -> Vec<wargame_kit::options::RuleDescription> {
        leyte_victory::options::RULE_OPTIONS.describe()
    }

    fn rule(&self, key: &str, value: &str) -> Option<Result<(), String>> {
        rule_taken(&leyte_victory::options::RULE_OPTIONS, key, value)
    }

    fn expect_keys(&self) -> &'static [wargame_kit::internal::expect::ExpectKey] {
        leyte_victory::internal::KEYS
    }

    fn state_schema(&self) -> schemars::Schema {
        leyte_victory::state_schema()
    }

    fn report_schema(&self) -> Option<schemars::Schema> {
        Some(leyte_victory::report_schema())
    }

    fn explains(&self) -> Option<&'static str> {
        Some("traces Leyte's Lines of Communications")
    }

    fn explain(&self, file: StateFile<'_>, unit: &str) -> Option<Result<String, Vec<Problem>>> {
        Some(Leyte::load(file).and_then(|state| {
            leyte_victory::explain(&state, unit)
                .map(|e| e.to_string())
                .map_err(|e| problems(e.into_diagnostics()))
        }))
    }
}

/// Axis Empires: Dai Senso!, alone or in the combined game.
struct AsiaEngulfed;

impl AsiaEngulfed {
    /// The state read and checked once (a [`ValidState`](asia_engulfed_victory::ValidState)),
    /// with the run's `--rule` options over its own `[rules]`.
    fn load(file: StateFile<'_>) -> Result<asia_engulfed_victory::ValidState, Vec<Problem>> {
        let mut state = asia_engulfed_victory::ValidState::from_toml_str(
            file.text,
            Some(file.name),
            file.resolver,
        )
        .map_err(|e| problems(e.into_diagnostics()))?;
        let options = &asia_engulfed_victory::options::RULE_OPTIONS;
        apply_rules(file, options, |key, value| state.set_rule(key, value))?;
        Ok(state)
    }
}

impl Engine for AsiaEngulfed {
    fn games(&self) -> &'static [GameName] {
        &[
            GameName {
                key: "dai-senso",
                about: "Axis Empires: Dai Senso! played alone",
            },
            GameName {
                key: "axis-empires",
                about: "Dai Senso! as part of the Axis Empires combined game",
            },
        ]
    }

    fn state_shape(&self) -> StateShape<'static> {
        asia_engulfed_victory::STATE_SHAPE
    }

    fn score(&self, file: StateFile<'_>) -> Result<Box<dyn Report>, Vec<Problem>> {
        let state = AsiaEngulfed::load(file)?;
        let rules = asia_engulfed_victory::options::Rules::default();
        Ok(Box::new(state.score(&rules)))
    }

    /// Scoring a loaded state cannot fail (the engine's `score` is total): loading checks all.
    fn check(&self, file: StateFile<'_>) -> Result<(), Vec<Problem>> {
        AsiaEngulfed::load(file).map(|_| ())
    }

    fn render(&self, file: StateFile<'_>, picture: Picture<'_>) -> Result<String, Vec<Problem>> {
        if let Picture::Svg(Some(_)) = picture {
            return Err(vec![problem::in_file(
                "crop",
                file.name,
                "--crop draws part of a map; the Dai Senso picture is the VP track, drawn whole",
            )]);
        }
        let valid = AsiaEngulfed::load(file)?;
        let report = valid.score(&asia_engulfed_victory::options::Rules::default());
        let state = valid.state();
        Ok(match picture {
            Picture::Svg(_) => asia_engulfed_victory::svg::render(state, &report),
            Picture::Html => asia_engulfed_victory::html::render(state, &report),
        })
    }

    fn rule_options(&self) -> Vec<wargame_kit::options::RuleDescription> {
        asia_engulfed_victory::options::RULE_OPTIONS.describe()
    }

    fn rule(&self, key: &str, value: &str) -> Option<Result<(), String>> {
        rule_taken(&asia_engulfed_victory::options::RULE_OPTIONS, key, value)
    }

    fn expect_keys(&self) -> &'static [wargame_kit::internal::expect::ExpectKey] {
        asia_engulfed_victory::internal::KEYS
    }

    fn state_schema(&self) -> schemars::Schema {
        asia_engulfed_victory::state_schema()
    }

    fn report_schema(&self) -> Option<schemars::Schema> {
        Some(asia_engulfed_victory::report_schema())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;
    use wargame_kit::internal::expect::{NONE, Reading};

    use super::*;

    #[test]
    fn games_are_the_engines_own_keys() {
        let mut engines = vec![leyte_victory::GAME];
        engines.extend(asia_engulfed_victory::GAMES);
        let keys: Vec<&str> = games().map(|g| g.key).collect();
        assert_eq!(keys, engines);
        assert_eq!(known(), "leyte, dai-senso, axis-empires");
        assert_eq!(find("dai-senso").unwrap().1, "dai-senso");
        assert!(find("chess").is_none());
        // The shape a profile's import is checked against reads exactly the engine's games.
        for e in ENGINES.all() {
            let keys: Vec<&str> = e.games().iter().map(|g| g.key).collect();
            assert_eq!(e.state_shape().games, keys.as_slice());
        }
    }

    #[test]
    fn states_on_one_map_build_it_once() {
        let map = r#"
            name = "Line"
            [layout]
            orientation = "pointy"
            label = "row-column"
            rows = [10, 10]
            columns = [1, 9]
            shifted = "even"
            rows_grow = "north"
            columns_grow = "east"
            [areas.northern-beach]
            name = "Northern Beach Area"
            hexes = ["1009"]
            [areas.eastern-beach]
            name = "Eastern Beach Area"
            hexes = []
            [hexsides]
            roads = [["1006", "1007", "1008", "1009"]]
        "#;
        let resolver = wargame_kit::resolve::MemoryResolver::default().with("m.toml", map);
        let state = r#"
            game = "leyte"
            map = "m.toml"
            [scenario]
            name = "Example"
            active_beaches = ["northern-beach"]
            [[units]]
            id = "US-1"
            side = "us"
            rating = "4-6-5"
            hex = "1002"
        "#;
        let (cache, rules) = (Cache::default(), RunRules::default());
        let file = |name| StateFile {
            name,
            text: state,
            resolver: &resolver,
            cache: &cache,
            rules: &rules,
        };
        let a = Leyte::load(file("a.toml")).unwrap();
        let b = Leyte::load(file("b.toml")).unwrap();
        assert!(std::ptr::eq(a.map(), b.map()));
        assert_eq!(cache.kept::<leyte_victory::MapCache>().len(), 1);
        // What `check` reports is what `score` would, without the report.
        assert!(Leyte.check(file("c.toml")).is_ok());
        assert!(Leyte.score(file("c.toml")).is_ok());
    }

    /// The strings a field's schemas allow (`enum`, `const`), with `null` as [`NONE`] when
    /// `null` counts (a report's; TOML has none).
    fn values(schemas: &[&Value], null: bool) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for s in schemas {
            for v in s
                .get("enum")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                out.insert(v.as_str().unwrap_or(NONE).to_string());
            }
            if let Some(v) = s.get("const").and_then(Value::as_str) {
                out.insert(v.to_string());
            }
            if null && s.get("type").and_then(Value::as_str) == Some("null") {
                out.insert(NONE.to_string());
            }
        }
        out
    }

    /// Every expectation key of every engine reads a field its report's schema has, and takes
    /// in `[expect]` (the state schema) the values that field can have.
    #[test]
    fn every_expectation_key_reads_a_field_of_its_report() {
        for engine in ENGINES.all() {
            let game = engine.games()[0].key;
            let report = serde_json::to_value(engine.report_schema().unwrap()).unwrap();
            let state = serde_json::to_value(engine.state_schema()).unwrap();
            assert!(!engine.expect_keys().is_empty(), "{game}");
            for key in engine.expect_keys() {
                let at = victory_suite::pointer::schemas_at(&report, key.pointer)
                    .unwrap_or_else(|e| panic!("{game} {}: {e}", key.key));
                if let Reading::Ids { id, flag, .. } = key.reading {
                    for field in [id, flag] {
                        let item = format!("{}/0/{field}", key.pointer);
                        victory_suite::pointer::check(&report, &item)
                            .unwrap_or_else(|e| panic!("{item}: {e}"));
                    }
                    continue;
                }
                let written =
                    victory_suite::pointer::schemas_at(&state, &format!("/expect/{}", key.key))
                        .unwrap_or_else(|e| panic!("{game} {}: {e}", key.key));
                let (mut read, takes) = (values(&at, true), values(&written, false));
                // `none` also for a `null` on the way to the field.
                if key.reading == Reading::OrNone {
                    read.insert(NONE.to_string());
                }
                assert_eq!(
                    read, takes,
                    "{game} {}: the report's values, the file's",
                    key.key
                );
            }
        }
    }
}
