//! Property tests of path tracing on random small maps with random rules.
//!
//! Maps: random sizes and orientations, three terrains, roads, trails, `rail` and `river`
//! hexside features, impassable and ZOC-blocking hexsides, holes, and random blocked hexes as the
//! free test (a closure, a [`ByNode`] or a [`FreeTable`]). Rules: one to three legs, each with a
//! random budget, step rule, join rule and skippability, and a random [`TargetRule`]; or the
//! [`RoadChain`] preset with both readings and the three targets.
//!
//! Every rule also has a mirror here, with its own naive reading of the rule (an exhaustive
//! search over hex, leg, started and spent), against which the crate's answers are checked.
//! For every start hex:
//! - the [`Tracer`]'s answer (`trace`, `traced`, `trace_all`, `traced_all`) equals [`search`]'s,
//!   and both equal the naive search's;
//! - every path found obeys the rule ([`check_path`]), and [`check_path`] agrees with the naive
//!   reading on those paths, on their prefixes, on their one-hex deletions and on random walks;
//! - [`search`]'s path is never shorter than the naive shortest, and equal to it when every
//!   state's spend is its step count (see [`fewest_is_promised`]);
//! - one more blocked hex never turns a cut start into a traced one;
//! - a [`Cut`] lists exactly the hexes next to what a valid prefix enters that it does not
//!   enter (so never an entered hex), each with an honest reason, and `reached` counts the
//!   entered hexes (at least the start; 0 for a start off the map).
//!
//! What the properties found is kept as a plain test
//! ([`a_path_may_pass_back_through_the_start`]).
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;

use hexmap::{ByNode, FreeTable, FreeTest};
use hexmap::{
    ChainReading, Compass, Costs, Cut, Hex, HexMap, Layout, Leg, MapBuilder, Obstacle, Orientation,
    Parity, Path, Refusal, RoadChain, Step, StepRule, TargetRule, Targets, TraceRule, Tracer,
    check_path, check_simple, search,
};
use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------------------------
// Maps

const TERRAINS: [&str; 3] = ["clear", "forest", "swamp"];
/// The largest map is `MAX_SIDE` x `MAX_SIDE`.
const MAX_SIDE: u16 = 6;
const CELLS: usize = (MAX_SIDE * MAX_SIDE) as usize;

/// Hexside feature bits of the naive reading.
const ROAD: u8 = 1;
const TRAIL: u8 = 2;
const RAIL: u8 = 4;
const RIVER: u8 = 8;
const ROAD_NET: u8 = ROAD | TRAIL;

/// What a random map is made of; built by [`World::new`].
#[derive(Clone)]
struct MapRecipe {
    rows: u16,
    cols: u16,
    flat: bool,
    odd: bool,
    /// Per cell (row-major over the largest map): an index into [`TERRAINS`].
    terrain: Vec<u8>,
    holes: Vec<bool>,
    /// Random walks over land: kind (road, trail, rail, river), start, steps.
    walks: Vec<(u8, Index, Vec<Index>)>,
    /// A land hex, one of its neighbours, and whether the hexside is impassable (else it blocks
    /// ZOC, which tracing ignores).
    walls: Vec<(Index, Index, bool)>,
    blocked: Vec<bool>,
    targets: Vec<Index>,
    /// The extra blocked hex of the monotonicity property.
    extra: Index,
    /// Which kind of free test: closure, `ByNode`, `FreeTable`.
    free_kind: u8,
    /// Seed of the random walks whose `check_path` verdicts are compared.
    walk_seed: u64,
}

impl std::fmt::Debug for MapRecipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bits = |v: &[bool]| {
            v.iter()
                .map(|b| if *b { '1' } else { '0' })
                .collect::<String>()
        };
        let terrain: String = self.terrain.iter().map(|t| char::from(b'0' + t)).collect();
        f.debug_struct("MapRecipe")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("flat", &self.flat)
            .field("odd", &self.odd)
            .field("terrain", &terrain)
            .field("holes", &bits(&self.holes))
            .field("walks", &self.walks)
            .field("walls", &self.walls)
            .field("blocked", &bits(&self.blocked))
            .field("targets", &self.targets)
            .field("extra", &self.extra)
            .field("free_kind", &self.free_kind)
            .field("walk_seed", &self.walk_seed)
            .finish()
    }
}

fn map_recipe() -> impl Strategy<Value = MapRecipe> {
    let walk = (
        0u8..4,
        any::<Index>(),
        prop::collection::vec(any::<Index>(), 1..6),
    );
    (
        (2..=MAX_SIDE, 2..=MAX_SIDE, any::<bool>(), any::<bool>()),
        prop::collection::vec(
            prop_oneof![6 => Just(0u8), 3 => Just(1u8), 2 => Just(2u8)],
            CELLS,
        ),
        prop::collection::vec(prop::bool::weighted(0.08), CELLS),
        prop::collection::vec(walk, 0..7),
        prop::collection::vec((any::<Index>(), any::<Index>(), any::<bool>()), 0..4),
        prop::collection::vec(prop::bool::weighted(0.15), CELLS),
        prop::collection::vec(any::<Index>(), 1..=3),
        (any::<Index>(), 0u8..3, any::<u64>()),
    )
        .prop_map(
            |(
                (rows, cols, flat, odd),
                terrain,
                holes,
                walks,
                walls,
                blocked,
                targets,
                (extra, free_kind, walk_seed),
            )| MapRecipe {
                rows,
                cols,
                flat,
                odd,
                terrain,
                holes,
                walks,
                walls,
                blocked,
                targets,
                extra,
                free_kind,
                walk_seed,
            },
        )
}

/// A hex of the grid as (row, column).
type Cell = (u16, u16);

fn label(row: u16, col: u16) -> String {
    format!("{row:02}{col:02}")
}

/// A built map with everything the naive reading needs, computed from the recipe (not from the
/// map): hexside features, adjacency, terrain, blocked hexes and targets, per graph node.
#[derive(Clone)]
struct World {
    map: HexMap,
    /// How the map was built, for failure messages.
    log: String,
    /// Per node: neighbours with the feature bits and impassability of the hexside between.
    adj: Vec<Vec<(usize, u8, bool)>>,
    /// Per node: the features of all its hexsides, or-ed (the networks it is on).
    net: Vec<u8>,
    terrain: Vec<u8>,
    blocked: Vec<bool>,
    target: Vec<bool>,
    targets: Vec<Hex>,
    /// Hexes of the grid that are holes (off the map).
    holes: Vec<Hex>,
    /// The extra blocked node.
    extra: usize,
}

