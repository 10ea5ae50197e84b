//! A [`Sheet`] in words: the [`Report`], each award with its text and its evidence as labels
//! and unit ids, each objective held or not and why, each Line of Communications hex by hex or
//! what cuts it, the notes, the ratio, the level and the margins (L11).

use hexmap::Hex;

use crate::board::Board;
use crate::engine::{self, exited_through, near_hex, on_bonus_beaches};
use crate::loc::{self, LocPlan};
use crate::model::{ExitCounters, ExitRequirement, Objective, ObjectiveKind};
use crate::omitted::Omitted;
use crate::ratio::Schedule;
use crate::report::{
    Award, AwardKind, BlockedHex, LocEntry, NearestRoad, ObjectiveStatus, Reach, Report,
    SCHEMA_VERSION, SideScore,
};
use crate::sheet::{Basis, Grant, LocLine, Reached, Sheet};
use crate::unit::Side;

/// The sheet's Lines of Communications by unit (the first entry of each).
struct ByUnit<'s> {
    lines: Vec<Option<&'s LocLine>>,
}

impl<'s> ByUnit<'s> {
    fn new(board: &Board<'_, '_>, evidence: &'s [LocLine]) -> Self {
        let mut lines = vec![None; board.position.units.len()];
        for l in evidence {
            if let Some(slot @ None) = lines.get_mut(l.unit) {
                *slot = Some(l);
            }
        }
        ByUnit { lines }
    }

    /// Whether unit `i` traces; `None` when it need not.
    fn traces(&self, i: usize) -> Option<bool> {
        self.lines
            .get(i)
            .copied()
            .flatten()
            .map(|l| l.path.is_some())
    }

    /// Unit `i`'s path as labels, when it traces.
    fn path_labels(&self, board: &Board<'_, '_>, i: usize) -> Option<Vec<String>> {
        let path = self.lines.get(i).copied().flatten()?.path.as_ref()?;
        Some(path.iter().map(|h| board.label(*h)).collect())
    }

    /// What unit `i`'s frontier leaves out, when it leaves anything out.
    fn omitted(&self, i: usize) -> Option<Omitted> {
        let line = self.lines.get(i).copied().flatten()?;
        line.omitted.any().then_some(line.omitted)
    }

    /// What cuts unit `i`, in words, when it is cut.
    fn frontier(&self, board: &Board<'_, '_>, i: usize) -> Option<Vec<BlockedHex>> {
        let line = self.lines.get(i).copied().flatten()?;
        frontier_words(board, line)
    }
}

/// What a cut line reaches, in labels.
fn reach_words(board: &Board<'_, '_>, line: &LocLine) -> Option<Reach> {
    line.reach.as_ref().map(|r| reach(board, r))
}

/// What a cut unit reaches, in labels.
pub(crate) fn reach(board: &Board<'_, '_>, r: &Reached) -> Reach {
    let labels = |hexes: &[Hex]| hexes.iter().map(|h| board.label(*h)).collect::<Vec<_>>();
    Reach {
        hexes: labels(&r.hexes),
        hexes_omitted: r.omitted,
        nearest_road: r.walk_to_net.as_ref().and_then(|w| {
            Some(NearestRoad {
                hex: board.label(*w.last()?),
                distance: u32::try_from(w.len().saturating_sub(1)).ok()?,
                walk: labels(w),
            })
        }),
        free_hexes: board.scenario.loc.free_hexes,
    }
}

/// A cut line's frontier in words.
fn frontier_words(board: &Board<'_, '_>, line: &LocLine) -> Option<Vec<BlockedHex>> {
    let frontier = line.frontier.as_ref()?;
    Some(
        frontier
            .iter()
            .map(|&(hex, block)| loc::blocked_hex(board, line.side, hex, block))
            .collect(),
    )
}

