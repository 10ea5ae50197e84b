//! A rule bound to one map: names resolved to bits and indices, steps checked fast.

use std::sync::Arc;

use crate::map::{HexMap, Hexside, UnknownName};

use crate::trace::custom::Step;
use crate::trace::rule::{Budget, MAX_BUDGET, RuleError, StepRule, TargetRule, TraceRule};
use crate::trace::why::Why;

/// A compiled predicate; it may borrow what the bound rule borrows.
pub(crate) type CFn<'m> = Arc<dyn Fn(&Step<'_>) -> bool + Send + Sync + 'm>;

#[derive(Clone)]
pub(crate) enum CStep<'m> {
    Any,
    Along(u32),
    IntoNet(u32),
    Between(u32),
    NotAcross(u32, u32),
    IntoTerrain(Vec<bool>),
    NotIntoTerrain(Vec<bool>),
    All(Vec<CStep<'m>>),
    Either(Vec<CStep<'m>>),
    Custom(u16, CFn<'m>),
}

#[derive(Clone)]
pub(crate) enum CBudget {
    Hexes(u32),
    Points {
        points: u32,
        terrain: Vec<u32>,
        hexsides: Vec<(u32, u32, u32)>,
    },
    Unlimited,
}

#[derive(Clone)]
pub(crate) struct CLeg<'m> {
    pub(crate) budget: CBudget,
    pub(crate) steps: CStep<'m>,
    pub(crate) join: Option<CStep<'m>>,
    pub(crate) skippable: bool,
}

/// A [`TraceRule`] checked against one map: every name it uses exists there. Made by
/// [`TraceRule::bind`]; [`crate::trace::search`] and [`crate::trace::Tracer`] use it.
#[derive(Clone)]
pub struct BoundRule<'m> {
    pub(crate) map: &'m HexMap,
    pub(crate) legs: Vec<CLeg<'m>>,
    pub(crate) target: TargetRule,
    pub(crate) rule: TraceRule,
    pub(crate) custom_names: Vec<String>,
}

impl std::fmt::Debug for BoundRule<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoundRule")
            .field("map", &self.map.name())
            .field("rule", &self.rule)
            .finish()
    }
}

impl<'m> BoundRule<'m> {
    /// The rule with `test` as the predicate of every custom step named `name` (made by
    /// [`StepRule::custom_named`] or [`StepRule::custom`]): a predicate that may borrow the
    /// caller's data for as long as the bound rule is used. A predicate that asks for names
    /// finds them first on the map the rule is bound to, by its checked look-ups
    /// (`map.hexside_feature("river")?`, [`HexMap::hex_feature`], [`HexMap::terrain_type`]),
    /// so that a name the map lacks is an error there, never a step silently refused.
    ///
    /// ```
    /// use hexmap::{Leg, StepRule, Targets, TraceRule, search};
    /// # use hexmap::{Layout, MapBuilder, Orientation};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4)).build().unwrap();
    /// let hex = |l: &str| map.parse(l).unwrap();
    /// let mined = vec![hex("0103")]; // the caller's own data, borrowed
    /// let rule = TraceRule::new([Leg::unlimited().steps(StepRule::custom_named("not mined"))])
    ///     .bind(&map)
    ///     .unwrap()
    ///     .with_predicate("not mined", |step| !mined.contains(&step.to()));
    /// let targets = Targets::new(&map, [hex("0104")]);
    /// assert!(search(&rule, hex("0101"), &targets, &|_h| None::<()>).is_err());
    /// ```
    pub fn with_predicate(
        mut self,
        name: &str,
        test: impl Fn(&Step<'_>) -> bool + Send + Sync + 'm,
    ) -> BoundRule<'m> {
        let test: CFn<'m> = Arc::new(test);
        let names = &self.custom_names;
        fn replace<'m>(step: &mut CStep<'m>, names: &[String], name: &str, test: &CFn<'m>) {
            match step {
                CStep::Custom(i, f) if names.get(usize::from(*i)).is_some_and(|n| n == name) => {
                    *f = test.clone();
                }
                CStep::All(v) | CStep::Either(v) => {
                    for s in v {
                        replace(s, names, name, test);
                    }
                }
                _ => {}
            }
        }
        for leg in &mut self.legs {
            replace(&mut leg.steps, names, name, &test);
            if let Some(j) = &mut leg.join {
                replace(j, names, name, &test);
            }
        }
        self
    }
}

