//! Write an SVG picture of a Leyte state (scored) or of a bare map.
//!
//! ```sh
//! cargo run -p leyte-victory --features svg --example render -- fixtures/leyte/loc-four-off-road-hexes-is-cut.toml > cut.svg
//! cargo run -p leyte-victory --features svg --example render -- fixtures/maps/leyte-standin.toml > map.svg
//! ```
//! Paths are relative to the current directory, which is also the root map paths may not leave.

use std::process::ExitCode;

use hexmap::HexMap;
use hexmap::svg::MapDrawing;
use wargame_kit::resolve::FsResolver;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: render STATE-OR-MAP.toml > picture.svg");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let is_state = text
        .lines()
        .any(|l| l.trim_start().starts_with("game") && l.contains('='));
    let svg = if is_state {
        let resolver = FsResolver::confined(".");
        let state = match leyte_victory::State::from_toml_str(&text, Some(&path), &resolver) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let report = match state.score() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        leyte_victory::svg::render_state(&state, &report)
    } else {
        match HexMap::from_toml_str(&text, Some(&path)) {
            Ok(map) => {
                let mut d = MapDrawing::new(&map);
                d.title(map.name().to_string());
                d.finish()
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    };
    print!("{svg}");
    ExitCode::SUCCESS
}
