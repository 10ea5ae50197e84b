//! 0.2 Automatic Victory, 0.3 V-J Day victory and 0.4 Combined Game Victory, given where 0.1.2
//! put the VP marker.

use serde::Serialize;

use crate::csv::ESV_TRACK_TOP;
use crate::model::{Check, Game, MapAutomaticVictory, Rules, State, TkResult, VpMarker, WarState};
use crate::notes::Note;
use crate::options::{
    AlliedBonusCap, AutomaticVictoryAtFinalCheck, AxisAutomaticVictory,
    SimultaneousAutomaticVictory,
};
use crate::placement::place_vp_marker;
use crate::side::{MarkerSide, Side};
use crate::track::{CsvRange, VpBox, VpTrack};

/// One of the two maps of the combined game.
///
/// Exhaustive on purpose: the combined game has exactly two maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

/// How the marker came to its box at this check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
    /// Index of the box (left = 0).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct VpPart {
    /// The rule.
    pub rule: &'static str,
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct SideVp {
    /// The sum of the parts.
    pub total: u32,
    /// The parts.
    pub parts: Vec<VpPart>,
}

impl SideVp {
    fn add(&mut self, part: VpPart) {
        self.total = self.total.saturating_add(part.vp);
        self.parts.push(part);
    }
}

/// Both sides' VP at the Final check (0.3; in the combined game both maps, 0.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
}

/// What a CSV leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decision {
    pub marker: MarkerReport,
    pub automatic_victory: Option<AutomaticVictory>,
    pub play_stopped: bool,
    pub vp: Option<VpScore>,
    pub winner: Option<Side>,
    pub combined: Option<Combined>,
}

fn track<'a>(ctx: &Context<'a>) -> &'a VpTrack {
    &ctx.state.track
}

/// The VP a box scores for a marker on `side`; the Automatic Victory box (reached when it wins
/// nothing: outside Total War, or at a Final check under `automatic_victory_at_final_check =
/// vp-decide`) scores as the track's highest numbered box of that face (ruling D-11,
/// [`VpTrack::highest_numbered_of`]).
fn box_vp(track: &VpTrack, index: usize, side: MarkerSide) -> (u32, Option<String>) {
    let b = &track.boxes()[index.min(track.boxes().len().saturating_sub(1))];
    match b.vp {
        Some(v) => (v, None),
        None => {
            let top = track
                .highest_numbered_of(side)
                .and_then(|i| track.boxes()[i].vp)
                .unwrap_or(0);
            (
                top,
                Some(format!(
                    "the Automatic Victory box has no VP of its own: it scores as the highest numbered box, {top} VP (ruling)"
                )),
            )
        }
    }
}

/// The box an Allied automatic victory on the DS map freezes the Allied Crusade marker in, in
/// words: "the 4 VP box (the track's highest numbered box)" (0.2 (c) exception, ruling D-11).
fn frozen_box(track: &VpTrack) -> String {
    match track.highest_numbered_of(MarkerSide::AlliedCrusade) {
        Some(i) => format!(
            "{} (the track's highest numbered box)",
            track.boxes()[i].title()
        ),
        None => "track's highest numbered box".to_string(),
    }
}

/// Where the marker ends up, before 0.2: held where it was ([`held_in_place`]), or placed by
/// the CSV ([`placed_by_csv`]).
fn place(csv: i64, ctx: &Context<'_>, notes: &mut Vec<Note>) -> MarkerReport {
    held_in_place(ctx, notes).unwrap_or_else(|| placed_by_csv(csv, ctx))
}

/// 0.2 (c) and 0.4 (rulings): the marker does not move when an Allied automatic victory held
/// on the DS map froze it, nor at a seasonal check once play on the DS map has stopped. At a
/// Final check after play stopped it is placed as usual (0.4 determines the Final Strategic
/// Value on each map); `None` then, with a note.
fn held_in_place(ctx: &Context<'_>, notes: &mut Vec<Note>) -> Option<MarkerReport> {
    let state = ctx.state;
    let t = track(ctx);
    let previous = &state.vp_marker;
    let previous_index = t.index_of(&previous.box_id);
    let frozen = |basis| MarkerReport {
        box_id: previous.box_id.clone(),
        vp: previous_index.and_then(|i| t.boxes()[i].vp),
        side: previous.side,
        previous: previous.clone(),
        capped_by_japanese_mandate: false,
        kept_side: false,
        basis,
        range: None,
        box_index: previous_index.unwrap_or(0),
    };
    if state.allied_automatic_victory_held {
        notes.push(Note::new(
            "frozen-by-allied-automatic-victory",
            format!(
                "0.2 (c) / 0.4 (ruling): the Allied automatic victory held on the DS map froze the Allied Crusade marker in the {}; it does not move, at a Final check either",
                frozen_box(t)
            ),
        ));
        return Some(frozen(PlacementBasis::FrozenByAutomaticVictory));
    }
    if !state.play_stopped {
        return None;
    }
    match state.check {
        Check::Seasonal => {
            notes.push(Note::new(
                "play-stopped-marker-stays",
                "play on the DS map has stopped (0.4): at a seasonal check the VP marker does not move and no automatic victory can be won there (ruling); the CSV is shown for information",
            ));
            Some(frozen(PlacementBasis::PlayStopped))
        }
        Check::Final => {
            notes.push(Note::new(
                "play-stopped-final-check",
                "play on the DS map has stopped, but 0.4 still determines the Final Strategic Value (0.3) on each map at the end of the game: the marker is placed as usual",
            ));
            None
        }
    }
}

