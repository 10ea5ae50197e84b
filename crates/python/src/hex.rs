//! `HexMap`: a map of the hex crate ([`hexmap::HexMap`]) from its TOML text, with its labels,
//! terrain, neighbours and hexside features as plain Python values.

use std::collections::BTreeMap;

use hexmap::sight::{HeightTest, Reading, SightRule};
use hexmap::{
    Costs, Hex, Hexside, Layout, Leg, MapBuilder, Orientation, Position, RangeZoc, RoadChain,
    Targets, TraceRule, Unit, ZocMovement,
};
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

    /// Trace from `start` to any of the `targets` under a rule (`hexmap::search`): a leg of
    /// `points` movement points (costs as `movement_range` takes them), or with
    /// `road_chain=N` Leyte's kind of rule, N free hexes and then the road/trail net. The
    /// `units` (each `id`, `side`, `hex`) of side `enemy` block their hexes, and with
    /// `zoc_blocks` their zones of control too. The answer: `traced`, and the `path` (labels,
    /// from `start`), or for a cut, its `frontier` (each hex next to what it reaches that it
    /// cannot enter, with why, as the hex crate words it) and the hexes it `reached`.
    ///
    /// >>> import wargame_victory as wv
    /// >>> m = wv.HexMap(open("fixtures/maps/loc-corridor.toml").read())
    /// >>> m.trace("1006", ["1009"], road_chain=3)["path"]
    /// ['1006', '1007', '1008', '1009']
    #[pyo3(signature = (start, targets, *, points=None, cost=1, terrain=BTreeMap::new(), hexsides=BTreeMap::new(), road_chain=None, units=Vec::new(), enemy=None, zoc_blocks=false))]
    #[allow(clippy::too_many_arguments)]
    fn trace<'py>(
        &self,
        py: Python<'py>,
        start: &str,
        targets: Vec<String>,
        points: Option<u32>,
        cost: u32,
        terrain: BTreeMap<String, u32>,
        hexsides: BTreeMap<String, (u32, Vec<String>)>,
        road_chain: Option<u32>,
        units: Vec<BTreeMap<String, String>>,
        enemy: Option<String>,
        zoc_blocks: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let named = |arg: &str, e: &dyn std::fmt::Display| {
            PyValueError::new_err(format!("HexMap.trace(): `{arg}`: {e}"))
        };
        let from = self.hex("trace", start)?;
        let rule = match (road_chain, points) {
            (Some(free), None) => RoadChain::new(free).rule(),
            (None, Some(points)) => {
                let costs = costs(cost, &terrain, &hexsides);
                TraceRule::new([Leg::movement_points(points, costs)])
            }
            _ => {
                return Err(PyValueError::new_err(
                    "HexMap.trace(): give one of `points` and `road_chain`",
                ));
            }
        };
        let rule = rule
            .bind(&self.map)
            .map_err(|e| named("terrain` or `hexsides", &e))?;
        let mut goal = Vec::with_capacity(targets.len());
        for t in &targets {
            goal.push(self.hex("trace", t)?);
        }
        let goal = Targets::new(&self.map, goal).map_err(|e| named("targets", &e))?;
        let position = self.position("trace", &units, enemy.as_deref())?;
        let layer = position.zoc(&self.map, true);
        let placed = position.units();
        let blocked = |h: Hex| {
            let theirs = |&u: &u32| placed.get(u as usize).is_some_and(|p| p.side);
            if position.at(&self.map, h).iter().any(theirs) {
                Some("an enemy unit")
            } else if zoc_blocks && layer.controls(&self.map, h) {
                Some("an enemy zone of control")
            } else {
                None
            }
        };
        let label = |h: &Hex| self.map.label_text(*h);
        let answer = match hexmap::search(&rule, from, &goal, &blocked) {
            Ok(path) => serde_json::json!({
                "traced": true,
                "path": path.hexes.iter().map(label).collect::<Vec<_>>(),
            }),
            Err(cut) => serde_json::json!({
                "traced": false,
                "frontier": (cut.frontier.iter())
                    .map(|b| b.display(&self.map, |reason| *reason).to_string())
                    .collect::<Vec<_>>(),
                "reached": cut.reached_hexes.iter().map(label).collect::<Vec<_>>(),
            }),
        };
        crate::reading::to_python(py, &answer.to_string())
    }

    /// A map built from a layout instead of a file: `orientation` `"pointy"` or `"flat"`, the
    /// labels `rows` and `columns` (first, last) read row then column (`0101`); each hex's
    /// `terrain` (label to name, else `default_terrain`, else `clear`), hex `features` (name
    /// to labels), `roads` and `trails` (each a list of labels in order), and `hexsides`
    /// (feature name to hexside names, as the map format writes them: `"0103-0603"`,
    /// `"0404/E"`). Its text is the hex crate's canonical form of it (`text`).
    ///
    /// >>> import wargame_victory as wv
    /// >>> m = wv.HexMap.from_layout("Crossing", "pointy", (1, 3), (1, 3), roads=[["0101", "0102"]])
    /// >>> len(m), m.hexside("0101", "0102")
    /// (9, ['road'])
    #[staticmethod]
    #[pyo3(signature = (name, orientation, rows, columns, *, terrain=BTreeMap::new(), default_terrain=None, features=BTreeMap::new(), roads=Vec::new(), trails=Vec::new(), hexsides=BTreeMap::new()))]
    #[allow(clippy::too_many_arguments)]
    fn from_layout(
        name: String,
        orientation: &str,
        rows: (u16, u16),
        columns: (u16, u16),
        terrain: BTreeMap<String, String>,
        default_terrain: Option<String>,
        features: BTreeMap<String, Vec<String>>,
        roads: Vec<Vec<String>>,
        trails: Vec<Vec<String>>,
        hexsides: BTreeMap<String, Vec<String>>,
    ) -> PyResult<HexMap> {
        let orientation = match orientation {
            "pointy" => Orientation::Pointy,
            "flat" => Orientation::Flat,
            other => {
                return Err(PyValueError::new_err(format!(
                    "HexMap.from_layout(): `orientation`: `{}` is not pointy or flat",
                    wargame_kit::terminal::one_line(other)
                )));
            }
        };
        let layout = Layout::row_column(orientation, rows.0..=rows.1, columns.0..=columns.1);
        let mut b = MapBuilder::new(name, layout);
        if let Some(t) = default_terrain {
            b = b.default_terrain(t);
        }
        for (label, t) in terrain {
            b = b.terrain(label.as_str(), t);
        }
        for (feature, labels) in features {
            for label in labels {
                b = b.feature(feature.as_str(), label.as_str());
            }
        }
        for road in roads {
            b = b.road(road);
        }
        for trail in trails {
            b = b.trail(trail);
        }
        for (feature, names) in hexsides {
            b = b.hexsides(feature, names);
        }
        let refused =
            |e: &dyn std::fmt::Display| PyValueError::new_err(format!("HexMap.from_layout(): {e}"));
        let map = b.build().map_err(|e| refused(&e))?;
        let text = hexmap::canonical::canonical_toml(&map).map_err(|e| refused(&e))?;
        Ok(HexMap {
            map,
            text,
            name: None,
        })
    }

    /// The map as TOML text: the text it was read from, or the hex crate's canonical form of a
    /// map built from a layout.
    #[getter]
    fn text(&self) -> String {
        self.text.clone()
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

    /// The line of sight from hex `a` to hex `b` under a rule ([`hexmap::sight`]): what blocks
    /// is `terrain` and hex `features` (each name to its height, or `None`: blocks at any
    /// height) and the hexside features of `hexsides`; `ground` gives terrains their height,
    /// and `heights` (`"above-line"` or `"at-least-higher-end"`) turns heights on; `reading`
    /// (`"any"`, `"all"` or `"both-sides"`) says when a line along a hexside or through a
    /// vertex is blocked. The answer: `clear`, the `steps` (each the labels of the hex, the
    /// hexside's two or the vertex's three), each block's `step` (an index into `steps`) and
    /// `reason` (its line of the hex crate's `text`), and that `text`.
    ///
    /// >>> import wargame_victory as wv
    /// >>> m = wv.HexMap(open("fixtures/maps/loc-corridor.toml").read())
    /// >>> m.line_of_sight("1101", "1103", terrain={"forest": None})["clear"]
    /// False
    #[pyo3(signature = (a, b, *, terrain=BTreeMap::new(), features=BTreeMap::new(), hexsides=Vec::new(), ground=BTreeMap::new(), heights=None, reading="any"))]
    #[allow(clippy::too_many_arguments)]
    fn line_of_sight<'py>(
        &self,
        py: Python<'py>,
        a: &str,
        b: &str,
        terrain: BTreeMap<String, Option<i32>>,
        features: BTreeMap<String, Option<i32>>,
        hexsides: Vec<String>,
        ground: BTreeMap<String, i32>,
        heights: Option<&str>,
        reading: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (from, to) = (self.hex("line_of_sight", a)?, self.hex("line_of_sight", b)?);
        let named = |arg: &str, e: hexmap::UnknownName| {
            PyValueError::new_err(format!("HexMap.line_of_sight(): `{arg}`: {e}"))
        };
        let mut rule = SightRule::new(&self.map);
        for (name, height) in &terrain {
            rule = match height {
                Some(h) => rule.terrain_blocks_to(name, *h),
                None => rule.terrain_blocks(name),
            }
            .map_err(|e| named("terrain", e))?;
        }
        for (name, height) in &features {
            rule = match height {
                Some(h) => rule.feature_blocks_to(name, *h),
                None => rule.feature_blocks(name),
            }
            .map_err(|e| named("features", e))?;
        }
        for name in &hexsides {
            rule = rule
                .hexside_blocks(name)
                .map_err(|e| named("hexsides", e))?;
        }
        for (name, height) in &ground {
            rule = rule.ground(name, *height).map_err(|e| named("ground", e))?;
        }
        rule = rule.reading(match reading {
            "any" => Reading::Any,
            "all" => Reading::All,
            "both-sides" => Reading::BothSides,
            _ => return Err(named_value("reading", reading, "any, all, both-sides")),
        });
        rule = match heights {
            None => rule,
            Some("above-line") => rule.heights(HeightTest::AboveLine),
            Some("at-least-higher-end") => rule.heights(HeightTest::AtLeastHigherEnd),
            Some(other) => {
                return Err(named_value(
                    "heights",
                    other,
                    "above-line, at-least-higher-end",
                ));
            }
        };
        let sight = rule
            .check(from, to)
            .map_err(|e| PyValueError::new_err(format!("HexMap.line_of_sight(): {e}")))?;
        let labels =
            |hs: &[Hex]| -> Vec<String> { hs.iter().map(|h| self.map.label_text(*h)).collect() };
        let steps: Vec<Vec<String>> = sight.steps().iter().map(|s| labels(s.hexes())).collect();
        // The text says one line per block, in order (or that the line is clear).
        let text = sight.to_string();
        let blocks: Vec<serde_json::Value> = (sight.blocks().iter())
            .zip(text.lines())
            .map(|(b, line)| serde_json::json!({"step": b.step, "reason": line}))
            .collect();
        let answer = serde_json::json!({
            "clear": sight.is_clear(),
            "steps": steps,
            "blocks": blocks,
            "text": text,
        });
        crate::reading::to_python(py, &answer.to_string())
    }

    /// What a unit at `start` can reach with `points` movement points (`hexmap::movement_range`):
    /// each hex costs `cost`, or its terrain's cost in `terrain`; crossing a hexside feature in
    /// `hexsides` costs more (`{"river": (2, ["road"])}`: 2 more, unless a road crosses it
    /// too). The `units` (each `id`, `side`, `hex`) of side `enemy` cannot be entered and
    /// exert zones of control: entering one stops the unit (`zoc_stops`) and costs
    /// `zoc_enter_cost` more; leaving one costs `zoc_leave_cost` more. The answer: `hexes`,
    /// each reached hex's `hex`, `cost`, `steps` and the hex it came `from` (label order,
    /// the start first with cost 0); `frontier`, each hex next to them it cannot enter with
    /// why, as the hex crate words it.
    ///
    /// >>> import wargame_victory as wv
    /// >>> m = wv.HexMap(open("fixtures/maps/loc-corridor.toml").read())
    /// >>> [r["hex"] for r in m.movement_range("1001", 2)["hexes"]]
    /// ['1001', '1002', '1003', '1101', '1102', '1103']
    #[pyo3(signature = (start, points, *, cost=1, terrain=BTreeMap::new(), hexsides=BTreeMap::new(), units=Vec::new(), enemy=None, zoc_stops=true, zoc_enter_cost=0, zoc_leave_cost=0))]
    #[allow(clippy::too_many_arguments)]
    fn movement_range<'py>(
        &self,
        py: Python<'py>,
        start: &str,
        points: u32,
        cost: u32,
        terrain: BTreeMap<String, u32>,
        hexsides: BTreeMap<String, (u32, Vec<String>)>,
        units: Vec<BTreeMap<String, String>>,
        enemy: Option<String>,
        zoc_stops: bool,
        zoc_enter_cost: u32,
        zoc_leave_cost: u32,
    ) -> PyResult<Bound<'py, PyAny>> {
        let named = |arg: &str, e: &dyn std::fmt::Display| {
            PyValueError::new_err(format!("HexMap.movement_range(): `{arg}`: {e}"))
        };
        let from = self.hex("movement_range", start)?;
        let costs = costs(cost, &terrain, &hexsides);
        let rule = TraceRule::new([Leg::movement_points(points, costs)])
            .bind(&self.map)
            .map_err(|e| named("terrain` or `hexsides", &e))?;
        // Each unit's side as whether it is the enemy's.
        let position = self.position("movement_range", &units, enemy.as_deref())?;
        let layer = position.zoc(&self.map, true);
        let placed = position.units();
        let enemy_unit = |h: Hex| {
            let theirs = |&u: &u32| placed.get(u as usize).is_some_and(|p| p.side);
            position
                .at(&self.map, h)
                .iter()
                .any(theirs)
                .then_some("an enemy unit")
        };
        let movement = ZocMovement::new()
            .with_stops(zoc_stops)
            .with_enter_cost(zoc_enter_cost)
            .with_leave_cost(zoc_leave_cost);
        let zoc = RangeZoc::new(&layer, movement);
        let range = hexmap::movement_range(&rule, from, &enemy_unit, &zoc)
            .map_err(|e| named("start", &e))?;
        let label = |h: Hex| self.map.label_text(h);
        let hexes: Vec<serde_json::Value> = (range.hexes.iter())
            .map(|r| {
                serde_json::json!({"hex": label(r.hex), "cost": r.cost, "steps": r.steps, "from": r.from.map(label)})
            })
            .collect();
        let frontier: Vec<String> = (range.frontier.iter())
            .map(|b| b.display(&self.map, |reason| *reason).to_string())
            .collect();
        let answer = serde_json::json!({"hexes": hexes, "frontier": frontier});
        crate::reading::to_python(py, &answer.to_string())
    }
}

