//! A bot's inner loop: the Line of Communications oracle built from a position
//! ([`Scorer::oracle`]) answers, after every move, what the scorer's sheet of the moved position
//! says of each unit of the tracing side: over every Leyte fixture that scores, each side that
//! traces, and random moves (a unit walked to a neighbour with no enemy unit).
#![cfg(feature = "oracle")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use hexmap::Direction;
use leyte_victory::{Position, Scorer, Side, State};
use wargame_kit::resolve::FsResolver;
use wargame_kit::rng::Rng;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every fixture under `fixtures/leyte` (not `invalid/`) that reads and scores.
fn fixtures() -> Vec<(String, State)> {
    let mut out = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("fixtures/leyte"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.to_string_lossy().into_owned();
        let Ok(state) = State::from_toml_str(&text, Some(&name), &FsResolver::unconfined()) else {
            continue;
        };
        if state.score().is_ok() {
            out.push((name, state));
        }
    }
    out
}

#[test]
fn the_oracle_answers_as_the_sheet_after_every_move_on_every_fixture() {
    let fixtures = fixtures();
    assert!(fixtures.len() > 40, "{}", fixtures.len());
    let (mut checked, mut changed) = (0, 0);
    for (seed, (name, state)) in fixtures.iter().enumerate() {
        let (map, scenario, base) = (state.map(), state.scenario(), state.position());
        let scorer = Scorer::new(map, scenario).unwrap();
        let mut session = scorer.session();
        for &side in &scenario.loc.sides {
            let mut oracle = scorer.oracle(base, side).unwrap();
            // The same oracle holding its own handle on the map.
            let shared_map = std::sync::Arc::new(map.clone());
            let mut shared =
                leyte_victory::shared_oracle(shared_map, scenario, base, side).unwrap();
            let mut units = base.units().to_vec();
            let mut rng = Rng::new(seed as u64 + 1);
            for step in 0..=60 {
                if step > 0 && !units.is_empty() {
                    let i = rng.below(units.len());
                    let to = units[i].hex.neighbor(Direction::ALL[rng.below(6)]);
                    let enemy = units.iter().any(|u| u.hex == to && u.side != units[i].side);
                    if !map.contains(to) || enemy {
                        continue;
                    }
                    units[i].hex = to;
                    oracle.move_unit(i, to).unwrap();
                    shared.move_unit(i, to).unwrap();
                    changed += oracle.changed().len();
                }
                let position = Position::new(
                    map,
                    units.clone(),
                    base.eliminated().to_vec(),
                    base.exited().to_vec(),
                )
                .unwrap();
                let sheet = session.sheet(&position).unwrap();
                for line in sheet.loc.iter().filter(|l| l.side == side) {
                    assert_eq!(
                        oracle.traced(line.unit),
                        line.traced,
                        "{name}, {side} unit {} after {step} moves",
                        units[line.unit].id
                    );
                    assert_eq!(shared.traced(line.unit), line.traced);
                    checked += 1;
                }
            }
        }
    }
    // The moves changed some answers, and many were compared.
    assert!(
        checked > 1000 && changed > 0,
        "{checked} answers, {changed} changed"
    );
}

#[test]
fn a_side_that_need_not_trace_is_refused() {
    let (_, state) = fixtures()
        .into_iter()
        .find(|(_, s)| !s.scenario().loc.sides.contains(&Side::Japanese))
        .unwrap();
    let scorer = Scorer::new(state.map(), state.scenario()).unwrap();
    let e = scorer.oracle(state.position(), Side::Japanese).unwrap_err();
    assert!(e.to_string().contains("scenario.loc.sides"), "{e}");
}
