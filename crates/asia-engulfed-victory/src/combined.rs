//! 0.2 (c) and 0.4, the combined game: both maps' VP at a Final check ([`crate::vp`]), the
//! automatic victories on either or both maps ([`combined_result`], ruling D-1 by
//! [`policy::axis_automatic_victory`]), and each map's results.

use crate::applied::{Applied, CombinedGame, Points};
use crate::model::{Check, MapAutomaticVictory, Rules, TkResult, WarState};
use crate::policy;
use crate::side::{MarkerSide, Side};
use crate::victory::{
    AutomaticVictory, Combined, CombinedResult, Context, Effect, GameMap, MapResult, MarkerReport,
    VpSource,
};
use crate::vp::{Part, Tally, box_vp, combined_vp, tk_map_vp};

/// The combined game at this check, given the DS map's marker, the automatic victory this
/// check brings there and whether play there has stopped: the result (0.2 (c), 0.4), both maps'
/// results, and at a Final check both maps' VP. An automatic victory this check brings after
/// the TK map's had ended the game does not count ([`after_the_game_ended`]).
pub(crate) fn combined_game(
    ctx: &Context<'_>,
    marker: &MarkerReport,
    (automatic_victory, play_stopped): (&mut Option<AutomaticVictory>, bool),
    applied: &mut Vec<Applied>,
) -> (Combined, Option<Tally>) {
    let state = ctx.state;
    let tk = state.tk.unwrap_or_default();
    let after_the_end = after_the_game_ended(&tk, ctx.rules, automatic_victory.as_mut());
    let ds_av = ds_map_automatic_victory(ctx, *automatic_victory);
    let vp = (state.check == Check::Final).then(|| combined_vp(ctx, marker, &tk, applied));
    let result = combined_result(&tk, ds_av, vp.as_ref(), ctx.rules, applied);
    applied.extend(after_the_end.map(Applied::from));
    if let CombinedResult::VictoryPoints { axis, allies, .. } = result
        && axis == allies
    {
        applied.push(Points::CombinedTieToTheAxis { axis, allies }.into());
    }
    let ds = DsMap {
        marker,
        automatic_victory: ds_av,
        play_stopped,
    };
    let combined = Combined {
        allied_vp_cap_per_map: ctx.rules.allied_vp_cap_per_map,
        tk: tk_map_result(&tk, ctx.rules),
        ds: ds_map_result(ctx, &ds, vp.as_ref()),
        result,
    };
    (combined, vp)
}

/// The TK map's automatic victory (an input, won before this check) when it ended the combined
/// game: an Axis one when the policy of ruling D-1 says so
/// ([`policy::axis_automatic_victory`]), an Allied one during Limited War (0.2 (c), 0.4).
fn tk_ended_the_game(tk: &TkResult, rules: &Rules) -> Option<MapAutomaticVictory> {
    tk.automatic_victory.filter(|av| match av.winner {
        Side::Axis => policy::axis_automatic_victory(rules, av.war_state).ends(),
        Side::Allies => av.war_state == WarState::LimitedWar,
    })
}

/// 0.2 (c), 0.4: when the TK map's automatic victory, won before this check, had ended the
/// combined game ([`tk_ended_the_game`]), the automatic victory this check brings on the DS
/// map came after the game had ended: it does nothing ([`Effect::AfterTheGameEnded`]); what
/// to record.
fn after_the_game_ended(
    tk: &TkResult,
    rules: &Rules,
    ds_av: Option<&mut AutomaticVictory>,
) -> Option<CombinedGame> {
    let ended = tk_ended_the_game(tk, rules)?;
    let a = ds_av?;
    a.effect = Effect::AfterTheGameEnded;
    Some(CombinedGame::AfterTheGameEnded {
        winner: a.winner,
        kind: a.kind,
        tk: ended,
    })
}

/// The automatic victory on the DS map, as the combined game reads it: one held from earlier
/// (an Allied one during Total War), or the one this check brings, unless it came after the
/// game had ended.
fn ds_map_automatic_victory(
    ctx: &Context<'_>,
    ds_av: Option<AutomaticVictory>,
) -> Option<MapAutomaticVictory> {
    if ctx.state.allied_automatic_victory_held {
        return Some(MapAutomaticVictory {
            winner: Side::Allies,
            war_state: WarState::TotalWar,
        });
    }
    let counts = |a: &AutomaticVictory| a.effect != Effect::AfterTheGameEnded;
    ds_av.filter(counts).map(|a| MapAutomaticVictory {
        winner: a.winner,
        war_state: ctx.state.war_state,
    })
}