/// The costs of a leg of movement points: `cost` a hex, or its terrain's in `terrain`; a
/// hexside feature's extra cost in `hexsides`, waived where the features named cross it too.
fn costs(
    cost: u32,
    terrain: &BTreeMap<String, u32>,
    hexsides: &BTreeMap<String, (u32, Vec<String>)>,
) -> Costs {
    let mut costs = Costs::new(cost);
    for (name, c) in terrain {
        costs = costs.terrain(name.as_str(), *c);
    }
    for (name, (extra, waived)) in hexsides {
        let waived: Vec<&str> = waived.iter().map(String::as_str).collect();
        costs = costs.hexside(name.as_str(), *extra, &waived);
    }
    costs
}

/// A `ValueError`: `value` is not one of `known` for the argument `arg` of `line_of_sight`.
fn named_value(arg: &str, value: &str, known: &str) -> PyErr {
    PyValueError::new_err(format!(
        "HexMap.line_of_sight(): `{arg}`: `{}` is not one of {known}",
        wargame_kit::terminal::one_line(value)
    ))
}

impl HexMap {
    /// The units given to `movement_range` (each `id`, `side`, `hex`) as a position.
    /// Each unit's side is whether it is `enemy`'s.
    fn position(
        &self,
        method: &str,
        units: &[BTreeMap<String, String>],
        enemy: Option<&str>,
    ) -> PyResult<Position<bool>> {
        let mut placed = Vec::with_capacity(units.len());
        for (i, u) in units.iter().enumerate() {
            let field = |key: &str| {
                u.get(key).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "HexMap.{method}(): `units[{i}]`: missing key `{key}`"
                    ))
                })
            };
            let hex = self.hex(method, field("hex")?)?;
            let theirs = enemy.is_some_and(|e| field("side").is_ok_and(|s| s == e));
            field("side")?;
            placed.push(Unit::new(field("id")?.clone(), theirs, hex));
        }
        Position::new(&self.map, placed)
            .map_err(|e| PyValueError::new_err(format!("HexMap.{method}(): `units`: {e}")))
    }

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
