//! Line of sight (`hexmap::sight`): every case by hand on small maps built in code, properties
//! checked against an independent exact geometry (the segment against each hex's polygon, by
//! orientation tests), and a comparison with hexx's `line_to` and `range_fov`. Runs without
//! the crate's features (`--no-default-features`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly
#![allow(clippy::too_many_lines)] // a test reads best as one story

use std::collections::BTreeSet;

use hexmap::sight::{HeightTest, Reading, Reason, SightError, SightRule, Step, line};
use hexmap::{Hex, HexMap, Layout, MapBuilder, Orientation};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// An independent geometry: the axial plane scaled by 3, where every hex centre and vertex is
// an integer point; a hex's polygon is its six vertices in order; a segment touches it when an
// end is inside or it meets a side (orientation tests only: no cell lines, no events).

/// The six vertices of `h`'s polygon, in order, in the axial plane scaled by 3.
fn polygon(h: Hex) -> [(i64, i64); 6] {
    let (q, r) = (3 * i64::from(h.q), 3 * i64::from(h.r));
    [(2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2), (1, 1)].map(|(dq, dr)| (q + dq, r + dr))
}

/// A hex centre in the scaled plane.
fn centre(h: Hex) -> (i64, i64) {
    (3 * i64::from(h.q), 3 * i64::from(h.r))
}

fn orient(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> i64 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

/// Whether `p` lies on the closed segment `a`-`b`.
fn on_segment(p: (i64, i64), a: (i64, i64), b: (i64, i64)) -> bool {
    orient(a, b, p) == 0
        && p.0 >= a.0.min(b.0)
        && p.0 <= a.0.max(b.0)
        && p.1 >= a.1.min(b.1)
        && p.1 <= a.1.max(b.1)
}

/// Whether the closed segments `a`-`b` and `c`-`d` meet.
fn segments_meet(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    (o1 * o2 < 0 && o3 * o4 < 0)
        || on_segment(c, a, b)
        || on_segment(d, a, b)
        || on_segment(a, c, d)
        || on_segment(b, c, d)
}

/// Whether the segment between the centres of `a` and `b` touches `h`'s closed polygon.
fn touches(h: Hex, a: Hex, b: Hex) -> bool {
    let poly = polygon(h);
    let (p, q) = (centre(a), centre(b));
    let inside = |x: (i64, i64)| {
        let s: Vec<i64> = (0..6)
            .map(|i| orient(poly[i], poly[(i + 1) % 6], x))
            .collect();
        s.iter().all(|o| *o >= 0) || s.iter().all(|o| *o <= 0)
    };
    inside(p) || inside(q) || (0..6).any(|i| segments_meet(p, q, poly[i], poly[(i + 1) % 6]))
}

/// Every hex whose polygon the segment touches (searched over the segment's bounding box).
fn touched(a: Hex, b: Hex) -> BTreeSet<Hex> {
    let mut out = BTreeSet::new();
    for q in a.q.min(b.q) - 1..=a.q.max(b.q) + 1 {
        for r in a.r.min(b.r) - 1..=a.r.max(b.r) + 1 {
            if touches(Hex::new(q, r), a, b) {
                out.insert(Hex::new(q, r));
            }
        }
    }
    out
}

fn steps(a: Hex, b: Hex) -> Vec<Step> {
    line(a, b).collect()
}

/// The hexes of the `Step::Hex` steps.
fn crossed(steps: &[Step]) -> Vec<Hex> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Hex(h) => Some(*h),
            _ => None,
        })
        .collect()
}

