//! Movement range: every hex a unit can reach with its budget under a one-leg rule and the
//! enemy zones of control, each with its cost and one cheapest path.
//!
//! A least-cost search over hexes (the zone-of-control readings depend on the hex left and
//! the hex entered only, so a hex is the whole state), with tables sized by the hexes it
//! touches: the range and its frontier.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt;

use crate::coord::Hex;
use crate::free::FreeTest;
use crate::map::{Hexside, NONE};
use crate::position::ZocLayer;
use crate::trace::path::Path;
use crate::trace::refusal::{Refusal, refusal};
use crate::trace::search::{Blocked, Obstacle};
use crate::trace::step::{BoundRule, CBudget, CLeg};
use crate::trace::why::Why;

/// Moving directly from one enemy-ZOC hex into another ([`ZocMovement::zoc_to_zoc`]).
///
/// ```
/// use hexmap::{ZocMovement, ZocToZoc};
/// assert_eq!(ZocMovement::new().zoc_to_zoc, ZocToZoc::Allowed);
/// let strict = ZocMovement::new().with_zoc_to_zoc(ZocToZoc::UnlessFriendly);
/// assert_eq!(strict.zoc_to_zoc, ZocToZoc::UnlessFriendly);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ZocToZoc {
    /// Allowed (the default): only the other readings apply.
    #[default]
    Allowed,
    /// Forbidden: a step from a hex in an enemy zone of control into another such hex is
    /// refused ([`Refusal::ZocToZoc`]).
    Forbidden,
    /// Forbidden, unless the hex entered holds a friendly unit (the friendly test of
    /// [`RangeZoc::with_friendly`]; with none, no hex holds one).
    UnlessFriendly,
}

/// How enemy zones of control act on movement: the readings a [`movement_range`] applies to
/// the hexes of a [`ZocLayer`] (made by [`Position::zoc`](crate::Position::zoc) or
/// [`Position::zoc_with`](crate::Position::zoc_with) for the enemy side). Each is selectable;
/// they combine.
///
/// | reading | field | [`ZocMovement::new`] | what it does |
/// |---|---|---|---|
/// | sticky | [`stops`](ZocMovement::stops) | on | a unit that enters an enemy-ZOC hex stops there: no step leaves it ([`Refusal::ZocStops`]) |
/// | entering costs | [`enter_cost`](ZocMovement::enter_cost) | 0 | a step into an enemy-ZOC hex costs that much more |
/// | leaving costs | [`leave_cost`](ZocMovement::leave_cost) | 0 | a step out of an enemy-ZOC hex costs that much more |
/// | ZOC to ZOC | [`zoc_to_zoc`](ZocMovement::zoc_to_zoc) | allowed | a step from an enemy-ZOC hex into another is refused, or allowed only into a hex a friendly unit holds ([`ZocToZoc`]) |
///
/// The unit's start hex counts as left on the first step: a unit that starts in an enemy
/// zone of control pays the leaving cost and obeys the ZOC-to-ZOC reading there, but is not
/// stopped by it (sticky reads *entering*). The extra costs are in the leg's own unit
/// (movement points, or hexes for a leg that counts hexes) and count against its budget.
///
/// Which games read it so. SPI's glossary of wargaming terms (in its *Introduction to
/// Wargaming*, 1977) describes zones of control where units must stop upon entering an
/// enemy-controlled hex and may leave only at the beginning of a movement phase (the sticky
/// reading: a unit that starts there may leave, as here), "elastic" ones that units enter
/// and leave by paying additional movement points (the entering and leaving costs; a game may
/// price one of them only), and "open" ones with no effect on movement ([`RangeZoc::none`]).
/// Forbidding a move directly from one enemy-ZOC hex to another, but allowing it into a
/// square a friendly unit holds ([`ZocToZoc::UnlessFriendly`]), is how the Civilization
/// computer games read a zone of control; board games that forbid it differ on the
/// exception, and glossaries differ on its name ("rigid", "semi-rigid"). The default is the
/// sticky reading alone, the first of the glossary's: a game that reads otherwise says so
/// with the `with_*` setters.
///
/// ```
/// use hexmap::{ZocMovement, ZocToZoc};
/// let sticky = ZocMovement::new();
/// assert!(sticky.stops && sticky.enter_cost == 0 && sticky.leave_cost == 0);
/// // A game where a ZOC costs 2 more to enter and 1 more to leave, never ZOC to ZOC.
/// let priced = ZocMovement::new()
///     .with_stops(false)
///     .with_enter_cost(2)
///     .with_leave_cost(1)
///     .with_zoc_to_zoc(ZocToZoc::Forbidden);
/// assert!(!priced.stops);
/// assert_eq!(ZocMovement::default(), sticky);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ZocMovement {
    /// Sticky: a unit that enters an enemy-ZOC hex stops there.
    pub stops: bool,
    /// What a step into an enemy-ZOC hex costs more.
    pub enter_cost: u32,
    /// What a step out of an enemy-ZOC hex (the start hex included) costs more.
    pub leave_cost: u32,
    /// Whether a step may go from one enemy-ZOC hex directly into another.
    pub zoc_to_zoc: ZocToZoc,
}

