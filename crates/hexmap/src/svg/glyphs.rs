//! How things look: the fill of each terrain type (chosen by its name), the glyphs of hex
//! features, the marker of a named place and the symbols of marks, badges and legends, each
//! written into the picture at a point.

use std::fmt::Write as _;

use wargame_kit::svg::{escape, num};

use super::model::Symbol;

/// A line of text with its baseline at (x, y), `size` pixels, with further attributes `attrs`
/// (written as they are).
pub(super) fn text(out: &mut String, x: f64, y: f64, size: f64, attrs: &str, text: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{attrs}>{}</text>",
        num(x),
        num(y),
        num(size),
        escape(text)
    );
}

/// The id of the hatch pattern of `colour`, of the picture's patterns `hatches` (one per
/// colour, in order).
pub(super) fn hatch_id(hatches: &[String], colour: &str) -> String {
    let i = hatches.iter().position(|c| c == colour).unwrap_or(0);
    format!("hatch-{i}")
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

/// A feature's glyph centred on (x, y), radius about `r`.
pub(super) fn feature(out: &mut String, name: &str, x: f64, y: f64, r: f64) {
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
            out,
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
            out,
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
            out,
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

/// The marker of a named place centred on (x, y), radius `r` (at least 2 pixels).
pub(super) fn place_marker(out: &mut String, x: f64, y: f64, r: f64) {
    let _ = writeln!(
        out,
        "<circle class=\"place-marker\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#c92a2a\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
        num(x),
        num(y),
        num(r.max(2.0)),
        num((r * 0.35).max(0.8)),
    );
}

/// Where a symbol is drawn: its centre and radius, in picture pixels.
#[derive(Clone, Copy)]
struct At {
    x: f64,
    y: f64,
    r: f64,
}

/// A symbol centred on (x, y), radius `r`.
pub(super) fn symbol(out: &mut String, sym: Symbol, colour: &str, x: f64, y: f64, r: f64) {
    let c = escape(colour);
    let lw = (r * 0.18).max(1.0);
    let at = At { x, y, r };
    match sym {
        Symbol::Cross => in_disc(out, at, &c, lw, &cross_path(at)),
        Symbol::Check => in_disc(out, at, &c, lw, &check_path(at)),
        Symbol::Warning => warning(out, at, &c, lw),
        Symbol::Star => star(out, at, &c, "#1a1a1a", lw * 0.7),
        Symbol::HollowStar => star(out, at, "#ffffff", &c, lw * 1.2),
        Symbol::Dot => {
            let _ = writeln!(
                out,
                "<circle class=\"symbol\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{c}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
                num(x),
                num(y),
                num(r * 0.7),
                num(lw * 0.6),
            );
        }
        Symbol::Ring => {
            let _ = writeln!(
                out,
                "<circle class=\"symbol\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"{}\"/>",
                num(x),
                num(y),
                num(r * 0.8),
                num(lw * 1.3),
            );
        }
    }
}

/// The ✕ of [`Symbol::Cross`], as path data.
fn cross_path(at: At) -> String {
    let At { x, y, r } = at;
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
}

/// The ✓ of [`Symbol::Check`], as path data.
fn check_path(at: At) -> String {
    let At { x, y, r } = at;
    format!(
        "M{} {}L{} {}L{} {}",
        num(x - r * 0.5),
        num(y),
        num(x - r * 0.1),
        num(y + r * 0.42),
        num(x + r * 0.55),
        num(y - r * 0.45)
    )
}

/// A white disc outlined in `c` with the path `inner` (a ✕ or a ✓) in it.
fn in_disc(out: &mut String, at: At, c: &str, lw: f64, inner: &str) {
    let _ = writeln!(
        out,
        "<g class=\"symbol\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{c}\" stroke-width=\"{}\"/><path d=\"{inner}\" stroke=\"{c}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\"/></g>",
        num(at.x),
        num(at.y),
        num(at.r),
        num(lw),
        num(lw * 1.7),
    );
}

/// A ⚠ triangle with an exclamation mark, in `c`.
fn warning(out: &mut String, at: At, c: &str, lw: f64) {
    let At { x, y, r } = at;
    let h = r * 1.1;
    let _ = writeln!(
        out,
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

/// A five-pointed star, filled and outlined (stroke width `sw`).
fn star(out: &mut String, at: At, fill: &str, stroke: &str, sw: f64) {
    let At { x, y, r } = at;
    let pts: Vec<String> = (0..10)
        .map(|i| {
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            let a = (-90.0 + 36.0 * f64::from(i)).to_radians();
            format!("{},{}", num(x + rr * a.cos()), num(y + rr * a.sin()))
        })
        .collect();
    let _ = writeln!(
        out,
        "<polygon class=\"symbol\" points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
        pts.join(" "),
        num(sw),
    );
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
}
