//! Resolving references from one document to another (a state file's map), at the edge.
//!
//! Engines parse from strings; when a document names another one (`map = "../maps/x.toml"`),
//! they ask a [`Resolver`]. A service embedding an engine supplies its own (or
//! [`NoResolver`] / [`MemoryResolver`]) and is never made to read arbitrary paths;
//! [`FsResolver`] reads files, optionally confined to a root directory.

use crate::limits::DEFAULT_MAX_BYTES;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// A document's name (used in diagnostics and to resolve its own references) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Document {
    /// The name, e.g. a path.
    pub name: String,
    /// The text.
    pub text: String,
}

impl Document {
    /// A document with this name and text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Document {
        Document {
            name: name.into(),
            text: text.into(),
        }
    }
}

/// Why a reference could not be resolved: the reference as written and what went wrong.
///
/// Its `Display` is `cannot load `REFERENCE`: REASON`, the reason being the [`ResolveErrorKind`]'s
/// own `Display`. A caller that words reasons its own way (a command line naming its options)
/// matches on [`kind`](ResolveError::kind) instead of rewriting the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot load `{reference}`: {kind}")]
#[non_exhaustive]
pub struct ResolveError {
    /// The reference as written.
    pub reference: String,
    /// Why it could not be loaded.
    pub kind: ResolveErrorKind,
}

impl ResolveError {
    /// `reference` (as written) cannot be loaded, for `kind`: a [`ResolveErrorKind`], or a
    /// reason in words (which becomes [`ResolveErrorKind::Other`]).
    ///
    /// ```
    /// use wargame_kit::resolve::{ResolveError, ResolveErrorKind};
    ///
    /// let e = ResolveError::new("maps/x.toml", "not a map");
    /// assert_eq!(e.to_string(), "cannot load `maps/x.toml`: not a map");
    /// let e = ResolveError::new("maps/x.toml", ResolveErrorKind::NotFound { path: None });
    /// assert_eq!(e.to_string(), "cannot load `maps/x.toml`: no such document");
    /// ```
    pub fn new(reference: impl Into<String>, kind: impl Into<ResolveErrorKind>) -> ResolveError {
        ResolveError {
            reference: reference.into(),
            kind: kind.into(),
        }
    }
}

/// What went wrong when resolving a reference. New kinds may be added.
///
/// Paths are as the resolver names them (relative to the current directory, or to the root of a
/// [`FsResolver::confined`] resolver); `Display` words each kind without the platform's error
/// codes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// Nothing by that name: no file at `path`, or (`path` is `None`) no such document in an
    /// in-memory table.
    NotFound {
        /// Where a file was looked for, if the resolver reads files.
        path: Option<PathBuf>,
    },
    /// `path` is a directory, not a file.
    NotAFile {
        /// The directory.
        path: PathBuf,
    },
    /// `path` leads outside the folder the resolver is confined to (by `..`, an absolute path or
    /// a symbolic link; judged on the real path).
    OutsideConfinement {
        /// The path the reference leads to.
        path: PathBuf,
        /// The folder the resolver is confined to, as it was given to the resolver.
        root: PathBuf,
    },
    /// The folder the resolver is confined to cannot be used (it does not exist, ...).
    Confinement {
        /// The folder, as it was given to the resolver.
        root: PathBuf,
        /// Why, in words.
        reason: String,
    },
    /// `path` is not a regular file: a named pipe, a device, a socket. Reading one could block
    /// forever (a pipe with no writer) or never end (`/dev/zero`), so it is refused unopened.
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is, in words (`a named pipe (FIFO)`, `a character device`, ...).
        what: &'static str,
    },
    /// `path` is larger than the resolver reads (see [`FsResolver::with_max_bytes`]).
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The most bytes the resolver reads.
        limit: u64,
    },
    /// `path` exists but cannot be read (permission denied, not UTF-8 text, ...).
    Io {
        /// The file.
        path: PathBuf,
        /// Why, in words.
        reason: String,
    },
    /// This resolver loads no references at all ([`NoResolver`]).
    NotAllowed,
    /// Any other reason, in words (a custom resolver's).
    Other(String),
}

