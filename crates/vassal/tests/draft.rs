//! Profiles drafted from a save (`victory vassal profile MOD --save SAVE`): every count a
//! draft writes is what its select takes when the draft is read back; hidden pieces are said
//! to be left out; a save whose pieces lie on no map the module has says so; and for a game,
//! the draft fills in `game` and proposes its state's keys.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use vassal::profile::{Profile, draft_from_save, draft_from_save_for};
use vassal::{Module, Options, Save};
use wargame_kit::shape::{StateArray, StateShape};

fn demo() -> (Module, Save) {
    let module =
        Module::from_vmod(&common::vmod(), "demo.vmod", &vassal::BoardSizes::new()).unwrap();
    let save = Save::from_bytes(&common::save(false).to_file(), "demo.vlog").unwrap();
    (module, save)
}

/// The counts a draft's comments give, entry by entry (`# N piece(s).`).
fn counts(draft: &str) -> Vec<usize> {
    draft
        .lines()
        .filter_map(|l| {
            l.strip_prefix("# ")?
                .strip_suffix(" piece(s).")?
                .parse()
                .ok()
        })
        .collect()
}

/// Each count the draft gives is what its entry takes when the draft is read (a select by
/// map alone takes the map's pieces in its zones too).
#[test]
fn every_count_a_draft_gives_is_what_its_entry_takes() {
    let (module, save) = demo();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let draft = draft_from_save(&module, &pieces);
    let profile = Profile::from_toml_str(&draft, Some("draft.toml")).unwrap();
    let imported = profile
        .import(
            &module,
            &save,
            &Options::default(),
            &StateShape::new(&["FILL IN"]),
        )
        .unwrap_or_else(|e| panic!("{e}\n{draft}"));
    let taken: Vec<usize> = imported.taken.iter().map(|(_, n)| *n).collect();
    assert_eq!(counts(&draft), taken, "{draft}");
    // The demo's map `Main` holds pieces in zones and out of them: its select by map alone
    // takes both.
    assert!(draft.contains("select = { map = \"Main\" }") || draft.contains("on = \"board\""));
}

#[test]
fn a_draft_says_that_hidden_pieces_were_left_out() {
    let (module, save) = demo();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let draft = draft_from_save(&module, &pieces);
    assert!(
        draft.contains("# 2 hidden piece(s) of the save (masked, face down, invisible or on a private\n# window of another side) are left out"),
        "{draft}"
    );
    let revealed = vassal::read_pieces(&module, &save, &Options::default().reveal(true)).unwrap();
    assert!(!draft_from_save(&module, &revealed).contains("hidden piece(s)"));
}

/// Pieces shown, none on a map the module has: the draft says so, never "no piece".
#[test]
fn a_draft_of_pieces_on_maps_the_module_lacks_says_so() {
    let (module, _) = demo();
    let text = vassal::write::SaveText::new()
        .piece("x1", "Stray", "Gone", 10, 10, &[])
        .piece("x2", "Stray", "Gone", 20, 10, &[])
        .finish();
    let save = Save::from_bytes(text.as_bytes(), "old.vsav").unwrap();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let draft = draft_from_save(&module, &pieces);
    assert!(!draft.contains("shows no piece"), "{draft}");
    assert!(
        draft.contains("# The save shows 2 piece(s), 2 of them on maps the module lacks"),
        "{draft}"
    );
}

/// For a game: `game` filled in, the board's entry into its first array with each of its
/// keys, the other entries naming the game's arrays, `victory schema GAME` named.
#[test]
fn a_draft_for_a_game_proposes_its_keys() {
    const SHAPE: StateShape<'static> = StateShape::new(&["demo"]).arrays(&[
        StateArray::new("units", &["code", "side", "hex"]).place("hex"),
        StateArray::new("dead", &["code", "side"]),
    ]);
    let (module, save) = demo();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let draft = draft_from_save_for(&module, &pieces, Some(("demo", &SHAPE)));
    assert!(draft.contains("\ngame = \"demo\"\n"), "{draft}");
    assert!(draft.contains("`victory schema demo`"), "{draft}");
    assert!(draft.contains("(the game's: `units`, `dead`)"), "{draft}");
    assert!(draft.contains("code = { name = true }"), "{draft}");
    assert!(draft.contains("# FILL IN: side = { ... }"), "{draft}");
    assert!(!draft.contains("id = { name = true }"), "{draft}");
    let profile = Profile::from_toml_str(&draft, Some("draft.toml")).unwrap();
    assert_eq!(profile.game(), "demo");
}

/// A map that is not the board, holding pieces in a zone and out of it: its select by map
/// alone takes both, and the draft's count says so.
#[test]
fn a_select_by_map_alone_counts_the_pieces_in_its_zones_too() {
    let build = r#"<VASSAL.build.GameModule name="Charts" version="1" VassalVersion="3.7.9">
  <VASSAL.build.module.Map mapName="Charts">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Charts" width="400" height="400">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Box" path="0,0;100,0;100,100;0,100" useParentGrid="false"/>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>"#;
    let module =
        Module::from_build_file(build, "buildFile.xml", &vassal::BoardSizes::new()).unwrap();
    let mut t = vassal::write::SaveText::new().boards("Charts", &[("Charts", 0, 0)]);
    for i in 0..3 {
        t = t.piece(&format!("in{i}"), "Marker", "Charts", 50, 50, &[]);
    }
    t = t.piece("out", "Marker", "Charts", 300, 300, &[]);
    let save = Save::from_bytes(t.finish().as_bytes(), "charts.vsav").unwrap();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    let draft = draft_from_save(&module, &pieces);
    let profile = Profile::from_toml_str(&draft, Some("draft.toml")).unwrap();
    let imported = profile
        .import(
            &module,
            &save,
            &Options::default(),
            &StateShape::new(&["FILL IN"]),
        )
        .unwrap_or_else(|e| panic!("{e}\n{draft}"));
    let taken: Vec<usize> = imported.taken.iter().map(|(_, n)| *n).collect();
    assert_eq!(counts(&draft), taken, "{draft}");
    assert!(taken.contains(&4), "{draft}");
}
