//! The rules options' policies: one function per option of the registry
//! ([`RULE_OPTIONS`](crate::options::RULE_OPTIONS)), named by its key, the only place its value
//! is read. Each takes what the rules found and says what the table's reading makes of it, as
//! data; the rules functions act on that, and [`crate::words`] says it.
//!
//! - D-1 `axis_automatic_victory`: [`axis_automatic_victory`]
//! - D-2 `automatic_victory_at_final_check`: [`automatic_victory_at_final_check`]
//! - D-3 `bonus_vp_in_dai_senso`: [`bonus_vp_in_dai_senso`]
//! - D-9 `allied_bonus_cap`: [`allied_bonus_cap`]
//! - D-9 `dai_senso_allied_cap`: [`dai_senso_allied_cap`]
//! - D-16 `simultaneous_automatic_victory`: [`simultaneous_automatic_victory`]

use crate::model::{Check, Rules, WarState};
use crate::options::{
    AlliedBonusCap, AutomaticVictoryAtFinalCheck, AxisAutomaticVictory, DaiSensoAlliedCap,
    SimultaneousAutomaticVictory,
};
use crate::side::Side;

/// Whether an Axis automatic victory ends the combined game ([`axis_automatic_victory`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AxisVictoryEnds {
    /// Won during Total War: it ends the combined game (0.2 (c)), whatever the option.
    DuringTotalWar,
    /// Won in another War State, and the table reads 0.4 without 0.2 (c)'s condition
    /// (`any-war-state`): it ends the combined game.
    InAnyWarState,
    /// Won in another War State: it does not (D-1, `total-war-only`).
    DoesNotEnd,
}

impl AxisVictoryEnds {
    /// Whether the combined game ends.
    pub(crate) fn ends(self) -> bool {
        self != AxisVictoryEnds::DoesNotEnd
    }
}

/// D-1, rules option `axis_automatic_victory`: whether an Axis automatic victory won during
/// `war_state` ends the combined game. 0.2 (c) names Total War (`total-war-only`, the default);
/// `any-war-state` reads 0.4 without that condition.
pub(crate) fn axis_automatic_victory(rules: &Rules, war_state: WarState) -> AxisVictoryEnds {
    match (war_state, rules.axis_automatic_victory) {
        (WarState::TotalWar, _) => AxisVictoryEnds::DuringTotalWar,
        (_, AxisAutomaticVictory::AnyWarState) => AxisVictoryEnds::InAnyWarState,
        (_, AxisAutomaticVictory::TotalWarOnly) => AxisVictoryEnds::DoesNotEnd,
    }
}

/// D-2, rules option `automatic_victory_at_final_check`: whether the automatic victories a
/// check brings are won there. A seasonal check wins them; a Final check too by default (it is
/// a Victory Point Check, so 0.2 applies: `ends-game`); under `vp-decide` none is won at a
/// Final check (0.2's automatic victory ends the game only "before the final Turn") and the VP
/// decide.
pub(crate) fn automatic_victory_at_final_check(rules: &Rules, check: Check) -> bool {
    match (check, rules.automatic_victory_at_final_check) {
        (Check::Seasonal, _) | (Check::Final, AutomaticVictoryAtFinalCheck::EndsGame) => true,
        (Check::Final, AutomaticVictoryAtFinalCheck::VpDecide) => false,
    }
}

/// D-3, rules option `bonus_vp_in_dai_senso`: whether the 14.45 Bonus VPs are added at the
/// Final check of Dai Senso alone (0.3 is silent; 14.45 awards them). In the combined game 0.4
/// always adds them.
pub(crate) fn bonus_vp_in_dai_senso(rules: &Rules) -> bool {
    rules.bonus_vp_in_dai_senso
}

/// How the Allied Bonus VPs stand to the cap per map ([`allied_bonus_cap`]), as the note on
/// the cap says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BonusAndCap {
    /// Inside the cap, with the map's track VP (`within`, ruling D-9).
    Included,
    /// On top of the capped track VP (`beyond`).
    OnTop,
    /// Not earned at all (`no-allied-bonus`).
    NotEarned,
}

/// Why fewer VPs count than were earned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// The track VP passed the cap per map (0.4 clarification).
    TrackCap {
        /// The cap.
        cap: u32,
    },
    /// With the map's track VP the Bonus VPs would pass the cap (`within`): what it leaves
    /// counts.
    BonusCap,
    /// The Allies earn no Bonus VPs (`no-allied-bonus`).
    NoAlliedBonus,
}

/// VPs as earned and as counted, and why they differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Count {
    /// As earned.
    pub earned: u32,
    /// As counted.
    pub counted: u32,
    /// Why fewer count (`None`: all of them).
    pub cut: Option<Cut>,
}

