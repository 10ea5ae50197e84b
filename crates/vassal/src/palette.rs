//! The palette entry a piece came from, recovered. VASSAL does not record it: when a piece is
//! placed from a `PieceSlot` (or an at-start stack, or a deck's `CardSlot`), its prototypes are
//! expanded into its own traits (`PieceCloner`), and the save holds only those. So each entry
//! of the module's palette is expanded the same way, and a piece is matched against them by
//! its traits' types (which a game does not change; their states it does).
//!
//! Entries whose traits, prototypes expanded, are the same (types and states, whatever their
//! paths or gpids: one counter listed in a setup tab and a reinforcement tab, three copies of
//! one card in a deck) are one **slot**: a piece fitting several entries of one slot has that
//! slot. A piece is matched:
//!
//! - **exact**: its traits are those of one slot, in order (several slots of those traits: the
//!   one whose `gpid` the piece carries, else ambiguous);
//! - **approximate**: the module changed since the save (the common case): among the slots of
//!   its `gpid`, else of its basic piece, else of its basic piece's name, the one sharing the
//!   most traits, with the number of traits that differ;
//! - **ambiguous**: two distinct slots fit as well; never guessed.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasher, DefaultHasher, Hash, Hasher, RandomState};

use serde::Serialize;
use wargame_kit::internal::work;

use crate::prototypes::{Expanded, Prototypes, expand_prototypes, type_prefix};
use crate::seq::Decoder;
use crate::{ErrorKind, Module, PaletteEntry};

/// The palette entry a piece was placed from, as recovered from its traits: its slot (the
/// entries whose traits are the same), and the entry of that slot it came from.
///
/// ```
/// use vassal::{BoardSizes, Module, Options, Save};
/// use vassal::write::{SaveText, add_piece, nest, piece_slot};
/// // One counter listed in two tabs: the same traits, the same gpid.
/// let definition = add_piece("null", &nest(&["mark;Side"], "piece;;;;Tank"), &nest(&["US"], "null;0;0;7;0"));
/// let entry = piece_slot("Tank", "7", (10, 10), &definition);
/// let build_file = format!(
///     r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.PieceWindow name="Pieces">
///     <VASSAL.build.widget.TabWidget entryName="Setup">{entry}</VASSAL.build.widget.TabWidget>
///     <VASSAL.build.widget.TabWidget entryName="Later">{entry}</VASSAL.build.widget.TabWidget>
///     </VASSAL.build.module.PieceWindow><VASSAL.build.module.Map mapName="Main"/></VASSAL.build.GameModule>"#
/// );
/// let module = Module::from_build_file(&build_file, "b.xml", &BoardSizes::new()).unwrap();
/// let piece = add_piece("p1", &nest(&["mark;Side"], "piece;;;;Tank"), &nest(&["US"], "Main;10;10;7;0"));
/// let save = Save::from_bytes(SaveText::new().command(&piece).finish().as_bytes(), "s.vsav").unwrap();
/// let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
/// let slot = pieces.pieces[0].slot.as_ref().unwrap();
/// assert_eq!(slot.found, vassal::Found::Exact);
/// assert_eq!(slot.path, "Pieces / Setup / Tank");
/// assert_eq!(slot.paths, ["Pieces / Setup / Tank", "Pieces / Later / Tank"]);
/// assert_eq!(slot.entries, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Slot {
    /// How it was found.
    pub found: Found,
    /// The entry's name (empty when ambiguous).
    pub name: String,
    /// The entry's path in the module's piece windows, at-start stacks and decks (empty when
    /// ambiguous): see [`PaletteEntry::path`](crate::PaletteEntry::path). Of the slot's
    /// entries, the first whose `gpid` the piece carries, else the slot's first.
    pub path: String,
    /// When the slot is several identical entries, their paths (at most ten, in the module's
    /// order); else empty.
    pub paths: Vec<String>,
    /// How many palette entries the slot is (1 unless identical entries; 0 when ambiguous).
    pub entries: usize,
    /// How many of the piece's traits and the entry's differ (0 when exact).
    pub differing_traits: usize,
    /// When ambiguous, the slots that fit as well, each by its first entry's path (at most
    /// ten, by path).
    pub candidates: Vec<String>,
    /// How many slots fit as well (1 unless ambiguous; when more slots could fit than an
    /// approximate match compares, how many could).
    pub fitting: usize,
    /// The slot: the index of its first entry in the module's palette (as the profile's
    /// `slot` select numbers slots); none when ambiguous.
    #[serde(skip)]
    pub(crate) id: Option<usize>,
}

