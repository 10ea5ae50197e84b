//! One unit's Line of Communications explained: the path hex by hex, or every hex that cuts it
//! and why (L7-L10), as [`explain`] returns it and `victory explain` prints it.
//!
//! The explanation comes from the scoring's own computation: the same trace ([`crate::score`]'s
//! L7-L10), the same award for a cut unit (L9).

use std::fmt;

use hexmap::{Hex, HexMap};
use wargame_kit::terminal::Inline;

use crate::board::Board;
use crate::error::{Diagnostic, Error, ErrorKind};
use crate::loc;
use crate::model::{Position, Scenario};
use crate::omitted::Omitted;
use crate::report::{BlockReason, BlockedHex, FriendlyOccupiedHex, Reach, hexes_in_words};
use crate::spec::State;
use crate::unit::{Rating, Side};
use crate::words;

/// One unit's Line of Communications, explained. Its `Display` is the text of
/// `victory explain`.
///
/// ```
/// use wargame_kit::resolve::NoResolver;
/// use leyte_victory::{LegKind, LocCase, State, explain};
///
/// // Nine hexes in a row; a road 1006-1009 to the Northern beach at 1009.
/// let state = State::from_toml_str(r#"
/// game = "leyte"
/// map = { name = "Line", layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }, areas = { northern-beach = { name = "Northern Beach Area", hexes = ["1009"] }, eastern-beach = { name = "Eastern Beach Area", hexes = [] } }, hexsides = { roads = [["1006", "1007", "1008", "1009"]] } }
/// [scenario]
/// name = "Example"
/// active_beaches = ["northern-beach"]
/// [[units]]
/// id = "US-1"
/// side = "us"
/// rating = "4-6-5"
/// hex = "1004"
/// "#, Some("example.toml"), &NoResolver).unwrap();
/// let e = explain(&state, "US-1").unwrap();
/// let LocCase::Traced { steps, .. } = &e.case else { panic!("US-1 traces") };
/// let legs: Vec<LegKind> = steps.iter().map(|s| s.leg).collect();
/// use LegKind::{AnyTerrain, RoadTrail};
/// // The first K = 3 hexes may be of any terrain, road or not; then the chain.
/// assert_eq!(legs, [AnyTerrain, AnyTerrain, AnyTerrain, RoadTrail, RoadTrail]);
/// assert!(e.to_string().starts_with(
///     "US-1 (US, 4-6-5) at 1004: traces a Line of Communications [L8], 5 hexes to the Northern Beach Area:\n"
/// ));
/// assert!(explain(&state, "US-9").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LocExplanation {
    /// The unit's id.
    pub unit: String,
    /// Its side.
    pub side: Side,
    /// Its rating.
    pub rating: Rating,
    /// What its Line of Communications is, or why it has none to trace.
    pub case: LocCase,
}

/// What a unit's Line of Communications is, or why it traces none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LocCase {
    /// It traces one (L8).
    Traced {
        /// Its hex, where the path starts.
        hex: String,
        /// K: how many hexes may be of any terrain before the road/trail chain.
        free_hexes: u32,
        /// What the last hex of the path is.
        reaches: LocTarget,
        /// The path after the start, in order.
        steps: Vec<LocStep>,
    },
    /// It cannot trace one (L8), and the enemy scores its value (L9).
    Cut {
        /// Its hex.
        hex: String,
        /// K: how many hexes may be of any terrain before the road/trail chain.
        free_hexes: u32,
        /// Where it must trace to.
        target: LocTarget,
        /// The blocked hexes at the edge of what it can reach (label order); empty when it can
        /// reach no hex at all. The nearest [`MAX_FRONTIER`](crate::limits::MAX_FRONTIER).
        frontier: Vec<BlockedHex>,
        /// What `frontier` leaves out, when it leaves anything out.
        omitted: Option<Omitted>,
        /// What it reaches inside the frontier, and the nearest road/trail hex.
        reach: Option<Reach>,
        /// The award the enemy receives for it.
        consequence: LocConsequence,
    },
    /// It is on the map but its side need not trace in this scenario (L7, L10).
    NeedNotTrace {
        /// Its hex.
        hex: String,
        /// The sides that must trace in this scenario.
        tracing: Vec<Side>,
    },
    /// It was eliminated: only units on the map trace (ruling L-12).
    Eliminated,
    /// It left the map: only units on the map trace (ruling L-12).
    Exited,
}

