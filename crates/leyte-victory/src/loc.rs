//! Lines of Communications (L7, L8, L10): which units must trace, to which hexes, and for each
//! the path traced or the hexes that cut it.
//!
//! The hex crate's road-chain plan ([`ChainPlan`], the [`RoadChain`] preset of [`rule`] and
//! the zone-of-control rule of [`board::zoc_rule`], compiled for the map once per scenario)
//! decides: it makes each position's free test from the units (enemy units and their zones of
//! control, negated by a friendly unit: L8) and its chain, answers
//! every unit traced or cut ([`ChainPlan::traced`]), gives a traced unit's path and a cut
//! unit's frontier with the reason for each hex, bounded ([`ChainPlan::cut`]).
//!
//! The rule is compiled and the targets are found once per scenario ([`LocPlan`]); each
//! position then reuses the plan's tables ([`LocWork`]).

use std::marker::PhantomData;

use hexmap::petgraph::graph::NodeIndex;
use hexmap::{Bounds, ChainBlock, ChainCut, ChainPlan, ChainWork, Placed, RoadChain, Targets};
use hexmap::{Hex, HexMap};

use crate::board::{self, Board, Prepared};
use crate::error::{Diagnostic, Error, ErrorKind};
use crate::model::{Position, Scenario};
use crate::omitted::Omitted;
use crate::report::{BlockReason, BlockedHex, FriendlyOccupiedHex};
use crate::sheet::{Block, LocLine, LocTrace, Reached};
use crate::unit::Side;

/// The index of a side in per-side tables.
fn slot(side: Side) -> usize {
    match side {
        Side::Us => 0,
        Side::Japanese => 1,
    }
}

/// The Line of Communications rules of a scenario on its map, prepared once: the road-chain
/// plan, each tracing side's targets, and the note each side's entries get.
pub(crate) struct LocPlan<'m> {
    /// The rule as the hex crate compiled it for the map.
    chain: ChainPlan<'m>,
    /// Per side ([`slot`]): its targets, when it traces.
    targets: [Option<Targets>; 2],
    /// Per side ([`slot`]): the reading applied, for the report's notes.
    notes: [String; 2],
}

impl<'m> LocPlan<'m> {
    /// The reading applied for `side`, for the report's notes.
    pub(crate) fn note(&self, side: Side) -> &str {
        &self.notes[slot(side)]
    }

