//! The picture's words ([`crate::svg`]): every sentence it draws about a reading, from the
//! report's values and in the phrases the text report shares ([`super`]), so that the drawing
//! only places them.

use std::fmt::Write as _;

use super::{after_the_game_ended, by, check_title, on_the_ds_map, on_vp};
use crate::model::{Game, State};
use crate::report::{MarkerShift, Report, ResultShift};
use crate::side::{MarkerSide, Side};
use crate::track::{CsvRange, VpBox, VpTrack};
use crate::victory::{
    AutomaticVictory, CombinedResult, Effect, MapResult, MarkerReport, PlacementBasis, VpPart,
    VpScore,
};

/// Whether this check's CSV put the marker where it is (0.1.2, or the 0.2 (c) exception
/// instead of the Automatic Victory box); otherwise the CSV is shown for information only.
pub(crate) fn csv_applied(m: &MarkerReport) -> bool {
    matches!(
        m.basis,
        PlacementBasis::Csv | PlacementBasis::CombinedGameException
    )
}

/// Whether the sides' totals are tied (the Axis wins them: [`VpScore::winner`]).
fn tied(vp: &VpScore) -> bool {
    vp.axis.total == vp.allies.total
}

/// The text with its first letter in upper case.
fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The text with its first letter in lower case.
pub(crate) fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `+3`, `-5`, `0`.
pub(crate) fn signed(v: i64) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("{v:+}")
    }
}

/// A range as printed on the track: outward from the 0 box (`+3..+5`, `0..-5`), open ends as
/// `+15 or more` and `-17 or less`.
pub(crate) fn range_text(r: CsvRange, side: Option<MarkerSide>) -> String {
    match (r.min, r.max) {
        (Some(a), Some(b)) if a == b => signed(a),
        (Some(a), Some(b)) => match side {
            Some(MarkerSide::AlliedCrusade) => format!("{}..{}", signed(b), signed(a)),
            _ => format!("{}..{}", signed(a), signed(b)),
        },
        (Some(a), None) => format!("{} or more", signed(a)),
        (None, Some(b)) => format!("{} or less", signed(b)),
        (None, None) => "any CSV".to_string(),
    }
}

/// A box's name for sentences.
pub(crate) fn box_name(track: &VpTrack, id: &str) -> String {
    track
        .index_of(id)
        .map_or_else(|| format!("box `{id}`"), |i| track.boxes()[i].title())
}

/// A box's name with the VP it scores when the name does not say (`0 box (0 VP)`): a box of
/// the track names the VP it scores unless it scores 0 ([`VpBox::title`]); a box the track
/// does not know names none.
pub(crate) fn box_with_vp(track: &VpTrack, id: &str, vp: Option<u32>) -> String {
    let name = box_name(track, id);
    let named = track.index_of(id).is_some() && vp.is_some_and(|v| v != 0);
    match vp {
        Some(v) if !named => format!("{name} ({v} VP)"),
        _ => name,
    }
}

/// The title: check, War State, turn (and the combined game's name).
pub(crate) fn heading(state: &State, report: &Report) -> String {
    let check = check_title(report.check);
    let mut s = format!("{check} · {}", report.war_state.title());
    if let Some(t) = &report.turn {
        let _ = write!(s, " · {t}");
    }
    if state.game == Game::AxisEmpires {
        s.push_str(" · Axis Empires");
    }
    s
}

/// The line under the title: the game, the track, the Current ESV (Dai Senso alone) and the
/// Current Strategic Value.
pub(crate) fn subtitle(state: &State, report: &Report) -> String {
    let track = state.track.name().unwrap_or("VP track");
    let esv = match (state.game, state.current_esv) {
        (Game::DaiSenso, Some(e)) => format!(" · Current ESV {e}"),
        _ => String::new(),
    };
    format!(
        "{} · {track}{esv} · Current Strategic Value {}",
        state.game.title(),
        signed(report.csv.total)
    )
}

/// The rules options in force that are not the defaults (the text report's last line), each
/// with its ruling and what it decides; `None` when every option has its default.
pub(crate) fn rules_options(report: &Report) -> Option<String> {
    let chosen: Vec<String> = report
        .rules
        .iter()
        .filter(|r| !r.default)
        .map(|r| {
            match crate::options::RULE_OPTIONS
                .options()
                .iter()
                .find(|o| o.key == r.key)
            {
                Some(o) => format!(
                    "{} = {} (ruling {}, {}: {})",
                    r.key, r.value, o.ruling, o.rule, o.about
                ),
                None => format!("{} = {}", r.key, r.value),
            }
        })
        .collect();
    (!chosen.is_empty()).then(|| format!("Rules options (not the defaults): {}", chosen.join("; ")))
}

