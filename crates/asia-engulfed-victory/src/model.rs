//! The game state a victory check reads, and the [`Rules`] that configure it.
//!
//! Build a [`State`] in Rust (public fields, [`State::new`] for the defaults) or read one from
//! TOML ([`State::from_toml_str`]); [`State::validate`] reports what a hand-built state got
//! wrong, with the same key paths the TOML reader uses.

use std::collections::BTreeMap;

use hexmap::Label;
use serde::{Deserialize, Serialize};

use crate::error::{Diagnostic, Error, ErrorKind};
pub(crate) use crate::options::Rules;
pub(crate) use crate::side::{MarkerSide, Side};
use crate::track::VpTrack;

/// The games this crate scores, as written in a state's `game` key.
pub const GAMES: &[&str] = &["dai-senso", "axis-empires"];

/// Which game is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub enum Game {
    /// *Dai Senso!* played alone: the European war is summarised by the Current ESV track.
    DaiSenso,
    /// *Axis Empires*, the combined game of *Totaler Krieg!* (TK map) and *Dai Senso!* (DS map).
    AxisEmpires,
}

impl Game {
    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            Game::DaiSenso => "Dai Senso! alone",
            Game::AxisEmpires => "Axis Empires combined game",
        }
    }
}

/// A seasonal Victory Point Check (0.1) or the Final Victory Point Check at the end of the game
/// (0.3).
///
/// Exhaustive on purpose: the rulebook has exactly these two checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Check {
    /// The Victory Point Check at the beginning of a Seasonal Turn (0.1).
    Seasonal,
    /// The Final Victory Point Check when the game ends (0.3).
    Final,
}

/// The War State; it only moves forward.
///
/// Exhaustive on purpose: the rulebook has exactly these three War States.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum WarState {
    /// Pre-War.
    PreWar,
    /// Limited War.
    LimitedWar,
    /// Total War.
    TotalWar,
}

impl WarState {
    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            WarState::PreWar => "Pre-War",
            WarState::LimitedWar => "Limited War",
            WarState::TotalWar => "Total War",
        }
    }
}

/// A faction owning Strategic Hexes and ground units.
///
/// Exhaustive on purpose: Axis Empires has exactly these three factions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Faction {
    /// The Axis faction (Japan on the DS map).
    Axis,
    /// The Soviet faction.
    Soviet,
    /// The Western faction (in the seed's examples China's Peiping and Nanking count as Allied
    /// Strategic Hexes; both Allied factions count alike in Step 1).
    Western,
}

impl Faction {
    /// The side this faction plays for.
    pub fn side(self) -> Side {
        match self {
            Faction::Axis => Side::Axis,
            Faction::Soviet | Faction::Western => Side::Allies,
        }
    }

    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            Faction::Axis => "Axis",
            Faction::Soviet => "Soviet",
            Faction::Western => "Western",
        }
    }
}

/// An Influence marker in a Neutral Country (read at the Final check, 0.3).
///
/// Exhaustive on purpose: one kind of Influence marker per faction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Influence {
    /// Pro-Axis.
    ProAxis,
    /// Pro-Soviet.
    ProSoviet,
    /// Pro-West.
    ProWest,
}

impl Influence {
    /// The side the marker leans to.
    pub fn side(self) -> Side {
        match self {
            Influence::ProAxis => Side::Axis,
            Influence::ProSoviet | Influence::ProWest => Side::Allies,
        }
    }

    /// The rulebook's words.
    pub fn title(self) -> &'static str {
        match self {
            Influence::ProAxis => "Pro-Axis",
            Influence::ProSoviet => "Pro-Soviet",
            Influence::ProWest => "Pro-West",
        }
    }
}

/// Where the VP marker is before the check, and which face is up.
///
/// Exhaustive on purpose: a marker is a box and a face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VpMarker {
    /// The id of its box on the track (`"0"`, `"1"`, ..., `"automatic-victory"`).
    #[serde(rename = "box")]
    pub box_id: String,
    /// The face up.
    pub side: MarkerSide,
}

impl VpMarker {
    /// A marker in `box_id` showing `side`.
    pub fn new(box_id: impl Into<String>, side: MarkerSide) -> Self {
        VpMarker {
            box_id: box_id.into(),
            side,
        }
    }
}

