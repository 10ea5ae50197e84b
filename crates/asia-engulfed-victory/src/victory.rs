//! The values of 0.2 Automatic Victory, 0.3 V-J Day victory and 0.4 Combined Game Victory, as
//! the report holds them, and the [`Context`] of one check. The rules that make them:
//! [`crate::placement`] (where the marker is after the check), [`crate::automatic`] (0.2),
//! [`crate::vp`] (0.3 and 0.4's Victory Points), [`crate::combined`] (0.2 (c) and 0.4) and
//! [`crate::decide`] (the check, in order).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::model::{MapAutomaticVictory, Rules, State, VpMarker};
use crate::side::{MarkerSide, Side};
use crate::track::{CsvRange, VpBox, VpTrack};

/// One of the two maps of the combined game.
///
/// Exhaustive on purpose: the combined game has exactly two maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum GameMap {
    /// The Dai Senso map (the Pacific war).
    Ds,
    /// The Totaler Krieg map (the European war).
    Tk,
}

impl GameMap {
    /// The map's name.
    pub fn title(self) -> &'static str {
        match self {
            GameMap::Ds => "DS map",
            GameMap::Tk => "TK map",
        }
    }
}

/// The ways of 0.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum AutomaticVictoryKind {
    /// The VP marker in the Automatic Victory box during Total War.
    AsianDomination,
    /// The Allied Crusade marker in the 2 VP box (or beyond) during Limited War.
    JapaneseSurrender,
    /// (*) The Current ESV at 5.
    EuropeanTheaterCollapse,
}

impl AutomaticVictoryKind {
    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            AutomaticVictoryKind::AsianDomination => "Asian Domination",
            AutomaticVictoryKind::JapaneseSurrender => "Japanese Surrender",
            AutomaticVictoryKind::EuropeanTheaterCollapse => "European Theater Collapse",
        }
    }
}

/// What an automatic victory does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Effect {
    /// The game ends (in the combined game: the whole combined game).
    EndsGame,
    /// Combined game, Allied automatic victory during Total War: play on this map stops with
    /// the Allied Crusade marker frozen in the track's highest numbered box (the 4 VP box on
    /// the printed track); the Allies need one on both maps.
    StopsPlayOnMap,
    /// Combined game: nothing. An automatic victory on the TK map, won before this check,
    /// had already ended the combined game (0.2 (c), 0.4); this one came after the game had
    /// ended and does not count.
    AfterTheGameEnded,
}

/// An automatic victory (0.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct AutomaticVictory {
    /// Who wins it.
    pub winner: Side,
    /// The rule.
    pub rule: &'static str,
    /// Which way.
    pub kind: AutomaticVictoryKind,
    /// What it does.
    pub effect: Effect,
}

/// An [`AutomaticVictory`] as its JSON holds it: its rule, read back as one of the rules
/// [`Candidate::victory`] cites.
#[derive(Deserialize)]
struct AutomaticVictoryRead {
    winner: Side,
    rule: String,
    kind: AutomaticVictoryKind,
    effect: Effect,
}

impl<'de> Deserialize<'de> for AutomaticVictory {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AutomaticVictory, D::Error> {
        let read = AutomaticVictoryRead::deserialize(d)?;
        let ways = [
            Way::EuropeanTheaterCollapse,
            Way::AsianDomination,
            Way::CombinedGameException { instead: None },
            Way::JapaneseSurrender { beyond_two: false },
        ];
        let rule = (ways.into_iter())
            .map(|way| {
                Candidate {
                    winner: read.winner,
                    way,
                }
                .victory()
                .rule
            })
            .find(|rule| *rule == read.rule)
            .ok_or_else(|| {
                serde::de::Error::custom(format!("unknown automatic victory rule `{}`", read.rule))
            })?;
        Ok(AutomaticVictory {
            winner: read.winner,
            rule,
            kind: read.kind,
            effect: read.effect,
        })
    }
}

/// How a check brings an automatic victory (0.2): a [`Candidate`]'s way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// (*) The Current ESV at the top of its track.
    EuropeanTheaterCollapse,
    /// The VP marker in the Automatic Victory box during Total War.
    AsianDomination,
    /// The (c) exception: in the combined game an Allied Crusade marker reaching the Automatic
    /// Victory box during Total War goes to box `instead` (the track's highest numbered box of
    /// that face, ruling D-11; `None`: the track has no numbered box) and play on the DS map
    /// stops.
    CombinedGameException {
        /// The box the marker goes to.
        instead: Option<usize>,
    },
    /// The Allied Crusade marker in the 2 VP box during Limited War, or `beyond_two` (ruling
    /// D-5: a box scoring more, or the Automatic Victory box).
    JapaneseSurrender {
        /// The marker is right of the 2 VP box.
        beyond_two: bool,
    },
}

