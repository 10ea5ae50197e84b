//! The palette entry a piece came from, recovered. VASSAL does not record it: when a piece is
//! placed from a `PieceSlot` (or an at-start stack, or a deck's `CardSlot`), its prototypes are
//! expanded into its own traits (`PieceCloner`), and the save holds only those. So each entry
//! of the module's palette is expanded the same way, and a piece is matched against them by
//! its traits' types (which a game does not change; their states it does):
//!
//! - **exact**: its traits are those of one entry, in order (several identical entries: the one
//!   whose `gpid` the piece carries, else ambiguous);
//! - **approximate**: the module changed since the save (the common case): among the entries of
//!   its `gpid`, else of its basic piece, else of its basic piece's name, the one sharing the
//!   most traits, with the number of traits that differ;
//! - **ambiguous**: two entries fit as well; never guessed.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use serde::Serialize;
use wargame_kit::internal::work;

use crate::Module;
use crate::prototypes::{Expanded, Prototypes, expand_prototypes, type_prefix};
use crate::seq::Decoder;

/// The palette entry a piece was placed from, as recovered from its traits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Slot {
    /// How it was found.
    pub found: Found,
    /// The entry's name (empty when ambiguous).
    pub name: String,
    /// The entry's path in the module's piece windows, at-start stacks and decks (empty when
    /// ambiguous): see [`PaletteEntry::path`](crate::PaletteEntry::path).
    pub path: String,
    /// How many of the piece's traits and the entry's differ (0 when exact).
    pub differing_traits: usize,
    /// When ambiguous, the entries that fit as well (at most ten, by path).
    pub candidates: Vec<String>,
}

/// How a piece's palette entry, or its prototypes, were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Found {
    /// The save names them (`prototype;` traits VASSAL did not expand: old or hand-made saves).
    Saved,
    /// The piece's traits are an entry's, in order.
    Exact,
    /// The entry sharing the most traits (the module changed since the save).
    Approximate,
    /// Several entries fit as well: not guessed.
    Ambiguous,
}

/// The most entries compared with one piece for an approximate match; beyond, it is
/// ambiguous.
const MAX_CANDIDATES: usize = 64;

/// A palette entry expanded: its traits' types (hashed) and its prototypes.
struct Entry<'m> {
    path: &'m str,
    name: &'m str,
    types: Vec<u64>,
    prototypes: Vec<String>,
}

/// The module's palette, each entry expanded as VASSAL places it, indexed for matching.
pub(crate) struct Palette<'m> {
    entries: Vec<Entry<'m>>,
    by_types: HashMap<Vec<u64>, Vec<usize>>,
    by_gpid: HashMap<&'m str, Vec<usize>>,
    by_basic: HashMap<u64, Vec<usize>>,
    by_name: HashMap<String, Vec<usize>>,
}

/// A trait's type, hashed (the same for the same text in one run).
fn hash(ty: &str) -> u64 {
    let mut h = DefaultHasher::new();
    ty.hash(&mut h);
    h.finish()
}

/// A basic piece's name (`piece;clone;delete;image;NAME`).
fn basic_name(ty: &str) -> String {
    Decoder::new(ty, ';').nth(4).unwrap_or_default()
}

impl<'m> Palette<'m> {
    pub(crate) fn of(module: &'m Module, prototypes: &Prototypes<'m>) -> Self {
        let mut p = Palette {
            entries: Vec::with_capacity(module.palette.len()),
            by_types: HashMap::new(),
            by_gpid: HashMap::new(),
            by_basic: HashMap::new(),
            by_name: HashMap::new(),
        };
        for (i, e) in module.palette.iter().enumerate() {
            let (ty, state) = definition(&e.definition);
            let (mut traits, _) = crate::nest::split_traits(&ty, &state);
            let mut expanded = Expanded::default();
            expand_prototypes(prototypes, &mut traits, &mut expanded);
            let used = expanded.used;
            work::add_len(traits.len());
            let types: Vec<u64> = traits.iter().map(|(t, _)| hash(t)).collect();
            if let Some((basic, _)) = traits.last() {
                p.by_basic.entry(hash(basic)).or_default().push(i);
                p.by_name.entry(basic_name(basic)).or_default().push(i);
            }
            if let Some(g) = e.gpid.as_deref().filter(|g| !g.is_empty()) {
                p.by_gpid.entry(g).or_default().push(i);
            }
            p.by_types.entry(types.clone()).or_default().push(i);
            p.entries.push(Entry {
                path: &e.path,
                name: &e.name,
                types,
                prototypes: used,
            });
        }
        p
    }

