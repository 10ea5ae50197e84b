//! Hexsides as a map-maker names them, read into the pairs of hexes they lie between:
//!
//! - a hex and a direction, `1012/NE` (the direction names of [`Layout::direction_name`]);
//! - the same sides of every hex of a line, `0110-2010/E` or `1001-1020/NW+NE` (a line is two
//!   labels on one printed row or column, and every hex between them);
//! - the boundary between two sets of hexes, `0110-2010 | 0111-2011`: every hexside with a hex
//!   of the first set on one side and a hex of the second on the other (a set is labels and
//!   lines, separated by commas).

use std::collections::BTreeSet;

use crate::coord::{Direction, Hex};
use crate::error::ErrorKind;
use crate::layout::{Label, Layout, Orientation};

/// What is wrong with a name of hexsides: the kind and a sentence.
pub(crate) type Wrong = (ErrorKind, String);

/// The pairs of hexes the hexsides `text` names lie between, the first of each pair on the
/// side named (in a boundary, in the first set).
pub(crate) fn pairs(layout: &Layout, text: &str) -> Result<Vec<(Hex, Hex)>, Wrong> {
    match text.split_once('|') {
        Some((first, second)) => boundary(layout, first, second),
        None => sides(layout, text),
    }
}

/// `HEXES/DIRECTIONS`: the sides of each hex named.
fn sides(layout: &Layout, text: &str) -> Result<Vec<(Hex, Hex)>, Wrong> {
    let Some((hexes, names)) = text.split_once('/') else {
        let message = format!(
            "`{}` names no hexside: write a hex and a direction (`1012/NE`), a line of hexes \
             and directions (`1001-1020/NW+NE`) or two sets of hexes (`0110-2010 | 0111-2011`)",
            text.trim()
        );
        return Err((ErrorKind::BadLabel, message));
    };
    let hexes = set(layout, hexes)?;
    let mut directions = Vec::new();
    for name in names.split('+').map(str::trim) {
        match layout.direction_named(name) {
            Some(d) => directions.push(d),
            None => return Err(unknown_direction(layout, name)),
        }
    }
    let mut out = Vec::with_capacity(hexes.len().saturating_mul(directions.len()));
    for hex in hexes {
        for &d in &directions {
            out.push((hex, beyond(layout, hex, d)?));
        }
    }
    Ok(out)
}

/// The hex across `hex`'s side `d`, when it is inside the map's extents.
fn beyond(layout: &Layout, hex: Hex, d: Direction) -> Result<Hex, Wrong> {
    let (dq, dr) = d.offset();
    let other = hex
        .q
        .checked_add(dq)
        .zip(hex.r.checked_add(dr))
        .map(|(q, r)| Hex::new(q, r));
    match other.filter(|o| layout.hex_to_label(*o).is_some()) {
        Some(other) => Ok(other),
        None => {
            let label = layout.hex_to_label(hex).map(|l| l.to_string());
            let message = format!(
                "hexside {}/{} has no hex of the map beyond it",
                label.unwrap_or_default(),
                layout.direction_name(d)
            );
            Err((ErrorKind::OffMap, message))
        }
    }
}

/// A name that is not one of the map's directions.
fn unknown_direction(layout: &Layout, name: &str) -> Wrong {
    let hexes = match layout.orientation {
        Orientation::Pointy => "pointy",
        Orientation::Flat => "flat",
    };
    let message = format!(
        "`{name}` is not a side of this map's hexes ({hexes} hexes have sides {})",
        layout.direction_names().join(" ")
    );
    (ErrorKind::UnknownName, message)
}

/// `SET | SET`: every hexside between a hex of the first set and one of the second.
fn boundary(layout: &Layout, first: &str, second: &str) -> Result<Vec<(Hex, Hex)>, Wrong> {
    if second.contains('|') {
        let message = "a boundary is between two sets of hexes: one `|`".to_string();
        return Err((ErrorKind::BadLabel, message));
    }
    let a: BTreeSet<Hex> = set(layout, first)?.into_iter().collect();
    let b: BTreeSet<Hex> = set(layout, second)?.into_iter().collect();
    let mut out = Vec::new();
    for &hex in a.iter().filter(|h| !b.contains(*h)) {
        for other in hex.neighbors() {
            if b.contains(&other) && !a.contains(&other) {
                out.push((hex, other));
            }
        }
    }
    if out.is_empty() {
        let message = format!(
            "no hexside lies between `{}` and `{}`",
            first.trim(),
            second.trim()
        );
        return Err((ErrorKind::NotAdjacent, message));
    }
    Ok(out)
}

/// Labels and lines of labels (`1001-1020`), separated by commas: their hexes, in order.
fn set(layout: &Layout, text: &str) -> Result<Vec<Hex>, Wrong> {
    let mut hexes = Vec::new();
    for item in text.split(',').map(str::trim) {
        let dashes = item.matches('-').count();
        if dashes > 1 {
            let message = format!(
                "`{item}` is a line of {} ends: a line is two labels joined by one `-` \
                 (`1001-1020`); name more lines separated by commas",
                dashes.saturating_add(1)
            );
            return Err((ErrorKind::BadLabel, message));
        }
        match item.split_once('-') {
            Some((from, to)) => line(layout, from.trim(), to.trim(), &mut hexes)?,
            None => hexes.push(hex(layout, label(layout, item)?)?),
        }
    }
    Ok(hexes)
}

/// A label as written.
fn label(layout: &Layout, text: &str) -> Result<Label, Wrong> {
    layout
        .parse_label(text)
        .map_err(|e| (ErrorKind::BadLabel, e.to_string()))
}