/// 0.1.2: the box and face the CSV gives the marker ([`place_vp_marker`]: the 0 box keeps the
/// face, the Japanese Mandate cap holds a Rising Sun marker back).
fn placed_by_csv(csv: i64, ctx: &Context<'_>) -> MarkerReport {
    let t = track(ctx);
    let previous = ctx.state.vp_marker.clone();
    let p = place_vp_marker(t, csv, previous.side, ctx.japanese_mandate);
    let b = &t.boxes()[p.box_index];
    MarkerReport {
        box_id: b.id.clone(),
        vp: b.vp,
        side: p.side,
        previous,
        capped_by_japanese_mandate: p.capped_by_japanese_mandate,
        kept_side: p.kept_side,
        basis: PlacementBasis::Csv,
        range: t.range_of(csv),
        box_index: p.box_index,
    }
}

/// 0.2: the automatic victory this placement brings, adjusting the marker for the combined
/// game's exception. A marker that did not move (play stopped, or frozen) wins nothing; at a
/// Final check under `automatic_victory_at_final_check = vp-decide` nothing is won
/// ([`not_won_at_final_check`]) and the marker stays where the CSV put it.
fn automatic_victory(
    csv: i64,
    ctx: &Context<'_>,
    marker: &mut MarkerReport,
    notes: &mut Vec<Note>,
) -> Option<AutomaticVictory> {
    if marker.basis != PlacementBasis::Csv {
        return None;
    }
    let mut found: Vec<AutomaticVictory> = european_theater_collapse(ctx).into_iter().collect();
    japanese_mandate_blocks_asian_domination(csv, ctx, marker, notes);
    let in_av_box = track(ctx).boxes()[marker.box_index].vp.is_none();
    // What the marker's box would win, on a copy: under vp-decide at a Final check neither the
    // (c) exception's move nor the notes of a victory won apply.
    let mut placed = marker.clone();
    let mut won_notes = Vec::new();
    let by_marker = match ctx.state.war_state {
        WarState::TotalWar => asian_domination(csv, ctx, &mut placed, &mut won_notes),
        WarState::LimitedWar => japanese_surrender(ctx, &placed, &mut won_notes),
        WarState::PreWar => None,
    };
    match by_marker {
        Some(av) => found.push(av),
        None if in_av_box && ctx.state.war_state != WarState::TotalWar => {
            automatic_victory_box_outside_total_war(ctx, notes);
        }
        None => {}
    }
    if ctx.state.check == Check::Final
        && ctx.rules.automatic_victory_at_final_check == AutomaticVictoryAtFinalCheck::VpDecide
    {
        return not_won_at_final_check(&found, marker, notes);
    }
    *marker = placed;
    notes.append(&mut won_notes);
    first_of_simultaneous(found, ctx.rules, notes)
}

/// 0.2 and 0.3 under `automatic_victory_at_final_check = vp-decide` (ruling D-2): 0.2's
/// automatic victory ends the game only "before the final Turn", and the Final check uses the
/// Victory Point Check procedure of 0.1, so no automatic victory of any kind is won at a Final
/// check; each this check would have brought is noted, and the VP decide. A marker in the
/// Automatic Victory box scores the track's highest numbered box of its face ([`box_vp`]).
fn not_won_at_final_check(
    found: &[AutomaticVictory],
    marker: &MarkerReport,
    notes: &mut Vec<Note>,
) -> Option<AutomaticVictory> {
    if found.is_empty() {
        return None;
    }
    let exception = |a: &AutomaticVictory| a.rule.ends_with("(c) exception");
    let each: Vec<String> = found
        .iter()
        .map(|a| {
            let which = if exception(a) {
                " (the 0.2 (c) exception)"
            } else {
                ""
            };
            format!("{} for the {}{which}", a.kind.title(), a.winner.title())
        })
        .collect();
    let stays = if found.iter().any(exception) {
        format!(
            "; the {} marker stays in the {}",
            marker.side.title(),
            marker.box_title()
        )
    } else {
        String::new()
    };
    notes.push(Note::new(
        "automatic-victory-at-final-check-vp-decide",
        format!(
            "rules option automatic_victory_at_final_check = vp-decide: 0.2's automatic victory ends the game only \"before the final Turn\" and the Final check uses the Victory Point Check procedure of 0.1 (0.3), so no automatic victory is won at a Final check, not {}, which this check would bring{stays}; the VP decide (ruling D-2)",
            each.join(" nor ")
        ),
    ));
    None
}

/// 0.2 European Theater Collapse (*), Dai Senso alone: the Current ESV at the top of its track
/// (5) is an Axis automatic victory, whatever the War State.
fn european_theater_collapse(ctx: &Context<'_>) -> Option<AutomaticVictory> {
    let esv = ctx.esv?;
    (esv >= ESV_TRACK_TOP).then_some(AutomaticVictory {
        winner: Side::Axis,
        rule: "0.2 European Theater Collapse (*)",
        kind: AutomaticVictoryKind::EuropeanTheaterCollapse,
        effect: Effect::EndsGame,
    })
}

