//! The profile file's shape, as serde reads it: every table and key of docs/vassal.md's
//! "Writing a profile".

use std::collections::BTreeMap;

use serde::Deserialize;

/// A whole profile file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProfileSpec {
    /// The state's `game`.
    pub game: String,
    /// What no piece holds, copied into the state as it is.
    #[serde(default)]
    pub state: toml::Table,
    /// Where the pieces in play lie.
    pub board: Option<BoardSpec>,
    /// Groups of pieces, each piece one entry of a state array.
    #[serde(default)]
    pub pieces: Vec<PiecesSpec>,
    /// Markers, each giving one value (or, with `many`, one per piece).
    #[serde(default)]
    pub markers: Vec<MarkerSpec>,
    /// Counts of pieces.
    #[serde(default)]
    pub counts: Vec<CountSpec>,
    /// Tables of values in files beside the profile, by name.
    #[serde(default)]
    pub tables: BTreeMap<String, TableSpec>,
}

/// `[board]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardSpec {
    /// The VASSAL map's id (its name).
    pub map: String,
    /// The zone of that map holding the grid, when the hexes are in a zone.
    pub zone: Option<String>,
}

/// `[[pieces]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PiecesSpec {
    /// The state's array of tables each selected piece becomes an entry of.
    pub into: String,
    /// Which pieces.
    pub select: SelectSpec,
    /// Each field of an entry and where it is read.
    pub fields: BTreeMap<String, ReadSpec>,
    /// A selection of no piece is not an error (an empty dead pile).
    #[serde(default)]
    pub may_be_empty: bool,
}

/// `[[markers]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MarkerSpec {
    /// The state key the marker sets: fixed, or read from the piece (its face, its hex).
    pub key: KeySpec,
    /// Which piece.
    pub select: SelectSpec,
    /// Its value.
    pub value: ReadSpec,
    /// No piece selected is not an error (the key is then not set).
    #[serde(default)]
    pub optional: bool,
    /// Every piece selected sets a value (at different keys).
    #[serde(default)]
    pub many: bool,
}

/// `[[counts]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CountSpec {
    /// The state key set to the count.
    pub key: String,
    /// Which pieces are counted.
    pub select: SelectSpec,
}

/// A marker's key: a key path, or read from the piece.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum KeySpec {
    /// A key path (`vp_marker.allied_crusade`).
    Fixed(String),
    /// Read from the piece (`{ layer = "Face", values = { ... } }`).
    Read(Box<ReadSpec>),
}

/// `select = { ... }`: every condition given must hold.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SelectSpec {
    /// `"board"`: on `[board]`'s map (and zone), in no other zone.
    pub on: Option<String>,
    /// On this VASSAL map.
    pub map: Option<String>,
    /// In this zone.
    pub zone: Option<String>,
    /// Uses this prototype (or one of these): named by the save, or recovered from the
    /// palette entry it was placed from.
    pub prototype: Option<OneOrMany>,
    /// Placed from this palette entry (or one of these): its name or its path
    /// (`Pieces / Allies / 1st Inf`), recovered exactly or approximately (not when ambiguous).
    pub slot: Option<OneOrMany>,
    /// Named exactly so.
    pub name: Option<String>,
    /// Its name contains this.
    pub name_contains: Option<String>,
    /// These properties have these values.
    #[serde(default)]
    pub property: BTreeMap<String, String>,
}

/// Where a value is read: exactly one source, then the modifiers in order (`word`, `values`,
/// `format`, `as`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReadSpec {
    /// The piece's name as VASSAL shows it.
    pub name: Option<bool>,
    /// The piece's id in the save (VASSAL's, unique in a game: for modules whose names repeat).
    pub piece_id: Option<bool>,
    /// A value looked up in a table of the profile's (`[tables]`), by several reads at once.
    pub lookup: Option<LookupSpec>,
    /// A property of the piece.
    pub property: Option<String>,
    /// A layer's level (1 for the first).
    pub layer: Option<String>,
    /// The first of the piece's prototypes listed here, and its value.
    pub prototype: Option<BTreeMap<String, toml::Value>>,
    /// The piece's location as VASSAL shows it (`true`), or its value by location.
    pub location: Option<LocationSpec>,
    /// A fixed value.
    pub value: Option<toml::Value>,
    /// The Nth whitespace-separated word (1 the first, -1 the last).
    pub word: Option<i64>,
    /// The value by the text read: a text not listed is an error.
    pub values: Option<BTreeMap<String, toml::Value>>,
    /// The text put in place of `{}` in this format.
    pub format: Option<String>,
    /// `"integer"`: the text read as a whole number.
    #[serde(rename = "as")]
    pub as_: Option<String>,
    /// The piece may lack what the read names: the field is then left out.
    #[serde(default)]
    pub optional: bool,
}

/// `lookup = { table = "counters", by = { counter = { name = true }, step = { layer = "Step" } },
/// column = "rating" }`: the value in `column` of the one row of the table whose columns named
/// in `by` hold what those reads give.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LookupSpec {
    /// The table (a key of `[tables]`).
    pub table: String,
    /// Each key column of the table and the read that gives its value.
    pub by: BTreeMap<String, ReadSpec>,
    /// The column whose value the lookup gives.
    pub column: String,
}

/// `[tables.NAME]`: a table of values in a file beside the profile.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TableSpec {
    /// The file (relative to the profile): CSV with a header row, or TOML with `rows`, an
    /// array of tables.
    pub file: String,
}

/// `location = true`, or `location = { "VP 2" = "2", ... }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum LocationSpec {
    /// The location as VASSAL shows it.
    Shown(bool),
    /// The value by location.
    Values(BTreeMap<String, toml::Value>),
}

/// One name, or a list of them (any of which will do).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum OneOrMany {
    /// One name.
    One(String),
    /// Any of these.
    Many(Vec<String>),
}

impl OneOrMany {
    /// The names.
    pub fn names(&self) -> &[String] {
        match self {
            OneOrMany::One(n) => std::slice::from_ref(n),
            OneOrMany::Many(v) => v,
        }
    }
}
