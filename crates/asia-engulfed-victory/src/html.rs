//! A [`Report`] as one self-contained interactive HTML page (feature `html`): the VP track as
//! [`crate::svg`] draws it, and the report beside it, each term of the Current Strategic Value
//! opening to its Strategic Hexes with who controls each and why, the hexes left out and why,
//! and every Strategic Hex considered with what it adds.
//!
//! ```
//! use asia_engulfed_victory::options::Rules;
//! use asia_engulfed_victory::{State, html, score};
//! use wargame_kit::resolve::NoResolver;
//!
//! let state = State::from_toml_str(r#"
//! game = "dai-senso"
//! check = "seasonal"
//! war_state = "limited-war"
//! current_esv = 0
//! vp_marker = { allied_crusade = "0" }
//! [strategic_warfare_box]
//! allied_collapse = 3
//! "#, Some("state.toml"), &NoResolver).unwrap();
//! let report = score(&state, &Rules::default());
//! let page = html::render(&state, &report);
//! assert!(page.contains("class=\"csv-term\""));
//! assert_eq!(page, html::render(&state, &report));
//! ```

use wargame_kit::html::{Html, Page};

use crate::csv::CsvTerm;
use crate::model::{Game, State};
use crate::report::Report;
use crate::svg;
use crate::words;

/// The page of a state and its report.
pub fn render(state: &State, report: &Report) -> String {
    let sections = report.sections();
    let section = |name: &str| {
        (sections.iter())
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.trim())
    };
    let heading = section("heading").unwrap_or_default();
    let game = match state.game {
        Game::DaiSenso => ("Axis Empires: Dai Senso!", "dai-senso"),
        Game::AxisEmpires => (
            "Axis Empires (Dai Senso! and Totaler Krieg!)",
            "axis-empires",
        ),
    };
    let mut page = Page::new(format!("{} \u{2014} {heading}", game.0), game.1);
    page.without_pan_zoom();
    if let Some(result) = section("result") {
        page.headline(Html::element("strong", &[], [Html::text(result)]));
    }
    page.headline(Html::text(
        "Open a term of the Current Strategic Value to see its Strategic Hexes and why each counts.",
    ));
    page.picture(svg::render(state, report));
    page.section(
        format!("Current Strategic Value (0.1.1): {:+}", report.csv.total),
        Html::concat(report.csv.terms.iter().map(term)),
    );
    if !report.csv.considered.is_empty() {
        page.section(
            format!(
                "Strategic Hexes considered (0.1.1): {}",
                report.csv.considered.len()
            ),
            considered(report),
        );
    }
    // The rest of the report as the text says it, section by section: the marker, automatic
    // victory, the combined game, the VP, the result, the margins, the notes, the options.
    for (_, block) in sections
        .iter()
        .filter(|(name, _)| !matches!(*name, "heading" | "csv"))
    {
        if let Some((title, items)) = text_section(block) {
            page.section(title, items);
        }
    }
    page.finish()
}

/// Every Strategic Hex the check considered, one line each, in a list that opens.
fn considered(report: &Report) -> Html {
    let rows = report
        .csv
        .considered
        .iter()
        .map(|h| Html::element("li", &[], [Html::text(&words::considered(h))]));
    Html::element(
        "details",
        &[("class", "considered")],
        [
            Html::element(
                "summary",
                &[],
                [Html::text("every Strategic Hex and what it adds")],
            ),
            Html::element("ul", &[], rows),
        ],
    )
}

/// A section of the text report as a titled list: its first line's title (and the rest of
/// that line, the first item), then one item a line, a line indented deeper than the block's
/// first items a part of the one above. `None` for an empty block.
fn text_section(block: &str) -> Option<(String, Html)> {
    let mut lines = block.trim().lines();
    let first = lines.next()?;
    let (title, rest) = match first.split_once(": ") {
        Some((t, r)) if !t.contains('(') || first.starts_with("Result") => (t.to_string(), Some(r)),
        _ => (first.to_string(), None),
    };
    let lines: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let least = lines.iter().map(|l| indent(l)).min().unwrap_or(0);
    let items: Vec<Html> = rest
        .into_iter()
        .map(|l| (l, false))
        .chain(lines.iter().map(|l| (l.trim(), indent(l) > least)))
        .map(|(l, sub)| {
            let attrs: &[(&str, &str)] = if sub { &[("class", "sub")] } else { &[] };
            Html::element("li", attrs, [Html::text(l.trim_start_matches("- "))])
        })
        .collect();
    Some((title, Html::element("ul", &[], items)))
}

/// One term: its rule, value and what it counts, opening to its hexes and those left out.
fn term(t: &CsvTerm) -> Html {
    let summary = Html::element(
        "summary",
        &[],
        [Html::text(&format!(
            "{} {:+} \u{2014} {} ({} hex{})",
            t.rule,
            t.value,
            t.kind.describe(),
            t.hexes.len(),
            if t.hexes.len() == 1 { "" } else { "es" }
        ))],
    );
    let mut items: Vec<Html> = t
        .hexes
        .iter()
        .map(|h| {
            Html::element(
                "li",
                &[],
                [Html::text(&format!(
                    "{} {}: {} control ({}), counts {}",
                    h.label,
                    h.name,
                    h.control.side.adjective(),
                    h.control.basis.describe(),
                    t.rule
                ))],
            )
        })
        .collect();
    items.extend(t.excluded.iter().map(|x| {
        Html::element(
            "li",
            &[("class", "excluded")],
            [Html::text(&words::not_counted(x))],
        )
    }));
    if items.is_empty() {
        items.push(Html::element(
            "li",
            &[],
            [Html::text("no hex: the term counts markers, or nothing")],
        ));
    }
    Html::element(
        "details",
        &[("class", "csv-term")],
        [summary, Html::element("ul", &[], items)],
    )
}
