//! The synthetic saves of `fixtures/vassal/` (made by `crates/vassal-fixtures`) have the
//! shape of the saves VASSAL writes, checked against real saves no one here wrote: the folder
//! named by `VASSAL_SAMPLES` (its `cases.json` lists the real saves and logs). Each claim about
//! VASSAL is asserted of the real saves too, so the test shows it rather than assumes it:
//!
//! - no saved piece holds a `prototype;` trait (VASSAL expands prototypes when it places a
//!   piece), and every trait kind a synthetic piece uses is one a real piece uses;
//! - the file: a zip whose `savedGame` entry is obfuscated (`!VCSK`, lowercase hex as 3.x
//!   writes it), with the `moduledata` and `savedata` entries of 3.x (holding the elements the
//!   real saves of the same VASSAL version hold);
//! - the basic piece's state has the fields of 3.6 and later (`map;x;y;gpid;count;...`), and
//!   the stacks are there, written as 3.6 writes them (`;@@LAYER` last), each after its members;
//! - the commands: `begin_save`, the empty command of 3.x, the pieces, and the boards' commands
//!   after every piece, `end_save` last.
//!
//! Without `VASSAL_SAMPLES` the comparisons with real saves are skipped, with a message; the
//! checks of the synthetic saves alone still run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use vassal::internal::{archive, obfuscation};
use vassal::seq::Decoder;

mod common;
use common::{root, synthetic_saves};

const ESC: char = '\u{1b}';

/// A saved game's file, taken apart.
struct Shape {
    name: String,
    /// The zip's entries, when it is a zip.
    entries: Vec<String>,
    /// The `savedGame` entry (or the whole file) starts with `!VCSK`.
    obfuscated: bool,
    /// Its hex digits are all lowercase (as VASSAL 3.x writes them).
    lowercase: bool,
    /// The child elements of `moduledata`'s and `savedata`'s `data`, with their text.
    moduledata: Option<BTreeMap<String, String>>,
    savedata: Option<BTreeMap<String, String>>,
    /// The saved position's commands (before the first log step), leaves in order.
    commands: Vec<String>,
    /// Every piece added, in the position and in the log.
    pieces: Vec<PieceShape>,
    /// The stacks of the position: (index among `commands`, state).
    stacks: Vec<(usize, String)>,
}

struct PieceShape {
    id: String,
    /// Its traits' kinds (the type up to its first `;`), outermost first.
    kinds: Vec<String>,
    /// The number of `;`-separated fields of the basic piece's state.
    basic_fields: usize,
    /// Its index among the position's commands (`None` in a log step).
    at: Option<usize>,
}

/// The leaves of a command, as `GameModule.decode` splits it (ESC-separated, nested).
fn leaves(text: &str, out: &mut Vec<String>) {
    let parts: Vec<String> = Decoder::new(text, ESC).collect();
    if parts.len() == 1 && parts[0] == text {
        out.push(text.to_string());
        return;
    }
    for p in parts {
        leaves(&p, out);
    }
}

/// The elements of a tab-nested piece type or state, outermost first.
fn chain(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = Some(text.to_string());
    while let Some(s) = rest.take() {
        let mut d = Decoder::new(&s, '\t');
        out.push(d.next().unwrap_or_default());
        rest = d.next();
    }
    out
}

fn kind(ty: &str) -> String {
    match ty.find(';') {
        Some(i) => ty[..=i].to_string(),
        None => ty.to_string(),
    }
}

/// An add-piece command's id, type and state (`+/id/type/state`).
fn add_piece(leaf: &str) -> Option<(String, String, String)> {
    let body = leaf.strip_prefix("+/")?;
    let mut d = Decoder::new(body, '/');
    Some((d.next()?, d.next()?, d.next().unwrap_or_default()))
}

fn piece(leaf: &str, at: Option<usize>) -> Option<PieceShape> {
    let (id, ty, state) = add_piece(leaf)?;
    if ty == "stack" || ty.starts_with("deck;") {
        return None;
    }
    let kinds: Vec<String> = chain(&ty).iter().map(|t| kind(t)).collect();
    let basic = chain(&state).pop().unwrap_or_default();
    Some(PieceShape {
        id,
        kinds,
        basic_fields: Decoder::new(&basic, ';').count(),
        at,
    })
}

