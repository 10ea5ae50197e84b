//! Rules options: the readings of ambiguous rules text an engine lets a table choose, each
//! declared once, as one item of the engine's [`Registry`].
//!
//! An item ([`RuleOption`]) holds everything about one option: its key (in a state file's
//! `[rules]` and in `--rule KEY=VALUE`), its [`Reading`]s with the default first (each the word
//! a table writes, what it means, and how it is set in and recognised from the engine's rules
//! value `R`), the rule paragraph, the ruling that chose the default, and its words. A reading
//! made with [`Reading::sets`] is recognised by setting it again, so each value is written once,
//! beside its word. Everything else is read from the registry: choosing a value
//! ([`Registry::set`]), the options in force in a report ([`Registry::in_force`]), the list a
//! tool shows ([`Registry::describe`]), the JSON Schema of the `[rules]` table
//! ([`Registry::schema`], feature `schema`), and an option as a report's words name it
//! ([`Registry::setting`], [`Registry::setting_by`]). Adding an option is one item.
//!
//! ```
//! use wargame_kit::options::{Reading, Registry, RuleOption, non_defaults};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
//! enum Rounding { #[default] Truncate, Round }
//!
//! #[derive(Debug, Default)]
//! struct Rules { ratio: Rounding }
//!
//! static OPTIONS: Registry<Rules> = Registry::new(&[RuleOption::new(
//!     "ratio",
//!     "L11",
//!     "L-14",
//!     "the ratio between printed bands",
//!     &[
//!         Reading::new("truncate", |r| r.ratio = Rounding::Truncate, |r| r.ratio == Rounding::Truncate),
//!         Reading::new("round", |r| r.ratio = Rounding::Round, |r| r.ratio == Rounding::Round),
//!     ],
//! )]);
//!
//! let mut rules = Rules::default();
//! assert_eq!(non_defaults(&OPTIONS.in_force(&rules)), None);
//! OPTIONS.set(&mut rules, "ratio", "round").unwrap();
//! assert_eq!(rules.ratio, Rounding::Round);
//! assert_eq!(non_defaults(&OPTIONS.in_force(&rules)).as_deref(), Some("ratio = round"));
//! assert_eq!(OPTIONS.set(&mut rules, "ratio", "up").unwrap_err(), "`ratio` takes truncate or round, not `up`");
//! assert!(OPTIONS.set(&mut rules, "rate", "round").unwrap_err().starts_with("unknown rules option `rate`"));
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::diag::{Collector, Diagnostic, unknown_key, unknown_value};

/// One value of a rules option: the word a table writes, and how the engine's rules value `R`
/// takes it and shows it.
pub struct Reading<R: 'static> {
    /// The value, as written in `[rules]` and `--rule KEY=VALUE`.
    pub value: &'static str,
    /// Set this reading on the rules.
    choose: fn(&mut R),
    /// Whether the rules hold this reading.
    chosen: Chosen<R>,
}

/// How a [`Reading`] is recognised in the rules.
enum Chosen<R: 'static> {
    /// By a function of its own.
    By(fn(&R) -> bool),
    /// By choosing it on a copy of the rules: they hold it when that changes nothing.
    ByChoosing(fn(&R, fn(&mut R)) -> bool),
}

/// Whether `rules` already hold what `choose` sets.
fn unchanged_by<R: Clone + PartialEq>(rules: &R, choose: fn(&mut R)) -> bool {
    let mut probe = rules.clone();
    choose(&mut probe);
    probe == *rules
}

impl<R> Reading<R> {
    /// A reading: its value, how to set it, how to recognise it.
    pub const fn new(value: &'static str, choose: fn(&mut R), chosen: fn(&R) -> bool) -> Self {
        Reading {
            value,
            choose,
            chosen: Chosen::By(chosen),
        }
    }

    /// Set this reading on `rules`.
    pub fn choose(&self, rules: &mut R) {
        (self.choose)(rules);
    }

    /// Whether `rules` hold this reading.
    pub fn is_chosen(&self, rules: &R) -> bool {
        match self.chosen {
            Chosen::By(chosen) => chosen(rules),
            Chosen::ByChoosing(unchanged) => unchanged(rules, self.choose),
        }
    }
}

