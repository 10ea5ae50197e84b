//! The tables Rust writes into the editor page so that the page does not write its own: the
//! steps from a hex to its neighbours, computed by the hex crate's [`Layout`] and
//! [`Hex`](hexmap::Hex), and the constants [`canonical_toml`](hexmap::canonical::canonical_toml)
//! writes with. Both are JSON in `<script type="application/json">` elements the page reads at start.
//!
//! The steps are a table of every orientation and shifted parity, not of one map's hexes, so
//! they hold for any layout the page's Layout form applies.

use hexmap::canonical::{GROUP, HEXSIDE_LISTS, OFF_MAP, SYMBOLS};
use hexmap::{Layout, Offset, Orientation, Parity};
use serde::Serialize;

use crate::json::{Ordered, to_script_json};

/// The neighbour steps as the page reads them: `{"neighbours": {ORIENTATION: {PARITY: [plain,
/// shifted]}}}`, where `PARITY` is the layout's `shifted` and `plain` and `shifted` are the
/// steps `[rows, columns]` from a hex on a line (a column when flat, a row when pointy) that is
/// not shifted, and from one on a shifted line. The steps are in the order the page lists
/// neighbours: the two on the hex's own line, then the two on the line before, then the two on
/// the line after, each in increasing number.
pub(crate) fn geometry_json() -> String {
    /// A hex's steps on a plain line and on a shifted one, by the layout's `shifted`.
    type ByParity = Ordered<Parity, [Vec<(i32, i32)>; 2]>;
    #[derive(Serialize)]
    struct Geometry {
        neighbours: Ordered<Orientation, ByParity>,
    }
    let neighbours = [Orientation::Flat, Orientation::Pointy]
        .into_iter()
        .map(|o| {
            let by_parity = [Parity::Odd, Parity::Even]
                .into_iter()
                .map(|p| (p, steps(o, p)))
                .collect();
            (o, Ordered(by_parity))
        })
        .collect();
    to_script_json(&Geometry {
        neighbours: Ordered(neighbours),
    })
}

/// The steps `(rows, columns)` from a hex to its six neighbours, for a hex on a plain line and
/// for one on a shifted line, read off [`Hex::neighbors`](hexmap::Hex::neighbors) through
/// [`Layout`]'s offset conversion (growth does not change adjacency).
fn steps(o: Orientation, p: Parity) -> [Vec<(i32, i32)>; 2] {
    let layout = Layout::row_column(o, 0..=5, 0..=5).with_shifted(p);
    [false, true].map(|shifted| {
        let line = if layout.is_shifted(2) == shifted {
            2
        } else {
            3
        };
        let at = match o {
            Orientation::Flat => Offset { col: line, row: 2 },
            Orientation::Pointy => Offset { col: 2, row: line },
        };
        let mut steps: Vec<(i32, i32)> = layout
            .offset_to_hex(at)
            .neighbors()
            .into_iter()
            .map(|n| {
                let n = layout.hex_to_offset(n);
                (n.row - at.row, n.col - at.col)
            })
            .collect();
        steps.sort_by_key(|&(rows, columns)| {
            let (across, along) = match o {
                Orientation::Flat => (columns, rows),
                Orientation::Pointy => (rows, columns),
            };
            (across.abs(), across, along)
        });
        steps
    })
}

/// The canonical form's constants as the page reads them: `symbols` (tried in order for a
/// terrain whose own letter is taken), `off_map`, `group` (a grid line's symbols per group) and
/// `hexsides` (each built-in hexside list: its key, its feature, whether written as paths).
pub(crate) fn form_json() -> String {
    #[derive(Serialize)]
    struct Form {
        symbols: &'static str,
        off_map: char,
        group: usize,
        hexsides: [(&'static str, &'static str, bool); 4],
    }
    to_script_json(&Form {
        symbols: SYMBOLS,
        off_map: OFF_MAP,
        group: GROUP,
        hexsides: HEXSIDE_LISTS,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_flat_hex_on_a_plain_column_steps_to_the_row_before_on_either_side() {
        // Odd columns shifted: column 2 is plain, its side neighbours are a row before and on.
        let [plain, shifted] = super::steps(super::Orientation::Flat, super::Parity::Odd);
        assert_eq!(plain, [(-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]);
        assert_eq!(shifted, [(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]);
    }

    /// The two step lists of a layout hold for every hex of it: a hex's line, shifted or not,
    /// picks the list, wherever the hex is.
    #[test]
    fn the_steps_hold_for_every_hex() {
        use super::{Layout, Offset, Orientation, Parity};
        for o in [Orientation::Flat, Orientation::Pointy] {
            for p in [Parity::Odd, Parity::Even] {
                let lists = super::steps(o, p);
                let layout = Layout::row_column(o, 0..=9, 0..=9).with_shifted(p);
                for (row, col) in (1..9).flat_map(|r| (1..9).map(move |c| (r, c))) {
                    let line = if o == Orientation::Flat { col } else { row };
                    let list = &lists[usize::from(layout.is_shifted(line))];
                    let mut by_steps: Vec<Offset> = list
                        .iter()
                        .map(|(dr, dc)| Offset {
                            row: row + dr,
                            col: col + dc,
                        })
                        .collect();
                    let at = layout.offset_to_hex(Offset { row, col });
                    let mut by_hex: Vec<Offset> =
                        at.neighbors().map(|n| layout.hex_to_offset(n)).to_vec();
                    by_steps.sort();
                    by_hex.sort();
                    assert_eq!(by_steps, by_hex, "{o:?} {p:?} row {row} column {col}");
                }
            }
        }
    }

    #[test]
    fn the_tables_are_json_of_every_orientation_and_parity() {
        let g = super::geometry_json();
        for part in ["\"flat\":{\"odd\":[[[", "\"even\":[[[", "\"pointy\":{"] {
            assert!(g.contains(part), "{part} in {g}");
        }
        assert!(super::form_json().contains("[\"roads\",\"road\",true]"));
    }
}
