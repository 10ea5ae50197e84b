//! Where a point of a map is, as VASSAL names it (`Map.locationName`): a deck exactly there, else
//! the board holding the point (boards laid out as the save chose them, reversed ones turned),
//! its grid's name for the point, or `offboard`.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use wargame_kit::internal::work;

use crate::error::{ErrorKind, Warning, diag};
use crate::grid::{Grid, HexGrid, Named};
use crate::limits;
use crate::module::{BoardDef, MapDef, Module};
use crate::save::{BoardChoice, Position};

/// A point located on a map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Located {
    /// The board holding the point, if any.
    pub board: Option<String>,
    /// The zone holding the point, if the board's grid has zones.
    pub zone: Option<String>,
    /// The location name as VASSAL shows it (`2215`, a zone's or region's name, a deck's name,
    /// `offboard`), or `unknown` when it cannot be computed (a map or board the module lacks, a
    /// board of unknown size, a class of the module's own).
    pub location: String,
}

impl Located {
    pub(crate) fn unknown() -> Located {
        Located {
            board: None,
            zone: None,
            location: "unknown".to_string(),
        }
    }

    pub(crate) fn offboard() -> Located {
        Located {
            board: None,
            zone: None,
            location: "offboard".to_string(),
        }
    }
}

/// The key of the warning about a map whose only board is taken without the save choosing it.
const TAKEN: &str = "taken:";

/// The most boards of unknown size a warning names.
const MAX_BOARDS_TOLD: usize = 5;

/// A board placed on a map.
#[derive(Clone, Debug)]
struct Placed<'m> {
    def: &'m BoardDef,
    origin: (i64, i64),
    size: (i32, i32),
    reversed: bool,
}

#[derive(Clone, Debug)]
struct Layout<'m> {
    def: &'m MapDef,
    boards: Vec<Placed<'m>>,
    /// A board of unknown size: nothing on this map can be located.
    unknown_size: bool,
    /// The save chooses no board for this map (yet lays out others): its only board is taken,
    /// as VASSAL takes it, with a warning once a piece is on it.
    taken: bool,
    /// Each point of the map holding a deck to the first deck there, in the module's order.
    decks: HashMap<(i64, i64), &'m str>,
}

/// The hex grid at a map point ([`Locator::hex_grid_at`]): the grid, the point on the board,
/// the board's origin on the map, and whether the board is reversed.
pub type HexAt<'m> = (&'m HexGrid, (i32, i32), (i32, i32), bool);

/// Locates points on the maps of a module, with the boards a replayed save laid out.
#[derive(Debug)]
pub struct Locator<'m> {
    maps: Vec<Layout<'m>>,
    /// Each map's name and generated id to its layout (the first map of a name, as
    /// `Map.getMapById`).
    index: HashMap<&'m str, usize>,
    warnings: RefCell<Vec<Warning>>,
    /// Keys warned about already (one warning per map, board or class).
    warned: RefCell<BTreeMap<String, Vec<String>>>,
    module_name: String,
    module_version: String,
    /// The piece being located, named in warnings.
    current: RefCell<Option<String>>,
    /// Zones and regions looked at so far, and the most that may be
    /// ([`limits::locate_budget`](crate::limits::locate_budget)).
    looked: Cell<usize>,
    most_looked: usize,
}

