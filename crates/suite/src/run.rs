//! A suite's run (`victory test [PATH...]`, docs/suites.md): the case files found, each
//! tested on std threads (the engines' kept values shared through one
//! [`Cache`](victory_engine::Cache)), the results
//! in name order whatever the threads did, and `--accept` applied.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::case::{self, Accept, Candidate, CaseResult, Context, Suite, Verdict};
use crate::compare;
use crate::output::Outcome;
use victory_engine::Engines;

/// Why a run could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A usage error: a path that is not there, a rules option no game has or takes.
    #[error("{0}")]
    Usage(String),
    /// A file could not be tested: the thread testing it stopped.
    #[error("a file could not be tested (a thread stopped)")]
    Stopped,
}

/// How long a run goes before it shows its progress on a terminal.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// Test the files [`discover`] found: each case file's outcome, in name order (a file found in
/// a folder that is not a case left out), its `[expect]` written first when `accept` asks;
/// progress on standard error when `progress` and the run takes longer than a second. An error
/// only for a stopped thread: every file's own problems are in its outcome.
pub fn run(
    suite: &Suite<'_>,
    candidates: &[Candidate],
    accept: bool,
    progress: bool,
) -> Result<Vec<Outcome>, Error> {
    let mut ctx = Context::new(suite);
    ctx.accept = accept;
    let results = evaluate_all(candidates, &ctx, progress)?;
    Ok(results.into_iter().map(|r| finish(r, accept)).collect())
}

/// Every `--rule KEY=VALUE` of a run must be an option of some game, and take the value in
/// each game that has it: else a usage error.
pub fn check_rules(engines: Engines, rules: &[(String, String)]) -> Result<(), Error> {
    for (key, value) in rules {
        let answers: Vec<Result<(), String>> = engines
            .all()
            .iter()
            .filter_map(|e| e.rule(key, value))
            .collect();
        if answers.is_empty() {
            let all: Vec<String> = engines
                .all()
                .iter()
                .flat_map(|e| e.rule_options())
                .map(|o| format!("`{}`", o.key))
                .collect();
            return Err(Error::Usage(format!(
                "--rule {key}={value}: no game has the rules option `{key}` (the options: {})",
                all.join(", ")
            )));
        }
        if let Some(Err(why)) = answers.into_iter().find(Result::is_err) {
            return Err(Error::Usage(format!("--rule {key}={value}: {why}")));
        }
    }
    Ok(())
}

