//! A [`Report`] drawn as SVG (feature `svg`): the VP track the way the engine placed the marker.
//!
//! [`render`] draws, top to bottom:
//!
//! - a title with the check (seasonal 0.1 or Final 0.3), the War State and the turn, a
//!   subtitle with the game, the track's name and the Current Strategic Value, and the rules
//!   options in force that are not the defaults, each with its ruling;
//! - a banner with the automatic victory (0.2) or the result, when there is one;
//! - the VP track as printed: one box per track box, left to right, each with its VP and the CSV
//!   ranges of both faces (Rising Sun on top, Allied Crusade below; the 0 box "keeps side"). The
//!   range the CSV fell in is outlined under a `CSV +3` tag. Below the ranges each box holds its
//!   counters: the VP marker on its face (a red sun disc marked `RS`, or a blue star marked `AC`),
//!   its position before the check drawn faintly with an arrow to the new one, and the Japanese
//!   Mandate (`JM`) and Hakko Ichiu (`HI`) markers. A dashed line marks the Japanese Mandate cap
//!   when it held the marker back;
//! - a sentence saying where the marker was before the check and how it got where it is (0.1.2,
//!   or the 0.2 (c) exception, or play stopped);
//! - the Current Strategic Value term by term (rule, value, the hexes behind it with who
//!   controls them and why, the hexes left out) with its total, beside the outcome: automatic
//!   victory, the VP per side part by part and the winner at a Final check, and the margins;
//! - in the combined game (0.4), both maps: their VP with Bonus VPs and the Allies' per-map cap,
//!   where each VP comes from, each map's automatic victory and whether play on it stopped, the
//!   totals and the result;
//! - every Strategic Hex the check considered: whose it is, who controls it and why, what it
//!   adds to the CSV (0 included) and why;
//! - the report's notes.
//!
//! Everything the text report (`Report`'s `Display`) says is in the picture's text. The
//! picture reads the report's values and takes its sentences from the crate's words, in the
//! phrases the text report shares; this module only places them.
//!
//! The picture is [`WIDTH`] pixels wide; its height follows the content. Text is wrapped by an
//! estimate of its width in DejaVu Sans / Verdana (the fonts asked for), so lines do not run
//! into each other. The output is deterministic: the same state and report give byte-identical
//! SVG (coordinates have at most one decimal; everything is drawn in track or report order). All
//! text is escaped for XML; nothing outside the file is referenced.
//!
//! ```
//! use asia_engulfed_victory::options::Rules;
//! use asia_engulfed_victory::{State, score, svg};
//! use wargame_kit::resolve::NoResolver;
//!
//! let state = State::from_toml_str(r#"
//! game = "dai-senso"
//! check = "seasonal"
//! war_state = "limited-war"
//! current_esv = 0
//! vp_marker = { allied_crusade = "0" }
//! [strategic_warfare_box]
//! allied_collapse = 3
//! "#, Some("state.toml"), &NoResolver).unwrap();
//! let report = score(&state, &Rules::default());
//! let picture = svg::render(&state, &report);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("CSV +3"));
//! assert_eq!(picture, svg::render(&state, &report));
//! ```

use std::fmt::Write as _;

use wargame_kit::svg::{
    Canvas, Font, Metrics, Rect, TextAnchor, escape, num_short, two_lines, wrap, wrap_items,
};

use crate::csv::CsvTerm;
use crate::model::{MarkerSide, Side, State};
use crate::report::Report;
use crate::track::{BoxRanges, TrackCell, VpBox, VpTrack};
use crate::victory::{Combined, Effect, GameMap, MapResult, MarkerReport, PlacementBasis, SideVp};
use crate::words::picture::{self, Banner, range_text, signed};
use crate::words::{considered_why, control, counted, map_status, not_counted};

/// The picture's width in pixels.
pub const WIDTH: f64 = 1240.0;

/// The Rising Sun face, the Axis side and positive CSV terms.
pub const RISING_SUN: &str = "#c92a2a";
/// The Allied Crusade face, the Allied side and negative CSV terms.
pub const ALLIED_CRUSADE: &str = "#1c4e9c";
/// The Japanese Mandate counter.
pub const JAPANESE_MANDATE: &str = "#f2c14e";
/// The Hakko Ichiu counter.
pub const HAKKO_ICHIU: &str = "#6741d9";

const RISING_SUN_LIGHT: &str = "#fdeaea";
const ALLIED_CRUSADE_LIGHT: &str = "#e6edf9";
const KEEP_LIGHT: &str = "#eef0f2";
const AUTOMATIC_VICTORY_LIGHT: &str = "#fff3bf";
const HEADER_LIGHT: &str = "#f8f9fa";
const INK: &str = "#212529";
const MUTED: &str = "#495057";
const FAINT: &str = "#868e96";
const RULE_LINE: &str = "#adb5bd";
const BOX_LINE: &str = "#343a40";
const ARROW: &str = "#343a40";
const CAP_LINE: &str = "#a0522d";
const NEUTRAL_BANNER: &str = "#495057";

const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Geneva, sans-serif";

const MARGIN: f64 = 24.0;
const GUTTER: f64 = 128.0;
const BOX_GAP: f64 = 10.0;
const MAX_BOX_WIDTH: f64 = 230.0;
const CALLOUT_H: f64 = 36.0;
const HEADER_H: f64 = 46.0;
const RANGE_H: f64 = 46.0;
const MARKER_AREA_H: f64 = 104.0;
const COUNTER_AREA_H: f64 = 88.0;
const COLUMN_GAP: f64 = 36.0;
const LEFT_W: f64 = 640.0;

/// Draw the VP track with the marker where `report` put it, the CSV that put it there and the
/// outcome, as a standalone SVG document.
///
/// `report` should be `score(state, ...)`: the track, the Japanese Mandate and Hakko Ichiu
/// boxes and the game come from `state`, everything else from `report`. In a hand-built state
/// that fails [`State::validate`], a Japanese Mandate or Hakko Ichiu marker in a box the track
/// does not know is left out, and the VP marker is drawn in the box of the report's index (it
/// is always drawn exactly once).
pub fn render(state: &State, report: &Report) -> String {
    let mut c = Canvas::new();
    let mut y = MARGIN;
    y = title(&mut c, state, report, y);
    y = banner(&mut c, state, report, y);
    y = track(&mut c, state, report, y);
    y = placement(&mut c, state, report, y);
    let right_x = MARGIN + LEFT_W + COLUMN_GAP;
    let right_w = WIDTH - MARGIN - right_x;
    let left_end = csv_column(&mut c, report, MARGIN, LEFT_W, y);
    let right_end = outcome_column(&mut c, state, report, right_x, right_w, y);
    y = left_end.max(right_end);
    if let Some(comb) = &report.combined {
        y = combined_section(&mut c, state, report, comb, y + 10.0);
    }
    y = considered_section(&mut c, report, y);
    y = notes(&mut c, report, y);
    let height = (y + MARGIN).ceil();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}" role="img">"#,
        w = num_short(WIDTH),
        h = num_short(height),
    );
    let _ = writeln!(
        out,
        "<title>{}</title>",
        escape(&picture::heading(state, report))
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        num_short(WIDTH),
        num_short(height)
    );
    out.push_str(c.body());
    out.push_str("</svg>\n");
    out
}