impl TraceRule {
    /// Check the rule against a map and resolve its names: the form that tracing uses. Every
    /// terrain, hexside feature or hex feature the rule names (in a step rule, a cost, a
    /// custom step's look-ups) must be one the map has: a name it lacks is refused, naming the
    /// leg and the field that gives it (`costs.terrain`, `steps.not_across`), the name and the
    /// names the map has (and, where the kit is built, the nearest).
    ///
    /// ```
    /// use hexmap::{Layout, Leg, MapBuilder, Orientation, RuleError, StepRule, TraceRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=2, 1..=3))
    ///     .hexsides("river", ["0101/E"])
    ///     .build()?;
    /// let across = |f: &str| {
    ///     TraceRule::new([Leg::unlimited().steps(StepRule::NotAcross {
    ///         features: vec![f.into()],
    ///         unless: vec![],
    ///     })])
    /// };
    /// assert!(across("river").bind(&map).is_ok());
    /// let e = across("rivr").bind(&map).unwrap_err();
    /// assert!(matches!(&e, RuleError::UnknownName { leg: 1, unknown, .. } if unknown.name == "rivr"));
    /// assert!(e.to_string().starts_with(
    ///     "leg 1, `steps.not_across`: the map has no hexside feature `rivr` \
    ///      (it has: road, trail, blocks-zoc, impassable, river)"
    /// ));
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn bind<'m>(&self, map: &'m HexMap) -> Result<BoundRule<'m>, RuleError> {
        self.bind_with(map, Unknown::Refused)
    }

    /// [`TraceRule::bind`], but a terrain or hexside feature the rule's step rules and costs
    /// name that the map lacks binds as empty instead of being refused: it matches no hex or
    /// hexside (a cost for `mountain` never applies, `unless = ["bridge"]` never waives, and
    /// `Along(["rail"])` allows no step). Use it only for one rules table meant for a game's
    /// many maps, some of which lack some of its names; for a rule meant for the map at hand,
    /// where a missing name is a typo, use [`TraceRule::bind`]. A custom step's own look-ups
    /// ([`StepRule::custom`]) are refused as under [`TraceRule::bind`].
    ///
    /// ```
    /// use hexmap::{Layout, Leg, MapBuilder, Orientation, StepRule, TraceRule};
    /// let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=2, 1..=3))
    ///     .build()?;
    /// let rail = TraceRule::new([Leg::unlimited().steps(StepRule::Along(vec!["rail".into()]))]);
    /// assert!(rail.bind(&map).is_err()); // this map has no `rail`
    /// assert!(rail.bind_lenient(&map).is_ok()); // no step is along a rail here
    /// # Ok::<(), hexmap::BuildError>(())
    /// ```
    pub fn bind_lenient<'m>(&self, map: &'m HexMap) -> Result<BoundRule<'m>, RuleError> {
        self.bind_with(map, Unknown::Empty)
    }

    fn bind_with<'m>(&self, map: &'m HexMap, unknown: Unknown) -> Result<BoundRule<'m>, RuleError> {
        if self.legs.is_empty() {
            return Err(RuleError::NoLegs);
        }
        let mut custom_names = Vec::new();
        let mut legs = Vec::with_capacity(self.legs.len());
        for (i, leg) in self.legs.iter().enumerate() {
            let names = Names {
                map,
                leg: i + 1,
                unknown,
            };
            let n = names.leg;
            let budget = match &leg.budget {
                Budget::Hexes(h) => {
                    check_budget(n, *h)?;
                    CBudget::Hexes(*h)
                }
                Budget::Unlimited => CBudget::Unlimited,
                Budget::MovementPoints { points, costs } => {
                    check_budget(n, *points)?;
                    let mut terrain = vec![costs.default_cost(); map.terrain_names().len()];
                    for (name, cost) in &costs.terrain {
                        if let Some(t) = terrain_index(names, name, "costs.terrain")? {
                            terrain[t] = *cost;
                        }
                    }
                    let mut hexsides = Vec::new();
                    for (k, h) in costs.hexsides.iter().enumerate() {
                        let at = |field| format!("costs.hexsides[{k}].{field}");
                        hexsides.push((
                            mask(names, std::slice::from_ref(&h.feature), &at("feature"))?,
                            h.extra,
                            mask(names, &h.waived_by, &at("waived_by"))?,
                        ));
                    }
                    CBudget::Points {
                        points: *points,
                        terrain,
                        hexsides,
                    }
                }
            };
            let steps = compile(names, &leg.steps, &mut custom_names, "steps")?;
            let join = match &leg.join {
                Some(j) => Some(compile(names, j, &mut custom_names, "joined_by")?),
                None => None,
            };
            legs.push(CLeg {
                budget,
                steps,
                join,
                skippable: leg.skippable,
            });
        }
        Ok(BoundRule {
            map,
            legs,
            target: self.target,
            rule: self.clone(),
            custom_names,
        })
    }
}

