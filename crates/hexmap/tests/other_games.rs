//! Other games' supply rules, written with the general tracing API and pinned on small inline
//! maps (the maps of `examples/supply_*.rs`). Nothing is read from disk.
//!
//! - (a) movement points to a supply city, terrain and river costs, enemy units and ZOC with
//!   friendly negation (`examples/supply_movement_points.rs`);
//! - (b) at most 4 hexes, then any number of rail hexes to a friendly map edge
//!   (`examples/supply_rail_then_hexes.rs`);
//! - (c) any length to a friendly map edge, never across all-sea or unbridged major-river
//!   hexsides (`examples/supply_to_map_edge.rs`).
//!
//! Every scenario also checks that [`search`] and [`Tracer`] agree from every hex of the map and
//! that every path either returns obeys the rule ([`check_path`]).

#![cfg(feature = "toml")] // the maps here are TOML text
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

#[path = "../examples/common/maps.rs"]
mod maps;

use std::fmt;

use hexmap::FreeTest;
use hexmap::{
    BoundRule, Costs, Cut, Hex, HexMap, Leg, MapBuilder, Obstacle, Path, Position, StepRule,
    Targets, TraceRule, Tracer, Unit, ZocLayer, check_path, search,
};

// ---------------------------------------------------------------------------------------------
// Helpers

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Friend,
    Enemy,
}

/// Why the free test refuses a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Blocked {
    EnemyUnit(Vec<String>),
    EnemyZoc(Vec<String>),
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::EnemyUnit(ids) => write!(f, "enemy unit {}", ids.join(", ")),
            Blocked::EnemyZoc(ids) => write!(f, "enemy ZOC of {}", ids.join(", ")),
        }
    }
}

/// Which enemy presence blocks a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Zoc {
    /// Only hexes holding enemy units.
    Ignored,
    /// Enemy units and enemy ZOC.
    Blocks,
    /// Enemy units, and enemy ZOC unless a friendly unit is in the hex.
    BlocksUnlessFriendly,
}

/// A game's position: the map, the units, and the free test built from them.
struct Game {
    map: HexMap,
    position: Position<Side>,
    enemy_zoc: ZocLayer,
    zoc: Zoc,
}

impl Game {
    fn new(map: HexMap, units: &[(&str, Side, &str)], zoc: Zoc) -> Game {
        let units = units
            .iter()
            .map(|(id, side, l)| Unit::new(*id, *side, map.parse(l).unwrap()))
            .collect();
        let position = Position::new(&map, units).unwrap();
        let enemy_zoc = position.zoc(&map, Side::Enemy);
        Game {
            map,
            position,
            enemy_zoc,
            zoc,
        }
    }

    fn hex(&self, label: &str) -> Hex {
        self.map.parse(label).unwrap()
    }

    fn ids(&self, indices: &[u32]) -> Vec<String> {
        indices
            .iter()
            .map(|&i| self.position.unit(i as usize).unwrap().id.clone())
            .collect()
    }

    /// The free test: `None` for a hex a path may enter.
    fn blocked(&self, h: Hex) -> Option<Blocked> {
        let enemies: Vec<u32> = self
            .position
            .at(&self.map, h)
            .iter()
            .copied()
            .filter(|&i| self.position.unit(i as usize).unwrap().side == Side::Enemy)
            .collect();
        if !enemies.is_empty() {
            return Some(Blocked::EnemyUnit(self.ids(&enemies)));
        }
        let controllers = self.enemy_zoc.controllers(&self.map, h);
        let zoc_blocks = match self.zoc {
            Zoc::Ignored => false,
            Zoc::Blocks => !controllers.is_empty(),
            Zoc::BlocksUnlessFriendly => {
                !controllers.is_empty() && !self.position.occupied_by(&self.map, h, Side::Friend)
            }
        };
        zoc_blocks.then(|| Blocked::EnemyZoc(self.ids(controllers)))
    }

    fn free(&self) -> impl Fn(Hex) -> Option<Blocked> + '_ {
        |h| self.blocked(h)
    }

    fn unit_hex(&self, id: &str) -> Hex {
        self.position.find(id).unwrap().1.hex
    }

    /// Trace one unit with [`search`]: the path's labels, or the cut's frontier in words.
    fn trace(
        &self,
        rule: &BoundRule<'_>,
        targets: &Targets,
        id: &str,
    ) -> Result<Vec<String>, Vec<String>> {
        let free = self.free();
        match search(rule, self.unit_hex(id), targets, &free) {
            Ok(path) => {
                check_path(rule, &path, targets, &free).unwrap();
                Ok(labels(&self.map, &path.hexes))
            }
            Err(cut) => Err(frontier(&self.map, &cut)),
        }
    }
}

fn labels(map: &HexMap, hexes: &[Hex]) -> Vec<String> {
    hexes.iter().map(|h| map.label_text(*h)).collect()
}

/// Each frontier hex and its reason, as `"0104: leg 1 needs 5 > 4 movement points (from 0203)"`.
fn frontier<R: fmt::Display + fmt::Debug>(map: &HexMap, cut: &Cut<R>) -> Vec<String> {
    cut.frontier
        .iter()
        .map(|b| {
            let why = match &b.obstacle {
                Obstacle::NotFree(r) => r.to_string(),
                Obstacle::Refused { from, why } => {
                    format!("{why} (from {})", map.label_text(*from))
                }
                other => panic!("unexpected obstacle {other:?}"),
            };
            format!("{}: {why}", map.label_text(b.hex))
        })
        .collect()
}

/// `search` and `Tracer` give the same answer from every hex of the map (`trace_all`,
/// `traced_all` and `trace` alike), and every path either returns obeys the rule.
fn assert_agree<R>(map: &HexMap, rule: &BoundRule<'_>, targets: &Targets, free: &impl FreeTest<R>) {
    let starts: Vec<Hex> = map.hexes().iter().map(|h| h.hex).collect();
    let tracer = Tracer::new(rule, targets, free);
    let paths = tracer.trace_all(&starts);
    let traced = tracer.traced_all(&starts);
    for ((start, path), traced) in starts.iter().zip(&paths).zip(traced) {
        let label = map.label_text(*start);
        let searched = search(rule, *start, targets, free);
        assert_eq!(
            searched.is_ok(),
            path.is_some(),
            "{label}: search says {}, Tracer::trace_all says {}",
            searched.is_ok(),
            path.is_some()
        );
        assert_eq!(traced, path.is_some(), "{label}: traced_all and trace_all");
        assert_eq!(tracer.trace(*start).is_some(), traced, "{label}: trace");
        if let Ok(p) = &searched {
            assert_eq!(p.hexes.first(), Some(start), "{label}: search path start");
            check_path(rule, p, targets, free).unwrap_or_else(|e| {
                panic!("{label}: search path {:?}: {e}", labels(map, &p.hexes))
            });
        }
        if let Some(p) = path {
            assert_eq!(p.hexes.first(), Some(start), "{label}: Tracer path start");
            check_path(rule, p, targets, free).unwrap_or_else(|e| {
                panic!("{label}: Tracer path {:?}: {e}", labels(map, &p.hexes))
            });
        }
    }
}

