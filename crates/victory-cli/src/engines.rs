//! One place that knows every engine: scoring a file, validating it, and each fixture format's
//! JSON Schema. Adding a game is adding a [`Game`] variant and an arm here.

use std::fmt;

use serde::Serialize;

use crate::input::{Game, Input};
use crate::problem::{self, Problem};
use crate::resolver::CliResolver;

/// An engine's report, as that engine serializes and displays it.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// Leyte.
    Leyte(Box<leyte_victory::Report>),
    /// Axis Empires: Dai Senso!, alone or in the combined game.
    AsiaEngulfed(Box<asia_engulfed_victory::Report>),
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Leyte(r) => r.fmt(f),
            Report::AsiaEngulfed(r) => r.fmt(f),
        }
    }
}

/// A scored file: the report with `game` and `file` in front (`score --format json`).
///
/// The report's own fields follow, in the engine's order: this is the engine's JSON shape, not a
/// second one.
#[derive(Debug, Serialize)]
pub struct Scored {
    /// The file's `game`.
    pub game: &'static str,
    /// The file as named on the command line.
    pub file: String,
    /// The engine's report.
    #[serde(flatten)]
    pub report: Report,
}

/// Score a file with its game's engine.
pub fn score(input: &Input, resolver: &CliResolver) -> Result<Scored, Vec<Problem>> {
    let report = match input.game {
        Game::Leyte => leyte_victory::score_toml(&input.text, Some(&input.name), resolver)
            .map(|r| Report::Leyte(Box::new(r)))
            .map_err(|e| problems(e.into_diagnostics()))?,
        Game::DaiSenso | Game::AxisEmpires => {
            let state = asia_engulfed_victory::State::from_toml_str(
                &input.text,
                Some(&input.name),
                resolver,
            )
            .map_err(|e| problems(e.into_diagnostics()))?;
            let rules = asia_engulfed_victory::Rules::default();
            Report::AsiaEngulfed(Box::new(asia_engulfed_victory::evaluate(&state, &rules)))
        }
    };
    Ok(Scored {
        game: input.game.key(),
        file: input.name.clone(),
        report,
    })
}

/// Draw a file with its game's engine (the engines' `svg` feature).
pub fn render(input: &Input, resolver: &CliResolver) -> Result<String, Vec<Problem>> {
    match input.game {
        Game::Leyte => {
            let game = leyte_victory::load(&input.text, Some(&input.name), resolver)
                .map_err(|e| problems(e.into_diagnostics()))?;
            let report = game.score().map_err(|e| problems(e.into_diagnostics()))?;
            Ok(leyte_victory::svg::render_game(&game, &report))
        }
        Game::DaiSenso | Game::AxisEmpires => {
            let state = asia_engulfed_victory::State::from_toml_str(
                &input.text,
                Some(&input.name),
                resolver,
            )
            .map_err(|e| problems(e.into_diagnostics()))?;
            let report =
                asia_engulfed_victory::evaluate(&state, &asia_engulfed_victory::Rules::default());
            Ok(asia_engulfed_victory::svg::render(&state, &report))
        }
    }
}

/// Every problem, as the command line reports it.
pub fn problems<K: Serialize>(ds: Vec<hexmap::Diagnostic<K>>) -> Vec<Problem> {
    ds.into_iter().map(problem::from_engine).collect()
}

/// The JSON Schema of a game's state file format.
pub fn schema(game: Game) -> schemars::Schema {
    match game {
        Game::Leyte => schemars::schema_for!(leyte_victory::state::StateSpec),
        Game::DaiSenso | Game::AxisEmpires => {
            schemars::schema_for!(asia_engulfed_victory::StateSpec)
        }
    }
}
