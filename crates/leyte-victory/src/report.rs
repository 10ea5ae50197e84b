//! The [`Report`]: scores, ratio, level, margins and the evidence for every point.
//!
//! Its serde form is the JSON other tools parse; the field names are stable (see
//! `docs/json.md`). Its `Display` is the readable text a player can check by hand.

use std::fmt;

use wargame_kit::terminal::Inline;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::omitted::Omitted;

use crate::options::Rounding;
use crate::ratio::{Margins, Ratio, Verdict, VictoryLevel};
use crate::unit::Side;

/// Version of the report's JSON shape; bumped on any incompatible change.
///
/// A [`Report`] reads back from its JSON (`serde_json::from_str`) to a report equal to the one written:
/// what the JSON leaves to other fields (the ratio's level and rounding, read from `level` and
/// `rules`; the free hexes K of a cut unit's reach, read from its frontier) is set from them,
/// and an option in `rules` this engine does not know is refused.
///
/// # Example
///
/// ```
/// use wargame_kit::resolve::NoResolver;
/// let report = leyte_victory::score_toml(r#"
/// game = "leyte"
/// map = { name = "Line", layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }, areas = { northern-beach = { name = "Northern Beach Area", hexes = ["1009"] }, eastern-beach = { name = "Eastern Beach Area", hexes = [] } }, hexsides = { roads = [["1006", "1007", "1008", "1009"]] } }
/// [scenario]
/// name = "Example"
/// active_beaches = ["northern-beach"]
/// [[units]]
/// id = "US-1"
/// side = "us"
/// rating = "3-2-5"
/// hex = "1001"
/// "#, None, &NoResolver).unwrap();
/// let json = serde_json::to_string_pretty(&report).unwrap();
/// let back: leyte_victory::Report = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, report);
/// assert_eq!(serde_json::to_string_pretty(&back).unwrap(), json);
/// ```
pub const SCHEMA_VERSION: u32 = 1;

/// The outcome of a scenario, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Report {
    /// Version of this shape ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// The scenario's name.
    pub scenario: String,
    /// The map's name.
    pub map: String,
    /// The victory level (L11).
    pub level: VictoryLevel,
    /// US : Japanese.
    pub ratio: Ratio,
    /// The U.S. Player's points.
    pub us: SideScore,
    /// The Japanese Player's points.
    pub japanese: SideScore,
    /// Points needed to change the level, each way.
    pub margins: Margins,
    /// Every territorial objective, held or not, and why.
    pub objectives: Vec<ObjectiveStatus>,
    /// One entry per unit that must trace a Line of Communications.
    pub loc: Vec<LocEntry>,
    /// Readings applied (see `docs/rulings.md`).
    pub notes: Vec<String>,
    /// Every rules option in force (`victory rules leyte`), the scenario's `[rules]` (and
    /// `--rule`) over the defaults.
    pub rules: Vec<crate::options::RuleInForce>,
}

impl Serialize for Report {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Report::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Report {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Report, D::Error> {
        let mut report = Report::deserialize(deserializer)?;
        report.read_back().map_err(serde::de::Error::custom)?;
        Ok(report)
    }
}

impl Report {
    /// What the JSON form leaves to other fields, set from them after reading it back: the
    /// ratio's level (the report's) and rounding (its `ratio` option); each reach's K (the
    /// free hexes of its frontier's off-road hexes, or of any in the report, or the rules'
    /// 3). An option in `rules` the engine does not know is an error.
    fn read_back(&mut self) -> Result<(), String> {
        let mut rules = crate::options::Rules::default();
        for r in &self.rules {
            crate::options::RULE_OPTIONS.set(&mut rules, &r.key, &r.value)?;
        }
        self.ratio.read_back(self.level, rules.ratio);
        let off_road = |frontier: Option<&Vec<BlockedHex>>| {
            frontier.into_iter().flatten().find_map(|b| match b.reason {
                BlockReason::OffRoad { free_hexes } => Some(free_hexes),
                _ => None,
            })
        };
        let any = (self.loc.iter())
            .find_map(|e| off_road(e.frontier.as_ref()))
            .unwrap_or(crate::model::LocRules::FREE_HEXES);
        for e in &mut self.loc {
            let k = off_road(e.frontier.as_ref()).unwrap_or(any);
            if let Some(r) = &mut e.reach {
                r.free_hexes = k;
            }
        }
        Ok(())
    }

