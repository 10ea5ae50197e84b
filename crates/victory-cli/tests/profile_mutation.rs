//! Deterministic mutation test of the VASSAL profile reader and import: no profile may make
//! them panic, and every problem they report is located (a file and a line).
//!
//! The shipped profiles of `fixtures/vassal/` are mutated by a seeded PRNG (splitmix64, fixed
//! seed and count, so every run tries the same mutants): bytes flipped, TOML's and key paths'
//! delimiters inserted, bytes deleted, numbers replaced by extremes, lines duplicated, deleted
//! and swapped. Each mutant is read, made a state of its save and read by its engine (the
//! stand-in map from memory), under `catch_unwind`. `fuzz/` (target `vassal_profile`) explores
//! further.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use wargame_kit::rng::Rng;

const SEED: u64 = 0x5EED_0026_9F0F_11E5;
const MUTANTS_PER_PROFILE: usize = 700;
const DELIMITERS: &[&str] = &[
    "[", "]", "{", "}", "=", ".", ",", "\"", "'", "#", "\n", "[[", "{}", "-1", "true", "\\",
];

fn read(path: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path),
    )
    .unwrap()
}

/// One mutation of `text`, described.
fn mutate(rng: &mut Rng, text: &mut Vec<u8>) -> String {
    let at = rng.below(text.len());
    match rng.below(6) {
        0 => {
            text[at] ^= 1 << rng.below(8);
            format!("flip {at}")
        }
        1 => {
            let d = DELIMITERS[rng.below(DELIMITERS.len())];
            text.splice(at..at, d.bytes());
            format!("insert {d:?} at {at}")
        }
        2 => {
            let n = 1 + rng.below(8);
            text.drain(at..(at + n).min(text.len()));
            format!("delete {n} at {at}")
        }
        3 => {
            let n = [
                "9223372036854775807",
                "-9223372036854775808",
                "0",
                "99999999999999999999",
            ];
            let v = n[rng.below(n.len())];
            text.splice(at..at, v.bytes());
            format!("number {v} at {at}")
        }
        _ => {
            let mut lines: Vec<Vec<u8>> = text.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            let how = match rng.below(3) {
                0 => {
                    let l = lines[i].clone();
                    lines.insert(j, l);
                    "duplicate"
                }
                1 => {
                    lines.remove(i);
                    "delete"
                }
                _ => {
                    lines.swap(i, j);
                    "swap"
                }
            };
            *text = lines.join(&b'\n');
            format!("{how} lines {i} {j}")
        }
    }
}

/// Every problem located, in a file, on a line.
fn located<K>(ds: &[wargame_kit::Diagnostic<K>], what: &str) {
    for d in ds {
        assert!(
            d.file.is_some() && d.location.is_some(),
            "{what}: an unlocated problem: {}",
            d.message
        );
    }
}

fn try_one(text: &str, game: usize, module: &vassal::Module, save: &vassal::Save) {
    let Ok(profile) = vassal::profile::Profile::from_toml_str(text, Some("p.toml")) else {
        if let Err(e) = vassal::profile::Profile::from_toml_str(text, Some("p.toml")) {
            located(e.diagnostics(), "reading");
        }
        return;
    };
    let maps = wargame_kit::resolve::MemoryResolver::default().with(
        "../../maps/leyte-standin.toml",
        std::str::from_utf8(&read("fixtures/maps/leyte-standin.toml")).unwrap(),
    );
    let options = vassal::Options::default();
    if game == 0 {
        match profile.import(module, save, &options, &leyte_victory::STATE_SHAPE) {
            Ok(imported) => {
                let read = imported.read_state(|text, name| {
                    leyte_victory::State::from_toml_str(text, name, &maps)
                });
                if let Err(e) = read {
                    let ours: Vec<_> = e
                        .diagnostics()
                        .iter()
                        .filter(|d| d.file.as_deref() == Some("p.toml"))
                        .cloned()
                        .collect();
                    located(&ours, "reading the state");
                }
            }
            Err(e) => located(e.diagnostics(), "importing"),
        }
    } else {
        match profile.import(module, save, &options, &asia_engulfed_victory::STATE_SHAPE) {
            Ok(imported) => {
                let _ = imported.read_state(|text, name| {
                    asia_engulfed_victory::State::from_toml_str(text, name, &maps)
                });
            }
            Err(e) => located(e.diagnostics(), "importing"),
        }
    }
}

#[test]
fn no_profile_panics_and_every_problem_is_located() {
    let games = [
        (
            "fixtures/vassal/leyte/assault.profile.toml",
            "fixtures/vassal/leyte/Leyte-synthetic.vmod",
            "fixtures/vassal/leyte/assault-scenario-end-position.vsav",
        ),
        (
            "fixtures/vassal/dai-senso/final.profile.toml",
            "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod",
            "fixtures/vassal/dai-senso/final-nei-pro-west-us-unit-in-tokyo.vsav",
        ),
    ];
    let mut rng = Rng::new(SEED);
    for (g, (profile, module, save)) in games.iter().enumerate() {
        let module =
            vassal::Module::from_vmod(&read(module), "m.vmod", &vassal::BoardSizes::new()).unwrap();
        let save = vassal::Save::from_bytes(&read(save), "s.vsav").unwrap();
        let good = read(profile);
        for n in 0..MUTANTS_PER_PROFILE {
            let mut text = good.clone();
            let mut done = Vec::new();
            for _ in 0..1 + rng.below(3) {
                done.push(mutate(&mut rng, &mut text));
            }
            let Ok(text) = String::from_utf8(text) else {
                continue;
            };
            let run = catch_unwind(AssertUnwindSafe(|| try_one(&text, g, &module, &save)));
            assert!(
                run.is_ok(),
                "{profile}: mutant {n} ({}) panicked",
                done.join(", ")
            );
        }
    }
}
