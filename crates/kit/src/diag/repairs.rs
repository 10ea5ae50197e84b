//! The list items a shape reading took out of a document, to name later problems as the file
//! does: below both the shape reading ([`read_toml`](crate::read_toml)) that records them and
//! [`Error::after_shape`](crate::Error::after_shape) that reads them.

/// The list items [`read_toml`](crate::read_toml) took out of a document: a problem found
/// later in what was read (`units[0].rating`, when `units[0]` of the file was taken out) is
/// named as the file has it (`units[1].rating`) with [`Repairs::original_key`].
#[derive(Clone, Debug, Default)]
pub struct Repairs {
    /// Each removal in order: the list's key path at that time and the index taken out.
    removed: Vec<(String, usize)>,
}

impl Repairs {
    /// Record that [`read_toml`](crate::read_toml) took item `index` out of the list at `list`
    /// (its key path at that time).
    pub(super) fn record(&mut self, list: String, index: usize) {
        self.removed.push((list, index));
    }

    /// Whether nothing was taken out.
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty()
    }

    /// `text` with every key path in backticks (`` `units[1]` ``) named as the file writes it.
    pub fn original_keys_in(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for (i, part) in text.split('`').enumerate() {
            if i > 0 {
                out.push('`');
            }
            if i % 2 == 1 && part.contains('[') {
                out.push_str(&self.original_key(part));
            } else {
                out.push_str(part);
            }
        }
        out
    }

    /// `key`, a key path of what was read, as the file writes it.
    ///
    /// ```
    /// use wargame_kit::Source;
    /// use wargame_kit::read_toml;
    /// #[derive(serde::Deserialize)]
    /// struct File { units: Vec<Unit> }
    /// #[derive(serde::Deserialize)]
    /// struct Unit { side: String }
    /// let text = "[[units]]\nid = 1\n[[units]]\nside = \"us\"\n";
    /// let read = read_toml::<File, _>(Source::new(None, text), "shape", "");
    /// assert_eq!(read.value.unwrap().units.len(), 1);
    /// assert_eq!(read.repairs.original_key("units[0].side"), "units[1].side");
    /// ```
    pub fn original_key(&self, key: &str) -> String {
        let mut key = key.to_string();
        for (list, removed) in self.removed.iter().rev() {
            let Some(rest) = key.strip_prefix(list.as_str()) else {
                continue;
            };
            let Some((index, tail)) = rest.strip_prefix('[').and_then(|r| r.split_once(']')) else {
                continue;
            };
            if let Ok(j) = index.parse::<usize>()
                && j >= *removed
            {
                key = format!("{list}[{}]{tail}", j.saturating_add(1));
            }
        }
        key
    }
}
