//! Replays fuzz corpora through the same harness as the fuzz targets, timing every input, and
//! prints per target the number of inputs, the total time and the slowest inputs.
//!
//! ```text
//! replay [--measure] [--top N] [--repeat R] [CORPUS_ROOT]     every target, CORPUS_ROOT/<target>/* (default fuzz/corpus)
//! replay [--measure] [--top N] [--repeat R] TARGET FILE...    one target, the files given
//! ```
//!
//! Each input runs R times (default 3) and its time is the fastest run. An input that panics is
//! reported (`PANIC`) and the replay goes on; the exit status is 1 if any did. Every input also
//! reports its bounds (`harness::bounds`): per target, the input that came closest to the work
//! bound and the one closest to the memory bound, as a share of the bound. With `--measure` an
//! input beyond its bounds is measured and listed (`BOUND`) instead of failing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut top = 3usize;
    let mut repeat = 3u32;
    while args.first().is_some_and(|a| a.starts_with("--")) {
        let flag = args.remove(0);
        if flag == "--measure" {
            harness::bounds::measure_only(true);
            continue;
        }
        let value = if args.is_empty() {
            String::new()
        } else {
            args.remove(0)
        };
        match (flag.as_str(), value.parse::<u32>()) {
            ("--top", Ok(n)) => top = n as usize,
            ("--repeat", Ok(n)) if n > 0 => repeat = n,
            _ => usage(),
        }
    }
    // Quiet panics: they are reported as PANIC lines with their message.
    std::panic::set_hook(Box::new(|_| {}));

    let mut panicked = false;
    match args.first().map(String::as_str) {
        Some(name) if target(name).is_some() => {
            let files: Vec<PathBuf> = args[1..].iter().map(PathBuf::from).collect();
            if files.is_empty() {
                usage();
            }
            panicked |= replay(name, &files, top, repeat);
        }
        root => {
            let root = PathBuf::from(root.unwrap_or("fuzz/corpus"));
            for (name, _) in harness::TARGETS {
                let dir = root.join(name);
                let files = list(&dir);
                if files.is_empty() {
                    println!("{name}: no inputs in {}", dir.display());
                    continue;
                }
                panicked |= replay(name, &files, top, repeat);
            }
        }
    }
    std::process::exit(i32::from(panicked));
}

fn usage() -> ! {
    eprintln!("usage: replay [--measure] [--top N] [--repeat R] [CORPUS_ROOT]");
    eprintln!("       replay [--measure] [--top N] [--repeat R] TARGET FILE...");
    let names: Vec<&str> = harness::TARGETS.iter().map(|(n, _)| *n).collect();
    eprintln!("targets: {}", names.join(", "));
    std::process::exit(2);
}

fn target(name: &str) -> Option<harness::Target> {
    harness::TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
}

/// The files of `dir`, sorted (none if it does not exist).
fn list(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Replays `files` through target `name`; true if any panicked.
fn replay(name: &str, files: &[PathBuf], top: usize, repeat: u32) -> bool {
    let Some(run) = target(name) else { usage() };
    let mut times: Vec<(Duration, &Path, usize)> = Vec::new();
    let (mut skipped, mut panicked) = (0usize, false);
    // The inputs closest to the work bound and to the memory bound (share of the bound).
    let mut worst_work: (f64, Option<(&Path, harness::bounds::Measured)>) = (0.0, None);
    let mut worst_mem: (f64, Option<(&Path, harness::bounds::Measured)>) = (0.0, None);
    let started = Instant::now();
    for file in files {
        let Ok(bytes) = std::fs::read(file) else {
            skipped += 1;
            continue;
        };
        // As the fuzz targets: inputs that are not UTF-8 are skipped.
        let Ok(text) = std::str::from_utf8(&bytes) else {
            skipped += 1;
            continue;
        };
        let mut best = Duration::MAX;
        for _ in 0..repeat {
            let t = Instant::now();
            let outcome = std::panic::catch_unwind(|| run(text));
            best = best.min(t.elapsed());
            if let Err(payload) = outcome {
                let msg = payload
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| payload.downcast_ref::<&str>().copied())
                    .unwrap_or("(no message)");
                println!("{name}: PANIC {}: {msg}", file.display());
                panicked = true;
                break;
            }
        }
        let m = harness::bounds::last();
        let (w, b) = (
            m.work as f64 / m.work_bound() as f64,
            m.peak as f64 / m.mem_bound() as f64,
        );
        if w > 1.0 || b > 1.0 {
            println!(
                "{name}: BOUND {}: {} steps (bound {}), {} bytes held (bound {}), inflated input {} bytes",
                file.display(),
                m.work,
                m.work_bound(),
                m.peak,
                m.mem_bound(),
                m.inflated
            );
        }
        if w >= worst_work.0 {
            worst_work = (w, Some((file, m)));
        }
        if b >= worst_mem.0 {
            worst_mem = (b, Some((file, m)));
        }
        times.push((best, file, bytes.len()));
    }
    let total: Duration = times.iter().map(|t| t.0).sum();
    println!(
        "{name}: {} inputs ({} skipped, not UTF-8 or unreadable), {:.3} s of harness time ({:.1} s wall), mean {:.1} µs",
        times.len(),
        skipped,
        total.as_secs_f64(),
        started.elapsed().as_secs_f64(),
        total.as_secs_f64() * 1e6 / times.len().max(1) as f64,
    );
    for (what, (share, worst)) in [("work", worst_work), ("memory", worst_mem)] {
        if let Some((file, m)) = worst {
            println!(
                "{name}:   closest to the {what} bound: {:.1}% ({} steps, {} bytes held, inflated input {} bytes) {}",
                share * 100.0,
                m.work,
                m.peak,
                m.inflated,
                file.display()
            );
        }
    }
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    for (time, file, len) in times.iter().take(top) {
        println!(
            "{name}:   {:>10.3} ms  {:>6} bytes  {}",
            time.as_secs_f64() * 1e3,
            len,
            file.display()
        );
    }
    panicked
}
