//! Reading a state file and telling which game it is for.
//!
//! The file's `game` key picks the engine. When the file's first line of TOML (after comments
//! and blank lines) is `game = "<known game>"`, that is the engine, and the file is parsed once,
//! by the engine. Otherwise, and whenever the engine then finds a problem, the `game` key is
//! read with a minimal `toml` parse that ignores every other key (`detect`), so that a file for
//! an unknown game, with no `game` at all or with broken TOML gets one clear error naming the
//! known games instead of an engine's complaint about keys it does not know: every message is
//! the one that parse gives, as if it always ran first.

use std::io::{self, Read};
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;
use wargame_kit::resolve::{ResolveErrorKind, Resolver};

use crate::engine::{Cache, Engine, Engines, RunRules, StateFile};
use crate::files::{self, Kind};
use crate::problem::{self, Problem};

/// A state file read from disk: its name as given on the command line, its text and its game.
#[derive(Debug)]
pub struct Input {
    /// The path as given (used in every message, and to resolve the file's references).
    pub name: String,
    /// The text, without a leading byte order mark.
    pub text: String,
    /// The value of its `game` key.
    pub game: &'static str,
    /// The engine that reads that game.
    pub engine: &'static dyn Engine,
    /// Whether the game was read by the full parse (`detect`) rather than from the first line.
    detected: bool,
    /// The engines the game was looked for among.
    engines: Engines,
    /// For a VASSAL save: the import (its text is `text`); its references are resolved from
    /// the profile, and its problems located there.
    pub vassal: Option<Box<vassal::profile::Imported>>,
}

impl Input {
    /// The file as its engine takes it, its references read through `resolver`, its maps
    /// shared through `cache` and the run's `rules` over its own.
    pub fn state<'a>(
        &'a self,
        resolver: &'a dyn Resolver,
        cache: &'a Cache,
        rules: &'a RunRules,
    ) -> StateFile<'a> {
        let profile = self.vassal.as_ref().and_then(|v| v.profile.as_deref());
        StateFile {
            name: profile.unwrap_or(&self.name),
            text: &self.text,
            resolver,
            cache,
            rules,
        }
    }

    /// `run` on this file, its problems as the file shows them ([`Input::located`]).
    pub fn run<T>(
        &self,
        run: impl FnOnce(&Input) -> Result<T, Vec<Problem>>,
    ) -> Result<T, Vec<Problem>> {
        run(self).map_err(|problems| self.located(problems))
    }

    /// The problems an engine found in this file, where the file shows them: a VASSAL save's
    /// moved to the profile that wrote its state ([`Imported::relocate_all`]); a state file's
    /// as they are, unless its game was read from its first line and the full parse of the
    /// `game` key finds a problem first (broken TOML after that line): then that problem, as
    /// when the full parse ran first.
    ///
    /// [`Imported::relocate_all`]: vassal::profile::Imported::relocate_all
    pub fn located(&self, problems: Vec<Problem>) -> Vec<Problem> {
        match &self.vassal {
            Some(imported) => imported.relocate_all(problems),
            None => self.as_detected(problems),
        }
    }

    /// A state file's problems as the full parse of its `game` key words them.
    fn as_detected(&self, problems: Vec<Problem>) -> Vec<Problem> {
        // Only a TOML problem can be one the full parse of the `game` key words otherwise;
        // a file refused for its size or its counts is not parsed again.
        if self.detected || !problems.iter().any(|p| p.kind == "toml") {
            return problems;
        }
        match detect(&self.name, &self.text, self.engines) {
            Err(p) => vec![*p],
            Ok(_) => problems,
        }
    }
}

/// The files and options that make VASSAL saves states of a game: a module (and its board
/// sizes), a profile, and how each save is read (`step`, `reveal`, `sides`); paths as given.
/// A front end takes them as flags, a suite's VASSAL case file as its `[vassal]` table.
///
/// # Example
///
/// ```
/// let mut files = victory_engine::input::SaveFiles::default();
/// files.module = Some("Leyte.vmod".into());
/// files.step = Some(3);
/// assert!(files.profile.is_none() && !files.reveal && files.sides.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SaveFiles {
    /// The module: a `.vmod`, or its buildFile.
    pub module: Option<std::path::PathBuf>,
    /// Board image sizes for a buildFile read without its images.
    pub board_sizes: Option<std::path::PathBuf>,
    /// What the module's pieces mean for the game.
    pub profile: Option<std::path::PathBuf>,
    /// The log step replayed to (0: the position it was saved from); `None`: its end.
    pub step: Option<usize>,
    /// Read what VASSAL hides from the other players too.
    pub reveal: bool,
    /// Read as the player of these sides.
    pub sides: Vec<String>,
}

/// Only the `game` key (and whether there is a map's `layout`); every other key is left to the
/// engine.
#[derive(Deserialize)]
struct Head {
    game: Option<Spanned<toml::Value>>,
    layout: Option<serde::de::IgnoredAny>,
}

/// The name standard input goes by in messages (and, for its references, the current folder).
pub const STDIN_NAME: &str = "<stdin>";

