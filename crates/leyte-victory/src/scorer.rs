//! Many positions on one map and scenario: a [`Scorer`] checks and prepares the scenario once,
//! a [`Session`] keeps the tracing tables from one position to the next.
//!
//! [`score`] is a scorer used once; a scorer used many times gives the same reports
//! (tested on perturbed positions), without checking the scenario, binding the rule or
//! allocating the map-sized tables again for each position. Three answers, from the most to
//! the least work: the [`Report`] (every award and its evidence in words), the [`Sheet`] (the
//! same as data: indices and hexes, no text), the [`Verdict`] (the totals and the level).

use hexmap::HexMap;

use crate::board::{Board, Prepared, Spare};
use crate::engine;
use crate::error::Error;
use crate::loc::{self, LocPlan, LocWork};
use crate::model::{Position, Scenario};
use crate::ratio::Verdict;
use crate::report::Report;
use crate::sheet::{LocLine, Sheet};
use crate::words;

/// Score a position: every award with its evidence, the ratio, the level and the margins.
///
/// The position and scenario are checked against the map first; every problem is reported.
///
/// ```
/// use leyte_victory::{
///     AwardKind, ExitRequirement, Objective, PositionBuilder, Scenario, Side, VictoryLevel, beach,
///     score,
/// };
///
/// // Two rows of nine hexes: a road 1006-1009 to the Northern beach at 1009, airfields at 1103
/// // and 1105.
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "LOC corridor"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 11]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [features]
/// # airfield = ["1103", "1105"]
/// # [areas.northern-beach]
/// # name = "Northern Beach Area"
/// # hexes = ["1009"]
/// # [areas.eastern-beach]
/// # name = "Eastern Beach Area"
/// # hexes = ["1109"]
/// # [areas.southern-beach]
/// # name = "Southern Beach Area"
/// # hexes = ["1101"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &[beach::NORTHERN])
///     .with_objective(Objective::occupy("Roadhead", Side::Us, 20, [map.parse("1006").unwrap()]))
///     .with_objective(Objective::per_unit_near("Airfields", Side::Japanese, 10, "airfield"))
///     .with_exit_requirement(ExitRequirement::new(Side::Us, [], 1, 5));
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1006") // on the road: traces, holds the Roadhead
///     .unit("J-1", Side::Japanese, "1-1-4", "1104") // next to both airfields: scores once
///     .eliminated("J-2", Side::Japanese, "2-2-4")
///     .build()
///     .unwrap();
/// let report = score(&map, &scenario, &position).unwrap();
/// assert_eq!(report.us.total, 20 + 4);
/// assert_eq!(report.japanese.total, 10 + 5); // the airfields, and no US unit exited
/// let kinds: Vec<AwardKind> = report.japanese.awards.iter().map(|a| a.kind).collect();
/// assert_eq!(kinds, [AwardKind::Objective, AwardKind::ExitShortfall]);
/// assert_eq!(report.ratio.text, "1.60 to 1");
/// assert_eq!(report.level, VictoryLevel::JapaneseMarginal);
/// assert!(report.loc[0].traced);
///
/// // A scenario naming an area the map lacks is an error, not a silent zero.
/// let wrong = Scenario::new("Wrong", &["western-beach"]);
/// assert!(score(&map, &wrong, &position).is_err());
/// ```
pub fn score(map: &HexMap, scenario: &Scenario, position: &Position) -> Result<Report, Error> {
    loc::with_board(map, scenario, position, report)
}

/// [`score`] on a position already checked against its scenario and map (a
/// [`crate::State`]): the same report, without checking again.
pub(crate) fn score_checked(
    map: &HexMap,
    scenario: &Scenario,
    position: &Position,
) -> Result<Report, Error> {
    loc::with_checked_board(map, scenario, position, report)
}

/// The report of a position on its board: every award with its evidence, in words.
fn report<'p, 'm>(
    plan: &'p LocPlan<'m>,
    board: &Board<'_, '_>,
    work: &mut LocWork<'p, 'm>,
) -> Report {
    let sheet = engine::sheet_with_evidence(plan, board, work);
    words::report(plan, board, &sheet, sheet.evidence().unwrap_or(&[]))
}

