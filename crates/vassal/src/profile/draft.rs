//! A profile drafted from a module: its maps, boards, zones and prototypes, each entry with a
//! comment saying what to fill in (`victory vassal profile MOD`).

use std::fmt::Write as _;

use crate::Module;
use crate::grid::Grid;
use crate::module::MapDef;

/// A profile for `module` to fill in: `[board]` on the first map with a hex grid (and the zone
/// holding its hexes, when they are in one), one
/// `[[pieces]]` group, a commented `[[markers]]` and `[[counts]]`, and the module's maps,
/// boards, zones and prototypes listed in comments. It reads back with
/// [`Profile::from_toml_str`](super::Profile::from_toml_str).
///
/// ```
/// use vassal::{BoardSizes, Module};
/// let module = Module::from_build_file(
///     r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"/></VASSAL.build.GameModule>"#,
///     "buildFile.xml",
///     &BoardSizes::new(),
/// ).unwrap();
/// let text = vassal::profile::draft(&module);
/// assert!(text.contains("map = \"Main\""));
/// assert!(vassal::profile::Profile::from_toml_str(&text, None).is_ok());
/// ```
pub fn draft(module: &Module) -> String {
    let mut out = String::new();
    let name = quote(&module.name);
    let source = one_line(&module.source);
    let _ = write!(
        out,
        "# A profile drafted by `victory vassal profile` from {source} (module {name}, version {}).\n\
         # It says what the module's pieces mean for a game's rules (docs/vassal.md, \"Writing a\n\
         # profile\"). Fill in each entry marked FILL IN and delete what the game does not need;\n\
         # `victory vassal pieces SAVE --module MOD` lists every piece with its name, location,\n\
         # prototypes, layers and properties, and `victory vassal import SAVE --module MOD\n\
         # --profile THIS` shows the state it makes.\n\n",
        quote(&module.version)
    );
    out.push_str(
        "# FILL IN: the game, as a state file's `game` key names it. The state's keys (what [state] and\n\
         # each entry's `into` fill) are in docs/fixture-format.md; `victory schema GAME` gives them\n\
         # as a JSON Schema (`victory rules GAME` lists the rules options, not these keys).\ngame = \"FILL IN\"\n\n\
         # FILL IN: what no piece holds, copied into the state as it is (Leyte: `map` and\n\
         # [state.scenario]; Dai Senso: `check`, `war_state`, [[state.strategic_hexes]],\n\
         # [state.countries], [state.tk]).\n[state]\n\n",
    );
    board_section(&mut out, module);
    pieces_section(&mut out, module);
    out.push_str(MARKERS);
    out
}

/// `[board]`, with every map listed.
fn board_section(out: &mut String, module: &Module) {
    out.push_str("# Where the pieces in play lie: a map (and a zone, when its hexes are in one).\n# The module's maps:\n");
    for map in &module.maps {
        let _ = writeln!(out, "#   {}", describe_map(map));
    }
    let board = module
        .maps
        .iter()
        .find(|m| {
            m.boards
                .iter()
                .any(|b| b.grid.as_ref().is_some_and(has_hexes))
        })
        .or(module.maps.first());
    match board {
        Some(m) => {
            let _ = writeln!(out, "[board]\nmap = {}", quote(&m.id));
            if let Some(zone) = hex_zones(m).first() {
                let _ = writeln!(
                    out,
                    "# The hexes are in a zone of the map: `on = \"board\"` takes the pieces in it.\nzone = {}",
                    quote(zone)
                );
            }
            out.push('\n');
        }
        None => out.push_str("# The module has no map.\n\n"),
    }
}

/// The zones of a map whose grid is a hex grid (their own, or the board's they use).
pub(crate) fn hex_zones(map: &MapDef) -> Vec<String> {
    let mut out = Vec::new();
    for b in &map.boards {
        if let Some(Grid::Zoned(z)) = &b.grid {
            for zone in &z.zones {
                let hexes = if zone.use_parent_grid {
                    z.background
                        .as_deref()
                        .is_some_and(|g| matches!(g, Grid::Hex(_)))
                } else {
                    zone.grid.as_deref().is_some_and(has_hexes)
                };
                if hexes {
                    out.push(zone.name.clone());
                }
            }
        }
    }
    out
}

