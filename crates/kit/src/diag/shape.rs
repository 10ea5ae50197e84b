//! Reading a TOML document into a typed spec with every shape problem at once, in file order,
//! in a player's words.
//!
//! serde stops at the first unknown key, wrong type or missing key. [`read_toml`] parses the
//! text once into a tree that keeps every span, then deserializes from the tree; at each
//! problem it records it (located, keyed by its path, worded plainly, with "did you mean" for a
//! near miss) and takes the offending entry out of the tree (the key, the list item, or, for a
//! missing key, the table that lacks it), then tries again. What remains deserializes: the
//! caller checks the rules on whatever could be read. A TOML syntax error (including a key
//! given twice) stops the load, located.

use std::ops::Range;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::repairs::Repairs;
use super::{Diagnostic, Source};

use crate::limits::{MAX_SHAPE_PROBLEMS, SHAPE_READ_BUDGET};

/// `T` from `source`'s text, with every shape problem found, in file order, each of kind
/// `kind` ([`ShapeRead`]). The value is `None` when the text is not TOML (one located problem)
/// or when nothing could be repaired; otherwise `Some` of what could be read, and the caller
/// goes on to check the rules on it ([`Error::after_shape`](crate::Error::after_shape)). `prefix` is prepended to key paths (`map.` for a map inlined in a state).
///
/// The happy path is one `toml::from_str`: the tree is only made when a problem is found.
///
/// ```
/// use wargame_kit::Source;
/// use wargame_kit::read_toml;
///
/// #[derive(serde::Deserialize, Debug)]
/// #[serde(deny_unknown_fields)]
/// struct Unit { id: String, side: Side, strength: u32 }
/// #[derive(serde::Deserialize, Debug)]
/// #[serde(rename_all = "kebab-case")]
/// enum Side { Us, Japanese }
/// #[derive(serde::Deserialize, Debug)]
/// #[serde(deny_unknown_fields)]
/// struct File { units: Vec<Unit> }
///
/// let text = "[[units]]\nid = \"a\"\nside = \"US\"\nstrength = 1\n\
///             [[units]]\nid = \"b\"\nside = \"us\"\nstrenght = 2\n\
///             [[units]]\nid = \"c\"\nside = \"us\"\nstrength = \"15\"\n";
/// let read = read_toml::<File, _>(Source::new(Some("f.toml"), text), "shape", "");
/// let lines: Vec<String> = read.problems.iter().map(|d| d.to_string()).collect();
/// assert_eq!(lines, [
///     "f.toml:3:8: unknown value `US`: expected one of `us`, `japanese`; did you mean `us`? (at `units[0].side`)",
///     "f.toml:5:1: missing key `strength` (at `units[1].strength`)",
///     "f.toml:8:1: unknown key `strenght` (the keys here: `id`, `side`, `strength`); did you mean `strength`? (at `units[1].strenght`)",
///     "f.toml:12:12: expected a whole number 0 or more, found the string \"15\" (at `units[2].strength`)",
/// ]);
/// // What remains is read: each broken unit lost what was wrong, and the units that then
/// // lacked a required key were left out.
/// assert!(read.value.is_some());
/// ```
pub fn read_toml<T: DeserializeOwned, K: Copy>(
    source: Source<'_>,
    kind: K,
    prefix: &str,
) -> ShapeRead<T, K> {
    read_within(source, kind, prefix, SHAPE_READ_BUDGET)
}