    /// The report's totals and level, as a [`Verdict`].
    pub fn verdict(&self) -> Verdict {
        Verdict {
            us: self.us.total,
            japanese: self.japanese.total,
            level: self.level,
        }
    }
}

/// One player's points.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct SideScore {
    /// Sum of the awards.
    pub total: u64,
    /// Each award, in rule order.
    pub awards: Vec<Award>,
}

/// What an award is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum AwardKind {
    /// An enemy unit eliminated (L4).
    Elimination,
    /// A territorial objective held (L5).
    Objective,
    /// The Japanese beach bonus (L6).
    BeachBonus,
    /// An enemy unit that cannot trace a Line of Communications (L9).
    LocCut,
    /// A unit that left the map (scenario rule).
    Exit,
    /// Too few units left the map (scenario rule).
    ExitShortfall,
}

/// One award of Victory Points, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Award {
    /// What for.
    pub kind: AwardKind,
    /// How many points.
    pub vp: u32,
    /// The rule (`L4`, `L5 + L7`, ...).
    pub rule: String,
    /// One line for a person.
    pub text: String,
    /// The unit behind it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// That unit's rating as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<String>,
    /// The hex behind it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// The objective's name, for objective awards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<String>,
    /// The Line of Communications traced, start first (objectives of a tracing side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
    /// What cut the Line of Communications (LOC-cut awards).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<Vec<BlockedHex>>,
    /// What `frontier` leaves out, when it leaves anything out (see [`crate::limits`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier_omitted: Option<Omitted>,
}

impl Award {
    /// An award with no evidence beyond its text; the rules add the unit, hex, path, ...
    pub(crate) fn new(kind: AwardKind, vp: u32, rule: &str, text: String) -> Award {
        Award {
            kind,
            vp,
            rule: rule.to_string(),
            text,
            unit: None,
            rating: None,
            hex: None,
            objective: None,
            path: None,
            frontier: None,
            frontier_omitted: None,
        }
    }
}

/// Why a hex could not be entered by a Line of Communications.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum BlockReason {
    /// An enemy unit is on it.
    EnemyUnit {
        /// The enemy units there.
        units: Vec<String>,
    },
    /// It is in an enemy zone of control and no friendly unit is on it.
    EnemyZoc {
        /// The enemy units whose ZOC covers it.
        units: Vec<String>,
    },
    /// It could only be reached after the first `free_hexes` hexes (K, 3 in the rules), off the
    /// road/trail net.
    OffRoad {
        /// K, the hexes of any terrain a Line of Communications may begin with in this
        /// scenario.
        free_hexes: u32,
    },
    /// It is on the road/trail net, but the chain could reach it only across a hexside without
    /// a road or trail, from `from` (L8: the chain follows road and trail hexsides).
    NoRoadAcross {
        /// The chain hex the step came from.
        from: String,
    },
}

/// What the rule tags of the report are, in one line: the Leyte victory rules print their
/// paragraphs untitled and unnumbered.
pub const RULE_TAGS: &str = "[L1]-[L11] number the untitled paragraphs of the Leyte victory rules in the order printed (this project's numbering; see docs/rulings.md).";

/// A hex on the frontier of a cut Line of Communications.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct BlockedHex {
    /// The hex.
    pub hex: String,
    /// Why it is blocked.
    pub reason: BlockReason,
}

/// One unit's Line of Communications.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct LocEntry {
    /// The unit.
    pub unit: String,
    /// Its side.
    pub side: Side,
    /// Its hex.
    pub hex: String,
    /// Whether it traces a Line of Communications.
    pub traced: bool,
    /// The path, start first, when traced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<String>>,
    /// What blocks it, when cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier: Option<Vec<BlockedHex>>,
    /// What `frontier` leaves out, when it leaves anything out (see [`crate::limits`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier_omitted: Option<Omitted>,
    /// What it reaches and the nearest road/trail hex, when the road/trail net is what cut
    /// it (a frontier hex is off the net, or across a hexside without a road).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<Reach>,
    /// The hexes of the path, after the start, that are in an enemy zone of control and open
    /// only because friendly units occupy them (L8); absent when there are none, or when cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub friendly_occupied: Option<Vec<FriendlyOccupiedHex>>,
}

