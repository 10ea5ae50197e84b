//! The victory rules of *Axis Empires: Dai Senso!* (DS), alone and in the *Axis Empires*
//! combined game with *Totaler Krieg!* (AE): rules 0.1-0.4 of the Seasonal Victory Phase.
//!
//! One pure function, [`score`], turns a [`State`] and the table's [`Rules`](options::Rules)
//! into a [`Report`] that names the rule behind every step ([`score_toml`] reads the state from TOML first):
//!
//! 1. **Current Strategic Value** (0.1.1, [`current_strategic_value`]): Steps 1-3 as terms,
//!    each with the hexes behind it and the hexes an exception leaves out. Control of a hex is
//!    given, or follows the ground units on it; at a Final check (0.3) Influence markers in
//!    Neutral Countries decide, depending on an Allied ground unit in Tokyo.
//! 2. **VP marker placement** (0.1.2, [`place_vp_marker`]) on a [`VpTrack`] that is data: the
//!    printed DS track by default ([`VpTrack::dai_senso`]), or one read from TOML and validated
//!    (every CSV in exactly one box).
//! 3. **Automatic Victory** (0.2), **V-J Day victory** (0.3) and **Combined Game Victory**
//!    (0.4), with the TK map's results as inputs.
//! 4. **Margins**: how far the CSV is from moving the marker, and from changing the result.
//!
//! The rulebook leaves some cases open; each reading chosen is written in
//! `docs/asia-engulfed.md` ("Rulings") and appears in the report's `notes` when applied.
//!
//! A state is checked once: [`score`] checks the [`State`] it is given and scores it, its
//! problems as notes; a [`ValidState`] (checked by [`ValidState::new`], or read by
//! [`ValidState::from_toml_str`]) is scored without checking again.
//!
//! Many states under one table's rules (a referee's season of saves, a bot's candidate moves):
//! a [`Scorer`] keeps the rules and gives each [`ValidState`] its report ([`Scorer::score`]) or
//! only its [`Verdict`] ([`Scorer::verdict`]: the CSV, the marker, the automatic victory, the
//! VP and the winner, without margins, notes or words). Feature `parallel`: `score_many` and
//! `verdict_many` (rayon).
//!
//! States are read from TOML with [`State::from_toml_str`], which reports every problem at once
//! with file, key, label, line and column ([`Error`]); a VP track file named by a state is
//! loaded through a [`wargame_kit::resolve::Resolver`] the caller supplies; this crate never touches
//! the file system.
//!
//! # Example
//! ```
//! use asia_engulfed_victory::options::Rules;
//! use asia_engulfed_victory::{MarkerSide, Side, State, score};
//! use wargame_kit::resolve::NoResolver;
//!
//! // 0.3: the historical result, Allied Crusade 2 vs Japanese Mandate 2. Labels other than
//! // Batavia (w2819) are stand-ins.
//! let state = State::from_toml_str(r#"
//! game = "dai-senso"
//! check = "final"
//! war_state = "total-war"
//! current_esv = 0
//! vp_marker = { allied_crusade = "2" }
//! japanese_mandate = "2"
//!
//! [[strategic_hexes]]
//! label = "w2718"
//! name = "Palembang"
//! faction = "axis"
//! controller = "western"
//!
//! [[strategic_hexes]]
//! label = "w2819"
//! name = "Batavia"
//! faction = "axis"
//! controller = "western"
//!
//! [[strategic_hexes]]
//! label = "e4507"
//! name = "Seoul"
//! faction = "axis"
//! controller = "western"
//!
//! [[strategic_hexes]]
//! label = "e4111"
//! name = "Taipei"
//! faction = "axis"
//! controller = "western"
//!
//! [[strategic_hexes]]
//! label = "e3020"
//! name = "Truk"
//! faction = "axis"
//! controller = "western"
//!
//! [[strategic_hexes]]
//! label = "e4012"
//! name = "Okinawa"
//! faction = "axis"
//! controller = "western"
//! "#, Some("historical.toml"), &NoResolver).unwrap();
//!
//! let report = score(&state, &Rules::default());
//! assert_eq!(report.csv.total, -6);
//! assert_eq!(report.vp_marker.box_id, "2");
//! assert_eq!(report.vp_marker.side, MarkerSide::AlliedCrusade);
//! let vp = report.vp.as_ref().unwrap();
//! assert_eq!((vp.axis.total, vp.allies.total), (2, 2));
//! assert_eq!(report.winner, Some(Side::Axis)); // a tie goes to the Axis
//! println!("{report}");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`): one function per rule, per section, per layer.

mod applied;
mod automatic;
mod combined;
mod csv;
mod decide;
mod error;
mod expect;
#[cfg(feature = "html")]
pub mod html;
pub mod limits;
#[cfg(feature = "parallel")]
mod many;
mod model;
mod notes;
pub mod options;
mod placement;
mod policy;
mod read_back;
mod report;
mod scorer;
mod side;
mod spec;
#[cfg(feature = "svg")]
pub mod svg;
mod track;
mod valid;
mod victory;
mod vp;
mod words;