/// 0.2 (c) and 0.4: how the combined game stands. An automatic victory on the TK map (an input,
/// won before this check) is read first. An Axis automatic victory on either map ends the
/// combined game when the policy of ruling D-1 says so ([`policy::axis_automatic_victory`]),
/// an Allied one during Limited War does; Allied ones outside Limited War freeze their map and
/// win only on both maps (ruling). Otherwise the VP decide at a Final check (most VP, a tie to
/// the Axis), and play goes on at a seasonal one.
fn combined_result(
    tk: &TkResult,
    ds_av: Option<MapAutomaticVictory>,
    vp: Option<&Tally>,
    rules: &Rules,
    applied: &mut Vec<Applied>,
) -> CombinedResult {
    let mut frozen = Vec::new();
    let mut result = None;
    for (map, av) in [(GameMap::Tk, tk.automatic_victory), (GameMap::Ds, ds_av)] {
        let Some(av) = av else { continue };
        if result.is_some() {
            break;
        }
        let war_state = av.war_state;
        match av.winner {
            Side::Axis => match policy::axis_automatic_victory(rules, war_state) {
                policy::AxisVictoryEnds::DuringTotalWar => {
                    result = Some(CombinedResult::AxisAutomaticVictory { map });
                }
                policy::AxisVictoryEnds::InAnyWarState => {
                    applied.push(
                        CombinedGame::AxisAutomaticVictoryInAnyWarState { map, war_state }.into(),
                    );
                    result = Some(CombinedResult::AxisAutomaticVictory { map });
                }
                policy::AxisVictoryEnds::DoesNotEnd => {
                    applied.push(
                        CombinedGame::AxisAutomaticVictoryOutsideTotalWar { map, war_state }.into(),
                    );
                }
            },
            Side::Allies if war_state == WarState::LimitedWar => {
                result = Some(CombinedResult::AlliedAutomaticVictoryInLimitedWar { map });
            }
            Side::Allies => frozen.push(map),
        }
    }
    if result.is_none() && frozen.len() == 2 {
        result = Some(CombinedResult::AlliedAutomaticVictoryOnBothMaps);
    }
    combined_result_applied(tk, (result.is_none(), rules), &frozen, applied);
    result.unwrap_or_else(|| match vp {
        Some(s) => CombinedResult::VictoryPoints {
            winner: s.winner(),
            axis: s.axis_total(),
            allies: s.allies_total(),
        },
        None => CombinedResult::PlayGoesOn {
            allied_automatic_victory_on: frozen,
        },
    })
}

/// What [`combined_result`] records: a TK automatic victory that already ended the combined
/// game, and an Allied automatic victory on one map only (ruling).
fn combined_result_applied(
    tk: &TkResult,
    (undecided, rules): (bool, &Rules),
    frozen: &[GameMap],
    applied: &mut Vec<Applied>,
) {
    if let Some(av) = tk_ended_the_game(tk, rules) {
        applied.push(
            CombinedGame::TkAutomaticVictoryFirst {
                winner: av.winner,
                war_state: av.war_state,
            }
            .into(),
        );
    }
    if let ([map], true) = (frozen, undecided) {
        applied.push(CombinedGame::AlliedAutomaticVictoryNeedsBothMaps { map: *map }.into());
    }
}

/// The TK map's results, as given, with the Allied VP the per-map cap counts
/// ([`tk_map_vp`]).
fn tk_map_result(tk: &TkResult, rules: &Rules) -> MapResult {
    let (vp, _) = tk_map_vp(tk, rules);
    MapResult {
        map: GameMap::Tk,
        axis_vp: Some(tk.axis_vp),
        allied_vp: Some(tk.allied_vp),
        allied_vp_counted: vp.allied_track.map(|p| p.vp),
        axis_bonus_vp: tk.axis_bonus_vp,
        allied_bonus_vp: tk.allied_bonus_vp,
        allied_bonus_vp_counted: vp.allied_bonus.map_or(0, |p| p.vp),
        automatic_victory: tk.automatic_victory,
        play_stopped: tk.play_stopped,
    }
}

/// The DS map at this check, as [`ds_map_result`] reads it.
struct DsMap<'m> {
    marker: &'m MarkerReport,
    automatic_victory: Option<MapAutomaticVictory>,
    play_stopped: bool,
}

/// The DS map's results at this check: its track VP (Final check only; the Allied ones as
/// earned and as counted), Bonus VPs, automatic victory and whether play there has stopped.
fn ds_map_result(ctx: &Context<'_>, ds: &DsMap<'_>, vp: Option<&Tally>) -> MapResult {
    let ds_vp = |side: &[Part], bonus: bool| -> u32 {
        let on_ds = side
            .iter()
            .filter(|p| p.map == GameMap::Ds && (p.source == VpSource::BonusVp) == bonus);
        on_ds.map(|p| p.vp).fold(0, u32::saturating_add)
    };
    let m = ds.marker;
    let allied_vp = vp.map(|_| match m.side {
        MarkerSide::AlliedCrusade => box_vp(ctx.track(), m.box_index, m.side).0,
        MarkerSide::RisingSun => 0,
    });
    let bonus = ctx.state.bonus_vp;
    MapResult {
        map: GameMap::Ds,
        axis_vp: vp.map(|s| ds_vp(&s.axis, false)),
        allied_vp,
        allied_vp_counted: vp.map(|s| ds_vp(&s.allies, false)),
        axis_bonus_vp: bonus.axis,
        allied_bonus_vp: bonus.allies,
        allied_bonus_vp_counted: vp.map_or(bonus.allies, |s| ds_vp(&s.allies, true)),
        automatic_victory: ds.automatic_victory,
        play_stopped: ds.play_stopped,
    }
}
