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
//!
//! The rules options `ratio` (`truncate`, `round`, `exact`) and `zero_zero` (`draw`,
//! `japanese-decisive`) choose other readings ([`Schedule`]); `exact` compares the scores
//! with the printed figures in integers, without hundredths:
//!
//! | level | ratio r = US / JP | in integers |
//! |---|---|---|
//! | U.S. Decisive | r >= 3 | US >= 3 JP |
//! | U.S. Substantive | 2.5 <= r < 3 | 2 US >= 5 JP |
//! | U.S. Marginal | 2 < r < 2.5 | US > 2 JP |
//! | Draw | r = 2 | US = 2 JP |
//! | Japanese Marginal | 1.5 <= r < 2 | 2 US >= 3 JP |
//! | Japanese Substantive | 1 < r < 1.5 | US > JP |
//! | Japanese Decisive | r <= 1 | otherwise |

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::options::{Rounding, ZeroZero};

/// The lowest ratio of each band, in hundredths, as printed.
mod band {
    pub(super) const US_DECISIVE: u64 = 300;
    pub(super) const US_SUBSTANTIVE: u64 = 250;
    pub(super) const US_MARGINAL: u64 = 201;
    pub(super) const DRAW: u64 = 200;
    pub(super) const JAPANESE_MARGINAL: u64 = 150;
    pub(super) const JAPANESE_SUBSTANTIVE: u64 = 101;
}

/// The seven victory levels, best for the US first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
            VictoryLevel::UsDecisive => Some(band::US_DECISIVE),
            VictoryLevel::UsSubstantive => Some(band::US_SUBSTANTIVE),
            VictoryLevel::UsMarginal => Some(band::US_MARGINAL),
            VictoryLevel::Draw => Some(band::DRAW),
            VictoryLevel::JapaneseMarginal => Some(band::JAPANESE_MARGINAL),
            VictoryLevel::JapaneseSubstantive => Some(band::JAPANESE_SUBSTANTIVE),
            VictoryLevel::JapaneseDecisive => None,
        }
    }

    /// The level of a ratio in hundredths.
    pub fn of_hundredths(h: u64) -> VictoryLevel {
        match h {
            band::US_DECISIVE.. => VictoryLevel::UsDecisive,
            band::US_SUBSTANTIVE..band::US_DECISIVE => VictoryLevel::UsSubstantive,
            band::US_MARGINAL..band::US_SUBSTANTIVE => VictoryLevel::UsMarginal,
            band::DRAW..band::US_MARGINAL => VictoryLevel::Draw,
            band::JAPANESE_MARGINAL..band::DRAW => VictoryLevel::JapaneseMarginal,
            band::JAPANESE_SUBSTANTIVE..band::JAPANESE_MARGINAL => {
                VictoryLevel::JapaneseSubstantive
            }
            _ => VictoryLevel::JapaneseDecisive,
        }
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// The level, as the schedule the ratio was taken with reads it.
    #[serde(skip, default = "unread_level")]
    #[cfg_attr(feature = "schema", schemars(skip))]
    level: VictoryLevel,
    /// How its hundredths were taken (the rules option `ratio`).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    rounding: Rounding,
}

/// A read-back ratio's level before [`Ratio::read_back`] sets it from its report.
fn unread_level() -> VictoryLevel {
    VictoryLevel::Draw
}

impl Ratio {
    /// A ratio read back from a report's JSON: its level and rounding, which its JSON form
    /// leaves to the report's `level` and `rules`, set from them.
    pub(crate) fn read_back(&mut self, level: VictoryLevel, rounding: Rounding) {
        (self.level, self.rounding) = (level, rounding);
    }

    /// The ratio of two scores with its hundredths as `rounding` takes them (`exact`: truncated,
    /// for display; its level is decided by the exact comparisons).
    fn of(us: u64, japanese: u64, rounding: Rounding, level: VictoryLevel) -> Ratio {
        let hundredths = hundredths_with(us, japanese, rounding);
        let text = match hundredths {
            Some(h) => format!("{}.{:02} to 1", h / 100, h % 100),
            None => format!("{us} to 0"),
        };
        Ratio {
            us,
            japanese,
            hundredths,
            text,
            level,
            rounding,
        }
    }