/// The report of a sheet (of this board's position, prepared as `plan`), with the evidence of
/// its lines.
pub(crate) fn report(
    plan: &LocPlan<'_>,
    board: &Board<'_, '_>,
    sheet: &Sheet,
    evidence: &[LocLine],
) -> Report {
    let by_unit = ByUnit::new(board, evidence);
    let (mut us, mut japanese) = (Vec::new(), Vec::new());
    for g in &sheet.awards {
        let Some(award) = award(board, &by_unit, g) else {
            continue;
        };
        match g.to {
            Side::Us => us.push(award),
            Side::Japanese => japanese.push(award),
        }
    }
    let objectives = (board.scenario.objectives.iter().enumerate())
        .map(|(k, o)| status(board, &by_unit, k, o))
        .collect();
    let loc = evidence
        .iter()
        .filter_map(|l| {
            let u = board.position.units.get(l.unit)?;
            Some(LocEntry {
                unit: u.id.clone(),
                side: l.side,
                hex: board.unit_label(l.unit),
                traced: l.path.is_some(),
                path: (l.path.as_ref()).map(|p| p.iter().map(|h| board.label(*h)).collect()),
                frontier: frontier_words(board, l),
                frontier_omitted: l.omitted.any().then_some(l.omitted),
                reach: reach_words(board, l),
                friendly_occupied: (l.path.as_deref())
                    .map(|p| loc::friendly_occupied(board, l.side, p))
                    .filter(|h| !h.is_empty()),
            })
        })
        .collect();
    let mut notes: Vec<String> = (board.scenario.loc.sides.iter())
        .map(|&s| plan.note(s).to_string())
        .collect();
    notes.extend(unscored_exits(board));
    notes.extend(removal_notes(board));
    notes.extend(beach_bonus_notes(board, &by_unit));
    notes.extend(board.scenario.key_notes.iter().cloned());
    conclude(board, us, japanese, objectives, loc, notes)
}

/// One award in words, with its evidence; `None` for a grant that names nothing of this
/// position or scenario.
fn award(board: &Board<'_, '_>, by_unit: &ByUnit<'_>, g: &Grant) -> Option<Award> {
    let position = board.position;
    let scenario = board.scenario;
    match g.basis {
        Basis::Elimination { unit } => {
            let u = position.eliminated.get(unit)?;
            let text = format!(
                "eliminated {} unit {} ({}): value {} = {}",
                u.side,
                u.id,
                u.rating,
                u.rating.vp(),
                u.rating.vp_sum()
            );
            Some(Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                ..Award::new(AwardKind::Elimination, g.vp, "L4", text)
            })
        }
        Basis::Objective {
            objective, unit, ..
        } => {
            let o = scenario.objectives.get(objective)?;
            objective_award(board, by_unit, g, o, unit)
        }
        Basis::BeachBonus { unit } => beach_bonus_award(board, by_unit, g, unit),
        Basis::LocCut { unit } => {
            position.units.get(unit)?;
            let mut award = loc_cut(board, unit, by_unit.frontier(board, unit)).1;
            award.frontier_omitted = by_unit.omitted(unit);
            Some(award)
        }
        Basis::Exit { unit, .. } => {
            let u = position.exited.get(unit)?;
            let by = u
                .hex
                .map(|h| format!(" by {}", board.label(h)))
                .unwrap_or_default();
            let text = format!("{} unit {} ({}) exited the map{by}", u.side, u.id, u.rating);
            Some(Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                hex: u.hex.map(|h| board.label(h)),
                ..Award::new(AwardKind::Exit, g.vp, "scenario", text)
            })
        }
        Basis::Removed {
            unit,
            requirement,
            exited,
        } => removed_award(board, g, unit, requirement, exited),
        Basis::ExitShortfall {
            requirement,
            exited,
        } => shortfall_award(board, g, requirement, exited),
    }
}