/// A scenario checked against its map once, ready to score any number of positions on it.
///
/// [`Scorer::score`] gives the same [`Report`] as [`crate::score`] for the same map, scenario
/// and position, errors included; [`Scorer::sheet`] gives the same as data, without text
/// ([`Scorer::report`] puts a sheet in words); [`Scorer::verdict`] gives only the totals and the
/// level. For many positions in a row, a [`Session`] ([`Scorer::session`]) also keeps the
/// tracing tables between positions. A scorer is `Sync`: threads share one, each with its own
/// session (with the feature `parallel`, `score_many` does that).
///
/// ```
/// use leyte_victory::{BeachBonus, Objective, PositionBuilder, Scenario, Scorer, Side};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [places]
/// # Roadhead = "1006"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1009"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// // Nine hexes in a row, 1001-1009; a road 1006-1009; the beach at 1009.
/// let scenario = Scenario::new("Example", &["beach"])
///     .with_beach_bonus(BeachBonus::none())
///     .with_objective(Objective::occupy("Roadhead", Side::Us, 20, [map.parse("1006").unwrap()]));
/// let scorer = Scorer::new(&map, &scenario).unwrap(); // the scenario is checked here, once
///
/// // The US unit walks west along the row: it traces from 1002 (three hexes, then the road)
/// // but not from 1001.
/// let mut session = scorer.session();
/// let mut totals = Vec::new();
/// for hex in ["1006", "1002", "1001"] {
///     let position = PositionBuilder::new(&map).unit("US-1", Side::Us, "4-6-5", hex).build().unwrap();
///     let report = session.score(&position).unwrap();
///     assert_eq!(report, leyte_victory::score(&map, &scenario, &position).unwrap());
///     assert_eq!(session.verdict(&position).unwrap(), report.verdict());
///     totals.push((report.us.total, report.japanese.total));
/// }
/// assert_eq!(totals, [(20, 0), (0, 0), (0, 10)]);
///
/// // A scenario naming an area the map lacks is refused when the scorer is made.
/// let wrong = Scenario::new("Wrong", &["western-beach"]);
/// assert!(Scorer::new(&map, &wrong).is_err());
/// ```
pub struct Scorer<'m> {
    prepared: Prepared<'m>,
    plan: LocPlan<'m>,
}

impl std::fmt::Debug for Scorer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scorer")
            .field("map", &self.prepared.map.name())
            .field("scenario", &self.prepared.scenario.name)
            .finish_non_exhaustive()
    }
}

