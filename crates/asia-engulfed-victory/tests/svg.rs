//! The SVG picture of a report (feature `svg`): snapshots of a few fixtures, and for every
//! fixture under `fixtures/asia-engulfed/` well-formed XML with exactly one VP marker, drawn
//! the same way twice, that shows every fact the text report shows.
#![cfg(feature = "svg")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story

use std::path::{Path, PathBuf};

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::svg::{self, WIDTH};
use asia_engulfed_victory::{
    Check, CombinedResult, CsvRange, Effect, Faction, Game, InfluenceReading, MarkerSide,
    PlacementBasis, Report, Side, State, StrategicHex, VpMarker, WarState, score,
};
use hexmap::Label;
use wargame_kit::resolve::FsResolver;

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

        // Every text starts inside the picture, and is at least 11 units high.
        for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let size: f64 = t.attribute("font-size").unwrap().parse().unwrap();
            assert!(size >= 11.0, "{name}: text {:?} in size {size}", t.text());
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
            assert!(texts.contains(&term.rule.as_ref()), "{name}: {}", term.rule);
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

// ---------------------------------------------------------------------------------------------
// The picture shows everything the text report shows.

/// The words of every `<text>` (with its `<tspan>`s) under `node`, in document order, one space
/// between texts, whitespace normalised and in lower case: a sentence wrapped over several
/// lines reads as one.
fn text_of(node: roxmltree::Node<'_, '_>) -> String {
    let mut words: Vec<&str> = Vec::new();
    for t in node.descendants().filter(|n| n.has_tag_name("text")) {
        for d in t.descendants().filter(roxmltree::Node::is_text) {
            words.extend(d.text().unwrap_or("").split_whitespace());
        }
    }
    words.join(" ").to_lowercase()
}

/// `s` with its whitespace normalised and in lower case, as [`text_of`] gives the picture's.
fn norm(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A number as the picture writes it: `+3`, `-5`, `0`.
fn signed(v: i64) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("{v:+}")
    }
}

/// A CSV range as the picture writes it: outward from the 0 box (`+3..+5`, `0..-5`).
fn range_words(r: CsvRange, side: Option<MarkerSide>) -> String {
    match (r.min, r.max) {
        (Some(a), Some(b)) if a == b => signed(a),
        (Some(a), Some(b)) if side == Some(MarkerSide::AlliedCrusade) => {
            format!("{}..{}", signed(b), signed(a))
        }
        (Some(a), Some(b)) => format!("{}..{}", signed(a), signed(b)),
        (Some(a), None) => format!("{} or more", signed(a)),
        (None, Some(b)) => format!("{} or less", signed(b)),
        (None, None) => "any CSV".to_string(),
    }
}

/// A box's name as the picture (and [`asia_engulfed_victory::VpBox::title`]) gives it.
fn box_title(state: &State, id: &str) -> String {
    state
        .track
        .index_of(id)
        .map_or_else(|| format!("box `{id}`"), |i| state.track.boxes()[i].title())
}

/// Every fact looked for, and those not found.
struct Facts<'a> {
    fixture: &'a str,
    looked_for: usize,
    missing: Vec<String>,
}

impl Facts<'_> {
    /// `fact` must be in `haystack` (the normalised text of the part of the picture `place`).
    fn expect(&mut self, haystack: &str, place: &str, fact: &str) {
        self.looked_for += 1;
        let fact = norm(fact);
        if !haystack.contains(&fact) {
            self.missing
                .push(format!("{}: {place}: `{fact}`", self.fixture));
        }
    }
}

