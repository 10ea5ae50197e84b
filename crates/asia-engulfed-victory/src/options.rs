//! The readings of ambiguous rules text a table may choose: each a rules option with a default
//! (this project's reading, with its ruling id in `docs/rulings.md`) and the alternative.
//!
//! A state file chooses in its `[rules]` table; a caller (the command line's `--rule`) with
//! [`RuleChoices::set`]. [`score`](crate::score) applies the state's choices over the
//! [`Rules`] it is given.
//!
//! ```
//! use asia_engulfed_victory::options::{RuleChoices, RULE_OPTIONS};
//! let mut choices = RuleChoices::default();
//! choices.set("automatic_victory_at_final_check", "vp-decide").unwrap();
//! // The older key, with its older values.
//! choices.set("final_automatic_victory_box", "scores-as-4-vp").unwrap();
//! assert!(choices.set("final_automatic_victory_box", "vp-decide").is_err());
//! assert!(choices.set("allied_bonus_cap", "maybe").is_err());
//! assert!(choices.set("no_such_rule", "x").is_err());
//! assert_eq!(RULE_OPTIONS.options().len(), 6);
//! ```

use hexmap::Label;
pub(crate) use wargame_kit::options::{Alias, Choice, Reading, Registry, RuleInForce, RuleOption};

/// 0.2 (c): which Axis automatic victories end the combined game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum AxisAutomaticVictory {
    /// Only one won during Total War (0.2 (c): "If an Axis faction wins an Automatic Victory
    /// during Total War on either map, the AE combined game ends"): the default, D-1.
    #[default]
    TotalWarOnly,
    /// One won in any War State.
    AnyWarState,
}

/// 0.2 and 0.3 at the Final check: whether an automatic victory can still be won there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum AutomaticVictoryAtFinalCheck {
    /// A Final check is a Victory Point Check, so 0.2 applies there: an automatic victory it
    /// brings ends the game whatever the VP. The default, D-2.
    #[default]
    EndsGame,
    /// 0.2's automatic victory ends the game only "before the final Turn", and the Final check
    /// uses the procedure of 0.1: no automatic victory of any kind is won at a Final check
    /// (Asian Domination, Japanese Surrender, European Theater Collapse, the (c) exception);
    /// the VP decide, a marker in the Automatic Victory box scoring the track's highest
    /// numbered box of its face (D-11). Automatic victories won earlier still count.
    VpDecide,
}

/// 0.4: how the Allied Bonus VPs stand to the cap of 4 VPs per map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum AlliedBonusCap {
    /// The Allied Bonus VPs of a map count inside the cap, with the map's track VP (the
    /// default, D-9).
    #[default]
    Within,
    /// The cap limits the track VP; the Allied Bonus VPs come on top.
    Beyond,
    /// The Allies earn no Bonus VPs (0.4's "Add any Bonus VPs ..." follows the Axis sentence;
    /// the Allies' "Likewise" adds only VP scores), in the combined game and in Dai Senso alone.
    NoAlliedBonus,
}

/// 0.4 in Dai Senso alone: whether "Remember the Allied factions cannot earn more than 4 VPs on
/// a map" caps the Allies there too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum DaiSensoAlliedCap {
    /// No cap in Dai Senso alone: the sentence is read as part of 0.4, the combined game; the
    /// printed track never gives more than 4, but the Bonus VPs may take the Allies past it
    /// (the default, D-9).
    #[default]
    None,
    /// The cap of the combined game ([`Rules::allied_vp_cap_per_map`], 4) on the DS map in
    /// Dai Senso alone too ("Remember" read as a general truth), the Allied Bonus VPs standing
    /// to it as `allied_bonus_cap` says.
    Four,
}

/// 0.2, Dai Senso alone: which of two automatic victories won at one check is taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum SimultaneousAutomaticVictory {
    /// The Axis one (European Theater Collapse, a standing condition of the Current ESV, like
    /// a tie going to the Axis): the default, D-16.
    #[default]
    AxisFirst,
    /// The Allied one.
    AlliesFirst,
}