impl<'m> Scorer<'m> {
    /// Check the scenario against the map (every problem is reported, as [`crate::score`]
    /// reports it) and prepare it: the Line of Communications rule bound to the map, each
    /// tracing side's targets, the objectives' hexes.
    pub fn new(map: &'m HexMap, scenario: &'m Scenario) -> Result<Scorer<'m>, Error> {
        let problems = scenario.check(map);
        if !problems.is_empty() {
            return Err(Error::new(problems));
        }
        Ok(Scorer {
            prepared: Prepared::for_many(map, scenario),
            plan: LocPlan::new(map, scenario)?,
        })
    }

    /// The map.
    pub fn map(&self) -> &'m HexMap {
        self.prepared.map
    }

    /// The scenario.
    pub fn scenario(&self) -> &'m Scenario {
        self.prepared.scenario
    }

    /// Score one position: [`crate::score`]'s report. For many positions, a [`Session`] avoids
    /// preparing the tracing tables for each.
    pub fn score(&self, position: &Position) -> Result<Report, Error> {
        self.session().score(position)
    }

    /// One position's awards and Lines of Communications as data, without text.
    /// Not covered by semver: a [`Sheet`](crate::internal::Sheet) is internal.
    pub fn sheet(&self, position: &Position) -> Result<Sheet, Error> {
        self.session().sheet(position)
    }

    /// The totals and the level of one position, without building the awards.
    pub fn verdict(&self, position: &Position) -> Result<Verdict, Error> {
        self.session().verdict(position)
    }

    /// A position's sheet in words: the [`Report`] [`Scorer::score`] gives for it. The sheet
    /// should be this scorer's for this position; awards and lines naming units or objectives
    /// it does not have are left out.
    /// Not covered by semver: a [`Sheet`](crate::internal::Sheet) is internal.
    pub fn report(&self, position: &Position, sheet: &Sheet) -> Result<Report, Error> {
        let lines = self.evidence(position, sheet)?;
        let board = Board::new(&self.prepared, position)?;
        Ok(words::report(&self.plan, &board, sheet, lines))
    }

    /// The evidence of a sheet's Lines of Communications, in the order of its `loc`: each
    /// traced unit's path, each cut unit's frontier and reach. Made when first asked for, once:
    /// the sheet keeps it ([`Sheet::evidence`](crate::internal::Sheet::evidence)). The sheet
    /// should be this scorer's for this position.
    /// Not covered by semver: a [`Sheet`](crate::internal::Sheet) is internal.
    ///
    /// ```
    /// # use leyte_victory::{BeachBonus, PositionBuilder, Scenario, Scorer, Side};
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "Nine hexes in a line"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [10, 10]
    /// # columns = [1, 9]
    /// # shifted = "even"
    /// # rows_grow = "north"
    /// # columns_grow = "east"
    /// # [areas.beach]
    /// # name = "Beach"
    /// # hexes = ["1009"]
    /// # [hexsides]
    /// # roads = [["1006", "1007", "1008", "1009"]]
    /// # "#, None).unwrap();
    /// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
    /// let scorer = Scorer::new(&map, &scenario).unwrap();
    /// let position = PositionBuilder::new(&map).unit("US-1", Side::Us, "4-6-5", "1006").build().unwrap();
    /// let sheet = scorer.sheet(&position).unwrap();
    /// assert!(sheet.loc[0].traced);
    /// let lines = scorer.evidence(&position, &sheet).unwrap();
    /// assert_eq!(lines[0].path.as_ref().unwrap().len(), 4); // 1006 to the beach at 1009
    /// ```
    pub fn evidence<'s>(
        &self,
        position: &Position,
        sheet: &'s Sheet,
    ) -> Result<&'s [LocLine], Error> {
        if let Some(lines) = sheet.evidence() {
            return Ok(lines);
        }
        let board = Board::new(&self.prepared, position)?;
        let lines = engine::evidence(&self.plan, &board, &mut LocWork::default());
        Ok(sheet.evidence.get_or_init(|| lines))
    }

    /// Check a position against the map: what [`Scorer::score`] checks before scoring.
    pub fn check(&self, position: &Position) -> Result<(), Error> {
        Board::new(&self.prepared, position).map(|_| ())
    }

    /// The hex crate's incremental Line of Communications oracle ([`hexmap::LocOracle`]) for
    /// the units of `side`, on this scorer's map under the scenario's reading of L7, L8 and L10
    /// (its K, its target and chain readings, Leyte's zone of control), placed as `position`
    /// places them: unit `i` of `position.units()` is the oracle's unit `i`. After any moves,
    /// the oracle's `traced(i)` is what [`Scorer::sheet`] of the moved position says of unit
    /// `i` (`crates/leyte-victory/tests/oracle.rs` holds them equal over every fixture and
    /// random moves). A side the scenario does not make trace is refused.
    ///
    /// ```
    /// # use leyte_victory::{BeachBonus, PositionBuilder, Scenario, Scorer, Side};
    /// # let map = hexmap::HexMap::from_toml_str(r#"
    /// # name = "Nine hexes in a line"
    /// # [layout]
    /// # orientation = "pointy"
    /// # label = "row-column"
    /// # rows = [10, 10]
    /// # columns = [1, 9]
    /// # shifted = "even"
    /// # rows_grow = "north"
    /// # columns_grow = "east"
    /// # [areas.beach]
    /// # name = "Beach"
    /// # hexes = ["1009"]
    /// # [hexsides]
    /// # roads = [["1006", "1007", "1008", "1009"]]
    /// # "#, None).unwrap();
    /// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
    /// let scorer = Scorer::new(&map, &scenario).unwrap();
    /// let position = PositionBuilder::new(&map)
    ///     .unit("US-1", Side::Us, "4-6-5", "1005")
    ///     .unit("J-1", Side::Japanese, "1-1-4", "1001")
    ///     .build()
    ///     .unwrap();
    /// let mut oracle = scorer.oracle(&position, Side::Us).unwrap();
    /// assert!(oracle.traced(0));
    /// // The Japanese unit moves onto the road at 1008: its zone of control cuts US-1.
    /// oracle.move_unit(1, map.parse("1008").unwrap()).unwrap();
    /// assert!(!oracle.traced(0));
    /// assert!(scorer.oracle(&position, Side::Japanese).is_err()); // the Japanese need not trace
    /// ```
    #[cfg(feature = "oracle")]
    pub fn oracle(
        &self,
        position: &Position,
        side: crate::Side,
    ) -> Result<hexmap::LocOracle<'m, crate::Side>, Error> {
        let (targets, units) = self.oracle_parts(position, side)?;
        let (rule, zoc) = (loc::rule(self.prepared.scenario), crate::board::zoc_rule());
        hexmap::LocOracle::new(self.prepared.map, rule, targets, &zoc, side, units)
            .map_err(oracle_error)
    }

    /// The targets of `side` and the units of `position` as the oracle places them, the
    /// position checked.
    #[cfg(feature = "oracle")]
    fn oracle_parts(
        &self,
        position: &Position,
        side: crate::Side,
    ) -> Result<(&hexmap::Targets, Vec<hexmap::Unit<crate::Side>>), Error> {
        use crate::error::{Diagnostic, ErrorKind};
        Board::new(&self.prepared, position)?;
        let Some(targets) = self.plan.targets(side) else {
            let message = format!(
                "the scenario does not make the {side} trace a Line of Communications \
                 (`scenario.loc.sides`): there is nothing for an oracle to answer"
            );
            let d = Diagnostic::new(ErrorKind::Scenario, message).key("scenario.loc.sides");
            return Err(Error::new(vec![d]));
        };
        let units = (position.units().iter())
            .map(|u| hexmap::Unit::new(u.id.clone(), u.side, u.hex).with_zoc(u.zoc))
            .collect();
        Ok((targets, units))
    }

    /// A session: score positions one after another, the tracing tables kept between them.
    pub fn session(&self) -> Session<'_, 'm> {
        Session {
            scorer: self,
            work: LocWork::default(),
            spare: Spare::default(),
        }
    }
}

