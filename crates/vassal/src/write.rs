//! Writing VASSAL's formats: saved games (commands, obfuscated, zipped) and modules (a
//! buildFile and image headers in a zip), for tools and tests that need VASSAL files without
//! VASSAL. What is written here reads back with [`Save`](crate::Save) and
//! [`Module`](crate::Module) as VASSAL would read it.

use crate::archive::Writer;
use crate::obfuscation;
use crate::save::COMMAND_SEPARATOR;
use crate::seq::Encoder;

/// A piece's type or state from its traits (outermost first) around the basic piece's, nested
/// as VASSAL nests them (tab-separated, each level escaped).
pub fn nest(outer_first: &[&str], basic: &str) -> String {
    let mut full = basic.to_string();
    for t in outer_first.iter().rev() {
        full = Encoder::new('\t').push(t).push(&full).finish();
    }
    full
}

/// The add-piece command for a piece (`+/id/type/state`).
pub fn add_piece(id: &str, ty: &str, state: &str) -> String {
    format!(
        "+/{}",
        Encoder::new('/').push(id).push(ty).push(state).finish()
    )
}

/// A saved game's or log's text, command by command.
///
/// ```
/// use vassal::write::SaveText;
/// let text = SaveText::new()
///     .boards("Main", &[("Board", 0, 0)])
///     .piece("p1", "Tank", "Main", 100, 80, &[("mark;Side", "Blue")])
///     .log_move("p1", "Main", 160, 80)
///     .finish();
/// let save = vassal::Save::from_bytes(text.as_bytes(), "t.vlog").unwrap();
/// assert_eq!(save.steps(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SaveText {
    restore: Vec<String>,
    log: Vec<String>,
}

impl SaveText {
    /// An empty game.
    pub fn new() -> Self {
        SaveText::default()
    }

    /// A raw command in the saved position (before the log).
    pub fn command(mut self, command: &str) -> Self {
        self.restore.push(command.to_string());
        self
    }

    /// The boards of a map: (board name, column, row); a name ending in `/rev` is reversed.
    pub fn boards(self, map: &str, boards: &[(&str, i32, i32)]) -> Self {
        let mut e = Encoder::new('\t').push(&format!("{map}BoardPicker"));
        for (name, col, row) in boards {
            e = e.push(name).push(&col.to_string()).push(&row.to_string());
        }
        let cmd = e.finish();
        self.command(&cmd)
    }

    /// A piece named `name` with traits (type, state; outermost first) at `(x, y)` of `map`.
    pub fn piece(
        self,
        id: &str,
        name: &str,
        map: &str,
        x: i32,
        y: i32,
        traits: &[(&str, &str)],
    ) -> Self {
        let types: Vec<&str> = traits.iter().map(|t| t.0).collect();
        let states: Vec<&str> = traits.iter().map(|t| t.1).collect();
        let basic_type = Encoder::new(';')
            .push("piece")
            .push("")
            .push("")
            .push("")
            .push(name)
            .finish();
        let basic_state = format!("{map};{x};{y};;0");
        let cmd = add_piece(id, &nest(&types, &basic_type), &nest(&states, &basic_state));
        self.command(&cmd)
    }

    /// A stack of pieces (by id) at `(x, y)` of `map`.
    pub fn stack(self, id: &str, map: &str, x: i32, y: i32, pieces: &[&str]) -> Self {
        let mut state = Encoder::new(';')
            .push(map)
            .push(&x.to_string())
            .push(&y.to_string());
        for p in pieces {
            state = state.push(p);
        }
        let cmd = add_piece(id, "stack", &format!("{};@@0", state.finish()));
        self.command(&cmd)
    }

    /// A log step: a raw command.
    pub fn log(mut self, command: &str) -> Self {
        self.log.push(command.to_string());
        self
    }

    /// A log step moving a piece to `(x, y)` of `map`.
    pub fn log_move(self, id: &str, map: &str, x: i32, y: i32) -> Self {
        let cmd = format!("M/{id}/{map}/{x}/{y}/null/null/0/0/null/player");
        self.log(&cmd)
    }

    /// The text: `begin_save`, the saved position, `end_save`, then the log's steps.
    pub fn finish(self) -> String {
        let mut e = Encoder::new(COMMAND_SEPARATOR).push("begin_save");
        for c in &self.restore {
            e = e.push(c);
        }
        e = e.push("end_save");
        for c in &self.log {
            e = e.push(&format!("LOG\t{c}"));
        }
        e.finish()
    }

    /// The file VASSAL writes: the text obfuscated in a zip's `savedGame` entry.
    pub fn to_file(self) -> Vec<u8> {
        let text = self.finish();
        save_file(text.as_bytes())
    }
}

/// A saved-game file around a `savedGame` text: obfuscated (`!VCSK`), zipped.
pub fn save_file(text: &[u8]) -> Vec<u8> {
    let mut zip = Writer::new();
    zip.add("savedGame", &obfuscation::obfuscate(text, 0x5a));
    zip.finish()
}

/// A module file: the buildFile (as `buildFile.xml`) and images (name, bytes) under `images/`.
pub fn module_file(build_file: &str, images: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = Writer::new();
    zip.add("buildFile.xml", build_file.as_bytes());
    for (name, bytes) in images {
        zip.add(&format!("images/{name}"), bytes);
    }
    zip.finish()
}

/// The first bytes of a PNG of that size (all a module reader needs of a board image).
pub fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut v = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    v.extend_from_slice(&width.to_be_bytes());
    v.extend_from_slice(&height.to_be_bytes());
    v.extend_from_slice(&[8, 6, 0, 0, 0]);
    v
}
