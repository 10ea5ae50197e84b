//! The state document a profile makes: `game`, the profile's `[state]`, then each value read
//! from the pieces, with a comment naming the piece. Key paths (`vp_marker.allied_crusade`,
//! `strategic_hexes[label=w2819].controller`) are parsed and followed here.

use std::collections::BTreeSet;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};
use wargame_kit::{Diagnostic, Source};

use super::origin::{Origin, PieceRef};
use super::read::{self, Tables, Unread, UnreadKind};
use super::spec::{KeySpec, MarkerSpec, PiecesSpec, ProfileSpec, ReadSpec};
use crate::error::ErrorKind;
use crate::{Module, Piece};

/// One part of a key path: a key, and for an array of tables, the entry whose field has a
/// value (`strategic_hexes[label=w2819]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Segment {
    key: String,
    entry: Option<(String, String)>,
}

/// Parse a key path: `a.b.c`, a part may be `name[field=value]`; the last part is a key.
pub(crate) fn parse_path(path: &str) -> Result<Vec<Segment>, String> {
    let shown = wargame_kit::terminal::one_line(path);
    let mut out = Vec::new();
    let mut rest = path;
    loop {
        let end = rest.find(['.', '[']).unwrap_or(rest.len());
        let key = &rest[..end];
        if key.is_empty()
            || !key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(format!(
                "`{shown}` is not a key path (keys of letters, digits, `_` and `-`, joined by `.`; an array entry as `name[field=value]`)"
            ));
        }
        rest = &rest[end..];
        let mut entry = None;
        if let Some(inner) = rest.strip_prefix('[') {
            let close = inner
                .find(']')
                .ok_or_else(|| format!("`{shown}`: `[` without `]`"))?;
            let (field, value) = inner[..close]
                .split_once('=')
                .ok_or_else(|| format!("`{shown}`: an array entry is chosen as `[field=value]`"))?;
            entry = Some((field.trim().to_string(), value.trim().to_string()));
            rest = &inner[close + 1..];
        }
        out.push(Segment {
            key: key.to_string(),
            entry,
        });
        match rest.strip_prefix('.') {
            Some(r) => rest = r,
            None if rest.is_empty() => break,
            None => return Err(format!("`{shown}`: expected `.` after `]`")),
        }
    }
    if out.last().is_some_and(|s| s.entry.is_some()) {
        return Err(format!(
            "`{shown}` ends in an array entry; name the key of that entry to set"
        ));
    }
    Ok(out)
}

/// The document built, where each value came from, and the top-level keys it has.
pub(crate) struct Built {
    pub text: String,
    pub origins: Vec<Origin>,
    pub set: BTreeSet<String>,
    /// How many pieces each entry of the profile took (`pieces[0]`, `markers[1]`, ...).
    pub taken: Vec<(String, usize)>,
}

/// Values of one profile key that could not be read for one cause.
struct Unreads {
    kind: ErrorKind,
    pieces: usize,
    first: String,
    help: Option<String>,
}

/// Everything being built, and every problem found (all are reported, none stops the rest).
struct Builder<'p> {
    spec: &'p ProfileSpec,
    tables: &'p Tables,
    module: &'p Module,
    maps: read::MapIds<'p>,
    pieces: &'p [Piece],
    doc: DocumentMut,
    origins: Vec<Origin>,
    found: Vec<Diagnostic<ErrorKind>>,
    /// Values that could not be read, by profile key, what and why: how many pieces, the
    /// first of them and what may have been meant.
    unread: std::collections::BTreeMap<(String, String, String), Unreads>,
    /// State entries made so far (a piece's table, a marker's value), within
    /// [`crate::limits::MAX_STATE_ENTRIES`].
    entries: usize,
    /// How many pieces each entry of the profile took.
    taken: Vec<(String, usize)>,
    /// What the save holds, for the entries that select nothing: built once, the first time.
    nearby: Option<super::nearby::Nearby<'p>>,
    /// Pieces looked at by the selections so far, and the most they may
    /// ([`crate::limits::selection_budget`]).
    looked: usize,
    most_looked: usize,
    /// Bytes of text the document took from the pieces and tables so far, and the most it may
    /// ([`crate::limits::text_budget`]).
    text: usize,
    most_text: usize,
}

