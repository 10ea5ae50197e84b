//! Pieces: a basic piece inside its traits (VASSAL's decorators), each trait a type and a
//! state. The properties of the basic piece, markers, dynamic properties, layers, labels (their
//! formats evaluated, [`crate::label`]), translatable messages, mats, attachments, Mark When
//! Moved, Can Rotate, property sheets and prototypes are read; every other trait is kept as its raw type and
//! state. A masked or hidden
//! piece shows only its place unless the caller reveals it.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use serde::Serialize;

use crate::error::{ErrorKind, Warning, diag};
use crate::label::{self, Unknown, Work, expand};
use crate::locate::{Located, Locator};
use crate::nest::Levels;
use crate::palette::{Found, Palette, Slot};
use crate::prototypes::{Expanded, Prototypes, expand_prototypes, type_prefix};
use crate::save::{Position, RecKind};
use crate::seq::Decoder;
use crate::visibility::{Seen, Visibility, mask_on};
use crate::{Error, Module, Options, limits};

/// A piece of the game, located.
///
/// What VASSAL would not show an opponent is withheld unless the reader asks to reveal it
/// ([`Options`]): see [`Hidden`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Piece {
    /// The piece's id in the save; `None` when withheld: a face-down card's id, or a piece's
    /// on another side's private window, follows the order the module lists them in, so it
    /// would name the piece (VASSAL never shows an id). [`Piece::deck`] and
    /// [`Piece::deck_position`] place a face-down card instead.
    pub id: Option<String>,
    /// Its name as VASSAL shows it (layers and labels applied, the labels' formats evaluated);
    /// `None` when withheld.
    pub name: Option<String>,
    /// The name with its labels' formats as written (each label's `$pieceName$` and `$label$`
    /// replaced, no other property), when that differs from [`Piece::name`]: a label of text
    /// `$Site$: $Value$` names the piece `PC (Tennessee: 10)`, its raw name `PC ($Site$:
    /// $Value$)`. `None` when the same, or withheld.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw_name: Option<String>,
    /// Hidden in the game (masked, invisible, face down, or on a private window the reader
    /// does not see), whether or not revealed: [`Piece::hidden`] says how.
    pub masked: bool,
    /// How the game hides it, if it does.
    pub hidden: Option<Hidden>,
    /// The map the save puts it on (as the save names it), `None` when on no map.
    pub map: Option<String>,
    /// The board holding its point (`None` too when its place is withheld).
    pub board: Option<String>,
    /// The zone holding its point (`None` too when its place is withheld).
    pub zone: Option<String>,
    /// Map pixel position as the save stores it; `None` when its place is withheld.
    pub x: Option<i32>,
    /// Map pixel position as the save stores it; `None` when its place is withheld.
    pub y: Option<i32>,
    /// The location name as VASSAL shows it, `offboard`, or `unknown` (see
    /// [`Located::location`](crate::Located::location)); `None` when its place is withheld.
    pub location: Option<String>,
    /// The id of the deck it is in, when in one.
    pub deck: Option<String>,
    /// Its place in that deck, counted from the top (1: the top card), when in one: what
    /// VASSAL shows of a face-down card. `None` too when its place is withheld.
    pub deck_position: Option<usize>,
    /// How many pieces that deck holds, when in one; `None` too when its place is withheld.
    pub deck_size: Option<usize>,
    /// Its properties: the basic piece's (`BasicName`, `LocationName`, `CurrentMap`,
    /// `CurrentBoard`, `CurrentZone`, `CurrentX`, `CurrentY`, the persistent ones such as
    /// `OldLocationName`), markers, dynamic properties, layers (`NAME_Level`, `NAME_Active`,
    /// `NAME_Name`, `NAME_Image`), labels (their text evaluated), translatable messages, mats
    /// (`MatName`, `MatNumCargo`), attachments (`AttachName`), `Moved`, rotations
    /// (`NAME_Facing`, `NAME_Degrees`), property sheets and the prototypes' own. Empty when
    /// withheld.
    pub properties: BTreeMap<String, String>,
    /// Its layers (Embellishment traits), outermost first. Empty when withheld.
    pub layers: Vec<Layer>,
    /// The palette entry it was placed from (`PieceSlot`, `CardSlot`), recovered by matching
    /// its traits against the module's palette; `None` when none fits or when withheld.
    pub slot: Option<Slot>,
    /// The prototypes it uses, outermost first, nested ones included: named by the save
    /// (`prototype;` traits), or those of its palette entry. Empty when withheld.
    pub prototypes: Vec<String>,
    /// How [`Piece::prototypes`] were found (`saved`, `exact`, `approximate`, `ambiguous`:
    /// [`Found`]); `None` when no entry fits or when withheld.
    pub prototypes_found: Option<Found>,
    /// Every other trait, raw, outermost first (the player in a Mask, Invisible or Restricted
    /// Access state written `*`: VASSAL's player id is a password). Empty when withheld.
    pub traits: Vec<Trait>,
}

/// How the game hides a piece from the other players, as VASSAL decides it; what the reader
/// gets of it unless revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Hidden {
    /// Masked by a player (Mask trait, `obs;`, state other than `null`): VASSAL draws it face
    /// down where it stands. Its id and place only.
    Masked,
    /// In a face-down deck: its deck, its place in the deck and the deck's place only (not its
    /// id).
    FaceDown,
    /// On a private window (`PrivateMap`, `PlayerHand`) of sides the reader does not play, not
    /// visible to all: the window only (not its id).
    PrivateWindow,
    /// Invisible (Invisible trait, `hide;`, state other than `null`): VASSAL does not draw it
    /// for the other players at all. Left out and counted ([`Pieces::invisible`](crate::Pieces)).
    Invisible,
    /// Not hidden by the game, but withheld by the reader, revealed or not: its name,
    /// properties, layers and traits would take more than
    /// [`limits::MAX_PIECE_TEXT_BYTES`] (a warning names it). Its id and place only.
    OverLimit,
}

impl Hidden {
    /// Whether its id is withheld (unless revealed): a face-down card's or a private window's
    /// piece's id follows the module's order of its pieces, and would name it.
    pub fn withholds_id(self) -> bool {
        matches!(
            self,
            Hidden::FaceDown | Hidden::PrivateWindow | Hidden::Invisible
        )
    }

    /// Whether its place (map position, board, zone, location) is withheld too.
    pub fn withholds_place(self) -> bool {
        matches!(self, Hidden::PrivateWindow | Hidden::Invisible)
    }
}

/// A layer (Embellishment trait) and its level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Layer {
    /// The layer's name.
    pub name: String,
    /// The level, 1 for the first (VASSAL's value: negative when the layer is not active).
    pub level: i32,
    /// Whether the layer shows.
    pub active: bool,
    /// The level's name (empty when it has none, or the layer is not active).
    pub level_name: String,
    /// The level's image (empty when not active).
    pub image: String,
}

