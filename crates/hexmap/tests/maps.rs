//! Map reading, ZOC and tracing on the hand-drawn fixture maps.

#![cfg(feature = "toml")] // the maps here are TOML text
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{
    Cut, ErrorKind, HexMap, Obstacle, Position, Refusal, RoadChain, TargetRule, Targets, Tracer,
    Unit, search,
};

fn load(name: &str) -> HexMap {
    let path = format!("{}/../../fixtures/maps/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    HexMap::from_toml_str(&text, Some(name)).unwrap()
}

fn labels(map: &HexMap, hexes: &[hexmap::Hex]) -> Vec<String> {
    hexes.iter().map(|h| map.label_text(*h)).collect()
}

#[test]
fn snapshot_every_map_summary() {
    insta::glob!("../../../fixtures/maps", "*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let map = HexMap::from_toml_str(&text, Some(&name)).unwrap();
        insta::assert_snapshot!(map.summary());
    });
}

#[test]
fn every_problem_in_a_broken_map_is_reported_with_its_line() {
    let text = std::fs::read_to_string(format!(
        "{}/../../fixtures/maps/invalid/many-problems.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let err = HexMap::from_toml_str(&text, Some("many-problems.toml")).unwrap_err();
    insta::assert_snapshot!(err.to_string());
    let kinds: Vec<ErrorKind> = err.diagnostics().iter().map(|d| d.kind).collect();
    for k in [
        ErrorKind::Grid,
        ErrorKind::OffMap,
        ErrorKind::BadLabel,
        ErrorKind::Duplicate,
        ErrorKind::NotAdjacent,
    ] {
        assert!(kinds.contains(&k), "{k:?} missing");
    }
    assert!(err.diagnostics().iter().all(|d| d.location.is_some()));
}

/// Every invalid map but `many-problems.toml` (pinned above) is refused, each problem located
/// (file, line and column) and keyed, and nothing is built: the reliability fixtures (sheet
/// offsets that would size a table of billions of hexes or overflow, an empty range of
/// columns) give their located error before any allocation they would size.
#[test]
fn every_invalid_map_is_refused_with_located_problems() {
    insta::glob!("../../../fixtures/maps/invalid", "*.toml", |path| {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name == "many-problems.toml" {
            return;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let err = HexMap::from_toml_str(&text, Some(&name)).unwrap_err();
        assert!(
            err.diagnostics()
                .iter()
                .all(|d| d.location.is_some() && d.key.is_some()),
            "{err}"
        );
        insta::assert_snapshot!("diagnostics", err.to_string());
    });
}

#[test]
fn bad_toml_is_located() {
    let err = HexMap::from_toml_str(
        "name = \"x\"\n[layout]\norientation = \"hexagonal\"\n",
        Some("x.toml"),
    )
    .unwrap_err();
    assert_eq!(err.kind(), Some(ErrorKind::Toml));
    assert_eq!(err.diagnostics()[0].location.map(|l| l.line), Some(3));
}

#[test]
fn worked_example_three_free_hexes_then_road() {
    let map = load("line.toml");
    let h = |l: &str| map.parse(l).unwrap();
    let targets = Targets::new(&map, [h("1009")]);
    let rules = RoadChain::new(3).rule().bind(&map).unwrap();
    let free = |_| None::<()>;

    let path = search(&rules, h("1002"), &targets, &free).unwrap();
    assert_eq!(
        labels(&map, &path.hexes),
        [
            "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"
        ]
    );
    let cut = search(&rules, h("1001"), &targets, &free).unwrap_err();
    let frontier: Vec<_> = cut.frontier.iter().map(|b| (b.hex, &b.obstacle)).collect();
    assert_eq!(
        frontier,
        [(
            h("1005"),
            &Obstacle::Refused {
                from: h("1004"),
                why: Refusal::OffNetwork {
                    features: vec!["road".into(), "trail".into()]
                }
            }
        )]
    );

    let tracer = Tracer::new(&rules, &targets, &free);
    let all = tracer.trace_all(&[h("1002"), h("1001"), h("1009"), h("1007")]);
    assert_eq!(
        labels(&map, &all[0].as_ref().unwrap().hexes),
        labels(&map, &path.hexes)
    );
    assert!(all[1].is_none());
    assert_eq!(labels(&map, &all[2].as_ref().unwrap().hexes), ["1009"]);
    assert_eq!(
        labels(&map, &all[3].as_ref().unwrap().hexes),
        ["1007", "1008", "1009"]
    );
}

#[test]
fn target_rule_on_chain_versus_adjoining() {
    // Road 1002-1006; beach 1007 off the road. From 1001 the chain runs into the beach.
    let map = HexMap::from_toml_str(
        &std::fs::read_to_string(format!(
            "{}/../../fixtures/maps/line.toml",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .replace(
            r#"roads = [["1006", "1007", "1008", "1009"]]"#,
            r#"roads = [["1002", "1003", "1004", "1005", "1006"]]"#,
        ),
        None,
    )
    .unwrap();
    let h = |l: &str| map.parse(l).unwrap();
    let targets = Targets::new(&map, [h("1007")]);
    let free = |_| None::<()>;
    let literal = RoadChain::new(3).rule().bind(&map).unwrap();
    let relaxed = RoadChain::new(3)
        .with_target(TargetRule::MayAdjoinChain)
        .rule()
        .bind(&map)
        .unwrap();
    assert!(search(&literal, h("1001"), &targets, &free).is_err());
    let p = search(&relaxed, h("1001"), &targets, &free).unwrap();
    assert_eq!(
        labels(&map, &p.hexes),
        ["1001", "1002", "1003", "1004", "1005", "1006", "1007"]
    );
    assert!(
        Tracer::new(&literal, &targets, &free)
            .trace(h("1001"))
            .is_none()
    );
    assert!(
        Tracer::new(&relaxed, &targets, &free)
            .trace(h("1001"))
            .is_some()
    );
    // Within the three free hexes the target needs no road either way.
    assert!(search(&literal, h("1004"), &targets, &free).is_ok());
}

#[test]
fn zoc_stops_at_blocking_and_impassable_hexsides_and_names_its_units() {
    let map = load("zoc-walls.toml");
    let h = |l: &str| map.parse(l).unwrap();
    let position = Position::new(
        &map,
        vec![
            Unit::new("J-1", 'J', h("0202")),
            Unit::new("J-2", 'J', h("0101")),
            Unit::new("J-3", 'J', h("0304")).without_zoc(),
            Unit::new("U-1", 'U', h("0103")),
        ],
    )
    .unwrap();
    let zoc = position.zoc(&map, 'J');
    let ids = |hex| -> Vec<&str> {
        zoc.controllers(&map, h(hex))
            .iter()
            .map(|&i| position.units()[i as usize].id.as_str())
            .collect()
    };
    // 0202's neighbours: across the river (0203) and the cliff (0302) there is no ZOC.
    let controlled: Vec<String> = zoc.hexes(&map).map(|x| map.label_text(x)).collect();
    assert!(!controlled.contains(&"0203".to_string()));
    assert!(!controlled.contains(&"0302".to_string()));
    assert_eq!(ids("0102"), ["J-1", "J-2"]);
    assert_eq!(ids("0201"), ["J-1", "J-2"]);
    // J-3 exerts no ZOC; J-1 and J-2 do not control their own hexes.
    assert!(ids("0303").is_empty());
    assert!(ids("0202").iter().all(|id| *id != "J-1"));
    assert!(position.occupied_by(&map, h("0103"), 'U'));
}

#[test]
fn positions_reject_off_map_units_and_duplicate_ids() {
    let map = load("zoc-walls.toml");
    let h = |l: &str| {
        map.layout()
            .label_to_hex(map.layout().parse_label(l).unwrap())
            .unwrap()
    };
    let errs = Position::new(
        &map,
        vec![Unit::new("A", 0, h("0404")), Unit::new("A", 0, h("0101"))],
    )
    .unwrap_err();
    let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "unit `A` is on hex 0404, which is not on the map (at `units[0].hex`)",
            "unit id `A` is used twice (at `units[1].id`, first at `units[0]`)"
        ]
    );
}

#[test]
fn cut_frontier_names_what_blocks_each_hex() {
    let map = load("zoc-walls.toml");
    let h = |l: &str| map.parse(l).unwrap();
    // Everything east of column 1 is blocked: the unit at 0101 cannot reach the east edge.
    let targets = Targets::new(&map, map.area("edge").unwrap().hexes.iter().copied());
    let rules = RoadChain::new(3).rule().bind(&map).unwrap();
    let cut: Cut<&str> = search(&rules, h("0101"), &targets, &|x| {
        let l = map.label_text(x);
        (l.ends_with('2')).then_some("enemy")
    })
    .unwrap_err();
    let f: Vec<(String, Obstacle<&str>)> = cut
        .frontier
        .iter()
        .map(|b| (map.label_text(b.hex), b.obstacle.clone()))
        .collect();
    assert_eq!(
        f,
        [
            ("0102".to_string(), Obstacle::NotFree("enemy")),
            ("0202".to_string(), Obstacle::NotFree("enemy")),
            ("0302".to_string(), Obstacle::NotFree("enemy")),
            ("0402".to_string(), Obstacle::NotFree("enemy")),
        ]
    );
}

#[test]
fn sheets_carry_prefixes_and_must_not_overlap() {
    let sheets = r#"
name = "two sheets"
[layout]
orientation = "flat"
label = "column-row"
shifted = "even"
rows_grow = "south"
columns_grow = "east"
[[layout.sheets]]
prefix = "w"
rows = [1, 3]
columns = [1, 4]
[[layout.sheets]]
prefix = "e"
rows = [1, 3]
columns = [5, 8]
"#;
    let map = HexMap::from_toml_str(sheets, None).unwrap();
    assert_eq!(map.len(), 24);
    // Column 4 of the west sheet touches column 5 of the east sheet.
    assert!(
        map.parse("w0401")
            .unwrap()
            .is_adjacent(map.parse("e0501").unwrap())
    );
    assert_eq!(map.label_text(map.parse("e0803").unwrap()), "e0803");
    assert!(map.parse("0401").is_err());
    let overlap = sheets.replace("columns = [5, 8]", "columns = [4, 8]");
    let err = HexMap::from_toml_str(&overlap, None).unwrap_err();
    assert!(err.to_string().contains("sheets overlap"), "{err}");
}

#[test]
fn absurd_extents_are_refused_not_allocated() {
    let text = r#"
name = "huge"
[layout]
orientation = "flat"
label = "row-column"
digits = 4
rows = [1, 9999]
columns = [1, 9999]
shifted = "odd"
rows_grow = "north"
columns_grow = "east"
"#;
    let err = HexMap::from_toml_str(text, None).unwrap_err();
    assert_eq!(err.kind(), Some(ErrorKind::TooMany));
}
