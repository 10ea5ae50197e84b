//! Load a state file (by default the 0.4 combined-game example fixture) and print its report.
//!
//! Run from the workspace root with `cargo run -p asia-engulfed-victory --example load_fixture`,
//! or give another self-contained state file (one naming no track file) as the first argument:
//! `cargo run -p asia-engulfed-victory --example load_fixture -- STATE.toml`.

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{State, score};
use wargame_kit::resolve::NoResolver;

/// The fixture read when no path is given, relative to the workspace root.
const DEFAULT: &str = "fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| DEFAULT.to_string());
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let state = State::from_toml_str(&text, Some(&path), &NoResolver)?;
    let report = score(&state, &Rules::default());
    println!("{report}");
    if let Some(vp) = &report.vp {
        println!(
            "Axis {} VP, Allies {} VP; winner: {:?}",
            vp.axis.total, vp.allies.total, report.winner
        );
    }
    Ok(())
}
