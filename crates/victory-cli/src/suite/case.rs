//! One file of a suite: read, told whether it is a case, scored by its engine (a state file)
//! or through [`score_vassal_case`] (a VASSAL case file), and judged against its `[expect]`.

use std::path::PathBuf;
use std::sync::OnceLock;

use serde_json::Value;
use wargame_kit::internal::expect::{JSON, PROBLEMS};

use super::compare::{self, Difference, Plan};
use super::expect::{self, Expectations, Head};
use crate::ErrorStyle;
use crate::engines::{self, Cache, Engine};
use crate::files::{Kind, Limits, one_line};
use crate::input;
use crate::problem::{self, Problem};
use crate::resolver::CliResolver;

/// A file to test.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Where it is.
    pub path: PathBuf,
    /// Its name in the output (the path as found).
    pub name: String,
    /// The path named on the command line it was found under (itself when it was named):
    /// `--accept` writes only inside it.
    pub root: PathBuf,
    /// Named on the command line (a case whatever it holds), rather than found in a folder
    /// (a case only with a `game` key or a `[vassal]` table).
    pub named: bool,
    /// A folder that could not be read, and why: a failed entry of the run.
    pub unreadable: Option<String>,
}

/// What every file of one run shares (across threads).
pub struct Context<'a> {
    /// How references are read.
    pub resolver: &'a CliResolver,
    /// The maps built and the `--rule` options.
    pub cache: &'a Cache,
    /// How problems are shown.
    pub style: ErrorStyle,
    /// The most bytes read from a file of each kind.
    pub limits: Limits,
    /// Each engine's report schema as JSON, made when first needed.
    schemas: Vec<OnceLock<Option<Value>>>,
}

impl<'a> Context<'a> {
    /// A run's context.
    pub fn new(
        resolver: &'a CliResolver,
        cache: &'a Cache,
        style: ErrorStyle,
        limits: Limits,
    ) -> Self {
        Context {
            resolver,
            cache,
            style,
            limits,
            schemas: engines::ENGINES.iter().map(|_| OnceLock::new()).collect(),
        }
    }

    /// The engine's report schema as JSON.
    fn schema(&self, engine: &'static dyn Engine) -> Option<&Value> {
        let index = engines::ENGINES
            .iter()
            .position(|e| e.games()[0].key == engine.games()[0].key)?;
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

/// How a file fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
pub enum Accept {
    /// Nothing: its expectations hold.
    Nothing,
    /// Write this into its `[expect]`.
    Write(Plan),
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
    pub accept: Accept,
    /// The path named on the command line it was found under.
    pub root: PathBuf,
    /// The bytes that were scored (`None`: it could not be read): `--accept` edits these, and
    /// writes only while the file still holds them.
    pub bytes: Option<Vec<u8>>,
    /// The warnings of reading a VASSAL case's save and module (they do not fail the case).
    pub warnings: Vec<Problem>,
}

/// What scoring a case gave.
pub struct Scored {
    /// Its game, when known.
    pub game: Option<&'static str>,
    /// Its engine, when known.
    pub engine: Option<&'static dyn Engine>,
    /// The report's own fields as JSON (what the engine's report schema describes), or the
    /// problems the file was refused with.
    pub report: Result<Value, Vec<Problem>>,
    /// The warnings of reading a VASSAL case's save and module.
    pub warnings: Vec<Problem>,
}

/// Test one file: `None` when a file found in a folder is not a case.
pub fn evaluate(candidate: &Candidate, ctx: &Context<'_>) -> Option<CaseResult> {
    if let Some(why) = &candidate.unreadable {
        let scored = Scored {
            game: None,
            engine: None,
            report: Err(vec![problem::in_file("io", &candidate.name, why.clone())]),
            warnings: Vec::new(),
        };
        let mut result = judge(candidate, "", &Head::default(), scored, ctx);
        result.accept = Accept::Refused("it is a folder that cannot be read".to_string());
        return Some(result);
    }
    let max = ctx.resolver.max_bytes();
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
            let scored = Scored {
                game: None,
                engine: None,
                report: Err(problems),
                warnings: Vec::new(),
            };
            return Some(judge(candidate, "", &Head::default(), scored, ctx));
        }
    };
    let head = expect::head(&text);
    if !candidate.named && !head.is_case() {
        return None;
    }
    let scored = if head.vassal && !head.game {
        score_vassal_case(&name, &text, &head.expect, ctx)
    } else {
        score_state(&name, &text, ctx)
    };
    let mut result = judge(candidate, &text, &head, scored, ctx);
    result.bytes = bytes;
    Some(result)
}

