//! What VASSAL hides, found without the reader: an independent scan of the raw traits of every
//! piece of a position (`vassal::internal::raw_pieces`), unnested level by level as VASSAL's
//! `SequenceEncoder.Decoder` and `BasicCommandEncoder.createPiece` do (each level's text decoded
//! again, quadratic in the depth, which is fine at fuzz sizes), and the prototypes each piece
//! names looked up in `module.prototypes` and scanned the same way, to any depth (a visited set
//! stops cycles). Nothing here calls the reader's nest, prototype or visibility code, so a mask
//! the reader misses is not missed here too.
//!
//! A piece is masked when a Mask trait (`obs;`) at any depth has a state whose first `;` element
//! is not `null` (a blank player is a player), invisible when an Invisible trait (`hide;`) has a
//! state other than `null`; a level with no state has the empty state (VASSAL's decoder of the
//! missing token), so it is on. Checked against a listing read with default options
//! ([`check_listing`]): such a piece is withheld (no name, properties, layers, traits,
//! prototypes or slot) or left out and counted, and nothing of it (its basic piece's name, its
//! markers' keys) appears in the listing's own fields, in what is left of the hidden pieces'
//! entries, or in what any warning quotes. (The other pieces' entries are built from their own
//! text: a name a label grows may hold a hidden name by chance.)

use std::collections::{BTreeMap, BTreeSet};

/// One element of `text` as VASSAL's decoder reads it from the start: up to the first
/// delimiter not written after a backslash (each escaped delimiter kept, its backslash dropped),
/// without the single quotes around an element that has them; and what is left after the
/// delimiter (`None`: nothing, the element was the last).
fn next_token(text: &str, d: char) -> (String, Option<&str>) {
    let mut token = String::new();
    let mut rest = text;
    loop {
        match rest.find(d) {
            None => {
                token.push_str(rest);
                return (unquote(token), None);
            }
            Some(i) if i > 0 && rest.as_bytes()[i - 1] == b'\\' => {
                token.push_str(&rest[..i - 1]);
                token.push(d);
                rest = &rest[i + d.len_utf8()..];
            }
            Some(i) => {
                token.push_str(&rest[..i]);
                return (unquote(token), Some(&rest[i + d.len_utf8()..]));
            }
        }
    }
}

fn unquote(s: String) -> String {
    if s.len() > 1 && s.starts_with('\'') && s.ends_with('\'') {
        s[1..s.len() - 1].to_string()
    } else {
        s
    }
}

/// Every element of `text` split at `d`.
pub fn decode(text: &str, d: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = Some(text);
    while let Some(t) = rest {
        let (token, r) = next_token(t, d);
        out.push(token);
        rest = r;
    }
    out
}

/// A nested type or state, outermost level first: each level's first tab-separated element, the
/// second element decoded again as the next level (`createPiece`, `Decorator.setState`); the
/// level with no second element is the last (the basic piece's).
pub fn levels(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = text.to_string();
    loop {
        let (own, rest) = next_token(&current, '\t');
        out.push(own);
        match rest {
            None => return out,
            Some(r) => current = next_token(r, '\t').0,
        }
    }
}

/// How costly [`levels`] is on `text`: its length times its tabs (each level decodes the rest).
pub fn cost(text: &str) -> usize {
    let tabs = text.bytes().filter(|&b| b == b'\t').count();
    text.len().saturating_mul(tabs.saturating_add(1))
}

/// The most [`cost`] a piece may have for the scan (beyond it the piece is not checked: only a
/// zipped save inflates past what a fuzz input holds).
pub const MAX_SCAN_COST: usize = 1 << 27;

/// What an independent scan found on one piece or prototype.
#[derive(Clone, Debug, Default)]
pub struct Found {
    pub masked: bool,
    pub invisible: bool,
    /// Names of basic pieces (`piece;...;NAME`) and keys of Markers (`mark;K1,K2`).
    pub secrets: BTreeSet<String>,
}