/// [`read_toml`] reading at most `budget` bytes of document in all.
fn read_within<T: DeserializeOwned, K: Copy>(
    source: Source<'_>,
    kind: K,
    prefix: &str,
    budget: usize,
) -> ShapeRead<T, K> {
    let first = match toml::from_str::<T>(source.text) {
        Ok(v) => return ShapeRead::new(Some(v), Vec::new(), Repairs::default()),
        Err(e) => e,
    };
    let mut tree = match DeTable::parse(source.text) {
        Ok(t) => t,
        // Not TOML: the syntax error, as serde's parse reported it.
        Err(_) => {
            let problems = vec![source.toml_error(kind, &first)];
            return ShapeRead::new(None, problems, Repairs::default());
        }
    };
    let mut repairs = Repairs::default();
    let at = super::Locator::new(source);
    let original = tree.clone();
    let mut found: Vec<(usize, Diagnostic<K>)> = Vec::new();
    // The keys taken out, with the span of their table: a key then missing from that table is
    // this reading's doing, not the file's, and is not reported.
    let mut taken: Vec<(Range<usize>, String)> = Vec::new();
    let mut result = None;
    let rounds = (budget / source.text.len().max(1)).clamp(1, MAX_SHAPE_PROBLEMS * 2);
    let mut cut_short = None;
    for round in 0..=rounds {
        let e = match T::deserialize(toml::de::Deserializer::from(tree.clone())) {
            Ok(v) => {
                result = Some(v);
                break;
            }
            Err(e) => e,
        };
        if round == rounds {
            // Out of rounds with problems left: say so where the next one is.
            cut_short = e.span();
            break;
        }
        let span = e.span().unwrap_or(0..0);
        let message = e.message().trim();
        let missing = message
            .strip_prefix("missing field `")
            .map(|rest| rest.trim_end_matches('`'));
        let ours = missing.is_some_and(|k| taken.iter().any(|(t, key)| *t == span && key == k));
        if !ours {
            let d = shape_problem(&original, kind, prefix, message, &span);
            found.push((span.start, at.at(d, Some(span.clone()))));
        }
        let Some(l) = locate(&tree, &span) else { break };
        if let Some((Step::Index(i), _)) = l.steps.split_last() {
            // The list's path as it is now: `units[3]` -> `units`.
            let list = l.path.rsplit_once('[').map_or("", |(list, _)| list);
            repairs.record(format!("{prefix}{list}"), *i);
        }
        if let Some((Step::Key(key), above)) = l.steps.split_last() {
            let parent = if above.is_empty() {
                Some(tree.span())
            } else {
                span_at(&tree, above)
            };
            taken.extend(parent.map(|p| (p, key.clone())));
        }
        if found.len() >= MAX_SHAPE_PROBLEMS || !remove(tree.get_mut(), &l.steps) {
            break;
        }
    }
    if let Some(span) = cut_short {
        let d = Diagnostic::new(
            kind,
            format!(
                "more problems may follow: a file of {} bytes is read again for each problem, so the reading stopped after {}",
                source.text.len(),
                found.len()
            ),
        )
        .help("fix these and check the file again");
        found.push((span.start, at.at(d, Some(span))));
    }
    found.sort_by_key(|(at, _)| *at);
    let problems = found.into_iter().map(|(_, d)| d).collect();
    ShapeRead::new(result, problems, repairs)
}

/// The shape problem serde reported at `span` (`message`), in plain words, keyed by its path
/// in the file as written: located in `original`, the tree as read.
fn shape_problem<K: Copy>(
    original: &Spanned<DeTable<'_>>,
    kind: K,
    prefix: &str,
    message: &str,
    span: &Range<usize>,
) -> Diagnostic<K> {
    let path = locate(original, span).map(|l| l.path);
    let (words, key, help) = plain(message, path.as_deref());
    let mut d = Diagnostic::new(kind, words);
    if let Some(h) = help {
        d = d.help(h);
    }
    if let Some(k) = key {
        d = d.key(format!("{prefix}{k}"));
    }
    d
}

/// Read `source` with [`read_toml`], then `check` the rules on what could be read: every shape
/// problem and every rule problem, in file order ([`Error::after_shape`](crate::Error::after_shape)).
/// How the map, state and track readers of this workspace read a file.
///
/// ```
/// use wargame_kit::{Error, Source};
/// use wargame_kit::internal::read_and_check;
/// #[derive(serde::Deserialize)]
/// struct File { size: u32 }
/// let text = "size = 7\n";
/// let checked: Result<u32, Error<&str>> = read_and_check(Source::new(None, text), "shape", "", |f: File| Ok(f.size));
/// assert_eq!(checked.unwrap(), 7);
/// ```
pub fn read_and_check<T: DeserializeOwned, U, K: Copy>(
    source: Source<'_>,
    kind: K,
    prefix: &str,
    check: impl FnOnce(T) -> Result<U, crate::Error<K>>,
) -> Result<U, crate::Error<K>> {
    let read = read_toml::<T, K>(source, kind, prefix);
    let Some(value) = read.value else {
        return Err(crate::Error::new(read.problems));
    };
    crate::Error::after_shape(source, read.problems, &read.repairs, check(value))
}

