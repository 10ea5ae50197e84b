//! Profiles on the synthetic demo module and game of `tests/common`: every source and
//! modifier of a read, key paths into `[state]`'s arrays, counts, and each kind of problem,
//! located on the profile's line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use vassal::profile::{Imported, Profile};
use vassal::{ErrorKind, Module, Options, Save};
use wargame_kit::shape::StateShape;

const SHAPE: StateShape<'static> = StateShape::new(&["demo"]).references(&["map"]);

fn demo() -> (Module, Save) {
    let module =
        Module::from_vmod(&common::vmod(), "demo.vmod", &vassal::BoardSizes::new()).unwrap();
    let save = Save::from_bytes(&common::save(false).to_file(), "demo.vlog").unwrap();
    (module, save)
}

fn import(profile: &str) -> Result<Imported, vassal::Error> {
    let (module, save) = demo();
    let p = Profile::from_toml_str(profile, Some("p.toml"))?;
    p.import(&module, &save, &Options::default(), &SHAPE)
}

fn problems(profile: &str) -> Vec<(ErrorKind, String, u32)> {
    let e = import(profile).unwrap_err();
    e.diagnostics()
        .iter()
        .map(|d| (d.kind, d.message.clone(), d.location.map_or(0, |l| l.line)))
        .collect()
}

fn state(profile: &str) -> toml::Table {
    let imported = import(profile).unwrap();
    imported.text.parse().unwrap()
}

#[test]
fn every_source_and_modifier() {
    let s = state(
        r#"
game = "demo"
[state]
map = "maps/m.toml"
[board]
map = "Main"
[[pieces]]
into = "units"
select = { on = "board", name_contains = "1st Armor" }
[pieces.fields]
id = { name = true, word = 1 }
hex = { location = true }
side = { property = "Side", values = { Blue = "us" } }
step = { layer = "Step", as = "integer" }
kind = { value = "armor" }
tag = { name = true, word = -1, format = "<{}>" }
missing = { property = "Turn", optional = true }
[[markers]]
key = "turn"
select = { zone = "Track" }
value = { property = "Turn", as = "integer" }
[[counts]]
key = "dead"
select = { map = "Main", zone = "Dead pile" }
"#,
    );
    let unit = s["units"].as_array().unwrap()[0].as_table().unwrap();
    assert_eq!(unit["id"].as_str(), Some("1st"));
    assert_eq!(unit["hex"].as_str(), Some("0707"));
    assert_eq!(unit["side"].as_str(), Some("us"));
    assert_eq!(unit["step"].as_integer(), Some(2));
    assert_eq!(unit["kind"].as_str(), Some("armor"));
    assert_eq!(unit["tag"].as_str(), Some("<(spent)>"));
    assert!(!unit.contains_key("missing"));
    assert_eq!(s["turn"].as_integer(), Some(3));
    assert_eq!(s["dead"].as_integer(), Some(0));
    assert_eq!(s["game"].as_str(), Some("demo"));
    assert_eq!(s["map"].as_str(), Some("maps/m.toml"));
}

#[test]
fn keys_choose_entries_of_state_arrays_and_references_rebase() {
    let profile = r#"
game = "demo"
map = 1
"#;
    // `map` at the top is not a profile key.
    assert!(Profile::from_toml_str(profile, None).is_err());
    let text = r#"
game = "demo"
[state]
map = "maps/m.toml"
[[state.places]]
label = "Track B2"
[[markers]]
key = { location = true, format = "places[label={}].turn" }
select = { zone = "Track" }
value = { property = "Turn" }
"#;
    let mut imported = import(text).unwrap();
    let s: toml::Table = imported.text.parse().unwrap();
    assert_eq!(s["places"][0]["turn"].as_str(), Some("3"));
    assert_eq!(imported.origins[0].key, "places[0].turn");
    assert!(
        imported
            .text
            .contains("# markers[0]: piece \"Turn\" [id t1] at Track B2 on Main")
    );
    imported.rebase_references(|r| format!("../{r}"));
    assert!(imported.text.contains("map = \"../maps/m.toml\""));
}

