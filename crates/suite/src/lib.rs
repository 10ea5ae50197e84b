//! The regression-suite runner of the `victory` wargame tool (`victory test`, docs/suites.md):
//! a folder of states, each scored by its engine and checked against its own `[expect]` table,
//! the results as text, JSON and JUnit XML.
//!
//! The crate knows no game: a tool hands it its engines (a [`victory_engine::Engines`], each an
//! [`victory_engine::Engine`]) and, for VASSAL case files ([`VassalCase`], their `[vassal]`
//! table), how to open them ([`VassalCases`]).
//!
//! - [`discover`] and [`run()`]: the suite's run, case files found in name order, tested on std
//!   threads, judged against their `[expect]` (the keys each engine reads, `problems`, `json`
//!   pointers checked against the report's schema, [`pointer`](mod@pointer)), `--accept`
//!   written with a format-preserving editor;
//! - [`output`]: the results as text, JSON (docs/json.md) and JUnit XML;
//! - [`check_pointers`]: the `json` pointers of a state's `[expect]` its report has no field
//!   for, for a tool's `check`.
//!
//! ```
//! use victory_engine::{Cache, Engines, RunRules, problem::ErrorStyle};
//! use victory_suite::{NoVassal, Suite, output};
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
mod expect;
pub mod output;
pub mod pointer;
mod run;
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
