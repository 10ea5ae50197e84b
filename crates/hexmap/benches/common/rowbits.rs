//! The strong word-parallel baseline: the map's rows as bitsets (one bit per column, a word per
//! 64 hexes), the road/trail net as one mask per step direction, a run of road along a row
//! filled in one step by the carry of an addition, the steps to the rows above and below as
//! shifted masks, rows swept down and up until the chain stops growing; the free test from the
//! units with bit operations; each unit's first K+1 hexes as a dilation of its bit through the
//! free hexes, in a window around it.
//!
//! It knows the generator's layout (offset columns and rows, numbered from 1) and nothing of
//! `hexmap`'s tracing: only the map's hexes and hexsides. It answers exactly what
//! [`super::bitset::Baseline`] (the column sweep) answers; the benchmark asserts both equal to
//! `hexmap::search` on every unit.
#![allow(clippy::needless_range_loop)] // word indices into several tables at once

use hexmap::{Hex, HexMap, Layout};

/// The nine (column, row) steps between a hex and its neighbours in an offset layout, as an
/// index (the step (0, 0) is unused).
fn delta(dc: i32, dr: i32) -> usize {
    usize::try_from((dc + 1) * 3 + (dr + 1)).unwrap()
}

/// The most words a row may have (512 columns): the benchmark's maps are smaller.
const MAX_WORDS: usize = 8;

/// The baseline's map: per row of the map, bitsets of its columns.
pub struct RowBaseline {
    rows: usize,
    /// Words per row.
    words: usize,
    k: u32,
    /// Per node: its column and row (from 0).
    at: Vec<(usize, usize)>,
    /// Per step `delta`: the hexes with a road or trail hexside that way (passable).
    road: Vec<Vec<u64>>,
    /// Per step `delta`: the hexes with a passable hexside that way.
    pass: Vec<Vec<u64>>,
    /// Per node: the hexes (column, row) its zone of control covers.
    zoc: Vec<Vec<(usize, usize)>>,
    targets: Vec<u64>,
    net: Vec<u64>,
    exists: Vec<u64>,
}

/// The baseline's tables for one position, reused.
#[derive(Default)]
pub struct RowWork {
    free: Vec<u64>,
    friend: Vec<u64>,
    zoc: Vec<u64>,
    chain: Vec<u64>,
    /// A unit's window of rows ([`RowBaseline::traced`]).
    win: Vec<WindowRow>,
    grown: Vec<u64>,
    dirty: Vec<bool>,
}

impl RowBaseline {
    pub fn new(
        map: &HexMap,
        layout: &Layout,
        width: usize,
        height: usize,
        k: u32,
        targets: &[Hex],
    ) -> RowBaseline {
        let words = width.div_ceil(64);
        assert!(
            words <= MAX_WORDS,
            "the baseline takes at most {} columns",
            MAX_WORDS * 64
        );
        let cell = |h: Hex| {
            let o = layout.hex_to_offset(h);
            (
                usize::try_from(o.col - 1).unwrap(),
                usize::try_from(o.row - 1).unwrap(),
            )
        };
        let at: Vec<(usize, usize)> = map.hexes().iter().map(|h| cell(h.hex)).collect();
        let size = height * words;
        let mut b = RowBaseline {
            rows: height,
            words,
            k,
            road: vec![vec![0; size]; 9],
            pass: vec![vec![0; size]; 9],
            zoc: Vec::new(),
            targets: vec![0; size],
            net: vec![0; size],
            exists: vec![0; size],
            at,
        };
        for (n, info) in map.hexes().iter().enumerate() {
            let (c, r) = b.at[n];
            set(&mut b.exists, words, c, r);
            if info.on_road_net {
                set(&mut b.net, words, c, r);
            }
            let mut zoc = Vec::new();
            for (v, side) in map.neighbors(info.hex) {
                let (vc, vr) = cell(v);
                let d = delta(
                    i32::try_from(vc).unwrap() - i32::try_from(c).unwrap(),
                    i32::try_from(vr).unwrap() - i32::try_from(r).unwrap(),
                );
                if side.impassable {
                    continue;
                }
                set(&mut b.pass[d], words, c, r);
                if side.road_or_trail() {
                    set(&mut b.road[d], words, c, r);
                }
                if side.passes_zoc() {
                    zoc.push((vc, vr));
                }
            }
            b.zoc.push(zoc);
        }
        for t in targets {
            let (c, r) = cell(*t);
            set(&mut b.targets, words, c, r);
        }
        b
    }

