//! The page's geometry before alignment ([`grid_position`]), and the points that align it on a
//! picture ([`AlignPoint`]).

use hexmap::{Compass, Layout, Orientation};

/// A hex centre on the picture, in the picture's pixels: three of them (not on one line) align
/// the grid exactly, as a VASSAL board's grid gives them.
///
/// # Example
/// ```
/// let at = map_editor::AlignPoint { label: "0101".into(), x: 10.0, y: 12.5 };
/// assert_eq!(at.label, "0101");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AlignPoint {
    /// The hex's label, as printed.
    pub label: String,
    /// Pixels from the picture's left edge.
    pub x: f64,
    /// Pixels from the picture's top edge.
    pub y: f64,
}

/// Where the editor page puts the centre of the hex in printed `row` and `column` before it is
/// aligned: hexes of circumradius 1, the first row and column at 0, rows and columns growing
/// the way the layout says (north is up, y grows down), shifted lines half a hex toward higher
/// numbers of the other axis. An alignment is the affine map from these to the picture's
/// pixels.
///
/// # Example
/// ```
/// use hexmap::{Compass, Layout, Orientation, Parity};
/// let l = Layout::row_column(Orientation::Flat, 1..=2, 1..=2)
///     .with_shifted(Parity::Even)
///     .with_growth(Compass::South, Compass::East);
/// assert_eq!(map_editor::grid_position(&l, 1, 1), (0.0, 0.0));
/// let (x, y) = map_editor::grid_position(&l, 1, 2);
/// assert!((x - 1.5).abs() < 1e-9 && (y - 3f64.sqrt() / 2.0).abs() < 1e-9);
/// ```
pub fn grid_position(layout: &Layout, row: i32, column: i32) -> (f64, f64) {
    let (r0, c0) = layout
        .sheets
        .first()
        .map_or((0, 0), |s| (i32::from(s.rows.0), i32::from(s.columns.0)));
    let sx = if layout.columns_grow == Compass::West {
        -1.0
    } else {
        1.0
    };
    let sy = if layout.rows_grow == Compass::North {
        -1.0
    } else {
        1.0
    };
    let s3 = 3f64.sqrt();
    let (dr, dc) = (f64::from(row - r0), f64::from(column - c0));
    match layout.orientation {
        Orientation::Flat => {
            let half = if layout.is_shifted(column) { 0.5 } else { 0.0 };
            (dc * 1.5 * sx, (dr + half) * s3 * sy)
        }
        Orientation::Pointy => {
            let half = if layout.is_shifted(row) { 0.5 } else { 0.0 };
            ((dc + half) * s3 * sx, dr * 1.5 * sy)
        }
    }
}