/// What [`read_toml`] gave: what could be read, the shape problems, and the list items it took
/// out to read the rest.
#[derive(Debug)]
#[non_exhaustive]
pub struct ShapeRead<T, K> {
    /// What could be read: `None` when the text is not TOML or could not be repaired.
    pub value: Option<T>,
    /// Every shape problem, in file order.
    pub problems: Vec<Diagnostic<K>>,
    /// The list items taken out, to name later problems as the file does.
    pub repairs: Repairs,
}

impl<T, K> ShapeRead<T, K> {
    fn new(value: Option<T>, problems: Vec<Diagnostic<K>>, repairs: Repairs) -> Self {
        ShapeRead {
            value,
            problems,
            repairs,
        }
    }
}

/// One step of a path into the tree: a table's key or a list's index.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Where in the tree a problem's span is: the steps to the entry to take out, and its key path
/// (`units[1].side`).
struct Located {
    steps: Vec<Step>,
    path: String,
}

/// The deepest entry whose key or value holds `span`. (Tables of an array of tables span only
/// their `[[header]]`, not their keys: every entry is searched.)
fn locate(tree: &Spanned<DeTable<'_>>, span: &Range<usize>) -> Option<Located> {
    if span.start >= span.end {
        return None;
    }
    let mut steps = Vec::new();
    find_in_table(tree.get_ref(), span, &mut steps).then(|| {
        let mut path = String::new();
        for s in &steps {
            match s {
                Step::Key(k) if path.is_empty() => path.push_str(k),
                Step::Key(k) => {
                    path.push('.');
                    path.push_str(k);
                }
                Step::Index(i) => path.push_str(&format!("[{i}]")),
            }
        }
        Located { steps, path }
    })
}

fn holds(r: Range<usize>, span: &Range<usize>) -> bool {
    r.start <= span.start && span.end <= r.end
}

/// Push the steps to the deepest entry of `table` holding `span`; false when none does.
fn find_in_table(table: &DeTable<'_>, span: &Range<usize>, steps: &mut Vec<Step>) -> bool {
    for (k, v) in table {
        steps.push(Step::Key(k.get_ref().to_string()));
        if find_in_value(v.get_ref(), span, steps) || holds(k.span(), span) || holds(v.span(), span)
        {
            return true;
        }
        steps.pop();
    }
    false
}

/// [`find_in_table`] inside a value: its entries or items.
fn find_in_value(value: &DeValue<'_>, span: &Range<usize>, steps: &mut Vec<Step>) -> bool {
    match value {
        DeValue::Table(t) => find_in_table(t, span, steps),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                steps.push(Step::Index(i));
                if find_in_value(item.get_ref(), span, steps) || holds(item.span(), span) {
                    return true;
                }
                steps.pop();
            }
            false
        }
        _ => false,
    }
}

/// The span of the value at `steps` (none for the document itself).
fn span_at(tree: &Spanned<DeTable<'_>>, steps: &[Step]) -> Option<Range<usize>> {
    let (first, rest) = steps.split_first()?;
    let Step::Key(k) = first else { return None };
    let mut value = tree.get_ref().get(k.as_str())?;
    for step in rest {
        value = match (value.get_ref(), step) {
            (DeValue::Table(t), Step::Key(k)) => t.get(k.as_str())?,
            (DeValue::Array(a), Step::Index(i)) => a.get(*i)?,
            _ => return None,
        };
    }
    Some(value.span())
}

/// Take the entry at `steps` out of the tree; false when there was nothing to take.
fn remove(table: &mut DeTable<'_>, steps: &[Step]) -> bool {
    match steps {
        [Step::Key(k)] => table.remove(k.as_str()).is_some(),
        [Step::Key(k), rest @ ..] => match table.get_mut(k.as_str()) {
            Some(v) => remove_in(v.get_mut(), rest),
            None => false,
        },
        _ => false,
    }
}

