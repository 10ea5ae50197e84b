//! Fuzz target `vassal_labels`: see `harness::vassal_labels` (src/lib.rs): saves whose pieces
//! carry Text Labels, layers, masks and prototypes, on a module whose prototypes carry them too.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    harness::vassal_labels(data);
});
