//! The pictures a player sees: the README's Leyte picture reads at a 1,400-px-wide display, the
//! pictures in `docs/img` are what `victory render` draws today, and the HTML report is one
//! self-contained page with the layers and keys its script works on.
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;
use common::{root, run_in};

/// The width of the display the README is read on.
const DISPLAY: f64 = 1400.0;
/// The smallest readable font there.
const READABLE: f64 = 9.0;

/// Run `victory` from the workspace root: whether it succeeded, its stdout and stderr.
fn victory(args: &[&str]) -> (bool, String, String) {
    let r = run_in(&root(), args);
    (r.code == 0, r.stdout, r.stderr)
}

/// `(alt, image, link)` of each image in a Markdown text: `![alt](image)`, and the link around
/// it when it is `[![alt](image)](link)`.
fn images(markdown: &str) -> Vec<(String, String, Option<String>)> {
    let mut out = Vec::new();
    for line in markdown.lines() {
        let mut rest = line;
        while let Some(i) = rest.find("![") {
            let linked = rest[..i].ends_with('[');
            let after = &rest[i + 2..];
            let Some((alt, tail)) = after.split_once("](") else {
                break;
            };
            let Some((image, tail)) = tail.split_once(')') else {
                break;
            };
            let link = if linked {
                tail.strip_prefix("](")
                    .and_then(|t| t.split_once(')'))
                    .map(|(l, _)| l.to_string())
            } else {
                None
            };
            out.push((alt.to_string(), image.to_string(), link));
            rest = tail;
        }
    }
    out
}

/// The smallest hex-number font, and the smallest counter id or rating font, of a map picture.
fn smallest_fonts(svg: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let size =
        |t: roxmltree::Node<'_, '_>| -> f64 { t.attribute("font-size").unwrap().parse().unwrap() };
    let in_group = |class: &str| -> Vec<f64> {
        doc.descendants()
            .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
            .flat_map(|g| g.descendants().filter(|n| n.has_tag_name("text")))
            .map(size)
            .collect()
    };
    let labels = in_group("labels");
    let counters = in_group("counter");
    assert!(labels.len() > 50, "no hex numbers found");
    assert!(counters.len() > 10, "no counters found");
    let min = |v: Vec<f64>| v.into_iter().fold(f64::MAX, f64::min);
    (min(labels), min(counters))
}

fn width(svg: &str) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap()
}

/// The README's Leyte picture, shown on a 1,400-px-wide display (smaller if it is narrower,
/// never enlarged), has hex numbers, counter ids and ratings at least 9 px tall; the whole map
/// it links to has them at its own size.
#[test]
fn the_readme_leyte_picture_reads_at_1400_px() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let (alt, image, link) = images(&readme)
        .into_iter()
        .find(|(alt, image, _)| image.ends_with(".svg") && alt.contains("Leyte"))
        .expect("the README shows a Leyte picture as SVG");
    let svg = std::fs::read_to_string(root().join(&image)).unwrap();
    let scale = (DISPLAY / width(&svg)).min(1.0);
    let (labels, counters) = smallest_fonts(&svg);
    assert!(
        labels * scale >= READABLE,
        "{alt}: hex numbers {:.1} px at {DISPLAY} px",
        labels * scale
    );
    assert!(
        counters * scale >= READABLE,
        "{alt}: counter text {:.1} px at {DISPLAY} px",
        counters * scale
    );
    let full = link.expect("the picture links to the whole map");
    let full = std::fs::read_to_string(root().join(&full)).unwrap();
    let (labels, counters) = smallest_fonts(&full);
    assert!(labels >= READABLE && counters >= READABLE, "the whole map");
    assert!(width(&full) > width(&svg), "the link goes to the whole map");
}

/// Each picture in `docs/img` that `victory render` draws is what it draws today
/// (`just pictures-docs` redraws them).
#[test]
fn the_docs_pictures_are_up_to_date() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "docs/img/leyte-assault.svg",
            &[
                "render",
                "fixtures/leyte/assault-scenario-end-position.toml",
                "--crop",
                "1113:1927",
                "-o",
                "-",
            ],
        ),
        (
            "docs/img/leyte-assault-full.svg",
            &[
                "render",
                "fixtures/leyte/assault-scenario-end-position.toml",
                "-o",
                "-",
            ],
        ),
        (
            "docs/img/dai-senso-vp-track.svg",
            &[
                "render",
                "fixtures/asia-engulfed/vp-check-plus-three-flips-to-rising-sun.toml",
                "-o",
                "-",
            ],
        ),
    ];
    for (file, args) in cases {
        let (ok, drawn, err) = victory(args);
        assert!(ok, "{err}");
        let committed = std::fs::read_to_string(root().join(file)).unwrap();
        assert!(
            drawn == committed,
            "{file} is out of date: run `just pictures-docs`"
        );
    }
}