/// The combined game's standing as a sentence (the report's words, capitalised).
pub(crate) fn combined_outcome(result: &CombinedResult) -> String {
    let words = super::combined_outcome(result);
    if words.is_empty() {
        words
    } else {
        format!("{}.", upper_first(&words))
    }
}

/// The automatic victory (0.2) and what it does, as a sentence (the combined game's TK map
/// named when its automatic victory had already ended the game).
pub(crate) fn automatic_victory(a: &AutomaticVictory, game: Game, report: &Report) -> String {
    match a.effect {
        Effect::EndsGame => format!(
            "The {} {}: the {} ends.",
            a.winner.wins(),
            by(a),
            match game {
                Game::DaiSenso => "game",
                Game::AxisEmpires => "combined game",
            }
        ),
        Effect::StopsPlayOnMap => format!(
            "{}: play on the DS map stops with the Allied Crusade marker frozen in the highest numbered box; the Allies need an automatic victory on both maps (0.4).",
            on_the_ds_map(a)
        ),
        Effect::AfterTheGameEnded => {
            let tk = report
                .combined
                .as_ref()
                .and_then(|c| c.tk.automatic_victory);
            format!(
                "{}.",
                upper_first(&after_the_game_ended(a, tk, &report.vp_marker))
            )
        }
    }
}

/// What the banner says: its heading, its lines and the winner it names.
pub(crate) struct Banner {
    pub head: String,
    pub lines: Vec<String>,
    pub winner: Option<Side>,
}

/// The banner's words: the automatic victory (0.2), or the result (0.4 or 0.3); `None` when
/// there is neither.
pub(crate) fn banner(state: &State, report: &Report) -> Option<Banner> {
    let mut lines: Vec<String> = Vec::new();
    let mut head = String::new();
    let mut winner: Option<Side> = None;
    let after_the_end =
        (report.automatic_victory).filter(|a| a.effect == Effect::AfterTheGameEnded);
    let counted = (report.automatic_victory).filter(|a| a.effect != Effect::AfterTheGameEnded);
    if let Some(a) = &counted {
        head = format!("AUTOMATIC VICTORY (0.2) · {}", a.kind.title());
        lines.push(automatic_victory(a, state.game, report));
        winner = Some(a.winner);
        if let Some(comb) = &report.combined
            && a.effect == Effect::StopsPlayOnMap
        {
            lines.push(format!(
                "Combined game: {}",
                lower_first(&combined_outcome(&comb.result))
            ));
            winner = comb.result.winner().or(Some(a.winner));
        }
    } else if let Some(comb) = &report.combined {
        if let Some(w) = comb.result.winner() {
            head = "RESULT (0.4)".to_string();
            lines.push(combined_outcome(&comb.result));
            lines.extend(after_the_end.map(|a| automatic_victory(&a, state.game, report)));
            winner = Some(w);
        }
    } else if let (Some(w), Some(vp)) = (report.winner, &report.vp) {
        head = "RESULT (0.3)".to_string();
        let tie = if tied(vp) {
            ": a tie goes to the Axis"
        } else {
            ": most VP wins"
        };
        let on_vp = on_vp(w, vp.axis.total, vp.allies.total);
        lines.push(format!("{}{tie}.", upper_first(&on_vp)));
        winner = Some(w);
    }
    (!lines.is_empty()).then_some(Banner {
        head,
        lines,
        winner,
    })
}

/// The sentence under the track: where the marker was before the check, unless the sentence
/// says it (a move or a stay decided by the CSV alone), and how it got where it is
/// ([`placement_text`]).
pub(crate) fn placement(state: &State, report: &Report) -> String {
    let m = &report.vp_marker;
    let says_before =
        m.basis == PlacementBasis::Csv && !m.kept_side && !m.capped_by_japanese_mandate;
    let before = if says_before {
        String::new()
    } else {
        format!(
            "before the check the VP marker was in the {}, {} face up. ",
            box_name(&state.track, &m.previous.box_id),
            m.previous.side.title()
        )
    };
    format!("Placement: {before}{}", placement_text(state, report))
}