/// Build the state document from the pieces, as the profile read from `source` (its `spec`,
/// with its `tables` loaded) says. Err: every problem found, keyed by the profile's key paths,
/// for the caller to locate in the profile's text.
pub(crate) fn build(
    spec: &ProfileSpec,
    tables: &Tables,
    source: Source<'_>,
    module: &Module,
    pieces: &[Piece],
) -> Result<Built, Vec<Diagnostic<ErrorKind>>> {
    // The input the document is made from: the profile and the pieces as read.
    let input = pieces
        .iter()
        .map(crate::piece::held)
        .fold(source.text.len(), usize::saturating_add);
    let mut b = Builder {
        spec,
        tables,
        module,
        maps: read::MapIds::of(module),
        pieces,
        doc: DocumentMut::new(),
        origins: Vec::new(),
        found: Vec::new(),
        unread: std::collections::BTreeMap::new(),
        entries: 0,
        taken: Vec::new(),
        nearby: None,
        looked: 0,
        most_looked: crate::limits::selection_budget(input),
        text: 0,
        most_text: crate::limits::text_budget(input),
    };
    b.doc.insert("game", toml_edit::value(spec.game.as_str()));
    if let Some(mut key) = b.doc.as_table_mut().key_mut("game") {
        key.leaf_decor_mut().set_prefix(header(source.name));
    }
    for (k, v) in &spec.state {
        b.doc.insert(k, item(v));
    }
    for (i, group) in spec.pieces.iter().enumerate() {
        b.group(i, group);
    }
    for (i, marker) in spec.markers.iter().enumerate() {
        b.marker(i, marker);
    }
    for (i, count) in spec.counts.iter().enumerate() {
        b.count(i, count);
    }
    b.unreads();
    if !b.found.is_empty() {
        return Err(b.found);
    }
    let set = b
        .doc
        .as_table()
        .iter()
        .map(|(k, _)| k.to_string())
        .collect();
    Ok(Built {
        text: b.doc.to_string(),
        origins: b.origins,
        set,
        taken: b.taken,
    })
}

fn header(name: Option<&str>) -> String {
    let name = name.map_or_else(
        || "a profile".to_string(),
        |n| format!("the profile {}", comment_text(n)),
    );
    format!(
        "# A state read from a VASSAL save by `victory vassal import`, through {name}:\n# each value's comment names the piece, and where it lies, that gave it.\n"
    )
}

/// Text safe inside a one-line comment ([`wargame_kit::terminal::one_line`]).
fn comment_text(s: &str) -> String {
    wargame_kit::terminal::one_line(s).into_owned()
}

/// The text a piece's reference in the document takes (its comment and origin: id, name, map,
/// location).
fn reference_bytes(p: &Piece) -> usize {
    [
        p.id.as_ref().map_or(0, String::len),
        p.name.as_ref().map_or(0, String::len),
        p.map.as_ref().map_or(0, String::len),
        p.location.as_ref().map_or(0, String::len),
    ]
    .into_iter()
    .fold(0, usize::saturating_add)
    .saturating_mul(2)
}

/// The text a value read takes in the document.
fn value_bytes(v: &toml::Value) -> usize {
    match v {
        toml::Value::String(s) => s.len(),
        toml::Value::Array(a) => a.iter().map(value_bytes).fold(16, usize::saturating_add),
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| k.len().saturating_add(value_bytes(v)))
            .fold(16, usize::saturating_add),
        _ => 16,
    }
}

fn piece_ref(p: &Piece) -> PieceRef {
    PieceRef {
        // Only pieces shown are selected: their ids show.
        id: p.id.clone().unwrap_or_default(),
        name: p.name.clone().unwrap_or_default(),
        map: p.map.clone(),
        location: p.location.clone().unwrap_or_default(),
    }
}