/// A state file, scored by the engine of its `game`.
fn score_state(name: &str, text: &str, ctx: &Context<'_>) -> Scored {
    let input = match input::from_text(name.to_string(), text.to_string()) {
        Ok(input) => input,
        Err(problems) => {
            return Scored {
                game: None,
                engine: None,
                report: Err(problems),
                warnings: Vec::new(),
            };
        }
    };
    scored(&input, name, ctx)
}

/// What scoring an opened file gave: its report's own fields as JSON, or its problems.
fn scored(input: &crate::input::Input, name: &str, ctx: &Context<'_>) -> Scored {
    let report = input
        .run(|i| i.engine.score(i.state(ctx.resolver, ctx.cache)))
        .and_then(|r| {
            r.to_value()
                .map_err(|e| vec![problem::in_file("json", name, e.to_string())])
        });
    Scored {
        game: Some(input.game),
        engine: Some(input.engine),
        report,
        warnings: Vec::new(),
    }
}

/// A VASSAL case file: a TOML file with `[vassal] save`, `module` and `profile` (paths relative
/// to it; `step`, `reveal` and `board_sizes` as the reading commands take them) and an
/// `[expect]` table, scored as the profile's game from the position of the save. This is the
/// one place that reads them; what it returns is judged against `expect` like a state file's
/// report.
fn score_vassal_case(name: &str, text: &str, expect: &Expectations, ctx: &Context<'_>) -> Scored {
    let _ = expect;
    let refused = |problems| Scored {
        game: None,
        engine: None,
        report: Err(problems),
        warnings: Vec::new(),
    };
    let args = match vassal_args(name, text) {
        Ok(a) => a,
        Err(p) => return refused(p),
    };
    // Under `--confine`, every path the table names is inside the folder, or the case fails
    // before any file is opened.
    let outside: Vec<Problem> = args
        .paths()
        .into_iter()
        .filter_map(|(key, path)| {
            let why = ctx.resolver.may_read(path?).err()?;
            Some(problem::in_file(
                "vassal",
                name,
                format!("[vassal] `{key}`: {why}"),
            ))
        })
        .collect();
    if !outside.is_empty() {
        return refused(outside);
    }
    let mut sources = crate::input::Sources::new();
    let game = match args.load(&mut sources, &ctx.limits, ctx.resolver) {
        Ok(Some(g)) => g,
        Ok(None) => {
            return refused(vec![problem::in_file(
                "vassal",
                name,
                "[vassal] needs `module` and `profile`",
            )]);
        }
        Err(p) => return refused(p),
    };
    let Some(save) = args.save.as_deref() else {
        return refused(vec![problem::in_file(
            "vassal",
            name,
            "[vassal] needs `save`",
        )]);
    };
    let mut warnings = Vec::new();
    let read = crate::vassal::input(&game, save, &ctx.limits, &mut warnings);
    let mut scored = match read {
        Ok(input) => scored(&input, name, ctx),
        Err(p) => refused(p),
    };
    scored.warnings = warnings;
    scored
}

/// A case file's `[vassal]` table, its paths made relative to the file's folder.
fn vassal_args(name: &str, text: &str) -> Result<crate::vassal::CaseArgs, Vec<Problem>> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        vec![problem::in_file("toml", name, e.message().to_string())]
    })?;
    let Some(v) = table.get("vassal").and_then(toml::Value::as_table) else {
        return Err(vec![problem::in_file("vassal", name, "no [vassal] table")]);
    };
    let dir = std::path::Path::new(name)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    crate::vassal::CaseArgs::from_table(v, dir)
        .map_err(|m| vec![problem::in_file("vassal", name, m)])
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
    let pins_report =
        head.expect.keys.iter().any(|e| e.key != PROBLEMS) || !head.expect.json.is_empty();
    let refuse = if head.game && head.profile {
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
    } else {
        None
    };
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
        (None, _) => Accept::Write(plan),
    };
    let shown = problems
        .iter()
        .map(|p| show(p, ctx.style, &candidate.name, text))
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
pub fn pointer_problems(
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
            let why = super::pointer::check(schema, &entry.key).err()?;
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
pub fn check_pointers(input: &input::Input) -> Vec<Problem> {
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
