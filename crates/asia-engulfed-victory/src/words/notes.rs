//! Each rule or ruling a check applied ([`Applied`]) as the report's [`Note`]: one sentence
//! each, with the values it applied to.

use super::plural;
use crate::applied::{Applied, Automatic, CombinedGame, Points};
use crate::error::Diagnostic;
use crate::notes::Note;
use crate::options::AlliedBonusCap::{Beyond, NoAlliedBonus};
use crate::options::AutomaticVictoryAtFinalCheck::VpDecide;
use crate::options::AxisAutomaticVictory::AnyWarState;
use crate::options::DaiSensoAlliedCap::Four;
use crate::options::SimultaneousAutomaticVictory::AlliesFirst;
use crate::options::rule_option;
use crate::policy::{BonusAndCap, TakenFirst};
use crate::side::MarkerSide;
use crate::track::{VpBox, VpTrack};
use crate::victory::{Candidate, GameMap, Way};

/// A problem of a state scored anyway (the score is total).
pub(crate) fn invalid_state(d: &Diagnostic) -> Note {
    Note::new("invalid-state", d.to_string())
}

/// The title of the box at `index` of `track`.
fn box_title(track: &VpTrack, index: usize) -> String {
    track
        .boxes()
        .get(index)
        .map_or_else(String::new, VpBox::title)
}

/// The box an Allied automatic victory on the DS map freezes the Allied Crusade marker in, in
/// words: "the 4 VP box (the track's highest numbered box)" (0.2 (c) exception, ruling D-11).
fn frozen_box(track: &VpTrack) -> String {
    match track.highest_numbered_of(MarkerSide::AlliedCrusade) {
        Some(i) => format!("{} (the track's highest numbered box)", box_title(track, i)),
        None => "track's highest numbered box".to_string(),
    }
}

/// A rule or ruling applied, as the report's note.
pub(crate) fn note(applied: &Applied, track: &VpTrack) -> Note {
    match applied {
        Applied::Automatic(a) => automatic_note(a, track),
        Applied::Points(p) => points_note(p),
        Applied::CombinedGame(c) => combined_note(c, track),
    }
}

/// The notes of where the marker goes and what it wins (0.1.2, 0.2).
fn automatic_note(applied: &Automatic, track: &VpTrack) -> Note {
    match applied {
        Automatic::FrozenByAlliedAutomaticVictory => Note::new(
            "frozen-by-allied-automatic-victory",
            format!(
                "0.2 (c) / 0.4 (ruling): the Allied automatic victory held on the DS map froze the Allied Crusade marker in the {}; it does not move, at a Final check either",
                frozen_box(track)
            ),
        ),
        Automatic::PlayStoppedMarkerStays => Note::new(
            "play-stopped-marker-stays",
            "play on the DS map has stopped (0.4): at a seasonal check the VP marker does not move and no automatic victory can be won there (ruling); the CSV is shown for information",
        ),
        Automatic::PlayStoppedFinalCheck => Note::new(
            "play-stopped-final-check",
            "play on the DS map has stopped, but 0.4 still determines the Final Strategic Value (0.3) on each map at the end of the game: the marker is placed as usual",
        ),
        Automatic::JapaneseMandateBlocksAsianDomination => Note::new(
            "japanese-mandate-blocks-asian-domination",
            "0.2 clarification: while the Japanese Mandate marker is on the VP Track the Axis cannot win an Asian Domination; the cap of 0.1.2 holds the Rising Sun marker back",
        ),
        Automatic::BoxOutsideTotalWar { war_state } => Note::new(
            "automatic-victory-box-outside-total-war",
            format!(
                "0.2 Asian Domination needs Total War; in {} the marker in the Automatic Victory box wins nothing and scores as the highest numbered box at a Final check (ruling)",
                war_state.title()
            ),
        ),
        Automatic::NotWonAtFinalCheck { found, side, at } => {
            not_won_at_final_check(found, *side, &box_title(track, *at))
        }
        Automatic::CombinedGameException { csv, at } => Note::new(
            "combined-game-allied-asian-domination",
            format!(
                "0.2 (c) exception: a CSV of {csv:+} during Total War puts the Allied Crusade marker in the {} instead of the Automatic Victory box and play on the DS map ends; reading of 0.2 with 0.4 (ruling): this Allied automatic victory ends the combined game only together with one on the TK map",
                box_title(track, *at)
            ),
        ),
        Automatic::JapaneseSurrenderBeyondTwo { at } => Note::new(
            "japanese-surrender-beyond-two",
            format!(
                "0.2 Japanese Surrender (ruling): the Allied Crusade marker is in the {}, beyond the 2 VP box; a bigger Allied success cannot avoid the surrender, so it fires",
                box_title(track, *at)
            ),
        ),
        Automatic::SimultaneousAutomaticVictories {
            first,
            second,
            taken,
            by,
        } => Note::new(
            "simultaneous-automatic-victories",
            match by {
                TakenFirst::AlliedOne => format!(
                    "two automatic victories at once ({} and {}): {} takes the Allied one, {}",
                    first.title(),
                    second.title(),
                    rule_option(|r| r.simultaneous_automatic_victory = AlliesFirst),
                    taken.title()
                ),
                TakenFirst::StandingCondition => format!(
                    "two automatic victories at once ({} and {}): European Theater Collapse is a standing condition of the Current ESV and is taken first, like a tied score going to the Axis (ruling)",
                    first.title(),
                    second.title()
                ),
            },
        ),
        Automatic::PreWar => Note::new(
            "pre-war",
            "Pre-War: Asian Domination needs Total War and Japanese Surrender Limited War, so neither can be won; European Theater Collapse (*) names no War State and can (ruling)",
        ),
    }
}