impl std::fmt::Display for ResolveErrorKind {
    /// The reason on one line: a path written through [`Inline`](crate::terminal::Inline).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::terminal::Inline;
        match self {
            ResolveErrorKind::NotFound { path: Some(path) } => {
                write!(f, "{}: no such file", Inline(path.display()))
            }
            ResolveErrorKind::NotFound { path: None } => f.write_str("no such document"),
            ResolveErrorKind::NotAFile { path } => {
                write!(f, "{}: is a directory, not a file", Inline(path.display()))
            }
            ResolveErrorKind::OutsideConfinement { path, .. } => {
                write!(
                    f,
                    "{} is outside the allowed folder",
                    Inline(path.display())
                )
            }
            ResolveErrorKind::Confinement { root, reason } => {
                write!(f, "allowed folder {}: {reason}", Inline(root.display()))
            }
            ResolveErrorKind::NotRegular { path, what } => {
                write!(
                    f,
                    "{}: is {what}, not a regular file",
                    Inline(path.display())
                )
            }
            ResolveErrorKind::TooLarge { path, limit } => write!(
                f,
                "{}: larger than the {} read limit",
                Inline(path.display()),
                Bytes(*limit)
            ),
            ResolveErrorKind::Io { path, reason } => {
                write!(f, "{}: {reason}", Inline(path.display()))
            }
            ResolveErrorKind::NotAllowed => {
                f.write_str("this input may not refer to other documents")
            }
            ResolveErrorKind::Other(reason) => f.write_str(reason),
        }
    }
}

impl From<String> for ResolveErrorKind {
    fn from(reason: String) -> Self {
        ResolveErrorKind::Other(reason)
    }
}

impl From<&str> for ResolveErrorKind {
    fn from(reason: &str) -> Self {
        ResolveErrorKind::Other(reason.to_string())
    }
}

/// Turns a reference written in a document into another document.
///
/// A service can supply its own, for example one that reads from a database:
///
/// ```
/// use wargame_kit::resolve::{Document, ResolveError, Resolver};
///
/// /// Serves one map, under any name.
/// struct OneMap(&'static str);
///
/// impl Resolver for OneMap {
///     fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
///         if reference.ends_with(".toml") {
///             Ok(Document::new(reference, self.0))
///         } else {
///             Err(ResolveError::new(reference, "not a map"))
///         }
///     }
/// }
///
/// let r = OneMap("name = \"x\"");
/// assert_eq!(r.resolve("a.toml", None).unwrap().text, "name = \"x\"");
/// assert!(r.resolve("a.txt", None).is_err());
/// ```
pub trait Resolver {
    /// Resolve `reference`, written in the document named `from` (if any).
    fn resolve(&self, reference: &str, from: Option<&str>) -> Result<Document, ResolveError>;
}

/// Resolves nothing: for inputs that must be self-contained.
///
/// ```
/// use wargame_kit::resolve::{NoResolver, Resolver};
/// let e = NoResolver.resolve("../maps/line.toml", Some("state.toml")).unwrap_err();
/// assert_eq!(e.reference, "../maps/line.toml");
/// assert_eq!(e.to_string(), "cannot load `../maps/line.toml`: this input may not refer to other documents");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoResolver;

impl Resolver for NoResolver {
    fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
        Err(ResolveError::new(reference, ResolveErrorKind::NotAllowed))
    }
}

/// Resolves names from an in-memory table (references are looked up as written).
///
/// ```
/// use wargame_kit::resolve::{MemoryResolver, Resolver};
///
/// let maps = MemoryResolver::default().with("maps/tiny.toml", r#"
/// name = "tiny"
/// [layout]
/// orientation = "flat"
/// label = "column-row"
/// rows = [1, 2]
/// columns = [1, 2]
/// shifted = "even"
/// rows_grow = "south"
/// columns_grow = "east"
/// "#);
/// // A state file that says `map = "maps/tiny.toml"` gets the map from the table.
/// let doc = maps.resolve("maps/tiny.toml", Some("state.toml")).unwrap();
/// assert_eq!(doc.name, "maps/tiny.toml");
/// assert!(doc.text.contains("name = \"tiny\""));
/// assert!(maps.resolve("maps/other.toml", None).is_err());
/// ```
#[derive(Clone, Debug, Default)]
pub struct MemoryResolver {
    /// Name -> text.
    pub documents: BTreeMap<String, String>,
}

impl MemoryResolver {
    /// Add a document.
    pub fn with(mut self, name: impl Into<String>, text: impl Into<String>) -> Self {
        self.documents.insert(name.into(), text.into());
        self
    }
}

impl Resolver for MemoryResolver {
    fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
        self.documents
            .get(reference)
            .map(|t| Document::new(reference, t.clone()))
            .ok_or_else(|| ResolveError::new(reference, ResolveErrorKind::NotFound { path: None }))
    }
}