fn check_budget(leg: usize, budget: u32) -> Result<(), RuleError> {
    if budget > MAX_BUDGET {
        return Err(RuleError::BudgetTooLarge {
            leg,
            budget,
            max: MAX_BUDGET,
        });
    }
    Ok(())
}

/// A terrain's index by the map's resolver; a terrain the map lacks is `None` (binds as
/// empty), or refused ([`Unknown`]) naming the leg's `field` that gave it.
fn terrain_index(n: Names<'_>, name: &str, field: &str) -> Result<Option<usize>, RuleError> {
    match n.map.resolve_terrain(name) {
        Ok(t) => Ok(Some(t)),
        Err(_) if n.unknown == Unknown::Empty => Ok(None),
        Err(unknown) => Err(n.refuse(field, unknown)),
    }
}

/// The bits of hexside features by the map's resolver; a feature the map lacks has none
/// (binds as empty, matching no hexside), or is refused ([`Unknown`]) naming the leg's
/// `field` that gave it.
fn mask(n: Names<'_>, names: &[String], field: &str) -> Result<u32, RuleError> {
    let mut m = 0;
    for name in names {
        match n.map.resolve_hexside_feature(name) {
            Ok(bit) => m |= bit,
            Err(_) if n.unknown == Unknown::Empty => {}
            Err(unknown) => return Err(n.refuse(field, unknown)),
        }
    }
    Ok(m)
}

/// What a name the map lacks (a terrain, a hexside feature) binds as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unknown {
    /// As empty: it matches nothing ([`TraceRule::bind_lenient`]).
    Empty,
    /// It is refused, naming it ([`TraceRule::bind`]).
    Refused,
}

/// What names are resolved against: the map, the leg (for errors), and what a name the map
/// lacks binds as.
#[derive(Clone, Copy)]
struct Names<'a> {
    map: &'a HexMap,
    leg: usize,
    unknown: Unknown,
}

impl Names<'_> {
    /// The refusal of a name the map lacks, given by the leg's `field`.
    fn refuse(self, field: &str, unknown: UnknownName) -> RuleError {
        RuleError::UnknownName {
            leg: self.leg,
            field: field.to_string(),
            unknown,
        }
    }
}

fn terrain_set(n: Names<'_>, names: &[String], field: &str) -> Result<Vec<bool>, RuleError> {
    let mut set = vec![false; n.map.terrain_names().len()];
    for name in names {
        if let Some(t) = terrain_index(n, name, field)? {
            set[t] = true;
        }
    }
    Ok(set)
}