/// A trait kept as VASSAL wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Trait {
    /// Its type prefix (`placemark;`, `report;`, or a class of the module's own).
    pub kind: String,
    /// The whole type.
    #[serde(rename = "type")]
    pub type_: String,
    /// The state.
    pub state: String,
}

/// The trait types whose properties are read (VASSAL's `BasicCommandEncoder` and the classes
/// it names: `BasicPiece`, `BasicName`, `Restricted`, `Marker`, `DynamicProperty`,
/// `Embellishment` (both forms), `Labeler`, `Obscurable`, `Hideable`, `UsePrototype`,
/// `TranslatableMessage`, `Mat`, `Attachment`, `MovementMarkable`, `FreeRotator`,
/// `PropertySheet`).
const READ: [&str; 17] = [
    "piece;",
    "basicName;",
    "restrict;",
    "mark;",
    "PROP;",
    "emb2;",
    "emb;",
    "label;",
    "obs;",
    "hide;",
    "prototype;",
    "locmsg;",
    "mat;",
    "attach;",
    "markmoved;",
    "rotate;",
    "propertysheet;",
];

/// The standard trait types of VASSAL 3.7 besides [`READ`] (`BasicCommandEncoder`), kept raw
/// (the other types are kept raw too, and named as classes of the module's own). Those that
/// define properties are listed in docs/vassal.md ("Every piece") as not read.
const KEPT: [&str; 32] = [
    "immob;",
    "table;",
    "pivot;",
    "nonRect;",
    "nonRect2;",
    "placemark;",
    "replace;",
    "report;",
    "footprint;",
    "return;",
    "sendto;",
    "clone;",
    "delete;",
    "submenu;",
    "menuSeparator;",
    "translate;",
    "AreaOfEffect;",
    "globalkey;",
    "macro;",
    "calcProp;",
    "setprop;",
    "hideCmd;",
    "playSound;",
    "button;",
    "globalhotkey;",
    "deselect;",
    "matPiece;",
    "setpieceprop;",
    "setattachprop;",
    "locCommand;",
    "border;",
    "cmt;",
];

/// Whether `prefix` is a standard trait type of VASSAL ([`READ`] or [`KEPT`]).
fn standard(prefix: &str) -> bool {
    READ.contains(&prefix) || KEPT.contains(&prefix)
}

/// What a piece's traits say, and what reading them found odd (kept apart, so that nothing
/// of a withheld piece reaches a warning).
#[derive(Default)]
struct Read {
    name: String,
    /// The name before the labels' formats were evaluated, when it differs.
    raw_name: Option<String>,
    /// How the name was built, inner to outer: replayed when the labels are evaluated.
    steps: Vec<NameStep>,
    /// The labels, inner to outer.
    labels: Vec<LabelDef>,
    /// The properties whose outermost trait is a label: which label.
    label_props: BTreeMap<String, usize>,
    /// Properties referred to by the labels that the reader does not know (kept as written).
    unresolved: BTreeSet<String>,
    props: BTreeMap<String, String>,
    layers: Vec<Layer>,
    prototypes: Vec<String>,
    prototypes_found: Option<Found>,
    slot: Option<Slot>,
    traits: Vec<Trait>,
    /// Prototypes the module lacks, by name: how many traits use each.
    missing_prototypes: BTreeMap<String, usize>,
    /// Trait types no standard VASSAL trait has: how many traits of each.
    custom_traits: BTreeMap<String, usize>,
    /// Traits beyond [`limits::MAX_TRAITS`], not read.
    left_out: usize,
    /// Properties beyond [`limits::MAX_PROPERTIES`] were met (and not kept).
    overflow: bool,
    /// The bytes of text built so far ([`text_cost`]), against [`limits::MAX_PIECE_TEXT_BYTES`].
    spent: usize,
    /// More would have been built than [`limits::MAX_PIECE_TEXT_BYTES`]: the piece is withheld,
    /// and nothing more is built from it.
    over: bool,
}

/// One step of how a piece's name is built, inner to outer.
enum NameStep {
    /// The basic piece's name.
    Basic(String),
    /// VASSAL's Basic Name (`basicName;`): the name of a piece whose basic piece has none.
    IfNameless(String),
    /// A layer's level name (`+suffix`, `prefix+` or a new name).
    Layer(String),
    /// A label ([`Read::labels`]).
    Label(usize),
}

/// A Text Label as `Labeler` keeps it: its text (trimmed, its own property taken out) and its
/// name format (`$PieceName$` written `$pieceName$`, as `Labeler.clean` does).
struct LabelDef {
    text: String,
    name_format: String,
}

/// What a string held by a piece costs against the budgets: its bytes and the string itself.
fn text_cost(text: &str) -> usize {
    text.len().saturating_add(std::mem::size_of::<String>())
}

impl Read {
    /// Count `bytes` more of text built; whether the piece is still within its share.
    fn charge(&mut self, bytes: usize) -> bool {
        self.spent = self.spent.saturating_add(bytes);
        if self.spent > limits::MAX_PIECE_TEXT_BYTES {
            self.over = true;
        }
        !self.over
    }

    /// The room left in the piece's share.
    fn room(&self) -> usize {
        limits::MAX_PIECE_TEXT_BYTES.saturating_sub(self.spent)
    }

    /// Keep a trait raw.
    fn keep(&mut self, kind: String, type_: String, state: String) {
        let cost = text_cost(&kind)
            .saturating_add(text_cost(&type_))
            .saturating_add(text_cost(&state));
        if self.charge(cost) {
            self.traits.push(Trait { kind, type_, state });
        }
    }

    /// Give the piece a new name.
    fn rename(&mut self, name: String) {
        if self.charge(text_cost(&name)) {
            self.name = name;
        }
    }

    /// Set one of the properties every piece has (beyond [`limits::MAX_PROPERTIES`] too).
    fn put(&mut self, key: &str, value: String) {
        if self.charge(text_cost(key).saturating_add(text_cost(&value))) {
            self.props.insert(key.to_string(), value);
        }
    }

    /// Set a property of the piece, keeping at most [`limits::MAX_PROPERTIES`].
    fn set(&mut self, key: String, value: String) {
        if !self.charge(text_cost(&key).saturating_add(text_cost(&value))) {
            return;
        }
        // An outer trait's property hides a label's of the same name.
        self.label_props.remove(&key);
        if self.props.len() < limits::MAX_PROPERTIES || self.props.contains_key(&key) {
            self.props.insert(key, value);
        } else {
            self.overflow = true;
        }
    }
}

