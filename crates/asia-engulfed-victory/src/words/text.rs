//! The readable text of a [`Report`] (its `Display`), section by section: what a player can
//! check by hand, in the words the JSON and the picture share ([`super`]). The sections are
//! values ([`Section`]): the text prints them, the HTML page lists them.

use std::fmt::{self, Write as _};

use wargame_kit::terminal::Inline;

use super::{
    after_the_game_ended, by, check_title, combined_outcome, considered, counted, map_status,
    not_counted, on_the_ds_map, on_vp,
};
use crate::report::{MarkerShift, Report, ResultShift};
use crate::side::Side;
use crate::victory::{Effect, MapResult, PlacementBasis, VpPart};

/// `+3`, `-5`, `+0`: a signed number as the text gives it.
fn signed(v: i64) -> String {
    format!("{v:+}")
}

/// Which section of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The check, the War State and the turn.
    Heading,
    /// The Current Strategic Value term by term, and the Strategic Hexes considered.
    Csv,
    /// The VP marker's placement (0.1.2).
    Marker,
    /// The automatic victory (0.2).
    AutomaticVictory,
    /// The combined game's maps (0.4).
    Combined,
    /// The Victory Points (0.3, 0.4).
    Vp,
    /// The result.
    Result,
    /// The margins.
    Margins,
    /// The notes.
    Notes,
    /// The rules options that are not the defaults.
    Options,
}

/// One line of a section: what the text prints before its words (indentation, a bullet), its
/// words, and whether it belongs to the line above it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub lead: String,
    pub text: String,
    pub sub: bool,
}

impl Line {
    /// A line of the section's list, indented as the text indents it.
    fn item(text: impl Into<String>) -> Line {
        Line::led("  ", text)
    }

    /// A line after `lead`.
    fn led(lead: impl Into<String>, text: impl Into<String>) -> Line {
        Line {
            lead: lead.into(),
            text: text.into(),
            sub: false,
        }
    }
}

/// A section of the text report: its title (and what follows the title on its line), then its
/// lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Section {
    pub part: Part,
    pub title: String,
    pub after_title: Option<String>,
    pub lines: Vec<Line>,
}

impl Section {
    fn new(part: Part, title: impl Into<String>) -> Section {
        Section {
            part,
            title: title.into(),
            after_title: None,
            lines: Vec::new(),
        }
    }

    /// Its first line: the title, and what follows it.
    pub(crate) fn first_line(&self) -> String {
        match &self.after_title {
            Some(a) => format!("{}: {a}", self.title),
            None => self.title.clone(),
        }
    }

    /// The section as the text prints it: each but the heading after the blank line that sets
    /// it apart; each line's words on that one line ([`Inline`]: a name from the state cannot
    /// start a line of its own).
    fn write(&self, s: &mut String) {
        if self.part != Part::Heading {
            s.push('\n');
        }
        let _ = writeln!(s, "{}", Inline(self.first_line()));
        for l in &self.lines {
            let _ = writeln!(s, "{}{}", l.lead, Inline(&l.text));
        }
    }
}

impl fmt::Display for Report {
    /// The readable text, with control characters from the input escaped
    /// ([`wargame_kit::terminal`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wargame_kit::terminal::write_escaped_by(f, |f| {
            let mut s = String::new();
            for section in self.sections() {
                section.write(&mut s);
            }
            f.write_str(&s)
        })
    }
}

/// A section of the text report, when it has something to say.
type WriteSection = fn(&Report) -> Option<Section>;

impl Report {
    /// The readable text, section by section: the heading, the Current Strategic Value (with
    /// the Strategic Hexes considered), the marker, the automatic victory, the combined game,
    /// the VP, the result, the margins, the notes, the options; a section with nothing to say
    /// is left out.
    pub(crate) fn sections(&self) -> Vec<Section> {
        let writers: [WriteSection; 10] = [
            Report::heading,
            Report::csv_section,
            Report::marker_section,
            Report::automatic_victory_section,
            Report::combined_section,
            Report::vp_section,
            Report::result_section,
            Report::margins_section,
            Report::notes_section,
            Report::options_section,
        ];
        writers.into_iter().filter_map(|w| w(self)).collect()
    }

    fn heading(&self) -> Option<Section> {
        let mut title = format!("{}, {}", check_title(self.check), self.war_state.title());
        if let Some(t) = &self.turn {
            let _ = write!(title, ", {t}");
        }
        Some(Section::new(Part::Heading, title))
    }

