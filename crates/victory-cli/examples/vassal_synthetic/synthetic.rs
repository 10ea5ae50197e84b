//! The synthetic VASSAL modules and saves of `fixtures/vassal/`, written in VASSAL's formats by
//! the `vassal` crate's writer. Each save puts on the board exactly what a TOML fixture holds,
//! so a save scored through its profile must give that fixture's report.
//!
//! The modules are built as real ones are: a piece window of palette entries (`PieceSlot`s,
//! one per counter, in panels by side or kind), whose traits name the module's prototypes.
//! The saves are written as VASSAL 3.7 writes them: each piece is its palette entry expanded as
//! VASSAL places it (its prototypes replaced by their traits: no saved piece names one), its
//! basic state `map;x;y;gpid;count;(key;value)*` with the persistent properties `Old...` (where
//! it was before), the states the game changed (a layer's level, a marker's value); the pieces
//! of each map in stacks, one per occupied point, each after its members; `begin_save`, the
//! empty command of 3.x, the pieces, the players, the boards, `end_save`; obfuscated in a zip
//! with the `moduledata` and `savedata` entries of 3.x. Piece ids are 13-digit numbers, as
//! VASSAL's (milliseconds), from a fixed base.
//!
//! - `leyte/Leyte-synthetic.vmod`: map `Leyte`, one board whose hex grid numbers the hexes as
//!   the stand-in map labels them (row then column, rows growing north), with an `Exited` zone
//!   beside it; map `Dead Pile`, a board whose one zone, `Removed for 16.4`, is the box for the
//!   counter removed for the Campaign's exit shortfall (ruling L-15), and no grid. A unit's counter (panels `US`,
//!   `Japanese`) is named by its id, its face (layer `Step`: 1 full, 2 reduced) adding its
//!   rating to the name (`US-24-19 5-6-4`); its markers `Type` and `Unit Name`, its prototype
//!   `US Unit` or `Japanese Unit` (marker `Nationality`), both using the prototype `Unit`
//!   (marker `Kind` = `Unit`, and `Exit Hex`: the hex an exited unit left by). Markers (`Out of
//!   Supply`, `Turn`) use the prototype `Marker`.
//! - `leyte/Leyte-as-printed.vmod`: the same maps, grid, prototypes and markers, its rated
//!   counters named as printed: by the unit's designation alone, its id without the side's
//!   prefix (`24-19`; `ART-1` names a US and a Japanese counter), the layer `Step`'s levels
//!   unnamed (they switch images: the rating is on the images alone). `leyte/counters.csv`
//!   gives each face of each counter (`counter`, `nationality`, `step`) its unit's `id` and
//!   `rating`: what a player reads on the counter.
//! - `dai-senso/DaiSenso-synthetic.vmod`: map `Asia` (its Strategic Hexes as regions named by
//!   label) and map `Charts` (zones: the VP track's boxes `VP 0` ... `VP 4`, the war states,
//!   the ESV track, the Strategic Warfare Box, the influence track). The VP marker's face is
//!   its layer `Face` (1 Rising Sun, 2 Allied Crusade); control markers use the prototype
//!   `Control` (marker `Kind`), units `Western Unit` or `Axis Unit` (markers `Kind`, `Faction`).
//!
//! The saves also hold what real ones do: eliminated units on a dead pile of their own map (the
//! counter an exit requirement of the fixture names as `removed` in the dead pile's box),
//! units shown reduced, markers of one name (`Out of Supply` on each unit the fixture says is
//! cut, `Western Control`), and a save made with an older version of the Leyte module (its
//! `moduledata` version older, its board under the name the module since changed, a map the
//! module no longer has, holding the turn marker); and units whose names carry no id nor
//! rating (the save of the module naming its counters as printed, `leyte/assault-as-printed`).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use vassal::seq::{Decoder, Encoder};
use vassal::write::{SaveText, add_piece, module_file, nest, piece_slot, png_header, save_file_3x};

/// The fixtures each synthetic save mirrors, by game folder.
pub const LEYTE_SAVES: &[&str] = &["assault-scenario-end-position", "campaign-exit-0531-exited"];
/// The Leyte fixture mirrored by a save whose dead pile holds the counter removed for an exit
/// shortfall (16.4, ruling L-15) in its box.
pub const LEYTE_REMOVED_SAVE: &str = "campaign-exit-0531-missed-3-2-5-removed";
/// The Leyte fixture mirrored by a save made with an older version of the module.
pub const LEYTE_OLD_SAVE: &str = "campaign-exit-0531-missed";
/// The Leyte fixture mirrored by a save of the module whose counters are named as printed.
pub const AS_PRINTED_SAVE: &str = "assault-scenario-end-position";
/// The Dai Senso fixtures mirrored.
pub const DAI_SENSO_SAVES: &[&str] = &["final-nei-pro-west-us-unit-in-tokyo"];

const PICKER: &str = "VASSAL.build.module.map.BoardPicker";
const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";
const ZONED: &str = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
const ZONE: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone";
const HEX: &str = "VASSAL.build.module.map.boardPicker.board.HexGrid";
const HEXN: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
const REGIONS: &str = "VASSAL.build.module.map.boardPicker.board.RegionGrid";
const REGION: &str = "VASSAL.build.module.map.boardPicker.board.Region";
const WINDOW: &str = "VASSAL.build.module.PieceWindow";
const TAB: &str = "VASSAL.build.widget.TabWidget";
const LIST: &str = "VASSAL.build.widget.ListWidget";
const PANEL: &str = "VASSAL.build.widget.PanelWidget";

/// The VASSAL version the modules and saves are written as.
const VASSAL_VERSION: &str = "3.7.9";
/// The modules' version.
const MODULE_VERSION: &str = "1.0";
/// The command separator of a saved game.
const ESC: char = '\u{1b}';

/// The Leyte hex grid: flat hexes, columns 50 px apart, 58 px tall.
const DX: f64 = 50.0;
const DY: f64 = 58.0;
/// The stand-in map's extent: 32 columns, 29 rows.
const COLUMNS: i32 = 32;
const ROWS: i32 = 29;
/// The hexes' width on the board and where the zones start.
const HEX_WIDTH: i32 = 1650;
/// 29 rows of 58 px and the half hex of the shifted columns.
const LEYTE_SIZE: (u32, u32) = (1950, 1711);
/// The Leyte module's board, and its name in the older version.
const LEYTE_BOARD: &str = "Leyte";
const LEYTE_OLD_BOARD: &str = "Leyte Island";
/// The older version of the Leyte module, its VASSAL, and the map it had that this one lacks.
const LEYTE_OLD_VERSION: &str = "0.9";
const LEYTE_OLD_VASSAL: &str = "3.6.4";
const TURN_MAP: &str = "Turn Record";
/// The dead pile: a map of one board, no grid; the point VASSAL sends eliminated units to.
const DEAD_PILE: &str = "Dead Pile";
const DEAD_PILE_POINT: (i32, i32) = (200, 200);
/// The dead pile's box for the counter removed for the Campaign's exit shortfall (16.4: "the
/// Japanese remove a U.S. 3-2-5 of their choice and score it as destroyed"), and a point in it.
const REMOVED_ZONE: &str = "Removed for 16.4";
const REMOVED_POINT: (i32, i32) = (300, 80);
/// Where exited units lie on the Leyte board (the `Exited` zone).
const EXITED_POINT: (i32, i32) = (HEX_WIDTH + 150, 640);