/// The options a state file or a caller chooses, in the order chosen, applied over the
/// [`Rules`] given to [`score`](crate::score) ([`Rules::with_choices`]).
#[derive(Clone, Debug, Default)]
pub struct RuleChoices {
    chosen: Vec<Choice<Rules>>,
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
pub static RULE_OPTIONS: Registry<Rules> = Registry::new(&[
    RuleOption::new(
        "axis_automatic_victory",
        "0.2 (c), 0.4",
        "D-1",
        "which Axis automatic victories end the combined game",
        &[
            Reading::sets("total-war-only", |r| {
                r.axis_automatic_victory = AxisAutomaticVictory::TotalWarOnly
            }),
            Reading::sets("any-war-state", |r| {
                r.axis_automatic_victory = AxisAutomaticVictory::AnyWarState
            }),
        ],
    ),
    RuleOption::new(
        "automatic_victory_at_final_check",
        "0.2, 0.3",
        "D-2",
        "whether an automatic victory can be won at the Final check, or the VP decide",
        &[
            Reading::sets("ends-game", |r: &mut Rules| {
                r.automatic_victory_at_final_check = AutomaticVictoryAtFinalCheck::EndsGame;
            }),
            Reading::sets("vp-decide", |r: &mut Rules| {
                r.automatic_victory_at_final_check = AutomaticVictoryAtFinalCheck::VpDecide;
            }),
        ],
    )
    .with_aliases(&[Alias {
        key: "final_automatic_victory_box",
        values: &[("wins", "ends-game"), ("scores-as-4-vp", "vp-decide")],
    }]),
    RuleOption::new(
        "bonus_vp_in_dai_senso",
        "0.3, 14.45",
        "D-3",
        "add the 14.45 Bonus VPs at the Final check of Dai Senso alone",
        &[
            Reading::sets("true", |r| r.bonus_vp_in_dai_senso = true),
            Reading::sets("false", |r| r.bonus_vp_in_dai_senso = false),
        ],
    ),
    RuleOption::new(
        "allied_bonus_cap",
        "0.4",
        "D-9",
        "the Allied Bonus VPs and the cap of 4 VPs per map",
        &[
            Reading::sets("within", |r| r.allied_bonus_cap = AlliedBonusCap::Within),
            Reading::sets("beyond", |r| r.allied_bonus_cap = AlliedBonusCap::Beyond),
            Reading::sets("no-allied-bonus", |r| {
                r.allied_bonus_cap = AlliedBonusCap::NoAlliedBonus
            }),
        ],
    ),
    RuleOption::new(
        "dai_senso_allied_cap",
        "0.4",
        "D-9",
        "whether the Allies' cap of 4 VPs on a map applies in Dai Senso alone",
        &[
            Reading::sets("none", |r| r.dai_senso_allied_cap = DaiSensoAlliedCap::None),
            Reading::sets("four", |r| r.dai_senso_allied_cap = DaiSensoAlliedCap::Four),
        ],
    ),
    RuleOption::new(
        "simultaneous_automatic_victory",
        "0.2",
        "D-16",
        "which of two automatic victories at one check is taken, in Dai Senso alone",
        &[
            Reading::sets("axis-first", |r| {
                r.simultaneous_automatic_victory = SimultaneousAutomaticVictory::AxisFirst
            }),
            Reading::sets("allies-first", |r| {
                r.simultaneous_automatic_victory = SimultaneousAutomaticVictory::AlliesFirst
            }),
        ],
    ),
]);

/// `rules option KEY = VALUE` of the reading `set` chooses, worded as [`RULE_OPTIONS`]
/// declares it, for the notes that name it.
pub(crate) fn rule_option(set: fn(&mut Rules)) -> String {
    let setting = RULE_OPTIONS.setting_by(set).unwrap_or_default();
    format!("rules option {setting}")
}

impl RuleChoices {
    /// Choose `value` for option `key` (over an earlier choice of it), or say why not (an
    /// unknown key or value, with the known ones).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let choice = RULE_OPTIONS.choose(key, value)?;
        self.push(choice);
        Ok(())
    }

    /// Add a choice the registry made, over an earlier choice of its option.
    pub(crate) fn push(&mut self, choice: Choice<Rules>) {
        self.chosen.retain(|c| c.key != choice.key);
        self.chosen.push(choice);
    }

    /// Whether nothing is chosen.
    pub fn is_empty(&self) -> bool {
        self.chosen.is_empty()
    }

