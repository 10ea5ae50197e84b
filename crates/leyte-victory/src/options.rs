//! The readings of ambiguous rules text a table may choose: each a rules option with a default
//! (this project's reading, with its ruling id in `docs/rulings.md`) and the alternatives.
//!
//! A state file chooses in its `[rules]` table; a caller with [`Rules::set`] (the command line's
//! `--rule KEY=VALUE`, over the file). The options live in the [`Scenario`](crate::Scenario)'s
//! `rules`, next to the scenario's facts.
//!
//! ```
//! use leyte_victory::options::{Rounding, Rules, RULE_OPTIONS};
//! let mut rules = Rules::default();
//! rules.set("ratio", "round").unwrap();
//! assert_eq!(rules.ratio, Rounding::Round);
//! assert!(rules.set("ratio", "ceiling").is_err());
//! assert!(rules.set("no_such_rule", "x").is_err());
//! assert_eq!(RULE_OPTIONS.options().len(), 5);
//! ```

use hexmap::ChainReading;
use hexmap::TargetRule;
pub(crate) use wargame_kit::options::{Reading, Registry, RuleInForce, RuleOption};

/// L11: the ratio between printed bands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rounding {
    /// Truncate to hundredths, `floor(100 US / JP)`: 2.495 is 2.49 (the default, L-14).
    #[default]
    Truncate,
    /// Round to the nearest hundredth, halves up: 2.495 is 2.50.
    Round,
    /// The schedule's figures read exactly: a one-decimal figure is that value, a two-decimal
    /// figure stands for "up to the next exact figure" (2.01 - 2.49 is above 2 and below 2.5), so
    /// 2.005 is U.S. Marginal (ruling L-14, compared in integers).
    Exact,
}

/// L11 at 0 : 0, no points on either side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ZeroZero {
    /// A Draw: neither side has the better of it (the default, ruling L-20).
    #[default]
    Draw,
    /// Japanese Decisive: "1.0 or less to 1" read as covering a ratio that is not above 1.
    JapaneseDecisive,
}

/// L6 for a Japanese unit that must trace a Line of Communications (when a scenario applies
/// 16.34, ruling L-13) and cannot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BeachBonusLoc {
    /// The beach bonus needs no Line of Communications: a cut Japanese unit on a bonus beach
    /// still earns it (the default, ruling L-21; L7 and L9 deny objectives only).
    #[default]
    NoLocNeeded,
    /// A Japanese unit that must trace and cannot earns no beach bonus: L6's beach hexes are
    /// "in addition to the hexes listed in the Scenarios", so a table extending L9 to the
    /// Japanese under 16.34 denies both.
    LocNeeded,
}

/// Every rules option of the Leyte engine, as a table chooses them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// `ratio`: L11 between printed bands.
    pub ratio: Rounding,
    /// `chain`: L8's "contiguous road and/or trail hexes".
    pub chain: ChainReading,
    /// `target`: whether the last hex of a LOC longer than K must be on the chain.
    pub target: TargetRule,
    /// `zero_zero`: L11 at 0 : 0.
    pub zero_zero: ZeroZero,
    /// `beach_bonus_loc`: whether a Japanese unit that must trace and cannot earns the beach
    /// bonus (L6).
    pub beach_bonus_loc: BeachBonusLoc,
}

