//! The [`Report`] of one victory check: [`score`], its serde form and its text form.

use serde::{Deserialize, Serialize};

use crate::csv::{CurrentStrategicValue, current_strategic_value, esv_in_play};
use crate::decide::{Decision, decide};
use crate::error::Diagnostic;
use crate::model::{Check, Rules, State, WarState, problems};
use crate::notes::Note;
use crate::side::{MarkerSide, Side};
use crate::track::CsvRange;
use crate::victory::{AutomaticVictory, Combined, CombinedResult, Context, MarkerReport, VpScore};
use crate::words;
use crate::words::notes::{invalid_state, note};

/// The version of the report's JSON shape.
///
/// A [`Report`] reads back from its JSON (`serde_json::from_str`), to the report written but for
/// [`MarkerReport::box_index`], which the JSON leaves out (0 when read back).
///
/// # Example
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{Report, score_toml};
/// use wargame_kit::resolve::NoResolver;
///
/// let report = score_toml(r#"
/// game = "dai-senso"
/// check = "seasonal"
/// war_state = "limited-war"
/// current_esv = 0
/// vp_marker = { allied_crusade = "0" }
/// "#, None, &NoResolver, &Rules::default()).unwrap();
/// let json = serde_json::to_string_pretty(&report).unwrap();
/// let back: Report = serde_json::from_str(&json).unwrap();
/// assert_eq!(serde_json::to_string_pretty(&back).unwrap(), json);
/// assert_eq!(back.vp_marker.box_id, report.vp_marker.box_id);
/// ```
pub const SCHEMA_VERSION: u32 = 1;

/// How far the CSV is from moving the VP marker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MarkerShift {
    /// The CSV change needed (positive: toward the Axis).
    pub csv_change: i64,
    /// The CSV that does it.
    pub csv: i64,
    /// The box the marker would go to.
    #[serde(rename = "box")]
    pub box_id: String,
    /// The face it would show.
    pub side: MarkerSide,
    /// Whether the Japanese Mandate cap would hold it back there.
    pub capped_by_japanese_mandate: bool,
}

/// The nearest CSVs, up and down, that put the marker in another box or on another face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MarkerMargins {
    /// The smallest rise that moves it (`null`: none does).
    pub up: Option<MarkerShift>,
    /// The smallest fall that moves it (`null`: none does).
    pub down: Option<MarkerShift>,
}

/// A CSV change that changes the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ResultShift {
    /// The CSV change needed (positive for the Axis, negative for the Allies).
    pub csv_change: i64,
    /// The CSV that does it.
    pub csv: i64,
    /// The result then, in words.
    pub outcome: String,
    /// The winner then (Final check), if decided.
    pub winner: Option<Side>,
    /// The automatic victory then, if any.
    pub automatic_victory: Option<AutomaticVictory>,
}

/// What CSV change each side needs to change the result: the automatic victory (or the combined
/// game's standing) at a seasonal check, the winner at a Final check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct ResultMargins {
    /// The smallest CSV rise that changes the result (`null`: none does).
    pub axis: Option<ResultShift>,
    /// The smallest CSV fall that changes the result (`null`: none does).
    pub allies: Option<ResultShift>,
}

/// Margins, found by scanning CSVs across the track's finite ranges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Margins {
    /// The VP marker.
    pub marker: MarkerMargins,
    /// The result.
    pub result: ResultMargins,
}

/// The outcome of one victory check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Report {
    /// The report's JSON shape version ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// Seasonal or Final.
    pub check: Check,
    /// The War State on the DS map.
    pub war_state: WarState,
    /// The turn, if given.
    pub turn: Option<String>,
    /// 0.1.1: the Current Strategic Value.
    pub csv: CurrentStrategicValue,
    /// 0.1.2 (and 0.2 (c)): the VP marker after the check.
    pub vp_marker: MarkerReport,
    /// 0.2: the automatic victory this check brings on the DS map, if any.
    pub automatic_victory: Option<AutomaticVictory>,
    /// Whether play on the DS map has stopped after this check.
    pub play_stopped: bool,
    /// 0.3 / 0.4: the VP at a Final check.
    pub vp: Option<VpScore>,
    /// The winner at a Final check (`null` at a seasonal check).
    pub winner: Option<Side>,
    /// 0.4: the combined game (Axis Empires only).
    pub combined: Option<Combined>,
    /// How far the result is from changing.
    pub margins: Margins,
    /// Rulings and rules applied, in words.
    pub notes: Vec<Note>,
    /// Every rules option in force ([`crate::options`]): the given [`Rules`] with the state's
    /// `[rules]` over them.
    pub rules: Vec<crate::options::RuleInForce>,
}

