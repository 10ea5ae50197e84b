//! A position's score as data ([`Sheet`]): every award and every Line of Communications
//! traced or cut, by index into the position and the scenario, without a word of text; the
//! evidence (each path, each cut unit's frontier and reach) made when it is first read
//! ([`crate::Scorer::evidence`]), once. [`crate::Report`] says the same in words;
//! [`crate::Scorer::report`] turns one into the other.

use std::sync::OnceLock;

use hexmap::Hex;
use serde::Serialize;

use crate::omitted::Omitted;

use crate::ratio::Verdict;
use crate::report::AwardKind;
use crate::unit::Side;

/// A position scored as data: the totals and level, every award and every Line of
/// Communications that must be traced, traced or cut, as indices; the evidence of each line
/// (its path, or what cuts it) as hexes when it is read ([`crate::Scorer::evidence`]).
///
/// What a bot reads (the totals, the level, each award's points and kind, each unit's traced
/// or cut) costs what [`crate::Scorer::verdict`] costs and little more: the evidence is not made
/// until it is read, and then once (the sheet keeps it).
///
/// Indices are into the scored [`crate::Position`] (`units()`, `eliminated()`, `exited()`) and
/// its [`crate::Scenario`] (`objectives`, `exits`, `exit_requirements`). The [`crate::Report`]
/// of the same position says all of it in words ([`crate::Scorer::report`]).
///
/// ```
/// use leyte_victory::internal::{Basis, Block};
/// use leyte_victory::{PositionBuilder, Scenario, Scorer, Side, BeachBonus};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1009"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// // Nine hexes in a row; a road 1006-1009 to the beach at 1009; a Japanese unit on 1008.
/// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1005")
///     .unit("J-1", Side::Japanese, "1-1-4", "1008")
///     .build()
///     .unwrap();
/// let scorer = Scorer::new(&map, &scenario).unwrap();
/// let sheet = scorer.session().sheet(&position).unwrap();
/// assert_eq!((sheet.verdict.us, sheet.verdict.japanese), (0, 10));
/// // The Japanese score US-1 (unit 0), cut (L9): its zone of control closes 1007 and 1009.
/// assert_eq!(sheet.awards[0].basis, Basis::LocCut { unit: 0 });
/// assert!(!sheet.loc[0].traced);
/// // The evidence, made when it is read.
/// assert!(sheet.evidence().is_none());
/// let lines = scorer.evidence(&position, &sheet).unwrap();
/// assert!(sheet.evidence().is_some());
/// let frontier = lines[0].frontier.as_ref().unwrap();
/// assert!(frontier.iter().any(|&(hex, block)| hex == map.parse("1007").unwrap() && block == Block::EnemyZoc));
/// // The same in words.
/// let report = scorer.report(&position, &sheet).unwrap();
/// assert_eq!(report, scorer.score(&position).unwrap());
/// assert!(report.japanese.awards[0].text.contains("cannot trace a LOC"));
/// ```
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Sheet {
    /// The totals and the level.
    pub verdict: Verdict,
    /// Every award in rule order (L4, L5, L6, L9, the scenario's exits): each player's awards,
    /// taken in this order, are the report's.
    pub awards: Vec<Grant>,
    /// One entry per unit that must trace, as the report's `loc`: the tracing sides in the
    /// scenario's order, each side's units in position order.
    pub loc: Vec<LocTrace>,
    /// The evidence of each line of `loc`, in its order, once made.
    #[serde(skip)]
    pub(crate) evidence: OnceLock<Vec<LocLine>>,
}

impl Sheet {
    /// The evidence of each line of [`Sheet::loc`], in its order, when it has been made
    /// ([`crate::Scorer::evidence`] makes it; [`crate::Session::score`] makes it with the
    /// report); `None` before.
    pub fn evidence(&self) -> Option<&[LocLine]> {
        self.evidence.get().map(Vec::as_slice)
    }
}

/// Two sheets are equal when their verdicts, awards and lines are: the evidence follows from
/// the position, whether it has been made yet or not.
impl PartialEq for Sheet {
    fn eq(&self, other: &Sheet) -> bool {
        (self.verdict, &self.awards, &self.loc) == (other.verdict, &other.awards, &other.loc)
    }
}

impl Eq for Sheet {}

/// One unit that must trace a Line of Communications: whether it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct LocTrace {
    /// Index in `units()`.
    pub unit: usize,
    /// Its side.
    pub side: Side,
    /// Whether it traces (L7, L8, L10).
    pub traced: bool,
}

/// One award of Victory Points, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Grant {
    /// Who scores.
    pub to: Side,
    /// How many points.
    pub vp: u32,
    /// What for, with the evidence.
    pub basis: Basis,
}