/// Ruling L-15: the eliminated unit `unit`, the counter removed for the shortfall of exit
/// requirement `requirement` and scored as destroyed, paying the shortfall (the scenario rule).
fn removed_award(
    board: &Board<'_, '_>,
    g: &Grant,
    unit: usize,
    requirement: usize,
    exited: usize,
) -> Option<Award> {
    let u = board.position.eliminated.get(unit)?;
    let r = board.scenario.exit_requirements.get(requirement)?;
    let text = format!(
        "{} unit {} ({}) removed for an exit shortfall and scored as destroyed (L4): value {} = {}; {}",
        u.side,
        u.id,
        u.rating,
        u.rating.vp(),
        u.rating.vp_sum(),
        requirement_words(board, r, exited)
    );
    Some(Award {
        unit: Some(u.id.clone()),
        rating: Some(u.rating.to_string()),
        ..Award::new(AwardKind::Elimination, g.vp, "scenario", text)
    })
}

/// The shortfall of exit requirement `requirement`, paid by its own points (ruling L-15), with
/// where the counter it names as removed is, when it names one that is not eliminated.
fn shortfall_award(
    board: &Board<'_, '_>,
    g: &Grant,
    requirement: usize,
    exited: usize,
) -> Option<Award> {
    let r = board.scenario.exit_requirements.get(requirement)?;
    let mut text = requirement_words(board, r, exited);
    if let Some(id) = &r.removed {
        text.push_str(&format!(
            "; {id}, named as the counter removed for it, is not among the eliminated ({}): the requirement's {} VP stand for it",
            whereabouts(board, id),
            r.vp
        ));
    }
    Some(Award::new(AwardKind::ExitShortfall, g.vp, "scenario", text))
}

/// An exit requirement and how many units exited for it: `US exited 0 of the 1 unit(s)
/// required through 0531 [its note]`.
fn requirement_words(board: &Board<'_, '_>, r: &ExitRequirement, exited: usize) -> String {
    let through: Vec<String> = r.hexes.iter().map(|h| board.label(*h)).collect();
    let kind = match &r.counters {
        ExitCounters::Any => String::new(),
        counters => format!(" ({counters} only)"),
    };
    let mut text = format!(
        "{} exited {exited} of the {} unit(s){kind} required{}",
        r.side,
        r.units,
        if through.is_empty() {
            String::new()
        } else {
            format!(" through {}", through.join(" "))
        }
    );
    if let Some(n) = &r.note {
        text.push_str(&format!(" [{n}]"));
    }
    text
}

/// Where the unit `id` is, for a counter named as removed that is not among the eliminated:
/// `on the map at 1131`, `it exited the map by 0531`.
fn whereabouts(board: &Board<'_, '_>, id: &str) -> String {
    let position = board.position;
    if let Some(i) = position.units.iter().position(|u| u.id == id) {
        return format!("it is on the map at {}", board.unit_label(i));
    }
    match position.exited.iter().find(|u| u.id == id) {
        Some(u) => match u.hex {
            Some(h) => format!("it exited the map by {}", board.label(h)),
            None => "it exited the map".to_string(),
        },
        None => "it is not in the position".to_string(),
    }
}

