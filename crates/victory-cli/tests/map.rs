//! `victory map check` and `victory map edit` end to end: a good and a bad map file (text and
//! JSON), the editor written from the synthetic Leyte module's grid (its layout that of the
//! stand-in map's labels), and a numbering hex labels cannot express refused by its attribute.
//! The page itself is tested in a browser (tests/browser/editor.test.mjs).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;
use common::run;

#[test]
fn map_check_reports_every_problem() {
    let (status, out, _) = run(&["map", "check", "fixtures/maps/leyte-standin.toml"]);
    assert_eq!(
        (status, out.as_str()),
        (0, "fixtures/maps/leyte-standin.toml: ok\n")
    );
    let bad = "fixtures/maps/invalid/many-problems.toml";
    let (status, _, stderr) = run(&["map", "check", "--errors", "short", bad]);
    assert_eq!(status, 1);
    insta::assert_snapshot!("map_check_many_problems", stderr);
    let (status, json, _) = run(&["map", "check", "--format", "json", bad]);
    assert_eq!(status, 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let problems = v.as_array().unwrap();
    assert_eq!(problems.len(), stderr.lines().count());
    assert!(
        problems
            .iter()
            .all(|p| p["line"].is_u64() && p["file"] == bad)
    );
}

#[test]
fn map_edit_takes_the_layout_of_a_vassal_grid() {
    let out = std::env::temp_dir().join(format!("victory-editor-{}.html", std::process::id()));
    let name = out.to_string_lossy().into_owned();
    let module = "fixtures/vassal/leyte/Leyte-synthetic.vmod";
    let (status, _, stderr) = run(&[
        "map", "edit", "--module", module, "--board", "Leyte", "-o", &name,
    ]);
    assert_eq!(status, 0, "{stderr}");
    let html = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert!(html.starts_with("<!DOCTYPE html>"));
    // The stand-in map's own layout: flat, row then column, odd columns shifted, rows north.
    for part in [
        "\"orientation\":\"flat\"",
        "\"label\":\"row-column\"",
        "\"shifted\":\"odd\"",
        "\"rows_grow\":\"north\"",
        "\"columns_grow\":\"east\"",
    ] {
        assert!(html.contains(part), "{part} not in the page's layout");
    }
}

#[test]
fn a_numbering_labels_cannot_express_is_refused_by_its_attribute() {
    let dir = std::env::temp_dir().join(format!("victory-numbering-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let build = dir.join("Letters.vmod");
    let text = r#"<VASSAL.build.GameModule name="Letters" version="1" VassalVersion="3.7.9">
  <VASSAL.build.module.Map mapName="Main">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Board" width="600" height="400">
        <VASSAL.build.module.map.boardPicker.board.HexGrid dx="56" dy="64" x0="0" y0="32">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hType="A"/>
        </VASSAL.build.module.map.boardPicker.board.HexGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>"#;
    std::fs::write(&build, vassal::write::module_file(text, &[])).unwrap();
    let out = dir.join("e.html");
    let (status, _, stderr) = run(&[
        "map",
        "edit",
        "--module",
        &build.to_string_lossy(),
        "--board",
        "Board",
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("hType"), "{stderr}");
    assert!(!out.exists());
}

/// `victory map check` reports a hexside named twice (it said `ok` of a 2.6 KB map naming one
/// line 200 times with `E` 200 times, which took 1.8 GB), at two sizes.
#[test]
fn map_check_reports_hexsides_named_twice() {
    let dir = std::env::temp_dir().join(format!("victory-sides-twice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for n in [2usize, 200] {
        let hexes = vec!["0150-9950"; n].join(",");
        let directions = vec!["E"; n].join("+");
        let text = format!(
            "name = \"many\"\n[layout]\norientation = \"pointy\"\nlabel = \"row-column\"\n\
             rows = [1, 99]\ncolumns = [1, 60]\nshifted = \"even\"\nrows_grow = \"north\"\n\
             columns_grow = \"east\"\n[hexsides.sides]\n\
             river = [\"{hexes}/{directions}\", \"0151/W\"]\n"
        );
        let path = dir.join(format!("twice-{n}.toml"));
        std::fs::write(&path, text).unwrap();
        let name = path.to_string_lossy().into_owned();
        let (status, out, stderr) = run(&["map", "check", "--errors", "short", &name]);
        assert_eq!(status, 1, "{out}{stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{stderr}");
        assert!(
            lines[0].contains(&format!(
                ": {} hexside(s) named more than once here (a hex or a direction given twice): \
                 name each hexside once",
                99 * n * n - 99
            )),
            "{stderr}"
        );
        assert!(
            lines[1].contains(
                ": 1 hexside(s) here already named for `river`, the first between hexes 0151 and \
                 0150: name each hexside once"
            ),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
