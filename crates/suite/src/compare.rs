//! Each expectation of a file against its report: the actual value read from the report's JSON
//! the way the engine's key says ([`ExpectKey`], [`Reading`]), compared with the expected one,
//! and what `--accept` writes instead.
//!
//! Knows no game: which key reads which field is the engines' ([`Engine::expect_keys`]).
//!
//! [`Engine::expect_keys`]: victory_engine::Engine::expect_keys

use serde_json::Value;
use wargame_kit::internal::expect::{ExpectKey, NONE, PROBLEMS, Reading};

use crate::expect::Expectations;
use victory_engine::problem::Problem;

/// One expectation that does not hold.
#[derive(Clone, Debug)]
pub struct Difference {
    /// The field, as written in `[expect]`: `level`, `json."/us/total"`.
    pub field: String,
    /// The value expected.
    pub expected: toml::Value,
    /// The actual value (`None`: the report has no such value, or the file was refused).
    pub actual: Option<toml::Value>,
}

/// One field of `[expect]` that `--accept` wrote, with its value before and after: what the run
/// prints for review before the file is committed.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The field, as written in `[expect]`: `level`, `json."/us/total"`.
    pub field: String,
    /// Its value before (`None`: the file did not pin it).
    pub old: Option<toml::Value>,
    /// Its value written (`None`: removed, the report no longer has the field).
    pub new: Option<toml::Value>,
}

/// What `--accept` writes into `[expect]`: each key with its value, or `None` to remove it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Plan {
    /// The keys of `[expect]` (created when the file has none).
    pub keys: Vec<(String, Option<toml::Value>)>,
    /// The pointers of `[expect] json`.
    pub json: Vec<(String, Option<toml::Value>)>,
}

impl Plan {
    /// Whether it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.json.is_empty()
    }
}

/// Each field `plan` writes into a file whose `[expect]` is `expect`, with its value before
/// (`None`: not pinned) and after (`None`: removed), in the order written: what `--accept`
/// prints for review.
pub(crate) fn changes(expect: &Expectations, plan: &Plan) -> Vec<Change> {
    let old = |entries: &[crate::expect::Entry], key: &str| {
        entries
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.clone())
    };
    let keys = plan.keys.iter().map(|(key, new)| Change {
        field: key.clone(),
        old: old(&expect.keys, key),
        new: new.clone(),
    });
    let json = plan.json.iter().map(|(pointer, new)| Change {
        field: format!(
            "{}.{}",
            wargame_kit::internal::expect::JSON,
            quoted(pointer)
        ),
        old: old(&expect.json, pointer),
        new: new.clone(),
    });
    keys.chain(json).collect()
}

/// What the file gave: its report's JSON, or the problems it was refused with.
pub(crate) type Outcome<'a> = Result<&'a Value, &'a [Problem]>;

/// The differences between `expect` and `outcome` (the engine's `keys`), and what `--accept`
/// writes: every key with a value when the file pins nothing, else the keys it has.
pub(crate) fn judge(
    expect: &Expectations,
    keys: &[ExpectKey],
    outcome: Outcome<'_>,
) -> (Vec<Difference>, Plan) {
    if expect.is_empty() {
        return (Vec::new(), everything(keys, outcome));
    }
    let mut differences = Vec::new();
    let mut plan = Plan::default();
    let refused_unexpectedly = outcome.is_err() && expect.get(PROBLEMS).is_none();
    if let Err(problems) = outcome
        && refused_unexpectedly
    {
        plan.keys
            .push((PROBLEMS.to_string(), Some(kinds(problems))));
    }
    for entry in &expect.keys {
        let actual = if entry.key == PROBLEMS {
            Some(match outcome {
                Err(problems) => kinds(problems),
                Ok(_) => toml::Value::Array(Vec::new()),
            })
        } else if let Some(key) = keys.iter().find(|k| k.key == entry.key) {
            outcome
                .ok()
                .and_then(|r| actual(key, r))
                .map(|v| to_toml(&v))
        } else {
            continue; // not an expectation of this game: a problem of the file's
        };
        let set = keys
            .iter()
            .any(|k| k.key == entry.key && matches!(k.reading, Reading::Ids { .. }));
        let holds = actual.as_ref().is_some_and(|a| same(&entry.value, a, set));
        if !holds {
            if !refused_unexpectedly {
                differences.push(Difference {
                    field: entry.key.clone(),
                    expected: entry.value.clone(),
                    actual: actual.clone(),
                });
            }
            plan.keys.push((entry.key.clone(), actual));
        }
    }
    for entry in &expect.json {
        let actual = outcome
            .ok()
            .and_then(|r| r.pointer(&entry.key))
            .map(to_toml);
        if !actual
            .as_ref()
            .is_some_and(|a| same(&entry.value, a, false))
        {
            if !refused_unexpectedly {
                differences.push(Difference {
                    field: format!("json.{}", quoted(&entry.key)),
                    expected: entry.value.clone(),
                    actual: actual.clone(),
                });
            }
            plan.json.push((entry.key.clone(), actual));
        }
    }
    (differences, plan)
}