/// 0.2 clarification: while the Japanese Mandate marker is on the VP Track the Axis cannot win
/// an Asian Domination. The cap of 0.1.2 already holds the marker back; this notes it when the
/// CSV alone would have reached the Automatic Victory box.
fn japanese_mandate_blocks_asian_domination(
    csv: i64,
    ctx: &Context<'_>,
    marker: &MarkerReport,
    notes: &mut Vec<Note>,
) {
    let t = track(ctx);
    let would = t.boxes().get(t.cell(csv).box_index);
    if marker.capped_by_japanese_mandate && would.is_some_and(|b| b.vp.is_none()) {
        notes.push(Note::new(
            "japanese-mandate-blocks-asian-domination",
            "0.2 clarification: while the Japanese Mandate marker is on the VP Track the Axis cannot win an Asian Domination; the cap of 0.1.2 holds the Rising Sun marker back",
        ));
    }
}

/// 0.2 Asian Domination, read during Total War: the VP marker in the Automatic Victory box wins
/// for the side its face shows and ends the game; in the combined game an Allied one is the
/// (c) exception ([`combined_game_exception`]).
fn asian_domination(
    csv: i64,
    ctx: &Context<'_>,
    marker: &mut MarkerReport,
    notes: &mut Vec<Note>,
) -> Option<AutomaticVictory> {
    if track(ctx).boxes()[marker.box_index].vp.is_some() {
        return None;
    }
    if ctx.state.game == Game::AxisEmpires && marker.side == MarkerSide::AlliedCrusade {
        return Some(combined_game_exception(csv, ctx, marker, notes));
    }
    Some(AutomaticVictory {
        winner: marker.side.side(),
        rule: "0.2 Asian Domination",
        kind: AutomaticVictoryKind::AsianDomination,
        effect: Effect::EndsGame,
    })
}

/// 0.2 Asian Domination (c) exception, combined game: a CSV reaching the Allied Automatic
/// Victory box during Total War puts the Allied Crusade marker in the highest numbered box
/// instead ("the 4 VP Box", read as the track's highest numbered box of the Allied Crusade
/// face: ruling D-11, [`VpTrack::highest_numbered_of`]), and play on the DS map stops. Reading of 0.2 with 0.4 (ruling): this Allied
/// automatic victory ends the combined game only together with one on the TK map.
fn combined_game_exception(
    csv: i64,
    ctx: &Context<'_>,
    marker: &mut MarkerReport,
    notes: &mut Vec<Note>,
) -> AutomaticVictory {
    let t = track(ctx);
    if let Some(top) = t.highest_numbered_of(MarkerSide::AlliedCrusade) {
        marker.box_index = top;
        marker.box_id.clone_from(&t.boxes()[top].id);
        marker.vp = t.boxes()[top].vp;
        marker.basis = PlacementBasis::CombinedGameException;
    }
    notes.push(Note::new(
        "combined-game-allied-asian-domination",
        format!(
            "0.2 (c) exception: a CSV of {csv:+} during Total War puts the Allied Crusade marker in the {} instead of the Automatic Victory box and play on the DS map ends; reading of 0.2 with 0.4 (ruling): this Allied automatic victory ends the combined game only together with one on the TK map",
            t.boxes()[marker.box_index].title()
        ),
    ));
    AutomaticVictory {
        winner: Side::Allies,
        rule: "0.2 Asian Domination (c) exception",
        kind: AutomaticVictoryKind::AsianDomination,
        effect: Effect::StopsPlayOnMap,
    }
}

/// 0.2 Japanese Surrender, read during Limited War: the Allied Crusade marker in the 2 VP box
/// is an Allied automatic victory; further right (a bigger Allied success) it fires too
/// (ruling, noted).
fn japanese_surrender(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    notes: &mut Vec<Note>,
) -> Option<AutomaticVictory> {
    let b = &track(ctx).boxes()[marker.box_index];
    if marker.side != MarkerSide::AlliedCrusade || b.vp.is_some_and(|v| v < 2) {
        return None;
    }
    if b.vp != Some(2) {
        notes.push(Note::new(
            "japanese-surrender-beyond-two",
            format!(
                "0.2 Japanese Surrender (ruling): the Allied Crusade marker is in the {}, beyond the 2 VP box; a bigger Allied success cannot avoid the surrender, so it fires",
                b.title()
            ),
        ));
    }
    Some(AutomaticVictory {
        winner: Side::Allies,
        rule: "0.2 Japanese Surrender",
        kind: AutomaticVictoryKind::JapaneseSurrender,
        effect: Effect::EndsGame,
    })
}

/// 0.2 (ruling): Asian Domination needs Total War, so outside it the marker in the Automatic
/// Victory box wins nothing (and scores as the highest numbered box at a Final check).
fn automatic_victory_box_outside_total_war(ctx: &Context<'_>, notes: &mut Vec<Note>) {
    notes.push(Note::new(
        "automatic-victory-box-outside-total-war",
        format!(
            "0.2 Asian Domination needs Total War; in {} the marker in the Automatic Victory box wins nothing and scores as the highest numbered box at a Final check (ruling)",
            ctx.state.war_state.title()
        ),
    ));
}

