#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story

//! Deterministic mutation test of every loader and renderer: no input may make them panic.
//!
//! The small fixtures of each kind (maps, Leyte states, Dai Senso states, VP tracks; valid and
//! invalid) are mutated by a seeded PRNG (splitmix64, fixed seed and count), so every run tries
//! the same mutants: bytes flipped, inserted and deleted, numbers replaced by extremes, lines
//! duplicated, deleted and swapped, string values replaced by ones with control characters and
//! markup, two fixtures spliced; Leyte states are also run on a mutated copy of the map they
//! name. Every mutant goes through every loader (map, Leyte state, Dai Senso state, VP track)
//! and, when it loads, through scoring, the text report, the JSON report and the SVG, under
//! `catch_unwind`. A panic fails the test with the fixture, the mutant's index, the mutations
//! and the mutant's text (escaped). The inputs stay small (a fixture and a few edits), so the
//! test needs no time limits; `fuzz/` (cargo-fuzz) explores further.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{MarkerSide, VpTrack, place_vp_marker};
use hexmap::HexMap;
use hexmap::svg::MapDrawing;
use wargame_kit::resolve::{Document, ResolveError, ResolveErrorKind, Resolver};
use wargame_kit::rng::Rng;

/// The PRNG's seed: change it to try other mutants (a failure prints everything to replay it).
const SEED: u64 = 0x5EED_1975_0D5E_0001;
/// Mutants made from each kind of fixture (each goes through all four loaders).
const MUTANTS_PER_KIND: usize = 1500;
/// Fixtures larger than this are not used as seeds (keeps every input small and quick).
const MAX_SEED_BYTES: usize = 2600;
/// How many failing mutants the failure message shows in full.
const SHOW: usize = 5;

/// What the mutations draw beyond the kit's seeded splitmix64 (`wargame_kit::rng`).
trait Draw {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T;
    fn chance(&mut self, percent: u64) -> bool;
}

impl Draw for Rng {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Map,
    Leyte,
    DaiSenso,
    Track,
}

/// The workspace's fixtures directory.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// The `.toml` files of `dir` (not recursive), sorted.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// A fixture: its path relative to `fixtures/` and its text.
struct Fixture {
    name: String,
    text: String,
}

fn read(paths: Vec<PathBuf>) -> Vec<Fixture> {
    let root = fixtures();
    paths
        .into_iter()
        .map(|p| Fixture {
            name: p.strip_prefix(&root).unwrap_or(&p).display().to_string(),
            text: std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        })
        .collect()
}

/// Every fixture of `kind`, valid and invalid (any size: the resolver serves them all).
fn all_of(kind: Kind) -> Vec<Fixture> {
    let f = fixtures();
    let dirs: &[&str] = match kind {
        Kind::Map => &["maps", "maps/invalid"],
        Kind::Leyte => &["leyte", "leyte/invalid"],
        Kind::DaiSenso => &["asia-engulfed", "asia-engulfed/invalid"],
        Kind::Track => &["asia-engulfed/tracks", "asia-engulfed/tracks/invalid"],
    };
    let paths = dirs
        .iter()
        .map(|d| f.join(d))
        .filter(|d| d.is_dir())
        .flat_map(|d| toml_files(&d))
        .collect();
    read(paths)
}

/// Serves documents by file name, whatever the folders in the reference
/// (`../maps/line.toml`, `maps/line.toml` and `line.toml` are all `line.toml`).
#[derive(Clone)]
struct ByFileName(BTreeMap<String, String>);

impl ByFileName {
    fn new(fixtures: &[&Fixture]) -> ByFileName {
        ByFileName(
            fixtures
                .iter()
                .map(|f| (file_name(&f.name).to_string(), f.text.clone()))
                .collect(),
        )
    }
}

fn file_name(reference: &str) -> &str {
    reference.rsplit(['/', '\\']).next().unwrap_or(reference)
}