/// Every property of one line: see the module docs of `hexmap::sight` and [`line`]'s.
fn check_line(a: Hex, b: Hex) {
    let s = steps(a, b);
    // Ends.
    assert_eq!(s.first(), Some(&Step::Hex(a)));
    assert_eq!(s.last(), Some(&Step::Hex(b)));
    // The line from b, computed on its own, is the same reversed.
    let mut back = steps(b, a);
    back.reverse();
    assert_eq!(back, s, "{a:?} -> {b:?}");
    // Every hex named touches the true segment, and every hex it touches is named.
    let named: BTreeSet<Hex> = s.iter().flat_map(|x| x.hexes().iter().copied()).collect();
    assert_eq!(named, touched(a, b), "{a:?} -> {b:?}: {s:?}");
    // Hexside and vertex steps lie on the segment (by their own points).
    let (p, q) = (centre(a), centre(b));
    for step in &s {
        match *step {
            Step::Hexside([x, y]) => {
                assert!(x.is_adjacent(y));
                let shared: Vec<(i64, i64)> = polygon(x)
                    .into_iter()
                    .filter(|v| polygon(y).contains(v))
                    .collect();
                assert_eq!(shared.len(), 2);
                assert!(shared.iter().all(|v| on_segment(*v, p, q)), "{step:?}");
            }
            Step::Vertex([x, y, z]) => {
                assert!(x.is_adjacent(y) && y.is_adjacent(z) && x.is_adjacent(z));
                let v = (
                    i64::from(x.q) + i64::from(y.q) + i64::from(z.q),
                    i64::from(x.r) + i64::from(y.r) + i64::from(z.r),
                );
                assert!(on_segment(v, p, q), "{step:?}");
            }
            Step::Hex(_) => {}
        }
    }
    // Consecutive steps are adjacent: two hexes share a side, a hex or hexside is at a vertex.
    for w in s.windows(2) {
        match (w[0], w[1]) {
            (Step::Hex(x), Step::Hex(y)) => assert!(x.is_adjacent(y), "{w:?}"),
            (Step::Vertex(v), other) | (other, Step::Vertex(v)) => {
                assert!(other.hexes().iter().all(|h| v.contains(h)), "{w:?}");
            }
            _ => panic!("a hexside next to a hex: {w:?}"),
        }
    }
    // Counts: at least distance + 1 hexes named; with no hexside or vertex step, the hexes
    // crossed are distance + 1 plus one per sideways crossing, and every other crossing
    // brings the line one hex nearer `b`.
    let dist = a.distance(b) as usize;
    assert!(named.len() > dist, "{a:?} -> {b:?}");
    let hexes = crossed(&s);
    if hexes.len() == s.len() {
        let mut sideways = 0;
        for w in hexes.windows(2) {
            let (before, after) = (w[0].distance(b), w[1].distance(b));
            if before == after {
                sideways += 1;
            } else {
                assert_eq!(after + 1, before, "{a:?} -> {b:?}: {hexes:?}");
            }
        }
        assert_eq!(hexes.len(), dist + 1 + sideways, "{a:?} -> {b:?}");
    }
}

#[test]
fn every_line_near_a_hex_holds_every_property() {
    let a = Hex::new(0, 0);
    for q in -9..=9 {
        for r in -9..=9 {
            check_line(a, Hex::new(q, r));
        }
    }
}

#[test]
fn a_line_may_cross_more_hexes_than_its_distance_with_no_hexside_or_vertex_step() {
    // At half way the segment crosses the side between (1,-2) and (2,-2), both two hexes from
    // the far end, at its midpoint.
    let s = steps(Hex::new(0, 0), Hex::new(3, -4));
    let hexes = [(0, 0), (1, -1), (1, -2), (2, -2), (2, -3), (3, -4)].map(|(q, r)| Hex::new(q, r));
    assert_eq!(s, hexes.map(Step::Hex));
    assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -4)), 4);
}

#[test]
fn lines_far_apart_and_at_the_edges_of_i32_stay_exact() {
    let far = [
        (Hex::new(i32::MIN, 0), Hex::new(i32::MIN + 5, 3)),
        (
            Hex::new(i32::MAX - 7, i32::MIN + 2),
            Hex::new(i32::MAX, i32::MIN),
        ),
        (Hex::new(-1_000_000, 7), Hex::new(-999_991, 1)),
    ];
    for (a, b) in far {
        check_line_far(a, b);
    }
    // A line across the whole of i32 is lazy: its first steps come at once.
    let mut huge = line(Hex::new(i32::MIN, 0), Hex::new(i32::MAX, i32::MIN + 1));
    assert_eq!(huge.next(), Some(Step::Hex(Hex::new(i32::MIN, 0))));
    assert!(huge.nth(1000).is_some());
}