/// 0.2 (ruling D-16, option `simultaneous_automatic_victory`): of two automatic victories at
/// once (Dai Senso alone: European Theater Collapse and an Allied Asian Domination or Japanese
/// Surrender), European Theater Collapse, a standing condition of the Current ESV, is taken
/// first by default (like a tied score going to the Axis); `allies-first` takes the Allied one.
fn first_of_simultaneous(
    found: Vec<AutomaticVictory>,
    rules: &Rules,
    notes: &mut Vec<Note>,
) -> Option<AutomaticVictory> {
    let allies_first =
        rules.simultaneous_automatic_victory == SimultaneousAutomaticVictory::AlliesFirst;
    let taken = if allies_first {
        found
            .iter()
            .position(|a| a.winner == Side::Allies)
            .unwrap_or(0)
    } else {
        0
    };
    if let [first, second, ..] = found.as_slice() {
        let text = if allies_first {
            format!(
                "two automatic victories at once ({} and {}): rules option simultaneous_automatic_victory = allies-first takes the Allied one, {}",
                first.kind.title(),
                second.kind.title(),
                found.get(taken).map_or("", |a| a.kind.title())
            )
        } else {
            format!(
                "two automatic victories at once ({} and {}): European Theater Collapse is a standing condition of the Current ESV and is taken first, like a tied score going to the Axis (ruling)",
                first.kind.title(),
                second.kind.title()
            )
        };
        notes.push(Note::new("simultaneous-automatic-victories", text));
    }
    found.get(taken).copied()
}

/// One map's VP at the Final check, part by part: the Axis parts in rule order, and the Allied
/// ones on its track and from its Bonus VPs, as earned until the combined game's per-map cap
/// ([`cap_per_map`]) counts them.
#[derive(Default)]
struct MapVp {
    axis: Vec<VpPart>,
    allied_track: Option<VpPart>,
    allied_bonus: Option<VpPart>,
}

impl VpScore {
    /// Both sides' VP on these maps, part by part in map order.
    fn of(maps: impl IntoIterator<Item = MapVp>) -> VpScore {
        let mut score = VpScore {
            axis: SideVp::default(),
            allies: SideVp::default(),
        };
        for m in maps {
            m.axis.into_iter().for_each(|p| score.axis.add(p));
            let allied = m.allied_track.into_iter().chain(m.allied_bonus);
            allied.for_each(|p| score.allies.add(p));
        }
        score
    }
}

/// 0.3: the VP of the DS map's markers, as parts: the VP marker ([`vp_marker_vp`]), the
/// Japanese Mandate marker ([`japanese_mandate_vp`]) and the Hakko Ichiu marker
/// ([`hakko_ichiu_vp`]).
fn ds_marker_vp(ctx: &Context<'_>, marker: &MarkerReport) -> MapVp {
    let mut vp = MapVp::default();
    vp_marker_vp(ctx, marker, &mut vp);
    japanese_mandate_vp(ctx, &mut vp);
    hakko_ichiu_vp(ctx, &mut vp);
    vp
}

/// 0.3: the VP marker scores its box's VP for the side its face shows: Rising Sun for the Axis,
/// Allied Crusade for the Allies (in the combined game, capped per map: [`cap_per_map`]).
fn vp_marker_vp(ctx: &Context<'_>, marker: &MarkerReport, vp: &mut MapVp) {
    let (points, note) = box_vp(track(ctx), marker.box_index, marker.side);
    let part = |source| VpPart {
        rule: "0.3",
        map: GameMap::Ds,
        source,
        box_id: Some(marker.box_id.clone()),
        vp: points,
        note,
    };
    match marker.side {
        MarkerSide::RisingSun => vp.axis.push(part(VpSource::RisingSunMarker)),
        MarkerSide::AlliedCrusade => vp.allied_track = Some(part(VpSource::AlliedCrusadeMarker)),
    }
}

/// 0.3: the Japanese Mandate marker scores its box's VP for the Axis.
fn japanese_mandate_vp(ctx: &Context<'_>, vp: &mut MapVp) {
    let Some(jm) = ctx.japanese_mandate else {
        return;
    };
    let t = track(ctx);
    vp.axis.push(VpPart {
        rule: "0.3",
        map: GameMap::Ds,
        source: VpSource::JapaneseMandateMarker,
        box_id: Some(t.boxes()[jm].id.clone()),
        vp: box_vp(t, jm, MarkerSide::RisingSun).0,
        note: None,
    });
}

/// 0.3 clarification: the Hakko Ichiu marker scores nothing (listed, at 0 VP).
fn hakko_ichiu_vp(ctx: &Context<'_>, vp: &mut MapVp) {
    let Some(hi) = ctx.hakko_ichiu else { return };
    vp.axis.push(VpPart {
        rule: "0.3 clarification",
        map: GameMap::Ds,
        source: VpSource::HakkoIchiuMarker,
        box_id: Some(track(ctx).boxes()[hi].id.clone()),
        vp: 0,
        note: Some("the Axis earns no VPs for the Hakko Ichiu marker".into()),
    });
}

