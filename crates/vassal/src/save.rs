//! Saved games and logs: the file (zipped `savedGame`, or plain), the `!VCSK` obfuscation, the
//! ESC-separated commands nested in commands, and their replay to a step of the log.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use serde::Serialize;

use crate::error::{At, ErrorKind, Warning, diag};
use crate::seq::{Decoder, parse_java_int};
use crate::{Error, Module, archive, limits, obfuscation};
use wargame_kit::internal::work;

/// The character between commands (ASCII ESC).
pub const COMMAND_SEPARATOR: char = '\u{1b}';

/// What a file's first bytes say it is, of the containers VASSAL writes saved games and logs
/// in (a module is a zip archive too): for telling a save apart from another file before
/// reading it.
///
/// # Example
///
/// ```
/// use vassal::SaveKind;
/// let zipped = vassal::write::SaveText::new().to_file();
/// assert_eq!(SaveKind::of(&zipped[..8]), Some(SaveKind::Zip));
/// assert_eq!(SaveKind::of(b"!VCSK0a1b"), Some(SaveKind::Obfuscated));
/// assert_eq!(SaveKind::of(b"game = \"leyte\""), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SaveKind {
    /// A zip archive, as VASSAL writes saves (and modules).
    Zip,
    /// VASSAL's obfuscated text (`!VCSK`).
    Obfuscated,
}

impl SaveKind {
    /// What `head`, a file's first bytes (the first eight are enough), says the file is;
    /// `None` for neither.
    pub fn of(head: &[u8]) -> Option<SaveKind> {
        if archive::is_zip(head) {
            Some(SaveKind::Zip)
        } else if head.starts_with(obfuscation::HEADER) {
            Some(SaveKind::Obfuscated)
        } else {
            None
        }
    }
}

/// Commands read and skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Commands {
    /// Commands read (each command inside a compound command counts once; empty ones too).
    pub read: usize,
    /// Commands skipped: of a kind no standard VASSAL encoder writes, or with fields that
    /// cannot be read.
    pub skipped: usize,
    /// The commands read by kind: `add-piece`, `move-piece`, `change-piece`, `remove-piece`,
    /// `boards`, `chat`, `line-of-sight`, `deck-reposition`, and those read and left as they are
    /// (`player`, `private-note`, `secret-note`, `global-property`, `turn`, ...; see
    /// docs/vassal.md); `empty` for empty ones.
    pub kinds: std::collections::BTreeMap<String, usize>,
}

/// One command of the save, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cmd {
    /// 1-based number among the save's commands.
    pub number: usize,
    /// The log step it belongs to (0: the position the save starts from).
    pub step: usize,
    pub kind: CmdKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CmdKind {
    Add {
        id: Option<String>,
        ty: Arc<str>,
        state: Arc<str>,
    },
    Remove {
        id: String,
    },
    Change {
        id: String,
        state: Arc<str>,
    },
    Move {
        id: String,
        map: Option<String>,
        pos: (i32, i32),
        under: Option<String>,
        /// Where the piece was when the move was recorded: map and point.
        old_map: Option<String>,
        old_pos: (i32, i32),
        /// The mover's player id, hashed ([`player_key`]): VASSAL's player id is a password,
        /// compared here and never kept.
        player: Option<u64>,
    },
    Boards {
        map: String,
        boards: Vec<BoardChoice>,
    },
    Los {
        thread: String,
        from: (i32, i32),
        to: (i32, i32),
    },
    Chat(String),
    DeckMove {
        id: String,
        pos: (i32, i32),
    },
}

/// A board a save puts on a map: name, reversed, column, row.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BoardChoice {
    /// The board's name as the save gives it.
    pub name: String,
    /// Shown reversed (turned 180°).
    pub reversed: bool,
    /// Column and row in the map's layout.
    pub cell: (i32, i32),
}

/// A saved game or log, decoded (not yet replayed).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Save {
    /// The name it was read under.
    pub name: String,
    pub(crate) cmds: Vec<Cmd>,
    /// Commands read and skipped.
    pub commands: Commands,
    steps: usize,
    /// What was read with a warning.
    pub warnings: Vec<Warning>,
    /// The VASSAL version that wrote it, when the save says.
    pub vassal_version: Option<String>,
    /// The module's name it was saved with, when the save says.
    pub module_name: Option<String>,
    /// The module's version it was saved with, when the save says.
    pub module_version: Option<String>,
    /// Warnings beyond [`limits::MAX_WARNINGS`], counted.
    warnings_omitted: usize,
    /// The bytes of its text, inflated and deobfuscated (for [`limits::text_budget`]).
    pub(crate) text_bytes: usize,
}

/// What decoding the commands keeps as it goes: the commands' numbers, the bytes copied to
/// take commands out of the commands around them, the kinds of command skipped.
struct Walk<'s> {
    source: &'s str,
    /// Leaves numbered so far.
    number: usize,
    /// Commands visited (leaves, `LOG` entries and compound commands).
    visited: usize,
    /// Bytes copied so far, and the most that may be ([`limits::command_copy_budget`]).
    copied: usize,
    budget: usize,
    /// Kinds no standard encoder writes: their first text and count, in the order found, at
    /// most [`limits::MAX_UNKNOWN_KINDS`] of them; an index by text; commands of other kinds.
    unknown: Vec<(String, usize)>,
    index: HashMap<String, usize>,
    unknown_other: usize,
}

impl<'s> Walk<'s> {
    fn new(source: &'s str, len: usize) -> Self {
        Walk {
            source,
            number: 0,
            visited: 0,
            copied: 0,
            budget: limits::command_copy_budget(len),
            unknown: Vec::new(),
            index: HashMap::new(),
            unknown_other: 0,
        }
    }

    /// A refusal for a limit of the save's commands.
    fn limit(&self, message: String) -> Error {
        Error::new(vec![diag(ErrorKind::Limit, message).in_file(self.source)])
    }

    /// One more command visited: within [`limits::MAX_COMMANDS`].
    fn visit(&mut self) -> Result<(), Error> {
        work::add(1);
        self.visited += 1;
        if self.visited > limits::MAX_COMMANDS {
            return Err(self.limit(format!(
                "the save has more than {} commands (the reader's limit, vassal::limits::MAX_COMMANDS); refused",
                limits::MAX_COMMANDS
            )));
        }
        Ok(())
    }

    /// A command taken out of another: a copy of `len` bytes when it had escapes to remove
    /// (else borrowed), within budget.
    fn copied(&mut self, borrowed: bool, len: usize) -> Result<(), Error> {
        if !borrowed {
            work::add_len(len);
            self.copied = self.copied.saturating_add(len);
            if self.copied > self.budget {
                return Err(self.limit(format!(
                    "the save's commands nest so that reading them copies more than {} bytes (the reader's limit for a save of this size, vassal::limits::command_copy_budget); refused",
                    self.budget
                )));
            }
        }
        Ok(())
    }