    /// Every friendly unit traced or cut, in the order of `units`.
    pub fn evaluate(&self, units: &[super::bitset::BaseUnit], work: &mut RowWork) -> Vec<bool> {
        let w = self.words;
        let size = self.exists.len();
        for v in [
            &mut work.free,
            &mut work.friend,
            &mut work.zoc,
            &mut work.chain,
        ] {
            v.clear();
            v.resize(size, 0);
        }
        // The free test: no enemy unit; no enemy ZOC unless a friendly unit is there.
        work.free.copy_from_slice(&self.exists);
        for u in units.iter().filter(|u| u.friendly) {
            let (c, r) = self.at[u.node];
            set(&mut work.friend, w, c, r);
        }
        for u in units.iter().filter(|u| !u.friendly) {
            let (c, r) = self.at[u.node];
            clear(&mut work.free, w, c, r);
            if u.zoc {
                for &(zc, zr) in &self.zoc[u.node] {
                    set(&mut work.zoc, w, zc, zr);
                }
            }
        }
        for i in 0..size {
            work.free[i] &= !(work.zoc[i] & !work.friend[i]);
        }
        // The chain: from the free targets on the net, along roads and trails.
        for i in 0..size {
            work.chain[i] = self.targets[i] & self.net[i] & work.free[i];
        }
        // Each row's roots filled along it; then sweep the rows down and up, each row whose
        // neighbour grew since it was last grown, until none is left.
        for r in 0..self.rows {
            if work.chain[r * w..(r + 1) * w].iter().any(|&x| x != 0) {
                self.fill_row(r, &work.free, &mut work.chain);
            }
        }
        work.dirty.clear();
        work.dirty.resize(self.rows, true);
        let mut changed = true;
        while changed {
            changed = false;
            for r in (0..self.rows).chain((0..self.rows).rev()) {
                if !std::mem::take(&mut work.dirty[r]) {
                    continue;
                }
                changed = true;
                if self.grow_row(r, &work.free, &mut work.chain) {
                    work.dirty[r.saturating_sub(1)] = true;
                    if r + 1 < self.rows {
                        work.dirty[r + 1] = true;
                    }
                }
            }
        }
        units
            .iter()
            .filter(|u| u.friendly)
            .map(|u| self.traced(u.node, work))
            .collect()
    }

    /// Row `r` of the chain grown by one road step from the rows above and below, then, when
    /// that brought anything, along itself both ways in one carry each; whether it grew.
    fn grow_row(&self, r: usize, free: &[u64], chain: &mut [u64]) -> bool {
        let w = self.words;
        let mut acc = [0u64; MAX_WORDS];
        let acc = &mut acc[..w];
        for dr in [-1i32, 1] {
            // A step (dc, dr) from row `from` lands on row `r`.
            let Some(from) = r
                .checked_add_signed(-dr as isize)
                .filter(|&f| f < self.rows)
            else {
                continue;
            };
            let src = &chain[from * w..(from + 1) * w];
            if src.iter().all(|&x| x == 0) {
                continue;
            }
            for dc in -1..=1 {
                let m = &self.road[delta(dc, dr)][from * w..(from + 1) * w];
                shift_into(acc, src, m, dc);
            }
        }
        let row = r * w..(r + 1) * w;
        let mut grew = false;
        for (i, at) in row.clone().enumerate() {
            let new = acc[i] & free[at] & !chain[at];
            if new != 0 {
                chain[at] |= new;
                grew = true;
            }
        }
        // Nothing came in: the row is as filled as when it last grew.
        if !grew {
            return false;
        }
        self.fill_row(r, free, chain);
        true
    }

