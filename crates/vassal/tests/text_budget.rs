//! The text a read builds, charged against one byte budget (`vassal::limits::text_budget`) and
//! a share for each piece (`vassal::limits::MAX_PIECE_TEXT_BYTES`), measured with a counting
//! allocator (this test binary's global allocator: the most bytes held at once while one save
//! is read) and the reader's step counter. One test, so that nothing else allocates meanwhile.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;
use common::{err_text as err, prototype};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use vassal::write::{SaveText, add_piece, nest, piece_slot};
use vassal::{BoardSizes, Hidden, Module, Options, Save, limits};
use wargame_kit::internal::work;

#[global_allocator]
static GLOBAL: &PeakMemAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

const MIB: usize = 1024 * 1024;

/// The most bytes held at once while `f` runs, beyond what was held before.
fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    GLOBAL.reset_peak_memory();
    let out = f();
    (out, GLOBAL.get_peak_memory())
}

/// A module of one map `Main` with one board, and `more` inside the module.
fn module(more: &str) -> Module {
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="6000" height="6000"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>{more}</VASSAL.build.GameModule>"#
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// A Text Label (`Labeler`) whose name format is `format`, with `label` as its text.
const LABEL: &str = "label;K;Change;10;;;t;0;c;0;c;c;$pieceName$$pieceName$;Dialog;0;0;TextLabel";

/// A piece `id` with `n` labels each doubling its name, and `outer` traits around them.
fn doubling(t: SaveText, id: &str, n: usize, outer: &[(&str, &str)]) -> SaveText {
    let mut traits: Vec<(&str, &str)> = outer.to_vec();
    traits.extend(std::iter::repeat_n((LABEL, "x"), n));
    t.piece(id, "AB", "Main", 100, 100, &traits)
}

/// Item 1: a name that doubles at each of 27, 30 or 32 labels is never built past the piece's
/// share: the piece is withheld (id and place), a warning names the limit, the read costs a few
/// times the share whatever the labels; a masked piece builds nothing at all.
fn labels_that_double_a_name_are_cut_at_the_share() {
    let module = module("");
    for n in [27, 30, 32] {
        let text = doubling(SaveText::new(), "grow", n, &[]).finish();
        assert!(text.len() < 4_000, "{} bytes", text.len());
        let save = Save::from_bytes(text.as_bytes(), "grow.vsav").unwrap();
        for reveal in [false, true] {
            let (read, cost) =
                peak(|| vassal::read_pieces(&module, &save, &Options::default().reveal(reveal)));
            let read = read.unwrap();
            let p = &read.pieces[0];
            assert_eq!(p.hidden, Some(Hidden::OverLimit), "{n} labels");
            assert!(p.name.is_none() && p.properties.is_empty() && p.traits.is_empty());
            assert_eq!(p.x, Some(100), "its place is shown");
            assert!(
                read.warnings
                    .iter()
                    .any(|w| w.message.contains("MAX_PIECE_TEXT_BYTES")
                        && w.message.contains("grow")),
                "{:?}",
                read.warnings
            );
            assert!(cost < 8 * MIB, "{n} labels cost {cost} bytes");
        }
    }
    // Masked: nothing is built from its traits, so it costs what its text does.
    let text = doubling(
        SaveText::new(),
        "secret",
        32,
        &[("obs;M;Peek;G;;;", "player1")],
    )
    .finish();
    let save = Save::from_bytes(text.as_bytes(), "masked.vsav").unwrap();
    let (read, cost) = peak(|| vassal::read_pieces(&module, &save, &Options::default()));
    let read = read.unwrap();
    assert_eq!(read.pieces[0].hidden, Some(Hidden::Masked));
    assert!(cost < MIB, "a masked piece cost {cost} bytes");
    assert!(
        !read.warnings.iter().any(|w| w.message.contains("secret")),
        "nothing of a masked piece is named"
    );
    // Under the share, the name is built as VASSAL builds it: 2^10 copies of `AB`.
    let text = doubling(SaveText::new(), "ok", 10, &[]).finish();
    let save = Save::from_bytes(text.as_bytes(), "ok.vsav").unwrap();
    let read = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    assert_eq!(
        read.pieces[0].name.as_deref(),
        Some("AB".repeat(1024).as_str())
    );
}

/// The whole read: many pieces each under its share but together far beyond the budget are
/// refused, naming it, at a cost of about the budget.
fn many_pieces_under_their_share_are_refused_at_the_budget() {
    let module = module("");
    let mut t = SaveText::new();
    for i in 0..200 {
        // 2^17 copies of `AB`: 256 KiB of name, and as much again in `PieceName`.
        t = doubling(t, &format!("p{i}"), 17, &[]);
    }
    let text = t.finish();
    let save = Save::from_bytes(text.as_bytes(), "many.vsav").unwrap();
    let input = vassal::internal::input_bytes(&module, &save);
    let budget = limits::text_budget(input);
    let (read, cost) = peak(|| vassal::read_pieces(&module, &save, &Options::default()));
    let e = read.unwrap_err();
    assert!(
        err(&e).contains("vassal::limits::text_budget"),
        "{}",
        err(&e)
    );
    assert!(
        cost < budget + 4 * MIB,
        "refusing it cost {cost} bytes (budget {budget})"
    );
}

/// Item 2: a prototype of many long raw traits named by many pieces of an old-style save, and a
/// Marker of many long keys: charged by their bytes, refused at the budget, well before the
/// gigabytes copying them into every piece would take.
fn a_large_prototype_named_by_many_pieces_is_charged_by_its_bytes() {
    let raw: Vec<String> = (0..300)
        .map(|i| format!("report;{i};{}", "r".repeat(1_000)))
        .collect();
    let types: Vec<&str> = raw.iter().map(String::as_str).collect();
    let states = vec![""; types.len()];
    let keys: Vec<String> = (0..990)
        .map(|i| format!("K{i}{}", "k".repeat(500)))
        .collect();
    let marker = format!("mark;{}", keys.join(","));
    let values = vec!["v"; keys.len()].join(",");
    let module = module(&format!(
        "{}{}",
        prototype("Big", &types, &states),
        prototype("Keys", &[&marker], &[&values])
    ));
    for name in ["Big", "Keys"] {
        let mut t = SaveText::new();
        let trait_ = format!("prototype;{name}");
        for i in 0..2_000 {
            t = t.piece(&format!("p{i}"), "Unit", "Main", 10, 10, &[(&trait_, "")]);
        }
        let save = Save::from_bytes(t.finish().as_bytes(), "old.vsav").unwrap();
        let input = vassal::internal::input_bytes(&module, &save);
        let (read, cost) = peak(|| vassal::read_pieces(&module, &save, &Options::default()));
        let e = read.unwrap_err();
        assert!(err(&e).contains("text_budget"), "{name}: {}", err(&e));
        // Copied into every piece, it would take 2,000 times its text (600 MB for `Big`).
        assert!(
            cost < limits::text_budget(input) + 4 * MIB,
            "{name}: {cost} bytes from {input} bytes of input"
        );
    }
}

/// Item 9: palette entries naming one prototype whose definition is large (escapes grow with
/// the square of the nesting): the definition is split once, not once an entry.
fn a_prototype_named_by_many_entries_is_split_once() {
    let keys: Vec<String> = (0..400).map(|i| format!("mark;K{i}")).collect();
    let types: Vec<&str> = keys.iter().map(String::as_str).collect();
    let states = vec!["v"; types.len()];
    let proto = prototype("Deep", &types, &states);
    let entries = |n: usize| {
        (0..n)
            .map(|i| {
                let def = add_piece(
                    "null",
                    &nest(&["prototype;Deep"], &format!("piece;;;;U{i}")),
                    &nest(&[""], "null;0;0;;0"),
                );
                piece_slot(&format!("U{i}"), "", (10, 10), &def)
            })
            .collect::<String>()
    };
    let save = Save::from_bytes(SaveText::new().finish().as_bytes(), "empty.vsav").unwrap();
    let steps = |n: usize| {
        let module = module(&format!(
            "{proto}<VASSAL.build.module.PieceWindow name=\"W\">{}</VASSAL.build.module.PieceWindow>",
            entries(n)
        ));
        work::take();
        vassal::read_pieces(&module, &save, &Options::default()).unwrap();
        work::take()
    };
    let (small, large) = (steps(100), steps(200));
    // Each entry copies the prototype's 400 traits once, never reading its text again.
    assert!(
        large - small < 100 * 4 * 400,
        "100 more entries took {} more steps ({small} at 100 entries; the definition is {} bytes)",
        large - small,
        proto.len()
    );
}

/// A zone whose location format repeats its long name: each piece's location would be the name
/// thousands of times; it is never written out, the pieces are located `unknown` with a warning
/// naming the limit, and the read costs a few times its input.
fn a_zone_format_repeating_a_long_name_is_never_written() {
    let name = "Z".repeat(2_000);
    let format = "$name$".repeat(1_000);
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="600" height="600"><VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="{name}" locationFormat="{format}" path="0,0;600,0;600,600;0,600"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#
    );
    let module = Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap();
    let mut t = SaveText::new().boards("Main", &[("B", 0, 0)]);
    for i in 0..100 {
        t = t.piece(&format!("p{i}"), "Unit", "Main", 100, 100, &[]);
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "zone.vsav").unwrap();
    let (read, cost) = peak(|| vassal::read_pieces(&module, &save, &Options::default()));
    let read = read.unwrap();
    assert_eq!(read.pieces[0].location.as_deref(), Some("unknown"));
    assert_eq!(read.pieces[0].zone.as_deref(), Some(name.as_str()));
    assert!(
        read.warnings
            .iter()
            .any(|w| w.message.contains("MAX_PIECE_TEXT_BYTES")),
        "{:?}",
        read.warnings
    );
    // 2 MB a piece, 200 MB in all, if written out.
    assert!(cost < 8 * MIB, "{cost} bytes");
}