/// The markers in the Strategic Warfare Box that count in the Current Strategic Value.
///
/// Build one with [`StrategicWarfareBox::new`] (or set the fields of the default, empty box).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct StrategicWarfareBox {
    /// Allied Collapse markers (+1 each, Step 1).
    pub allied_collapse: u32,
    /// Military Takeover markers (-1 each, Step 2).
    pub military_takeover: u32,
}

impl StrategicWarfareBox {
    /// A box holding this many Allied Collapse and Military Takeover markers.
    ///
    /// ```
    /// use asia_engulfed_victory::StrategicWarfareBox;
    /// let swb = StrategicWarfareBox::new(3, 1);
    /// assert_eq!((swb.allied_collapse, swb.military_takeover), (3, 1));
    /// ```
    pub fn new(allied_collapse: u32, military_takeover: u32) -> Self {
        StrategicWarfareBox {
            allied_collapse,
            military_takeover,
        }
    }
}

/// A country whose status matters to the Current Strategic Value.
///
/// Build one with [`Country::named`] and the builder methods (or set the fields of
/// [`Country::default`]).
///
/// ```
/// use asia_engulfed_victory::{Country, Influence};
/// let nei = Country::named("Netherlands East Indies").neutral().with_influence(Influence::ProWest);
/// assert!(nei.neutral && !nei.policy_affected);
/// assert_eq!(nei.influence, Some(Influence::ProWest));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Country {
    /// Its name, for the report.
    pub name: Option<String>,
    /// A Neutral Country (its Influence marker counts at the Final check, 0.3).
    pub neutral: bool,
    /// A Policy Affected Country (13.6.1): Axis Strategic Hexes in it under Allied control do
    /// not count in Step 2.
    pub policy_affected: bool,
    /// Its Influence marker, if any.
    pub influence: Option<Influence>,
}

impl Country {
    /// A country with this name for the report: not neutral, not Policy Affected, no Influence
    /// marker.
    pub fn named(name: impl Into<String>) -> Self {
        Country {
            name: Some(name.into()),
            ..Country::default()
        }
    }

    /// The same country, a Neutral Country (its Influence marker counts at the Final check).
    pub fn neutral(mut self) -> Self {
        self.neutral = true;
        self
    }

    /// The same country, a Policy Affected Country (13.6.1).
    pub fn policy_affected(mut self) -> Self {
        self.policy_affected = true;
        self
    }

    /// The same country with this Influence marker.
    pub fn with_influence(mut self, influence: Influence) -> Self {
        self.influence = Some(influence);
        self
    }
}

/// A Strategic Hex.
///
/// Build one with [`StrategicHex::new`] and the builder methods.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct StrategicHex {
    /// Its printed label (`w2819`).
    pub label: Label,
    /// Its name (`Batavia`).
    pub name: String,
    /// Whose Strategic Hex it is.
    pub faction: Faction,
    /// The key of its country under [`State::countries`], if any.
    pub country: Option<String>,
    /// Whether it is inside Japan (Step 3).
    pub inside_japan: bool,
    /// Who controls it, when given; otherwise control follows the ground units on it.
    pub controller: Option<Faction>,
}

impl StrategicHex {
    /// `faction`'s Strategic Hex `name` at `label`: in no country, outside Japan, its control
    /// following the ground units on it.
    ///
    /// ```
    /// use asia_engulfed_victory::{Faction, StrategicHex};
    /// use hexmap::Label;
    /// let okinawa = StrategicHex::new(Label::parse("e4012", 2).unwrap(), "Okinawa", Faction::Axis)
    ///     .inside_japan()
    ///     .controlled_by(Faction::Western);
    /// assert!(okinawa.inside_japan);
    /// assert_eq!(okinawa.controller, Some(Faction::Western));
    /// ```
    pub fn new(label: Label, name: impl Into<String>, faction: Faction) -> Self {
        StrategicHex {
            label,
            name: name.into(),
            faction,
            country: None,
            inside_japan: false,
            controller: None,
        }
    }

    /// The same hex, in the country with this key under [`State::countries`].
    pub fn in_country(mut self, key: impl Into<String>) -> Self {
        self.country = Some(key.into());
        self
    }

    /// The same hex, inside Japan (0.1.1 Step 3).
    pub fn inside_japan(mut self) -> Self {
        self.inside_japan = true;
        self
    }

