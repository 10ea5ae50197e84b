//! The checks on real VASSAL files that no one here wrote: the folder named by `VASSAL_SAMPLES`
//! (its `cases.json` pairs each buildFile and its board sizes with saves and logs). Skipped,
//! with a message, when the variable is unset; CI sets it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use vassal::{BoardSizes, Locator, Module, Options, Save};

fn samples() -> Option<PathBuf> {
    match std::env::var_os("VASSAL_SAMPLES") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => {
            eprintln!("VASSAL_SAMPLES is not set: the sample checks are skipped");
            None
        }
    }
}

fn sizes(path: &Path) -> BoardSizes {
    let text = std::fs::read_to_string(path).unwrap();
    let v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
    v.into_iter()
        .map(|(k, v)| {
            let a = v.as_array().unwrap();
            (
                k,
                (a[0].as_u64().unwrap() as u32, a[1].as_u64().unwrap() as u32),
            )
        })
        .collect()
}

struct Case {
    module: Module,
    games: Vec<(String, Save)>,
}

fn cases(dir: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(dir.join("cases.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for c in v.as_array().unwrap() {
        let bf = c["buildfile"].as_str().unwrap();
        let sizes = sizes(&dir.join(c["sizes"].as_str().unwrap()));
        let text = std::fs::read_to_string(dir.join(bf)).unwrap();
        let module = Module::from_build_file(&text, bf, &sizes).unwrap();
        let games = c["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let g = g.as_str().unwrap();
                let bytes = std::fs::read(dir.join(g)).unwrap();
                (g.to_string(), Save::from_bytes(&bytes, g).unwrap())
            })
            .collect();
        out.push(Case { module, games });
    }
    out
}

