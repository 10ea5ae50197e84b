//! Board image sizes from the first bytes of the image (PNG, JPEG, GIF, SVG): VASSAL takes a
//! board's size from its image, and only the header is needed.

/// The width and height in pixels of an image, from its first bytes (`name` tells SVG apart).
///
/// ```
/// let png = [0x89, b'P', b'N', b'G', 13, 10, 26, 10, 0, 0, 0, 13, b'I', b'H', b'D', b'R',
///            0, 0, 0x14, 0xdc, 0, 0, 0x13, 0xa0];
/// assert_eq!(vassal::internal::image::size("map.png", &png), Some((5340, 5024)));
/// ```
pub fn size(name: &str, head: &[u8]) -> Option<(u32, u32)> {
    if head.starts_with(b"\x89PNG\r\n\x1a\n") {
        let w = u32::from_be_bytes(head.get(16..20)?.try_into().ok()?);
        let h = u32::from_be_bytes(head.get(20..24)?.try_into().ok()?);
        return Some((w, h));
    }
    if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
        let w = u16::from_le_bytes(head.get(6..8)?.try_into().ok()?);
        let h = u16::from_le_bytes(head.get(8..10)?.try_into().ok()?);
        return Some((u32::from(w), u32::from(h)));
    }
    if head.starts_with(&[0xFF, 0xD8]) {
        return jpeg(head);
    }
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".svg") || lower.ends_with(".svgz") || head.windows(4).any(|w| w == b"<svg")
    {
        return svg(head);
    }
    None
}

fn jpeg(b: &[u8]) -> Option<(u32, u32)> {
    let mut i = 2usize;
    loop {
        // Skip fill bytes before a marker.
        while *b.get(i)? == 0xFF && *b.get(i + 1)? == 0xFF {
            i += 1;
        }
        if *b.get(i)? != 0xFF {
            return None;
        }
        let marker = *b.get(i + 1)?;
        i += 2;
        if marker == 0xD8 || marker == 0x01 || (0xD0..=0xD7).contains(&marker) {
            continue;
        }
        let len = usize::from(u16::from_be_bytes(b.get(i..i + 2)?.try_into().ok()?));
        let sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if sof {
            let h = u16::from_be_bytes(b.get(i + 3..i + 5)?.try_into().ok()?);
            let w = u16::from_be_bytes(b.get(i + 5..i + 7)?.try_into().ok()?);
            return Some((u32::from(w), u32::from(h)));
        }
        if len < 2 {
            return None;
        }
        i = i.checked_add(len)?;
    }
}

/// An SVG's `width` and `height` (in px, or unitless; pt, pc, in, cm, mm converted at 96 px per
/// inch), else its `viewBox`, rounded up to whole pixels.
fn svg(head: &[u8]) -> Option<(u32, u32)> {
    let text = String::from_utf8_lossy(head);
    let start = text.find("<svg")?;
    let end = start + text[start..].find('>')?;
    let tag = &text[start..end];
    let attr = |name: &str| -> Option<String> {
        let mut from = 0;
        while let Some(p) = tag[from..].find(name) {
            let at = from + p;
            from = at + name.len();
            let before_ok = at == 0 || tag.as_bytes()[at - 1].is_ascii_whitespace();
            let rest = tag[at + name.len()..].trim_start();
            if !before_ok || !rest.starts_with('=') {
                continue;
            }
            let rest = rest[1..].trim_start();
            let q = rest.chars().next()?;
            if q != '"' && q != '\'' {
                return None;
            }
            let close = rest[1..].find(q)?;
            return Some(rest[1..1 + close].to_string());
        }
        None
    };
    let length = |v: &str| -> Option<f64> {
        let v = v.trim();
        let split = v
            .find(|c: char| c.is_ascii_alphabetic() || c == '%')
            .unwrap_or(v.len());
        let (num, unit) = v.split_at(split);
        let n: f64 = num.trim().parse().ok()?;
        let px = match unit.trim() {
            "" | "px" => n,
            "pt" => n * 96.0 / 72.0,
            "pc" => n * 16.0,
            "in" => n * 96.0,
            "cm" => n * 96.0 / 2.54,
            "mm" => n * 96.0 / 25.4,
            _ => return None,
        };
        (px.is_finite() && px >= 0.0 && px < f64::from(u32::MAX)).then_some(px)
    };
    let whole = |v: f64| v.ceil() as u32;
    if let (Some(w), Some(h)) = (
        attr("width").and_then(|v| length(&v)),
        attr("height").and_then(|v| length(&v)),
    ) {
        return Some((whole(w), whole(h)));
    }
    let vb = attr("viewBox")?;
    let nums: Vec<f64> = vb
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    let (w, h) = (*nums.get(2)?, *nums.get(3)?);
    (w.is_finite()
        && h.is_finite()
        && w >= 0.0
        && h >= 0.0
        && w < f64::from(u32::MAX)
        && h < f64::from(u32::MAX))
    .then(|| (whole(w), whole(h)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let gif = b"GIF89a\x20\x03\x58\x02rest";
        assert_eq!(size("a.gif", gif), Some((800, 600)));
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 17, 8, 0x02, 0x58, 0x03, 0x20,
        ];
        assert_eq!(size("a.jpg", &jpeg), Some((800, 600)));
        assert_eq!(size("a.jpg", &jpeg[..12]), None);
        let svg = br#"<?xml version="1.0"?><svg xmlns="x" width="775" height="625.2px" viewBox="0 0 1 1">"#;
        assert_eq!(size("b.svg", svg), Some((775, 626)));
        let svg = br#"<svg viewBox="0 0 100 50.5">"#;
        assert_eq!(size("b.svg", svg), Some((100, 51)));
        let svg = br#"<svg width="1in" height="72pt">"#;
        assert_eq!(size("b.svg", svg), Some((96, 96)));
        assert_eq!(size("x.bin", b"nothing"), None);
        assert_eq!(size("x.svg", b"<svg width=\"-"), None);
    }
}
