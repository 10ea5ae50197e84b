//! Supply in movement points, the common operational-game rule (many SPI and GMT games):
//!
//! > A unit is in supply if it can trace a path of **at most 4 movement points** to a friendly
//! > supply city. Clear terrain costs 1, forest 2, mountain 3; crossing a river hexside costs
//! > +1 unless a road crosses it (a bridge). The path may never enter a hex holding an enemy
//! > unit, nor a hex in an enemy zone of control unless a friendly unit occupies that hex.
//!
//! As a [`TraceRule`]: one leg, `Leg::movement_points(4, costs)`, with
//! `Costs::new(1).terrain("forest", 2).terrain("mountain", 3).hexside("river", 1, &["road"])`;
//! the enemy units and zones of control are the caller's free test, built from a
//! [`Position`] and its [`Position::zoc`] layer, with friendly occupation negating the ZOC.
//!
//! ```sh
//! cargo run -p wargame-hexmap --example supply_movement_points
//! ```
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

use std::fmt;

use hexmap::{
    Costs, Cut, Hex, HexMap, Leg, Obstacle, Path, Position, Targets, TraceRule, Tracer, Unit,
    search,
};

#[path = "common/maps.rs"]
mod maps;
use maps::MOVEMENT_POINTS as MAP;

/// The most movement points a supply path may cost.
const BUDGET: u32 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Allied,
    Axis,
}

/// Why the free test refuses a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Blocked {
    /// An enemy unit is in the hex.
    EnemyUnit(Vec<String>),
    /// Enemy units control the hex, and no friendly unit is in it.
    EnemyZoc(Vec<String>),
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::EnemyUnit(ids) => write!(f, "enemy unit {}", ids.join(", ")),
            Blocked::EnemyZoc(ids) => write!(f, "enemy ZOC of {}", ids.join(", ")),
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let map = HexMap::from_toml_str(MAP, Some("supply_movement_points.toml"))?;
    let hex = |l: &str| map.parse(l).map_err(|e| format!("{l}: {e:?}"));

    let rule = TraceRule::new([Leg::movement_points(
        BUDGET,
        Costs::new(1)
            .terrain("forest", 2)
            .terrain("mountain", 3)
            .hexside("river", 1, &["road"]),
    )]);
    let bound = rule.bind(&map)?;
    let targets = Targets::new(&map, map.hexes_with(map.hex_feature("city")?));

    let units = vec![
        // Allied units to trace.
        Unit::new("A", Side::Allied, hex("0505")?), // up the road, over the bridge D holds
        Unit::new("B", Side::Allied, hex("0402")?), // over the river unbridged: 1 MP too far
        Unit::new("D", Side::Allied, hex("0404")?), // holds the bridge, in X's ZOC
        Unit::new("E", Side::Allied, hex("0108")?), // boxed into the corner by Y
        Unit::new("F", Side::Allied, hex("0301")?), // around the forest
        // Axis units: their zones of control cover every adjacent hex.
        Unit::new("X", Side::Axis, hex("0504")?),
        Unit::new("Y", Side::Axis, hex("0207")?),
    ];
    let position =
        Position::new(&map, units).map_err(|e| format!("cannot place the units: {e:?}"))?;
    let axis_zoc = position.zoc(&map, Side::Axis);
    let ids = |indices: &[u32]| -> Vec<String> {
        indices
            .iter()
            .filter_map(|&i| position.unit(i as usize))
            .map(|u| u.id.clone())
            .collect()
    };

    // The free test: never into an enemy unit; never into enemy ZOC unless a friendly unit is
    // there.
    let free = |h: Hex| -> Option<Blocked> {
        let axis: Vec<u32> = position
            .at(&map, h)
            .iter()
            .copied()
            .filter(|&i| {
                position
                    .unit(i as usize)
                    .is_some_and(|u| u.side == Side::Axis)
            })
            .collect();
        if !axis.is_empty() {
            return Some(Blocked::EnemyUnit(ids(&axis)));
        }
        if axis_zoc.controls(&map, h) && !position.occupied_by(&map, h, Side::Allied) {
            return Some(Blocked::EnemyZoc(ids(axis_zoc.controllers(&map, h))));
        }
        None
    };

    println!(
        "{}: at most {BUDGET} MP to {}",
        map.name(),
        labels(&map, &map.hexes_with(map.hex_feature("city")?))
    );
    let allied: Vec<&Unit<Side>> = position
        .units()
        .iter()
        .filter(|u| u.side == Side::Allied)
        .collect();
    let starts: Vec<Hex> = allied.iter().map(|u| u.hex).collect();
    // All units at once, then each one explained.
    let tracer = Tracer::new(&bound, &targets, &free);
    let traced = tracer.traced_all(&starts);
    for (unit, traced) in allied.iter().zip(traced) {
        let answer = search(&bound, unit.hex, &targets, &free);
        assert_eq!(answer.is_ok(), traced, "search and Tracer disagree");
        print!("{} at {}: ", unit.id, map.label_text(unit.hex));
        match answer {
            Ok(path) => println!(
                "in supply, {} MP: {}",
                movement_points(&map, &path),
                labels(&map, &path.hexes)
            ),
            Err(cut) => print_cut(&map, &cut),
        }
    }
    Ok(())
}

/// What a path costs under this rule (the same arithmetic as the `Costs` above).
fn movement_points(map: &HexMap, path: &Path) -> u32 {
    path.hexes
        .windows(2)
        .map(|w| {
            let terrain = match map.terrain(w[1]) {
                Some("forest") => 2,
                Some("mountain") => 3,
                _ => 1,
            };
            let side = map.hexside(w[0], w[1]).unwrap_or_default();
            let river = side_has(map, side, "river") && !side.road;
            terrain + u32::from(river)
        })
        .sum()
}

fn side_has(map: &HexMap, side: hexmap::Hexside, feature: &str) -> bool {
    map.hexside_feature_names()
        .iter()
        .position(|n| n == feature)
        .is_some_and(|i| side.features & (1 << i) != 0)
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