    /// A command of a kind no standard encoder writes, counted by its first characters.
    fn unknown(&mut self, s: &str) {
        let cut = s
            .char_indices()
            .find(|&(i, c)| i >= 16 || c == '\t' || c == '/' || c == ';' || c.is_control())
            .map_or(s.len(), |(i, _)| i);
        let prefix = &s[..cut];
        work::add(1);
        if let Some(&i) = self.index.get(prefix) {
            self.unknown[i].1 += 1;
        } else if self.unknown.len() < limits::MAX_UNKNOWN_KINDS {
            self.index.insert(prefix.to_string(), self.unknown.len());
            self.unknown.push((prefix.to_string(), 1));
        } else {
            self.unknown_other += 1;
        }
    }

    /// The warnings for the commands skipped, and for the warnings left out.
    fn finish(self, save: &mut Save) {
        for (kind, count) in self.unknown {
            save.warn(
                diag(
                    ErrorKind::UnknownCommand,
                    format!("skipped {count} command(s) no standard VASSAL encoder writes, starting `{kind}`"),
                )
                .in_file(self.source),
            );
        }
        if self.unknown_other > 0 {
            save.warn(
                diag(
                    ErrorKind::UnknownCommand,
                    format!(
                        "skipped {} more command(s) of other kinds no standard VASSAL encoder writes (more than {} kinds)",
                        self.unknown_other,
                        limits::MAX_UNKNOWN_KINDS
                    ),
                )
                .in_file(self.source),
            );
        }
        if save.warnings_omitted > 0 {
            let more = save.warnings_omitted;
            save.warnings.push(
                diag(
                    ErrorKind::Limit,
                    format!("and {more} more warnings of the save"),
                )
                .in_file(self.source),
            );
        }
    }
}

/// Known commands of VASSAL's other encoders: read, they change no piece.
/// Why a command was not decoded: fields that cannot be read (a warning), or a kind no
/// standard encoder writes (counted).
enum Undecoded {
    Bad(String),
    Unknown,
}

/// One command: what it does (`None` for one read and left as it is: `begin_save`, `CHECK`,
/// ...) and the kind it is counted as.
fn decode(s: &str) -> Result<(Option<CmdKind>, &'static str), Undecoded> {
    let bad = |what: &str| Undecoded::Bad(what.to_string());
    if s.is_empty() {
        return Ok((None, "empty"));
    }
    if let Some((_, kind)) = OTHER_COMMANDS.iter().find(|(p, _)| s.starts_with(p)) {
        return Ok((None, kind));
    }
    let cmd = if let Some(rest) = s.strip_prefix("+/") {
        let mut st = Decoder::new(rest, '/');
        let id = st.next().filter(|i| i != "null");
        match (st.next(), st.next()) {
            (Some(ty), Some(state)) => CmdKind::Add {
                id,
                ty: ty.into(),
                state: state.into(),
            },
            _ => {
                return Err(bad(
                    "an add-piece command without its type and state (field 2 or 3)",
                ));
            }
        }
    } else if let Some(rest) = s.strip_prefix("-/") {
        CmdKind::Remove {
            id: rest.to_string(),
        }
    } else if let Some(rest) = s.strip_prefix("D/") {
        let mut st = Decoder::new(rest, '/');
        match (st.next(), st.next()) {
            (Some(id), Some(state)) => CmdKind::Change {
                id,
                state: state.into(),
            },
            _ => {
                return Err(bad(
                    "a change-piece command without its new state (field 2)",
                ));
            }
        }
    } else if let Some(rest) = s.strip_prefix("M/") {
        parse_move(rest).map_err(|field| {
            Undecoded::Bad(format!(
                "a move-piece command whose field {field} cannot be read"
            ))
        })?
    } else if let Some(rest) = s.strip_prefix("LOS\t") {
        decode_los(rest)
            .ok_or_else(|| bad("a line-of-sight command whose points cannot be read"))?
    } else if let Some(rest) = s.strip_prefix("CHAT") {
        CmdKind::Chat(rest.to_string())
    } else if let Some(rest) = s.strip_prefix("DECKREPOS\t") {
        decode_deck_move(rest)
            .ok_or_else(|| bad("a deck-reposition command whose point cannot be read"))?
    } else if let Some(at) = s.find("BoardPicker\t") {
        decode_boards(&s[..at], &s[at..])
    } else {
        return Err(Undecoded::Unknown);
    };
    let kind = match &cmd {
        CmdKind::Add { .. } => "add-piece",
        CmdKind::Remove { .. } => "remove-piece",
        CmdKind::Change { .. } => "change-piece",
        CmdKind::Move { .. } => "move-piece",
        CmdKind::DeckMove { .. } => "deck-reposition",
        CmdKind::Boards { .. } => "boards",
        CmdKind::Los { .. } => "line-of-sight",
        CmdKind::Chat(_) => "chat",
    };
    Ok((Some(cmd), kind))
}

/// A deck moved on its map (`DeckReposition`): `DECKREPOS\tdeck\tx\ty`.
fn decode_deck_move(rest: &str) -> Option<CmdKind> {
    let mut st = Decoder::new(rest, '\t');
    let id = st.next()?;
    let x = st.next().and_then(|v| parse_java_int(&v))?;
    let y = st.next().and_then(|v| parse_java_int(&v))?;
    Some(CmdKind::DeckMove { id, pos: (x, y) })
}

/// A line-of-sight check: `LOS\tthread\tx\ty\tx\ty`.
fn decode_los(rest: &str) -> Option<CmdKind> {
    let mut st = Decoder::new(rest, '\t');
    let thread = st.next().unwrap_or_default();
    let mut n = || st.next().and_then(|v| parse_java_int(&v));
    match (n(), n(), n(), n()) {
        (Some(a), Some(b), Some(c), Some(d)) => Some(CmdKind::Los {
            thread,
            from: (a, b),
            to: (c, d),
        }),
        _ => None,
    }
}

/// A map's boards: `MAPBoardPicker\tname[/rev]\tcol\trow...`.
fn decode_boards(map: &str, rest: &str) -> CmdKind {
    let mut st = Decoder::new(rest, '\t');
    st.next();
    let mut boards = Vec::new();
    while let Some(spec) = st.next() {
        let mut name_rev = Decoder::new(&spec, '/');
        let name = name_rev.next().unwrap_or_default();
        let reversed = name_rev.next().as_deref() == Some("rev");
        let col = st.next_int(0);
        let row = st.next_int(0);
        boards.push(BoardChoice {
            name,
            reversed,
            cell: (col, row),
        });
    }
    CmdKind::Boards {
        map: map.to_string(),
        boards,
    }
}