/// `piece;` `mark;` `obs;` `hide;` `prototype;` traits of one nested type and state.
fn scan_levels(
    module: &vassal::Module,
    ty: &str,
    state: &str,
    found: &mut Found,
    visited: &mut BTreeSet<String>,
    own: bool,
) {
    let types = levels(ty);
    let states = levels(state);
    for (i, t) in types.iter().enumerate() {
        let st = states.get(i).map_or("", String::as_str);
        if t.starts_with("obs;") {
            if next_token(st, ';').0 != "null" {
                found.masked = true;
            }
        } else if t.starts_with("hide;") {
            if st != "null" {
                found.invisible = true;
            }
        } else if let Some(rest) = t.strip_prefix("prototype;") {
            let name = next_token(rest, ';').0;
            if visited.insert(name.clone())
                && let Some(p) = module.prototypes.iter().find(|p| p.name == name)
            {
                let def = p.definition.trim();
                let body = def.strip_prefix("+/").unwrap_or(def);
                let parts = decode(body, '/');
                let pty = parts.get(1).map_or("", String::as_str);
                let pst = parts.get(2).map_or("", String::as_str);
                if cost(pty).max(cost(pst)) <= MAX_SCAN_COST {
                    scan_levels(module, pty, pst, found, visited, false);
                }
            }
        } else if own {
            if let Some(rest) = t.strip_prefix("mark;") {
                let keys = decode(rest, ';');
                if let Some(k) = keys.first() {
                    found.secrets.extend(decode(k, ','));
                }
            } else if let Some(rest) = t.strip_prefix("piece;")
                && let Some(name) = decode(rest, ';').get(3)
            {
                found.secrets.insert(name.clone());
            }
        }
    }
}

/// The scan of a raw piece (type and state as the save holds them); `None` when too costly.
pub fn scan_piece(module: &vassal::Module, ty: &str, state: &str) -> Option<Found> {
    if cost(ty).max(cost(state)) > MAX_SCAN_COST {
        return None;
    }
    let mut found = Found::default();
    scan_levels(module, ty, state, &mut found, &mut BTreeSet::new(), true);
    Some(found)
}

/// The pieces of `position` the independent scan finds masked or invisible, by id (ids held by
/// one piece only), and the text anyone may see: the other pieces' raw text and every piece's
/// id and basic state (its place).
pub struct Scan {
    pub flagged: BTreeMap<String, Found>,
    pub public: String,
    /// Pieces not scanned (too costly).
    pub skipped: usize,
}

pub fn scan(module: &vassal::Module, position: &vassal::Position) -> Scan {
    let raw = vassal::internal::raw_pieces(position);
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for (id, _, _) in &raw {
        *count.entry(id).or_default() += 1;
    }
    let mut flagged = BTreeMap::new();
    let mut public = String::new();
    let mut skipped = 0;
    for (id, ty, state) in &raw {
        public.push_str(id);
        public.push('\n');
        if let Some(basic) = state.rsplit('\t').next() {
            public.push_str(basic);
            public.push('\n');
        }
        match scan_piece(module, ty, state) {
            Some(f) if (f.masked || f.invisible) && count[id] == 1 => {
                flagged.insert(id.to_string(), f);
            }
            Some(_) => {
                public.push_str(ty);
                public.push('\n');
                public.push_str(state);
                public.push('\n');
            }
            None => {
                skipped += 1;
                public.push_str(ty);
                public.push_str(state);
            }
        }
    }
    Scan {
        flagged,
        public,
        skipped,
    }
}

/// A save's text as the reader reads it (`savedGame` of a zip, deobfuscated, lossy UTF-8),
/// for [`public_commands`]; what cannot be read is the bytes themselves.
pub fn save_text(bytes: &[u8]) -> String {
    use vassal::internal::{archive, obfuscation};
    let mut data = bytes.to_vec();
    if archive::is_zip(bytes)
        && let Ok(entries) = archive::entries(bytes)
        && let Some(e) = archive::find(&entries, "savedGame")
        && let Ok(d) = archive::read(bytes, e)
    {
        data = d;
    }
    if obfuscation::is_obfuscated(&data)
        && let Ok(d) = obfuscation::deobfuscate(&data)
    {
        data = d;
    }
    String::from_utf8_lossy(&data).into_owned()
}

