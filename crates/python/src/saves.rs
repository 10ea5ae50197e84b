//! `wargame_victory.vassal`: VASSAL saved games and logs, read as `victory vassal pieces`,
//! `victory vassal import` and `victory score --module M --profile P` read them (through
//! [`victory_front::saves`] and [`victory_front::module`]), every hidden-information rule
//! included.

use std::path::{Path, PathBuf};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use victory_engine::files::{self, DEFAULT_MAX_MODULE_BYTES, DEFAULT_MAX_SAVE_BYTES, Kind, Limits};
use victory_engine::input::{SaveFiles, Sources};
use victory_engine::problem::{self, Problem};
use victory_front::saves::SaveReader;
use wargame_kit::limits::DEFAULT_MAX_BYTES;
use wargame_kit::terminal::one_line;

use crate::reading::{Options, input_error, to_python};

/// Add this module's functions to `m` (`wargame_victory.vassal` names them without `vassal_`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(vassal_pieces, m)?)?;
    m.add_function(wrap_pyfunction!(vassal_import_state, m)?)?;
    m.add_function(wrap_pyfunction!(vassal_score, m)?)?;
    Ok(())
}

/// The options every function of `wargame_victory.vassal` takes, as the command line's flags.
struct Reading {
    files: SaveFiles,
    limits: Limits,
}

impl Reading {
    #[allow(clippy::too_many_arguments)]
    fn new(
        module: PathBuf,
        profile: Option<PathBuf>,
        board_sizes: Option<PathBuf>,
        side: Vec<String>,
        reveal: bool,
        step: Option<usize>,
        limits: (u64, u64, u64),
    ) -> Reading {
        let mut files = SaveFiles::default();
        files.module = Some(module);
        files.profile = profile;
        files.board_sizes = board_sizes;
        files.sides = side;
        files.reveal = reveal;
        files.step = step;
        let (input, save, module) = limits;
        Reading {
            files,
            limits: Limits {
                input,
                save,
                module,
            },
        }
    }

    /// The reader of saves through the module and profile, on `options`' resolver (the
    /// profile's text kept in `sources`).
    fn reader(&self, options: &Options, sources: &mut Sources) -> Result<SaveReader, Vec<Problem>> {
        match SaveReader::load(&self.files, sources, &self.limits, &options.resolver)? {
            Some(reader) => Ok(reader),
            // Both are given: `Reading::new` is always called with a profile here.
            None => Err(vec![problem::in_file(
                "vassal",
                "",
                "give the module and the profile",
            )]),
        }
    }
}

/// `f` on the reader of saves through `r`'s module and profile, without the GIL: the save's
/// reading warnings as Python warnings, its problems as an `InputError`.
fn through_profile<T: Send>(
    py: Python<'_>,
    r: &Reading,
    options: &Options,
    f: impl FnOnce(&SaveReader, &mut Vec<Problem>) -> Result<T, Vec<Problem>> + Send,
) -> PyResult<T> {
    let (mut warnings, mut sources) = (Vec::new(), Sources::new());
    let done = py.detach(|| {
        let reader = r.reader(options, &mut sources)?;
        f(&reader, &mut warnings)
    });
    warn(py, &warnings)?;
    done.map_err(|p| input_error(py, &p, &sources))
}

/// Each reading warning as a Python `UserWarning`, worded as the command line's `warning:`
/// lines.
fn warn(py: Python<'_>, warnings: &[Problem]) -> PyResult<()> {
    let module = py.import("warnings")?;
    for w in warnings {
        module.call_method1("warn", (problem::line(w),))?;
    }
    Ok(())
}

/// The listing of a save's pieces, as `victory vassal pieces SAVE --module MODULE --format
/// json` gives it: every piece with its map, place and properties, what is hidden left out
/// (`side`: read as these players' sides, their private windows and hands; `reveal=True`:
/// everything, for one's own save or a referee's; `step`: a log replayed to that step).
///
/// >>> import wargame_victory as wv
/// >>> listing = wv.vassal.pieces("fixtures/vassal/leyte/assault-scenario-end-position.vsav",
/// ...                            "fixtures/vassal/leyte/Leyte-synthetic.vmod")
/// >>> listing["schema_version"], len(listing["pieces"]) > 0
/// (3, True)
#[pyfunction]
#[pyo3(signature = (save, module, *, board_sizes=None, side=Vec::new(), reveal=false, step=None, max_input_bytes=DEFAULT_MAX_BYTES, max_save_bytes=DEFAULT_MAX_SAVE_BYTES, max_module_bytes=DEFAULT_MAX_MODULE_BYTES))]
#[allow(clippy::too_many_arguments)]
fn vassal_pieces<'py>(
    py: Python<'py>,
    save: PathBuf,
    module: PathBuf,
    board_sizes: Option<PathBuf>,
    side: Vec<String>,
    reveal: bool,
    step: Option<usize>,
    max_input_bytes: u64,
    max_save_bytes: u64,
    max_module_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let limits = (max_input_bytes, max_save_bytes, max_module_bytes);
    let r = Reading::new(module, None, board_sizes, side, reveal, step, limits);
    let json = py.detach(|| listing(&r, &save));
    match json {
        Ok(json) => to_python(py, &json),
        Err(Refused::Problems(p)) => Err(input_error(py, &p, &Sources::new())),
        Err(Refused::Lines(lines)) => Err(crate::reading::InputError::new_err(lines.join("\n"))),
    }
}

/// Why a listing was not made: the problems of a file, or the command line's error lines.
enum Refused {
    Problems(Vec<Problem>),
    Lines(Vec<String>),
}