/// 0.4: the TK map's VP, given as inputs: its track's, then its Bonus VPs ([`bonus`]),
/// uncapped.
fn tk_map_vp(tk: &TkResult, rules: &Rules) -> MapVp {
    let part = |vp| VpPart {
        rule: "0.4",
        map: GameMap::Tk,
        source: VpSource::VpTrack,
        box_id: None,
        vp,
        note: None,
    };
    let mut vp = MapVp {
        axis: vec![part(tk.axis_vp)],
        allied_track: Some(part(tk.allied_vp)),
        allied_bonus: None,
    };
    let tk_bonus = (tk.axis_bonus_vp, tk.allied_bonus_vp);
    bonus(&mut vp, GameMap::Tk, tk_bonus, rules, "0.4 / 14.45");
    vp
}

/// 14.45: Bonus VPs earned on `map`, added for each side that has any. The Allies earn none
/// under `allied_bonus_cap = no-allied-bonus` (ruling D-9); in the combined game the per-map
/// cap may cut theirs ([`cap_per_map`]).
fn bonus(
    vp: &mut MapVp,
    map: GameMap,
    (axis, allies): (u32, u32),
    rules: &Rules,
    rule: &'static str,
) {
    let part = |vp, note| VpPart {
        rule,
        map,
        source: VpSource::BonusVp,
        box_id: None,
        vp,
        note,
    };
    if axis > 0 {
        vp.axis.push(part(axis, None));
    }
    if allies > 0 {
        let s = if allies == 1 { "" } else { "s" };
        vp.allied_bonus = Some(match rules.allied_bonus_cap {
            AlliedBonusCap::NoAlliedBonus => part(
                0,
                Some(format!(
                    "{allies} Bonus VP{s}, none counted: the Allies earn no Bonus VPs (rules option allied_bonus_cap = no-allied-bonus)"
                )),
            ),
            AlliedBonusCap::Within | AlliedBonusCap::Beyond => part(allies, None),
        });
    }
}

/// What the per-map cap did to one map's Allied VP ([`cap_per_map`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Capped {
    /// It cut them: the track VP, or (`allied_bonus_cap = within`) the Bonus VPs.
    cut: bool,
    /// The Bonus VPs counted before the cap, with the track VP counted, pass it.
    passed: bool,
}

/// 0.4 clarification: the Allies earn at most [`Rules::allied_vp_cap_per_map`] VPs on a map
/// (0.4: "the Allied factions cannot earn more than 4 VPs on a map"). One map's Allied VP, as
/// earned, capped: the track VP at most the cap; the Bonus VPs, by default, at most what the
/// cap leaves after the track VP, all of them under `beyond` (ruling D-9,
/// [`Rules::allied_bonus_cap`]). The one place the cap is applied and its notes written.
fn cap_per_map(rules: &Rules, vp: &mut MapVp) -> Capped {
    let cap = rules.allied_vp_cap_per_map;
    let mut cut = false;
    let track = match &mut vp.allied_track {
        Some(p) => {
            if p.vp > cap {
                p.note = Some(format!(
                    "{} VP on the track, capped at {cap}: the Allies cannot earn more than {cap} VPs on a map (0.4)",
                    p.vp
                ));
                p.vp = cap;
                cut = true;
            }
            p.vp
        }
        None => 0,
    };
    let mut passed = false;
    if let Some(p) = &mut vp.allied_bonus {
        let earned = p.vp;
        passed = track.saturating_add(earned) > cap;
        let room = cap.saturating_sub(track);
        if rules.allied_bonus_cap == AlliedBonusCap::Within && earned > room {
            let s = if earned == 1 { "" } else { "s" };
            p.note = Some(format!(
                "{earned} Bonus VP{s}, {room} counted: with the map's track VP they would pass the Allies' cap on a map (0.4)"
            ));
            p.vp = room;
            cut = true;
        }
    }
    Capped { cut, passed }
}

/// 0.4, rules option `allied_bonus_cap = beyond`, when a map's Bonus VPs took the Allies past
/// its cap: the cap limits their VP on the track only.
fn beyond_the_cap_note(rules: &Rules, notes: &mut Vec<Note>) {
    if rules.allied_bonus_cap == AlliedBonusCap::Beyond {
        notes.push(Note::new(
            "allied-bonus-beyond-the-cap",
            "rules option allied_bonus_cap = beyond: the cap of 0.4 limits the Allies' VP on a map's track; their Bonus VPs come on top, as the Axis's do",
        ));
    }
}

/// 0.4, rules option `allied_bonus_cap = no-allied-bonus`, when the Allies have Bonus VPs
/// (`allied`, every map's): none of them counts.
fn no_allied_bonus_note(rules: &Rules, allied: u32, notes: &mut Vec<Note>) {
    if rules.allied_bonus_cap == AlliedBonusCap::NoAlliedBonus && allied > 0 {
        notes.push(Note::new(
            "no-allied-bonus",
            format!(
                "rules option allied_bonus_cap = no-allied-bonus: 0.4's \"Add any Bonus VPs ...\" follows the Axis sentence and the Allies' \"Likewise\" adds only VP scores, so the Allies' {allied} Bonus VP{} {} not counted",
                if allied == 1 { "" } else { "s" },
                if allied == 1 { "is" } else { "are" }
            ),
        ));
    }
}