/// Exit requirements and the counters removed for them (ruling L-15), in notes: a counter
/// named as removed whose requirement is met (its elimination scores as any other), and a
/// shortfall its own points pay while an eliminated unit of its side worth as much is not
/// named (if that unit is the counter removed, the shortfall would be paid twice).
fn removal_notes(board: &Board<'_, '_>) -> Vec<String> {
    let mut notes = Vec::new();
    let position = board.position;
    for r in &board.scenario.exit_requirements {
        let exited = engine::exited_for(board, r);
        let met = (exited as u64) >= u64::from(r.units);
        if met {
            notes.push(met_words(board, r, exited));
        }
        match (met, engine::removed_index(board, r)) {
            (false, Some(e)) => notes.push(format!(
                "{} ({}), named as the counter removed for an exit shortfall ({}), pays it with its value as destroyed, {} VP (L3, L4), in place of the requirement's own {} VP (ruling L-15).",
                position.eliminated[e].id,
                position.eliminated[e].rating,
                requirement_words(board, r, exited),
                position.eliminated[e].rating.vp(),
                r.vp
            )),
            (true, Some(e)) => notes.push(format!(
                "{} is named as the counter removed for an exit shortfall, but the requirement is met ({}): its elimination scores as any other (L4).",
                position.eliminated[e].id,
                requirement_words(board, r, exited)
            )),
            (false, None) if r.removed.is_none() => {
                let alike: Vec<String> = (position.eliminated.iter())
                    .filter(|u| u.side == r.side && u.rating.vp() == r.vp && r.counters.counts(&u.id, &u.rating) && !named_removed(board, &u.id))
                    .map(|u| format!("{} ({})", u.id, u.rating))
                    .collect();
                if !alike.is_empty() {
                    notes.push(format!(
                        "The shortfall of an exit requirement ({}) scores its own {} VP, and a {} unit worth as much is among the eliminated: {}. If that is the counter removed for the shortfall, name it in the requirement's `removed` (ruling L-15), or the shortfall is paid twice.",
                        requirement_words(board, r, exited),
                        r.vp,
                        r.side,
                        alike.join(", ")
                    ));
                }
            }
            _ => {}
        }
    }
    notes
}

/// A met exit requirement and the units that met it: `The exit requirement (...) is met by
/// US-1C-8 (3-2-5, by 0531).`
fn met_words(board: &Board<'_, '_>, r: &ExitRequirement, exited: usize) -> String {
    let by: Vec<String> = (board.position.exited.iter())
        .filter(|u| {
            engine::exited_through(u, r.side, &r.hexes) && r.counters.counts(&u.id, &u.rating)
        })
        .map(|u| match u.hex {
            Some(h) => format!("{} ({}, by {})", u.id, u.rating, board.label(h)),
            None => format!("{} ({})", u.id, u.rating),
        })
        .collect();
    format!(
        "The exit requirement ({}) is met by {}: no shortfall.",
        requirement_words(board, r, exited),
        by.join(", ")
    )
}

/// Whether some exit requirement names unit `id` as its removed counter.
fn named_removed(board: &Board<'_, '_>, id: &str) -> bool {
    (board.scenario.exit_requirements.iter()).any(|r| r.removed.as_deref() == Some(id))
}

/// L5 (with L7): an objective held by unit `i`, with its Line of Communications as evidence.
fn objective_award(
    board: &Board<'_, '_>,
    by_unit: &ByUnit<'_>,
    g: &Grant,
    o: &Objective,
    i: usize,
) -> Option<Award> {
    let u = board.position.units.get(i)?;
    let must_trace = board.scenario.loc.sides.contains(&o.side);
    let at = board.unit_label(i);
    let text = match (&o.kind, g.basis) {
        (ObjectiveKind::PerUnitNear { feature }, Basis::Objective { near: Some(f), .. }) => {
            let how = if f == u.hex { "on" } else { "adjacent to" };
            let near = board.label(f);
            format!("{}: {} at {at} is {how} {feature} {near}", o.name, u.id)
        }
        _ => {
            let traces = if must_trace { " (traces a LOC)" } else { "" };
            format!("objective {} held by {} at {at}{traces}", o.name, u.id)
        }
    };
    let rule = if must_trace {
        format!("L5+{}", loc_rule(o.side))
    } else {
        "L5".to_string()
    };
    Some(Award {
        unit: Some(u.id.clone()),
        hex: Some(at),
        objective: Some(o.name.clone()),
        path: by_unit.path_labels(board, i),
        ..Award::new(AwardKind::Objective, g.vp, &rule, text)
    })
}

