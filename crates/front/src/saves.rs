//! VASSAL saved games and logs read as states: a module and a profile read once
//! ([`SaveReader::load`]), each save made a state of the profile's game by its
//! import ([`SaveReader::input`]) and so scored, checked, explained and drawn as any state file
//! is ([`read_state`]); where each value came from ([`origins_json`], [`origins_text`]); a
//! save's state written for a file ([`SaveReader::import`], [`rebase`]); and a suite's VASSAL
//! case files opened the same way ([`CaseFiles`]).
//!
//! The engine's shape is plain data: the VASSAL crate knows no engine, the engines no VASSAL;
//! this module composes the two.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use victory_engine::files::{Kind, Limits};
use victory_engine::input::{self, Input, SaveFiles, Sources};
use victory_engine::problem::{self, Problem};
use victory_engine::{Cache, Engine, RunRules};
use victory_suite::{Opened, VassalCase, VassalCases};
use wargame_kit::resolve::Resolver;
use wargame_kit::terminal::one_line;

use crate::engines;
use crate::module::file_problem;
use crate::resolver::ConfiningResolver;

/// A module and a profile, read once for every save of a run: each save it reads is a state of
/// the profile's game ([`SaveReader::input`]).
///
/// # Example
///
/// ```
/// # fn reader() -> Option<victory_front::saves::SaveReader> { None }
/// if let Some(reader) = reader() {
///     println!("saves read as `{}` states", reader.game());
/// }
/// ```
pub struct SaveReader {
    module: vassal::Module,
    profile: vassal::profile::Profile,
    options: vassal::Options,
    engine: &'static dyn Engine,
    game: &'static str,
}

impl std::fmt::Debug for SaveReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SaveReader")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// A file of `kind` within its limit, or the problem reading it.
fn read_problem(path: &Path, kind: Kind, limits: &Limits) -> Result<Vec<u8>, Vec<Problem>> {
    victory_engine::files::read(path, kind, limits)
        .map_err(|e| vec![file_problem("io", path, format!("cannot read it: {e}"))])
}

impl SaveReader {
    /// The module and profile `files` name, when both are given (`None` otherwise); the
    /// profile's text is kept in `sources` so its problems are shown on its lines, and the
    /// tables it names are read through `resolver`.
    ///
    /// # Example
    ///
    /// ```
    /// use victory_engine::input::SaveFiles;
    /// use victory_front::saves::SaveReader;
    /// use wargame_kit::resolve::NoResolver;
    /// let (mut sources, limits) = (Default::default(), Default::default());
    /// // Without a profile, files are state files, not saves.
    /// let plain = SaveReader::load(&SaveFiles::default(), &mut sources, &limits, &NoResolver);
    /// assert!(plain.unwrap().is_none());
    /// let mut files = SaveFiles::default();
    /// files.module = Some("no/such/Game.vmod".into());
    /// files.profile = Some("no/such/profile.toml".into());
    /// let e = SaveReader::load(&files, &mut sources, &limits, &NoResolver).unwrap_err();
    /// assert_eq!(e[0].to_string(), "no/such/Game.vmod: cannot read it: no such file");
    /// ```
    pub fn load(
        files: &SaveFiles,
        sources: &mut Sources,
        limits: &Limits,
        resolver: &dyn Resolver,
    ) -> Result<Option<SaveReader>, Vec<Problem>> {
        let (Some(profile_path), Some(module_path)) = (&files.profile, &files.module) else {
            return Ok(None);
        };
        let module = crate::module::open(module_path, files.board_sizes.as_deref(), limits)?.module;
        let profile_name = profile_path.to_string_lossy().into_owned();
        // A profile is a small text: the state files' limit, not the modules'.
        let bytes = read_problem(profile_path, Kind::Input, limits)?;
        let text = String::from_utf8(bytes).map_err(|_| {
            vec![file_problem(
                "io",
                profile_path,
                "not UTF-8 text".to_string(),
            )]
        })?;
        sources.insert(profile_name.clone(), text.clone());
        let problems = |e: vassal::Error| problem::from_diagnostics(e.into_diagnostics());
        // Its tables (files beside it) read as any reference of a file is: under --confine.
        let profile = vassal::profile::Profile::from_toml_str(&text, Some(&profile_name))
            .and_then(|p| p.with_tables(resolver))
            .map_err(problems)?;
        let Some((engine, game)) = engines::find(profile.game()) else {
            let d = wargame_kit::Diagnostic::new(
                "game".to_string(),
                format!(
                    "unknown game `{}` (known games: {})",
                    one_line(profile.game()),
                    engines::known()
                ),
            )
            .key("game");
            return Err(vec![
                wargame_kit::Source::new(Some(&profile_name), &text).at(d, None),
            ]);
        };
        let options = vassal::Options::default()
            .step(files.step)
            .reveal(files.reveal)
            .sides(files.sides.iter().cloned());
        Ok(Some(SaveReader {
            module,
            profile,
            options,
            engine,
            game,
        }))
    }
}