impl<'p> Builder<'p> {
    fn selected(&mut self, key: &str, select: &super::spec::SelectSpec) -> Vec<&'p Piece> {
        self.looked = self.looked.saturating_add(self.pieces.len());
        if self.looked > self.most_looked {
            self.over(
                key,
                format!(
                    "the profile's entries look at more than {} pieces in all, each entry every piece of the save (the reader's budget, vassal::limits::selection_budget): write fewer entries",
                    self.most_looked
                ),
            );
            return Vec::new();
        }
        let board = self.spec.board.as_ref();
        wargame_kit::internal::work::add_len(self.pieces.len());
        self.pieces
            .iter()
            .filter(|p| read::selects(&self.maps, board, select, p))
            .collect()
    }

    /// The pieces the profile entry at `key` selects, counted; when what it gives depends on
    /// where pieces are (a `select` by board or zone, a read of the location), a problem for
    /// those that cannot be located, one for the entry.
    fn take<'r>(
        &mut self,
        key: &str,
        select: &super::spec::SelectSpec,
        reads: impl IntoIterator<Item = &'r ReadSpec>,
    ) -> Vec<&'p Piece> {
        let selected = self.selected(key, select);
        self.taken.push((key.to_string(), selected.len()));
        let by_place = select.on.is_some() || select.zone.is_some();
        let placed = by_place || reads.into_iter().any(|r| r.location.is_some());
        let mut lost: Vec<&Piece> = selected
            .iter()
            .copied()
            .filter(|p| placed && p.location.as_deref() == Some("unknown"))
            .collect();
        if by_place {
            // The pieces the select would take but for where they are, that cannot be
            // located: whether they lie in the zone (or on the board) cannot be told, so the
            // pieces taken (0 as like as not) are not the game's.
            let anywhere = super::spec::SelectSpec {
                on: None,
                zone: None,
                map: select.map.clone().or_else(|| {
                    select
                        .on
                        .as_ref()
                        .and_then(|_| self.spec.board.as_ref().map(|b| b.map.clone()))
                }),
                ..select.clone()
            };
            // A zone is one map's: only the pieces of a map of the module holding it might
            // lie in it.
            let mut holds: std::collections::HashMap<&str, bool> = std::collections::HashMap::new();
            let module = self.module;
            let unplaced: Vec<&'p Piece> = self
                .selected(key, &anywhere)
                .into_iter()
                .filter(|p| p.location.as_deref() == Some("unknown"))
                .filter(|p| {
                    let (Some(zone), Some(map)) = (&select.zone, p.map.as_deref()) else {
                        return true;
                    };
                    *holds.entry(map).or_insert_with(|| {
                        module.map(map).is_some_and(|m| {
                            let mut zones = Vec::new();
                            for g in m.boards.iter().filter_map(|b| b.grid.as_ref()) {
                                g.zone_names(&mut zones);
                            }
                            zones.iter().any(|z| z == zone)
                        })
                    })
                })
                .collect();
            if lost.is_empty() {
                lost = unplaced;
            }
        }
        if let Some(first) = lost.first() {
            let why = unlocated(self.module, first);
            let who = comment_text(&piece_ref(first).to_string());
            let message = if lost.len() == 1 {
                format!("{key} selects {who}, which cannot be located: {why}")
            } else {
                format!(
                    "{key} selects {} pieces that cannot be located, the first {who}: {why}",
                    lost.len()
                )
            };
            let message = if selected.iter().any(|p| p.id == first.id) {
                message
            } else {
                // Not taken: whether they lie where the select says cannot be told.
                let many = if lost.len() == 1 {
                    format!("{who}, which it would take but for its place, cannot be located")
                } else {
                    format!(
                        "{} pieces it would take but for their place cannot be located, the first {who}",
                        lost.len()
                    )
                };
                format!(
                    "{key} selects by place, and {many}: {why}; so which lie there cannot be told"
                )
            };
            self.problem(ErrorKind::Unlocated, format!("{key}.select"), message);
        }
        selected
    }

    /// Whether the entry at `key` was told to select pieces that cannot be located (which
    /// is then the cause of whatever it lacks).
    fn unlocated(&self, key: &str) -> bool {
        let at = format!("{key}.select");
        self.found
            .iter()
            .any(|d| d.kind == ErrorKind::Unlocated && d.key.as_deref() == Some(at.as_str()))
    }

    fn problem(&mut self, kind: ErrorKind, key: String, message: String) {
        self.found.push(Diagnostic::new(kind, message).key(key));
    }

    /// A budget of the document exceeded at the entry `key`: one problem for the document.
    fn over(&mut self, key: &str, message: String) {
        if !self.found.iter().any(|d| d.kind == ErrorKind::Limit) {
            self.problem(ErrorKind::Limit, format!("{key}.select"), message);
        }
    }

    /// `bytes` more of text taken into the document at the entry `key`: false, with a
    /// problem, beyond [`crate::limits::text_budget`] of the profile and the pieces.
    fn charge(&mut self, key: &str, bytes: usize) -> bool {
        self.text = self.text.saturating_add(bytes);
        if self.text <= self.most_text {
            return true;
        }
        self.over(
            key,
            format!(
                "the state would take more than {} bytes of text from the pieces and tables (the reader's budget, vassal::limits::text_budget of the profile and the pieces read)",
                self.most_text
            ),
        );
        false
    }

    /// `n` more state entries for the profile entry at `key`: false, with a problem, beyond
    /// [`crate::limits::MAX_STATE_ENTRIES`] in all.
    fn room(&mut self, key: &str, n: usize) -> bool {
        self.entries = self.entries.saturating_add(n);
        if self.entries <= crate::limits::MAX_STATE_ENTRIES {
            return true;
        }
        if !self.found.iter().any(|d| d.kind == ErrorKind::Limit) {
            self.problem(
                ErrorKind::Limit,
                format!("{key}.select"),
                format!(
                    "the profile selects more than {} pieces in all (the reader's limit on a state's entries, vassal::limits::MAX_STATE_ENTRIES): select fewer",
                    crate::limits::MAX_STATE_ENTRIES
                ),
            );
        }
        false
    }

    /// `[[pieces]]` number `i`: one entry of the array `into` per piece.
    fn group(&mut self, i: usize, group: &'p PiecesSpec) {
        let selected = self.take(
            &format!("pieces[{i}]"),
            &group.select,
            group.fields.values(),
        );
        if selected.is_empty() && !group.may_be_empty && !self.unlocated(&format!("pieces[{i}]")) {
            let board = self.spec.board.as_ref();
            let (module, pieces) = (self.module, self.pieces);
            let help = self
                .nearby
                .get_or_insert_with(|| super::nearby::Nearby::new(module, pieces))
                .near(board, &group.select);
            let d = Diagnostic::new(
                ErrorKind::NoPiece,
                format!("pieces[{i}] selects no piece of the save (write `may_be_empty = true` if the game may have none)"),
            )
            .key(format!("pieces[{i}].select"))
            .help(help);
            self.found.push(d);
            return;
        }
        if !self.room(&format!("pieces[{i}]"), selected.len()) {
            return;
        }
        let Ok(path) = parse_path(&group.into) else {
            return;
        };
        let mut entries = Vec::new();
        for piece in &selected {
            if let Some(t) = self.entry(i, group, piece) {
                entries.push((t, piece_ref(piece)));
            }
        }
        let key = format!("pieces[{i}].into");
        match array_of_tables(self.doc.as_table_mut(), &path) {
            Ok((array, concrete)) => {
                for (mut table, piece) in entries {
                    let index = array.len();
                    let prefix = format!("\n# pieces[{i}]: {}\n", comment_text(&piece.to_string()));
                    table.decor_mut().set_prefix(prefix);
                    let entry = ["id", "name", "label"]
                        .iter()
                        .find_map(|k| table.get(k).and_then(|v| v.as_str()).map(str::to_string));
                    array.push(table);
                    self.origins.push(Origin {
                        key: format!("{concrete}[{index}]"),
                        entry,
                        profile_key: format!("pieces[{i}]"),
                        piece: Some(piece),
                    });
                }
            }
            Err(m) => self.problem(ErrorKind::Profile, key, m),
        }
    }

    /// One piece's entry: each field read (`id`, `label`, `name` first, then by name).
    fn entry(&mut self, i: usize, group: &PiecesSpec, piece: &Piece) -> Option<Table> {
        let mut table = Table::new();
        let first = ["id", "label", "name"];
        let mut fields: Vec<_> = group.fields.iter().collect();
        fields.sort_by_key(|(k, _)| {
            (
                first.iter().position(|f| f == k).unwrap_or(first.len()),
                (*k).clone(),
            )
        });
        let mut failed = Vec::new();
        if !self.charge(&format!("pieces[{i}]"), reference_bytes(piece)) {
            return None;
        }
        for (field, r) in fields {
            match read::value(r, piece, self.tables) {
                Ok(v) => {
                    if !self.charge(&format!("pieces[{i}]"), value_bytes(&v)) {
                        return None;
                    }
                    table.insert(field, item(&v));
                }
                Err(u) if u.kind == UnreadKind::Unreadable && r.optional => {}
                Err(u) => failed.push((field.as_str(), u)),
            }
        }
        let ok = failed.is_empty();
        self.unread_fields(i, piece, failed);
        ok.then_some(table)
    }

    /// The fields of one piece that could not be read: one problem for each cause, naming
    /// every field it hit (a row missing from a table hits each field looked up in it), at the
    /// first of them.
    fn unread_fields(&mut self, i: usize, piece: &Piece, failed: Vec<(&str, Unread)>) {
        let mut causes: Vec<(Vec<&str>, Unread)> = Vec::new();
        for (field, u) in failed {
            match causes
                .iter_mut()
                .find(|(_, c)| c.kind == u.kind && c.why == u.why)
            {
                Some((fields, _)) => fields.push(field),
                None => causes.push((vec![field], u)),
            }
        }
        for (fields, u) in causes {
            let named: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
            let what = match named.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => continue,
            };
            self.unread(format!("pieces[{i}].fields.{}", fields[0]), &what, piece, u);
        }
    }

    /// A value that cannot be read: one problem for each profile key and cause, however
    /// many pieces it hits (the fields of an entry one cause hits together are one key).
    fn unread(&mut self, key: String, what: &str, piece: &Piece, u: Unread) {
        let group = self
            .unread
            .entry((key, what.to_string(), u.why))
            .or_insert_with(|| Unreads {
                kind: match u.kind {
                    UnreadKind::Unreadable => ErrorKind::Unreadable,
                    UnreadKind::NoValue => ErrorKind::NoValue,
                },
                pieces: 0,
                first: comment_text(&piece_ref(piece).to_string()),
                help: u.help,
            });
        group.pieces += 1;
    }

    /// The grouped problems of the values that could not be read.
    fn unreads(&mut self) {
        for ((key, what, why), g) in std::mem::take(&mut self.unread) {
            let message = if g.pieces == 1 {
                format!("cannot read {what} of {}: {why}", g.first)
            } else {
                format!(
                    "cannot read {what} of {} pieces, the first {}: {why}",
                    g.pieces, g.first
                )
            };
            let mut d = Diagnostic::new(g.kind, message).key(key);
            if let Some(help) = g.help {
                d = d.help(help);
            }
            self.found.push(d);
        }
    }

    /// `[[markers]]` number `i`.
    fn marker(&mut self, i: usize, m: &MarkerSpec) {
        let key = format!("markers[{i}]");
        let key_read = match &m.key {
            KeySpec::Read(r) => Some(r.as_ref()),
            KeySpec::Fixed(_) => None,
        };
        let selected = self.take(&key, &m.select, key_read.into_iter().chain([&m.value]));
        if selected.is_empty() {
            if !m.optional && !self.unlocated(&key) {
                self.problem(
                    ErrorKind::NoSource,
                    format!("{key}.select"),
                    format!("no piece of the save is selected for {key}, which the state needs (mark it `optional = true` if the game may lack it)"),
                );
            }
            return;
        }
        if selected.len() > 1 && !m.many {
            let names: Vec<String> = selected
                .iter()
                .map(|p| comment_text(&piece_ref(p).to_string()))
                .collect();
            self.problem(
                ErrorKind::TwoPieces,
                format!("{key}.select"),
                format!(
                    "{} pieces claim {key}, which takes one: {}",
                    selected.len(),
                    names.join("; ")
                ),
            );
            return;
        }
        if !self.room(&key, selected.len()) {
            return;
        }
        for piece in &selected {
            self.marker_piece(i, m, piece);
        }
    }

    fn marker_piece(&mut self, i: usize, m: &MarkerSpec, piece: &Piece) {
        let at = format!("markers[{i}]");
        let path = match &m.key {
            KeySpec::Fixed(k) => k.clone(),
            KeySpec::Read(r) => match read::value(r, piece, self.tables) {
                Ok(toml::Value::String(s)) => s,
                Ok(other) => value(&other).to_string().trim().to_string(),
                Err(u) => return self.unread(format!("{at}.key"), "the key", piece, u),
            },
        };
        let value = match read::value(&m.value, piece, self.tables) {
            Ok(v) => v,
            Err(u) => return self.unread(format!("{at}.value"), "the value", piece, u),
        };
        let bytes = reference_bytes(piece)
            .saturating_add(path.len())
            .saturating_add(value_bytes(&value));
        if !self.charge(&at, bytes) {
            return;
        }
        let described = piece_ref(piece);
        self.set(&at, &path, &value, Some(described));
    }

    /// `[[counts]]` number `i`.
    fn count(&mut self, i: usize, c: &super::spec::CountSpec) {
        let n = self.take(&format!("counts[{i}]"), &c.select, []).len();
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        self.set(
            &format!("counts[{i}]"),
            &c.key,
            &toml::Value::Integer(n),
            None,
        );
    }

    /// Set a key path to a value, with a comment naming the piece.
    fn set(&mut self, at: &str, path: &str, value: &toml::Value, piece: Option<PieceRef>) {
        let segments = match parse_path(path) {
            Ok(s) => s,
            Err(m) => return self.problem(ErrorKind::Profile, format!("{at}.key"), m),
        };
        let comment = match &piece {
            Some(p) => format!("# {at}: {}\n", comment_text(&p.to_string())),
            None => format!("# {at}: counted\n"),
        };
        match set_value(self.doc.as_table_mut(), &segments, value, comment) {
            Ok(concrete) => self.origins.push(Origin {
                key: concrete,
                entry: None,
                profile_key: at.to_string(),
                piece,
            }),
            Err((kind, m)) => {
                let shown = piece
                    .map(|p| format!(" ({})", comment_text(&p.to_string())))
                    .unwrap_or_default();
                self.problem(kind, format!("{at}.key"), format!("{m}{shown}"));
            }
        }
    }
}

