//! The small drawing toolkit every SVG picture of the workspace shares (feature `svg`): XML
//! escaping, number formatting, text width estimates and word wrapping, and a [`Canvas`] that
//! writes rectangles, lines and (wrapped) text in a [`Font`].
//!
//! No font is read: widths are estimated from per-character advance tables ([`Metrics`]), so a
//! picture's layout is the same on every machine.
//!
//! ```
//! use wargame_kit::svg::{Metrics, escape, num, num_short, wrap};
//!
//! assert_eq!(escape("Tom & Jerry"), "Tom &amp; Jerry");
//! assert_eq!((num(3.0), num_short(3.0), num_short(2.25)), ("3.0".into(), "3".into(), "2.2".into()));
//! let measure = |s: &str| Metrics::DejaVu.text_width(s, 13.0, false);
//! for line in wrap("Soviet and Western Strategic Hexes under Axis control", 120.0, measure) {
//!     assert!(measure(&line) <= 120.0);
//! }
//! ```
//!
//! A picture drawn on a canvas:
//!
//! ```
//! use wargame_kit::svg::{Canvas, Font, Metrics, Rect, TextAnchor};
//!
//! let mut c = Canvas::new();
//! c.rect(Rect::new(0.0, 0.0, 120.0, 40.0, "#fff3bf").rounded(4.0).stroke("#343a40", 2.0));
//! c.line((0.0, 40.0), (120.0, 40.0), "#adb5bd", 1.0, "");
//! let title = Font::new(Metrics::DejaVu, 15.0, "#212529").bold().anchor(TextAnchor::Middle);
//! c.text(60.0, 25.0, title, "VP & CSV");
//! assert_eq!(c.body(), concat!(
//!     "<rect x=\"0\" y=\"0\" width=\"120\" height=\"40\" rx=\"4\" fill=\"#fff3bf\" stroke=\"#343a40\" stroke-width=\"2\"/>\n",
//!     "<line x1=\"0\" y1=\"40\" x2=\"120\" y2=\"40\" stroke=\"#adb5bd\" stroke-width=\"1\"/>\n",
//!     "<text x=\"60\" y=\"25\" font-size=\"15\" fill=\"#212529\" font-weight=\"bold\" text-anchor=\"middle\">VP &amp; CSV</text>\n",
//! ));
//! ```

use std::fmt::Write as _;

/// Escape text for XML content and attribute values; characters a terminal would act on
/// ([`crate::terminal::is_unsafe`]: control characters other than tab and line breaks, and the
/// bidirectional formatting characters, which would reorder the picture's text) are written
/// visibly, as the readable reports write them (`\u{1b}`).
///
/// ```
/// assert_eq!(wargame_kit::svg::escape(r#"A & B <"c'>"#), "A &amp; B &lt;&quot;c&apos;&gt;");
/// assert_eq!(wargame_kit::svg::escape("US\u{1b}[2J\u{202e}-1"), "US\\u{1b}[2J\\u{202e}-1");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if let Some(entity) = entity(c) {
            out.push_str(entity);
        } else if c != '\r' && crate::terminal::is_unsafe(c) {
            out.push_str(&crate::terminal::escape(c.encode_utf8(&mut [0; 4])));
        } else {
            out.push(c);
        }
    }
    out
}

/// The entity XML writes for one of its five special characters (`&`, `<`, `>`, `"`, `'`), in
/// content and attribute values alike; `None` for any other character.
///
/// ```
/// assert_eq!(wargame_kit::svg::entity('&'), Some("&amp;"));
/// assert_eq!(wargame_kit::svg::entity('a'), None);
/// ```
pub fn entity(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\'' => Some("&apos;"),
        _ => None,
    }
}

/// A number for SVG with exactly one decimal, never `-0.0` (`12.0`, `1.2`): the map drawings'
/// coordinates.
pub fn num(v: f64) -> String {
    let s = format!("{v:.1}");
    if s == "-0.0" { "0.0".to_string() } else { s }
}

/// A number for SVG with at most one decimal, without a trailing `.0` and never `-0` (`3`,
/// `2.2`): shorter output for pictures drawn on round coordinates.
pub fn num_short(v: f64) -> String {
    let s = format!("{v:.1}");
    let s = s.strip_suffix(".0").unwrap_or(&s);
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Whose character advances a text width is estimated from; each picture keeps the metrics of
/// the `font-family` it names, so that its layout never changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Metrics {
    /// Helvetica/Arial (the map drawings): bold widens the letters; the width is 12 % more for
    /// wider fallback fonts.
    Helvetica,
    /// DejaVu Sans (Verdana is alike), rounded up: bold text is 10 % wider.
    DejaVu,
}