impl<R: Clone + PartialEq> Reading<R> {
    /// A reading declared by what it sets alone: the word, and how to set it. The rules hold
    /// it when setting it on them changes nothing, so its value is written once.
    ///
    /// ```
    /// use wargame_kit::options::Reading;
    /// #[derive(Clone, Copy, PartialEq, Eq)]
    /// enum Rounding { Truncate, Round }
    /// #[derive(Clone, PartialEq)]
    /// struct Rules { ratio: Rounding }
    /// let round = Reading::sets("round", |r: &mut Rules| r.ratio = Rounding::Round);
    /// let mut rules = Rules { ratio: Rounding::Truncate };
    /// assert!(!round.is_chosen(&rules));
    /// round.choose(&mut rules);
    /// assert!(round.is_chosen(&rules));
    /// ```
    pub const fn sets(value: &'static str, choose: fn(&mut R)) -> Self {
        Reading {
            value,
            choose,
            chosen: Chosen::ByChoosing(unchanged_by::<R>),
        }
    }
}

impl<R> fmt::Debug for Reading<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Reading").field(&self.value).finish()
    }
}

/// An older key still accepted for an option, with each of its values and the option's value it
/// stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The older key.
    pub key: &'static str,
    /// `(older value, the option's value)`, for every value the older key took.
    pub values: &'static [(&'static str, &'static str)],
}

/// One rules option: its key, its readings (the default first), the paragraph, the ruling and
/// its words; one item of an engine's [`Registry`].
#[derive(Debug)]
pub struct RuleOption<R: 'static> {
    /// The key in a state file's `[rules]` and in `--rule KEY=VALUE`.
    pub key: &'static str,
    /// The rule paragraph.
    pub rule: &'static str,
    /// The ruling that chose the default (its id in `docs/rulings.md`).
    pub ruling: &'static str,
    /// What it decides, in words.
    pub about: &'static str,
    /// The readings, the default first.
    pub readings: &'static [Reading<R>],
    /// Older keys still accepted for it.
    pub aliases: &'static [Alias],
}

impl<R> RuleOption<R> {
    /// An option with these readings (the default first) and no older key.
    pub const fn new(
        key: &'static str,
        rule: &'static str,
        ruling: &'static str,
        about: &'static str,
        readings: &'static [Reading<R>],
    ) -> Self {
        RuleOption {
            key,
            rule,
            ruling,
            about,
            readings,
            aliases: &[],
        }
    }

    /// The same option, also accepted under these older keys.
    pub const fn with_aliases(mut self, aliases: &'static [Alias]) -> Self {
        self.aliases = aliases;
        self
    }

    /// The values, the default first.
    pub fn values(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.readings.iter().map(|r| r.value)
    }

    /// The reading of `value`, or why not (the values it takes).
    pub fn reading(&self, value: &str) -> Result<&'static Reading<R>, String> {
        self.readings
            .iter()
            .find(|r| r.value == value)
            .ok_or_else(|| {
                let values: Vec<&str> = self.values().collect();
                format!("`{}` takes {}, not `{value}`", self.key, one_of(&values))
            })
    }

    /// The reading in force in `rules`: the first that `rules` hold.
    fn in_force(&self, rules: &R) -> Option<&'static Reading<R>> {
        self.readings.iter().find(|r| r.is_chosen(rules))
    }

    /// What a tool lists of it.
    fn describe(&self) -> RuleDescription {
        RuleDescription {
            key: self.key,
            values: self.values().collect(),
            rule: self.rule,
            ruling: self.ruling,
            about: self.about,
            aliases: self.aliases.iter().map(|a| a.key).collect(),
        }
    }
}

/// `a or b`, `a, b or c`.
fn one_of(values: &[&str]) -> String {
    match values.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => values.join(""),
    }
}

/// Every rules option of one engine: the one place each is declared.
#[derive(Debug)]
pub struct Registry<R: 'static> {
    options: &'static [RuleOption<R>],
}

/// A value chosen for an option: the option's key and the reading (what
/// [`Registry::choose`] returns, to set now or later).
#[derive(Debug)]
pub struct Choice<R: 'static> {
    /// The option's key (the current one, when the choice was made under an older key).
    pub key: &'static str,
    /// The reading chosen.
    pub reading: &'static Reading<R>,
}

// Derived `Clone`/`Copy` would ask `R: Clone`; a choice holds only references.
impl<R> Clone for Choice<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for Choice<R> {}

impl<R> Registry<R> {
    /// The registry of these options.
    pub const fn new(options: &'static [RuleOption<R>]) -> Self {
        Registry { options }
    }