/// Positions scored one after another with one [`Scorer`]: each side's [`hexmap::Tracer`] is
/// reset for the next position rather than made again, and the free table and search space are
/// kept. Made by [`Scorer::session`]; one per thread.
///
/// ```
/// # use leyte_victory::{BeachBonus, PositionBuilder, Scenario, Scorer, Side, VictoryLevel};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1009"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
/// let scorer = Scorer::new(&map, &scenario).unwrap();
/// let mut session = scorer.session();
/// // A Japanese unit on the road at 1008: its zone of control closes 1007 and the beach, and the
/// // US unit at 1005 is cut.
/// let open = PositionBuilder::new(&map).unit("US-1", Side::Us, "4-6-5", "1005").build().unwrap();
/// let closed = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1005")
///     .unit("J-1", Side::Japanese, "1-1-4", "1008")
///     .build()
///     .unwrap();
/// assert_eq!(session.verdict(&open).unwrap().level, VictoryLevel::Draw); // 0 : 0
/// let verdict = session.verdict(&closed).unwrap();
/// assert_eq!((verdict.us, verdict.japanese), (0, 10));
/// assert_eq!(verdict.level, VictoryLevel::JapaneseDecisive);
/// ```
pub struct Session<'s, 'm> {
    scorer: &'s Scorer<'m>,
    work: LocWork<'s, 'm>,
    spare: Spare,
}

