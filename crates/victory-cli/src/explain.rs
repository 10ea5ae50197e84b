//! `victory explain`: one Leyte unit's Line of Communications, hex by hex, or what cuts it.
//!
//! Everything comes from the engine: the path or the frontier from the report's `loc` entry,
//! the award from the enemy's awards, and the beach areas and the number of hexes of any
//! terrain from the loaded scenario.

use std::fmt::Write;

use leyte_victory::{AwardKind, BlockReason, LocEntry, Report, Side};

use crate::input::{Game, Input};
use crate::problem::{self, Problem};
use crate::resolver::CliResolver;

/// The explanation of unit `id` in a Leyte file, as text.
pub fn explain(input: &Input, id: &str, resolver: &CliResolver) -> Result<String, Vec<Problem>> {
    if input.game != Game::Leyte {
        return Err(vec![problem::in_file(
            "game",
            &input.name,
            format!(
                "`explain` traces Leyte's Lines of Communications; this is a `{}` file, which has none (try `victory score`)",
                input.game.key()
            ),
        )]);
    }
    let problems = |e: leyte_victory::Error| crate::engines::problems(e.into_diagnostics());
    let game = leyte_victory::load(&input.text, Some(&input.name), resolver).map_err(problems)?;
    let report = game.score().map_err(problems)?;

    if let Some(entry) = report.loc.iter().find(|e| e.unit == id) {
        let mut out = String::new();
        if entry.path.is_some() {
            traced(&mut out, &game, entry);
        } else {
            cut(&mut out, &game, &report, entry);
        }
        return Ok(out);
    }
    let tracing = &game.scenario().loc.sides;
    let who = |sides: &[Side]| match sides {
        [] => "no unit traces".to_string(),
        [s] => format!("only {s} units trace"),
        _ => "units of both sides trace".to_string(),
    };
    if let Some(u) = game.position().units().iter().find(|u| u.id == id) {
        return Ok(format!(
            "{id} ({}, {}) at {} need not trace a Line of Communications: in this scenario {} one [L7, L10].\n",
            u.side,
            u.rating,
            game.map().label_text(u.hex),
            who(tracing)
        ));
    }
    for (list, what) in [
        (game.position().eliminated(), "was eliminated"),
        (game.position().exited(), "left the map"),
    ] {
        if let Some(u) = list.iter().find(|u| u.id == id) {
            return Ok(format!(
                "{id} ({}, {}) {what}: only units on the map trace a Line of Communications [L7].\n",
                u.side, u.rating
            ));
        }
    }
    let must: Vec<&str> = report.loc.iter().map(|e| e.unit.as_str()).collect();
    let listed = if must.is_empty() {
        format!(
            "no unit must trace a Line of Communications here ({})",
            who(tracing)
        )
    } else {
        format!(
            "the units that must trace a Line of Communications: {}",
            must.join(", ")
        )
    };
    Err(vec![problem::in_file(
        "unit",
        &input.name,
        format!("no unit `{id}` in this file; {listed}"),
    )])
}

/// `US-1 (US, 4-6-5) at 1002`.
fn heading(game: &leyte_victory::Game, entry: &LocEntry) -> String {
    let rating = game
        .position()
        .units()
        .iter()
        .find(|u| u.id == entry.unit)
        .map(|u| format!(", {}", u.rating))
        .unwrap_or_default();
    format!("{} ({}{rating}) at {}", entry.unit, entry.side, entry.hex)
}

fn traced(out: &mut String, game: &leyte_victory::Game, entry: &LocEntry) {
    let path = entry.path.as_deref().unwrap_or_default();
    let k = usize::try_from(game.scenario().loc.free_hexes).unwrap_or(usize::MAX);
    let last = path.len().saturating_sub(1);
    let (to, mark) = match path.last() {
        Some(l) => target(game, entry.side, l),
        None => (String::new(), String::new()),
    };
    let _ = write!(
        out,
        "{}: traces a Line of Communications [L8]",
        heading(game, entry)
    );
    if last == 0 {
        let _ = writeln!(out, "; it is on a {mark} itself.");
        return;
    }
    let _ = writeln!(
        out,
        ", {last} hex{} to {to}:",
        if last == 1 { "" } else { "es" },
    );
    let _ = writeln!(out, "  start  {}  {}'s hex", path[0], entry.unit);
    for (i, label) in path.iter().enumerate().skip(1) {
        let leg = if i <= k {
            "any terrain"
        } else if i == last && !on_chain(game.map(), &path[i - 1], label) {
            "beside the road/trail chain"
        } else {
            "road/trail"
        };
        if i == last {
            let _ = writeln!(out, "  {i:>5}  {label}  {leg}; {mark}");
        } else {
            let _ = writeln!(out, "  {i:>5}  {label}  {leg}");
        }
    }
}

