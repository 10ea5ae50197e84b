//! VASSAL's grids and their numbering, computed the way VASSAL computes them (Java's `int`
//! casts, `Math.floor`, `Math.round`, the same order of operations), so a location name here is
//! the one VASSAL shows: [`HexGrid`] with [`Numbering`], [`SquareGrid`], [`RegionGrid`] and
//! [`ZonedGrid`] with its [`Zone`]s.
//!
//! Points are board coordinates (the board's top left is 0,0, before any reversal).
//!
//! [`HexGrid::centres`] lists a hex grid's numbered hexes where they are, for a tool that maps
//! the grid to a hex layout of its own.

mod centres;

use wargame_kit::internal::work;

pub use centres::{Area, Centre, CentresError};

/// A point in pixels, as VASSAL's `java.awt.Point`.
pub type Point = (i32, i32);

/// Java's `Math.round(double)` cast to `int`: `floor(x + 0.5)`, NaN 0, saturating to `long`
/// then keeping the low 32 bits as Java's `(int)` of a `long` does.
pub(crate) fn jround(x: f64) -> i32 {
    let r = (x + 0.5).floor();
    // `as` saturates at the i64 range and gives 0 for NaN, as Java's round does.
    (r as i64) as i32
}

/// Java's `(int)` of a `double`: truncation toward zero, saturating, NaN 0 (Rust's `as`).
pub(crate) fn jint(x: f64) -> i32 {
    x as i32
}

/// Java's `(int) Math.floor(x)`.
pub(crate) fn jfloor(x: f64) -> i32 {
    x.floor() as i32
}

/// Java's `int` subtraction (wrapping).
fn sub(a: i32, b: i32) -> i32 {
    a.wrapping_sub(b)
}

/// The numbering of a hex or square grid (`HexGridNumbering`, `SquareGridNumbering`, both
/// `RegularGridNumbering`), every attribute with VASSAL's default.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Numbering {
    /// `first`: `H` (column first) or `V`.
    pub first: char,
    /// `sep`: between the two parts.
    pub sep: String,
    /// `hType`: `N` numeric or `A` alphabetic.
    pub h_type: char,
    /// `vType`.
    pub v_type: char,
    /// `hLeading`: leading zeros of the column.
    pub h_leading: i32,
    /// `vLeading`.
    pub v_leading: i32,
    /// `hOff`: the first column's number.
    pub h_off: i32,
    /// `vOff`.
    pub v_off: i32,
    /// `hDescend`.
    pub h_descending: bool,
    /// `vDescend`.
    pub v_descending: bool,
    /// `locationFormat` (`$gridLocation$`, `$row$`, `$column$`).
    pub location_format: String,
    /// `stagger` (hex numbering only).
    pub stagger: bool,
    /// The Java class, when the module numbers the grid with a class of its own (locations
    /// are then not computed).
    pub custom_class: Option<String>,
}

impl Default for Numbering {
    fn default() -> Self {
        Numbering {
            first: 'H',
            sep: String::new(),
            h_type: 'N',
            v_type: 'N',
            h_leading: 1,
            v_leading: 1,
            h_off: 1,
            v_off: 1,
            h_descending: false,
            v_descending: false,
            location_format: "$gridLocation$".to_string(),
            stagger: true,
            custom_class: None,
        }
    }
}

impl Numbering {
    /// One part of a name (`RegularGridNumbering.getName(int, char, int)`).
    pub fn part(value: i64, kind: char, leading: i32) -> String {
        let mut out = String::new();
        if value < 0 {
            out.push('-');
        }
        let v = value.unsigned_abs();
        if kind == 'A' {
            // A..Z, then AA, BB, ... (the letter repeated), as VASSAL writes them.
            let letter = char::from(b'A' + u8::try_from(v % 26).unwrap_or(0));
            let count = v / 26 + 1;
            if count > 1000 {
                out.push_str(&format!("{letter}×{count}"));
                return out;
            }
            for _ in 0..count {
                out.push(letter);
            }
            return out;
        }
        // VASSAL adds a zero while the value is below 10^leading, counting leading down:
        // `leading - digits + 1` zeros (capped, a module may ask for millions).
        let digits = v.to_string();
        let zeros = i64::from(leading) - i64::try_from(digits.len()).unwrap_or(i64::MAX) + 1;
        let zeros =
            usize::try_from(zeros.clamp(0, crate::limits::MAX_LEADING_ZEROS as i64)).unwrap_or(0);
        out.extend(std::iter::repeat_n('0', zeros));
        out.push_str(&digits);
        out
    }

    /// The names of the row and of the column, each with its offset, kind and leading zeros.
    fn parts(&self, row: i32, column: i32) -> (String, String) {
        let row_name = Self::part(
            i64::from(row) + i64::from(self.v_off),
            self.v_type,
            self.v_leading,
        );
        let col_name = Self::part(
            i64::from(column) + i64::from(self.h_off),
            self.h_type,
            self.h_leading,
        );
        (row_name, col_name)
    }