/// The normalised text of the elements of class `class` (all of them, in document order).
fn class_text(doc: &roxmltree::Document<'_>, class: &str) -> String {
    with_class(doc, class)
        .into_iter()
        .map(text_of)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Check every fact of `report` that the text report (`Display`) prints against the picture.
#[allow(clippy::too_many_lines)]
fn check_facts(facts: &mut Facts<'_>, state: &State, report: &Report, picture: &str) {
    let doc = roxmltree::Document::parse(picture).unwrap();
    let all = text_of(doc.root());

    // The heading.
    let check = match report.check {
        Check::Seasonal => "Victory Point Check (0.1)",
        Check::Final => "Final Victory Point Check (0.3)",
    };
    facts.expect(&all, "heading", check);
    facts.expect(&all, "heading", report.war_state.title());
    if let Some(turn) = &report.turn {
        facts.expect(&all, "heading", turn);
    }

    // The Current Strategic Value, term by term, with the hexes behind each term.
    let csv = class_text(&doc, "csv");
    for t in &report.csv.terms {
        let term = format!("{} {} {}", t.rule, signed(t.value), t.kind.describe());
        facts.expect(&csv, "CSV term", &term);
        for h in &t.hexes {
            let hex = format!(
                "{} {} ({} control: {})",
                h.label,
                h.name,
                h.control.side.adjective(),
                h.control.basis.describe()
            );
            facts.expect(&csv, "CSV term hex", &hex);
        }
        for x in &t.excluded {
            let hex = format!(
                "not counted: {} {}, {} ({})",
                x.label, x.name, x.reason, x.rule
            );
            facts.expect(&csv, "CSV term hex not counted", &hex);
        }
    }
    let total = format!("Total {} Current Strategic Value", signed(report.csv.total));
    facts.expect(&csv, "CSV total", &total);

    // Every Strategic Hex considered, one row each: whose it is, who controls it and why, what
    // it adds and why.
    let rows = with_class(&doc, "considered-hex");
    if rows.len() != report.csv.considered.len() {
        facts.missing.push(format!(
            "{}: {} Strategic Hexes considered drawn, {} in the report",
            facts.fixture,
            rows.len(),
            report.csv.considered.len()
        ));
    }
    for (h, row) in report.csv.considered.iter().zip(&rows) {
        let text = text_of(*row);
        let control = h.control.map_or_else(
            || "no controller".to_string(),
            |c| format!("{} control: {}", c.side.adjective(), c.basis.describe()),
        );
        let place = format!("Strategic Hex considered {}", h.label);
        facts.expect(&text, &place, &format!("{} {}", h.label, h.name));
        facts.expect(&text, &place, &format!("{} hex", h.faction.title()));
        facts.expect(&text, &place, &control);
        facts.expect(&text, &place, &h.why);
        // An Influence marker that does not decide the hex's control is named, with why not.
        if let Some(read) = h.influence.as_ref()
            && read.reading != InfluenceReading::Applies
        {
            let marker = format!(
                "the {} marker in {} does not apply",
                read.marker.title(),
                read.country
            );
            facts.expect(&text, &place, &marker);
        }
        facts.looked_for += 1;
        if !text.split_whitespace().any(|w| w == signed(h.adds)) {
            facts.missing.push(format!(
                "{}: {place}: adds `{}`",
                facts.fixture,
                signed(h.adds)
            ));
        }
    }

    // The VP marker before and after, and how it got there.
    let placement = class_text(&doc, "placement");
    let m = &report.vp_marker;
    facts.expect(
        &placement,
        "marker before",
        &box_title(state, &m.previous.box_id),
    );
    facts.expect(&placement, "marker before", m.previous.side.title());
    facts.expect(&placement, "marker after", &box_title(state, &m.box_id));
    facts.expect(&placement, "marker after", m.side.title());
    if let Some(vp) = m.vp {
        facts.expect(&placement, "marker after: its VP", &format!("{vp} VP"));
    }
    if let Some(r) = m.range {
        let side = if m.kept_side { None } else { Some(m.side) };
        let side = match m.basis {
            PlacementBasis::CombinedGameException => Some(MarkerSide::AlliedCrusade),
            _ => side,
        };
        facts.expect(&placement, "marker range", &range_words(r, side));
    }
    if m.kept_side {
        facts.expect(
            &placement,
            "marker keeps its face",
            "keeps the marker's face",
        );
    }
    if m.capped_by_japanese_mandate {
        facts.expect(&placement, "marker capped", "Japanese Mandate");
    }
    match m.basis {
        PlacementBasis::CombinedGameException => {
            facts.expect(&placement, "placement basis", "0.2 (c) exception");
        }
        PlacementBasis::PlayStopped => {
            facts.expect(
                &placement,
                "placement basis",
                "Play on the DS map has stopped",
            );
        }
        PlacementBasis::FrozenByAutomaticVictory => {
            facts.expect(
                &placement,
                "placement basis",
                "Allied automatic victory held",
            );
        }
        _ => {}
    }

    // The automatic victory (0.2).
    let outcome = class_text(&doc, "outcome");
    match &report.automatic_victory {
        Some(a) if a.effect == Effect::EndsGame => {
            let av = format!("{} by {} ({})", a.winner.wins(), a.kind.title(), a.rule);
            facts.expect(&outcome, "automatic victory", &av);
        }
        Some(a)
            if a.effect == Effect::AfterTheGameEnded
                && report.vp_marker.basis == PlacementBasis::CombinedGameException =>
        {
            // The (c) exception wins nothing by itself (0.4): said for what it does.
            let av = format!(
                "the (c) exception would stop play on the DS map ({})",
                a.rule
            );
            facts.expect(&outcome, "(c) exception after the game ended", &av);
            let late = "the (c) exception came after the game had ended and does not count";
            facts.expect(&outcome, "(c) exception after the game ended", late);
        }
        Some(a) if a.effect == Effect::AfterTheGameEnded => {
            let av = format!(
                "{} would win by {} ({})",
                a.winner.title(),
                a.kind.title(),
                a.rule
            );
            facts.expect(&outcome, "automatic victory after the game ended", &av);
            let late = format!(
                "{} came after the game had ended and does not count",
                a.kind.title()
            );
            facts.expect(&outcome, "automatic victory after the game ended", &late);
        }
        Some(a) => {
            let av = format!(
                "{} automatic victory on the DS map by {} ({})",
                a.winner.adjective(),
                a.kind.title(),
                a.rule
            );
            facts.expect(&outcome, "automatic victory", &av);
        }
        None => facts.expect(
            &outcome,
            "no automatic victory",
            "Automatic Victory (0.2) None",
        ),
    }
    if report.play_stopped {
        facts.expect(&outcome, "play stopped", "play on the DS map has stopped");
    }

    // The combined game: both maps, their VP with Bonus VPs and caps, their status.
    if let Some(c) = &report.combined {
        let rows = with_class(&doc, "combined-map");
        for map in [&c.tk, &c.ds] {
            let title = map.map.title();
            let place = format!("combined game, {title}");
            let Some(row) = rows
                .iter()
                .map(|r| text_of(*r))
                .find(|t| t.starts_with(&norm(title)))
            else {
                facts
                    .missing
                    .push(format!("{}: {place}: no row", facts.fixture));
                continue;
            };
            match (map.axis_vp, map.allied_vp, map.allied_vp_counted) {
                (Some(ax), Some(al), Some(counted)) => {
                    facts.expect(&row, &place, &format!("{ax} + {} bonus", map.axis_bonus_vp));
                    if counted == al {
                        facts.expect(
                            &row,
                            &place,
                            &format!("{al} + {} bonus", map.allied_bonus_vp),
                        );
                    } else {
                        facts.expect(&row, &place, &format!("{al} capped at {counted}"));
                        facts.expect(&row, &place, &format!("+ {} bonus", map.allied_bonus_vp));
                    }
                    if map.allied_bonus_vp_counted != map.allied_bonus_vp {
                        let counted = format!(
                            "{} bonus ({} counted)",
                            map.allied_bonus_vp, map.allied_bonus_vp_counted
                        );
                        facts.expect(&row, &place, &counted);
                    }
                }
                _ => facts.expect(&row, &place, "scored at the Final check"),
            }
            if let Some(av) = map.automatic_victory {
                let won = format!(
                    "{} automatic victory in {}",
                    av.winner.adjective(),
                    av.war_state.title()
                );
                facts.expect(&row, &place, &won);
            }
            if map.play_stopped {
                facts.expect(&row, &place, "play stopped");
            }
        }
        let combined = class_text(&doc, "combined");
        facts.expect(
            &combined,
            "combined game",
            &format!("capped at {} per map", c.allied_vp_cap_per_map),
        );
        let result = match &c.result {
            CombinedResult::VictoryPoints {
                winner,
                axis,
                allies,
            } => vec![format!(
                "{} the combined game on VP, Axis {axis} - Allies {allies}",
                winner.wins()
            )],
            CombinedResult::AxisAutomaticVictory { map } => vec![format!(
                "ends with an Axis victory (automatic victory on the {}",
                map.title()
            )],
            CombinedResult::AlliedAutomaticVictoryInLimitedWar { map } => vec![format!(
                "ends with an Allied victory (automatic victory during Limited War on the {}",
                map.title()
            )],
            CombinedResult::AlliedAutomaticVictoryOnBothMaps => {
                vec!["ends with an Allied victory (automatic victories on both maps".to_string()]
            }
            CombinedResult::PlayGoesOn {
                allied_automatic_victory_on,
            } => std::iter::once("play goes on".to_string())
                .chain(
                    allied_automatic_victory_on
                        .iter()
                        .map(|m| m.title().to_string()),
                )
                .collect(),
            other => panic!("a combined result the test does not know: {other:?}"),
        };
        for r in result {
            facts.expect(&combined, "combined result", &r);
        }
    }

    // The VP (0.3, 0.4): each side's total and every part, with its map, source, box, rule
    // and note.
    if let Some(vp) = &report.vp {
        let mut groups = with_class(&doc, "vp-part");
        for (side, sv) in [(Side::Axis, &vp.axis), (Side::Allies, &vp.allies)] {
            facts.expect(
                &all,
                "VP total",
                &format!("{} {} VP", side.title(), sv.total),
            );
            for p in &sv.parts {
                facts.looked_for += 1;
                let mut pieces = vec![p.source.title().to_string(), format!("({})", p.rule)];
                if let Some(b) = &p.box_id {
                    pieces.push(box_title(state, b));
                }
                if let Some(n) = &p.note {
                    pieces.push(n.clone());
                }
                let found = groups.iter().position(|g| {
                    let text = text_of(*g);
                    // The map is named on the line, or by the combined game's row it is in.
                    let map_text = g
                        .ancestors()
                        .find(|a| a.attribute("class") == Some("combined-map"))
                        .map_or_else(|| text.clone(), text_of);
                    g.attribute("data-side") == Some(&side.title().to_lowercase())
                        && text.split_whitespace().next() == Some(&p.vp.to_string())
                        && map_text.contains(&norm(p.map.title()))
                        && pieces.iter().all(|piece| text.contains(&norm(piece)))
                });
                match found {
                    Some(k) => {
                        groups.remove(k);
                    }
                    None => facts.missing.push(format!(
                        "{}: VP part: {} {} {} {pieces:?}",
                        facts.fixture,
                        side.title(),
                        p.vp,
                        p.map.title()
                    )),
                }
            }
        }
    }

    // The winner (outside the combined game, whose result is above).
    if report.combined.is_none()
        && let Some(w) = report.winner
    {
        let how = match (&report.automatic_victory, &report.vp) {
            (Some(a), _) => format!("{} by {} ({})", w.wins(), a.kind.title(), a.rule),
            (None, Some(vp)) => format!(
                "{} on VP, Axis {} - Allies {}",
                w.wins(),
                vp.axis.total,
                vp.allies.total
            ),
            (None, None) => w.wins().to_string(),
        };
        facts.expect(&all, "winner", &how);
    }

    // The margins.
    let margins = class_text(&doc, "margins");
    for (shift, way) in [
        (&report.margins.marker.up, "up"),
        (&report.margins.marker.down, "down"),
    ] {
        let place = format!("margin, marker {way}");
        match shift {
            Some(x) => {
                let change = format!(
                    "Marker {way}: CSV {} (to {})",
                    signed(x.csv_change),
                    signed(x.csv)
                );
                facts.expect(&margins, &place, &change);
                facts.expect(&margins, &place, &box_title(state, &x.box_id));
                facts.expect(&margins, &place, &format!("{} face", x.side.title()));
                if x.capped_by_japanese_mandate {
                    facts.expect(&margins, &place, "held there by the Japanese Mandate");
                }
            }
            None => facts.expect(&margins, &place, &format!("Marker {way}: no CSV change")),
        }
    }
    for (shift, side, dir) in [
        (&report.margins.result.axis, Side::Axis, "rise"),
        (&report.margins.result.allies, Side::Allies, "fall"),
    ] {
        let place = format!("margin, result for the {}", side.title());
        let text = match shift {
            Some(x) => format!(
                "{}: CSV {} (to {}) changes the result: {}",
                side.title(),
                signed(x.csv_change),
                signed(x.csv),
                x.outcome
            ),
            None => format!("{}: no CSV {dir} changes the result", side.title()),
        };
        facts.expect(&margins, &place, &text);
    }

    // The notes.
    let notes = class_text(&doc, "notes");
    for n in &report.notes {
        facts.expect(&notes, "note", &n.text);
    }

    // The rules options in force that are not the defaults.
    let rules = class_text(&doc, "rules-options");
    for r in report.rules.iter().filter(|r| !r.default) {
        facts.expect(&rules, "rules option", &format!("{} = {}", r.key, r.value));
    }
}

#[test]
fn every_fixture_shows_in_the_picture_every_fact_of_the_text_report() {
    let names = fixture_names();
    assert!(names.len() > 30, "fixtures found: {}", names.len());
    let mut missing = Vec::new();
    let mut looked_for = 0;
    let mut options = 0;
    for name in &names {
        let (state, report) = load(name);
        let picture = svg::render(&state, &report);
        let mut facts = Facts {
            fixture: name,
            looked_for: 0,
            missing: Vec::new(),
        };
        check_facts(&mut facts, &state, &report, &picture);
        looked_for += facts.looked_for;
        missing.extend(facts.missing);
        options += report.rules.iter().filter(|r| !r.default).count();
    }
    // The fixtures exercise the checks: options off their defaults, and hundreds of facts.
    assert!(options >= 2, "non-default rules options: {options}");
    assert!(looked_for > 1000, "facts looked for: {looked_for}");
    assert!(
        missing.is_empty(),
        "{} facts of the text report are not in the picture:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// The check above can fail: a picture with a fact taken out is caught.
#[test]
fn a_picture_missing_a_fact_is_caught() {
    let (state, report) = load("final-nei-pro-axis-hexes-that-add-nothing-are-listed.toml");
    let picture = svg::render(&state, &report);
    let mut facts = Facts {
        fixture: "whole",
        looked_for: 0,
        missing: Vec::new(),
    };
    check_facts(&mut facts, &state, &report, &picture);
    assert_eq!(facts.missing, Vec::<String>::new());
    // Take out one considered hex's reason, and one note.
    let why = &report.csv.considered[2].why;
    let note = &report.notes[0].text;
    for cut in [why.as_str(), note.as_str()] {
        let escaped = cut.replace('\'', "&apos;");
        assert!(picture.contains(&escaped), "{cut}");
        let damaged = picture.replace(&escaped, "");
        let mut facts = Facts {
            fixture: "damaged",
            looked_for: 0,
            missing: Vec::new(),
        };
        check_facts(&mut facts, &state, &report, &damaged);
        assert!(
            !facts.missing.is_empty(),
            "taking out `{cut}` went unnoticed"
        );
    }
}
