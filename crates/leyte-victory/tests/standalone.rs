//! Tests that read no files: every map and state is inline, so they run from the published
//! package as well as from the repository.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::HexMap;
use leyte_victory::{
    AwardKind, BlockReason, ErrorKind, ExitAward, ExitRequirement, ExitValue, Objective,
    OffMapUnit, Position, PositionBuilder, Rating, Scenario, Side, Unit, VictoryLevel, beach,
    score, score_toml,
};
use wargame_kit::resolve::{MemoryResolver, NoResolver};

/// Two rows of nine hexes: row 10 a corridor with a road 1006-1009 to the Northern beach at
/// 1009, row 11 beside it; airfields at 1103 and 1105.
const CORRIDOR: &str = r#"
name = "LOC corridor"

[layout]
orientation = "pointy"
label = "row-column"
rows = [10, 11]
columns = [1, 9]
shifted = "even"
rows_grow = "north"
columns_grow = "east"

[features]
airfield = ["1103", "1105"]

[areas.northern-beach]
name = "Northern Beach Area"
hexes = ["1009"]

[areas.eastern-beach]
name = "Eastern Beach Area"
hexes = ["1109"]

[areas.southern-beach]
name = "Southern Beach Area"
hexes = ["1101"]

[hexsides]
roads = [["1006", "1007", "1008", "1009"]]
"#;

fn corridor() -> HexMap {
    HexMap::from_toml_str(CORRIDOR, Some("corridor.toml")).unwrap()
}

#[test]
fn an_in_memory_scenario_scores_every_rule_with_evidence() {
    let map = corridor();
    let hex = |l: &str| map.parse(l).unwrap();
    let scenario = Scenario::new("In memory", &[beach::NORTHERN])
        .with_objective(Objective::occupy("Roadhead", Side::Us, 20, [hex("1006")]))
        .with_objective(Objective::per_unit_near(
            "Airfields",
            Side::Japanese,
            10,
            "airfield",
        ))
        .with_exit(ExitAward::new(
            Side::Us,
            [hex("1001")],
            ExitValue::UnitValue,
        ))
        .with_exit_requirement(
            ExitRequirement::new(Side::Japanese, [], 1, 7).with_note("placeholder"),
        );
    let position = PositionBuilder::new(&map)
        .unit("US-1", Side::Us, "4-6-5", "1006") // traces: +20
        .unit("US-2", Side::Us, "3-2-5", "1002") // in J-1's ZOC: cut, +5 to Japan
        .unit("J-1", Side::Japanese, "4-6-5", "1103") // on an airfield: +10
        .eliminated("J-2", Side::Japanese, "2-2-4") // +4
        .exited("US-3", Side::Us, "1-1-4", "1001") // +2
        .build()
        .unwrap();
    let report = score(&map, &scenario, &position).unwrap();

    let kinds = |awards: &[leyte_victory::Award]| -> Vec<(AwardKind, u32)> {
        awards.iter().map(|a| (a.kind, a.vp)).collect()
    };
    assert_eq!(
        kinds(&report.us.awards),
        [
            (AwardKind::Elimination, 4),
            (AwardKind::Objective, 20),
            (AwardKind::Exit, 2),
            (AwardKind::ExitShortfall, 7),
        ]
    );
    assert_eq!(
        kinds(&report.japanese.awards),
        [(AwardKind::Objective, 10), (AwardKind::LocCut, 5)]
    );
    assert_eq!((report.us.total, report.japanese.total), (33, 15));
    assert_eq!(report.ratio.text, "2.20 to 1");
    assert_eq!(report.level, VictoryLevel::UsMarginal);

    // The cut unit's evidence: J-1's zone of control.
    let cut = report.loc.iter().find(|e| e.unit == "US-2").unwrap();
    assert!(!cut.traced);
    assert!(cut.frontier.as_ref().unwrap().iter().any(|b| matches!(
        &b.reason,
        BlockReason::EnemyZoc { units } if units == &["J-1"]
    )));

    // The JSON other tools parse, and the text a player reads.
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["level"], "us-marginal");
    assert!(
        report
            .to_string()
            .contains("US 33 : Japanese 15 = 2.20 to 1")
    );
}