    /// The same hex, its control given: `faction` controls it.
    pub fn controlled_by(mut self, faction: Faction) -> Self {
        self.controller = Some(faction);
        self
    }
}

/// A ground unit: it controls the hex it occupies and may stand in Tokyo.
///
/// Build one with [`GroundUnit::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct GroundUnit {
    /// The hex it occupies.
    pub label: Label,
    /// Its faction.
    pub faction: Faction,
}

impl GroundUnit {
    /// A ground unit of `faction` on `label`.
    pub fn new(label: Label, faction: Faction) -> Self {
        GroundUnit { label, faction }
    }
}

/// Bonus VPs for returning the V-E or V-J Day marker to the Turn Track (14.45).
///
/// Exhaustive on purpose: one count per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BonusVp {
    /// The Axis faction's.
    pub axis: u32,
    /// The Allied factions'.
    pub allies: u32,
}

/// An automatic victory won on one map, with the War State it was won in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MapAutomaticVictory {
    /// Who won it.
    pub winner: Side,
    /// The War State on that map when it was won.
    pub war_state: WarState,
}

impl MapAutomaticVictory {
    /// An automatic victory won by `winner` during `war_state`.
    pub fn new(winner: Side, war_state: WarState) -> Self {
        MapAutomaticVictory { winner, war_state }
    }
}

/// The results of the TK map, which enter the combined game (0.4) as inputs.
///
/// Build one with [`TkResult::new`] and the builder methods (or set the fields of
/// [`TkResult::default`]).
///
/// ```
/// use asia_engulfed_victory::TkResult;
/// // 0.4's example: on the TK map the Axis has 2 VP and 1 Bonus VP, the Allies 4 VP.
/// let tk = TkResult::new(2, 4).with_bonus_vp(1, 0);
/// assert_eq!((tk.axis_vp, tk.allied_vp, tk.axis_bonus_vp), (2, 4, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct TkResult {
    /// The Axis VP on the TK VP track (a planted Axis Tide marker, or the VP marker's Axis side).
    pub axis_vp: u32,
    /// The Allied VP on the TK VP track (the Allied Crusade marker's box).
    pub allied_vp: u32,
    /// Axis Bonus VPs earned on the TK map (14.45).
    pub axis_bonus_vp: u32,
    /// Allied Bonus VPs earned on the TK map (14.45).
    pub allied_bonus_vp: u32,
    /// An automatic victory won on the TK map, if any.
    pub automatic_victory: Option<MapAutomaticVictory>,
    /// Whether play on the TK map has stopped (V-E Day removed during Total War, 0.4).
    pub play_stopped: bool,
}

impl TkResult {
    /// The Axis and Allied VP on the TK VP track; no Bonus VPs, no automatic victory, play
    /// going on.
    pub fn new(axis_vp: u32, allied_vp: u32) -> Self {
        TkResult {
            axis_vp,
            allied_vp,
            ..TkResult::default()
        }
    }

    /// The same results with these Bonus VPs earned on the TK map (14.45).
    pub fn with_bonus_vp(mut self, axis: u32, allies: u32) -> Self {
        self.axis_bonus_vp = axis;
        self.allied_bonus_vp = allies;
        self
    }

    /// The same results with an automatic victory won on the TK map.
    pub fn with_automatic_victory(mut self, automatic_victory: MapAutomaticVictory) -> Self {
        self.automatic_victory = Some(automatic_victory);
        self
    }

    /// The same results with play on the TK map stopped.
    pub fn with_play_stopped(mut self) -> Self {
        self.play_stopped = true;
        self
    }
}

