//! One check: a state built in code and the same state read from TOML, with the same mistakes,
//! get the same problems in the same words (kind, message, key, label and help); the TOML's are
//! also located (line and column). Every map and state is inline: the test reads no files.
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{Hex, HexMap};
use leyte_victory::{
    Diagnostic, ErrorKind, ExitAward, ExitRequirement, ExitValue, LocRules, Objective, OffMapUnit,
    Position, PositionBuilder, Rating, Scenario, Scorer, Side, State, Unit, score,
};
use wargame_kit::resolve::MemoryResolver;

/// Two rows of nine hexes (10 and 11), a hole at 1109, airfields at 1103 and 1105, the three
/// Beach Areas.
const MAP: &str = r#"
name = "Two rows"

[layout]
orientation = "pointy"
label = "row-column"
rows = [10, 11]
columns = [1, 9]
shifted = "even"
rows_grow = "north"
columns_grow = "east"

[terrain]
legend = { "." = "clear" }
off_map = "~"
grid = '''
11 ........~
10 .........
'''

[features]
airfield = ["1103", "1105"]

[areas.northern-beach]
name = "Northern Beach Area"
hexes = ["1009"]

[areas.eastern-beach]
name = "Eastern Beach Area"
hexes = ["1108"]

[areas.southern-beach]
name = "Southern Beach Area"
hexes = ["1001"]

[hexsides]
roads = [["1006", "1007", "1008", "1009"]]
"#;

/// The state with fourteen mistakes, one of each kind the model's check finds.
const STATE: &str = r#"game = "leyte"
map = "two-rows.toml"

[scenario]
name = "Mistakes"
active_beaches = ["nothern-beach"]     # an unknown area (did you mean `northern-beach`?)

[[scenario.objectives]]
name = "Off the edge"
side = "us"
vp = 10
hexes = ["1006", "1210"]               # the second is beyond the last row

[[scenario.objectives]]
name = "Ports"
side = "japanese"
vp_per_unit = 5
near_feature = "port"                  # the map has no port

[[scenario.exits]]
side = "us"
hexes = ["1209"]                       # beyond the last row
vp = "unit-value"

[[scenario.exit_requirements]]
side = "us"
hexes = ["1109"]                       # a hole
vp = 5

[scenario.loc]
sides = ["us", "japanese"]             # the Japanese trace, to no target
free_hexes = 65                        # beyond the limit

[[units]]
id = "US-1"
side = "us"
rating = "4-6-5"
hex = "1002"

[[units]]
id = "US-1"                            # used twice
side = "us"
rating = "4-6-5"
hex = "1003"

[[units]]
id = "US-2"
side = "us"
rating = "4-6-5"
hex = "1005"

[[units]]
id = "J-1"
side = "japanese"
rating = "4-6-5"
hex = "1005"                           # both sides in one hex

[[units]]
id = "US-3"
side = "us"
rating = "4-6-5"
hex = "0110"                           # off the map (did you mean 1001?)

[[units]]
id = "J-2"
side = "japanese"
rating = "4-6-5"
hex = "1109"                           # a hole

[[units]]
id = "J-3"
side = "japanese"
attack = 1000                          # beyond the limit
defense = 2
hex = "1101"

[[eliminated]]
id = "US-2"                            # used twice (first on the map)
side = "us"
rating = "2-2-4"

[[exited]]
id = "US-4"
side = "us"
rating = "3-2-5"
hex = "1210"                           # left by a hex off the map
"#;

/// What a problem says, without where it is.
type Said = (
    ErrorKind,
    Option<String>,
    Option<String>,
    String,
    Option<String>,
);

fn said(diagnostics: &[Diagnostic]) -> Vec<Said> {
    let mut all: Vec<Said> = diagnostics
        .iter()
        .map(|d| {
            (
                d.kind,
                d.key.clone(),
                d.label.clone(),
                d.message.clone(),
                d.help.clone(),
            )
        })
        .collect();
    all.sort_by(|a, b| (&a.1, &a.3).cmp(&(&b.1, &b.3)));
    all
}

fn map() -> HexMap {
    HexMap::from_toml_str(MAP, Some("two-rows.toml")).unwrap()
}

/// The hex a label names, on the map or not (as a tool computing hexes from its own numbering
/// would): the layout's numbering, whatever the map holds.
fn hex(map: &HexMap, label: &str) -> Hex {
    let layout = map.layout();
    let label = layout.parse_label(label).unwrap();
    layout.offset_to_hex(layout.label_offset(label).unwrap())
}