/// What an award is for: the rule and the units, objectives and hexes behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Basis {
    /// An enemy unit eliminated (L4): its index in `eliminated()`.
    Elimination {
        /// Index in `eliminated()`.
        unit: usize,
    },
    /// A territorial objective held (L5, with L7 for a side that must trace) by a unit on the
    /// map.
    Objective {
        /// Index in the scenario's `objectives`.
        objective: usize,
        /// Index in `units()`.
        unit: usize,
        /// For a per-unit objective, the hex with the feature the unit is on or next to.
        near: Option<Hex>,
    },
    /// The beach bonus (L6), for the first Japanese unit found on a bonus beach hex.
    BeachBonus {
        /// Index in `units()`.
        unit: usize,
    },
    /// A unit that must trace a Line of Communications and cannot (L9); its frontier is in its
    /// [`LocLine`].
    LocCut {
        /// Index in `units()`.
        unit: usize,
    },
    /// A unit that left the map, under the first of the scenario's exit awards it matches.
    Exit {
        /// Index in `exited()`.
        unit: usize,
        /// Index in the scenario's `exits`.
        exit: usize,
    },
    /// An eliminated unit that is the counter removed for the shortfall of a scenario's exit
    /// requirement and scored as destroyed (16.4; ruling L-15): its value (L3) to the enemy,
    /// which pays the shortfall (the requirement pays nothing of its own).
    Removed {
        /// Index in `eliminated()`.
        unit: usize,
        /// Index in the scenario's `exit_requirements`.
        requirement: usize,
        /// How many units exited for the requirement.
        exited: usize,
    },
    /// Too few units left the map for a scenario's exit requirement, and no eliminated counter
    /// named as removed for it pays the shortfall: the requirement's own points.
    ExitShortfall {
        /// Index in the scenario's `exit_requirements`.
        requirement: usize,
        /// How many units did.
        exited: usize,
    },
}

impl Basis {
    /// The kind of award, as the report names it.
    pub fn kind(&self) -> AwardKind {
        match self {
            Basis::Elimination { .. } | Basis::Removed { .. } => AwardKind::Elimination,
            Basis::Objective { .. } => AwardKind::Objective,
            Basis::BeachBonus { .. } => AwardKind::BeachBonus,
            Basis::LocCut { .. } => AwardKind::LocCut,
            Basis::Exit { .. } => AwardKind::Exit,
            Basis::ExitShortfall { .. } => AwardKind::ExitShortfall,
        }
    }
}

/// One unit's Line of Communications with its evidence, as data: the path traced, or what cuts
/// it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct LocLine {
    /// Index in `units()`.
    pub unit: usize,
    /// Its side.
    pub side: Side,
    /// The path, start first, when traced.
    pub path: Option<Vec<Hex>>,
    /// The blocked hexes at the edge of what it can reach, in label order, when cut: the
    /// nearest [`MAX_FRONTIER`](crate::limits::MAX_FRONTIER).
    pub frontier: Option<Vec<(Hex, Block)>>,
    /// What the frontier leaves out (nothing, in any real game).
    pub omitted: Omitted,
    /// What it reaches, when the road/trail net is what cut it.
    pub reach: Option<Reached>,
}

/// What a cut unit's Line of Communications reaches before every way on is blocked, as data
/// (the report's [`crate::Reach`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Reached {
    /// The hexes reached, the unit's own included, in label order: the nearest
    /// [`MAX_REACH`](crate::limits::MAX_REACH).
    pub hexes: Vec<Hex>,
    /// How many more were reached and not listed.
    pub omitted: usize,
    /// The shortest walk, through hexes a Line of Communications may enter, from the unit to
    /// a hex of the road/trail net (start first; one hex when the unit is on the net); `None`
    /// when the search finds none in [`MAX_EXPLORED`](crate::limits::MAX_EXPLORED) states (a
    /// hex and where in the LOC it is; not hexes).
    pub walk_to_net: Option<Vec<Hex>>,
}

/// Why a Line of Communications could not enter a hex (the report's [`crate::BlockReason`],
/// whose unit lists are the position's units on the hex, or exerting the zone of control).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Block {
    /// An enemy unit is on it.
    EnemyUnit,
    /// It is in an enemy zone of control and no friendly unit is on it.
    EnemyZoc,
    /// It could only be reached after the first K hexes, off the road/trail net.
    OffRoad,
    /// It is on the road/trail net, but the chain could reach it only across a hexside without
    /// a road or trail, from `from`.
    NoRoadAcross {
        /// The chain hex the step came from.
        from: Hex,
    },
}