/// Everything a CSV leads to at this check: the marker (0.1.2), the automatic victory (0.2),
/// then V-J Day victory (0.3) in Dai Senso alone or Combined Game Victory (0.4).
pub(crate) fn decide(csv: i64, ctx: &Context<'_>, notes: &mut Vec<Note>) -> Decision {
    let state = ctx.state;
    let mut marker = place(csv, ctx, notes);
    let automatic_victory = automatic_victory(csv, ctx, &mut marker, notes);
    let froze_now = automatic_victory.is_some_and(|a| a.effect == Effect::StopsPlayOnMap);
    let play_stopped = state.play_stopped || state.allied_automatic_victory_held || froze_now;
    let decision = Decision {
        marker,
        automatic_victory,
        play_stopped,
        vp: None,
        winner: None,
        combined: None,
    };
    match state.game {
        Game::DaiSenso => v_j_day(ctx, decision, notes),
        Game::AxisEmpires => combined_game(ctx, decision, notes),
    }
}

/// 0.3 V-J Day victory, Dai Senso alone: at a Final check an automatic victory (0.2 applies, a
/// Final check being a Victory Point Check: ruling) decides, else most VP
/// ([`dai_senso_vp`]); a tie goes to the Axis. At a seasonal check only an automatic victory,
/// which ends the game, names a winner.
fn v_j_day(ctx: &Context<'_>, mut d: Decision, notes: &mut Vec<Note>) -> Decision {
    if ctx.state.check != Check::Final {
        d.winner = (d.automatic_victory)
            .filter(|a| a.effect == Effect::EndsGame)
            .map(|a| a.winner);
        return d;
    }
    let vp = dai_senso_vp(ctx, &d.marker, notes);
    if let Some(av) = d.automatic_victory {
        notes.push(Note::new(
            "final-check-automatic-victory",
            format!(
                "a Final check is a Victory Point Check (0.3: \"use the Victory Point Check procedure above\"), so 0.2 applies: the {} by {} whatever the VP (ruling)",
                av.winner.wins(),
                av.kind.title()
            ),
        ));
    }
    d.winner = Some(
        d.automatic_victory
            .map_or_else(|| vp.winner(), |a| a.winner),
    );
    if d.automatic_victory.is_none() && vp.axis.total == vp.allies.total {
        notes.push(Note::new(
            "tie-to-the-axis",
            format!(
                "0.3: the VP scores are tied {}-{}, so the Axis faction wins",
                vp.axis.total, vp.allies.total
            ),
        ));
    }
    d.vp = Some(vp);
    d
}

/// 0.3 at a Final check of Dai Senso alone: the markers' VP ([`ds_marker_vp`]) and, by
/// default, the 14.45 Bonus VPs (0.3 is silent; 14.45 awards them: ruling D-3,
/// [`Rules::bonus_vp_in_dai_senso`]); the Allied ones not under `allied_bonus_cap =
/// no-allied-bonus` (ruling D-9).
fn dai_senso_vp(ctx: &Context<'_>, marker: &MarkerReport, notes: &mut Vec<Note>) -> VpScore {
    let mut ds = ds_marker_vp(ctx, marker);
    let b = ctx.state.bonus_vp;
    let any = b.axis > 0 || b.allies > 0;
    if ctx.rules.bonus_vp_in_dai_senso {
        bonus(&mut ds, GameMap::Ds, (b.axis, b.allies), ctx.rules, "14.45");
        if any {
            notes.push(Note::new(
                "bonus-vp-in-dai-senso",
                "14.45 Bonus VPs are added at the Final check of Dai Senso alone: 14.45 awards them and 0.3 is silent (ruling D-3; rules option bonus_vp_in_dai_senso = false turns this off)",
            ));
        }
        no_allied_bonus_note(ctx.rules, b.allies, notes);
    } else if any {
        notes.push(Note::new(
            "bonus-vp-in-dai-senso",
            "14.45 Bonus VPs are not added at the Final check of Dai Senso alone: rules option bonus_vp_in_dai_senso = false",
        ));
    }
    VpScore::of([ds])
}

/// 0.2 (c) and 0.4, the combined game: both maps' VP at a Final check ([`combined_vp`]), the
/// automatic victories on either or both maps ([`combined_result`]), and each map's results.
fn combined_game(ctx: &Context<'_>, mut d: Decision, notes: &mut Vec<Note>) -> Decision {
    let state = ctx.state;
    let tk = state.tk.unwrap_or_default();
    let ds_av = ds_map_automatic_victory(ctx, d.automatic_victory);
    let vp = (state.check == Check::Final).then(|| combined_vp(ctx, &d.marker, &tk, notes));
    let result = combined_result(&tk, ds_av, vp.as_ref(), (ctx.rules, track(ctx)), notes);
    if let CombinedResult::VictoryPoints { axis, allies, .. } = result
        && axis == allies
    {
        notes.push(Note::new(
            "tie-to-the-axis",
            format!(
                "0.4: the combined VP scores are tied {axis}-{allies}, so the Axis faction wins"
            ),
        ));
    }
    // Whenever the game ends, at any check: an automatic victory that ends it names the winner
    // at a seasonal check too; play going on names none.
    d.winner = result.winner();
    let cap = ctx.rules.allied_vp_cap_per_map;
    d.combined = Some(Combined {
        allied_vp_cap_per_map: cap,
        tk: tk_map_result(&tk, ctx.rules),
        ds: ds_map_result(ctx, &d, vp.as_ref(), ds_av),
        result,
    });
    d.vp = vp;
    d
}

