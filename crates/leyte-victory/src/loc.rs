//! Lines of Communications (L7, L8, L10): which units must trace, to which hexes, and for each
//! the path traced or the hexes that cut it.
//!
//! The hex crate does the tracing: [`Tracer`] answers every unit of a side at once (K hexes of
//! any terrain, then roads and trails: the [`RoadChain`] preset). For a cut unit, the frontier
//! of what it can reach, with the reason each hex is blocked, is [`search`]'s, found on dense
//! tables kept between units (`frontier.rs`, property-tested against [`search`]).
//!
//! The rule is bound and the targets are found once per scenario ([`LocPlan`]); each position
//! then fills a free table by graph node (enemy units and their zones of control, from the
//! units alone) and resets the side's [`Tracer`], whose tables are kept from one position to
//! the next ([`LocWork`]).
#![deny(clippy::too_many_lines)]

use hexmap::petgraph::graph::NodeIndex;
use hexmap::trace::{
    BoundRule, ByNode, FreeTest, Obstacle, Path, Refusal, RoadChain, Targets, TraceScratch, Tracer,
    search,
};
use hexmap::{Hex, HexMap, TargetRule};

use crate::board::{self, Board, Prepared};
use crate::error::{Diagnostic, Error, ErrorKind};
use crate::frontier::{self, Edge, FrontierWork, Neighbours, Omitted};
use crate::model::{Position, Scenario};
use crate::report::{BlockReason, BlockedHex};
use crate::sheet::{Block, LocLine, Reached};
use crate::unit::Side;

/// The index of a side in per-side tables.
fn slot(side: Side) -> usize {
    match side {
        Side::Us => 0,
        Side::Japanese => 1,
    }
}

/// The Line of Communications rules of a scenario on its map, prepared once: the rule bound to
/// the map, each tracing side's targets, and the note each side's entries get.
pub(crate) struct LocPlan<'m> {
    /// The rule as the hex crate reads it.
    bound: BoundRule<'m>,
    /// Per side ([`slot`]): its targets, when it traces.
    targets: [Option<Targets>; 2],
    /// Per side ([`slot`]): per graph node, whether it is a target.
    target_nodes: [Vec<bool>; 2],
    /// The map's hexsides as tracing and zones of control read them (a table of them for a
    /// scorer used many times).
    neighbours: Neighbours<'m>,
    /// K, and the reading of the last hex.
    free_hexes: u32,
    target: TargetRule,
    /// What "contiguous road and/or trail hexes" means (rules option `chain`).
    chain: hexmap::trace::ChainReading,
    /// Per side ([`slot`]): the reading applied, for the report's notes.
    notes: [String; 2],
}

impl<'m> LocPlan<'m> {
    /// The reading applied for `side`, for the report's notes.
    pub(crate) fn note(&self, side: Side) -> &str {
        &self.notes[slot(side)]
    }

    /// The map's hexsides as tracing and zones of control read them.
    fn neighbours(&self) -> &Neighbours<'m> {
        &self.neighbours
    }

    /// Bind the rule to the map and find each tracing side's targets; for `many` positions,
    /// also make a table of the map's hexsides.
    pub(crate) fn new(
        map: &'m HexMap,
        scenario: &Scenario,
        many: bool,
    ) -> Result<LocPlan<'m>, Error> {
        let rules = rule(scenario);
        // The preset names only the road and trail features every map has: binding cannot fail.
        let bound = rules
            .rule()
            .bind(map)
            .map_err(|e| Error::new(vec![Diagnostic::new(ErrorKind::Scenario, e.to_string())]))?;
        let mut targets = [None, None];
        let mut target_nodes = [Vec::new(), Vec::new()];
        let mut notes = [String::new(), String::new()];
        for &side in &scenario.loc.sides {
            if targets[slot(side)].is_none() {
                let hexes = target_hexes(map, scenario, side);
                let mut nodes = vec![false; map.len()];
                for n in hexes.iter().filter_map(|h| map.node(*h)) {
                    nodes[n.index()] = true;
                }
                targets[slot(side)] = Some(Targets::new(map, hexes));
                target_nodes[slot(side)] = nodes;
                notes[slot(side)] = note(scenario, &rules, side);
            }
        }
        Ok(LocPlan {
            bound,
            targets,
            target_nodes,
            neighbours: if many {
                Neighbours::table(map)
            } else {
                Neighbours::direct(map)
            },
            free_hexes: scenario.loc.free_hexes,
            target: scenario.rules.target,
            chain: scenario.rules.chain,
            notes,
        })
    }
}

