//! One file of a suite: read, told whether it is a case, scored by its engine (a state file)
//! or opened by the tool's [`VassalCases`] (a VASSAL case file), and judged against its
//! `[expect]`.

use std::path::PathBuf;
use std::sync::OnceLock;

use serde_json::Value;
use wargame_kit::internal::expect::{JSON, PROBLEMS};
use wargame_kit::resolve::Resolver;

use crate::compare::{self, Change, Difference, Plan};
use crate::expect::{self, Expectations, Head};
use crate::vassal_case::VassalCase;
use victory_engine::files::Kind;
use victory_engine::input::{self, Input};
use victory_engine::problem::{self, ErrorStyle, Problem};
use victory_engine::{Cache, Engine, Engines, RunRules};
use wargame_kit::terminal::one_line;

/// What a run ([`run`](crate::run())) reads with: the engines, how files are read, how problems
/// are shown.
#[derive(Clone, Copy)]
pub struct Suite<'a> {
    /// The engines that read the case files, by their `game`.
    pub engines: Engines,
    /// How the files a case file refers to (a state's map, its track) are read.
    pub resolver: &'a (dyn Resolver + Sync),
    /// The most bytes read from one case file.
    pub max_bytes: u64,
    /// What the engines keep through the run.
    pub cache: &'a Cache,
    /// The run's rules options (each applied only to the games that have it, with
    /// [`RunRules::only_known`]).
    pub rules: &'a RunRules,
    /// How the problems of a failed file are shown in its failure.
    pub style: ErrorStyle,
    /// How a VASSAL case file (a `[vassal]` table, no `game`) is opened: the tool's.
    pub vassal: &'a dyn VassalCases,
}

impl std::fmt::Debug for Suite<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Suite")
            .field("engines", &self.engines)
            .field("max_bytes", &self.max_bytes)
            .field("style", &self.style)
            .finish_non_exhaustive()
    }
}

/// How a run opens a VASSAL case file: a TOML file with a `[vassal]` table (and no `game`)
/// naming a save, a module and a profile, scored as the profile's game from the position of
/// the save (docs/suites.md). The tool's: it reads those files under its limits and
/// confinement. [`NoVassal`] refuses every one.
pub trait VassalCases: Sync {
    /// The case file `name`, whose `[vassal]` table is `case`, opened as the state its save
    /// makes.
    fn open(&self, name: &str, case: &VassalCase) -> Opened;
}

/// A VASSAL case file opened ([`VassalCases::open`]).
#[derive(Debug)]
pub struct Opened {
    /// The state the save makes, or the problems of the case file, its save, module or
    /// profile.
    pub state: Result<Input, Vec<Problem>>,
    /// The warnings of reading the save and the module (they do not fail the case).
    pub warnings: Vec<Problem>,
}

/// Refuses every VASSAL case file: for a tool that reads no VASSAL files.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoVassal;

impl VassalCases for NoVassal {
    fn open(&self, name: &str, _: &VassalCase) -> Opened {
        Opened {
            state: Err(vec![problem::in_file(
                "vassal",
                name,
                "VASSAL case files are not read here",
            )]),
            warnings: Vec::new(),
        }
    }
}

/// A file to test, found by [`discover`](crate::discover).
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Where it is.
    pub(crate) path: PathBuf,
    /// Its name in the output (the path as found).
    pub(crate) name: String,
    /// The path named on the command line it was found under (itself when it was named):
    /// `--accept` writes only inside it.
    pub(crate) root: PathBuf,
    /// Named on the command line (a case whatever it holds), rather than found in a folder
    /// (a case only with a `game` key or a `[vassal]` table).
    pub(crate) named: bool,
    /// A folder that could not be read, and why: a failed entry of the run.
    pub(crate) unreadable: Option<String>,
}

impl Candidate {
    /// Its name in the output (the path as found, without a leading `./`).
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// What every file of one run shares (across threads).
pub(crate) struct Context<'a> {
    /// The run's engines, reading and showing.
    pub(crate) suite: Suite<'a>,
    /// Whether the run writes `[expect]` (`--accept`): a file scored under `--rule` is then
    /// also scored without, to tell whether its own `[rules]` says the same.
    pub(crate) accept: bool,
    /// Each engine's report schema as JSON, made when first needed.
    schemas: Vec<OnceLock<Option<Value>>>,
}

