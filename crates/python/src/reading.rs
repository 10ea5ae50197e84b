//! How the functions read their input, as the command line's `Reading` does: a state given as
//! a path, a `dict` or a text ([`Source`]), the resolver (`confine=`, `max_input_bytes=`) and
//! the rules options (`rules=`) ([`Options`]); and what goes back to Python: JSON as Python
//! values ([`to_python`]), problems as an [`InputError`].

use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use victory_engine::files::{DEFAULT_MAX_MODULE_BYTES, DEFAULT_MAX_SAVE_BYTES, Limits};
use victory_engine::input::{self, Input, Sources};
use victory_engine::problem::{self, Problem, ProblemJson};
use victory_engine::{Cache, RunRules};
use victory_front::engines::ENGINES;
use victory_front::resolver::ConfiningResolver;
use victory_front::saves;

pyo3::create_exception!(
    wargame_victory,
    InputError,
    pyo3::exceptions::PyValueError,
    "A bad input: a state, save or profile the engines refuse. `problems` lists the problems as \
     `victory check --format json` gives them (dicts with kind, message, file, line, column, key \
     ...); `str()` is the command line's text."
);

/// The name a state given as a `dict` goes by in messages (its references are read relative
/// to the current folder, as standard input's are on the command line).
pub(crate) const DICT_NAME: &str = "<dict>";

/// A state as a function was given it.
pub(crate) enum Source {
    /// A state file (a TOML state; `str` or `os.PathLike`).
    Path(PathBuf),
    /// A state's text, by the name its messages give it.
    Text {
        /// The name in messages.
        name: String,
        /// The TOML text.
        text: String,
    },
}

impl Source {
    /// `state` (the argument `arg` of `func`): a path (`str` or `os.PathLike`) or a `dict` of
    /// a state file's shape (written as TOML for the engine).
    pub(crate) fn of(state: &Bound<'_, PyAny>, func: &str, arg: &str) -> PyResult<Source> {
        if let Ok(dict) = state.cast::<PyDict>() {
            let text = toml_of_dict(dict, func, arg)?;
            return Ok(Source::Text {
                name: DICT_NAME.to_string(),
                text,
            });
        }
        match state.extract::<PathBuf>() {
            Ok(path) => Ok(Source::Path(path)),
            Err(_) => Err(PyTypeError::new_err(format!(
                "{func}(): `{arg}` must be a path (str or os.PathLike) or a dict of a state \
                 file's shape, not {}",
                type_name(state)
            ))),
        }
    }
}

/// The name of `value`'s type, for a message.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |n| n.to_string())
}

/// A `dict` as TOML text, through its JSON (`json.dumps`): what is not JSON (or not TOML, as
/// `None`) is a `TypeError` naming the argument.
fn toml_of_dict(dict: &Bound<'_, PyDict>, func: &str, arg: &str) -> PyResult<String> {
    let py = dict.py();
    let refused = |why: String| {
        PyTypeError::new_err(format!(
            "{func}(): `{arg}` is not a state file's shape: {why}"
        ))
    };
    let json: String = py
        .import("json")?
        .call_method1("dumps", (dict,))
        .map_err(|e| refused(e.value(py).to_string()))?
        .extract()?;
    let value: toml::Value = serde_json::from_str(&json).map_err(|e| refused(e.to_string()))?;
    toml::to_string(&value).map_err(|e| refused(e.to_string()))
}

/// How a function reads: the resolver of the files a state names, the limits, the rules.
pub(crate) struct Options {
    /// The files a state refers to, read relative to it, only inside `confine` when given.
    pub(crate) resolver: ConfiningResolver,
    /// The size limit of each kind of file.
    pub(crate) limits: Limits,
    /// The rules options over the state's own `[rules]`.
    pub(crate) rules: RunRules,
    /// The engines' kept maps.
    pub(crate) cache: Cache,
}

