//! Profiles: a small TOML file saying what a module's pieces mean for a game's rules, so that a
//! saved game becomes that game's state file without a line of Rust.
//!
//! The crate knows no game and no engine: a profile maps pieces to the keys of a state document
//! (TOML), and an engine reads that document as it reads any state file. The engine gives what
//! its state needs as plain data ([`StateShape`], the kit's: its games, the keys no state can
//! lack, the keys naming other files); the caller composes the two ([`Imported::read_state`]).
//! A profile has:
//!
//! - `game`, and `[state]`: what no piece holds, copied into the state as it is;
//! - `[board]`: the VASSAL map (and zone) where the pieces in play lie;
//! - `[[pieces]]`: each piece selected becomes one entry of a state array (`into = "units"`),
//!   its fields read from the piece ([`Read`](self#reading-a-value));
//! - `[[markers]]`: the one piece selected sets one state key (`vp_marker.allied_crusade`),
//!   its key and value read from the piece (its face, its location on a track);
//! - `[[counts]]`: how many pieces are selected, at a state key.
//!
//! # Reading a value
//!
//! Exactly one source: `name = true` (the name as VASSAL shows it), `property = "P"`,
//! `layer = "L"` (the level, 1 for the first), `prototype = { P = value, ... }` (the first of
//! the piece's prototypes listed), `location = true` (as VASSAL shows it: a hex `2215`, a
//! zone) or `location = { "VP 2" = "2", ... }` (the value by location), `value = ...` (fixed).
//! Then, in order: `word = N` (the Nth word, -1 the last), `values = { text = value }` (a text
//! not listed is an error), `format = "...{}..."`, `as = "integer"`. A field of `[[pieces]]`
//! marked `optional = true` is left out of an entry whose piece lacks what it names.
//!
//! ```
//! use vassal::profile::Profile;
//! use vassal::{BoardSizes, Module, Options, Save};
//! use wargame_kit::shape::StateShape;
//!
//! let build_file = r#"<VASSAL.build.GameModule name="Demo" version="1" VassalVersion="3.7.9">
//!   <VASSAL.build.module.Map mapName="Main">
//!     <VASSAL.build.module.map.BoardPicker>
//!       <VASSAL.build.module.map.boardPicker.Board name="Board" width="600" height="400">
//!         <VASSAL.build.module.map.boardPicker.board.HexGrid dx="56" dy="64" x0="0" y0="32">
//!           <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering/>
//!         </VASSAL.build.module.map.boardPicker.board.HexGrid>
//!       </VASSAL.build.module.map.boardPicker.Board>
//!     </VASSAL.build.module.map.BoardPicker>
//!   </VASSAL.build.module.Map>
//! </VASSAL.build.GameModule>"#;
//! let module = Module::from_build_file(build_file, "buildFile.xml", &BoardSizes::new()).unwrap();
//! let text = vassal::write::SaveText::new()
//!     .boards("Main", &[("Board", 0, 0)])
//!     .piece("p1", "1st Inf 4-4", "Main", 112, 96, &[("mark;Side", "Blue")])
//!     .finish();
//! let save = Save::from_bytes(text.as_bytes(), "game.vsav").unwrap();
//! let profile = Profile::from_toml_str(r#"
//! game = "demo"
//! [board]
//! map = "Main"
//! [[pieces]]
//! into = "units"
//! select = { on = "board" }
//! fields = { id = { name = true, word = 1 }, rating = { name = true, word = -1 }, side = { property = "Side", values = { Blue = "us" } }, hex = { location = true } }
//! "#, Some("demo.profile.toml")).unwrap();
//! let shape = StateShape::new(&["demo"]);
//! let imported = profile.import(&module, &save, &Options::default(), &shape).unwrap();
//! assert!(imported.text.contains("id = \"1st\""));
//! assert!(imported.text.contains("hex = \"0302\""));
//! assert_eq!(imported.origins[0].key, "units[0]");
//! ```

mod document;
mod draft;
mod nearby;
mod origin;
mod proposal;
mod read;
mod spec;
mod table;

use std::cell::Cell;
use std::collections::BTreeSet;
use std::ops::Range;

use wargame_kit::Source;
use wargame_kit::internal::{Locator, read_and_check};
use wargame_kit::shape::StateShape;

use crate::error::ErrorKind;
use crate::{Error, Module, Options, Piece, Save};
use wargame_kit::resolve::Resolver;

pub use draft::draft;
pub use origin::{Origin, PieceRef};
pub use proposal::{draft_from_save, draft_from_save_for};

use spec::{KeySpec, ProfileSpec, ReadSpec, SelectSpec};

/// A profile, read and its shape checked (its names are checked against a module and a save
/// by [`Profile::import`]).
#[derive(Clone, Debug)]
pub struct Profile {
    spec: ProfileSpec,
    text: String,
    name: Option<String>,
    /// The tables of `[tables]`, once loaded ([`Profile::with_tables`]).
    tables: read::Tables,
}

/// A state made from a save by a profile: its TOML text (each value with a comment naming the
/// piece it came from) and where each value came from.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Imported {
    /// The state document.
    pub text: String,
    /// Where each value came from, in the document's order.
    pub origins: Vec<Origin>,
    /// The log step replayed to and the save's steps.
    pub step: (usize, usize),
    /// The save's and module's warnings, and pieces the profile could not see (masked).
    pub warnings: Vec<crate::Warning>,
    /// How many pieces each entry of the profile took, in the profile's order (`pieces[0]`,
    /// `markers[1]`, `counts[0]`, ...).
    pub taken: Vec<(String, usize)>,
    /// The profile's name, as given.
    pub profile: Option<String>,
    /// The profile's text, for locating a problem the state's reader finds.
    profile_text: String,
    /// The top-level keys naming other files (the shape's `references`).
    references: Vec<String>,
}