/// The hex-map crate this engine is built on (package `wargame-hexmap`), re-exported so that a
/// tool depending on this crate alone reaches the labels (`asia_engulfed_victory::hexmap::Label`) at the exact version the engine uses.
pub use hexmap;

/// The workspace's kit crate this engine reports and reads with (package `wargame-kit`):
/// diagnostics, resolvers ([`kit::resolve::FsResolver`]),
/// terminal-safe text, rules options, and the SVG and HTML kits, at the exact version the engine
/// uses.
pub use wargame_kit as kit;

/// What a Dai Senso state document needs at its top level, as plain data for a tool that
/// writes one (a VASSAL profile's import, docs/embedding.md): `game` (`dai-senso` or
/// `axis-empires`), `check`, `war_state` and `vp_marker`; a `track` names a file relative to
/// the document.
pub const STATE_SHAPE: wargame_kit::shape::StateShape<'static> =
    wargame_kit::shape::StateShape::new(GAMES)
        .required(&["check", "war_state", "vp_marker"])
        .references(&["track"])
        .arrays(&[
            wargame_kit::shape::StateArray::new("units", &["label", "faction", "name"])
                .place("label"),
        ]);

pub use csv::{
    ConsideredHex, Control, ControlBasis, CountedHex, CsvTerm, CurrentStrategicValue, ExcludedHex,
    InfluenceRead, InfluenceReading, TermKind, current_strategic_value,
};
pub use error::{Diagnostic, Error, ErrorKind};
#[cfg(feature = "parallel")]
pub use many::{score_many, verdict_many};
pub use model::{
    BonusVp, Check, Country, Faction, GAMES, Game, GroundUnit, Influence, MapAutomaticVictory,
    State, StrategicHex, StrategicWarfareBox, TkResult, VpMarker, WarState,
};
pub use notes::Note;
pub use placement::{Placement, place_vp_marker};
pub use report::{
    Margins, MarkerMargins, MarkerShift, Report, ResultMargins, ResultShift, SCHEMA_VERSION, score,
};
pub use scorer::{Scorer, Verdict};
pub use side::{MarkerSide, Side};
pub use track::{BoxRanges, CsvRange, TrackCell, VpBox, VpTrack};
pub use valid::ValidState;
pub use victory::{
    AutomaticVictory, AutomaticVictoryKind, Combined, CombinedResult, Effect, GameMap, MapResult,
    MarkerReport, PlacementBasis, SideVp, VpPart, VpScore, VpSource,
};

/// Not covered by semver: used by the workspace's own crates; may change in any release.
///
/// The `[expect]` table of a state file as the engine reads it and [`KEYS`](internal::KEYS),
/// which report field each expectation key reads (for `victory test`).
pub mod internal {
    pub use crate::expect::{ExpectSpec, KEYS};
}

/// Read a state and score it in one step: [`ValidState::from_toml_str`], then
/// [`ValidState::score`] (the state is checked once, by the reader).
///
/// ```
/// use asia_engulfed_victory::kit::resolve::NoResolver;
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{MarkerSide, score_toml};
///
/// // 0.1.2: +3 turns the marker to its Rising Sun face in the 1 VP box.
/// let report = score_toml(r#"
/// game = "dai-senso"
/// check = "seasonal"
/// war_state = "limited-war"
/// current_esv = 0
/// vp_marker = { allied_crusade = "0" }
///
/// [strategic_warfare_box]
/// allied_collapse = 3
/// "#, Some("state.toml"), &NoResolver, &Rules::default()).unwrap();
/// assert_eq!((report.vp_marker.box_id.as_str(), report.vp_marker.side), ("1", MarkerSide::RisingSun));
///
/// // A state that does not read is an error, with every problem located.
/// let err = score_toml("game = \"dai-senso\"", Some("bad.toml"), &NoResolver, &Rules::default());
/// assert!(err.is_err());
/// ```
pub fn score_toml(
    text: &str,
    name: Option<&str>,
    resolver: &dyn wargame_kit::resolve::Resolver,
    rules: &options::Rules,
) -> Result<Report, Error> {
    Ok(ValidState::from_toml_str(text, name, resolver)?.score(rules))
}

/// The JSON Schema of the TOML state format, feature `schema`.
#[cfg(feature = "schema")]
pub fn state_schema() -> schemars::Schema {
    schemars::schema_for!(spec::StateSpec)
}

/// The JSON Schema of a [`Report`] as serde writes it (the JSON contract of
/// `docs/json.md`), feature `schema`. It describes serialization: every field is present,
/// `null` where the text says none.
///
/// ```
/// let schema = serde_json::to_string(&asia_engulfed_victory::report_schema()).unwrap();
/// assert!(schema.contains("schema_version") && schema.contains("vp_marker"));
/// ```
#[cfg(feature = "schema")]
pub fn report_schema() -> schemars::Schema {
    wargame_kit::internal::schema::serialized::<Report>()
}

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
