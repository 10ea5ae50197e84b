//! The two sides of the game and the two faces of the VP marker: the words every other module
//! shares, at the bottom of the crate.

use serde::{Deserialize, Serialize};

/// One of the two sides that win or lose: the Axis faction, or the combined Allied factions.
///
/// Exhaustive on purpose: the game has exactly two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Side {
    /// The Axis faction.
    Axis,
    /// The Allied factions (Soviet and Western) together.
    Allies,
}

impl Side {
    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            Side::Axis => "Axis",
            Side::Allies => "Allies",
        }
    }

    /// As an adjective: `Axis`, `Allied`.
    pub fn adjective(self) -> &'static str {
        match self {
            Side::Axis => "Axis",
            Side::Allies => "Allied",
        }
    }

    /// `Axis wins`, `Allies win`.
    pub fn wins(self) -> &'static str {
        match self {
            Side::Axis => "Axis wins",
            Side::Allies => "Allies win",
        }
    }
}

/// The face of the VP marker that is up.
///
/// Exhaustive on purpose: the marker has exactly two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum MarkerSide {
    /// Rising Sun: the Axis is ahead.
    RisingSun,
    /// Allied Crusade: the Allies are ahead.
    AlliedCrusade,
}

impl MarkerSide {
    /// The side this face favours.
    pub fn side(self) -> Side {
        match self {
            MarkerSide::RisingSun => Side::Axis,
            MarkerSide::AlliedCrusade => Side::Allies,
        }
    }

    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            MarkerSide::RisingSun => "Rising Sun",
            MarkerSide::AlliedCrusade => "Allied Crusade",
        }
    }

    /// The TOML key naming this face (`rising_sun`, `allied_crusade`).
    pub fn key(self) -> &'static str {
        match self {
            MarkerSide::RisingSun => "rising_sun",
            MarkerSide::AlliedCrusade => "allied_crusade",
        }
    }
}
