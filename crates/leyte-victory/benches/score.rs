//! Scoring the American Assault fixture (`fixtures/leyte/assault-scenario-end-position.toml`,
//! on the 29 x 32 stand-in map): once from its files, and many perturbed positions in a row.
//!
//! - `pass`: the whole library pass of one state file, as `victory score` makes it: parse the
//!   state and the map it refers to (once each: the map is served from memory by a
//!   `MemoryResolver`), build the map, check, score, and write the readable text. The two files
//!   are read once, outside the timing. For the breakdown, `pass/map` times the map alone
//!   (parse and build), `pass/state` the state with its map (what `whole` does before scoring),
//!   `pass/score` and `pass/text` the last two steps alone, on the state parsed beforehand.
//! - `batch`: `POSITIONS` positions made by moving the fixture's units at random (a seeded
//!   splitmix64 of `wargame_kit::rng`, [`perturb`]), scored one after another. Contenders per iteration (all
//!   positions): the one-off `score(&map, &scenario, p)` for each (the baseline: what a caller
//!   had before `Scorer`), then a `Session` of one `Scorer` giving reports (`session-score`,
//!   the `Report` with its text), sheets (`session-sheet`: what a bot reads, the totals, the
//!   level, every award's points and kind and each unit's traced or cut, summed into the black
//!   box so that none can be skipped; the evidence not made), sheets with every line's
//!   evidence read (`session-sheet-evidence`: each path, frontier and reach, made when read)
//!   and verdicts (`session-verdict`: totals and level, summed). With the feature `parallel`:
//!   `score_many`, `sheet_many` and `verdict_many` on rayon pools of 1 and of 2 threads (the
//!   answers they return are dropped outside the timing, `iter_with_large_drop`;
//!   `score_many`'s `Reports` free themselves on the global pool then). `score_many-vec` times
//!   the same call taking the reports as a plain vector (`Reports::into_vec`), which the
//!   caller's thread frees outside the timing: where the last call's reports were freed
//!   changes what the next call costs (see `docs/performance.md`). `score_many-made-and-freed`
//!   and `score_many-vec-made-and-freed` time both ways whole: the reports made and freed, the
//!   `Reports` dropped on the pool that made them, the vector on the caller's thread.
//!   `verdicts-of-reports-on-pool` makes every report on the pool and keeps only its verdict
//!   there, as a caller that needs part of each report can.
//!
//! The setup asserts that, for every position, the session's report equals `score`'s, its
//! sheet put in words (`Scorer::report`) does too, its verdict is the report's totals and
//! level, and the parallel answers are the same; and that the positions are varied (some with
//! cut units, some without, several victory levels).
//!
//! ```sh
//! cargo bench -p leyte-victory --bench score
//! cargo bench -p leyte-victory --features parallel --bench score   # with score_many
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexmap::{Direction, HexMap};
use leyte_victory::internal::{LocLine, Sheet};
use leyte_victory::{Position, Report, Scenario, Scorer, State, Unit, Verdict, score};
use wargame_kit::resolve::MemoryResolver;

use wargame_kit::rng::Rng;

/// The fixture, as named in the workspace.
const STATE: &str = "fixtures/leyte/assault-scenario-end-position.toml";
/// The map it refers to, and the reference in the state file.
const MAP: &str = "fixtures/maps/leyte-standin.toml";
const MAP_REFERENCE: &str = "../maps/leyte-standin.toml";
/// How many perturbed positions a batch scores.
const POSITIONS: usize = 1000;
/// The seed of the perturbations.
const SEED: u64 = 7;

/// `count` positions: each unit on the map walks 0 to 3 steps in random directions, a step
/// taken only onto a hex of the map that holds no unit of the other side. Eliminated and exited
/// units stay as they are.
fn perturb(map: &HexMap, base: &Position, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut units: Vec<Unit> = base.units().to_vec();
            for i in 0..units.len() {
                for _ in 0..rng.below(4) {
                    let to = units[i].hex.neighbor(Direction::ALL[rng.below(6)]);
                    let enemy_there = units.iter().any(|u| u.hex == to && u.side != units[i].side);
                    if map.contains(to) && !enemy_there {
                        units[i].hex = to;
                    }
                }
            }
            Position::new(
                map,
                units,
                base.eliminated().to_vec(),
                base.exited().to_vec(),
            )
            .unwrap()
        })
        .collect()
}

struct Fixture {
    state_text: String,
    map_text: String,
    resolver: MemoryResolver,
    state: State,
}

fn fixture() -> Fixture {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let state_text = std::fs::read_to_string(root.join(STATE)).unwrap();
    let map_text = std::fs::read_to_string(root.join(MAP)).unwrap();
    let resolver = MemoryResolver::default().with(MAP_REFERENCE, map_text.clone());
    let state = State::from_toml_str(&state_text, Some(STATE), &resolver).unwrap();
    Fixture {
        state_text,
        map_text,
        resolver,
        state,
    }
}

