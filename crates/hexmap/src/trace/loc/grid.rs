//! The map's hexes as row bitsets: a position's sets of hexes (free, enemy, zone of control,
//! friendly, chain) one bit a hex, laid out by axial rows so that neighbours share words.

use crate::coord::Hex;
use crate::map::{HexMap, NONE};

/// The hexes of a map laid out as rows of bits: a row is one axial line of hexes (constant `r`
/// or constant `q`, whichever packs tighter), each with its own first coordinate, so a step in
/// one of the six directions is a shift of a whole row by a per-row amount.
#[derive(Clone, Debug, Default)]
pub(crate) struct Grid {
    /// Per graph node: its bit (row * words * 64 + column).
    pub(crate) bit: Vec<u32>,
    /// Every hex of the map.
    pub(crate) exists: Vec<u64>,
}

/// Which axial coordinate a grid's rows keep constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rows {
    /// Rows of constant `r`, columns along `q`.
    ByR,
    /// Rows of constant `q`, columns along `r`.
    ByQ,
}

impl Grid {
    /// Lay `map` out: rows of constant `r` or of constant `q`, whichever needs fewer words.
    pub(crate) fn new(map: &HexMap) -> Grid {
        let lay = if Grid::words_for(map, Rows::ByR) <= Grid::words_for(map, Rows::ByQ) {
            Rows::ByR
        } else {
            Rows::ByQ
        };
        Grid::laid(map, lay)
    }

    /// (row, column) coordinates of a hex along the chosen axis.
    fn coords(hex: Hex, lay: Rows) -> (i64, i64) {
        match lay {
            Rows::ByR => (i64::from(hex.r), i64::from(hex.q)),
            Rows::ByQ => (i64::from(hex.q), i64::from(hex.r)),
        }
    }

    /// Per row (from the first): the least and greatest column; rows without hexes `None`.
    fn extents(map: &HexMap, lay: Rows) -> (i64, Vec<Option<(i64, i64)>>) {
        let first = map
            .hexes()
            .iter()
            .map(|h| Grid::coords(h.hex, lay).0)
            .min()
            .unwrap_or(0);
        let last = map
            .hexes()
            .iter()
            .map(|h| Grid::coords(h.hex, lay).0)
            .max()
            .unwrap_or(0);
        // The extents of a valid map are bounded (`MAX_SPAN`), so are its rows.
        let count = usize::try_from(last.saturating_sub(first).saturating_add(1)).unwrap_or(0);
        let mut rows: Vec<Option<(i64, i64)>> = vec![None; count];
        for h in map.hexes() {
            let (row, col) = Grid::coords(h.hex, lay);
            let Some(slot) = usize::try_from(row - first)
                .ok()
                .and_then(|i| rows.get_mut(i))
            else {
                continue;
            };
            *slot = Some(match *slot {
                None => (col, col),
                Some((lo, hi)) => (lo.min(col), hi.max(col)),
            });
        }
        (first, rows)
    }

    fn words_for(map: &HexMap, lay: Rows) -> usize {
        let (_, rows) = Grid::extents(map, lay);
        let width = rows
            .iter()
            .flatten()
            .map(|(lo, hi)| hi - lo + 1)
            .max()
            .unwrap_or(0);
        let words = usize::try_from(width.saturating_add(63) / 64).unwrap_or(usize::MAX);
        rows.len().saturating_mul(words)
    }

    fn laid(map: &HexMap, lay: Rows) -> Grid {
        let (first, extents) = Grid::extents(map, lay);
        let width = extents
            .iter()
            .flatten()
            .map(|(lo, hi)| hi - lo + 1)
            .max()
            .unwrap_or(0);
        let words = usize::try_from(width.saturating_add(63) / 64)
            .unwrap_or(0)
            .max(1);
        let rows = extents.len();
        // A row without hexes takes the first column of the row before it (nothing moves
        // into or out of it anyway).
        let mut start = Vec::with_capacity(rows);
        let mut last = 0;
        for e in &extents {
            if let Some((lo, _)) = e {
                last = *lo;
            }
            start.push(last);
        }
        let mut exists = vec![0u64; rows.saturating_mul(words)];
        let bit = map
            .hexes()
            .iter()
            .map(|h| {
                let (row, col) = Grid::coords(h.hex, lay);
                let r = usize::try_from(row - first).unwrap_or(0);
                let c = usize::try_from(col - start[r]).unwrap_or(0);
                let b = r * words * 64 + c;
                if let Some(w) = exists.get_mut(b / 64) {
                    *w |= 1 << (b % 64);
                }
                u32::try_from(b).unwrap_or(NONE)
            })
            .collect();
        Grid { bit, exists }
    }

    /// A zeroed set of bits the size of the grid.
    pub(crate) fn empty(&self) -> Vec<u64> {
        vec![0; self.exists.len()]
    }

    /// Whether node `n`'s bit is set in `set`.
    pub(crate) fn has(&self, set: &[u64], n: usize) -> bool {
        self.bit.get(n).is_some_and(|&b| {
            set.get(b as usize / 64)
                .is_some_and(|w| w & (1 << (b % 64)) != 0)
        })
    }

    /// Clear node `n`'s bit in `set`.
    pub(crate) fn clear(&self, set: &mut [u64], n: usize) {
        if let Some(w) =
            (self.bit.get(n)).and_then(|&b| set.get_mut(b as usize / 64).map(|w| (w, b)))
        {
            *w.0 &= !(1 << (w.1 % 64));
        }
    }

    /// Set node `n`'s bit in `set`; whether it was clear.
    pub(crate) fn set(&self, set: &mut [u64], n: usize) -> bool {
        let Some(&b) = self.bit.get(n) else {
            return false;
        };
        let Some(w) = set.get_mut(b as usize / 64) else {
            return false;
        };
        let m = 1 << (b % 64);
        let was = *w & m == 0;
        *w |= m;
        was
    }
}
