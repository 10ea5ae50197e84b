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

use std::fmt;

use hexmap::{
    Compass, Cut, Hex, HexMap, Leg, Obstacle, Position, StepRule, Targets, TraceRule, Tracer, Unit,
    search,
};

#[path = "common/maps.rs"]
mod maps;
use maps::RAIL_THEN_HEXES as MAP;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Allied,
    Axis,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let map = HexMap::from_toml_str(MAP, Some("supply_rail_then_hexes.toml"))?;
    let hex = |l: &str| map.parse(l).map_err(|e| format!("{l}: {e:?}"));

    // From the unit: up to 4 hexes, then along the rail; either may be empty.
    let rule = TraceRule::new([
        Leg::hexes(4).skippable(),
        Leg::unlimited()
            .steps(StepRule::Along(vec!["rail".into()]))
            .skippable(),
    ]);
    let bound = rule.bind(&map)?;
    // The friendly map edge: the westmost on-map hex of each row (column 01 here).
    let west_edge: Vec<Hex> = map.edge(Compass::West);
    let targets = Targets::new(&map, west_edge.iter().copied());

    let units = vec![
        Unit::new("N1", Side::Allied, hex("0208")?), // at the railhead
        Unit::new("N2", Side::Allied, hex("0212")?), // 4 hexes from the railhead
        Unit::new("N3", Side::Allied, hex("0213")?), // 5 hexes from the railhead
        Unit::new("N4", Side::Allied, hex("0105")?), // 4 hexes from the edge, no rail needed
        Unit::new("S1", Side::Allied, hex("0403")?), // on the rail, west of X
        Unit::new("S2", Side::Allied, hex("0406")?), // 4 hexes around X, back onto the rail
        Unit::new("S3", Side::Allied, hex("0407")?), // 5 hexes around X: cut
        Unit::new("X", Side::Axis, hex("0404")?),
    ];
    let position =
        Position::new(&map, units).map_err(|e| format!("cannot place the units: {e:?}"))?;
    let free = |h: Hex| -> Option<String> {
        let ids: Vec<&str> = position
            .at(&map, h)
            .iter()
            .filter_map(|&i| position.unit(i as usize))
            .filter(|u| u.side == Side::Axis)
            .map(|u| u.id.as_str())
            .collect();
        (!ids.is_empty()).then(|| format!("enemy unit {}", ids.join(", ")))
    };

    println!(
        "{}: at most 4 hexes, then rail to the west edge ({})",
        map.name(),
        labels(&map, &west_edge)
    );
    let allied: Vec<&Unit<Side>> = position
        .units()
        .iter()
        .filter(|u| u.side == Side::Allied)
        .collect();
    let starts: Vec<Hex> = allied.iter().map(|u| u.hex).collect();
    let tracer = Tracer::new(&bound, &targets, &free);
    let traced = tracer.traced_all(&starts);
    for (unit, traced) in allied.iter().zip(traced) {
        let answer = search(&bound, unit.hex, &targets, &free);
        assert_eq!(answer.is_ok(), traced, "search and Tracer disagree");
        print!("{} at {}: ", unit.id, map.label_text(unit.hex));
        match answer {
            Ok(path) => println!("in supply: {}", labels(&map, &path.hexes)),
            Err(cut) => print_cut(&map, &cut),
        }
    }
    Ok(())
}

fn labels(map: &HexMap, hexes: &[Hex]) -> String {
    let labels: Vec<String> = hexes.iter().map(|h| map.label_text(*h)).collect();
    labels.join(" ")
}

fn print_cut<R: fmt::Display + fmt::Debug>(map: &HexMap, cut: &Cut<R>) {
    let plural = if cut.reached == 1 { "" } else { "es" };
    println!(
        "OUT OF SUPPLY ({} hex{plural} reachable); frontier:",
        cut.reached
    );
    for b in &cut.frontier {
        let why = match &b.obstacle {
            Obstacle::NotFree(r) => r.to_string(),
            Obstacle::Refused { from, why } => format!("{why} (from {})", map.label_text(*from)),
            other => format!("{other:?}"),
        };
        println!("    {}: {why}", map.label_text(b.hex));
    }
}
