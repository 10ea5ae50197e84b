//! The incremental LOC oracle ([`LocOracle`]) against a full re-trace.
//!
//! On random small maps (holes, roads and trails along random walks, ZOC-blocking and
//! impassable hexsides, swamps, one to three targets) with random units of two sides (some
//! without a ZOC, stacks allowed), under the [`RoadChain`] preset with K from 0 to 3, both
//! [`TargetRule`]s and both [`ChainReading`]s, and three ZOC rules (Leyte's, not negated by a
//! friendly unit, not into swamps): after every step of a random sequence of moves, additions
//! and removals, every unit's answer equals a fresh [`Tracer`]'s over the free test that a fresh
//! [`Position`] gives ([`Position::zoc_with`] + [`Position::blocking`]); the units reported as
//! changed are exactly those whose answer changed; the oracle's free test is the position's,
//! and every hex it puts on the chain traces.
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::fmt::Write as _;

use hexmap::OracleError;
use hexmap::{
    ChainReading, Compass, Hex, HexMap, Layout, LocOracle, MapBuilder, Orientation, Parity,
    Position, RoadChain, TargetRule, Targets, Tracer, Unit, ZocRule,
};
use proptest::prelude::*;
use proptest::sample::Index;

const MAX_SIDE: u16 = 6;

fn label(row: u16, col: u16) -> String {
    format!("{row:02}{col:02}")
}

/// What a random map is made of.
#[derive(Clone, Debug)]
struct Recipe {
    rows: u16,
    cols: u16,
    flat: bool,
    holes: Vec<bool>,
    /// Road (`true`) or trail, start, steps.
    walks: Vec<(bool, Index, Vec<Index>)>,
    /// A hex, one of its neighbours, impassable (else blocks ZOC).
    walls: Vec<(Index, Index, bool)>,
    swamps: Vec<Index>,
    targets: Vec<Index>,
}

fn recipe() -> impl Strategy<Value = Recipe> {
    let cells = usize::from(MAX_SIDE * MAX_SIDE);
    (
        (2..=MAX_SIDE, 2..=MAX_SIDE, any::<bool>()),
        prop::collection::vec(prop::bool::weighted(0.08), cells),
        prop::collection::vec(
            (
                any::<bool>(),
                any::<Index>(),
                prop::collection::vec(any::<Index>(), 1..8),
            ),
            0..6,
        ),
        prop::collection::vec((any::<Index>(), any::<Index>(), any::<bool>()), 0..6),
        prop::collection::vec(any::<Index>(), 1..4),
        prop::collection::vec(any::<Index>(), 1..=3),
    )
        .prop_map(
            |((rows, cols, flat), holes, walks, walls, swamps, targets)| Recipe {
                rows,
                cols,
                flat,
                holes,
                walks,
                walls,
                swamps,
                targets,
            },
        )
}

/// A built map and its target hexes, with a log of how it was built.
struct World {
    map: HexMap,
    targets: Vec<Hex>,
    log: String,
}