impl SaveReader {
    /// The game its saves are states of (the profile's `game`).
    ///
    /// # Example
    ///
    /// ```
    /// # fn reader() -> Option<victory_front::saves::SaveReader> { None }
    /// assert!(reader().is_none_or(|r| victory_front::engines::find(r.game()).is_some()));
    /// ```
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// A save (`-`: standard input) made a state by the profile, as a state file is read; the
    /// warnings of reading the module and the save go to `warnings`, whether the save makes a
    /// state or not.
    ///
    /// # Example
    ///
    /// ```
    /// # fn reader() -> Option<victory_front::saves::SaveReader> { None }
    /// if let Some(reader) = reader() {
    ///     let mut warnings = Vec::new();
    ///     let state = reader.input("game.vsav".as_ref(), &Default::default(), &mut warnings);
    ///     assert!(state.is_ok_and(|s| s.vassal.is_some()));
    /// }
    /// ```
    pub fn input(
        &self,
        path: &Path,
        limits: &Limits,
        warnings: &mut Vec<Problem>,
    ) -> Result<Input, Vec<Problem>> {
        let (name, bytes) = input::read_named(path, limits.save, Kind::Save)?;
        let save = vassal::Save::from_bytes(&bytes, &name)
            .map_err(|e| problem::from_diagnostics(e.into_diagnostics()))?;
        // The engine's shape, plain data: the VASSAL crate knows no engine, the engine no VASSAL.
        let shape = self.engine.state_shape();
        let imported = self
            .profile
            .import(&self.module, &save, &self.options, &shape)
            .map_err(|e| {
                e.into_diagnostics()
                    .into_iter()
                    .map(import_problem)
                    .collect()
            });
        match imported {
            Ok(imported) => {
                warnings.extend(imported.warnings.iter().cloned().map(problem::from_engine));
                Ok(Input::from_vassal(name, self.game, self.engine, imported))
            }
            Err(problems) => {
                // The save's own warnings say why a profile may have found nothing.
                if let Ok(pieces) = vassal::read_pieces(&self.module, &save, &self.options) {
                    warnings.extend(pieces.warnings.into_iter().map(problem::from_engine));
                }
                Err(problems)
            }
        }
    }

    /// The state the profile makes of a save ([`SaveReader::input`]), and what its game's
    /// engine says of it (`checked`: its problems, when it has some; the state is still given,
    /// to be written).
    ///
    /// # Example
    ///
    /// ```
    /// # fn reader() -> Option<victory_front::saves::SaveReader> { None }
    /// use wargame_kit::resolve::NoResolver;
    /// if let Some(reader) = reader() {
    ///     let mut warnings = Vec::new();
    ///     let import = reader.import("game.vsav".as_ref(), &Default::default(), &NoResolver, &mut warnings);
    ///     assert!(import.is_ok_and(|i| i.checked.is_ok()));
    /// }
    /// ```
    pub fn import(
        &self,
        path: &Path,
        limits: &Limits,
        resolver: &dyn Resolver,
        warnings: &mut Vec<Problem>,
    ) -> Result<Import, Vec<Problem>> {
        let input = self.input(path, limits, warnings)?;
        let (cache, rules) = (Cache::default(), RunRules::default());
        let checked = input.run(|i| i.engine.check(i.state(resolver, &cache, &rules)));
        let Some(imported) = input.vassal else {
            return Err(vec![problem::in_file("vassal", &input.name, "not a save")]);
        };
        Ok(Import {
            imported: *imported,
            checked,
        })
    }
}

