//! The words of a check, apart from the rules: each rule or ruling applied as the report's
//! notes ([`notes`]), each part of a side's VP ([`Tally`]) as the report's [`VpScore`], the
//! outcomes of the margins, and the phrases the text report ([`text`]) and the picture
//! (`picture`, feature `svg`) say alike, so that a reading is worded in one place.

pub(crate) mod notes;
#[cfg(feature = "svg")]
pub(crate) mod picture;
pub(crate) mod text;

use crate::csv::{ConsideredHex, Control, CountedHex, ExcludedHex};
use crate::decide::Decision;
use crate::model::Check;
use crate::policy::Cut;
use crate::side::Side;
use crate::victory::{
    AutomaticVictory, CombinedResult, Effect, MapResult, SideVp, VpPart, VpScore,
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
        h.why
    )
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
            "{earned} Bonus VP{}, none counted: the Allies earn no Bonus VPs (rules option allied_bonus_cap = no-allied-bonus)",
            plural(earned)
        ),
    }
}

/// A part of a side's VP in words.
fn vp_part(p: &Part) -> VpPart {
    VpPart {
        rule: p.rule,
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