/// What tracing keeps from one position to the next: each side's [`Tracer`] (reset for the
/// next position), the free table, the search spaces of a unit's trace and of a cut unit's
/// frontier.
#[derive(Default)]
pub(crate) struct LocWork<'p, 'm> {
    /// Per side ([`slot`]), once it has traced.
    tracers: [Option<Tracer<'p, 'm>>; 2],
    /// Per graph node: whether a unit of the side being traced may not enter it.
    blocked: Vec<bool>,
    /// Per graph node: bit `1 << slot(side)` when a unit of that side is on it.
    occupied: Vec<u8>,
    /// One unit's search space.
    scratch: TraceScratch,
    /// The hexes of a side's units, to trace.
    starts: Vec<Hex>,
    /// A cut unit's search space.
    frontier: FrontierWork,
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

/// Every Line of Communications of a position.
pub(crate) struct Lines {
    /// By index of the unit in the position: whether it traces, `None` when its side need not.
    traced: Vec<Option<bool>>,
    /// By index of the unit in the position, with evidence: its path or what cuts it.
    pub(crate) units: Vec<Option<UnitLoc>>,
}

impl Lines {
    /// Whether unit `i` traces; `None` when its side need not trace.
    pub(crate) fn traces(&self, i: usize) -> Option<bool> {
        self.traced.get(i).copied().flatten()
    }

    /// The indices of the units that must trace and do not, in position order.
    pub(crate) fn cut(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.traced.len()).filter(|&i| self.traced[i] == Some(false))
    }

    /// The sheet's entries, with evidence: the tracing sides in the scenario's order, each
    /// side's units in position order (a side listed twice, twice).
    pub(crate) fn into_entries(mut self, board: &Board<'_, '_>) -> Vec<LocLine> {
        let mut out: Vec<LocLine> = Vec::new();
        let sides = &board.scenario.loc.sides;
        for (n, &side) in sides.iter().enumerate() {
            let again = sides[..n].contains(&side);
            for i in board.units_of(side) {
                let line = if again {
                    out.iter().find(|l| l.unit == i).cloned()
                } else {
                    self.units
                        .get_mut(i)
                        .and_then(Option::take)
                        .map(|u| LocLine {
                            unit: i,
                            side,
                            path: u.path,
                            frontier: u.frontier,
                            omitted: u.omitted,
                            reach: u.reach,
                        })
                };
                out.extend(line);
            }
        }
        out
    }
}

/// Run `f` on a position checked against its scenario and map as [`crate::score`] checks it,
/// with the Line of Communications rules prepared: for one-off questions (`score`, `explain`).
pub(crate) fn with_board<T>(
    map: &HexMap,
    scenario: &Scenario,
    position: &Position,
    f: impl for<'p, 'm> FnOnce(&'p LocPlan<'m>, &Board<'_, '_>, &mut LocWork<'p, 'm>) -> T,
) -> Result<T, Error> {
    board::validate(map, scenario, position)?;
    let prepared = Prepared::new(map, scenario, false);
    let plan = LocPlan::new(map, scenario, false)?;
    let board = Board::new(&prepared, position)?;
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

/// The rule as the hex crate reads it: K hexes of any terrain, then roads and trails (L8).
fn rule(scenario: &Scenario) -> RoadChain {
    RoadChain::new(scenario.loc.free_hexes)
        .with_target(scenario.rules.target)
        .with_reading(scenario.rules.chain)
}

/// L7, L8, L10: whether every unit of every side that must trace does; with `evidence`, each
/// one's path or the frontier that cuts it.
pub(crate) fn trace<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
    evidence: bool,
) -> Lines {
    let n = board.position.units.len();
    let mut lines = Lines {
        traced: vec![None; n],
        units: Vec::new(),
    };
    if evidence {
        lines.units.resize_with(n, || None);
    }
    let mut done = [false; 2];
    for &side in &board.scenario.loc.sides {
        if !std::mem::replace(&mut done[slot(side)], true) {
            trace_side(plan, board, work, side, &mut lines);
        }
    }
    lines
}