/// The commands of VASSAL's other encoders, by their first characters, and the kind each is
/// counted as: read, they change no piece. What some carry is private (a player's id, which is
/// the password they set; private and secret notes; a scenario-options tab's lock, written by
/// VASSAL's `ScenarioPropertiesOptionTab`, names who locked it and their password): nothing of
/// them is kept.
const OTHER_COMMANDS: [(&str, &str); 25] = [
    ("begin_save", "begin-save"),
    ("end_save", "end-save"),
    ("begin_log", "begin-log"),
    ("end_log", "end-log"),
    ("PLAYER\t", "player"),
    ("CHECK\t", "version-check"),
    ("NOTES\t", "scenario-notes"),
    ("PNOTES\t", "public-notes"),
    ("PNOTE\t", "private-note"),
    ("SNOTE\t", "secret-note"),
    ("TURN", "turn"),
    ("MutableProperty\t", "property-change"),
    ("GlobalProperty\t", "global-property"),
    ("SETUP_STACK\t", "setup-stack"),
    ("EXT\t", "extension"),
    ("FLARE\t", "flare"),
    ("CLOCKCONTROL\t", "clock-control"),
    ("CLOCK\t", "clock"),
    ("SHOW_RESULTS\t", "dice-results"),
    ("AUDIO\t", "audio"),
    ("Events", "event-log"),
    ("SGKC\t", "startup-key-command"),
    ("SPP\t", "persistent-property"),
    ("DECK\t", "deck-load"),
    ("LOCKSPOTAB\t", "scenario-options-lock"),
];

impl Save {
    /// Decode a saved game or log from its file's bytes: a zip archive with a `savedGame` entry
    /// (and `moduledata`, `savedata`), or the bare `savedGame` text, obfuscated or plain.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Save, Error> {
        let mut save = Save {
            name: name.to_string(),
            cmds: Vec::new(),
            commands: Commands::default(),
            steps: 0,
            warnings: Vec::new(),
            vassal_version: None,
            module_name: None,
            module_version: None,
            warnings_omitted: 0,
            text_bytes: 0,
        };
        let entry_name = format!("{name}!savedGame");
        let (raw, source) = if archive::is_zip(bytes) {
            let zip_err = |e: archive::ArchiveError| {
                Error::new(vec![diag(ErrorKind::Zip, e.to_string()).in_file(name)])
            };
            let entries = archive::entries(bytes).map_err(zip_err)?;
            let Some(entry) = archive::find(&entries, "savedGame") else {
                return Err(Error::new(vec![
                    diag(
                        ErrorKind::NotVassal,
                        "the archive has no `savedGame` entry: not a VASSAL saved game or log",
                    )
                    .in_file(name),
                ]));
            };
            let raw = archive::read(bytes, entry).map_err(zip_err)?;
            for meta in ["moduledata", "savedata"] {
                if let Some(e) = archive::find(&entries, meta)
                    && let Ok(b) = archive::read(bytes, e)
                {
                    save.metadata(meta, &b);
                }
            }
            (Cow::Owned(raw), entry_name)
        } else {
            (Cow::Borrowed(bytes), name.to_string())
        };
        if raw.starts_with(obfuscation::XZ_MAGIC) {
            return Err(Error::new(vec![diag(
                ErrorKind::Compressed,
                "the saved game is XZ-compressed (written by VASSAL 3.8 or later), which this reader does not read",
            )
            .in_file(&source)]));
        }
        let plain = obfuscation::deobfuscate(&raw).map_err(|e| {
            Error::new(vec![
                diag(ErrorKind::Obfuscation, e.to_string()).in_file(&source),
            ])
        })?;
        drop(raw);
        let text = match String::from_utf8(plain) {
            Ok(t) => t,
            Err(e) => {
                save.warnings.push(
                    diag(
                        ErrorKind::Text,
                        "the saved game is not UTF-8 text; bytes that are not were read as U+FFFD",
                    )
                    .in_file(&source),
                );
                String::from_utf8_lossy(e.as_bytes()).into_owned()
            }
        };
        save.text_bytes = text.len();
        save.decode(&text, &source)?;
        Ok(save)
    }

    /// How many steps (top-level `LOG` entries) the log has (0 for a saved game).
    pub fn steps(&self) -> usize {
        self.steps
    }

    fn metadata(&mut self, entry: &str, bytes: &[u8]) {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return;
        };
        let Ok(doc) = roxmltree::Document::parse(text) else {
            return;
        };
        let get = |tag: &str| {
            doc.descendants()
                .find(|n| {
                    n.has_tag_name(tag)
                        && n.parent().is_some_and(|p| {
                            p.is_element() && p.parent().is_some_and(|g| g.is_root())
                        })
                })
                .and_then(|n| n.text())
                .map(|s| s.trim().to_string())
        };
        if let Some(v) = get("VassalVersion") {
            self.vassal_version = Some(v);
        }
        if entry == "moduledata" {
            self.module_name = get("name");
            self.module_version = get("version");
        }
    }

    /// Split the text into commands, depth first, numbering the leaves; one pass, the commands
    /// taken out of the text as they come (nothing of the text is kept but what a command
    /// changes in the game).
    fn decode(&mut self, text: &str, source: &str) -> Result<(), Error> {
        let mut walk = Walk::new(source, text.len());
        if is_plain_leaf(text) {
            self.node(text, 0, 0, &mut walk)?;
        } else {
            // The top level: each LOG entry starts a step.
            let mut steps = 0;
            let mut top = Decoder::new(text, COMMAND_SEPARATOR);
            while let Some(item) = top.next_cow() {
                walk.copied(matches!(item, Cow::Borrowed(_)), item.len())?;
                if item.starts_with("LOG\t") {
                    steps += 1;
                }
                self.node(&item, 1, steps, &mut walk)?;
            }
            self.steps = steps;
        }
        walk.finish(self);
        Ok(())
    }

    /// One command of the text at `depth`: a leaf, a `LOG` entry, or commands in a command.
    fn node(
        &mut self,
        s: &str,
        depth: usize,
        step: usize,
        walk: &mut Walk<'_>,
    ) -> Result<(), Error> {
        walk.visit()?;
        if depth > limits::MAX_COMMAND_DEPTH {
            walk.number += 1;
            self.commands.skipped += 1;
            let number = walk.number;
            self.warn(
                diag(
                    ErrorKind::Limit,
                    format!(
                        "command {number} nests commands more than {} deep; skipped",
                        limits::MAX_COMMAND_DEPTH
                    ),
                )
                .in_file(walk.source)
                .key(format!("command {number}")),
            );
            return Ok(());
        }
        // A leaf: no separator and not quoted (its decoding is itself).
        let mut parts = Decoder::new(s, COMMAND_SEPARATOR);
        let first = if is_plain_leaf(s) {
            None
        } else {
            parts.next_cow()
        };
        let leaf = match &first {
            None => true,
            Some(f) => !parts.has_more() && f == s,
        };
        if leaf {
            if let Some(inner) = s.strip_prefix("LOG\t") {
                return self.node(inner, depth + 1, step, walk);
            }
            walk.number += 1;
            let number = walk.number;
            self.leaf(s, number, step, walk);
            return Ok(());
        }
        if let Some(first) = first {
            walk.copied(matches!(first, Cow::Borrowed(_)), first.len())?;
            self.node(&first, depth + 1, step, walk)?;
        }
        while let Some(child) = parts.next_cow() {
            walk.copied(matches!(child, Cow::Borrowed(_)), child.len())?;
            self.node(&child, depth + 1, step, walk)?;
        }
        Ok(())
    }

    /// A warning of the save, the first [`limits::MAX_WARNINGS`] kept and the rest counted.
    fn warn(&mut self, warning: Warning) {
        if self.warnings.len() < limits::MAX_WARNINGS {
            self.warnings.push(warning);
        } else {
            self.warnings_omitted += 1;
        }
    }

    fn leaf(&mut self, s: &str, number: usize, step: usize, walk: &mut Walk<'_>) {
        match decode(s) {
            Ok((cmd, kind)) => {
                if cmd.is_none()
                    && let Some(rest) = s.strip_prefix("CHECK\t")
                {
                    self.check(rest);
                }
                self.commands.read += 1;
                if let Some(n) = self.commands.kinds.get_mut(kind) {
                    *n += 1;
                } else {
                    self.commands.kinds.insert(kind.to_string(), 1);
                }
                if let Some(kind) = cmd {
                    self.cmds.push(Cmd { number, step, kind });
                }
            }
            Err(Undecoded::Bad(what)) => {
                self.warn(
                    diag(
                        ErrorKind::Command,
                        format!("command {number}: {what}; skipped"),
                    )
                    .in_file(walk.source)
                    .key(format!("command {number}")),
                );
                self.commands.skipped += 1;
            }
            Err(Undecoded::Unknown) => {
                self.commands.skipped += 1;
                walk.unknown(s);
            }
        }
    }

    /// Old saves say their versions in `CHECK` commands (`CHECK\tversion<0.0\tALERT...`).
    fn check(&mut self, rest: &str) {
        let mut st = Decoder::new(rest, '\t');
        let Some(cond) = st.next() else { return };
        if let Some(v) = cond.strip_prefix("runningVassalVersion<") {
            self.vassal_version.get_or_insert_with(|| v.to_string());
        } else if let Some(v) = cond.strip_prefix("version<") {
            self.module_version.get_or_insert_with(|| v.to_string());
        }
    }

    /// Replay the save to `step` (`None`: its end; 0: the position it was saved from).
    pub fn replay(&self, step: Option<usize>) -> Result<Position, Error> {
        let step = match step {
            Some(s) if s > self.steps => {
                return Err(Error::new(vec![
                    diag(
                        ErrorKind::Step,
                        format!("step {s} is beyond the log's last step ({})", self.steps),
                    )
                    .in_file(&self.name),
                ]));
            }
            Some(s) => s,
            None => self.steps,
        };
        let mut p = Position {
            step,
            text_bytes: self.text_bytes,
            ..Position::default()
        };
        for cmd in self.cmds.iter().take_while(|c| c.step <= step) {
            p.apply(cmd, &self.name);
        }
        if p.crowded > 0 {
            let message = format!(
                "{} move(s) onto a point where more than {MAX_MERGE_CANDIDATES} stacks and pieces stand, or onto a stack with more than {MAX_MERGE_CANDIDATES} hidden pieces on top: the reader did not look past them (VASSAL does), so such a piece may be in another stack than VASSAL's",
                p.crowded
            );
            p.warnings
                .push(diag(ErrorKind::Limit, message).in_file(&self.name));
        }
        Ok(p)
    }
}

