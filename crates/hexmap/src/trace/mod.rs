//! Constrained path tracing for any hex wargame's supply or communication rule.
//!
//! The model, with a worked example, is the crate documentation's "The trace model"; every
//! item is re-exported at the crate root.

mod custom;
mod display;
mod free;
mod loc;
mod rule;
mod search;
mod step;
mod tracer;
mod why;

pub use custom::{Step, StepFn};
pub use free::{ByNode, FreeTable, FreeTest};
pub use loc::{Bounds, ChainBlock, ChainCut, ChainPlan, ChainReach, ChainWork, Placed};
#[cfg(feature = "oracle")]
pub use loc::{LocOracle, OracleError};
pub use rule::{
    Budget, ChainReading, Costs, Leg, MAX_BUDGET, RoadChain, RuleError, StepRule, TargetRule,
    TraceRule,
};
pub use search::{Blocked, Cut, Obstacle, Refusal, search};
pub use step::BoundRule;
pub use tracer::{TraceScratch, Tracer};

use crate::coord::Hex;
use crate::map::HexMap;

/// A set of target hexes (sources of supply, beaches, map edges).
///
/// ```
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "x"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [1, 1]
/// # columns = [1, 3]
/// # shifted = "even"
/// # rows_grow = "south"
/// # columns_grow = "east"
/// # "#, None).unwrap();
/// use hexmap::Targets;
/// let city = map.parse("0103").unwrap();
/// let targets = Targets::new(&map, [city]);
/// assert!(targets.contains(&map, city));
/// assert_eq!(targets.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Targets {
    nodes: Vec<bool>,
    list: Vec<usize>,
}

impl Targets {
    /// The on-map hexes among `hexes` (others are ignored).
    pub fn new(map: &HexMap, hexes: impl IntoIterator<Item = Hex>) -> Self {
        let mut nodes = vec![false; map.len()];
        for h in hexes {
            if let Some(n) = map.node(h) {
                nodes[n.index()] = true;
            }
        }
        let list = (0..nodes.len()).filter(|&n| nodes[n]).collect();
        Targets { nodes, list }
    }

    /// Whether the hex is a target.
    pub fn contains(&self, map: &HexMap, hex: Hex) -> bool {
        map.node(hex).is_some_and(|n| self.node(n.index()))
    }

    /// How many target hexes there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub(crate) fn node(&self, n: usize) -> bool {
        self.nodes.get(n).copied().unwrap_or(false)
    }

    pub(crate) fn iter_nodes(&self) -> impl Iterator<Item = usize> + '_ {
        self.list.iter().copied()
    }
}

/// A traced path `h0..hn`, start first, target last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Path {
    /// The hexes, start first.
    pub hexes: Vec<Hex>,
    /// What each leg spent, in leg order (hexes, or movement points; 0 for an unlimited leg
    /// or one skipped), when [`search`] found the path; empty otherwise.
    pub spent: Vec<u32>,
}

impl Path {
    /// A path through these hexes, start first (to verify with [`check_path`]).
    pub fn new(hexes: Vec<Hex>) -> Path {
        Path {
            hexes,
            spent: Vec::new(),
        }
    }
}

/// Check that a path obeys a rule; `Err` says which step breaks it. For tests, and for
/// verifying paths produced elsewhere (a player's claimed supply line).
///
/// ```
/// use hexmap::HexMap;
/// use hexmap::{Path, RoadChain, Targets, check_path};
/// # let map = HexMap::from_toml_str(r#"
/// # name = "x"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let hexes = |ls: &[&str]| ls.iter().map(|l| map.parse(l).unwrap()).collect::<Vec<_>>();
/// let rule = RoadChain::new(3).rule().bind(&map).unwrap();
/// let targets = Targets::new(&map, hexes(&["1009"]));
/// let free = |_h| None::<()>;
/// let good = Path::new(hexes(&["1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]));
/// assert!(check_path(&rule, &good, &targets, &free).is_ok());
/// let bad = Path::new(hexes(&["1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]));
/// assert!(check_path(&rule, &bad, &targets, &free).is_err());
/// ```
pub fn check_path<R>(
    rule: &BoundRule<'_>,
    path: &Path,
    targets: &Targets,
    free: &impl FreeTest<R>,
) -> Result<(), String> {
    let map = rule.map;
    let h = &path.hexes;
    let Some(&last) = h.last() else {
        return Err("empty path".into());
    };
    let label = |x: Hex| map.label_text(x);
    if !targets.contains(map, last) {
        return Err(format!("ends at {}, not a target", label(last)));
    }
    let Some(s) = map.node(h[0]).map(|n| n.index()) else {
        return Err("starts off the map".into());
    };
    if h.len() == 1 {
        return Ok(());
    }
    let mut states = PrefixStates::start(rule);
    let mut prev = s;
    for i in 1..h.len() {
        let Some(v) = map.node(h[i]).map(|n| n.index()) else {
            return Err(format!("h{i} is off the map"));
        };
        let side = map
            .hexside(h[i - 1], h[i])
            .ok_or_else(|| format!("step {i} does not cross a shared hexside"))?;
        if side.impassable {
            return Err(format!("step {i} crosses an impassable hexside"));
        }
        if free.blocked(map, v).is_some() {
            return Err(format!("h{i} = {} is not free", label(h[i])));
        }
        states.close();
        let last_step = i == h.len() - 1;
        if last_step && rule.target.exempts_last_step() && states.may_step_into_target() {
            return Ok(());
        }
        states = states.step(prev, v, side).map_err(|why| {
            format!(
                "step {i} into h{i} = {} is not allowed: {}",
                label(h[i]),
                why.unwrap_or_else(|| "no leg may take it".into())
            )
        })?;
        prev = v;
    }
    states.close();
    if states.can_end() {
        Ok(())
    } else {
        Err("the path ends before a leg that may not be skipped".into())
    }
}

