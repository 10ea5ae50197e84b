//! `test`: a folder of state files as a regression suite, each against its own `[expect]`
//! (`victory test --format json`, docs/suites.md), run by [`victory_suite::run`].

use std::path::PathBuf;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use victory_engine::problem::ErrorStyle;
use victory_front::engines::ENGINES;
use wargame_kit::limits::DEFAULT_MAX_BYTES;

use crate::reading::{Options, to_python};

/// Run files and folders as a regression suite, each state file against its own `[expect]`:
/// the results as `victory test --format json` gives them (`passed`, `failed`, `skipped` and
/// each file's `result`, `differences` and `problems`). `rules` apply to the games that have
/// them; `confine` and `max_input_bytes` as in `score`. Never writes a file.
///
/// >>> import wargame_victory as wv
/// >>> run = wv.test(["fixtures/leyte/assault-scenario-end-position.toml"])
/// >>> (run["passed"], run["failed"])
/// (1, 0)
#[pyfunction]
#[pyo3(signature = (paths, *, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
pub(crate) fn test<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let mut options = Options::new("test", rules, confine, max_input_bytes)?;
    options.rules.only_known = true;
    let usage = |e: victory_suite::Error| match e {
        victory_suite::Error::Usage(m) => PyValueError::new_err(format!("test(): {m}")),
        other => PyRuntimeError::new_err(format!("test(): {other}")),
    };
    victory_suite::check_rules(ENGINES, &options.rules.chosen).map_err(usage)?;
    let json = py.detach(|| {
        let candidates = victory_suite::discover(&paths)?;
        let cases = victory_front::saves::CaseFiles {
            resolver: &options.resolver,
            limits: options.limits,
        };
        let suite = victory_suite::Suite {
            engines: ENGINES,
            resolver: &options.resolver,
            max_bytes: options.resolver.max_bytes(),
            cache: &options.cache,
            rules: &options.rules,
            style: ErrorStyle::Rendered,
            vassal: &cases,
        };
        let outcomes = victory_suite::run(&suite, &candidates, false, false)?;
        Ok(victory_suite::output::json(&outcomes))
    });
    let json = json
        .map_err(usage)?
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    to_python(py, &json)
}
