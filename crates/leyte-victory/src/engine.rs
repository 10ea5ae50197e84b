//! Scoring: every rule of L1-L11 applied to a position, one function per rule.
//!
//! [`crate::score`] reads as the rules do: Lines of Communications first (L7, L8, L10:
//! objectives and cut units depend on them), then each source of Victory Points in rule order
//! (L4, L5, L6, L9, the scenario's exit rules), then the ratio (L11).
//!
//! Each rule gives its awards as data ([`Grant`]: who, how many points, for what), the same
//! for every use: a [`Sheet`] keeps them, a [`Verdict`] only adds them up, and the [`Report`]
//! puts each in words (`words.rs`).

use hexmap::Hex;

use crate::board::Board;
use crate::loc::{self, Lines, LocPlan, LocWork};
use crate::model::{ExitRequirement, ExitValue, ObjectiveKind, OffMapUnit};
use crate::ratio::{Schedule, Verdict};
use crate::sheet::{Basis, Grant, LocLine, Sheet};
use crate::unit::Side;

/// The sheet of a checked position: every award and Line of Communications traced or cut,
/// the evidence not made ([`crate::Scorer::evidence`] makes it when it is read).
pub(crate) fn sheet<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Sheet {
    sheet_of(board, loc::verdicts(plan, board, work), false)
}

/// The sheet of a checked position with its evidence made: for the report, which says it all.
pub(crate) fn sheet_with_evidence<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Sheet {
    sheet_of(board, loc::evidence(plan, board, work), true)
}

/// The evidence of a sheet's lines, in its order: each path, or what cuts it.
pub(crate) fn evidence<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Vec<LocLine> {
    loc::evidence(plan, board, work).into_entries(board)
}

/// The awards of the rules and the verdict, on the Lines of Communications of a position (with
/// their evidence kept in the sheet when `keep` and they have it).
fn sheet_of(board: &Board<'_, '_>, lines: Lines, keep: bool) -> Sheet {
    let position = board.position;
    let mut awards = Vec::with_capacity(
        position.units.len() + position.eliminated.len() + position.exited.len() + 4,
    );
    rules(board, &lines, &mut |g| awards.push(g));
    let total = |side: Side| {
        awards
            .iter()
            .filter(|g| g.to == side)
            .fold(0u64, |sum, g| sum.saturating_add(u64::from(g.vp)))
    };
    let evidence = std::sync::OnceLock::new();
    let loc = lines.lines(board);
    if keep {
        let _ = evidence.set(lines.into_entries(board));
    }
    Sheet {
        verdict: Schedule::of_rules(&board.scenario.rules)
            .verdict(total(Side::Us), total(Side::Japanese)),
        loc,
        awards,
        evidence,
    }
}

/// The verdict of a checked position: the same rules, points only.
pub(crate) fn verdict<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Verdict {
    let lines = loc::verdicts(plan, board, work);
    let (mut us, mut japanese) = (0u64, 0u64);
    rules(board, &lines, &mut |g| {
        let total = match g.to {
            Side::Us => &mut us,
            Side::Japanese => &mut japanese,
        };
        *total = total.saturating_add(u64::from(g.vp));
    });
    Schedule::of_rules(&board.scenario.rules).verdict(us, japanese)
}

/// L4, L5, L6, L9 and the scenario's exit rules, in rule order.
fn rules(board: &Board<'_, '_>, lines: &Lines, give: &mut impl FnMut(Grant)) {
    let short = shortfalls(board);
    eliminations(board, &short, give);
    objectives(board, lines, give);
    beach_bonus(board, lines, give);
    loc_cuts(board, lines, give);
    exit_awards(board, give);
    exit_shortfalls(&short, give);
}

/// An exit requirement not met (ruling L-15).
pub(crate) struct Shortfall {
    /// Index in the scenario's `exit_requirements`.
    pub(crate) requirement: usize,
    /// How many units exited for it.
    pub(crate) exited: usize,
    /// Who scores its own points, and how many (when no removed counter pays).
    scorer: Side,
    vp: u32,
    /// The index in `eliminated` of the counter it names as removed for the shortfall, when
    /// that counter is among the eliminated (a unit of the requirement's side): its
    /// elimination pays the shortfall.
    pub(crate) removed: Option<usize>,
}

