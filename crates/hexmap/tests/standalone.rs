//! Self-contained tests that ship with the published package: every map is inline, nothing is
//! read from disk.

#![cfg(feature = "toml")] // the maps here are TOML text
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{
    ErrorKind, Hex, HexMap, HexsideKind, Layout, MapBuilder, Obstacle, Orientation, Position,
    Refusal, RoadChain, TargetRule, Targets, Tracer, Unit, check_path, search,
};

/// Two rows of nine pointy hexes, `1001`-`1009` and `1101`-`1109` (row 10 is shifted half a hex
/// east, so `11CC` touches `10(CC-1)` and `10CC`), a road `1006`-`1009` to a beach at `1009`,
/// forest at `1103`, a river (blocks ZOC) between `1104` and `1004`, and a cliff (impassable)
/// between `1105` and `1005`.
const CORRIDOR: &str = r#"
name = "Corridor"

[layout]
orientation = "pointy"
label = "row-column"
rows = [10, 11]
columns = [1, 9]
shifted = "even"
rows_grow = "north"
columns_grow = "east"

[terrain]
legend = { "." = "clear", f = "forest" }
grid = '''
10 . . . . . . . . .
11 . . f . . . . . .
'''

[places]
Roadhead = "1006"

[areas.beach]
name = "Beach"
hexes = ["1009"]

[hexsides]
roads = [["1006", "1007", "1008", "1009"]]
blocks_zoc = [["1104", "1004"]]
impassable = [["1105", "1005"]]
"#;

fn corridor() -> HexMap {
    HexMap::from_toml_str(CORRIDOR, Some("corridor.toml")).unwrap()
}

fn labels(map: &HexMap, hexes: &[Hex]) -> Vec<String> {
    hexes.iter().map(|h| map.label_text(*h)).collect()
}

