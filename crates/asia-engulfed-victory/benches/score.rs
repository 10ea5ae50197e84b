//! Scoring many Dai Senso states in memory: `STATES` states of each kind of check, made at
//! random (a seeded splitmix64 of `wargame_kit::rng`, [`generate`]) with the crate's public
//! API, as a referee scoring a season of saves or a bot weighing candidate moves would hold
//! them.
//!
//! - `seasonal`: Dai Senso alone, a seasonal Victory Point Check (0.1, 0.2);
//! - `final`: Dai Senso alone, the Final check (0.3: Influence markers, VP, a tie to the Axis);
//! - `combined`: the Axis Empires combined game with a Totaler Krieg! result, at seasonal and
//!   Final checks (0.4).
//!
//! Each state has 8 to 33 of the Strategic Hexes the fixtures name (labels other than Batavia
//! and Tokyo are stand-ins), each given to a faction or left to the ground units on it, the
//! Strategic Warfare markers, the VP marker anywhere on the printed track, a Japanese Mandate
//! marker or none, the Current ESV (alone), the TK map's VP, Bonus VP and automatic victory
//! (combined), and now and then a rules option of its own. Contenders per kind, per iteration
//! (all states): the one-off `score(state, rules)` (`score-fn`: it checks the state again, the
//! baseline), a `Scorer`'s full report (`scorer-score`) and its verdict alone
//! (`scorer-verdict`: no margins, notes or words); with the feature `parallel`, `score_many` and
//! `verdict_many` on rayon pools of 1 and 2 threads.
//!
//! The setup asserts, for every state, that the scorer's report equals `score`'s and
//! `ValidState::score`'s, that its verdict is the report's, and that the batches give the
//! one-by-one answers; and that the states are varied (several boxes, faces and winners, some
//! automatic victories, VP counted on some).
//!
//! ```sh
//! cargo bench -p asia-engulfed-victory --bench score
//! cargo bench -p asia-engulfed-victory --features parallel --bench score   # with the *_many
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::Duration;

use asia_engulfed_victory::options::{RULE_OPTIONS, Rules};
use asia_engulfed_victory::{
    Check, Country, Faction, Game, GroundUnit, Influence, MapAutomaticVictory, MarkerSide, Report,
    Scorer, Side, State, StrategicHex, TkResult, ValidState, VpMarker, WarState, score,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexmap::Label;
use wargame_kit::rng::Rng;

/// How many states of each kind a batch scores.
const STATES: usize = 1000;
/// The seed of the states.
const SEED: u64 = 48;

/// The Strategic Hexes the fixtures name: label, name, faction, country, inside Japan.
const HEXES: &[(&str, &str, Faction, Option<&str>)] = &[
    ("e2218", "Darwin", Faction::Western, None),
    ("e2520", "Port Moresby", Faction::Western, None),
    ("e2724", "Rabaul", Faction::Axis, None),
    ("e2826", "Kavieng", Faction::Axis, None),
    ("e3020", "Truk", Faction::Axis, None),
    ("e3122", "Kwajalein", Faction::Axis, None),
    ("e3325", "Guam", Faction::Axis, None),
    ("e3427", "Saipan", Faction::Axis, None),
    ("e3924", "Iwo Jima", Faction::Axis, None),
    ("e4012", "Okinawa", Faction::Axis, None),
    ("e4111", "Taipei", Faction::Axis, None),
    ("e4507", "Seoul", Faction::Axis, None),
    ("e4510", "Vladivostok", Faction::Soviet, None),
    ("e4608", "Khabarovsk", Faction::Soviet, None),
    ("e4609", "Mukden", Faction::Axis, None),
    ("e4904", "Tokyo", Faction::Axis, Some("japan")),
    ("w2416", "Menado", Faction::Axis, None),
    ("w2517", "Balikpapan", Faction::Axis, None),
    ("w2620", "Singapore", Faction::Western, None),
    ("w2718", "Palembang", Faction::Axis, Some("nei")),
    ("w2819", "Batavia", Faction::Axis, Some("nei")),
    ("w3010", "Manila", Faction::Western, None),
    ("w3213", "Saigon", Faction::Western, None),
    ("w3311", "Bangkok", Faction::Western, Some("thailand")),
    ("w3414", "Hanoi", Faction::Western, None),
    ("w3512", "Rangoon", Faction::Western, None),
    ("w3615", "Hong Kong", Faction::Western, None),
    ("w3720", "Changsha", Faction::Western, None),
    ("w3818", "Chungking", Faction::Western, None),
    ("w3916", "Nanking", Faction::Western, None),
    ("w4015", "Peiping", Faction::Western, None),
    ("w4313", "Hsinking", Faction::Axis, None),
];

const FACTIONS: [Faction; 3] = [Faction::Axis, Faction::Soviet, Faction::Western];
const INFLUENCES: [Influence; 3] = [Influence::ProAxis, Influence::ProSoviet, Influence::ProWest];
const WAR_STATES: [WarState; 3] = [WarState::PreWar, WarState::LimitedWar, WarState::TotalWar];

/// A kind of check.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Seasonal,
    Final,
    Combined,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Seasonal => "seasonal",
            Kind::Final => "final",
            Kind::Combined => "combined",
        }
    }
}

