//! The reader on the synthetic module and game of `tests/common` (VASSAL's formats written by
//! this repository): every kind of location, the layout, masking, steps and bad input.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::err_text;

use vassal::{ErrorKind, Module, Options, Piece, Pieces, Save};

fn module() -> Module {
    Module::from_build_file(&common::build_file(), "buildFile.xml", &common::sizes()).unwrap()
}

fn read(save: &[u8], options: &Options) -> Pieces {
    let save = Save::from_bytes(save, "demo.vlog").unwrap();
    vassal::read_pieces(&module(), &save, options).unwrap()
}

fn piece<'a>(p: &'a Pieces, id: &str) -> &'a Piece {
    p.pieces
        .iter()
        .find(|x| x.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no piece {id}"))
}

#[test]
fn maps_get_the_ids_vassal_gives_them() {
    let m = module();
    let ids: Vec<&str> = m.maps.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["Main", "Map1", "Map2"]);
    assert_eq!(m.maps[2].class, "VASSAL.build.widget.WidgetMap");
    assert_eq!(m.map("Map1").unwrap().name, "");
    assert_eq!(m.maps[0].los_threads, ["LOS_Thread0"]);
    assert!(
        m.custom_classes
            .iter()
            .any(|c| c.class == "com.example.OddGrid" && c.role == "grid")
    );
    assert_eq!(m.prototypes[0].name, "Infantry");
}

#[test]
fn every_kind_of_location() {
    let p = read(&common::save(false).to_file(), &Options::default());
    let loc = |id: &str| piece(&p, id).location.clone().unwrap();
    // Hex numbering with rows descending, staggered columns; East is laid right of West.
    assert_eq!(loc("a2"), "0406");
    assert_eq!(loc("a1"), "0707");
    assert_eq!(piece(&p, "a1").board.as_deref(), Some("West"));
    // A zone with a grid of its own (square, rows alphabetic, vertical first).
    assert_eq!(loc("t1"), "Track B2");
    assert_eq!(piece(&p, "t1").zone.as_deref(), Some("Track"));
    assert_eq!(piece(&p, "t1").board.as_deref(), Some("East"));
    // A deck's point; an irregular grid's nearest region; a class of the module's own.
    assert_eq!(loc("k1"), "Reinforcements");
    assert_eq!(loc("r1"), "Box B");
    assert_eq!(loc("o1"), "unknown");
    let w: Vec<String> = p.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("com.example.OddGrid") && w.contains("not located: o1")),
        "{w:#?}"
    );
    // At step 0, the dead pile zone named by its name; a point past 10,000,000 px is offboard.
    let p0 = read(
        &common::save(false).to_file(),
        &Options::default().step(Some(0)),
    );
    assert_eq!(piece(&p0, "d1").location.as_deref(), Some("Dead pile"));
    assert_eq!(piece(&p0, "d1").zone.as_deref(), Some("Dead pile"));
    assert_eq!(piece(&p0, "far").location.as_deref(), Some("offboard"));
    assert_eq!(piece(&p0, "a1").location.as_deref(), Some("0406"));
}

#[test]
fn a_log_replays_to_its_end_or_to_a_step() {
    let file = common::save(false).to_file();
    let end = read(&file, &Options::default());
    assert_eq!((end.step, end.steps), (4, 4));
    assert!(
        end.pieces.iter().all(|x| x.id.as_deref() != Some("far")),
        "removed at step 2"
    );
    assert_eq!(piece(&end, "d1").location.as_deref(), Some("0606"));
    let one = read(&file, &Options::default().step(Some(1)));
    assert_eq!(piece(&one, "d1").location.as_deref(), Some("0606"));
    assert!(one.pieces.iter().any(|x| x.id.as_deref() == Some("far")));
    assert_eq!(piece(&one, "a1").location.as_deref(), Some("0406"));
    let save = Save::from_bytes(&file, "demo.vlog").unwrap();
    let e = vassal::read_pieces(&module(), &save, &Options::default().step(Some(5))).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Step));
    assert!(
        err_text(&e).contains("step 5 is beyond the log's last step (4)"),
        "{}",
        err_text(&e)
    );
}