/// A command that is a leaf as it is: no separator, and not quoted.
fn is_plain_leaf(s: &str) -> bool {
    let quoted = s.len() > 1 && s.starts_with('\'') && s.ends_with('\'');
    !quoted && !s.contains(COMMAND_SEPARATOR)
}

fn parse_move(rest: &str) -> Result<CmdKind, usize> {
    let mut st = Decoder::new(rest, '/');
    let unwrap = |s: Option<String>| s.filter(|v| v != "null");
    let id = unwrap(st.next()).ok_or(1usize)?;
    let map = unwrap(st.next());
    let x = st.next().and_then(|v| parse_java_int(&v)).ok_or(3usize)?;
    let y = st.next().and_then(|v| parse_java_int(&v)).ok_or(4usize)?;
    let under = unwrap(st.next());
    // The old place (map, x, y, under), then the mover's player id: VASSAL's merge finder
    // joins a stack only if a piece of it is not hidden from that player (`Stack.topPiece`).
    let old_map = unwrap(Some(st.next().ok_or(6usize)?));
    let old_x = st.next().and_then(|v| parse_java_int(&v)).ok_or(7usize)?;
    let old_y = st.next().and_then(|v| parse_java_int(&v)).ok_or(8usize)?;
    st.next().ok_or(9usize)?;
    let player = st.next().map(|p| player_key(&p));
    Ok(CmdKind::Move {
        id,
        map,
        pos: (x, y),
        under,
        old_map,
        old_pos: (old_x, old_y),
        player,
    })
}

/// A player id as the replay compares it: hashed, so that the password it is is not kept.
fn player_key(id: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    // SipHash with fixed keys: the same id gives the same key in every run.
    let mut h = std::hash::DefaultHasher::new();
    id.hash(&mut h);
    h.finish()
}

/// A piece, stack or deck of a replayed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    pub id: String,
    pub removed: bool,
    pub kind: RecKind,
    /// Its key among the records at its point ([`Position`]'s `places`) while it stands on a
    /// map on its own (a stack, a deck, or a piece in none): the order VASSAL's map visits
    /// its pieces in. A record moved on the same map keeps it; one that comes from another
    /// map, or out of a stack, comes last.
    placed: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RecKind {
    Piece {
        ty: Arc<str>,
        state: Arc<str>,
        map: Option<String>,
        pos: (i32, i32),
        /// The stack or deck it is in, and its key in that stack's order.
        parent: Option<(usize, i128)>,
        /// What VASSAL's merge finder asks of it.
        stacking: Stacking,
    },
    Stack {
        map: Option<String>,
        pos: (i32, i32),
        /// Its pieces, bottom first, by keys spaced [`KEY_GAP`] apart: a piece joins at the
        /// bottom, on top or right above another in O(log n) (the keys are spaced anew when
        /// two neighbours have no key left between them).
        children: BTreeMap<i128, usize>,
        deck: Option<DeckInfo>,
        /// How many of its pieces no player hides (Invisible), and how many each player
        /// hides: whether a mover sees a piece of it (VASSAL's `Stack.topPiece(playerId)`).
        open: usize,
        hiders: HashMap<u64, usize>,
    },
}

/// What VASSAL's merge finder asks of a piece, from its own traits (a replay reads no module:
/// the traits a prototype of the module adds are not seen here).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stacking {
    /// It never stacks (VASSAL's `NO_STACK`): an Immobilized (`immob;`) or Mat (`matPiece;`)
    /// trait.
    no_stack: bool,
    /// The levels of its Invisible (`hide;`) traits.
    hide_levels: Vec<usize>,
    /// The player id hiding it (an Invisible trait on): VASSAL's `HIDDEN_BY`. A password:
    /// compared, never shown.
    hidden_by: Option<u64>,
}

impl Stacking {
    /// What a piece of this type is, before its state says who hides it.
    fn of_type(ty: &str) -> Stacking {
        let levels = crate::nest::Levels::of(ty);
        let mut out = Stacking::default();
        for i in 0..levels.len() {
            work::add(1);
            let Some(t) = levels.get(i) else { continue };
            match crate::prototypes::type_prefix(&t) {
                "immob;" | "matPiece;" => out.no_stack = true,
                "hide;" => out.hide_levels.push(i),
                _ => {}
            }
        }
        out
    }
}

