//! Reading a state file and telling which game it is for.
//!
//! The file's `game` key picks the engine. It is read with a minimal `toml` parse that ignores
//! every other key, so that a file for an unknown game, or with no `game` at all, gets one clear
//! error naming the known games instead of an engine's complaint about keys it does not know.

use std::io;
use std::path::Path;

use hexmap::resolve::Resolver;
use serde::Deserialize;
use toml::Spanned;

use crate::engines::{self, Engine, StateFile};
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
}

impl Input {
    /// The file as its engine takes it, its references read through `resolver`.
    pub fn state<'a>(&'a self, resolver: &'a dyn Resolver) -> StateFile<'a> {
        StateFile {
            name: &self.name,
            text: &self.text,
            resolver,
        }
    }
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
    let (engine, game) = detect(&name, &text).map_err(|p| vec![*p])?;
    Ok(Input {
        name,
        text,
        game,
        engine,
    })
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

/// The engine of the game named by the file's `game` key, and the key.
fn detect(name: &str, text: &str) -> Result<(&'static dyn Engine, &'static str), Box<Problem>> {
    let source = hexmap::Source::new(Some(name), text);
    let head: Head =
        toml::from_str(text).map_err(|e| Box::new(source.toml_error("toml".to_string(), &e)))?;
    let Some(game) = head.game else {
        return Err(Box::new(problem::in_file(
            "game",
            name,
            format!(
                "no `game` key: say which game this file is for, e.g. `game = \"leyte\"` (known games: {})",
                engines::known()
            ),
        )));
    };
    let found = match game.get_ref() {
        toml::Value::String(s) => engines::find(s).ok_or_else(|| format!("unknown game `{s}`")),
        other => Err(format!("`game` must be a string, not {}", other.type_str())),
    };
    found.map_err(|message| {
        Box::new(
            source.at(
                Problem::new(
                    "game".to_string(),
                    format!("{message} (known games: {})", engines::known()),
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
    fn detects_and_refuses() {
        assert_eq!(detect("a", "game = \"leyte\"\nx = 1").unwrap().1, "leyte");
        assert_eq!(detect("a", "game = \"dai-senso\"").unwrap().1, "dai-senso");
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