/// The states a prefix of a path can be in, for [`check_path`]: per (leg, started), the least
/// spent.
struct PrefixStates<'r, 'm> {
    rule: &'r BoundRule<'m>,
    states: Vec<Option<u32>>,
}

impl<'r, 'm> PrefixStates<'r, 'm> {
    /// Before the first step: leg 0, not started, nothing spent.
    fn start(rule: &'r BoundRule<'m>) -> Self {
        let mut states = vec![None; rule.legs.len() * 2];
        states[Self::idx(0, false)] = Some(0);
        PrefixStates { rule, states }
    }

    fn idx(leg: usize, started: bool) -> usize {
        leg * 2 + usize::from(started)
    }

    /// Whether leg `leg` may be left here: it has taken a step, or may be skipped.
    fn may_leave(&self, leg: usize) -> bool {
        self.states[Self::idx(leg, true)].is_some()
            || (self.rule.legs[leg].skippable && self.states[Self::idx(leg, false)].is_some())
    }

    /// Move on to the next leg, without a step, wherever a leg may be left.
    fn close(&mut self) {
        for leg in 0..self.rule.legs.len().saturating_sub(1) {
            if self.may_leave(leg) {
                self.states[Self::idx(leg + 1, false)] = Some(0);
            }
        }
    }

    /// Whether the path may end here.
    fn can_end(&self) -> bool {
        (0..self.rule.legs.len())
            .any(|leg| self.may_leave(leg) && self.rule.rest_skippable(leg + 1))
    }

    /// Whether the exempt last step may leave here: wherever the path may end, or, when it
    /// must leave a hex the last leg entered, where that leg has taken a step.
    fn may_step_into_target(&self) -> bool {
        if self.rule.target.exempt_from_last_leg() {
            let last = self.rule.legs.len().saturating_sub(1);
            self.states
                .get(Self::idx(last, true))
                .is_some_and(Option::is_some)
        } else {
            self.can_end()
        }
    }

    /// The states after the step `prev -> v` across `side`; when no state may take it, the
    /// last refusal in words (`None`: there was none).
    fn step(&self, prev: usize, v: usize, side: crate::Hexside) -> Result<Self, Option<String>> {
        let (rule, map) = (self.rule, self.rule.map);
        let mut next: Vec<Option<u32>> = vec![None; rule.legs.len() * 2];
        let mut why = None;
        for (leg, l) in rule.legs.iter().enumerate() {
            for started in [false, true] {
                let Some(used) = self.states[Self::idx(leg, started)] else {
                    continue;
                };
                match l.step_rule(started).check(map, prev, v, side, leg) {
                    Err(w) => why = Some(search::refusal(rule, w).to_string()),
                    Ok(()) => {
                        let nu = used.saturating_add(l.budget.cost(map, v, side));
                        if l.budget.limit().is_some_and(|lim| nu > lim) {
                            why = Some(format!("leg {} has spent its budget", leg + 1));
                            continue;
                        }
                        let slot = &mut next[Self::idx(leg, true)];
                        if slot.is_none_or(|u| nu < u) {
                            *slot = Some(nu);
                        }
                    }
                }
            }
        }
        if next.iter().all(Option::is_none) {
            return Err(why);
        }
        Ok(PrefixStates { rule, states: next })
    }
}
