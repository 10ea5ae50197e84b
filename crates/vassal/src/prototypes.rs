//! Prototypes expanded as VASSAL expands them when it places a piece (`PieceCloner`,
//! `UsePrototype`): each `prototype;NAME` trait replaced by the prototype's own traits, nested
//! prototypes too, the prototype's basic piece dropped.

use std::collections::{BTreeMap, HashMap};

use crate::seq::Decoder;
use crate::{Module, limits};

/// VASSAL's `typePrefix`: the type up to its first `;` (included), or the whole type.
pub fn type_prefix(ty: &str) -> &str {
    match ty.find(';') {
        Some(i) => &ty[..=i],
        None => ty,
    }
}

/// The module's prototypes by name (the first of a name, as the module lists them).
pub(crate) struct Prototypes<'m>(HashMap<&'m str, &'m crate::Prototype>);

impl<'m> Prototypes<'m> {
    pub(crate) fn of(module: &'m Module) -> Self {
        let mut by_name = HashMap::new();
        for p in &module.prototypes {
            by_name.entry(p.name.as_str()).or_insert(p);
        }
        Prototypes(by_name)
    }

    fn get(&self, name: &str) -> Option<&'m crate::Prototype> {
        self.0.get(name).copied()
    }
}

/// Replace each prototype trait by the prototype's own traits (its basic piece dropped).
pub(crate) fn expand_prototypes(
    module: &Prototypes<'_>,
    traits: &mut Vec<(String, String)>,
    used: &mut Vec<String>,
    missing: &mut BTreeMap<String, usize>,
    depth: usize,
) {
    let mut i = 0;
    while i < traits.len() {
        // A prototype using itself twice would double at each level: every expansion counts.
        if used.len() >= limits::MAX_TRAITS {
            traits.retain(|(t, _)| type_prefix(t) != "prototype;");
            return;
        }
        if type_prefix(&traits[i].0) != "prototype;" {
            i += 1;
            continue;
        }
        let mut st = Decoder::new(&traits[i].0["prototype;".len()..], ';');
        let name = st.next().unwrap_or_default();
        used.push(name.clone());
        let inner = match module.get(&name) {
            Some(p) if depth < limits::MAX_PROTOTYPE_DEPTH => {
                let def = p.definition.trim();
                let body = def.strip_prefix("+/").unwrap_or(def);
                let mut d = Decoder::new(body, '/');
                let _id = d.next();
                let ty = d.next().unwrap_or_default();
                let state = d.next().unwrap_or_default();
                let (mut sub, _) = crate::nest::split_traits(&ty, &state);
                if sub.last().is_some_and(|(t, _)| type_prefix(t) == "piece;") {
                    sub.pop();
                }
                expand_prototypes(module, &mut sub, used, missing, depth + 1);
                sub
            }
            Some(_) => Vec::new(),
            None => {
                *missing.entry(name).or_insert(0) += 1;
                Vec::new()
            }
        };
        let n = inner.len();
        traits.splice(i..=i, inner);
        i += n;
        if traits.len() > limits::MAX_TRAITS {
            traits.truncate(limits::MAX_TRAITS);
        }
    }
}
