//! `Scorer`: one Leyte map and scenario, scoring lists of positions on all cores
//! ([`leyte_victory::score_many`], [`leyte_victory::verdict_many`]) without the GIL.

use std::path::PathBuf;

use leyte_victory::hexmap::HexMap;
use leyte_victory::{Position, PositionBuilder, Scenario, Side};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use victory_engine::problem::{self, Problem};
use wargame_kit::limits::DEFAULT_MAX_BYTES;

use crate::reading::{Options, Source, input_error, to_python, type_name};

/// One Leyte map and scenario (a state's), scoring many positions on it on all cores.
///
/// A position is a `dict` with the lists a state file has: `units` (each with `id`, `side`
/// `"us"` or `"japanese"`, `rating` as printed and `hex`; `artillery = True` for artillery),
/// `eliminated` (without `hex`) and `exited` (with the `hex` it left by).
///
/// >>> import wargame_victory as wv
/// >>> s = wv.Scorer("fixtures/leyte/objective-two-hexes-one-unit-traces.toml")
/// >>> p = {"units": [{"id": "US-2", "side": "us", "rating": "3-3-5", "hex": "1109"}]}
/// >>> [v["level"] for v in s.verdicts([p, p])]
/// ['us-decisive', 'us-decisive']
#[pyclass(frozen, module = "wargame_victory")]
pub(crate) struct Scorer {
    map: HexMap,
    scenario: Scenario,
    /// What it was made from, to be made again when unpickled: the state's text and name,
    /// and the options.
    origin: Origin,
}

/// A state (as text, by its name) and the options it was read with: what pickling keeps.
pub(crate) struct Origin {
    pub(crate) text: String,
    pub(crate) name: String,
    pub(crate) rules: Vec<(String, String)>,
    pub(crate) confine: Option<PathBuf>,
    pub(crate) max_input_bytes: u64,
}

impl Origin {
    /// The arguments that read the state again: its text, its name, the rules options as a
    /// `dict`, the folder it is confined to and the byte limit.
    pub(crate) fn args<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rules = PyDict::new(py);
        for (key, value) in &self.rules {
            rules.set_item(key, value)?;
        }
        let args = (
            self.text.as_str(),
            self.name.as_str(),
            rules,
            self.confine.clone(),
            self.max_input_bytes,
        );
        args.into_pyobject(py).map(Bound::into_any)
    }
}

/// The unit tables of a position, and what each holds.
const TABLES: [(&str, Kind); 3] = [
    ("units", Kind::OnMap),
    ("eliminated", Kind::Eliminated),
    ("exited", Kind::Exited),
];

/// Where a unit of a position is.
#[derive(Clone, Copy)]
enum Kind {
    OnMap,
    Eliminated,
    Exited,
}

#[pymethods]
impl Scorer {
    /// The map and scenario of the Leyte state `state` (a path or a `dict`, as `score` takes
    /// it); its units are not read. Its rules options (`[rules]`, and `rules=`) hold for every
    /// position.
    #[new]
    #[pyo3(signature = (state, *, rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
    fn new(
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        confine: Option<PathBuf>,
        max_input_bytes: u64,
    ) -> PyResult<Scorer> {
        let source = Source::of(state, "Scorer", "state")?;
        let options = Options::new("Scorer", rules, confine.clone(), max_input_bytes)?;
        build(py, source, &options, confine)
    }

    /// Pickling: made again from the state's text, its name and the options.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let again = py
            .import("wargame_victory._native")?
            .getattr("_scorer_from_text")?;
        (again, self.origin.args(py)?)
            .into_pyobject(py)
            .map(Bound::into_any)
    }

    /// The reports of the positions, in their order: each the report's own fields (what
    /// `score` gives without `game` and `file`). A bad position raises `InputError` naming it
    /// (`positions[3].units[0].hex`).
    fn score<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let positions = self.positions(positions, "score")?;
        let json = py.detach(|| {
            let scorer =
                leyte_victory::Scorer::new(&self.map, &self.scenario).map_err(|e| (None, e))?;
            let reports = leyte_victory::score_many(&scorer, &positions);
            let mut all = Vec::with_capacity(reports.len());
            for (i, r) in reports.iter().enumerate() {
                all.push(r.as_ref().map_err(|e| (Some(i), e.clone()))?);
            }
            serde_json::to_string(&all).map_err(|e| (None, json_error(e)))
        });
        let json = json.map_err(|(i, e)| position_error(py, i, e))?;
        to_python(py, &json)
    }

    /// The verdicts of the positions, in their order: each `us` and `japanese` (the Victory
    /// Points) and `level`, without the evidence (faster than `score`).
    fn verdicts<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let positions = self.positions(positions, "verdicts")?;
        let json = py.detach(|| {
            let scorer =
                leyte_victory::Scorer::new(&self.map, &self.scenario).map_err(|e| (None, e))?;
            let verdicts = leyte_victory::verdict_many(&scorer, &positions);
            let mut all = Vec::with_capacity(verdicts.len());
            for (i, v) in verdicts.into_iter().enumerate() {
                all.push(v.map_err(|e| (Some(i), e))?);
            }
            serde_json::to_string(&all).map_err(|e| (None, json_error(e)))
        });
        let json = json.map_err(|(i, e)| position_error(py, i, e))?;
        to_python(py, &json)
    }

    fn __repr__(&self) -> String {
        format!("<Scorer of {} on {}>", self.scenario.name, self.map.name())
    }
}

