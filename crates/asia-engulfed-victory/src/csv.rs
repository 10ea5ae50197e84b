//! 0.1.1 Current Strategic Value: who controls each Strategic Hex, and the sum of Steps 1-3.

use std::borrow::Cow;

use hexmap::Label;
use serde::{Deserialize, Serialize};

use crate::model::{Check, Faction, Game, Influence, State, StrategicHex};
use crate::notes::Note;
use crate::side::Side;

/// The highest box of the Current ESV track: a larger input counts as this (ruling).
pub const ESV_TRACK_TOP: i64 = 5;

/// Why a hex counts as controlled by a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ControlBasis {
    /// The state gives its controller.
    Given,
    /// Ground units of one side occupy it.
    GroundUnits,
    /// Final check (0.3): a Neutral Country with a Pro-Axis marker and no Allied ground unit in
    /// Tokyo.
    ProAxisInfluence,
    /// Final check (0.3): a Neutral Country with a Pro-Soviet marker and an Allied ground unit in
    /// Tokyo.
    ProSovietInfluence,
    /// Final check (0.3): a Neutral Country with a Pro-West marker and an Allied ground unit in
    /// Tokyo.
    ProWestInfluence,
}

impl ControlBasis {
    /// Words for the text report.
    pub fn describe(self) -> &'static str {
        match self {
            ControlBasis::Given => "control given",
            ControlBasis::GroundUnits => "ground units",
            ControlBasis::ProAxisInfluence => {
                "Pro-Axis marker, no Allied ground unit in Tokyo (0.3)"
            }
            ControlBasis::ProSovietInfluence => {
                "Pro-Soviet marker, Allied ground unit in Tokyo (0.3)"
            }
            ControlBasis::ProWestInfluence => "Pro-West marker, Allied ground unit in Tokyo (0.3)",
        }
    }
}

/// Who controls a hex and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Control {
    /// The controlling side.
    pub side: Side,
    /// Why.
    pub basis: ControlBasis,
}

/// What a term of the sum counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TermKind {
    /// Step 1: Soviet and Western Strategic Hexes under Axis control (+1 each).
    AlliedStrategicHexesUnderAxisControl,
    /// Step 1: Allied Collapse markers in the Strategic Warfare Box (+1 each).
    AlliedCollapseMarkers,
    /// Step 2: Axis Strategic Hexes under Allied control (-1 each), except in a Policy Affected
    /// Country.
    AxisStrategicHexesUnderAlliedControl,
    /// Step 2: Military Takeover markers in the Strategic Warfare Box (-1 each).
    MilitaryTakeoverMarkers,
    /// Step 3 (*): the Current ESV, if an Axis Strategic Hex inside Japan is under Allied control.
    CurrentEsv,
}

impl TermKind {
    /// The rulebook's words.
    pub fn describe(self) -> &'static str {
        match self {
            TermKind::AlliedStrategicHexesUnderAxisControl => {
                "Soviet and Western Strategic Hexes under Axis control"
            }
            TermKind::AlliedCollapseMarkers => {
                "Allied Collapse markers in the Strategic Warfare Box"
            }
            TermKind::AxisStrategicHexesUnderAlliedControl => {
                "Axis Strategic Hexes under Allied control"
            }
            TermKind::MilitaryTakeoverMarkers => {
                "Military Takeover markers in the Strategic Warfare Box"
            }
            TermKind::CurrentEsv => {
                "Current ESV, if an Axis Strategic Hex inside Japan is under Allied control"
            }
        }
    }
}

/// A hex behind a term.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CountedHex {
    /// Its label.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    #[serde(deserialize_with = "crate::read_back::label")]
    pub label: Label,
    /// Its name.
    pub name: String,
    /// Who controls it and why.
    pub control: Control,
}

/// A hex that would count but does not, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ExcludedHex {
    /// Its label.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    #[serde(deserialize_with = "crate::read_back::label")]
    pub label: Label,
    /// Its name.
    pub name: String,
    /// The rule that excludes it.
    pub rule: Cow<'static, str>,
    /// Why, in words.
    pub reason: String,
}

/// One term of the Current Strategic Value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CsvTerm {
    /// The rule (`0.1.1 Step 1`).
    pub rule: Cow<'static, str>,
    /// What it counts.
    pub kind: TermKind,
    /// Its signed contribution.
    pub value: i64,
    /// The hexes behind it.
    pub hexes: Vec<CountedHex>,
    /// Hexes left out by an exception.
    pub excluded: Vec<ExcludedHex>,
}

