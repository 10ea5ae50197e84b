//! The house checks of the workspace, run by `cargo test` (rust-analyzer's tidy tests are the
//! model): no library API, tests only.
//!
//! - `tests/house.rs` runs each check of `.ci/` over the workspace (`python3 .ci/module-cycles`,
//!   `python3 .ci/api-check`, `python3 .ci/rulings-check`) and fails with its output;
//! - `tests/checks.rs` shows each check can fail: module-cycles on small crates written to a
//!   temporary folder (a cycle through a re-export, a parent and its child, and trees without a
//!   cycle that must pass), rulings-check on a ledger naming what does not exist.
//!
//! The checks are Python 3 scripts with no dependency beyond its standard library; without
//! `python3` on the `PATH` the tests fail, saying so. `api-check` runs `cargo rustdoc` itself,
//! in a target folder of its own (`target/api-check`, or `$CARGO_TARGET_DIR/api-check`), so
//! it never waits on the build folder of the `cargo test` that runs it.
