//! The benches' seeded PRNG (splitmix64): no `rand` dependency, the same numbers on every
//! machine, so every bench generates the same maps and positions everywhere. Included by each
//! bench with `#[path = "common/rng.rs"] mod rng;`.

#![allow(dead_code)] // each bench uses part of it

/// splitmix64.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`; the modulo bias is irrelevant here).
    pub fn below(&mut self, n: u32) -> u32 {
        u32::try_from(self.next_u64() % u64::from(n)).unwrap()
    }

    /// [`Rng::below`] for a `u16`: the same number.
    pub fn below_u16(&mut self, n: u16) -> u16 {
        u16::try_from(self.next_u64() % u64::from(n)).unwrap()
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + i32::try_from(self.below(u32::try_from(hi - lo + 1).unwrap())).unwrap()
    }
}
