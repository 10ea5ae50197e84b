//! The VP track as data (0.1.2): boxes left to right, each with the Current Strategic Values
//! that put the VP marker in it on each face.
//!
//! [`VpTrack::dai_senso`] is the printed DS track (read off a scan of the map by a third
//! party, see `docs/asia-engulfed.md`); a TOML file or an inline table can give another, which
//! [`VpTrack::new`] validates: every integer CSV must fall in exactly one range, open-ended at
//! both extremes, and a higher CSV must never put the marker further toward the Allies.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::side::MarkerSide;

/// An inclusive range of Current Strategic Values; a missing end is open (`-17 or less`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CsvRange {
    /// The lowest CSV in the range, or `None` for "or less".
    pub min: Option<i64>,
    /// The highest CSV in the range, or `None` for "or more".
    pub max: Option<i64>,
}

impl CsvRange {
    /// `min` to `max`, both included.
    pub const fn between(min: i64, max: i64) -> Self {
        CsvRange {
            min: Some(min),
            max: Some(max),
        }
    }

    /// `min` or more.
    pub const fn at_least(min: i64) -> Self {
        CsvRange {
            min: Some(min),
            max: None,
        }
    }

    /// `max` or less.
    pub const fn at_most(max: i64) -> Self {
        CsvRange {
            min: None,
            max: Some(max),
        }
    }

    /// Whether `csv` is in the range.
    pub fn contains(&self, csv: i64) -> bool {
        self.min.is_none_or(|m| csv >= m) && self.max.is_none_or(|m| csv <= m)
    }
}

impl fmt::Display for CsvRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => write!(f, "{a:+}"),
            (Some(a), Some(b)) => write!(f, "{a:+} to {b:+}"),
            (Some(a), None) => write!(f, "{a:+} or more"),
            (None, Some(b)) => write!(f, "{b:+} or less"),
            (None, None) => write!(f, "any"),
        }
    }
}

/// Which CSVs put the marker in a box, and on which face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum BoxRanges {
    /// The 0 box: the marker goes here and keeps whichever face was up (0.1.2).
    KeepsSide(CsvRange),
    /// A numbered or Automatic Victory box: one range per face (either may be absent).
    Sides {
        /// CSVs that put the marker here on its Rising Sun face.
        rising_sun: Option<CsvRange>,
        /// CSVs that put the marker here on its Allied Crusade face.
        allied_crusade: Option<CsvRange>,
    },
}

/// One box of the VP track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct VpBox {
    /// The box's id (`"0"`, `"1"`, ..., `"automatic-victory"`).
    pub id: String,
    /// The VP it scores, or `None` for the Automatic Victory box.
    pub vp: Option<u32>,
    /// The CSVs that put the marker in it.
    pub ranges: BoxRanges,
}

impl VpBox {
    /// A box with this id, scoring `vp` (`None` for the Automatic Victory box), taking the
    /// marker for these CSVs. [`VpTrack::new`] checks the boxes together.
    ///
    /// ```
    /// use asia_engulfed_victory::{BoxRanges, CsvRange, VpBox, VpTrack};
    /// // A short track: the 0 box, one VP box, the Automatic Victory box.
    /// let track = VpTrack::new(Some("short".into()), vec![
    ///     VpBox::new("0", Some(0), BoxRanges::KeepsSide(CsvRange::between(1, 2))),
    ///     VpBox::new("1", Some(1), BoxRanges::Sides {
    ///         rising_sun: Some(CsvRange::between(3, 5)),
    ///         allied_crusade: Some(CsvRange::between(-5, 0)),
    ///     }),
    ///     VpBox::new("automatic-victory", None, BoxRanges::Sides {
    ///         rising_sun: Some(CsvRange::at_least(6)),
    ///         allied_crusade: Some(CsvRange::at_most(-6)),
    ///     }),
    /// ]).unwrap();
    /// assert_eq!(track.boxes()[2].title(), "Automatic Victory box");
    /// assert_eq!(track.cell(7).box_index, 2);
    /// ```
    pub fn new(id: impl Into<String>, vp: Option<u32>, ranges: BoxRanges) -> Self {
        VpBox {
            id: id.into(),
            vp,
            ranges,
        }
    }

    /// The box's name for people: `2 VP box`, `0 box`, `Automatic Victory box`.
    pub fn title(&self) -> String {
        Self::title_of(&self.id, self.vp)
    }

