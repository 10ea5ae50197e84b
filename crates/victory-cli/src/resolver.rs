//! How the command line resolves a state file's references (its map, its VP track).
//!
//! References are relative to the referring file and named in messages as a path relative to
//! the current directory (`fixtures/maps/loc-corridor.toml`). Reading is
//! [`FsResolver::unconfined`], or with `--confine DIR` [`FsResolver::within`]`(DIR)`, which
//! refuses anything whose real path is outside DIR; this wrapper words that refusal, from its
//! [`ResolveErrorKind`], in terms of the option the user gave.

use std::path::{Path, PathBuf};

use wargame_kit::resolve::{Document, FsResolver, ResolveError, ResolveErrorKind, Resolver};

/// The resolver of the command line.
#[derive(Debug)]
pub struct CliResolver {
    inner: FsResolver,
    /// The folder given to `--confine`, as given.
    root: Option<PathBuf>,
}

impl CliResolver {
    /// Read any regular file of at most `max_bytes`.
    pub fn unconfined(max_bytes: u64) -> Self {
        CliResolver {
            inner: FsResolver::unconfined().with_max_bytes(max_bytes),
            root: None,
        }
    }

    /// Read only regular files of at most `max_bytes` inside `root`, which must be an existing
    /// folder.
    pub fn confined(root: &Path, max_bytes: u64) -> anyhow::Result<Self> {
        if root.is_file() {
            anyhow::bail!(
                "--confine {}: this is a file; give the folder the files may be read from (for example its folder, {})",
                crate::files::shown(root),
                root.parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .map_or_else(|| ".".to_string(), crate::files::shown)
            );
        }
        if !root.is_dir() {
            anyhow::bail!("--confine {}: no such folder", crate::files::shown(root));
        }
        Ok(CliResolver {
            inner: FsResolver::unconfined()
                .within(root)
                .with_max_bytes(max_bytes),
            root: Some(root.to_path_buf()),
        })
    }
}

impl CliResolver {
    /// The most bytes read from one file.
    pub fn max_bytes(&self) -> u64 {
        self.inner.max_bytes()
    }

    /// Whether the file at `path`, named inside a file (a case file's `[vassal]` paths), may be
    /// read: always without `--confine`; under it, only when its real path (`..`, symbolic
    /// links and all resolved) is inside the real path of the folder given, as
    /// [`FsResolver::within`] judges references. Why not, in words; the file is not opened.
    pub fn may_read(&self, path: &Path) -> Result<(), String> {
        let Some(root) = &self.root else {
            return Ok(());
        };
        let shown = |p: &Path| crate::files::shown(p);
        let real_root = root
            .canonicalize()
            .map_err(|e| format!("--confine {}: {}", shown(root), reason(&e)))?;
        let real = path
            .canonicalize()
            .map_err(|e| format!("{}: {}", shown(path), reason(&e)))?;
        if real.starts_with(&real_root) {
            Ok(())
        } else {
            Err(format!(
                "{} is outside the folder given to --confine ({})",
                shown(path),
                shown(root)
            ))
        }
    }
}

/// An I/O error in words, without the platform's error code.
fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
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
                        crate::files::shown(path),
                        crate::files::shown(root)
                    ),
                ),
                ResolveErrorKind::TooLarge { path, limit } => ResolveError::new(
                    e.reference,
                    format!(
                        "{}: larger than {limit} bytes, the most read from one file (raise it with --max-input-bytes)",
                        crate::files::shown(path)
                    ),
                ),
                _ => e,
            })
    }
}
