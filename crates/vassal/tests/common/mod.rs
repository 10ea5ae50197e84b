//! A synthetic VASSAL module and game, made here in VASSAL's formats (no third-party file):
//! a hex board and a zoned board side by side on one map (a deck on the first, zones with a
//! name, with a square grid of their own, over a hex background), a map with a blank name and
//! an irregular grid, a chart map numbered by a class of the module's own, and a prototype.
//! The game has a stack, masked and hidden pieces, a layer, a label, a dynamic property, a
//! piece far off every board, and a log of four steps.

#![allow(dead_code, clippy::unwrap_used)]

use vassal::write::{SaveText, add_piece, nest};

const HEX: &str = "VASSAL.build.module.map.boardPicker.board.HexGrid";
const HEXN: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";
const PICKER: &str = "VASSAL.build.module.map.BoardPicker";

/// XML text escaping.
pub fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The prototype `Infantry`: a marker `Type=Foot` around an empty basic piece.
pub fn prototype_definition() -> String {
    add_piece(
        "null",
        &nest(&["mark;Type"], "piece;;;;"),
        &nest(&["Foot"], "null;0;0;;0"),
    )
}

/// The demo module's buildFile.
pub fn build_file() -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule VassalVersion="3.7.9" name="Demo" version="2.0">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map edgeHeight="20" edgeWidth="10" mapName="Main">
    <{PICKER}>
      <{BOARD} image="west.png" name="West" reversible="true">
        <{HEX} dx="60.0" dy="70.0" sideways="false" x0="0" y0="35">
          <{HEXN} hLeading="1" hOff="1" vDescend="true" vLeading="1" vOff="1"/>
        </{HEX}>
      </{BOARD}>
      <{BOARD} image="east.svg" name="East">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Dead pile" path="0,0;200,0;200,100;0,100" useParentGrid="false"/>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="Track $gridLocation$" name="Track" path="0,100;400,100;400,200;0,200" useParentGrid="false">
            <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="40.0" dy="100.0" x0="20" y0="150">
              <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering first="V" hLeading="0" hOff="0" vType="A"/>
            </VASSAL.build.module.map.boardPicker.board.SquareGrid>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
          <{HEX} dx="60.0" dy="70.0" x0="0" y0="35">
            <{HEXN} hOff="1" vOff="1"/>
          </{HEX}>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </{BOARD}>
    </{PICKER}>
    <VASSAL.build.module.map.DrawPile name="Reinforcements" owningBoard="West" x="50" y="60"/>
    <VASSAL.build.module.map.LOS_Thread/>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="">
    <{PICKER}>
      <{BOARD} height="200" name="Charts" width="300">
        <VASSAL.build.module.map.boardPicker.board.RegionGrid>
          <VASSAL.build.module.map.boardPicker.board.Region name="Box A" originx="50" originy="50"/>
          <VASSAL.build.module.map.boardPicker.board.Region name="Box B" originx="250" originy="50"/>
        </VASSAL.build.module.map.boardPicker.board.RegionGrid>
      </{BOARD}>
    </{PICKER}>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.ChartWindow name="Charts">
    <VASSAL.build.widget.MapWidget entryName="Odd">
      <VASSAL.build.widget.WidgetMap mapName="">
        <{PICKER}>
          <{BOARD} height="100" name="Odd" width="100">
            <com.example.OddGrid/>
          </{BOARD}>
        </{PICKER}>
      </VASSAL.build.widget.WidgetMap>
    </VASSAL.build.widget.MapWidget>
  </VASSAL.build.module.ChartWindow>
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PrototypeDefinition name="Infantry">{}</VASSAL.build.module.PrototypeDefinition>
  </VASSAL.build.module.PrototypesContainer>
</VASSAL.build.GameModule>
"#,
        xml(&prototype_definition())
    )
}

/// The demo module as a `.vmod`: the buildFile and the two board images' headers (a PNG of
/// 600 x 500 and an SVG of 400 x 500).
pub fn vmod() -> Vec<u8> {
    let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"></svg>"#;
    vassal::write::module_file(
        &build_file(),
        &[
            ("west.png", &vassal::write::png_header(600, 500)),
            ("east.svg", svg),
        ],
    )
}