impl Metrics {
    /// The advance of a character, in em.
    pub fn char_em(self, c: char, bold: bool) -> f64 {
        match self {
            Metrics::Helvetica => helvetica_em(c, bold),
            Metrics::DejaVu => dejavu_em(c),
        }
    }

    /// The estimated width of `text` in pixels at font size `size`.
    pub fn text_width(self, text: &str, size: f64, bold: bool) -> f64 {
        let em: f64 = text.chars().map(|c| self.char_em(c, bold)).sum();
        match self {
            Metrics::Helvetica => em * size * 1.12,
            Metrics::DejaVu => em * size * if bold { 1.1 } else { 1.0 },
        }
    }
}

/// Width of a character in em, after Helvetica/Arial (regular or bold).
fn helvetica_em(c: char, bold: bool) -> f64 {
    match c {
        '0'..='9' => 0.556,
        '-' | '(' | ')' => 0.333,
        '.' | ',' | ':' | ';' | ' ' | '\'' | '!' | '|' => 0.278,
        'i' | 'j' | 'l' => 0.278,
        'f' | 't' | 'r' | 'I' => 0.389,
        'm' | 'w' => 0.85,
        'M' | 'W' => 0.9,
        c if c.is_ascii_lowercase() => {
            if bold {
                0.6
            } else {
                0.54
            }
        }
        c if c.is_ascii_uppercase() => {
            if bold {
                0.74
            } else {
                0.68
            }
        }
        c if c.is_ascii() => 0.6,
        _ => 1.0,
    }
}

