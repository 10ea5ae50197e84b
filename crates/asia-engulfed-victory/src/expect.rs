//! `[expect]`: what a Dai Senso or Axis Empires state file pins of its own report, for
//! regression suites (`victory test`, `docs/suites.md`). Scoring ignores the table; the state
//! reader checks its shape like every other table's (an unknown key or value is told with
//! "did you mean").
//!
//! [`KEYS`] says which field of the report's JSON each key reads, and how
//! ([`wargame_kit::internal::expect`]).
//!
//! ```
//! use wargame_kit::resolve::NoResolver;
//! use asia_engulfed_victory::State;
//!
//! let text = r#"
//! game = "dai-senso"
//! check = "seasonal"
//! war_state = "limited-war"
//! current_esv = 0
//! vp_marker = { allied_crusade = "0" }
//! [expect]
//! winner = "none"
//! csv = 0
//! vp_box = "0"
//! automatic_victory = "none"
//! "#;
//! assert!(State::from_toml_str(text, None, &NoResolver).is_ok());
//! let typo = text.replace("winner = \"none\"", "winner = \"alies\"");
//! let err = State::from_toml_str(&typo, None, &NoResolver).unwrap_err();
//! assert!(err.to_string().contains("did you mean `allies`?"), "{err}");
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use wargame_kit::internal::expect::{ExpectKey, Reading};

/// Every expectation key of a Dai Senso or Axis Empires state file but `problems` and `json`
/// (which every game has), each with the report field it reads.
pub const KEYS: &[ExpectKey] = &[
    ExpectKey::new(
        "winner",
        "/winner",
        Reading::OrNone,
        "the winner at a Final check: `axis`, `allies`, or `none` (a seasonal check has none)",
    ),
    ExpectKey::new(
        "csv",
        "/csv/total",
        Reading::Value,
        "the Current Strategic Value (0.1.1)",
    ),
    ExpectKey::new(
        "vp_box",
        "/vp_marker/box",
        Reading::Value,
        "the box of the VP marker after the check (0.1.2), as a string: `\"2\"`, `\"automatic-victory\"`",
    ),
    ExpectKey::new(
        "axis_vp",
        "/vp/axis/total",
        Reading::Value,
        "the Axis VP at a Final check (0.3, 0.4); a seasonal check has none",
    ),
    ExpectKey::new(
        "allied_vp",
        "/vp/allies/total",
        Reading::Value,
        "the Allied VP at a Final check (0.3, 0.4); a seasonal check has none",
    ),
    ExpectKey::new(
        "automatic_victory",
        "/automatic_victory/kind",
        Reading::OrNone,
        "the automatic victory this check brings on the DS map (0.2): `asian-domination`, `japanese-surrender`, `european-theater-collapse`, or `none`",
    ),
];

/// The winner an expectation names: a side, or `none` (no winner: a seasonal check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ExpectedWinner {
    /// The Axis faction wins.
    Axis,
    /// The Allied factions win.
    Allies,
    /// No winner (TOML has no null).
    None,
}

/// The automatic victory an expectation names: its kind, or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ExpectedAutomaticVictory {
    /// Asian Domination.
    AsianDomination,
    /// Japanese Surrender.
    JapaneseSurrender,
    /// European Theater Collapse.
    EuropeanTheaterCollapse,
    /// No automatic victory this check.
    None,
}

/// `[expect]` as written: each key optional; `victory test` compares them with the report
/// (`docs/suites.md`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ExpectSpec {
    /// The winner at a Final check (the report's `winner`), `none` for none.
    #[serde(default)]
    pub winner: Option<ExpectedWinner>,
    /// The Current Strategic Value (`csv.total`).
    #[serde(default)]
    pub csv: Option<i64>,
    /// The VP marker's box after the check (`vp_marker.box`), as a string.
    #[serde(default)]
    pub vp_box: Option<String>,
    /// The Axis VP at a Final check (`vp.axis.total`).
    #[serde(default)]
    pub axis_vp: Option<u32>,
    /// The Allied VP at a Final check (`vp.allies.total`).
    #[serde(default)]
    pub allied_vp: Option<u32>,
    /// The automatic victory on the DS map (`automatic_victory.kind`), `none` for none.
    #[serde(default)]
    pub automatic_victory: Option<ExpectedAutomaticVictory>,
    /// The file must be refused: the kinds of its problems, in order (`[]`: read and scored
    /// without a problem).
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "wargame_kit::internal::expect::problems_schema")
    )]
    pub problems: Option<Vec<String>>,
    /// Any field of the report's JSON, by its JSON Pointer (`"/margins/marker/up/csv_change" = 2`).
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "wargame_kit::internal::expect::json_schema")
    )]
    pub json: Option<BTreeMap<String, wargame_kit::toml::Value>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys `[expect]` takes are the keys the runner reads (`KEYS`), then `problems` and
    /// `json` ([`wargame_kit::internal::expect::check_table`]).
    #[test]
    fn the_table_takes_exactly_the_keys_the_runner_reads() {
        let table = wargame_kit::internal::expect::check_table::<ExpectSpec>;
        assert_eq!(table(KEYS), Ok(()));
        assert!(table(&KEYS[1..]).is_err());
    }
}
