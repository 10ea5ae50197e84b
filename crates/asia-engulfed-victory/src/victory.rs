//! 0.2 Automatic Victory, 0.3 V-J Day victory and 0.4 Combined Game Victory, given where 0.1.2
//! put the VP marker.

use serde::Serialize;

use crate::csv::ESV_TRACK_TOP;
use crate::model::{
    Check, Game, MapAutomaticVictory, MarkerSide, Rules, Side, State, TkResult, VpMarker, WarState,
};
use crate::placement::place_vp_marker;
use crate::report::Note;
use crate::track::{CsvRange, VpTrack};

/// One of the two maps of the combined game.
///
/// Exhaustive on purpose: the combined game has exactly two maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
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
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Effect {
    /// The game ends (in the combined game: the whole combined game).
    EndsGame,
    /// Combined game, Allied automatic victory during Total War: play on this map stops with
    /// the Allied Crusade marker frozen in the 4 VP box; the Allies need one on both maps.
    StopsPlayOnMap,
}

/// An automatic victory (0.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum PlacementBasis {
    /// Placed by the Current Strategic Value (0.1.2).
    Csv,
    /// 0.2 (c) exception: the CSV reached the Allied Automatic Victory box during Total War in
    /// the combined game; the marker goes to the 4 VP box instead.
    CombinedGameException,
    /// Play on the DS map has stopped: the marker does not move at a seasonal check.
    PlayStopped,
    /// An Allied automatic victory held on the DS map froze the marker in the 4 VP box.
    FrozenByAutomaticVictory,
}

/// The VP marker after the check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

/// What a VP comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
    /// An automatic victory won on this map (now, or held from earlier).
    pub automatic_victory: Option<MapAutomaticVictory>,
    /// Whether play on this map has stopped.
    pub play_stopped: bool,
}

/// How the combined game stands (0.2 (c), 0.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

