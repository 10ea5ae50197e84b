//! Scenarios and positions, in memory (no TOML needed).

use hexmap::{Hex, HexMap, TargetRule};

use crate::unit::{Rating, Side};

/// The three Beach Areas' keys in a map's `[areas]`.
pub mod beach {
    /// Northern Beach Area (2428 2528 2628).
    pub const NORTHERN: &str = "northern-beach";
    /// Eastern Beach Area (1332 1232 1132 1032).
    pub const EASTERN: &str = "eastern-beach";
    /// Southern Beach Area (0610 0511-0514).
    pub const SOUTHERN: &str = "southern-beach";
}

/// How a territorial objective is held (L5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectiveKind {
    /// `vp` once when a unit of the side occupies the hex (or any one of the hexes).
    Occupy {
        /// The hex or hexes.
        hexes: Vec<Hex>,
    },
    /// `vp` for each unit of the side on or adjacent to a hex with this map feature (a unit next
    /// to two such hexes still scores once). Adjacency is geometric: hexside features do not
    /// matter.
    PerUnitNear {
        /// The hex feature (`airfield`).
        feature: String,
    },
}

/// A territorial objective of a scenario (L5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Name for people (`Carigara`).
    pub name: String,
    /// Who scores it.
    pub side: Side,
    /// Victory Points (per unit for [`ObjectiveKind::PerUnitNear`]).
    pub vp: u32,
    /// How it is held.
    pub kind: ObjectiveKind,
    /// A note shown with it (e.g. that the amount is a placeholder).
    pub note: Option<String>,
}

/// What an exited unit is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitValue {
    /// The unit's Victory Point value (L3).
    UnitValue,
    /// A fixed amount.
    Fixed(u32),
}

/// Victory Points for units that left the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitAward {
    /// Whose units.
    pub side: Side,
    /// Through which hexes; empty = any.
    pub hexes: Vec<Hex>,
    /// What each is worth.
    pub value: ExitValue,
    /// Who scores (usually `side`).
    pub scorer: Side,
}

/// Victory Points to `scorer` when fewer than `units` units of `side` exited through `hexes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitRequirement {
    /// Whose units must exit.
    pub side: Side,
    /// Through which hexes; empty = any.
    pub hexes: Vec<Hex>,
    /// How many must exit.
    pub units: u32,
    /// VP to `scorer` for the shortfall (once).
    pub vp: u32,
    /// Who scores.
    pub scorer: Side,
    /// Shown with the award.
    pub note: Option<String>,
}

/// Who must trace a Line of Communications, and how (L7, L8, L10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocRules {
    /// The sides that must trace (US only by default; 16.34 may add the Japanese).
    pub sides: Vec<Side>,
    /// Hexes of any terrain before the road/trail chain (3).
    pub free_hexes: u32,
    /// Whether the beach hex must be on the road/trail chain (literal reading, default).
    pub target: TargetRule,
    /// Targets for a Japanese LOC, if the Japanese must trace (16.34 is not in our text).
    pub japanese_targets: Vec<Hex>,
}

impl Default for LocRules {
    fn default() -> Self {
        LocRules {
            sides: vec![Side::Us],
            free_hexes: 3,
            target: TargetRule::OnChain,
            japanese_targets: Vec::new(),
        }
    }
}

/// The beach bonus (L6): the Japanese Player's Victory Points for occupying a beach hex of
/// these areas, in every scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeachBonus {
    /// 40.
    pub vp: u32,
    /// Northern and Eastern Beach Areas.
    pub areas: Vec<String>,
}

impl Default for BeachBonus {
    fn default() -> Self {
        BeachBonus {
            vp: 40,
            areas: vec![beach::NORTHERN.to_string(), beach::EASTERN.to_string()],
        }
    }
}

/// A scenario's victory conditions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Name (`American Assault (16.1)`).
    pub name: String,
    /// Keys of the Beach Areas active in this scenario (LOC targets).
    pub active_beaches: Vec<String>,
    /// Territorial objectives.
    pub objectives: Vec<Objective>,
    /// Exit awards.
    pub exits: Vec<ExitAward>,
    /// Exit requirements.
    pub exit_requirements: Vec<ExitRequirement>,
    /// Line of Communications rules.
    pub loc: LocRules,
    /// The beach bonus.
    pub beach_bonus: BeachBonus,
}

impl Scenario {
    /// A scenario with no objectives, the default LOC rules and beach bonus, and these active
    /// beach areas.
    pub fn new(name: impl Into<String>, active_beaches: &[&str]) -> Scenario {
        Scenario {
            name: name.into(),
            active_beaches: active_beaches.iter().map(|s| s.to_string()).collect(),
            objectives: Vec::new(),
            exits: Vec::new(),
            exit_requirements: Vec::new(),
            loc: LocRules::default(),
            beach_bonus: BeachBonus::default(),
        }
    }
}

/// A unit on the map at the end of the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Unique id (`US-7-17`, `J-16-9`).
    pub id: String,
    /// Whose.
    pub side: Side,
    /// Its strengths.
    pub rating: Rating,
    /// Where.
    pub hex: Hex,
    /// Whether it exerts a zone of control (default yes).
    pub zoc: bool,
}