impl Resolver for ByFileName {
    fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
        let file = file_name(reference);
        match self.0.get(file) {
            Some(text) => Ok(Document::new(file, text.clone())),
            None => Err(ResolveError::new(
                reference,
                ResolveErrorKind::NotFound { path: None },
            )),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Mutations

/// Numbers that find overflow, sign, size and float handling.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "4294967295",
    "4294967296",
    "2147483647",
    "-2147483648",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1e308",
    "-1e308",
    "65535",
    "65536",
    "1000000",
    "nan",
    "1.5",
];

/// String values (TOML basic-string contents, escaped) with control characters, markup and
/// other text that renderers must escape.
const HOSTILE_STRINGS: &[&str] = &[
    r"\u0000\u0007\u001b[31mred\u001b[0m\t\r\n\u007f",
    r#"<svg onload=\"alert(1)\">&amp;]]></text>"#,
    r"\u202e\u200bRTL\u0085\u2028\u2029",
    "",
    " ",
    r"\U0001F600\U0010FFFF",
    r"%s%n{}{0}\\",
    // A raw control character: not valid TOML, so the TOML error path.
    "bell\u{7}here",
];

/// Bytes worth inserting: TOML syntax, digits, escapes, NUL, a multi-byte character's start.
const INSERT_BYTES: &[u8] = b"\"'[]{}=,.\n#-+0123456789\\ \t\0\x7f\xc3\xe2";

/// The mutations, by name (for the failure message).
const MUTATIONS: &[&str] = &[
    "flip-bit",
    "insert-byte",
    "delete-bytes",
    "number-extreme",
    "number-nudge",
    "duplicate-line",
    "delete-line",
    "swap-lines",
    "hostile-string",
    "splice",
];

/// Byte ranges of the number tokens (digit runs, with a leading `-`) of `text`.
fn numbers(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_digit() {
            let start = if i > 0 && text[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            let mut end = i;
            while end < text.len() && (text[end].is_ascii_digit() || text[end] == b'.') {
                end += 1;
            }
            out.push((start, end));
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// Byte ranges of the contents of the basic strings (`"..."` without escapes) of `text`.
fn strings(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (start, line) in lines(text) {
        let line = &text[start..start + line];
        if line.trim_ascii_start().starts_with(b"#") {
            continue;
        }
        let quotes: Vec<usize> = (0..line.len()).filter(|&i| line[i] == b'"').collect();
        for pair in quotes.chunks_exact(2) {
            let inner = &line[pair[0] + 1..pair[1]];
            if !inner.contains(&b'\\') {
                out.push((start + pair[0] + 1, start + pair[1]));
            }
        }
    }
    out
}

/// (start, length without the newline) of every line of `text`.
fn lines(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in text.iter().enumerate() {
        if *b == b'\n' {
            out.push((start, i - start));
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push((start, text.len() - start));
    }
    out
}

/// Lines of `text`, each with its newline.
fn split_lines(text: &[u8]) -> Vec<Vec<u8>> {
    text.split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// Apply mutation `m` (an index into [`MUTATIONS`]) to `text`; `other` is a second fixture
/// for `splice`.
fn mutate(rng: &mut Rng, m: usize, text: &mut Vec<u8>, other: &[u8]) {
    match MUTATIONS[m] {
        "flip-bit" if !text.is_empty() => {
            let i = rng.below(text.len());
            text[i] ^= 1 << rng.below(8);
        }
        "insert-byte" => {
            let i = rng.below(text.len() + 1);
            let b = if rng.chance(80) {
                *rng.pick(INSERT_BYTES)
            } else {
                rng.next_u64() as u8
            };
            text.insert(i, b);
        }
        "delete-bytes" if !text.is_empty() => {
            let i = rng.below(text.len());
            let n = (1 + rng.below(8)).min(text.len() - i);
            text.drain(i..i + n);
        }
        "number-extreme" => {
            let found = numbers(text);
            if !found.is_empty() {
                let (s, e) = *rng.pick(&found);
                text.splice(s..e, rng.pick(EXTREMES).bytes());
            }
        }
        "number-nudge" => {
            // A nearby or small value: often still valid, so the mutant reaches scoring.
            let found = numbers(text);
            if !found.is_empty() {
                let (s, e) = *rng.pick(&found);
                let old: i64 = std::str::from_utf8(&text[s..e])
                    .ok()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                let new = match rng.below(3) {
                    0 => old.saturating_add(1),
                    1 => old.saturating_sub(1),
                    _ => rng.below(100) as i64,
                };
                text.splice(s..e, new.to_string().bytes());
            }
        }
        "duplicate-line" | "delete-line" | "swap-lines" => {
            let mut ls = split_lines(text);
            if ls.is_empty() {
                return;
            }
            let i = rng.below(ls.len());
            match MUTATIONS[m] {
                "duplicate-line" => {
                    let copy = ls[i].clone();
                    let at = rng.below(ls.len() + 1);
                    ls.insert(at, copy);
                }
                "delete-line" => {
                    ls.remove(i);
                }
                _ => {
                    let j = rng.below(ls.len());
                    ls.swap(i, j);
                }
            }
            // Keep a newline between lines that lost theirs by moving (the last line).
            for l in &mut ls {
                if l.last() != Some(&b'\n') {
                    l.push(b'\n');
                }
            }
            *text = ls.concat();
        }
        "hostile-string" => {
            let found = strings(text);
            if !found.is_empty() {
                let (s, e) = *rng.pick(&found);
                let value = if rng.chance(10) {
                    "x".repeat(200 + rng.below(200))
                } else {
                    (*rng.pick(HOSTILE_STRINGS)).to_string()
                };
                text.splice(s..e, value.bytes());
            }
        }
        "splice" => {
            let a = split_lines(text);
            let b = split_lines(other);
            let cut_a = rng.below(a.len() + 1);
            let cut_b = rng.below(b.len() + 1);
            *text = a[..cut_a]
                .iter()
                .chain(&b[cut_b..])
                .flatten()
                .copied()
                .collect();
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// The loaders and what runs on what they load

/// What one loader did with one mutant.
#[derive(Default, Clone, Copy)]
struct Tally {
    tried: usize,
    loaded: usize,
    /// Scored, reported as text and JSON and drawn (or, for a map, summarized and drawn).
    rendered: usize,
    /// Time spent (printed, never checked).
    time: Duration,
}

const LOADERS: &[&str] = &["map", "leyte state", "dai-senso state", "vp track"];

/// Run loader `loader` on `text` and everything after it; true if it loaded. Panics are the
/// caller's to catch.
fn run(loader: usize, text: &str, maps: &ByFileName, tracks: &ByFileName) -> (bool, bool) {
    match loader {
        0 => match HexMap::from_toml_str(text, Some("mutant.toml")) {
            Ok(map) => {
                let _ = map.summary();
                let svg = MapDrawing::new(&map).finish();
                assert!(svg.starts_with("<svg"));
                (true, true)
            }
            Err(e) => {
                let _ = e.to_string();
                (false, false)
            }
        },
        1 => match leyte_victory::State::from_toml_str(text, Some("leyte/mutant.toml"), maps) {
            Ok(state) => {
                let _ = state.check();
                let rendered = match state.score() {
                    Ok(report) => {
                        let _ = report.to_string();
                        serde_json::to_string(&report).expect("a Leyte report serializes");
                        let svg = leyte_victory::svg::render_state(&state, &report);
                        assert!(svg.starts_with("<svg"));
                        if let Some(unit) = state.position().units().first()
                            && let Ok(e) = leyte_victory::explain(&state, &unit.id)
                        {
                            let _ = e.to_string();
                        }
                        true
                    }
                    Err(e) => {
                        let _ = e.to_string();
                        false
                    }
                };
                (true, rendered)
            }
            Err(e) => {
                let _ = e.to_string();
                (false, false)
            }
        },
        2 => {
            match asia_engulfed_victory::State::from_toml_str(
                text,
                Some("asia-engulfed/mutant.toml"),
                tracks,
            ) {
                Ok(state) => {
                    let report = asia_engulfed_victory::score(&state, &Rules::default());
                    let _ = report.to_string();
                    serde_json::to_string(&report).expect("a Dai Senso report serializes");
                    let svg = asia_engulfed_victory::svg::render(&state, &report);
                    assert!(svg.starts_with("<svg"));
                    (true, true)
                }
                Err(e) => {
                    let _ = e.to_string();
                    (false, false)
                }
            }
        }
        _ => match VpTrack::from_toml_str(text, Some("asia-engulfed/tracks/mutant.toml")) {
            Ok(track) => {
                let (lo, hi) = track.finite_span();
                for csv in [
                    i64::MIN,
                    lo.saturating_sub(1),
                    lo,
                    0,
                    hi,
                    hi.saturating_add(1),
                    i64::MAX,
                ] {
                    let _ = track.range_of(csv);
                    for side in [MarkerSide::RisingSun, MarkerSide::AlliedCrusade] {
                        let _ = place_vp_marker(&track, csv, side, Some(0));
                    }
                }
                for b in track.boxes() {
                    let _ = b.title();
                }
                (true, true)
            }
            Err(e) => {
                let _ = e.to_string();
                (false, false)
            }
        },
    }
}

/// A mutant that made a loader panic.
struct Failure {
    loader: &'static str,
    fixture: String,
    index: usize,
    mutations: Vec<&'static str>,
    message: String,
    text: String,
    /// The mutated map a Leyte state was run on, if any.
    map: Option<(String, String)>,
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

#[test]
fn map_mutants_make_no_loader_panic() {
    mutants_of(Kind::Map);
}

#[test]
fn leyte_state_mutants_make_no_loader_panic() {
    mutants_of(Kind::Leyte);
}

#[test]
fn dai_senso_state_mutants_make_no_loader_panic() {
    mutants_of(Kind::DaiSenso);
}

#[test]
fn vp_track_mutants_make_no_loader_panic() {
    mutants_of(Kind::Track);
}

/// Make [`MUTANTS_PER_KIND`] mutants of the small fixtures of `kind` and run each through every
/// loader; fail listing the mutants that made one panic.
fn mutants_of(kind: Kind) {
    let kinds = [Kind::Map, Kind::Leyte, Kind::DaiSenso, Kind::Track];
    let all: BTreeMap<Kind, Vec<Fixture>> = kinds.iter().map(|&k| (k, all_of(k))).collect();
    let maps = ByFileName::new(&all[&Kind::Map].iter().collect::<Vec<_>>());
    let tracks = ByFileName::new(&all[&Kind::Track].iter().collect::<Vec<_>>());
    let pool: Vec<&Fixture> = all[&kind]
        .iter()
        .filter(|f| f.text.len() <= MAX_SEED_BYTES)
        .collect();
    assert!(!pool.is_empty(), "no fixtures of kind {kind:?}");
    let everything: Vec<&Fixture> = all.values().flatten().collect();

    // One sequence per kind, so that the four tests can run in parallel.
    let prng_seed = SEED ^ (kind as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng::new(prng_seed);
    let mut tallies = [Tally::default(); 4];
    let mut failures: Vec<Failure> = Vec::new();

    for index in 0..MUTANTS_PER_KIND {
        let seed = *rng.pick(&pool);
        // A Leyte state naming a map file is, one time in four, run on a mutated copy of
        // that map (the state itself intact), so that map mutants reach scoring.
        let map_ref = (kind == Kind::Leyte)
            .then(|| map_reference(&seed.text))
            .flatten()
            .filter(|r| maps.0.contains_key(file_name(r)));
        let mutate_map = map_ref.is_some() && rng.chance(25);
        let mut text = if mutate_map {
            maps.0[file_name(map_ref.as_deref().unwrap())]
                .as_bytes()
                .to_vec()
        } else {
            seed.text.as_bytes().to_vec()
        };
        let mut applied = Vec::new();
        // Mostly one mutation (so that many mutants still load and reach scoring), up to three.
        let count = match rng.below(100) {
            0..60 => 1,
            60..85 => 2,
            _ => 3,
        };
        for _ in 0..count {
            let m = rng.below(MUTATIONS.len());
            // Splice with a fixture of the same kind, or (one time in five) of any kind.
            let other = if rng.chance(20) {
                *rng.pick(&everything)
            } else {
                *rng.pick(&pool)
            };
            mutate(&mut rng, m, &mut text, other.text.as_bytes());
            applied.push(MUTATIONS[m]);
        }
        let mutant = String::from_utf8_lossy(&text).into_owned();

        let (inputs, map_resolver, mutated_map): (Vec<&str>, ByFileName, _) = if mutate_map {
            let name = file_name(map_ref.as_deref().unwrap()).to_string();
            let mut m = maps.clone();
            m.0.insert(name.clone(), mutant.clone());
            // The mutated map through every loader, and the state through the Leyte one.
            (vec![&mutant, &seed.text], m, Some((name, mutant.clone())))
        } else {
            (vec![&mutant], maps.clone(), None)
        };
        for (n, input) in inputs.iter().enumerate() {
            for (loader, tally) in tallies.iter_mut().enumerate() {
                if n == 1 && loader != 1 {
                    continue; // the intact state: only the Leyte loader, on the mutated map
                }
                tally.tried += 1;
                let started = Instant::now();
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    run(loader, input, &map_resolver, &tracks)
                }));
                tally.time += started.elapsed();
                match outcome {
                    Ok((loaded, rendered)) => {
                        tally.loaded += usize::from(loaded);
                        tally.rendered += usize::from(rendered);
                    }
                    Err(payload) => failures.push(Failure {
                        loader: LOADERS[loader],
                        fixture: seed.name.clone(),
                        index,
                        mutations: applied.clone(),
                        message: panic_message(payload.as_ref()),
                        text: (*input).to_string(),
                        map: mutated_map.clone(),
                    }),
                }
            }
        }
    }

    println!(
        "{kind:?}: {MUTANTS_PER_KIND} mutants of {} fixtures of at most {MAX_SEED_BYTES} bytes (PRNG seed {prng_seed:#x}):",
        pool.len()
    );
    for (name, t) in LOADERS.iter().zip(&tallies) {
        println!(
            "  {name:<16} {:>5} inputs, {:>5} loaded, {:>5} scored and rendered ({:.1} s)",
            t.tried,
            t.loaded,
            t.rendered,
            t.time.as_secs_f64()
        );
    }

    if !failures.is_empty() {
        let mut msg = format!(
            "{} mutants made a loader panic; the first {}:\n",
            failures.len(),
            SHOW.min(failures.len())
        );
        for f in failures.iter().take(SHOW) {
            let _ = writeln!(
                msg,
                "\n- loader `{}` panicked: {}\n  seed fixture: fixtures/{}\n  mutant #{} of its kind, mutations {:?}\n  input: {:?}",
                f.loader, f.message, f.fixture, f.index, f.mutations, f.text
            );
            if let Some((name, text)) = &f.map {
                let _ = writeln!(msg, "  (the state ran on a mutated `{name}`: {text:?})");
            }
        }
        panic!("{msg}");
    }
}

/// The map file a Leyte state names (`map = "../maps/x.toml"`), if it names one.
fn map_reference(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let rest = l
            .trim_start()
            .strip_prefix("map")?
            .trim_start()
            .strip_prefix('=')?;
        let rest = rest.trim_start().strip_prefix('"')?;
        Some(rest[..rest.find('"')?].to_string())
    })
}

#[test]
fn the_mutations_do_what_they_say() {
    let mut rng = Rng::new(1);
    let text = b"a = 12\nb = \"xy\"\nc = -3\n";
    assert_eq!(numbers(text), [(4, 6), (20, 22)]);
    assert_eq!(strings(text), [(12, 14)]);
    let at = |name: &str| MUTATIONS.iter().position(|m| *m == name).unwrap();

    let mut t = text.to_vec();
    mutate(&mut rng, at("number-extreme"), &mut t, b"");
    let t = String::from_utf8(t).unwrap();
    assert!(
        EXTREMES.iter().any(|x| t.contains(&format!("= {x}\n"))),
        "{t}"
    );

    let mut t = text.to_vec();
    mutate(&mut rng, at("delete-line"), &mut t, b"");
    assert_eq!(t.iter().filter(|b| **b == b'\n').count(), 2);

    let mut t = text.to_vec();
    mutate(&mut rng, at("hostile-string"), &mut t, b"");
    assert_ne!(t, text);

    let mut t = text.to_vec();
    mutate(&mut rng, at("splice"), &mut t, b"z = 1\n");
    assert!(t.len() <= text.len() + 6);

    assert_eq!(
        map_reference("game = \"leyte\"\nmap = \"../maps/line.toml\"\n").as_deref(),
        Some("../maps/line.toml")
    );
    assert_eq!(map_reference("map = { name = \"x\" }"), None);

    // The PRNG is splitmix64 (first output for seed 0, from the reference implementation).
    assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
}