/// Ruling D-2 under `vp-decide`: each automatic victory this Final check would have brought,
/// not won; the marker (on `side`, in box `at`) stays where the CSV put it when the (c)
/// exception would have moved it.
fn not_won_at_final_check(found: &[Candidate], side: MarkerSide, at: &str) -> Note {
    let exception = |c: &Candidate| matches!(c.way, Way::CombinedGameException { .. });
    let each: Vec<String> = found
        .iter()
        .map(|c| {
            let which = if exception(c) {
                " (the 0.2 (c) exception)"
            } else {
                ""
            };
            let kind = c.victory().kind;
            format!("{} for the {}{which}", kind.title(), c.winner.title())
        })
        .collect();
    let stays = if found.iter().any(exception) {
        format!("; the {} marker stays in the {at}", side.title())
    } else {
        String::new()
    };
    Note::new(
        "automatic-victory-at-final-check-vp-decide",
        format!(
            "{}: 0.2's automatic victory ends the game only \"before the final Turn\" and the Final check uses the Victory Point Check procedure of 0.1 (0.3), so no automatic victory is won at a Final check, not {}, which this check would bring{stays}; the VP decide (ruling D-2)",
            rule_option(|r| r.automatic_victory_at_final_check = VpDecide),
            each.join(" nor ")
        ),
    )
}

/// The notes of the Victory Points (0.3, 0.4).
fn points_note(applied: &Points) -> Note {
    match applied {
        Points::FinalCheckAutomaticVictory { winner, kind } => Note::new(
            "final-check-automatic-victory",
            format!(
                "a Final check is a Victory Point Check (0.3: \"use the Victory Point Check procedure above\"), so 0.2 applies: the {} by {} whatever the VP (ruling)",
                winner.wins(),
                kind.title()
            ),
        ),
        Points::TieToTheAxis { axis, allies } => Note::new(
            "tie-to-the-axis",
            format!("0.3: the VP scores are tied {axis}-{allies}, so the Axis faction wins"),
        ),
        Points::CombinedTieToTheAxis { axis, allies } => Note::new(
            "tie-to-the-axis",
            format!(
                "0.4: the combined VP scores are tied {axis}-{allies}, so the Axis faction wins"
            ),
        ),
        Points::BonusVpInDaiSenso { added: true } => Note::new(
            "bonus-vp-in-dai-senso",
            format!(
                "14.45 Bonus VPs are added at the Final check of Dai Senso alone: 14.45 awards them and 0.3 is silent (ruling D-3; {} turns this off)",
                rule_option(|r| r.bonus_vp_in_dai_senso = false)
            ),
        ),
        Points::BonusVpInDaiSenso { added: false } => Note::new(
            "bonus-vp-in-dai-senso",
            format!(
                "14.45 Bonus VPs are not added at the Final check of Dai Senso alone: {}",
                rule_option(|r| r.bonus_vp_in_dai_senso = false)
            ),
        ),
        Points::AlliedBonusBeyondTheCap => Note::new(
            "allied-bonus-beyond-the-cap",
            format!(
                "{}: the cap of 0.4 limits the Allies' VP on a map's track; their Bonus VPs come on top, as the Axis's do",
                rule_option(|r| r.allied_bonus_cap = Beyond)
            ),
        ),
        Points::NoAlliedBonus { allies } => Note::new(
            "no-allied-bonus",
            format!(
                "{}: 0.4's \"Add any Bonus VPs ...\" follows the Axis sentence and the Allies' \"Likewise\" adds only VP scores, so the Allies' {allies} Bonus VP{} {} not counted",
                rule_option(|r| r.allied_bonus_cap = NoAlliedBonus),
                plural(*allies),
                if *allies == 1 { "is" } else { "are" }
            ),
        ),
        Points::TkAxisAndAlliedVp => Note::new(
            "tk-axis-and-allied-vp",
            "0.3 says the Axis Tide and Allied Crusade markers cannot be on the track together, yet 0.4's example scores both on the TK map: the example's Axis Tide is read as a planted marker (like DS's Japanese Mandate), so the TK map's Axis VP and Allied VP are both counted (ruling)",
        ),
        Points::AlliedCapPerMap { cap, bonus } => Note::new(
            "allied-cap-per-map",
            format!(
                "0.4 clarification: the Allies cannot earn more than {cap} VPs on a map, {}",
                bonus_and_cap(*bonus)
            ),
        ),
        Points::DaiSensoAlliedCap { cap, bonus } => Note::new(
            "dai-senso-allied-cap",
            format!(
                "{}: 0.4's \"Remember the Allied factions cannot earn more than 4 VPs on a map\" is read as true of Dai Senso alone too, so the Allies cannot earn more than {cap} VPs on the DS map, {}",
                rule_option(|r| r.dai_senso_allied_cap = Four),
                bonus_and_cap(*bonus)
            ),
        ),
        Points::NoCapInDaiSenso { allies, cap } => Note::new(
            "no-cap-in-dai-senso",
            format!(
                "0.4's \"Remember the Allied factions cannot earn more than 4 VPs on a map\" is read as a rule of the combined game: in Dai Senso alone no cap applies and the Allies count all {allies} VPs on the DS map, Bonus VPs included (ruling D-9; {} caps them at {cap})",
                rule_option(|r| r.dai_senso_allied_cap = Four)
            ),
        ),
    }
}

