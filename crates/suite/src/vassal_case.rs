//! A VASSAL case file's `[vassal]` table (docs/suites.md): the save, the module and the
//! profile it names (paths relative to the case file) and how the save is read, as the reading
//! commands take them (`step`, `reveal`, `side`, `board_sizes`); and its own `[rules]`, over
//! the profile's `[state.rules]`. The tool opens the files
//! ([`VassalCases`](crate::VassalCases)).

use std::path::{Path, PathBuf};

use victory_engine::input::SaveFiles;
use victory_engine::problem::{self, Problem};
use wargame_kit::terminal::one_line;

/// A VASSAL case file's `[vassal]` table, its paths made relative to the case file's folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct VassalCase {
    /// `save`: the saved game or log.
    pub save: Option<PathBuf>,
    /// How the save is read, as the reading commands take it: `module`, `profile`,
    /// `board_sizes`, `step`, `reveal` and `side` (its `sides`).
    pub files: SaveFiles,
    /// The case file's own `[rules]` (not a key of `[vassal]`): each rules option and its
    /// value (a string, or `true` / `false` as text), in key order. They apply over the
    /// profile's `[state.rules]` and under `--rule`, as a state file's `[rules]` does.
    pub rules: Vec<(String, String)>,
}

impl VassalCase {
    /// The keys of a `[vassal]` table.
    pub const KEYS: [&'static str; 7] = [
        "save",
        "module",
        "profile",
        "board_sizes",
        "step",
        "reveal",
        "side",
    ];