/// The properties that hold anywhere (the polygon test needs small coordinates): the line
/// is the same as its translate to the origin, and the same reversed.
fn check_line_far(a: Hex, b: Hex) {
    let shift = |h: Hex, by: Hex| {
        let q = i64::from(h.q) - i64::from(by.q);
        let r = i64::from(h.r) - i64::from(by.r);
        Hex::new(i32::try_from(q).unwrap(), i32::try_from(r).unwrap())
    };
    let here: Vec<Step> = steps(a, b)
        .iter()
        .map(|s| match *s {
            Step::Hex(h) => Step::Hex(shift(h, a)),
            Step::Hexside(hs) => Step::Hexside(hs.map(|h| shift(h, a))),
            Step::Vertex(hs) => Step::Vertex(hs.map(|h| shift(h, a))),
        })
        .collect();
    assert_eq!(here, steps(Hex::new(0, 0), shift(b, a)));
    let mut back = steps(b, a);
    back.reverse();
    assert_eq!(back, steps(a, b));
}

proptest! {
    #[test]
    fn random_lines_hold_every_property(q0 in -40i32..40, r0 in -40i32..40, q1 in -40i32..40, r1 in -40i32..40) {
        check_line(Hex::new(q0, r0), Hex::new(q1, r1));
    }
}

// ---------------------------------------------------------------------------------------------
// Maps by hand

/// A 12 x 12 pointy map; `at(dq, dr)` is the hex that far (axial) from a base hex chosen so
/// that every offset the tests use is on the map.
fn grid() -> MapBuilder {
    MapBuilder::new(
        "sight",
        Layout::row_column(Orientation::Pointy, 1..=12, 1..=12),
    )
}

const OFFSETS: [(i32, i32); 4] = [(0, 0), (5, -4), (3, 3), (-4, 5)];

fn base(map: &HexMap) -> Hex {
    map.hexes()
        .iter()
        .map(|i| i.hex)
        .find(|h| {
            let mut all = OFFSETS
                .iter()
                .flat_map(|&(q, r)| touched(*h, Hex::new(h.q + q, h.r + r)).into_iter());
            all.all(|x| map.contains(x))
        })
        .unwrap()
}

struct Board {
    base: Hex,
}

impl Board {
    fn new() -> Board {
        Board {
            base: base(&grid().build().unwrap()),
        }
    }

    fn at(&self, q: i32, r: i32) -> Hex {
        Hex::new(self.base.q + q, self.base.r + r)
    }
}

#[test]
fn a_line_along_a_hexside_is_read_any_or_all() {
    let b = Board::new();
    let (from, to) = (b.at(0, 0), b.at(1, 1));
    let s = steps(from, to);
    let [x, y] = match s[2] {
        Step::Hexside(hs) => hs,
        other => panic!("{other:?}"),
    };
    // Forest on one side of the hexside the line runs along.
    let map = grid().terrain(x, "forest").build().unwrap();
    let any = SightRule::new(&map).terrain_blocks("forest").unwrap();
    let sight = any.check(from, to).unwrap();
    assert!(!sight.is_clear());
    // Both the vertex at the start and the hexside name the forest hex.
    assert!(
        sight
            .blocks()
            .iter()
            .all(|bl| matches!(bl.reason, Reason::Obstacle { hex, .. } if hex == x))
    );
    let text = sight.to_string();
    assert!(text.contains(&format!("along the hexside {}/{} (any hex beside it blocks), {}: terrain `forest` blocks the line", map.label_text(x), map.label_text(y), map.label_text(x))), "{text}");
    let all = any.clone().reading(Reading::All);
    assert!(all.check(from, to).unwrap().is_clear());
    assert!(
        any.clone()
            .reading(Reading::BothSides)
            .check(from, to)
            .unwrap()
            .is_clear()
    );
    // Forest on both sides: blocked under every reading.
    let map = grid()
        .terrain(x, "forest")
        .terrain(y, "forest")
        .build()
        .unwrap();
    for reading in [Reading::Any, Reading::All, Reading::BothSides] {
        let rule = SightRule::new(&map)
            .terrain_blocks("forest")
            .unwrap()
            .reading(reading);
        assert!(!rule.check(from, to).unwrap().is_clear(), "{reading:?}");
        assert!(!rule.check(to, from).unwrap().is_clear(), "{reading:?}");
    }
}

