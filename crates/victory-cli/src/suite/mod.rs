//! `victory test [PATH...]`: a folder of positions as a regression suite (docs/suites.md).
//!
//! Every `*.toml` file under the paths with a top-level `game` key or a `[vassal]` table is a
//! case, taken in name order; each is scored (in parallel, on std threads, the maps shared
//! through one [`engines::Cache`]) and its `[expect]` compared with the report. The output is in name
//! order whatever the threads did.
//!
//! - [`expect`]: the `[expect]` table as written, and what makes a file a case;
//! - [`case`]: one file read, scored and judged;
//! - [`compare`]: each expectation against the report's JSON, through the engine's keys;
//! - [`pointer`](mod@pointer): `json` pointers against the report's JSON Schema;
//! - [`accept`]: `--accept`, the actual values written with a format-preserving editor;
//! - [`output`]: text, JSON and JUnit XML.

mod accept;
pub mod case;
mod compare;
mod expect;
mod output;
mod pointer;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use case::{Accept, Candidate, CaseResult, Context, Verdict};
use output::Outcome as FileOutcome;

use crate::engines;
use crate::{ErrorStyle, Format, Outcome, Reading, Usage};

pub use case::check_pointers;

/// `victory test`'s own options.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Files and folders to test; a folder is searched recursively for `*.toml` state files
    /// (default: the current folder)
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write the actual values into each file's `[expect]`: every expectation key of its game
    /// when it has none, else only the keys it has; every other byte and comment is kept
    #[arg(long)]
    pub accept: bool,
    /// Also write the results as JUnit XML to FILE
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Choose a rules option, over each file's `[rules]`, for the files of the games that have
    /// it (repeatable; `victory rules GAME` lists them)
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = crate::rule_option)]
    pub rules: Vec<(String, String)>,
    /// Read the files that case files name only inside DIR: a state's map and track, a
    /// `[vassal]` table's save, module, profile and board sizes, a profile's map
    ///
    /// A path leading outside DIR (by `..`, an absolute path or a symbolic link; judged on its
    /// real path) fails its case, and the file is not opened. The paths given on the command
    /// line are read as given.
    #[arg(long, value_name = "DIR")]
    pub confine: Option<PathBuf>,
    /// Read at most BYTES from a case file, a map or track it refers to, a profile or a board
    /// sizes file
    #[arg(long, value_name = "BYTES", default_value_t = wargame_kit::limits::DEFAULT_MAX_BYTES)]
    pub max_input_bytes: u64,
    #[command(flatten)]
    pub limits: crate::files::VassalLimits,
    /// How the problems of a failed file are shown in its failure
    #[arg(long, value_enum, value_name = "STYLE", default_value_t = ErrorStyle::Rendered)]
    pub errors: ErrorStyle,
}

impl TestArgs {
    /// The reading options, as the other commands take them.
    fn reading(&self) -> Reading {
        Reading {
            confine: self.confine.clone(),
            max_input_bytes: self.max_input_bytes,
            limits: self.limits,
            errors: self.errors,
            rules: self.rules.clone(),
            saves: crate::vassal::SaveArgs::default(),
        }
    }
}

/// How long a run goes before it shows its progress on a terminal.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// `victory test`.
pub fn run(args: &TestArgs) -> anyhow::Result<Outcome> {
    let reading = &args.reading();
    check_rules(&reading.rules)?;
    let candidates = discover(&args.paths)?;
    let resolver = reading.resolver(&[])?;
    let mut cache = reading.cache();
    cache.only_known_rules = true;
    let limits = args.limits.with_input(args.max_input_bytes);
    let ctx = Context::new(&resolver, &cache, reading.errors, limits);
    let progress = std::io::stderr().is_terminal();
    let results = evaluate_all(&candidates, &ctx, progress)?;
    let outcomes: Vec<FileOutcome> = results
        .into_iter()
        .map(|r| finish(r, args.accept))
        .collect();
    let mut o = Outcome::new(reading.errors);
    let counts = output::Counts::of(&outcomes);
    o.failed = counts.failed > 0;
    o.stdout = match args.format {
        Format::Text => output::text(&outcomes),
        Format::Json => crate::json_text(output::json(&outcomes)?),
    };
    // A run that checked nothing is no success: a typo in the folder, or a suite whose files
    // all lack `[expect]`, would pass forever.
    if counts.passed == 0 && counts.failed == 0 {
        o.failed = true;
        o.stderr.push(if outcomes.is_empty() {
            "error: nothing was checked: no case files found (a `*.toml` file with a top-level `game` key or a `[vassal]` table)".to_string()
        } else {
            format!(
                "error: nothing was checked: none of the {} case files has an [expect] table (write them with --accept, then check each value)",
                outcomes.len()
            )
        });
    }
    if let Some(path) = &args.junit {
        crate::files::replace(path, output::junit(&outcomes).as_bytes())
            .map_err(|e| anyhow::anyhow!("--junit {}: {e}", crate::files::shown(path)))?;
    }
    Ok(o)
}