/// A hex of a traced Line of Communications that an enemy unit controls and a friendly unit
/// occupies (L8: "It may be traced through a Friendly occupied, Enemy controlled hex"): the
/// LOC depends on the friendly units there; without them the hex would cut it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct FriendlyOccupiedHex {
    /// The hex.
    pub hex: String,
    /// The friendly units on it, which keep it open.
    pub friendly: Vec<String>,
    /// The enemy units whose zone of control covers it.
    pub enemy_zoc: Vec<String>,
}

impl FriendlyOccupiedHex {
    /// The friendly units on it, any one of which keeps it open (L8): `US-2`, `US-2 or US-3`,
    /// `US-2, US-3 or US-4`.
    pub(crate) fn any_friendly(&self) -> String {
        match self.friendly.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => self.friendly.join(", "),
        }
    }
}

impl fmt::Display for FriendlyOccupiedHex {
    /// `1003 (in ZOC of J-1, held by US-2)`; `held by US-2 or US-3` when either keeps it open.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (in ZOC of {}, held by {})",
            self.hex,
            self.enemy_zoc.join(", "),
            self.any_friendly()
        )
    }
}

/// `; it depends on friendly units in enemy ZOC [L8]: 1003 (in ZOC of J-1, held by US-2)`,
/// or nothing when a traced LOC passes through no such hex.
pub(crate) fn friendly_occupied_text(hexes: Option<&[FriendlyOccupiedHex]>) -> String {
    match hexes {
        Some(h) if !h.is_empty() => format!(
            "; it depends on friendly units in enemy ZOC [L8]: {}",
            h.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => String::new(),
    }
}

/// What a cut unit's Line of Communications reaches before every way on is blocked (L8), and
/// the nearest hex of the road/trail net it could walk to: the frontier summarised, as a
/// player would check it ("its first three hexes reach no road; the nearest is five away").
///
/// The frontier lists every blocked hex at the edge; this says what lies inside that edge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Reach {
    /// The hexes the Line of Communications reaches, the unit's own included, in label order
    /// (the nearest [`MAX_REACH`](crate::limits::MAX_REACH)).
    pub hexes: Vec<String>,
    /// How many more hexes it reaches than `hexes` lists (0 in any real game).
    pub hexes_omitted: usize,
    /// The nearest hex of the road/trail net the unit could walk to through hexes a Line of
    /// Communications may enter (no enemy unit, no enemy zone of control without a friendly
    /// unit); `null` when the search finds none in
    /// [`MAX_EXPLORED`](crate::limits::MAX_EXPLORED) states (a hex and where in the LOC it is;
    /// not hexes).
    pub nearest_road: Option<NearestRoad>,
    /// K, the hexes of any terrain a LOC may begin with: whether the nearest road/trail hex
    /// is what cut the unit (it lies beyond K + 1 hexes).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub(crate) free_hexes: u32,
}

/// The nearest hex of the road/trail net a cut unit could walk to ([`Reach::nearest_road`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct NearestRoad {
    /// The hex (the unit's own when it is on the net).
    pub hex: String,
    /// How many hexes from the unit's hex: the length of `walk`, less one.
    pub distance: u32,
    /// One shortest walk there, the unit's hex first.
    pub walk: Vec<String>,
}

impl Reach {
    /// Whether the distance to the road/trail net is what cut the unit: the nearest
    /// road/trail hex lies beyond the first K hexes and the one step after them, or none is
    /// within reach of the search.
    pub fn road_out_of_reach(&self) -> bool {
        self.nearest_road
            .as_ref()
            .is_none_or(|n| n.distance > self.free_hexes.saturating_add(1))
    }

    /// `the nearest road/trail hex is 1719, five hexes away` (or `… is 1624, its own hex`);
    /// `None` when there is none within reach of the search.
    pub fn nearest_road_text(&self) -> Option<String> {
        let n = self.nearest_road.as_ref()?;
        Some(if n.distance == 0 {
            format!("the unit's hex {} is on the road/trail net", n.hex)
        } else {
            format!(
                "the nearest road/trail hex is {}, {} away",
                n.hex,
                hexes_in_words(n.distance)
            )
        })
    }
}