/// A profile's entries each look at every piece of the save: many entries over many pieces
/// stop at `vassal::limits::selection_budget`, named, whatever the number of entries.
fn many_entries_over_many_pieces_stop_at_the_selection_budget() {
    let module = module("");
    let mut t = SaveText::new();
    for i in 0..2_000 {
        t = t.piece(&format!("p{i}"), "Unit", "Main", 10, 10, &[]);
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "many.vsav").unwrap();
    let shape = wargame_kit::shape::StateShape::new(&["demo"]);
    let steps = |entries: usize| {
        let mut text = String::from("game = \"demo\"\n");
        for i in 0..entries {
            text.push_str(&format!(
                "[[counts]]\nkey = \"k{i}\"\nselect = {{ map = \"Main\" }}\n"
            ));
        }
        let profile = vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap();
        work::take();
        let e = profile
            .import(&module, &save, &Options::default(), &shape)
            .unwrap_err();
        let steps = work::take();
        assert!(
            err(&e).contains("vassal::limits::selection_budget"),
            "{}",
            err(&e)
        );
        steps
    };
    let (small, large) = (steps(10_000), steps(20_000));
    // Each entry more would look at 2,000 pieces: 20 million more at 20,000 entries.
    assert!(
        large < small + small / 2,
        "{small} steps at 10,000 entries, {large} at 20,000"
    );
}

