//! Not covered by semver: used by the workspace's own crates; may change in any release.
//!
//! What the engines, the map crate and the command line share beyond the promised API
//! (docs/architecture.md, "API boundary"): collecting and locating many diagnostics, the shape
//! reader's second pass and its "did you mean", text scans of a TOML document, the keys of
//! `[expect]` tables ([`expect`]) the report schemas' helper ([`schema`]) and a count of
//! the steps a reader takes, for tests of linear growth ([`work`]).

pub mod expect;
#[cfg(feature = "schema")]
pub mod schema;
pub mod work;

pub use crate::diag::scan::{table_array_headers, top_level_string};
pub use crate::diag::shape::{NEAREST_STEPS, nearest, nearest_within, read_and_check};
pub use crate::diag::{Collector, Locator};
