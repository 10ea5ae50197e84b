//! Saves and modules from an opponent: each reader linear in its input, each budget refused by
//! name. Time is shown by counting the readers' steps (`wargame_kit::internal::work`) at two
//! sizes, never by a clock: twice the input, at most about twice the steps.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use vassal::write::{SaveText, add_piece, module_file, nest, png_header};
use vassal::{BoardSizes, ErrorKind, Module, Options, Save, limits};
use wargame_kit::internal::work;

const HEX: &str = r#"<VASSAL.build.module.map.boardPicker.board.HexGrid dx="60" dy="70" x0="0" y0="35"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering/></VASSAL.build.module.map.boardPicker.board.HexGrid>"#;

/// A module of one map `Main` with one board of 6000 x 6000 pixels.
fn module() -> Module {
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="6000" height="6000">{HEX}</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// The steps reading `make(n)` takes, at `n` and `2n`: the second at most 2.2 times the first.
fn linear(what: &str, n: usize, mut steps: impl FnMut(usize) -> u64) {
    let small = steps(n);
    let large = steps(2 * n);
    assert!(small > 0, "{what}: nothing counted");
    assert!(
        large * 10 <= small * 22,
        "{what}: {small} steps at {n}, {large} at {}",
        2 * n
    );
}

fn err(e: &vassal::Error) -> String {
    e.diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn commands_of_many_unknown_kinds_are_counted_linearly() {
    let text = |n: usize| {
        let mut t = SaveText::new();
        for i in 0..n {
            t = t.command(&format!("X{i:07}\tpayload"));
        }
        t.finish()
    };
    linear("unknown commands", 20_000, |n| {
        let t = text(n);
        work::take();
        let save = Save::from_bytes(t.as_bytes(), "many.vsav").unwrap();
        assert_eq!(save.commands.skipped, n);
        work::take()
    });
    let save = Save::from_bytes(text(1_000).as_bytes(), "many.vsav").unwrap();
    // One warning a kind up to the limit, then one for the rest.
    assert_eq!(save.warnings.len(), limits::MAX_UNKNOWN_KINDS + 1);
    assert!(
        save.warnings
            .last()
            .unwrap()
            .message
            .contains("936 more command(s) of other kinds"),
        "{:?}",
        save.warnings.last()
    );
}

#[test]
fn vassal_own_commands_are_read_by_name() {
    let mut t = SaveText::new();
    for c in [
        "PNOTE\tsecret-owner\tmy plan",
        "SNOTE\tname\towner\ttrue\tlater\t12/03/2026 1:00 PM\th",
        "GlobalProperty\t;Turn;3;Module",
        "SETUP_STACK\t",
        "EXT\tExtension\t1.0",
        "FLARE\tFlare0\t10\t20",
        "CLOCK\tAllies\tClock\t10\t10\tfalse\tfalse",
        "CLOCKCONTROL\ttrue\tfalse",
        "SHOW_RESULTS\tDice\t1",
        "AUDIO\tclip",
        "Events",
        "SGKC\tSGKC0\ttrue",
        "TURNTurnTracker0\t1",
    ] {
        t = t.command(c);
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "own.vsav").unwrap();
    assert_eq!(save.commands.skipped, 0, "{:?}", save.warnings);
    assert!(save.warnings.is_empty(), "{:?}", save.warnings);
    assert_eq!(save.commands.kinds["private-note"], 1);
    assert_eq!(save.commands.kinds["secret-note"], 1);
    assert_eq!(save.commands.kinds["global-property"], 1);
}

/// A scenario-options tab's lock (`LOCKSPOTAB`, VASSAL's `ScenarioPropertiesOptionTab`: the
/// tab, who locked it, their password, when) is a known command: read with no warning, and
/// nothing of it (the password) kept or shown.
#[test]
fn a_scenario_options_lock_is_a_known_command_and_keeps_nothing() {
    for n in [1, 3, 40] {
        let mut t = SaveText::new();
        for i in 0..n {
            t = t.command(&format!(
                "LOCKSPOTAB\tOptions\tAlice\thunter2-{i}\t06-Dec-2026 12:00 (11:00 UTC)"
            ));
        }
        t = t.command("LOCKSPOTAB\tOptions\t\t\t");
        let save = Save::from_bytes(t.finish().as_bytes(), "locked.vsav").unwrap();
        assert_eq!(save.commands.skipped, 0, "{:?}", save.warnings);
        assert!(save.warnings.is_empty(), "{:?}", save.warnings);
        assert_eq!(save.commands.kinds["scenario-options-lock"], n + 1);
        assert!(!format!("{save:?}").contains("hunter2"));
    }
}

#[test]
fn a_deck_moved_on_its_map_moves_its_cards() {
    let text = SaveText::new()
        .piece("c1", "Card", "Main", 0, 0, &[])
        .command(&add_piece("d1", "deck;x", "Main;100;100;false;c1"))
        .command("DECKREPOS\td1\t400\t300")
        .finish();
    let save = Save::from_bytes(text.as_bytes(), "deck.vsav").unwrap();
    let p = vassal::read_pieces(&module(), &save, &Options::default()).unwrap();
    assert_eq!((p.pieces[0].x, p.pieces[0].y), (Some(400), Some(300)));
}

#[test]
fn warnings_of_a_save_are_kept_to_the_limit_and_counted() {
    let mut t = SaveText::new();
    for _ in 0..50_000 {
        t = t.command("D/x");
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "bad.vsav").unwrap();
    assert_eq!(save.commands.skipped, 50_000);
    assert_eq!(save.warnings.len(), limits::MAX_WARNINGS + 1);
    let last = &save.warnings.last().unwrap().message;
    assert!(
        last.contains(&format!("{} more warnings", 50_000 - limits::MAX_WARNINGS)),
        "{last}"
    );
}

#[test]
fn commands_beyond_the_limit_are_refused_by_name() {
    let text = "\u{1b}".repeat(limits::MAX_COMMANDS + 1);
    let e = Save::from_bytes(text.as_bytes(), "empty.vsav").unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Limit));
    assert!(err(&e).contains("MAX_COMMANDS"), "{}", err(&e));
}

