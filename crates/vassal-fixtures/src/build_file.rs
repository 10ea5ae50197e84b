//! Writing a module's buildFile: the XML elements VASSAL names by class, the palette (a piece
//! window of panels of `PieceSlot`s), prototypes and zones.

use vassal::seq::Encoder;
use vassal::write::{add_piece, nest, piece_slot};

/// The classes of the buildFile's elements.
pub(crate) const PICKER: &str = "VASSAL.build.module.map.BoardPicker";
pub(crate) const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";
pub(crate) const ZONED: &str = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
const ZONE: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone";
pub(crate) const HEX: &str = "VASSAL.build.module.map.boardPicker.board.HexGrid";
pub(crate) const HEXN: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
pub(crate) const REGIONS: &str = "VASSAL.build.module.map.boardPicker.board.RegionGrid";
pub(crate) const REGION: &str = "VASSAL.build.module.map.boardPicker.board.Region";
const WINDOW: &str = "VASSAL.build.module.PieceWindow";
const TAB: &str = "VASSAL.build.widget.TabWidget";
const LIST: &str = "VASSAL.build.widget.ListWidget";
const PANEL: &str = "VASSAL.build.widget.PanelWidget";

/// The VASSAL version the modules and saves are written as.
pub(crate) const VASSAL_VERSION: &str = "3.7.9";
/// The modules' version.
pub(crate) const MODULE_VERSION: &str = "1.0";

/// `s` as an XML attribute's value or text.
pub(crate) fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A palette entry: the panel holding it, its name, its traits (type, state; outermost first,
/// prototypes named as the module's entries name them) and its basic piece's image.
pub(crate) struct Slot {
    panel: &'static str,
    name: String,
    traits: Vec<(String, String)>,
    pub(crate) image: String,
}

impl Slot {
    /// The entry `name` in `panel`, its image named after it.
    pub(crate) fn new(panel: &'static str, name: &str, traits: &[(&str, &str)]) -> Slot {
        let image: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        Slot {
            panel,
            name: name.to_string(),
            traits: traits
                .iter()
                .map(|(t, s)| (t.to_string(), s.to_string()))
                .collect(),
            image,
        }
    }

    /// Its definition (`+/null/TYPE/STATE`), placed pieces taking `gpid`.
    fn definition(&self, gpid: u32) -> String {
        let types: Vec<&str> = self.traits.iter().map(|t| t.0.as_str()).collect();
        let states: Vec<&str> = self.traits.iter().map(|t| t.1.as_str()).collect();
        let basic = Encoder::new(';')
            .push("piece")
            .push("")
            .push("")
            .push(&format!("{}.png", self.image))
            .push(&self.name)
            .finish();
        add_piece(
            "null",
            &nest(&types, &basic),
            &nest(&states, &format!("null;0;0;{gpid};0")),
        )
    }
}

/// A panel of the piece window: its name, and the list holding it (if any).
pub(crate) struct Panel {
    pub(crate) name: &'static str,
    pub(crate) list: Option<&'static str>,
}

/// The piece window `name`: one tab, its panels in order (consecutive panels of one list inside
/// that list), each with its entries, numbered (`gpid`) from 101; and the next free `gpid`.
pub(crate) fn piece_window(name: &str, panels: &[Panel], slots: &[Slot]) -> (String, u32) {
    let mut out = format!(
        "  <{WINDOW} name=\"{}\">\n    <{TAB} entryName=\"Counters\">\n",
        xml(name)
    );
    let mut gpid = 101;
    let mut open_list: Option<&str> = None;
    for panel in panels {
        if open_list.is_some() && open_list != panel.list {
            out.push_str(&format!("      </{LIST}>\n"));
            open_list = None;
        }
        if let Some(list) = panel.list.filter(|l| open_list != Some(*l)) {
            out.push_str(&format!(
                "      <{LIST} divider=\"150\" entryName=\"{}\">\n",
                xml(list)
            ));
            open_list = Some(list);
        }
        let indent = if open_list.is_some() {
            "        "
        } else {
            "      "
        };
        out.push_str(&format!(
            "{indent}<{PANEL} entryName=\"{}\" fixed=\"false\" nColumns=\"8\" scale=\"1.0\" vert=\"false\">\n",
            xml(panel.name)
        ));
        for slot in slots.iter().filter(|s| s.panel == panel.name) {
            let element = piece_slot(
                &slot.name,
                &gpid.to_string(),
                (75, 64),
                &slot.definition(gpid),
            );
            out.push_str(&format!("{indent}  {element}\n"));
            gpid += 1;
        }
        out.push_str(&format!("{indent}</{PANEL}>\n"));
    }
    if open_list.is_some() {
        out.push_str(&format!("      </{LIST}>\n"));
    }
    out.push_str(&format!("    </{TAB}>\n  </{WINDOW}>\n"));
    (out, gpid)
}

/// A prototype's definition: its traits (type, state; outermost first) around an empty basic
/// piece.
pub(crate) fn prototype(traits: &[(&str, &str)]) -> String {
    let types: Vec<&str> = traits.iter().map(|t| t.0).collect();
    let states: Vec<&str> = traits.iter().map(|t| t.1).collect();
    add_piece(
        "null",
        &nest(&types, "piece;;;;"),
        &nest(&states, "null;0;0;;0"),
    )
}

/// The module's prototypes, each (name, definition).
pub(crate) fn prototypes(defs: &[(&str, String)]) -> String {
    let mut out = String::from("  <VASSAL.build.module.PrototypesContainer>\n");
    for (name, def) in defs {
        out.push_str(&format!(
            "    <VASSAL.build.module.PrototypeDefinition name=\"{}\">{}</VASSAL.build.module.PrototypeDefinition>\n",
            xml(name),
            xml(def)
        ));
    }
    out.push_str("  </VASSAL.build.module.PrototypesContainer>\n");
    out
}

/// VASSAL's Delete trait.
pub(crate) const DELETE: &str = "delete;Delete;68,130;";

/// The prototype `Marker` of both modules: a marker can be deleted; marker `Kind`.
pub(crate) fn marker_prototype() -> String {
    prototype(&[(DELETE, ""), ("mark;Kind", "Marker")])
}

/// A zone `name` of a board's zoned grid: the rectangle at `(x, y)`, `w` by `h` pixels.
pub(crate) fn zone(name: &str, (x, y): (i32, i32), (w, h): (i32, i32)) -> String {
    format!(
        "          <{ZONE} locationFormat=\"$name$\" name=\"{}\" path=\"{x},{y};{},{y};{},{};{x},{}\" useParentGrid=\"false\"/>\n",
        xml(name),
        x + w,
        x + w,
        y + h,
        y + h
    )
}
