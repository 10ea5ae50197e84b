//! Every engine the command line knows, each behind one small trait, [`Engine`]: a game family
//! is one `impl Engine` and one line in [`ENGINES`]. The commands (`score`, `check`, `render`,
//! `schema`, `explain`, `test`) only ever go through the trait; nothing else here or in `main`
//! names a game.

use std::fmt;

use serde::Serialize;
use wargame_kit::resolve::Resolver;
use wargame_kit::shape::StateShape;

use crate::problem::{self, Problem};

/// Every engine, in the order their games are listed to people (`--help`, error messages).
pub const ENGINES: &[&dyn Engine] = &[&Leyte, &AsiaEngulfed];

/// A game the command line accepts: the value of its `game` key and a line for `--help`.
#[derive(Clone, Copy, Debug)]
pub struct GameName {
    /// The `game` key's value, e.g. `leyte`.
    pub key: &'static str,
    /// What it is, for `--help` (no final period).
    pub about: &'static str,
}

/// A state file handed to an engine.
#[derive(Clone, Copy)]
pub struct StateFile<'a> {
    /// Its name as given on the command line (used in messages and to resolve its references).
    pub name: &'a str,
    /// Its text.
    pub text: &'a str,
    /// How the documents it refers to (a map, a VP track) are read.
    pub resolver: &'a dyn Resolver,
    /// What the engines keep from one file to the next in one run.
    pub cache: &'a Cache,
}

/// What the engines keep from one file to the next within one run: the Leyte maps built, by
/// the path each resolved to, so that `victory score a.toml b.toml` on one map builds it once;
/// and the run's rules options (`--rule KEY=VALUE`), over each file's `[rules]`. Shared by the
/// threads of `victory test` (it is `Sync`).
#[derive(Debug, Default)]
pub struct Cache {
    leyte_maps: leyte_victory::MapCache,
    /// `--rule KEY=VALUE`, in order.
    pub rules: Vec<(String, String)>,
    /// Apply each `--rule` only to the games that know its key (`victory test`), instead of
    /// refusing a file whose game does not.
    pub only_known_rules: bool,
}

impl Cache {
    /// An empty cache, with these `--rule` options.
    pub fn with_rules(rules: Vec<(String, String)>) -> Cache {
        Cache {
            rules,
            ..Cache::default()
        }
    }
}

/// The run's `--rule KEY=VALUE` options, each chosen with `set` (with
/// [`Cache::only_known_rules`], only those `registry` knows); the first refused is a problem
/// naming the file.
fn apply_rules<R>(
    file: StateFile<'_>,
    registry: &wargame_kit::options::Registry<R>,
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), Vec<Problem>> {
    for (key, value) in &file.cache.rules {
        if file.cache.only_known_rules && registry.option(key).is_err() {
            continue;
        }
        set(key, value).map_err(|message| {
            vec![problem::in_file(
                "rule",
                file.name,
                format!("--rule {key}={value}: {message}"),
            )]
        })?;
    }
    Ok(())
}

/// What `victory render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Picture<'a> {
    /// The engine's SVG picture: of part of the map only, when `--crop` says which.
    Svg(Option<&'a Crop>),
    /// The engine's self-contained interactive HTML page (of the whole map).
    Html,
}

/// `--crop`: the part of a map to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Crop {
    /// `FROM:TO`: two corner hexes, as printed.
    Corners {
        /// One corner.
        from: String,
        /// The opposite corner.
        to: String,
    },
    /// `focus`: what the engine's picture is about (the HTML page opens on it).
    Focus,
}

/// `--rule KEY=VALUE` against one engine's options: `None` when it has no option `key`, else
/// whether it takes `value`.
fn rule_taken<R>(
    registry: &wargame_kit::options::Registry<R>,
    key: &str,
    value: &str,
) -> Option<Result<(), String>> {
    registry.option(key).ok()?;
    Some(registry.choose(key, value).map(|_| ()))
}

/// One game family's engine, as the command line uses it (shared by the threads of
/// `victory test`).
pub trait Engine: Sync {
    /// The games this engine reads, by their `game` key.
    fn games(&self) -> &'static [GameName];

