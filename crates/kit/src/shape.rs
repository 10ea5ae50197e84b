//! What a game's state document needs at its top level, as plain data: the `game` values an
//! engine reads, the keys no state can lack, and the keys whose values name other files.
//!
//! An engine gives its shape as a constant (`leyte_victory::STATE_SHAPE`); a tool that writes
//! state documents for it (a VASSAL profile's import, a converter) checks what it writes
//! against the shape without depending on the engine, and the engine knows nothing of the
//! tool.
//!
//! ```
//! use wargame_kit::shape::StateShape;
//!
//! const SHAPE: StateShape<'static> = StateShape::new(&["demo"])
//!     .required(&["map", "scenario"])
//!     .references(&["map"]);
//! assert!(SHAPE.reads("demo"));
//! assert!(!SHAPE.reads("chess"));
//! let present = ["game", "map"];
//! let missing: Vec<&str> = SHAPE.missing(|k| present.contains(&k)).collect();
//! assert_eq!(missing, ["scenario"]);
//! ```

/// What a game's state document needs at its top level: given by the engine that reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct StateShape<'a> {
    /// The `game` values the engine reads.
    pub games: &'a [&'a str],
    /// Top-level keys no state can lack.
    pub required: &'a [&'a str],
    /// Top-level keys whose string values name other files (relative to the document).
    pub references: &'a [&'a str],
    /// The arrays of tables whose entries are pieces of the game (`units`), in the order a
    /// player fills them: what a tool drafting a state from pieces proposes.
    pub arrays: &'a [StateArray<'a>],
}

/// An array of tables of a state whose entries are pieces (`units`, `eliminated`): its key,
/// the keys of an entry, and the key holding the piece's place on the map, if one does.
///
/// ```
/// use wargame_kit::shape::{StateArray, StateShape};
///
/// const UNITS: StateArray<'static> = StateArray::new("units", &["id", "hex"]).place("hex");
/// const SHAPE: StateShape<'static> = StateShape::new(&["demo"]).arrays(&[UNITS]);
/// assert_eq!(SHAPE.arrays[0].place, Some("hex"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct StateArray<'a> {
    /// The array's key (`units`).
    pub key: &'a str,
    /// The keys of an entry, the identifying one first.
    pub fields: &'a [&'a str],
    /// The key holding where the piece is on the map (`hex`), if one does.
    pub place: Option<&'a str>,
}

impl<'a> StateArray<'a> {
    /// An array of `key` whose entries have `fields`, none of them a place.
    pub const fn new(key: &'a str, fields: &'a [&'a str]) -> Self {
        StateArray {
            key,
            fields,
            place: None,
        }
    }

    /// With `field` holding the piece's place on the map.
    pub const fn place(mut self, field: &'a str) -> Self {
        self.place = Some(field);
        self
    }
}

impl<'a> StateShape<'a> {
    /// A shape for these games, with nothing required and no references.
    pub const fn new(games: &'a [&'a str]) -> Self {
        StateShape {
            games,
            required: &[],
            references: &[],
            arrays: &[],
        }
    }

    /// With these keys required.
    pub const fn required(mut self, keys: &'a [&'a str]) -> Self {
        self.required = keys;
        self
    }

    /// With these arrays of pieces.
    pub const fn arrays(mut self, arrays: &'a [StateArray<'a>]) -> Self {
        self.arrays = arrays;
        self
    }

    /// With these keys naming other files.
    pub const fn references(mut self, keys: &'a [&'a str]) -> Self {
        self.references = keys;
        self
    }

    /// Whether the engine reads states whose `game` is `game`.
    pub fn reads(&self, game: &str) -> bool {
        self.games.contains(&game)
    }

    /// The required keys that `present` says a document lacks, in the shape's order.
    pub fn missing<'s>(
        &'s self,
        present: impl Fn(&str) -> bool + 's,
    ) -> impl Iterator<Item = &'a str> + 's {
        self.required.iter().copied().filter(move |k| !present(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_in_a_constant_and_tells_what_is_missing() {
        const SHAPE: StateShape<'static> = StateShape::new(&["a", "b"])
            .required(&["x", "y", "z"])
            .references(&["y"]);
        assert!(SHAPE.reads("b") && !SHAPE.reads("c"));
        assert_eq!(SHAPE.references, ["y"]);
        let missing: Vec<&str> = SHAPE.missing(|k| k == "y").collect();
        assert_eq!(missing, ["x", "z"]);
        assert_eq!(StateShape::new(&["a"]).missing(|_| false).count(), 0);
    }
}
