//! Fuzz target `vassal_save`: see `harness::vassal_save` (src/lib.rs) for what one input goes
//! through. Saves are bytes (a zip, obfuscated or plain text): every input is used.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    harness::vassal_save(data);
});