/// The VP a box scores; the Automatic Victory box (reached outside Total War) scores as the
/// highest numbered box (ruling).
fn box_vp(track: &VpTrack, index: usize) -> (u32, Option<String>) {
    let b = &track.boxes()[index.min(track.boxes().len().saturating_sub(1))];
    match b.vp {
        Some(v) => (v, None),
        None => {
            let top = track
                .highest_numbered()
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

/// Where the marker ends up, before 0.2.
fn place(csv: i64, ctx: &Context<'_>, notes: &mut Vec<Note>) -> MarkerReport {
    let state = ctx.state;
    let t = track(ctx);
    let previous = state.vp_marker.clone();
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
            "0.2 (c) / 0.4 (ruling): the Allied automatic victory held on the DS map froze the Allied Crusade marker in the 4 VP box; it does not move, at a Final check either",
        ));
        return frozen(PlacementBasis::FrozenByAutomaticVictory);
    }
    if state.play_stopped {
        match state.check {
            Check::Seasonal => {
                notes.push(Note::new(
                    "play-stopped-marker-stays",
                    "play on the DS map has stopped (0.4): at a seasonal check the VP marker does not move and no automatic victory can be won there (ruling); the CSV is shown for information",
                ));
                return frozen(PlacementBasis::PlayStopped);
            }
            Check::Final => notes.push(Note::new(
                "play-stopped-final-check",
                "play on the DS map has stopped, but 0.4 still determines the Final Strategic Value (0.3) on each map at the end of the game: the marker is placed as usual",
            )),
        }
    }
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
/// game's exception.
fn automatic_victory(
    csv: i64,
    ctx: &Context<'_>,
    marker: &mut MarkerReport,
    notes: &mut Vec<Note>,
) -> Option<AutomaticVictory> {
    let state = ctx.state;
    let t = track(ctx);
    if marker.basis != PlacementBasis::Csv {
        return None;
    }
    let mut found: Vec<AutomaticVictory> = Vec::new();
    if let Some(esv) = ctx.esv
        && esv >= ESV_TRACK_TOP
    {
        found.push(AutomaticVictory {
            winner: Side::Axis,
            rule: "0.2 European Theater Collapse (*)",
            kind: AutomaticVictoryKind::EuropeanTheaterCollapse,
            effect: Effect::EndsGame,
        });
    }
    let in_av_box = t.boxes()[marker.box_index].vp.is_none();
    if marker.capped_by_japanese_mandate && t.cell(csv).box_index < t.boxes().len() {
        let would = &t.boxes()[t.cell(csv).box_index];
        if would.vp.is_none() {
            notes.push(Note::new(
                "japanese-mandate-blocks-asian-domination",
                "0.2 clarification: while the Japanese Mandate marker is on the VP Track the Axis cannot win an Asian Domination; the cap of 0.1.2 holds the Rising Sun marker back",
            ));
        }
    }
    match state.war_state {
        WarState::TotalWar if in_av_box => {
            let winner = marker.side.side();
            if state.game == Game::AxisEmpires && marker.side == MarkerSide::AlliedCrusade {
                if let Some(top) = t.highest_numbered() {
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
                found.push(AutomaticVictory {
                    winner,
                    rule: "0.2 Asian Domination (c) exception",
                    kind: AutomaticVictoryKind::AsianDomination,
                    effect: Effect::StopsPlayOnMap,
                });
            } else {
                found.push(AutomaticVictory {
                    winner,
                    rule: "0.2 Asian Domination",
                    kind: AutomaticVictoryKind::AsianDomination,
                    effect: Effect::EndsGame,
                });
            }
        }
        WarState::LimitedWar
            if marker.side == MarkerSide::AlliedCrusade
                && t.boxes()[marker.box_index].vp.is_none_or(|v| v >= 2) =>
        {
            if t.boxes()[marker.box_index].vp != Some(2) {
                notes.push(Note::new(
                    "japanese-surrender-beyond-two",
                    format!(
                        "0.2 Japanese Surrender (ruling): the Allied Crusade marker is in the {}, beyond the 2 VP box; a bigger Allied success cannot avoid the surrender, so it fires",
                        t.boxes()[marker.box_index].title()
                    ),
                ));
            }
            found.push(AutomaticVictory {
                winner: Side::Allies,
                rule: "0.2 Japanese Surrender",
                kind: AutomaticVictoryKind::JapaneseSurrender,
                effect: Effect::EndsGame,
            });
        }
        _ if in_av_box => notes.push(Note::new(
            "automatic-victory-box-outside-total-war",
            format!(
                "0.2 Asian Domination needs Total War; in {} the marker in the Automatic Victory box wins nothing and scores as the highest numbered box at a Final check (ruling)",
                state.war_state.title()
            ),
        )),
        _ => {}
    }
    if found.len() > 1 {
        notes.push(Note::new(
            "simultaneous-automatic-victories",
            format!(
                "two automatic victories at once ({} and {}): European Theater Collapse is a standing condition of the Current ESV and is taken first, like a tied score going to the Axis (ruling)",
                found[0].kind.title(),
                found[1].kind.title()
            ),
        ));
    }
    found.into_iter().next()
}

/// 0.3: the VP of the DS map's markers, as parts.
/// Returns whether the Allied per-map cap cut the Allied Crusade VP.
fn ds_marker_vp(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    score: &mut VpScore,
    cap: Option<u32>,
) -> bool {
    let mut capped = false;
    let t = track(ctx);
    let (vp, note) = box_vp(t, marker.box_index);
    match marker.side {
        MarkerSide::RisingSun => score.axis.add(VpPart {
            rule: "0.3",
            map: GameMap::Ds,
            source: VpSource::RisingSunMarker,
            box_id: Some(marker.box_id.clone()),
            vp,
            note,
        }),
        MarkerSide::AlliedCrusade => {
            let counted = cap.map_or(vp, |c| vp.min(c));
            capped = counted < vp;
            let note = if capped {
                Some(format!(
                    "{vp} VP on the track, capped at {counted}: the Allies cannot earn more than {counted} VPs on a map (0.4)"
                ))
            } else {
                note
            };
            score.allies.add(VpPart {
                rule: "0.3",
                map: GameMap::Ds,
                source: VpSource::AlliedCrusadeMarker,
                box_id: Some(marker.box_id.clone()),
                vp: counted,
                note,
            });
        }
    }
    if let Some(jm) = ctx.japanese_mandate {
        let (vp, _) = box_vp(t, jm);
        score.axis.add(VpPart {
            rule: "0.3",
            map: GameMap::Ds,
            source: VpSource::JapaneseMandateMarker,
            box_id: Some(t.boxes()[jm].id.clone()),
            vp,
            note: None,
        });
    }
    if let Some(hi) = ctx.hakko_ichiu {
        score.axis.add(VpPart {
            rule: "0.3 clarification",
            map: GameMap::Ds,
            source: VpSource::HakkoIchiuMarker,
            box_id: Some(t.boxes()[hi].id.clone()),
            vp: 0,
            note: Some("the Axis earns no VPs for the Hakko Ichiu marker".into()),
        });
    }
    capped
}

fn bonus(score: &mut VpScore, map: GameMap, axis: u32, allies: u32, rule: &'static str) {
    for (side, vp) in [(&mut score.axis, axis), (&mut score.allies, allies)] {
        if vp > 0 {
            side.add(VpPart {
                rule,
                map,
                source: VpSource::BonusVp,
                box_id: None,
                vp,
                note: None,
            });
        }
    }
}

/// Everything a CSV leads to at this check.
pub(crate) fn decide(csv: i64, ctx: &Context<'_>, notes: &mut Vec<Note>) -> Decision {
    let state = ctx.state;
    let mut marker = place(csv, ctx, notes);
    let automatic_victory = automatic_victory(csv, ctx, &mut marker, notes);
    let froze_now = automatic_victory.is_some_and(|a| a.effect == Effect::StopsPlayOnMap);
    let play_stopped = state.play_stopped || state.allied_automatic_victory_held || froze_now;
    match state.game {
        Game::DaiSenso => {
            let vp = (state.check == Check::Final).then(|| {
                let mut score = VpScore {
                    axis: SideVp::default(),
                    allies: SideVp::default(),
                };
                ds_marker_vp(ctx, &marker, &mut score, None);
                let b = state.bonus_vp;
                if ctx.rules.bonus_vp_in_dai_senso {
                    bonus(&mut score, GameMap::Ds, b.axis, b.allies, "14.45");
                    if b.axis > 0 || b.allies > 0 {
                        notes.push(Note::new(
                            "bonus-vp-in-dai-senso",
                            "14.45 Bonus VPs are added at the Final check of Dai Senso alone: 14.45 awards them and 0.3 is silent (ruling; Rules::bonus_vp_in_dai_senso turns this off)",
                        ));
                    }
                } else if b.axis > 0 || b.allies > 0 {
                    notes.push(Note::new(
                        "bonus-vp-in-dai-senso",
                        "14.45 Bonus VPs are not added: Rules::bonus_vp_in_dai_senso is off",
                    ));
                }
                score
            });
            if state.check == Check::Final
                && let Some(av) = automatic_victory
            {
                notes.push(Note::new(
                    "final-check-automatic-victory",
                    format!(
                        "a Final check is a Victory Point Check (0.3: \"use the Victory Point Check procedure above\"), so 0.2 applies: the {} by {} whatever the VP (ruling)",
                        av.winner.wins(),
                        av.kind.title()
                    ),
                ));
            }
            let winner = match state.check {
                Check::Seasonal => None,
                Check::Final => automatic_victory
                    .map(|a| a.winner)
                    .or_else(|| vp.as_ref().map(VpScore::winner)),
            };
            Decision {
                marker,
                automatic_victory,
                play_stopped,
                vp,
                winner,
                combined: None,
            }
        }
        Game::AxisEmpires => {
            let tk = state.tk.unwrap_or_default();
            let (vp, combined) =
                combined(ctx, &marker, automatic_victory, play_stopped, &tk, notes);
            let winner = match state.check {
                Check::Seasonal => None,
                Check::Final => combined.result.winner(),
            };
            Decision {
                marker,
                automatic_victory,
                play_stopped,
                vp,
                winner,
                combined: Some(combined),
            }
        }
    }
}

/// 0.2 (c) and 0.4: the combined game.
fn combined(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    ds_av: Option<AutomaticVictory>,
    ds_play_stopped: bool,
    tk: &TkResult,
    notes: &mut Vec<Note>,
) -> (Option<VpScore>, Combined) {
    let state = ctx.state;
    let cap = ctx.rules.allied_vp_cap_per_map;
    let final_check = state.check == Check::Final;
    let ds_map_av = if state.allied_automatic_victory_held {
        Some(MapAutomaticVictory {
            winner: Side::Allies,
            war_state: WarState::TotalWar,
        })
    } else {
        ds_av.map(|a| MapAutomaticVictory {
            winner: a.winner,
            war_state: state.war_state,
        })
    };
    let vp = final_check.then(|| {
        let mut score = VpScore {
            axis: SideVp::default(),
            allies: SideVp::default(),
        };
        score.axis.add(VpPart {
            rule: "0.4",
            map: GameMap::Tk,
            source: VpSource::VpTrack,
            box_id: None,
            vp: tk.axis_vp,
            note: None,
        });
        let tk_allied = tk.allied_vp.min(cap);
        score.allies.add(VpPart {
            rule: "0.4",
            map: GameMap::Tk,
            source: VpSource::VpTrack,
            box_id: None,
            vp: tk_allied,
            note: (tk_allied < tk.allied_vp).then(|| {
                format!(
                    "{} VP on the track, capped at {cap}: the Allies cannot earn more than {cap} VPs on a map (0.4)",
                    tk.allied_vp
                )
            }),
        });
        bonus(&mut score, GameMap::Tk, tk.axis_bonus_vp, tk.allied_bonus_vp, "0.4 / 14.45");
        let ds_capped = ds_marker_vp(ctx, marker, &mut score, Some(cap));
        bonus(&mut score, GameMap::Ds, state.bonus_vp.axis, state.bonus_vp.allies, "0.4 / 14.45");
        if tk.axis_vp > 0 && tk.allied_vp > 0 {
            notes.push(Note::new(
                "tk-axis-and-allied-vp",
                "0.3 says the Axis Tide and Allied Crusade markers cannot be on the track together, yet 0.4's example scores both on the TK map: the example's Axis Tide is read as a planted marker (like DS's Japanese Mandate), so the TK map's Axis VP and Allied VP are both counted (ruling)",
            ));
        }
        if ds_capped || tk_allied < tk.allied_vp {
            notes.push(Note::new(
                "allied-cap-per-map",
                format!(
                    "0.4 clarification: the Allies cannot earn more than {cap} VPs on a map; the cap applies to each map's track VP, Bonus VPs come on top (ruling)"
                ),
            ));
        }
        score
    });
    let ds_axis = vp.as_ref().map(|s| {
        s.axis
            .parts
            .iter()
            .filter(|p| p.map == GameMap::Ds && p.source != VpSource::BonusVp)
            .map(|p| p.vp)
            .sum()
    });
    let ds_allied_counted = vp.as_ref().map(|s| {
        s.allies
            .parts
            .iter()
            .filter(|p| p.map == GameMap::Ds && p.source != VpSource::BonusVp)
            .map(|p| p.vp)
            .sum()
    });
    let ds_allied = final_check.then(|| match marker.side {
        MarkerSide::AlliedCrusade => box_vp(track(ctx), marker.box_index).0,
        MarkerSide::RisingSun => 0,
    });
    // The result: an automatic victory on the TK map given as input happened before this check.
    let mut frozen = Vec::new();
    let mut result = None;
    for (map, av) in [
        (GameMap::Tk, tk.automatic_victory),
        (GameMap::Ds, ds_map_av),
    ] {
        let Some(av) = av else { continue };
        if result.is_some() {
            break;
        }
        match (av.winner, av.war_state) {
            (Side::Axis, _) => {
                result = Some(CombinedResult::AxisAutomaticVictory { map });
            }
            (Side::Allies, WarState::LimitedWar) => {
                result = Some(CombinedResult::AlliedAutomaticVictoryInLimitedWar { map });
            }
            (Side::Allies, _) => frozen.push(map),
        }
    }
    if result.is_none() && frozen.len() == 2 {
        result = Some(CombinedResult::AlliedAutomaticVictoryOnBothMaps);
    }
    if let Some(av) = tk.automatic_victory
        && (av.winner == Side::Axis || av.war_state == WarState::LimitedWar)
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
    if result.is_none() && frozen.len() == 1 {
        notes.push(Note::new(
            "allied-automatic-victory-needs-both-maps",
            format!(
                "reading of 0.2 (c) with 0.4 (ruling): an Allied automatic victory outside Limited War (here on the {}) freezes that map at 4 VP; the Allies win automatically only with one on both maps",
                frozen[0].title()
            ),
        ));
    }
    let result = result.unwrap_or_else(|| match &vp {
        Some(s) => CombinedResult::VictoryPoints {
            winner: s.winner(),
            axis: s.axis.total,
            allies: s.allies.total,
        },
        None => CombinedResult::PlayGoesOn {
            allied_automatic_victory_on: frozen.clone(),
        },
    });
    let tk_map = MapResult {
        map: GameMap::Tk,
        axis_vp: Some(tk.axis_vp),
        allied_vp: Some(tk.allied_vp),
        allied_vp_counted: Some(tk.allied_vp.min(cap)),
        axis_bonus_vp: tk.axis_bonus_vp,
        allied_bonus_vp: tk.allied_bonus_vp,
        automatic_victory: tk.automatic_victory,
        play_stopped: tk.play_stopped,
    };
    let ds_map = MapResult {
        map: GameMap::Ds,
        axis_vp: ds_axis,
        allied_vp: ds_allied,
        allied_vp_counted: ds_allied_counted,
        axis_bonus_vp: state.bonus_vp.axis,
        allied_bonus_vp: state.bonus_vp.allies,
        automatic_victory: ds_map_av,
        play_stopped: ds_play_stopped,
    };
    (
        vp,
        Combined {
            allied_vp_cap_per_map: cap,
            tk: tk_map,
            ds: ds_map,
            result,
        },
    )
}