/// The automatic victory on the DS map, as the combined game reads it: one held from earlier
/// (an Allied one during Total War), or the one this check brings.
fn ds_map_automatic_victory(
    ctx: &Context<'_>,
    ds_av: Option<AutomaticVictory>,
) -> Option<MapAutomaticVictory> {
    if ctx.state.allied_automatic_victory_held {
        return Some(MapAutomaticVictory {
            winner: Side::Allies,
            war_state: WarState::TotalWar,
        });
    }
    ds_av.map(|a| MapAutomaticVictory {
        winner: a.winner,
        war_state: ctx.state.war_state,
    })
}

/// 0.4 at the Final check: the TK map's track VP and Bonus VPs (inputs), then the DS map's
/// markers and Bonus VPs, each map's counted uncapped and then capped ([`cap_per_map`]: the
/// Allies earn at most [`Rules::allied_vp_cap_per_map`] VPs on each map, by default Bonus VPs
/// included, the Axis Bonus VPs on top: ruling D-9, [`Rules::allied_bonus_cap`]).
fn combined_vp(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    tk: &TkResult,
    notes: &mut Vec<Note>,
) -> VpScore {
    let rules = ctx.rules;
    let cap = rules.allied_vp_cap_per_map;
    let b = ctx.state.bonus_vp;
    let mut tk_vp = tk_map_vp(tk, rules);
    let tk_capped = cap_per_map(rules, &mut tk_vp);
    let mut ds_vp = ds_marker_vp(ctx, marker);
    bonus(
        &mut ds_vp,
        GameMap::Ds,
        (b.axis, b.allies),
        rules,
        "0.4 / 14.45",
    );
    let ds_capped = cap_per_map(rules, &mut ds_vp);
    if tk_capped.passed || ds_capped.passed {
        beyond_the_cap_note(rules, notes);
    }
    no_allied_bonus_note(rules, tk.allied_bonus_vp.saturating_add(b.allies), notes);
    if tk.axis_vp > 0 && tk.allied_vp > 0 {
        notes.push(Note::new(
            "tk-axis-and-allied-vp",
            "0.3 says the Axis Tide and Allied Crusade markers cannot be on the track together, yet 0.4's example scores both on the TK map: the example's Axis Tide is read as a planted marker (like DS's Japanese Mandate), so the TK map's Axis VP and Allied VP are both counted (ruling)",
        ));
    }
    if ds_capped.cut || tk_capped.cut {
        let bonus_vp = match rules.allied_bonus_cap {
            AlliedBonusCap::Within => "Bonus VPs included; the Axis Bonus VPs come on top (ruling)",
            AlliedBonusCap::Beyond => {
                "on the track; their Bonus VPs come on top (rules option allied_bonus_cap = beyond)"
            }
            AlliedBonusCap::NoAlliedBonus => {
                "and earn no Bonus VPs (rules option allied_bonus_cap = no-allied-bonus)"
            }
        };
        notes.push(Note::new(
            "allied-cap-per-map",
            format!(
                "0.4 clarification: the Allies cannot earn more than {cap} VPs on a map, {bonus_vp}"
            ),
        ));
    }
    VpScore::of([tk_vp, ds_vp])
}

/// 0.2 (c) and 0.4: how the combined game stands. An automatic victory on the TK map (an input,
/// won before this check) is read first. An Axis automatic victory on either map, or an Allied
/// one during Limited War, ends the combined game; Allied ones outside Limited War freeze their
/// map and win only on both maps (ruling). Otherwise the VP decide at a Final check (most VP, a
/// tie to the Axis), and play goes on at a seasonal one.
fn combined_result(
    tk: &TkResult,
    ds_av: Option<MapAutomaticVictory>,
    vp: Option<&VpScore>,
    (rules, ds_track): (&Rules, &VpTrack),
    notes: &mut Vec<Note>,
) -> CombinedResult {
    let mut frozen = Vec::new();
    let mut result = None;
    for (map, av) in [(GameMap::Tk, tk.automatic_victory), (GameMap::Ds, ds_av)] {
        let Some(av) = av else { continue };
        if result.is_some() {
            break;
        }
        match (av.winner, av.war_state) {
            (Side::Axis, WarState::TotalWar) => {
                result = Some(CombinedResult::AxisAutomaticVictory { map });
            }
            (Side::Axis, _) if rules.axis_automatic_victory == AxisAutomaticVictory::AnyWarState => {
                notes.push(Note::new(
                    "axis-automatic-victory-any-war-state",
                    format!(
                        "rules option axis_automatic_victory = any-war-state: the Axis automatic victory on the {} in {} ends the combined game",
                        map.title(),
                        av.war_state.title()
                    ),
                ));
                result = Some(CombinedResult::AxisAutomaticVictory { map });
            }
            (Side::Axis, w) => notes.push(Note::new(
                "axis-automatic-victory-outside-total-war",
                format!(
                    "0.2 (c): an Axis automatic victory ends the combined game when won during Total War; the one on the {} was won in {}, so it does not (ruling D-1; rules option axis_automatic_victory = any-war-state reads otherwise)",
                    map.title(),
                    w.title()
                ),
            )),
            (Side::Allies, WarState::LimitedWar) => {
                result = Some(CombinedResult::AlliedAutomaticVictoryInLimitedWar { map });
            }
            (Side::Allies, _) => frozen.push(map),
        }
    }
    if result.is_none() && frozen.len() == 2 {
        result = Some(CombinedResult::AlliedAutomaticVictoryOnBothMaps);
    }
    combined_result_notes(tk, (result.is_none(), rules, ds_track), &frozen, notes);
    result.unwrap_or_else(|| match vp {
        Some(s) => CombinedResult::VictoryPoints {
            winner: s.winner(),
            axis: s.axis.total,
            allies: s.allies.total,
        },
        None => CombinedResult::PlayGoesOn {
            allied_automatic_victory_on: frozen,
        },
    })
}