/// Every `--rule KEY=VALUE` must be an option of some game, and take the value in each game
/// that has it: else a usage error.
fn check_rules(rules: &[(String, String)]) -> anyhow::Result<()> {
    for (key, value) in rules {
        let answers: Vec<Result<(), String>> = engines::ENGINES
            .iter()
            .filter_map(|e| e.rule(key, value))
            .collect();
        if answers.is_empty() {
            let all: Vec<String> = engines::ENGINES
                .iter()
                .flat_map(|e| e.rule_options())
                .map(|o| format!("`{}`", o.key))
                .collect();
            return Err(Usage(format!(
                "--rule {key}={value}: no game has the rules option `{key}` (the options: {})",
                all.join(", ")
            ))
            .into());
        }
        if let Some(Err(why)) = answers.into_iter().find(Result::is_err) {
            return Err(Usage(format!("--rule {key}={value}: {why}")).into());
        }
    }
    Ok(())
}

/// The files to test: each path named (a file is a case whatever it holds), and every
/// `*.toml` file under each folder named, in name order, hidden files and folders (`.name`)
/// left out and symbolic links to folders not followed. Each file once.
fn discover(paths: &[PathBuf]) -> anyhow::Result<Vec<Candidate>> {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let mut found: Vec<Candidate> = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|_| {
            Usage(format!(
                "{}: no such file or folder",
                crate::files::shown(path)
            ))
        })?;
        if meta.is_dir() {
            let mut files = Vec::new();
            walk(path, &mut files);
            files.sort_by(|a, b| a.0.cmp(&b.0));
            found.extend(
                files
                    .into_iter()
                    .map(|(p, unreadable)| candidate(p, path, false, unreadable)),
            );
        } else {
            found.push(candidate(path.clone(), path, true, None));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    found.retain(|c| seen.insert(c.path.clone()));
    Ok(found)
}

/// A file to test, named without a leading `./`, found under `root` (the path named).
fn candidate(path: PathBuf, root: &Path, named: bool, unreadable: Option<String>) -> Candidate {
    let path = match path.strip_prefix(".") {
        Ok(rest) if !rest.as_os_str().is_empty() => rest.to_path_buf(),
        _ => path,
    };
    Candidate {
        name: path.to_string_lossy().into_owned(),
        path,
        root: root.to_path_buf(),
        named,
        unreadable,
    }
}

/// Every `*.toml` file under `dir`, and each folder that cannot be read (too deep for the
/// path length limit, no permission) with why: a failed entry of the run, which goes on.
fn walk(dir: &Path, out: &mut Vec<(PathBuf, Option<String>)>) {
    let unreadable = |e: &std::io::Error| {
        let text = e.to_string();
        let reason = text.split(" (os error").next().unwrap_or(&text).to_string();
        Some(format!("cannot read the folder: {reason}"))
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            out.push((dir.to_path_buf(), unreadable(&e)));
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                out.push((dir.to_path_buf(), unreadable(&e)));
                return;
            }
        };
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push((path, None));
        }
    }
}

/// Every candidate tested on a thread per core, the results in the candidates' order (files
/// found that are not cases left out); progress on standard error when `progress` and the run
/// takes longer than [`PROGRESS_AFTER`].
fn evaluate_all(
    candidates: &[Candidate],
    ctx: &Context<'_>,
    progress: bool,
) -> anyhow::Result<Vec<CaseResult>> {
    let total = candidates.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(total)
        .max(1);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut slots: Vec<Option<CaseResult>> = vec![None; total];
    let finished = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(c) = candidates.get(i) else { break };
                        mine.push((i, case::evaluate(c, ctx)));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        if progress {
            show_progress(&done, total, || workers.iter().all(|w| w.is_finished()));
        }
        let mut all = true;
        for worker in workers {
            match worker.join() {
                Ok(mine) => mine.into_iter().for_each(|(i, r)| slots[i] = r),
                Err(_) => all = false,
            }
        }
        all
    });
    if !finished {
        anyhow::bail!("a file could not be tested (a thread stopped)");
    }
    Ok(slots.into_iter().flatten().collect())
}

/// `tested N of M files` on standard error, over itself, until `over`; after
/// [`PROGRESS_AFTER`] only, and wiped at the end.
fn show_progress(done: &AtomicUsize, total: usize, over: impl Fn() -> bool) {
    use std::io::Write;
    let start = Instant::now();
    let mut shown = false;
    while !over() {
        std::thread::sleep(Duration::from_millis(50));
        if start.elapsed() >= PROGRESS_AFTER {
            let n = done.load(Ordering::Relaxed);
            let _ = write!(std::io::stderr(), "\rtested {n} of {total} files");
            shown = true;
        }
    }
    if shown {
        let _ = write!(std::io::stderr(), "\r{:40}\r", "");
    }
}

