//! Hidden information at any depth and through any truncation (issue 44, items 14 and 15): a
//! Mask (`obs;`) or an Invisible (`hide;`) trait hides its piece wherever it is, beyond the
//! reader's trait limit, inside a prototype, nested prototypes deeper than the reader expands,
//! or a prototype cycle; nothing of such a piece is shown, and no warning names it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;
use common::prototype;

use vassal::write::{SaveText, add_piece, nest};
use vassal::{BoardSizes, Hidden, Module, Options, Pieces, Save, limits};

const MASK: (&str, &str) = ("obs;M;Peek;G;;;", "player1");
const INVISIBLE: (&str, &str) = ("hide;H;;", "player1");

fn module(more: &str) -> Module {
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="600" height="600"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>{more}</VASSAL.build.GameModule>"#
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// `vassal::write::nest` in one pass, for traits without tabs, quotes or a final backslash:
/// the tab after level `k` escaped by `k` backslashes (the writer re-encodes every level, which
/// takes the cube of the levels).
fn nest_flat(outer_first: &[&str], basic: &str) -> String {
    let mut out = String::new();
    for (k, t) in outer_first.iter().enumerate() {
        out.push_str(t);
        out.push_str(&"\\".repeat(k));
        out.push('\t');
    }
    out.push_str(basic);
    out
}

/// The piece `Secret` with these traits (outermost first), read as nobody and revealed.
fn read(module: &Module, traits: &[(&str, &str)]) -> (Pieces, Pieces) {
    let types: Vec<&str> = traits.iter().map(|t| t.0).collect();
    let states: Vec<&str> = traits.iter().map(|t| t.1).collect();
    let sample = ["mark;A", "obs;M;Peek", "mark;B", "mark;C"];
    assert_eq!(
        nest_flat(&sample, "piece;;;;X"),
        nest(&sample, "piece;;;;X")
    );
    let piece = add_piece(
        "s1",
        &nest_flat(&types, "piece;;;;Secret"),
        &nest_flat(&states, "Main;50;60;;0"),
    );
    let text = SaveText::new().command(&piece).finish();
    let save = Save::from_bytes(text.as_bytes(), "g.vsav").unwrap();
    let hidden = vassal::read_pieces(module, &save, &Options::default()).unwrap();
    let revealed = vassal::read_pieces(module, &save, &Options::default().reveal(true)).unwrap();
    (hidden, revealed)
}

/// Nothing of the piece reaches the listing or a warning.
fn withheld(what: &str, pieces: &Pieces, how: Hidden) {
    let text = serde_json::to_string(pieces).unwrap();
    assert!(!text.contains("Secret"), "{what}: {text}");
    assert!(!text.contains("Marker"), "{what}: {text}");
    if how == Hidden::Invisible {
        assert!(pieces.pieces.is_empty(), "{what}: listed");
        assert_eq!(pieces.invisible, 1, "{what}");
    } else {
        let p = &pieces.pieces[0];
        assert_eq!(p.hidden, Some(how), "{what}");
        assert!(p.name.is_none() && p.properties.is_empty(), "{what}");
    }
}

/// `n` markers, each its own trait.
fn markers(n: usize) -> Vec<(String, String)> {
    (0..n)
        .map(|i| (format!("mark;Marker{i}"), "v".to_string()))
        .collect()
}

#[test]
fn a_mask_or_invisible_beyond_the_trait_limit_hides_its_piece() {
    let module = module("");
    for (hide, how) in [(MASK, Hidden::Masked), (INVISIBLE, Hidden::Invisible)] {
        let mut traits = markers(limits::MAX_TRAITS + 50);
        traits.push((hide.0.to_string(), hide.1.to_string()));
        traits.extend(markers(3));
        let t: Vec<(&str, &str)> = traits
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let (hidden, revealed) = read(&module, &t);
        withheld("beyond the trait limit", &hidden, how);
        // Revealed: shown, with its name, as far as the reader reads.
        let p = &revealed.pieces[0];
        assert_eq!(p.hidden, Some(how));
        assert_eq!(p.name.as_deref(), Some("Secret"));
    }
}

#[test]
fn a_prototype_cut_at_the_trait_limit_keeps_the_mask_and_the_name() {
    // Two prototypes of 600 markers, then a Mask, then the basic piece (an old-style save).
    let types: Vec<String> = (0..600).map(|i| format!("mark;Marker{i}")).collect();
    let t: Vec<&str> = types.iter().map(String::as_str).collect();
    let module = module(&prototype("Six", &t, &vec!["v"; t.len()]));
    let traits = [("prototype;Six", ""), ("prototype;Six", ""), MASK];
    let (hidden, revealed) = read(&module, &traits);
    withheld("cut at the trait limit", &hidden, Hidden::Masked);
    let p = &revealed.pieces[0];
    assert_eq!(p.name.as_deref(), Some("Secret"), "the basic piece is kept");
    assert!(
        revealed
            .warnings
            .iter()
            .any(|w| w.message.contains("MAX_TRAITS") || w.message.contains("traits (the limit")),
        "the cut is said: {:?}",
        revealed.warnings
    );
}

#[test]
fn a_mask_in_a_prototype_hides_at_any_depth_and_through_a_cycle() {
    // A chain of prototypes deeper than the reader expands, the last masked by its definition.
    let depth = limits::MAX_PROTOTYPE_DEPTH + 8;
    let mut more = String::new();
    for i in 0..depth {
        let next = format!("prototype;P{}", i + 1);
        more.push_str(&prototype(&format!("P{i}"), &[&next], &[""]));
    }
    more.push_str(&prototype(&format!("P{depth}"), &[MASK.0], &[MASK.1]));
    // A cycle: A names B, B names A and is masked.
    more.push_str(&prototype("A", &["prototype;B"], &[""]));
    more.push_str(&prototype(
        "B",
        &["prototype;A", "mark;Marker", MASK.0],
        &["", "v", MASK.1],
    ));
    // Invisible through a prototype.
    more.push_str(&prototype("I", &[INVISIBLE.0], &[INVISIBLE.1]));
    let module = module(&more);
    for (first, how) in [
        ("prototype;P0", Hidden::Masked),
        ("prototype;A", Hidden::Masked),
        ("prototype;I", Hidden::Invisible),
    ] {
        let (hidden, _) = read(&module, &[(first, ""), ("mark;Marker", "v")]);
        withheld(first, &hidden, how);
    }
    // A Mask whose definition names no player hides nothing.
    let module = self::module(&prototype("Off", &[MASK.0], &["null"]));
    let (shown, _) = read(&module, &[("prototype;Off", "")]);
    assert_eq!(shown.pieces[0].hidden, None);
    assert_eq!(shown.pieces[0].name.as_deref(), Some("Secret"));
}