#[test]
fn names_the_module_lacks_are_located_with_did_you_mean() {
    let p = problems(
        r#"
game = "demo"
[board]
map = "Mian"
[[pieces]]
into = "units"
select = { zone = "Dead Pile", prototype = "Infantri" }
fields = { id = { property = "Sde" }, l = { layer = "Stp" } }
"#,
    );
    let kinds: Vec<_> = p.iter().map(|x| x.0).collect();
    assert_eq!(kinds, [ErrorKind::Profile; 5]);
    let text: Vec<_> = p.iter().map(|x| x.1.as_str()).collect();
    assert!(text[0].contains("no map `Mian`"), "{text:?}");
    assert!(text[1].contains("no zone `Dead Pile`"), "{text:?}");
    assert!(text[2].contains("no prototype `Infantri`"), "{text:?}");
    assert_eq!(p[0].2, 4);
}

#[test]
fn two_pieces_a_missing_value_and_no_source() {
    let base = "game = \"demo\"\n";
    let two = problems(&format!(
        "{base}[[markers]]\nkey = \"k\"\nselect = {{ map = \"Main\", name_contains = \"Armor\" }}\nvalue = {{ value = 1 }}\n"
    ));
    assert_eq!(two[0].0, ErrorKind::TwoPieces);
    assert!(two[0].1.contains("2 pieces claim markers[0]"), "{two:?}");
    let none = problems(&format!(
        "{base}[[markers]]\nkey = \"k\"\nselect = {{ zone = \"Track\" }}\nvalue = {{ location = {{ \"Track A1\" = 1 }} }}\n"
    ));
    assert_eq!(none[0].0, ErrorKind::NoValue);
    assert!(none[0].1.contains("no value for `Track B2`"), "{none:?}");
    let unreadable = problems(&format!(
        "{base}[[pieces]]\ninto = \"u\"\nselect = {{ zone = \"Track\" }}\nfields = {{ w = {{ name = true, word = 3 }} }}\n"
    ));
    assert_eq!(unreadable[0].0, ErrorKind::Unreadable);
    assert!(
        unreadable[0].1.contains("has 1 word(s), not a word 3"),
        "{unreadable:?}"
    );
    let (module, save) = demo();
    let p = Profile::from_toml_str(base, Some("p.toml")).unwrap();
    let shape = StateShape::new(&["demo"]).required(&["turn"]);
    let e = p
        .import(&module, &save, &Options::default(), &shape)
        .unwrap_err();
    assert_eq!(e.kind(), Some(ErrorKind::NoSource));
    let other = StateShape::new(&["other"]);
    let e = p
        .import(&module, &save, &Options::default(), &other)
        .unwrap_err();
    assert!(
        e.diagnostics()[0]
            .message
            .contains("not a game this engine reads")
    );
}

#[test]
fn a_read_takes_one_source_and_well_formed_modifiers() {
    for (read, says) in [
        ("{ name = true, property = \"x\" }", "exactly one source"),
        ("{}", "exactly one source"),
        ("{ name = true, word = 0 }", "counts from 1"),
        ("{ name = true, as = \"float\" }", "only \"integer\""),
        ("{ name = true, format = \"x\" }", "lacks"),
    ] {
        let text = format!(
            "game = \"demo\"\n[[pieces]]\ninto = \"u\"\nselect = {{}}\nfields = {{ f = {read} }}\n"
        );
        let e = Profile::from_toml_str(&text, Some("p.toml")).unwrap_err();
        assert!(e.diagnostics()[0].message.contains(says), "{read}: {e}");
        assert_eq!(e.diagnostics()[0].location.unwrap().line, 5);
    }
    for key in ["a..b", "a[x=1", "a[x=1]", "a b", ""] {
        let text = format!("game = \"demo\"\n[[counts]]\nkey = \"{key}\"\nselect = {{}}\n");
        assert!(Profile::from_toml_str(&text, None).is_err(), "{key}");
    }
}

#[test]
fn a_value_set_twice_is_refused() {
    let p = problems("game = \"demo\"\n[state]\nk = 1\n[[counts]]\nkey = \"k\"\nselect = {}\n");
    assert_eq!(p[0].0, ErrorKind::TwoPieces);
    assert!(p[0].1.contains("set twice"), "{p:?}");
}