/// Why a piece cannot be located, in words: its map, or a board of its map, or its grid.
fn unlocated(module: &Module, piece: &Piece) -> String {
    let map = piece.map.as_deref().unwrap_or_default();
    let shown = comment_text(map);
    match module.map(map) {
        None => format!(
            "the module has no map `{shown}` (was the save made with another version of the module?)"
        ),
        Some(m) if m.boards.iter().any(|b| b.size.is_none()) => format!(
            "a board of map `{shown}` has no known size (give the board sizes with --board-sizes, or read the .vmod, whose images give them)"
        ),
        Some(_) => format!(
            "the grid of map `{shown}` is a class of the module's own, whose locations are not computed"
        ),
    }
}

/// Follow one segment from a table to the table it names, creating a plain key's table;
/// `concrete` gets the key path as the state's reader names it (`strategic_hexes[3]`).
fn descend<'t>(
    t: &'t mut Table,
    seg: &Segment,
    concrete: &mut String,
) -> Result<&'t mut Table, (ErrorKind, String)> {
    if !concrete.is_empty() {
        concrete.push('.');
    }
    concrete.push_str(&seg.key);
    let Some((field, wanted)) = &seg.entry else {
        let item = t.entry(&seg.key).or_insert_with(|| {
            let mut n = Table::new();
            n.set_implicit(true);
            Item::Table(n)
        });
        return item.as_table_mut().ok_or_else(|| {
            (
                ErrorKind::Profile,
                format!("`{concrete}` is not a table in the state"),
            )
        });
    };
    let shown = concrete.clone();
    let array = t
        .get_mut(&seg.key)
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(|| {
            (
                ErrorKind::NoValue,
                format!("the state has no array of tables `{shown}` (give its entries in [state])"),
            )
        })?;
    let index = array.iter().position(|e| {
        e.get(field).and_then(|v| v.as_value()).is_some_and(|v| {
            v.as_str()
                .map_or_else(|| v.to_string().trim() == wanted, |s| s == wanted)
        })
    });
    let Some(index) = index else {
        return Err((
            ErrorKind::NoValue,
            format!(
                "no `{shown}` entry of the state has {field} = `{}`",
                comment_text(wanted)
            ),
        ));
    };
    concrete.push_str(&format!("[{index}]"));
    array
        .get_mut(index)
        .ok_or_else(|| (ErrorKind::NoValue, format!("`{shown}` changed while read")))
}