/// The units shown reduced (their layer `Step` at level 2), with the rating of their full face.
const REDUCED: &[(&str, &str)] = &[("J-102-41", "4-6-5"), ("J-16-ENG", "4-4-5")];
/// A counter whose module entry names no rating on either face (the bad-input save).
const UNRATED: &str = "US-99-1";

/// The Leyte modules' piece window.
const LEYTE_WINDOW: &str = "Pieces";

/// The piece ids of each save start here (a date in 2024, in milliseconds, as VASSAL's ids).
const ID_BASE: u64 = 1_714_000_000_000;

/// Every file, with its path under the repository's root.
pub fn files(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::new();
    let units = LeyteUnits::of(root)?;
    let build_file = leyte_build_file(&units, Printing::Named);
    let leyte = leyte_module_file(&build_file);
    let centres = hex_centres(&leyte)?;
    let module = parse(&build_file, "Leyte-synthetic.vmod")?;
    let game = LeyteGame {
        module: &module,
        centres: &centres,
        units: &units,
        printing: Printing::Named,
    };
    out.push(("fixtures/vassal/leyte/Leyte-synthetic.vmod".into(), leyte));
    for (i, name) in LEYTE_SAVES.iter().enumerate() {
        let state = fixture(root, "leyte", name)?;
        let table = game.save(&state, base(i), &Version::current())?;
        out.push((
            format!("fixtures/vassal/leyte/{name}.vsav"),
            game.finish(table, &Version::current())?,
        ));
    }
    let state = fixture(root, "leyte", LEYTE_REMOVED_SAVE)?;
    let table = game.save(&state, base(20), &Version::current())?;
    out.push((
        format!("fixtures/vassal/leyte/{LEYTE_REMOVED_SAVE}.vsav"),
        game.finish(table, &Version::current())?,
    ));
    let old = Version::old();
    let state = fixture(root, "leyte", LEYTE_OLD_SAVE)?;
    let table = game.save(&state, base(LEYTE_SAVES.len()), &old)?;
    out.push((
        format!("fixtures/vassal/leyte/{LEYTE_OLD_SAVE}.vsav"),
        game.finish(table, &old)?,
    ));
    out.extend(as_printed(root, &units, &centres)?);
    let ds = DaiSenso::of(root)?;
    let build_file = ds.build_file();
    let module = parse(&build_file, "DaiSenso-synthetic.vmod")?;
    out.push((
        "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod".into(),
        module_file(&build_file, &[]),
    ));
    for (i, name) in DAI_SENSO_SAVES.iter().enumerate() {
        let state = fixture(root, "asia-engulfed", name)?;
        let table = ds.save(&module, &state, base(10 + i))?;
        out.push((
            format!("fixtures/vassal/dai-senso/{name}.vsav"),
            ds.finish(table)?,
        ));
    }
    out.extend(bad_saves(root, &game, &ds, &module)?);
    Ok(out)
}

/// The Leyte module's file: its buildFile and the board's image.
fn leyte_module_file(build_file: &str) -> Vec<u8> {
    module_file(
        build_file,
        &[("leyte.png", &png_header(LEYTE_SIZE.0, LEYTE_SIZE.1))],
    )
}

/// The module whose counters are named as printed (`leyte/Leyte-as-printed.vmod`), its table
/// of counters (`leyte/counters.csv`) and the save of it mirroring [`AS_PRINTED_SAVE`].
fn as_printed(
    root: &Path,
    units: &LeyteUnits,
    centres: &BTreeMap<String, (i32, i32)>,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let build_file = leyte_build_file(units, Printing::AsPrinted);
    let module = parse(&build_file, "Leyte-as-printed.vmod")?;
    let game = LeyteGame {
        module: &module,
        centres,
        units,
        printing: Printing::AsPrinted,
    };
    let current = Version::current();
    let state = fixture(root, "leyte", AS_PRINTED_SAVE)?;
    let table = game.save(&state, base(LEYTE_SAVES.len() + 1), &current)?;
    Ok(vec![
        (
            "fixtures/vassal/leyte/Leyte-as-printed.vmod".into(),
            leyte_module_file(&build_file),
        ),
        (
            "fixtures/vassal/leyte/counters.csv".into(),
            units.counters_csv().into_bytes(),
        ),
        (
            "fixtures/vassal/leyte/assault-as-printed.vsav".into(),
            game.finish(table, &current)?,
        ),
    ])
}

/// The first piece id of the `n`th save (a day apart).
fn base(n: usize) -> u64 {
    ID_BASE + u64::try_from(n).unwrap_or(0) * 86_400_000
}

fn parse(build_file: &str, name: &str) -> Result<vassal::Module, String> {
    vassal::Module::from_build_file(build_file, name, &vassal::BoardSizes::new())
        .map_err(|e| e.to_string())
}

/// The saves of the bad-input fixtures: two VP markers; a unit whose name has no rating.
fn bad_saves(
    root: &Path,
    leyte: &LeyteGame<'_>,
    ds: &DaiSenso,
    ds_module: &vassal::Module,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let state = fixture(root, "asia-engulfed", DAI_SENSO_SAVES[0])?;
    let mut two = ds.save(ds_module, &state, base(10))?;
    two.place(
        "VP",
        "Charts",
        zone_point("VP 3"),
        &[(FACE, "2")],
        &Before::palette(),
    )?;
    let state = fixture(root, "leyte", LEYTE_SAVES[0])?;
    let current = Version::current();
    let mut unrated = leyte.save(&state, base(0), &current)?;
    let at = leyte.hex("2215")?;
    unrated.place(UNRATED, "Leyte", at, &[], &leyte.before("2215", &current)?)?;
    Ok(vec![
        (
            "fixtures/vassal/invalid/two-vp-markers.vsav".to_string(),
            ds.finish(two)?,
        ),
        (
            "fixtures/vassal/invalid/unit-without-rating.vsav".to_string(),
            leyte.finish(unrated, &current)?,
        ),
    ])
}