    /// The entry a piece of these traits (type, state; outermost first, the basic piece last,
    /// prototypes expanded) came from, and its prototypes with how they were found.
    pub(crate) fn recover(
        &self,
        traits: &[(String, String)],
    ) -> (Option<Slot>, Vec<String>, Option<Found>) {
        if self.entries.is_empty() {
            return (None, Vec::new(), None);
        }
        work::add_len(traits.len());
        let types: Vec<u64> = traits.iter().map(|(t, _)| hash(t)).collect();
        let gpid = traits
            .last()
            .map(|(_, state)| Decoder::new(state, ';').nth(3).unwrap_or_default())
            .filter(|g| !g.is_empty());
        let exact = self
            .by_types
            .get(&types)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let exact = narrow_by_gpid(exact, gpid.as_deref(), &self.by_gpid);
        if !exact.is_empty() {
            return self.answer(&exact, Found::Exact, 0);
        }
        let candidates = self.candidates(traits, gpid.as_deref());
        if candidates.is_empty() {
            return (None, Vec::new(), None);
        }
        if candidates.len() > MAX_CANDIDATES {
            return self.answer(&candidates[..MAX_CANDIDATES], Found::Ambiguous, 0);
        }
        let mut best = usize::MAX;
        let mut tied = Vec::new();
        for &i in &candidates {
            let d = differing(&types, &self.entries[i].types);
            if d < best {
                best = d;
                tied.clear();
            }
            if d == best {
                tied.push(i);
            }
        }
        self.answer(&tied, Found::Approximate, best)
    }

    /// The entries worth comparing with a piece: those of its `gpid`, else of its basic piece,
    /// else of its basic piece's name.
    fn candidates(&self, traits: &[(String, String)], gpid: Option<&str>) -> Vec<usize> {
        if let Some(v) = gpid.and_then(|g| self.by_gpid.get(g)) {
            return v.clone();
        }
        let Some((basic, _)) = traits.last() else {
            return Vec::new();
        };
        if let Some(v) = self.by_basic.get(&hash(basic)) {
            return v.clone();
        }
        let name = basic_name(basic);
        if name.is_empty() {
            return Vec::new();
        }
        self.by_name.get(&name).cloned().unwrap_or_default()
    }

    /// The slot and prototypes for the entries that fit (one, or several: ambiguous, unless
    /// they agree on their prototypes).
    fn answer(
        &self,
        fit: &[usize],
        found: Found,
        differing_traits: usize,
    ) -> (Option<Slot>, Vec<String>, Option<Found>) {
        let first = &self.entries[fit[0]];
        if fit.len() == 1 && found != Found::Ambiguous {
            let slot = Slot {
                found,
                name: first.name.to_string(),
                path: first.path.to_string(),
                differing_traits,
                candidates: Vec::new(),
            };
            return (Some(slot), first.prototypes.clone(), Some(found));
        }
        let mut candidates: Vec<String> = fit
            .iter()
            .map(|&i| self.entries[i].path.to_string())
            .collect();
        candidates.sort();
        candidates.dedup();
        candidates.truncate(10);
        let slot = Slot {
            found: Found::Ambiguous,
            name: String::new(),
            path: String::new(),
            differing_traits,
            candidates,
        };
        // The entries that fit may still agree on their prototypes.
        let agree = fit
            .iter()
            .all(|&i| self.entries[i].prototypes == first.prototypes);
        if agree && found != Found::Ambiguous {
            (Some(slot), first.prototypes.clone(), Some(found))
        } else {
            (Some(slot), Vec::new(), Some(Found::Ambiguous))
        }
    }
}

