//! Fuzz target `vassal_buildfile`: see `harness::vassal_buildfile` (src/lib.rs) for what one
//! input goes through.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The reader takes text: inputs that are not UTF-8 are skipped.
    if let Ok(text) = std::str::from_utf8(data) {
        harness::vassal_buildfile(text);
    }
});
