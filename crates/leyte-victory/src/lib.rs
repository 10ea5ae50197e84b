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
//! - The crate parses from strings and in-memory values: [`State::from_toml_str`] reads a TOML
//!   state and asks the caller's [`wargame_kit::resolve::Resolver`] for a referenced map file; it
//!   never opens files itself.
//! - [`score`] is one function per rule (L4, L5, L6, L7-L10, the scenario's exit rules, L11).
//! - Lines of Communications use the hex crate's road-chain plan ([`hexmap::ChainPlan`]: all
//!   units at once, linear in the map) with K = 3; each cut unit is explained by the plan's
//!   frontier, the same hexes and reasons as [`hexmap::search`]'s (property-tested in the hex
//!   crate); [`explain`] gives one unit's LOC hex by hex from the same computation.
//! - Many positions on one scenario: [`Scorer`] checks and prepares it once, a [`Session`] keeps
//!   the tracing tables from one position to the next; each answers with the [`Report`] or the
//!   [`Verdict`] (totals and level), and, for the workspace's own tools, the
//!   [`Sheet`](internal::Sheet) (the same awards and evidence as data, no text; not covered by
//!   semver). Feature `parallel`: `score_many` (its `Reports` freed on the pool),
//!   `verdict_many` (rayon). Feature `oracle`: `Scorer::oracle`, the hex crate's incremental
//!   Line of Communications oracle for a position, for a bot that moves units and asks who
//!   traces.
//! - Arithmetic is integer only; the ratio is rounded down to hundredths ([`Ratio`]).
//!
//! # Example
//! ```
//! use leyte_victory::{BeachBonus, Objective, PositionBuilder, Scenario, Side, VictoryLevel, score};
//!
//! // Nine hexes in a row, 1001-1009; a road 1006-1009; a beach at 1009.
//! const LINE: &str = r#"
//! name = "Nine hexes in a line (test map)"
//!
//! [layout]
//! orientation = "pointy"
//! label = "row-column"
//! rows = [10, 10]
//! columns = [1, 9]
//! shifted = "even"
//! rows_grow = "north"
//! columns_grow = "east"
//!
//! [places]
//! Roadhead = "1006"
//!
//! [areas.beach]
//! name = "Beach"
//! hexes = ["1009"]
//!
//! [hexsides]
//! roads = [["1006", "1007", "1008", "1009"]]
//! "#;
//!
//! let map = hexmap::HexMap::from_toml_str(LINE, None).unwrap();
//! let scenario = Scenario::new("Example", &["beach"])
//!     // this little map has no Northern/Eastern beaches
//!     .with_beach_bonus(BeachBonus::none())
//!     .with_objective(Objective::occupy("Roadhead", Side::Us, 20, [map.parse("1006").unwrap()]));
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
// No function over 80 lines (`clippy.toml`): one function per rule, per section, per layer.

mod board;
mod engine;
mod error;
mod expect;
mod explain;
#[cfg(feature = "html")]
pub mod html;
mod labels;
pub mod limits;
mod loc;
#[cfg(feature = "parallel")]
mod many;
mod model;
mod omitted;
pub mod options;
mod ratio;
mod report;
mod scorer;
mod sheet;
mod spec;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(test)]
mod testmap;
mod unit;
mod words;

/// The hex-map crate this engine is built on (package `wargame-hexmap`), re-exported so that a
/// tool depending on this crate alone reaches the map types (`leyte_victory::hexmap::HexMap`) at the exact version the engine uses.
pub use hexmap;

/// The workspace's kit crate this engine reports and reads with (package `wargame-kit`):
/// diagnostics, resolvers ([`kit::resolve::FsResolver`]),
/// terminal-safe text, rules options, and the SVG and HTML kits, at the exact version the engine
/// uses.
pub use wargame_kit as kit;

/// What a Leyte state document needs at its top level, as plain data for a tool that writes
/// one (a VASSAL profile's import, docs/embedding.md): `game = "leyte"`, the `map` (a file
/// named relative to the document) and the `[scenario]`.
pub const STATE_SHAPE: wargame_kit::shape::StateShape<'static> =
    wargame_kit::shape::StateShape::new(&[GAME])
        .required(&["map", "scenario"])
        .references(&["map"])
        .arrays(&[
            wargame_kit::shape::StateArray::new(
                "units",
                &["id", "side", "rating", "hex", "name", "artillery"],
            )
            .place("hex"),
            wargame_kit::shape::StateArray::new(
                "eliminated",
                &["id", "side", "rating", "name", "artillery"],
            ),
            wargame_kit::shape::StateArray::new(
                "exited",
                &["id", "side", "rating", "hex", "name", "artillery"],
            ),
        ]);