impl Profile {
    /// Read a profile (`name` is used in messages): every shape problem, located.
    pub fn from_toml_str(text: &str, name: Option<&str>) -> Result<Profile, Error> {
        let source = Source::new(name, text);
        if text.len() > crate::limits::MAX_PROFILE_BYTES {
            let d = wargame_kit::Diagnostic::new(
                ErrorKind::Limit,
                format!(
                    "the profile is larger than {} bytes, the reader's limit (vassal::limits::MAX_PROFILE_BYTES); real profiles are a few kilobytes",
                    crate::limits::MAX_PROFILE_BYTES
                ),
            );
            return Err(Error::new(vec![source.at(d, Some(0..0))]));
        }
        let spec = read_and_check::<ProfileSpec, _, _>(source, ErrorKind::Profile, "", |spec| {
            check_shape(&spec, source).map(|()| spec)
        })?;
        Ok(Profile {
            spec,
            text: text.to_string(),
            name: name.map(str::to_string),
            tables: read::Tables::default(),
        })
    }

    /// The profile with the tables its `[tables]` names loaded through `resolver` (each file
    /// relative to the profile): CSV (a header row naming the columns) or TOML (`rows`, an array
    /// of tables). Every problem is located at the table's `file` in the profile: a file that
    /// cannot be loaded or read, a column a `lookup` names that the table lacks.
    ///
    /// ```
    /// use vassal::profile::Profile;
    /// use wargame_kit::resolve::MemoryResolver;
    /// let profile = Profile::from_toml_str(r#"
    /// game = "demo"
    /// [tables.counters]
    /// file = "counters.csv"
    /// [[pieces]]
    /// into = "units"
    /// select = { map = "Main" }
    /// fields = { rating = { lookup = { table = "counters", by = { counter = { name = true } }, column = "rating" } } }
    /// "#, Some("demo.profile.toml")).unwrap();
    /// let files = MemoryResolver::default().with("counters.csv", "counter,rating\nTank,4-4-6\n");
    /// assert!(profile.with_tables(&files).is_ok());
    /// let missing = MemoryResolver::default().with("counters.csv", "counter,strength\nTank,4\n");
    /// let e = profile.with_tables(&missing).unwrap_err();
    /// assert!(e.to_string().contains("has no column `rating`"));
    /// ```
    pub fn with_tables(&self, resolver: &dyn Resolver) -> Result<Profile, Error> {
        let (files, by_name, mut found) = self.load_tables(resolver);
        // The columns each table is looked up by and read from, and where.
        let mut named: std::collections::BTreeMap<&str, Vec<(&String, String)>> =
            std::collections::BTreeMap::new();
        for (key, r) in self.spec.reads() {
            let Some(l) = &r.lookup else { continue };
            for column in l.by.keys().chain([&l.column]) {
                named
                    .entry(l.table.as_str())
                    .or_default()
                    .push((column, format!("{key}.lookup")));
            }
        }
        for (table, columns) in &named {
            let Some((file, t)) = by_name.get(*table).and_then(|&i| files.get(i)) else {
                continue;
            };
            if !columns.iter().any(|(c, _)| t.column(c).is_some()) {
                // Not the table the profile names (a file of something else): nothing of it
                // is shown, not even its first line.
                let mut wanted: Vec<&str> = columns.iter().map(|(c, _)| c.as_str()).collect();
                wanted.sort_unstable();
                wanted.dedup();
                let expected = match self.spec.tables.get(*table) {
                    Some(spec) if table::is_toml(&spec.file) => table::TOML_EXPECTED,
                    _ => table::CSV_EXPECTED,
                };
                let d = wargame_kit::Diagnostic::new(
                    ErrorKind::Profile,
                    format!(
                        "table `{}` ({}) is not the table expected ({expected}): it has none \
                         of the columns the profile looks up ({})",
                        wargame_kit::terminal::one_line(table),
                        wargame_kit::terminal::one_line(file),
                        table::listed(&wanted)
                    ),
                )
                .key(format!("tables.{}.file", quoted_key(table)));
                found.push(d);
                continue;
            }
            for (column, key) in columns {
                if t.column(column).is_none() {
                    let d = wargame_kit::Diagnostic::new(
                        ErrorKind::Profile,
                        format!(
                            "table `{}` has no column `{}` (its columns: {})",
                            wargame_kit::terminal::one_line(table),
                            wargame_kit::terminal::one_line(column),
                            t.columns_listed()
                        ),
                    )
                    .key(key.clone());
                    found.push(d);
                }
            }
        }
        if !found.is_empty() {
            return Err(located(self.source(), found));
        }
        let mut loaded = self.clone();
        let files = files.into_iter().map(|(_, t)| t).collect();
        loaded.tables = read::Tables::new(files, by_name);
        Ok(loaded)
    }

