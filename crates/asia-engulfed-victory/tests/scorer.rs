//! A [`Scorer`] gives every checked state the report `score` gives it, its verdict is that
//! report's, and the batches (feature `parallel`) give the one-by-one answers, on states made at
//! random: Strategic Hexes given to a faction or to the ground units on them, Influence markers,
//! the TK map's result, and rules options of the state's own.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use asia_engulfed_victory::kit::rng::Rng;
use asia_engulfed_victory::options::{RULE_OPTIONS, Rules};
use asia_engulfed_victory::{
    Check, Country, Faction, Game, GroundUnit, Influence, MapAutomaticVictory, MarkerSide, Scorer,
    Side, State, StrategicHex, TkResult, ValidState, VpMarker, WarState, score,
};
use hexmap::Label;
use proptest::prelude::*;

const HEXES: &[(&str, Faction)] = &[
    ("e4904", Faction::Axis),
    ("w2819", Faction::Axis),
    ("e4012", Faction::Axis),
    ("e4510", Faction::Soviet),
    ("w3818", Faction::Western),
    ("w3311", Faction::Western),
];
const FACTIONS: [Faction; 3] = [Faction::Axis, Faction::Soviet, Faction::Western];
const WAR_STATES: [WarState; 3] = [WarState::PreWar, WarState::LimitedWar, WarState::TotalWar];

/// A state from `seed`, possibly with problems.
fn state(seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let game = if rng.below(2) == 0 {
        Game::DaiSenso
    } else {
        Game::AxisEmpires
    };
    let check = if rng.below(2) == 0 {
        Check::Seasonal
    } else {
        Check::Final
    };
    let side = if rng.below(2) == 0 {
        MarkerSide::RisingSun
    } else {
        MarkerSide::AlliedCrusade
    };
    let war = WAR_STATES[rng.below(3)];
    let mut s = State::new(
        game,
        check,
        war,
        VpMarker::new(rng.below(5).to_string(), side),
    );
    s.strategic_warfare_box.allied_collapse = rng.below_u32(6);
    s.strategic_warfare_box.military_takeover = rng.below_u32(6);
    s.bonus_vp.axis = rng.below_u32(4);
    s.bonus_vp.allies = rng.below_u32(4);
    s.japanese_mandate = (rng.below(3) > 0).then(|| (1 + rng.below(4)).to_string());
    s.play_stopped = rng.below(6) == 0;
    let influence = [Influence::ProAxis, Influence::ProSoviet, Influence::ProWest][rng.below(3)];
    let nei = Country::named("NEI").neutral().with_influence(influence);
    s.countries.insert("nei".into(), nei);
    for &(label, faction) in HEXES {
        let label = Label::parse(label, 2).unwrap();
        let mut hex = StrategicHex::new(label, label.to_string(), faction);
        if label.to_string() == "w2819" {
            hex = hex.in_country("nei");
        }
        if label.to_string() == "e4904" {
            hex = hex.inside_japan();
        }
        match rng.below(3) {
            0 => hex = hex.controlled_by(FACTIONS[rng.below(3)]),
            1 => s.units.push(GroundUnit::new(label, FACTIONS[rng.below(3)])),
            _ => {}
        }
        s.strategic_hexes.push(hex);
    }
    match game {
        Game::DaiSenso => s.current_esv = Some(i64::from(rng.range(-3, 8))),
        _ => {
            let mut tk = TkResult::new(rng.below_u32(7), rng.below_u32(7))
                .with_bonus_vp(rng.below_u32(3), rng.below_u32(3));
            if rng.below(4) == 0 {
                let winner = if rng.below(2) == 0 {
                    Side::Axis
                } else {
                    Side::Allies
                };
                tk = tk.with_automatic_victory(MapAutomaticVictory::new(winner, war));
                if rng.below(2) == 0 {
                    tk = tk.with_play_stopped();
                }
            }
            s.tk = Some(tk);
        }
    }
    if rng.below(4) == 0 {
        // Any value of any rules option, as the state's own `[rules]`.
        let options = RULE_OPTIONS.options();
        let option = &options[rng.below(options.len())];
        let values: Vec<&str> = option.values().collect();
        s.rules
            .set(option.key, values[rng.below(values.len())])
            .unwrap();
    }
    s
}

/// The valid states among the first seeds from `from`.
fn valid_states(from: u64, count: u64) -> Vec<ValidState> {
    (from..from + count)
        .filter_map(|seed| ValidState::new(state(seed)).ok())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The scorer's report is `score`'s and `ValidState::score`'s, and its verdict the
    /// report's, under the default rules and under rules of the table's own.
    #[test]
    fn the_scorer_answers_as_score(seed in any::<u64>(), no_bonus in any::<bool>()) {
        let rules = Rules::default().with_bonus_vp_in_dai_senso(!no_bonus);
        let scorer = Scorer::new(rules.clone());
        if let Ok(valid) = ValidState::new(state(seed)) {
            let report = scorer.score(&valid);
            prop_assert_eq!(&report, &score(valid.state(), &rules));
            prop_assert_eq!(&report, &valid.score(&rules));
            let verdict = scorer.verdict(&valid);
            prop_assert_eq!(verdict, report.verdict());
            prop_assert_eq!(verdict.csv, report.csv.total);
            prop_assert_eq!(verdict.winner, report.winner);
        }
    }
}

/// The generated states are varied enough for the property above to mean something: most are
/// valid, and their verdicts cover every winner, both faces and some automatic victories.
#[test]
fn the_states_are_varied() {
    let states = valid_states(0, 400);
    assert!(states.len() > 200, "{} valid", states.len());
    let scorer = Scorer::new(Rules::default());
    let verdicts: Vec<_> = states.iter().map(|v| scorer.verdict(v)).collect();
    let winners: std::collections::BTreeSet<_> = verdicts.iter().map(|v| v.winner).collect();
    assert_eq!(winners.len(), 3);
    assert!(verdicts.iter().any(|v| v.side == MarkerSide::RisingSun));
    assert!(verdicts.iter().any(|v| v.side == MarkerSide::AlliedCrusade));
    assert!(verdicts.iter().any(|v| v.automatic_victory.is_some()));
    assert!(states.iter().any(|v| !v.state().rules.is_empty()));
}

/// The batches give the one-by-one answers, in order, on pools of 1 and 2 threads.
#[cfg(feature = "parallel")]
#[test]
fn the_batches_answer_as_one_by_one() {
    use asia_engulfed_victory::{score_many, verdict_many};
    let states = valid_states(1000, 600);
    let scorer = Scorer::new(Rules::default());
    let reports: Vec<_> = states.iter().map(|v| scorer.score(v)).collect();
    let verdicts: Vec<_> = states.iter().map(|v| scorer.verdict(v)).collect();
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| score_many(&scorer, &states)), reports);
        assert_eq!(pool.install(|| verdict_many(&scorer, &states)), verdicts);
    }
    assert!(score_many(&scorer, &[]).is_empty());
}
