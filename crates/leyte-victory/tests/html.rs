//! The HTML report of every fixture: deterministic, self-contained, each unit that traces keyed
//! in the picture and in the report beside it, every layer the toggles name present.

#![cfg(feature = "html")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use hexmap::svg::key_token;
use wargame_kit::svg::escape;

#[test]
fn every_fixture_gives_a_keyed_self_contained_page() {
    for name in common::fixtures() {
        let (state, report) = common::scored(&name);
        let html = leyte_victory::html::render_state(&state, &report);
        assert_eq!(
            html,
            leyte_victory::html::render_state(&state, &report),
            "{name}"
        );
        assert!(html.len() < 3_000_000, "{name}");
        assert!(!html.contains("src=") && !html.contains("<link"), "{name}");
        let start = html.find("<svg").unwrap();
        let end = html.rfind("</svg>").unwrap() + "</svg>".len();
        let svg = &html[start..end];
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Each element's class and keys as written (escaped alike in picture and panel).
        let keyed: Vec<(&str, Vec<&str>)> = svg
            .split('<')
            .filter_map(|el| {
                let keys = el.split_once(" data-key=\"")?.1.split_once('"')?.0;
                let class = el
                    .split_once(" class=\"")
                    .and_then(|(_, c)| c.split_once('"'))
                    .map_or("", |(c, _)| c);
                Some((class, keys.split(' ').collect()))
            })
            .collect();
        let panel = &html[html.find("id=\"panel\"").unwrap()..];
        for e in &report.loc {
            let key = escape(&key_token(&e.unit));
            assert!(
                panel.contains(&format!("<li data-key=\"{key}\">")),
                "{name}: {} not in the panel",
                e.unit
            );
            assert!(
                keyed
                    .iter()
                    .any(|(c, k)| *c == "counter" && k == &[key.as_str()]),
                "{name}: {} has no keyed counter",
                e.unit
            );
            // Its Line of Communications, or what cuts it, is keyed by it.
            let evidence = keyed
                .iter()
                .any(|(c, k)| *c != "counter" && k.contains(&key.as_str()));
            let cut_by_nothing = !e.traced && e.frontier.as_ref().is_some_and(Vec::is_empty);
            assert!(
                evidence || cut_by_nothing,
                "{name}: {}'s LOC is not keyed",
                e.unit
            );
        }
        // The LOC section cites what the text report cites: 16.34 and ruling L-13 for
        // Japanese units, never L7 alone when only they trace.
        let text = report.to_string();
        let heading = text
            .lines()
            .find(|l| l.starts_with("Lines of Communications ["))
            .unwrap();
        assert!(
            html.contains(&escape(heading.trim_end_matches(':'))),
            "{name}: {heading}"
        );
        let japanese_only = !report.loc.is_empty()
            && (report.loc.iter()).all(|e| e.side == leyte_victory::Side::Japanese);
        assert_eq!(
            heading.contains("[16.34"),
            japanese_only,
            "{name}: {heading}"
        );
        for layer in ["zoc", "loc", "objectives", "units"] {
            assert!(
                html.contains(&format!("data-layer-toggle=\"{layer}\"")),
                "{name}"
            );
        }
        for a in report.us.awards.iter().chain(&report.japanese.awards) {
            assert!(
                panel.contains(&escape(&a.text)),
                "{name}: award `{}` not in the panel",
                a.text
            );
        }
    }
}

/// The rectangle `x y w h` of an attribute of the picture's root element.
fn rectangle(svg_root: &str, attribute: &str) -> Option<[f64; 4]> {
    let value = svg_root
        .split_once(&format!(" {attribute}=\""))?
        .1
        .split_once('"')?
        .0;
    let numbers: Vec<f64> = value.split(' ').map(|v| v.parse().unwrap()).collect();
    numbers.try_into().ok()
}

#[test]
fn the_page_opens_on_the_cut_units_or_else_on_every_unit() {
    let mut smaller_than_the_picture = 0;
    for name in common::fixtures() {
        let (state, report) = common::scored(&name);
        let html = leyte_victory::html::render_state(&state, &report);
        let svg = &html[html.find("<svg").unwrap()..];
        let root = &svg[..svg.find('>').unwrap()];
        let Some([fx, fy, fw, fh]) = rectangle(root, "data-focus") else {
            // Nothing to open on: the page shows the whole picture.
            assert!(
                !root.contains("data-focus") && !svg.contains("<g class=\"counter\""),
                "{name}: no focus, yet units on the map"
            );
            continue;
        };
        let [_, _, w, h] = rectangle(root, "viewBox").unwrap();
        assert!(
            fx >= 0.0 && fy >= 0.0 && fx + fw <= w && fy + fh <= h,
            "{name}"
        );
        if fw < w / 2.0 || fh < h / 2.0 {
            smaller_than_the_picture += 1;
        }
        let cut: Vec<_> = report.loc.iter().filter(|e| !e.traced).collect();
        let shown = if cut.is_empty() {
            report.loc.iter().collect()
        } else {
            cut
        };
        for e in shown {
            let key = escape(&key_token(&e.unit));
            let counter = svg
                .split(&format!(
                    "<g class=\"counter\" data-layer=\"units\" data-key=\"{key}\">"
                ))
                .nth(1)
                .unwrap_or_else(|| panic!("{name}: no counter for {}", e.unit));
            let [x, y] = ["x", "y"].map(|a| {
                counter
                    .split_once(&format!(" {a}=\""))
                    .and_then(|(_, v)| v.split_once('"'))
                    .map(|(v, _)| v.parse::<f64>().unwrap())
                    .unwrap()
            });
            assert!(
                x >= fx && x <= fx + fw && y >= fy && y <= fy + fh,
                "{name}: {} at ({x}, {y}) is outside the focus {fx} {fy} {fw} {fh}",
                e.unit
            );
        }
    }
    assert!(
        smaller_than_the_picture > 0,
        "some page opens on a part of its map"
    );
}
