//! A VASSAL module: its buildFile's maps (with the ids VASSAL gives them), boards and their
//! sizes, grids, zones, decks and prototypes. Read from a `.vmod` (only the buildFile and each
//! board image's header are read) or from an extracted `buildFile.xml` / `buildFile` with the
//! board sizes given by the caller.

use std::collections::BTreeMap;

use crate::error::{At, ErrorKind, Warning};
use crate::grid::{
    Grid, HexGrid, Numbering, Polygon, Region, RegionGrid, SquareGrid, Zone, ZonedGrid,
};
use crate::{Error, archive, image, limits};
use wargame_kit::Source;
use wargame_kit::internal::Locator;
use wargame_kit::internal::work;

/// Board image sizes in pixels by image name (`Map_Full.png` -> 5340 x 5024), for a buildFile
/// read without its images.
pub type BoardSizes = BTreeMap<String, (u32, u32)>;

/// The Java classes of VASSAL's maps (all numbered by one `UniqueIdManager`).
const MAP_CLASSES: [&str; 4] = [
    "VASSAL.build.module.Map",
    "VASSAL.build.module.PrivateMap",
    "VASSAL.build.module.PlayerHand",
    "VASSAL.build.widget.WidgetMap",
];
const BOARD_PICKER: &str = "VASSAL.build.module.map.BoardPicker";
const BOARD: &str = "VASSAL.build.module.map.boardPicker.Board";
const HEX_GRID: &str = "VASSAL.build.module.map.boardPicker.board.HexGrid";
const SQUARE_GRID: &str = "VASSAL.build.module.map.boardPicker.board.SquareGrid";
const REGION_GRID: &str = "VASSAL.build.module.map.boardPicker.board.RegionGrid";
const ZONED_GRID: &str = "VASSAL.build.module.map.boardPicker.board.ZonedGrid";
const REGION: &str = "VASSAL.build.module.map.boardPicker.board.Region";
const ZONE: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone";
const HEX_NUMBERING: &str = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering";
const SQUARE_NUMBERING: &str =
    "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering";
/// Children of grids and zones that do not change locations.
const INERT: [&str; 3] = [
    "VASSAL.build.module.map.boardPicker.board.mapgrid.ZonedGridHighlighter",
    "VASSAL.build.module.properties.ZoneProperty",
    "VASSAL.build.module.map.boardPicker.board.mapgrid.ZoneHighlight",
];

/// A map of the module.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MapDef {
    /// What saves call it: its `mapName`, or the id VASSAL generates when that is blank.
    pub id: String,
    /// Its `mapName` (may be empty).
    pub name: String,
    /// The generated id (`Map0`, `Map1`, ... over every kind of map, in buildFile order).
    pub generated_id: String,
    /// Its Java class.
    pub class: String,
    /// `edgeWidth`, `edgeHeight`: the margin around the boards.
    pub edge: (i32, i32),
    /// The boards it may show.
    pub boards: Vec<BoardDef>,
    /// Its decks (`DrawPile`): a piece exactly at a deck's point is located by the deck's name.
    pub decks: Vec<DrawPile>,
    /// Its line-of-sight threads' ids (`LOS_Thread0`, ...).
    pub los_threads: Vec<String>,
    /// A private window (`PrivateMap`, `PlayerHand`): the sides it belongs to and whether the
    /// other players see it; `None` for a map every player sees.
    pub private: Option<PrivateWindow>,
    /// The buildFile line of its element.
    pub line: u32,
}

/// A private window's sides (`PrivateMap` and `PlayerHand`, attributes `side` and `visible`).
///
/// VASSAL shows the window, and the pieces on it, to the players of its sides only, unless it
/// is visible to all.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PrivateWindow {
    /// The sides it belongs to (`side`, a comma-separated list), sorted, each once: looked up
    /// for each piece in the time of the reader's sides, however many the window lists.
    sides: Vec<String>,
    /// Every player sees it (`visible="true"`); only its sides move its pieces.
    pub visible_to_all: bool,
}

impl PrivateWindow {
    /// Whether a player of one of `sides` sees this window.
    ///
    /// ```
    /// let module = vassal::Module::from_build_file(
    ///     r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.PrivateMap mapName="Hand" side="Red,Blue"/></VASSAL.build.GameModule>"#,
    ///     "b.xml",
    ///     &Default::default(),
    /// )
    /// .unwrap();
    /// let hand = module.maps[0].private.as_ref().unwrap();
    /// assert!(hand.visible_to(&["Blue".to_string()]));
    /// assert!(!hand.visible_to(&["Green".to_string()]));
    /// ```
    pub fn visible_to(&self, sides: &[String]) -> bool {
        self.visible_to_all
            || sides.iter().any(|s| {
                work::add(1);
                self.sides.binary_search(s).is_ok()
            })
    }

    /// The sides it belongs to (`side`), sorted, each once.
    ///
    /// ```
    /// let module = vassal::Module::from_build_file(
    ///     r#"<VASSAL.build.GameModule name="D"><VASSAL.build.module.PlayerHand mapName="Hand" side="Red,Blue,Red"/></VASSAL.build.GameModule>"#,
    ///     "b.xml",
    ///     &Default::default(),
    /// )
    /// .unwrap();
    /// let hand = module.maps[0].private.as_ref().unwrap();
    /// assert_eq!(hand.sides(), ["Blue", "Red"]);
    /// ```
    pub fn sides(&self) -> &[String] {
        &self.sides
    }
}