#[test]
fn a_position_built_from_hexes_is_checked_against_its_map() {
    let map = corridor();
    let rating = Rating::standard("4-6-5").unwrap();
    let at = |l: &str| map.parse(l).unwrap();
    let ok = Position::new(
        &map,
        vec![
            Unit::new("US-1", Side::Us, rating, at("1006")),
            Unit::new("J-1", Side::Japanese, rating, at("1104")).without_zoc(),
        ],
        vec![OffMapUnit::eliminated("J-2", Side::Japanese, rating)],
        vec![OffMapUnit::exited(
            "US-2",
            Side::Us,
            rating,
            Some(at("1001")),
        )],
    )
    .unwrap();
    assert_eq!(ok.units().len(), 2);
    assert!(!ok.units()[1].zoc);

    let err = Position::new(
        &map,
        vec![
            Unit::new("US-1", Side::Us, rating, at("1006")),
            Unit::new("J-1", Side::Japanese, rating, at("1006")),
            Unit::new("J-2", Side::Japanese, rating, hexmap::Hex::new(40, 40)),
        ],
        vec![OffMapUnit::eliminated("US-1", Side::Us, rating)],
        Vec::new(),
    )
    .unwrap_err();
    let mut kinds: Vec<ErrorKind> = err.diagnostics().iter().map(|d| d.kind).collect();
    kinds.sort_by_key(|k| format!("{k:?}"));
    assert_eq!(
        kinds,
        [
            ErrorKind::DuplicateUnit,
            ErrorKind::Hex,
            ErrorKind::TwoSidesInHex
        ]
    );
}

#[test]
fn a_state_with_a_map_reference_scores_through_the_resolver() {
    let state = r#"
game = "leyte"
map = "corridor.toml"

[scenario]
name = "Assault"
active_beaches = ["northern-beach"]

[[scenario.objectives]]
name = "Airfields"
side = "japanese"
vp_per_unit = 10
near_feature = "airfield"

[[units]]
id = "J-1"
side = "japanese"
rating = "4-6-5"
hex = "1104"       # adjacent to both airfields: scores once

[[units]]
id = "J-2"
side = "japanese"
rating = "1-1-4"
hex = "1009"       # on the Northern beach: the beach bonus (L6)

[[eliminated]]
id = "US-9"
side = "us"
artillery = true
rating = "6-4-2-3"  # 6 + 4 + 2
"#;
    let maps = MemoryResolver::default().with("corridor.toml", CORRIDOR);
    let report = score_toml(state, Some("assault.toml"), &maps).unwrap();
    assert_eq!(report.map, "LOC corridor");
    assert_eq!(report.japanese.total, 10 + 40 + 12);
    assert_eq!(report.level, VictoryLevel::JapaneseDecisive);

    // Without a resolver that knows the map, the reference is the problem reported.
    let err = score_toml(state, Some("assault.toml"), &NoResolver).unwrap_err();
    assert_eq!(err.kind(), Some(ErrorKind::MapReference));
}

#[test]
fn every_problem_in_a_state_is_reported_with_its_line() {
    let state = r#"game = "leyte"
map = "corridor.toml"

[scenario]
name = "Broken"
active_beaches = ["western-beach"]

[[units]]
id = "US-1"
side = "us"
rating = "4-6"
hex = "1006"

[[units]]
id = "US-1"
side = "us"
rating = "4-6-5"
hex = "9999"
"#;
    let maps = MemoryResolver::default().with("corridor.toml", CORRIDOR);
    let err = leyte_victory::State::from_toml_str(state, Some("broken.toml"), &maps).unwrap_err();
    let found: Vec<(ErrorKind, Option<u32>)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.kind, d.location.map(|l| l.line)))
        .collect();
    assert_eq!(
        found,
        [
            (ErrorKind::Scenario, Some(6)),
            (ErrorKind::Rating, Some(11)),
            (ErrorKind::DuplicateUnit, Some(15)),
            (ErrorKind::Hex, Some(18)),
        ]
    );
    assert!(err.to_string().contains("broken.toml:6:"));
}