#[test]
fn a_stacked_piece_is_where_its_stack_is() {
    let p = read(
        &common::save(false).to_file(),
        &Options::default().step(Some(0)),
    );
    // a2 was saved with map `null` (old saves), in stack s1 on Main.
    let a2 = piece(&p, "a2");
    assert_eq!(
        (a2.map.as_deref(), a2.x, a2.y),
        (Some("Main"), Some(190), Some(225))
    );
    assert!(
        p.pieces.iter().all(|x| x.id.as_deref() != Some("s1")),
        "stacks are not pieces"
    );
    // a1 leaves the stack at step 4; a2 stays.
    let end = read(&common::save(false).to_file(), &Options::default());
    assert_eq!(
        (piece(&end, "a1").x, piece(&end, "a2").x),
        (Some(370), Some(190))
    );
}

#[test]
fn a_reversed_board_is_turned() {
    let p = read(
        &common::save(true).to_file(),
        &Options::default().step(Some(0)),
    );
    // (180, 205) of West turned: (600 - 180, 500 - 205).
    assert_eq!(piece(&p, "a2").location.as_deref(), Some("0805"));
}

#[test]
fn properties_layers_labels_and_prototypes() {
    let p = read(&common::save(false).to_file(), &Options::default());
    let a1 = piece(&p, "a1");
    assert_eq!(a1.name.as_deref(), Some("1st Armor (spent)"));
    assert_eq!(a1.properties["Side"], "Blue");
    assert_eq!(a1.properties["Step_Level"], "2");
    assert_eq!(a1.properties["BasicName"], "1st Armor");
    assert_eq!(a1.layers[0].image, "back.png");
    let r1 = piece(&p, "r1");
    assert_eq!(r1.name.as_deref(), Some("Marker (VP)"));
    assert_eq!(r1.properties["TextLabel"], "VP");
    assert_eq!(r1.properties["CurrentMap"], "", "a map with a blank name");
    assert_eq!(piece(&p, "t1").properties["Turn"], "3");
    let i1 = piece(&p, "i1");
    assert_eq!(i1.prototypes, ["Infantry"]);
    assert_eq!(i1.properties["Type"], "Foot");
}

#[test]
fn masked_pieces_show_their_place_and_invisible_ones_nothing() {
    let file = common::save(false).to_file();
    let p = read(&file, &Options::default());
    let m1 = piece(&p, "m1");
    assert!(m1.masked);
    assert_eq!(m1.hidden, Some(vassal::Hidden::Masked));
    assert_eq!(m1.name, None);
    assert!(m1.properties.is_empty() && m1.layers.is_empty() && m1.traits.is_empty());
    // VASSAL draws a masked piece face down where it stands.
    assert_eq!(m1.location.as_deref(), Some("0507"));
    // It does not draw an invisible one for the other players at all: only counted.
    assert!(p.pieces.iter().all(|x| x.id.as_deref() != Some("h1")));
    assert_eq!(p.invisible, 1);
    let json = serde_json::to_string(&p).unwrap();
    assert!(
        !json.contains("Secret HQ") && !json.contains("Ambush") && !json.contains("\"h1\""),
        "nothing of a masked piece leaks, nor the invisible piece at all"
    );
    let r = read(&file, &Options::default().reveal(true));
    assert_eq!(piece(&r, "m1").name.as_deref(), Some("Secret HQ"));
    assert_eq!(piece(&r, "h1").name.as_deref(), Some("Ambush"));
    assert_eq!(piece(&r, "h1").hidden, Some(vassal::Hidden::Invisible));
    assert!(piece(&r, "m1").masked);
    assert_eq!(r.invisible, 0);
}

#[test]
fn a_vmod_reads_its_board_sizes_from_the_image_headers() {
    let vmod = Module::from_vmod(&common::vmod(), "demo.vmod", &vassal::BoardSizes::new()).unwrap();
    let plain = module();
    let sizes: Vec<_> = vmod.maps[0].boards.iter().map(|b| b.size).collect();
    assert_eq!(sizes, [Some((600, 500)), Some((400, 500))]);
    assert!(vmod.warnings.is_empty(), "{:?}", vmod.warnings);
    let save = Save::from_bytes(&common::save(false).to_file(), "demo.vsav").unwrap();
    let a = vassal::read_pieces(&vmod, &save, &Options::default()).unwrap();
    let b = vassal::read_pieces(&plain, &save, &Options::default()).unwrap();
    assert_eq!(a.pieces, b.pieces);
}

