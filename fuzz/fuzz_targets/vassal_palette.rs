//! Fuzz target `vassal_palette`: see `harness::vassal_palette` (src/lib.rs): a buildFile and a
//! save in one input (split at the first NUL), the save's pieces matched with the palette.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    harness::vassal_palette(data);
});