/// [`remove`] inside a value.
fn remove_in(value: &mut DeValue<'_>, steps: &[Step]) -> bool {
    match (value, steps) {
        (DeValue::Table(t), _) => remove(t, steps),
        (DeValue::Array(a), [Step::Index(i)]) if *i < a.len() => {
            // `DeArray` has no `remove`: keep the others.
            let mut kept = toml::de::DeArray::new();
            for (j, item) in a.iter().enumerate() {
                if j != *i {
                    kept.push(item.clone());
                }
            }
            *a = kept;
            true
        }
        (DeValue::Array(a), [Step::Index(i), rest @ ..]) => match a.get_mut(*i) {
            Some(v) => remove_in(v.get_mut(), rest),
            None => false,
        },
        _ => false,
    }
}

/// serde's message in a player's words, the key path it is about, and a fix when one is
/// likely.
fn plain(message: &str, path: Option<&str>) -> (String, Option<String>, Option<String>) {
    let at = |tail: &str| match path {
        Some(p) if !p.is_empty() => Some(format!("{p}{tail}")),
        _ => (!tail.is_empty()).then(|| tail.trim_start_matches('.').to_string()),
    };
    let here = path.map(str::to_string);
    if let Some(rest) = message.strip_prefix("missing field `") {
        let field = rest.trim_end_matches('`');
        return (
            format!("missing key `{field}`"),
            at(&format!(".{field}")),
            None,
        );
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let (field, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let (words, help) = unknown_key(field, &ticked(expected));
        return (words, here, help);
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        let (value, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let (words, help) = unknown_value(value, &ticked(expected));
        return (words, here, help);
    }
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        && let Some((found, expected)) = rest.rsplit_once(", expected ")
    {
        let words = format!(
            "expected {}, found {}",
            expected_words(expected),
            found_words(found)
        );
        return (words, here, None);
    }
    if let Some(rest) = message.strip_prefix("invalid length ")
        && let Some((n, expected)) = rest.split_once(", expected ")
    {
        let words = format!("expected {}, found a list of {n}", expected_words(expected));
        return (words, here, None);
    }
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        let field = rest.trim_end_matches('`');
        return (format!("key `{field}` is given twice"), here, None);
    }
    (message.to_string(), here, None)
}

/// "did you mean" for a slip of one of `known`.
fn mean(given: &str, known: &[String]) -> Option<String> {
    nearest(given, known).map(|n| format!("did you mean `{n}`?"))
}

/// The words for a key that is not one of `known`, and "did you mean" when it is a slip of one.
pub(crate) fn unknown_key(field: &str, known: &[String]) -> (String, Option<String>) {
    let words = if known.is_empty() {
        format!("unknown key `{field}` (no keys are expected here)")
    } else {
        format!(
            "unknown key `{field}` (the keys here: {})",
            tick_list(known)
        )
    };
    (words, mean(field, known))
}

/// The words for a value that is not one of `known`, and "did you mean" when it is a slip of
/// one.
pub(crate) fn unknown_value(value: &str, known: &[String]) -> (String, Option<String>) {
    let words = format!(
        "unknown value `{value}`: expected one of {}",
        tick_list(known)
    );
    (words, mean(value, known))
}

/// The names in backticks in serde's "expected one of `a`, `b`" (or "expected `a` or `b`").
fn ticked(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn tick_list(names: &[String]) -> String {
    let ticked: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    ticked.join(", ")
}

/// What serde expected, in words: no Rust type names.
fn expected_words(expected: &str) -> String {
    let e = expected.trim();
    let words = match e {
        "u8" => "a whole number from 0 to 255",
        "u16" => "a whole number from 0 to 65535",
        "u32" | "u64" | "u128" | "usize" => "a whole number 0 or more",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "a boolean" | "bool" => "true or false",
        "a string" | "string" | "a character" | "char" => "a string in quotes",
        "a sequence" | "sequence" => "a list `[...]`",
        "a map" | "map" => "a table",
        _ if e.starts_with("struct ") || e.starts_with("a map") => "a table",
        _ if e.starts_with("tuple") || e.starts_with("an array") => "a list `[...]`",
        _ => return e.to_string(),
    };
    words.to_string()
}

/// What serde found, in words.
fn found_words(found: &str) -> String {
    let f = found.trim();
    for (prefix, word) in [
        ("integer `", "the number "),
        ("floating point `", "the number "),
        ("boolean `", ""),
        ("character `", "the character "),
    ] {
        if let Some(rest) = f.strip_prefix(prefix) {
            return format!("{word}{}", rest.trim_end_matches('`'));
        }
    }
    if let Some(rest) = f.strip_prefix("string ") {
        return format!("the string {rest}");
    }
    match f {
        "sequence" => "a list".to_string(),
        "map" => "a table".to_string(),
        "unit value" | "unit" => "nothing".to_string(),
        other => other.to_string(),
    }
}

/// The known name nearest `given`, when it is near enough to be a slip: the same but for case,
/// `-` and `_`, or within a third of its length in edits (at least one) with the same first
/// letter, or one edit away.
pub fn nearest(given: &str, known: &[String]) -> Option<String> {
    let mut unbounded = usize::MAX;
    nearest_within(given, known, &mut unbounded)
}

/// The most character comparisons the "did you mean"s of one check may make by default
/// ([`nearest_within`]): what they may cost, whatever the number and lengths of the names
/// they look among and of the names looked for.
pub const NEAREST_STEPS: usize = 4_000_000;

/// [`nearest`] spending at most `steps` (what is left of them is left in `steps`, for the
/// next look-up of the same check): a byte of a name folded for the first pass is a step, a
/// comparison of two characters is one. A name whose length differs from `given`'s by more
/// than a slip allows is never compared; the names left once the steps are spent are not
/// looked at (the nearest among those looked at is given). So a check's suggestions cost at
/// most `steps` however many names it suggests for.
pub fn nearest_within<S: AsRef<str>>(
    given: &str,
    known: &[S],
    steps: &mut usize,
) -> Option<String> {
    let fold = |s: &str| s.to_lowercase().replace('-', "_");
    let folded = fold(given);
    for k in known {
        let k = k.as_ref();
        let cost = k.len().max(1);
        if cost > *steps {
            return None;
        }
        *steps -= cost;
        if fold(k) == folded {
            return Some(k.to_string());
        }
    }
    let length = given.chars().count();
    let limit = (length / 3).max(1);
    let first = folded.chars().next();
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let k = k.as_ref();
        let n = k.chars().count();
        if n.abs_diff(length) > limit {
            continue;
        }
        let cost = n.saturating_mul(length).max(1);
        if cost > *steps {
            break;
        }
        *steps -= cost;
        let fk = fold(k);
        let d = edit_distance(&folded, &fk);
        if d <= limit && (d == 1 || fk.chars().next() == first) && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k.to_string())
}

/// Edit distance (substitution, insertion, deletion, and two neighbours swapped: the slips
/// of a hand at a keyboard), on characters: the optimal string alignment distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows: the one before the previous (for a swap), the previous, the current.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let mut d = (previous[j + 1] + 1)
                .min(row[j] + 1)
                .min(previous[j] + usize::from(ca != cb));
            if i > 0 && j > 0 && *ca == b[j - 1] && a[i - 1] == *cb {
                d = d.min(before[j - 1] + 1);
            }
            row[j + 1] = d;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut row);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A large file gets fewer rounds of repair, and says that it stopped.
    #[test]
    fn a_large_file_is_read_within_the_budget() {
        #[derive(serde::Deserialize)]
        #[allow(dead_code)]
        struct File {
            units: Vec<Unit>,
        }
        #[derive(serde::Deserialize)]
        #[allow(dead_code)]
        struct Unit {
            side: u32,
        }
        let text: String = (0..20)
            .map(|i| format!("[[units]]\nside = \"s{i}\"\n"))
            .collect();
        let source = Source::new(Some("big.toml"), &text);
        let all = read_within::<File, _>(source, "shape", "", usize::MAX);
        assert_eq!(all.problems.len(), 20);
        // Room for four rounds: two problems (each takes a round to report and one to drop
        // the unit), then the note.
        let some = read_within::<File, _>(source, "shape", "", text.len() * 4);
        let lines: Vec<String> = some.problems.iter().map(ToString::to_string).collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[2].contains("more problems may follow"), "{lines:?}");
        assert!(lines[2].starts_with("big.toml:6:8:"), "{lines:?}");
    }

    #[test]
    fn near_misses() {
        let known = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let keys = known(&["active_beaches", "name", "objectives"]);
        assert_eq!(
            nearest("active_beach", &keys).as_deref(),
            Some("active_beaches")
        );
        assert_eq!(nearest("Name", &keys).as_deref(), Some("name"));
        assert_eq!(nearest("zzz", &keys), None);
        let beaches = known(&["eastern-beach", "northern-beach"]);
        assert_eq!(nearest("western-beach", &beaches), None);
        assert_eq!(
            nearest("nothern-beach", &beaches).as_deref(),
            Some("northern-beach")
        );
        assert_eq!(
            nearest("US", &known(&["us", "japanese"])).as_deref(),
            Some("us")
        );
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        // Two letters swapped are one slip: `Sied` is `Side`, `Aesri` is `Aesir`.
        assert_eq!(edit_distance("Sied", "Side"), 1);
        assert_eq!(edit_distance("ca", "abc"), 3);
        assert_eq!(
            nearest("Sied", &known(&["Side", "Size"])).as_deref(),
            Some("Side")
        );
        assert_eq!(
            nearest("Aesri", &known(&["Aesir", "Jotun"])).as_deref(),
            Some("Aesir")
        );
    }

    /// The nearest name within a number of steps: the names beyond them are not looked at,
    /// and a name whose length is off by more than a slip is never compared.
    #[test]
    fn nearest_within_looks_at_what_its_steps_allow() {
        let known = |k: &[&str]| k.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let names = known(&["Sxde", "Side"]);
        let mut unbounded = usize::MAX;
        assert_eq!(
            nearest_within("Sied", &names, &mut unbounded).as_deref(),
            Some("Side")
        );
        // The first pass folds both names (8 steps); a comparison of two four-letter names
        // costs 16: the first only, then none left.
        let mut steps = 24;
        assert_eq!(nearest_within("Sied", &names, &mut steps).as_deref(), None);
        assert_eq!(steps, 0);
        let mut steps = 40;
        assert_eq!(
            nearest_within("Sied", &names, &mut steps).as_deref(),
            Some("Side")
        );
        // What one look-up spent is gone for the next.
        assert_eq!(nearest_within("Sied", &names, &mut steps), None);
        let long = known(&["a much longer name than that", "Side"]);
        let mut steps = 48;
        assert_eq!(
            nearest_within("Sied", &long, &mut steps).as_deref(),
            Some("Side")
        );
    }

    #[test]
    fn plain_words_name_no_rust_types() {
        for (serde, words) in [
            (
                "invalid type: string \"15\", expected u32",
                "expected a whole number 0 or more, found the string \"15\"",
            ),
            (
                "invalid value: integer `-1`, expected u32",
                "expected a whole number 0 or more, found the number -1",
            ),
            (
                "invalid type: integer `2`, expected a string",
                "expected a string in quotes, found the number 2",
            ),
            (
                "invalid type: string \"x\", expected struct LayoutSpec",
                "expected a table, found the string \"x\"",
            ),
            (
                "invalid type: map, expected a sequence",
                "expected a list `[...]`, found a table",
            ),
            ("missing field `side`", "missing key `side`"),
        ] {
            assert_eq!(plain(serde, Some("units[0]")).0, words);
        }
        assert_eq!(
            plain("missing field `side`", Some("units[3]")).1.as_deref(),
            Some("units[3].side")
        );
        let (words, _, help) = plain("unknown variant `US`, expected `us` or `japanese`", None);
        assert_eq!(
            words,
            "unknown value `US`: expected one of `us`, `japanese`"
        );
        assert_eq!(help.as_deref(), Some("did you mean `us`?"));
    }
}
