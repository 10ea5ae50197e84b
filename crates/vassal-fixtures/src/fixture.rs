//! Reading the TOML fixtures the saves mirror (`fixtures/GAME/NAME.toml`).

use std::path::Path;

/// The fixture `name` of the game folder `game` under `root`'s `fixtures/`.
pub(crate) fn fixture(root: &Path, game: &str, name: &str) -> Result<toml::Table, String> {
    let path = root
        .join("fixtures")
        .join(game)
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.parse::<toml::Table>()
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The string at `key` (empty when absent or not a string).
pub(crate) fn strings(t: &toml::Table, key: &str) -> String {
    t.get(key)
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_string()
}

/// The tables of the array at `key` (none when absent).
pub(crate) fn tables<'t>(t: &'t toml::Table, key: &str) -> Vec<&'t toml::Table> {
    t.get(key)
        .and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_table()).collect())
        .unwrap_or_default()
}