/// The space between the keys of neighbouring pieces of a stack, as they are first given.
const KEY_GAP: i128 = 1 << 64;

/// The most records at one point the merge finder looks at for a move, and the most pieces of
/// a stack it passes over (hidden) to find the top one seen: beyond, the move is made as if
/// nothing more stood there, and a warning counts such moves. Each move's work stays bounded.
const MAX_MERGE_CANDIDATES: usize = 256;

/// Where a piece joins a stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Bottom,
    Top,
    /// Right above this piece of the stack.
    Above(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DeckInfo {
    pub face_down: bool,
    pub ty: Arc<str>,
}

/// A line-of-sight check the save recorded (`LOS` command): its thread and two points.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LosCheck {
    /// The command's number.
    pub number: usize,
    /// The thread's id (`LOS_Thread0`).
    pub thread: String,
    /// The first point.
    pub from: (i32, i32),
    /// The second point.
    pub to: (i32, i32),
}

/// A stack or deck of a replayed game as [`crate::internal::stacks`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct StackView<'p> {
    /// Its id (`stack-N` for one the replay made).
    pub id: &'p str,
    /// Its map, as the save names it.
    pub map: Option<&'p str>,
    /// Its point.
    pub pos: (i32, i32),
    /// Its pieces' ids, bottom first.
    pub pieces: Vec<&'p str>,
}

/// A move of a piece or stack the game does not have: its warning (an index into the
/// position's warnings) and the place the move says it left, where the pieces the game has
/// may now be misplaced ([`crate::read_pieces`] names them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MissingMove {
    pub warning: usize,
    pub map: String,
    pub pos: (i32, i32),
}

/// The game at one step: every piece, stack and deck, and each map's boards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Position {
    /// The step replayed to.
    pub step: usize,
    pub(crate) records: Vec<Record>,
    index: HashMap<String, usize>,
    /// What stands on each point of a map (stacks, decks, pieces in no stack): (map, x, y) ->
    /// records, in the order VASSAL's map visits them.
    places: HashMap<(String, i32, i32), BTreeMap<u64, usize>>,
    /// The boards each map shows, keyed as the save names the map.
    pub boards: Vec<(String, Vec<BoardChoice>)>,
    /// Where each map's entry of `boards` is.
    board_index: HashMap<String, usize>,
    /// The numbers given to places, in order.
    order: u64,
    /// Line-of-sight checks, in order.
    pub los: Vec<LosCheck>,
    /// Chat lines with their command numbers.
    pub chat: Vec<(usize, String)>,
    /// What the replay could not do as the save says.
    pub warnings: Vec<Warning>,
    /// Moves of pieces the game does not have, whose warnings name what they may leave behind.
    pub(crate) missing_moves: Vec<MissingMove>,
    synthetic: usize,
    /// Moves whose merge the reader did not follow to its end ([`MAX_MERGE_CANDIDATES`]).
    crowded: usize,
    /// The bytes of the save's text (for [`limits::locate_budget`]).
    pub(crate) text_bytes: usize,
}

impl Position {
    /// A warning of the replay (its index, if kept).
    fn warn(
        &mut self,
        source: &str,
        number: usize,
        kind: ErrorKind,
        message: String,
    ) -> Option<usize> {
        if self.warnings.len() < limits::MAX_WARNINGS * 4 {
            self.warnings.push(
                diag(kind, message)
                    .in_file(source)
                    .key(format!("command {number}")),
            );
            return Some(self.warnings.len() - 1);
        }
        None
    }

    /// An added piece or stack (a piece of an id already there replaces it).
    fn add(&mut self, number: usize, id: Option<&str>, ty: &Arc<str>, state: &Arc<str>) {
        let id = id.map_or_else(|| format!("new-{number}"), str::to_string);
        if let Some(&old) = self.index.get(&id) {
            self.retire(old);
        }
        let kind = if &**ty == "stack" || ty.starts_with("deck;") {
            RecKind::Stack {
                map: None,
                pos: (0, 0),
                children: BTreeMap::new(),
                deck: None,
                open: 0,
                hiders: HashMap::new(),
            }
        } else {
            RecKind::Piece {
                ty: ty.clone(),
                state: Arc::from(""),
                map: None,
                pos: (0, 0),
                parent: None,
                stacking: Stacking::of_type(ty),
            }
        };
        let at = self.records.len();
        self.records.push(Record {
            id: id.clone(),
            removed: false,
            kind,
            placed: None,
        });
        self.index.insert(id, at);
        self.set_state(at, ty, state);
    }

    /// A removed piece or stack: its stacked pieces are set loose.
    fn remove(&mut self, number: usize, id: &str, source: &str) {
        match self.index.remove(id) {
            Some(at) => self.retire(at),
            None => {
                self.warn(
                    source,
                    number,
                    ErrorKind::UnknownPiece,
                    format!("removes piece `{id}`, which the game does not have"),
                );
            }
        }
    }

    /// A record leaves the game: out of its stack and off its point; a stack's pieces are
    /// set loose where it was.
    fn retire(&mut self, at: usize) {
        self.detach(at);
        self.unplace(at);
        let kids = match &mut self.records[at].kind {
            RecKind::Stack {
                children,
                open,
                hiders,
                ..
            } => {
                *open = 0;
                hiders.clear();
                std::mem::take(children)
            }
            RecKind::Piece { .. } => BTreeMap::new(),
        };
        for k in kids.into_values() {
            self.loosen(k);
        }
        self.records[at].removed = true;
    }

    fn apply(&mut self, cmd: &Cmd, source: &str) {
        match &cmd.kind {
            CmdKind::Add { id, ty, state } => self.add(cmd.number, id.as_deref(), ty, state),
            CmdKind::Remove { id } => self.remove(cmd.number, id, source),
            CmdKind::Change { id, state } => match self.index.get(id).copied() {
                Some(at) => {
                    let ty = match &self.records[at].kind {
                        RecKind::Piece { ty, .. } => ty.clone(),
                        RecKind::Stack { deck: Some(d), .. } => d.ty.clone(),
                        RecKind::Stack { .. } => Arc::from("stack"),
                    };
                    self.set_state(at, &ty, state);
                }
                None => {
                    self.warn(
                        source,
                        cmd.number,
                        ErrorKind::UnknownPiece,
                        format!("changes piece `{id}`, which the game does not have"),
                    );
                }
            },
            CmdKind::Move {
                id,
                map,
                pos,
                under,
                old_map,
                old_pos,
                player,
            } => match self.index.get(id).copied() {
                Some(at) => self.move_to(at, map.clone(), *pos, under.as_deref(), *player),
                None => {
                    let warning = self.warn(
                        source,
                        cmd.number,
                        ErrorKind::UnknownPiece,
                        format!("moves piece `{id}`, which the game does not have"),
                    );
                    if let (Some(warning), Some(map)) = (warning, old_map) {
                        self.missing_moves.push(MissingMove {
                            warning,
                            map: map.clone(),
                            pos: *old_pos,
                        });
                    }
                }
            },
            CmdKind::Boards { map, boards } => match self.board_index.get(map) {
                Some(&i) => self.boards[i].1 = boards.clone(),
                None => {
                    self.board_index.insert(map.clone(), self.boards.len());
                    self.boards.push((map.clone(), boards.clone()));
                }
            },
            CmdKind::Los { thread, from, to } => self.los.push(LosCheck {
                number: cmd.number,
                thread: thread.clone(),
                from: *from,
                to: *to,
            }),
            CmdKind::Chat(text) => self.chat.push((cmd.number, text.clone())),
            CmdKind::DeckMove { id, pos } => match self.index.get(id).copied() {
                Some(at) if matches!(self.records[at].kind, RecKind::Stack { .. }) => {
                    // `DeckReposition` sets the deck's point: nothing merges.
                    let map = self.place_of(at).0;
                    self.relocate(at, map, *pos);
                }
                _ => {
                    self.warn(
                        source,
                        cmd.number,
                        ErrorKind::UnknownPiece,
                        format!("moves deck `{id}`, which the game does not have"),
                    );
                }
            },
        }
    }

