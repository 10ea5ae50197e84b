//! Scoring: every rule of L1-L11 applied to a position, with evidence, one function per rule.
//!
//! [`score`] reads as the rules do: Lines of Communications first (L7, L8, L10: objectives and
//! cut units depend on them), then each source of Victory Points in rule order (L4, L5, L6, L9,
//! the scenario's exit rules), then the ratio (L11).
#![deny(clippy::too_many_lines)]

use hexmap::{Hex, HexMap};

use crate::board::Board;
use crate::error::Error;
use crate::loc::{self, Lines};
use crate::model::{ExitValue, Objective, ObjectiveKind, OffMapUnit, Position, Scenario};
use crate::ratio::{Margins, Ratio};
use crate::report::{
    Award, AwardKind, BlockedHex, LocEntry, ObjectiveStatus, Report, SCHEMA_VERSION, SideScore,
};
use crate::unit::Side;

/// Score a position: every award with its evidence, the ratio, the level and the margins.
///
/// The position and scenario are checked against the map first; every problem is reported.
///
/// ```
/// use leyte_victory::{
///     AwardKind, ExitRequirement, Objective, PositionBuilder, Scenario, Side, VictoryLevel, beach,
///     score,
/// };
///
/// // Two rows of nine hexes: a road 1006-1009 to the Northern beach at 1009, airfields at 1103
/// // and 1105.
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "LOC corridor"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 11]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [features]
/// # airfield = ["1103", "1105"]
/// # [areas.northern-beach]
/// # name = "Northern Beach Area"
/// # hexes = ["1009"]
/// # [areas.eastern-beach]
/// # name = "Eastern Beach Area"
/// # hexes = ["1109"]
/// # [areas.southern-beach]
/// # name = "Southern Beach Area"
/// # hexes = ["1101"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &[beach::NORTHERN])
///     .with_objective(Objective::occupy("Roadhead", Side::Us, 20, [map.parse("1006").unwrap()]))
///     .with_objective(Objective::per_unit_near("Airfields", Side::Japanese, 10, "airfield"))
///     .with_exit_requirement(ExitRequirement::new(Side::Us, [], 1, 5));
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1006") // on the road: traces, holds the Roadhead
///     .unit("J-1", Side::Japanese, "1-1-4", "1104") // next to both airfields: scores once
///     .eliminated("J-2", Side::Japanese, "2-2-4")
///     .build()
///     .unwrap();
/// let report = score(&map, &scenario, &position).unwrap();
/// assert_eq!(report.us.total, 20 + 4);
/// assert_eq!(report.japanese.total, 10 + 5); // the airfields, and no US unit exited
/// let kinds: Vec<AwardKind> = report.japanese.awards.iter().map(|a| a.kind).collect();
/// assert_eq!(kinds, [AwardKind::Objective, AwardKind::ExitShortfall]);
/// assert_eq!(report.ratio.text, "1.60 to 1");
/// assert_eq!(report.level, VictoryLevel::JapaneseMarginal);
/// assert!(report.loc[0].traced);
///
/// // A scenario naming an area the map lacks is an error, not a silent zero.
/// let wrong = Scenario::new("Wrong", &["western-beach"]);
/// assert!(score(&map, &wrong, &position).is_err());
/// ```
pub fn score(map: &HexMap, scenario: &Scenario, position: &Position) -> Result<Report, Error> {
    let board = Board::new(map, scenario, position)?;
    let lines = loc::trace(&board)?;
    let mut awards = Awards::default();
    eliminations(&board, &mut awards);
    let objectives = objectives(&board, &lines, &mut awards);
    beach_bonus(&board, &mut awards);
    loc_cuts(&board, &lines, &mut awards);
    exit_awards(&board, &mut awards);
    exit_shortfalls(&board, &mut awards);
    let mut notes = lines.notes;
    notes.extend(unscored_exits(&board));
    Ok(conclude(&board, awards, objectives, lines.entries, notes))
}

/// The awards so far, each player's in rule order.
#[derive(Default)]
struct Awards {
    us: Vec<Award>,
    japanese: Vec<Award>,
}

impl Awards {
    fn give(&mut self, side: Side, award: Award) {
        match side {
            Side::Us => self.us.push(award),
            Side::Japanese => self.japanese.push(award),
        }
    }
}

/// L4: each eliminated unit is worth its value (L3) to the enemy.
fn eliminations(board: &Board<'_>, awards: &mut Awards) {
    for u in &board.position.eliminated {
        let text = format!(
            "eliminated {} unit {} ({}): value {} = {}",
            u.side,
            u.id,
            u.rating,
            u.rating.vp(),
            u.rating.vp_sum()
        );
        awards.give(
            u.side.enemy(),
            Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                ..Award::new(AwardKind::Elimination, u.rating.vp(), "L4", text)
            },
        );
    }
}