    /// The files of `[tables]`, each read and parsed once however many tables name it (by the
    /// reference as written, then by the document it resolves to), with the name it was read
    /// under; each table's file; the problems of those that cannot be loaded or read.
    fn load_tables(&self, resolver: &dyn Resolver) -> LoadedTables {
        let mut files: Vec<(String, std::sync::Arc<table::Table>)> = Vec::new();
        let mut by_name = std::collections::BTreeMap::new();
        let mut found = Vec::new();
        // A reference's file, or why not: the document's name and the reason.
        let mut by_reference: std::collections::HashMap<
            &str,
            Result<usize, (Option<String>, String)>,
        > = std::collections::HashMap::new();
        let mut by_document: std::collections::HashMap<String, usize> =
            std::collections::HashMap::new();
        for (name, spec) in &self.spec.tables {
            let loaded = by_reference
                .entry(spec.file.as_str())
                .or_insert_with(|| {
                    let doc = resolver
                        .resolve(&spec.file, self.name.as_deref())
                        .map_err(|e| (None, e.to_string()))?;
                    if let Some(&i) = by_document.get(&doc.name) {
                        return Ok(i);
                    }
                    let t = table::Table::parse(&spec.file, &doc.text)
                        .map_err(|m| (Some(doc.name.clone()), m))?;
                    files.push((doc.name.clone(), std::sync::Arc::new(t)));
                    by_document.insert(doc.name, files.len() - 1);
                    Ok(files.len() - 1)
                })
                .clone();
            match loaded {
                Ok(i) => {
                    by_name.insert(name.clone(), i);
                }
                Err((document, m)) => {
                    let m = match document {
                        Some(d) => {
                            format!(
                                "table `{}` ({d}): {m}",
                                wargame_kit::terminal::one_line(name)
                            )
                        }
                        None => m,
                    };
                    let key = format!("tables.{}.file", quoted_key(name));
                    found.push(wargame_kit::Diagnostic::new(ErrorKind::Profile, m).key(key));
                }
            }
        }
        (files, by_name, found)
    }

    /// The profile's `game`.
    pub fn game(&self) -> &str {
        &self.spec.game
    }

    /// The profile's name, as given.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn source(&self) -> Source<'_> {
        Source::new(self.name.as_deref(), &self.text)
    }

    /// Turn a save's pieces (replayed as `options` say) into a state for a game of `shape`.
    ///
    /// Errors, each naming the profile's key and the piece: a map, zone, prototype, layer or
    /// property the module and save lack (with "did you mean"), two pieces claiming one
    /// marker, a value that cannot be read from what the profile names, a location the profile
    /// gives no value for, a required key with no source, a `game` the engine does not read.
    pub fn import(
        &self,
        module: &Module,
        save: &Save,
        options: &Options,
        shape: &StateShape<'_>,
    ) -> Result<Imported, Error> {
        self.check_game(shape)?;
        if let Some(name) = self.spec.tables.keys().find(|t| !self.tables.contains(t)) {
            let d = wargame_kit::Diagnostic::new(
                ErrorKind::Profile,
                format!(
                    "the table `{}` is not loaded: read the profile's tables first (Profile::with_tables)",
                    wargame_kit::terminal::one_line(name)
                ),
            )
            .key(format!("tables.{}", quoted_key(name)));
            return Err(located(self.source(), vec![d]));
        }
        if let Some(keys) = self.spec.settable() {
            self.check_required(shape, &keys, &[])?;
        }
        let pieces = crate::read_pieces(module, save, options)?;
        self.check_names(module, &pieces.pieces)?;
        let built = document::build(
            &self.spec,
            &self.tables,
            self.source(),
            module,
            &pieces.pieces,
        )
        .map_err(|found| located(self.source(), found))?;
        self.check_required(shape, &built.set, &built.taken)?;
        let mut warnings = pieces.warnings;
        warnings.extend(hidden_warning(&pieces.pieces, pieces.invisible));
        Ok(Imported {
            text: built.text,
            origins: built.origins,
            step: (pieces.step, pieces.steps),
            warnings,
            taken: built.taken,
            profile: self.name.clone(),
            profile_text: self.text.clone(),
            references: shape.references.iter().map(|s| s.to_string()).collect(),
        })
    }

    fn check_game(&self, shape: &StateShape<'_>) -> Result<(), Error> {
        if shape.reads(&self.spec.game) {
            return Ok(());
        }
        let d = wargame_kit::Diagnostic::new(
            ErrorKind::Profile,
            format!(
                "this profile is for `{}`, not a game this engine reads ({})",
                wargame_kit::terminal::one_line(&self.spec.game),
                shape.games.join(", ")
            ),
        )
        .key("game");
        Err(Error::new(vec![self.source().at(d, None)]))
    }

    /// Every required key has a source. With `taken` (what each entry took, once the pieces
    /// are read), a key whose entries selected no piece is told at those entries.
    fn check_required(
        &self,
        shape: &StateShape<'_>,
        set: &BTreeSet<String>,
        taken: &[(String, usize)],
    ) -> Result<(), Error> {
        let at = Locator::new(self.source());
        let first = |path: &str| {
            path.split(['.', '['])
                .next()
                .unwrap_or_default()
                .to_string()
        };
        let missing: Vec<_> = shape
            .missing(|k| set.contains(k))
            .map(|k| {
                // The entries that would have set it, and selected nothing.
                let empty: Vec<&str> = self
                    .spec
                    .markers
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| matches!(&m.key, KeySpec::Fixed(key) if first(key) == k))
                    .map(|(i, _)| format!("markers[{i}]"))
                    .chain(
                        self.spec
                            .pieces
                            .iter()
                            .enumerate()
                            .filter(|(_, p)| first(&p.into) == k)
                            .map(|(i, _)| format!("pieces[{i}]")),
                    )
                    .filter_map(|entry| {
                        taken
                            .iter()
                            .find(|(e, n)| *e == entry && *n == 0)
                            .map(|(e, _)| e.as_str())
                    })
                    .collect();
                if let Some(entry) = empty.first() {
                    let d = wargame_kit::Diagnostic::new(
                        ErrorKind::NoSource,
                        format!(
                            "the state needs `{k}`, which {entry} gives, and {entry} selected no piece of the save"
                        ),
                    )
                    .key(format!("{entry}.select"))
                    .help(format!(
                        "select the piece that gives `{k}` (`victory vassal pieces` lists them), or put `{k}` in [state]"
                    ));
                    return at.at(d, None);
                }
                let d = wargame_kit::Diagnostic::new(
                    ErrorKind::NoSource,
                    format!(
                        "the state needs `{k}`, and the profile gives it no source"
                    ),
                )
                .key(format!("state.{k}"))
                .help(format!(
                    "put `{k}` in [state], or read it from a piece ([[markers]] with key = \"{k}...\")"
                ));
                at.at(d, Some(0..0))
            })
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(Error::new(missing))
        }
    }

    /// Every map, zone, prototype, layer and property the profile names exists.
    fn check_names(&self, module: &Module, pieces: &[Piece]) -> Result<(), Error> {
        let known = Known::of(module, pieces);
        let mut found = Vec::new();
        // A name is looked for among every name the save shows and every word of the module,
        // for each entry that names one: as much as the entry's selection will look at, within
        // the same budget.
        let input = pieces
            .iter()
            .map(crate::piece::held)
            .fold(self.text.len(), usize::saturating_add);
        let naming = self
            .spec
            .selects()
            .iter()
            .filter(|(_, s)| s.name.is_some() || s.name_contains.is_some())
            .count();
        let steps =
            naming.saturating_mul(known.names.len().saturating_add(known.words.sorted.len()));
        let most = crate::limits::selection_budget(input);
        if steps > most {
            let d = wargame_kit::Diagnostic::new(
                ErrorKind::Limit,
                format!(
                    "the profile's entries naming pieces would look at more than {most} names in all, each entry every name of the save and the module (the reader's budget, vassal::limits::selection_budget): write fewer entries"
                ),
            );
            return Err(located(self.source(), vec![d]));
        }
        if let Some(board) = &self.spec.board {
            found.extend(known.map("board.map", &board.map));
            if let Some(z) = &board.zone {
                found.extend(known.zone("board.zone", z));
            }
        }
        for (key, select) in self.spec.selects() {
            found.extend(known.select(&key, select));
        }
        for (key, read) in self.spec.reads() {
            found.extend(known.read(&key, read));
        }
        if found.is_empty() {
            return Ok(());
        }
        Err(located(self.source(), found))
    }
}