    /// The name of row and column (`RegularGridNumbering.getName(int, int)`).
    pub fn name(&self, row: i32, column: i32) -> String {
        let (row_name, col_name) = self.parts(row, column);
        if self.first == 'H' {
            format!("{col_name}{}{row_name}", self.sep)
        } else {
            format!("{row_name}{}{col_name}", self.sep)
        }
    }

    /// The location name from row and column through `locationFormat`.
    pub fn location(&self, row: i32, column: i32) -> String {
        let grid = self.name(row, column);
        let (row_name, col_name) = self.parts(row, column);
        format_string(
            &self.location_format,
            &[
                ("gridLocation", grid.as_str()),
                ("row", row_name.as_str()),
                ("column", col_name.as_str()),
            ],
        )
    }
}

/// A `$name$` format as VASSAL's `FormattedString` expands it with the given properties; a
/// property not given expands to nothing (VASSAL would ask the module's global properties).
pub fn format_string(format: &str, props: &[(&str, &str)]) -> String {
    format_string_within(format, props, usize::MAX).unwrap_or_default()
}

/// [`format_string`], or `None` as soon as what it writes would be longer than `most` bytes
/// (a format that repeats a long property is never written out).
pub(crate) fn format_string_within(
    format: &str,
    props: &[(&str, &str)],
    most: usize,
) -> Option<String> {
    let mut out = String::new();
    let mut tokens = crate::seq::Decoder::new(format, '$');
    let mut is_property = true;
    while let Some(token) = tokens.next() {
        is_property = !is_property;
        if token.is_empty() {
            continue;
        }
        let text = if !is_property || !tokens.has_more() {
            token.as_str()
        } else if let Some((_, v)) = props.iter().find(|(k, _)| *k == token) {
            v
        } else {
            continue;
        };
        if out.len().saturating_add(text.len()) > most {
            return None;
        }
        out.push_str(text);
    }
    Some(out)
}

/// A hex grid (`HexGrid`), every attribute with VASSAL's default.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct HexGrid {
    /// `x0`.
    pub x0: i32,
    /// `y0`.
    pub y0: i32,
    /// `dx`: hex width.
    pub dx: f64,
    /// `dy`: hex height.
    pub dy: f64,
    /// `sideways`.
    pub sideways: bool,
    /// `snapTo`.
    pub snap_to: bool,
    /// `edgesLegal`.
    pub edges_legal: bool,
    /// `cornersLegal`.
    pub corners_legal: bool,
    /// `snapscale`.
    pub snap_scale: i32,
    /// The numbering, if the grid has one (a grid without numbering names no location).
    pub numbering: Option<Numbering>,
}

const SQRT3_2: f64 = 0.866_025_403_784_438_6;
/// VASSAL's default hex width (`sqrt(3)/2 * 64`).
pub const DEFAULT_HEX_WIDTH: f64 = SQRT3_2 * 64.0;

impl Default for HexGrid {
    fn default() -> Self {
        HexGrid {
            x0: 0,
            y0: 32,
            dx: DEFAULT_HEX_WIDTH,
            dy: 64.0,
            sideways: false,
            snap_to: true,
            edges_legal: false,
            corners_legal: false,
            snap_scale: 0,
            numbering: None,
        }
    }
}

impl HexGrid {
    /// Set `dy` as VASSAL's `setAttribute` does: a width still at its default follows the height.
    pub fn set_dy(&mut self, dy: f64) {
        self.dy = dy;
        if self.dx.to_bits() == DEFAULT_HEX_WIDTH.to_bits() {
            self.dx = SQRT3_2 * dy;
        }
    }

    fn rotate(&self, p: Point) -> Point {
        if self.sideways { (p.1, p.0) } else { p }
    }

    fn hex_x(&self, x: i32) -> i32 {
        let (dx, ox) = (self.dx, self.x0);
        let n = jfloor((f64::from(sub(x, ox)) + dx / 2.0) / dx);
        let mut loc = jint(dx * f64::from(n) + f64::from(ox));
        if self.snap_scale > 0 {
            loc = loc.wrapping_add(self.snap_delta(sub(x, loc), dx));
        }
        loc
    }

    fn hex_y(&self, x: i32, y: i32) -> i32 {
        let (dx, dy, ox, oy) = (self.dx, self.dy, self.x0, self.y0);
        let nx = jfloor((f64::from(sub(x, ox)) + dx / 2.0) / dx);
        let mut loc = if nx % 2 == 0 {
            jint(dy * f64::from(jfloor((f64::from(sub(y, oy)) + dy / 2.0) / dy)) + f64::from(oy))
        } else {
            jint(
                dy * f64::from(jfloor(f64::from(sub(y, oy)) / dy))
                    + f64::from(jint(dy / 2.0))
                    + f64::from(oy),
            )
        };
        if self.snap_scale > 0 {
            loc = loc.wrapping_add(self.snap_delta(sub(y, loc), dy));
        }
        loc
    }

    fn snap_delta(&self, delta: i32, d: f64) -> i32 {
        let s = self.snap_scale;
        let mut delta = jround(f64::from(delta) / (0.5 * d / f64::from(s)));
        delta = delta.max(1 - s);
        delta = delta.min(s - 1);
        jround(f64::from(delta) * 0.5 * d / f64::from(s))
    }

