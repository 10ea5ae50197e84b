//! The maps of the supply examples, shared by the examples and `tests/other_games.rs` (which
//! include this file), so the tests pin the very maps the examples show.
#![allow(dead_code)] // each includer uses its own

/// The map of `examples/supply_movement_points.rs`: pointy, rows 01-06 (01 at the top, even rows
/// shifted half a hex east, so 03CC touches 04(CC-1) and 04CC), columns 01-08; the city at
/// 0104; a river along every hexside between rows 03 and 04, bridged by the road 0304-0404.
pub const MOVEMENT_POINTS: &str = r#"
name = "Supply in movement points (example)"

[layout]
orientation = "pointy"
label = "row-column"
rows = [1, 6]
columns = [1, 8]
shifted = "even"
rows_grow = "south"
columns_grow = "east"

[terrain]
legend = { "." = "clear", f = "forest", m = "mountain" }
grid = '''
01 . . . . . . . .
02 . f m . . m . .
03 . f . . f m . .
04 . . . . f . . .
05 . m . . . . f .
06 . . . . . . . .
'''

[features]
city = ["0104"]

[places]
"Supply city" = "0104"

[hexsides]
roads = [["0104", "0204", "0304", "0404", "0505", "0605"]]

[hexsides.features]
# Row 03 is unshifted: 03CC touches 04(CC-1) and 04CC.
river = [
  ["0301", "0401"],
  ["0302", "0401"], ["0302", "0402"],
  ["0303", "0402"], ["0303", "0403"],
  ["0304", "0403"], ["0304", "0404"],
  ["0305", "0404"], ["0305", "0405"],
  ["0306", "0405"], ["0306", "0406"],
  ["0307", "0406"], ["0307", "0407"],
  ["0308", "0407"], ["0308", "0408"],
]
"#;

/// The map of `examples/supply_rail_then_hexes.rs`: pointy, rows 01-05 (01 at the top, even rows
/// shifted half a hex east), columns 01-13; row 03 is sea and 0506 a lake; rail along row 02
/// from 0201 to 0208 and along row 04 from 0401 to 0408.
pub const RAIL_THEN_HEXES: &str = r#"
name = "Rail, then four hexes (example)"

[layout]
orientation = "pointy"
label = "row-column"
rows = [1, 5]
columns = [1, 13]
shifted = "even"
rows_grow = "south"
columns_grow = "east"

[terrain]
legend = { "." = "clear" }
off_map = "~"
grid = '''
01 .............
02 .............
03 ~~~~~~~~~~~~~
04 .............
05 .....~.......
'''

[hexsides.features]
rail = [
  ["0201", "0202", "0203", "0204", "0205", "0206", "0207", "0208"],
  ["0401", "0402", "0403", "0404", "0405", "0406", "0407", "0408"],
]
"#;

/// The map of `examples/supply_to_map_edge.rs`: flat, labels column then row, columns 01-08
/// (west to east), rows 01-06 (even columns shifted half a hex south, so 04RR touches 05RR and
/// 05(RR+1)); a major river between columns 04 and 05, bridged between 0402 and 0502; sea at
/// 0405, 0406, 0505, 0506; an island 0105-0306 behind all-sea hexsides.
pub const TO_MAP_EDGE: &str = r#"
name = "Supply to the map edge (example)"

[layout]
orientation = "flat"
label = "column-row"
rows = [1, 6]
columns = [1, 8]
shifted = "even"
rows_grow = "south"
columns_grow = "east"

[terrain]
legend = { "." = "clear" }
off_map = "~"
grid = '''
01 ........
02 ........
03 ........
04 ........
05 ...~~...
06 ...~~...
'''

[hexsides.features]
# Column 04 is shifted south: 04RR touches 05RR and 05(RR+1).
major-river = [
  ["0401", "0501"], ["0401", "0502"],
  ["0402", "0502"], ["0402", "0503"],
  ["0403", "0503"], ["0403", "0504"],
  ["0404", "0504"],
]
bridge = [["0402", "0502"]]
# The island 0105-0306 against the mainland's row 04.
all-sea = [
  ["0105", "0104"], ["0105", "0204"], ["0205", "0204"],
  ["0305", "0204"], ["0305", "0304"], ["0305", "0404"],
]
"#;