    /// How its hundredths were taken (the rules option `ratio`).
    pub(crate) fn rounding(&self) -> Rounding {
        self.rounding
    }

    /// The victory level of this ratio (L11), as the schedule it was taken with reads it.
    pub fn level(&self) -> VictoryLevel {
        self.level
    }

    /// The quotient US / JP to four decimals (truncated), when 100 US is not a multiple of
    /// JP: the figure the two-decimal [`Ratio::text`] stands for (`2.0050` for 401 : 200).
    /// Where four decimals would read as a one-decimal figure of the schedule (`2.0000`, read
    /// exactly the Draw's 2.0) the quotient is above, more are given, to the first that is not
    /// zero (`2.00001` for 200001 : 100000): the figure shows which side of the schedule's
    /// figure the quotient lies on.
    ///
    /// ```
    /// use leyte_victory::Schedule;
    /// let ratio = |us, japanese| Schedule::default().ratio(us, japanese);
    /// assert_eq!(ratio(401, 200).quotient().as_deref(), Some("2.0050"));
    /// assert_eq!(ratio(200_001, 100_000).quotient().as_deref(), Some("2.00001"));
    /// assert_eq!(ratio(400, 200).quotient(), None); // exactly 2.00
    /// assert_eq!(ratio(5, 0).quotient(), None);
    /// ```
    pub fn quotient(&self) -> Option<String> {
        let (us, jp) = (u128::from(self.us), u128::from(self.japanese));
        if jp == 0 || (us * 100) % jp == 0 {
            return None;
        }
        let mut rest = us % jp;
        let mut decimals = String::new();
        // A remainder below JP <= 2^64 gives a digit other than zero within 20 decimals.
        while decimals.len() < MAX_DECIMALS {
            rest *= 10;
            decimals.push(char::from(b'0' + (rest / jp) as u8));
            rest %= jp;
            let beyond_one = decimals.bytes().skip(1).any(|d| d != b'0');
            if decimals.len() >= 4 && (beyond_one || rest == 0) {
                break;
            }
        }
        Some(format!("{}.{decimals}", us / jp))
    }
}

/// The most decimals [`Ratio::quotient`] writes: more than a quotient of two `u64` needs to
/// show a digit other than zero after its first decimal.
const MAX_DECIMALS: usize = 24;

/// `100 * us / japanese` in hundredths, truncated (also under `exact`, for display) or
/// rounded (halves up); `None` when the Japanese have no points.
fn hundredths_with(us: u64, japanese: u64, rounding: Rounding) -> Option<u64> {
    match rounding {
        Rounding::Round => (us.saturating_mul(200).saturating_add(japanese))
            .checked_div(japanese.saturating_mul(2)),
        _ => us.saturating_mul(100).checked_div(japanese),
    }
}

/// The level of US : JP > 0 with the printed figures read exactly (the table of the module's
/// documentation), in integers.
fn exact_level(us: u64, japanese: u64) -> VictoryLevel {
    let (us, jp) = (u128::from(us), u128::from(japanese));
    if us >= 3 * jp {
        VictoryLevel::UsDecisive
    } else if 2 * us >= 5 * jp {
        VictoryLevel::UsSubstantive
    } else if us > 2 * jp {
        VictoryLevel::UsMarginal
    } else if us == 2 * jp {
        VictoryLevel::Draw
    } else if 2 * us >= 3 * jp {
        VictoryLevel::JapaneseMarginal
    } else if us > jp {
        VictoryLevel::JapaneseSubstantive
    } else {
        VictoryLevel::JapaneseDecisive
    }
}