    /// Set a record's whole state, as `setState` does.
    fn set_state(&mut self, at: usize, ty: &Arc<str>, state: &Arc<str>) {
        let is_stack = matches!(self.records[at].kind, RecKind::Stack { .. });
        if !is_stack {
            self.set_piece_state(at, state);
            return;
        }
        let deck = ty.starts_with("deck;");
        let mut st = Decoder::new(state, ';');
        let map = st.next().filter(|m| m != "null");
        let (pos, ids, face_down) = if deck {
            let pos = (st.next_int(0), st.next_int(0));
            let face_down = st.next().as_deref() == Some("true");
            let ids: Vec<String> = st
                .next()
                .map(|l| Decoder::new(&l, ',').collect())
                .unwrap_or_default();
            (pos, ids, face_down)
        } else if map.is_none() {
            ((0, 0), st.collect::<Vec<_>>(), false)
        } else {
            let pos = (st.next_int(0), st.next_int(0));
            (pos, st.collect::<Vec<_>>(), false)
        };
        let mut seen = HashSet::new();
        let kids: Vec<usize> = ids
            .iter()
            .filter_map(|id| self.index.get(id).copied())
            .filter(|&k| k != at && matches!(self.records[k].kind, RecKind::Piece { .. }))
            .filter(|&k| seen.insert(k))
            .collect();
        work::add_len(ids.len());
        self.relocate(at, map, pos);
        let old = match &mut self.records[at].kind {
            RecKind::Stack {
                children,
                deck: d,
                open,
                hiders,
                ..
            } => {
                *d = deck.then(|| DeckInfo {
                    face_down,
                    ty: ty.clone(),
                });
                *open = 0;
                hiders.clear();
                std::mem::take(children)
            }
            RecKind::Piece { .. } => BTreeMap::new(),
        };
        for k in old.into_values() {
            if let RecKind::Piece { parent, .. } = &mut self.records[k].kind {
                *parent = None;
            }
            if !seen.contains(&k) {
                self.loosen_from(k, at);
            }
        }
        for &k in &kids {
            self.detach(k);
            self.attach(k, at, Slot::Top);
        }
    }

    /// A piece's whole state: its place when in no stack, and who hides it.
    fn set_piece_state(&mut self, at: usize, state: &Arc<str>) {
        let levels = crate::nest::Levels::of(state);
        let basic = levels.innermost();
        let mut st = Decoder::new(&basic, ';');
        let map = st.next().filter(|m| m != "null");
        let x = st.next_int(0);
        let y = st.next_int(0);
        let RecKind::Piece {
            state: s,
            pos,
            parent,
            stacking,
            ..
        } = &mut self.records[at].kind
        else {
            return;
        };
        *s = state.clone();
        let was = stacking.hidden_by.take();
        stacking.hidden_by = stacking.hide_levels.iter().find_map(|&i| {
            let v = levels.get(i)?;
            crate::visibility::mask_on("hide;", &v).then(|| player_key(&v))
        });
        let now = stacking.hidden_by;
        let parent = *parent;
        match parent {
            // A stacked piece is where its stack is (old saves write `null` for its map).
            Some((p, _)) => {
                *pos = (x, y);
                self.count_hider(p, was, false);
                self.count_hider(p, now, true);
            }
            None => self.relocate(at, map, (x, y)),
        }
    }