impl<'a> Context<'a> {
    /// A run's context.
    pub(crate) fn new(suite: &Suite<'a>) -> Self {
        Context {
            suite: *suite,
            accept: false,
            schemas: suite
                .engines
                .all()
                .iter()
                .map(|_| OnceLock::new())
                .collect(),
        }
    }

    /// The engine's report schema as JSON.
    fn schema(&self, engine: &'static dyn Engine) -> Option<&Value> {
        let index = self.suite.engines.position(engine)?;
        self.schemas
            .get(index)?
            .get_or_init(|| {
                engine
                    .report_schema()
                    .and_then(|s| serde_json::to_value(s).ok())
            })
            .as_ref()
    }
}

/// How a file fared; in JSON `"passed"`, `"failed"`, `"skipped"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every expectation holds.
    Passed,
    /// An expectation does not hold, or the file could not be read or scored.
    Failed,
    /// Scored, with no expectation.
    Skipped,
}

/// What `--accept` does with a file.
#[derive(Clone, Debug)]
pub(crate) enum Accept {
    /// Nothing: its expectations hold.
    Nothing,
    /// Write this into its `[expect]`: these changes.
    Write(Plan, Vec<Change>),
    /// It cannot be accepted: why.
    Refused(String),
}

/// One file's result.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// Where it is.
    pub path: PathBuf,
    /// Its name in the output.
    pub name: String,
    /// Its game (`vassal` for a VASSAL case file whose game is not known), if known.
    pub game: Option<&'static str>,
    /// How it fared.
    pub verdict: Verdict,
    /// The expectations that do not hold.
    pub differences: Vec<Difference>,
    /// Problems: of a file refused unexpectedly, or of its `[expect]`.
    pub problems: Vec<Problem>,
    /// The problems as the run shows them.
    pub shown: Vec<String>,
    /// Whether the file was refused (read or scored with problems).
    pub refused: bool,
    /// What `--accept` does with it.
    pub(crate) accept: Accept,
    /// The path named on the command line it was found under.
    pub(crate) root: PathBuf,
    /// The bytes that were scored (`None`: it could not be read): `--accept` edits these, and
    /// writes only while the file still holds them.
    pub(crate) bytes: Option<Vec<u8>>,
    /// The warnings of reading a VASSAL case's save and module (they do not fail the case).
    pub warnings: Vec<Problem>,
    /// Each field `--accept` wrote into its `[expect]`, with its value before and after (empty
    /// unless it was accepted), for review.
    pub written: Vec<Change>,
}

/// What scoring a case gave.
pub(crate) struct Scored {
    /// Its game, when known.
    pub game: Option<&'static str>,
    /// Its engine, when known.
    pub engine: Option<&'static dyn Engine>,
    /// The report's own fields as JSON (what the engine's report schema describes), or the
    /// problems the file was refused with.
    pub report: Result<Value, Vec<Problem>>,
    /// The warnings of reading a VASSAL case's save and module.
    pub warnings: Vec<Problem>,
    /// Under `--accept` and `--rule`: the run's options (`key`, `value`) in force that the
    /// state's own `[rules]` does not choose, so that an `[expect]` written now would fail
    /// without `--rule`.
    pub rules_not_in_file: Vec<(String, String)>,
}

impl Scored {
    /// A file refused with these problems, before its game was known.
    fn refused(problems: Vec<Problem>) -> Scored {
        Scored {
            game: None,
            engine: None,
            report: Err(problems),
            warnings: Vec::new(),
            rules_not_in_file: Vec::new(),
        }
    }
}

