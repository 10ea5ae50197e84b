//! SVG pictures of scored fixtures: snapshots of small ones; for every fixture, well-formed XML
//! with one counter per unit, one arrow per traced LOC, one ✕ per cut unit, the headline in the
//! caption, and the same bytes twice.
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story
#![cfg(feature = "svg")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use common::scored;
use leyte_victory::BlockReason;

fn render(name: &str) -> String {
    let (state, report) = scored(name);
    leyte_victory::svg::render_state(&state, &report)
}

fn texts_of<'a>(doc: &'a roxmltree::Document<'_>) -> Vec<&'a str> {
    doc.descendants().filter_map(|n| n.text()).collect()
}

fn count(doc: &roxmltree::Document<'_>, tag: &str, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .count()
}

#[test]
fn snapshot_loc_cut_by_empty_enemy_zoc() {
    insta::assert_snapshot!(render(
        "fixtures/leyte/loc-through-empty-enemy-zoc-is-cut.toml"
    ));
}

/// A traced LOC through friendly-occupied, enemy-controlled hexes: each is tagged with the
/// friendly unit that holds it open (L8), and the legend says what the tag means.
#[test]
fn snapshot_loc_through_friendly_occupied_enemy_zoc() {
    let svg = render("fixtures/leyte/loc-through-friendly-occupied-enemy-zoc.toml");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    for tag in ["held: US-2", "held: US-3"] {
        let tags = (doc.descendants())
            .filter(|n| n.has_tag_name("text") && n.text() == Some(tag))
            .count();
        assert_eq!(tags, 1, "{tag}");
    }
    let texts = texts_of(&doc);
    assert!(
        texts
            .iter()
            .any(|t| t.contains("open while friendly unit X is there"))
    );
    insta::assert_snapshot!(svg);
}

#[test]
fn snapshot_objective_two_hexes_one_unit_traces() {
    insta::assert_snapshot!(render(
        "fixtures/leyte/objective-two-hexes-one-unit-traces.toml"
    ));
}

#[test]
fn snapshot_airfields_per_unit() {
    insta::assert_snapshot!(render(
        "fixtures/leyte/objective-airfields-per-unit-once.toml"
    ));
}

#[test]
fn the_caption_gives_totals_ratio_and_level() {
    let svg = render("fixtures/leyte/objective-two-hexes-one-unit-traces.toml");
    assert!(svg.contains("US 25 : Japanese 10 = 2.50 to 1 \u{2014} U.S. Substantive"));
}

#[test]
fn every_fixture_draws_well_formed_complete_and_deterministic() {
    for name in common::fixtures() {
        let (state, report) = scored(&name);
        let svg = leyte_victory::svg::render_state(&state, &report);
        assert_eq!(
            svg,
            leyte_victory::svg::render(state.map(), state.scenario(), state.position(), &report),
            "{name}: not deterministic"
        );
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(count(&doc, "polygon", "hex"), state.map().len(), "{name}");
        // One counter per unit (no fixture stacks more than four on a hex).
        assert_eq!(
            count(&doc, "g", "counter"),
            state.position().units().len(),
            "{name}"
        );
        // A cut unit the road/trail net cut: what it reaches outlined, and its walk to the
        // nearest road/trail hex drawn and tagged.
        let off_net = |e: &&leyte_victory::LocEntry| {
            e.frontier.iter().flatten().any(|b| {
                matches!(
                    b.reason,
                    BlockReason::OffRoad { .. } | BlockReason::NoRoadAcross { .. }
                )
            }) && e.reach.is_some()
        };
        let outlined = report.loc.iter().filter(off_net).count();
        // (The walk only when its distance is what cut the unit, ruling L-19.)
        let walks = (report.loc.iter().filter(off_net))
            .filter(|e| {
                let reach = e.reach.as_ref().unwrap();
                reach.road_out_of_reach() && reach.nearest_road.as_ref().unwrap().distance > 0
            })
            .count();
        assert_eq!(count(&doc, "path", "outline"), outlined, "{name}");
        // One arrow per traced LOC of more than one hex and per walk, a ring for a unit on
        // its beach.
        let traced: Vec<usize> = report
            .loc
            .iter()
            .filter_map(|e| e.path.as_ref().map(Vec::len))
            .collect();
        assert_eq!(
            count(&doc, "g", "path"),
            traced.iter().filter(|n| **n > 1).count() + walks,
            "{name}"
        );
        assert_eq!(
            count(&doc, "circle", "path"),
            traced.iter().filter(|n| **n == 1).count(),
            "{name}"
        );
        // A ✕ badge on each cut unit, and a tagged highlight on each hex an enemy unit, an
        // enemy zone of control or a roadless hexside blocks (the hexes off the net are
        // summarised by the outline).
        let cut = report.loc.iter().filter(|e| !e.traced).count();
        let crosses = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("counter"))
            .flat_map(|c| c.descendants())
            .filter(|n| n.attribute("class") == Some("symbol") && n.has_tag_name("g"))
            .count();
        assert_eq!(crosses, cut, "{name}");
        let mut blocked: Vec<&str> = report
            .loc
            .iter()
            .flat_map(|e| e.frontier.iter().flatten())
            .filter(|b| !matches!(b.reason, BlockReason::OffRoad { .. }))
            .map(|b| b.hex.as_str())
            .collect();
        blocked.sort_unstable();
        blocked.dedup();
        assert!(count(&doc, "g", "tag") >= blocked.len() + walks, "{name}");
        assert!(
            !texts_of(&doc).contains(&"off-road"),
            "{name}: off-road hexes are summarised, not tagged"
        );
        // Active and beach-bonus Beach Areas outlined.
        let mut keys: Vec<&String> = state
            .scenario()
            .active_beaches
            .iter()
            .chain(&state.scenario().beach_bonus.areas)
            .collect();
        keys.sort();
        keys.dedup();
        let areas = keys
            .iter()
            .filter(|k| state.map().area(k).is_some_and(|a| !a.hexes.is_empty()))
            .count();
        assert_eq!(count(&doc, "path", "area"), areas, "{name}");
        let caption = format!(
            "US {} : Japanese {} = {}",
            report.us.total, report.japanese.total, report.ratio.text
        );
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        assert!(
            texts.iter().any(|t| t.starts_with(&caption)),
            "{name}: no caption `{caption}`"
        );
    }
}