/// What a Line of Communications runs to.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LocTarget {
    /// A hex of Beach Areas (the US, L7): the names of the active areas concerned (for a
    /// traced LOC, those holding its last hex).
    Beach {
        /// The areas' names (`Northern Beach Area`).
        areas: Vec<String>,
    },
    /// One of the scenario's Japanese LOC hexes (L10, when a scenario applies 16.34).
    JapaneseTarget,
}

/// One hex of a traced Line of Communications after its start.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LocStep {
    /// The hex.
    pub hex: String,
    /// Which part of the LOC it is.
    pub leg: LegKind,
    /// When an enemy unit controls the hex and a friendly unit occupies it (L8): the friendly
    /// units the LOC depends on there, and the enemy units whose zone of control covers it.
    pub friendly_occupied: Option<FriendlyOccupiedHex>,
}

/// Which part of a Line of Communications a hex is (L8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LegKind {
    /// One of the first K hexes, of any terrain.
    AnyTerrain,
    /// Along the road/trail chain.
    RoadTrail,
    /// The last hex, entered from the chain by a step that is not the chain's (when the rules
    /// option `target` lets the chain run into it, ruling L-10).
    BesideChain,
    /// The last hex, one hex past the first K, entered from the last of them, a hex off the
    /// road/trail net: no chain is beside it (the rules option `target = may-adjoin-chain`
    /// lets the last step leave any hex a LOC may end on, ruling L-10).
    PastFreeHexes,
}

/// The Victory Points the enemy scores for a cut unit (L9).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LocConsequence {
    /// Who scores.
    pub scorer: Side,
    /// How many points.
    pub vp: u32,
    /// The rule (`L9`).
    pub rule: String,
}

impl LocExplanation {
    /// The paragraphs the explanation cites: L8 for a LOC traced, L8 and L9 for one cut, L7
    /// and L10 for a unit that need not trace, and for a unit off the map the ruling that only
    /// units on the map trace (L-12, a reading of L9). A Japanese unit traces under the
    /// scenario's 16.34 as ruling L-13 reads it (L7 and L9 speak of U.S. units only): L8 and
    /// 16.34 with L-13, traced or cut.
    pub fn rules(&self) -> &'static [&'static str] {
        match (&self.case, self.side) {
            (LocCase::Traced { .. } | LocCase::Cut { .. }, Side::Japanese) => {
                &["L8", "16.34", "L-13"]
            }
            (LocCase::Traced { .. }, Side::Us) => &["L8"],
            (LocCase::Cut { .. }, Side::Us) => &["L8", "L9"],
            (LocCase::NeedNotTrace { .. }, _) => &["L7", "L10"],
            (LocCase::Eliminated | LocCase::Exited, _) => &["L-12"],
        }
    }
}

/// Explain unit `unit_id`'s Line of Communications: the path hex by hex, or what cuts it and
/// what that costs (L7-L10), or why it traces none.
///
/// The state was checked when it was read, and is not checked again; an id that names no unit
/// is an error listing the units that must trace.
pub fn explain(state: &State, unit_id: &str) -> Result<LocExplanation, Error> {
    let (map, scenario, position) = (state.map(), &state.scenario, &state.position);
    let file = state.file.as_deref();
    loc::with_checked_board(map, scenario, position, |plan, board, work| {
        let lines = loc::evidence(plan, board, work);
        explain_unit((scenario, position, file), plan, board, &lines, unit_id)
    })?
}

