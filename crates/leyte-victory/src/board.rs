//! What every rule reads: a scenario prepared on its map once (its labels, its objectives' and
//! beach bonus's hexes), and a position checked against it with its units placed by graph node.
//!
//! [`Prepared`] is built once per map and scenario (a [`crate::Scorer`] keeps one); a [`Board`]
//! is built for each position, in time proportional to its units, not to the map.

use std::sync::OnceLock;

use hexmap::petgraph::graph::NodeIndex;
use hexmap::{Hex, HexMap, ZocRule};

use crate::error::{Diagnostic, Error};
use crate::model::{ObjectiveKind, Position, Scenario, Unit};
use crate::unit::Side;

/// Zones of control (L8, ruling L-7): a unit's zone of control is the six adjacent hexes, but
/// across a hexside the map marks as blocking zones of control or impassable (map data, as
/// Leyte's terrain rules were not found); a friendly unit on a hex negates an enemy zone of
/// control there for tracing ("It may be traced through a Friendly occupied, Enemy controlled
/// hex"). The one statement of the rule: the Line of Communications plan and the evidence of
/// what blocks a hex ([`Board::controls`]) read it.
pub(crate) fn zoc_rule() -> ZocRule {
    ZocRule::new().negated_by_friendly(true)
}

/// Check a scenario and a position against a map, every problem at once with its key path: what
/// [`crate::score`] checks before it scores, and what [`crate::State::from_toml_str`] checks
/// once it has read a state into the model (the one check).
pub(crate) fn validate(
    map: &HexMap,
    scenario: &Scenario,
    position: &Position,
) -> Result<(), Error> {
    let mut problems = scenario.check(map);
    problems.extend(position_problems(map, scenario, position));
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::new(problems))
    }
}

/// Every problem of a position on its map and scenario: its own ([`Position::check`]), then
/// the counters the exit requirements name as removed ([`Scenario::check_removed`]).
fn position_problems(map: &HexMap, scenario: &Scenario, position: &Position) -> Vec<Diagnostic> {
    let mut problems = position.check(map);
    problems.extend(scenario.check_removed(position));
    problems
}

/// A scenario on its map, prepared once for any number of positions.
pub(crate) struct Prepared<'m> {
    /// The map.
    pub(crate) map: &'m HexMap,
    /// The scenario's victory conditions.
    pub(crate) scenario: &'m Scenario,
    /// The printed label of each graph node, made when first asked for (when kept: a scorer
    /// used once makes each label as it needs it).
    labels: Vec<OnceLock<String>>,
    /// Per objective (as `scenario.objectives`): the hexes with its feature, in label order,
    /// for a per-unit objective (empty for the others).
    feature_hexes: Vec<Vec<Hex>>,
    /// The beach bonus hexes (L6), area by area as the bonus lists them: the hex and the name of
    /// its area.
    pub(crate) bonus_hexes: Vec<(Hex, &'m str)>,
    /// The zone-of-control rule ([`zoc_rule`]) bound to the map once: `None` never (the rule
    /// names no hexside feature or terrain, so it binds on every map).
    zoc: Option<hexmap::BoundZoc>,
}

