//! A [`Report`] as one self-contained interactive HTML page (feature `html`): the picture of
//! [`crate::svg`] with pan and zoom, its layers to toggle (terrain, roads, Japanese ZOC, Lines
//! of Communications, objectives, units, hex numbers), and the report beside it. Clicking a
//! unit picks out its Line of Communications, or what cuts it and what it reaches, and the
//! award it produced; clicking an award or a line of the panel does the same on the map.
//!
//! ```
//! use wargame_kit::resolve::MemoryResolver;
//! let maps = MemoryResolver::default().with("line.toml", r#"
//! name = "Line"
//! [layout]
//! orientation = "pointy"
//! label = "row-column"
//! rows = [10, 10]
//! columns = [1, 9]
//! shifted = "even"
//! rows_grow = "north"
//! columns_grow = "east"
//! [areas.northern-beach]
//! name = "Northern Beach Area"
//! hexes = ["1009"]
//! [areas.eastern-beach]
//! name = "Eastern Beach Area"
//! hexes = ["1008"]
//! [hexsides]
//! roads = [["1006", "1007", "1008", "1009"]]
//! "#);
//! let state = leyte_victory::State::from_toml_str(r#"
//! game = "leyte"
//! map = "line.toml"
//! [scenario]
//! name = "Example"
//! active_beaches = ["northern-beach"]
//! [[units]]
//! id = "US-1"
//! side = "us"
//! rating = "4-6-5"
//! hex = "1002"
//! "#, Some("example.toml"), &maps).unwrap();
//! let report = state.score().unwrap();
//! let html = leyte_victory::html::render_state(&state, &report);
//! assert!(html.contains("data-game=\"leyte\""));
//! assert!(html.contains("data-key=\"US-1\""));
//! ```

use hexmap::HexMap;
use hexmap::svg::key_token;
use wargame_kit::html::{Html, Page};

use crate::model::{Position, Scenario};
use crate::report::{Award, LocEntry, Report, SideScore};
use crate::spec::State;
use crate::svg::{self, layer};

/// The page of a loaded state and its report.
pub fn render_state(state: &State, report: &Report) -> String {
    render(&state.map, &state.scenario, &state.position, report)
}

/// The page of a report on its map: [`crate::score`]'s answer for the same map, scenario and
/// position.
pub fn render(map: &HexMap, scenario: &Scenario, position: &Position, report: &Report) -> String {
    let mut page = Page::new(
        format!("Leyte \u{2014} {} (map: {})", report.scenario, report.map),
        "leyte",
    );
    page.headline(Html::element(
        "strong",
        &[],
        [Html::text(&svg::headline(report))],
    ));
    let focus = svg::focus(map, position, report);
    let opening = if report.loc.iter().any(|e| !e.traced) {
        " The map opens on the units cut off; \u{201c}whole\u{201d} shows all of it."
    } else {
        ""
    };
    page.headline(Html::text(&format!(
        "Click a unit, an award or a line of the report to pick out its Line of Communications, or what cuts it; drag to pan, wheel to zoom.{opening}"
    )));
    let mut picture = svg::drawing(map, scenario, position, report);
    picture.focus(focus);
    page.picture(picture.finish());
    for (name, text) in [
        ("terrain", "terrain"),
        ("roads", "roads"),
        (layer::ZOC, "Japanese ZOC"),
        (layer::LOC, "LOCs"),
        (layer::OBJECTIVES, "objectives"),
        (layer::UNITS, "units"),
        ("labels", "hex numbers"),
    ] {
        page.layer(name, text);
    }
    page.section("Result [L11]", result(report));
    page.section(
        format!("U.S. Player: {} VP", report.us.total),
        awards(&report.us, &report.loc),
    );
    page.section(
        format!("Japanese Player: {} VP", report.japanese.total),
        awards(&report.japanese, &report.loc),
    );
    page.section("Objectives [L5]", objectives(report));
    page.section(
        format!("Lines of Communications [{}]", report.loc_rules()),
        lines(&report.loc),
    );
    let mut notes: Vec<Html> = report.notes.iter().map(|n| li(&[], n)).collect();
    if let Some(chosen) = wargame_kit::options::non_defaults(&report.rules) {
        notes.push(li(
            &[],
            &format!("Rules options (not the defaults): {chosen}"),
        ));
    }
    notes.push(li(&[], crate::report::RULE_TAGS));
    page.section("Notes", Html::element("ul", &[], notes));
    page.finish()
}

fn li(attrs: &[(&str, &str)], text: &str) -> Html {
    Html::element("li", attrs, [Html::text(text)])
}

fn span(class: &str, text: &str) -> Html {
    Html::element("span", &[("class", class)], [Html::text(text)])
}