/// One result, accepted when asked: its `[expect]` written, and then passed.
fn finish(result: CaseResult, accept: bool) -> FileOutcome {
    let mut outcome = FileOutcome {
        result,
        accepted: false,
        not_accepted: None,
    };
    if !accept || outcome.result.verdict == Verdict::Passed {
        return outcome;
    }
    match &outcome.result.accept {
        Accept::Nothing => {}
        Accept::Refused(why) => outcome.not_accepted = Some(why.clone()),
        Accept::Write(plan) => match write_accepted(&outcome.result, plan) {
            Ok(()) => {
                outcome.accepted = true;
                let r = &mut outcome.result;
                r.verdict = Verdict::Passed;
                r.differences.clear();
                r.problems.clear();
                r.shown.clear();
            }
            Err(why) => outcome.not_accepted = Some(why),
        },
    }
    // Asked to accept and not accepted: the run says so, whatever the file's verdict was.
    if outcome.not_accepted.is_some() {
        outcome.result.verdict = Verdict::Failed;
    }
    outcome
}

/// `plan` written into the file a result is of, a leading byte order mark kept: the text that
/// was scored, edited, and written only when the file is still a regular file (not a symbolic
/// link) inside the suite's root and still holds exactly the bytes that were scored.
fn write_accepted(result: &CaseResult, plan: &compare::Plan) -> Result<(), String> {
    let Some(scored) = &result.bytes else {
        return Err("the file could not be read".to_string());
    };
    let path = &result.path;
    let text = std::str::from_utf8(scored).map_err(|_| "it is not UTF-8 text".to_string())?;
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let edited = accept::edit(body, plan)?;
    let meta = std::fs::symlink_metadata(path).map_err(|_| "it is gone".to_string())?;
    if meta.file_type().is_symlink() {
        return Err("it is a symbolic link: only a regular file is written".to_string());
    }
    if !meta.is_file() {
        return Err("it is not a regular file".to_string());
    }
    let inside = match (path.canonicalize(), result.root.canonicalize()) {
        (Ok(real), Ok(root)) => real.starts_with(root),
        _ => false,
    };
    if !inside {
        return Err("it is not inside the folder it was found in".to_string());
    }
    let limit = u64::try_from(scored.len()).unwrap_or(u64::MAX);
    let now = wargame_kit::resolve::read_bytes(path, limit);
    if now.as_deref().ok() != Some(scored.as_slice()) {
        return Err("the file changed since it was scored".to_string());
    }
    crate::files::replace(path, format!("{bom}{edited}").as_bytes())
        .map_err(|e| format!("cannot write it: {e}"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;
    use wargame_kit::internal::expect::{NONE, Reading};

    use super::*;

    /// The strings a field's schemas allow (`enum`, `const`), with `null` as [`NONE`] when
    /// `null` counts (a report's; TOML has none).
    fn values(schemas: &[&Value], null: bool) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for s in schemas {
            for v in s
                .get("enum")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                out.insert(v.as_str().unwrap_or(NONE).to_string());
            }
            if let Some(v) = s.get("const").and_then(Value::as_str) {
                out.insert(v.to_string());
            }
            if null && s.get("type").and_then(Value::as_str) == Some("null") {
                out.insert(NONE.to_string());
            }
        }
        out
    }

    /// Every expectation key of every engine reads a field its report's schema has, and takes
    /// in `[expect]` (the state schema) the values that field can have.
    #[test]
    fn every_expectation_key_reads_a_field_of_its_report() {
        for engine in engines::ENGINES {
            let game = engine.games()[0].key;
            let report = serde_json::to_value(engine.report_schema().unwrap()).unwrap();
            let state = serde_json::to_value(engine.state_schema()).unwrap();
            assert!(!engine.expect_keys().is_empty(), "{game}");
            for key in engine.expect_keys() {
                let at = pointer::schemas_at(&report, key.pointer)
                    .unwrap_or_else(|e| panic!("{game} {}: {e}", key.key));
                if let Reading::Ids { id, flag, .. } = key.reading {
                    for field in [id, flag] {
                        let item = format!("{}/0/{field}", key.pointer);
                        pointer::check(&report, &item).unwrap_or_else(|e| panic!("{item}: {e}"));
                    }
                    continue;
                }
                let written = pointer::schemas_at(&state, &format!("/expect/{}", key.key))
                    .unwrap_or_else(|e| panic!("{game} {}: {e}", key.key));
                let (mut read, takes) = (values(&at, true), values(&written, false));
                // `none` also for a `null` on the way to the field.
                if key.reading == Reading::OrNone {
                    read.insert(NONE.to_string());
                }
                assert_eq!(
                    read, takes,
                    "{game} {}: the report's values, the file's",
                    key.key
                );
            }
        }
    }
}