#[test]
fn commands_nested_to_copy_without_end_are_refused_by_name() {
    // A command wrapped in itself 60 times: each level escapes the one inside once more.
    let mut command = "x".repeat(100_000);
    for _ in 0..60 {
        command = vassal::seq::Encoder::new('\u{1b}')
            .push(&command)
            .push("CHAT y")
            .finish();
    }
    let e = Save::from_bytes(command.as_bytes(), "nested.vsav").unwrap_err();
    assert!(err(&e).contains("command_copy_budget"), "{}", err(&e));
}

#[test]
fn stacks_replay_linearly_however_pieces_move_between_them() {
    let text = |n: usize| {
        let ids: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let mut t = SaveText::new();
        for id in &ids {
            t = t.piece(id, "Unit", "Main", 100, 100, &[]);
        }
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        t = t.stack("s1", "Main", 100, 100, &refs);
        // Each piece leaves the stack for another point, where they stack again.
        for id in &ids {
            t = t.log_move(id, "Main", 400, 400);
        }
        t.finish()
    };
    linear("stack replay", 3_000, |n| {
        let save = Save::from_bytes(text(n).as_bytes(), "stacks.vlog").unwrap();
        work::take();
        let position = save.replay(None).unwrap();
        assert_eq!(position.piece_ids().len(), n);
        work::take()
    });
}

