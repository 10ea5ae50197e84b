//! What every rule reads: a position checked against its scenario and map, with its units
//! placed on the map for zones of control and tracing.
#![deny(clippy::too_many_lines)]

use hexmap::{Hex, HexMap};

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::model::{Position, Scenario, Unit};
use crate::unit::Side;

/// A checked position on its map, with its scenario.
pub(crate) struct Board<'a> {
    /// The map.
    pub(crate) map: &'a HexMap,
    /// The scenario's victory conditions.
    pub(crate) scenario: &'a Scenario,
    /// The position.
    pub(crate) position: &'a Position,
    /// The units on the map, indexed as `position.units`.
    pub(crate) placed: hexmap::Position<Side>,
}

impl<'a> Board<'a> {
    /// Check the scenario and the position against the map (every problem is reported) and
    /// place the units.
    pub(crate) fn new(
        map: &'a HexMap,
        scenario: &'a Scenario,
        position: &'a Position,
    ) -> Result<Board<'a>, Error> {
        let mut problems = scenario.check(map);
        problems.extend(position.check(map));
        if !problems.is_empty() {
            return Err(Error::new(problems));
        }
        let placed = position.on_map(map).map_err(|errs| {
            Error::new(
                errs.into_iter()
                    .map(|e| Diagnostic::new(ErrorKind::Hex, e.to_string()))
                    .collect(),
            )
        })?;
        Ok(Board {
            map,
            scenario,
            position,
            placed,
        })
    }

    /// The printed label of a hex.
    pub(crate) fn label(&self, hex: Hex) -> String {
        self.map.label_text(hex)
    }

    /// Unit `i` of the position's units on the map.
    pub(crate) fn unit(&self, i: usize) -> &'a Unit {
        &self.position.units[i]
    }

    /// The indices of the units on a hex.
    pub(crate) fn units_at(&self, hex: Hex) -> impl Iterator<Item = usize> + '_ {
        self.placed.at(self.map, hex).iter().map(|&i| i as usize)
    }

    /// The indices of the units of `side` on the map, in position order.
    pub(crate) fn units_of(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.position.units.len()).filter(move |&i| self.position.units[i].side == side)
    }
}
