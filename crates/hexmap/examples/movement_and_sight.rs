//! Another game's movement and line of sight, on a map built in code (no feature needed):
//! what a unit can reach with 6 movement points (forest costs 2, a river 2 more unless a road
//! bridges it, an enemy unit's zone of control stops it and costs 1 to leave), one cheapest
//! path, why each hex beyond is out of reach, and which hexes a spotter on a hill sees over
//! forest and a ridge. docs/embedding.md shows this file; `tests/examples.rs` checks what it
//! prints against `movement_and_sight.out`.

use hexmap::sight::{HeightTest, SightRule};
use hexmap::{Costs, Layout, Leg, MapBuilder, Orientation, Position, RangeZoc, TraceRule, Unit};
use hexmap::{ZocMovement, movement_range};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Six by six hexes; a river down the middle, bridged by the road at 0303-0304.
    let map = MapBuilder::new(
        "Crossing",
        Layout::row_column(Orientation::Pointy, 1..=6, 1..=6),
    )
    .terrain("0202", "forest")
    .terrain("0504", "forest")
    .terrain("0505", "hill")
    .hexsides("river", ["0103-0603 | 0104-0604"])
    .hexsides("ridge", ["0404/E"])
    .road(["0301", "0302", "0303", "0304", "0305", "0306"])
    .build()?;
    let hex = |label: &str| map.parse(label);

    // One friendly unit at 0301, one enemy unit at 0505 with a zone of control.
    let position = Position::new(
        &map,
        vec![
            Unit::new("1st Bn", "blue", hex("0301")?),
            Unit::new("Kampfgruppe", "red", hex("0505")?),
        ],
    )?;
    let enemy_zoc = position.zoc(&map, "red");
    let units = position.units();
    let enemy_unit = |h| {
        let red = |&u: &u32| units[u as usize].side == "red";
        position
            .at(&map, h)
            .iter()
            .any(red)
            .then_some("an enemy unit")
    };

    // 6 movement points: clear 1, forest 2, a river 2 more unless the road crosses it.
    let rule = TraceRule::new([Leg::movement_points(
        6,
        Costs::new(1)
            .terrain("forest", 2)
            .hexside("river", 2, &["road"]),
    )])
    .bind(&map)?;
    // Entering an enemy zone of control stops the unit; leaving one costs 1 more.
    let zoc = RangeZoc::new(
        &enemy_zoc,
        ZocMovement::new().with_stops(true).with_leave_cost(1),
    );
    let range = movement_range(&rule, hex("0301")?, &enemy_unit, &zoc)?;
    println!("1st Bn can reach {} hexes:", range.len());
    for reached in &range.hexes {
        println!("  {} for {}", map.label_text(reached.hex), reached.cost);
    }
    let path = range.path(hex("0404")?).ok_or("0404 is out of reach")?;
    let labels: Vec<String> = path.hexes.iter().map(|h| map.label_text(*h)).collect();
    println!("cheapest to 0404: {}", labels.join(" "));
    println!("out of reach:");
    for blocked in &range.frontier {
        println!("  {}", blocked.display(&map, |reason| *reason));
    }

    // Line of sight: forest (1 high) blocks where it rises above the line between the two ends'
    // ground, the ridge blocks when crossed; the hill stands 2 high, everything else at 0.
    let sight = SightRule::new(&map)
        .terrain_blocks_to("forest", 1)?
        .hexside_blocks("ridge")?
        .ground("hill", 2)?
        .heights(HeightTest::AboveLine);
    let lines = [("0505", "0501"), ("0201", "0203"), ("0403", "0406")];
    for (from, to) in lines {
        let seen = sight.check(hex(from)?, hex(to)?)?;
        if seen.is_clear() {
            println!("{from} sees {to}");
        } else {
            println!("{from} does not see {to}: {seen}");
        }
    }
    Ok(())
}
