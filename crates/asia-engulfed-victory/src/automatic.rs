//! 0.2 Automatic Victory: the victories a check could bring, found as values
//! ([`Candidate`]s, each by its own rule), then the rules options' policies: whether they are
//! won at a Final check (D-2) and which of two is taken (D-16).

use crate::applied::{Applied, Automatic};
use crate::csv::ESV_TRACK_TOP;
use crate::model::{Game, WarState};
use crate::policy;
use crate::side::{MarkerSide, Side};
use crate::victory::{AutomaticVictory, Candidate, Context, MarkerReport, PlacementBasis, Way};

/// 0.2: the automatic victory this placement brings. A marker that did not move (play stopped,
/// or frozen) brings nothing. What the check would bring ([`candidates`]) is won unless the
/// Final check's policy says otherwise (ruling D-2,
/// [`policy::automatic_victory_at_final_check`]: the marker then stays where the CSV put it);
/// once won, the (c) exception moves the marker ([`won`]) and of two the policy of ruling
/// D-16 takes one ([`first_of_simultaneous`]).
pub(crate) fn automatic_victory(
    csv: i64,
    ctx: &Context<'_>,
    marker: &mut MarkerReport,
    applied: &mut Vec<Applied>,
) -> Option<AutomaticVictory> {
    if marker.basis != PlacementBasis::Csv {
        return None;
    }
    let (found, by_marker) = candidates(csv, ctx, marker, applied);
    if !policy::automatic_victory_at_final_check(ctx.rules, ctx.state.check) {
        if !found.is_empty() {
            applied.push(
                Automatic::NotWonAtFinalCheck {
                    found,
                    side: marker.side,
                    at: marker.box_index,
                }
                .into(),
            );
        }
        return None;
    }
    if let Some(c) = by_marker {
        won(csv, c, ctx, marker, applied);
    }
    first_of_simultaneous(&found, ctx, applied)
}

/// What this check would bring, in order: European Theater Collapse, then what the marker's
/// box brings in the War State (Asian Domination or the (c) exception during Total War,
/// Japanese Surrender during Limited War, nothing in Pre-War: ruling D-8), which is also
/// returned alone. Records what the marker's box shows whatever is won: the Japanese Mandate
/// holding back an Asian Domination, the Automatic Victory box outside Total War.
fn candidates(
    csv: i64,
    ctx: &Context<'_>,
    marker: &MarkerReport,
    applied: &mut Vec<Applied>,
) -> (Vec<Candidate>, Option<Candidate>) {
    let etc = european_theater_collapse(ctx);
    japanese_mandate_blocks_asian_domination(csv, ctx, marker, applied);
    let war_state = ctx.state.war_state;
    let by_marker = match war_state {
        WarState::TotalWar => asian_domination(ctx, marker),
        WarState::LimitedWar => japanese_surrender(ctx, marker),
        WarState::PreWar => None,
    };
    let in_av_box = ctx.track().boxes()[marker.box_index].vp.is_none();
    if by_marker.is_none() && in_av_box && war_state != WarState::TotalWar {
        applied.push(Automatic::BoxOutsideTotalWar { war_state }.into());
    }
    (etc.into_iter().chain(by_marker).collect(), by_marker)
}

/// 0.2 European Theater Collapse (*), Dai Senso alone: the Current ESV at the top of its track
/// (5) is an Axis automatic victory, whatever the War State.
fn european_theater_collapse(ctx: &Context<'_>) -> Option<Candidate> {
    let esv = ctx.esv?;
    (esv >= ESV_TRACK_TOP).then_some(Candidate {
        winner: Side::Axis,
        way: Way::EuropeanTheaterCollapse,
    })
}

/// 0.2 clarification: while the Japanese Mandate marker is on the VP Track the Axis cannot win
/// an Asian Domination. The cap of 0.1.2 already holds the marker back; this records it when
/// the CSV alone would have reached the Automatic Victory box.
fn japanese_mandate_blocks_asian_domination(
    csv: i64,
    ctx: &Context<'_>,
    marker: &MarkerReport,
    applied: &mut Vec<Applied>,
) {
    let t = ctx.track();
    let would = t.boxes().get(t.cell(csv).box_index);
    if marker.capped_by_japanese_mandate && would.is_some_and(|b| b.vp.is_none()) {
        applied.push(Automatic::JapaneseMandateBlocksAsianDomination.into());
    }
}