impl ZocMovement {
    /// The default reading: sticky, no extra cost, ZOC to ZOC allowed.
    pub fn new() -> ZocMovement {
        ZocMovement {
            stops: true,
            enter_cost: 0,
            leave_cost: 0,
            zoc_to_zoc: ZocToZoc::Allowed,
        }
    }

    /// Whether a unit entering an enemy-ZOC hex stops there.
    pub fn with_stops(mut self, stops: bool) -> ZocMovement {
        self.stops = stops;
        self
    }

    /// What a step into an enemy-ZOC hex costs more.
    pub fn with_enter_cost(mut self, extra: u32) -> ZocMovement {
        self.enter_cost = extra;
        self
    }

    /// What a step out of an enemy-ZOC hex costs more.
    pub fn with_leave_cost(mut self, extra: u32) -> ZocMovement {
        self.leave_cost = extra;
        self
    }

    /// Whether a step may go from one enemy-ZOC hex directly into another.
    pub fn with_zoc_to_zoc(mut self, reading: ZocToZoc) -> ZocMovement {
        self.zoc_to_zoc = reading;
        self
    }
}

impl Default for ZocMovement {
    /// [`ZocMovement::new`].
    fn default() -> Self {
        ZocMovement::new()
    }
}

/// The enemy zones of control a [`movement_range`] reads: the hexes (a [`ZocLayer`] of the
/// enemy side, made on the same map), how they act ([`ZocMovement`]) and which hexes hold a
/// friendly unit (for [`ZocToZoc::UnlessFriendly`]). [`RangeZoc::none`] for no zone of
/// control.
///
/// ```
/// use hexmap::{Layout, MapBuilder, Orientation, Position, RangeZoc, Unit, ZocMovement, ZocToZoc};
/// let map = MapBuilder::new("row", Layout::row_column(Orientation::Pointy, 1..=1, 1..=5)).build()?;
/// let hex = |l: &str| map.parse(l).unwrap();
/// let position = Position::new(&map, vec![
///     Unit::new("F", "friend", hex("0101")),
///     Unit::new("E", "enemy", hex("0105")),
/// ])?;
/// let enemy = position.zoc(&map, "enemy");
/// let friendly = |h| position.occupied_by(&map, h, "friend");
/// let zoc = RangeZoc::new(&enemy, ZocMovement::new().with_zoc_to_zoc(ZocToZoc::UnlessFriendly))
///     .with_friendly(&friendly);
/// assert_eq!(zoc.movement().zoc_to_zoc, ZocToZoc::UnlessFriendly);
/// # let _ = RangeZoc::none();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct RangeZoc<'a> {
    layer: Option<&'a ZocLayer>,
    movement: ZocMovement,
    friendly: Option<&'a dyn Fn(Hex) -> bool>,
}

impl fmt::Debug for RangeZoc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RangeZoc")
            .field("layer", &self.layer.is_some())
            .field("movement", &self.movement)
            .field("friendly", &self.friendly.is_some())
            .finish()
    }
}

