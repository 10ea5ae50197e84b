//! Text Labels (`Labeler`) evaluated as VASSAL 3.7 evaluates them: a label's text and its name
//! format are `FormattedString`s, expanded against the properties of the whole piece (outermost
//! trait first), each reference `$NAME$` replaced by the property's value.
//!
//! What a `FormattedString` is depends on its text (`Expression.createExpression`): blank, it is
//! empty; between braces, a BeanShell expression (not evaluated here: kept as written); a Java
//! `int`, that number written back (`07` is `7`); holding a `$`, an old-style format (the text
//! trimmed, split at `$`, every second element a property); anything else, itself. A property's
//! value is not expanded again, except a label's own property, which is that label's text
//! evaluated (VASSAL nests them up to its recursion limit, [`MAX_LABEL_NESTING`]).
//!
//! A reference to a property the reader does not know (a Calculated Property, a global property
//! of the module, a map or a zone, a deck's) is kept as written: VASSAL would show the global's
//! value, or the bare name when none has it, and the reader cannot tell which.

use std::collections::BTreeSet;
use std::rc::Rc;

use crate::seq::{Decoder, parse_java_int};

/// How deep a label's text may refer to another label's property, which refers to another...
/// (VASSAL's `RecursionLimiter` stops at 50 nested evaluations): beyond it the reference is kept
/// as written.
pub(crate) const MAX_LABEL_NESTING: usize = 50;

/// A reference the reader could not evaluate (kept as written), for the warning.
pub(crate) const EXPRESSION: &str = "{...}";

/// Java's `String.trim`: every character up to U+0020 off both ends.
pub(crate) fn java_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c <= ' ')
}

/// Java's `Character.isWhitespace` (`String.isBlank`): Unicode spaces but the no-break ones,
/// and the ASCII separators.
fn java_whitespace(c: char) -> bool {
    matches!(c, '\t'..='\r' | '\u{1c}'..='\u{1f}')
        || (c.is_whitespace() && !matches!(c, '\u{85}' | '\u{a0}' | '\u{2007}' | '\u{202f}'))
}

/// A label's text as `Labeler.setLabel` keeps it: trimmed (`mySetState`), every `$property$`
/// naming the label's own property taken out, again and again as VASSAL does (a removal may
/// make a new one); `None` when that would build more than `room` bytes (each removal copies
/// the text, as in VASSAL). `spent` counts the bytes copied.
pub(crate) fn label_text(
    state: &str,
    property: &str,
    room: usize,
    spent: &mut usize,
) -> Option<String> {
    let mut s = java_trim(state).to_string();
    let pattern = format!("${property}$");
    while let Some(at) = s.find(&pattern) {
        *spent = spent.saturating_add(s.len());
        if *spent > room {
            return None;
        }
        s.replace_range(at..at + pattern.len(), "");
    }
    Some(s)
}

/// Where [`expand`] finds a property's value: `Some` when the reader knows it.
pub(crate) trait Properties {
    /// The value of `name` on the piece, `None` when the reader does not know it (kept
    /// as written).
    fn value(&mut self, name: &str, work: &mut Work) -> Option<Rc<str>>;
}

/// No property known: a format expanded with its explicit properties only (the raw name).
pub(crate) struct Unknown;

impl Properties for Unknown {
    fn value(&mut self, _: &str, _: &mut Work) -> Option<Rc<str>> {
        None
    }
}

/// What expanding writes, against the room left: the bytes written so far, and the
/// references kept as written.
#[derive(Default)]
pub(crate) struct Work {
    /// Bytes written by every expansion so far.
    pub spent: usize,
    /// The most bytes every expansion together may write.
    pub room: usize,
    /// Properties the reader does not know, referred to and kept as written.
    pub unresolved: BTreeSet<String>,
}

impl Work {
    /// Count `bytes` more written; whether the work is still within its room.
    pub(crate) fn charge(&mut self, bytes: usize) -> bool {
        self.spent = self.spent.saturating_add(bytes);
        self.spent <= self.room
    }

    fn write(&mut self, out: &mut String, text: &str) -> Option<()> {
        self.spent = self.spent.saturating_add(text.len());
        if self.spent > self.room {
            return None;
        }
        out.push_str(text);
        Some(())
    }
}

