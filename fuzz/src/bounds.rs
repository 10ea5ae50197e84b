//! The bounds every fuzz target asserts besides the absence of panics: the work the readers
//! count (`wargame_kit::internal::work`) and the most bytes held at once (this crate's global
//! allocator, [`Counting`]) while one input is read, each at most a multiple of the inflated
//! input plus a constant (docs/reliability.md, "What every target asserts").
//!
//! The inflated input is what the readers are given in all: a save's text inflated and
//! deobfuscated with the buildFile it is read against (`vassal::internal::input_bytes`), a text
//! input's bytes, and the fixed documents a target reads with it (the demo module, the
//! synthetic saves, the fixture maps and tracks), which are part of the input.
//!
//! The constants are chosen so that the inputs of issue 44's items 1-13, shrunk to the fuzzers'
//! sizes (8 to 16 KiB), fail them: they build gigabytes or take steps in the square of their
//! input (a TOML table of N rows of a column each: N x N cells; one hexside named 200 times
//! under 200 directions; N palette entries sharing a `gpid` looked up for each of M pieces), while
//! every fixture and seed read within a tenth of them (the measured ratios are in
//! docs/reliability.md).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use wargame_kit::internal::work;

/// Work (the readers' counted steps) allowed per byte of inflated input.
pub const WORK_FACTOR: u64 = 16;

/// Work allowed beyond [`WORK_FACTOR`] times the input, so that a small input of a fixed module
/// or save reads (the fixtures' own constant part).
pub const WORK_FLOOR: u64 = 250_000;

/// Peak allocated bytes allowed per byte of inflated input: the reader's text budget
/// (`vassal::limits::TEXT_BUDGET_FACTOR`, 16) built once, its JSON, and the XML tree of a
/// buildFile (`vassal::limits::xml_tree_budget`, 10).
pub const MEM_FACTOR: usize = 64;

/// Peak allocated bytes allowed beyond [`MEM_FACTOR`] times the input (12 MiB): the reader's
/// text budget floor (`vassal::limits::TEXT_BUDGET_FLOOR`, 4 MiB) built with what holds it, and
/// a piece's share (`vassal::limits::MAX_PIECE_TEXT_BYTES`, 1 MiB) measured while it is
/// withheld. (What the harness does with a result, its JSON and its checks, is not metered:
/// [`Meter::unmetered`].)
pub const MEM_FLOOR: usize = 12 * 1024 * 1024;

/// What each hex a map declares adds to its inflated input, in bytes: a layout of a few bytes
/// asks for up to `hexmap::limits::MAX_HEXES` hexes (a map of 1,000 x 1,000 hexes, 168 bytes of
/// TOML, holds 172 MB; a Leyte state on it 248 MB), as a zip's few bytes inflate.
pub const HEX_BYTES: usize = 8;

/// A global allocator over [`System`] counting the bytes held now and the most held since the
/// last [`reset_peak`].
pub struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = CURRENT.fetch_add(by, Ordering::Relaxed).saturating_add(by);
    PEAK.fetch_max(now, Ordering::Relaxed);
}

fn shrank(by: usize) {
    CURRENT.fetch_sub(by, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` with the same arguments; the counters are
// atomics touched after a successful allocation and before a deallocation.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System`'s.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System`'s.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is `System`'s.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                shrank(layout.size() - new_size);
            }
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The bytes held now.
pub fn current() -> usize {
    CURRENT.load(Ordering::Relaxed)
}

/// Start the peak again from what is held now.
pub fn reset_peak() {
    PEAK.store(current(), Ordering::Relaxed);
}

/// The most bytes held at once since [`reset_peak`].
pub fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// What one bounded run measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measured {
    /// The inflated input, in bytes.
    pub inflated: usize,
    /// The readers' counted steps.
    pub work: u64,
    /// The most bytes held at once beyond what was held before.
    pub peak: usize,
}