/// The HTML report of the Assault Scenario: one page under 3 MB that asks for nothing outside
/// itself, with a toggle for each layer the picture has, and each unit and each Line of
/// Communications keyed in the picture and in the report beside it.
#[test]
fn the_html_report_is_self_contained_and_keyed() {
    let dir = std::env::temp_dir().join(format!("victory-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("assault.html");
    let (ok, _, err) = victory(&[
        "render",
        "fixtures/leyte/assault-scenario-end-position.toml",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(html.len() < 3_000_000, "{} bytes", html.len());
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in [
        "src=",
        "<link",
        "@import",
        "href=\"http",
        "url(http",
        "url(/",
        "fetch(",
    ] {
        assert!(
            !html.contains(outside),
            "the page refers outside itself: {outside}"
        );
    }
    let http: Vec<_> = html.match_indices("http").map(|(i, _)| i).collect();
    for i in http {
        let around = &html[i.saturating_sub(8)..(i + 40).min(html.len())];
        assert!(
            around.contains("http://www.w3.org/2000/svg") || around.contains("http-equiv"),
            "a web address: {around}"
        );
    }
    // The picture is the SVG inline; every layer toggled exists in it.
    let start = html.find("<svg").unwrap();
    let end = html.rfind("</svg>").unwrap() + "</svg>".len();
    let svg = &html[start..end];
    let doc = roxmltree::Document::parse(svg).unwrap();
    for layer in [
        "terrain",
        "roads",
        "zoc",
        "loc",
        "objectives",
        "units",
        "labels",
    ] {
        assert!(
            html.contains(&format!("data-layer-toggle=\"{layer}\"")),
            "no toggle for {layer}"
        );
        assert!(
            doc.descendants()
                .any(|n| n.attribute("data-layer") == Some(layer)),
            "nothing in layer {layer}"
        );
    }
    let keyed = |key: &str, class: &str| {
        doc.descendants().any(|n| {
            n.attribute("class") == Some(class)
                && n.attribute("data-key")
                    .is_some_and(|k| k.split(' ').any(|t| t == key))
        })
    };
    // A unit cut by the road/trail net: its counter, the outline of what it reaches, its walk
    // to the road, and its award line in the panel; one cut by ZOC: its six blocking hexes.
    assert!(keyed("US-96-382", "counter"));
    assert!(keyed("US-96-382", "outline"));
    assert!(keyed("US-96-382", "path"));
    let panel = &html[html.find("id=\"panel\"").unwrap()..];
    assert!(panel.contains("<li data-key=\"US-96-382\">"));
    let zoc_cut = doc
        .descendants()
        .filter(|n| {
            n.attribute("class") == Some("highlight")
                && n.attribute("data-key")
                    .is_some_and(|k| k.split(' ').any(|t| t == "US-7-32"))
        })
        .count();
    assert_eq!(zoc_cut, 6);
    // `--format html` writes it to standard output too.
    let (ok, page, err) = victory(&[
        "render",
        "fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml",
        "--format",
        "html",
        "-o",
        "-",
    ]);
    assert!(ok, "{err}");
    assert!(page.contains("data-game=\"axis-empires\""));
    assert_eq!(page.matches("<details class=\"csv-term\">").count(), 4);
    for hex in ["w2718 Palembang", "e2724 Rabaul"] {
        assert!(
            page.contains(&format!("<li>{hex}: Allied control")),
            "{hex}"
        );
    }
}

/// `--crop` draws part of a Leyte map as SVG; it is refused for an HTML page, for a hex not on
/// the map, and for the Dai Senso track, which has no map.
#[test]
fn crop_is_for_part_of_a_map() {
    let (ok, svg, _) = victory(&[
        "render",
        "fixtures/leyte/assault-scenario-end-position.toml",
        "--crop",
        "1412:1820",
        "-o",
        "-",
    ]);
    assert!(ok);
    assert!(svg.contains("clip-path=\"url(#map-clip)\""));
    // `focus`: around the two units cut off and what cuts them, much narrower than the map.
    let width = |svg: &str| -> f64 {
        let root = roxmltree::Document::parse(svg).unwrap();
        root.root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap()
    };
    let fixture = "fixtures/leyte/assault-scenario-end-position.toml";
    let (ok, focus, err) = victory(&["render", fixture, "--crop", "focus", "-o", "-"]);
    assert!(ok, "{err}");
    let (_, whole, _) = victory(&["render", fixture, "-o", "-"]);
    assert!(focus.contains("clip-path=\"url(#map-clip)\""));
    assert!(
        width(&focus) < width(&whole) / 2.0,
        "{} of {}",
        width(&focus),
        width(&whole)
    );
    for cut in ["US-96-382", "US-7-32"] {
        assert!(
            focus.contains(&format!(
                "class=\"counter\" data-layer=\"units\" data-key=\"{cut}\""
            )),
            "{cut} is not drawn"
        );
    }
    assert!(
        !focus.contains("class=\"counter\" data-layer=\"units\" data-key=\"US-1C-12\""),
        "a unit far from the cut ones (at 2918) is drawn"
    );
    for (args, says) in [
        (
            vec![
                "render",
                "fixtures/leyte/assault-scenario-end-position.toml",
                "--crop",
                "1412:1820",
                "-o",
                "x.html",
            ],
            "the HTML page pans and zooms",
        ),
        (
            vec![
                "render",
                "fixtures/leyte/assault-scenario-end-position.toml",
                "--crop",
                "1412:3333",
                "-o",
                "-",
            ],
            "--crop: 3333 is not a hex of Leyte (stand-in)",
        ),
        (
            vec![
                "render",
                "fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml",
                "--crop",
                "1412:1820",
                "-o",
                "-",
            ],
            "the Dai Senso picture is the VP track",
        ),
        (
            vec![
                "render",
                "fixtures/leyte/assault-scenario-end-position.toml",
                "--crop",
                "1412",
                "-o",
                "-",
            ],
            "give two corner hexes as FROM:TO",
        ),
    ] {
        let (ok, out, err) = victory(&args);
        assert!(!ok, "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