/// Run the victory check of a state.
///
/// Pure and total: the state is checked once, here, and a state that fails
/// [`State::validate`] is still evaluated, with its problems noted and worked around (an
/// unknown box counts as absent, a missing Current ESV as 0). A state already checked is
/// scored without checking again by [`ValidState::score`](crate::ValidState::score).
///
/// From TOML, the 0.1.2 example's second check: +3 turns the marker to its Rising Sun face.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{MarkerSide, State, score};
/// use wargame_kit::resolve::NoResolver;
///
/// let state = State::from_toml_str(r#"
/// game = "dai-senso"
/// check = "seasonal"
/// war_state = "limited-war"
/// current_esv = 0
/// vp_marker = { allied_crusade = "0" }
///
/// [strategic_warfare_box]
/// allied_collapse = 3
/// "#, Some("state.toml"), &NoResolver).unwrap();
/// let report = score(&state, &Rules::default());
/// assert_eq!(report.csv.total, 3);
/// assert_eq!((report.vp_marker.box_id.as_str(), report.vp_marker.side), ("1", MarkerSide::RisingSun));
/// assert_eq!(report.automatic_victory, None);
/// // One fewer point and the marker stays in the 0 box on its Allied Crusade face.
/// assert_eq!(report.margins.marker.down.as_ref().map(|m| m.csv_change), Some(-1));
/// ```
///
/// From memory, the combined game's Final check (0.4's example): the Allies win 6 to 5.
///
/// ```
/// use asia_engulfed_victory::options::Rules;
/// use asia_engulfed_victory::{
///     Check, Game, MarkerSide, Side, State, StrategicWarfareBox, TkResult, VpMarker, WarState,
///     score,
/// };
///
/// let mut state = State::new(
///     Game::AxisEmpires,
///     Check::Final,
///     WarState::TotalWar,
///     VpMarker::new("2", MarkerSide::AlliedCrusade),
/// );
/// state.strategic_warfare_box = StrategicWarfareBox::new(0, 7); // a CSV of -7
/// state.japanese_mandate = Some("2".into());
/// state.tk = Some(TkResult::new(2, 4).with_bonus_vp(1, 0));
/// state.validate().unwrap();
///
/// let report = score(&state, &Rules::default());
/// let vp = report.vp.as_ref().unwrap();
/// assert_eq!((vp.axis.total, vp.allies.total), (5, 6));
/// assert_eq!(report.winner, Some(Side::Allies));
/// assert!(report.combined.is_some());
/// ```
pub fn score(state: &State, rules: &Rules) -> Report {
    evaluate(state, rules, &problems(state))
}

/// The check of a state whose problems are known, checked once: every problem becomes a note
/// (none for a state that passed the check), and the state is scored as it is.
pub(crate) fn evaluate(state: &State, rules: &Rules, problems: &[Diagnostic]) -> Report {
    let rules = rules.clone().with_choices(&state.rules);
    let in_force = rules.in_force();
    evaluate_with(state, &rules, in_force, problems)
}