/// The basic piece's properties, as VASSAL's `BasicPiece` gives them: where it is and its name.
fn basic_properties(read: &mut Read, map_name: &str, located: &Located, deck: Option<&str>) {
    read.put("LocationName", located.location.clone());
    read.put("CurrentMap", map_name.to_string());
    read.put("CurrentBoard", located.board.clone().unwrap_or_default());
    read.put("CurrentZone", located.zone.clone().unwrap_or_default());
    read.put("DeckName", deck.unwrap_or_default().to_string());
    read.put("PieceName", read.name.clone());
}

/// What the reading of every piece found odd, summed over the pieces shown.
#[derive(Default)]
struct Oddities {
    missing_prototypes: BTreeMap<String, usize>,
    custom_traits: BTreeMap<String, usize>,
    /// Properties the labels refer to that the reader does not know: how many pieces each.
    unresolved: BTreeMap<String, usize>,
    left_out: Vec<String>,
    /// Pieces withheld for [`limits::MAX_PIECE_TEXT_BYTES`].
    over_limit: Vec<String>,
}

impl Oddities {
    fn add(&mut self, id: &str, read: &mut Read) {
        for (k, n) in std::mem::take(&mut read.missing_prototypes) {
            *self.missing_prototypes.entry(k).or_insert(0) += n;
        }
        for (k, n) in std::mem::take(&mut read.custom_traits) {
            *self.custom_traits.entry(k).or_insert(0) += n;
        }
        for k in std::mem::take(&mut read.unresolved) {
            *self.unresolved.entry(k).or_insert(0) += 1;
        }
        if read.left_out > 0 {
            self.left_out.push(id.to_string());
        }
    }

    fn warnings(self, warnings: &mut Vec<Warning>) {
        for (name, n) in self.missing_prototypes {
            warnings.push(diag(
                ErrorKind::UnknownPiece,
                format!("{n} trait(s) use prototype `{name}`, which the module lacks: their traits are not read"),
            ));
        }
        for (kind, n) in self.custom_traits {
            warnings.push(diag(
                ErrorKind::CustomClass,
                format!("{n} trait(s) of type `{kind}` no standard VASSAL trait has (a class of the module's own?): kept raw"),
            ));
        }
        if !self.unresolved.is_empty() {
            let mut named: Vec<(String, usize)> = self.unresolved.into_iter().collect();
            named.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            let shown: Vec<String> = named
                .iter()
                .take(10)
                .map(|(k, n)| {
                    let k = wargame_kit::terminal::one_line(k);
                    if k == label::EXPRESSION {
                        format!("a BeanShell expression {k} ({n} piece(s))")
                    } else {
                        format!("`${k}$` ({n} piece(s))")
                    }
                })
                .collect();
            let more = named.len() - shown.len();
            warnings.push(diag(
                ErrorKind::Unreadable,
                format!(
                    "labels of pieces refer to properties the reader does not know (a Calculated Property, a global property of the module, a map or a zone, a deck's): kept as written in the names and labels: {}{}",
                    shown.join(", "),
                    if more > 0 { format!(" and {more} more") } else { String::new() },
                ),
            ));
        }
        if !self.over_limit.is_empty() {
            let shown: Vec<&str> = self
                .over_limit
                .iter()
                .take(10)
                .map(String::as_str)
                .collect();
            let more = self.over_limit.len() - shown.len();
            warnings.push(diag(
                ErrorKind::Limit,
                format!(
                    "{} piece(s) would take more than {} bytes of text each (the reader's limit, vassal::limits::MAX_PIECE_TEXT_BYTES): withheld, their id and place only: {}{}",
                    self.over_limit.len(),
                    limits::MAX_PIECE_TEXT_BYTES,
                    shown.join(", "),
                    if more > 0 { format!(" and {more} more") } else { String::new() },
                ),
            ));
        }
        if !self.left_out.is_empty() {
            let shown: Vec<&str> = self.left_out.iter().take(10).map(String::as_str).collect();
            warnings.push(diag(
                ErrorKind::Limit,
                format!(
                    "{} piece(s) have more than {} traits (the limit of the reader): their outermost {} and their basic piece are read; {}",
                    self.left_out.len(),
                    limits::MAX_TRAITS,
                    limits::MAX_TRAITS - 1,
                    shown.join(", ")
                ),
            ));
        }
    }
}

/// A piece of `position` before it is located: its record, where the save puts it, its deck.
struct InSave<'p> {
    id: &'p str,
    ty: &'p str,
    state: &'p str,
    map: Option<String>,
    point: (i32, i32),
    deck: Option<String>,
    /// Its place in its deck from the top, and the deck's size.
    in_deck: Option<(usize, usize)>,
    face_down: bool,
}

/// The pieces of `position` in the order the game added them.
fn found(position: &Position) -> impl Iterator<Item = InSave<'_>> {
    let deck_places = position.deck_places();
    position
        .records
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.removed)
        .filter_map(move |(at, rec)| {
            let RecKind::Piece { ty, state, .. } = &rec.kind else {
                return None;
            };
            let (map, point) = position.place_of(at);
            let parent = position.parent_of(at);
            let (deck, face_down) = match parent.map(|p| &p.kind) {
                Some(RecKind::Stack { deck: Some(d), .. }) => {
                    (parent.map(|p| p.id.clone()), d.face_down)
                }
                _ => (None, false),
            };
            Some(InSave {
                id: &rec.id,
                ty,
                state,
                map,
                point,
                in_deck: deck.as_ref().and_then(|_| deck_places.get(&at).copied()),
                deck,
                face_down,
            })
        })
}

/// How the game hides a piece from a reader with `options` (`None`: it does not).
fn hidden(maps: &Locator<'_>, f: &InSave<'_>, seen: Seen, options: &Options) -> Option<Hidden> {
    let private = f
        .map
        .as_deref()
        .and_then(|m| maps.map_def(m))
        .and_then(|m| m.private.as_ref())
        .is_some_and(|w| !w.visible_to(&options.sides));
    if seen.invisible {
        Some(Hidden::Invisible)
    } else if private {
        Some(Hidden::PrivateWindow)
    } else if seen.masked {
        Some(Hidden::Masked)
    } else if f.face_down {
        Some(Hidden::FaceDown)
    } else {
        None
    }
}

