//! The engines of the `victory` wargame tool behind one trait, state files read and their game
//! found, and the tool's regression-suite runner (`victory test`, docs/suites.md): a folder of
//! states, each scored by its engine and checked against its own `[expect]` table.
//!
//! The crate knows no game: a tool hands it its engines ([`engine::Engines`], each an
//! [`engine::Engine`]) and, for VASSAL case files ([`VassalCase`], their `[vassal]` table),
//! how to open them ([`VassalCases`]).
//!
//! - [`engine`]: the [`Engine`](engine::Engine) trait, the state file an engine reads
//!   ([`StateFile`](engine::StateFile)), what the engines keep through a run
//!   ([`Cache`](engine::Cache)), the run's rules options ([`RunRules`](engine::RunRules)), the
//!   report's text and JSON ([`Report`](engine::Report));
//! - [`input`]: a state file read (bounded, `-` for standard input) and its engine found by its
//!   `game` key;
//! - [`problem`]: every engine's problems as one type, shown on one line or as rustc shows them;
//! - [`files`]: the size limit of each kind of file, bounded reads, and writes that replace a
//!   file whole;
//! - [`discover`] and [`run()`]: the suite's run, case files found in name order, tested on std
//!   threads, judged against their `[expect]` (the keys each engine reads, `problems`, `json`
//!   pointers checked against the report's schema, [`pointer`](mod@pointer)), `--accept`
//!   written with a format-preserving editor;
//! - [`output`]: the results as text, JSON (docs/json.md) and JUnit XML.
//!
//! ```
//! use victory_suite::{NoVassal, Suite, engine::{Cache, Engines, RunRules}, output, problem::ErrorStyle};
//! use wargame_kit::resolve::NoResolver;
//!
//! // A tool with no engine finds no case in an empty folder, and says so.
//! let dir = std::env::temp_dir().join(format!("victory-suite-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let cache = Cache::default();
//! let suite = Suite {
//!     engines: Engines::new(&[]),
//!     resolver: &NoResolver,
//!     max_bytes: 1 << 20,
//!     cache: &cache,
//!     rules: &RunRules::default(),
//!     style: ErrorStyle::Short,
//!     vassal: &NoVassal,
//! };
//! let found = victory_suite::discover(&[dir.clone()]).unwrap();
//! let outcomes = victory_suite::run(&suite, &found, false, false).unwrap();
//! assert!(outcomes.is_empty());
//! assert!(output::nothing_checked(&outcomes).unwrap().contains("no case files found"));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`).

mod accept;
mod case;
mod compare;
pub mod engine;
mod expect;
pub mod files;
pub mod input;
pub mod output;
pub mod pointer;
pub mod problem;
mod run;
#[cfg(test)]
mod testing;
mod value;
mod vassal_case;

pub use case::{
    Candidate, CaseResult, NoVassal, Opened, Suite, VassalCases, Verdict, check_pointers,
};
pub use compare::Difference;
pub use run::{Error, check_rules, discover, run};
pub use vassal_case::VassalCase;

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