/// [`explain`] for a position built in code: it takes what [`score`](crate::score) takes,
/// checks the position against its scenario and map first as `score` does, and explains unit
/// `unit_id`'s Line of Communications.
///
/// # Example
///
/// ```
/// use leyte_victory::hexmap::{Compass, Layout, MapBuilder, Orientation, Parity};
/// use leyte_victory::{LocCase, PositionBuilder, Scenario, Side, beach, explain_position};
///
/// let layout = Layout::row_column(Orientation::Pointy, 10..=11, 1..=9)
///     .with_shifted(Parity::Even)
///     .with_growth(Compass::North, Compass::East);
/// let map = MapBuilder::new("Corridor", layout)
///     .road(["1006", "1007", "1008", "1009"])
///     .area(beach::NORTHERN, "Northern Beach Area", ["1009"])
///     .area(beach::EASTERN, "Eastern Beach Area", ["1109"])
///     .build()
///     .unwrap();
/// let scenario = Scenario::new("Example", &[beach::NORTHERN]);
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1006")
///     .build()
///     .unwrap();
/// let e = explain_position(&map, &scenario, &position, "US-1").unwrap();
/// assert!(matches!(e.case, LocCase::Traced { .. }));
/// ```
pub fn explain_position(
    map: &HexMap,
    scenario: &Scenario,
    position: &Position,
    unit_id: &str,
) -> Result<LocExplanation, Error> {
    loc::with_board(map, scenario, position, |plan, board, work| {
        let lines = loc::evidence(plan, board, work);
        explain_unit((scenario, position, None), plan, board, &lines, unit_id)
    })?
}

/// What [`explain_unit`] reads of a state: its scenario, its position and its file's name.
type Parts<'a> = (&'a Scenario, &'a Position, Option<&'a str>);

/// [`explain`] on a checked position, its Lines of Communications traced.
fn explain_unit(
    state: Parts<'_>,
    plan: &loc::LocPlan<'_>,
    board: &Board<'_, '_>,
    lines: &loc::Lines,
    unit_id: &str,
) -> Result<LocExplanation, Error> {
    let (scenario, position, _) = state;
    if let Some(i) = position.units.iter().position(|u| u.id == unit_id) {
        let u = board.unit(i);
        let case = match lines.units.get(i).and_then(Option::as_ref) {
            Some(r) => match &r.path {
                Some(path) => traced(plan, board, i, path),
                None => {
                    let frontier = (r.frontier.iter().flatten())
                        .map(|&(hex, block)| loc::blocked_hex(board, u.side, hex, block))
                        .collect();
                    let reach = r.reach.as_ref().map(|r| words::reach(board, r));
                    cut(
                        board,
                        i,
                        frontier,
                        r.omitted.any().then_some(r.omitted),
                        reach,
                    )
                }
            },
            None => LocCase::NeedNotTrace {
                hex: board.unit_label(i),
                tracing: scenario.loc.sides.clone(),
            },
        };
        return Ok(LocExplanation {
            unit: u.id.clone(),
            side: u.side,
            rating: u.rating,
            case,
        });
    }
    let off_map = (position.eliminated.iter().map(|u| (u, LocCase::Eliminated)))
        .chain(position.exited.iter().map(|u| (u, LocCase::Exited)));
    for (u, case) in off_map {
        if u.id == unit_id {
            return Ok(LocExplanation {
                unit: u.id.clone(),
                side: u.side,
                rating: u.rating,
                case,
            });
        }
    }
    Err(unknown_unit(state, board, unit_id))
}

