//! SVG pictures of the fixture maps: snapshots of the small ones, well-formedness, element
//! counts, determinism and orientation for all of them.

#![cfg(feature = "svg")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::svg::{
    Anchor, Counter, Highlight, MapDrawing, Mark, Route, Shade, Style, Swatch, Symbol,
};
use hexmap::{Compass, HexMap, Layout, MapBuilder, Orientation, Parity, Position, Unit};

fn load(name: &str) -> HexMap {
    let path = format!("{}/../../fixtures/maps/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    HexMap::from_toml_str(&text, Some(name)).unwrap()
}

fn every_map() -> Vec<(String, HexMap)> {
    let dir = format!("{}/../../fixtures/maps", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    assert!(names.len() >= 3);
    names.into_iter().map(|n| (n.clone(), load(&n))).collect()
}

/// The font sizes of the text in the group of class `class`.
fn fonts(doc: &roxmltree::Document<'_>, class: &str) -> Vec<f64> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .flat_map(|g| g.descendants().filter(|n| n.has_tag_name("text")))
        .map(|t| t.attribute("font-size").unwrap().parse().unwrap())
        .collect()
}

/// The boxes of the text in the groups of class `class` (centred text, Helvetica metrics), as
/// (x0, y0, x1, y1, text).
fn text_boxes(doc: &roxmltree::Document<'_>, class: &str) -> Vec<(f64, f64, f64, f64, String)> {
    let metrics = hexmap::kit::svg::Metrics::Helvetica;
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .flat_map(|g| g.descendants().filter(|n| n.has_tag_name("text")))
        .map(|t| {
            let at = |a: &str| -> f64 { t.attribute(a).unwrap().parse().unwrap() };
            let (x, y, f) = (at("x"), at("y"), at("font-size"));
            let text = t.text().unwrap_or_default().to_string();
            let half = metrics.text_width(&text, f, false) / 2.0;
            (x - half, y - f * 0.72, x + half, y + f * 0.2, text)
        })
        .collect()
}

fn count(doc: &roxmltree::Document<'_>, tag: &str, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .count()
}

/// The overlay example on the line map: a path, a counter, a highlight, a shade, a mark, legend
/// entries, a title and a caption that needs escaping.
fn line_with_overlays(map: &HexMap) -> String {
    let hex = |l: &str| map.parse(l).unwrap();
    let units = vec![
        Unit::new("J", 1u8, hex("1004")),
        Unit::new("A", 0u8, hex("1002")),
    ];
    let position = Position::new(map, units).unwrap();
    let mut d = MapDrawing::new(map);
    d.title("Line <with> overlays & marks")
        .caption("A's path runs through J's zone of control: \"cut\" at 1003.")
        .shade_zoc(&position.zoc(map, 1), &Shade::hatch("#c92a2a"))
        .path(
            &[hex("1002"), hex("1003"), hex("1004"), hex("1005")],
            &Route::new("#6a1b9a"),
        )
        .path(&[hex("1009")], &Route::new("#6a1b9a").dashed())
        .counter(
            hex("1002"),
            Counter::new("US-1", "#4f6b2a", "#ffffff")
                .rating("4-6-5")
                .badge(Symbol::Cross, "#c92a2a"),
        )
        .counter(
            hex("1004"),
            Counter::new("J-16-9-extra-long", "#f2c14e", "#1a1a1a")
                .short_label("16-9")
                .rating("4-6-5"),
        )
        .counter(hex("1004"), Counter::new("J-2", "#f2c14e", "#1a1a1a"))
        .highlight(hex("1003"), Highlight::new("#c92a2a").label("ZOC"))
        .highlight(hex("1007"), Highlight::new("#d9480f").hatched())
        .mark(
            hex("1006"),
            Mark::new(Symbol::Star, "#f59f00", Anchor::UpperLeft),
        )
        .mark(
            hex("1008"),
            Mark::new(Symbol::HollowStar, "#495057", Anchor::UpperLeft),
        )
        .mark(
            hex("1005"),
            Mark::new(Symbol::Warning, "#d9480f", Anchor::UpperRight),
        )
        .legend_heading("Overlays")
        .legend(Swatch::Arrow("#6a1b9a".into()), "path")
        .legend(Swatch::Hatch("#c92a2a".into()), "J's zone of control")
        .legend(Swatch::Symbol(Symbol::Cross, "#c92a2a".into()), "cut off");
    d.finish()
}

#[test]
fn snapshot_line_map() {
    let map = load("line.toml");
    insta::assert_snapshot!(MapDrawing::new(&map).finish());
}

#[test]
fn snapshot_zoc_walls_map() {
    let map = load("zoc-walls.toml");
    insta::assert_snapshot!(MapDrawing::new(&map).finish());
}

#[test]
fn snapshot_line_map_with_overlays() {
    let map = load("line.toml");
    let svg = line_with_overlays(&map);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(count(&doc, "g", "counter"), 3);
    assert_eq!(count(&doc, "g", "path"), 1);
    assert_eq!(count(&doc, "circle", "path"), 1);
    assert_eq!(count(&doc, "g", "tag"), 1);
    assert_eq!(count(&doc, "g", "highlight"), 2);
    // J at 1004 controls 1003 and 1005.
    assert_eq!(count(&doc, "polygon", "shade"), 2);
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("Line <with> overlays & marks"));
    // The long label does not fit two to a hex: the short one is used.
    assert!(svg.contains(">16-9<"));
    assert!(!svg.contains("J-16-9-extra-long"));
    insta::assert_snapshot!(svg);
}

#[test]
fn every_map_is_well_formed_complete_and_deterministic() {
    for (name, map) in every_map() {
        let svg = MapDrawing::new(&map).finish();
        assert_eq!(
            svg,
            MapDrawing::new(&map).finish(),
            "{name}: not deterministic"
        );
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let width: f64 = root.attribute("width").unwrap().parse().unwrap();
        assert!(width > 0.0, "{name}: width {width}");
        // Hex numbers are readable at the picture's own size.
        let smallest = fonts(&doc, "labels").into_iter().fold(f64::MAX, f64::min);
        assert!(smallest >= hexmap::svg::READABLE_FONT, "{name}: {smallest}");
        assert_eq!(count(&doc, "polygon", "hex"), map.len(), "{name}");
        let extents = map.layout().labels().count();
        assert_eq!(
            count(&doc, "polygon", "hole"),
            extents - map.len(),
            "{name}"
        );
        let labels: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("polygon") && n.attribute("class") == Some("hex"))
            .filter_map(|n| n.attribute("data-label"))
            .collect();
        let expected: Vec<String> = map.hexes().iter().map(|h| h.label.to_string()).collect();
        assert_eq!(labels, expected, "{name}");
        let roads =
            hexmap::petgraph::visit::IntoEdgeReferences::edge_references(&map.roads()).count();
        let road_path = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("road"));
        match road_path {
            Some(p) => assert_eq!(p.attribute("d").unwrap().matches('M').count(), roads),
            None => assert_eq!(roads, 0, "{name}"),
        }
        assert_eq!(
            count(&doc, "path", "area"),
            map.areas().iter().filter(|a| !a.hexes.is_empty()).count(),
            "{name}"
        );
        // The overlay example works on every map too (on its first hexes).
        let hexes: Vec<_> = map.hexes().iter().take(3).map(|h| h.hex).collect();
        let mut d = MapDrawing::new(&map);
        d.path(&hexes, &Route::new("#000"))
            .counter(hexes[0], Counter::new("X", "#fff", "#000").rating("1-1-1"))
            .highlight(hexes[1], Highlight::new("#f00").label("why"));
        roxmltree::Document::parse(&d.finish()).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn adjacent_hexes_are_one_hex_apart_on_the_picture() {
    use hexmap::petgraph::visit::{EdgeRef, IntoEdgeReferences};
    for (name, map) in every_map() {
        let d = MapDrawing::with_style(&map, Style::sized(10.0));
        let expected = 10.0 * 3f64.sqrt();
        for e in map.edge_references() {
            let (a, b) = (e.source(), e.target());
            let (ax, ay) = d.centre(map.hex_of(a).unwrap());
            let (bx, by) = d.centre(map.hex_of(b).unwrap());
            let dist = ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt();
            assert!(
                (dist - expected).abs() < 1e-6,
                "{name}: {} - {} drawn {dist} apart",
                map.label_text(map.hex_of(a).unwrap()),
                map.label_text(map.hex_of(b).unwrap())
            );
        }
    }
}

#[test]
fn leyte_standin_is_drawn_north_up_east_right() {
    let Ok(text) = std::fs::read_to_string(format!(
        "{}/../../fixtures/maps/leyte-standin.toml",
        env!("CARGO_MANIFEST_DIR")
    )) else {
        return; // not drawn yet
    };
    let map = HexMap::from_toml_str(&text, Some("leyte-standin.toml")).unwrap();
    let d = MapDrawing::new(&map);
    let (w, h) = d.map_size();
    assert!(w > h * 0.8 && w < h * 1.2, "map area {w} x {h} px");
    let at = |l: &str| d.centre(map.parse(l).unwrap());
    for l in ["2428", "2528", "2628"] {
        let (x, y) = at(l);
        assert!(x > w * 0.75 && y < h * 0.3, "northern beach {l} at {x},{y}");
    }
    let max_x = map
        .hexes()
        .iter()
        .map(|i| d.centre(i.hex).0)
        .fold(0.0, f64::max);
    for l in ["1032", "1132", "1232", "1332"] {
        let (x, _) = at(l);
        assert!(
            (x - max_x).abs() < 1e-6,
            "eastern beach {l} not at the right edge"
        );
    }
    // Row 29 above row 1; column 32 right of column 1.
    assert!(at("2901").1 < at("0301").1);
    assert!(at("1032").0 > at("1001").0);
}

fn layout(orientation: Orientation, rows_grow: Compass, columns_grow: Compass) -> Layout {
    Layout::row_column(orientation, 1..=3, 1..=3)
        .with_shifted(Parity::Odd)
        .with_growth(rows_grow, columns_grow)
}

#[test]
fn compass_directions_orient_the_picture() {
    for o in [Orientation::Flat, Orientation::Pointy] {
        for (rg, cg) in [
            (Compass::North, Compass::East),
            (Compass::South, Compass::East),
            (Compass::North, Compass::West),
            (Compass::South, Compass::West),
        ] {
            let map = MapBuilder::new("m", layout(o, rg, cg)).build().unwrap();
            let d = MapDrawing::new(&map);
            let at = |l: &str| d.centre(map.parse(l).unwrap());
            let (up, right) = (at("0202").1 > at("0302").1, at("0203").0 > at("0202").0);
            assert_eq!(up, rg == Compass::North, "{o:?} {rg:?} {cg:?}");
            assert_eq!(right, cg == Compass::East, "{o:?} {rg:?} {cg:?}");
            // A shifted line sits half a hex toward higher numbers of the other axis.
            match o {
                // Column 1 is shifted: 0101 is half a hex toward row 2 from 0102.
                Orientation::Flat => {
                    let (y1, y2, y0) = (at("0101").1, at("0201").1, at("0102").1);
                    assert!((y0 - y1).abs() * 2.0 - (y2 - y1).abs() < 1e-6);
                    assert_eq!(y1 < y0, rg == Compass::North);
                }
                // Row 1 is shifted: 0101 is half a hex toward column 2 from 0201.
                Orientation::Pointy => {
                    let (x1, x0) = (at("0101").0, at("0201").0);
                    assert_eq!(x1 > x0, cg == Compass::East);
                }
            }
        }
    }
}

#[test]
fn text_is_escaped_everywhere() {
    let l = layout(Orientation::Flat, Compass::North, Compass::East);
    let map = MapBuilder::new("A & B", l)
        .terrain("0101", "<weird> & \"terrain\"")
        .place("Saint-Lô & <Co>", "0202")
        .area("x", "Area 'quoted'", ["0101"])
        .build()
        .unwrap();
    let mut d = MapDrawing::new(&map);
    d.caption("1 < 2 & 3 > 2")
        .counter(
            map.parse("0101").unwrap(),
            Counter::new("<U&1>", "#000", "#fff"),
        )
        .highlight(
            map.parse("0303").unwrap(),
            Highlight::new("#f00").label("a&b"),
        );
    let svg = d.finish();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    for t in [
        "Saint-Lô & <Co>",
        "<weird> & \"terrain\"",
        "Area 'quoted'",
        "1 < 2 & 3 > 2",
        "<U&1>",
        "a&b",
    ] {
        assert!(texts.contains(&t), "{t} missing");
    }
}

/// The picture's size is bounded whatever the map: a map of more hexes than
/// `MAX_DRAWN_HEXES` gets a note instead of a drawing; one at the limit is drawn.
#[test]
fn a_map_too_large_to_draw_gets_a_note() {
    let side = u16::try_from(hexmap::limits::MAX_DRAWN_HEXES.isqrt()).unwrap();
    for (rows, drawn) in [(side, true), (side + 1, false)] {
        let layout = Layout::row_column(Orientation::Flat, 1..=rows, 1..=side).with_digits(3);
        let map = MapBuilder::new("Big <map>", layout).build().unwrap();
        let svg = MapDrawing::new(&map).finish();
        roxmltree::Document::parse(&svg).unwrap();
        if drawn {
            assert_eq!(map.len(), hexmap::limits::MAX_DRAWN_HEXES);
            assert!(svg.len() > 1_000_000);
        } else {
            assert!(svg.len() < 1_000, "{svg}");
            assert!(
                svg.contains("Big &lt;map&gt;: 90300 hexes, more than the 90000"),
                "{svg}"
            );
        }
    }
}

/// Place names never cover a hex number, nor each other, on any fixture map (the Leyte
/// stand-in's names are long and sit among close hex numbers).
#[test]
fn place_names_never_overlap_hex_numbers() {
    let mut names = 0;
    // The default style, and one with larger names than labels (a caller's choice).
    let large = |map: &HexMap| {
        let mut style = Style::fit(map);
        style.place_font = style.label_font * 1.5;
        style
    };
    // Long names on neighbouring hexes, as on a crowded coast.
    let crowded = MapBuilder::new(
        "crowded",
        Layout::row_column(Orientation::Pointy, 1..=5, 1..=6).with_shifted(Parity::Odd),
    )
    .place("San Isidro del Norte", "0303")
    .place("Santa Cruz de Leyte", "0304")
    .place("Palompon", "0204")
    .build()
    .unwrap();
    let maps = every_map()
        .into_iter()
        .chain([("crowded".to_string(), crowded)]);
    for (name, map) in maps {
        for style in [Style::fit(&map), large(&map)] {
            let svg = MapDrawing::with_style(&map, style).finish();
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let labels = text_boxes(&doc, "labels");
            let places = text_boxes(&doc, "places");
            names += places.len();
            let meets = |a: &(f64, f64, f64, f64, String), b: &(f64, f64, f64, f64, String)| {
                a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
            };
            for (i, p) in places.iter().enumerate() {
                for l in &labels {
                    assert!(!meets(p, l), "{name}: {} covers hex number {}", p.4, l.4);
                }
                for q in &places[i + 1..] {
                    assert!(!meets(p, q), "{name}: {} covers {}", p.4, q.4);
                }
            }
        }
    }
    assert!(names >= 10, "only {names} place names drawn");
}

/// A crop draws the rectangle around the hexes asked for, whole, and leaves out what lies
/// more than a hex beyond it; the overlays keep their keys and layers.
#[test]
fn a_crop_draws_the_region_asked_for() {
    let map = load("leyte-standin.toml");
    let hex = |l: &str| map.parse(l).unwrap();
    let mut d = MapDrawing::new(&map);
    d.crop([hex("1412"), hex("1820")]).legend_below();
    d.highlight(
        hex("1516"),
        Highlight::new("#f00").label("why").key("US 1").layer("loc"),
    );
    d.outline(
        [hex("1516"), hex("1517")],
        &hexmap::svg::Outline::new("#00f").key("US 1"),
    );
    d.counter(hex("2812"), Counter::new("far", "#000", "#fff"));
    let svg = d.finish();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let drawn: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hex"))
        .filter_map(|n| n.attribute("data-label"))
        .collect();
    for l in ["1412", "1820", "1516", "1412", "1420", "1812"] {
        assert!(drawn.contains(&l), "{l} not drawn");
    }
    assert!(!drawn.contains(&"1001") && !drawn.contains(&"2525"));
    assert!(drawn.len() < map.len() / 4, "{} hexes drawn", drawn.len());
    assert_eq!(
        count(&doc, "g", "counter"),
        0,
        "a counter far outside is left out"
    );
    assert!(svg.contains("clip-path=\"url(#map-clip)\""));
    let tagged: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-key") == Some("US%201"))
        .map(|n| n.attribute("data-layer").unwrap())
        .collect();
    assert_eq!(tagged, ["loc", "outlines", "loc"]);
    // The legend is under the map: the picture is no wider than the crop and the legend.
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    assert!(width < d.map_size().0 + 600.0, "{width}");
}

/// A focus is written as the rectangle around its hexes' centres, in picture pixels: each hex
/// drawn there, whole; off-map hexes are ignored, and a crop keeps the focus inside it.
#[test]
fn a_focus_is_the_rectangle_around_its_hexes() {
    let map = load("leyte-standin.toml");
    let hex = |l: &str| map.parse(l).unwrap();
    let focus = |d: &MapDrawing<'_>| -> Option<[f64; 4]> {
        let svg = d.finish();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let numbers: Vec<f64> = doc
            .root_element()
            .attribute("data-focus")?
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        numbers.try_into().ok()
    };
    let mut d = MapDrawing::new(&map);
    assert_eq!(focus(&d), None);
    d.focus([hex("1412"), hex("1820")]);
    let [x, y, w, h] = focus(&d).unwrap();
    let svg = d.finish();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut inside = Vec::new();
    for n in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hex"))
    {
        let corners: Vec<(f64, f64)> = n
            .attribute("points")
            .unwrap()
            .split(' ')
            .map(|p| {
                let (a, b) = p.split_once(',').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            })
            .collect();
        let whole_inside = corners.iter().all(|&(cx, cy)| {
            cx >= x - 0.2 && cx <= x + w + 0.2 && cy >= y - 0.2 && cy <= y + h + 0.2
        });
        if whole_inside {
            inside.push(n.attribute("data-label").unwrap().to_string());
        }
    }
    for l in ["1412", "1820", "1416", "1812"] {
        assert!(
            inside.iter().any(|i| i == l),
            "{l} not whole inside the focus"
        );
    }
    assert!(
        !inside.iter().any(|i| i == "1411" || i == "2020"),
        "{inside:?}"
    );
    // Only hexes off the map: no focus.
    d.focus([hexmap::Hex::new(-400, 900)]);
    assert_eq!(focus(&d), None);
    // A focus beyond a crop is cut to the crop's map area.
    let mut c = MapDrawing::new(&map);
    c.crop([hex("1412"), hex("1820")])
        .focus([hex("1416"), hex("2812")]);
    let [fx, fy, fw, fh] = focus(&c).unwrap();
    let (mw, mh) = c.map_size();
    assert!(
        fw <= mw + 0.1 && fh <= mh + 0.1 && fx > 0.0 && fy > 0.0,
        "{fx} {fy} {fw} {fh}"
    );
}
