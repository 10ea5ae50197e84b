//! What the wargame rules engines of this workspace share that is not a map.
//!
//! `wargame_kit` knows no game and no hexes. It gives any engine that reads its own files:
//!
//! - **Located problems**: [`Diagnostic`] (kind, message, file, key path, label, line, column,
//!   byte span, help) and [`Error`], every problem of an input at once; a [`Source`] finds
//!   where a key path is written in the text.
//! - **A TOML shape reader** ([`read_toml`]): every shape problem of a document at once,
//!   in plain words, with "did you mean".
//! - **References between documents** ([`resolve`]): a [`Resolver`](resolve::Resolver) the
//!   caller supplies, reading only regular files of a bounded size.
//! - **Text safe to print** ([`terminal`]) and **rules options** described alike for every
//!   game ([`options`]).
//! - **Pictures and pages**: the SVG toolkit (feature `svg`, [`svg`]) and self-contained
//!   interactive HTML pages (feature `html`, [`html`]).
//! - **Limits** ([`limits`]), so a server can rely on them.
//! - **A state document's shape as plain data** ([`shape`]): the games an engine reads, the
//!   keys no state can lack, the keys naming other files; for tools that write states (a
//!   VASSAL profile's import) without depending on the engine.
//! - **A seeded generator** ([`rng`], splitmix64): deterministic, not cryptographic; for
//!   generators, benchmarks and tests.
//!
//! What the workspace's own crates share beyond that (collecting diagnostics, the keys of
//! `[expect]` tables, ...) is in [`internal`], which semver does not cover.
//!
//! The map crate (`wargame-hexmap`) and both engines report through this crate's [`Error`],
//! each with its own kind enum.
//!
//! ```
//! use wargame_kit::read_toml;
//! use wargame_kit::Source;
//!
//! #[derive(serde::Deserialize)]
//! #[serde(deny_unknown_fields)]
//! struct Unit { id: String, hex: String }
//!
//! let text = "id = \"US-1\"\nhx = \"0512\"\n";
//! let read = read_toml::<Unit, _>(Source::new(Some("unit.toml"), text), "toml", "");
//! let messages: Vec<String> = read.problems.iter().map(|d| d.to_string()).collect();
//! assert_eq!(messages, [
//!     "unit.toml:1:1: missing key `hex` (at `hex`)",
//!     "unit.toml:2:1: unknown key `hx` (the keys here: `id`, `hex`); did you mean `hex`? (at `hx`)",
//! ]);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`): one function per rule, per section, per layer.

mod diag;
mod error;
#[cfg(feature = "html")]
pub mod html;
pub mod internal;
pub mod limits;
pub mod options;
pub mod resolve;
pub mod rng;
pub mod shape;
#[cfg(feature = "svg")]
pub mod svg;
pub mod terminal;

pub use diag::{Diagnostic, Location, Repairs, ShapeRead, Source, read_toml};
pub use error::Error;

/// The toml crate (1.x) whose [`toml::Spanned`] and [`toml::de::Error`] the diagnostics read;
/// name them as `wargame_kit::toml::...`.
pub use toml;

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
