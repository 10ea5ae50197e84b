//! Many positions on all cores (feature `parallel`, with rayon): [`score_many`],
//! [`sheet_many`], [`verdict_many`], and [`Reports`], the batch of reports that frees itself
//! on the pool.
//!
//! Each call shares one [`Scorer`] between the pool's threads and gives every job of at least
//! [`MIN_JOB`] positions its own [`Session`]; the answers come back in the positions' order,
//! each the same as the scorer's own for that position.

use std::ops::{Deref, DerefMut};

use rayon::prelude::*;

use crate::error::Error;
use crate::model::Position;
use crate::ratio::Verdict;
use crate::report::Report;
use crate::scorer::{Scorer, Session};
use crate::sheet::Sheet;

/// Positions a parallel job takes at least, so that each job's session is used many times.
const MIN_JOB: usize = 64;

/// `answer` for every position on all cores, one session per job, in the positions' order.
fn many<'m, T: Send>(
    scorer: &Scorer<'m>,
    positions: &[Position],
    answer: impl for<'s> Fn(&mut Session<'s, 'm>, &Position) -> Result<T, Error> + Sync + Send,
) -> Vec<Result<T, Error>> {
    positions
        .par_iter()
        .with_min_len(MIN_JOB)
        .map_init(|| scorer.session(), |session, p| answer(session, p))
        .collect()
}

/// Score many positions on all cores: one [`Session`] per job, the reports in the order of
/// the positions. Each is [`Scorer::score`]'s answer for its position.
///
/// The answer is [`Reports`], used like a slice of results. Dropping it frees the reports on
/// the pool's threads (see there why); [`Reports::into_vec`] takes them as a plain vector
/// instead. A caller that needs only part of each report can take that part on the pool and
/// keep no report:
/// `positions.par_iter().map_init(|| scorer.session(), |s, p| s.score(p).map(|r| ...))`.
///
/// ```
/// # use leyte_victory::{BeachBonus, PositionBuilder, Scenario, Scorer, Side};
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
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
/// let scorer = Scorer::new(&map, &scenario).unwrap();
/// let positions: Vec<_> = (1..=9)
///     .map(|c| PositionBuilder::new(&map).unit("US-1", Side::Us, "4-6-5", &format!("100{c}")).build().unwrap())
///     .collect();
/// let reports = leyte_victory::score_many(&scorer, &positions);
/// let cut: Vec<bool> = reports.iter().map(|r| r.as_ref().unwrap().japanese.total > 0).collect();
/// assert_eq!(cut, [true, false, false, false, false, false, false, false, false]);
/// let sheets = leyte_victory::internal::sheet_many(&scorer, &positions);
/// let verdicts = leyte_victory::verdict_many(&scorer, &positions);
/// for ((r, s), v) in reports.iter().zip(&sheets).zip(&verdicts) {
///     let verdict = r.as_ref().unwrap().verdict();
///     assert_eq!((s.as_ref().unwrap().verdict, *v.as_ref().unwrap()), (verdict, verdict));
/// }
/// ```
pub fn score_many(scorer: &Scorer<'_>, positions: &[Position]) -> Reports {
    Reports(many(scorer, positions, |s, p| s.score(p)))
}

/// The sheets of many positions on all cores: [`score_many`] without the words, as
/// [`Scorer::sheet`] gives them. Not covered by semver: a [`Sheet`] is internal.
///
/// A sheet holds a few vectors of hexes, not hundreds of strings: a plain vector, freed
/// wherever the caller drops it (freeing sheets on the pool was measured slower).
pub fn sheet_many(scorer: &Scorer<'_>, positions: &[Position]) -> Vec<Result<Sheet, Error>> {
    many(scorer, positions, |s, p| s.sheet(p))
}

/// The verdicts of many positions on all cores: the totals and levels, as
/// [`Scorer::verdict`] gives them.
pub fn verdict_many(scorer: &Scorer<'_>, positions: &[Position]) -> Vec<Result<Verdict, Error>> {
    many(scorer, positions, |s, p| s.verdict(p))
}

