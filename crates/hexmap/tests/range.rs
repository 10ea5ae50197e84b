//! Movement range ([`movement_range`]): by hand on small maps built in code (costs by terrain
//! and hexside, an impassable hexside, an enemy unit, each zone-of-control reading on and off,
//! the friendly exception, ties), then a property test against a naive reference
//! (Bellman-Ford over hexes) on random small maps. Runs without features.
#![allow(clippy::too_many_lines)] // a test reads best as one story
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::{BTreeMap, BTreeSet};

use hexmap::{
    BoundRule, Costs, Hex, HexMap, HexsideKind, Layout, Leg, MapBuilder, MoveRange, Obstacle,
    Orientation, Position, RangeError, RangeZoc, Refusal, StepRule, Targets, TraceRule, Unit,
    ZocLayer, ZocMovement, ZocToZoc, movement_range, search,
};
use proptest::prelude::*;

fn row(cols: u16) -> MapBuilder {
    MapBuilder::new(
        "row",
        Layout::row_column(Orientation::Pointy, 1..=1, 1..=cols),
    )
}

fn hex(map: &HexMap, label: &str) -> Hex {
    map.parse(label).unwrap()
}

fn labels(map: &HexMap, hexes: impl IntoIterator<Item = Hex>) -> Vec<String> {
    hexes.into_iter().map(|h| map.label_text(h)).collect()
}

fn no_block(_: Hex) -> Option<&'static str> {
    None
}

fn points(map: &HexMap, budget: u32, costs: Costs) -> BoundRule<'_> {
    TraceRule::new([Leg::movement_points(budget, costs)])
        .bind(map)
        .unwrap()
}

/// The hexes reached, as labels, and their costs.
fn costs<R>(map: &HexMap, range: &MoveRange<R>) -> Vec<(String, u32)> {
    (range.hexes.iter())
        .map(|r| (map.label_text(r.hex), r.cost))
        .collect()
}

fn frontier_why<R>(map: &HexMap, range: &MoveRange<R>, label: &str) -> Option<Refusal> {
    let h = hex(map, label);
    let b = range.frontier.iter().find(|b| b.hex == h)?;
    match &b.obstacle {
        Obstacle::Refused { why, .. } => Some(why.clone()),
        _ => None,
    }
}