impl World {
    fn new(r: &MapRecipe) -> World {
        let orientation = if r.flat {
            Orientation::Flat
        } else {
            Orientation::Pointy
        };
        let layout = Layout::row_column(orientation, 1..=r.rows, 1..=r.cols)
            .with_shifted(if r.odd { Parity::Odd } else { Parity::Even })
            .with_growth(Compass::North, Compass::East);
        let hex_of = |(row, col): Cell| {
            layout
                .label_to_hex(layout.parse_label(&label(row, col)).unwrap())
                .unwrap()
        };
        let cell_index =
            |(row, col): Cell| usize::from(row - 1) * usize::from(MAX_SIDE) + usize::from(col - 1);
        let all: Vec<Cell> = (1..=r.rows)
            .flat_map(|row| (1..=r.cols).map(move |col| (row, col)))
            .collect();
        let adjacent = |a: Cell, b: Cell| hex_of(a).is_adjacent(hex_of(b));
        let mut land: Vec<Cell> = all
            .iter()
            .copied()
            .filter(|c| !r.holes[cell_index(*c)])
            .collect();
        let has_pair = |land: &[Cell]| land.iter().any(|a| land.iter().any(|b| adjacent(*a, *b)));
        if land.len() < 3 || !has_pair(&land) {
            land.clone_from(&all);
        }
        let holes: Vec<Cell> = all.iter().copied().filter(|c| !land.contains(c)).collect();
        let neighbours =
            |c: Cell| -> Vec<Cell> { land.iter().copied().filter(|x| adjacent(c, *x)).collect() };

        // Terrain, every name present so that rules naming any of them bind.
        let mut terrain: BTreeMap<Cell, u8> = land
            .iter()
            .map(|c| (*c, r.terrain[cell_index(*c)]))
            .collect();
        for t in 1..3u8 {
            if !terrain.values().any(|x| *x == t) {
                let spare = land
                    .iter()
                    .copied()
                    .find(|c| terrain.values().filter(|x| **x == terrain[c]).count() >= 2)
                    .unwrap();
                terrain.insert(spare, t);
            }
        }

        let mut log = format!(
            "{} {}x{} shifted {}; ",
            if r.flat { "flat" } else { "pointy" },
            r.rows,
            r.cols,
            if r.odd { "odd" } else { "even" }
        );
        let mut b = MapBuilder::new("random", layout.clone());
        for c in &holes {
            b = b.hole(label(c.0, c.1));
            let _ = write!(log, "hole {}; ", label(c.0, c.1));
        }
        for (c, t) in &terrain {
            if *t != 0 {
                b = b.terrain(label(c.0, c.1), TERRAINS[usize::from(*t)]);
                let _ = write!(log, "{} {}; ", TERRAINS[usize::from(*t)], label(c.0, c.1));
            }
        }

        // Hexside features along random walks; rail and river at least once each.
        let mut sides: BTreeMap<(Cell, Cell), (u8, bool)> = BTreeMap::new();
        let key = |a: Cell, b: Cell| if a < b { (a, b) } else { (b, a) };
        let mut walks: Vec<(u8, Vec<Cell>)> = Vec::new();
        for (kind, start, steps) in &r.walks {
            let mut cur = land[start.index(land.len())];
            let mut path = vec![cur];
            for s in steps {
                let n = neighbours(cur);
                if n.is_empty() {
                    break;
                }
                cur = n[s.index(n.len())];
                path.push(cur);
            }
            if path.len() >= 2 {
                walks.push((*kind, path));
            }
        }
        let first_pair = land
            .iter()
            .find_map(|a| neighbours(*a).first().map(|b| vec![*a, *b]))
            .unwrap();
        for kind in [2, 3] {
            if !walks.iter().any(|(k, _)| *k == kind) {
                walks.push((kind, first_pair.clone()));
            }
        }
        for (kind, path) in &walks {
            let labels: Vec<String> = path.iter().map(|c| label(c.0, c.1)).collect();
            let (name, bit) = match kind {
                0 => ("road", ROAD),
                1 => ("trail", TRAIL),
                2 => ("rail", RAIL),
                _ => ("river", RIVER),
            };
            b = match kind {
                0 => b.road(&labels),
                1 => b.trail(&labels),
                _ => b.hexside_feature(name, &labels),
            };
            let _ = write!(log, "{name} {}; ", labels.join("-"));
            for w in path.windows(2) {
                sides.entry(key(w[0], w[1])).or_default().0 |= bit;
            }
        }
        for (a, n, impassable) in &r.walls {
            let a = land[a.index(land.len())];
            let ns = neighbours(a);
            if ns.is_empty() {
                continue;
            }
            let n = ns[n.index(ns.len())];
            let (x, y) = (label(a.0, a.1), label(n.0, n.1));
            if *impassable {
                b = b.impassable(&x, &y);
                sides.entry(key(a, n)).or_default().1 = true;
                let _ = write!(log, "impassable {x}|{y}; ");
            } else {
                b = b.blocks_zoc(&x, &y);
                let _ = write!(log, "blocks-zoc {x}|{y}; ");
            }
        }
        let map = b.build().unwrap();

        let len = map.len();
        assert_eq!(len, land.len());
        let node = |c: Cell| map.node(hex_of(c)).unwrap().index();
        let mut adj = vec![Vec::new(); len];
        let mut net = vec![0u8; len];
        let mut terr = vec![0u8; len];
        let mut blocked = vec![false; len];
        for &c in &land {
            let n = node(c);
            terr[n] = terrain[&c];
            blocked[n] = r.blocked[cell_index(c)];
            for x in neighbours(c) {
                let (f, imp) = sides.get(&key(c, x)).copied().unwrap_or_default();
                adj[n].push((node(x), f, imp));
                net[n] |= f;
            }
        }
        let blocked_labels: Vec<String> = land
            .iter()
            .filter(|c| blocked[node(**c)])
            .map(|c| label(c.0, c.1))
            .collect();
        let _ = write!(log, "blocked [{}]; ", blocked_labels.join(" "));
        let mut target = vec![false; len];
        let mut targets = Vec::new();
        for t in &r.targets {
            let c = land[t.index(land.len())];
            target[node(c)] = true;
            targets.push(hex_of(c));
        }
        let target_labels: Vec<String> = targets.iter().map(|h| map.label_text(*h)).collect();
        let _ = write!(log, "targets [{}]", target_labels.join(" "));
        // The extra blocked hex: one not blocked yet, if any.
        let open: Vec<usize> = (0..len).filter(|n| !blocked[*n]).collect();
        let extra = if open.is_empty() {
            r.extra.index(len)
        } else {
            open[r.extra.index(open.len())]
        };
        World {
            map,
            log,
            adj,
            net,
            terrain: terr,
            blocked,
            target,
            targets,
            holes: holes.iter().map(|c| hex_of(*c)).collect(),
            extra,
        }
    }

    fn side(&self, u: usize, v: usize) -> Option<(u8, bool)> {
        self.adj[u]
            .iter()
            .find(|(x, ..)| *x == v)
            .map(|(_, f, imp)| (*f, *imp))
    }