#[test]
fn a_piece_of_250_traits_is_read_to_its_basic_piece() {
    let types: Vec<String> = (0..250).map(|i| format!("mark;Key{i}")).collect();
    let states: Vec<String> = (0..250).map(|i| format!("v{i}")).collect();
    let t: Vec<&str> = types.iter().map(String::as_str).collect();
    let s: Vec<&str> = states.iter().map(String::as_str).collect();
    let command = add_piece(
        "deep",
        &nest(&t, "piece;;;i.png;Deep One"),
        &nest(&s, "Main;190;225;;0"),
    );
    let text = SaveText::new().command(&command).finish();
    let save = Save::from_bytes(text.as_bytes(), "deep.vsav").unwrap();
    let p = vassal::read_pieces(&module(), &save, &Options::default()).unwrap();
    let deep = &p.pieces[0];
    assert_eq!(deep.map.as_deref(), Some("Main"));
    assert_eq!(deep.name.as_deref(), Some("Deep One"));
    assert_eq!(deep.location.as_deref(), Some("0404"));
    assert_eq!(deep.properties["Key249"], "v249");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

#[test]
fn element_lines_are_found_linearly() {
    // Elements of a class of the module's own, each named with its line: all on one line.
    let text = |n: usize| {
        let own = "<com.example.Own/>".repeat(n);
        format!(r#"<VASSAL.build.GameModule name="D" version="1">{own}</VASSAL.build.GameModule>"#)
    };
    linear("buildFile lines", 20_000, |n| {
        let t = text(n);
        work::take();
        let m = Module::from_build_file(&t, "own.xml", &BoardSizes::new()).unwrap();
        assert_eq!(m.custom_classes.len(), n);
        work::take()
    });
}

/// A module whose `n` boards all show one image.
fn boards_of_one_image(n: usize) -> Vec<u8> {
    let boards: String = (0..n)
        .map(|i| {
            format!(r#"<VASSAL.build.module.map.boardPicker.Board name="B{i}" image="big.png"/>"#)
        })
        .collect();
    let build = format!(
        r#"<VASSAL.build.GameModule name="D" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker>{boards}</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#
    );
    let mut image = png_header(800, 600);
    image.resize(2 * 1024 * 1024, 0);
    module_file(&build, &[("big.png", &image)])
}

#[test]
fn an_image_named_by_many_boards_is_read_once() {
    linear("board images", 2_000, |n| {
        let vmod = boards_of_one_image(n);
        work::take();
        let m = Module::from_vmod(&vmod, "boards.vmod", &BoardSizes::new()).unwrap();
        assert!(m.maps[0].boards.iter().all(|b| b.size == Some((800, 600))));
        work::take()
    });
}

#[test]
fn boards_beyond_the_limit_are_refused_by_name() {
    let vmod = boards_of_one_image(limits::MAX_MODULE_BOARDS + 1);
    let e = Module::from_vmod(&vmod, "boards.vmod", &BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Limit));
    assert!(err(&e).contains("MAX_MODULE_BOARDS"), "{}", err(&e));
}

#[test]
fn a_buildfile_of_tiny_elements_is_refused_where_it_grows_too_large() {
    let text = format!(
        "<VASSAL.build.GameModule name=\"D\">\n{}</VASSAL.build.GameModule>",
        "<a/>".repeat(1_000_000)
    );
    let e = Module::from_build_file(&text, "tiny.xml", &BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Limit));
    let shown = err(&e);
    assert!(shown.contains("xml_tree_budget"), "{shown}");
    // Located where the budget ran out (line 2), not at 1:1.
    assert!(shown.starts_with("tiny.xml:2:"), "{shown}");
}

#[test]
fn a_doctype_is_refused_where_it_is() {
    let text =
        "<?xml version=\"1.0\"?>\n\n  <!DOCTYPE x [<!ENTITY e \"e\">]>\n<VASSAL.build.GameModule/>";
    let e = Module::from_build_file(text, "dtd.xml", &BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Xml));
    assert!(err(&e).starts_with("dtd.xml:3:3: "), "{}", err(&e));
}

#[test]
fn zip_entries_are_told_by_what_they_declare() {
    use vassal::internal::archive::{Writer, entries, read};
    // Ten bytes declaring 4 GiB: refused for what it declares, before inflating.
    let mut w = Writer::new();
    w.add_raw(
        "savedGame",
        8,
        4 * 1024 * 1024 * 1024 - 1,
        0,
        &[3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    );
    let bytes = w.finish();
    let e = read(&bytes, &entries(&bytes).unwrap()[0]).unwrap_err();
    assert!(e.to_string().contains("declares 4.0 GiB"), "{e}");
    // A plain archive of 65,535 entries is not a zip64 one.
    let mut w = Writer::new();
    for i in 0..65_535 {
        w.add_raw(&format!("{i}"), 0, 0, 0, &[]);
    }
    let bytes = w.finish();
    assert_eq!(entries(&bytes).unwrap().len(), 65_535);
}

#[test]
fn a_profile_over_its_limit_is_refused_by_name() {
    let text = format!("game = \"x\"\n#{}", "x".repeat(limits::MAX_PROFILE_BYTES));
    let e = vassal::profile::Profile::from_toml_str(&text, Some("big.toml")).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Limit));
    assert!(err(&e).contains("MAX_PROFILE_BYTES"), "{}", err(&e));
}

