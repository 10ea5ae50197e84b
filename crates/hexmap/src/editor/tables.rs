//! The tables Rust writes into the editor page so that the page does not write its own: the
//! steps from a hex to its neighbours, computed by the hex crate's [`Layout`] and
//! [`Hex`](crate::Hex), and the constants [`canonical_toml`](super::canonical_toml) writes
//! with. Both are JSON in `<script type="application/json">` elements the page reads at start.
//!
//! The steps are a table of every orientation and shifted parity, not of one map's hexes, so
//! they hold for any layout the page's Layout form applies.

use super::canonical::{GROUP, HEXSIDE_LISTS, OFF_MAP, SYMBOLS, orientation, parity};
use super::model::json_string;
use crate::layout::{Layout, Offset, Orientation, Parity};

/// The neighbour steps as the page reads them: `{"neighbours": {ORIENTATION: {PARITY: [plain,
/// shifted]}}}`, where `PARITY` is the layout's `shifted` and `plain` and `shifted` are the
/// steps `[rows, columns]` from a hex on a line (a column when flat, a row when pointy) that is
/// not shifted, and from one on a shifted line. The steps are in the order the page lists
/// neighbours: the two on the hex's own line, then the two on the line before, then the two on
/// the line after, each in increasing number.
pub(crate) fn geometry_json() -> String {
    let mut by_orientation = Vec::new();
    for o in [Orientation::Flat, Orientation::Pointy] {
        let mut by_parity = Vec::new();
        for p in [Parity::Odd, Parity::Even] {
            let lines: Vec<String> = steps(o, p)
                .iter()
                .map(|line| {
                    let steps: Vec<String> =
                        line.iter().map(|(r, c)| format!("[{r},{c}]")).collect();
                    format!("[{}]", steps.join(","))
                })
                .collect();
            by_parity.push(format!("\"{}\":[{}]", parity(p), lines.join(",")));
        }
        by_orientation.push(format!(
            "\"{}\":{{{}}}",
            orientation(o),
            by_parity.join(",")
        ));
    }
    format!("{{\"neighbours\":{{{}}}}}", by_orientation.join(","))
}

/// The steps `(rows, columns)` from a hex to its six neighbours, for a hex on a plain line and
/// for one on a shifted line, read off [`Hex::neighbors`](crate::Hex::neighbors) through
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
    let lists: Vec<String> = HEXSIDE_LISTS
        .iter()
        .map(|(key, feature, as_paths)| {
            format!("[{},{},{as_paths}]", json_string(key), json_string(feature))
        })
        .collect();
    format!(
        "{{\"symbols\":{},\"off_map\":{},\"group\":{GROUP},\"hexsides\":[{}]}}",
        json_string(SYMBOLS),
        json_string(&OFF_MAP.to_string()),
        lists.join(",")
    )
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