/// An automatic victory a check brings, before the rules options say whether it is won there
/// (D-2) and which of two is taken (D-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// Who would win it.
    pub winner: Side,
    /// Which way.
    pub way: Way,
}

impl Candidate {
    /// The automatic victory it is, won.
    pub(crate) fn victory(self) -> AutomaticVictory {
        let (rule, kind, effect) = match self.way {
            Way::EuropeanTheaterCollapse => (
                "0.2 European Theater Collapse (*)",
                AutomaticVictoryKind::EuropeanTheaterCollapse,
                Effect::EndsGame,
            ),
            Way::AsianDomination => (
                "0.2 Asian Domination",
                AutomaticVictoryKind::AsianDomination,
                Effect::EndsGame,
            ),
            Way::CombinedGameException { .. } => (
                "0.2 Asian Domination (c) exception",
                AutomaticVictoryKind::AsianDomination,
                Effect::StopsPlayOnMap,
            ),
            Way::JapaneseSurrender { .. } => (
                "0.2 Japanese Surrender",
                AutomaticVictoryKind::JapaneseSurrender,
                Effect::EndsGame,
            ),
        };
        AutomaticVictory {
            winner: self.winner,
            rule,
            kind,
            effect,
        }
    }
}

/// How the marker came to its box at this check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum PlacementBasis {
    /// Placed by the Current Strategic Value (0.1.2).
    Csv,
    /// 0.2 (c) exception: the CSV reached the Allied Automatic Victory box during Total War in
    /// the combined game; the marker goes to the track's highest numbered box (the 4 VP box on
    /// the printed track) instead.
    CombinedGameException,
    /// Play on the DS map has stopped: the marker does not move at a seasonal check.
    PlayStopped,
    /// An Allied automatic victory held on the DS map froze the marker in the track's highest
    /// numbered box.
    FrozenByAutomaticVictory,
}

/// The VP marker after the check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MarkerReport {
    /// The box's id.
    #[serde(rename = "box")]
    pub box_id: String,
    /// The box's printed VP (`null` for the Automatic Victory box).
    pub vp: Option<u32>,
    /// The face up.
    pub side: MarkerSide,
    /// Where it was before the check.
    pub previous: VpMarker,
    /// The Japanese Mandate marker held a Rising Sun marker back (0.1.2).
    pub capped_by_japanese_mandate: bool,
    /// The CSV fell in the 0 box, which keeps the marker's face (0.1.2).
    pub kept_side: bool,
    /// How it got there.
    pub basis: PlacementBasis,
    /// The track range the CSV fell in (`null` when the marker did not move).
    pub range: Option<CsvRange>,
    /// Index of the box (left = 0). Not in the JSON: a report read back from its JSON has 0
    /// here, whatever the box (the JSON names the box by `box_id`; its track says where it is).
    #[serde(skip)]
    pub box_index: usize,
}

impl MarkerReport {
    /// The box's name for people (`4 VP box`, `Automatic Victory box`), as [`VpBox::title`].
    pub fn box_title(&self) -> String {
        VpBox::title_of(&self.box_id, self.vp)
    }
}

/// What a VP comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum VpSource {
    /// The VP marker on its Rising Sun face.
    RisingSunMarker,
    /// The Japanese Mandate marker.
    JapaneseMandateMarker,
    /// The Hakko Ichiu marker (scores nothing).
    HakkoIchiuMarker,
    /// The VP marker on its Allied Crusade face.
    AlliedCrusadeMarker,
    /// The TK map's VP track (an input).
    VpTrack,
    /// Bonus VPs (14.45).
    BonusVp,
}

impl VpSource {
    /// Words for the text report.
    pub fn title(self) -> &'static str {
        match self {
            VpSource::RisingSunMarker => "Rising Sun marker",
            VpSource::JapaneseMandateMarker => "Japanese Mandate marker",
            VpSource::HakkoIchiuMarker => "Hakko Ichiu marker",
            VpSource::AlliedCrusadeMarker => "Allied Crusade marker",
            VpSource::VpTrack => "VP track",
            VpSource::BonusVp => "Bonus VP",
        }
    }
}

/// One contribution to a side's VP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct VpPart {
    /// The rule.
    pub rule: Cow<'static, str>,
    /// The map it was earned on.
    pub map: GameMap,
    /// What it comes from.
    pub source: VpSource,
    /// The box, for a marker.
    #[serde(rename = "box")]
    pub box_id: Option<String>,
    /// VPs counted.
    pub vp: u32,
    /// A remark (a cap, a ruling).
    pub note: Option<String>,
}

/// One side's VP, part by part.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct SideVp {
    /// The sum of the parts.
    pub total: u32,
    /// The parts.
    pub parts: Vec<VpPart>,
}

