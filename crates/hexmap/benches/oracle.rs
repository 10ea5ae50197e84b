//! The incremental LOC oracle ([`hexmap::LocOracle`]) against a full re-trace, one unit move
//! at a time.
//!
//! The scenario is the trace benchmark's generated 140 x 140 map with 60 friendly (side 0) and
//! 60 enemy (side 1) units, seed 5: the generator is the one `benches/trace.rs` uses
//! (`common/scenario.rs`, drawing from the kit's splitmix64). Leyte's rule
//! (`RoadChain::new(3)`: K = 3, target on the chain, the chain along road/trail hexsides) and
//! ZOC rule ([`zoc_rule`]: the map's marking, negated by a friendly unit).
//!
//! The moves: a cycle of 2 x [`MOVES`] single-unit moves, made once from the seed: [`MOVES`]
//! random moves (a random unit of either side, or of one side for the split cycles, to a random
//! empty hex at distance 1 to 3, off the beach), then the same moves undone in reverse order, so
//! that the cycle returns to the start and can be repeated for as long as criterion wants. Each
//! iteration applies the next move of the cycle; the time is the mean over the cycle.
//!
//! Contenders, per move:
//! - `oracle-update`: [`LocOracle::move_unit`] (the oracle's answers for every unit are then
//!   current);
//! - `plan-whole`: the whole-position evaluation a bot makes without the oracle, the target's
//!   denominator: move the unit in its own list, then [`hexmap::ChainPlan::position`] from the
//!   units' hexes (free test, ZOC and chain; the plan compiled once for the map) and
//!   `ChainPlan::traced` for every friendly unit;
//! - `retrace-new`: what a caller does without the oracle: move the unit in its own list, compute
//!   the free table (enemy units, enemy ZOC, friendly negation, by graph node), `Tracer::new` +
//!   `traced_all` over the friendly units;
//! - `retrace-reset` (mixed cycle only): the same with one `Tracer` kept and `Tracer::reset`
//!   per move (no allocation of the tracer's tables).
//!
//! And the heaviest move: the enemy move of its cycle that changes the chain most, and its undo,
//! alternately (`oracle-update/worst`, `retrace-new/worst`).
//!
//! The setup walks every cycle once with the oracle and the re-trace and asserts, after every
//! move, that every unit's answer is the same (and, every tenth move, the same as a re-trace
//! through `Position::zoc` + `Position::blocking`); and that some but not all units trace.
//!
//! ```sh
//! cargo bench -p wargame-hexmap --features oracle --bench oracle
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::ByNode;
use hexmap::petgraph::graph::NodeIndex;
use hexmap::{
    BoundRule, Hex, HexMap, LocOracle, Position, RoadChain, Targets, Tracer, Unit, ZocRule,
};
use hexmap::{ChainPlan, ChainWork, Placed};

use wargame_kit::rng::Rng;
#[path = "common/scenario.rs"]
mod scenario;
use scenario::{Scenario, generate};

/// The seed of the scenario (the trace benchmark's).
const SEED: u64 = 5;

/// Random moves per cycle (each then undone).
const MOVES: usize = 200;

/// One move of the cycle: unit index, destination.
type Move = (usize, Hex);

/// `MOVES` random moves of units whose side passes `which`, then the same undone in reverse.
fn cycle(s: &Scenario, which: impl Fn(u8) -> bool, seed: u64) -> Vec<Move> {
    let map = &s.map;
    let layout = map.layout();
    let mut rng = Rng::new(seed);
    let mut hexes: Vec<Hex> = s.position.units().iter().map(|u| u.hex).collect();
    let movers: Vec<usize> = (0..hexes.len())
        .filter(|&i| which(s.position.units()[i].side))
        .collect();
    let mut forward = Vec::with_capacity(MOVES);
    while forward.len() < MOVES {
        let i = movers[rng.below(movers.len())];
        let from = hexes[i];
        let to = Hex::new(from.q + rng.range(-3, 3), from.r + rng.range(-3, 3));
        let d = from.distance(to);
        if !(1..=3).contains(&d)
            || map.node(to).is_none()
            || layout.hex_to_offset(to).col == 1
            || hexes.contains(&to)
        {
            continue;
        }
        hexes[i] = to;
        forward.push((i, from, to));
    }
    let mut moves: Vec<Move> = forward.iter().map(|&(i, _, to)| (i, to)).collect();
    moves.extend(forward.iter().rev().map(|&(i, from, _)| (i, from)));
    moves
}

