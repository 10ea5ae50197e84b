//! The benchmarks' generated scenarios (`trace.rs`, `oracle.rs`): a map with a beach, roads and
//! trails laid by random walks, and the units of two sides, from a seed.

use hexmap::{
    Compass, Direction, Hex, HexMap, Layout, MapBuilder, Offset, Orientation, Parity, Position,
    Unit,
};

use wargame_kit::rng::Rng;

/// The share of hexes the road/trail walks must cover before the generator stops adding walks.
const ROAD_SHARE: f64 = 0.20;

/// The share of hexes the straight roads must cover ([`generate_straight`]).
const STRAIGHT_SHARE: f64 = 0.22;

/// A generated map, its units and its targets.
pub struct Scenario {
    pub map: HexMap,
    pub position: Position<u8>,
    pub targets: Vec<Hex>,
}

/// Flat-topped, row-column labels, `width` columns by `height` rows, one unprefixed sheet.
pub fn layout(width: u16, height: u16) -> Layout {
    Layout::row_column(Orientation::Flat, 1..=height, 1..=width)
        .with_digits(if width.max(height) > 99 { 3 } else { 2 })
        .with_shifted(Parity::Even)
        .with_growth(Compass::South, Compass::East)
}

/// How the generator lays the road/trail net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Roads {
    /// Meandering random walks covering about a fifth of the hexes ([`generate`]).
    Walks,
    /// Long straight roads along rows and columns, denser ([`generate_straight`]).
    Straight,
}

/// Generate a scenario: the beach is column 1 (the targets); random walks that drift across the
/// map lay roads and trails (every third one starts on the beach heading inland) until they
/// cover [`ROAD_SHARE`] of the hexes; then `friendly` side-0 and `enemy` side-1 units go on
/// distinct random hexes off the beach: friendly units on or next to the road/trail net, every
/// third enemy unit on it and the others anywhere.
pub fn generate(width: u16, height: u16, friendly: usize, enemy: usize, seed: u64) -> Scenario {
    generate_with(Roads::Walks, width, height, (friendly, enemy), seed)
}

/// Generate a scenario as [`generate`] does, with a denser, straighter net: roads and trails
/// that run straight along a whole row or column for half to all of the map (every third one
/// along a row from the beach), until they cover [`STRAIGHT_SHARE`] of the hexes.
#[allow(dead_code)] // the trace benchmark's second generator; the oracle's does not use it
pub fn generate_straight(
    width: u16,
    height: u16,
    friendly: usize,
    enemy: usize,
    seed: u64,
) -> Scenario {
    generate_with(Roads::Straight, width, height, (friendly, enemy), seed)
}

