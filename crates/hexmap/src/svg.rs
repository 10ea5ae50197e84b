//! SVG pictures of a map as printed, with overlays any engine can add (feature `svg`).
//!
//! A [`MapDrawing`] draws the map itself: hex outlines and labels, terrain fills, roads and
//! trails, hexsides that block zones of control or are impassable, hex features (airfields),
//! named places and area outlines, with a legend. On top of it an engine adds what it saw:
//! shaded hexes ([`MapDrawing::shade`], [`MapDrawing::shade_zoc`]), highlighted hexes with a
//! short tag ([`MapDrawing::highlight`]), paths ([`MapDrawing::path`]), counters
//! ([`MapDrawing::counter`]), marks ([`MapDrawing::mark`]), its own legend entries
//! ([`MapDrawing::legend`]), a title and caption lines.
//!
//! The picture is oriented as printed: rows grow toward [`Layout::rows_grow`] and columns toward
//! [`Layout::columns_grow`] (north up, east right), so it is never mirrored.
//!
//! The output is deterministic: the same map and overlays give byte-identical SVG (coordinates
//! are written with one decimal, everything is drawn in map or insertion order). Text is
//! escaped for XML. No fonts or external resources are referenced beyond a generic
//! `font-family`.
//!
//! [`Layout::rows_grow`]: crate::Layout::rows_grow
//! [`Layout::columns_grow`]: crate::Layout::columns_grow
//!
//! # Example
//! ```
//! use hexmap::HexMap;
//! use hexmap::svg::{Counter, Highlight, MapDrawing, Route, Swatch};
//!
//! let map = HexMap::from_toml_str(r#"
//! name = "Nine hexes in a line"
//! [layout]
//! orientation = "pointy"
//! label = "row-column"
//! rows = [10, 10]
//! columns = [1, 9]
//! shifted = "even"
//! rows_grow = "north"
//! columns_grow = "east"
//! [places]
//! Roadhead = "1006"
//! [areas.beach]
//! name = "Beach"
//! hexes = ["1009"]
//! [hexsides]
//! roads = [["1006", "1007", "1008", "1009"]]
//! "#, None).unwrap();
//! let hex = |l: &str| map.parse(l).unwrap();
//! let mut drawing = MapDrawing::new(&map);
//! drawing
//!     .title("Nine hexes in a line")
//!     .caption("A traces to the beach; 1005 is where B's line would leave the road.")
//!     .path(&[hex("1002"), hex("1003"), hex("1004"), hex("1005"), hex("1006")], &Route::new("#6a1b9a"))
//!     .counter(hex("1002"), Counter::new("A", "#556b2f", "#ffffff").rating("4-6-5"))
//!     .highlight(hex("1005"), Highlight::new("#e65100").label("off-road"))
//!     .legend(Swatch::Arrow("#6a1b9a".into()), "Traced path");
//! let svg = drawing.finish();
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg, drawing.finish());
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;

use petgraph::visit::{EdgeRef, IntoEdgeReferences};

use crate::coord::{Direction, Hex};
use crate::layout::{Compass, Orientation};
use crate::map::HexMap;
use crate::position::ZocLayer;

/// Escape text for XML (kept here for callers of `hexmap::svg::escape`; see [`wargame_kit::svg::escape`]).
pub use wargame_kit::svg::escape;
use wargame_kit::svg::{Metrics, num};

/// The metrics of the drawings' `font-family` (Helvetica, Arial, ...).
const METRICS: Metrics = Metrics::Helvetica;

/// Hex size (centre to corner, in pixels) of [`Style::default`].
pub const DEFAULT_HEX_SIZE: f64 = 32.0;

/// The smallest font (pixels) [`Style::fit`] lets a hex number, a counter's id or its rating
/// have at the picture's own size.
pub const READABLE_FONT: f64 = 9.0;

/// The hex size (pixels, centre to corner) of [`Style::fit`]: hex numbers, and the ids and
/// ratings of up to four stacked counters, are at least [`READABLE_FONT`] at the picture's own
/// size.
pub const READABLE_HEX_SIZE: f64 = 60.0;

fn sqrt3() -> f64 {
    3f64.sqrt()
}

/// Sizes, colours and fonts of a drawing.
///
/// [`Style::sized`] derives every size from the hex size; [`Style::fit`] picks a hex size for a
/// map; [`Default`] is `Style::sized(DEFAULT_HEX_SIZE)`. Start from one of them and change
/// fields:
///
/// ```
/// use hexmap::svg::Style;
/// let mut style = Style::sized(24.0);
/// style.road = "#000000".to_string();
/// style.holes = None;
/// assert_eq!(style.hex_size, 24.0);
/// assert_eq!(Style::default(), Style::sized(hexmap::svg::DEFAULT_HEX_SIZE));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Style {
    /// Centre-to-corner size of a hex, in pixels (a side is as long).
    pub hex_size: f64,
    /// Blank space around everything, in pixels.
    pub margin: f64,
    /// The `font-family` of all text.
    pub font_family: String,
    /// Font size of the hex labels (`0512`).
    pub label_font: f64,
    /// Font size of place names and highlight tags.
    pub place_font: f64,
    /// Font size of the legend and caption.
    pub text_font: f64,
    /// Font size of the title.
    pub title_font: f64,
    /// Counter text is never drawn smaller than this; a counter's short label is used instead.
    pub min_counter_font: f64,
    /// Colour behind everything.
    pub background: String,
    /// Colour of hex outlines.
    pub hex_stroke: String,
    /// Colour of hex labels.
    pub label_colour: String,
    /// Fill of holes (hexes inside the extents that are not on the map); `None` leaves them out.
    pub holes: Option<String>,
    /// Colour of roads.
    pub road: String,
    /// Colour of trails.
    pub trail: String,
    /// Colour of hexsides that block zones of control.
    pub blocks_zoc: String,
    /// Colour of impassable hexsides.
    pub impassable: String,
    /// Outline colours of areas, used in turn.
    pub area_colours: Vec<String>,
}

impl Default for Style {
    fn default() -> Self {
        Style::sized(DEFAULT_HEX_SIZE)
    }
}

impl Style {
    /// A style for hexes of this size (pixels, centre to corner), with fonts to match.
    pub fn sized(hex_size: f64) -> Style {
        let s = hex_size.max(4.0);
        Style {
            hex_size: s,
            margin: 16.0,
            font_family: "Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', sans-serif"
                .to_string(),
            label_font: (0.2 * s).max(7.0),
            place_font: (0.2 * s).max(7.0),
            text_font: 13.0,
            title_font: 17.0,
            min_counter_font: READABLE_FONT,
            background: "#ffffff".to_string(),
            hex_stroke: "#8a8a7a".to_string(),
            label_colour: "#4a4a44".to_string(),
            holes: Some("#e3eff7".to_string()),
            road: "#8c2d04".to_string(),
            trail: "#8c2d04".to_string(),
            blocks_zoc: "#1f63c6".to_string(),
            impassable: "#111111".to_string(),
            area_colours: ["#e8590c", "#c2255c", "#7048e8", "#0c8599", "#5c940d"]
                .iter()
                .map(|c| (*c).to_string())
                .collect(),
        }
    }

    /// A style a player can read at the picture's own size, whatever the map:
    /// [`READABLE_HEX_SIZE`], so that hex numbers, counter ids and ratings are at least
    /// [`READABLE_FONT`] pixels. A large map makes a large picture; [`MapDrawing::crop`] draws
    /// the part that matters.
    ///
    /// ```
    /// use hexmap::svg::{READABLE_FONT, Style};
    /// let map = hexmap::HexMap::from_toml_str(
    ///     "name = \"A\"\n[layout]\norientation = \"flat\"\nlabel = \"column-row\"\ncolumns = [1, 2]\nrows = [1, 2]\nshifted = \"even\"\nrows_grow = \"south\"\ncolumns_grow = \"east\"",
    ///     None,
    /// ).unwrap();
    /// assert!(Style::fit(&map).label_font >= READABLE_FONT);
    /// ```
    pub fn fit(_map: &HexMap) -> Style {
        Style::sized(READABLE_HEX_SIZE)
    }
}

/// The fill of a terrain type, by its common name: clear, forest/jungle/woods, mountain, hills,
/// rough, swamp/marsh, sea/water/lake, town/city, beach/desert; any other name gets a
/// deterministic pale colour derived from the name.
pub fn terrain_colour(name: &str) -> String {
    let n = name.to_ascii_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| n.contains(w));
    let fixed = if has(&["clear", "open", "plain", "grass"]) {
        Some("#f4f0dc")
    } else if has(&["forest", "jungle", "wood"]) {
        Some("#b6d59c")
    } else if has(&["mountain"]) {
        Some("#c29f7d")
    } else if has(&["hill"]) {
        Some("#e2cd96")
    } else if has(&["rough", "broken", "rocky"]) {
        Some("#dcc7a7")
    } else if has(&["swamp", "marsh", "bog"]) {
        Some("#9fd1d0")
    } else if has(&["sea", "water", "ocean", "lake", "river"]) {
        Some("#aecfe8")
    } else if has(&["town", "city", "urban"]) {
        Some("#d6d3cf")
    } else if has(&["beach", "desert", "sand"]) {
        Some("#f3e3a2")
    } else {
        None
    };
    match fixed {
        Some(c) => c.to_string(),
        None => {
            // FNV-1a, then a pale colour from the hue.
            let mut h: u32 = 0x811c_9dc5;
            for b in n.bytes() {
                h ^= u32::from(b);
                h = h.wrapping_mul(0x0100_0193);
            }
            pale(f64::from(h % 360))
        }
    }
}

/// A pale colour of this hue (HSL 45 %, 82 %) as `#rrggbb`.
fn pale(hue: f64) -> String {
    let (s, l) = (0.45, 0.82);
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let hp = hue / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// A symbol drawn with shapes (no font glyph needed), for marks, badges and legends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symbol {
    /// A ✕ in a white disc: cut off, eliminated, refused.
    Cross,
    /// A ⚠ triangle with an exclamation mark.
    Warning,
    /// A filled five-pointed star (an objective held).
    Star,
    /// A hollow five-pointed star (an objective not held).
    HollowStar,
    /// A filled disc.
    Dot,
    /// A ring.
    Ring,
    /// A ✓ in a white disc.
    Check,
}

/// Where in a hex a [`Mark`] sits, as drawn (not by compass).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Anchor {
    /// The hex centre (where a counter would be).
    Centre,
    /// Upper left, beside the label.
    #[default]
    UpperLeft,
    /// Upper right, beside the label.
    UpperRight,
    /// Lower left.
    LowerLeft,
    /// Lower right.
    LowerRight,
}

