//! The layout that numbers a picture's hex centres as they are labelled, and three of them
//! that align the editor's page on it exactly: for a grid someone else numbered (a VASSAL
//! board's).

use hexmap::{Compass, Label, LabelError, LabelOrder, Layout, Orientation, Parity, Sheet};

use crate::geometry::{AlignPoint, grid_position};

/// Why no layout numbers a picture's hex centres as they are labelled ([`fit()`]).
///
/// # Example
/// ```
/// use map_editor::{AlignPoint, FitError, fit};
/// let uneven = [
///     AlignPoint { label: "0101".into(), x: 0.0, y: 0.0 },
///     AlignPoint { label: "011".into(), x: 0.0, y: 40.0 },
/// ];
/// assert_eq!(fit(hexmap::Orientation::Flat, &uneven), Err(FitError::Uneven("011".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FitError {
    /// The labels are not all of one even length (two numbers of the same digits): the first
    /// that is not.
    Uneven(String),
    /// A label is not two numbers.
    Label(LabelError),
    /// No orientation's stagger, label order or growth puts every centre within a pixel of
    /// where it is.
    NoLayout,
}

impl std::fmt::Display for FitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FitError::Uneven(label) => write!(
                f,
                "its labels are not all of the same even length (`{label}`)"
            ),
            FitError::Label(e) => write!(f, "{e}"),
            FitError::NoLayout => write!(
                f,
                "no layout (stagger, label order, growth) numbers the hexes as they are labelled"
            ),
        }
    }
}

impl std::error::Error for FitError {}