/// An id that names no unit: the error lists the units that must trace.
fn unknown_unit(state: Parts<'_>, board: &Board<'_, '_>, unit_id: &str) -> Error {
    let (scenario, _, file) = state;
    let must: Vec<&str> = (scenario.loc.sides.iter())
        .flat_map(|&side| board.units_of(side))
        .map(|i| board.unit(i).id.as_str())
        .collect();
    let listed = if must.is_empty() {
        format!(
            "no unit must trace a Line of Communications here ({})",
            who_traces(&scenario.loc.sides)
        )
    } else {
        format!(
            "the units that must trace a Line of Communications: {}",
            must.join(", ")
        )
    };
    let mut d = Diagnostic::new(
        ErrorKind::UnknownUnit,
        format!("no unit `{unit_id}` in this file; {listed}"),
    );
    d.file = file.map(str::to_string);
    Error::new(vec![d])
}

/// A traced path, each hex after the start with its part of the LOC (L8).
fn traced(plan: &loc::LocPlan<'_>, board: &Board<'_, '_>, i: usize, path: &[Hex]) -> LocCase {
    let u = board.unit(i);
    let k = usize::try_from(board.scenario.loc.free_hexes).unwrap_or(usize::MAX);
    let last = path.len().saturating_sub(1);
    let mut held = loc::friendly_occupied(board, u.side, path);
    let steps = path
        .windows(2)
        .enumerate()
        .map(|(n, w)| {
            let (from, to, i) = (w[0], w[1], n + 1);
            let leg = if i <= k {
                LegKind::AnyTerrain
            } else if i == last && !plan.chain_step(from, to) {
                // From a hex of the chain, or from the last free hex when a road or trail is
                // on it (the chain's first hex): beside the chain; else past the free hexes.
                // The unit's own hex (K = 0) is never a hex of the chain (L-8).
                if i > k.saturating_add(1) || (i > 1 && board.map.on_road_net(from)) {
                    LegKind::BesideChain
                } else {
                    LegKind::PastFreeHexes
                }
            } else {
                LegKind::RoadTrail
            };
            let hex = board.label(to);
            let friendly_occupied =
                (held.iter().position(|h| h.hex == hex)).map(|j| held.remove(j));
            LocStep {
                hex,
                leg,
                friendly_occupied,
            }
        })
        .collect();
    let reaches = match (u.side, path.last()) {
        (Side::Us, Some(&end)) => LocTarget::Beach {
            areas: beach_areas(board)
                .filter(|a| a.hexes.contains(&end))
                .map(|a| a.name.clone())
                .collect(),
        },
        (Side::Us, None) => LocTarget::Beach { areas: Vec::new() },
        (Side::Japanese, _) => LocTarget::JapaneseTarget,
    };
    LocCase::Traced {
        hex: board.label(u.hex),
        free_hexes: board.scenario.loc.free_hexes,
        reaches,
        steps,
    }
}

/// The scenario's active Beach Areas on the map.
fn beach_areas<'b>(board: &'b Board<'_, '_>) -> impl Iterator<Item = &'b hexmap::Area> + 'b {
    let map = board.map;
    board
        .scenario
        .active_beaches
        .iter()
        .filter_map(move |k| map.area(k))
}

/// A cut unit: what it must trace to, what cuts it, and the award it gives the enemy (L9).
fn cut(
    board: &Board<'_, '_>,
    i: usize,
    frontier: Vec<BlockedHex>,
    omitted: Option<Omitted>,
    reach: Option<Reach>,
) -> LocCase {
    let u = board.unit(i);
    let (scorer, award) = words::loc_cut(board, i, None);
    let target = match u.side {
        Side::Us => LocTarget::Beach {
            areas: beach_areas(board).map(|a| a.name.clone()).collect(),
        },
        Side::Japanese => LocTarget::JapaneseTarget,
    };
    LocCase::Cut {
        hex: board.label(u.hex),
        free_hexes: board.scenario.loc.free_hexes,
        target,
        frontier,
        omitted,
        reach,
        consequence: LocConsequence {
            scorer,
            vp: award.vp,
            rule: award.rule,
        },
    }
}

