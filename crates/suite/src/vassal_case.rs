//! A VASSAL case file's `[vassal]` table (docs/suites.md): the save, the module and the
//! profile it names (paths relative to the case file) and how the save is read, as the reading
//! commands take them (`step`, `reveal`, `side`, `board_sizes`). The tool opens the files
//! ([`VassalCases`](crate::VassalCases)).

use std::path::{Path, PathBuf};

use crate::problem::{self, Problem};
use wargame_kit::terminal::one_line;

/// A VASSAL case file's `[vassal]` table, its paths made relative to the case file's folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct VassalCase {
    /// `save`: the saved game or log.
    pub save: Option<PathBuf>,
    /// `module`: a `.vmod`, or its buildFile.
    pub module: Option<PathBuf>,
    /// `profile`: what the module's pieces mean for the game.
    pub profile: Option<PathBuf>,
    /// `board_sizes`: board image sizes for a buildFile read without its images.
    pub board_sizes: Option<PathBuf>,
    /// `step`: the log step replayed to (0: the position it was saved from).
    pub step: Option<usize>,
    /// `reveal`: read what VASSAL hides from the other players too.
    pub reveal: bool,
    /// `side`: read as the player of these sides.
    pub sides: Vec<String>,
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

    /// The paths the table names, each with its key.
    pub fn paths(&self) -> [(&'static str, Option<&Path>); 4] {
        [
            ("save", self.save.as_deref()),
            ("module", self.module.as_deref()),
            ("profile", self.profile.as_deref()),
            ("board_sizes", self.board_sizes.as_deref()),
        ]
    }

    /// The `[vassal]` table of the case file `name` (whose text is `text`), its paths made
    /// relative to the file's folder; what is wrong with it as one problem naming the file.
    ///
    /// ```
    /// use victory_suite::VassalCase;
    /// let case = VassalCase::read("cases/a.toml", "[vassal]\nsave = \"a.vsav\"\nstep = 3\n").unwrap();
    /// assert_eq!(case.save.as_deref(), Some(std::path::Path::new("cases/a.vsav")));
    /// assert_eq!(case.step, Some(3));
    /// let e = VassalCase::read("b.toml", "[vassal]\nstep = -1\n").unwrap_err();
    /// assert_eq!(e[0].message, "[vassal] `step` is a whole number 0 or more");
    /// ```
    pub fn read(name: &str, text: &str) -> Result<VassalCase, Vec<Problem>> {
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            vec![problem::in_file("toml", name, e.message().to_string())]
        })?;
        let Some(v) = table.get("vassal").and_then(toml::Value::as_table) else {
            return Err(vec![problem::in_file("vassal", name, "no [vassal] table")]);
        };
        let dir = Path::new(name).parent().unwrap_or(Path::new(""));
        VassalCase::from_table(v, dir).map_err(|m| vec![problem::in_file("vassal", name, m)])
    }

    /// From a case file's `[vassal]` table; paths relative to `dir`.
    pub fn from_table(t: &toml::Table, dir: &Path) -> Result<VassalCase, String> {
        if let Some(k) = t.keys().find(|k| !Self::KEYS.contains(&k.as_str())) {
            let known = Self::KEYS.map(|k| format!("`{k}`")).join(", ");
            return Err(format!(
                "[vassal] has no key `{}` (its keys: {known})",
                one_line(k)
            ));
        }
        let path = |key: &str| -> Result<Option<PathBuf>, String> {
            match t.get(key) {
                None => Ok(None),
                Some(toml::Value::String(s)) => Ok(Some(dir.join(s))),
                Some(_) => Err(format!("[vassal] `{key}` is a path, written as a string")),
            }
        };
        let step = match t.get("step") {
            None => None,
            Some(v) => Some(
                v.as_integer()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or("[vassal] `step` is a whole number 0 or more")?,
            ),
        };
        let reveal = match t.get("reveal") {
            None => false,
            Some(v) => v.as_bool().ok_or("[vassal] `reveal` is true or false")?,
        };
        let sides = match t.get("side") {
            None => Vec::new(),
            Some(toml::Value::String(s)) => vec![s.clone()],
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| v.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or("[vassal] `side` is a side's name, or a list of them")?,
            Some(_) => return Err("[vassal] `side` is a side's name, or a list of them".into()),
        };
        Ok(VassalCase {
            module: path("module")?,
            profile: path("profile")?,
            board_sizes: path("board_sizes")?,
            step,
            reveal,
            sides,
            save: path("save")?,
        })
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
        assert!(case.reveal && case.step.is_none());
        assert_eq!(case.sides, ["Allies", "Axis"]);
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
}
