//! Selecting pieces and reading values from them, as a profile's `select` and reads say.

use std::collections::{BTreeMap, HashMap};

use super::spec::{BoardSpec, LocationSpec, ReadSpec, SelectSpec};
use crate::{Module, Piece};

/// Why a value could not be read, and what may have been meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unread {
    pub kind: UnreadKind,
    /// Why, in words (the same words for every piece with the same cause).
    pub why: String,
    /// "did you mean ...", when something close is there.
    pub help: Option<String>,
}

/// What kind of cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnreadKind {
    /// The piece lacks what the read names (a property, a layer, a prototype, a word).
    Unreadable,
    /// A text the profile (or its table) gives no value for.
    NoValue,
}

impl Unread {
    fn unreadable(why: String) -> Unread {
        Unread {
            kind: UnreadKind::Unreadable,
            why,
            help: None,
        }
    }

    fn no_value(why: String) -> Unread {
        Unread {
            kind: UnreadKind::NoValue,
            why,
            help: None,
        }
    }

    /// With "did you mean" the name of `known` nearest `wanted`, if one is near.
    /// A text the profile's own list lacks, a slip of one it lists: the fix is to rename the
    /// profile's key, never to write its own wrong key again.
    fn renamed(mut self, read: &str, listed: &[String]) -> Unread {
        self.help = wargame_kit::internal::nearest(read, listed).map(|n| {
            format!(
                "add `{}` to the list (or, if the profile's `{}` was meant for it, rename that one)",
                esc(read),
                esc(&n)
            )
        });
        self
    }

    fn near<'k>(mut self, wanted: &str, known: impl Iterator<Item = &'k String>) -> Unread {
        let known: Vec<String> = known.cloned().collect();
        self.help = wargame_kit::internal::nearest(wanted, &known)
            .map(|n| format!("did you mean `{}`?", esc(&n)));
        self
    }
}

/// The tables of a profile, loaded: each file once, however many names of `[tables]` name it,
/// and the indexes built on them as reads need them (one per file and columns).
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    /// The files read, each once.
    files: Vec<std::sync::Arc<super::table::Table>>,
    /// Each name of `[tables]` and the file (of `files`) it names.
    by_name: std::collections::BTreeMap<String, usize>,
    indexes: std::cell::RefCell<HashMap<(usize, Vec<usize>), RowIndex>>,
}

/// A table's rows by the texts of some of its columns.
type RowIndex = HashMap<Vec<String>, Vec<usize>>;

impl Tables {
    /// The files read, and each name's file (an index of `files`).
    pub(crate) fn new(
        files: Vec<std::sync::Arc<super::table::Table>>,
        by_name: std::collections::BTreeMap<String, usize>,
    ) -> Self {
        Tables {
            files,
            by_name,
            indexes: Default::default(),
        }
    }

    /// Whether the table `name` is loaded.
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The table `name`, and the number of its file.
    fn get(&self, name: &str) -> Option<(usize, &super::table::Table)> {
        let file = *self.by_name.get(name)?;
        self.files.get(file).map(|t| (file, &**t))
    }
}

/// The one-source rule and the modifiers' shapes.
pub(crate) fn check(r: &ReadSpec) -> Result<(), String> {
    let sources = [
        r.name.is_some(),
        r.piece_id.is_some(),
        r.lookup.is_some(),
        r.property.is_some(),
        r.layer.is_some(),
        r.prototype.is_some(),
        r.location.is_some(),
        r.value.is_some(),
    ];
    let n = sources.iter().filter(|s| **s).count();
    if n != 1 {
        return Err(format!(
            "a read takes exactly one source (`name`, `piece_id`, `property`, `layer`, `prototype`, `location`, `lookup` or `value`); this one has {n}"
        ));
    }
    if r.name == Some(false)
        || r.piece_id == Some(false)
        || matches!(r.location, Some(LocationSpec::Shown(false)))
    {
        return Err(
            "`name = false`, `piece_id = false` and `location = false` read nothing: write `true`"
                .into(),
        );
    }
    if let Some(l) = &r.lookup {
        if l.by.is_empty() {
            return Err(
                "a `lookup` names the columns it matches: `by = { COLUMN = READ, ... }`".into(),
            );
        }
        for (column, by) in &l.by {
            check(by).map_err(|m| format!("`lookup.by.{}`: {m}", esc(column)))?;
        }
    }
    if r.word == Some(0) {
        return Err("`word` counts from 1 (the first word) or from -1 (the last)".into());
    }
    if let Some(a) = &r.as_
        && a != "integer"
    {
        return Err(format!("`as` takes only \"integer\", not `{}`", esc(a)));
    }
    if let Some(f) = &r.format
        && !f.contains("{}")
    {
        return Err("`format` puts the text read in place of `{}`, which this format lacks".into());
    }
    Ok(())
}