    fn csv_section(&self) -> Option<Section> {
        let mut s = Section::new(Part::Csv, "Current Strategic Value (0.1.1)");
        let under = format!("  {:<18}        ", "");
        for t in &self.csv.terms {
            let value = signed(t.value);
            let line = format!("{:<18} {value:>4}  {}", t.rule, t.kind.describe());
            s.lines.push(Line::item(line));
            s.lines
                .extend(t.hexes.iter().map(|h| Line::led(&under, counted(h))));
            s.lines
                .extend(t.excluded.iter().map(|x| Line::led(&under, not_counted(x))));
        }
        let total = signed(self.csv.total);
        let line = format!("{:<18} {total:>4}  Current Strategic Value", "=");
        s.lines.push(Line::item(line));
        // Every Strategic Hex with what it adds, those adding nothing included.
        if !self.csv.considered.is_empty() {
            s.lines.push(Line::led("", ""));
            s.lines
                .push(Line::led("", "Strategic Hexes considered (0.1.1)"));
            s.lines.extend(
                self.csv
                    .considered
                    .iter()
                    .map(|h| Line::item(considered(h))),
            );
        }
        Some(s)
    }

    fn marker_section(&self) -> Option<Section> {
        let mut s = Section::new(Part::Marker, "VP marker placement (0.1.2)");
        let m = &self.vp_marker;
        s.lines.push(Line::item(format!(
            "before: box {}, {} face up",
            m.previous.box_id,
            m.previous.side.title()
        )));
        let vp =
            m.vp.map_or("Automatic Victory box".to_string(), |v| format!("{v} VP"));
        let how = match m.basis {
            PlacementBasis::Csv => {
                let range = m.range.map_or(String::new(), |r| format!("CSV {r}"));
                if m.kept_side {
                    format!("{range}: the marker keeps its face")
                } else {
                    range
                }
            }
            PlacementBasis::CombinedGameException => {
                "0.2 (c) exception: instead of the Allied Automatic Victory box during Total War"
                    .to_string()
            }
            PlacementBasis::PlayStopped => {
                "play on the DS map has stopped: the marker does not move".to_string()
            }
            PlacementBasis::FrozenByAutomaticVictory => {
                "frozen by the Allied automatic victory held on the DS map".to_string()
            }
        };
        s.lines.push(Line::item(format!(
            "after:  box {} ({vp}), {} face up [{how}]",
            m.box_id,
            m.side.title()
        )));
        if m.capped_by_japanese_mandate {
            s.lines.push(Line::item(format!(
                "held back by the Japanese Mandate marker in box {} (0.1.2)",
                m.box_id
            )));
        }
        Some(s)
    }

    fn automatic_victory_section(&self) -> Option<Section> {
        let mut s = Section::new(Part::AutomaticVictory, "Automatic Victory (0.2)");
        s.lines.push(Line::item(match &self.automatic_victory {
            Some(a) => match a.effect {
                Effect::EndsGame => format!("the {} {}: the game ends", a.winner.wins(), by(a)),
                Effect::StopsPlayOnMap => format!(
                    "{}: play there stops, frozen in the {} (the track's highest numbered box); the Allies need one on both maps (0.4)",
                    on_the_ds_map(a),
                    self.vp_marker.box_title()
                ),
                Effect::AfterTheGameEnded => {
                    after_the_game_ended(
                        a,
                        self.combined.as_ref().and_then(|c| c.tk.automatic_victory),
                        &self.vp_marker,
                    )
                }
            },
            None => "none".to_string(),
        }));
        if self.play_stopped {
            s.lines.push(Line::item("play on the DS map has stopped"));
        }
        Some(s)
    }

    fn combined_section(&self) -> Option<Section> {
        let c = self.combined.as_ref()?;
        let mut s = Section::new(Part::Combined, "Combined Game (0.4)");
        s.lines
            .extend([&c.tk, &c.ds].map(|m| Line::item(map_vp(m))));
        Some(s)
    }

    fn vp_section(&self) -> Option<Section> {
        let vp = self.vp.as_ref()?;
        let title = if self.combined.is_some() {
            "Victory Points (0.3, 0.4)"
        } else {
            "Victory Points (0.3)"
        };
        let mut s = Section::new(Part::Vp, title);
        for (side, sv) in [(Side::Axis, &vp.axis), (Side::Allies, &vp.allies)] {
            s.lines
                .push(Line::item(format!("{} {}", side.title(), sv.total)));
            s.lines.extend(sv.parts.iter().map(vp_part));
        }
        Some(s)
    }

