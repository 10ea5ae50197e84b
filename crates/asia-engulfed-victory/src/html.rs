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
use crate::words::text::{Part, Section};

/// The page of a state and its report.
pub fn render(state: &State, report: &Report) -> String {
    let sections = report.sections();
    let section = |part: Part| sections.iter().find(|s| s.part == part);
    let heading = section(Part::Heading).map_or_else(String::new, Section::first_line);
    let game = match state.game {
        Game::DaiSenso => ("Axis Empires: Dai Senso!", "dai-senso"),
        Game::AxisEmpires => (
            "Axis Empires (Dai Senso! and Totaler Krieg!)",
            "axis-empires",
        ),
    };
    let mut page = Page::new(format!("{} \u{2014} {}", game.0, heading.trim()), game.1);
    page.without_pan_zoom();
    if let Some(result) = section(Part::Result) {
        let result = result.first_line();
        page.headline(Html::element("strong", &[], [Html::text(result.trim())]));
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
    for s in sections
        .iter()
        .filter(|s| !matches!(s.part, Part::Heading | Part::Csv))
    {
        page.section(s.title.clone(), items(s));
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

/// A section of the text report as a list: what follows its title on the title's line (the
/// result), then one item a line, a line that belongs to the one above marked as a part of it.
fn items(section: &Section) -> Html {
    let items: Vec<Html> = (section.after_title.iter())
        .map(|a| (a.as_str(), false))
        .chain(section.lines.iter().map(|l| (l.text.as_str(), l.sub)))
        .map(|(text, sub)| {
            let attrs: &[(&str, &str)] = if sub { &[("class", "sub")] } else { &[] };
            Html::element("li", attrs, [Html::text(text)])
        })
        .collect();
    Html::element("ul", &[], items)
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
