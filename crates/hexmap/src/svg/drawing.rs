//! The drawing an engine builds: [`MapDrawing`], the map with its overlays (written by the
//! renderer), and where its hexes are (`Frame`, in hex-size units, oriented as printed).

use crate::coord::Hex;
use crate::layout::{Compass, Orientation};
use crate::map::HexMap;
use crate::position::ZocLayer;

use super::model::{Counter, Highlight, LegendEntry, Mark, Outline, Route, Shade, Style, Swatch};

fn sqrt3() -> f64 {
    3f64.sqrt()
}

/// Where hexes are drawn: centres in hex-size units, and the bounding box.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) min_x: f64,
    pub(super) min_y: f64,
    pub(super) width: f64,
    pub(super) height: f64,
}

impl Frame {
    /// The centre of a hex in hex-size units, oriented as printed (y grows down).
    pub(super) fn unit_centre(map: &HexMap, hex: Hex) -> (f64, f64) {
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
    pub(super) fn half(map: &HexMap) -> (f64, f64) {
        match map.layout().orientation {
            Orientation::Flat => (1.0, sqrt3() / 2.0),
            Orientation::Pointy => (sqrt3() / 2.0, 1.0),
        }
    }

    /// Every hex inside the extents (holes too).
    pub(super) fn extent_hexes(map: &HexMap) -> impl Iterator<Item = Hex> + '_ {
        let layout = map.layout();
        layout.labels().filter_map(|l| layout.label_to_hex(l))
    }

    pub(super) fn of(map: &HexMap) -> Frame {
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
    pub(super) fn around<I: IntoIterator<Item = Hex>>(map: &HexMap, hexes: I) -> Option<Frame> {
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
    pub(super) fn near(&self, (x, y): (f64, f64)) -> bool {
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
    pub(super) map: &'m HexMap,
    pub(super) style: Style,
    pub(super) frame: Frame,
    pub(super) title: Option<String>,
    pub(super) captions: Vec<String>,
    pub(super) areas: Option<Vec<String>>,
    pub(super) area_labels: Vec<(String, String)>,
    pub(super) map_legend: bool,
    pub(super) shades: Vec<(Hex, Shade)>,
    pub(super) highlights: Vec<(Hex, Highlight)>,
    pub(super) paths: Vec<(Vec<Hex>, Route)>,
    pub(super) outlines: Vec<(Vec<Hex>, Outline)>,
    pub(super) counters: Vec<(Hex, Counter)>,
    pub(super) marks: Vec<(Hex, Mark)>,
    pub(super) legend: Vec<LegendEntry>,
    pub(super) cropped: bool,
    pub(super) focus: Option<Frame>,
    pub(super) legend_below: bool,
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
    /// use hexmap::svg::MapDrawing;
    /// use hexmap::{Compass, Layout, MapBuilder, Orientation};
    /// let map = MapBuilder::new("Grid", Layout::column_row(Orientation::Flat, 1..=20, 1..=20).with_growth(Compass::South, Compass::East))
    ///     .build()
    ///     .unwrap();
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
    /// # use hexmap::{Compass, Layout, MapBuilder, Orientation, svg::MapDrawing};
    /// # let map = MapBuilder::new("Grid", Layout::column_row(Orientation::Flat, 1..=20, 1..=20).with_growth(Compass::South, Compass::East))
    /// #     .build()
    /// #     .unwrap();
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

    /// The areas outlined: those [`MapDrawing::areas`] names, or every area of the map.
    pub(super) fn outlined_areas(&self) -> Vec<&'m crate::map::Area> {
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

    /// An area's outline colour: the style's colours in turn, by the area's place in the map.
    pub(super) fn area_colour(&self, key: &str) -> String {
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
}