/// The Current Strategic Value (0.1.1), term by term.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CurrentStrategicValue {
    /// The terms, in rule order.
    pub terms: Vec<CsvTerm>,
    /// Their sum.
    pub total: i64,
    /// Every Strategic Hex the check considered, in the state's order, with who controls it,
    /// why, and what it adds (0 included): a hex that adds nothing is listed too.
    pub considered: Vec<ConsideredHex>,
}

/// A Strategic Hex as the check considered it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ConsideredHex {
    /// Its label.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    #[serde(deserialize_with = "crate::read_back::label")]
    pub label: Label,
    /// Its name.
    pub name: String,
    /// Whose Strategic Hex it is.
    pub faction: Faction,
    /// Who controls it and why; `None` when nobody does.
    pub control: Option<Control>,
    /// What it adds to the CSV: +1 (Step 1), -1 (Step 2) or 0.
    pub adds: i64,
    /// Why it adds that, in words.
    pub why: String,
    /// The Influence marker of its country, when the country has one, and whether it decided
    /// the hex's control at this check (0.3) and why (not); `None` when the country has no
    /// marker (or the hex is in no declared country).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub influence: Option<InfluenceRead>,
}

/// How an Influence marker was read for a hex of its country at this check (0.3, ruling
/// D-14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct InfluenceRead {
    /// The marker.
    pub marker: Influence,
    /// The country it is in: its name, or its key when it has none.
    pub country: String,
    /// Whether it decides the hex's control at this check, and why (not).
    pub reading: InfluenceReading,
}

/// Whether an Influence marker decides the control of a hex in its country at this check
/// (0.3), and why (not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum InfluenceReading {
    /// It decides: a Final check, a Neutral Country, and a Pro-Axis marker with no Allied
    /// ground unit in Tokyo, or a Pro-Soviet or Pro-West marker with one.
    Applies,
    /// A seasonal check: Influence markers are read at the Final check only (0.3).
    NotAtASeasonalCheck,
    /// The country is not marked neutral: its marker is ignored (ruling D-14).
    CountryNotNeutral,
    /// A Pro-Axis marker, and an Allied ground unit is in Tokyo (0.3).
    AlliedGroundUnitInTokyo,
    /// A Pro-Soviet or Pro-West marker, and no Allied ground unit is in Tokyo (0.3).
    NoAlliedGroundUnitInTokyo,
}

