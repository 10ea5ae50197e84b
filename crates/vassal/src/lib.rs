//! Reads [VASSAL](https://vassalengine.org) modules, saved games and logs, and lists every
//! piece where VASSAL says it is: map, board, pixel position, the location name exactly as
//! VASSAL shows it (hex `2215`, a zone's name, a region, `offboard`) and its properties.
//!
//! The crate knows no game. It reads:
//!
//! - **a module** ([`Module`]): a `.vmod` (only the buildFile and each board image's header) or
//!   an extracted `buildFile.xml` / `buildFile` with the board sizes given ([`BoardSizes`]);
//!   maps with the ids VASSAL gives them, boards, hex, square, region and multi-zone grids with
//!   their numbering ([`grid`]), decks and prototypes;
//! - **a saved game or a log** ([`Save`]): `.vsav`, `.vlog`, `.sav`, `.log`, zipped or plain,
//!   obfuscated (`!VCSK`) or not; its commands are replayed to the last step of the log or to
//!   any step ([`Save::replay`]);
//! - **every piece** ([`Piece`]), located on the module's maps ([`Locator`]); a masked or hidden
//!   piece shows nothing but its place unless the caller asks to reveal it ([`Options`]).
//!
//! ```
//! use vassal::{BoardSizes, Module, Options, Save};
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
//!     .piece("p1", "Infantry", "Main", 112, 96, &[])
//!     .finish();
//! let save = Save::from_bytes(text.as_bytes(), "game.vsav").unwrap();
//! let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
//! assert_eq!(pieces.pieces[0].location.as_deref(), Some("0302"));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod archive;
mod error;
pub mod grid;
mod image;
mod label;
pub mod limits;
mod listing;
mod locate;
mod module;
mod nest;
mod obfuscation;
mod options;
mod palette;
mod piece;
pub mod profile;
mod prototypes;
mod save;
pub mod seq;
mod visibility;
pub mod write;

pub use error::{Error, ErrorKind, Warning};
pub use locate::{HexAt, Located, Locator};
pub use module::{
    BoardDef, BoardSizes, CustomClass, DrawPile, MapDef, Module, PaletteEntry, PrivateWindow,
    Prototype,
};
pub use options::Options;
pub use palette::{Found, Slot};
pub use piece::{Hidden, Layer, Piece, Trait};
pub use save::{BoardChoice, Commands, LosCheck, Position, Save, SaveKind};

/// Not covered by semver: used by the workspace's own crates; may change in any release.
///
/// The readers under the promised API, for the crate's tests and the sample checks: zip
/// archives with caps per entry, `!VCSK` obfuscation, image sizes from their headers.
pub mod internal {
    /// Zip reading with caps per entry (size, ratio), CRC; a writer.
    pub mod archive {
        pub use crate::archive::*;
    }
    /// `!VCSK` (de)obfuscation.
    pub mod obfuscation {
        pub use crate::obfuscation::*;
    }
    /// Board sizes from PNG, JPEG, GIF and SVG headers.
    pub mod image {
        pub use crate::image::*;
    }
    /// The pieces of a replayed game as the save writes them: id, type and state, for checks
    /// that must read them without the reader's interpretation (the sample checks).
    pub fn raw_pieces(position: &crate::Position) -> Vec<(&str, &str, &str)> {
        position.raw_pieces()
    }

    pub use crate::save::StackView;

    /// The stacks and decks of a replayed game, in the order added (those the replay made
    /// where VASSAL makes one without a command saying so are named `stack-N`): id, map,
    /// point, and the ids of their pieces, bottom first. For checks of the replay's merges.
    pub fn stacks(position: &crate::Position) -> Vec<StackView<'_>> {
        position.stacks()
    }

    /// The bytes of text a piece holds, as [`limits::text_budget`](crate::limits::text_budget)
    /// counts them (each string's bytes and the string itself).
    pub fn text_held(piece: &crate::Piece) -> usize {
        crate::piece::held(piece)
    }

    /// The input [`limits::text_budget`](crate::limits::text_budget) is a multiple of: the
    /// save's text (inflated, deobfuscated) and the module's buildFile, in bytes.
    pub fn input_bytes(module: &crate::Module, save: &crate::Save) -> usize {
        save.text_bytes.saturating_add(module.text_bytes)
    }
}

/// Every piece of a save at a step, located on the module's maps, with the counts and warnings.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Pieces {
    /// The version of this shape (now 3: a piece's `id` may be `null`), bumped on an
    /// incompatible change.
    pub schema_version: u32,
    /// The save's name as it was read.
    pub save: String,
    /// The module's (buildFile's) name as it was read.
    pub module: String,
    /// The pieces, in the order the game added them (stacks and decks are not pieces), those
    /// whose ids are withheld last, by map, deck and place in the deck (the order they were
    /// added in would tell which they are); an invisible piece only when revealed.
    pub pieces: Vec<Piece>,
    /// Invisible pieces (Invisible trait) left out: VASSAL does not draw them for the
    /// opponent at all.
    pub invisible: usize,
    /// Commands read and skipped.
    pub commands: Commands,
    /// The log step replayed to (0: the position the save starts from).
    pub step: usize,
    /// How many steps (`LOG` entries) the save has.
    pub steps: usize,
    /// Warnings, in the order found.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    #[serde(serialize_with = "save::warnings_as_text")]
    pub warnings: Vec<Warning>,
}

