//! A profile drafted from a save as well as its module (`victory vassal profile MOD --save
//! SAVE`): selections proposed from the pieces the save holds, each with the number of pieces it
//! takes, and what tells them apart listed beside it (the maps and zones holding pieces, the
//! properties and layers that vary, the palette entries and prototypes recovered). Only the
//! pieces shown are described (never a hidden one).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::draft::{MARKERS, hex_zones, one_line, quote};
use crate::{Found, Module, Piece, Pieces};

/// How many values of a list are named in a comment.
const SHOWN: usize = 10;

/// Counts by text, the most frequent first, as a comment's list.
fn listed(counts: &BTreeMap<String, usize>) -> String {
    let mut v: Vec<(&String, &usize)> = counts.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let shown: Vec<String> = v
        .iter()
        .take(SHOWN)
        .map(|(k, n)| format!("{} ({n})", quote(k)))
        .collect();
    let more = if v.len() > SHOWN { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// A place of the save: a map and the zone in it (`None`: in no zone).
type Place = (String, Option<String>);

/// The pieces shown, by place, in the order places first hold one.
fn places(pieces: &[&Piece]) -> Vec<(Place, Vec<usize>)> {
    let mut out: Vec<(Place, Vec<usize>)> = Vec::new();
    let mut at: BTreeMap<Place, usize> = BTreeMap::new();
    for (i, p) in pieces.iter().enumerate() {
        let Some(map) = p.map.clone() else { continue };
        let place = (map, p.zone.clone().filter(|z| !z.is_empty()));
        let slot = *at.entry(place.clone()).or_insert_with(|| {
            out.push((place, Vec::new()));
            out.len() - 1
        });
        out[slot].1.push(i);
    }
    out
}

/// A profile to fill in for the save's `pieces` on `module`: `[board]` on the map whose hexes
/// hold most pieces (and the zone holding its hexes), a `[[pieces]]` entry for the pieces there
/// and one for each other map and zone holding pieces, each `select` with a comment giving how
/// many pieces it takes, and the properties, layers, palette entries and prototypes that tell
/// them apart listed in comments. Every entry it proposes selects at least one piece; a map
/// whose pieces cannot be located is selected by map, without their location.
pub fn draft_from_save(module: &Module, pieces: &Pieces) -> String {
    let shown: Vec<&Piece> = pieces.pieces.iter().filter(|p| p.name.is_some()).collect();
    let mut out = String::new();
    let _ = write!(
        out,
        "# A profile drafted by `victory vassal profile` from {}\n\
         # and the save {} ({} pieces shown, log step {} of {}).\n\
         # It says what the module's pieces mean for a game's rules\n\
         # (docs/vassal.md). Each [[pieces]] entry below is a selection the save's pieces support,\n\
         # with how many pieces it takes: fill in each FILL IN, delete what the game does not need.\n\n\
         # FILL IN: the game, as a state file's `game` key names it. The state's keys (what [state] and\n\
         # each entry's `into` fill) are in docs/fixture-format.md; `victory schema GAME` gives them\n\
         # as a JSON Schema (`victory rules GAME` lists the rules options, not these keys).\ngame = \"FILL IN\"\n\n\
         # FILL IN: what no piece holds, copied into the state as it is.\n[state]\n\n",
        one_line(&pieces.module),
        one_line(&pieces.save),
        shown.len(),
        pieces.step,
        pieces.steps
    );
    let places = places(&shown);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for ((map, zone), ids) in &places {
        let name = zone
            .as_ref()
            .map_or_else(|| map.clone(), |z| format!("{map} / {z}"));
        counts.insert(name, ids.len());
    }
    let _ = writeln!(
        out,
        "# The save's pieces by map and zone: {}.",
        listed(&counts)
    );
    let board = board_place(module, &places);
    let mut proposed = 0;
    if let Some(((map, zone), ids)) = &board {
        let _ = writeln!(out, "[board]\nmap = {}", quote(map));
        if let Some(z) = zone {
            let _ = writeln!(out, "zone = {}", quote(z));
        }
        out.push('\n');
        let group: Vec<&Piece> = ids.iter().map(|&i| shown[i]).collect();
        entry(&mut out, "units", "on = \"board\"", &group);
        proposed += 1;
    }
    let mut lacking: BTreeMap<String, usize> = BTreeMap::new();
    for (place, ids) in &places {
        if board.as_ref().is_some_and(|(b, _)| b == place) {
            continue;
        }
        let (map, zone) = place;
        if module.map(map).is_none() {
            *lacking.entry(map.clone()).or_insert(0) += ids.len();
            continue;
        }
        let select = match zone {
            Some(z) => format!("map = {}, zone = {}", quote(map), quote(z)),
            None => format!("map = {}", quote(map)),
        };
        let group: Vec<&Piece> = ids.iter().map(|&i| shown[i]).collect();
        proposed += 1;
        entry(&mut out, &format!("FILL-IN-{proposed}"), &select, &group);
    }
    if !lacking.is_empty() {
        let _ = writeln!(
            out,
            "# Pieces on maps the module lacks (the save was made with another version of the\n\
             # module): {}. A profile cannot select them by map.\n",
            listed(&lacking)
        );
    }
    if proposed == 0 {
        out.push_str("# The save shows no piece on a map: nothing to select.\n\n");
    }
    out.push_str(MARKERS);
    out
}

/// The place for `[board]`: on a map with a hex grid, the one holding most pieces (in the
/// zone of its hexes, when they are in one).
fn board_place<'a>(
    module: &Module,
    places: &'a [(Place, Vec<usize>)],
) -> Option<&'a (Place, Vec<usize>)> {
    places
        .iter()
        .filter(|((map, zone), _)| {
            module.map(map).is_some_and(|m| {
                let zones = hex_zones(m);
                match zone {
                    Some(z) => zones.contains(z),
                    None => zones.is_empty() && super::draft::map_has_hexes(m),
                }
            })
        })
        .max_by_key(|(_, ids)| ids.len())
}