fn fixture(root: &Path, game: &str, name: &str) -> Result<toml::Table, String> {
    let path = root
        .join("fixtures")
        .join(game)
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.parse::<toml::Table>()
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn strings(t: &toml::Table, key: &str) -> String {
    t.get(key)
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_string()
}

fn tables<'t>(t: &'t toml::Table, key: &str) -> Vec<&'t toml::Table> {
    t.get(key)
        .and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_table()).collect())
        .unwrap_or_default()
}

fn title(kebab: &str) -> String {
    kebab
        .split(['-', '_'])
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A list as a marker's values or a layer's names hold it (comma-separated, escaped).
fn comma_list(items: &[&str]) -> String {
    items
        .iter()
        .fold(Encoder::new(','), |e, i| e.push(i))
        .finish()
}

// ---- the palette ----

/// A palette entry: the panel holding it, its name, its traits (type, state; outermost first,
/// prototypes named as the module's entries name them) and its basic piece's image.
struct Slot {
    panel: &'static str,
    name: String,
    traits: Vec<(String, String)>,
    image: String,
}

impl Slot {
    fn new(panel: &'static str, name: &str, traits: &[(&str, &str)]) -> Slot {
        let image: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        Slot {
            panel,
            name: name.to_string(),
            traits: traits
                .iter()
                .map(|(t, s)| (t.to_string(), s.to_string()))
                .collect(),
            image,
        }
    }

    /// Its definition (`+/null/TYPE/STATE`), placed pieces taking `gpid`.
    fn definition(&self, gpid: u32) -> String {
        let types: Vec<&str> = self.traits.iter().map(|t| t.0.as_str()).collect();
        let states: Vec<&str> = self.traits.iter().map(|t| t.1.as_str()).collect();
        let basic = Encoder::new(';')
            .push("piece")
            .push("")
            .push("")
            .push(&format!("{}.png", self.image))
            .push(&self.name)
            .finish();
        add_piece(
            "null",
            &nest(&types, &basic),
            &nest(&states, &format!("null;0;0;{gpid};0")),
        )
    }
}

/// A panel of the piece window: its name, and the list holding it (if any).
struct Panel {
    name: &'static str,
    list: Option<&'static str>,
}

/// The piece window `name`: one tab, its panels in order (consecutive panels of one list inside
/// that list), each with its entries, numbered (`gpid`) from 101; and the next free `gpid`.
fn piece_window(name: &str, panels: &[Panel], slots: &[Slot]) -> (String, u32) {
    let mut out = format!(
        "  <{WINDOW} name=\"{}\">\n    <{TAB} entryName=\"Counters\">\n",
        xml(name)
    );
    let mut gpid = 101;
    let mut open_list: Option<&str> = None;
    for panel in panels {
        if open_list.is_some() && open_list != panel.list {
            out.push_str(&format!("      </{LIST}>\n"));
            open_list = None;
        }
        if let Some(list) = panel.list.filter(|l| open_list != Some(*l)) {
            out.push_str(&format!(
                "      <{LIST} divider=\"150\" entryName=\"{}\">\n",
                xml(list)
            ));
            open_list = Some(list);
        }
        let indent = if open_list.is_some() {
            "        "
        } else {
            "      "
        };
        out.push_str(&format!(
            "{indent}<{PANEL} entryName=\"{}\" fixed=\"false\" nColumns=\"8\" scale=\"1.0\" vert=\"false\">\n",
            xml(panel.name)
        ));
        for slot in slots.iter().filter(|s| s.panel == panel.name) {
            let element = piece_slot(
                &slot.name,
                &gpid.to_string(),
                (75, 64),
                &slot.definition(gpid),
            );
            out.push_str(&format!("{indent}  {element}\n"));
            gpid += 1;
        }
        out.push_str(&format!("{indent}</{PANEL}>\n"));
    }
    if open_list.is_some() {
        out.push_str(&format!("      </{LIST}>\n"));
    }
    out.push_str(&format!("    </{TAB}>\n  </{WINDOW}>\n"));
    (out, gpid)
}

/// A prototype's definition: its traits (type, state; outermost first) around an empty basic
/// piece.
fn prototype(traits: &[(&str, &str)]) -> String {
    let types: Vec<&str> = traits.iter().map(|t| t.0).collect();
    let states: Vec<&str> = traits.iter().map(|t| t.1).collect();
    add_piece(
        "null",
        &nest(&types, "piece;;;;"),
        &nest(&states, "null;0;0;;0"),
    )
}

fn prototypes(defs: &[(&str, String)]) -> String {
    let mut out = String::from("  <VASSAL.build.module.PrototypesContainer>\n");
    for (name, def) in defs {
        out.push_str(&format!(
            "    <VASSAL.build.module.PrototypeDefinition name=\"{}\">{}</VASSAL.build.module.PrototypeDefinition>\n",
            xml(name),
            xml(def)
        ));
    }
    out.push_str("  </VASSAL.build.module.PrototypesContainer>\n");
    out
}

/// VASSAL's Delete trait.
const DELETE: &str = "delete;Delete;68,130;";

/// The prototype `Marker` of both modules: a marker can be deleted; marker `Kind`.
fn marker_prototype() -> String {
    prototype(&[(DELETE, ""), ("mark;Kind", "Marker")])
}

fn zone(name: &str, (x, y): (i32, i32), (w, h): (i32, i32)) -> String {
    format!(
        "          <{ZONE} locationFormat=\"$name$\" name=\"{}\" path=\"{x},{y};{},{y};{},{};{x},{}\" useParentGrid=\"false\"/>\n",
        xml(name),
        x + w,
        x + w,
        y + h,
        y + h
    )
}

// ---- placing pieces, writing saves ----

/// Where a piece was before its last move: its persistent properties `OldZone`,
/// `OldLocationName`, `OldX`, `OldY`, `OldBoard`, `OldMap`.
#[derive(Clone, Debug, Default)]
struct Before {
    zone: String,
    location: String,
    x: String,
    y: String,
    board: String,
    map: String,
}

impl Before {
    /// A piece dragged from the palette and not moved since: its point in the palette.
    fn palette() -> Before {
        Before {
            x: "37".into(),
            y: "32".into(),
            ..Before::default()
        }
    }

    /// A piece that was at `(x, y)` of `map`'s `board`, at `location` (in no zone).
    fn at(map: &str, board: &str, location: &str, (x, y): (i32, i32)) -> Before {
        Before {
            zone: String::new(),
            location: location.into(),
            x: x.to_string(),
            y: y.to_string(),
            board: board.into(),
            map: map.into(),
        }
    }
}

/// A piece placed: its id, map, point, type and state.
struct Placed {
    id: u64,
    map: String,
    at: (i32, i32),
    ty: String,
    state: String,
}

/// The pieces of a save, placed from a module's palette as VASSAL places them.
struct Table<'m> {
    module: &'m vassal::Module,
    next_id: u64,
    pieces: Vec<Placed>,
}

