//! Supply in movement points, the common operational-game rule (many SPI and GMT games):
//!
//! > A unit is in supply if it can trace a path of **at most 4 movement points** to a friendly
//! > supply city. Clear terrain costs 1, forest 2, mountain 3; crossing a river hexside costs
//! > +1 unless a road crosses it (a bridge). The path may never enter a hex holding an enemy
//! > unit, nor a hex in an enemy zone of control unless a friendly unit occupies that hex.
//!
//! As a [`TraceRule`]: one leg, `Leg::movement_points(4, costs)`, with
//! `Costs::new(1).terrain("forest", 2).terrain("mountain", 3).hexside("river", 1, &["road"])`;
//! the enemy units and zones of control are the free test [`Position::blocking_under`] builds
//! under `ZocRule::new().negated_by_friendly(true)`, and a cut explains itself
//! ([`hexmap::Cut::display`]).
//!
//! ```sh
//! cargo run -p wargame-hexmap --example supply_movement_points
//! ```
//!
//! Its output is `supply_movement_points.out` beside it (`tests/examples.rs` compares them).
//!
//! The map (pointy hexes, row 01 at the top, even rows shifted half a hex east). The river runs
//! along every hexside between rows 03 and 04; the road `0104 0204 0304 0404 0505 0605` crosses
//! it, and so bridges it, at `0304`-`0404`. Allied units `A B D E F`, Axis units `X Y` (every
//! unit stands on clear terrain):
//!
//! ```text
//! 01  .   .   .   C   .   .   .   E        C = 0104, the Allied supply city
//! 02    .   f   m   .   .   m   Y   .
//! 03  F   f   .   .   f   m   .   .
//!   ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~    river (road bridge 0304-0404)
//! 04    .   B   .   D   f   .   .   .
//! 05  .   m   .   X   A   .   f   .
//! 06    .   .   .   .   .   .   .   .
//! ```

use hexmap::{Costs, HexMap, Leg, Position, Targets, TraceRule, Unit, ZocRule, search};

#[path = "common/maps.rs"]
mod maps;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let map = HexMap::from_toml_str(maps::MOVEMENT_POINTS, Some("supply_movement_points.toml"))?;
    let costs = Costs::new(1)
        .terrain("forest", 2)
        .terrain("mountain", 3)
        .hexside("river", 1, &["road"]);
    let rule = TraceRule::new([Leg::movement_points(4, costs)]).bind(&map)?;
    let cities = map.hexes_with(map.hex_feature("city")?);
    let targets = Targets::new(&map, cities.iter().copied())?;
    let position = Position::new(
        &map,
        vec![
            Unit::at_label("A", "allied", &map, "0505")?, // up the road, over the bridge D holds
            Unit::at_label("B", "allied", &map, "0402")?, // over the river unbridged: 1 MP too far
            Unit::at_label("D", "allied", &map, "0404")?, // holds the bridge, in X's ZOC
            Unit::at_label("E", "allied", &map, "0108")?, // boxed into the corner by Y
            Unit::at_label("F", "allied", &map, "0301")?, // around the forest
            Unit::at_label("X", "axis", &map, "0504")?,
            Unit::at_label("Y", "axis", &map, "0207")?,
        ],
    )?;
    // Never into an enemy unit; never into enemy ZOC unless a friendly unit is there.
    let zoc = ZocRule::new().negated_by_friendly(true);
    let free = position.blocking_under(&map, "allied", &zoc)?;

    println!("{}: at most 4 MP to {}", map.name(), labels(&map, &cities));
    for unit in position.units().iter().filter(|u| u.side == "allied") {
        print!("{} at {}: ", unit.id, map.label_text(unit.hex));
        match search(&rule, unit.hex, &targets, &free) {
            Ok(path) => println!(
                "in supply, {} MP: {}",
                path.spent[0],
                labels(&map, &path.hexes)
            ),
            Err(cut) => println!(
                "out of supply, {}",
                cut.display(&map, |b| b.display(&position))
            ),
        }
    }
    Ok(())
}

fn labels(map: &HexMap, hexes: &[hexmap::Hex]) -> String {
    let labels: Vec<String> = hexes.iter().map(|h| map.label_text(*h)).collect();
    labels.join(" ")
}