impl<'m> Prepared<'m> {
    /// Prepare a scenario on a map for one position (the scenario is checked by the caller):
    /// each label is made as it is needed.
    pub(crate) fn for_one(map: &'m HexMap, scenario: &'m Scenario) -> Prepared<'m> {
        Prepared::with_labels(map, scenario, Vec::new())
    }

    /// Prepare a scenario on a map for many positions (the scenario is checked by the caller):
    /// the labels made are kept.
    pub(crate) fn for_many(map: &'m HexMap, scenario: &'m Scenario) -> Prepared<'m> {
        let labels = std::iter::repeat_with(OnceLock::new)
            .take(map.len())
            .collect();
        Prepared::with_labels(map, scenario, labels)
    }

    fn with_labels(
        map: &'m HexMap,
        scenario: &'m Scenario,
        labels: Vec<OnceLock<String>>,
    ) -> Prepared<'m> {
        let feature_hexes = scenario
            .objectives
            .iter()
            .map(|o| match &o.kind {
                // A feature the map lacks is refused when the scenario is checked against the
                // map (`Objective::check`), with the names it has.
                ObjectiveKind::PerUnitNear { feature } => map
                    .hex_feature(feature)
                    .map(|f| map.hexes_with(f))
                    .unwrap_or_default(),
                ObjectiveKind::Occupy { .. } => Vec::new(),
            })
            .collect();
        let bonus_hexes = scenario
            .beach_bonus
            .areas
            .iter()
            .filter_map(|k| map.area(k))
            .flat_map(|a| a.hexes.iter().map(move |h| (*h, a.name.as_str())))
            .collect();
        Prepared {
            map,
            scenario,
            labels,
            feature_hexes,
            bonus_hexes,
            zoc: zoc_rule().bind(map).ok(),
        }
    }

    /// The hexes with the feature of objective `k` (a per-unit objective), in label order.
    pub(crate) fn feature_hexes(&self, k: usize) -> &[Hex] {
        self.feature_hexes.get(k).map_or(&[], Vec::as_slice)
    }

    /// The printed label of a graph node.
    pub(crate) fn node_label(&self, node: usize) -> String {
        let Some(info) = self.map.hexes().get(node) else {
            return String::new();
        };
        match self.labels.get(node) {
            Some(cell) => cell.get_or_init(|| self.map.label_text(info.hex)).clone(),
            None => self.map.label_text(info.hex),
        }
    }

    /// The printed label of a hex (its coordinates when it is off the map's extents).
    pub(crate) fn label(&self, hex: Hex) -> String {
        match self.map.node(hex) {
            Some(n) => self.node_label(n.index()),
            None => self.map.label_text(hex),
        }
    }
}

/// A position checked against its prepared scenario and map, its units placed by graph node.
pub(crate) struct Board<'p, 'm> {
    /// The prepared scenario.
    pub(crate) prepared: &'p Prepared<'m>,
    /// The map.
    pub(crate) map: &'m HexMap,
    /// The scenario's victory conditions.
    pub(crate) scenario: &'m Scenario,
    /// The position.
    pub(crate) position: &'p Position,
    /// The graph node of each unit on the map, indexed as `position.units`.
    nodes: Vec<u32>,
    /// `(node, unit index)` of every unit on the map, sorted.
    by_node: Vec<(u32, u32)>,
    /// Kept for the next board: the ids' order.
    ids: Vec<u32>,
}

/// A board's tables, kept to place the next position without allocating.
#[derive(Debug, Default)]
pub(crate) struct Spare {
    nodes: Vec<u32>,
    by_node: Vec<(u32, u32)>,
    ids: Vec<u32>,
}

impl<'p, 'm> Board<'p, 'm> {
    /// Check the position (every unit on the map, ids unique, no hex with both sides, the
    /// counters the exit requirements name as removed) and place its units. A position that
    /// fails is reported as [`validate`] reports it.
    pub(crate) fn new(prepared: &'p Prepared<'m>, position: &'p Position) -> Result<Self, Error> {
        Board::with(prepared, position, Spare::default())
    }

    /// [`Board::new`] in tables kept from another board ([`Board::into_spare`]).
    pub(crate) fn with(
        prepared: &'p Prepared<'m>,
        position: &'p Position,
        spare: Spare,
    ) -> Result<Self, Error> {
        let mut board = Board::place(prepared, position, spare)?;
        let by_node = &board.by_node;
        let both_sides = by_node.windows(2).any(|w| {
            let side = |i: u32| position.units[i as usize].side;
            w[0].0 == w[1].0 && side(w[0].1) != side(w[1].1)
        });
        if both_sides
            || !ids_unique(position, &mut board.ids)
            || !prepared.scenario.check_removed(position).is_empty()
        {
            let problems = position_problems(prepared.map, prepared.scenario, position);
            return Err(Error::new(problems));
        }
        Ok(board)
    }

    /// Place the units of a position that [`validate`] has passed against this scenario and
    /// map, without checking it again.
    pub(crate) fn checked(
        prepared: &'p Prepared<'m>,
        position: &'p Position,
    ) -> Result<Self, Error> {
        Board::place(prepared, position, Spare::default())
    }

