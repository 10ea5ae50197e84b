//! The word-parallel baseline, written the straightforward way: the map's columns as bitsets
//! (one bit per row), whole words at a time: the columns swept right and left, each one whose
//! neighbour grew pulling from its neighbours and filling along itself, until the chain stops
//! growing; the free test from the units with bit operations; each unit's first K+1 hexes as
//! a ball of bits grown one step at a time in a window around it.
//!
//! It knows the generator's layout (offset columns and rows, numbered from 1) and nothing of
//! `hexmap`'s tracing: only the map's hexes and hexsides.
#![allow(clippy::needless_range_loop)] // word indices into several tables at once

use hexmap::{Hex, HexMap, Layout};

/// The eight (column, row) steps between adjacent hexes of an offset layout, as an index.
fn delta(dc: i32, dr: i32) -> usize {
    usize::try_from((dc + 1) * 3 + (dr + 1)).unwrap()
}

/// The most words a column may have (512 rows): the baseline's maps are smaller.
const MAX_WORDS: usize = 8;

/// The baseline's map: per column of the map, bitsets of its rows.
pub struct Baseline {
    cols: usize,
    words: usize,
    k: u32,
    /// Per node: its column and row (from 0).
    at: Vec<(usize, usize)>,
    /// Per step `delta`: the hexes with a road or trail that way (passable).
    road: Vec<Vec<u64>>,
    /// Per step `delta`: the hexes with a passable hexside that way.
    pass: Vec<Vec<u64>>,
    /// Per node: the hexes (column, row) its zone of control covers.
    zoc: Vec<Vec<(usize, usize)>>,
    targets: Vec<u64>,
    net: Vec<u64>,
    exists: Vec<u64>,
}

/// A unit for the baseline: its node, whether friendly, whether it exerts a ZOC.
#[derive(Clone, Copy)]
pub struct BaseUnit {
    pub node: usize,
    pub friendly: bool,
    pub zoc: bool,
}

/// The baseline's tables for one position, reused.
#[derive(Default)]
pub struct BaseWork {
    free: Vec<u64>,
    friend: Vec<u64>,
    zoc: Vec<u64>,
    chain: Vec<u64>,
    ball: Vec<u64>,
    grown: Vec<u64>,
    dirty: Vec<bool>,
}