/// The hex of a label inside the map's extents.
fn hex(layout: &Layout, label: Label) -> Result<Hex, Wrong> {
    layout.label_to_hex(label).ok_or_else(|| {
        let message = format!("hex {label} is outside the map's rows and columns");
        (ErrorKind::OffMap, message)
    })
}

/// Every hex from `from` to `to` along their printed row or column, pushed in order.
fn line(layout: &Layout, from: &str, to: &str, hexes: &mut Vec<Hex>) -> Result<(), Wrong> {
    let (a, b) = (label(layout, from)?, label(layout, to)?);
    let ((ra, ca), (rb, cb)) = (layout.row_col(a), layout.row_col(b));
    let along_row = ra == rb;
    if a.sheet != b.sheet || !(along_row || ca == cb) {
        let message = format!("hexes {a} and {b} are not on one printed row or column");
        return Err((ErrorKind::NotAdjacent, message));
    }
    let (start, end) = if along_row { (ca, cb) } else { (ra, rb) };
    let numbers: Vec<u16> = if start <= end {
        (start..=end).collect()
    } else {
        (end..=start).rev().collect()
    };
    for n in numbers {
        let (row, col) = if along_row { (ra, n) } else { (n, ca) };
        hexes.push(hex(layout, layout.label_at(a.sheet, row, col))?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Compass;

    fn text(layout: &Layout, pairs: &[(Hex, Hex)]) -> Vec<String> {
        let l = |h: &Hex| {
            layout
                .hex_to_label(*h)
                .map(|l| l.to_string())
                .unwrap_or_default()
        };
        pairs
            .iter()
            .map(|(a, b)| format!("{}|{}", l(a), l(b)))
            .collect()
    }

    #[test]
    fn a_hex_and_a_direction_name_the_side_as_printed() {
        // Rows grow north: row 11 is above row 10; even rows sit half a hex east.
        let layout = Layout::row_column(Orientation::Pointy, 9..=11, 1..=5);
        let p = pairs(&layout, "1002/NE").unwrap();
        assert_eq!(text(&layout, &p), ["1002|1103"]);
        let p = pairs(&layout, "1002/ne+E+sw").unwrap();
        assert_eq!(text(&layout, &p), ["1002|1103", "1002|1003", "1002|0902"]);
        let south = layout.with_growth(Compass::South, Compass::East);
        assert_eq!(
            text(&south, &pairs(&south, "1002/NE").unwrap()),
            ["1002|0903"]
        );
    }

    #[test]
    fn a_line_takes_every_hex_between_its_ends() {
        let layout = Layout::row_column(Orientation::Flat, 1..=4, 1..=3);
        let p = pairs(&layout, "0401-0101/N").unwrap_err();
        assert_eq!(p.0, ErrorKind::OffMap);
        assert_eq!(p.1, "hexside 0401/N has no hex of the map beyond it");
        let p = pairs(&layout, "0101-0301/N").unwrap();
        assert_eq!(text(&layout, &p), ["0101|0201", "0201|0301", "0301|0401"]);
        let diagonal = pairs(&layout, "0101-0202/N").unwrap_err();
        assert_eq!(diagonal.0, ErrorKind::NotAdjacent);
    }

    #[test]
    fn a_boundary_is_every_hexside_between_the_two_sets() {
        // Pointy, 20 rows: between columns 10 and 11, 20 sides east and 19 diagonal.
        let layout = Layout::row_column(Orientation::Pointy, 1..=20, 1..=20);
        let p = pairs(&layout, "0110-2010 | 0111-2011").unwrap();
        assert_eq!(p.len(), 39);
        assert!(p.iter().all(|(a, b)| a.is_adjacent(*b)));
        let apart = pairs(&layout, "0101 | 0103").unwrap_err();
        assert_eq!(apart.0, ErrorKind::NotAdjacent);
    }

    #[test]
    fn unknown_directions_and_bad_labels_are_named() {
        let layout = Layout::row_column(Orientation::Flat, 1..=4, 1..=3);
        let e = pairs(&layout, "0101/E").unwrap_err();
        assert_eq!(e.0, ErrorKind::UnknownName);
        assert_eq!(
            e.1,
            "`E` is not a side of this map's hexes (flat hexes have sides N NE SE S SW NW)"
        );
        assert_eq!(pairs(&layout, "0101").unwrap_err().0, ErrorKind::BadLabel);
        assert_eq!(pairs(&layout, "01x1/N").unwrap_err().0, ErrorKind::BadLabel);
        assert_eq!(pairs(&layout, "0909/N").unwrap_err().0, ErrorKind::OffMap);
    }

    /// A line of three or more ends is named as such (not as a bad label `0201-0301`).
    #[test]
    fn a_line_of_more_than_two_ends_says_so() {
        let layout = Layout::row_column(Orientation::Pointy, 1..=4, 1..=3);
        for (text, item, ends) in [
            ("0101-0201-0301/E", "0101-0201-0301", 3),
            ("0101, 0101-0201-0301-0401/E", "0101-0201-0301-0401", 4),
            ("0101-0201-0301 | 0102", "0101-0201-0301", 3),
            ("0101--0301/E", "0101--0301", 3),
        ] {
            let e = pairs(&layout, text).unwrap_err();
            assert_eq!(e.0, ErrorKind::BadLabel, "{text}");
            assert_eq!(
                e.1,
                format!(
                    "`{item}` is a line of {ends} ends: a line is two labels joined by one `-` \
                     (`1001-1020`); name more lines separated by commas"
                ),
                "{text}"
            );
        }
        assert!(pairs(&layout, "0101-0301/E").is_ok());
    }
}
