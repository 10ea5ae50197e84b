//! JSON Schemas of the engines' serialized types (feature `schema`): one setting for every
//! report the workspace publishes.

/// The JSON Schema (draft 2020-12) of `T` as serde serializes it: what a tool reading the
/// JSON gets (`victory schema GAME --report`).
///
/// ```
/// #[derive(serde::Serialize, schemars::JsonSchema)]
/// struct Report { total: u32 }
/// let schema = wargame_kit::internal::schema::serialized::<Report>();
/// assert!(schema.get("properties").and_then(|p| p.get("total")).is_some());
/// ```
pub fn serialized<T: schemars::JsonSchema>() -> schemars::Schema {
    schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>()
}