#[test]
fn a_buildfile_without_sizes_locates_unknown_with_a_warning() {
    let m = Module::from_build_file(
        &common::build_file(),
        "buildFile.xml",
        &vassal::BoardSizes::new(),
    )
    .unwrap();
    assert!(m.warnings.iter().any(|w| w.message.contains("`west.png`")));
    let save = Save::from_bytes(&common::save(false).to_file(), "demo.vsav").unwrap();
    let p = vassal::read_pieces(&m, &save, &Options::default()).unwrap();
    assert_eq!(piece(&p, "a1").location.as_deref(), Some("unknown"));
    assert_eq!(
        piece(&p, "r1").location.as_deref(),
        Some("Box B"),
        "a board without an image has its own size"
    );
}

#[test]
fn the_save_text_plain_or_obfuscated_or_zipped_reads_alike() {
    let text = common::save(false).finish();
    let zipped = vassal::write::save_file(text.as_bytes());
    let obfuscated = vassal::internal::obfuscation::obfuscate(text.as_bytes(), 7);
    let a = read(text.as_bytes(), &Options::default());
    assert_eq!(a.pieces, read(&zipped, &Options::default()).pieces);
    assert_eq!(a.pieces, read(&obfuscated, &Options::default()).pieces);
    assert_eq!(a.commands.read + a.commands.skipped, 21);
    assert_eq!(a.commands.skipped, 1);
    assert!(
        a.warnings
            .iter()
            .any(|w| w.kind == ErrorKind::UnknownCommand && w.message.contains("`FOO`"))
    );
}

#[test]
fn another_version_of_the_module_is_a_warning() {
    let mut zip = vassal::internal::archive::Writer::new();
    zip.add(
        "savedGame",
        &vassal::internal::obfuscation::obfuscate(common::save(false).finish().as_bytes(), 3),
    );
    zip.add("moduledata", b"<?xml version=\"1.0\"?><data version=\"1\"><version>1.0</version><VassalVersion>3.6.1</VassalVersion><name>Demo</name></data>");
    let save = Save::from_bytes(&zip.finish(), "old.vsav").unwrap();
    assert_eq!(save.module_version.as_deref(), Some("1.0"));
    let p = vassal::read_pieces(&module(), &save, &Options::default()).unwrap();
    assert!(
        p.warnings
            .iter()
            .any(|w| w.kind == ErrorKind::VersionMismatch
                && w.message.contains("version 1.0")
                && w.message.contains("version 2.0"))
    );
    // A map the module lacks and a board of another name.
    let text = common::save(false)
        .boards("Gone", &[("X", 0, 0)])
        .boards("Map1", &[("Old charts", 0, 0)])
        .piece("g1", "Ghost", "Gone", 5, 5, &[])
        .finish();
    let p = read(text.as_bytes(), &Options::default());
    assert_eq!(piece(&p, "g1").location.as_deref(), Some("unknown"));
    let w: Vec<String> = p.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("map `Gone`") && w.contains("module `Demo`")),
        "{w:#?}"
    );
    assert!(
        w.iter()
            .any(|w| w.contains("board `Old charts`") && w.contains("only board `Charts`")),
        "{w:#?}"
    );
    assert_eq!(piece(&p, "r1").location.as_deref(), Some("Box B"));
}

#[test]
fn bad_commands_are_skipped_located_and_counted() {
    let text = common::save(false)
        .log("M/a1/Main/not-a-number/3/null/null/0/0/null/p")
        .log("+/onlyid")
        .finish();
    let p = read(text.as_bytes(), &Options::default());
    let w: Vec<String> = p.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        w.iter()
            .any(|w| w.contains("command 22: a move-piece command whose field 3 cannot be read")),
        "{w:#?}"
    );
    assert!(
        w.iter()
            .any(|w| w.contains("command 23: an add-piece command")),
        "{w:#?}"
    );
    assert_eq!(p.commands.skipped, 3);
}

// Bad input: each refused with a located, clear message.