/// One `[[pieces]]` entry for `group`: its select with its count, what varies among its pieces,
/// and its fields (the location only when the pieces can be located).
fn entry(out: &mut String, into: &str, select: &str, group: &[&Piece]) {
    let located = group
        .iter()
        .all(|p| p.location.as_deref().is_some_and(|l| l != "unknown"));
    let _ = writeln!(
        out,
        "[[pieces]]\n# FILL IN: the state's array.\ninto = {}",
        quote(into)
    );
    let _ = writeln!(out, "# {} piece(s).\nselect = {{ {select} }}", group.len());
    describe(out, group);
    out.push_str("[pieces.fields]\n# FILL IN: each field of an entry, read from the piece.\nid = { name = true }\n");
    if located {
        out.push_str("hex = { location = true }\n");
    } else {
        out.push_str(
            "# These pieces cannot be located (the module lacks their map, or a board's size is\n\
             # unknown: give the board sizes): no `location = true` read until they can.\n",
        );
    }
    out.push('\n');
}

/// Comments listing what tells the pieces of a group apart: properties and layers that vary,
/// palette entries and prototypes.
fn describe(out: &mut String, group: &[&Piece]) {
    let mut values: BTreeMap<&str, BTreeMap<String, usize>> = BTreeMap::new();
    let mut layers: BTreeMap<String, usize> = BTreeMap::new();
    let mut slots: BTreeMap<String, usize> = BTreeMap::new();
    let mut prototypes: BTreeMap<String, usize> = BTreeMap::new();
    for p in group {
        for (k, v) in &p.properties {
            if !super::nearby::is_basic(k) {
                *values.entry(k).or_default().entry(v.clone()).or_insert(0) += 1;
            }
        }
        for l in &p.layers {
            *layers
                .entry(format!("{} level {}", l.name, l.level))
                .or_insert(0) += 1;
        }
        if let Some(s) = p.slot.as_ref().filter(|s| s.found != Found::Ambiguous) {
            *slots.entry(s.path.clone()).or_insert(0) += 1;
        }
        for name in &p.prototypes {
            *prototypes.entry(name.clone()).or_insert(0) += 1;
        }
    }
    // A property telling pieces apart takes a few values, each on several pieces.
    let telling = |v: &BTreeMap<String, usize>| {
        v.len() > 1 && v.len() <= 12 && (v.len() < 4 || v.values().any(|&n| n > 1))
    };
    for (k, v) in values.iter().filter(|(_, v)| telling(v)).take(SHOWN) {
        let _ = writeln!(
            out,
            "#   property = {{ {} = ... }}: {}",
            quote(k),
            listed(v)
        );
    }
    if !layers.is_empty() {
        let _ = writeln!(out, "#   layers: {}", listed(&layers));
    }
    if !slots.is_empty() {
        let _ = writeln!(out, "#   slot = ...: {}", listed(&slots));
    }
    if !prototypes.is_empty() {
        let _ = writeln!(out, "#   prototype = ...: {}", listed(&prototypes));
    }
}