/// L6: the beach bonus for unit `i`, with every other Japanese unit on a bonus beach that
/// earns it named (those that do not, under `beach_bonus_loc = loc-needed`, are in the notes).
fn beach_bonus_award(
    board: &Board<'_, '_>,
    by_unit: &ByUnit<'_>,
    g: &Grant,
    i: usize,
) -> Option<Award> {
    let earns = |j: usize| engine::earns_beach_bonus(board, by_unit.traces(j));
    let on_beach: Vec<(usize, &str)> = on_bonus_beaches(board).filter(|(j, _)| earns(*j)).collect();
    let &(_, area) = on_beach.iter().find(|(j, _)| *j == i)?;
    let u = board.unit(i);
    let mut text = format!(
        "beach bonus: {} occupies beach hex {} ({area})",
        u.id,
        board.unit_label(i)
    );
    if by_unit.traces(i) == Some(false) {
        text.push_str(&format!(
            "; it cannot trace a LOC, which the beach bonus does not need ({})",
            board.scenario.rules.beach_bonus_loc_cited()
        ));
    }
    let others: Vec<&str> = (on_beach.iter())
        .filter(|(j, _)| *j != i)
        .map(|(j, _)| board.unit(*j).id.as_str())
        .collect();
    if !others.is_empty() {
        text.push_str(&format!(
            "; also on beaches: {} (scored once)",
            others.join(", ")
        ));
    }
    Some(Award {
        unit: Some(u.id.clone()),
        hex: Some(board.unit_label(i)),
        ..Award::new(AwardKind::BeachBonus, g.vp, "L6", text)
    })
}

/// Japanese units on a bonus beach that earn no beach bonus, since they must trace a Line of
/// Communications and cannot (`beach_bonus_loc = loc-needed`, ruling L-21), in a note each.
fn beach_bonus_notes(board: &Board<'_, '_>, by_unit: &ByUnit<'_>) -> Vec<String> {
    on_bonus_beaches(board)
        .filter(|(i, _)| !engine::earns_beach_bonus(board, by_unit.traces(*i)))
        .map(|(i, area)| {
            format!(
                "{} occupies beach hex {} ({area}) but cannot trace the LOC the scenario requires (16.34, ruling L-13): it earns no beach bonus (L6; {}).",
                board.unit(i).id,
                board.unit_label(i),
                board.scenario.rules.beach_bonus_loc_cited()
            )
        })
        .collect()
}

/// The rule a Line of Communications of `side` is traced under: L7 for the US; for the
/// Japanese the scenario's 16.34, as ruling L-13 reads it (L7 and L9 speak of U.S. units only).
fn loc_rule(side: Side) -> &'static str {
    match side {
        Side::Us => "L7",
        Side::Japanese => "16.34",
    }
}

/// L9: the award for cut unit `i`, and who scores it (the enemy), with what cuts it; for a
/// Japanese unit, the scenario's 16.34 and ruling L-13.
pub(crate) fn loc_cut(
    board: &Board<'_, '_>,
    i: usize,
    frontier: Option<Vec<BlockedHex>>,
) -> (Side, Award) {
    let u = board.unit(i);
    let (rule, what) = match u.side {
        Side::Us => ("L9", "a LOC"),
        Side::Japanese => (
            loc_rule(Side::Japanese),
            "the LOC the scenario requires (16.34, ruling L-13)",
        ),
    };
    let text = format!(
        "{} unit {} ({}) at {} cannot trace {what}: value {} = {}",
        u.side,
        u.id,
        u.rating,
        board.unit_label(i),
        u.rating.vp(),
        u.rating.vp_sum()
    );
    let award = Award {
        unit: Some(u.id.clone()),
        rating: Some(u.rating.to_string()),
        hex: Some(board.unit_label(i)),
        frontier,
        ..Award::new(AwardKind::LocCut, u.rating.vp(), rule, text)
    };
    (u.side.enemy(), award)
}