#[test]
fn a_zip_bomb_is_refused_naming_the_entry() {
    let mut zip = vassal::internal::archive::Writer::new();
    zip.add("savedGame", &vec![b'0'; 8 * 1024 * 1024]);
    let e = Save::from_bytes(&zip.finish(), "bomb.vsav").unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Zip));
    assert!(
        err_text(&e).contains(
            "bomb.vsav: zip entry `savedGame` declares 8.0 MiB from 8157 compressed bytes, more than 200:1"
        ),
        "{}",
        err_text(&e)
    );
    // Declared beyond the cap: refused before inflating, saying what it declares.
    let mut zip = vassal::internal::archive::Writer::new();
    zip.add_raw("savedGame", 8, 70 * 1024 * 1024, 0, &[3, 0]);
    let e = Save::from_bytes(&zip.finish(), "big.vsav").unwrap_err();
    assert!(
        err_text(&e).contains(
            "zip entry `savedGame` declares 70.0 MiB, more than the 64.0 MiB the reader inflates an entry to"
        ),
        "{}",
        err_text(&e)
    );
}

#[test]
fn a_buildfile_with_entities_or_absurd_nesting_is_refused() {
    let laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>\n<VASSAL.build.GameModule name=\"&lol2;\"/>";
    let e = Module::from_build_file(laughs, "laughs.xml", &vassal::BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Xml));
    assert!(
        err_text(&e).starts_with("laughs.xml:1:"),
        "{}",
        err_text(&e)
    );
    assert!(err_text(&e).contains("declares a DTD"), "{}", err_text(&e));
    let deep = format!(
        "<VASSAL.build.GameModule>\n{}{}</VASSAL.build.GameModule>",
        "<a>".repeat(10_000),
        "</a>".repeat(10_000)
    );
    let e = Module::from_build_file(&deep, "deep.xml", &vassal::BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Limit));
    assert!(
        err_text(&e).contains("deep.xml:2:") && err_text(&e).contains("more than 256 deep"),
        "{}",
        err_text(&e)
    );
    let other = "<project><VASSAL.build.module.Map/></project>";
    let e = Module::from_build_file(other, "pom.xml", &vassal::BoardSizes::new()).unwrap_err();
    assert!(
        err_text(&e).contains("not a VASSAL buildFile"),
        "{}",
        err_text(&e)
    );
}

#[test]
fn truncated_or_non_hex_obfuscation_is_refused_naming_the_entry() {
    let good = vassal::internal::obfuscation::obfuscate(common::save(false).finish().as_bytes(), 9);
    let mut zip = vassal::internal::archive::Writer::new();
    zip.add("savedGame", &good[..good.len() - 1]);
    let e = Save::from_bytes(&zip.finish(), "cut.vsav").unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Obfuscation));
    assert!(
        err_text(&e).starts_with("cut.vsav!savedGame: the obfuscated text is cut short"),
        "{}",
        err_text(&e)
    );
    let mut bad = good.clone();
    bad[40] = b'g';
    let e = Save::from_bytes(&bad, "bad.vsav").unwrap_err();
    assert!(
        err_text(&e).contains(
            "bad.vsav: the obfuscated text has a byte that is not a hex digit at byte 40"
        ),
        "{}",
        err_text(&e)
    );
}

#[test]
fn other_files_are_refused() {
    let mut zip = vassal::internal::archive::Writer::new();
    zip.add("readme.txt", b"hello");
    let e = Save::from_bytes(&zip.finish(), "x.vsav").unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::NotVassal));
    let mut xz = vassal::internal::obfuscation::XZ_MAGIC.to_vec();
    xz.extend_from_slice(b"rest");
    let e = Save::from_bytes(&xz, "new.vsav").unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Compressed));
    let e =
        Module::from_vmod(b"PK\x03\x04garbage", "m.vmod", &vassal::BoardSizes::new()).unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::Zip));
}

#[test]
fn coordinates_beyond_ten_million_are_offboard_not_errors() {
    let text = common::save(false)
        .piece("x1", "Far", "Main", i32::MAX, i32::MIN, &[])
        .piece("x2", "Near", "Main", -10_000_001, 0, &[])
        .finish();
    let p = read(text.as_bytes(), &Options::default());
    assert_eq!(piece(&p, "x1").location.as_deref(), Some("offboard"));
    assert_eq!(piece(&p, "x2").location.as_deref(), Some("offboard"));
}