/// Every Strategic Hex with what it adds and, in a country with an Influence marker, how the
/// marker was read (see [`ConsideredHex`]).
fn considered(
    state: &State,
    controlled: &[Controlled<'_>],
    allied_in_tokyo: bool,
) -> Vec<ConsideredHex> {
    state
        .strategic_hexes
        .iter()
        .map(|hex| {
            let control = controlled
                .iter()
                .find(|(h, _)| std::ptr::eq(*h, hex))
                .map(|(_, c)| *c);
            let (adds, why) = match control {
                None => (0, "nobody controls it".to_string()),
                Some(c) if c.side == hex.faction.side() => {
                    (0, "under its own side's control".to_string())
                }
                Some(_) if hex.faction.side() == Side::Allies => (1, "0.1.1 Step 1".to_string()),
                Some(_) => match policy_affected_exclusion(state, hex) {
                    Some(x) => (0, format!("not counted: {} ({})", x.reason, x.rule)),
                    None => (-1, "0.1.1 Step 2".to_string()),
                },
            };
            ConsideredHex {
                label: hex.label,
                name: hex.name.clone(),
                faction: hex.faction,
                control,
                adds,
                why,
                influence: influence_reading(hex, state, allied_in_tokyo),
            }
        })
        .collect()
}

/// Whether an Allied (Soviet or Western) ground unit stands in Tokyo.
pub fn allied_ground_unit_in_tokyo(state: &State, tokyo: Label) -> bool {
    state
        .units
        .iter()
        .any(|u| u.label == tokyo && u.faction.side() == Side::Allies)
}

/// Control of a hex from the state alone: the given controller, else the side whose ground
/// units occupy it (none if both or neither).
pub fn own_control(hex: &StrategicHex, state: &State) -> Option<Control> {
    if let Some(f) = hex.controller {
        return Some(Control {
            side: f.side(),
            basis: ControlBasis::Given,
        });
    }
    let mut sides = state
        .units
        .iter()
        .filter(|u| u.label == hex.label)
        .map(|u| u.faction.side());
    let first = sides.next()?;
    if sides.all(|s| s == first) {
        Some(Control {
            side: first,
            basis: ControlBasis::GroundUnits,
        })
    } else {
        None
    }
}

/// Control of a hex at this check: [`own_control`], and at a Final check the 0.3 additions for
/// hexes in Neutral Countries with an Influence marker.
pub fn control(
    hex: &StrategicHex,
    state: &State,
    allied_in_tokyo: bool,
    notes: &mut Vec<Note>,
) -> Option<Control> {
    let own = own_control(hex, state);
    let Some(read) = influence_reading(hex, state, allied_in_tokyo) else {
        return own;
    };
    if read.reading != InfluenceReading::Applies {
        return own;
    }
    let influence = read.marker;
    let basis = match influence {
        Influence::ProAxis => ControlBasis::ProAxisInfluence,
        Influence::ProSoviet => ControlBasis::ProSovietInfluence,
        Influence::ProWest => ControlBasis::ProWestInfluence,
    };
    let decided = Control {
        side: influence.side(),
        basis,
    };
    if let Some(o) = own
        && o.side != decided.side
    {
        notes.push(Note::new(
            "influence-decides-neutral-hex",
            format!(
                "0.3: {} ({}) is in a Neutral Country with a {} marker; at the Final check that decides its control ({}), over its {} ({})",
                hex.name,
                hex.label,
                influence.title(),
                decided.side.title(),
                o.basis.describe(),
                o.side.title()
            ),
        ));
    }
    Some(decided)
}

/// 0.3 (and ruling D-14): how the Influence marker of `hex`'s country is read at this check;
/// `None` when the hex is in no declared country or its country has no marker. The marker
/// decides the hex's control ([`InfluenceReading::Applies`]) only at a Final check, in a
/// country marked neutral, and when Tokyo is as the marker needs it: a Pro-Axis marker with no
/// Allied ground unit in Tokyo, a Pro-Soviet or Pro-West marker with one (`allied_in_tokyo`).
pub(crate) fn influence_reading(
    hex: &StrategicHex,
    state: &State,
    allied_in_tokyo: bool,
) -> Option<InfluenceRead> {
    let key = hex.country.as_ref()?;
    let country = state.countries.get(key)?;
    let marker = country.influence?;
    let reading = if state.check != Check::Final {
        InfluenceReading::NotAtASeasonalCheck
    } else if !country.neutral {
        InfluenceReading::CountryNotNeutral
    } else {
        match (marker.side(), allied_in_tokyo) {
            (Side::Axis, true) => InfluenceReading::AlliedGroundUnitInTokyo,
            (Side::Allies, false) => InfluenceReading::NoAlliedGroundUnitInTokyo,
            _ => InfluenceReading::Applies,
        }
    };
    Some(InfluenceRead {
        marker,
        country: country.name.clone().unwrap_or_else(|| key.clone()),
        reading,
    })
}

/// Compute the Current Strategic Value (0.1.1) of a state.
///
/// `esv` is the Current ESV as the track shows it (its effective value) in Dai Senso alone, and
/// `None` in the combined game, where the European war is played on the TK map and Step 3 (*)
/// does not apply. Rulings applied are pushed to `notes`.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{
///     Check, Faction, Game, MarkerSide, State, StrategicHex, StrategicWarfareBox, TermKind,
///     VpMarker, WarState, current_strategic_value,
/// };
/// use hexmap::Label;
///
/// let mut state = State::new(
///     Game::DaiSenso,
///     Check::Seasonal,
///     WarState::TotalWar,
///     VpMarker::new("1", MarkerSide::AlliedCrusade),
/// );
/// let label = |l: &str| Label::parse(l, 2).unwrap();
/// // Step 2: Okinawa, an Axis Strategic Hex inside Japan, under Allied control ...
/// state.strategic_hexes.push(
///     StrategicHex::new(label("e4012"), "Okinawa", Faction::Axis)
///         .inside_japan()
///         .controlled_by(Faction::Western),
/// );
/// // ... Step 1: two Allied Collapse markers; Step 2: one Military Takeover marker.
/// state.strategic_warfare_box = StrategicWarfareBox::new(2, 1);
///
/// let mut notes = Vec::new();
/// let csv = current_strategic_value(&state, Rules::default().tokyo, Some(3), &mut notes);
/// let values: Vec<(TermKind, i64)> = csv.terms.iter().map(|t| (t.kind, t.value)).collect();
/// assert_eq!(values, [
///     (TermKind::AlliedStrategicHexesUnderAxisControl, 0),
///     (TermKind::AlliedCollapseMarkers, 2),
///     (TermKind::AxisStrategicHexesUnderAlliedControl, -1),
///     (TermKind::MilitaryTakeoverMarkers, -1),
///     (TermKind::CurrentEsv, 3), // Step 3 (*): Japan is entered, so the Current ESV counts
/// ]);
/// assert_eq!(csv.total, 3);
/// assert_eq!(csv.terms[2].hexes[0].name, "Okinawa");
/// assert!(notes.is_empty());
/// ```
pub fn current_strategic_value(
    state: &State,
    tokyo: Label,
    esv: Option<i64>,
    notes: &mut Vec<Note>,
) -> CurrentStrategicValue {
    let allied_in_tokyo = allied_ground_unit_in_tokyo(state, tokyo);
    let controlled = controlled_hexes(state, allied_in_tokyo, notes);
    let (terms, total) = terms(state, &controlled, esv, notes);
    CurrentStrategicValue {
        terms,
        total,
        considered: considered(state, &controlled, allied_in_tokyo),
    }
}

/// The Current Strategic Value's total alone: [`current_strategic_value`]'s, without the
/// list of every Strategic Hex considered (for a verdict).
pub(crate) fn csv_total(
    state: &State,
    tokyo: Label,
    esv: Option<i64>,
    notes: &mut Vec<Note>,
) -> i64 {
    let allied_in_tokyo = allied_ground_unit_in_tokyo(state, tokyo);
    let controlled = controlled_hexes(state, allied_in_tokyo, notes);
    terms(state, &controlled, esv, notes).1
}

/// Steps 1-3 as terms, and their sum.
fn terms(
    state: &State,
    controlled: &[Controlled<'_>],
    esv: Option<i64>,
    notes: &mut Vec<Note>,
) -> (Vec<CsvTerm>, i64) {
    let mut terms = Vec::with_capacity(5);
    terms.extend([
        step_one_hexes(controlled),
        step_one_allied_collapse(state),
        step_two_hexes(state, controlled),
        step_two_military_takeover(state),
    ]);
    if let Some(esv) = esv {
        terms.push(step_three_current_esv(controlled, esv, notes));
    }
    let total = terms.iter().map(|t| t.value).fold(0, i64::saturating_add);
    (terms, total)
}

/// A Strategic Hex and who controls it at this check.
type Controlled<'a> = (&'a StrategicHex, Control);

/// Who controls each Strategic Hex at this check ([`control`]: 0.1.1, with 0.3's Influence
/// markers at a Final check), in the state's order; hexes nobody controls are left out. A
/// country that is not declared is noted and the hex taken as in no country.
fn controlled_hexes<'a>(
    state: &'a State,
    allied_in_tokyo: bool,
    notes: &mut Vec<Note>,
) -> Vec<Controlled<'a>> {
    let mut out = Vec::with_capacity(state.strategic_hexes.len());
    for hex in &state.strategic_hexes {
        if let Some(c) = &hex.country
            && !state.countries.contains_key(c)
        {
            notes.push(Note::new(
                "unknown-country",
                format!(
                    "{} ({}) names country `{c}`, which is not declared: treated as in no country",
                    hex.name, hex.label
                ),
            ));
        }
        if let Some(ctl) = control(hex, state, allied_in_tokyo, notes) {
            out.push((hex, ctl));
        }
    }
    out
}