impl ProfileSpec {
    /// The top-level keys the profile may set, when they are known before any piece is read
    /// (a marker whose key is read from its piece may set any): for a required key the profile
    /// cannot give, refused before the save is read.
    fn settable(&self) -> Option<BTreeSet<String>> {
        if self
            .markers
            .iter()
            .any(|m| matches!(m.key, KeySpec::Read(_)))
        {
            return None;
        }
        let first = |path: &str| {
            path.split(['.', '['])
                .next()
                .unwrap_or_default()
                .to_string()
        };
        let mut keys: BTreeSet<String> = self.state.keys().cloned().collect();
        keys.insert("game".into());
        keys.extend(self.pieces.iter().map(|p| first(&p.into)));
        keys.extend(self.markers.iter().filter_map(|m| match &m.key {
            KeySpec::Fixed(k) => Some(first(k)),
            KeySpec::Read(_) => None,
        }));
        keys.extend(self.counts.iter().map(|c| first(&c.key)));
        Some(keys)
    }

    /// Every `select`, with its key path.
    fn selects(&self) -> Vec<(String, &SelectSpec)> {
        let s = self;
        let pieces = s.pieces.iter().enumerate();
        let markers = s.markers.iter().enumerate();
        let counts = s.counts.iter().enumerate();
        pieces
            .map(|(i, p)| (format!("pieces[{i}].select"), &p.select))
            .chain(markers.map(|(i, m)| (format!("markers[{i}].select"), &m.select)))
            .chain(counts.map(|(i, c)| (format!("counts[{i}].select"), &c.select)))
            .collect()
    }

    /// Every read, with its key path (the reads of a lookup's `by` too).
    fn reads(&self) -> Vec<(String, &ReadSpec)> {
        let mut out = self.top_reads();
        let mut i = 0;
        while i < out.len() {
            let (key, r) = (out[i].0.clone(), out[i].1);
            if let Some(l) = &r.lookup {
                for (column, by) in &l.by {
                    out.push((format!("{key}.lookup.by.{}", quoted_key(column)), by));
                }
            }
            i += 1;
        }
        out
    }

    /// The reads of fields, markers' values and keys.
    fn top_reads(&self) -> Vec<(String, &ReadSpec)> {
        let mut out = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            for (f, r) in &p.fields {
                out.push((format!("pieces[{i}].fields.{f}"), r));
            }
        }
        for (i, m) in self.markers.iter().enumerate() {
            out.push((format!("markers[{i}].value"), &m.value));
            if let KeySpec::Read(r) = &m.key {
                out.push((format!("markers[{i}].key"), r));
            }
        }
        out
    }
}

/// A warning for the pieces a profile cannot see (masked, face down, on another side's
/// private window, invisible): how many, nothing more.
fn hidden_warning(pieces: &[Piece], invisible: usize) -> Option<crate::Warning> {
    // A piece withheld for its size is named by the reader's own warning.
    let hidden = pieces
        .iter()
        .filter(|p| p.name.is_none() && p.hidden != Some(crate::Hidden::OverLimit))
        .count()
        + invisible;
    (hidden > 0).then(|| {
        crate::error::diag(
            ErrorKind::Profile,
            format!(
                "{hidden} hidden piece(s) were not read: masked, face down, invisible or on a private window of another side (give your side to read your own windows; reveal them to read your own save)"
            ),
        )
    })
}

