//! What a reading of a save shows ([`Options`]): the step replayed to, and whose eyes read it.

use crate::error::{self, At, ErrorKind};
use crate::{Error, Module, Warning};

/// What [`read_pieces`](crate::read_pieces) does beyond the defaults.
///
/// By default a piece shows what VASSAL shows an opponent ([`Hidden`](crate::Hidden)): a masked piece, its id
/// and place only; a card in a face-down deck, its deck, its place in the deck and the deck's
/// place (no id); a piece on a private window of another side, the window only (no id); an
/// invisible piece, nothing (it is counted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Replay the log to this step (0: the position it was saved from); `None`: to its end.
    pub step: Option<usize>,
    /// Show everything: masked, invisible and face-down pieces, and every private window (the
    /// caller's own save, or a referee's).
    pub reveal: bool,
    /// The sides the reader plays (VASSAL's `PlayerRoster` sides): their private windows are
    /// shown as VASSAL shows them to that player.
    pub sides: Vec<String>,
}

impl Options {
    /// Replay to `step` (`None`: the end).
    pub fn step(mut self, step: Option<usize>) -> Self {
        self.step = step;
        self
    }

    /// Reveal masked, invisible and face-down pieces and every private window.
    pub fn reveal(mut self, reveal: bool) -> Self {
        self.reveal = reveal;
        self
    }

    /// Read as a player of these sides (their private windows shown).
    ///
    /// ```
    /// let options = vassal::Options::default().sides(["Allies"]);
    /// assert_eq!(options.sides, ["Allies"]);
    /// ```
    pub fn sides<S: Into<String>>(mut self, sides: impl IntoIterator<Item = S>) -> Self {
        self.sides = sides.into_iter().map(Into::into).collect();
        self
    }

    /// Whether `module` has every side these options read as: each side its `PlayerRoster`
    /// lacks is an error (of kind [`ErrorKind::UnknownSide`]) listing the module's sides. A
    /// module without a roster has no side: VASSAL gives no player one, so none may be read
    /// as. [`read_pieces`](crate::read_pieces) checks it first.
    ///
    /// ```
    /// use vassal::{BoardSizes, Module, Options};
    /// let build_file = r#"<VASSAL.build.GameModule name="Demo">
    ///   <VASSAL.build.module.PlayerRoster><entry>Allies</entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>
    /// </VASSAL.build.GameModule>"#;
    /// let module = Module::from_build_file(build_file, "buildFile.xml", &BoardSizes::new()).unwrap();
    /// assert!(Options::default().sides(["Axis"]).check(&module).is_ok());
    /// let e = Options::default().sides(["Allied"]).check(&module).unwrap_err();
    /// assert_eq!(
    ///     e.diagnostics()[0].message,
    ///     "no side `Allied` in the module (its sides, VASSAL's PlayerRoster: `Allies`, `Axis`)"
    /// );
    /// ```
    pub fn check(&self, module: &Module) -> Result<(), Error> {
        if self.sides.is_empty() {
            return Ok(());
        }
        let known: std::collections::HashSet<&str> =
            module.sides.iter().map(String::as_str).collect();
        let unknown: Vec<Warning> = self
            .sides
            .iter()
            .filter(|side| !known.contains(side.as_str()))
            .enumerate()
            .map(|(i, side)| unknown_side(module, side, i < SIDES_SUGGESTED))
            .collect();
        if unknown.is_empty() {
            Ok(())
        } else {
            Err(Error::new(unknown))
        }
    }
}

/// The most sides of a module an error lists.
const SIDES_SHOWN: usize = 20;

/// The most unknown sides a "did you mean" is looked for (each within
/// [`wargame_kit::internal::NEAREST_STEPS`]).
const SIDES_SUGGESTED: usize = 8;

/// The error for a side `module` lacks: its sides listed, the nearest one offered when
/// `suggest`.
fn unknown_side(module: &Module, side: &str, suggest: bool) -> Warning {
    use wargame_kit::terminal::one_line;
    if module.sides.is_empty() {
        return error::diag(
            ErrorKind::UnknownSide,
            format!(
                "no side `{}` in the module: it has no sides (no PlayerRoster), so VASSAL gives no player one",
                one_line(side)
            ),
        )
        .in_file(&module.source);
    }
    let mut shown: Vec<String> = module
        .sides
        .iter()
        .take(SIDES_SHOWN)
        .map(|s| format!("`{}`", one_line(s)))
        .collect();
    if module.sides.len() > SIDES_SHOWN {
        shown.push(format!("and {} more", module.sides.len() - SIDES_SHOWN));
    }
    let d = error::diag(
        ErrorKind::UnknownSide,
        format!(
            "no side `{}` in the module (its sides, VASSAL's PlayerRoster: {})",
            one_line(side),
            shown.join(", ")
        ),
    )
    .in_file(&module.source);
    let near = suggest
        .then(|| {
            let mut steps = wargame_kit::internal::NEAREST_STEPS;
            wargame_kit::internal::nearest_within(side, &module.sides, &mut steps)
        })
        .flatten();
    match near {
        Some(near) => d.help(format!("did you mean `{}`?", one_line(&near))),
        None => d,
    }
}