/// The ratio schedule (L11) as the rules read it (the rules options `ratio` and `zero_zero`):
/// the one way to a score's level, ratio, verdict and margins. The default is this project's
/// reading (rulings L-14 and L-20), the engine's default [`Rules`](crate::options::Rules).
///
/// ```
/// use leyte_victory::{Schedule, VictoryLevel};
/// use leyte_victory::options::{Rounding, Rules, ZeroZero};
/// let mut rules = Rules::default();
/// rules.ratio = Rounding::Exact;
/// // 401 : 200 is 2.005: truncated 2.00 (a Draw), read exactly above 2 (U.S. Marginal).
/// assert_eq!(Schedule::default().level(401, 200), VictoryLevel::Draw);
/// assert_eq!(Schedule::of_rules(&rules).level(401, 200), VictoryLevel::UsMarginal);
/// let mut rules = Rules::default();
/// rules.zero_zero = ZeroZero::JapaneseDecisive;
/// assert_eq!(Schedule::of_rules(&rules).level(0, 0), VictoryLevel::JapaneseDecisive);
/// // Rounded, 499 : 200 (2.495) is 2.50: U.S. Substantive; truncated, 2.49: U.S. Marginal.
/// let mut rules = Rules::default();
/// rules.ratio = Rounding::Round;
/// let rounded = Schedule::of_rules(&rules).ratio(499, 200);
/// assert_eq!((rounded.text.as_str(), rounded.level()), ("2.50 to 1", VictoryLevel::UsSubstantive));
/// assert_eq!(Schedule::default().level(499, 200), VictoryLevel::UsMarginal);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Schedule {
    /// `ratio`: the ratio between printed bands.
    pub ratio: Rounding,
    /// `zero_zero`: no points on either side.
    pub zero_zero: ZeroZero,
}

impl Schedule {
    /// The schedule as these rules read it (their options `ratio` and `zero_zero`).
    pub fn of_rules(rules: &crate::options::Rules) -> Schedule {
        Schedule::with(rules.ratio, rules.zero_zero)
    }

    /// The schedule read with these two options.
    fn with(ratio: Rounding, zero_zero: ZeroZero) -> Schedule {
        Schedule { ratio, zero_zero }
    }

    /// The victory level of US : Japanese points.
    pub fn level(self, us: u64, japanese: u64) -> VictoryLevel {
        match (japanese, self.ratio) {
            (0, _) if us > 0 => VictoryLevel::UsDecisive,
            (0, _) => match self.zero_zero {
                ZeroZero::JapaneseDecisive => VictoryLevel::JapaneseDecisive,
                _ => VictoryLevel::Draw,
            },
            (_, Rounding::Exact) => exact_level(us, japanese),
            (_, rounding) => hundredths_with(us, japanese, rounding)
                .map_or(VictoryLevel::Draw, VictoryLevel::of_hundredths),
        }
    }

    /// The ratio of US : Japanese points, with its level.
    ///
    /// ```
    /// use leyte_victory::{Schedule, VictoryLevel};
    /// let r = Schedule::default().ratio(599, 200);
    /// assert_eq!((r.hundredths, r.text.as_str()), (Some(299), "2.99 to 1")); // rounded down
    /// assert_eq!(r.level(), VictoryLevel::UsSubstantive);
    /// ```
    pub fn ratio(self, us: u64, japanese: u64) -> Ratio {
        Ratio::of(us, japanese, self.ratio, self.level(us, japanese))
    }

    /// Both totals and their level.
    pub fn verdict(self, us: u64, japanese: u64) -> Verdict {
        Verdict {
            us,
            japanese,
            level: self.level(us, japanese),
        }
    }

    /// The margins of a score: how many more points each side needs to change the level (L-18),
    /// in closed form for the default reading, by a search otherwise (the level only rises
    /// with US points and only falls with Japanese points, so the first change is found by
    /// bisection).
    ///
    /// ```
    /// use leyte_victory::{Schedule, VictoryLevel};
    /// // 2 : 1 is a Draw; one more US point makes it 3 : 1.
    /// let us = Schedule::default().margins(2, 1).us.unwrap();
    /// assert_eq!((us.vp, us.reaches), (1, VictoryLevel::UsDecisive));
    /// ```
    pub fn margins(self, us: u64, japanese: u64) -> Margins {
        if self == Schedule::default() {
            Margins::closed_form(us, japanese)
        } else {
            Margins::searched(us, japanese, self)
        }
    }
}

