//! The legend: the engine's entries, then the map's own (terrain, roads and hexsides, features,
//! named places, areas), its size, and how each entry's swatch is drawn.

use std::fmt::Write as _;

use petgraph::visit::{EdgeRef, IntoEdgeReferences};
use wargame_kit::svg::{escape, num};

use super::drawing::{Frame, MapDrawing};
use super::glyphs::{self, terrain_colour};
use super::model::{LegendEntry, METRICS, Style, Swatch};

/// The width and height of a legend of these entries, at text font `tf`.
pub(super) fn size(entries: &[LegendEntry], tf: f64) -> (f64, f64) {
    let row = tf * 1.65;
    let swatch_w = tf * 2.4;
    let w = entries
        .iter()
        .map(|e| match e.swatch {
            Swatch::Heading => METRICS.text_width(&e.text, tf, true),
            _ => swatch_w + tf * 0.6 + METRICS.text_width(&e.text, tf, false),
        })
        .fold(0.0, f64::max)
        + tf * 1.2;
    let h = entries.len() as f64 * row + tf * 0.8;
    (w, h)
}

fn entry(swatch: Swatch, text: impl Into<String>) -> LegendEntry {
    LegendEntry {
        swatch,
        text: text.into(),
    }
}

impl MapDrawing<'_> {
    /// The legend's entries: the engine's, then the map's own unless left out.
    pub(super) fn legend_entries(&self) -> Vec<LegendEntry> {
        let mut entries = self.legend.clone();
        if self.map_legend {
            entries.extend(self.map_legend_entries());
        }
        entries
    }

    /// The map's own legend entries: its terrain, then (under `Map`) what else it shows.
    pub(super) fn map_legend_entries(&self) -> Vec<LegendEntry> {
        let mut out = self.terrain_entries();
        let mut map_entries = self.hexside_entries();
        map_entries.extend(self.named_entries());
        if !map_entries.is_empty() {
            out.push(entry(Swatch::Heading, "Map"));
            out.extend(map_entries);
        }
        out
    }

    /// The terrain types some hex has, and the holes when there are any.
    fn terrain_entries(&self) -> Vec<LegendEntry> {
        let map = self.map;
        let mut out = vec![entry(Swatch::Heading, "Terrain")];
        let mut used = vec![false; map.terrain_names().len()];
        for h in map.hexes() {
            if let Some(u) = used.get_mut(usize::from(h.terrain)) {
                *u = true;
            }
        }
        for (name, used) in map.terrain_names().iter().zip(used) {
            if used {
                out.push(entry(Swatch::Fill(terrain_colour(name)), name.clone()));
            }
        }
        let holes = Frame::extent_hexes(map).any(|h| !map.contains(h));
        if let (true, Some(c)) = (holes, &self.style.holes) {
            out.push(entry(Swatch::Fill(c.clone()), "not on the map (sea)"));
        }
        out
    }

    /// Roads, trails, hexsides that block ZOC and impassable ones, those the map has.
    fn hexside_entries(&self) -> Vec<LegendEntry> {
        let map = self.map;
        let style = &self.style;
        let any = |f: fn(&crate::Hexside) -> bool| map.edge_references().any(|e| f(e.weight()));
        let line = |colour: &String, width: f64, dashed: bool| Swatch::Line {
            colour: colour.clone(),
            width,
            dashed,
        };
        let mut out = Vec::new();
        if any(|w| w.road) {
            out.push(entry(line(&style.road, 3.0, false), "road"));
        }
        if any(|w| w.trail) {
            out.push(entry(line(&style.trail, 2.0, true), "trail"));
        }
        if any(|w| w.blocks_zoc) {
            let swatch = line(&style.blocks_zoc, 3.5, false);
            out.push(entry(swatch, "hexside blocks ZOC"));
        }
        if any(|w| w.impassable) {
            let swatch = line(&style.impassable, 5.0, false);
            out.push(entry(swatch, "impassable hexside"));
        }
        out
    }

    /// The features some hex has, named places, and the areas outlined.
    fn named_entries(&self) -> Vec<LegendEntry> {
        let map = self.map;
        let mut out = Vec::new();
        for (feature, f) in map.hex_features() {
            if !map.hexes_with(feature).is_empty() {
                out.push(entry(Swatch::Feature(f.to_string()), f));
            }
        }
        if !map.places().is_empty() {
            out.push(entry(Swatch::Place, "named place"));
        }
        for a in self.outlined_areas() {
            let text = self
                .area_labels
                .iter()
                .find(|(k, _)| *k == a.key)
                .map_or_else(|| a.name.clone(), |(_, t)| t.clone());
            out.push(entry(Swatch::Outline(self.area_colour(&a.key)), text));
        }
        out
    }
}