/// `[[pieces]]`, with the prototypes listed.
fn pieces_section(out: &mut String, module: &Module) {
    let prototypes: Vec<String> = module.prototypes.iter().map(|p| quote(&p.name)).collect();
    out.push_str(
        "# The units: each piece selected becomes one entry of the state's array `into`.\n",
    );
    if prototypes.is_empty() {
        out.push_str("# The module has no prototypes: select pieces by name or property.\n");
    } else {
        let _ = writeln!(out, "# The module's prototypes: {}.", prototypes.join(", "));
    }
    out.push_str(
        "[[pieces]]\n# FILL IN: the state's array (Leyte: units, eliminated, exited; Dai Senso: units).\n\
         into = \"units\"\n\
         # FILL IN: which pieces (on = \"board\", map, zone, prototype, name, name_contains,\n\
         # property = { NAME = \"value\" }).\n",
    );
    // A save holds no `prototype;` trait: VASSAL expands them. Select by what a piece holds
    // (its properties), or by the palette entry the reader recovers (`slot`).
    out.push_str(
        "# A save holds each piece's traits, its prototypes expanded: select by a property (a\n\
         # prototype's marker), a name, a map or zone, or `slot` (the palette entry the reader\n\
         # recovers); `victory vassal profile MOD --save SAVE` proposes selections from a save.\n\
         select = { on = \"board\" }\n",
    );
    out.push_str(
        "# FILL IN: each field of an entry, read from the piece: name = true, property = \"P\",\n\
         # layer = \"L\", prototype = { P = value }, location = true or { LOCATION = value },\n\
         # value = ...; then word = N, values = { TEXT = value }, format = \"..{}..\", as = \"integer\".\n\
         [pieces.fields]\nid = { name = true }\nhex = { location = true }\n\n",
    );
}

pub(crate) const MARKERS: &str = "\
# FILL IN, or delete: a marker sets one state key from one piece, its value by where it lies
# (`many = true`: each piece selected sets a key of its own; `optional = true`: the game may
# lack it).
# [[markers]]
# key = \"vp_marker.allied_crusade\"    # or read: { layer = \"Face\", values = { \"1\" = \"...\" } }
# select = { name = \"VP\" }
# value = { location = { \"VP 2\" = \"2\" } }

# FILL IN, or delete: how many pieces are selected, at a state key.
# [[counts]]
# key = \"strategic_warfare_box.allied_collapse\"
# select = { zone = \"Strategic Warfare Box\", name = \"Allied Collapse\" }
";

fn describe_map(map: &MapDef) -> String {
    let boards: Vec<String> = map
        .boards
        .iter()
        .map(|b| {
            let mut zones = Vec::new();
            if let Some(g) = &b.grid {
                g.zone_names(&mut zones);
            }
            let grid = b.grid.as_ref().map_or("no grid", grid_kind);
            let zones = if zones.is_empty() {
                String::new()
            } else {
                let z: Vec<String> = zones.iter().map(|z| quote(z)).collect();
                format!("; zones {}", z.join(", "))
            };
            format!("board {} ({grid}{zones})", quote(&b.name))
        })
        .collect();
    let boards = if boards.is_empty() {
        "no board".to_string()
    } else {
        boards.join(", ")
    };
    format!("{}: {boards}", quote(&map.id))
}

fn grid_kind(g: &Grid) -> &'static str {
    match g {
        Grid::Hex(_) => "hex grid",
        Grid::Square(_) => "square grid",
        Grid::Region(_) => "regions",
        Grid::Zoned(z) if z.background.as_deref().is_some_and(has_hexes) => "zones over a hex grid",
        Grid::Zoned(_) => "zones",
        _ => "a grid of the module's own",
    }
}

/// Whether a map has a hex grid on a board (or in a zone).
pub(crate) fn map_has_hexes(map: &MapDef) -> bool {
    map.boards
        .iter()
        .any(|b| b.grid.as_ref().is_some_and(has_hexes))
}

fn has_hexes(g: &Grid) -> bool {
    match g {
        Grid::Hex(_) => true,
        Grid::Zoned(z) => {
            z.background.as_deref().is_some_and(has_hexes)
                || z.zones
                    .iter()
                    .any(|zone| zone.grid.as_deref().is_some_and(has_hexes))
        }
        _ => false,
    }
}

/// A TOML string on one line, safe in a one-line comment too ([`string`]).
pub(crate) fn quote(s: &str) -> String {
    string(s).to_string().trim().to_string()
}

/// A string as a TOML value on one line: toml_edit's choice of quotes when it
/// [fits a line](wargame_kit::terminal::fits_a_line), else a basic string with its line breaks
/// and control characters escaped ([`wargame_kit::terminal::toml_string`]), never a multi-line
/// string.
pub(crate) fn string(s: &str) -> toml_edit::Value {
    if wargame_kit::terminal::fits_a_line(s) {
        return s.into();
    }
    let quoted = wargame_kit::terminal::toml_string(s);
    quoted.parse().unwrap_or_else(|_| s.into())
}

/// Text without line breaks or terminal controls ([`wargame_kit::terminal::one_line`]).
pub(crate) fn one_line(s: &str) -> String {
    wargame_kit::terminal::one_line(s).into_owned()
}