    fn label(&self, n: usize) -> String {
        self.map.label_text(self.map.hexes()[n].hex)
    }
}

// ---------------------------------------------------------------------------------------------
// Rules, and their naive reading

/// A step rule of the vocabulary, mirrored.
#[derive(Clone, Debug)]
enum S {
    Any,
    Along(u8),
    IntoNet(u8),
    Between(u8),
    /// Not across a river unless a road crosses the hexside too.
    NotAcrossRiver,
    IntoTerrain(u8),
    NotIntoTerrain(u8),
    /// A custom predicate: never into swamp across a river.
    NoSwampAcrossRiver,
    All(Box<S>, Box<S>),
    Either(Box<S>, Box<S>),
}

const CUSTOM_NAME: &str = "no swamp across a river";

fn feature_names(m: u8) -> Vec<String> {
    let mut out = Vec::new();
    for (bit, name) in [
        (ROAD, "road"),
        (TRAIL, "trail"),
        (RAIL, "rail"),
        (RIVER, "river"),
    ] {
        if m & bit != 0 {
            out.push(name.to_string());
        }
    }
    out
}

impl S {
    fn rule(&self) -> StepRule {
        match self {
            S::Any => StepRule::Any,
            S::Along(m) => StepRule::Along(feature_names(*m)),
            S::IntoNet(m) => StepRule::IntoNetwork(feature_names(*m)),
            S::Between(m) => StepRule::Between(feature_names(*m)),
            S::NotAcrossRiver => StepRule::NotAcross {
                features: vec!["river".into()],
                unless: vec!["road".into()],
            },
            S::IntoTerrain(t) => StepRule::IntoTerrain(vec![TERRAINS[usize::from(*t)].into()]),
            S::NotIntoTerrain(t) => {
                StepRule::NotIntoTerrain(vec![TERRAINS[usize::from(*t)].into()])
            }
            S::NoSwampAcrossRiver => StepRule::custom(CUSTOM_NAME, |map| {
                let (river, swamp) = (map.hexside_feature("river")?, map.terrain_type("swamp")?);
                Ok(move |step: &Step<'_>| !(step.crosses(river) && step.enters(swamp)))
            }),
            S::All(a, b) => StepRule::All(vec![a.rule(), b.rule()]),
            S::Either(a, b) => StepRule::Either(vec![a.rule(), b.rule()]),
        }
    }

    /// Whether the step `from -> to` across a hexside with features `side` is allowed.
    fn allows(&self, w: &World, from: usize, to: usize, side: u8) -> bool {
        match self {
            S::Any => true,
            S::Along(m) => side & m != 0,
            S::IntoNet(m) => w.net[to] & m != 0,
            S::Between(m) => w.net[to] & m != 0 && w.net[from] & m != 0,
            S::NotAcrossRiver => side & RIVER == 0 || side & ROAD != 0,
            S::IntoTerrain(t) => w.terrain[to] == *t,
            S::NotIntoTerrain(t) => w.terrain[to] != *t,
            S::NoSwampAcrossRiver => !(side & RIVER != 0 && w.terrain[to] == 2),
            S::All(a, b) => a.allows(w, from, to, side) && b.allows(w, from, to, side),
            S::Either(a, b) => a.allows(w, from, to, side) || b.allows(w, from, to, side),
        }
    }
}

/// A budget, mirrored.
#[derive(Clone, Debug)]
enum B {
    Hexes(u32),
    Points {
        points: u32,
        default: u32,
        /// Per terrain: its own cost, or the default.
        terrain: [Option<u32>; 3],
        /// Extra for crossing a river, waived by a road.
        river: u32,
    },
    Unlimited,
}

impl B {
    fn budget_leg(&self) -> Leg {
        match self {
            B::Hexes(n) => Leg::hexes(*n),
            B::Unlimited => Leg::unlimited(),
            B::Points {
                points,
                default,
                terrain,
                river,
            } => {
                let mut costs = Costs::new(*default);
                for (name, cost) in TERRAINS.iter().zip(terrain) {
                    if let Some(c) = cost {
                        costs = costs.terrain(*name, *c);
                    }
                }
                Leg::movement_points(*points, costs.hexside("river", *river, &["road"]))
            }
        }
    }

    fn limit(&self) -> Option<u32> {
        match self {
            B::Hexes(n) => Some(*n),
            B::Points { points, .. } => Some(*points),
            B::Unlimited => None,
        }
    }

    fn cost(&self, w: &World, to: usize, side: u8) -> u32 {
        match self {
            B::Hexes(_) => 1,
            B::Unlimited => 0,
            B::Points {
                default,
                terrain,
                river,
                ..
            } => {
                let t = terrain[usize::from(w.terrain[to])].unwrap_or(*default);
                let r = if side & RIVER != 0 && side & ROAD == 0 {
                    *river
                } else {
                    0
                };
                t + r
            }
        }
    }
}

#[derive(Clone, Debug)]
struct LegSpec {
    budget: B,
    steps: S,
    join: Option<S>,
    skippable: bool,
}

impl LegSpec {
    fn leg(&self) -> Leg {
        let mut leg = self.budget.budget_leg().steps(self.steps.rule());
        if let Some(j) = &self.join {
            leg = leg.joined_by(j.rule());
        }
        if self.skippable {
            leg = leg.skippable();
        }
        leg
    }

    fn allows(&self, w: &World, started: bool, from: usize, to: usize, side: u8) -> bool {
        match (&self.join, started) {
            (Some(j), false) => j.allows(w, from, to, side),
            _ => self.steps.allows(w, from, to, side),
        }
    }
}

#[derive(Clone, Debug)]
enum RuleSpec {
    Legs {
        legs: Vec<LegSpec>,
        adjoin: Adjoin,
    },
    Chain {
        k: u32,
        between: bool,
        adjoin: Adjoin,
    },
}

/// The naive reading's [`TargetRule`]: whether the last step into a target may cross any
/// passable hexside, and from which states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Adjoin {
    /// Never ([`TargetRule::OnChain`]).
    No,
    /// From any state a path may end in ([`TargetRule::MayAdjoinChain`]).
    May,
    /// From a state whose last leg has entered its hex ([`TargetRule::MustAdjoinChain`]).
    Must,
}

impl Adjoin {
    /// Whether the exempt last step may leave a state of leg `leg` (of `legs`), started or
    /// not.
    fn exempt(self, legs: &[LegSpec], leg: usize, started: bool) -> bool {
        match self {
            Adjoin::No => false,
            Adjoin::May => {
                (started || legs[leg].skippable) && legs[leg + 1..].iter().all(|l| l.skippable)
            }
            Adjoin::Must => started && leg + 1 == legs.len(),
        }
    }
}

