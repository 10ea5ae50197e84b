//! Lines of Communications (L7, L8, L10): which units must trace, to which hexes, and for each
//! the path traced or the hexes that cut it.
//!
//! The hex crate does the tracing: [`Tracer`] answers every unit of a side at once (K hexes of
//! any terrain, then roads and trails: the [`RoadChain`] preset), and [`search`] finds, for a cut
//! unit, the frontier of what it can reach with the reason each hex is blocked.
#![deny(clippy::too_many_lines)]

use std::collections::BTreeMap;

use hexmap::trace::{BoundRule, Obstacle, Refusal, RoadChain, Targets, Tracer, search};
use hexmap::{Hex, TargetRule};

use crate::board::Board;
use crate::error::{Diagnostic, Error, ErrorKind};
use crate::report::{BlockReason, BlockedHex, LocEntry};
use crate::unit::Side;

/// One unit's Line of Communications: the path traced (start first), or what cuts it.
pub(crate) struct UnitLoc {
    /// The hexes of the path, start first, when traced.
    pub(crate) path: Option<Vec<Hex>>,
    /// The blocked hexes at the edge of what the unit can reach, when cut.
    pub(crate) frontier: Option<Vec<BlockedHex>>,
}

/// Every Line of Communications of a position.
pub(crate) struct Lines {
    /// By index of the unit in the position.
    pub(crate) units: BTreeMap<usize, UnitLoc>,
    /// The report's entries: the tracing sides in the scenario's order, each side's units in
    /// position order.
    pub(crate) entries: Vec<LocEntry>,
    /// One note per tracing side: the reading applied.
    pub(crate) notes: Vec<String>,
}

impl Lines {
    /// Whether unit `i` traces; `None` when its side need not trace.
    pub(crate) fn traces(&self, i: usize) -> Option<bool> {
        self.units.get(&i).map(|r| r.path.is_some())
    }

    /// The path of unit `i` as labels, when it traces.
    pub(crate) fn path_labels(&self, board: &Board<'_>, i: usize) -> Option<Vec<String>> {
        let path = self.units.get(&i)?.path.as_ref()?;
        Some(path.iter().map(|h| board.label(*h)).collect())
    }
}

/// The hexes a unit of `side` traces to: the active Beach Areas for the US (L7), the
/// scenario's hexes for the Japanese (L10: only when a scenario says so, 16.34).
pub(crate) fn targets(board: &Board<'_>, side: Side) -> Vec<Hex> {
    match side {
        Side::Us => board
            .scenario
            .active_beaches
            .iter()
            .filter_map(|k| board.map.area(k))
            .flat_map(|a| a.hexes.iter().copied())
            .collect(),
        Side::Japanese => board.scenario.loc.japanese_targets.clone(),
    }
}

/// The rule as the hex crate reads it: K hexes of any terrain, then roads and trails (L8).
pub(crate) fn rule(board: &Board<'_>) -> RoadChain {
    RoadChain::new(board.scenario.loc.free_hexes).with_target(board.scenario.loc.target)
}

/// L7, L8, L10: the Line of Communications of every unit of every side that must trace.
pub(crate) fn trace(board: &Board<'_>) -> Result<Lines, Error> {
    let rules = rule(board);
    // The preset names only the road and trail features every map has: binding cannot fail.
    let bound = rules
        .rule()
        .bind(board.map)
        .map_err(|e| Error::new(vec![Diagnostic::new(ErrorKind::Scenario, e.to_string())]))?;
    let mut lines = Lines {
        units: BTreeMap::new(),
        entries: Vec::new(),
        notes: Vec::new(),
    };
    for &side in &board.scenario.loc.sides {
        for (i, result) in trace_side(board, &bound, side) {
            let u = board.unit(i);
            lines.entries.push(LocEntry {
                unit: u.id.clone(),
                side,
                hex: board.label(u.hex),
                traced: result.path.is_some(),
                path: result
                    .path
                    .as_ref()
                    .map(|p| p.iter().map(|h| board.label(*h)).collect()),
                frontier: result.frontier.clone(),
            });
            lines.units.insert(i, result);
        }
        lines.notes.push(note(board, &rules, side));
    }
    Ok(lines)
}