#[test]
fn every_command_and_piece_is_decoded() {
    let Some(dir) = samples() else { return };
    for case in cases(&dir) {
        for (name, save) in &case.games {
            assert_eq!(save.commands.skipped, 0, "{name}: {:?}", save.warnings);
            assert!(save.commands.read > 0, "{name}");
            let pieces = vassal::read_pieces(&case.module, save, &Options::default()).unwrap();
            let position = save.replay(None).unwrap();
            assert_eq!(pieces.pieces.len(), position.piece_ids().len(), "{name}");
            assert!(!pieces.pieces.is_empty(), "{name}");
            for p in &pieces.pieces {
                // Only a map the module lacks (the save was made with another version of the
                // module) leaves a piece unlocated, with a warning naming the map.
                if p.location.as_deref() == Some("unknown") {
                    let map = p.map.clone().unwrap_or_default();
                    assert!(
                        case.module.map(&map).is_none(),
                        "{name}: piece {} on {map} at {:?},{:?}",
                        p.id,
                        p.x,
                        p.y
                    );
                    assert!(
                        pieces
                            .warnings
                            .iter()
                            .any(|w| w.message.contains(&format!("`{map}`"))),
                        "{name}: {map}"
                    );
                }
                assert!(p.name.is_some(), "{name}: {}", p.id);
            }
            eprintln!(
                "{name}: {} commands read, {} skipped, {} pieces, {} steps; warnings: {:#?}",
                save.commands.read,
                save.commands.skipped,
                pieces.pieces.len(),
                save.steps(),
                pieces
                    .warnings
                    .iter()
                    .map(|w| w.to_string())
                    .collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn tld_log_has_its_commands() {
    let Some(dir) = samples() else { return };
    let bytes = std::fs::read(dir.join("tld/0611-1.log")).unwrap();
    let save = Save::from_bytes(&bytes, "0611-1.log").unwrap();
    assert_eq!(save.commands.read + save.commands.skipped, 7471);
}

#[test]
fn pieces_on_hex_grids_sit_where_snap_to_hex_puts_them() {
    let Some(dir) = samples() else { return };
    for case in cases(&dir) {
        for (name, save) in &case.games {
            let tolerance = if name.ends_with("scenario_4.sav") {
                1
            } else {
                0
            };
            let position = save.replay(None).unwrap();
            let locator = Locator::new(&case.module, &position);
            let pieces = vassal::read_pieces(&case.module, save, &Options::default()).unwrap();
            let mut checked = 0;
            for p in &pieces.pieces {
                let Some(map) = &p.map else { continue };
                let (Some(x), Some(y)) = (p.x, p.y) else {
                    continue;
                };
                let Some((grid, at, _, _)) = locator.hex_grid_at(map, x, y) else {
                    continue;
                };
                let snapped = grid.snap_to_hex(at);
                let off = (snapped.0 - at.0).abs().max((snapped.1 - at.1).abs());
                assert!(
                    off <= tolerance,
                    "{name}: piece {} ({:?}) at {:?} snaps to {:?}",
                    p.id,
                    p.name,
                    at,
                    snapped
                );
                checked += 1;
            }
            eprintln!("{name}: {checked} pieces on hex grids checked against snapToHex");
            assert!(checked > 0, "{name}");
        }
    }
}

#[test]
fn every_location_vassal_recorded_is_ours() {
    let Some(dir) = samples() else { return };
    let mut matched = 0;
    let mut total = 0;
    let mut wrong = Vec::new();
    for case in cases(&dir) {
        for (name, save) in &case.games {
            let position = save.replay(None).unwrap();
            let locator = Locator::new(&case.module, &position);
            let pieces = vassal::read_pieces(&case.module, save, &Options::default()).unwrap();
            for p in &pieces.pieces {
                let Some(old) = p
                    .properties
                    .get("OldLocationName")
                    .filter(|s| !s.is_empty())
                else {
                    continue;
                };
                let map = p.properties.get("OldMap").cloned().unwrap_or_default();
                let x: i32 = p
                    .properties
                    .get("OldX")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                let y: i32 = p
                    .properties
                    .get("OldY")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                let ours = locator.locate(&map, x, y).location;
                total += 1;
                if ours == *old {
                    matched += 1
                } else {
                    wrong.push(format!(
                        "{name}: piece {} OldLocationName {old:?} at {map} {x},{y}: ours {ours:?}",
                        p.id
                    ))
                }
            }
            // Line-of-sight reports: "Checked LOS from A to B, ..., Z" after a LOS command.
            for los in &position.los {
                let Some((_, chat)) = position.chat.iter().find(|(n, _)| *n == los.number + 1)
                else {
                    continue;
                };
                let Some(at) = chat.find("Checked LOS from ") else {
                    continue;
                };
                let rest = &chat[at + "Checked LOS from ".len()..];
                let Some((first, hexes)) = rest.split_once(" to ") else {
                    continue;
                };
                let last = hexes.rsplit(", ").next().unwrap_or(hexes).trim();
                // The thread's map; a module of another version may lack the thread: then the
                // map with a hex grid (a line-of-sight report names hexes).
                let map = case
                    .module
                    .maps
                    .iter()
                    .find(|m| m.los_threads.contains(&los.thread))
                    .or_else(|| case.module.maps.iter().find(|m| m.boards.iter().any(|b| matches!(&b.grid, Some(g) if g.hex_grid_at((0, 0)).is_some() || matches!(g, vassal::grid::Grid::Zoned(z) if matches!(z.background.as_deref(), Some(vassal::grid::Grid::Hex(_))))))))
                    .map(|m| m.id.clone())
                    .unwrap();
                for (want, pt) in [(first.trim(), los.from), (last, los.to)] {
                    let ours = locator.locate(&map, pt.0, pt.1).location;
                    total += 1;
                    if ours == want {
                        matched += 1
                    } else {
                        wrong.push(format!(
                            "{name}: LOS {} point {pt:?}: VASSAL {want:?}, ours {ours:?}",
                            los.number
                        ))
                    }
                }
            }
        }
    }
    eprintln!("{matched} of {total} location names VASSAL recorded match");
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(total, 45);
}
