//! What reading an opponent's file may cost in memory, measured by a counting allocator (this
//! test binary's global allocator: the most bytes held at once while one file is read). A file
//! that is refused costs at most ten times the bytes it holds (inflated); one that is read is
//! bounded by the reader's limits. One test, so that nothing else allocates meanwhile.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use vassal::internal::archive::{Writer, crc32, entries, read};
use vassal::write::{SaveText, add_piece, nest};
use vassal::{BoardSizes, Module, Options, Save, limits};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

/// The most bytes held at once while `f` runs, beyond what was held before.
fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    GLOBAL.reset_peak_memory();
    let out = f();
    (out, GLOBAL.get_peak_memory())
}

const MIB: usize = 1024 * 1024;

/// Bytes a deflate stream packs about four to one.
fn compressible(n: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_u32;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            b"abcd"[(x % 4) as usize]
        })
        .collect()
}

fn a_lying_zip_entry_is_refused_before_it_is_kept() {
    // Declared as 1 KiB, it inflates to 8 MiB: refused at the size declared.
    let data = compressible(8 * MIB);
    let packed = miniz_oxide::deflate::compress_to_vec(&data, 6);
    let mut w = Writer::new();
    w.add_raw("savedGame", 8, 1024, crc32(&data), &packed);
    let file = w.finish();
    let (e, cost) = peak(|| read(&file, &entries(&file).unwrap()[0]));
    assert!(e.is_err());
    assert!(cost < MIB, "a lying entry cost {cost} bytes");
    // Declared right, but with the wrong CRC: refused before its 8 MiB are kept.
    let mut w = Writer::new();
    w.add_raw("savedGame", 8, data.len(), crc32(&data) ^ 1, &packed);
    let file = w.finish();
    let (e, cost) = peak(|| read(&file, &entries(&file).unwrap()[0]));
    assert!(e.unwrap_err().to_string().contains("CRC"));
    assert!(cost < MIB, "a damaged entry cost {cost} bytes");
}

fn a_buildfile_of_tiny_elements_is_refused_before_its_tree_is_built() {
    let text = format!(
        "<VASSAL.build.GameModule>{}</VASSAL.build.GameModule>",
        "<a/>".repeat(2_000_000)
    );
    let (e, cost) = peak(|| Module::from_build_file(&text, "tiny.xml", &BoardSizes::new()));
    assert!(e.is_err());
    assert!(
        cost < MIB,
        "8 MB of tiny elements cost {cost} bytes to refuse"
    );
}

fn a_save_of_empty_commands_costs_little() {
    let text = "\u{1b}".repeat(3_000_000);
    let (save, cost) = peak(|| Save::from_bytes(text.as_bytes(), "empty.vsav"));
    assert_eq!(save.unwrap().commands.read, 3_000_001);
    // The text read (its copy without the obfuscation), and little else.
    assert!(
        cost < 2 * text.len(),
        "3 MB of empty commands cost {cost} bytes"
    );
}

fn a_prototype_of_many_markers_used_by_many_pieces_is_refused_early() {
    let keys: Vec<String> = (0..10_000).map(|i| format!("K{i}")).collect();
    let values = vec!["v"; keys.len()].join(",");
    let marker = format!("mark;{}", keys.join(","));
    let definition = add_piece(
        "null",
        &nest(&[&marker], "piece;;;;"),
        &nest(&[&values], "null;0;0;;0"),
    );
    let build = format!(
        r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.PrototypeDefinition name="Many">{definition}</VASSAL.build.module.PrototypeDefinition></VASSAL.build.GameModule>"#
    );
    let module = Module::from_build_file(&build, "b.xml", &BoardSizes::new()).unwrap();
    let mut t = SaveText::new();
    for i in 0..1_000 {
        t = t.piece(
            &format!("p{i}"),
            "Unit",
            "Main",
            10,
            10,
            &[("prototype;Many", "")],
        );
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "many.vsav").unwrap();
    let (e, cost) = peak(|| vassal::read_pieces(&module, &save, &Options::default()));
    let e = e.unwrap_err();
    assert!(e.to_string().contains("MAX_PROPERTIES"), "{e}");
    assert!(cost < 64 * MIB, "refusing it cost {cost} bytes");
}