fn result(report: &Report) -> Html {
    let margin = |m: Option<&crate::Margin>, needs: &str, top: &str| match m {
        Some(m) => format!("{needs} {} more VP for {}", m.vp, m.reaches),
        None => top.to_string(),
    };
    Html::element(
        "ul",
        &[],
        [
            li(
                &[],
                &format!("{} (the ratio band {})", report.level, report.level.band()),
            ),
            li(
                &[],
                &format!(
                    "US {} : Japanese {} = {}",
                    report.us.total, report.japanese.total, report.ratio.text
                ),
            ),
            li(
                &[],
                &margin(
                    report.margins.us.as_ref(),
                    "Margins: the US needs",
                    "Margins: the US is at the top level",
                ),
            ),
            li(
                &[],
                &margin(
                    report.margins.japanese.as_ref(),
                    "the Japanese need",
                    "the Japanese are at the top level",
                ),
            ),
        ],
    )
}

/// One award: its points, rule and text, its evidence under it (a cut unit's reach from its
/// Line of Communications entry); keyed by its unit.
fn award(a: &Award, loc: &[LocEntry]) -> Html {
    let mut parts = vec![
        span("vp", &format!("+{}", a.vp)),
        Html::text(" "),
        span("rule", &a.rule),
        Html::text(" "),
        Html::text(&a.text),
    ];
    let mut evidence: Vec<String> = Vec::new();
    if let Some(p) = &a.path {
        evidence.push(format!("LOC: {}", p.join(" ")));
    }
    if let Some(fr) = &a.frontier {
        evidence.push(format!(
            "cut: {}{}",
            crate::report::frontier_text(fr),
            crate::report::omitted_text(a.frontier_omitted.as_ref())
        ));
        let reach = (loc.iter())
            .find(|e| Some(&e.unit) == a.unit.as_ref() && !e.traced)
            .and_then(|e| e.reach.as_ref());
        evidence.extend(reach.map(|r| crate::report::reach_text(r, fr)));
    }
    for e in evidence {
        parts.push(Html::element(
            "div",
            &[("class", "evidence")],
            [Html::text(&e)],
        ));
    }
    let key = a.unit.as_deref().map(key_token);
    match &key {
        Some(k) => Html::element("li", &[("data-key", k)], parts),
        None => Html::element("li", &[], parts),
    }
}

fn awards(score: &SideScore, loc: &[LocEntry]) -> Html {
    if score.awards.is_empty() {
        return Html::element("p", &[], [Html::text("No awards.")]);
    }
    Html::element(
        "ul",
        &[("class", "awards")],
        score.awards.iter().map(|a| award(a, loc)),
    )
}

fn objectives(report: &Report) -> Html {
    if report.objectives.is_empty() {
        return Html::element("p", &[], [Html::text("None in this scenario.")]);
    }
    Html::element(
        "ul",
        &[],
        report.objectives.iter().map(|o| {
            let state = if o.held {
                format!("held by {} (+{})", o.holders(), o.vp)
            } else {
                "not held".to_string()
            };
            let mut text = format!("{} ({}, {}): {state}", o.name, o.side, o.hexes.join(" "));
            if !o.without_loc.is_empty() {
                text.push_str(&format!(
                    "; occupied without a LOC by {}",
                    o.without_loc.join(", ")
                ));
            }
            if let Some(n) = &o.note {
                text.push_str(&format!(" [{n}]"));
            }
            let keys: Vec<String> = std::iter::once(o.name.as_str())
                .chain(o.by.iter().map(String::as_str))
                .map(key_token)
                .collect();
            li(&[("data-key", &keys.join(" "))], &text)
        }),
    )
}

fn lines(loc: &[LocEntry]) -> Html {
    if loc.is_empty() {
        return Html::element("p", &[], [Html::text("No unit must trace.")]);
    }
    Html::element(
        "ul",
        &[],
        loc.iter().map(|e| {
            let text = match (&e.path, &e.frontier) {
                (Some(p), _) => format!(
                    "{} at {}: traced {}{}",
                    e.unit,
                    e.hex,
                    p.join(" "),
                    crate::report::friendly_occupied_text(e.friendly_occupied.as_deref())
                ),
                (None, Some(fr)) => {
                    let mut t = format!(
                        "{} at {}: CUT: {}{}",
                        e.unit,
                        e.hex,
                        crate::report::frontier_text(fr),
                        crate::report::omitted_text(e.frontier_omitted.as_ref())
                    );
                    if let Some(r) = &e.reach {
                        t.push_str("; ");
                        t.push_str(&crate::report::reach_text(r, fr));
                    }
                    t
                }
                (None, None) => format!("{} at {}: CUT", e.unit, e.hex),
            };
            li(&[("data-key", &key_token(&e.unit))], &text)
        }),
    )
}