impl<'a> RangeZoc<'a> {
    /// No enemy zone of control.
    pub fn none() -> RangeZoc<'a> {
        RangeZoc {
            layer: None,
            movement: ZocMovement::new(),
            friendly: None,
        }
    }

    /// The enemy zone of control `layer`, read as `movement` says; no hex holds a friendly
    /// unit until [`RangeZoc::with_friendly`] says which do.
    pub fn new(layer: &'a ZocLayer, movement: ZocMovement) -> RangeZoc<'a> {
        RangeZoc {
            layer: Some(layer),
            movement,
            friendly: None,
        }
    }

    /// Which hexes hold a friendly unit (read by [`ZocToZoc::UnlessFriendly`] only).
    pub fn with_friendly(mut self, friendly: &'a dyn Fn(Hex) -> bool) -> RangeZoc<'a> {
        self.friendly = Some(friendly);
        self
    }

    /// The readings.
    pub fn movement(&self) -> ZocMovement {
        self.movement
    }

    /// Whether node `n` is in the enemy zone of control.
    fn controls(&self, n: usize) -> bool {
        self.layer.is_some_and(|l| l.controls_node(n))
    }
}

/// A hex of a [`MoveRange`]: what it costs to reach and where its cheapest path comes from.
///
/// ```
/// use hexmap::{Costs, Leg, RangeZoc, TraceRule, movement_range};
/// # use hexmap::{Layout, MapBuilder, Orientation};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build().unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// let rule = TraceRule::new([Leg::movement_points(4, Costs::new(1))]).bind(&map).unwrap();
/// let range = movement_range(&rule, hex("0101"), &|_h| None::<()>, &RangeZoc::none()).unwrap();
/// let far = range.get(hex("0103")).unwrap();
/// assert_eq!((far.cost, far.steps, far.from), (2, 2, Some(hex("0102"))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reached {
    /// The hex.
    pub hex: Hex,
    /// The least the leg spends to reach it (movement points, or hexes for a leg that counts
    /// hexes or has no limit), enemy-ZOC costs included.
    pub cost: u32,
    /// The hexes entered on its cheapest path (the fewest of the cheapest paths).
    pub steps: u32,
    /// The hex before it on that path; `None` for the start.
    pub from: Option<Hex>,
}

/// What a unit can reach ([`movement_range`]): every hex with its cost and one cheapest path,
/// and the hexes next to them it cannot enter, with why.
///
/// ```
/// use hexmap::{Costs, Leg, RangeZoc, TraceRule, movement_range};
/// # use hexmap::{Layout, MapBuilder, Orientation};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4))
/// #     .terrain("0103", "forest").build().unwrap();
/// let hex = |l: &str| map.parse(l).unwrap();
/// let rule = TraceRule::new([Leg::movement_points(3, Costs::new(1).terrain("forest", 2))])
///     .bind(&map)
///     .unwrap();
/// let range = movement_range(&rule, hex("0101"), &|_h| None::<()>, &RangeZoc::none()).unwrap();
/// assert_eq!(range.len(), 3); // 0101, 0102, 0103 (1 + 2); 0104 would need 4
/// assert_eq!(range.cost(hex("0103")), Some(3));
/// let path = range.path(hex("0103")).unwrap();
/// assert_eq!(path.hexes, [hex("0101"), hex("0102"), hex("0103")]);
/// assert_eq!(path.spent, [3]);
/// assert_eq!(range.frontier[0].hex, hex("0104"));
/// assert!(!range.contains(hex("0104")) && !range.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveRange<R> {
    /// Every hex reached, the start included (cost 0), in label order.
    pub hexes: Vec<Reached>,
    /// The hexes next to a reached hex that no step enters, in label order, each with why
    /// ([`Obstacle::NotFree`], the free test's reason; or [`Obstacle::Refused`] with the
    /// strongest refusal: the rule's, then [`Refusal::ZocToZoc`], then [`Refusal::ZocStops`],
    /// then [`Refusal::OutOfBudget`], whose `needed` is the least of the steps tried).
    /// A hex across an impassable hexside is not tried, so not listed.
    pub frontier: Vec<Blocked<R>>,
    /// Hex -> index into `hexes`.
    index: HashMap<Hex, usize>,
}

impl<R> MoveRange<R> {
    /// The hex, if reached.
    pub fn get(&self, hex: Hex) -> Option<&Reached> {
        self.index.get(&hex).and_then(|&i| self.hexes.get(i))
    }

    /// Whether the hex is reached.
    pub fn contains(&self, hex: Hex) -> bool {
        self.index.contains_key(&hex)
    }

    /// What reaching the hex costs, if reached.
    pub fn cost(&self, hex: Hex) -> Option<u32> {
        self.get(hex).map(|r| r.cost)
    }

    /// How many hexes are reached, the start included.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether no hex is reached (never, for a range that [`movement_range`] returned: the
    /// start is in it).
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// The cheapest path to the hex, start first, with its cost as the leg's spending
    /// ([`Path::spent`], one entry); `None` when the hex is not reached.
    pub fn path(&self, hex: Hex) -> Option<Path> {
        let last = self.get(hex)?;
        let mut rev = vec![last.hex];
        let mut cur = last;
        // Each hex once: the bound guards against a table that is not a tree.
        for _ in 0..self.hexes.len() {
            let Some(from) = cur.from else {
                rev.reverse();
                return Some(Path {
                    hexes: rev,
                    spent: vec![last.cost],
                });
            };
            rev.push(from);
            cur = self.get(from)?;
        }
        None
    }
}