fn a_profile_of_many_groups_over_many_pieces_is_refused_early() {
    let module = Module::from_build_file(
        r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.Map mapName="Main"/></VASSAL.build.GameModule>"#,
        "b.xml",
        &BoardSizes::new(),
    )
    .unwrap();
    let mut t = SaveText::new();
    for i in 0..1_000 {
        t = t.piece(&format!("p{i}"), &format!("Unit {i}"), "Main", 10, 10, &[]);
    }
    let save = Save::from_bytes(t.finish().as_bytes(), "units.vsav").unwrap();
    let group = "[[pieces]]\ninto = \"units\"\nselect = { map = \"Main\" }\nfields = { id = { name = true } }\n";
    let text = format!("game = \"demo\"\n{}", group.repeat(1_000));
    let profile = vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap();
    // The state needs a key no entry gives: refused before the save is read.
    let needs = wargame_kit::shape::StateShape::new(&["demo"]).required(&["scenario"]);
    let (e, cost) = peak(|| profile.import(&module, &save, &Options::default(), &needs));
    assert!(e.unwrap_err().to_string().contains("scenario"));
    assert!(cost < MIB, "refusing it cost {cost} bytes");
    // A million entries asked for: refused at the limit of a state's entries.
    let shape = wargame_kit::shape::StateShape::new(&["demo"]);
    let (e, cost) = peak(|| profile.import(&module, &save, &Options::default(), &shape));
    assert!(e.unwrap_err().to_string().contains("MAX_STATE_ENTRIES"));
    assert!(cost < 256 * MIB, "refusing it cost {cost} bytes");
}

fn a_profile_over_its_limit_costs_nothing_to_refuse() {
    let text = format!("game = \"x\"\n#{}", "x".repeat(16 * MIB));
    let (e, cost) = peak(|| vassal::profile::Profile::from_toml_str(&text, Some("big.toml")));
    assert!(e.is_err());
    assert!(cost < MIB, "refusing it cost {cost} bytes");
    assert!(text.len() > limits::MAX_PROFILE_BYTES);
}

/// A profile of `tables` tables all naming `file`, and one lookup reading `column` of the
/// first.
fn profile_of_tables(tables: usize, file: &str, column: &str) -> vassal::profile::Profile {
    let mut text = String::from("game = \"demo\"\n");
    for i in 0..tables {
        text.push_str(&format!("[tables.t{i:03}]\nfile = \"{file}\"\n"));
    }
    text.push_str(&format!(
        "[[pieces]]\ninto = \"units\"\nselect = {{ map = \"Main\" }}\n\
         fields = {{ v = {{ lookup = {{ table = \"t000\", by = {{ {column} = {{ name = true }} }}, column = \"{column}\" }} }} }}\n"
    ));
    vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap()
}

/// A TOML table whose rows each add a column of their own (issue 44, item 3: every row got
/// every column, 90 KB -> 2.0 GB): a row holds its own cells, so the table costs a multiple of
/// its bytes, the same at two sizes.
fn a_table_whose_rows_each_add_a_column_costs_its_bytes() {
    let mut costs = Vec::new();
    for n in [3_000, 6_000] {
        let rows: Vec<String> = (0..n).map(|i| format!("{{ c{i:05} = \"v\" }}")).collect();
        let text = format!("rows = [\n{}\n]\n", rows.join(",\n"));
        let files = wargame_kit::resolve::MemoryResolver::default().with("t.toml", text.as_str());
        let profile = profile_of_tables(1, "t.toml", "c00000");
        let (loaded, cost) = peak(|| profile.with_tables(&files));
        loaded.unwrap();
        // What the TOML parser's own tree of the file costs (some 100 times the bytes of rows
        // this short, bounded by the rows a table may have): the table adds a few times its
        // bytes to it, where every row holding every column added n x n cells.
        let (parsed, parse_cost) = peak(|| text.parse::<toml::Table>());
        drop(parsed);
        assert!(
            cost < parse_cost + 16 * text.len() + 64 * 1024,
            "{n} rows, {} bytes: {cost} bytes held, {parse_cost} of them the TOML parser's",
            text.len()
        );
        costs.push(cost);
    }
    assert!(costs[1] * 10 <= costs[0] * 25, "{costs:?}");
}

/// Tables naming one file (item 4: 200 tables naming a 1.2 MB CSV held 2.85 GB): the file is
/// read and parsed once, so 64 tables cost what one does; more tables than
/// `MAX_PROFILE_TABLES` are refused.
fn tables_naming_one_file_read_it_once() {
    let mut csv = String::from("name,value\n");
    for i in 0..20_000 {
        csv.push_str(&format!("Unit {i},{i}\n"));
    }
    let files = wargame_kit::resolve::MemoryResolver::default().with("big.csv", csv.as_str());
    let one = profile_of_tables(1, "big.csv", "name");
    let (loaded, one_cost) = peak(|| one.with_tables(&files));
    loaded.unwrap();
    for tables in [2, limits::MAX_PROFILE_TABLES] {
        let many = profile_of_tables(tables, "big.csv", "name");
        let (loaded, cost) = peak(|| many.with_tables(&files));
        loaded.unwrap();
        assert!(
            cost < one_cost + one_cost / 4 + 64 * 1024,
            "{tables} tables naming one file: {cost} bytes, one table {one_cost}"
        );
    }
    let text = format!(
        "game = \"demo\"\n{}",
        (0..=limits::MAX_PROFILE_TABLES)
            .map(|i| format!("[tables.t{i:03}]\nfile = \"big.csv\"\n"))
            .collect::<String>()
    );
    let e = vassal::profile::Profile::from_toml_str(&text, Some("p.toml")).unwrap_err();
    assert!(
        e.to_string().contains(&format!(
            "the profile names {} tables, more than {} (the reader's limit, vassal::limits::MAX_PROFILE_TABLES)",
            limits::MAX_PROFILE_TABLES + 1,
            limits::MAX_PROFILE_TABLES
        )),
        "{e}"
    );
}

