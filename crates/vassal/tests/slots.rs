//! Palette entries grouped into slots (entries whose traits, prototypes expanded, are the same,
//! whatever their paths or gpids), and a profile's `slot` select: identical entries are one slot
//! (three copies of a card in a deck, one counter listed in a setup tab and a reinforcement tab);
//! a name that distinct slots share is refused, listing their paths; a path selects its slot.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use vassal::profile::{Imported, Profile};
use vassal::write::{SaveText, add_piece, nest, piece_slot};
use vassal::{BoardSizes, Found, Module, Options, Save};
use wargame_kit::shape::StateShape;

const SHAPE: StateShape<'static> = StateShape::new(&["demo"]);

/// A module of map `Main` holding `in_map` (decks), and a piece window `Pieces` of `in_window`.
fn module(in_map: &str, in_window: &str) -> Module {
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.PieceWindow name="Pieces">{in_window}</VASSAL.build.module.PieceWindow><VASSAL.build.module.Map mapName="Main">{in_map}</VASSAL.build.module.Map></VASSAL.build.GameModule>"#
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// A palette entry's definition: basic piece `name` (image `image`) under a marker `Side`, of
/// `gpid`.
fn definition(name: &str, image: &str, side: &str, gpid: &str) -> String {
    add_piece(
        "null",
        &nest(&["mark;Side"], &format!("piece;;;{image};{name}")),
        &nest(&[side], &format!("null;0;0;{gpid};0")),
    )
}

/// A tab of the piece window holding these entries.
fn tab(name: &str, entries: &str) -> String {
    format!(
        r#"<VASSAL.build.widget.TabWidget entryName="{name}">{entries}</VASSAL.build.widget.TabWidget>"#
    )
}

/// A piece placed on `Main` from an entry of that basic piece, its marker now `side`.
fn piece(id: &str, name: &str, image: &str, side: &str, gpid: &str) -> String {
    add_piece(
        id,
        &nest(&["mark;Side"], &format!("piece;;;{image};{name}")),
        &nest(&[side], &format!("Main;10;10;{gpid};0")),
    )
}

fn save(commands: &[String]) -> Save {
    let mut t = SaveText::new();
    for c in commands {
        t = t.command(c);
    }
    Save::from_bytes(t.finish().as_bytes(), "game.vsav").unwrap()
}

fn import(module: &Module, save: &Save, profile: &str) -> Result<Imported, vassal::Error> {
    let p = Profile::from_toml_str(profile, Some("p.toml"))?;
    p.import(module, save, &Options::default(), &SHAPE)
}

/// The count a profile of one `[[counts]]` selecting by `slot` gives.
fn count(module: &Module, save: &Save, slot: &str) -> i64 {
    let profile =
        format!("game = \"demo\"\n[[counts]]\nkey = \"n\"\nselect = {{ slot = \"{slot}\" }}\n");
    let imported = import(module, save, &profile).unwrap_or_else(|e| panic!("{slot}: {e}"));
    let state: toml::Table = imported.text.parse().unwrap();
    state["n"].as_integer().unwrap()
}

#[test]
fn three_identical_cards_without_a_gpid_are_one_slot() {
    // Three copies of one tile in a deck: the same name, the same path, no gpid.
    let card = format!(
        r#"<VASSAL.build.widget.CardSlot entryName="ac035" height="0" width="0">{}</VASSAL.build.widget.CardSlot>"#,
        common::xml(&definition("ac035", "ac035.png", "", ""))
    );
    let deck = format!(
        r#"<VASSAL.build.module.map.DrawPile name="Tiles" x="0" y="0">{card}{card}{card}</VASSAL.build.module.map.DrawPile>"#
    );
    let other = piece_slot(
        "Meeple",
        "",
        (10, 10),
        &definition("Meeple", "m.png", "", ""),
    );
    let module = module(&deck, &other);
    let save = save(&[
        piece("t1", "ac035", "ac035.png", "Red", ""),
        piece("t2", "ac035", "ac035.png", "", ""),
        piece("t3", "ac035", "ac035.png", "Blue", ""),
        piece("m1", "Meeple", "m.png", "", ""),
    ]);
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    for p in &pieces.pieces[..3] {
        let slot = p.slot.as_ref().unwrap();
        assert_eq!(slot.found, Found::Exact, "{slot:?}");
        assert_eq!(slot.path, "Main / Tiles / ac035", "{slot:?}");
        assert_eq!(slot.entries, 3, "{slot:?}");
        assert_eq!(slot.paths, ["Main / Tiles / ac035"; 3], "{slot:?}");
        assert_eq!(slot.fitting, 1, "{slot:?}");
    }
    assert_eq!(count(&module, &save, "ac035"), 3);
    assert_eq!(count(&module, &save, "Main / Tiles / ac035"), 3);
    assert_eq!(count(&module, &save, "Meeple"), 1);
}

/// The Leyte module's counter `US-24-19` listed twice, in a setup tab and a reinforcement tab
/// (as modules older than gpids list it, and as one copied between tabs keeps it): the same
/// traits, the same gpid; and a unit of its own.
fn listed_twice() -> (Module, Save) {
    let unit = definition("US-24-19", "us-24-19.png", "US", "101");
    let other = definition("US-7-17", "us-7-17.png", "US", "102");
    let window = tab(
        "Setup",
        &(piece_slot("US-24-19", "101", (10, 10), &unit)
            + &piece_slot("US-7-17", "102", (10, 10), &other)),
    ) + &tab(
        "Reinforcements",
        &piece_slot("US-24-19", "101", (10, 10), &unit),
    );
    let module = module("", &window);
    let save = save(&[
        piece("u1", "US-24-19", "us-24-19.png", "US", "101"),
        piece("u2", "US-7-17", "us-7-17.png", "US", "102"),
    ]);
    (module, save)
}

#[test]
fn a_counter_listed_in_two_palettes_keeps_its_slot() {
    let (module, save) = listed_twice();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let slot = pieces.pieces[0].slot.as_ref().unwrap();
    assert_eq!(slot.found, Found::Exact, "{slot:?}");
    assert_eq!(slot.name, "US-24-19");
    assert_eq!(slot.path, "Pieces / Setup / US-24-19");
    assert_eq!(
        slot.paths,
        [
            "Pieces / Setup / US-24-19",
            "Pieces / Reinforcements / US-24-19"
        ]
    );
    assert_eq!(slot.entries, 2);
    assert_eq!(pieces.pieces[0].prototypes_found, Some(Found::Exact));
    // Selected by its name, by either path, and among the units a scenario scores.
    assert_eq!(count(&module, &save, "US-24-19"), 1);
    assert_eq!(count(&module, &save, "Pieces / Setup / US-24-19"), 1);
    assert_eq!(
        count(&module, &save, "Pieces / Reinforcements / US-24-19"),
        1
    );
    let profile = r#"
game = "demo"
[[pieces]]
into = "units"
select = { slot = ["US-24-19", "US-7-17"] }
fields = { id = { name = true } }
"#;
    let imported = import(&module, &save, profile).unwrap();
    let state: toml::Table = imported.text.parse().unwrap();
    let ids: Vec<&str> = state["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["US-24-19", "US-7-17"]);
}

#[test]
fn entries_that_differ_only_in_their_gpid_are_one_slot() {
    // One counter listed twice, each entry of its own gpid: the piece's gpid names the entry
    // it came from, and either path selects it.
    let window = tab(
        "Setup",
        &piece_slot("Tank", "7", (10, 10), &definition("Tank", "t.png", "", "7")),
    ) + &tab(
        "Later",
        &piece_slot("Tank", "8", (10, 10), &definition("Tank", "t.png", "", "8")),
    );
    let module = module("", &window);
    let save = save(&[piece("p1", "Tank", "t.png", "x", "8")]);
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let slot = pieces.pieces[0].slot.as_ref().unwrap();
    assert_eq!(slot.found, Found::Exact, "{slot:?}");
    assert_eq!(slot.path, "Pieces / Later / Tank");
    assert_eq!(slot.entries, 2);
    assert_eq!(count(&module, &save, "Pieces / Setup / Tank"), 1);
    assert_eq!(count(&module, &save, "Pieces / Later / Tank"), 1);
    assert_eq!(count(&module, &save, "Tank"), 1);
}

/// Two distinct entries named `1` (two terrain tiles), and one piece of each.
fn two_named_one() -> (Module, Save) {
    let window = tab(
        "Hills",
        &piece_slot("1", "", (10, 10), &definition("1", "hills.png", "", "")),
    ) + &tab(
        "Water",
        &piece_slot("1", "", (10, 10), &definition("1", "water.png", "", "")),
    );
    let module = module("", &window);
    let save = save(&[
        piece("h", "1", "hills.png", "", ""),
        piece("w", "1", "water.png", "", ""),
    ]);
    (module, save)
}

#[test]
fn a_name_of_distinct_slots_is_refused_listing_their_paths() {
    let (module, save) = two_named_one();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    for p in &pieces.pieces {
        let slot = p.slot.as_ref().unwrap();
        assert_eq!(
            (slot.found, slot.entries, slot.paths.len()),
            (Found::Exact, 1, 0)
        );
    }
    let profile = "game = \"demo\"\n[[counts]]\nkey = \"n\"\nselect = { slot = \"1\" }\n";
    let e = import(&module, &save, profile).unwrap_err();
    let kinds: Vec<_> = e.diagnostics().iter().map(|d| d.kind).collect();
    assert_eq!(kinds, [vassal::ErrorKind::Profile]);
    let text = common::err_text(&e);
    assert!(
        text.contains("`1` names 2 distinct palette entries"),
        "{text}"
    );
    assert!(text.contains("`Pieces / Hills / 1`"), "{text}");
    assert!(text.contains("`Pieces / Water / 1`"), "{text}");
    assert!(text.contains("(at `counts[0].select.slot`)"), "{text}");
    assert_eq!(e.diagnostics()[0].location.map(|l| l.line), Some(4));
    // In a list, at its own index.
    let profile = "game = \"demo\"\n[[counts]]\nkey = \"n\"\nselect = { slot = [\"Pieces / Hills / 1\", \"1\"] }\n";
    let text = common::err_text(&import(&module, &save, profile).unwrap_err());
    assert!(text.contains("(at `counts[0].select.slot[1]`)"), "{text}");
    // A path selects exactly that entry.
    assert_eq!(count(&module, &save, "Pieces / Hills / 1"), 1);
    assert_eq!(count(&module, &save, "Pieces / Water / 1"), 1);
}

/// The repository's synthetic Leyte module (`fixtures/vassal/leyte`), its counter `US-24-19`
/// listed a second time, in a reinforcement tab (the same traits and gpid, as modules older than
/// gpids list it): the assault save's units selected by their slots are those selected by their
/// marker `Kind`, US-24-19 among them.
#[test]
fn a_leyte_counter_listed_twice_stays_a_unit() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vassal/leyte");
    // The workspace's fixtures: not in the packaged crate, whose own tests run without them
    // (.ci/package-test); the workspace's run has them.
    let Ok(vmod) = std::fs::read(dir.join("Leyte-synthetic.vmod")) else {
        eprintln!(
            "{}: not found (the crate is tested outside its workspace): skipped",
            dir.display()
        );
        return;
    };
    let mut module = Module::from_vmod(&vmod, "Leyte-synthetic.vmod", &BoardSizes::new()).unwrap();
    let units: Vec<String> = module
        .palette
        .iter()
        .filter(|e| {
            e.path.starts_with("Pieces / Counters / US /")
                || e.path.starts_with("Pieces / Counters / Japanese /")
        })
        .map(|e| format!("\"{}\"", e.name))
        .collect();
    let mut again = module
        .palette
        .iter()
        .find(|e| e.name == "US-24-19")
        .unwrap()
        .clone();
    again.path = "Pieces / Reinforcements / US-24-19".into();
    module.palette.push(again);
    let bytes = std::fs::read(dir.join("assault-scenario-end-position.vsav")).unwrap();
    let save = Save::from_bytes(&bytes, "assault-scenario-end-position.vsav").unwrap();
    let by_kind = std::fs::read_to_string(dir.join("assault.profile.toml")).unwrap();
    let by_slot = by_kind.replace(
        "property = { Kind = \"Unit\" }",
        &format!("slot = [{}]", units.join(", ")),
    );
    assert_ne!(by_kind, by_slot);
    let shape = StateShape::new(&["leyte"]);
    let state = |text: &str| -> toml::Table {
        let p = Profile::from_toml_str(text, Some("assault.profile.toml")).unwrap();
        let imported = p
            .import(&module, &save, &Options::default(), &shape)
            .unwrap_or_else(|e| panic!("{}", common::err_text(&e)));
        imported.text.parse().unwrap()
    };
    let (by_kind, by_slot) = (state(&by_kind), state(&by_slot));
    let ids = |s: &toml::Table| -> Vec<String> {
        s["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(
        ids(&by_kind).iter().any(|i| i == "US-24-19"),
        "{:?}",
        ids(&by_kind)
    );
    assert_eq!(ids(&by_slot), ids(&by_kind));
    assert_eq!(by_slot["eliminated"], by_kind["eliminated"]);
}