/// The array of tables at a path (created when missing), and its concrete key path.
fn array_of_tables<'t>(
    root: &'t mut Table,
    path: &[Segment],
) -> Result<(&'t mut ArrayOfTables, String), String> {
    let (last, parents) = path.split_last().ok_or("an empty key path")?;
    let mut concrete = String::new();
    let mut t = root;
    for seg in parents {
        t = descend(t, seg, &mut concrete).map_err(|(_, m)| m)?;
    }
    if !concrete.is_empty() {
        concrete.push('.');
    }
    concrete.push_str(&last.key);
    let item = t
        .entry(&last.key)
        .or_insert_with(|| Item::ArrayOfTables(ArrayOfTables::new()));
    match item.as_array_of_tables_mut() {
        Some(a) => Ok((a, concrete)),
        None => Err(format!(
            "`{concrete}` is already in the state ([state]) as something other than a list of tables"
        )),
    }
}

/// Set the value at a path; the concrete key path, or why not.
fn set_value(
    root: &mut Table,
    path: &[Segment],
    value: &toml::Value,
    comment: String,
) -> Result<String, (ErrorKind, String)> {
    let Some((last, parents)) = path.split_last() else {
        return Err((ErrorKind::Profile, "an empty key path".into()));
    };
    let mut concrete = String::new();
    let mut t = root;
    for seg in parents {
        t = descend(t, seg, &mut concrete)?;
    }
    if !concrete.is_empty() {
        concrete.push('.');
    }
    concrete.push_str(&last.key);
    if t.contains_key(&last.key) {
        return Err((
            ErrorKind::TwoPieces,
            format!(
                "`{concrete}` is set twice (by [state] or another entry of the profile, and here)"
            ),
        ));
    }
    t.insert(&last.key, item(value));
    if let Some(mut key) = t.key_mut(&last.key) {
        key.leaf_decor_mut().set_prefix(comment);
    }
    Ok(concrete)
}

