//! Expectations: what a state file's author agreed its report says, written in the file's own
//! `[expect]` table, so that a folder of positions is a regression suite (`victory test`,
//! `docs/suites.md`).
//!
//! Each engine declares its expectation keys once, as data ([`ExpectKey`]): the key, the field
//! of the report's JSON it reads (a JSON Pointer) and how ([`Reading`]). Scoring ignores
//! `[expect]`; a tool that runs a suite scores the file, serializes the report and reads each
//! key's field through its [`Reading`]. Two keys every game has: [`PROBLEMS`] (a file that must
//! be refused, with the kinds of its problems in order) and [`JSON`] (any field, by its
//! pointer).
//!
//! An engine writes its `[expect]` table as a struct of its own, every field in view: its keys
//! with their TOML types, then `problems` and `json` (their schemas: [`problems_schema`],
//! [`json_schema`]); its test calls [`check_table`], which holds the struct's keys equal to its
//! [`ExpectKey`]s.
//!
//! ```
//! use wargame_kit::internal::expect::{ExpectKey, Reading};
//!
//! // A game whose report is `{"winner": "red" or null, "units": [{"id": .., "alive": ..}]}`.
//! const KEYS: &[ExpectKey] = &[
//!     ExpectKey::new("winner", "/winner", Reading::OrNone, "the winner, or `none`"),
//!     ExpectKey::new(
//!         "alive",
//!         "/units",
//!         Reading::Ids { id: "id", flag: "alive", is: true },
//!         "the ids of the units alive, in any order",
//!     ),
//! ];
//! assert_eq!(KEYS[0].pointer, "/winner");
//! ```

/// The word an expectation uses where the report has no value (`null`): TOML has no null.
pub const NONE: &str = "none";

/// The expectation every game has: the kinds of the file's problems, in order (`[]`: the file
/// is read and scored without a problem).
pub const PROBLEMS: &str = "problems";

/// The expectation every game has: `json = { "/json/pointer" = value }`, any field of the
/// report's JSON by its JSON Pointer (RFC 6901), checked against the report's JSON Schema.
pub const JSON: &str = "json";

/// One expectation key of a game: what it is called in `[expect]`, the field of the report's
/// JSON it reads, how, and what it pins, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExpectKey {
    /// The key in `[expect]` (`level`).
    pub key: &'static str,
    /// The JSON Pointer (RFC 6901) of the report field it reads (`/level`, `/us/total`).
    pub pointer: &'static str,
    /// How the field's value becomes the expectation's.
    pub reading: Reading,
    /// What it pins, in words (for `docs/suites.md` and tools).
    pub about: &'static str,
}

impl ExpectKey {
    /// The key `key`, reading the field at `pointer` by `reading`.
    pub const fn new(
        key: &'static str,
        pointer: &'static str,
        reading: Reading,
        about: &'static str,
    ) -> Self {
        ExpectKey {
            key,
            pointer,
            reading,
            about,
        }
    }
}

/// How an expectation reads its report field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The value at the pointer as it is: a string, a whole number, a boolean. A field the
    /// report does not have (under a `null`) has no value: an expectation of it fails.
    Value,
    /// The value at the pointer, or [`NONE`] where the report has `null` there or on the way
    /// to it (`/automatic_victory/kind` of no automatic victory).
    OrNone,
    /// The pointer names an array of objects: the set of the string field `id` of the items
    /// whose boolean field `flag` is `is`, compared as a set (written sorted).
    Ids {
        /// The field naming an item (`unit`).
        id: &'static str,
        /// The boolean field that picks the items (`traced`).
        flag: &'static str,
        /// The value of `flag` picked.
        is: bool,
    },
}

/// Check that an engine's `[expect]` table `T` (a struct read with `deny_unknown_fields`)
/// takes exactly the keys the runner reads, `keys` in their order, then [`PROBLEMS`] and
/// [`JSON`]: the table's TOML types and the report fields its keys read are declared apart, so
/// each engine's tests call this to hold them together. The error says which keys the table
/// takes.
///
/// ```
/// use wargame_kit::internal::expect::{ExpectKey, Reading, check_table};
///
/// #[derive(serde::Deserialize)]
/// #[serde(deny_unknown_fields)]
/// #[allow(dead_code)]
/// struct Expect {
///     winner: Option<String>,
///     problems: Option<Vec<String>>,
///     json: Option<wargame_kit::toml::Table>,
/// }
/// const KEYS: &[ExpectKey] = &[ExpectKey::new("winner", "/winner", Reading::OrNone, "the winner")];
/// assert_eq!(check_table::<Expect>(KEYS), Ok(()));
///
/// const MORE: &[ExpectKey] = &[
///     ExpectKey::new("winner", "/winner", Reading::OrNone, "the winner"),
///     ExpectKey::new("turn", "/turn", Reading::Value, "the turn"),
/// ];
/// assert!(check_table::<Expect>(MORE).is_err());
/// ```
pub fn check_table<T: serde::de::DeserializeOwned>(keys: &[ExpectKey]) -> Result<(), String> {
    let expected = (keys.iter().map(|k| k.key))
        .chain([PROBLEMS, JSON])
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match toml::from_str::<T>("not-a-key = 1") {
        Ok(_) => Err("the table takes a key `not-a-key`: it must refuse unknown keys".into()),
        Err(e)
            if e.to_string()
                .contains(&format!("expected one of {expected}\n")) =>
        {
            Ok(())
        }
        Err(e) => Err(format!("the table must take {expected}: {e}")),
    }
}

/// The JSON Schema of the `json` expectation: a table whose keys are JSON Pointers into the
/// report and whose values are any TOML value (`"none"` for `null`), for a state schema's
/// `[expect]`.
#[cfg(feature = "schema")]
pub fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "description": "Any field of the report's JSON (`victory score --format json`, without `game` and `file`), by its JSON Pointer: `\"/margins/us/vp\" = 5`. Each pointer must name a field of the report's JSON Schema (`victory schema GAME --report`); `null` is written \"none\".",
        "propertyNames": { "pattern": "^(/.*)?$" },
        "additionalProperties": true
    })
}

/// The JSON Schema of the `problems` expectation, for a state schema's `[expect]`.
#[cfg(feature = "schema")]
pub fn problems_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "array",
        "items": { "type": "string" },
        "description": "The file must be refused with problems of these kinds, in order (`victory check --format json` gives each problem's `kind`); `[]`: it must be read and scored without a problem. The other expectations are then not read."
    })
}
