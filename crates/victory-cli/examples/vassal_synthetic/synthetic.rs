//! The synthetic VASSAL modules and saves of `fixtures/vassal/`, written in VASSAL's formats by
//! the `vassal` crate's writer. Each save puts on the board exactly what a TOML fixture holds,
//! so a save scored through its profile must give that fixture's report.
//!
//! - `leyte/Leyte-synthetic.vmod`: map `Leyte`, one board whose hex grid numbers the hexes as
//!   the stand-in map labels them (row then column, rows growing north), a `Dead Pile` and an
//!   `Exited` zone beside it; prototypes `US Unit` and `Japanese Unit`. A unit is a piece
//!   named `ID RATING` (`US-24-19 4-6-5`); an exited unit carries its exit hex in a marker
//!   `Exit Hex`.
//! - `dai-senso/DaiSenso-synthetic.vmod`: map `Asia` (its Strategic Hexes as regions named by
//!   label) and map `Charts` (zones: the VP track's boxes `VP 0` ... `VP 4`, the war states,
//!   the ESV track, the Strategic Warfare Box, the influence track). The VP marker's face is
//!   its layer `Face` (1 Rising Sun, 2 Allied Crusade); control markers use the prototype
//!   `Control`.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use vassal::write::{SaveText, add_piece, module_file, nest, png_header};

/// The fixtures each synthetic save mirrors, by game folder.
pub const LEYTE_SAVES: &[&str] = &["assault-scenario-end-position", "campaign-exit-0531-exited"];
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

/// Every file, with its path under the repository's root.
pub fn files(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::new();
    let leyte = leyte_module();
    let centres = hex_centres(&leyte)?;
    out.push((
        "fixtures/vassal/leyte/Leyte-synthetic.vmod".to_string(),
        leyte,
    ));
    for name in LEYTE_SAVES {
        let state = fixture(root, "leyte", name)?;
        out.push((
            format!("fixtures/vassal/leyte/{name}.vsav"),
            leyte_save(&state, &centres)?.to_file(),
        ));
    }
    let labels = dai_senso_labels(root)?;
    out.push((
        "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod".to_string(),
        dai_senso_module(&labels),
    ));
    for name in DAI_SENSO_SAVES {
        let state = fixture(root, "asia-engulfed", name)?;
        out.push((
            format!("fixtures/vassal/dai-senso/{name}.vsav"),
            dai_senso_save(&state, &labels)?.to_file(),
        ));
    }
    out.extend(bad_saves(root, &centres, &labels)?);
    Ok(out)
}