    /// Score a state file: the engine's report, readable and serializable.
    fn score(&self, file: StateFile<'_>) -> Result<Box<dyn Report>, Vec<Problem>>;

    /// Validate a state file: every problem `score` would report, without scoring it.
    fn check(&self, file: StateFile<'_>) -> Result<(), Vec<Problem>>;

    /// Draw a state file as SVG (of part of the map only, when the picture's crop says which),
    /// or as an interactive HTML page.
    fn render(&self, file: StateFile<'_>, picture: Picture<'_>) -> Result<String, Vec<Problem>>;

    /// The rules options its state files (`[rules]`) and `--rule` may choose.
    fn rule_options(&self) -> Vec<wargame_kit::options::RuleDescription> {
        Vec::new()
    }

    /// `--rule KEY=VALUE`: `None` when this engine's games have no option `key`, else whether
    /// the option takes `value` (why not, in words).
    fn rule(&self, key: &str, value: &str) -> Option<Result<(), String>> {
        let _ = (key, value);
        None
    }

    /// The keys of a state file's `[expect]` table (but `problems` and `json`, which every
    /// game has), each with the report field it reads.
    fn expect_keys(&self) -> &'static [wargame_kit::internal::expect::ExpectKey];

    /// The JSON Schema of the state file format.
    fn state_schema(&self) -> schemars::Schema;

    /// The JSON Schema of the report (what [`Report::to_json`] writes after `game` and `file`),
    /// if the engine publishes one.
    fn report_schema(&self) -> Option<schemars::Schema>;

    /// What `explain` does for this engine's games (completing "`explain` ..."), or `None` if
    /// they have nothing to explain.
    fn explains(&self) -> Option<&'static str> {
        None
    }

    /// What its state documents need at their top level (the games, the keys no state can
    /// lack, the keys naming other files): what a VASSAL profile's import is checked against.
    fn state_shape(&self) -> StateShape<'static>;

    /// Explain one unit, as text; `None` if the engine has nothing to explain.
    fn explain(&self, file: StateFile<'_>, unit: &str) -> Option<Result<String, Vec<Problem>>> {
        let _ = (file, unit);
        None
    }
}

impl fmt::Debug for dyn Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.games().iter().map(|g| g.key))
            .finish()
    }
}

/// The engine that reads `game` (its `game` key), with the key as a `'static` string.
pub fn find(game: &str) -> Option<(&'static dyn Engine, &'static str)> {
    ENGINES
        .iter()
        .find_map(|&e| e.games().iter().find(|g| g.key == game).map(|g| (e, g.key)))
}

/// Every game, in the order they are listed to people.
pub fn games() -> impl Iterator<Item = GameName> {
    ENGINES.iter().flat_map(|e| e.games().iter().copied())
}

/// `leyte, dai-senso, axis-empires`.
pub fn known() -> String {
    games().map(|g| g.key).collect::<Vec<_>>().join(", ")
}

/// An engine's report: its readable text (`Display`) and its JSON.
pub trait Report: fmt::Display {
    /// The report as pretty JSON: an object with `game` and `file` first, then the report's own
    /// fields in the engine's order (the engine's JSON shape, not a second one). No final newline.
    fn to_json(&self, head: &Head<'_>) -> serde_json::Result<String>;

    /// The report's own fields as a JSON value (what [`Engine::report_schema`] describes:
    /// without `game` and `file`).
    fn to_value(&self) -> serde_json::Result<serde_json::Value>;
}

/// What a report's JSON starts with: the game and the file, and for a VASSAL save, where each
/// value came from (after the report's own fields).
#[derive(Clone, Copy, Debug)]
pub struct Head<'a> {
    /// The game's key.
    pub game: &'a str,
    /// The file as named.
    pub file: &'a str,
    /// The VASSAL origins, for a save scored through a profile.
    pub vassal: Option<&'a serde_json::Value>,
}