#[test]
fn a_line_through_a_vertex_alone_is_read_any_or_all() {
    let b = Board::new();
    let (from, to) = (b.at(0, 0), b.at(5, -4));
    let s = steps(from, to);
    assert!(!s.iter().any(|x| matches!(x, Step::Hexside(_))));
    let (i, v) = s
        .iter()
        .enumerate()
        .find_map(|(i, x)| match x {
            Step::Vertex(v) => Some((i, *v)),
            _ => None,
        })
        .unwrap();
    // The hex touched only at the vertex: neither the step before nor the one after.
    let only = *v
        .iter()
        .find(|h| s[i - 1] != Step::Hex(**h) && s[i + 1] != Step::Hex(**h))
        .unwrap();
    let map = grid().feature("town", only).build().unwrap();
    let any = SightRule::new(&map).feature_blocks("town").unwrap();
    let sight = any.check(from, to).unwrap();
    assert_eq!(sight.first_block().unwrap().step, i);
    assert!(
        sight.to_string().starts_with("through the vertex "),
        "{sight}"
    );
    assert!(
        any.clone()
            .reading(Reading::All)
            .check(from, to)
            .unwrap()
            .is_clear()
    );
    assert!(!any.check(to, from).unwrap().is_clear());
    let both = any.clone().reading(Reading::BothSides);
    assert!(both.check(from, to).unwrap().is_clear());
}

#[test]
fn both_sides_reads_the_whole_line_and_all_each_hexside() {
    // From (0,0) to (3,3) the line runs along three hexsides; forest left of the first and
    // right of the last (left and right by the independent orientation test).
    let b = Board::new();
    let (from, to) = (b.at(0, 0), b.at(3, 3));
    let runs: Vec<[Hex; 2]> = steps(from, to)
        .into_iter()
        .filter_map(|x| match x {
            Step::Hexside(hs) => Some(hs),
            _ => None,
        })
        .collect();
    assert_eq!(runs.len(), 3);
    let left = |h: Hex| orient(centre(from), centre(to), centre(h)) > 0;
    let pick = |run: [Hex; 2], on_left: bool| *run.iter().find(|h| left(**h) == on_left).unwrap();
    let rule = |map: &HexMap, reading| {
        let rule = SightRule::new(map).terrain_blocks("forest").unwrap();
        let there = rule
            .clone()
            .reading(reading)
            .check(from, to)
            .unwrap()
            .is_clear();
        let back = rule.reading(reading).check(to, from).unwrap().is_clear();
        assert_eq!(there, back, "{reading:?}");
        there
    };
    // Forest left of the first run and left or right of the last: (Any, All, BothSides)
    // clear.
    let forest = |last_on_left: bool| {
        let b = grid().terrain(pick(runs[0], true), "forest");
        b.terrain(pick(runs[2], last_on_left), "forest")
            .build()
            .unwrap()
    };
    let (opposite, same_side) = (forest(false), forest(true));
    let readings = [Reading::Any, Reading::All, Reading::BothSides];
    assert_eq!(readings.map(|r| rule(&opposite, r)), [false, true, false]);
    assert_eq!(readings.map(|r| rule(&same_side, r)), [false, true, true]);
    let both = SightRule::new(&opposite).terrain_blocks("forest").unwrap();
    let sight = both.reading(Reading::BothSides).check(from, to).unwrap();
    assert_eq!(sight.blocks().len(), 2);
    assert!(sight.blocks()[0].step < sight.blocks()[1].step);
    let text = sight.to_string();
    assert!(
        text.contains("(hexes beside the line block on both sides)"),
        "{text}"
    );
}

