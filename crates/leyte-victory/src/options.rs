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
//! assert_eq!(RULE_OPTIONS.len(), 3);
//! ```

use hexmap::TargetRule;
use hexmap::trace::ChainReading;
use serde::Serialize;
pub use wargame_kit::options::{RuleInForce, RuleOption};

/// L11: the ratio between printed bands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum Rounding {
    /// Truncate to hundredths, `floor(100 US / JP)`: 2.495 is 2.49 (the default, L-14).
    #[default]
    Truncate,
    /// Round to the nearest hundredth, halves up: 2.495 is 2.50.
    Round,
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
}

/// Every rules option of the engine.
pub const RULE_OPTIONS: [RuleOption; 3] = [
    RuleOption {
        key: "ratio",
        values: &["truncate", "round"],
        rule: "L11",
        ruling: "L-14",
        about: "the US : Japanese ratio between printed bands: truncated to hundredths, or rounded",
    },
    RuleOption {
        key: "chain",
        values: &["hexsides", "hexes"],
        rule: "L8",
        ruling: "L-9",
        about: "\"contiguous road and/or trail hexes\": steps across road/trail hexsides, or any step between two road/trail hexes",
    },
    RuleOption {
        key: "target",
        values: &["on-chain", "may-adjoin-chain"],
        rule: "L8",
        ruling: "L-10",
        about: "the last hex of a LOC longer than the free hexes: on the road/trail chain, or one step off it",
    },
];

impl Rules {
    /// Choose `value` for option `key`, or say why not (an unknown key or value, with the known
    /// ones).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match wargame_kit::options::choose(&RULE_OPTIONS, key, value)? {
            ("ratio", "truncate") => self.ratio = Rounding::Truncate,
            ("ratio", "round") => self.ratio = Rounding::Round,
            ("chain", "hexsides") => self.chain = ChainReading::FollowHexsides,
            ("chain", "hexes") => self.chain = ChainReading::BetweenNetHexes,
            ("target", "on-chain") => self.target = TargetRule::OnChain,
            ("target", "may-adjoin-chain") => self.target = TargetRule::MayAdjoinChain,
            // `choose` returns only the options' own keys and values, all matched above.
            (k, v) => return Err(format!("`{k} = {v}` is not handled")),
        }
        Ok(())
    }

    /// Every option with its value, for a report.
    pub fn in_force(&self) -> Vec<RuleInForce> {
        let values = [
            match self.ratio {
                Rounding::Round => "round",
                _ => "truncate",
            },
            match self.chain {
                ChainReading::BetweenNetHexes => "hexes",
                _ => "hexsides",
            },
            match self.target {
                TargetRule::MayAdjoinChain => "may-adjoin-chain",
                _ => "on-chain",
            },
        ];
        wargame_kit::options::in_force(&RULE_OPTIONS, &values)
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
        assert_eq!(
            wargame_kit::options::check_every_value(&RULE_OPTIONS, engine),
            Ok(())
        );
        assert!(Rules::default().set("no_such_rule", "x").is_err());
    }
}