/// The whole pass: parse (map and state once each), build, check, score, text.
fn pass(text: &str, resolver: &MemoryResolver) -> String {
    let state = State::from_toml_str(text, Some(STATE), resolver).unwrap();
    state.score().unwrap().to_string()
}

fn bench_pass(c: &mut Criterion) {
    let f = fixture();
    let text = pass(&f.state_text, &f.resolver);
    assert!(text.starts_with("Leyte: American Assault (16.1)"), "{text}");
    let report = f.state.score().unwrap();
    assert_eq!(report.to_string(), text);
    let mut group = c.benchmark_group("pass");
    group.bench_function("whole", |b| {
        b.iter(|| pass(black_box(&f.state_text), &f.resolver));
    });
    group.bench_function("map", |b| {
        b.iter(|| HexMap::from_toml_str(black_box(&f.map_text), Some(MAP)).unwrap());
    });
    group.bench_function("state", |b| {
        b.iter(|| {
            State::from_toml_str(black_box(&f.state_text), Some(STATE), &f.resolver).unwrap()
        });
    });
    group.bench_function("score", |b| b.iter(|| black_box(&f.state).score().unwrap()));
    group.bench_function("text", |b| b.iter(|| black_box(&report).to_string()));
    group.finish();
}

/// The batch: the positions, and every answer checked against `score`'s.
struct Batch {
    map: HexMap,
    scenario: Scenario,
    positions: Vec<Position>,
}

impl Batch {
    fn new() -> Batch {
        let (map, scenario, base) = fixture().state.into_parts();
        let positions = perturb(&map, &base, POSITIONS, SEED);
        Batch {
            map,
            scenario,
            positions,
        }
    }

    /// Check every contender against `score` and describe the positions.
    fn check(&self, scorer: &Scorer<'_>) -> Vec<Report> {
        let expected: Vec<Report> = self
            .positions
            .iter()
            .map(|p| score(&self.map, &self.scenario, p).unwrap())
            .collect();
        let mut session = scorer.session();
        for (p, want) in self.positions.iter().zip(&expected) {
            assert_eq!(&session.score(p).unwrap(), want);
            let sheet = session.sheet(p).unwrap();
            assert_eq!(&scorer.report(p, &sheet).unwrap(), want);
            assert_eq!(sheet.verdict, want.verdict());
            assert_eq!(session.verdict(p).unwrap(), want.verdict());
        }
        let cut: Vec<usize> = expected
            .iter()
            .map(|r| r.loc.iter().filter(|e| !e.traced).count())
            .collect();
        let with_cut = cut.iter().filter(|&&n| n > 0).count();
        let frontier: usize = expected
            .iter()
            .flat_map(|r| &r.loc)
            .filter_map(|e| e.frontier.as_ref())
            .map(Vec::len)
            .sum();
        let path: usize = expected
            .iter()
            .flat_map(|r| &r.loc)
            .filter_map(|e| e.path.as_ref())
            .map(Vec::len)
            .sum();
        let levels: std::collections::BTreeSet<_> = expected.iter().map(|r| r.level).collect();
        eprintln!(
            "batch: {} positions, {} with a cut unit, {} cut units in all ({} frontier hexes), \
             {} path hexes traced, {} victory levels",
            self.positions.len(),
            with_cut,
            cut.iter().sum::<usize>(),
            frontier,
            path,
            levels.len()
        );
        assert!(with_cut > 0 && with_cut < self.positions.len());
        assert!(levels.len() > 1);
        expected
    }
}

/// What a bot reads of a verdict: both totals and the level, summed so that none is skipped.
fn verdict_read(v: Verdict) -> u64 {
    v.us + v.japanese + v.level as u64
}

/// What a bot reads of a sheet: the verdict, every award's points and kind, and each unit's
/// traced or cut.
fn bot_reads(sheet: &Sheet) -> u64 {
    let awards = (sheet.awards.iter()).map(|g| u64::from(g.vp) + g.basis.kind() as u64);
    let lines = sheet
        .loc
        .iter()
        .map(|l| u64::from(l.traced) + l.unit as u64);
    verdict_read(sheet.verdict) + awards.sum::<u64>() + lines.sum::<u64>()
}

/// What reading every line's evidence reads: each path's, frontier's and reach's length.
fn evidence_read(lines: &[LocLine]) -> u64 {
    let len = |n: Option<usize>| n.unwrap_or(0) as u64;
    (lines.iter())
        .map(|l| {
            len(l.path.as_ref().map(Vec::len))
                + len(l.frontier.as_ref().map(Vec::len))
                + len(l.reach.as_ref().map(|r| r.hexes.len()))
        })
        .sum()
}