#[test]
fn a_draft_of_the_demo_module_reads_back() {
    let (module, _) = demo();
    let draft = vassal::profile::draft(&module);
    assert!(
        draft.contains("\"Main\": board \"West\" (hex grid)"),
        "{draft}"
    );
    assert!(
        draft.contains("The module's prototypes: \"Infantry\"."),
        "{draft}"
    );
    Profile::from_toml_str(&draft, None).unwrap();
}

#[test]
fn a_read_of_the_piece_id() {
    let s = state(
        r#"
game = "demo"
[[pieces]]
into = "units"
select = { name_contains = "Armor" }
fields = { id = { piece_id = true }, name = { name = true } }
"#,
    );
    let ids: Vec<&str> = s["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["a1", "a2"]);
}

/// The profile with its tables served from memory, imported on the demo game.
fn with_tables(profile: &str, files: &[(&str, &str)]) -> Result<Imported, vassal::Error> {
    let (module, save) = demo();
    let mut resolver = wargame_kit::resolve::MemoryResolver::default();
    for (name, text) in files {
        resolver = resolver.with(*name, *text);
    }
    let p = Profile::from_toml_str(profile, Some("p.toml"))?.with_tables(&resolver)?;
    p.import(&module, &save, &Options::default(), &SHAPE)
}

const LOOKUP: &str = r#"
game = "demo"
[tables.counters]
file = "counters.csv"
[[pieces]]
into = "units"
select = { name_contains = "1st Armor" }
[pieces.fields]
id = { name = true, word = 1 }
rating = { lookup = { table = "counters", by = { counter = { property = "BasicName" }, step = { layer = "Step" } }, column = "rating" } }
strength = { lookup = { table = "counters", by = { counter = { property = "BasicName" }, step = { layer = "Step" } }, column = "strength" }, as = "integer" }
"#;

#[test]
fn a_lookup_in_a_table_keyed_on_several_reads() {
    // The flipped side (layer `Step` at level 2) has its own row: full and reduced strengths.
    let csv = "counter,step,rating,strength\n1st Armor,1,6-6-4,6\n1st Armor,2,3-3-4,3\n";
    let imported = with_tables(LOOKUP, &[("counters.csv", csv)]).unwrap();
    let s: toml::Table = imported.text.parse().unwrap();
    let unit = s["units"].as_array().unwrap()[0].as_table().unwrap();
    assert_eq!(unit["rating"].as_str(), Some("3-3-4"));
    assert_eq!(unit["strength"].as_integer(), Some(3));
    // The same table written in TOML.
    let toml_table = "rows = [\n  { counter = \"1st Armor\", step = 1, rating = \"6-6-4\", strength = 6 },\n  { counter = \"1st Armor\", step = 2, rating = \"3-3-4\", strength = 3 },\n]\n";
    let imported = with_tables(
        &LOOKUP.replace("counters.csv", "counters.toml"),
        &[("counters.toml", toml_table)],
    )
    .unwrap();
    assert_eq!(
        imported.text,
        with_tables(LOOKUP, &[("counters.csv", csv)])
            .unwrap()
            .text
            .replace("counters.csv", "counters.toml")
    );
}

#[test]
fn a_lookup_names_the_row_it_lacks_and_the_column() {
    let csv = "counter,step,rating,strength\n1st Armor,1,6-6-4,6\n";
    let e = with_tables(LOOKUP, &[("counters.csv", csv)]).unwrap_err();
    // One problem: the row missing is one cause, naming both fields looked up in it, located
    // at the first.
    assert_eq!(e.diagnostics().len(), 1, "{e}");
    let d = &e.diagnostics()[0];
    assert_eq!(d.kind, ErrorKind::NoValue);
    assert!(
        d.message
            .contains("cannot read `rating` and `strength` of piece \"1st Armor"),
        "{e}"
    );
    assert!(
        d.message
            .contains("no row of table `counters` has counter = `1st Armor`, step = `2`"),
        "{e}"
    );
    assert_eq!(d.key.as_deref(), Some("pieces[0].fields.rating"), "{e}");
    let e = with_tables(LOOKUP, &[("counters.csv", "counter,step,strength\n")]).unwrap_err();
    assert!(
        e.to_string()
            .contains("table `counters` has no column `rating`"),
        "{e}"
    );
    assert_eq!(e.diagnostics()[0].location.unwrap().line, 10, "{e}");
    let e = with_tables(LOOKUP, &[]).unwrap_err();
    assert!(e.to_string().contains("cannot load `counters.csv`"), "{e}");
    let p = Profile::from_toml_str(
        &LOOKUP.replace("table = \"counters\"", "table = \"counter\""),
        None,
    )
    .unwrap_err();
    assert!(p.to_string().contains("did you mean `counters`?"), "{p}");
}

#[test]
fn one_problem_a_profile_key_and_cause_with_the_pieces_it_hits() {
    // `Side` is a property of one piece on map Main only: every other piece lacks it.
    let p = problems(
        r#"
game = "demo"
[[pieces]]
into = "units"
select = { map = "Main" }
fields = { side = { property = "Side" } }
"#,
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].1
            .contains("cannot read `side` of 5 pieces, the first "),
        "{p:?}"
    );
    assert!(p[0].1.ends_with("it has no property `Side`"), "{p:?}");
    // A value the profile lists none for, with the nearest listed.
    let e = import(
        r#"
game = "demo"
[[pieces]]
into = "units"
select = { name_contains = "1st Armor" }
fields = { side = { property = "Side", values = { Blu = "us" } } }
"#,
    )
    .unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(
        d.help.as_deref(),
        Some(
            "add `Blue` to the list (or, if the profile's `Blu` was meant for it, rename that one)"
        ),
        "{e}"
    );
}