    /// One more (or one less) piece of stack `p` hidden by `by` (`None`: by nobody).
    fn count_hider(&mut self, p: usize, by: Option<u64>, more: bool) {
        let RecKind::Stack { open, hiders, .. } = &mut self.records[p].kind else {
            return;
        };
        match by {
            None if more => *open += 1,
            None => *open = open.saturating_sub(1),
            Some(h) if more => *hiders.entry(h).or_default() += 1,
            Some(h) => {
                if let Some(n) = hiders.get_mut(&h) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        hiders.remove(&h);
                    }
                }
            }
        }
    }

    fn hidden_by(&self, at: usize) -> Option<u64> {
        match &self.records[at].kind {
            RecKind::Piece { stacking, .. } => stacking.hidden_by,
            RecKind::Stack { .. } => None,
        }
    }

    /// A piece leaves its stack; it keeps the stack's place as its own, on its own there.
    fn detach(&mut self, at: usize) {
        work::add(1);
        let (parent, key) = match &self.records[at].kind {
            RecKind::Piece {
                parent: Some(p), ..
            } => *p,
            _ => return,
        };
        if let RecKind::Stack { children, .. } = &mut self.records[parent].kind {
            children.remove(&key);
        }
        let by = self.hidden_by(at);
        self.count_hider(parent, by, false);
        self.loosen(at);
    }

    /// A loose piece joins a stack at `slot`.
    fn attach(&mut self, at: usize, stack: usize, slot: Slot) {
        work::add(1);
        self.unplace(at);
        let key = self.key_for(stack, slot);
        if let RecKind::Stack { children, .. } = &mut self.records[stack].kind {
            children.insert(key, at);
        }
        if let RecKind::Piece { parent, .. } = &mut self.records[at].kind {
            *parent = Some((stack, key));
        }
        let by = self.hidden_by(at);
        self.count_hider(stack, by, true);
    }

    /// A free key of `stack`'s order at `slot`.
    fn key_for(&mut self, stack: usize, slot: Slot) -> i128 {
        for _ in 0..2 {
            let RecKind::Stack { children, .. } = &self.records[stack].kind else {
                return 0;
            };
            let first = children.keys().next().copied();
            let last = children.keys().next_back().copied();
            let key = match slot {
                Slot::Bottom => first.map_or(Some(0), |f| f.checked_sub(KEY_GAP)),
                Slot::Top => last.map_or(Some(0), |l| l.checked_add(KEY_GAP)),
                Slot::Above(piece) => match &self.records[piece].kind {
                    RecKind::Piece {
                        parent: Some((p, k)),
                        ..
                    } if *p == stack => {
                        let k = *k;
                        match children.range(k + 1..).next() {
                            None => k.checked_add(KEY_GAP),
                            Some((&next, _)) if next - k >= 2 => Some(k + (next - k) / 2),
                            Some(_) => None,
                        }
                    }
                    _ => last.map_or(Some(0), |l| l.checked_add(KEY_GAP)),
                },
            };
            if let Some(key) = key {
                return key;
            }
            self.respace(stack);
        }
        0
    }

    /// The keys of a stack's pieces spaced [`KEY_GAP`] apart again.
    fn respace(&mut self, stack: usize) {
        let RecKind::Stack { children, .. } = &mut self.records[stack].kind else {
            return;
        };
        let kids: Vec<usize> = std::mem::take(children).into_values().collect();
        work::add_len(kids.len());
        let mut key: i128 = 0;
        for &k in &kids {
            if let RecKind::Stack { children, .. } = &mut self.records[stack].kind {
                children.insert(key, k);
            }
            if let RecKind::Piece { parent, .. } = &mut self.records[k].kind {
                *parent = Some((stack, key));
            }
            key = key.saturating_add(KEY_GAP);
        }
    }

    /// A piece is loose: where its stack was, it now is on its own.
    fn loosen(&mut self, at: usize) {
        let place = self.place_of(at);
        if let RecKind::Piece {
            parent, map, pos, ..
        } = &mut self.records[at].kind
        {
            *map = place.0;
            *pos = place.1;
            *parent = None;
        }
        self.place(at, None);
    }

    /// A piece left out of stack `stack`'s new state: loose where the stack is.
    fn loosen_from(&mut self, at: usize, stack: usize) {
        let place = self.place_of(stack);
        if let RecKind::Piece {
            parent, map, pos, ..
        } = &mut self.records[at].kind
        {
            *map = place.0;
            *pos = place.1;
            *parent = None;
        }
        self.place(at, None);
    }

    /// The point a record stands on, if it stands on one on its own.
    fn place_key(&self, at: usize) -> Option<(String, i32, i32)> {
        match &self.records[at].kind {
            RecKind::Stack {
                map: Some(m), pos, ..
            }
            | RecKind::Piece {
                map: Some(m),
                pos,
                parent: None,
                ..
            } => Some((m.clone(), pos.0, pos.1)),
            _ => None,
        }
    }

    /// A record stands on its point (last among those there, or with the key it had).
    fn place(&mut self, at: usize, key: Option<u64>) {
        if self.records[at].removed {
            return;
        }
        if let Some(k) = self.place_key(at) {
            let key = key.unwrap_or_else(|| {
                self.order += 1;
                self.order
            });
            self.places.entry(k).or_default().insert(key, at);
            self.records[at].placed = Some(key);
        }
    }

    fn unplace(&mut self, at: usize) {
        let Some(key) = self.records[at].placed.take() else {
            return;
        };
        if let Some(k) = self.place_key(at)
            && let Some(v) = self.places.get_mut(&k)
        {
            v.remove(&key);
            if v.is_empty() {
                self.places.remove(&k);
            }
        }
    }

    /// A record on its own (a stack, a deck, a piece in no stack) goes to `map` and `pos`: it
    /// keeps its place in the map's order if it stays on the same map.
    fn relocate(&mut self, at: usize, map: Option<String>, pos: (i32, i32)) {
        let same_map = self.place_of(at).0 == map;
        let key = self.records[at].placed.filter(|_| same_map);
        self.unplace(at);
        match &mut self.records[at].kind {
            RecKind::Stack { map: m, pos: p, .. }
            | RecKind::Piece {
                map: m,
                pos: p,
                parent: None,
                ..
            } => {
                *m = map;
                *p = pos;
            }
            RecKind::Piece { .. } => {}
        }
        self.place(at, key);
    }

    /// Where a record is: its stack's map and point if it is in one.
    pub(crate) fn place_of(&self, at: usize) -> (Option<String>, (i32, i32)) {
        match &self.records[at].kind {
            RecKind::Piece {
                parent: Some((p, _)),
                ..
            } => match &self.records[*p].kind {
                RecKind::Stack { map, pos, .. } => (map.clone(), *pos),
                RecKind::Piece { map, pos, .. } => (map.clone(), *pos),
            },
            RecKind::Piece { map, pos, .. } | RecKind::Stack { map, pos, .. } => {
                (map.clone(), *pos)
            }
        }
    }

    /// The stack or deck a piece is in.
    pub(crate) fn parent_of(&self, at: usize) -> Option<&Record> {
        self.parent_index(at).and_then(|p| self.records.get(p))
    }

    fn parent_index(&self, at: usize) -> Option<usize> {
        match &self.records[at].kind {
            RecKind::Piece {
                parent: Some((p, _)),
                ..
            } => Some(*p),
            _ => None,
        }
    }

    /// Each piece in a deck: its place there counted from the top (1: the top card) and the
    /// deck's size, by the piece's record.
    pub(crate) fn deck_places(&self) -> HashMap<usize, (usize, usize)> {
        let mut out = HashMap::new();
        for rec in &self.records {
            if rec.removed {
                continue;
            }
            if let RecKind::Stack {
                children,
                deck: Some(_),
                ..
            } = &rec.kind
            {
                let n = children.len();
                work::add_len(n);
                for (i, &k) in children.values().enumerate() {
                    out.insert(k, (n - i, n));
                }
            }
        }
        out
    }

    /// A piece or stack moved as VASSAL's `MovePiece` does: onto the piece it is moved
    /// under if that is still at the point, else into what its merge finder finds there (a
    /// deck; a stack with a piece the mover sees; a piece the mover sees, if both may stack),
    /// else on its own (a piece in no stack in a stack of its own). Moved without a piece
    /// under it, a piece that joins a stack goes to its bottom.
    fn move_to(
        &mut self,
        at: usize,
        map: Option<String>,
        pos: (i32, i32),
        under: Option<&str>,
        player: Option<u64>,
    ) {
        let Some(map) = map else {
            // Off every map.
            self.detach(at);
            self.relocate(at, None, pos);
            return;
        };
        let target = Some(map.clone());
        let below = under
            .and_then(|u| self.index.get(u).copied())
            .filter(|&u| u != at && !self.records[u].removed)
            .filter(|&u| self.place_of(u) == (target.clone(), pos));
        if let Some(u) = below {
            self.merge(u, at);
            return;
        }
        if !self.find_merge(at, &map, pos, player) {
            self.place_alone(at, map, pos);
        }
        if under.is_none()
            && let Some(p) = self.parent_index(at)
        {
            self.detach(at);
            self.attach(at, p, Slot::Bottom);
        }
    }

    /// VASSAL's merge finder at a point, in the order its map visits its pieces: whether the
    /// moved record joined something there.
    fn find_merge(&mut self, at: usize, map: &str, pos: (i32, i32), player: Option<u64>) -> bool {
        let moving_no_stack = match &self.records[at].kind {
            RecKind::Piece { stacking, .. } => stacking.no_stack,
            RecKind::Stack { deck, .. } => deck.is_some(),
        };
        let Some(here) = self.places.get(&(map.to_string(), pos.0, pos.1)) else {
            return false;
        };
        let mut found = None;
        let mut crowded = false;
        for (n, &c) in here.values().enumerate() {
            work::add(1);
            if n >= MAX_MERGE_CANDIDATES {
                crowded = true;
                break;
            }
            if c == at {
                continue;
            }
            let joins = match &self.records[c].kind {
                RecKind::Stack { deck: Some(_), .. } => true,
                RecKind::Stack { open, hiders, .. } => {
                    !moving_no_stack
                        && (*open > 0
                            || player.is_some_and(|p| hiders.get(&p).is_some_and(|&n| n > 0)))
                }
                RecKind::Piece { stacking, .. } => {
                    !moving_no_stack
                        && !stacking.no_stack
                        && stacking.hidden_by.is_none_or(|h| Some(h) == player)
                }
            };
            if joins {
                found = Some(c);
                break;
            }
        }
        if crowded {
            self.crowded += 1;
        }
        match found {
            Some(c) => {
                self.merge(c, at);
                true
            }
            None => false,
        }
    }

    /// VASSAL's `StackMetrics.merge(fixed, moving)`: `moving` (a piece, or a stack's pieces)
    /// goes right above `fixed` (above the top piece seen of a stack), in `fixed`'s stack or in
    /// a new one with it.
    fn merge(&mut self, fixed: usize, moving: usize) {
        let fixed = self.top_seen(fixed).unwrap_or(fixed);
        let fixed_parent = self.parent_index(fixed);
        if moving == fixed || fixed_parent == Some(moving) {
            return;
        }
        let (stack, mut slot) = match fixed_parent {
            Some(p) => (p, Slot::Above(fixed)),
            None if matches!(self.records[fixed].kind, RecKind::Stack { .. }) => (fixed, Slot::Top),
            None => {
                let (map, pos) = self.place_of(fixed);
                let s = self.new_stack(map, pos);
                self.attach(fixed, s, Slot::Top);
                (s, Slot::Top)
            }
        };
        let movers: Vec<usize> = match &self.records[moving].kind {
            RecKind::Stack { children, .. } => children.values().copied().collect(),
            RecKind::Piece { .. } => vec![moving],
        };
        for m in movers {
            self.detach(m);
            self.attach(m, stack, slot);
            slot = Slot::Above(m);
        }
    }

    /// A stack's top piece that no player hides (VASSAL's `Stack.topPiece()` for a viewer who
    /// hides nothing); `None` for a piece, or a stack without one.
    fn top_seen(&mut self, stack: usize) -> Option<usize> {
        let RecKind::Stack { children, open, .. } = &self.records[stack].kind else {
            return None;
        };
        if *open == 0 {
            return None;
        }
        let top = children
            .values()
            .rev()
            .take(MAX_MERGE_CANDIDATES)
            .copied()
            .find(|&k| {
                work::add(1);
                self.hidden_by(k).is_none()
            });
        if top.is_none() {
            self.crowded += 1;
        }
        top
    }

    /// A record that joined nothing: a stack or a piece that never stacks where it is moved,
    /// a piece of a stack out of it, a piece in no stack in a new stack of its own.
    fn place_alone(&mut self, at: usize, map: String, pos: (i32, i32)) {
        let wrap = match &self.records[at].kind {
            RecKind::Piece {
                parent: None,
                stacking,
                ..
            } => !stacking.no_stack,
            _ => false,
        };
        self.detach(at);
        self.relocate(at, Some(map.clone()), pos);
        if wrap {
            let s = self.new_stack(Some(map), pos);
            self.attach(at, s, Slot::Top);
        }
    }

    /// A stack the replay makes where VASSAL makes one without a command to say so.
    fn new_stack(&mut self, map: Option<String>, pos: (i32, i32)) -> usize {
        self.synthetic += 1;
        let s = self.records.len();
        self.records.push(Record {
            id: format!("stack-{}", self.synthetic),
            removed: false,
            kind: RecKind::Stack {
                map,
                pos,
                children: BTreeMap::new(),
                deck: None,
                open: 0,
                hiders: HashMap::new(),
            },
            placed: None,
        });
        self.place(s, None);
        s
    }

    /// The stacks and decks, in the order added, each with its pieces bottom first.
    pub(crate) fn stacks(&self) -> Vec<StackView<'_>> {
        self.records
            .iter()
            .filter(|r| !r.removed)
            .filter_map(|r| match &r.kind {
                RecKind::Stack {
                    map, pos, children, ..
                } => Some(StackView {
                    id: &r.id,
                    map: map.as_deref(),
                    pos: *pos,
                    pieces: children
                        .values()
                        .map(|&k| self.records[k].id.as_str())
                        .collect(),
                }),
                RecKind::Piece { .. } => None,
            })
            .collect()
    }

    /// Each piece's id, type and state (stacks and decks excluded), in the order added.
    pub(crate) fn raw_pieces(&self) -> Vec<(&str, &str, &str)> {
        self.records
            .iter()
            .filter(|r| !r.removed)
            .filter_map(|r| match &r.kind {
                RecKind::Piece { ty, state, .. } => Some((r.id.as_str(), &**ty, &**state)),
                RecKind::Stack { .. } => None,
            })
            .collect()
    }

    /// The ids of the pieces in the game (stacks and decks excluded), in the order added.
    pub fn piece_ids(&self) -> Vec<&str> {
        self.records
            .iter()
            .filter(|r| !r.removed && matches!(r.kind, RecKind::Piece { .. }))
            .map(|r| r.id.as_str())
            .collect()
    }
}