/// Fill `work.blocked` for a unit of `side` (L8): a hex with an enemy unit on it, or in an enemy
/// zone of control with no friendly unit on it.
fn fill_blocked(
    board: &Board<'_, '_>,
    neighbours: &Neighbours<'_>,
    work: &mut LocWork<'_, '_>,
    side: Side,
) {
    let len = board.map.len();
    work.blocked.clear();
    work.blocked.resize(len, false);
    work.occupied.clear();
    work.occupied.resize(len, 0);
    let units = &board.position.units;
    for (i, u) in units.iter().enumerate() {
        work.occupied[board.node(i)] |= 1 << slot(u.side);
    }
    let friendly = 1 << slot(side);
    for (i, u) in units.iter().enumerate() {
        if u.side == side {
            continue;
        }
        let node = board.node(i);
        work.blocked[node] = true;
        if !u.zoc {
            continue;
        }
        for n in neighbours.zoc(node) {
            if work.occupied[n] & friendly == 0 {
                work.blocked[n] = true;
            }
        }
    }
}

/// What the last frontier search of the unit on graph node `start` reached (the nearest
/// [`MAX_REACH`](crate::limits::MAX_REACH), in label order), and its walk to the road/trail net.
fn reached(
    board: &Board<'_, '_>,
    rule: &frontier::Rule<'_>,
    start: usize,
    work: &mut FrontierWork,
) -> Reached {
    let hex = |n: &u32| board.map.hex_of(NodeIndex::new(*n as usize));
    let (nodes, omitted) = frontier::reached(work, crate::limits::MAX_REACH);
    let hexes = nodes.iter().filter_map(hex).collect();
    let walk_to_net =
        frontier::walk_to_net(rule, start, work).map(|w| w.iter().filter_map(hex).collect());
    Reached {
        hexes,
        omitted,
        walk_to_net,
    }
}

/// What cuts a unit: the frontier, what it leaves out, and what the unit reaches.
type CutEvidence = (Vec<(Hex, Block)>, Omitted, Option<Reached>);