/// A hex a unit of `side` may not trace through (L8): an enemy unit on it, or an enemy zone of
/// control with no friendly unit on it.
fn blocked(board: &Board<'_>, zoc: &hexmap::ZocLayer, side: Side, h: Hex) -> Option<BlockReason> {
    let id = |i: usize| board.unit(i).id.clone();
    let enemies: Vec<String> = board
        .units_at(h)
        .filter(|&i| board.unit(i).side != side)
        .map(id)
        .collect();
    if !enemies.is_empty() {
        return Some(BlockReason::EnemyUnit { units: enemies });
    }
    let controllers = zoc.controllers(board.map, h);
    let friendly = board.units_at(h).any(|i| board.unit(i).side == side);
    (!controllers.is_empty() && !friendly).then(|| BlockReason::EnemyZoc {
        units: controllers.iter().map(|&i| id(i as usize)).collect(),
    })
}

/// Every unit of one side: the tracer answers all at once; a cut unit is searched again for
/// the frontier that cuts it.
fn trace_side(board: &Board<'_>, bound: &BoundRule<'_>, side: Side) -> Vec<(usize, UnitLoc)> {
    let zoc = board.placed.zoc(board.map, side.enemy());
    let free = |h: Hex| blocked(board, &zoc, side, h);
    let targets = Targets::new(board.map, targets(board, side));
    let tracer = Tracer::new(bound, &targets, &free);
    let indices: Vec<usize> = board.units_of(side).collect();
    let starts: Vec<Hex> = indices.iter().map(|&i| board.unit(i).hex).collect();
    let answers = tracer.trace_all(&starts);
    indices
        .into_iter()
        .zip(answers)
        .map(|(i, answer)| {
            let path = match answer {
                Some(p) => Ok(p),
                // The tracer and the search agree (property-tested); keep the search's path if
                // they ever did not.
                None => search(bound, board.unit(i).hex, &targets, &free),
            };
            let result = match path {
                Ok(p) => UnitLoc {
                    path: Some(p.hexes),
                    frontier: None,
                },
                Err(cut) => UnitLoc {
                    path: None,
                    frontier: Some(
                        cut.frontier
                            .into_iter()
                            .map(|b| BlockedHex {
                                hex: board.label(b.hex),
                                reason: reason(board, b.obstacle),
                            })
                            .collect(),
                    ),
                },
            };
            (i, result)
        })
        .collect()
}

/// Why the chain could not enter a frontier hex.
fn reason(board: &Board<'_>, obstacle: Obstacle<BlockReason>) -> BlockReason {
    match obstacle {
        Obstacle::NotFree(r) => r,
        Obstacle::Refused {
            from,
            why: Refusal::NotAlong { .. },
        } => BlockReason::NoRoadAcross {
            from: board.label(from),
        },
        // Off the road/trail net, or (never with this preset) anything else the chain refuses.
        _ => BlockReason::OffRoad,
    }
}

/// The reading applied for one side, for the report's notes.
fn note(board: &Board<'_>, rules: &RoadChain, side: Side) -> String {
    format!(
        "{side} units trace a Line of Communications to {} ({} hexes of any terrain, then roads and trails; {}).",
        match side {
            Side::Us => format!(
                "a hex of the active Beach Areas ({})",
                board.scenario.active_beaches.join(", ")
            ),
            Side::Japanese => {
                "the scenario's Japanese LOC hexes (16.34 is not in our rules text)".to_string()
            }
        },
        rules.free_hexes,
        match rules.target {
            TargetRule::OnChain => {
                "when the LOC is longer than that, its last hex must be on the road/trail chain: the literal reading"
            }
            TargetRule::MayAdjoinChain => {
                "the road/trail chain may run into the last hex across any hexside"
            }
            // `TargetRule` is non-exhaustive; hexmap 0.1 has no other.
            _ => "another target rule",
        }
    )
}
