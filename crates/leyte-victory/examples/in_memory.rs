//! Build a map, a scenario and a position in memory (no TOML, no files) and score it: the way a
//! digital version of the game or a bot would call the crate.
//!
//! ```sh
//! cargo run -p leyte-victory --example in_memory
//! ```

use leyte_victory::hexmap::{Compass, Layout, MapBuilder, Orientation, Parity};
use leyte_victory::{Objective, PositionBuilder, Scenario, Side, beach, score};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Two rows of nine hexes: a road from 1006 to the Northern beach at 1009.
    let layout = Layout::row_column(Orientation::Pointy, 10..=11, 1..=9)
        .with_shifted(Parity::Even)
        .with_growth(Compass::North, Compass::East);
    let map = MapBuilder::new("In-memory corridor", layout)
        .road(["1006", "1007", "1008", "1009"])
        .feature("airfield", "1104")
        .area(beach::NORTHERN, "Northern Beach Area", ["1009"])
        .area(beach::EASTERN, "Eastern Beach Area", ["1109"])
        .area(beach::SOUTHERN, "Southern Beach Area", ["1101"])
        .build()?;

    let scenario = Scenario::new("In-memory example", &[beach::NORTHERN])
        .with_objective(Objective::occupy(
            "Roadhead",
            Side::Us,
            20,
            [map.parse("1006")?],
        ))
        .with_objective(Objective::per_unit_near(
            "Airfields",
            Side::Japanese,
            10,
            "airfield",
        ));

    let position = PositionBuilder::new(&map)
        .unit("US-1", Side::Us, "4-6-5", "1006") // on the road: traces, holds the Roadhead
        .unit("US-2", Side::Us, "3-2-5", "1002") // would trace, but J-1's ZOC cuts it: +5 to Japan
        .unit("J-1", Side::Japanese, "4-6-5", "1103") // next to the airfield; its ZOC covers 1002 and 1003
        .eliminated("J-2", Side::Japanese, "2-2-4")
        .build()?;

    let report = score(&map, &scenario, &position)?;
    print!("{report}");
    println!();
    println!("{}", summary_line(&report));
    Ok(())
}

/// The level and totals as another tool would read them from the report's fields.
fn summary_line(report: &leyte_victory::Report) -> String {
    format!(
        "level={:?} us={} japanese={} ratio={}",
        report.level, report.us.total, report.japanese.total, report.ratio.text
    )
}