/// The module's maps by each name a save may call them (name or generated id; the first map of
/// a name, as `Map.getMapById`); and its palette's slots by name and path, for a `slot` select
/// (grouped the first time one is asked about).
pub(crate) struct MapIds<'m>(
    HashMap<&'m str, &'m str>,
    &'m Module,
    std::cell::OnceCell<crate::palette::SlotNames>,
);

impl<'m> MapIds<'m> {
    pub(crate) fn of(module: &'m Module) -> Self {
        let mut ids = HashMap::new();
        for m in &module.maps {
            ids.entry(m.name.as_str()).or_insert(m.id.as_str());
            ids.entry(m.generated_id.as_str()).or_insert(m.id.as_str());
        }
        MapIds(ids, module, std::cell::OnceCell::new())
    }

    /// The id of the module's map a save or a profile calls `name` (its name or generated id).
    pub(crate) fn id_of(&self, name: &str) -> Option<&'m str> {
        self.0.get(name).copied()
    }

    /// Whether two names give one map (a map's name and its generated id).
    fn same(&self, a: &str, b: &str) -> bool {
        matches!((self.0.get(a), self.0.get(b)), (Some(x), Some(y)) if x == y)
    }

    /// The palette's slots by name and path.
    fn slots(&self) -> &crate::palette::SlotNames {
        self.2.get_or_init(|| crate::palette::SlotNames::of(self.1))
    }
}

/// Whether `piece` is selected (masked pieces, whose names are withheld, never are).
pub(crate) fn selects(
    maps: &MapIds<'_>,
    board: Option<&BoardSpec>,
    s: &SelectSpec,
    piece: &Piece,
) -> bool {
    let Some(name) = &piece.name else {
        return false;
    };
    let on_map = |id: &str| {
        piece
            .map
            .as_deref()
            .is_some_and(|m| m == id || maps.same(m, id))
    };
    if s.on.is_some() {
        let Some(b) = board else { return false };
        if !on_map(&b.map) || piece.zone != b.zone {
            return false;
        }
    }
    s.map.as_deref().is_none_or(on_map)
        && s.zone
            .as_deref()
            .is_none_or(|z| piece.zone.as_deref() == Some(z))
        && s.prototype.as_ref().is_none_or(|p| {
            p.names()
                .iter()
                .any(|p| piece.prototypes.iter().any(|q| q == p))
        })
        // A name or path selects the slot of the entries carrying it (identical entries are
        // one slot; a name of several distinct slots is refused before).
        && s.slot.as_ref().is_none_or(|wanted| {
            piece.slot.as_ref().is_some_and(|slot| {
                wanted
                    .names()
                    .iter()
                    .any(|w| slot.selected_by(maps.slots(), w))
            })
        })
        && s.name.as_deref().is_none_or(|n| n == name)
        && s.name_contains.as_deref().is_none_or(|n| name.contains(n))
        && s.property
            .iter()
            .all(|(k, v)| piece.properties.get(k) == Some(v))
}

/// The value a read gives for a piece.
pub(crate) fn value(r: &ReadSpec, piece: &Piece, tables: &Tables) -> Result<toml::Value, Unread> {
    if let Some(v) = &r.value {
        return Ok(v.clone());
    }
    if let Some(table) = &r.prototype {
        return piece
            .prototypes
            .iter()
            .find_map(|p| table.get(p).cloned())
            .ok_or_else(|| {
                Unread::unreadable(format!(
                    "it uses none of the prototypes listed (it uses {})",
                    listed(&piece.prototypes)
                ))
            });
    }
    let text = match &r.lookup {
        Some(l) => super::table::text(&lookup(l, piece, tables)?),
        None => source_text(r, piece)?,
    };
    let text = match r.word {
        Some(n) => word(&text, n)?,
        None => text,
    };
    let by_location = match &r.location {
        Some(LocationSpec::Values(t)) => Some(t),
        _ => None,
    };
    if let Some(table) = by_location.or(r.values.as_ref()) {
        return mapped(table, &text);
    }
    let text = match &r.format {
        Some(f) => f.replacen("{}", &text, 1),
        None => text,
    };
    if r.as_.is_some() {
        return text
            .trim()
            .parse::<i64>()
            .map(toml::Value::Integer)
            .map_err(|_| Unread::unreadable(format!("`{}` is not a whole number", esc(&text))));
    }
    Ok(toml::Value::String(text))
}