impl<'m> Locator<'m> {
    /// The maps of `module` with the boards `position` chose for them.
    pub fn new(module: &'m Module, position: &Position) -> Locator<'m> {
        let mut warnings = Vec::new();
        let mut maps = Vec::new();
        let mut index = HashMap::new();
        let boards: HashMap<&str, &(String, Vec<BoardChoice>)> = position
            .boards
            .iter()
            .rev()
            .map(|b| (b.0.as_str(), b))
            .collect();
        for (i, def) in module.maps.iter().enumerate() {
            index.entry(def.name.as_str()).or_insert(i);
            index.entry(def.generated_id.as_str()).or_insert(i);
            let choice = boards
                .get(def.generated_id.as_str())
                .or_else(|| boards.get(def.name.as_str()))
                .copied();
            let layout = match choice {
                Some((_, boards)) => layout(def, boards, &mut warnings),
                None if def.boards.len() == 1 => {
                    let mut taken = layout(
                        def,
                        &[BoardChoice {
                            name: def.boards[0].name.clone(),
                            reversed: false,
                            cell: (0, 0),
                        }],
                        &mut warnings,
                    );
                    // Told only where a piece of the save is on the map: a map the save holds
                    // nothing on says nothing of it.
                    taken.taken = !position.boards.is_empty();
                    taken
                }
                None => Layout {
                    def,
                    boards: Vec::new(),
                    unknown_size: false,
                    taken: false,
                    decks: decks(def, &[]),
                },
            };
            maps.push(layout);
        }
        for (key, _) in &position.boards {
            if !index.contains_key(key.as_str()) {
                warnings.push(diag(
                    ErrorKind::UnknownMap,
                    format!("the save lays out boards on map `{key}`, which module `{}` (version {}) lacks", module.name, module.version),
                ));
            }
        }
        Locator {
            maps,
            index,
            warnings: RefCell::new(warnings),
            warned: RefCell::new(BTreeMap::new()),
            module_name: module.name.clone(),
            module_version: module.version.clone(),
            current: RefCell::new(None),
            looked: Cell::new(0),
            most_looked: crate::limits::locate_budget(
                module.text_bytes.saturating_add(position.text_bytes),
            ),
        }
    }

    /// The warnings found while locating (each map, board or class once, with how many
    /// pieces it concerned).
    pub fn take_warnings(&self) -> Vec<Warning> {
        let mut out = std::mem::take(&mut *self.warnings.borrow_mut());
        let counts = std::mem::take(&mut *self.warned.borrow_mut());
        for w in &mut out {
            if let Some(key) = w.key.take()
                && let Some(ids) = counts.get(&key).filter(|ids| !ids.is_empty())
            {
                let shown: Vec<&str> = ids.iter().take(10).map(String::as_str).collect();
                let more = if ids.len() > 10 {
                    format!(" and {} more", ids.len() - 10)
                } else {
                    String::new()
                };
                let which = if key.starts_with(TAKEN) {
                    "read on it"
                } else {
                    "not located"
                };
                w.message = format!("{}; {which}: {}{more}", w.message, shown.join(", "));
            }
        }
        out
    }

    fn warn_once(&self, key: String, make: impl FnOnce() -> Warning) {
        let mut warned = self.warned.borrow_mut();
        let first = !warned.contains_key(&key);
        let ids = warned.entry(key.clone()).or_default();
        if let Some(id) = self.current.borrow().as_ref() {
            ids.push(id.clone());
        }
        if first {
            self.warnings.borrow_mut().push(make().key(key));
        }
    }

    /// [`Locator::locate`] for a piece: a warning about what could not be located names it.
    pub fn locate_piece(&self, id: &str, map: &str, x: i32, y: i32) -> Located {
        *self.current.borrow_mut() = Some(id.to_string());
        let l = self.locate(map, x, y);
        *self.current.borrow_mut() = None;
        l
    }

    fn map(&self, id: &str) -> Option<&Layout<'m>> {
        self.index.get(id).and_then(|&i| self.maps.get(i))
    }

