//! Slots on real VASSAL files no one here wrote (the folder `VASSAL_SAMPLES_MORE`, its
//! `cases.json` pairing a buildFile and its board sizes with saves): identical palette entries
//! are one slot that a `slot` select takes (Carcassonne's three copies of tile `ac035`), and a
//! name that distinct entries share is refused, listing their paths (the skirmish module's
//! terrain tiles named `1`). Skipped, with a message, when the folder is not set; CI sets it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use std::path::{Path, PathBuf};

use vassal::profile::Profile;
use vassal::{Module, Options, Save};
use wargame_kit::shape::StateShape;

const SHAPE: StateShape<'static> = StateShape::new(&["demo"]);

/// The second samples folder (`VASSAL_SAMPLES_MORE`).
fn samples_more() -> Option<PathBuf> {
    common::env_dir("VASSAL_SAMPLES_MORE", "the slot checks on samples")
}

/// The module and games of the case of `cases.json` whose buildFile is in folder `folder`.
fn case(dir: &Path, folder: &str) -> (Module, Vec<(String, Save)>) {
    let text = std::fs::read_to_string(dir.join("cases.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let c = v
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["buildfile"]
                .as_str()
                .is_some_and(|b| b.starts_with(&format!("{folder}/")))
        })
        .unwrap_or_else(|| panic!("no case of {folder} in cases.json"));
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
    (module, games)
}

fn count_profile(slot: &str) -> Profile {
    let text =
        format!("game = \"demo\"\n[[counts]]\nkey = \"n\"\nselect = {{ slot = \"{slot}\" }}\n");
    Profile::from_toml_str(&text, Some("p.toml")).unwrap()
}

#[test]
fn identical_cards_are_one_slot_a_select_takes() {
    let Some(dir) = samples_more() else { return };
    let (module, games) = case(&dir, "carcassonne-ark");
    let profile = count_profile("ac035");
    let mut checked = 0;
    for (name, save) in &games {
        let options = Options::default().reveal(true);
        let pieces = vassal::read_pieces(&module, save, &options).unwrap();
        let by_name = pieces
            .pieces
            .iter()
            .filter(|p| p.name.as_deref() == Some("ac035"))
            .count();
        if by_name != 3 {
            continue;
        }
        for p in pieces
            .pieces
            .iter()
            .filter(|p| p.name.as_deref() == Some("ac035"))
        {
            let slot = p.slot.as_ref().unwrap();
            assert_eq!(slot.found, vassal::Found::Exact, "{name}: {slot:?}");
            assert_eq!(slot.entries, 3, "{name}: {slot:?}");
        }
        let imported = profile
            .import(&module, save, &options, &SHAPE)
            .unwrap_or_else(|e| panic!("{name}: {}", common::err_text(&e)));
        let state: toml::Table = imported.text.parse().unwrap();
        assert_eq!(state["n"].as_integer(), Some(3), "{name}");
        checked += 1;
    }
    assert!(
        checked > 0,
        "no Carcassonne save holds the three tiles ac035"
    );
}

#[test]
fn a_name_of_distinct_entries_is_refused_listing_their_paths() {
    let Some(dir) = samples_more() else { return };
    let (module, games) = case(&dir, "wmh");
    let (_, save) = &games[0];
    let e = count_profile("1")
        .import(&module, save, &Options::default(), &SHAPE)
        .unwrap_err();
    let kinds: Vec<_> = e.diagnostics().iter().map(|d| d.kind).collect();
    assert_eq!(kinds, [vassal::ErrorKind::Profile]);
    let text = common::err_text(&e);
    assert!(text.contains("distinct palette entries"), "{text}");
    assert!(text.contains("(at `counts[0].select.slot`)"), "{text}");
    // The entries named `1` are listed by their paths (the first 32 slots), with their lines.
    let entries: Vec<&vassal::PaletteEntry> =
        module.palette.iter().filter(|p| p.name == "1").collect();
    assert!(entries.len() > 1);
    for e in entries.iter().take(10) {
        assert!(
            text.contains(&format!("`{}` (line {})", e.path, e.line)),
            "{}: {text}",
            e.path
        );
    }
    // A path no other entry has selects that entry's pieces, and no other (three such).
    let pieces = vassal::read_pieces(&module, save, &Options::default()).unwrap();
    let mut checked = 0;
    for e in &entries {
        if module.palette.iter().filter(|p| p.path == e.path).count() > 1 {
            continue;
        }
        let from_it = pieces
            .pieces
            .iter()
            .filter_map(|p| p.slot.as_ref())
            .filter(|s| s.found != vassal::Found::Ambiguous && s.path == e.path)
            .count();
        if from_it == 0 {
            continue;
        }
        let imported = count_profile(&e.path)
            .import(&module, save, &Options::default(), &SHAPE)
            .unwrap_or_else(|err| panic!("{}", common::err_text(&err)));
        let state: toml::Table = imported.text.parse().unwrap();
        assert_eq!(state["n"].as_integer(), Some(from_it as i64), "{}", e.path);
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert!(checked > 0, "no piece of the save is of an entry named `1`");
}