/// Test one file: `None` when a file found in a folder is not a case.
pub(crate) fn evaluate(candidate: &Candidate, ctx: &Context<'_>) -> Option<CaseResult> {
    if let Some(why) = &candidate.unreadable {
        let scored = Scored::refused(vec![problem::in_file("io", &candidate.name, why.clone())]);
        let mut result = judge(candidate, "", &Head::default(), scored, ctx);
        result.accept = Accept::Refused("it is a folder that cannot be read".to_string());
        return Some(result);
    }
    let max = ctx.suite.max_bytes;
    let mut bytes = None;
    let read = input::read_named(&candidate.path, max, Kind::Input).and_then(|(name, read)| {
        bytes = Some(read.clone());
        input::text_of(&name, read).map(|text| (name, text))
    });
    let (name, text) = match read {
        Ok(read) => read,
        // A file found in a folder that is not text is not a state file.
        Err(p) if !candidate.named && p.iter().all(|p| p.kind == "encoding") => return None,
        Err(problems) => {
            let scored = Scored::refused(problems);
            return Some(judge(candidate, "", &Head::default(), scored, ctx));
        }
    };
    let head = expect::head(&text);
    if !candidate.named && !head.is_case() {
        return None;
    }
    let scored = if head.vassal && !head.game {
        score_vassal_case(&name, &text, ctx)
    } else {
        score_state(&name, &text, ctx)
    };
    let mut result = judge(candidate, &text, &head, scored, ctx);
    result.bytes = bytes;
    Some(result)
}

/// A state file, scored by the engine of its `game`.
fn score_state(name: &str, text: &str, ctx: &Context<'_>) -> Scored {
    let input = match input::from_text(name.to_string(), text.to_string(), ctx.suite.engines) {
        Ok(input) => input,
        Err(problems) => return Scored::refused(problems),
    };
    scored(&input, name, ctx)
}

/// What scoring an opened file gave: its report's own fields as JSON, or its problems; under
/// `--accept` and `--rule`, the run's options its own `[rules]` does not choose.
fn scored(input: &Input, name: &str, ctx: &Context<'_>) -> Scored {
    let report = report(input, name, &ctx.suite, ctx.suite.rules);
    let rules_not_in_file = if ctx.accept {
        rules_not_in_file(input, name, ctx, &report)
    } else {
        Vec::new()
    };
    Scored {
        game: Some(input.game),
        engine: Some(input.engine),
        report,
        warnings: Vec::new(),
        rules_not_in_file,
    }
}

/// The report's own fields as JSON, scored under `rules` (the run's, or none).
fn report(
    input: &Input,
    name: &str,
    suite: &Suite<'_>,
    rules: &RunRules,
) -> Result<Value, Vec<Problem>> {
    input
        .run(|i| i.engine.score(i.state(suite.resolver, suite.cache, rules)))
        .and_then(|r| {
            r.to_value()
                .map_err(|e| vec![problem::in_file("json", name, e.to_string())])
        })
}

/// The run's `--rule` options in force that the state's own `[rules]` does not choose (`with`
/// is its report under them): the state scored again without them, and the rules in force the
/// two reports list (`/rules`: each option's `key` and `value`) compared. Where a report lists
/// none, any difference between the two outcomes counts, naming each option of the run its
/// game has.
fn rules_not_in_file(
    input: &Input,
    name: &str,
    ctx: &Context<'_>,
    with: &Result<Value, Vec<Problem>>,
) -> Vec<(String, String)> {
    let applied: Vec<(String, String)> = ctx
        .suite
        .rules
        .chosen
        .iter()
        .filter(|(key, value)| input.engine.rule(key, value).is_some())
        .cloned()
        .collect();
    if applied.is_empty() {
        return Vec::new();
    }
    let without = report(input, name, &ctx.suite, &RunRules::default());
    match (in_force(with), in_force(&without)) {
        (Some(with), Some(without)) => with.into_iter().filter(|r| !without.contains(r)).collect(),
        _ => {
            let same = match (with, &without) {
                (Ok(a), Ok(b)) => a == b,
                (Err(a), Err(b)) => a.iter().map(|p| &p.kind).eq(b.iter().map(|p| &p.kind)),
                _ => false,
            };
            if same { Vec::new() } else { applied }
        }
    }
}

/// The rules in force a report lists (`/rules`: `{key, value}` each), if it lists them.
fn in_force(report: &Result<Value, Vec<Problem>>) -> Option<Vec<(String, String)>> {
    let rules = report.as_ref().ok()?.get("rules")?.as_array()?;
    rules
        .iter()
        .map(|r| {
            let text = |field: &str| r.get(field)?.as_str().map(str::to_string);
            Some((text("key")?, text("value")?))
        })
        .collect()
}

