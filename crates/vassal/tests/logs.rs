//! The replay against VASSAL's own record (issue 45): real logs no one here wrote, in the
//! folder named by `VASSAL_LOGS` (CI sets it; skipped with a message when unset). Its
//! `pairs.json` names a module (a buildFile and its board sizes) and pairs each log with the
//! log that continues the game: VASSAL saved the position the first ended at, and the second
//! opens with it (its step 0).
//!
//! Replaying each first log to its end must give every piece the map, point and location its
//! continuation opens with, or the piece is listed with the reason its place cannot be known
//! from the log:
//! - the log moves a stack the game does not have from where the piece is, and the replay's
//!   warning names it (VASSAL moved what it had there);
//! - the log never names the piece and the replay leaves it where the log's saved position has
//!   it (moved after the log ended: the continuation starts from a later game than the log's
//!   end);
//! - the piece is not in the game at the log's end and the log never names it (added after
//!   the log ended), or the reverse (removed after);
//! - the log's last command naming the piece removes it, and the continuation has it (put
//!   back after the log ended).
//!
//! Where a piece's `OldLocationName` or a move report in the chat (`* 4825 -> 4227 *`) names
//! a place, the replay agrees: the piece was there, a piece is at the report's destination
//! after the step and one at its origin before.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use vassal::internal::{archive, obfuscation};
use vassal::{Module, Options, Piece, Pieces, Save};

fn logs() -> Option<PathBuf> {
    common::env_dir("VASSAL_LOGS", "the checks of real logs")
}

/// A log: its save, and the text of its logged commands (after its saved position), in which
/// a piece the log names appears by its id.
struct Log {
    name: String,
    save: Save,
    logged: String,
}

fn read_log(dir: &Path, name: &str) -> Log {
    let bytes = std::fs::read(dir.join(name)).unwrap();
    let save = Save::from_bytes(&bytes, name).unwrap();
    let raw = if archive::is_zip(&bytes) {
        let entries = archive::entries(&bytes).unwrap();
        archive::read(&bytes, archive::find(&entries, "savedGame").unwrap()).unwrap()
    } else {
        bytes
    };
    let text = String::from_utf8_lossy(&obfuscation::deobfuscate(&raw).unwrap()).into_owned();
    let logged = text
        .find("LOG\t")
        .map_or(String::new(), |i| text[i..].to_string());
    Log {
        name: name.to_string(),
        save,
        logged,
    }
}

fn read(module: &Module, log: &Log, step: Option<usize>) -> Pieces {
    let options = Options::default().step(step).reveal(true);
    vassal::read_pieces(module, &log.save, &options).unwrap()
}

fn id(p: &Piece) -> &str {
    p.id.as_deref().unwrap()
}

/// Map, point and location.
type Place = (Option<String>, Option<i32>, Option<i32>, Option<String>);

fn place(p: &Piece) -> Place {
    (p.map.clone(), p.x, p.y, p.location.clone())
}

fn by_id(pieces: &Pieces) -> HashMap<&str, &Piece> {
    pieces.pieces.iter().map(|p| (id(p), p)).collect()
}

/// Why a piece's place at the log's end cannot be known from the log, if it cannot: `origin`
/// is the log's own start (its step 0), `start` the continuation's.
fn reason(
    piece: &str,
    log: &Log,
    end: &Pieces,
    origin: &HashMap<&str, &Piece>,
    start: &HashMap<&str, &Piece>,
    at_end: Option<&Piece>,
) -> Option<&'static str> {
    let named = log.logged.contains(piece);
    let left_behind = end.warnings.iter().any(|w| {
        let w = w.to_string();
        w.contains("which the game does not have") && w.contains(&format!("(`{piece}`)"))
    });
    if left_behind {
        return Some("left where a stack the game does not have moved from (the replay warns)");
    }
    // The last command naming it removes it (`-/ID`), and the continuation has it: it came
    // back after the log ended.
    let removed_last = log
        .logged
        .rfind(piece)
        .is_some_and(|i| log.logged[..i].ends_with("-/"));
    if at_end.is_none() && start.contains_key(piece) && removed_last {
        return Some("removed by the log's last command naming it, back in the continuation");
    }
    if named {
        return None;
    }
    match (at_end, start.get(piece)) {
        (None, _) => Some("added after the log ended (the log never names it)"),
        (Some(_), None) => Some("removed after the log ended (the log never names it)"),
        (Some(e), Some(_)) if origin.get(piece).is_some_and(|o| place(o) == place(e)) => {
            Some("moved after the log ended (the log never names it nor moves it)")
        }
        _ => None,
    }
}

/// A move report in the chat: `* FROM -> TO *` (the words around the arrow).
fn report(chat: &str) -> Option<(String, String)> {
    let at = chat.find(" -> ")?;
    let from = chat[..at].split_whitespace().last()?.trim_matches('*');
    let to = chat[at + 4..].split_whitespace().next()?.trim_matches('*');
    (!from.is_empty() && !to.is_empty()).then(|| (from.to_string(), to.to_string()))
}

fn locations(pieces: &Pieces) -> std::collections::HashSet<String> {
    pieces
        .pieces
        .iter()
        .filter_map(|p| p.location.clone())
        .collect()
}

