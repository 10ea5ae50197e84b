//! What a cut unit reaches, and its walk to the nearest road/trail hex, for every fixture: the
//! summary agrees with the frontier it summarises and with the map.
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use leyte_victory::BlockReason;

#[test]
fn every_cut_units_reach_agrees_with_its_frontier_and_the_map() {
    let (mut cut, mut walks) = (0, 0);
    for name in common::fixtures() {
        let (state, report) = common::scored(&name);
        let map = state.map();
        let hex = |l: &str| map.parse(l).unwrap();
        for e in report.loc.iter().filter(|e| !e.traced) {
            cut += 1;
            // Summarised when the road/trail net is what cut it, and only then.
            let net_cut = e.frontier.iter().flatten().any(|b| {
                matches!(
                    b.reason,
                    BlockReason::OffRoad { .. } | BlockReason::NoRoadAcross { .. }
                )
            });
            assert_eq!(e.reach.is_some(), net_cut, "{name}: {}", e.unit);
            let Some(reach) = e.reach.as_ref() else {
                continue;
            };
            let region: Vec<_> = reach.hexes.iter().map(|l| hex(l)).collect();
            assert!(
                region.contains(&hex(&e.hex)),
                "{name}: {} not in its reach",
                e.unit
            );
            let nodes: Vec<usize> = region
                .iter()
                .map(|h| map.node(*h).unwrap().index())
                .collect();
            assert!(
                nodes.windows(2).all(|w| w[0] < w[1]),
                "{name}: not in label order"
            );
            // Each frontier hex lies just outside what the unit reaches.
            for b in e.frontier.iter().flatten() {
                let h = hex(&b.hex);
                assert!(
                    !region.contains(&h),
                    "{name}: {} both reached and blocked",
                    b.hex
                );
                assert!(
                    region.iter().any(|r| r.is_adjacent(h)),
                    "{name}: {} is not at the edge",
                    b.hex
                );
            }
            let Some(near) = &reach.nearest_road else {
                continue;
            };
            walks += 1;
            let walk: Vec<_> = near.walk.iter().map(|l| hex(l)).collect();
            assert_eq!(walk.first(), Some(&hex(&e.hex)), "{name}");
            assert_eq!(walk.last(), Some(&hex(&near.hex)), "{name}");
            assert_eq!(near.distance as usize + 1, walk.len(), "{name}");
            assert!(
                map.on_road_net(hex(&near.hex)),
                "{name}: {} not on the net",
                near.hex
            );
            // The nearest: no hex before the last is on the net; every step crosses a passable
            // hexside; no hex after the start holds an enemy unit or lies in an enemy ZOC the
            // frontier names.
            let refused: Vec<_> = (e.frontier.iter().flatten())
                .filter(|b| {
                    matches!(
                        b.reason,
                        BlockReason::EnemyUnit { .. } | BlockReason::EnemyZoc { .. }
                    )
                })
                .map(|b| hex(&b.hex))
                .collect();
            for (i, w) in walk.windows(2).enumerate() {
                let side = map
                    .hexside(w[0], w[1])
                    .unwrap_or_else(|| panic!("{name}: gap"));
                assert!(!side.impassable, "{name}");
                assert!(
                    !refused.contains(&w[1]),
                    "{name}: the walk enters a blocked hex"
                );
                assert!(
                    !map.on_road_net(w[0]) || i == 0 && near.distance == 0,
                    "{name}"
                );
            }
            assert!(
                near.distance >= walk[0].distance(walk[walk.len() - 1]),
                "{name}"
            );
        }
    }
    assert!(cut >= 10 && walks >= 7, "{cut} cut units, {walks} walks");
}
