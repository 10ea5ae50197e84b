//! [`Note`]: a ruling or rule applied, in words. Every rules module writes notes, so they live
//! at the bottom of the crate.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// A ruling or rule applied, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Note {
    /// A stable id (`esv-above-track`).
    pub id: Cow<'static, str>,
    /// The sentence.
    pub text: String,
}

impl Note {
    /// A note.
    pub fn new(id: &'static str, text: impl Into<String>) -> Self {
        Note {
            id: Cow::Borrowed(id),
            text: text.into(),
        }
    }
}