/// The shape checks serde cannot make: one source per read, a key path that parses.
fn check_shape(spec: &ProfileSpec, source: Source<'_>) -> Result<(), Error> {
    let mut found = Vec::new();
    for (key, read) in spec.reads() {
        if let Err(message) = read::check(read) {
            found.push(wargame_kit::Diagnostic::new(ErrorKind::Profile, message).key(key));
        }
    }
    if spec.tables.len() > crate::limits::MAX_PROFILE_TABLES {
        found.push(
            wargame_kit::Diagnostic::new(
                ErrorKind::Limit,
                format!(
                    "the profile names {} tables, more than {} (the reader's limit, vassal::limits::MAX_PROFILE_TABLES)",
                    spec.tables.len(),
                    crate::limits::MAX_PROFILE_TABLES
                ),
            )
            .key("tables"),
        );
    }
    let tables: Vec<String> = spec.tables.keys().cloned().collect();
    let steps = Cell::new(wargame_kit::internal::NEAREST_STEPS);
    for (key, read) in spec.reads() {
        if let Some(l) = &read.lookup
            && !spec.tables.contains_key(&l.table)
        {
            found.extend(unknown(
                "table",
                &tables,
                &format!("{key}.lookup.table"),
                &l.table,
                &steps,
            ));
        }
    }
    for (i, p) in spec.pieces.iter().enumerate() {
        if let Err(m) = document::parse_path(&p.into) {
            found.push(
                wargame_kit::Diagnostic::new(ErrorKind::Profile, m)
                    .key(format!("pieces[{i}].into")),
            );
        }
    }
    for (i, m) in spec.markers.iter().enumerate() {
        if let KeySpec::Fixed(k) = &m.key
            && let Err(e) = document::parse_path(k)
        {
            found.push(
                wargame_kit::Diagnostic::new(ErrorKind::Profile, e)
                    .key(format!("markers[{i}].key")),
            );
        }
    }
    for (i, c) in spec.counts.iter().enumerate() {
        if let Err(e) = document::parse_path(&c.key) {
            found.push(
                wargame_kit::Diagnostic::new(ErrorKind::Profile, e).key(format!("counts[{i}].key")),
            );
        }
    }
    for (key, select) in spec.selects() {
        if select.on.as_deref().is_some_and(|o| o != "board") {
            found.push(
                wargame_kit::Diagnostic::new(ErrorKind::Profile, "`on` takes only \"board\" (the [board] map and zone); name another map with `map`")
                    .key(format!("{key}.on")),
            );
        } else if select.on.is_some() && spec.board.is_none() {
            found.push(
                wargame_kit::Diagnostic::new(
                    ErrorKind::Profile,
                    "`on = \"board\"` needs a [board] table naming the map",
                )
                .key(format!("{key}.on")),
            );
        }
    }
    if found.is_empty() {
        Ok(())
    } else {
        Err(located(source, found))
    }
}

/// Diagnostics located in a profile's text by their keys, the text parsed once for all of them.
pub(crate) fn located(source: Source<'_>, found: Vec<wargame_kit::Diagnostic<ErrorKind>>) -> Error {
    let at = Locator::new(source);
    Error::new(found.into_iter().map(|d| at.at(d, None)).collect())
}

/// What a module and a save have, to check a profile's names against.
struct Known<'a> {
    maps: Vec<String>,
    zones: Vec<String>,
    /// The boards of the module's maps (the values of `CurrentBoard`).
    boards: Vec<String>,
    prototypes: Vec<String>,
    /// The palette entries' names and paths.
    slots: Vec<String>,
    /// The same, each with the slots (entries of the same traits) carrying it.
    slot_names: crate::palette::SlotNames,
    layers: Vec<String>,
    properties: Vec<String>,
    /// The names of the pieces the save shows and of the module's palette entries, sorted,
    /// each once.
    names: Vec<&'a str>,
    /// Each property's values on the pieces the save shows, sorted, each once.
    values: std::collections::BTreeMap<&'a str, Vec<&'a str>>,
    /// The words of the module's piece definitions (palette entries and prototypes): where a
    /// name, a property or a value may be defined before any piece of a save has it.
    words: Words<'a>,
    /// What the "did you mean"s of the check may still spend, all of them together
    /// ([`NEAREST_STEPS`](wargame_kit::internal::NEAREST_STEPS)).
    steps: Cell<usize>,
}

/// The words of a text (runs of letters and digits), each once: looked up whole, or as the
/// start or the end of a word (a `name_contains` cut inside a word). Built in one pass;
/// each look-up costs the length of what is looked up and a binary search.
struct Words<'a> {
    sorted: Vec<&'a str>,
    /// Each word reversed, sorted: what a word ends with.
    reversed: Vec<String>,
}