/// The problem of `with_tables` on LOOKUP (its table `counters` in `file`, served from memory
/// with `text`).
fn table_problem(file: &str, text: &str) -> String {
    let files = wargame_kit::resolve::MemoryResolver::default().with(file, text);
    let profile = LOOKUP.replace("counters.csv", file);
    Profile::from_toml_str(&profile, Some("p.toml"))
        .unwrap()
        .with_tables(&files)
        .unwrap_err()
        .to_string()
}

/// A table lacking a column the profile names lists at most ten of its columns, the rest
/// counted, however many it has (issue 44, item 21: one message of 4.2 MB for a CSV of
/// 200,000 columns).
#[test]
fn a_missing_column_lists_ten_columns_and_counts_the_rest() {
    for n in [12, 2_000, 20_000] {
        let mut header = vec![
            "counter".to_string(),
            "step".to_string(),
            "strength".to_string(),
        ];
        header.extend((3..n).map(|i| format!("col{i:05}")));
        let csv = format!("{}\n", header.join(","));
        let e = table_problem("counters.csv", &csv);
        let shown: Vec<String> = header.iter().take(10).map(|c| format!("`{c}`")).collect();
        let line = format!(
            "table `counters` has no column `rating` (its columns: {}, and {} more)",
            shown.join(", "),
            n - 10
        );
        assert!(e.contains(&line), "{n}: {e}");
        assert!(!e.contains("col00010"), "{n}: {e}");
        assert!(e.len() < 2_000, "{n}: {} bytes", e.len());
    }
    // Ten or fewer: all of them, nothing counted.
    let e = table_problem("counters.csv", "counter,step,strength\n");
    assert!(
        e.contains("(its columns: `counter`, `step`, `strength`)"),
        "{e}"
    );
}