/// Why `--accept` does not write a file scored under `rules` (`--rule`) that its own `[rules]`
/// (a VASSAL case's: its own or its profile's `[state.rules]`) does not choose.
fn rules_refusal(rules: &[(String, String)], vassal: bool) -> String {
    let flags: Vec<String> = rules
        .iter()
        .map(|(key, value)| format!("--rule {key}={value}"))
        .collect();
    let lines: Vec<String> = rules
        .iter()
        .map(|(key, value)| format!("{key} = {}", crate::value::string(value)))
        .collect();
    let which = if vassal {
        "neither its [rules] nor its profile's [state.rules] chooses"
    } else {
        "its [rules] does not choose"
    };
    format!(
        "it was scored under {}, which {which}, so the [expect] written would fail without it: write `{}` in its [rules] and accept again, or accept without --rule",
        flags.join(" "),
        lines.join("`, `")
    )
}

/// A VASSAL case file, opened by the tool ([`VassalCases`]) and scored by the engine of its
/// profile's game, its own `[rules]` over the profile's `[state.rules]` ([`case_rules`]): what
/// it gives is judged against its `[expect]` like a state file's report.
fn score_vassal_case(name: &str, text: &str, ctx: &Context<'_>) -> Scored {
    let case = match VassalCase::read(name, text) {
        Ok(case) => case,
        Err(problems) => return Scored::refused(problems),
    };
    let opened = ctx.suite.vassal.open(name, &case);
    let mut scored = match opened.state {
        Ok(mut input) => match case_rules(&mut input, &case.rules, name, text) {
            Ok(()) => scored(&input, name, ctx),
            Err(problems) => Scored {
                game: Some(input.game),
                engine: Some(input.engine),
                ..Scored::refused(problems)
            },
        },
        Err(problems) => Scored::refused(problems),
    };
    scored.warnings = opened.warnings;
    scored
}

/// A VASSAL case file's own `[rules]` (of the file `name`, whose text is `text`) written into
/// the `[rules]` of the state its save makes, over what the profile's `[state.rules]` chose
/// for the same options (under their key or an older one): the state is then scored as a
/// state file with that `[rules]` is, `--rule` over it. Each option is checked against the
/// state's game first: one it does not have or take, or one set twice, is a problem located
/// in the case file.
fn case_rules(
    input: &mut Input,
    rules: &[(String, String)],
    name: &str,
    text: &str,
) -> Result<(), Vec<Problem>> {
    if rules.is_empty() {
        return Ok(());
    }
    let options = input.engine.rule_options();
    check_case_rules(input, &options, rules, name, text)?;
    let mut doc: toml_edit::DocumentMut =
        input.text.parse().map_err(|e: toml_edit::TomlError| {
            vec![problem::in_file(
                "toml",
                name,
                format!("the state its save makes: {}", e.message()),
            )]
        })?;
    let Some(table) = doc
        .entry("rules")
        .or_insert(toml_edit::table())
        .as_table_like_mut()
    else {
        return Err(vec![problem::in_file(
            "vassal",
            name,
            "the state its save makes has a `rules` that is not a table (its profile's [state])",
        )]);
    };
    for (key, value) in rules {
        for k in option_keys(&options, key) {
            table.remove(&k);
        }
        table.insert(key, toml_edit::value(value.as_str()));
    }
    input.text = doc.to_string();
    if let Some(imported) = input.vassal.as_mut() {
        imported.text.clone_from(&input.text);
    }
    Ok(())
}