impl<'a> Words<'a> {
    fn of(texts: impl Iterator<Item = &'a str>) -> Words<'a> {
        let mut sorted: Vec<&str> = texts.flat_map(words).collect();
        sorted.sort_unstable();
        sorted.dedup();
        let mut reversed: Vec<String> = sorted.iter().map(|w| w.chars().rev().collect()).collect();
        reversed.sort_unstable();
        Words { sorted, reversed }
    }

    fn has(&self, word: &str) -> bool {
        self.sorted.binary_search(&word).is_ok()
    }

    fn starts(&self, start: &str) -> bool {
        let i = self.sorted.partition_point(|w| *w < start);
        self.sorted.get(i).is_some_and(|w| w.starts_with(start))
    }

    fn ends(&self, end: &str) -> bool {
        let end: String = end.chars().rev().collect();
        let i = self.reversed.partition_point(|w| *w < end);
        self.reversed.get(i).is_some_and(|w| w.starts_with(&end))
    }

    /// Whether every word of `text` is a word of the module's; with `cut`, the first may be
    /// the end of one and the last the start of one (a text cut out of a longer name). A
    /// text of no word (punctuation alone) is not looked up.
    fn hold(&self, text: &str, cut: bool) -> bool {
        let parts: Vec<&str> = words(text).collect();
        let last = parts.len().saturating_sub(1);
        let starts_inside = text.chars().next().is_some_and(char::is_alphanumeric);
        let ends_inside = text.chars().next_back().is_some_and(char::is_alphanumeric);
        parts.iter().enumerate().all(|(i, w)| {
            self.has(w)
                || (cut && i == 0 && starts_inside && self.ends(w))
                || (cut && i == last && ends_inside && self.starts(w))
                || (cut && last == 0 && starts_inside && ends_inside && self.inside(w))
        })
    }

    /// Whether some word holds `part` inside it (one word cut at both ends): a scan of the
    /// words, made only for a text of one word that no word starts or ends with.
    fn inside(&self, part: &str) -> bool {
        self.sorted.iter().any(|w| w.contains(part))
    }
}

/// The words of a text: its runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// The properties whose values are places: any hex, zone or point may be one, so a value no
/// piece has is no typo.
const PLACE_PROPERTIES: &[&str] = &[
    "LocationName",
    "CurrentX",
    "CurrentY",
    "OldLocationName",
    "OldX",
    "OldY",
    "OldMap",
    "OldBoard",
    "OldZone",
    "OldDeckName",
    "DeckName",
    "DeckPosition",
];

impl<'a> Known<'a> {
    fn of(module: &'a Module, pieces: &'a [Piece]) -> Known<'a> {
        let mut zones = Vec::new();
        for board in module.maps.iter().flat_map(|m| &m.boards) {
            if let Some(g) = &board.grid {
                g.zone_names(&mut zones);
            }
        }
        let set = |it: &mut dyn Iterator<Item = String>| -> Vec<String> {
            it.collect::<BTreeSet<_>>().into_iter().collect()
        };
        // Only what the save shows: a hidden piece's names and values never decide, nor
        // suggest, anything.
        let shown = || {
            pieces
                .iter()
                .filter(|p| p.name.is_some() && p.hidden.is_none())
        };
        let mut names: Vec<&str> = shown()
            .filter_map(|p| p.name.as_deref())
            .chain(module.palette.iter().map(|e| e.name.as_str()))
            .collect();
        names.sort_unstable();
        names.dedup();
        let mut values: std::collections::BTreeMap<&str, Vec<&str>> =
            std::collections::BTreeMap::new();
        for p in shown() {
            for (k, v) in &p.properties {
                values.entry(k.as_str()).or_default().push(v.as_str());
            }
        }
        for v in values.values_mut() {
            v.sort_unstable();
            v.dedup();
        }
        let definitions = module
            .prototypes
            .iter()
            .map(|p| p.definition.as_str())
            .chain(module.palette.iter().map(|e| e.definition.as_str()));
        Known {
            maps: set(&mut module
                .maps
                .iter()
                .flat_map(|m| [m.id.clone(), m.generated_id.clone()])),
            zones: set(&mut zones.into_iter()),
            boards: set(&mut module
                .maps
                .iter()
                .flat_map(|m| m.boards.iter().map(|b| b.name.clone()))),
            prototypes: set(&mut module.prototypes.iter().map(|p| p.name.clone())),
            slots: set(&mut module
                .palette
                .iter()
                .flat_map(|e| [e.name.clone(), e.path.clone()])),
            slot_names: crate::palette::SlotNames::of(module),
            layers: set(&mut shown().flat_map(|p| p.layers.iter().map(|l| l.name.clone()))),
            properties: set(&mut shown().flat_map(|p| p.properties.keys().cloned())),
            names,
            values,
            words: Words::of(definitions),
            steps: Cell::new(wargame_kit::internal::NEAREST_STEPS),
        }
    }

