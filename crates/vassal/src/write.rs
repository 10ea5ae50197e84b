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

/// A saved-game file as VASSAL 3.x writes it: the text obfuscated (`!VCSK`, lowercase hex) in
/// a zip's `savedGame` entry, then the `savedata` and `moduledata` entries (XML) that name the
/// VASSAL version that saved it and the module (`name`, `version`) it was saved with (and,
/// from VASSAL 3.7 on, the module's extra fields `extra1` and `extra2`, empty).
/// `date_saved` is the time of saving (milliseconds since 1970), as VASSAL records it.
///
/// ```
/// use vassal::write::{SaveText, save_file_3x};
/// let text = SaveText::new().boards("Main", &[("Board", 0, 0)]).finish();
/// let file = save_file_3x(text.as_bytes(), "Demo & Co", "1.2", "3.7.9", 1_700_000_000_000);
/// let save = vassal::Save::from_bytes(&file, "game.vsav").unwrap();
/// assert_eq!(save.module_name.as_deref(), Some("Demo & Co"));
/// assert_eq!(save.module_version.as_deref(), Some("1.2"));
/// assert_eq!(save.vassal_version.as_deref(), Some("3.7.9"));
/// ```
pub fn save_file_3x(
    text: &[u8],
    module: &str,
    module_version: &str,
    vassal_version: &str,
    date_saved: u64,
) -> Vec<u8> {
    let head =
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n";
    let element = |tag: &str, value: &str| {
        if value.is_empty() {
            format!("  <{tag}/>\n")
        } else {
            format!("  <{tag}>{}</{tag}>\n", xml_escape(value))
        }
    };
    // VASSAL 3.7 added the module's two extra fields.
    let mut numbers = vassal_version
        .split('.')
        .map(|n| n.parse::<u32>().unwrap_or(0));
    let since_3_7 = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0)) >= (3, 7);
    let extra = if since_3_7 {
        element("extra1", "") + &element("extra2", "")
    } else {
        String::new()
    };
    let common = element("version", module_version)
        + &extra
        + &element("VassalVersion", vassal_version)
        + &element("dateSaved", &date_saved.to_string());
    let savedata = format!("{head}{common}</data>\n");
    let moduledata = format!(
        "{head}{common}{}{}</data>\n",
        element("description", ""),
        element("name", module)
    );
    let mut zip = Writer::new();
    zip.add("savedGame", &obfuscation::obfuscate(text, 0x5a));
    zip.add("savedata", savedata.as_bytes());
    zip.add("moduledata", moduledata.as_bytes());
    zip.finish()
}

/// A palette entry of a buildFile, as VASSAL writes it (`PieceSlot.getBuildElement`): the
/// element `VASSAL.build.widget.PieceSlot` with attributes `entryName`, `gpid`, `height` and
/// `width`, its text the piece's definition (`+/null/TYPE/STATE`, see [`add_piece`] and
/// [`nest`]; its traits may name prototypes, which VASSAL expands when it places the piece).
/// The name and the definition are escaped for XML.
///
/// ```
/// use vassal::write::{add_piece, nest, piece_slot};
/// let definition = add_piece(
///     "null",
///     &nest(&["mark;Side", "prototype;Unit"], "piece;;;tank.png;Tank <1>"),
///     &nest(&["Blue", ""], "null;0;0;101;0"),
/// );
/// let slot = piece_slot("Tank <1>", "101", (75, 64), &definition);
/// assert!(slot.starts_with(r#"<VASSAL.build.widget.PieceSlot entryName="Tank &lt;1&gt;" gpid="101" height="64" width="75">+/null/"#));
/// let build_file = format!(
///     r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.PieceWindow name="Pieces">{slot}</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>"#
/// );
/// let module = vassal::Module::from_build_file(&build_file, "b.xml", &Default::default()).unwrap();
/// assert_eq!(module.palette[0].path, "Pieces / Tank <1>");
/// assert_eq!(module.palette[0].gpid.as_deref(), Some("101"));
/// assert_eq!(module.palette[0].definition, definition);
/// ```
pub fn piece_slot(
    entry_name: &str,
    gpid: &str,
    (width, height): (u32, u32),
    definition: &str,
) -> String {
    format!(
        "<{SLOT} entryName=\"{}\" gpid=\"{}\" height=\"{height}\" width=\"{width}\">{}</{SLOT}>",
        xml_escape(entry_name),
        xml_escape(gpid),
        xml_escape(definition),
    )
}

const SLOT: &str = "VASSAL.build.widget.PieceSlot";

/// Text escaped for an XML attribute or element.
fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
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