/// [`evaluate`] under `rules` that already hold the state's own choices, whose options in
/// force are `in_force` (a [`crate::Scorer`] works them out once).
pub(crate) fn evaluate_with(
    state: &State,
    rules: &Rules,
    in_force: Vec<crate::options::RuleInForce>,
    problems: &[Diagnostic],
) -> Report {
    let mut notes: Vec<Note> = problems.iter().map(invalid_state).collect();
    let tokyo = state.tokyo.unwrap_or(rules.tokyo);
    let esv = esv_in_play(state, &mut notes);
    let csv = current_strategic_value(state, tokyo, esv, &mut notes);
    let ctx = Context::new(state, rules, esv);
    let decision = decide(csv.total, &ctx);
    let margins = margins(csv.total, &ctx, &decision);
    let track = &state.track;
    notes.extend(decision.applied.iter().map(|a| note(a, track)));
    Report {
        schema_version: SCHEMA_VERSION,
        check: state.check,
        war_state: state.war_state,
        turn: state.turn.clone(),
        csv,
        vp_marker: decision.marker,
        automatic_victory: decision.automatic_victory,
        play_stopped: decision.play_stopped,
        vp: decision.vp.as_ref().map(words::vp_score),
        winner: decision.winner,
        combined: decision.combined,
        margins,
        notes,
        rules: in_force,
    }
}

/// What "the result" is for the margins.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ResultKey {
    Seasonal(Option<AutomaticVictory>, Option<CombinedResult>),
    Final(Option<Side>),
}

fn result_key(state: &State, d: &Decision) -> ResultKey {
    match state.check {
        // In the combined game the result is the combined game's standing (a TK automatic
        // victory won earlier already decides it); alone, the DS automatic victory.
        Check::Seasonal => match &d.combined {
            Some(c) => ResultKey::Seasonal(None, Some(c.result.clone())),
            None => ResultKey::Seasonal(d.automatic_victory, None),
        },
        Check::Final => ResultKey::Final(d.winner),
    }
}

fn margins(csv: i64, ctx: &Context<'_>, now: &Decision) -> Margins {
    // What the check decides depends on the CSV only through the track ranges holding it, so
    // it can change only where a range begins or ends: scanning those points (in order from
    // the CSV, each way) finds the nearest change in time proportional to the track's size,
    // not to the distance between its numbers.
    let (up, down) = change_points(csv, ctx.state.track.ranges());
    let (marker_up, result_up) = nearest_shifts(csv, &up, ctx, now);
    let (marker_down, result_down) = nearest_shifts(csv, &down, ctx, now);
    Margins {
        marker: MarkerMargins {
            up: marker_up,
            down: marker_down,
        },
        result: ResultMargins {
            axis: result_up,
            allies: result_down,
        },
    }
}

/// The first of `points` (nearest first) where the marker moves from where `now` puts it,
/// and the first where the result changes: one scan, each point decided once.
fn nearest_shifts(
    csv: i64,
    points: &[i64],
    ctx: &Context<'_>,
    now: &Decision,
) -> (Option<MarkerShift>, Option<ResultShift>) {
    let marker_key = |d: &Decision| (d.marker.box_index, d.marker.side);
    let here = marker_key(now);
    let here_result = result_key(ctx.state, now);
    let (mut marker, mut result) = (None, None);
    for &c in points {
        if marker.is_some() && result.is_some() {
            break;
        }
        let d = decide(c, ctx);
        if marker.is_none() && marker_key(&d) != here {
            marker = Some(MarkerShift {
                csv_change: c.saturating_sub(csv),
                csv: c,
                box_id: d.marker.box_id.clone(),
                side: d.marker.side,
                capped_by_japanese_mandate: d.marker.capped_by_japanese_mandate,
            });
        }
        if result.is_none() && result_key(ctx.state, &d) != here_result {
            result = Some(ResultShift {
                csv_change: c.saturating_sub(csv),
                csv: c,
                outcome: words::margin_outcome(ctx.state.check, now, &d),
                winner: d.winner,
                automatic_victory: d.automatic_victory,
            });
        }
    }
    (marker, result)
}