    fn map(&self, key: &str, name: &str) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
        unknown("map", &self.maps, key, name, &self.steps)
    }

    fn zone(&self, key: &str, name: &str) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
        unknown("zone", &self.zones, key, name, &self.steps)
    }

    fn property(&self, key: &str, name: &str) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
        if self.words.hold(name, false) && words(name).next().is_some() {
            return None;
        }
        unknown("property", &self.properties, key, name, &self.steps)
    }

    /// A name (`name`, or with `contains` a part of one, `name_contains`) that no piece of
    /// the save shows and no palette entry or piece definition of the module holds.
    fn name(
        &self,
        key: &str,
        name: &str,
        contains: bool,
    ) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
        let shown = if contains {
            self.names.iter().any(|n| n.contains(name))
        } else {
            self.names.binary_search(&name).is_ok()
        };
        if shown || (words(name).next().is_some() && self.words.hold(name, contains)) {
            return None;
        }
        let text = wargame_kit::terminal::one_line(name);
        let message = if contains {
            format!(
                "no piece of the save, and no palette entry or piece definition of the module, has a name containing `{text}`"
            )
        } else {
            format!(
                "no piece of the save, and no palette entry or piece definition of the module, is named `{text}`"
            )
        };
        let d = wargame_kit::Diagnostic::new(ErrorKind::Profile, message).key(key);
        Some(with_suggestion(d, name, &self.names, "names", &self.steps))
    }

    /// A property's value that no piece of the save has and the module defines nowhere.
    fn value(
        &self,
        key: &str,
        property: &str,
        value: &str,
    ) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
        let seen = self.values.get(property);
        if seen.is_some_and(|v| v.binary_search(&value).is_ok())
            || PLACE_PROPERTIES.contains(&property)
        {
            return None;
        }
        let domain = match property {
            "CurrentMap" => Some(&self.maps),
            "CurrentZone" => Some(&self.zones),
            "CurrentBoard" => Some(&self.boards),
            _ => None,
        };
        let defined = match domain {
            Some(d) => d.iter().any(|n| n == value),
            None => words(value).next().is_none() || self.words.hold(value, false),
        };
        if defined {
            return None;
        }
        let d = wargame_kit::Diagnostic::new(
            ErrorKind::Profile,
            format!(
                "no piece of the save has `{}` = `{}`, and the module defines no such value",
                wargame_kit::terminal::one_line(property),
                wargame_kit::terminal::one_line(value)
            ),
        )
        .key(key);
        let known: Vec<&str> = match domain {
            Some(d) => d.iter().map(String::as_str).collect(),
            None => seen.cloned().unwrap_or_default(),
        };
        Some(with_suggestion(d, value, &known, "values", &self.steps))
    }

    fn select(&self, key: &str, s: &SelectSpec) -> Vec<wargame_kit::Diagnostic<ErrorKind>> {
        let mut out: Vec<_> = [
            s.map
                .as_ref()
                .and_then(|m| self.map(&format!("{key}.map"), m)),
            s.zone
                .as_ref()
                .and_then(|z| self.zone(&format!("{key}.zone"), z)),
            s.name
                .as_ref()
                .and_then(|n| self.name(&format!("{key}.name"), n, false)),
            s.name_contains
                .as_ref()
                .and_then(|n| self.name(&format!("{key}.name_contains"), n, true)),
        ]
        .into_iter()
        .flatten()
        .collect();
        for (what, names, known) in [
            ("prototype", &s.prototype, &self.prototypes),
            ("slot", &s.slot, &self.slots),
        ] {
            let Some(names) = names else { continue };
            let many = names.names().len() > 1;
            for (i, name) in names.names().iter().enumerate() {
                let at = if many {
                    format!("{key}.{what}[{i}]")
                } else {
                    format!("{key}.{what}")
                };
                out.extend(unknown(what, known, &at, name, &self.steps));
                if what == "slot" {
                    out.extend(self.slot_names.check(&at, name));
                }
            }
        }
        for (p, v) in &s.property {
            let at = format!("{key}.property.{}", quoted_key(p));
            match self.property(&at, p) {
                Some(d) => out.push(d),
                None => out.extend(self.value(&at, p, v)),
            }
        }
        out
    }

    fn read(&self, key: &str, r: &ReadSpec) -> Vec<wargame_kit::Diagnostic<ErrorKind>> {
        let mut out = Vec::new();
        // A field the piece may lack may be missing from every piece of one save, never from
        // the module: `optional` excuses an absent piece, not a name that exists nowhere.
        if let Some(p) = &r.property {
            out.extend(self.property(&format!("{key}.property"), p));
        }
        if let Some(l) = &r.layer {
            out.extend(unknown(
                "layer",
                &self.layers,
                &format!("{key}.layer"),
                l,
                &self.steps,
            ));
        }
        for p in r.prototype.iter().flat_map(|t| t.keys()) {
            out.extend(unknown(
                "prototype",
                &self.prototypes,
                &format!("{key}.prototype.{}", quoted_key(p)),
                p,
                &self.steps,
            ));
        }
        out
    }
}

/// The files of a profile's tables (each with the name it was read under), each table's file,
/// and the problems of those that cannot be loaded or read.
type LoadedTables = (
    Vec<(String, std::sync::Arc<table::Table>)>,
    std::collections::BTreeMap<String, usize>,
    Vec<wargame_kit::Diagnostic<ErrorKind>>,
);

