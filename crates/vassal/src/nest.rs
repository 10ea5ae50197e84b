//! A piece's type or state, unnested: VASSAL writes a piece as its outermost trait, a tab, and
//! the rest of the piece written again as one element (each tab inside it escaped with one more
//! backslash), down to the basic piece. Decoding it level by level, as VASSAL does, copies what
//! is left at every level: quadratic in the number of traits. Here every level is found in one
//! pass over the text.
//!
//! At level `k` (the outermost trait is level 0) the text still to decode is a span of the
//! original in which each tab appears with `k` fewer backslashes before it than in the
//! original; its first element ends at the first tab written with exactly `k` backslashes, and
//! the element after it (the next level) ends at the next such tab. So the tabs are indexed by
//! the number of backslashes before them, and each level is two lookups in that index; each
//! trait's own text is copied once, with `k + 1` backslashes taken from before each of its
//! tabs (the one VASSAL's decoder removes, and the `k` of the levels around it), then unquoted.

use std::borrow::Cow;
use std::collections::HashMap;

use wargame_kit::internal::work;

use crate::limits;

/// The delimiter between a trait and the rest of the piece.
const TAB: u8 = b'\t';

/// The levels of a nested type or state: where each level's own element is, in the text.
#[derive(Debug)]
pub(crate) struct Levels<'a> {
    text: &'a str,
    /// Each level's element: its span in `text` and its level.
    spans: Vec<(usize, usize, usize)>,
}

impl<'a> Levels<'a> {
    /// The levels of `text`, outermost first; the last is the innermost (the basic piece's).
    pub(crate) fn of(text: &'a str) -> Levels<'a> {
        let bytes = text.as_bytes();
        work::add_len(bytes.len());
        // The tabs by the number of backslashes written right before each.
        let mut tabs: HashMap<usize, Vec<usize>> = HashMap::new();
        let mut run = 0usize;
        for (i, &b) in bytes.iter().enumerate() {
            if b == TAB {
                tabs.entry(run).or_default().push(i);
            }
            run = if b == b'\\' { run + 1 } else { 0 };
        }
        let mut spans = Vec::new();
        let (mut start, mut end) = (0, bytes.len());
        for level in 0.. {
            work::add(1);
            let at = tabs.get(&level).map_or(&[][..], Vec::as_slice);
            let first = at.partition_point(|&p| p < start);
            let Some(&split) = at.get(first).filter(|&&p| p < end) else {
                spans.push((start, end, level));
                break;
            };
            // `level` backslashes before the tab escape it for the levels around this one.
            spans.push((start, split - level, level));
            let next_end = match at.get(first + 1).filter(|&&p| p < end) {
                Some(&q) => q - level,
                None => end,
            };
            let (s, e) = unquoted(bytes, split + 1, next_end);
            start = s;
            end = e;
        }
        Levels { text, spans }
    }

    /// How many levels (traits and the basic piece).
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Level `i`'s own element, decoded.
    pub(crate) fn get(&self, i: usize) -> Option<Cow<'a, str>> {
        let &(start, end, level) = self.spans.get(i)?;
        let (start, end) = unquoted(self.text.as_bytes(), start, end);
        Some(unescape(&self.text[start..end], level + 1))
    }

    /// The innermost element (the basic piece's), decoded.
    pub(crate) fn innermost(&self) -> Cow<'a, str> {
        self.get(self.len().saturating_sub(1)).unwrap_or_default()
    }
}

/// The span `start..end` of `bytes` without the single quotes VASSAL writes around an element
/// that ends with a backslash (or is quoted itself), as its decoder removes them.
fn unquoted(bytes: &[u8], start: usize, end: usize) -> (usize, usize) {
    let quoted =
        end >= start + 2 && bytes.get(start) == Some(&b'\'') && bytes.get(end - 1) == Some(&b'\'');
    if quoted {
        (start + 1, end - 1)
    } else {
        (start, end.max(start))
    }
}

/// `text` with `remove` backslashes taken from before each tab (every tab of a level's element
/// has at least that many).
fn unescape(text: &str, remove: usize) -> Cow<'_, str> {
    if !text.as_bytes().contains(&TAB) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\t' {
            let keep = out
                .trim_end_matches('\\')
                .len()
                .max(out.len().saturating_sub(remove));
            out.truncate(keep);
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// The traits of a piece, outermost first, each (type, state); the basic piece is last. A piece
/// of more than [`limits::MAX_TRAITS`] levels keeps its outermost traits up to the limit and its
/// basic piece; the second value is how many traits were left out.
pub(crate) fn split_traits(ty: &str, state: &str) -> (Vec<(String, String)>, usize) {
    split_levels(&Levels::of(ty), &Levels::of(state))
}