/// A nested type or state's elements, outermost first (the basic piece's last).
fn chain(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = Some(text.to_string());
    while let Some(s) = rest.take() {
        let mut d = Decoder::new(&s, '\t');
        out.push(d.next().unwrap_or_default());
        rest = d.next();
    }
    out
}

impl<'m> Table<'m> {
    fn new(module: &'m vassal::Module, first_id: u64) -> Self {
        Table {
            module,
            next_id: first_id,
            pieces: Vec::new(),
        }
    }

    /// A piece from the palette entry `slot` (its name, or its path when names repeat) at `at`
    /// of `map`: the entry expanded as VASSAL expands it, the states of the traits `states`
    /// names (by type) set, its basic state written as VASSAL 3.6+ writes it (with where it was
    /// `before`).
    fn place(
        &mut self,
        slot: &str,
        map: &str,
        at: (i32, i32),
        states: &[(&str, &str)],
        before: &Before,
    ) -> Result<(), String> {
        let entry = self
            .module
            .palette
            .iter()
            .find(|e| e.name == slot || e.path == slot)
            .ok_or_else(|| format!("the module has no palette entry `{slot}`"))?;
        let body = entry.definition.strip_prefix("+/").unwrap_or_default();
        let mut d = Decoder::new(body, '/');
        let _null = d.next();
        let (ty, state) = (d.next().unwrap_or_default(), d.next().unwrap_or_default());
        let (ty, state) = self.module.expand(&ty, &state);
        let types = chain(&ty);
        let mut values = chain(&state);
        for (t, v) in states {
            let i = types
                .iter()
                .position(|x| x == t)
                .ok_or_else(|| format!("palette entry `{slot}` has no trait `{t}`"))?;
            values[i] = v.to_string();
        }
        let last = values.len() - 1;
        values[last] = basic_state(map, at, entry.gpid.as_deref().unwrap_or(""), before);
        let (outer, basic) = types.split_at(types.len() - 1);
        let outer: Vec<&str> = outer.iter().map(String::as_str).collect();
        let outer_states: Vec<&str> = values[..last].iter().map(String::as_str).collect();
        self.pieces.push(Placed {
            id: self.next_id,
            map: map.to_string(),
            at,
            ty: nest(&outer, &basic[0]),
            state: nest(&outer_states, &values[last]),
        });
        // A second between placements; the stack made for a piece takes the next id.
        self.next_id += 1000;
        Ok(())
    }

    /// The saved position's commands: each map's pieces (maps in `maps` order), in stacks of
    /// one point each, every member before its stack; after the empty command of 3.x.
    fn restore(&self, maps: &[&str]) -> Result<String, String> {
        if let Some(p) = self.pieces.iter().find(|p| !maps.contains(&p.map.as_str())) {
            return Err(format!(
                "a piece on map `{}`, which the save does not list",
                p.map
            ));
        }
        let mut e = Encoder::new(ESC).push("");
        for map in maps {
            let mut points: Vec<((i32, i32), Vec<&Placed>)> = Vec::new();
            for p in self.pieces.iter().filter(|p| p.map == *map) {
                match points.iter_mut().find(|(at, _)| *at == p.at) {
                    Some((_, members)) => members.push(p),
                    None => points.push((p.at, vec![p])),
                }
            }
            for ((x, y), members) in points {
                let mut stack = Encoder::new(';')
                    .push(map)
                    .push(&x.to_string())
                    .push(&y.to_string());
                for p in &members {
                    e = e.push(&add_piece(&p.id.to_string(), &p.ty, &p.state));
                    stack = stack.push(&p.id.to_string());
                }
                let id = members[0].id + 1;
                let state = stack.push("@@-1").finish();
                e = e.push(&add_piece(&id.to_string(), "stack", &state));
            }
        }
        Ok(e.finish())
    }

    /// The file: the position, the players (no password), each map's boards (map, board).
    fn finish(
        self,
        boards: &[(&str, &str)],
        players: &[(&str, &str)],
        version: &Version,
    ) -> Result<Vec<u8>, String> {
        let maps: Vec<&str> = boards.iter().map(|b| b.0).collect();
        let mut text = SaveText::new().command("").command(&self.restore(&maps)?);
        for (name, side) in players {
            let player = Encoder::new('\t')
                .push("PLAYER")
                .push("")
                .push(name)
                .push(side)
                .finish();
            text = text.command(&player);
        }
        for (map, board) in boards {
            text = text.boards(map, &[(board, 0, 0)]);
        }
        let saved = self.next_id + 60_000;
        Ok(save_file_3x(
            text.finish().as_bytes(),
            &self.module.name,
            version.module,
            version.vassal,
            saved,
        ))
    }
}

/// A basic piece's state as VASSAL 3.6+ writes it: `map;x;y;gpid;count;(key;value)*`.
fn basic_state(map: &str, (x, y): (i32, i32), gpid: &str, b: &Before) -> String {
    let pairs = [
        ("OldZone", &b.zone),
        ("OldLocationName", &b.location),
        ("OldX", &b.x),
        ("OldY", &b.y),
        ("OldBoard", &b.board),
        ("OldMap", &b.map),
    ];
    let mut e = Encoder::new(';')
        .push(map)
        .push(&x.to_string())
        .push(&y.to_string())
        .push(gpid)
        .push(&pairs.len().to_string());
    for (k, v) in pairs {
        e = e.push(k).push(v);
    }
    e.finish()
}

/// The versions a save records, and the Leyte board's name in that version.
struct Version {
    module: &'static str,
    vassal: &'static str,
    board: &'static str,
}

impl Version {
    fn current() -> Version {
        Version {
            module: MODULE_VERSION,
            vassal: VASSAL_VERSION,
            board: LEYTE_BOARD,
        }
    }

    fn old() -> Version {
        Version {
            module: LEYTE_OLD_VERSION,
            vassal: LEYTE_OLD_VASSAL,
            board: LEYTE_OLD_BOARD,
        }
    }

    fn is_old(&self) -> bool {
        self.module != MODULE_VERSION
    }
}

// ---- Leyte ----

/// A Leyte unit's counter, from the fixtures mirrored: its side, whether artillery, its name
/// (in the first fixture naming it) and its faces' ratings (full, reduced).
struct LeyteUnit {
    id: String,
    us: bool,
    artillery: bool,
    name: Option<String>,
    faces: Option<(String, String)>,
}

/// The counters of every unit the Leyte fixtures mirrored hold, in the order they first appear.
struct LeyteUnits(Vec<LeyteUnit>);

/// A rating's reduced face: attack and defense halved (rounded down).
fn reduced(full: &str) -> String {
    full.split('-')
        .enumerate()
        .map(|(i, n)| match (i, n.parse::<u32>()) {
            (0 | 1, Ok(v)) => (v / 2).to_string(),
            _ => n.to_string(),
        })
        .collect::<Vec<_>>()
        .join("-")
}

