//! The HTML report of every fixture: each term of the Current Strategic Value opens to its
//! Strategic Hexes and those left out, every Strategic Hex considered is listed, and every
//! section of the text report is in the panel.

#![cfg(feature = "html")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{State, score};
use wargame_kit::resolve::FsResolver;
use wargame_kit::svg::escape;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

#[test]
fn every_fixture_opens_each_term_to_its_hexes() {
    let dir = root().join("fixtures/asia-engulfed");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    assert!(names.len() > 10);
    let mut hexes = 0;
    for n in names {
        let name = format!("fixtures/asia-engulfed/{n}");
        let text = std::fs::read_to_string(root().join(&name)).unwrap();
        let state = State::from_toml_str(&text, Some(&name), &FsResolver::confined(root()))
            .unwrap_or_else(|e| panic!("{e}"));
        let report = score(&state, &Rules::default());
        let html = asia_engulfed_victory::html::render(&state, &report);
        assert_eq!(
            html,
            asia_engulfed_victory::html::render(&state, &report),
            "{name}"
        );
        assert!(!html.contains("src=") && !html.contains("<link"), "{name}");
        let panel = &html[html.find("id=\"panel\"").unwrap()..];
        assert_eq!(
            panel.matches("<details class=\"csv-term\">").count(),
            report.csv.terms.len(),
            "{name}"
        );
        for t in &report.csv.terms {
            for h in &t.hexes {
                hexes += 1;
                let li = escape(&format!("<li>{} {}: ", h.label, h.name));
                let li = li.replace("&lt;li&gt;", "<li>");
                assert!(panel.contains(&li), "{name}: {} {}", h.label, h.name);
            }
            for x in &t.excluded {
                assert!(
                    panel.contains(&escape(&format!(
                        "not counted: {} {}, {}",
                        x.label, x.name, x.reason
                    ))),
                    "{name}: {}",
                    x.label
                );
            }
        }
        for h in &report.csv.considered {
            assert!(
                panel.contains(&escape(&format!("{} {} (", h.label, h.name))),
                "{name}"
            );
        }
        for note in &report.notes {
            assert!(panel.contains(&escape(&note.text)), "{name}: note");
        }
        // Every section of the text report after the CSV has its heading in the panel.
        for block in report.to_string().split("\n\n").skip(1) {
            let first = block.lines().next().unwrap_or_default();
            if first.starts_with("Current Strategic Value") || first.is_empty() {
                continue;
            }
            let heading = first.split(" (").next().unwrap().split(':').next().unwrap();
            assert!(
                panel.contains(&escape(heading)),
                "{name}: section {heading}"
            );
        }
    }
    assert!(hexes > 20, "{hexes} hexes");
}
