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
//! use hexmap::svg::{Counter, Highlight, MapDrawing, Route, Swatch};
//! use hexmap::{Layout, MapBuilder, Orientation};
//!
//! let map = MapBuilder::new("Nine hexes in a line", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
//!     .place("Roadhead", "1006")
//!     .area("beach", "Beach", ["1009"])
//!     .road(["1006", "1007", "1008", "1009"])
//!     .build()
//!     .unwrap();
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

mod drawing;
mod glyphs;
mod legend;
mod model;
pub(crate) mod renderer;

pub use drawing::MapDrawing;
pub use glyphs::terrain_colour;
pub use model::{
    Anchor, Badge, Counter, DEFAULT_HEX_SIZE, Highlight, Mark, Outline, READABLE_FONT,
    READABLE_HEX_SIZE, Route, Shade, Style, Swatch, Symbol, key_token,
};