/// The texts of the files read, by the name problems give them.
pub type Sources = std::collections::BTreeMap<String, String>;

/// Read a state file (`-`: standard input) of at most `max_bytes` and detect its game among
/// `engines`, keeping its text in `sources`. A failure is one problem naming the file.
pub fn read(
    path: &Path,
    max_bytes: u64,
    sources: &mut Sources,
    engines: Engines,
) -> Result<Input, Vec<Problem>> {
    let (name, bytes) = read_named(path, max_bytes, Kind::Input)?;
    let text = text_of(&name, bytes)?;
    sources.insert(name.clone(), text.clone());
    from_text(name, text, engines)
}

/// The name a file (`-`: standard input) goes by in messages, and its bytes, at most
/// `max_bytes` of them (the limit of `kind`, whose flag a refusal names); a failure is one
/// problem naming the file.
pub fn read_named(
    path: &Path,
    max_bytes: u64,
    kind: Kind,
) -> Result<(String, Vec<u8>), Vec<Problem>> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        STDIN_NAME.to_string()
    } else {
        path.to_string_lossy().into_owned()
    };
    let bytes = if stdin {
        read_stdin(max_bytes, kind)
    } else {
        wargame_kit::resolve::read_bytes(path, max_bytes).map_err(|e| reason(path, e, kind))
    }
    .map_err(|e| vec![problem::in_file("io", &name, e)])?;
    Ok((name, bytes))
}

/// A file's bytes as text, without a leading byte order mark; not UTF-8 is one problem (of
/// kind `encoding`) at the first bad byte.
pub fn text_of(name: &str, bytes: Vec<u8>) -> Result<String, Vec<Problem>> {
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            return Err(vec![not_utf8(
                name,
                e.as_bytes(),
                e.utf8_error().valid_up_to(),
            )]);
        }
    };
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// A state file's text, its game detected among `engines`.
pub fn from_text(name: String, text: String, engines: Engines) -> Result<Input, Vec<Problem>> {
    let (engine, game, detected) = match first_line_game(&text, engines) {
        Some((engine, game)) => (engine, game, false),
        None => {
            let (engine, game) = detect(&name, &text, engines).map_err(|p| vec![*p])?;
            (engine, game, true)
        }
    };
    Ok(Input {
        name,
        text,
        game,
        engine,
        detected,
        engines,
        vassal: None,
    })
}

impl Input {
    /// A VASSAL save (named `name`) made a state of `game` (read by `engine`) by a profile.
    pub fn from_vassal(
        name: String,
        game: &'static str,
        engine: &'static dyn Engine,
        imported: vassal::profile::Imported,
    ) -> Input {
        Input {
            name,
            text: imported.text.clone(),
            game,
            engine,
            detected: true,
            engines: Engines::new(&[]),
            vassal: Some(Box::new(imported)),
        }
    }
}

/// The engine named by the file's first line of TOML when it is `game = "<known game>"` (after
/// blank and comment lines only, so that nothing before it can be a table header or a string
/// spanning lines); `None` otherwise. A later line may still break the TOML or give `game`
/// twice: the engine's parse finds that, and [`Input::run`] reports it as [`detect`] would.
fn first_line_game(text: &str, engines: Engines) -> Option<(&'static dyn Engine, &'static str)> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    let value = line
        .strip_prefix("game")?
        .trim_start()
        .strip_prefix('=')?
        .trim();
    let rest = value.strip_prefix('"')?;
    let (game, after) = rest.split_once('"')?;
    let after = after.trim_start();
    let simple = game
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !simple || !(after.is_empty() || after.starts_with('#')) {
        return None;
    }
    engines.find(game)
}

/// Why a file named on the command line (a state file, or a save: `what`) cannot be read, in
/// words: the library's reason without repeating the path the message already starts with.
fn reason(path: &Path, error: ResolveErrorKind, what: Kind) -> String {
    let noun = if what == Kind::Save {
        "a VASSAL save"
    } else {
        "a state file"
    };
    match error {
        ResolveErrorKind::NotFound { .. } => "no such file".to_string(),
        ResolveErrorKind::NotAFile { .. } => format!("is a directory, not {noun}"),
        ResolveErrorKind::NotRegular { what, .. } => {
            format!("is {what}, not {noun} (only regular files and `-` are read)")
        }
        ResolveErrorKind::TooLarge { limit, .. } => files::too_large(limit, what),
        ResolveErrorKind::Io { reason, .. } => reason,
        other => files::without_path(path, &other),
    }
}

/// Standard input, at most `max_bytes` of it (the limit of `kind`).
fn read_stdin(max_bytes: u64, kind: Kind) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > max_bytes {
        return Err(files::too_large(max_bytes, kind));
    }
    Ok(bytes)
}

/// A file that is not UTF-8 (a binary file, or text in another encoding), located at the first
/// bad byte.
fn not_utf8(name: &str, bytes: &[u8], valid_up_to: usize) -> Problem {
    let good = String::from_utf8_lossy(&bytes[..valid_up_to.min(bytes.len())]);
    let location = wargame_kit::Source::new(None, &good).locate(good.len());
    let mut p = problem::in_file(
        "encoding",
        name,
        "not a TOML state file: the file is not UTF-8 text",
    );
    p.location = Some(location);
    p
}

