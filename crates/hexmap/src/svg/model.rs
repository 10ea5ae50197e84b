//! What a drawing is made of, as data: its [`Style`], the overlays an engine adds to the map
//! (shades, highlights, paths, outlines, counters and their badges, marks) and the swatches of
//! the legend. [`MapDrawing`](crate::svg::MapDrawing) collects them; the renderer draws them.

use std::fmt::Write as _;

use wargame_kit::svg::{Metrics, escape};

use crate::map::HexMap;

/// The metrics of the drawings' `font-family` (Helvetica, Arial, ...).
pub(super) const METRICS: Metrics = Metrics::Helvetica;

/// Hex size (centre to corner, in pixels) of [`Style::default`].
pub const DEFAULT_HEX_SIZE: f64 = 32.0;

/// The smallest font (pixels) [`Style::fit`] lets a hex number, a counter's id or its rating
/// have at the picture's own size.
pub const READABLE_FONT: f64 = 9.0;

/// The hex size (pixels, centre to corner) of [`Style::fit`]: hex numbers, and the ids and
/// ratings of up to four stacked counters, are at least [`READABLE_FONT`] at the picture's own
/// size.
pub const READABLE_HEX_SIZE: f64 = 60.0;

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
    /// [`READABLE_FONT`] pixels. A large map makes a large picture; [`MapDrawing::crop`](crate::svg::MapDrawing::crop) draws
    /// the part that matters.
    ///
    /// ```
    /// use hexmap::svg::{READABLE_FONT, Style};
    /// use hexmap::{Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("A", Layout::column_row(Orientation::Flat, 1..=2, 1..=2)).build().unwrap();
    /// assert!(Style::fit(&map).label_font >= READABLE_FONT);
    /// ```
    pub fn fit(_map: &HexMap) -> Style {
        Style::sized(READABLE_HEX_SIZE)
    }
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

/// How [`MapDrawing::shade`](crate::svg::MapDrawing::shade) covers hexes: a diagonal hatch or a light tint, no outline.
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

/// How [`MapDrawing::outline`](crate::svg::MapDrawing::outline) draws the boundary of a region of hexes: a line along every
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
pub(super) fn meta(layer: Option<&str>, default: &str, keys: &[String]) -> String {
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
    /// A box as [`MapDrawing::highlight`](crate::svg::MapDrawing::highlight) draws a hex.
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
    /// A line with an arrowhead, as [`MapDrawing::path`](crate::svg::MapDrawing::path) draws it.
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

/// One line of the legend: a swatch and its text.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LegendEntry {
    pub(super) swatch: Swatch,
    pub(super) text: String,
}
