//! The SVG picture of a report (feature `svg`): snapshots of a few fixtures, and for every
//! fixture under `fixtures/asia-engulfed/` well-formed XML with exactly one VP marker, drawn
//! the same way twice.
#![cfg(feature = "svg")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use asia_engulfed_victory::svg::{self, WIDTH};
use asia_engulfed_victory::{
    Check, Faction, Game, MarkerSide, Report, Rules, State, StrategicHex, VpMarker, WarState, score,
};
use hexmap::Label;
use hexmap::resolve::FsResolver;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/asia-engulfed")
}

fn load(name: &str) -> (State, Report) {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let resolver = FsResolver::confined(root());
    let state = State::from_toml_str(&text, Some(name), &resolver)
        .unwrap_or_else(|e| panic!("{name} should be valid:\n{e}"));
    let report = score(&state, &Rules::default());
    (state, report)
}

fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    names
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// Elements whose `class` is exactly `class`.
fn with_class<'a>(doc: &'a roxmltree::Document<'_>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

#[test]
fn snapshots_of_a_few_fixtures() {
    for name in [
        "vp-check-plus-three-flips-to-rising-sun.toml",
        "japanese-mandate-caps-rising-sun.toml",
        "combined-example-allies-six-axis-five.toml",
    ] {
        let (state, report) = load(name);
        let picture = svg::render(&state, &report);
        settings().bind(|| insta::assert_snapshot!(format!("svg@{name}"), picture));
    }
}

#[test]
fn every_fixture_draws_well_formed_and_deterministic_svg() {
    let names = fixture_names();
    assert!(names.len() > 30, "fixtures found: {}", names.len());
    for name in &names {
        let (state, report) = load(name);
        let picture = svg::render(&state, &report);
        assert_eq!(
            picture,
            svg::render(&state, &report),
            "{name}: not deterministic"
        );
        let doc = roxmltree::Document::parse(&picture)
            .unwrap_or_else(|e| panic!("{name}: not well-formed XML: {e}"));
        let svg_el = doc.root_element();
        assert_eq!(svg_el.tag_name().name(), "svg", "{name}");
        let height: f64 = svg_el.attribute("height").unwrap().parse().unwrap();

        // Exactly one VP marker, in the box and on the face the report gives.
        let markers = with_class(&doc, "vp-marker");
        assert_eq!(markers.len(), 1, "{name}: VP markers drawn");
        let m = markers[0];
        assert_eq!(
            m.attribute("data-box"),
            Some(report.vp_marker.box_id.as_str()),
            "{name}"
        );
        assert_eq!(
            m.attribute("data-side"),
            Some(report.vp_marker.side.key()),
            "{name}"
        );
        let face = match report.vp_marker.side {
            MarkerSide::RisingSun => "RS",
            MarkerSide::AlliedCrusade => "AC",
        };
        assert!(
            m.descendants().any(|n| n.text() == Some(face)),
            "{name}: the marker shows {face}"
        );

        // The previous position is drawn faintly when the marker moved or flipped.
        let moved = report.vp_marker.previous.box_id != report.vp_marker.box_id
            || report.vp_marker.previous.side != report.vp_marker.side;
        assert_eq!(
            with_class(&doc, "vp-marker-previous").len(),
            usize::from(moved),
            "{name}: previous position"
        );

        // One box per track box; the other markers where the state puts them.
        assert_eq!(
            with_class(&doc, "vp-box").len(),
            state.track.boxes().len(),
            "{name}"
        );
        assert_eq!(
            with_class(&doc, "japanese-mandate").len(),
            usize::from(state.japanese_mandate.is_some()),
            "{name}"
        );
        assert_eq!(
            with_class(&doc, "hakko-ichiu").len(),
            usize::from(state.hakko_ichiu.is_some()),
            "{name}"
        );
        assert_eq!(
            with_class(&doc, "japanese-mandate-cap").len(),
            usize::from(report.vp_marker.capped_by_japanese_mandate),
            "{name}"
        );
        assert_eq!(
            with_class(&doc, "banner").len(),
            usize::from(
                report.automatic_victory.is_some()
                    || report.winner.is_some()
                    || report
                        .combined
                        .as_ref()
                        .is_some_and(|c| c.result.winner().is_some())
            ),
            "{name}: banner"
        );
        assert_eq!(
            with_class(&doc, "combined").len(),
            usize::from(report.combined.is_some()),
            "{name}"
        );

        // Every text starts inside the picture.
        for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let x: f64 = t.attribute("x").unwrap().parse().unwrap();
            let y: f64 = t.attribute("y").unwrap().parse().unwrap();
            assert!(
                (0.0..=WIDTH).contains(&x) && (0.0..=height).contains(&y),
                "{name}: text {:?} at ({x}, {y}) is outside {WIDTH}x{height}",
                t.text()
            );
        }

        // Every CSV term is listed with its rule.
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        for term in &report.csv.terms {
            assert!(texts.contains(&term.rule), "{name}: {}", term.rule);
        }
        let tag = if report.csv.total == 0 {
            "CSV 0".to_string()
        } else {
            format!("CSV {:+}", report.csv.total)
        };
        assert!(
            texts.iter().any(|t| t.starts_with(&tag)),
            "{name}: no `{tag}` tag"
        );
    }
}

#[test]
fn text_is_escaped() {
    let mut state = State::new(
        Game::DaiSenso,
        Check::Seasonal,
        WarState::LimitedWar,
        VpMarker::new("0", MarkerSide::AlliedCrusade),
    );
    state.current_esv = Some(0);
    state.turn = Some("<Nov & Dec> \"1940\"".into());
    state.strategic_hexes.push(
        StrategicHex::new(
            Label::parse("w4015", 2).unwrap(),
            "Peiping <&> 'old'",
            Faction::Western,
        )
        .controlled_by(Faction::Axis),
    );
    let report = score(&state, &Rules::default());
    let picture = svg::render(&state, &report);
    let doc = roxmltree::Document::parse(&picture).unwrap();
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.iter().any(|t| t.contains("Peiping <&> 'old'")));
    assert!(texts.iter().any(|t| t.contains("<Nov & Dec> \"1940\"")));
}

#[test]
fn a_hand_built_state_with_an_unknown_box_still_draws_one_marker() {
    let mut state = State::new(
        Game::DaiSenso,
        Check::Seasonal,
        WarState::TotalWar,
        VpMarker::new("9", MarkerSide::RisingSun),
    );
    state.current_esv = Some(0);
    state.play_stopped = true;
    state.japanese_mandate = Some("nowhere".into());
    let report = score(&state, &Rules::default());
    let picture = svg::render(&state, &report);
    let doc = roxmltree::Document::parse(&picture).unwrap();
    assert_eq!(with_class(&doc, "vp-marker").len(), 1);
    assert_eq!(with_class(&doc, "japanese-mandate").len(), 0);
}