/// A symbol on a hex: [`Mark::new`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Mark {
    /// Which symbol.
    pub symbol: Symbol,
    /// Its colour.
    pub colour: String,
    /// Where in the hex.
    pub anchor: Anchor,
    /// What this belongs to (unit ids, say), written as `data-key` so an interactive page can
    /// pick out everything of one thing at once; see [`key_token`].
    pub keys: Vec<String>,
    /// The layer it is drawn in, written as `data-layer` so a page can hide it; by default
    /// the kind of overlay (`shades`, `highlights`, `paths`, `counters`, `marks`).
    pub layer: Option<String>,
}

impl Mark {
    /// A mark.
    ///
    /// ```
    /// use hexmap::svg::{Anchor, Mark, Symbol};
    /// let m = Mark::new(Symbol::Check, "#2e7d32", Anchor::UpperRight);
    /// assert_eq!(m.colour, "#2e7d32");
    /// ```
    pub fn new(symbol: Symbol, colour: impl Into<String>, anchor: Anchor) -> Mark {
        Mark {
            symbol,
            colour: colour.into(),
            anchor,
            keys: Vec::new(),
            layer: None,
        }
    }
}

/// A hex picked out in a colour, with an optional short tag (`ZOC`, `off-road`).
///
/// ```
/// use hexmap::svg::Highlight;
/// let h = Highlight::new("#e65100").label("off-road").hatched();
/// assert_eq!((h.label.as_deref(), h.hatch), (Some("off-road"), true));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Highlight {
    /// Fill and outline colour; the tag is white on it, so pick a dark one.
    pub colour: String,
    /// A short tag drawn in the lower part of the hex, above counters.
    pub label: Option<String>,
    /// Hatch the hex instead of tinting it.
    pub hatch: bool,
    /// What this belongs to (unit ids, say), written as `data-key` so an interactive page can
    /// pick out everything of one thing at once; see [`key_token`].
    pub keys: Vec<String>,
    /// The layer it is drawn in, written as `data-layer` so a page can hide it; by default
    /// the kind of overlay (`shades`, `highlights`, `paths`, `counters`, `marks`).
    pub layer: Option<String>,
}

impl Highlight {
    /// A tinted, outlined hex without a tag.
    pub fn new(colour: impl Into<String>) -> Highlight {
        Highlight {
            colour: colour.into(),
            label: None,
            hatch: false,
            keys: Vec::new(),
            layer: None,
        }
    }

    /// With a tag.
    pub fn label(mut self, text: impl Into<String>) -> Highlight {
        self.label = Some(text.into());
        self
    }

    /// Hatched instead of tinted.
    pub fn hatched(mut self) -> Highlight {
        self.hatch = true;
        self
    }
}

/// How [`MapDrawing::shade`] covers hexes: a diagonal hatch or a light tint, no outline.
///
/// ```
/// use hexmap::svg::Shade;
/// assert!(Shade::hatch("#c62828").hatch);
/// assert!(!Shade::tint("#1565c0").hatch);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Shade {
    /// The colour.
    pub colour: String,
    /// Hatch (default) or a flat tint.
    pub hatch: bool,
    /// What this belongs to (unit ids, say), written as `data-key` so an interactive page can
    /// pick out everything of one thing at once; see [`key_token`].
    pub keys: Vec<String>,
    /// The layer it is drawn in, written as `data-layer` so a page can hide it; by default
    /// the kind of overlay (`shades`, `highlights`, `paths`, `counters`, `marks`).
    pub layer: Option<String>,
}

impl Shade {
    /// A hatch in this colour.
    pub fn hatch(colour: impl Into<String>) -> Shade {
        Shade {
            colour: colour.into(),
            hatch: true,
            keys: Vec::new(),
            layer: None,
        }
    }

    /// A light tint of this colour.
    pub fn tint(colour: impl Into<String>) -> Shade {
        Shade {
            colour: colour.into(),
            hatch: false,
            keys: Vec::new(),
            layer: None,
        }
    }
}

/// How a path is drawn: a line through the hex centres, a disc at the start and an arrowhead
/// pointing into the last hex.
///
/// ```
/// use hexmap::svg::Route;
/// let r = Route::new("#6a1b9a").dashed();
/// assert!(r.dashed);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Route {
    /// Line colour.
    pub colour: String,
    /// Dashed line.
    pub dashed: bool,
    /// What this belongs to (unit ids, say), written as `data-key` so an interactive page can
    /// pick out everything of one thing at once; see [`key_token`].
    pub keys: Vec<String>,
    /// The layer it is drawn in, written as `data-layer` so a page can hide it; by default
    /// the kind of overlay (`shades`, `highlights`, `paths`, `counters`, `marks`).
    pub layer: Option<String>,
}

impl Route {
    /// A solid route in this colour.
    pub fn new(colour: impl Into<String>) -> Route {
        Route {
            colour: colour.into(),
            dashed: false,
            keys: Vec::new(),
            layer: None,
        }
    }

    /// Dashed.
    pub fn dashed(mut self) -> Route {
        self.dashed = true;
        self
    }
}

/// How [`MapDrawing::outline`] draws the boundary of a region of hexes: a line along every
/// hexside between a hex of the region and one outside it, drawn once.
///
/// ```
/// use hexmap::svg::Outline;
/// let o = Outline::new("#d9480f").dashed().key("US-96-382").layer("loc");
/// assert!(o.dashed);
/// assert_eq!(o.keys, ["US-96-382"]);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Outline {
    /// Line colour.
    pub colour: String,
    /// Dashed line.
    pub dashed: bool,
    /// What this belongs to (see [`Highlight::keys`]).
    pub keys: Vec<String>,
    /// The layer it is drawn in; by default `outlines`.
    pub layer: Option<String>,
}

impl Outline {
    /// A solid outline in this colour.
    pub fn new(colour: impl Into<String>) -> Outline {
        Outline {
            colour: colour.into(),
            dashed: false,
            keys: Vec::new(),
            layer: None,
        }
    }

    /// Dashed.
    pub fn dashed(mut self) -> Outline {
        self.dashed = true;
        self
    }
}

/// `key` and `layer`, the builder methods of the overlays' `keys` and `layer` fields.
macro_rules! keyed {
    ($($ty:ident),*) => {$(
        impl $ty {
            /// Belonging to `key` too (a unit id, say): see
            #[doc = concat!("[`", stringify!($ty), "::keys`].")]
            pub fn key(mut self, key: impl Into<String>) -> $ty {
                self.keys.push(key.into());
                self
            }

            /// In layer `layer`: see
            #[doc = concat!("[`", stringify!($ty), "::layer`](field@", stringify!($ty), "::layer).")]
            pub fn layer(mut self, layer: impl Into<String>) -> $ty {
                self.layer = Some(layer.into());
                self
            }
        }
    )*};
}

keyed!(Mark, Highlight, Shade, Route, Outline, Counter);

/// A key as written in a `data-key` attribute: `%` and white space percent-encoded, so that
/// the attribute is a space-separated list of tokens, one per key.
///
/// ```
/// assert_eq!(hexmap::svg::key_token("US-7-32"), "US-7-32");
/// assert_eq!(hexmap::svg::key_token("3rd Bn 50%"), "3rd%20Bn%2050%25");
/// ```
pub fn key_token(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for c in key.chars() {
        if c == '%' || c.is_whitespace() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// ` data-layer="…" data-key="…"` for an overlay element.
fn meta(layer: Option<&str>, default: &str, keys: &[String]) -> String {
    let mut out = format!(" data-layer=\"{}\"", escape(layer.unwrap_or(default)));
    if !keys.is_empty() {
        let tokens: Vec<String> = keys.iter().map(|k| key_token(k)).collect();
        let _ = write!(out, " data-key=\"{}\"", escape(&tokens.join(" ")));
    }
    out
}

/// A small symbol on a counter's corner (a cut-off unit's ✕): [`Badge::new`] or
/// [`Counter::badge`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Badge {
    /// Which symbol.
    pub symbol: Symbol,
    /// Its colour.
    pub colour: String,
}

impl Badge {
    /// A badge.
    pub fn new(symbol: Symbol, colour: impl Into<String>) -> Badge {
        Badge {
            symbol,
            colour: colour.into(),
        }
    }
}

/// A unit counter: a rounded square in the side's colour with a label and a rating.
///
/// Text is sized to fit the counter; when the label would be smaller than
/// [`Style::min_counter_font`] the short label (if any) is used instead. Several counters on a
/// hex are drawn side by side, smaller.
///
/// ```
/// use hexmap::svg::{Counter, Symbol};
/// let c = Counter::new("US-7-17", "#556b2f", "#ffffff")
///     .short_label("7-17")
///     .rating("4-6-5")
///     .badge(Symbol::Cross, "#c62828");
/// assert_eq!((c.label.as_str(), c.badges.len()), ("US-7-17", 1));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Counter {
    /// Fill colour (the side's colour).
    pub fill: String,
    /// Text colour.
    pub text_colour: String,
    /// The label (`US-7-17`).
    pub label: String,
    /// A shorter label for small counters (`7-17`).
    pub short_label: Option<String>,
    /// The rating line (`4-6-5`).
    pub rating: Option<String>,
    /// Symbols on the corners: the first on the upper right, the second on the upper left.
    pub badges: Vec<Badge>,
    /// What this belongs to (unit ids, say), written as `data-key` so an interactive page can
    /// pick out everything of one thing at once; see [`key_token`].
    pub keys: Vec<String>,
    /// The layer it is drawn in, written as `data-layer` so a page can hide it; by default
    /// the kind of overlay (`shades`, `highlights`, `paths`, `counters`, `marks`).
    pub layer: Option<String>,
}

impl Counter {
    /// A counter with a label, fill and text colour.
    pub fn new(
        label: impl Into<String>,
        fill: impl Into<String>,
        text_colour: impl Into<String>,
    ) -> Counter {
        Counter {
            fill: fill.into(),
            text_colour: text_colour.into(),
            label: label.into(),
            short_label: None,
            rating: None,
            badges: Vec::new(),
            keys: Vec::new(),
            layer: None,
        }
    }

    /// With a rating line.
    pub fn rating(mut self, rating: impl Into<String>) -> Counter {
        self.rating = Some(rating.into());
        self
    }

    /// With a short label for when the label does not fit.
    pub fn short_label(mut self, label: impl Into<String>) -> Counter {
        self.short_label = Some(label.into());
        self
    }

    /// With a badge.
    pub fn badge(mut self, symbol: Symbol, colour: impl Into<String>) -> Counter {
        self.badges.push(Badge::new(symbol, colour));
        self
    }
}