/// Each option of a VASSAL case file's `[rules]` the state's game does not have or take, or
/// that the table sets twice (under its key and an older one): a problem located in the case
/// file (`name`, whose text is `text`).
fn check_case_rules(
    input: &Input,
    options: &[wargame_kit::options::RuleDescription],
    rules: &[(String, String)],
    name: &str,
    text: &str,
) -> Result<(), Vec<Problem>> {
    let source = wargame_kit::Source::new(Some(name), text);
    let mut problems = Vec::new();
    let mut chosen: Vec<Vec<String>> = Vec::new();
    for (key, value) in rules {
        let keys = option_keys(options, key);
        let why = match input.engine.rule(key, value) {
            Some(Ok(())) if chosen.contains(&keys) => format!(
                "`{}` sets an option this table also sets under another key: keep one",
                one_line(key)
            ),
            Some(Ok(())) => {
                chosen.push(keys);
                continue;
            }
            Some(Err(why)) => why,
            None => {
                let known: Vec<String> = options.iter().map(|o| format!("`{}`", o.key)).collect();
                let known = if known.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("its options: {}", known.join(", "))
                };
                format!(
                    "{} has no rules option `{}` ({known}; `victory rules {}` lists them)",
                    input.game,
                    one_line(key),
                    input.game
                )
            }
        };
        let p = Problem::new("rule".to_string(), format!("[rules] {why}"))
            .key(format!("rules.{}", compare::quoted(key)));
        problems.push(source.at(p, None));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// The keys of the rules option `key` names: its own and its older ones (`key` alone for an
/// option the game does not have).
fn option_keys(options: &[wargame_kit::options::RuleDescription], key: &str) -> Vec<String> {
    options
        .iter()
        .find(|o| o.key == key || o.aliases.contains(&key))
        .map_or_else(
            || vec![key.to_string()],
            |o| {
                std::iter::once(o.key)
                    .chain(o.aliases.iter().copied())
                    .map(str::to_string)
                    .collect()
            },
        )
}

/// The verdict on a scored file.
fn judge(
    candidate: &Candidate,
    text: &str,
    head: &Head,
    scored: Scored,
    ctx: &Context<'_>,
) -> CaseResult {
    let keys = scored.engine.map_or(&[][..], |e| e.expect_keys());
    let outcome = scored.report.as_ref().map_err(Vec::as_slice);
    let (differences, plan) = compare::judge(&head.expect, keys, outcome);
    let mut problems = match (&scored.report, head.expect.get(PROBLEMS)) {
        (Err(problems), None) => problems.clone(),
        _ => Vec::new(),
    };
    let in_expect = expectation_problems(&candidate.name, text, head, &scored, ctx);
    let refuse = refusal(candidate, text, head, &scored, &in_expect, &problems);
    problems.extend(in_expect);
    let verdict = if problems.is_empty() && differences.is_empty() {
        if head.expect.is_empty() {
            Verdict::Skipped
        } else {
            Verdict::Passed
        }
    } else {
        Verdict::Failed
    };
    let accept = match (refuse, verdict) {
        (_, Verdict::Passed) => Accept::Nothing,
        (Some(why), _) => Accept::Refused(why),
        (None, _) if plan.is_empty() => Accept::Nothing,
        (None, _) => {
            let changes = compare::changes(&head.expect, &plan);
            Accept::Write(plan, changes)
        }
    };
    let shown = problems
        .iter()
        .map(|p| show(p, ctx.suite.style, &candidate.name, text))
        .collect();
    CaseResult {
        path: candidate.path.clone(),
        name: candidate.name.clone(),
        game: scored.game.or(head.vassal.then_some("vassal")),
        verdict,
        differences,
        problems,
        shown,
        refused: scored.report.is_err(),
        accept,
        root: candidate.root.clone(),
        bytes: None,
        warnings: scored.warnings,
        written: Vec::new(),
    }
}

/// Why `--accept` cannot write a judged file (`problems`: its problems other than those of its
/// `[expect]`, which are `in_expect`); `None` when it can.
fn refusal(
    candidate: &Candidate,
    text: &str,
    head: &Head,
    scored: &Scored,
    in_expect: &[Problem],
    problems: &[Problem],
) -> Option<String> {
    let pins_report =
        head.expect.keys.iter().any(|e| e.key != PROBLEMS) || !head.expect.json.is_empty();
    if head.game && head.profile {
        // Written into, a profile would break every case that reads it.
        Some(format!(
            "{} is a profile, not a case",
            one_line(&candidate.name)
        ))
    } else if head.map {
        Some(format!(
            "{} is a map, not a case",
            one_line(&candidate.name)
        ))
    } else if !head.toml && !text.is_empty() {
        Some("the file is not TOML: fix it, or write its [expect] by hand".to_string())
    } else if !in_expect.is_empty() || problems.iter().any(is_in_expect) {
        Some("its [expect] has problems: fix them first".to_string())
    } else if scored.report.is_err() && pins_report {
        Some(
            "the file is refused, and its [expect] pins its report: fix the file, or write `problems` by hand".to_string(),
        )
    } else if !scored.rules_not_in_file.is_empty() {
        Some(rules_refusal(
            &scored.rules_not_in_file,
            head.vassal && !head.game,
        ))
    } else {
        None
    }
}

/// Whether a problem is in the file's `[expect]` table.
fn is_in_expect(p: &Problem) -> bool {
    p.key
        .as_deref()
        .is_some_and(|k| k == "expect" || k.starts_with("expect."))
}

/// The problems of a scored file's `[expect]` the engine does not see: a key its game does
/// not have (only where the engine did not read the table: a VASSAL case file), a `json`
/// pointer the report's schema has no field for.
fn expectation_problems(
    name: &str,
    text: &str,
    head: &Head,
    scored: &Scored,
    ctx: &Context<'_>,
) -> Vec<Problem> {
    let Some(engine) = scored.engine else {
        return Vec::new();
    };
    let mut found = pointer_problems(name, text, &head.expect, engine, ctx.schema(engine));
    if head.vassal && scored.report.is_ok() {
        let keys = engine.expect_keys();
        for entry in &head.expect.keys {
            let known = keys.iter().any(|k| k.key == entry.key) || entry.key == PROBLEMS;
            if !known {
                let names: Vec<String> = keys.iter().map(|k| format!("`{}`", k.key)).collect();
                let message = format!(
                    "unknown expectation `{}` (the keys here: {}, `{PROBLEMS}`, `{JSON}`)",
                    entry.key,
                    names.join(", ")
                );
                found.push(located(name, text, &entry.key, entry.span.clone(), message));
            }
        }
    }
    found
}

/// Each `json` pointer of `expect` that is not a field of the report (by `schema`), located.
pub(crate) fn pointer_problems(
    name: &str,
    text: &str,
    expect: &Expectations,
    engine: &'static dyn Engine,
    schema: Option<&Value>,
) -> Vec<Problem> {
    let Some(schema) = schema else {
        return Vec::new();
    };
    let game = engine.games()[0].key;
    expect
        .json
        .iter()
        .filter_map(|entry| {
            let why = crate::pointer::check(schema, &entry.key).err()?;
            let key = format!("{JSON}.{}", compare::quoted(&entry.key));
            let message = format!("{why} (`victory schema {game} --report` lists the fields)");
            Some(located(name, text, &key, entry.span.clone(), message))
        })
        .collect()
}

/// A problem of kind `expect` at `key` of `[expect]`, where `span` is.
fn located(
    name: &str,
    text: &str,
    key: &str,
    span: std::ops::Range<usize>,
    message: String,
) -> Problem {
    let d = Problem::new("expect".to_string(), message).key(format!("expect.{key}"));
    wargame_kit::Source::new(Some(name), text).at(d, Some(span))
}

/// A problem as the run shows it: rendered with its line when it is in the file `name` (whose
/// text is `text`), never in a file it refers to.
fn show(p: &Problem, style: ErrorStyle, name: &str, text: &str) -> String {
    match style {
        ErrorStyle::Rendered if p.span.is_some() && p.file.as_deref() == Some(name) => {
            problem::render(p, text)
        }
        _ => problem::line(p),
    }
}

/// The `json` pointer problems of a file `victory check` reads: for a file of a known game
/// whose text is TOML.
pub fn check_pointers(input: &Input) -> Vec<Problem> {
    let head = expect::head(&input.text);
    if head.expect.json.is_empty() {
        return Vec::new();
    }
    let schema = input
        .engine
        .report_schema()
        .and_then(|s| serde_json::to_value(s).ok());
    pointer_problems(
        &input.name,
        &input.text,
        &head.expect,
        input.engine,
        schema.as_ref(),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use victory_engine::internal::testing::DEMO;

    #[test]
    fn check_tells_each_pointer_the_report_has_not() {
        let text = "game = \"demo\"\nscore = 1\n[expect]\njson = { \"/level\" = \"win\", \"/nope\" = 1 }\n";
        let input = input::from_text("a.toml".into(), text.into(), DEMO).unwrap();
        let found = check_pointers(&input);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].key.as_deref(), Some("expect.json.\"/nope\""));
        assert_eq!(&text[found[0].span.clone().unwrap()], "\"/nope\"");
        let plain = input::from_text("b.toml".into(), "game = \"demo\"".into(), DEMO).unwrap();
        assert!(check_pointers(&plain).is_empty());
    }

    #[test]
    fn a_tool_without_vassal_refuses_vassal_cases() {
        let opened = NoVassal.open("c.toml", &VassalCase::default());
        assert_eq!(opened.state.unwrap_err()[0].kind, "vassal");
        assert!(opened.warnings.is_empty());
    }
}