/// `game` and `file` in front of a report's own fields.
#[derive(Serialize)]
struct Headed<'a, R> {
    game: &'a str,
    file: &'a str,
    #[serde(flatten)]
    report: &'a R,
    #[serde(skip_serializing_if = "Option::is_none")]
    vassal: Option<&'a serde_json::Value>,
}

impl<R: Serialize + fmt::Display> Report for R {
    fn to_json(&self, head: &Head<'_>) -> serde_json::Result<String> {
        serde_json::to_string_pretty(&Headed {
            game: head.game,
            file: head.file,
            report: self,
            vassal: head.vassal,
        })
    }

    fn to_value(&self) -> serde_json::Result<serde_json::Value> {
        serde_json::to_value(self)
    }
}

/// Every problem, as the command line reports it.
fn problems<K: Serialize>(ds: Vec<wargame_kit::Diagnostic<K>>) -> Vec<Problem> {
    ds.into_iter().map(problem::from_engine).collect()
}

/// SPI's Leyte (1975).
struct Leyte;

impl Leyte {
    fn load(file: StateFile<'_>) -> Result<leyte_victory::State, Vec<Problem>> {
        let mut state = leyte_victory::State::from_toml_str_cached(
            file.text,
            Some(file.name),
            file.resolver,
            &file.cache.leyte_maps,
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
                let map = state.map();
                let corner = |l: &str| {
                    map.parse(l).map_err(|e| {
                        vec![problem::in_file(
                            "crop",
                            file.name,
                            format!("--crop: {l} is not a hex of {}: {e}", map.name()),
                        )]
                    })
                };
                let hexes = match crop {
                    Crop::Corners { from, to } => vec![corner(from)?, corner(to)?],
                    Crop::Focus => leyte_victory::svg::focus(map, state.position(), &report),
                };
                let mut d =
                    leyte_victory::svg::drawing(map, state.scenario(), state.position(), &report);
                d.crop(hexes).legend_below();
                d.finish()
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
    fn load(file: StateFile<'_>) -> Result<asia_engulfed_victory::State, Vec<Problem>> {
        let mut state =
            asia_engulfed_victory::State::from_toml_str(file.text, Some(file.name), file.resolver)
                .map_err(|e| problems(e.into_diagnostics()))?;
        let options = &asia_engulfed_victory::options::RULE_OPTIONS;
        apply_rules(file, options, |key, value| state.rules.set(key, value))?;
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
        Ok(Box::new(asia_engulfed_victory::score(&state, &rules)))
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
        let state = AsiaEngulfed::load(file)?;
        let report =
            asia_engulfed_victory::score(&state, &asia_engulfed_victory::options::Rules::default());
        Ok(match picture {
            Picture::Svg(_) => asia_engulfed_victory::svg::render(&state, &report),
            Picture::Html => asia_engulfed_victory::html::render(&state, &report),
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
#[allow(clippy::unwrap_used)]
mod tests {
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
        for e in ENGINES {
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
        let cache = Cache::default();
        let file = |name| StateFile {
            name,
            text: state,
            resolver: &resolver,
            cache: &cache,
        };
        let a = Leyte::load(file("a.toml")).unwrap();
        let b = Leyte::load(file("b.toml")).unwrap();
        assert!(std::ptr::eq(a.map(), b.map()));
        assert_eq!(cache.leyte_maps.len(), 1);
        // What `check` reports is what `score` would, without the report.
        assert!(Leyte.check(file("c.toml")).is_ok());
        assert!(Leyte.score(file("c.toml")).is_ok());
    }

    #[test]
    fn json_puts_game_and_file_first() {
        #[derive(Serialize)]
        struct R {
            z: u8,
            a: &'static str,
        }
        impl fmt::Display for R {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} {}", self.z, self.a)
            }
        }
        let r: Box<dyn Report> = Box::new(R { z: 1, a: "x\ny" });
        assert_eq!(
            r.to_json(&Head {
                game: "g",
                file: "f.toml",
                vassal: None
            })
            .unwrap(),
            "{\n  \"game\": \"g\",\n  \"file\": \"f.toml\",\n  \"z\": 1,\n  \"a\": \"x\\ny\"\n}"
        );
    }
}
