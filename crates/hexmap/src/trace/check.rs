//! The path checks: whether a path obeys a rule ([`check_path`]), passes no hex twice
//! ([`check_simple`]), and a found path with its needless loops left out (what
//! [`crate::trace::search`] answers). A layer between the bound rule's steps and the search.

use crate::coord::Hex;
use crate::free::FreeTest;
use crate::map::Hexside;
use crate::trace::path::Path;
use crate::trace::refusal::refusal;
use crate::trace::step::BoundRule;
use crate::trace::targets::Targets;

/// Check that a path obeys a rule; `Err` says which step breaks it. For tests, and for
/// verifying paths produced elsewhere (a player's claimed supply line).
///
/// A path that enters its start `h0` again is refused, under any rule (a line traced from a
/// unit never comes back through the unit's hex). A path that passes another hex twice is
/// refused when the hexes between the two visits can be left out and what remains still obeys
/// the rule (a needless loop): it passes a hex twice only where the rule makes a leg walk away
/// and come back (a first step that must enter some terrain, say). [`check_simple`] refuses
/// every repeated hex.
///
/// ```
/// use hexmap::{Path, RoadChain, Targets, check_path};
/// # use hexmap::{Layout, MapBuilder, Orientation};
/// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 10..=10, 1..=9))
/// #     .road(["1006", "1007", "1008", "1009"]).build().unwrap();
/// let hexes = |ls: &[&str]| ls.iter().map(|l| map.parse(l).unwrap()).collect::<Vec<_>>();
/// let rule = RoadChain::new(3).rule().bind(&map).unwrap();
/// let targets = Targets::new(&map, hexes(&["1009"])).unwrap();
/// let free = |_h| None::<()>;
/// let good = Path::new(hexes(&["1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]));
/// assert!(check_path(&rule, &good, &targets, &free).is_ok());
/// let bad = Path::new(hexes(&["1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]));
/// assert!(check_path(&rule, &bad, &targets, &free).is_err());
/// // Out to 1003 and back: the loop is needless, so the path is refused.
/// let looping = Path::new(hexes(&["1002", "1003", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009"]));
/// assert!(check_path(&rule, &looping, &targets, &free).is_err());
/// ```
pub fn check_path<R>(
    rule: &BoundRule<'_>,
    path: &Path,
    targets: &Targets,
    free: &impl FreeTest<R>,
) -> Result<(), String> {
    obeys(rule, &path.hexes, targets, free)?;
    let map = rule.map;
    // Each hex against its next visit: the loop between them left out.
    let mut seen: std::collections::HashMap<Hex, usize> = std::collections::HashMap::new();
    for (j, hex) in path.hexes.iter().enumerate() {
        if let Some(i) = seen.insert(*hex, j) {
            let mut shorter = path.hexes[..i].to_vec();
            shorter.extend_from_slice(&path.hexes[j..]);
            if obeys(rule, &shorter, targets, free).is_ok() {
                return Err(format!(
                    "h{i} and h{j} are both {}: the path without the hexes between still obeys the rule",
                    map.label_text(*hex)
                ));
            }
        }
    }
    Ok(())
}

/// Check that a path passes no hex twice; `Err` names the first hex met again. With
/// [`check_path`], for a path that must be simple (any path under a rule whose legs may all be
/// skipped and whose first steps have no rule of their own).
///
/// ```
/// use hexmap::{Hex, Path, Revisit, check_simple};
///
/// let (a, b) = (Hex::new(0, 0), Hex::new(1, 0));
/// assert!(check_simple(&Path::new(vec![a, b])).is_ok());
/// let again = Revisit { hex: a, first: 0, again: 2 };
/// assert_eq!(check_simple(&Path::new(vec![a, b, a])), Err(again));
/// ```
pub fn check_simple(path: &Path) -> Result<(), Revisit> {
    let mut seen: std::collections::HashMap<Hex, usize> = std::collections::HashMap::new();
    for (again, hex) in path.hexes.iter().enumerate() {
        if let Some(first) = seen.insert(*hex, again) {
            return Err(Revisit {
                hex: *hex,
                first,
                again,
            });
        }
    }
    Ok(())
}

/// A path passes a hex twice ([`check_simple`]): the hex, and its two places in the path
/// (`h0` is the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revisit {
    /// The hex.
    pub hex: Hex,
    /// Its first place in the path.
    pub first: usize,
    /// Its next place in the path.
    pub again: usize,
}

impl std::fmt::Display for Revisit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the path passes the hex at q {}, r {} twice (h{} and h{})",
            self.hex.q, self.hex.r, self.first, self.again
        )
    }
}

impl std::error::Error for Revisit {}

