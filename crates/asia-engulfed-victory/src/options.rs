//! The readings of ambiguous rules text a table may choose: each a rules option with a default
//! (this project's reading, with its ruling id in `docs/rulings.md`) and the alternative.
//!
//! A state file chooses in its `[rules]` table; a caller (the command line's `--rule`) with
//! [`RuleChoices::set`]. [`score`](crate::score) applies the state's choices over the
//! [`Rules`](crate::Rules) it is given.
//!
//! ```
//! use asia_engulfed_victory::options::{RuleChoices, RULE_OPTIONS};
//! let mut choices = RuleChoices::default();
//! choices.set("final_automatic_victory_box", "scores-as-4-vp").unwrap();
//! assert!(choices.set("final_automatic_victory_box", "maybe").is_err());
//! assert!(choices.set("no_such_rule", "x").is_err());
//! assert_eq!(RULE_OPTIONS.options().len(), 3);
//! ```

use serde::{Deserialize, Serialize};
pub use wargame_kit::options::{Choice, Reading, Registry, RuleInForce, RuleOption};

/// 0.2 (c): which Axis automatic victories end the combined game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum AxisAutomaticVictory {
    /// Only one won during Total War (0.2 (c): "If an Axis faction wins an Automatic Victory
    /// during Total War on either map, the AE combined game ends"): the default, D-1.
    #[default]
    TotalWarOnly,
    /// One won in any War State.
    AnyWarState,
}

/// 0.2 at the Final check: what the VP marker placed in the Automatic Victory box does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum FinalAutomaticVictoryBox {
    /// In Total War it wins automatically (a Final check is a Victory Point Check): the
    /// default, D-2.
    #[default]
    Wins,
    /// Automatic victory ends play only "before the final Turn": at the Final check the box
    /// scores as the highest numbered (4 VP) box.
    #[serde(rename = "scores-as-4-vp")]
    ScoresAs4Vp,
}

/// The options a state file or a caller chooses, in the order chosen, applied over the
/// [`Rules`](crate::Rules) given to [`score`](crate::score) ([`Rules::with_choices`](crate::Rules::with_choices)).
#[derive(Clone, Debug, Default)]
pub struct RuleChoices {
    chosen: Vec<Choice<crate::Rules>>,
}

impl PartialEq for RuleChoices {
    fn eq(&self, other: &Self) -> bool {
        self.chosen.len() == other.chosen.len()
            && self
                .chosen
                .iter()
                .zip(&other.chosen)
                .all(|(a, b)| a.key == b.key && a.reading.value == b.reading.value)
    }
}

impl Eq for RuleChoices {}

/// Every rules option of the engine, each declared once: `[rules]`, `--rule`, `victory rules`,
/// the report's options in force and the state's JSON Schema all read it.
pub static RULE_OPTIONS: Registry<crate::Rules> = Registry::new(&[
    RuleOption::new(
        "axis_automatic_victory",
        "0.2 (c), 0.4",
        "D-1",
        "which Axis automatic victories end the combined game",
        &[
            Reading::new(
                "total-war-only",
                |r| r.axis_automatic_victory = AxisAutomaticVictory::TotalWarOnly,
                |r| r.axis_automatic_victory == AxisAutomaticVictory::TotalWarOnly,
            ),
            Reading::new(
                "any-war-state",
                |r| r.axis_automatic_victory = AxisAutomaticVictory::AnyWarState,
                |r| r.axis_automatic_victory == AxisAutomaticVictory::AnyWarState,
            ),
        ],
    ),
    RuleOption::new(
        "final_automatic_victory_box",
        "0.2, 0.3",
        "D-2",
        "the VP marker in the Automatic Victory box at the Final check, in Total War",
        &[
            Reading::new(
                "wins",
                |r| r.final_automatic_victory_box = FinalAutomaticVictoryBox::Wins,
                |r| r.final_automatic_victory_box == FinalAutomaticVictoryBox::Wins,
            ),
            Reading::new(
                "scores-as-4-vp",
                |r| r.final_automatic_victory_box = FinalAutomaticVictoryBox::ScoresAs4Vp,
                |r| r.final_automatic_victory_box == FinalAutomaticVictoryBox::ScoresAs4Vp,
            ),
        ],
    ),
    RuleOption::new(
        "bonus_vp_in_dai_senso",
        "0.3, 14.45",
        "D-3",
        "add the 14.45 Bonus VPs at the Final check of Dai Senso alone",
        &[
            Reading::new(
                "true",
                |r| r.bonus_vp_in_dai_senso = true,
                |r| r.bonus_vp_in_dai_senso,
            ),
            Reading::new(
                "false",
                |r| r.bonus_vp_in_dai_senso = false,
                |r| !r.bonus_vp_in_dai_senso,
            ),
        ],
    ),
]);

impl RuleChoices {
    /// Choose `value` for option `key` (over an earlier choice of it), or say why not (an
    /// unknown key or value, with the known ones).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let choice = RULE_OPTIONS.choose(key, value)?;
        self.push(choice);
        Ok(())
    }

    /// Add a choice the registry made, over an earlier choice of its option.
    pub(crate) fn push(&mut self, choice: Choice<crate::Rules>) {
        self.chosen.retain(|c| c.key != choice.key);
        self.chosen.push(choice);
    }

    /// Whether nothing is chosen.
    pub fn is_empty(&self) -> bool {
        self.chosen.is_empty()
    }

    /// Set every choice on `rules`.
    pub(crate) fn apply(&self, rules: &mut crate::Rules) {
        for c in &self.chosen {
            c.reading.choose(rules);
        }
    }
}

impl AxisAutomaticVictory {
    /// The value as written in `[rules]`.
    pub fn as_str(self) -> &'static str {
        match self {
            AxisAutomaticVictory::TotalWarOnly => "total-war-only",
            AxisAutomaticVictory::AnyWarState => "any-war-state",
        }
    }
}

impl FinalAutomaticVictoryBox {
    /// The value as written in `[rules]`.
    pub fn as_str(self) -> &'static str {
        match self {
            FinalAutomaticVictoryBox::Wins => "wins",
            FinalAutomaticVictoryBox::ScoresAs4Vp => "scores-as-4-vp",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of every option is taken by `set` and reported back by the rules it makes
    /// (with the default first), and only that option leaves its default.
    #[test]
    fn every_value_is_set_and_reported_back() {
        let engine = |key: &str, value: &str| {
            let mut choices = RuleChoices::default();
            choices.set(key, value)?;
            Ok(crate::Rules::default().with_choices(&choices).in_force())
        };
        assert_eq!(RULE_OPTIONS.check_every_value(engine), Ok(()));
        assert!(RuleChoices::default().set("no_such_rule", "x").is_err());
    }
}