#[test]
fn a_ridge_hexside_blocks_when_crossed_or_run_along_and_the_ends_never_block() {
    let b = Board::new();
    // Crossed: a straight row.
    let (from, mid, to) = (b.at(0, 0), b.at(1, 0), b.at(2, 0));
    let map = grid()
        .hexside_feature("ridge", [mid, to])
        .terrain(from, "forest")
        .terrain(to, "forest")
        .build()
        .unwrap();
    let rule = SightRule::new(&map)
        .hexside_blocks("ridge")
        .unwrap()
        .terrain_blocks("forest")
        .unwrap();
    let sight = rule.check(from, to).unwrap();
    let bl: Vec<_> = sight.blocks().iter().map(|x| (x.step, x.reason)).collect();
    let ridge = map.hexside_feature("ridge").unwrap();
    assert_eq!(
        bl,
        [(
            2,
            Reason::Hexside {
                hexes: [mid.min(to), mid.max(to)],
                feature: ridge,
                along: false
            }
        )]
    );
    assert_eq!(
        sight.to_string(),
        format!(
            "{}/{}: hexside feature `ridge` crossed blocks the line",
            map.label_text(mid.min(to)),
            map.label_text(mid.max(to))
        )
    );
    // The forest ends never block; without the ridge the line is clear.
    assert!(
        SightRule::new(&map)
            .terrain_blocks("forest")
            .unwrap()
            .check(from, to)
            .unwrap()
            .is_clear()
    );
    // Run along.
    let (from, to) = (b.at(0, 0), b.at(1, 1));
    let [x, y] = match steps(from, to)[2] {
        Step::Hexside(hs) => hs,
        other => panic!("{other:?}"),
    };
    let map = grid().hexside_feature("ridge", [x, y]).build().unwrap();
    let rule = SightRule::new(&map)
        .hexside_blocks("ridge")
        .unwrap()
        .reading(Reading::All);
    let sight = rule.check(from, to).unwrap();
    assert!(matches!(
        sight.first_block().unwrap().reason,
        Reason::Hexside { along: true, .. }
    ));
    assert!(
        sight
            .to_string()
            .ends_with("hexside feature `ridge` run along blocks the line")
    );
    // Through a vertex, the three hexsides that end there are only touched: none blocks.
    let (from, to) = (b.at(0, 0), b.at(5, -4));
    let v = steps(from, to).into_iter().find_map(|x| match x {
        Step::Vertex(v) => Some(v),
        _ => None,
    });
    let [p, q, r] = v.unwrap();
    let map = grid()
        .hexside_feature("ridge", [p, q])
        .hexside_feature("ridge", [q, r])
        .hexside_feature("ridge", [p, r])
        .build()
        .unwrap();
    let rule = SightRule::new(&map).hexside_blocks("ridge").unwrap();
    assert!(rule.check(from, to).unwrap().is_clear());
}