fn world(r: &Recipe) -> World {
    let orientation = if r.flat {
        Orientation::Flat
    } else {
        Orientation::Pointy
    };
    let layout = Layout::row_column(orientation, 1..=r.rows, 1..=r.cols)
        .with_shifted(Parity::Even)
        .with_growth(Compass::North, Compass::East);
    let hex_of = |(row, col): (u16, u16)| {
        layout
            .label_to_hex(layout.parse_label(&label(row, col)).unwrap())
            .unwrap()
    };
    let all: Vec<(u16, u16)> = (1..=r.rows)
        .flat_map(|row| (1..=r.cols).map(move |col| (row, col)))
        .collect();
    let mut land: Vec<(u16, u16)> = all
        .iter()
        .copied()
        .filter(|(row, col)| !r.holes[usize::from((row - 1) * MAX_SIDE + col - 1)])
        .collect();
    if land.len() < 3 {
        land.clone_from(&all);
    }
    let neighbours = |c: (u16, u16)| -> Vec<(u16, u16)> {
        land.iter()
            .copied()
            .filter(|x| hex_of(c).is_adjacent(hex_of(*x)))
            .collect()
    };
    let name = |c: (u16, u16)| label(c.0, c.1);
    let mut log = format!("{}x{} flat {}; ", r.rows, r.cols, r.flat);
    let mut b = MapBuilder::new("random", layout.clone());
    for c in all.iter().filter(|c| !land.contains(c)) {
        b = b.hole(name(*c));
        let _ = write!(log, "hole {}; ", name(*c));
    }
    for s in &r.swamps {
        let c = land[s.index(land.len())];
        b = b.terrain(name(c), "swamp");
        let _ = write!(log, "swamp {}; ", name(c));
    }
    for (road, start, steps) in &r.walks {
        let mut cur = land[start.index(land.len())];
        let mut path = vec![name(cur)];
        for s in steps {
            let n = neighbours(cur);
            if n.is_empty() {
                break;
            }
            cur = n[s.index(n.len())];
            path.push(name(cur));
        }
        if path.len() < 2 {
            continue;
        }
        let _ = write!(
            log,
            "{} {}; ",
            if *road { "road" } else { "trail" },
            path.join("-")
        );
        b = if *road { b.road(&path) } else { b.trail(&path) };
    }
    for (a, n, impassable) in &r.walls {
        let a = land[a.index(land.len())];
        let ns = neighbours(a);
        if ns.is_empty() {
            continue;
        }
        let n = ns[n.index(ns.len())];
        let _ = write!(
            log,
            "{} {}|{}; ",
            if *impassable {
                "impassable"
            } else {
                "blocks-zoc"
            },
            name(a),
            name(n)
        );
        b = if *impassable {
            b.impassable(name(a), name(n))
        } else {
            b.blocks_zoc(name(a), name(n))
        };
    }
    let map = b.build().unwrap();
    let targets: Vec<Hex> = r
        .targets
        .iter()
        .map(|t| hex_of(land[t.index(land.len())]))
        .collect();
    let labels: Vec<String> = targets.iter().map(|h| map.label_text(*h)).collect();
    let _ = write!(log, "targets [{}]", labels.join(" "));
    World { map, targets, log }
}

/// A unit: side (0 or 1), whether it exerts a ZOC, its hex (an index into the map's hexes).
type Spec = (u8, bool, Index);

#[derive(Clone, Debug)]
enum Op {
    Move(Index, Index),
    Add(Spec),
    Remove(Index),
}

fn unit_spec() -> impl Strategy<Value = Spec> {
    (0u8..2, prop::bool::weighted(0.8), any::<Index>())
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (any::<Index>(), any::<Index>()).prop_map(|(u, h)| Op::Move(u, h)),
        2 => unit_spec().prop_map(Op::Add),
        2 => any::<Index>().prop_map(Op::Remove),
    ]
}

/// The preset: K, the target reading, the chain reading.
fn preset() -> impl Strategy<Value = RoadChain> {
    (0u32..=3, 0u8..3, any::<bool>()).prop_map(|(k, adjoin, between)| {
        RoadChain::new(k)
            .with_target(match adjoin {
                0 => TargetRule::OnChain,
                1 => TargetRule::MayAdjoinChain,
                _ => TargetRule::MustAdjoinChain,
            })
            .with_reading(if between {
                ChainReading::BetweenNetHexes
            } else {
                ChainReading::FollowHexsides
            })
    })
}

fn zoc_rule(kind: u8) -> ZocRule {
    match kind {
        // Leyte's: as the map marks it, negated by a friendly unit.
        0 => ZocRule::new().negated_by_friendly(true),
        1 => ZocRule::new(),
        _ => (ZocRule::new().negated_by_friendly(true)).not_into_terrain(["swamp"]),
    }
}

/// The live units, by index (`None` for a removed one).
type Units = Vec<Option<Unit<u8>>>;

/// Every index's answer by a full re-trace: a fresh position, its ZOC and free table, a fresh
/// tracer; and the free test.
fn retrace(
    w: &World,
    preset: RoadChain,
    zoc: &ZocRule,
    side: u8,
    units: &Units,
) -> (Vec<bool>, Vec<bool>) {
    let live: Vec<Unit<u8>> = units.iter().flatten().cloned().collect();
    let position = Position::new(&w.map, live).unwrap();
    let enemy_zoc = position.zoc_with(&w.map, 1 - side, zoc).unwrap();
    let table = position.blocking(&w.map, side, &enemy_zoc, zoc);
    let rule = preset.rule().bind(&w.map).unwrap();
    let targets = Targets::new(&w.map, w.targets.iter().copied());
    let tracer = Tracer::new(&rule, &targets, &table);
    let answers = units
        .iter()
        .map(|u| {
            u.as_ref()
                .is_some_and(|u| u.side == side && tracer.traced(u.hex))
        })
        .collect();
    let free = w
        .map
        .hexes()
        .iter()
        .map(|h| tracer.is_free(h.hex))
        .collect();
    (answers, free)
}

