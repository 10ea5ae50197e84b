//! The ratio schedule (L11), in integer arithmetic.
//!
//! The ratio US : Japanese is taken to two decimals rounded down (in favour of the defender, as
//! SPI rounds odds): `floor(100 * US / JP)` hundredths. That number is looked up in the printed
//! bands, which then leave no gaps:
//!
//! | hundredths | level |
//! |---|---|
//! | 300 or more | U.S. Decisive |
//! | 250 - 299 | U.S. Substantive |
//! | 201 - 249 | U.S. Marginal |
//! | 200 | Draw |
//! | 150 - 199 | Japanese Marginal |
//! | 101 - 149 | Japanese Substantive |
//! | 100 or less | Japanese Decisive |
//!
//! US > 0 with JP = 0 is U.S. Decisive; 0 : 0 is a Draw.

use std::fmt;

use serde::Serialize;

/// The seven victory levels, best for the US first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum VictoryLevel {
    /// 3.0 or more to 1.
    UsDecisive,
    /// 2.5 - 2.99 to 1.
    UsSubstantive,
    /// 2.01 - 2.49 to 1.
    UsMarginal,
    /// 2.0 to 1.
    Draw,
    /// 1.5 - 1.99 to 1.
    JapaneseMarginal,
    /// 1.01 - 1.49 to 1.
    JapaneseSubstantive,
    /// 1.0 or less to 1.
    JapaneseDecisive,
}

impl VictoryLevel {
    /// All levels, best for the US first.
    pub const ALL: [VictoryLevel; 7] = [
        VictoryLevel::UsDecisive,
        VictoryLevel::UsSubstantive,
        VictoryLevel::UsMarginal,
        VictoryLevel::Draw,
        VictoryLevel::JapaneseMarginal,
        VictoryLevel::JapaneseSubstantive,
        VictoryLevel::JapaneseDecisive,
    ];

    /// The lowest ratio, in hundredths, of this level's band (`None` for Japanese Decisive).
    pub fn lower_bound(self) -> Option<u64> {
        match self {
            VictoryLevel::UsDecisive => Some(300),
            VictoryLevel::UsSubstantive => Some(250),
            VictoryLevel::UsMarginal => Some(201),
            VictoryLevel::Draw => Some(200),
            VictoryLevel::JapaneseMarginal => Some(150),
            VictoryLevel::JapaneseSubstantive => Some(101),
            VictoryLevel::JapaneseDecisive => None,
        }
    }

    /// The level of a ratio in hundredths.
    pub fn of_hundredths(h: u64) -> VictoryLevel {
        VictoryLevel::ALL
            .into_iter()
            .find(|l| l.lower_bound().is_none_or(|b| h >= b))
            .unwrap_or(VictoryLevel::JapaneseDecisive)
    }

    /// The next level better for the US.
    pub fn better(self) -> Option<VictoryLevel> {
        let i = VictoryLevel::ALL.iter().position(|l| *l == self)?;
        i.checked_sub(1).map(|j| VictoryLevel::ALL[j])
    }

    /// The name as printed in the schedule.
    pub fn name(self) -> &'static str {
        match self {
            VictoryLevel::UsDecisive => "U.S. Decisive",
            VictoryLevel::UsSubstantive => "U.S. Substantive",
            VictoryLevel::UsMarginal => "U.S. Marginal",
            VictoryLevel::Draw => "Draw",
            VictoryLevel::JapaneseMarginal => "Japanese Marginal",
            VictoryLevel::JapaneseSubstantive => "Japanese Substantive",
            VictoryLevel::JapaneseDecisive => "Japanese Decisive",
        }
    }

    /// The band as printed.
    pub fn band(self) -> &'static str {
        match self {
            VictoryLevel::UsDecisive => "3.0 or more to 1",
            VictoryLevel::UsSubstantive => "2.5 - 2.99 to 1",
            VictoryLevel::UsMarginal => "2.01 - 2.49 to 1",
            VictoryLevel::Draw => "2.0 to 1",
            VictoryLevel::JapaneseMarginal => "1.5 - 1.99 to 1",
            VictoryLevel::JapaneseSubstantive => "1.01 - 1.49 to 1",
            VictoryLevel::JapaneseDecisive => "1.0 or less to 1",
        }
    }
}

impl fmt::Display for VictoryLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// US points to Japanese points, as looked up in the schedule.
///
/// ```
/// use leyte_victory::{Ratio, VictoryLevel};
/// let r = Ratio::new(599, 200);
/// assert_eq!((r.hundredths, r.text.as_str()), (Some(299), "2.99 to 1")); // rounded down
/// assert_eq!(r.level(), VictoryLevel::UsSubstantive);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Ratio {
    /// US Victory Points.
    pub us: u64,
    /// Japanese Victory Points.
    pub japanese: u64,
    /// `floor(100 * us / japanese)`; `None` when the Japanese have no points.
    pub hundredths: Option<u64>,
    /// As a person reads it: `2.33 to 1`, `40 to 0`.
    pub text: String,
}

