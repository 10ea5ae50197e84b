//! Explaining cut units costs their neighbourhood, not the map: 10,000 units, every one cut, on
//! a map of 1,000 x 1,000 hexes (the most a map may hold), under Leyte's rule (three hexes of any
//! terrain, then along roads and trails, to the west edge).
//!
//! Timed, per position: `Tracer::with_free_table` + `traced_all` for every unit, then
//! `search` for each cut unit, which returns its `Cut` (the blocked frontier with the reason for
//! each hex). The map is built once, outside the timing. The setup asserts that every unit is
//! cut, that `search` agrees, and that each frontier is small (bounded by the unit's
//! surroundings).
//!
//! ```sh
//! cargo bench -p wargame-hexmap --bench explain
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::internal::TraceScratch;
use hexmap::{Compass, Hex, HexMap, Layout, MapBuilder, Orientation, Parity};
use hexmap::{RoadChain, Targets, Tracer, search};

use wargame_kit::rng::Rng;

const SIDE: u16 = 1000;
const UNITS: usize = 10_000;

struct Setup {
    map: HexMap,
    targets: Vec<Hex>,
    starts: Vec<Hex>,
}

/// Short road segments scattered over the map (none reaching the west edge), and units placed
/// at least 20 columns from it: every unit is cut, most after their three free hexes, some after
/// following a short road.
fn setup() -> Setup {
    let layout = Layout::row_column(Orientation::Flat, 1..=SIDE, 1..=SIDE)
        .with_digits(4)
        .with_shifted(Parity::Even)
        .with_growth(Compass::South, Compass::East);
    let hex = |row: u16, col: u16| {
        layout
            .label_to_hex(layout.parse_label(&format!("{row:04}{col:04}")).unwrap())
            .unwrap()
    };
    let mut rng = Rng::new(11);
    let mut builder = MapBuilder::new("explain bench", layout.clone());
    for _ in 0..20_000 {
        let row = 1 + rng.below_u16(SIDE);
        let col = 30 + rng.below_u16(SIDE - 40);
        let len = 2 + rng.below_u16(8);
        builder = builder.road((0..len).map(|i| hex(row, col + i)));
    }
    let map = builder.build().unwrap();
    let targets = (1..=SIDE).map(|row| hex(row, 1)).collect();
    let starts = (0..UNITS)
        .map(|_| hex(1 + rng.below_u16(SIDE), 21 + rng.below_u16(SIDE - 21)))
        .collect();
    Setup {
        map,
        targets,
        starts,
    }
}

fn bench_explain(c: &mut Criterion) {
    let s = setup();
    let rule = RoadChain::new(3).rule().bind(&s.map).unwrap();
    let targets = Targets::new(&s.map, s.targets.iter().copied()).unwrap();
    let free = vec![true; s.map.len()];
    let nothing = |_h: Hex| None::<()>;

    let run = || {
        let tracer = Tracer::with_free_table(&rule, &targets, &free);
        let mut scratch = TraceScratch::new(s.map.len());
        let traced = tracer.traced_all_with(&s.starts, &mut scratch);
        let mut frontier_hexes = 0usize;
        for (start, ok) in s.starts.iter().zip(&traced) {
            if !ok {
                let cut = search(&rule, *start, &targets, &nothing).unwrap_err();
                frontier_hexes += cut.frontier.len();
            }
        }
        (traced, frontier_hexes)
    };

    let (traced, frontier_hexes) = run();
    assert!(traced.iter().all(|t| !t), "every unit must be cut");
    let per_unit = frontier_hexes / UNITS;
    assert!(
        per_unit < 200,
        "a cut unit's frontier should be local; {per_unit} hexes on average"
    );
    println!(
        "explain: {} hexes, {UNITS} units, all cut, {frontier_hexes} frontier hexes ({per_unit} per unit)",
        s.map.len()
    );

    let mut group = c.benchmark_group("explain/1000x1000");
    group.sample_size(10);
    group.bench_function("trace-and-explain-10000-cut-units", |b| {
        b.iter(|| black_box(run()));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    targets = bench_explain
}
criterion_main!(benches);
