//! How a front end resolves a state file's references (its map, its VP track): relative to the
//! referring file, and with a folder given, only inside it.
//!
//! References are named in messages as a path relative to the current directory
//! (`fixtures/maps/loc-corridor.toml`). Reading is [`FsResolver::unconfined`], or confined to a
//! folder [`FsResolver::within`] that folder, which refuses anything whose real path is outside
//! it; [`ConfiningResolver`] words that refusal, from its [`ResolveErrorKind`], in terms of the
//! option the user gave (`--confine`, `--max-input-bytes`).

use std::path::{Path, PathBuf};

use victory_engine::files::shown;
use wargame_kit::resolve::{Document, FsResolver, ResolveError, ResolveErrorKind, Resolver};

/// A resolver of files on disk, of bounded size, confined to a folder when one is given.
///
/// # Example
///
/// ```
/// use victory_front::resolver::ConfiningResolver;
/// use wargame_kit::resolve::Resolver;
///
/// let dir = std::env::temp_dir().join(format!("victory-front-confine-{}", std::process::id()));
/// let inner = dir.join("inner");
/// std::fs::create_dir_all(&inner).unwrap();
/// std::fs::write(inner.join("map.toml"), "name = \"m\"").unwrap();
/// std::fs::write(dir.join("outside.toml"), "name = \"o\"").unwrap();
/// let confined = ConfiningResolver::confined(&inner, 1 << 20).unwrap();
/// let from = inner.join("a.toml").to_string_lossy().into_owned();
/// assert!(confined.resolve("map.toml", Some(&from)).is_ok());
/// let outside = confined.resolve("../outside.toml", Some(&from)).unwrap_err();
/// assert!(outside.to_string().contains("is outside the folder given to --confine"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct ConfiningResolver {
    inner: FsResolver,
    /// The folder given to `--confine`, as given.
    root: Option<PathBuf>,
}

/// Why a folder cannot confine a resolver ([`ConfiningResolver::confined`]).
///
/// # Example
///
/// ```
/// use victory_front::resolver::{ConfineError, ConfiningResolver};
/// let e = ConfiningResolver::confined(std::path::Path::new("no/such/folder"), 1).unwrap_err();
/// assert!(matches!(e, ConfineError::NoSuchFolder { .. }));
/// assert_eq!(e.to_string(), "--confine no/such/folder: no such folder");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfineError {
    /// The path is a file: the folder it is in is what to give.
    #[error(
        "--confine {}: this is a file; give the folder the files may be read from (for example its folder, {})",
        shown(root),
        root.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| ".".to_string(), shown)
    )]
    IsAFile {
        /// The path given.
        root: PathBuf,
    },
    /// No folder is there.
    #[error("--confine {}: no such folder", shown(root))]
    NoSuchFolder {
        /// The path given.
        root: PathBuf,
    },
}

impl ConfiningResolver {
    /// Read any regular file of at most `max_bytes`.
    ///
    /// # Example
    ///
    /// ```
    /// let any = victory_front::resolver::ConfiningResolver::unconfined(1024);
    /// assert_eq!(any.max_bytes(), 1024);
    /// ```
    pub fn unconfined(max_bytes: u64) -> Self {
        ConfiningResolver {
            inner: FsResolver::unconfined().with_max_bytes(max_bytes),
            root: None,
        }
    }

    /// Read only regular files of at most `max_bytes` inside `root`, which must be an existing
    /// folder.
    ///
    /// # Example
    ///
    /// ```
    /// use victory_front::resolver::ConfiningResolver;
    /// assert!(ConfiningResolver::confined(&std::env::temp_dir(), 1024).is_ok());
    /// ```
    pub fn confined(root: &Path, max_bytes: u64) -> Result<Self, ConfineError> {
        if root.is_file() {
            return Err(ConfineError::IsAFile {
                root: root.to_path_buf(),
            });
        }
        if !root.is_dir() {
            return Err(ConfineError::NoSuchFolder {
                root: root.to_path_buf(),
            });
        }
        Ok(ConfiningResolver {
            inner: FsResolver::unconfined()
                .within(root)
                .with_max_bytes(max_bytes),
            root: Some(root.to_path_buf()),
        })
    }
}

impl ConfiningResolver {
    /// The most bytes read from one file.
    ///
    /// # Example
    ///
    /// ```
    /// let any = victory_front::resolver::ConfiningResolver::unconfined(7);
    /// assert_eq!(any.max_bytes(), 7);
    /// ```
    pub fn max_bytes(&self) -> u64 {
        self.inner.max_bytes()
    }

    /// Whether the file at `path`, named inside a file (a case file's `[vassal]` paths), may be
    /// read: always without `--confine`; under it, only when its real path (`..`, symbolic
    /// links and all resolved) is inside the real path of the folder given, as
    /// [`FsResolver::within`] judges references. Why not, in words; the file is not opened.
    ///
    /// # Example
    ///
    /// ```
    /// use victory_front::resolver::ConfiningResolver;
    /// let here = std::env::current_dir().unwrap();
    /// let confined = ConfiningResolver::confined(&here, 1024).unwrap();
    /// assert!(confined.may_read(&here.join("Cargo.toml")).is_ok());
    /// assert!(confined.may_read(std::path::Path::new("/")).is_err());
    /// assert!(ConfiningResolver::unconfined(1).may_read(std::path::Path::new("/")).is_ok());
    /// ```
    pub fn may_read(&self, path: &Path) -> Result<(), String> {
        let Some(root) = &self.root else {
            return Ok(());
        };
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

impl Resolver for ConfiningResolver {
    fn resolve(&self, reference: &str, from: Option<&str>) -> Result<Document, ResolveError> {
        self.inner
            .resolve(reference, from)
            .map_err(|e| match &e.kind {
                // Only `--confine` confines this resolver, and the root is the folder as given.
                ResolveErrorKind::OutsideConfinement { path, root } => ResolveError::new(
                    e.reference,
                    format!(
                        "{} is outside the folder given to --confine ({})",
                        shown(path),
                        shown(root)
                    ),
                ),
                ResolveErrorKind::TooLarge { path, limit } => ResolveError::new(
                    e.reference,
                    format!(
                        "{}: larger than {limit} bytes, the most read from one file (raise it with --max-input-bytes)",
                        shown(path)
                    ),
                ),
                _ => e,
            })
    }
}