/// Reads files relative to the referring document's directory.
///
/// - [`FsResolver::unconfined`]: any file the process may read; relative names are relative to
///   the current directory (a command line tool run by its user).
/// - [`FsResolver::confined`]`(root)`: relative names are relative to `root` (so names in
///   diagnostics stay short and machine-independent) and nothing outside `root` is read.
/// - [`FsResolver::within`]`(root)`: names stay relative to the current directory, but nothing
///   outside `root` is read.
///
/// "Outside" is judged on the real path, so `..`, absolute paths and symbolic links cannot
/// escape.
///
/// ```
/// use wargame_kit::resolve::{FsResolver, ResolveErrorKind, Resolver};
///
/// // A scratch folder holding `maps/a.toml` and, outside `maps`, `secret.toml`.
/// let dir = std::env::temp_dir().join(format!("hexmap-fs-doctest-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("maps"))?;
/// std::fs::write(dir.join("maps/a.toml"), "name = \"a\"")?;
/// std::fs::write(dir.join("secret.toml"), "")?;
///
/// // Names relative to the root, nothing read outside it.
/// let r = FsResolver::confined(dir.join("maps"));
/// let doc = r.resolve("a.toml", Some("state.toml"))?;
/// assert_eq!((doc.name.as_str(), doc.text.as_str()), ("a.toml", "name = \"a\""));
/// let refused = r.resolve("../secret.toml", Some("state.toml")).unwrap_err();
/// assert_eq!(refused.to_string(), "cannot load `../secret.toml`: ../secret.toml is outside the allowed folder");
/// assert!(matches!(refused.kind, ResolveErrorKind::OutsideConfinement { .. }));
///
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct FsResolver {
    /// Relative names are relative to this directory (the current one when `None`).
    base: Option<PathBuf>,
    /// Nothing outside this directory is read.
    confine: Option<PathBuf>,
    /// The most bytes read from one file.
    max_bytes: u64,
}