/// A board.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BoardDef {
    /// `name`.
    pub name: String,
    /// `image`, if it has one.
    pub image: Option<String>,
    /// Its size in pixels, when known (from the image, the sizes given, or `width`/`height`).
    pub size: Option<(i32, i32)>,
    /// `reversible`.
    pub reversible: bool,
    /// Its grid.
    pub grid: Option<Grid>,
    /// Why its size is unknown (`size` is `None`): told where a save lays it out and puts a
    /// piece on it.
    pub(crate) unknown_size: Option<String>,
}

/// A deck's place on a map (`DrawPile`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DrawPile {
    /// `name`.
    pub name: String,
    /// `x`, `y`.
    pub position: (i32, i32),
    /// `owningBoard`: the position is on that board, when given.
    pub owning_board: Option<String>,
}

/// A prototype (`PrototypeDefinition`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Prototype {
    /// `name`.
    pub name: String,
    /// The piece definition (an add-piece command: `+/null/TYPE/STATE`).
    pub definition: String,
}

/// A palette entry of the module (`PieceSlot`, `CardSlot`): a piece as the module defines it,
/// before VASSAL places it (its prototypes not yet expanded), in a piece window, an at-start
/// stack or a deck.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PaletteEntry {
    /// Its name (`entryName`, else its basic piece's name, as VASSAL names a slot).
    pub name: String,
    /// Where it is: the names of the windows, tabs, lists, panels, stacks or decks holding it,
    /// outermost first, and its own, joined by ` / ` (`Pieces / Other / Markers / DISRUPT`).
    pub path: String,
    /// `gpid`: the id VASSAL gives the pieces placed from it (in their state, since 3.1).
    pub gpid: Option<String>,
    /// A `CardSlot` (a deck's card) rather than a `PieceSlot`.
    pub card: bool,
    /// The piece definition (an add-piece command: `+/null/TYPE/STATE`).
    pub definition: String,
    /// The buildFile line of its element.
    pub line: u32,
}

/// A Java class of the module's own, named where the buildFile uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CustomClass {
    /// The class.
    pub class: String,
    /// The buildFile line.
    pub line: u32,
    /// What it stands for where it matters (`grid`, `numbering`, `map`, `command encoder`), or
    /// empty.
    pub role: String,
}

/// A module read from its buildFile.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Module {
    /// The module's `name`.
    pub name: String,
    /// Its `version`.
    pub version: String,
    /// The `VassalVersion` it was written with.
    pub vassal_version: String,
    /// The maps, in buildFile order.
    pub maps: Vec<MapDef>,
    /// The prototypes, in buildFile order.
    pub prototypes: Vec<Prototype>,
    /// The palette entries (`PieceSlot`, `CardSlot`), in buildFile order.
    pub palette: Vec<PaletteEntry>,
    /// Classes of the module's own.
    pub custom_classes: Vec<CustomClass>,
    /// What was read with a warning (a missing image size, an attribute VASSAL could not read).
    /// [`read_pieces`](crate::read_pieces) passes them on but those of boards of unknown size
    /// ([`ErrorKind::BoardSize`]): a module has boards no save uses, and a board a save lays
    /// out of unknown size is told where a piece on it is located.
    pub warnings: Vec<Warning>,
    /// The sides of its `PlayerRoster`, in the buildFile's order (each element's text, as
    /// VASSAL reads them): the sides a player may play. Empty when it has no roster (VASSAL
    /// then gives no player a side).
    pub sides: Vec<String>,
    /// The name the module was read under (the `.vmod`'s, or the buildFile's).
    pub source: String,
    /// The bytes of its buildFile (for [`limits::text_budget`](crate::limits::text_budget)).
    pub(crate) text_bytes: usize,
}

impl Module {
    /// Read a `.vmod`: its `buildFile.xml` (or `buildFile`) and the headers of its board
    /// images (entries `images/NAME`). `sizes` overrides or completes image sizes.
    pub fn from_vmod(bytes: &[u8], name: &str, sizes: &BoardSizes) -> Result<Module, Error> {
        let zip_err = |e: archive::ArchiveError| {
            Error::new(vec![
                crate::error::diag(ErrorKind::Zip, e.to_string()).in_file(name),
            ])
        };
        let entries = archive::entries(bytes).map_err(zip_err)?;
        let entry =
            archive::find(&entries, "buildFile.xml")
                .or_else(|| archive::find(&entries, "buildFile"))
                .ok_or_else(|| {
                    Error::new(vec![crate::error::diag(
                    ErrorKind::NotVassal,
                    "the archive has no `buildFile.xml` or `buildFile`: not a VASSAL module",
                )
                .in_file(name)])
                })?;
        let entry_name = format!("{name}!{}", entry.name);
        let xml = archive::read(bytes, entry).map_err(zip_err)?;
        let text = String::from_utf8(xml).map_err(|_| {
            Error::new(vec![
                crate::error::diag(ErrorKind::Xml, "the buildFile is not UTF-8 text")
                    .in_file(&entry_name),
            ])
        })?;
        let mut module = Module::parse(&text, &entry_name, &BoardSizes::new(), false)?;
        module.source = name.to_string();
        let mut images = ImageSizes::new(bytes, &entries, sizes);
        for map in &mut module.maps {
            for board in &mut map.boards {
                let Some(img) = board.image.clone() else {
                    continue;
                };
                match images.size(&img) {
                    Ok((w, h)) => board.size = Some((clamp(w), clamp(h))),
                    Err(why) => {
                        module
                            .warnings
                            .push(size_warning(&map.id, &board.name, &img, &why));
                        board.unknown_size = Some(format!(
                            "board `{}`: the size of image `{img}` is unknown ({why})",
                            board.name
                        ));
                    }
                }
            }
        }
        Ok(module)
    }