impl Baseline {
    pub fn new(
        map: &HexMap,
        layout: &Layout,
        width: usize,
        height: usize,
        k: u32,
        targets: &[Hex],
    ) -> Baseline {
        let words = height.div_ceil(64);
        assert!(
            words <= MAX_WORDS,
            "the baseline takes at most {} rows",
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
        let size = width * words;
        let mut b = Baseline {
            cols: width,
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
    pub fn evaluate(&self, units: &[BaseUnit], work: &mut BaseWork) -> Vec<bool> {
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
        for u in units {
            let (c, r) = self.at[u.node];
            if u.friendly {
                set(&mut work.friend, w, c, r);
            }
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
        // Sweep the columns right and left, each column whose neighbour grew since it was
        // last grown, until none is left.
        work.dirty.clear();
        work.dirty.resize(self.cols, true);
        let mut changed = true;
        while changed {
            changed = false;
            for c in (0..self.cols).chain((0..self.cols).rev()) {
                if !std::mem::take(&mut work.dirty[c]) {
                    continue;
                }
                changed = true;
                if self.grow_column(c, &self.road, &work.free, &mut work.chain) {
                    work.dirty[c.saturating_sub(1)] = true;
                    if c + 1 < self.cols {
                        work.dirty[c + 1] = true;
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

    /// Column `c` of `set` grown by one step of `masks` from each neighbouring column, then
    /// along itself until it stops; whether it grew.
    fn grow_column(&self, c: usize, masks: &[Vec<u64>], open: &[u64], set: &mut [u64]) -> bool {
        let w = self.words;
        let mut grew = false;
        let mut acc = [0u64; MAX_WORDS];
        for dc in [-1i32, 1] {
            let Some(from) = c
                .checked_add_signed(-dc as isize)
                .filter(|&f| f < self.cols)
            else {
                continue;
            };
            for dr in -1..=1 {
                let m = &masks[delta(dc, dr)];
                for (i, a) in acc.iter_mut().take(w).enumerate() {
                    *a |= shift_word(set, m, from * w, w, dr, i);
                }
            }
        }
        for i in 0..w {
            let at = c * w + i;
            let new = acc[i] & open[at] & !set[at];
            if new != 0 {
                set[at] |= new;
                grew = true;
            }
        }
        // Along the column, both ways.
        loop {
            let more = fill(set, &masks[delta(0, 1)], open, c * w, w, true)
                | fill(set, &masks[delta(0, -1)], open, c * w, w, false);
            if !more {
                break;
            }
            grew = true;
        }
        grew
    }

    /// A unit on `node` traces: the ball of its first K+1 hexes (free hexes, passable
    /// hexsides) meets a target within K or the chain.
    fn traced(&self, node: usize, work: &mut BaseWork) -> bool {
        let w = self.words;
        let (c, r) = self.at[node];
        let hit = |c: usize, r: usize, set: &[u64]| set[c * w + r / 64] & (1 << (r % 64)) != 0;
        if hit(c, r, &self.targets) || hit(c, r, &work.chain) {
            return true;
        }
        let k = self.k as usize;
        let lo = c.saturating_sub(k + 1);
        let hi = (c + k + 1).min(self.cols - 1);
        if work.ball.len() != self.exists.len() {
            work.ball = vec![0; self.exists.len()];
        }
        set(&mut work.ball, w, c, r);
        let found = self.ball(c, r, lo, hi, work);
        work.ball[lo * w..(hi + 1) * w].fill(0);
        found
    }

    /// Grow the ball in columns `lo..=hi` from (c, r); whether it meets the chain or a target.
    fn ball(&self, c: usize, r: usize, lo: usize, hi: usize, work: &mut BaseWork) -> bool {
        let _ = (c, r);
        let w = self.words;
        let k = self.k as usize;
        for depth in 1..=k + 1 {
            work.grown.clear();
            work.grown
                .extend_from_slice(&work.ball[lo * w..(hi + 1) * w]);
            for col in lo..=hi {
                let mut acc = [0u64; MAX_WORDS];
                for dc in -1i32..=1 {
                    let Some(from) = col
                        .checked_add_signed(-dc as isize)
                        .filter(|&f| f >= lo && f <= hi)
                    else {
                        continue;
                    };
                    for dr in -1..=1 {
                        if dc == 0 && dr == 0 {
                            continue;
                        }
                        let m = &self.pass[delta(dc, dr)];
                        for (i, a) in acc.iter_mut().take(w).enumerate() {
                            *a |= shift_word(&work.ball, m, from * w, w, dr, i);
                        }
                    }
                }
                for i in 0..w {
                    let at = col * w + i;
                    let new = acc[i] & work.free[at] & !work.ball[at];
                    let target = if depth <= k { self.targets[at] } else { 0 };
                    if new & (target | work.chain[at]) != 0 {
                        return true;
                    }
                    work.grown[(col - lo) * w + i] |= new;
                }
            }
            work.ball[lo * w..(hi + 1) * w].copy_from_slice(&work.grown);
        }
        false
    }
}

fn set(bits: &mut [u64], w: usize, c: usize, r: usize) {
    bits[c * w + r / 64] |= 1 << (r % 64);
}

fn clear(bits: &mut [u64], w: usize, c: usize, r: usize) {
    bits[c * w + r / 64] &= !(1 << (r % 64));
}

/// Word `i` of the column at `base` of `set & mask`, moved `dr` rows (bit `j` of the answer
/// is bit `j - dr`).
fn shift_word(set: &[u64], mask: &[u64], base: usize, w: usize, dr: i32, i: usize) -> u64 {
    let word = |x: isize| -> u64 {
        if x < 0 || x as usize >= w {
            0
        } else {
            set[base + x as usize] & mask[base + x as usize]
        }
    };
    let i = i as isize;
    match dr {
        0 => word(i),
        1 => (word(i) << 1) | (word(i - 1) >> 63),
        _ => (word(i) >> 1) | (word(i + 1) << 63),
    }
}

/// Spread the column at `base` of `set` row by row up (`up`) or down as far as `mask` (a step
/// from the bit) and `open` (the next bit) allow: the usual occluded fill in a word (shifts
/// 1, 2, 4, ... 32), the last bit carried into the next word. Whether it grew.
fn fill(set: &mut [u64], mask: &[u64], open: &[u64], base: usize, w: usize, up: bool) -> bool {
    let mut grew = false;
    let (mut carry, mut prev) = (0u64, 0u64);
    for j in 0..w {
        let i = if up { base + j } else { base + w - 1 - j };
        let m = mask[i];
        let mut e = if up {
            ((m << 1) | (prev >> 63)) & open[i]
        } else {
            ((m >> 1) | (prev << 63)) & open[i]
        };
        let before = set[i];
        let mut g = before | (e & carry);
        for s in [1u32, 2, 4, 8, 16, 32] {
            if up {
                g |= e & (g << s);
                e &= e << s;
            } else {
                g |= e & (g >> s);
                e &= e >> s;
            }
        }
        grew |= g != before;
        set[i] = g;
        carry = if up { g >> 63 } else { (g & 1) << 63 };
        prev = m;
    }
    grew
}
