//! Tests that read no files: every state and track is inline or built in memory, so they run
//! from the published package as well as from the repository.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{
    AutomaticVictoryKind, Check, Country, Effect, ErrorKind, Faction, Game, GroundUnit, Influence,
    MarkerSide, Side, State, StrategicHex, TermKind, VpMarker, VpSource, WarState, score,
};
use hexmap::Label;
use wargame_kit::resolve::{MemoryResolver, NoResolver};

fn label(l: &str) -> Label {
    Label::parse(l, 2).unwrap()
}

#[test]
fn asian_domination_from_toml_ends_the_game() {
    let state = State::from_toml_str(
        r#"
game = "dai-senso"
check = "seasonal"
war_state = "total-war"
turn = "Jul-Aug 1942"
current_esv = 0
vp_marker = { rising_sun = "4" }

[strategic_warfare_box]
allied_collapse = 15
"#,
        Some("domination.toml"),
        &NoResolver,
    )
    .unwrap();
    let report = score(&state, &Rules::default());
    assert_eq!(report.csv.total, 15);
    assert_eq!(report.vp_marker.box_id, "automatic-victory");
    assert_eq!(report.vp_marker.side, MarkerSide::RisingSun);
    let av = report.automatic_victory.unwrap();
    assert_eq!(
        (av.winner, av.kind, av.effect),
        (
            Side::Axis,
            AutomaticVictoryKind::AsianDomination,
            Effect::EndsGame
        )
    );
    // The JSON other tools parse, and the text a player reads.
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["vp_marker"]["box"], "automatic-victory");
    assert!(report.to_string().contains("Jul-Aug 1942"));
}

/// 0.3's Final check example, built in Rust: the Netherlands East Indies is a Neutral Country
/// with a Pro-West marker and a US ground unit stands in Tokyo, so Batavia and Palembang count
/// as under Allied control. Labels other than Batavia (w2819) and Tokyo (e4904) are stand-ins.
fn nei_final_check() -> State {
    let mut state = State::new(
        Game::DaiSenso,
        Check::Final,
        WarState::TotalWar,
        VpMarker::new("2", MarkerSide::AlliedCrusade),
    );
    state.current_esv = Some(2);
    state.japanese_mandate = Some("1".into());
    state.countries.insert(
        "nei".into(),
        Country::named("Netherlands East Indies")
            .neutral()
            .with_influence(Influence::ProWest),
    );
    state
        .countries
        .insert("japan".into(), Country::named("Japan"));
    for (l, name) in [("w2819", "Batavia"), ("w2718", "Palembang")] {
        state
            .strategic_hexes
            .push(StrategicHex::new(label(l), name, Faction::Axis).in_country("nei"));
    }
    state.strategic_hexes.push(
        StrategicHex::new(label("e4904"), "Tokyo", Faction::Axis)
            .in_country("japan")
            .inside_japan(),
    );
    for (l, name) in [
        ("e4012", "Okinawa"),
        ("e4111", "Taipei"),
        ("e4507", "Seoul"),
        ("e3020", "Truk"),
        ("e3427", "Saipan"),
    ] {
        state
            .strategic_hexes
            .push(StrategicHex::new(label(l), name, Faction::Axis).controlled_by(Faction::Western));
    }
    state
        .units
        .push(GroundUnit::new(label("e4904"), Faction::Western));
    state
}

#[test]
fn a_state_built_in_memory_is_evaluated_with_the_tables_rules() {
    let state = nei_final_check();
    state.validate().unwrap();
    let report = score(&state, &Rules::default());
    let step = |kind: TermKind| {
        report
            .csv
            .terms
            .iter()
            .find(|t| t.kind == kind)
            .unwrap()
            .value
    };
    assert_eq!(step(TermKind::AxisStrategicHexesUnderAlliedControl), -8);
    assert_eq!(step(TermKind::CurrentEsv), 2);
    assert_eq!(report.csv.total, -6);
    assert_eq!(report.vp_marker.box_id, "2");
    let vp = report.vp.as_ref().unwrap();
    assert_eq!((vp.axis.total, vp.allies.total), (1, 2));
    assert_eq!(vp.axis.parts[0].source, VpSource::JapaneseMandateMarker);
    assert_eq!(report.winner, Some(Side::Allies));

    // With Tokyo elsewhere, no Allied unit stands in it: the Pro-West marker decides nothing,
    // the CSV is -4 (the 1 VP box) and the 1-1 tie goes to the Axis.
    let rules = Rules::default().with_tokyo(label("e4805"));
    let report = score(&state, &rules);
    assert_eq!(report.csv.total, -4);
    assert_eq!(report.vp_marker.box_id, "1");
    assert_eq!(report.winner, Some(Side::Axis));
}

