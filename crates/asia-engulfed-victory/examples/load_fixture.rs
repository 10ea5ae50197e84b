//! Load a state from a TOML string (the 0.4 combined-game example fixture) and print its
//! report as text and as JSON-ready data.
//!
//! Run with `cargo run -p asia-engulfed-victory --example load_fixture`.

use asia_engulfed_victory::{Rules, Side, State, evaluate};
use hexmap::resolve::NoResolver;

const FIXTURE: &str =
    include_str!("../../../fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml");

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let state = State::from_toml_str(
        FIXTURE,
        Some("combined-example-allies-six-axis-five.toml"),
        &NoResolver,
    )?;
    let report = evaluate(&state, &Rules::default());
    println!("{report}");
    let vp = report.vp.as_ref().ok_or("a Final check scores VP")?;
    assert_eq!((vp.axis.total, vp.allies.total), (5, 6));
    assert_eq!(report.winner, Some(Side::Allies));
    Ok(())
}