#[test]
fn many_problems_of_a_profile_are_located_in_one_reading() {
    let text = |n: usize| {
        let mut t = String::from("game = \"demo\"\n[board]\nmap = \"Main\"\n");
        for i in 0..n {
            t.push_str(&format!(
                "[[counts]]\nkey = \"k{i}\"\nselect = {{ property = {{ Missing{i} = \"x\" }} }}\n"
            ));
        }
        t
    };
    let save = Save::from_bytes(SaveText::new().finish().as_bytes(), "empty.vsav").unwrap();
    let shape = wargame_kit::shape::StateShape::new(&["demo"]);
    linear("profile problems", 400, |n| {
        let t = text(n);
        let profile = vassal::profile::Profile::from_toml_str(&t, Some("p.toml")).unwrap();
        work::take();
        let e = profile
            .import(&module(), &save, &Options::default(), &shape)
            .unwrap_err();
        assert_eq!(e.diagnostics().len(), n);
        work::take()
    });
}

/// A profile with one table, `file`, and a lookup reading `column` of it by `column`.
fn profile_with_table(file: &str, column: &str) -> vassal::profile::Profile {
    let text = format!(
        "game = \"demo\"\n[tables.t]\nfile = \"{file}\"\n[[pieces]]\ninto = \"units\"\n\
         select = {{ map = \"Main\" }}\n\
         fields = {{ v = {{ lookup = {{ table = \"t\", by = {{ {column} = {{ name = true }} }}, column = \"{column}\" }} }} }}\n"
    );
    vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap()
}

/// A table whose rows each add a column (TOML), or of many columns (CSV), is read in steps
/// linear in its cells: columns are found by name in an index, and a row holds only its own
/// cells (issue 44, item 3: every row got every column, by a linear search).
#[test]
fn a_table_of_many_columns_is_read_linearly() {
    linear("TOML rows each adding a column", 2_000, |n| {
        let rows: Vec<String> = (0..n).map(|i| format!("{{ c{i:05} = \"v\" }}")).collect();
        let text = format!("rows = [\n{}\n]\n", rows.join(",\n"));
        let files = wargame_kit::resolve::MemoryResolver::default().with("t.toml", text.as_str());
        let profile = profile_with_table("t.toml", "c00000");
        work::take();
        profile.with_tables(&files).unwrap();
        work::take()
    });
    linear("CSV of many columns", 5_000, |n| {
        let header: Vec<String> = (0..n).map(|i| format!("c{i:05}")).collect();
        let row: Vec<&str> = vec!["1"; n];
        let text = format!(
            "{}\n{}\n{}\n",
            header.join(","),
            row.join(","),
            row.join(",")
        );
        let files = wargame_kit::resolve::MemoryResolver::default().with("t.csv", text.as_str());
        let profile = profile_with_table("t.csv", "c00000");
        work::take();
        profile.with_tables(&files).unwrap();
        work::take()
    });
}