/// A piece of a long name taken by many entries of a profile: the state's text is charged, and
/// refused at `vassal::limits::text_budget` of the profile and the pieces, at a cost of about
/// that budget.
fn a_long_name_taken_by_many_entries_is_charged() {
    let module = module("");
    let name = "N".repeat(300_000);
    let save_text = SaveText::new()
        .piece("big", &name, "Main", 10, 10, &[])
        .finish();
    let save = Save::from_bytes(save_text.as_bytes(), "big.vsav").unwrap();
    let mut text = String::from("game = \"demo\"\n");
    for i in 0..200 {
        text.push_str(&format!(
            "[[pieces]]\ninto = \"u{i}\"\nselect = {{ map = \"Main\" }}\nfields = {{ name = {{ name = true }} }}\n"
        ));
    }
    let profile = vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap();
    let shape = wargame_kit::shape::StateShape::new(&["demo"]);
    let (imported, cost) = peak(|| profile.import(&module, &save, &Options::default(), &shape));
    let e = imported.unwrap_err();
    assert!(
        err(&e).contains("vassal::limits::text_budget"),
        "{}",
        err(&e)
    );
    // Taken whole, 200 copies of the name in values and comments: 180 MB.
    assert!(cost < 48 * MIB, "{cost} bytes");
}

/// Pieces on a grid of many zones: each looks at every zone (a product of two inputs), so
/// locating stops at `vassal::limits::locate_budget`, named, the pieces left `unknown`.
fn pieces_on_many_zones_stop_at_the_locate_budget() {
    let zones: String = (0..20_000)
        .map(|i| {
            let (x, y) = (5_000 + (i % 100) * 10, 5_000 + (i / 100) * 10);
            format!(
                r#"<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="z{i}" path="{x},{y};{},{y};{},{};{x},{}"/>"#,
                x + 5,
                x + 5,
                y + 5,
                y + 5
            )
        })
        .collect();
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="8000" height="8000"><VASSAL.build.module.map.boardPicker.board.ZonedGrid>{zones}</VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#
    );
    let module = Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap();
    let steps = |pieces: usize| {
        let mut t = SaveText::new().boards("Main", &[("B", 0, 0)]);
        for i in 0..pieces {
            t = t.piece(&format!("p{i}"), "Unit", "Main", 100, 100, &[]);
        }
        let save = Save::from_bytes(t.finish().as_bytes(), "zones.vsav").unwrap();
        work::take();
        let read = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
        let steps = work::take();
        assert_eq!(read.pieces[0].location.as_deref(), Some("offboard"));
        let last = read.pieces.last().unwrap();
        assert_eq!(last.location.as_deref(), Some("unknown"), "{pieces} pieces");
        assert!(
            read.warnings
                .iter()
                .any(|w| w.message.contains("vassal::limits::locate_budget")),
            "{:?}",
            read.warnings
        );
        steps
    };
    let (small, large) = (steps(3_000), steps(6_000));
    // Without the budget, 3,000 pieces more would look at 60 million zones more.
    assert!(
        large < small + small / 2,
        "{small} steps at 3,000 pieces, {large} at 6,000"
    );
}

#[test]
fn the_text_a_read_builds_is_bounded_by_its_input() {
    labels_that_double_a_name_are_cut_at_the_share();
    many_pieces_under_their_share_are_refused_at_the_budget();
    a_large_prototype_named_by_many_pieces_is_charged_by_its_bytes();
    a_prototype_named_by_many_entries_is_split_once();
    a_zone_format_repeating_a_long_name_is_never_written();
    many_entries_over_many_pieces_stop_at_the_selection_budget();
    a_long_name_taken_by_many_entries_is_charged();
    pieces_on_many_zones_stop_at_the_locate_budget();
}
