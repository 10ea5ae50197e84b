//! The victory rules of *Leyte* (SPI, 1975).
//!
//! Hand the crate an end-of-scenario position on a [`hexmap`] map and it returns both players'
//! Victory Points, the ratio, the victory level, the margins to the next level, and the evidence
//! for every point: which unit, which hex, which Line of Communications was traced or which hexes
//! cut it, and why.
//!
//! The rules text has no rule numbers; this crate cites its paragraphs as **L1-L11** in file
//! order: L1 VP sources, L2 scenario conditions, L3 unit value, L4 elimination, L5 objectives,
//! L6 beach bonus, L7 who traces, L8 LOC definition, L9 LOC consequences, L10 Japanese exemption,
//! L11 ratio schedule. Readings of ambiguous text are in `docs/rulings.md`.
//!
//! # Design
//! - Data flows map -> [`Scenario`] + [`Position`] -> [`score`] -> [`Report`] (serde; its JSON is
//!   the contract other tools parse) -> text via `Display`.
//! - The crate parses from strings and in-memory values: [`load`] reads a TOML state and asks
//!   the caller's [`hexmap::resolve::Resolver`] for a referenced map file; it never opens files
//!   itself.
//! - Lines of Communications use [`hexmap::Tracer`] (all units at once, linear in the map) with
//!   K = 3, and [`hexmap::search`] to explain each cut unit.
//! - Arithmetic is integer only; the ratio is rounded down to hundredths ([`ratio`]).
//!
//! # Example
//! ```
//! use leyte_victory::{PositionBuilder, Scenario, Side, Objective, ObjectiveKind, VictoryLevel, score};
//!
//! let map = hexmap::HexMap::from_toml_str(include_str!("../../../fixtures/maps/line.toml"), None).unwrap();
//! let mut scenario = Scenario::new("Example", &["beach"]);
//! scenario.beach_bonus.areas.clear(); // this little map has no Northern/Eastern beaches
//! scenario.objectives.push(Objective {
//!     name: "Roadhead".into(),
//!     side: Side::Us,
//!     vp: 20,
//!     kind: ObjectiveKind::Occupy { hexes: vec![map.parse("1006").unwrap()] },
//!     note: None,
//! });
//! let position = PositionBuilder::new(&map)
//!     .unit("US-1", Side::Us, "4-6-5", "1006")   // traces along the road: +20 objective
//!     .unit("US-2", Side::Us, "3-2-5", "1001")   // fourth hex off the road: cut, +5 to Japan
//!     .eliminated("J-1", Side::Japanese, "4-6-5") // +10 to the US
//!     .build()
//!     .unwrap();
//! let report = score(&map, &scenario, &position).unwrap();
//! assert_eq!((report.us.total, report.japanese.total), (30, 5));
//! assert_eq!(report.level, VictoryLevel::UsDecisive);
//! println!("{report}");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

/// The hex-map crate this engine is built on (package `wargame-hexmap`), re-exported so that a
/// tool depending on this crate alone reaches the map types and the resolvers
/// (`leyte_victory::hexmap::resolve::FsResolver`) at the exact version the engine uses.
pub use hexmap;

mod engine;
mod error;
mod model;
pub mod ratio;
pub mod report;
pub mod state;
#[cfg(feature = "svg")]
pub mod svg;
mod unit;

pub use engine::score;
pub use error::{Diagnostic, Error, ErrorKind};
pub use model::{
    BeachBonus, ExitAward, ExitRequirement, ExitValue, LocRules, Objective, ObjectiveKind,
    OffMapUnit, Position, PositionBuilder, Scenario, Unit, beach,
};
pub use ratio::{Margin, Margins, Ratio, VictoryLevel};
pub use report::{
    Award, AwardKind, BlockReason, BlockedHex, LocEntry, ObjectiveStatus, Report, SideScore,
};
pub use state::{GAME, Game, load};
pub use unit::{Rating, RatingError, Side};

/// Load a state and score it in one step.
pub fn score_toml(
    text: &str,
    name: Option<&str>,
    resolver: &dyn hexmap::resolve::Resolver,
) -> Result<Report, Error> {
    let game = load(text, name, resolver)?;
    score(&game.map, &game.scenario, &game.position)
}