/// A `Scorer` from a state's text (named `name`) and options: how a pickled one is made again.
#[pyfunction]
pub(crate) fn _scorer_from_text(
    py: Python<'_>,
    text: String,
    name: String,
    rules: &Bound<'_, PyAny>,
    confine: Option<PathBuf>,
    max_input_bytes: u64,
) -> PyResult<Scorer> {
    let options = Options::new("Scorer", Some(rules), confine.clone(), max_input_bytes)?;
    build(py, Source::Text { name, text }, &options, confine)
}

/// The scorer of the Leyte state `source` read with `options`.
fn build(
    py: Python<'_>,
    source: Source,
    options: &Options,
    confine: Option<PathBuf>,
) -> PyResult<Scorer> {
    let (state, origin) = read_leyte(py, source, options, confine, "a Scorer scores")?;
    let (map, scenario, _) = state.into_parts();
    // The scenario against the map, once: every problem now rather than at each call.
    leyte_victory::Scorer::new(&map, &scenario).map_err(|e| scorer_error(py, e))?;
    Ok(Scorer {
        map,
        scenario,
        origin,
    })
}

/// The Leyte state `source` read with `options` (a state of another game refused: `what`
/// says what needs Leyte, "a Scorer scores"), and what pickling keeps to read it again.
pub(crate) fn read_leyte(
    py: Python<'_>,
    source: Source,
    options: &Options,
    confine: Option<PathBuf>,
    what: &str,
) -> PyResult<(leyte_victory::State, Origin)> {
    let mut sources = Default::default();
    let read = py.detach(|| {
        let input = options.open(source, &mut sources)?;
        if input.game != leyte_victory::GAME {
            return Err(vec![problem::in_file(
                "game",
                &input.name,
                format!("{what} Leyte positions; this is a `{}` state", input.game),
            )]);
        }
        let o = options;
        let state = input.run(|i| {
            victory_front::engines::leyte_state(i.state(&o.resolver, &o.cache, &o.rules))
        })?;
        Ok((state, input.text, input.name))
    });
    let (state, text, name) = read.map_err(|p| input_error(py, &p, &sources))?;
    let origin = Origin {
        text,
        name,
        rules: options.rules.chosen.clone(),
        confine,
        max_input_bytes: options.resolver.max_bytes(),
    };
    Ok((state, origin))
}

/// A JSON failure as the engine's error (it cannot happen: reports are plain data).
fn json_error(e: serde_json::Error) -> leyte_victory::Error {
    leyte_victory::Error::new(vec![leyte_victory::Diagnostic::new(
        leyte_victory::ErrorKind::Toml,
        e.to_string(),
    )])
}

/// The scenario refused on its map.
pub(crate) fn scorer_error(py: Python<'_>, e: leyte_victory::Error) -> PyErr {
    let problems = problem::from_diagnostics(e.into_diagnostics());
    input_error(py, &problems, &Default::default())
}

/// Position `i` refused: its problems, each named `positions[i]` (without a position: the
/// scenario on its map).
fn position_error(py: Python<'_>, i: Option<usize>, e: leyte_victory::Error) -> PyErr {
    let Some(i) = i else {
        return scorer_error(py, e);
    };
    let problems: Vec<Problem> = problem::from_diagnostics(e.into_diagnostics())
        .into_iter()
        .map(|mut p| {
            p.file = Some(format!("positions[{i}]"));
            p
        })
        .collect();
    input_error(py, &problems, &Default::default())
}

