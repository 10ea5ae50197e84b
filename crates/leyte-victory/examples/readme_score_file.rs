//! Score a Leyte state file and print the verdict: the README's program, compiled by CI.
//!
//! ```sh
//! cargo run -p leyte-victory --example readme_score_file -- fixtures/leyte/assault-scenario-end-position.toml
//! ```
use leyte_victory::kit::resolve::FsResolver;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/leyte/assault-scenario-end-position.toml".into());
    let text = std::fs::read_to_string(&path)?;

    // The engine opens no files: the state's `map = "../maps/..."` is read through this resolver,
    // relative to the state file, and only from inside the current directory.
    let resolver = FsResolver::unconfined().within(".");
    let report = leyte_victory::score_toml(&text, Some(&path), &resolver)?;

    print!("{report}"); // the readable report, with the evidence for every point
    println!(
        "{:?}: US {} VP, Japanese {} VP, ratio {}",
        report.level, report.us.total, report.japanese.total, report.ratio.text
    );
    Ok(())
}
