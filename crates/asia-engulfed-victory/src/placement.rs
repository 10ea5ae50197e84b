//! 0.1.2 VP Marker Placement: the box and face a Current Strategic Value gives the marker
//! ([`place_vp_marker`]), and where the marker is after one check ([`place`]: held in place,
//! or placed by the CSV).

use crate::applied::{Applied, Automatic};
use crate::model::Check;
use crate::side::MarkerSide;
use crate::track::VpTrack;
use crate::victory::{Context, MarkerReport, PlacementBasis};

/// Where 0.1.2 puts the VP marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Placement {
    /// The box's index on the track, 0 = leftmost.
    pub box_index: usize,
    /// The face up.
    pub side: MarkerSide,
    /// The CSV fell in the box that keeps the marker's face (the 0 box: +1 or +2).
    pub kept_side: bool,
    /// The Japanese Mandate marker held a Rising Sun marker back in its box.
    pub capped_by_japanese_mandate: bool,
}

/// Place the VP marker for a Current Strategic Value (0.1.2; ruling D-18: the box and face are
/// the track's, which is data, by default the printed track's ranges; the 0 box keeps the face).
///
/// `previous_side` is the face up before the check (kept in the 0 box); `japanese_mandate` is
/// the index of the box holding the Japanese Mandate marker, if it is on the track: a Rising
/// Sun marker that would go to a box right of it goes to its box instead.
///
/// ```
/// use asia_engulfed_victory::{MarkerSide, VpTrack, place_vp_marker};
/// let track = VpTrack::dai_senso();
/// // +2: the 0 box, face kept.
/// let p = place_vp_marker(&track, 2, MarkerSide::AlliedCrusade, None);
/// assert_eq!((track.boxes()[p.box_index].id.as_str(), p.side), ("0", MarkerSide::AlliedCrusade));
/// // +3: the 1 VP box, Rising Sun.
/// let p = place_vp_marker(&track, 3, MarkerSide::AlliedCrusade, None);
/// assert_eq!((track.boxes()[p.box_index].id.as_str(), p.side), ("1", MarkerSide::RisingSun));
/// // 0: the 1 VP box, Allied Crusade.
/// let p = place_vp_marker(&track, 0, MarkerSide::RisingSun, None);
/// assert_eq!((track.boxes()[p.box_index].id.as_str(), p.side), ("1", MarkerSide::AlliedCrusade));
/// // +9 with the Japanese Mandate marker in the 2 VP box: held back to the 2 VP box.
/// let p = place_vp_marker(&track, 9, MarkerSide::RisingSun, Some(2));
/// assert_eq!((p.box_index, p.capped_by_japanese_mandate), (2, true));
/// ```
pub fn place_vp_marker(
    track: &VpTrack,
    csv: i64,
    previous_side: MarkerSide,
    japanese_mandate: Option<usize>,
) -> Placement {
    let cell = track.cell(csv);
    let placement = Placement {
        box_index: cell.box_index,
        side: cell.side.unwrap_or(previous_side),
        kept_side: cell.side.is_none(),
        capped_by_japanese_mandate: false,
    };
    cap_at_japanese_mandate(placement, japanese_mandate)
}

/// 0.1.2, Japanese Mandate: while its marker is on the VP track (in box `japanese_mandate`), a
/// Rising Sun marker that would go to a box right of it goes to its box instead.
fn cap_at_japanese_mandate(mut placement: Placement, japanese_mandate: Option<usize>) -> Placement {
    if let Some(jm) = japanese_mandate
        && placement.side == MarkerSide::RisingSun
        && placement.box_index > jm
    {
        placement.box_index = jm;
        placement.capped_by_japanese_mandate = true;
    }
    placement
}

/// Where the marker ends up at this check, before 0.2: held where it was ([`held_in_place`]),
/// or placed by the CSV ([`placed_by_csv`]).
pub(crate) fn place(csv: i64, ctx: &Context<'_>, applied: &mut Vec<Applied>) -> MarkerReport {
    held_in_place(ctx, applied).unwrap_or_else(|| placed_by_csv(csv, ctx))
}

/// 0.2 (c) and 0.4 (rulings D-1, D-10): the marker does not move when an Allied automatic
/// victory held on the DS map froze it, nor at a seasonal check once play on the DS map has
/// stopped. At a Final check after play stopped it is placed as usual (0.4 determines the
/// Final Strategic Value on each map); `None` then.
fn held_in_place(ctx: &Context<'_>, applied: &mut Vec<Applied>) -> Option<MarkerReport> {
    let state = ctx.state;
    let t = ctx.track();
    let previous = &state.vp_marker;
    let previous_index = t.index_of(&previous.box_id);
    let frozen = |basis| MarkerReport {
        box_id: previous.box_id.clone(),
        vp: previous_index.and_then(|i| t.boxes()[i].vp),
        side: previous.side,
        previous: previous.clone(),
        capped_by_japanese_mandate: false,
        kept_side: false,
        basis,
        range: None,
        box_index: previous_index.unwrap_or(0),
    };
    if state.allied_automatic_victory_held {
        applied.push(Automatic::FrozenByAlliedAutomaticVictory.into());
        return Some(frozen(PlacementBasis::FrozenByAutomaticVictory));
    }
    if !state.play_stopped {
        return None;
    }
    match state.check {
        Check::Seasonal => {
            applied.push(Automatic::PlayStoppedMarkerStays.into());
            Some(frozen(PlacementBasis::PlayStopped))
        }
        Check::Final => {
            applied.push(Automatic::PlayStoppedFinalCheck.into());
            None
        }
    }
}

/// 0.1.2: the box and face the CSV gives the marker ([`place_vp_marker`]: the 0 box keeps the
/// face, the Japanese Mandate cap holds a Rising Sun marker back).
fn placed_by_csv(csv: i64, ctx: &Context<'_>) -> MarkerReport {
    let t = ctx.track();
    let previous = ctx.state.vp_marker.clone();
    let p = place_vp_marker(t, csv, previous.side, ctx.japanese_mandate);
    let b = &t.boxes()[p.box_index];
    MarkerReport {
        box_id: b.id.clone(),
        vp: b.vp,
        side: p.side,
        previous,
        capped_by_japanese_mandate: p.capped_by_japanese_mandate,
        kept_side: p.kept_side,
        basis: PlacementBasis::Csv,
        range: t.range_of(csv),
        box_index: p.box_index,
    }
}