impl Options {
    /// The options of `func`'s keyword arguments `rules=`, `confine=` and `max_input_bytes=`.
    pub(crate) fn new(
        func: &str,
        rules: Option<&Bound<'_, PyAny>>,
        confine: Option<PathBuf>,
        max_input_bytes: u64,
    ) -> PyResult<Options> {
        let resolver = match confine {
            Some(dir) => ConfiningResolver::confined(&dir, max_input_bytes)
                .map_err(|e| PyValueError::new_err(format!("{func}(): `confine`: {e}")))?,
            None => ConfiningResolver::unconfined(max_input_bytes),
        };
        Ok(Options {
            resolver,
            limits: Limits {
                input: max_input_bytes,
                save: DEFAULT_MAX_SAVE_BYTES,
                module: DEFAULT_MAX_MODULE_BYTES,
            },
            rules: RunRules::new(rule_options(func, rules)?),
            cache: Cache::default(),
        })
    }

    /// `source` read as a state file of its game, its text kept in `sources`.
    pub(crate) fn open(
        &self,
        source: Source,
        sources: &mut Sources,
    ) -> Result<Input, Vec<Problem>> {
        match source {
            Source::Path(path) => {
                let mut warnings = Vec::new();
                saves::read_state(&path, None, &self.limits, sources, &mut warnings)
            }
            Source::Text { name, text } => {
                // A state's text (or a dict's) is held to the limit of a state file, as the
                // command line holds standard input to it.
                let limit = self.limits.input;
                if u64::try_from(text.len()).unwrap_or(u64::MAX) > limit {
                    let message = format!(
                        "larger than {limit} bytes, the most read from one state (raise it \
                         with `max_input_bytes=`)"
                    );
                    return Err(vec![problem::in_file("io", &name, message)]);
                }
                let text = input::text_of(&name, text.into_bytes())?;
                sources.insert(name.clone(), text.clone());
                input::from_text(name, text, ENGINES)
            }
        }
    }
}

/// `rules=`: a `dict` of option keys to values (`str`, `bool` or `int`), as `--rule KEY=VALUE`.
fn rule_options(func: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(rules) = rules.filter(|r| !r.is_none()) else {
        return Ok(Vec::new());
    };
    let dict = rules.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{func}(): `rules` must be a dict of option keys to values, not {}",
            type_name(rules)
        ))
    })?;
    let mut chosen = Vec::new();
    for (key, value) in dict.iter() {
        let shown = key
            .repr()
            .map_or_else(|_| "?".to_string(), |r| r.to_string());
        let key: String = key.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{func}(): `rules`: a key must be a str, not {}",
                type_name(&key)
            ))
        })?;
        let value = if value.is_instance_of::<PyBool>() {
            value.extract::<bool>()?.to_string()
        } else if value.is_instance_of::<PyString>()
            || value.is_instance_of::<PyInt>()
            || value.is_instance_of::<PyFloat>()
        {
            value.str()?.to_string()
        } else {
            return Err(PyTypeError::new_err(format!(
                "{func}(): `rules[{shown}]` must be a str, bool or number, not {}",
                type_name(&value)
            )));
        };
        chosen.push((key, value));
    }
    Ok(chosen)
}

/// The problems as an `InputError`: `problems` the dicts of `check --format json`, `str()` the
/// command line's text (each problem rendered under its line when it is in a file read here).
pub(crate) fn input_error(py: Python<'_>, problems: &[Problem], sources: &Sources) -> PyErr {
    let text = problems
        .iter()
        .map(|p| shown(p, sources))
        .collect::<Vec<_>>()
        .join("\n");
    let err = InputError::new_err(text.trim_end().to_string());
    if let Err(e) =
        problems_list(py, problems).and_then(|list| err.value(py).setattr("problems", list))
    {
        return e;
    }
    err
}

/// The problems as `check --format json` lists them, as Python values.
pub(crate) fn problems_list<'py>(
    py: Python<'py>,
    problems: &[Problem],
) -> PyResult<Bound<'py, PyAny>> {
    let flat: Vec<ProblemJson> = problems.iter().map(ProblemJson::from).collect();
    let json = serde_json::to_string(&flat).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_python(py, &json)
}

/// One problem as the command line shows it on standard error.
fn shown(p: &Problem, sources: &Sources) -> String {
    match p.file.as_ref().and_then(|f| sources.get(f)) {
        Some(text) if p.span.is_some() => format!("{}\n", problem::render(p, text)),
        _ => problem::line(p),
    }
}

/// JSON text as Python values (`json.loads`: `dict`s keep the JSON's key order).
pub(crate) fn to_python<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (json,))
}