/// `only US units trace`, for people.
fn who_traces(sides: &[Side]) -> String {
    match sides {
        [] => "no unit traces".to_string(),
        [s] => format!("only {s} units trace"),
        _ => "units of both sides trace".to_string(),
    }
}

impl fmt::Display for LocExplanation {
    /// The readable text, with control characters from the input escaped
    /// ([`wargame_kit::terminal`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wargame_kit::terminal::write_escaped_by(f, |f| self.write_text(f))
    }
}

impl LocExplanation {
    /// The rules a traced or cut Line of Communications is cited with ([`LocExplanation::rules`]):
    /// `L8`, or for a Japanese unit `16.34 (ruling L-13), L8`.
    fn cited(&self) -> &'static str {
        match self.side {
            Side::Us => "L8",
            Side::Japanese => "16.34 (ruling L-13), L8",
        }
    }

    /// The readable text, before [`wargame_kit::terminal`] escapes it.
    fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = Inline(format!("{} ({}, {})", self.unit, self.side, self.rating));
        match &self.case {
            LocCase::Traced {
                hex,
                free_hexes: _,
                reaches,
                steps,
            } => {
                let hex = Inline(hex);
                write!(
                    f,
                    "{who} at {hex}: traces a Line of Communications [{}]",
                    self.cited()
                )?;
                write_path(f, &self.unit, hex.0, reaches, steps)
            }
            LocCase::Cut {
                hex,
                free_hexes,
                target,
                frontier,
                omitted,
                reach,
                consequence: c,
            } => {
                let hex = Inline(hex);
                writeln!(
                    f,
                    "{who} at {hex}: CUT, no Line of Communications [{}]; the {} player scores +{} for it [{}].",
                    self.cited(),
                    c.scorer,
                    c.vp,
                    c.rule
                )?;
                write_cut(f, *free_hexes, target, frontier, reach.as_ref())?;
                match omitted {
                    Some(o) if o.search_stopped => writeln!(
                        f,
                        "  ... and at least {} more hexes: the search stopped after {} states (the nearest are listed).",
                        o.hexes,
                        crate::limits::MAX_EXPLORED
                    ),
                    Some(o) => writeln!(
                        f,
                        "  ... and {} more hexes (the nearest are listed).",
                        o.hexes
                    ),
                    None => Ok(()),
                }
            }
            LocCase::NeedNotTrace { hex, tracing } => writeln!(
                f,
                "{who} at {} need not trace a Line of Communications: in this scenario {} one [L7, L10].",
                Inline(hex),
                who_traces(tracing)
            ),
            LocCase::Eliminated => writeln!(
                f,
                "{who} was eliminated: only units on the map trace a Line of Communications [ruling L-12]."
            ),
            LocCase::Exited => writeln!(
                f,
                "{who} left the map: only units on the map trace a Line of Communications [ruling L-12]."
            ),
        }
    }
}

impl LocTarget {
    /// Where the LOC goes (`the Northern Beach Area`) and how its last hex is marked
    /// (`beach hex (Northern Beach Area)`).
    fn words(&self) -> (String, String) {
        match self {
            LocTarget::JapaneseTarget => (
                "a Japanese LOC target hex".to_string(),
                "Japanese LOC target hex (scenario.loc.japanese_targets)".to_string(),
            ),
            LocTarget::Beach { areas } if areas.is_empty() => {
                ("a beach hex".to_string(), "beach hex".to_string())
            }
            LocTarget::Beach { areas } => {
                let areas = areas.join(", ");
                (format!("the {areas}"), format!("beach hex ({areas})"))
            }
        }
    }
}

impl fmt::Display for LegKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LegKind::AnyTerrain => "any terrain",
            LegKind::RoadTrail => "road/trail",
            LegKind::BesideChain => "beside the road/trail chain",
            LegKind::PastFreeHexes => {
                return write!(
                    f,
                    "one hex past the hexes of any terrain, with no road or trail hex before it ({})",
                    crate::options::setting_by(|r| r.target = hexmap::TargetRule::MayAdjoinChain)
                );
            }
        })
    }
}