/// The sample drawn beside a legend entry.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Swatch {
    /// A filled box.
    Fill(String),
    /// A hatched box, as [`Shade::hatch`].
    Hatch(String),
    /// A box as [`MapDrawing::highlight`] draws a hex.
    Highlight(String),
    /// An outlined box (an area).
    Outline(String),
    /// A line.
    Line {
        /// Colour.
        colour: String,
        /// Width in pixels.
        width: f64,
        /// Dashed.
        dashed: bool,
    },
    /// A line with an arrowhead, as [`MapDrawing::path`] draws it.
    Arrow(String),
    /// A small counter.
    Counter {
        /// Fill.
        fill: String,
        /// Text colour.
        text: String,
    },
    /// A symbol.
    Symbol(Symbol, String),
    /// The glyph of a hex feature (`airfield`).
    Feature(String),
    /// The marker of a named place.
    Place,
    /// No sample: a heading.
    Heading,
}

#[derive(Clone, Debug, PartialEq)]
struct LegendEntry {
    swatch: Swatch,
    text: String,
}

/// Where hexes are drawn: centres in hex-size units, and the bounding box.
#[derive(Clone, Copy, Debug)]
struct Frame {
    min_x: f64,
    min_y: f64,
    width: f64,
    height: f64,
}

impl Frame {
    /// The centre of a hex in hex-size units, oriented as printed (y grows down).
    fn unit_centre(map: &HexMap, hex: Hex) -> (f64, f64) {
        let layout = map.layout();
        let o = layout.hex_to_offset(hex);
        let r3 = sqrt3();
        let (along_cols, along_rows) = match layout.orientation {
            Orientation::Flat => {
                let shift = if layout.is_shifted(o.col) { 0.5 } else { 0.0 };
                (1.5 * f64::from(o.col), r3 * (f64::from(o.row) + shift))
            }
            Orientation::Pointy => {
                let shift = if layout.is_shifted(o.row) { 0.5 } else { 0.0 };
                (r3 * (f64::from(o.col) + shift), 1.5 * f64::from(o.row))
            }
        };
        let x = match layout.columns_grow {
            Compass::West => -along_cols,
            _ => along_cols,
        };
        let y = match layout.rows_grow {
            Compass::South => along_rows,
            _ => -along_rows,
        };
        (x, y)
    }

    /// Half width and half height of a hex in hex-size units.
    fn half(map: &HexMap) -> (f64, f64) {
        match map.layout().orientation {
            Orientation::Flat => (1.0, sqrt3() / 2.0),
            Orientation::Pointy => (sqrt3() / 2.0, 1.0),
        }
    }

    /// Every hex inside the extents (holes too).
    fn extent_hexes(map: &HexMap) -> impl Iterator<Item = Hex> + '_ {
        let layout = map.layout();
        layout.labels().filter_map(|l| layout.label_to_hex(l))
    }

    fn of(map: &HexMap) -> Frame {
        let (hw, hh) = Frame::half(map);
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for h in Frame::extent_hexes(map).chain(map.hexes().iter().map(|i| i.hex)) {
            let (x, y) = Frame::unit_centre(map, h);
            x0 = x0.min(x - hw);
            x1 = x1.max(x + hw);
            y0 = y0.min(y - hh);
            y1 = y1.max(y + hh);
        }
        if x0 > x1 {
            return Frame {
                min_x: 0.0,
                min_y: 0.0,
                width: 0.0,
                height: 0.0,
            };
        }
        Frame {
            min_x: x0,
            min_y: y0,
            width: x1 - x0,
            height: y1 - y0,
        }
    }

    /// The rectangle around these hexes (half a hex beyond their centres' extremes), or `None`
    /// when none of them is in the map's extents.
    fn around<I: IntoIterator<Item = Hex>>(map: &HexMap, hexes: I) -> Option<Frame> {
        let layout = map.layout();
        let (hw, hh) = Frame::half(map);
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for h in hexes {
            if layout.hex_to_label(h).is_none() {
                continue;
            }
            let (x, y) = Frame::unit_centre(map, h);
            x0 = x0.min(x - hw);
            x1 = x1.max(x + hw);
            y0 = y0.min(y - hh);
            y1 = y1.max(y + hh);
        }
        (x0 <= x1).then_some(Frame {
            min_x: x0,
            min_y: y0,
            width: x1 - x0,
            height: y1 - y0,
        })
    }

    /// Whether a hex centre (hex-size units) lies within the frame, or a hex beyond it.
    fn near(&self, (x, y): (f64, f64)) -> bool {
        x >= self.min_x - 1.0
            && x <= self.min_x + self.width + 1.0
            && y >= self.min_y - 1.0
            && y <= self.min_y + self.height + 1.0
    }
}

/// A picture of a map with overlays, written as SVG by [`MapDrawing::finish`].
///
/// Overlays are drawn in layers, whatever order they are added in: shades, highlights, the
/// map's roads, hexsides and areas, paths, the map's labels, features and place names, counters,
/// highlight tags, marks. Within a layer, in the
/// order added.
#[derive(Clone, Debug)]
pub struct MapDrawing<'m> {
    map: &'m HexMap,
    style: Style,
    frame: Frame,
    title: Option<String>,
    captions: Vec<String>,
    areas: Option<Vec<String>>,
    area_labels: Vec<(String, String)>,
    map_legend: bool,
    shades: Vec<(Hex, Shade)>,
    highlights: Vec<(Hex, Highlight)>,
    paths: Vec<(Vec<Hex>, Route)>,
    outlines: Vec<(Vec<Hex>, Outline)>,
    counters: Vec<(Hex, Counter)>,
    marks: Vec<(Hex, Mark)>,
    legend: Vec<LegendEntry>,
    cropped: bool,
    focus: Option<Frame>,
    legend_below: bool,
}

impl<'m> MapDrawing<'m> {
    /// A drawing of `map` in the style [`Style::fit`] picks for it.
    pub fn new(map: &'m HexMap) -> Self {
        Self::with_style(map, Style::fit(map))
    }

    /// A drawing of `map` in a given style.
    pub fn with_style(map: &'m HexMap, style: Style) -> Self {
        MapDrawing {
            map,
            style,
            frame: Frame::of(map),
            title: None,
            captions: Vec::new(),
            areas: None,
            area_labels: Vec::new(),
            map_legend: true,
            shades: Vec::new(),
            highlights: Vec::new(),
            paths: Vec::new(),
            outlines: Vec::new(),
            counters: Vec::new(),
            marks: Vec::new(),
            legend: Vec::new(),
            cropped: false,
            focus: None,
            legend_below: false,
        }
    }

    /// The style in use.
    pub fn style(&self) -> &Style {
        &self.style
    }