/// Whether the hexes `h` make a path under `rule` ([`check_path`] without the loop test): what
/// each leg spends on it, in leg order (the least, leg by leg, of one way to read it), when
/// they do.
fn obeys<R>(
    rule: &BoundRule<'_>,
    h: &[Hex],
    targets: &Targets,
    free: &impl FreeTest<R>,
) -> Result<Vec<u32>, String> {
    let map = rule.map;
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
    let mut states = PrefixStates::start(rule);
    if h.len() == 1 {
        return Ok(vec![0; rule.legs.len()]);
    }
    let mut prev = s;
    for i in 1..h.len() {
        let Some(v) = map.node(h[i]).map(|n| n.index()) else {
            return Err(format!("h{i} is off the map"));
        };
        if v == s {
            return Err(format!("h{i} = {} enters the start h0 again", label(h[i])));
        }
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
        if last_step
            && rule.target.exempts_last_step()
            && let Some(spent) = states.stepping_into_target()
        {
            return Ok(spent);
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
    states
        .ended()
        .ok_or_else(|| "the path ends before a leg that may not be skipped".into())
}

/// `path` (which obeys `rule`) with every loop left out that may be: while a hex is met again
/// and the path without the hexes between still obeys the rule, those hexes go; then what each
/// leg spends is read again. The hexes of `path` are all free (a search entered them), so the
/// free test is not asked again. A path that passes no hex twice comes back as it is.
pub(crate) fn without_needless_loops(rule: &BoundRule<'_>, path: Path, targets: &Targets) -> Path {
    let every_hex_free = |_: Hex| None::<()>;
    let mut hexes = path.hexes;
    let mut shortened = false;
    'again: loop {
        let mut seen: std::collections::HashMap<Hex, usize> = std::collections::HashMap::new();
        for (j, hex) in hexes.iter().enumerate() {
            if let Some(i) = seen.insert(*hex, j) {
                let mut shorter = hexes[..i].to_vec();
                shorter.extend_from_slice(&hexes[j..]);
                if obeys(rule, &shorter, targets, &every_hex_free).is_ok() {
                    hexes = shorter;
                    shortened = true;
                    continue 'again;
                }
            }
        }
        break;
    }
    let spent = if shortened {
        obeys(rule, &hexes, targets, &every_hex_free).unwrap_or_default()
    } else {
        path.spent
    };
    Path { hexes, spent }
}

/// The states a prefix of a path can be in, for [`check_path`]: per (leg, started), the least
/// spent, and what every leg had spent on the way there.
struct PrefixStates<'r, 'm> {
    rule: &'r BoundRule<'m>,
    states: Vec<Option<Spent>>,
}

/// A state of [`PrefixStates`]: what its leg has spent, and what each leg spent on the way.
#[derive(Clone, Debug)]
struct Spent {
    used: u32,
    legs: Vec<u32>,
}

impl<'r, 'm> PrefixStates<'r, 'm> {
    /// Before the first step: leg 0, not started, nothing spent.
    fn start(rule: &'r BoundRule<'m>) -> Self {
        let mut states = vec![None; rule.legs.len() * 2];
        states[Self::idx(0, false)] = Some(Spent {
            used: 0,
            legs: vec![0; rule.legs.len()],
        });
        PrefixStates { rule, states }
    }

    fn idx(leg: usize, started: bool) -> usize {
        leg * 2 + usize::from(started)
    }

    /// The state in which leg `leg` may be left here, if any: it has taken a step, or may be
    /// skipped.
    fn leaving(&self, leg: usize) -> Option<&Spent> {
        self.states[Self::idx(leg, true)].as_ref().or_else(|| {
            (self.rule.legs[leg].skippable)
                .then(|| self.states[Self::idx(leg, false)].as_ref())
                .flatten()
        })
    }

    /// Move on to the next leg, without a step, wherever a leg may be left.
    fn close(&mut self) {
        for leg in 0..self.rule.legs.len().saturating_sub(1) {
            if let Some(from) = self.leaving(leg) {
                let legs = from.legs.clone();
                self.states[Self::idx(leg + 1, false)] = Some(Spent { used: 0, legs });
            }
        }
    }

    /// What each leg spent, when the path may end here.
    fn ended(&self) -> Option<Vec<u32>> {
        (0..self.rule.legs.len())
            .filter(|&leg| self.rule.rest_skippable(leg + 1))
            .find_map(|leg| self.leaving(leg))
            .map(|s| s.legs.clone())
    }

    /// What each leg spent, when the exempt last step may leave here: wherever the path may
    /// end, or, when it must leave a hex the last leg entered, where that leg has taken a step.
    fn stepping_into_target(&self) -> Option<Vec<u32>> {
        if self.rule.target.exempt_from_last_leg() {
            let last = self.rule.legs.len().saturating_sub(1);
            self.states
                .get(Self::idx(last, true))
                .and_then(Option::as_ref)
                .map(|s| s.legs.clone())
        } else {
            self.ended()
        }
    }

    /// The states after the step `prev -> v` across `side`; when no state may take it, the
    /// last refusal in words (`None`: there was none).
    fn step(&self, prev: usize, v: usize, side: Hexside) -> Result<Self, Option<String>> {
        let (rule, map) = (self.rule, self.rule.map);
        let mut next: Vec<Option<Spent>> = vec![None; rule.legs.len() * 2];
        let mut why = None;
        for (leg, l) in rule.legs.iter().enumerate() {
            for started in [false, true] {
                let Some(state) = &self.states[Self::idx(leg, started)] else {
                    continue;
                };
                match l.step_rule(started).check(map, prev, v, side, leg) {
                    Err(w) => why = Some(refusal(rule, w).to_string()),
                    Ok(()) => {
                        let nu = state.used.saturating_add(l.budget.cost(map, v, side));
                        if l.budget.limit().is_some_and(|lim| nu > lim) {
                            why = Some(format!("leg {} has spent its budget", leg + 1));
                            continue;
                        }
                        let slot = &mut next[Self::idx(leg, true)];
                        if slot.as_ref().is_none_or(|s| nu < s.used) {
                            let mut legs = state.legs.clone();
                            if let Some(x) = legs.get_mut(leg) {
                                *x = if l.budget.limit().is_some() { nu } else { 0 };
                            }
                            *slot = Some(Spent { used: nu, legs });
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