/// A territorial objective at the end of the scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ObjectiveStatus {
    /// Its name.
    pub name: String,
    /// Who can score it.
    pub side: Side,
    /// Its hexes (for a per-unit objective, the hexes with the feature).
    pub hexes: Vec<String>,
    /// Points awarded for it.
    pub vp: u64,
    /// Whether it scored.
    pub held: bool,
    /// Units that earned it.
    pub by: Vec<String>,
    /// Those of `by` that hold a per-unit objective from the next hex (L5: "on or adjacent
    /// to"), not on a hex of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjacent: Vec<String>,
    /// Units of a tracing side that occupy it but cannot trace a Line of Communications.
    pub without_loc: Vec<String>,
    /// A note (e.g. placeholder amounts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ObjectiveStatus {
    /// The units that earned it, each held from the next hex marked: `J-1 (adjacent), J-2`.
    pub(crate) fn holders(&self) -> String {
        let each = self.by.iter().map(|u| {
            if self.adjacent.contains(u) {
                format!("{u} (adjacent)")
            } else {
                u.clone()
            }
        });
        each.collect::<Vec<_>>().join(", ")
    }
}

/// `three hexes`, `one hex`, `12 hexes`: a count of hexes as the rules write it.
pub(crate) fn hexes_in_words(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let number = usize::try_from(n)
        .ok()
        .and_then(|i| WORDS.get(i))
        .map_or_else(|| n.to_string(), |w| (*w).to_string());
    if n == 1 {
        format!("{number} hex")
    } else {
        format!("{number} hexes")
    }
}

impl fmt::Display for BlockReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlockReason::EnemyUnit { units } => write!(f, "occupied by {}", units.join(", ")),
            BlockReason::EnemyZoc { units } => write!(f, "in ZOC of {}", units.join(", ")),
            BlockReason::OffRoad { free_hexes } => write!(
                f,
                "off the road/trail net beyond the first {}",
                hexes_in_words(*free_hexes)
            ),
            BlockReason::NoRoadAcross { from } => {
                write!(f, "no road or trail across the hexside from {from}")
            }
        }
    }
}

/// `; and 12 more hexes` (or `and at least 12 more: the search stopped after 16384 states`)
/// when the frontier listed leaves some out.
pub(crate) fn omitted_text(o: Option<&Omitted>) -> String {
    match o {
        Some(o) if o.search_stopped => format!(
            "; and at least {} more hexes (the search stopped after {} states)",
            o.hexes,
            crate::limits::MAX_EXPLORED
        ),
        Some(o) if o.hexes > 0 => format!("; and {} more hexes", o.hexes),
        _ => String::new(),
    }
}

/// What a cut unit reaches and what cut it, in words (a [`Reach`] is given when a hex off the
/// road/trail net is on its frontier): `its LOC reaches 19 hexes; the nearest road/trail hex
/// is 1719, five hexes away` when the distance is the cause ([`Reach::road_out_of_reach`]);
/// otherwise the cause from the `frontier` ([`cut_cause`]), with no distance.
pub(crate) fn reach_text(reach: &Reach, frontier: &[BlockedHex]) -> String {
    let count = reach.hexes.len().saturating_add(reach.hexes_omitted);
    let reached = if count == 1 {
        "its LOC reaches its own hex only".to_string()
    } else {
        format!("its LOC reaches {count} hexes")
    };
    if !reach.road_out_of_reach() {
        return format!("{reached}; {}", cut_cause(frontier));
    }
    match reach.nearest_road_text() {
        Some(near) => format!("{reached}; {near}"),
        None => format!(
            "{reached}; no road/trail hex among the hexes it may enter (a search of {} states)",
            crate::limits::MAX_EXPLORED
        ),
    }
}