/// Why a [`movement_range`] cannot be computed.
///
/// ```
/// use hexmap::{Hex, Leg, RangeError, RangeZoc, TraceRule, movement_range};
/// # use hexmap::{Layout, MapBuilder, Orientation};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=3)).build().unwrap();
/// let two = TraceRule::new([Leg::hexes(1), Leg::hexes(2)]).bind(&map).unwrap();
/// let e = movement_range(&two, Hex::new(0, 0), &|_h| None::<()>, &RangeZoc::none()).unwrap_err();
/// assert_eq!(e, RangeError::Legs { legs: 2 });
/// assert_eq!(
///     e.to_string(),
///     "a movement range reads a rule of one leg, one movement allowance; this one has 2 legs"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RangeError {
    /// The rule has more than one leg: a movement range reads one budget.
    Legs {
        /// How many the rule has.
        legs: usize,
    },
    /// The start hex is not on the map.
    StartOffMap {
        /// The hex.
        start: Hex,
    },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RangeError::Legs { legs } => write!(
                f,
                "a movement range reads a rule of one leg, one movement allowance; \
                 this one has {legs} legs"
            ),
            RangeError::StartOffMap { start } => {
                let Hex { q, r } = start;
                write!(f, "the start hex ({q},{r}) is not on the map")
            }
        }
    }
}

impl std::error::Error for RangeError {}

/// Every hex a unit on `start` can reach under a one-leg rule, with its cost and one cheapest
/// path, and the hexes next to them it cannot enter, with why.
///
/// The rule is read as [`search`](crate::search) reads its one leg: each step crosses a
/// passable hexside into a hex the free test lets it enter (enemy units, with the caller's
/// reasons), obeys the leg's [`StepRule`](crate::StepRule) (its first step, the
/// `joined_by` rule), and pays the leg's cost: [`Costs`](crate::Costs) for movement points
/// (the terrain entered, the hexside crossed), one per hex for a leg that counts hexes or is
/// unlimited (which has no limit). The start is never entered again. The zones of control
/// add their readings ([`ZocMovement`]). The rule's [`TargetRule`](crate::TargetRule) and
/// whether the leg is skippable do not apply (there is no target; the start is always in
/// range). A rule of several legs is refused ([`RangeError::Legs`]): its legs' budgets do
/// not add up to one movement allowance.
///
/// Ties between cheapest paths: the fewest hexes, then the one whose last step comes from
/// the hex first in label order (so the answer depends on the map and the rule, never on the
/// order of a hash table). Costs are added with overflow checked: a step whose cost
/// overflows is out of budget.
///
/// `free` is called at most once per hex, for hexes next to the range; the work and the
/// tables are sized by the range and its frontier, never by the map.
///
/// ```
/// use hexmap::{Costs, Leg, Position, RangeZoc, TraceRule, Unit, ZocMovement, movement_range};
/// use hexmap::{Layout, MapBuilder, Orientation, Obstacle};
///
/// // A row of six hexes; an enemy unit on 0106 controls 0105.
/// let map = MapBuilder::new("row", Layout::row_column(Orientation::Pointy, 1..=1, 1..=6)).build()?;
/// let hex = |l: &str| map.parse(l).unwrap();
/// let position = Position::new(&map, vec![Unit::new("E", "enemy", hex("0106"))])?;
/// let enemy = position.zoc(&map, "enemy");
/// let enemy_unit = |h| position.at(&map, h).first().map(|_| "enemy unit");
/// let rule = TraceRule::new([Leg::movement_points(6, Costs::new(1))]).bind(&map)?;
///
/// // Sticky: 0105 is entered (4 points), and the unit stops there.
/// let sticky = RangeZoc::new(&enemy, ZocMovement::new());
/// let range = movement_range(&rule, hex("0101"), &enemy_unit, &sticky)?;
/// assert_eq!(range.cost(hex("0105")), Some(4));
/// assert!(matches!(range.frontier[0].obstacle, Obstacle::NotFree("enemy unit")));
///
/// // Entering costs 2 more: 0105 costs 6.
/// let priced = RangeZoc::new(&enemy, ZocMovement::new().with_stops(false).with_enter_cost(2));
/// let range = movement_range(&rule, hex("0101"), &enemy_unit, &priced)?;
/// assert_eq!(range.cost(hex("0105")), Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn movement_range<R>(
    rule: &BoundRule<'_>,
    start: Hex,
    free: &impl FreeTest<R>,
    zoc: &RangeZoc<'_>,
) -> Result<MoveRange<R>, RangeError> {
    let [leg] = rule.legs.as_slice() else {
        return Err(RangeError::Legs {
            legs: rule.legs.len(),
        });
    };
    let map = rule.map;
    let Some(s) = map.node(start).and_then(|n| u32::try_from(n.index()).ok()) else {
        return Err(RangeError::StartOffMap { start });
    };
    let mut walk = Walk {
        rule,
        leg,
        zoc,
        start: s,
        best: HashMap::new(),
        free: HashMap::new(),
        refused: HashMap::new(),
    };
    walk.run(free);
    Ok(walk.answer())
}