/// A key as a key path writes it: bare when it can be, else quoted.
fn quoted_key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        format!("\"{}\"", k.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// A diagnostic for a name the module (or save) lacks, with "did you mean".
fn unknown(
    what: &str,
    known: &[String],
    key: &str,
    name: &str,
    steps: &Cell<usize>,
) -> Option<wargame_kit::Diagnostic<ErrorKind>> {
    // Every list given is sorted, each name once (`Known`'s sets, `[tables]`' keys).
    if known.binary_search_by(|k| k.as_str().cmp(name)).is_ok() {
        return None;
    }
    let shown = wargame_kit::terminal::one_line(name);
    let message = match what {
        "property" | "layer" => {
            format!("no piece of the save, and no prototype of the module, has a {what} `{shown}`")
        }
        "slot" => format!("the module has no palette entry (slot) named `{shown}`"),
        "table" => format!("the profile's [tables] has no table `{shown}`"),
        _ => format!("the module has no {what} `{shown}`"),
    };
    let plural = if what == "property" {
        "properties".to_string()
    } else {
        format!("{what}s")
    };
    let d = wargame_kit::Diagnostic::new(ErrorKind::Profile, message).key(key);
    if known.is_empty() {
        return Some(d.help(format!("there are no {plural} at all")));
    }
    Some(with_suggestion(d, name, known, &plural, steps))
}

impl Imported {
    /// Change every file reference of the state (the keys the shape's `references` names),
    /// written relative to the profile, by `rebase` (for a state written elsewhere).
    pub fn rebase_references(&mut self, rebase: impl Fn(&str) -> String) {
        self.text = document::rebase(&self.text, &self.references, rebase);
    }

    /// The state, read from [`Imported::text`] by an engine's reader `read` (given the text
    /// and the name to read it as: the profile's, so that the files it names are found beside
    /// it), each problem it finds moved to the profile and the piece ([`Imported::relocate`]).
    pub fn read_state<S, K>(
        &self,
        read: impl FnOnce(&str, Option<&str>) -> Result<S, wargame_kit::Error<K>>,
    ) -> Result<S, wargame_kit::Error<K>> {
        read(&self.text, self.profile.as_deref())
            .map_err(|e| wargame_kit::Error::new(self.relocate_all(e.into_diagnostics())))
    }

    /// A problem the state's reader found in [`Imported::text`], moved to where it comes from:
    /// the profile entry and the piece that gave the value, or the profile's `[state]`.
    ///
    /// A problem of another file (the map the state names) is left as it is.
    pub fn relocate<K>(&self, d: wargame_kit::Diagnostic<K>) -> wargame_kit::Diagnostic<K> {
        let source = Source::new(self.profile.as_deref(), &self.profile_text);
        self.relocate_in(&Locator::new(source), d)
    }

    /// [`Imported::relocate`] for many problems, the profile read once for all of them.
    pub fn relocate_all<K>(
        &self,
        found: Vec<wargame_kit::Diagnostic<K>>,
    ) -> Vec<wargame_kit::Diagnostic<K>> {
        let source = Source::new(self.profile.as_deref(), &self.profile_text);
        let at = Locator::new(source);
        // One problem for each place in the profile and cause, however many pieces it hits
        // (a read that fails for every unit is one problem, with the count).
        let mut out: Vec<wargame_kit::Diagnostic<K>> = Vec::new();
        let mut causes: std::collections::HashMap<_, (usize, usize)> =
            std::collections::HashMap::new();
        for d in found {
            let cause = cause_of(&d.message);
            let d = self.relocate_in(&at, d);
            let place = (d.file.clone(), d.span.clone(), cause);
            match causes.get_mut(&place) {
                Some((_, n)) => *n += 1,
                None => {
                    causes.insert(place, (out.len(), 1));
                    out.push(d);
                }
            }
        }
        for (i, n) in causes.into_values() {
            if n > 1
                && let Some(d) = out.get_mut(i)
            {
                d.message = format!(
                    "{} (the same problem for {} more piece(s) read here)",
                    d.message,
                    n - 1
                );
            }
        }
        out
    }

    fn relocate_in<K>(
        &self,
        at: &Locator<'_>,
        mut d: wargame_kit::Diagnostic<K>,
    ) -> wargame_kit::Diagnostic<K> {
        if d.file.is_some() && d.file != self.profile {
            return d;
        }
        let Some(key) = d.key.clone() else {
            d.message = format!("{} (in the state imported from the save)", d.message);
            return at.at(d, Some(0..0));
        };
        let origin = self
            .origins
            .iter()
            .filter(|o| within(&key, &o.key))
            .max_by_key(|o| o.key.len());
        match origin {
            Some(o) => {
                if let Some(piece) = &o.piece {
                    d.message = format!("{}: from {piece}", d.message);
                }
                let span = field_span(at, o, &key);
                let mut d = at.at(d, span);
                d.key = Some(key);
                d
            }
            None => {
                let span = at.span_of(&format!("state.{key}")).or(Some(0..0));
                at.at(d, span)
            }
        }
    }
}

/// The profile's span for a problem at `key` of an entry `o` made: its field's read, or the
/// entry.
fn field_span(source: &Locator<'_>, o: &Origin, key: &str) -> Option<Range<usize>> {
    let field = key
        .strip_prefix(o.key.as_str())
        .and_then(|rest| rest.strip_prefix('.'));
    let candidates = [
        field.map(|f| format!("{}.fields.{f}", o.profile_key)),
        Some(format!("{}.value", o.profile_key)),
        Some(o.profile_key.clone()),
    ];
    candidates
        .into_iter()
        .flatten()
        .find_map(|k| source.span_of(&k))
        .or(Some(0..0))
}

/// A problem's cause: its message with every quoted value (`` `...` ``, `"..."`) left out, so
/// that one read failing for many pieces, each with its own value, is one cause.
fn cause_of(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut inside: Option<char> = None;
    for c in message.chars() {
        match inside {
            Some(q) if c == q => inside = None,
            Some(_) => {}
            None if c == '`' || c == '"' => {
                inside = Some(c);
                out.push(c);
            }
            None => out.push(c),
        }
    }
    out
}

/// Whether key path `key` is `prefix` or inside it.
fn within(key: &str, prefix: &str) -> bool {
    key == prefix
        || key
            .strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
}

/// `d` with "did you mean" the nearest of `known`, else the first of them listed; the
/// comparisons spent from `steps`, which all the suggestions of one check share (at most
/// [`NEAREST_STEPS`](wargame_kit::internal::NEAREST_STEPS) in all).
fn with_suggestion<S: AsRef<str>>(
    d: wargame_kit::Diagnostic<ErrorKind>,
    given: &str,
    known: &[S],
    plural: &str,
    steps: &Cell<usize>,
) -> wargame_kit::Diagnostic<ErrorKind> {
    let one = |s: &str| format!("`{}`", wargame_kit::terminal::one_line(s));
    let mut left = steps.get();
    let nearest = wargame_kit::internal::nearest_within(given, known, &mut left);
    steps.set(left);
    match nearest {
        Some(n) => d.help(format!("did you mean {}?", one(&n))),
        None if known.is_empty() => d,
        None => {
            let shown: Vec<String> = known.iter().take(12).map(|k| one(k.as_ref())).collect();
            let more = if known.len() > 12 { ", ..." } else { "" };
            d.help(format!("the {plural}: {}{more}", shown.join(", ")))
        }
    }
}