fn adjoin() -> impl Strategy<Value = Adjoin> {
    prop_oneof![Just(Adjoin::No), Just(Adjoin::May), Just(Adjoin::Must)]
}

fn target_rule(adjoin: Adjoin) -> TargetRule {
    match adjoin {
        Adjoin::No => TargetRule::OnChain,
        Adjoin::May => TargetRule::MayAdjoinChain,
        Adjoin::Must => TargetRule::MustAdjoinChain,
    }
}

impl RuleSpec {
    fn rule(&self) -> TraceRule {
        match self {
            RuleSpec::Legs { legs, adjoin } => {
                TraceRule::new(legs.iter().map(LegSpec::leg)).with_target(target_rule(*adjoin))
            }
            RuleSpec::Chain { .. } => self.preset().expect("a chain spec has a preset").rule(),
        }
    }

    /// The road-chain preset of a chain spec.
    fn preset(&self) -> Option<RoadChain> {
        match self {
            RuleSpec::Legs { .. } => None,
            RuleSpec::Chain { k, between, adjoin } => Some(
                RoadChain::new(*k)
                    .with_target(target_rule(*adjoin))
                    .with_reading(if *between {
                        ChainReading::BetweenNetHexes
                    } else {
                        ChainReading::FollowHexsides
                    }),
            ),
        }
    }

    /// The legs, the preset's written out.
    fn legs(&self) -> Vec<LegSpec> {
        match self {
            RuleSpec::Legs { legs, .. } => legs.clone(),
            RuleSpec::Chain { k, between, .. } => vec![
                LegSpec {
                    budget: B::Hexes(*k),
                    steps: S::Any,
                    join: None,
                    skippable: true,
                },
                LegSpec {
                    budget: B::Unlimited,
                    steps: if *between {
                        S::Between(ROAD_NET)
                    } else {
                        S::Along(ROAD_NET)
                    },
                    join: Some(S::IntoNet(ROAD_NET)),
                    skippable: true,
                },
            ],
        }
    }

    fn adjoin(&self) -> Adjoin {
        match self {
            RuleSpec::Legs { adjoin, .. } | RuleSpec::Chain { adjoin, .. } => *adjoin,
        }
    }
}

fn base_step() -> BoxedStrategy<S> {
    let net = prop_oneof![Just(ROAD_NET), Just(RAIL)];
    prop_oneof![
        3 => Just(S::Any),
        3 => net.clone().prop_map(S::Along),
        1 => net.clone().prop_map(S::IntoNet),
        1 => net.prop_map(S::Between),
        2 => Just(S::NotAcrossRiver),
        1 => (0u8..3).prop_map(S::IntoTerrain),
        2 => (0u8..3).prop_map(S::NotIntoTerrain),
        1 => Just(S::NoSwampAcrossRiver),
    ]
    .boxed()
}

fn step_rule() -> impl Strategy<Value = S> {
    prop_oneof![
        5 => base_step(),
        1 => (base_step(), base_step()).prop_map(|(a, b)| S::All(Box::new(a), Box::new(b))),
        1 => (base_step(), base_step()).prop_map(|(a, b)| S::Either(Box::new(a), Box::new(b))),
    ]
}

fn budget() -> impl Strategy<Value = B> {
    // Costs 1-3, now and then 0 (legal, and the edge where a budget is spent exactly).
    let cost = prop::option::of(prop_oneof![9 => 1u32..=3, 1 => Just(0u32)]);
    prop_oneof![
        (0u32..=4).prop_map(B::Hexes),
        (
            0u32..=6,
            1u32..=3,
            (cost.clone(), cost.clone(), cost),
            0u32..=2
        )
            .prop_map(|(points, default, (a, b, c), river)| B::Points {
                points,
                default,
                terrain: [a, b, c],
                river,
            }),
        Just(B::Unlimited),
    ]
}

fn leg_spec() -> impl Strategy<Value = LegSpec> {
    (
        budget(),
        step_rule(),
        prop::option::weighted(0.3, step_rule()),
        any::<bool>(),
    )
        .prop_map(|(budget, steps, join, skippable)| LegSpec {
            budget,
            steps,
            join,
            skippable,
        })
}

fn rule_spec() -> impl Strategy<Value = RuleSpec> {
    prop_oneof![
        4 => (prop::collection::vec(leg_spec(), 1..=3), adjoin())
            .prop_map(|(legs, adjoin)| RuleSpec::Legs { legs, adjoin }),
        1 => (0u32..=4, any::<bool>(), adjoin())
            .prop_map(|(k, between, adjoin)| RuleSpec::Chain { k, between, adjoin }),
    ]
}

/// The naive reading's answer for one start.
struct Naive {
    /// The fewest hexes of a path (start and target included), if one exists.
    fewest: Option<usize>,
    /// The hexes a valid prefix of a path enters (the start included).
    entered: Vec<bool>,
}

/// Exhaustive breadth-first search over (hex, leg, started, spent), no pruning but exact
/// repeats; a 0-1 BFS because moving to the next leg takes no step.
fn naive(w: &World, legs: &[LegSpec], adjoin: Adjoin, blocked: &[bool], s: usize) -> Naive {
    let len = w.map.len();
    let nl = legs.len();
    let mut entered = vec![false; len];
    entered[s] = true;
    if w.target[s] {
        return Naive {
            fewest: Some(1),
            entered,
        };
    }
    const SPENT: usize = 8; // budgets are at most 6
    let idx = |n: usize, leg: usize, started: bool, used: u32| {
        ((n * nl + leg) * 2 + usize::from(started)) * SPENT + used as usize
    };
    let can_end = |leg: usize, started: bool| {
        (started || legs[leg].skippable) && legs[leg + 1..].iter().all(|l| l.skippable)
    };
    let mut dist = vec![u32::MAX; len * nl * 2 * SPENT];
    let mut queue = VecDeque::new();
    dist[idx(s, 0, false, 0)] = 0;
    queue.push_back((s, 0usize, false, 0u32));
    let mut best: Option<u32> = None;
    while let Some((u, leg, started, used)) = queue.pop_front() {
        let d = dist[idx(u, leg, started, used)];
        if leg + 1 < nl && (started || legs[leg].skippable) {
            let i = idx(u, leg + 1, false, 0);
            if dist[i] > d {
                dist[i] = d;
                queue.push_front((u, leg + 1, false, 0));
            }
        }
        let l = &legs[leg];
        for &(v, side, impassable) in &w.adj[u] {
            // The start is h0: never entered again.
            if impassable || blocked[v] || v == s {
                continue;
            }
            if w.target[v] && adjoin.exempt(legs, leg, started) {
                best = Some(best.map_or(d + 1, |b| b.min(d + 1)));
            }
            if !l.allows(w, started, u, v, side) {
                continue;
            }
            let nu = used + l.budget.cost(w, v, side);
            if l.budget.limit().is_some_and(|lim| nu > lim) {
                continue;
            }
            entered[v] = true;
            if w.target[v] && can_end(leg, true) {
                best = Some(best.map_or(d + 1, |b| b.min(d + 1)));
            }
            let i = idx(v, leg, true, nu);
            if dist[i] == u32::MAX {
                dist[i] = d + 1;
                queue.push_back((v, leg, true, nu));
            }
        }
    }
    Naive {
        fewest: best.map(|b| b as usize + 1),
        entered,
    }
}

