//! Invariants the rulebook implies, checked on many generated inputs.

use asia_engulfed_victory::{
    BoxRanges, CsvRange, ErrorKind, MarkerSide, VpBox, VpTrack, place_vp_marker,
};
use proptest::prelude::*;

/// A marker position in left-to-right order: Allied Crusade boxes from the far end in to the
/// 0 box (one position whatever its face), then Rising Sun boxes outward.
fn position(box_index: usize, side: MarkerSide) -> i64 {
    let i = i64::try_from(box_index).unwrap_or(i64::MAX);
    match (box_index, side) {
        (0, _) => 0,
        (_, MarkerSide::AlliedCrusade) => -i,
        (_, MarkerSide::RisingSun) => i,
    }
}

fn side() -> impl Strategy<Value = MarkerSide> {
    prop_oneof![Just(MarkerSide::RisingSun), Just(MarkerSide::AlliedCrusade)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn a_higher_csv_never_moves_the_marker_toward_the_allies(
        a in -60i64..60,
        step in 0i64..40,
        previous in side(),
        mandate in prop::option::of(1usize..=4),
    ) {
        let track = VpTrack::dai_senso();
        let low = place_vp_marker(&track, a, previous, mandate);
        let high = place_vp_marker(&track, a + step, previous, mandate);
        prop_assert!(
            position(low.box_index, low.side) <= position(high.box_index, high.side),
            "CSV {} -> {:?}, CSV {} -> {:?}", a, low, a + step, high
        );
    }

    #[test]
    fn the_japanese_mandate_caps_only_rising_sun(
        csv in -60i64..60,
        previous in side(),
        mandate in 1usize..=4,
    ) {
        let track = VpTrack::dai_senso();
        let p = place_vp_marker(&track, csv, previous, Some(mandate));
        if p.side == MarkerSide::RisingSun {
            prop_assert!(p.box_index <= mandate);
        } else {
            prop_assert_eq!(p, place_vp_marker(&track, csv, previous, None));
        }
    }

    #[test]
    fn a_generated_track_validates_and_an_overlap_or_gap_is_rejected(
        keep in 1i64..4,
        rising in prop::collection::vec(1i64..5, 1..6),
        allied in prop::collection::vec(1i64..5, 1..6),
        automatic_victory in any::<bool>(),
        pick in any::<prop::sample::Index>(),
        widen in any::<bool>(),
    ) {
        let boxes = generated(keep, &rising, &allied, automatic_victory);
        let track = VpTrack::new(None, boxes.clone());
        prop_assert!(track.is_ok(), "{}", track.unwrap_err());
        let track = track.unwrap();
        for csv in -80..=80 {
            prop_assert_eq!(ranges_containing(track.boxes(), csv), 1);
        }

        // Move one finite end of one range by one: an overlap (widen) or a gap (narrow).
        let mut broken = boxes;
        let mut ends: Vec<(usize, u8, bool)> = Vec::new();
        for (i, b) in broken.iter().enumerate() {
            for (slot, r) in slots(&b.ranges) {
                if r.min.is_some() { ends.push((i, slot, false)); }
                if r.max.is_some() { ends.push((i, slot, true)); }
            }
        }
        let (i, slot, is_max) = ends[pick.index(ends.len())];
        let delta = if widen == is_max { 1 } else { -1 };
        with_slot(&mut broken[i].ranges, slot, |r| {
            if is_max { r.max = r.max.map(|m| m + delta) } else { r.min = r.min.map(|m| m + delta) }
        });
        let err = VpTrack::new(None, broken).unwrap_err();
        prop_assert!(err.diagnostics().iter().any(|d| d.kind == ErrorKind::TrackRanges), "{}", err);
    }
}

#[test]
fn the_printed_track_maps_every_csv_to_exactly_one_box() {
    let track = VpTrack::dai_senso();
    for csv in -40..=40 {
        assert_eq!(ranges_containing(track.boxes(), csv), 1, "CSV {csv}");
    }
}

fn ranges_containing(boxes: &[VpBox], csv: i64) -> usize {
    boxes
        .iter()
        .flat_map(|b| slots(&b.ranges))
        .filter(|(_, r)| r.contains(csv))
        .count()
}

fn slots(r: &BoxRanges) -> Vec<(u8, CsvRange)> {
    match *r {
        BoxRanges::KeepsSide(k) => vec![(0, k)],
        BoxRanges::Sides {
            rising_sun,
            allied_crusade,
        } => [(1, rising_sun), (2, allied_crusade)]
            .into_iter()
            .filter_map(|(s, r)| r.map(|r| (s, r)))
            .collect(),
        _ => unreachable!("a new kind of box ranges"),
    }
}

fn with_slot(r: &mut BoxRanges, slot: u8, f: impl FnOnce(&mut CsvRange)) {
    match (r, slot) {
        (BoxRanges::KeepsSide(k), 0) => f(k),
        (
            BoxRanges::Sides {
                rising_sun: Some(x),
                ..
            },
            1,
        ) => f(x),
        (
            BoxRanges::Sides {
                allied_crusade: Some(x),
                ..
            },
            2,
        ) => f(x),
        _ => unreachable!(),
    }
}

/// A valid track: a 0 box for +1..=keep, then numbered boxes whose Rising Sun ranges run up
/// from keep+1 and Allied Crusade ranges run down from 0, with the given widths, and an
/// optional Automatic Victory box; the outermost ranges are open-ended.
fn generated(keep: i64, rising: &[i64], allied: &[i64], automatic_victory: bool) -> Vec<VpBox> {
    let n = rising.len().max(allied.len());
    let mut boxes = vec![VpBox::new(
        "0",
        Some(0),
        BoxRanges::KeepsSide(CsvRange::between(1, keep)),
    )];
    let mut up = keep + 1;
    let mut down = 0;
    for i in 0..n {
        let last = i + 1 == n && !automatic_victory;
        let rs = rising.get(i).map(|w| {
            let r = if last || i + 1 == rising.len() && !automatic_victory {
                CsvRange::at_least(up)
            } else {
                CsvRange::between(up, up + w - 1)
            };
            up += w;
            r
        });
        let ac = allied.get(i).map(|w| {
            let r = if last || i + 1 == allied.len() && !automatic_victory {
                CsvRange::at_most(down)
            } else {
                CsvRange::between(down - w + 1, down)
            };
            down -= w;
            r
        });
        boxes.push(VpBox::new(
            (i + 1).to_string(),
            u32::try_from(i + 1).ok(),
            BoxRanges::Sides {
                rising_sun: rs,
                allied_crusade: ac,
            },
        ));
    }
    if automatic_victory {
        boxes.push(VpBox::new(
            "automatic-victory",
            None,
            BoxRanges::Sides {
                rising_sun: Some(CsvRange::at_least(up)),
                allied_crusade: Some(CsvRange::at_most(down)),
            },
        ));
    }
    boxes
}

mod score_is_total {
    use asia_engulfed_victory::{
        Check, Effect, Game, MarkerSide, State, TkResult, VpMarker, WarState, options::Rules, score,
    };
    use proptest::prelude::*;

    fn war_state() -> impl Strategy<Value = WarState> {
        prop_oneof![
            Just(WarState::PreWar),
            Just(WarState::LimitedWar),
            Just(WarState::TotalWar)
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any mix of markers, checks and games is scored; a Final check always names a winner,
        /// a seasonal one when the game ends there; a marker on the track stays on it.
        #[test]
        fn every_state_gets_a_report(
            collapse in 0u32..25,
            takeover in 0u32..25,
            esv in -6i64..9,
            combined in any::<bool>(),
            final_check in any::<bool>(),
            war in war_state(),
            rising in any::<bool>(),
            box_index in 0usize..6,
            mandate in prop::option::of(0usize..5),
            stopped in any::<bool>(),
        ) {
            let track = asia_engulfed_victory::VpTrack::dai_senso();
            let id = track.boxes()[box_index].id.clone();
            let side = if rising { MarkerSide::RisingSun } else { MarkerSide::AlliedCrusade };
            let game = if combined { Game::AxisEmpires } else { Game::DaiSenso };
            let check = if final_check { Check::Final } else { Check::Seasonal };
            let mut state = State::new(game, check, war, VpMarker::new(id, side));
            state.strategic_warfare_box.allied_collapse = collapse;
            state.strategic_warfare_box.military_takeover = takeover;
            state.current_esv = (!combined).then_some(esv);
            state.japanese_mandate = mandate.map(|m| m.to_string());
            state.play_stopped = stopped;
            if combined {
                state.tk = Some(TkResult::new(2, 3));
            }
            let report = score(&state, &Rules::default());
            prop_assert_eq!(report.csv.total, i64::from(collapse) - i64::from(takeover));
            prop_assert!(track.index_of(&report.vp_marker.box_id).is_some());
            // A Final check names a winner; a seasonal one only when the game ends there by
            // an automatic victory.
            let ended = report.combined.as_ref().map_or(
                report.automatic_victory.is_some_and(|a| a.effect == Effect::EndsGame),
                |c| c.result.winner().is_some(),
            );
            prop_assert_eq!(report.winner.is_some(), final_check || ended);
            let _ = report.to_string();
        }
    }
}

#[cfg(feature = "schema")]
#[test]
fn the_state_format_has_a_json_schema() {
    let schema = asia_engulfed_victory::state_schema();
    let text = serde_json::to_string(&schema).unwrap();
    for key in [
        "game",
        "vp_marker",
        "strategic_hexes",
        "pro-west",
        "total-war",
        "boxes",
    ] {
        assert!(text.contains(key), "{key} missing from the schema");
    }
}