/// The engine of the game named by the file's `game` key, and the key.
fn detect(
    name: &str,
    text: &str,
    engines: Engines,
) -> Result<(&'static dyn Engine, &'static str), Box<Problem>> {
    // The first game known, as the example of a `game` key.
    let example = engines.games().next().map_or("", |g| g.key);
    if text.trim().is_empty() {
        let what = if name == STDIN_NAME {
            "the input is empty: nothing came on standard input (pipe a state file in, or name the file instead of `-`)".to_string()
        } else {
            format!(
                "the file is empty: a state file says which game it is for, e.g. `game = \"{example}\"`, and what is on the map"
            )
        };
        return Err(Box::new(problem::in_file("empty", name, what)));
    }
    let source = wargame_kit::Source::new(Some(name), text);
    let head: Head =
        toml::from_str(text).map_err(|e| Box::new(source.toml_error("toml".to_string(), &e)))?;
    let Some(game) = head.game else {
        if head.layout.is_some() {
            return Err(Box::new(problem::in_file(
                "game",
                name,
                "this is a map file (it has a `[layout]`), not a state: pass a state file that names it, e.g. `map = \"maps/this-map.toml\"` (see docs/fixture-format.md)",
            )));
        }
        return Err(Box::new(problem::in_file(
            "game",
            name,
            format!(
                "no `game` key: say which game this file is for, e.g. `game = \"{example}\"` (known games: {})",
                engines.known()
            ),
        )));
    };
    let found = match game.get_ref() {
        toml::Value::String(s) => engines.find(s).ok_or_else(|| format!("unknown game `{s}`")),
        other => Err(format!("`game` must be a string, not {}", other.type_str())),
    };
    found.map_err(|message| {
        Box::new(
            source.at(
                Problem::new(
                    "game".to_string(),
                    format!("{message} (known games: {})", engines.known()),
                )
                .key("game"),
                Some(game.span()),
            ),
        )
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::internal::testing::DEMO;

    #[test]
    fn detects_and_refuses() {
        assert_eq!(
            detect("a", "game = \"demo\"\nx = 1", DEMO).unwrap().1,
            "demo"
        );
        assert_eq!(
            detect("a", "game = \"other-demo\"", DEMO).unwrap().1,
            "other-demo"
        );
        let e = detect("a", "\n game = \"chess\"", DEMO).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a:2:9: unknown game `chess` (known games: demo, other-demo) (at `game`)"
        );
        let e = detect("a", "", DEMO).unwrap_err();
        assert!(e.message.starts_with("the file is empty"));
        // The example of a `game` key is the first game known.
        assert!(
            e.message.contains("e.g. `game = \"demo\"`"),
            "{}",
            e.message
        );
        let e = detect(STDIN_NAME, " \n", DEMO).unwrap_err();
        assert!(e.message.starts_with("the input is empty"));
        let e = detect("a", "# a comment\nx = 1", DEMO).unwrap_err();
        assert!(e.message.starts_with("no `game` key"));
        let e = detect("a", "[layout]\nrows = [1, 2]", DEMO).unwrap_err();
        assert!(e.message.starts_with("this is a map file"));
        let e = detect("a", "game = 3", DEMO).unwrap_err();
        assert!(
            e.message
                .starts_with("`game` must be a string, not integer")
        );
        assert_eq!(detect("a", "game = [", DEMO).unwrap_err().kind, "toml");
    }

    #[test]
    fn reads_the_game_from_a_plain_first_line_only() {
        let game = |text: &str| first_line_game(text, DEMO).map(|(_, g)| g);
        assert_eq!(
            game("# a note\n\n  game = \"demo\"  # the engine\nx = 1"),
            Some("demo")
        );
        assert_eq!(game("game=\"other-demo\""), Some("other-demo"));
        // Left to the full parse: another key first, an unknown game, quoting or escapes, a
        // string that goes on, a table first, no value.
        for text in [
            "note = \"x\"\ngame = \"demo\"",
            "game = \"chess\"",
            "\"game\" = \"demo\"",
            "game = \"dem\\u006f\"",
            "game = 'demo'",
            "game = \"demo\" \"x\"",
            "game = \"\"\"demo\"\"\"",
            "[scenario]\ngame = \"demo\"",
            "game.x = \"demo\"",
            "gamey = \"demo\"",
            "",
        ] {
            assert_eq!(game(text), None, "{text}");
        }
        // What the full parse says of every file whose first line names the game: that game.
        for text in ["game = \"demo\"", "# c\ngame = \"other-demo\" # c\n[x]\n"] {
            assert_eq!(
                game(text),
                Some(detect("a", text, DEMO).unwrap().1),
                "{text}"
            );
        }
    }

    #[test]
    fn locates_the_first_bad_byte() {
        let p = not_utf8("b", b"ab\ncd\xff", 5);
        assert_eq!(
            p.to_string(),
            "b:2:3: not a TOML state file: the file is not UTF-8 text"
        );
    }
}