    /// The name for people of the box with this id and VP ([`VpBox::title`]).
    pub fn title_of(id: &str, vp: Option<u32>) -> String {
        match vp {
            None => "Automatic Victory box".to_string(),
            Some(0) => format!("{id} box"),
            Some(v) if v.to_string() == id => format!("{v} VP box"),
            Some(v) => format!("`{id}` box ({v} VP)"),
        }
    }

    /// Whether a CSV can put the marker in this box on `side` (a range for that face).
    pub fn takes(&self, side: MarkerSide) -> bool {
        match self.ranges {
            BoxRanges::KeepsSide(_) => false,
            BoxRanges::Sides {
                rising_sun,
                allied_crusade,
            } => match side {
                MarkerSide::RisingSun => rising_sun.is_some(),
                MarkerSide::AlliedCrusade => allied_crusade.is_some(),
            },
        }
    }
}

/// Where one CSV puts the marker: a box and a face, or "keep the face" (`side: None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TrackCell {
    /// Index of the box, 0 = leftmost.
    pub box_index: usize,
    /// The face, or `None` when the box keeps the marker's face.
    pub side: Option<MarkerSide>,
}

/// One range of the track, for lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    range: CsvRange,
    cell: TrackCell,
}

/// A validated VP track: boxes left (0) to right (Automatic Victory).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VpTrack {
    name: Option<String>,
    boxes: Vec<VpBox>,
    /// Every range, sorted by CSV; they cover every integer exactly once.
    segments: Vec<Segment>,
}

impl Serialize for VpTrack {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("VpTrack", 2)?;
        st.serialize_field("name", &self.name)?;
        st.serialize_field("boxes", &self.boxes)?;
        st.end()
    }
}

impl Default for VpTrack {
    fn default() -> Self {
        VpTrack::dai_senso()
    }
}

fn segments_of(boxes: &[VpBox]) -> Vec<(Segment, String)> {
    let mut out = Vec::new();
    for (i, b) in boxes.iter().enumerate() {
        let mut push = |range: CsvRange, side: Option<MarkerSide>, key: &str| {
            out.push((
                Segment {
                    range,
                    cell: TrackCell { box_index: i, side },
                },
                format!("boxes[{i}].{key}"),
            ));
        };
        match b.ranges {
            BoxRanges::KeepsSide(r) => push(r, None, "keeps_side"),
            BoxRanges::Sides {
                rising_sun,
                allied_crusade,
            } => {
                if let Some(r) = allied_crusade {
                    push(r, Some(MarkerSide::AlliedCrusade), "allied_crusade");
                }
                if let Some(r) = rising_sun {
                    push(r, Some(MarkerSide::RisingSun), "rising_sun");
                }
            }
        }
    }
    out
}

/// A cell's place in the left-to-right order of marker positions: Allied Crusade boxes from
/// the far right in toward the 0 box, the 0 box, then Rising Sun boxes outward.
pub(crate) fn order_position(cell: TrackCell) -> i64 {
    let i = i64::try_from(cell.box_index).unwrap_or(i64::MAX / 4);
    match cell.side {
        None => 0,
        Some(MarkerSide::AlliedCrusade) => -2 * i - 1,
        Some(MarkerSide::RisingSun) => 2 * i + 1,
    }
}

