//! A profile drafted from a save as well as its module (`victory vassal profile MOD --save
//! SAVE`): selections proposed from the pieces the save holds, each with the number of pieces it
//! takes, and what tells them apart listed beside it (the maps and zones holding pieces, the
//! properties and layers that vary, the palette entries and prototypes recovered). Only the
//! pieces shown are described (never a hidden one).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::draft::{MARKERS, hex_zones, one_line, quote};
use wargame_kit::shape::{StateArray, StateShape};

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

/// The pieces shown, by place, in the order places first hold one. A map holding a piece
/// that cannot be located is one place (by map alone): which zone a piece of it lies in
/// cannot all be told, so a select by zone there would take what it cannot tell.
fn places(module: &Module, pieces: &[&Piece]) -> Vec<(Place, Vec<usize>)> {
    let unlocated: std::collections::BTreeSet<&str> = pieces
        .iter()
        .filter(|p| p.location.as_deref() == Some("unknown"))
        .filter_map(|p| p.map.as_deref())
        .filter(|m| module.map(m).is_some())
        .collect();
    let mut out: Vec<(Place, Vec<usize>)> = Vec::new();
    let mut at: BTreeMap<Place, usize> = BTreeMap::new();
    for (i, p) in pieces.iter().enumerate() {
        let Some(map) = p.map.clone() else { continue };
        let zone = p
            .zone
            .clone()
            .filter(|z| !z.is_empty() && !unlocated.contains(map.as_str()));
        let place = (map, zone);
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
/// whose pieces cannot be located is selected by map, without their location. The game is
/// left to fill in ([`draft_from_save_for`] proposes a game's keys).
pub fn draft_from_save(module: &Module, pieces: &Pieces) -> String {
    draft_from_save_for(module, pieces, None)
}

/// [`draft_from_save`] for a game: `game` and the arrays of pieces its state has (its
/// engine's [`StateShape::arrays`]): `game` filled in, the `[board]` entry into the first
/// array with each of its keys proposed (the identifying one read from the name, the place
/// from the location, the rest to fill in), the other entries' arrays named.
///
/// ```
/// use vassal::{BoardSizes, Module, Options, Save};
/// use wargame_kit::shape::{StateArray, StateShape};
///
/// let build_file = r#"<VASSAL.build.GameModule name="Demo" version="1" VassalVersion="3.7.9">
///   <VASSAL.build.module.Map mapName="Main">
///     <VASSAL.build.module.map.BoardPicker>
///       <VASSAL.build.module.map.boardPicker.Board name="Board" width="600" height="400">
///         <VASSAL.build.module.map.boardPicker.board.HexGrid dx="56" dy="64" x0="0" y0="32">
///           <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering/>
///         </VASSAL.build.module.map.boardPicker.board.HexGrid>
///       </VASSAL.build.module.map.boardPicker.Board>
///     </VASSAL.build.module.map.BoardPicker>
///   </VASSAL.build.module.Map>
/// </VASSAL.build.GameModule>"#;
/// let module = Module::from_build_file(build_file, "buildFile.xml", &BoardSizes::new()).unwrap();
/// let text = vassal::write::SaveText::new()
///     .boards("Main", &[("Board", 0, 0)])
///     .piece("p1", "Infantry", "Main", 112, 96, &[])
///     .finish();
/// let save = Save::from_bytes(text.as_bytes(), "game.vsav").unwrap();
/// let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
/// const SHAPE: StateShape<'static> = StateShape::new(&["demo"])
///     .arrays(&[StateArray::new("units", &["id", "side", "hex"]).place("hex")]);
/// let draft = vassal::profile::draft_from_save_for(&module, &pieces, Some(("demo", &SHAPE)));
/// assert!(draft.contains("game = \"demo\""));
/// assert!(draft.contains("into = \"units\""));
/// assert!(draft.contains("hex = { location = true }"));
/// assert!(draft.contains("# FILL IN: side = { ... }"));
/// ```
pub fn draft_from_save_for(
    module: &Module,
    pieces: &Pieces,
    game: Option<(&str, &StateShape<'_>)>,
) -> String {
    let shown: Vec<&Piece> = pieces.pieces.iter().filter(|p| p.name.is_some()).collect();
    let mut out = header(pieces, shown.len(), game.map(|(g, _)| g));
    let arrays = game.map_or(&[][..], |(_, shape)| shape.arrays);
    let places = places(module, &shown);
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
    let board = board_place(module, &places, &shown);
    let mut proposed = 0;
    if let Some(((map, zone), ids)) = &board {
        let _ = writeln!(out, "[board]\nmap = {}", quote(map));
        if let Some(z) = zone {
            let _ = writeln!(out, "zone = {}", quote(z));
        }
        out.push('\n');
        let group: Vec<&Piece> = ids.iter().map(|&i| shown[i]).collect();
        let into = arrays.first().map_or("units", |a| a.key);
        entry(
            &mut out,
            into,
            "on = \"board\"",
            &group,
            arrays.first(),
            arrays,
        );
        proposed += 1;
    }
    proposed += other_entries(&mut out, module, &places, &shown, board, arrays);
    if proposed == 0 {
        let on_maps: usize = places.iter().map(|(_, ids)| ids.len()).sum();
        let _ = writeln!(out, "# {}\n", nothing_proposed(shown.len(), on_maps));
    }
    out.push_str(MARKERS);
    out
}

/// An entry for each place but the board's (`board`), numbered after the `proposed` so far,
/// and a comment for the pieces on maps the module lacks: how many entries it wrote.
fn other_entries(
    out: &mut String,
    module: &Module,
    places: &[(Place, Vec<usize>)],
    shown: &[&Piece],
    board: Option<&(Place, Vec<usize>)>,
    arrays: &[StateArray<'_>],
) -> usize {
    let mut proposed = usize::from(board.is_some());
    let first = proposed;
    let mut lacking: BTreeMap<String, usize> = BTreeMap::new();
    // Each map's pieces, gathered once: what a select by map alone takes.
    let mut on_map: BTreeMap<&str, Vec<&Piece>> = BTreeMap::new();
    for p in shown {
        if let Some(m) = p.map.as_deref() {
            on_map.entry(m).or_default().push(p);
        }
    }
    for (place, ids) in places {
        if board.is_some_and(|(b, _)| b == place) {
            continue;
        }
        let (map, zone) = place;
        if module.map(map).is_none() {
            *lacking.entry(map.clone()).or_insert(0) += ids.len();
            continue;
        }
        // What the select takes: by map alone, every piece of the map (those in its zones
        // too), as the profile's reader selects.
        let (select, group): (String, Vec<&Piece>) = match zone {
            Some(z) => (
                format!("map = {}, zone = {}", quote(map), quote(z)),
                ids.iter().map(|&i| shown[i]).collect(),
            ),
            None => (
                format!("map = {}", quote(map)),
                on_map.get(map.as_str()).cloned().unwrap_or_default(),
            ),
        };
        proposed += 1;
        entry(
            out,
            &format!("FILL-IN-{proposed}"),
            &select,
            &group,
            None,
            arrays,
        );
    }
    if !lacking.is_empty() {
        let _ = writeln!(
            out,
            "# Pieces on maps the module lacks (the save was made with another version of the\n\
             # module): {}. A profile cannot select them by map.\n",
            listed(&lacking)
        );
    }
    proposed - first
}

/// The draft's opening comments: where it comes from, the hidden pieces left out, the game
/// (filled in, or to fill in), and `[state]`.
fn header(pieces: &Pieces, shown: usize, game: Option<&str>) -> String {
    let hidden = pieces
        .pieces
        .len()
        .saturating_sub(shown)
        .saturating_add(pieces.invisible);
    let mut out = String::new();
    let _ = write!(
        out,
        "# A profile drafted by `victory vassal profile` from {}\n\
         # and the save {} ({shown} pieces shown, log step {} of {}).\n\
         # It says what the module's pieces mean for a game's rules\n\
         # (docs/vassal.md). Each [[pieces]] entry below is a selection the save's pieces support,\n\
         # with how many pieces it takes: fill in each FILL IN, delete what the game does not need.\n",
        one_line(&pieces.module),
        one_line(&pieces.save),
        pieces.step,
        pieces.steps
    );
    if hidden > 0 {
        let _ = writeln!(
            out,
            "# {hidden} hidden piece(s) of the save (masked, face down, invisible or on a private\n\
             # window of another side) are left out: nothing here counts or describes them."
        );
    }
    out.push('\n');
    match game {
        Some(name) => {
            let _ = write!(
                out,
                "# The game. The state's keys (what [state] and each entry's `into` fill) are in\n\
                 # docs/fixture-format.md; `victory schema {}` gives them as a JSON Schema.\n\
                 game = {}\n\n",
                one_line(name),
                quote(name)
            );
        }
        None => out.push_str(
            "# FILL IN: the game, as a state file's `game` key names it (`victory vassal profile\n\
             # --game GAME` proposes its keys). The state's keys (what [state] and each entry's\n\
             # `into` fill) are in docs/fixture-format.md; `victory schema GAME` gives them as a\n\
             # JSON Schema (`victory rules GAME` lists the rules options, not these keys).\n\
             game = \"FILL IN\"\n\n",
        ),
    }
    out.push_str("# FILL IN: what no piece holds, copied into the state as it is.\n[state]\n\n");
    out
}

/// Why a draft proposes no entry: no piece shown, none on a map, or none on a map the module
/// has.
fn nothing_proposed(shown: usize, on_maps: usize) -> String {
    if shown == 0 {
        "The save shows no piece: nothing to select.".to_string()
    } else if on_maps == 0 {
        format!(
            "The save shows {shown} piece(s), none on a map (select them by name, property or slot)."
        )
    } else {
        format!(
            "The save shows {shown} piece(s), {on_maps} of them on maps the module lacks (above): nothing to select by map (select them by name, property or slot)."
        )
    }
}

/// The place for `[board]`: on a map with a hex grid, the one holding most pieces (in the
/// zone of its hexes, when they are in one), every one of them located (a select by board
/// cannot tell where a piece that cannot be located lies).
fn board_place<'a>(
    module: &Module,
    places: &'a [(Place, Vec<usize>)],
    shown: &[&Piece],
) -> Option<&'a (Place, Vec<usize>)> {
    places
        .iter()
        .filter(|(_, ids)| {
            ids.iter()
                .all(|&i| shown[i].location.as_deref() != Some("unknown"))
        })
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
/// and its fields (the location only when the pieces can be located): the keys of `array` when
/// the game's is known, else an `id` and a `hex`; the game's arrays named for `into`.
fn entry(
    out: &mut String,
    into: &str,
    select: &str,
    group: &[&Piece],
    array: Option<&StateArray<'_>>,
    arrays: &[StateArray<'_>],
) {
    let located = group
        .iter()
        .all(|p| p.location.as_deref().is_some_and(|l| l != "unknown"));
    let names: Vec<String> = arrays
        .iter()
        .map(|a| format!("`{}`", one_line(a.key)))
        .collect();
    let which = if names.is_empty() {
        String::new()
    } else {
        format!(" (the game's: {})", names.join(", "))
    };
    let _ = writeln!(
        out,
        "[[pieces]]\n# FILL IN: the state's array{which}.\ninto = {}",
        quote(into)
    );
    let _ = writeln!(out, "# {} piece(s).\nselect = {{ {select} }}", group.len());
    describe(out, group);
    out.push_str("[pieces.fields]\n# FILL IN: each field of an entry, read from the piece.\n");
    let unlocated = "# These pieces cannot be located (the module lacks their map, or a board's size is\n\
                     # unknown: give the board sizes): no `location = true` read until they can.\n";
    match array {
        Some(a) => {
            for (i, field) in a.fields.iter().enumerate() {
                if i == 0 {
                    let _ = writeln!(out, "{} = {{ name = true }}", key(field));
                } else if a.place == Some(*field) && located {
                    let _ = writeln!(out, "{} = {{ location = true }}", key(field));
                } else {
                    let _ = writeln!(out, "# FILL IN: {} = {{ ... }}", key(field));
                }
            }
            if !located && a.place.is_some() {
                out.push_str(unlocated);
            }
        }
        None => {
            for a in arrays {
                let keys: Vec<String> = a.fields.iter().map(|f| key(f)).collect();
                let _ = writeln!(out, "# `{}` has: {}", one_line(a.key), keys.join(", "));
            }
            let first = arrays.first();
            let id = first.and_then(|a| a.fields.first()).map_or("id", |f| f);
            let _ = writeln!(out, "{} = {{ name = true }}", key(id));
            match first.map_or(Some("hex"), |a| a.place) {
                Some(place) if located => {
                    let _ = writeln!(out, "{} = {{ location = true }}", key(place));
                }
                Some(_) => out.push_str(unlocated),
                None => {}
            }
        }
    }
    out.push('\n');
}

/// A key of a table as TOML writes it: bare when it can be.
fn key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        quote(k)
    }
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