/// A TOML value as a document item: tables as tables, lists of tables as arrays of tables.
fn item(v: &toml::Value) -> Item {
    match v {
        toml::Value::Table(t) => {
            let mut table = Table::new();
            for (k, v) in t {
                table.insert(k, item(v));
            }
            Item::Table(table)
        }
        toml::Value::Array(a) if !a.is_empty() && a.iter().all(toml::Value::is_table) => {
            let mut array = ArrayOfTables::new();
            for v in a {
                if let Item::Table(t) = item(v) {
                    array.push(t);
                }
            }
            Item::ArrayOfTables(array)
        }
        other => Item::Value(value(other)),
    }
}

/// A TOML value as a document value (inline).
fn value(v: &toml::Value) -> toml_edit::Value {
    match v {
        toml::Value::String(s) => super::draft::string(s),
        toml::Value::Integer(i) => (*i).into(),
        toml::Value::Float(f) => (*f).into(),
        toml::Value::Boolean(b) => (*b).into(),
        toml::Value::Datetime(d) => d
            .to_string()
            .parse::<toml_edit::Datetime>()
            .map_or_else(|_| d.to_string().as_str().into(), Into::into),
        toml::Value::Array(a) => toml_edit::Value::Array(a.iter().map(value).collect()),
        toml::Value::Table(t) => {
            let mut inline = toml_edit::InlineTable::new();
            for (k, v) in t {
                inline.insert(k, value(v));
            }
            toml_edit::Value::InlineTable(inline)
        }
    }
}

/// The text with each top-level reference key's string changed by `rebase`.
pub(crate) fn rebase(text: &str, keys: &[String], rebase: impl Fn(&str) -> String) -> String {
    let Ok(mut doc) = text.parse::<DocumentMut>() else {
        return text.to_string();
    };
    for key in keys {
        let Some(item) = doc.get_mut(key) else {
            continue;
        };
        let Some(old) = item.as_str().map(str::to_string) else {
            continue;
        };
        if let Some(v) = item.as_value_mut() {
            let decor = v.decor().clone();
            *v = rebase(&old).as_str().into();
            *v.decor_mut() = decor;
        }
    }
    doc.to_string()
}
