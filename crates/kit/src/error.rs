//! The workspace's one error type: every problem found in an input, with its location.

use std::fmt;

use crate::diag::Diagnostic;

/// All problems found in an input, in the order found, each with its own kind `K` (every
/// crate of the workspace has its own kind enum: `hexmap::Error` is
/// `wargame_kit::Error<hexmap::ErrorKind>`, `leyte_victory::Error` is
/// `wargame_kit::Error<leyte_victory::ErrorKind>`).
///
/// `Display` writes one problem per line, `file:line:column: message (at key, label)`.
///
/// ```
/// use wargame_kit::{Diagnostic, Error, Source};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Kind { Unknown }
///
/// let text = "name = \"x\"\ncolour = \"red\"\n";
/// let source = Source::new(Some("broken.toml"), text);
/// let d = Diagnostic::new(Kind::Unknown, "unknown key `colour`").key("colour");
/// let err = Error::new(vec![source.at(d, Some(11..17))]);
/// assert_eq!(err.kind(), Some(Kind::Unknown));
/// assert_eq!(err.diagnostics()[0].key.as_deref(), Some("colour"));
/// assert_eq!(err.to_string(), "broken.toml:2:1: unknown key `colour` (at `colour`)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error<K> {
    /// The problems, in the order found.
    diagnostics: Vec<Diagnostic<K>>,
}

impl<K> Error<K> {
    /// An error holding these diagnostics (an error has at least one).
    pub fn new(diagnostics: Vec<Diagnostic<K>>) -> Self {
        Error { diagnostics }
    }

    /// The problems, in the order found.
    pub fn diagnostics(&self) -> &[Diagnostic<K>] {
        &self.diagnostics
    }

    /// The problems, owned (to merge into another error or wrap in another crate's kinds).
    pub fn into_diagnostics(self) -> Vec<Diagnostic<K>> {
        self.diagnostics
    }

    /// The same problems with every kind changed by `f` (a map's problems as an engine's).
    ///
    /// ```
    /// use wargame_kit::{Diagnostic, Error};
    /// let err = Error::new(vec![Diagnostic::new(3_u8, "three")]);
    /// let wrapped: Error<Option<u8>> = err.map_kind(Some);
    /// assert_eq!(wrapped.kind(), Some(Some(3)));
    /// ```
    pub fn map_kind<L>(self, mut f: impl FnMut(K) -> L) -> Error<L> {
        Error {
            diagnostics: self
                .diagnostics
                .into_iter()
                .map(|d| d.map_kind(&mut f))
                .collect(),
        }
    }

    /// The same problems with every kind converted by `From` (a map's problems as an
    /// engine's, where the engine's kind has a variant wrapping the map's).
    ///
    /// ```
    /// use wargame_kit::{Diagnostic, Error};
    /// let err = Error::new(vec![Diagnostic::new(3_u8, "three")]);
    /// let wider: Error<u32> = err.into_kind();
    /// assert_eq!(wider.kind(), Some(3));
    /// ```
    pub fn into_kind<L: From<K>>(self) -> Error<L> {
        self.map_kind(L::from)
    }
}

impl<K> Error<K> {
    /// The outcome of reading a document in two passes: its shape ([`read_toml`](crate::read_toml)),
    /// then what checking the rules on whatever could be read gave. Ok only when both found
    /// nothing. A rule problem's key is named as the file writes it (the shape reading may have
    /// taken list items out) and located again if it was located by its key. The problems in
    /// the document itself come in file order; those in documents it refers to follow, as found.
    pub fn after_shape<T>(
        source: crate::diag::Source<'_>,
        problems: Vec<Diagnostic<K>>,
        repairs: &crate::diag::Repairs,
        checked: Result<T, Error<K>>,
    ) -> Result<T, Error<K>> {
        let at = crate::diag::Locator::new(source);
        let mut all = match checked {
            Ok(v) if problems.is_empty() => return Ok(v),
            Ok(_) => problems,
            Err(e) => {
                let mut all = problems;
                for mut d in e.into_diagnostics() {
                    let here = d.file.as_deref() == source.name;
                    if here && !repairs.is_empty() {
                        d.message = repairs.original_keys_in(&d.message);
                    }
                    if let Some(key) = d.key.clone().filter(|_| here && !repairs.is_empty()) {
                        let original = repairs.original_key(&key);
                        if original != key {
                            // Located by its key (no span of its own): locate it again.
                            if d.span.is_none() || d.span == at.span_of(&key) {
                                d.span = None;
                                d.location = None;
                                d.key = Some(original);
                                d = at.at(d, None);
                            } else {
                                d.key = Some(original);
                            }
                        }
                    }
                    all.push(d);
                }
                all
            }
        };
        // A stable sort: equal places keep the order found.
        all.sort_by_key(|d| {
            let here = d.file.as_deref() == source.name;
            let at = d.span.as_ref().map_or(usize::MAX, |s| s.start);
            (!here, if here { at } else { 0 })
        });
        Err(Error::new(all))
    }

    /// The same problems with the values their messages quote from the document withheld
    /// (serde's `invalid type: string "hunter2"` becomes `invalid type: a string`): for a document another one refers
    /// to, which may turn out to be some other file than the one meant.
    pub fn withholding_values(self) -> Self {
        Error::new(
            self.into_diagnostics()
                .into_iter()
                .map(|mut d| {
                    d.message = crate::diag::withhold_values(&d.message);
                    d
                })
                .collect(),
        )
    }
}

impl<K: Copy> Error<K> {
    /// The first problem's kind.
    pub fn kind(&self) -> Option<K> {
        self.diagnostics.first().map(|d| d.kind)
    }
}

impl<K> fmt::Display for Error<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::diag::write_lines(f, &self.diagnostics)
    }
}

impl<K: fmt::Debug> std::error::Error for Error<K> {}
