//! Scoring: every rule of L1-L11 applied to a position, with evidence.

use std::collections::{BTreeMap, BTreeSet};

use hexmap::HexMap;
use hexmap::trace::{Obstacle, Refusal, RoadChain, Targets, Tracer, search};

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::model::{ExitValue, ObjectiveKind, Position, Scenario};
use crate::ratio::{Margins, Ratio};
use crate::report::{
    Award, AwardKind, BlockReason, BlockedHex, LocEntry, ObjectiveStatus, Report, SCHEMA_VERSION,
    SideScore,
};
use crate::unit::Side;

/// Check a position against its map: units on on-map hexes, unique ids (on the map, eliminated
/// and exited together), no hex with units of both sides.
pub(crate) fn check_position(map: &HexMap, position: &Position) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut ids = BTreeSet::new();
    let all = position
        .units
        .iter()
        .map(|u| u.id.as_str())
        .chain(position.eliminated.iter().map(|u| u.id.as_str()))
        .chain(position.exited.iter().map(|u| u.id.as_str()));
    for id in all {
        if !ids.insert(id) {
            out.push(
                Diagnostic::new(
                    ErrorKind::DuplicateUnit,
                    format!("unit id `{id}` is used twice"),
                )
                .label(id),
            );
        }
    }
    let mut sides: BTreeMap<hexmap::Label, (Side, &str)> = BTreeMap::new();
    for u in &position.units {
        if !map.contains(u.hex) {
            out.push(
                Diagnostic::new(
                    ErrorKind::Hex,
                    format!(
                        "unit `{}` is on hex {}, which is not on the map",
                        u.id,
                        map.label_text(u.hex)
                    ),
                )
                .label(map.label_text(u.hex)),
            );
            continue;
        }
        let Some(label) = map.label(u.hex) else {
            continue;
        };
        match sides.get(&label) {
            Some((s, other)) if *s != u.side => out.push(
                Diagnostic::new(
                    ErrorKind::TwoSidesInHex,
                    format!(
                        "hex {label} holds units of both sides: {other} and {}",
                        u.id
                    ),
                )
                .label(label.to_string()),
            ),
            Some(_) => {}
            None => {
                sides.insert(label, (u.side, u.id.as_str()));
            }
        }
    }
    out
}

/// Check a scenario against its map: areas and features exist, objective hexes are on the map.
pub(crate) fn check_scenario(map: &HexMap, scenario: &Scenario) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for key in scenario
        .active_beaches
        .iter()
        .chain(&scenario.beach_bonus.areas)
    {
        if map.area(key).is_none() {
            let known: Vec<&str> = map.areas().iter().map(|a| a.key.as_str()).collect();
            out.push(
                Diagnostic::new(
                    ErrorKind::Scenario,
                    format!(
                        "the map has no area `{key}` (its areas: {})",
                        known.join(", ")
                    ),
                )
                .label(key.as_str()),
            );
        }
    }
    for o in &scenario.objectives {
        match &o.kind {
            ObjectiveKind::Occupy { hexes } => {
                for h in hexes {
                    if !map.contains(*h) {
                        out.push(
                            Diagnostic::new(
                                ErrorKind::Scenario,
                                format!(
                                    "objective `{}` is on hex {}, outside the map",
                                    o.name,
                                    map.label_text(*h)
                                ),
                            )
                            .label(map.label_text(*h)),
                        );
                    }
                }
            }
            ObjectiveKind::PerUnitNear { feature } => {
                if !map.feature_names().iter().any(|f| f == feature) {
                    out.push(
                        Diagnostic::new(
                            ErrorKind::Scenario,
                            format!("objective `{}` counts units near `{feature}` hexes, but the map has none", o.name),
                        )
                        .label(feature.as_str()),
                    );
                }
            }
        }
    }
    out
}