    /// The nearest hex centre (`HexGrid.snapToHex`).
    pub fn snap_to_hex(&self, p: Point) -> Point {
        let (x, y) = self.rotate(p);
        let q = (self.hex_x(x), self.hex_y(x, y));
        self.rotate(q)
    }

    fn raw_column(&self, p: Point) -> i32 {
        let (x, _) = self.rotate(p);
        jfloor(f64::from(sub(x, self.x0)) / self.dx + 0.5)
    }

    fn raw_row(&self, p: Point) -> i32 {
        let (x, y) = self.rotate(p);
        let nx = jround(f64::from(sub(x, self.x0)) / self.dx);
        if nx % 2 == 0 {
            jround(f64::from(sub(y, self.y0)) / self.dy)
        } else {
            jround((f64::from(sub(y, self.y0)) - self.dy / 2.0) / self.dy)
        }
    }

    /// Row and column of a point (`HexGridNumbering.getRow`, `getColumn`), with the size of the
    /// grid's container (board or zone) for descending numbering.
    pub fn row_column(&self, n: &Numbering, p: Point, size: (i32, i32)) -> (i32, i32) {
        let max_rows = jfloor(f64::from(size.1) / self.dx + 0.5);
        let max_columns = jfloor(f64::from(size.0) / self.dy + 0.5);
        let raw_col = self.raw_column(p);
        let mut col = raw_col;
        if n.v_descending && self.sideways {
            col = max_rows.wrapping_sub(col);
        }
        if n.h_descending && !self.sideways {
            col = max_columns.wrapping_sub(col);
        }
        let mut row = self.raw_row(p);
        if n.v_descending && !self.sideways {
            row = max_rows.wrapping_sub(row);
        }
        if n.h_descending && self.sideways {
            row = max_columns.wrapping_sub(row);
        }
        if n.stagger && raw_col % 2 != 0 {
            let down = if self.sideways {
                n.h_descending
            } else {
                n.v_descending
            };
            row = if down {
                row.wrapping_sub(1)
            } else {
                row.wrapping_add(1)
            };
        }
        (row, col)
    }

    /// The location name of a point (`null` in VASSAL, `None` here, without numbering).
    pub fn location_name(&self, p: Point, size: (i32, i32)) -> Option<String> {
        let n = self.numbering.as_ref()?;
        let (row, col) = self.row_column(n, p, size);
        Some(n.location(row, col))
    }
}

/// A rectangular grid (`SquareGrid`), every attribute with VASSAL's default.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SquareGrid {
    /// `x0`.
    pub x0: i32,
    /// `y0`.
    pub y0: i32,
    /// `dx`: cell width.
    pub dx: f64,
    /// `dy`: cell height.
    pub dy: f64,
    /// `snapTo`.
    pub snap_to: bool,
    /// The numbering, if any.
    pub numbering: Option<Numbering>,
}

impl Default for SquareGrid {
    fn default() -> Self {
        SquareGrid {
            x0: 24,
            y0: 24,
            dx: 48.0,
            dy: 48.0,
            snap_to: true,
            numbering: None,
        }
    }
}

impl SquareGrid {
    /// Row and column (`SquareGridNumbering.getRow`, `getColumn`: the row truncates, the
    /// column floors, as VASSAL has them).
    pub fn row_column(&self, n: &Numbering, p: Point, size: (i32, i32)) -> (i32, i32) {
        let mut col = jfloor(f64::from(sub(p.0, self.x0)) / self.dx + 0.5);
        if n.h_descending {
            let max_columns = jint(f64::from(size.0) / self.dx + 0.5);
            col = max_columns.wrapping_sub(col);
        }
        let mut row = jint(f64::from(sub(p.1, self.y0)) / self.dy + 0.5);
        if n.v_descending {
            let max_rows = jint(f64::from(size.1) / self.dy + 0.5);
            row = max_rows.wrapping_sub(row);
        }
        (row, col)
    }

    /// The location name of a point, `None` without numbering.
    pub fn location_name(&self, p: Point, size: (i32, i32)) -> Option<String> {
        let n = self.numbering.as_ref()?;
        let (row, col) = self.row_column(n, p, size);
        Some(n.location(row, col))
    }
}

/// One region of an irregular grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Region {
    /// Its name.
    pub name: String,
    /// Its point.
    pub origin: Point,
}

/// An irregular grid (`RegionGrid`): named points; a location is the nearest one's name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct RegionGrid {
    /// The regions, one per point (a later region on the same point replaces an earlier one,
    /// as in VASSAL's table).
    pub regions: Vec<Region>,
}

impl RegionGrid {
    /// Add a region (replacing one on the same point).
    pub fn add(&mut self, region: Region) {
        if let Some(r) = self.regions.iter_mut().find(|r| r.origin == region.origin) {
            *r = region;
        } else {
            self.regions.push(region);
        }
    }