impl Slot {
    /// Every text the slot holds (what the text budget charges).
    pub(crate) fn texts(&self) -> impl Iterator<Item = &str> {
        [self.name.as_str(), self.path.as_str()]
            .into_iter()
            .chain(self.paths.iter().map(String::as_str))
            .chain(self.candidates.iter().map(String::as_str))
    }

    /// Whether a profile's `slot` select of `wanted` takes a piece of this slot (found exactly
    /// or approximately, not when ambiguous).
    pub(crate) fn selected_by(&self, names: &SlotNames, wanted: &str) -> bool {
        self.found != Found::Ambiguous && self.id.is_some_and(|id| names.carries(wanted, id))
    }
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

/// The most slots compared with one piece for an approximate match; beyond, it is ambiguous.
const MAX_CANDIDATES: usize = 64;

/// The most candidates an ambiguous slot lists (by path), and paths a slot of identical
/// entries lists.
const SHOWN_CANDIDATES: usize = 10;

/// A palette entry: where it is.
struct Entry<'m> {
    path: &'m str,
    name: &'m str,
}

/// A slot: palette entries of the same traits, expanded; their traits' types (hashed) and
/// their prototypes.
struct SlotDef {
    /// Its entries (indexes of the palette), in the module's order.
    entries: Vec<usize>,
    /// Its group: the slots of its types.
    group: usize,
    types: Vec<u64>,
    /// The types counted, sorted by type: a piece is compared with the slot in the time of
    /// the piece's own traits, however many the slot has.
    counts: Vec<(u64, usize)>,
    prototypes: Vec<String>,
}

/// What [`Palette::recover`] answers: the slot, the prototypes, how they were found.
type Recovered = (Option<Slot>, Vec<String>, Option<Found>);

/// A kind of piece, as far as matching tells pieces apart: its types (hashed), and its gpid
/// when an entry has it.
type Kind<'m> = (Vec<u64>, Option<&'m str>);