/// The JSON Schema of [`Pieces`] as serde writes it (`victory vassal pieces --format json`).
#[cfg(feature = "schema")]
pub fn pieces_schema() -> schemars::Schema {
    schemars::schema_for!(Pieces)
}

/// Replay `save` (to `options.step`, or to its end) and locate every piece on `module`'s maps.
///
/// Errors for a side the module does not have ([`Options::check`]), a step beyond the log's
/// last and for a game beyond the reader's limits
/// ([`limits`]: pieces, properties); everything else the save holds that cannot be read is a
/// warning and the rest is read.
pub fn read_pieces(module: &Module, save: &Save, options: &Options) -> Result<Pieces, Error> {
    options.check(module)?;
    let position = save.replay(options.step)?;
    let locator = Locator::new(module, &position);
    let mut warnings = save.warnings.clone();
    // The module's warnings about boards of unknown size say nothing of this save: a board it
    // lays out of unknown size is told where a piece on it is located (its map, the board, the
    // image and why), once, naming the pieces.
    warnings.extend(
        module
            .warnings
            .iter()
            .filter(|w| w.kind != ErrorKind::BoardSize)
            .cloned(),
    );
    let replay_warnings = warnings.len();
    warnings.extend(position.warnings.iter().cloned());
    warnings.extend(save::version_warnings(module, save));
    let input_bytes = internal::input_bytes(module, save);
    let (pieces, invisible) = piece::pieces(
        module,
        &position,
        &locator,
        options,
        input_bytes,
        &mut warnings,
    )?;
    name_left_behind(&position, &pieces, &mut warnings[replay_warnings..]);
    warnings.extend(locator.take_warnings());
    save::cap_warnings(&mut warnings);
    Ok(Pieces {
        schema_version: 3,
        save: save.name.clone(),
        module: module.source.clone(),
        pieces,
        invisible,
        commands: save.commands.clone(),
        step: position.step,
        steps: save.steps(),
        warnings,
    })
}

/// The most pieces a warning names of those a move of a piece the game does not have may leave
/// behind; the rest are counted.
const MAX_NAMED_LEFT: usize = 3;

/// The most characters of a piece's name or id a warning of [`name_left_behind`] quotes: a
/// piece may be named by many warnings, so what they say stays within a multiple of the save.
const MAX_NAMED_CHARS: usize = 40;

/// A piece's name or id as such a warning quotes it: on one line, at most
/// [`MAX_NAMED_CHARS`] characters of it (`...` after a longer one).
fn short(text: &str) -> String {
    let cut: String = text.chars().take(MAX_NAMED_CHARS).collect();
    let more = if cut.len() < text.len() { "..." } else { "" };
    format!("{}{more}", wargame_kit::terminal::one_line(&cut))
}

/// Each warning of a move of a piece or stack the game does not have, with the pieces the
/// game has at the place the move says it left: VASSAL moved what it had there, and they
/// may now be misplaced. Only pieces listed with their names are named (never a hidden one);
/// `warnings` are the position's own, in order.
fn name_left_behind(position: &Position, pieces: &[Piece], warnings: &mut [Warning]) {
    if position.missing_moves.is_empty() {
        return;
    }
    let mut at: std::collections::HashMap<(&str, i32, i32), Vec<&Piece>> =
        std::collections::HashMap::new();
    for p in pieces {
        if let (Some(map), Some(x), Some(y), Some(_)) = (&p.map, p.x, p.y, &p.name)
            && p.hidden.is_none()
        {
            at.entry((map.as_str(), x, y)).or_default().push(p);
        }
    }
    for m in &position.missing_moves {
        let Some(w) = warnings.get_mut(m.warning) else {
            continue;
        };
        let left = at
            .get(&(m.map.as_str(), m.pos.0, m.pos.1))
            .map_or(&[][..], Vec::as_slice);
        let place = format!(
            "map `{}` at ({}, {})",
            wargame_kit::terminal::one_line(&m.map),
            m.pos.0,
            m.pos.1
        );
        let tail = if left.is_empty() {
            format!("; the game has no piece shown where it was ({place})")
        } else {
            let mut names: Vec<String> = left
                .iter()
                .take(MAX_NAMED_LEFT)
                .map(|p| {
                    format!(
                        "`{}` (`{}`)",
                        short(p.name.as_deref().unwrap_or_default()),
                        short(p.id.as_deref().unwrap_or_default())
                    )
                })
                .collect();
            if left.len() > MAX_NAMED_LEFT {
                names.push(format!("{} more", left.len() - MAX_NAMED_LEFT));
            }
            format!(
                "; VASSAL moved what it had where it was ({place}), and the game's pieces there may now be misplaced: {}",
                names.join(", ")
            )
        };
        w.message.push_str(&tail);
    }
}

// The crate README's example runs as a doctest, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