    /// Read an extracted buildFile (`buildFile.xml` or `buildFile`), with board image sizes
    /// from `sizes` (a board whose image size is not given has no size: its pieces are
    /// located `unknown`, with a warning).
    pub fn from_build_file(text: &str, name: &str, sizes: &BoardSizes) -> Result<Module, Error> {
        Module::parse(text, name, sizes, true)
    }

    fn parse(
        text: &str,
        name: &str,
        sizes: &BoardSizes,
        warn_sizes: bool,
    ) -> Result<Module, Error> {
        let doc = parse_xml(text, name)?;
        let lines = Locator::new(Source::new(Some(name), text));
        let root = doc.root_element();
        let class = root.tag_name().name();
        if class != "VASSAL.build.GameModule" && class != "VASSAL.launch.BasicModule" {
            return Err(fail(
                name,
                ErrorKind::NotVassal,
                format!(
                    "the root element is `{class}`, not `VASSAL.build.GameModule` or `VASSAL.launch.BasicModule`: not a VASSAL buildFile"
                ),
                line_of(&lines, root),
            ));
        }
        let mut reader = Reader {
            lines: &lines,
            name,
            sizes,
            warn_sizes,
            warnings: Vec::new(),
            custom: Vec::new(),
            boards: 0,
            refused: None,
        };
        let (maps, prototypes) = reader.maps_and_prototypes(root);
        let palette = reader.palette(root);
        let sides = roster_sides(root);
        if let Some(e) = reader.refused {
            return Err(e);
        }
        Ok(Module {
            name: root.attribute("name").unwrap_or("").to_string(),
            version: root.attribute("version").unwrap_or("").to_string(),
            vassal_version: root.attribute("VassalVersion").unwrap_or("").to_string(),
            maps,
            prototypes,
            palette,
            custom_classes: reader.custom,
            warnings: reader.warnings,
            sides,
            source: name.to_string(),
            text_bytes: text.len(),
        })
    }

    /// Read a module file as it comes: a `.vmod` (a zip archive: [`Module::from_vmod`]) or an
    /// extracted buildFile (UTF-8 XML: [`Module::from_build_file`], its board sizes from
    /// `sizes`); any other file is an error of kind [`ErrorKind::NotVassal`] naming it.
    ///
    /// # Example
    ///
    /// ```
    /// use vassal::{BoardSizes, Module};
    /// let build_file = r#"<VASSAL.build.GameModule name="Demo" version="1" VassalVersion="3.7.9"/>"#;
    /// let vmod = vassal::write::module_file(build_file, &[]);
    /// assert_eq!(Module::from_bytes(&vmod, "Demo.vmod", &BoardSizes::new()).unwrap().name, "Demo");
    /// let bare = Module::from_bytes(build_file.as_bytes(), "buildFile.xml", &BoardSizes::new());
    /// assert_eq!(bare.unwrap().name, "Demo");
    /// let e = Module::from_bytes(b"\xff\xfe", "x.bin", &BoardSizes::new()).unwrap_err();
    /// assert_eq!(e.to_string(), "x.bin: neither a .vmod (zip) nor a buildFile (UTF-8 XML)");
    /// ```
    pub fn from_bytes(bytes: &[u8], name: &str, sizes: &BoardSizes) -> Result<Module, Error> {
        if archive::is_zip(bytes) {
            return Module::from_vmod(bytes, name, sizes);
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Module::from_build_file(text, name, sizes),
            Err(_) => Err(Error::new(vec![
                crate::error::diag(
                    ErrorKind::NotVassal,
                    "neither a .vmod (zip) nor a buildFile (UTF-8 XML)",
                )
                .in_file(name),
            ])),
        }
    }

    /// The bytes of a board image (`BoardDef::image`, the entry `images/NAME`) of the module
    /// file `bytes`: `None` for a buildFile (it holds no images) or a `.vmod` without that
    /// entry; an error of kind [`ErrorKind::Zip`] for an archive or entry that cannot be read
    /// (damaged, over the reader's caps).
    ///
    /// # Example
    ///
    /// ```
    /// use vassal::Module;
    /// let png = vassal::write::png_header(600, 400);
    /// let vmod = vassal::write::module_file("<VASSAL.build.GameModule/>", &[("main.png", &png)]);
    /// assert_eq!(Module::board_image(&vmod, "main.png").unwrap(), Some(png));
    /// assert_eq!(Module::board_image(&vmod, "other.png").unwrap(), None);
    /// assert_eq!(Module::board_image(b"<VASSAL.build.GameModule/>", "main.png").unwrap(), None);
    /// ```
    pub fn board_image(bytes: &[u8], image: &str) -> Result<Option<Vec<u8>>, Error> {
        if !archive::is_zip(bytes) {
            return Ok(None);
        }
        let zip_err = |e: archive::ArchiveError| {
            Error::new(vec![crate::error::diag(ErrorKind::Zip, e.to_string())])
        };
        let entries = archive::entries(bytes).map_err(zip_err)?;
        let Some(entry) = archive::find(&entries, &format!("images/{image}")) else {
            return Ok(None);
        };
        archive::read(bytes, entry).map(Some).map_err(zip_err)
    }

