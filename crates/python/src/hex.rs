//! `HexMap`: a map of the hex crate ([`hexmap::HexMap`]) from its TOML text, with its labels,
//! terrain, neighbours and hexside features as plain Python values.

use hexmap::{Hex, Hexside};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use victory_engine::problem;

use crate::reading::input_error;

/// A hex map from its TOML text (docs/fixture-format.md's map format), named `name` in
/// messages; a map the hex crate refuses raises `InputError` with every problem.
///
/// >>> import wargame_victory as wv
/// >>> m = wv.HexMap(open("fixtures/maps/loc-corridor.toml").read(), "loc-corridor.toml")
/// >>> m.neighbours("1008")[:2]
/// [('1009', ['road']), ('1007', ['road'])]
#[pyclass(frozen, module = "wargame_victory")]
pub(crate) struct HexMap {
    map: hexmap::HexMap,
    /// What pickling keeps: the text and the name.
    text: String,
    name: Option<String>,
}

#[pymethods]
impl HexMap {
    #[new]
    #[pyo3(signature = (text, name=None))]
    fn new(py: Python<'_>, text: String, name: Option<String>) -> PyResult<HexMap> {
        let built = py.detach(|| hexmap::HexMap::from_toml_str(&text, name.as_deref()));
        let map = built.map_err(|e| {
            let problems = problem::from_diagnostics(e.into_diagnostics());
            let mut sources = victory_engine::input::Sources::new();
            if let Some(n) = &name {
                sources.insert(n.clone(), text.clone());
            }
            input_error(py, &problems, &sources)
        })?;
        Ok(HexMap { map, text, name })
    }

    /// Pickling: made again from its text and name.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let class = py.get_type::<HexMap>();
        (class, (self.text.as_str(), self.name.clone()))
            .into_pyobject(py)
            .map(Bound::into_any)
    }

    /// The map's name.
    #[getter]
    fn name(&self) -> String {
        self.map.name().to_string()
    }

    fn __len__(&self) -> usize {
        self.map.len()
    }

    fn __repr__(&self) -> String {
        format!("<HexMap {} of {} hexes>", self.map.name(), self.map.len())
    }

    /// Every hex's label, in the map's order.
    fn labels(&self) -> Vec<String> {
        let map = &self.map;
        map.hexes().iter().map(|h| map.label_text(h.hex)).collect()
    }

    /// The terrain of the hex labelled `hex`.
    fn terrain(&self, hex: &str) -> PyResult<Option<String>> {
        let h = self.hex("terrain", hex)?;
        Ok(self.map.terrain(h).map(str::to_string))
    }

    /// The on-map neighbours of the hex labelled `hex`, in direction order: each its label and
    /// the features of the hexside between them (`road`, `trail`, `blocks-zoc`, `impassable`
    /// and the map's own, such as `river`).
    fn neighbours(&self, hex: &str) -> PyResult<Vec<(String, Vec<String>)>> {
        let h = self.hex("neighbours", hex)?;
        let map = &self.map;
        Ok(map
            .neighbors(h)
            .map(|(n, side)| (map.label_text(n), self.features(side)))
            .collect())
    }

    /// The features of the hexside between two hexes (as `neighbours` names them); `None`
    /// when they are not adjacent.
    fn hexside(&self, a: &str, b: &str) -> PyResult<Option<Vec<String>>> {
        let (ha, hb) = (self.hex("hexside", a)?, self.hex("hexside", b)?);
        Ok(self.map.hexside(ha, hb).map(|side| self.features(side)))
    }
}

impl HexMap {
    /// The hex labelled `label`, or a `ValueError` naming the method's argument.
    fn hex(&self, method: &str, label: &str) -> PyResult<Hex> {
        self.map.parse(label).map_err(|e| {
            PyValueError::new_err(format!(
                "HexMap.{method}(): `{}`: {e}",
                wargame_kit::terminal::one_line(label)
            ))
        })
    }

    /// The names of a hexside's features: the built-in ones, then the map's own.
    fn features(&self, side: Hexside) -> Vec<String> {
        let built_in = [
            (side.road, "road"),
            (side.trail, "trail"),
            (side.blocks_zoc, "blocks-zoc"),
            (side.impassable, "impassable"),
        ];
        let own = self.map.hexside_feature_names().iter().enumerate();
        let own = own.filter(|(i, _)| {
            u32::try_from(*i).is_ok_and(|i| i < 32 && side.features >> i & 1 == 1)
        });
        built_in
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| (*n).to_string())
            .chain(own.map(|(_, n)| n.clone()))
            .collect()
    }
}
