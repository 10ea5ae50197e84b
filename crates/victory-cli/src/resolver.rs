//! How the command line resolves a state file's references (its map, its VP track).
//!
//! References are relative to the referring file and named in messages as a path relative to
//! the current directory (`fixtures/maps/loc-corridor.toml`). Reading is
//! [`FsResolver::unconfined`], or with `--confine DIR` [`FsResolver::within`]`(DIR)`, which
//! refuses anything whose real path is outside DIR; this wrapper only words that refusal in terms
//! of the option the user gave.

use std::path::Path;

use hexmap::resolve::{Document, FsResolver, ResolveError, Resolver};

/// The resolver of the command line.
#[derive(Debug)]
pub struct CliResolver {
    inner: FsResolver,
    /// The `--confine` folder as the user wrote it, for messages.
    confine: Option<String>,
}

impl CliResolver {
    /// Read any file.
    pub fn unconfined() -> Self {
        CliResolver {
            inner: FsResolver::unconfined(),
            confine: None,
        }
    }

    /// Read only files inside `root`, which must be an existing folder.
    pub fn confined(root: &Path) -> anyhow::Result<Self> {
        let shown = root.to_string_lossy().into_owned();
        if !root.is_dir() {
            anyhow::bail!("--confine {shown}: no such folder");
        }
        Ok(CliResolver {
            inner: FsResolver::unconfined().within(root),
            confine: Some(shown),
        })
    }
}

impl Resolver for CliResolver {
    fn resolve(&self, reference: &str, from: Option<&str>) -> Result<Document, ResolveError> {
        self.inner.resolve(reference, from).map_err(|mut e| {
            if let Some(root) = &self.confine {
                e.reason = e.reason.replace(
                    "is outside the allowed folder",
                    &format!("is outside the folder given to --confine ({root})"),
                );
            }
            e
        })
    }
}