/// Many `[[pieces]]` entries that select nothing, over a save of many pieces of many
/// properties (issue 44, item 12: each refusal described every piece's properties again, 400
/// entries over 20,000 pieces took 13-16 s): what the save holds nearby is built once per
/// import, so each entry more costs its selection (a look at each piece), never a description
/// of the save; at two sizes of entries, and the help the same for each.
#[test]
fn entries_that_select_nothing_describe_the_save_once() {
    let pieces = 2_000;
    let module = module();
    let mut t = SaveText::new();
    for i in 0..pieces {
        let states: Vec<String> = (0..10).map(|k| format!("v{}", (i + k) % 5)).collect();
        let traits: Vec<(String, &str)> = (0..10)
            .map(|k| (format!("mark;Key{k}"), states[k].as_str()))
            .collect();
        let traits: Vec<(&str, &str)> = traits.iter().map(|(a, b)| (a.as_str(), *b)).collect();
        t = t.piece(
            &format!("p{i}"),
            &format!("Unit {i}"),
            "Main",
            100,
            100,
            &traits,
        );
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "many.vsav").unwrap();
    let shape = wargame_kit::shape::StateShape::new(&["demo"]);
    let steps = |entries: usize| {
        let group = "[[pieces]]\ninto = \"units\"\nselect = { map = \"Main\", name = \"Unit 1\", property = { Key0 = \"v0\" } }\nfields = { id = { name = true } }\n";
        let text = format!("game = \"demo\"\n{}", group.repeat(entries));
        let profile = vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap();
        work::take();
        let e = profile
            .import(&module, &save, &Options::default(), &shape)
            .unwrap_err();
        let steps = work::take();
        let d = e.diagnostics();
        assert_eq!(d.len(), entries, "{e}");
        let help = d[0].help.clone().unwrap();
        assert!(help.contains("on map `Main`: 2000 pieces"), "{help}");
        assert!(help.contains("`Key0` = "), "{help}");
        assert!(d.iter().all(|x| x.help.as_ref() == Some(&help)));
        steps
    };
    // An entry more: its selection (one step a piece) and its problem (its help, a few
    // kilobytes of text, scanned by the diagnostics): never a walk over the pieces' properties.
    let (small, large) = (steps(50), steps(100));
    assert!(
        large - small <= 50 * (pieces as u64 + 8 * 1024),
        "50 entries more cost {} steps ({small} for 50 entries, {large} for 100) over {pieces} pieces",
        large - small
    );
}

/// The pieces of `save` read with `module`, and the steps reading them took.
fn counted(module: &Module, save: &Save, options: &Options) -> (vassal::Pieces, u64) {
    work::take();
    let p = vassal::read_pieces(module, save, options).unwrap();
    (p, work::take())
}

/// The map of [`module`], as buildFile XML.
fn main_map() -> String {
    format!(
        r#"<VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="6000" height="6000">{HEX}</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"#
    )
}

