//! Writes the synthetic VASSAL modules and saves under `fixtures/vassal/` (no third-party
//! file): two Leyte modules on the stand-in map's grid (the second naming its counters as
//! printed, with the table of what they are worth) and a Dai Senso module with its VP track and
//! markers, each save made from the TOML fixture it mirrors.
//!
//! ```sh
//! cargo run -p victory-cli --example vassal_synthetic -- .    # from the repository's root
//! ```
//!
//! The test `vassal_games` checks that the files in the repository are what this writes.

mod synthetic;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let files = match synthetic::files(&root) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (path, bytes) in files {
        let path = root.join(path);
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        if let Err(e) = std::fs::write(&path, bytes) {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