/// L5: the territorial objectives, each held or not and why. A side that must trace a Line of
/// Communications (L7) scores only with units that trace one.
fn objectives(board: &Board<'_>, lines: &Lines, awards: &mut Awards) -> Vec<ObjectiveStatus> {
    board
        .scenario
        .objectives
        .iter()
        .map(|o| {
            let mut status = ObjectiveStatus {
                name: o.name.clone(),
                side: o.side,
                hexes: Vec::new(),
                vp: 0,
                held: false,
                by: Vec::new(),
                without_loc: Vec::new(),
                note: o.note.clone(),
            };
            let held = Held {
                board,
                lines,
                objective: o,
                must_trace: board.scenario.loc.sides.contains(&o.side),
            };
            match &o.kind {
                ObjectiveKind::Occupy { hexes } => held.occupy(hexes, &mut status, awards),
                ObjectiveKind::PerUnitNear { feature } => {
                    held.per_unit_near(feature, &mut status, awards);
                }
            }
            status
        })
        .collect()
}

/// One objective being scored (L5, with L7 for a side that must trace).
struct Held<'b, 'a> {
    board: &'b Board<'a>,
    lines: &'b Lines,
    objective: &'b Objective,
    must_trace: bool,
}

impl Held<'_, '_> {
    /// Whether unit `i` may score it: it traces, or its side need not trace.
    fn may_score(&self, i: usize) -> bool {
        !self.must_trace || self.lines.traces(i) == Some(true)
    }

    /// The award for unit `i`, with its Line of Communications as evidence.
    fn award(&self, i: usize, text: String) -> Award {
        let u = self.board.unit(i);
        let rule = if self.must_trace { "L5+L7" } else { "L5" };
        Award {
            unit: Some(u.id.clone()),
            hex: Some(self.board.label(u.hex)),
            objective: Some(self.objective.name.clone()),
            path: self.lines.path_labels(self.board, i),
            ..Award::new(AwardKind::Objective, self.objective.vp, rule, text)
        }
    }

    /// `vp` once when a unit of the side is on one of the hexes.
    fn occupy(&self, hexes: &[Hex], status: &mut ObjectiveStatus, awards: &mut Awards) {
        let (board, o) = (self.board, self.objective);
        status.hexes = hexes.iter().map(|h| board.label(*h)).collect();
        let occupants: Vec<usize> = hexes
            .iter()
            .flat_map(|h| board.units_at(*h))
            .filter(|&i| board.unit(i).side == o.side)
            .collect();
        let (good, bad): (Vec<usize>, Vec<usize>) =
            occupants.into_iter().partition(|&i| self.may_score(i));
        status.without_loc = bad.iter().map(|&i| board.unit(i).id.clone()).collect();
        if let Some(&i) = good.first() {
            let u = board.unit(i);
            status.held = true;
            status.vp = o.vp;
            status.by = good.iter().map(|&i| board.unit(i).id.clone()).collect();
            let mut text = format!(
                "objective {} held by {} at {}",
                o.name,
                u.id,
                board.label(u.hex)
            );
            if self.must_trace {
                text.push_str(" (traces a LOC)");
            }
            awards.give(o.side, self.award(i, text));
        }
    }

    /// `vp` for each unit of the side on or adjacent to a hex with the feature.
    fn per_unit_near(&self, feature: &str, status: &mut ObjectiveStatus, awards: &mut Awards) {
        let (board, o) = (self.board, self.objective);
        let feature_hexes = board.map.hexes_with(feature);
        status.hexes = feature_hexes.iter().map(|h| board.label(*h)).collect();
        for i in board.units_of(o.side) {
            let u = board.unit(i);
            let Some(near) = feature_hexes
                .iter()
                .find(|f| **f == u.hex || f.is_adjacent(u.hex))
            else {
                continue;
            };
            if !self.may_score(i) {
                status.without_loc.push(u.id.clone());
                continue;
            }
            let how = if *near == u.hex { "on" } else { "adjacent to" };
            status.held = true;
            status.vp = status.vp.saturating_add(o.vp);
            status.by.push(u.id.clone());
            let text = format!(
                "{}: {} at {} is {how} {feature} {}",
                o.name,
                u.id,
                board.label(u.hex),
                board.label(*near)
            );
            awards.give(o.side, self.award(i, text));
        }
    }
}

/// L6: the beach bonus, once, to the Japanese for a unit on a beach hex of the bonus areas.
fn beach_bonus(board: &Board<'_>, awards: &mut Awards) {
    let bonus = &board.scenario.beach_bonus;
    let bonus_hexes: Vec<(Hex, &str)> = bonus
        .areas
        .iter()
        .filter_map(|k| board.map.area(k))
        .flat_map(|a| a.hexes.iter().map(move |h| (*h, a.name.as_str())))
        .collect();
    let on_beach: Vec<(usize, &str)> = bonus_hexes
        .iter()
        .flat_map(|(h, area)| board.units_at(*h).map(move |i| (i, *area)))
        .filter(|(i, _)| board.unit(*i).side == Side::Japanese)
        .collect();
    let Some((&(i, area), others)) = on_beach.split_first() else {
        return;
    };
    let u = board.unit(i);
    let mut text = format!(
        "beach bonus: {} occupies beach hex {} ({area})",
        u.id,
        board.label(u.hex)
    );
    if !others.is_empty() {
        let others: Vec<&str> = others
            .iter()
            .map(|(i, _)| board.unit(*i).id.as_str())
            .collect();
        text.push_str(&format!(
            "; also on beaches: {} (scored once)",
            others.join(", ")
        ));
    }
    awards.give(
        Side::Japanese,
        Award {
            unit: Some(u.id.clone()),
            hex: Some(board.label(u.hex)),
            ..Award::new(AwardKind::BeachBonus, bonus.vp, "L6", text)
        },
    );
}

