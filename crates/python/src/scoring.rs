//! `score`, `score_text`, `check`, `explain`, `rules` and `render`: the command line's
//! commands of the same names, on one state, returning Python values.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use victory_engine::input::{Input, Sources};
use victory_engine::problem::Problem;
use victory_engine::{Crop, Head, Headed, Picture};
use victory_front::engines;
use wargame_kit::limits::DEFAULT_MAX_BYTES;

use crate::reading::{Options, Source, input_error, problems_list, to_python};

/// Add this module's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_text, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(render, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(crate::suite::test, m)?)?;
    m.add_class::<Svg>()?;
    Ok(())
}

/// Why a state was not scored: its problems, and the texts of the files read (to show them).
type Refused = (Vec<Problem>, Sources);

/// Open `source` and run `f` on it (without the GIL): the problems located as the command line
/// locates them.
fn with_input<T: Send>(
    py: Python<'_>,
    options: &Options,
    source: Source,
    f: impl FnOnce(&Input, &Options) -> Result<T, Vec<Problem>> + Send,
) -> PyResult<T> {
    let done: Result<T, Refused> = py.detach(|| {
        let mut sources = Sources::new();
        match options.open(source, &mut sources) {
            Ok(input) => input.run(|i| f(i, options)).map_err(|p| (p, sources)),
            Err(p) => Err((p, sources)),
        }
    });
    done.map_err(|(problems, sources)| input_error(py, &problems, &sources))
}

/// The report of `input` as `victory score --format json` writes it for one file.
pub(crate) fn score_json(input: &Input, o: &Options) -> Result<String, Vec<Problem>> {
    let report = input
        .engine
        .score(input.state(&o.resolver, &o.cache, &o.rules))?;
    let origins = input
        .vassal
        .as_ref()
        .map(|v| victory_front::saves::origins_json(&input.name, v));
    let head = Head {
        game: input.game,
        file: &input.name,
        vassal: origins.as_ref(),
    };
    serde_json::to_string(&Headed::new(report.as_ref(), &head)).map_err(|e| {
        vec![victory_engine::problem::in_file(
            "json",
            &input.name,
            e.to_string(),
        )]
    })
}

/// Score a state: the report as `victory score --format json` gives it (docs/json.md), as
/// `dict`s and `list`s.
///
/// `state` is a state file's path (`str` or `os.PathLike`) or a `dict` of a state file's
/// shape; `rules` a `dict` of rules options over the state's own `[rules]` (as `--rule`);
/// `confine` a folder outside which no file the state names is read; `max_input_bytes` the
/// most bytes read from any file. A state the engines refuse raises `InputError`.
///
/// >>> import wargame_victory as wv
/// >>> r = wv.score("fixtures/leyte/objective-two-hexes-one-unit-traces.toml")
/// >>> (r["game"], r["level"] is not None)
/// ('leyte', True)
#[pyfunction]
#[pyo3(signature = (state, *, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
fn score<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let source = Source::of(state, "score", "state")?;
    let options = Options::new("score", rules, confine, max_input_bytes)?;
    let json = with_input(py, &options, source, score_json)?;
    to_python(py, &json)
}

/// Score the text of a state file (named `name` in messages and in the report's `file`; the
/// files it names are read relative to the current folder, or to `name`'s folder).
///
/// >>> import wargame_victory as wv
/// >>> try:
/// ...     wv.score_text('game = "dai-senso"\n')
/// ... except wv.InputError as e:
/// ...     print(e.problems[0]["kind"], e.problems[0]["message"])
/// toml missing key `check`
#[pyfunction]
#[pyo3(signature = (text, *, name="<text>".to_string(), rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
fn score_text<'py>(
    py: Python<'py>,
    text: String,
    name: String,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let options = Options::new("score_text", rules, confine, max_input_bytes)?;
    let json = with_input(py, &options, Source::Text { name, text }, score_json)?;
    to_python(py, &json)
}

/// Check a state: every problem `score` would raise, as `victory check --format json` lists
/// them (`[]` for a good state); never raises for a bad state.
///
/// >>> import wargame_victory as wv
/// >>> wv.check({"game": "chess"})[0]["message"]
/// 'unknown game `chess` (known games: leyte, dai-senso, axis-empires)'
#[pyfunction]
#[pyo3(signature = (state, *, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
fn check<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let source = Source::of(state, "check", "state")?;
    let options = Options::new("check", rules, confine, max_input_bytes)?;
    let problems = py.detach(|| {
        let mut sources = Sources::new();
        match options.open(source, &mut sources) {
            Err(p) => p,
            Ok(input) => {
                let o = &options;
                let mut problems = input
                    .run(|i| i.engine.check(i.state(&o.resolver, &o.cache, &o.rules)))
                    .err()
                    .unwrap_or_default();
                // `[expect] json` pointers the report has no field for.
                problems.extend(victory_suite::check_pointers(&input));
                problems
            }
        }
    });
    problems_list(py, &problems)
}