    /// A grid of these regions in order (a later one on the same point replacing an earlier):
    /// linear, for modules with many regions.
    pub fn from_regions(regions: impl IntoIterator<Item = Region>) -> RegionGrid {
        let mut at: std::collections::HashMap<Point, usize> = std::collections::HashMap::new();
        let mut out: Vec<Region> = Vec::new();
        for r in regions {
            match at.get(&r.origin) {
                Some(&i) => out[i] = r,
                None => {
                    at.insert(r.origin, out.len());
                    out.push(r);
                }
            }
        }
        RegionGrid { regions: out }
    }

    /// The nearest region's name (squared distance in Java `int` arithmetic, as VASSAL; ties go
    /// to the region defined first).
    pub fn location_name(&self, p: Point) -> Option<String> {
        let mut best: Option<(&Region, f64)> = None;
        for r in &self.regions {
            let dx = sub(p.0, r.origin.0);
            let dy = sub(p.1, r.origin.1);
            let d = f64::from(dx.wrapping_mul(dx).wrapping_add(dy.wrapping_mul(dy)));
            if best.is_none_or(|(_, b)| d < b) {
                best = Some((r, d));
            }
        }
        best.map(|(r, _)| r.name.clone())
    }
}

/// A polygon as `java.awt.Polygon`, with its `contains` (even-odd, with Java's edge rules).
///
/// Its edges are indexed by the rows they span, when it is made: a point is tested against the
/// edges its row crosses only, not every edge (a zone of many points, many pieces inside it).
///
/// ```
/// use vassal::grid::Polygon;
/// let square = Polygon::new(vec![(0, 0), (10, 0), (10, 10), (0, 10)]);
/// assert!(square.contains((0, 0)) && !square.contains((10, 5)));
/// assert_eq!(square, Polygon::parse("0,0;10,0;10,10;0,10"));
/// assert_eq!(square.points()[2], (10, 10));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Polygon {
    /// The vertices.
    points: Vec<Point>,
    /// `getBounds`: x, y, width, height.
    bounds: (i32, i32, i32, i32),
    /// The edges that are not horizontal, by the rows they span.
    rows: Rows,
}

/// The edges of a polygon that are not horizontal, each the rows `lo..=hi` it spans (those
/// `Polygon.contains` tests it for), in a centred interval tree: the edges spanning a row are
/// found in the time of the tree's depth (logarithmic) and of how many they are. An edge is
/// named by the index of the point it ends at (`u32`: a buildFile holds fewer points).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Rows {
    /// The tree's nodes; the first is the root.
    nodes: Vec<RowNode>,
    /// Each node's edges, by `lo`, lowest first.
    by_lo: Vec<u32>,
    /// The same, by `hi`, highest first (empty for a leaf).
    by_hi: Vec<u32>,
}

/// A node of [`Rows`]: the edges spanning row `centre`, at `at..at + len` of `by_lo` and at
/// `hi_at..hi_at + len` of `by_hi`; the nodes of those entirely above it (lower rows) and below it. A leaf holds a
/// few edges of any rows, each tested.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RowNode {
    centre: i32,
    at: u32,
    hi_at: u32,
    len: u32,
    lower: Option<u32>,
    higher: Option<u32>,
    leaf: bool,
}

/// The most edges of a leaf of [`Rows`].
const LEAF_EDGES: usize = 8;

/// The rows `lo..=hi` the edge ending at point `i` spans, if it is not horizontal.
fn span(points: &[Point], i: usize) -> Option<(i32, i32)> {
    let n = points.len();
    let (_, ly) = *points.get((i + n - 1) % n)?;
    let (_, cy) = *points.get(i)?;
    (ly != cy).then(|| (ly.min(cy), ly.max(cy) - 1))
}