#[test]
fn loads_an_inline_map_and_reports_every_problem() {
    let map = corridor();
    let h = |l: &str| map.parse(l).unwrap();
    assert_eq!(map.name(), "Corridor");
    assert_eq!(map.len(), 18);
    assert_eq!(map.terrain(h("1103")), Some("forest"));
    assert_eq!(map.place("Roadhead").map(|p| p.hex), Some(h("1006")));
    assert_eq!(
        map.area("beach").map(|a| a.hexes.clone()),
        Some(vec![h("1009")])
    );
    assert!(map.hexside(h("1006"), h("1007")).unwrap().road);
    assert!(
        map.hexside(h("1104"), h("1004"))
            .unwrap()
            .has(HexsideKind::BlocksZoc)
    );
    assert!(map.hexside(h("1105"), h("1005")).unwrap().impassable);
    assert_eq!(hexmap::petgraph::visit::NodeCount::node_count(&map), 18);
    // Labels round-trip through the layout.
    for info in map.hexes() {
        assert_eq!(map.parse(&info.label.to_string()), Ok(info.hex));
    }

    // The same map built in memory is the same map.
    let built = MapBuilder::new(
        "Corridor",
        Layout::row_column(Orientation::Pointy, 10..=11, 1..=9),
    )
    .terrain("1103", "forest")
    .place("Roadhead", "1006")
    .area("beach", "Beach", ["1009"])
    .road(["1006", "1007", "1008", "1009"])
    .blocks_zoc("1104", "1004")
    .impassable("1105", "1005")
    .build()
    .unwrap();
    assert_eq!(built.summary(), map.summary());

    // Every problem at once, each with its place in the text.
    let broken = CORRIDOR
        .replace(r#"Roadhead = "1006""#, r#"Roadhead = "1010""#)
        .replace(r#"["1104", "1004"]"#, r#"["1101", "1004"]"#);
    let err = HexMap::from_toml_str(&broken, Some("corridor.toml")).unwrap_err();
    let found: Vec<(ErrorKind, Option<&str>, Option<u32>)> = err
        .diagnostics()
        .iter()
        .map(|d| (d.kind, d.key.as_deref(), d.location.map(|l| l.line)))
        .collect();
    assert_eq!(
        found,
        [
            (ErrorKind::OffMap, Some("places.Roadhead"), Some(21)),
            (
                ErrorKind::NotAdjacent,
                Some("hexsides.blocks_zoc[0][1]"),
                Some(29)
            ),
        ]
    );
    assert_eq!(err.to_string().lines().count(), 2);
}

#[test]
fn traces_along_the_road_or_reports_the_cut() {
    let map = corridor();
    let h = |l: &str| map.parse(l).unwrap();
    let targets = Targets::new(&map, [h("1009")]);
    let rules = RoadChain::new(3).rule().bind(&map).unwrap();
    let open = |_: Hex| None::<&str>;

    // From 1002: three hexes of any terrain, then the road.
    let path = search(&rules, h("1002"), &targets, &open).unwrap();
    assert_eq!(
        labels(&map, &path.hexes)[..5],
        ["1002", "1003", "1004", "1005", "1006"]
    );
    check_path(&rules, &path, &targets, &open).unwrap();

    // From 1101 the fourth hex is off the road: the frontier says so.
    let cut = search(&rules, h("1101"), &targets, &open).unwrap_err();
    assert!(!cut.frontier.is_empty());
    assert!(cut.frontier.iter().all(|b| matches!(
        b.obstacle,
        Obstacle::Refused {
            why: Refusal::OffNetwork { .. },
            ..
        }
    )));

    // With five free hexes the sixth is the road; the relaxed target rule does not matter here.
    let longer = RoadChain::new(5)
        .with_target(TargetRule::MayAdjoinChain)
        .rule()
        .bind(&map)
        .unwrap();
    assert!(search(&longer, h("1101"), &targets, &open).is_ok());

    // A blocked road hex cuts everyone west of it; the tracer agrees with search.
    let blocked = |x: Hex| (x == h("1007")).then_some("enemy unit");
    let tracer = Tracer::new(&rules, &targets, &blocked);
    let starts = [h("1002"), h("1008"), h("1101")];
    let traced: Vec<bool> = tracer
        .trace_all(&starts)
        .iter()
        .map(Option::is_some)
        .collect();
    assert_eq!(traced, [false, true, false]);
    assert_eq!(tracer.traced_all(&starts), traced);
    for (start, ok) in starts.iter().zip(traced) {
        assert_eq!(search(&rules, *start, &targets, &blocked).is_ok(), ok);
    }
    let cut = search(&rules, h("1002"), &targets, &blocked).unwrap_err();
    assert!(
        cut.frontier
            .iter()
            .any(|b| b.hex == h("1007") && b.obstacle == Obstacle::NotFree("enemy unit"))
    );
}

#[test]
fn zones_of_control_stop_at_rivers_and_cliffs() {
    let map = corridor();
    let h = |l: &str| map.parse(l).unwrap();
    let position = Position::new(
        &map,
        vec![
            Unit::new("X", 'J', h("1104")),
            Unit::new("Y", 'J', h("1105")),
            Unit::new("HQ", 'J', h("1109")).without_zoc(),
            Unit::new("A", 'U', h("1001")),
        ],
    )
    .unwrap();
    let zoc = position.zoc(&map, 'J');
    // X (1104) reaches 1003, 1103 and 1105 but not 1004 (river); Y (1105) reaches 1004, 1104
    // and 1106 but not 1005 (cliff); HQ exerts none.
    assert_eq!(
        labels(&map, &zoc.hexes(&map).collect::<Vec<_>>()),
        ["1003", "1004", "1103", "1104", "1105", "1106"]
    );
    assert_eq!(zoc.controllers(&map, h("1004")), [1]);
    assert_eq!(zoc.controllers(&map, h("1105")), [0]);
    assert!(!zoc.controls(&map, h("1005")));
    assert!(!zoc.controls(&map, h("1108")));
    assert!(!position.zoc(&map, 'U').controls(&map, h("1003")));

    // Leyte's free test: not in enemy ZOC unless a friendly unit is there.
    let targets = Targets::new(&map, [h("1009")]);
    let free = |x: Hex| {
        (zoc.controls(&map, x) && !position.occupied_by(&map, x, 'U')).then_some("enemy ZOC")
    };
    let rules = RoadChain::new(3).rule().bind(&map).unwrap();
    let cut = search(&rules, h("1001"), &targets, &free).unwrap_err();
    assert!(cut.frontier.iter().any(|b| b.hex == h("1003")));
}

/// A tracer prepared again for a new position answers like a fresh one, for the Leyte preset
/// and for a general rule, over a run of pseudo-random positions.
#[test]
fn reset_tracer_equals_a_fresh_one() {
    use hexmap::{Leg, StepRule, TraceRule};
    let map = HexMap::from_toml_str(CORRIDOR, Some("corridor.toml")).unwrap();
    let targets = Targets::new(&map, [map.parse("1009").unwrap()]);
    let starts: Vec<Hex> = map.hexes().iter().map(|h| h.hex).collect();
    let rules = [
        RoadChain::new(3).rule(),
        TraceRule::new([
            Leg::hexes(2).skippable(),
            Leg::unlimited()
                .steps(StepRule::along_road_or_trail())
                .skippable(),
        ]),
    ];
    for rule in &rules {
        let bound = rule.bind(&map).unwrap();
        let mut reused = Tracer::new(&bound, &targets, &|_h| None::<()>);
        let mut seed = 7u64;
        for _ in 0..40 {
            let blocked: Vec<bool> = (0..map.len())
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    seed >> 61 == 0 // about one hex in eight
                })
                .collect();
            let free = |h: Hex| blocked[map.node(h).unwrap().index()].then_some(());
            reused.reset(&free);
            let fresh = Tracer::new(&bound, &targets, &free);
            assert_eq!(reused.traced_all(&starts), fresh.traced_all(&starts));
            assert_eq!(reused.trace_all(&starts), fresh.trace_all(&starts));
            // The same position from a borrowed table by node.
            let table: Vec<bool> = blocked.iter().map(|b| !b).collect();
            let mut borrowed = Tracer::with_free_table(&bound, &targets, &table);
            let mut scratch = hexmap::internal::TraceScratch::new(map.len());
            assert_eq!(
                borrowed.traced_all_with(&starts, &mut scratch),
                fresh.traced_all(&starts)
            );
            borrowed.reset_free_table(&table);
            assert_eq!(borrowed.trace_all(&starts), fresh.trace_all(&starts));
        }
    }
}