impl VpTrack {
    /// The printed Dai Senso VP track.
    ///
    /// | box | Rising Sun | Allied Crusade |
    /// |---|---|---|
    /// | 0 | +1 to +2 (keeps its face) | |
    /// | 1 VP | +3 to +5 | 0 to -5 |
    /// | 2 VP | +6 to +8 | -6 to -10 |
    /// | 3 VP | +9 to +11 | -11 to -13 |
    /// | 4 VP | +12 to +14 | -14 to -16 |
    /// | Automatic Victory | +15 or more | -17 or less |
    ///
    /// ```
    /// use asia_engulfed_victory::{MarkerSide, VpTrack};
    /// let track = VpTrack::dai_senso();
    /// let ids: Vec<&str> = track.boxes().iter().map(|b| b.id.as_str()).collect();
    /// assert_eq!(ids, ["0", "1", "2", "3", "4", "automatic-victory"]);
    /// // -6 puts the marker in the 2 VP box on its Allied Crusade face ...
    /// let cell = track.cell(-6);
    /// assert_eq!((cell.box_index, cell.side), (2, Some(MarkerSide::AlliedCrusade)));
    /// // ... and +1 in the 0 box, which keeps the face that was up.
    /// assert_eq!(track.cell(1).side, None);
    /// assert_eq!(track.range_of(-6).unwrap().to_string(), "-10 to -6");
    /// assert_eq!(track.highest_numbered(), Some(4));
    /// ```
    pub fn dai_senso() -> VpTrack {
        let sides = |rs: CsvRange, ac: CsvRange| BoxRanges::Sides {
            rising_sun: Some(rs),
            allied_crusade: Some(ac),
        };
        let boxes = vec![
            VpBox {
                id: "0".into(),
                vp: Some(0),
                ranges: BoxRanges::KeepsSide(CsvRange::between(1, 2)),
            },
            VpBox {
                id: "1".into(),
                vp: Some(1),
                ranges: sides(CsvRange::between(3, 5), CsvRange::between(-5, 0)),
            },
            VpBox {
                id: "2".into(),
                vp: Some(2),
                ranges: sides(CsvRange::between(6, 8), CsvRange::between(-10, -6)),
            },
            VpBox {
                id: "3".into(),
                vp: Some(3),
                ranges: sides(CsvRange::between(9, 11), CsvRange::between(-13, -11)),
            },
            VpBox {
                id: "4".into(),
                vp: Some(4),
                ranges: sides(CsvRange::between(12, 14), CsvRange::between(-16, -14)),
            },
            VpBox {
                id: "automatic-victory".into(),
                vp: None,
                ranges: sides(CsvRange::at_least(15), CsvRange::at_most(-17)),
            },
        ];
        let mut segments: Vec<Segment> = segments_of(&boxes).into_iter().map(|s| s.0).collect();
        segments.sort_by_key(|s| s.range.min);
        VpTrack {
            name: Some("Dai Senso VP track (printed map)".into()),
            boxes,
            segments,
        }
    }

    /// Validate a track, reporting every problem with key paths `boxes[i]...`: the ids, each
    /// box's VP and ranges, the ranges together (every CSV in exactly one box) and their order.
    pub fn new(name: Option<String>, boxes: Vec<VpBox>) -> Result<VpTrack, Error> {
        let mut out: Vec<Diagnostic> = Vec::new();
        if boxes.is_empty() {
            out.push(shape("the VP track has no boxes".into(), "boxes".into()));
        }
        check_ids(&boxes, &mut out);
        let mut last_vp: Option<(usize, u32)> = None;
        for (i, b) in boxes.iter().enumerate() {
            check_box_vp(&boxes, i, &mut last_vp, &mut out);
            check_box_shape(b, i, &mut out);
        }
        let mut segs = segments_of(&boxes);
        if check_ranges(&mut segs, &boxes, &mut out) {
            check_order(&segs, &boxes, &mut out);
        }
        if out.is_empty() {
            Ok(VpTrack {
                name,
                boxes,
                segments: segs.into_iter().map(|s| s.0).collect(),
            })
        } else {
            Err(Error::new(out))
        }
    }

    /// The track's name, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The boxes, left to right.
    pub fn boxes(&self) -> &[VpBox] {
        &self.boxes
    }