/// What cut a unit whose first hexes reach the road/trail net, from its frontier: the enemy
/// units that block the way and the hexes each blocks (`the road/trail net is within reach;
/// the enemy cuts the way: J-1 (1007 1107)`), or, when no enemy unit blocks any hex, that no
/// chain within reach runs to a LOC target.
pub(crate) fn cut_cause(frontier: &[BlockedHex]) -> String {
    // Each enemy unit, in order of first appearance, with the frontier hexes it blocks.
    let mut by_unit: Vec<(&str, Vec<&str>)> = Vec::new();
    for b in frontier {
        let units = match &b.reason {
            BlockReason::EnemyUnit { units } | BlockReason::EnemyZoc { units } => units,
            _ => continue,
        };
        for u in units {
            match by_unit.iter_mut().find(|(id, _)| id == u) {
                Some((_, hexes)) => hexes.push(&b.hex),
                None => by_unit.push((u, vec![&b.hex])),
            }
        }
    }
    if by_unit.is_empty() {
        return "the road/trail net is within reach, but no road/trail chain from it runs to a LOC target hex".to_string();
    }
    let units = (by_unit.iter())
        .map(|(u, hexes)| format!("{u} ({})", hexes.join(" ")))
        .collect::<Vec<_>>()
        .join(", ");
    format!("the road/trail net is within reach; the enemy cuts the way: {units}")
}

pub(crate) fn frontier_text(f: &[BlockedHex]) -> String {
    if f.is_empty() {
        return "no hex reachable at all (surrounded by impassable hexsides or map edge)"
            .to_string();
    }
    // Group hexes by reason, reasons in order of first appearance (the frontier is in label order).
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for b in f {
        let reason = b.reason.to_string();
        match groups.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, hexes)) => hexes.push(&b.hex),
            None => groups.push((reason, vec![&b.hex])),
        }
    }
    groups
        .iter()
        .map(|(reason, hexes)| match hexes.len() {
            n @ 4.. => format!("{n} hexes {reason}: {}", hexes.join(" ")),
            _ => format!("{}: {reason}", hexes.join(" ")),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl fmt::Display for Report {
    /// The readable text, with control characters from the input escaped
    /// ([`wargame_kit::terminal`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wargame_kit::terminal::write_escaped_by(f, |f| self.write_text(f))
    }
}

impl Report {
    /// The readable text, before [`wargame_kit::terminal`] escapes it.
    fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Leyte: {} (map: {})",
            Inline(&self.scenario),
            Inline(&self.map)
        )?;
        let band = match self.ratio.hundredths {
            Some(_) => self.level.band(),
            None if self.ratio.us > 0 => "the Japanese have no points",
            None => "no points on either side",
        };
        // A ratio its two decimals do not show exactly: the quotient, and the reading that
        // took it to the band.
        let ratio = match self.ratio.quotient() {
            None => self.ratio.text.clone(),
            Some(q) => {
                // The option as the report states it (`ratio = round`).
                let setting = (self.rules.iter().find(|r| r.key == "ratio"))
                    .map(|r| format!(" ({} = {})", r.key, r.value))
                    .unwrap_or_default();
                let two = self.ratio.text.trim_end_matches(" to 1");
                match self.ratio.rounding() {
                    Rounding::Exact => format!("{q} to 1, read exactly{setting}"),
                    Rounding::Round => format!("{q} to 1, rounded to {two}{setting}"),
                    _ => format!("{q} to 1, truncated to {two}{setting}"),
                }
            }
        };
        writeln!(
            f,
            "Result: {} [L11]: US {} : Japanese {} = {ratio} ({band})",
            self.level, self.us.total, self.japanese.total,
        )?;
        for (name, score) in [
            ("U.S. Player", &self.us),
            ("Japanese Player", &self.japanese),
        ] {
            writeln!(f)?;
            write_side(f, name, score)?;
        }
        writeln!(f)?;
        self.write_objectives(f)?;
        writeln!(f)?;
        self.write_loc(f)?;
        writeln!(f)?;
        self.write_margins(f)?;
        if !self.notes.is_empty() {
            writeln!(f)?;
            writeln!(f, "Notes:")?;
            for n in &self.notes {
                writeln!(f, "  - {}", Inline(n))?;
            }
        }
        // Only the options that differ from the defaults (`victory rules leyte`).
        if let Some(chosen) = wargame_kit::options::non_defaults(&self.rules) {
            writeln!(f)?;
            writeln!(f, "Rules options (not the defaults): {}", Inline(chosen))?;
        }
        writeln!(f)?;
        writeln!(f, "{RULE_TAGS}")
    }
}