/// One resolver of names on the map for every rule: a trace rule's unknown name is its leg's
/// error, a zone-of-control rule's is the ZOC rule's own, wherever the ZOC rule is bound
/// (`ZocRule::bind` and `controls`, `Position::zoc_with` and `blocking_under`,
/// `ChainPlan::new`), and never reads as a leg.
#[test]
fn an_unknown_name_is_refused_in_the_words_of_the_rule_that_gives_it() {
    use hexmap::{ChainPlan, Leg, RuleError, StepRule, TraceRule, ZocError, ZocRule};
    let map = corridor();
    let hex = |l: &str| map.parse(l).unwrap();
    let features = "road, trail, blocks-zoc, impassable";

    let rail = ZocRule::new().not_across(["rail"]);
    let e = rail.bind(&map).unwrap_err();
    assert_eq!(
        e,
        ZocError::UnknownHexsideFeature {
            name: "rail".into(),
            known: features.into()
        }
    );
    let words = format!(
        "the zone-of-control rule's `not_across` names hexside feature `rail`, which the map does not have \
         (it has: {features})"
    );
    assert_eq!(e.to_string(), words);
    assert_eq!(
        rail.controls(&map, hex("1001"), hex("1002")),
        Err(e.clone())
    );
    let position = Position::new(&map, vec![Unit::new("E", 1, hex("1004"))]).unwrap();
    assert_eq!(position.zoc_with(&map, 1, &rail).unwrap_err(), e);
    assert_eq!(position.blocking_under(&map, 0, &rail).unwrap_err(), e);
    let plan = ChainPlan::new(&map, RoadChain::new(3), &rail).unwrap_err();
    assert_eq!(plan.to_string(), words);
    assert!(!plan.to_string().contains("leg"));

    let swamp = ZocRule::new().not_into_terrain(["swamp"]);
    assert_eq!(
        swamp.bind(&map).unwrap_err().to_string(),
        "the zone-of-control rule's `not_into_terrain` names terrain `swamp`, which the map does not have \
         (it has: clear, forest)"
    );

    // The same resolver for a trace rule: the error names the leg.
    let rule = TraceRule::new([
        Leg::hexes(2),
        Leg::unlimited().steps(StepRule::Along(vec!["rail".into()])),
    ]);
    let e = rule.bind(&map).unwrap_err();
    assert!(matches!(&e, RuleError::UnknownName { leg: 2, unknown, .. }
        if unknown.name == "rail" && unknown.known == features));
    assert!(e.to_string().starts_with(&format!(
        "leg 2, `steps.along`: the map has no hexside feature `rail` (it has: {features})"
    )));
    let rule =
        TraceRule::new([Leg::unlimited().steps(StepRule::IntoTerrain(vec!["swamp".into()]))]);
    assert_eq!(
        rule.bind(&map).unwrap_err().to_string(),
        "leg 1, `steps.into_terrain`: the map has no terrain `swamp` (it has: clear, forest)"
    );
    // Names the map has resolve, built-in or its own (either spelling of `blocks-zoc`).
    let known = ZocRule::new()
        .not_across(["blocks_zoc", "blocks-zoc", "road"])
        .not_into_terrain(["forest"]);
    assert!(known.bind(&map).is_ok());
}