impl Count {
    fn all(earned: u32) -> Count {
        Count {
            earned,
            counted: earned,
            cut: None,
        }
    }
}

/// One map's Allied VP as [`allied_bonus_cap`] counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AlliedVp {
    /// The VP on the map's track (`None`: the Allies have no marker scoring there).
    pub track: Option<Count>,
    /// The Bonus VPs (`None`: none earned).
    pub bonus: Option<Count>,
    /// Under `beyond`, the Bonus VPs took the Allies past the cap and count all the same.
    pub bonus_past_the_cap: bool,
    /// How the Bonus VPs stand to the cap, for the cap's note.
    pub bonus_and_cap: BonusAndCap,
}

impl AlliedVp {
    /// The cap cut something: the track VP, or (`within`) the Bonus VPs.
    pub(crate) fn capped(&self) -> bool {
        let by_cap = |c: &Option<Count>| {
            c.is_some_and(|c| matches!(c.cut, Some(Cut::TrackCap { .. } | Cut::BonusCap)))
        };
        by_cap(&self.track) || by_cap(&self.bonus)
    }

    /// The Bonus VPs earned and not counted under `no-allied-bonus`.
    pub(crate) fn bonus_not_earned(&self) -> u32 {
        self.bonus
            .filter(|b| b.cut == Some(Cut::NoAlliedBonus))
            .map_or(0, |b| b.earned)
    }
}

/// D-9, rules option `allied_bonus_cap` (0.4): one map's Allied VP as counted, from the VP on
/// its track (`track`, `None` when no Allied marker scores there) and the Bonus VPs earned on
/// it (`bonus`). Under `cap` (the combined game: [`Rules::allied_vp_cap_per_map`]; in Dai
/// Senso alone what [`dai_senso_allied_cap`] says, by default `None`: no cap) the track VP
/// counts at most the cap (0.4 clarification), and the Bonus VPs by default at most what the cap leaves after the track VP
/// (`within`), all of them on top (`beyond`); under `no-allied-bonus` the Allies earn none,
/// capped or not.
pub(crate) fn allied_bonus_cap(
    rules: &Rules,
    track: Option<u32>,
    bonus: u32,
    cap: Option<u32>,
) -> AlliedVp {
    let reading = rules.allied_bonus_cap;
    let track = track.map(|earned| match cap {
        Some(cap) if earned > cap => Count {
            earned,
            counted: cap,
            cut: Some(Cut::TrackCap { cap }),
        },
        _ => Count::all(earned),
    });
    let on_track = track.map_or(0, |t| t.counted);
    let earned = (bonus > 0).then_some(bonus);
    let (bonus, bonus_past_the_cap, bonus_and_cap) = match reading {
        AlliedBonusCap::Within => {
            let room = cap.map(|c| c.saturating_sub(on_track));
            let count = earned.map(|earned| match room {
                Some(room) if earned > room => Count {
                    earned,
                    counted: room,
                    cut: Some(Cut::BonusCap),
                },
                _ => Count::all(earned),
            });
            (count, false, BonusAndCap::Included)
        }
        AlliedBonusCap::Beyond => {
            let past = earned
                .zip(cap)
                .is_some_and(|(earned, cap)| on_track.saturating_add(earned) > cap);
            (earned.map(Count::all), past, BonusAndCap::OnTop)
        }
        AlliedBonusCap::NoAlliedBonus => {
            let count = earned.map(|earned| Count {
                earned,
                counted: 0,
                cut: Some(Cut::NoAlliedBonus),
            });
            (count, false, BonusAndCap::NotEarned)
        }
    };
    AlliedVp {
        track,
        bonus,
        bonus_past_the_cap,
        bonus_and_cap,
    }
}

/// D-9, rules option `dai_senso_allied_cap` (0.4 in Dai Senso alone): the cap on the Allied VP
/// of the DS map when Dai Senso is played alone. By default (`none`) there is none: "Remember
/// the Allied factions cannot earn more than 4 VPs on a map" is read with 0.4, the combined
/// game (the printed track never gives more than 4; the Bonus VPs may take the Allies past
/// it). Under `four` the combined game's cap ([`Rules::allied_vp_cap_per_map`]) applies there
/// too, counted by [`allied_bonus_cap`].
pub(crate) fn dai_senso_allied_cap(rules: &Rules) -> Option<u32> {
    match rules.dai_senso_allied_cap {
        DaiSensoAlliedCap::None => None,
        DaiSensoAlliedCap::Four => Some(rules.allied_vp_cap_per_map),
    }
}

/// Which of two automatic victories won at one check is taken
/// ([`simultaneous_automatic_victory`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TakenFirst {
    /// European Theater Collapse, a standing condition of the Current ESV, first (ruling D-16,
    /// `axis-first`).
    StandingCondition,
    /// The Allied one (`allies-first`).
    AlliedOne,
}