    /// The map a save names (`Map.getMapById`: the first whose name or generated id matches).
    pub fn map(&self, id: &str) -> Option<&MapDef> {
        self.maps
            .iter()
            .find(|m| m.name == id || m.generated_id == id)
    }

    /// The prototype of that name.
    pub fn prototype(&self, name: &str) -> Option<&Prototype> {
        self.prototypes.iter().find(|p| p.name == name)
    }
}

/// The sizes of a module's board images, each image's header read once, all of them within
/// [`limits::MAX_IMAGE_HEADERS_BYTES`].
struct ImageSizes<'a> {
    bytes: &'a [u8],
    entries: &'a [archive::Entry],
    given: &'a BoardSizes,
    read: BTreeMap<String, Result<(u32, u32), String>>,
    spent: usize,
}

impl<'a> ImageSizes<'a> {
    fn new(bytes: &'a [u8], entries: &'a [archive::Entry], given: &'a BoardSizes) -> Self {
        ImageSizes {
            bytes,
            entries,
            given,
            read: BTreeMap::new(),
            spent: 0,
        }
    }

    /// The size of image `img`: given, or read from its header; why not, in words.
    fn size(&mut self, img: &str) -> Result<(u32, u32), String> {
        if let Some(&size) = self.given.get(img) {
            return Ok(size);
        }
        if let Some(known) = self.read.get(img) {
            return known.clone();
        }
        let found = self.header(img);
        self.read.insert(img.to_string(), found.clone());
        found
    }

    fn header(&mut self, img: &str) -> Result<(u32, u32), String> {
        let entry = archive::find(self.entries, &format!("images/{img}"))
            .ok_or("the module has no such image")?;
        let left = limits::MAX_IMAGE_HEADERS_BYTES.saturating_sub(self.spent);
        if left == 0 {
            return Err(format!(
                "the module's image headers read so far reached {} bytes, the reader's limit (vassal::limits::MAX_IMAGE_HEADERS_BYTES); give the sizes instead",
                limits::MAX_IMAGE_HEADERS_BYTES
            ));
        }
        let head =
            archive::read_prefix(self.bytes, entry, limits::MAX_IMAGE_HEADER_BYTES.min(left))
                .map_err(|e| e.to_string())?;
        work::add_len(head.len());
        self.spent = self.spent.saturating_add(head.len());
        image::size(img, &head).ok_or_else(|| "its header gives no size".to_string())
    }
}

/// A problem of the buildFile `name` at a line and column.
fn fail(name: &str, kind: ErrorKind, msg: String, (line, col): (u32, u32)) -> Error {
    Error::new(vec![
        crate::error::diag(kind, msg)
            .in_file(name)
            .at_line(line, col),
    ])
}

/// The buildFile as XML: not nested too deep, no DTD, not too many nodes, and a tree that
/// costs at most [`limits::xml_tree_budget`] (each refused before the tree is built).
fn parse_xml<'t>(text: &'t str, name: &str) -> Result<roxmltree::Document<'t>, Error> {
    if let Err((kind, message, at)) = prescan(text) {
        let at = Source::new(None, text).locate(at);
        return Err(fail(name, kind, message, (at.line, at.column)));
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: limits::MAX_XML_NODES,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        let pos = e.pos();
        let msg = match e {
            roxmltree::Error::DtdDetected => {
                "the buildFile declares a DTD (entities), which VASSAL never writes; refused"
                    .to_string()
            }
            roxmltree::Error::NodesLimitReached => format!(
                "the buildFile has more than {} XML nodes",
                limits::MAX_XML_NODES
            ),
            roxmltree::Error::EntityReferenceLoop(_) => {
                "the buildFile's entity references expand too far".to_string()
            }
            other => format!("the buildFile is not well-formed XML: {other}"),
        };
        fail(name, ErrorKind::Xml, msg, (pos.row, pos.col))
    })
}

/// What the pre-scan of a buildFile found wrong: the kind, the words and the byte offset.
type Refusal = (ErrorKind, String, usize);

/// The end of `pat` found in `b` from `from` (or the end of `b`).
fn past(b: &[u8], from: usize, pat: &[u8]) -> usize {
    b.get(from..)
        .and_then(|s| s.windows(pat.len()).position(|w| w == pat))
        .map_or(b.len(), |p| from + p + pat.len())
}

/// One pass over the tags before any tree is built: the nesting, a DTD, the nodes and what
/// the tree of them would cost, each refused where it is found.
fn prescan(text: &str) -> Result<(), Refusal> {
    let b = text.as_bytes();
    let (mut depth, mut nodes, mut attributes, mut i, mut last_end) =
        (0usize, 0usize, 0usize, 0, 0);
    let budget = limits::xml_tree_budget(text.len());
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        work::add(1);
        if i > last_end {
            nodes += 1; // the text before this tag
        }
        let start = i;
        match b.get(i + 1) {
            Some(b'/') => {
                depth = depth.saturating_sub(1);
                i = past(b, i, b">");
            }
            Some(b'?') => i = past(b, i, b"?>"),
            Some(b'!') if b[i..].starts_with(b"<!--") => {
                nodes += 1;
                i = past(b, i, b"-->");
            }
            Some(b'!') if b[i..].starts_with(b"<![CDATA[") => {
                nodes += 1;
                i = past(b, i, b"]]>");
            }
            Some(b'!') => {
                return Err((
                    ErrorKind::Xml,
                    "the buildFile declares a DTD (entities), which VASSAL never writes; refused"
                        .into(),
                    start,
                ));
            }
            _ => {
                let (end, attrs, empty) = tag_end(b, i);
                nodes += 1;
                attributes += attrs;
                if !empty {
                    depth += 1;
                    if depth > limits::MAX_XML_DEPTH {
                        return Err((
                            ErrorKind::Limit,
                            format!(
                                "the buildFile nests elements more than {} deep",
                                limits::MAX_XML_DEPTH
                            ),
                            start,
                        ));
                    }
                }
                i = end;
            }
        }
        last_end = i;
        if let Some(why) = too_many(nodes, attributes, budget, text.len()) {
            return Err((ErrorKind::Limit, why, start));
        }
    }
    Ok(())
}

