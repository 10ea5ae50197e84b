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
//! assert_eq!(RULE_OPTIONS.len(), 3);
//! ```

use serde::{Deserialize, Serialize};
pub use wargame_kit::options::{RuleInForce, RuleOption};

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

/// The options a state file or a caller may choose; `None`: the [`Rules`](crate::Rules) given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RuleChoices {
    /// `bonus_vp_in_dai_senso`: add the 14.45 Bonus VPs at the Final check of Dai Senso alone.
    pub bonus_vp_in_dai_senso: Option<bool>,
    /// `axis_automatic_victory`: which Axis automatic victories end the combined game.
    pub axis_automatic_victory: Option<AxisAutomaticVictory>,
    /// `final_automatic_victory_box`: the Automatic Victory box at the Final check.
    pub final_automatic_victory_box: Option<FinalAutomaticVictoryBox>,
}

/// Every rules option of the engine.
pub const RULE_OPTIONS: [RuleOption; 3] = [
    RuleOption {
        key: "axis_automatic_victory",
        values: &["total-war-only", "any-war-state"],
        rule: "0.2 (c), 0.4",
        ruling: "D-1",
        about: "which Axis automatic victories end the combined game",
    },
    RuleOption {
        key: "final_automatic_victory_box",
        values: &["wins", "scores-as-4-vp"],
        rule: "0.2, 0.3",
        ruling: "D-2",
        about: "the VP marker in the Automatic Victory box at the Final check, in Total War",
    },
    RuleOption {
        key: "bonus_vp_in_dai_senso",
        values: &["true", "false"],
        rule: "0.3, 14.45",
        ruling: "D-3",
        about: "add the 14.45 Bonus VPs at the Final check of Dai Senso alone",
    },
];

impl RuleChoices {
    /// Choose `value` for option `key`, or say why not (an unknown key or value, with the known
    /// ones).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        use AxisAutomaticVictory as A;
        use FinalAutomaticVictoryBox as F;
        match wargame_kit::options::choose(&RULE_OPTIONS, key, value)? {
            ("bonus_vp_in_dai_senso", v) => self.bonus_vp_in_dai_senso = Some(v == "true"),
            ("axis_automatic_victory", "any-war-state") => {
                self.axis_automatic_victory = Some(A::AnyWarState);
            }
            ("axis_automatic_victory", _) => self.axis_automatic_victory = Some(A::TotalWarOnly),
            ("final_automatic_victory_box", "scores-as-4-vp") => {
                self.final_automatic_victory_box = Some(F::ScoresAs4Vp);
            }
            (_, _) => self.final_automatic_victory_box = Some(F::Wins),
        }
        Ok(())
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
        assert_eq!(
            wargame_kit::options::check_every_value(&RULE_OPTIONS, engine),
            Ok(())
        );
        assert!(RuleChoices::default().set("no_such_rule", "x").is_err());
    }
}