/// A module of map `Main` and a piece window `Pieces` of these palette entries.
fn palette_module(slots: &str) -> Module {
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.PieceWindow name="Pieces">{slots}</VASSAL.build.module.PieceWindow>{}</VASSAL.build.GameModule>"#,
        main_map()
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// A palette entry `name` of basic piece `Unit` under these traits (type, state), its `gpid`.
fn unit_slot(name: &str, gpid: &str, traits: &[(&str, &str)]) -> String {
    let (types, states): (Vec<&str>, Vec<&str>) = traits.iter().copied().unzip();
    let definition = add_piece(
        "null",
        &nest(&types, "piece;;;;Unit"),
        &nest(&states, &format!("null;0;0;{gpid};0")),
    );
    vassal::write::piece_slot(name, gpid, (10, 10), &definition)
}

/// The add-piece command of a piece `Unit` placed from an entry of `gpid`, on `Main`.
fn unit_piece(id: &str, gpid: &str, traits: &[(&str, &str)]) -> String {
    let (types, states): (Vec<&str>, Vec<&str>) = traits.iter().copied().unzip();
    add_piece(
        id,
        &nest(&types, "piece;;;;Unit"),
        &nest(&states, &format!("Main;10;10;{gpid};0")),
    )
}

#[test]
fn entries_sharing_a_gpid_are_told_apart_linearly() {
    // `n` entries of one gpid and the same types (distinct slots: their states differ), and
    // `n` pieces placed from them: each piece fits them all, exactly (the gpid narrows
    // nothing), or, its traits changed since, approximately.
    let make = |n: usize| {
        let slots: String = (0..n)
            .map(|i| {
                let side = format!("Blue {i}");
                unit_slot(&format!("U{i:05}"), "7", &[("mark;Side", &side)])
            })
            .collect();
        let mut t = SaveText::new();
        for i in 0..n {
            t = t.command(&unit_piece(&format!("e{i}"), "7", &[("mark;Side", "Red")]));
            t = t.command(&unit_piece(&format!("a{i}"), "7", &[("mark;Other", "")]));
        }
        (palette_module(&slots), t.finish())
    };
    linear("entries of one gpid", 1_000, |n| {
        let (module, text) = make(n);
        let save = Save::from_bytes(text.as_bytes(), "gpid.vsav").unwrap();
        let (p, steps) = counted(&module, &save, &Options::default());
        for piece in &p.pieces {
            let slot = piece.slot.as_ref().unwrap();
            assert_eq!(slot.found, vassal::Found::Ambiguous, "{slot:?}");
            assert_eq!(slot.fitting, n, "{slot:?}");
            assert_eq!(slot.candidates.len(), 10, "{slot:?}");
            assert_eq!(slot.candidates[0], "Pieces / U00000", "{slot:?}");
        }
        steps
    });
}

#[test]
fn identical_entries_are_one_slot_linearly() {
    // `n` identical entries (one counter listed `n` times), and `n` pieces placed from them:
    // each piece has that slot, exactly or approximately, listing ten of its paths.
    let make = |n: usize| {
        let slots: String = (0..n)
            .map(|i| unit_slot(&format!("U{i:05}"), "7", &[("mark;Side", "Blue")]))
            .collect();
        let mut t = SaveText::new();
        for i in 0..n {
            t = t.command(&unit_piece(&format!("e{i}"), "7", &[("mark;Side", "Red")]));
            t = t.command(&unit_piece(&format!("a{i}"), "7", &[("mark;Other", "")]));
        }
        (palette_module(&slots), t.finish())
    };
    linear("identical entries", 1_000, |n| {
        let (module, text) = make(n);
        let save = Save::from_bytes(text.as_bytes(), "identical.vsav").unwrap();
        let (p, steps) = counted(&module, &save, &Options::default());
        for (i, piece) in p.pieces.iter().enumerate() {
            let slot = piece.slot.as_ref().unwrap();
            let found = [vassal::Found::Exact, vassal::Found::Approximate][i % 2];
            assert_eq!(slot.found, found, "{slot:?}");
            assert_eq!((slot.entries, slot.paths.len()), (n, n.min(10)), "{slot:?}");
            assert_eq!(slot.path, "Pieces / U00000", "{slot:?}");
        }
        steps
    });
}

#[test]
fn entries_of_one_type_and_many_gpids_are_told_apart_linearly() {
    // `n` identical entries, each of its own gpid, and a piece from each: narrowed to one.
    let make = |n: usize| {
        let slots: String = (0..n)
            .map(|i| unit_slot(&format!("U{i:05}"), &format!("g{i}"), &[("mark;Side", "")]))
            .collect();
        let mut t = SaveText::new();
        for i in 0..n {
            t = t.command(&unit_piece(
                &format!("p{i}"),
                &format!("g{i}"),
                &[("mark;Side", "x")],
            ));
        }
        (palette_module(&slots), t.finish())
    };
    linear("entries of many gpids", 1_000, |n| {
        let (module, text) = make(n);
        let save = Save::from_bytes(text.as_bytes(), "gpids.vsav").unwrap();
        let (p, steps) = counted(&module, &save, &Options::default());
        for (i, piece) in p.pieces.iter().enumerate() {
            let slot = piece.slot.as_ref().unwrap();
            assert_eq!(slot.found, vassal::Found::Exact, "{slot:?}");
            assert_eq!(slot.path, format!("Pieces / U{i:05}"));
        }
        steps
    });
}

#[test]
fn approximate_matches_cost_the_pieces_traits_not_the_entries() {
    // 64 entries of `n` traits sharing a basic piece, and `n` bare pieces, each of a trait of
    // its own: each piece is compared with every entry.
    let make = |n: usize| {
        let keys: Vec<String> = (0..n).map(|i| format!("mark;K{i}")).collect();
        let slots: String = (0..64)
            .map(|e| {
                let own = format!("mark;Entry{e}");
                let mut traits: Vec<(&str, &str)> = keys.iter().map(|k| (k.as_str(), "")).collect();
                traits.push((&own, ""));
                unit_slot(&format!("U{e:02}"), "", &traits)
            })
            .collect();
        let mut t = SaveText::new();
        for i in 0..n {
            let own = format!("mark;Piece{i}");
            t = t.command(&unit_piece(
                &format!("p{i}"),
                "",
                &[(&own, ""), ("mark;K0", "")],
            ));
        }
        (palette_module(&slots), t.finish())
    };
    // The matching's steps: those of reading the pieces beyond those of reading none (the
    // entries, whose nested definitions grow faster than their traits, are expanded either way).
    let empty = Save::from_bytes(SaveText::new().finish().as_bytes(), "empty.vsav").unwrap();
    linear("approximate matches", 100, |n| {
        let (module, text) = make(n);
        let save = Save::from_bytes(text.as_bytes(), "bare.vsav").unwrap();
        work::take();
        vassal::read_pieces(&module, &empty, &Options::default()).unwrap();
        let entries = work::take();
        let p = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
        let steps = work::take() - entries;
        let slot = p.pieces[0].slot.as_ref().unwrap();
        // Each entry lacks the piece's own trait and has n others, one of them the piece's.
        assert_eq!(slot.found, vassal::Found::Ambiguous, "{slot:?}");
        assert_eq!(slot.differing_traits, n + 1, "{slot:?}");
        assert_eq!(slot.fitting, 64, "{slot:?}");
        steps
    });
}

/// A module of one map `Main` of two boards `L` and `R` (600 x 600 pixels each), with the
/// elements given inside the map and inside the board `L`'s grid.
fn two_boards(in_map: &str, grid: &str) -> Module {
    let board = |name: &str, grid: &str| {
        format!(
            r#"<VASSAL.build.module.map.boardPicker.Board name="{name}" width="600" height="600">{grid}</VASSAL.build.module.map.boardPicker.Board>"#
        )
    };
    let text = format!(
        r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker>{}{}</VASSAL.build.module.map.BoardPicker>{in_map}</VASSAL.build.module.Map></VASSAL.build.GameModule>"#,
        board("L", grid),
        board("R", HEX)
    );
    Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap()
}

/// A save laying out boards `L` and `R` side by side, with `n` pieces at the points `at(i)`.
fn pieces_at(n: usize, at: impl Fn(usize) -> (i32, i32)) -> Save {
    let mut t = SaveText::new().boards("Main", &[("L", 0, 0), ("R", 1, 0)]);
    for i in 0..n {
        let (x, y) = at(i);
        t = t.piece(&format!("p{i}"), "Unit", "Main", x, y, &[]);
    }
    Save::from_bytes(t.finish().as_bytes(), "pieces.vsav").unwrap()
}

#[test]
fn decks_are_found_linearly_whatever_board_they_name() {
    // `n` decks, each on a board no map has but the last, on board `R`; `n` pieces.
    let make = |n: usize| {
        let decks: String = (0..n)
            .map(|i| {
                let board = if i + 1 == n { "R" } else { "Nowhere" };
                format!(
                    r#"<VASSAL.build.module.map.DrawPile name="Deck {i}" x="{}" y="5" owningBoard="{board}"/>"#,
                    i % 500
                )
            })
            .collect();
        two_boards(&decks, "")
    };
    linear("decks", 2_000, |n| {
        let module = make(n);
        // Half the pieces on a deck of no board, half off every deck; one on the last deck.
        let save = pieces_at(n, |i| match i {
            0 => (600 + i32::try_from((n - 1) % 500).unwrap(), 5),
            _ if i % 2 == 0 => (7, 5),
            _ => (7, 300),
        });
        let (p, steps) = counted(&module, &save, &Options::default());
        assert_eq!(
            p.pieces[0].location.as_deref(),
            Some(&*format!("Deck {}", n - 1))
        );
        assert_eq!(p.pieces[2].location.as_deref(), Some("Deck 7"));
        assert_ne!(p.pieces[1].location.as_deref(), Some("Deck 7"));
        steps
    });
}

#[test]
fn a_private_window_of_many_sides_is_decided_once() {
    // A private map of `n` sides (the reader's the last), `n` pieces on it.
    let make = |n: usize| {
        let sides: Vec<String> = (0..n).map(|i| format!("Side {i}")).collect();
        // The roster has every side, and `Other`, which the window lacks.
        let roster: String = sides
            .iter()
            .chain([&"Other".to_string()])
            .map(|s| format!("<entry>{s}</entry>"))
            .collect();
        let text = format!(
            r#"<VASSAL.build.GameModule name="Demo" version="1"><VASSAL.build.module.PlayerRoster>{roster}</VASSAL.build.module.PlayerRoster><VASSAL.build.module.PrivateMap mapName="Hand" side="{}"/></VASSAL.build.GameModule>"#,
            sides.join(",")
        );
        let module = Module::from_build_file(&text, "buildFile.xml", &BoardSizes::new()).unwrap();
        let mut t = SaveText::new();
        for i in 0..n {
            t = t.piece(&format!("p{i}"), "Card", "Hand", 10, 10, &[]);
        }
        let save = Save::from_bytes(t.finish().as_bytes(), "hand.vsav").unwrap();
        (module, save)
    };
    linear("private window", 2_000, |n| {
        let (module, save) = make(n);
        let mut options = Options::default();
        options.sides = vec!["Other".to_string(), format!("Side {}", n - 1)];
        let (p, steps) = counted(&module, &save, &options);
        assert!(
            p.pieces.iter().all(|p| p.hidden.is_none()),
            "{:?}",
            p.pieces[0]
        );
        options.sides = vec!["Other".to_string()];
        let (p, hidden) = counted(&module, &save, &options);
        assert!(
            p.pieces
                .iter()
                .all(|p| p.hidden == Some(vassal::Hidden::PrivateWindow)),
            "{:?}",
            p.pieces[0]
        );
        steps + hidden
    });
}

/// A zoned grid of one zone `Z` whose outline is `points`.
fn zone(points: &[(i32, i32)]) -> String {
    let path: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
    format!(
        r#"<VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="{}"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid>"#,
        path.join(";")
    )
}

#[test]
fn pieces_in_a_zone_of_many_points_are_located_linearly() {
    // A zone of `n` points round the board's middle (a circle of radius 250), `n` pieces in
    // its bounds, most inside it, those in its bounds' corners outside.
    let circle = |n: usize| -> Vec<(i32, i32)> {
        (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64;
                let (x, y) = (300.0 + 250.0 * a.cos(), 300.0 + 250.0 * a.sin());
                (x.round() as i32, y.round() as i32)
            })
            .collect()
    };
    let at = |i: usize| {
        let i = i32::try_from(i).unwrap();
        if i % 10 == 0 {
            (55 + i % 7, 55 + i % 5)
        } else {
            (200 + i % 200, 200 + (i / 200) % 200)
        }
    };
    linear("zone of many points", 10_000, |n| {
        let module = two_boards("", &zone(&circle(n)));
        let save = pieces_at(n, at);
        let (p, steps) = counted(&module, &save, &Options::default());
        for (i, piece) in p.pieces.iter().enumerate() {
            let zone = if i % 10 == 0 { None } else { Some("Z") };
            assert_eq!(piece.zone.as_deref(), zone, "{i}: {piece:?}");
        }
        steps
    });
}