/// Everything a victory check reads.
///
/// Read one from TOML with [`State::from_toml_str`], which reports every problem with its line,
/// or build one in Rust: [`State::new`], then set the public fields. The fields stay public
/// because every value can be evaluated: [`score`](crate::score) is total and notes
/// what is inconsistent, and [`State::validate`] reports the same problems the TOML reader
/// does. A state that passed that check once is a [`ValidState`](crate::ValidState), scored
/// without checking again. New fields may be added, so there is no struct literal outside this
/// crate.
///
/// ```
/// use asia_engulfed_victory::{
///     Check, Faction, Game, GroundUnit, MarkerSide, State, StrategicHex, VpMarker, WarState,
/// };
/// use hexmap::Label;
///
/// let mut state = State::new(
///     Game::DaiSenso,
///     Check::Seasonal,
///     WarState::LimitedWar,
///     VpMarker::new("0", MarkerSide::AlliedCrusade),
/// );
/// let peiping = Label::parse("w4015", 2).unwrap(); // a stand-in label
/// state.strategic_hexes.push(StrategicHex::new(peiping, "Peiping", Faction::Western));
/// state.units.push(GroundUnit::new(peiping, Faction::Axis));
/// // Dai Senso alone reads the Current ESV: without it the state is incomplete.
/// assert!(state.validate().is_err());
/// state.current_esv = Some(0);
/// assert!(state.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct State {
    /// Dai Senso alone or the combined game.
    pub game: Game,
    /// Seasonal or Final check.
    pub check: Check,
    /// The War State on the DS map.
    pub war_state: WarState,
    /// A turn name for display (`Aug-Sept 1940`).
    pub turn: Option<String>,
    /// The Current ESV (Dai Senso alone; ignored with a note in the combined game).
    pub current_esv: Option<i64>,
    /// The VP marker before the check.
    pub vp_marker: VpMarker,
    /// The box holding the Japanese Mandate marker, if it is on the track.
    pub japanese_mandate: Option<String>,
    /// The box holding the Hakko Ichiu marker, if it is on the track (it scores nothing).
    pub hakko_ichiu: Option<String>,
    /// Markers in the Strategic Warfare Box.
    pub strategic_warfare_box: StrategicWarfareBox,
    /// Countries by key.
    pub countries: BTreeMap<String, Country>,
    /// The Strategic Hexes that matter (others may be left out).
    pub strategic_hexes: Vec<StrategicHex>,
    /// Ground units that matter (on Strategic Hexes and in Tokyo).
    pub units: Vec<GroundUnit>,
    /// Bonus VPs earned on the DS map (14.45).
    pub bonus_vp: BonusVp,
    /// Play on the DS map has stopped before this check (combined game, 0.4 / 0.2 (c)).
    pub play_stopped: bool,
    /// Play on the DS map stopped earlier because the Allies won an automatic victory there
    /// during Total War (0.2 (c) exception: the Allied Crusade marker was frozen in the 4 VP box).
    pub allied_automatic_victory_held: bool,
    /// The VP track (default: the printed DS track).
    pub track: VpTrack,
    /// Tokyo's hex, overriding [`Rules::tokyo`].
    pub tokyo: Option<Label>,
    /// The TK map's results (combined game only).
    pub tk: Option<TkResult>,
    /// The rules options the state chooses (`[rules]`), applied over the [`Rules`] given to
    /// [`crate::score`].
    pub rules: crate::options::RuleChoices,
}

impl State {
    /// A state on the printed DS track with nothing on the map and the marker as given.
    pub fn new(game: Game, check: Check, war_state: WarState, vp_marker: VpMarker) -> Self {
        State {
            game,
            check,
            war_state,
            turn: None,
            current_esv: None,
            vp_marker,
            japanese_mandate: None,
            hakko_ichiu: None,
            strategic_warfare_box: StrategicWarfareBox::default(),
            countries: BTreeMap::new(),
            strategic_hexes: Vec::new(),
            units: Vec::new(),
            bonus_vp: BonusVp::default(),
            play_stopped: false,
            allied_automatic_victory_held: false,
            track: VpTrack::dai_senso(),
            tokyo: None,
            tk: None,
            rules: crate::options::RuleChoices::default(),
        }
    }

    /// Every problem in a state, with the key paths of the TOML format (no line numbers: a
    /// state built in Rust has none). The TOML reader runs the same checks.
    pub fn validate(&self) -> Result<(), Error> {
        let found = problems(self);
        if found.is_empty() {
            Ok(())
        } else {
            Err(Error::new(found))
        }
    }
}