/// D-16, rules option `simultaneous_automatic_victory` (0.2, Dai Senso alone): of the
/// automatic victories one check brings, won by `winners` in the order found (European Theater
/// Collapse first), the index of the one taken: the first by default, the first Allied one
/// under `allies-first`.
pub(crate) fn simultaneous_automatic_victory(
    rules: &Rules,
    winners: &[Side],
) -> (usize, TakenFirst) {
    match rules.simultaneous_automatic_victory {
        SimultaneousAutomaticVictory::AxisFirst => (0, TakenFirst::StandingCondition),
        SimultaneousAutomaticVictory::AlliesFirst => (
            winners.iter().position(|&w| w == Side::Allies).unwrap_or(0),
            TakenFirst::AlliedOne,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(cap: AlliedBonusCap) -> Rules {
        Rules {
            allied_bonus_cap: cap,
            ..Rules::default()
        }
    }

    /// D-9: 3 VP on the track and 2 Bonus VPs under a cap of 4, each reading; with no cap
    /// (Dai Senso alone) only `no-allied-bonus` takes any away.
    #[test]
    fn allied_bonus_cap_counts_each_reading() {
        let counted = |reading, cap| {
            let a = allied_bonus_cap(&rules(reading), Some(3), 2, cap);
            (a.track.map(|t| t.counted), a.bonus.map(|b| b.counted))
        };
        use AlliedBonusCap::{Beyond, NoAlliedBonus, Within};
        assert_eq!(counted(Within, Some(4)), (Some(3), Some(1)));
        assert_eq!(counted(Beyond, Some(4)), (Some(3), Some(2)));
        assert_eq!(counted(NoAlliedBonus, Some(4)), (Some(3), Some(0)));
        assert_eq!(counted(Within, None), (Some(3), Some(2)));
        assert_eq!(counted(Beyond, None), (Some(3), Some(2)));
        assert_eq!(counted(NoAlliedBonus, None), (Some(3), Some(0)));
        // The track itself is capped whatever the reading; nothing earned, nothing counted.
        let a = allied_bonus_cap(&rules(Beyond), Some(6), 0, Some(4));
        assert_eq!(
            a.track.map(|t| (t.counted, t.cut)),
            Some((4, Some(Cut::TrackCap { cap: 4 })))
        );
        assert_eq!(a.bonus, None);
        assert!(a.capped() && !a.bonus_past_the_cap);
        assert!(allied_bonus_cap(&rules(Beyond), Some(3), 2, Some(4)).bonus_past_the_cap);
    }

    /// D-9, `dai_senso_allied_cap`: no cap by default; under `four` the cap per map, which
    /// then counts 4 VP on the track and 2 Bonus VPs as 4 (the worked example of issue 38).
    #[test]
    fn dai_senso_allied_cap_is_none_or_the_cap_per_map() {
        let mut r = Rules::default();
        assert_eq!(dai_senso_allied_cap(&r), None);
        let counted = |r: &Rules| {
            let a = allied_bonus_cap(r, Some(4), 2, dai_senso_allied_cap(r));
            a.track.map_or(0, |t| t.counted) + a.bonus.map_or(0, |b| b.counted)
        };
        assert_eq!(counted(&r), 6);
        r.dai_senso_allied_cap = DaiSensoAlliedCap::Four;
        assert_eq!(dai_senso_allied_cap(&r), Some(4));
        assert_eq!(counted(&r), 4);
        r.allied_vp_cap_per_map = 5;
        assert_eq!(dai_senso_allied_cap(&r), Some(5));
    }

    /// D-1, D-2, D-16: each option's readings.
    #[test]
    fn each_reading_of_the_victory_options() {
        let mut r = Rules::default();
        assert!(axis_automatic_victory(&r, WarState::TotalWar).ends());
        assert!(!axis_automatic_victory(&r, WarState::LimitedWar).ends());
        r.axis_automatic_victory = AxisAutomaticVictory::AnyWarState;
        assert_eq!(
            axis_automatic_victory(&r, WarState::PreWar),
            AxisVictoryEnds::InAnyWarState
        );
        assert!(automatic_victory_at_final_check(&r, Check::Final));
        r.automatic_victory_at_final_check = AutomaticVictoryAtFinalCheck::VpDecide;
        assert!(!automatic_victory_at_final_check(&r, Check::Final));
        assert!(automatic_victory_at_final_check(&r, Check::Seasonal));
        let winners = [Side::Axis, Side::Allies];
        assert_eq!(simultaneous_automatic_victory(&r, &winners).0, 0);
        r.simultaneous_automatic_victory = SimultaneousAutomaticVictory::AlliesFirst;
        assert_eq!(simultaneous_automatic_victory(&r, &winners).0, 1);
    }
}