/// A save imported ([`SaveReader::import`]): the state a profile makes of it, and its engine's
/// verdict on that state.
///
/// # Example
///
/// ```
/// fn written(import: victory_front::saves::Import) -> Option<String> {
///     import.checked.is_ok().then_some(import.imported.text)
/// }
/// # let _ = written;
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Import {
    /// The state, as TOML with a comment naming the piece each value came from.
    pub imported: vassal::profile::Imported,
    /// Whether its game's engine takes it: its problems, when not.
    pub checked: Result<(), Vec<Problem>>,
}

/// The references of an imported state (written relative to the `profile`'s folder) made
/// relative to the folder of `output`, where the state is written; absolute ones stay.
///
/// # Example
///
/// ```
/// fn write_beside(mut import: victory_front::saves::Import) -> String {
///     victory_front::saves::rebase(&mut import.imported, Some("profiles/p.toml".as_ref()), "out/state.toml".as_ref());
///     import.imported.text
/// }
/// # let _ = write_beside;
/// ```
pub fn rebase(imported: &mut vassal::profile::Imported, profile: Option<&Path>, output: &Path) {
    let profile_dir = profile.and_then(Path::parent).unwrap_or(Path::new(""));
    let out_dir = output.parent().unwrap_or(Path::new(""));
    imported.rebase_references(|r| relative_reference(profile_dir, out_dir, r));
}

/// A reference written relative to `from` made relative to `to` (absolute ones stay).
fn relative_reference(from: &Path, to: &Path, reference: &str) -> String {
    let r = Path::new(reference);
    if r.is_absolute() {
        return reference.to_string();
    }
    let target = absolute(&from.join(r));
    let base = absolute(to);
    let t: Vec<_> = target.components().collect();
    let b: Vec<_> = base.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in t.iter().skip(common) {
        out.push(c);
    }
    out.to_string_lossy().replace('\\', "/")
}

/// A path made absolute and `..`-free without touching the file system.
fn absolute(p: &Path) -> PathBuf {
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(p)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// A problem of a profile's import, its kind `vassal/KIND`: found by the VASSAL reader, not
/// by the engine that reads the state it makes.
fn import_problem(d: wargame_kit::Diagnostic<vassal::ErrorKind>) -> Problem {
    let mut p = problem::from_engine(d);
    p.kind = format!("vassal/{}", p.kind);
    p
}

/// The file at `path` as a state: through `saves`, a VASSAL save made a state by its profile;
/// without, a state file (`-`: standard input, its text kept in `sources`), whose game is
/// found among [`engines::ENGINES`], and which, when it is a VASSAL save, is told so
/// ([`save_without_module`]). A save's reading warnings go to `warnings`.
///
/// # Example
///
/// ```
/// let dir = std::env::temp_dir().join(format!("victory-front-read-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("a.toml");
/// std::fs::write(&path, "game = \"dai-senso\"\n").unwrap();
/// let (mut sources, mut warnings) = (Default::default(), Vec::new());
/// let read = victory_front::saves::read_state(&path, None, &Default::default(), &mut sources, &mut warnings);
/// assert_eq!(read.unwrap().game, "dai-senso");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn read_state(
    path: &Path,
    saves: Option<&SaveReader>,
    limits: &Limits,
    sources: &mut Sources,
    warnings: &mut Vec<Problem>,
) -> Result<Input, Vec<Problem>> {
    match saves {
        Some(reader) => reader.input(path, limits, warnings),
        None => input::read(path, limits.input, sources, engines::ENGINES)
            .map_err(|p| save_without_module(path, p)),
    }
}