/// The frontier that cuts unit `i` of `side` (the dense search's, or the hex crate search's
/// answer if they ever disagreed with the tracer: a path).
fn cut_unit<F: FreeTest<()>>(
    plan: &LocPlan<'_>,
    board: &Board<'_, '_>,
    side: Side,
    i: usize,
    (rule, free): (&frontier::Rule<'_>, &F),
    work: &mut FrontierWork,
) -> Result<Path, CutEvidence> {
    let occupied = rule.occupied;
    let start = board.node(i);
    let found = frontier::frontier(rule, start, work)
        .map(|(edges, omitted)| (edges.collect::<Vec<_>>(), omitted));
    if let Some((edges, omitted)) = found {
        let blocks = edges
            .iter()
            .filter_map(|&(node, edge)| {
                let hex = board.map.hex_of(NodeIndex::new(node))?;
                Some((hex, edge_block(board.map, occupied, side, node, edge)))
            })
            .collect();
        // What it reaches, and its walk to the road/trail net, when the net is what cut it
        // (some edge hex was refused for being off the net, not for an enemy).
        let net_cut = edges.iter().any(|(_, e)| *e != Edge::NotFree);
        let reach = net_cut.then(|| reached(board, rule, start, work));
        return Err((blocks, omitted, reach));
    }
    // The tracer and the search agree (property-tested); keep the hex crate search's answer if
    // they ever did not.
    let targets = (plan.targets[slot(side)].as_ref())
        .ok_or_else(|| (Vec::new(), Omitted::default(), None))?;
    search(&plan.bound, board.unit(i).hex, targets, free).map_err(|cut| {
        let blocks = cut
            .frontier
            .into_iter()
            .map(|b| {
                let block = obstacle_block(board.map, occupied, side, b.hex, b.obstacle);
                (b.hex, block)
            })
            .collect();
        (blocks, Omitted::default(), None)
    })
}

/// Every unit of one side: the tracer answers all at once; with evidence, a cut unit is
/// searched again for the frontier that cuts it.
fn trace_side<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
    side: Side,
    lines: &mut Lines,
) {
    let Some(targets) = plan.targets[slot(side)].as_ref() else {
        return;
    };
    fill_blocked(board, plan.neighbours(), work, side);
    let (blocked, occupied) = (&work.blocked, &work.occupied);
    let free = ByNode(|n: NodeIndex<u32>| {
        blocked
            .get(n.index())
            .copied()
            .unwrap_or(true)
            .then_some(())
    });
    let tracer = match &mut work.tracers[slot(side)] {
        Some(t) => {
            t.reset(&free);
            t
        }
        empty @ None => empty.insert(Tracer::new(&plan.bound, targets, &free)),
    };
    let evidence = !lines.units.is_empty();
    if !evidence {
        work.starts.clear();
        work.starts
            .extend(board.units_of(side).map(|i| board.unit(i).hex));
        let answers = tracer.traced_all_with(&work.starts, &mut work.scratch);
        for (i, traced) in board.units_of(side).zip(answers) {
            lines.traced[i] = Some(traced);
        }
        return;
    }
    let rule = frontier::Rule {
        map: board.map,
        neighbours: plan.neighbours(),
        free_hexes: plan.free_hexes,
        target: plan.target,
        chain: plan.chain,
        targets: &plan.target_nodes[slot(side)],
        blocked,
        occupied,
    };
    for i in board.units_of(side) {
        let start = board.unit(i).hex;
        if let Some(p) = tracer.trace_with(start, &mut work.scratch) {
            lines.traced[i] = Some(true);
            lines.units[i] = Some(UnitLoc {
                path: Some(p.hexes),
                frontier: None,
                omitted: Omitted::default(),
                reach: None,
            });
            continue;
        }
        let path = cut_unit(plan, board, side, i, (&rule, &free), &mut work.frontier);
        let result = match path {
            Ok(p) => UnitLoc {
                path: Some(p.hexes),
                frontier: None,
                omitted: Omitted::default(),
                reach: None,
            },
            Err((cut, omitted, reach)) => UnitLoc {
                path: None,
                frontier: Some(cut),
                omitted,
                reach,
            },
        };
        lines.traced[i] = Some(result.path.is_some());
        lines.units[i] = Some(result);
    }
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

/// Why the chain could not enter a hex the free test refused: an enemy unit on it, or else an
/// enemy zone of control.
fn not_free_block(occupied: &[u8], side: Side, node: usize) -> Block {
    if occupied
        .get(node)
        .is_some_and(|o| o & (1 << slot(side.enemy())) != 0)
    {
        Block::EnemyUnit
    } else {
        Block::EnemyZoc
    }
}

/// Why the chain could not enter a frontier hex of the dense search.
fn edge_block(map: &HexMap, occupied: &[u8], side: Side, node: usize, edge: Edge) -> Block {
    match edge {
        Edge::NotFree => not_free_block(occupied, side, node),
        Edge::NotAlong { from } => Block::NoRoadAcross {
            from: map.hex_of(NodeIndex::new(from)).unwrap_or(Hex::new(0, 0)),
        },
        Edge::OffNetwork { .. } | Edge::OutOfBudget { .. } => Block::OffRoad,
    }
}

/// Why the chain could not enter a frontier hex of the hex crate's search.
fn obstacle_block(
    map: &HexMap,
    occupied: &[u8],
    side: Side,
    hex: Hex,
    obstacle: Obstacle<()>,
) -> Block {
    match obstacle {
        Obstacle::NotFree(()) => {
            let node = map.node(hex).map_or(usize::MAX, NodeIndex::index);
            not_free_block(occupied, side, node)
        }
        Obstacle::Refused {
            from,
            why: Refusal::NotAlong { .. },
        } => Block::NoRoadAcross { from },
        // Off the road/trail net, or (never with this preset) anything else the chain refuses.
        _ => Block::OffRoad,
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
fn note(scenario: &Scenario, rules: &RoadChain, side: Side) -> String {
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::model::Unit;
    use crate::unit::Rating;
    use hexmap::{Blocking, ZocRule};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The free table filled from the units alone, and each blocked hex's reason, are the
        /// hex crate's own (`Position::blocking` under Leyte's ZOC rule) on every hex.
        #[test]
        fn the_free_table_is_the_hex_crates_blocking(
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
            let prepared = Prepared::new(&map, &scenario, true);
            let board = Board::new(&prepared, &position).unwrap();
            let placed = position.on_map(&map).unwrap();
            let mut work = LocWork::default();
            let neighbours = Neighbours::direct(&map);
            for side in [Side::Us, Side::Japanese] {
                fill_blocked(&board, &neighbours, &mut work, side);
                let zoc = placed.zoc(&map, side.enemy());
                let table = placed.blocking(&map, side, &zoc, &ZocRule::new());
                for n in 0..map.len() {
                    let theirs = table.reason(NodeIndex::new(n));
                    prop_assert_eq!(work.blocked[n], theirs.is_some());
                    let ids = |list: &[u32]| -> Vec<String> {
                        list.iter().map(|&i| position.units()[i as usize].id.clone()).collect()
                    };
                    let expected = match theirs {
                        None => continue,
                        Some(Blocking::EnemyUnit(list)) => BlockReason::EnemyUnit { units: ids(list) },
                        Some(Blocking::EnemyZoc(list)) => BlockReason::EnemyZoc { units: ids(list) },
                        Some(other) => panic!("{other:?}"),
                    };
                    prop_assert_eq!(not_free(&board, side, n), expected);
                }
            }
        }
    }
}
