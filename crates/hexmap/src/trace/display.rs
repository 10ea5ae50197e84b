//! The trace's errors and answers in words: [`RuleError`] as an error, and a
//! [`Cut`](crate::Cut), its [`Obstacle`](crate::Obstacle)s and the crate's own free-test
//! reason ([`Blocking`](crate::Blocking)) in a player's words.

use std::fmt;

use crate::map::HexMap;
use crate::trace::refusal::Refusal;
use crate::trace::rule::RuleError;
use crate::trace::search::{Blocked, Cut, Obstacle};

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::UnknownName {
                leg,
                field,
                unknown,
            } => crate::text::inline(f, format_args!("leg {leg}, `{field}`: {unknown}")),
            RuleError::NoLegs => write!(f, "a trace rule needs at least one leg"),
            RuleError::BudgetTooLarge { leg, budget, max } => write!(
                f,
                "leg {leg}: a budget of {budget} is more than the {max} a trace supports"
            ),
        }
    }
}

impl std::error::Error for RuleError {}

impl<R> Obstacle<R> {
    /// What stops a path here in a player's words: the free test's reason as `reason` says
    /// it (for the crate's own, [`Blocking::display`](crate::Blocking::display), which names
    /// units by id), or the rule's refusal and the hex of the step refused, by its label on
    /// `map`.
    ///
    /// ```
    /// use hexmap::{Hex, Obstacle, Refusal};
    /// # use hexmap::{Layout, MapBuilder, Orientation};
    /// # let map = MapBuilder::new("x", Layout::row_column(Orientation::Pointy, 1..=1, 1..=4)).build()?;
    /// let from = map.parse("0102")?;
    /// let refused: Obstacle<()> = Obstacle::Refused {
    ///     from,
    ///     why: Refusal::Terrain { terrain: "swamp".into() },
    /// };
    /// assert_eq!(
    ///     refused.display(&map, |_| "").to_string(),
    ///     "swamp terrain is not allowed (the step from 0102)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn display<'a, D: fmt::Display>(
        &'a self,
        map: &'a HexMap,
        reason: impl Fn(&'a R) -> D + 'a,
    ) -> impl fmt::Display + 'a {
        Words(move |f: &mut fmt::Formatter<'_>| match self {
            Obstacle::NotFree(r) => write!(f, "{}", reason(r)),
            Obstacle::Refused { from, why } => {
                write!(f, "{why} (the step from {})", map.label_text(*from))
            }
        })
    }
}

impl<R> Blocked<R> {
    /// `LABEL: obstacle`, in [`Obstacle::display`]'s words; where more than one leg refused a
    /// step into it, every leg's refusal in leg order instead, each with the hex of its step
    /// (`0208: leg 1 needs 5 > 4 hexes (the step from 0209); no rail across the hexside (the
    /// step from 0209)`).
    pub fn display<'a, D: fmt::Display>(
        &'a self,
        map: &'a HexMap,
        reason: impl Fn(&'a R) -> D + 'a,
    ) -> impl fmt::Display + 'a {
        let obstacle = self.obstacle.display(map, reason);
        Words(move |f: &mut fmt::Formatter<'_>| {
            write!(f, "{}: ", map.label_text(self.hex))?;
            if self.refusals.len() < 2 {
                return write!(f, "{obstacle}");
            }
            for (i, (from, why)) in self.refusals.iter().enumerate() {
                let sep = if i == 0 { "" } else { "; " };
                write!(f, "{sep}{why} (the step from {})", map.label_text(*from))?;
            }
            Ok(())
        })
    }
}