    /// Compile the rule for the map and find each tracing side's targets.
    pub(crate) fn new(map: &'m HexMap, scenario: &Scenario) -> Result<LocPlan<'m>, Error> {
        let rules = rule(scenario);
        let mut targets = [None, None];
        let mut notes = [String::new(), String::new()];
        for &side in &scenario.loc.sides {
            if targets[slot(side)].is_none() {
                let hexes = target_hexes(map, scenario, side);
                targets[slot(side)] = Some(Targets::new(map, hexes).map_err(|e| {
                    let key = match side {
                        Side::Us => "scenario.active_beaches".to_string(),
                        Side::Japanese => format!("scenario.loc.japanese_targets[{}]", e.index),
                    };
                    let message = format!("a Line of Communications {e}");
                    Error::new(vec![Diagnostic::new(ErrorKind::Scenario, message).key(key)])
                })?);
                notes[slot(side)] = note(scenario, side);
            }
        }
        let chain = ChainPlan::new(map, rules, &board::zoc_rule()).map_err(|e| {
            let message = format!("the zone-of-control rule cannot be used on this map: {e}");
            Error::new(vec![Diagnostic::new(ErrorKind::Scenario, message)])
        })?;
        Ok(LocPlan {
            chain,
            targets,
            notes,
        })
    }

    /// The targets of `side`, when it traces.
    #[cfg(feature = "oracle")]
    pub(crate) fn targets(&self, side: Side) -> Option<&Targets> {
        self.targets[slot(side)].as_ref()
    }

    /// Whether the step `from -> to` is a step of the road/trail chain (L8, ruling L-9), units
    /// aside: the plan's own chain step.
    pub(crate) fn chain_step(&self, from: Hex, to: Hex) -> bool {
        self.chain.chain_step(from, to)
    }
}

/// What tracing keeps from one position to the next: the plan's tables (the free test, the
/// chain, a unit's and a cut unit's search spaces).
#[derive(Default)]
pub(crate) struct LocWork<'p, 'm> {
    chain: ChainWork,
    _plan: PhantomData<&'p LocPlan<'m>>,
}

/// One unit's Line of Communications: the path traced (start first), or what cuts it.
pub(crate) struct UnitLoc {
    /// The hexes of the path, start first, when traced.
    pub(crate) path: Option<Vec<Hex>>,
    /// The blocked hexes at the edge of what the unit can reach, when cut.
    pub(crate) frontier: Option<Vec<(Hex, Block)>>,
    /// What the frontier leaves out.
    pub(crate) omitted: Omitted,
    /// What it reaches, when the road/trail net is what cut it.
    pub(crate) reach: Option<Reached>,
}

impl UnitLoc {
    fn traced(path: Vec<Hex>) -> UnitLoc {
        UnitLoc {
            path: Some(path),
            frontier: None,
            omitted: Omitted::default(),
            reach: None,
        }
    }
}
/// Every Line of Communications of a position.
pub(crate) struct Lines {
    /// By index of the unit in the position: whether it traces, `None` when its side need not.
    traced: Vec<Option<bool>>,
    /// By index of the unit in the position, with evidence: its path or what cuts it.
    pub(crate) units: Vec<Option<UnitLoc>>,
}

impl Lines {
    /// No unit traced yet, of a position of `n` units.
    fn new(n: usize) -> Lines {
        Lines {
            traced: vec![None; n],
            units: Vec::new(),
        }
    }

    /// Whether unit `i` traces; `None` when its side need not trace.
    pub(crate) fn traces(&self, i: usize) -> Option<bool> {
        self.traced.get(i).copied().flatten()
    }

    /// The indices of the units that must trace and do not, in position order.
    pub(crate) fn cut(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.traced.len()).filter(|&i| self.traced[i] == Some(false))
    }

    /// The sheet's lines, traced or cut, in [`order`].
    pub(crate) fn lines(&self, board: &Board<'_, '_>) -> Vec<LocTrace> {
        order(board)
            .map(|(unit, side)| LocTrace {
                unit,
                side,
                traced: self.traces(unit) == Some(true),
            })
            .collect()
    }

    /// The sheet's lines with their evidence, in [`order`].
    pub(crate) fn into_entries(mut self, board: &Board<'_, '_>) -> Vec<LocLine> {
        let mut out: Vec<LocLine> = Vec::new();
        for (i, side) in order(board) {
            let line = match self.units.get_mut(i).and_then(Option::take) {
                Some(u) => Some(LocLine {
                    unit: i,
                    side,
                    path: u.path,
                    frontier: u.frontier,
                    omitted: u.omitted,
                    reach: u.reach,
                }),
                // A side listed twice: its lines again.
                None => out.iter().find(|l| l.unit == i).cloned(),
            };
            out.extend(line);
        }
        out
    }
}

/// The order of a sheet's lines (the report's `loc`): the tracing sides in the scenario's order,
/// each side's units in position order (a side listed twice, twice).
fn order<'b>(board: &'b Board<'_, '_>) -> impl Iterator<Item = (usize, Side)> + 'b {
    (board.scenario.loc.sides.iter())
        .flat_map(move |&side| board.units_of(side).map(move |i| (i, side)))
}

/// Run `f` on a position checked here against its scenario and map (the one check,
/// [`board::validate`]), with the Line of Communications rules prepared: for one-off questions
/// on a position built in code ([`crate::score`]).
pub(crate) fn with_board<T>(
    map: &HexMap,
    scenario: &Scenario,
    position: &Position,
    f: impl for<'p, 'm> FnOnce(&'p LocPlan<'m>, &Board<'_, '_>, &mut LocWork<'p, 'm>) -> T,
) -> Result<T, Error> {
    board::validate(map, scenario, position)?;
    with_checked_board(map, scenario, position, f)
}