    /// The index of the box with this id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.boxes.iter().position(|b| b.id == id)
    }

    /// The index of the highest numbered box (the one scoring most VP), if any box scores VP.
    pub fn highest_numbered(&self) -> Option<usize> {
        self.boxes
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.vp.map(|v| (v, i)))
            .max()
            .map(|(_, i)| i)
    }

    /// The index of the highest numbered box of `side`: the numbered box scoring most VP that
    /// a CSV can put the marker in on that face ([`VpBox::takes`]); when none can,
    /// [`VpTrack::highest_numbered`]. Ruling D-11: the box the 0.2 (c) exception's "4 VP Box"
    /// names, and the box a marker in the Automatic Victory box scores as. On the printed
    /// track it is the 4 VP box for both faces.
    ///
    /// ```
    /// use asia_engulfed_victory::{MarkerSide, VpTrack};
    /// let track = VpTrack::dai_senso();
    /// assert_eq!(track.highest_numbered_of(MarkerSide::AlliedCrusade), Some(4));
    /// ```
    pub fn highest_numbered_of(&self, side: MarkerSide) -> Option<usize> {
        self.boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.takes(side))
            .filter_map(|(i, b)| b.vp.map(|v| (v, i)))
            .max()
            .map(|(_, i)| i)
            .or_else(|| self.highest_numbered())
    }

    /// Where a Current Strategic Value puts the marker (before the Japanese Mandate cap).
    pub fn cell(&self, csv: i64) -> TrackCell {
        // The ranges of a validated track cover every integer once, so exactly one matches;
        // the fallbacks only keep this total.
        self.segments
            .iter()
            .find(|s| s.range.contains(csv))
            .or_else(|| {
                self.segments
                    .iter()
                    .rev()
                    .find(|s| s.range.min.is_none_or(|m| m <= csv))
            })
            .or(self.segments.first())
            .map_or(
                TrackCell {
                    box_index: 0,
                    side: None,
                },
                |s| s.cell,
            )
    }

    /// The range containing `csv` (for the report), if any.
    pub fn range_of(&self, csv: i64) -> Option<CsvRange> {
        self.segments
            .iter()
            .find(|s| s.range.contains(csv))
            .map(|s| s.range)
    }

    /// Every range of the track, in track order.
    pub(crate) fn ranges(&self) -> impl Iterator<Item = CsvRange> + '_ {
        self.segments.iter().map(|s| s.range)
    }

    /// The lowest and highest finite ends of the ranges: beyond them nothing changes.
    pub fn finite_span(&self) -> (i64, i64) {
        let ends = self
            .segments
            .iter()
            .flat_map(|s| [s.range.min, s.range.max])
            .flatten();
        let lo = ends.clone().min().unwrap_or(0);
        let hi = ends.max().unwrap_or(0);
        (lo, hi)
    }
}

/// A problem with the track's shape, at `key`.
fn shape(msg: String, key: String) -> Diagnostic {
    Diagnostic::new(ErrorKind::TrackShape, msg).key(key)
}

/// Every box has an id of its own.
fn check_ids(boxes: &[VpBox], out: &mut Vec<Diagnostic>) {
    for (i, b) in boxes.iter().enumerate() {
        if b.id.trim().is_empty() {
            out.push(shape(
                "a box needs a non-empty id".into(),
                format!("boxes[{i}].id"),
            ));
        } else if let Some(j) = boxes[..i].iter().position(|o| o.id == b.id) {
            out.push(
                Diagnostic::new(
                    ErrorKind::Duplicate,
                    format!("box id `{}` is used twice (first at boxes[{j}])", b.id),
                )
                .key(format!("boxes[{i}].id"))
                .label(b.id.clone()),
            );
        }
    }
}

/// 0.1.2's track: boxes score more VP from left to right, and only the last (rightmost) box may
/// be the Automatic Victory box (no `vp`). `last_vp` is the last scoring box seen.
fn check_box_vp(
    boxes: &[VpBox],
    i: usize,
    last_vp: &mut Option<(usize, u32)>,
    out: &mut Vec<Diagnostic>,
) {
    let b = &boxes[i];
    match b.vp {
        None if i + 1 != boxes.len() => out.push(
            shape(
                format!(
                    "box `{}` has no `vp`, which makes it the Automatic Victory box, but only the last (rightmost) box may be",
                    b.id
                ),
                format!("boxes[{i}].vp"),
            )
            .label(b.id.clone()),
        ),
        None => {}
        Some(v) if v > crate::limits::MAX_VP => out.push(
            Diagnostic::new(
                ErrorKind::Limit,
                format!(
                    "box `{}` scores {v} VP; the engine allows at most {}",
                    b.id,
                    crate::limits::MAX_VP
                ),
            )
            .key(format!("boxes[{i}].vp"))
            .label(b.id.clone()),
        ),
        Some(v) => {
            if let Some((j, w)) = *last_vp
                && v <= w
            {
                out.push(
                    shape(
                        format!(
                            "box `{}` scores {v} VP, but boxes must score more from left to right (box `{}` scores {w})",
                            b.id, boxes[j].id
                        ),
                        format!("boxes[{i}].vp"),
                    )
                    .label(b.id.clone()),
                );
            }
            *last_vp = Some((i, v));
        }
    }
}

/// 0.1.2: only the leftmost box (the 0 box) keeps the marker's face; every other box takes the
/// marker for at least one face.
fn check_box_shape(b: &VpBox, i: usize, out: &mut Vec<Diagnostic>) {
    match b.ranges {
        BoxRanges::KeepsSide(_) if i != 0 => out.push(
            shape(
                format!(
                    "only the leftmost box (the 0 box) may keep the marker's face, not box `{}`",
                    b.id
                ),
                format!("boxes[{i}].keeps_side"),
            )
            .label(b.id.clone()),
        ),
        BoxRanges::Sides {
            rising_sun: None,
            allied_crusade: None,
        } => out.push(
            shape(
                format!("box `{}` has no CSV range", b.id),
                format!("boxes[{i}]"),
            )
            .label(b.id.clone()),
        ),
        _ => {}
    }
}

