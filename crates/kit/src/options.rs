//! Rules options: the readings of ambiguous rules text an engine lets a table choose, described
//! the same way for every game (a key, its values with the default first, the rule paragraph,
//! the ruling that chose the default), so that a tool can list them and a report can say which
//! are in force.
//!
//! ```
//! use wargame_kit::options::{RuleOption, in_force, non_defaults};
//! const OPTIONS: [RuleOption; 1] = [RuleOption {
//!     key: "ratio",
//!     values: &["truncate", "round"],
//!     rule: "L11",
//!     ruling: "L-14",
//!     about: "the ratio between printed bands",
//! }];
//! let now = in_force(&OPTIONS, &["round"]);
//! assert!(!now[0].default);
//! assert_eq!(non_defaults(&now).as_deref(), Some("ratio = round"));
//! assert_eq!(non_defaults(&in_force(&OPTIONS, &["truncate"])), None);
//! ```

use serde::Serialize;

/// One rules option: its key, its values (the default first), the paragraph and the ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RuleOption {
    /// The key in a state file's `[rules]` and in `--rule KEY=VALUE`.
    pub key: &'static str,
    /// The values, the default first.
    pub values: &'static [&'static str],
    /// The rule paragraph.
    pub rule: &'static str,
    /// The ruling that chose the default.
    pub ruling: &'static str,
    /// What it decides, in words.
    pub about: &'static str,
}

/// An option in force in a report: its key, its value, and whether that is the default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct RuleInForce {
    /// The option's key.
    pub key: String,
    /// Its value.
    pub value: String,
    /// Whether the value is the default.
    pub default: bool,
}

/// Every option of `options` with its value in `values` (in the same order), for a report.
pub fn in_force(options: &[RuleOption], values: &[&str]) -> Vec<RuleInForce> {
    options
        .iter()
        .zip(values)
        .map(|(o, v)| RuleInForce {
            key: o.key.to_string(),
            value: (*v).to_string(),
            default: o.values.first() == Some(v),
        })
        .collect()
}

/// Check `key = value` against `options`: the option and the value as the options spell them,
/// or why not (an unknown key, with the known ones; a value the option does not take, with its
/// values). An engine's `set` matches on what this returns.
///
/// ```
/// use wargame_kit::options::{RuleOption, choose};
/// const OPTIONS: [RuleOption; 1] = [RuleOption {
///     key: "ratio", values: &["truncate", "round"], rule: "L11", ruling: "L-14", about: "",
/// }];
/// assert_eq!(choose(&OPTIONS, "ratio", "round"), Ok(("ratio", "round")));
/// assert_eq!(choose(&OPTIONS, "ratio", "up").unwrap_err(), "`ratio` takes truncate or round, not `up`");
/// assert!(choose(&OPTIONS, "rate", "round").unwrap_err().starts_with("unknown rules option `rate`"));
/// ```
pub fn choose(
    options: &'static [RuleOption],
    key: &str,
    value: &str,
) -> Result<(&'static str, &'static str), String> {
    let Some(option) = options.iter().find(|o| o.key == key) else {
        let keys: Vec<&str> = options.iter().map(|o| o.key).collect();
        return Err(format!(
            "unknown rules option `{key}` (the options: {})",
            keys.join(", ")
        ));
    };
    match option.values.iter().find(|v| **v == value) {
        Some(v) => Ok((option.key, v)),
        None => Err(format!(
            "`{key}` takes {}, not `{value}`",
            option.values.join(" or ")
        )),
    }
}

/// `key = value, ...` of the options that differ from their defaults; `None` when none does.
pub fn non_defaults(in_force: &[RuleInForce]) -> Option<String> {
    let chosen: Vec<String> = in_force
        .iter()
        .filter(|r| !r.default)
        .map(|r| format!("{} = {}", r.key, r.value))
        .collect();
    (!chosen.is_empty()).then(|| chosen.join(", "))
}

/// Check an engine's options against its own `set` and report: `choose_and_report(key,
/// value)` makes the engine's default rules, sets `key = value` on them and returns what its
/// report says is in force. For every value of every option, that must be accepted and
/// reported back, marked the default exactly when it is the first value, with every other
/// option at its default. Returns the first disagreement. For an engine's tests: it catches a
/// value that `set` drops or reports as another, and a report that misstates an option.
///
/// ```
/// use wargame_kit::options::{RuleOption, choose, in_force, check_every_value};
/// const OPTIONS: [RuleOption; 1] = [RuleOption {
///     key: "ratio", values: &["truncate", "round"], rule: "L11", ruling: "L-14", about: "",
/// }];
/// let engine = |key: &str, value: &str| {
///     let (_, v) = choose(&OPTIONS, key, value)?;
///     let round = v == "round";
///     Ok(in_force(&OPTIONS, &[if round { "round" } else { "truncate" }]))
/// };
/// assert_eq!(check_every_value(&OPTIONS, engine), Ok(()));
/// // An engine that ignores the choice is caught.
/// let deaf = |_: &str, _: &str| Ok(in_force(&OPTIONS, &["truncate"]));
/// assert!(check_every_value(&OPTIONS, deaf).is_err());
/// ```
pub fn check_every_value<F>(options: &[RuleOption], mut choose_and_report: F) -> Result<(), String>
where
    F: FnMut(&str, &str) -> Result<Vec<RuleInForce>, String>,
{
    for option in options {
        for (i, value) in option.values.iter().enumerate() {
            let all = choose_and_report(option.key, value)
                .map_err(|e| format!("`{} = {value}` refused: {e}", option.key))?;
            let Some(got) = all.iter().find(|f| f.key == option.key) else {
                return Err(format!("`{}` is not reported in force", option.key));
            };
            if got.value != *value || got.default != (i == 0) {
                return Err(format!(
                    "`{} = {value}` is reported as `{}` (default: {})",
                    option.key, got.value, got.default
                ));
            }
            let changed: Vec<&str> = all
                .iter()
                .filter(|f| !f.default && f.key != option.key)
                .map(|f| f.key.as_str())
                .collect();
            if !changed.is_empty() {
                return Err(format!(
                    "`{} = {value}` also changes {}",
                    option.key,
                    changed.join(", ")
                ));
            }
        }
    }
    Ok(())
}