    /// Every option, in the order they are listed.
    pub fn options(&self) -> &'static [RuleOption<R>] {
        self.options
    }

    /// The option of `key`, or of an older key for it (with the alias), or why not (the known
    /// keys).
    pub fn option(
        &self,
        key: &str,
    ) -> Result<(&'static RuleOption<R>, Option<&'static Alias>), String> {
        for option in self.options {
            if option.key == key {
                return Ok((option, None));
            }
            if let Some(alias) = option.aliases.iter().find(|a| a.key == key) {
                return Ok((option, Some(alias)));
            }
        }
        let keys: Vec<&str> = self.options.iter().map(|o| o.key).collect();
        Err(format!(
            "unknown rules option `{key}` (the options: {})",
            keys.join(", ")
        ))
    }

    /// Check `key = value`: the reading it chooses, or why not (an unknown key, with the known
    /// ones; a value the option does not take, with its values). An older key's value is read
    /// as the value it stands for.
    pub fn choose(&self, key: &str, value: &str) -> Result<Choice<R>, String> {
        let (option, alias) = self.option(key)?;
        let reading = match alias {
            None => option.reading(value)?,
            Some(alias) => {
                let Some((_, new)) = alias.values.iter().find(|(old, _)| *old == value) else {
                    let values: Vec<&str> = alias.values.iter().map(|(old, _)| *old).collect();
                    return Err(format!("`{key}` takes {}, not `{value}`", one_of(&values)));
                };
                option.reading(new)?
            }
        };
        Ok(Choice {
            key: option.key,
            reading,
        })
    }

    /// Choose `value` for option `key` on `rules`, or say why not ([`Registry::choose`]).
    pub fn set(&self, rules: &mut R, key: &str, value: &str) -> Result<(), String> {
        self.choose(key, value)?.reading.choose(rules);
        Ok(())
    }

    /// Check `key = value` as a file writes it: the reading it chooses, or the problem (of kind
    /// `kind`, worded as the TOML shape reader words an unknown key or value, with "did you
    /// mean" for a slip), without key path or place (the caller adds them).
    pub fn choose_in_file<K>(
        &self,
        key: &str,
        value: &str,
        kind: K,
    ) -> Result<Choice<R>, Box<Diagnostic<K>>> {
        let (words, help) = match self.option(key) {
            Err(_) => {
                let known: Vec<String> = self.options.iter().map(|o| o.key.to_string()).collect();
                unknown_key(key, &known)
            }
            Ok((option, alias)) => match self.choose(key, value) {
                Ok(choice) => return Ok(choice),
                Err(_) => {
                    let known: Vec<String> = match alias {
                        None => option.values().map(str::to_string).collect(),
                        Some(a) => a.values.iter().map(|(old, _)| (*old).to_string()).collect(),
                    };
                    unknown_value(value, &known)
                }
            },
        };
        let d = Diagnostic::new(kind, words);
        Err(Box::new(match help {
            Some(help) => d.help(help),
            None => d,
        }))
    }

    /// Read a state file's `[rules]` table: the choices it makes, in key order, and a problem
    /// of kind `kind` in `problems` for each key or value refused (keyed `rules.KEY`; an
    /// unknown key at the key, a value at the value), worded as [`Registry::choose_in_file`]
    /// words it. A table that sets one option twice (under its key and an older one) is
    /// refused at the later key. Not covered by semver: the problems go to a
    /// [`crate::internal::Collector`], which is internal.
    pub fn read_table<K: Copy>(
        &self,
        table: &RulesTable,
        kind: K,
        problems: &mut Collector<'_, K>,
    ) -> Vec<Choice<R>> {
        let mut chosen: Vec<(Choice<R>, &str)> = Vec::new();
        for (key, value) in &table.0 {
            let at = format!("rules.{}", key.get_ref());
            match self.choose_in_file(key.get_ref(), &value.get_ref().0, kind) {
                Ok(choice) => {
                    if let Some((_, first)) = chosen.iter().find(|(c, _)| c.key == choice.key) {
                        let words = if key.get_ref() == choice.key {
                            format!(
                                "`{}` is also set under its older key `{first}`: keep one",
                                choice.key
                            )
                        } else {
                            format!(
                                "`{}` is the older key of `{}`, which this table also sets: keep one",
                                key.get_ref(),
                                choice.key
                            )
                        };
                        let d = Diagnostic::new(kind, words).key(at);
                        problems.push(d, Some(key.span()));
                    } else {
                        chosen.push((choice, key.get_ref()));
                    }
                }
                Err(d) => {
                    let span = if self.option(key.get_ref()).is_err() {
                        key.span()
                    } else {
                        value.span()
                    };
                    problems.push((*d).key(at), Some(span));
                }
            }
        }
        chosen.into_iter().map(|(c, _)| c).collect()
    }

    /// Every option with its value in `rules`, for a report.
    pub fn in_force(&self, rules: &R) -> Vec<RuleInForce> {
        self.options
            .iter()
            .map(|o| {
                let now = o.in_force(rules);
                RuleInForce {
                    key: o.key.to_string(),
                    value: now.map_or("", |r| r.value).to_string(),
                    default: match (now, o.readings.first()) {
                        (Some(now), Some(first)) => std::ptr::eq(now, first),
                        _ => false,
                    },
                }
            })
            .collect()
    }

    /// `key = value` of option `key` as `rules` hold it, for a report's words: the value
    /// written as the option declares it. `None` for a key it does not know.
    ///
    /// ```
    /// use wargame_kit::options::{Reading, Registry, RuleOption};
    /// #[derive(Clone, Default, PartialEq)]
    /// struct Rules { round: bool }
    /// static OPTIONS: Registry<Rules> = Registry::new(&[RuleOption::new("ratio", "L11", "L-14", "", &[
    ///     Reading::sets("truncate", |r| r.round = false),
    ///     Reading::sets("round", |r| r.round = true),
    /// ])]);
    /// let rules = Rules { round: true };
    /// assert_eq!(OPTIONS.setting(&rules, "ratio").as_deref(), Some("ratio = round"));
    /// assert_eq!(OPTIONS.cited(&rules, "ratio").as_deref(), Some("ratio = round, ruling L-14"));
    /// assert_eq!(OPTIONS.setting(&rules, "rate"), None);
    /// ```
    pub fn setting(&self, rules: &R, key: &str) -> Option<String> {
        let option = self.options.iter().find(|o| o.key == key)?;
        let reading = option.in_force(rules)?;
        Some(format!("{} = {}", option.key, reading.value))
    }

    /// [`Registry::setting`] with the ruling that chose the option's default: `key = value,
    /// ruling ID`.
    pub fn cited(&self, rules: &R, key: &str) -> Option<String> {
        let option = self.options.iter().find(|o| o.key == key)?;
        let setting = self.setting(rules, key)?;
        Some(format!("{setting}, ruling {}", option.ruling))
    }
}