/// The board sizes of the demo module, for its buildFile read alone.
pub fn sizes() -> vassal::BoardSizes {
    [
        ("west.png".to_string(), (600, 500)),
        ("east.svg".to_string(), (400, 500)),
    ]
    .into_iter()
    .collect()
}

/// The demo game: the boards, the pieces, and a log of four steps.
pub fn save(west_reversed: bool) -> SaveText {
    let west = if west_reversed { "West/rev" } else { "West" };
    let layer =
        "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;front.png,back.png;,+ (spent);true;Step;;;false;;1;1";
    SaveText::new()
        .boards("Main", &[(west, 0, 0), ("East", 1, 0)])
        .boards("Map1", &[("Charts", 0, 0)])
        .boards("Map2", &[("Odd", 0, 0)])
        // On a West hex; its layer at level 2 names it "1st Armor (spent)".
        .piece("a1", "1st Armor", "Main", 190, 225, &[(layer, "2"), ("mark;Side", "Blue")])
        // Stacked with a1; an old save writes `null` for a stacked piece's map.
        .command(&add_piece("a2", "piece;;;a2.png;2nd Armor", "null;190;225;;0"))
        .stack("s1", "Main", 190, 225, &["a1", "a2"])
        // In the dead pile zone of East (East starts at x = 10 + 600).
        .piece("d1", "Dead Unit", "Main", 650, 70, &[])
        // On the track of East: a zone with its own square grid.
        .piece("t1", "Turn", "Main", 710, 160, &[("PROP;Turn;false;0;100;false;;", "3")])
        // Masked by player1 (Mask trait), hidden by player2 (Invisible trait).
        .piece("m1", "Secret HQ", "Main", 250, 225, &[("obs;M;mask.png;Mask;I;?;player:;Peek;", "player1;")])
        .piece("h1", "Ambush", "Main", 250, 295, &[("hide;H;Hide;255,255,255;player:;", "player2")])
        // Exactly at the deck's point (50, 60 of West: 60, 80 of the map).
        .piece("k1", "Card", "Main", 60, 80, &[])
        // Far off every board.
        .piece("far", "Lost", "Main", 20_000_000, 5, &[])
        // On the irregular grid of the map with a blank name, labelled.
        .piece("r1", "Marker", "Map1", 200, 70, &[("label;;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;", "VP")])
        // On the map numbered by the module's own class.
        .piece("o1", "Odd One", "Map2", 10, 10, &[])
        // Using the prototype.
        .piece("i1", "Rifles", "Main", 250, 365, &[("prototype;Infantry", "")])
        .log_move("d1", "Main", 310, 225)
        .log("-/far")
        .log("FOO\tsomething no encoder writes")
        .log_move("a1", "Main", 370, 225)
}

/// A prototype definition of a buildFile: `name`, its traits (types and states, outermost
/// first) around a nameless basic piece, escaped for XML.
pub fn prototype(name: &str, types: &[&str], states: &[&str]) -> String {
    let definition = add_piece(
        "null",
        &nest(types, "piece;;;;"),
        &nest(states, "null;0;0;;0"),
    );
    format!(
        r#"<VASSAL.build.module.PrototypeDefinition name="{name}">{}</VASSAL.build.module.PrototypeDefinition>"#,
        xml(&definition)
    )
}

/// Every problem of a VASSAL error, one a line.
pub fn err_text(e: &vassal::Error) -> String {
    e.diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The folder of real files an environment variable names (`VASSAL_SAMPLES`,
/// `VASSAL_SAMPLES_MORE`, `VASSAL_LOGS`), or `None`, saying which `checks` are skipped.
pub fn env_dir(var: &str, checks: &str) -> Option<std::path::PathBuf> {
    match std::env::var_os(var) {
        Some(dir) => Some(std::path::PathBuf::from(dir)),
        None => {
            eprintln!("{var} is not set: {checks} are skipped");
            None
        }
    }
}

/// A samples folder's board sizes (`board-sizes.json`: image name to `[width, height]`).
pub fn board_sizes(path: &std::path::Path) -> vassal::BoardSizes {
    let text = std::fs::read_to_string(path).unwrap();
    let v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
    v.into_iter()
        .map(|(k, v)| {
            let a = v.as_array().unwrap();
            let n = |i: usize| u32::try_from(a[i].as_u64().unwrap()).unwrap();
            (k, (n(0), n(1)))
        })
        .collect()
}