    /// Row `r` of the chain filled along itself, both ways; whether it grew.
    fn fill_row(&self, r: usize, free: &[u64], chain: &mut [u64]) -> bool {
        let w = self.words;
        let row = r * w..(r + 1) * w;
        // Along the row: the links between a hex and its east neighbour on the same row.
        let east = &self.road[delta(1, 0)][row.clone()];
        let mut link = [0u64; MAX_WORDS];
        let free_row = &free[row.clone()];
        for i in 0..w {
            // Whether the hex one column east is free (the row's last column has no east
            // neighbour, so the east mask has no bit there).
            let free_next = (free_row[i] >> 1) | free_row.get(i + 1).map_or(0, |f| f << 63);
            link[i] = east[i] & free_row[i] & free_next;
        }
        fill_both_ways(&mut chain[row], &link[..w])
    }

    /// A unit on `node` traces: the ball of its first K+1 hexes (free hexes, passable
    /// hexsides) meets a target within K or the chain. The ball lives in a window of the rows
    /// within K+1 of the unit, each cut to the 2K+3 columns around it (one word a row).
    fn traced(&self, node: usize, work: &mut RowWork) -> bool {
        let w = self.words;
        let (c, r) = self.at[node];
        let hit = |c: usize, r: usize, set: &[u64]| set[r * w + c / 64] & (1 << (c % 64)) != 0;
        if hit(c, r, &self.targets) || hit(c, r, &work.chain) {
            return true;
        }
        let reach = self.k as usize + 1;
        // Column `left` of the map is bit 0 of the window; row `r - reach` (or 0) its row 0.
        let left = c.saturating_sub(reach);
        let top = r.saturating_sub(reach);
        let span = 2 * reach + 1;
        let keep = if span >= 64 {
            u64::MAX
        } else {
            (1u64 << span) - 1
        };
        let k = self.k as usize;
        work.win.clear();
        work.grown.clear();
        // Rows are cut into the window as the ball reaches them: most units meet the chain
        // within a step or two.
        let (mut lo, mut hi) = (r, r);
        self.load_row(r, left, keep, work);
        work.win[0].ball = 1 << (c - left);
        for depth in 1..=k + 1 {
            let (was_lo, was_hi) = (lo, hi);
            if lo > top {
                lo -= 1;
            }
            if hi + 1 < self.rows && hi < r + reach {
                hi += 1;
            }
            // New rows enter at the front (`lo`) or the back (`hi`) of the window.
            if lo < was_lo {
                self.load_row(lo, left, keep, work);
                work.win.rotate_right(1);
            }
            if hi > was_hi {
                self.load_row(hi, left, keep, work);
            }
            let n = work.win.len();
            work.grown.resize(n, 0);
            for i in 0..n {
                let mut acc = 0u64;
                for (from, dr) in [(i.wrapping_sub(1), 1i32), (i, 0), (i + 1, -1)] {
                    let Some(src) = work.win.get(from) else {
                        continue;
                    };
                    if src.ball == 0 {
                        continue;
                    }
                    for dc in -1i32..=1 {
                        if dc == 0 && dr == 0 {
                            continue;
                        }
                        let moved = src.ball & src.pass[delta(dc, dr)];
                        acc |= match dc {
                            1 => moved << 1,
                            -1 => moved >> 1,
                            _ => moved,
                        };
                    }
                }
                let row = &work.win[i];
                let new = acc & row.free & !row.ball;
                let target = if depth <= k { row.target } else { 0 };
                if new & (target | row.goal) != 0 {
                    return true;
                }
                work.grown[i] = row.ball | new;
            }
            for (row, g) in work.win.iter_mut().zip(&work.grown) {
                row.ball = *g;
            }
        }
        false
    }

    /// Row `row` of the map cut to the window from column `left` (`keep`: the window's
    /// columns), pushed at the back of the unit's window with an empty ball.
    fn load_row(&self, row: usize, left: usize, keep: u64, work: &mut RowWork) {
        let w = self.words;
        let cut = |set: &[u64]| window_bits(&set[row * w..(row + 1) * w], left) & keep;
        let mut pass = [0u64; 9];
        for (d, p) in pass.iter_mut().enumerate() {
            *p = cut(&self.pass[d]);
        }
        let (free, goal, target) = (cut(&work.free), cut(&work.chain), cut(&self.targets));
        work.win.push(WindowRow {
            pass,
            free,
            goal,
            target,
            ball: 0,
        });
    }
}

