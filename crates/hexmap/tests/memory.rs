//! What reading a hostile map may cost in memory, measured by a counting allocator (this test
//! binary's global allocator: the most bytes held at once while one map is read). One test, so
//! that nothing else allocates meanwhile.

#![cfg(feature = "toml")] // the maps here are TOML text
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use hexmap::{ErrorKind, HexMap};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<std::alloc::System> = &INSTRUMENTED_SYSTEM;

/// The most bytes held at once while `f` runs, beyond what was held before.
fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    GLOBAL.reset_peak_memory();
    let out = f();
    (out, GLOBAL.get_peak_memory())
}

/// A map of 99 rows and 60 columns whose `[hexsides.sides]` has `n` names, each naming the
/// line `0150-9950` `n` times and the direction `E` `n` times (issue 44, item 6).
fn map(n: usize) -> String {
    let mut text = String::from(
        "name = \"many\"\n[layout]\norientation = \"pointy\"\nlabel = \"row-column\"\n\
         rows = [1, 99]\ncolumns = [1, 60]\nshifted = \"even\"\nrows_grow = \"north\"\n\
         columns_grow = \"east\"\n",
    );
    if n > 0 {
        let hexes = vec!["0150-9950"; n].join(",");
        let directions = vec!["E"; n].join("+");
        let name = format!("\"{hexes}/{directions}\"");
        text.push_str("[hexsides.sides]\nriver = [");
        text.push_str(&vec![name; n].join(", "));
        text.push_str("]\n");
    }
    text
}

/// Each hexside named is kept once: a map naming the same 99 hexsides n x n x n times costs
/// at most a few times its bytes beyond the map itself (it cost 1.8 GB for 2.6 KB), and every
/// name that repeats a hexside is a problem, at three sizes.
#[test]
fn hexsides_named_many_times_are_kept_once_and_reported() {
    let (base, base_cost) = peak(|| HexMap::from_toml_str(&map(0), Some("many.toml")));
    assert_eq!(base.unwrap().len(), 99 * 60);
    for n in [8, 16, 32] {
        let text = map(n);
        let (read, cost) = peak(|| HexMap::from_toml_str(&text, Some("many.toml")));
        let extra = cost.saturating_sub(base_cost);
        assert!(
            extra <= 32 * text.len() + 256 * 1024,
            "n = {n}: {} bytes of map held {extra} bytes beyond the map's own {base_cost}",
            text.len()
        );
        let err = read.unwrap_err();
        let problems = err.diagnostics();
        let repeated = problems
            .iter()
            .filter(|p| p.kind == ErrorKind::Duplicate && p.message.contains("more than once here"))
            .count();
        let again = problems
            .iter()
            .filter(|p| {
                p.kind == ErrorKind::Duplicate
                    && p.message.contains("here already named for `river`")
            })
            .count();
        assert_eq!(repeated, n, "n = {n}: {problems:?}");
        assert_eq!(again, n - 1, "n = {n}: {problems:?}");
        let first = problems
            .iter()
            .find(|p| p.message.contains("more than once here"))
            .unwrap();
        assert!(
            first.message
                == format!(
                    "{} hexside(s) named more than once here (a hex or a direction given \
                     twice): name each hexside once",
                    99 * n * n - 99
                ),
            "{}",
            first.message
        );
    }
}