/// Every rules option of the engine, each declared once: `[rules]`, `--rule`, `victory rules`,
/// the report's options in force and the state's JSON Schema all read it.
pub static RULE_OPTIONS: Registry<Rules> = Registry::new(&[
    RuleOption::new(
        "ratio",
        "L11",
        "L-14",
        "the US : Japanese ratio between printed bands: truncated to hundredths, rounded, or the printed figures read exactly",
        &[
            Reading::sets("truncate", |r| r.ratio = Rounding::Truncate),
            Reading::sets("round", |r| r.ratio = Rounding::Round),
            Reading::sets("exact", |r| r.ratio = Rounding::Exact),
        ],
    ),
    RuleOption::new(
        "zero_zero",
        "L11",
        "L-20",
        "no points on either side (0 : 0): a Draw, or Japanese Decisive (\"1.0 or less to 1\" read as covering a ratio that is not above 1)",
        &[
            Reading::sets("draw", |r| r.zero_zero = ZeroZero::Draw),
            Reading::sets("japanese-decisive", |r| {
                r.zero_zero = ZeroZero::JapaneseDecisive
            }),
        ],
    ),
    RuleOption::new(
        "chain",
        "L8",
        "L-9",
        "\"contiguous road and/or trail hexes\": steps across road/trail hexsides, or any step between two road/trail hexes",
        &[
            Reading::sets("hexsides", |r| r.chain = ChainReading::FollowHexsides),
            Reading::sets("hexes", |r| r.chain = ChainReading::BetweenNetHexes),
        ],
    ),
    RuleOption::new(
        "target",
        "L8",
        "L-10",
        "the last hex of a LOC longer than the free hexes: on the road/trail chain; one step past the free hexes or the chain; or one step off a hex of the chain",
        &[
            Reading::sets("on-chain", |r| r.target = TargetRule::OnChain),
            Reading::sets("may-adjoin-chain", |r| {
                r.target = TargetRule::MayAdjoinChain
            }),
            Reading::sets("must-adjoin-chain", |r| {
                r.target = TargetRule::MustAdjoinChain
            }),
        ],
    ),
    RuleOption::new(
        "beach_bonus_loc",
        "L6",
        "L-21",
        "a Japanese unit that must trace a LOC (16.34) and cannot: it still earns the beach bonus, or it earns none (as it earns no objective)",
        &[
            Reading::sets("no-loc-needed", |r| {
                r.beach_bonus_loc = BeachBonusLoc::NoLocNeeded
            }),
            Reading::sets("loc-needed", |r| {
                r.beach_bonus_loc = BeachBonusLoc::LocNeeded
            }),
        ],
    ),
]);

/// `KEY = VALUE` of the reading `set` chooses, worded as [`RULE_OPTIONS`] declares it, for
/// the words that name it.
pub(crate) fn setting_by(set: fn(&mut Rules)) -> String {
    RULE_OPTIONS.setting_by(set).unwrap_or_default()
}

impl Rules {
    /// How the last hex of a LOC longer than the free hexes is entered (the option `target`,
    /// ruling L-10), in the words of the report's notes.
    pub(crate) fn target_words(&self) -> String {
        let setting = RULE_OPTIONS.setting(self, "target").unwrap_or_default();
        match self.target {
            TargetRule::MayAdjoinChain => format!(
                "its last hex may be entered across any hexside from the road/trail chain, or straight from the last of the first hexes with no road or trail beside it ({setting})"
            ),
            TargetRule::MustAdjoinChain => format!(
                "its last hex may be entered across any hexside, but only from a hex of the road/trail chain ({setting})"
            ),
            _ => "when the LOC is longer than that, its last hex must be on the road/trail chain: the literal reading".to_string(),
        }
    }

    /// `beach_bonus_loc = VALUE, ruling L-21` as these rules hold it, for the notes that
    /// explain a beach bonus (L6).
    pub(crate) fn beach_bonus_loc_cited(&self) -> String {
        RULE_OPTIONS
            .cited(self, "beach_bonus_loc")
            .unwrap_or_default()
    }

    /// Whether a Japanese unit on a bonus beach earns the beach bonus (L6) only when it may
    /// score an objective: it traces a Line of Communications, or need not trace (the option
    /// `beach_bonus_loc`, ruling L-21).
    pub(crate) fn beach_bonus_needs_loc(&self) -> bool {
        self.beach_bonus_loc == BeachBonusLoc::LocNeeded
    }

    /// Choose `value` for option `key`, or say why not (an unknown key or value, with the known
    /// ones).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        RULE_OPTIONS.set(self, key, value)
    }

    /// Every option with its value, for a report.
    pub fn in_force(&self) -> Vec<RuleInForce> {
        RULE_OPTIONS.in_force(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of every option is taken by `set` and reported back by `in_force` (with the
    /// default first), and only that option leaves its default.
    #[test]
    fn every_value_is_set_and_reported_back() {
        let engine = |key: &str, value: &str| {
            let mut rules = Rules::default();
            rules.set(key, value)?;
            Ok(rules.in_force())
        };
        assert_eq!(RULE_OPTIONS.check_every_value(engine), Ok(()));
        assert!(Rules::default().set("no_such_rule", "x").is_err());
    }
}