/// The layout of `orientation` whose labels sit at `centres` (each a hex's centre on a
/// picture, in pixels, and its label as printed): the label order, the stagger and the
/// growth of rows and columns that put every centre within a pixel of where it is, the
/// extents those of the labels; and three of the centres, far apart and not on one line,
/// that align the editor's page on it exactly ([`page`](crate::page)).
///
/// A grid turned half a turn fits as well as itself: the first layout tried that fits is
/// given (row-column before column-row, odd before even lines shifted, rows growing north
/// before south, columns east before west).
///
/// # Example
/// ```
/// use map_editor::{AlignPoint, fit, grid_position};
/// use hexmap::{Compass, Layout, Orientation, Parity};
/// let printed = Layout::column_row(Orientation::Flat, 1..=4, 1..=5)
///     .with_shifted(Parity::Odd)
///     .with_growth(Compass::North, Compass::East);
/// // Where a picture at 40 pixels a hex, 10 in from its corner, has each centre.
/// let centres: Vec<AlignPoint> = printed
///     .labels()
///     .map(|l| {
///         let (row, column) = printed.row_col(l);
///         let (x, y) = grid_position(&printed, i32::from(row), i32::from(column));
///         AlignPoint { label: l.to_string(), x: 10.0 + 40.0 * x, y: 10.0 + 40.0 * y }
///     })
///     .collect();
/// let (layout, align) = fit(Orientation::Flat, &centres).unwrap();
/// assert_eq!(layout, printed);
/// assert_eq!(align.len(), 3);
/// ```
pub fn fit(
    orientation: Orientation,
    centres: &[AlignPoint],
) -> Result<(Layout, Vec<AlignPoint>), FitError> {
    let digits = centres.iter().map(|c| c.label.len()).max().unwrap_or(4);
    if digits % 2 != 0 || centres.iter().any(|c| c.label.len() != digits) {
        let first = centres.iter().find(|c| c.label.len() != digits);
        return Err(FitError::Uneven(
            first.map_or(String::new(), |c| c.label.clone()),
        ));
    }
    let width = u8::try_from(digits / 2).unwrap_or(2);
    let numbers: Vec<(u16, u16)> = centres
        .iter()
        .map(|c| {
            let l = Label::parse(&c.label, width).map_err(FitError::Label)?;
            Ok((l.first, l.second))
        })
        .collect::<Result<_, FitError>>()?;
    let refs = reference_points(centres);
    for order in [LabelOrder::RowColumn, LabelOrder::ColumnRow] {
        let rc: Vec<(u16, u16)> = numbers
            .iter()
            .map(|&(a, b)| {
                if order == LabelOrder::RowColumn {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        let range = |f: fn(&(u16, u16)) -> u16| {
            let lo = rc.iter().map(f).min().unwrap_or(0);
            lo..=rc.iter().map(f).max().unwrap_or(0)
        };
        let base = Layout::new(
            orientation,
            order,
            vec![Sheet::new(range(|p| p.0), range(|p| p.1))],
        )
        .with_digits(width);
        for layout in variants(base) {
            if let Some(align) = fits(&layout, centres, &rc, refs) {
                return Ok((layout, align));
            }
        }
    }
    Err(FitError::NoLayout)
}

/// The layout with each stagger and growth.
fn variants(base: Layout) -> Vec<Layout> {
    let mut out = Vec::new();
    for shifted in [Parity::Odd, Parity::Even] {
        for rows in [Compass::North, Compass::South] {
            for columns in [Compass::East, Compass::West] {
                out.push(
                    base.clone()
                        .with_shifted(shifted)
                        .with_growth(rows, columns),
                );
            }
        }
    }
    out
}

/// Three centres far apart and not on one line: the first, the farthest from it, and the one
/// farthest from the line through those two.
fn reference_points(c: &[AlignPoint]) -> [usize; 3] {
    let d = |i: usize, j: usize| (c[i].x - c[j].x).hypot(c[i].y - c[j].y);
    let far = (0..c.len())
        .max_by(|&i, &j| d(0, i).total_cmp(&d(0, j)))
        .unwrap_or(0);
    let area = |k: usize| {
        ((c[far].x - c[0].x) * (c[k].y - c[0].y) - (c[far].y - c[0].y) * (c[k].x - c[0].x)).abs()
    };
    let third = (0..c.len())
        .max_by(|&i, &j| area(i).total_cmp(&area(j)))
        .unwrap_or(0);
    [0, far, third]
}

/// The alignment points when `layout` puts every centre within a pixel of where it is.
fn fits(
    layout: &Layout,
    c: &[AlignPoint],
    rc: &[(u16, u16)],
    refs: [usize; 3],
) -> Option<Vec<AlignPoint>> {
    let ideal = |i: usize| grid_position(layout, i32::from(rc[i].0), i32::from(rc[i].1));
    let m = affine(
        [ideal(refs[0]), ideal(refs[1]), ideal(refs[2])],
        refs.map(|i| (c[i].x, c[i].y)),
    )?;
    let all_fit = (0..c.len()).all(|i| {
        let (u, v) = ideal(i);
        let (x, y) = (m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5]);
        (x - c[i].x).hypot(y - c[i].y) <= 1.0
    });
    // A mirror image also fits three points; the page draws with an unmirrored alignment.
    let unmirrored = m[0] * m[4] - m[1] * m[3] > 0.0;
    (all_fit && unmirrored).then(|| refs.iter().map(|&i| c[i].clone()).collect())
}

/// The affine map taking three points to three others, as `[a, b, e, c, d, f]` with
/// `x' = a u + b v + e`, `y' = c u + d v + f`; `None` when the three are on one line.
fn affine(from: [(f64, f64); 3], to: [(f64, f64); 3]) -> Option<[f64; 6]> {
    let [(u0, v0), (u1, v1), (u2, v2)] = from;
    let det = (u1 - u0) * (v2 - v0) - (u2 - u0) * (v1 - v0);
    if det.abs() < 1e-9 {
        return None;
    }
    let solve = |p0: f64, p1: f64, p2: f64| {
        let a = ((p1 - p0) * (v2 - v0) - (p2 - p0) * (v1 - v0)) / det;
        let b = ((u1 - u0) * (p2 - p0) - (u2 - u0) * (p1 - p0)) / det;
        (a, b, p0 - a * u0 - b * v0)
    };
    let (a, b, e) = solve(to[0].0, to[1].0, to[2].0);
    let (c, d, f) = solve(to[0].1, to[1].1, to[2].1);
    Some([a, b, e, c, d, f])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn affine_is_exact_and_refuses_a_line() {
        let m = affine(
            [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
            [(10.0, 20.0), (12.0, 20.0), (10.0, 23.0)],
        );
        assert_eq!(m, Some([2.0, 0.0, 10.0, 0.0, 3.0, 20.0]));
        assert!(affine([(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)], [(0.0, 0.0); 3]).is_none());
    }

    /// Where a picture at 40 pixels a hex, 10 in from its corner, has each hex of `layout`.
    fn picture(layout: &Layout) -> Vec<AlignPoint> {
        layout
            .labels()
            .map(|l| {
                let (row, column) = layout.row_col(l);
                let (x, y) = grid_position(layout, i32::from(row), i32::from(column));
                AlignPoint {
                    label: l.to_string(),
                    x: 10.0 + 40.0 * x,
                    y: 10.0 + 40.0 * y,
                }
            })
            .collect()
    }

    #[test]
    fn every_stagger_and_growth_is_found_with_its_neighbours() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for order in [LabelOrder::RowColumn, LabelOrder::ColumnRow] {
                let sheet = Sheet::new(3..=6, 2..=4);
                let base = Layout::new(orientation, order, vec![sheet]).with_digits(2);
                for printed in variants(base) {
                    let centres = picture(&printed);
                    let (layout, align) = fit(orientation, &centres).unwrap();
                    assert_eq!(layout.sheets, printed.sheets);
                    assert_eq!(align.len(), 3);
                    // The same hexes are neighbours, and as far apart, as printed (a grid
                    // turned half a turn may be found for itself).
                    let hex = |l: &Layout, c: &AlignPoint| {
                        l.label_to_hex(l.parse_label(&c.label).unwrap()).unwrap()
                    };
                    for a in &centres {
                        for b in &centres {
                            let found = hex(&layout, a).distance(hex(&layout, b));
                            let there = hex(&printed, a).distance(hex(&printed, b));
                            assert_eq!(found, there, "{printed:?} as {layout:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn labels_of_another_length_or_no_layout_are_refused() {
        let printed = Layout::column_row(Orientation::Flat, 1..=3, 1..=3);
        let mut centres = picture(&printed);
        assert!(fit(Orientation::Flat, &centres).is_ok());
        // One hex five pixels off where its neighbours put it: no layout fits.
        centres[4].x += 5.0;
        assert_eq!(fit(Orientation::Flat, &centres), Err(FitError::NoLayout));
        centres[4].label = "022".into();
        assert_eq!(
            fit(Orientation::Flat, &centres),
            Err(FitError::Uneven("022".into()))
        );
        centres[4].label = "0x02".into();
        assert!(matches!(
            fit(Orientation::Flat, &centres),
            Err(FitError::Label(_))
        ));
    }
}