/// L5: objective `k`, held or not, by which units, and which occupy it without a Line of
/// Communications.
fn status(board: &Board<'_, '_>, by_unit: &ByUnit<'_>, k: usize, o: &Objective) -> ObjectiveStatus {
    let may = |i: usize| engine::may_score(board, o.side, by_unit.traces(i));
    let id = |i: usize| board.unit(i).id.clone();
    let mut status = ObjectiveStatus {
        name: o.name.clone(),
        side: o.side,
        hexes: Vec::new(),
        vp: 0,
        held: false,
        by: Vec::new(),
        adjacent: Vec::new(),
        without_loc: Vec::new(),
        note: o.note.clone(),
    };
    match &o.kind {
        ObjectiveKind::Occupy { hexes } => {
            status.hexes = hexes.iter().map(|h| board.label(*h)).collect();
            let (good, bad): (Vec<usize>, Vec<usize>) = hexes
                .iter()
                .flat_map(|h| board.units_at(*h))
                .filter(|&i| board.unit(i).side == o.side)
                .partition(|&i| may(i));
            status.without_loc = bad.into_iter().map(id).collect();
            if !good.is_empty() {
                status.held = true;
                status.vp = u64::from(o.vp);
                status.by = good.into_iter().map(id).collect();
            }
        }
        ObjectiveKind::PerUnitNear { .. } => {
            let near: &[Hex] = board.prepared.feature_hexes(k);
            status.hexes = near.iter().map(|h| board.label(*h)).collect();
            for i in board.units_of(o.side) {
                let Some(f) = near_hex(near, board.unit(i).hex) else {
                    continue;
                };
                if may(i) {
                    status.held = true;
                    status.vp = status.vp.saturating_add(u64::from(o.vp));
                    status.by.push(id(i));
                    if f != board.unit(i).hex {
                        status.adjacent.push(id(i));
                    }
                } else {
                    status.without_loc.push(id(i));
                }
            }
        }
    }
    status
}

/// Scenario exit rules: a note for each exited unit that no exit award or requirement counts,
/// and why when a requirement it left through counts other counters only (16.4: "one 3-2-5").
fn unscored_exits(board: &Board<'_, '_>) -> Vec<String> {
    let scenario = board.scenario;
    let position = board.position;
    let mut notes = Vec::new();
    for u in &position.exited {
        if (scenario.exits.iter()).any(|e| exited_through(u, e.side, &e.hexes)) {
            continue;
        }
        let through: Vec<&ExitRequirement> = (scenario.exit_requirements.iter())
            .filter(|r| exited_through(u, r.side, &r.hexes))
            .collect();
        if through.iter().any(|r| r.counters.counts(&u.id, &u.rating)) {
            continue;
        }
        notes.push(match through.first() {
            None => format!(
                "{} {} left the map, but no exit award or requirement of the scenario applies to it.",
                u.side, u.id
            ),
            Some(r) => format!(
                "{} {} ({}) left the map, but it does not count for the exit requirement ({}): that counts {} counters only.",
                u.side,
                u.id,
                u.rating,
                requirement_words(board, r, engine::exited_for(board, r)),
                r.counters
            ),
        });
    }
    notes
}

/// L11: the totals, the ratio, the victory level and the margins to the next levels.
fn conclude(
    board: &Board<'_, '_>,
    us: Vec<Award>,
    japanese: Vec<Award>,
    objectives: Vec<ObjectiveStatus>,
    loc: Vec<LocEntry>,
    notes: Vec<String>,
) -> Report {
    let side = |awards: Vec<Award>| SideScore {
        total: awards
            .iter()
            .fold(0u64, |sum, a| sum.saturating_add(u64::from(a.vp))),
        awards,
    };
    let (us, japanese) = (side(us), side(japanese));
    let schedule = Schedule::of_rules(&board.scenario.rules);
    let ratio = schedule.ratio(us.total, japanese.total);
    Report {
        schema_version: SCHEMA_VERSION,
        scenario: board.scenario.name.clone(),
        map: board.map.name().to_string(),
        level: ratio.level(),
        margins: schedule.margins(us.total, japanese.total),
        rules: board.scenario.rules.in_force(),
        ratio,
        us,
        japanese,
        objectives,
        loc,
        notes,
    }
}