impl Default for FsResolver {
    fn default() -> Self {
        FsResolver {
            base: None,
            confine: None,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

impl FsResolver {
    /// Read any regular file the process may read (up to [`DEFAULT_MAX_BYTES`]).
    pub fn unconfined() -> Self {
        FsResolver::default()
    }

    /// Read only files inside `root`, with relative names taken relative to `root`.
    pub fn confined(root: impl Into<PathBuf>) -> Self {
        let root = root.into();
        FsResolver {
            base: Some(root.clone()),
            confine: Some(root),
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }

    /// Read at most `max_bytes` from one file (default [`DEFAULT_MAX_BYTES`]); a larger file is
    /// [`ResolveErrorKind::TooLarge`], refused before it is read.
    ///
    /// ```
    /// use wargame_kit::resolve::{FsResolver, ResolveErrorKind, Resolver};
    ///
    /// let dir = std::env::temp_dir().join(format!("hexmap-limit-doctest-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// std::fs::write(dir.join("big.toml"), "name = \"a map of more than sixteen bytes\"")?;
    /// let small = FsResolver::confined(&dir).with_max_bytes(16);
    /// let e = small.resolve("big.toml", None).unwrap_err();
    /// assert!(matches!(e.kind, ResolveErrorKind::TooLarge { limit: 16, .. }));
    /// assert_eq!(e.to_string(), "cannot load `big.toml`: big.toml: larger than the 16 B read limit");
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_max_bytes(mut self, max_bytes: u64) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// The most bytes read from one file.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Read only files inside `root`; relative names keep their meaning.
    pub fn within(mut self, root: impl Into<PathBuf>) -> Self {
        self.confine = Some(root.into());
        self
    }
}

/// `base/reference` with `.` and `..` folded lexically. Leading `..`s of a relative path are
/// kept (`../../x` stays `../../x`); `..` at the root of an absolute path stays at the root.
fn join(base: &Path, reference: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in base.join(reference).components() {
        match c {
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(".."),
            },
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

impl Resolver for FsResolver {
    fn resolve(&self, reference: &str, from: Option<&str>) -> Result<Document, ResolveError> {
        let err = |kind: ResolveErrorKind| ResolveError::new(reference, kind);
        let base = from
            .and_then(|f| Path::new(f).parent())
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let path = join(&base, reference);
        let on_disk = match &self.base {
            Some(b) if path.is_relative() => b.join(&path),
            _ => path.clone(),
        };
        let mut read_from = on_disk.clone();
        if let Some(root) = &self.confine {
            let real_root = root.canonicalize().map_err(|e| {
                err(ResolveErrorKind::Confinement {
                    root: root.clone(),
                    reason: io_reason(&e),
                })
            })?;
            let real = on_disk
                .canonicalize()
                .map_err(|e| err(io_kind(&path, &e)))?;
            if !real.starts_with(&real_root) {
                return Err(err(ResolveErrorKind::OutsideConfinement {
                    path,
                    root: root.clone(),
                }));
            }
            // Read what was judged, not a link that may since have been pointed elsewhere.
            read_from = real;
        }
        let text = read_text(&read_from, self.max_bytes).map_err(|kind| err(kind.named(&path)))?;
        Ok(Document::new(path.to_string_lossy(), text))
    }
}

/// A byte count in words: `16 MiB`, `1000 B`.
struct Bytes(u64);

impl std::fmt::Display for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const MIB: u64 = 1024 * 1024;
        const KIB: u64 = 1024;
        match self.0 {
            n if n >= MIB && n % MIB == 0 => write!(f, "{} MiB", n / MIB),
            n if n >= KIB && n % KIB == 0 => write!(f, "{} KiB", n / KIB),
            n => write!(f, "{n} B"),
        }
    }
}

impl ResolveErrorKind {
    /// The same kind, naming `path` (as the resolver names it) instead of the path read.
    fn named(self, path: &Path) -> ResolveErrorKind {
        let path = path.to_path_buf();
        match self {
            ResolveErrorKind::NotFound { path: Some(_) } => {
                ResolveErrorKind::NotFound { path: Some(path) }
            }
            ResolveErrorKind::NotAFile { .. } => ResolveErrorKind::NotAFile { path },
            ResolveErrorKind::NotRegular { what, .. } => {
                ResolveErrorKind::NotRegular { path, what }
            }
            ResolveErrorKind::TooLarge { limit, .. } => ResolveErrorKind::TooLarge { path, limit },
            ResolveErrorKind::Io { reason, .. } => ResolveErrorKind::Io { path, reason },
            other => other,
        }
    }
}

/// The bytes of the regular file at `path`, at most `max_bytes` of them.
///
/// Only a regular file is read: a directory is [`ResolveErrorKind::NotAFile`]; a named pipe, a
/// device or a socket is [`ResolveErrorKind::NotRegular`], refused before it is opened (and, on
/// Unix, opened without blocking, so a file swapped for a pipe in between cannot hang the
/// caller); a file larger than `max_bytes` is [`ResolveErrorKind::TooLarge`], refused before it
/// is read, and a file that grows past `max_bytes` while it is read is too. Memory used is at
/// most `max_bytes` plus one.
///
/// ```
/// use wargame_kit::resolve::{ResolveErrorKind, read_bytes};
///
/// let e = read_bytes("/dev/zero".as_ref(), 1024).unwrap_err();
/// assert!(matches!(e, ResolveErrorKind::NotRegular { what: "a character device", .. }));
/// assert_eq!(e.to_string(), "/dev/zero: is a character device, not a regular file");
/// ```
pub fn read_bytes(path: &Path, max_bytes: u64) -> Result<Vec<u8>, ResolveErrorKind> {
    use std::io::Read;
    let io = |e: &std::io::Error| io_kind(path, e);
    let meta = std::fs::metadata(path).map_err(|e| io(&e))?;
    check_kind(path, &meta.file_type())?;
    if meta.len() > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    let file = open_without_blocking(path).map_err(|e| io(&e))?;
    let meta = file.metadata().map_err(|e| io(&e))?;
    check_kind(path, &meta.file_type())?;
    // The size read above is a hint (a file may grow, `/proc` files say 0): read one byte more
    // than allowed to tell a file of exactly `max_bytes` from a longer one.
    let hint = usize::try_from(meta.len().min(max_bytes)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(hint);
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| io(&e))?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, at most `max_bytes` of it: [`read_bytes`], then
/// UTF-8 ([`ResolveErrorKind::Io`] "not UTF-8 text" otherwise; the content is never quoted).
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, ResolveErrorKind> {
    String::from_utf8(read_bytes(path, max_bytes)?).map_err(|e| ResolveErrorKind::Io {
        path: path.to_path_buf(),
        reason: format!(
            "not UTF-8 text (a bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ),
    })
}

fn too_large(path: &Path, limit: u64) -> ResolveErrorKind {
    ResolveErrorKind::TooLarge {
        path: path.to_path_buf(),
        limit,
    }
}

/// A directory or anything but a regular file, refused.
fn check_kind(path: &Path, t: &std::fs::FileType) -> Result<(), ResolveErrorKind> {
    if t.is_file() {
        return Ok(());
    }
    if t.is_dir() {
        return Err(ResolveErrorKind::NotAFile {
            path: path.to_path_buf(),
        });
    }
    Err(ResolveErrorKind::NotRegular {
        path: path.to_path_buf(),
        what: special_kind(t),
    })
}

#[cfg(unix)]
fn special_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a named pipe (FIFO)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// The kind of an I/O error on `path`.
fn io_kind(path: &Path, e: &std::io::Error) -> ResolveErrorKind {
    match e.kind() {
        std::io::ErrorKind::NotFound => ResolveErrorKind::NotFound {
            path: Some(path.to_path_buf()),
        },
        _ => ResolveErrorKind::Io {
            path: path.to_path_buf(),
            reason: io_reason(e),
        },
    }
}

/// An I/O error in words, without the platform's error code.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_folds_parent_dirs() {
        assert_eq!(
            join(Path::new("fixtures/leyte"), "../maps/a.toml"),
            PathBuf::from("fixtures/maps/a.toml")
        );
        assert_eq!(join(Path::new(""), "../a.toml"), PathBuf::from("../a.toml"));
        assert_eq!(
            join(Path::new(""), "../../etc/passwd"),
            PathBuf::from("../../etc/passwd")
        );
        assert_eq!(join(Path::new("a"), "../../../b"), PathBuf::from("../../b"));
        assert_eq!(join(Path::new("/a"), "../../b"), PathBuf::from("/b"));
    }

    #[test]
    fn confined_resolver_refuses_escapes() {
        let dir = std::env::temp_dir().join(format!("hexmap-resolve-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        std::fs::write(dir.join("inner/a.toml"), "x").unwrap();
        std::fs::write(dir.join("b.toml"), "y").unwrap();
        let from = dir.join("inner/state.toml");
        let from = from.to_str().unwrap();
        let r = FsResolver::confined(dir.join("inner"));
        assert_eq!(r.resolve("a.toml", Some(from)).unwrap().text, "x");
        let refused = r.resolve("../b.toml", Some(from)).unwrap_err();
        assert_eq!(
            refused.kind,
            ResolveErrorKind::OutsideConfinement {
                path: dir.join("b.toml"),
                root: dir.join("inner"),
            }
        );
        // Relative names are relative to the root, and keep their short form.
        let doc = FsResolver::confined(&dir)
            .resolve("../a.toml", Some("inner/x/state.toml"))
            .unwrap();
        assert_eq!(
            (doc.name.as_str(), doc.text.as_str()),
            ("inner/a.toml", "x")
        );
        assert!(
            FsResolver::confined(&dir)
                .resolve("../../etc/passwd", Some("inner/s.toml"))
                .is_err()
        );
        assert_eq!(
            FsResolver::unconfined()
                .resolve("../b.toml", Some(from))
                .unwrap()
                .text,
            "y"
        );
        assert_eq!(
            NoResolver.resolve("a.toml", None).unwrap_err().kind,
            ResolveErrorKind::NotAllowed
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_kind_is_worded_without_error_codes() {
        let dir = std::env::temp_dir().join(format!("hexmap-resolve-kinds-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let from = dir.join("state.toml");
        let from = from.to_str().unwrap();
        let r = FsResolver::unconfined();
        let missing = r.resolve("none.toml", Some(from)).unwrap_err();
        assert_eq!(
            missing.kind,
            ResolveErrorKind::NotFound {
                path: Some(dir.join("none.toml"))
            }
        );
        assert_eq!(
            missing.to_string(),
            format!(
                "cannot load `none.toml`: {}: no such file",
                dir.join("none.toml").display()
            )
        );
        let folder = r.resolve("sub", Some(from)).unwrap_err();
        assert_eq!(
            folder.kind,
            ResolveErrorKind::NotAFile {
                path: dir.join("sub")
            }
        );
        assert!(folder.to_string().ends_with(": is a directory, not a file"));
        let gone = FsResolver::unconfined()
            .within(dir.join("gone"))
            .resolve("sub", Some("x.toml"))
            .unwrap_err();
        assert!(
            matches!(&gone.kind, ResolveErrorKind::Confinement { root, reason } if *root == dir.join("gone") && reason == "no such file"),
            "{gone:?}"
        );
        let memory = MemoryResolver::default().resolve("m", None).unwrap_err();
        assert_eq!(memory.to_string(), "cannot load `m`: no such document");
        assert_eq!(
            ResolveError::new("r", "why").kind,
            ResolveErrorKind::Other("why".to_string())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
