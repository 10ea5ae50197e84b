//! Reading a state file and telling which game it is for.
//!
//! The file's `game` key picks the engine. It is read with a minimal `toml` parse that ignores
//! every other key, so that a file for an unknown game, or with no `game` at all, gets one clear
//! error naming the known games instead of an engine's complaint about keys it does not know.

use std::io;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::problem::{self, Problem};

/// The games the command line knows, by the value of their `game` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    /// SPI's Leyte (1975).
    Leyte,
    /// Axis Empires: Dai Senso! played alone.
    DaiSenso,
    /// Dai Senso! as part of the Axis Empires combined game.
    AxisEmpires,
}

impl Game {
    /// Every known game, in the order they are listed to people.
    pub const ALL: [Game; 3] = [Game::Leyte, Game::DaiSenso, Game::AxisEmpires];

    /// The value of the `game` key.
    pub fn key(self) -> &'static str {
        match self {
            Game::Leyte => "leyte",
            Game::DaiSenso => "dai-senso",
            Game::AxisEmpires => "axis-empires",
        }
    }

    fn from_key(key: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.key() == key)
    }

    /// `leyte`, `dai-senso`, `axis-empires`.
    pub fn known() -> String {
        Game::ALL
            .iter()
            .map(|g| g.key())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A state file read from disk: its name as given on the command line, its text and its game.
#[derive(Debug)]
pub struct Input {
    /// The path as given (used in every message, and to resolve the file's references).
    pub name: String,
    /// The text, without a leading byte order mark.
    pub text: String,
    /// The game named by its `game` key.
    pub game: Game,
}

/// Only the `game` key; every other key is left to the engine.
#[derive(Deserialize)]
struct Head {
    game: Option<Spanned<toml::Value>>,
}

/// Read a state file and detect its game. A failure is one problem naming the file.
pub fn read(path: &Path) -> Result<Input, Vec<Problem>> {
    let name = path.to_string_lossy().into_owned();
    let bytes =
        read_bytes(path).map_err(|e| vec![problem::in_file("io", &name, format!("{e:#}"))])?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            return Err(vec![not_utf8(
                &name,
                e.as_bytes(),
                e.utf8_error().valid_up_to(),
            )]);
        }
    };
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    let game = detect(&name, &text).map_err(|p| vec![*p])?;
    Ok(Input { name, text, game })
}

/// The file's bytes; a directory or an unreadable file is an error in words, without the
/// platform's error code.
fn read_bytes(path: &Path) -> anyhow::Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(io_reason)?;
    if meta.is_dir() {
        anyhow::bail!("is a directory, not a state file");
    }
    std::fs::read(path).map_err(io_reason)
}

fn io_reason(e: io::Error) -> anyhow::Error {
    match e.kind() {
        io::ErrorKind::NotFound => anyhow::anyhow!("no such file"),
        io::ErrorKind::PermissionDenied => anyhow::anyhow!("permission denied"),
        io::ErrorKind::IsADirectory => anyhow::anyhow!("is a directory, not a state file"),
        _ => anyhow::Error::new(e).context("cannot read the file"),
    }
}

/// A file that is not UTF-8 (a binary file, or text in another encoding), located at the first
/// bad byte.
fn not_utf8(name: &str, bytes: &[u8], valid_up_to: usize) -> Problem {
    let good = String::from_utf8_lossy(&bytes[..valid_up_to.min(bytes.len())]);
    let location = hexmap::Source::new(None, &good).locate(good.len());
    let mut p = problem::in_file(
        "encoding",
        name,
        "not a TOML state file: the file is not UTF-8 text",
    );
    p.location = Some(location);
    p
}

/// The game named by the file's `game` key.
fn detect(name: &str, text: &str) -> Result<Game, Box<Problem>> {
    let source = hexmap::Source::new(Some(name), text);
    let head: Head =
        toml::from_str(text).map_err(|e| Box::new(source.toml_error("toml".to_string(), &e)))?;
    let Some(game) = head.game else {
        return Err(Box::new(problem::in_file(
            "game",
            name,
            format!(
                "no `game` key: say which game this file is for, e.g. `game = \"leyte\"` (known games: {})",
                Game::known()
            ),
        )));
    };
    let found = match game.get_ref() {
        toml::Value::String(s) => Game::from_key(s).ok_or_else(|| format!("unknown game `{s}`")),
        other => Err(format!("`game` must be a string, not {}", other.type_str())),
    };
    found.map_err(|message| {
        Box::new(
            source.at(
                Problem::new(
                    "game".to_string(),
                    format!("{message} (known games: {})", Game::known()),
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

    #[test]
    fn known_games_are_the_engines_games() {
        let mut engines = vec![leyte_victory::GAME];
        engines.extend(asia_engulfed_victory::GAMES);
        let keys: Vec<&str> = Game::ALL.iter().map(|g| g.key()).collect();
        assert_eq!(keys, engines);
        for g in Game::ALL {
            use clap::ValueEnum;
            assert_eq!(g.to_possible_value().unwrap().get_name(), g.key());
        }
    }

    #[test]
    fn detects_and_refuses() {
        assert_eq!(detect("a", "game = \"leyte\"\nx = 1"), Ok(Game::Leyte));
        assert_eq!(detect("a", "game = \"dai-senso\""), Ok(Game::DaiSenso));
        let e = detect("a", "\n game = \"chess\"").unwrap_err();
        assert_eq!(
            e.to_string(),
            "a:2:9: unknown game `chess` (known games: leyte, dai-senso, axis-empires) (at `game`)"
        );
        let e = detect("a", "").unwrap_err();
        assert!(e.message.starts_with("no `game` key"));
        let e = detect("a", "game = 3").unwrap_err();
        assert!(
            e.message
                .starts_with("`game` must be a string, not integer")
        );
        assert_eq!(detect("a", "game = [").unwrap_err().kind, "toml");
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
