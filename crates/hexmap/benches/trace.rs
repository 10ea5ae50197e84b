//! Whole-position supply tracing: the road-chain plan, [`hexmap::Tracer`] and two word-parallel
//! baselines against a per-unit breadth-first search written with the `pathfinding` crate.
//!
//! Each scenario is a generated, seeded map: flat-topped hexes, the west edge column is the
//! beach (the targets), and friendly (side 0) and enemy (side 1) units scattered over it. Two
//! generators lay the road/trail net: meandering random walks over about a fifth of the hexes
//! ([`generate`]), and long straight roads along rows and columns over about 22% of them
//! ([`generate_straight`]). A hex is free for side 0 when it holds no side-1 unit and is not in
//! side-1 ZOC unless a side-0 unit is on it.
//!
//! The contenders answer "which friendly units trace (K = 3 hexes of any terrain, then along
//! roads and trails, target on the chain)":
//! - `plan-whole`: `ChainPlan::position` from the units' hexes, then `traced` for every friendly
//!   unit (the free test, ZOC included, built in every iteration);
//! - `row-bitset-baseline` (the strong baseline, `common/rowbits.rs`): row bitsets, a run of
//!   road along a row filled by the carry of an addition, the other directions as shifted
//!   masks, until nothing grows; each unit's first K+1 hexes as a dilation of its bit;
//! - `column-bitset-baseline` (the weak one, `common/bitset.rs`): column bitsets swept right
//!   and left until nothing grows;
//! - `tracer`: `Tracer::new` + `trace_all` over every friendly unit (preparation included), and
//!   `tracer-reused` (one tracer kept across positions);
//! - `pathfinding-bfs`: one `pathfinding::prelude::bfs` per friendly unit over states
//!   `(Hex, steps so far capped at K+1)`, with the same transition rules as `hexmap::search`.
//!
//! The setup asserts that every contender gives `hexmap::search`'s traced/cut answer for every
//! unit, that every path obeys the rules, and that some but not all units trace.
//!
//! ```sh
//! cargo bench -p wargame-hexmap --bench trace
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story

use std::hint::black_box;
use std::time::Duration;

use bitset::{BaseUnit, BaseWork, Baseline};
use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::ByNode;
use hexmap::petgraph::graph::NodeIndex;
use hexmap::{ChainPlan, ChainWork, Placed, ZocRule};
use hexmap::{Hex, HexMap, Path, RoadChain as TraceRules, Targets, Tracer, check_path, search};
use pathfinding::prelude::bfs;
use rowbits::{RowBaseline, RowWork};

#[path = "common/bitset.rs"]
mod bitset;
#[path = "common/rowbits.rs"]
mod rowbits;
#[path = "common/scenario.rs"]
mod scenario;
use scenario::{Scenario, generate, generate_straight, layout};

/// The seed of every scenario, chosen among seeds 1 to 8 so that most but not all friendly units
/// trace and most cut-offs are the enemy's doing. `TRACE_SEED=n` in the environment overrides
/// it (the setup still asserts that some but not all units trace).
const SEED: u64 = 5;

/// Everything both contenders share: the free table (by graph node), the target table and set,
/// and the friendly units' hexes.
struct Prepared {
    scenario: Scenario,
    free: Vec<bool>,
    is_target: Vec<bool>,
    targets: Targets,
    starts: Vec<Hex>,
}

impl Prepared {
    fn new(scenario: Scenario) -> Self {
        let (map, position) = (&scenario.map, &scenario.position);
        let enemy_zoc = position.zoc(map, 1);
        // Node `i` of the map is `map.hexes()[i]`, so this is indexed by `map.node(hex)`.
        let free = map
            .hexes()
            .iter()
            .map(|info| {
                let hex = info.hex;
                !position.occupied_by(map, hex, 1)
                    && (!enemy_zoc.controls(map, hex) || position.occupied_by(map, hex, 0))
            })
            .collect();
        let targets = Targets::new(map, scenario.targets.iter().copied()).unwrap();
        let is_target = map
            .hexes()
            .iter()
            .map(|info| targets.contains(map, info.hex))
            .collect();
        let starts = position
            .units()
            .iter()
            .filter(|u| u.side == 0)
            .map(|u| u.hex)
            .collect();
        Prepared {
            scenario,
            free,
            is_target,
            targets,
            starts,
        }
    }

    fn map(&self) -> &HexMap {
        &self.scenario.map
    }

    /// The free test as `hexmap` wants it: `None` when free, `Some(())` when blocked.
    fn blocked(&self, hex: Hex) -> Option<()> {
        match self.map().node(hex) {
            Some(n) if self.free[n.index()] => None,
            _ => Some(()),
        }
    }