fn bench_batch(c: &mut Criterion) {
    let batch = Batch::new();
    let scorer = Scorer::new(&batch.map, &batch.scenario).unwrap();
    let expected = batch.check(&scorer);
    let mut group = c.benchmark_group("batch");
    group.throughput(Throughput::Elements(batch.positions.len() as u64));
    group.bench_function("score-fn", |b| {
        b.iter(|| {
            for p in &batch.positions {
                black_box(score(&batch.map, &batch.scenario, black_box(p)).unwrap());
            }
        });
    });
    let mut session = scorer.session();
    group.bench_function("session-score", |b| {
        b.iter(|| {
            for p in &batch.positions {
                black_box(session.score(black_box(p)).unwrap());
            }
        });
    });
    group.bench_function("session-sheet", |b| {
        b.iter(|| {
            let mut read = 0u64;
            for p in &batch.positions {
                read += bot_reads(&session.sheet(black_box(p)).unwrap());
            }
            black_box(read)
        });
    });
    group.bench_function("session-sheet-evidence", |b| {
        b.iter(|| {
            let mut read = 0u64;
            for p in &batch.positions {
                let sheet = session.sheet(black_box(p)).unwrap();
                read += bot_reads(&sheet) + evidence_read(scorer.evidence(p, &sheet).unwrap());
            }
            black_box(read)
        });
    });
    group.bench_function("session-verdict", |b| {
        b.iter(|| {
            let mut read = 0u64;
            for p in &batch.positions {
                read += verdict_read(session.verdict(black_box(p)).unwrap());
            }
            black_box(read)
        });
    });
    #[cfg(feature = "parallel")]
    parallel::bench(&mut group, &scorer, &batch.positions, &expected);
    #[cfg(not(feature = "parallel"))]
    let _ = expected;
    group.finish();
}

#[cfg(feature = "parallel")]
mod parallel {
    use super::*;
    use criterion::measurement::WallTime;
    use leyte_victory::internal::sheet_many;
    use leyte_victory::{score_many, verdict_many};
    use rayon::prelude::*;

    /// `score_many`, `sheet_many` and `verdict_many` on pools of 1 and 2 threads; `score_many`
    /// with its reports taken as a plain vector (freed by the caller), and both ways made and
    /// freed inside the timing; and each position's report made and taken apart on the pool,
    /// only its verdict kept.
    pub(super) fn bench(
        group: &mut criterion::BenchmarkGroup<'_, WallTime>,
        scorer: &Scorer<'_>,
        positions: &[Position],
        expected: &[Report],
    ) {
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let reports: Vec<Report> = pool
                .install(|| score_many(scorer, positions))
                .into_iter()
                .map(Result::unwrap)
                .collect();
            assert_eq!(reports, expected);
            let sheets = pool.install(|| sheet_many(scorer, positions));
            for ((s, p), r) in sheets.into_iter().zip(positions).zip(expected) {
                assert_eq!(&scorer.report(p, &s.unwrap()).unwrap(), r);
            }
            let verdicts = pool.install(|| verdict_many(scorer, positions));
            for (v, r) in verdicts.into_iter().zip(expected) {
                assert_eq!(v.unwrap(), r.verdict());
            }
            group.bench_function(format!("score_many-{threads}-threads"), |b| {
                b.iter_with_large_drop(|| {
                    pool.install(|| score_many(scorer, black_box(positions)))
                });
            });
            group.bench_function(format!("score_many-vec-{threads}-threads"), |b| {
                b.iter_with_large_drop(|| {
                    pool.install(|| score_many(scorer, black_box(positions)))
                        .into_vec()
                });
            });
            group.bench_function(
                format!("score_many-made-and-freed-{threads}-threads"),
                |b| {
                    b.iter(|| {
                        pool.install(|| drop(black_box(score_many(scorer, black_box(positions)))))
                    });
                },
            );
            group.bench_function(
                format!("score_many-vec-made-and-freed-{threads}-threads"),
                |b| {
                    b.iter(|| {
                        let reports = pool.install(|| score_many(scorer, black_box(positions)));
                        drop(black_box(reports.into_vec()));
                    });
                },
            );
            group.bench_function(format!("sheet_many-{threads}-threads"), |b| {
                b.iter_with_large_drop(|| {
                    pool.install(|| sheet_many(scorer, black_box(positions)))
                });
            });
            group.bench_function(format!("verdict_many-{threads}-threads"), |b| {
                b.iter_with_large_drop(|| {
                    pool.install(|| verdict_many(scorer, black_box(positions)))
                });
            });
            group.bench_function(
                format!("verdicts-of-reports-on-pool-{threads}-threads"),
                |b| {
                    b.iter_with_large_drop(|| {
                        pool.install(|| {
                            black_box(positions)
                                .par_iter()
                                .with_min_len(64)
                                .map_init(
                                    || scorer.session(),
                                    |s, p| s.score(p).map(|r| r.verdict()),
                                )
                                .collect::<Vec<_>>()
                        })
                    });
                },
            );
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_pass, bench_batch
}
criterion_main!(benches);
