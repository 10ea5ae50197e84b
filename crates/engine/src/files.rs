//! The files the tool reads and writes, treated as hostile: what it reads is bounded
//! by a size limit per kind of file ([`Limits`]), and what it writes replaces its target whole
//! ([`replace`]).
//!
//! - A state file, standard input, the maps and tracks a state refers to, a profile and a
//!   `--board-sizes` file are read under `--max-input-bytes`; a VASSAL saved game or log under
//!   `--max-save-bytes`; a VASSAL module (a `.vmod` or its buildFile) under
//!   `--max-module-bytes`. A larger file is refused before it is read, naming the file, the
//!   limit and the flag that raises it.
//! - Every file written is written to a new temporary file beside it (created with
//!   `create_new`, so it is never an existing file or a link), then renamed over it: a reader
//!   never sees half a file, a symbolic link at the target is replaced (never followed), a
//!   failure leaves no temporary file, and an existing file keeps its permissions. The
//!   temporary file is created with those permissions (on unix; a new target's are the usual
//!   `0666` less the umask), so no byte is ever readable by anyone the target does not let read
//!   it.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use wargame_kit::terminal::one_line;

use wargame_kit::resolve::ResolveErrorKind;

/// The most bytes read from a VASSAL saved game or log by default (64 MiB).
pub const DEFAULT_MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// The most bytes read from a VASSAL module by default (512 MiB: modules carry their images).
pub const DEFAULT_MAX_MODULE_BYTES: u64 = 512 * 1024 * 1024;

/// The kinds of file read, each under its own limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A state file, standard input, a map or track, a profile, a `--board-sizes` file.
    Input,
    /// A VASSAL saved game or log.
    Save,
    /// A VASSAL module: a `.vmod`, or its buildFile.
    Module,
}

impl Kind {
    /// The flag that sets this kind's limit.
    pub fn flag(self) -> &'static str {
        match self {
            Kind::Input => "--max-input-bytes",
            Kind::Save => "--max-save-bytes",
            Kind::Module => "--max-module-bytes",
        }
    }

    /// What one file of this kind is called in a refusal.
    fn noun(self) -> &'static str {
        match self {
            Kind::Input => "file",
            Kind::Save => "VASSAL save or log",
            Kind::Module => "VASSAL module",
        }
    }
}

/// The most bytes read from one file of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// State files, standard input, maps, tracks, profiles, `--board-sizes` files.
    pub input: u64,
    /// VASSAL saves and logs.
    pub save: u64,
    /// VASSAL modules.
    pub module: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            input: wargame_kit::limits::DEFAULT_MAX_BYTES,
            save: DEFAULT_MAX_SAVE_BYTES,
            module: DEFAULT_MAX_MODULE_BYTES,
        }
    }
}

impl Limits {
    /// The limit of `kind`.
    pub fn of(&self, kind: Kind) -> u64 {
        match kind {
            Kind::Input => self.input,
            Kind::Save => self.save,
            Kind::Module => self.module,
        }
    }
}

/// A refusal for size: the limit, and the flag that raises it.
pub fn too_large(limit: u64, kind: Kind) -> String {
    format!(
        "larger than {limit} bytes, the most read from one {} (raise it with {})",
        kind.noun(),
        kind.flag()
    )
}

/// The bytes of the regular file at `path`, at most the limit of `kind`; why not in words,
/// on one line and **without the path** (the caller's message names the file once).
pub fn read(path: &Path, kind: Kind, limits: &Limits) -> Result<Vec<u8>, String> {
    let limit = limits.of(kind);
    wargame_kit::resolve::read_bytes(path, limit).map_err(|e| match e {
        ResolveErrorKind::TooLarge { .. } => too_large(limit, kind),
        other => without_path(path, &other),
    })
}

/// A reading error in words on one line, the `PATH: ` the library's message starts with left
/// out.
pub(crate) fn without_path(path: &Path, error: &ResolveErrorKind) -> String {
    let text = one_line(&error.to_string()).into_owned();
    let prefix = format!("{}: ", shown(path));
    text.strip_prefix(&prefix)
        .map_or(text.clone(), str::to_string)
}

/// A path as a message shows it: on one line, every control character escaped
/// ([`wargame_kit::terminal::one_line`]).
pub fn shown(path: &Path) -> String {
    one_line(&path.to_string_lossy()).into_owned()
}