    /// Contender: prepare a `Tracer` and answer every friendly unit. The rule is bound to the
    /// map once per map (`bound`), outside the timing; the preparation per position is timed.
    /// The free test is the same table, handed over by graph node (no hex lookup per hex).
    fn tracer(&self, bound: &hexmap::BoundRule<'_>) -> Vec<Option<Path>> {
        let by_node = ByNode(|n: NodeIndex<u32>| (!self.free[n.index()]).then_some(()));
        let tracer = Tracer::new(bound, &self.targets, &by_node);
        tracer.trace_all(&self.starts)
    }

    /// Contender for a bot's loop: one tracer kept across positions, prepared again from the
    /// free table by node (borrowed), answering traced/cut without building paths.
    fn tracer_reused<'a>(
        &'a self,
        tracer: &mut Tracer<'a, '_>,
        scratch: &mut hexmap::internal::TraceScratch,
    ) -> Vec<bool> {
        tracer.reset_free_table(&self.free);
        tracer.traced_all_with(&self.starts, scratch)
    }

    /// Baseline: one `pathfinding` BFS per friendly unit over `(hex, steps capped at K+1)`.
    fn baseline(&self, rules: TraceRules) -> Vec<Option<Vec<(Hex, u32)>>> {
        self.starts
            .iter()
            .map(|start| self.baseline_one(*start, rules))
            .collect()
    }

    fn baseline_one(&self, start: Hex, rules: TraceRules) -> Option<Vec<(Hex, u32)>> {
        let map = self.map();
        let k = rules.free_hexes;
        bfs(
            &(start, 0u32),
            |&(u, p)| {
                map.neighbors(u).filter_map(move |(v, side)| {
                    if side.impassable {
                        return None;
                    }
                    let n = map.node(v)?.index();
                    if !self.free[n] {
                        return None;
                    }
                    let np = (p + 1).min(k + 1);
                    let chain_ok = np <= k
                        || (map.hexes()[n].on_road_net && (p < k + 1 || side.road_or_trail()));
                    chain_ok.then_some((v, np))
                })
            },
            |&(hex, _)| map.node(hex).is_some_and(|n| self.is_target[n.index()]),
        )
    }

    /// Assert that the tracer, the baseline and `hexmap::search` agree for every unit, that
    /// every path is valid, and that some but not all units trace; print what was generated.
    fn verify(&self, name: &str, rules: TraceRules) {
        let map = self.map();
        let bound = rules.rule().bind(map).unwrap();
        let tracer = self.tracer(&bound);
        let baseline = self.baseline(rules);
        let mut traced = 0;
        for (i, start) in self.starts.iter().enumerate() {
            let searched = search(&bound, *start, &self.targets, &|hex| self.blocked(hex));
            let label = map.label_text(*start);
            assert_eq!(
                tracer[i].is_some(),
                baseline[i].is_some(),
                "{name}: tracer and baseline disagree on {label}"
            );
            assert_eq!(
                searched.is_ok(),
                baseline[i].is_some(),
                "{name}: search and baseline disagree on {label}"
            );
            if let (Some(t), Some(b), Ok(s)) = (&tracer[i], &baseline[i], &searched) {
                traced += 1;
                let b = Path::new(b.iter().map(|(hex, _)| *hex).collect());
                for path in [t, &b, s] {
                    check_path(&bound, path, &self.targets, &|hex| self.blocked(hex))
                        .unwrap_or_else(|e| panic!("{name}: bad path from {label}: {e}"));
                }
                assert_eq!(
                    b.hexes.len(),
                    s.hexes.len(),
                    "{name}: shortest paths differ"
                );
            }
        }
        // Units that would trace if nothing blocked: the others are cut by distance alone.
        let open = self
            .starts
            .iter()
            .filter(|start| search(&bound, **start, &self.targets, &|_| None::<()>).is_ok())
            .count();
        let on_net = map.hexes().iter().filter(|h| h.on_road_net).count();
        println!(
            "{name}: {} hexes, road/trail net {on_net} hexes ({:.1}%), {} friendly units, \
             {traced} traced, {} cut ({} by enemy units and ZOC, {} by distance alone)",
            map.len(),
            100.0 * on_net as f64 / map.len() as f64,
            self.starts.len(),
            self.starts.len() - traced,
            open - traced,
            self.starts.len() - open,
        );
        assert!(
            traced > 0 && traced < self.starts.len(),
            "{name}: {traced} of {} traced; the scenario must have both",
            self.starts.len()
        );
    }
}

