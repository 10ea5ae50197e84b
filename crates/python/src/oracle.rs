//! `Oracle`: a bot's inner loop. The hex crate's incremental Line of Communications oracle built
//! from a Leyte state as the scorer reads it ([`leyte_victory::shared_oracle`]): move units,
//! ask who traces, in microseconds a question.

use std::path::PathBuf;
use std::sync::Arc;

use leyte_victory::Side;
use leyte_victory::hexmap::{Hex, LocOracle};
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use wargame_kit::limits::DEFAULT_MAX_BYTES;
use wargame_kit::terminal::one_line;

use crate::many::{Origin, read_leyte, scorer_error};
use crate::reading::{Options, Source};

/// The Lines of Communications of one side of a Leyte state, kept up to date as units move.
///
/// Built from a state (a path or a `dict`, as `score` takes it) for `side` (`"us"`, or
/// `"japanese"` where the scenario makes them trace): `traced()` answers every unit of that
/// side as `score`'s report would for the position as it now stands, after any `move`.
///
/// >>> import wargame_victory as wv
/// >>> o = wv.Oracle("fixtures/leyte/objective-two-hexes-one-unit-traces.toml")
/// >>> o.traced()
/// {'US-1': False, 'US-2': True}
/// >>> o.move("US-1", "1109")
/// ['US-1']
/// >>> o.traces("US-1")
/// True
#[pyclass(module = "wargame_victory")]
pub(crate) struct Oracle {
    oracle: LocOracle<'static, Side>,
    side: Side,
    /// The state it was read from, to be read again when unpickled (and the units moved).
    origin: Origin,
}

#[pymethods]
impl Oracle {
    /// The oracle of `side` on the Leyte state `state`, its units placed as the state places
    /// them. `rules=`, `confine=` and `max_input_bytes=` as for `score`.
    #[new]
    #[pyo3(signature = (state, *, side="us", rules=None, confine=None, max_input_bytes=DEFAULT_MAX_BYTES))]
    fn new(
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        side: &str,
        rules: Option<&Bound<'_, PyAny>>,
        confine: Option<PathBuf>,
        max_input_bytes: u64,
    ) -> PyResult<Oracle> {
        let source = Source::of(state, "Oracle", "state")?;
        let options = Options::new("Oracle", rules, confine.clone(), max_input_bytes)?;
        build(py, source, &options, confine, side)
    }

    /// Whether each unit of the oracle's side traces, by id, in the state's order.
    fn traced<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for i in 0..self.oracle.len() {
            if let Some(unit) = self.oracle.unit(i).filter(|u| u.side == self.side) {
                out.set_item(&unit.id, self.oracle.traced(i))?;
            }
        }
        Ok(out)
    }

    /// Whether the unit `unit` (an id of the oracle's side) traces.
    fn traces(&self, unit: &str) -> PyResult<bool> {
        let i = self.index(unit, "traces")?;
        if self.oracle.unit(i).is_some_and(|u| u.side != self.side) {
            return Err(PyValueError::new_err(format!(
                "Oracle.traces(): `unit` `{}` is not a unit of the side the oracle answers",
                one_line(unit)
            )));
        }
        Ok(self.oracle.traced(i))
    }

    /// Move the unit `unit` (an id of either side) to the hex labelled `hex`, and return the
    /// ids of the units of the oracle's side whose answer changed.
    #[pyo3(name = "move")]
    fn move_unit(&mut self, unit: &str, hex: &str) -> PyResult<Vec<String>> {
        let i = self.index(unit, "move")?;
        let to = self.hex(hex)?;
        (self.oracle.move_unit(i, to)).map_err(|e| {
            PyValueError::new_err(format!("Oracle.move(): {}", one_line(&e.to_string())))
        })?;
        let changed = self.oracle.changed().iter();
        Ok(changed
            .filter_map(|&j| self.oracle.unit(j).map(|u| u.id.clone()))
            .collect())
    }

    /// The hex of the unit `unit`, as its label.
    fn where_is(&self, unit: &str) -> PyResult<String> {
        let i = self.index(unit, "where_is")?;
        let map = self.oracle.map();
        Ok(self
            .oracle
            .unit(i)
            .map(|u| map.label_text(u.hex))
            .unwrap_or_default())
    }

    /// Pickling: the state read again from its text, then each unit moved where it now is.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let map = self.oracle.map();
        let placed: Vec<(String, String)> = (0..self.oracle.len())
            .filter_map(|i| self.oracle.unit(i))
            .map(|u| (u.id.clone(), map.label_text(u.hex)))
            .collect();
        let side = side_name(self.side);
        let again = py
            .import("wargame_victory._native")?
            .getattr("_oracle_from_text")?;
        let args = (self.origin.args(py)?, side, placed);
        (again, args).into_pyobject(py).map(Bound::into_any)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Oracle of the {} on {}>",
            self.side,
            one_line(self.oracle.map().name())
        )
    }
}

impl Oracle {
    /// The index of the unit `unit`; `func` names the method in errors.
    fn index(&self, unit: &str, func: &str) -> PyResult<usize> {
        self.oracle.find(unit).ok_or_else(|| {
            PyKeyError::new_err(format!(
                "Oracle.{func}(): `unit`: no unit `{}` in the state",
                one_line(unit)
            ))
        })
    }

    /// The hex labelled `label` on the oracle's map.
    fn hex(&self, label: &str) -> PyResult<Hex> {
        self.oracle.map().parse(label).map_err(|e| {
            PyValueError::new_err(format!(
                "Oracle.move(): `hex`: {}",
                one_line(&e.to_string())
            ))
        })
    }
}

/// An `Oracle` from a state's text and options (as `Scorer`'s pickling), `side`, and each
/// unit's hex: how a pickled one is made again.
#[pyfunction]
pub(crate) fn _oracle_from_text(
    py: Python<'_>,
    origin: (String, String, Bound<'_, PyAny>, Option<PathBuf>, u64),
    side: &str,
    placed: Vec<(String, String)>,
) -> PyResult<Oracle> {
    let (text, name, rules, confine, max_input_bytes) = origin;
    let options = Options::new("Oracle", Some(&rules), confine.clone(), max_input_bytes)?;
    let mut oracle = build(py, Source::Text { name, text }, &options, confine, side)?;
    for (unit, hex) in placed {
        oracle.move_unit(&unit, &hex)?;
    }
    Ok(oracle)
}

/// The oracle of `side` on the Leyte state `source`.
fn build(
    py: Python<'_>,
    source: Source,
    options: &Options,
    confine: Option<PathBuf>,
    side: &str,
) -> PyResult<Oracle> {
    let side = match side {
        "us" => Side::Us,
        "japanese" => Side::Japanese,
        other => {
            return Err(PyValueError::new_err(format!(
                "Oracle(): `side` `{}` is not a side (`us` or `japanese`)",
                one_line(other)
            )));
        }
    };
    let (state, origin) = read_leyte(py, source, options, confine, "an Oracle traces")?;
    let (map, scenario, position) = state.into_parts();
    let oracle = leyte_victory::shared_oracle(Arc::new(map), &scenario, &position, side)
        .map_err(|e| scorer_error(py, e))?;
    Ok(Oracle {
        oracle,
        side,
        origin,
    })
}

/// A side as `Oracle(side=...)` names it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Us => "us",
        Side::Japanese => "japanese",
    }
}