impl LeyteUnits {
    fn of(root: &Path) -> Result<LeyteUnits, String> {
        let mut units: Vec<LeyteUnit> = Vec::new();
        let mut ratings: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let names = (LEYTE_SAVES.iter()).chain([&LEYTE_OLD_SAVE, &LEYTE_REMOVED_SAVE]);
        for name in names {
            let state = fixture(root, "leyte", name)?;
            for key in ["units", "eliminated", "exited"] {
                for u in tables(&state, key) {
                    let id = strings(u, "id");
                    ratings
                        .entry(id.clone())
                        .or_default()
                        .push(strings(u, "rating"));
                    let named = Some(strings(u, "name")).filter(|n| !n.is_empty());
                    match units.iter_mut().find(|x| x.id == id) {
                        Some(x) => x.name = x.name.take().or(named),
                        None => units.push(LeyteUnit {
                            id,
                            us: strings(u, "side") == "us",
                            artillery: u.get("artillery").and_then(|v| v.as_bool()) == Some(true),
                            name: named,
                            faces: None,
                        }),
                    }
                }
            }
        }
        for u in &mut units {
            let seen = &ratings[&u.id];
            let full = REDUCED
                .iter()
                .find(|r| r.0 == u.id)
                .map_or_else(|| seen[0].clone(), |r| r.1.to_string());
            let faces = (full.clone(), reduced(&full));
            if let Some(r) = seen.iter().find(|r| **r != faces.0 && **r != faces.1) {
                return Err(format!(
                    "unit {} is rated {r}, neither of its faces {faces:?}",
                    u.id
                ));
            }
            u.faces = Some(faces);
        }
        units.push(LeyteUnit {
            id: UNRATED.into(),
            us: true,
            artillery: false,
            name: None,
            faces: None,
        });
        Ok(LeyteUnits(units))
    }

    /// The table of the counters named as printed (`counters.csv`): a header row, then one row
    /// for each face of each rated counter (its designation, its `Nationality`, its layer
    /// `Step`'s level), giving the unit's id and its rating on that face.
    fn counters_csv(&self) -> String {
        let mut out = String::from("counter,nationality,step,id,rating\n");
        for u in &self.0 {
            let Some((full, reduced)) = &u.faces else {
                continue;
            };
            for (step, rating) in [("1", full), ("2", reduced)] {
                let row = [u.designation(), u.nationality(), step, &u.id, rating];
                let fields: Vec<String> = row.iter().map(|f| csv_field(f)).collect();
                out.push_str(&fields.join(","));
                out.push('\n');
            }
        }
        out
    }

    fn get(&self, id: &str) -> Result<&LeyteUnit, String> {
        self.0
            .iter()
            .find(|u| u.id == id)
            .ok_or_else(|| format!("no counter for unit {id}"))
    }
}

/// A CSV field: quoted when it holds a comma, a quote or a line end.
fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

/// How a Leyte module names its counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Printing {
    /// By the unit's id, each face's rating in its level's name (`US-24-19 5-6-4`).
    Named,
    /// By the printed designation alone (`24-19`), the ratings on the faces' images only.
    AsPrinted,
}

/// A counter's two faces: layer `Step`, always shown, level 1 the full face and 2 the reduced,
/// each level's name adding its rating to the piece's name (`+ 5-6-4`); without `faces`, the
/// levels have no names and only switch images.
fn step_layer(image: &str, faces: Option<&(String, String)>) -> String {
    let names = match faces {
        Some((full, reduced)) => comma_list(&[&format!("+ {full}"), &format!("+ {reduced}")]),
        None => comma_list(&["", ""]),
    };
    let images = comma_list(&[&format!("{image}.png"), &format!("{image}-r.png")]);
    let fields = [
        "emb2", "", "", "", "Flip", "", "F", "", "", "", "", "", "1", "false", "0", "0", &images,
        &names, "true", "Step", "", "", "false", "", "1", "1", "true", "", "70,130", "", "Step",
        "1.0",
    ];
    fields
        .iter()
        .fold(Encoder::new(';'), |e, f| e.push(f))
        .finish()
}

impl LeyteUnit {
    fn image(&self) -> String {
        self.id.to_ascii_lowercase()
    }

    /// Its designation as printed: its id without the side's prefix (`US-24-19`: `24-19`).
    fn designation(&self) -> &str {
        self.id.split_once('-').map_or(&self.id, |(_, d)| d)
    }

    /// Its marker `Nationality` (from its side's prototype).
    fn nationality(&self) -> &'static str {
        if self.us { "US" } else { "Japanese" }
    }

    /// Its panel of the palette.
    fn panel(&self) -> &'static str {
        if self.us { "US" } else { "Japanese" }
    }

    /// Its name in a module printing its counters so.
    fn name(&self, printing: Printing) -> &str {
        match printing {
            Printing::Named => &self.id,
            Printing::AsPrinted => self.designation(),
        }
    }

    /// Its palette entry's path (the names of the window, tab, panel and its own).
    fn path(&self, printing: Printing) -> String {
        format!(
            "{LEYTE_WINDOW} / Counters / {} / {}",
            self.panel(),
            self.name(printing)
        )
    }

    fn layer(&self, printing: Printing) -> String {
        let faces = self.faces.as_ref().filter(|_| printing == Printing::Named);
        step_layer(&self.image(), faces)
    }

    /// Its palette entry: its face, its markers, its side's prototype.
    fn slot(&self, printing: Printing) -> Slot {
        let kind = if self.artillery {
            "Artillery"
        } else {
            "Infantry"
        };
        let layer = self.layer(printing);
        let name = self.name.as_deref().map(|n| comma_list(&[n]));
        let mut traits = vec![(layer.as_str(), "1"), ("mark;Type", kind)];
        if let Some(n) = &name {
            traits.push(("mark;Unit Name", n.as_str()));
        }
        let proto = format!("prototype;{} Unit", self.nationality());
        traits.push((&proto, ""));
        let mut slot = Slot::new(self.panel(), self.name(printing), &traits);
        slot.image = self.image();
        slot
    }

    /// Its layer's level when rated `rating`.
    fn level(&self, rating: &str) -> Result<&'static str, String> {
        match &self.faces {
            Some((full, _)) if full == rating => Ok("1"),
            Some((_, reduced)) if reduced == rating => Ok("2"),
            _ => Err(format!("unit {} has no face rated {rating}", self.id)),
        }
    }
}

/// Send to the dead pile (`SendToLocation`): its state is where the piece was sent from.
fn send_to_dead_pile() -> String {
    format!(
        "sendto;Eliminate;69,130;{DEAD_PILE};{DEAD_PILE};{};{};;;;0;0;0;Send to Dead Pile;L;;;;",
        DEAD_PILE_POINT.0, DEAD_PILE_POINT.1
    )
}

