//! The words of a check, apart from the rules: each rule or ruling applied as the report's
//! notes ([`notes`]), each part of a side's VP ([`Tally`]) as the report's [`VpScore`], the
//! outcomes of the margins, and the phrases the text report ([`text`]) and the picture
//! (`picture`, feature `svg`) say alike, so that a reading is worded in one place.

pub(crate) mod notes;
#[cfg(feature = "svg")]
pub(crate) mod picture;
pub(crate) mod text;

use crate::csv::{
    ConsideredHex, Control, CountedHex, ExcludedHex, InfluenceRead, InfluenceReading,
};
use crate::decide::Decision;
use crate::model::{Check, MapAutomaticVictory};
use crate::policy::Cut;
use crate::side::Side;
use crate::victory::{
    AutomaticVictory, CombinedResult, Effect, GameMap, MapResult, MarkerReport, PlacementBasis,
    SideVp, VpPart, VpScore,
};
use crate::vp::{Part, Remark, Tally};

/// `s` after a count other than one.
pub(crate) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The check: `Victory Point Check (0.1)`, `Final Victory Point Check (0.3)`.
pub(crate) fn check_title(check: Check) -> &'static str {
    match check {
        Check::Seasonal => "Victory Point Check (0.1)",
        Check::Final => "Final Victory Point Check (0.3)",
    }
}

/// Who controls a hex and why: `Allied control: ground units`, or `no controller`.
pub(crate) fn control(control: Option<Control>) -> String {
    control.map_or_else(
        || "no controller".to_string(),
        |c| format!("{} control: {}", c.side.adjective(), c.basis.describe()),
    )
}

/// A hex behind a term: `e4012 Okinawa (Allied control: control given)`.
pub(crate) fn counted(h: &CountedHex) -> String {
    format!("{} {} ({})", h.label, h.name, control(Some(h.control)))
}

/// A hex an exception leaves out of a term: `not counted: w2819 Batavia, in a Policy Affected
/// Country (13.6.1): NEI (0.1.1 Step 2 exception)`.
pub(crate) fn not_counted(x: &ExcludedHex) -> String {
    format!(
        "not counted: {} {}, {} ({})",
        x.label, x.name, x.reason, x.rule
    )
}

/// A Strategic Hex as the check considered it: `e4012 Okinawa (Axis hex, Allied control:
/// control given): -1 (0.1.1 Step 2)`.
pub(crate) fn considered(h: &ConsideredHex) -> String {
    format!(
        "{} {} ({} hex, {}): {:+} ({})",
        h.label,
        h.name,
        h.faction.title(),
        control(h.control),
        h.adds,
        considered_why(h)
    )
}

/// Why a Strategic Hex considered adds what it adds, with, in a country whose Influence
/// marker does not decide its control, why not: `nobody controls it; the Pro-Axis marker in
/// Netherlands East Indies does not apply: an Allied ground unit is in Tokyo (0.3)`.
pub(crate) fn considered_why(h: &ConsideredHex) -> String {
    match h.influence.as_ref().and_then(influence_not_applied) {
        Some(not) => format!("{}; {not}", h.why),
        None => h.why.clone(),
    }
}

/// An Influence marker that does not decide a hex's control at this check, and why (0.3,
/// ruling D-14); `None` when it does (the control's basis says so).
pub(crate) fn influence_not_applied(read: &InfluenceRead) -> Option<String> {
    let marker = read.marker.title();
    let why = match read.reading {
        InfluenceReading::Applies => return None,
        InfluenceReading::NotAtASeasonalCheck => {
            "Influence markers are read at the Final check only (0.3)".to_string()
        }
        InfluenceReading::CountryNotNeutral => format!(
            "{} is not marked neutral, and 0.3 reads Influence markers in Neutral Countries only (ruling D-14)",
            read.country
        ),
        InfluenceReading::AlliedGroundUnitInTokyo => format!(
            "an Allied ground unit is in Tokyo, and a {marker} marker counts only when none is (0.3)"
        ),
        InfluenceReading::NoAlliedGroundUnitInTokyo => format!(
            "no Allied ground unit is in Tokyo, and a {marker} marker counts only when one is (0.3)"
        ),
    };
    Some(format!(
        "the {marker} marker in {} does not apply: {why}",
        read.country
    ))
}

/// How an automatic victory is won: `by Asian Domination (0.2 Asian Domination)`.
pub(crate) fn by(a: &AutomaticVictory) -> String {
    format!("by {} ({})", a.kind.title(), a.rule)
}