/// The re-trace without an oracle: the units' hexes, the free table and the tracer's inputs.
struct Retrace<'a> {
    map: &'a HexMap,
    bound: &'a BoundRule<'a>,
    targets: &'a Targets,
    sides: Vec<u8>,
    hexes: Vec<Hex>,
    enemies: Vec<u32>,
    friends: Vec<u32>,
    zoc: Vec<u32>,
    free: Vec<bool>,
    starts: Vec<Hex>,
}

impl<'a> Retrace<'a> {
    fn new(s: &'a Scenario, bound: &'a BoundRule<'a>, targets: &'a Targets) -> Self {
        let len = s.map.len();
        Retrace {
            map: &s.map,
            bound,
            targets,
            sides: s.position.units().iter().map(|u| u.side).collect(),
            hexes: s.position.units().iter().map(|u| u.hex).collect(),
            enemies: vec![0; len],
            friends: vec![0; len],
            zoc: vec![0; len],
            free: vec![true; len],
            starts: Vec::new(),
        }
    }

    /// Move the unit and compute the free table (enemy units, enemy ZOC across hexsides that
    /// pass it, negated by a friendly unit) and the friendly units' hexes.
    fn apply(&mut self, (i, to): Move) {
        self.hexes[i] = to;
        self.enemies.fill(0);
        self.friends.fill(0);
        self.zoc.fill(0);
        self.starts.clear();
        for (hex, side) in self.hexes.iter().zip(&self.sides) {
            let n = self.map.node(*hex).unwrap();
            if *side == 0 {
                self.friends[n.index()] += 1;
                self.starts.push(*hex);
            } else {
                self.enemies[n.index()] += 1;
                for (y, hexside) in self.map.neighbor_nodes(n) {
                    if hexside.passes_zoc() {
                        self.zoc[y.index()] += 1;
                    }
                }
            }
        }
        for n in 0..self.free.len() {
            self.free[n] = self.enemies[n] == 0 && (self.zoc[n] == 0 || self.friends[n] > 0);
        }
    }

    /// `apply`, then a new tracer and every friendly unit's answer.
    fn retrace_new(&mut self, m: Move) -> Vec<bool> {
        self.apply(m);
        let free = &self.free;
        let by_node = ByNode(|n: NodeIndex<u32>| (!free[n.index()]).then_some(()));
        Tracer::new(self.bound, self.targets, &by_node).traced_all(&self.starts)
    }

    /// The road-chain plan's whole-position evaluation after the move: from the units'
    /// hexes, the free test, the ZOC and the chain, then every friendly unit.
    fn plan_whole(
        &mut self,
        plan: &ChainPlan<'_>,
        work: &mut ChainWork,
        (i, to): Move,
    ) -> Vec<bool> {
        self.hexes[i] = to;
        let units = self.hexes.iter().zip(&self.sides).map(|(h, side)| {
            if *side == 0 {
                Placed::friendly(*h)
            } else {
                Placed::enemy(*h)
            }
        });
        plan.position(self.targets, units, work);
        self.hexes
            .iter()
            .zip(&self.sides)
            .filter(|(_, side)| **side == 0)
            .map(|(h, _)| plan.traced(self.targets, work, *h))
            .collect()
    }

    /// `apply`, then the kept tracer reset and every friendly unit's answer.
    fn retrace_reset(&mut self, tracer: &mut Tracer<'a, 'a>, m: Move) -> Vec<bool> {
        self.apply(m);
        let free = &self.free;
        tracer.reset(&ByNode(|n: NodeIndex<u32>| {
            (!free[n.index()]).then_some(())
        }));
        tracer.traced_all(&self.starts)
    }
}

