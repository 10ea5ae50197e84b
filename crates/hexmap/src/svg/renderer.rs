//! The renderer: a [`MapDrawing`] written as SVG ([`MapDrawing::finish`], up to
//! [`MAX_DRAWN_HEXES`] hexes), layer by layer (terrain, shades and highlights, the map's roads,
//! hexsides and areas, outlines and paths, labels, features and place names, counters, tags,
//! marks), then the legend.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use petgraph::visit::{EdgeRef, IntoEdgeReferences};
use wargame_kit::svg::{escape, num};

use crate::coord::{Direction, Hex};
use crate::layout::Orientation;

use super::drawing::{Frame, MapDrawing};
use super::glyphs;
use super::legend;
use super::model::{Anchor, Counter, Highlight, METRICS, Swatch, meta};

impl MapDrawing<'_> {
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

/// Where things sit in a hex: see [`Renderer::zones`].
struct Zones {
    label_y: f64,
    side_x: f64,
    upper_y: f64,
    lower_y: f64,
}

/// The picture being written: the drawing, the SVG so far, the hex size, where the map area
/// starts in the picture, and the colours of the hatch patterns.
pub(super) struct Renderer<'a, 'm> {
    pub(super) d: &'a MapDrawing<'m>,
    pub(super) out: String,
    pub(super) s: f64,
    /// Offset of the map area in the picture.
    pub(super) ox: f64,
    pub(super) oy: f64,
    pub(super) hatches: Vec<String>,
}

/// The size of the picture and where its legend goes.
struct Page {
    width: f64,
    height: f64,
    legend_x: f64,
    legend_y: f64,
}

impl<'a, 'm> Renderer<'a, 'm> {
    pub(super) fn new(d: &'a MapDrawing<'m>) -> Self {
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

    pub(super) fn hatch_id(&self, colour: &str) -> String {
        glyphs::hatch_id(&self.hatches, colour)
    }

    /// Whether a hex is drawn: always, unless the picture is cropped and the hex lies more
    /// than a hex beyond the crop.
    pub(super) fn shown(&self, hex: Hex) -> bool {
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
    pub(super) fn c(&self, hex: Hex) -> (f64, f64) {
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

    pub(super) fn w(&mut self, text: &str) {
        self.out.push_str(text);
    }

    pub(super) fn text(&mut self, x: f64, y: f64, size: f64, attrs: &str, text: &str) {
        glyphs::text(&mut self.out, x, y, size, attrs, text);
    }

    /// Write the picture: its size, title, hatch patterns, background and header, the map
    /// layer by layer, then the legend.
    pub(super) fn render(mut self) -> String {
        let (map_w, map_h) = self.d.map_size();
        let margin = self.d.style.margin;
        let tf = self.d.style.text_font;
        let (header_w, header_h) = self.header_size();
        let entries = self.d.legend_entries();
        let (legend_w, legend_h) = legend::size(&entries, tf);
        let legend_box = if entries.is_empty() {
            (0.0, 0.0, 0.0)
        } else {
            (tf * 1.5, legend_w, legend_h)
        };
        let page = self.page((map_w, map_h), (header_w, header_h), legend_box);
        self.ox = margin;
        self.oy = margin + header_h;
        self.open(&page, map_w, map_h);
        self.map_layers();
        self.w("</g>\n");
        let mut writer = legend::Writer {
            out: &mut self.out,
            style: &self.d.style,
            hatches: &self.hatches,
        };
        writer.draw(
            &entries,
            (page.legend_x, page.legend_y),
            (legend_w, legend_h),
        );
        self.w("</svg>\n");
        self.out
    }

    /// The header's width and height: the title, then the caption lines.
    fn header_size(&self) -> (f64, f64) {
        let st = &self.d.style;
        let tf = st.text_font;
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
        (header_w, header_h)
    }

    /// The picture's size, with the map (`map_w`, `map_h`), the header (`header_w`,
    /// `header_h`) and the legend (the gap before it, its width and height: nothing when it
    /// has no entries) to the right of the map or under it.
    fn page(
        &self,
        (map_w, map_h): (f64, f64),
        (header_w, header_h): (f64, f64),
        (gap, legend_box_w, legend_box_h): (f64, f64, f64),
    ) -> Page {
        let margin = self.d.style.margin;
        if self.d.legend_below {
            let width =
                (margin * 2.0 + map_w.max(legend_box_w)).max(margin * 2.0 + header_w.ceil());
            let height = margin * 2.0 + header_h + map_h + gap + legend_box_h;
            Page {
                width,
                height,
                legend_x: margin,
                legend_y: margin + header_h + map_h + gap,
            }
        } else {
            let width =
                (margin * 2.0 + map_w + gap + legend_box_w).max(margin * 2.0 + header_w.ceil());
            let height = margin * 2.0 + header_h + map_h.max(legend_box_h);
            Page {
                width,
                height,
                legend_x: margin + map_w + gap,
                legend_y: margin + header_h,
            }
        }
    }

    /// The picture's start: the `<svg>` element with its size and focus, the title, the hatch
    /// patterns, the background and the header, and the map's group (clipped to a crop).
    fn open(&mut self, page: &Page, map_w: f64, map_h: f64) {
        let st = &self.d.style;
        let (width, height) = (page.width, page.height);
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
        self.header(st.margin);
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
    }

    /// The map's layers, bottom first.
    fn map_layers(&mut self) {
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
            .map(|t| glyphs::terrain_colour(t))
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
                glyphs::feature(
                    &mut self.out,
                    name,
                    x + dx * self.s,
                    y + dy * self.s,
                    self.s * 0.16,
                );
                k += 1;
            }
            if places.iter().any(|p| p.hex == info.hex) {
                let (dx, dy) = self.anchor(slots[k.min(slots.len() - 1)]);
                glyphs::place_marker(
                    &mut self.out,
                    x + dx * self.s,
                    y + dy * self.s,
                    self.s * 0.09,
                );
            }
        }
        self.w("</g>\n");
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
            glyphs::symbol(&mut self.out, b.symbol, &b.colour, bx, y0, r);
        }
        self.w("</g>\n");
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
            glyphs::symbol(
                &mut self.out,
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
    fn counter_text_fits() {
        for text in ["1", "US-7-17", "J-16-9-something"] {
            let a = 30.0;
            let f = fit_font(text, a, 0.36, true);
            assert!(METRICS.text_width(text, f, true) <= a * 0.86 + 1e-9);
        }
    }
}