/// The problems of reading `path` as a state file, when it is a VASSAL saved game or log read
/// without its module (a zip archive, VASSAL's obfuscated text, or a `.vsav` or `.vlog` that is
/// not a state): one problem naming the flags that read it. Any other file's problems as they
/// are.
///
/// # Example
///
/// ```
/// use victory_engine::problem;
/// let toml = vec![problem::in_file("toml", "turn3.vlog", "expected `=`")];
/// let told = victory_front::saves::save_without_module("turn3.vlog".as_ref(), toml);
/// assert_eq!(told[0].message, "not a TOML state file: it is a VASSAL saved game or log (by its name)");
/// let other = vec![problem::in_file("game", "a.toml", "no `game` key")];
/// assert_eq!(victory_front::saves::save_without_module("a.toml".as_ref(), other.clone()), other);
/// ```
pub fn save_without_module(path: &Path, problems: Vec<Problem>) -> Vec<Problem> {
    let unreadable = problems
        .iter()
        .any(|p| p.kind == "encoding" || p.kind == "toml");
    let Some(first) = problems.first().filter(|_| unreadable) else {
        return problems;
    };
    let Some(what) = save_kind(path) else {
        return problems;
    };
    vec![
        file_problem(
            &first.kind,
            path,
            format!("not a TOML state file: it is a VASSAL saved game or log ({what})"),
        )
        .help(
            "read it with --module MOD --profile PROFILE: MOD the game's .vmod (or its buildFile.xml with --board-sizes FILE), PROFILE what its pieces mean for the game (`victory vassal profile MOD --save SAVE` drafts one; docs/vassal.md)",
        ),
    ]
}

/// Why `path` looks like a VASSAL saved game or log, by its first bytes or its name; `None`
/// when it does not (or is standard input).
fn save_kind(path: &Path) -> Option<&'static str> {
    use std::io::Read as _;
    if path.as_os_str() == "-" {
        return None;
    }
    let mut head = Vec::new();
    let _ = std::fs::File::open(path).and_then(|f| f.take(8).read_to_end(&mut head));
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match vassal::SaveKind::of(&head) {
        Some(vassal::SaveKind::Zip) => Some("a zip archive, as VASSAL writes them"),
        Some(vassal::SaveKind::Obfuscated) => Some("VASSAL's obfuscated text"),
        _ if matches!(extension.as_deref(), Some("vsav" | "vlog")) => Some("by its name"),
        _ => None,
    }
}

/// How many pieces each entry of the profile took, as JSON (`vassal.entries`).
fn entries_json(imported: &vassal::profile::Imported) -> serde_json::Value {
    imported
        .taken
        .iter()
        .map(|(entry, n)| serde_json::json!({ "entry": entry, "pieces": n }))
        .collect()
}

/// Where each value of a save's state came from, as JSON (`vassal` in `score --format json`):
/// with how many pieces each entry of the profile took and the warnings of the reading.
///
/// # Example
///
/// ```
/// fn origins(input: &victory_engine::input::Input) -> Option<serde_json::Value> {
///     let imported = input.vassal.as_ref()?;
///     Some(victory_front::saves::origins_json(&input.name, imported))
/// }
/// # let _ = origins;
/// ```
pub fn origins_json(save: &str, imported: &vassal::profile::Imported) -> serde_json::Value {
    let warnings: Vec<String> = imported.warnings.iter().map(ToString::to_string).collect();
    serde_json::json!({
        "save": save,
        "profile": imported.profile,
        "step": imported.step.0,
        "steps": imported.step.1,
        "entries": entries_json(imported),
        "origins": imported.origins,
        "warnings": warnings,
    })
}