impl SideVp {
    /// Add a part to the sum.
    pub(crate) fn add(&mut self, part: VpPart) {
        self.total = self.total.saturating_add(part.vp);
        self.parts.push(part);
    }
}

/// Both sides' VP at the Final check (0.3; in the combined game both maps, 0.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct VpScore {
    /// The Axis faction.
    pub axis: SideVp,
    /// The Allied factions.
    pub allies: SideVp,
}

impl VpScore {
    /// Most VP wins; a tie goes to the Axis (0.3, 0.4).
    pub fn winner(&self) -> Side {
        if self.allies.total > self.axis.total {
            Side::Allies
        } else {
            Side::Axis
        }
    }
}

/// One map's results in the combined game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MapResult {
    /// Which map.
    pub map: GameMap,
    /// Axis VP on its track (DS: at the Final check only).
    pub axis_vp: Option<u32>,
    /// Allied VP on its track, before the per-map cap.
    pub allied_vp: Option<u32>,
    /// Allied VP counted after the per-map cap.
    pub allied_vp_counted: Option<u32>,
    /// Axis Bonus VPs (14.45).
    pub axis_bonus_vp: u32,
    /// Allied Bonus VPs (14.45).
    pub allied_bonus_vp: u32,
    /// Allied Bonus VPs counted (0.4, rules option `allied_bonus_cap`): by default what the
    /// per-map cap leaves after the map's track VP; all of them under `beyond`; none under
    /// `no-allied-bonus`.
    pub allied_bonus_vp_counted: u32,
    /// An automatic victory won on this map (now, or held from earlier).
    pub automatic_victory: Option<MapAutomaticVictory>,
    /// Whether play on this map has stopped.
    pub play_stopped: bool,
}

/// How the combined game stands (0.2 (c), 0.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum CombinedResult {
    /// An Axis automatic victory on either map ends the combined game with an Axis victory.
    AxisAutomaticVictory {
        /// The map it was won on.
        map: GameMap,
    },
    /// An Allied automatic victory during Limited War on either map ends the combined game with
    /// an Allied victory.
    AlliedAutomaticVictoryInLimitedWar {
        /// The map it was won on.
        map: GameMap,
    },
    /// Allied automatic victories on both maps: the Allies win.
    AlliedAutomaticVictoryOnBothMaps,
    /// No decision at this seasonal check: play goes on.
    PlayGoesOn {
        /// Maps frozen by an Allied automatic victory during Total War.
        allied_automatic_victory_on: Vec<GameMap>,
    },
    /// Decided on VP at the Final check.
    VictoryPoints {
        /// Who wins.
        winner: Side,
        /// Axis total.
        axis: u32,
        /// Allied total.
        allies: u32,
    },
}

impl CombinedResult {
    /// The winner, if the combined game is decided.
    pub fn winner(&self) -> Option<Side> {
        match self {
            CombinedResult::AxisAutomaticVictory { .. } => Some(Side::Axis),
            CombinedResult::AlliedAutomaticVictoryInLimitedWar { .. }
            | CombinedResult::AlliedAutomaticVictoryOnBothMaps => Some(Side::Allies),
            CombinedResult::PlayGoesOn { .. } => None,
            CombinedResult::VictoryPoints { winner, .. } => Some(*winner),
        }
    }
}

/// The combined game (0.4): both maps and the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Combined {
    /// The most VPs the Allies may earn on one map's track.
    pub allied_vp_cap_per_map: u32,
    /// The TK map (inputs).
    pub tk: MapResult,
    /// The DS map (this check).
    pub ds: MapResult,
    /// The result.
    pub result: CombinedResult,
}

/// Everything fixed before the CSV is known.
#[derive(Clone, Debug)]
pub(crate) struct Context<'a> {
    pub state: &'a State,
    pub rules: &'a Rules,
    /// The effective Current ESV (Dai Senso alone).
    pub esv: Option<i64>,
    pub japanese_mandate: Option<usize>,
    pub hakko_ichiu: Option<usize>,
}

impl<'a> Context<'a> {
    /// The context of a check: `esv` is the Current ESV the (*) rules read; a Japanese Mandate
    /// or Hakko Ichiu marker counts only in a numbered box on the track.
    pub fn new(state: &'a State, rules: &'a Rules, esv: Option<i64>) -> Self {
        let box_index = |id: &Option<String>| {
            id.as_deref()
                .and_then(|i| state.track.index_of(i))
                .filter(|&i| state.track.boxes()[i].vp.is_some())
        };
        Context {
            state,
            rules,
            esv,
            japanese_mandate: box_index(&state.japanese_mandate),
            hakko_ichiu: box_index(&state.hakko_ichiu),
        }
    }

    /// The state's VP track.
    pub fn track(&self) -> &'a VpTrack {
        &self.state.track
    }
}