/// How many exited units count for exit requirement `r`.
pub(crate) fn exited_for(board: &Board<'_, '_>, r: &ExitRequirement) -> usize {
    (board.position.exited.iter())
        .filter(|u| exited_through(u, r.side, &r.hexes) && r.counters.counts(&u.id, &u.rating))
        .count()
}

/// The index in `eliminated` of the counter requirement `r` names as removed, when it is
/// there as a unit of the requirement's side.
pub(crate) fn removed_index(board: &Board<'_, '_>, r: &ExitRequirement) -> Option<usize> {
    let id = r.removed.as_deref()?;
    (board.position.eliminated.iter()).position(|u| u.id == id && u.side == r.side)
}

/// Every exit requirement not met, in the scenario's order, with what pays it.
pub(crate) fn shortfalls(board: &Board<'_, '_>) -> Vec<Shortfall> {
    let requirements = board.scenario.exit_requirements.iter().enumerate();
    requirements
        .filter_map(|(requirement, r)| {
            let exited = exited_for(board, r);
            ((exited as u64) < u64::from(r.units)).then(|| Shortfall {
                requirement,
                exited,
                scorer: r.scorer,
                vp: r.vp,
                removed: removed_index(board, r),
            })
        })
        .collect()
}

/// L4: each eliminated unit is worth its value (L3) to the enemy; the counter removed for an
/// exit requirement's shortfall is scored so, for the scenario rule (ruling L-15).
fn eliminations(board: &Board<'_, '_>, short: &[Shortfall], give: &mut impl FnMut(Grant)) {
    for (unit, u) in board.position.eliminated.iter().enumerate() {
        let basis = match short.iter().find(|s| s.removed == Some(unit)) {
            Some(s) => Basis::Removed {
                unit,
                requirement: s.requirement,
                exited: s.exited,
            },
            None => Basis::Elimination { unit },
        };
        give(Grant {
            to: u.side.enemy(),
            vp: u.rating.vp(),
            basis,
        });
    }
}

/// Whether unit `i` may score an objective of `side` (L5): it traces a Line of Communications,
/// or its side need not trace one (L7).
pub(crate) fn may_score(board: &Board<'_, '_>, side: Side, traces: Option<bool>) -> bool {
    !board.scenario.loc.sides.contains(&side) || traces == Some(true)
}

/// L5: the territorial objectives. An occupied one scores once, for the first unit of its side
/// on one of its hexes that may score it; a per-unit one scores for each unit of its side on or
/// next to a hex with its feature that may score it.
fn objectives(board: &Board<'_, '_>, lines: &Lines, give: &mut impl FnMut(Grant)) {
    for (objective, o) in board.scenario.objectives.iter().enumerate() {
        let may = |i: usize| may_score(board, o.side, lines.traces(i));
        let grant = |unit, near| Grant {
            to: o.side,
            vp: o.vp,
            basis: Basis::Objective {
                objective,
                unit,
                near,
            },
        };
        match &o.kind {
            ObjectiveKind::Occupy { hexes } => {
                let mut occupants = hexes
                    .iter()
                    .flat_map(|h| board.units_at(*h))
                    .filter(|&i| board.unit(i).side == o.side);
                if let Some(i) = occupants.find(|&i| may(i)) {
                    give(grant(i, None));
                }
            }
            ObjectiveKind::PerUnitNear { .. } => {
                let near = board.prepared.feature_hexes(objective);
                for i in board.units_of(o.side) {
                    if let Some(f) = near_hex(near, board.unit(i).hex)
                        && may(i)
                    {
                        give(grant(i, Some(f)));
                    }
                }
            }
        }
    }
}