    /// The module's map a save names (as [`Module::map`], by an index).
    pub fn map_def(&self, id: &str) -> Option<&'m MapDef> {
        self.map(id).map(|l| l.def)
    }

    /// The warning, once, that the save chooses no board for this map and its only board is
    /// taken (with the pieces read on it).
    fn warn_taken(&self, layout: &Layout<'m>) {
        self.warn_once(format!("{TAKEN}{}", layout.def.id), || {
            let board = layout.def.boards.first().map_or("", |b| b.name.as_str());
            diag(
                ErrorKind::UnknownBoard,
                format!(
                    "the save chooses no board for map `{}`; its only board `{board}` is taken",
                    layout.def.id
                ),
            )
        });
    }

    /// The warning, once, that a board the save lays out on this map has no known size (each
    /// such board and why), so that no piece of it can be located (the pieces named).
    fn warn_unknown_size(&self, layout: &Layout<'m>) {
        self.warn_once(format!("size:{}", layout.def.id), || {
            let mut why: Vec<&str> = Vec::new();
            for b in layout.boards.iter().filter(|b| b.def.size.is_none()) {
                let told = b
                    .def
                    .unknown_size
                    .as_deref()
                    .unwrap_or("a board's size is unknown");
                if why.len() < MAX_BOARDS_TOLD && !why.contains(&told) {
                    why.push(told);
                }
            }
            let but = if self.names_inside(layout) {
                ", but for those in a zone or region of its board"
            } else {
                ""
            };
            diag(
                ErrorKind::BoardSize,
                format!(
                    "map `{}` has a board of unknown size ({}): its pieces cannot be located{but}",
                    layout.def.id,
                    why.join("; ")
                ),
            )
        });
    }

    /// Where `(x, y)` of the map the save calls `map` is.
    pub fn locate(&self, map: &str, x: i32, y: i32) -> Located {
        let Some(layout) = self.map(map) else {
            self.warn_once(format!("map:{map}"), || {
                diag(ErrorKind::UnknownMap, format!("the save puts pieces on map `{map}`, which module `{}` (version {}) lacks: they are located `unknown`", self.module_name, self.module_version))
            });
            return Located::unknown();
        };
        if layout.taken {
            self.warn_taken(layout);
        }
        if x.unsigned_abs() > limits::MAX_COORDINATE.unsigned_abs()
            || y.unsigned_abs() > limits::MAX_COORDINATE.unsigned_abs()
        {
            return Located::offboard();
        }
        if let Some(deck) = layout.decks.get(&(i64::from(x), i64::from(y))) {
            return Located {
                board: None,
                zone: None,
                location: deck.to_string(),
            };
        }
        if layout.unknown_size {
            return self.locate_unsized(layout, x, y);
        }
        let Some((placed, p)) = find_board(layout, x, y) else {
            return Located::offboard();
        };
        let board = Some(placed.def.name.clone());
        let Some(grid) = &placed.def.grid else {
            return Located {
                board,
                zone: None,
                location: "offboard".to_string(),
            };
        };
        if !self.may_look(grid.naming_cost()) {
            return Located {
                board,
                zone: None,
                location: "unknown".to_string(),
            };
        }
        match grid.name(p, placed.size) {
            Named::Name(name, zone) => Located {
                board,
                zone,
                location: name,
            },
            Named::Nothing(zone) => Located {
                board,
                zone,
                location: "offboard".to_string(),
            },
            Named::OverLimit(zone) => self.zone_over_limit(&placed.def.name, zone),
            Named::Custom(class) => {
                self.warn_once(format!("class:{class}"), || {
                    diag(
                        ErrorKind::CustomClass,
                        format!("board `{}` of map `{}` is located by `{class}`, a class of the module's own: its locations are not computed, never guessed", placed.def.name, layout.def.id),
                    )
                });
                Located {
                    board,
                    zone: grid.zone_at(p).map(|z| z.name.clone()),
                    location: "unknown".to_string(),
                }
            }
        }
    }

    /// A point of a map with a board of unknown size: what [`Locator::inside_unsized`]
    /// names, else `unknown`, with a warning naming the map (once) and the piece.
    fn locate_unsized(&self, layout: &Layout<'m>, x: i32, y: i32) -> Located {
        if let Some(l) = self.inside_unsized(layout, x, y) {
            return l;
        }
        self.warn_unknown_size(layout);
        Located::unknown()
    }

    /// Whether the map is one board whose grid names some points without its size (zones,
    /// regions): [`Locator::inside_unsized`] locates those.
    fn names_inside(&self, layout: &Layout<'m>) -> bool {
        matches!(layout.boards.as_slice(), [only] if !only.reversed
            && matches!(only.def.grid, Some(Grid::Zoned(_) | Grid::Region(_))))
    }

    /// A point of a map of one board whose size is unknown: a board's origin is the map's
    /// edge whatever its size, so a point left of or above it is `offboard`, and a point a zone
    /// or region of its grid names is there (a zone or region is drawn on its board); `None`
    /// where only the size could tell.
    fn inside_unsized(&self, layout: &Layout<'m>, x: i32, y: i32) -> Option<Located> {
        if !self.names_inside(layout) {
            return None;
        }
        let placed = layout.boards.first()?;
        let p = (
            i64::from(x) - placed.origin.0,
            i64::from(y) - placed.origin.1,
        );
        if p.0 < 0 || p.1 < 0 {
            return Some(Located::offboard());
        }
        let p = (i32::try_from(p.0).ok()?, i32::try_from(p.1).ok()?);
        let grid = placed.def.grid.as_ref()?;
        if !self.may_look(grid.naming_cost()) {
            return None;
        }
        let board = Some(placed.def.name.clone());
        match grid.name_inside(p)? {
            Named::Name(name, zone) => Some(Located {
                board,
                zone,
                location: name,
            }),
            Named::OverLimit(zone) => Some(self.zone_over_limit(&placed.def.name, zone)),
            Named::Nothing(_) | Named::Custom(_) => None,
        }
    }

    /// Whether naming a point that looks at `cost` zones and regions stays within
    /// [`limits::locate_budget`](crate::limits::locate_budget); beyond it, said once.
    fn may_look(&self, cost: usize) -> bool {
        let looked = self.looked.get().saturating_add(cost);
        self.looked.set(looked);
        if looked <= self.most_looked {
            wargame_kit::internal::work::add_len(cost);
            return true;
        }
        self.warn_once("locate-budget".to_string(), || {
            diag(
                ErrorKind::Limit,
                format!(
                    "locating the pieces would look at more than {} zones and regions (the reader's budget, vassal::limits::locate_budget): the pieces left are located `unknown`",
                    self.most_looked
                ),
            )
        });
        false
    }

    /// A piece in a zone whose location format would write more than
    /// [`MAX_PIECE_TEXT_BYTES`](crate::limits::MAX_PIECE_TEXT_BYTES): `unknown`, said once.
    fn zone_over_limit(&self, board: &str, zone: String) -> Located {
        self.warn_once(format!("long:{zone}"), || {
            diag(
                ErrorKind::Limit,
                format!(
                    "zone `{zone}` of board `{board}` names its locations by a format that would write more than {} bytes (the reader's limit, vassal::limits::MAX_PIECE_TEXT_BYTES): its pieces are located `unknown`",
                    crate::limits::MAX_PIECE_TEXT_BYTES
                ),
            )
        });
        Located {
            board: Some(board.to_string()),
            zone: Some(zone),
            location: "unknown".to_string(),
        }
    }

    /// The hex grid governing a map point, with the point in that grid's (board) coordinates
    /// and the board's origin on the map: for checking a piece sits where `snapToHex` puts it.
    pub fn hex_grid_at(&self, map: &str, x: i32, y: i32) -> Option<HexAt<'m>> {
        let layout = self.map(map)?;
        if layout.unknown_size {
            return None;
        }
        let (placed, p) = find_board(layout, x, y)?;
        let grid: &'m Grid = placed.def.grid.as_ref()?;
        let hex = grid.hex_grid_at(p)?;
        let origin = (
            i32::try_from(placed.origin.0).ok()?,
            i32::try_from(placed.origin.1).ok()?,
        );
        Some((hex, p, origin, placed.reversed))
    }
}