/// [`with_board`] on a position already checked against its scenario and map (a
/// [`crate::State`], checked when it was read), which is not checked again.
pub(crate) fn with_checked_board<T>(
    map: &HexMap,
    scenario: &Scenario,
    position: &Position,
    f: impl for<'p, 'm> FnOnce(&'p LocPlan<'m>, &Board<'_, '_>, &mut LocWork<'p, 'm>) -> T,
) -> Result<T, Error> {
    let prepared = Prepared::for_one(map, scenario);
    let plan = LocPlan::new(map, scenario)?;
    let board = Board::checked(&prepared, position)?;
    let mut work = LocWork::default();
    Ok(f(&plan, &board, &mut work))
}

/// The hexes a unit of `side` traces to: the active Beach Areas for the US (L7), the
/// scenario's hexes for the Japanese (L10: only when a scenario says so, 16.34).
fn target_hexes(map: &HexMap, scenario: &Scenario, side: Side) -> Vec<Hex> {
    match side {
        Side::Us => scenario
            .active_beaches
            .iter()
            .filter_map(|k| map.area(k))
            .flat_map(|a| a.hexes.iter().copied())
            .collect(),
        Side::Japanese => scenario.loc.japanese_targets.clone(),
    }
}

/// The rule as the hex crate reads it (L8): K hexes of any terrain (ruling L-8; K from the
/// scenario, 3 by default), then roads and trails (the rules options `chain`, ruling L-9, and
/// `target`, ruling L-10).
pub(crate) fn rule(scenario: &Scenario) -> RoadChain {
    RoadChain::new(scenario.loc.free_hexes)
        .with_target(scenario.rules.target)
        .with_reading(scenario.rules.chain)
}

/// L7, L8, L10: whether every unit of every side that must trace does.
pub(crate) fn verdicts<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Lines {
    let mut lines = Lines::new(board.position.units.len());
    each_side(plan, board, work, |chain, targets, work, side| {
        for i in board.units_of(side) {
            lines.traced[i] = Some(chain.traced(targets, work, board.unit(i).hex));
        }
    });
    lines
}

/// L7, L8, L10: whether every unit of every side that must trace does, with the evidence: each
/// one's path, or the frontier that cuts it.
pub(crate) fn evidence<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Lines {
    let n = board.position.units.len();
    let mut lines = Lines::new(n);
    lines.units.resize_with(n, || None);
    let bounds = Bounds::new(
        crate::limits::MAX_EXPLORED,
        crate::limits::MAX_FRONTIER,
        crate::limits::MAX_REACH,
    );
    each_side(plan, board, work, |chain, targets, work, side| {
        for i in board.units_of(side) {
            let start = board.unit(i).hex;
            let result = match chain.path(targets, work, start) {
                Some(p) => UnitLoc::traced(p.hexes),
                None => match chain.cut(targets, work, start, &bounds) {
                    Some(cut) => cut_evidence(plan, work, cut),
                    // Never: a unit that does not trace has a frontier.
                    None => UnitLoc {
                        path: None,
                        frontier: Some(Vec::new()),
                        omitted: Omitted::default(),
                        reach: None,
                    },
                },
            };
            lines.traced[i] = Some(result.path.is_some());
            lines.units[i] = Some(result);
        }
    });
    lines
}