pub use error::{Diagnostic, Error, ErrorKind};
pub use explain::{
    LegKind, LocCase, LocConsequence, LocExplanation, LocStep, LocTarget, explain, explain_position,
};
#[cfg(feature = "parallel")]
pub use many::{Reports, score_many, verdict_many};
pub use model::{
    BeachBonus, ExitAward, ExitCounters, ExitRequirement, ExitValue, LocRules, Objective,
    ObjectiveKind, OffMapUnit, Position, PositionBuilder, Scenario, Unit, beach,
};
pub use omitted::Omitted;
pub use ratio::{Margin, Margins, Ratio, Schedule, Verdict, VictoryLevel};
pub use report::{
    Award, AwardKind, BlockReason, BlockedHex, FriendlyOccupiedHex, LocEntry, NearestRoad,
    ObjectiveStatus, Reach, Report, SCHEMA_VERSION, SideScore,
};
#[cfg(feature = "oracle")]
pub use scorer::shared_oracle;
pub use scorer::{Scorer, Session, score};
pub use spec::{GAME, MapCache, State};
pub use unit::{Rating, RatingError, Side};

/// Not covered by semver: used by the workspace's own crates; may change in any release.
///
/// A position's awards and evidence as data, before words ([`Sheet`](internal::Sheet), from
/// [`Scorer::sheet`], [`Session::sheet`] and `sheet_many`; [`Scorer::report`] puts one in
/// words), and the `[expect]` table as the engine reads it with [`KEYS`](internal::KEYS), which
/// report field each expectation key reads (for `victory test`).
pub mod internal {
    pub use crate::expect::{ExpectSpec, KEYS};
    #[cfg(feature = "parallel")]
    pub use crate::many::sheet_many;
    pub use crate::sheet::{Basis, Block, Grant, LocLine, LocTrace, Reached, Sheet};
}

/// Read a state and score it in one step: [`State::from_toml_str`], then [`State::score`].
///
/// ```
/// use wargame_kit::resolve::NoResolver;
/// use leyte_victory::{AwardKind, VictoryLevel};
///
/// // A self-contained state: the map is an inline table, so nothing needs resolving. Its
/// // Northern Beach Area is 1009; the Eastern is off this little map (L6 names both).
/// let report = leyte_victory::score_toml(r#"
/// game = "leyte"
/// map = { name = "Line", layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }, areas = { northern-beach = { name = "Northern Beach Area", hexes = ["1009"] }, eastern-beach = { name = "Eastern Beach Area", hexes = [] } }, hexsides = { roads = [["1006", "1007", "1008", "1009"]] } }
///
/// [scenario]
/// name = "Example"
/// active_beaches = ["northern-beach"]
///
/// [[units]]                    # four hexes off the road from the beach: cut (L9)
/// id = "US-1"
/// side = "us"
/// rating = "3-2-5"
/// hex = "1001"
///
/// [[eliminated]]               # L4: 4 + 6
/// id = "J-1"
/// side = "japanese"
/// rating = "4-6-5"
/// "#, Some("example.toml"), &NoResolver).unwrap();
/// assert_eq!((report.us.total, report.japanese.total), (10, 5));
/// assert_eq!(report.japanese.awards[0].kind, AwardKind::LocCut);
/// assert_eq!(report.level, VictoryLevel::Draw); // 2.00 to 1
/// ```
pub fn score_toml(
    text: &str,
    name: Option<&str>,
    resolver: &dyn wargame_kit::resolve::Resolver,
) -> Result<Report, Error> {
    State::from_toml_str(text, name, resolver)?.score()
}

/// The JSON Schema of the [`Report`] as serialized (the JSON contract of `docs/json.md`).
///
/// ```
/// let schema = leyte_victory::report_schema();
/// let properties = schema.get("properties").unwrap();
/// assert!(properties.get("level").is_some() && properties.get("loc").is_some());
/// ```
#[cfg(feature = "schema")]
pub fn report_schema() -> schemars::Schema {
    wargame_kit::internal::schema::serialized::<Report>()
}

/// The JSON Schema of the TOML state format, for editors (taplo).
///
/// ```
/// let schema = leyte_victory::state_schema();
/// assert!(schema.get("properties").and_then(|p| p.get("scenario")).is_some());
/// ```
#[cfg(feature = "schema")]
pub fn state_schema() -> schemars::Schema {
    schemars::schema_for!(spec::StateSpec)
}

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