/// A file that is not the table the profile names (a shared profile naming `/etc/shadow`): the
/// problem says what kind of file was expected and shows nothing of it, not even its first
/// line; a file that does not parse as a table says what a table is.
#[test]
fn a_file_that_is_not_a_table_is_named_never_shown() {
    let shadow = "root:$6$SECRETHASH$abcdef:19000:0:99999:7:::\n\
                  daemon:*:19000:0:99999:7:::\nalice:$6$OTHERSECRET:19000:0:99999:7:::\n";
    for file in ["shadow", "/etc/shadow", "passwords.csv"] {
        let e = table_problem(file, shadow);
        assert!(
            e.contains(&format!(
                "table `counters` ({file}) is not the table expected (a CSV table: a first \
                 line naming the columns, then one row a line): it has none of the columns the \
                 profile looks up (`counter`, `rating`, `step`, `strength`)"
            )),
            "{e}"
        );
        for secret in [
            "root",
            "SECRETHASH",
            "daemon",
            "alice",
            "OTHERSECRET",
            "19000",
        ] {
            assert!(!e.contains(secret), "{secret} shown: {e}");
        }
    }
    // TOML that is not a table of rows, and a TOML table whose rows have none of the columns.
    let e = table_problem("counters.toml", "password = \"hunter2\"\n");
    assert!(
        e.contains(
            "table `counters` (counters.toml): not a TOML table: `rows`, an array of tables (one \
             a row, its keys the columns): it has no array `rows`"
        ),
        "{e}"
    );
    let e = table_problem("counters.toml", "rows = [{ password = \"hunter2\" }]\n");
    assert!(
        e.contains("is not the table expected (a TOML table: `rows`, an array of tables"),
        "{e}"
    );
    assert!(!e.contains("hunter2") && !e.contains("password"), "{e}");
    let e = table_problem("counters.toml", "password = hunter2\n");
    assert!(e.contains("not a TOML table"), "{e}");
    assert!(!e.contains("hunter2"), "{e}");
    // CSV that does not parse.
    let e = table_problem("counters.csv", "counter,step\n\"secret,1\n");
    assert!(
        e.contains(
            "not a CSV table: a first line naming the columns, then one row a line: a quoted \
             field is not closed"
        ),
        "{e}"
    );
    assert!(!e.contains("secret"), "{e}");
}

/// `optional` and `may_be_empty` excuse an absent piece, never a name or a value that exists
/// nowhere in the save or the module: each typo is an error at its key, with the nearest name.
#[test]
fn a_name_that_exists_nowhere_is_refused_whatever_the_entry_says() {
    let cases = [
        (
            "[[counts]]\nkey = \"n\"\nselect = { name_contains = \"1st Armr\" }",
            "counts[0].select.name_contains",
            "has a name containing `1st Armr`",
        ),
        (
            "[[markers]]\nkey = \"t\"\nselect = { name = \"Trun\" }\nvalue = { value = 1 }\noptional = true",
            "markers[0].select.name",
            "is named `Trun`",
        ),
        (
            "[[pieces]]\ninto = \"units\"\nselect = { property = { Side = \"Bleu\" } }\nmay_be_empty = true\nfields = { id = { name = true } }",
            "pieces[0].select.property.Side",
            "no piece of the save has `Side` = `Bleu`",
        ),
        (
            "[[pieces]]\ninto = \"units\"\nselect = { map = \"Main\" }\nmay_be_empty = true\nfields = { x = { property = \"Nope\", optional = true } }",
            "pieces[0].fields.x.property",
            "has a property `Nope`",
        ),
    ];
    for (entry, key, words) in cases {
        let e = import(&format!("game = \"demo\"\n{entry}\n")).unwrap_err();
        let d = e
            .diagnostics()
            .iter()
            .find(|d| d.key.as_deref() == Some(key))
            .unwrap_or_else(|| panic!("nothing at {key}: {e}"));
        assert!(d.message.contains(words), "{key}: {}", d.message);
        assert_eq!(d.kind, ErrorKind::Profile, "{key}");
    }
    // A name the module defines that no piece has today counts 0, and a value a piece has
    // elsewhere in the save selects nothing here: no typo, no error.
    let s = state(
        "game = \"demo\"\n[[counts]]\nkey = \"a\"\nselect = { zone = \"Dead pile\", name_contains = \"Armor\" }\n[[counts]]\nkey = \"b\"\nselect = { zone = \"Dead pile\", property = { Side = \"Blue\" } }\n",
    );
    assert_eq!(s["a"].as_integer(), Some(0));
    assert_eq!(s["b"].as_integer(), Some(0));
}

