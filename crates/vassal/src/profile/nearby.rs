//! What a save holds near where a profile's `select` looked, for the problem of a selection
//! that takes no piece: the maps and zones holding pieces, the properties and layers that vary
//! there, the palette entries. Only the pieces shown (never a hidden one) are described.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use wargame_kit::internal::work;

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

/// A map as a select names it and as a piece is on it: the module's map (by its id) for a
/// name or generated id the module knows, else the text itself. Two names give one map exactly
/// when they are one, or the module's map of both is one (as a select compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum MapKey<'a> {
    Known(&'a str),
    Unknown(&'a str),
}

/// What a save holds, summarised once per import for every selection that takes no piece:
/// where the pieces shown are, and for each map asked about, its pieces' count, varying
/// properties and slots (built the first time that map is asked about, from its own pieces).
pub(crate) struct Nearby<'a> {
    ids: super::read::MapIds<'a>,
    /// "the save's pieces are on: ...".
    places: String,
    /// The pieces shown (never a hidden one).
    shown: Vec<&'a Piece>,
    /// The pieces shown, by the map they are on.
    by_map: HashMap<MapKey<'a>, Vec<&'a Piece>>,
    /// Each map asked about (`None`: everywhere): how many pieces, and what they hold.
    summaries: HashMap<Option<MapKey<'a>>, (usize, String)>,
}

impl<'a> Nearby<'a> {
    /// The summary of `pieces`, its lists built once.
    pub(crate) fn new(module: &'a Module, pieces: &'a [Piece]) -> Self {
        let ids = super::read::MapIds::of(module);
        let shown: Vec<&Piece> = pieces.iter().filter(|p| p.name.is_some()).collect();
        let mut places: BTreeMap<String, usize> = BTreeMap::new();
        let mut by_map: HashMap<MapKey<'a>, Vec<&'a Piece>> = HashMap::new();
        for p in &shown {
            work::add(1);
            let map = p.map.as_deref().unwrap_or("(no map)");
            let place = match p.zone.as_deref().filter(|z| !z.is_empty()) {
                Some(z) => format!("{map} / {z}"),
                None => map.to_string(),
            };
            *places.entry(place).or_insert(0) += 1;
            if let Some(m) = p.map.as_deref() {
                by_map.entry(key(&ids, m)).or_default().push(p);
            }
        }
        Nearby {
            ids,
            places: format!("the save's pieces are on: {}", top(&places)),
            shown,
            by_map,
            summaries: HashMap::new(),
        }
    }

    /// What the save holds near where `select` looked: a sentence for the problem's help.
    pub(crate) fn near(&mut self, board: Option<&'a BoardSpec>, select: &'a SelectSpec) -> String {
        let mut out = self.places.clone();
        // Where the select looked: its map (or the board's), else everywhere.
        let wanted = select
            .map
            .as_deref()
            .or_else(|| select.on.as_ref().and(board.map(|b| b.map.as_str())));
        let at = wanted.map(|w| key(&self.ids, w));
        let (by_map, shown) = (&self.by_map, &self.shown);
        let (count, rest) = self.summaries.entry(at).or_insert_with(|| {
            let there: &[&Piece] = match at {
                Some(k) => by_map.get(&k).map_or(&[], Vec::as_slice),
                None => shown,
            };
            (there.len(), describe(there))
        });
        if let Some(w) = wanted {
            let _ = write!(
                out,
                "; on map `{}`: {count} pieces",
                wargame_kit::terminal::one_line(w)
            );
        }
        out.push_str(rest);
        out
    }
}

/// The map a name gives.
fn key<'a>(ids: &super::read::MapIds<'a>, name: &'a str) -> MapKey<'a> {
    match ids.id_of(name) {
        Some(id) => MapKey::Known(id),
        None => MapKey::Unknown(name),
    }
}

/// The properties that vary among `there` and the slots they fill.
fn describe(there: &[&Piece]) -> String {
    let mut out = String::new();
    let varying = varying_properties(there);
    if !varying.is_empty() {
        let _ = write!(out, "; properties there: {}", varying.join("; "));
    }
    let mut slots: BTreeMap<String, usize> = BTreeMap::new();
    for p in there {
        work::add(1);
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
fn varying_properties(pieces: &[&Piece]) -> Vec<String> {
    let mut values: BTreeMap<&str, BTreeMap<String, usize>> = BTreeMap::new();
    for p in pieces {
        for (k, v) in &p.properties {
            work::add(1);
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
