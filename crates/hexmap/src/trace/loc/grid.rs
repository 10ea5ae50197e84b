//! The map's hexes as row bitsets, and the road chain's flood over them, whole words at a time.

use crate::coord::{Direction, Hex};
use crate::map::{HexMap, NONE};

/// The hexes of a map laid out as rows of bits: a row is one axial line of hexes (constant `r`
/// or constant `q`, whichever packs tighter), each with its own first coordinate, so a step in
/// one of the six directions is a shift of a whole row by a per-row amount.
#[derive(Clone, Debug, Default)]
pub(crate) struct Grid {
    /// Rows, and words per row.
    pub(crate) rows: usize,
    pub(crate) words: usize,
    /// Per graph node: its bit (row * words * 64 + column).
    pub(crate) bit: Vec<u32>,
    /// Per direction: the row a step goes to, relative.
    drow: [isize; 6],
    /// Per row and direction: how far the bits move in the row a step goes to.
    shift: Vec<[i64; 6]>,
    /// Every hex of the map.
    pub(crate) exists: Vec<u64>,
    /// The directions along a row: one bit up, one bit down.
    along: [usize; 2],
}

/// Which axial coordinate a grid's rows keep constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rows {
    /// Rows of constant `r`, columns along `q`.
    ByR,
    /// Rows of constant `q`, columns along `r`.
    ByQ,
}

/// Which way along a row a fill spreads: toward higher bits or lower ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Toward {
    Higher,
    Lower,
}

/// The directions that stay in a row, and those that leave it.
fn axis_of(dir: Direction, lay: Rows) -> (i32, i32) {
    let (dq, dr) = dir.offset();
    match lay {
        Rows::ByR => (dr, dq),
        Rows::ByQ => (dq, dr),
    }
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
        let mut drow = [0isize; 6];
        let mut dcol = [0i64; 6];
        for d in Direction::ALL {
            let (r, c) = axis_of(d, lay);
            drow[d.index()] = r as isize;
            dcol[d.index()] = i64::from(c);
        }
        let shift = (0..rows)
            .map(|row| {
                let mut s = [0i64; 6];
                for d in 0..6 {
                    let to = row.checked_add_signed(drow[d]).filter(|&t| t < rows);
                    if let Some(to) = to {
                        s[d] = dcol[d] + start[row] - start[to];
                    }
                }
                s
            })
            .collect();
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
        let mut along = [0, 0];
        for d in 0..6 {
            if drow[d] == 0 {
                along[usize::from(dcol[d] < 0)] = d;
            }
        }
        Grid {
            rows,
            words,
            bit,
            drow,
            shift,
            exists,
            along,
        }
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

    /// Per direction, the nodes whose step that way `step(node, adj)` allows, as bits.
    pub(crate) fn masks(
        &self,
        map: &HexMap,
        step: impl Fn(usize, crate::map::Adj) -> bool,
    ) -> [Vec<u64>; 6] {
        let mut masks: [Vec<u64>; 6] = std::array::from_fn(|_| self.empty());
        let hexes = map.hexes();
        for (n, sides) in map.adjacency().iter().enumerate() {
            for a in sides {
                if a.node == NONE || !step(n, *a) {
                    continue;
                }
                let Some(to) = hexes.get(a.node as usize) else {
                    continue;
                };
                if let Some(d) = hexes[n].hex.direction_to(to.hex) {
                    self.set(&mut masks[d.index()], n);
                }
            }
        }
        masks
    }

    /// Grow `reach` (a subset of `open`) to every bit of `open` joined to it by steps of
    /// `masks`; `dirty` marks the rows whose bits grew and are not yet spread. Rows are swept
    /// down and up, each dirty row spreading along itself and into its neighbours, until no
    /// row is dirty.
    pub(crate) fn flood(
        &self,
        masks: &[Vec<u64>; 6],
        open: &[u64],
        reach: &mut [u64],
        dirty: &mut [bool],
    ) {
        let mut any = true;
        while any {
            any = false;
            for row in 0..self.rows {
                if std::mem::take(&mut dirty[row]) {
                    any = true;
                    self.spread(row, masks, open, reach, dirty);
                }
            }
            for row in (0..self.rows).rev() {
                if std::mem::take(&mut dirty[row]) {
                    any = true;
                    self.spread(row, masks, open, reach, dirty);
                }
            }
        }
    }

    /// Spread row `row` of `reach` along itself until it stops growing, then into the rows
    /// above and below, marking those that grew.
    fn spread(
        &self,
        row: usize,
        masks: &[Vec<u64>; 6],
        open: &[u64],
        reach: &mut [u64],
        dirty: &mut [bool],
    ) {
        let w = self.words;
        let base = row * w;
        let shifts = self.shift[row];
        // Along the row: both ways, each a fill of whole words (the steps are symmetric, so
        // one each way closes the row; again while it grows, whatever the masks).
        let (up, down) = (self.along[0], self.along[1]);
        loop {
            let grew = fill(reach, &masks[up], open, base, w, Toward::Higher)
                | fill(reach, &masks[down], open, base, w, Toward::Lower);
            if !grew {
                break;
            }
        }
        // Into the neighbouring rows.
        for d in 0..6 {
            let Some(to) = row
                .checked_add_signed(self.drow[d])
                .filter(|&t| t < self.rows)
            else {
                continue;
            };
            if to == row {
                continue;
            }
            let tb = to * w;
            let mut grew = false;
            for i in 0..w {
                let n = shifted(reach, &masks[d], base, w, shifts[d], i);
                let at = tb + i;
                let new = n & open[at] & !reach[at];
                if new != 0 {
                    reach[at] |= new;
                    grew = true;
                }
            }
            if grew {
                dirty[to] = true;
            }
        }
    }
}

