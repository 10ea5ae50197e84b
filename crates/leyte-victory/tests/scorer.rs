//! A prepared [`Scorer`] and its sessions answer as [`score`] does: on every fixture, and on
//! random perturbations of the American Assault end position (each unit walked a few hexes),
//! many positions in a row through one session.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use hexmap::{Direction, HexMap};
use leyte_victory::{Position, Scenario, Scorer, State, Unit, score};
use proptest::prelude::*;
use wargame_kit::resolve::FsResolver;

use wargame_kit::rng::Rng;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn load(path: &Path) -> State {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.to_string_lossy().into_owned();
    State::from_toml_str(&text, Some(&name), &FsResolver::unconfined()).unwrap()
}

fn assault() -> (HexMap, Scenario, Position) {
    load(&root().join("fixtures/leyte/assault-scenario-end-position.toml")).into_parts()
}

/// The position with unit `i` walked along `walks[i]` (directions), a step taken only onto a
/// hex of the map that holds no unit of the other side.
fn walked(map: &HexMap, base: &Position, walks: &[Vec<usize>]) -> Position {
    let mut units: Vec<Unit> = base.units().to_vec();
    for (i, walk) in walks.iter().enumerate().take(units.len()) {
        for &d in walk {
            let to = units[i].hex.neighbor(Direction::ALL[d % 6]);
            let enemy = units.iter().any(|u| u.hex == to && u.side != units[i].side);
            if map.contains(to) && !enemy {
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
}

/// `count` positions, each unit walked 0 to 3 random steps (a splitmix64 seeded `seed`).
fn perturbed(map: &HexMap, base: &Position, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let walks: Vec<Vec<usize>> = (0..base.units().len())
                .map(|_| (0..rng.below(4)).map(|_| rng.below(6)).collect())
                .collect();
            walked(map, base, &walks)
        })
        .collect()
}

/// The fixture's units with the first at 4040, a hex of a 40 x 40 map with no holes that the
/// stand-in map does not have.
fn off_the_map(base: &Position) -> Position {
    // On a map with no holes, every hex of the stand-in map's extents exists.
    let open = HexMap::from_toml_str(
        r#"
        name = "Open"
        [layout]
        orientation = "flat"
        label = "row-column"
        rows = [1, 40]
        columns = [1, 40]
        shifted = "odd"
        rows_grow = "north"
        columns_grow = "east"
        "#,
        None,
    )
    .unwrap();
    let mut units = base.units().to_vec();
    units[0].hex = open.parse("4040").unwrap();
    Position::new(&open, units, vec![], vec![]).unwrap()
}

/// Walks for every unit of the fixture (16): up to 4 steps each.
fn walks() -> impl Strategy<Value = Vec<Vec<usize>>> {
    prop::collection::vec(prop::collection::vec(0usize..6, 0..5), 16)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Four positions in a row through one session: each report is `score`'s, each verdict the
    /// report's totals and level.
    #[test]
    fn a_session_scores_as_score_does(runs in prop::collection::vec(walks(), 4)) {
        let (map, scenario, base) = assault();
        let scorer = Scorer::new(&map, &scenario).unwrap();
        let mut session = scorer.session();
        for walks in &runs {
            let position = walked(&map, &base, walks);
            let expected = score(&map, &scenario, &position).unwrap();
            prop_assert_eq!(&session.score(&position).unwrap(), &expected);
            let sheet = session.sheet(&position).unwrap();
            prop_assert_eq!(sheet.verdict, expected.verdict());
            lazy_evidence_is_the_reports(&map, &scorer, &position, &sheet, &expected)?;
            prop_assert_eq!(&scorer.report(&position, &sheet).unwrap(), &expected);
            prop_assert_eq!(session.verdict(&position).unwrap(), expected.verdict());
            prop_assert_eq!(&scorer.score(&position).unwrap(), &expected);
        }
    }
}

/// A sheet's evidence is not made until it is read, then once; each line's traced flag is its
/// evidence's, and the evidence is what the eager report says (its paths and frontiers).
fn lazy_evidence_is_the_reports(
    map: &HexMap,
    scorer: &Scorer<'_>,
    position: &Position,
    sheet: &leyte_victory::internal::Sheet,
    expected: &leyte_victory::Report,
) -> Result<(), TestCaseError> {
    prop_assert!(sheet.evidence().is_none());
    let lines = scorer.evidence(position, sheet).unwrap();
    prop_assert!(std::ptr::eq(
        lines,
        scorer.evidence(position, sheet).unwrap()
    ));
    prop_assert_eq!(
        (lines.len(), sheet.loc.len()),
        (expected.loc.len(), expected.loc.len())
    );
    let labels = |hexes: &[hexmap::Hex]| -> Vec<String> {
        hexes.iter().map(|h| map.label_text(*h)).collect()
    };
    for ((line, flag), entry) in lines.iter().zip(&sheet.loc).zip(&expected.loc) {
        prop_assert_eq!((line.unit, line.side), (flag.unit, flag.side));
        prop_assert_eq!(line.path.is_some(), flag.traced);
        prop_assert_eq!(flag.traced, entry.traced);
        prop_assert_eq!(line.path.as_deref().map(labels), entry.path.clone());
        let frontier: Option<Vec<String>> =
            (line.frontier.as_ref()).map(|f| f.iter().map(|(h, _)| map.label_text(*h)).collect());
        let words: Option<Vec<String>> =
            (entry.frontier.as_ref()).map(|f| f.iter().map(|b| b.hex.clone()).collect());
        prop_assert_eq!(frontier, words);
    }
    Ok(())
}

/// A fixed sample, as the benchmark makes them: the fixture itself, and 200 positions each
/// unit walked 0 to 3 steps (a seeded splitmix64), through one session.
#[test]
fn a_fixed_sample_of_perturbed_positions() {
    let (map, scenario, base) = assault();
    let scorer = Scorer::new(&map, &scenario).unwrap();
    let mut session = scorer.session();
    let mut cut = 0;
    let mut positions = vec![base.clone()];
    positions.extend(perturbed(&map, &base, 200, 7));
    for position in &positions {
        let expected = score(&map, &scenario, position).unwrap();
        assert_eq!(session.score(position).unwrap(), expected);
        let sheet = session.sheet(position).unwrap();
        assert_eq!(sheet.verdict, expected.verdict());
        lazy_evidence_is_the_reports(&map, &scorer, position, &sheet, &expected).unwrap();
        assert_eq!(scorer.report(position, &sheet).unwrap(), expected);
        assert_eq!(session.verdict(position).unwrap(), expected.verdict());
        cut += expected.loc.iter().filter(|e| !e.traced).count();
    }
    assert!(cut > 0);
    #[cfg(feature = "parallel")]
    {
        let many = leyte_victory::score_many(&scorer, &positions);
        let sheets = leyte_victory::internal::sheet_many(&scorer, &positions);
        let verdicts = leyte_victory::verdict_many(&scorer, &positions);
        for (((p, r), s), v) in positions.iter().zip(many).zip(sheets).zip(verdicts) {
            let expected = score(&map, &scenario, p).unwrap();
            assert_eq!(v.unwrap(), expected.verdict());
            assert_eq!(scorer.report(p, &s.unwrap()).unwrap(), expected);
            assert_eq!(r.unwrap(), expected);
        }
    }
}

/// Every fixture: its scorer's report, verdict and check are `State::score`'s.
#[test]
fn every_fixture_scores_alike() {
    let mut seen = 0;
    for entry in std::fs::read_dir(root().join("fixtures/leyte")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let state = load(&path);
        let expected = state.score().unwrap();
        assert!(state.check().is_ok());
        let scorer = Scorer::new(state.map(), state.scenario()).unwrap();
        let mut session = scorer.session();
        for _ in 0..2 {
            assert_eq!(
                session.score(state.position()).unwrap(),
                expected,
                "{path:?}"
            );
            assert_eq!(
                session.verdict(state.position()).unwrap(),
                expected.verdict()
            );
            let sheet = session.sheet(state.position()).unwrap();
            assert_eq!(scorer.report(state.position(), &sheet).unwrap(), expected);
        }
        assert!(scorer.check(state.position()).is_ok());
        seen += 1;
    }
    assert!(seen > 30);
}

/// A position made on another map, with a unit off this one: the scorer reports what `score`
/// reports.
#[test]
fn a_position_that_does_not_fit_the_map_is_refused_alike() {
    let (map, scenario, base) = assault();
    let scorer = Scorer::new(&map, &scenario).unwrap();
    let off = off_the_map(&base);
    let expected = score(&map, &scenario, &off).unwrap_err();
    assert_eq!(scorer.score(&off).unwrap_err(), expected);
    assert_eq!(scorer.verdict(&off).unwrap_err(), expected);
    assert_eq!(scorer.sheet(&off).unwrap_err(), expected);
    assert_eq!(scorer.check(&off).unwrap_err(), expected);
}

/// `score_many`'s [`leyte_victory::Reports`]: the scorer's answers in the positions' order,
/// errors in their places, alike by reference, by value and as a vector; and a batch dropped
/// anywhere frees itself without waiting on itself: on the caller's thread, inside a pool of
/// one or of two threads, inside the jobs of the pool that made it, and below the size it
/// frees in parallel.
#[cfg(feature = "parallel")]
#[test]
fn reports_come_in_order_and_free_themselves_wherever_dropped() {
    use leyte_victory::score_many;
    use rayon::prelude::*;

    let (map, scenario, base) = assault();
    let scorer = Scorer::new(&map, &scenario).unwrap();
    let mut positions = perturbed(&map, &base, 300, 11);
    // One position that does not fit the map, in the middle: its error keeps its place.
    positions[150] = off_the_map(&base);
    let expected: Vec<_> = positions.iter().map(|p| scorer.score(p)).collect();
    assert!(expected[150].is_err() && expected.iter().filter(|r| r.is_err()).count() == 1);

    let reports = score_many(&scorer, &positions);
    assert_eq!(reports.len(), positions.len());
    assert_eq!(&reports[..], &expected[..]);
    assert!((&reports).into_iter().eq(expected.iter()));
    assert_eq!(reports.clone().into_vec(), expected);
    assert_eq!(Vec::from(reports.clone()), expected);
    assert!(reports.clone().into_iter().eq(expected.iter().cloned()));
    drop(reports);

    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let made_on_pool = pool.install(|| score_many(&scorer, &positions));
        assert_eq!(&made_on_pool[..], &expected[..]);
        pool.install(|| drop(made_on_pool));
        let firsts: Vec<_> = pool.install(|| {
            (0..4usize)
                .into_par_iter()
                .map(|k| {
                    let batch = score_many(&scorer, &positions[k..k + 200]);
                    batch[0].clone()
                })
                .collect()
        });
        assert_eq!(firsts, expected[..4]);
    }
    let small = score_many(&scorer, &positions[..10]);
    assert_eq!(&small[..], &expected[..10]);
}
