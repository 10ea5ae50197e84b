//! Every limit of the crate in one place: what an opponent's save or a downloaded module may
//! not exceed. Each refusal is a located error naming the limit.

/// The most bytes one zip entry may inflate to (64 MiB).
pub const MAX_ZIP_ENTRY_BYTES: u64 = 64 * 1024 * 1024;

/// The highest compression ratio of a zip entry (200:1); real saves inflate about 16:1.
pub const MAX_ZIP_RATIO: u64 = 200;

/// Below this size (256 KiB) an entry is not refused for its ratio (a tiny file of zeros
/// compresses far better than 200:1 and is harmless).
pub const ZIP_RATIO_FLOOR_BYTES: u64 = 256 * 1024;

/// The most entries a zip directory may list.
pub const MAX_ZIP_ENTRIES: usize = 100_000;

/// The most bytes of an image read for its header (1 MiB: a JPEG's size can follow its EXIF).
pub const MAX_IMAGE_HEADER_BYTES: usize = 1024 * 1024;

/// The most bytes of image headers read from one module in all (64 MiB): each image's header
/// is read once, however many boards name it.
pub const MAX_IMAGE_HEADERS_BYTES: usize = 64 * 1024 * 1024;

/// The most boards a module may define (real modules define a few dozen).
pub const MAX_MODULE_BOARDS: usize = 10_000;

/// The most pieces a profile may select into a state, all its entries together (a state's
/// units, markers: real ones have a few hundred).
pub const MAX_STATE_ENTRIES: usize = 20_000;

/// How many pieces a profile's selections may look at, all its entries together, for every
/// byte of its input (the profile and the text of the pieces read, [`selection_budget`]).
pub const SELECTION_STEPS_PER_BYTE: usize = 8;

/// What a profile's selections may look at beyond [`SELECTION_STEPS_PER_BYTE`] a byte: a
/// million pieces.
pub const SELECTION_STEPS_FLOOR: usize = 1_000_000;

/// The most pieces a profile's entries may look at, all together (each entry looks at every
/// piece of the save), for a profile and pieces of `input_bytes` together:
/// [`SELECTION_STEPS_PER_BYTE`] a byte and [`SELECTION_STEPS_FLOOR`]. Real profiles of a few
/// dozen entries over a few thousand pieces look at a fraction of it; a profile of many
/// entries over a save of many pieces is refused, naming this budget.
///
/// ```
/// assert_eq!(vassal::limits::selection_budget(1000), 1_008_000);
/// ```
pub fn selection_budget(input_bytes: usize) -> usize {
    input_bytes
        .saturating_mul(SELECTION_STEPS_PER_BYTE)
        .saturating_add(SELECTION_STEPS_FLOOR)
}

/// The most bytes of a profile (1 MiB; real profiles are a few kilobytes).
pub const MAX_PROFILE_BYTES: usize = 1024 * 1024;

/// The most tables a profile's `[tables]` may name (64; real profiles name one or two). Each
/// file is read and parsed once however many tables name it.
pub const MAX_PROFILE_TABLES: usize = 64;

/// The deepest nesting of XML elements in a buildFile (real ones nest about 12 deep).
pub const MAX_XML_DEPTH: usize = 256;

/// The most XML nodes of a buildFile (real ones have a few tens of thousands).
pub const MAX_XML_NODES: u32 = 5_000_000;

/// What one XML node or attribute of a buildFile costs to read, in bytes (the tree's
/// element, text or attribute record), for [`xml_tree_budget`].
pub const XML_NODE_COST: usize = 72;

/// The most bytes the tree of a buildFile of `len` bytes may take: ten times its text and
/// 1 MiB (real buildFiles take about one and a half times their text); a buildFile of tiny
/// elements that would take more is refused before the tree is built.
pub fn xml_tree_budget(len: usize) -> usize {
    len.saturating_mul(10).saturating_add(1024 * 1024)
}

/// How many zones and regions locating the pieces of a save may look at, all pieces together,
/// for every byte of its input (the save's text and the buildFile, [`locate_budget`]).
pub const LOCATE_STEPS_PER_BYTE: usize = 16;

/// What locating may look at beyond [`LOCATE_STEPS_PER_BYTE`] a byte: ten million zones and
/// regions.
pub const LOCATE_STEPS_FLOOR: usize = 10_000_000;

