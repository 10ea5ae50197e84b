//! The pieces as a readable listing ([`Pieces::text`]): what VASSAL hides stays hidden, as in
//! the pieces themselves.

use std::fmt::Write as _;

use wargame_kit::terminal::one_line;

use crate::Pieces;

/// Properties every piece has, shown in the text as the columns they duplicate.
const DERIVED: [&str; 9] = [
    "BasicName",
    "PieceName",
    "LocationName",
    "CurrentMap",
    "CurrentBoard",
    "CurrentZone",
    "CurrentX",
    "CurrentY",
    "DeckName",
];

impl Pieces {
    /// The readable listing (`victory vassal pieces`): a header, then the pieces map by map
    /// (in the order the maps first hold a piece), one line each: place, name, id, zone, deck,
    /// slot, prototypes, layers and properties. It shows what the pieces show: a masked piece
    /// says so beside its name, a withheld id or place is not written, invisible pieces are
    /// only counted. Every name from the files is written on one line
    /// ([`wargame_kit::terminal::one_line`]).
    ///
    /// # Example
    ///
    /// ```
    /// use vassal::{BoardSizes, Module, Options, Save};
    /// let build_file = r#"<VASSAL.build.GameModule name="Demo" version="1" VassalVersion="3.7.9">
    ///   <VASSAL.build.module.Map mapName="Main">
    ///     <VASSAL.build.module.map.BoardPicker>
    ///       <VASSAL.build.module.map.boardPicker.Board name="Board" width="600" height="400"/>
    ///     </VASSAL.build.module.map.BoardPicker>
    ///   </VASSAL.build.module.Map>
    /// </VASSAL.build.GameModule>"#;
    /// let module = Module::from_build_file(build_file, "buildFile.xml", &BoardSizes::new()).unwrap();
    /// let text = vassal::write::SaveText::new()
    ///     .boards("Main", &[("Board", 0, 0)])
    ///     .piece("p1", "Infantry", "Main", 112, 96, &[])
    ///     .finish();
    /// let save = Save::from_bytes(text.as_bytes(), "game.vsav").unwrap();
    /// let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    /// let listing = pieces.text();
    /// assert!(listing.starts_with("game.vsav: 1 pieces (0 masked); "));
    /// assert!(listing.contains("\nmap Main\n"));
    /// assert!(listing.contains("Infantry  [id p1]"));
    /// ```
    pub fn text(&self) -> String {
        text(self)
    }
}

/// The readable listing of [`Pieces::text`].
fn text(p: &Pieces) -> String {
    let mut out = String::new();
    let masked = p.pieces.iter().filter(|x| x.masked).count();
    let invisible = if p.invisible > 0 {
        format!(", {} invisible not shown", p.invisible)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{}: {} pieces ({masked} masked{invisible}); {} commands read, {} skipped; log step {} of {}",
        one_line(&p.save),
        p.pieces.len(),
        p.commands.read,
        p.commands.skipped,
        p.step,
        p.steps
    );
    // The pieces by map, the maps in the order they first hold a piece.
    let mut maps: Vec<(Option<&str>, Vec<&crate::Piece>)> = Vec::new();
    let mut at: std::collections::HashMap<Option<&str>, usize> = std::collections::HashMap::new();
    for piece in &p.pieces {
        let m = piece.map.as_deref();
        let i = *at.entry(m).or_insert_with(|| {
            maps.push((m, Vec::new()));
            maps.len() - 1
        });
        maps[i].1.push(piece);
    }
    for (m, pieces) in maps {
        let _ = writeln!(out, "\nmap {}", m.map_or("(none)".into(), one_line));
        for piece in pieces {
            out.push_str(&piece_line(piece));
            out.push('\n');
        }
    }
    out
}

/// One piece of the listing: place, name, id, zone, deck, layers and properties, on one line.
fn piece_line(piece: &crate::Piece) -> String {
    let hidden = piece.hidden.map_or("masked", hidden_word);
    let name = match (&piece.name, piece.masked) {
        (Some(n), true) => format!("{} ({hidden})", one_line(n)),
        (Some(n), false) => one_line(n).into_owned(),
        (None, _) => hidden.to_string(),
    };
    let place = match (&piece.location, piece.x, piece.y) {
        (Some(l), Some(x), Some(y)) => format!("{:<10} ({x}, {y})", one_line(l)),
        _ => format!("{:<10} (withheld)", "withheld"),
    };
    // A face-down card's id, or a private window's piece's, is withheld (it would name the
    // piece): its deck and its place in the deck say which card it is.
    let mut line = match &piece.id {
        Some(id) => format!("  {place}  {name}  [id {}]", one_line(id)),
        None => format!("  {place}  {name}"),
    };
    if let Some(z) = piece
        .zone
        .as_deref()
        .filter(|z| !z.is_empty() && Some(*z) != piece.location.as_deref())
    {
        let _ = write!(line, " zone {}", one_line(z));
    }
    if let Some(d) = &piece.deck {
        let _ = write!(line, " deck {}", one_line(d));
        if let (Some(n), Some(of)) = (piece.deck_position, piece.deck_size) {
            let _ = write!(line, " (card {n} of {of} from the top)");
        }
    }
    if let Some(slot) = &piece.slot {
        let _ = write!(line, " {}", slot_words(slot));
    }
    if !piece.prototypes.is_empty() {
        let names: Vec<String> = piece
            .prototypes
            .iter()
            .map(|p| one_line(p).into_owned())
            .collect();
        let _ = write!(line, " prototypes {}", names.join(", "));
    }
    // Layers as `layer NAME=LEVEL` (the level's name after it), not their four properties.
    let layer_keys: Vec<String> = piece
        .layers
        .iter()
        .flat_map(|l| ["_Level", "_Active", "_Name", "_Image"].map(|s| format!("{}{s}", l.name)))
        .collect();
    for l in &piece.layers {
        let name = if l.name.is_empty() {
            "(unnamed)".into()
        } else {
            one_line(&l.name)
        };
        let _ = write!(line, " layer {name}={}", l.level);
        if !l.level_name.is_empty() {
            let _ = write!(line, " ({})", one_line(l.level_name.trim()));
        }
    }
    for (k, v) in piece
        .properties
        .iter()
        .filter(|(k, _)| !DERIVED.contains(&k.as_str()) && !layer_keys.contains(k))
    {
        let _ = write!(line, " {}={}", one_line(k), one_line(v));
    }
    line
}

/// The palette entry a piece was placed from, as the listing says it: `slot PATH`, how it was
/// found when not exactly.
fn slot_words(slot: &crate::Slot) -> String {
    match slot.found {
        crate::Found::Ambiguous => {
            format!("slot ambiguous ({} entries fit)", slot.fitting)
        }
        crate::Found::Approximate => format!(
            "slot {} (approximate: {} traits differ)",
            one_line(&slot.path),
            slot.differing_traits
        ),
        _ => format!("slot {}", one_line(&slot.path)),
    }
}

/// How a hidden piece is hidden, in a word.
fn hidden_word(h: crate::Hidden) -> &'static str {
    match h {
        crate::Hidden::Masked => "masked",
        crate::Hidden::FaceDown => "face down",
        crate::Hidden::PrivateWindow => "private window",
        crate::Hidden::Invisible => "invisible",
        crate::Hidden::OverLimit => "withheld (over the reader's limit)",
    }
}
