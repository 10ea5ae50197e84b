//! The checks on real VASSAL files that no one here wrote: the folders named by
//! `VASSAL_SAMPLES` and `VASSAL_SAMPLES_MORE` (each `cases.json` pairs a buildFile and its board
//! sizes with saves and logs). Skipped, with a message, when neither is set; CI sets both.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use std::path::{Path, PathBuf};

use vassal::{Locator, Module, Options, Save};

/// The first samples folder (`VASSAL_SAMPLES`), for the checks of its own files.
fn samples() -> Option<PathBuf> {
    common::env_dir("VASSAL_SAMPLES", "the sample checks")
}

/// Every samples folder set (`VASSAL_SAMPLES`, `VASSAL_SAMPLES_MORE`).
fn all_samples() -> Vec<PathBuf> {
    let dirs: Vec<PathBuf> = ["VASSAL_SAMPLES", "VASSAL_SAMPLES_MORE"]
        .iter()
        .filter_map(std::env::var_os)
        .map(PathBuf::from)
        .collect();
    if dirs.is_empty() {
        eprintln!(
            "VASSAL_SAMPLES and VASSAL_SAMPLES_MORE are not set: the sample checks are skipped"
        );
    }
    dirs
}

/// Every case of every samples folder.
fn all_cases() -> Vec<Case> {
    all_samples().iter().flat_map(|d| cases(d)).collect()
}

struct Case {
    module: Module,
    games: Vec<(String, Save)>,
    /// Whether the module has a hex grid.
    hex_grids: bool,
}