/// An index (of a point of a polygon, of a node) as stored: never beyond `u32` (a buildFile's
/// points are fewer), saturated if it were.
fn small(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// An index as stored, as an index.
fn index(i: u32) -> usize {
    usize::try_from(i).unwrap_or(usize::MAX)
}

impl Rows {
    fn of(points: &[Point]) -> Rows {
        work::add_len(points.len());
        let edges: Vec<u32> = (0..points.len())
            .filter(|&i| span(points, i).is_some())
            .map(small)
            .collect();
        let mut rows = Rows::default();
        rows.build(points, edges);
        rows
    }

    /// A node for these edges and its children, the centre the median of their ends (so that
    /// each child has at most half the edges); its index.
    fn build(&mut self, points: &[Point], edges: Vec<u32>) -> Option<u32> {
        if edges.is_empty() {
            return None;
        }
        let span_of = |e: u32| span(points, index(e)).unwrap_or((0, -1));
        let at = small(self.by_lo.len());
        let node = small(self.nodes.len());
        if edges.len() <= LEAF_EDGES {
            work::add_len(edges.len());
            self.by_lo.extend(&edges);
            self.nodes.push(RowNode {
                centre: 0,
                at,
                hi_at: 0,
                len: small(edges.len()),
                lower: None,
                higher: None,
                leaf: true,
            });
            return Some(node);
        }
        let mut ends: Vec<i32> = Vec::with_capacity(2 * edges.len());
        for &e in &edges {
            work::add(1);
            let (lo, hi) = span_of(e);
            ends.extend([lo, hi]);
        }
        let middle = ends.len() / 2;
        let (_, &mut centre, _) = ends.select_nth_unstable(middle);
        let (mut here, mut lower, mut higher) = (Vec::new(), Vec::new(), Vec::new());
        for e in edges {
            let (lo, hi) = span_of(e);
            if hi < centre {
                lower.push(e);
            } else if lo > centre {
                higher.push(e);
            } else {
                here.push(e);
            }
        }
        here.sort_unstable_by_key(|&e| (span_of(e).0, e));
        self.by_lo.extend(&here);
        here.sort_unstable_by_key(|&e| (std::cmp::Reverse(span_of(e).1), e));
        let hi_at = small(self.by_hi.len());
        self.by_hi.extend(&here);
        self.nodes.push(RowNode {
            centre,
            at,
            hi_at,
            len: small(here.len()),
            lower: None,
            higher: None,
            leaf: false,
        });
        let lower = self.build(points, lower);
        let higher = self.build(points, higher);
        if let Some(n) = self.nodes.get_mut(index(node)) {
            n.lower = lower;
            n.higher = higher;
        }
        Some(node)
    }

    /// Each edge spanning row `y` (the index of the point it ends at).
    fn spanning(&self, points: &[Point], y: i32, mut each: impl FnMut(usize)) {
        let span_of = |e: u32| span(points, index(e)).unwrap_or((0, -1));
        let mut next = if self.nodes.is_empty() { None } else { Some(0) };
        while let Some(node) = next.and_then(|i| self.nodes.get(index(i))) {
            work::add(1);
            let len = index(node.len);
            let range = index(node.at)..index(node.at).saturating_add(len);
            let hi_range = index(node.hi_at)..index(node.hi_at).saturating_add(len);
            next = None;
            if node.leaf {
                for &e in self.by_lo.get(range).unwrap_or_default() {
                    work::add(1);
                    let (lo, hi) = span_of(e);
                    if lo <= y && y <= hi {
                        each(index(e));
                    }
                }
            } else if y < node.centre {
                for &e in self.by_lo.get(range).unwrap_or_default() {
                    if span_of(e).0 > y {
                        break;
                    }
                    work::add(1);
                    each(index(e));
                }
                next = node.lower;
            } else if y > node.centre {
                for &e in self.by_hi.get(hi_range).unwrap_or_default() {
                    if span_of(e).1 < y {
                        break;
                    }
                    work::add(1);
                    each(index(e));
                }
                next = node.higher;
            } else {
                for &e in self.by_lo.get(range).unwrap_or_default() {
                    work::add(1);
                    each(index(e));
                }
            }
        }
    }
}

/// The most edges of a polygon one row crosses.
fn most_spanning(points: &[Point]) -> usize {
    // Each edge enters at its first row and leaves after its last.
    let mut events: Vec<(i64, i8)> = Vec::new();
    for (lo, hi) in (0..points.len()).filter_map(|i| span(points, i)) {
        work::add(1);
        events.push((i64::from(lo), 1));
        events.push((i64::from(hi) + 1, -1));
    }
    events.sort_unstable();
    let (mut now, mut most) = (0usize, 0usize);
    for (_, d) in events {
        if d > 0 {
            now += 1;
            most = most.max(now);
        } else {
            now = now.saturating_sub(1);
        }
    }
    most
}

impl Polygon {
    /// A polygon of these vertices, its edges indexed.
    pub fn new(points: Vec<Point>) -> Polygon {
        let bounds = bounds_of(&points);
        let rows = Rows::of(&points);
        Polygon {
            points,
            bounds,
            rows,
        }
    }

    /// Parse VASSAL's `x,y;x,y;...` path (`PolygonEditor.reset`); unreadable points are skipped.
    pub fn parse(path: &str) -> Polygon {
        let mut points = Vec::new();
        for pair in path.split(';') {
            let mut it = pair.split(',');
            if let (Some(x), Some(y)) = (it.next(), it.next())
                && let (Some(x), Some(y)) = (
                    crate::seq::parse_java_int(x.trim()),
                    crate::seq::parse_java_int(y.trim()),
                )
            {
                points.push((x, y));
            }
        }
        Polygon::new(points)
    }

    /// The vertices.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The bounding box: x, y, width, height (`Polygon.getBounds`).
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        self.bounds
    }

    /// The most edges a row of the polygon crosses: what testing a point in it may cost.
    pub(crate) fn most_crossing(&self) -> usize {
        most_spanning(&self.points)
    }

    /// Whether the point is inside (`java.awt.Polygon.contains`).
    pub fn contains(&self, p: Point) -> bool {
        let n = self.points.len();
        if n <= 2 {
            return false;
        }
        let (bx, by, bw, bh) = self.bounds;
        let (x, y) = (f64::from(p.0), f64::from(p.1));
        let (bx, by) = (f64::from(bx), f64::from(by));
        if !(x >= bx && y >= by && x < bx + f64::from(bw) && y < by + f64::from(bh)) {
            return false;
        }
        // The edges of other rows never count (`Polygon.contains` skips them).
        let mut hits = 0u32;
        self.rows.spanning(&self.points, p.1, |i| {
            let last = self.points[(i + n - 1) % n];
            if crosses((x, y), last, self.points[i]) {
                hits += 1;
            }
        });
        hits & 1 != 0
    }
}

