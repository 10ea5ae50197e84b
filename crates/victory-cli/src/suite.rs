//! `victory test [PATH...]`: a folder of positions as a regression suite (docs/suites.md), run
//! by [`victory_suite::run`] over this tool's engines; here the options, the VASSAL case files
//! opened under the run's limits ([`victory_front::saves::CaseFiles`]) and the output written.

use std::io::IsTerminal;
use std::path::PathBuf;

use victory_suite::output;

use crate::outcome::{Format, Outcome, Usage};
use crate::reading::Reading;
use victory_engine::problem::ErrorStyle;
use victory_front::engines::ENGINES;

/// `victory test`'s own options.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// Files and folders to test; a folder is searched recursively for `*.toml` state files
    /// (default: the current folder)
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write the actual values into each file's `[expect]`: every expectation key of its game
    /// when it has none, else only the keys it has; every other byte and comment is kept
    ///
    /// Each value written is printed under `ACCEPTED FILE` beside the one it replaced, for
    /// review. With --rule, only a file whose own `[rules]` chooses the same is written (the
    /// values then hold without --rule); any other is FAILED, told what to write in `[rules]`.
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
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = crate::reading::rule_option)]
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
    #[arg(long, value_name = "STYLE", default_value_t = ErrorStyle::Rendered, value_parser = crate::reading::error_style())]
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

/// `victory test`.
pub fn run(args: &TestArgs) -> anyhow::Result<Outcome> {
    let reading = &args.reading();
    let usage = |e: victory_suite::Error| match e {
        victory_suite::Error::Usage(message) => anyhow::Error::from(Usage(message)),
        other => anyhow::Error::from(other),
    };
    victory_suite::check_rules(ENGINES, &reading.rules).map_err(usage)?;
    let candidates = victory_suite::discover(&args.paths).map_err(usage)?;
    let resolver = reading.resolver(&[])?;
    let cache = victory_engine::Cache::default();
    let mut rules = reading.rules();
    rules.only_known = true;
    let cases = victory_front::saves::CaseFiles {
        resolver: &resolver,
        limits: args.limits.with_input(args.max_input_bytes),
    };
    let suite = victory_suite::Suite {
        engines: ENGINES,
        resolver: &resolver,
        max_bytes: resolver.max_bytes(),
        cache: &cache,
        rules: &rules,
        style: reading.errors,
        vassal: &cases,
    };
    let progress = std::io::stderr().is_terminal();
    let outcomes = victory_suite::run(&suite, &candidates, args.accept, progress).map_err(usage)?;
    let mut o = Outcome::new(reading.errors);
    o.failed = output::Counts::of(&outcomes).failed > 0;
    o.stdout = match args.format {
        Format::Text => output::text(&outcomes),
        Format::Json => crate::outcome::json_text(output::json(&outcomes)?),
    };
    if let Some(why) = output::nothing_checked(&outcomes) {
        o.failed = true;
        o.stderr.push(format!("error: {why}"));
    }
    if let Some(path) = &args.junit {
        crate::files::replace(path, output::junit(&outcomes).as_bytes())
            .map_err(|e| anyhow::anyhow!("--junit {}: {e}", crate::files::shown(path)))?;
    }
    Ok(o)
}