fn has_hexes(g: &vassal::grid::Grid) -> bool {
    use vassal::grid::Grid;
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

fn cases(dir: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(dir.join("cases.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for c in v.as_array().unwrap() {
        let bf = c["buildfile"].as_str().unwrap();
        let sizes = common::board_sizes(&dir.join(c["sizes"].as_str().unwrap()));
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
        let hex_grids = module.maps.iter().any(|m| {
            m.boards
                .iter()
                .any(|b| b.grid.as_ref().is_some_and(has_hexes))
        });
        out.push(Case {
            module,
            games,
            hex_grids,
        });
    }
    out
}

#[test]
fn every_command_and_piece_is_decoded() {
    for case in all_cases() {
        for (name, save) in &case.games {
            assert_eq!(save.commands.skipped, 0, "{name}: {:?}", save.warnings);
            assert!(save.commands.read > 0, "{name}");
            let options = Options::default().reveal(true);
            let pieces = vassal::read_pieces(&case.module, save, &options).unwrap();
            let position = save.replay(None).unwrap();
            assert_eq!(pieces.pieces.len(), position.piece_ids().len(), "{name}");
            assert!(!pieces.pieces.is_empty(), "{name}");
            for p in &pieces.pieces {
                // A map the module lacks (the save was made with another version of the
                // module), or a board of unknown size, leaves a piece unlocated, with a warning
                // naming the map.
                let map = p.map.clone().unwrap_or_default();
                if p.location.as_deref() == Some("unknown") {
                    let lacks = case.module.map(&map).is_none();
                    let no_size = case
                        .module
                        .map(&map)
                        .is_some_and(|m| m.boards.iter().any(|b| b.size.is_none()));
                    assert!(
                        lacks || no_size,
                        "{name}: piece {:?} on {map} at {:?},{:?}",
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
                // Every piece reaches its basic piece: its map and its name are the save's.
                assert_ne!(p.map.as_deref(), Some(""), "{name}: {:?}", p.id);
                let basic = p.properties.get("BasicName").map_or("", String::as_str);
                let name = p.name.as_deref().unwrap_or_default();
                assert!(
                    basic.is_empty() || !name.is_empty(),
                    "{name}: {:?} lost its name",
                    p.id
                );
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
    for case in all_cases().into_iter().filter(|c| c.hex_grids) {
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
                    "{name}: piece {:?} ({:?}) at {:?} snaps to {:?}",
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
    let mut matched = 0;
    let mut total = 0;
    let mut unlocated = 0;
    let mut wrong = Vec::new();
    for case in all_cases() {
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
                let number = |k: &str| p.properties.get(k).and_then(|v| v.parse().ok());
                let (x, y): (i32, i32) = (number("OldX").unwrap_or(0), number("OldY").unwrap_or(0));
                let ours = locator.locate(&map, x, y).location;
                // Where no location can be computed (a board of unknown size), none is given.
                if ours == "unknown" {
                    unlocated += 1;
                    continue;
                }
                total += 1;
                if ours == *old {
                    matched += 1
                } else {
                    wrong.push(format!(
                        "{name}: piece {:?} OldLocationName {old:?} at {map} {x},{y}: ours {ours:?}",
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
    eprintln!(
        "{matched} of {total} location names VASSAL recorded match ({unlocated} not located: a board of unknown size)"
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    if !all_samples().is_empty() {
        assert!(total >= 45, "{total}");
    }
}

/// Each piece's palette entry, recovered: a piece whose traits are exactly those of one entry
/// (each entry expanded with `Module::expand`, compared as text) gets that entry, found
/// `exact`; the others are counted by how they were found.
#[test]
fn the_palette_entry_of_every_piece_is_recovered() {
    for case in all_cases() {
        let expanded: Vec<(String, &vassal::PaletteEntry)> = case
            .module
            .palette
            .iter()
            .map(|e| {
                let body = e.definition.strip_prefix("+/").unwrap_or(&e.definition);
                let mut d = vassal::seq::Decoder::new(body, '/');
                let _ = d.next();
                let (ty, state) = (d.next().unwrap_or_default(), d.next().unwrap_or_default());
                (case.module.expand(&ty, &state).0, e)
            })
            .collect();
        for (name, save) in &case.games {
            let position = save.replay(None).unwrap();
            let options = Options::default().reveal(true);
            let pieces = vassal::read_pieces(&case.module, save, &options).unwrap();
            let mut found: std::collections::BTreeMap<String, usize> = Default::default();
            for ((id, ty, _), p) in vassal::internal::raw_pieces(&position)
                .iter()
                .zip(&pieces.pieces)
            {
                assert_eq!(Some(*id), p.id.as_deref(), "{name}");
                let (ours, _) = case.module.expand(ty, "");
                let same: Vec<&&vassal::PaletteEntry> = expanded
                    .iter()
                    .filter(|(t, _)| *t == ours)
                    .map(|(_, e)| e)
                    .collect();
                let how = p
                    .slot
                    .as_ref()
                    .map_or("none".to_string(), |s| format!("{:?}", s.found));
                if let [only] = same.as_slice() {
                    let slot = p
                        .slot
                        .as_ref()
                        .unwrap_or_else(|| panic!("{name}: {:?} has no slot", p.id));
                    assert_eq!(slot.found, vassal::Found::Exact, "{name}: {:?}", p.id);
                    assert_eq!(slot.path, only.path, "{name}: {:?}", p.id);
                    assert_eq!(
                        p.prototypes_found,
                        Some(vassal::Found::Exact),
                        "{name}: {:?}",
                        p.id
                    );
                }
                *found.entry(how).or_insert(0) += 1;
            }
            eprintln!("{name}: palette entries recovered {found:?}");
        }
    }
}

/// A profile drafted from each save (`draft_from_save`) reads back, and every entry it proposes
/// selects at least one piece.
#[test]
fn a_profile_drafted_from_each_save_selects_with_every_entry() {
    let shape = wargame_kit::shape::StateShape::new(&["FILL IN"]);
    for case in all_cases() {
        for (name, save) in &case.games {
            let pieces = vassal::read_pieces(&case.module, save, &Options::default()).unwrap();
            let text = vassal::profile::draft_from_save(&case.module, &pieces);
            let profile = vassal::profile::Profile::from_toml_str(&text, Some("draft.toml"))
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            let imported = profile
                .import(&case.module, save, &Options::default(), &shape)
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            assert!(!imported.taken.is_empty(), "{name}");
            for (entry, n) in &imported.taken {
                assert!(*n > 0, "{name}: {entry} selects nothing\n{text}");
            }
            eprintln!("{name}: the draft's entries take {:?}", imported.taken);
        }
    }
}

#[test]
fn every_sample_reads_well_within_the_text_budget() {
    // The text the pieces hold against the input (save and buildFile), revealed (the most a
    // read builds): at most a quarter of the budget's multiple.
    let mut worst = (0.0_f64, String::new());
    for case in all_cases() {
        for (name, save) in &case.games {
            let read = vassal::read_pieces(&case.module, save, &Options::default().reveal(true))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let held: usize = read.pieces.iter().map(vassal::internal::text_held).sum();
            let input = vassal::internal::input_bytes(&case.module, save);
            let ratio = held as f64 / input as f64;
            assert!(
                held <= input * vassal::limits::TEXT_BUDGET_FACTOR / 4,
                "{name}: {held} bytes of text from {input} bytes of input ({ratio:.2}x)"
            );
            if ratio > worst.0 {
                worst = (ratio, format!("{name}: {held} bytes from {input}"));
            }
        }
    }
    eprintln!("the most text for its input: {:.2}x ({})", worst.0, worst.1);
}

/// No name in any listing keeps a `$NAME$` reference to a property the piece defines (its
/// labels' formats are evaluated as VASSAL evaluates them); what stays is a property the reader
/// does not know (a Calculated Property, a global one), with a warning naming it.
#[test]
fn no_name_keeps_a_format_whose_property_the_piece_defines() {
    let (mut evaluated, mut kept) = (0, 0);
    for case in all_cases() {
        for (name, save) in &case.games {
            for reveal in [false, true] {
                let options = Options::default().reveal(reveal);
                let pieces = vassal::read_pieces(&case.module, save, &options).unwrap();
                for p in &pieces.pieces {
                    let Some(shown) = &p.name else { continue };
                    if p.raw_name.is_some() {
                        evaluated += 1;
                    }
                    // Every second element between `$`s, with one after it, is a reference.
                    let mut tokens = vassal::seq::Decoder::new(shown, '$');
                    let mut is_property = true;
                    let mut refers = false;
                    while let Some(token) = tokens.next() {
                        is_property = !is_property;
                        if !is_property || token.is_empty() || !tokens.has_more() {
                            continue;
                        }
                        refers = true;
                        assert!(
                            !p.properties.contains_key(&token),
                            "{name}: {:?} named {shown:?} keeps `${token}$`, which it defines",
                            p.id
                        );
                        assert!(
                            pieces
                                .warnings
                                .iter()
                                .any(|w| w.message.contains(&format!("`${token}$`"))
                                    || w.message.contains(" more")),
                            "{name}: `${token}$` kept without a warning"
                        );
                    }
                    kept += usize::from(refers);
                }
            }
        }
    }
    eprintln!(
        "names whose labels were evaluated: {evaluated}; names keeping a reference the reader does not know: {kept} (listings with and without --reveal)"
    );
}

#[test]
fn every_sample_module_s_sides_are_its_roster_s_and_each_reads() {
    // Every sample module has a PlayerRoster; each private window belongs to sides of it, and
    // each side reads every save (as that player), while a side the roster lacks is refused.
    for case in all_cases() {
        let m = &case.module;
        assert!(!m.sides.is_empty(), "{}: no sides read", m.source);
        for map in &m.maps {
            if let Some(window) = &map.private {
                for side in window.sides() {
                    assert!(m.sides.contains(side), "{}: {side} of {}", m.source, map.id);
                }
            }
        }
        for (name, save) in &case.games {
            for side in &m.sides {
                let options = Options::default().sides([side.as_str()]);
                vassal::read_pieces(m, save, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            let e = vassal::read_pieces(m, save, &Options::default().sides(["No such side"]))
                .unwrap_err();
            assert_eq!(
                e.diagnostics()[0].kind,
                vassal::ErrorKind::UnknownSide,
                "{name}"
            );
        }
    }
}