/// The oracle's answers for the friendly units, in the re-trace's order.
fn friendly_answers(oracle: &LocOracle<'_, u8>, sides: &[u8]) -> Vec<bool> {
    (0..sides.len())
        .filter(|&i| sides[i] == 0)
        .map(|i| oracle.traced(i))
        .collect()
}

/// Through the `Position` API: a fresh position, `zoc`, `blocking`, a fresh tracer.
fn position_answers(
    s: &Scenario,
    bound: &BoundRule<'_>,
    targets: &Targets,
    hexes: &[Hex],
) -> Vec<bool> {
    let units: Vec<Unit<u8>> = s
        .position
        .units()
        .iter()
        .zip(hexes)
        .map(|(u, h)| Unit::new(u.id.clone(), u.side, *h))
        .collect();
    let position = Position::new(&s.map, units).unwrap();
    let zoc = position.zoc(&s.map, 1);
    let table = position.blocking(&s.map, 0, &zoc, &zoc_rule());
    let starts: Vec<Hex> = position
        .units()
        .iter()
        .filter(|u| u.side == 0)
        .map(|u| u.hex)
        .collect();
    Tracer::new(bound, targets, &table).traced_all(&starts)
}

/// Walk the cycle once with both and assert the same answers after every move; print what the
/// moves change. The index of the move that changes the chain most.
fn verify(
    name: &str,
    s: &Scenario,
    bound: &BoundRule<'_>,
    targets: &Targets,
    moves: &[Move],
) -> usize {
    let mut oracle = new_oracle(s, targets);
    let mut retrace = Retrace::new(s, bound, targets);
    let on_chain = |o: &LocOracle<'_, u8>| -> Vec<bool> {
        s.map.hexes().iter().map(|h| o.on_chain(h.hex)).collect()
    };
    let (mut chain_moves, mut chain_hexes, mut most, mut worst, mut changed) = (0, 0, 0, 0, 0);
    let mut chain = on_chain(&oracle);
    for (k, m) in moves.iter().enumerate() {
        oracle.move_unit(m.0, m.1).unwrap();
        let expected = retrace.retrace_new(*m);
        assert_eq!(
            friendly_answers(&oracle, &retrace.sides),
            expected,
            "{name}: move {k}"
        );
        if k % 10 == 0 {
            let through = position_answers(s, bound, targets, &retrace.hexes);
            assert_eq!(through, expected, "{name}: move {k}, through Position");
        }
        let now = on_chain(&oracle);
        let differ = now.iter().zip(&chain).filter(|(a, b)| a != b).count();
        if differ > 0 {
            chain_moves += 1;
        }
        chain_hexes += differ;
        if differ > most {
            (most, worst) = (differ, k);
        }
        changed += oracle.changed().len();
        chain = now;
    }
    let traced = oracle.traced_all().iter().filter(|t| **t).count();
    let friendly = retrace.starts.len();
    println!(
        "{name}: {} moves; {traced} of {friendly} friendly units trace at the start; \
         {chain_moves} moves change the chain ({chain_hexes} hexes in all, at most {most} in one); \
         {changed} answers change in all",
        moves.len()
    );
    assert!(
        traced > 0 && traced < friendly,
        "{name}: some but not all must trace"
    );
    worst
}

/// The zone-of-control rule: as the map marks it, negated by a friendly unit (Leyte's).
fn zoc_rule() -> ZocRule {
    ZocRule::new().negated_by_friendly(true)
}

fn new_oracle<'m>(s: &'m Scenario, targets: &Targets) -> LocOracle<'m, u8> {
    LocOracle::new(
        &s.map,
        RoadChain::new(3),
        targets,
        &zoc_rule(),
        0,
        s.position.units().iter().cloned(),
    )
    .unwrap()
}

