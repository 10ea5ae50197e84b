//! How the commands that read state files read them ([`Reading`]): the resolver, the size
//! limits, the error style, the `--rule` options and, with `--module` and `--profile`, VASSAL
//! saves ([`Opener`]).

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser};
use victory_engine::problem::{ErrorStyle, Problem};
use victory_engine::{RunRules, input};
use victory_front::resolver::ConfiningResolver;
use victory_front::saves::SaveReader;

use crate::outcome::Outcome;
use crate::{files, vassal};

/// How the commands that read state files read them.
#[derive(Debug, clap::Args)]
pub(crate) struct Reading {
    /// Read the map and track files that state files and profiles refer to only inside DIR
    ///
    /// A reference leading outside DIR (by `..`, an absolute path or a symbolic link) is
    /// refused. The files named on the command line (states, saves, --module, --profile,
    /// --board-sizes) are read as given.
    #[arg(long, value_name = "DIR")]
    pub(crate) confine: Option<PathBuf>,

    /// Read at most BYTES from a state file, standard input, a map or track a state refers to,
    /// a profile or a --board-sizes file
    ///
    /// A larger file is refused before it is read. Only regular files are read (and `-`,
    /// standard input): a named pipe or a device is refused.
    #[arg(long, value_name = "BYTES", default_value_t = wargame_kit::limits::DEFAULT_MAX_BYTES)]
    pub(crate) max_input_bytes: u64,

    #[command(flatten)]
    pub(crate) limits: files::VassalLimits,

    /// How problems are shown on standard error
    #[arg(long, value_name = "STYLE", default_value_t = ErrorStyle::Rendered, value_parser = error_style())]
    pub(crate) errors: ErrorStyle,

    /// Choose a rules option, over the state file's `[rules]` (repeatable; `victory rules GAME`
    /// lists them)
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = rule_option)]
    pub(crate) rules: Vec<(String, String)>,

    #[command(flatten)]
    pub(crate) saves: vassal::SaveArgs,
}

/// `KEY=VALUE`.
pub(crate) fn rule_option(text: &str) -> Result<(String, String), String> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not KEY=VALUE"))?;
    Ok((key.trim().to_string(), value.trim().to_string()))
}

/// The error styles, as clap lists and checks them (`--errors STYLE`).
pub(crate) fn error_style() -> impl clap::builder::TypedValueParser<Value = ErrorStyle> {
    use clap::builder::TypedValueParser as _;
    let styles: Vec<PossibleValue> = ErrorStyle::ALL
        .iter()
        .map(|s| PossibleValue::new(s.name()).help(s.about()))
        .collect();
    PossibleValuesParser::new(styles).try_map(|name| name.parse::<ErrorStyle>())
}

/// How the files of a command are opened: as state files, or as VASSAL saves through a profile.
pub(crate) struct Opener {
    pub(crate) limits: files::Limits,
    pub(crate) saves: Option<victory_front::saves::SaveReader>,
}

impl Opener {
    /// The file as a state ([`victory_front::saves::read_state`]), a VASSAL save's reading
    /// warnings on standard error (`warning: ...`).
    pub(crate) fn open_warning(
        &self,
        path: &std::path::Path,
        o: &mut Outcome,
    ) -> Result<input::Input, Vec<Problem>> {
        let mut warnings = Vec::new();
        let opened = self.open(path, &mut o.sources, &mut warnings);
        o.stderr.extend(vassal::warning_lines(&warnings));
        opened
    }

    /// The file as a state; a VASSAL save's reading warnings go to `warnings`.
    pub(crate) fn open(
        &self,
        path: &std::path::Path,
        sources: &mut input::Sources,
        warnings: &mut Vec<Problem>,
    ) -> Result<input::Input, Vec<Problem>> {
        victory_front::saves::read_state(path, self.saves.as_ref(), &self.limits, sources, warnings)
    }
}

impl Reading {
    /// How this command opens its files (`--module` and `--profile`: as VASSAL saves); `None`
    /// when the module or profile cannot be read (its problems are in `o`).
    pub(crate) fn opener(&self, resolver: &ConfiningResolver, o: &mut Outcome) -> Option<Opener> {
        let limits = self.limits.with_input(resolver.max_bytes());
        match SaveReader::load(&self.saves.files(), &mut o.sources, &limits, resolver) {
            Ok(saves) => Some(Opener { limits, saves }),
            Err(p) => {
                o.problems(&p);
                None
            }
        }
    }

    /// The `--rule` options.
    pub(crate) fn rules(&self) -> RunRules {
        RunRules::new(self.rules.clone())
    }

    /// The resolver these options ask for; `files` are the files named, of which `-`
    /// (standard input) may be one.
    pub(crate) fn resolver(&self, files: &[PathBuf]) -> anyhow::Result<ConfiningResolver> {
        if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
            anyhow::bail!("`-` (standard input) can be given once");
        }
        let max = self.max_input_bytes;
        Ok(match &self.confine {
            Some(dir) => ConfiningResolver::confined(dir, max)?,
            None => ConfiningResolver::unconfined(max),
        })
    }
}
