//! Invariants the rulebook implies, on random positions over the stand-in map.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::HexMap;
use leyte_victory::{
    Objective, Position, Rating, Scenario, Schedule, Side, Unit, VictoryLevel, beach, score,
};
use proptest::prelude::*;

fn map() -> HexMap {
    let text = include_str!("../../../fixtures/maps/leyte-standin.toml");
    HexMap::from_toml_str(text, Some("leyte-standin.toml")).unwrap()
}

fn scenario(map: &HexMap) -> Scenario {
    let mut s = Scenario::new("Random", &[beach::NORTHERN, beach::EASTERN]);
    for (i, l) in ["2215", "2312", "2918"].iter().enumerate() {
        s.objectives.push(Objective::occupy(
            format!("US objective {i}"),
            Side::Us,
            20,
            [map.parse(l).unwrap()],
        ));
    }
    s.objectives.push(Objective::per_unit_near(
        "Airfields",
        Side::Japanese,
        10,
        "airfield",
    ));
    s
}

/// Random units on distinct hexes: (hex index, side, attack, defense).
fn units() -> impl Strategy<Value = Vec<(usize, bool, u32, u32)>> {
    prop::collection::vec((0usize..776, any::<bool>(), 0u32..8, 0u32..8), 0..25)
}

fn units_on_map(map: &HexMap, raw: &[(usize, bool, u32, u32)]) -> Vec<Unit> {
    let mut seen = std::collections::BTreeSet::new();
    let mut units = Vec::new();
    for (i, (h, us, a, d)) in raw.iter().enumerate() {
        let hex = map.hexes()[*h % map.len()].hex;
        if !seen.insert(hex) {
            continue;
        }
        units.push(Unit::new(
            format!("U{i}"),
            if *us { Side::Us } else { Side::Japanese },
            Rating::Standard {
                attack: *a,
                defense: *d,
                movement: Some(4),
            },
            hex,
        ));
    }
    units
}

fn position(map: &HexMap, units: Vec<Unit>) -> Position {
    Position::new(map, units, Vec::new(), Vec::new()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// An extra Japanese unit can cut Lines of Communications but never restore one: the US
    /// total never rises and the Japanese total never falls.
    #[test]
    fn an_extra_japanese_unit_never_helps_the_us(raw in units(), extra in 0usize..776) {
        let map = map();
        let s = scenario(&map);
        let mut units = units_on_map(&map, &raw);
        let hex = map.hexes()[extra % map.len()].hex;
        prop_assume!(units.iter().all(|u| u.hex != hex));
        let before = position(&map, units.clone());
        units.push(Unit::new(
            "EXTRA",
            Side::Japanese,
            Rating::Standard { attack: 1, defense: 1, movement: Some(4) },
            hex,
        ));
        let after = position(&map, units);
        let a = score(&map, &s, &before).unwrap();
        let b = score(&map, &s, &after).unwrap();
        prop_assert!(b.us.total <= a.us.total);
        prop_assert!(b.japanese.total >= a.japanese.total);
        for (x, y) in a.loc.iter().zip(&b.loc) {
            prop_assert!(x.traced || !y.traced, "{} gained a LOC", x.unit);
        }
        // Totals are the sums of their awards.
        prop_assert_eq!(b.us.total, b.us.awards.iter().map(|w| u64::from(w.vp)).sum::<u64>());
    }

    /// The schedule gives every pair of scores exactly one level, and more US points never
    /// lower it (nor more Japanese points raise it).
    #[test]
    fn the_schedule_is_total_and_monotone(us in 0u64..2000, jp in 0u64..2000) {
        let level = |us, jp| Schedule::default().ratio(us, jp).level();
        let l = level(us, jp);
        prop_assert_eq!(VictoryLevel::ALL.iter().filter(|x| **x == l).count(), 1);
        prop_assert!(level(us + 1, jp) <= l);
        prop_assert!(level(us, jp + 1) >= l);
    }
}
