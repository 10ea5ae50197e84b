//! Every limit of the crate in one place: a read beyond one is refused with an error saying
//! which limit and where, before anything is sized by it.
//!
//! | limit | what it bounds |
//! |---|---|
//! | [`DEFAULT_MAX_BYTES`] | bytes [`FsResolver`](crate::resolve::FsResolver) reads from one file, unless told otherwise |
//! | [`SHAPE_READ_BUDGET`] | bytes of a document [`read_toml`](crate::diag::read_toml) reads, all its rounds together |
//! | [`MAX_SHAPE_PROBLEMS`] | shape problems reported from one document |
//! | [`MAX_TOML_DEPTH`] | how deep a TOML document's keys and values are read (the `toml` crate's own limit) |

pub use crate::diag::{MAX_SHAPE_PROBLEMS, MAX_TOML_DEPTH, SHAPE_READ_BUDGET};
pub use crate::resolve::DEFAULT_MAX_BYTES;
