//! A board whose image size the reader is not given (a buildFile read without its images and
//! without `--board-sizes`): what can be located without the size is (a piece in a zone or on
//! a region's point of a map of one board), and wherever the missing size is the cause of what
//! a profile gets, the size is named, never "selects no piece" nor a count of 0.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use vassal::profile::Profile;
use vassal::write::SaveText;
use vassal::{BoardSizes, ErrorKind, Module, Options, Save};
use wargame_kit::shape::StateShape;

const ZONED: &str = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
const ZONE: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone";
const HEX: &str = "VASSAL.build.module.map.boardPicker.board.HexGrid";
const HEXN: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";

/// One map of one board (its image's size not given): two zones over a hex background, one
/// with a hex grid of its own; and a chart map of one board of regions.
fn module() -> Module {
    module_sized(&BoardSizes::new())
}

fn module_sized(sizes: &BoardSizes) -> Module {
    let build = format!(
        r#"<VASSAL.build.GameModule name="Unsized" version="1" VassalVersion="3.7.9">
  <VASSAL.build.module.Map mapName="Main" edgeWidth="10" edgeHeight="20">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="main.png" name="Board">
        <{ZONED}>
          <{ZONE} locationFormat="$name$" name="Dead pile" path="0,0;200,0;200,100;0,100" useParentGrid="false"/>
          <{ZONE} locationFormat="$name$ $gridLocation$" name="Track" path="0,100;400,100;400,200;0,200" useParentGrid="false">
            <{HEX} dx="60.0" dy="70.0" x0="0" y0="35"><{HEXN} hOff="1" vOff="1"/></{HEX}>
          </{ZONE}>
          <{HEX} dx="60.0" dy="70.0" x0="0" y0="35"><{HEXN} hOff="1" vOff="1"/></{HEX}>
        </{ZONED}>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Charts">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="charts.png" name="Charts">
        <VASSAL.build.module.map.boardPicker.board.RegionGrid>
          <VASSAL.build.module.map.boardPicker.board.Region name="Box A" originx="50" originy="50"/>
          <VASSAL.build.module.map.boardPicker.board.Region name="Box B" originx="250" originy="50"/>
        </VASSAL.build.module.map.boardPicker.board.RegionGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>"#
    );
    Module::from_build_file(&build, "buildFile.xml", sizes).unwrap()
}

/// Pieces in the dead pile, in the track, on the hex background, left of the board, and on
/// the charts' regions (on Box A's point, and between the boxes).
fn save() -> Save {
    let text = SaveText::new()
        .boards("Main", &[("Board", 0, 0)])
        .boards("Charts", &[("Charts", 0, 0)])
        .piece("d1", "Dead unit", "Main", 60, 70, &[("mark;Side", "Blue")])
        .piece("t1", "Turn", "Main", 40, 170, &[("mark;Side", "None")])
        .piece("h1", "Unit", "Main", 400, 400, &[("mark;Side", "Blue")])
        .piece("o1", "Lost", "Main", 5, 5, &[("mark;Side", "Red")])
        .piece("a1", "Marker A", "Charts", 50, 50, &[])
        .piece("b1", "Marker B", "Charts", 150, 50, &[])
        .finish();
    Save::from_bytes(text.as_bytes(), "game.vsav").unwrap()
}

#[test]
fn what_needs_no_size_is_located_and_the_rest_named_unknown_with_the_cause() {
    let read = vassal::read_pieces(&module(), &save(), &Options::default()).unwrap();
    let at = |id: &str| {
        let p = read
            .pieces
            .iter()
            .find(|p| p.id.as_deref() == Some(id))
            .unwrap();
        (p.location.clone().unwrap(), p.zone.clone())
    };
    // Where the size is known, the same names.
    let sizes: BoardSizes = [
        ("main.png".to_string(), (600, 500)),
        ("charts.png".to_string(), (300, 200)),
    ]
    .into_iter()
    .collect();
    let sized = vassal::read_pieces(&module_sized(&sizes), &save(), &Options::default()).unwrap();
    let known = |id: &str| {
        let p = sized
            .pieces
            .iter()
            .find(|p| p.id.as_deref() == Some(id))
            .unwrap();
        (p.location.clone().unwrap(), p.zone.clone())
    };
    assert_eq!(at("d1"), ("Dead pile".into(), Some("Dead pile".into())));
    assert_eq!(at("d1"), known("d1"));
    assert!(at("t1").0.starts_with("Track "), "{:?}", at("t1"));
    assert_eq!(at("t1"), known("t1"));
    assert_eq!(at("a1"), known("a1"));
    assert_ne!(known("h1").0, "unknown");
    // On the hex background, below the zones: on the board or past its edge? Only the size
    // tells.
    assert_eq!(at("h1").0, "unknown");
    // Left of the board's origin (the map's edge), whatever its size.
    assert_eq!(at("o1").0, "offboard");
    assert_eq!(at("a1").0, "Box A");
    assert_eq!(at("b1").0, "unknown");
    let warnings: Vec<String> = read.warnings.iter().map(|w| w.message.clone()).collect();
    assert!(
        warnings.iter().any(|w| w.contains(
            "map `Main` has a board of unknown size (board `Board`: the size of image `main.png` is not known; give its size (--board-sizes) or read the .vmod): its pieces cannot be located, but for those in a zone or region of its board; not located: h1"
        )),
        "{warnings:?}"
    );
}

const SHAPE: StateShape<'static> = StateShape::new(&["demo"]);

fn problems(profile: &str) -> Vec<(ErrorKind, String, String)> {
    let p = Profile::from_toml_str(profile, Some("p.toml")).unwrap();
    let e = p
        .import(&module(), &save(), &Options::default(), &SHAPE)
        .unwrap_err();
    e.diagnostics()
        .iter()
        .map(|d| (d.kind, d.key.clone().unwrap_or_default(), d.message.clone()))
        .collect()
}

/// A select by zone, where some pieces it would take cannot be located for the board's
/// size: a count is no count, and an entry is not "selects no piece": the size is named.
#[test]
fn a_select_by_place_names_the_unknown_size_not_an_empty_selection() {
    for entry in [
        "[[counts]]\nkey = \"n\"\nselect = { map = \"Main\", zone = \"Elsewhere\", property = { Side = \"Blue\" } }",
        "[[pieces]]\ninto = \"units\"\nselect = { map = \"Main\", zone = \"Elsewhere\", property = { Side = \"Blue\" } }\nfields = { id = { piece_id = true } }",
        "[[markers]]\nkey = \"m\"\nselect = { map = \"Main\", zone = \"Elsewhere\", property = { Side = \"Blue\" } }\nvalue = { value = 1 }",
    ] {
        let text = format!("game = \"demo\"\n{entry}\n").replace("Elsewhere", "Track");
        let found = problems(&text);
        assert_eq!(found.len(), 1, "{entry}: {found:?}");
        let (kind, key, message) = &found[0];
        assert_eq!(*kind, ErrorKind::Unlocated, "{message}");
        assert!(key.ends_with("].select"), "{key}");
        assert!(
            message.contains("selects by place, and piece \"Unit\" [id h1]")
                && message.contains("a board of map `Main` has no known size"),
            "{message}"
        );
    }
}
