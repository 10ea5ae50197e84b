//! A toy engine for the tests of the crates built on this one: a game of one number (`demo`,
//! and `other-demo` read by the same engine), so that a runner is tested without any real game.
//!
//! A state is `game = "demo"`, `score = N` (an integer) and optionally `[rules] bonus = M`;
//! its report is `{"score": N + M, "level": "win" | "loss"}`.

#![allow(clippy::unwrap_used)]

use std::fmt;

use serde::Serialize;
use wargame_kit::internal::expect::{ExpectKey, Reading};
use wargame_kit::options::{Reading as RuleReading, Registry, RuleOption};
use wargame_kit::shape::StateShape;

use crate::problem::{self, Problem};
use crate::{Engine, Engines, GameName, Picture, Report, StateFile, apply_rules};

/// The one engine, as a tool lists it.
pub const DEMO: Engines = Engines::new(&[&Demo]);

/// The toy engine.
pub struct Demo;

/// The demo's rules: a bonus added to the score.
#[derive(Debug, Default)]
pub struct Rules {
    bonus: i64,
}

/// Its one rules option, `bonus` (0 or 3).
pub static RULE_OPTIONS: Registry<Rules> = Registry::new(&[RuleOption::new(
    "bonus",
    "D1",
    "D-1",
    "points added to the score",
    &[
        RuleReading::new("0", |r| r.bonus = 0, |r| r.bonus == 0),
        RuleReading::new("3", |r| r.bonus = 3, |r| r.bonus == 3),
    ],
)]);

/// A demo report.
#[derive(Serialize)]
pub struct DemoReport {
    score: i64,
    level: &'static str,
}

impl fmt::Display for DemoReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "score {}: {}", self.score, self.level)
    }
}

impl Demo {
    /// The state's score, its bonus added; every problem located.
    fn load(file: StateFile<'_>) -> Result<i64, Vec<Problem>> {
        let source = wargame_kit::Source::new(Some(file.name), file.text);
        let table: toml::Table = toml::from_str(file.text)
            .map_err(|e| vec![source.toml_error("toml".to_string(), &e)])?;
        let Some(score) = table.get("score").and_then(toml::Value::as_integer) else {
            let d = Problem::new("score".to_string(), "no integer `score`").key("score");
            return Err(vec![source.at(d, None)]);
        };
        let mut rules = Rules::default();
        if let Some(bonus) = table
            .get("rules")
            .and_then(|r| r.get("bonus"))
            .and_then(toml::Value::as_integer)
        {
            RULE_OPTIONS
                .set(&mut rules, "bonus", &bonus.to_string())
                .map_err(|m| vec![problem::in_file("rule", file.name, m)])?;
        }
        apply_rules(file, &RULE_OPTIONS, |k, v| {
            RULE_OPTIONS.set(&mut rules, k, v)
        })?;
        Ok(score + rules.bonus)
    }
}

impl Engine for Demo {
    fn games(&self) -> &'static [GameName] {
        &[
            GameName {
                key: "demo",
                about: "a game of one number",
            },
            GameName {
                key: "other-demo",
                about: "the same, by another name",
            },
        ]
    }

    fn score(&self, file: StateFile<'_>) -> Result<Box<dyn Report>, Vec<Problem>> {
        let score = Demo::load(file)?;
        let level = if score > 0 { "win" } else { "loss" };
        Ok(Box::new(DemoReport { score, level }))
    }

    fn check(&self, file: StateFile<'_>) -> Result<(), Vec<Problem>> {
        Demo::load(file).map(|_| ())
    }

    fn render(&self, file: StateFile<'_>, _: Picture<'_>) -> Result<String, Vec<Problem>> {
        Demo::load(file).map(|s| format!("<svg>{s}</svg>"))
    }

    fn rule_options(&self) -> Vec<wargame_kit::options::RuleDescription> {
        RULE_OPTIONS.describe()
    }

    fn rule(&self, key: &str, value: &str) -> Option<Result<(), String>> {
        crate::engine::rule_taken(&RULE_OPTIONS, key, value)
    }

    fn expect_keys(&self) -> &'static [ExpectKey] {
        const KEYS: &[ExpectKey] = &[
            ExpectKey::new("score", "/score", Reading::Value, "the score"),
            ExpectKey::new("level", "/level", Reading::Value, "win or loss"),
        ];
        KEYS
    }

    fn state_schema(&self) -> schemars::Schema {
        schemars::json_schema!({"type": "object"})
    }

    fn report_schema(&self) -> Option<schemars::Schema> {
        Some(schemars::json_schema!({
            "type": "object",
            "properties": {
                "score": {"type": "integer"},
                "level": {"enum": ["win", "loss"]}
            }
        }))
    }

    fn state_shape(&self) -> StateShape<'static> {
        StateShape::new(&["demo", "other-demo"]).required(&["score"])
    }
}