struct LocResult {
    path: Option<Vec<String>>,
    frontier: Option<Vec<BlockedHex>>,
}

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
    let mut problems = check_scenario(map, scenario);
    problems.extend(check_position(map, position));
    if !problems.is_empty() {
        return Err(Error::new(problems));
    }
    let placed = position.on_map(map).map_err(|errs| {
        Error::new(
            errs.into_iter()
                .map(|e| Diagnostic::new(ErrorKind::Hex, e.to_string()))
                .collect(),
        )
    })?;
    let label = |h: hexmap::Hex| map.label_text(h);
    let mut notes = Vec::new();

    // L7, L8, L10: Lines of Communications for each side that must trace.
    let rules = RoadChain::new(scenario.loc.free_hexes).with_target(scenario.loc.target);
    // The preset names only the road and trail features every map has: binding cannot fail.
    let bound = rules
        .rule()
        .bind(map)
        .map_err(|e| Error::new(vec![Diagnostic::new(ErrorKind::Scenario, e.to_string())]))?;
    let mut loc: BTreeMap<usize, LocResult> = BTreeMap::new();
    let mut loc_entries = Vec::new();
    for &side in &scenario.loc.sides {
        let target_hexes: Vec<hexmap::Hex> = match side {
            Side::Us => scenario
                .active_beaches
                .iter()
                .filter_map(|k| map.area(k))
                .flat_map(|a| a.hexes.iter().copied())
                .collect(),
            Side::Japanese => scenario.loc.japanese_targets.clone(),
        };
        let enemy_zoc = placed.zoc(map, side.enemy());
        let ids = |idx: &[u32]| -> Vec<String> {
            idx.iter()
                .map(|&i| position.units[i as usize].id.clone())
                .collect()
        };
        let free = |h: hexmap::Hex| -> Option<BlockReason> {
            let here = placed.at(map, h);
            let enemies: Vec<u32> = here
                .iter()
                .copied()
                .filter(|&i| position.units[i as usize].side != side)
                .collect();
            if !enemies.is_empty() {
                return Some(BlockReason::EnemyUnit {
                    units: ids(&enemies),
                });
            }
            let zoc = enemy_zoc.controllers(map, h);
            let friendly = here
                .iter()
                .any(|&i| position.units[i as usize].side == side);
            (!zoc.is_empty() && !friendly).then(|| BlockReason::EnemyZoc { units: ids(zoc) })
        };
        let targets = Targets::new(map, target_hexes.iter().copied());
        let tracer = Tracer::new(&bound, &targets, &free);
        let indices: Vec<usize> = (0..position.units.len())
            .filter(|&i| position.units[i].side == side)
            .collect();
        let starts: Vec<hexmap::Hex> = indices.iter().map(|&i| position.units[i].hex).collect();
        let answers = tracer.trace_all(&starts);
        for (&i, answer) in indices.iter().zip(answers) {
            let u = &position.units[i];
            let result = match answer {
                Some(p) => LocResult {
                    path: Some(p.hexes.iter().map(|h| label(*h)).collect()),
                    frontier: None,
                },
                None => match search(&bound, u.hex, &targets, &free) {
                    // The tracer and the search agree (property-tested); keep the search's path if
                    // they ever did not.
                    Ok(p) => LocResult {
                        path: Some(p.hexes.iter().map(|h| label(*h)).collect()),
                        frontier: None,
                    },
                    Err(cut) => LocResult {
                        path: None,
                        frontier: Some(
                            cut.frontier
                                .into_iter()
                                .map(|b| BlockedHex {
                                    hex: label(b.hex),
                                    reason: match b.obstacle {
                                        Obstacle::NotFree(r) => r,
                                        Obstacle::Refused {
                                            from,
                                            why: Refusal::NotAlong { .. },
                                        } => BlockReason::NoRoadAcross { from: label(from) },
                                        // Off the road/trail net, or (never with this preset)
                                        // anything else the chain refuses.
                                        _ => BlockReason::OffRoad,
                                    },
                                })
                                .collect(),
                        ),
                    },
                },
            };
            loc_entries.push(LocEntry {
                unit: u.id.clone(),
                side,
                hex: label(u.hex),
                traced: result.path.is_some(),
                path: result.path.clone(),
                frontier: result.frontier.clone(),
            });
            loc.insert(i, result);
        }
        notes.push(format!(
            "{side} units trace a Line of Communications to {} ({} hexes of any terrain, then roads and trails; {}).",
            match side {
                Side::Us => format!("a hex of the active Beach Areas ({})", scenario.active_beaches.join(", ")),
                Side::Japanese => "the scenario's Japanese LOC hexes (16.34 is not in our rules text)".to_string(),
            },
            rules.free_hexes,
            match rules.target {
                hexmap::TargetRule::OnChain => "when the LOC is longer than that, its last hex must be on the road/trail chain: the literal reading",
                hexmap::TargetRule::MayAdjoinChain => "the road/trail chain may run into the last hex across any hexside",
                // `TargetRule` is non-exhaustive; hexmap 0.1 has no other.
                _ => "another target rule",
            }
        ));
    }
    let traces = |i: usize| loc.get(&i).map(|r| r.path.is_some());

    let mut us = SideScore::default();
    let mut japanese = SideScore::default();
    let mut award = |side: Side, a: Award| match side {
        Side::Us => us.awards.push(a),
        Side::Japanese => japanese.awards.push(a),
    };
    let base = |kind: AwardKind, vp: u32, rule: &str, text: String| Award {
        kind,
        vp,
        rule: rule.to_string(),
        text,
        unit: None,
        rating: None,
        hex: None,
        objective: None,
        path: None,
        frontier: None,
    };

    // L4: elimination.
    for u in &position.eliminated {
        award(
            u.side.enemy(),
            Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                ..base(
                    AwardKind::Elimination,
                    u.rating.vp(),
                    "L4",
                    format!(
                        "eliminated {} unit {} ({}): value {} = {}",
                        u.side,
                        u.id,
                        u.rating,
                        u.rating.vp(),
                        u.rating.vp_sum()
                    ),
                )
            },
        );
    }

    // L5 (with L7/L9 for a side that must trace): territorial objectives.
    let mut objectives = Vec::new();
    for o in &scenario.objectives {
        let must_trace = scenario.loc.sides.contains(&o.side);
        let rule = if must_trace { "L5+L7" } else { "L5" };
        // One award for unit `i` of this objective, with its LOC as evidence.
        let objective_award = |i: usize, text: String| {
            let u = &position.units[i];
            Award {
                unit: Some(u.id.clone()),
                hex: Some(label(u.hex)),
                objective: Some(o.name.clone()),
                path: loc.get(&i).and_then(|r| r.path.clone()),
                ..base(AwardKind::Objective, o.vp, rule, text)
            }
        };
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
        match &o.kind {
            ObjectiveKind::Occupy { hexes } => {
                status.hexes = hexes.iter().map(|h| label(*h)).collect();
                let occupants: Vec<usize> = hexes
                    .iter()
                    .flat_map(|h| placed.at(map, *h).iter().map(|&i| i as usize))
                    .filter(|&i| position.units[i].side == o.side)
                    .collect();
                let (good, bad): (Vec<usize>, Vec<usize>) = occupants
                    .into_iter()
                    .partition(|&i| !must_trace || traces(i) == Some(true));
                status.without_loc = bad.iter().map(|&i| position.units[i].id.clone()).collect();
                if let Some(&i) = good.first() {
                    let u = &position.units[i];
                    status.held = true;
                    status.vp = o.vp;
                    status.by = good.iter().map(|&i| position.units[i].id.clone()).collect();
                    let mut text =
                        format!("objective {} held by {} at {}", o.name, u.id, label(u.hex));
                    if must_trace {
                        text.push_str(" (traces a LOC)");
                    }
                    award(o.side, objective_award(i, text));
                }
            }
            ObjectiveKind::PerUnitNear { feature } => {
                let feature_hexes = map.hexes_with(feature);
                status.hexes = feature_hexes.iter().map(|h| label(*h)).collect();
                for (i, u) in position.units.iter().enumerate() {
                    if u.side != o.side {
                        continue;
                    }
                    let Some(near) = feature_hexes
                        .iter()
                        .find(|f| **f == u.hex || f.is_adjacent(u.hex))
                    else {
                        continue;
                    };
                    if must_trace && traces(i) != Some(true) {
                        status.without_loc.push(u.id.clone());
                        continue;
                    }
                    let how = if *near == u.hex { "on" } else { "adjacent to" };
                    status.held = true;
                    status.vp += o.vp;
                    status.by.push(u.id.clone());
                    let text = format!(
                        "{}: {} at {} is {how} {feature} {}",
                        o.name,
                        u.id,
                        label(u.hex),
                        label(*near)
                    );
                    award(o.side, objective_award(i, text));
                }
            }
        }
        objectives.push(status);
    }

    // L6: the beach bonus, once.
    let bonus_hexes: Vec<(hexmap::Hex, &str)> = scenario
        .beach_bonus
        .areas
        .iter()
        .filter_map(|k| map.area(k))
        .flat_map(|a| a.hexes.iter().map(move |h| (*h, a.name.as_str())))
        .collect();
    let on_beach: Vec<(usize, &str)> = bonus_hexes
        .iter()
        .flat_map(|(h, area)| placed.at(map, *h).iter().map(move |&i| (i as usize, *area)))
        .filter(|(i, _)| position.units[*i].side == Side::Japanese)
        .collect();
    if let Some(&(i, area)) = on_beach.first() {
        let u = &position.units[i];
        let others: Vec<String> = on_beach[1..]
            .iter()
            .map(|(i, _)| position.units[*i].id.clone())
            .collect();
        let mut text = format!(
            "beach bonus: {} occupies beach hex {} ({area})",
            u.id,
            label(u.hex)
        );
        if !others.is_empty() {
            text.push_str(&format!(
                "; also on beaches: {} (scored once)",
                others.join(", ")
            ));
        }
        award(
            Side::Japanese,
            Award {
                unit: Some(u.id.clone()),
                hex: Some(label(u.hex)),
                ..base(AwardKind::BeachBonus, scenario.beach_bonus.vp, "L6", text)
            },
        );
    }

    // L9: units of a tracing side that cannot trace.
    for (i, r) in &loc {
        if r.path.is_some() {
            continue;
        }
        let u = &position.units[*i];
        award(
            u.side.enemy(),
            Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                hex: Some(label(u.hex)),
                frontier: r.frontier.clone(),
                ..base(
                    AwardKind::LocCut,
                    u.rating.vp(),
                    "L9",
                    format!(
                        "{} unit {} ({}) at {} cannot trace a LOC: value {} = {}",
                        u.side,
                        u.id,
                        u.rating,
                        label(u.hex),
                        u.rating.vp(),
                        u.rating.vp_sum()
                    ),
                )
            },
        );
    }

    // Scenario exit rules.
    let through = |u: &crate::model::OffMapUnit, side: Side, hexes: &[hexmap::Hex]| {
        u.side == side && (hexes.is_empty() || u.hex.is_some_and(|h| hexes.contains(&h)))
    };
    for u in &position.exited {
        let matching = scenario.exits.iter().find(|e| through(u, e.side, &e.hexes));
        let Some(e) = matching else {
            let required = scenario
                .exit_requirements
                .iter()
                .any(|r| through(u, r.side, &r.hexes));
            if !required {
                notes.push(format!(
                    "{} {} left the map, but no exit award or requirement of the scenario applies to it.",
                    u.side, u.id
                ));
            }
            continue;
        };
        let vp = match e.value {
            ExitValue::UnitValue => u.rating.vp(),
            ExitValue::Fixed(v) => v,
        };
        let by = u
            .hex
            .map(|h| format!(" by {}", label(h)))
            .unwrap_or_default();
        award(
            e.scorer,
            Award {
                unit: Some(u.id.clone()),
                rating: Some(u.rating.to_string()),
                hex: u.hex.map(label),
                ..base(
                    AwardKind::Exit,
                    vp,
                    "scenario",
                    format!("{} unit {} ({}) exited the map{by}", u.side, u.id, u.rating),
                )
            },
        );
    }
    for r in &scenario.exit_requirements {
        let done = position
            .exited
            .iter()
            .filter(|u| through(u, r.side, &r.hexes))
            .count();
        if (done as u64) < u64::from(r.units) {
            let through: Vec<String> = r.hexes.iter().map(|h| label(*h)).collect();
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
            award(
                r.scorer,
                base(AwardKind::ExitShortfall, r.vp, "scenario", text),
            );
        }
    }

    us.total = us.awards.iter().map(|a| u64::from(a.vp)).sum();
    japanese.total = japanese.awards.iter().map(|a| u64::from(a.vp)).sum();
    let ratio = Ratio::new(us.total, japanese.total);
    Ok(Report {
        schema_version: SCHEMA_VERSION,
        scenario: scenario.name.clone(),
        map: map.name().to_string(),
        level: ratio.level(),
        margins: Margins::of(us.total, japanese.total),
        ratio,
        us,
        japanese,
        objectives,
        loc: loc_entries,
        notes,
    })
}
