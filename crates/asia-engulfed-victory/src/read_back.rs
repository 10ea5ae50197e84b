//! What the report's JSON writes in a form its types do not read by themselves, read back: a
//! hex label (written as its text).

use hexmap::Label;
use serde::{Deserialize, Deserializer};

/// A hex label read back from its text (`1510`, `A0101`): two numbers of half its digits each.
pub(crate) fn label<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Label, D::Error> {
    let text = String::deserialize(deserializer)?;
    let digits = text
        .trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .len();
    let width = u8::try_from(digits / 2).map_err(serde::de::Error::custom)?;
    Label::parse(&text, width).map_err(serde::de::Error::custom)
}
