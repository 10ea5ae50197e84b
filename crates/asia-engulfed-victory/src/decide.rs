//! One victory check, in the rules' order: where the marker goes (0.1.2,
//! [`crate::placement`]), the automatic victory (0.2, [`crate::automatic`]), then V-J Day
//! victory (0.3, [`v_j_day`]) in Dai Senso alone or Combined Game Victory (0.4,
//! [`crate::combined`]). Everything as values ([`Decision`]); the words come after.

use crate::applied::{Applied, Automatic, Points};
use crate::automatic::automatic_victory;
use crate::combined::combined_game;
use crate::model::{Check, Game, WarState};
use crate::placement::place;
use crate::side::Side;
use crate::victory::{AutomaticVictory, Combined, Context, Effect, MarkerReport};
use crate::vp::{Tally, dai_senso_vp};

/// What a CSV leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decision {
    pub marker: MarkerReport,
    pub automatic_victory: Option<AutomaticVictory>,
    pub play_stopped: bool,
    pub vp: Option<Tally>,
    pub winner: Option<Side>,
    pub combined: Option<Combined>,
    /// The rules and rulings applied, in order.
    pub applied: Vec<Applied>,
}

/// Everything a CSV leads to at this check: the marker (0.1.2), the automatic victory (0.2),
/// then V-J Day victory (0.3) in Dai Senso alone or Combined Game Victory (0.4); in Pre-War the
/// ruling D-8 recorded last.
pub(crate) fn decide(csv: i64, ctx: &Context<'_>) -> Decision {
    let state = ctx.state;
    let mut applied = Vec::new();
    let mut marker = place(csv, ctx, &mut applied);
    let automatic_victory = automatic_victory(csv, ctx, &mut marker, &mut applied);
    let froze_now = automatic_victory.is_some_and(|a| a.effect == Effect::StopsPlayOnMap);
    let play_stopped = state.play_stopped || state.allied_automatic_victory_held || froze_now;
    let mut decision = Decision {
        marker,
        automatic_victory,
        play_stopped,
        vp: None,
        winner: None,
        combined: None,
        applied,
    };
    match state.game {
        Game::DaiSenso => v_j_day(ctx, &mut decision),
        Game::AxisEmpires => {
            let d = &mut decision;
            let now = (&mut d.automatic_victory, d.play_stopped);
            let (combined, vp) = combined_game(ctx, &d.marker, now, &mut d.applied);
            // Whenever the game ends, at any check: an automatic victory that ends it names
            // the winner at a seasonal check too; play going on names none.
            d.winner = combined.result.winner();
            d.combined = Some(combined);
            d.vp = vp;
        }
    }
    if state.war_state == WarState::PreWar {
        decision.applied.push(Automatic::PreWar.into());
    }
    decision
}

/// 0.3 V-J Day victory, Dai Senso alone: at a Final check an automatic victory (0.2 applies, a
/// Final check being a Victory Point Check: ruling D-2) decides, else most VP
/// ([`dai_senso_vp`]); a tie goes to the Axis. At a seasonal check only an automatic victory,
/// which ends the game, names a winner.
fn v_j_day(ctx: &Context<'_>, d: &mut Decision) {
    if ctx.state.check != Check::Final {
        d.winner = (d.automatic_victory)
            .filter(|a| a.effect == Effect::EndsGame)
            .map(|a| a.winner);
        return;
    }
    let vp = dai_senso_vp(ctx, &d.marker, &mut d.applied);
    if let Some(av) = d.automatic_victory {
        d.applied.push(
            Points::FinalCheckAutomaticVictory {
                winner: av.winner,
                kind: av.kind,
            }
            .into(),
        );
    }
    d.winner = Some(
        d.automatic_victory
            .map_or_else(|| vp.winner(), |a| a.winner),
    );
    let (axis, allies) = (vp.axis_total(), vp.allies_total());
    if d.automatic_victory.is_none() && axis == allies {
        d.applied.push(Points::TieToTheAxis { axis, allies }.into());
    }
    d.vp = Some(vp);
}