/// A required key whose only entry (an optional marker) selected nothing is told at that
/// entry, saying it selected nothing; a key no entry gives is told with the forms that give a
/// scalar (never `[[pieces]] into`).
#[test]
fn a_required_key_left_unset_names_the_entry_that_selected_nothing() {
    const NEEDS: StateShape<'static> = StateShape::new(&["demo"]).required(&["turn", "phase"]);
    let (module, save) = demo();
    let text = "game = \"demo\"\n[state]\nphase = 1\n[[markers]]\nkey = \"turn\"\nselect = { zone = \"Dead pile\" }\nvalue = { property = \"Turn\" }\noptional = true\n";
    let p = Profile::from_toml_str(text, Some("p.toml")).unwrap();
    let e = p
        .import(&module, &save, &Options::default(), &NEEDS)
        .unwrap_err();
    let d = &e.diagnostics()[0];
    assert_eq!(d.key.as_deref(), Some("markers[0].select"), "{e}");
    assert!(
        d.message
            .contains("which markers[0] gives, and markers[0] selected no piece of the save"),
        "{e}"
    );
    assert_eq!(d.location.map(|l| l.line), Some(6), "{e}");
    let p =
        Profile::from_toml_str("game = \"demo\"\n[state]\nphase = 1\n", Some("p.toml")).unwrap();
    let e = p
        .import(&module, &save, &Options::default(), &NEEDS)
        .unwrap_err();
    let help = e.diagnostics()[0].help.clone().unwrap();
    assert!(
        help.contains("[[markers]]") && !help.contains("[[pieces]]"),
        "{help}"
    );
}

/// A location the profile's list lacks, a slip of one it lists: the fix is to rename the
/// profile's own key, and the help says so (never "did you mean" the profile's wrong key).
#[test]
fn a_slip_in_the_profiles_own_list_is_told_as_a_rename() {
    let e = import(
        "game = \"demo\"\n[[markers]]\nkey = \"turn\"\nselect = { zone = \"Track\" }\nvalue = { location = { \"Track B3\" = 3, \"Track  B2\" = 2 } }\n",
    )
    .unwrap_err();
    let d = &e.diagnostics()[0];
    assert!(d.message.contains("gives no value for `Track B2`"), "{e}");
    assert_eq!(
        d.help.as_deref(),
        Some(
            "add `Track B2` to the list (or, if the profile's `Track  B2` was meant for it, rename that one)"
        ),
        "{e}"
    );
}

/// A problem the state's reader finds in every piece one read gave (each with its own value)
/// is one problem at that read, with how many more pieces it hit: not one a piece.
#[test]
fn one_problem_of_the_state_for_each_read_and_cause_with_a_count() {
    let imported = import(
        "game = \"demo\"\n[[pieces]]\ninto = \"units\"\nselect = { map = \"Main\" }\nfields = { id = { piece_id = true }, rating = { name = true } }\n",
    )
    .unwrap();
    let state: toml::Table = imported.text.parse().unwrap();
    let units = state["units"].as_array().unwrap().len();
    assert!(units >= 3, "{units}");
    let e = imported
        .read_state(|text, _| -> Result<(), wargame_kit::Error<&'static str>> {
            let state: toml::Table = text.parse().unwrap();
            let mut found = Vec::new();
            for (i, u) in state["units"].as_array().unwrap().iter().enumerate() {
                let rating = u["rating"].as_str().unwrap();
                found.push(
                    wargame_kit::Diagnostic::new("rating", format!("rating `{rating}` is not one"))
                        .key(format!("units[{i}].rating")),
                );
            }
            found.push(wargame_kit::Diagnostic::new("id", "id `x` is not one").key("units[0].id"));
            Err(wargame_kit::Error::new(found))
        })
        .unwrap_err();
    let d = e.diagnostics();
    assert_eq!(d.len(), 2, "{e}");
    assert!(
        d[0].message.ends_with(&format!(
            "(the same problem for {} more piece(s) read here)",
            units - 1
        )),
        "{e}"
    );
    assert_eq!(d[0].location.map(|l| l.line), Some(5), "{e}");
    assert!(!d[1].message.contains("the same problem"), "{e}");
}
