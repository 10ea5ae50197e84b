//! A seeded generator (splitmix64): deterministic, not cryptographic; for generators,
//! benchmarks and tests.
//!
//! The same seed gives the same numbers on every machine and in every build, so a generated map,
//! a perturbed position or a mutant input can be made again from its seed alone, with no `rand`
//! dependency. Nothing here is fit for secrets or for a fair game of chance: the numbers are
//! predictable by design, and [`Rng::below`] keeps the small modulo bias.
//!
//! ```
//! use wargame_kit::rng::Rng;
//!
//! let mut rng = Rng::new(0);
//! // The first output of splitmix64 for seed 0, as the reference implementation gives it.
//! assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
//!
//! let mut a = Rng::new(7);
//! let mut b = Rng::new(7);
//! let dice: Vec<i32> = (0..5).map(|_| a.range(1, 6)).collect();
//! assert!(dice.iter().all(|d| (1..=6).contains(d)));
//! assert_eq!(dice, (0..5).map(|_| b.range(1, 6)).collect::<Vec<_>>());
//! ```

/// splitmix64 (Steele, Lea and Flood's generator): one `u64` of state, advanced by a fixed odd
/// increment and mixed on the way out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// The generator seeded with `seed` (any value, 0 included).
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (the next output modulo `n`, its small bias kept); 0 for `n == 0`, which
    /// still draws one output.
    pub fn below_u64(&mut self, n: u64) -> u64 {
        self.next_u64().checked_rem(n).unwrap_or(0)
    }

    /// [`Rng::below_u64`] for an index: uniform in `0..n`, 0 for `n == 0`.
    pub fn below(&mut self, n: usize) -> usize {
        let drawn = self.below_u64(u64::try_from(n).unwrap_or(u64::MAX));
        usize::try_from(drawn).unwrap_or(0)
    }

    /// [`Rng::below_u64`] for a `u32`: the same number.
    pub fn below_u32(&mut self, n: u32) -> u32 {
        u32::try_from(self.below_u64(u64::from(n))).unwrap_or(0)
    }

    /// [`Rng::below_u64`] for a `u16`: the same number.
    pub fn below_u16(&mut self, n: u16) -> u16 {
        u16::try_from(self.below_u64(u64::from(n))).unwrap_or(0)
    }

    /// Uniform in `lo..=hi` (one output, as [`Rng::below_u64`] of the width); `lo` when `hi < lo`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let width = i64::from(hi) - i64::from(lo) + 1;
        let drawn = self.below_u64(u64::try_from(width).unwrap_or(0));
        i32::try_from(i64::from(lo) + i64::try_from(drawn).unwrap_or(0)).unwrap_or(lo)
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// The numbers the two copies this module replaced (the hex crate's benches and Leyte's tests,
    /// both `Rng(seed)`) gave for these seeds: the generated bench maps and the tests' positions
    /// stay what they were.
    #[test]
    fn the_numbers_of_the_copies_it_replaced() {
        let mut rng = Rng::new(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F
            ]
        );

        let mut rng = Rng::new(5);
        let sides: Vec<u32> = (0..8).map(|_| rng.below_u32(6)).collect();
        assert_eq!(sides, [2, 4, 5, 5, 1, 4, 3, 3]);

        let mut rng = Rng::new(11);
        let small: Vec<u16> = (0..8).map(|_| rng.below_u16(100)).collect();
        assert_eq!(small, [13, 45, 89, 80, 88, 82, 56, 78]);

        let mut rng = Rng::new(7);
        let offsets: Vec<i32> = (0..8).map(|_| rng.range(-3, 3)).collect();
        assert_eq!(offsets, [-1, 0, -3, 0, 2, 3, 2, -3]);

        let mut rng = Rng::new(42);
        let steps: Vec<usize> = (0..8).map(|_| rng.below(6)).collect();
        assert_eq!(steps, [1, 1, 0, 0, 4, 0, 1, 2]);
    }

    #[test]
    fn the_typed_draws_are_one_number() {
        let (mut a, mut b, mut c, mut d) = (Rng::new(3), Rng::new(3), Rng::new(3), Rng::new(3));
        for n in [1_u16, 2, 6, 97, u16::MAX] {
            let wide = a.below_u64(u64::from(n));
            assert_eq!(u64::from(b.below_u16(n)), wide);
            assert_eq!(u64::from(c.below_u32(u32::from(n))), wide);
            assert_eq!(u64::try_from(d.below(usize::from(n))).ok(), Some(wide));
        }
    }

    #[test]
    fn empty_ranges_give_their_floor_and_do_not_panic() {
        let mut rng = Rng::new(9);
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below_u16(0), 0);
        assert_eq!(rng.range(4, 3), 4);
        // The widest range is 2^32 wide: it is drawn in 64 bits, without overflow.
        let whole: Vec<i32> = (0..64).map(|_| rng.range(i32::MIN, i32::MAX)).collect();
        assert!(whole.iter().any(|&x| x < 0) && whole.iter().any(|&x| x > 0));
        let top = rng.range(i32::MAX - 1, i32::MAX);
        assert!(top >= i32::MAX - 1);
    }
}