/// `hex` itself when it is one of `near` (hexes with a feature, in label order), else the first
/// of them it is next to.
pub(crate) fn near_hex(near: &[Hex], hex: Hex) -> Option<Hex> {
    let on = near.contains(&hex).then_some(hex);
    on.or_else(|| near.iter().copied().find(|f| f.is_adjacent(hex)))
}

/// The Japanese units on the beach bonus hexes, with the name of each one's area, in the
/// bonus's order of areas and hexes.
pub(crate) fn on_bonus_beaches<'b>(
    board: &'b Board<'_, '_>,
) -> impl Iterator<Item = (usize, &'b str)> + 'b {
    board
        .prepared
        .bonus_hexes
        .iter()
        .flat_map(move |&(h, area)| board.units_at(h).map(move |i| (i, area)))
        .filter(move |(i, _)| board.unit(*i).side == Side::Japanese)
}

/// Whether a Japanese unit on a bonus beach earns the beach bonus (L6): always (the default,
/// ruling L-21), or, under `beach_bonus_loc = loc-needed`, only when it may score an
/// objective ([`may_score`]: it traces, or the Japanese need not trace).
pub(crate) fn earns_beach_bonus(board: &Board<'_, '_>, traces: Option<bool>) -> bool {
    !board.scenario.rules.beach_bonus_needs_loc() || may_score(board, Side::Japanese, traces)
}

/// L6: the beach bonus, once, to the Japanese for a unit on a beach hex of the bonus areas
/// that earns it ([`earns_beach_bonus`]).
fn beach_bonus(board: &Board<'_, '_>, lines: &Lines, give: &mut impl FnMut(Grant)) {
    let earns = |i: usize| earns_beach_bonus(board, lines.traces(i));
    if let Some((unit, _)) = on_bonus_beaches(board).find(|(i, _)| earns(*i)) {
        give(Grant {
            to: Side::Japanese,
            vp: board.scenario.beach_bonus.vp,
            basis: Basis::BeachBonus { unit },
        });
    }
}

/// L9: each unit of a tracing side that cannot trace is worth its value (L3) to the enemy.
fn loc_cuts(board: &Board<'_, '_>, lines: &Lines, give: &mut impl FnMut(Grant)) {
    for unit in lines.cut() {
        let u = board.unit(unit);
        give(Grant {
            to: u.side.enemy(),
            vp: u.rating.vp(),
            basis: Basis::LocCut { unit },
        });
    }
}

/// Whether an exited unit counts for an exit rule of `side` through `hexes` (any when empty).
pub(crate) fn exited_through(u: &OffMapUnit, side: Side, hexes: &[Hex]) -> bool {
    u.side == side && (hexes.is_empty() || u.hex.is_some_and(|h| hexes.contains(&h)))
}

/// Scenario exit rules: each exited unit scores under the first exit award it matches.
fn exit_awards(board: &Board<'_, '_>, give: &mut impl FnMut(Grant)) {
    let exits = &board.scenario.exits;
    for (unit, u) in board.position.exited.iter().enumerate() {
        let Some(exit) = exits
            .iter()
            .position(|e| exited_through(u, e.side, &e.hexes))
        else {
            continue;
        };
        let e = &exits[exit];
        let vp = match e.value {
            ExitValue::UnitValue => u.rating.vp(),
            ExitValue::Fixed(v) => v,
        };
        give(Grant {
            to: e.scorer,
            vp,
            basis: Basis::Exit { unit, exit },
        });
    }
}

/// Scenario exit rules: a requirement not met scores its points once, to its scorer, unless
/// the counter it names as removed is among the eliminated: that elimination pays it (ruling
/// L-15, [`eliminations`]).
fn exit_shortfalls(short: &[Shortfall], give: &mut impl FnMut(Grant)) {
    for s in short.iter().filter(|s| s.removed.is_none()) {
        give(Grant {
            to: s.scorer,
            vp: s.vp,
            basis: Basis::ExitShortfall {
                requirement: s.requirement,
                exited: s.exited,
            },
        });
    }
}