impl<R: Default> Registry<R> {
    /// `key = value` of the reading that `set` takes the default rules to, for words that name
    /// a reading whatever the rules in force (`allied_bonus_cap = beyond turns this off`): the
    /// value is written as the option declares it, not again in the words. `None` when `set`
    /// leaves every option at its default.
    ///
    /// ```
    /// use wargame_kit::options::{Reading, Registry, RuleOption};
    /// #[derive(Clone, Default, PartialEq)]
    /// struct Rules { round: bool }
    /// static OPTIONS: Registry<Rules> = Registry::new(&[RuleOption::new("ratio", "L11", "L-14", "", &[
    ///     Reading::sets("truncate", |r| r.round = false),
    ///     Reading::sets("round", |r| r.round = true),
    /// ])]);
    /// assert_eq!(OPTIONS.setting_by(|r| r.round = true).as_deref(), Some("ratio = round"));
    /// assert_eq!(OPTIONS.setting_by(|r| r.round = false), None);
    /// ```
    pub fn setting_by(&self, set: fn(&mut R)) -> Option<String> {
        let mut rules = R::default();
        set(&mut rules);
        non_defaults(&self.in_force(&rules))
    }
}

impl<R> Registry<R> {
    /// What a tool lists of every option (`victory rules GAME`).
    pub fn describe(&self) -> Vec<RuleDescription> {
        self.options.iter().map(RuleOption::describe).collect()
    }

