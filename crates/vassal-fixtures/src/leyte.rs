//! The Leyte modules and saves: the modules on the stand-in map's grid (counters named by id and
//! rating, or as printed with the table of what each face is worth), and the saves, each holding
//! what the TOML fixture it mirrors holds.

use std::collections::BTreeMap;
use std::path::Path;

use vassal::seq::Encoder;
use vassal::write::{SaveText, module_file, png_header};

use crate::build_file::{
    BOARD, DELETE, HEX, HEXN, MODULE_VERSION, PICKER, Panel, Slot, VASSAL_VERSION, ZONED,
    marker_prototype, piece_window, prototype, prototypes, zone,
};
use crate::fixture::{fixture, strings, tables};
use crate::save::{Before, Table};

/// The fixtures each synthetic save mirrors, by game folder.
pub(crate) const LEYTE_SAVES: &[&str] =
    &["assault-scenario-end-position", "campaign-exit-0531-exited"];
/// The Leyte fixture mirrored by a save whose dead pile holds the counter removed for an exit
/// shortfall (16.4, ruling L-15) in its box.
pub(crate) const LEYTE_REMOVED_SAVE: &str = "campaign-exit-0531-missed-3-2-5-removed";
/// The Leyte fixture mirrored by a save made with an older version of the module.
pub(crate) const LEYTE_OLD_SAVE: &str = "campaign-exit-0531-missed";
/// The Leyte fixture mirrored by a save of the module whose counters are named as printed.
pub(crate) const AS_PRINTED_SAVE: &str = "assault-scenario-end-position";

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
pub(crate) const UNRATED: &str = "US-99-1";

/// The Leyte modules' piece window.
const LEYTE_WINDOW: &str = "Pieces";

/// The Leyte module's file: its buildFile and the board's image.
pub(crate) fn leyte_module_file(build_file: &str) -> Vec<u8> {
    module_file(
        build_file,
        &[("leyte.png", &png_header(LEYTE_SIZE.0, LEYTE_SIZE.1))],
    )
}

/// The module whose counters are named as printed (`leyte/Leyte-as-printed.vmod`), its table
/// of counters (`leyte/counters.csv`) and the save of it mirroring [`AS_PRINTED_SAVE`].
/// A list as a marker's values or a layer's names hold it (comma-separated, escaped).
fn comma_list(items: &[&str]) -> String {
    items
        .iter()
        .fold(Encoder::new(','), |e, i| e.push(i))
        .finish()
}

/// The versions a save records, and the Leyte board's name in that version.
pub(crate) struct Version {
    module: &'static str,
    vassal: &'static str,
    board: &'static str,
}

impl Version {
    /// The module's version now.
    pub(crate) fn current() -> Version {
        Version {
            module: MODULE_VERSION,
            vassal: VASSAL_VERSION,
            board: LEYTE_BOARD,
        }
    }

    /// The older version of the module.
    pub(crate) fn old() -> Version {
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
pub(crate) struct LeyteUnits(Vec<LeyteUnit>);

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
    /// The counters of the units of the Leyte fixtures mirrored, and the unrated counter.
    pub(crate) fn of(root: &Path) -> Result<LeyteUnits, String> {
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
    pub(crate) fn counters_csv(&self) -> String {
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
pub(crate) enum Printing {
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
pub(crate) fn leyte_build_file(units: &LeyteUnits, printing: Printing) -> String {
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
pub(crate) fn hex_centres(module: &[u8]) -> Result<BTreeMap<String, (i32, i32)>, String> {
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
pub(crate) struct LeyteGame<'m> {
    pub(crate) module: &'m vassal::Module,
    pub(crate) centres: &'m BTreeMap<String, (i32, i32)>,
    pub(crate) units: &'m LeyteUnits,
    pub(crate) printing: Printing,
}

impl<'m> LeyteGame<'m> {
    /// The centre of hex `label`.
    pub(crate) fn hex(&self, label: &str) -> Result<(i32, i32), String> {
        self.centres
            .get(label)
            .copied()
            .ok_or_else(|| format!("no hex {label} on the grid"))
    }

    /// A piece that was in hex `label` of the Leyte board (named as `version` names it).
    pub(crate) fn before(&self, label: &str, version: &Version) -> Result<Before, String> {
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
    pub(crate) fn save(
        &self,
        state: &toml::Table,
        first_id: u64,
        v: &Version,
    ) -> Result<Table<'m>, String> {
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

    /// The save's file: `table` on the maps of version `v`, with both sides' players.
    pub(crate) fn finish(&self, table: Table<'_>, v: &Version) -> Result<Vec<u8>, String> {
        let mut boards = vec![("Leyte", v.board), (DEAD_PILE, DEAD_PILE)];
        if v.is_old() {
            boards.push((TURN_MAP, TURN_MAP));
        }
        let players = [("US Player", "US"), ("Japanese Player", "Japanese")];
        table.finish(&boards, &players, (v.module, v.vassal))
    }
}