impl Measured {
    /// The work allowed for this input.
    pub fn work_bound(&self) -> u64 {
        (self.inflated as u64)
            .saturating_mul(WORK_FACTOR)
            .saturating_add(WORK_FLOOR)
    }

    /// The peak allowed for this input.
    pub fn mem_bound(&self) -> usize {
        self.inflated
            .saturating_mul(MEM_FACTOR)
            .saturating_add(MEM_FLOOR)
    }
}

thread_local! {
    static LAST: std::cell::Cell<Measured> = const { std::cell::Cell::new(Measured { inflated: 0, work: 0, peak: 0 }) };
}

/// What the last [`bounded`] run on this thread measured (for `replay`'s report).
pub fn last() -> Measured {
    LAST.with(std::cell::Cell::get)
}

/// Whether bound failures panic (the default) or are only measured: `replay --measure`.
static MEASURE_ONLY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Measure without failing (for `replay --measure`, which prints the ratios).
pub fn measure_only(on: bool) {
    MEASURE_ONLY.store(on, Ordering::Relaxed);
}

/// What a bounded run has measured so far, and its inflated input.
pub struct Meter {
    /// The inflated input, in bytes (starts at the input's length; raise it once known).
    pub inflated: usize,
    base: usize,
    peak: usize,
    work: u64,
}

impl Meter {
    /// Raise the inflated input to `bytes` (a zip's inflated save and the buildFile).
    pub fn inflated_to(&mut self, bytes: usize) {
        self.inflated = self.inflated.max(bytes);
    }

    /// Run `f` (the harness's own work on a result: its JSON, its checks) without counting its
    /// steps or its peak; what it still holds when it returns counts as held.
    pub fn unmetered<T>(&mut self, f: impl FnOnce() -> T) -> T {
        self.work = self.work.saturating_add(work::take());
        self.peak = self.peak.max(peak().saturating_sub(self.base));
        let out = f();
        work::take();
        reset_peak();
        out
    }
}

/// Run `read` with the work counter and the peak started again (what it measured is printed to
/// stderr when the environment has `HARNESS_BOUNDS`), and panic (a finding) when it took more
/// work than [`WORK_FACTOR`] times the inflated input plus [`WORK_FLOOR`], or held more than
/// [`MEM_FACTOR`] times it plus [`MEM_FLOOR`]. The inflated input starts at `input_len`; `read`
/// raises it ([`Meter::inflated_to`]) once it knows what it was given (a zip's inflated save).
pub fn bounded<T>(input_len: usize, read: impl FnOnce(&mut Meter) -> T) -> T {
    work::take();
    reset_peak();
    let mut meter = Meter {
        inflated: input_len,
        base: current(),
        peak: 0,
        work: 0,
    };
    let out = read(&mut meter);
    let m = Measured {
        inflated: meter.inflated,
        work: meter.work.saturating_add(work::take()),
        peak: meter.peak.max(peak().saturating_sub(meter.base)),
    };
    LAST.with(|l| l.set(m));
    static REPORT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *REPORT.get_or_init(|| std::env::var_os("HARNESS_BOUNDS").is_some()) {
        eprintln!(
            "HARNESS_BOUNDS inflated={} work={} work_bound={} peak={} mem_bound={}",
            m.inflated,
            m.work,
            m.work_bound(),
            m.peak,
            m.mem_bound()
        );
    }
    if !MEASURE_ONLY.load(Ordering::Relaxed) {
        assert!(
            m.work <= m.work_bound(),
            "bound: {} steps of work from {} bytes of inflated input, more than WORK_FACTOR ({WORK_FACTOR}) x input + WORK_FLOOR ({WORK_FLOOR}) = {}",
            m.work,
            m.inflated,
            m.work_bound()
        );
        assert!(
            m.peak <= m.mem_bound(),
            "bound: {} bytes held at once from {} bytes of inflated input, more than MEM_FACTOR ({MEM_FACTOR}) x input + MEM_FLOOR ({MEM_FLOOR}) = {}",
            m.peak,
            m.inflated,
            m.mem_bound()
        );
    }
    out
}