/// Why a buildFile of `len` bytes with so many nodes and attributes so far is refused, if it is.
fn too_many(nodes: usize, attributes: usize, budget: usize, len: usize) -> Option<String> {
    if nodes > limits::MAX_XML_NODES as usize {
        return Some(format!(
            "the buildFile has more than {} XML nodes",
            limits::MAX_XML_NODES
        ));
    }
    let cost = nodes
        .saturating_add(attributes)
        .saturating_mul(limits::XML_NODE_COST);
    (cost > budget).then(|| format!("the buildFile's XML would take more than {budget} bytes to read ({nodes} nodes and {attributes} attributes in {len} bytes; the reader's limit is ten times the text, vassal::limits::xml_tree_budget): not a buildFile VASSAL writes"))
}

/// A start tag from its `<` at `i`: where it ends, its attributes, whether it is empty (`/>`).
fn tag_end(b: &[u8], i: usize) -> (usize, usize, bool) {
    let mut j = i + 1;
    let (mut quote, mut attrs) = (0u8, 0usize);
    while j < b.len() {
        let c = b[j];
        if quote != 0 {
            if c == quote {
                quote = 0;
            }
        } else if c == b'"' || c == b'\'' {
            quote = c;
        } else if c == b'=' {
            attrs += 1;
        } else if c == b'>' {
            break;
        }
        j += 1;
    }
    let empty = j < b.len() && b[j - 1] == b'/';
    (j + 1, attrs, empty || j >= b.len())
}