/// The whole-position contenders on one prepared map: the road-chain plan and the two bitset
/// baselines (columns swept until nothing grows; rows filled by carries), from the units'
/// hexes to every friendly unit traced or cut.
struct Whole<'m> {
    plan: ChainPlan<'m>,
    work: ChainWork,
    placed: Vec<Placed>,
    columns: Baseline,
    base_units: Vec<BaseUnit>,
    base_work: BaseWork,
    rows: RowBaseline,
    row_work: RowWork,
}

impl<'m> Whole<'m> {
    fn new(prepared: &'m Prepared, width: u16, height: u16, rules: TraceRules) -> Whole<'m> {
        let map = prepared.map();
        let units = prepared.scenario.position.units();
        let placed = units
            .iter()
            .map(|u| {
                if u.side == 0 {
                    Placed::friendly(u.hex)
                } else {
                    Placed::enemy(u.hex).with_zoc(u.exerts_zoc)
                }
            })
            .collect();
        let base_units = units
            .iter()
            .map(|u| BaseUnit {
                node: map.node(u.hex).unwrap().index(),
                friendly: u.side == 0,
                zoc: u.exerts_zoc,
            })
            .collect();
        let (w, h) = (usize::from(width), usize::from(height));
        let layout = layout(width, height);
        let targets = &prepared.scenario.targets;
        let columns = Baseline::new(map, &layout, w, h, rules.free_hexes, targets);
        let rows = RowBaseline::new(map, &layout, w, h, rules.free_hexes, targets);
        Whole {
            // The free test of `Prepared`: enemy units and zones of control, negated by a
            // friendly unit.
            plan: ChainPlan::new(map, rules, &ZocRule::new().negated_by_friendly(true)).unwrap(),
            work: ChainWork::default(),
            placed,
            columns,
            base_units,
            base_work: BaseWork::default(),
            rows,
            row_work: RowWork::default(),
        }
    }

    /// The plan: the free test and the chain from the units, then every friendly unit.
    fn plan(&mut self, prepared: &Prepared) -> Vec<bool> {
        let targets = &prepared.targets;
        self.plan
            .position(targets, self.placed.iter().copied(), &mut self.work);
        prepared
            .starts
            .iter()
            .map(|s| self.plan.traced(targets, &mut self.work, *s))
            .collect()
    }

    /// The column baseline: columns swept until nothing grows.
    fn columns(&mut self) -> Vec<bool> {
        self.columns.evaluate(&self.base_units, &mut self.base_work)
    }

    /// The row baseline: runs along rows filled by the carry of an addition.
    fn rows(&mut self) -> Vec<bool> {
        self.rows.evaluate(&self.base_units, &mut self.row_work)
    }

    /// All three give `expected` (`search`'s answer), unit by unit.
    fn verify(&mut self, prepared: &Prepared, expected: &[bool], name: &str) {
        for (answers, who) in [
            (self.plan(prepared), "the plan"),
            (self.columns(), "the column bitset baseline"),
            (self.rows(), "the row bitset baseline"),
        ] {
            for (i, (got, want)) in answers.iter().zip(expected).enumerate() {
                let label = prepared.map().label_text(prepared.starts[i]);
                assert_eq!(got, want, "{name}: {who} and search disagree on {label}");
            }
            assert_eq!(
                answers.len(),
                expected.len(),
                "{name}: {who} left units out"
            );
        }
    }
}

/// `search`'s answer for every friendly unit: traced or cut.
fn searched(prepared: &Prepared, bound: &hexmap::BoundRule<'_>) -> Vec<bool> {
    prepared
        .starts
        .iter()
        .map(|start| {
            search(bound, *start, &prepared.targets, &|hex| {
                prepared.blocked(hex)
            })
            .is_ok()
        })
        .collect()
}

/// The sizes of the whole-position benchmarks: map side, units of each side.
const SIZES: [(u16, u16, usize); 3] = [(60, 60, 30), (140, 140, 60), (200, 200, 100)];

fn bench_all_units(c: &mut Criterion) {
    let rules = TraceRules::new(3);
    for (width, height, units) in SIZES {
        let name = format!("{width}x{height}");
        let seed = std::env::var("TRACE_SEED").map_or(SEED, |s| s.parse().unwrap());
        let prepared = Prepared::new(generate(width, height, units, units, seed));
        prepared.verify(&name, rules);
        let bound = rules.rule().bind(prepared.map()).unwrap();
        let mut reused = Tracer::with_free_table(&bound, &prepared.targets, &prepared.free);
        let mut scratch = hexmap::internal::TraceScratch::new(prepared.map().len());
        let expected = searched(&prepared, &bound);
        assert_eq!(
            prepared.tracer_reused(&mut reused, &mut scratch),
            expected,
            "{name}: the reused tracer and search disagree"
        );
        let mut whole = Whole::new(&prepared, width, height, rules);
        whole.verify(&prepared, &expected, &name);
        let mut group = c.benchmark_group(format!("all-units/{name}"));
        group.bench_function("plan-whole", |b| {
            b.iter(|| black_box(whole.plan(black_box(&prepared))));
        });
        group.bench_function("row-bitset-baseline", |b| {
            b.iter(|| black_box(whole.rows()));
        });
        group.bench_function("column-bitset-baseline", |b| {
            b.iter(|| black_box(whole.columns()));
        });
        group.bench_function("tracer", |b| {
            b.iter(|| black_box(prepared.tracer(black_box(&bound))));
        });
        group.bench_function("tracer-reused", |b| {
            b.iter(|| black_box(prepared.tracer_reused(&mut reused, &mut scratch)));
        });
        group.bench_function("pathfinding-bfs", |b| {
            b.iter(|| black_box(prepared.baseline(black_box(rules))));
        });
        group.finish();
    }
}

/// The second generator ([`generate_straight`]): long straight roads along rows and columns,
/// about 22% of the hexes on the net; the plan against both baselines.
fn bench_straight(c: &mut Criterion) {
    let rules = TraceRules::new(3);
    for (width, height, units) in SIZES {
        let name = format!("{width}x{height}");
        let seed = std::env::var("TRACE_SEED").map_or(SEED, |s| s.parse().unwrap());
        let prepared = Prepared::new(generate_straight(width, height, units, units, seed));
        prepared.verify(&format!("straight {name}"), rules);
        let bound = rules.rule().bind(prepared.map()).unwrap();
        let expected = searched(&prepared, &bound);
        let mut whole = Whole::new(&prepared, width, height, rules);
        whole.verify(&prepared, &expected, &name);
        let mut group = c.benchmark_group(format!("all-units-straight/{name}"));
        group.bench_function("plan-whole", |b| {
            b.iter(|| black_box(whole.plan(black_box(&prepared))));
        });
        group.bench_function("row-bitset-baseline", |b| {
            b.iter(|| black_box(whole.rows()));
        });
        group.bench_function("column-bitset-baseline", |b| {
            b.iter(|| black_box(whole.columns()));
        });
        group.finish();
    }
}

/// How the tracer grows with the map: square maps from 10 x 10 to 200 x 200, units in proportion
/// to the side (side / 2 of each side, at least 3), the same generator and seed; the reused
/// tracer's answers are asserted equal to `search`'s for every unit.
fn bench_scaling(c: &mut Criterion) {
    let rules = TraceRules::new(3);
    let mut group = c.benchmark_group("scaling");
    for side in [10u16, 25, 50, 100, 200] {
        let units = usize::from(side / 2).max(3);
        let prepared = Prepared::new(generate(side, side, units, units, SEED));
        let bound = rules.rule().bind(prepared.map()).unwrap();
        let mut reused = Tracer::with_free_table(&bound, &prepared.targets, &prepared.free);
        let mut scratch = hexmap::internal::TraceScratch::new(prepared.map().len());
        let answers = prepared.tracer_reused(&mut reused, &mut scratch);
        for (start, traced) in prepared.starts.iter().zip(&answers) {
            let searched = search(&bound, *start, &prepared.targets, &|hex| {
                prepared.blocked(hex)
            });
            assert_eq!(
                searched.is_ok(),
                *traced,
                "{side}x{side}: tracer and search disagree"
            );
        }
        let mut whole = Whole::new(&prepared, side, side, rules);
        whole.verify(&prepared, &answers, &format!("{side}x{side}"));
        group.bench_function(format!("plan-whole/{side}x{side}"), |b| {
            b.iter(|| black_box(whole.plan(black_box(&prepared))));
        });
        group.bench_function(format!("row-bitset-baseline/{side}x{side}"), |b| {
            b.iter(|| black_box(whole.rows()));
        });
        group.bench_function(format!("column-bitset-baseline/{side}x{side}"), |b| {
            b.iter(|| black_box(whole.columns()));
        });
        group.bench_function(format!("tracer-reused/{side}x{side}"), |b| {
            b.iter(|| black_box(prepared.tracer_reused(&mut reused, &mut scratch)));
        });
        group.bench_function(format!("tracer/{side}x{side}"), |b| {
            b.iter(|| black_box(prepared.tracer(black_box(&bound))));
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_all_units, bench_straight, bench_scaling
}
criterion_main!(benches);