#[test]
fn a_track_named_by_a_state_is_read_through_the_resolver() {
    const STEEP: &str = r#"
name = "Steep test track"

[[boxes]]
id = "0"
vp = 0
keeps_side = { min = 1, max = 4 }

[[boxes]]
id = "1"
vp = 1
rising_sun = { min = 5, max = 9 }
allied_crusade = { min = -6, max = 0 }

[[boxes]]
id = "2"
vp = 2
rising_sun = { min = 10, max = 19 }
allied_crusade = { min = -19, max = -7 }

[[boxes]]
id = "automatic-victory"
rising_sun = { min = 20 }
allied_crusade = { max = -20 }
"#;
    let state = r#"
game = "dai-senso"
check = "seasonal"
war_state = "limited-war"
current_esv = 0
vp_marker = { rising_sun = "1" }
track = "tracks/steep.toml"

[strategic_warfare_box]
allied_collapse = 4
"#;
    let tracks = MemoryResolver::default().with("tracks/steep.toml", STEEP);
    let state = State::from_toml_str(state, Some("state.toml"), &tracks).unwrap();
    assert_eq!(state.track.name(), Some("Steep test track"));
    let report = score(&state, &Rules::default());
    // +4 is in this track's 0 box, which keeps the Rising Sun face.
    assert_eq!(report.vp_marker.box_id, "0");
    assert_eq!(report.vp_marker.side, MarkerSide::RisingSun);
    assert!(report.vp_marker.kept_side);
    // One more point reaches the 1 VP box.
    assert_eq!(
        report.margins.marker.up.as_ref().map(|m| m.csv_change),
        Some(1)
    );

    // A broken track is reported in its own file.
    let broken = MemoryResolver::default().with(
        "tracks/steep.toml",
        STEEP.replace("{ min = 5, max = 9 }", "{ min = 6, max = 9 }"),
    );
    let err = State::from_toml_str(
        r#"
game = "dai-senso"
check = "seasonal"
war_state = "limited-war"
current_esv = 0
vp_marker = { rising_sun = "1" }
track = "tracks/steep.toml"
"#,
        Some("state.toml"),
        &broken,
    )
    .unwrap_err();
    assert_eq!(err.kind(), Some(ErrorKind::TrackRanges));
    assert_eq!(
        err.diagnostics()[0].file.as_deref(),
        Some("tracks/steep.toml")
    );
}

#[test]
fn problems_are_reported_from_toml_and_noted_in_memory() {
    let err = State::from_toml_str(
        r#"game = "dai-senso"
check = "seasonal"
war_state = "total-war"
current_esv = 0
vp_marker = { allied_crusade = "9" }

[[strategic_hexes]]
label = "w28"
name = "Nowhere"
faction = "dutch"
"#,
        Some("broken.toml"),
        &NoResolver,
    )
    .unwrap_err();
    let found: Vec<(ErrorKind, Option<u32>)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.kind, d.location.map(|l| l.line)))
        .collect();
    assert_eq!(
        found,
        [
            (ErrorKind::OffTrack, Some(5)),
            (ErrorKind::BadLabel, Some(8)),
            (ErrorKind::UnknownFaction, Some(10)),
        ]
    );

    // The same kind of mistake in a hand-built state: score is total and says what is wrong.
    let mut state = nei_final_check();
    state.vp_marker = VpMarker::new("9", MarkerSide::AlliedCrusade);
    assert_eq!(
        state.validate().unwrap_err().kind(),
        Some(ErrorKind::OffTrack)
    );
    let report = score(&state, &Rules::default());
    assert!(report.notes.iter().any(|n| n.id == "invalid-state"));
    assert_eq!(report.winner, Some(Side::Allies));
}