/// Ruling L-15: a shortfall paid by removing a counter is paid once, by the counter's
/// elimination when the requirement names it and it is among the eliminated, else by the
/// requirement's points; a requirement met leaves the named counter an ordinary elimination;
/// a named counter that is no unit of the position (or of the other side) is refused, the same
/// way by `score` and by a scorer's session.
#[test]
fn a_shortfall_paid_by_a_removed_counter_is_paid_once() {
    let map = corridor();
    let hex = |l: &str| map.parse(l).unwrap();
    let requirement = ExitRequirement::new(Side::Us, [hex("1101")], 1, 5).with_note("16.4");
    let named = Scenario::new("Campaign", &[beach::NORTHERN])
        .with_exit_requirement(requirement.clone().with_removed("US-X"));
    let unnamed = Scenario::new("Campaign", &[beach::NORTHERN]).with_exit_requirement(requirement);
    let removed = PositionBuilder::new(&map)
        .eliminated("US-X", Side::Us, "3-2-5")
        .build()
        .unwrap();
    let japanese = |scenario: &Scenario, position: &Position| {
        let report = score(&map, scenario, position).unwrap();
        let scorer = leyte_victory::Scorer::new(&map, scenario).unwrap();
        assert_eq!(scorer.verdict(position).unwrap(), report.verdict());
        report.japanese
    };
    // Named and eliminated: the elimination pays, citing the scenario rule.
    let paid = japanese(&named, &removed);
    assert_eq!(paid.total, 5);
    assert_eq!(paid.awards.len(), 1);
    assert_eq!(
        (paid.awards[0].kind, paid.awards[0].rule.as_str()),
        (AwardKind::Elimination, "scenario")
    );
    assert!(
        paid.awards[0].text.contains("[16.4]"),
        "{}",
        paid.awards[0].text
    );
    // Not named: the requirement's points and the elimination's (a note says why).
    let twice = score(&map, &unnamed, &removed).unwrap();
    assert_eq!(twice.japanese.total, 10);
    assert!(twice.notes.iter().any(|n| n.contains("paid twice")));
    // Named, not eliminated: the requirement's points, once.
    let on_map = PositionBuilder::new(&map)
        .unit("US-X", Side::Us, "3-2-5", "1006")
        .build()
        .unwrap();
    let stands = japanese(&named, &on_map);
    assert_eq!(stands.total, 5);
    assert_eq!(stands.awards[0].kind, AwardKind::ExitShortfall);
    assert!(stands.awards[0].text.contains("on the map at 1006"));
    // Met: the named counter's elimination is an ordinary one (L4), with a note.
    let met = PositionBuilder::new(&map)
        .eliminated("US-X", Side::Us, "3-2-5")
        .exited("US-Y", Side::Us, "3-2-5", "1101")
        .build()
        .unwrap();
    let report = score(&map, &named, &met).unwrap();
    assert_eq!(report.japanese.total, 5);
    assert_eq!(report.japanese.awards[0].rule, "L4");
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("the requirement is met"))
    );
    // A counter that is no unit of the position, or of the other side: refused alike.
    for id in ["US-Z", "J-1"] {
        let scenario = Scenario::new("Campaign", &[beach::NORTHERN])
            .with_exit_requirement(ExitRequirement::new(Side::Us, [], 1, 5).with_removed(id));
        let position = PositionBuilder::new(&map)
            .eliminated("J-1", Side::Japanese, "3-2-5")
            .build()
            .unwrap();
        let err = score(&map, &scenario, &position).unwrap_err();
        let d = &err.diagnostics()[0];
        assert_eq!(
            (d.kind, d.key.as_deref()),
            (
                ErrorKind::Scenario,
                Some("scenario.exit_requirements[0].removed")
            )
        );
        let scorer = leyte_victory::Scorer::new(&map, &scenario).unwrap();
        let in_session = scorer.session().verdict(&position).unwrap_err();
        assert_eq!(in_session.diagnostics(), err.diagnostics());
    }
}

/// Issue 47: a position built in code is explained as `score` scores it (`explain_position`
/// takes what `score` takes), and a `State` built from a map, a scenario and a position
/// explains and scores the same; a scenario that does not fit the map is refused by both.
#[test]
fn a_position_built_in_code_is_explained() {
    use leyte_victory::{LocCase, State, explain, explain_position};
    let map = corridor();
    let scenario = Scenario::new("In memory", &[beach::NORTHERN]);
    let position = PositionBuilder::new(&map)
        .unit("US-1", Side::Us, "4-6-5", "1006")
        .unit("US-2", Side::Us, "3-2-5", "1002")
        .unit("J-1", Side::Japanese, "4-6-5", "1103")
        .eliminated("J-2", Side::Japanese, "2-2-4")
        .build()
        .unwrap();
    let report = score(&map, &scenario, &position).unwrap();
    let e = explain_position(&map, &scenario, &position, "US-2").unwrap();
    let entry = report.loc.iter().find(|l| l.unit == "US-2").unwrap();
    match &e.case {
        LocCase::Cut { frontier, .. } => assert_eq!(Some(frontier), entry.frontier.as_ref()),
        other => panic!("US-2 should be cut: {other:?}"),
    }
    assert!(matches!(
        explain_position(&map, &scenario, &position, "US-1")
            .unwrap()
            .case,
        LocCase::Traced { .. }
    ));
    assert!(explain_position(&map, &scenario, &position, "US-9").is_err());

    let state = State::new(map.clone(), scenario.clone(), position.clone()).unwrap();
    assert_eq!(state.score().unwrap(), report);
    for id in ["US-1", "US-2", "J-1", "J-2"] {
        assert_eq!(
            explain(&state, id).unwrap(),
            explain_position(&map, &scenario, &position, id).unwrap(),
            "{id}"
        );
    }

    let elsewhere = Scenario::new("In memory", &["nowhere"]);
    assert!(State::new(map.clone(), elsewhere.clone(), position.clone()).is_err());
    assert!(explain_position(&map, &elsewhere, &position, "US-2").is_err());
}