/// `Polygon.getBounds` of these vertices.
fn bounds_of(points: &[Point]) -> (i32, i32, i32, i32) {
    let Some(&(x, y)) = points.first() else {
        return (0, 0, 0, 0);
    };
    let (mut x0, mut y0, mut x1, mut y1) = (x, y, x, y);
    for &(x, y) in points {
        work::add(1);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    (x0, y0, x1.wrapping_sub(x0), y1.wrapping_sub(y0))
}

/// Whether the ray left of `(x, y)` counts the edge from `(lx, ly)` to `(curx, cury)` as
/// `java.awt.Polygon.contains` counts it (its loop's body).
fn crosses((x, y): (f64, f64), (lx, ly): Point, (curx, cury): Point) -> bool {
    if cury == ly {
        return false;
    }
    let leftx = if curx < lx {
        if x >= f64::from(lx) {
            return false;
        }
        curx
    } else {
        if x >= f64::from(curx) {
            return false;
        }
        lx
    };
    let (test1, test2);
    if cury < ly {
        if y < f64::from(cury) || y >= f64::from(ly) {
            return false;
        }
        if x < f64::from(leftx) {
            return true;
        }
        test1 = x - f64::from(curx);
        test2 = y - f64::from(cury);
    } else {
        if y < f64::from(ly) || y >= f64::from(cury) {
            return false;
        }
        if x < f64::from(leftx) {
            return true;
        }
        test1 = x - f64::from(lx);
        test2 = y - f64::from(ly);
    }
    let dy = f64::from(ly) - f64::from(cury);
    let dx = f64::from(lx) - f64::from(curx);
    test1 < test2 / dy * dx
}

/// A grid a board, zoned grid or zone can hold.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Grid {
    /// A hex grid.
    Hex(HexGrid),
    /// A rectangular grid.
    Square(SquareGrid),
    /// An irregular grid.
    Region(RegionGrid),
    /// A multi-zone grid.
    Zoned(ZonedGrid),
    /// A class of the module's own (or a numbering of its own, `numbering` naming it): not
    /// located, never guessed.
    Custom {
        /// The Java class.
        class: String,
    },
}

/// A zone of a multi-zone grid (`Zone`).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Zone {
    /// `name`.
    pub name: String,
    /// `locationFormat` (`$name$`, `$gridLocation$`).
    pub location_format: String,
    /// `path`.
    pub polygon: Polygon,
    /// `useParentGrid`.
    pub use_parent_grid: bool,
    /// Its own grid (hex, square or region), if any.
    pub grid: Option<Box<Grid>>,
}

/// A multi-zone grid (`ZonedGrid`): zones over an optional background grid.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct ZonedGrid {
    /// The zones, in the module's order (the first containing a point names it).
    pub zones: Vec<Zone>,
    /// The background grid.
    pub background: Option<Box<Grid>>,
}

/// What naming a point found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    /// A name (possibly empty), and the zone it is in.
    Name(String, Option<String>),
    /// VASSAL's `null`: no grid or numbering names it (VASSAL then says `offboard`).
    Nothing(Option<String>),
    /// A class of the module's own decides: not located.
    Custom(String),
    /// The zone's location format would write more than
    /// [`limits::MAX_PIECE_TEXT_BYTES`](crate::limits::MAX_PIECE_TEXT_BYTES): not located
    /// (the zone named).
    OverLimit(String),
}

impl Grid {
    /// Every zone's name in this grid, zones within zones included, added to `out`.
    pub(crate) fn zone_names(&self, out: &mut Vec<String>) {
        if let Grid::Zoned(z) = self {
            for zone in &z.zones {
                out.push(zone.name.clone());
                if let Some(inner) = &zone.grid {
                    inner.zone_names(out);
                }
            }
            if let Some(b) = &z.background {
                b.zone_names(out);
            }
        }
    }

    /// What naming one point may cost, in zones and regions looked at: each zone of a
    /// multi-zone grid (and what its own grids cost), each region of an irregular grid, 1 for
    /// the rest.
    pub(crate) fn naming_cost(&self) -> usize {
        match self {
            Grid::Region(g) => g.regions.len().max(1),
            Grid::Zoned(z) => {
                let inner = z
                    .zones
                    .iter()
                    .filter_map(|zone| zone.grid.as_deref())
                    .map(Grid::naming_cost)
                    .max()
                    .unwrap_or(0);
                let background = z.background.as_deref().map_or(0, Grid::naming_cost);
                z.zones.len().saturating_add(inner.max(background)).max(1)
            }
            _ => 1,
        }
    }

