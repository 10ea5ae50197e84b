//! `[expect]`: what a Leyte state file pins of its own report, for regression suites
//! (`victory test`, `docs/suites.md`). Scoring ignores the table; the state reader checks its
//! shape like every other table's (an unknown key is told with "did you mean").
//!
//! [`KEYS`] says which field of the report's JSON each key reads, and how
//! ([`wargame_kit::internal::expect`]).
//!
//! ```
//! use wargame_kit::resolve::NoResolver;
//! use leyte_victory::State;
//!
//! let text = r#"
//! game = "leyte"
//! map = { name = "Line", layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 3], shifted = "even", rows_grow = "north", columns_grow = "east" }, areas = { northern-beach = { name = "N", hexes = ["1003"] }, eastern-beach = { name = "E", hexes = [] } } }
//! [scenario]
//! name = "Test"
//! active_beaches = ["northern-beach"]
//! [expect]
//! level = "draw"
//! us = 0
//! "#;
//! assert!(State::from_toml_str(text, None, &NoResolver).is_ok());
//! let typo = text.replace("us = 0", "uss = 0");
//! let err = State::from_toml_str(&typo, None, &NoResolver).unwrap_err();
//! assert!(err.to_string().contains("did you mean `us`?"), "{err}");
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use wargame_kit::internal::expect::{ExpectKey, Reading};

use crate::ratio::VictoryLevel;

/// Every expectation key of a Leyte state file but `problems` and `json` (which every game
/// has), each with the report field it reads.
pub const KEYS: &[ExpectKey] = &[
    ExpectKey::new(
        "level",
        "/level",
        Reading::Value,
        "the victory level (L11): `us-decisive`, ..., `draw`, ..., `japanese-decisive`",
    ),
    ExpectKey::new(
        "us",
        "/us/total",
        Reading::Value,
        "the U.S. Player's Victory Points",
    ),
    ExpectKey::new(
        "japanese",
        "/japanese/total",
        Reading::Value,
        "the Japanese Player's Victory Points",
    ),
    ExpectKey::new(
        "traced",
        "/loc",
        Reading::Ids {
            id: "unit",
            flag: "traced",
            is: true,
        },
        "every unit that traces a Line of Communications (L7, L8), by id, in any order",
    ),
    ExpectKey::new(
        "cut",
        "/loc",
        Reading::Ids {
            id: "unit",
            flag: "traced",
            is: false,
        },
        "every unit that must trace a Line of Communications and cannot, by id, in any order",
    ),
];

/// `[expect]` as written: each key optional; `victory test` compares them with the report
/// (`docs/suites.md`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ExpectSpec {
    /// The victory level (the report's `level`), as the report writes it (`"draw"`).
    #[serde(default)]
    pub level: Option<VictoryLevel>,
    /// The U.S. Player's Victory Points (`us.total`).
    #[serde(default)]
    pub us: Option<u64>,
    /// The Japanese Player's Victory Points (`japanese.total`).
    #[serde(default)]
    pub japanese: Option<u64>,
    /// Every unit that traces a Line of Communications (`loc[]` with `traced` true), in any
    /// order.
    #[serde(default)]
    pub traced: Option<Vec<String>>,
    /// Every unit that must trace a Line of Communications and cannot (`loc[]` with `traced`
    /// false), in any order.
    #[serde(default)]
    pub cut: Option<Vec<String>>,
    /// The file must be refused: the kinds of its problems, in order (`[]`: read and scored
    /// without a problem).
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "wargame_kit::internal::expect::problems_schema")
    )]
    pub problems: Option<Vec<String>>,
    /// Any field of the report's JSON, by its JSON Pointer (`"/margins/us/vp" = 5`).
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