/// Check the oracle against a re-trace; `before` is the previous step's answers (none after
/// `new`, which changes nothing).
fn check(
    w: &World,
    oracle: &LocOracle<'_, u8>,
    preset: RoadChain,
    zoc: &ZocRule,
    side: u8,
    units: &Units,
    before: Option<&[bool]>,
) -> Result<Vec<bool>, String> {
    let (expected, free) = retrace(w, preset, zoc, side, units);
    if oracle.traced_all() != expected.as_slice() {
        return Err(format!(
            "answers {:?}, a re-trace gives {:?}",
            oracle.traced_all(),
            expected
        ));
    }
    let changed: Vec<usize> = match before {
        None => Vec::new(),
        Some(before) => (0..expected.len())
            .filter(|&i| before.get(i).copied().unwrap_or(false) != expected[i])
            .collect(),
    };
    if oracle.changed() != changed.as_slice() {
        return Err(format!(
            "changed {:?}, should be {changed:?}",
            oracle.changed()
        ));
    }
    let chain = chain(w, preset, &free);
    for (n, info) in w.map.hexes().iter().enumerate() {
        let at = w.map.label_text(info.hex);
        if oracle.is_free(info.hex) != free[n] {
            return Err(format!("free test differs at {at}"));
        }
        if oracle.on_chain(info.hex) != chain[n] {
            return Err(format!(
                "{at}: on the chain {}, a flood from scratch says {}",
                oracle.on_chain(info.hex),
                chain[n]
            ));
        }
        // (Under `MustAdjoinChain` with K = 0 the unit's own hex is entered by no leg: a unit
        // on a road hex next to a target off the net does not step into it from there.)
        let own_hex_joins =
            !(preset.target == TargetRule::MustAdjoinChain && preset.free_hexes == 0);
        if own_hex_joins
            && oracle.on_chain(info.hex)
            && !retrace_one(w, preset, zoc, side, units, info.hex)
        {
            return Err(format!(
                "{at} is on the chain but a unit there would not trace"
            ));
        }
    }
    Ok(expected)
}

/// The chain from scratch, by this file's reading of it: the free hexes joined to a free target
/// (on the road/trail net, or any when the chain may run into it) by steps across passable
/// hexsides between road/trail hexes (along a road or trail, or between two net hexes, as the
/// reading says) or, when the chain may run into the target, between a target and a road/trail
/// hex. When the chain must run into the target from a hex of its own, a target off the net is
/// not on the chain: only the road/trail hexes next to it are. (The answers are checked against
/// the `Tracer`; this checks the oracle's own bookkeeping, which answers do not always show.)
fn chain(w: &World, preset: RoadChain, free: &[bool]) -> Vec<bool> {
    let map = &w.map;
    let node = |h: Hex| map.node(h).unwrap().index();
    let may = preset.target == TargetRule::MayAdjoinChain;
    let must = preset.target == TargetRule::MustAdjoinChain;
    let adjoin = may || must;
    let target = |n: usize| w.targets.iter().any(|t| node(*t) == n);
    let net = |n: usize| map.hexes()[n].on_road_net;
    let mut on = vec![false; map.len()];
    let mut queue: Vec<usize> = (0..map.len())
        .filter(|&n| free[n] && target(n) && (may || net(n)))
        .collect();
    for &n in &queue {
        on[n] = true;
    }
    if must {
        // The road/trail hexes next to a free target off the net run into it.
        for t in (0..map.len()).filter(|&n| free[n] && target(n) && !net(n)) {
            for (y, side) in map.neighbors(map.hexes()[t].hex) {
                let y = node(y);
                if !side.impassable && free[y] && net(y) && !on[y] {
                    on[y] = true;
                    queue.push(y);
                }
            }
        }
    }
    while let Some(c) = queue.pop() {
        for (y, side) in map.neighbors(map.hexes()[c].hex) {
            let y = node(y);
            let along = match preset.reading {
                ChainReading::BetweenNetHexes => net(c) && net(y),
                _ => side.road_or_trail(),
            };
            let into = (adjoin && target(c) && net(y)) || (may && target(y) && net(c));
            if !side.impassable && (along || into) && free[y] && !on[y] {
                on[y] = true;
                queue.push(y);
            }
        }
    }
    on
}