    /// The location name of a board point when it needs no size of the board, and says the
    /// point is on the board: a region's name (at the region's point), or a zone's (named by the zone's own grid, or
    /// by the board's when that one does not count from the far edge). `None` when only the
    /// board's size could tell (its edge, a descending numbering).
    pub(crate) fn name_inside(&self, p: Point) -> Option<Named> {
        match self {
            // A point on a region's own point (where the grid snaps pieces) is on the board;
            // any other is named by its nearest region on or off the board, which only the
            // size tells.
            Grid::Region(g) => g
                .regions
                .iter()
                .any(|r| r.origin == p)
                .then(|| g.location_name(p).map(|n| Named::Name(n, None)))
                .flatten(),
            Grid::Zoned(z) => match z.zones.iter().find(|zone| zone.polygon.contains(p)) {
                Some(zone) => {
                    let parent = z.background.as_deref();
                    if zone.use_parent_grid && parent.is_some_and(Grid::descends) {
                        return None;
                    }
                    // The board's size is never read: the zone's own grid counts from the
                    // zone, the board's does not descend.
                    Some(self.name(p, (0, 0)))
                }
                None => z.background.as_deref().and_then(|g| g.name_inside(p)),
            },
            Grid::Hex(_) | Grid::Square(_) | Grid::Custom { .. } => None,
        }
    }

    /// Whether the grid's numbering counts from the far edge of its container (needs its size).
    fn descends(&self) -> bool {
        let n = match self {
            Grid::Hex(g) => g.numbering.as_ref(),
            Grid::Square(g) => g.numbering.as_ref(),
            _ => None,
        };
        n.is_some_and(|n| n.h_descending || n.v_descending)
    }

    /// The location name of a board point; `size` is the container's (board's) size.
    pub(crate) fn name(&self, p: Point, size: (i32, i32)) -> Named {
        match self {
            Grid::Hex(HexGrid {
                numbering:
                    Some(Numbering {
                        custom_class: Some(c),
                        ..
                    }),
                ..
            })
            | Grid::Square(SquareGrid {
                numbering:
                    Some(Numbering {
                        custom_class: Some(c),
                        ..
                    }),
                ..
            }) => Named::Custom(c.clone()),
            Grid::Hex(g) => g
                .location_name(p, size)
                .map_or(Named::Nothing(None), |n| Named::Name(n, None)),
            Grid::Square(g) => g
                .location_name(p, size)
                .map_or(Named::Nothing(None), |n| Named::Name(n, None)),
            Grid::Region(g) => g
                .location_name(p)
                .map_or(Named::Nothing(None), |n| Named::Name(n, None)),
            Grid::Custom { class } => Named::Custom(class.clone()),
            Grid::Zoned(z) => {
                if let Some(zone) = z.zones.iter().find(|zone| zone.polygon.contains(p)) {
                    let grid = if zone.use_parent_grid {
                        z.background.as_deref()
                    } else {
                        zone.grid.as_deref()
                    };
                    let grid_size = if zone.use_parent_grid {
                        size
                    } else {
                        let (_, _, w, h) = zone.polygon.bounds();
                        (w, h)
                    };
                    let inner = match grid.map(|g| g.name(p, grid_size)) {
                        Some(Named::Custom(c)) => return Named::Custom(c),
                        Some(Named::Name(n, _)) => Some(n),
                        _ => None,
                    };
                    // A format repeating a long zone name is never written out.
                    let name = format_string_within(
                        &zone.location_format,
                        &[
                            ("name", zone.name.as_str()),
                            ("gridLocation", inner.as_deref().unwrap_or("")),
                        ],
                        crate::limits::MAX_PIECE_TEXT_BYTES,
                    );
                    return match name {
                        Some(name) => Named::Name(name, Some(zone.name.clone())),
                        None => Named::OverLimit(zone.name.clone()),
                    };
                }
                match z.background.as_deref() {
                    Some(g) => g.name(p, size),
                    None => Named::Nothing(None),
                }
            }
        }
    }