/// The most zones and regions locating the pieces of a save may look at (each piece on a
/// multi-zone or irregular grid looks at each zone or region: a product of two inputs), for
/// a save and module of `input_bytes` together: [`LOCATE_STEPS_PER_BYTE`] a byte and
/// [`LOCATE_STEPS_FLOOR`]. Beyond it the pieces left are located `unknown`, with a warning
/// naming this budget; real saves look at a small fraction of it.
///
/// ```
/// assert_eq!(vassal::limits::locate_budget(1000), 10_016_000);
/// ```
pub fn locate_budget(input_bytes: usize) -> usize {
    input_bytes
        .saturating_mul(LOCATE_STEPS_PER_BYTE)
        .saturating_add(LOCATE_STEPS_FLOOR)
}

/// The deepest nesting of commands inside commands (real saves nest 3 deep).
pub const MAX_COMMAND_DEPTH: usize = 64;

/// The most pieces a game may have (real games have a few thousand).
pub const MAX_PIECES: usize = 200_000;

/// The most properties read from one piece (real pieces have a few dozen, a few hundred at
/// most): beyond it the save is refused.
pub const MAX_PROPERTIES: usize = 2_000;

/// The most properties read from all the pieces of a game together (a prototype with many
/// markers, used by many pieces, multiplies): beyond it the save is refused.
pub const MAX_ALL_PROPERTIES: usize = 2_000_000;

/// How many times the bytes of its input (the save's text, inflated and deobfuscated, and the
/// module's buildFile) reading the pieces of a save may build in text: names, properties,
/// layers, locations, traits kept, slots and prototype names, all pieces together
/// ([`text_budget`]).
pub const TEXT_BUDGET_FACTOR: usize = 16;

/// What reading the pieces of a save may build in text beyond [`TEXT_BUDGET_FACTOR`] times its
/// input (4 MiB), so that a small save of a small module still reads.
pub const TEXT_BUDGET_FLOOR: usize = 4 * 1024 * 1024;

/// The most bytes of text reading the pieces of a save whose input (save text and buildFile
/// together) is `input_bytes` long may build: [`TEXT_BUDGET_FACTOR`] times it and
/// [`TEXT_BUDGET_FLOOR`]. Beyond it the read is refused, naming this budget; real saves build
/// less than twice their input (docs/reliability.md).
///
/// ```
/// assert_eq!(vassal::limits::text_budget(1024), 16 * 1024 + 4 * 1024 * 1024);
/// ```
pub fn text_budget(input_bytes: usize) -> usize {
    input_bytes
        .saturating_mul(TEXT_BUDGET_FACTOR)
        .saturating_add(TEXT_BUDGET_FLOOR)
}

/// The most bytes of text one piece may build (its name, properties, layers, traits, slot and
/// prototypes: 1 MiB; real pieces build a few kilobytes). A piece whose text would exceed it is
/// withheld (its id and place only, [`Hidden::OverLimit`](crate::Hidden::OverLimit)), with a
/// warning naming this limit; what it would build is never built.
pub const MAX_PIECE_TEXT_BYTES: usize = 1024 * 1024;

/// The most traits of one piece (real pieces have up to a few hundred); beyond it, its
/// outermost traits and its basic piece are read.
pub const MAX_TRAITS: usize = 1_000;

/// The most commands a save may have (each command inside a compound command counts, empty
/// ones too; real logs have tens of thousands).
pub const MAX_COMMANDS: usize = 5_000_000;

/// How many bytes taking a save's commands out of the commands around them may copy (a command
/// with escapes inside it is copied once for each level it is nested): eight times the save's
/// text and 1 MiB; real saves copy less than their length.
pub fn command_copy_budget(len: usize) -> usize {
    len.saturating_mul(8).saturating_add(1024 * 1024)
}

/// The most kinds of command no standard encoder writes listed, each with its count (the rest
/// are counted together).
pub const MAX_UNKNOWN_KINDS: usize = 64;

/// The deepest nesting of prototypes inside prototypes (VASSAL's recursion limit is about as deep).
pub const MAX_PROTOTYPE_DEPTH: usize = 32;

/// Coordinates beyond this many pixels from 0 are outside every board: `offboard`, never
/// computed with.
pub const MAX_COORDINATE: i32 = 10_000_000;

/// The most edges of a zone's outline one row of pixels may cross (real zones cross a few,
/// tens at most): what locating a piece in the zone may cost; a module of a zone beyond it is
/// refused.
pub const MAX_ZONE_CROSSINGS: usize = 1_000;

/// The most warnings listed one by one (the rest are counted).
pub const MAX_WARNINGS: usize = 200;

/// The most boards a save may lay out on one map.
pub const MAX_BOARDS: usize = 1_000;

/// The most leading zeros of a grid number (VASSAL would write as many as a module asks).
pub const MAX_LEADING_ZEROS: usize = 32;