/// What `--accept` writes into a file that pins nothing: every key of its game the report has
/// a value for, or the kinds of the problems it was refused with.
fn everything(keys: &[ExpectKey], outcome: Outcome<'_>) -> Plan {
    let keys = match outcome {
        Err(problems) => vec![(PROBLEMS.to_string(), Some(kinds(problems)))],
        Ok(report) => keys
            .iter()
            .filter_map(|k| Some((k.key.to_string(), Some(to_toml(&actual(k, report)?)))))
            .collect(),
    };
    Plan {
        keys,
        json: Vec::new(),
    }
}

/// The kinds of the problems, in order.
fn kinds(problems: &[Problem]) -> toml::Value {
    toml::Value::Array(
        problems
            .iter()
            .map(|p| toml::Value::String(p.kind.clone()))
            .collect(),
    )
}

/// The value `key` reads from a report's JSON; `None` when the report has none.
pub(crate) fn actual(key: &ExpectKey, report: &Value) -> Option<Value> {
    match key.reading {
        Reading::Value => report.pointer(key.pointer).cloned(),
        Reading::OrNone => or_none(report, key.pointer),
        Reading::Ids { id, flag, is } => {
            let items = report.pointer(key.pointer)?.as_array()?;
            let mut ids: Vec<&str> = items
                .iter()
                .filter(|item| item.get(flag).and_then(Value::as_bool) == Some(is))
                .filter_map(|item| item.get(id).and_then(Value::as_str))
                .collect();
            ids.sort_unstable();
            Some(Value::Array(ids.into_iter().map(Value::from).collect()))
        }
    }
}

/// The value at `pointer`, `null` when a `null` is met on the way.
fn or_none(report: &Value, pointer: &str) -> Option<Value> {
    let mut here = report;
    for token in crate::pointer::tokens(pointer).ok()? {
        here = match here {
            Value::Null => return Some(Value::Null),
            Value::Object(fields) => fields.get(&token)?,
            Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(here.clone())
}

/// Whether an expected value is the actual one (both as TOML: a JSON `null` is `"none"`);
/// `set`: two lists of the same strings in any order.
pub(crate) fn same(expected: &toml::Value, actual: &toml::Value, set: bool) -> bool {
    use toml::Value as T;
    match (expected, actual) {
        (T::Array(e), T::Array(a)) if set => {
            let sorted = |list: &[T]| {
                let mut texts: Vec<String> = list.iter().map(|v| format!("{v:?}")).collect();
                texts.sort_unstable();
                texts.dedup();
                texts
            };
            sorted(e) == sorted(a)
        }
        (T::Array(e), T::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(e, a)| same(e, a, false))
        }
        (T::Table(e), T::Table(a)) => {
            e.len() == a.len()
                && e.iter()
                    .all(|(k, v)| a.get(k).is_some_and(|a| same(v, a, false)))
        }
        (T::Float(e), T::Integer(a)) | (T::Integer(a), T::Float(e)) => {
            a.to_string() == format!("{e}")
        }
        (e, a) => e == a,
    }
}

/// A JSON value as TOML writes it: `null` as `"none"` (TOML has no null), a whole number too
/// large for TOML as its digits.
pub(crate) fn to_toml(value: &Value) -> toml::Value {
    match value {
        Value::Null => toml::Value::String(NONE.to_string()),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => toml::Value::Integer(i),
            (None, Some(f)) if n.is_f64() => toml::Value::Float(f),
            _ => toml::Value::String(n.to_string()),
        },
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(items) => toml::Value::Array(items.iter().map(to_toml).collect()),
        Value::Object(fields) => toml::Value::Table(
            fields
                .iter()
                .map(|(k, v)| (k.clone(), to_toml(v)))
                .collect(),
        ),
    }
}