fn generate_with(
    roads: Roads,
    width: u16,
    height: u16,
    (friendly, enemy): (usize, usize),
    seed: u64,
) -> Scenario {
    let layout = layout(width, height);
    let (w, h) = (i32::from(width), i32::from(height));
    let mut rng = Rng::new(seed);
    let at = |col: i32, row: i32| layout.offset_to_hex(Offset { col, row });
    let index = |hex: Hex| {
        let o = layout.hex_to_offset(hex);
        ((1..=w).contains(&o.col) && (1..=h).contains(&o.row))
            .then(|| usize::try_from((o.row - 1) * w + (o.col - 1)).unwrap())
    };
    let label = |hex: Hex| layout.hex_to_label(hex).unwrap().to_string();
    let cells = usize::from(width) * usize::from(height);

    // Roads and trails, laid one line at a time.
    let mut covered = vec![false; cells];
    let mut covered_count = 0usize;
    let mut builder = MapBuilder::new(format!("generated {width}x{height}"), layout.clone());
    let mut walks = 0u32;
    let share = match roads {
        Roads::Walks => ROAD_SHARE,
        Roads::Straight => STRAIGHT_SHARE,
    };
    while (covered_count as f64) < share * cells as f64 {
        let path = match roads {
            Roads::Walks => walk(&mut rng, walks, (w, h), &at, &index),
            Roads::Straight => straight(&mut rng, walks, (w, h), &at),
        };
        walks += 1;
        if path.len() < 2 {
            continue;
        }
        for hex in &path {
            let i = index(*hex).unwrap();
            if !covered[i] {
                covered[i] = true;
                covered_count += 1;
            }
        }
        let labels: Vec<String> = path.iter().map(|hex| label(*hex)).collect();
        builder = if rng.below_u32(2) == 0 {
            builder.road(labels)
        } else {
            builder.trail(labels)
        };
    }
    let map = builder.build().expect("the generated map is valid");

    // Units on distinct hexes, never on the beach.
    let mut taken = vec![false; cells];
    let mut units = Vec::with_capacity(friendly + enemy);
    for (side, count, prefix) in [(0u8, friendly, "F"), (1u8, enemy, "E")] {
        let mut placed = 0;
        while placed < count {
            let hex = at(rng.range(2, w), rng.range(1, h));
            let i = index(hex).unwrap();
            // Friendly units stand on or next to a road or trail; every third enemy unit
            // stands on one, the others anywhere.
            let near_net = covered[i]
                || hex
                    .neighbors()
                    .into_iter()
                    .any(|n| index(n).is_some_and(|j| covered[j]));
            let wanted = match side {
                0 => near_net,
                _ => placed % 3 != 0 || covered[i],
            };
            if taken[i] || !wanted {
                continue;
            }
            taken[i] = true;
            placed += 1;
            units.push(Unit::new(format!("{prefix}{placed}"), side, hex));
        }
    }
    let position = Position::new(&map, units).expect("the generated units are on the map");
    let targets = (1..=h).map(|row| at(1, row)).collect();
    Scenario {
        map,
        position,
        targets,
    }
}

/// A random walk with a drift direction that itself turns now and then (every third one from
/// the beach, inland).
fn walk(
    rng: &mut Rng,
    walks: u32,
    (w, h): (i32, i32),
    at: &impl Fn(i32, i32) -> Hex,
    index: &impl Fn(Hex) -> Option<usize>,
) -> Vec<Hex> {
    let (start, mut drift) = if walks.is_multiple_of(3) {
        // From the beach, inland: directions 0 and 1 both go to the next column east.
        (at(1, rng.range(1, h)), rng.below_u32(2))
    } else {
        (at(rng.range(1, w), rng.range(1, h)), rng.below_u32(6))
    };
    let len = rng.range(w / 2, w * 3 / 2);
    let mut path = vec![start];
    let mut cur = start;
    for _ in 0..len {
        if rng.below_u32(12) == 0 {
            drift = (drift + if rng.below_u32(2) == 0 { 1 } else { 5 }) % 6;
        }
        let turn = match rng.below_u32(20) {
            0..=8 => 0,
            9..=13 => 1,
            14..=18 => 5,
            _ => 2 + 2 * rng.below_u32(2),
        };
        let next = cur.neighbor(Direction::ALL[usize::try_from((drift + turn) % 6).unwrap()]);
        if index(next).is_none() {
            break;
        }
        if path.len() >= 2 && next == path[path.len() - 2] {
            continue;
        }
        path.push(next);
        cur = next;
    }
    path
}

/// A straight road along one row (hexes of a row of flat-topped offset columns are adjacent
/// one to the next) or one column, half the map to all of it long; every third one along a
/// row from the beach.
fn straight(
    rng: &mut Rng,
    walks: u32,
    (w, h): (i32, i32),
    at: &impl Fn(i32, i32) -> Hex,
) -> Vec<Hex> {
    let along_row = walks.is_multiple_of(3) || rng.below_u32(2) == 0;
    let (lines, span) = if along_row { (h, w) } else { (w, h) };
    let line = rng.range(1, lines);
    let len = rng.range(span / 2, span);
    let first = if along_row && walks.is_multiple_of(3) {
        1
    } else {
        rng.range(1, span - len + 1)
    };
    (first..first + len)
        .map(|i| if along_row { at(i, line) } else { at(line, i) })
        .collect()
}