fn pick<T: Copy>(rng: &mut Rng, from: &[T]) -> T {
    from[rng.below(from.len())]
}

/// One in `n`.
fn chance(rng: &mut Rng, n: usize) -> bool {
    rng.below(n) == 0
}

fn small(rng: &mut Rng, max: u32) -> u32 {
    rng.below_u32(max + 1)
}

/// The countries of the state: the NEI and Thailand neutral or not, with an Influence marker
/// or none; Japan.
fn countries(state: &mut State, rng: &mut Rng) {
    for (key, name) in [("nei", "Netherlands East Indies"), ("thailand", "Thailand")] {
        let mut c = Country::named(name);
        if !chance(rng, 4) {
            c = c.neutral();
        }
        if !chance(rng, 3) {
            c = c.with_influence(pick(rng, &INFLUENCES));
        }
        if chance(rng, 6) {
            c = c.policy_affected();
        }
        state.countries.insert(key.into(), c);
    }
    state
        .countries
        .insert("japan".into(), Country::named("Japan"));
}

/// The Strategic Hexes: each of `HEXES` kept with probability 1/4 to 1, given to a faction or
/// left to 0 to 2 ground units of one faction (or none).
fn strategic_hexes(state: &mut State, rng: &mut Rng) {
    let keep = 1 + rng.below(4);
    for &(label, name, faction, country) in HEXES {
        if rng.below(4) >= keep {
            continue;
        }
        let label = Label::parse(label, 2).unwrap();
        let mut hex = StrategicHex::new(label, name, faction);
        if let Some(c) = country {
            hex = hex.in_country(c);
        }
        if name == "Tokyo" {
            hex = hex.inside_japan();
        }
        if chance(rng, 2) {
            hex = hex.controlled_by(pick(rng, &FACTIONS));
        } else {
            let owner = pick(rng, &FACTIONS);
            for _ in 0..rng.below(3) {
                state.units.push(GroundUnit::new(label, owner));
            }
        }
        state.strategic_hexes.push(hex);
    }
    if chance(rng, 5) {
        let tokyo = Label::parse("e4904", 2).unwrap();
        if !state.strategic_hexes.iter().any(|h| h.label == tokyo) {
            state.units.push(GroundUnit::new(tokyo, Faction::Western));
        }
    }
}

/// The TK map's result (combined game).
fn tk(rng: &mut Rng, war_state: WarState) -> TkResult {
    let mut tk =
        TkResult::new(small(rng, 6), small(rng, 6)).with_bonus_vp(small(rng, 3), small(rng, 3));
    if chance(rng, 6) {
        let winner = if chance(rng, 2) {
            Side::Axis
        } else {
            Side::Allies
        };
        let at = if chance(rng, 2) {
            war_state
        } else {
            pick(rng, &WAR_STATES)
        };
        tk = tk.with_automatic_victory(MapAutomaticVictory::new(winner, at));
    }
    if chance(rng, 8) {
        tk = tk.with_play_stopped();
    }
    tk
}

/// One state of `kind`, possibly with problems (the caller keeps the valid ones).
fn state(kind: Kind, rng: &mut Rng) -> State {
    let (game, check) = match kind {
        Kind::Seasonal => (Game::DaiSenso, Check::Seasonal),
        Kind::Final => (Game::DaiSenso, Check::Final),
        Kind::Combined if chance(rng, 2) => (Game::AxisEmpires, Check::Seasonal),
        Kind::Combined => (Game::AxisEmpires, Check::Final),
    };
    let war_state = if chance(rng, 8) {
        WarState::PreWar
    } else {
        pick(rng, &WAR_STATES[1..])
    };
    let side = if chance(rng, 2) {
        MarkerSide::AlliedCrusade
    } else {
        MarkerSide::RisingSun
    };
    let marker = VpMarker::new(rng.below(5).to_string(), side);
    let mut state = State::new(game, check, war_state, marker);
    state.turn = Some(format!("turn {}", rng.below(40)));
    if !chance(rng, 3) {
        state.japanese_mandate = Some((1 + rng.below(4)).to_string());
    }
    state.strategic_warfare_box.allied_collapse = small(rng, 4);
    state.strategic_warfare_box.military_takeover = small(rng, 4);
    state.bonus_vp.axis = small(rng, 3);
    state.bonus_vp.allies = small(rng, 3);
    countries(&mut state, rng);
    strategic_hexes(&mut state, rng);
    match game {
        Game::DaiSenso => state.current_esv = Some(i64::from(rng.range(-3, 8))),
        _ => state.tk = Some(tk(rng, war_state)),
    }
    state.play_stopped = chance(rng, 10);
    if chance(rng, 8) {
        // Any value of any rules option, as the state's own `[rules]`, over the scorer's.
        let options = RULE_OPTIONS.options();
        let option = &options[rng.below(options.len())];
        let values: Vec<&str> = option.values().collect();
        state.rules.set(option.key, pick(rng, &values)).unwrap();
    }
    state
}

