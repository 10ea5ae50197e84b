//! Score a Dai Senso / Axis Empires state file and print the verdict: the README's program,
//! compiled by CI.
//!
//! ```sh
//! cargo run -p asia-engulfed-victory --example readme_evaluate_file -- fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml
//! ```
use asia_engulfed_victory::kit::resolve::FsResolver;
use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{State, score};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        "fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml".into()
    });
    let text = std::fs::read_to_string(&path)?;

    // A custom VP track named by the state is read through this resolver, relative to the state
    // file, and only from inside the current directory.
    let resolver = FsResolver::unconfined().within(".");
    let state = State::from_toml_str(&text, Some(&path), &resolver)?;
    let report = score(&state, &Rules::default());

    print!("{report}"); // the readable report: CSV term by term, the marker, the victory
    println!(
        "CSV {}, VP marker in box {} ({:?}), winner {:?}",
        report.csv.total, report.vp_marker.box_id, report.vp_marker.side, report.winner
    );
    Ok(())
}