/// A key as TOML writes it in a key path: bare when it can be, else quoted.
pub(crate) fn quoted(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if bare {
        key.to_string()
    } else {
        crate::value::string(key).to_string()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::expect::Entry;

    const KEYS: &[ExpectKey] = &[
        ExpectKey::new("level", "/level", Reading::Value, ""),
        ExpectKey::new("winner", "/winner/side", Reading::OrNone, ""),
        ExpectKey::new(
            "out",
            "/pieces",
            Reading::Ids {
                id: "piece",
                flag: "in_play",
                is: false,
            },
            "",
        ),
        ExpectKey::new("vp", "/vp/total", Reading::Value, ""),
    ];

    fn report() -> Value {
        serde_json::json!({
            "level": "draw",
            "winner": null,
            "vp": null,
            "pieces": [
                {"piece": "B", "in_play": false},
                {"piece": "C", "in_play": true},
                {"piece": "A", "in_play": false}
            ],
            "margins": {"us": {"vp": 5}}
        })
    }

    fn entry(key: &str, value: toml::Value) -> Entry {
        Entry {
            key: key.to_string(),
            value,
            span: 0..0,
        }
    }

    fn text(s: &str) -> toml::Value {
        toml::Value::String(s.to_string())
    }

    #[test]
    fn reads_each_key_the_way_it_says() {
        let r = report();
        let read = |i: usize| actual(&KEYS[i], &r);
        assert_eq!(read(0), Some(Value::from("draw")));
        assert_eq!(read(1), Some(Value::Null));
        assert_eq!(read(2), Some(serde_json::json!(["A", "B"])));
        assert_eq!(read(3), None, "no value under a null");
    }

    #[test]
    fn differences_name_the_field_and_both_values() {
        let r = report();
        let expect = Expectations {
            keys: vec![
                entry("level", text("us-decisive")),
                entry("winner", text("none")),
                entry(
                    "out",
                    toml::Value::Array(vec![text("B"), text("A"), text("A")]),
                ),
                entry("vp", toml::Value::Integer(3)),
            ],
            json: vec![
                entry("/margins/us/vp", toml::Value::Integer(4)),
                entry("/level", text("draw")),
            ],
        };
        let (differences, plan) = judge(&expect, KEYS, Ok(&r));
        let found: Vec<(&str, String, Option<toml::Value>)> = differences
            .iter()
            .map(|d| {
                (
                    d.field.as_str(),
                    format!("{:?}", d.expected),
                    d.actual.clone(),
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                (
                    "level",
                    "String(\"us-decisive\")".to_string(),
                    Some(text("draw"))
                ),
                ("vp", "Integer(3)".to_string(), None),
                (
                    "json.\"/margins/us/vp\"",
                    "Integer(4)".to_string(),
                    Some(toml::Value::Integer(5))
                ),
            ]
        );
        assert_eq!(
            plan,
            Plan {
                keys: vec![
                    ("level".to_string(), Some(text("draw"))),
                    ("vp".to_string(), None)
                ],
                json: vec![("/margins/us/vp".to_string(), Some(toml::Value::Integer(5)))],
            }
        );
    }

    #[test]
    fn problems_are_compared_in_order() {
        let problems = vec![
            victory_engine::problem::in_file("hex", "f", "a"),
            victory_engine::problem::in_file("toml", "f", "b"),
        ];
        let expect = |kinds: &[&str]| Expectations {
            keys: vec![entry(
                PROBLEMS,
                toml::Value::Array(kinds.iter().map(|k| text(k)).collect()),
            )],
            json: Vec::new(),
        };
        assert!(
            judge(&expect(&["hex", "toml"]), KEYS, Err(&problems))
                .0
                .is_empty()
        );
        let (d, plan) = judge(&expect(&["toml", "hex"]), KEYS, Err(&problems));
        assert_eq!(d.len(), 1);
        assert_eq!(
            plan.keys,
            [(
                PROBLEMS.to_string(),
                Some(toml::Value::Array(vec![text("hex"), text("toml")]))
            )]
        );
        // Expected to be refused, but scored.
        let (d, _) = judge(&expect(&["hex"]), KEYS, Ok(&report()));
        assert_eq!(d[0].actual, Some(toml::Value::Array(Vec::new())));
        // Nothing pinned: every key with a value is what --accept writes.
        let (d, plan) = judge(&Expectations::default(), KEYS, Ok(&report()));
        assert!(d.is_empty());
        let written: Vec<&str> = plan.keys.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(written, ["level", "winner", "out"]);
    }

    #[test]
    fn values_compare_as_toml() {
        assert!(same(
            &toml::Value::Float(2.0),
            &toml::Value::Integer(2),
            false
        ));
        assert!(!same(&text("2"), &toml::Value::Integer(2), false));
        assert_eq!(to_toml(&Value::Null), text("none"));
        assert_eq!(
            to_toml(&serde_json::json!(u64::MAX)),
            text("18446744073709551615")
        );
        assert_eq!(quoted("level"), "level");
        assert_eq!(quoted("/us/total"), "\"/us/total\"");
    }
}