/// The files to test: each path named (a file is a case whatever it holds), and every
/// `*.toml` file under each folder named, in name order, hidden files and folders (`.name`)
/// left out and symbolic links to folders not followed. Each file once.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<Candidate>, Error> {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let mut found: Vec<Candidate> = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|_| {
            Error::Usage(format!(
                "{}: no such file or folder",
                victory_engine::files::shown(path)
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
) -> Result<Vec<CaseResult>, Error> {
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
        return Err(Error::Stopped);
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
fn finish(result: CaseResult, accept: bool) -> Outcome {
    let mut outcome = Outcome {
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
        Accept::Write(plan, changes) => match write_accepted(&outcome.result, plan) {
            Ok(()) => {
                outcome.accepted = true;
                let written = changes.clone();
                let r = &mut outcome.result;
                r.written = written;
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
    let edited = crate::accept::edit(body, plan)?;
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
    victory_engine::files::replace(path, format!("{bom}{edited}").as_bytes())
        .map_err(|e| format!("cannot write it: {e}"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::case::NoVassal;
    use victory_engine::internal::testing::DEMO;
    use victory_engine::problem::ErrorStyle;
    use victory_engine::{Cache, RunRules};

    /// A fresh folder holding these files.
    fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("victory-suite-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    /// The run of the demo engine over `dir`.
    fn run_over(dir: &Path, rules: &RunRules, accept: bool) -> Vec<Outcome> {
        let suite = Suite {
            engines: DEMO,
            resolver: &wargame_kit::resolve::NoResolver,
            max_bytes: 1 << 20,
            cache: &Cache::default(),
            rules,
            style: ErrorStyle::Short,
            vassal: &NoVassal,
        };
        let found = discover(&[dir.to_path_buf()]).unwrap();
        run(&suite, &found, accept, false).unwrap()
    }

    /// Each outcome's file name and verdict.
    fn verdicts(outcomes: &[Outcome]) -> Vec<(String, Verdict)> {
        outcomes
            .iter()
            .map(|o| {
                let name = Path::new(&o.result.name).file_name().unwrap();
                (name.to_string_lossy().into_owned(), o.result.verdict)
            })
            .collect()
    }

    #[test]
    fn discovers_toml_files_in_name_order_hidden_ones_left_out() {
        let dir = folder(
            "discover",
            &[
                ("b.toml", ""),
                ("a.toml", ""),
                ("sub/c.toml", ""),
                (".hidden/d.toml", ""),
                ("notes.txt", ""),
            ],
        );
        let found = discover(&[dir.clone(), dir.join("a.toml")]).unwrap();
        let names: Vec<&str> = found
            .iter()
            .map(|c| c.name().strip_prefix(dir.to_str().unwrap()).unwrap())
            .collect();
        assert_eq!(names, ["/a.toml", "/b.toml", "/sub/c.toml"]);
        let missing = discover(&[dir.join("nothing")]).unwrap_err();
        assert!(
            matches!(&missing, Error::Usage(m) if m.ends_with("nothing: no such file or folder"))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn each_case_is_judged_against_its_expect() {
        let dir = folder(
            "judge",
            &[
                (
                    "pass.toml",
                    "game = \"demo\"\nscore = 2\n[expect]\nscore = 2\nlevel = \"win\"\n",
                ),
                (
                    "fail.toml",
                    "game = \"demo\"\nscore = 2\n[expect]\nscore = 3\n",
                ),
                ("skip.toml", "game = \"other-demo\"\nscore = 0\n"),
                (
                    "refused.toml",
                    "game = \"demo\"\n[expect]\nproblems = [\"score\"]\n",
                ),
                (
                    "pointer.toml",
                    "game = \"demo\"\nscore = 1\n[expect]\njson = { \"/scroe\" = 1 }\n",
                ),
                (
                    "save.toml",
                    "[vassal]\nsave = \"x.vsav\"\n[expect]\nscore = 1\n",
                ),
                ("not-a-case.toml", "x = 1\n"),
            ],
        );
        let outcomes = run_over(&dir, &RunRules::default(), false);
        assert_eq!(
            verdicts(&outcomes),
            [
                ("fail.toml".to_string(), Verdict::Failed),
                ("pass.toml".to_string(), Verdict::Passed),
                ("pointer.toml".to_string(), Verdict::Failed),
                ("refused.toml".to_string(), Verdict::Passed),
                ("save.toml".to_string(), Verdict::Failed),
                ("skip.toml".to_string(), Verdict::Skipped),
            ]
        );
        let fail = &outcomes[0].result;
        assert_eq!(fail.differences[0].field, "score");
        assert_eq!(fail.differences[0].actual, Some(toml::Value::Integer(2)));
        let pointer = &outcomes[2].result;
        assert_eq!(pointer.problems[0].kind, "expect");
        assert!(
            pointer.problems[0].message.contains("has no field `scroe`"),
            "{}",
            pointer.problems[0].message
        );
        assert_eq!(outcomes[4].result.game, Some("vassal"));
        assert_eq!(outcomes[4].result.problems[0].kind, "vassal");
        let text = crate::output::text(&outcomes);
        assert!(
            text.ends_with("\n2 passed, 3 failed, 1 skipped\n"),
            "{text}"
        );
        assert!(text.contains("  score: expected 3, actual 2\n"), "{text}");
        assert!(crate::output::nothing_checked(&outcomes).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_runs_rules_reach_the_games_that_have_them() {
        let dir = folder(
            "rules",
            &[(
                "bonus.toml",
                "game = \"demo\"\nscore = 0\n[expect]\nscore = 3\nlevel = \"win\"\n",
            )],
        );
        let mut rules = RunRules::new(vec![("bonus".into(), "3".into())]);
        rules.only_known = true;
        let outcomes = run_over(&dir, &rules, false);
        assert_eq!(outcomes[0].result.verdict, Verdict::Passed);
        let plain = run_over(&dir, &RunRules::default(), false);
        assert_eq!(plain[0].result.verdict, Verdict::Failed);
        assert_eq!(check_rules(DEMO, &[("bonus".into(), "3".into())]), Ok(()));
        let refused = check_rules(DEMO, &[("bonus".into(), "4".into())]).unwrap_err();
        assert!(
            refused.to_string().starts_with("--rule bonus=4: "),
            "{refused}"
        );
        let unknown = check_rules(DEMO, &[("nope".into(), "1".into())]).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "--rule nope=1: no game has the rules option `nope` (the options: `bonus`)"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn accept_writes_the_actual_values_keeping_every_other_byte() {
        let text = "# a position\ngame = \"demo\"\nscore = 2\n\n[expect]\nscore = 3 # the score\n";
        let dir = folder(
            "accept",
            &[
                ("case.toml", text),
                ("new.toml", "game = \"demo\"\nscore = -1\n"),
            ],
        );
        let outcomes = run_over(&dir, &RunRules::default(), true);
        assert!(
            outcomes
                .iter()
                .all(|o| o.accepted && o.result.verdict == Verdict::Passed)
        );
        let written = std::fs::read_to_string(dir.join("case.toml")).unwrap();
        assert_eq!(written, text.replace("score = 3 #", "score = 2 #"));
        let new = std::fs::read_to_string(dir.join("new.toml")).unwrap();
        assert!(
            new.ends_with("[expect]\nscore = -1\nlevel = \"loss\"\n"),
            "{new}"
        );
        // Accepted, every file now passes as it is.
        let again = run_over(&dir, &RunRules::default(), false);
        assert!(again.iter().all(|o| o.result.verdict == Verdict::Passed));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_run_that_checks_nothing_says_why() {
        let dir = folder("nothing", &[("a.toml", "game = \"demo\"\nscore = 1\n")]);
        let outcomes = run_over(&dir, &RunRules::default(), false);
        let why = crate::output::nothing_checked(&outcomes).unwrap();
        assert!(
            why.contains("none of the 1 case files has an [expect] table"),
            "{why}"
        );
        assert!(
            crate::output::nothing_checked(&[])
                .unwrap()
                .contains("no case files found")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
