//! Supply to a friendly map edge, of any length, in the style of The Russian Campaign:
//!
//! > A unit is in supply if it can trace a line of hexes **of any length** to its friendly map
//! > edge (here the east edge: every hex of column `08`). The line may not cross an **all-sea**
//! > hexside, nor a **major-river** hexside unless a **bridge** crosses it; it may not enter a
//! > hex holding an enemy unit or in an enemy zone of control.
//!
//! As a [`TraceRule`]: one unlimited leg,
//! `Leg::unlimited().steps(StepRule::NotAcross { features: vec!["all-sea".into(),
//! "major-river".into()], unless: vec!["bridge".into()] })`. The map declares three hexside
//! features: `all-sea`, `major-river`, and `bridge`, which marks the same hexside as the river it
//! crosses. The enemy units and their zones of control ([`Position::zoc`]) are the free test.
//!
//! (`unless` waives every feature in `features`: a `bridge` on an `all-sea` hexside would let
//! the line cross it too. Bridges here only mark river hexsides; a rule that must never cross
//! the sea whatever else the hexside carries says so with two rules,
//! `StepRule::All(vec![NotAcross { all-sea, unless: [] }, NotAcross { major-river, unless:
//! [bridge] }])`.)
//!
//! ```sh
//! cargo run -p wargame-hexmap --example supply_to_map_edge
//! ```
//!
//! Its output is `supply_to_map_edge.out` beside it (`tests/examples.rs` compares them). The
//! German units and their zones of control are the free test [`Position::blocking_under`]
//! builds, and a cut explains itself ([`hexmap::Cut::display`]).
//!
//! The map (flat hexes, labels column then row, column 01 at the west, even columns shifted
//! half a hex south). A major river `|` runs between columns 04 and 05 from the north edge to
//! the sea `~`, bridged once, between `0402` and `0502`; the south-west is an island (`0105`-
//! `0306`) whose every hexside toward the mainland is all-sea.
//!
//! ```text
//!          01 02 03 04 | 05 06 07 08
//! row 01    .  .  G  . |  .  .  .  .      G = German unit at 0301
//! row 02    .  .  .  . =  .  .  .  .      = the bridge 0402-0502
//! row 03    .  .  .  . |  .  .  .  .
//! row 04    .  .  .  . |  .  .  .  .
//!          -- all-sea --
//! row 05    .  .  .  ~    ~  .  .  .
//! row 06    .  .  .  ~    ~  .  .  .
//! ```

use hexmap::{Compass, HexMap, Leg, Position, StepRule, Targets, TraceRule, Unit, ZocRule, search};

#[path = "common/maps.rs"]
mod maps;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let map = HexMap::from_toml_str(maps::TO_MAP_EDGE, Some("supply_to_map_edge.toml"))?;
    let rule = TraceRule::new([Leg::unlimited().steps(StepRule::NotAcross {
        features: vec!["all-sea".into(), "major-river".into()],
        unless: vec!["bridge".into()],
    })])
    .bind(&map)?;
    // The friendly map edge: the eastmost hex of each row (column 08 here).
    let east_edge = map.edge(Compass::East);
    let targets = Targets::new(&map, east_edge.iter().copied())?;
    let position = Position::new(
        &map,
        vec![
            Unit::at_label("S1", "soviet", &map, "0101")?, // far west: around G's ZOC, over the bridge
            Unit::at_label("S2", "soviet", &map, "0404")?, // on the river bank, two hexes off the bridge
            Unit::at_label("S3", "soviet", &map, "0206")?, // on the island
            Unit::at_label("S4", "soviet", &map, "0705")?, // east of the river
            Unit::at_label("G", "german", &map, "0301")?,
        ],
    )?;
    // Never into a German unit or its zone of control.
    let free = position.blocking_under(&map, "soviet", &ZocRule::new())?;

    println!(
        "{}: any length to the east edge ({})",
        map.name(),
        labels(&map, &east_edge)
    );
    for unit in position.units().iter().filter(|u| u.side == "soviet") {
        print!("{} at {}: ", unit.id, map.label_text(unit.hex));
        match search(&rule, unit.hex, &targets, &free) {
            Ok(path) => println!("in supply: {}", labels(&map, &path.hexes)),
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
