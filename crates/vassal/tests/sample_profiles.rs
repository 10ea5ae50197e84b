//! Profiles written by hand for real saves no one here wrote (the folder named by
//! `VASSAL_SAMPLES`; skipped, with a message, when it is not set): each selects what the
//! listing shows, and each fails loudly, at the entry that holds it, under every kind of typo
//! a profile can hold (a map, a zone, a property, a value, a name or part of one, a palette
//! entry, a prototype, a table's key), whatever the entry says (`optional`, `may_be_empty`
//! excuse an absent piece, never a name that exists nowhere).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use vassal::profile::Profile;
use vassal::{Module, Options, Save};
use wargame_kit::resolve::MemoryResolver;

/// A profile of this folder for a sample: its file, the sample's folder, module, sizes and
/// save (relative to `VASSAL_SAMPLES`), its tables.
struct Written {
    file: &'static str,
    text: &'static str,
    module: &'static str,
    sizes: &'static str,
    save: &'static str,
    tables: &'static [(&'static str, &'static str)],
}

/// Every profile written for a shared sample.
const WRITTEN: &[Written] = &[Written {
    file: "ragnarok.profile.toml",
    text: include_str!("profiles/ragnarok.profile.toml"),
    module: "ragnarok/buildFile.xml",
    sizes: "ragnarok/board-sizes.json",
    save: "ragnarok/ragnarok-start.vsav",
    tables: &[("heroes.csv", include_str!("profiles/heroes.csv"))],
}];

struct Sample {
    module: Module,
    save: Save,
}

fn sample(w: &Written) -> Option<Sample> {
    let dir = common::env_dir(
        "VASSAL_SAMPLES",
        "the checks of the profiles written for it",
    )?;
    let sizes = common::board_sizes(&dir.join(w.sizes));
    let build = std::fs::read_to_string(dir.join(w.module)).unwrap();
    let module = Module::from_build_file(&build, w.module, &sizes).unwrap();
    let save = Save::from_bytes(&std::fs::read(dir.join(w.save)).unwrap(), w.save).unwrap();
    Some(Sample { module, save })
}

/// The state a profile's text imports from its sample, or the problems.
fn import(w: &Written, s: &Sample, text: &str) -> Result<toml::Table, String> {
    let profile = Profile::from_toml_str(text, Some(w.file)).map_err(|e| e.to_string())?;
    let mut files = MemoryResolver::default();
    for (name, text) in w.tables {
        files = files.with(*name, *text);
    }
    let profile = profile.with_tables(&files).map_err(|e| e.to_string())?;
    let shape = wargame_kit::shape::StateShape::new(&["ragnarok"]);
    let imported = profile
        .import(&s.module, &s.save, &Options::default(), &shape)
        .map_err(|e| e.to_string())?;
    Ok(imported.text.parse().unwrap())
}

/// Ragnarok's pieces selected by property, by the prototype recovered from their palette
/// entries, by entry and by name; counts each entry takes, as the listing shows them.
#[test]
fn a_hand_written_profile_selects_what_the_listing_shows() {
    let w = &WRITTEN[0];
    let Some(s) = sample(w) else { return };
    let state = import(w, &s, w.text).unwrap();
    assert_eq!(state["aesir"].as_integer(), Some(48));
    assert_eq!(state["jotun"].as_integer(), Some(36));
    assert_eq!(state["warriors"].as_integer(), Some(20));
    assert!(state["frost_units"].as_integer().unwrap() > 0);
    assert_eq!(state["melee"].as_str(), Some("offboard"));
    let endurance = state["endurance_track"].as_array().unwrap();
    assert_eq!(endurance.len(), 12);
    assert!(
        endurance
            .iter()
            .all(|e| e["id"].as_str().is_some_and(|i| i.len() == 13))
    );
    let heroes = state["hero_strengths"].as_array().unwrap();
    assert!(!heroes.is_empty());
    assert!(heroes.iter().all(|h| h["strength"].as_str().is_some()));
}