    /// The tables a VASSAL case file may have.
    pub const TABLES: [&'static str; 3] = ["vassal", "rules", "expect"];

    /// The paths the table names, each with its key.
    pub fn paths(&self) -> [(&'static str, Option<&Path>); 4] {
        [
            ("save", self.save.as_deref()),
            ("module", self.files.module.as_deref()),
            ("profile", self.files.profile.as_deref()),
            ("board_sizes", self.files.board_sizes.as_deref()),
        ]
    }

    /// The `[vassal]` table of the case file `name` (whose text is `text`), its paths made
    /// relative to the file's folder, and its `[rules]`; every mistake in them (a table the
    /// file may not have, each key `[vassal]` does not have, a value of the wrong kind) a
    /// problem naming the file.
    ///
    /// ```
    /// use victory_suite::VassalCase;
    /// let text = "[vassal]\nsave = \"a.vsav\"\nstep = 3\n[rules]\nratio = \"round\"\n";
    /// let case = VassalCase::read("cases/a.toml", text).unwrap();
    /// assert_eq!(case.save.as_deref(), Some(std::path::Path::new("cases/a.vsav")));
    /// assert_eq!(case.files.step, Some(3));
    /// assert_eq!(case.rules, [("ratio".to_string(), "round".to_string())]);
    /// let e = VassalCase::read("b.toml", "[vassal]\nstep = -1\nsav = 1\n").unwrap_err();
    /// assert_eq!(e[0].message, "[vassal] has no key `sav` (its keys: `save`, `module`, `profile`, `board_sizes`, `step`, `reveal`, `side`)");
    /// assert_eq!(e[1].message, "[vassal] `step` is a whole number 0 or more");
    /// ```
    pub fn read(name: &str, text: &str) -> Result<VassalCase, Vec<Problem>> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            vec![problem::in_file("toml", name, e.message().to_string())]
        })?;
        let source = wargame_kit::Source::new(Some(name), text);
        let mut problems: Vec<Problem> = table
            .keys()
            .filter(|k| !Self::TABLES.contains(&k.as_str()))
            .map(|k| {
                let tables = Self::TABLES.map(|t| format!("[{t}]")).join(", ");
                let p = Problem::new(
                    "vassal".to_string(),
                    format!(
                        "a VASSAL case file has no table or key `{}` (its tables: {tables})",
                        one_line(k)
                    ),
                )
                .key(k.clone());
                source.at(p, None)
            })
            .collect();
        let rules = match table.get("rules") {
            None => Vec::new(),
            Some(toml::Value::Table(t)) => match rules_of(t) {
                Ok(rules) => rules,
                Err(messages) => {
                    problems.extend(
                        messages
                            .into_iter()
                            .map(|m| problem::in_file("vassal", name, m)),
                    );
                    Vec::new()
                }
            },
            Some(_) => {
                problems.push(problem::in_file(
                    "vassal",
                    name,
                    "[rules] is a table of rules options",
                ));
                Vec::new()
            }
        };
        let Some(v) = table.get("vassal").and_then(toml::Value::as_table) else {
            problems.insert(0, problem::in_file("vassal", name, "no [vassal] table"));
            return Err(problems);
        };
        let dir = Path::new(name).parent().unwrap_or(Path::new(""));
        match VassalCase::from_table(v, dir) {
            Ok(case) if problems.is_empty() => Ok(VassalCase { rules, ..case }),
            Ok(_) => Err(problems),
            Err(messages) => {
                problems.extend(
                    messages
                        .into_iter()
                        .map(|m| problem::in_file("vassal", name, m)),
                );
                Err(problems)
            }
        }
    }

    /// From a case file's `[vassal]` table; paths relative to `dir`. Every mistake is one
    /// message: each key it does not have, each value of the wrong kind.
    pub fn from_table(t: &toml::Table, dir: &Path) -> Result<VassalCase, Vec<String>> {
        let mut wrong: Vec<String> = t
            .keys()
            .filter(|k| !Self::KEYS.contains(&k.as_str()))
            .map(|k| {
                let known = Self::KEYS.map(|k| format!("`{k}`")).join(", ");
                format!("[vassal] has no key `{}` (its keys: {known})", one_line(k))
            })
            .collect();
        let mut path = |key: &str| -> Option<PathBuf> {
            match t.get(key) {
                None => None,
                Some(toml::Value::String(s)) => Some(dir.join(s)),
                Some(_) => {
                    wrong.push(format!("[vassal] `{key}` is a path, written as a string"));
                    None
                }
            }
        };
        let (save, module, profile, board_sizes) = (
            path("save"),
            path("module"),
            path("profile"),
            path("board_sizes"),
        );
        let step = t.get("step").and_then(|v| {
            let step = v.as_integer().and_then(|n| usize::try_from(n).ok());
            if step.is_none() {
                wrong.push("[vassal] `step` is a whole number 0 or more".into());
            }
            step
        });
        let reveal = match t.get("reveal").map(toml::Value::as_bool) {
            None => false,
            Some(Some(b)) => b,
            Some(None) => {
                wrong.push("[vassal] `reveal` is true or false".into());
                false
            }
        };
        let sides = match t.get("side") {
            None => Vec::new(),
            Some(toml::Value::String(s)) => vec![s.clone()],
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_else(|| {
                    wrong.push(SIDE.into());
                    Vec::new()
                }),
            Some(_) => {
                wrong.push(SIDE.into());
                Vec::new()
            }
        };
        if !wrong.is_empty() {
            return Err(wrong);
        }
        let mut files = SaveFiles::default();
        (files.module, files.profile, files.board_sizes) = (module, profile, board_sizes);
        (files.step, files.reveal, files.sides) = (step, reveal, sides);
        Ok(VassalCase {
            save,
            files,
            rules: Vec::new(),
        })
    }
}

/// What a `[vassal]` `side` of the wrong kind is told.
const SIDE: &str = "[vassal] `side` is a side's name, or a list of them";