/// The listing's JSON, as `victory vassal pieces` makes it.
fn listing(r: &Reading, save_path: &Path) -> Result<String, Refused> {
    let Some(module_path) = r.files.module.as_deref() else {
        return Err(Refused::Lines(vec!["error: give the module".into()]));
    };
    let module =
        victory_front::module::open(module_path, r.files.board_sizes.as_deref(), &r.limits)
            .map_err(Refused::Problems)?
            .module;
    let name = save_path.to_string_lossy().into_owned();
    let bytes = files::read(save_path, Kind::Save, &r.limits).map_err(|e| {
        Refused::Lines(vec![format!(
            "error: cannot read {}: {e}",
            files::shown(save_path)
        )])
    })?;
    let lines = |e: vassal::Error| {
        let lines = e.diagnostics().iter();
        Refused::Lines(
            lines
                .map(|d| format!("error: {}", one_line(&d.to_string())))
                .collect(),
        )
    };
    let save = vassal::Save::from_bytes(&bytes, &name).map_err(lines)?;
    let options = vassal::Options::default()
        .step(r.files.step)
        .reveal(r.files.reveal)
        .sides(r.files.sides.clone());
    let pieces = vassal::read_pieces(&module, &save, &options).map_err(lines)?;
    serde_json::to_string(&pieces).map_err(|e| Refused::Lines(vec![e.to_string()]))
}

/// The state a profile makes of a save (`victory vassal import`): `state` as a `dict` (and its
/// TOML `text`, each value's comment naming the piece it came from), `origins` (where each
/// value came from, as `score` reports them) and `problems` (the engine's, `[]` when it takes
/// the state). The save's reading warnings are Python warnings.
///
/// >>> import wargame_victory as wv
/// >>> d = "fixtures/vassal/leyte/"
/// >>> got = wv.vassal.import_state(d + "assault-scenario-end-position.vsav",
/// ...     d + "Leyte-synthetic.vmod", d + "assault.profile.toml")
/// >>> got["state"]["game"], got["problems"]
/// ('leyte', [])
#[pyfunction]
#[pyo3(signature = (save, module, profile, *, board_sizes=None, side=Vec::new(), reveal=false, step=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES, max_save_bytes=DEFAULT_MAX_SAVE_BYTES, max_module_bytes=DEFAULT_MAX_MODULE_BYTES))]
#[allow(clippy::too_many_arguments)]
fn vassal_import_state<'py>(
    py: Python<'py>,
    save: PathBuf,
    module: PathBuf,
    profile: PathBuf,
    board_sizes: Option<PathBuf>,
    side: Vec<String>,
    reveal: bool,
    step: Option<usize>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
    max_save_bytes: u64,
    max_module_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let limits = (max_input_bytes, max_save_bytes, max_module_bytes);
    let r = Reading::new(
        module,
        Some(profile),
        board_sizes,
        side,
        reveal,
        step,
        limits,
    );
    let options = Options::new("vassal.import_state", None, confine, max_input_bytes)?;
    let import = through_profile(py, &r, &options, |reader, warnings| {
        reader.import(&save, &r.limits, &options.resolver, warnings)
    })?;
    let name = save.to_string_lossy();
    let state: toml::Value = toml::from_str(&import.imported.text)
        .map_err(|e| PyValueError::new_err(format!("the imported state is not TOML: {e}")))?;
    let problems = import.checked.err().unwrap_or_default();
    let flat: Vec<_> = problems
        .iter()
        .map(victory_engine::problem::ProblemJson::from)
        .collect();
    let json = serde_json::json!({
        "state": state,
        "text": import.imported.text,
        "origins": victory_front::saves::origins_json(&name, &import.imported),
        "problems": flat,
    });
    to_python(py, &json.to_string())
}

/// Score a save through a profile, as `victory score --format json --module MODULE --profile
/// PROFILE SAVE`: the report, its `vassal` origins saying where each value came from. The
/// save's reading warnings are Python warnings; a save the profile or the engine refuses
/// raises `InputError`.
///
/// >>> import wargame_victory as wv
/// >>> d = "fixtures/vassal/leyte/"
/// >>> wv.vassal.score(d + "assault-scenario-end-position.vsav", d + "Leyte-synthetic.vmod",
/// ...                 d + "assault.profile.toml")["level"]
/// 'japanese-decisive'
#[pyfunction]
#[pyo3(signature = (save, module, profile, *, board_sizes=None, side=Vec::new(), reveal=false, step=None, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES, max_save_bytes=DEFAULT_MAX_SAVE_BYTES, max_module_bytes=DEFAULT_MAX_MODULE_BYTES))]
#[allow(clippy::too_many_arguments)]
fn vassal_score<'py>(
    py: Python<'py>,
    save: PathBuf,
    module: PathBuf,
    profile: PathBuf,
    board_sizes: Option<PathBuf>,
    side: Vec<String>,
    reveal: bool,
    step: Option<usize>,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
    max_save_bytes: u64,
    max_module_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let limits = (max_input_bytes, max_save_bytes, max_module_bytes);
    let r = Reading::new(
        module,
        Some(profile),
        board_sizes,
        side,
        reveal,
        step,
        limits,
    );
    let options = Options::new("vassal.score", rules, confine, max_input_bytes)?;
    let json = through_profile(py, &r, &options, |reader, warnings| {
        let input = reader.input(&save, &r.limits, warnings)?;
        input.run(|i| crate::scoring::score_json(i, &options))
    })?;
    to_python(py, &json)
}