    /// The map drawn.
    pub fn map(&self) -> &'m HexMap {
        self.map
    }

    /// The centre of a hex in pixels, relative to the top-left corner of the map area (the
    /// title and caption lines are above it).
    pub fn centre(&self, hex: Hex) -> (f64, f64) {
        let (x, y) = Frame::unit_centre(self.map, hex);
        let s = self.style.hex_size;
        ((x - self.frame.min_x) * s, (y - self.frame.min_y) * s)
    }

    /// The size in pixels of the map area.
    pub fn map_size(&self) -> (f64, f64) {
        let s = self.style.hex_size;
        (self.frame.width * s, self.frame.height * s)
    }

    /// Draw only the rectangle around these hexes (half a hex beyond their centres' extremes,
    /// so each is whole), for a close-up of the part of a large map that matters. Everything
    /// is drawn as it would be on the whole map and clipped at the rectangle's edge; the legend
    /// is unchanged. Hexes that are not in the map's extents are ignored; when none is left the
    /// whole map is drawn.
    ///
    /// ```
    /// use hexmap::HexMap;
    /// use hexmap::svg::MapDrawing;
    /// let map = HexMap::from_toml_str(r#"
    /// name = "Grid"
    /// [layout]
    /// orientation = "flat"
    /// label = "column-row"
    /// columns = [1, 20]
    /// rows = [1, 20]
    /// shifted = "even"
    /// rows_grow = "south"
    /// columns_grow = "east"
    /// "#, None).unwrap();
    /// let whole = MapDrawing::new(&map).map_size();
    /// let mut close = MapDrawing::new(&map);
    /// close.crop([map.parse("0505").unwrap(), map.parse("0808").unwrap()]);
    /// assert!(close.map_size().0 < whole.0 / 3.0);
    /// ```
    pub fn crop<I>(&mut self, hexes: I) -> &mut Self
    where
        I: IntoIterator<Item = Hex>,
    {
        if let Some(frame) = Frame::around(self.map, hexes) {
            self.frame = frame;
            self.cropped = true;
        }
        self
    }

    /// The part of the picture to open on: the rectangle around these hexes (as
    /// [`MapDrawing::crop`] takes it), written as the picture's `data-focus` attribute, `x y
    /// width height` in the picture's pixels. Unlike a crop, the whole map is still drawn; an
    /// interactive page ((`wargame_kit::html::Page`)) opens on the focus and its "whole" button
    /// shows everything. Hexes not in the map's extents are ignored; when none is left, there
    /// is no focus.
    ///
    /// ```
    /// # use hexmap::{HexMap, svg::MapDrawing};
    /// # let map = HexMap::from_toml_str(r#"
    /// # name = "Grid"
    /// # [layout]
    /// # orientation = "flat"
    /// # label = "column-row"
    /// # columns = [1, 20]
    /// # rows = [1, 20]
    /// # shifted = "even"
    /// # rows_grow = "south"
    /// # columns_grow = "east"
    /// # "#, None).unwrap();
    /// let mut drawing = MapDrawing::new(&map);
    /// drawing.focus([map.parse("0505").unwrap()]);
    /// let svg = drawing.finish();
    /// let focus = svg.split("data-focus=\"").nth(1).unwrap().split('"').next().unwrap();
    /// let [_, _, w, h]: [f64; 4] = focus
    ///     .split(' ')
    ///     .map(|v| v.parse().unwrap())
    ///     .collect::<Vec<_>>()
    ///     .try_into()
    ///     .unwrap();
    /// assert_eq!((w, h), (120.0, 103.9)); // one flat hex of size 60
    /// ```
    pub fn focus<I>(&mut self, hexes: I) -> &mut Self
    where
        I: IntoIterator<Item = Hex>,
    {
        self.focus = Frame::around(self.map, hexes);
        self
    }

    /// Put the legend under the map instead of to its right (for a narrow picture).
    pub fn legend_below(&mut self) -> &mut Self {
        self.legend_below = true;
        self
    }

    /// Outline a region of hexes once: a line along each hexside between a hex of the region and
    /// one outside it (off-map hexes are ignored).
    pub fn outline<I>(&mut self, hexes: I, outline: &Outline) -> &mut Self
    where
        I: IntoIterator<Item = Hex>,
    {
        let mut region: Vec<Hex> = hexes
            .into_iter()
            .filter(|h| self.map.contains(*h))
            .collect();
        region.sort_unstable();
        region.dedup();
        if !region.is_empty() {
            self.outlines.push((region, outline.clone()));
        }
        self
    }

    /// Set the title, drawn above the map.
    pub fn title(&mut self, text: impl Into<String>) -> &mut Self {
        self.title = Some(text.into());
        self
    }

    /// Add a caption line, drawn under the title and above the map.
    pub fn caption(&mut self, text: impl Into<String>) -> &mut Self {
        self.captions.push(text.into());
        self
    }

    /// Outline only these areas (by key); by default every area of the map is outlined.
    pub fn areas<I, S>(&mut self, keys: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.areas = Some(keys.into_iter().map(Into::into).collect());
        self
    }

    /// Give an area's legend entry this text instead of the area's name.
    pub fn area_label(&mut self, key: impl Into<String>, text: impl Into<String>) -> &mut Self {
        let key = key.into();
        self.area_labels.retain(|(k, _)| *k != key);
        self.area_labels.push((key, text.into()));
        self
    }

    /// Leave the map's own legend entries (terrain, roads, features, areas) out.
    pub fn without_map_legend(&mut self) -> &mut Self {
        self.map_legend = false;
        self
    }

    /// Shade hexes (off-map hexes are ignored).
    pub fn shade<I>(&mut self, hexes: I, shade: &Shade) -> &mut Self
    where
        I: IntoIterator<Item = Hex>,
    {
        for h in hexes {
            if self.map.contains(h) {
                self.shades.push((h, shade.clone()));
            }
        }
        self
    }

    /// Shade every hex of a zone-of-control layer.
    pub fn shade_zoc(&mut self, zoc: &ZocLayer, shade: &Shade) -> &mut Self {
        let hexes: Vec<Hex> = zoc.hexes(self.map).collect();
        self.shade(hexes, shade)
    }

    /// Highlight a hex (ignored when off the map).
    pub fn highlight(&mut self, hex: Hex, highlight: Highlight) -> &mut Self {
        if self.map.contains(hex) {
            self.highlights.push((hex, highlight));
        }
        self
    }

    /// Draw a path through the centres of these hexes, start first. A path of one hex is a
    /// ring around it; an empty path draws nothing.
    pub fn path(&mut self, hexes: &[Hex], route: &Route) -> &mut Self {
        if !hexes.is_empty() {
            self.paths.push((hexes.to_vec(), route.clone()));
        }
        self
    }

    /// Place a counter on a hex (ignored when off the map).
    pub fn counter(&mut self, hex: Hex, counter: Counter) -> &mut Self {
        if self.map.contains(hex) {
            self.counters.push((hex, counter));
        }
        self
    }

    /// Put a mark on a hex (ignored when off the map).
    pub fn mark(&mut self, hex: Hex, mark: Mark) -> &mut Self {
        if self.map.contains(hex) {
            self.marks.push((hex, mark));
        }
        self
    }

    /// Add a legend entry; entries added here come before the map's own.
    pub fn legend(&mut self, swatch: Swatch, text: impl Into<String>) -> &mut Self {
        self.legend.push(LegendEntry {
            swatch,
            text: text.into(),
        });
        self
    }

    /// Add a legend heading.
    pub fn legend_heading(&mut self, text: impl Into<String>) -> &mut Self {
        self.legend(Swatch::Heading, text)
    }

    fn outlined_areas(&self) -> Vec<&'m crate::map::Area> {
        let map: &'m HexMap = self.map;
        match &self.areas {
            None => map.areas().iter().collect(),
            Some(keys) => map
                .areas()
                .iter()
                .filter(|a| keys.contains(&a.key))
                .collect(),
        }
    }

    fn area_colour(&self, key: &str) -> String {
        let i = self
            .map
            .areas()
            .iter()
            .position(|a| a.key == key)
            .unwrap_or(0);
        match self.style.area_colours.len() {
            0 => "#e8590c".to_string(),
            n => self.style.area_colours[i % n].clone(),
        }
    }

    /// The map's own legend entries.
    fn map_legend_entries(&self) -> Vec<LegendEntry> {
        let map = self.map;
        let mut out = Vec::new();
        let mut push = |swatch: Swatch, text: String| out.push(LegendEntry { swatch, text });
        let mut used = vec![false; map.terrain_names().len()];
        for h in map.hexes() {
            if let Some(u) = used.get_mut(usize::from(h.terrain)) {
                *u = true;
            }
        }
        push(Swatch::Heading, "Terrain".to_string());
        for (name, used) in map.terrain_names().iter().zip(used) {
            if used {
                push(Swatch::Fill(terrain_colour(name)), name.clone());
            }
        }
        let holes = Frame::extent_hexes(map).any(|h| !map.contains(h));
        if let (true, Some(c)) = (holes, &self.style.holes) {
            push(Swatch::Fill(c.clone()), "not on the map (sea)".to_string());
        }
        let any = |f: fn(&crate::Hexside) -> bool| map.edge_references().any(|e| f(e.weight()));
        let mut map_entries = Vec::new();
        if any(|w| w.road) {
            map_entries.push((
                Swatch::Line {
                    colour: self.style.road.clone(),
                    width: 3.0,
                    dashed: false,
                },
                "road".to_string(),
            ));
        }
        if any(|w| w.trail) {
            map_entries.push((
                Swatch::Line {
                    colour: self.style.trail.clone(),
                    width: 2.0,
                    dashed: true,
                },
                "trail".to_string(),
            ));
        }
        if any(|w| w.blocks_zoc) {
            map_entries.push((
                Swatch::Line {
                    colour: self.style.blocks_zoc.clone(),
                    width: 3.5,
                    dashed: false,
                },
                "hexside blocks ZOC".to_string(),
            ));
        }
        if any(|w| w.impassable) {
            map_entries.push((
                Swatch::Line {
                    colour: self.style.impassable.clone(),
                    width: 5.0,
                    dashed: false,
                },
                "impassable hexside".to_string(),
            ));
        }
        for f in map.feature_names() {
            if !map.hexes_with(f).is_empty() {
                map_entries.push((Swatch::Feature(f.clone()), f.clone()));
            }
        }
        if !map.places().is_empty() {
            map_entries.push((Swatch::Place, "named place".to_string()));
        }
        for a in self.outlined_areas() {
            let text = self
                .area_labels
                .iter()
                .find(|(k, _)| *k == a.key)
                .map_or_else(|| a.name.clone(), |(_, t)| t.clone());
            map_entries.push((Swatch::Outline(self.area_colour(&a.key)), text));
        }
        if !map_entries.is_empty() {
            push(Swatch::Heading, "Map".to_string());
            for (s, t) in map_entries {
                push(s, t);
            }
        }
        out
    }

    /// Write the picture.
    ///
    /// A map of more than [`MAX_DRAWN_HEXES`] hexes is not drawn: the picture says so instead,
    /// so that the size of the output (about 150 bytes per hex) stays bounded whatever map a
    /// caller is given.
    pub fn finish(&self) -> String {
        let hexes = self.map.len();
        if hexes > MAX_DRAWN_HEXES {
            return too_large_to_draw(self.map.name(), hexes);
        }
        Renderer::new(self).render()
    }
}

/// The most hexes [`MapDrawing::finish`] draws (a 300 x 300 map): a picture of a larger map
/// would run to tens of megabytes and could not be read at any screen size anyway.
pub const MAX_DRAWN_HEXES: usize = 90_000;

/// The picture of a map too large to draw: a note saying so.
fn too_large_to_draw(name: &str, hexes: usize) -> String {
    let text = wargame_kit::svg::escape(&format!(
        "{name}: {hexes} hexes, more than the {MAX_DRAWN_HEXES} a picture is drawn for"
    ));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"60\" viewBox=\"0 0 640 60\">\n\
         <rect width=\"640\" height=\"60\" fill=\"#fff\"/>\n\
         <text x=\"12\" y=\"34\" font-family=\"sans-serif\" font-size=\"14\">{text}</text>\n</svg>\n"
    )
}

/// Where counters sit in a hex: (dx, dy, side) in hex-size units, for `n` counters.
fn counter_slots(n: usize) -> Vec<(f64, f64, f64)> {
    match n {
        0 => Vec::new(),
        1 => vec![(0.0, 0.07, 0.96)],
        2 => vec![(-0.4, 0.08, 0.78), (0.4, 0.08, 0.78)],
        _ => vec![
            (-0.3, -0.2, 0.56),
            (0.3, -0.2, 0.56),
            (-0.3, 0.38, 0.56),
            (0.3, 0.38, 0.56),
        ],
    }
}

/// The box a line of text centred on `x` takes (Helvetica metrics, with room for a halo).
#[derive(Clone, Copy, Debug)]
struct TextBox {
    x: f64,
    baseline: f64,
    font: f64,
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl TextBox {
    fn of(text: &str, x: f64, baseline: f64, font: f64) -> TextBox {
        let half = METRICS.text_width(text, font, false) / 2.0 + font * 0.1;
        TextBox {
            x,
            baseline,
            font,
            x0: x - half,
            x1: x + half,
            y0: baseline - font * 0.8,
            y1: baseline + font * 0.22,
        }
    }

    fn meets(&self, other: &TextBox) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }
}

struct Zones {
    label_y: f64,
    side_x: f64,
    upper_y: f64,
    lower_y: f64,
}

struct Renderer<'a, 'm> {
    d: &'a MapDrawing<'m>,
    out: String,
    s: f64,
    /// Offset of the map area in the picture.
    ox: f64,
    oy: f64,
    hatches: Vec<String>,
}

impl<'a, 'm> Renderer<'a, 'm> {
    fn new(d: &'a MapDrawing<'m>) -> Self {
        let mut hatches: Vec<String> = Vec::new();
        let mut add = |c: &str| {
            if !hatches.iter().any(|h| h == c) {
                hatches.push(c.to_string());
            }
        };
        for (_, sh) in &d.shades {
            if sh.hatch {
                add(&sh.colour);
            }
        }
        for (_, hl) in &d.highlights {
            if hl.hatch {
                add(&hl.colour);
            }
        }
        for e in &d.legend {
            if let Swatch::Hatch(c) = &e.swatch {
                add(c);
            }
        }
        Renderer {
            d,
            out: String::new(),
            s: d.style.hex_size,
            ox: 0.0,
            oy: 0.0,
            hatches,
        }
    }

    fn hatch_id(&self, colour: &str) -> String {
        let i = self.hatches.iter().position(|c| c == colour).unwrap_or(0);
        format!("hatch-{i}")
    }

    /// Whether a hex is drawn: always, unless the picture is cropped and the hex lies more
    /// than a hex beyond the crop.
    fn shown(&self, hex: Hex) -> bool {
        !self.d.cropped || self.d.frame.near(Frame::unit_centre(self.d.map, hex))
    }