/// Why a step is refused, compactly: the rule's reason or a zone of control's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Rule(Why),
    ZocStops,
    ZocToZoc,
}

impl Stop {
    /// Higher is shown: the rule's reasons, then ZOC to ZOC, then sticky, then the budget.
    fn priority(self) -> u8 {
        match self {
            Stop::Rule(Why::Budget(..)) => 1,
            Stop::ZocStops => 2,
            Stop::ZocToZoc => 3,
            Stop::Rule(why) => why.priority().saturating_add(3),
        }
    }

    /// Whether `self` explains a hex better than `than`: the higher priority, or for two
    /// budgets the lesser need.
    fn beats(self, than: Stop) -> bool {
        match (self, than) {
            (Stop::Rule(Why::Budget(_, now)), Stop::Rule(Why::Budget(_, was))) => now < was,
            _ => self.priority() > than.priority(),
        }
    }
}

/// A hex's best arrival: (cost, steps), the node it comes from, whether it is settled.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    key: (u32, u32),
    from: u32,
    done: bool,
}

/// The search's tables, sized by what it touches.
struct Walk<'a, 'm, R> {
    rule: &'a BoundRule<'m>,
    leg: &'a CLeg<'m>,
    zoc: &'a RangeZoc<'a>,
    start: u32,
    best: HashMap<u32, Arrival>,
    /// The free test's answer per node tried.
    free: HashMap<u32, Option<R>>,
    /// The strongest refusal per node, with the node it came from.
    refused: HashMap<u32, (Stop, u32)>,
}

impl<R> Walk<'_, '_, R> {
    fn run(&mut self, free: &impl FreeTest<R>) {
        let map = self.rule.map;
        let mut heap = BinaryHeap::new();
        self.best.insert(
            self.start,
            Arrival {
                key: (0, 0),
                from: NONE,
                done: false,
            },
        );
        heap.push(Reverse(((0u32, 0u32), self.start)));
        while let Some(Reverse((key, u))) = heap.pop() {
            let Some(arrival) = self.best.get_mut(&u) else {
                continue;
            };
            if arrival.done || arrival.key != key {
                continue; // stale
            }
            arrival.done = true;
            let Some(adjacency) = map.adjacency().get(u as usize) else {
                continue;
            };
            for a in adjacency {
                if a.node == NONE || a.impassable() || a.node == self.start {
                    continue;
                }
                let v = a.node;
                let map = self.rule.map;
                let blocked = self
                    .free
                    .entry(v)
                    .or_insert_with(|| free.blocked(map, v as usize))
                    .is_some();
                if blocked {
                    continue;
                }
                match self.step(key, u, v, a.side()) {
                    Ok(next) => self.arrive(v, next, u, &mut heap),
                    Err(stop) => self.refuse(v, stop, u),
                }
            }
        }
    }