/// Every piece of `position`, located and read, and how many invisible pieces were left out;
/// refused beyond the limits on pieces, properties and text (`input_bytes`: the save's text and
/// the module's buildFile, for [`limits::text_budget`]).
///
/// Whether a piece is hidden is decided from the whole of its text first
/// ([`Visibility`]); nothing is built from a piece that is not shown.
pub(crate) fn pieces(
    module: &Module,
    position: &Position,
    locator: &Locator<'_>,
    options: &Options,
    input_bytes: usize,
    warnings: &mut Vec<Warning>,
) -> Result<(Vec<Piece>, usize), Error> {
    let mut out = Vec::new();
    let mut invisible = 0;
    let mut odd = Oddities::default();
    let mut budget = Budget::new(limits::text_budget(input_bytes));
    let prototypes = Prototypes::of(module);
    let visibility = Visibility::of(&prototypes);
    let palette = Palette::of(module, &prototypes);
    for f in found(position) {
        let (types, states) = (Levels::of(f.ty), Levels::of(f.state));
        let mut hidden = hidden(locator, &f, visibility.of_piece(&types, &states), options);
        let mut show = hidden.is_none() || options.reveal;
        let mut read = if show {
            read_traits(&prototypes, &palette, &types, &states)
        } else {
            Read::default()
        };
        budget.piece(&f, &read, show)?;
        if !show && hidden == Some(Hidden::Invisible) {
            invisible += 1;
            continue;
        }
        let place_shown = show || !hidden.is_some_and(Hidden::withholds_place);
        // A warning about a place that cannot be located names the piece only if its id shows.
        let id_shown = show || !hidden.is_some_and(Hidden::withholds_id);
        let located = if place_shown {
            Some(match &f.map {
                Some(m) if id_shown => locator.locate_piece(f.id, m, f.point.0, f.point.1),
                Some(m) => locator.locate(m, f.point.0, f.point.1),
                None => Located::offboard(),
            })
        } else {
            None
        };
        if show {
            let map_name = f
                .map
                .as_deref()
                .and_then(|m| locator.map_def(m))
                .map_or("", |m| m.name.as_str());
            let located = located.clone().unwrap_or_else(Located::offboard);
            basic_properties(&mut read, map_name, &located, f.deck.as_deref());
            if f.map.is_none() {
                read.put("LocationName", String::new());
            }
            read.put("CurrentX", f.point.0.to_string());
            read.put("CurrentY", f.point.1.to_string());
            // Every property known: the labels' formats evaluated against them.
            evaluate_labels(&mut read);
        }
        // What was built counts, kept or not: the reading's work stays within the budget.
        let built = read.spent;
        if read.over {
            odd.over_limit.push(f.id.to_string());
            (read, hidden, show) = (Read::default(), Some(Hidden::OverLimit), false);
        }
        if show {
            odd.add(f.id, &mut read);
        }
        let p = piece(f, read, hidden, show, located);
        budget.text(held(&p).max(built))?;
        out.push(p);
    }
    odd.warnings(warnings);
    // A piece whose id is withheld comes after the others, by its map, deck and place in the
    // deck: its place in the order the game added pieces would tell which piece it is.
    let (mut listed, mut withheld): (Vec<Piece>, Vec<Piece>) =
        out.into_iter().partition(|p| p.id.is_some());
    withheld.sort_by(|a, b| {
        (a.map.as_deref(), a.deck.as_deref(), a.deck_position).cmp(&(
            b.map.as_deref(),
            b.deck.as_deref(),
            b.deck_position,
        ))
    });
    listed.append(&mut withheld);
    Ok((listed, invisible))
}

/// The pieces, properties and text read so far, against [`limits::MAX_PIECES`],
/// [`limits::MAX_PROPERTIES`], [`limits::MAX_ALL_PROPERTIES`] and [`limits::text_budget`].
struct Budget {
    pieces: usize,
    properties: usize,
    /// The bytes of text the pieces read so far hold ([`held`]), and the most they may.
    text: usize,
    most_text: usize,
}

impl Budget {
    fn new(most_text: usize) -> Self {
        Budget {
            pieces: 0,
            properties: 0,
            text: 0,
            most_text,
        }
    }

    fn piece(&mut self, f: &InSave<'_>, read: &Read, shown: bool) -> Result<(), Error> {
        self.pieces += 1;
        self.properties = self.properties.saturating_add(read.props.len());
        // Nothing of what a hidden piece holds is said, not even which piece it is.
        let named = if shown {
            format!("piece `{}`", f.id)
        } else {
            "a hidden piece".to_string()
        };
        let refusal = if self.pieces > limits::MAX_PIECES {
            Some(format!(
                "the game has more than {} pieces (the reader's limit, vassal::limits::MAX_PIECES)",
                limits::MAX_PIECES
            ))
        } else if read.overflow {
            Some(format!(
                "{named} has more than {} properties (the reader's limit, vassal::limits::MAX_PROPERTIES)",
                limits::MAX_PROPERTIES
            ))
        } else if self.properties > limits::MAX_ALL_PROPERTIES {
            Some(format!(
                "the game's pieces have more than {} properties in all (the reader's limit, vassal::limits::MAX_ALL_PROPERTIES)",
                limits::MAX_ALL_PROPERTIES
            ))
        } else {
            None
        };
        match refusal {
            Some(m) => Err(Error::new(vec![diag(ErrorKind::Limit, m)])),
            None => Ok(()),
        }
    }

    /// Count a piece's text; refused beyond [`limits::text_budget`].
    fn text(&mut self, bytes: usize) -> Result<(), Error> {
        self.text = self.text.saturating_add(bytes);
        if self.text <= self.most_text {
            return Ok(());
        }
        Err(Error::new(vec![diag(
            ErrorKind::Limit,
            format!(
                "the game's pieces would take more than {} bytes of text, {} times the save and the module read and {} bytes (the reader's budget, vassal::limits::text_budget)",
                self.most_text,
                limits::TEXT_BUDGET_FACTOR,
                limits::TEXT_BUDGET_FLOOR
            ),
        )]))
    }
}

/// The bytes of text a piece holds ([`text_cost`] of each of its strings).
pub(crate) fn held(p: &Piece) -> usize {
    let opt = |t: &Option<String>| t.as_deref().map_or(0, text_cost);
    let props: usize = p
        .properties
        .iter()
        .map(|(k, v)| text_cost(k).saturating_add(text_cost(v)))
        .fold(0, usize::saturating_add);
    let layers: usize = p
        .layers
        .iter()
        .map(|l| text_cost(&l.name) + text_cost(&l.level_name) + text_cost(&l.image))
        .fold(0, usize::saturating_add);
    let slot = p.slot.as_ref().map_or(0, |s| {
        s.texts().map(text_cost).fold(0, usize::saturating_add)
    });
    let traits: usize = p
        .traits
        .iter()
        .map(|t| text_cost(&t.kind) + text_cost(&t.type_) + text_cost(&t.state))
        .fold(0, usize::saturating_add);
    let prototypes: usize = p
        .prototypes
        .iter()
        .map(|n| text_cost(n))
        .fold(0, usize::saturating_add);
    [
        opt(&p.id),
        opt(&p.name),
        opt(&p.raw_name),
        opt(&p.map),
        opt(&p.board),
        opt(&p.zone),
        opt(&p.location),
        opt(&p.deck),
        props,
        layers,
        slot,
        traits,
        prototypes,
    ]
    .into_iter()
    .fold(0, usize::saturating_add)
}