/// The outcome of a position without its evidence: both players' totals and the victory level
/// (L11), as [`crate::Scorer::verdict`] computes it without building a single award.
///
/// ```
/// # use leyte_victory::{PositionBuilder, Scenario, BeachBonus, Side, VictoryLevel, Scorer};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1009"]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
/// let position = PositionBuilder::new(&map)
///     .eliminated("J-1", Side::Japanese, "4-6-5")
///     .build()
///     .unwrap();
/// let scorer = Scorer::new(&map, &scenario).unwrap();
/// let verdict = scorer.verdict(&position).unwrap();
/// assert_eq!((verdict.us, verdict.japanese, verdict.level), (10, 0, VictoryLevel::UsDecisive));
/// assert_eq!(verdict, scorer.score(&position).unwrap().verdict());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Verdict {
    /// The U.S. Player's Victory Points.
    pub us: u64,
    /// The Japanese Player's Victory Points.
    pub japanese: u64,
    /// The victory level (L11).
    pub level: VictoryLevel,
}

/// How many more points a side needs to change the level, and the level it would reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Margin {
    /// Victory Points needed.
    pub vp: u64,
    /// The level those points reach (bands can be skipped at small scores).
    pub reaches: VictoryLevel,
}

/// Margins both ways from the current score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Margins {
    /// More US points needed to raise the level; `None` at U.S. Decisive.
    pub us: Option<Margin>,
    /// More Japanese points needed to lower the level; `None` at Japanese Decisive.
    pub japanese: Option<Margin>,
}