fn read(state: &str) -> Vec<Diagnostic> {
    let maps = MemoryResolver::default().with("two-rows.toml", MAP);
    State::from_toml_str(state, Some("mistakes.toml"), &maps)
        .unwrap_err()
        .into_diagnostics()
}

/// [`STATE`]'s scenario, built in code.
fn scenario(map: &HexMap) -> Scenario {
    Scenario::new("Mistakes", &["nothern-beach"])
        .with_objective(Objective::occupy(
            "Off the edge",
            Side::Us,
            10,
            [hex(map, "1006"), hex(map, "1210")],
        ))
        .with_objective(Objective::per_unit_near("Ports", Side::Japanese, 5, "port"))
        .with_exit(ExitAward::new(
            Side::Us,
            [hex(map, "1209")],
            ExitValue::UnitValue,
        ))
        .with_exit_requirement(ExitRequirement::new(Side::Us, [hex(map, "1109")], 1, 5))
        .with_loc(
            LocRules::default()
                .with_sides([Side::Us, Side::Japanese])
                .with_free_hexes(65),
        )
}

/// [`STATE`]'s position, built in code: the problems [`Position::new`] finds.
fn position_problems(map: &HexMap) -> Vec<Diagnostic> {
    let r = |text: &str| Rating::standard(text).unwrap();
    let units = vec![
        Unit::new("US-1", Side::Us, r("4-6-5"), hex(map, "1002")),
        Unit::new("US-1", Side::Us, r("4-6-5"), hex(map, "1003")),
        Unit::new("US-2", Side::Us, r("4-6-5"), hex(map, "1005")),
        Unit::new("J-1", Side::Japanese, r("4-6-5"), hex(map, "1005")),
        Unit::new("US-3", Side::Us, r("4-6-5"), hex(map, "0110")),
        Unit::new("J-2", Side::Japanese, r("4-6-5"), hex(map, "1109")),
        Unit::new(
            "J-3",
            Side::Japanese,
            Rating::Standard {
                attack: 1000,
                defense: 2,
                movement: None,
            },
            hex(map, "1101"),
        ),
    ];
    let eliminated = vec![OffMapUnit::eliminated("US-2", Side::Us, r("2-2-4"))];
    let exited = vec![OffMapUnit::exited(
        "US-4",
        Side::Us,
        r("3-2-5"),
        Some(hex(map, "1210")),
    )];
    Position::new(map, units, eliminated, exited)
        .unwrap_err()
        .into_diagnostics()
}