/// Where each value of a save's state came from, as text after the report: the save, the log
/// step and the profile, how many pieces each entry took, and each key with the piece it was
/// read from.
///
/// # Example
///
/// ```
/// fn after_report(input: &victory_engine::input::Input) -> String {
///     input.vassal.as_ref().map(|v| victory_front::saves::origins_text(&input.name, v)).unwrap_or_default()
/// }
/// # let _ = after_report;
/// ```
pub fn origins_text(save: &str, imported: &vassal::profile::Imported) -> String {
    let mut out = format!(
        "\nVASSAL pieces ({}, log step {} of {}; profile {}):\n",
        one_line(save),
        imported.step.0,
        imported.step.1,
        one_line(imported.profile.as_deref().unwrap_or("-"))
    );
    let taken: Vec<String> = imported
        .taken
        .iter()
        .map(|(entry, n)| format!("{} {n}", one_line(entry)))
        .collect();
    if !taken.is_empty() {
        let _ = writeln!(out, "  pieces taken by each entry: {}", taken.join(", "));
    }
    let width = imported
        .origins
        .iter()
        .map(|o| one_line(&o.key).len())
        .max()
        .unwrap_or(0);
    for o in &imported.origins {
        let entry = o
            .entry
            .as_deref()
            .map(|e| format!(" {}", one_line(e)))
            .unwrap_or_default();
        let from = o.piece.as_ref().map_or_else(
            || "counted".to_string(),
            |p| one_line(&p.to_string()).into_owned(),
        );
        let _ = writeln!(
            out,
            "  {:<width$}{entry}  <-  {from}  ({})",
            one_line(&o.key),
            one_line(&o.profile_key)
        );
    }
    out
}

/// How a suite opens a VASSAL case file: the save, module and profile its `[vassal]` table
/// names ([`VassalCase`]), read under the run's limits and confinement, the save made a state
/// by the profile's import. The one place that reads them.
///
/// # Example
///
/// ```
/// use victory_front::{resolver::ConfiningResolver, saves::CaseFiles};
/// use victory_suite::{VassalCase, VassalCases};
/// let resolver = ConfiningResolver::unconfined(1 << 20);
/// let cases = CaseFiles { resolver: &resolver, limits: Default::default() };
/// let opened = cases.open("case.toml", &VassalCase::default());
/// assert_eq!(opened.state.unwrap_err()[0].message, "[vassal] needs `module` and `profile`");
/// ```
#[derive(Debug)]
pub struct CaseFiles<'a> {
    /// How the files are read, and where (confined to a folder or not).
    pub resolver: &'a ConfiningResolver,
    /// The most bytes read from a file of each kind.
    pub limits: Limits,
}

impl VassalCases for CaseFiles<'_> {
    fn open(&self, name: &str, case: &VassalCase) -> Opened {
        let mut warnings = Vec::new();
        let state = self.state(name, case, &mut warnings);
        Opened { state, warnings }
    }
}

impl CaseFiles<'_> {
    /// The case's state; the warnings of reading its save and module go to `warnings`.
    fn state(
        &self,
        name: &str,
        case: &VassalCase,
        warnings: &mut Vec<Problem>,
    ) -> Result<Input, Vec<Problem>> {
        let vassal = |message: &str| vec![problem::in_file("vassal", name, message)];
        // Confined, every path the table names is inside the folder, or the case fails before
        // any file is opened.
        let outside: Vec<Problem> = case
            .paths()
            .into_iter()
            .filter_map(|(key, path)| {
                let why = self.resolver.may_read(path?).err()?;
                Some(problem::in_file(
                    "vassal",
                    name,
                    format!("[vassal] `{key}`: {why}"),
                ))
            })
            .collect();
        if !outside.is_empty() {
            return Err(outside);
        }
        let reader = SaveReader::load(
            &case.files,
            &mut Sources::new(),
            &self.limits,
            self.resolver,
        )?
        .ok_or_else(|| vassal("[vassal] needs `module` and `profile`"))?;
        let save = case
            .save
            .as_deref()
            .ok_or_else(|| vassal("[vassal] needs `save`"))?;
        reader.input(save, &self.limits, warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reference written beside the profile, made relative to where the state is written.
    #[test]
    fn references_follow_the_output() {
        let (profiles, out) = (Path::new("profiles"), Path::new("out/states"));
        assert_eq!(
            relative_reference(profiles, out, "maps/m.toml"),
            "../../profiles/maps/m.toml"
        );
        assert_eq!(
            relative_reference(profiles, profiles, "maps/../m.toml"),
            "m.toml"
        );
        assert_eq!(
            relative_reference(profiles, out, "/abs/m.toml"),
            "/abs/m.toml"
        );
    }
}
