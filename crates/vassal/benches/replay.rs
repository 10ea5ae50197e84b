//! Replaying and locating a real VASSAL log: `tld/0611-1.log` of the folder named by
//! `VASSAL_SAMPLES` (7,471 commands, 684 log steps, 2,335 pieces at the end) on its module's
//! buildFile with the board sizes given. Skipped, with a message, when `VASSAL_SAMPLES` is
//! unset.
//!
//! - `decode`: the file's bytes to commands (zip, `!VCSK`, ESC-separated commands);
//! - `replay+locate`: the decoded save replayed to its last step and every piece located and
//!   read ([`vassal::read_pieces`]): the issue's target is under 50 ms;
//! - `whole`: both, from the bytes.
//!
//! The module is read once, outside the timing.
//!
//! ```sh
//! VASSAL_SAMPLES=/path/to/vassal-samples cargo bench -p wargame-vassal --bench replay
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use vassal::{BoardSizes, Module, Options, Save};

fn sizes(text: &str) -> BoardSizes {
    let v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text).unwrap();
    v.into_iter()
        .map(|(k, v)| {
            let a = v.as_array().unwrap();
            (
                k,
                (a[0].as_u64().unwrap() as u32, a[1].as_u64().unwrap() as u32),
            )
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let Some(dir) = std::env::var_os("VASSAL_SAMPLES").map(PathBuf::from) else {
        eprintln!("VASSAL_SAMPLES is not set: the replay benchmark is skipped");
        return;
    };
    let tld = dir.join("tld");
    let sizes = sizes(&std::fs::read_to_string(tld.join("board-sizes.json")).unwrap());
    let module = Module::from_build_file(
        &std::fs::read_to_string(tld.join("buildFile")).unwrap(),
        "buildFile",
        &sizes,
    )
    .unwrap();
    let bytes = std::fs::read(tld.join("0611-1.log")).unwrap();
    let save = Save::from_bytes(&bytes, "0611-1.log").unwrap();
    let pieces = vassal::read_pieces(&module, &save, &Options::default()).unwrap();
    assert_eq!(save.commands.read + save.commands.skipped, 7471);
    assert_eq!(pieces.pieces.len(), 2335);
    let mut g = c.benchmark_group("tld-0611-1");
    g.sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    g.bench_function("decode", |b| {
        b.iter(|| Save::from_bytes(black_box(&bytes), "0611-1.log").unwrap())
    });
    g.bench_function("replay+locate", |b| {
        b.iter(|| {
            vassal::read_pieces(black_box(&module), black_box(&save), &Options::default()).unwrap()
        })
    });
    g.bench_function("whole", |b| {
        b.iter(|| {
            let save = Save::from_bytes(black_box(&bytes), "0611-1.log").unwrap();
            vassal::read_pieces(&module, &save, &Options::default()).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