/// `format` evaluated as VASSAL's `FormattedString.getText(piece)`: `explicit` properties
/// first (a label's `pieceName` and `label`), then `props`. `None` as soon as the work would
/// write more than its room.
pub(crate) fn expand(
    format: &str,
    explicit: &[(&str, &str)],
    props: &mut dyn Properties,
    work: &mut Work,
) -> Option<String> {
    let mut out = String::new();
    if format.chars().all(java_whitespace) {
        return Some(out);
    }
    let t = java_trim(format);
    if t.starts_with('{') && t.ends_with('}') {
        work.unresolved.insert(EXPRESSION.to_string());
        work.write(&mut out, format)?;
        return Some(out);
    }
    if let Some(n) = parse_java_int(t) {
        work.write(&mut out, &n.to_string())?;
        return Some(out);
    }
    if !t.contains('$') {
        work.write(&mut out, format)?;
        return Some(out);
    }
    let mut tokens = Decoder::new(t, '$');
    let mut is_property = true;
    while let Some(token) = tokens.next_cow() {
        is_property = !is_property;
        if token.is_empty() {
            continue;
        }
        if !is_property || !tokens.has_more() {
            work.write(&mut out, &token)?;
        } else if let Some((_, v)) = explicit.iter().find(|(k, _)| *k == token) {
            work.write(&mut out, v)?;
        } else if let Some(v) = props.value(&token, work) {
            work.write(&mut out, &v)?;
        } else if work.spent > work.room {
            return None;
        } else {
            work.unresolved.insert(token.to_string());
            work.write(&mut out, "$")?;
            work.write(&mut out, &token)?;
            work.write(&mut out, "$")?;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    struct Map(BTreeMap<String, String>);

    impl Properties for Map {
        fn value(&mut self, name: &str, _: &mut Work) -> Option<Rc<str>> {
            self.0.get(name).map(|v| Rc::from(v.as_str()))
        }
    }

    fn run(format: &str) -> (Option<String>, BTreeSet<String>) {
        let mut props = Map([("Site", "Tennessee"), ("Value", "10"), ("Loop", "$Site$")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect());
        let mut work = Work {
            room: 100,
            ..Work::default()
        };
        let out = expand(format, &[("pieceName", "PC")], &mut props, &mut work);
        (out, work.unresolved)
    }

    #[test]
    fn formats_expand_as_vassal_does() {
        assert_eq!(run("$Site$: $Value$").0.as_deref(), Some("Tennessee: 10"));
        assert_eq!(
            run(" $pieceName$ ($Site$) ").0.as_deref(),
            Some("PC (Tennessee)")
        );
        // A value is not expanded again.
        assert_eq!(run("$Loop$").0.as_deref(), Some("$Site$"));
        // An unknown property is kept as written, and named.
        let (out, unknown) = run("$Calc$ x");
        assert_eq!(out.as_deref(), Some("$Calc$ x"));
        assert!(unknown.contains("Calc"));
        // A trailing `$` is dropped, a lone one joins its neighbours.
        assert_eq!(run("a$b").0.as_deref(), Some("ab"));
        assert_eq!(run("5$").0.as_deref(), Some("5"));
        // A number is written back as Java does; blank is empty; braces are kept.
        assert_eq!(run(" 007 ").0.as_deref(), Some("7"));
        assert_eq!(run("  ").0.as_deref(), Some(""));
        assert_eq!(run("{Site}").0.as_deref(), Some("{Site}"));
        assert_eq!(run("plain  ").0.as_deref(), Some("plain  "));
        // Past the room: nothing.
        assert_eq!(run(&"$Site$".repeat(20)).0, None);
    }

    #[test]
    fn a_label_text_loses_its_own_property() {
        let mut spent = 0;
        assert_eq!(
            label_text(" $Te$TextLabel$xtLabel$ x ", "TextLabel", 1000, &mut spent).as_deref(),
            Some(" x")
        );
        assert_eq!(
            label_text("$$a", "", 1000, &mut spent).as_deref(),
            Some("a")
        );
        let mut spent = 0;
        let long = "$TextLabel$".repeat(1000);
        assert_eq!(label_text(&long, "TextLabel", 10_000, &mut spent), None);
    }
}
