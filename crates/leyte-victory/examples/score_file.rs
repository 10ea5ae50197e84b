//! Score a Leyte state file (TOML), resolving its map reference relative to the file.
//!
//! ```sh
//! cargo run -p leyte-victory --example score_file -- fixtures/leyte/assault-scenario-end-position.toml
//! ```

use std::process::ExitCode;

use wargame_kit::resolve::FsResolver;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: score_file STATE.toml");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The crate reads no files itself: the resolver is how the map reference is loaded.
    match leyte_victory::score_toml(&text, Some(&path), &FsResolver::unconfined()) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