#[test]
fn costs_by_terrain_and_hexside() {
    // 0101 clear, 0102 forest (2), a river between 0102 and 0103 (+2), 0103 clear,
    // a bridged river between 0103 and 0104 (waived), 0105 swamp (3).
    let map = row(5)
        .terrain("0102", "forest")
        .terrain("0105", "swamp")
        .hexside_feature("river", ["0102", "0103", "0104"])
        .road(["0103", "0104"])
        .build()
        .unwrap();
    let costs_of = Costs::new(1)
        .terrain("forest", 2)
        .terrain("swamp", 3)
        .hexside("river", 2, &["road"]);
    let rule = points(&map, 9, costs_of.clone());
    let range = movement_range(&rule, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap();
    assert_eq!(
        costs(&map, &range),
        [
            ("0101".to_string(), 0),
            ("0102".into(), 2),
            ("0103".into(), 5),
            ("0104".into(), 6),
            ("0105".into(), 9)
        ]
    );
    // One point less: 0105 is out of budget, with the numbers.
    let rule = points(&map, 8, costs_of);
    let range = movement_range(&rule, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap();
    assert!(!range.contains(hex(&map, "0105")));
    let why = frontier_why(&map, &range, "0105").unwrap();
    assert_eq!(why.to_string(), "leg 1 needs 9 > 8 movement points");
    // A leg counting hexes pays one per hex, whatever the terrain.
    let rule = TraceRule::new([Leg::hexes(3)]).bind(&map).unwrap();
    let range = movement_range(&rule, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap();
    assert_eq!(range.cost(hex(&map, "0104")), Some(3));
    assert!(!range.contains(hex(&map, "0105")));
}

#[test]
fn an_impassable_hexside_is_walked_around() {
    // Two rows; the hexside between 0101 and 0102 is impassable.
    let map = MapBuilder::new(
        "two rows",
        Layout::row_column(Orientation::Pointy, 1..=2, 1..=3),
    )
    .impassable("0101", "0102")
    .build()
    .unwrap();
    let rule = points(&map, 5, Costs::new(1));
    let start = hex(&map, "0101");
    let range = movement_range(&rule, start, &no_block, &RangeZoc::none()).unwrap();
    let direct = hex(&map, "0102");
    let around = range.path(direct).unwrap();
    assert!(around.hexes.len() > 2, "{:?}", labels(&map, around.hexes));
    assert_eq!(range.cost(direct), Some(2));
    // With one point, 0102 is not reached: the impassable side is no step.
    let rule = points(&map, 1, Costs::new(1));
    let range = movement_range(&rule, start, &no_block, &RangeZoc::none()).unwrap();
    assert!(!range.contains(direct));
    // Without the impassable side, one point reaches it.
    let open = MapBuilder::new(
        "two rows",
        Layout::row_column(Orientation::Pointy, 1..=2, 1..=3),
    )
    .build()
    .unwrap();
    let rule = points(&open, 1, Costs::new(1));
    let range = movement_range(&rule, start, &no_block, &RangeZoc::none()).unwrap();
    assert!(range.contains(direct));
}

#[test]
fn an_enemy_unit_blocks_with_its_reason() {
    let map = row(4).build().unwrap();
    let enemy = hex(&map, "0103");
    let free = |h: Hex| (h == enemy).then_some("enemy unit E");
    let rule = points(&map, 9, Costs::new(1));
    let range = movement_range(&rule, hex(&map, "0101"), &free, &RangeZoc::none()).unwrap();
    assert_eq!(
        labels(&map, range.hexes.iter().map(|r| r.hex)),
        ["0101", "0102"]
    );
    assert_eq!(range.frontier.len(), 1);
    assert_eq!(range.frontier[0].hex, enemy);
    assert_eq!(
        range.frontier[0].obstacle,
        Obstacle::NotFree("enemy unit E")
    );
    // Without it the whole row is in range.
    let range = movement_range(&rule, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap();
    assert_eq!(range.len(), 4);
}

/// A row of seven hexes with an enemy unit on 0107 (controlling 0106), and one on 0104
/// (controlling 0103 and 0105), as the enemy zone of control.
struct Zocs {
    map: HexMap,
    position: Position<&'static str>,
}

impl Zocs {
    fn new() -> Zocs {
        let map = row(7).build().unwrap();
        let position = Position::new(
            &map,
            vec![
                Unit::new("E1", "enemy", hex(&map, "0107")),
                Unit::new("E2", "enemy", hex(&map, "0104")),
                Unit::new("F", "friend", hex(&map, "0105")),
            ],
        )
        .unwrap();
        Zocs { map, position }
    }

    fn enemy(&self) -> ZocLayer {
        self.position.zoc(&self.map, "enemy")
    }
}

#[test]
fn sticky_zoc_on_and_off() {
    // One enemy unit on 0105: 0104 and 0106 are in its zone of control.
    let map = row(7).build().unwrap();
    let position = Position::new(&map, vec![Unit::new("E", "enemy", hex(&map, "0105"))]).unwrap();
    let enemy = position.zoc(&map, "enemy");
    let rule = points(&map, 9, Costs::new(1));
    let start = hex(&map, "0101");
    let sticky = RangeZoc::new(&enemy, ZocMovement::new());
    // The enemy hex is free here (only the ZOC is read): the unit stops at 0104.
    let range = movement_range(&rule, start, &no_block, &sticky).unwrap();
    assert_eq!(
        labels(&map, range.hexes.iter().map(|r| r.hex)),
        ["0101", "0102", "0103", "0104"]
    );
    assert_eq!(frontier_why(&map, &range, "0105"), Some(Refusal::ZocStops));
    assert_eq!(
        Refusal::ZocStops.to_string(),
        "the unit stops in the enemy zone of control before it"
    );
    let off = RangeZoc::new(&enemy, ZocMovement::new().with_stops(false));
    let range = movement_range(&rule, start, &no_block, &off).unwrap();
    assert_eq!(range.len(), 7);
    // A unit that starts in the zone of control may leave it under the sticky reading.
    let range = movement_range(&rule, hex(&map, "0104"), &no_block, &sticky).unwrap();
    assert!(range.contains(hex(&map, "0101")) && range.contains(hex(&map, "0105")));
    assert!(
        !range.contains(hex(&map, "0107")),
        "0106 is entered: it stops there"
    );
}

#[test]
fn entering_and_leaving_costs_on_and_off() {
    let z = Zocs::new();
    let map = &z.map;
    let enemy = z.enemy();
    let rule = points(map, 20, Costs::new(1));
    let plain = ZocMovement::new().with_stops(false);
    let cost = |movement: ZocMovement, from: &str, to: &str| {
        let zoc = RangeZoc::new(&enemy, movement);
        movement_range(&rule, hex(map, from), &no_block, &zoc)
            .unwrap()
            .cost(hex(map, to))
    };
    // 0103 in ZOC: entering costs 2 more.
    assert_eq!(cost(plain, "0101", "0103"), Some(2));
    assert_eq!(cost(plain.with_enter_cost(2), "0101", "0103"), Some(4));
    assert_eq!(cost(plain.with_enter_cost(2), "0101", "0102"), Some(1));
    // Leaving 0103 costs 3 more: 0102 from 0103 is 4; from 0101, 0104 (through 0103) is
    // 1 + 1 + (1 + 3).
    assert_eq!(cost(plain, "0103", "0102"), Some(1));
    assert_eq!(cost(plain.with_leave_cost(3), "0103", "0102"), Some(4));
    assert_eq!(cost(plain.with_leave_cost(3), "0101", "0104"), Some(6));
    assert_eq!(cost(plain.with_leave_cost(3), "0101", "0103"), Some(2));
    // Both: 0101 -> 0104 is 1 (0102) + 1 + 2 (into 0103) + 1 + 3 (out of 0103).
    let both = plain.with_enter_cost(2).with_leave_cost(3);
    assert_eq!(cost(both, "0101", "0104"), Some(1 + 3 + 4));
}

#[test]
fn zoc_to_zoc_forbidden_and_the_friendly_exception() {
    let z = Zocs::new();
    let map = &z.map;
    let enemy = z.enemy();
    // 0103, 0105 and 0106 are in enemy ZOC (0104 holds E2, 0107 E1); F holds 0105.
    let zoc_hexes = labels(map, enemy.hexes(map));
    assert_eq!(zoc_hexes, ["0103", "0105", "0106"]);
    let rule = points(map, 20, Costs::new(1));
    let friendly = |h: Hex| z.position.occupied_by(map, h, "friend");
    let range_of = |from: &str, to_zoc: ZocToZoc| {
        let movement = ZocMovement::new().with_stops(false).with_zoc_to_zoc(to_zoc);
        let zoc = RangeZoc::new(&enemy, movement).with_friendly(&friendly);
        movement_range(&rule, hex(map, from), &no_block, &zoc).unwrap()
    };
    // From 0105 (ZOC) into 0106 (ZOC): allowed, forbidden.
    assert!(range_of("0105", ZocToZoc::Allowed).contains(hex(map, "0106")));
    let forbidden = range_of("0105", ZocToZoc::Forbidden);
    assert!(!forbidden.contains(hex(map, "0106")));
    assert_eq!(
        frontier_why(map, &forbidden, "0106"),
        Some(Refusal::ZocToZoc)
    );
    // 0106 holds no friendly unit: still forbidden under the exception.
    assert!(!range_of("0105", ZocToZoc::UnlessFriendly).contains(hex(map, "0106")));
    // From 0106 into 0105, which F holds: the exception allows it; plain forbidden does not.
    assert!(range_of("0106", ZocToZoc::UnlessFriendly).contains(hex(map, "0105")));
    assert!(!range_of("0106", ZocToZoc::Forbidden).contains(hex(map, "0105")));
    // Without a friendly test no hex holds a friendly unit.
    let movement = ZocMovement::new()
        .with_stops(false)
        .with_zoc_to_zoc(ZocToZoc::UnlessFriendly);
    let bare = RangeZoc::new(&enemy, movement);
    let range = movement_range(&rule, hex(map, "0106"), &no_block, &bare).unwrap();
    assert!(!range.contains(hex(map, "0105")));
}

#[test]
fn the_cheapest_path_costs_the_sum_of_its_steps_and_ties_are_in_label_order() {
    // Three rows of four; forest in the middle row costs 3.
    let map = MapBuilder::new(
        "block",
        Layout::row_column(Orientation::Pointy, 1..=3, 1..=4),
    )
    .terrain("0202", "forest")
    .terrain("0203", "forest")
    .hexside_feature("river", ["0101", "0102"])
    .build()
    .unwrap();
    let costs_of = Costs::new(1).terrain("forest", 3).hexside("river", 2, &[]);
    let rule = points(&map, 12, costs_of);
    let start = hex(&map, "0101");
    let range = movement_range(&rule, start, &no_block, &RangeZoc::none()).unwrap();
    let step_cost = |a: Hex, b: Hex| {
        let terrain = if map.terrain(b) == Some("forest") {
            3
        } else {
            1
        };
        let river = map
            .hexside(a, b)
            .unwrap()
            .carries(map.hexside_feature("river").unwrap());
        terrain + if river { 2 } else { 0 }
    };
    for r in &range.hexes {
        let path = range.path(r.hex).unwrap();
        assert_eq!(path.hexes[0], start);
        let sum: u32 = path.hexes.windows(2).map(|w| step_cost(w[0], w[1])).sum();
        assert_eq!(sum, r.cost, "to {}", map.label_text(r.hex));
        assert_eq!(path.spent, [r.cost]);
        assert_eq!(path.hexes.len() - 1, r.steps as usize);
    }
    // The same answer each time, and the predecessor first in label order among equals.
    let again = movement_range(&rule, start, &no_block, &RangeZoc::none()).unwrap();
    assert_eq!(range, again);
    let mut ties = 0;
    for r in &range.hexes {
        let Some(from) = r.from else { continue };
        let equals: Vec<Hex> = map
            .neighbors(r.hex)
            .filter(|(n, _)| {
                range.get(*n).is_some_and(|o| {
                    o.cost + step_cost(*n, r.hex) == r.cost && o.steps + 1 == r.steps
                })
            })
            .map(|(n, _)| n)
            .collect();
        let first = equals.iter().min_by_key(|n| map.node(**n)).copied();
        assert_eq!(first, Some(from), "to {}", map.label_text(r.hex));
        ties += usize::from(equals.len() > 1);
    }
    assert!(ties > 0, "the map has ties to break");
}

#[test]
fn a_rule_of_two_legs_and_a_start_off_the_map_are_refused() {
    let map = row(3).build().unwrap();
    let two = TraceRule::new([Leg::hexes(1), Leg::unlimited()])
        .bind(&map)
        .unwrap();
    let e = movement_range(&two, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap_err();
    assert_eq!(e, RangeError::Legs { legs: 2 });
    let one = TraceRule::new([Leg::hexes(1)]).bind(&map).unwrap();
    let off = Hex::new(40, 40);
    let e = movement_range(&one, off, &no_block, &RangeZoc::none()).unwrap_err();
    assert_eq!(e, RangeError::StartOffMap { start: off });
    assert_eq!(e.to_string(), "the start hex (40,40) is not on the map");
}

#[test]
fn huge_costs_never_overflow() {
    let map = row(3).terrain("0103", "mountain").build().unwrap();
    let position = Position::new(&map, vec![Unit::new("E", "enemy", hex(&map, "0103"))]).unwrap();
    let enemy = position.zoc(&map, "enemy");
    let rule = TraceRule::new([Leg::unlimited()]).bind(&map).unwrap();
    let movement = ZocMovement::new()
        .with_stops(false)
        .with_enter_cost(u32::MAX - 1)
        .with_leave_cost(u32::MAX);
    let zoc = RangeZoc::new(&enemy, movement);
    let range = movement_range(&rule, hex(&map, "0101"), &no_block, &zoc).unwrap();
    assert_eq!(range.cost(hex(&map, "0102")), Some(u32::MAX));
    assert!(!range.contains(hex(&map, "0103")));
    let costly = points(&map, 4096, Costs::new(1).terrain("mountain", u32::MAX));
    let range = movement_range(&costly, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap();
    assert_eq!(range.len(), 2);
}

#[test]
fn the_first_step_obeys_the_join_rule() {
    let map = row(4).road(["0102", "0103", "0104"]).build().unwrap();
    let rule = TraceRule::new([Leg::hexes(3)
        .steps(StepRule::along_road_or_trail())
        .joined_by(StepRule::into_road_net())])
    .bind(&map)
    .unwrap();
    let range = movement_range(&rule, hex(&map, "0101"), &no_block, &RangeZoc::none()).unwrap();
    assert_eq!(range.len(), 4);
}

#[test]
fn a_search_with_no_target_reaches_what_the_range_reaches() {
    // The documented reading of `search` with an empty target set: a cut whose reached hexes
    // are the hexes of the rule's one-leg movement range without zones of control, and whose
    // frontier lists the same hexes.
    let map = MapBuilder::new(
        "block",
        Layout::row_column(Orientation::Pointy, 1..=3, 1..=5),
    )
    .terrain("0202", "forest")
    .terrain("0303", "swamp")
    .hexside_feature("river", ["0103", "0104"])
    .impassable("0201", "0202")
    .build()
    .unwrap();
    let costs_of = Costs::new(1).terrain("forest", 2).hexside("river", 2, &[]);
    let points =
        Leg::movement_points(3, costs_of).steps(StepRule::NotIntoTerrain(vec!["swamp".into()]));
    let hexes = Leg::hexes(2)
        .steps(StepRule::NotAcross {
            features: vec!["river".into()],
            unless: vec![],
        })
        .joined_by(StepRule::NotIntoTerrain(vec!["forest".into()]));
    let blocked = hex(&map, "0203");
    let free = |h: Hex| (h == blocked).then_some("enemy");
    let none = Targets::new(&map, []);
    for leg in [points, hexes, Leg::unlimited()] {
        let rule = TraceRule::new([leg]).bind(&map).unwrap();
        for start in map.hexes().iter().map(|h| h.hex) {
            let cut = search(&rule, start, &none, &free).unwrap_err();
            let range = movement_range(&rule, start, &free, &RangeZoc::none()).unwrap();
            let reached: Vec<Hex> = range.hexes.iter().map(|r| r.hex).collect();
            assert_eq!(cut.reached_hexes, reached, "from {}", map.label_text(start));
            assert_eq!(cut.reached, reached.len());
            let f = |v: &[hexmap::Blocked<&str>]| v.iter().map(|b| b.hex).collect::<Vec<_>>();
            assert_eq!(f(&cut.frontier), f(&range.frontier));
            assert_eq!(cut.nearest, None);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The property test: the range against a naive reference.

/// A random map: its size and, per cell, a terrain (0 clear, 1 forest, 2 swamp), whether an
/// enemy unit is on it, whether a friendly one is, and hexside marks toward two neighbours.
#[derive(Clone, Debug)]
struct Recipe {
    rows: u16,
    cols: u16,
    cells: Vec<(u8, bool, bool, u8, u8)>,
    start: usize,
    budget: u32,
    /// 0: movement points, 1: hexes, 2: unlimited.
    kind: u8,
    costs: [u32; 3],
    river: u32,
    steps: u8,
    zoc: Option<(bool, u32, u32, u8)>,
}

fn recipe() -> impl Strategy<Value = Recipe> {
    (1u16..=4, 1u16..=5).prop_flat_map(|(rows, cols)| {
        let n = usize::from(rows * cols);
        (
            proptest::collection::vec(
                (
                    0u8..3,
                    prop::bool::weighted(0.15),
                    prop::bool::weighted(0.2),
                    0u8..6,
                    0u8..6,
                ),
                n,
            ),
            0..n,
            0u32..9,
            0u8..3,
            [0u32..4, 0u32..4, 0u32..4],
            0u32..3,
            0u8..3,
            proptest::option::weighted(0.8, (any::<bool>(), 0u32..3, 0u32..3, 0u8..3)),
        )
            .prop_map(
                move |(cells, start, budget, kind, costs, river, steps, zoc)| Recipe {
                    rows,
                    cols,
                    cells,
                    start,
                    budget,
                    kind,
                    costs,
                    river,
                    steps,
                    zoc,
                },
            )
    })
}

const TERRAINS: [&str; 3] = ["clear", "forest", "swamp"];

fn build(r: &Recipe) -> (HexMap, Vec<Unit<u8>>) {
    let layout = Layout::row_column(Orientation::Pointy, 1..=r.rows, 1..=r.cols);
    let label = |i: usize| {
        let cols = usize::from(r.cols);
        format!("{:02}{:02}", i / cols + 1, i % cols + 1)
    };
    let mut b = MapBuilder::new("random", layout.clone()).declare_hexside_feature("river");
    for (i, c) in r.cells.iter().enumerate() {
        if c.0 != 0 {
            b = b.terrain(label(i), TERRAINS[usize::from(c.0)]);
        }
    }
    let plain = b.clone().build().unwrap();
    let hexes: Vec<Hex> = (0..r.cells.len()).map(|i| hex(&plain, &label(i))).collect();
    for (i, c) in r.cells.iter().enumerate() {
        let neighbours: Vec<usize> = (0..hexes.len())
            .filter(|&j| hexes[i].is_adjacent(hexes[j]))
            .collect();
        if neighbours.is_empty() {
            continue;
        }
        let river = neighbours[usize::from(c.3) % neighbours.len()];
        if c.3 < 3 {
            b = b.hexside_feature("river", [label(i), label(river)]);
        }
        let wall = neighbours[usize::from(c.4) % neighbours.len()];
        if c.4 < 2 {
            b = b.impassable(label(i), label(wall));
        }
    }
    let map = b.build().unwrap();
    let mut units = Vec::new();
    for (i, c) in r.cells.iter().enumerate() {
        if i == r.start {
            continue;
        }
        if c.1 {
            units.push(Unit::new(format!("E{i}"), 1, hexes[i]));
        } else if c.2 {
            units.push(Unit::new(format!("F{i}"), 0, hexes[i]));
        }
    }
    (map, units)
}

/// The naive reading: what a step from `u` into `v` costs, or `None` when refused.
struct Naive<'a> {
    map: &'a HexMap,
    r: &'a Recipe,
    start: Hex,
    enemy: &'a BTreeSet<Hex>,
    friend: &'a BTreeSet<Hex>,
    zoc: &'a BTreeSet<Hex>,
}

impl Naive<'_> {
    fn step(&self, u: Hex, v: Hex) -> Option<u32> {
        let side = self.map.hexside(u, v)?;
        if side.has(HexsideKind::Impassable) || v == self.start || self.enemy.contains(&v) {
            return None;
        }
        let river = side.carries(self.map.hexside_feature("river").unwrap());
        let terrain = TERRAINS
            .iter()
            .position(|t| self.map.terrain(v) == Some(*t))
            .unwrap();
        match self.r.steps {
            1 if river => return None,
            2 if terrain == 2 => return None,
            _ => {}
        }
        let (zu, zv) = (self.zoc.contains(&u), self.zoc.contains(&v));
        let mut extra = 0;
        if let Some((stops, enter, leave, to_zoc)) = self.r.zoc {
            if stops && zu && u != self.start {
                return None;
            }
            if zu && zv && (to_zoc == 1 || (to_zoc == 2 && !self.friend.contains(&v))) {
                return None;
            }
            extra = if zu { leave } else { 0 } + if zv { enter } else { 0 };
        }
        let base = match self.r.kind {
            0 => self.r.costs[terrain] + if river { self.r.river } else { 0 },
            _ => 1,
        };
        Some(base + extra)
    }

    /// Bellman-Ford over hexes: (cost, steps) per hex reached, then each one's predecessor:
    /// the hex first in label order among those its least (cost, steps) comes through.
    fn range(&self) -> BTreeMap<Hex, ((u32, u32), Option<Hex>)> {
        let limit = (self.r.kind != 2).then_some(self.r.budget);
        let mut best: BTreeMap<Hex, (u32, u32)> = BTreeMap::from([(self.start, (0, 0))]);
        loop {
            let mut changed = false;
            for (u, key) in best.clone() {
                for (v, _) in self.map.neighbors(u) {
                    let Some(c) = self.step(u, v) else { continue };
                    let next = (key.0 + c, key.1 + 1);
                    if limit.is_some_and(|l| next.0 > l) {
                        continue;
                    }
                    if best.get(&v).is_none_or(|k| next < *k) {
                        best.insert(v, next);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let node = |h: Hex| self.map.node(h).unwrap().index();
        let mut out = BTreeMap::new();
        for (&v, &key) in &best {
            let from = best
                .iter()
                .filter(|(u, k)| self.step(**u, v).is_some_and(|c| (k.0 + c, k.1 + 1) == key))
                .map(|(u, _)| *u)
                .filter(|u| self.map.hexside(*u, v).is_some())
                .min_by_key(|u| node(*u));
            out.insert(v, (key, from));
        }
        out
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn the_range_is_the_naive_range(r in recipe()) {
        let (map, units) = build(&r);
        let position = Position::new(&map, units).unwrap();
        let start = map.hexes()[r.start % map.len()].hex;
        let enemy: BTreeSet<Hex> = position.units().iter().filter(|u| u.side == 1).map(|u| u.hex).collect();
        let friend: BTreeSet<Hex> = position.units().iter().filter(|u| u.side == 0).map(|u| u.hex).collect();
        let layer = position.zoc(&map, 1);
        let zoc_hexes: BTreeSet<Hex> = if r.zoc.is_some() { layer.hexes(&map).collect() } else { BTreeSet::new() };
        let costs_of = (0..3).fold(Costs::new(r.costs[0]), |c, t| c.terrain(TERRAINS[t], r.costs[t]))
            .hexside("river", r.river, &[]);
        let leg = match r.kind {
            0 => Leg::movement_points(r.budget, costs_of),
            1 => Leg::hexes(r.budget),
            _ => Leg::unlimited(),
        };
        let leg = match r.steps {
            1 => leg.steps(StepRule::NotAcross { features: vec!["river".into()], unless: vec![] }),
            2 => leg.steps(StepRule::NotIntoTerrain(vec!["swamp".into()])),
            _ => leg,
        };
        // Lenient: a random map may lack forest or swamp, which then matches no hex.
        let rule = TraceRule::new([leg]).bind_lenient(&map).unwrap();
        let free = |h: Hex| enemy.contains(&h).then_some("enemy unit");
        let friendly = |h: Hex| friend.contains(&h);
        let zoc = match r.zoc {
            None => RangeZoc::none(),
            Some((stops, enter, leave, to_zoc)) => {
                let reading = [ZocToZoc::Allowed, ZocToZoc::Forbidden, ZocToZoc::UnlessFriendly][usize::from(to_zoc)];
                let movement = ZocMovement::new().with_stops(stops).with_enter_cost(enter)
                    .with_leave_cost(leave).with_zoc_to_zoc(reading);
                RangeZoc::new(&layer, movement).with_friendly(&friendly)
            }
        };
        let range = movement_range(&rule, start, &free, &zoc).unwrap();
        let naive = Naive { map: &map, r: &r, start, enemy: &enemy, friend: &friend, zoc: &zoc_hexes };
        let expected = naive.range();
        let got: BTreeMap<Hex, ((u32, u32), Option<Hex>)> =
            range.hexes.iter().map(|h| (h.hex, ((h.cost, h.steps), h.from))).collect();
        prop_assert_eq!(&got, &expected);
        // With no zone of control, what `search` with no target reaches (its documented answer).
        if r.zoc.is_none() {
            let cut = search(&rule, start, &Targets::new(&map, []), &free).unwrap_err();
            let hexes: Vec<Hex> = range.hexes.iter().map(|h| h.hex).collect();
            prop_assert_eq!(cut.reached_hexes, hexes);
        }
        // Label order, and every path legal with its reported cost.
        let nodes: Vec<usize> = range.hexes.iter().map(|h| map.node(h.hex).unwrap().index()).collect();
        prop_assert!(nodes.windows(2).all(|w| w[0] < w[1]));
        for h in &range.hexes {
            let path = range.path(h.hex).unwrap();
            prop_assert_eq!(path.hexes[0], start);
            let mut sum = 0;
            for w in path.hexes.windows(2) {
                let c = naive.step(w[0], w[1]);
                prop_assert!(c.is_some(), "illegal step {:?}", w);
                sum += c.unwrap();
            }
            prop_assert_eq!(sum, h.cost);
        }
        // The frontier: every hex next to the range across a passable hexside, not in it.
        let mut frontier = BTreeSet::new();
        for h in &range.hexes {
            for (v, side) in map.neighbors(h.hex) {
                if !side.has(HexsideKind::Impassable) && v != start && !range.contains(v) {
                    frontier.insert(v);
                }
            }
        }
        let listed: BTreeSet<Hex> = range.frontier.iter().map(|b| b.hex).collect();
        prop_assert_eq!(&listed, &frontier);
        for b in &range.frontier {
            let not_free = matches!(b.obstacle, Obstacle::NotFree(_));
            prop_assert_eq!(not_free, enemy.contains(&b.hex));
        }
    }
}