/// An automatic victory that stops play on the DS map (the (c) exception): `Allied automatic
/// victory on the DS map by Asian Domination (0.2 Asian Domination (c) exception)`.
pub(crate) fn on_the_ds_map(a: &AutomaticVictory) -> String {
    format!(
        "{} automatic victory on the DS map {}",
        a.winner.adjective(),
        by(a)
    )
}

/// An automatic victory this check brings on the DS map after the TK map's automatic victory
/// (`tk`, won before this check) had ended the combined game: `the Allies would win by
/// Japanese Surrender (0.2 Japanese Surrender), but the Axis automatic victory on the TK map
/// (Limited War), won before this check, had already ended the combined game: Japanese
/// Surrender came after the game had ended and does not count`. The (c) exception (`marker`
/// placed by it) wins nothing by itself (0.4 needs an automatic victory on both maps): it is
/// said for what it does, stop play on the DS map.
pub(crate) fn after_the_game_ended(
    a: &AutomaticVictory,
    tk: Option<MapAutomaticVictory>,
    marker: &MarkerReport,
) -> String {
    let ended = tk.map_or_else(
        || "the combined game had already ended".to_string(),
        |t| {
            format!(
                "the {} automatic victory on the TK map ({}), won before this check, had already ended the combined game",
                t.winner.adjective(),
                t.war_state.title()
            )
        },
    );
    if marker.basis == PlacementBasis::CombinedGameException {
        return format!(
            "the (c) exception would stop play on the DS map ({}): an {} automatic victory there, which wins the combined game only with one on the TK map too (0.4); but {ended}: the (c) exception came after the game had ended and does not count",
            a.rule,
            a.winner.adjective()
        );
    }
    format!(
        "the {} would win {}, but {ended}: {} came after the game had ended and does not count",
        a.winner.title(),
        by(a),
        a.kind.title()
    )
}

/// A Final check of Dai Senso alone decided on VP: `the Axis wins on VP, Axis 3 - Allies 2`.
pub(crate) fn on_vp(winner: Side, axis: u32, allies: u32) -> String {
    format!("the {} on VP, Axis {axis} - Allies {allies}", winner.wins())
}

/// One map's standing in the combined game: its automatic victory (`Allied automatic victory
/// in Total War`), whether play there stopped (`play stopped`).
pub(crate) fn map_status(m: &MapResult) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(av) = m.automatic_victory {
        parts.push(format!(
            "{} automatic victory in {}",
            av.winner.adjective(),
            av.war_state.title()
        ));
    }
    if m.play_stopped {
        parts.push("play stopped".to_string());
    }
    parts
}

/// What a part's remark says.
fn remark(r: Remark, counted: u32) -> String {
    match r {
        Remark::AutomaticVictoryBox { vp } => format!(
            "the Automatic Victory box has no VP of its own: it scores as the highest numbered box, {vp} VP (ruling)"
        ),
        Remark::HakkoIchiu => "the Axis earns no VPs for the Hakko Ichiu marker".into(),
        Remark::Cut {
            earned,
            cut: Cut::TrackCap { cap },
        } => format!(
            "{earned} VP on the track, capped at {cap}: the Allies cannot earn more than {cap} VPs on a map (0.4)"
        ),
        Remark::Cut {
            earned,
            cut: Cut::BonusCap,
        } => format!(
            "{earned} Bonus VP{}, {counted} counted: with the map's track VP they would pass the Allies' cap on a map (0.4)",
            plural(earned)
        ),
        Remark::Cut {
            earned,
            cut: Cut::NoAlliedBonus,
        } => format!(
            "{earned} Bonus VP{}, none counted: the Allies earn no Bonus VPs ({})",
            plural(earned),
            crate::options::rule_option(|r| {
                r.allied_bonus_cap = crate::options::AlliedBonusCap::NoAlliedBonus;
            })
        ),
    }
}

/// A part of a side's VP in words.
fn vp_part(p: &Part) -> VpPart {
    VpPart {
        rule: p.rule.into(),
        map: p.map,
        source: p.source,
        box_id: p.box_id.clone(),
        vp: p.vp,
        note: p.remark.map(|r| remark(r, p.vp)),
    }
}

/// Both sides' VP in words.
pub(crate) fn vp_score(tally: &Tally) -> VpScore {
    let side = |parts: &[Part]| {
        let mut s = SideVp::default();
        parts.iter().for_each(|p| s.add(vp_part(p)));
        s
    };
    VpScore {
        axis: side(&tally.axis),
        allies: side(&tally.allies),
    }
}

