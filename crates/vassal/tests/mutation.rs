//! Deterministic mutation test of the readers: no save, log or buildFile may make them panic.
//!
//! The synthetic module and game of `tests/common` (the game as plain text, obfuscated, and
//! zipped; the module as a buildFile and as a `.vmod`) are mutated by a seeded PRNG
//! (splitmix64, fixed seed and count), so every run tries the same mutants: bits flipped, bytes
//! inserted (the formats' delimiters: ESC, tab, `/`, `;`, `,`, `\`, `'`, `$`, `<`, `>`, `&`,
//! quotes, digits) and deleted, numbers replaced by extremes, commands (ESC-separated) and lines
//! duplicated, deleted and swapped, two seeds spliced. Every mutant is read as a save (and
//! replayed, to its end and to step 1, its pieces located and read, revealed and not, on the
//! good module) and as a module (with the good save), under `catch_unwind`. A panic fails the
//! test with the seed, the mutant's index and the mutations. `fuzz/` (cargo-fuzz) explores
//! further.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use vassal::{BoardSizes, Module, Options, Save};
use wargame_kit::rng::Rng;

const SEED: u64 = 0x5EED_0025_FA55_A100;
const MUTANTS_PER_SEED: usize = 800;

const SIGNIFICANT: &[u8] = b"\x1b\t/;,\\'$<>&\"=0123456789-\n\x00\xff";
const EXTREMES: [&str; 10] = [
    "0",
    "-1",
    "2147483647",
    "-2147483648",
    "2147483648",
    "99999999999",
    "10000001",
    "-10000001",
    "NaN",
    "1e308",
];

/// One mutation of `b`, described.
fn mutate(rng: &mut Rng, b: &mut Vec<u8>, other: &[u8]) -> String {
    match rng.below(8) {
        0 if !b.is_empty() => {
            let i = rng.below(b.len());
            let bit = rng.below(8);
            b[i] ^= 1 << bit;
            format!("flip bit {bit} of byte {i}")
        }
        1 => {
            let i = rng.below(b.len() + 1);
            let c = SIGNIFICANT[rng.below(SIGNIFICANT.len())];
            b.insert(i, c);
            format!("insert {c:#04x} at {i}")
        }
        2 if !b.is_empty() => {
            let i = rng.below(b.len());
            let n = 1 + rng.below(8);
            let end = (i + n).min(b.len());
            b.drain(i..end);
            format!("delete {i}..{end}")
        }
        3 => {
            // A run of digits replaced by an extreme.
            let starts: Vec<usize> = (0..b.len())
                .filter(|&i| b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_digit()))
                .collect();
            if starts.is_empty() {
                return "no number".into();
            }
            let s = starts[rng.below(starts.len())];
            let e = (s..b.len())
                .find(|&i| !b[i].is_ascii_digit())
                .unwrap_or(b.len());
            let x = EXTREMES[rng.below(EXTREMES.len())];
            b.splice(s..e, x.bytes());
            format!("number at {s} -> {x}")
        }
        4 | 5 => {
            // Commands (ESC) or lines: duplicate, delete or swap one.
            let sep = if rng.below(2) == 0 { 0x1b } else { b'\n' };
            let mut parts: Vec<Vec<u8>> = b.split(|&c| c == sep).map(<[u8]>::to_vec).collect();
            let i = rng.below(parts.len());
            let what = rng.below(3);
            match what {
                0 => {
                    let p = parts[i].clone();
                    parts.insert(i, p);
                }
                1 if parts.len() > 1 => {
                    parts.remove(i);
                }
                _ => {
                    let j = rng.below(parts.len());
                    parts.swap(i, j);
                }
            }
            *b = parts.join(&sep);
            format!("part {i} ({sep:#04x}) op {what}")
        }
        6 => {
            let cut = rng.below(b.len() + 1);
            let from = rng.below(other.len() + 1);
            b.truncate(cut);
            b.extend_from_slice(&other[from..]);
            format!("splice at {cut} from {from}")
        }
        _ => {
            let cut = rng.below(b.len() + 1);
            b.truncate(cut);
            format!("truncate at {cut}")
        }
    }
}

fn exercise_save(module: &Module, bytes: &[u8]) {
    let Ok(save) = Save::from_bytes(bytes, "mutant.vsav") else {
        return;
    };
    for options in [
        Options::default(),
        Options::default().step(Some(1)).reveal(true),
    ] {
        if let Ok(p) = vassal::read_pieces(module, &save, &options) {
            let _ = serde_json::to_string(&p).unwrap();
            let _ = p.warnings.iter().map(ToString::to_string).count();
        }
    }
}

fn exercise_module(bytes: &[u8], save: &Save) {
    let sizes = common::sizes();
    let module = if vassal::internal::archive::is_zip(bytes) {
        Module::from_vmod(bytes, "mutant.vmod", &BoardSizes::new())
    } else {
        match std::str::from_utf8(bytes) {
            Ok(t) => Module::from_build_file(t, "mutant.xml", &sizes),
            Err(_) => return,
        }
    };
    match module {
        Ok(m) => {
            let _ = vassal::read_pieces(&m, save, &Options::default())
                .map(|p| serde_json::to_string(&p).unwrap());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

#[test]
fn no_mutant_makes_a_reader_panic() {
    let module =
        Module::from_build_file(&common::build_file(), "buildFile.xml", &common::sizes()).unwrap();
    let text = common::save(false).finish().into_bytes();
    let save = Save::from_bytes(&text, "demo.vlog").unwrap();
    let seeds: Vec<(&str, Vec<u8>, bool)> = vec![
        ("save text", text.clone(), true),
        (
            "save obfuscated",
            vassal::internal::obfuscation::obfuscate(&text, 0x21),
            true,
        ),
        ("save file", common::save(true).to_file(), true),
        ("buildFile", common::build_file().into_bytes(), false),
        ("vmod", common::vmod(), false),
    ];
    let mut rng = Rng::new(SEED);
    let mut failures = Vec::new();
    let mut tried = 0;
    for (name, seed, is_save) in &seeds {
        let other = &seeds[rng.below(seeds.len())].1;
        for i in 0..MUTANTS_PER_SEED {
            let mut b = seed.clone();
            let n = 1 + rng.below(3);
            let what: Vec<String> = (0..n).map(|_| mutate(&mut rng, &mut b, other)).collect();
            tried += 1;
            let r = catch_unwind(AssertUnwindSafe(|| {
                if *is_save {
                    exercise_save(&module, &b);
                } else {
                    exercise_module(&b, &save);
                }
            }));
            if r.is_err() {
                failures.push(format!("{name} mutant {i}: {what:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {tried} mutants panicked:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(tried, 5 * MUTANTS_PER_SEED);
}
