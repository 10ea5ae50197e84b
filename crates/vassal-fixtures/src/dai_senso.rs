//! The Dai Senso module (map `Asia` of Strategic Hexes, map `Charts` of the tracks' boxes) and
//! its saves, each holding what the TOML fixture it mirrors holds.

use std::path::Path;

use crate::build_file::{
    BOARD, DELETE, MODULE_VERSION, PICKER, Panel, REGION, REGIONS, Slot, VASSAL_VERSION, ZONED,
    marker_prototype, piece_window, prototype, prototypes, xml, zone,
};
use crate::fixture::{fixture, strings, tables};
use crate::save::{Before, Table};

/// The Dai Senso fixtures mirrored.
pub(crate) const DAI_SENSO_SAVES: &[&str] = &["final-nei-pro-west-us-unit-in-tokyo"];

/// `kebab-case` as `Title Case`.
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

/// The VP marker's layer: two levels, Rising Sun then Allied Crusade.
pub(crate) const FACE: &str = "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;rising-sun.png,allied-crusade.png;,;true;Face;;;false;;1;1";

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
pub(crate) fn zone_point(name: &str) -> (i32, i32) {
    let (x, y) = zone_origin(name);
    (x + 100, y + 20)
}

/// What the Dai Senso module is made of: every hex label the fixtures mirrored use (Strategic
/// Hexes, units), their units (name, faction) and the countries with an influence marker.
pub(crate) struct DaiSenso {
    labels: Vec<String>,
    units: Vec<(String, String)>,
    countries: Vec<String>,
}

/// The unit factions, each with its prototype.
const FACTIONS: &[&str] = &["western", "axis"];

impl DaiSenso {
    /// What the fixtures mirrored hold.
    pub(crate) fn of(root: &Path) -> Result<DaiSenso, String> {
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

    /// The module's buildFile.
    pub(crate) fn build_file(&self) -> String {
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
    pub(crate) fn save<'m>(
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

    /// The save's file: `table` on both maps, one solitaire player.
    pub(crate) fn finish(&self, table: Table<'_>) -> Result<Vec<u8>, String> {
        let boards = [("Asia", "Asia"), ("Charts", "Charts")];
        table.finish(
            &boards,
            &[("Solitaire", "Allies")],
            (MODULE_VERSION, VASSAL_VERSION),
        )
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