/// The naive reading of "this path obeys the rule".
fn naive_valid(
    w: &World,
    legs: &[LegSpec],
    adjoin: Adjoin,
    blocked: &[bool],
    path: &[Hex],
) -> bool {
    let Some(nodes) = path
        .iter()
        .map(|h| w.map.node(*h).map(|n| n.index()))
        .collect::<Option<Vec<usize>>>()
    else {
        return false;
    };
    let Some(&last) = nodes.last() else {
        return false;
    };
    if !w.target[last] {
        return false;
    }
    if nodes.len() == 1 {
        return true; // the unit is on a target
    }
    if nodes[1..].contains(&nodes[0]) {
        return false; // back through the unit's own hex
    }
    let nl = legs.len();
    let close = |states: &mut BTreeSet<(usize, bool, u32)>| {
        for (leg, l) in legs.iter().enumerate().take(nl - 1) {
            if states
                .iter()
                .any(|&(at, started, _)| at == leg && (started || l.skippable))
            {
                states.insert((leg + 1, false, 0));
            }
        }
    };
    let can_end = |states: &BTreeSet<(usize, bool, u32)>| {
        states.iter().any(|&(leg, started, _)| {
            (started || legs[leg].skippable) && legs[leg + 1..].iter().all(|l| l.skippable)
        })
    };
    let mut states = BTreeSet::from([(0usize, false, 0u32)]);
    close(&mut states);
    for i in 1..nodes.len() {
        let (u, v) = (nodes[i - 1], nodes[i]);
        let Some((side, impassable)) = w.side(u, v) else {
            return false;
        };
        if impassable || blocked[v] {
            return false;
        }
        if i == nodes.len() - 1
            && (states.iter()).any(|&(leg, started, _)| adjoin.exempt(legs, leg, started))
        {
            return true;
        }
        let mut next = BTreeSet::new();
        for &(leg, started, used) in &states {
            let l = &legs[leg];
            if !l.allows(w, started, u, v, side) {
                continue;
            }
            let nu = used + l.budget.cost(w, v, side);
            if l.budget.limit().is_none_or(|lim| nu <= lim) {
                next.insert((leg, true, nu));
            }
        }
        close(&mut next);
        if next.is_empty() {
            return false;
        }
        states = next;
    }
    can_end(&states)
}

/// The naive reading of [`check_path`]: the path obeys the rule, and no hex is met again where
/// the path without the hexes between (each hex against its next visit) would obey it too.
fn naive_check(
    w: &World,
    legs: &[LegSpec],
    adjoin: Adjoin,
    blocked: &[bool],
    path: &[Hex],
) -> bool {
    if !naive_valid(w, legs, adjoin, blocked, path) {
        return false;
    }
    (0..path.len()).all(|i| {
        let Some(j) = (i + 1..path.len()).find(|&j| path[j] == path[i]) else {
            return true;
        };
        let shorter: Vec<Hex> = path[..i].iter().chain(&path[j..]).copied().collect();
        !naive_valid(w, legs, adjoin, blocked, &shorter)
    })
}