// ---------------------------------------------------------------------------------------------
// Fonts.

/// The picture's text: `size` pixels of DejaVu Sans (the font asked for, whose metrics
/// estimate the widths), in ink, anchored at its start.
const fn sans(size: f64) -> Font {
    Font::new(Metrics::DejaVu, size, INK)
}

/// The smallest font size drawn: text is not shrunk below it, so that it stays readable.
const MIN_FONT: f64 = 11.0;

/// The font, shrunk (not below [`MIN_FONT`]) until every line fits in `width`.
fn fit(lines: &[&str], width: f64, font: Font) -> Font {
    font.fit(lines, width, MIN_FONT)
}

fn face_colour(side: MarkerSide) -> &'static str {
    match side {
        MarkerSide::RisingSun => RISING_SUN,
        MarkerSide::AlliedCrusade => ALLIED_CRUSADE,
    }
}

fn side_colour(side: Side) -> &'static str {
    match side {
        Side::Axis => RISING_SUN,
        Side::Allies => ALLIED_CRUSADE,
    }
}

fn value_colour(v: i64) -> &'static str {
    match v {
        0 => FAINT,
        v if v > 0 => RISING_SUN,
        _ => ALLIED_CRUSADE,
    }
}

/// The box's label on the track: `0`, `2 VP`, `Automatic Victory`, or its id.
fn box_label(b: &VpBox) -> (String, Option<String>) {
    match b.vp {
        None => ("Automatic Victory".to_string(), None),
        Some(0) if b.id == "0" => ("0".to_string(), None),
        Some(v) if v.to_string() == b.id => (format!("{v} VP"), None),
        Some(v) => (b.id.clone(), Some(format!("{v} VP"))),
    }
}

// ---------------------------------------------------------------------------------------------
// Title and banner.

