//! Fuzz target `map_hexsides`: maps with hexsides named as a map-maker names them
//! (`[hexsides.sides]`), through the same harness as `map` (`harness::map`, src/lib.rs), from
//! seeds and a dictionary of their own (`seeds/map_hexsides/`, `dict/map_hexsides.dict`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The loaders take text: inputs that are not UTF-8 are skipped.
    if let Ok(text) = std::str::from_utf8(data) {
        harness::map(text);
    }
});
