//! Whether a piece is masked or invisible, decided from the whole of its text before anything
//! is built from it: every trait of the piece at any depth (no trait limit applies), and every
//! prototype it names, nested prototypes to any depth, cycles included. VASSAL masks a piece
//! whose Mask (`obs;`) anywhere in it names a player, and hides one whose Invisible (`hide;`)
//! does; a prototype's traits carry the states of its definition.
//!
//! The prototypes' answers are found once per read, in time linear in their definitions: each
//! prototype's own traits are scanned, then masking and hiding flow back along the references
//! from the prototypes that have them to those that name them.

use std::collections::HashMap;

use wargame_kit::internal::work;

use crate::nest::Levels;
use crate::prototypes::{Prototypes, definition, prototype_named, type_prefix};
use crate::seq::Decoder;

/// Whether a Mask (`obs;`) or an Invisible (`hide;`) trait of this state is on: VASSAL's
/// `mySetState`, where only `null` (or no state at all) is off, and a blank player is a player
/// (one who set no password).
pub(crate) fn mask_on(prefix: &str, state: &str) -> bool {
    if prefix == "obs;" {
        Decoder::new(state, ';').next_or("null") != "null"
    } else {
        state != "null"
    }
}

/// What hides a piece or a prototype's traits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Seen {
    /// A Mask trait is on.
    pub(crate) masked: bool,
    /// An Invisible trait is on.
    pub(crate) invisible: bool,
}

impl Seen {
    fn or(self, other: Seen) -> Seen {
        Seen {
            masked: self.masked || other.masked,
            invisible: self.invisible || other.invisible,
        }
    }
}

/// Every trait of a nested type and state (all levels): what its own traits hide, and the
/// prototypes it names.
fn scan(types: &Levels<'_>, states: &Levels<'_>) -> (Seen, Vec<String>) {
    let mut seen = Seen::default();
    let mut named = Vec::new();
    for i in 0..types.len() {
        work::add(1);
        let Some(ty) = types.get(i) else { continue };
        let prefix = type_prefix(&ty);
        if prefix == "obs;" || prefix == "hide;" {
            let state = states.get(i).unwrap_or_default();
            if mask_on(prefix, &state) {
                if prefix == "obs;" {
                    seen.masked = true;
                } else {
                    seen.invisible = true;
                }
            }
        } else if let Some(name) = prototype_named(&ty) {
            named.push(name);
        }
    }
    (seen, named)
}

/// What each of a module's prototypes hides, its nested prototypes included.
pub(crate) struct Visibility<'p, 'm> {
    prototypes: &'p Prototypes<'m>,
    /// By the prototype's index (the first of each name).
    hides: Vec<Seen>,
}

impl<'p, 'm> Visibility<'p, 'm> {
    /// Scan every prototype once and let what each hides flow to the prototypes naming it.
    pub(crate) fn of(prototypes: &'p Prototypes<'m>) -> Self {
        let n = prototypes.len();
        let mut hides = vec![Seen::default(); n];
        // Who names each prototype.
        let mut named_by: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, own) in hides.iter_mut().enumerate() {
            let Some(p) = prototypes.def(i) else { continue };
            let (ty, state) = definition(p);
            let (seen, named) = scan(&Levels::of(&ty), &Levels::of(&state));
            *own = seen;
            for name in named {
                if let Some(j) = prototypes.index(&name) {
                    named_by.entry(j).or_default().push(i);
                }
            }
        }
        // Each flag flows from a prototype to those naming it, each prototype visited once a flag.
        let flags: [fn(&mut Seen) -> &mut bool; 2] = [|s| &mut s.masked, |s| &mut s.invisible];
        for flag in flags {
            let mut todo: Vec<usize> = (0..n).filter(|&i| *flag(&mut hides[i])).collect();
            while let Some(j) = todo.pop() {
                for &i in named_by.get(&j).map_or(&[][..], Vec::as_slice) {
                    work::add(1);
                    let f = flag(&mut hides[i]);
                    if !*f {
                        *f = true;
                        todo.push(i);
                    }
                }
            }
        }
        Visibility { prototypes, hides }
    }

    /// What hides a piece of this type and state: its own traits at any depth, and the
    /// prototypes it names at any depth.
    pub(crate) fn of_piece(&self, types: &Levels<'_>, states: &Levels<'_>) -> Seen {
        let (own, named) = scan(types, states);
        named
            .iter()
            .filter_map(|name| self.prototypes.index(name))
            .filter_map(|i| self.hides.get(i).copied())
            .fold(own, Seen::or)
    }
}