/// 0.1.2: a higher CSV never puts the marker further toward the Allies (`segs` sorted by CSV).
fn check_order(segs: &[(Segment, String)], boxes: &[VpBox], out: &mut Vec<Diagnostic>) {
    for pair in segs.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if order_position(b.0.cell) <= order_position(a.0.cell) {
            out.push(
                shape(
                    format!(
                        "CSV {} puts the marker in {} on its {} face, left of (or level with) where the lower CSV {} puts it ({} box `{}`): boxes must run Allied Crusade from the right end in to the 0 box, then Rising Sun out to the right end",
                        b.0.range,
                        boxes[b.0.cell.box_index].title(),
                        face(b.0.cell.side),
                        a.0.range,
                        face(a.0.cell.side),
                        boxes[a.0.cell.box_index].id,
                    ),
                    b.1.clone(),
                )
                .label(boxes[b.0.cell.box_index].id.clone()),
            );
        }
    }
}

fn face(side: Option<MarkerSide>) -> &'static str {
    side.map_or("kept", MarkerSide::title)
}

/// A problem with the track's ranges, at `key`, labelled with box `b`'s id.
fn range_problem(boxes: &[VpBox], msg: String, key: &str, b: usize) -> Diagnostic {
    Diagnostic::new(ErrorKind::TrackRanges, msg)
        .key(key)
        .label(boxes.get(b).map_or(String::new(), |x| x.id.clone()))
}

/// 0.1.2: every integer CSV puts the marker in exactly one box. Reports ranges that run
/// backwards ([`check_range_ends`]), then sorts the ranges by CSV and reports overlaps, gaps and
/// closed extremes ([`check_coverage`]). Returns whether the ranges are sound.
fn check_ranges(
    segs: &mut [(Segment, String)],
    boxes: &[VpBox],
    out: &mut Vec<Diagnostic>,
) -> bool {
    let before = out.len();
    check_range_ends(segs, boxes, out);
    if out.len() > before || segs.is_empty() {
        return false;
    }
    segs.sort_by_key(|s| s.0.range.min);
    check_coverage(segs, boxes, out);
    out.len() == before
}

/// Each range runs upward: `min` does not exceed `max`.
fn check_range_ends(segs: &[(Segment, String)], boxes: &[VpBox], out: &mut Vec<Diagnostic>) {
    for (s, key) in segs {
        if let (Some(a), Some(b)) = (s.range.min, s.range.max)
            && a > b
        {
            out.push(range_problem(
                boxes,
                format!("the range runs from {a:+} down to {b:+}: `min` must not exceed `max`"),
                key,
                s.cell.box_index,
            ));
        }
    }
}

/// The highest CSV covered so far by the sorted ranges (`None`: unbounded), and which range.
struct Reach {
    top: Option<i64>,
    key: String,
    box_index: usize,
}

/// The ranges, sorted by CSV, cover every integer once: the lowest and the highest are
/// open-ended, and each range starts right after the reach of those before it.
fn check_coverage(segs: &[(Segment, String)], boxes: &[VpBox], out: &mut Vec<Diagnostic>) {
    let Some((first, first_key)) = segs.first() else {
        return;
    };
    // A range running to the end of `i64` covers as much as an open-ended one.
    if let Some(m) = first.range.min
        && m > i64::MIN
    {
        out.push(range_problem(
            boxes,
            format!(
                "no box takes a CSV below {m:+}: the lowest range must be open-ended (leave out `min`)"
            ),
            first_key,
            first.cell.box_index,
        ));
    }
    let mut reach = Reach {
        top: first.range.max,
        key: first_key.clone(),
        box_index: first.cell.box_index,
    };
    for (s, key) in segs.iter().skip(1) {
        check_next_range(s, key, &mut reach, boxes, out);
    }
    if let Some(top) = reach.top
        && top < i64::MAX
    {
        out.push(range_problem(
            boxes,
            format!(
                "no box takes a CSV above {top:+}: the highest range must be open-ended (leave out `max`)"
            ),
            &reach.key,
            reach.box_index,
        ));
    }
}

