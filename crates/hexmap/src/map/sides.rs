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

/// What the names of a map's hexsides may expand to, all together: one step for each label,
/// hex of a line, direction and hexside ([`crate::limits::named_hexsides_budget`] of the
/// names' bytes).
#[derive(Debug)]
pub(crate) struct Expansion {
    left: usize,
    limit: usize,
}

impl Expansion {
    /// A budget of `limit` steps.
    pub(crate) fn new(limit: usize) -> Self {
        Expansion { left: limit, limit }
    }

    /// The steps taken so far.
    #[cfg(test)]
    pub(crate) fn taken(&self) -> usize {
        self.limit - self.left
    }

    /// One more step, within the budget.
    fn step(&mut self) -> Result<(), Wrong> {
        match self.left.checked_sub(1) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => {
                let message = format!(
                    "the hexsides named expand to more than {} hexes and hexsides (the map's \
                     limit, hexmap::limits::named_hexsides_budget: {} per byte of the names and \
                     {} more)",
                    self.limit,
                    crate::limits::NAMED_HEXSIDES_PER_BYTE,
                    crate::limits::NAMED_HEXSIDES_BASE
                );
                Err((ErrorKind::TooMany, message))
            }
        }
    }
}

/// The hexsides one name gives: each once, and how many it named again.
#[derive(Debug, Default)]
pub(crate) struct Named {
    /// The pairs of hexes, each once, the first of each on the side named.
    pub(crate) pairs: Vec<(Hex, Hex)>,
    /// Hexsides named more than once by a hex or a direction given twice (`1001-1005, 1003/E`,
    /// `1001/E+E`); a boundary's sets are sets, and name none twice.
    pub(crate) repeated: usize,
}

/// The pairs of hexes the hexsides `text` names lie between, the first of each pair on the
/// side named (in a boundary, in the first set); the steps taken from `budget`.
pub(crate) fn pairs(layout: &Layout, text: &str, budget: &mut Expansion) -> Result<Named, Wrong> {
    match text.split_once('|') {
        Some((first, second)) => Ok(Named {
            pairs: boundary(layout, first, second, budget)?,
            repeated: 0,
        }),
        None => sides(layout, text, budget),
    }
}

