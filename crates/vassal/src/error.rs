//! The crate's error type and its kinds: every problem found in a module or a save, with where
//! it is (file, zip entry, line, command number, field).

use serde::Serialize;
use wargame_kit::{Diagnostic, Location};

/// What kind of problem (or warning) a diagnostic reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// A zip archive or one of its entries cannot be read (damaged, a zip bomb, too large).
    Zip,
    /// The `!VCSK` obfuscation is cut short or not hex.
    Obfuscation,
    /// A saved game written by VASSAL 3.8 or later (XZ-compressed), which is not read.
    Compressed,
    /// The buildFile is not well-formed XML, declares a DTD, or is too large.
    Xml,
    /// Not a VASSAL file (no buildFile, a root element of another kind, no `savedGame`).
    NotVassal,
    /// Not UTF-8 text.
    Text,
    /// A command whose fields cannot be read (it is skipped).
    Command,
    /// A command no standard VASSAL encoder writes (it is skipped and counted).
    UnknownCommand,
    /// A map the save names that the module lacks.
    UnknownMap,
    /// A board the save names that the module lacks.
    UnknownBoard,
    /// The save or the module was written by another version.
    VersionMismatch,
    /// A Java class of the module's own (a custom grid, numbering, map or trait).
    CustomClass,
    /// A board whose size is unknown.
    BoardSize,
    /// An attribute of the buildFile that VASSAL could not read either.
    Attribute,
    /// A command refers to a piece the game does not have.
    UnknownPiece,
    /// A limit of the crate is exceeded ([`crate::limits`]).
    Limit,
    /// A step of the log beyond its last.
    Step,
    /// A profile that cannot be read, or names a map, zone, prototype, layer or property the
    /// module and save lack.
    Profile,
    /// Two pieces claim one marker of a profile (or set one key).
    TwoPieces,
    /// A value a profile reads that the piece does not hold (a property, a layer, a word).
    Unreadable,
    /// A text (a location, a face) the profile gives no value for.
    NoValue,
    /// A value the state needs that the profile gives no source for.
    NoSource,
    /// A `[[pieces]]` entry of a profile that selects no piece (and may not be empty).
    NoPiece,
    /// A piece a profile selects that cannot be located (its map or board unknown).
    Unlocated,
    /// A side the reader is asked to play ([`Options::sides`](crate::Options::sides)) that
    /// the module's `PlayerRoster` lacks.
    UnknownSide,
}

/// All problems found in an input (the workspace's one error type with this crate's kinds).
pub type Error = wargame_kit::Error<ErrorKind>;

/// A warning: something read, but not as the file meant it (a version mismatch, a map the
/// module lacks, an unknown command). Same shape as an error's diagnostics.
pub type Warning = Diagnostic<ErrorKind>;

/// A diagnostic with a kind and a message.
pub(crate) fn diag(kind: ErrorKind, message: impl Into<String>) -> Diagnostic<ErrorKind> {
    Diagnostic::new(kind, message)
}

/// Builders for where a diagnostic is.
pub(crate) trait At: Sized {
    /// In this file (or zip entry: `save.vsav!savedGame`).
    fn in_file(self, file: &str) -> Self;
    /// At this line and column.
    fn at_line(self, line: u32, column: u32) -> Self;
}

impl At for Diagnostic<ErrorKind> {
    fn in_file(mut self, file: &str) -> Self {
        self.file = Some(file.to_string());
        self
    }

    fn at_line(mut self, line: u32, column: u32) -> Self {
        self.location = Some(Location::new(line, column));
        self
    }
}