/// A river between columns 2 and 3, a swamp at 0103, a fort at 0104: the map of the tests of
/// misspelt names.
fn rivers() -> HexMap {
    MapBuilder::new(
        "rivers",
        Layout::row_column(Orientation::Pointy, 1..=3, 1..=4),
    )
    .hexsides("river", ["0102-0302 | 0103-0303"])
    .terrain("0103", "swamp")
    .feature("fort", "0104")
    .build()
    .unwrap()
}

/// A door through which a rule names something: where in the leg the name is given (as the
/// refusal names it), and a leg naming the name given.
type Door = (&'static str, fn(&'static str) -> hexmap::Leg);

/// Never a typo accepted (issue 47, item 1): a misspelt hexside feature (`rivr`) fails to bind
/// through every door of a rule that names one (a step rule, a join, a cost, a waiver, a custom
/// step's look-up), naming the leg, the name and the names the map has, and the nearest where
/// the kit is built.
#[test]
fn a_misspelt_hexside_feature_fails_to_bind_through_every_door() {
    use hexmap::{Costs, Leg, NameKind, RuleError, Step, StepRule, TraceRule};
    let map = rivers();
    let sides = "road, trail, blocks-zoc, impassable, river";
    fn not_across(f: &str, unless: &str) -> StepRule {
        StepRule::NotAcross {
            features: vec![f.into()],
            unless: vec![unless.into()],
        }
    }
    let doors: Vec<Door> = vec![
        ("steps.along", |f| {
            Leg::unlimited().steps(StepRule::Along(vec![f.into()]))
        }),
        ("steps.not_across", |f| {
            Leg::unlimited().steps(not_across(f, "road"))
        }),
        ("steps.not_across.unless", |f| {
            Leg::unlimited().steps(not_across("river", f))
        }),
        ("steps.into_network", |f| {
            Leg::unlimited().steps(StepRule::IntoNetwork(vec![f.into()]))
        }),
        ("steps.between", |f| {
            Leg::unlimited().steps(StepRule::Between(vec![f.into()]))
        }),
        ("joined_by.along", |f| {
            Leg::unlimited().joined_by(StepRule::Along(vec![f.into()]))
        }),
        ("costs.hexsides[0].feature", |f| {
            Leg::movement_points(5, Costs::new(1).hexside(f, 5, &[]))
        }),
        ("costs.hexsides[0].waived_by", |f| {
            Leg::movement_points(5, Costs::new(1).hexside("river", 5, &[f]))
        }),
        ("steps.custom(dry)", |f| {
            Leg::unlimited().steps(StepRule::custom("dry", move |map| {
                let river = map.hexside_feature(f)?;
                Ok(move |step: &Step<'_>| !step.crosses(river))
            }))
        }),
    ];
    for (door, leg) in &doors {
        let rule = TraceRule::new([Leg::hexes(1).skippable(), leg("rivr")]);
        let e = rule.bind(&map).unwrap_err();
        assert!(
            matches!(&e, RuleError::UnknownName { leg: 2, unknown, .. }
                if unknown.what == NameKind::HexsideFeature
                && unknown.name == "rivr" && unknown.known == sides),
            "{door}: {e:?}"
        );
        let words =
            format!("leg 2, `{door}`: the map has no hexside feature `rivr` (it has: {sides})");
        assert!(e.to_string().starts_with(&words), "{door}: {e}");
        #[cfg(feature = "toml")]
        assert!(
            e.to_string().ends_with("; did you mean `river`?"),
            "{door}: {e}"
        );
        // Spelt right, every door binds.
        assert!(TraceRule::new([leg("river")]).bind(&map).is_ok(), "{door}");
    }
}

/// Never a typo accepted: a misspelt terrain (`swmp`) or hex feature (`frot`) fails to bind
/// through every door that names one, and the map's own look-ups by name refuse them too.
#[test]
fn a_misspelt_terrain_or_hex_feature_fails_to_bind_through_every_door() {
    use hexmap::{Costs, Leg, NameKind, RuleError, Step, StepRule, TraceRule, UnknownName};
    let map = rivers();
    let terrains = "clear, swamp";
    let doors: Vec<Door> = vec![
        ("steps.into_terrain", |t| {
            Leg::unlimited().steps(StepRule::IntoTerrain(vec![t.into()]))
        }),
        ("steps.not_into_terrain", |t| {
            Leg::unlimited().steps(StepRule::NotIntoTerrain(vec![t.into()]))
        }),
        ("costs.terrain", |t| {
            Leg::movement_points(5, Costs::new(1).terrain(t, 9))
        }),
        ("steps.custom(dry)", |t| {
            Leg::unlimited().steps(StepRule::custom("dry", move |map| {
                let swamp = map.terrain_type(t)?;
                Ok(move |step: &Step<'_>| !step.enters(swamp))
            }))
        }),
        ("steps.custom(no fort)", |f| {
            Leg::unlimited().steps(StepRule::custom("no fort", move |map| {
                let fort = map.hex_feature(f)?;
                Ok(move |step: &Step<'_>| !step.to_has_feature(fort))
            }))
        }),
    ];
    for (door, leg) in &doors {
        let (typo, right, what, known) = if *door == "steps.custom(no fort)" {
            ("frot", "fort", NameKind::HexFeature, "fort")
        } else {
            ("swmp", "swamp", NameKind::Terrain, terrains)
        };
        let e = TraceRule::new([leg(typo)]).bind(&map).unwrap_err();
        assert!(
            matches!(&e, RuleError::UnknownName { leg: 1, unknown, .. }
                if unknown.what == what && unknown.known == known),
            "{door}: {e:?}"
        );
        let words = format!(
            "leg 1, `{door}`: the map has no {} `{typo}` (it has: {known})",
            what.words()
        );
        assert!(e.to_string().starts_with(&words), "{door}: {e}");
        #[cfg(feature = "toml")]
        assert!(
            e.to_string()
                .ends_with(&format!("; did you mean `{right}`?")),
            "{door}: {e}"
        );
        assert!(TraceRule::new([leg(right)]).bind(&map).is_ok(), "{door}");
    }
    // The map's own look-ups by name.
    let refused = |e: UnknownName, what: NameKind, known: &str| {
        assert_eq!((e.what, e.known.as_str()), (what, known), "{e}");
    };
    let sides = "road, trail, blocks-zoc, impassable, river";
    refused(
        map.hexside_feature("rivr").unwrap_err(),
        NameKind::HexsideFeature,
        sides,
    );
    refused(
        map.hex_feature("frot").unwrap_err(),
        NameKind::HexFeature,
        "fort",
    );
    refused(
        map.terrain_type("swmp").unwrap_err(),
        NameKind::Terrain,
        terrains,
    );
    let fort = map.hex_feature("fort").unwrap();
    assert_eq!(map.hexes_with(fort), [map.parse("0104").unwrap()]);
}

/// The verdict the typo changed: a unit at 0101 tracing three hexes, never across the river,
/// to 0104 is cut; with `rivr` the rule bound as empty and the unit was traced. Only the
/// lenient form, by its name, binds it so.
#[test]
fn a_typo_never_puts_a_cut_unit_in_supply() {
    use hexmap::{Leg, StepRule, TraceRule};
    let map = rivers();
    let hex = |l: &str| map.parse(l).unwrap();
    let rule = |f: &str| {
        TraceRule::new([Leg::hexes(3).steps(StepRule::NotAcross {
            features: vec![f.into()],
            unless: vec![],
        })])
    };
    let targets = Targets::new(&map, [hex("0104")]);
    let nothing = |_h: Hex| None::<()>;
    let right = rule("river").bind(&map).unwrap();
    assert!(search(&right, hex("0101"), &targets, &nothing).is_err());
    assert!(rule("rivr").bind(&map).is_err());
    let lenient = rule("rivr").bind_lenient(&map).unwrap();
    assert!(search(&lenient, hex("0101"), &targets, &nothing).is_ok());
}

/// The README shows its nine-hex map built in code (the doctest) and, as text, the same map as
/// a TOML file: the two are one map.
#[test]
fn the_readme_toml_is_the_map_its_example_builds() {
    use hexmap::canonical::canonical_toml;
    use hexmap::{Layout, MapBuilder, Orientation};
    let readme = include_str!("../README.md");
    let text = readme
        .split("```toml\n")
        .find(|block| block.starts_with("name = \"Nine hexes in a line\""))
        .and_then(|block| block.split("```").next())
        .unwrap();
    let read = HexMap::from_toml_str(text, Some("line.toml")).unwrap();
    let built = MapBuilder::new(
        "Nine hexes in a line",
        Layout::row_column(Orientation::Pointy, 10..=10, 1..=9),
    )
    .road(["1006", "1007", "1008", "1009"])
    .build()
    .unwrap();
    assert_eq!(
        canonical_toml(&read).unwrap(),
        canonical_toml(&built).unwrap()
    );
}
