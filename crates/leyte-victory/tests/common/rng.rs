//! The seeded PRNG (splitmix64) of the batch bench and the tests that make positions as it
//! does: no `rand` dependency, the same numbers on every machine. Included with
//! `#[path = ...] mod rng;` (`src/testmap.rs` has the unit tests' copy).

#![allow(dead_code)] // each includer uses part of it

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
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n as u64).unwrap_or(0)
    }
}