/// Version warnings: the module the save was made with against the one read.
pub(crate) fn version_warnings(module: &Module, save: &Save) -> Vec<Warning> {
    let mut out = Vec::new();
    if let Some(v) = &save.module_version
        && !module.version.is_empty()
        && *v != module.version
    {
        out.push(diag(
                ErrorKind::VersionMismatch,
                format!("the save was made with version {v} of the module; the module read is version {}", module.version),
            )
            .in_file(&save.name));
    }
    if let Some(n) = &save.module_name
        && !module.name.is_empty()
        && *n != module.name
    {
        out.push(
            diag(
                ErrorKind::VersionMismatch,
                format!(
                    "the save was made with module `{n}`; the module read is `{}`",
                    module.name
                ),
            )
            .in_file(&save.name),
        );
    }
    out
}

/// At most [`limits::MAX_WARNINGS`] warnings, the rest counted in a last one.
pub(crate) fn cap_warnings(warnings: &mut Vec<Warning>) {
    if warnings.len() > limits::MAX_WARNINGS {
        let more = warnings.len() - limits::MAX_WARNINGS;
        warnings.truncate(limits::MAX_WARNINGS);
        warnings.push(diag(ErrorKind::Limit, format!("and {more} more warnings")));
    }
}

/// Warnings as their one-line text (the JSON form).
pub(crate) fn warnings_as_text<S: serde::Serializer>(
    w: &[Warning],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(w.iter().map(|d| d.to_string()))
}