#[test]
fn a_state_built_in_code_and_read_from_toml_gets_the_same_problems() {
    let map = map();
    let scenario = scenario(&map);
    let mut in_code = Scorer::new(&map, &scenario).unwrap_err().into_diagnostics();
    // `score` checks the same scenario the same way.
    let scored = score(&map, &scenario, &Position::default()).unwrap_err();
    assert_eq!(said(scored.diagnostics()), said(&in_code));
    in_code.extend(position_problems(&map));
    let from_toml = read(STATE);

    assert_eq!(said(&from_toml), said(&in_code));
    // Every mistake once, at its key.
    let keys: Vec<(ErrorKind, String)> = said(&in_code)
        .into_iter()
        .map(|(kind, key, ..)| (kind, key.unwrap_or_default()))
        .collect();
    let expected = [
        (ErrorKind::DuplicateUnit, "eliminated[0].id"),
        (ErrorKind::Hex, "exited[0].hex"),
        (ErrorKind::Scenario, "scenario.active_beaches[0]"),
        (ErrorKind::Hex, "scenario.exit_requirements[0].hexes[0]"),
        (ErrorKind::Hex, "scenario.exits[0].hexes[0]"),
        (ErrorKind::Scenario, "scenario.loc"),
        (ErrorKind::Limit, "scenario.loc.free_hexes"),
        (ErrorKind::Hex, "scenario.objectives[0].hexes[1]"),
        (ErrorKind::Scenario, "scenario.objectives[1].near_feature"),
        (ErrorKind::DuplicateUnit, "units[1].id"),
        (ErrorKind::TwoSidesInHex, "units[3].hex"),
        (ErrorKind::Hex, "units[4].hex"),
        (ErrorKind::Hex, "units[5].hex"),
        (ErrorKind::Limit, "units[6].attack"),
    ]
    .map(|(kind, key)| (kind, key.to_string()));
    assert_eq!(keys, expected);
    // The TOML's are located, in file order, each on the line of its mistake.
    let lines: Vec<u32> = from_toml
        .iter()
        .map(|d| d.location.expect("located").line)
        .collect();
    assert!(lines.is_sorted(), "{lines:?}");
    for d in &from_toml {
        let line = STATE
            .lines()
            .nth(d.location.unwrap().line as usize - 1)
            .unwrap();
        let value = d.label.as_deref().unwrap_or(match d.key.as_deref() {
            Some("scenario.loc") => "[scenario.loc]",
            Some("scenario.loc.free_hexes") => "65",
            _ => "1000",
        });
        assert!(line.contains(value), "{d}: line {line:?}");
        assert_eq!(d.file.as_deref(), Some("mistakes.toml"));
    }
    assert!(in_code.iter().all(|d| d.location.is_none()));

    // The words, as a player reads them.
    let text = |key: &str| {
        let d = in_code
            .iter()
            .find(|d| d.key.as_deref() == Some(key))
            .unwrap();
        (d.message.as_str(), d.help.as_deref())
    };
    assert_eq!(
        text("units[1].id").0,
        "unit id `US-1` is used twice (first at `units[0]`)"
    );
    assert_eq!(
        text("eliminated[0].id").0,
        "unit id `US-2` is used twice (first at `units[2]`)"
    );
    assert_eq!(
        text("units[3].hex").0,
        "hex 1005 holds units of both sides: US-2 (us) and J-1 (japanese)"
    );
    assert_eq!(
        text("units[4].hex"),
        (
            "hex 0110 is outside the map (rows 10-11, columns 01-09; labels read row then column, as 1001)",
            Some("did you mean 1001?")
        )
    );
    assert_eq!(
        text("units[5].hex").0,
        "hex 1109 is not on the map (a hole, such as open sea)"
    );
    assert_eq!(
        text("scenario.active_beaches[0]"),
        (
            "the map has no area `nothern-beach` (its areas: eastern-beach, northern-beach, southern-beach)",
            Some("did you mean `northern-beach`?")
        )
    );
    assert_eq!(
        text("scenario.objectives[1].near_feature").0,
        "the map has no `port` hexes (its features: airfield)"
    );
    assert_eq!(
        text("scenario.loc.free_hexes").0,
        "`free_hexes` is 65; the engine allows at most 64"
    );
    assert_eq!(
        text("scenario.loc").0,
        "the Japanese must trace a LOC but `japanese_targets` is empty"
    );
    assert_eq!(
        text("units[6].attack").0,
        "`attack` of unit `J-3` is 1000; the engine allows at most 999"
    );
}

#[test]
fn a_position_built_from_labels_and_one_read_from_toml_get_the_same_problems() {
    let map = map();
    let built = PositionBuilder::new(&map)
        .unit("US-1", Side::Us, "4-6", "1002")
        .unit("US-2", Side::Us, "4-6-5", "10x2")
        .unit("US-3", Side::Us, "4-6-5", "0110")
        .unit("US-3", Side::Us, "2-2-4", "1006")
        .unit("J-1", Side::Japanese, "3-3-3", "1006")
        .artillery("J-2", Side::Japanese, "6-4-2", "1105")
        .eliminated("US-2", Side::Us, "4-6-5")
        .exited("US-4", Side::Us, "3-2-5", "1210")
        .build()
        .unwrap_err();
    let unit = |table: &str, id: &str, side: &str, rating: &str, hex: Option<&str>| {
        let hex = hex.map_or(String::new(), |h| format!("hex = \"{h}\"\n"));
        format!("[[{table}]]\nid = \"{id}\"\nside = \"{side}\"\nrating = \"{rating}\"\n{hex}")
    };
    let state = [
        "game = \"leyte\"\nmap = \"two-rows.toml\"\n[scenario]\nname = \"Labels\"\nactive_beaches = [\"northern-beach\"]\n".to_string(),
        unit("units", "US-1", "us", "4-6", Some("1002")),
        unit("units", "US-2", "us", "4-6-5", Some("10x2")),
        unit("units", "US-3", "us", "4-6-5", Some("0110")),
        unit("units", "US-3", "us", "2-2-4", Some("1006")),
        unit("units", "J-1", "japanese", "3-3-3", Some("1006")),
        unit("units", "J-2", "japanese", "6-4-2", Some("1105")) + "artillery = true\n",
        unit("eliminated", "US-2", "us", "4-6-5", None),
        unit("exited", "US-4", "us", "3-2-5", Some("1210")),
    ]
    .concat();
    let from_toml = read(&state);
    assert_eq!(said(&from_toml), said(built.diagnostics()));
    let keys: Vec<Option<&str>> = built
        .diagnostics()
        .iter()
        .map(|d| d.key.as_deref())
        .collect();
    assert_eq!(
        keys,
        [
            Some("units[0].rating"),
            Some("units[1].hex"),
            Some("units[5].rating"),
            Some("units[3].id"),
            Some("eliminated[0].id"),
            Some("units[2].hex"),
            Some("units[4].hex"),
            Some("exited[0].hex"),
        ],
        "{built}"
    );
}