fn bench_moves(c: &mut Criterion) {
    let s = generate(140, 140, 60, 60, SEED);
    let targets = Targets::new(&s.map, s.targets.iter().copied()).unwrap();
    let bound = RoadChain::new(3).rule().bind(&s.map).unwrap();
    let cycles = [
        ("mixed", cycle(&s, |_| true, SEED + 100)),
        ("enemy", cycle(&s, |side| side == 1, SEED + 200)),
        ("friendly", cycle(&s, |side| side == 0, SEED + 300)),
    ];
    let worst: Vec<usize> = cycles
        .iter()
        .map(|(name, moves)| verify(name, &s, &bound, &targets, moves))
        .collect();
    let mut group = c.benchmark_group("move/140x140");
    for (name, moves) in &cycles {
        let mut oracle = new_oracle(&s, &targets);
        let mut k = 0;
        group.bench_function(format!("oracle-update/{name}"), |b| {
            b.iter(|| {
                let (i, to) = moves[k];
                k = (k + 1) % moves.len();
                oracle.move_unit(i, to).unwrap();
                black_box(oracle.changed().len())
            });
        });
        let plan = ChainPlan::new(&s.map, RoadChain::new(3), &zoc_rule()).unwrap();
        let mut work = ChainWork::default();
        let mut whole = Retrace::new(&s, &bound, &targets);
        let mut check = Retrace::new(&s, &bound, &targets);
        for m in moves.iter() {
            assert_eq!(
                whole.plan_whole(&plan, &mut work, *m),
                check.retrace_new(*m),
                "{name}: the plan's whole evaluation and the re-trace disagree"
            );
        }
        let mut k = 0;
        group.bench_function(format!("plan-whole/{name}"), |b| {
            b.iter(|| {
                let m = moves[k];
                k = (k + 1) % moves.len();
                black_box(whole.plan_whole(&plan, &mut work, m))
            });
        });
        let mut retrace = Retrace::new(&s, &bound, &targets);
        let mut k = 0;
        group.bench_function(format!("retrace-new/{name}"), |b| {
            b.iter(|| {
                let m = moves[k];
                k = (k + 1) % moves.len();
                black_box(retrace.retrace_new(m))
            });
        });
    }
    let moves = &cycles[0].1;
    let mut retrace = Retrace::new(&s, &bound, &targets);
    let mut tracer = Tracer::new(&bound, &targets, &|_: Hex| None::<()>);
    let mut k = 0;
    group.bench_function("retrace-reset/mixed", |b| {
        b.iter(|| {
            let m = moves[k];
            k = (k + 1) % moves.len();
            black_box(retrace.retrace_reset(&mut tracer, m))
        });
    });
    bench_worst(&mut group, &s, &bound, &targets, &cycles[1].1, worst[1]);
    group.finish();
}

/// The enemy move of the cycle that changes the chain most, and its undo, alternately: the
/// oracle against `retrace-new`, from the position just before that move (answers asserted).
fn bench_worst(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    s: &Scenario,
    bound: &BoundRule<'_>,
    targets: &Targets,
    moves: &[Move],
    k: usize,
) {
    let mut oracle = new_oracle(s, targets);
    let mut retrace = Retrace::new(s, bound, targets);
    for m in &moves[..k] {
        oracle.move_unit(m.0, m.1).unwrap();
        retrace.apply(*m);
    }
    let (i, to) = moves[k];
    let pair = [(i, to), (i, retrace.hexes[i])];
    for m in pair.iter().chain(&pair) {
        oracle.move_unit(m.0, m.1).unwrap();
        let expected = retrace.retrace_new(*m);
        assert_eq!(
            friendly_answers(&oracle, &retrace.sides),
            expected,
            "worst move"
        );
    }
    let mut k = 0;
    group.bench_function("oracle-update/worst", |b| {
        b.iter(|| {
            let (i, to) = pair[k];
            k ^= 1;
            oracle.move_unit(i, to).unwrap();
            black_box(oracle.changed().len())
        });
    });
    let mut k = 0;
    group.bench_function("retrace-new/worst", |b| {
        b.iter(|| {
            let m = pair[k];
            k ^= 1;
            black_box(retrace.retrace_new(m))
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_moves
}
criterion_main!(benches);
