//! Many states under one table's rules: a [`Scorer`] keeps the [`Rules`] and the list of the
//! options in force (what every report names) once, and gives each checked state its
//! [`Report`] ([`Scorer::score`]) or only its [`Verdict`] ([`Scorer::verdict`]: no margins, no
//! evidence, no words).

use serde::Serialize;

use crate::csv::{csv_total, esv_in_play};
use crate::decide::decide;
use crate::model::Rules;
use crate::options::RuleInForce;
use crate::report::{Report, evaluate_with};
use crate::side::{MarkerSide, Side};
use crate::valid::ValidState;
use crate::victory::{AutomaticVictory, Context};

/// What a victory check decides, without its evidence: the CSV, where the VP marker goes, the
/// automatic victory, whether play on the DS map has stopped, both sides' VP (at a Final
/// check, or in the combined game whenever it ends) and the winner.
///
/// [`Scorer::verdict`] computes it without the margins, the notes or the words of a
/// [`Report`]; [`Report::verdict`] reads it from a report, and the two agree for every state.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{MarkerSide, Scorer, Side, ValidState};
/// use asia_engulfed_victory::kit::resolve::NoResolver;
///
/// // 0.3: the historical result, Allied Crusade 2 vs Japanese Mandate 2: a tie goes to the Axis.
/// let valid = ValidState::from_toml_str(r#"
/// game = "dai-senso"
/// check = "final"
/// war_state = "total-war"
/// current_esv = 0
/// vp_marker = { allied_crusade = "2" }
/// japanese_mandate = "2"
/// "#, None, &NoResolver).unwrap();
/// let scorer = Scorer::new(Rules::default());
/// let verdict = scorer.verdict(&valid);
/// assert_eq!((verdict.csv, verdict.side), (0, MarkerSide::AlliedCrusade));
/// assert_eq!(verdict.winner, Some(Side::Axis));
/// assert_eq!(verdict, scorer.score(&valid).verdict());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Verdict {
    /// The Current Strategic Value (0.1.1).
    pub csv: i64,
    /// The index on the state's track of the box the VP marker is in after the check (left =
    /// 0), as [`MarkerReport::box_index`](crate::MarkerReport::box_index).
    pub box_index: usize,
    /// The VP marker's printed VP there (`None` in the Automatic Victory box).
    pub box_vp: Option<u32>,
    /// The marker's face up after the check.
    pub side: MarkerSide,
    /// The automatic victory this check reached, if any (0.2).
    pub automatic_victory: Option<AutomaticVictory>,
    /// Play on the DS map has stopped.
    pub play_stopped: bool,
    /// The Axis VP total, when VPs are counted.
    pub axis_vp: Option<u32>,
    /// The Allied VP total, when VPs are counted.
    pub allied_vp: Option<u32>,
    /// The winner, if the check names one.
    pub winner: Option<Side>,
}

impl Report {
    /// What the report decides, without its evidence: the [`Verdict`] [`Scorer::verdict`]
    /// gives the same state. The box is the report's
    /// [`MarkerReport::box_index`](crate::MarkerReport::box_index), which a report read back
    /// from its JSON does not hold.
    ///
    /// ```
    /// use asia_engulfed_victory::options::Rules;
    /// use asia_engulfed_victory::{Check, Game, MarkerSide, State, VpMarker, WarState, score};
    ///
    /// let state = State::new(Game::DaiSenso, Check::Seasonal, WarState::LimitedWar,
    ///     VpMarker::new("0", MarkerSide::AlliedCrusade));
    /// let report = score(&state, &Rules::default());
    /// let verdict = report.verdict();
    /// assert_eq!((verdict.csv, verdict.box_vp), (report.csv.total, report.vp_marker.vp));
    /// assert_eq!(verdict.winner, None);
    /// ```
    pub fn verdict(&self) -> Verdict {
        Verdict {
            csv: self.csv.total,
            box_index: self.vp_marker.box_index,
            box_vp: self.vp_marker.vp,
            side: self.vp_marker.side,
            automatic_victory: self.automatic_victory,
            play_stopped: self.play_stopped,
            axis_vp: self.vp.as_ref().map(|v| v.axis.total),
            allied_vp: self.vp.as_ref().map(|v| v.allies.total),
            winner: self.winner,
        }
    }
}