/// Where each deck of a map is (`DrawPile`: its point, on its owning board when the map shows
/// a board of that name, the first of them; else on the map), the first deck of each point
/// kept: found in one lookup however many decks and boards there are.
fn decks<'m>(def: &'m MapDef, boards: &[Placed<'m>]) -> HashMap<(i64, i64), &'m str> {
    let mut origins: HashMap<&str, (i64, i64)> = HashMap::new();
    for b in boards {
        work::add(1);
        origins.entry(b.def.name.as_str()).or_insert(b.origin);
    }
    let mut at = HashMap::new();
    for d in &def.decks {
        work::add(1);
        let mut p = (i64::from(d.position.0), i64::from(d.position.1));
        if let Some(o) = d.owning_board.as_deref().and_then(|b| origins.get(b)) {
            p = (p.0 + o.0, p.1 + o.1);
        }
        at.entry(p).or_insert(d.name.as_str());
    }
    at
}

/// The first board whose rectangle holds the point, and the point on that board (turned for a
/// reversed board).
fn find_board<'a, 'm>(
    layout: &'a Layout<'m>,
    x: i32,
    y: i32,
) -> Option<(&'a Placed<'m>, (i32, i32))> {
    let (x, y) = (i64::from(x), i64::from(y));
    let placed = layout.boards.iter().find(|b| {
        let (w, h) = (i64::from(b.size.0), i64::from(b.size.1));
        w > 0
            && h > 0
            && x >= b.origin.0
            && y >= b.origin.1
            && x < b.origin.0 + w
            && y < b.origin.1 + h
    })?;
    let mut p = (x - placed.origin.0, y - placed.origin.1);
    if placed.reversed {
        p = (
            i64::from(placed.size.0) - p.0,
            i64::from(placed.size.1) - p.1,
        );
    }
    Some((placed, (i32::try_from(p.0).ok()?, i32::try_from(p.1).ok()?)))
}

/// Lay out the boards a save chose for a map (`Map.setBoardBoundaries`): a board's x is the sum
/// of the widths of the boards left of it in its row, its y the sum of the heights above it in
/// its column, plus the map's edge.
fn layout<'m>(def: &'m MapDef, choices: &[BoardChoice], warnings: &mut Vec<Warning>) -> Layout<'m> {
    let mut chosen: Vec<(&'m BoardDef, &BoardChoice)> = Vec::new();
    if choices.len() > limits::MAX_BOARDS {
        warnings.push(diag(
            ErrorKind::Limit,
            format!(
                "the save puts more than {} boards on map `{}`; the first {} are laid out",
                limits::MAX_BOARDS,
                def.id,
                limits::MAX_BOARDS
            ),
        ));
    }
    // The first board of each name, looked up once for each board chosen.
    let mut by_name: HashMap<&str, &'m BoardDef> = HashMap::new();
    for b in &def.boards {
        work::add(1);
        by_name.entry(b.name.as_str()).or_insert(b);
    }
    for c in choices.iter().take(limits::MAX_BOARDS) {
        let board = by_name.get(c.name.as_str()).copied().or_else(|| {
            if def.boards.len() == 1 {
                warnings.push(diag(
                    ErrorKind::UnknownBoard,
                    format!("the save puts board `{}` on map `{}`, which has only board `{}`: taken as that board", c.name, def.id, def.boards[0].name),
                ));
                def.boards.first()
            } else {
                warnings.push(diag(
                    ErrorKind::UnknownBoard,
                    format!("the save puts board `{}` on map `{}`, which the module lacks; left out", c.name, def.id),
                ));
                None
            }
        });
        if let Some(b) = board {
            if c.cell.0 < 0 || c.cell.1 < 0 {
                warnings.push(diag(
                    ErrorKind::UnknownBoard,
                    format!(
                        "the save puts board `{}` of map `{}` at a negative cell; left out",
                        c.name, def.id
                    ),
                ));
                continue;
            }
            chosen.push((b, c));
        }
    }
    let unknown_size = chosen.iter().any(|(b, _)| b.size.is_none());
    let size = |b: &BoardDef| b.size.unwrap_or((0, 0));
    // The last board of a cell is the one whose size counts (VASSAL's table by cell).
    let mut cells: BTreeMap<(i32, i32), (i32, i32)> = BTreeMap::new();
    for (b, c) in &chosen {
        cells.insert(c.cell, size(b));
    }
    let mut boards = Vec::with_capacity(chosen.len());
    for (b, c) in &chosen {
        let (col, row) = c.cell;
        let x: i64 = cells
            .iter()
            .filter(|((c2, r2), _)| *r2 == row && *c2 < col)
            .map(|(_, s)| i64::from(s.0))
            .sum();
        let y: i64 = cells
            .range((col, 0)..(col, row))
            .map(|(_, s)| i64::from(s.1))
            .sum();
        boards.push(Placed {
            def: b,
            origin: (x + i64::from(def.edge.0), y + i64::from(def.edge.1)),
            size: size(b),
            reversed: c.reversed && b.reversible,
        });
    }
    Layout {
        def,
        decks: decks(def, &boards),
        boards,
        unknown_size,
        taken: false,
    }
}
