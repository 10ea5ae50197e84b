//! Every engine a tool knows, each behind one small trait, [`Engine`]: a game family is one
//! `impl Engine` and one entry of the tool's [`Engines`]. The commands (`score`, `check`,
//! `render`, `schema`, `explain`) and the suite runner only ever go through the trait; nothing
//! in this crate names a game.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;
use wargame_kit::resolve::Resolver;
use wargame_kit::shape::StateShape;

use crate::problem::{self, Problem};

/// The engines a tool knows, in the order their games are listed to people (`--help`, error
/// messages).
///
/// ```
/// use victory_engine::Engines;
/// const NONE: Engines = Engines::new(&[]);
/// assert!(NONE.find("chess").is_none());
/// assert_eq!(NONE.known(), "");
/// ```
#[derive(Clone, Copy)]
pub struct Engines {
    all: &'static [&'static dyn Engine],
}

impl Engines {
    /// These engines, in this order.
    pub const fn new(all: &'static [&'static dyn Engine]) -> Engines {
        Engines { all }
    }

    /// Every engine, in order.
    pub fn all(self) -> &'static [&'static dyn Engine] {
        self.all
    }

    /// The engine that reads `game` (its `game` key), with the key as a `'static` string.
    pub fn find(self, game: &str) -> Option<(&'static dyn Engine, &'static str)> {
        self.all
            .iter()
            .find_map(|&e| e.games().iter().find(|g| g.key == game).map(|g| (e, g.key)))
    }

    /// Every game, in the order they are listed to people.
    pub fn games(self) -> impl Iterator<Item = GameName> {
        self.all.iter().flat_map(|e| e.games().iter().copied())
    }

    /// The games' keys, as a list for people (`a, b, c`).
    pub fn known(self) -> String {
        self.games().map(|g| g.key).collect::<Vec<_>>().join(", ")
    }

    /// Where `engine` is in the list (by its first game), for what a run keeps per engine.
    pub fn position(self, engine: &dyn Engine) -> Option<usize> {
        let key = engine.games().first()?.key;
        self.all
            .iter()
            .position(|e| e.games().first().is_some_and(|g| g.key == key))
    }
}

impl fmt::Debug for Engines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.all).finish()
    }
}

/// A game the tool accepts: the value of its `game` key and a line for `--help`.
#[derive(Clone, Copy, Debug)]
pub struct GameName {
    /// The value of a state file's `game` key that names it.
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
    /// The rules options the run chooses, over the file's own `[rules]`.
    pub rules: &'a RunRules,
}

/// The rules options a run chooses (`--rule KEY=VALUE`), applied over each file's `[rules]`
/// ([`apply_rules`]).
///
/// # Example
///
/// ```
/// use victory_engine::RunRules;
/// let rules = RunRules::new(vec![("ratio".into(), "round".into())]);
/// assert_eq!(rules.chosen[0].0, "ratio");
/// assert!(!rules.only_known && RunRules::default().chosen.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunRules {
    /// Each option chosen and its value, in order.
    pub chosen: Vec<(String, String)>,
    /// Apply each only to the games that know its key (`victory test`), instead of refusing a
    /// file whose game does not.
    pub only_known: bool,
}

impl RunRules {
    /// These options, refused for a game that does not have them.
    pub fn new(chosen: Vec<(String, String)>) -> RunRules {
        RunRules {
            chosen,
            only_known: false,
        }
    }
}

/// What the engines keep from one file to the next within one run ([`Cache::kept`]: an
/// engine's maps built, by the path each resolved to, so that `victory score a.toml b.toml`
/// on one map builds it once). Shared by the threads of a suite's run (it is `Sync`).
#[derive(Default)]
pub struct Cache {
    /// One value of each type an engine keeps.
    kept: Mutex<Vec<Arc<dyn Any + Send + Sync>>>,
}

impl fmt::Debug for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cache").finish_non_exhaustive()
    }
}