#[test]
fn a_zone_crossing_a_row_too_often_is_refused_by_name() {
    // A comb: each of its teeth crosses every row twice.
    let teeth = limits::MAX_ZONE_CROSSINGS / 2 + 1;
    let mut points = Vec::new();
    for t in 0..teeth {
        let x = i32::try_from(t).unwrap() * 2;
        points.extend([(x, 0), (x, 500), (x + 1, 500), (x + 1, 0)]);
    }
    let board = format!(
        r#"<VASSAL.build.module.map.boardPicker.Board name="L" width="600" height="600">{}</VASSAL.build.module.map.boardPicker.Board>"#,
        zone(&points)
    );
    let text = format!(
        "<VASSAL.build.GameModule name=\"Demo\">\n<VASSAL.build.module.Map mapName=\"Main\"><VASSAL.build.module.map.BoardPicker>{board}</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"
    );
    let e = Module::from_build_file(&text, "comb.xml", &BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Limit));
    let shown = err(&e);
    assert!(shown.contains("MAX_ZONE_CROSSINGS"), "{shown}");
    assert!(shown.contains(&format!("{} times", 2 * teeth)), "{shown}");
    assert!(shown.starts_with("comb.xml:2:"), "{shown}");
    // One tooth fewer is read.
    let fewer = zone(&points[..points.len() - 4]);
    let text = text.replace(&zone(&points), &fewer);
    Module::from_build_file(&text, "comb.xml", &BoardSizes::new()).unwrap();
}