/// A save's text with the commands that add a flagged piece (start with `+/ID/`, in the log or
/// not) emptied, the others kept as they are (so that the commands keep their numbers): what
/// the reader may quote of the save (a command it cannot read, a piece it removes by a name
/// that is some hidden piece's text), and a save that [`without_hidden`] reads again.
pub fn public_commands(text: &str, scan: &Scan) -> String {
    let adds: Vec<String> = scan.flagged.keys().map(|id| format!("+/{id}/")).collect();
    text.split('\u{1b}')
        .map(|c| {
            let add = c.strip_prefix("LOG\t").unwrap_or(c);
            if adds.iter().any(|a| add.starts_with(a.as_str())) {
                ""
            } else {
                c
            }
        })
        .collect::<Vec<_>>()
        .join("\u{1b}")
}

/// What the reader says of a save without its hidden pieces (`public_commands`, read with
/// default options): its listing's JSON and its warnings. A secret in it is the save's own
/// text or the reader's wording (a piece named `command 5` after a warning's place), not the
/// hidden piece's.
pub fn without_hidden(module: &vassal::Module, public_text: &str) -> String {
    let Ok(save) = vassal::Save::from_bytes(public_text.as_bytes(), "fuzz.vsav") else {
        return String::new();
    };
    let Ok(read) = vassal::read_pieces(module, &save, &vassal::Options::default()) else {
        return String::new();
    };
    let mut out = serde_json::to_string(&read).unwrap_or_default();
    for w in &read.warnings {
        out.push('\n');
        out.push_str(&w.to_string());
    }
    out
}

/// Every string of a JSON value (object keys inside `properties` and every string value),
/// but not the counts of commands (`commands`: kinds of the save's own commands) nor the
/// warnings (checked as messages, [`quoted`]).
fn strings<'v>(v: &'v serde_json::Value, path: &str, out: &mut Vec<(String, &'v str)>) {
    match v {
        serde_json::Value::String(s) => out.push((path.to_string(), s)),
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                strings(x, &format!("{path}[{i}]"), out);
            }
        }
        serde_json::Value::Object(o) => {
            for (k, x) in o {
                if path.ends_with(".properties") {
                    out.push((format!("{path} (a key)"), k));
                }
                if k != "commands" && k != "warnings" {
                    strings(x, &format!("{path}.{k}"), out);
                }
            }
        }
        _ => {}
    }
}

