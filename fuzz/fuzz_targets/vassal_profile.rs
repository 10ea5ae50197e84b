//! Fuzz target `vassal_profile`: see `harness::vassal_profile` (src/lib.rs) for what one
//! input goes through.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Profiles are text: inputs that are not UTF-8 are skipped.
    if let Ok(text) = std::str::from_utf8(data) {
        harness::vassal_profile(text);
    }
});