impl<R> Cut<R> {
    /// Why no path exists, in a player's words. One line of summary: how many hexes a path
    /// could reach, then, when the free test blocks every way on, its reasons (the enemy units
    /// that block), otherwise the reached hex nearest a target ([`Cut::nearest`]) and the
    /// closest a budget came (`leg 1 needs 6 > 5 movement points`: into that target when a
    /// budget stopped a step into it, else the least overrun). Then one line per blocked hex of the frontier
    /// (`  1005: enemy unit X is on it`), in [`Blocked::display`]'s words with `reason`
    /// saying the free test's reasons.
    ///
    /// ```
    /// use hexmap::{Layout, MapBuilder, Orientation, Position, RoadChain, Targets, Unit, ZocRule};
    ///
    /// let map = MapBuilder::new("row", Layout::row_column(Orientation::Pointy, 1..=1, 1..=5)).build()?;
    /// let position = Position::new(&map, vec![
    ///     Unit::at_label("F", "friend", &map, "0101")?,
    ///     Unit::at_label("E-1", "enemy", &map, "0104")?,
    /// ])?;
    /// let free = position.blocking(&map, "friend", &position.zoc(&map, "enemy"), &ZocRule::new());
    /// let rule = RoadChain::new(4).rule().bind(&map)?;
    /// let targets = Targets::new(&map, [map.parse("0105")?]);
    /// let cut = hexmap::search(&rule, map.parse("0101")?, &targets, &free).unwrap_err();
    /// assert_eq!(
    ///     cut.display(&map, |b| b.display(&position)).to_string(),
    ///     "no path: 2 hexes reached, and every way on is blocked \
    ///      (in the zone of control of enemy unit E-1):\n  \
    ///      0103: in the zone of control of enemy unit E-1"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn display<'a, D: fmt::Display>(
        &'a self,
        map: &'a HexMap,
        reason: impl Fn(&'a R) -> D + Copy + 'a,
    ) -> impl fmt::Display + 'a {
        Words(move |f: &mut fmt::Formatter<'_>| {
            self.summary(f, map, reason)?;
            for blocked in &self.frontier {
                write!(f, "\n  {}", blocked.display(map, reason))?;
            }
            Ok(())
        })
    }

    /// The first line of [`Cut::display`].
    fn summary<'a, D: fmt::Display>(
        &'a self,
        f: &mut fmt::Formatter<'_>,
        map: &HexMap,
        reason: impl Fn(&'a R) -> D,
    ) -> fmt::Result {
        let hexes = if self.reached == 1 { "hex" } else { "hexes" };
        write!(f, "no path: {} {hexes} reached", self.reached)?;
        if self.frontier.is_empty() {
            return write!(f, ", and no hex beyond them");
        }
        let free_test: Vec<&R> = (self.frontier.iter())
            .filter_map(|b| match &b.obstacle {
                Obstacle::NotFree(r) => Some(r),
                Obstacle::Refused { .. } => None,
            })
            .collect();
        if free_test.len() == self.frontier.len() {
            let mut reasons: Vec<String> = free_test
                .into_iter()
                .map(|r| reason(r).to_string())
                .collect();
            reasons.sort();
            reasons.dedup();
            return write!(f, ", and every way on is blocked ({}):", reasons.join("; "));
        }
        if let Some((from, target, steps)) = self.nearest {
            let unit = if steps == 1 { "hex" } else { "hexes" };
            write!(
                f,
                ", {} the nearest, {steps} {unit} from the target {}",
                map.label_text(from),
                map.label_text(target)
            )?;
        }
        // The budget that came closest: into the nearest target first, then the least overrun.
        let target = self.nearest.map(|(_, t, _)| t);
        let closest = (self.frontier.iter())
            .flat_map(|b| b.refusals.iter().map(move |(_, r)| (b.hex, r)))
            .filter_map(|(hex, r)| match r {
                Refusal::OutOfBudget { budget, needed, .. } => Some((
                    (Some(hex) != target, needed.saturating_sub(*budget)),
                    hex,
                    r,
                )),
                _ => None,
            })
            .min_by_key(|(key, ..)| *key);
        if let Some((_, hex, r)) = closest {
            write!(f, "; the closest try: {r} to enter {}", map.label_text(hex))?;
        }
        write!(f, "; every way on is blocked:")
    }
}

/// Words written by a closure.
struct Words<F>(F);

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Words<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}