/// Whether the step `from -> to` follows the road/trail net.
fn on_chain(map: &hexmap::HexMap, from: &str, to: &str) -> bool {
    match (map.parse(from), map.parse(to)) {
        (Ok(a), Ok(b)) => {
            map.on_road_net(b) && map.hexside(a, b).is_some_and(|s| s.road_or_trail())
        }
        _ => true,
    }
}

/// Where a LOC ending at `label` goes (`the Northern Beach Area`), and how to mark its last hex
/// (`beach hex (Northern Beach Area)`).
fn target(game: &leyte_victory::Game, side: Side, label: &str) -> (String, String) {
    match side {
        Side::Japanese => (
            "a Japanese LOC target hex".to_string(),
            "Japanese LOC target hex (scenario.loc.japanese_targets)".to_string(),
        ),
        Side::Us => {
            let map = game.map();
            let areas: Vec<&str> = map
                .parse(label)
                .ok()
                .map(|h| {
                    game.scenario()
                        .active_beaches
                        .iter()
                        .filter_map(|k| map.area(k))
                        .filter(|a| a.hexes.contains(&h))
                        .map(|a| a.name.as_str())
                        .collect()
                })
                .unwrap_or_default();
            if areas.is_empty() {
                ("a beach hex".to_string(), "beach hex".to_string())
            } else {
                let areas = areas.join(", ");
                (format!("the {areas}"), format!("beach hex ({areas})"))
            }
        }
    }
}

/// What a unit of `side` must trace to, for people.
fn rule_text(game: &leyte_victory::Game, side: Side) -> String {
    let to = match side {
        Side::Japanese => "a Japanese LOC target hex of the scenario".to_string(),
        Side::Us => {
            let names: Vec<&str> = game
                .scenario()
                .active_beaches
                .iter()
                .filter_map(|k| game.map().area(k))
                .map(|a| a.name.as_str())
                .collect();
            format!("a hex of the active Beach Areas ({})", names.join(", "))
        }
    };
    format!(
        "A LOC runs through hexes free of enemy units and of enemy ZOC (unless a friendly unit is there): up to {} hexes of any terrain, then along roads and trails, to {to}.",
        game.scenario().loc.free_hexes
    )
}

fn cut(out: &mut String, game: &leyte_victory::Game, report: &Report, entry: &LocEntry) {
    let enemy = entry.side.enemy();
    let awards = match enemy {
        Side::Us => &report.us.awards,
        Side::Japanese => &report.japanese.awards,
    };
    let award = awards
        .iter()
        .find(|a| a.kind == AwardKind::LocCut && a.unit.as_deref() == Some(entry.unit.as_str()));
    let _ = write!(
        out,
        "{}: CUT, no Line of Communications [L8]",
        heading(game, entry)
    );
    match award {
        Some(a) => {
            let _ = writeln!(
                out,
                "; the {enemy} player scores +{} for it [{}].",
                a.vp, a.rule
            );
        }
        None => {
            let _ = writeln!(out, ".");
        }
    }
    let _ = writeln!(out, "{}", rule_text(game, entry.side));
    let frontier = entry.frontier.as_deref().unwrap_or_default();
    if frontier.is_empty() {
        let _ = writeln!(
            out,
            "No hex is reachable at all: it is surrounded by impassable hexsides or the map edge."
        );
        return;
    }
    let k = game.scenario().loc.free_hexes;
    let _ = writeln!(
        out,
        "Every hex at the edge of what it can reach is blocked:"
    );
    for b in frontier {
        let why = match &b.reason {
            BlockReason::EnemyUnit { units } => format!(
                "occupied by enemy unit{} {}",
                if units.len() == 1 { "" } else { "s" },
                units.join(", ")
            ),
            BlockReason::EnemyZoc { units } => {
                format!("in ZOC of {}, no friendly unit on it", units.join(", "))
            }
            BlockReason::OffRoad => {
                format!("off the road/trail net (only the first {k} hexes may be of any terrain)")
            }
            other => other.to_string(),
        };
        let _ = writeln!(out, "  {}  {why}", b.hex);
    }
}