fn title(c: &mut Canvas, state: &State, report: &Report, y: f64) -> f64 {
    let width = WIDTH - 2.0 * MARGIN;
    let font = sans(22.0).bold();
    let heading = picture::heading(state, report);
    let mut y = c.paragraph(MARGIN, y + 20.0, width, font, &heading);
    let sub = picture::subtitle(state, report);
    y = c.paragraph(MARGIN, y - 4.0, width, sans(14.0).fill(MUTED), &sub);
    if let Some(line) = picture::rules_options(report) {
        c.raw(r#"<g class="rules-options">"#);
        y = c.paragraph(
            MARGIN,
            y + 2.0,
            width,
            sans(14.0).bold().fill(CAP_LINE),
            &line,
        );
        c.raw("</g>");
    }
    y + 2.0
}

/// The banner under the title: the winner's emblem and colour, with what
/// [`picture::banner`] says.
fn banner(c: &mut Canvas, state: &State, report: &Report, y: f64) -> f64 {
    let Some(Banner {
        head,
        lines,
        winner,
    }) = picture::banner(state, report)
    else {
        return y;
    };
    let fill = winner.map_or(NEUTRAL_BANNER, side_colour);
    let x = MARGIN;
    let w = WIDTH - 2.0 * MARGIN;
    let icon = 64.0;
    let text_x = x + icon + 10.0;
    let text_w = w - icon - 24.0;
    let head_font = sans(15.0).bold().fill("#ffffff");
    let body_font = sans(15.0).fill("#ffffff");
    let wrapped: Vec<Vec<String>> = lines
        .iter()
        .map(|l| wrap(l, text_w, |s| body_font.width(s)))
        .collect();
    let n_lines: usize = wrapped.iter().map(Vec::len).sum();
    let h = (14.0 + head_font.line_height() + n_lines as f64 * body_font.line_height() + 8.0)
        .max(icon + 12.0);
    let top = y + 12.0;
    c.raw(r#"<g class="banner">"#);
    c.rect(Rect::new(x, top, w, h, fill).rounded(8.0));
    // The winner's emblem on a white disc, so the colour is not the only sign.
    let (cx, cy) = (x + 8.0 + icon / 2.0, top + h / 2.0);
    c.raw(&format!(
        r##"<circle cx="{}" cy="{}" r="{}" fill="#ffffff"/>"##,
        num_short(cx),
        num_short(cy),
        num_short(icon / 2.0 - 4.0)
    ));
    match winner {
        Some(Side::Axis) => sun(c, cx, cy, 14.0, RISING_SUN),
        Some(Side::Allies) => star(c, cx, cy, 19.0, ALLIED_CRUSADE),
        None => {}
    }
    let mut ty = top + 8.0 + head_font.size;
    c.text(text_x, ty, head_font, &head);
    ty += head_font.line_height();
    for group in &wrapped {
        for l in group {
            c.text(text_x, ty, body_font, l);
            ty += body_font.line_height();
        }
    }
    c.raw("</g>");
    top + h
}

// ---------------------------------------------------------------------------------------------
// Counters.

/// A sun disc with rays.
fn sun(c: &mut Canvas, cx: f64, cy: f64, r: f64, colour: &str) {
    let mut d = String::new();
    for k in 0..12 {
        let a = f64::from(k) * std::f64::consts::PI / 6.0;
        let (s, co) = a.sin_cos();
        let _ = write!(
            d,
            "M{},{}L{},{}",
            num_short(cx + co * r * 1.2),
            num_short(cy + s * r * 1.2),
            num_short(cx + co * r * 1.55),
            num_short(cy + s * r * 1.55)
        );
    }
    c.raw(&format!(
        r#"<path d="{d}" stroke="{colour}" stroke-width="{}" stroke-linecap="round"/>"#,
        num_short((r / 6.0).max(1.5))
    ));
    c.raw(&format!(
        r#"<circle cx="{}" cy="{}" r="{}" fill="{colour}"/>"#,
        num_short(cx),
        num_short(cy),
        num_short(r)
    ));
}

/// A five-pointed star.
fn star(c: &mut Canvas, cx: f64, cy: f64, r: f64, colour: &str) {
    let mut pts = Vec::new();
    for k in 0..10 {
        let a = -std::f64::consts::FRAC_PI_2 + f64::from(k) * std::f64::consts::PI / 5.0;
        let rr = if k % 2 == 0 { r } else { r * 0.42 };
        let (s, co) = a.sin_cos();
        pts.push(format!(
            "{},{}",
            num_short(cx + co * rr),
            num_short(cy + s * rr)
        ));
    }
    c.raw(&format!(
        r#"<polygon points="{}" fill="{colour}"/>"#,
        pts.join(" ")
    ));
}

/// The VP marker on `side`, centred at (`cx`, `cy`), `s` pixels square.
fn vp_counter(c: &mut Canvas, cx: f64, cy: f64, s: f64, side: MarkerSide) {
    let (x, y) = (cx - s / 2.0, cy - s / 2.0);
    match side {
        MarkerSide::RisingSun => {
            c.rect(
                Rect::new(x, y, s, s, "#ffffff")
                    .rounded(6.0)
                    .stroke(RISING_SUN, 3.0),
            );
            sun(c, cx, cy - s * 0.1, s * 0.2, RISING_SUN);
            c.text(
                cx,
                cy + s * 0.42,
                sans((s * 0.2).round().max(MIN_FONT))
                    .bold()
                    .fill(RISING_SUN)
                    .anchor(TextAnchor::Middle),
                "RS",
            );
        }
        MarkerSide::AlliedCrusade => {
            c.rect(
                Rect::new(x, y, s, s, ALLIED_CRUSADE)
                    .rounded(6.0)
                    .stroke("#0b2a5b", 3.0),
            );
            star(c, cx, cy - s * 0.1, s * 0.3, "#ffffff");
            c.text(
                cx,
                cy + s * 0.42,
                sans((s * 0.2).round().max(MIN_FONT))
                    .bold()
                    .fill("#ffffff")
                    .anchor(TextAnchor::Middle),
                "AC",
            );
        }
    }
}

/// A labelled marker counter (Japanese Mandate, Hakko Ichiu).
#[allow(clippy::too_many_arguments)]
fn label_counter(
    c: &mut Canvas,
    cx: f64,
    cy: f64,
    s: f64,
    fill: &str,
    ink: &'static str,
    short: &str,
    words: [&str; 2],
) {
    c.rect(
        Rect::new(cx - s / 2.0, cy - s / 2.0, s, s, fill)
            .rounded(6.0)
            .stroke(BOX_LINE, 1.5),
    );
    let big = sans((s * 0.3).round().max(MIN_FONT))
        .bold()
        .fill(ink)
        .anchor(TextAnchor::Middle);
    c.text(cx, cy - s * 0.08, big, short);
    let small = fit(
        &words,
        s - 6.0,
        sans((s * 0.16).round().max(MIN_FONT))
            .fill(ink)
            .anchor(TextAnchor::Middle),
    );
    c.text(cx, cy + s * 0.2, small, words[0]);
    c.text(cx, cy + s * 0.2 + small.line_height(), small, words[1]);
}

/// An arrow from (`x1`, `y`) to (`x2`, `y`).
fn arrow(c: &mut Canvas, x1: f64, x2: f64, y: f64) {
    let dir = if x2 >= x1 { 1.0 } else { -1.0 };
    let head = 10.0;
    let shaft_end = x2 - dir * head;
    c.line(
        (x1, y),
        (shaft_end, y),
        ARROW,
        3.0,
        r#"stroke-linecap="round""#,
    );
    c.raw(&format!(
        r#"<polygon points="{},{} {},{} {},{}" fill="{ARROW}"/>"#,
        num_short(x2),
        num_short(y),
        num_short(shaft_end),
        num_short(y - 6.0),
        num_short(shaft_end),
        num_short(y + 6.0)
    ));
}

// ---------------------------------------------------------------------------------------------
// The track.

/// Where the track is drawn: its boxes' left edge and width, and the tops of its rows.
struct TrackGeometry {
    x0: f64,
    w: f64,
    /// The top of the CSV tag, above the boxes.
    zone_top: f64,
    /// The top of the boxes: their headers, with the VP.
    top: f64,
    /// The top of the ranges: Rising Sun, then Allied Crusade.
    ranges_top: f64,
    /// The top of the VP marker's row.
    marker_top: f64,
    /// The top of the row of the Japanese Mandate and Hakko Ichiu markers.
    counters_top: f64,
    /// The bottom of the boxes.
    bottom: f64,
}

impl TrackGeometry {
    /// A track of `boxes` boxes drawn from `y` down, its markers' row `counters_h` high (0:
    /// none).
    fn new(boxes: usize, y: f64, counters_h: f64) -> TrackGeometry {
        let n = boxes.max(1);
        let avail = WIDTH - 2.0 * MARGIN - GUTTER;
        let w = ((avail - (n - 1) as f64 * BOX_GAP) / n as f64).min(MAX_BOX_WIDTH);
        let top = y + 8.0 + CALLOUT_H;
        let ranges_top = top + HEADER_H;
        let marker_top = ranges_top + 2.0 * RANGE_H;
        let counters_top = marker_top + MARKER_AREA_H;
        TrackGeometry {
            x0: MARGIN + GUTTER,
            w,
            zone_top: y + 8.0,
            top,
            ranges_top,
            marker_top,
            counters_top,
            bottom: counters_top + counters_h,
        }
    }

    fn left(&self, i: usize) -> f64 {
        self.x0 + i as f64 * (self.w + BOX_GAP)
    }

    fn centre(&self, i: usize) -> f64 {
        self.left(i) + self.w / 2.0
    }

    /// The size of a counter alone in a box.
    fn single(&self) -> f64 {
        (self.w - 24.0).clamp(24.0, 64.0)
    }

    /// The size of each of two counters side by side in a box.
    fn pair(&self) -> f64 {
        ((self.w - 30.0) / 2.0).clamp(24.0, 64.0)
    }
}

/// The row a cell's range is drawn in: 0 = Rising Sun, 1 = Allied Crusade, `None` = both.
fn row_of(side: Option<MarkerSide>) -> Option<usize> {
    match side {
        Some(MarkerSide::RisingSun) => Some(0),
        Some(MarkerSide::AlliedCrusade) => Some(1),
        None => None,
    }
}

/// The VP track: the row labels, the boxes, the CSV's range and tag, the Japanese Mandate cap,
/// the VP marker and the other markers. Returns the bottom of the boxes.
fn track(c: &mut Canvas, state: &State, report: &Report, y: f64) -> f64 {
    let t = &state.track;
    let boxes = t.boxes();
    let on_track = |id: &Option<String>| {
        id.as_deref()
            .and_then(|i| t.index_of(i))
            .filter(|&i| boxes[i].vp.is_some())
    };
    let jm = on_track(&state.japanese_mandate);
    let hi = on_track(&state.hakko_ichiu);
    let has_counters = jm.is_some() || hi.is_some();
    let counters_h = if has_counters { COUNTER_AREA_H } else { 0.0 };
    let g = TrackGeometry::new(boxes.len(), y, counters_h);

    c.raw(r#"<g class="vp-track">"#);
    gutter(c, &g);
    if has_counters {
        gutter_label(
            c,
            g.counters_top + COUNTER_AREA_H / 2.0 - 6.0,
            ["Markers", "on the track"],
            INK,
            MARGIN,
        );
    }
    for (i, b) in boxes.iter().enumerate() {
        draw_box(c, &g, i, b);
    }
    // The range the CSV fell in, and its tag.
    let cell = t.cell(report.csv.total);
    csv_callout(c, &g, state, report, cell);
    if report.vp_marker.capped_by_japanese_mandate
        && let Some(j) = jm
    {
        japanese_mandate_cap(c, &g, j);
    }
    vp_markers(c, &g, state, report, cell);
    track_markers(c, &g, jm, hi);
    c.raw("</g>");
    g.bottom
}

/// The dashed line right of the Japanese Mandate marker's box `j`, where it held the Rising Sun
/// marker back.
fn japanese_mandate_cap(c: &mut Canvas, g: &TrackGeometry, j: usize) {
    let x = g.left(j) + g.w + BOX_GAP / 2.0;
    c.line(
        (x, g.top - 6.0),
        (x, g.bottom + 4.0),
        CAP_LINE,
        4.0,
        r#"stroke-dasharray="9 5" class="japanese-mandate-cap""#,
    );
    c.text(
        x - 6.0,
        g.top - 10.0,
        sans(12.0).bold().fill(CAP_LINE).anchor(TextAnchor::End),
        "JM cap",
    );
}

/// Where the VP marker is drawn, and where it was before the check when it moved.
struct MarkerPlaces {
    /// The box it is in (`None`: none of the track's).
    index: Option<usize>,
    /// The x of its centre.
    x: Option<f64>,
    /// Where it was before the check (x, box), when it moved.
    ghost: Option<(f64, usize)>,
    /// It moved: another box or another face.
    moved: bool,
    /// It was and is in one box: the two are drawn side by side.
    shared: bool,
    /// The counters' size.
    size: f64,
}

impl MarkerPlaces {
    fn new(g: &TrackGeometry, t: &VpTrack, m: &MarkerReport) -> MarkerPlaces {
        // A hand-built state may name a box the track does not have: the report's index stands
        // in, so the marker is always drawn once.
        let index = t
            .index_of(&m.box_id)
            .or_else(|| (m.box_index < t.boxes().len()).then_some(m.box_index));
        let previous_index = t.index_of(&m.previous.box_id);
        let moved = previous_index != index || m.previous.side != m.side;
        let pair = g.pair();
        let mut x = index.map(|i| g.centre(i));
        let mut ghost: Option<(f64, usize)> = None;
        if moved && let Some(p) = previous_index {
            ghost = Some((g.centre(p), p));
        }
        if let (Some((gx, p)), Some(i), Some(mx)) = (ghost, index, x)
            && p == i
        {
            let off = pair / 2.0 + 7.0;
            ghost = Some((gx - off, p));
            x = Some(mx + off);
        }
        let shared = matches!((ghost, index), (Some((_, p)), Some(i)) if p == i);
        MarkerPlaces {
            index,
            x,
            ghost,
            moved,
            shared,
            size: if shared { pair } else { g.single() },
        }
    }
}

/// The VP marker where the report put it, with its face and how it got there; where it was
/// before the check, faintly, with an arrow to it; the 0.2 (c) exception's arrow.
fn vp_markers(c: &mut Canvas, g: &TrackGeometry, state: &State, report: &Report, cell: TrackCell) {
    let t = &state.track;
    let m = &report.vp_marker;
    let p = MarkerPlaces::new(g, t, m);
    let s = p.size;
    let marker_cy = g.marker_top + 12.0 + 32.0;
    let label_y = marker_cy + 32.0 + 16.0;
    let label_font = sans(12.0).fill(MUTED).anchor(TextAnchor::Middle);
    if let Some((gx, _)) = p.ghost {
        c.raw(&format!(
            r#"<g class="vp-marker-previous" opacity="0.35"><title>{}</title>"#,
            escape(&picture::previous_marker(t, m))
        ));
        vp_counter(c, gx, marker_cy, s, m.previous.side);
        c.raw("</g>");
        c.text(gx, label_y, label_font, "before");
    }
    let Some(mx) = p.x else {
        return;
    };
    if let Some((gx, _)) = p.ghost {
        let gap = 5.0;
        let (from, to) = if mx >= gx {
            (gx + s / 2.0 + gap, mx - s / 2.0 - gap)
        } else {
            (gx - s / 2.0 - gap, mx + s / 2.0 + gap)
        };
        arrow(c, from, to, marker_cy);
    }
    c.raw(&format!(
        r#"<g class="vp-marker" data-box="{}" data-side="{}"><title>{}</title>"#,
        escape(&m.box_id),
        m.side.key(),
        escape(&picture::marker(t, m, report.csv.total))
    ));
    vp_counter(c, mx, marker_cy, s, m.side);
    c.raw("</g>");
    // 0.2 (c): from the Automatic Victory box the CSV reached to the box the marker went to.
    if m.basis == PlacementBasis::CombinedGameException
        && let Some(i) = p.index
        && cell.box_index != i
        && cell.box_index < t.boxes().len()
    {
        exception_arrow(c, g.centre(cell.box_index), mx, s, marker_cy);
    }
    let label = if p.shared {
        "after".to_string()
    } else if !p.moved {
        format!("{} (stayed)", m.side.title())
    } else {
        m.side.title().to_string()
    };
    let f = fit(
        &[&label],
        g.w - 8.0,
        label_font.bold().fill(face_colour(m.side)),
    );
    c.text(mx, label_y, f, &label);
}

/// The 0.2 (c) exception: a dashed arrow at `y` from the box the CSV reached (centred on
/// `from`) to the marker (size `s`, centred on `mx`).
fn exception_arrow(c: &mut Canvas, from: f64, mx: f64, s: f64, y: f64) {
    let dir = if from > mx { 1.0 } else { -1.0 };
    let to = mx + dir * (s / 2.0 + 5.0);
    c.raw(r#"<g class="exception-arrow">"#);
    c.line(
        (from, y),
        (to + dir * 10.0, y),
        ARROW,
        2.5,
        r#"stroke-dasharray="7 5""#,
    );
    c.raw(&format!(
        r#"<polygon points="{},{} {},{} {},{}" fill="{ARROW}"/>"#,
        num_short(to),
        num_short(y),
        num_short(to + dir * 10.0),
        num_short(y - 6.0),
        num_short(to + dir * 10.0),
        num_short(y + 6.0)
    ));
    c.text(
        from,
        y - 10.0,
        sans(12.0).bold().fill(MUTED).anchor(TextAnchor::Middle),
        "0.2 (c)",
    );
    c.text(
        from,
        y + 20.0,
        sans(11.0).fill(MUTED).anchor(TextAnchor::Middle),
        "exception",
    );
    c.raw("</g>");
}

/// The Japanese Mandate and Hakko Ichiu markers in their boxes (side by side when in one).
fn track_markers(c: &mut Canvas, g: &TrackGeometry, jm: Option<usize>, hi: Option<usize>) {
    let counter_cy = g.counters_top + 8.0 + 32.0;
    let both_same = matches!((jm, hi), (Some(a), Some(b)) if a == b);
    let (s, off) = if both_same {
        (g.pair(), g.pair() / 2.0 + 7.0)
    } else {
        (g.single(), 0.0)
    };
    if let Some(j) = jm {
        c.raw(r#"<g class="japanese-mandate"><title>Japanese Mandate marker</title>"#);
        label_counter(
            c,
            g.centre(j) - off,
            counter_cy,
            s,
            JAPANESE_MANDATE,
            INK,
            "JM",
            ["Japanese", "Mandate"],
        );
        c.raw("</g>");
    }
    if let Some(h) = hi {
        c.raw(r#"<g class="hakko-ichiu"><title>Hakko Ichiu marker (scores nothing)</title>"#);
        label_counter(
            c,
            g.centre(h) + off,
            counter_cy,
            s,
            HAKKO_ICHIU,
            "#ffffff",
            "HI",
            ["Hakko", "Ichiu"],
        );
        c.raw("</g>");
    }
}

/// A row label in the gutter left of the boxes: a name in `colour` and a hint under it, from
/// `tx`, around `y_mid`.
fn gutter_label(c: &mut Canvas, y_mid: f64, [a, b]: [&str; 2], colour: &'static str, tx: f64) {
    let right = MARGIN + GUTTER - 12.0;
    let f = fit(&[a], right - tx, sans(13.0).bold().fill(colour));
    c.text(tx, y_mid - 2.0, f, a);
    c.text(
        tx,
        y_mid + 13.0,
        fit(&[b], right - tx, sans(11.0).fill(FAINT)),
        b,
    );
}

/// The labels of the boxes' rows, left of the boxes: the header, both faces' ranges, the VP
/// marker.
fn gutter(c: &mut Canvas, g: &TrackGeometry) {
    let x = MARGIN;
    let ranges_top = g.ranges_top;
    gutter_label(c, g.top + HEADER_H / 2.0, ["VP box", "scores"], INK, x);
    sun(c, x + 7.0, ranges_top + RANGE_H / 2.0, 5.0, RISING_SUN);
    gutter_label(
        c,
        ranges_top + RANGE_H / 2.0,
        ["Rising Sun", "CSV range"],
        RISING_SUN,
        x + 20.0,
    );
    star(
        c,
        x + 7.0,
        ranges_top + RANGE_H * 1.5 - 1.0,
        8.0,
        ALLIED_CRUSADE,
    );
    gutter_label(
        c,
        ranges_top + RANGE_H * 1.5,
        ["Allied Crusade", "CSV range"],
        ALLIED_CRUSADE,
        x + 20.0,
    );
    gutter_label(
        c,
        g.marker_top + MARKER_AREA_H / 2.0 - 6.0,
        ["VP marker", "before → after"],
        INK,
        x,
    );
}

/// Track box `i`: its header with the VP, its ranges, its outline.
fn draw_box(c: &mut Canvas, g: &TrackGeometry, i: usize, b: &VpBox) {
    let x = g.left(i);
    let w = g.w;
    let (top, bottom, ranges_top) = (g.top, g.bottom, g.ranges_top);
    let header_fill = if b.vp.is_none() {
        AUTOMATIC_VICTORY_LIGHT
    } else {
        HEADER_LIGHT
    };
    c.raw(&format!(
        r#"<g class="vp-box" data-box="{}">"#,
        escape(&b.id)
    ));
    c.rect(Rect::new(x, top, w, bottom - top, "#ffffff").rounded(4.0));
    c.rect(Rect::new(x, top, w, HEADER_H, header_fill));
    box_header(c, x, w, top, b);
    box_ranges(c, x, w, ranges_top, b);
    c.line((x, ranges_top), (x + w, ranges_top), BOX_LINE, 1.0, "");
    c.line(
        (x, ranges_top + 2.0 * RANGE_H),
        (x + w, ranges_top + 2.0 * RANGE_H),
        BOX_LINE,
        1.0,
        "",
    );
    c.rect(
        Rect::new(x, top, w, bottom - top, "none")
            .rounded(4.0)
            .stroke(BOX_LINE, 2.0),
    );
    c.raw("</g>");
}

/// A box's header, `w` wide from `x` at `top`: its VP (on two lines when too long), or its id
/// with the VP under it.
fn box_header(c: &mut Canvas, x: f64, w: f64, top: f64, b: &VpBox) {
    let (label, sub) = box_label(b);
    let big = sans(20.0).bold().anchor(TextAnchor::Middle);
    match sub {
        None => {
            if big.width(&label) <= w - 10.0 {
                c.text(x + w / 2.0, top + HEADER_H / 2.0 + 7.0, big, &label);
            } else {
                let lines = two_lines(&label, |s| big.size(16.0).width(s));
                let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
                let f = fit(&refs, w - 10.0, big.size(16.0));
                let lh = f.line_height();
                let first =
                    top + HEADER_H / 2.0 + f.size * 0.35 - (lines.len() as f64 - 1.0) * lh / 2.0;
                for (k, l) in lines.iter().enumerate() {
                    c.text(x + w / 2.0, first + k as f64 * lh, f, l);
                }
            }
        }
        Some(sub) => {
            let f = fit(&[&label], w - 10.0, big.size(16.0));
            c.text(x + w / 2.0, top + 20.0, f, &label);
            c.text(
                x + w / 2.0,
                top + 38.0,
                sans(12.0).fill(MUTED).anchor(TextAnchor::Middle),
                &sub,
            );
        }
    }
}

/// A box's CSV ranges, `w` wide from `x` at `ranges_top`: one for both faces (the 0 box keeps
/// side), or the Rising Sun range above the Allied Crusade one.
fn box_ranges(c: &mut Canvas, x: f64, w: f64, ranges_top: f64, b: &VpBox) {
    let range_font = sans(17.0).bold().anchor(TextAnchor::Middle);
    let (rising_sun, allied_crusade) = match b.ranges {
        BoxRanges::KeepsSide(r) => {
            c.rect(Rect::new(x, ranges_top, w, 2.0 * RANGE_H, KEEP_LIGHT));
            let text = range_text(r, None);
            let f = fit(&[&text], w - 12.0, range_font.fill(INK));
            c.text(x + w / 2.0, ranges_top + RANGE_H - 4.0, f, &text);
            let k = fit(
                &["keeps side"],
                w - 12.0,
                sans(13.0).italic().fill(MUTED).anchor(TextAnchor::Middle),
            );
            c.text(x + w / 2.0, ranges_top + RANGE_H + 16.0, k, "keeps side");
            return;
        }
        BoxRanges::Sides {
            rising_sun,
            allied_crusade,
        } => (rising_sun, allied_crusade),
    };
    for (row, r, light, ink, side) in [
        (
            0.0,
            rising_sun,
            RISING_SUN_LIGHT,
            RISING_SUN,
            MarkerSide::RisingSun,
        ),
        (
            1.0,
            allied_crusade,
            ALLIED_CRUSADE_LIGHT,
            ALLIED_CRUSADE,
            MarkerSide::AlliedCrusade,
        ),
    ] {
        let ry = ranges_top + row * RANGE_H;
        c.rect(Rect::new(x, ry, w, RANGE_H, light));
        let (text, font) = match r {
            Some(r) => (range_text(r, Some(side)), range_font.fill(ink)),
            None => (
                "none".to_string(),
                sans(13.0).italic().fill(FAINT).anchor(TextAnchor::Middle),
            ),
        };
        let f = fit(&[&text], w - 12.0, font);
        c.text(x + w / 2.0, ry + RANGE_H / 2.0 + f.size * 0.36, f, &text);
    }
    c.line(
        (x, ranges_top + RANGE_H),
        (x + w, ranges_top + RANGE_H),
        "#ffffff",
        2.0,
        "",
    );
}

/// The range the CSV fell in, outlined (dashed when it did not place the marker), under a
/// `CSV +3` tag pointing at it.
fn csv_callout(c: &mut Canvas, g: &TrackGeometry, state: &State, report: &Report, cell: TrackCell) {
    if cell.box_index >= state.track.boxes().len() {
        return;
    }
    let csv = report.csv.total;
    let x = g.left(cell.box_index);
    let (ry, rh, colour) = match row_of(cell.side) {
        Some(row) => (
            g.ranges_top + row as f64 * RANGE_H,
            RANGE_H,
            cell.side.map_or(INK, face_colour),
        ),
        None => (g.ranges_top, 2.0 * RANGE_H, INK),
    };
    let informational = !picture::csv_applied(&report.vp_marker);
    let dash = if informational {
        r#"stroke-dasharray="6 4" class="csv-cell""#
    } else {
        r#"class="csv-cell""#
    };
    c.rect(
        Rect::new(x + 2.5, ry + 2.5, g.w - 5.0, rh - 5.0, "none")
            .rounded(3.0)
            .stroke(INK, 3.5)
            .attrs(dash),
    );
    let label = picture::csv_tag(csv, &report.vp_marker);
    let font = sans(15.0).bold().anchor(TextAnchor::Middle);
    let font = if informational {
        font.fill(colour)
    } else {
        font.fill("#ffffff")
    };
    let tw = font.width(&label) + 18.0;
    let th = 24.0;
    // Centred on the box, but kept on the canvas.
    let cx = g
        .centre(cell.box_index)
        .min(WIDTH - MARGIN - tw / 2.0)
        .max(MARGIN + GUTTER + tw / 2.0);
    let tip = g.centre(cell.box_index);
    let ty = g.zone_top + 2.0;
    c.raw(r#"<g class="csv-tag">"#);
    if informational {
        c.rect(
            Rect::new(cx - tw / 2.0, ty, tw, th, "#ffffff")
                .rounded(12.0)
                .stroke(colour, 2.0)
                .attrs(r#"stroke-dasharray="5 3""#),
        );
    } else {
        c.rect(Rect::new(cx - tw / 2.0, ty, tw, th, colour).rounded(12.0));
    }
    c.raw(&format!(
        r#"<polygon points="{},{} {},{} {},{}" fill="{colour}"/>"#,
        num_short(tip - 7.0),
        num_short(ty + th - 0.5),
        num_short(tip + 7.0),
        num_short(ty + th - 0.5),
        num_short(tip),
        num_short(g.top - 1.0)
    ));
    c.text(cx, ty + th / 2.0 + 5.5, font, &label);
    c.raw("</g>");
}

// ---------------------------------------------------------------------------------------------
// How the marker got there.

fn placement(c: &mut Canvas, state: &State, report: &Report, y: f64) -> f64 {
    let font = sans(15.0);
    let text = picture::placement(state, report);
    c.raw(r#"<g class="placement">"#);
    let y = c.paragraph(MARGIN, y + 28.0, WIDTH - 2.0 * MARGIN, font, &text);
    c.raw("</g>");
    y + 4.0
}

// ---------------------------------------------------------------------------------------------
// The Current Strategic Value.

fn section_title(c: &mut Canvas, x: f64, y: f64, w: f64, text: &str) -> f64 {
    let f = sans(17.0).bold();
    let y = y + 30.0;
    c.text(x, y, f, text);
    c.line((x, y + 7.0), (x + w, y + 7.0), RULE_LINE, 1.0, "");
    y + 28.0
}

fn csv_term(c: &mut Canvas, t: &CsvTerm, x: f64, w: f64, y: f64) -> f64 {
    let desc_x = x + 178.0;
    let desc_w = x + w - desc_x;
    let quiet = t.value == 0 && t.hexes.is_empty() && t.excluded.is_empty();
    let rule = sans(12.5).bold().fill(if quiet { FAINT } else { MUTED });
    c.text(x, y, fit(&[&t.rule], 124.0, rule), &t.rule);
    c.text(
        x + 164.0,
        y,
        sans(16.0)
            .bold()
            .fill(value_colour(t.value))
            .anchor(TextAnchor::End),
        &signed(t.value),
    );
    let desc = sans(13.5).fill(if quiet { FAINT } else { INK });
    let mut ny = c.paragraph(desc_x, y, desc_w, desc, t.kind.describe());
    if !t.hexes.is_empty() {
        let items: Vec<String> = t.hexes.iter().map(counted).collect();
        let f = sans(12.5).fill(MUTED);
        for line in wrap_items(&items, desc_w, |s| f.width(s)) {
            c.text(desc_x, ny, f, &line);
            ny += f.line_height();
        }
    }
    for e in &t.excluded {
        ny = c.paragraph(
            desc_x,
            ny,
            desc_w,
            sans(12.5).italic().fill(FAINT),
            &not_counted(e),
        );
    }
    ny + 6.0
}

fn csv_column(c: &mut Canvas, report: &Report, x: f64, w: f64, y: f64) -> f64 {
    c.raw(r#"<g class="csv">"#);
    let mut y = section_title(c, x, y, w, "Current Strategic Value (0.1.1)");
    for t in &report.csv.terms {
        y = csv_term(c, t, x, w, y);
    }
    c.line((x, y - 8.0), (x + w, y - 8.0), RULE_LINE, 1.0, "");
    y += 12.0;
    c.text(x, y, sans(15.0).bold(), "Total");
    c.text(
        x + 164.0,
        y + 1.0,
        sans(20.0)
            .bold()
            .fill(value_colour(report.csv.total))
            .anchor(TextAnchor::End),
        &signed(report.csv.total),
    );
    c.text(x + 178.0, y, sans(15.0).bold(), "Current Strategic Value");
    c.raw("</g>");
    y + 8.0
}

// ---------------------------------------------------------------------------------------------
// The outcome.

fn outcome_column(c: &mut Canvas, state: &State, report: &Report, x: f64, w: f64, y: f64) -> f64 {
    c.raw(r#"<g class="outcome">"#);
    let body = sans(13.5);
    let mut y = section_title(c, x, y, w, "Automatic Victory (0.2)");
    match &report.automatic_victory {
        Some(a) => {
            // One that came after the game had ended does not count: drawn muted.
            let f = if a.effect == Effect::AfterTheGameEnded {
                body.fill(MUTED)
            } else {
                body.bold().fill(side_colour(a.winner))
            };
            let words = picture::automatic_victory(a, state.game, report);
            y = c.paragraph(x, y, w, f, &words);
        }
        None => {
            let none = picture::NO_AUTOMATIC_VICTORY;
            y = c.paragraph(x, y, w, body.fill(MUTED), none);
        }
    }
    if report.play_stopped {
        let stopped = picture::PLAY_STOPPED;
        y = c.paragraph(x, y, w, body.italic().fill(MUTED), stopped);
    }
    // The combined game's VP are drawn full width below both columns.
    if report.combined.is_none()
        && let Some(vp) = &report.vp
    {
        y = section_title(c, x, y - 8.0, w, "Victory Points (0.3)");
        y = side_vp(c, state, Side::Axis, &vp.axis, x, w, y);
        y = side_vp(c, state, Side::Allies, &vp.allies, x, w, y + 4.0);
        if let Some(winner) = report.winner {
            y = c.paragraph(
                x,
                y + 6.0,
                w,
                sans(15.0).bold().fill(side_colour(winner)),
                &picture::winner(report, vp, winner),
            );
        }
    }
    y = margins_section(c, state, report, x, w, y);
    c.raw("</g>");
    y
}

fn side_vp(c: &mut Canvas, state: &State, side: Side, vp: &SideVp, x: f64, w: f64, y: f64) -> f64 {
    let colour = side_colour(side);
    let head = sans(15.0).bold().fill(colour);
    c.text(x, y, head, side.title());
    c.text(
        x + w,
        y,
        sans(18.0).bold().fill(colour).anchor(TextAnchor::End),
        &format!("{} VP", vp.total),
    );
    let mut y = y + head.line_height();
    if vp.parts.is_empty() {
        y = c.paragraph(x + 42.0, y, w - 42.0, sans(12.5).fill(FAINT), "no VP");
    }
    for p in &vp.parts {
        let line = format!("{}: {}", p.map.title(), picture::vp_part(state, p));
        c.raw(&format!(
            r#"<g class="vp-part" data-side="{}">"#,
            side_key(side)
        ));
        c.text(
            x + 30.0,
            y,
            sans(13.0).bold().anchor(TextAnchor::End),
            &p.vp.to_string(),
        );
        y = c.paragraph(x + 42.0, y, w - 42.0, sans(12.5).fill(MUTED), &line);
        c.raw("</g>");
    }
    y
}

/// `axis` or `allies`, for a `data-side` attribute.
fn side_key(side: Side) -> &'static str {
    match side {
        Side::Axis => "axis",
        Side::Allies => "allies",
    }
}

/// The combined game (0.4), full width: both maps' VP with Bonus VPs and caps, where each VP
/// comes from, the totals and the result.
fn combined_section(
    c: &mut Canvas,
    state: &State,
    report: &Report,
    comb: &Combined,
    y: f64,
) -> f64 {
    let x = MARGIN;
    let w = WIDTH - 2.0 * MARGIN;
    c.raw(r#"<g class="combined">"#);
    let mut y = section_title(c, x, y, w, "Combined game (0.4): both maps");
    let head = sans(13.0).bold();
    c.text(x, y, head.fill(MUTED), "Map");
    c.text(COL_AXIS, y, head.fill(RISING_SUN), "Axis VP (+ Bonus VP)");
    c.text(
        COL_ALLIES,
        y,
        head.fill(ALLIED_CRUSADE),
        &format!(
            "Allied VP (capped at {} per map, + Bonus VP)",
            comb.allied_vp_cap_per_map
        ),
    );
    c.text(COL_STATUS, y, head.fill(MUTED), "Map status");
    y += 8.0;
    c.line((x, y), (x + w, y), RULE_LINE, 1.0, "");
    y += 22.0;
    for m in [&comb.tk, &comb.ds] {
        y = combined_map(c, state, report, m, y);
    }
    if let Some(vp) = &report.vp {
        c.line((x, y - 10.0), (x + w, y - 10.0), RULE_LINE, 1.0, "");
        y += 10.0;
        c.text(x, y, sans(15.0).bold(), "Total");
        c.text(
            COL_AXIS,
            y,
            sans(17.0).bold().fill(RISING_SUN),
            &format!("Axis {} VP", vp.axis.total),
        );
        c.text(
            COL_ALLIES,
            y,
            sans(17.0).bold().fill(ALLIED_CRUSADE),
            &format!("Allies {} VP", vp.allies.total),
        );
        y += 26.0;
    }
    let colour = comb.result.winner().map_or(INK, side_colour);
    y = c.paragraph(
        x,
        y + 2.0,
        w,
        sans(15.0).bold().fill(colour),
        &picture::combined_outcome(&comb.result),
    );
    c.raw("</g>");
    y
}

/// The columns of the combined game's table: the Axis VP, the Allied VP, each map's status,
/// and the width of the VP columns.
const COL_AXIS: f64 = MARGIN + 110.0;
const COL_ALLIES: f64 = MARGIN + 460.0;
const COL_STATUS: f64 = MARGIN + 810.0;
const COL_W: f64 = 330.0;

/// One map's row of the combined game's table at `y`: its VP per side and where they come
/// from, and its status. Returns the top of the next row.
fn combined_map(c: &mut Canvas, state: &State, report: &Report, m: &MapResult, y: f64) -> f64 {
    let x = MARGIN;
    let w = WIDTH - 2.0 * MARGIN;
    let status_w = x + w - COL_STATUS;
    let cell = sans(14.0);
    let small = sans(12.0).fill(MUTED);
    c.raw(&format!(
        r#"<g class="combined-map" data-map="{}">"#,
        match m.map {
            GameMap::Tk => "tk",
            GameMap::Ds => "ds",
        }
    ));
    c.text(x, y, sans(14.0).bold(), m.map.title());
    let mut ya = c.paragraph(COL_AXIS, y, COL_W, cell, &picture::axis_map_vp(m));
    let mut yb = c.paragraph(COL_ALLIES, y, COL_W, cell, &picture::allied_map_vp(m));
    // Where the map's VP come from (Final check): track, markers and their boxes, Bonus
    // VPs, each with its rule and note.
    if let Some(vp) = &report.vp {
        for (side, sv, col_x, col_y) in [
            (Side::Axis, &vp.axis, COL_AXIS, &mut ya),
            (Side::Allies, &vp.allies, COL_ALLIES, &mut yb),
        ] {
            for p in sv.parts.iter().filter(|p| p.map == m.map) {
                let line = format!("{} VP: {}", p.vp, picture::vp_part(state, p));
                c.raw(&format!(
                    r#"<g class="vp-part" data-side="{}">"#,
                    side_key(side)
                ));
                *col_y = c.paragraph(col_x, *col_y - 2.0, COL_W, small, &line) + 2.0;
                c.raw("</g>");
            }
        }
    }
    let status = map_status(m).join("; ");
    let ys = if status.is_empty() {
        y
    } else {
        c.paragraph(
            COL_STATUS,
            y,
            status_w,
            sans(13.0).italic().fill(MUTED),
            &status,
        )
    };
    c.raw("</g>");
    ya.max(yb).max(ys) + 6.0
}

/// Every Strategic Hex the check considered (0.1.1), full width, one row each: whose it is,
/// who controls it and why, what it adds to the CSV and why (0 included).
fn considered_section(c: &mut Canvas, report: &Report, y: f64) -> f64 {
    let hexes = &report.csv.considered;
    if hexes.is_empty() {
        return y;
    }
    let x = MARGIN;
    let w = WIDTH - 2.0 * MARGIN;
    c.raw(r#"<g class="considered">"#);
    let mut y = section_title(c, x, y + 10.0, w, "Strategic Hexes considered (0.1.1)");
    let col_whose = x + 210.0;
    let col_control = x + 320.0;
    let col_adds = x + 800.0;
    let col_why = x + 820.0;
    let hex_w = col_whose - x - 10.0;
    let whose_w = col_control - col_whose - 10.0;
    let control_w = col_adds - 50.0 - col_control;
    let why_w = x + w - col_why;
    let head = sans(13.0).bold().fill(MUTED);
    c.text(x, y, head, "Strategic Hex");
    c.text(col_whose, y, head, "Whose");
    c.text(col_control, y, head, "Control");
    c.text(col_adds, y, head.anchor(TextAnchor::End), "Adds");
    c.text(col_why, y, head, "Why");
    y += 8.0;
    c.line((x, y), (x + w, y), RULE_LINE, 1.0, "");
    y += 20.0;
    let cell = sans(12.5).fill(MUTED);
    for h in hexes {
        c.raw(&format!(
            r#"<g class="considered-hex" data-label="{}">"#,
            escape(&h.label.to_string())
        ));
        let quiet = if h.adds == 0 { FAINT } else { MUTED };
        let y1 = c.paragraph(
            x,
            y,
            hex_w,
            sans(12.5).bold().fill(INK),
            &format!("{} {}", h.label, h.name),
        );
        let y2 = c.paragraph(
            col_whose,
            y,
            whose_w,
            cell,
            &format!("{} hex", h.faction.title()),
        );
        let y3 = c.paragraph(col_control, y, control_w, cell, &control(h.control));
        c.text(
            col_adds,
            y,
            sans(13.5)
                .bold()
                .fill(value_colour(h.adds))
                .anchor(TextAnchor::End),
            &signed(h.adds),
        );
        let y4 = c.paragraph(col_why, y, why_w, cell.fill(quiet), &considered_why(h));
        c.raw("</g>");
        y = y1.max(y2).max(y3).max(y4) + 3.0;
    }
    c.raw("</g>");
    y
}

fn margins_section(c: &mut Canvas, state: &State, report: &Report, x: f64, w: f64, y: f64) -> f64 {
    c.raw(r#"<g class="margins">"#);
    let mut y = section_title(c, x, y - 8.0, w, "Margins (CSV change needed)");
    let font = sans(12.5).fill(MUTED);
    for line in picture::margins(&state.track, report) {
        y = c.paragraph(x, y, w, font, &line);
    }
    c.raw("</g>");
    y
}

// ---------------------------------------------------------------------------------------------
// Notes.

fn notes(c: &mut Canvas, report: &Report, y: f64) -> f64 {
    if report.notes.is_empty() {
        return y;
    }
    let x = MARGIN;
    let w = WIDTH - 2.0 * MARGIN;
    c.raw(r#"<g class="notes">"#);
    let mut y = section_title(c, x, y, w, "Notes");
    let font = sans(12.5).fill(MUTED);
    for n in &report.notes {
        c.text(x + 4.0, y, font, "•");
        y = c.paragraph(x + 18.0, y, w - 18.0, font, &n.text) + 3.0;
    }
    c.raw("</g>");
    y
}
