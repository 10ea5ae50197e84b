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

use std::fmt;

use hexmap::{
    Compass, Cut, Hex, HexMap, Leg, Obstacle, Position, StepRule, Targets, TraceRule, Tracer, Unit,
    search,
};

#[path = "common/maps.rs"]
mod maps;
use maps::TO_MAP_EDGE as MAP;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Soviet,
    German,
}

/// Why the free test refuses a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Blocked {
    /// A German unit is in the hex.
    EnemyUnit(Vec<String>),
    /// German units control the hex.
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
    let map = HexMap::from_toml_str(MAP, Some("supply_to_map_edge.toml"))?;
    let hex = |l: &str| map.parse(l).map_err(|e| format!("{l}: {e:?}"));

    let rule = TraceRule::new([Leg::unlimited().steps(StepRule::NotAcross {
        features: vec!["all-sea".into(), "major-river".into()],
        unless: vec!["bridge".into()],
    })]);
    let bound = rule.bind(&map)?;
    // The friendly map edge: the eastmost hex of each row (column 08 here).
    let east_edge: Vec<Hex> = map.edge(Compass::East);
    let targets = Targets::new(&map, east_edge.iter().copied());

    let units = vec![
        Unit::new("S1", Side::Soviet, hex("0101")?), // far west: around G's ZOC, over the bridge
        Unit::new("S2", Side::Soviet, hex("0404")?), // on the river bank, two hexes off the bridge
        Unit::new("S3", Side::Soviet, hex("0206")?), // on the island
        Unit::new("S4", Side::Soviet, hex("0705")?), // east of the river
        Unit::new("G", Side::German, hex("0301")?),
    ];
    let position =
        Position::new(&map, units).map_err(|e| format!("cannot place the units: {e:?}"))?;
    let german_zoc = position.zoc(&map, Side::German);
    let ids = |indices: &[u32]| -> Vec<String> {
        indices
            .iter()
            .filter_map(|&i| position.unit(i as usize))
            .map(|u| u.id.clone())
            .collect()
    };
    let free = |h: Hex| -> Option<Blocked> {
        let germans: Vec<u32> = position
            .at(&map, h)
            .iter()
            .copied()
            .filter(|&i| {
                position
                    .unit(i as usize)
                    .is_some_and(|u| u.side == Side::German)
            })
            .collect();
        if !germans.is_empty() {
            return Some(Blocked::EnemyUnit(ids(&germans)));
        }
        let zoc = german_zoc.controllers(&map, h);
        (!zoc.is_empty()).then(|| Blocked::EnemyZoc(ids(zoc)))
    };

    println!(
        "{}: any length to the east edge ({})",
        map.name(),
        labels(&map, &east_edge)
    );
    let soviet: Vec<&Unit<Side>> = position
        .units()
        .iter()
        .filter(|u| u.side == Side::Soviet)
        .collect();
    let starts: Vec<Hex> = soviet.iter().map(|u| u.hex).collect();
    let tracer = Tracer::new(&bound, &targets, &free);
    let traced = tracer.traced_all(&starts);
    for (unit, traced) in soviet.iter().zip(traced) {
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