    fn result_section(&self) -> Option<Section> {
        let result = match (&self.combined, self.winner) {
            (Some(c), _) => combined_outcome(&c.result),
            (None, Some(w)) => match (&self.automatic_victory, &self.vp) {
                (Some(a), _) => format!("the {} {}", w.wins(), by(a)),
                (None, Some(vp)) => format!(
                    "{} (0.3: most VP wins, a tie goes to the Axis)",
                    on_vp(w, vp.axis.total, vp.allies.total)
                ),
                _ => format!("the {} ", w.wins()),
            },
            (None, None) => return None,
        };
        let mut s = Section::new(Part::Result, "Result");
        s.after_title = Some(result);
        Some(s)
    }

    fn margins_section(&self) -> Option<Section> {
        let mut s = Section::new(Part::Margins, "Margins (CSV changes, found by scanning)");
        let shift = |d: &Option<MarkerShift>, way: &str| match d {
            Some(x) => format!(
                "marker {way}: CSV {} (to {}) moves it to box {}, {} face{}",
                signed(x.csv_change),
                signed(x.csv),
                x.box_id,
                x.side.title(),
                if x.capped_by_japanese_mandate {
                    " (held there by the Japanese Mandate)"
                } else {
                    ""
                }
            ),
            None => format!("marker {way}: no CSV change moves it"),
        };
        let result = |r: &Option<ResultShift>, side: Side, dir: &str| match r {
            Some(x) => format!(
                "{}: CSV {} (to {}) changes the result: {}",
                side.title(),
                signed(x.csv_change),
                signed(x.csv),
                x.outcome
            ),
            None => format!("{}: no CSV {dir} changes the result", side.title()),
        };
        let m = &self.margins;
        s.lines.extend(
            [
                shift(&m.marker.up, "up"),
                shift(&m.marker.down, "down"),
                result(&m.result.axis, Side::Axis, "rise"),
                result(&m.result.allies, Side::Allies, "fall"),
            ]
            .map(Line::item),
        );
        Some(s)
    }

    fn notes_section(&self) -> Option<Section> {
        if self.notes.is_empty() {
            return None;
        }
        let mut s = Section::new(Part::Notes, "Notes");
        s.lines
            .extend(self.notes.iter().map(|n| Line::led("  - ", n.text.clone())));
        Some(s)
    }

    /// Only the options that differ from the defaults (`victory rules dai-senso`).
    fn options_section(&self) -> Option<Section> {
        let chosen = wargame_kit::options::non_defaults(&self.rules)?;
        let title = format!("Rules options (not the defaults): {chosen}");
        Some(Section::new(Part::Options, title))
    }
}

/// One map of the combined game: its VP with Bonus VPs and the cap (Final check), and its
/// standing.
fn map_vp(map: &MapResult) -> String {
    let mut s = format!("{}: ", map.map.title());
    match (map.axis_vp, map.allied_vp, map.allied_vp_counted) {
        (Some(ax), Some(al), Some(counted)) => {
            let _ = write!(s, "Axis {ax} + {} Bonus VP, Allies {al}", map.axis_bonus_vp);
            if counted != al {
                let _ = write!(s, " (capped at {counted})");
            }
            let _ = write!(s, " + {} Bonus VP", map.allied_bonus_vp);
            if map.allied_bonus_vp_counted != map.allied_bonus_vp {
                let _ = write!(s, " ({} counted)", map.allied_bonus_vp_counted);
            }
        }
        _ => s.push_str("VP scored at the Final check"),
    }
    for status in map_status(map) {
        let _ = write!(s, "; {status}");
    }
    s
}

/// A part of a side's VP, under the side: its VP right-aligned, its map, where it comes from,
/// its rule and note.
fn vp_part(p: &VpPart) -> Line {
    let at = p
        .box_id
        .as_ref()
        .map_or(String::new(), |b| format!(" in box {b}"));
    let mut text = format!(
        "{}  {}: {}{at} ({})",
        p.vp,
        p.map.title(),
        p.source.title(),
        p.rule
    );
    if let Some(n) = &p.note {
        let _ = write!(text, "; {n}");
    }
    // `{:>2}`: one space more before a VP under 10.
    let lead = if p.vp < 10 { "     " } else { "    " };
    Line {
        lead: lead.to_string(),
        text,
        sub: true,
    }
}