/// One row of a unit's window ([`RowBaseline::traced`]): its masks cut to the window, and the
/// ball.
#[derive(Clone, Copy, Debug)]
struct WindowRow {
    pass: [u64; 9],
    free: u64,
    goal: u64,
    target: u64,
    ball: u64,
}

/// The 64 bits of a row from column `left` on (bit 0 is column `left`).
fn window_bits(row: &[u64], left: usize) -> u64 {
    let (i, b) = (left / 64, left % 64);
    let lo = row.get(i).copied().unwrap_or(0) >> b;
    let hi = if b == 0 {
        0
    } else {
        row.get(i + 1).copied().unwrap_or(0) << (64 - b)
    };
    lo | hi
}

fn set(bits: &mut [u64], w: usize, c: usize, r: usize) {
    bits[r * w + c / 64] |= 1 << (c % 64);
}

fn clear(bits: &mut [u64], w: usize, c: usize, r: usize) {
    bits[r * w + c / 64] &= !(1 << (c % 64));
}

/// `acc |= (src & mask)` moved `dc` columns along the row (bit `c` of what is added is bit
/// `c - dc`), the words carried into one another.
fn shift_into(acc: &mut [u64], src: &[u64], mask: &[u64], dc: i32) {
    let n = acc.len().min(src.len()).min(mask.len());
    match dc {
        0 => {
            for i in 0..n {
                acc[i] |= src[i] & mask[i];
            }
        }
        1 => {
            let mut carry = 0;
            for i in 0..n {
                let x = src[i] & mask[i];
                acc[i] |= (x << 1) | carry;
                carry = x >> 63;
            }
        }
        _ => {
            let mut carry = 0;
            for i in (0..n).rev() {
                let x = src[i] & mask[i];
                acc[i] |= (x >> 1) | carry;
                carry = x << 63;
            }
        }
    }
}

/// Fill the row `set` along `link` (bit `c`: hex `c` and hex `c + 1` are joined) both ways:
/// every run of joined hexes that holds a bit of `set` becomes wholly set. Towards higher
/// columns one addition does it (the carry runs from each set bit to the end of its run);
/// towards lower columns the same on the row reversed. Whether it grew.
fn fill_both_ways(set: &mut [u64], link: &[u64]) -> bool {
    let before: [u64; MAX_WORDS] = std::array::from_fn(|i| set.get(i).copied().unwrap_or(0));
    fill_up(set, link);
    // Reversed, bit `c` becomes bit `N - 1 - c`; the link between `c - 1` and `c` (bit `c - 1`
    // of `link`) joins reversed bits `N - 1 - c` and `N - c`, so it is bit `N - 1 - c` of the
    // reversed link shifted down by one.
    let n = set.len();
    let mut rev_set = [0u64; MAX_WORDS];
    let mut rev_link = [0u64; MAX_WORDS];
    for i in 0..n {
        rev_set[n - 1 - i] = set[i].reverse_bits();
        rev_link[n - 1 - i] = link[i].reverse_bits();
    }
    for i in 0..n {
        rev_link[i] = (rev_link[i] >> 1) | rev_link.get(i + 1).map_or(0, |x| x << 63);
    }
    fill_up(&mut rev_set[..n], &rev_link[..n]);
    let mut grew = false;
    for i in 0..n {
        set[i] = rev_set[n - 1 - i].reverse_bits();
        grew |= set[i] != before[i];
    }
    grew
}

/// Fill `set` towards higher bits along `link`: `(set & link) + link`, carried across words,
/// flips every bit from a set bit to the end of its run.
fn fill_up(set: &mut [u64], link: &[u64]) {
    let mut carry = false;
    for i in 0..set.len() {
        let (sum, c1) = link[i].overflowing_add(set[i] & link[i]);
        let (sum, c2) = sum.overflowing_add(u64::from(carry));
        carry = c1 || c2;
        set[i] |= sum ^ link[i];
    }
}