/// The piece as the reader may see it.
fn piece(
    f: InSave<'_>,
    read: Read,
    hidden: Option<Hidden>,
    show: bool,
    located: Option<Located>,
) -> Piece {
    let place = located.is_some();
    let (board, zone, location) = match located {
        Some(l) => (l.board, l.zone, Some(l.location)),
        None => (None, None, None),
    };
    let id_shown = show || !hidden.is_some_and(Hidden::withholds_id);
    Piece {
        id: id_shown.then(|| f.id.to_string()),
        name: show.then_some(read.name),
        raw_name: if show { read.raw_name } else { None },
        masked: hidden.is_some(),
        hidden,
        map: f.map,
        board,
        zone,
        x: place.then_some(f.point.0),
        y: place.then_some(f.point.1),
        location,
        deck: f.deck,
        // Where its place is withheld (another side's window), so is its place in a deck.
        deck_position: f.in_deck.filter(|_| place).map(|d| d.0),
        deck_size: f.in_deck.filter(|_| place).map(|d| d.1),
        properties: if show { read.props } else { BTreeMap::new() },
        layers: if show { read.layers } else { Vec::new() },
        slot: if show { read.slot } else { None },
        prototypes: if show { read.prototypes } else { Vec::new() },
        prototypes_found: if show { read.prototypes_found } else { None },
        traits: if show { read.traits } else { Vec::new() },
    }
}

/// A piece's traits read, its prototypes expanded; inner to outer, so that an outer trait's
/// property wins.
fn read_traits(
    prototypes: &Prototypes<'_>,
    palette: &Palette<'_>,
    types: &Levels<'_>,
    states: &Levels<'_>,
) -> Read {
    let mut read = Read::default();
    let (mut traits, left_out) = crate::nest::split_levels(types, states);
    let saved = crate::palette::names_prototypes(&traits);
    let mut expanded = Expanded::default();
    expand_prototypes(prototypes, &mut traits, &mut expanded);
    read.left_out = left_out.saturating_add(expanded.cut);
    read.missing_prototypes = expanded.missing;
    let (slot, recovered, found) = palette.recover(&traits);
    if saved {
        read.prototypes = expanded.used;
        read.prototypes_found = Some(Found::Saved);
    } else {
        read.prototypes = recovered;
        read.prototypes_found = found;
    }
    let names = read
        .prototypes
        .iter()
        .map(|n| text_cost(n))
        .fold(0, usize::saturating_add);
    let slot_cost = slot.as_ref().map_or(0, |s| {
        s.texts().map(text_cost).fold(0, usize::saturating_add)
    });
    read.slot = slot;
    read.charge(names.saturating_add(slot_cost));
    for (t, s) in traits.into_iter().rev() {
        if read.over {
            break;
        }
        read_trait(t, s, &mut read);
    }
    read
}