/// One table's [`Rules`], kept for many checked states (a referee scoring a season of saves,
/// a bot weighing candidate moves): [`Scorer::score`] gives each [`ValidState`] the report
/// [`ValidState::score`] gives it, and [`Scorer::verdict`] only what that report decides.
///
/// The options in force, which every report lists, are worked out once here for the states
/// that choose no option of their own (a state's `[rules]` still overrides the scorer's rules,
/// as it overrides [`ValidState::score`]'s). With the feature `parallel`, `score_many` and
/// `verdict_many` score a slice of states on all cores.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{MarkerSide, Scorer, ValidState};
/// use asia_engulfed_victory::kit::resolve::NoResolver;
///
/// let scorer = Scorer::new(Rules::default());
/// let saves = ["allied_collapse = 3", "allied_collapse = 1"];
/// for (save, side) in saves.iter().zip([MarkerSide::RisingSun, MarkerSide::AlliedCrusade]) {
///     let text = format!("game = \"dai-senso\"\ncheck = \"seasonal\"\nwar_state = \"limited-war\"\n\
///         current_esv = 0\nvp_marker = {{ allied_crusade = \"0\" }}\n\
///         [strategic_warfare_box]\n{save}\n");
///     let valid = ValidState::from_toml_str(&text, None, &NoResolver).unwrap();
///     let report = scorer.score(&valid);
///     assert_eq!(report, valid.score(scorer.rules()));
///     assert_eq!(report.vp_marker.side, side);
///     assert_eq!(scorer.verdict(&valid), report.verdict());
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Scorer {
    rules: Rules,
    in_force: Vec<RuleInForce>,
}

impl Scorer {
    /// A scorer for the table's `rules`.
    pub fn new(rules: Rules) -> Scorer {
        let in_force = rules.in_force();
        Scorer { rules, in_force }
    }

    /// The table's rules.
    ///
    /// ```
    /// # use asia_engulfed_victory::{Scorer, options::Rules};
    /// let rules = Rules::default().with_bonus_vp_in_dai_senso(false);
    /// assert_eq!(Scorer::new(rules.clone()).rules(), &rules);
    /// ```
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The victory check of `state`: the report [`ValidState::score`] gives it under the
    /// scorer's rules.
    ///
    /// ```
    /// # use asia_engulfed_victory::{Check, Game, MarkerSide, Scorer, State, ValidState, VpMarker, WarState};
    /// # use asia_engulfed_victory::options::Rules;
    /// let state = State::new(Game::DaiSenso, Check::Final, WarState::TotalWar,
    ///     VpMarker::new("2", MarkerSide::AlliedCrusade));
    /// # let mut state = state; state.current_esv = Some(0);
    /// let valid = ValidState::new(state).unwrap();
    /// let scorer = Scorer::new(Rules::default());
    /// assert_eq!(scorer.score(&valid), valid.score(&Rules::default()));
    /// ```
    pub fn score(&self, state: &ValidState) -> Report {
        let s = state.state();
        if s.rules.is_empty() {
            evaluate_with(s, &self.rules, self.in_force.clone(), &[])
        } else {
            state.score(&self.rules)
        }
    }

    /// What the victory check of `state` decides: [`Scorer::score`]'s report's
    /// [`Report::verdict`], without making the report (no margins, no notes, no words).
    ///
    /// ```
    /// # use asia_engulfed_victory::{Check, Game, MarkerSide, Scorer, Side, State, ValidState, VpMarker, WarState};
    /// # use asia_engulfed_victory::options::Rules;
    /// let mut state = State::new(Game::DaiSenso, Check::Final, WarState::TotalWar,
    ///     VpMarker::new("2", MarkerSide::AlliedCrusade));
    /// state.current_esv = Some(0);
    /// let valid = ValidState::new(state).unwrap();
    /// let scorer = Scorer::new(Rules::default());
    /// let verdict = scorer.verdict(&valid);
    /// assert_eq!((verdict.axis_vp, verdict.allied_vp), (Some(0), Some(1)));
    /// assert_eq!(verdict.winner, Some(Side::Allies));
    /// assert_eq!(verdict, scorer.score(&valid).verdict());
    /// ```
    pub fn verdict(&self, state: &ValidState) -> Verdict {
        let s = state.state();
        if s.rules.is_empty() {
            verdict(s, &self.rules)
        } else {
            verdict(s, &self.rules.clone().with_choices(&s.rules))
        }
    }
}

/// The verdict of a checked state under `rules` (the state's own choices applied): the steps
/// of [`evaluate_with`] up to the decision, the notes they write dropped.
fn verdict(state: &crate::model::State, rules: &Rules) -> Verdict {
    let mut notes = Vec::new();
    let tokyo = state.tokyo.unwrap_or(rules.tokyo);
    let esv = esv_in_play(state, &mut notes);
    let csv = csv_total(state, tokyo, esv, &mut notes);
    let ctx = Context::new(state, rules, esv);
    let d = decide(csv, &ctx);
    Verdict {
        csv,
        box_index: d.marker.box_index,
        box_vp: d.marker.vp,
        side: d.marker.side,
        automatic_victory: d.automatic_victory,
        play_stopped: d.play_stopped,
        axis_vp: d.vp.as_ref().map(crate::vp::Tally::axis_total),
        allied_vp: d.vp.as_ref().map(crate::vp::Tally::allies_total),
        winner: d.winner,
    }
}