#[test]
fn heights_compare_with_the_line_exactly() {
    let b = Board::new();
    let map = grid().build().unwrap();
    let (from, to) = (b.at(0, 0), b.at(3, 0));
    let (h1, h2) = (b.at(1, 0), b.at(2, 0));
    // Ends at 0 and 3: the line is at 1 over h1 and at 2 over h2.
    let ground = |a: i32, c: i32, e1: i32, e2: i32| {
        move |h: Hex| {
            if h == h1 {
                a
            } else if h == h2 {
                c
            } else if h == from {
                e1
            } else if h == to {
                e2
            } else {
                0
            }
        }
    };
    let above = SightRule::new(&map).heights(HeightTest::AboveLine);
    let clear = |rule: &SightRule, g: &dyn Fn(Hex) -> i32, x, y| {
        rule.check_with_ground(x, y, g).unwrap().is_clear()
    };
    // Equal to the line: clear; one higher: blocked; the same from the other end.
    assert!(clear(&above, &ground(1, 2, 0, 3), from, to));
    assert!(clear(&above, &ground(1, 2, 0, 3), to, from));
    assert!(!clear(&above, &ground(2, 0, 0, 3), from, to));
    assert!(!clear(&above, &ground(2, 0, 0, 3), to, from));
    assert!(!clear(&above, &ground(0, 3, 0, 3), from, to));
    // Equal heights everywhere: clear under the line test, blocked under the higher end's.
    let at_least = SightRule::new(&map).heights(HeightTest::AtLeastHigherEnd);
    assert!(clear(&above, &ground(1, 1, 1, 1), from, to));
    assert!(!clear(&at_least, &ground(1, 1, 1, 1), from, to));
    // Higher and lower ends: a hill of 2 between ends at 3 and 0 is under the higher end.
    assert!(clear(&at_least, &ground(2, 2, 3, 0), from, to));
    assert!(!clear(&at_least, &ground(3, 0, 0, 3), from, to));
    let sight = at_least
        .check_with_ground(from, to, &ground(3, 0, 0, 3))
        .unwrap();
    assert_eq!(
        sight.to_string(),
        format!(
            "{}: height 3 (ground 3) is at least as high as the higher end (3)",
            map.label_text(h1)
        )
    );
    // Heights off: the ground is not read.
    assert!(clear(&SightRule::new(&map), &ground(9, 9, 0, 0), from, to));
}

#[test]
fn obstacles_with_heights_rise_above_their_ground_and_those_without_block_at_any_height() {
    let b = Board::new();
    let (from, mid, to) = (b.at(0, 0), b.at(1, 0), b.at(2, 0));
    let map = grid()
        .terrain(mid, "woods")
        .terrain(from, "hill")
        .terrain(to, "hill")
        .feature("tower", mid)
        .build()
        .unwrap();
    let rule = SightRule::new(&map)
        .heights(HeightTest::AboveLine)
        .ground("hill", 2)
        .unwrap()
        .terrain_blocks_to("woods", 1)
        .unwrap();
    // Hills at 2 both ends, woods 1 high on flat ground: clear.
    assert!(rule.check(from, to).unwrap().is_clear());
    // Woods 2 high: equal to the line, clear; 3 high: blocked.
    let woods = |height| {
        let rule = rule.clone().terrain_blocks_to("woods", height).unwrap();
        rule.check(from, to).unwrap()
    };
    assert!(woods(2).is_clear());
    let sight = woods(3);
    assert_eq!(
        sight.to_string(),
        format!(
            "{}: height 3 (ground 0, terrain `woods` 3) rises above the line from {} (2) to {} (2)",
            map.label_text(mid),
            map.label_text(from),
            map.label_text(to)
        )
    );
    // A tower with no height blocks whatever the heights.
    let sight = rule
        .feature_blocks("tower")
        .unwrap()
        .check(from, to)
        .unwrap();
    assert_eq!(
        sight.to_string(),
        format!(
            "{}: hex feature `tower` blocks the line",
            map.label_text(mid)
        )
    );
}

#[test]
fn a_misspelt_name_is_an_error_and_an_end_off_the_map_too() {
    let map = grid()
        .terrain("0101", "forest")
        .feature("town", "0102")
        .hexside_feature("ridge", ["0101", "0102"])
        .build()
        .unwrap();
    let rule = || SightRule::new(&map);
    assert_eq!(rule().terrain_blocks("frest").unwrap_err().name, "frest");
    assert_eq!(
        rule().terrain_blocks_to("frest", 1).unwrap_err().name,
        "frest"
    );
    assert_eq!(rule().feature_blocks("twn").unwrap_err().name, "twn");
    assert_eq!(rule().feature_blocks_to("twn", 1).unwrap_err().name, "twn");
    assert_eq!(rule().hexside_blocks("rdge").unwrap_err().name, "rdge");
    assert_eq!(rule().ground("hil", 1).unwrap_err().name, "hil");
    let on = map.parse("0101").unwrap();
    let off = Hex::new(on.q - 30, on.r);
    assert_eq!(rule().check(on, off).unwrap_err(), SightError::OffMap(off));
    assert_eq!(rule().check(off, on).unwrap_err(), SightError::OffMap(off));
}