fn read_trait(ty_owned: String, state_owned: String, read: &mut Read) {
    let prefix = type_prefix(&ty_owned).to_string();
    if !READ.contains(&prefix.as_str()) {
        if !standard(&prefix) {
            *read.custom_traits.entry(prefix.clone()).or_insert(0) += 1;
        }
        read.keep(prefix, ty_owned, state_owned);
        return;
    }
    let (ty, state) = (ty_owned.as_str(), state_owned.as_str());
    let prefix = prefix.as_str();
    let mut fields = Decoder::new(ty, ';');
    fields.next_cow();
    match prefix {
        "piece;" => read_basic(fields, state, read),
        "mark;" => {
            let keys: Vec<String> = fields
                .next()
                .map(|k| Decoder::new(&k, ',').collect())
                .unwrap_or_default();
            let mut values = Decoder::new(state, ',');
            for k in keys {
                if read.overflow {
                    break;
                }
                let v = values.next_or("");
                read.set(k, v);
            }
        }
        "PROP;" => {
            let key = fields.next_or("name");
            read.set(key, state.to_string());
        }
        "emb2;" | "emb;" => read_layer(prefix, ty, state, read),
        "label;" => read_label(fields, state, read),
        "obs;" | "hide;" => read_mask(prefix, ty, state, read),
        "locmsg;" | "mat;" | "attach;" | "markmoved;" | "rotate;" | "propertysheet;" => {
            read_more(prefix, fields, ty, state, read);
        }
        "basicName;" => {
            // VASSAL's Basic Name: the `BasicName` of a piece whose basic piece may be nameless
            // (pieces made entirely of prototypes); such a piece goes by it.
            let name = fields.next().unwrap_or_default();
            read.steps.push(NameStep::IfNameless(name.clone()));
            if read.name.is_empty() {
                read.rename(name.clone());
            }
            read.set("BasicName".into(), name);
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
        "restrict;" => read.keep(
            prefix.to_string(),
            ty.to_string(),
            withheld_player(prefix, state),
        ),
        _ => {
            if !standard(prefix) {
                *read.custom_traits.entry(prefix.to_string()).or_insert(0) += 1;
            }
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
    }
}

/// More traits whose properties are read: a translatable message, a mat, an attachment (of
/// VASSAL 3.6 and 3.7), Mark When Moved, Can Rotate and a Property Sheet.
fn read_more(prefix: &str, mut fields: Decoder<'_>, ty: &str, state: &str, read: &mut Read) {
    match prefix {
        "locmsg;" => {
            // TranslatableMessage: `locmsg;key;description;message`, the message its property.
            let key = fields.next_or("name");
            let _description = fields.next();
            read.set(key, fields.next_or(""));
        }
        "mat;" => {
            // Mat: `mat;name;description`, state `count;id;id...`: `MatName` and
            // `MatNumCargo` (the pieces it holds, each by id).
            read.set("MatName".into(), fields.next_or(""));
            let mut ids = Decoder::new(state, ';');
            let declared = ids.next_int(0);
            let mut held = 0_usize;
            for _ in 0..declared.max(0) {
                if ids.next_cow().is_none() {
                    break;
                }
                held += 1;
            }
            read.set("MatNumCargo".into(), held.to_string());
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
        "attach;" => {
            // Attachment: `attach;name;description;...`: `AttachName` (its count and the
            // attached pieces' properties come from the other pieces: not read).
            read.set("AttachName".into(), fields.next_or(""));
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
        "markmoved;" => {
            // Mark When Moved: `Moved`, its state `true` or `false`.
            read.set("Moved".into(), (state == "true").to_string());
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
        "rotate;" => {
            if let Some((name, facing, degrees)) = rotation(fields, state) {
                read.set(format!("{name}_Facing"), facing.to_string());
                read.set(format!("{name}_Degrees"), degrees.to_string());
            }
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
        "propertysheet;" => {
            // Property Sheet: `propertysheet;definition;...`, the definition `~`-separated
            // fields, each its kind (a digit) and its name; the state their values, `~`-separated.
            // A tick field's value is what stands before its `/` (its maximum after).
            let definition = fields.next().unwrap_or_default();
            let mut values = Decoder::new(state, '~');
            for code in Decoder::new(&definition, '~') {
                if read.overflow || read.over {
                    break;
                }
                let mut chars = code.chars();
                let Some(kind) = chars.next() else { continue };
                let name = chars.as_str().to_string();
                let value = values.next_or("");
                let value = match (kind, value.find('/')) {
                    ('3'..='6', Some(at)) if at > 0 => value[..at].to_string(),
                    _ => value,
                };
                read.set(name, value);
            }
            read.keep(prefix.to_string(), ty.to_string(), state.to_string());
        }
        _ => {}
    }
}

/// Can Rotate (`FreeRotator`: `rotate;N;` then, for one angle (free rotation) its key and
/// command, else the keys and commands of both directions, then the random rotation's key and
/// command, the name; its state the angle, or the index of the facing): the name, `NAME_Facing`
/// (the index from 1) and `NAME_Degrees` (the angle's size, cut to an `int` as Java does).
/// `None` where VASSAL could not show them either (no angle, an index past the last) or the
/// angle is a hexadecimal number (not read).
fn rotation(mut fields: Decoder<'_>, state: &str) -> Option<(String, i32, i32)> {
    let n = fields.next().and_then(|t| crate::seq::parse_java_int(&t))?;
    // One angle: its key and command; else both directions' keys and commands.
    let skip = if n == 1 { 2 } else { 4 };
    for _ in 0..skip {
        fields.next_cow();
    }
    let _random_key = fields.next_cow();
    let _random_command = fields.next_cow();
    let name = fields.next_or("");
    // A state Java cannot read leaves the angle VASSAL had: 0 for a piece just made.
    if n == 1 {
        let angle = java_double(state).or_else(|| (!state.contains(['x', 'X'])).then_some(0.0))?;
        // Java's `(int)` of a double: toward zero, saturating, NaN 0 (as Rust's `as`).
        #[allow(clippy::cast_possible_truncation)]
        let degrees = angle.abs() as i32;
        return Some((name, 1, degrees));
    }
    let index = crate::seq::parse_java_int(state).unwrap_or(0);
    if index < 0 || index >= n {
        return None;
    }
    // `validAngles[i] = -i * (360.0 / N)`, its size cut to an `int`.
    #[allow(clippy::cast_possible_truncation)]
    let degrees = (-f64::from(index) * (360.0 / f64::from(n))).abs() as i32;
    Some((name, index.checked_add(1)?, degrees))
}

/// Java's `Double.parseDouble` for decimal numbers (trimmed, a `d` or `f` suffix allowed,
/// `NaN`, `Infinity`); `None` for anything else (hexadecimal ones too: not read).
fn java_double(s: &str) -> Option<f64> {
    let t = label::java_trim(s);
    let body = t.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(t);
    let unsigned = body.strip_prefix(['+', '-']).unwrap_or(body);
    if unsigned == "NaN" || unsigned == "Infinity" {
        return body.replace("Infinity", "inf").parse().ok();
    }
    let mut parts = unsigned.splitn(2, ['e', 'E']);
    let mantissa = parts.next().unwrap_or("");
    let exponent_ok = parts.next().is_none_or(|e| {
        let d = e.strip_prefix(['+', '-']).unwrap_or(e);
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    });
    let digits = mantissa.bytes().filter(u8::is_ascii_digit).count();
    let dots = mantissa.bytes().filter(|b| *b == b'.').count();
    if !exponent_ok || digits == 0 || dots > 1 || digits + dots != mantissa.len() {
        return None;
    }
    body.parse().ok()
}

/// The basic piece (`piece;cloneKey;deleteKey;image;name`, state `map;x;y;gpid;count;(key;value)*`):
/// its name and its persistent properties.
fn read_basic(mut fields: Decoder<'_>, state: &str, read: &mut Read) {
    // piece;cloneKey;deleteKey;image;name / map;x;y;gpid;count;(key;value)*
    let _clone = fields.next();
    let _delete = fields.next();
    let _image = fields.next();
    let name = fields.next().unwrap_or_default();
    read.steps.push(NameStep::Basic(name.clone()));
    read.rename(name);
    read.set("BasicName".into(), read.name.clone());
    let mut st = Decoder::new(state, ';');
    for _ in 0..4 {
        st.next();
    }
    let count = st.next_int(0);
    for _ in 0..count.max(0) {
        if !st.has_more() || read.over {
            break;
        }
        let key = st.next_or("");
        let value = st.next_or("");
        read.set(key, value);
    }
}

/// A label (`Labeler`, `label;` with the name format its 12th field and its property the
/// 16th; its state the text): its property and the name it gives the piece, the formats as
/// written ([`evaluate_labels`] evaluates them once every property is known).
fn read_label(fields: Decoder<'_>, state: &str, read: &mut Read) {
    let f: Vec<String> = fields.collect();
    let name_format = f
        .get(11)
        .map_or("$pieceName$ ($label$)", String::as_str)
        .replace("$PieceName$", "$pieceName$");
    let property = f
        .get(15)
        .cloned()
        .unwrap_or_else(|| "TextLabel".to_string());
    let mut copied = 0;
    let Some(text) = label::label_text(state, &property, read.room(), &mut copied) else {
        read.over = true;
        return;
    };
    if !read.charge(
        copied
            .saturating_add(text_cost(&text))
            .saturating_add(text_cost(&name_format)),
    ) {
        return;
    }
    let index = read.labels.len();
    if !property.is_empty() {
        read.set(property.clone(), text.clone());
        read.label_props.insert(property, index);
    }
    read.steps.push(NameStep::Label(index));
    if !text.is_empty() {
        // A format naming `$pieceName$` twice doubles the name: never built past the share.
        let mut work = Work {
            room: read.room(),
            ..Work::default()
        };
        let vars = [("pieceName", read.name.as_str()), ("label", text.as_str())];
        match expand(&name_format, &vars, &mut Unknown, &mut work) {
            Some(name) => read.rename(name),
            None => read.over = true,
        }
    }
    read.labels.push(LabelDef { text, name_format });
}

/// The labels' texts and name formats evaluated as VASSAL does
/// (`FormattedString.getText(piece)`, [`label`]), once every property of the piece is known:
/// the name replayed inner to outer, each label's property its text evaluated. Every byte
/// written is charged to the piece's share; a reference to a property the reader does not know
/// is kept as written ([`Read::unresolved`]).
fn evaluate_labels(read: &mut Read) {
    if read.labels.is_empty() || read.over {
        return;
    }
    let mut eval = Evaluation {
        props: &read.props,
        labels: &read.labels,
        label_props: &read.label_props,
        inner: vec![None; read.labels.len()],
        values: vec![Value::Todo; read.labels.len()],
        depth: 0,
    };
    let mut work = Work {
        room: read.room(),
        ..Work::default()
    };
    let name = replay_name(&read.steps, &mut eval, &mut work);
    let mut ok = name.is_some();
    let name = name.unwrap_or_else(|| Rc::from(""));
    let mut values = Vec::new();
    if ok {
        for (key, &i) in eval.label_props {
            match eval.label_value(i, &mut work) {
                Some(v) => values.push((key.clone(), v)),
                None => {
                    ok = false;
                    break;
                }
            }
        }
    }
    if !ok || !read.charge(work.spent) {
        read.over = true;
        return;
    }
    read.unresolved = std::mem::take(&mut work.unresolved);
    if *name != *read.name {
        let raw = std::mem::replace(&mut read.name, name.to_string());
        if read.charge(text_cost(&raw)) {
            read.raw_name = Some(raw);
        }
        read.put("PieceName", read.name.clone());
    }
    for (key, value) in values {
        if read.props.get(&key).is_some_and(|v| **v != *value) {
            read.put(&key, value.to_string());
        }
    }
}

/// The name replayed inner to outer, the labels' formats evaluated; `None` when over the room.
fn replay_name(steps: &[NameStep], eval: &mut Evaluation<'_>, work: &mut Work) -> Option<Rc<str>> {
    let mut name: Rc<str> = Rc::from("");
    for step in steps {
        match step {
            NameStep::Basic(n) => name = Rc::from(n.as_str()),
            NameStep::IfNameless(n) => {
                if name.is_empty() {
                    name = Rc::from(n.as_str());
                }
            }
            NameStep::Layer(cname) => {
                let n = layer_name(&name, cname, work.room.saturating_sub(work.spent))?;
                if !work.charge(n.len()) {
                    return None;
                }
                name = Rc::from(n);
            }
            NameStep::Label(i) => {
                let i = *i;
                if let Some(slot) = eval.inner.get_mut(i) {
                    *slot = Some(name.clone());
                }
                let Some(def) = eval.labels.get(i) else {
                    continue;
                };
                if def.text.is_empty() {
                    continue;
                }
                let label = eval.label_value(i, work)?;
                let vars = [("pieceName", &*name), ("label", &*label)];
                name = Rc::from(expand(&def.name_format, &vars, eval, work)?);
            }
        }
    }
    Some(name)
}

/// A label's text evaluated, once ([`evaluate_labels`]).
#[derive(Clone)]
enum Value {
    Todo,
    /// Being evaluated: a reference back to it is a loop, kept as written.
    Busy,
    Done(Rc<str>),
}

/// The properties of a piece as its labels' formats see them: a label's property its text
/// evaluated, every other the value read.
struct Evaluation<'r> {
    props: &'r BTreeMap<String, String>,
    labels: &'r [LabelDef],
    label_props: &'r BTreeMap<String, usize>,
    /// The name inside each label (its `PieceName`), once the replay reached it.
    inner: Vec<Option<Rc<str>>>,
    values: Vec<Value>,
    /// How many label texts are being evaluated, one inside the other.
    depth: usize,
}

impl Evaluation<'_> {
    /// Label `i`'s text evaluated (`Labeler.getLabel`); `None` when over the room, or (for a
    /// reference to it) when it loops or nests past [`label::MAX_LABEL_NESTING`].
    fn label_value(&mut self, i: usize, work: &mut Work) -> Option<Rc<str>> {
        match self.values.get(i)? {
            Value::Done(v) => return Some(v.clone()),
            Value::Busy => return None,
            Value::Todo => {}
        }
        if self.depth >= label::MAX_LABEL_NESTING {
            return None;
        }
        let labels = self.labels;
        let def = labels.get(i)?;
        self.values[i] = Value::Busy;
        self.depth += 1;
        // `Labeler.setLabel` gives the text the name inside the label as `PieceName`.
        let inner = self.inner.get(i).cloned().flatten();
        let vars: Vec<(&str, &str)> = inner
            .as_deref()
            .map(|n| ("PieceName", n))
            .into_iter()
            .collect();
        let out = expand(&def.text, &vars, self, work);
        self.depth -= 1;
        match out {
            Some(v) => {
                let v: Rc<str> = Rc::from(v);
                self.values[i] = Value::Done(v.clone());
                Some(v)
            }
            None => {
                self.values[i] = Value::Todo;
                None
            }
        }
    }
}

impl label::Properties for Evaluation<'_> {
    fn value(&mut self, name: &str, work: &mut Work) -> Option<Rc<str>> {
        // The name being evaluated is no property a label's format may see (VASSAL gives the
        // text the inner name, and turns `$PieceName$` in a name format into `$pieceName$`).
        if name == "PieceName" {
            return None;
        }
        if let Some(&i) = self.label_props.get(name) {
            return self.label_value(i, work);
        }
        self.props.get(name).map(|v| Rc::from(v.as_str()))
    }
}

/// A mask (`obs;`, Mask) or a hiding (`hide;`, Invisible): on when a player is named.
fn read_mask(prefix: &str, ty: &str, state: &str, read: &mut Read) {
    // Whether it hides the piece was decided before the piece was read (`visibility`).
    let on = mask_on(prefix, state);
    if prefix == "obs;" {
        read.set("ObscuredToOthers".into(), on.to_string());
    } else {
        read.set("Invisible".into(), on.to_string());
    }
    read.keep(
        prefix.to_string(),
        ty.to_string(),
        withheld_player(prefix, state),
    );
}

/// A Mask's, an Invisible's or a Restricted Access's state with the player who set it written
/// `*`: VASSAL's player id is the password the player chose, shown to no one.
fn withheld_player(prefix: &str, state: &str) -> String {
    let (owner, rest) = match prefix {
        "obs;" => {
            let mut d = Decoder::new(state, ';');
            let owner = d.next_or("null");
            (owner, d.remainder().map(|r| format!(";{r}")))
        }
        _ => (state.to_string(), None),
    };
    if owner == "null" || (prefix == "restrict;" && owner.is_empty()) {
        return state.to_string();
    }
    format!("*{}", rest.unwrap_or_default())
}

/// A layer's level and names (`Embellishment`, and the older `emb;` form).
fn read_layer(prefix: &str, ty: &str, state: &str, read: &mut Read) {
    let mut f = Decoder::new(ty, ';');
    f.next();
    let (name, images, names, activate_key): (String, Vec<String>, Vec<String>, String) =
        if prefix == "emb2;" {
            // Only fields 2 (activate key), 15 (images), 16 (level names), 18 (name) are read.
            let mut wanted: [std::borrow::Cow<'_, str>; 4] = Default::default();
            for i in 0..=18 {
                let Some(t) = f.next_cow() else { break };
                match i {
                    2 => wanted[0] = t,
                    15 => wanted[1] = t,
                    16 => wanted[2] = t,
                    18 => wanted[3] = t,
                    _ => {}
                }
            }
            let images: Vec<String> = Decoder::new(&wanted[1], ',').collect();
            let names: Vec<String> = Decoder::new(&wanted[2], ',').collect();
            (wanted[3].to_string(), images, names, wanted[0].to_string())
        } else {
            // emb;activateKey[;reset...];activateCommand;upKey;upCommand;downKey;downCommand;x;y;image,name;...
            let v: Vec<String> = f.collect();
            let activate = v
                .first()
                .map(|a| Decoder::new(a, ';').next().unwrap_or_default())
                .unwrap_or_default();
            let mut images = Vec::new();
            let mut names = Vec::new();
            for level in v.iter().skip(7) {
                let mut d = Decoder::new(level, ',');
                images.push(d.next().unwrap_or_default());
                names.push(d.next().unwrap_or_default());
            }
            (String::new(), images, names, activate)
        };
    let default = if activate_key.is_empty() { 1 } else { -1 };
    let value = Decoder::new(state, ';').next_int(default);
    let active = value > 0;
    let index = usize::try_from(value.unsigned_abs())
        .unwrap_or(0)
        .checked_sub(1);
    let level_name = if active {
        index
            .and_then(|i| names.get(i))
            .map(|n| strip_plus(n))
            .unwrap_or_default()
    } else {
        String::new()
    };
    let image = if active {
        index
            .and_then(|i| images.get(i))
            .cloned()
            .unwrap_or_default()
    } else {
        String::new()
    };
    // The name of the piece with this layer: a level name replaces it, or with `+` adds to it.
    if active && let Some(cname) = index.and_then(|i| names.get(i)).filter(|c| !c.is_empty()) {
        rename_by_layer(read, cname);
    }
    read.set(format!("{name}_Level"), value.to_string());
    read.set(format!("{name}_Active"), active.to_string());
    read.set(format!("{name}_Name"), level_name.clone());
    read.set(format!("{name}_Image"), image.clone());
    let cost = text_cost(&name) + text_cost(&level_name) + text_cost(&image);
    if !read.charge(cost) {
        return;
    }
    read.layers.push(Layer {
        name,
        level: value,
        active,
        level_name,
        image,
    });
}

/// The piece's name under a layer's level name `cname`: `+suffix` adds to it, `prefix+`
/// puts before it, anything else replaces it; never built past the piece's share.
fn rename_by_layer(read: &mut Read, cname: &str) {
    read.steps.push(NameStep::Layer(cname.to_string()));
    match layer_name(&read.name, cname, read.room()) {
        Some(name) => read.rename(name),
        None => read.over = true,
    }
}

/// `name` under a layer's level name `cname`, or `None` when longer than `most` bytes.
fn layer_name(name: &str, cname: &str, most: usize) -> Option<String> {
    let mut d = Decoder::new(cname, '+');
    let first = d.next().unwrap_or_default();
    let second = d.next();
    let len = match &second {
        Some(second) if first.is_empty() => name.len().saturating_add(second.len()),
        Some(_) => first.len().saturating_add(name.len()),
        None => first.len(),
    };
    if len > most {
        return None;
    }
    Some(match second {
        Some(second) if first.is_empty() => format!("{name}{second}"),
        Some(_) => format!("{first}{name}"),
        None => first,
    })
}

fn strip_plus(s: &str) -> String {
    if let Some(r) = s.strip_prefix('+') {
        r.to_string()
    } else if let Some(r) = s.strip_suffix('+') {
        r.to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traits_split_outer_first() {
        let ty = "mark;Side\tpiece;;;img.png;Odin";
        let state = "Aesir\tMain;10;20;;0";
        let (t, _) = crate::nest::split_traits(ty, state);
        assert_eq!(
            t,
            vec![
                ("mark;Side".to_string(), "Aesir".to_string()),
                (
                    "piece;;;img.png;Odin".to_string(),
                    "Main;10;20;;0".to_string()
                )
            ]
        );
        assert_eq!(type_prefix("stack"), "stack");
        assert_eq!(type_prefix("emb2;x;y"), "emb2;");
    }

    /// A piece named Tank with a two-level `Step` layer, read at `level`.
    fn tank_at(level: &str) -> Read {
        let mut r = Read {
            name: "Tank".into(),
            ..Read::default()
        };
        read_layer(
            "emb2;",
            "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;a.png,b.png;,+ (reduced);true;Step;;;false;;1;1",
            level,
            &mut r,
        );
        r
    }

    #[test]
    fn every_standard_trait_type_is_listed_once() {
        let all: Vec<&str> = READ.iter().chain(KEPT.iter()).copied().collect();
        let unique: BTreeSet<&str> = all.iter().copied().collect();
        assert_eq!(unique.len(), all.len(), "{all:?}");
        assert!(all.iter().all(|p| p.ends_with(';') && p.len() > 1));
        for p in [
            "locmsg;",
            "mat;",
            "matPiece;",
            "locCommand;",
            "attach;",
            "cmt;",
        ] {
            assert!(standard(p), "{p}");
        }
        assert!(!standard("com.example.Odd;"));
    }

    #[test]
    fn doubles_as_java_reads_them() {
        assert_eq!(java_double(" -45.7 "), Some(-45.7));
        assert_eq!(java_double("90d"), Some(90.0));
        assert_eq!(java_double("1e2"), Some(100.0));
        assert_eq!(java_double(".5"), Some(0.5));
        assert!(java_double("NaN").is_some_and(f64::is_nan));
        assert_eq!(java_double("-Infinity"), Some(f64::NEG_INFINITY));
        for bad in ["", "inf", "nan", "0x1p3", "1e", "1.2.3", "e5", "12a"] {
            assert_eq!(java_double(bad), None, "{bad}");
        }
    }

    #[test]
    fn layer_names_and_levels() {
        let r = tank_at("2");
        assert_eq!(r.name, "Tank (reduced)");
        assert_eq!(r.props["Step_Level"], "2");
        assert_eq!(r.props["Step_Name"], " (reduced)");
        assert_eq!(r.layers[0].image, "b.png");
        let r = tank_at("-1");
        assert_eq!(r.name, "Tank");
        assert_eq!(r.props["Step_Active"], "false");
    }
}