/// `base` with `from` replaced by `to` (which must be there).
fn variant(base: &str, from: &str, to: &str) -> String {
    assert!(base.contains(from), "the map text has no {from:?}");
    base.replacen(from, to, 1)
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

fn path_of(map: &HexMap, items: &[&str]) -> Path {
    Path::new(items.iter().map(|l| map.parse(l).unwrap()).collect())
}

// ---------------------------------------------------------------------------------------------
// (a) At most 4 MP to a friendly supply city: clear 1, forest 2, mountain 3, river hexsides +1
// unless a road crosses them; never into an enemy unit, nor into enemy ZOC unless a friendly
// unit is there.

use maps::MOVEMENT_POINTS as MAP_A;

fn mp_rule(points: u32) -> TraceRule {
    TraceRule::new([Leg::movement_points(
        points,
        Costs::new(1)
            .terrain("forest", 2)
            .terrain("mountain", 3)
            .hexside("river", 1, &["road"]),
    )])
}

/// The example's units: A-F Allied (friends), X and Y Axis (enemies).
const UNITS_A: &[(&str, Side, &str)] = &[
    ("A", Side::Friend, "0505"),
    ("B", Side::Friend, "0402"),
    ("D", Side::Friend, "0404"),
    ("E", Side::Friend, "0108"),
    ("F", Side::Friend, "0301"),
    ("X", Side::Enemy, "0504"),
    ("Y", Side::Enemy, "0207"),
];

fn game_a(map_text: &str, units: &[(&str, Side, &str)]) -> Game {
    let map = HexMap::from_toml_str(map_text, Some("supply_movement_points.toml")).unwrap();
    Game::new(map, units, Zoc::BlocksUnlessFriendly)
}

fn without(
    units: &[(&'static str, Side, &'static str)],
    id: &str,
) -> Vec<(&'static str, Side, &'static str)> {
    let out: Vec<_> = units.iter().copied().filter(|u| u.0 != id).collect();
    assert_eq!(out.len() + 1, units.len(), "no unit {id}");
    out
}

/// What a path costs: the same arithmetic as `mp_rule`'s `Costs`, spelled out.
fn movement_points(map: &HexMap, hexes: &[String]) -> u32 {
    let river = map
        .hexside_feature_names()
        .iter()
        .position(|n| n == "river")
        .unwrap();
    hexes
        .windows(2)
        .map(|w| {
            let (a, b) = (map.parse(&w[0]).unwrap(), map.parse(&w[1]).unwrap());
            let terrain = match map.terrain(b).unwrap() {
                "forest" => 2,
                "mountain" => 3,
                _ => 1,
            };
            let side = map.hexside(a, b).unwrap();
            terrain + u32::from(side.features & (1 << river) != 0 && !side.road)
        })
        .sum()
}

#[test]
fn a_the_example_position() {
    let g = game_a(MAP_A, UNITS_A);
    let rule = mp_rule(4).bind(&g.map).unwrap();
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    assert_eq!(
        labels(
            &g.map,
            &g.map.hexes_with(g.map.hex_feature("city").unwrap())
        ),
        ["0104"]
    );

    // A starts in X's ZOC (the start is never tested), enters 0404 in X's ZOC because D holds
    // it, and crosses the river by the road bridge at no extra cost: 1 + 1 + 1 + 1.
    let a = g.trace(&rule, &targets, "A").unwrap();
    assert_eq!(a, ["0505", "0404", "0304", "0204", "0104"]);
    assert_eq!(movement_points(&g.map, &a), 4);

    // D itself: over the bridge, 3 MP (0203, mountain, would cost 5).
    let d = g.trace(&rule, &targets, "D").unwrap();
    assert_eq!(d, ["0404", "0304", "0204", "0104"]);
    assert_eq!(movement_points(&g.map, &d), 3);

    // F goes around the forest at 0202 and 0302 by the clear hexes: 4 MP.
    let f = g.trace(&rule, &targets, "F").unwrap();
    assert_eq!(f, ["0301", "0201", "0102", "0103", "0104"]);
    assert_eq!(movement_points(&g.map, &f), 4);

    // E is boxed into the corner by Y: every neighbour is Y or in Y's ZOC.
    assert_eq!(
        g.trace(&rule, &targets, "E").unwrap_err(),
        strings(&[
            "0107: enemy ZOC of Y",
            "0207: enemy unit Y",
            "0208: enemy ZOC of Y",
        ])
    );

    assert_agree(&g.map, &rule, &targets, &g.free());
}

#[test]
fn a_one_mp_too_far_is_cut_and_the_frontier_names_the_city() {
    let g = game_a(MAP_A, UNITS_A);
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    let rule = mp_rule(4).bind(&g.map).unwrap();
    // B's cheapest line crosses the river unbridged at 0402-0303 (clear 1 + river 1), then
    // 0304, 0204, 0104: 5 MP. 0403 and 0503 are X's ZOC; 0302 is forest across the river.
    let cut = g.trace(&rule, &targets, "B").unwrap_err();
    assert_eq!(
        cut,
        strings(&[
            "0101: leg 1 needs 5 > 4 movement points (from 0201)",
            "0102: leg 1 needs 5 > 4 movement points (from 0202)",
            "0103: leg 1 needs 5 > 4 movement points (from 0202)",
            "0104: leg 1 needs 5 > 4 movement points (from 0204)",
            "0105: leg 1 needs 5 > 4 movement points (from 0204)",
            "0203: leg 1 needs 5 > 4 movement points (from 0303)",
            "0205: leg 1 needs 5 > 4 movement points (from 0204)",
            "0305: leg 1 needs 5 > 4 movement points (from 0304)",
            "0403: enemy ZOC of X",
            "0405: leg 1 needs 6 > 4 movement points (from 0404)",
            "0503: enemy ZOC of X",
            "0504: enemy unit X",
            "0505: leg 1 needs 5 > 4 movement points (from 0404)",
            "0603: enemy ZOC of X",
        ])
    );
    let free = g.free();
    let searched = search(&rule, g.unit_hex("B"), &targets, &free).unwrap_err();
    assert_eq!(searched.reached, 14);
    assert!(!Tracer::new(&rule, &targets, &free).traced(g.unit_hex("B")));

    // One more MP and B traces, by exactly that line.
    let five = mp_rule(5).bind(&g.map).unwrap();
    let b = g.trace(&five, &targets, "B").unwrap();
    assert_eq!(b, ["0402", "0303", "0304", "0204", "0104"]);
    assert_eq!(movement_points(&g.map, &b), 5);
    assert_agree(&g.map, &five, &targets, &g.free());
}

#[test]
fn a_bridging_the_river_makes_it_trace() {
    // A road across 0402-0303 bridges B's crossing: the river's +1 is waived.
    let bridged = variant(
        MAP_A,
        r#"roads = [["0104", "0204", "0304", "0404", "0505", "0605"]]"#,
        r#"roads = [["0104", "0204", "0304", "0404", "0505", "0605"], ["0402", "0303"]]"#,
    );
    let g = game_a(&bridged, UNITS_A);
    let rule = mp_rule(4).bind(&g.map).unwrap();
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    let b = g.trace(&rule, &targets, "B").unwrap();
    assert_eq!(b, ["0402", "0303", "0304", "0204", "0104"]);
    assert_eq!(movement_points(&g.map, &b), 4);
    assert_agree(&g.map, &rule, &targets, &g.free());

    // And on the unbridged map, the same path is refused at the city.
    let g = game_a(MAP_A, UNITS_A);
    let rule = mp_rule(4).bind(&g.map).unwrap();
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    let path = path_of(&g.map, &["0402", "0303", "0304", "0204", "0104"]);
    let err = check_path(&rule, &path, &targets, &g.free()).unwrap_err();
    assert_eq!(
        err,
        "step 4 into h4 = 0104 is not allowed: leg 1 has spent its budget"
    );
}

#[test]
fn a_friendly_unit_negates_enemy_zoc() {
    // Without D on the bridge, 0404 is X's ZOC and A is cut: the river east of it is dearer
    // (0305 forest +1, 0306 mountain +1), and Y's ZOC closes 0307 and 0308.
    let g = game_a(MAP_A, &without(UNITS_A, "D"));
    let rule = mp_rule(4).bind(&g.map).unwrap();
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    let cut = g.trace(&rule, &targets, "A").unwrap_err();
    assert!(cut.contains(&"0404: enemy ZOC of X".to_string()), "{cut:?}");
    assert_eq!(
        cut,
        strings(&[
            "0305: leg 1 needs 5 > 4 movement points (from 0405)",
            "0306: leg 1 needs 6 > 4 movement points (from 0405)",
            "0307: enemy ZOC of Y",
            "0308: enemy ZOC of Y",
            "0404: enemy ZOC of X",
            "0504: enemy unit X",
            "0604: enemy ZOC of X",
        ])
    );
    // The same path through 0404 is refused there.
    let path = path_of(&g.map, &["0505", "0404", "0304", "0204", "0104"]);
    assert_eq!(
        check_path(&rule, &path, &targets, &g.free()).unwrap_err(),
        "h1 = 0404 is not free"
    );
    assert_agree(&g.map, &rule, &targets, &g.free());

    // With D there (the example position), A traces through 0404.
    let g = game_a(MAP_A, UNITS_A);
    let rule = mp_rule(4).bind(&g.map).unwrap();
    assert_eq!(
        g.trace(&rule, &targets, "A").unwrap(),
        ["0505", "0404", "0304", "0204", "0104"]
    );
    // An enemy unit's hex is never negated: D beside X does not open 0504.
    assert_eq!(
        g.blocked(g.hex("0504")),
        Some(Blocked::EnemyUnit(strings(&["X"])))
    );
}

#[test]
fn a_the_enemy_unit_and_its_zoc_box_e_in() {
    // Without Y, E walks along row 01: 4 MP.
    let g = game_a(MAP_A, &without(UNITS_A, "Y"));
    let rule = mp_rule(4).bind(&g.map).unwrap();
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    let e = g.trace(&rule, &targets, "E").unwrap();
    assert_eq!(e, ["0108", "0107", "0106", "0105", "0104"]);
    assert_eq!(movement_points(&g.map, &e), 4);
    assert_agree(&g.map, &rule, &targets, &g.free());

    // Nothing blocks at all: the search and the tracer still agree everywhere.
    let nothing = |_h: Hex| None::<Blocked>;
    assert_agree(&g.map, &rule, &targets, &nothing);
}

// ---------------------------------------------------------------------------------------------
// (b) Any number of rail hexes from a friendly map edge, then at most 4 hexes; never into an
// enemy unit.

use maps::RAIL_THEN_HEXES as MAP_B;

/// From the unit: at most `hexes` hexes, then along rail hexsides; either may be empty.
fn rail_rule(hexes: u32) -> TraceRule {
    TraceRule::new([
        Leg::hexes(hexes).skippable(),
        Leg::unlimited()
            .steps(StepRule::Along(vec!["rail".into()]))
            .skippable(),
    ])
}

const UNITS_B: &[(&str, Side, &str)] = &[
    ("N1", Side::Friend, "0208"),
    ("N2", Side::Friend, "0212"),
    ("N3", Side::Friend, "0213"),
    ("N4", Side::Friend, "0105"),
    ("S1", Side::Friend, "0403"),
    ("S2", Side::Friend, "0406"),
    ("S3", Side::Friend, "0407"),
    ("X", Side::Enemy, "0404"),
];

/// Every on-map hex of the westmost column.
fn west_edge(map: &HexMap) -> Targets {
    let edge = map
        .hexes()
        .iter()
        .filter(|h| h.label.second == 1) // labels are row-column: `second` is the column
        .map(|h| h.hex);
    Targets::new(map, edge)
}

fn game_b(map_text: &str, units: &[(&str, Side, &str)]) -> Game {
    let map = HexMap::from_toml_str(map_text, Some("supply_rail_then_hexes.toml")).unwrap();
    Game::new(map, units, Zoc::Ignored)
}

#[test]
fn b_the_example_position() {
    let g = game_b(MAP_B, UNITS_B);
    let rule = rail_rule(4).bind(&g.map).unwrap();
    let targets = west_edge(&g.map);
    assert_eq!(targets.len(), 4); // 0101 0201 0401 0501; 0301 is sea
    for l in ["0101", "0201", "0401", "0501"] {
        assert!(targets.contains(&g.map, g.hex(l)), "{l}");
    }

    // On the railhead: rail only (the first leg is skipped).
    assert_eq!(
        g.trace(&rule, &targets, "N1").unwrap(),
        [
            "0208", "0207", "0206", "0205", "0204", "0203", "0202", "0201"
        ]
    );
    // Within 4 hexes of the edge: no rail needed (the rail leg is skipped).
    assert_eq!(
        g.trace(&rule, &targets, "N4").unwrap(),
        ["0105", "0104", "0103", "0102", "0101"]
    );
    // On the rail, west of X.
    assert_eq!(
        g.trace(&rule, &targets, "S1").unwrap(),
        ["0403", "0402", "0401"]
    );
    // X sits on the rail at 0404: S2 walks 4 hexes around it (0405 0505 0504 0403) and rejoins
    // the rail west of it.
    assert_eq!(
        g.trace(&rule, &targets, "S2").unwrap(),
        ["0406", "0405", "0505", "0504", "0403", "0402", "0401"]
    );
    // S3 would need 5 to get around X; the rail east of X leads nowhere.
    assert_eq!(
        g.trace(&rule, &targets, "S3").unwrap_err(),
        strings(&[
            "0403: no rail across the hexside (from 0504)",
            "0404: enemy unit X",
            "0412: off the rail net (from 0411)",
            "0503: off the rail net (from 0504)",
            "0512: off the rail net (from 0411)",
        ])
    );
    assert_agree(&g.map, &rule, &targets, &g.free());
}

#[test]
fn b_four_hexes_from_the_rail_trace_five_are_cut() {
    let g = game_b(MAP_B, UNITS_B);
    let rule = rail_rule(4).bind(&g.map).unwrap();
    let targets = west_edge(&g.map);
    // N2, 4 hexes east of the railhead 0208: 4 hexes, then the rail.
    assert_eq!(
        g.trace(&rule, &targets, "N2").unwrap(),
        [
            "0212", "0211", "0210", "0209", "0208", "0207", "0206", "0205", "0204", "0203", "0202",
            "0201"
        ]
    );
    // N3, 5 hexes east: cut. Its 4 hexes end at 0209 and 0110; the railhead 0208 is the next
    // hex, but not across a rail hexside.
    assert_eq!(
        g.trace(&rule, &targets, "N3").unwrap_err(),
        strings(&[
            "0109: off the rail net (from 0110)",
            "0208: no rail across the hexside (from 0209)",
        ])
    );
    let free = g.free();
    let cut = search(&rule, g.unit_hex("N3"), &targets, &free).unwrap_err();
    assert_eq!(cut.reached, 9); // 0209-0213 and 0110-0113
    let tracer = Tracer::new(&rule, &targets, &free);
    assert_eq!(
        tracer.traced_all(&[g.unit_hex("N2"), g.unit_hex("N3")]),
        [true, false]
    );

    // With 5 hexes, N3 traces.
    let five = rail_rule(5).bind(&g.map).unwrap();
    assert_eq!(
        g.trace(&five, &targets, "N3").unwrap(),
        [
            "0213", "0212", "0211", "0210", "0209", "0208", "0207", "0206", "0205", "0204", "0203",
            "0202", "0201"
        ]
    );
    assert_agree(&g.map, &five, &targets, &g.free());
}

#[test]
fn b_an_enemy_unit_on_the_rail_cuts_it() {
    // Without X, S3 rides the rail from where it stands.
    let g = game_b(MAP_B, &without(UNITS_B, "X"));
    let rule = rail_rule(4).bind(&g.map).unwrap();
    let targets = west_edge(&g.map);
    assert_eq!(
        g.trace(&rule, &targets, "S3").unwrap(),
        ["0407", "0406", "0405", "0404", "0403", "0402", "0401"]
    );
    assert_agree(&g.map, &rule, &targets, &g.free());

    // With X, the same path is refused at X.
    let g = game_b(MAP_B, UNITS_B);
    let path = path_of(
        &g.map,
        &["0407", "0406", "0405", "0404", "0403", "0402", "0401"],
    );
    assert_eq!(
        check_path(
            &rail_rule(4).bind(&g.map).unwrap(),
            &path,
            &targets,
            &g.free()
        )
        .unwrap_err(),
        "h3 = 0404 is not free"
    );
}

#[test]
fn b_rail_lines_join_only_across_a_rail_hexside() {
    // Two rows of pointy hexes (row 02 shifted half a hex east: 02CC touches 01CC and
    // 01(CC+1)). Rail 0101-0104 from the west edge; a second line 0204-0210 whose west end
    // 0204 touches 0104 with no rail between them.
    let build = |junction: bool| {
        let mut b = MapBuilder::new(
            "two rail lines",
            hexmap::Layout::row_column(hexmap::Orientation::Pointy, 1..=2, 1..=10),
        )
        .hexside_feature("rail", ["0101", "0102", "0103", "0104"])
        .hexside_feature(
            "rail",
            ["0204", "0205", "0206", "0207", "0208", "0209", "0210"],
        );
        if junction {
            b = b.hexside_feature("rail", ["0204", "0104"]);
        }
        b.build().unwrap()
    };
    let unit = [("U", Side::Friend, "0210")];

    let g = Game::new(build(false), &unit, Zoc::Ignored);
    let rule = rail_rule(4).bind(&g.map).unwrap();
    let targets = west_edge(&g.map);
    assert_eq!(targets.len(), 2);
    // U rides its own line to 0204 and stops: 0104 is on the other line, but no rail crosses
    // 0204-0104; its 4 free hexes end at 0206 or 0107, far from 0104.
    assert_eq!(
        g.trace(&rule, &targets, "U").unwrap_err(),
        strings(&[
            "0104: no rail across the hexside (from 0204)",
            "0105: off the rail net (from 0205)",
            "0106: off the rail net (from 0107)",
            "0203: off the rail net (from 0204)",
        ])
    );
    assert_agree(&g.map, &rule, &targets, &g.free());

    // A rail hexside 0204-0104 joins them.
    let g = Game::new(build(true), &unit, Zoc::Ignored);
    let rule = rail_rule(4).bind(&g.map).unwrap();
    assert_eq!(
        g.trace(&rule, &targets, "U").unwrap(),
        [
            "0210", "0209", "0208", "0207", "0206", "0205", "0204", "0104", "0103", "0102", "0101"
        ]
    );
    assert_agree(&g.map, &rule, &targets, &g.free());
}

// ---------------------------------------------------------------------------------------------
// (c) Any length to a friendly map edge, never across all-sea or unbridged major-river
// hexsides; never into an enemy unit or enemy ZOC.

use maps::TO_MAP_EDGE as MAP_C;

fn edge_rule() -> TraceRule {
    TraceRule::new([Leg::unlimited().steps(StepRule::NotAcross {
        features: vec!["all-sea".into(), "major-river".into()],
        unless: vec!["bridge".into()],
    })])
}

const UNITS_C: &[(&str, Side, &str)] = &[
    ("S1", Side::Friend, "0101"),
    ("S2", Side::Friend, "0404"),
    ("S3", Side::Friend, "0206"),
    ("S4", Side::Friend, "0705"),
    ("G", Side::Enemy, "0301"),
];

/// Every hex of the eastmost column.
fn east_edge(map: &HexMap) -> Targets {
    // Labels are column-row: `first` is the column.
    Targets::new(
        map,
        map.hexes()
            .iter()
            .filter(|h| h.label.first == 8)
            .map(|h| h.hex),
    )
}

fn game_c(map_text: &str, units: &[(&str, Side, &str)]) -> Game {
    let map = HexMap::from_toml_str(map_text, Some("supply_to_map_edge.toml")).unwrap();
    Game::new(map, units, Zoc::Blocks)
}

/// A path's first hexes are these, its length this, and it ends on the edge.
fn assert_path_starts(path: &[String], first: &[&str], len: usize) {
    assert_eq!(&path[..first.len()], first, "{path:?}");
    assert_eq!(path.len(), len, "{path:?}");
    assert!(path.last().unwrap().starts_with("08"), "{path:?}");
}

#[test]
fn c_the_example_position() {
    let g = game_c(MAP_C, UNITS_C);
    let rule = edge_rule().bind(&g.map).unwrap();
    let targets = east_edge(&g.map);
    assert_eq!(targets.len(), 6);

    // S1 goes around G's ZOC (0201, 0302, 0401) and over the bridge; east of it, several
    // shortest lines reach the edge.
    let s1 = g.trace(&rule, &targets, "S1").unwrap();
    assert_path_starts(&s1, &["0101", "0102", "0202", "0303", "0402", "0502"], 9);
    // S2 is on the river bank: it goes up the bank to the bridge.
    let s2 = g.trace(&rule, &targets, "S2").unwrap();
    assert_path_starts(&s2, &["0404", "0403", "0402", "0502"], 7);
    // S3 is on the island: every way off it crosses an all-sea hexside.
    assert_eq!(
        g.trace(&rule, &targets, "S3").unwrap_err(),
        strings(&[
            "0104: across an all-sea hexside (from 0105)",
            "0204: across an all-sea hexside (from 0205)",
            "0304: across an all-sea hexside (from 0305)",
            "0404: across an all-sea hexside (from 0305)",
        ])
    );
    let free = g.free();
    assert_eq!(
        search(&rule, g.unit_hex("S3"), &targets, &free)
            .unwrap_err()
            .reached,
        6
    );
    // S4 is next to the edge.
    let s4 = g.trace(&rule, &targets, "S4").unwrap();
    assert_path_starts(&s4, &["0705"], 2);
    assert_agree(&g.map, &rule, &targets, &g.free());
}

#[test]
fn c_a_major_river_without_a_bridge_cuts() {
    // The same map, the rule without its `unless`: the bridge no longer helps.
    let g = game_c(MAP_C, UNITS_C);
    let no_bridges = TraceRule::new([Leg::unlimited().steps(StepRule::NotAcross {
        features: vec!["all-sea".into(), "major-river".into()],
        unless: vec![],
    })]);
    let rule = no_bridges.bind(&g.map).unwrap();
    let targets = east_edge(&g.map);
    // S2 reaches the whole west bank but G's ZOC (0201, 0302, 0401; G's own hex 0301 touches
    // nothing else); the river bounds it on the east and the sea on the south. The frontier is
    // in map order: row by row, west to east.
    assert_eq!(
        g.trace(&rule, &targets, "S2").unwrap_err(),
        strings(&[
            "0201: enemy ZOC of G",
            "0401: enemy ZOC of G",
            "0302: enemy ZOC of G",
            "0502: across a major-river hexside (from 0402)",
            "0503: across a major-river hexside (from 0403)",
            "0504: across a major-river hexside (from 0404)",
            "0105: across an all-sea hexside (from 0204)",
            "0205: across an all-sea hexside (from 0204)",
            "0305: across an all-sea hexside (from 0404)",
        ])
    );
    assert!(g.trace(&rule, &targets, "S1").is_err());
    assert_agree(&g.map, &rule, &targets, &g.free());

    // The bridged rule on the same map: S2 crosses at 0402-0502.
    let rule = edge_rule().bind(&g.map).unwrap();
    assert!(g.trace(&rule, &targets, "S2").is_ok());
    // A line over the river elsewhere is refused there.
    let path = path_of(&g.map, &["0404", "0504", "0604", "0704", "0804"]);
    assert_eq!(
        check_path(&rule, &path, &targets, &g.free()).unwrap_err(),
        "step 1 into h1 = 0504 is not allowed: across a major-river hexside"
    );
}

#[test]
fn c_the_bridge_is_where_the_map_marks_it() {
    // Move the bridge south to 0404-0504: S2 now crosses where it stands, and 0402-0502 is a
    // river hexside like the others.
    let moved = variant(
        MAP_C,
        r#"bridge = [["0402", "0502"]]"#,
        r#"bridge = [["0404", "0504"]]"#,
    );
    let g = game_c(&moved, UNITS_C);
    let rule = edge_rule().bind(&g.map).unwrap();
    let targets = east_edge(&g.map);
    let s2 = g.trace(&rule, &targets, "S2").unwrap();
    assert_path_starts(&s2, &["0404", "0504"], 5);
    let s1 = g.trace(&rule, &targets, "S1").unwrap();
    assert!(s1.windows(2).any(|w| w == ["0404", "0504"]), "{s1:?}");
    assert!(!s1.windows(2).any(|w| w == ["0402", "0502"]), "{s1:?}");
    assert_agree(&g.map, &rule, &targets, &g.free());
}

#[test]
fn c_enemy_zoc_on_the_bridge_cuts_the_west_bank() {
    // A German unit east of the bridge: its ZOC covers 0502, the bridge's east end.
    let mut units = UNITS_C.to_vec();
    units.push(("G2", Side::Enemy, "0602"));
    let g = game_c(MAP_C, &units);
    let rule = edge_rule().bind(&g.map).unwrap();
    let targets = east_edge(&g.map);
    // G2's ZOC (0502, 0503) is reported where it covers a hex, even one the river also closes
    // (0503): the free test is asked first.
    assert_eq!(
        g.trace(&rule, &targets, "S2").unwrap_err(),
        strings(&[
            "0201: enemy ZOC of G",
            "0401: enemy ZOC of G",
            "0302: enemy ZOC of G",
            "0502: enemy ZOC of G2",
            "0503: enemy ZOC of G2",
            "0504: across a major-river hexside (from 0404)",
            "0105: across an all-sea hexside (from 0204)",
            "0205: across an all-sea hexside (from 0204)",
            "0305: across an all-sea hexside (from 0404)",
        ])
    );
    assert!(g.trace(&rule, &targets, "S1").is_err());
    assert!(g.trace(&rule, &targets, "S4").is_ok());
    assert_agree(&g.map, &rule, &targets, &g.free());
}

#[test]
fn c_unless_waives_every_listed_feature() {
    // A bridge (a causeway) on one of the island's all-sea hexsides, 0305-0304.
    let causeway = variant(
        MAP_C,
        r#"bridge = [["0402", "0502"]]"#,
        r#"bridge = [["0402", "0502"], ["0305", "0304"]]"#,
    );
    let g = game_c(&causeway, UNITS_C);
    let targets = east_edge(&g.map);

    // One `NotAcross` with `unless: [bridge]` lets the causeway waive the sea too.
    let rule = edge_rule().bind(&g.map).unwrap();
    let s3 = g.trace(&rule, &targets, "S3").unwrap();
    assert!(s3.windows(2).any(|w| w == ["0305", "0304"]), "{s3:?}");
    assert_agree(&g.map, &rule, &targets, &g.free());

    // Two rules, the sea never waived: the island stays cut.
    let strict = TraceRule::new([Leg::unlimited().steps(StepRule::All(vec![
        StepRule::NotAcross {
            features: vec!["all-sea".into()],
            unless: vec![],
        },
        StepRule::NotAcross {
            features: vec!["major-river".into()],
            unless: vec!["bridge".into()],
        },
    ]))]);
    let rule = strict.bind(&g.map).unwrap();
    assert_eq!(
        g.trace(&rule, &targets, "S3").unwrap_err(),
        strings(&[
            "0104: across an all-sea hexside (from 0105)",
            "0204: across an all-sea hexside (from 0205)",
            "0304: across an all-sea hexside (from 0305)",
            "0404: across an all-sea hexside (from 0305)",
        ])
    );
    assert_agree(&g.map, &rule, &targets, &g.free());
}

// ---------------------------------------------------------------------------------------------
// Under a movement-point budget `search` keeps the cheapest arrival at each hex, so its path is
// valid but not always the one with the fewest hexes (as its documentation says).

#[test]
fn search_with_movement_points_returns_a_valid_cheaper_path() {
    let map = HexMap::from_toml_str(
        r#"
name = "fewest hexes"
[layout]
orientation = "pointy"
label = "row-column"
rows = [1, 4]
columns = [1, 3]
shifted = "even"
rows_grow = "south"
columns_grow = "east"
[terrain]
legend = { "." = "clear", m = "mountain" }
grid = '''
01 ...
02 .m.
03 .m.
04 ...
'''
"#,
        None,
    )
    .unwrap();
    let rule = TraceRule::new([Leg::movement_points(
        7,
        Costs::new(1).terrain("mountain", 3),
    )])
    .bind(&map)
    .unwrap();
    let targets = Targets::new(&map, [map.parse("0401").unwrap()]);
    let nothing = |_h: Hex| None::<()>;
    // Three hexes over the mountains, 3 + 3 + 1 = 7 MP: a valid path.
    let over = path_of(&map, &["0103", "0202", "0302", "0401"]);
    assert_eq!(check_path(&rule, &over, &targets, &nothing), Ok(()));
    // The search returns 0103 0102 0201 0301 0401 (five hexes, 4 MP): valid too.
    let path = search(&rule, map.parse("0103").unwrap(), &targets, &nothing).unwrap();
    assert_eq!(check_path(&rule, &path, &targets, &nothing), Ok(()));
    assert_eq!(
        labels(&map, &path.hexes),
        ["0103", "0102", "0201", "0301", "0401"]
    );
}

// ---------------------------------------------------------------------------------------------
// The tracing API as another game's programmer meets it (issue 28's nine points), each on the
// examples' own maps.

/// (1) One rules table serves a game's many maps: `mountain` costs and `unless = ["bridge"]`
/// bind leniently on a map that has neither (`bind_lenient`: they match nothing there); `bind`
/// refuses them, naming what is missing.
#[test]
fn api_1_one_rules_table_binds_on_a_map_without_mountains_or_bridges() {
    let rail_map = HexMap::from_toml_str(MAP_B, None).unwrap();
    assert!(!rail_map.terrain_names().iter().any(|t| t == "mountain"));
    let rule = TraceRule::new([Leg::movement_points(
        4,
        Costs::new(1)
            .terrain("mountain", 3)
            .hexside("river", 1, &["bridge"]),
    )
    .steps(StepRule::NotAcross {
        features: strings(&["major-river"]),
        unless: strings(&["bridge"]),
    })]);
    let bound = rule.bind_lenient(&rail_map).unwrap();
    // On this map the rule is plain 4 MP at 1 a hex: 0101 reaches 0105, not 0106.
    let targets = Targets::new(&rail_map, [rail_map.parse("0105").unwrap()]);
    let nothing = |_h: Hex| None::<()>;
    let path = search(&bound, rail_map.parse("0101").unwrap(), &targets, &nothing).unwrap();
    assert_eq!(path.spent, [4]);
    let far = Targets::new(&rail_map, [rail_map.parse("0106").unwrap()]);
    assert!(search(&bound, rail_map.parse("0101").unwrap(), &far, &nothing).is_err());
    // The same table, strictly: the first missing name is the error.
    let e = rule.bind(&rail_map).unwrap_err();
    assert!(e.to_string().contains("`mountain`"), "{e}");
    // And on the map that has them all, both bind.
    let mp_map = HexMap::from_toml_str(MAP_A, None).unwrap();
    assert!(mp_rule(4).bind(&mp_map).is_ok());
    // A map may declare a feature it puts on no hexside: `bridge = []`.
    let declared = HexMap::from_toml_str(
        &variant(
            MAP_B,
            "[hexsides.features]\n",
            "[hexsides.features]\nbridge = []\n",
        ),
        None,
    )
    .unwrap();
    assert!(
        declared
            .hexside_feature_names()
            .iter()
            .any(|n| n == "bridge")
    );
    let bridged = TraceRule::new([Leg::hexes(4).steps(StepRule::NotAcross {
        features: strings(&["rail"]),
        unless: strings(&["bridge"]),
    })]);
    assert!(bridged.bind(&declared).is_ok());
    assert!(bridged.bind(&rail_map).is_err());
}

/// (2) Movement points: the path of least cost, and what each leg spent.
#[test]
fn api_2_movement_points_give_the_cheapest_path_and_its_cost() {
    let g = game_a(MAP_A, UNITS_A);
    let rule = mp_rule(12).bind(&g.map).unwrap();
    let targets = Targets::new(&g.map, g.map.hexes_with(g.map.hex_feature("city").unwrap()));
    let nothing = |_h: Hex| None::<()>;
    for info in g.map.hexes() {
        let Ok(path) = search(&rule, info.hex, &targets, &nothing) else {
            continue;
        };
        let hexes = labels(&g.map, &path.hexes);
        let cost = movement_points(&g.map, &hexes);
        assert_eq!(path.spent, [cost], "from {}", hexes[0]);
        assert_eq!(
            cost,
            cheapest(&g.map, info.hex, "0104"),
            "from {}",
            hexes[0]
        );
    }
    // The small map where breadth-first order found a dearer path: 0103 over the mountains
    // costs 7, round them 4.
    let map = HexMap::from_toml_str(
        "name = \"m\"\n[layout]\norientation = \"pointy\"\nlabel = \"row-column\"\nrows = [1, 4]\ncolumns = [1, 3]\nshifted = \"even\"\nrows_grow = \"south\"\ncolumns_grow = \"east\"\n[terrain]\nlegend = { \".\" = \"clear\", m = \"mountain\" }\ngrid = '''\n01 ...\n02 .m.\n03 .m.\n04 ...\n'''\n",
        None,
    )
    .unwrap();
    let rule = TraceRule::new([Leg::movement_points(
        7,
        Costs::new(1).terrain("mountain", 3),
    )])
    .bind(&map)
    .unwrap();
    let path = search(
        &rule,
        map.parse("0103").unwrap(),
        &Targets::new(&map, [map.parse("0401").unwrap()]),
        &nothing,
    )
    .unwrap();
    assert_eq!(path.spent, [4]);
}

/// The least movement points from `from` to the label `to` on map (a), by a plain Dijkstra
/// over the same costs as `mp_rule` (nothing blocks).
fn cheapest(map: &HexMap, from: Hex, to: &str) -> u32 {
    let mut best = std::collections::BTreeMap::new();
    let mut heap = std::collections::BinaryHeap::new();
    heap.push(std::cmp::Reverse((0u32, map.label_text(from))));
    while let Some(std::cmp::Reverse((d, l))) = heap.pop() {
        if best.contains_key(&l) {
            continue;
        }
        best.insert(l.clone(), d);
        let h = map.parse(&l).unwrap();
        for (n, side) in map.neighbors(h) {
            if side.impassable {
                continue;
            }
            let nl = map.label_text(n);
            let step = movement_points(map, &[l.clone(), nl.clone()]);
            heap.push(std::cmp::Reverse((d + step, nl)));
        }
    }
    best[to]
}

/// (3) A cut says how far the budget went, every leg's refusal, and the hexes it reached.
#[test]
fn api_3_a_cut_gives_the_budget_spent_every_refusal_and_the_hexes() {
    let g = game_b(MAP_B, UNITS_B);
    let rule = rail_rule(4).bind(&g.map).unwrap();
    let targets = west_edge(&g.map);
    let free = g.free();
    // N3, 5 hexes east of the railhead 0208: its four hexes end at 0209 and 0110.
    let cut = search(&rule, g.unit_hex("N3"), &targets, &free).unwrap_err();
    assert_eq!(cut.reached_hexes.len(), cut.reached);
    assert_eq!(
        labels(&g.map, &cut.reached_hexes),
        [
            "0110", "0111", "0112", "0113", "0209", "0210", "0211", "0212", "0213"
        ]
    );
    // The strongest reason at the railhead is "no rail across the hexside"; its refusals also
    // say that the 4-hex leg had run out there: 4 hexes, the step would be the fifth.
    let railhead = cut
        .frontier
        .iter()
        .find(|b| g.map.label_text(b.hex) == "0208")
        .unwrap();
    assert!(matches!(
        railhead.obstacle,
        Obstacle::Refused {
            why: hexmap::Refusal::NotAlong { .. },
            ..
        }
    ));
    let refusals: Vec<(String, String)> = railhead
        .refusals
        .iter()
        .map(|(from, r)| (g.map.label_text(*from), r.to_string()))
        .collect();
    assert_eq!(
        refusals,
        [
            ("0209".to_string(), "leg 1 needs 5 > 4 hexes".to_string()),
            ("0209".to_string(), "no rail across the hexside".to_string()),
        ]
    );
    assert!(matches!(
        railhead.refusals[0].1,
        hexmap::Refusal::OutOfBudget {
            leg: 1,
            budget: 4,
            needed: 5,
            points: false
        }
    ));
}

/// (4) A hexside's own feature, by name, outside custom predicates.
#[test]
fn api_4_a_hexsides_own_feature_by_name() {
    let map = HexMap::from_toml_str(MAP_A, None).unwrap();
    let hex = |l: &str| map.parse(l).unwrap();
    let feature = |name: &str| map.hexside_feature(name).unwrap();
    let river = map.hexside(hex("0303"), hex("0403")).unwrap();
    assert!(river.carries(feature("river")) && !river.carries(feature("road")));
    let bridged = map.hexside(hex("0304"), hex("0404")).unwrap();
    assert!(bridged.carries(feature("river")) && bridged.carries(feature("road")));
    let bit = feature("river").mask();
    assert_ne!(river.mask() & bit, 0, "the same layout as Hexside::mask");
    // Not on this map: refused, with the names it has, never a silent `false`.
    let e = map.hexside_feature("bridge").unwrap_err();
    assert!(e.known.contains("river"), "{e}");
}

/// (5) A custom step predicate may read the caller's data (a position, a ZOC layer).
#[test]
fn api_5_a_step_predicate_borrows_the_position() {
    let g = game_a(MAP_A, UNITS_A);
    let zoc = &g.enemy_zoc;
    let map = &g.map;
    // "Not from one enemy-controlled hex into another", reading the ZOC layer borrowed.
    let rule = TraceRule::new([Leg::movement_points(
        4,
        Costs::new(1).terrain("forest", 2).terrain("mountain", 3),
    )
    .steps(StepRule::custom_named("zoc to zoc"))]);
    let bound = rule
        .bind(map)
        .unwrap()
        .with_predicate("zoc to zoc", move |s| {
            !(zoc.controls(s.map(), s.from()) && zoc.controls(s.map(), s.to()))
        });
    let targets = Targets::new(map, map.hexes_with(map.hex_feature("city").unwrap()));
    let nothing = |_h: Hex| None::<()>;
    let plain = TraceRule::new([Leg::movement_points(
        4,
        Costs::new(1).terrain("forest", 2).terrain("mountain", 3),
    )])
    .bind(map)
    .unwrap();
    let zoc_to_zoc = |p: &Path| {
        p.hexes
            .windows(2)
            .any(|w| zoc.controls(map, w[0]) && zoc.controls(map, w[1]))
    };
    let (mut traced, mut detoured) = (0, 0);
    for info in map.hexes() {
        let without = search(&plain, info.hex, &targets, &nothing);
        if let Ok(p) = search(&bound, info.hex, &targets, &nothing) {
            traced += usize::from(p.hexes.len() > 1);
            assert!(!zoc_to_zoc(&p), "{}", map.label_text(info.hex));
        }
        if without.as_ref().is_ok_and(zoc_to_zoc) {
            detoured += 1;
        }
    }
    // The predicate is in force (some paths take steps, so it allows them) and it matters (some
    // plain paths step from enemy control into enemy control).
    assert!(
        traced > 0 && detoured > 0,
        "{traced} traced, {detoured} detoured"
    );
}

/// (6) The free test under a ZOC rule applies all of it: hexsides that stop a ZOC too.
#[test]
fn api_6_blocking_under_a_zoc_rule_applies_its_hexsides() {
    let map = HexMap::from_toml_str(MAP_A, None).unwrap();
    let hex = |l: &str| map.parse(l).unwrap();
    // An enemy just south of the river at 0404: under "ZOC does not cross rivers", 0303 and
    // 0304 north of it are free.
    let position = Position::new(
        &map,
        vec![
            Unit::new("F", Side::Friend, hex("0101")),
            Unit::new("X", Side::Enemy, hex("0403")),
        ],
    )
    .unwrap();
    let rule = hexmap::ZocRule::new().not_across(["river"]);
    let table = position.blocking_under(&map, Side::Friend, &rule).unwrap();
    let by_hand = position.blocking(
        &map,
        Side::Friend,
        &position.zoc_with(&map, Side::Enemy, &rule).unwrap(),
        &rule,
    );
    for info in map.hexes() {
        let n = map.node(info.hex).unwrap();
        assert_eq!(
            table.reason(n),
            by_hand.reason(n),
            "{}",
            map.label_text(info.hex)
        );
    }
    let n = |l: &str| map.node(hex(l)).unwrap();
    assert_eq!(table.reason(n("0303")), None, "across the river");
    assert!(
        table.reason(n("0402")).is_some(),
        "beside X, this side of the river"
    );
}

/// (7) A map edge, whatever the label order.
#[test]
fn api_7_the_map_edge_whatever_the_label_order() {
    let rail_map = HexMap::from_toml_str(MAP_B, None).unwrap();
    // Row 03 is sea, off the map: the west edge is the first hex of each other row, what
    // `west_edge` finds by the label's column.
    let west: Vec<String> = labels(&rail_map, &rail_map.edge(hexmap::Compass::West));
    assert_eq!(west, ["0101", "0201", "0401", "0501"]);
    let by_hand = west_edge(&rail_map);
    assert_eq!(by_hand.len(), west.len());
    // Map (c) numbers column first: its east edge is column 08, labels `08RR`.
    let edge_map = HexMap::from_toml_str(MAP_C, None).unwrap();
    let east = edge_map.edge(hexmap::Compass::East);
    let by_hand = east_edge(&edge_map);
    assert_eq!(east.len(), by_hand.len());
    assert!(east.iter().all(|h| by_hand.contains(&edge_map, *h)));
    // Columns numbered from the east: the west edge is the last column.
    let flipped = HexMap::from_toml_str(
        &variant(MAP_B, "columns_grow = \"east\"", "columns_grow = \"west\""),
        None,
    )
    .unwrap();
    let west: Vec<String> = labels(&flipped, &flipped.edge(hexmap::Compass::West));
    assert!(west.iter().all(|l| l.ends_with("13")), "{west:?}");
}

/// (8) `blocks_zoc`, the map format's key, is also a rule's name for it.
#[test]
fn api_8_blocks_zoc_is_one_name() {
    let map = HexMap::from_toml_str(
        &variant(
            MAP_A,
            "[hexsides]\n",
            "[hexsides]\nblocks_zoc = [[\"0101\", \"0102\"]]\n",
        ),
        None,
    )
    .unwrap();
    let side = map
        .hexside(map.parse("0101").unwrap(), map.parse("0102").unwrap())
        .unwrap();
    assert!(side.blocks_zoc);
    assert_eq!(
        map.hexside_feature("blocks_zoc"),
        map.hexside_feature("blocks-zoc")
    );
    let rule = TraceRule::new([Leg::unlimited().steps(StepRule::NotAcross {
        features: strings(&["blocks_zoc"]),
        unless: vec![],
    })]);
    assert!(rule.bind(&map).is_ok());
}

/// (9) The road/trail net's components: hexes off the net are none, impassable hexsides cut.
#[test]
fn api_9_road_components_count_the_net_only() {
    use hexmap::petgraph::algo::connected_components;
    let map = HexMap::from_toml_str(MAP_A, None).unwrap();
    let hex = |l: &str| map.parse(l).unwrap();
    let net = map.road_components();
    assert_eq!(net.count(), 1);
    assert!(net.joined(&map, hex("0104"), hex("0605")));
    assert_eq!(net.of(&map, hex("0101")), None);
    let off = map.hexes().iter().filter(|h| !h.on_road_net).count();
    assert_eq!(connected_components(&map.road_net()), net.count() + off);
    // An impassable hexside across the road splits it, for the layer and the components.
    let cut_road = HexMap::from_toml_str(
        &variant(
            MAP_A,
            "[hexsides]\n",
            "[hexsides]\nimpassable = [[\"0304\", \"0404\"]]\n",
        ),
        None,
    )
    .unwrap();
    let net = cut_road.road_components();
    assert_eq!(net.count(), 2);
    assert!(!net.joined(&cut_road, hex("0104"), hex("0605")));
    let off = cut_road.hexes().iter().filter(|h| !h.on_road_net).count();
    assert_eq!(
        connected_components(&cut_road.road_net()),
        net.count() + off
    );
}

// ---------------------------------------------------------------------------------------------
// A first day with the crate, as another hex wargame's programmer: a 20x20 map built in code,
// a river along hexsides, two sides' units.

/// A 20x20 pointy map, labels row-column, rows growing north, even rows shifted east.
fn twenty() -> hexmap::Layout {
    hexmap::Layout::row_column(hexmap::Orientation::Pointy, 1..=20, 1..=20)
}

/// Every pair of adjacent hexes with one in column `a` and the other in column `b`, worked out
/// from the hexes alone (what the river's 39 pairs listed by hand were).
fn between_columns(map: &HexMap, a: u16, b: u16) -> Vec<(Hex, Hex)> {
    let column = |n: u16| -> Vec<Hex> {
        let on = map.hexes().iter().filter(|h| h.label.second == n);
        on.map(|h| h.hex).collect()
    };
    let (left, right) = (column(a), column(b));
    let mut pairs = Vec::new();
    for &l in &left {
        for &r in right.iter().filter(|r| l.is_adjacent(**r)) {
            pairs.push((l, r));
        }
    }
    pairs
}

/// Every hexside of the map with the feature `bit`, each once, as label pairs (each pair in
/// label order, the pairs sorted).
fn sides_with(map: &HexMap, bit: u32) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for h in map.hexes() {
        for n in h.hex.neighbors() {
            let side = map.hexside(h.hex, n);
            if side.is_some_and(|s| s.features & bit != 0) {
                let (a, b) = (map.label_text(h.hex), map.label_text(n));
                if a < b {
                    out.push((a, b));
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn hexsides_1_a_river_between_two_columns_in_one_call_and_in_the_map_format() {
    let in_code = MapBuilder::new("twenty", twenty())
        .hexsides("river", ["0110-2010 | 0111-2011"])
        .build()
        .unwrap();
    let mut by_hand: Vec<(String, String)> = between_columns(&in_code, 10, 11)
        .into_iter()
        .map(|(a, b)| {
            let (a, b) = (in_code.label_text(a), in_code.label_text(b));
            if a < b { (a, b) } else { (b, a) }
        })
        .collect();
    by_hand.sort();
    assert_eq!(by_hand.len(), 39, "20 east sides and 19 diagonal ones");
    assert_eq!(sides_with(&in_code, 1), by_hand);

    let text = r#"
name = "twenty"
[layout]
orientation = "pointy"
label = "row-column"
rows = [1, 20]
columns = [1, 20]
shifted = "even"
rows_grow = "north"
columns_grow = "east"
[hexsides.sides]
river = ["0110-2010 | 0111-2011"]
"#;
    let from_file = HexMap::from_toml_str(text, Some("twenty.toml")).unwrap();
    assert_eq!(from_file.hexside_feature_names(), ["river"]);
    assert_eq!(sides_with(&from_file, 1), by_hand);

    // The river stops a zone of control that the rule says may not cross it.
    let position = Position::new(
        &in_code,
        vec![
            Unit::at_label("E", Side::Enemy, &in_code, "0510").unwrap(),
            Unit::at_label("F", Side::Friend, &in_code, "0509").unwrap(),
        ],
    )
    .unwrap();
    let rule = hexmap::ZocRule::new().not_across(["river"]);
    let zoc = position.zoc_with(&in_code, Side::Enemy, &rule).unwrap();
    let hex = |l: &str| in_code.parse(l).unwrap();
    assert!(zoc.controls(&in_code, hex("0509")));
    assert!(!zoc.controls(&in_code, hex("0511")));
}

#[test]
fn hexsides_1_a_hex_and_a_direction_and_a_line_as_the_map_is_printed() {
    // Rows grow north, so row 11 is above row 10; row 10 (even) sits half a hex east, so the
    // hex north-east of 1012 is 1113 and the one north-west is 1112.
    let map = MapBuilder::new("twenty", twenty())
        .hexsides("river", ["1012/NE", "1012/nw"])
        .hexsides("wall", ["0301-0304/NE"])
        .hexsides("blocks-zoc", ["1501/E"])
        .build()
        .unwrap();
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(map.hexside_feature_names(), ["river", "wall"]);
    assert_eq!(
        sides_with(&map, 1),
        [pair("1012", "1112"), pair("1012", "1113")]
    );
    // Row 03 (odd) is not shifted: its north-east neighbours are in row 04, same column.
    assert_eq!(
        sides_with(&map, 2),
        [
            pair("0301", "0401"),
            pair("0302", "0402"),
            pair("0303", "0403"),
            pair("0304", "0404")
        ]
    );
    let h = |l: &str| map.parse(l).unwrap();
    assert!(!map.hexside(h("1501"), h("1502")).unwrap().passes_zoc());
    // The same names, with the map mirrored (rows growing south): north-east is row 09.
    let south = twenty().with_growth(hexmap::Compass::South, hexmap::Compass::East);
    let mirrored = MapBuilder::new("south", south)
        .hexsides("river", ["1012/NE"])
        .build()
        .unwrap();
    assert_eq!(sides_with(&mirrored, 1), [pair("0913", "1012")]);
}

#[test]
fn hexsides_1_a_wrong_name_says_what_and_where() {
    let err = MapBuilder::new("twenty", twenty())
        .hexsides(
            "river",
            ["0101/S", "2001/NE", "0101-0505 | 0102", "0101 | 0505"],
        )
        .build()
        .unwrap_err();
    let lines: Vec<String> = err.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "`S` is not a side of this map's hexes (pointy hexes have sides NE E SE SW W NW) \
             (at `hexside 0101/S (river)`, label `0101/S`)",
            "hexside 2001/NE has no hex of the map beyond it (at `hexside 2001/NE (river)`, label `2001/NE`)",
            "hexes 0101 and 0505 are not on one printed row or column \
             (at `hexside 0101-0505 | 0102 (river)`, label `0101-0505 | 0102`)",
            "no hexside lies between `0101` and `0505` (at `hexside 0101 | 0505 (river)`, label `0101 | 0505`)",
        ]
    );
    // In a file, the problem is located at the name.
    let text = "name = \"x\"\n[layout]\norientation = \"flat\"\nlabel = \"row-column\"\n\
                rows = [1, 3]\ncolumns = [1, 3]\nshifted = \"even\"\nrows_grow = \"north\"\n\
                columns_grow = \"east\"\n[hexsides.sides]\nriver = [\"0101/N\", \"0202/E\"]\n";
    let err = HexMap::from_toml_str(text, Some("x.toml")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "x.toml:11:20: `E` is not a side of this map's hexes (flat hexes have sides N NE SE S SW NW) \
         (at `hexsides.sides.river[1]`, label `0202/E`)"
    );
}

#[test]
fn position_2_errors_are_one_error_type_for_question_mark() {
    fn place(map: &HexMap) -> Result<Position<Side>, Box<dyn std::error::Error>> {
        let units = vec![
            Unit::new("US-1", Side::Friend, map.parse("0101")?),
            Unit::new("US-1", Side::Friend, Hex::new(100, 100)),
        ];
        Ok(Position::new(map, units)?)
    }
    let map = MapBuilder::new("twenty", twenty()).build().unwrap();
    let err = place(&map).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unit id `US-1` is used twice (at `units[1].id`, first at `units[0]`)\n\
         unit `US-1` is on hex (100,100), which is not on the map (at `units[1].hex`)"
    );
    let typed = Position::new(&map, vec![Unit::new("X", Side::Enemy, Hex::new(100, 100))]);
    let typed = typed.unwrap_err();
    assert!(matches!(
        typed.problems(),
        [hexmap::PositionError::OffMap { .. }]
    ));
}

#[test]
fn units_3_indices_name_their_units_and_a_cut_says_who_blocks_it() {
    // "Four hexes of any terrain, then along roads, blocked by enemy ZOC": F at 1001, two
    // enemy units stacked on 1004, the supply hex at the road's end, 1009.
    let line = hexmap::Layout::row_column(hexmap::Orientation::Pointy, 10..=10, 1..=9);
    let map = MapBuilder::new("line", line)
        .road(["1006", "1007", "1008", "1009"])
        .build()
        .unwrap();
    let position = Position::new(
        &map,
        vec![
            Unit::at_label("F", Side::Friend, &map, "1001").unwrap(),
            Unit::at_label("E-1", Side::Enemy, &map, "1004").unwrap(),
            Unit::at_label("E-2", Side::Enemy, &map, "1004").unwrap(),
        ],
    )
    .unwrap();
    let zoc = position.zoc(&map, Side::Enemy);
    let hex = |l: &str| map.parse(l).unwrap();
    assert_eq!(
        position.ids(zoc.controllers(&map, hex("1003"))),
        ["E-1", "E-2"]
    );
    let first = zoc.controllers(&map, hex("1003"))[0];
    let unit = position.unit(usize::try_from(first).unwrap()).unwrap();
    assert_eq!((unit.id.as_str(), unit.side), ("E-1", Side::Enemy));

    let free = position.blocking(&map, Side::Friend, &zoc, &hexmap::ZocRule::new());
    let rule = hexmap::RoadChain::new(4).rule().bind(&map).unwrap();
    let targets = Targets::new(&map, [hex("1009")]);
    let cut = search(&rule, hex("1001"), &targets, &free).unwrap_err();
    assert_eq!(
        cut.display(&map, |b| b.display(&position)).to_string(),
        "no path: 2 hexes reached, and every way on is blocked (in the zone of control of \
         enemy units E-1 and E-2):\n  1003: in the zone of control of enemy units E-1 and E-2"
    );
    let blocked = &cut.frontier[0];
    assert_eq!(
        blocked
            .obstacle
            .display(&map, |b| b.display(&position))
            .to_string(),
        "in the zone of control of enemy units E-1 and E-2"
    );
    let on_it = hexmap::Blocking::EnemyUnit(vec![1, 2]);
    assert_eq!(
        on_it.display(&position).to_string(),
        "enemy units E-1 and E-2 are on it"
    );
}

#[test]
fn units_4_a_unit_is_placed_by_its_label() {
    fn setup(map: &HexMap) -> Result<Vec<Unit<Side>>, Box<dyn std::error::Error>> {
        Ok(vec![
            Unit::at_label("US-1", Side::Friend, map, "0512")?,
            Unit::at_label("JP-1", Side::Enemy, map, "0712")?.without_zoc(),
        ])
    }
    let map = MapBuilder::new("twenty", twenty()).build().unwrap();
    let units = setup(&map).unwrap();
    assert_eq!(units[0].hex, map.parse("0512").unwrap());
    assert!(units[0].exerts_zoc && !units[1].exerts_zoc);
    let off = Unit::at_label("US-2", Side::Friend, &map, "2112").unwrap_err();
    assert!(
        off.to_string().starts_with("hex 2112 is outside the map"),
        "{off}"
    );
    assert!(Unit::at_label("US-3", Side::Friend, &map, "5x12").is_err());
}

#[test]
fn edge_5_the_examples_map_edges_are_the_columns_they_name() {
    // `examples/supply_rail_then_hexes.rs` takes the west edge, `supply_to_map_edge.rs` the
    // east edge, with `HexMap::edge`: the same hexes as their columns 01 and 08.
    let b = HexMap::from_toml_str(MAP_B, None).unwrap();
    let west: Vec<Hex> = b
        .hexes()
        .iter()
        .filter(|h| h.label.second == 1)
        .map(|h| h.hex)
        .collect();
    assert_eq!(b.edge(hexmap::Compass::West), west);
    let c = HexMap::from_toml_str(MAP_C, None).unwrap();
    let east: Vec<Hex> = c
        .hexes()
        .iter()
        .filter(|h| h.label.first == 8)
        .map(|h| h.hex)
        .collect();
    assert_eq!(c.edge(hexmap::Compass::East), east);
    // On the 20x20 map, the west edge is column 01 whatever way rows grow.
    let map = MapBuilder::new("twenty", twenty()).build().unwrap();
    let labels: Vec<String> = map
        .edge(hexmap::Compass::West)
        .iter()
        .map(|h| map.label_text(*h))
        .collect();
    assert_eq!(labels.len(), 20);
    assert!(labels.iter().all(|l| l.ends_with("01")), "{labels:?}");
}