/// The move reports and `OldLocationName`s of a log against its replay; the disagreements.
fn reports_and_old_locations(module: &Module, log: &Log, end: &Pieces) -> Vec<String> {
    let mut wrong = Vec::new();
    let position = log.save.replay(None).unwrap();
    let reports: Vec<(usize, String, String)> = position
        .chat
        .iter()
        .filter_map(|(n, text)| report(text).map(|(f, t)| (*n, f, t)))
        .collect();
    let olds: Vec<(&str, &str)> = end
        .pieces
        .iter()
        .filter_map(|p| {
            p.properties
                .get("OldLocationName")
                .filter(|l| !l.is_empty())
                .map(|l| (id(p), l.as_str()))
        })
        .collect();
    // Each step's chat and pieces, read only when there is something to check.
    let mut steps: BTreeMap<usize, Pieces> = BTreeMap::new();
    if !reports.is_empty() || !olds.is_empty() {
        for s in 0..=log.save.steps() {
            steps.insert(s, read(module, log, Some(s)));
        }
    }
    for (number, from, to) in &reports {
        let step = (0..=log.save.steps())
            .find(|&s| {
                log.save
                    .replay(Some(s))
                    .unwrap()
                    .chat
                    .iter()
                    .any(|(n, _)| n == number)
            })
            .unwrap();
        let after = locations(&steps[&step]);
        let before = locations(&steps[&step.saturating_sub(1)]);
        if !after.contains(to) || !before.contains(from) {
            wrong.push(format!(
                "{}: command {number} reports a move {from} -> {to} at step {step}; the replay has no piece there",
                log.name
            ));
        }
    }
    for (piece, old) in &olds {
        let seen = steps.values().any(|s| {
            s.pieces
                .iter()
                .any(|p| id(p) == *piece && p.location.as_deref() == Some(*old))
        });
        if !seen {
            wrong.push(format!(
                "{}: piece `{piece}` says it came from {old} (OldLocationName); the replay never has it there",
                log.name
            ));
        }
    }
    println!(
        "{}: {} move report(s), {} OldLocationName(s) checked",
        log.name,
        reports.len(),
        olds.len()
    );
    wrong
}

/// A piece's place, for a person.
fn shown(p: Option<&&Piece>) -> String {
    p.map_or("nothing".to_string(), |p| {
        let (m, x, y, l) = place(p);
        format!(
            "{} ({}, {}) {}",
            m.unwrap_or_default(),
            x.unwrap_or_default(),
            y.unwrap_or_default(),
            l.unwrap_or_default()
        )
    })
}

/// A log replayed to its end against its continuation's start: a summary printed, the
/// disagreements without a reason returned.
fn compare(module: &Module, first: &Log, next: &Log, end: &Pieces) -> Vec<String> {
    let origin = read(module, first, Some(0));
    let start = read(module, next, Some(0));
    let (ends, starts, origins) = (by_id(end), by_id(&start), by_id(&origin));
    let mut agree = 0;
    let mut unexplained = Vec::new();
    let mut reasons: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut ids: Vec<&str> = starts.keys().chain(ends.keys()).copied().collect();
    ids.sort_unstable();
    ids.dedup();
    for piece in ids {
        let (e, s) = (ends.get(piece), starts.get(piece));
        if let (Some(e), Some(s)) = (e, s)
            && place(e) == place(s)
        {
            agree += 1;
            continue;
        }
        let what = format!(
            "`{piece}` ({}): the replay has {}, the continuation {}",
            e.or(s).and_then(|p| p.name.clone()).unwrap_or_default(),
            shown(e),
            shown(s)
        );
        match reason(piece, first, end, &origins, &starts, e.copied()) {
            Some(r) => reasons.entry(r).or_default().push(what),
            None => unexplained.push(format!("{} -> {}: {what}", first.name, next.name)),
        }
    }
    println!(
        "{} -> {}: {} pieces at the end, {} at the continuation's start; {agree} agree",
        first.name,
        next.name,
        end.pieces.len(),
        start.pieces.len()
    );
    for (r, list) in &reasons {
        println!("  {} piece(s) {r}:", list.len());
        for w in list {
            println!("    {w}");
        }
    }
    println!("  {} disagreement(s) without a reason", unexplained.len());
    unexplained
}

#[test]
fn each_log_ends_where_its_continuation_starts() {
    let Some(dir) = logs() else { return };
    let text = std::fs::read_to_string(dir.join("pairs.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let bf = v["buildfile"].as_str().unwrap();
    let sizes = common::board_sizes(&dir.join(v["sizes"].as_str().unwrap()));
    let module_text = std::fs::read_to_string(dir.join(bf)).unwrap();
    let module = Module::from_build_file(&module_text, bf, &sizes).unwrap();
    let mut unexplained = Vec::new();
    let mut all_logs = BTreeMap::new();
    let pairs = v["pairs"].as_array().unwrap();
    assert!(!pairs.is_empty());
    for pair in pairs {
        let first = read_log(&dir, pair["log"].as_str().unwrap());
        let next = read_log(&dir, pair["continued_by"].as_str().unwrap());
        let end = read(&module, &first, None);
        unexplained.extend(compare(&module, &first, &next, &end));
        all_logs.insert(first.name.clone(), (first, end));
        let next_end = read(&module, &next, None);
        all_logs.insert(next.name.clone(), (next, next_end));
    }
    for (log, end) in all_logs.values() {
        unexplained.extend(reports_and_old_locations(&module, log, end));
    }
    assert!(
        unexplained.is_empty(),
        "disagreements with VASSAL's record:\n{}",
        unexplained.join("\n")
    );
}

#[test]
fn the_move_report_is_read_from_the_chat() {
    assert_eq!(
        report("* 4825 -> 4227 *"),
        Some(("4825".to_string(), "4227".to_string()))
    );
    assert_eq!(
        report("<Joel> - 2/175/29 moves 4825 -> 4227"),
        Some(("4825".to_string(), "4227".to_string()))
    );
    assert_eq!(report("<Nate> - rolling for weather"), None);
}