    /// Check the registry against the engine's own report: `choose_and_report(key, value)`
    /// makes the engine's default rules, sets `key = value` on them as a table would (its state
    /// file or `--rule`) and returns what its report says is in force. For every value of every
    /// option, that must be accepted and reported back, marked the default exactly when it is
    /// the first value, with every other option at its default; every older key's value must be
    /// reported as the value it stands for. Returns the first disagreement. For an engine's
    /// tests: it catches a reading that sets another, a value that `set` drops or reports as
    /// another, and a report that misstates an option.
    ///
    /// ```
    /// use wargame_kit::options::{Reading, Registry, RuleOption};
    /// #[derive(Default)]
    /// struct Rules { round: bool }
    /// static GOOD: Registry<Rules> = Registry::new(&[RuleOption::new("ratio", "L11", "L-14", "", &[
    ///     Reading::new("truncate", |r| r.round = false, |r| !r.round),
    ///     Reading::new("round", |r| r.round = true, |r| r.round),
    /// ])]);
    /// let engine = |key: &str, value: &str| {
    ///     let mut rules = Rules::default();
    ///     GOOD.set(&mut rules, key, value)?;
    ///     Ok(GOOD.in_force(&rules))
    /// };
    /// assert_eq!(GOOD.check_every_value(engine), Ok(()));
    ///
    /// // A reading that sets the wrong thing is caught.
    /// static BAD: Registry<Rules> = Registry::new(&[RuleOption::new("ratio", "L11", "L-14", "", &[
    ///     Reading::new("truncate", |r| r.round = false, |r| !r.round),
    ///     Reading::new("round", |r| r.round = false, |r| r.round),
    /// ])]);
    /// let engine = |key: &str, value: &str| {
    ///     let mut rules = Rules::default();
    ///     BAD.set(&mut rules, key, value)?;
    ///     Ok(BAD.in_force(&rules))
    /// };
    /// assert!(BAD.check_every_value(engine).is_err());
    /// ```
    pub fn check_every_value<F>(&self, mut choose_and_report: F) -> Result<(), String>
    where
        F: FnMut(&str, &str) -> Result<Vec<RuleInForce>, String>,
    {
        for option in self.options {
            let mut cases: Vec<(&str, &str, &str)> =
                option.values().map(|v| (option.key, v, v)).collect();
            for alias in option.aliases {
                cases.extend(
                    alias
                        .values
                        .iter()
                        .map(|(old, new)| (alias.key, *old, *new)),
                );
            }
            for (key, value, meant) in cases {
                let all = choose_and_report(key, value)
                    .map_err(|e| format!("`{key} = {value}` refused: {e}"))?;
                let Some(got) = all.iter().find(|f| f.key == option.key) else {
                    return Err(format!("`{}` is not reported in force", option.key));
                };
                let default = option.readings.first().map(|r| r.value) == Some(meant);
                if got.value != meant || got.default != default {
                    return Err(format!(
                        "`{key} = {value}` is reported as `{}` (default: {})",
                        got.value, got.default
                    ));
                }
                let changed: Vec<&str> = all
                    .iter()
                    .filter(|f| !f.default && f.key != option.key)
                    .map(|f| f.key.as_str())
                    .collect();
                if !changed.is_empty() {
                    return Err(format!(
                        "`{key} = {value}` also changes {}",
                        changed.join(", ")
                    ));
                }
            }
        }
        Ok(())
    }

    /// The JSON Schema of a state file's `[rules]` table: one property per option (and per
    /// older key), each taking its values, described by its words, paragraph and ruling; no
    /// other key. A value `true` or `false` may also be written as a TOML boolean.
    #[cfg(feature = "schema")]
    pub fn schema(&self) -> schemars::Schema {
        let mut properties = serde_json::Map::new();
        for o in self.options {
            let values: Vec<&str> = o.values().collect();
            let default = values.first().copied().unwrap_or_default();
            properties.insert(
                o.key.to_string(),
                value_schema(
                    &values,
                    &format!(
                        "{} ({}; ruling {}): {} (default `{default}`).",
                        o.about,
                        o.rule,
                        o.ruling,
                        values.join(" or ")
                    ),
                ),
            );
            for a in o.aliases {
                let old: Vec<&str> = a.values.iter().map(|(old, _)| *old).collect();
                properties.insert(
                    a.key.to_string(),
                    value_schema(
                        &old,
                        &format!("The older key for `{}` ({}).", o.key, old.join(" or ")),
                    ),
                );
            }
        }
        let mut schema = schemars::Schema::default();
        schema.insert("type".into(), "object".into());
        schema.insert(
            "description".into(),
            "The rules options this state chooses (`victory rules GAME` lists them).".into(),
        );
        schema.insert("properties".into(), properties.into());
        schema.insert("additionalProperties".into(), false.into());
        schema
    }
}