/// L9: each unit of a tracing side that cannot trace is worth its value (L3) to the enemy.
fn loc_cuts(board: &Board<'_>, lines: &Lines, awards: &mut Awards) {
    for (&i, r) in &lines.units {
        if r.path.is_none() {
            let (side, award) = loc_cut(board, i, r.frontier.clone());
            awards.give(side, award);
        }
    }
}

/// L9: the award for cut unit `i`, and who scores it (the enemy), with what cuts it.
pub(crate) fn loc_cut(
    board: &Board<'_>,
    i: usize,
    frontier: Option<Vec<BlockedHex>>,
) -> (Side, Award) {
    let u = board.unit(i);
    let text = format!(
        "{} unit {} ({}) at {} cannot trace a LOC: value {} = {}",
        u.side,
        u.id,
        u.rating,
        board.label(u.hex),
        u.rating.vp(),
        u.rating.vp_sum()
    );
    let award = Award {
        unit: Some(u.id.clone()),
        rating: Some(u.rating.to_string()),
        hex: Some(board.label(u.hex)),
        frontier,
        ..Award::new(AwardKind::LocCut, u.rating.vp(), "L9", text)
    };
    (u.side.enemy(), award)
}

/// Whether an exited unit counts for an exit rule of `side` through `hexes` (any when empty).
fn exited_through(u: &OffMapUnit, side: Side, hexes: &[Hex]) -> bool {
    u.side == side && (hexes.is_empty() || u.hex.is_some_and(|h| hexes.contains(&h)))
}

/// Scenario exit rules: each exited unit scores under the first exit award it matches.
fn exit_awards(board: &Board<'_>, awards: &mut Awards) {
    for u in &board.position.exited {
        let scenario = board.scenario;
        let Some(e) = scenario
            .exits
            .iter()
            .find(|e| exited_through(u, e.side, &e.hexes))
        else {
            continue;
        };
        let vp = match e.value {
            ExitValue::UnitValue => u.rating.vp(),
            ExitValue::Fixed(v) => v,
        };
        let by = u
            .hex
            .map(|h| format!(" by {}", board.label(h)))
            .unwrap_or_default();
        let text = format!("{} unit {} ({}) exited the map{by}", u.side, u.id, u.rating);
        awards.give(
            e.scorer,
            Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                hex: u.hex.map(|h| board.label(h)),
                ..Award::new(AwardKind::Exit, vp, "scenario", text)
            },
        );
    }
}

/// Scenario exit rules: a requirement not met scores its points once, to its scorer.
fn exit_shortfalls(board: &Board<'_>, awards: &mut Awards) {
    for r in &board.scenario.exit_requirements {
        let done = board
            .position
            .exited
            .iter()
            .filter(|u| exited_through(u, r.side, &r.hexes))
            .count();
        if (done as u64) >= u64::from(r.units) {
            continue;
        }
        let through: Vec<String> = r.hexes.iter().map(|h| board.label(*h)).collect();
        let mut text = format!(
            "{} exited {done} of the {} unit(s) required{}",
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
        awards.give(
            r.scorer,
            Award::new(AwardKind::ExitShortfall, r.vp, "scenario", text),
        );
    }
}

/// Scenario exit rules: a note for each exited unit that no exit award or requirement counts.
fn unscored_exits(board: &Board<'_>) -> Vec<String> {
    let scenario = board.scenario;
    board
        .position
        .exited
        .iter()
        .filter(|u| {
            !scenario
                .exits
                .iter()
                .any(|e| exited_through(u, e.side, &e.hexes))
                && !scenario
                    .exit_requirements
                    .iter()
                    .any(|r| exited_through(u, r.side, &r.hexes))
        })
        .map(|u| {
            format!(
                "{} {} left the map, but no exit award or requirement of the scenario applies to it.",
                u.side, u.id
            )
        })
        .collect()
}

/// L11: the totals, the ratio, the victory level and the margins to the next levels.
fn conclude(
    board: &Board<'_>,
    awards: Awards,
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
    let (us, japanese) = (side(awards.us), side(awards.japanese));
    let ratio = Ratio::new(us.total, japanese.total);
    Report {
        schema_version: SCHEMA_VERSION,
        scenario: board.scenario.name.clone(),
        map: board.map.name().to_string(),
        level: ratio.level(),
        margins: Margins::of(us.total, japanese.total),
        ratio,
        us,
        japanese,
        objectives,
        loc,
        notes,
    }
}