impl Cache {
    /// What an engine keeps through the run, of type `T`: made (`T::default()`) the first time
    /// it is asked for, the same value after, on every thread.
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use victory_engine::Cache;
    /// let cache = Cache::default();
    /// cache.kept::<Mutex<Vec<u8>>>().lock().unwrap().push(1);
    /// assert_eq!(*cache.kept::<Mutex<Vec<u8>>>().lock().unwrap(), [1]);
    /// assert_eq!(*cache.kept::<Mutex<u32>>().lock().unwrap(), 0);
    /// ```
    pub fn kept<T: Any + Default + Send + Sync>(&self) -> Arc<T> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = kept.iter().find_map(|k| Arc::clone(k).downcast::<T>().ok()) {
            return found;
        }
        let made = Arc::new(T::default());
        kept.push(Arc::clone(&made) as Arc<dyn Any + Send + Sync>);
        made
    }
}

/// The run's rules options ([`RunRules`]) on a file an engine loads, each chosen with `set`
/// (with [`RunRules::only_known`], only those `registry` knows); the first refused is a
/// problem naming the file.
pub fn apply_rules<R>(
    file: StateFile<'_>,
    registry: &wargame_kit::options::Registry<R>,
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), Vec<Problem>> {
    for (key, value) in &file.rules.chosen {
        if file.rules.only_known && registry.option(key).is_err() {
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

/// `--rule KEY=VALUE` against one engine's options ([`Engine::rule`]): `None` when it has no
/// option `key`, else whether it takes `value`.
pub fn rule_taken<R>(
    registry: &wargame_kit::options::Registry<R>,
    key: &str,
    value: &str,
) -> Option<Result<(), String>> {
    registry.option(key).ok()?;
    Some(registry.choose(key, value).map(|_| ()))
}

/// What `victory render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture<'a> {
    /// The engine's SVG picture: of part of the map only, when `--crop` says which.
    Svg(Option<&'a Crop>),
    /// The engine's self-contained interactive HTML page (of the whole map).
    Html,
}

/// `--crop`: the part of a map to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Crop {
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

/// `FROM:TO`, two hex labels as printed, or `focus`, as `--crop` takes them; why not, in words
/// (the text is made one line for the message).
///
/// # Example
///
/// ```
/// use victory_engine::Crop;
///
/// assert_eq!("focus".parse(), Ok(Crop::Focus));
/// let corners = Crop::Corners { from: "1113".into(), to: "1927".into() };
/// assert_eq!(" 1113 : 1927".parse(), Ok(corners));
/// assert!("1113".parse::<Crop>().unwrap_err().contains("give two corner hexes as FROM:TO"));
/// ```
impl std::str::FromStr for Crop {
    type Err = String;

    fn from_str(text: &str) -> Result<Crop, String> {
        if text.trim() == "focus" {
            return Ok(Crop::Focus);
        }
        match text.split_once(':') {
            Some((from, to)) if !from.trim().is_empty() && !to.trim().is_empty() => {
                Ok(Crop::Corners {
                    from: from.trim().to_string(),
                    to: to.trim().to_string(),
                })
            }
            _ => Err(format!(
                "`{}`: give two corner hexes as FROM:TO (e.g. 1113:1927), or `focus`",
                wargame_kit::terminal::one_line(text)
            )),
        }
    }
}

/// One game family's engine, as the tool uses it (shared by the threads of a suite's run).
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

/// An engine's report: its readable text (`Display`) and its JSON (it is `Serialize`, as a
/// trait object too: [`Headed`] puts reports of any engines in one JSON document).
pub trait Report: fmt::Display + erased_serde::Serialize {
    /// The report as pretty JSON: an object with `game` and `file` first, then the report's own
    /// fields in the engine's order (the engine's JSON shape, not a second one). No final newline.
    fn to_json(&self, head: &Head<'_>) -> serde_json::Result<String>;

    /// The report's own fields as a JSON value (what [`Engine::report_schema`] describes:
    /// without `game` and `file`).
    fn to_value(&self) -> serde_json::Result<serde_json::Value>;
}

erased_serde::serialize_trait_object!(Report);

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

/// A report with `game` and `file` in front of its own fields (and a VASSAL save's origins
/// after them): what [`Report::to_json`] writes, as a value to serialize, alone or in a list of
/// reports of any engines.
///
/// # Example
///
/// ```
/// use victory_engine::{Head, Headed, Report};
/// #[derive(serde::Serialize)]
/// struct Won { level: &'static str }
/// impl std::fmt::Display for Won {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(self.level) }
/// }
/// let reports: Vec<Box<dyn Report>> = vec![Box::new(Won { level: "major" })];
/// let head = Head { game: "demo", file: "a.toml", vassal: None };
/// let list: Vec<Headed<'_>> = reports.iter().map(|r| Headed::new(r.as_ref(), &head)).collect();
/// assert_eq!(
///     serde_json::to_string(&list).unwrap(),
///     r#"[{"game":"demo","file":"a.toml","level":"major"}]"#
/// );
/// ```
#[derive(Serialize)]
pub struct Headed<'a> {
    game: &'a str,
    file: &'a str,
    #[serde(flatten)]
    report: &'a dyn Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    vassal: Option<&'a serde_json::Value>,
}

impl<'a> Headed<'a> {
    /// `report` with `head` in front.
    pub fn new(report: &'a dyn Report, head: &Head<'a>) -> Self {
        Headed {
            game: head.game,
            file: head.file,
            report,
            vassal: head.vassal,
        }
    }
}

impl fmt::Debug for Headed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Headed")
            .field("game", &self.game)
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl<R: Serialize + fmt::Display> Report for R {
    fn to_json(&self, head: &Head<'_>) -> serde_json::Result<String> {
        serde_json::to_string_pretty(&Headed::new(self, head))
    }

    fn to_value(&self) -> serde_json::Result<serde_json::Value> {
        serde_json::to_value(self)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;
    use crate::internal::testing::{DEMO, Demo};

    #[test]
    fn engines_find_their_games_in_order() {
        assert_eq!(DEMO.known(), "demo, other-demo");
        let (engine, key) = DEMO.find("other-demo").unwrap();
        assert_eq!(key, "other-demo");
        assert_eq!(DEMO.position(engine), Some(0));
        assert!(DEMO.find("chess").is_none());
        assert_eq!(format!("{DEMO:?}"), "[[\"demo\", \"other-demo\"]]");
    }

    #[test]
    fn rules_are_applied_or_refused_naming_the_file() {
        fn file<'a>(cache: &'a Cache, rules: &'a RunRules) -> StateFile<'a> {
            StateFile {
                name: "a.toml",
                text: "",
                resolver: &wargame_kit::resolve::NoResolver,
                cache,
                rules,
            }
        }
        let cache = Cache::default();
        let mut rules = RunRules::new(vec![("bonus".into(), "3".into())]);
        let registry = &crate::internal::testing::RULE_OPTIONS;
        let mut chosen = Vec::new();
        let set = |k: &str, v: &str| {
            chosen.push(format!("{k}={v}"));
            Ok(())
        };
        apply_rules(file(&cache, &rules), registry, set).unwrap();
        assert_eq!(chosen, ["bonus=3"]);
        rules.chosen.push(("other".into(), "x".into()));
        let refused = apply_rules(file(&cache, &rules), registry, |k, _| {
            Err(format!("no {k}"))
        });
        assert_eq!(
            refused.unwrap_err()[0].to_string(),
            "a.toml: --rule bonus=3: no bonus"
        );
        // Only the options the game knows, in a suite's run.
        rules.only_known = true;
        let mut seen = Vec::new();
        apply_rules(file(&cache, &rules), registry, |k, _| {
            seen.push(k.to_string());
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, ["bonus"]);
        assert_eq!(rule_taken(registry, "other", "x"), None);
        assert_eq!(rule_taken(registry, "bonus", "3"), Some(Ok(())));
        assert!(matches!(rule_taken(registry, "bonus", "x"), Some(Err(_))));
        assert!(Demo.rule("bonus", "3").is_some());
    }

    #[test]
    fn kept_values_are_one_per_type_and_shared() {
        let cache = Cache::default();
        let a = cache.kept::<Mutex<Vec<String>>>();
        a.lock().unwrap().push("map".into());
        std::thread::scope(|s| {
            s.spawn(|| {
                let b = cache.kept::<Mutex<Vec<String>>>();
                assert!(Arc::ptr_eq(&a, &b));
            });
        });
        assert_eq!(cache.kept::<Mutex<Vec<String>>>().lock().unwrap().len(), 1);
        assert_eq!(*cache.kept::<Mutex<u8>>().lock().unwrap(), 0);
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
        assert_eq!(
            r.to_value().unwrap(),
            serde_json::json!({"z": 1, "a": "x\ny"})
        );
    }
}