/// One value's schema: its strings, and the booleans among them as TOML booleans too.
#[cfg(feature = "schema")]
fn value_schema(values: &[&str], description: &str) -> serde_json::Value {
    let mut allowed: Vec<serde_json::Value> = values.iter().map(|v| (*v).into()).collect();
    for v in values {
        if let Ok(b) = v.parse::<bool>() {
            allowed.push(b.into());
        }
    }
    serde_json::json!({ "enum": allowed, "description": description })
}

/// A state file's `[rules]` table as written: each key with its value (a string, or a TOML
/// boolean for an option whose values are `true` and `false`) and where the value is written.
/// [`Registry::read_table`] reads it; the engine's schema of it is [`Registry::schema`].
///
/// ```
/// use wargame_kit::options::RulesTable;
/// #[derive(serde::Deserialize)]
/// struct State { rules: RulesTable }
/// let state: State = wargame_kit::toml::from_str("[rules]\nratio = \"round\"\nbonus = false\n").unwrap();
/// assert_eq!(state.rules.len(), 2);
/// ```
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct RulesTable(BTreeMap<Spanned<String>, Spanned<RuleValue>>);

impl RulesTable {
    /// How many keys it sets.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it sets none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A value in `[rules]`: a string, or a boolean read as `true` / `false`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RuleValue(String);

impl<'de> Deserialize<'de> for RuleValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = RuleValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a rules option's value (a string, or true or false)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RuleValue, E> {
                Ok(RuleValue(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<RuleValue, E> {
                Ok(RuleValue(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// What a tool lists of one option: its key, its values (the default first), the paragraph, the
/// ruling, its words and its older keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RuleDescription {
    /// The key.
    pub key: &'static str,
    /// The values, the default first.
    pub values: Vec<&'static str>,
    /// The rule paragraph.
    pub rule: &'static str,
    /// The ruling that chose the default.
    pub ruling: &'static str,
    /// What it decides, in words.
    pub about: &'static str,
    /// Older keys still accepted for it.
    pub aliases: Vec<&'static str>,
}

/// An option in force in a report: its key, its value, and whether that is the default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct RuleInForce {
    /// The option's key.
    pub key: String,
    /// Its value.
    pub value: String,
    /// Whether the value is the default.
    pub default: bool,
}

/// `key = value, ...` of the options that differ from their defaults; `None` when none does.
pub fn non_defaults(in_force: &[RuleInForce]) -> Option<String> {
    let chosen: Vec<String> = in_force
        .iter()
        .filter(|r| !r.default)
        .map(|r| format!("{} = {}", r.key, r.value))
        .collect();
    (!chosen.is_empty()).then(|| chosen.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, Eq)]
    struct Rules {
        decide: bool,
    }

    static WITH_ALIAS: Registry<Rules> = Registry::new(&[RuleOption::new(
        "automatic",
        "0.2",
        "D-2",
        "",
        &[
            Reading::new("ends-game", |r: &mut Rules| r.decide = false, |r| !r.decide),
            Reading::new("vp-decide", |r: &mut Rules| r.decide = true, |r| r.decide),
        ],
    )
    .with_aliases(&[Alias {
        key: "box",
        values: &[("wins", "ends-game"), ("scores", "vp-decide")],
    }])]);

    #[test]
    fn an_older_key_chooses_the_value_it_stands_for() {
        let mut rules = Rules::default();
        WITH_ALIAS
            .set(&mut rules, "box", "scores")
            .unwrap_or_default();
        assert!(rules.decide);
        let c = WITH_ALIAS.choose("box", "wins");
        assert_eq!(
            c.map(|c| (c.key, c.reading.value)),
            Ok(("automatic", "ends-game"))
        );
        assert_eq!(
            WITH_ALIAS.choose("box", "vp-decide").map(|c| c.key),
            Err("`box` takes wins or scores, not `vp-decide`".to_string())
        );
        let engine = |key: &str, value: &str| {
            let mut rules = Rules::default();
            WITH_ALIAS.set(&mut rules, key, value)?;
            Ok(WITH_ALIAS.in_force(&rules))
        };
        assert_eq!(WITH_ALIAS.check_every_value(engine), Ok(()));
        assert_eq!(WITH_ALIAS.describe()[0].aliases, ["box"]);
    }
}
