//! What every front end of the `victory` wargame tool needs, so that the command line and any
//! other front end (a Python package, a server) call the same functions:
//!
//! - [`engines`]: the engines of the games, each behind [`victory_engine::Engine`], and
//!   the engine a state's `game` key names ([`engines::find`]); the one place that knows both
//!   engines (neither depends on this crate);
//! - [`saves`]: VASSAL saved games and logs read through a module and a profile as states of
//!   the profile's game, scored as any state is, with where each value came from; a suite's
//!   VASSAL case files opened the same way;
//! - [`module`]: a VASSAL module opened from its file, a `.vmod` or a buildFile;
//! - [`resolver`]: the files a state refers to, read relative to it and, when a folder is
//!   given, only inside it ([`resolver::ConfiningResolver`]).
//!
//! It knows no command line: it takes paths, limits and options as values, and returns its
//! own problems ([`victory_engine::problem::Problem`]) and errors.
//!
//! # Example
//!
//! ```
//! use victory_engine::{Cache, RunRules};
//! use victory_front::{resolver::ConfiningResolver, saves};
//!
//! let dir = std::env::temp_dir().join(format!("victory-front-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("track.toml");
//! std::fs::write(&path, "game = \"leyte\"\n").unwrap();
//! let resolver = ConfiningResolver::confined(&dir, 1 << 20).unwrap();
//! let (mut sources, mut warnings) = (Default::default(), Vec::new());
//! let state = saves::read_state(&path, None, &Default::default(), &mut sources, &mut warnings).unwrap();
//! assert_eq!(state.game, "leyte");
//! // A Leyte state needs a map: scoring it tells which key is missing.
//! let (cache, rules) = (Cache::default(), RunRules::default());
//! let refused = state.run(|i| i.engine.score(i.state(&resolver, &cache, &rules))).err();
//! assert!(refused.is_some());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`).

pub mod engines;
pub mod module;
pub mod resolver;
pub mod saves;

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