/// [`split_traits`] of a type and a state already found level by level.
pub(crate) fn split_levels(
    types: &Levels<'_>,
    states: &Levels<'_>,
) -> (Vec<(String, String)>, usize) {
    let n = types.len();
    let kept = n.min(limits::MAX_TRAITS);
    let mut out = Vec::with_capacity(kept);
    let state_at = |i: usize| states.get(i).map(Cow::into_owned).unwrap_or_default();
    for i in 0..kept.saturating_sub(1) {
        let t = types.get(i).map(Cow::into_owned).unwrap_or_default();
        out.push((t, state_at(i)));
    }
    // The basic piece always: where the piece is and its name.
    let last = n.saturating_sub(1);
    out.push((types.innermost().into_owned(), state_at(last)));
    (out, n - kept)
}

/// The innermost element of a nested type or state (the basic piece's).
pub(crate) fn innermost(text: &str) -> String {
    Levels::of(text).innermost().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seq::Decoder;
    use crate::write::nest;

    /// VASSAL's way, level by level: each level's first element, and the second as what is left.
    fn by_levels(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = Some(text.to_string());
        while let Some(t) = rest.take() {
            let mut d = Decoder::new(&t, '\t');
            out.push(d.next().unwrap_or_default());
            rest = d.next();
        }
        out
    }

    fn levels(text: &str) -> Vec<String> {
        let l = Levels::of(text);
        (0..l.len())
            .map(|i| l.get(i).unwrap().into_owned())
            .collect()
    }

    #[test]
    fn every_level_as_vassal_decodes_it() {
        let traits = [
            "mark;Side",
            "label;a\tb;c",
            "emb2;x\\",
            "'quoted'",
            "",
            "report;\\\\\t\\",
            "PROP;x\t\t",
        ];
        for n in 0..=traits.len() {
            for basic in ["piece;;;i.png;Odin", "", "a\tb", "end\\", "'q'"] {
                let text = nest(&traits[..n], basic);
                let want = by_levels(&text);
                assert_eq!(levels(&text), want, "{text:?}");
                assert_eq!(innermost(&text), want[want.len() - 1], "{text:?}");
                // A basic piece is never quoted, nor holds a tab of its own.
                if basic.contains('\t') || basic.starts_with('\'') {
                    continue;
                }
                assert_eq!(want.len(), n + 1, "{text:?}");
                assert_eq!(&want[..n], &traits[..n]);
                assert_eq!(want[n], basic);
            }
        }
    }

    #[test]
    fn odd_texts_as_vassal_decodes_them() {
        for text in [
            "",
            "\t",
            "\t\t",
            "a\tb\tc",
            "\\\t",
            "a\\\\\tb",
            "'\t'",
            "''",
            "'",
            "a\t'b\\\tc'",
            "a\tb\\\tc\\\td",
            "\\\\\\\t\t\\\t",
        ] {
            assert_eq!(levels(text), by_levels(text), "{text:?}");
        }
    }

    #[test]
    fn a_piece_of_many_traits_is_read_to_its_basic_piece() {
        let traits: Vec<String> = (0..250).map(|i| format!("mark;K{i}")).collect();
        let refs: Vec<&str> = traits.iter().map(String::as_str).collect();
        let ty = nest(&refs, "piece;;;i.png;Deep");
        let states: Vec<String> = (0..250).map(|i| format!("v{i}")).collect();
        let srefs: Vec<&str> = states.iter().map(String::as_str).collect();
        let state = nest(&srefs, "Main;10;20;;0");
        let (split, left_out) = split_traits(&ty, &state);
        assert_eq!(left_out, 0);
        assert_eq!(split.len(), 251);
        assert_eq!(split[249], ("mark;K249".to_string(), "v249".to_string()));
        assert_eq!(split[250].1, "Main;10;20;;0");
        // Linear in the text: the steps per byte stay the same with twice the traits (VASSAL
        // writes a tab `k` levels deep with `k` backslashes, so the text grows faster than the
        // traits; the old decoder's copies grew with traits x text).
        let per_byte = |n: usize| {
            let t: Vec<String> = (0..n).map(|i| format!("mark;K{i}")).collect();
            let r: Vec<&str> = t.iter().map(String::as_str).collect();
            let text = nest(&r, "piece;;;i.png;Deep");
            work::take();
            let _ = split_traits(&text, "");
            work::take() as f64 / text.len() as f64
        };
        let (small, large) = (per_byte(250), per_byte(500));
        assert!(large < small * 1.2, "{small} -> {large} steps a byte");
    }
}