fn clamp(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

fn size_warning(map: &str, board: &str, image: &str, why: &str) -> Warning {
    crate::error::diag(
        ErrorKind::BoardSize,
        format!(
            "board `{board}` of map `{map}`: the size of image `{image}` is unknown ({why}); its pieces are located `unknown`"
        ),
    )
}

/// The line and column of a node (the text's lines indexed once: quick for every element).
fn line_of(lines: &Locator<'_>, node: roxmltree::Node<'_, '_>) -> (u32, u32) {
    let at = lines.locate(node.range().start);
    (at.line, at.column)
}

struct Reader<'a, 'd> {
    lines: &'a Locator<'d>,
    name: &'a str,
    sizes: &'a BoardSizes,
    warn_sizes: bool,
    warnings: Vec<Warning>,
    custom: Vec<CustomClass>,
    /// Boards read so far, and the refusal once there are too many.
    boards: usize,
    refused: Option<Error>,
}

type Node<'a, 'd> = roxmltree::Node<'a, 'd>;

impl<'a, 'd> Reader<'a, 'd> {
    /// The maps (with the ids VASSAL gives them) and prototypes of the module, and the classes
    /// of its own, in buildFile order.
    fn maps_and_prototypes(
        &mut self,
        root: roxmltree::Node<'_, '_>,
    ) -> (Vec<MapDef>, Vec<Prototype>) {
        let mut maps = Vec::new();
        let mut prototypes = Vec::new();
        let mut map_index = 0usize;
        let mut los_index = 0usize;
        for node in root.descendants().filter(|n| n.is_element()) {
            let tag = node.tag_name().name();
            let is_map = MAP_CLASSES.contains(&tag)
                || node
                    .children()
                    .any(|c| c.is_element() && c.tag_name().name() == BOARD_PICKER);
            if is_map {
                if !MAP_CLASSES.contains(&tag) {
                    self.custom_class(node, "map");
                }
                let mut map = self.map(node, map_index);
                map_index += 1;
                for los in node
                    .children()
                    .filter(|c| c.tag_name().name() == "VASSAL.build.module.map.LOS_Thread")
                {
                    let _ = los;
                    map.los_threads.push(format!("LOS_Thread{los_index}"));
                    los_index += 1;
                }
                maps.push(map);
            } else if tag == "VASSAL.build.module.PrototypeDefinition" {
                prototypes.push(Prototype {
                    name: node.attribute("name").unwrap_or("").to_string(),
                    definition: node.text().unwrap_or("").to_string(),
                });
            } else if !tag.starts_with("VASSAL.") && !tag.is_empty() {
                let role = if tag.ends_with("CommandEncoder") {
                    "command encoder"
                } else {
                    ""
                };
                self.custom_class(node, role);
            }
        }
        (maps, prototypes)
    }

    fn line(&self, node: Node<'_, '_>) -> (u32, u32) {
        line_of(self.lines, node)
    }

    /// Every `PieceSlot` and `CardSlot` of the module, with its path among the components
    /// holding it.
    fn palette(&self, root: Node<'_, '_>) -> Vec<PaletteEntry> {
        let mut out = Vec::new();
        for node in root.descendants().filter(|n| n.is_element()) {
            let class = node.tag_name().name();
            let card = class == CARD_SLOT;
            if class != PIECE_SLOT && !card {
                continue;
            }
            work::add(1);
            let definition = node.text().unwrap_or("").trim().to_string();
            let name = node
                .attribute("entryName")
                .filter(|n| !n.is_empty())
                .map_or_else(|| basic_name(&definition), str::to_string);
            let mut parts: Vec<&str> = node
                .ancestors()
                .skip(1)
                .take_while(|a| !a.is_root() && *a != root)
                .filter_map(component_name)
                .collect();
            parts.reverse();
            let shown = name.clone();
            parts.push(&shown);
            out.push(PaletteEntry {
                path: parts.join(" / "),
                name,
                gpid: node.attribute("gpid").map(str::to_string),
                card,
                definition,
                line: self.line(node).0,
            });
        }
        out
    }

    fn custom_class(&mut self, node: Node<'_, '_>, role: &str) {
        let (line, _) = self.line(node);
        self.custom.push(CustomClass {
            class: node.tag_name().name().to_string(),
            line,
            role: role.to_string(),
        });
    }

    fn warn(&mut self, node: Node<'_, '_>, message: String) {
        let (line, col) = self.line(node);
        self.warnings.push(
            crate::error::diag(ErrorKind::Attribute, message)
                .in_file(self.name)
                .at_line(line, col),
        );
    }

    /// The element's attributes in the order VASSAL applies them (the DOM's: by name).
    fn attributes<'n, 'x>(node: Node<'n, 'x>) -> Vec<(&'n str, &'n str)> {
        let mut a: Vec<(&str, &str)> = node.attributes().map(|a| (a.name(), a.value())).collect();
        a.sort_by(|x, y| x.0.encode_utf16().cmp(y.0.encode_utf16()));
        a
    }

    /// The point written in attributes `x` and `y` of `node` (each 0 when missing, kept and
    /// warned about when not a whole number).
    fn point(&mut self, node: Node<'_, '_>, x: &str, y: &str) -> (i32, i32) {
        let mut point = (0, 0);
        if let Some(v) = node.attribute(x) {
            self.int(node, x, v, &mut point.0);
        }
        if let Some(v) = node.attribute(y) {
            self.int(node, y, v, &mut point.1);
        }
        point
    }

    fn int(&mut self, node: Node<'_, '_>, key: &str, value: &str, into: &mut i32) {
        match crate::seq::parse_java_int(value) {
            Some(v) => *into = v,
            None => self.warn(
                node,
                format!(
                    "attribute `{key}` of `{}` is not a whole number; VASSAL's default is kept",
                    short(node)
                ),
            ),
        }
    }

    /// [`Self::double`] into `into`, which keeps its value when the attribute is not a number.
    fn float(&mut self, node: Node<'_, '_>, key: &str, value: &str, into: &mut f64) {
        if let Some(v) = self.double(node, key, value) {
            *into = v;
        }
    }

    fn double(&mut self, node: Node<'_, '_>, key: &str, value: &str) -> Option<f64> {
        match value.trim().parse::<f64>() {
            Ok(v) if v.is_finite() => Some(v),
            _ => {
                self.warn(
                    node,
                    format!(
                        "attribute `{key}` of `{}` is not a number; VASSAL's default is kept",
                        short(node)
                    ),
                );
                None
            }
        }
    }

    fn map(&mut self, node: Node<'_, '_>, index: usize) -> MapDef {
        let name = node.attribute("mapName").unwrap_or("").to_string();
        let generated_id = format!("Map{index}");
        let mut edge = (0, 0);
        if let Some(v) = node.attribute("edgeWidth") {
            self.int(node, "edgeWidth", v, &mut edge.0);
        }
        if let Some(v) = node.attribute("edgeHeight") {
            self.int(node, "edgeHeight", v, &mut edge.1);
        }
        let mut boards = Vec::new();
        let mut decks = Vec::new();
        for child in elements(node) {
            match child.tag_name().name() {
                BOARD_PICKER => self.picker(child, &mut boards),
                "VASSAL.build.module.map.DrawPile" => {
                    let position = self.point(child, "x", "y");
                    decks.push(DrawPile {
                        name: child.attribute("name").unwrap_or("").to_string(),
                        position,
                        owning_board: child
                            .attribute("owningBoard")
                            .filter(|s| !s.is_empty())
                            .map(str::to_string),
                    });
                }
                _ => {}
            }
        }
        let (line, _) = self.line(node);
        MapDef {
            id: if name.is_empty() {
                generated_id.clone()
            } else {
                name.clone()
            },
            name,
            generated_id,
            class: node.tag_name().name().to_string(),
            edge,
            boards,
            decks,
            los_threads: Vec::new(),
            private: private_window(node),
            line,
        }
    }

    /// The boards of a `BoardPicker`, within [`limits::MAX_MODULE_BOARDS`] for the module.
    fn picker(&mut self, picker: Node<'_, '_>, boards: &mut Vec<BoardDef>) {
        for b in elements(picker) {
            if b.tag_name().name() != BOARD {
                continue;
            }
            self.boards += 1;
            if self.boards > limits::MAX_MODULE_BOARDS {
                if self.refused.is_none() {
                    self.refused = Some(fail(
                        self.name,
                        ErrorKind::Limit,
                        format!(
                            "the module defines more than {} boards (the reader's limit, vassal::limits::MAX_MODULE_BOARDS)",
                            limits::MAX_MODULE_BOARDS
                        ),
                        self.line(b),
                    ));
                }
                return;
            }
            boards.push(self.board(b));
        }
    }

    fn board(&mut self, node: Node<'_, '_>) -> BoardDef {
        let image = node
            .attribute("image")
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        let mut size = (500, 500);
        if let Some(v) = node.attribute("width") {
            self.int(node, "width", v, &mut size.0);
        }
        if let Some(v) = node.attribute("height") {
            self.int(node, "height", v, &mut size.1);
        }
        let name = node.attribute("name").unwrap_or("").to_string();
        let mut unknown_size = None;
        let size = match &image {
            None => Some(size),
            Some(img) => match self.sizes.get(img) {
                Some(&(w, h)) => Some((clamp(w), clamp(h))),
                None if !self.warn_sizes => None,
                None => {
                    let why = format!(
                        "board `{name}`: the size of image `{img}` is not known; give its size (--board-sizes) or read the .vmod"
                    );
                    let (line, col) = self.line(node);
                    self.warnings.push(
                        crate::error::diag(ErrorKind::BoardSize, why.clone())
                            .in_file(self.name)
                            .at_line(line, col),
                    );
                    unknown_size = Some(why);
                    None
                }
            },
        };
        let grid = elements(node).next().map(|g| self.grid(g, 0));
        BoardDef {
            name,
            image,
            size,
            reversible: node.attribute("reversible") == Some("true"),
            grid,
            unknown_size,
        }
    }

    fn grid(&mut self, node: Node<'_, '_>, depth: usize) -> Grid {
        let class = node.tag_name().name();
        match class {
            HEX_GRID => Grid::Hex(self.hex(node)),
            SQUARE_GRID => Grid::Square(self.square(node)),
            REGION_GRID => Grid::Region(self.regions(node)),
            ZONED_GRID if depth == 0 => Grid::Zoned(self.zoned(node)),
            _ => {
                self.custom_class(node, "grid");
                Grid::Custom {
                    class: class.to_string(),
                }
            }
        }
    }

    fn numbering(
        &mut self,
        node: Node<'_, '_>,
        expected: &str,
    ) -> Option<Result<Numbering, String>> {
        let child = elements(node).find(|c| !INERT.contains(&c.tag_name().name()))?;
        let class = child.tag_name().name();
        if class != expected {
            self.custom_class(child, "numbering");
            return Some(Err(class.to_string()));
        }
        let mut n = Numbering::default();
        for (key, value) in Self::attributes(child) {
            let first = value.chars().next();
            match key {
                "first" => n.first = first.unwrap_or(n.first),
                "sep" => n.sep = value.to_string(),
                "hType" => n.h_type = first.unwrap_or(n.h_type),
                "vType" => n.v_type = first.unwrap_or(n.v_type),
                "hLeading" => self.int(child, key, value, &mut n.h_leading),
                "vLeading" => self.int(child, key, value, &mut n.v_leading),
                "hOff" => self.int(child, key, value, &mut n.h_off),
                "vOff" => self.int(child, key, value, &mut n.v_off),
                "hDescend" => n.h_descending = value.eq_ignore_ascii_case("true"),
                "vDescend" => n.v_descending = value.eq_ignore_ascii_case("true"),
                "locationFormat" => n.location_format = value.to_string(),
                "stagger" => n.stagger = value.eq_ignore_ascii_case("true"),
                _ => {}
            }
        }
        Some(Ok(n))
    }

    fn hex(&mut self, node: Node<'_, '_>) -> HexGrid {
        let mut g = HexGrid::default();
        for (key, value) in Self::attributes(node) {
            let yes = value.eq_ignore_ascii_case("true");
            match key {
                "x0" => self.int(node, key, value, &mut g.x0),
                "y0" => self.int(node, key, value, &mut g.y0),
                "dx" => self.float(node, key, value, &mut g.dx),
                "dy" => {
                    if let Some(v) = self.double(node, key, value) {
                        g.set_dy(v);
                    }
                }
                "sideways" => g.sideways = yes,
                "snapTo" => g.snap_to = yes,
                "edgesLegal" => g.edges_legal = yes,
                "cornersLegal" => g.corners_legal = yes,
                "snapscale" => self.int(node, key, value, &mut g.snap_scale),
                _ => {}
            }
        }
        match self.numbering(node, HEX_NUMBERING) {
            Some(Ok(n)) => g.numbering = Some(n),
            Some(Err(class)) => g.numbering = Some(custom_numbering(&class)),
            None => {}
        }
        g
    }

    fn square(&mut self, node: Node<'_, '_>) -> SquareGrid {
        let mut g = SquareGrid::default();
        for (key, value) in Self::attributes(node) {
            match key {
                "x0" => self.int(node, key, value, &mut g.x0),
                "y0" => self.int(node, key, value, &mut g.y0),
                "dx" => self.float(node, key, value, &mut g.dx),
                "dy" => self.float(node, key, value, &mut g.dy),
                "snapTo" => g.snap_to = value.eq_ignore_ascii_case("true"),
                _ => {}
            }
        }
        match self.numbering(node, SQUARE_NUMBERING) {
            Some(Ok(mut n)) => {
                n.stagger = false;
                g.numbering = Some(n);
            }
            Some(Err(class)) => g.numbering = Some(custom_numbering(&class)),
            None => {}
        }
        g
    }

    fn regions(&mut self, node: Node<'_, '_>) -> RegionGrid {
        let mut regions = Vec::new();
        for r in elements(node).filter(|c| c.tag_name().name() == REGION) {
            let origin = self.point(r, "originx", "originy");
            regions.push(Region {
                name: r.attribute("name").unwrap_or("").to_string(),
                origin,
            });
        }
        RegionGrid::from_regions(regions)
    }

    fn zoned(&mut self, node: Node<'_, '_>) -> ZonedGrid {
        let mut z = ZonedGrid::default();
        for child in elements(node) {
            let class = child.tag_name().name();
            if class == ZONE {
                let grid = elements(child)
                    .find(|c| !INERT.contains(&c.tag_name().name()))
                    .map(|g| Box::new(self.grid(g, 1)));
                let polygon = Polygon::parse(child.attribute("path").unwrap_or(""));
                let crossing = polygon.most_crossing();
                if crossing > limits::MAX_ZONE_CROSSINGS && self.refused.is_none() {
                    self.refused = Some(fail(
                        self.name,
                        ErrorKind::Limit,
                        format!(
                            "zone `{}`'s outline crosses one row {crossing} times, more than {} (the reader's limit, vassal::limits::MAX_ZONE_CROSSINGS)",
                            child.attribute("name").unwrap_or(""),
                            limits::MAX_ZONE_CROSSINGS
                        ),
                        self.line(child),
                    ));
                }
                z.zones.push(Zone {
                    name: child.attribute("name").unwrap_or("").to_string(),
                    location_format: child
                        .attribute("locationFormat")
                        .unwrap_or("$name$")
                        .to_string(),
                    polygon,
                    use_parent_grid: child.attribute("useParentGrid") == Some("true"),
                    grid,
                });
            } else if INERT.contains(&class) {
            } else if z.background.is_none() {
                z.background = Some(Box::new(self.grid(child, 1)));
            }
        }
        z
    }
}

const PIECE_SLOT: &str = "VASSAL.build.widget.PieceSlot";
const CARD_SLOT: &str = "VASSAL.build.widget.CardSlot";

/// The name a component of the module goes by (a window's, a tab's, a list's, a stack's, a
/// deck's, a map's), if it has one.
fn component_name<'a>(node: Node<'a, '_>) -> Option<&'a str> {
    ["entryName", "name", "mapName"]
        .iter()
        .find_map(|a| node.attribute(*a))
        .filter(|n| !n.is_empty())
}

/// The name of the basic piece of a piece definition (`+/null/TYPE/STATE`).
fn basic_name(definition: &str) -> String {
    let body = definition.strip_prefix("+/").unwrap_or(definition);
    let mut d = crate::seq::Decoder::new(body, '/');
    let _id = d.next_cow();
    let ty = d.next_cow().unwrap_or_default();
    let basic = crate::nest::innermost(&ty);
    crate::seq::Decoder::new(&basic, ';')
        .nth(4)
        .unwrap_or_default()
}

/// The sides of the module's `PlayerRoster` (the first among the module's own components, as
/// `GameModule.getPlayerRoster` finds it): the text of each element inside it (`<entry>`, as
/// VASSAL writes them), trimmed, in document order. None without a roster.
fn roster_sides(root: Node<'_, '_>) -> Vec<String> {
    let Some(roster) =
        elements(root).find(|n| n.tag_name().name() == "VASSAL.build.module.PlayerRoster")
    else {
        return Vec::new();
    };
    roster
        .descendants()
        .skip(1)
        .filter(|n| n.is_element())
        .map(|entry| {
            work::add(1);
            let text: String = entry
                .children()
                .filter(|c| c.is_text())
                .filter_map(|c| c.text())
                .collect();
            text.trim().to_string()
        })
        .collect()
}

/// A private window's sides (`PrivateMap`, `PlayerHand`: attributes `side`, a list as VASSAL's
/// `StringArrayConfigurer` writes it, and `visible`); `None` for any other map.
fn private_window(node: Node<'_, '_>) -> Option<PrivateWindow> {
    let private = matches!(
        node.tag_name().name(),
        "VASSAL.build.module.PrivateMap" | "VASSAL.build.module.PlayerHand"
    );
    private.then(|| PrivateWindow {
        sides: node
            .attribute("side")
            .filter(|s| !s.is_empty())
            .map(|s| {
                let mut sides: Vec<String> = crate::seq::Decoder::new(s, ',').collect();
                work::add_len(sides.len());
                sides.sort_unstable();
                sides.dedup();
                sides
            })
            .unwrap_or_default(),
        visible_to_all: node
            .attribute("visible")
            .is_some_and(|v| v.eq_ignore_ascii_case("true")),
    })
}

/// A numbering of the module's own: its locations are not computed.
fn custom_numbering(class: &str) -> Numbering {
    Numbering {
        custom_class: Some(class.to_string()),
        ..Numbering::default()
    }
}

/// Child elements, folders (`...folder...` classes) opened as if they were not there.
fn elements<'a, 'd>(node: Node<'a, 'd>) -> impl Iterator<Item = Node<'a, 'd>> {
    let mut out = Vec::new();
    let mut stack: Vec<Node<'a, 'd>> = node.children().filter(|c| c.is_element()).collect();
    stack.reverse();
    let mut budget = limits::MAX_XML_NODES as usize;
    while let Some(n) = stack.pop() {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        if n.tag_name().name().contains(".folder.") {
            let mut kids: Vec<Node<'a, 'd>> = n.children().filter(|c| c.is_element()).collect();
            kids.reverse();
            stack.extend(kids);
        } else {
            out.push(n);
        }
    }
    out.into_iter()
}

fn short<'n>(node: Node<'n, '_>) -> &'n str {
    let c = node.tag_name().name();
    c.rsplit('.').next().unwrap_or(c)
}