/// Pieces fitting `n` entries of one type, each of its side `side(i)`, without a gpid: the slot
/// of the last of 2,000 pieces (each of a gpid of its own, which no entry has), and the bytes
/// of module and save against the bytes reading them cost.
fn pieces_fitting(n: usize, side: impl Fn(usize) -> String) -> (vassal::Slot, usize, usize) {
    let slots: String = (0..n)
        .map(|i| {
            let definition = add_piece(
                "null",
                &nest(&["mark;Side"], "piece;;;;Unit"),
                &nest(&[&side(i)], "null;0;0;;0"),
            );
            vassal::write::piece_slot(&format!("U{i}"), "", (10, 10), &definition)
        })
        .collect();
    let build = format!(
        r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.PieceWindow name="Pieces">{slots}</VASSAL.build.module.PieceWindow><VASSAL.build.module.Map mapName="Main"/></VASSAL.build.GameModule>"#
    );
    let module = Module::from_build_file(&build, "b.xml", &BoardSizes::new()).unwrap();
    let mut t = SaveText::new();
    for i in 0..2_000 {
        let (ty, state) = (
            nest(&["mark;Side"], "piece;;;;Unit"),
            nest(&["Red"], &format!("Main;10;10;g{i};0")),
        );
        t = t.command(&add_piece(&format!("p{i}"), &ty, &state));
    }
    let text = t.finish();
    let save = Save::from_bytes(text.as_bytes(), "many.vsav").unwrap();
    let (p, cost) = peak(|| vassal::read_pieces(&module, &save, &Options::default()));
    let p = p.unwrap();
    let slot = p.pieces[1_999].slot.clone().unwrap();
    (slot, build.len() + text.len(), cost)
}

fn pieces_fitting_many_entries_keep_what_is_shown() {
    // 4,000 entries of one type (distinct slots: their states differ), and 2,000 pieces
    // fitting them all: ambiguous, ten candidates each.
    let n = 4_000;
    let (slot, input, cost) = pieces_fitting(n, |i| format!("Blue {i}"));
    assert_eq!((slot.fitting, slot.candidates.len()), (n, 10));
    // The pieces as read, their ten candidates each, and the palette: not 2,000 times 4,000.
    assert!(
        cost < 16 * input,
        "{input} bytes of module and save cost {cost} bytes to read"
    );
    // 4,000 identical entries (one slot), and the same pieces: that slot, ten paths each.
    let (slot, input, cost) = pieces_fitting(n, |_| "Blue".to_string());
    assert_eq!(
        (slot.found, slot.entries, slot.paths.len()),
        (vassal::Found::Exact, n, 10)
    );
    assert!(
        cost < 16 * input,
        "{input} bytes of module and save cost {cost} bytes to read"
    );
}

fn a_zone_of_many_points_costs_a_few_times_its_text() {
    // A zone of 200,000 points (a circle), its edges indexed by the rows they span.
    let n = 200_000;
    let path: Vec<String> = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * f64::from(i) / f64::from(n);
            let (x, y) = (5000.0 + 4000.0 * a.cos(), 5000.0 + 4000.0 * a.sin());
            format!("{},{}", x.round(), y.round())
        })
        .collect();
    let build = format!(
        r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" width="10000" height="10000"><VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="{}"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"#,
        path.join(";")
    );
    let (module, cost) = peak(|| Module::from_build_file(&build, "b.xml", &BoardSizes::new()));
    assert_eq!(module.unwrap().maps.len(), 1);
    assert!(
        cost < 4 * build.len(),
        "a zone of {} bytes cost {cost} bytes to read",
        build.len()
    );
}

#[test]
fn refused_files_cost_little_and_read_ones_are_bounded() {
    a_lying_zip_entry_is_refused_before_it_is_kept();
    a_buildfile_of_tiny_elements_is_refused_before_its_tree_is_built();
    a_save_of_empty_commands_costs_little();
    a_prototype_of_many_markers_used_by_many_pieces_is_refused_early();
    a_profile_of_many_groups_over_many_pieces_is_refused_early();
    a_profile_over_its_limit_costs_nothing_to_refuse();
    a_table_whose_rows_each_add_a_column_costs_its_bytes();
    tables_naming_one_file_read_it_once();
    pieces_fitting_many_entries_keep_what_is_shown();
    a_zone_of_many_points_costs_a_few_times_its_text();
}