    /// The (cost, steps) of a step from `u` (reached at `key`) into `v` across `side`, or why
    /// it is refused.
    fn step(&self, key: (u32, u32), u: u32, v: u32, side: Hexside) -> Result<(u32, u32), Stop> {
        let map = self.rule.map;
        let zoc = self.zoc;
        let movement = zoc.movement;
        let (zoc_u, zoc_v) = (zoc.controls(u as usize), zoc.controls(v as usize));
        if movement.stops && zoc_u && u != self.start {
            return Err(Stop::ZocStops);
        }
        let started = u != self.start;
        (self.leg.step_rule(started))
            .check(map, u as usize, v as usize, side, 0)
            .map_err(Stop::Rule)?;
        if zoc_u && zoc_v {
            let friendly = || {
                let hex = map.hexes().get(v as usize).map(|h| h.hex);
                hex.zip(zoc.friendly).is_some_and(|(h, f)| f(h))
            };
            match movement.zoc_to_zoc {
                ZocToZoc::Forbidden => return Err(Stop::ZocToZoc),
                ZocToZoc::UnlessFriendly if !friendly() => return Err(Stop::ZocToZoc),
                _ => {}
            }
        }
        let base = match self.leg.budget {
            CBudget::Unlimited => 1,
            ref budget => budget.cost(map, v as usize, side),
        };
        let enter = if zoc_v { movement.enter_cost } else { 0 };
        let leave = if zoc_u { movement.leave_cost } else { 0 };
        let cost = (key.0)
            .checked_add(base)
            .and_then(|c| c.checked_add(enter))
            .and_then(|c| c.checked_add(leave));
        match (cost, self.leg.budget.limit()) {
            (Some(c), Some(limit)) if c > limit => Err(Stop::Rule(Why::Budget(0, c))),
            (None, _) => Err(Stop::Rule(Why::Budget(0, u32::MAX))),
            (Some(c), _) => Ok((c, key.1.saturating_add(1))),
        }
    }

    /// Record an arrival at `v` from `u`: kept when it is cheaper, or as cheap and from a hex
    /// earlier in label order.
    fn arrive(
        &mut self,
        v: u32,
        key: (u32, u32),
        u: u32,
        heap: &mut BinaryHeap<Reverse<((u32, u32), u32)>>,
    ) {
        let new = Arrival {
            key,
            from: u,
            done: false,
        };
        match self.best.get_mut(&v) {
            None => {
                self.best.insert(v, new);
                heap.push(Reverse((key, v)));
            }
            Some(old) if old.done => {}
            Some(old) if key < old.key => {
                *old = new;
                heap.push(Reverse((key, v)));
            }
            Some(old) if key == old.key && u < old.from => old.from = u,
            Some(_) => {}
        }
    }

    fn refuse(&mut self, v: u32, stop: Stop, from: u32) {
        let e = self.refused.entry(v).or_insert((stop, from));
        if stop.beats(e.0) {
            *e = (stop, from);
        }
    }

    /// The range and its frontier, in label order.
    fn answer(mut self) -> MoveRange<R> {
        let map = self.rule.map;
        let hex = |n: u32| map.hexes().get(n as usize).map(|h| h.hex);
        let mut nodes: Vec<(u32, Arrival)> = self.best.iter().map(|(n, a)| (*n, *a)).collect();
        nodes.sort_unstable_by_key(|(n, _)| *n);
        let hexes: Vec<Reached> = nodes
            .iter()
            .filter_map(|&(n, a)| {
                Some(Reached {
                    hex: hex(n)?,
                    cost: a.key.0,
                    steps: a.key.1,
                    from: hex(a.from),
                })
            })
            .collect();
        let index = hexes.iter().enumerate().map(|(i, r)| (r.hex, i)).collect();
        let mut tried: Vec<u32> = (self.free.keys().chain(self.refused.keys()))
            .copied()
            .filter(|n| !self.best.contains_key(n))
            .collect();
        tried.sort_unstable();
        tried.dedup();
        let frontier = tried
            .into_iter()
            .filter_map(|n| {
                let h = hex(n)?;
                if let Some(reason) = self.free.remove(&n).flatten() {
                    return Some(blocked(h, Obstacle::NotFree(reason), Vec::new()));
                }
                let &(stop, from) = self.refused.get(&n)?;
                let (from, why) = (hex(from)?, self.words(stop));
                let refusals = vec![(from, why.clone())];
                Some(blocked(h, Obstacle::Refused { from, why }, refusals))
            })
            .collect();
        MoveRange {
            hexes,
            frontier,
            index,
        }
    }

    fn words(&self, stop: Stop) -> Refusal {
        match stop {
            Stop::Rule(why) => refusal(self.rule, why),
            Stop::ZocStops => Refusal::ZocStops,
            Stop::ZocToZoc => Refusal::ZocToZoc,
        }
    }
}

fn blocked<R>(hex: Hex, obstacle: Obstacle<R>, refusals: Vec<(Hex, Refusal)>) -> Blocked<R> {
    Blocked {
        hex,
        obstacle,
        refusals,
    }
}
