//! Many states on all cores (feature `parallel`, with rayon): [`score_many`] and
//! [`verdict_many`], one [`Scorer`] shared between the pool's threads, the answers in the
//! states' order, each the scorer's own for its state.

use rayon::prelude::*;

use crate::report::Report;
use crate::scorer::{Scorer, Verdict};
use crate::valid::ValidState;

/// States a parallel job takes at least: one check is a few microseconds, so a job of one
/// state would cost more to hand out than to do.
const MIN_JOB: usize = 64;

/// The reports of many checked states on all cores (the global rayon pool, or the pool the
/// call is installed in), in the order of the states: each is [`Scorer::score`]'s report for
/// its state.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{Check, Game, MarkerSide, Scorer, State, ValidState, VpMarker, WarState};
///
/// let states: Vec<ValidState> = (0..100)
///     .map(|esv| {
///         let mut s = State::new(Game::DaiSenso, Check::Seasonal, WarState::TotalWar,
///             VpMarker::new("0", MarkerSide::AlliedCrusade));
///         s.current_esv = Some(esv % 7);
///         ValidState::new(s).unwrap()
///     })
///     .collect();
/// let scorer = Scorer::new(Rules::default());
/// let reports = asia_engulfed_victory::score_many(&scorer, &states);
/// assert!(reports.iter().zip(&states).all(|(r, s)| *r == scorer.score(s)));
/// ```
pub fn score_many(scorer: &Scorer, states: &[ValidState]) -> Vec<Report> {
    many(states, |s| scorer.score(s))
}

/// The verdicts of many checked states on all cores, in the order of the states: each is
/// [`Scorer::verdict`]'s for its state.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{Check, Game, MarkerSide, Scorer, State, ValidState, VpMarker, WarState};
///
/// let states: Vec<ValidState> = (0..100)
///     .map(|esv| {
///         let mut s = State::new(Game::DaiSenso, Check::Seasonal, WarState::TotalWar,
///             VpMarker::new("0", MarkerSide::AlliedCrusade));
///         s.current_esv = Some(esv % 7);
///         ValidState::new(s).unwrap()
///     })
///     .collect();
/// let scorer = Scorer::new(Rules::default());
/// let verdicts = asia_engulfed_victory::verdict_many(&scorer, &states);
/// assert!(verdicts.iter().zip(&states).all(|(v, s)| *v == scorer.score(s).verdict()));
/// ```
pub fn verdict_many(scorer: &Scorer, states: &[ValidState]) -> Vec<Verdict> {
    many(states, |s| scorer.verdict(s))
}

/// `answer` for every state on all cores, in the states' order.
fn many<T: Send>(states: &[ValidState], answer: impl Fn(&ValidState) -> T + Sync + Send) -> Vec<T> {
    states
        .par_iter()
        .with_min_len(MIN_JOB)
        .map(answer)
        .collect()
}