/// Explain one Leyte unit's Line of Communications, hex by hex, or what cuts it: the text of
/// `victory explain FILE --unit UNIT`.
///
/// >>> import wargame_victory as wv
/// >>> print(wv.explain("fixtures/leyte/objective-two-hexes-one-unit-traces.toml", "US-2"))  # doctest: +ELLIPSIS
/// US-2 ...
#[pyfunction]
#[pyo3(signature = (state, unit, *, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
fn explain<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    unit: String,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<String> {
    let source = Source::of(state, "explain", "state")?;
    let options = Options::new("explain", rules, confine, max_input_bytes)?;
    with_input(py, &options, source, |i, o| {
        engines::explain(i, &unit, &o.resolver, &o.cache, &o.rules)
    })
}

/// A game's rules options (`victory rules GAME`): for each, its `key`, its `values` (the
/// default first), its `default`, what it decides (`about`), the `rule` paragraph, the
/// `ruling` and the older keys still read (`aliases`). An unknown game is a `ValueError`.
///
/// >>> import wargame_victory as wv
/// >>> [o["key"] for o in wv.rules("dai-senso")][:1]
/// ['axis_automatic_victory']
#[pyfunction]
fn rules<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyAny>> {
    let Some((engine, _)) = engines::find(game) else {
        return Err(PyValueError::new_err(format!(
            "rules(): `game`: unknown game `{}` (known games: {})",
            wargame_kit::terminal::one_line(game),
            engines::known()
        )));
    };
    let options: Vec<serde_json::Value> = engine
        .rule_options()
        .iter()
        .map(|o| {
            serde_json::json!({
                "key": o.key,
                "values": o.values,
                "default": o.values.first(),
                "about": o.about,
                "rule": o.rule,
                "ruling": o.ruling,
                "aliases": o.aliases,
            })
        })
        .collect();
    to_python(py, &serde_json::Value::Array(options).to_string())
}

/// The games, by their `game` key (`leyte`, `dai-senso`, `axis-empires`).
///
/// >>> import wargame_victory as wv
/// >>> wv.games()
/// ['leyte', 'dai-senso', 'axis-empires']
#[pyfunction]
fn games() -> Vec<&'static str> {
    engines::games().map(|g| g.key).collect()
}

/// A picture of a state (`render`): its SVG text (`svg`, also `str()`), which a notebook
/// shows (`_repr_svg_`); with `html=True`, a self-contained HTML page (`_repr_html_`).
#[pyclass(frozen, module = "wargame_victory")]
struct Svg {
    /// The SVG (or HTML) text.
    #[pyo3(get)]
    svg: String,
    /// Whether it is the HTML page.
    #[pyo3(get)]
    html: bool,
}

#[pymethods]
impl Svg {
    /// The SVG, for Jupyter (`None` for the HTML page).
    fn _repr_svg_(&self) -> Option<String> {
        (!self.html).then(|| self.svg.clone())
    }

    /// The HTML page, for Jupyter (`None` for an SVG).
    fn _repr_html_(&self) -> Option<String> {
        self.html.then(|| self.svg.clone())
    }

    fn __str__(&self) -> String {
        self.svg.clone()
    }

    fn __repr__(&self) -> String {
        let what = if self.html { "HTML page" } else { "SVG" };
        format!("<{what} of {} bytes>", self.svg.len())
    }
}

/// Draw a state as `victory render` does: an SVG picture (of the map's part between two
/// corner hexes with `crop="FROM:TO"`, or around what it is about with `crop="focus"`), or the
/// self-contained HTML page with `html=True`.
///
/// >>> import wargame_victory as wv
/// >>> p = wv.render("fixtures/leyte/objective-two-hexes-one-unit-traces.toml")
/// >>> p._repr_svg_().startswith("<svg")
/// True
#[pyfunction]
#[pyo3(signature = (state, *, crop=None, html=false, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
#[allow(clippy::too_many_arguments)]
fn render<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    crop: Option<String>,
    html: bool,
    rules: Option<&Bound<'py, PyAny>>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<Svg> {
    let source = Source::of(state, "render", "state")?;
    let crop = crop.map(|c| parse_crop(&c)).transpose()?;
    if html && crop.is_some() {
        return Err(PyValueError::new_err(
            "render(): `crop` draws part of a map as SVG; the HTML page (`html=True`) pans and \
             zooms the whole map",
        ));
    }
    let options = Options::new("render", rules, confine, max_input_bytes)?;
    let svg = with_input(py, &options, source, |i, o| {
        let picture = if html {
            Picture::Html
        } else {
            Picture::Svg(crop.as_ref())
        };
        i.engine
            .render(i.state(&o.resolver, &o.cache, &o.rules), picture)
    })?;
    Ok(Svg { svg, html })
}

/// `crop=`: `FROM:TO`, two hex labels as printed, or `focus` ([`Crop`]'s `FromStr`).
fn parse_crop(text: &str) -> PyResult<Crop> {
    text.parse()
        .map_err(|why: String| PyValueError::new_err(format!("render(): `crop`: {why}")))
}