impl Margins {
    /// The margins of a score under `schedule`, by bisection.
    fn searched(us: u64, japanese: u64, schedule: Schedule) -> Margins {
        let level = |u, j| schedule.level(u, j);
        let now = level(us, japanese);
        // The smallest n in 1..=hi with `changed(n)`, when there is one.
        let first = |hi: u64, changed: &dyn Fn(u64) -> bool| {
            if !changed(hi) {
                return None;
            }
            let (mut lo, mut hi) = (1u64, hi);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if changed(mid) { hi = mid } else { lo = mid + 1 }
            }
            Some(lo)
        };
        let us_hi = japanese.saturating_mul(3).saturating_add(1).max(1);
        let us_margin = now
            .better()
            .and(first(us_hi, &|x| {
                level(us.saturating_add(x), japanese) != now
            }))
            .map(|x| Margin {
                vp: x,
                reaches: level(us.saturating_add(x), japanese),
            });
        let jp_hi = us.saturating_mul(100).saturating_add(1);
        let japanese_margin = now
            .lower_bound()
            .and(first(jp_hi, &|y| {
                level(us, japanese.saturating_add(y)) != now
            }))
            .map(|y| Margin {
                vp: y,
                reaches: level(us, japanese.saturating_add(y)),
            });
        Margins {
            us: us_margin,
            japanese: japanese_margin,
        }
    }

    /// The margins of a score under the default schedule, in closed form (in integers).
    fn closed_form(us: u64, japanese: u64) -> Margins {
        let level_of = |us, japanese| Schedule::default().level(us, japanese);
        let level = level_of(us, japanese);
        let us_margin = level.better().map(|target| {
            // Smallest x with floor(100 (us + x) / jp) >= bound, i.e. 100 (us + x) >= bound * jp.
            let x = match (target.lower_bound(), japanese) {
                (_, 0) => 1,
                (Some(bound), jp) => bound
                    .saturating_mul(jp)
                    .div_ceil(100)
                    .saturating_sub(us)
                    .max(1),
                (None, _) => 1,
            };
            Margin {
                vp: x,
                reaches: level_of(us.saturating_add(x), japanese),
            }
        });
        let japanese_margin = level.lower_bound().map(|bound| {
            // Smallest y with floor(100 us / (jp + y)) < bound, i.e. jp + y > 100 us / bound.
            let y = (us.saturating_mul(100) / bound + 1)
                .saturating_sub(japanese)
                .max(1);
            Margin {
                vp: y,
                reaches: level_of(us, japanese.saturating_add(y)),
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

    fn ratio(us: u64, jp: u64) -> Ratio {
        Schedule::default().ratio(us, jp)
    }

    fn level(us: u64, jp: u64) -> VictoryLevel {
        ratio(us, jp).level()
    }

    fn rounded() -> Schedule {
        Schedule::with(Rounding::Round, ZeroZero::Draw)
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
        assert_eq!(ratio(599, 200).text, "2.99 to 1");
        assert_eq!(level(599, 200), UsSubstantive);
        assert_eq!(ratio(401, 200).text, "2.00 to 1");
        assert_eq!(level(401, 200), Draw);
        assert_eq!(ratio(201, 200).text, "1.00 to 1");
        assert_eq!(level(201, 200), JapaneseDecisive);
        assert_eq!(level(5, 0), UsDecisive);
        assert_eq!(level(0, 0), Draw);
        assert_eq!(level(0, 7), JapaneseDecisive);
        assert_eq!(ratio(5, 0).hundredths, None);
    }

    #[test]
    fn the_level_of_a_score_is_the_level_of_its_hundredths() {
        for us in 0..=300 {
            for jp in 1..=300 {
                let r = ratio(us, jp);
                let by_hundredths = VictoryLevel::of_hundredths(r.hundredths.unwrap_or(0));
                assert_eq!(
                    Schedule::default().level(us, jp),
                    by_hundredths,
                    "{us}:{jp}"
                );
                assert_eq!(r.level(), by_hundredths, "{us}:{jp}");
            }
        }
    }

    /// The margins by trying every amount up to 10,000 (the level of a score computed as the
    /// report's ratio computes it, without its text: see the test above).
    fn brute(us: u64, jp: u64, schedule: Schedule) -> Margins {
        let level = |u, j| schedule.level(u, j);
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

    /// Every reading of the schedule.
    fn schedules() -> Vec<Schedule> {
        let mut all = Vec::new();
        for ratio in [Rounding::Truncate, Rounding::Round, Rounding::Exact] {
            for zero_zero in [ZeroZero::Draw, ZeroZero::JapaneseDecisive] {
                all.push(Schedule::with(ratio, zero_zero));
            }
        }
        all
    }

    #[test]
    fn margins_equal_brute_force_search() {
        for schedule in schedules() {
            for us in 0..=60 {
                for jp in 0..=60 {
                    let m = schedule.margins(us, jp);
                    assert_eq!(m, brute(us, jp, schedule), "{us}:{jp} {schedule:?}");
                }
            }
            for (us, jp) in [
                (599, 200),
                (401, 200),
                (201, 200),
                (1000, 333),
                (777, 0),
                (499, 200),
            ] {
                let m = schedule.margins(us, jp);
                assert_eq!(m, brute(us, jp, schedule), "{us}:{jp} {schedule:?}");
            }
        }
    }

    /// `ratio = exact`: the issue's worked scores, and the reading against exact fractions.
    #[test]
    fn the_printed_figures_read_exactly() {
        let exact = Schedule::with(Rounding::Exact, ZeroZero::Draw);
        for (us, jp, level) in [
            (401, 200, UsMarginal),
            (251, 250, JapaneseSubstantive),
            (599, 200, UsSubstantive),
            (399, 200, JapaneseMarginal),
            (499, 200, UsMarginal),
            (299, 200, JapaneseSubstantive),
            (400, 200, Draw),
            (600, 200, UsDecisive),
            (500, 200, UsSubstantive),
            (300, 200, JapaneseMarginal),
            (200, 200, JapaneseDecisive),
            (5, 0, UsDecisive),
            (0, 0, Draw),
        ] {
            assert_eq!(exact.level(us, jp), level, "{us}:{jp}");
            assert_eq!(exact.ratio(us, jp).level(), level, "{us}:{jp}");
        }
        // The same bands written as fractions: r >= 3, [2.5, 3), (2, 2.5), 2, [1.5, 2), (1, 1.5).
        for us in 0..=120u64 {
            for jp in 1..=60u64 {
                let (u, j) = (us * 2, jp * 2); // compare 2r with the doubled figures
                let twice = |k: u64| u * 2 >= k * j; // r >= k / 2
                let expected = if twice(6) {
                    UsDecisive
                } else if twice(5) {
                    UsSubstantive
                } else if u > 2 * j {
                    UsMarginal
                } else if u == 2 * j {
                    Draw
                } else if twice(3) {
                    JapaneseMarginal
                } else if u > j {
                    JapaneseSubstantive
                } else {
                    JapaneseDecisive
                };
                assert_eq!(exact.level(us, jp), expected, "{us}:{jp}");
            }
        }
    }

    /// `round` moves 401:200 and 116:115 but not 403:201 or 251:250; `truncate` moves none.
    #[test]
    fn the_readings_between_the_printed_ranges() {
        let truncate = Schedule::default();
        let round = Schedule::with(Rounding::Round, ZeroZero::Draw);
        assert_eq!(truncate.level(401, 200), Draw);
        assert_eq!(truncate.level(403, 201), Draw);
        assert_eq!(truncate.level(251, 250), JapaneseDecisive);
        assert_eq!(truncate.level(116, 115), JapaneseDecisive);
        assert_eq!(round.level(401, 200), UsMarginal);
        assert_eq!(round.level(116, 115), JapaneseSubstantive);
        assert_eq!(round.level(403, 201), Draw);
        assert_eq!(round.level(251, 250), JapaneseDecisive);
    }

    #[test]
    fn no_points_on_either_side() {
        assert_eq!(Schedule::default().level(0, 0), Draw);
        let japanese = Schedule::with(Rounding::Truncate, ZeroZero::JapaneseDecisive);
        assert_eq!(japanese.level(0, 0), JapaneseDecisive);
        assert_eq!(japanese.level(1, 0), UsDecisive);
        let m = japanese.margins(0, 0);
        assert_eq!(
            (m.us.map(|m| (m.vp, m.reaches)), m.japanese),
            (Some((1, UsDecisive)), None)
        );
    }

    #[test]
    fn a_quotient_its_hundredths_do_not_show() {
        assert_eq!(ratio(401, 200).quotient().as_deref(), Some("2.0050"));
        assert_eq!(ratio(1, 3).quotient().as_deref(), Some("0.3333"));
        assert_eq!(ratio(2, 3).quotient().as_deref(), Some("0.6666"));
        assert_eq!(ratio(3, 4).quotient(), None);
        // Just above a figure of the schedule: the digits go on to show it.
        assert_eq!(
            ratio(200_001, 100_000).quotient().as_deref(),
            Some("2.00001")
        );
        assert_eq!(
            ratio(250_001, 100_000).quotient().as_deref(),
            Some("2.50001")
        );
        assert_eq!(
            ratio(u64::MAX, u64::MAX / 2).quotient().as_deref(),
            Some("2.0000000000000000001")
        );
        // Just below: the truncated digits already show it (1.9999...).
        assert_eq!(
            ratio(199_999, 100_000).quotient().as_deref(),
            Some("1.9999")
        );
        assert_eq!(
            ratio(201_001, 100_000).quotient().as_deref(),
            Some("2.0100")
        );
        assert_eq!(
            ratio(u64::MAX, 7).quotient().map(|q| q.len() > 10),
            Some(true)
        );
    }

    #[test]
    fn rounding_moves_a_ratio_across_a_band_edge() {
        // 2.495 : truncated 2.49 is U.S. Marginal, rounded 2.50 U.S. Substantive.
        assert_eq!(Schedule::default().level(499, 200), UsMarginal);
        assert_eq!(rounded().level(499, 200), UsSubstantive);
        // Halves round up; below a half, down.
        assert_eq!(rounded().ratio(1999, 1000).hundredths, Some(200));
        assert_eq!(rounded().ratio(19_949, 10_000).hundredths, Some(199));
    }

    #[test]
    fn margins_can_skip_bands() {
        // 2:1 is a Draw; one more US point is 3:1.
        assert_eq!(
            Schedule::default().margins(2, 1).us,
            Some(Margin {
                vp: 1,
                reaches: UsDecisive
            })
        );
    }
}
