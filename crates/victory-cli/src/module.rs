//! A VASSAL module as every command that reads one takes it: `--module MOD`, a `.vmod` or its
//! extracted buildFile, and for a buildFile `--board-sizes FILE` ([`ModuleArgs`]), opened by
//! one function ([`victory_front::module::open`]). `score`, `check`, `explain`, `render` and `vassal import` (with
//! `--profile`), `vassal pieces`, `vassal profile`, `map edit` and a VASSAL case file's
//! `module` and `board_sizes` all go through it.

use std::path::PathBuf;

use victory_front::module::{Opened, open};

use crate::files::{Limits, one_line};
use victory_engine::problem::{self, Problem};

/// `--module MOD` and `--board-sizes FILE`: the flags of every command that reads a VASSAL
/// module. Which command needs the module, and what else it asks with it, is the command's.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ModuleArgs {
    /// The VASSAL module: a .vmod, or its extracted buildFile.xml / buildFile (with
    /// --board-sizes, since a buildFile holds no board images)
    #[arg(long, value_name = "MOD")]
    pub module: Option<PathBuf>,
    /// Board image sizes for a buildFile read without its images: a JSON object from image
    /// name to [width, height] in pixels (a .vmod needs none: its images give them)
    #[arg(long, value_name = "FILE")]
    pub board_sizes: Option<PathBuf>,
}

impl ModuleArgs {
    /// The module these flags name, `None` without `--module`
    /// ([`victory_front::module::open`]).
    pub fn open(&self, limits: &Limits) -> Result<Option<Opened>, Vec<Problem>> {
        match &self.module {
            Some(path) => open(path, self.board_sizes.as_deref(), limits).map(Some),
            None => Ok(None),
        }
    }
}

/// Problems as the commands that print plain errors show them: `error: ...`, each on one
/// line.
pub fn error_lines(problems: &[Problem]) -> Vec<String> {
    problems
        .iter()
        .map(|p| format!("error: {}", one_line(&problem::line(p))))
        .collect()
}

/// Problems as one error (for the commands that stop at the first error): their lines.
pub fn error(problems: &[Problem]) -> anyhow::Error {
    let lines: Vec<String> = problems
        .iter()
        .map(|p| one_line(&problem::line(p)).into_owned())
        .collect();
    anyhow::anyhow!("{}", lines.join("\n"))
}