/// The CSVs above `csv` (nearest first) where the ranges holding the CSV can change: the
/// next CSV, and each range's first CSV and the one after its last; and below `csv` (nearest
/// first): the previous CSV, each range's last CSV and the one before its first.
fn change_points(csv: i64, ranges: impl Iterator<Item = CsvRange>) -> (Vec<i64>, Vec<i64>) {
    let mut up = vec![csv.saturating_add(1)];
    let mut down = vec![csv.saturating_sub(1)];
    for r in ranges {
        for c in r.min.into_iter().chain(r.max.map(|m| m.saturating_add(1))) {
            if c > csv {
                up.push(c);
            }
        }
        for c in r.max.into_iter().chain(r.min.map(|m| m.saturating_sub(1))) {
            if c < csv {
                down.push(c);
            }
        }
    }
    up.sort_unstable();
    up.dedup();
    down.sort_unstable_by(|a, b| b.cmp(a));
    down.dedup();
    (up, down)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Game, MarkerSide, StrategicWarfareBox, TkResult, VpMarker};
    use crate::victory::{AutomaticVictoryKind, GameMap, PlacementBasis};

    /// A state whose CSV is `csv`, from Strategic Warfare Box markers alone.
    fn state(
        game: Game,
        check: Check,
        war: WarState,
        marker: (&str, MarkerSide),
        csv: i64,
    ) -> State {
        let mut s = State::new(game, check, war, VpMarker::new(marker.0, marker.1));
        s.strategic_warfare_box = StrategicWarfareBox {
            allied_collapse: u32::try_from(csv.max(0)).unwrap(),
            military_takeover: u32::try_from((-csv).max(0)).unwrap(),
        };
        match game {
            Game::DaiSenso => s.current_esv = Some(0),
            Game::AxisEmpires => s.tk = Some(TkResult::default()),
        }
        s
    }

    use MarkerSide::{AlliedCrusade as AC, RisingSun as RS};

    #[test]
    fn japanese_surrender_fires_in_and_beyond_the_two_box_in_limited_war_only() {
        for (csv, war, fires) in [
            (-5, WarState::LimitedWar, false),
            (-6, WarState::LimitedWar, true),
            (-11, WarState::LimitedWar, true),
            (-20, WarState::LimitedWar, true),
            (-6, WarState::TotalWar, false),
            (-6, WarState::PreWar, false),
        ] {
            let r = score(
                &state(Game::DaiSenso, Check::Seasonal, war, ("1", AC), csv),
                &Rules::default(),
            );
            let kind = r.automatic_victory.map(|a| a.kind);
            assert_eq!(
                kind == Some(AutomaticVictoryKind::JapaneseSurrender),
                fires,
                "{csv} {war:?}"
            );
        }
    }

    #[test]
    fn asian_domination_needs_total_war() {
        let r = score(
            &state(
                Game::DaiSenso,
                Check::Seasonal,
                WarState::TotalWar,
                ("4", RS),
                15,
            ),
            &Rules::default(),
        );
        assert_eq!(r.automatic_victory.map(|a| a.winner), Some(Side::Axis));
        let r = score(
            &state(
                Game::DaiSenso,
                Check::Seasonal,
                WarState::LimitedWar,
                ("4", RS),
                15,
            ),
            &Rules::default(),
        );
        assert_eq!(r.automatic_victory, None);
        assert_eq!(r.vp_marker.box_id, "automatic-victory");
    }

    #[test]
    fn combined_game_minus_seventeen_freezes_the_ds_map_in_the_four_box() {
        let r = score(
            &state(
                Game::AxisEmpires,
                Check::Seasonal,
                WarState::TotalWar,
                ("4", AC),
                -17,
            ),
            &Rules::default(),
        );
        assert_eq!(r.vp_marker.box_id, "4");
        assert_eq!(r.vp_marker.basis, PlacementBasis::CombinedGameException);
        assert!(r.play_stopped);
        let c = r.combined.unwrap();
        assert_eq!(
            c.result,
            CombinedResult::PlayGoesOn {
                allied_automatic_victory_on: vec![GameMap::Ds]
            }
        );
    }

    #[test]
    fn the_combined_example_is_allies_six_axis_five() {
        let mut s = state(
            Game::AxisEmpires,
            Check::Final,
            WarState::TotalWar,
            ("2", AC),
            -7,
        );
        s.japanese_mandate = Some("2".into());
        s.tk = Some(TkResult {
            axis_vp: 2,
            allied_vp: 4,
            axis_bonus_vp: 1,
            ..TkResult::default()
        });
        let r = score(&s, &Rules::default());
        let vp = r.vp.unwrap();
        assert_eq!((vp.axis.total, vp.allies.total), (5, 6));
        assert_eq!(r.winner, Some(Side::Allies));
    }

    #[test]
    fn bonus_vp_in_dai_senso_can_be_turned_off() {
        let mut s = state(
            Game::DaiSenso,
            Check::Final,
            WarState::TotalWar,
            ("2", AC),
            -7,
        );
        s.japanese_mandate = Some("2".into());
        s.bonus_vp.allies = 1;
        assert_eq!(score(&s, &Rules::default()).winner, Some(Side::Allies));
        let rules = Rules {
            bonus_vp_in_dai_senso: false,
            ..Rules::default()
        };
        assert_eq!(score(&s, &rules).winner, Some(Side::Axis), "2-2 tie");
    }

    fn vp_decide() -> Rules {
        Rules {
            automatic_victory_at_final_check:
                crate::options::AutomaticVictoryAtFinalCheck::VpDecide,
            ..Rules::default()
        }
    }

    /// Under `automatic_victory_at_final_check = vp-decide` no automatic victory of any kind is
    /// won at a Final check, and the VP decide; at a seasonal check nothing changes.
    #[test]
    fn vp_decide_stops_every_automatic_victory_at_the_final_check() {
        // (game, war, marker before, csv, esv): Asian Domination for each side, Japanese
        // Surrender, European Theater Collapse, the (c) exception.
        for (game, war, marker, csv, esv) in [
            (Game::DaiSenso, WarState::TotalWar, ("4", RS), 15, 0),
            (Game::DaiSenso, WarState::TotalWar, ("4", AC), -17, 0),
            (Game::DaiSenso, WarState::LimitedWar, ("1", AC), -6, 0),
            (Game::DaiSenso, WarState::PreWar, ("1", AC), -1, 5),
            (Game::AxisEmpires, WarState::TotalWar, ("4", AC), -17, 0),
        ] {
            let mut s = state(game, Check::Final, war, marker, csv);
            if game == Game::DaiSenso {
                s.current_esv = Some(esv);
            }
            let by_default = score(&s, &Rules::default());
            assert!(by_default.automatic_victory.is_some(), "{game:?} {csv}");
            let r = score(&s, &vp_decide());
            assert_eq!(r.automatic_victory, None, "{game:?} {csv}");
            assert!(!r.play_stopped, "{game:?} {csv}");
            let vp = r.vp.as_ref().unwrap();
            assert_eq!(r.winner, Some(vp.winner()), "{game:?} {csv}");
            assert!(
                r.notes
                    .iter()
                    .any(|n| n.id == "automatic-victory-at-final-check-vp-decide"),
                "{game:?} {csv}"
            );
            // The marker stays where the CSV put it; the Automatic Victory box scores 4.
            if csv <= -17 || csv >= 15 {
                assert_eq!(r.vp_marker.box_id, "automatic-victory");
                let side = if csv < 0 { &vp.allies } else { &vp.axis };
                assert_eq!(side.total, 4, "{game:?} {csv}");
            }
            // A seasonal check is not a Final check: the victory is won there.
            s.check = Check::Seasonal;
            assert!(score(&s, &vp_decide()).automatic_victory.is_some());
        }
    }

    /// Automatic victories won before the Final check still count under vp-decide: the DS map
    /// frozen by a held Allied one (with one on the TK map, both maps) and a TK one.
    #[test]
    fn vp_decide_keeps_the_automatic_victories_won_earlier() {
        let tk_allied = crate::model::MapAutomaticVictory {
            winner: Side::Allies,
            war_state: WarState::TotalWar,
        };
        let mut s = state(
            Game::AxisEmpires,
            Check::Final,
            WarState::TotalWar,
            ("4", AC),
            -3,
        );
        s.play_stopped = true;
        s.allied_automatic_victory_held = true;
        s.tk = Some(TkResult {
            allied_vp: 4,
            automatic_victory: Some(tk_allied),
            ..TkResult::default()
        });
        let r = score(&s, &vp_decide());
        assert_eq!(
            r.combined.map(|c| c.result),
            Some(CombinedResult::AlliedAutomaticVictoryOnBothMaps)
        );
        let mut s = state(
            Game::AxisEmpires,
            Check::Final,
            WarState::TotalWar,
            ("2", AC),
            -8,
        );
        s.tk = Some(TkResult {
            automatic_victory: Some(crate::model::MapAutomaticVictory {
                winner: Side::Axis,
                war_state: WarState::TotalWar,
            }),
            ..TkResult::default()
        });
        let r = score(&s, &vp_decide());
        assert_eq!(
            r.combined.map(|c| c.result),
            Some(CombinedResult::AxisAutomaticVictory { map: GameMap::Tk })
        );
    }

    /// 0.4's three readings of the Allied Bonus VPs and the cap (the issue's worked example,
    /// and the cap fixture's numbers).
    #[test]
    fn allied_bonus_cap_within_beyond_and_none() {
        use crate::options::AlliedBonusCap::{Beyond, NoAlliedBonus, Within};
        for ((tk_axis, tk_allied), csv, want) in [
            ((3, 2), -8, [(4, 5), (4, 5), (4, 4)]),
            ((5, 4), -10, [(6, 6), (6, 7), (6, 6)]),
        ] {
            let mut s = state(
                Game::AxisEmpires,
                Check::Final,
                WarState::TotalWar,
                ("2", AC),
                csv,
            );
            s.japanese_mandate = Some("1".into());
            s.tk = Some(TkResult::new(tk_axis, tk_allied).with_bonus_vp(0, 1));
            for (reading, want) in [Within, Beyond, NoAlliedBonus].into_iter().zip(want) {
                let rules = Rules {
                    allied_bonus_cap: reading,
                    ..Rules::default()
                };
                let r = score(&s, &rules);
                let vp = r.vp.unwrap();
                assert_eq!((vp.axis.total, vp.allies.total), want, "{reading:?}");
                let counted = r.combined.unwrap().tk.allied_bonus_vp_counted;
                assert_eq!(counted, want.1 - tk_allied.min(4) - 2, "{reading:?}");
            }
        }
    }

    /// D-16: European Theater Collapse and an Allied automatic victory at one check; the
    /// option takes the Allied one.
    #[test]
    fn simultaneous_automatic_victories_axis_or_allies_first() {
        let mut s = state(
            Game::DaiSenso,
            Check::Seasonal,
            WarState::TotalWar,
            ("4", AC),
            -17,
        );
        s.current_esv = Some(5);
        let winner = |first| {
            let rules = Rules {
                simultaneous_automatic_victory: first,
                ..Rules::default()
            };
            score(&s, &rules)
                .automatic_victory
                .map(|a| (a.winner, a.kind))
        };
        use crate::options::SimultaneousAutomaticVictory::{AlliesFirst, AxisFirst};
        assert_eq!(
            winner(AxisFirst),
            Some((Side::Axis, AutomaticVictoryKind::EuropeanTheaterCollapse))
        );
        assert_eq!(
            winner(AlliesFirst),
            Some((Side::Allies, AutomaticVictoryKind::AsianDomination))
        );
    }

    /// The margins found by scanning every CSV of the track's finite span, one step past each
    /// end: what [`margins`] did before it scanned only the ranges' ends.
    fn margins_by_scanning(csv: i64, ctx: &Context<'_>, now: &Decision) -> Margins {
        let (lo, hi) = ctx.state.track.finite_span();
        let up: Vec<i64> =
            (csv.saturating_add(1).max(lo.saturating_sub(1))..=hi.saturating_add(1)).collect();
        let down: Vec<i64> = (lo.saturating_sub(1)..csv.min(hi.saturating_add(2)))
            .rev()
            .collect();
        let key = |d: &Decision| (d.marker.box_index, d.marker.side);
        let first = |cs: &[i64], differs: &dyn Fn(&Decision) -> bool| {
            cs.iter().copied().find(|&c| differs(&decide(c, ctx)))
        };
        let m = margins(csv, ctx, now);
        let marker = |d: &Decision| key(d) != key(now);
        let result = |d: &Decision| result_key(ctx.state, d) != result_key(ctx.state, now);
        assert_eq!(m.marker.up.as_ref().map(|s| s.csv), first(&up, &marker));
        assert_eq!(m.marker.down.as_ref().map(|s| s.csv), first(&down, &marker));
        assert_eq!(m.result.axis.as_ref().map(|s| s.csv), first(&up, &result));
        assert_eq!(
            m.result.allies.as_ref().map(|s| s.csv),
            first(&down, &result)
        );
        m
    }

    #[test]
    fn margins_from_the_range_ends_equal_a_scan_of_every_csv() {
        // The printed track, and a steep one whose ranges are not listed in CSV order.
        let steep = crate::VpTrack::from_toml_str(
            r#"
            name = "Steep"
            [[boxes]]
            id = "0"
            vp = 0
            keeps_side = { min = 1, max = 4 }
            [[boxes]]
            id = "1"
            vp = 1
            rising_sun = { min = 5, max = 9 }
            allied_crusade = { min = -6, max = 0 }
            [[boxes]]
            id = "2"
            vp = 2
            rising_sun = { min = 10, max = 19 }
            allied_crusade = { min = -19, max = -7 }
            [[boxes]]
            id = "automatic-victory"
            rising_sun = { min = 20 }
            allied_crusade = { max = -20 }
            "#,
            None,
        )
        .unwrap();
        let mut checked = 0;
        for track in [None, Some(&steep)] {
            for game in [Game::DaiSenso, Game::AxisEmpires] {
                for war in [WarState::PreWar, WarState::LimitedWar, WarState::TotalWar] {
                    for check in [Check::Seasonal, Check::Final] {
                        for marker in [("0", AC), ("1", RS), ("2", AC), ("3", RS), ("4", AC)] {
                            for mandate in [None, Some("2")] {
                                for csv in -25..=25 {
                                    let mut s = state(game, check, war, marker, csv);
                                    s.japanese_mandate = mandate.map(String::from);
                                    if let Some(t) = track {
                                        s.track = t.clone();
                                    }
                                    let rules = Rules::default();
                                    let esv = esv_in_play(&s, &mut Vec::new());
                                    let tokyo = s.tokyo.unwrap_or(rules.tokyo);
                                    let total =
                                        current_strategic_value(&s, tokyo, esv, &mut Vec::new())
                                            .total;
                                    let ctx = Context::new(&s, &rules, esv);
                                    let now = decide(total, &ctx);
                                    margins_by_scanning(total, &ctx, &now);
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 2 * 3 * 2 * 5 * 2 * 51);
    }

    #[test]
    fn margins_count_the_kept_face_and_the_mandate_cap() {
        // +2 in the 0 box, Allied Crusade kept: +1 more flips to Rising Sun 1, -2 to Allied 1.
        let r = score(
            &state(
                Game::DaiSenso,
                Check::Seasonal,
                WarState::LimitedWar,
                ("1", AC),
                2,
            ),
            &Rules::default(),
        );
        assert_eq!(r.margins.marker.up.as_ref().map(|m| m.csv_change), Some(1));
        assert_eq!(
            r.margins.marker.down.as_ref().map(|m| m.csv_change),
            Some(-2)
        );
        // Capped in the 2 VP box: no rise moves it, and the Axis can win no automatic victory.
        let mut s = state(
            Game::DaiSenso,
            Check::Seasonal,
            WarState::TotalWar,
            ("2", RS),
            9,
        );
        s.japanese_mandate = Some("2".into());
        let r = score(&s, &Rules::default());
        assert!(r.vp_marker.capped_by_japanese_mandate);
        assert_eq!(r.margins.marker.up, None);
        assert_eq!(r.margins.result.axis, None);
        assert_eq!(r.margins.result.allies.map(|m| m.csv), Some(-17));
    }

    #[test]
    fn an_invalid_hand_built_state_is_evaluated_with_notes() {
        let mut s = state(
            Game::DaiSenso,
            Check::Seasonal,
            WarState::TotalWar,
            ("9", AC),
            0,
        );
        s.current_esv = None;
        let r = score(&s, &Rules::default());
        assert!(r.notes.iter().any(|n| n.id == "invalid-state"));
        assert_eq!(r.vp_marker.box_id, "1");
    }
}