/// `count` checked states of `kind` from `seed`: states with problems (a unit of each side on
/// a hex, a frozen TK map without its automatic victory, ...) are made again.
fn generate(kind: Kind, count: usize, seed: u64) -> Vec<ValidState> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    let mut refused = 0;
    while out.len() < count {
        match ValidState::new(state(kind, &mut rng)) {
            Ok(v) => out.push(v),
            Err(_) => refused += 1,
        }
    }
    assert!(refused < count, "{}: {refused} states refused", kind.name());
    out
}

/// Every answer checked against `score`'s, and the states described and asserted varied.
fn check(kind: Kind, scorer: &Scorer, states: &[ValidState]) -> Vec<Report> {
    let rules = scorer.rules();
    let reports: Vec<Report> = states.iter().map(|v| scorer.score(v)).collect();
    for (v, r) in states.iter().zip(&reports) {
        assert_eq!(&score(v.state(), rules), r);
        assert_eq!(&v.score(rules), r);
        assert_eq!(scorer.verdict(v), r.verdict());
    }
    let boxes: BTreeSet<_> = reports
        .iter()
        .map(|r| (r.vp_marker.box_index, r.vp_marker.side))
        .collect();
    let winners: BTreeSet<_> = reports.iter().map(|r| r.winner).collect();
    let automatic = reports
        .iter()
        .filter(|r| r.automatic_victory.is_some())
        .count();
    let with_vp = reports.iter().filter(|r| r.vp.is_some()).count();
    let margins = reports
        .iter()
        .filter(|r| r.margins.result.axis.is_some())
        .count();
    eprintln!(
        "{}: {} states, {} marker cells, winners {:?}, {} automatic victories, {} with VP, \
         {} with a result margin up",
        kind.name(),
        states.len(),
        boxes.len(),
        winners,
        automatic,
        with_vp,
        margins
    );
    assert!(boxes.len() >= 6, "{boxes:?}");
    assert!(automatic > 0 && automatic < states.len());
    match kind {
        Kind::Seasonal => assert!(winners.len() >= 2 && with_vp == 0),
        Kind::Final => assert!(winners.len() == 2 && with_vp > 0 && !winners.contains(&None)),
        Kind::Combined => assert!(winners.len() == 3 && with_vp > 0 && with_vp < states.len()),
    }
    reports
}

fn bench_kind(c: &mut Criterion, kind: Kind, seed: u64) {
    let scorer = Scorer::new(Rules::default());
    let states = generate(kind, STATES, seed);
    let expected = check(kind, &scorer, &states);
    let mut group = c.benchmark_group(kind.name());
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("score-fn", |b| {
        b.iter(|| {
            for v in &states {
                black_box(score(black_box(v.state()), scorer.rules()));
            }
        });
    });
    group.bench_function("scorer-score", |b| {
        b.iter(|| {
            for v in &states {
                black_box(scorer.score(black_box(v)));
            }
        });
    });
    group.bench_function("scorer-verdict", |b| {
        b.iter(|| {
            for v in &states {
                black_box(scorer.verdict(black_box(v)));
            }
        });
    });
    #[cfg(feature = "parallel")]
    parallel::bench(&mut group, &scorer, &states, &expected);
    #[cfg(not(feature = "parallel"))]
    let _ = expected;
    group.finish();
}

#[cfg(feature = "parallel")]
mod parallel {
    use super::*;
    use asia_engulfed_victory::{score_many, verdict_many};
    use criterion::measurement::WallTime;

    /// `score_many` and `verdict_many` on pools of 1 and 2 threads, their answers asserted
    /// equal to the one-by-one answers first and dropped outside the timing.
    pub(super) fn bench(
        group: &mut criterion::BenchmarkGroup<'_, WallTime>,
        scorer: &Scorer,
        states: &[ValidState],
        expected: &[Report],
    ) {
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            assert_eq!(pool.install(|| score_many(scorer, states)), expected);
            let verdicts = pool.install(|| verdict_many(scorer, states));
            assert!(
                verdicts
                    .iter()
                    .zip(expected)
                    .all(|(v, r)| *v == r.verdict())
            );
            group.bench_function(format!("score_many-{threads}-threads"), |b| {
                b.iter_with_large_drop(|| pool.install(|| score_many(scorer, black_box(states))));
            });
            group.bench_function(format!("verdict_many-{threads}-threads"), |b| {
                b.iter_with_large_drop(|| pool.install(|| verdict_many(scorer, black_box(states))));
            });
        }
    }
}

fn bench_seasonal(c: &mut Criterion) {
    bench_kind(c, Kind::Seasonal, SEED);
}

fn bench_final(c: &mut Criterion) {
    bench_kind(c, Kind::Final, SEED + 1);
}

fn bench_combined(c: &mut Criterion) {
    bench_kind(c, Kind::Combined, SEED + 2);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_seasonal, bench_final, bench_combined
}
criterion_main!(benches);