/// A character's advance in em, rounded up from DejaVu Sans (Verdana is alike).
fn dejavu_em(c: char) -> f64 {
    match c {
        ' ' => 0.33,
        'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | '`' => 0.3,
        'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '[' | ']' | '{' | '}' | '-' | '/' => 0.42,
        'm' | 'w' | 'M' | 'W' | '%' | '@' => 0.95,
        'A'..='Z' => 0.74,
        '0'..='9' | '+' | '=' | '<' | '>' | '#' | '~' | '*' | '_' => 0.66,
        c if c.is_ascii() => 0.62,
        _ => 0.85,
    }
}

/// Greedy word wrap to `width` pixels as `measure` measures a line; a word longer than a line
/// is broken between characters. Never empty: an empty text is one empty line.
pub fn wrap(text: &str, width: f64, measure: impl Fn(&str) -> f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if measure(&candidate) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word alone; break it if it is still too long.
        for ch in word.chars() {
            let mut next = line.clone();
            next.push(ch);
            if !line.is_empty() && measure(&next) > width {
                lines.push(std::mem::take(&mut line));
                line.push(ch);
            } else {
                line = next;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// Items joined by `, ` and wrapped between items; an item wider than a line is wrapped alone
/// ([`wrap`]). No items, no lines.
pub fn wrap_items(items: &[String], width: f64, measure: impl Fn(&str) -> f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (k, item) in items.iter().enumerate() {
        let piece = if k + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let candidate = if line.is_empty() {
            piece.clone()
        } else {
            format!("{line} {piece}")
        };
        if measure(&candidate) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if measure(&piece) <= width {
            line = piece;
        } else {
            let mut parts = wrap(&piece, width, &measure);
            line = parts.pop().unwrap_or_default();
            lines.extend(parts);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The text on one line, or split in two at the word boundary that makes the longer line
/// shortest.
pub fn two_lines(text: &str, measure: impl Fn(&str) -> f64) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut best = vec![text.to_string()];
    let mut best_w = measure(text);
    for k in 1..words.len() {
        let a = words[..k].join(" ");
        let b = words[k..].join(" ");
        let wide = measure(&a).max(measure(&b));
        if wide < best_w {
            best_w = wide;
            best = vec![a, b];
        }
    }
    best
}

/// Where a text's x is (`text-anchor`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextAnchor {
    /// Its start (the default: no attribute is written).
    #[default]
    Start,
    /// Its middle.
    Middle,
    /// Its end.
    End,
}

/// How a text looks on a [`Canvas`]: its size, weight, style, fill and anchor, and the
/// [`Metrics`] its width is estimated by (those of the picture's `font-family`).
///
/// ```
/// use wargame_kit::svg::{Font, Metrics, TextAnchor};
/// let body = Font::new(Metrics::DejaVu, 13.5, "#212529");
/// let head = body.size(17.0).bold().anchor(TextAnchor::End);
/// assert_eq!((head.size, head.bold, body.bold), (17.0, true, false));
/// assert_eq!(body.line_height(), 18.0);
/// let fitted = body.fit(&["a long line of text"], 60.0, 11.0);
/// assert!(fitted.size < body.size && fitted.size >= 11.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Font {
    /// The size in pixels.
    pub size: f64,
    /// Bold.
    pub bold: bool,
    /// Italic.
    pub italic: bool,
    /// The fill colour, written as it is.
    pub fill: &'static str,
    /// Where its x is.
    pub anchor: TextAnchor,
    /// Whose character advances its width is estimated from.
    pub metrics: Metrics,
}

impl Font {
    /// Regular text of `size` pixels in `fill`, anchored at its start, measured by `metrics`.
    pub const fn new(metrics: Metrics, size: f64, fill: &'static str) -> Font {
        Font {
            size,
            bold: false,
            italic: false,
            fill,
            anchor: TextAnchor::Start,
            metrics,
        }
    }

    /// Bold.
    pub const fn bold(mut self) -> Font {
        self.bold = true;
        self
    }

    /// Italic.
    pub const fn italic(mut self) -> Font {
        self.italic = true;
        self
    }

    /// In this fill colour.
    pub const fn fill(mut self, fill: &'static str) -> Font {
        self.fill = fill;
        self
    }

    /// Anchored so.
    pub const fn anchor(mut self, anchor: TextAnchor) -> Font {
        self.anchor = anchor;
        self
    }

    /// Of this size.
    pub const fn size(mut self, size: f64) -> Font {
        self.size = size;
        self
    }

    /// The distance from one baseline to the next: 1.35 times the size, rounded.
    pub fn line_height(self) -> f64 {
        (self.size * 1.35).round()
    }

    /// The estimated width of `s` in this font.
    pub fn width(self, s: &str) -> f64 {
        self.metrics.text_width(s, self.size, self.bold)
    }

    /// This font, shrunk half a pixel at a time (not below `min`) until every line fits in
    /// `width`.
    pub fn fit(self, lines: &[&str], width: f64, min: f64) -> Font {
        let mut f = self;
        while f.size > min && lines.iter().any(|l| f.width(l) > width) {
            f.size -= 0.5;
        }
        f
    }
}

/// A rectangle for [`Canvas::rect`]: its place and size and its fill; rounded corners, an
/// outline and further attributes if given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect<'a> {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
    fill: &'a str,
    rx: f64,
    stroke: Option<(&'a str, f64)>,
    attrs: &'a str,
}

impl<'a> Rect<'a> {
    /// A rectangle with its top left corner at (`x`, `y`), filled with `fill` (written as it
    /// is: a colour, `none`, a pattern's `url(#id)`).
    pub fn new(x: f64, y: f64, width: f64, height: f64, fill: &'a str) -> Rect<'a> {
        Rect {
            x,
            y,
            width,
            height,
            fill,
            rx: 0.0,
            stroke: None,
            attrs: "",
        }
    }

    /// With corners rounded to radius `rx` (none when 0).
    pub fn rounded(mut self, rx: f64) -> Rect<'a> {
        self.rx = rx;
        self
    }

    /// Outlined in `colour`, `width` pixels wide.
    pub fn stroke(mut self, colour: &'a str, width: f64) -> Rect<'a> {
        self.stroke = Some((colour, width));
        self
    }

    /// With further attributes, written as they are (`class="csv-cell"`).
    pub fn attrs(mut self, attrs: &'a str) -> Rect<'a> {
        self.attrs = attrs;
        self
    }
}

/// The body of an SVG picture being written, one element a line; coordinates and sizes are
/// written with at most one decimal ([`num_short`]), text escaped ([`escape`]).
#[derive(Clone, Debug, Default)]
pub struct Canvas {
    body: String,
}

impl Canvas {
    /// An empty canvas.
    pub fn new() -> Canvas {
        Canvas::default()
    }

    /// What has been written.
    pub fn body(&self) -> &str {
        &self.body
    }

    /// What has been written, taken.
    pub fn into_body(self) -> String {
        self.body
    }

    /// Markup as it is, on a line of its own: a group's start or end, a whole element.
    pub fn raw(&mut self, markup: &str) {
        self.body.push_str(markup);
        self.body.push('\n');
    }

    /// A rectangle.
    pub fn rect(&mut self, r: Rect<'_>) {
        let mut s = format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}""#,
            num_short(r.x),
            num_short(r.y),
            num_short(r.width),
            num_short(r.height)
        );
        if r.rx > 0.0 {
            let _ = write!(s, r#" rx="{}""#, num_short(r.rx));
        }
        let _ = write!(s, r#" fill="{}""#, r.fill);
        if let Some((colour, width)) = r.stroke {
            let _ = write!(
                s,
                r#" stroke="{colour}" stroke-width="{}""#,
                num_short(width)
            );
        }
        if !r.attrs.is_empty() {
            s.push(' ');
            s.push_str(r.attrs);
        }
        s.push_str("/>");
        self.raw(&s);
    }

    /// A line from `from` to `to` in `stroke`, `width` pixels wide, with further attributes
    /// `attrs` (written as they are; none when empty).
    pub fn line(
        &mut self,
        (x1, y1): (f64, f64),
        (x2, y2): (f64, f64),
        stroke: &str,
        width: f64,
        attrs: &str,
    ) {
        let mut s = format!(
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{stroke}" stroke-width="{}""#,
            num_short(x1),
            num_short(y1),
            num_short(x2),
            num_short(y2),
            num_short(width)
        );
        if !attrs.is_empty() {
            s.push(' ');
            s.push_str(attrs);
        }
        s.push_str("/>");
        self.raw(&s);
    }

    /// A line of text with its baseline at `y`, its anchor at `x`.
    pub fn text(&mut self, x: f64, y: f64, font: Font, content: &str) {
        let mut s = format!(
            r#"<text x="{}" y="{}" font-size="{}" fill="{}""#,
            num_short(x),
            num_short(y),
            num_short(font.size),
            font.fill
        );
        if font.bold {
            s.push_str(r#" font-weight="bold""#);
        }
        if font.italic {
            s.push_str(r#" font-style="italic""#);
        }
        match font.anchor {
            TextAnchor::Start => {}
            TextAnchor::Middle => s.push_str(r#" text-anchor="middle""#),
            TextAnchor::End => s.push_str(r#" text-anchor="end""#),
        }
        let _ = write!(s, ">{}</text>", escape(content));
        self.raw(&s);
    }

    /// Text wrapped to `width` ([`wrap`]), the first baseline at `y`; returns the baseline
    /// after the last line.
    pub fn paragraph(&mut self, x: f64, y: f64, width: f64, font: Font, content: &str) -> f64 {
        let mut y = y;
        for line in wrap(content, width, |s| font.width(s)) {
            self.text(x, y, font, &line);
            y += font.line_height();
        }
        y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_stable() {
        assert_eq!(num(-0.01), "0.0");
        assert_eq!(num(1.25), "1.2");
        assert_eq!(num(12.36), "12.4");
        assert_eq!(num_short(3.0), "3");
        assert_eq!(num_short(2.25), "2.2");
        assert_eq!(num_short(-0.01), "0");
        assert_eq!(num_short(-4.5), "-4.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
        assert_eq!(escape("x\u{1}y"), "x\\u{1}y");
    }

    #[test]
    fn the_two_metrics_keep_their_tables() {
        assert_eq!(Metrics::Helvetica.char_em('a', false), 0.54);
        assert_eq!(Metrics::Helvetica.char_em('a', true), 0.6);
        assert_eq!(Metrics::DejaVu.char_em('a', true), 0.62);
        let w = Metrics::DejaVu.text_width("ab", 10.0, true);
        assert!((w - 1.24 * 10.0 * 1.1).abs() < 1e-9);
    }

    #[test]
    fn wrapping_keeps_lines_inside_the_width() {
        let measure = |s: &str| Metrics::DejaVu.text_width(s, 13.0, false);
        let text = "Soviet and Western Strategic Hexes under Axis control, and a verylongwordthatcannotfitatall";
        for line in wrap(text, 120.0, measure) {
            assert!(measure(&line) <= 120.0, "{line}");
        }
        assert_eq!(wrap("", 100.0, measure), vec![String::new()]);
        let items: Vec<String> = ["0512", "0613", "averyveryverylongitemindeed"]
            .iter()
            .map(|s| (*s).to_string())
            .collect();
        for line in wrap_items(&items, 80.0, measure) {
            assert!(measure(&line) <= 80.0, "{line}");
        }
        assert_eq!(
            two_lines("one two three four", |s| s.len() as f64),
            ["one two", "three four"]
        );
    }
}