/// `HEXES/DIRECTIONS`: the sides of each hex named, each hex and each direction once.
fn sides(layout: &Layout, text: &str, budget: &mut Expansion) -> Result<Named, Wrong> {
    let Some((hexes, names)) = text.split_once('/') else {
        let message = format!(
            "`{}` names no hexside: write a hex and a direction (`1012/NE`), a line of hexes \
             and directions (`1001-1020/NW+NE`) or two sets of hexes (`0110-2010 | 0111-2011`)",
            text.trim()
        );
        return Err((ErrorKind::BadLabel, message));
    };
    let (hexes, hexes_named) = set(layout, hexes, budget)?;
    // At most six directions: a direction named again is kept once.
    let mut directions = Vec::new();
    let mut directions_named = 0usize;
    for name in names.split('+').map(str::trim) {
        budget.step()?;
        directions_named = directions_named.saturating_add(1);
        match layout.direction_named(name) {
            Some(d) if !directions.contains(&d) => directions.push(d),
            Some(_) => {}
            None => return Err(unknown_direction(layout, name)),
        }
    }
    let mut pairs = Vec::new();
    for &hex in &hexes {
        for &d in &directions {
            budget.step()?;
            pairs.push((hex, beyond(layout, hex, d)?));
        }
    }
    let repeated = hexes_named
        .saturating_mul(directions_named)
        .saturating_sub(pairs.len());
    Ok(Named { pairs, repeated })
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
fn boundary(
    layout: &Layout,
    first: &str,
    second: &str,
    budget: &mut Expansion,
) -> Result<Vec<(Hex, Hex)>, Wrong> {
    if second.contains('|') {
        let message = "a boundary is between two sets of hexes: one `|`".to_string();
        return Err((ErrorKind::BadLabel, message));
    }
    let a: BTreeSet<Hex> = set(layout, first, budget)?.0.into_iter().collect();
    let b: BTreeSet<Hex> = set(layout, second, budget)?.0.into_iter().collect();
    let mut out = Vec::new();
    for &hex in a.iter().filter(|h| !b.contains(*h)) {
        for other in hex.neighbors() {
            budget.step()?;
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

/// Labels and lines of labels (`1001-1020`), separated by commas: their hexes, each once, in
/// the order first named, and how many were named (a hex named twice counts twice).
fn set(layout: &Layout, text: &str, budget: &mut Expansion) -> Result<(Vec<Hex>, usize), Wrong> {
    let mut named = Vec::new();
    for item in text.split(',').map(str::trim) {
        budget.step()?;
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
            Some((from, to)) => line(layout, from.trim(), to.trim(), &mut named, budget)?,
            None => named.push(hex(layout, label(layout, item)?)?),
        }
    }
    let count = named.len();
    let mut seen = BTreeSet::new();
    named.retain(|h| seen.insert(*h));
    Ok((named, count))
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
fn line(
    layout: &Layout,
    from: &str,
    to: &str,
    hexes: &mut Vec<Hex>,
    budget: &mut Expansion,
) -> Result<(), Wrong> {
    let (a, b) = (label(layout, from)?, label(layout, to)?);
    let ((ra, ca), (rb, cb)) = (layout.row_col(a), layout.row_col(b));
    let along_row = ra == rb;
    if a.sheet != b.sheet || !(along_row || ca == cb) {
        let message = format!("hexes {a} and {b} are not on one printed row or column");
        return Err((ErrorKind::NotAdjacent, message));
    }
    let (start, end) = if along_row { (ca, cb) } else { (ra, rb) };
    let numbers: Box<dyn Iterator<Item = u16>> = if start <= end {
        Box::new(start..=end)
    } else {
        Box::new((end..=start).rev())
    };
    for n in numbers {
        budget.step()?;
        let (row, col) = if along_row { (ra, n) } else { (n, ca) };
        hexes.push(hex(layout, layout.label_at(a.sheet, row, col))?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Compass;

    fn big() -> Expansion {
        Expansion::new(1 << 20)
    }

    fn text(layout: &Layout, named: &Named) -> Vec<String> {
        let pairs = &named.pairs;
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
        let p = pairs(&layout, "1002/NE", &mut big()).unwrap();
        assert_eq!(text(&layout, &p), ["1002|1103"]);
        let p = pairs(&layout, "1002/ne+E+sw", &mut big()).unwrap();
        assert_eq!(text(&layout, &p), ["1002|1103", "1002|1003", "1002|0902"]);
        let south = layout.with_growth(Compass::South, Compass::East);
        assert_eq!(
            text(&south, &pairs(&south, "1002/NE", &mut big()).unwrap()),
            ["1002|0903"]
        );
    }

    #[test]
    fn a_line_takes_every_hex_between_its_ends() {
        let layout = Layout::row_column(Orientation::Flat, 1..=4, 1..=3);
        let p = pairs(&layout, "0401-0101/N", &mut big()).unwrap_err();
        assert_eq!(p.0, ErrorKind::OffMap);
        assert_eq!(p.1, "hexside 0401/N has no hex of the map beyond it");
        let p = pairs(&layout, "0101-0301/N", &mut big()).unwrap();
        assert_eq!(text(&layout, &p), ["0101|0201", "0201|0301", "0301|0401"]);
        let diagonal = pairs(&layout, "0101-0202/N", &mut big()).unwrap_err();
        assert_eq!(diagonal.0, ErrorKind::NotAdjacent);
    }

    #[test]
    fn a_boundary_is_every_hexside_between_the_two_sets() {
        // Pointy, 20 rows: between columns 10 and 11, 20 sides east and 19 diagonal.
        let layout = Layout::row_column(Orientation::Pointy, 1..=20, 1..=20);
        let p = pairs(&layout, "0110-2010 | 0111-2011", &mut big()).unwrap();
        assert_eq!(p.pairs.len(), 39);
        assert!(p.pairs.iter().all(|(a, b)| a.is_adjacent(*b)));
        let apart = pairs(&layout, "0101 | 0103", &mut big()).unwrap_err();
        assert_eq!(apart.0, ErrorKind::NotAdjacent);
    }

    #[test]
    fn unknown_directions_and_bad_labels_are_named() {
        let layout = Layout::row_column(Orientation::Flat, 1..=4, 1..=3);
        let e = pairs(&layout, "0101/E", &mut big()).unwrap_err();
        assert_eq!(e.0, ErrorKind::UnknownName);
        assert_eq!(
            e.1,
            "`E` is not a side of this map's hexes (flat hexes have sides N NE SE S SW NW)"
        );
        assert_eq!(
            pairs(&layout, "0101", &mut big()).unwrap_err().0,
            ErrorKind::BadLabel
        );
        assert_eq!(
            pairs(&layout, "01x1/N", &mut big()).unwrap_err().0,
            ErrorKind::BadLabel
        );
        assert_eq!(
            pairs(&layout, "0909/N", &mut big()).unwrap_err().0,
            ErrorKind::OffMap
        );
    }

    /// What a name expands to is counted (linear in the hexes it names, however often it
    /// names them) and refused beyond its budget, naming the limit.
    #[test]
    fn a_name_expands_within_its_budget_each_hexside_once() {
        let layout = Layout::row_column(Orientation::Pointy, 1..=4, 1..=61);
        let steps = |text: &str| {
            let mut budget = big();
            let named = pairs(&layout, text, &mut budget).unwrap();
            (named.pairs.len(), named.repeated, budget.taken())
        };
        // 1 item, 20 hexes, 1 direction, 20 hexsides; then 40 of each.
        assert_eq!(steps("0101-0120/E"), (20, 0, 42));
        assert_eq!(steps("0101-0140/E"), (40, 0, 82));
        // The same line named n times and E n times: n items and n x 20 hexes read, 20 kept.
        for n in [10, 20, 40] {
            let text = format!(
                "{}/{}",
                vec!["0101-0120"; n].join(","),
                vec!["E"; n].join("+")
            );
            assert_eq!(steps(&text), (20, 20 * n * n - 20, n + 20 * n + n + 20));
        }
        let mut small = Expansion::new(41);
        let e = pairs(&layout, "0101-0120/E", &mut small).unwrap_err();
        assert_eq!(e.0, ErrorKind::TooMany);
        assert_eq!(
            e.1,
            "the hexsides named expand to more than 41 hexes and hexsides (the map's limit, \
             hexmap::limits::named_hexsides_budget: 64 per byte of the names and 262144 more)"
        );
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
            let e = pairs(&layout, text, &mut big()).unwrap_err();
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
        assert!(pairs(&layout, "0101-0301/E", &mut big()).is_ok());
    }
}
