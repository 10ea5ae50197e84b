//! Fuzz target `vassal_tables`: see `harness::vassal_tables` (src/lib.rs): a profile with
//! `[tables.*]` and the files they name (`=== NAME` sections), imported on the synthetic games.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Profiles and tables are text: inputs that are not UTF-8 are skipped.
    if let Ok(text) = std::str::from_utf8(data) {
        harness::vassal_tables(text);
    }
});