/// Each profile with `from` (found once in it, as a whole TOML string) made `to`: refused, at
/// `key`, with `words` in the message and `help` in it.
fn refused(kind: &str, from: &str, to: &str, key: &str, words: &str, help: &str) {
    for w in WRITTEN {
        let Some(s) = sample(w) else { return };
        let quoted = format!("\"{from}\"");
        assert_eq!(
            w.text.matches(&quoted).count(),
            1,
            "{}: {quoted} is not in the profile once",
            w.file
        );
        let text = w.text.replacen(&quoted, &format!("\"{to}\""), 1);
        let e = match import(w, &s, &text) {
            Ok(state) => panic!(
                "{} with a typo of a {kind} ({from} -> {to}) imports:\n{state:?}",
                w.file
            ),
            Err(e) => e,
        };
        assert!(e.contains(key), "{kind}: not at {key}:\n{e}");
        assert!(e.contains(words), "{kind}: no `{words}`:\n{e}");
        assert!(e.contains(help), "{kind}: no `{help}`:\n{e}");
    }
}

#[test]
fn a_misspelt_map_is_refused() {
    refused(
        "map",
        "Main Map",
        "Main Mpa",
        "pieces[0].select.map",
        "the module has no map `Main Mpa`",
        "did you mean `Main Map`?",
    );
}

#[test]
fn a_misspelt_zone_is_refused() {
    refused(
        "zone",
        "endurance",
        "endurence",
        "pieces[0].select.zone",
        "the module has no zone `endurence`",
        "did you mean `endurance`?",
    );
}

#[test]
fn a_misspelt_property_is_refused() {
    refused(
        "property",
        "Side",
        "Sied",
        "pieces[0].fields.side.property",
        "has a property `Sied`",
        "did you mean `Side`?",
    );
}

#[test]
fn a_misspelt_value_is_refused() {
    refused(
        "value",
        "Aesir",
        "Aesri",
        "counts[0].select.property.Side",
        "no piece of the save has `Side` = `Aesri`, and the module defines no such value",
        "did you mean `Aesir`?",
    );
}

/// An optional marker's name: `optional` excuses an absent piece, never a name that exists
/// nowhere.
#[test]
fn a_misspelt_name_is_refused_though_the_marker_is_optional() {
    refused(
        "name",
        "mkr-melee",
        "mkr-mele",
        "markers[0].select.name",
        "is named `mkr-mele`",
        "did you mean `mkr-melee`?",
    );
}

/// A part of a name, in an entry that may be empty: refused all the same.
#[test]
fn a_misspelt_part_of_a_name_is_refused_though_the_entry_may_be_empty() {
    refused(
        "name_contains",
        "hero-",
        "heor-",
        "pieces[1].select.name_contains",
        "has a name containing `heor-`",
        "",
    );
    refused(
        "name_contains",
        "frost",
        "forst",
        "counts[3].select.name_contains",
        "has a name containing `forst`",
        "",
    );
}

#[test]
fn a_misspelt_slot_is_refused() {
    refused(
        "slot",
        "unit-warrior",
        "unit-warior",
        "counts[2].select.slot",
        "the module has no palette entry (slot) named `unit-warior`",
        "did you mean `unit-warrior`?",
    );
}

#[test]
fn a_misspelt_prototype_is_refused() {
    refused(
        "prototype",
        "Counter-Jotun",
        "Counter-Jotnu",
        "counts[1].select.prototype",
        "the module has no prototype `Counter-Jotnu`",
        "did you mean `Counter-Jotun`?",
    );
}

#[test]
fn a_misspelt_table_key_is_refused() {
    refused(
        "table column",
        "strength",
        "strenght",
        "pieces[1].fields.strength.lookup",
        "has no column `strenght`",
        "",
    );
    refused(
        "table",
        "heroes",
        "heros",
        "pieces[1].fields.strength.lookup.table",
        "no table `heros`",
        "",
    );
}