    /// The hex grid that governs a board point, if any (a zone's own, or the background).
    pub fn hex_grid_at(&self, p: Point) -> Option<&HexGrid> {
        match self {
            Grid::Hex(g) => Some(g),
            Grid::Zoned(z) => {
                if let Some(zone) = z.zones.iter().find(|zone| zone.polygon.contains(p)) {
                    let g = if zone.use_parent_grid {
                        z.background.as_deref()
                    } else {
                        zone.grid.as_deref()
                    };
                    return match g {
                        Some(Grid::Hex(h)) => Some(h),
                        _ => None,
                    };
                }
                match z.background.as_deref() {
                    Some(Grid::Hex(h)) => Some(h),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The name of the zone holding a board point, if the grid has zones.
    pub fn zone_at(&self, p: Point) -> Option<&Zone> {
        match self {
            Grid::Zoned(z) => z.zones.iter().find(|zone| zone.polygon.contains(p)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_like_vassal() {
        assert_eq!(Numbering::part(5, 'N', 1), "05");
        assert_eq!(Numbering::part(10, 'N', 1), "10");
        assert_eq!(Numbering::part(5, 'N', 2), "005");
        assert_eq!(Numbering::part(50, 'N', 2), "050");
        assert_eq!(Numbering::part(0, 'N', 0), "0");
        assert_eq!(Numbering::part(-3, 'N', 1), "-03");
        assert_eq!(Numbering::part(0, 'A', 1), "A");
        assert_eq!(Numbering::part(25, 'A', 1), "Z");
        assert_eq!(Numbering::part(26, 'A', 1), "AA");
        assert_eq!(Numbering::part(27, 'A', 1), "BB");
        assert_eq!(Numbering::part(-1, 'A', 1), "-B");
    }

    #[test]
    fn formats() {
        assert_eq!(format_string("$name$", &[("name", "Box")]), "Box");
        assert_eq!(
            format_string("Endurance $gridLocation$", &[("gridLocation", "017")]),
            "Endurance 017"
        );
        assert_eq!(format_string("$unknown$x", &[]), "x");
        assert_eq!(format_string("a$b", &[("b", "B")]), "a$b".replace('$', ""));
        assert_eq!(format_string("", &[]), "");
    }

    #[test]
    fn hex_numbering_default_grid() {
        let g = HexGrid {
            numbering: Some(Numbering::default()),
            ..HexGrid::default()
        };
        // Column 0, row 0 is at the origin: named 0101 with offsets 1 and leading zeros.
        assert_eq!(
            g.location_name((0, 32), (1000, 1000)).as_deref(),
            Some("0101")
        );
        assert_eq!(g.snap_to_hex((3, 30)), (0, 32));
        // The next column is half a hex down; staggered numbering counts it a row on.
        let c1 = g.snap_to_hex((55, 64));
        assert_eq!(c1, (55, 64));
        assert_eq!(g.location_name(c1, (1000, 1000)).as_deref(), Some("0202"));
        let mut flat = g.clone();
        if let Some(n) = flat.numbering.as_mut() {
            n.stagger = false;
        }
        assert_eq!(
            flat.location_name(c1, (1000, 1000)).as_deref(),
            Some("0201")
        );
    }

    #[test]
    fn polygon_edges_like_java() {
        let sq = Polygon::parse("0,0;10,0;10,10;0,10");
        assert!(sq.contains((0, 0)));
        assert!(sq.contains((9, 9)));
        assert!(!sq.contains((10, 5)));
        assert!(!sq.contains((5, 10)));
        assert!(!sq.contains((-1, 5)));
        assert_eq!(sq.bounds(), (0, 0, 10, 10));
        let tri = Polygon::parse("0,0;20,0;0,20");
        assert!(tri.contains((5, 5)));
        assert!(!tri.contains((15, 15)));
        assert!(!Polygon::parse("1,2;3,4").contains((1, 2)));
    }

    /// `java.awt.Polygon.contains` as it reads: every edge tested.
    fn contains_testing_every_edge(points: &[Point], p: Point) -> bool {
        let n = points.len();
        if n <= 2 {
            return false;
        }
        let (bx, by, bw, bh) = bounds_of(points);
        let (x, y) = (f64::from(p.0), f64::from(p.1));
        let (bx, by) = (f64::from(bx), f64::from(by));
        if !(x >= bx && y >= by && x < bx + f64::from(bw) && y < by + f64::from(bh)) {
            return false;
        }
        let mut last = points[n - 1];
        let mut hits = 0u32;
        for &cur in points {
            hits += u32::from(crosses((x, y), last, cur));
            last = cur;
        }
        hits & 1 != 0
    }

    #[test]
    fn indexed_edges_answer_as_every_edge() {
        // Polygons of random points (crossing themselves, repeating points, horizontal and
        // vertical edges), each tested at every point of its bounds and around.
        let mut seed = 0x2545_f491_u32;
        let mut next = |m: i32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            i32::try_from(seed % u32::try_from(m).unwrap()).unwrap()
        };
        for round in 0..310 {
            let n = usize::try_from(
                3 + next(match round {
                    0..200 => 8,
                    200..300 => 60,
                    _ => 400,
                }),
            )
            .unwrap();
            let span = match round {
                300.. => 100,
                _ if round % 3 == 0 => 6,
                _ => 40,
            };
            let points: Vec<Point> = (0..n).map(|_| (next(span), next(span))).collect();
            let polygon = Polygon::new(points.clone());
            for x in -2..span + 2 {
                for y in -2..span + 2 {
                    assert_eq!(
                        polygon.contains((x, y)),
                        contains_testing_every_edge(&points, (x, y)),
                        "{points:?} at {x},{y}"
                    );
                }
            }
        }
        // Far coordinates.
        let far = [(i32::MIN, i32::MIN), (i32::MAX, 0), (0, i32::MAX), (-5, 7)];
        let polygon = Polygon::new(far.to_vec());
        for p in [
            (0, 0),
            (-5, 7),
            (1 << 30, 1 << 29),
            (i32::MAX, i32::MAX),
            (i32::MIN, 0),
        ] {
            assert_eq!(
                polygon.contains(p),
                contains_testing_every_edge(&far, p),
                "{p:?}"
            );
        }
    }

    #[test]
    fn regions_take_the_nearest() {
        let mut g = RegionGrid::default();
        g.add(Region {
            name: "A".into(),
            origin: (0, 0),
        });
        g.add(Region {
            name: "B".into(),
            origin: (100, 0),
        });
        assert_eq!(g.location_name((40, 3)).as_deref(), Some("A"));
        assert_eq!(g.location_name((60, 3)).as_deref(), Some("B"));
        g.add(Region {
            name: "C".into(),
            origin: (100, 0),
        });
        assert_eq!(g.location_name((60, 3)).as_deref(), Some("C"));
    }
}
