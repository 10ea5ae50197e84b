//! A VASSAL module as every command that reads one takes it: `--module MOD`, a `.vmod` or its
//! extracted buildFile, and for a buildFile `--board-sizes FILE` ([`ModuleArgs`]), opened by
//! one function ([`open`]). `score`, `check`, `explain`, `render` and `vassal import` (with
//! `--profile`), `vassal pieces`, `vassal profile`, `map edit` and a VASSAL case file's
//! `module` and `board_sizes` all go through it.

use std::path::{Path, PathBuf};

use crate::files::{self, Kind, Limits, one_line};
use crate::problem::{self, Problem};

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

/// A module opened: what the VASSAL crate read, and the file's bytes (a `.vmod`'s board images
/// are read from them).
pub struct Opened {
    /// The module.
    pub module: ::vassal::Module,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

impl ModuleArgs {
    /// The module these flags name, `None` without `--module`; see [`open`].
    pub fn open(&self, limits: &Limits) -> Result<Option<Opened>, Vec<Problem>> {
        match &self.module {
            Some(path) => open(path, self.board_sizes.as_deref(), limits).map(Some),
            None => Ok(None),
        }
    }
}

/// The module at `path` (within `limits`): a `.vmod` (a zip archive), or a buildFile (UTF-8
/// XML) whose boards take their sizes from the `board_sizes` file; the problems of reading
/// either file, each naming it.
pub fn open(
    path: &Path,
    board_sizes: Option<&Path>,
    limits: &Limits,
) -> Result<Opened, Vec<Problem>> {
    let sizes = match board_sizes {
        Some(p) => sizes(p, limits).map_err(|message| vec![file_problem("io", p, message)])?,
        None => ::vassal::BoardSizes::new(),
    };
    let bytes = files::read(path, Kind::Module, limits)
        .map_err(|e| vec![file_problem("io", path, format!("cannot read it: {e}"))])?;
    let name = path.to_string_lossy().into_owned();
    let module = if ::vassal::internal::archive::is_zip(&bytes) {
        ::vassal::Module::from_vmod(&bytes, &name, &sizes)
    } else {
        match std::str::from_utf8(&bytes) {
            Ok(text) => ::vassal::Module::from_build_file(text, &name, &sizes),
            Err(_) => {
                return Err(vec![problem::in_file(
                    "vassal/not-vassal",
                    &name,
                    "neither a .vmod (zip) nor a buildFile (UTF-8 XML)",
                )]);
            }
        }
    };
    let module = module.map_err(|e| {
        e.into_diagnostics()
            .into_iter()
            .map(problem::from_engine)
            .collect::<Vec<_>>()
    })?;
    Ok(Opened { module, bytes })
}

/// A `--board-sizes` file: image name to `[width, height]` in whole pixels; why not, in words.
fn sizes(path: &Path, limits: &Limits) -> Result<::vassal::BoardSizes, String> {
    let bytes =
        files::read(path, Kind::Input, limits).map_err(|e| format!("cannot read it: {e}"))?;
    let value: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("not JSON: {e}"))?;
    let object = value
        .as_object()
        .ok_or("not a JSON object of image name to [width, height]")?;
    let mut out = ::vassal::BoardSizes::new();
    for (name, size) in object {
        let pair = size.as_array().filter(|a| a.len() == 2);
        let dims = pair.and_then(|a| {
            let w = u32::try_from(a[0].as_u64()?).ok()?;
            let h = u32::try_from(a[1].as_u64()?).ok()?;
            Some((w, h))
        });
        let Some(dims) = dims else {
            return Err(format!(
                "`{}` is not [width, height] in whole pixels",
                one_line(name)
            ));
        };
        out.insert(name.clone(), dims);
    }
    Ok(out)
}

/// A problem about a whole file (it cannot be read).
pub fn file_problem(kind: &str, path: &Path, message: String) -> Problem {
    problem::in_file(kind, &path.to_string_lossy(), message)
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