/// The saves of the bad-input fixtures: two VP markers; a unit whose name has no rating.
fn bad_saves(
    root: &Path,
    centres: &BTreeMap<String, (i32, i32)>,
    labels: &[String],
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let ds = fixture(root, "asia-engulfed", DAI_SENSO_SAVES[0])?;
    let two = dai_senso_save(&ds, labels)?.piece(
        "vp2",
        "VP",
        "Charts",
        zone_point("VP 3").0,
        zone_point("VP 3").1,
        &[(FACE, "2")],
    );
    let leyte = fixture(root, "leyte", LEYTE_SAVES[0])?;
    let (x, y) = centres.get("2215").copied().unwrap_or_default();
    let unrated = leyte_save(&leyte, centres)?.piece(
        "bad1",
        "US-99-1",
        "Leyte",
        x,
        y,
        &[("mark;Type", "Infantry"), ("prototype;US Unit", "")],
    );
    Ok(vec![
        (
            "fixtures/vassal/invalid/two-vp-markers.vsav".to_string(),
            two.to_file(),
        ),
        (
            "fixtures/vassal/invalid/unit-without-rating.vsav".to_string(),
            unrated.to_file(),
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

/// A prototype's definition: markers around an empty basic piece.
fn prototype(markers: &[(&str, &str)]) -> String {
    let types: Vec<String> = markers.iter().map(|m| format!("mark;{}", m.0)).collect();
    let types: Vec<&str> = types.iter().map(String::as_str).collect();
    let states: Vec<&str> = markers.iter().map(|m| m.1).collect();
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

/// The Leyte module's buildFile.
fn leyte_build_file() -> String {
    let zones = zone("Dead Pile", (HEX_WIDTH + 20, 20), (260, 400))
        + &zone("Exited", (HEX_WIDTH + 20, 440), (260, 400));
    let protos = prototypes(&[
        ("US Unit", prototype(&[("Nationality", "US")])),
        ("Japanese Unit", prototype(&[("Nationality", "Japanese")])),
    ]);
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule VassalVersion="3.7.9" name="Leyte (synthetic)" version="1.0">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Leyte">
    <{PICKER}>
      <{BOARD} image="leyte.png" name="Leyte">
        <{ZONED}>
{zones}          <{HEX} dx="{DX}" dy="{DY}" sideways="false" x0="25" y0="29">
            <{HEXN} first="V" hLeading="1" hOff="1" vDescend="true" vLeading="1" vOff="-5" stagger="false"/>
          </{HEX}>
        </{ZONED}>
      </{BOARD}>
    </{PICKER}>
  </VASSAL.build.module.Map>
{protos}</VASSAL.build.GameModule>
"#
    )
}

fn leyte_module() -> Vec<u8> {
    module_file(
        &leyte_build_file(),
        &[("leyte.png", &png_header(LEYTE_SIZE.0, LEYTE_SIZE.1))],
    )
}

/// The pixel centre of every hex the Leyte grid names as a stand-in label (`RRCC`), found by
/// asking the reader what VASSAL names each centre of the grid.
fn hex_centres(module: &[u8]) -> Result<BTreeMap<String, (i32, i32)>, String> {
    let module =
        vassal::Module::from_vmod(module, "Leyte-synthetic.vmod", &vassal::BoardSizes::new())
            .map_err(|e| e.to_string())?;
    let text = SaveText::new().boards("Leyte", &[("Leyte", 0, 0)]).finish();
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

/// A unit's traits: its type (`Artillery` or `Infantry`), its name when it has one, then its
/// side's prototype (and, exited, its exit hex).
fn leyte_traits(unit: &toml::Table, exit: Option<&str>) -> Vec<(String, String)> {
    let artillery = unit
        .get("artillery")
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let kind = if artillery { "Artillery" } else { "Infantry" };
    let mut traits = vec![("mark;Type".to_string(), kind.to_string())];
    let name = strings(unit, "name");
    if !name.is_empty() {
        // A marker's values are a comma-separated list: the name is one item of it.
        traits.push((
            "mark;Unit Name".into(),
            vassal::seq::Encoder::new(',').push(&name).finish(),
        ));
    }
    if let Some(hex) = exit {
        traits.push(("mark;Exit Hex".into(), hex.to_string()));
    }
    traits.push((leyte_prototype(unit).to_string(), String::new()));
    traits
}

fn leyte_piece(
    save: SaveText,
    n: usize,
    unit: &toml::Table,
    (x, y): (i32, i32),
    exit: Option<&str>,
) -> SaveText {
    let name = format!("{} {}", strings(unit, "id"), strings(unit, "rating"));
    let traits = leyte_traits(unit, exit);
    let traits: Vec<(&str, &str)> = traits
        .iter()
        .map(|(t, s)| (t.as_str(), s.as_str()))
        .collect();
    save.piece(&format!("u{n}"), &name, "Leyte", x, y, &traits)
}

fn leyte_prototype(unit: &toml::Table) -> &'static str {
    if strings(unit, "side") == "us" {
        "prototype;US Unit"
    } else {
        "prototype;Japanese Unit"
    }
}

/// A Leyte save holding what the fixture holds.
fn leyte_save(
    state: &toml::Table,
    centres: &BTreeMap<String, (i32, i32)>,
) -> Result<SaveText, String> {
    let mut save = SaveText::new().boards("Leyte", &[("Leyte", 0, 0)]);
    let mut n = 0;
    for unit in tables(state, "units") {
        let hex = strings(unit, "hex");
        let at = *centres
            .get(&hex)
            .ok_or_else(|| format!("no hex {hex} on the grid"))?;
        n += 1;
        save = leyte_piece(save, n, unit, at, None);
    }
    for unit in tables(state, "eliminated") {
        n += 1;
        save = leyte_piece(save, n, unit, (HEX_WIDTH + 150, 220), None);
    }
    for unit in tables(state, "exited") {
        n += 1;
        let hex = strings(unit, "hex");
        save = leyte_piece(save, n, unit, (HEX_WIDTH + 150, 640), Some(&hex));
    }
    Ok(save)
}

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

/// Every hex label the Dai Senso fixtures mirrored use (Strategic Hexes, units).
fn dai_senso_labels(root: &Path) -> Result<Vec<String>, String> {
    let mut labels = std::collections::BTreeSet::new();
    for name in DAI_SENSO_SAVES {
        let state = fixture(root, "asia-engulfed", name)?;
        for key in ["strategic_hexes", "units"] {
            for t in tables(&state, key) {
                labels.insert(strings(t, "label"));
            }
        }
    }
    Ok(labels.into_iter().collect())
}

fn region_point(labels: &[String], label: &str) -> (i32, i32) {
    let i = labels.iter().position(|l| l == label).unwrap_or(0);
    let i = i32::try_from(i).unwrap_or(0);
    (50 + (i % 10) * 80, 50 + (i / 10) * 80)
}

fn dai_senso_build_file(labels: &[String]) -> String {
    let regions: String = labels
        .iter()
        .map(|l| {
            let (x, y) = region_point(labels, l);
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
    let protos = prototypes(&[
        ("Control", prototype(&[("Kind", "Control")])),
        ("Western Unit", prototype(&[("Faction", "Western")])),
        ("Axis Unit", prototype(&[("Faction", "Axis")])),
    ]);
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule VassalVersion="3.7.9" name="Dai Senso (synthetic)" version="1.0">
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
{protos}</VASSAL.build.GameModule>
"#
    )
}

fn dai_senso_module(labels: &[String]) -> Vec<u8> {
    module_file(&dai_senso_build_file(labels), &[])
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

/// A marker piece on a zone of the Charts map.
fn chart_piece(
    save: SaveText,
    id: &str,
    name: &str,
    zone: &str,
    traits: &[(&str, &str)],
) -> SaveText {
    let (x, y) = zone_point(zone);
    save.piece(id, name, "Charts", x, y, traits)
}

/// A Dai Senso save holding what the fixture's markers, control and units hold.
fn dai_senso_save(state: &toml::Table, labels: &[String]) -> Result<SaveText, String> {
    let mut save = SaveText::new()
        .boards("Asia", &[("Asia", 0, 0)])
        .boards("Charts", &[("Charts", 0, 0)]);
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
    save = chart_piece(save, "vp", "VP", &box_zone(&at), &[(FACE, face)]);
    for (key, name) in [
        ("japanese_mandate", "Japanese Mandate"),
        ("hakko_ichiu", "Hakko Ichiu"),
    ] {
        let at = strings(state, key);
        if !at.is_empty() {
            save = chart_piece(save, key, name, &box_zone(&at), &[]);
        }
    }
    save = chart_piece(
        save,
        "war",
        "War State",
        &title(&strings(state, "war_state")),
        &[],
    );
    if let Some(esv) = state.get("current_esv").and_then(|v| v.as_integer()) {
        save = chart_piece(save, "esv", "Current ESV", &format!("ESV {esv}"), &[]);
    }
    save = swb_pieces(save, state);
    save = influence_pieces(save, state);
    Ok(unit_pieces(
        control_pieces(save, state, labels),
        state,
        labels,
    ))
}

fn box_zone(id: &str) -> String {
    if id == "automatic-victory" {
        "VP Automatic Victory".into()
    } else {
        format!("VP {id}")
    }
}

fn swb_pieces(mut save: SaveText, state: &toml::Table) -> SaveText {
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
        for i in 0..n {
            save = chart_piece(
                save,
                &format!("{key}{i}"),
                name,
                "Strategic Warfare Box",
                &[],
            );
        }
    }
    save
}

fn influence_pieces(mut save: SaveText, state: &toml::Table) -> SaveText {
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
        save = chart_piece(save, &format!("inf-{key}"), &name, zone, &[]);
    }
    save
}

fn control_pieces(mut save: SaveText, state: &toml::Table, labels: &[String]) -> SaveText {
    for hex in tables(state, "strategic_hexes") {
        let controller = strings(hex, "controller");
        if controller.is_empty() {
            continue;
        }
        let label = strings(hex, "label");
        let (x, y) = region_point(labels, &label);
        let name = format!("{} Control", title(&controller));
        save = save.piece(
            &format!("c-{label}"),
            &name,
            "Asia",
            x,
            y,
            &[("prototype;Control", "")],
        );
    }
    save
}

fn unit_pieces(mut save: SaveText, state: &toml::Table, labels: &[String]) -> SaveText {
    for (i, unit) in tables(state, "units").into_iter().enumerate() {
        let (x, y) = region_point(labels, &strings(unit, "label"));
        let proto = format!("prototype;{} Unit", title(&strings(unit, "faction")));
        save = save.piece(
            &format!("unit{i}"),
            &strings(unit, "name"),
            "Asia",
            x,
            y,
            &[(&proto, "")],
        );
    }
    save
}