/// The reports of [`score_many`], in the order of the positions: a vector of results that,
/// when dropped, frees its reports in parallel on the rayon pool the drop runs in (the global
/// pool outside any). A batch of fewer than 128 is freed where it is dropped.
///
/// Why: the reports were made on the pool's threads, and each is a few hundred small
/// allocations. Freed one after another by the caller's thread, a thousand reports take about
/// half as long as it took to make them, and (with glibc's allocator) they slow the pool's next
/// call. Measured on 2 cores, a thousand positions made into reports and freed run about twice
/// the speed of one thread this way, 1.5 times as a plain vector freed by the caller
/// (`docs/performance.md`).
///
/// Use it as a slice (it dereferences to `[Result<Report, Error>]`), iterate it by reference
/// or by value, or take the vector with [`Reports::into_vec`]; reports taken out are freed
/// wherever their new owner drops them.
///
/// Dropping a batch runs a rayon job and waits for it, as [`score_many`] does: as with any
/// rayon call, do not drop one while holding a lock that jobs on the same pool wait for
/// (take [`Reports::into_vec`] there).
///
/// ```
/// # use leyte_victory::{PositionBuilder, Scenario, Scorer, Side};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Three hexes"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 3]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1003"]
/// # [hexsides]
/// # roads = [["1002", "1003"]]
/// # "#, None).unwrap();
/// # let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(leyte_victory::BeachBonus::none());
/// # let scorer = Scorer::new(&map, &scenario).unwrap();
/// let positions: Vec<_> = ["1001", "1002", "1003"]
///     .iter()
///     .map(|hex| PositionBuilder::new(&map).unit("US-1", Side::Us, "4-6-5", hex).build().unwrap())
///     .collect();
/// let reports = leyte_victory::score_many(&scorer, &positions);
/// assert_eq!(reports.len(), 3);
/// assert_eq!(reports[0], scorer.score(&positions[0]));
/// let first_unit_hexes: Vec<String> = reports
///     .into_iter() // by value: each report is the caller's now
///     .map(|r| r.unwrap().loc.swap_remove(0).hex)
///     .collect();
/// assert_eq!(first_unit_hexes, ["1001", "1002", "1003"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reports(Vec<Result<Report, Error>>);

impl Reports {
    /// The reports as a plain vector, freed wherever the caller drops them.
    pub fn into_vec(mut self) -> Vec<Result<Report, Error>> {
        std::mem::take(&mut self.0)
    }
}

impl Drop for Reports {
    fn drop(&mut self) {
        free_on_pool(std::mem::take(&mut self.0));
    }
}

/// Drop `items` on the threads of the rayon pool this runs in (the global pool outside any),
/// in jobs of at least [`MIN_JOB`]; fewer than two jobs' worth are dropped here.
fn free_on_pool<T: Send>(items: Vec<T>) {
    if items.len() >= 2 * MIN_JOB {
        items.into_par_iter().with_min_len(MIN_JOB).for_each(drop);
    }
}

impl Deref for Reports {
    type Target = [Result<Report, Error>];

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Reports {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl From<Reports> for Vec<Result<Report, Error>> {
    fn from(reports: Reports) -> Self {
        reports.into_vec()
    }
}

impl IntoIterator for Reports {
    type Item = Result<Report, Error>;
    type IntoIter = std::vec::IntoIter<Result<Report, Error>>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Reports {
    type Item = &'a Result<Report, Error>;
    type IntoIter = std::slice::Iter<'a, Result<Report, Error>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Records, when dropped, the index of the pool thread it is dropped on (`None`: not on a
    /// pool thread).
    struct Witness<'a>(&'a Mutex<Vec<Option<usize>>>);

    impl Drop for Witness<'_> {
        fn drop(&mut self) {
            if let Ok(mut seen) = self.0.lock() {
                seen.push(rayon::current_thread_index());
            }
        }
    }

    fn dropped_on(count: usize, pool: Option<&rayon::ThreadPool>) -> Vec<Option<usize>> {
        let seen = Mutex::new(Vec::new());
        let items: Vec<Witness<'_>> = (0..count).map(|_| Witness(&seen)).collect();
        match pool {
            Some(pool) => pool.install(|| free_on_pool(items)),
            None => free_on_pool(items),
        }
        seen.into_inner().unwrap_or_default()
    }

    #[test]
    fn a_batch_is_freed_on_the_pool_and_a_small_one_where_it_is_dropped() {
        let seen = dropped_on(1000, None);
        assert_eq!(seen.len(), 1000);
        assert!(
            seen.iter().all(Option::is_some),
            "freed off the pool: {seen:?}"
        );
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build();
        let pool = pool.as_ref().ok();
        let seen = dropped_on(1000, pool);
        assert_eq!(seen.len(), 1000);
        assert!(seen.iter().all(|i| i.is_some_and(|i| i < 2)));
        let seen = dropped_on(2 * MIN_JOB - 1, None);
        assert_eq!(seen, vec![None; 2 * MIN_JOB - 1]);
    }
}