#[test]
fn names_print_on_one_line() {
    let map = grid().terrain("0102", "deep\nforest").build().unwrap();
    let rule = SightRule::new(&map).terrain_blocks("deep\nforest").unwrap();
    let sight = rule
        .check(map.parse("0101").unwrap(), map.parse("0103").unwrap())
        .unwrap();
    assert_eq!(
        sight.to_string(),
        "0102: terrain `deep\\nforest` blocks the line"
    );
}

// ---------------------------------------------------------------------------------------------
// Random small maps: the rule read against the independent geometry.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Under `Any`, heights off, terrain only: blocked exactly when a hex other than the ends,
    /// on the map, whose polygon the segment touches, is forest. Blocked under `All` implies
    /// under `BothSides`, which implies under `Any`. Every reading, the same from the other
    /// end.
    #[test]
    fn random_maps_block_as_the_polygons_say(
        forest in proptest::collection::vec(any::<bool>(), 36),
        holes in proptest::collection::vec(0usize..36, 0..4),
        pairs in proptest::collection::vec((0usize..36, 0usize..36), 1..20),
    ) {
        let layout = Layout::row_column(Orientation::Pointy, 1..=6, 1..=6);
        let plain = MapBuilder::new("r", layout.clone()).build().unwrap();
        let hexes: Vec<Hex> = plain.hexes().iter().map(|i| i.hex).collect();
        let mut builder = MapBuilder::new("r", layout);
        for (i, f) in forest.iter().enumerate() {
            if *f {
                builder = builder.terrain(hexes[i], "forest");
            }
        }
        for i in &holes {
            builder = builder.hole(hexes[*i]);
        }
        let map = builder.terrain(hexes[0], "forest").build().unwrap();
        let any = SightRule::new(&map).terrain_blocks("forest").unwrap();
        let all = any.clone().reading(Reading::All);
        let both = any.clone().reading(Reading::BothSides);
        let forest_hexes: BTreeSet<Hex> = map.hexes().iter().filter(|i| map.terrain(i.hex) == Some("forest")).map(|i| i.hex).collect();
        for (i, j) in pairs {
            let (a, b) = (hexes[i], hexes[j]);
            if !map.contains(a) || !map.contains(b) {
                prop_assert!(any.check(a, b).is_err());
                continue;
            }
            let expect = touched(a, b).iter().any(|h| *h != a && *h != b && forest_hexes.contains(h));
            let there = any.check(a, b).unwrap();
            let back = any.check(b, a).unwrap();
            prop_assert_eq!(!there.is_clear(), expect, "{:?} -> {:?}: {}", a, b, there);
            prop_assert_eq!(back.is_clear(), there.is_clear());
            let all_there = all.check(a, b).unwrap();
            let both_there = both.check(a, b).unwrap();
            prop_assert!(there.is_clear() <= both_there.is_clear());
            prop_assert!(both_there.is_clear() <= all_there.is_clear());
            prop_assert_eq!(both.check(b, a).unwrap().is_clear(), both_there.is_clear());
            prop_assert_eq!(all.check(b, a).unwrap().is_clear(), all_there.is_clear());
            prop_assert_eq!(there.to_string().lines().count(), there.blocks().len().max(1));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// hexx 0.24: `line_to` rounds a float interpolation at `distance + 1` points; `range_fov`
// follows `line_to` to every hex of a ring until a blocking hex.

fn to_hexx(h: Hex) -> hexx::Hex {
    hexx::Hex::new(h.q, h.r)
}

/// Whether the line is one hexx can express: only hexes, one nearer `to` at each crossing.
fn plain_line(s: &[Step], to: Hex) -> bool {
    let hexes = crossed(s);
    hexes.len() == s.len() && hexes.len() == hexes[0].distance(to) as usize + 1
}

#[test]
fn hexx_line_to_agrees_on_every_line_it_can_express() {
    let a = Hex::new(0, 0);
    let (mut agree, mut ambiguous, mut sideways) = (0, 0, 0);
    for q in -12..=12 {
        for r in -12..=12 {
            let b = Hex::new(q, r);
            let s = steps(a, b);
            let hexx: Vec<Hex> = to_hexx(a)
                .line_to(to_hexx(b))
                .map(|h| Hex::new(h.x, h.y))
                .collect();
            if plain_line(&s, b) {
                assert_eq!(crossed(&s), hexx, "{b:?}");
                agree += 1;
            } else if crossed(&s).len() == s.len() {
                // Sideways crossings: hexx keeps distance + 1 hexes, one of the two hexes beside
                // each side crossed sideways; each of its hexes is one the segment crosses.
                assert!(hexx.iter().all(|h| crossed(&s).contains(h)), "{b:?}");
                assert_eq!(hexx.len(), a.distance(b) as usize + 1, "{b:?}");
                sideways += 1;
            } else {
                // A vertex or hexside step: hexx picks hexes by its float rounding; each of
                // them is one the segment touches.
                let named: BTreeSet<Hex> =
                    s.iter().flat_map(|x| x.hexes().iter().copied()).collect();
                assert!(hexx.iter().all(|h| named.contains(h)), "{b:?}");
                ambiguous += 1;
            }
        }
    }
    // Of the 625 lines from (0,0) to (-12..=12, -12..=12): 237 agree hex for hex, 240 cross a
    // side sideways (hexx names distance + 1 of their hexes), 148 run along a hexside or pass a
    // vertex.
    assert_eq!((agree, sideways, ambiguous), (237, 240, 148));
}

#[test]
fn hexx_range_fov_agrees_on_the_ring_where_both_can_say() {
    // A map around a centre, forest scattered by a fixed pattern.
    let map0 = grid().build().unwrap();
    let centre = map0.parse("0606").unwrap();
    let radius = 5u32;
    let blocks = |h: Hex| h != centre && (h.q * 7 + h.r * 13).rem_euclid(5) == 0;
    let mut builder = grid();
    for info in map0.hexes() {
        if blocks(info.hex) {
            builder = builder.terrain(info.hex, "forest");
        }
    }
    let map = builder.build().unwrap();
    let rule = SightRule::new(&map).terrain_blocks("forest").unwrap();
    let fov = hexx::algorithms::range_fov(to_hexx(centre), radius, |h| blocks(Hex::new(h.x, h.y)));
    let (mut compared, mut differ) = (0, 0);
    for target in map
        .hexes()
        .iter()
        .map(|i| i.hex)
        .filter(|h| h.distance(centre) == radius)
    {
        let s = steps(centre, target);
        let on_map = s.iter().all(|x| x.hexes().iter().all(|h| map.contains(*h)));
        if !blocks(target) && !plain_line(&s, target) && on_map {
            // Where the line has a choice, hexx takes one side; under `Any` either side's
            // forest blocks: hexx may see where the rule does not, never the other way.
            let ours = rule.check(centre, target).unwrap().is_clear();
            let theirs = fov.contains(&to_hexx(target));
            assert!(!ours || theirs, "{}", map.label_text(target));
            differ += usize::from(ours != theirs);
        }
        if blocks(target) || !plain_line(&s, target) || !on_map {
            continue;
        }
        let ours = rule.check(centre, target).unwrap().is_clear();
        assert_eq!(
            ours,
            fov.contains(&to_hexx(target)),
            "{}",
            map.label_text(target)
        );
        compared += 1;
    }
    // 14 ring hexes compared, all agreeing; of the 10 with a choice, hexx sees 4 that the
    // strict reading does not.
    assert_eq!((compared, differ), (14, 4));
}
