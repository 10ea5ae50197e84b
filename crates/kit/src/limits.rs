//! Every limit of the crate in one place: a read beyond one is refused with an error saying
//! which limit and where, before anything is sized by it.
//!
//! | limit | what it bounds |
//! |---|---|
//! | [`DEFAULT_MAX_BYTES`] | bytes [`FsResolver`](crate::resolve::FsResolver) reads from one file, unless told otherwise |
//! | [`SHAPE_READ_BUDGET`] | bytes of a document [`read_toml`](crate::read_toml) reads, all its rounds together |
//! | [`MAX_SHAPE_PROBLEMS`] | shape problems reported from one document |
//! | [`MAX_TOML_DEPTH`] | how deep a TOML document's keys and values are read (the `toml` crate's own limit) |

/// The most bytes [`FsResolver`](crate::resolve::FsResolver) (and the command line) read from one file unless told
/// otherwise: 16 MiB, a hundred times the largest map this project knows of.
pub const DEFAULT_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The most shape problems reported for one document: past them the reading stops (a file
/// that is not of the expected format at all would otherwise list every key).
pub const MAX_SHAPE_PROBLEMS: usize = 50;

/// The most bytes of document the repairs read, all rounds together: each round reads the whole
/// document again, so a file of more than half a megabyte gets fewer rounds (a 16 MiB file,
/// two), and reading a hostile file stays within a few seconds.
pub const SHAPE_READ_BUDGET: usize = 32 * 1024 * 1024;

/// How deep the `toml` crate reads keys and values: a dotted key of more parts, or arrays and
/// inline tables nested deeper, are refused.
pub const MAX_TOML_DEPTH: usize = 80;