/// One range after those before it: no overlap, no gap; then the reach grows.
fn check_next_range(
    s: &Segment,
    key: &str,
    reach: &mut Reach,
    boxes: &[VpBox],
    out: &mut Vec<Diagnostic>,
) {
    let reach_id = &boxes[reach.box_index].id;
    let Some(top) = reach.top else {
        out.push(range_problem(
            boxes,
            format!(
                "range {} overlaps the range of box `{reach_id}` (`{}`), which is open-ended",
                s.range, reach.key
            ),
            key,
            s.cell.box_index,
        ));
        return;
    };
    let start = s.range.min.unwrap_or(i64::MIN);
    if start <= top {
        out.push(range_problem(
            boxes,
            format!(
                "range {} overlaps the range of box `{reach_id}` (`{}`): CSV {start:+} is in both",
                s.range, reach.key
            ),
            key,
            s.cell.box_index,
        ));
    } else if start > top.saturating_add(1) {
        let gap = CsvRange::between(top.saturating_add(1), start.saturating_sub(1));
        out.push(range_problem(
            boxes,
            format!(
                "no box takes CSV {gap}: the ranges leave a gap before {}",
                s.range
            ),
            key,
            s.cell.box_index,
        ));
    }
    if s.range.max.is_none_or(|m| m > top) {
        reach.top = s.range.max;
        reach.key = key.to_string();
        reach.box_index = s.cell.box_index;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_track_validates_and_matches_reference() {
        let t = VpTrack::dai_senso();
        let again = VpTrack::new(t.name.clone(), t.boxes.clone()).unwrap();
        assert_eq!(again.segments, t.segments);
        let at = |c| {
            let cell = t.cell(c);
            (t.boxes[cell.box_index].id.clone(), cell.side)
        };
        use MarkerSide::*;
        assert_eq!(at(2), ("0".into(), None));
        assert_eq!(at(1), ("0".into(), None));
        assert_eq!(at(0), ("1".into(), Some(AlliedCrusade)));
        assert_eq!(at(3), ("1".into(), Some(RisingSun)));
        assert_eq!(at(-5), ("1".into(), Some(AlliedCrusade)));
        assert_eq!(at(-6), ("2".into(), Some(AlliedCrusade)));
        assert_eq!(at(8), ("2".into(), Some(RisingSun)));
        assert_eq!(at(14), ("4".into(), Some(RisingSun)));
        assert_eq!(at(15), ("automatic-victory".into(), Some(RisingSun)));
        assert_eq!(at(-16), ("4".into(), Some(AlliedCrusade)));
        assert_eq!(at(-17), ("automatic-victory".into(), Some(AlliedCrusade)));
        assert_eq!(
            at(i64::MIN),
            ("automatic-victory".into(), Some(AlliedCrusade))
        );
        assert_eq!(t.highest_numbered(), Some(4));
        assert_eq!(t.finite_span(), (-17, 15));
    }

    #[test]
    fn overlaps_gaps_and_closed_ends_are_reported() {
        let mut boxes = VpTrack::dai_senso().boxes;
        boxes[1].ranges = BoxRanges::Sides {
            rising_sun: Some(CsvRange::between(2, 5)),
            allied_crusade: Some(CsvRange::between(-4, 0)),
        };
        boxes[5].ranges = BoxRanges::Sides {
            rising_sun: Some(CsvRange::between(15, 20)),
            allied_crusade: Some(CsvRange::at_most(-17)),
        };
        let err = VpTrack::new(None, boxes).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("overlaps"), "{text}");
        assert!(text.contains("gap"), "{text}");
        assert!(text.contains("above +20"), "{text}");
        assert!(
            err.diagnostics()
                .iter()
                .all(|d| d.kind == ErrorKind::TrackRanges)
        );
    }

    #[test]
    fn out_of_order_boxes_are_reported() {
        let mut boxes = VpTrack::dai_senso().boxes;
        boxes[1].ranges = BoxRanges::Sides {
            rising_sun: Some(CsvRange::between(6, 8)),
            allied_crusade: Some(CsvRange::between(-5, 0)),
        };
        boxes[2].ranges = BoxRanges::Sides {
            rising_sun: Some(CsvRange::between(3, 5)),
            allied_crusade: Some(CsvRange::between(-10, -6)),
        };
        let err = VpTrack::new(None, boxes).unwrap_err();
        assert_eq!(err.kind(), Some(ErrorKind::TrackShape));
    }
}
