//! The readable text of a [`Report`] (its `Display`), section by section: what a player can
//! check by hand, in the words the JSON and the picture share ([`super`]).

use std::fmt::{self, Write as _};

use super::{
    by, check_title, combined_outcome, considered, counted, map_status, not_counted, on_the_ds_map,
    on_vp,
};
use crate::report::{MarkerShift, Report, ResultShift};
use crate::side::Side;
use crate::victory::{Effect, PlacementBasis};

/// `+3`, `-5`, `+0`: a signed number as the text gives it.
fn signed(v: i64) -> String {
    format!("{v:+}")
}

impl fmt::Display for Report {
    /// The readable text, with control characters from the input escaped
    /// ([`wargame_kit::terminal`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wargame_kit::terminal::write_escaped_by(f, |f| self.write_text(f))
    }
}

/// A section of the text report, written after what is there.
type WriteSection = fn(&Report, &mut String);

impl Report {
    /// The readable text, before [`wargame_kit::terminal`] escapes it.
    fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (_, text) in self.sections() {
            f.write_str(&text)?;
        }
        Ok(())
    }

    /// The readable text, section by section, each named: `heading`, `csv` (with the Strategic
    /// Hexes considered), `marker`, `automatic-victory`, `combined`, `vp`, `result`, `margins`,
    /// `notes`, `options`; a section with nothing to say is left out. Each but the first
    /// begins with the blank line that sets it apart.
    pub(crate) fn sections(&self) -> Vec<(&'static str, String)> {
        let writers: [(&'static str, WriteSection); 10] = [
            ("heading", Report::write_heading),
            ("csv", Report::write_csv),
            ("marker", Report::write_marker),
            ("automatic-victory", Report::write_automatic_victory),
            ("combined", Report::write_combined),
            ("vp", Report::write_vp),
            ("result", Report::write_result),
            ("margins", Report::write_margins),
            ("notes", Report::write_notes),
            ("options", Report::write_options),
        ];
        writers
            .into_iter()
            .map(|(name, write)| {
                let mut s = String::new();
                write(self, &mut s);
                (name, s)
            })
            .filter(|(_, s)| !s.is_empty())
            .collect()
    }

    fn write_notes(&self, s: &mut String) {
        if !self.notes.is_empty() {
            s.push_str("\nNotes\n");
            for n in &self.notes {
                let _ = writeln!(s, "  - {}", n.text);
            }
        }
    }

    /// Only the options that differ from the defaults (`victory rules dai-senso`).
    fn write_options(&self, s: &mut String) {
        if let Some(chosen) = wargame_kit::options::non_defaults(&self.rules) {
            let _ = writeln!(s, "\nRules options (not the defaults): {chosen}");
        }
    }
}

impl Report {
    fn write_heading(&self, s: &mut String) {
        let check = check_title(self.check);
        let _ = write!(s, "{check}, {}", self.war_state.title());
        if let Some(t) = &self.turn {
            let _ = write!(s, ", {t}");
        }
        s.push('\n');
    }

    fn write_csv(&self, s: &mut String) {
        s.push_str("\nCurrent Strategic Value (0.1.1)\n");
        for t in &self.csv.terms {
            let _ = writeln!(
                s,
                "  {:<18} {:>4}  {}",
                t.rule,
                signed(t.value),
                t.kind.describe()
            );
            for h in &t.hexes {
                let _ = writeln!(s, "  {:<18}        {}", "", counted(h));
            }
            for x in &t.excluded {
                let _ = writeln!(s, "  {:<18}        {}", "", not_counted(x));
            }
        }
        let _ = writeln!(
            s,
            "  {:<18} {:>4}  Current Strategic Value",
            "=",
            signed(self.csv.total)
        );
        self.write_considered(s);
    }

    /// Every Strategic Hex with what it adds, those adding nothing included.
    fn write_considered(&self, s: &mut String) {
        if self.csv.considered.is_empty() {
            return;
        }
        s.push_str("\nStrategic Hexes considered (0.1.1)\n");
        for h in &self.csv.considered {
            let _ = writeln!(s, "  {}", considered(h));
        }
    }