/// A hex as a term lists it.
fn counted((hex, control): &Controlled<'_>) -> CountedHex {
    CountedHex {
        label: hex.label,
        name: hex.name.clone(),
        control: *control,
    }
}

/// A count as a CSV value (a count beyond `i64` is not a real state; it saturates).
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Whether `hex` is an Axis Strategic Hex under Allied control.
fn axis_hex_under_allied_control((hex, control): &&Controlled<'_>) -> bool {
    hex.faction == Faction::Axis && control.side == Side::Allies
}

/// 0.1.1 Step 1: +1 for each Soviet and Western Strategic Hex under Axis control.
fn step_one_hexes(controlled: &[Controlled<'_>]) -> CsvTerm {
    let hexes: Vec<CountedHex> = controlled
        .iter()
        .filter(|(hex, ctl)| hex.faction.side() == Side::Allies && ctl.side == Side::Axis)
        .map(counted)
        .collect();
    CsvTerm {
        rule: Cow::Borrowed("0.1.1 Step 1"),
        kind: TermKind::AlliedStrategicHexesUnderAxisControl,
        value: count(hexes.len()),
        hexes,
        excluded: Vec::new(),
    }
}

/// 0.1.1 Step 1: +1 for each Allied Collapse marker in the Strategic Warfare Box.
fn step_one_allied_collapse(state: &State) -> CsvTerm {
    CsvTerm {
        rule: Cow::Borrowed("0.1.1 Step 1"),
        kind: TermKind::AlliedCollapseMarkers,
        value: i64::from(state.strategic_warfare_box.allied_collapse),
        hexes: Vec::new(),
        excluded: Vec::new(),
    }
}

/// 0.1.1 Step 2: -1 for each Axis Strategic Hex under Allied control, except those its
/// exception leaves out ([`policy_affected_exclusion`]), which are listed as excluded.
fn step_two_hexes(state: &State, controlled: &[Controlled<'_>]) -> CsvTerm {
    let mut hexes = Vec::new();
    let mut excluded = Vec::new();
    for c in controlled.iter().filter(axis_hex_under_allied_control) {
        match policy_affected_exclusion(state, c.0) {
            Some(x) => excluded.push(x),
            None => hexes.push(counted(c)),
        }
    }
    CsvTerm {
        rule: Cow::Borrowed("0.1.1 Step 2"),
        kind: TermKind::AxisStrategicHexesUnderAlliedControl,
        value: -count(hexes.len()),
        hexes,
        excluded,
    }
}

/// 0.1.1 Step 2 exception: an Axis Strategic Hex in a Policy Affected Country (13.6.1) does not
/// count; `Some` says why it is left out.
fn policy_affected_exclusion(state: &State, hex: &StrategicHex) -> Option<ExcludedHex> {
    let key = hex.country.as_ref()?;
    let country = state.countries.get(key).filter(|c| c.policy_affected)?;
    Some(ExcludedHex {
        label: hex.label,
        name: hex.name.clone(),
        rule: Cow::Borrowed("0.1.1 Step 2 exception"),
        reason: format!(
            "in a Policy Affected Country (13.6.1): {}",
            country.name.clone().unwrap_or_else(|| key.clone())
        ),
    })
}

/// 0.1.1 Step 2: -1 for each Military Takeover marker in the Strategic Warfare Box.
fn step_two_military_takeover(state: &State) -> CsvTerm {
    CsvTerm {
        rule: Cow::Borrowed("0.1.1 Step 2"),
        kind: TermKind::MilitaryTakeoverMarkers,
        value: -i64::from(state.strategic_warfare_box.military_takeover),
        hexes: Vec::new(),
        excluded: Vec::new(),
    }
}

/// 0.1.1 Step 3 (*), Dai Senso alone: add the Current ESV if an Axis Strategic Hex inside Japan
/// is under Allied control (a Policy Affected Country does not matter here); its exception: a
/// negative Current ESV adds 0.
fn step_three_current_esv(
    controlled: &[Controlled<'_>],
    esv: i64,
    notes: &mut Vec<Note>,
) -> CsvTerm {
    let japan: Vec<CountedHex> = controlled
        .iter()
        .filter(axis_hex_under_allied_control)
        .filter(|(hex, _)| hex.inside_japan)
        .map(counted)
        .collect();
    let value = if japan.is_empty() {
        0
    } else {
        if esv < 0 {
            notes.push(Note::new(
                "negative-esv-adds-zero",
                format!(
                    "0.1.1 Step 3 exception: the Current ESV is {esv}, a negative number, so Step 3 adds 0"
                ),
            ));
        }
        esv.max(0)
    };
    CsvTerm {
        rule: Cow::Borrowed("0.1.1 Step 3 (*)"),
        kind: TermKind::CurrentEsv,
        value,
        hexes: japan,
        excluded: Vec::new(),
    }
}

/// The Current ESV the rules marked (*) read (0.1.1 Step 3, 0.2 European Theater Collapse):
/// in Dai Senso alone the track's value ([`effective_esv`]); in the combined game none, the
/// European war being played on the TK map (a Current ESV given is noted as ignored).
pub fn esv_in_play(state: &State, notes: &mut Vec<Note>) -> Option<i64> {
    match state.game {
        Game::DaiSenso => Some(effective_esv(state.current_esv, notes)),
        Game::AxisEmpires => {
            if state.current_esv.is_some() {
                notes.push(Note::new(
                    "esv-ignored-in-combined-game",
                    "* rules belong to Dai Senso alone: in the combined game the European war is played on the TK map, so the Current ESV given is ignored (no 0.1.1 Step 3, no European Theater Collapse)",
                ));
            }
            None
        }
    }
}

/// The Current ESV as the track shows it: above the top box it counts as the top box (ruling).
/// A missing ESV (an invalid Dai Senso state) counts as 0, with a note.
pub fn effective_esv(given: Option<i64>, notes: &mut Vec<Note>) -> i64 {
    match given {
        None => {
            notes.push(Note::new(
                "esv-missing",
                "no Current ESV given: counted as 0 (State::validate reports this)",
            ));
            0
        }
        Some(v) if v > ESV_TRACK_TOP => {
            notes.push(Note::new(
                "esv-above-track",
                format!(
                    "the Current ESV given is {v}; the Current ESV track ends at {ESV_TRACK_TOP}, so it counts as {ESV_TRACK_TOP} (ruling)"
                ),
            ));
            ESV_TRACK_TOP
        }
        Some(v) => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        Country, Game, GroundUnit, MarkerSide, Rules, StrategicHex, VpMarker, WarState,
    };

    fn label(s: &str) -> Label {
        Label::parse(s, 2).unwrap()
    }

    fn hex(l: &str, name: &str, faction: Faction) -> StrategicHex {
        StrategicHex {
            label: label(l),
            name: name.into(),
            faction,
            country: None,
            inside_japan: false,
            controller: None,
        }
    }

    fn state(check: Check) -> State {
        let mut s = State::new(
            Game::DaiSenso,
            check,
            WarState::TotalWar,
            VpMarker::new("1", MarkerSide::AlliedCrusade),
        );
        s.current_esv = Some(0);
        s
    }

    fn tokyo() -> Label {
        Rules::default().tokyo
    }

    #[test]
    fn control_is_given_else_by_ground_units_of_one_side() {
        let mut s = state(Check::Seasonal);
        let mut h = hex("w4015", "Peiping", Faction::Western);
        assert_eq!(own_control(&h, &s), None);
        s.units.push(GroundUnit {
            label: label("w4015"),
            faction: Faction::Axis,
        });
        assert_eq!(
            own_control(&h, &s),
            Some(Control {
                side: Side::Axis,
                basis: ControlBasis::GroundUnits
            })
        );
        s.units.push(GroundUnit {
            label: label("w4015"),
            faction: Faction::Western,
        });
        assert_eq!(own_control(&h, &s), None, "both sides: undecided");
        h.controller = Some(Faction::Soviet);
        assert_eq!(own_control(&h, &s).map(|c| c.side), Some(Side::Allies));
    }

    #[test]
    fn influence_counts_only_at_the_final_check_and_depends_on_tokyo() {
        for (check, influence, allied_in_tokyo, expected) in [
            (Check::Seasonal, Influence::ProWest, true, None),
            (Check::Final, Influence::ProWest, true, Some(Side::Allies)),
            (Check::Final, Influence::ProSoviet, true, Some(Side::Allies)),
            (Check::Final, Influence::ProWest, false, None),
            (Check::Final, Influence::ProAxis, false, Some(Side::Axis)),
            (Check::Final, Influence::ProAxis, true, None),
        ] {
            let mut s = state(check);
            s.countries.insert(
                "nei".into(),
                Country {
                    name: None,
                    neutral: true,
                    policy_affected: false,
                    influence: Some(influence),
                },
            );
            let mut h = hex("w2819", "Batavia", Faction::Axis);
            h.country = Some("nei".into());
            let got = control(&h, &s, allied_in_tokyo, &mut Vec::new()).map(|c| c.side);
            assert_eq!(got, expected, "{check:?} {influence:?} {allied_in_tokyo}");
        }
    }

    /// 0.3 and D-14: every way an Influence marker is read for a hex of its country, and the
    /// hex's control following the reading (own control when the marker does not apply).
    #[test]
    fn each_hex_of_a_marked_country_says_how_its_marker_was_read() {
        use InfluenceReading::*;
        for (check, neutral, influence, allied_in_tokyo, reading) in [
            (
                Check::Seasonal,
                true,
                Influence::ProAxis,
                false,
                NotAtASeasonalCheck,
            ),
            (
                Check::Final,
                false,
                Influence::ProAxis,
                false,
                CountryNotNeutral,
            ),
            (
                Check::Final,
                true,
                Influence::ProAxis,
                true,
                AlliedGroundUnitInTokyo,
            ),
            (
                Check::Final,
                true,
                Influence::ProWest,
                false,
                NoAlliedGroundUnitInTokyo,
            ),
            (
                Check::Final,
                true,
                Influence::ProSoviet,
                false,
                NoAlliedGroundUnitInTokyo,
            ),
            (Check::Final, true, Influence::ProAxis, false, Applies),
            (Check::Final, true, Influence::ProWest, true, Applies),
        ] {
            let mut s = state(check);
            let nei = Country::named("Netherlands East Indies").with_influence(influence);
            let nei = if neutral { nei.neutral() } else { nei };
            s.countries.insert("nei".into(), nei);
            let mut h = hex("w2819", "Batavia", Faction::Western);
            h.country = Some("nei".into());
            let why = format!("{check:?} {neutral} {influence:?} {allied_in_tokyo}");
            let read = influence_reading(&h, &s, allied_in_tokyo);
            let read = read.unwrap_or_else(|| panic!("{why}: no reading"));
            assert_eq!(read.reading, reading, "{why}");
            assert_eq!(read.marker, influence, "{why}");
            assert_eq!(read.country, "Netherlands East Indies", "{why}");
            let side = control(&h, &s, allied_in_tokyo, &mut Vec::new()).map(|c| c.side);
            let expected = (reading == Applies).then(|| influence.side());
            assert_eq!(side, expected, "{why}");
        }
        let s = state(Check::Final);
        let mut h = hex("w2819", "Batavia", Faction::Axis);
        assert_eq!(influence_reading(&h, &s, false), None, "in no country");
        h.country = Some("undeclared".into());
        assert_eq!(influence_reading(&h, &s, false), None, "undeclared country");
    }

    #[test]
    fn policy_affected_axis_hexes_are_excluded_from_step_two() {
        let mut s = state(Check::Seasonal);
        s.countries.insert(
            "nei".into(),
            Country {
                name: Some("Netherlands East Indies".into()),
                neutral: false,
                policy_affected: true,
                influence: None,
            },
        );
        let mut batavia = hex("w2819", "Batavia", Faction::Axis);
        batavia.country = Some("nei".into());
        batavia.controller = Some(Faction::Western);
        s.strategic_hexes.push(batavia);
        let csv = current_strategic_value(&s, tokyo(), Some(0), &mut Vec::new());
        assert_eq!(csv.total, 0);
        assert_eq!(csv.terms[2].excluded.len(), 1);
        assert!(
            csv.terms[2].excluded[0]
                .reason
                .contains("Netherlands East Indies")
        );
    }

    #[test]
    fn step_three_adds_the_esv_only_for_japan_and_never_below_zero() {
        let mut s = state(Check::Seasonal);
        let mut okinawa = hex("e4012", "Okinawa", Faction::Axis);
        okinawa.inside_japan = true;
        s.strategic_hexes.push(okinawa.clone());
        let total =
            |s: &State, esv| current_strategic_value(s, tokyo(), esv, &mut Vec::new()).total;
        assert_eq!(total(&s, Some(3)), 0, "not under Allied control");
        s.strategic_hexes[0].controller = Some(Faction::Western);
        assert_eq!(total(&s, Some(3)), -1 + 3);
        assert_eq!(total(&s, Some(-2)), -1);
        assert_eq!(total(&s, None), -1, "no Step 3 in the combined game");
        let mut notes = Vec::new();
        assert_eq!(effective_esv(Some(9), &mut notes), 5);
        assert_eq!(notes.len(), 1);
    }
}