/// The notes of [`combined_result`]: a TK automatic victory that already ended the combined
/// game, and an Allied automatic victory on one map only (ruling).
fn combined_result_notes(
    tk: &TkResult,
    (undecided, rules, ds_track): (bool, &Rules, &VpTrack),
    frozen: &[GameMap],
    notes: &mut Vec<Note>,
) {
    let axis_ends = |w: WarState| {
        w == WarState::TotalWar || rules.axis_automatic_victory == AxisAutomaticVictory::AnyWarState
    };
    if let Some(av) = tk.automatic_victory
        && ((av.winner == Side::Axis && axis_ends(av.war_state))
            || (av.winner == Side::Allies && av.war_state == WarState::LimitedWar))
    {
        notes.push(Note::new(
            "tk-automatic-victory-first",
            format!(
                "the {} automatic victory on the TK map ({}) was won before this check and already ended the combined game (0.2 (c), 0.4)",
                av.winner.title(),
                av.war_state.title()
            ),
        ));
    }
    if let ([map], true) = (frozen, undecided) {
        let at = match map {
            GameMap::Tk => "at 4 VP".to_string(),
            GameMap::Ds => format!(
                "with the Allied Crusade marker in the {}",
                frozen_box(ds_track)
            ),
        };
        notes.push(Note::new(
            "allied-automatic-victory-needs-both-maps",
            format!(
                "reading of 0.2 (c) with 0.4 (ruling): an Allied automatic victory outside Limited War (here on the {}) freezes that map {at}; the Allies win automatically only with one on both maps",
                map.title()
            ),
        ));
    }
}

/// The TK map's results, as given, with the Allied VP the per-map cap counts
/// ([`cap_per_map`]).
fn tk_map_result(tk: &TkResult, rules: &Rules) -> MapResult {
    let mut vp = tk_map_vp(tk, rules);
    cap_per_map(rules, &mut vp);
    MapResult {
        map: GameMap::Tk,
        axis_vp: Some(tk.axis_vp),
        allied_vp: Some(tk.allied_vp),
        allied_vp_counted: vp.allied_track.map(|p| p.vp),
        axis_bonus_vp: tk.axis_bonus_vp,
        allied_bonus_vp: tk.allied_bonus_vp,
        allied_bonus_vp_counted: vp.allied_bonus.map_or(0, |p| p.vp),
        automatic_victory: tk.automatic_victory,
        play_stopped: tk.play_stopped,
    }
}

/// The DS map's results at this check: its track VP (Final check only; the Allied ones as
/// earned and as counted), Bonus VPs, automatic victory and whether play there has stopped.
fn ds_map_result(
    ctx: &Context<'_>,
    d: &Decision,
    vp: Option<&VpScore>,
    ds_av: Option<MapAutomaticVictory>,
) -> MapResult {
    let ds_vp = |side: &SideVp, bonus: bool| -> u32 {
        (side.parts.iter())
            .filter(|p| p.map == GameMap::Ds && (p.source == VpSource::BonusVp) == bonus)
            .map(|p| p.vp)
            .fold(0, u32::saturating_add)
    };
    let allied_vp = vp.map(|_| match d.marker.side {
        MarkerSide::AlliedCrusade => box_vp(track(ctx), d.marker.box_index, d.marker.side).0,
        MarkerSide::RisingSun => 0,
    });
    MapResult {
        map: GameMap::Ds,
        axis_vp: vp.map(|s| ds_vp(&s.axis, false)),
        allied_vp,
        allied_vp_counted: vp.map(|s| ds_vp(&s.allies, false)),
        axis_bonus_vp: ctx.state.bonus_vp.axis,
        allied_bonus_vp: ctx.state.bonus_vp.allies,
        allied_bonus_vp_counted: vp.map_or(ctx.state.bonus_vp.allies, |s| ds_vp(&s.allies, true)),
        automatic_victory: ds_av,
        play_stopped: d.play_stopped,
    }
}