    fn write_marker(&self, s: &mut String) {
        s.push_str("\nVP marker placement (0.1.2)\n");
        let m = &self.vp_marker;
        let _ = writeln!(
            s,
            "  before: box {}, {} face up",
            m.previous.box_id,
            m.previous.side.title()
        );
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
        let _ = writeln!(
            s,
            "  after:  box {} ({vp}), {} face up [{how}]",
            m.box_id,
            m.side.title()
        );
        if m.capped_by_japanese_mandate {
            let _ = writeln!(
                s,
                "  held back by the Japanese Mandate marker in box {} (0.1.2)",
                m.box_id
            );
        }
    }

    fn write_automatic_victory(&self, s: &mut String) {
        s.push_str("\nAutomatic Victory (0.2)\n");
        match &self.automatic_victory {
            Some(a) => {
                let _ = match a.effect {
                    Effect::EndsGame => {
                        writeln!(s, "  the {} {}: the game ends", a.winner.wins(), by(a))
                    }
                    Effect::StopsPlayOnMap => writeln!(
                        s,
                        "  {}: play there stops, frozen in the {} (the track's highest numbered box); the Allies need one on both maps (0.4)",
                        on_the_ds_map(a),
                        self.vp_marker.box_title()
                    ),
                };
            }
            None => s.push_str("  none\n"),
        }
        if self.play_stopped {
            s.push_str("  play on the DS map has stopped\n");
        }
    }

    fn write_combined(&self, s: &mut String) {
        let Some(c) = &self.combined else { return };
        s.push_str("\nCombined Game (0.4)\n");
        for map in [&c.tk, &c.ds] {
            let _ = write!(s, "  {}: ", map.map.title());
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
            s.push('\n');
        }
    }

    fn write_vp(&self, s: &mut String) {
        let Some(vp) = &self.vp else { return };
        s.push_str("\nVictory Points (0.3");
        if self.combined.is_some() {
            s.push_str(", 0.4");
        }
        s.push_str(")\n");
        for (side, sv) in [(Side::Axis, &vp.axis), (Side::Allies, &vp.allies)] {
            let _ = writeln!(s, "  {} {}", side.title(), sv.total);
            for p in &sv.parts {
                let at = p
                    .box_id
                    .as_ref()
                    .map_or(String::new(), |b| format!(" in box {b}"));
                let _ = write!(
                    s,
                    "    {:>2}  {}: {}{at} ({})",
                    p.vp,
                    p.map.title(),
                    p.source.title(),
                    p.rule
                );
                if let Some(n) = &p.note {
                    let _ = write!(s, "; {n}");
                }
                s.push('\n');
            }
        }
    }

    fn write_result(&self, s: &mut String) {
        match (&self.combined, self.winner) {
            (Some(c), _) => {
                let _ = writeln!(s, "\nResult: {}", combined_outcome(&c.result));
            }
            (None, Some(w)) => {
                let _ = match (&self.automatic_victory, &self.vp) {
                    (Some(a), _) => writeln!(s, "\nResult: the {} {}", w.wins(), by(a)),
                    (None, Some(vp)) => writeln!(
                        s,
                        "\nResult: {} (0.3: most VP wins, a tie goes to the Axis)",
                        on_vp(w, vp.axis.total, vp.allies.total)
                    ),
                    _ => writeln!(s, "\nResult: the {} ", w.wins()),
                };
            }
            (None, None) => {}
        }
    }

    fn write_margins(&self, s: &mut String) {
        s.push_str("\nMargins (CSV changes, found by scanning)\n");
        let shift = |d: &Option<MarkerShift>, way: &str| match d {
            Some(x) => format!(
                "  marker {way}: CSV {} (to {}) moves it to box {}, {} face{}\n",
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
            None => format!("  marker {way}: no CSV change moves it\n"),
        };
        s.push_str(&shift(&self.margins.marker.up, "up"));
        s.push_str(&shift(&self.margins.marker.down, "down"));
        let result = |r: &Option<ResultShift>, side: Side, dir: &str| match r {
            Some(x) => format!(
                "  {}: CSV {} (to {}) changes the result: {}\n",
                side.title(),
                signed(x.csv_change),
                signed(x.csv),
                x.outcome
            ),
            None => format!("  {}: no CSV {dir} changes the result\n", side.title()),
        };
        s.push_str(&result(&self.margins.result.axis, Side::Axis, "rise"));
        s.push_str(&result(&self.margins.result.allies, Side::Allies, "fall"));
    }
}