/// Write `bytes` to `target` whole: into a new temporary file beside it, then renamed over
/// it. A symbolic link at `target` is replaced by the new regular file (never followed); an
/// existing regular file keeps its permissions; on any failure no temporary file is left and
/// `target` is as it was. The error is in words, without the path.
pub fn replace(target: &Path, bytes: &[u8]) -> Result<(), String> {
    let Some(file_name) = target.file_name() else {
        return Err("not a file name".to_string());
    };
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let existing = match std::fs::symlink_metadata(target) {
        Ok(m) if m.is_dir() => return Err("is a directory".to_string()),
        Ok(m) if m.is_file() => Some(m.permissions()),
        _ => None,
    };
    let (temp, mut file) = create_temporary(&dir, file_name, existing.as_ref())?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| match existing {
            Some(permissions) => file.set_permissions(permissions),
            None => Ok(()),
        });
    drop(file);
    let done = written.and_then(|()| std::fs::rename(&temp, target));
    done.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        io_reason(&e)
    })
}

/// A new file in `dir` whose name no other file has (`.NAME.victory-PID-N.tmp`, the name cut
/// short if long), created with `create_new`: never an existing file, never through a link.
/// On unix it is created with the permission bits of `existing` (the target's; the umask may
/// narrow them, never widen), or `0666` less the umask for a new target, before any byte is
/// written.
fn create_temporary(
    dir: &Path,
    file_name: &std::ffi::OsStr,
    existing: Option<&std::fs::Permissions>,
) -> Result<(PathBuf, std::fs::File), String> {
    let name: String = file_name.to_string_lossy().chars().take(64).collect();
    let pid = std::process::id();
    let mut last = None;
    for n in 0..1000u32 {
        let temp = dir.join(format!(".{name}.victory-{pid}-{n}.tmp"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        creation_mode(&mut options, existing);
        match options.open(&temp) {
            Ok(f) => return Ok((temp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(io_reason(&e)),
        }
    }
    Err(last.map_or_else(
        || "no temporary file could be made".to_string(),
        |e| io_reason(&e),
    ))
}

/// The permission bits a temporary file is created with: the target's, or the usual `0666`
/// (the umask applies to both).
#[cfg(unix)]
fn creation_mode(options: &mut std::fs::OpenOptions, existing: Option<&std::fs::Permissions>) {
    use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
    let mode = existing.map_or(0o666, |p| p.mode() & 0o777);
    options.mode(mode);
}

/// Off unix, permissions are not bits: the platform's default.
#[cfg(not(unix))]
fn creation_mode(_: &mut std::fs::OpenOptions, _: Option<&std::fs::Permissions>) {}

/// An I/O error in words, without the platform's error code.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such folder".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn replace_keeps_permissions_and_leaves_nothing_behind() {
        let dir = std::env::temp_dir().join(format!("victory-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("out.txt");
        replace(&target, b"one").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"one");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
            replace(&target, b"two").unwrap();
            let mode = std::fs::metadata(&target).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        assert!(replace(&dir, b"x").is_err());
        assert!(replace(&dir.join("no-such-folder/out.txt"), b"x").is_err());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("out.txt")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The temporary file has the target's permissions from its creation, before any byte is
    /// written: a 0600 target's new content is never readable by others while written.
    #[cfg(unix)]
    #[test]
    fn the_temporary_file_is_created_with_the_targets_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("victory-files-mode-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for mode in [0o600, 0o640, 0o400] {
            let target = dir.join(format!("secret-{mode:o}.txt"));
            std::fs::write(&target, b"old").unwrap();
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode)).unwrap();
            let existing = std::fs::metadata(&target).unwrap().permissions();
            let (temp, file) =
                create_temporary(&dir, target.file_name().unwrap(), Some(&existing)).unwrap();
            let at_creation = file.metadata().unwrap().permissions().mode() & 0o777;
            assert_eq!(
                at_creation & !mode,
                0,
                "{at_creation:o} is wider than {mode:o}"
            );
            if mode & 0o077 == 0 {
                assert_eq!(at_creation & 0o077, 0, "{at_creation:o} lets others read");
            }
            drop(file);
            std::fs::remove_file(&temp).unwrap();
            // and through `replace`, the target keeps its mode
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
            replace(&target, b"new").unwrap();
            let after = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
            assert_eq!(after, 0o600);
        }
        // a new target: never wider than 0666
        let existing = None;
        let (temp, file) =
            create_temporary(&dir, std::ffi::OsStr::new("new.txt"), existing).unwrap();
        let at_creation = file.metadata().unwrap().permissions().mode() & 0o777;
        assert_eq!(at_creation & !0o666, 0);
        drop(file);
        std::fs::remove_file(&temp).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
