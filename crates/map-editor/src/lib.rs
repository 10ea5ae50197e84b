//! The map editor for [`hexmap`] maps: one self-contained HTML page to transcribe a printed map
//! or a VASSAL board into a map file, and the layout that numbers a picture's hex centres
//! ([`fit()`]).
//!
//! The page ([`page`]) shows the map's grid over a picture (a scan or a photo, embedded as a
//! `data:` URL), aligned by clicking the centres of two or three hexes whose labels are known
//! (or exactly, from reference points a caller computed, [`AlignPoint`]); terrain is painted by
//! brush, rectangle or flood fill, roads, trails and the map's own hexside features by dragging
//! across hexes, and hex features, places and areas by clicking. The work is kept in the
//! browser's local storage; **Export** writes the map in the one form
//! [`hexmap::canonical::canonical_toml`] writes, so that exporting twice gives the same bytes
//! and a page opened on the export goes on with the work. The page checks nothing a map file
//! could get wrong beyond what it prevents (a hexside feature between hexes that are not
//! neighbours cannot be drawn): the checks are [`HexMap::from_toml_str`]'s.
//!
//! # Example
//! ```
//! use hexmap::HexMap;
//! let map = HexMap::from_toml_str(r#"
//! name = "Four"
//! [layout]
//! orientation = "flat"
//! label = "column-row"
//! rows = [1, 2]
//! columns = [1, 2]
//! shifted = "odd"
//! rows_grow = "south"
//! columns_grow = "east"
//! "#, None).unwrap();
//! let html = map_editor::page(&map, None, &[]).unwrap();
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("\"name\":\"Four\""));
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod error;
mod fit;
mod geometry;
mod json;
mod model;
mod tables;

pub use error::EditorError;
pub use fit::{FitError, fit};
pub use geometry::{AlignPoint, grid_position};
pub use model::model_json;

use hexmap::HexMap;

/// A picture to trace from: PNG or JPEG bytes, embedded in the page as a `data:` URL.
///
/// # Example
/// ```
/// let jpeg = map_editor::Image::from_bytes(vec![0xff, 0xd8, 0xff, 0xe0]).unwrap();
/// assert!(jpeg.data_url().starts_with("data:image/jpeg;base64,"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    mime: &'static str,
    bytes: Vec<u8>,
}

impl Image {
    /// The picture, its kind told by its first bytes (PNG or JPEG).
    ///
    /// # Example
    /// ```
    /// use map_editor::Image;
    /// assert!(Image::from_bytes(b"\x89PNG\r\n\x1a\n....".to_vec()).is_ok());
    /// assert!(Image::from_bytes(b"GIF89a".to_vec()).is_err());
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Image, EditorError> {
        let mime = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            "image/png"
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            "image/jpeg"
        } else {
            return Err(EditorError::NotAnImage);
        };
        Ok(Image { mime, bytes })
    }

    /// The picture as a `data:` URL.
    ///
    /// # Example
    /// ```
    /// let png = map_editor::Image::from_bytes(b"\x89PNG\r\n\x1a\n".to_vec()).unwrap();
    /// assert_eq!(png.data_url(), "data:image/png;base64,iVBORw0KGgo=");
    /// ```
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.mime, base64(&self.bytes))
    }
}

/// The page's script, one file a concern, in the order the page runs them; each uses only those
/// before it. The files are joined inside one function, so that nothing but `window.editor` is
/// global:
///
/// - `embedded`: the JSON written into the page (below), and the helpers every part uses;
/// - `storage`: the work and the alignment kept in the browser;
/// - `geometry`: labels, neighbours (the steps of [`tables`]), centres, picking, of any layout;
/// - `model`: the map being edited, in tables by slot; `canonical`: its export,
///   [`hexmap::canonical::canonical_toml`] step for step;
/// - `alignment`, `draw`, `view`: the grid on the picture, drawn, panned and zoomed;
/// - `edits`, `tools`: changes, strokes, undo, what each tool does;
/// - `legend`, `panel`, `pointer`, `main`: the panel, the pointer, the keys, the start.
const SCRIPT: [&str; 14] = [
    include_str!("page/embedded.js"),
    include_str!("page/storage.js"),
    include_str!("page/geometry.js"),
    include_str!("page/model.js"),
    include_str!("page/canonical.js"),
    include_str!("page/alignment.js"),
    include_str!("page/draw.js"),
    include_str!("page/view.js"),
    include_str!("page/edits.js"),
    include_str!("page/tools.js"),
    include_str!("page/legend.js"),
    include_str!("page/panel.js"),
    include_str!("page/pointer.js"),
    include_str!("page/main.js"),
];

/// The editor page for `map`, over `image` if given, aligned on `align` if given (else the
/// page aligns by clicks, or keeps the alignment it stored). The same input always gives the
/// same bytes.
///
/// Beside the map ([`model_json`]) and the picture, the page holds two tables Rust computes so
/// that the page does not: the steps from a hex to its neighbours, from the hex crate's
/// [`Layout`](hexmap::Layout), for every orientation and shifted parity (so they hold for any layout the page's
/// Layout form applies), and the canonical form's constants.
///
/// # Example
/// ```
/// let map = hexmap::MapBuilder::new(
///     "One <hex>",
///     hexmap::Layout::row_column(hexmap::Orientation::Pointy, 1..=1, 1..=1),
/// )
/// .build()
/// .unwrap();
/// let html = map_editor::page(&map, None, &[]).unwrap();
/// assert!(html.contains("<title>Map editor: One &lt;hex&gt;</title>"));
/// assert!(html.contains("\"name\":\"One \\u003chex\\u003e\""));
/// ```
pub fn page(
    map: &HexMap,
    image: Option<&Image>,
    align: &[AlignPoint],
) -> Result<String, EditorError> {
    let model = model_json(map, align)?;
    let image = image.map(Image::data_url).unwrap_or_default();
    let title = html_escape(map.name());
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Map editor: {title}</title>\n<style>\n{css}</style>\n</head>\n<body>\n{body}\
         <script type=\"application/json\" id=\"model\">{model}</script>\n\
         <script type=\"application/json\" id=\"picture\">{picture}</script>\n\
         <script type=\"application/json\" id=\"geometry\">{geometry}</script>\n\
         <script type=\"application/json\" id=\"form\">{form}</script>\n\
         <script>\n// The map editor (map_editor::page): the map's grid over a picture, painted by hand, \
         exported as\n// the map TOML in its canonical form (the same bytes as \
         hexmap::canonical::canonical_toml).\n'use strict';\n(() => {{\n{js}}})();\n</script>\n\
         </body>\n</html>\n",
        css = include_str!("page.css"),
        body = include_str!("page.html"),
        picture = json::to_script_json(&image),
        geometry = tables::geometry_json(),
        form = tables::form_json(),
        js = SCRIPT.join("\n"),
    ))
}

/// Text for HTML (`&`, `<`, `>`, `"` escaped).
fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(A[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

// The crate README's examples run as doctests, so what crates.io shows cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    #[test]
    fn base64_pads() {
        assert_eq!(super::base64(b"Ma"), "TWE=");
        assert_eq!(super::base64(b"M"), "TQ==");
        assert_eq!(super::base64(b"Man"), "TWFu");
        assert_eq!(super::base64(b""), "");
    }
}
