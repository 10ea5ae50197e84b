//! A count of the steps a reader takes, so that a test can show a reader's work growing linearly
//! with its input (the same input twice the size, twice the steps) without timing anything.
//!
//! Each reader adds the steps of its loops that depend on the input (a command decoded, an
//! element located, a comparison made while looking a name up); [`take`] reads the count of
//! the current thread and starts it again. Counting costs one thread-local addition a step.
//!
//! ```
//! use wargame_kit::internal::work;
//!
//! work::take();
//! for _ in 0..10 {
//!     work::add(1);
//! }
//! assert_eq!(work::take(), 10);
//! assert_eq!(work::take(), 0);
//! ```

use std::cell::Cell;

thread_local! {
    static STEPS: Cell<u64> = const { Cell::new(0) };
}

/// Count `steps` more on this thread.
#[inline]
pub fn add(steps: u64) {
    STEPS.with(|s| s.set(s.get().saturating_add(steps)));
}

/// Count `steps` more on this thread, a `usize` (a length scanned).
#[inline]
pub fn add_len(steps: usize) {
    add(u64::try_from(steps).unwrap_or(u64::MAX));
}

/// The steps counted on this thread since the last `take`, and the count started again.
pub fn take() -> u64 {
    STEPS.with(|s| s.replace(0))
}