    /// The ` data-focus="x y w h"` attribute of the focus, in picture pixels and within the
    /// map area (`map_w` by `map_h` at the writer's origin), or nothing.
    fn focus_attribute(&self, map_w: f64, map_h: f64) -> String {
        let Some(f) = self.d.focus else {
            return String::new();
        };
        let s = self.d.style.hex_size;
        let x0 = ((f.min_x - self.d.frame.min_x) * s).clamp(0.0, map_w);
        let y0 = ((f.min_y - self.d.frame.min_y) * s).clamp(0.0, map_h);
        let x1 = ((f.min_x + f.width - self.d.frame.min_x) * s).clamp(0.0, map_w);
        let y1 = ((f.min_y + f.height - self.d.frame.min_y) * s).clamp(0.0, map_h);
        if x1 <= x0 || y1 <= y0 {
            return String::new();
        }
        format!(
            " data-focus=\"{} {} {} {}\"",
            num(x0 + self.ox),
            num(y0 + self.oy),
            num(x1 - x0),
            num(y1 - y0)
        )
    }

    /// Picture coordinates of a hex centre.
    fn c(&self, hex: Hex) -> (f64, f64) {
        let (x, y) = self.d.centre(hex);
        (x + self.ox, y + self.oy)
    }

    fn corners(&self, hex: Hex, scale: f64) -> Vec<(f64, f64)> {
        let (cx, cy) = self.c(hex);
        let r = self.s * scale;
        let start = match self.d.map.layout().orientation {
            Orientation::Flat => 0.0,
            Orientation::Pointy => 30.0,
        };
        (0..6)
            .map(|i| {
                let a = (start + 60.0 * f64::from(i)).to_radians();
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect()
    }

    fn points(&self, hex: Hex, scale: f64) -> String {
        self.corners(hex, scale)
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The shared hexside of two adjacent hexes, as a segment.
    fn side(&self, a: Hex, b: Hex) -> ((f64, f64), (f64, f64)) {
        let (ax, ay) = self.c(a);
        let (bx, by) = self.c(b);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
        let half = self.s / 2.0;
        let (nx, ny) = (-dy / len * half, dx / len * half);
        ((mx + nx, my + ny), (mx - nx, my - ny))
    }

    fn w(&mut self, text: &str) {
        self.out.push_str(text);
    }

    fn text(&mut self, x: f64, y: f64, size: f64, attrs: &str, text: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{attrs}>{}</text>",
            num(x),
            num(y),
            num(size),
            escape(text)
        );
    }

    fn legend_entries(&self) -> Vec<LegendEntry> {
        let mut entries = self.d.legend.clone();
        if self.d.map_legend {
            entries.extend(self.d.map_legend_entries());
        }
        entries
    }

    fn render(mut self) -> String {
        let st = &self.d.style;
        let (map_w, map_h) = self.d.map_size();
        let margin = st.margin;
        let tf = st.text_font;
        // Header: title, then caption lines.
        let mut header_h = 0.0;
        let mut header_w: f64 = 0.0;
        if let Some(t) = &self.d.title {
            header_h += st.title_font * 1.5;
            header_w = header_w.max(METRICS.text_width(t, st.title_font, true));
        }
        for c in &self.d.captions {
            header_h += tf * 1.5;
            header_w = header_w.max(METRICS.text_width(c, tf, false));
        }
        if header_h > 0.0 {
            header_h += tf * 0.6;
        }
        // Legend, to the right of the map.
        let entries = self.legend_entries();
        let row = tf * 1.65;
        let swatch_w = tf * 2.4;
        let legend_w = entries
            .iter()
            .map(|e| match e.swatch {
                Swatch::Heading => METRICS.text_width(&e.text, tf, true),
                _ => swatch_w + tf * 0.6 + METRICS.text_width(&e.text, tf, false),
            })
            .fold(0.0, f64::max)
            + tf * 1.2;
        let legend_h = entries.len() as f64 * row + tf * 0.8;
        let gap = if entries.is_empty() { 0.0 } else { tf * 1.5 };
        let legend_box_w = if entries.is_empty() { 0.0 } else { legend_w };
        let legend_box_h = if entries.is_empty() { 0.0 } else { legend_h };
        let (width, height, lx, ly) = if self.d.legend_below {
            let width =
                (margin * 2.0 + map_w.max(legend_box_w)).max(margin * 2.0 + header_w.ceil());
            let height = margin * 2.0 + header_h + map_h + gap + legend_box_h;
            (width, height, margin, margin + header_h + map_h + gap)
        } else {
            let width =
                (margin * 2.0 + map_w + gap + legend_box_w).max(margin * 2.0 + header_w.ceil());
            let height = margin * 2.0 + header_h + map_h.max(legend_box_h);
            (width, height, margin + map_w + gap, margin + header_h)
        };
        self.ox = margin;
        self.oy = margin + header_h;

        let focus = self.focus_attribute(map_w, map_h);
        let _ = writeln!(
            self.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{}\"{focus}>",
            escape(&st.font_family),
            w = num(width.ceil()),
            h = num(height.ceil()),
        );
        let title = self
            .d
            .title
            .clone()
            .unwrap_or_else(|| self.d.map.name().to_string());
        let _ = writeln!(self.out, "<title>{}</title>", escape(&title));
        self.defs();
        let _ = writeln!(
            self.out,
            "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            num(width.ceil()),
            num(height.ceil()),
            escape(&st.background)
        );
        self.header(margin);
        if self.d.cropped {
            let _ = writeln!(
                self.out,
                "<clipPath id=\"map-clip\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>",
                num(self.ox),
                num(self.oy),
                num(map_w),
                num(map_h)
            );
            self.w("<g class=\"map\" clip-path=\"url(#map-clip)\">\n");
        } else {
            self.w("<g class=\"map\">\n");
        }
        self.holes();
        self.hexes();
        self.shades();
        self.highlights();
        self.roads();
        self.hexsides();
        self.area_outlines();
        self.outlines();
        self.paths();
        self.labels();
        self.features();
        self.place_names();
        self.counters();
        self.tags();
        self.marks();
        self.w("</g>\n");
        self.draw_legend(&entries, lx, ly, legend_w, legend_h);
        self.w("</svg>\n");
        self.out
    }

    fn defs(&mut self) {
        if self.hatches.is_empty() {
            return;
        }
        self.w("<defs>\n");
        let p = (self.s * 0.28).max(5.0);
        let lw = (self.s * 0.07).max(1.2);
        for (i, c) in self.hatches.clone().iter().enumerate() {
            let c = escape(c);
            let _ = writeln!(
                self.out,
                "<pattern id=\"hatch-{i}\" patternUnits=\"userSpaceOnUse\" width=\"{p}\" height=\"{p}\" patternTransform=\"rotate(45)\"><rect width=\"{p}\" height=\"{p}\" fill=\"{c}\" fill-opacity=\"0.1\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"{p}\" stroke=\"{c}\" stroke-width=\"{lw}\" stroke-opacity=\"0.75\"/></pattern>",
                p = num(p),
                lw = num(lw),
            );
        }
        self.w("</defs>\n");
    }

    fn header(&mut self, margin: f64) {
        let st = self.d.style.clone();
        let mut y = margin;
        if let Some(t) = self.d.title.clone() {
            y += st.title_font * 1.2;
            self.w("<g class=\"title\">\n");
            self.text(margin, y, st.title_font, " font-weight=\"bold\"", &t);
            self.w("</g>\n");
            y += st.title_font * 0.3;
        }
        if !self.d.captions.is_empty() {
            self.w("<g class=\"caption\">\n");
            for c in self.d.captions.clone() {
                y += st.text_font * 1.5;
                self.text(margin, y - st.text_font * 0.3, st.text_font, "", &c);
            }
            self.w("</g>\n");
        }
    }

    fn holes(&mut self) {
        let Some(fill) = self.d.style.holes.clone() else {
            return;
        };
        let map = self.d.map;
        let holes: Vec<Hex> = Frame::extent_hexes(map)
            .filter(|h| !map.contains(*h) && self.shown(*h))
            .collect();
        if holes.is_empty() {
            return;
        }
        let _ = writeln!(
            self.out,
            "<g class=\"holes\" data-layer=\"terrain\" fill=\"{}\" stroke=\"none\">",
            escape(&fill)
        );
        for h in holes {
            let _ = writeln!(
                self.out,
                "<polygon class=\"hole\" points=\"{}\"/>",
                self.points(h, 1.0)
            );
        }
        self.w("</g>\n");
    }

    fn hexes(&mut self) {
        let map = self.d.map;
        let fills: Vec<String> = map
            .terrain_names()
            .iter()
            .map(|t| terrain_colour(t))
            .collect();
        let _ = writeln!(
            self.out,
            "<g class=\"hexes\" data-layer=\"terrain\" stroke=\"{}\" stroke-width=\"{}\">",
            escape(&self.d.style.hex_stroke),
            num((self.s * 0.03).max(0.6))
        );
        for info in map.hexes() {
            if !self.shown(info.hex) {
                continue;
            }
            let fill = fills
                .get(usize::from(info.terrain))
                .cloned()
                .unwrap_or_else(|| "#ffffff".to_string());
            let _ = writeln!(
                self.out,
                "<polygon class=\"hex\" data-label=\"{}\" points=\"{}\" fill=\"{}\"/>",
                escape(&info.label.to_string()),
                self.points(info.hex, 1.0),
                escape(&fill)
            );
        }
        self.w("</g>\n");
    }

    fn shades(&mut self) {
        if self.d.shades.is_empty() {
            return;
        }
        self.w("<g class=\"shades\" stroke=\"none\">\n");
        for (h, sh) in self.d.shades.clone() {
            if !self.shown(h) {
                continue;
            }
            let fill = if sh.hatch {
                format!("url(#{})", self.hatch_id(&sh.colour))
            } else {
                escape(&sh.colour)
            };
            let opacity = if sh.hatch {
                ""
            } else {
                " fill-opacity=\"0.3\""
            };
            let _ = writeln!(
                self.out,
                "<polygon class=\"shade\"{} points=\"{}\" fill=\"{fill}\"{opacity}/>",
                meta(sh.layer.as_deref(), "shades", &sh.keys),
                self.points(h, 1.0)
            );
        }
        self.w("</g>\n");
    }

    fn highlights(&mut self) {
        if self.d.highlights.is_empty() {
            return;
        }
        self.w("<g class=\"highlights\">\n");
        let lw = num((self.s * 0.1).max(2.0));
        for (h, hl) in self.d.highlights.clone() {
            if !self.shown(h) {
                continue;
            }
            let c = escape(&hl.colour);
            let fill = if hl.hatch {
                format!("url(#{})", self.hatch_id(&hl.colour))
            } else {
                c.clone()
            };
            let opacity = if hl.hatch {
                ""
            } else {
                " fill-opacity=\"0.28\""
            };
            let _ = writeln!(
                self.out,
                "<g class=\"highlight\"{}><polygon points=\"{}\" fill=\"{fill}\"{opacity} stroke=\"none\"/>",
                meta(hl.layer.as_deref(), "highlights", &hl.keys),
                self.points(h, 1.0)
            );
            let _ = writeln!(
                self.out,
                "<polygon points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"{lw}\" stroke-linejoin=\"round\"/></g>",
                self.points(h, 0.88)
            );
        }
        self.w("</g>\n");
    }

    fn roads(&mut self) {
        let map = self.d.map;
        let mut roads = String::new();
        let mut trails = String::new();
        for e in map.edge_references() {
            let side = e.weight();
            if !side.road_or_trail() {
                continue;
            }
            let (Some(a), Some(b)) = (map.hex_of(e.source()), map.hex_of(e.target())) else {
                continue;
            };
            if !self.shown(a) && !self.shown(b) {
                continue;
            }
            let (ax, ay) = self.c(a);
            let (bx, by) = self.c(b);
            let seg = format!("M{} {}L{} {}", num(ax), num(ay), num(bx), num(by));
            if side.road {
                roads.push_str(&seg);
            } else {
                trails.push_str(&seg);
            }
        }
        if roads.is_empty() && trails.is_empty() {
            return;
        }
        let st = self.d.style.clone();
        self.w("<g class=\"roads\" data-layer=\"roads\" fill=\"none\" stroke-linecap=\"round\">\n");
        if !trails.is_empty() {
            let _ = writeln!(
                self.out,
                "<path class=\"trail\" d=\"{trails}\" stroke=\"{}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\"/>",
                escape(&st.trail),
                num((self.s * 0.08).max(1.5)),
                num((self.s * 0.22).max(3.0)),
                num((self.s * 0.14).max(2.0)),
            );
        }
        if !roads.is_empty() {
            let _ = writeln!(
                self.out,
                "<path class=\"road\" d=\"{roads}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                escape(&st.road),
                num((self.s * 0.13).max(2.0)),
            );
        }
        self.w("</g>\n");
    }

    fn hexsides(&mut self) {
        let map = self.d.map;
        let mut blocks = String::new();
        let mut walls = String::new();
        for e in map.edge_references() {
            let side = e.weight();
            if !side.blocks_zoc && !side.impassable {
                continue;
            }
            let (Some(a), Some(b)) = (map.hex_of(e.source()), map.hex_of(e.target())) else {
                continue;
            };
            if !self.shown(a) && !self.shown(b) {
                continue;
            }
            let ((x0, y0), (x1, y1)) = self.side(a, b);
            let seg = format!("M{} {}L{} {}", num(x0), num(y0), num(x1), num(y1));
            if side.impassable {
                walls.push_str(&seg);
            } else {
                blocks.push_str(&seg);
            }
        }
        if blocks.is_empty() && walls.is_empty() {
            return;
        }
        let st = self.d.style.clone();
        self.w("<g class=\"hexsides\" data-layer=\"hexsides\" fill=\"none\" stroke-linecap=\"round\">\n");
        if !blocks.is_empty() {
            let _ = writeln!(
                self.out,
                "<path class=\"blocks-zoc\" d=\"{blocks}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                escape(&st.blocks_zoc),
                num((self.s * 0.13).max(2.5)),
            );
        }
        if !walls.is_empty() {
            let _ = writeln!(
                self.out,
                "<path class=\"impassable\" d=\"{walls}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                escape(&st.impassable),
                num((self.s * 0.18).max(3.5)),
            );
        }
        self.w("</g>\n");
    }

    fn area_outlines(&mut self) {
        let areas = self.d.outlined_areas();
        if areas.is_empty() {
            return;
        }
        self.w("<g class=\"areas\" data-layer=\"areas\" fill=\"none\" stroke-linecap=\"round\">\n");
        for a in areas {
            let mut d = String::new();
            for &h in a.hexes.iter().filter(|h| self.shown(**h)) {
                for dir in Direction::ALL {
                    let n = h.neighbor(dir);
                    if a.hexes.contains(&n) {
                        continue;
                    }
                    let ((x0, y0), (x1, y1)) = self.side(h, n);
                    let _ = write!(d, "M{} {}L{} {}", num(x0), num(y0), num(x1), num(y1));
                }
            }
            if d.is_empty() {
                continue;
            }
            let _ = writeln!(
                self.out,
                "<path class=\"area\" data-key=\"{}\" d=\"{d}\" stroke=\"{}\" stroke-width=\"{}\" stroke-opacity=\"0.9\"/>",
                escape(&a.key),
                escape(&self.d.area_colour(&a.key)),
                num((self.s * 0.16).max(3.0)),
            );
        }
        self.w("</g>\n");
    }

    fn outlines(&mut self) {
        if self.d.outlines.is_empty() {
            return;
        }
        self.w("<g class=\"outlines\" fill=\"none\" stroke-linecap=\"round\">\n");
        let lw = (self.s * 0.09).max(2.0);
        for (region, o) in self.d.outlines.clone() {
            let mut d = String::new();
            for &h in region.iter().filter(|h| self.shown(**h)) {
                for dir in Direction::ALL {
                    let n = h.neighbor(dir);
                    if region.binary_search(&n).is_ok() {
                        continue;
                    }
                    let ((x0, y0), (x1, y1)) = self.side(h, n);
                    let _ = write!(d, "M{} {}L{} {}", num(x0), num(y0), num(x1), num(y1));
                }
            }
            if d.is_empty() {
                continue;
            }
            let dash = if o.dashed {
                format!(" stroke-dasharray=\"{} {}\"", num(lw * 2.2), num(lw * 1.3))
            } else {
                String::new()
            };
            let _ = writeln!(
                self.out,
                "<path class=\"outline\"{} d=\"{d}\" stroke=\"{}\" stroke-width=\"{}\"{dash}/>",
                meta(o.layer.as_deref(), "outlines", &o.keys),
                escape(&o.colour),
                num(lw),
            );
        }
        self.w("</g>\n");
    }

    /// Where things sit in a hex, in hex-size units from the centre (y down): the label's
    /// baseline, the x of the side zones beside a single counter, and the y of their upper and
    /// lower slots.
    fn zones(&self) -> Zones {
        match self.d.map.layout().orientation {
            Orientation::Flat => Zones {
                label_y: -0.56,
                side_x: 0.68,
                upper_y: -0.3,
                lower_y: 0.2,
            },
            Orientation::Pointy => Zones {
                label_y: -0.52,
                side_x: 0.66,
                upper_y: -0.28,
                lower_y: 0.2,
            },
        }
    }

    fn label_dy(&self) -> f64 {
        self.zones().label_y
    }

    fn labels(&mut self) {
        let st = self.d.style.clone();
        let _ = writeln!(
            self.out,
            "<g class=\"labels\" data-layer=\"labels\" fill=\"{}\" text-anchor=\"middle\" stroke=\"#ffffff\" stroke-opacity=\"0.7\" stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\">",
            escape(&st.label_colour),
            num((st.label_font * 0.25).max(1.5))
        );
        let dy = self.label_dy() * self.s;
        for info in self.d.map.hexes() {
            if !self.shown(info.hex) {
                continue;
            }
            let (x, y) = self.c(info.hex);
            self.text(x, y + dy, st.label_font, "", &info.label.to_string());
        }
        self.w("</g>\n");
    }

    fn features(&mut self) {
        let map = self.d.map;
        let names = map.feature_names().to_vec();
        let places = map.places();
        if names.is_empty() && places.is_empty() {
            return;
        }
        self.w("<g class=\"features\" data-layer=\"features\">\n");
        let slots = [Anchor::LowerLeft, Anchor::LowerRight, Anchor::UpperRight];
        for info in map.hexes() {
            if !self.shown(info.hex) {
                continue;
            }
            let (x, y) = self.c(info.hex);
            let mut k = 0;
            for (bit, name) in names.iter().enumerate() {
                if info.features & (1u64 << bit) == 0 {
                    continue;
                }
                let (dx, dy) = self.anchor(slots[k.min(slots.len() - 1)]);
                self.feature_glyph(name, x + dx * self.s, y + dy * self.s, self.s * 0.16);
                k += 1;
            }
            if places.iter().any(|p| p.hex == info.hex) {
                let (dx, dy) = self.anchor(slots[k.min(slots.len() - 1)]);
                self.place_marker(x + dx * self.s, y + dy * self.s, self.s * 0.09);
            }
        }
        self.w("</g>\n");
    }

    /// A feature's glyph centred on (x, y), radius about `r`.
    fn feature_glyph(&mut self, name: &str, x: f64, y: f64, r: f64) {
        let n = name.to_ascii_lowercase();
        let lw = (r * 0.2).max(1.0);
        if n.contains("airfield") || n.contains("airport") || n.contains("airstrip") {
            // A plane seen from above, nose up, on a white disc.
            const PLANE: [(f64, f64); 10] = [
                (0.0, -0.95),
                (0.13, -0.75),
                (0.13, -0.3),
                (0.95, 0.12),
                (0.95, 0.3),
                (0.13, 0.1),
                (0.1, 0.6),
                (0.42, 0.8),
                (0.42, 0.94),
                (0.0, 0.84),
            ];
            let k = r * 0.82;
            let right = PLANE.iter().map(|&(px, py)| (px, py));
            let left = PLANE.iter().rev().skip(1).map(|&(px, py)| (-px, py));
            let pts: Vec<String> = right
                .chain(left)
                .map(|(px, py)| format!("{},{}", num(x + px * k), num(y + py * k)))
                .collect();
            let _ = writeln!(
                self.out,
                "<g class=\"feature airfield\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"{}\"/><polygon points=\"{}\" fill=\"#1a1a1a\"/></g>",
                num(x),
                num(y),
                num(r),
                num(lw * 0.6),
                pts.join(" "),
            );
        } else if n.contains("town") || n.contains("city") || n.contains("village") {
            let a = r * 0.95;
            let _ = writeln!(
                self.out,
                "<rect class=\"feature town\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#3b3b3b\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
                num(x - a / 2.0),
                num(y - a / 2.0),
                num(a),
                num(a),
                num(lw * 0.5),
            );
        } else {
            let letter: String = name
                .chars()
                .next()
                .map(|c| c.to_uppercase().collect())
                .unwrap_or_default();
            let _ = writeln!(
                self.out,
                "<g class=\"feature\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1a1a1a\">{}</text></g>",
                num(x),
                num(y),
                num(r),
                num(lw * 0.6),
                num(x),
                num(y + r * 0.45),
                num(r * 1.3),
                escape(&letter),
            );
        }
    }

    fn place_marker(&mut self, x: f64, y: f64, r: f64) {
        let _ = writeln!(
            self.out,
            "<circle class=\"place-marker\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#c92a2a\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            num(x),
            num(y),
            num(r.max(2.0)),
            num((r * 0.35).max(0.8)),
        );
    }

    /// The box a hex label takes, in picture coordinates.
    fn label_box(&self, hex: Hex) -> Option<TextBox> {
        let info = self.d.map.info(hex)?;
        let f = self.d.style.label_font;
        let (x, y) = self.c(hex);
        Some(TextBox::of(
            &info.label.to_string(),
            x,
            y + self.label_dy() * self.s,
            f,
        ))
    }

    /// Place names, each under its hex's centre where it covers no hex number and no other
    /// name: the first of a few positions and sizes that is clear (the last one tried when none
    /// is).
    fn place_names(&mut self) {
        let places = self.d.map.places();
        if places.is_empty() {
            return;
        }
        let st = self.d.style.clone();
        let _ = writeln!(
            self.out,
            "<g class=\"places\" data-layer=\"places\" text-anchor=\"middle\" font-style=\"italic\" fill=\"#1a1a1a\" stroke=\"#ffffff\" stroke-width=\"{}\" stroke-opacity=\"0.85\" stroke-linejoin=\"round\" paint-order=\"stroke\">",
            num((st.place_font * 0.3).max(1.5))
        );
        // Places in label order of their hex, then name.
        let mut ordered: Vec<(usize, &str, Hex)> = places
            .iter()
            .filter(|p| self.shown(p.hex))
            .filter_map(|p| {
                let n = self.d.map.node(p.hex)?;
                Some((n.index(), p.name.as_str(), p.hex))
            })
            .collect();
        ordered.sort();
        let base = match self.d.map.layout().orientation {
            Orientation::Flat => 0.8,
            Orientation::Pointy => 0.84,
        };
        let mut placed: Vec<TextBox> = Vec::new();
        for (_, name, hex) in ordered {
            let (x, y) = self.c(hex);
            // The labels of this hex and of the hexes two around it.
            let mut near = vec![hex];
            for d1 in Direction::ALL {
                let n = hex.neighbor(d1);
                for d2 in Direction::ALL {
                    near.push(n.neighbor(d2));
                }
                near.push(n);
            }
            near.sort_unstable();
            near.dedup();
            let mut labels: Vec<TextBox> = near.iter().filter_map(|h| self.label_box(*h)).collect();
            // And the counters on them.
            for h in &near {
                let n = self.d.counters.iter().filter(|(c, _)| c == h).count();
                let (cx, cy) = self.c(*h);
                for (dx, dy, side) in counter_slots(n) {
                    let (x, y, a) = (cx + dx * self.s, cy + dy * self.s, side * self.s / 2.0);
                    labels.push(TextBox {
                        x,
                        baseline: y,
                        font: 0.0,
                        x0: x - a,
                        x1: x + a,
                        y0: y - a,
                        y1: y + a,
                    });
                }
            }
            let mut choice = None;
            'search: for scale in [1.0, 0.85, 0.72] {
                let f = (st.place_font * scale).max(7.0);
                for dy in [0.62, base, 0.45, 0.32, -0.2] {
                    for dx in [0.0, -0.3, 0.3] {
                        let b = TextBox::of(name, x + dx * self.s, y + dy * self.s, f);
                        choice = Some(b);
                        if !labels.iter().chain(&placed).any(|l| l.meets(&b)) {
                            break 'search;
                        }
                    }
                }
            }
            if let Some(b) = choice {
                self.text(b.x, b.baseline, b.font, "", name);
                placed.push(b);
            }
        }
        self.w("</g>\n");
    }

    fn paths(&mut self) {
        if self.d.paths.is_empty() {
            return;
        }
        self.w("<g class=\"paths\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
        let lw = (self.s * 0.13).max(2.5);
        for (hexes, route) in self.d.paths.clone() {
            let c = escape(&route.colour);
            let m = meta(route.layer.as_deref(), "paths", &route.keys);
            let dash = if route.dashed {
                format!(" stroke-dasharray=\"{} {}\"", num(lw * 2.0), num(lw * 1.4))
            } else {
                String::new()
            };
            let pts: Vec<(f64, f64)> = hexes.iter().map(|h| self.c(*h)).collect();
            if pts.len() == 1 {
                let (x, y) = pts[0];
                let _ = writeln!(
                    self.out,
                    "<circle class=\"path\"{m} cx=\"{}\" cy=\"{}\" r=\"{}\" stroke=\"{c}\" stroke-width=\"{}\"{dash}/>",
                    num(x),
                    num(y),
                    num(self.s * 0.62),
                    num(lw),
                );
                continue;
            }
            // Stop short of the last centre so the arrowhead shows beside a counter there.
            let n = pts.len();
            let (px, py) = pts[n - 2];
            let (lx, ly) = pts[n - 1];
            let (dx, dy) = (lx - px, ly - py);
            let len = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
            let (ux, uy) = (dx / len, dy / len);
            let tip = (lx - ux * self.s * 0.08, ly - uy * self.s * 0.08);
            let head = self.s * 0.42;
            let base = (tip.0 - ux * head, tip.1 - uy * head);
            let mut d = String::new();
            for (i, (x, y)) in pts[..n - 1].iter().enumerate() {
                let _ = write!(
                    d,
                    "{}{} {}",
                    if i == 0 { "M" } else { "L" },
                    num(*x),
                    num(*y)
                );
            }
            let _ = write!(d, "L{} {}", num(base.0), num(base.1));
            let _ = writeln!(
                self.out,
                "<g class=\"path\"{m}><path d=\"{d}\" stroke=\"{c}\" stroke-width=\"{}\" stroke-opacity=\"0.9\"{dash}/>",
                num(lw)
            );
            let (x0, y0) = pts[0];
            let _ = writeln!(
                self.out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{c}\"/>",
                num(x0),
                num(y0),
                num(lw * 1.3),
            );
            let wing = head * 0.55;
            let _ = writeln!(
                self.out,
                "<polygon points=\"{},{} {},{} {},{}\" fill=\"{c}\" stroke=\"#ffffff\" stroke-width=\"{}\" stroke-linejoin=\"round\"/></g>",
                num(tip.0),
                num(tip.1),
                num(base.0 - uy * wing),
                num(base.1 + ux * wing),
                num(base.0 + uy * wing),
                num(base.1 - ux * wing),
                num((lw * 0.25).max(0.8)),
            );
        }
        self.w("</g>\n");
    }

    fn counters(&mut self) {
        if self.d.counters.is_empty() {
            return;
        }
        let mut by_hex: BTreeMap<usize, (Hex, Vec<Counter>)> = BTreeMap::new();
        for (h, c) in &self.d.counters {
            if !self.shown(*h) {
                continue;
            }
            if let Some(n) = self.d.map.node(*h) {
                by_hex
                    .entry(n.index())
                    .or_insert_with(|| (*h, Vec::new()))
                    .1
                    .push(c.clone());
            }
        }
        self.w("<g class=\"counters\">\n");
        for (_, (hex, counters)) in by_hex {
            let (x, y) = self.c(hex);
            let slots = counter_slots(counters.len());
            let shown = if counters.len() > slots.len() {
                slots.len() - 1
            } else {
                counters.len()
            };
            for (c, (dx, dy, side)) in counters.iter().zip(&slots).take(shown) {
                self.counter(c, x + dx * self.s, y + dy * self.s, side * self.s);
            }
            if shown < counters.len()
                && let Some((dx, dy, side)) = slots.last()
            {
                let more = format!("+{}", counters.len() - shown);
                let size = side * self.s;
                let font = fit_font(&more, size, 0.4, true);
                self.text(
                    x + dx * self.s,
                    y + dy * self.s + font * 0.35,
                    font,
                    " class=\"more\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1a1a1a\"",
                    &more,
                );
            }
        }
        self.w("</g>\n");
    }

    /// One counter of side `a` centred on (x, y).
    fn counter(&mut self, c: &Counter, x: f64, y: f64, a: f64) {
        let min = self.d.style.min_counter_font;
        let (x0, y0) = (x - a / 2.0, y - a / 2.0);
        let _ = writeln!(
            self.out,
            "<g class=\"counter\"{}><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"#1a1a1a\" stroke-width=\"{}\"/>",
            meta(c.layer.as_deref(), "counters", &c.keys),
            num(x0),
            num(y0),
            num(a),
            num(a),
            num(a * 0.12),
            escape(&c.fill),
            num((a * 0.04).max(1.0)),
        );
        let mut label = c.label.as_str();
        let mut lf = fit_font(label, a, 0.36, true);
        if lf < min
            && let Some(short) = &c.short_label
        {
            label = short;
            lf = fit_font(label, a, 0.36, true);
        }
        let fill = escape(&c.text_colour);
        match &c.rating {
            Some(r) => {
                let rf = fit_font(r, a, 0.3, false);
                self.text(
                    x,
                    y0 + a * 0.44,
                    lf,
                    &format!(" text-anchor=\"middle\" font-weight=\"bold\" fill=\"{fill}\""),
                    label,
                );
                self.text(
                    x,
                    y0 + a * 0.84,
                    rf,
                    &format!(" text-anchor=\"middle\" fill=\"{fill}\""),
                    r,
                );
            }
            None => self.text(
                x,
                y + lf * 0.35,
                lf,
                &format!(" text-anchor=\"middle\" font-weight=\"bold\" fill=\"{fill}\""),
                label,
            ),
        }
        let r = (a * 0.23).max(5.5);
        for (i, b) in c.badges.iter().take(2).enumerate() {
            let bx = if i == 0 { x0 + a } else { x0 };
            self.symbol(b.symbol, &b.colour, bx, y0, r);
        }
        self.w("</g>\n");
    }

    /// A symbol centred on (x, y), radius `r`.
    fn symbol(&mut self, sym: Symbol, colour: &str, x: f64, y: f64, r: f64) {
        let c = escape(colour);
        let lw = (r * 0.18).max(1.0);
        match sym {
            Symbol::Cross | Symbol::Check => {
                let inner = if sym == Symbol::Cross {
                    let a = r * 0.48;
                    format!(
                        "M{} {}L{} {}M{} {}L{} {}",
                        num(x - a),
                        num(y - a),
                        num(x + a),
                        num(y + a),
                        num(x - a),
                        num(y + a),
                        num(x + a),
                        num(y - a)
                    )
                } else {
                    format!(
                        "M{} {}L{} {}L{} {}",
                        num(x - r * 0.5),
                        num(y),
                        num(x - r * 0.1),
                        num(y + r * 0.42),
                        num(x + r * 0.55),
                        num(y - r * 0.45)
                    )
                };
                let _ = writeln!(
                    self.out,
                    "<g class=\"symbol\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{c}\" stroke-width=\"{}\"/><path d=\"{inner}\" stroke=\"{c}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\"/></g>",
                    num(x),
                    num(y),
                    num(r),
                    num(lw),
                    num(lw * 1.7),
                );
            }
            Symbol::Warning => {
                let h = r * 1.1;
                let _ = writeln!(
                    self.out,
                    "<g class=\"symbol\"><polygon points=\"{},{} {},{} {},{}\" fill=\"#ffffff\" stroke=\"{c}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/><path d=\"M{} {}L{} {}\" stroke=\"{c}\" stroke-width=\"{}\" stroke-linecap=\"round\"/><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{c}\"/></g>",
                    num(x),
                    num(y - h),
                    num(x + h),
                    num(y + h * 0.75),
                    num(x - h),
                    num(y + h * 0.75),
                    num(lw * 1.2),
                    num(x),
                    num(y - h * 0.4),
                    num(x),
                    num(y + h * 0.2),
                    num(lw * 1.3),
                    num(x),
                    num(y + h * 0.48),
                    num(lw * 0.8),
                );
            }
            Symbol::Star | Symbol::HollowStar => {
                let pts: Vec<String> = (0..10)
                    .map(|i| {
                        let rr = if i % 2 == 0 { r } else { r * 0.45 };
                        let a = (-90.0 + 36.0 * f64::from(i)).to_radians();
                        format!("{},{}", num(x + rr * a.cos()), num(y + rr * a.sin()))
                    })
                    .collect();
                let (fill, stroke, sw) = if sym == Symbol::Star {
                    (c.clone(), "#1a1a1a".to_string(), lw * 0.7)
                } else {
                    ("#ffffff".to_string(), c.clone(), lw * 1.2)
                };
                let _ = writeln!(
                    self.out,
                    "<polygon class=\"symbol\" points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                    pts.join(" "),
                    num(sw),
                );
            }
            Symbol::Dot => {
                let _ = writeln!(
                    self.out,
                    "<circle class=\"symbol\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{c}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
                    num(x),
                    num(y),
                    num(r * 0.7),
                    num(lw * 0.6),
                );
            }
            Symbol::Ring => {
                let _ = writeln!(
                    self.out,
                    "<circle class=\"symbol\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"{}\"/>",
                    num(x),
                    num(y),
                    num(r * 0.8),
                    num(lw * 1.3),
                );
            }
        }
    }

    fn anchor(&self, anchor: Anchor) -> (f64, f64) {
        let z = self.zones();
        match anchor {
            Anchor::Centre => (0.0, 0.0),
            Anchor::UpperLeft => (-z.side_x, z.upper_y),
            Anchor::UpperRight => (z.side_x, z.upper_y),
            Anchor::LowerLeft => (-z.side_x, z.lower_y),
            Anchor::LowerRight => (z.side_x, z.lower_y),
        }
    }

    fn marks(&mut self) {
        if self.d.marks.is_empty() {
            return;
        }
        self.w("<g class=\"marks\">\n");
        // Several marks at one anchor of one hex are spread sideways.
        let mut seen: Vec<(Hex, Anchor)> = Vec::new();
        for (h, m) in self.d.marks.clone() {
            if !self.shown(h) {
                continue;
            }
            let k = seen
                .iter()
                .filter(|(sh, sa)| *sh == h && *sa == m.anchor)
                .count();
            seen.push((h, m.anchor));
            let (x, y) = self.c(h);
            let (ax, ay) = self.anchor(m.anchor);
            let step = if ax > 0.0 { -0.3 } else { 0.3 };
            let r = self.s * 0.16;
            let _ = write!(
                self.out,
                "<g class=\"mark\"{}>",
                meta(m.layer.as_deref(), "marks", &m.keys)
            );
            self.symbol(
                m.symbol,
                &m.colour,
                x + (ax + step * k as f64) * self.s,
                y + ay * self.s,
                r.max(5.0),
            );
            self.w("</g>\n");
        }
        self.w("</g>\n");
    }

    fn tags(&mut self) {
        let tagged: Vec<(Hex, Highlight)> = self
            .d
            .highlights
            .iter()
            .filter(|(_, h)| h.label.is_some())
            .cloned()
            .collect();
        if tagged.is_empty() {
            return;
        }
        let font = self.d.style.label_font;
        self.w("<g class=\"tags\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\">\n");
        let mut seen: Vec<Hex> = Vec::new();
        for (h, hl) in tagged {
            if !self.shown(h) {
                continue;
            }
            let k = seen.iter().filter(|s| **s == h).count();
            seen.push(h);
            let Some(label) = hl.label else { continue };
            let (x, y) = self.c(h);
            let w = METRICS.text_width(&label, font, true) + font * 0.4;
            // Below a counter; across the middle of an empty hex, between the corner slots.
            let occupied = self.d.counters.iter().any(|(c, _)| *c == h);
            let base = if occupied { 0.7 } else { -0.05 };
            let ty = y + base * self.s - k as f64 * font * 1.35;
            let _ = write!(
                self.out,
                "<g class=\"tag\"{}>",
                meta(hl.layer.as_deref(), "highlights", &hl.keys)
            );
            let _ = writeln!(
                self.out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1\"/>",
                num(x - w / 2.0),
                num(ty - font * 0.62),
                num(w),
                num(font * 1.24),
                num(font * 0.3),
                escape(&hl.colour),
            );
            self.text(x, ty + font * 0.36, font, "", &label);
            self.w("</g>\n");
        }
        self.w("</g>\n");
    }

    fn draw_legend(&mut self, entries: &[LegendEntry], x: f64, y: f64, w: f64, h: f64) {
        if entries.is_empty() {
            return;
        }
        let st = self.d.style.clone();
        let tf = st.text_font;
        let row = tf * 1.65;
        let _ = writeln!(
            self.out,
            "<g class=\"legend\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"#ffffff\" stroke=\"#bbbbbb\"/>",
            num(x),
            num(y),
            num(w),
            num(h)
        );
        let sw = tf * 2.4;
        let sh = tf * 1.1;
        let left = x + tf * 0.6;
        for (i, e) in entries.iter().enumerate() {
            let cy = y + tf * 0.4 + row * (i as f64 + 0.5);
            let ty = cy + tf * 0.35;
            if e.swatch == Swatch::Heading {
                self.text(
                    left,
                    ty,
                    tf,
                    " font-weight=\"bold\" fill=\"#1a1a1a\"",
                    &e.text,
                );
                continue;
            }
            let (bx, by) = (left, cy - sh / 2.0);
            let mx = bx + sw / 2.0;
            match &e.swatch {
                Swatch::Fill(c) => {
                    let _ = writeln!(
                        self.out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"{}\"/>",
                        num(bx),
                        num(by),
                        num(sw),
                        num(sh),
                        escape(c),
                        escape(&st.hex_stroke)
                    );
                }
                Swatch::Hatch(c) => {
                    let _ = writeln!(
                        self.out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#{})\" stroke=\"{}\"/>",
                        num(bx),
                        num(by),
                        num(sw),
                        num(sh),
                        self.hatch_id(c),
                        escape(&st.hex_stroke)
                    );
                }
                Swatch::Highlight(c) => {
                    let _ = writeln!(
                        self.out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{c}\" fill-opacity=\"0.28\" stroke=\"{c}\" stroke-width=\"2.5\"/>",
                        num(bx),
                        num(by),
                        num(sw),
                        num(sh),
                        c = escape(c)
                    );
                }
                Swatch::Outline(c) => {
                    let _ = writeln!(
                        self.out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\"/>",
                        num(bx + 1.5),
                        num(by + 1.5),
                        num(sw - 3.0),
                        num(sh - 3.0),
                        escape(c)
                    );
                }
                Swatch::Line {
                    colour,
                    width,
                    dashed,
                } => {
                    let dash = if *dashed {
                        " stroke-dasharray=\"5 3\""
                    } else {
                        ""
                    };
                    let _ = writeln!(
                        self.out,
                        "<path d=\"M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"{dash}/>",
                        num(bx + 2.0),
                        num(cy),
                        num(bx + sw - 2.0),
                        num(cy),
                        escape(colour),
                        num(*width)
                    );
                }
                Swatch::Arrow(c) => {
                    let c = escape(c);
                    let _ = writeln!(
                        self.out,
                        "<path d=\"M{} {}L{} {}\" stroke=\"{c}\" stroke-width=\"3\" stroke-linecap=\"round\"/><polygon points=\"{},{} {},{} {},{}\" fill=\"{c}\"/>",
                        num(bx + 2.0),
                        num(cy),
                        num(bx + sw - 8.0),
                        num(cy),
                        num(bx + sw),
                        num(cy),
                        num(bx + sw - 9.0),
                        num(cy - 5.0),
                        num(bx + sw - 9.0),
                        num(cy + 5.0),
                    );
                }
                Swatch::Counter { fill, text } => {
                    let a = sh * 1.25;
                    let _ = writeln!(
                        self.out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"2\" fill=\"{}\" stroke=\"#1a1a1a\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                        num(mx - a / 2.0),
                        num(cy - a / 2.0),
                        num(a),
                        num(a),
                        escape(fill),
                        num(mx - a * 0.3),
                        num(cy - a * 0.05),
                        num(a * 0.6),
                        num(a * 0.1),
                        escape(text),
                    );
                }
                Swatch::Symbol(sym, c) => {
                    self.symbol(*sym, c, mx, cy, tf * 0.55);
                }
                Swatch::Feature(name) => {
                    self.feature_glyph(name, mx, cy, tf * 0.55);
                }
                Swatch::Place => {
                    self.place_marker(mx, cy, tf * 0.3);
                }
                Swatch::Heading => {}
            }
            self.text(bx + sw + tf * 0.6, ty, tf, " fill=\"#1a1a1a\"", &e.text);
        }
        self.w("</g>\n");
    }
}

/// The font size that fits `text` across a counter of side `a`, at most `max_ratio * a`.
fn fit_font(text: &str, a: f64, max_ratio: f64, bold: bool) -> f64 {
    let at_one = METRICS.text_width(text, 1.0, bold).max(0.1);
    (a * max_ratio).min(a * 0.86 / at_one)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terrain_colours_are_fixed_or_deterministic() {
        assert_eq!(terrain_colour("Clear"), terrain_colour("clear"));
        assert_ne!(terrain_colour("forest"), terrain_colour("swamp"));
        assert_eq!(terrain_colour("jungle"), terrain_colour("forest"));
        let c = terrain_colour("lava fields");
        assert_eq!(c, terrain_colour("lava fields"));
        assert_eq!(c.len(), 7);
        assert!(c.starts_with('#'));
    }

    #[test]
    fn counter_text_fits() {
        for text in ["1", "US-7-17", "J-16-9-something"] {
            let a = 30.0;
            let f = fit_font(text, a, 0.36, true);
            assert!(METRICS.text_width(text, f, true) <= a * 0.86 + 1e-9);
        }
    }
}