/// The outcome of a decision in words (a margin's result).
pub(crate) fn outcome(check: Check, d: &Decision) -> String {
    let av = |a: &AutomaticVictory| {
        let effect = match a.effect {
            Effect::EndsGame => "",
            Effect::StopsPlayOnMap => ", play on the DS map stops",
            Effect::AfterTheGameEnded => ", after the game had ended: it does not count",
        };
        format!(
            "{} automatic victory {}{effect}",
            a.winner.adjective(),
            by(a)
        )
    };
    match (check, &d.combined) {
        (_, Some(c)) => combined_outcome(&c.result),
        (Check::Seasonal, None) => d
            .automatic_victory
            .as_ref()
            .map_or_else(|| "no automatic victory".to_string(), av),
        (Check::Final, None) => match (&d.automatic_victory, &d.vp, d.winner) {
            (Some(a), _, _) => av(a),
            (None, Some(vp), Some(w)) => on_vp(w, vp.axis_total(), vp.allies_total()),
            _ => "undecided".to_string(),
        },
    }
}

/// The result a margin's CSV brings (`then`), in words, against the result `now`: where both
/// leave play going on in the combined game, what changes is which maps hold an Allied
/// automatic victory (0.2 (c), 0.4), and that is what is said.
pub(crate) fn margin_outcome(check: Check, now: &Decision, then: &Decision) -> String {
    let held = |d: &Decision| match d.combined.as_ref().map(|c| &c.result) {
        Some(CombinedResult::PlayGoesOn {
            allied_automatic_victory_on,
        }) => Some(allied_automatic_victory_on.clone()),
        _ => None,
    };
    match (held(now), held(then)) {
        (Some(before), Some(after)) if before != after => play_still_goes_on(&before, &after),
        _ => outcome(check, then),
    }
}

/// Play goes on before and after; the maps holding an Allied automatic victory change:
/// `play still goes on, but no Allied automatic victory is held on the DS map any more (the
/// (c) exception does not apply: play there goes on)`.
fn play_still_goes_on(before: &[GameMap], after: &[GameMap]) -> String {
    let lost = (before.iter().filter(|m| !after.contains(m))).map(|m| {
        let why = match m {
            GameMap::Ds => " (the (c) exception does not apply: play there goes on)",
            GameMap::Tk => "",
        };
        format!(
            "no Allied automatic victory is held on the {} any more{why}",
            m.title()
        )
    });
    let won = (after.iter().filter(|m| !before.contains(m))).map(|m| {
        let by = match m {
            GameMap::Ds => "the (c) exception: ",
            GameMap::Tk => "",
        };
        format!(
            "an Allied automatic victory is held on the {} ({by}play there stops; the Allies need one on both maps, 0.4)",
            m.title()
        )
    });
    let changes: Vec<String> = lost.chain(won).collect();
    format!("play still goes on, but {}", changes.join(", and "))
}

/// The combined game's standing in words.
pub(crate) fn combined_outcome(result: &CombinedResult) -> String {
    match result {
        CombinedResult::AxisAutomaticVictory { map } => format!(
            "the combined game ends with an Axis victory (automatic victory on the {}, 0.4)",
            map.title()
        ),
        CombinedResult::AlliedAutomaticVictoryInLimitedWar { map } => format!(
            "the combined game ends with an Allied victory (automatic victory during Limited War on the {}, 0.2 (c))",
            map.title()
        ),
        CombinedResult::AlliedAutomaticVictoryOnBothMaps => {
            "the combined game ends with an Allied victory (automatic victories on both maps, 0.4)"
                .to_string()
        }
        CombinedResult::PlayGoesOn {
            allied_automatic_victory_on,
        } => {
            if allied_automatic_victory_on.is_empty() {
                "no automatic victory ends the combined game: play goes on".to_string()
            } else {
                let maps: Vec<&str> = allied_automatic_victory_on
                    .iter()
                    .map(|m| m.title())
                    .collect();
                format!(
                    "play goes on; Allied automatic victory held on the {} (needed on both maps)",
                    maps.join(" and ")
                )
            }
        }
        CombinedResult::VictoryPoints {
            winner,
            axis,
            allies,
        } => format!(
            "the {} the combined game on VP, Axis {axis} - Allies {allies} (0.4: most VP wins, a tie goes to the Axis)",
            winner.wins()
        ),
    }
}
