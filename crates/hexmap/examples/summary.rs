//! Print a map's summary, then trace a path on it.
//!
//! ```sh
//! cargo run -p wargame-hexmap --example summary -- fixtures/maps/leyte-standin.toml 0914
//! ```
//! The optional second argument is a start hex; the path is traced (K = 3, then roads and
//! trails, nothing blocking) to the map's first area.

use std::process::ExitCode;

use hexmap::{HexMap, RoadChain, Targets, search};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: summary MAP.toml [START-HEX]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let map = match HexMap::from_toml_str(&text, Some(&path)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", map.summary());
    let Some(start) = args.next() else {
        return ExitCode::SUCCESS;
    };
    let Some(area) = map.areas().first() else {
        eprintln!("the map has no areas to trace to");
        return ExitCode::FAILURE;
    };
    let start = match map.parse(&start) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let targets = match Targets::new(&map, area.hexes.iter().copied()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let rule = match RoadChain::new(3).rule().bind(&map) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match search(&rule, start, &targets, &|_| None::<()>) {
        Ok(p) => {
            let labels: Vec<String> = p.hexes.iter().map(|h| map.label_text(*h)).collect();
            println!(
                "path to {} ({} steps): {}",
                area.name,
                p.hexes.len() - 1,
                labels.join(" ")
            );
        }
        Err(cut) => {
            let hexes: Vec<String> = cut.frontier.iter().map(|b| map.label_text(b.hex)).collect();
            println!("no path to {}; frontier: {}", area.name, hexes.join(" "));
        }
    }
    ExitCode::SUCCESS
}