/// The entries of `fit` whose `gpid` is the piece's, when the piece has one and some of them do.
fn narrow_by_gpid(
    fit: &[usize],
    gpid: Option<&str>,
    by_gpid: &HashMap<&str, Vec<usize>>,
) -> Vec<usize> {
    if fit.len() > 1
        && let Some(mine) = gpid.and_then(|g| by_gpid.get(g))
    {
        let narrowed: Vec<usize> = fit.iter().copied().filter(|i| mine.contains(i)).collect();
        if !narrowed.is_empty() {
            return narrowed;
        }
    }
    fit.to_vec()
}

/// How many traits of two pieces differ: those of one that the other lacks (as a multiset),
/// or when they have the same traits in another order, those out of place.
fn differing(a: &[u64], b: &[u64]) -> usize {
    work::add_len(a.len() + b.len());
    let mut counts: HashMap<u64, isize> = HashMap::new();
    for t in a {
        *counts.entry(*t).or_insert(0) += 1;
    }
    for t in b {
        *counts.entry(*t).or_insert(0) -= 1;
    }
    let unmatched: usize = counts.values().map(|c| c.unsigned_abs()).sum();
    if unmatched > 0 {
        return unmatched;
    }
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

/// A piece definition's type and state (`+/null/TYPE/STATE`).
fn definition(text: &str) -> (String, String) {
    let body = text.strip_prefix("+/").unwrap_or(text);
    let mut d = Decoder::new(body, '/');
    let _id = d.next_cow();
    let ty = d.next().unwrap_or_default();
    let state = d.next().unwrap_or_default();
    (ty, state)
}

impl Module {
    /// A piece as VASSAL places it from its definition (a palette entry's type and state):
    /// each `prototype;NAME` trait replaced by the prototype's traits, in their order, nested
    /// prototypes too, the prototype's basic piece dropped (`PieceCloner`); the type and state
    /// nested as VASSAL writes them.
    ///
    /// ```
    /// use vassal::{BoardSizes, Module};
    /// let unit = vassal::write::add_piece(
    ///     "null",
    ///     &vassal::write::nest(&["mark;Side"], "piece;;;;"),
    ///     &vassal::write::nest(&["Blue"], "null;0;0;;0"),
    /// );
    /// let build_file = format!(r#"<VASSAL.build.GameModule name="D">
    ///   <VASSAL.build.module.PrototypeDefinition name="Unit">{unit}</VASSAL.build.module.PrototypeDefinition>
    /// </VASSAL.build.GameModule>"#);
    /// let module = Module::from_build_file(&build_file, "b.xml", &BoardSizes::new()).unwrap();
    /// let (ty, state) = module.expand("prototype;Unit\tpiece;;;;Tank", "\tnull;0;0;;0");
    /// assert_eq!(ty, "mark;Side\tpiece;;;;Tank");
    /// assert_eq!(state, "Blue\tnull;0;0;;0");
    /// ```
    pub fn expand(&self, ty: &str, state: &str) -> (String, String) {
        let prototypes = Prototypes::of(self);
        let (mut traits, _) = crate::nest::split_traits(ty, state);
        expand_prototypes(&prototypes, &mut traits, &mut Expanded::default());
        let Some(((basic_ty, basic_state), outer)) = traits.split_last() else {
            return (String::new(), String::new());
        };
        let types: Vec<&str> = outer.iter().map(|(t, _)| t.as_str()).collect();
        let states: Vec<&str> = outer.iter().map(|(_, s)| s.as_str()).collect();
        (
            crate::write::nest(&types, basic_ty),
            crate::write::nest(&states, basic_state),
        )
    }
}

/// Whether a piece's traits name prototypes (a save VASSAL did not write, or an old one).
pub(crate) fn names_prototypes(traits: &[(String, String)]) -> bool {
    traits.iter().any(|(t, _)| type_prefix(t) == "prototype;")
}
