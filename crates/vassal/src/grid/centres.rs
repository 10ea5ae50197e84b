//! Where a hex grid's numbered hexes are: every hex centre of a board's (or a zone's)
//! [`HexGrid`] with its location as VASSAL names it, for a tool that maps the grid to a hex
//! layout of its own (the map editor, aligning its page on a VASSAL board). A numbering that
//! plain hex labels cannot express (letters, a separator, unpadded numbers, a class of the
//! module's own) is refused, naming the attribute.

use std::fmt;

use super::{HexGrid, Numbering, Zone};

/// Where a grid's hexes are looked for: the size of the grid's container (the board, or the
/// zone's bounds) and, in a zone, its polygon.
#[derive(Clone, Copy, Debug)]
pub struct Area<'a> {
    /// The container's width and height, in pixels.
    pub size: (i32, i32),
    /// The zone whose polygon holds the hexes, if the grid is a zone's.
    pub zone: Option<&'a Zone>,
}

/// One numbered hex of a grid: its centre on the board and its location as VASSAL names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Centre {
    /// Pixels from the board's left edge.
    pub x: f64,
    /// Pixels from the board's top edge.
    pub y: f64,
    /// The location, as VASSAL shows it (`0512`).
    pub label: String,
}

/// Why a grid's centres cannot be listed ([`HexGrid::centres`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum CentresError {
    /// The grid has no numbering: it names no hex.
    NoNumbering,
    /// The numbering names hexes otherwise than plain hex labels (two numbers, each padded to
    /// the same digits, nothing between them): why, naming the attribute.
    Numbering(String),
    /// A distance between hexes (`dx`, `dy`) is not a number above 0.
    Spacing {
        /// The attribute.
        attr: &'static str,
        /// Its value.
        value: f64,
    },
    /// The grid has room for more hexes than the caller's `max`, counted before any is looked
    /// at.
    Room {
        /// Candidate positions: columns times the rows a column can hold.
        candidates: f64,
        /// Columns of hexes on the board.
        columns: f64,
        /// The most hexes a column can hold.
        rows: f64,
        /// The caller's most.
        max: usize,
    },
    /// More numbered hexes than the caller's `max`.
    TooMany(usize),
    /// Fewer than three numbered hexes on the board (three align a picture).
    TooFew,
}

impl fmt::Display for CentresError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CentresError::NoNumbering => f.write_str("the HexGrid has no HexGridNumbering"),
            CentresError::Numbering(why) => {
                write!(f, "the grid's numbering cannot be hex labels: {why}")
            }
            CentresError::Spacing { attr, value } => write!(
                f,
                "the HexGrid's `{attr}=\"{value}\"`: the distance between hexes must be a number above 0"
            ),
            CentresError::Room {
                candidates,
                columns,
                rows,
                max,
            } => write!(
                f,
                "the grid has room for {candidates:.0} hexes on the board ({columns:.0} columns of up to {rows:.0}); a map has at most {max}"
            ),
            CentresError::TooMany(max) => write!(f, "the grid has more than {max} hexes"),
            CentresError::TooFew => {
                f.write_str("the grid has fewer than three numbered hexes on the board")
            }
        }
    }
}

impl std::error::Error for CentresError {}

impl Numbering {
    /// The attributes of this numbering that plain hex labels (two numbers of the same digits,
    /// nothing between them, the grid's own location) cannot express, named; `None` when they
    /// can.
    pub fn label_refusal(&self) -> Option<String> {
        let n = self;
        if let Some(class) = &n.custom_class {
            return Some(format!(
                "the numbering is a class of the module's own (`{class}`)"
            ));
        }
        for (attr, kind) in [("hType", n.h_type), ("vType", n.v_type)] {
            if kind != 'N' {
                return Some(format!(
                    "`{attr}=\"{kind}\"`: letters; hex labels are numbers"
                ));
            }
        }
        if !n.sep.is_empty() {
            return Some(format!("`sep=\"{}\"`: hex labels have no separator", n.sep));
        }
        for (attr, leading) in [("hLeading", n.h_leading), ("vLeading", n.v_leading)] {
            if leading < 1 {
                return Some(format!(
                    "`{attr}=\"{leading}\"`: unpadded numbers; hex labels pad each number to the same digits"
                ));
            }
        }
        if n.h_leading != n.v_leading {
            return Some(format!(
                "`hLeading=\"{}\"` and `vLeading=\"{}\"` differ; hex labels give both numbers the same digits",
                n.h_leading, n.v_leading
            ));
        }
        if n.location_format != "$gridLocation$" {
            return Some(format!(
                "`locationFormat=\"{}\"`: locations other than the grid's own label",
                n.location_format
            ));
        }
        None
    }
}

