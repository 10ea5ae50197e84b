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
    ball: Vec<u64>,
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
        // Sweep the rows down and up, each row whose neighbour grew since it was last grown,
        // until none is left.
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

    /// Row `r` of the chain grown by one road step from the rows above and below, then along
    /// itself both ways in one carry each; whether it grew.
    fn grow_row(&self, r: usize, free: &[u64], chain: &mut [u64]) -> bool {
        let w = self.words;
        let mut acc = [0u64; MAX_WORDS];
        for dr in [-1i32, 1] {
            // A step (dc, dr) from row `from` lands on row `r`.
            let Some(from) = r
                .checked_add_signed(-dr as isize)
                .filter(|&f| f < self.rows)
            else {
                continue;
            };
            for dc in -1..=1 {
                let m = &self.road[delta(dc, dr)][from * w..(from + 1) * w];
                let src = &chain[from * w..(from + 1) * w];
                for (i, a) in acc.iter_mut().take(w).enumerate() {
                    *a |= shifted(src, m, dc, i);
                }
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
        grew | fill_both_ways(&mut chain[row], &link[..w])
    }

    /// A unit on `node` traces: the ball of its first K+1 hexes (free hexes, passable
    /// hexsides) meets a target within K or the chain.
    fn traced(&self, node: usize, work: &mut RowWork) -> bool {
        let w = self.words;
        let (c, r) = self.at[node];
        let hit = |c: usize, r: usize, set: &[u64]| set[r * w + c / 64] & (1 << (c % 64)) != 0;
        if hit(c, r, &self.targets) || hit(c, r, &work.chain) {
            return true;
        }
        let reach = self.k as usize + 1;
        let window = Window {
            rows: r.saturating_sub(reach)..=(r + reach).min(self.rows - 1),
            words: c.saturating_sub(reach) / 64..=((c + reach) / 64).min(w - 1),
        };
        if work.ball.len() != self.exists.len() {
            work.ball = vec![0; self.exists.len()];
            work.grown = vec![0; self.exists.len()];
        }
        set(&mut work.ball, w, c, r);
        let found = self.ball(&window, work);
        for row in window.rows.clone() {
            for i in window.words.clone() {
                work.ball[row * w + i] = 0;
            }
        }
        found
    }

    /// Grow the ball K+1 steps inside `window`; whether it meets the chain or a target.
    fn ball(&self, window: &Window, work: &mut RowWork) -> bool {
        let w = self.words;
        let k = self.k as usize;
        for depth in 1..=k + 1 {
            for row in window.rows.clone() {
                for i in window.words.clone() {
                    let mut acc = 0u64;
                    for dr in -1i32..=1 {
                        let Some(from) = row
                            .checked_add_signed(-dr as isize)
                            .filter(|f| window.rows.contains(f))
                        else {
                            continue;
                        };
                        let src = &work.ball[from * w..(from + 1) * w];
                        for dc in -1i32..=1 {
                            if dc == 0 && dr == 0 {
                                continue;
                            }
                            let m = &self.pass[delta(dc, dr)][from * w..(from + 1) * w];
                            acc |= shifted(src, m, dc, i);
                        }
                    }
                    let at = row * w + i;
                    let new = acc & work.free[at] & !work.ball[at];
                    let target = if depth <= k { self.targets[at] } else { 0 };
                    if new & (target | work.chain[at]) != 0 {
                        return true;
                    }
                    work.grown[at] = work.ball[at] | new;
                }
            }
            for row in window.rows.clone() {
                for i in window.words.clone() {
                    work.ball[row * w + i] = work.grown[row * w + i];
                }
            }
        }
        false
    }
}

/// The rows and the words of each row a unit's first K+1 hexes can reach.
struct Window {
    rows: std::ops::RangeInclusive<usize>,
    words: std::ops::RangeInclusive<usize>,
}

fn set(bits: &mut [u64], w: usize, c: usize, r: usize) {
    bits[r * w + c / 64] |= 1 << (c % 64);
}

fn clear(bits: &mut [u64], w: usize, c: usize, r: usize) {
    bits[r * w + c / 64] &= !(1 << (c % 64));
}

/// Word `i` of the row `src & mask` moved `dc` columns (bit `c` of the answer is bit `c - dc`).
fn shifted(src: &[u64], mask: &[u64], dc: i32, i: usize) -> u64 {
    let word = |x: Option<usize>| x.filter(|&x| x < src.len()).map_or(0, |x| src[x] & mask[x]);
    match dc {
        0 => word(Some(i)),
        1 => (word(Some(i)) << 1) | (word(i.checked_sub(1)) >> 63),
        _ => (word(Some(i)) >> 1) | (word(Some(i + 1)) << 63),
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
