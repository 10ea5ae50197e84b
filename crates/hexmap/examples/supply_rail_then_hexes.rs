//! Supply by rail, then a few hexes: the strategic-game rule of a rail net fed from a map edge.
//!
//! > A unit is in supply if a line of **at most 4 hexes** joins it to a rail hex from which
//! > **any number of hexes along rail lines** lead to a friendly map edge (here the west edge:
//! > every hex of column `01`), or if it is within 4 hexes of that edge. The line never enters
//! > a hex holding an enemy unit (enemy zones of control do not matter in this rule).
//!
//! The rule is stated from the source (rail from the edge, then 4 hexes); a [`TraceRule`] lists
//! its legs from the unit: first `Leg::hexes(4).skippable()` (the unit may stand on the rail),
//! then `Leg::unlimited().steps(StepRule::Along(vec!["rail".into()])).skippable()` (the unit may
//! be within 4 hexes of the edge). Each rail step crosses a `rail` hexside, so the first leg must
//! end on a rail hex, and two rail hexes side by side without rail between them do not connect.
//!
//! ```sh
//! cargo run -p wargame-hexmap --example supply_rail_then_hexes
//! ```
//!
//! Its output is `supply_rail_then_hexes.out` beside it (`tests/examples.rs` compares them). A
//! cut explains itself ([`hexmap::Cut::display`]): each leg's refusal, with its numbers.
//!
//! The map (pointy hexes, row 01 at the top, even rows shifted half a hex east; row 03 is open
//! sea, so the two strips of land do not touch, and `0506` is a lake). Rail `=` runs along row 02 from `0201` to
//! `0208` and along row 04 from `0401` to `0408`; an Axis unit `X` sits on the southern line at
//! `0404`:
//!
//! ```text
//! 01  .   .   .   .   .   .   .   .   .   .   .   .   .
//! 02    .===.===.===.===.===.===.===.   .   .   .   .   .
//! 03  ~   ~   ~   ~   ~   ~   ~   ~   ~   ~   ~   ~   ~
//! 04    .===.===.===X===.===.===.===.   .   .   .   .   .
//! 05  .   .   .   .   .   ~   .   .   .   .   .   .   .
//! ```

use hexmap::{Compass, HexMap, Leg, Position, StepRule, Targets, TraceRule, Unit, search};

#[path = "common/maps.rs"]
mod maps;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let map = HexMap::from_toml_str(maps::RAIL_THEN_HEXES, Some("supply_rail_then_hexes.toml"))?;
    // From the unit: up to 4 hexes, then along the rail; either may be empty.
    let rule = TraceRule::new([
        Leg::hexes(4).skippable(),
        Leg::unlimited()
            .steps(StepRule::Along(vec!["rail".into()]))
            .skippable(),
    ])
    .bind(&map)?;
    // The friendly map edge: the westmost on-map hex of each row (column 01 here).
    let west_edge = map.edge(Compass::West);
    let targets = Targets::new(&map, west_edge.iter().copied())?;
    let position = Position::new(
        &map,
        vec![
            Unit::at_label("N1", "allied", &map, "0208")?, // at the railhead
            Unit::at_label("N2", "allied", &map, "0212")?, // 4 hexes from the railhead
            Unit::at_label("N3", "allied", &map, "0213")?, // 5 hexes from the railhead
            Unit::at_label("N4", "allied", &map, "0105")?, // 4 hexes from the edge, no rail needed
            Unit::at_label("S1", "allied", &map, "0403")?, // on the rail, west of X
            Unit::at_label("S2", "allied", &map, "0406")?, // 4 hexes around X, back onto the rail
            Unit::at_label("S3", "allied", &map, "0407")?, // 5 hexes around X: cut
            Unit::at_label("X", "axis", &map, "0404")?,
        ],
    )?;
    // Never into a hex holding an enemy unit; zones of control do not matter here.
    let free = |h| {
        let axis = position.at(&map, h).iter().copied();
        let axis: Vec<u32> = axis
            .filter(|&i| position.unit(i as usize).is_some_and(|u| u.side == "axis"))
            .collect();
        (!axis.is_empty())
            .then(|| format!("enemy unit {} is on it", position.ids(&axis).join(", ")))
    };

    println!(
        "{}: at most 4 hexes, then rail to the west edge ({})",
        map.name(),
        labels(&map, &west_edge)
    );
    for unit in position.units().iter().filter(|u| u.side == "allied") {
        print!("{} at {}: ", unit.id, map.label_text(unit.hex));
        match search(&rule, unit.hex, &targets, &free) {
            Ok(path) => println!("in supply: {}", labels(&map, &path.hexes)),
            Err(cut) => println!(
                "out of supply, {}",
                cut.display(&map, |r: &String| r.as_str())
            ),
        }
    }
    Ok(())
}

fn labels(map: &HexMap, hexes: &[hexmap::Hex]) -> String {
    let labels: Vec<String> = hexes.iter().map(|h| map.label_text(*h)).collect();
    labels.join(" ")
}
