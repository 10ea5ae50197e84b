//! Where an imported state's values came from: the pieces, as an import names them. Below both
//! [`Profile::import`](super::Profile::import), which returns them, and the document builder,
//! which makes them.

/// A piece, as an import names it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct PieceRef {
    /// Its id in the save.
    pub id: String,
    /// Its name as VASSAL shows it.
    pub name: String,
    /// Its map.
    pub map: Option<String>,
    /// Its location as VASSAL shows it.
    pub location: String,
}

impl std::fmt::Display for PieceRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = wargame_kit::terminal::one_line(&self.name);
        let location = wargame_kit::terminal::one_line(&self.location);
        let id = wargame_kit::terminal::one_line(&self.id);
        write!(f, "piece \"{name}\" [id {id}] at {location}")?;
        if let Some(map) = &self.map {
            write!(f, " on {}", wargame_kit::terminal::one_line(map))?;
        }
        Ok(())
    }
}

/// Where one value (or one array entry) of an imported state came from.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Origin {
    /// The state's key path (`units[3]`, `vp_marker.allied_crusade`).
    pub key: String,
    /// The entry's `id` (or `name`, or `label`) when the key is an array entry.
    pub entry: Option<String>,
    /// The profile's key path that read it (`pieces[0]`, `markers[2]`).
    pub profile_key: String,
    /// The piece, or `None` for a count.
    pub piece: Option<PieceRef>,
}
