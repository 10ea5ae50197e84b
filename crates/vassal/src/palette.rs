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

use std::cell::RefCell;
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
    /// How many entries fit as well (1 unless ambiguous; when more entries could fit than an
    /// approximate match compares, how many could).
    pub fitting: usize,
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

/// The most candidates an ambiguous slot lists (by path).
const SHOWN_CANDIDATES: usize = 10;

/// A palette entry expanded: its traits' types (hashed) and its prototypes.
struct Entry<'m> {
    path: &'m str,
    name: &'m str,
    types: Vec<u64>,
    /// The types counted, sorted by type: a piece is compared with the entry in the time of
    /// the piece's own traits, however many the entry has.
    counts: Vec<(u64, usize)>,
    prototypes: Vec<String>,
}

/// What [`Palette::recover`] answers: the slot, the prototypes, how they were found.
type Recovered = (Option<Slot>, Vec<String>, Option<Found>);

/// A kind of piece, as far as matching tells pieces apart: its types (hashed), and its gpid
/// when an entry has it.
type Kind<'m> = (Vec<u64>, Option<&'m str>);

/// The module's palette, each entry expanded as VASSAL places it, indexed for matching.
pub(crate) struct Palette<'m> {
    entries: Vec<Entry<'m>>,
    /// Each list of types to its group: the entries of those types (in the module's order).
    by_types: HashMap<Vec<u64>, usize>,
    groups: Vec<Vec<usize>>,
    /// Each group and gpid to the group's entries of that gpid (in the module's order): what
    /// a piece's gpid narrows its exact matches to, looked up once.
    by_group_gpid: HashMap<(usize, &'m str), Vec<usize>>,
    by_gpid: HashMap<&'m str, Vec<usize>>,
    by_basic: HashMap<u64, Vec<usize>>,
    by_name: HashMap<String, Vec<usize>>,
    /// What each kind of piece (its types, and its gpid when an entry has it) recovered: the
    /// answer depends on nothing else, so identical pieces are matched once.
    recovered: RefCell<HashMap<Kind<'m>, Recovered>>,
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

/// Types counted, sorted by type.
fn counted(types: &[u64]) -> Vec<(u64, usize)> {
    work::add_len(types.len());
    let mut sorted = types.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<(u64, usize)> = Vec::new();
    for t in sorted {
        match out.last_mut() {
            Some((last, n)) if *last == t => *n += 1,
            _ => out.push((t, 1)),
        }
    }
    out
}

impl<'m> Palette<'m> {
    pub(crate) fn of(module: &'m Module, prototypes: &Prototypes<'m>) -> Self {
        let mut p = Palette {
            entries: Vec::with_capacity(module.palette.len()),
            by_types: HashMap::new(),
            groups: Vec::new(),
            by_group_gpid: HashMap::new(),
            by_gpid: HashMap::new(),
            by_basic: HashMap::new(),
            by_name: HashMap::new(),
            recovered: RefCell::new(HashMap::new()),
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
            let group = *p.by_types.entry(types.clone()).or_insert(p.groups.len());
            if group == p.groups.len() {
                p.groups.push(Vec::new());
            }
            p.groups[group].push(i);
            if let Some(g) = e.gpid.as_deref().filter(|g| !g.is_empty()) {
                p.by_gpid.entry(g).or_default().push(i);
                p.by_group_gpid.entry((group, g)).or_default().push(i);
            }
            p.entries.push(Entry {
                path: &e.path,
                name: &e.name,
                counts: counted(&types),
                types,
                prototypes: used,
            });
        }
        p
    }

    /// The entry a piece of these traits (type, state; outermost first, the basic piece last,
    /// prototypes expanded) came from, and its prototypes with how they were found.
    pub(crate) fn recover(&self, traits: &[(String, String)]) -> Recovered {
        if self.entries.is_empty() {
            return (None, Vec::new(), None);
        }
        work::add_len(traits.len());
        let types: Vec<u64> = traits.iter().map(|(t, _)| hash(t)).collect();
        let gpid = traits
            .last()
            .map(|(_, state)| Decoder::new(state, ';').nth(3).unwrap_or_default())
            .filter(|g| !g.is_empty());
        // A gpid no entry has is as none: the answer is the same.
        let gpid = gpid.and_then(|g| self.by_gpid.get_key_value(g.as_str()).map(|(k, _)| *k));
        let key = (types, gpid);
        if let Some(known) = self.recovered.borrow().get(&key) {
            return known.clone();
        }
        let answer = self.match_types(traits, &key.0, gpid);
        self.recovered.borrow_mut().insert(key, answer.clone());
        answer
    }

    /// [`Palette::recover`] for a kind of piece not matched yet.
    fn match_types(
        &self,
        traits: &[(String, String)],
        types: &[u64],
        gpid: Option<&str>,
    ) -> Recovered {
        if let Some(&group) = self.by_types.get(types) {
            let exact = &self.groups[group];
            // The entries of the piece's gpid among them, when there are several and some
            // of them have it.
            let narrowed = match gpid {
                Some(g) if exact.len() > 1 => self.by_group_gpid.get(&(group, g)),
                _ => None,
            };
            return self.answer(narrowed.unwrap_or(exact), Found::Exact, 0);
        }
        let candidates = self.candidates(traits, gpid);
        if candidates.is_empty() {
            return (None, Vec::new(), None);
        }
        if candidates.len() > MAX_CANDIDATES {
            let mut ambiguous = self.answer(&candidates[..MAX_CANDIDATES], Found::Ambiguous, 0);
            if let Some(slot) = &mut ambiguous.0 {
                slot.fitting = candidates.len();
            }
            return ambiguous;
        }
        let mine = counted(types);
        let mut best = usize::MAX;
        let mut tied = Vec::new();
        for &i in candidates {
            let d = differing(types, &mine, &self.entries[i]);
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
    fn candidates(&self, traits: &[(String, String)], gpid: Option<&str>) -> &[usize] {
        if let Some(v) = gpid.and_then(|g| self.by_gpid.get(g)) {
            return v;
        }
        let Some((basic, _)) = traits.last() else {
            return &[];
        };
        if let Some(v) = self.by_basic.get(&hash(basic)) {
            return v;
        }
        let name = basic_name(basic);
        if name.is_empty() {
            return &[];
        }
        self.by_name.get(&name).map_or(&[], Vec::as_slice)
    }

    /// The slot and prototypes for the entries that fit (one, or several: ambiguous, unless
    /// they agree on their prototypes).
    fn answer(&self, fit: &[usize], found: Found, differing_traits: usize) -> Recovered {
        let first = &self.entries[fit[0]];
        if fit.len() == 1 && found != Found::Ambiguous {
            let slot = Slot {
                found,
                name: first.name.to_string(),
                path: first.path.to_string(),
                differing_traits,
                candidates: Vec::new(),
                fitting: 1,
            };
            return (Some(slot), first.prototypes.clone(), Some(found));
        }
        // The first paths, kept as they come: never more than are shown.
        let mut shown: Vec<&str> = Vec::with_capacity(SHOWN_CANDIDATES + 1);
        for &i in fit {
            work::add(1);
            let path = self.entries[i].path;
            if shown.len() == SHOWN_CANDIDATES && shown.last().is_some_and(|l| path >= *l) {
                continue;
            }
            if let Err(at) = shown.binary_search(&path) {
                shown.insert(at, path);
                shown.truncate(SHOWN_CANDIDATES);
            }
        }
        let slot = Slot {
            found: Found::Ambiguous,
            name: String::new(),
            path: String::new(),
            differing_traits,
            candidates: shown.into_iter().map(str::to_string).collect(),
            fitting: fit.len(),
        };
        // The entries that fit may still agree on their prototypes.
        let agree = fit.iter().all(|&i| {
            work::add(1);
            self.entries[i].prototypes == first.prototypes
        });
        if agree && found != Found::Ambiguous {
            (Some(slot), first.prototypes.clone(), Some(found))
        } else {
            (Some(slot), Vec::new(), Some(Found::Ambiguous))
        }
    }
}

/// How many traits of a piece (its types, and them counted) and an entry differ: those of one
/// that the other lacks (as a multiset), or when they have the same traits in another order,
/// those out of place. In the time of the piece's traits (each looked up in the entry's
/// counts), however many the entry has.
fn differing(a: &[u64], a_counts: &[(u64, usize)], b: &Entry<'_>) -> usize {
    let mut shared = 0;
    for &(t, n) in a_counts {
        work::add(1);
        if let Ok(at) = b.counts.binary_search_by_key(&t, |&(u, _)| u) {
            shared += n.min(b.counts[at].1);
        }
    }
    // What each lacks of the other: a's traits not shared, and b's.
    let unmatched = a.len().saturating_sub(shared) + b.types.len().saturating_sub(shared);
    if unmatched > 0 {
        return unmatched;
    }
    work::add_len(a.len());
    a.iter().zip(&b.types).filter(|(x, y)| x != y).count()
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