/// The module's palette, each entry expanded as VASSAL places it, its entries grouped into
/// slots, indexed for matching.
pub(crate) struct Palette<'m> {
    entries: Vec<Entry<'m>>,
    slots: Vec<SlotDef>,
    /// Each list of types to its group: the slots of those types (in the module's order).
    by_types: HashMap<Vec<u64>, usize>,
    groups: Vec<Vec<usize>>,
    /// Each group and gpid to the group's slots having an entry of that gpid (in the
    /// module's order): what a piece's gpid narrows its exact matches to, looked up once.
    by_group_gpid: HashMap<(usize, &'m str), Vec<usize>>,
    /// Each slot and gpid to the slot's first entry of that gpid.
    first_of_gpid: HashMap<(usize, &'m str), usize>,
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

/// A palette entry's traits (type, state; outermost first, the basic piece last) as VASSAL
/// places them, its prototypes expanded, and the prototypes it uses.
fn expanded_entry(
    e: &PaletteEntry,
    prototypes: &Prototypes<'_>,
) -> (Vec<(String, String)>, Vec<String>) {
    let (ty, state) = definition(&e.definition);
    let (mut traits, _) = crate::nest::split_traits(&ty, &state);
    let mut expanded = Expanded::default();
    expand_prototypes(prototypes, &mut traits, &mut expanded);
    work::add_len(traits.len());
    (traits, expanded.used)
}

/// What makes entries one slot, hashed with `keys` (drawn at random: no module can choose
/// texts that collide): their traits' types and states, the basic piece's `gpid` left out
/// (`map;x;y;gpid;...`).
fn identity(traits: &[(String, String)], keys: &RandomState) -> u64 {
    let mut h = keys.build_hasher();
    traits.len().hash(&mut h);
    let Some(((basic_ty, basic_state), outer)) = traits.split_last() else {
        return h.finish();
    };
    for (t, s) in outer {
        t.hash(&mut h);
        s.hash(&mut h);
    }
    basic_ty.hash(&mut h);
    let mut fields = Decoder::new(basic_state, ';');
    let mut at = 0_usize;
    while let Some(field) = fields.next_cow() {
        work::add(1);
        if at == 3 {
            0_u8.hash(&mut h);
        } else {
            field.hash(&mut h);
        }
        at = at.saturating_add(1);
    }
    at.hash(&mut h);
    h.finish()
}

impl<'m> Palette<'m> {
    pub(crate) fn of(module: &'m Module, prototypes: &Prototypes<'m>) -> Self {
        let mut p = Palette {
            entries: Vec::with_capacity(module.palette.len()),
            slots: Vec::new(),
            by_types: HashMap::new(),
            groups: Vec::new(),
            by_group_gpid: HashMap::new(),
            first_of_gpid: HashMap::new(),
            by_gpid: HashMap::new(),
            by_basic: HashMap::new(),
            by_name: HashMap::new(),
            recovered: RefCell::new(HashMap::new()),
        };
        let keys = RandomState::new();
        let mut by_identity: HashMap<u64, usize> = HashMap::new();
        for (i, e) in module.palette.iter().enumerate() {
            let (traits, used) = expanded_entry(e, prototypes);
            let slot = *by_identity
                .entry(identity(&traits, &keys))
                .or_insert(p.slots.len());
            if slot == p.slots.len() {
                p.add_slot(&traits, used);
            }
            p.slots[slot].entries.push(i);
            if let Some(g) = e.gpid.as_deref().filter(|g| !g.is_empty())
                && !p.first_of_gpid.contains_key(&(slot, g))
            {
                p.first_of_gpid.insert((slot, g), i);
                p.by_gpid.entry(g).or_default().push(slot);
                let group = p.slots[slot].group;
                p.by_group_gpid.entry((group, g)).or_default().push(slot);
            }
            p.entries.push(Entry {
                path: &e.path,
                name: &e.name,
            });
        }
        p
    }

    /// A new slot of these traits (its first entry's), indexed.
    fn add_slot(&mut self, traits: &[(String, String)], prototypes: Vec<String>) {
        let slot = self.slots.len();
        let types: Vec<u64> = traits.iter().map(|(t, _)| hash(t)).collect();
        if let Some((basic, _)) = traits.last() {
            self.by_basic.entry(hash(basic)).or_default().push(slot);
            self.by_name
                .entry(basic_name(basic))
                .or_default()
                .push(slot);
        }
        let group = *self
            .by_types
            .entry(types.clone())
            .or_insert(self.groups.len());
        if group == self.groups.len() {
            self.groups.push(Vec::new());
        }
        self.groups[group].push(slot);
        self.slots.push(SlotDef {
            entries: Vec::new(),
            group,
            counts: counted(&types),
            types,
            prototypes,
        });
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
            // The slots of the piece's gpid among them, when there are several and some of
            // them have it.
            let narrowed = match gpid {
                Some(g) if exact.len() > 1 => self.by_group_gpid.get(&(group, g)),
                _ => None,
            };
            return self.answer(narrowed.unwrap_or(exact), Found::Exact, 0, gpid);
        }
        let candidates = self.candidates(traits, gpid);
        if candidates.is_empty() {
            return (None, Vec::new(), None);
        }
        if candidates.len() > MAX_CANDIDATES {
            let mut ambiguous =
                self.answer(&candidates[..MAX_CANDIDATES], Found::Ambiguous, 0, gpid);
            if let Some(slot) = &mut ambiguous.0 {
                slot.fitting = candidates.len();
            }
            return ambiguous;
        }
        let mine = counted(types);
        let mut best = usize::MAX;
        let mut tied = Vec::new();
        for &i in candidates {
            let d = differing(types, &mine, &self.slots[i]);
            if d < best {
                best = d;
                tied.clear();
            }
            if d == best {
                tied.push(i);
            }
        }
        self.answer(&tied, Found::Approximate, best, gpid)
    }

    /// The slots worth comparing with a piece: those of its `gpid`, else of its basic piece,
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

    /// The slot and prototypes for the slots that fit (one, or several: ambiguous, unless
    /// they agree on their prototypes), for a piece of `gpid`.
    fn answer(
        &self,
        fit: &[usize],
        found: Found,
        differing_traits: usize,
        gpid: Option<&str>,
    ) -> Recovered {
        let first = &self.slots[fit[0]];
        if fit.len() == 1 && found != Found::Ambiguous {
            // The entry of the piece's gpid, else the slot's first.
            let at = gpid
                .and_then(|g| self.first_of_gpid.get(&(fit[0], g)))
                .or(first.entries.first());
            let Some(entry) = at.and_then(|&i| self.entries.get(i)) else {
                return (None, Vec::new(), None);
            };
            let paths = if first.entries.len() > 1 {
                work::add_len(SHOWN_CANDIDATES);
                first
                    .entries
                    .iter()
                    .take(SHOWN_CANDIDATES)
                    .map(|&i| self.entries[i].path.to_string())
                    .collect()
            } else {
                Vec::new()
            };
            let slot = Slot {
                found,
                name: entry.name.to_string(),
                path: entry.path.to_string(),
                paths,
                entries: first.entries.len(),
                differing_traits,
                candidates: Vec::new(),
                fitting: 1,
                id: first.entries.first().copied(),
            };
            return (Some(slot), first.prototypes.clone(), Some(found));
        }
        // The first paths, kept as they come: never more than are shown.
        let mut shown: Vec<&str> = Vec::with_capacity(SHOWN_CANDIDATES + 1);
        for &i in fit {
            work::add(1);
            let Some(path) = self.slots[i].entries.first().map(|&e| self.entries[e].path) else {
                continue;
            };
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
            paths: Vec::new(),
            entries: 0,
            differing_traits,
            candidates: shown.into_iter().map(str::to_string).collect(),
            fitting: fit.len(),
            id: None,
        };
        // The slots that fit may still agree on their prototypes.
        let agree = fit.iter().all(|&i| {
            work::add(1);
            self.slots[i].prototypes == first.prototypes
        });
        if agree && found != Found::Ambiguous {
            (Some(slot), first.prototypes.clone(), Some(found))
        } else {
            (Some(slot), Vec::new(), Some(Found::Ambiguous))
        }
    }
}

/// The names and paths a profile's `slot` select names palette entries by, each with the
/// slots whose entries carry it: a name of several distinct slots selects none of them.
pub(crate) struct SlotNames {
    /// Each name and path to the slots carrying it, each slot by its number (its first
    /// entry's index) with its first entry carrying it, sorted by slot.
    by_name: HashMap<String, Vec<(usize, usize)>>,
    /// Each entry's path and buildFile line.
    entries: Vec<(String, u32)>,
}

/// The most paths the error for a name of several slots lists.
const LISTED_SLOTS: usize = 32;

impl SlotNames {
    /// The module's palette entries grouped into slots as [`Palette`] groups them.
    pub(crate) fn of(module: &Module) -> SlotNames {
        let prototypes = Prototypes::of(module);
        let keys = RandomState::new();
        let mut first: HashMap<u64, usize> = HashMap::new();
        let mut by_name: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        let mut entries = Vec::with_capacity(module.palette.len());
        for (i, e) in module.palette.iter().enumerate() {
            let (traits, _) = expanded_entry(e, &prototypes);
            let slot = *first.entry(identity(&traits, &keys)).or_insert(i);
            for name in [&e.name, &e.path] {
                let v = by_name.entry(name.clone()).or_default();
                if v.last().is_none_or(|&(s, _)| s != slot) {
                    v.push((slot, i));
                }
            }
            entries.push((e.path.clone(), e.line));
        }
        for v in by_name.values_mut() {
            work::add_len(v.len());
            // Stable: each slot's first entry stays first.
            v.sort_by_key(|&(s, _)| s);
            v.dedup_by_key(|&mut (s, _)| s);
        }
        SlotNames { by_name, entries }
    }

    /// Whether the slot `id` has an entry named `name` or at path `name`.
    fn carries(&self, name: &str, id: usize) -> bool {
        self.by_name
            .get(name)
            .is_some_and(|v| v.binary_search_by_key(&id, |&(s, _)| s).is_ok())
    }

    /// The problem of a `slot` select (at `key`) naming `name`, when several distinct slots
    /// carry that name: which of them is meant cannot be told.
    pub(crate) fn check(
        &self,
        key: &str,
        name: &str,
    ) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
        let slots = self.by_name.get(name).filter(|v| v.len() > 1)?;
        let shown = wargame_kit::terminal::one_line(name);
        let listed: Vec<String> = slots
            .iter()
            .take(LISTED_SLOTS)
            .filter_map(|&(_, e)| self.entries.get(e))
            .map(|(path, line)| {
                format!("`{}` (line {line})", wargame_kit::terminal::one_line(path))
            })
            .collect();
        let more = if slots.len() > LISTED_SLOTS {
            ", ..."
        } else {
            ""
        };
        // Distinct entries at one path: no name tells them apart.
        let mut paths = std::collections::HashSet::new();
        let shared = slots
            .iter()
            .take(LISTED_SLOTS)
            .filter_map(|&(_, e)| self.entries.get(e))
            .any(|(path, _)| !paths.insert(path.as_str()));
        let shared = if shared {
            " (entries of one path are told apart by no name: select them by `name`, `prototype` or `property`)"
        } else {
            ""
        };
        let message = format!(
            "`{shown}` names {} distinct palette entries (their traits differ): a `slot` select cannot tell which is meant",
            slots.len()
        );
        Some(
            wargame_kit::Diagnostic::new(ErrorKind::Profile, message)
                .key(key)
                .help(format!(
                    "name one by its path: {}{more}{shared}",
                    listed.join(", ")
                )),
        )
    }
}

/// How many traits of a piece (its types, and them counted) and a slot differ: those of one
/// that the other lacks (as a multiset), or when they have the same traits in another order,
/// those out of place. In the time of the piece's traits (each looked up in the entry's
/// counts), however many the entry has.
fn differing(a: &[u64], a_counts: &[(u64, usize)], b: &SlotDef) -> usize {
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