/// Each side that traces, once, in the scenario's order: the plan prepares the position for it
/// (the free test from the units, the chain), then `answer` answers its units.
fn each_side(
    plan: &LocPlan<'_>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'_, '_>,
    mut answer: impl FnMut(&ChainPlan<'_>, &Targets, &mut ChainWork, Side),
) {
    let mut done = [false; 2];
    for &side in &board.scenario.loc.sides {
        if std::mem::replace(&mut done[slot(side)], true) {
            continue;
        }
        let Some(targets) = plan.targets[slot(side)].as_ref() else {
            continue;
        };
        let units = board.position.units.iter().map(|u| {
            if u.side == side {
                Placed::friendly(u.hex)
            } else {
                Placed::enemy(u.hex).with_zoc(u.zoc)
            }
        });
        plan.chain.position(targets, units, &mut work.chain);
        answer(&plan.chain, targets, &mut work.chain, side);
    }
}

/// The evidence of a cut unit, in the report's terms.
fn cut_evidence(plan: &LocPlan<'_>, work: &ChainWork, cut: ChainCut) -> UnitLoc {
    let frontier = cut
        .frontier
        .iter()
        .map(|&(hex, block)| {
            let block = match block {
                ChainBlock::NotFree if plan.chain.enemy_on(work, hex) => Block::EnemyUnit,
                ChainBlock::NotFree => Block::EnemyZoc,
                ChainBlock::NotAlong { from } => Block::NoRoadAcross { from },
                // Off the road/trail net, or beyond the first K hexes.
                _ => Block::OffRoad,
            };
            (hex, block)
        })
        .collect();
    UnitLoc {
        path: None,
        frontier: Some(frontier),
        omitted: Omitted {
            hexes: cut.frontier_omitted,
            search_stopped: cut.search_stopped,
        },
        reach: cut.reach.map(|r| Reached {
            hexes: r.hexes,
            omitted: r.omitted,
            walk_to_net: r.walk_to_net,
        }),
    }
}

/// The hexes of a traced path of a unit of `side`, after its start, that an enemy unit
/// controls and a friendly unit occupies (L8's second sentence), each with the friendly units
/// the LOC depends on there and the enemy units whose zone of control covers it.
pub(crate) fn friendly_occupied(
    board: &Board<'_, '_>,
    side: Side,
    path: &[Hex],
) -> Vec<FriendlyOccupiedHex> {
    let id = |i: usize| board.unit(i).id.clone();
    let mut out = Vec::new();
    for &hex in path.iter().skip(1) {
        let Some(node) = board.map.node(hex).map(NodeIndex::index) else {
            continue;
        };
        // The friendly units first: few hexes of a path hold one, and only those are asked
        // which enemy units control them.
        let friendly: Vec<String> = (board.units_on(node))
            .filter(|&i| board.unit(i).side == side)
            .map(id)
            .collect();
        if friendly.is_empty() {
            continue;
        }
        let enemy_zoc: Vec<String> = (board.units_of(side.enemy()))
            .filter(|&i| board.controls(i, node))
            .map(id)
            .collect();
        if !enemy_zoc.is_empty() {
            out.push(FriendlyOccupiedHex {
                hex: board.label(hex),
                friendly,
                enemy_zoc,
            });
        }
    }
    out
}

/// Why a unit of `side` may not enter a hex its free test refused (L8): the enemy units on it,
/// or the enemy units whose zone of control covers it (no friendly unit being there).
fn not_free(board: &Board<'_, '_>, side: Side, node: usize) -> BlockReason {
    let id = |i: usize| board.unit(i).id.clone();
    let enemies: Vec<String> = board
        .units_on(node)
        .filter(|&i| board.unit(i).side != side)
        .map(id)
        .collect();
    if !enemies.is_empty() {
        return BlockReason::EnemyUnit { units: enemies };
    }
    BlockReason::EnemyZoc {
        units: board
            .units_of(side.enemy())
            .filter(|&i| board.controls(i, node))
            .map(id)
            .collect(),
    }
}

/// A frontier hex in words: its label, and why, with the units that block it (L8).
pub(crate) fn blocked_hex(board: &Board<'_, '_>, side: Side, hex: Hex, block: Block) -> BlockedHex {
    let reason = match block {
        Block::EnemyUnit | Block::EnemyZoc => not_free(
            board,
            side,
            board.map.node(hex).map_or(usize::MAX, NodeIndex::index),
        ),
        Block::OffRoad => BlockReason::OffRoad {
            free_hexes: board.scenario.loc.free_hexes,
        },
        Block::NoRoadAcross { from } => BlockReason::NoRoadAcross {
            from: board.label(from),
        },
    };
    BlockedHex {
        hex: board.label(hex),
        reason,
    }
}

/// The reading applied for one side, for the report's notes.
fn note(scenario: &Scenario, side: Side) -> String {
    format!(
        "{side} units trace a Line of Communications to {} ({} hexes of any terrain, then roads and trails; {}).",
        match side {
            Side::Us => format!(
                "a hex of the active Beach Areas ({})",
                scenario.active_beaches.join(", ")
            ),
            Side::Japanese => {
                "the scenario's Japanese LOC hexes (16.34 is not in our rules text)".to_string()
            }
        },
        scenario.loc.free_hexes,
        scenario.rules.target_words()
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::model::Unit;
    use crate::unit::Rating;
    use hexmap::Blocking;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The free test the plan makes from the units, and each blocked hex's reason, are the
        /// hex crate's `Position::blocking` under Leyte's ZOC rule on every hex.
        #[test]
        fn the_free_test_is_the_hex_crates_blocking(
            seed in any::<u64>(),
            raw in prop::collection::vec((0usize..2000, any::<bool>(), any::<bool>()), 0..30)
        ) {
            let map = crate::testmap::map(12, seed);
            let mut seen = std::collections::BTreeSet::new();
            let mut units = Vec::new();
            for (i, (h, us, zoc)) in raw.iter().enumerate() {
                let hex = map.hexes()[*h % map.len()].hex;
                let side = if *us { Side::Us } else { Side::Japanese };
                // No hex with both sides (the position's own rule).
                if !seen.insert(hex) && units.iter().any(|u: &Unit| u.hex == hex && u.side != side) {
                    continue;
                }
                let unit = Unit::new(format!("U{i}"), side, Rating::standard("1-1-1").unwrap(), hex);
                units.push(if *zoc { unit } else { unit.without_zoc() });
            }
            let position = Position::new(&map, units, vec![], vec![]).unwrap();
            let scenario = Scenario::new("Test", &[]);
            let prepared = Prepared::for_many(&map, &scenario);
            let board = Board::new(&prepared, &position).unwrap();
            let placed = position.on_map(&map).unwrap();
            let plan = ChainPlan::new(&map, RoadChain::new(3), &board::zoc_rule()).unwrap();
            let targets = Targets::new(&map, []).unwrap();
            let mut work = ChainWork::default();
            for side in [Side::Us, Side::Japanese] {
                let units = position.units.iter().map(|u| {
                    if u.side == side {
                        Placed::friendly(u.hex)
                    } else {
                        Placed::enemy(u.hex).with_zoc(u.zoc)
                    }
                });
                plan.position(&targets, units, &mut work);
                let table = placed.blocking_under(&map, side, &board::zoc_rule()).unwrap();
                for n in 0..map.len() {
                    let hex = map.hexes()[n].hex;
                    let theirs = table.reason(NodeIndex::new(n));
                    prop_assert_eq!(!plan.is_free(&work, hex), theirs.is_some());
                    let ids = |list: &[u32]| -> Vec<String> {
                        list.iter().map(|&i| position.units()[i as usize].id.clone()).collect()
                    };
                    let expected = match theirs {
                        None => continue,
                        Some(Blocking::EnemyUnit(list)) => {
                            prop_assert!(plan.enemy_on(&work, hex));
                            BlockReason::EnemyUnit { units: ids(list) }
                        }
                        Some(Blocking::EnemyZoc(list)) => {
                            prop_assert!(!plan.enemy_on(&work, hex));
                            BlockReason::EnemyZoc { units: ids(list) }
                        }
                        Some(other) => panic!("{other:?}"),
                    };
                    prop_assert_eq!(not_free(&board, side, n), expected);
                }
            }
        }
    }
}

/// The evidence of a cut unit is bounded on any map: on a map whose road net reaches
/// everywhere but the beach, the search stops after `MAX_EXPLORED` states and lists the
/// nearest `MAX_FRONTIER` hexes, and the report says what it left out; the verdict is the
/// tracer's, unchanged. A scenario or position beyond the limits, built in code, is refused as
/// one read from a file is.
#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod limits {
    use crate::limits::{MAX_EXPLORED, MAX_FREE_HEXES, MAX_FRONTIER, MAX_UNITS};
    use crate::{ErrorKind, LocRules, Position, Rating, Scenario, Side, State, Unit, score};
    use hexmap::HexMap;
    use wargame_kit::resolve::MemoryResolver;

    /// 70 x 70 hexes, roads along every row but the last and the first column, the beach in the far
    /// corner off the roads.
    fn road_grid_text() -> String {
        let n = 70;
        let mut roads = Vec::new();
        for r in 1..n {
            let row: Vec<String> = (1..n).map(|c| format!("\"{r:02}{c:02}\"")).collect();
            roads.push(format!("[{}]", row.join(", ")));
        }
        let column: Vec<String> = (1..n).map(|r| format!("\"{r:02}01\"")).collect();
        roads.push(format!("[{}]", column.join(", ")));
        format!(
            "name = \"Road grid\"\n[layout]\norientation = \"flat\"\nlabel = \"row-column\"\nrows = [1, {n}]\ncolumns = [1, {n}]\nshifted = \"odd\"\nrows_grow = \"north\"\ncolumns_grow = \"east\"\n[areas.northern-beach]\nname = \"N\"\nhexes = [\"{n}{n}\"]\n[areas.eastern-beach]\nname = \"E\"\nhexes = [\"{n}{n}\"]\n[hexsides]\nroads = [{}]\n",
            roads.join(", ")
        )
    }

    const STATE: &str = "game = \"leyte\"\nmap = \"grid.toml\"\n[scenario]\nname = \"Limits\"\nactive_beaches = [\"northern-beach\"]\n[[units]]\nid = \"US-1\"\nside = \"us\"\nrating = \"1-1-1\"\nhex = \"3535\"\n";

    #[test]
    fn a_cut_units_evidence_stops_and_says_so() {
        let maps = MemoryResolver::default().with("grid.toml", road_grid_text());
        let state = State::from_toml_str(STATE, None, &maps).unwrap();
        assert!(
            state.map().len() * 2 > MAX_EXPLORED,
            "the map must outgrow the search"
        );
        let report = state.score().unwrap();
        let entry = &report.loc[0];
        assert!(!entry.traced);
        assert_eq!(entry.frontier.as_ref().unwrap().len(), MAX_FRONTIER);
        let omitted = entry.frontier_omitted.unwrap();
        assert!(omitted.search_stopped);
        assert!(omitted.hexes > 0);
        let award = &report.japanese.awards[0];
        assert_eq!((award.vp, award.frontier_omitted), (2, Some(omitted)));
        let stopped = format!("the search stopped after {MAX_EXPLORED} states");
        let text = report.to_string();
        assert!(text.contains(&stopped), "{text}");
        let explained = crate::explain(&state, "US-1").unwrap().to_string();
        assert!(explained.contains(&stopped), "{explained}");
    }

    #[test]
    fn limits_hold_for_states_built_in_code() {
        let map = HexMap::from_toml_str(&road_grid_text(), None).unwrap();
        let rating = Rating::standard("1-1-1").unwrap();
        let wide = Scenario::new("Limits", &["northern-beach"])
            .with_loc(LocRules::default().with_free_hexes(MAX_FREE_HEXES + 1));
        let unit = Unit::new("US-1", Side::Us, rating, map.parse("3535").unwrap());
        let position = Position::new(&map, vec![unit], vec![], vec![]).unwrap();
        let e = score(&map, &wide, &position).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::Limit));
        let hex = map.parse("0101").unwrap();
        let crowd: Vec<Unit> = (0..=MAX_UNITS)
            .map(|i| Unit::new(format!("U{i}"), Side::Us, rating, hex))
            .collect();
        let e = Position::new(&map, crowd, vec![], vec![]).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::Limit));
        assert_eq!(e.diagnostics().len(), 1);
    }
}