impl Scorer {
    /// `positions` (the argument of `func`) as the engine's positions.
    fn positions(&self, positions: &Bound<'_, PyAny>, func: &str) -> PyResult<Vec<Position>> {
        let list = positions.cast::<PyList>().map_err(|_| {
            PyTypeError::new_err(format!(
                "Scorer.{func}(): `positions` must be a list of positions (dicts), not {}",
                type_name(positions)
            ))
        })?;
        let mut all = Vec::with_capacity(list.len());
        for (i, p) in list.iter().enumerate() {
            let at = format!("Scorer.{func}(): positions[{i}]");
            let builder = self.builder(&p, &at)?;
            all.push(
                builder
                    .build()
                    .map_err(|e| position_error(p.py(), Some(i), e))?,
            );
        }
        Ok(all)
    }

    /// One position's units given to a builder; `at` names it in errors.
    fn builder(&self, p: &Bound<'_, PyAny>, at: &str) -> PyResult<PositionBuilder<'_>> {
        let dict = p.cast::<PyDict>().map_err(|_| {
            PyTypeError::new_err(format!("{at} must be a dict, not {}", type_name(p)))
        })?;
        for key in dict.keys() {
            let key: String = key.extract()?;
            if !TABLES.iter().any(|(t, _)| *t == key) {
                return Err(PyValueError::new_err(format!(
                    "{at}: unknown key `{}` (a position has `units`, `eliminated` and `exited`)",
                    wargame_kit::terminal::one_line(&key)
                )));
            }
        }
        let mut builder = PositionBuilder::new(&self.map);
        for (table, kind) in TABLES {
            let Some(units) = dict.get_item(table)? else {
                continue;
            };
            let units = units.cast::<PyList>().map_err(|_| {
                PyTypeError::new_err(format!("{at}[{table:?}] must be a list of units"))
            })?;
            for (j, unit) in units.iter().enumerate() {
                builder = add_unit(builder, &unit, kind, &format!("{at}[{table:?}][{j}]"))?;
            }
        }
        Ok(builder)
    }
}

/// One unit `dict` added to `builder`; `at` names it in errors.
fn add_unit<'m>(
    builder: PositionBuilder<'m>,
    unit: &Bound<'_, PyAny>,
    kind: Kind,
    at: &str,
) -> PyResult<PositionBuilder<'m>> {
    let dict = unit.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!("{at} must be a dict, not {}", type_name(unit)))
    })?;
    let text = |key: &str| -> PyResult<Option<String>> {
        dict.get_item(key)?
            .map(|v| v.extract::<String>())
            .transpose()
            .map_err(|_| PyTypeError::new_err(format!("{at}[{key:?}] must be a str")))
    };
    for key in dict.keys() {
        let key: String = key.extract()?;
        if !["id", "side", "rating", "hex", "artillery", "name"].contains(&key.as_str()) {
            return Err(PyValueError::new_err(format!(
                "{at}: `{}` is not read here (a unit has id, side, rating, hex, artillery, name)",
                wargame_kit::terminal::one_line(&key)
            )));
        }
    }
    let missing = |key: &str| PyValueError::new_err(format!("{at}: missing key `{key}`"));
    let id = text("id")?.ok_or_else(|| missing("id"))?;
    let rating = text("rating")?.ok_or_else(|| missing("rating"))?;
    let side = match text("side")?.ok_or_else(|| missing("side"))?.as_str() {
        "us" => Side::Us,
        "japanese" => Side::Japanese,
        other => {
            return Err(PyValueError::new_err(format!(
                "{at}[\"side\"]: `{}` is not a side (`us` or `japanese`)",
                wargame_kit::terminal::one_line(other)
            )));
        }
    };
    let artillery = match dict.get_item("artillery")? {
        Some(a) => a
            .extract::<bool>()
            .map_err(|_| PyTypeError::new_err(format!("{at}[\"artillery\"] must be a bool")))?,
        None => false,
    };
    let hex = text("hex")?;
    Ok(match (kind, hex) {
        (Kind::OnMap, Some(hex)) if artillery => builder.artillery(&id, side, &rating, &hex),
        (Kind::OnMap, Some(hex)) => builder.unit(&id, side, &rating, &hex),
        (Kind::Exited, Some(hex)) if !artillery => builder.exited(&id, side, &rating, &hex),
        (Kind::Eliminated, None) if !artillery => builder.eliminated(&id, side, &rating),
        (Kind::OnMap | Kind::Exited, None) => return Err(missing("hex")),
        (Kind::Eliminated, Some(_)) => {
            return Err(PyValueError::new_err(format!(
                "{at}: an eliminated unit has no `hex`"
            )));
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "{at}: `artillery` is read for the units on the map only"
            )));
        }
    })
}