/// The rest of a traced LOC's heading, then its hexes one per line.
fn write_path(
    f: &mut fmt::Formatter<'_>,
    unit: &str,
    hex: &str,
    reaches: &LocTarget,
    steps: &[LocStep],
) -> fmt::Result {
    let (to, mark) = reaches.words();
    let (to, mark) = (Inline(to), Inline(mark));
    let Some(last) = steps.len().checked_sub(1) else {
        return writeln!(f, "; it is on a {mark} itself.");
    };
    let plural = if steps.len() == 1 { "" } else { "es" };
    writeln!(f, ", {} hex{plural} to {to}:", steps.len())?;
    writeln!(f, "  start  {}  {}'s hex", Inline(hex), Inline(unit))?;
    for (n, s) in steps.iter().enumerate() {
        let i = n + 1;
        write!(f, "  {i:>5}  {}  {}", Inline(&s.hex), s.leg)?;
        if let Some(h) = &s.friendly_occupied {
            write!(
                f,
                "; in ZOC of {}, open while {} holds it [L8]",
                Inline(h.enemy_zoc.join(", ")),
                Inline(h.any_friendly())
            )?;
        }
        if n == last {
            write!(f, "; {mark}")?;
        }
        writeln!(f)?;
    }
    Ok(())
}

/// What a cut unit must trace to, then every blocked hex and why.
fn write_cut(
    f: &mut fmt::Formatter<'_>,
    k: u32,
    target: &LocTarget,
    frontier: &[BlockedHex],
    reach: Option<&Reach>,
) -> fmt::Result {
    let to = match target {
        LocTarget::JapaneseTarget => "a Japanese LOC target hex of the scenario".to_string(),
        LocTarget::Beach { areas } => {
            format!(
                "a hex of the active Beach Areas ({})",
                Inline(areas.join(", "))
            )
        }
    };
    writeln!(
        f,
        "A LOC runs through hexes free of enemy units and of enemy ZOC (unless a friendly unit is there): up to {k} hexes of any terrain, then along roads and trails, to {to}."
    )?;
    if frontier.is_empty() {
        return writeln!(
            f,
            "No hex is reachable at all: it is surrounded by impassable hexsides or the map edge."
        );
    }
    if let Some(r) = reach {
        let count = r.hexes.len().saturating_add(r.hexes_omitted);
        match r.hexes.as_slice() {
            [only] if r.hexes_omitted == 0 => writeln!(f, "It cannot leave {}.", Inline(only))?,
            _ => writeln!(
                f,
                "It reaches {count} hexes before every way on is blocked (the picture of `victory render` outlines them; the JSON lists them)."
            )?,
        }
    }
    writeln!(f, "Every hex at the edge of what it reaches is blocked:")?;
    // Enemy units and zones of control hex by hex; the hexes off the net, together.
    let mut off_net: Vec<&str> = Vec::new();
    for b in frontier {
        let why = match &b.reason {
            BlockReason::EnemyUnit { units } => format!(
                "occupied by enemy unit{} {}",
                if units.len() == 1 { "" } else { "s" },
                units.join(", ")
            ),
            BlockReason::EnemyZoc { units } => {
                format!("in ZOC of {}, no friendly unit on it", units.join(", "))
            }
            BlockReason::OffRoad { .. } => {
                off_net.push(&b.hex);
                continue;
            }
            other => other.to_string(),
        };
        writeln!(f, "  {}  {}", Inline(&b.hex), Inline(why))?;
    }
    if !off_net.is_empty() {
        writeln!(
            f,
            "  {} off the road/trail net, one step beyond the first {}: {}",
            hexes_in_words(u32::try_from(off_net.len()).unwrap_or(u32::MAX)),
            hexes_in_words(k),
            Inline(off_net.join(" "))
        )?;
    }
    match reach {
        Some(r) => write_nearest_road(f, k, r, frontier),
        None => Ok(()),
    }
}