/// A unit no longer on the map: eliminated, or exited (with the hex it left by).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffMapUnit {
    /// Unique id.
    pub id: String,
    /// Whose.
    pub side: Side,
    /// Its strengths.
    pub rating: Rating,
    /// For an exited unit, the hex it left the map by.
    pub hex: Option<Hex>,
}

/// An end-of-scenario position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Units on the map.
    pub units: Vec<Unit>,
    /// Eliminated units.
    pub eliminated: Vec<OffMapUnit>,
    /// Units that left the map.
    pub exited: Vec<OffMapUnit>,
}

impl Position {
    /// The units on the map as a [`hexmap::Position`] (for zones of control and tracing).
    pub fn on_map(
        &self,
        map: &HexMap,
    ) -> Result<hexmap::Position<Side>, Vec<hexmap::PositionError>> {
        let units = self
            .units
            .iter()
            .map(|u| hexmap::Unit {
                id: u.id.clone(),
                side: u.side,
                hex: u.hex,
                exerts_zoc: u.zoc,
            })
            .collect();
        hexmap::Position::new(map, units)
    }
}

/// Builds a [`Position`] from printed labels and rating strings, checking everything at once.
///
/// ```
/// use leyte_victory::{PositionBuilder, Side};
/// # let map = hexmap::HexMap::from_toml_str(include_str!("../../../fixtures/maps/line.toml"), None).unwrap();
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1002")
///     .artillery("US-A", Side::Us, "6-4-2-3", "1003")
///     .eliminated("J-9", Side::Japanese, "4-6-5")
///     .build()
///     .unwrap();
/// assert_eq!(position.units.len(), 2);
/// ```
#[derive(Debug)]
pub struct PositionBuilder<'m> {
    map: &'m HexMap,
    units: Vec<(String, Side, bool, String, Option<String>, bool)>,
}

impl<'m> PositionBuilder<'m> {
    /// A builder for a position on `map`.
    pub fn new(map: &'m HexMap) -> Self {
        PositionBuilder {
            map,
            units: Vec::new(),
        }
    }

    /// A non-artillery unit on the map (`rating` as printed, `4-6-5`), exerting a ZOC.
    pub fn unit(mut self, id: &str, side: Side, rating: &str, hex: &str) -> Self {
        self.units.push((
            id.into(),
            side,
            false,
            rating.into(),
            Some(hex.into()),
            false,
        ));
        self
    }

    /// An artillery unit on the map (`barrage-FPF-defense-movement`).
    pub fn artillery(mut self, id: &str, side: Side, rating: &str, hex: &str) -> Self {
        self.units.push((
            id.into(),
            side,
            true,
            rating.into(),
            Some(hex.into()),
            false,
        ));
        self
    }

    /// An eliminated non-artillery unit.
    pub fn eliminated(mut self, id: &str, side: Side, rating: &str) -> Self {
        self.units
            .push((id.into(), side, false, rating.into(), None, false));
        self
    }

    /// A non-artillery unit that left the map by `hex`.
    pub fn exited(mut self, id: &str, side: Side, rating: &str, hex: &str) -> Self {
        self.units.push((
            id.into(),
            side,
            false,
            rating.into(),
            Some(hex.into()),
            true,
        ));
        self
    }

    /// Check and build; every problem is reported.
    pub fn build(self) -> Result<Position, crate::Error> {
        let mut errors = Vec::new();
        let mut position = Position::default();
        for (i, (id, side, artillery, rating, hex, exited)) in self.units.into_iter().enumerate() {
            let key = format!("unit #{}", i + 1);
            let rating = match if artillery {
                Rating::artillery(&rating)
            } else {
                Rating::standard(&rating)
            } {
                Ok(r) => r,
                Err(e) => {
                    errors.push(
                        crate::Diagnostic::new(crate::ErrorKind::Rating, e.to_string())
                            .key(&key)
                            .label(&id),
                    );
                    continue;
                }
            };
            let hex = match hex.as_deref().map(|h| self.map.parse(h)) {
                None => None,
                Some(Ok(h)) => Some(h),
                Some(Err(e)) => {
                    errors.push(
                        crate::Diagnostic::new(crate::ErrorKind::Hex, e.to_string())
                            .key(&key)
                            .label(hex.unwrap_or_default()),
                    );
                    continue;
                }
            };
            match (hex, exited) {
                (Some(hex), false) => position.units.push(Unit {
                    id,
                    side,
                    rating,
                    hex,
                    zoc: true,
                }),
                (hex, true) => position.exited.push(OffMapUnit {
                    id,
                    side,
                    rating,
                    hex,
                }),
                (None, false) => position.eliminated.push(OffMapUnit {
                    id,
                    side,
                    rating,
                    hex: None,
                }),
            }
        }
        errors.extend(crate::engine::check_position(self.map, &position));
        if errors.is_empty() {
            Ok(position)
        } else {
            Err(crate::Error::new(errors))
        }
    }
}