    /// Set every choice on `rules`.
    pub(crate) fn apply(&self, rules: &mut Rules) {
        for c in &self.chosen {
            c.reading.choose(rules);
        }
    }
}

/// How the rules are played: the choices the rulebook leaves to the table.
///
/// Start from [`Rules::default`] (the readings in `docs/asia-engulfed.md`) and change it with
/// the `with_*` methods.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// let rules = Rules::default().with_bonus_vp_in_dai_senso(false);
/// assert!(!rules.bonus_vp_in_dai_senso);
/// assert_eq!(rules.allied_vp_cap_per_map, 4);
/// assert_eq!(rules.tokyo.to_string(), "e4904");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rules {
    /// Tokyo's hex (0.3: `e4904`); a state's `tokyo` overrides it.
    pub tokyo: Label,
    /// Add the 14.45 Bonus VPs at the Final check of Dai Senso alone (0.3 is silent; 14.45
    /// awards them). In the combined game 0.4 always adds them.
    pub bonus_vp_in_dai_senso: bool,
    /// The most VPs the Allied factions may earn on one map (0.4 clarification: 4), Bonus VPs
    /// included. Applied in the combined game, and in Dai Senso alone under
    /// `dai_senso_allied_cap = four`.
    pub allied_vp_cap_per_map: u32,
    /// Which Axis automatic victories end the combined game (0.2 (c); option
    /// `axis_automatic_victory`).
    pub axis_automatic_victory: AxisAutomaticVictory,
    /// Whether an automatic victory can be won at the Final check (0.2, 0.3; option
    /// `automatic_victory_at_final_check`, formerly `final_automatic_victory_box`).
    pub automatic_victory_at_final_check: AutomaticVictoryAtFinalCheck,
    /// The Allied Bonus VPs and the cap per map (0.4; option `allied_bonus_cap`).
    pub allied_bonus_cap: AlliedBonusCap,
    /// Whether the cap per map applies in Dai Senso alone (0.4; option
    /// `dai_senso_allied_cap`).
    pub dai_senso_allied_cap: DaiSensoAlliedCap,
    /// Which of two automatic victories at one check is taken, in Dai Senso alone (0.2;
    /// option `simultaneous_automatic_victory`).
    pub simultaneous_automatic_victory: SimultaneousAutomaticVictory,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            tokyo: Label {
                sheet: Some('e'),
                first: 49,
                second: 4,
                width: 2,
            },
            bonus_vp_in_dai_senso: true,
            allied_vp_cap_per_map: 4,
            axis_automatic_victory: AxisAutomaticVictory::default(),
            automatic_victory_at_final_check: AutomaticVictoryAtFinalCheck::default(),
            allied_bonus_cap: AlliedBonusCap::default(),
            dai_senso_allied_cap: DaiSensoAlliedCap::default(),
            simultaneous_automatic_victory: SimultaneousAutomaticVictory::default(),
        }
    }
}

impl Rules {
    /// The same rules with Tokyo on this hex.
    pub fn with_tokyo(mut self, tokyo: Label) -> Self {
        self.tokyo = tokyo;
        self
    }

    /// The same rules, adding (or not) the 14.45 Bonus VPs at the Final check of Dai Senso
    /// alone.
    pub fn with_bonus_vp_in_dai_senso(mut self, add: bool) -> Self {
        self.bonus_vp_in_dai_senso = add;
        self
    }

    /// The same rules with this cap on the Allied VPs per map in the combined game.
    pub fn with_allied_vp_cap_per_map(mut self, cap: u32) -> Self {
        self.allied_vp_cap_per_map = cap;
        self
    }

    /// Every rules option as these rules set it, for a report.
    pub(crate) fn in_force(&self) -> Vec<RuleInForce> {
        RULE_OPTIONS.in_force(self)
    }

    /// The same rules with `choices` (a state's `[rules]`, a caller's overrides) applied.
    pub fn with_choices(mut self, choices: &RuleChoices) -> Self {
        choices.apply(&mut self);
        self
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
            Ok(Rules::default().with_choices(&choices).in_force())
        };
        assert_eq!(RULE_OPTIONS.check_every_value(engine), Ok(()));
        assert!(RuleChoices::default().set("no_such_rule", "x").is_err());
    }
}
