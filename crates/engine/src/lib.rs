//! The contract between the front ends of the `victory` wargame tool and its engines: what any
//! front end (the command line, a Python package) and any engine adapter share.
//!
//! - the [`Engine`] trait and what it takes and gives: the state file an engine reads
//!   ([`StateFile`]), what the engines keep through a run ([`Cache`]), the run's rules options
//!   over each file's own ([`RunRules`]), the report's text and JSON ([`Report`], [`Headed`]),
//!   the engines a tool knows ([`Engines`]);
//! - [`input`]: a state file read (bounded, `-` for standard input) and its engine found by its
//!   `game` key;
//! - [`problem`]: every engine's problems as one type, shown on one line or as rustc shows them;
//! - [`files`]: the size limit of each kind of file, bounded reads, and writes that replace a
//!   file whole.
//!
//! It knows no game: a tool hands it its engines.
//!
//! # Example
//!
//! ```
//! use victory_engine::{Engines, input};
//!
//! // A tool with no engine knows no game, and says so in the problem it reports.
//! const NONE: Engines = Engines::new(&[]);
//! let refused = input::from_text("a.toml".into(), "game = \"chess\"".into(), NONE).unwrap_err();
//! assert_eq!(refused[0].to_string(), "a.toml:1:8: unknown game `chess` (known games: ) (at `game`)");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`).

mod engine;
pub mod files;
pub mod input;
pub mod problem;

pub use engine::{
    Cache, Crop, Engine, Engines, GameName, Head, Headed, Picture, Report, RunRules, StateFile,
    apply_rules, rule_taken,
};

/// Not covered by semver: used by the workspace's own crates; may change in any release.
///
/// A toy engine (feature `testing`) for the tests of the crates built on this one.
#[cfg(any(test, feature = "testing"))]
pub mod internal {
    pub mod testing;
}

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