/// How the marker got where it is at this check (0.1.2, the 0.2 (c) exception, play stopped,
/// frozen), as a sentence.
fn placement_text(state: &State, report: &Report) -> String {
    let t = &state.track;
    let m = &report.vp_marker;
    let csv = signed(report.csv.total);
    let cell = t.cell(report.csv.total);
    let range = |side: Option<MarkerSide>| {
        m.range
            .map_or_else(|| "no range".to_string(), |r| range_text(r, side))
    };
    let here = box_with_vp(t, &m.box_id, m.vp);
    let before = box_name(t, &m.previous.box_id);
    match m.basis {
        PlacementBasis::Csv if m.kept_side => format!(
            "CSV {csv} falls in the {} range {}, which keeps the marker's face: the VP marker goes to the {here} with its {} face still up (0.1.2).",
            box_name(t, &m.box_id),
            range(None),
            m.side.title()
        ),
        PlacementBasis::Csv if m.capped_by_japanese_mandate => {
            let would = t
                .boxes()
                .get(cell.box_index)
                .map_or_else(|| "a box further right".to_string(), VpBox::title);
            format!(
                "CSV {csv} falls in the Rising Sun range {} of the {would}, but while the Japanese Mandate marker is on the track the Rising Sun marker cannot go right of it: capped, the VP marker goes to the {here}, Rising Sun face up (0.1.2).",
                range(Some(MarkerSide::RisingSun))
            )
        }
        PlacementBasis::Csv => {
            let moved = if m.previous.box_id == m.box_id && m.previous.side == m.side {
                format!("the VP marker stays there, {} face up", m.side.title())
            } else if m.previous.box_id == m.box_id {
                format!(
                    "the VP marker stays in the {here} and flips from its {} face to its {} face",
                    m.previous.side.title(),
                    m.side.title()
                )
            } else {
                format!(
                    "the VP marker moves from the {before} ({} face) to the {here}, {} face up",
                    m.previous.side.title(),
                    m.side.title()
                )
            };
            format!(
                "CSV {csv} falls in the {} range {} of the {here}: {moved} (0.1.2).",
                m.side.title(),
                range(Some(m.side))
            )
        }
        PlacementBasis::CombinedGameException => format!(
            "CSV {csv} falls in the Allied Crusade range {} of the Automatic Victory box during Total War: by the 0.2 (c) exception the VP marker goes to the {here} instead, Allied Crusade face up, and play on the DS map stops.",
            range(Some(MarkerSide::AlliedCrusade))
        ),
        PlacementBasis::PlayStopped => format!(
            "Play on the DS map has stopped (0.4): at a seasonal check the VP marker stays in the {here}, {} face up; CSV {csv} (outlined dashed) is shown for information.",
            m.side.title()
        ),
        PlacementBasis::FrozenByAutomaticVictory => format!(
            "The Allied automatic victory held on the DS map froze the Allied Crusade marker in the {here}: it does not move, at a Final check either (0.2 (c), 0.4); CSV {csv} (outlined dashed) is shown for information."
        ),
    }
}

/// Where a part of a side's VP comes from, with its rule and note: `Allied Crusade marker in
/// the 2 VP box (0.3)`.
pub(crate) fn vp_part(state: &State, p: &VpPart) -> String {
    let mut line = p.source.title().to_string();
    if let Some(b) = &p.box_id {
        let _ = write!(line, " in the {}", box_name(&state.track, b));
    }
    let _ = write!(line, " ({})", p.rule);
    if let Some(n) = &p.note {
        let _ = write!(line, "; {n}");
    }
    line
}

/// A map's Axis VP: `2 + 1 bonus = 3`, or when the DS map scores (at the Final check).
pub(crate) fn axis_map_vp(m: &MapResult) -> String {
    match m.axis_vp {
        Some(t) => format!(
            "{t} + {} bonus = {}",
            m.axis_bonus_vp,
            t.saturating_add(m.axis_bonus_vp)
        ),
        None => "scored at the Final check".to_string(),
    }
}

/// A map's Allied VP with the per-map cap (0.4): `5 capped at 4 + 0 bonus = 4`, `4 + 1 bonus
/// (0 counted) = 4`.
pub(crate) fn allied_map_vp(m: &MapResult) -> String {
    match (m.allied_vp, m.allied_vp_counted) {
        (Some(t), Some(k)) => {
            let track = if k == t {
                t.to_string()
            } else {
                format!("{t} capped at {k}")
            };
            let bonus = if m.allied_bonus_vp_counted == m.allied_bonus_vp {
                format!("{} bonus", m.allied_bonus_vp)
            } else {
                format!(
                    "{} bonus ({} counted)",
                    m.allied_bonus_vp, m.allied_bonus_vp_counted
                )
            };
            format!(
                "{track} + {bonus} = {}",
                k.saturating_add(m.allied_bonus_vp_counted)
            )
        }
        _ => "scored at the Final check".to_string(),
    }
}