/// A step rule bound to the map; `at` is where it sits in its leg (`steps`,
/// `joined_by.all[1]`), which a refusal names.
fn compile<'m>(
    n: Names<'_>,
    rule: &StepRule,
    names: &mut Vec<String>,
    at: &str,
) -> Result<CStep<'m>, RuleError> {
    let mask = |f: &[String], what: &str| mask(n, f, &format!("{at}.{what}"));
    let terrain = |t: &[String], what: &str| terrain_set(n, t, &format!("{at}.{what}"));
    let each = |rules: &[StepRule], what: &str, names: &mut Vec<String>| {
        (rules.iter().enumerate())
            .map(|(i, r)| compile(n, r, names, &format!("{at}.{what}[{i}]")))
            .collect::<Result<_, _>>()
    };
    Ok(match rule {
        StepRule::Any => CStep::Any,
        StepRule::Along(f) => CStep::Along(mask(f, "along")?),
        StepRule::IntoNetwork(f) => CStep::IntoNet(mask(f, "into_network")?),
        StepRule::Between(f) => CStep::Between(mask(f, "between")?),
        StepRule::NotAcross { features, unless } => CStep::NotAcross(
            mask(features, "not_across")?,
            mask(unless, "not_across.unless")?,
        ),
        StepRule::IntoTerrain(t) => CStep::IntoTerrain(terrain(t, "into_terrain")?),
        StepRule::NotIntoTerrain(t) => CStep::NotIntoTerrain(terrain(t, "not_into_terrain")?),
        StepRule::All(rules) => CStep::All(each(rules, "all", names)?),
        StepRule::Either(rules) => CStep::Either(each(rules, "either", names)?),
        StepRule::Custom { name, make } => {
            let field = format!("{at}.custom({name})");
            let test: CFn<'m> = make(n.map).map_err(|unknown| n.refuse(&field, unknown))?;
            let i = u16::try_from(names.len()).unwrap_or(u16::MAX);
            names.push(name.clone());
            CStep::Custom(i, test)
        }
        StepRule::Supplied { name } => {
            let i = u16::try_from(names.len()).unwrap_or(u16::MAX);
            names.push(name.clone());
            CStep::Custom(i, Arc::new(|_: &Step<'_>| false))
        }
    })
}

/// `Ok` at the first step rule that allows a step (the later ones are not asked), else the
/// strongest refusal: what [`CStep::Either`] answers.
fn first_allowed(checks: impl Iterator<Item = Result<(), Why>>) -> Result<(), Why> {
    let mut worst: Option<Why> = None;
    for c in checks {
        match c {
            Ok(()) => return Ok(()),
            Err(w) => {
                if worst.is_none_or(|x| w.priority() > x.priority()) {
                    worst = Some(w);
                }
            }
        }
    }
    worst.map_or(Ok(()), Err)
}

impl CStep<'_> {
    /// Whether the step `from -> to` across `side` is allowed.
    pub(crate) fn check(
        &self,
        map: &HexMap,
        from: usize,
        to: usize,
        side: Hexside,
        leg: usize,
    ) -> Result<(), Why> {
        let net = |n: usize, m: u32| map.sides_mask(n) & m != 0;
        match self {
            CStep::Any => Ok(()),
            CStep::Along(m) => {
                if side.mask() & m != 0 {
                    Ok(())
                } else if net(to, *m) {
                    Err(Why::NotAlong(*m))
                } else {
                    Err(Why::OffNetwork(*m))
                }
            }
            CStep::IntoNet(m) => {
                if net(to, *m) {
                    Ok(())
                } else {
                    Err(Why::OffNetwork(*m))
                }
            }
            CStep::Between(m) => {
                if !net(to, *m) {
                    Err(Why::OffNetwork(*m))
                } else if !net(from, *m) {
                    Err(Why::NotAlong(*m))
                } else {
                    Ok(())
                }
            }
            CStep::NotAcross(m, unless) => {
                let s = side.mask();
                if s & m != 0 && s & unless == 0 {
                    Err(Why::Across(s & m))
                } else {
                    Ok(())
                }
            }
            CStep::IntoTerrain(set) => {
                let t = map.hexes()[to].terrain;
                if set.get(usize::from(t)).copied().unwrap_or(false) {
                    Ok(())
                } else {
                    Err(Why::Terrain(t))
                }
            }
            CStep::NotIntoTerrain(set) => {
                let t = map.hexes()[to].terrain;
                if set.get(usize::from(t)).copied().unwrap_or(false) {
                    Err(Why::Terrain(t))
                } else {
                    Ok(())
                }
            }
            CStep::All(rules) => {
                for r in rules {
                    r.check(map, from, to, side, leg)?;
                }
                Ok(())
            }
            CStep::Either(rules) => {
                first_allowed(rules.iter().map(|r| r.check(map, from, to, side, leg)))
            }
            CStep::Custom(i, test) => {
                let step = Step::new(map, from, to, side, leg);
                if test(&step) {
                    Ok(())
                } else {
                    Err(Why::Custom(*i))
                }
            }
        }
    }
}

impl CBudget {
    /// The most this leg may spend, `None` for no limit.
    pub(crate) fn limit(&self) -> Option<u32> {
        match self {
            CBudget::Hexes(n) => Some(*n),
            CBudget::Points { points, .. } => Some(*points),
            CBudget::Unlimited => None,
        }
    }

    /// What the step costs against this budget.
    pub(crate) fn cost(&self, map: &HexMap, to: usize, side: Hexside) -> u32 {
        match self {
            CBudget::Hexes(_) => 1,
            CBudget::Unlimited => 0,
            CBudget::Points {
                terrain, hexsides, ..
            } => {
                let t = usize::from(map.hexes()[to].terrain);
                let mut c = terrain.get(t).copied().unwrap_or(1);
                let s = side.mask();
                for &(m, extra, waived) in hexsides {
                    if s & m != 0 && s & waived == 0 {
                        c = c.saturating_add(extra);
                    }
                }
                c
            }
        }
    }
}

impl CLeg<'_> {
    /// The step rule a step of this leg is checked by: its first step (`started == false`) by
    /// the join rule, when there is one.
    pub(crate) fn step_rule(&self, started: bool) -> &CStep<'_> {
        match (&self.join, started) {
            (Some(j), false) => j,
            _ => &self.steps,
        }
    }
}

impl BoundRule<'_> {
    /// The rule this was bound from.
    pub fn rule(&self) -> &TraceRule {
        &self.rule
    }

    /// Whether legs `from..` may all be skipped.
    pub(crate) fn rest_skippable(&self, from: usize) -> bool {
        self.legs.iter().skip(from).all(|l| l.skippable)
    }

    /// Names of the features in a hexside mask, for explanations.
    pub(crate) fn feature_names(&self, m: u32) -> Vec<String> {
        self.map.hexside_features_in(m)
    }
}
