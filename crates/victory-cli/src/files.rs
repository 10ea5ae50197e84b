//! The size limits of the files the command line reads, as flags: `--max-save-bytes` and
//! `--max-module-bytes` beside `--max-input-bytes` ([`victory_engine::files`] reads within them
//! and writes every file whole).

pub use victory_engine::files::{
    DEFAULT_MAX_MODULE_BYTES, DEFAULT_MAX_SAVE_BYTES, Kind, Limits, read, replace, shown,
};
pub use wargame_kit::terminal::one_line;

/// `--max-save-bytes` and `--max-module-bytes`, for the commands that read VASSAL files.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct VassalLimits {
    /// Read at most BYTES from a VASSAL saved game or log
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_SAVE_BYTES)]
    pub max_save_bytes: u64,
    /// Read at most BYTES from a VASSAL module (a .vmod, or its buildFile)
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_MODULE_BYTES)]
    pub max_module_bytes: u64,
}

impl VassalLimits {
    /// These limits with `input` for the other files.
    pub fn with_input(self, input: u64) -> Limits {
        Limits {
            input,
            save: self.max_save_bytes,
            module: self.max_module_bytes,
        }
    }
}