impl HexGrid {
    /// Every hex centre of the grid inside `area`, with its location as VASSAL names it, in
    /// column order; at most `max` of them (the most hexes the caller's map may have), and at
    /// least three. A hex numbered below zero is left out (no label names it).
    ///
    /// ```
    /// use vassal::grid::{Area, HexGrid, Numbering};
    /// let mut grid = HexGrid::default();
    /// grid.numbering = Some(Numbering::default());
    /// let centres = grid.centres(Area { size: (200, 150), zone: None }, 1000).unwrap();
    /// assert_eq!((centres[0].x, centres[0].y, centres[0].label.as_str()), (0.0, 32.0, "0101"));
    /// assert!(grid.centres(Area { size: (200, 150), zone: None }, 3).is_err());
    /// ```
    pub fn centres(&self, area: Area<'_>, max: usize) -> Result<Vec<Centre>, CentresError> {
        let g = self;
        let n = g.numbering.as_ref().ok_or(CentresError::NoNumbering)?;
        if let Some(why) = n.label_refusal() {
            return Err(CentresError::Numbering(why));
        }
        // In the grid's own frame (rotated for a sideways grid): columns of hexes `dx` apart.
        let (w, h) = if g.sideways {
            (area.size.1, area.size.0)
        } else {
            area.size
        };
        let (x0, y0) = (f64::from(g.x0), f64::from(g.y0));
        let (first, last) = g.candidate_columns(w, h, max)?;
        let mut out = Vec::new();
        for c in first..=last {
            let x = x0 + c as f64 * g.dx;
            let half = if c.rem_euclid(2) == 1 {
                g.dy / 2.0
            } else {
                0.0
            };
            let rows = ((0.0 - y0 - half) / g.dy).ceil() as i64
                ..=((f64::from(h) - y0 - half) / g.dy).floor() as i64;
            for r in rows {
                let y = y0 + half + r as f64 * g.dy;
                let (bx, by) = if g.sideways { (y, x) } else { (x, y) };
                let p = (bx.round() as i32, by.round() as i32);
                if area.zone.is_some_and(|z| !z.polygon.contains(p)) {
                    continue;
                }
                let (row, col) = g.row_column(n, p, area.size);
                if i64::from(row) + i64::from(n.v_off) < 0
                    || i64::from(col) + i64::from(n.h_off) < 0
                {
                    continue; // numbered below zero: not a hex a label can name
                }
                out.push(Centre {
                    x: bx,
                    y: by,
                    label: n.location(row, col),
                });
                if out.len() > max {
                    return Err(CentresError::TooMany(max));
                }
            }
        }
        if out.len() < 3 {
            return Err(CentresError::TooFew);
        }
        Ok(out)
    }

    /// The first and last column of hexes the grid can have on an area `w` by `h` pixels (in
    /// the grid's frame), counted before any is looked at: a hex width or height that is not a
    /// number above 0 is refused, and so are more candidate positions (columns times the rows a
    /// column can hold) than `max`, so that no grid, however large its board or its numbering
    /// offsets, makes the search long.
    fn candidate_columns(&self, w: i32, h: i32, max: usize) -> Result<(i64, i64), CentresError> {
        let g = self;
        for (attr, value) in [("dx", g.dx), ("dy", g.dy)] {
            if !(value.is_finite() && value > 0.0) {
                return Err(CentresError::Spacing { attr, value });
            }
        }
        let x0 = f64::from(g.x0);
        let first = ((0.0 - x0) / g.dx).ceil();
        let last = ((f64::from(w) - x0) / g.dx).floor();
        let columns = last - first + 1.0;
        // A column holds at most one hex per `dy` of the height, and one more.
        let rows = (f64::from(h) / g.dy).floor() + 1.0;
        let candidates = columns * rows;
        if columns.is_nan() || columns.is_infinite() || candidates > max as f64 {
            return Err(CentresError::Room {
                candidates,
                columns,
                rows,
                max,
            });
        }
        if columns < 1.0 || rows < 1.0 {
            return Err(CentresError::TooFew);
        }
        // Both are whole numbers of at most `max` apart, well inside `i64`.
        Ok((first as i64, last as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(attrs: impl FnOnce(&mut Numbering)) -> HexGrid {
        let mut n = Numbering::default();
        attrs(&mut n);
        HexGrid {
            numbering: Some(n),
            ..HexGrid::default()
        }
    }

    const AREA: Area<'static> = Area {
        size: (400, 300),
        zone: None,
    };

    #[test]
    fn every_centre_is_named_as_vassal_names_its_point() {
        let g = grid(|_| {});
        let centres = g.centres(AREA, 1_000).unwrap_or_default();
        assert!(centres.len() >= 3);
        for c in &centres {
            let p = (c.x.round() as i32, c.y.round() as i32);
            assert_eq!(
                g.location_name(p, AREA.size).as_deref(),
                Some(c.label.as_str())
            );
        }
        assert_eq!(
            g.centres(AREA, 2),
            Err(CentresError::Room {
                candidates: 40.0,
                columns: 8.0,
                rows: 5.0,
                max: 2
            })
        );
    }

    #[test]
    fn letters_separators_and_unpadded_numbers_are_refused_by_attribute() {
        for (set, attr) in [
            (
                Box::new(|n: &mut Numbering| n.h_type = 'A') as Box<dyn Fn(&mut Numbering)>,
                "hType",
            ),
            (Box::new(|n: &mut Numbering| n.sep = "-".into()), "sep"),
            (Box::new(|n: &mut Numbering| n.v_leading = 0), "vLeading"),
            (Box::new(|n: &mut Numbering| n.h_leading = 2), "differ"),
        ] {
            let err = grid(|n| set(n)).centres(AREA, 1_000).err();
            assert!(err.is_some_and(|e| e.to_string().contains(attr)), "{attr}");
        }
        assert_eq!(
            HexGrid::default().centres(AREA, 1_000),
            Err(CentresError::NoNumbering)
        );
        let mut flat = grid(|_| {});
        flat.dy = 0.0;
        assert!(matches!(
            flat.centres(AREA, 1_000),
            Err(CentresError::Spacing { attr: "dy", .. })
        ));
    }
}
