//! Draw the VP track of a state file as SVG: the marker where the engine placed it, the CSV
//! terms and the outcome.
//!
//! ```text
//! cargo run -p asia-engulfed-victory --features svg --example render_svg -- \
//!     fixtures/asia-engulfed/vp-check-plus-three-flips-to-rising-sun.toml > track.svg
//! ```
//!
//! A track file named by the state is read relative to the state file.

use std::path::Path;

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{State, score, svg};
use wargame_kit::resolve::FsResolver;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: render_svg STATE.toml > picture.svg")?;
    let text = std::fs::read_to_string(&path)?;
    let dir = Path::new(&path)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = Path::new(&path)
        .file_name()
        .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
    let state = State::from_toml_str(&text, Some(&name), &FsResolver::confined(dir))?;
    let report = score(&state, &Rules::default());
    print!("{}", svg::render(&state, &report));
    Ok(())
}
