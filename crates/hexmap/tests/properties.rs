//! Property tests on random small maps: the all-units tracer agrees with the per-unit search,
//! every path found obeys the rules, and an extra enemy unit never creates a path.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{
    Compass, Hex, HexMap, Layout, MapBuilder, Orientation, Parity, Position, TargetRule, Targets,
    TraceRules, Tracer, Unit, check_path, search,
};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct World {
    map: HexMap,
    friends: Vec<Hex>,
    enemies: Vec<Hex>,
    targets: Vec<Hex>,
    rules: TraceRules,
}

fn label(row: u16, col: u16) -> String {
    format!("{row:02}{col:02}")
}

fn world() -> impl Strategy<Value = World> {
    (
        3u16..8,
        3u16..8,
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(any::<u64>(), 12),
        0u32..4,
        any::<bool>(),
    )
        .prop_map(|(rows, cols, flat, odd, seeds, k, adjoin)| {
            let orientation = if flat {
                Orientation::Flat
            } else {
                Orientation::Pointy
            };
            let layout = Layout::row_column(orientation, 1..=rows, 1..=cols)
                .with_shifted(if odd { Parity::Odd } else { Parity::Even })
                .with_growth(Compass::North, Compass::East);
            let mut rng = seeds[0] | 1;
            let mut next = move || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            let all: Vec<(u16, u16)> = (1..=rows)
                .flat_map(|r| (1..=cols).map(move |c| (r, c)))
                .collect();
            let mut b = MapBuilder::new("random", layout.clone());
            let mut holes = std::collections::BTreeSet::new();
            for &(r, c) in &all {
                if next() % 9 == 0 {
                    b = b.hole(&label(r, c));
                    holes.insert((r, c));
                }
            }
            let land: Vec<(u16, u16)> =
                all.iter().copied().filter(|x| !holes.contains(x)).collect();
            let hex_of = |(r, c): (u16, u16)| {
                layout
                    .label_to_hex(layout.parse_label(&label(r, c)).unwrap())
                    .unwrap()
            };
            // Random walks for roads and trails; random impassable / ZOC-blocking hexsides.
            for w in 0..4 {
                let mut cur = land[(next() as usize) % land.len()];
                let mut path = vec![label(cur.0, cur.1)];
                for _ in 0..(next() % 8 + 1) {
                    let nbrs: Vec<(u16, u16)> = land
                        .iter()
                        .copied()
                        .filter(|x| hex_of(*x).is_adjacent(hex_of(cur)))
                        .collect();
                    if nbrs.is_empty() {
                        break;
                    }
                    cur = nbrs[(next() as usize) % nbrs.len()];
                    path.push(label(cur.0, cur.1));
                }
                if path.len() >= 2 {
                    b = if w % 2 == 0 {
                        b.road(&path)
                    } else {
                        b.trail(&path)
                    };
                }
            }
            for _ in 0..3 {
                let a = land[(next() as usize) % land.len()];
                let nbrs: Vec<(u16, u16)> = land
                    .iter()
                    .copied()
                    .filter(|x| hex_of(*x).is_adjacent(hex_of(a)))
                    .collect();
                if let Some(&n) = nbrs.get((next() as usize) % nbrs.len().max(1)) {
                    let (x, y) = (label(a.0, a.1), label(n.0, n.1));
                    b = if next() % 2 == 0 {
                        b.impassable(&x, &y)
                    } else {
                        b.blocks_zoc(&x, &y)
                    };
                }
            }
            let map = b.build().unwrap();
            let pick = |n: u64, next: &mut dyn FnMut() -> u64| -> Vec<Hex> {
                (0..n)
                    .map(|_| hex_of(land[(next() as usize) % land.len()]))
                    .collect()
            };
            let friends = pick(next() % 5 + 1, &mut next);
            let enemies = pick(next() % 4, &mut next);
            let targets = pick(next() % 3 + 1, &mut next);
            let rules = TraceRules::new(k).with_target(if adjoin {
                TargetRule::MayAdjoinChain
            } else {
                TargetRule::OnChain
            });
            World {
                map,
                friends,
                enemies,
                targets,
                rules,
            }
        })
}

/// Leyte's free test: no enemy unit, and no enemy ZOC unless a friendly unit is there.
fn free_test(w: &World, enemies: &[Hex]) -> impl Fn(Hex) -> Option<&'static str> {
    let mut units: Vec<Unit<u8>> = Vec::new();
    for (i, h) in w.friends.iter().enumerate() {
        units.push(Unit::new(format!("F{i}"), 0, *h));
    }
    for (i, h) in enemies.iter().enumerate() {
        units.push(Unit::new(format!("E{i}"), 1, *h));
    }
    let position = Position::new(&w.map, units).unwrap();
    let zoc = position.zoc(&w.map, 1);
    let blocked: Vec<Option<&'static str>> = w
        .map
        .hexes()
        .iter()
        .map(|info| {
            if position.occupied_by(&w.map, info.hex, 1) {
                Some("enemy unit")
            } else if zoc.controls(&w.map, info.hex) && !position.occupied_by(&w.map, info.hex, 0) {
                Some("enemy ZOC")
            } else {
                None
            }
        })
        .collect();
    let map = w.map.clone();
    move |h| map.node(h).and_then(|n| blocked[n.index()])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn tracer_agrees_with_search_and_paths_obey_the_rules(w in world()) {
        let free = free_test(&w, &w.enemies);
        let targets = Targets::new(&w.map, w.targets.iter().copied());
        let tracer = Tracer::new(&w.map, &targets, w.rules, &free);
        let all = tracer.trace_all(&w.friends);
        for (start, fast) in w.friends.iter().zip(&all) {
            let slow = search(&w.map, *start, &targets, w.rules, &free);
            prop_assert_eq!(fast.is_some(), slow.is_ok(), "start {}", w.map.label_text(*start));
            if let Some(p) = fast {
                prop_assert_eq!(p.hexes[0], *start);
                prop_assert!(check_path(&w.map, p, &targets, w.rules, &free).is_ok(), "{:?}", check_path(&w.map, p, &targets, w.rules, &free));
            }
            if let Ok(p) = &slow {
                prop_assert!(check_path(&w.map, p, &targets, w.rules, &free).is_ok());
                // BFS finds a shortest path; the tracer's path is never shorter.
                prop_assert!(fast.as_ref().is_some_and(|f| f.hexes.len() >= p.hexes.len()));
            }
        }
    }

    #[test]
    fn an_extra_enemy_unit_never_creates_a_path(w in world(), extra in any::<prop::sample::Index>()) {
        let targets = Targets::new(&w.map, w.targets.iter().copied());
        let before = free_test(&w, &w.enemies);
        let mut more = w.enemies.clone();
        more.push(w.map.hexes()[extra.index(w.map.len())].hex);
        let after = free_test(&w, &more);
        for start in &w.friends {
            let was = search(&w.map, *start, &targets, w.rules, &before).is_ok();
            let is = search(&w.map, *start, &targets, w.rules, &after).is_ok();
            prop_assert!(was || !is, "a path appeared from {}", w.map.label_text(*start));
        }
    }
}