impl std::fmt::Debug for Session<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("scorer", self.scorer)
            .finish_non_exhaustive()
    }
}

impl<'s, 'm> Session<'s, 'm> {
    /// Score one position: [`crate::score`]'s report, errors included.
    pub fn score(&mut self, position: &Position) -> Result<Report, Error> {
        let scorer = self.scorer;
        let board = self.board(position)?;
        let sheet = engine::sheet_with_evidence(&scorer.plan, &board, &mut self.work);
        let report = words::report(
            &scorer.plan,
            &board,
            &sheet,
            sheet.evidence().unwrap_or(&[]),
        );
        self.spare = board.into_spare();
        Ok(report)
    }

    /// A board for the position, in the tables of the last one.
    fn board<'p>(&mut self, position: &'p Position) -> Result<Board<'p, 'm>, Error>
    where
        's: 'p,
    {
        Board::with(
            &self.scorer.prepared,
            position,
            std::mem::take(&mut self.spare),
        )
    }

    /// One position's awards and Lines of Communications as data: the report without its
    /// words ([`Scorer::report`] adds them).
    /// Not covered by semver: a [`Sheet`](crate::internal::Sheet) is internal.
    pub fn sheet(&mut self, position: &Position) -> Result<Sheet, Error> {
        let scorer = self.scorer;
        let board = self.board(position)?;
        let sheet = engine::sheet(&scorer.plan, &board, &mut self.work);
        self.spare = board.into_spare();
        Ok(sheet)
    }

    /// The totals and the level of one position (the report's, [`Report::verdict`]), without
    /// building the awards, the evidence or any text.
    pub fn verdict(&mut self, position: &Position) -> Result<Verdict, Error> {
        let scorer = self.scorer;
        let board = self.board(position)?;
        let verdict = engine::verdict(&scorer.plan, &board, &mut self.work);
        self.spare = board.into_spare();
        Ok(verdict)
    }
}

/// [`Scorer::oracle`] holding its own handle on the map (`Arc`) rather than a borrow: for a
/// front end that keeps the oracle where no borrow can live (a Python object, a bot's state
/// moved between threads). The same answers as [`Scorer::oracle`] for the same map, scenario,
/// position and side.
///
/// ```
/// # use std::sync::Arc;
/// # use leyte_victory::{BeachBonus, PositionBuilder, Scenario, Side};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1009"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
/// let position = PositionBuilder::new(&map).unit("US-1", Side::Us, "4-6-5", "1005").build().unwrap();
/// let map = Arc::new(map);
/// let oracle = leyte_victory::shared_oracle(map, &scenario, &position, Side::Us).unwrap();
/// assert!(oracle.traced(0));
/// ```
#[cfg(feature = "oracle")]
pub fn shared_oracle(
    map: std::sync::Arc<HexMap>,
    scenario: &Scenario,
    position: &Position,
    side: crate::Side,
) -> Result<hexmap::LocOracle<'static, crate::Side>, Error> {
    let scorer = Scorer::new(&map, scenario)?;
    let (targets, units) = scorer.oracle_parts(position, side)?;
    let (rule, zoc) = (loc::rule(scenario), crate::board::zoc_rule());
    let targets = targets.clone();
    drop(scorer);
    hexmap::LocOracle::new_shared(map, rule, &targets, &zoc, side, units).map_err(oracle_error)
}

/// The oracle's problems as the engine's.
#[cfg(feature = "oracle")]
fn oracle_error(errors: Vec<hexmap::OracleError>) -> Error {
    use crate::error::{Diagnostic, ErrorKind};
    let all = errors.into_iter().map(|e| {
        let message = format!("the Line of Communications oracle: {e}");
        Diagnostic::new(ErrorKind::Scenario, message)
    });
    Error::new(all.collect())
}