/// One player's points, award by award, with each award's LOC or cut.
fn write_side(f: &mut fmt::Formatter<'_>, name: &str, score: &SideScore) -> fmt::Result {
    writeln!(f, "{name}: {} VP", score.total)?;
    if score.awards.is_empty() {
        writeln!(f, "  (no awards)")?;
    }
    for a in &score.awards {
        writeln!(
            f,
            "  {:>4}  {:<8} {}",
            format!("+{}", a.vp),
            a.rule,
            Inline(&a.text)
        )?;
        if let Some(p) = &a.path {
            writeln!(f, "                 LOC: {}", Inline(p.join(" ")))?;
        }
        if let Some(fr) = &a.frontier {
            writeln!(
                f,
                "                 cut: {}",
                Inline(format_args!(
                    "{}{}",
                    frontier_text(fr),
                    omitted_text(a.frontier_omitted.as_ref())
                ))
            )?;
        }
    }
    Ok(())
}

impl Report {
    /// The objectives section (L5).
    fn write_objectives(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Objectives [L5]:")?;
        if self.objectives.is_empty() {
            writeln!(f, "  (none in this scenario)")?;
        }
        for o in &self.objectives {
            let state = if o.held {
                format!("held by {} (+{})", o.holders(), o.vp)
            } else {
                "not held".to_string()
            };
            write!(
                f,
                "  {}",
                Inline(format_args!(
                    "{} ({}, {}): {state}",
                    o.name,
                    o.side,
                    o.hexes.join(" ")
                ))
            )?;
            if !o.without_loc.is_empty() {
                write!(
                    f,
                    "; occupied without a LOC by {}",
                    Inline(o.without_loc.join(", "))
                )?;
            }
            if let Some(n) = &o.note {
                write!(f, " [{}]", Inline(n))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }

    /// The rules the Lines of Communications section cites: L7, L8; a Japanese unit's LOC
    /// under the scenario's 16.34, ruling L-13 (L7 and L9 speak of U.S. units only).
    pub(crate) fn loc_rules(&self) -> &'static str {
        match (
            self.loc.iter().any(|e| e.side == Side::Us),
            self.loc.iter().any(|e| e.side == Side::Japanese),
        ) {
            (true, true) => "L7, L8; Japanese units: 16.34 (ruling L-13)",
            (false, true) => "16.34 (ruling L-13), L8",
            _ => "L7, L8",
        }
    }

    /// The Lines of Communications section ([`Report::loc_rules`]).
    fn write_loc(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Lines of Communications [{}]:", self.loc_rules())?;
        if self.loc.is_empty() {
            writeln!(f, "  (no unit must trace)")?;
        }
        for e in &self.loc {
            match (&e.path, &e.frontier) {
                (Some(p), _) => writeln!(
                    f,
                    "  {}",
                    Inline(format_args!(
                        "{} at {}: traced {}{}",
                        e.unit,
                        e.hex,
                        p.join(" "),
                        friendly_occupied_text(e.friendly_occupied.as_deref())
                    ))
                )?,
                (None, Some(fr)) => {
                    write!(
                        f,
                        "  {}",
                        Inline(format_args!(
                            "{} at {}: CUT: {}{}",
                            e.unit,
                            e.hex,
                            frontier_text(fr),
                            omitted_text(e.frontier_omitted.as_ref())
                        ))
                    )?;
                    match &e.reach {
                        Some(r) => writeln!(f, "; {}", Inline(reach_text(r, fr)))?,
                        None => writeln!(f)?,
                    }
                }
                (None, None) => writeln!(f, "  {} at {}: CUT", Inline(&e.unit), Inline(&e.hex))?,
            }
        }
        Ok(())
    }

    /// The margins line (L11).
    fn write_margins(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Margins: ")?;
        match self.margins.us {
            Some(m) => write!(f, "the US needs {} more VP for {}", m.vp, m.reaches)?,
            None => write!(f, "the US is at the top level")?,
        }
        write!(f, "; ")?;
        match self.margins.japanese {
            Some(m) => writeln!(f, "the Japanese need {} more VP for {}.", m.vp, m.reaches),
            None => writeln!(f, "the Japanese are at the top level."),
        }
    }
}