/// Word `i` of the row at `base` (`w` words) of `set & mask`, moved `k` bits up (down when
/// negative): bit `j` of the answer is bit `j - k` of the row.
#[inline]
fn shifted(set: &[u64], mask: &[u64], base: usize, w: usize, k: i64, i: usize) -> u64 {
    let word = |x: i64| -> u64 {
        if x < 0 || x >= w as i64 {
            return 0;
        }
        let at = base + x as usize;
        set[at] & mask[at]
    };
    let start = (i as i64) * 64 - k;
    let (q, r) = (start.div_euclid(64), start.rem_euclid(64));
    if r == 0 {
        word(q)
    } else {
        (word(q) >> r) | (word(q + 1) << (64 - r))
    }
}

/// Spread the row at `base` (`w` words) of `reach` one bit at a time up or down (`toward`), where
/// `mask` allows a step from a bit and `open` lets the next one in, as far as it goes: an
/// occluded fill (shifts of 1, 2, 4, ... 32) per word, the last bit carried into the next word.
/// Whether it grew.
#[inline]
fn fill(
    reach: &mut [u64],
    mask: &[u64],
    open: &[u64],
    base: usize,
    w: usize,
    toward: Toward,
) -> bool {
    let up = toward == Toward::Higher;
    let mut grew = false;
    let mut carry = 0u64;
    let mut prev_mask = 0u64;
    for j in 0..w {
        let i = if up { base + j } else { base + w - 1 - j };
        let m = mask[i];
        // Bits that a step from the next lower (higher) bit may enter.
        let mut e = if up {
            ((m << 1) | (prev_mask >> 63)) & open[i]
        } else {
            ((m >> 1) | (prev_mask << 63)) & open[i]
        };
        let before = reach[i];
        let mut g = before | (e & carry);
        if up {
            for s in [1u32, 2, 4, 8, 16, 32] {
                g |= e & (g << s);
                e &= e << s;
            }
        } else {
            for s in [1u32, 2, 4, 8, 16, 32] {
                g |= e & (g >> s);
                e &= e >> s;
            }
        }
        if g != before {
            reach[i] = g;
            grew = true;
        }
        // Carried into the next word: this word's last reached bit.
        carry = if up { g >> 63 } else { (g & 1) << 63 };
        prev_mask = m;
    }
    grew
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::{Toward, fill};
    use proptest::prelude::*;

    /// One bit at a time, the plain way.
    fn naive(reach: &mut [u64], mask: &[u64], open: &[u64], up: bool) {
        let bits = reach.len() * 64;
        let get = |v: &[u64], j: usize| v[j / 64] & (1 << (j % 64)) != 0;
        loop {
            let mut grew = false;
            for j in 0..bits {
                let to = if up { j + 1 } else { j.wrapping_sub(1) };
                if to < bits && get(reach, j) && get(mask, j) && get(open, to) && !get(reach, to) {
                    reach[to / 64] |= 1 << (to % 64);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
    }

    proptest! {
        /// The fill across words is the one-bit-at-a-time spread, both ways.
        #[test]
        fn a_fill_is_the_spread_bit_by_bit(
            words in prop::collection::vec((any::<u64>(), any::<u64>(), any::<u64>()), 1..5),
            dense in any::<bool>(),
            up in any::<bool>(),
        ) {
            // Dense masks make long runs across words.
            let mask: Vec<u64> = words.iter().map(|w| if dense { !(w.1 & w.2 & w.0) } else { w.1 }).collect();
            let open: Vec<u64> = words.iter().map(|w| if dense { !(w.0 & w.1) } else { w.2 }).collect();
            let seeds: Vec<u64> = words.iter().map(|w| w.0 & w.1 & w.2 & open[0]).collect();
            let mut ours = seeds.clone();
            let w = ours.len();
            let toward = if up { Toward::Higher } else { Toward::Lower };
            fill(&mut ours, &mask, &open, 0, w, toward);
            let mut theirs = seeds.clone();
            naive(&mut theirs, &mask, &open, up);
            prop_assert_eq!(ours, theirs);
        }
    }
}