/// A case file's `[rules]`: each option and its value (a string, or `true` / `false`, as a
/// state file's `[rules]` takes them); each other value a message.
fn rules_of(t: &toml::Table) -> Result<Vec<(String, String)>, Vec<String>> {
    let mut rules = Vec::new();
    let mut wrong = Vec::new();
    for (key, value) in t {
        match value {
            toml::Value::String(s) => rules.push((key.clone(), s.clone())),
            toml::Value::Boolean(b) => rules.push((key.clone(), b.to_string())),
            _ => wrong.push(format!(
                "[rules] `{}` is a rules option's value (a string, or true or false)",
                one_line(key)
            )),
        }
    }
    if wrong.is_empty() {
        Ok(rules)
    } else {
        Err(wrong)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_key_and_refuses_each_mistake_in_words() {
        let text = "[vassal]\nsave = \"g.vsav\"\nmodule = \"m.vmod\"\nprofile = \"p.toml\"\nboard_sizes = \"s.json\"\nreveal = true\nside = [\"Allies\", \"Axis\"]\n";
        let case = VassalCase::read("dir/case.toml", text).unwrap();
        let paths: Vec<String> = case
            .paths()
            .iter()
            .map(|(k, p)| format!("{k}={}", p.unwrap().display()))
            .collect();
        assert_eq!(
            paths,
            [
                "save=dir/g.vsav",
                "module=dir/m.vmod",
                "profile=dir/p.toml",
                "board_sizes=dir/s.json"
            ]
        );
        assert!(case.files.reveal && case.files.step.is_none());
        assert_eq!(case.files.sides, ["Allies", "Axis"]);
        let refused = |text: &str| {
            VassalCase::read("c.toml", text).unwrap_err()[0]
                .message
                .clone()
        };
        assert_eq!(refused("x = 1"), "no [vassal] table");
        assert!(
            refused("[vassal]\nsav = \"g\"")
                .starts_with("[vassal] has no key `sav` (its keys: `save`, ")
        );
        assert_eq!(
            refused("[vassal]\nsave = 1"),
            "[vassal] `save` is a path, written as a string"
        );
        assert_eq!(
            refused("[vassal]\nreveal = 1"),
            "[vassal] `reveal` is true or false"
        );
        assert_eq!(
            refused("[vassal]\nside = 1"),
            "[vassal] `side` is a side's name, or a list of them"
        );
        assert_eq!(
            VassalCase::read("c.toml", "[vassal").unwrap_err()[0].kind,
            "toml"
        );
    }

    #[test]
    fn every_unknown_key_and_table_is_told_and_rules_are_read() {
        let text =
            "[vassal]\nsav = \"g\"\nmodul = \"m\"\nstep = \"x\"\n[rule]\nratio = \"round\"\n";
        let e = VassalCase::read("c.toml", text).unwrap_err();
        let messages: Vec<&str> = e.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert_eq!(
            messages[0],
            "a VASSAL case file has no table or key `rule` (its tables: [vassal], [rules], [expect])"
        );
        assert_eq!(e[0].location.map(|l| l.line), Some(5));
        assert!(messages[1].starts_with("[vassal] has no key `modul` "));
        assert!(messages[2].starts_with("[vassal] has no key `sav` "));
        assert_eq!(messages[3], "[vassal] `step` is a whole number 0 or more");
        let case = VassalCase::read(
            "c.toml",
            "[vassal]\nsave = \"g\"\n[rules]\nzero_zero = \"japanese-decisive\"\nflag = true\n",
        )
        .unwrap();
        assert_eq!(
            case.rules,
            [
                ("flag".to_string(), "true".to_string()),
                ("zero_zero".to_string(), "japanese-decisive".to_string())
            ]
        );
        let e = VassalCase::read("c.toml", "[vassal]\n[rules]\nratio = 1\n").unwrap_err();
        assert_eq!(
            e[0].message,
            "[rules] `ratio` is a rules option's value (a string, or true or false)"
        );
        let e = VassalCase::read("c.toml", "rules = 1\n[vassal]\n").unwrap_err();
        assert_eq!(e[0].message, "[rules] is a table of rules options");
    }
}
