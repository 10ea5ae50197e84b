//! [`ValidState`]: a [`State`] checked once, so that scoring it never checks again (as
//! shakmaty's `Setup` becomes a position through one check).

use wargame_kit::resolve::Resolver;

use crate::error::Error;
use crate::model::{Rules, State, problems};
use crate::report::{Report, evaluate};

/// A [`State`] that passed the model's one check (the problems [`State::validate`] and the TOML
/// reader report): [`ValidState::score`] scores it without checking it again.
///
/// Make one from a state built in code with [`ValidState::new`] (which checks it), or read one
/// with [`ValidState::from_toml_str`] (the reader's check is that one check). The state inside
/// is read-only; to change it, take it out ([`ValidState::into_state`]) and check it again.
/// [`score`](crate::score) takes any [`State`], checks it once and scores it, its problems as
/// notes.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{MarkerSide, ValidState, score};
/// use wargame_kit::resolve::NoResolver;
///
/// let valid = ValidState::from_toml_str(r#"
/// game = "dai-senso"
/// check = "seasonal"
/// war_state = "limited-war"
/// current_esv = 0
/// vp_marker = { allied_crusade = "0" }
///
/// [strategic_warfare_box]
/// allied_collapse = 3
/// "#, Some("state.toml"), &NoResolver).unwrap();
/// let report = valid.score(&Rules::default());
/// assert_eq!(report.vp_marker.side, MarkerSide::RisingSun);
/// // The same report `score` gives the state, which checks it first.
/// assert_eq!(report, score(valid.state(), &Rules::default()));
///
/// // A state with problems is no ValidState: the problems are the error.
/// let mut state = valid.into_state();
/// state.current_esv = None; // Dai Senso alone reads the Current ESV
/// assert!(ValidState::new(state).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidState(State);

impl ValidState {
    /// Check `state` once: the state, or every problem it has (the error of
    /// [`State::validate`]).
    pub fn new(state: State) -> Result<ValidState, Error> {
        let found = problems(&state);
        if found.is_empty() {
            Ok(ValidState(state))
        } else {
            Err(Error::new(found))
        }
    }

    /// Read a state from TOML ([`State::from_toml_str`]): every problem found, or the state,
    /// checked by the reader.
    pub fn from_toml_str(
        text: &str,
        name: Option<&str>,
        resolver: &dyn Resolver,
    ) -> Result<ValidState, Error> {
        crate::spec::read_state(text, name, resolver).map(ValidState)
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.0
    }

    /// The state, to change it (a changed state is checked again: [`ValidState::new`]).
    pub fn into_state(self) -> State {
        self.0
    }

    /// Choose a rules option for this state (`--rule KEY=VALUE`), over its own `[rules]`
    /// ([`RuleChoices::set`](crate::options::RuleChoices::set)): the check reads no rules
    /// option, so the state stays checked.
    ///
    /// ```
    /// # use asia_engulfed_victory::ValidState;
    /// # use wargame_kit::resolve::NoResolver;
    /// # let mut valid = ValidState::from_toml_str("game = \"dai-senso\"\ncheck = \"seasonal\"\nwar_state = \"limited-war\"\ncurrent_esv = 0\nvp_marker = { allied_crusade = \"0\" }\n", None, &NoResolver).unwrap();
    /// assert!(valid.set_rule("bonus_vp_in_dai_senso", "false").is_ok());
    /// assert!(valid.set_rule("bonus_vp_in_dai_senso", "maybe").is_err());
    /// ```
    pub fn set_rule(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.0.rules.set(key, value)
    }

    /// Run the victory check of the state under `rules`, without checking the state again:
    /// the report [`score`](crate::score) gives it, with no problem to note.
    pub fn score(&self, rules: &Rules) -> Report {
        evaluate(&self.0, rules, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CHECKS;
    use wargame_kit::resolve::NoResolver;

    const STATE: &str = r#"
game = "dai-senso"
check = "final"
war_state = "total-war"
current_esv = 0
vp_marker = { allied_crusade = "2" }
japanese_mandate = "2"
"#;

    fn checks() -> usize {
        CHECKS.with(std::cell::Cell::get)
    }

    /// Each state is checked once: by the reader, by `ValidState::new`, or inside `score`;
    /// scoring a valid state never checks again.
    #[test]
    fn a_state_is_checked_once() {
        let rules = Rules::default();
        let before = checks();
        let valid = ValidState::from_toml_str(STATE, Some("s.toml"), &NoResolver).unwrap();
        assert_eq!(checks() - before, 1, "the reader checks");
        let report = valid.score(&rules);
        let _ = valid.score(&rules);
        assert_eq!(checks() - before, 1, "scoring a valid state does not");
        assert_eq!(crate::score(valid.state(), &rules), report);
        assert_eq!(
            checks() - before,
            2,
            "score checks the state it is given, once"
        );
        let _ = crate::score_toml(STATE, Some("s.toml"), &NoResolver, &rules).unwrap();
        assert_eq!(
            checks() - before,
            3,
            "score_toml checks once, in the reader"
        );
        let valid = ValidState::new(valid.into_state()).unwrap();
        assert_eq!(checks() - before, 4);
        assert_eq!(valid.score(&rules), report);
        assert_eq!(checks() - before, 4);
    }

    /// A state with a problem is no valid state, and `score` notes the problem.
    #[test]
    fn a_state_with_problems_is_refused_and_scored_with_notes() {
        let mut state = ValidState::from_toml_str(STATE, None, &NoResolver)
            .unwrap()
            .into_state();
        state.vp_marker.box_id = "9".into();
        let err = ValidState::new(state.clone()).unwrap_err();
        assert_eq!(err.diagnostics().len(), 1);
        let report = crate::score(&state, &Rules::default());
        let invalid: Vec<_> = report
            .notes
            .iter()
            .filter(|n| n.id == "invalid-state")
            .collect();
        assert_eq!(invalid.len(), 1);
        assert_eq!(invalid[0].text, err.diagnostics()[0].to_string());
    }
}