#[test]
fn the_beach_bonus_a_map_lacks_is_said_alike_and_pointed_at_the_map_in_a_file() {
    let map_text = MAP.replace("[areas.eastern-beach]", "[areas.east]");
    let map = HexMap::from_toml_str(&map_text, None).unwrap();
    let scenario = Scenario::new("Bonus", &["northern-beach"]);
    let in_code = Scorer::new(&map, &scenario).unwrap_err();
    let maps = MemoryResolver::default().with("two-rows.toml", map_text.as_str());
    let state = "game = \"leyte\"\nmap = \"two-rows.toml\"\n[scenario]\nname = \"Bonus\"\nactive_beaches = [\"northern-beach\"]\n";
    let from_toml = State::from_toml_str(state, Some("bonus.toml"), &maps).unwrap_err();
    let [code] = in_code.diagnostics() else {
        panic!("{in_code}")
    };
    let [file] = from_toml.diagnostics() else {
        panic!("{from_toml}")
    };
    assert_eq!(
        code.message,
        "the map has no area `eastern-beach`, which the beach bonus (L6) needs whether or not it is active (its areas: east, northern-beach, southern-beach)"
    );
    assert_eq!(
        (code.kind, &code.message, &code.label),
        (file.kind, &file.message, &file.label)
    );
    // In code it is the scenario's beach bonus; a state file does not write one (L6 is the
    // rules'), so it points at the map the state names.
    assert_eq!(code.key.as_deref(), Some("scenario.beach_bonus.areas[1]"));
    assert_eq!(file.key.as_deref(), Some("map"));
    assert_eq!(file.location.map(|l| l.line), Some(2));
}

#[test]
fn too_many_units_are_refused_alike_before_any_is_read() {
    let map = map();
    let count = leyte_victory::limits::MAX_UNITS + 1;
    let rating = Rating::standard("1-1-1").unwrap();
    // Every unit on one hex with one id: had the units been read, each would be a problem.
    let crowd: Vec<Unit> = (0..count)
        .map(|_| Unit::new("US-1", Side::Us, rating, hex(&map, "1002")))
        .collect();
    let in_code = Position::new(&map, crowd, Vec::new(), Vec::new()).unwrap_err();
    let mut state = String::from(
        "game = \"leyte\"\nmap = \"two-rows.toml\"\n[scenario]\nname = \"Crowd\"\nactive_beaches = [\"northern-beach\"]\n",
    );
    for _ in 0..count {
        state.push_str(
            "[[units]]\nid = \"US-1\"\nside = \"us\"\nrating = \"1-1-1\"\nhex = \"1002\"\n",
        );
    }
    let from_toml = read(&state);
    assert_eq!(said(&from_toml), said(in_code.diagnostics()));
    let [d] = from_toml.as_slice() else {
        panic!("{from_toml:?}")
    };
    assert_eq!(
        d.message,
        format!(
            "the number of units (on the map, eliminated and exited) is {count}; the engine allows at most {}",
            count - 1
        )
    );
    // At the first unit beyond the limit: the 10,001st `[[units]]`, five lines a unit after
    // the five of the scenario.
    assert_eq!(
        (d.kind, d.key.as_deref()),
        (ErrorKind::Limit, Some("units[10000]"))
    );
    assert_eq!(d.location.map(|l| l.line), Some(6 + 5 * 10_000));
}