/// 0.2 Asian Domination, read during Total War: the VP marker in the Automatic Victory box wins
/// for the side its face shows and ends the game; in the combined game an Allied one is the
/// (c) exception instead: the Allied Crusade marker goes to the highest numbered box ("the 4
/// VP Box", read as the track's highest numbered box of that face: ruling D-11,
/// [`VpTrack::highest_numbered_of`](crate::VpTrack::highest_numbered_of)) and play on the DS
/// map stops; reading of 0.2 with 0.4 (ruling D-1): it ends the combined game only together
/// with one on the TK map.
fn asian_domination(ctx: &Context<'_>, marker: &MarkerReport) -> Option<Candidate> {
    if ctx.track().boxes()[marker.box_index].vp.is_some() {
        return None;
    }
    if ctx.state.game == Game::AxisEmpires && marker.side == MarkerSide::AlliedCrusade {
        let instead = ctx.track().highest_numbered_of(MarkerSide::AlliedCrusade);
        return Some(Candidate {
            winner: Side::Allies,
            way: Way::CombinedGameException { instead },
        });
    }
    Some(Candidate {
        winner: marker.side.side(),
        way: Way::AsianDomination,
    })
}

/// 0.2 Japanese Surrender, read during Limited War: the Allied Crusade marker in the 2 VP box
/// is an Allied automatic victory; further right (a bigger Allied success) it fires too
/// (ruling D-5).
fn japanese_surrender(ctx: &Context<'_>, marker: &MarkerReport) -> Option<Candidate> {
    let b = &ctx.track().boxes()[marker.box_index];
    if marker.side != MarkerSide::AlliedCrusade || b.vp.is_some_and(|v| v < 2) {
        return None;
    }
    Some(Candidate {
        winner: Side::Allies,
        way: Way::JapaneseSurrender {
            beyond_two: b.vp != Some(2),
        },
    })
}

/// What winning the marker's candidate does: the (c) exception puts the marker in the box it
/// names instead of the Automatic Victory box; a Japanese Surrender beyond the 2 VP box is
/// recorded (ruling D-5).
fn won(
    csv: i64,
    c: Candidate,
    ctx: &Context<'_>,
    marker: &mut MarkerReport,
    applied: &mut Vec<Applied>,
) {
    match c.way {
        Way::CombinedGameException { instead } => {
            if let Some(top) = instead {
                let b = &ctx.track().boxes()[top];
                marker.box_index = top;
                marker.box_id.clone_from(&b.id);
                marker.vp = b.vp;
                marker.basis = PlacementBasis::CombinedGameException;
            }
            applied.push(
                Automatic::CombinedGameException {
                    csv,
                    at: marker.box_index,
                }
                .into(),
            );
        }
        Way::JapaneseSurrender { beyond_two: true } => {
            applied.push(
                Automatic::JapaneseSurrenderBeyondTwo {
                    at: marker.box_index,
                }
                .into(),
            );
        }
        Way::JapaneseSurrender { beyond_two: false }
        | Way::AsianDomination
        | Way::EuropeanTheaterCollapse => {}
    }
}

/// 0.2 (ruling D-16, [`policy::simultaneous_automatic_victory`]): of two automatic victories at
/// once (Dai Senso alone: European Theater Collapse and an Allied Asian Domination or Japanese
/// Surrender), the one the policy takes; both are recorded.
fn first_of_simultaneous(
    found: &[Candidate],
    ctx: &Context<'_>,
    applied: &mut Vec<Applied>,
) -> Option<AutomaticVictory> {
    let winners: Vec<Side> = found.iter().map(|c| c.winner).collect();
    let (taken, by) = policy::simultaneous_automatic_victory(ctx.rules, &winners);
    let taken = found.get(taken).map(|c| c.victory());
    if let ([first, second, ..], Some(t)) = (found, taken) {
        applied.push(
            Automatic::SimultaneousAutomaticVictories {
                first: first.victory().kind,
                second: second.victory().kind,
                taken: t.kind,
                by,
            }
            .into(),
        );
    }
    taken
}