/// Where a swatch is drawn: its box (left, top, width, height), the middle of its row and
/// the middle of the box.
#[derive(Clone, Copy)]
struct SwatchBox {
    bx: f64,
    by: f64,
    sw: f64,
    sh: f64,
    cy: f64,
    mx: f64,
}

/// The legend written into a picture (`out`), in its style, with the picture's hatch patterns
/// (one per colour, in order).
pub(super) struct Writer<'a> {
    pub(super) out: &'a mut String,
    pub(super) style: &'a Style,
    pub(super) hatches: &'a [String],
}

impl Writer<'_> {
    /// The legend in a box at (x, y), `w` by `h` ([`size`]): one entry a row, a heading in
    /// bold, every other entry its swatch and its text.
    pub(super) fn draw(&mut self, entries: &[LegendEntry], (x, y): (f64, f64), (w, h): (f64, f64)) {
        if entries.is_empty() {
            return;
        }
        let tf = self.style.text_font;
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
                glyphs::text(
                    self.out,
                    left,
                    ty,
                    tf,
                    " font-weight=\"bold\" fill=\"#1a1a1a\"",
                    &e.text,
                );
                continue;
            }
            let (bx, by) = (left, cy - sh / 2.0);
            let b = SwatchBox {
                bx,
                by,
                sw,
                sh,
                cy,
                mx: bx + sw / 2.0,
            };
            self.swatch(&e.swatch, b);
            glyphs::text(
                self.out,
                bx + sw + tf * 0.6,
                ty,
                tf,
                " fill=\"#1a1a1a\"",
                &e.text,
            );
        }
        self.out.push_str("</g>\n");
    }

    /// One entry's swatch.
    fn swatch(&mut self, swatch: &Swatch, b: SwatchBox) {
        let tf = self.style.text_font;
        let SwatchBox { bx, by, sw, sh, .. } = b;
        match swatch {
            Swatch::Fill(c) => self.box_swatch(b, &escape(c)),
            Swatch::Hatch(c) => {
                self.box_swatch(b, &format!("url(#{})", glyphs::hatch_id(self.hatches, c)))
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
                self.line_swatch(b, colour, *width, dash);
            }
            Swatch::Arrow(c) => self.arrow_swatch(b, &escape(c)),
            Swatch::Counter { fill, text } => self.counter_swatch(b, fill, text),
            Swatch::Symbol(sym, c) => glyphs::symbol(self.out, *sym, c, b.mx, b.cy, tf * 0.55),
            Swatch::Feature(name) => glyphs::feature(self.out, name, b.mx, b.cy, tf * 0.55),
            Swatch::Place => glyphs::place_marker(self.out, b.mx, b.cy, tf * 0.3),
            Swatch::Heading => {}
        }
    }

    /// A box filled with `fill` (an escaped colour or a pattern), outlined like a hex.
    fn box_swatch(&mut self, b: SwatchBox, fill: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"{}\"/>",
            num(b.bx),
            num(b.by),
            num(b.sw),
            num(b.sh),
            escape(&self.style.hex_stroke)
        );
    }

    /// A line across the box (`dash`: its dash attribute, or nothing).
    fn line_swatch(&mut self, b: SwatchBox, colour: &str, width: f64, dash: &str) {
        let _ = writeln!(
            self.out,
            "<path d=\"M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"{dash}/>",
            num(b.bx + 2.0),
            num(b.cy),
            num(b.bx + b.sw - 2.0),
            num(b.cy),
            escape(colour),
            num(width)
        );
    }

    /// A line with an arrowhead across the box, in the escaped colour `c`.
    fn arrow_swatch(&mut self, b: SwatchBox, c: &str) {
        let SwatchBox { bx, sw, cy, .. } = b;
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

    /// A small counter in the middle of the box: its fill, and a bar of its text colour.
    fn counter_swatch(&mut self, b: SwatchBox, fill: &str, text: &str) {
        let SwatchBox { sh, cy, mx, .. } = b;
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
}