/// Whether every path the rule allows can lose a loop and still obey it, so that `search`'s
/// and the tracer's paths pass no hex twice: rules whose legs may all be skipped and whose
/// first steps have no rule of their own, and the road-chain preset (a path never passes back
/// through its start, which is where a loop was needed under the preset: K = 0, the last step
/// from a hex the last leg entered).
fn simple_is_promised(spec: &RuleSpec) -> bool {
    match spec {
        RuleSpec::Chain { .. } => true,
        RuleSpec::Legs { legs, adjoin } => {
            *adjoin != Adjoin::Must && legs.iter().all(|l| l.skippable && l.join.is_none())
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The properties

/// A tiny deterministic generator for the random walks whose verdicts are compared.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Whether [`search`]'s path must have the fewest hexes: when what a state has spent is the
/// number of steps it took (a first leg counting hexes, then unlimited legs). With movement
/// points, or a bounded later leg, search keeps the cheapest way to each (hex, leg), which may
/// take more hexes.
fn fewest_is_promised(spec: &RuleSpec) -> bool {
    let legs = spec.legs();
    matches!(legs[0].budget, B::Hexes(_) | B::Unlimited)
        && legs[1..].iter().all(|l| matches!(l.budget, B::Unlimited))
}

/// Every check for one world, one rule and one free test.
fn check_everything<F: FreeTest<&'static str>>(
    w: &World,
    spec: &RuleSpec,
    blocked: &[bool],
    free: &F,
    walk_seed: u64,
) -> Result<(), TestCaseError> {
    let map = &w.map;
    let rule = spec.rule();
    let bound = rule
        .bind(map)
        .map_err(|e| TestCaseError::fail(format!("bind: {e}")))?;
    let legs = spec.legs();
    let adjoin = spec.adjoin();
    let targets = Targets::new(map, w.targets.iter().copied()).unwrap();
    let tracer = Tracer::new(&bound, &targets, free);

    let on_map: Vec<Hex> = map.hexes().iter().map(|h| h.hex).collect();
    let mut starts = on_map.clone();
    starts.extend(&w.holes);
    starts.push(Hex { q: 1000, r: -1000 });
    let all = tracer.trace_all(&starts);
    let traced = tracer.traced_all(&starts);
    prop_assert_eq!(all.len(), starts.len());
    prop_assert_eq!(traced.len(), starts.len());

    let mut rng = XorShift(walk_seed | 1);
    // check_path, against the naive reading.
    let verdicts_agree = |path: &[Hex], what: &str| -> Result<(), TestCaseError> {
        let got = check_path(&bound, &Path::new(path.to_vec()), &targets, free);
        let want = naive_check(w, &legs, adjoin, blocked, path);
        let labels: Vec<String> = path.iter().map(|h| map.label_text(*h)).collect();
        prop_assert_eq!(
            got.is_ok(),
            want,
            "check_path on {} [{}]: {:?}",
            what,
            labels.join(" "),
            got
        );
        Ok(())
    };

    for (i, &start) in starts.iter().enumerate() {
        let at = map.label_text(start);
        let slow = search(&bound, start, &targets, free);
        let fast = &all[i];
        // (a) The tracer's answers agree with each other, with search, and with the naive search.
        prop_assert_eq!(fast.is_some(), slow.is_ok(), "tracer vs search from {}", at);
        prop_assert_eq!(traced[i], slow.is_ok(), "traced_all vs search from {}", at);
        prop_assert_eq!(
            tracer.traced(start),
            slow.is_ok(),
            "traced vs search from {}",
            at
        );
        prop_assert_eq!(
            tracer.trace(start).is_some(),
            slow.is_ok(),
            "trace from {}",
            at
        );
        let Some(s) = map.node(start).map(|n| n.index()) else {
            // Off the map: nothing traces, nothing is reached.
            let cut = slow.expect_err("an off-map start traced");
            prop_assert_eq!(cut.reached, 0);
            prop_assert!(cut.frontier.is_empty());
            continue;
        };
        let reference = naive(w, &legs, adjoin, blocked, s);
        prop_assert_eq!(
            slow.is_ok(),
            reference.fewest.is_some(),
            "search vs the naive reading from {}",
            at
        );

        match &slow {
            Ok(p) => {
                // (b) Paths start here, never come back to it, and obey the rule; search's
                // is a shortest one.
                prop_assert_eq!(p.hexes[0], start);
                prop_assert!(
                    !p.hexes[1..].contains(&start),
                    "search's path from {} comes back to it",
                    at
                );
                let checked = check_path(&bound, p, &targets, free);
                prop_assert!(checked.is_ok(), "search's path from {}: {:?}", at, checked);
                verdicts_agree(&p.hexes, "search's path")?;
                prop_assert!(p.hexes.len() >= reference.fewest.unwrap());
                if fewest_is_promised(spec) {
                    prop_assert_eq!(
                        Some(p.hexes.len()),
                        reference.fewest,
                        "search's path from {} is not a shortest one",
                        at
                    );
                }
                let f = fast.as_ref().unwrap();
                prop_assert_eq!(f.hexes[0], start);
                prop_assert!(
                    !f.hexes[1..].contains(&start),
                    "the tracer's path from {} comes back to it",
                    at
                );
                // (c) The tracer's path is as short as search's, and simple where it can be.
                prop_assert_eq!(
                    f.hexes.len(),
                    p.hexes.len(),
                    "the tracer's path from {} is not as short as search's",
                    at
                );
                if simple_is_promised(spec) {
                    prop_assert!(
                        check_simple(f).is_ok(),
                        "the tracer's path from {} passes a hex twice",
                        at
                    );
                    prop_assert!(
                        check_simple(p).is_ok(),
                        "search's path from {} passes a hex twice",
                        at
                    );
                }
                let checked = check_path(&bound, f, &targets, free);
                prop_assert!(checked.is_ok(), "tracer's path from {}: {:?}", at, checked);
                verdicts_agree(&f.hexes, "the tracer's path")?;
                // check_path on what is not quite a path.
                for p in [&p.hexes, &f.hexes] {
                    for cut in 1..p.len() {
                        verdicts_agree(&p[..cut], "a prefix")?;
                        let mut gap = p.clone();
                        gap.remove(cut);
                        verdicts_agree(&gap, "a path less one hex")?;
                    }
                }
            }
            Err(cut) => {
                // (d) The cut: the hexes next to what was entered, and only those.
                prop_assert!(cut.reached >= 1);
                let entered = &reference.entered;
                prop_assert_eq!(
                    cut.reached,
                    entered.iter().filter(|e| **e).count(),
                    "reached from {}",
                    at
                );
                check_cut(w, &legs, blocked, entered, cut, &at)?;
            }
        }

        // check_path on random walks, most of them not valid.
        for _ in 0..3 {
            let mut walk = vec![s];
            let steps = rng.next(7);
            for _ in 0..steps {
                let here = *walk.last().unwrap();
                if w.adj[here].is_empty() {
                    break;
                }
                let (v, ..) = w.adj[here][rng.next(w.adj[here].len())];
                walk.push(v);
                if w.target[v] && rng.next(3) > 0 {
                    break;
                }
            }
            let hexes: Vec<Hex> = walk.iter().map(|n| map.hexes()[*n].hex).collect();
            verdicts_agree(&hexes, "a random walk")?;
        }
    }
    Ok(())
}

fn check_cut(
    w: &World,
    legs: &[LegSpec],
    blocked: &[bool],
    entered: &[bool],
    cut: &Cut<&'static str>,
    at: &str,
) -> Result<(), TestCaseError> {
    let map = &w.map;
    let nodes: Vec<usize> = cut
        .frontier
        .iter()
        .map(|b| map.node(b.hex).unwrap().index())
        .collect();
    prop_assert!(
        nodes.windows(2).all(|x| x[0] < x[1]),
        "the frontier from {} is not in label order",
        at
    );
    let want: Vec<usize> = (0..map.len())
        .filter(|&v| {
            !entered[v]
                && (0..map.len())
                    .any(|u| entered[u] && w.adj[u].iter().any(|&(x, _, imp)| x == v && !imp))
        })
        .collect();
    let name = |ns: &[usize]| ns.iter().map(|n| w.label(*n)).collect::<Vec<_>>().join(" ");
    prop_assert_eq!(
        &nodes,
        &want,
        "frontier from {}: [{}], expected [{}]",
        at,
        name(&nodes),
        name(&want)
    );
    for (b, &v) in cut.frontier.iter().zip(&nodes) {
        let hex = w.label(v);
        match &b.obstacle {
            Obstacle::NotFree(r) => {
                prop_assert!(blocked[v], "{} is not blocked", hex);
                prop_assert_eq!(*r, "enemy");
            }
            Obstacle::Refused { from, why } => {
                prop_assert!(!blocked[v], "{} is blocked but reported {:?}", hex, why);
                let f = map.node(*from).unwrap().index();
                prop_assert!(
                    entered[f],
                    "{}'s refusal comes from {}, never entered",
                    hex,
                    w.label(f)
                );
                let side = w.side(f, v);
                prop_assert!(
                    side.is_some_and(|(_, imp)| !imp),
                    "{} from {}",
                    hex,
                    w.label(f)
                );
                let (side, _) = side.unwrap();
                let bits = |fs: &[String]| {
                    fs.iter().fold(0u8, |m, f| {
                        m | match f.as_str() {
                            "road" => ROAD,
                            "trail" => TRAIL,
                            "rail" => RAIL,
                            "river" => RIVER,
                            _ => 0xff,
                        }
                    })
                };
                match why {
                    Refusal::OffNetwork { features } => {
                        prop_assert!(!features.is_empty());
                        prop_assert_eq!(w.net[v] & bits(features), 0, "{} is on the net", hex);
                    }
                    Refusal::NotAlong { features } => {
                        prop_assert!(!features.is_empty());
                    }
                    Refusal::Across { features } => {
                        let m = bits(features);
                        prop_assert!(
                            m != 0 && side & m == m,
                            "{} from {}: {:?}",
                            hex,
                            w.label(f),
                            why
                        );
                    }
                    Refusal::Terrain { terrain } => {
                        prop_assert_eq!(terrain.as_str(), TERRAINS[usize::from(w.terrain[v])]);
                    }
                    Refusal::Custom { name } => prop_assert_eq!(name.as_str(), CUSTOM_NAME),
                    Refusal::OutOfBudget { leg, .. } => {
                        prop_assert!((1..=legs.len()).contains(leg));
                        prop_assert!(legs[leg - 1].budget.limit().is_some());
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// A path never passes back through the unit's own hex, under any rule (issue 47, item 12).
/// The leg must begin with a step into forest; from `0102` the only walk to `0103` is out to
/// the forest at `0101` and back through `0102`: no path. `search`, `check_path` and the
/// `Tracer` all refuse it, whether or not the leg may be skipped.
#[test]
fn a_path_never_passes_back_through_the_start() {
    let map = MapBuilder::new(
        "three in a row",
        Layout::row_column(Orientation::Pointy, 1..=1, 1..=3),
    )
    .terrain("0101", "forest")
    .build()
    .unwrap();
    let h = |l: &str| map.parse(l).unwrap();
    let targets = Targets::new(&map, [h("0103")]).unwrap();
    let free = |_: Hex| None::<()>;
    for skippable in [false, true] {
        let mut leg = Leg::hexes(3).joined_by(StepRule::IntoTerrain(vec!["forest".into()]));
        if skippable {
            leg = leg.skippable();
        }
        let bound = TraceRule::new([leg]).bind(&map).unwrap();
        assert!(search(&bound, h("0102"), &targets, &free).is_err());
        let looping = Path::new(vec![h("0102"), h("0101"), h("0102"), h("0103")]);
        let refused = check_path(&bound, &looping, &targets, &free).unwrap_err();
        assert!(refused.contains("enters the start h0 again"), "{refused}");
        let tracer = Tracer::new(&bound, &targets, &free);
        assert_eq!(
            tracer.traced_all(&[h("0102")]),
            [false],
            "skippable: {skippable}"
        );
        assert!(!tracer.traced(h("0102")), "skippable: {skippable}");
        assert_eq!(tracer.trace(h("0102")), None, "skippable: {skippable}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn tracing_agrees_with_a_naive_reading_of_the_rule(r in map_recipe(), spec in rule_spec()) {
        let w = World::new(&r);
        let blocked = w.blocked.clone();
        let hexes: Vec<Hex> = w.map.hexes().iter().map(|h| h.hex).collect();
        let result = match r.free_kind {
            0 => {
                let free = |h: Hex| w.map.node(h).and_then(|n| blocked[n.index()].then_some("enemy"));
                check_everything(&w, &spec, &blocked, &free, r.walk_seed)
            }
            1 => {
                let free = ByNode(|n: hexmap::petgraph::graph::NodeIndex<u32>| {
                    blocked[n.index()].then_some("enemy")
                });
                check_everything(&w, &spec, &blocked, &free, r.walk_seed)
            }
            _ => {
                let free = FreeTable::from_fn(&w.map, |h| {
                    blocked[hexes.iter().position(|x| *x == h).unwrap()].then_some("enemy")
                });
                check_everything(&w, &spec, &blocked, &free, r.walk_seed)
            }
        };
        result.map_err(|e| TestCaseError::fail(format!("{e}\nmap: {}\nrule: {spec:?}", w.log)))?;
    }

    #[test]
    fn one_more_blocked_hex_never_creates_a_path(r in map_recipe(), spec in rule_spec()) {
        let w = World::new(&r);
        let bound_rule = spec.rule();
        let bound = bound_rule.bind(&w.map).unwrap();
        let targets = Targets::new(&w.map, w.targets.iter().copied()).unwrap();
        let before = w.blocked.clone();
        let mut after = before.clone();
        after[w.extra] = true;
        let free_before = |h: Hex| w.map.node(h).and_then(|n| before[n.index()].then_some("enemy"));
        let free_after = |h: Hex| w.map.node(h).and_then(|n| after[n.index()].then_some("enemy"));
        let starts: Vec<Hex> = w.map.hexes().iter().map(|h| h.hex).collect();
        let was = Tracer::new(&bound, &targets, &free_before).traced_all(&starts);
        let is = Tracer::new(&bound, &targets, &free_after).traced_all(&starts);
        for (i, start) in starts.iter().enumerate() {
            let at = w.map.label_text(*start);
            let search_was = search(&bound, *start, &targets, &free_before).is_ok();
            let search_is = search(&bound, *start, &targets, &free_after).is_ok();
            prop_assert!(
                search_was || !search_is,
                "search: blocking {} opened a path from {}\nmap: {}\nrule: {:?}",
                w.label(w.extra), at, w.log, spec
            );
            prop_assert!(
                was[i] || !is[i],
                "tracer: blocking {} opened a path from {}\nmap: {}\nrule: {:?}",
                w.label(w.extra), at, w.log, spec
            );
        }
    }
}

/// The road-chain plan against the same rule written as legs and run by `search`: the same
/// traced/cut answer from every start, paths that obey the rule, and the same frontier with
/// the same reasons and origins, for both chain readings and the three target readings.
fn check_plan(w: &World, k: u32, between: bool, adjoin: Adjoin) -> Result<(), TestCaseError> {
    let map = &w.map;
    let spec = RuleSpec::Chain { k, between, adjoin };
    let legs =
        TraceRule::new(spec.legs().iter().map(LegSpec::leg)).with_target(target_rule(adjoin));
    let as_legs = legs
        .bind(map)
        .map_err(|e| TestCaseError::fail(format!("bind: {e}")))?;
    let preset = spec.preset().unwrap();
    let plan = hexmap::ChainPlan::new(map, preset, &hexmap::ZocRule::new()).unwrap();
    let targets = Targets::new(map, w.targets.iter().copied()).unwrap();
    let free_table: Vec<bool> = w.blocked.iter().map(|b| !b).collect();
    let free = |h: Hex| {
        w.map
            .node(h)
            .and_then(|n| w.blocked[n.index()].then_some("enemy"))
    };
    let mut work = hexmap::ChainWork::default();
    plan.free_table(&targets, &free_table, &mut work);
    let bounds = hexmap::Bounds::new(usize::MAX, usize::MAX, usize::MAX);
    for info in map.hexes() {
        let start = info.hex;
        let at = map.label_text(start);
        let slow = search(&as_legs, start, &targets, &free);
        prop_assert_eq!(
            plan.traced(&targets, &mut work, start),
            slow.is_ok(),
            "traced from {}",
            at
        );
        let path = plan.path(&targets, &mut work, start);
        prop_assert_eq!(path.is_some(), slow.is_ok(), "path from {}", at);
        if let (Some(p), Ok(theirs)) = (&path, &slow) {
            prop_assert_eq!(p.hexes[0], start);
            prop_assert!(
                !p.hexes[1..].contains(&start),
                "the plan's path from {} comes back to it",
                at
            );
            prop_assert!(
                !theirs.hexes[1..].contains(&start),
                "search's path from {} comes back to it",
                at
            );
            let checked = check_path(&as_legs, p, &targets, &free);
            prop_assert!(
                checked.is_ok(),
                "the plan's path from {}: {:?}",
                at,
                checked
            );
            if simple_is_promised(&spec) {
                prop_assert!(
                    check_simple(p).is_ok(),
                    "the plan's path from {} passes a hex twice",
                    at
                );
            }
            prop_assert_eq!(
                p.hexes.len(),
                theirs.hexes.len(),
                "the plan's path from {} is not as short as search's",
                at
            );
        }
        let cut = plan.cut(&targets, &mut work, start, &bounds);
        match (cut, slow) {
            (None, Ok(_)) => {}
            (Some(ours), Err(theirs)) => {
                use hexmap::ChainBlock;
                let theirs: Vec<(Hex, ChainBlock)> = theirs
                    .frontier
                    .iter()
                    .map(|b| {
                        let block = match &b.obstacle {
                            Obstacle::NotFree(_) => ChainBlock::NotFree,
                            Obstacle::Refused {
                                from,
                                why: Refusal::OffNetwork { .. },
                            } => ChainBlock::OffNetwork { from: *from },
                            Obstacle::Refused {
                                from,
                                why: Refusal::NotAlong { .. },
                            } => ChainBlock::NotAlong { from: *from },
                            Obstacle::Refused {
                                from,
                                why: Refusal::OutOfBudget { leg: 1, .. },
                            } => ChainBlock::OutOfBudget { from: *from },
                            other => panic!("{other:?}"),
                        };
                        (b.hex, block)
                    })
                    .collect();
                prop_assert_eq!(&ours.frontier, &theirs, "frontier from {}", at);
                prop_assert_eq!(ours.frontier_omitted, 0);
                prop_assert!(!ours.search_stopped);
                let net_cut = theirs.iter().any(|(_, b)| *b != ChainBlock::NotFree);
                prop_assert_eq!(ours.reach.is_some(), net_cut);
                if let Some(reach) = &ours.reach {
                    prop_assert_eq!(
                        reach.hexes.len(),
                        theirs_reached(&as_legs, start, &targets, &free)
                    );
                    if let Some(walk) = &reach.walk_to_net {
                        prop_assert_eq!(walk[0], start);
                        prop_assert!(
                            map.hexes()[map.node(*walk.last().unwrap()).unwrap().index()]
                                .on_road_net
                        );
                    }
                }
            }
            (ours, theirs) => {
                return Err(TestCaseError::fail(format!(
                    "from {at}: the plan's cut {:?}, search {:?}",
                    ours.is_some(),
                    theirs.is_ok()
                )));
            }
        }
    }
    Ok(())
}

/// How many hexes `search` reached from `start` when it is cut.
fn theirs_reached<F: FreeTest<&'static str>>(
    rule: &hexmap::BoundRule<'_>,
    start: Hex,
    targets: &Targets,
    free: &F,
) -> usize {
    search(rule, start, targets, free)
        .err()
        .map_or(0, |c| c.reached)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_chain_plan_is_the_rule_written_as_legs(
        r in map_recipe(),
        k in 0u32..5,
        between in any::<bool>(),
        adjoin in adjoin(),
    ) {
        let w = World::new(&r);
        check_plan(&w, k, between, adjoin)
            .map_err(|e| TestCaseError::fail(format!("{e}\nmap: {}\nk {k} between {between} adjoin {adjoin:?}", w.log)))?;
    }
}

/// Issue 47, item 12: under "the chain must run into the target from a hex of its own" with
/// K = 0, a unit on a road hex beside an off-road target may not step out along the road and
/// back through its own hex (`1004 1003 1004 1005`): its hex is h0, never a chain hex. Every
/// tracer says it is cut; a second road to the target that keeps off its hex lets it trace.
/// (The oracle's answer on the same maps: `tests/oracle.rs`,
/// `the_oracle_never_loops_back_through_the_units_own_hex`.)
#[test]
#[cfg(feature = "toml")] // the map is TOML text
fn no_tracer_loops_back_through_the_units_own_hex() {
    let toml = |roads: &str| {
        format!(
            r#"
name = "a road beside an off-road target"
[layout]
orientation = "pointy"
label = "row-column"
rows = [10, 11]
columns = [1, 5]
shifted = "even"
rows_grow = "north"
columns_grow = "east"
[hexsides]
roads = [{roads}]
"#
        )
    };
    for (roads, traces) in [
        (r#"["1002", "1003", "1004"]"#, false),
        (
            r#"["1002", "1003", "1004"], ["1003", "1104", "1105"]"#,
            true,
        ),
    ] {
        let map = HexMap::from_toml_str(&toml(roads), None).unwrap();
        let h = |l: &str| map.parse(l).unwrap();
        let preset = RoadChain::new(0).with_target(TargetRule::MustAdjoinChain);
        let targets = Targets::new(&map, [h("1005")]).unwrap();
        let free = |_: Hex| None::<()>;
        let bound = preset.rule().bind(&map).unwrap();
        let found = search(&bound, h("1004"), &targets, &free);
        assert_eq!(found.is_ok(), traces, "search: {found:?}");
        let looping = Path::new(vec![h("1004"), h("1003"), h("1004"), h("1005")]);
        assert!(check_path(&bound, &looping, &targets, &free).is_err());
        let tracer = Tracer::new(&bound, &targets, &free);
        assert_eq!(tracer.traced(h("1004")), traces);
        assert_eq!(tracer.trace(h("1004")).is_some(), traces);
        let plan = hexmap::ChainPlan::new(&map, preset, &hexmap::ZocRule::new()).unwrap();
        let mut work = hexmap::ChainWork::default();
        plan.position(&targets, [hexmap::Placed::friendly(h("1004"))], &mut work);
        assert!(plan.on_chain(&work, h("1004")));
        assert_eq!(plan.traced(&targets, &mut work, h("1004")), traces);
        let path = plan.path(&targets, &mut work, h("1004"));
        assert_eq!(path.is_some(), traces);
        if let Some(p) = path {
            check_simple(&p).unwrap();
            check_path(&bound, &p, &targets, &free).unwrap();
        }
        let bounds = hexmap::Bounds::default();
        let cut = plan.cut(&targets, &mut work, h("1004"), &bounds);
        assert_eq!(cut.is_none(), traces, "{cut:?}");
    }
}