/// A Leyte module's buildFile, its counters named as `printing` says (as printed: only the
/// rated counters).
fn leyte_build_file(units: &LeyteUnits, printing: Printing) -> String {
    let zones = zone("Exited", (HEX_WIDTH + 20, 440), (260, 400));
    let removed_zone = zone(REMOVED_ZONE, (240, 20), (140, 120));
    let mut slots: Vec<Slot> = units
        .0
        .iter()
        .filter(|u| printing == Printing::Named || u.faces.is_some())
        .map(|u| u.slot(printing))
        .collect();
    for marker in ["Out of Supply", "Turn"] {
        slots.push(Slot::new("Status", marker, &[("prototype;Marker", "")]));
    }
    let panels = [
        Panel {
            name: "US",
            list: None,
        },
        Panel {
            name: "Japanese",
            list: None,
        },
        Panel {
            name: "Status",
            list: Some("Markers"),
        },
    ];
    let (window, next) = piece_window(LEYTE_WINDOW, &panels, &slots);
    let name = match printing {
        Printing::Named => "Leyte (synthetic)",
        Printing::AsPrinted => "Leyte (synthetic, as printed)",
    };
    let sendto = send_to_dead_pile();
    let protos = prototypes(&[
        (
            "Unit",
            prototype(&[
                (&sendto, ";;"),
                (DELETE, ""),
                ("mark;Kind", "Unit"),
                ("mark;Exit Hex", ""),
            ]),
        ),
        (
            "US Unit",
            prototype(&[("prototype;Unit", ""), ("mark;Nationality", "US")]),
        ),
        (
            "Japanese Unit",
            prototype(&[("prototype;Unit", ""), ("mark;Nationality", "Japanese")]),
        ),
        ("Marker", marker_prototype()),
    ]);
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="{VASSAL_VERSION}" name="{name}" nextPieceSlotId="{next}" version="{MODULE_VERSION}">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Leyte">
    <{PICKER}>
      <{BOARD} image="leyte.png" name="{LEYTE_BOARD}">
        <{ZONED}>
{zones}          <{HEX} dx="{DX}" dy="{DY}" sideways="false" x0="25" y0="29">
            <{HEXN} first="V" hLeading="1" hOff="1" vDescend="true" vLeading="1" vOff="-5" stagger="false"/>
          </{HEX}>
        </{ZONED}>
      </{BOARD}>
    </{PICKER}>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="{DEAD_PILE}">
    <{PICKER}>
      <{BOARD} height="400" name="{DEAD_PILE}" width="400">
        <{ZONED}>
{removed_zone}        </{ZONED}>
      </{BOARD}>
    </{PICKER}>
  </VASSAL.build.module.Map>
{window}{protos}</VASSAL.build.GameModule>
"#
    )
}

/// The pixel centre of every hex the Leyte grid names as a stand-in label (`RRCC`), found by
/// asking the reader what VASSAL names each centre of the grid.
fn hex_centres(module: &[u8]) -> Result<BTreeMap<String, (i32, i32)>, String> {
    let module =
        vassal::Module::from_vmod(module, "Leyte-synthetic.vmod", &vassal::BoardSizes::new())
            .map_err(|e| e.to_string())?;
    let text = SaveText::new()
        .boards("Leyte", &[(LEYTE_BOARD, 0, 0)])
        .finish();
    let save = vassal::Save::from_bytes(text.as_bytes(), "grid.vsav").map_err(|e| e.to_string())?;
    let position = save.replay(None).map_err(|e| e.to_string())?;
    let locator = vassal::Locator::new(&module, &position);
    let mut out = BTreeMap::new();
    for nx in 0..COLUMNS {
        for ny in 0..ROWS {
            let x = 25 + (f64::from(nx) * DX).round() as i32;
            let half = if nx % 2 == 1 { DY / 2.0 } else { 0.0 };
            let y = 29 + (f64::from(ny) * DY + half).round() as i32;
            let name = locator.locate("Leyte", x, y).location;
            if name.len() == 4 && name.chars().all(|c| c.is_ascii_digit()) {
                out.entry(name).or_insert((x, y));
            }
        }
    }
    // Every label of the stand-in's extent, and no other.
    let expected: Vec<String> = (1..=ROWS)
        .flat_map(|r| (1..=COLUMNS).map(move |c| format!("{r:02}{c:02}")))
        .collect();
    if out.len() != expected.len() || expected.iter().any(|l| !out.contains_key(l)) {
        return Err(format!(
            "the grid names {} hexes, not the stand-in's {}",
            out.len(),
            expected.len()
        ));
    }
    Ok(out)
}

/// What the Leyte saves are made of: the module, its hexes' centres, its counters and how the
/// module names them.
struct LeyteGame<'m> {
    module: &'m vassal::Module,
    centres: &'m BTreeMap<String, (i32, i32)>,
    units: &'m LeyteUnits,
    printing: Printing,
}

impl<'m> LeyteGame<'m> {
    fn hex(&self, label: &str) -> Result<(i32, i32), String> {
        self.centres
            .get(label)
            .copied()
            .ok_or_else(|| format!("no hex {label} on the grid"))
    }

    /// A piece that was in hex `label` of the Leyte board (named as `version` names it).
    fn before(&self, label: &str, version: &Version) -> Result<Before, String> {
        Ok(Before::at("Leyte", version.board, label, self.hex(label)?))
    }

    /// The hex a unit in `label` came from: the one below it, or above on the first row.
    fn came_from(label: &str) -> String {
        let row: i32 = label[..2].parse().unwrap_or(1);
        let row = if row > 1 { row - 1 } else { row + 1 };
        format!("{row:02}{}", &label[2..])
    }

    /// A unit of the fixture: its counter at `at` of `map`, its face by its rating, its name
    /// (the marker `Unit Name`, empty when the fixture gives none), and more `states`.
    fn unit(
        &self,
        table: &mut Table<'_>,
        unit: &toml::Table,
        (map, at): (&str, (i32, i32)),
        states: &[(String, String)],
        before: &Before,
    ) -> Result<(), String> {
        let counter = self.units.get(&strings(unit, "id"))?;
        let layer = counter.layer(self.printing);
        let mut all = vec![(layer, counter.level(&strings(unit, "rating"))?.to_string())];
        if counter.name.is_some() {
            all.push((
                "mark;Unit Name".into(),
                comma_list(&[&strings(unit, "name")]),
            ));
        }
        all.extend(states.iter().cloned());
        let all: Vec<(&str, &str)> = all.iter().map(|(t, s)| (t.as_str(), s.as_str())).collect();
        table.place(&counter.path(self.printing), map, at, &all, before)
    }