/// The child elements of an XML entry's root `data`.
fn data_xml(bytes: &[u8]) -> BTreeMap<String, String> {
    let text = std::str::from_utf8(bytes).unwrap();
    let doc = roxmltree::Document::parse(text).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "data");
    doc.root_element()
        .children()
        .filter(|n| n.is_element())
        .map(|n| {
            (
                n.tag_name().name().to_string(),
                n.text().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn shape(name: &str, bytes: &[u8]) -> Shape {
    let mut s = Shape {
        name: name.to_string(),
        entries: Vec::new(),
        obfuscated: false,
        lowercase: false,
        moduledata: None,
        savedata: None,
        commands: Vec::new(),
        pieces: Vec::new(),
        stacks: Vec::new(),
    };
    let mut raw = bytes.to_vec();
    if archive::is_zip(bytes) {
        let entries = archive::entries(bytes).unwrap();
        s.entries = entries.iter().map(|e| e.name.clone()).collect();
        for e in &entries {
            let data = archive::read(bytes, e).unwrap();
            match e.name.as_str() {
                "savedGame" => raw = data,
                "moduledata" => s.moduledata = Some(data_xml(&data)),
                "savedata" => s.savedata = Some(data_xml(&data)),
                _ => {}
            }
        }
    }
    s.obfuscated = obfuscation::is_obfuscated(&raw);
    s.lowercase = s.obfuscated
        && raw[obfuscation::HEADER.len()..]
            .iter()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b));
    let text = String::from_utf8(obfuscation::deobfuscate(&raw).unwrap()).unwrap();
    for top in Decoder::new(&text, ESC) {
        match top.strip_prefix("LOG\t") {
            Some(step) => {
                let mut inner = Vec::new();
                leaves(step, &mut inner);
                s.pieces.extend(inner.iter().filter_map(|l| piece(l, None)));
            }
            None => leaves(&top, &mut s.commands),
        }
    }
    for (i, c) in s.commands.iter().enumerate() {
        if let Some(p) = piece(c, Some(i)) {
            s.pieces.push(p);
        } else if let Some((_, ty, state)) = add_piece(c)
            && ty == "stack"
        {
            s.stacks.push((i, state));
        }
    }
    s
}

fn synthetic() -> Vec<Shape> {
    let paths = synthetic_saves();
    assert!(paths.len() >= 5, "the synthetic saves: {paths:?}");
    paths
        .iter()
        .map(|name| shape(name, &std::fs::read(root().join(name)).unwrap()))
        .collect()
}

/// The real saves and logs `VASSAL_SAMPLES/cases.json` lists, or `None` (with a message) when
/// the variable is unset.
fn real() -> Option<Vec<Shape>> {
    let Some(dir) = std::env::var_os("VASSAL_SAMPLES").map(PathBuf::from) else {
        eprintln!("VASSAL_SAMPLES is not set: the comparisons with real saves are skipped");
        return None;
    };
    let text = std::fs::read_to_string(dir.join("cases.json")).unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for case in cases.as_array().unwrap() {
        for game in case["games"].as_array().unwrap() {
            let game = game.as_str().unwrap();
            out.push(shape(game, &std::fs::read(dir.join(game)).unwrap()));
        }
    }
    assert!(!out.is_empty(), "{} lists no game", dir.display());
    Some(out)
}

/// The VASSAL version a 3.x save records, as (major, minor).
fn version(s: &Shape) -> Option<(u32, u32)> {
    let v = s.moduledata.as_ref()?.get("VassalVersion")?;
    let mut parts = v.split('.').map(|p| p.parse::<u32>().ok());
    Some((parts.next()??, parts.next()??))
}

// ---- the claims, each a function of one save ----

/// The pieces holding a `prototype;` trait.
fn with_prototypes(s: &Shape) -> Vec<&str> {
    s.pieces
        .iter()
        .filter(|p| p.kinds.iter().any(|k| k == "prototype;"))
        .map(|p| p.id.as_str())
        .collect()
}

/// The pieces whose basic state has fewer than the 5 fields of 3.6 and later.
fn short_basic_states(s: &Shape) -> Vec<&str> {
    s.pieces
        .iter()
        .filter(|p| p.at.is_some() && p.basic_fields < 5)
        .map(|p| p.id.as_str())
        .collect()
}

/// What is wrong with the stacks: a member not added before its stack, a state without the
/// layer 3.6 writes last.
fn stack_problems(s: &Shape, layer_marker: bool) -> Vec<String> {
    let added: BTreeMap<&str, usize> = s
        .pieces
        .iter()
        .filter_map(|p| Some((p.id.as_str(), p.at?)))
        .collect();
    let mut out = Vec::new();
    for (at, state) in &s.stacks {
        let fields: Vec<String> = Decoder::new(state, ';').collect();
        let last = fields.last().cloned().unwrap_or_default();
        let has_layer = last
            .strip_prefix("@@")
            .is_some_and(|l| l.parse::<i32>().is_ok());
        if layer_marker && !has_layer {
            out.push(format!("stack at {at} has no `@@LAYER`: {state}"));
        }
        let end = if has_layer {
            fields.len() - 1
        } else {
            fields.len()
        };
        for member in fields.iter().take(end).skip(3) {
            if added.get(member.as_str()).is_none_or(|i| i >= at) {
                out.push(format!(
                    "stack at {at}: member {member} is not added before it"
                ));
            }
        }
    }
    out
}

fn is_boards(c: &str) -> bool {
    c.split('\t')
        .next()
        .is_some_and(|h| h.ends_with("BoardPicker"))
}

/// What is out of VASSAL's order: `begin_save` first, `end_save` last, every piece before the
/// first boards command; with `empty_second`, the empty command of 3.x second.
fn order_problems(s: &Shape, empty_second: bool) -> Vec<String> {
    let c = &s.commands;
    let mut out = Vec::new();
    if c.first().map(String::as_str) != Some("begin_save") {
        out.push("the first command is not begin_save".to_string());
    }
    if c.last().map(String::as_str) != Some("end_save") {
        out.push("the last command is not end_save".to_string());
    }
    if empty_second && c.get(1).map(String::as_str) != Some("") {
        out.push("the second command is not the empty command of 3.x".to_string());
    }
    let Some(boards) = c.iter().position(|c| is_boards(c)) else {
        out.push("no boards command".to_string());
        return out;
    };
    if let Some(late) = c.iter().skip(boards).find(|c| c.starts_with("+/")) {
        out.push(format!(
            "a piece after the boards commands: {}",
            &late[..late.len().min(60)]
        ));
    }
    out
}

// ---- the tests ----

#[test]
fn no_saved_piece_names_a_prototype() {
    if let Some(real) = real() {
        let mut pieces = 0;
        for s in &real {
            assert_eq!(with_prototypes(s), Vec::<&str>::new(), "real {}", s.name);
            pieces += s.pieces.len();
        }
        // Thousands of real pieces, none of them with a prototype trait.
        assert!(pieces > 1000, "{pieces}");
    }
    for s in synthetic() {
        assert!(!s.pieces.is_empty(), "{}", s.name);
        assert_eq!(with_prototypes(&s), Vec::<&str>::new(), "{}", s.name);
    }
}

#[test]
fn every_trait_kind_is_one_real_pieces_use() {
    let Some(real) = real() else { return };
    let known: BTreeSet<&str> = real
        .iter()
        .flat_map(|s| &s.pieces)
        .flat_map(|p| p.kinds.iter().map(String::as_str))
        .collect();
    assert!(known.contains("piece;"), "{known:?}");
    for s in synthetic() {
        for p in &s.pieces {
            for k in &p.kinds {
                assert!(
                    known.contains(k.as_str()),
                    "{}: piece {} uses trait `{k}`, which no real piece uses ({known:?})",
                    s.name,
                    p.id
                );
            }
        }
    }
}

#[test]
fn the_files_are_encoded_as_vassal_3_writes_them() {
    let real = real();
    // The XML elements of the real 3.x saves' entries, by the VASSAL version (major, minor)
    // that wrote them: the elements every one of them holds, and those any of them holds.
    type Elements = (BTreeSet<String>, BTreeSet<String>);
    let mut all_of = BTreeMap::<((u32, u32), &str), Elements>::new();
    for s in real.iter().flatten().filter(|s| s.moduledata.is_some()) {
        assert!(s.entries.iter().any(|e| e == "savedGame"), "{}", s.name);
        assert!(s.obfuscated && s.lowercase, "real 3.x {}", s.name);
        let v = version(s).unwrap();
        for (entry, data) in [("moduledata", &s.moduledata), ("savedata", &s.savedata)] {
            let keys: BTreeSet<String> = data.as_ref().unwrap().keys().cloned().collect();
            let (every, any) = all_of
                .entry((v, entry))
                .or_insert_with(|| (keys.clone(), BTreeSet::new()));
            *every = every.intersection(&keys).cloned().collect();
            any.extend(keys);
        }
    }
    if real.is_some() {
        assert!(!all_of.is_empty(), "no real 3.x save among the samples");
    }
    let mut compared = 0;
    for s in synthetic() {
        assert!(s.entries.iter().any(|e| e == "savedGame"), "{}", s.name);
        assert!(s.obfuscated, "{}: savedGame is not obfuscated", s.name);
        assert!(s.lowercase, "{}: not the lowercase hex of 3.x", s.name);
        for (entry, data) in [("moduledata", &s.moduledata), ("savedata", &s.savedata)] {
            let data = data
                .as_ref()
                .unwrap_or_else(|| panic!("{}: no `{entry}` entry", s.name));
            for key in ["VassalVersion", "version"] {
                assert!(data.contains_key(key), "{}: {entry} lacks {key}", s.name);
            }
            // As the real saves of the same version write it, when the samples have one.
            if let Some((every, any)) = version(&s).and_then(|v| all_of.get(&(v, entry))) {
                let keys: BTreeSet<String> = data.keys().cloned().collect();
                assert!(every.is_subset(&keys), "{}: {entry} {keys:?}", s.name);
                assert!(keys.is_subset(any), "{}: {entry} {keys:?}", s.name);
                compared += 1;
            }
        }
        let module = s.moduledata.as_ref().unwrap();
        assert!(!module["name"].is_empty(), "{}: no module name", s.name);
        assert!(version(&s).is_some_and(|v| v >= (3, 6)), "{}", s.name);
    }
    if real.is_some() {
        assert!(
            compared > 0,
            "no synthetic save of a version the samples have"
        );
    }
}

#[test]
fn pieces_and_stacks_are_written_as_3_6_writes_them() {
    for s in real().iter().flatten() {
        let since_3_6 = version(s).is_some_and(|v| v >= (3, 6));
        if since_3_6 {
            assert_eq!(short_basic_states(s), Vec::<&str>::new(), "real {}", s.name);
        }
        assert_eq!(
            stack_problems(s, since_3_6),
            Vec::<String>::new(),
            "real {}",
            s.name
        );
    }
    for s in synthetic() {
        assert_eq!(short_basic_states(&s), Vec::<&str>::new(), "{}", s.name);
        assert!(!s.stacks.is_empty(), "{}: no stack", s.name);
        assert_eq!(stack_problems(&s, true), Vec::<String>::new(), "{}", s.name);
        // Every piece of the position is in a stack.
        let stacked: BTreeSet<String> = s
            .stacks
            .iter()
            .flat_map(|(_, state)| Decoder::new(state, ';').skip(3).collect::<Vec<_>>())
            .collect();
        for p in s.pieces.iter().filter(|p| p.at.is_some()) {
            assert!(
                stacked.contains(&p.id),
                "{}: piece {} in no stack",
                s.name,
                p.id
            );
        }
        // Ids shaped as VASSAL's: 13-digit numbers (milliseconds).
        for p in &s.pieces {
            assert!(
                p.id.len() == 13 && p.id.bytes().all(|b| b.is_ascii_digit()),
                "{}: id {}",
                s.name,
                p.id
            );
        }
    }
}

#[test]
fn the_commands_come_in_vassal_s_order() {
    for s in real().iter().flatten() {
        let v3 = version(s).is_some();
        assert_eq!(
            order_problems(s, v3),
            Vec::<String>::new(),
            "real {}",
            s.name
        );
    }
    for s in synthetic() {
        assert_eq!(order_problems(&s, true), Vec::<String>::new(), "{}", s.name);
    }
}
