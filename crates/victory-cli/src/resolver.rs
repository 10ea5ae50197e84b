//! How the command line resolves a state file's references (its map, its VP track).
//!
//! References are relative to the referring file and named in messages as a path relative to
//! the current directory (`fixtures/maps/loc-corridor.toml`). Reading is
//! [`FsResolver::unconfined`], or with `--confine DIR` [`FsResolver::within`]`(DIR)`, which
//! refuses anything whose real path is outside DIR; this wrapper words that refusal, from its
//! [`ResolveErrorKind`], in terms of the option the user gave.

use std::path::Path;

use wargame_kit::resolve::{Document, FsResolver, ResolveError, ResolveErrorKind, Resolver};

/// The resolver of the command line.
#[derive(Debug)]
pub struct CliResolver {
    inner: FsResolver,
}

impl CliResolver {
    /// Read any regular file of at most `max_bytes`.
    pub fn unconfined(max_bytes: u64) -> Self {
        CliResolver {
            inner: FsResolver::unconfined().with_max_bytes(max_bytes),
        }
    }

    /// Read only regular files of at most `max_bytes` inside `root`, which must be an existing
    /// folder.
    pub fn confined(root: &Path, max_bytes: u64) -> anyhow::Result<Self> {
        if root.is_file() {
            anyhow::bail!(
                "--confine {}: this is a file; give the folder the files may be read from (for example its folder, {})",
                root.to_string_lossy(),
                root.parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .map_or_else(|| ".".to_string(), |p| p.to_string_lossy().into_owned())
            );
        }
        if !root.is_dir() {
            anyhow::bail!("--confine {}: no such folder", root.to_string_lossy());
        }
        Ok(CliResolver {
            inner: FsResolver::unconfined()
                .within(root)
                .with_max_bytes(max_bytes),
        })
    }
}

impl CliResolver {
    /// The most bytes read from one file.
    pub fn max_bytes(&self) -> u64 {
        self.inner.max_bytes()
    }
}

impl Resolver for CliResolver {
    fn resolve(&self, reference: &str, from: Option<&str>) -> Result<Document, ResolveError> {
        self.inner
            .resolve(reference, from)
            .map_err(|e| match &e.kind {
                // Only `--confine` confines this resolver, and the root is the folder as given.
                ResolveErrorKind::OutsideConfinement { path, root } => ResolveError::new(
                    e.reference,
                    format!(
                        "{} is outside the folder given to --confine ({})",
                        path.display(),
                        root.display()
                    ),
                ),
                ResolveErrorKind::TooLarge { path, limit } => ResolveError::new(
                    e.reference,
                    format!(
                        "{}: larger than {limit} bytes, the most read from one file (raise it with --max-input-bytes)",
                        path.display()
                    ),
                ),
                _ => e,
            })
    }
}