    /// A Leyte save holding what the fixture holds: its units in their hexes (an `Out of
    /// Supply` marker on each the fixture says is cut), the eliminated on the dead pile, the
    /// exited in the `Exited` zone; the older version's save has the turn marker on a map the
    /// module no longer has.
    fn save(&self, state: &toml::Table, first_id: u64, v: &Version) -> Result<Table<'m>, String> {
        let mut table = Table::new(self.module, first_id);
        let cut: Vec<String> = state
            .get("expect")
            .and_then(|e| e.get("cut"))
            .and_then(|c| c.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        for unit in tables(state, "units") {
            let hex = strings(unit, "hex");
            let at = self.hex(&hex)?;
            let before = self.before(&Self::came_from(&hex), v)?;
            self.unit(&mut table, unit, ("Leyte", at), &[], &before)?;
            if cut.contains(&strings(unit, "id")) {
                table.place("Out of Supply", "Leyte", at, &[], &Before::palette())?;
            }
        }
        let sendto = send_to_dead_pile();
        // The counters the exit requirements name as removed lie in the dead pile's box for them.
        let scenario = state.get("scenario").and_then(|s| s.as_table());
        let removed: Vec<String> = scenario
            .map(|s| tables(s, "exit_requirements"))
            .unwrap_or_default()
            .into_iter()
            .map(|r| strings(r, "removed"))
            .filter(|id| !id.is_empty())
            .collect();
        for (i, unit) in tables(state, "eliminated").into_iter().enumerate() {
            // Eliminated in a hex of the front, sent to the dead pile from there.
            let hex = format!("16{:02}", 20 + i % 10);
            let (x, y) = self.hex(&hex)?;
            let sent = vec![(sendto.clone(), format!("Leyte;{x};{y}"))];
            let point = if removed.contains(&strings(unit, "id")) {
                REMOVED_POINT
            } else {
                DEAD_PILE_POINT
            };
            self.unit(
                &mut table,
                unit,
                (DEAD_PILE, point),
                &sent,
                &self.before(&hex, v)?,
            )?;
        }
        for unit in tables(state, "exited") {
            let hex = strings(unit, "hex");
            let exit = vec![("mark;Exit Hex".to_string(), hex.clone())];
            let at = ("Leyte", EXITED_POINT);
            self.unit(&mut table, unit, at, &exit, &self.before(&hex, v)?)?;
        }
        if v.is_old() {
            table.place("Turn", TURN_MAP, (60, 40), &[], &Before::palette())?;
        }
        Ok(table)
    }

    fn finish(&self, table: Table<'_>, v: &Version) -> Result<Vec<u8>, String> {
        let mut boards = vec![("Leyte", v.board), (DEAD_PILE, DEAD_PILE)];
        if v.is_old() {
            boards.push((TURN_MAP, TURN_MAP));
        }
        let players = [("US Player", "US"), ("Japanese Player", "Japanese")];
        table.finish(&boards, &players, v)
    }
}

// ---- Dai Senso ----

/// The VP marker's layer: two levels, Rising Sun then Allied Crusade.
const FACE: &str = "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;rising-sun.png,allied-crusade.png;,;true;Face;;;false;;1;1";

/// The zones of the Charts map, in order; each is 200 x 40 px, ten to a column.
fn chart_zones() -> Vec<String> {
    let mut z: Vec<String> = (0..=4).map(|n| format!("VP {n}")).collect();
    z.push("VP Automatic Victory".into());
    z.extend(["Pre-War", "Limited War", "Total War"].map(String::from));
    z.extend((-5..=10).map(|n| format!("ESV {n}")));
    z.push("Strategic Warfare Box".into());
    z.extend(["Pro-Axis", "Neutral", "Pro-West"].map(String::from));
    z
}

fn zone_origin(name: &str) -> (i32, i32) {
    let i = chart_zones().iter().position(|z| z == name).unwrap_or(0);
    let i = i32::try_from(i).unwrap_or(0);
    (20 + (i / 10) * 220, 20 + (i % 10) * 50)
}

/// A point inside a zone of the Charts map.
pub fn zone_point(name: &str) -> (i32, i32) {
    let (x, y) = zone_origin(name);
    (x + 100, y + 20)
}

/// What the Dai Senso module is made of: every hex label the fixtures mirrored use (Strategic
/// Hexes, units), their units (name, faction) and the countries with an influence marker.
struct DaiSenso {
    labels: Vec<String>,
    units: Vec<(String, String)>,
    countries: Vec<String>,
}

/// The unit factions, each with its prototype.
const FACTIONS: &[&str] = &["western", "axis"];

impl DaiSenso {
    fn of(root: &Path) -> Result<DaiSenso, String> {
        let mut labels = std::collections::BTreeSet::new();
        let mut units: Vec<(String, String)> = Vec::new();
        let mut countries: Vec<String> = Vec::new();
        for name in DAI_SENSO_SAVES {
            let state = fixture(root, "asia-engulfed", name)?;
            for key in ["strategic_hexes", "units"] {
                for t in tables(&state, key) {
                    labels.insert(strings(t, "label"));
                }
            }
            for u in tables(&state, "units") {
                let unit = (strings(u, "name"), strings(u, "faction"));
                if !FACTIONS.contains(&unit.1.as_str()) {
                    return Err(format!(
                        "unit {} of faction {}: no prototype",
                        unit.0, unit.1
                    ));
                }
                if !units.contains(&unit) {
                    units.push(unit);
                }
            }
            let all = state.get("countries").and_then(|v| v.as_table());
            for (key, country) in all.into_iter().flatten() {
                if country.get("influence").is_some() && !countries.contains(key) {
                    countries.push(key.clone());
                }
            }
        }
        Ok(DaiSenso {
            labels: labels.into_iter().collect(),
            units,
            countries,
        })
    }

    fn region_point(&self, label: &str) -> (i32, i32) {
        let i = self.labels.iter().position(|l| l == label).unwrap_or(0);
        let i = i32::try_from(i).unwrap_or(0);
        (50 + (i % 10) * 80, 50 + (i / 10) * 80)
    }

    /// The palette: units by faction, control markers, the tracks' and boxes' markers.
    fn slots(&self) -> Vec<Slot> {
        let mut slots = Vec::new();
        for (name, faction) in &self.units {
            let panel = if faction == "western" {
                "Western"
            } else {
                "Axis"
            };
            let proto = format!("prototype;{panel} Unit");
            slots.push(Slot::new(panel, name, &[(&proto, "")]));
        }
        for side in ["Western", "Axis", "Soviet"] {
            let name = format!("{side} Control");
            slots.push(Slot::new("Control", &name, &[("prototype;Control", "")]));
        }
        let marker = [("prototype;Marker", "")];
        slots.push(Slot::new("Tracks", "VP", &[(FACE, "1"), marker[0]]));
        for name in [
            "Japanese Mandate",
            "Hakko Ichiu",
            "War State",
            "Current ESV",
        ] {
            slots.push(Slot::new("Tracks", name, &marker));
        }
        for name in ["Allied Collapse", "Military Takeover"] {
            slots.push(Slot::new("Strategic Warfare", name, &marker));
        }
        for key in &self.countries {
            let name = format!("{} Influence", key.to_uppercase());
            slots.push(Slot::new("Influence", &name, &marker));
        }
        slots
    }

