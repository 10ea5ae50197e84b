//! What a save holds near where a profile's `select` looked, for the problem of a selection
//! that takes no piece: the maps and zones holding pieces, the properties and layers that vary
//! there, the palette entries. Only the pieces shown (never a hidden one) are described.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::spec::{BoardSpec, SelectSpec};
use crate::{Found, Module, Piece};

/// How many values of each list are named.
const SHOWN: usize = 8;

/// Counts by text, the most frequent first (then by text).
fn top(counts: &BTreeMap<String, usize>) -> String {
    let mut v: Vec<(&String, &usize)> = counts.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let shown: Vec<String> = v
        .iter()
        .take(SHOWN)
        .map(|(k, n)| format!("`{}` ({n})", wargame_kit::terminal::one_line(k)))
        .collect();
    let more = if v.len() > SHOWN { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// The properties every piece has (where it is, its names) and the persistent `Old...` ones:
/// no help in telling pieces apart.
pub(crate) fn is_basic(key: &str) -> bool {
    const BASIC: [&str; 9] = [
        "CurrentX",
        "CurrentY",
        "LocationName",
        "PieceName",
        "BasicName",
        "CurrentMap",
        "CurrentBoard",
        "CurrentZone",
        "DeckName",
    ];
    BASIC.contains(&key)
        || key.starts_with("Old")
        || key.starts_with("Clicked")
        || key == "UniqueID"
        || key == "CloneID"
}

/// What the save holds near where `select` looked: a sentence for the problem's help.
pub(crate) fn nearby(
    module: &Module,
    board: Option<&BoardSpec>,
    select: &SelectSpec,
    pieces: &[Piece],
) -> String {
    let shown: Vec<&Piece> = pieces.iter().filter(|p| p.name.is_some()).collect();
    let mut places: BTreeMap<String, usize> = BTreeMap::new();
    for p in &shown {
        let map = p.map.as_deref().unwrap_or("(no map)");
        let place = match p.zone.as_deref().filter(|z| !z.is_empty()) {
            Some(z) => format!("{map} / {z}"),
            None => map.to_string(),
        };
        *places.entry(place).or_insert(0) += 1;
    }
    let mut out = format!("the save's pieces are on: {}", top(&places));
    // Where the select looked: its map (or the board's), else everywhere.
    let wanted = select
        .map
        .as_deref()
        .or_else(|| select.on.as_ref().and(board.map(|b| b.map.as_str())));
    let ids = super::read::MapIds::of(module);
    let there: Vec<&&Piece> = shown
        .iter()
        .filter(|p| {
            wanted.is_none_or(|w| p.map.as_deref().is_some_and(|m| ids.same_or_equal(m, w)))
        })
        .collect();
    if let Some(w) = wanted {
        let _ = write!(
            out,
            "; on map `{}`: {} pieces",
            wargame_kit::terminal::one_line(w),
            there.len()
        );
    }
    let varying = varying_properties(&there);
    if !varying.is_empty() {
        let _ = write!(out, "; properties there: {}", varying.join("; "));
    }
    let mut slots: BTreeMap<String, usize> = BTreeMap::new();
    for p in &there {
        if let Some(s) = p.slot.as_ref().filter(|s| s.found != Found::Ambiguous) {
            *slots.entry(s.name.clone()).or_insert(0) += 1;
        }
    }
    if !slots.is_empty() {
        let _ = write!(out, "; slots there: {}", top(&slots));
    }
    out
}

/// The properties whose values differ among `pieces` (those a select would tell them apart
/// by), each with its values and counts; the basic ones left out.
fn varying_properties(pieces: &[&&Piece]) -> Vec<String> {
    let mut values: BTreeMap<&str, BTreeMap<String, usize>> = BTreeMap::new();
    for p in pieces {
        for (k, v) in &p.properties {
            if is_basic(k) {
                continue;
            }
            *values.entry(k).or_default().entry(v.clone()).or_insert(0) += 1;
        }
    }
    values
        .into_iter()
        .filter(|(_, v)| v.len() > 1 && v.len() <= 12)
        .take(SHOWN)
        .map(|(k, v)| format!("`{}` = {}", wargame_kit::terminal::one_line(k), top(&v)))
        .collect()
}