/// The text of the read's source.
fn source_text(r: &ReadSpec, piece: &Piece) -> Result<String, Unread> {
    if r.name.is_some() {
        return Ok(piece.name.clone().unwrap_or_default());
    }
    if r.piece_id.is_some() {
        return piece
            .id
            .clone()
            .ok_or_else(|| Unread::unreadable("its id is withheld".into()));
    }
    if r.location.is_some() {
        return piece
            .location
            .clone()
            .ok_or_else(|| Unread::unreadable("its place is withheld".into()));
    }
    if let Some(p) = &r.property {
        return piece.properties.get(p).cloned().ok_or_else(|| {
            Unread::unreadable(format!("it has no property `{}`", esc(p)))
                .near(p, piece.properties.keys())
        });
    }
    if let Some(l) = &r.layer {
        return piece
            .layers
            .iter()
            .find(|x| &x.name == l)
            .map(|x| x.level.unsigned_abs().to_string())
            .ok_or_else(|| {
                let names: Vec<String> = piece.layers.iter().map(|x| x.name.clone()).collect();
                Unread::unreadable(format!("it has no layer `{}`", esc(l))).near(l, names.iter())
            });
    }
    Err(Unread::unreadable("the read names no source".into()))
}

/// The value of a lookup: the one row of its table whose `by` columns hold what their reads
/// give.
fn lookup(
    l: &super::spec::LookupSpec,
    piece: &Piece,
    tables: &Tables,
) -> Result<toml::Value, Unread> {
    let (file, table) = tables.get(&l.table).ok_or_else(|| {
        Unread::unreadable(format!("the table `{}` is not loaded", esc(&l.table)))
    })?;
    let mut columns = Vec::with_capacity(l.by.len());
    let mut key = Vec::with_capacity(l.by.len());
    for (column, read) in &l.by {
        let at = table.column(column).ok_or_else(|| {
            Unread::unreadable(format!(
                "table `{}` has no column `{}`",
                esc(&l.table),
                esc(column)
            ))
        })?;
        columns.push(at);
        key.push(super::table::text(&value(read, piece, tables)?));
    }
    let wanted = table.column(&l.column).ok_or_else(|| {
        Unread::unreadable(format!(
            "table `{}` has no column `{}`",
            esc(&l.table),
            esc(&l.column)
        ))
    })?;
    let mut indexes = tables.indexes.borrow_mut();
    let index = indexes
        .entry((file, columns.clone()))
        .or_insert_with(|| table.index(&columns));
    let said: Vec<String> =
        l.by.keys()
            .zip(&key)
            .map(|(c, v)| format!("{} = `{}`", esc(c), esc(v)))
            .collect();
    match index.get(&key).map(Vec::as_slice).unwrap_or_default() {
        [row] => Ok(table
            .cell(*row, wanted)
            .cloned()
            .unwrap_or(toml::Value::String(String::new()))),
        [] => Err(Unread::no_value(format!(
            "no row of table `{}` has {}",
            esc(&l.table),
            said.join(", ")
        ))),
        rows => Err(Unread::no_value(format!(
            "{} rows of table `{}` have {}: the lookup takes one",
            rows.len(),
            esc(&l.table),
            said.join(", ")
        ))),
    }
}

/// The Nth word (1 the first, -1 the last).
fn word(text: &str, n: i64) -> Result<String, Unread> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let count = i64::try_from(words.len()).unwrap_or(i64::MAX);
    let index = if n > 0 {
        n - 1
    } else {
        count.saturating_add(n)
    };
    usize::try_from(index)
        .ok()
        .and_then(|i| words.get(i))
        .map(|w| (*w).to_string())
        .ok_or_else(|| {
            Unread::unreadable(format!(
                "`{}` has {count} word(s), not a word {n}",
                esc(text)
            ))
        })
}

/// The value listed for `text`.
fn mapped(table: &BTreeMap<String, toml::Value>, text: &str) -> Result<toml::Value, Unread> {
    table.get(text).cloned().ok_or_else(|| {
        let keys: Vec<String> = table.keys().cloned().collect();
        Unread::no_value(format!(
            "the profile gives no value for `{}` (it lists {})",
            esc(text),
            listed(&keys)
        ))
        .renamed(text, &keys)
    })
}

/// A value inside a message's line ([`wargame_kit::terminal::one_line`]).
fn esc(s: &str) -> String {
    wargame_kit::terminal::one_line(s).into_owned()
}

/// Names as a short list for a message.
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        return "none".into();
    }
    let shown: Vec<String> = names
        .iter()
        .take(10)
        .map(|n| format!("`{}`", esc(n)))
        .collect();
    let more = if names.len() > 10 { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
}