    fn build_file(&self) -> String {
        let regions: String = self
            .labels
            .iter()
            .map(|l| {
                let (x, y) = self.region_point(l);
                format!(
                    "          <{REGION} name=\"{}\" originx=\"{x}\" originy=\"{y}\"/>\n",
                    xml(l)
                )
            })
            .collect();
        let zones: String = chart_zones()
            .iter()
            .map(|z| zone(z, zone_origin(z), (200, 40)))
            .collect();
        let panels = [
            Panel {
                name: "Western",
                list: None,
            },
            Panel {
                name: "Axis",
                list: None,
            },
            Panel {
                name: "Control",
                list: None,
            },
            Panel {
                name: "Tracks",
                list: Some("Markers"),
            },
            Panel {
                name: "Strategic Warfare",
                list: Some("Markers"),
            },
            Panel {
                name: "Influence",
                list: Some("Markers"),
            },
        ];
        let (window, next) = piece_window("Counters", &panels, &self.slots());
        let protos = prototypes(&[
            (
                "Control",
                prototype(&[(DELETE, ""), ("mark;Kind", "Control")]),
            ),
            (
                "Western Unit",
                prototype(&[("mark;Kind", "Unit"), ("mark;Faction", "Western")]),
            ),
            (
                "Axis Unit",
                prototype(&[("mark;Kind", "Unit"), ("mark;Faction", "Axis")]),
            ),
            ("Marker", marker_prototype()),
        ]);
        format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="{VASSAL_VERSION}" name="Dai Senso (synthetic)" nextPieceSlotId="{next}" version="{MODULE_VERSION}">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Asia">
    <{PICKER}>
      <{BOARD} height="900" name="Asia" width="900">
        <{REGIONS}>
{regions}        </{REGIONS}>
      </{BOARD}>
    </{PICKER}>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Charts">
    <{PICKER}>
      <{BOARD} height="600" name="Charts" width="900">
        <{ZONED}>
{zones}        </{ZONED}>
      </{BOARD}>
    </{PICKER}>
  </VASSAL.build.module.Map>
{window}{protos}</VASSAL.build.GameModule>
"#
        )
    }

    /// A Dai Senso save holding what the fixture's markers, control and units hold.
    fn save<'m>(
        &self,
        module: &'m vassal::Module,
        state: &toml::Table,
        first_id: u64,
    ) -> Result<Table<'m>, String> {
        let mut t = Table::new(module, first_id);
        let marker = state
            .get("vp_marker")
            .and_then(|v| v.as_table())
            .ok_or("no vp_marker")?;
        let (face, at) = match (
            strings(marker, "rising_sun"),
            strings(marker, "allied_crusade"),
        ) {
            (r, _) if !r.is_empty() => ("1", r),
            (_, a) => ("2", a),
        };
        chart_piece(&mut t, "VP", &box_zone(&at), &[(FACE, face)])?;
        for (key, name) in [
            ("japanese_mandate", "Japanese Mandate"),
            ("hakko_ichiu", "Hakko Ichiu"),
        ] {
            let at = strings(state, key);
            if !at.is_empty() {
                chart_piece(&mut t, name, &box_zone(&at), &[])?;
            }
        }
        let war = title(&strings(state, "war_state"));
        chart_piece(&mut t, "War State", &war, &[])?;
        if let Some(esv) = state.get("current_esv").and_then(|v| v.as_integer()) {
            chart_piece(&mut t, "Current ESV", &format!("ESV {esv}"), &[])?;
        }
        swb_pieces(&mut t, state)?;
        influence_pieces(&mut t, state)?;
        self.control_pieces(&mut t, state)?;
        self.unit_pieces(&mut t, state)?;
        Ok(t)
    }

    fn control_pieces(&self, t: &mut Table<'_>, state: &toml::Table) -> Result<(), String> {
        for hex in tables(state, "strategic_hexes") {
            let controller = strings(hex, "controller");
            if controller.is_empty() {
                continue;
            }
            let at = self.region_point(&strings(hex, "label"));
            let name = format!("{} Control", title(&controller));
            t.place(&name, "Asia", at, &[], &Before::palette())?;
        }
        Ok(())
    }

    fn unit_pieces(&self, t: &mut Table<'_>, state: &toml::Table) -> Result<(), String> {
        for unit in tables(state, "units") {
            let at = self.region_point(&strings(unit, "label"));
            t.place(&strings(unit, "name"), "Asia", at, &[], &Before::palette())?;
        }
        Ok(())
    }

    fn finish(&self, table: Table<'_>) -> Result<Vec<u8>, String> {
        let boards = [("Asia", "Asia"), ("Charts", "Charts")];
        table.finish(&boards, &[("Solitaire", "Allies")], &Version::current())
    }
}

/// A marker from the palette entry `slot` in a zone of the Charts map.
fn chart_piece(
    t: &mut Table<'_>,
    slot: &str,
    zone: &str,
    states: &[(&str, &str)],
) -> Result<(), String> {
    t.place(slot, "Charts", zone_point(zone), states, &Before::palette())
}

fn box_zone(id: &str) -> String {
    if id == "automatic-victory" {
        "VP Automatic Victory".into()
    } else {
        format!("VP {id}")
    }
}

fn swb_pieces(t: &mut Table<'_>, state: &toml::Table) -> Result<(), String> {
    let swb = state
        .get("strategic_warfare_box")
        .and_then(|v| v.as_table());
    for (key, name) in [
        ("allied_collapse", "Allied Collapse"),
        ("military_takeover", "Military Takeover"),
    ] {
        let n = swb
            .and_then(|t| t.get(key))
            .and_then(|v| v.as_integer())
            .unwrap_or(0);
        for _ in 0..n {
            chart_piece(t, name, "Strategic Warfare Box", &[])?;
        }
    }
    Ok(())
}

fn influence_pieces(t: &mut Table<'_>, state: &toml::Table) -> Result<(), String> {
    let countries = state.get("countries").and_then(|v| v.as_table());
    for (key, country) in countries.into_iter().flatten() {
        let Some(influence) = country.get("influence").and_then(|v| v.as_str()) else {
            continue;
        };
        let name = format!("{} Influence", key.to_uppercase());
        let zone = match influence {
            "pro-axis" => "Pro-Axis",
            "pro-west" => "Pro-West",
            _ => "Neutral",
        };
        chart_piece(t, &name, zone, &[])?;
    }
    Ok(())
}
