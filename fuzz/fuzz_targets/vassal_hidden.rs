//! Fuzz target `vassal_hidden`: see `harness::vassal_hidden` (src/lib.rs): a save read as the
//! opponent sees it keeps what VASSAL hides hidden (invariants, besides no panic).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    harness::vassal_hidden(data);
});