/// Whether a friendly unit added on `hex` would trace, by a re-trace.
fn retrace_one(
    w: &World,
    preset: RoadChain,
    zoc: &ZocRule,
    side: u8,
    units: &Units,
    hex: Hex,
) -> bool {
    let mut more = units.clone();
    more.push(Some(Unit::new("probe", side, hex).without_zoc()));
    retrace(w, preset, zoc, side, &more)
        .0
        .last()
        .copied()
        .unwrap_or(false)
}

/// Run a whole case: place the units, apply the operations, check after each.
fn run(
    r: &Recipe,
    preset: RoadChain,
    zoc_kind: u8,
    side: u8,
    initial: &[Spec],
    ops: &[Op],
) -> Result<(), String> {
    let w = world(r);
    let zoc = zoc_rule(zoc_kind);
    let hexes: Vec<Hex> = w.map.hexes().iter().map(|h| h.hex).collect();
    let make = |i: usize, (s, z, h): &Spec| {
        Unit::new(format!("U{i}"), *s, hexes[h.index(hexes.len())]).with_zoc(*z)
    };
    let mut units: Units = initial
        .iter()
        .enumerate()
        .map(|(i, s)| Some(make(i, s)))
        .collect();
    let targets = Targets::new(&w.map, w.targets.iter().copied());
    let mut oracle = LocOracle::new(
        &w.map,
        preset,
        &targets,
        &zoc,
        side,
        units.iter().flatten().cloned(),
    )
    .map_err(|e| format!("{e:?}"))?;
    let context =
        |log: &str, step: &str, e: String| format!("{e}\nafter {step}\nmap: {}\n{log}", w.log);
    let mut log = String::new();
    let mut before = check(&w, &oracle, preset, &zoc, side, &units, None)
        .map_err(|e| context(&log, "new", e))?;
    for op in ops {
        let live: Vec<usize> = (0..units.len()).filter(|&i| units[i].is_some()).collect();
        let step = match op {
            Op::Move(u, h) if !live.is_empty() => {
                let i = live[u.index(live.len())];
                let to = hexes[h.index(hexes.len())];
                oracle.move_unit(i, to).unwrap();
                if let Some(u) = units[i].as_mut() {
                    u.hex = to;
                }
                format!("move U{i} to {}", w.map.label_text(to))
            }
            Op::Add(spec) => {
                let unit = make(units.len(), spec);
                let at = w.map.label_text(unit.hex);
                let i = oracle.add_unit(unit.clone()).unwrap();
                assert_eq!(i, units.len());
                units.push(Some(unit));
                format!("add U{i} (side {}, zoc {}) on {at}", spec.0, spec.1)
            }
            Op::Remove(u) if !live.is_empty() => {
                let i = live[u.index(live.len())];
                let gone = oracle.remove_unit(i).unwrap();
                assert_eq!(Some(&gone), units[i].as_ref());
                units[i] = None;
                format!("remove U{i}")
            }
            _ => continue,
        };
        let _ = writeln!(log, "{step}");
        before = check(&w, &oracle, preset, &zoc, side, &units, Some(&before))
            .map_err(|e| context(&log, &step, e))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn the_oracle_agrees_with_a_full_retrace_after_every_update(
        r in recipe(),
        preset in preset(),
        zoc_kind in 0u8..3,
        side in 0u8..2,
        initial in prop::collection::vec(unit_spec(), 0..8),
        ops in prop::collection::vec(op(), 0..40),
    ) {
        run(&r, preset, zoc_kind, side, &initial, &ops).map_err(|e| TestCaseError::fail(format!("{e}\npreset {preset:?}, zoc {zoc_kind}, side {side}")))?;
    }
}

/// A row of nine hexes, a road `1006`-`1009`, the beach at `1009`.
fn line() -> HexMap {
    HexMap::from_toml_str(
        r#"
name = "Nine hexes in a line"
[layout]
orientation = "pointy"
label = "row-column"
rows = [10, 10]
columns = [1, 9]
shifted = "even"
rows_grow = "north"
columns_grow = "east"
[hexsides]
roads = [["1006", "1007", "1008", "1009"]]
"#,
        None,
    )
    .unwrap()
}

#[test]
fn errors_leave_the_oracle_as_it_was() {
    let map = line();
    let hex = |l: &str| map.parse(l).unwrap();
    let targets = Targets::new(&map, [hex("1009")]);
    let zoc = ZocRule::new();
    let far = Hex::new(40, 40);

    let errors = LocOracle::new(
        &map,
        RoadChain::new(3),
        &targets,
        &zoc,
        0,
        [
            Unit::new("A", 0, hex("1002")),
            Unit::new("A", 0, hex("1003")),
            Unit::new("B", 1, far),
        ],
    )
    .unwrap_err();
    assert!(matches!(errors[0], OracleError::DuplicateId(_)));
    assert!(matches!(errors[1], OracleError::OffMap { .. }));
    let errors = LocOracle::new(
        &map,
        RoadChain::new(3),
        &targets,
        &ZocRule::new().not_across(["river"]),
        0,
        [],
    )
    .unwrap_err();
    // A name the ZOC rule gives that the map lacks is the ZOC rule's error, in its words.
    assert!(matches!(
        &errors[0],
        OracleError::Zoc(hexmap::ZocError::UnknownHexsideFeature { name, .. }) if name == "river"
    ));
    assert!(
        errors[0]
            .to_string()
            .starts_with("the zone-of-control rule's `not_across` names hexside feature `river`")
    );
    let errors = LocOracle::new(&map, RoadChain::new(5000), &targets, &zoc, 0, []).unwrap_err();
    assert!(matches!(errors[0], OracleError::Rule(_)));

    let mut oracle = LocOracle::new(
        &map,
        RoadChain::new(3),
        &targets,
        &zoc,
        0,
        [
            Unit::new("A", 0, hex("1002")),
            Unit::new("X", 1, hex("1008")),
        ],
    )
    .unwrap();
    assert_eq!(oracle.traced_all(), [false, false]);
    oracle.move_unit(1, hex("1001")).unwrap();
    assert_eq!(oracle.changed(), [0]);
    assert!(matches!(
        oracle.move_unit(0, far),
        Err(OracleError::OffMap { .. })
    ));
    assert!(matches!(
        oracle.move_unit(7, hex("1003")),
        Err(OracleError::NoSuchUnit(7))
    ));
    assert!(matches!(
        oracle.add_unit(Unit::new("A", 0, hex("1004"))),
        Err(OracleError::DuplicateId(_))
    ));
    assert!(matches!(
        oracle.add_unit(Unit::new("C", 0, far)),
        Err(OracleError::OffMap { .. })
    ));
    assert_eq!(oracle.traced_all(), [true, false]);
    assert_eq!(oracle.changed(), [0], "a refused update changes nothing");
    assert_eq!(oracle.find("X"), Some(1));
    assert_eq!(oracle.remove_unit(1).unwrap().id, "X");
    assert!(matches!(
        oracle.remove_unit(1),
        Err(OracleError::NoSuchUnit(1))
    ));
    assert_eq!(oracle.find("X"), None);
    assert_eq!(oracle.unit(1), None);
    assert_eq!(oracle.len(), 2);
    // The id is free again; the new unit gets a new index.
    assert_eq!(oracle.add_unit(Unit::new("X", 1, hex("1005"))).unwrap(), 2);
    assert_eq!(oracle.traced_all(), [false, false, false]);
    assert_eq!(oracle.changed(), [0]);
}

/// A road hex near the beach is blocked and freed again, over and over: the chain behind it is
/// dropped and rebuilt each time, and the forest is rebuilt now and then.
#[test]
fn a_chain_cut_near_the_target_and_restored() {
    let map = line();
    let hex = |l: &str| map.parse(l).unwrap();
    let targets = Targets::new(&map, [hex("1009")]);
    let units = [
        Unit::new("A", 0, hex("1005")),
        Unit::new("B", 0, hex("1002")),
        Unit::new("X", 1, hex("1001")),
    ];
    let mut oracle =
        LocOracle::new(&map, RoadChain::new(3), &targets, &ZocRule::new(), 0, units).unwrap();
    assert_eq!(oracle.traced_all(), [true, true, false]);
    for _ in 0..20 {
        oracle.move_unit(2, hex("1008")).unwrap();
        assert_eq!(oracle.traced_all(), [false, false, false]);
        assert_eq!(oracle.changed(), [0, 1]);
        assert!(!oracle.on_chain(hex("1006")));
        oracle.move_unit(2, hex("1001")).unwrap();
        assert_eq!(oracle.traced_all(), [true, true, false]);
        assert_eq!(oracle.changed(), [0, 1]);
        assert!(oracle.on_chain(hex("1006")));
    }
}

/// A ring road around a hex, the target on the ring: blocking the ring next to the target on
/// either side cuts a subtree of the chain's forest whose far end is re-attached the other way
/// round, and the rest of it regrown from there.
#[test]
fn a_ring_road_is_re_attached_the_other_way_round() {
    let layout = Layout::row_column(Orientation::Pointy, 1..=3, 1..=3);
    let centre = layout
        .label_to_hex(layout.parse_label("0202").unwrap())
        .unwrap();
    let ring = centre.neighbors();
    let label = |h: Hex| layout.hex_to_label(h).unwrap().to_string();
    let mut road: Vec<String> = ring.iter().map(|h| label(*h)).collect();
    road.push(label(ring[0]));
    let map = MapBuilder::new("ring", layout.clone())
        .road(&road)
        .build()
        .unwrap();
    let targets = Targets::new(&map, [ring[0]]);
    let units = [
        Unit::new("A", 0, ring[2]),
        Unit::new("B", 0, ring[3]),
        Unit::new("C", 0, ring[4]),
        Unit::new("X", 1, centre).without_zoc(),
    ];
    let mut oracle =
        LocOracle::new(&map, RoadChain::new(0), &targets, &ZocRule::new(), 0, units).unwrap();
    assert_eq!(oracle.traced_all(), [true, true, true, false]);
    for side in [1, 5, 1, 5] {
        oracle.move_unit(3, ring[side]).unwrap();
        assert!(!oracle.on_chain(ring[side]));
        assert!(
            (1..6)
                .filter(|i| *i != side)
                .all(|i| oracle.on_chain(ring[i]))
        );
        assert_eq!(
            oracle.traced_all(),
            [true, true, true, false],
            "ring[{side}] blocked"
        );
        assert!(oracle.changed().is_empty());
        oracle.move_unit(3, centre).unwrap();
        assert!((1..6).all(|i| oracle.on_chain(ring[i])));
    }
    // Both sides blocked: the three are cut off.
    oracle.move_unit(3, ring[1]).unwrap();
    oracle
        .add_unit(Unit::new("Y", 1, ring[5]).without_zoc())
        .unwrap();
    assert_eq!(oracle.traced_all(), [false, false, false, false, false]);
    assert_eq!(oracle.changed(), [0, 1, 2]);
}

/// Issue 47, item 12, for the oracle: under "the chain must run into the target from a hex of
/// its own" with K = 0, a unit on a road hex beside an off-road target does not trace by
/// stepping out along the road and back through its own hex; a second road that keeps off its
/// hex lets it trace (the other tracers on the same maps: `tests/properties.rs`,
/// `no_tracer_loops_back_through_the_units_own_hex`).
#[test]
fn the_oracle_never_loops_back_through_the_units_own_hex() {
    let toml = |roads: &str| {
        format!(
            "name = \"a road beside an off-road target\"\n[layout]\norientation = \"pointy\"\n\
             label = \"row-column\"\nrows = [10, 11]\ncolumns = [1, 5]\nshifted = \"even\"\n\
             rows_grow = \"north\"\ncolumns_grow = \"east\"\n[hexsides]\nroads = [{roads}]\n"
        )
    };
    for (roads, traces) in [
        (r#"["1002", "1003", "1004"]"#, false),
        (
            r#"["1002", "1003", "1004"], ["1003", "1104", "1105"]"#,
            true,
        ),
    ] {
        let map = hexmap::HexMap::from_toml_str(&toml(roads), None).unwrap();
        let h = |l: &str| map.parse(l).unwrap();
        let preset = hexmap::RoadChain::new(0).with_target(hexmap::TargetRule::MustAdjoinChain);
        let targets = hexmap::Targets::new(&map, [h("1005")]);
        let units = [hexmap::Unit::new("US", "us", h("1004"))];
        let oracle =
            hexmap::LocOracle::new(&map, preset, &targets, &hexmap::ZocRule::new(), "us", units)
                .unwrap();
        assert_eq!(oracle.traced(0), traces, "roads {roads}");
    }
}