/// How the Allied Bonus VPs stand to the cap per map (D-9, rules option `allied_bonus_cap`),
/// as the notes of the cap say it.
fn bonus_and_cap(bonus: BonusAndCap) -> String {
    match bonus {
        BonusAndCap::Included => {
            "Bonus VPs included; the Axis Bonus VPs come on top (ruling)".to_string()
        }
        BonusAndCap::OnTop => format!(
            "on the track; their Bonus VPs come on top ({})",
            rule_option(|r| r.allied_bonus_cap = Beyond)
        ),
        BonusAndCap::NotEarned => format!(
            "and earn no Bonus VPs ({})",
            rule_option(|r| r.allied_bonus_cap = NoAlliedBonus)
        ),
    }
}

/// The notes of the combined game (0.2 (c), 0.4).
fn combined_note(applied: &CombinedGame, track: &VpTrack) -> Note {
    match applied {
        CombinedGame::AxisAutomaticVictoryInAnyWarState { map, war_state } => Note::new(
            "axis-automatic-victory-any-war-state",
            format!(
                "{}: the Axis automatic victory on the {} in {} ends the combined game",
                rule_option(|r| r.axis_automatic_victory = AnyWarState),
                map.title(),
                war_state.title()
            ),
        ),
        CombinedGame::AxisAutomaticVictoryOutsideTotalWar { map, war_state } => Note::new(
            "axis-automatic-victory-outside-total-war",
            format!(
                "0.2 (c): an Axis automatic victory ends the combined game when won during Total War; the one on the {} was won in {}, so it does not (ruling D-1; {} reads otherwise)",
                map.title(),
                war_state.title(),
                rule_option(|r| r.axis_automatic_victory = AnyWarState)
            ),
        ),
        CombinedGame::TkAutomaticVictoryFirst { winner, war_state } => Note::new(
            "tk-automatic-victory-first",
            format!(
                "the {} automatic victory on the TK map ({}) was won before this check and already ended the combined game (0.2 (c), 0.4)",
                winner.title(),
                war_state.title()
            ),
        ),
        CombinedGame::AfterTheGameEnded { winner, kind, tk } => Note::new(
            "automatic-victory-after-the-game-ended",
            format!(
                "0.2 (c), 0.4: the {} {} this check brings on the DS map came after the game had ended (by the {} automatic victory on the TK map, in {}) and does not count",
                winner.adjective(),
                kind.title(),
                tk.winner.adjective(),
                tk.war_state.title()
            ),
        ),
        CombinedGame::AlliedAutomaticVictoryNeedsBothMaps { map } => {
            let at = match map {
                GameMap::Tk => "at 4 VP".to_string(),
                GameMap::Ds => format!(
                    "with the Allied Crusade marker in the {}",
                    frozen_box(track)
                ),
            };
            Note::new(
                "allied-automatic-victory-needs-both-maps",
                format!(
                    "reading of 0.2 (c) with 0.4 (ruling): an Allied automatic victory outside Limited War (here on the {}) freezes that map {at}; the Allies win automatically only with one on both maps",
                    map.title()
                ),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cap notes name the option's reading in the words the options registry declares.
    #[test]
    fn the_cap_notes_name_the_reading_as_declared() {
        assert_eq!(
            bonus_and_cap(BonusAndCap::OnTop),
            "on the track; their Bonus VPs come on top (rules option allied_bonus_cap = beyond)"
        );
        assert_eq!(
            bonus_and_cap(BonusAndCap::NotEarned),
            "and earn no Bonus VPs (rules option allied_bonus_cap = no-allied-bonus)"
        );
    }
}