/// The problems of a state, keyed by TOML key path: the model's one check.
pub(crate) fn problems(state: &State) -> Vec<Diagnostic> {
    #[cfg(test)]
    CHECKS.with(|c| c.set(c.get() + 1));
    let mut out = Vec::new();
    marker_problems(state, &mut out);
    let mut seen: BTreeMap<Label, usize> = BTreeMap::new();
    for (i, hex) in state.strategic_hexes.iter().enumerate() {
        if let Some(first) = seen.insert(hex.label, i) {
            seen.insert(hex.label, first);
            out.push(listed_twice(state, i, first));
        }
        out.extend(unknown_country(state, i));
        out.extend(ground_units_of_both_sides(state, i));
    }
    game_problems(state, &mut out);
    vp_limits(state, &mut out);
    held_automatic_victory_problems(state, &mut out);
    out.extend(tk_freeze_problem(state));
    out
}

// How many times this thread checked a state (tests of "checked once").
#[cfg(test)]
thread_local! {
    pub(crate) static CHECKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Every VP amount given is within [`crate::limits::MAX_VP`].
fn vp_limits(state: &State, out: &mut Vec<Diagnostic>) {
    let mut given = vec![
        ("bonus_vp.axis", state.bonus_vp.axis),
        ("bonus_vp.allies", state.bonus_vp.allies),
    ];
    if let Some(tk) = &state.tk {
        given.extend([
            ("tk.axis_vp", tk.axis_vp),
            ("tk.allied_vp", tk.allied_vp),
            ("tk.axis_bonus_vp", tk.axis_bonus_vp),
            ("tk.allied_bonus_vp", tk.allied_bonus_vp),
        ]);
    }
    for (key, vp) in given {
        if vp > crate::limits::MAX_VP {
            out.push(
                Diagnostic::new(
                    ErrorKind::Limit,
                    format!(
                        "`{key}` is {vp}; the engine allows at most {}",
                        crate::limits::MAX_VP
                    ),
                )
                .key(key),
            );
        }
    }
}

/// The VP marker is in a box of the track (0.1.2); the Japanese Mandate and Hakko Ichiu
/// markers, when on the track, are in numbered boxes.
fn marker_problems(state: &State, out: &mut Vec<Diagnostic>) {
    let marker_key = format!("vp_marker.{}", state.vp_marker.side.key());
    if state.track.index_of(&state.vp_marker.box_id).is_none() {
        out.push(off_track(
            &marker_key,
            &state.vp_marker.box_id,
            "the VP marker",
            &state.track,
        ));
    }
    for (key, what, id) in [
        (
            "japanese_mandate",
            "the Japanese Mandate marker",
            &state.japanese_mandate,
        ),
        ("hakko_ichiu", "the Hakko Ichiu marker", &state.hakko_ichiu),
    ] {
        let Some(id) = id else { continue };
        match state.track.index_of(id) {
            None => out.push(off_track(key, id, what, &state.track)),
            Some(i) if state.track.boxes()[i].vp.is_none() => out.push(
                Diagnostic::new(
                    ErrorKind::OffTrack,
                    format!("{what} cannot be in the Automatic Victory box `{id}`"),
                )
                .key(key)
                .label(id.clone()),
            ),
            Some(_) => {}
        }
    }
}

/// Strategic hex `i` has the label of hex `first`: it would count twice in 0.1.1.
fn listed_twice(state: &State, i: usize, first: usize) -> Diagnostic {
    let hex = &state.strategic_hexes[i];
    Diagnostic::new(
        ErrorKind::Duplicate,
        format!(
            "strategic hex {} ({}) is listed twice (first as {})",
            hex.label, hex.name, state.strategic_hexes[first].name
        ),
    )
    .key(format!("strategic_hexes[{i}].label"))
    .label(hex.label.to_string())
}

/// Strategic hex `i` names a country that is not declared.
fn unknown_country(state: &State, i: usize) -> Option<Diagnostic> {
    let hex = &state.strategic_hexes[i];
    let c = hex.country.as_ref()?;
    (!state.countries.contains_key(c)).then(|| {
        Diagnostic::new(
            ErrorKind::UnknownCountry,
            format!(
                "country `{c}` of {} is not declared under [countries] (known: {})",
                hex.name,
                known(state.countries.keys())
            ),
        )
        .key(format!("strategic_hexes[{i}].country"))
        .label(c.clone())
    })
}

/// Ground units of both sides on strategic hex `i`, whose control is not given: its control
/// (0.1.1) is undecided.
fn ground_units_of_both_sides(state: &State, i: usize) -> Option<Diagnostic> {
    let hex = &state.strategic_hexes[i];
    if hex.controller.is_some() {
        return None;
    }
    let on_hex = |side: Side| {
        state
            .units
            .iter()
            .any(|u| u.label == hex.label && u.faction.side() == side)
    };
    (on_hex(Side::Axis) && on_hex(Side::Allies)).then(|| {
        Diagnostic::new(
            ErrorKind::Inconsistent,
            format!(
                "ground units of both sides are on {} ({}): give its `controller`",
                hex.label, hex.name
            ),
        )
        .key(format!("strategic_hexes[{i}]"))
        .label(hex.label.to_string())
    })
}

/// The game's own keys: `[tk]` belongs to the combined game and is needed there; Dai Senso
/// alone needs `current_esv` (0.1.1 Step 3 and European Theater Collapse read it).
fn game_problems(state: &State, out: &mut Vec<Diagnostic>) {
    match (state.game, &state.tk) {
        (Game::DaiSenso, Some(_)) => out.push(
            Diagnostic::new(
                ErrorKind::Game,
                "[tk] is given, but the game is dai-senso (TK results belong to the axis-empires combined game)",
            )
            .key("tk"),
        ),
        (Game::AxisEmpires, None) => out.push(
            Diagnostic::new(
                ErrorKind::Game,
                "the axis-empires combined game needs the TK map's results under [tk]",
            )
            .key("game"),
        ),
        _ => {}
    }
    if state.game == Game::DaiSenso && state.current_esv.is_none() {
        out.push(
            Diagnostic::new(
                ErrorKind::Missing,
                "Dai Senso alone needs `current_esv` (0.1.1 Step 3 and European Theater Collapse read it)",
            )
            .key("current_esv"),
        );
    }
}

/// 0.2 (c) exception: an Allied automatic victory held on the DS map exists only in the combined
/// game, is won only during Total War, stops play on the DS map and leaves the Allied Crusade
/// marker in the highest numbered box.
fn held_automatic_victory_problems(state: &State, out: &mut Vec<Diagnostic>) {
    if !state.allied_automatic_victory_held {
        return;
    }
    let mut why = Vec::new();
    if state.game != Game::AxisEmpires {
        why.push("it exists only in the axis-empires combined game (0.2 (c))".to_string());
    }
    if state.war_state != WarState::TotalWar {
        why.push("it is won only during Total War".to_string());
    }
    if !state.play_stopped {
        why.push("it stops play on the DS map: set `play_stopped = true`".to_string());
    }
    let highest = state.track.highest_numbered_of(MarkerSide::AlliedCrusade);
    let top = highest.map(|i| state.track.boxes()[i].id.as_str());
    if state.vp_marker.side != MarkerSide::AlliedCrusade
        || Some(state.vp_marker.box_id.as_str()) != top
    {
        why.push(format!(
            "it leaves the Allied Crusade marker in the highest numbered box (`{}`), but vp_marker is {} in box `{}`",
            top.unwrap_or("?"),
            state.vp_marker.side.title(),
            state.vp_marker.box_id
        ));
    }
    for w in why {
        out.push(
            Diagnostic::new(
                ErrorKind::Inconsistent,
                format!("an Allied automatic victory held on the DS map: {w}"),
            )
            .key("allied_automatic_victory_held"),
        );
    }
}

/// 0.2 (c) exception on the TK map: an Allied automatic victory there outside Limited War
/// freezes that map at 4 VP.
fn tk_freeze_problem(state: &State) -> Option<Diagnostic> {
    let tk = state.tk.as_ref()?;
    let av = tk.automatic_victory?;
    (av.winner == Side::Allies && av.war_state != WarState::LimitedWar && tk.allied_vp != 4).then(
        || {
            Diagnostic::new(
                ErrorKind::Inconsistent,
                format!(
                    "an Allied automatic victory on the TK map outside Limited War freezes that map at 4 VP, but allied_vp is {}",
                    tk.allied_vp
                ),
            )
            .key("tk.allied_vp")
        },
    )
}

fn off_track(key: &str, id: &str, what: &str, track: &VpTrack) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::OffTrack,
        format!(
            "{what} is in box `{id}`, which is not on the VP track (boxes: {})",
            known(track.boxes().iter().map(|b| &b.id))
        ),
    )
    .key(key)
    .label(id)
}

fn known<'a>(names: impl Iterator<Item = &'a String>) -> String {
    let v: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}