    /// Place the units by graph node (a unit off the map is reported as [`Position`]'s own
    /// check reports it).
    fn place(
        prepared: &'p Prepared<'m>,
        position: &'p Position,
        spare: Spare,
    ) -> Result<Self, Error> {
        let map = prepared.map;
        let reject = || Error::new(position_problems(map, prepared.scenario, position));
        let Spare {
            mut nodes,
            mut by_node,
            ids,
        } = spare;
        nodes.clear();
        by_node.clear();
        for (i, u) in position.units.iter().enumerate() {
            let n = map.node(u.hex).ok_or_else(reject)?;
            let n = u32::try_from(n.index()).map_err(|_| reject())?;
            nodes.push(n);
            by_node.push((n, u32::try_from(i).map_err(|_| reject())?));
        }
        by_node.sort_unstable();
        Ok(Board {
            prepared,
            map,
            scenario: prepared.scenario,
            position,
            nodes,
            by_node,
            ids,
        })
    }

    /// The tables, for the next board.
    pub(crate) fn into_spare(self) -> Spare {
        Spare {
            nodes: self.nodes,
            by_node: self.by_node,
            ids: self.ids,
        }
    }

    /// The printed label of a hex.
    pub(crate) fn label(&self, hex: Hex) -> String {
        self.prepared.label(hex)
    }

    /// The printed label of the hex of unit `i` (on the map).
    pub(crate) fn unit_label(&self, i: usize) -> String {
        match self.nodes.get(i) {
            Some(&n) => self.prepared.node_label(n as usize),
            None => self.label(self.unit(i).hex),
        }
    }

    /// Unit `i` of the position's units on the map.
    pub(crate) fn unit(&self, i: usize) -> &'p Unit {
        &self.position.units[i]
    }

    /// The graph node of unit `i`.
    pub(crate) fn node(&self, i: usize) -> usize {
        self.nodes.get(i).map_or(usize::MAX, |&n| n as usize)
    }

    /// The indices of the units on a graph node, in position order.
    pub(crate) fn units_on(&self, node: usize) -> impl Iterator<Item = usize> + '_ {
        let first = self.by_node.partition_point(|&(n, _)| (n as usize) < node);
        self.by_node[first..]
            .iter()
            .take_while(move |&&(n, _)| n as usize == node)
            .map(|&(_, i)| i as usize)
    }

    /// The indices of the units on a hex, in position order.
    pub(crate) fn units_at(&self, hex: Hex) -> impl Iterator<Item = usize> + '_ {
        let node = self.map.node(hex).map_or(usize::MAX, NodeIndex::index);
        self.units_on(node)
    }

    /// The indices of the units of `side` on the map, in position order.
    pub(crate) fn units_of(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.position.units.len()).filter(move |&i| self.position.units[i].side == side)
    }

    /// Whether unit `i` (exerting a zone of control) controls graph node `node`, under
    /// [`zoc_rule`].
    pub(crate) fn controls(&self, i: usize, node: usize) -> bool {
        let hexes = self.map.hexes();
        let (Some(from), Some(to)) = (hexes.get(self.node(i)), hexes.get(node)) else {
            return false;
        };
        let zoc = self.prepared.zoc.as_ref();
        self.unit(i).zoc && zoc.is_some_and(|z| z.controls(self.map, from.hex, to.hex))
    }
}

/// Whether every unit id (on the map, eliminated and exited together) is used once (`order`:
/// scratch space).
fn ids_unique(position: &Position, order: &mut Vec<u32>) -> bool {
    let (units, eliminated) = (position.units.len(), position.eliminated.len());
    let id = |i: u32| -> &str {
        let i = i as usize;
        match (
            i.checked_sub(units),
            i.checked_sub(units.saturating_add(eliminated)),
        ) {
            (None, _) => &position.units[i].id,
            (Some(e), None) => &position.eliminated[e].id,
            (_, Some(x)) => &position.exited[x].id,
        }
    };
    let all = units
        .saturating_add(eliminated)
        .saturating_add(position.exited.len());
    let Ok(all) = u32::try_from(all) else {
        return false;
    };
    order.clear();
    order.extend(0..all);
    order.sort_unstable_by(|&a, &b| id(a).cmp(id(b)));
    order.windows(2).all(|w| id(w[0]) != id(w[1]))
}
