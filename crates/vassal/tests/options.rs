//! What a save is read as ([`vassal::Options`]) against the module (issue 45): a side the
//! module's `PlayerRoster` does not have is refused, listing its sides; and a board of unknown
//! size is told only where the save lays it out and puts a piece on it, not for every board
//! the module has.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;
use common::err_text;

use vassal::write::SaveText;
use vassal::{BoardSizes, ErrorKind, Module, Options, Save};

const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";
const PICKER: &str = "VASSAL.build.module.map.BoardPicker";
const ROSTER: &str = "VASSAL.build.module.PlayerRoster";

/// A module of one map `Main` with a board `Plain` (its size written) and a board `Spare`
/// (an image whose size is not given), and `more` inside the module.
fn module(more: &str) -> Module {
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1">{more}<VASSAL.build.module.Map mapName="Main"><{PICKER}><{BOARD} name="Plain" width="600" height="600"/><{BOARD} name="Spare" image="spare.png"/></{PICKER}></VASSAL.build.module.Map><VASSAL.build.module.PlayerHand mapName="Hand" side="Allies"/></VASSAL.build.GameModule>"#
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// The roster VASSAL writes: an `<entry>` for each side.
fn roster(sides: &[&str]) -> String {
    let entries: String = sides
        .iter()
        .map(|s| format!("<entry>{s}</entry>"))
        .collect();
    format!(r#"<{ROSTER} buttonText="Retire">{entries}</{ROSTER}>"#)
}

/// A game on board `Plain`, a card in the Allied hand.
fn save() -> Save {
    let text = SaveText::new()
        .boards("Main", &[("Plain", 0, 0)])
        .piece("u1", "Unit", "Main", 100, 100, &[])
        .piece("c1", "Card", "Hand", 10, 10, &[])
        .finish();
    Save::from_bytes(text.as_bytes(), "game.vsav").unwrap()
}

#[test]
fn the_module_s_sides_are_its_roster_s_entries() {
    let m = module(&format!(
        "{}<{ROSTER}><entry>  Second  </entry><other>Third</other></{ROSTER}>",
        roster(&["Allies", "Axis"])
    ));
    // The first roster counts, as `GameModule.getPlayerRoster` finds it.
    assert_eq!(m.sides, ["Allies", "Axis"]);
    assert!(module("").sides.is_empty());
}

#[test]
fn a_side_the_roster_lacks_is_refused_listing_its_sides() {
    let m = module(&roster(&["Allies", "Axis"]));
    let ok = vassal::read_pieces(&m, &save(), &Options::default().sides(["Allies"])).unwrap();
    assert!(ok.pieces.iter().all(|p| p.hidden.is_none()));
    let e = vassal::read_pieces(
        &m,
        &save(),
        &Options::default().sides(["allies", "Neutral"]),
    )
    .unwrap_err();
    let d = e.diagnostics();
    assert_eq!(d.len(), 2, "{}", err_text(&e));
    assert!(d.iter().all(|d| d.kind == ErrorKind::UnknownSide));
    assert_eq!(
        err_text(&e),
        "buildFile.xml: no side `allies` in the module (its sides, VASSAL's PlayerRoster: `Allies`, `Axis`); did you mean `Allies`?\n\
         buildFile.xml: no side `Neutral` in the module (its sides, VASSAL's PlayerRoster: `Allies`, `Axis`)"
    );
    assert_eq!(d[0].help.as_deref(), Some("did you mean `Allies`?"));
    assert_eq!(d[1].help, None);
}

#[test]
fn a_module_without_a_roster_has_no_side_to_read_as() {
    let m = module("");
    // No side asked: read as nobody.
    vassal::read_pieces(&m, &save(), &Options::default()).unwrap();
    // VASSAL gives no player a side without a roster, though the hand names one.
    let e = vassal::read_pieces(&m, &save(), &Options::default().sides(["Allies"])).unwrap_err();
    assert_eq!(
        err_text(&e),
        "buildFile.xml: no side `Allies` in the module: it has no sides (no PlayerRoster), so VASSAL gives no player one"
    );
}

#[test]
fn a_side_named_with_a_line_break_is_told_on_one_line() {
    let m = module(&roster(&["Allies"]));
    let e = vassal::read_pieces(&m, &save(), &Options::default().sides(["A\nerror: forged"]))
        .unwrap_err();
    assert!(!err_text(&e).contains('\n'), "{}", err_text(&e));
}

#[test]
fn a_board_no_save_uses_is_not_told_when_reading_a_save() {
    let m = module(&roster(&["Allies"]));
    // The module tells of its board of unknown size...
    assert!(
        m.warnings.iter().any(|w| w.message.contains("`spare.png`")),
        "{:?}",
        m.warnings
    );
    // ...but a save that never lays it out is read without a word of it.
    let p = vassal::read_pieces(&m, &save(), &Options::default()).unwrap();
    assert!(
        p.warnings.iter().all(|w| w.kind != ErrorKind::BoardSize),
        "{:?}",
        p.warnings
    );
}

#[test]
fn a_board_of_unknown_size_a_save_uses_is_told_once_naming_it() {
    let m = module("");
    let text = SaveText::new()
        .boards("Main", &[("Spare", 0, 0)])
        .piece("u1", "Unit", "Main", 100, 100, &[])
        .piece("u2", "Unit", "Main", 200, 100, &[])
        .finish();
    let save = Save::from_bytes(text.as_bytes(), "game.vsav").unwrap();
    let p = vassal::read_pieces(&m, &save, &Options::default()).unwrap();
    let sizes: Vec<String> = p
        .warnings
        .iter()
        .filter(|w| w.kind == ErrorKind::BoardSize)
        .map(|w| w.message.clone())
        .collect();
    assert_eq!(
        sizes,
        [
            "map `Main` has a board of unknown size (board `Spare`: the size of image `spare.png` is not known; give its size (--board-sizes) or read the .vmod): its pieces cannot be located; not located: u1, u2"
        ]
    );
}

#[test]
fn a_map_whose_only_board_is_taken_is_told_only_with_a_piece_on_it() {
    let charts = format!(
        r#"<VASSAL.build.module.Map mapName="Charts"><{PICKER}><{BOARD} name="Chart" width="300" height="300"/></{PICKER}></VASSAL.build.module.Map>"#
    );
    let m = module(&charts);
    // The save lays out `Main` only: `Charts` takes its only board, as VASSAL does.
    let taken = |p: &vassal::Pieces| -> Vec<String> {
        p.warnings
            .iter()
            .filter(|w| w.kind == ErrorKind::UnknownBoard)
            .map(|w| w.message.clone())
            .collect()
    };
    let p = vassal::read_pieces(&m, &save(), &Options::default()).unwrap();
    assert!(taken(&p).is_empty(), "{:?}", p.warnings);
    let text = SaveText::new()
        .boards("Main", &[("Plain", 0, 0)])
        .piece("u1", "Unit", "Main", 100, 100, &[])
        .piece("t1", "Turn", "Charts", 50, 50, &[])
        .finish();
    let save = Save::from_bytes(text.as_bytes(), "game.vsav").unwrap();
    let p = vassal::read_pieces(&m, &save, &Options::default()).unwrap();
    assert_eq!(
        taken(&p),
        [
            "the save chooses no board for map `Charts`; its only board `Chart` is taken; read on it: t1"
        ]
    );
}
