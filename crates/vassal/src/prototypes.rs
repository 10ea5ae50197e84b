//! Prototypes expanded as VASSAL expands them when it places a piece (`PieceCloner`,
//! `UsePrototype`): each `prototype;NAME` trait replaced by the prototype's own traits, nested
//! prototypes too, the prototype's basic piece dropped. Each prototype's definition is split
//! once per read, however many pieces and palette entries name it.

use std::cell::OnceCell;
use std::collections::{BTreeMap, HashMap};

use wargame_kit::internal::work;

use crate::seq::Decoder;
use crate::{Module, limits};

/// VASSAL's `typePrefix`: the type up to its first `;` (included), or the whole type.
pub fn type_prefix(ty: &str) -> &str {
    match ty.find(';') {
        Some(i) => &ty[..=i],
        None => ty,
    }
}

/// The name a `prototype;NAME` trait's type gives (`None` for another trait).
pub(crate) fn prototype_named(ty: &str) -> Option<String> {
    let rest = ty.strip_prefix("prototype;")?;
    Some(Decoder::new(rest, ';').next().unwrap_or_default())
}

/// A prototype's piece definition (`+/null/TYPE/STATE`): its type and state.
pub(crate) fn definition(prototype: &crate::Prototype) -> (String, String) {
    let def = prototype.definition.trim();
    let body = def.strip_prefix("+/").unwrap_or(def);
    let mut d = Decoder::new(body, '/');
    let _id = d.next_cow();
    let ty = d.next().unwrap_or_default();
    let state = d.next().unwrap_or_default();
    (ty, state)
}

/// The module's prototypes by name (the first of a name, as the module lists them), each
/// split into its traits on first use and kept for the rest of the read.
pub(crate) struct Prototypes<'m> {
    by_name: HashMap<&'m str, usize>,
    defs: &'m [crate::Prototype],
    /// Each prototype's own traits (type, state; outermost first), its basic piece dropped.
    split: Vec<OnceCell<Vec<(String, String)>>>,
}

impl<'m> Prototypes<'m> {
    pub(crate) fn of(module: &'m Module) -> Self {
        let mut by_name = HashMap::new();
        for (i, p) in module.prototypes.iter().enumerate() {
            by_name.entry(p.name.as_str()).or_insert(i);
        }
        Prototypes {
            by_name,
            defs: &module.prototypes,
            split: module.prototypes.iter().map(|_| OnceCell::new()).collect(),
        }
    }

    /// The index of the prototype of that name.
    pub(crate) fn index(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// How many prototypes the module defines (names looked up by [`Prototypes::index`] are
    /// below it).
    pub(crate) fn len(&self) -> usize {
        self.defs.len()
    }

    /// Prototype `i`'s definition.
    pub(crate) fn def(&self, i: usize) -> Option<&'m crate::Prototype> {
        self.defs.get(i)
    }

    /// Prototype `i`'s own traits, split on first use.
    fn traits(&self, i: usize) -> &[(String, String)] {
        let Some(cell) = self.split.get(i) else {
            return &[];
        };
        cell.get_or_init(|| {
            let (ty, state) = self.defs.get(i).map(definition).unwrap_or_default();
            let (mut sub, _) = crate::nest::split_traits(&ty, &state);
            if sub.last().is_some_and(|(t, _)| type_prefix(t) == "piece;") {
                sub.pop();
            }
            sub
        })
    }
}

/// What expanding a piece's prototypes found: the prototypes it uses (outermost first, nested
/// ones included), those the module lacks (how many traits name each), and how many traits
/// were cut at [`limits::MAX_TRAITS`].
#[derive(Debug, Default)]
pub(crate) struct Expanded {
    pub(crate) used: Vec<String>,
    pub(crate) missing: BTreeMap<String, usize>,
    pub(crate) cut: usize,
}

/// Replace each prototype trait of a piece's `traits` (outermost first, its basic piece last)
/// by the prototype's own traits (its basic piece dropped), nested ones too; beyond
/// [`limits::MAX_TRAITS`] the outermost traits and the basic piece are kept (`out.cut` says how
/// many were not).
pub(crate) fn expand_prototypes(
    prototypes: &Prototypes<'_>,
    traits: &mut Vec<(String, String)>,
    out: &mut Expanded,
) {
    let basic = match traits.last() {
        Some((t, _)) if prototype_named(t).is_none() => traits.pop(),
        _ => None,
    };
    expand_at(prototypes, traits, out, 0);
    traits.extend(basic);
}

/// [`expand_prototypes`] at `depth` prototypes deep, on traits without their basic piece.
fn expand_at(
    prototypes: &Prototypes<'_>,
    traits: &mut Vec<(String, String)>,
    out: &mut Expanded,
    depth: usize,
) {
    let cap = limits::MAX_TRAITS - 1;
    let mut i = 0;
    while i < traits.len() {
        // A prototype using itself twice would double at each level: every expansion counts.
        if out.used.len() >= limits::MAX_TRAITS {
            let before = traits.len();
            traits.retain(|(t, _)| type_prefix(t) != "prototype;");
            out.cut = out.cut.saturating_add(before - traits.len());
            return;
        }
        let Some(name) = prototype_named(&traits[i].0) else {
            i += 1;
            continue;
        };
        out.used.push(name.clone());
        let inner = match prototypes.index(&name) {
            Some(p) if depth < limits::MAX_PROTOTYPE_DEPTH => {
                let own = prototypes.traits(p);
                // At most what the piece may still take: the rest would be cut below.
                let room = cap.saturating_sub(traits.len().saturating_sub(1));
                out.cut = out.cut.saturating_add(own.len().saturating_sub(room));
                let mut sub: Vec<(String, String)> = own.iter().take(room).cloned().collect();
                work::add_len(sub.len());
                expand_at(prototypes, &mut sub, out, depth + 1);
                sub
            }
            Some(_) => Vec::new(),
            None => {
                *out.missing.entry(name).or_insert(0) += 1;
                Vec::new()
            }
        };
        let n = inner.len();
        traits.splice(i..=i, inner);
        i += n;
        if traits.len() > cap {
            out.cut = out.cut.saturating_add(traits.len() - cap);
            traits.truncate(cap);
        }
    }
}