impl Ratio {
    /// The ratio of two scores.
    pub fn new(us: u64, japanese: u64) -> Ratio {
        let hundredths = (japanese > 0).then(|| us.saturating_mul(100) / japanese);
        let text = match hundredths {
            Some(h) => format!("{}.{:02} to 1", h / 100, h % 100),
            None => format!("{us} to 0"),
        };
        Ratio {
            us,
            japanese,
            hundredths,
            text,
        }
    }

    /// The victory level of this ratio (L11).
    pub fn level(&self) -> VictoryLevel {
        match self.hundredths {
            Some(h) => VictoryLevel::of_hundredths(h),
            None if self.us > 0 => VictoryLevel::UsDecisive,
            None => VictoryLevel::Draw,
        }
    }
}

/// How many more points a side needs to change the level, and the level it would reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Margin {
    /// Victory Points needed.
    pub vp: u64,
    /// The level those points reach (bands can be skipped at small scores).
    pub reaches: VictoryLevel,
}

/// Margins both ways from the current score.
///
/// ```
/// use leyte_victory::{Margins, VictoryLevel};
/// // 2 : 1 is a Draw; one more US point makes it 3 : 1.
/// let m = Margins::of(2, 1);
/// let us = m.us.unwrap();
/// assert_eq!((us.vp, us.reaches), (1, VictoryLevel::UsDecisive));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Margins {
    /// More US points needed to raise the level; `None` at U.S. Decisive.
    pub us: Option<Margin>,
    /// More Japanese points needed to lower the level; `None` at Japanese Decisive.
    pub japanese: Option<Margin>,
}

impl Margins {
    /// The margins of a score (computed exactly, in integers).
    pub fn of(us: u64, japanese: u64) -> Margins {
        let level = Ratio::new(us, japanese).level();
        let us_margin = level.better().map(|target| {
            // Smallest x with floor(100 (us + x) / jp) >= bound, i.e. 100 (us + x) >= bound * jp.
            let x = match (target.lower_bound(), japanese) {
                (_, 0) => 1,
                (Some(bound), jp) => (bound * jp).div_ceil(100).saturating_sub(us).max(1),
                (None, _) => 1,
            };
            Margin {
                vp: x,
                reaches: Ratio::new(us + x, japanese).level(),
            }
        });
        let japanese_margin = level.lower_bound().map(|bound| {
            // Smallest y with floor(100 us / (jp + y)) < bound, i.e. jp + y > 100 us / bound.
            let y = (us.saturating_mul(100) / bound + 1)
                .saturating_sub(japanese)
                .max(1);
            Margin {
                vp: y,
                reaches: Ratio::new(us, japanese + y).level(),
            }
        });
        Margins {
            us: us_margin,
            japanese: japanese_margin,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use VictoryLevel::*;

    fn level(us: u64, jp: u64) -> VictoryLevel {
        Ratio::new(us, jp).level()
    }

    #[test]
    fn every_band_edge() {
        let cases = [
            (300, UsDecisive),
            (299, UsSubstantive),
            (250, UsSubstantive),
            (249, UsMarginal),
            (201, UsMarginal),
            (200, Draw),
            (199, JapaneseMarginal),
            (150, JapaneseMarginal),
            (149, JapaneseSubstantive),
            (101, JapaneseSubstantive),
            (100, JapaneseDecisive),
        ];
        for (us, expected) in cases {
            assert_eq!(level(us, 100), expected, "{us}:100");
        }
    }

    #[test]
    fn rounding_down_and_zeroes() {
        assert_eq!(Ratio::new(599, 200).text, "2.99 to 1");
        assert_eq!(level(599, 200), UsSubstantive);
        assert_eq!(Ratio::new(401, 200).text, "2.00 to 1");
        assert_eq!(level(401, 200), Draw);
        assert_eq!(Ratio::new(201, 200).text, "1.00 to 1");
        assert_eq!(level(201, 200), JapaneseDecisive);
        assert_eq!(level(5, 0), UsDecisive);
        assert_eq!(level(0, 0), Draw);
        assert_eq!(level(0, 7), JapaneseDecisive);
        assert_eq!(Ratio::new(5, 0).hundredths, None);
    }

    fn brute(us: u64, jp: u64) -> Margins {
        let l = level(us, jp);
        let up = (1..=10_000u64).find(|x| level(us + x, jp) < l);
        let down = (1..=10_000u64).find(|y| level(us, jp + y) > l);
        Margins {
            us: up.map(|x| Margin {
                vp: x,
                reaches: level(us + x, jp),
            }),
            japanese: down.map(|y| Margin {
                vp: y,
                reaches: level(us, jp + y),
            }),
        }
    }

    #[test]
    fn margins_equal_brute_force_search() {
        for us in 0..=60 {
            for jp in 0..=60 {
                assert_eq!(Margins::of(us, jp), brute(us, jp), "{us}:{jp}");
            }
        }
        for (us, jp) in [(599, 200), (401, 200), (201, 200), (1000, 333), (777, 0)] {
            assert_eq!(Margins::of(us, jp), brute(us, jp), "{us}:{jp}");
        }
    }

    #[test]
    fn margins_can_skip_bands() {
        // 2:1 is a Draw; one more US point is 3:1.
        assert_eq!(
            Margins::of(2, 1).us,
            Some(Margin {
                vp: 1,
                reaches: UsDecisive
            })
        );
    }
}