/// The invariants of a listing read with default options (`seen`) against the independent
/// `scan` of the same position: `public` is what else the reader may show (the buildFile, the
/// names of the files).
pub fn check_listing(scan: &Scan, seen: &vassal::Pieces, public: &str, what: &str) {
    let mut listed: BTreeMap<&str, Vec<&vassal::Piece>> = BTreeMap::new();
    // A piece whose id is withheld (face down, another side's private window) is checked by
    // the listing's invariants (`hidden_invariants`): it holds nothing.
    for p in &seen.pieces {
        if let Some(id) = &p.id {
            listed.entry(id.as_str()).or_default().push(p);
        }
    }
    let mut left_out_invisible = 0;
    for (id, f) in &scan.flagged {
        match listed.get(id.as_str()) {
            None if f.invisible => left_out_invisible += 1,
            None => {}
            Some(ps) => {
                for p in ps {
                    assert!(
                        p.name.is_none()
                            && p.properties.is_empty()
                            && p.layers.is_empty()
                            && p.traits.is_empty()
                            && p.prototypes.is_empty()
                            && p.slot.is_none(),
                        "{what}: piece `{id}` is {} (independent scan of its raw traits) but listed with what it holds: {p:?}",
                        if f.masked { "masked" } else { "invisible" }
                    );
                }
            }
        }
    }
    assert!(
        seen.invisible >= left_out_invisible,
        "{what}: {left_out_invisible} invisible pieces left out, {} counted",
        seen.invisible
    );
    // Nothing of a hidden piece is named: its name and its markers' keys, in any string of the
    // listing or any warning (those the rest of the game or the module also has are public).
    // Where a hidden piece's text could be shown: the listing's own fields, what is left of the
    // hidden pieces' entries (their place), and what the warnings quote. The other pieces'
    // entries are built from their own text (a name of theirs that a label or a layer grows
    // may hold a hidden piece's name by chance, and says nothing of it).
    let json = serde_json::to_value(seen).expect("the pieces serialize");
    let mut shown = Vec::new();
    if let serde_json::Value::Object(top) = &json {
        for (k, v) in top {
            if k == "pieces" {
                let pieces = v.as_array().map_or(&[][..], Vec::as_slice);
                for (i, (p, v)) in seen.pieces.iter().zip(pieces).enumerate() {
                    // A piece whose id is withheld is hidden: what is left of it is searched too.
                    if p.id.as_ref().is_none_or(|id| scan.flagged.contains_key(id)) {
                        strings(v, &format!(".pieces[{i}]"), &mut shown);
                    }
                }
            } else if k != "commands" && k != "warnings" {
                strings(v, &format!(".{k}"), &mut shown);
            }
        }
    }
    // A warning quoting a trait type of a piece the listing shows (as the one escaping
    // function writes it: a tab as `\t`) says that piece's own text, whatever a hidden piece
    // holds by chance (the fifth vassal_hidden run's false positive).
    let own: std::collections::BTreeSet<String> = seen
        .pieces
        .iter()
        .filter(|p| p.id.as_ref().is_some_and(|id| !scan.flagged.contains_key(id)))
        .flat_map(|p| &p.traits)
        .map(|t| wargame_kit::terminal::one_line(&t.kind).into_owned())
        .collect();
    let warnings: Vec<String> = seen.warnings.iter().map(ToString::to_string).collect();
    let quotes = warnings.iter().flat_map(|w| {
        let said: String = w.chars().take(300).collect();
        quoted(w)
            .into_iter()
            .filter(|q| !own.contains(*q))
            .map(move |q| (format!("warning {said:?}"), q))
    });
    check_named(scan, public, shown.into_iter().chain(quotes), what);
}

/// What a message says of its input: the spans it quotes (`` `...` ``); the rest is the
/// message's own wording (a fuzzed name may be any of its words).
pub fn quoted(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// No secret of a flagged piece (at least 4 bytes, in no public text) is in any of `texts`
/// (each with where it was shown).
pub fn check_named<'t>(
    scan: &Scan,
    public: &str,
    texts: impl IntoIterator<Item = (String, &'t str)>,
    what: &str,
) {
    let secrets: Vec<(&str, &str)> = scan
        .flagged
        .iter()
        .flat_map(|(id, f)| f.secrets.iter().map(move |s| (id.as_str(), s.as_str())))
        .filter(|(_, s)| {
            s.len() >= 4
                && s.chars().any(char::is_alphabetic)
                && !public.contains(s)
                && !scan.public.contains(s)
                && !FIXED.iter().any(|w| w.contains(s))
        })
        .collect();
    if secrets.is_empty() {
        return;
    }
    for (place, text) in texts {
        for (id, s) in &secrets {
            assert!(
                !text.contains(s),
                "{what}: `{s}`, which only the hidden piece `{id}` holds, is shown ({place}): {text:?}"
            );
        }
    }
}

/// Words of the reader's own messages and of the listing's fixed values: a secret that is one
/// of them is not told from the message itself.
const FIXED: &[&str] = &[
    "the reader's limit, vassal::limits::MAX_PIECE_TEXT_BYTES, vassal::limits::MAX_TRAITS, vassal::limits::text_budget",
    "piece(s) would take more than bytes of text each: withheld, their id and place only",
    "trait(s) use prototype, which the module lacks: their traits are not read",
    "trait(s) of type no standard VASSAL trait has (a class of the module's own?): kept raw",
    "have more than traits (the limit of the reader): their outermost and their basic piece are read",
    "offboard Masked FaceDown PrivateWindow Invisible OverLimit masked face-down private-window invisible over-limit",
    "BasicName CurrentBoard CurrentMap CurrentX CurrentY CurrentZone DeckName LocationName OldLocationName ObscuredToOthers PieceName TextLabel _Level _Active _Name _Image",
    "fuzz.vsav demo.xml hidden.xml palette.xml labels.xml s.vsav m.vmod",
];
