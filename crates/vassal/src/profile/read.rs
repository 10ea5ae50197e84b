//! Selecting pieces and reading values from them, as a profile's `select` and reads say.

use std::collections::{BTreeMap, HashMap};

use super::spec::{BoardSpec, LocationSpec, ReadSpec, SelectSpec};
use crate::{Module, Piece};

/// Why a value could not be read: the piece holds nothing the read names, or a text the
/// profile lists no value for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// The piece lacks what the read names (a property, a layer, a prototype, a word).
    Unreadable(String),
    /// A text the profile gives no value for.
    NoValue(String),
}

/// The one-source rule and the modifiers' shapes.
pub(crate) fn check(r: &ReadSpec) -> Result<(), String> {
    let sources = [
        r.name.is_some(),
        r.property.is_some(),
        r.layer.is_some(),
        r.prototype.is_some(),
        r.location.is_some(),
        r.value.is_some(),
    ];
    let n = sources.iter().filter(|s| **s).count();
    if n != 1 {
        return Err(format!(
            "a read takes exactly one source (`name`, `property`, `layer`, `prototype`, `location` or `value`); this one has {n}"
        ));
    }
    if r.name == Some(false) || matches!(r.location, Some(LocationSpec::Shown(false))) {
        return Err("`name = false` and `location = false` read nothing: write `true`".into());
    }
    if r.word == Some(0) {
        return Err("`word` counts from 1 (the first word) or from -1 (the last)".into());
    }
    if let Some(a) = &r.as_
        && a != "integer"
    {
        return Err(format!("`as` takes only \"integer\", not `{a}`"));
    }
    if let Some(f) = &r.format
        && !f.contains("{}")
    {
        return Err("`format` puts the text read in place of `{}`, which this format lacks".into());
    }
    Ok(())
}

/// The module's maps by each name a save may call them (name or generated id; the first map of
/// a name, as `Map.getMapById`).
pub(crate) struct MapIds<'m>(HashMap<&'m str, &'m str>);

impl<'m> MapIds<'m> {
    pub(crate) fn of(module: &'m Module) -> Self {
        let mut ids = HashMap::new();
        for m in &module.maps {
            ids.entry(m.name.as_str()).or_insert(m.id.as_str());
            ids.entry(m.generated_id.as_str()).or_insert(m.id.as_str());
        }
        MapIds(ids)
    }

    /// Whether two names give one map (a map's name and its generated id).
    fn same(&self, a: &str, b: &str) -> bool {
        matches!((self.0.get(a), self.0.get(b)), (Some(x), Some(y)) if x == y)
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
        && s.slot.as_ref().is_none_or(|wanted| {
            piece.slot.as_ref().is_some_and(|slot| {
                slot.found != crate::Found::Ambiguous
                    && wanted
                        .names()
                        .iter()
                        .any(|w| *w == slot.name || *w == slot.path)
            })
        })
        && s.name.as_deref().is_none_or(|n| n == name)
        && s.name_contains.as_deref().is_none_or(|n| name.contains(n))
        && s.property
            .iter()
            .all(|(k, v)| piece.properties.get(k) == Some(v))
}

/// The value a read gives for a piece.
pub(crate) fn value(r: &ReadSpec, piece: &Piece) -> Result<toml::Value, Unread> {
    if let Some(v) = &r.value {
        return Ok(v.clone());
    }
    if let Some(table) = &r.prototype {
        return piece
            .prototypes
            .iter()
            .find_map(|p| table.get(p).cloned())
            .ok_or_else(|| {
                Unread::Unreadable(format!(
                    "it uses none of the prototypes listed (it uses {})",
                    listed(&piece.prototypes)
                ))
            });
    }
    let text = source_text(r, piece)?;
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
            .map_err(|_| Unread::Unreadable(format!("`{}` is not a whole number", esc(&text))));
    }
    Ok(toml::Value::String(text))
}

/// The text of the read's source.
fn source_text(r: &ReadSpec, piece: &Piece) -> Result<String, Unread> {
    if r.name.is_some() {
        return Ok(piece.name.clone().unwrap_or_default());
    }
    if r.location.is_some() {
        return piece
            .location
            .clone()
            .ok_or_else(|| Unread::Unreadable("its place is withheld".into()));
    }
    if let Some(p) = &r.property {
        return piece
            .properties
            .get(p)
            .cloned()
            .ok_or_else(|| Unread::Unreadable(format!("it has no property `{}`", esc(p))));
    }
    if let Some(l) = &r.layer {
        return piece
            .layers
            .iter()
            .find(|x| &x.name == l)
            .map(|x| x.level.unsigned_abs().to_string())
            .ok_or_else(|| Unread::Unreadable(format!("it has no layer `{}`", esc(l))));
    }
    Err(Unread::Unreadable("the read names no source".into()))
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
            Unread::Unreadable(format!(
                "`{}` has {count} word(s), not a word {n}",
                esc(text)
            ))
        })
}

/// The value listed for `text`.
fn mapped(table: &BTreeMap<String, toml::Value>, text: &str) -> Result<toml::Value, Unread> {
    table.get(text).cloned().ok_or_else(|| {
        let keys: Vec<String> = table.keys().cloned().collect();
        Unread::NoValue(format!(
            "the profile gives no value for `{}` (it lists {})",
            esc(text),
            listed(&keys)
        ))
    })
}

fn esc(s: &str) -> String {
    wargame_kit::terminal::escape(s).into_owned()
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