/// Where the nearest road/trail hex is, for a unit the road/trail net cut, when that distance
/// is the cause ([`Reach::road_out_of_reach`]); otherwise what cut it
/// ([`crate::report::cut_cause`]).
fn write_nearest_road(
    f: &mut fmt::Formatter<'_>,
    k: u32,
    r: &Reach,
    frontier: &[BlockedHex],
) -> fmt::Result {
    if !r.road_out_of_reach() {
        // Within K + 1 hexes the road may be a legal join: the distance is not the cause.
        let cause = crate::report::cut_cause(frontier);
        let mut chars = cause.chars();
        let first = chars.next().map(|c| c.to_uppercase().to_string());
        return writeln!(
            f,
            "{}{}.",
            Inline(first.unwrap_or_default()),
            Inline(chars.as_str())
        );
    }
    match &r.nearest_road {
        // Beyond K + 1 hexes it is out of reach of the free hexes: say so.
        Some(n) => writeln!(
            f,
            "The nearest road/trail hex is {}, {} away (walk: {}); only the first {} may be off the net.",
            Inline(&n.hex),
            hexes_in_words(n.distance),
            Inline(n.walk.join(" ")),
            hexes_in_words(k)
        )?,
        None => writeln!(
            f,
            "No road/trail hex lies among the hexes it may enter, as far as a search of {} states (a hex and where in the LOC it is) looks.",
            crate::limits::MAX_EXPLORED
        )?,
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use wargame_kit::resolve::NoResolver;

    /// A row of nine hexes; a road 1005-1008, and another from the beach at 1009 north to 1109:
    /// the two meet across no road. US-1 at 1001, chain read as `chain`.
    fn state(chain: &str) -> State {
        let text = format!(
            r#"
game = "leyte"
map = {{ name = "Two roads", layout = {{ orientation = "pointy", label = "row-column", rows = [10, 11], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }}, areas = {{ northern-beach = {{ name = "Northern Beach Area", hexes = ["1009"] }}, eastern-beach = {{ name = "Eastern Beach Area", hexes = [] }} }}, hexsides = {{ roads = [["1005", "1006", "1007", "1008"], ["1009", "1109"]] }} }}
[scenario]
name = "Example"
active_beaches = ["northern-beach"]
[rules]
chain = "{chain}"
[[units]]
id = "US-1"
side = "us"
rating = "4-6-5"
hex = "1001"
"#
        );
        State::from_toml_str(&text, None, &NoResolver).unwrap()
    }

    /// The last step of a traced LOC is named by the plan's own chain step (ruling L-9): read
    /// as steps between road/trail hexes, 1008 -> 1009 is a step of the chain, not one beside
    /// it; read as steps across road/trail hexsides, it is none, and US-1 is cut.
    #[test]
    fn the_last_step_is_the_chains_as_the_plan_reads_it() {
        let e = explain(&state("hexes"), "US-1").unwrap();
        let LocCase::Traced { steps, .. } = &e.case else {
            panic!("US-1 traces along the chain read as hexes: {e}")
        };
        let legs: Vec<LegKind> = steps.iter().map(|s| s.leg).collect();
        use LegKind::{AnyTerrain, RoadTrail};
        let expected = [AnyTerrain, AnyTerrain, AnyTerrain, RoadTrail, RoadTrail];
        assert_eq!(legs, [&expected[..], &[RoadTrail; 3]].concat());
        assert_eq!(steps.last().map(|s| s.hex.as_str()), Some("1009"));
        let e = explain(&state("hexsides"), "US-1").unwrap();
        assert!(matches!(e.case, LocCase::Cut { .. }), "{e}");
    }
}