/// The faint marker's tooltip: where the marker was before the check.
pub(crate) fn previous_marker(track: &VpTrack, m: &MarkerReport) -> String {
    format!(
        "Before the check: {} face up in the {}",
        m.previous.side.title(),
        box_name(track, &m.previous.box_id)
    )
}

/// The marker's tooltip: its face and box, and how it got there.
pub(crate) fn marker(track: &VpTrack, m: &MarkerReport, csv: i64) -> String {
    let placed = match m.basis {
        PlacementBasis::Csv => format!("placed by CSV {}", signed(csv)),
        PlacementBasis::CombinedGameException => "placed by the 0.2 (c) exception".into(),
        PlacementBasis::PlayStopped => "play stopped: not moved".into(),
        PlacementBasis::FrozenByAutomaticVictory => "frozen by an automatic victory".into(),
    };
    format!(
        "VP marker: {} face up in the {} ({placed})",
        m.side.title(),
        box_name(track, &m.box_id)
    )
}

/// The tag over the range the CSV fell in: `CSV +3`, or `CSV +3 (not applied)` when this
/// check's CSV did not place the marker ([`csv_applied`]).
pub(crate) fn csv_tag(csv: i64, m: &MarkerReport) -> String {
    if csv_applied(m) {
        format!("CSV {}", signed(csv))
    } else {
        format!("CSV {} (not applied)", signed(csv))
    }
}

/// The outcome column's line when no automatic victory is won.
pub(crate) const NO_AUTOMATIC_VICTORY: &str = "None.";

/// The outcome column's line when play on the DS map has stopped.
pub(crate) const PLAY_STOPPED: &str = "Play on the DS map has stopped.";

/// The winner of Dai Senso alone at a Final check, and how: by the automatic victory whatever
/// the VP, or on VP (0.3).
pub(crate) fn winner(report: &Report, vp: &VpScore, winner: Side) -> String {
    let how = match &report.automatic_victory {
        Some(a) => format!(", {} whatever the VP", by(a)),
        None if tied(vp) => " (tied on VP: a tie goes to the Axis)".to_string(),
        None => " (most VP wins)".to_string(),
    };
    format!("Winner: the {}{how}.", winner.title())
}

/// The margins (CSV changes needed), one sentence each: the marker up and down, the result
/// for the Axis (a rise) and for the Allies (a fall).
pub(crate) fn margins(track: &VpTrack, report: &Report) -> [String; 4] {
    let shift = |d: &Option<MarkerShift>, way: &str| match d {
        Some(s) => format!(
            "Marker {way}: CSV {} (to {}) puts it in the {}, {} face{}.",
            signed(s.csv_change),
            signed(s.csv),
            box_name(track, &s.box_id),
            s.side.title(),
            if s.capped_by_japanese_mandate {
                ", held there by the Japanese Mandate"
            } else {
                ""
            }
        ),
        None => format!("Marker {way}: no CSV change moves it."),
    };
    let result = |r: &Option<ResultShift>, side: Side, dir: &str| match r {
        Some(s) => format!(
            "{}: CSV {} (to {}) changes the result: {}.",
            side.title(),
            signed(s.csv_change),
            signed(s.csv),
            s.outcome
        ),
        None => format!("{}: no CSV {dir} changes the result.", side.title()),
    };
    [
        shift(&report.margins.marker.up, "up"),
        shift(&report.margins.marker.down, "down"),
        result(&report.margins.result.axis, Side::Axis, "rise"),
        result(&report.margins.result.allies, Side::Allies, "fall"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_outward_from_the_zero_box() {
        let ac = Some(MarkerSide::AlliedCrusade);
        let rs = Some(MarkerSide::RisingSun);
        assert_eq!(range_text(CsvRange::between(3, 5), rs), "+3..+5");
        assert_eq!(range_text(CsvRange::between(-5, 0), ac), "0..-5");
        assert_eq!(range_text(CsvRange::at_least(15), rs), "+15 or more");
        assert_eq!(range_text(CsvRange::at_most(-17), ac), "-17 or less");
        assert_eq!(range_text(CsvRange::between(1, 2), None), "+1..+2");
        assert_eq!(range_text(CsvRange::between(1, 1), None), "+1");
    }
}
