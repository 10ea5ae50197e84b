//! Pieces: a basic piece inside its traits (VASSAL's decorators), each trait a type and a
//! state. The properties of the basic piece, markers, dynamic properties, layers, labels and
//! prototypes are read; every other trait is kept as its raw type and state. A masked or hidden
//! piece shows only its place unless the caller reveals it.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::{ErrorKind, Warning, diag};
use crate::grid::format_string;
use crate::locate::{Located, Locator};
use crate::palette::{Found, Palette, Slot};
use crate::prototypes::{Prototypes, expand_prototypes, type_prefix};
use crate::save::{Position, RecKind};
use crate::seq::Decoder;
use crate::{Error, Module, Options, limits};

/// A piece of the game, located.
///
/// What VASSAL would not show an opponent is withheld unless the reader asks to reveal it
/// ([`Options`]): see [`Hidden`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Piece {
    /// The piece's id in the save.
    pub id: String,
    /// Its name as VASSAL shows it (layers and labels applied); `None` when withheld.
    pub name: Option<String>,
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
    /// Its properties: the basic piece's (`BasicName`, `LocationName`, `CurrentMap`,
    /// `CurrentBoard`, `CurrentZone`, `CurrentX`, `CurrentY`, the persistent ones such as
    /// `OldLocationName`), markers, dynamic properties, layers (`NAME_Level`, `NAME_Active`,
    /// `NAME_Name`, `NAME_Image`), labels and the prototypes' own. Empty when withheld.
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
    /// In a face-down deck: its id and place (the deck's) only.
    FaceDown,
    /// On a private window (`PrivateMap`, `PlayerHand`) of sides the reader does not play, not
    /// visible to all: its id and the window only.
    PrivateWindow,
    /// Invisible (Invisible trait, `hide;`, state other than `null`): VASSAL does not draw it
    /// for the other players at all. Left out and counted ([`Pieces::invisible`](crate::Pieces)).
    Invisible,
}

impl Hidden {
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

/// The trait types whose properties are read.
const READ: [&str; 11] = [
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
];

/// The standard trait types of VASSAL besides [`READ`], kept raw (the other types are kept raw
/// too, and named as classes of the module's own).
const KEPT: [&str; 34] = [
    "immob;",
    "table;",
    "propertysheet;",
    "rotate;",
    "pivot;",
    "nonRect;",
    "nonRect2;",
    "placemark;",
    "replace;",
    "report;",
    "markmoved;",
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
    "matCargo;",
    "attach;",
    "setpieceprop;",
    "comment;",
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
    /// A Mask trait is on.
    masked: bool,
    /// An Invisible trait is on.
    invisible: bool,
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
}

impl Read {
    /// Set a property of the piece, keeping at most [`limits::MAX_PROPERTIES`].
    fn set(&mut self, key: String, value: String) {
        if self.props.len() < limits::MAX_PROPERTIES || self.props.contains_key(&key) {
            self.props.insert(key, value);
        } else {
            self.overflow = true;
        }
    }
}

/// The basic piece's properties, as VASSAL's `BasicPiece` gives them: where it is and its name.
fn basic_properties(read: &mut Read, map_name: &str, located: &Located, deck: Option<&str>) {
    let name = read.name.clone();
    let props = &mut read.props;
    props.insert("LocationName".into(), located.location.clone());
    props.insert("CurrentMap".into(), map_name.to_string());
    props.insert(
        "CurrentBoard".into(),
        located.board.clone().unwrap_or_default(),
    );
    props.insert(
        "CurrentZone".into(),
        located.zone.clone().unwrap_or_default(),
    );
    props.insert("DeckName".into(), deck.unwrap_or_default().to_string());
    props.insert("PieceName".into(), name);
}

/// What the reading of every piece found odd, summed over the pieces shown.
#[derive(Default)]
struct Oddities {
    missing_prototypes: BTreeMap<String, usize>,
    custom_traits: BTreeMap<String, usize>,
    left_out: Vec<String>,
}

impl Oddities {
    fn add(&mut self, id: &str, read: &mut Read) {
        for (k, n) in std::mem::take(&mut read.missing_prototypes) {
            *self.missing_prototypes.entry(k).or_insert(0) += n;
        }
        for (k, n) in std::mem::take(&mut read.custom_traits) {
            *self.custom_traits.entry(k).or_insert(0) += n;
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
    face_down: bool,
}

/// The pieces of `position` in the order the game added them.
fn found(position: &Position) -> impl Iterator<Item = InSave<'_>> {
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
                deck,
                face_down,
            })
        })
}

/// How the game hides a piece from a reader with `options` (`None`: it does not).
fn hidden(maps: &Locator<'_>, f: &InSave<'_>, read: &Read, options: &Options) -> Option<Hidden> {
    let private = f
        .map
        .as_deref()
        .and_then(|m| maps.map_def(m))
        .and_then(|m| m.private.as_ref())
        .is_some_and(|w| !w.visible_to(&options.sides));
    if read.invisible {
        Some(Hidden::Invisible)
    } else if private {
        Some(Hidden::PrivateWindow)
    } else if read.masked {
        Some(Hidden::Masked)
    } else if f.face_down {
        Some(Hidden::FaceDown)
    } else {
        None
    }
}

/// Every piece of `position`, located and read, and how many invisible pieces were left out;
/// refused beyond the limits on pieces and properties.
pub(crate) fn pieces(
    module: &Module,
    position: &Position,
    locator: &Locator<'_>,
    options: &Options,
    warnings: &mut Vec<Warning>,
) -> Result<(Vec<Piece>, usize), Error> {
    let mut out = Vec::new();
    let mut invisible = 0;
    let mut odd = Oddities::default();
    let mut budget = Budget::default();
    let prototypes = Prototypes::of(module);
    let palette = Palette::of(module, &prototypes);
    for f in found(position) {
        let mut read = read_traits(&prototypes, &palette, f.ty, f.state);
        let hidden = hidden(locator, &f, &read, options);
        let show = hidden.is_none() || options.reveal;
        budget.piece(&f, &read, show)?;
        if !show && hidden == Some(Hidden::Invisible) {
            invisible += 1;
            continue;
        }
        let place_shown = show || !hidden.is_some_and(Hidden::withholds_place);
        let located = if place_shown {
            Some(match &f.map {
                Some(m) => locator.locate_piece(f.id, m, f.point.0, f.point.1),
                None => Located::offboard(),
            })
        } else {
            None
        };
        if show {
            odd.add(f.id, &mut read);
            let map_name = f
                .map
                .as_deref()
                .and_then(|m| locator.map_def(m))
                .map_or("", |m| m.name.as_str());
            let located = located.clone().unwrap_or_else(Located::offboard);
            basic_properties(&mut read, map_name, &located, f.deck.as_deref());
            if f.map.is_none() {
                read.props.insert("LocationName".into(), String::new());
            }
            read.props.insert("CurrentX".into(), f.point.0.to_string());
            read.props.insert("CurrentY".into(), f.point.1.to_string());
        }
        out.push(piece(f, read, hidden, show, located));
    }
    odd.warnings(warnings);
    Ok((out, invisible))
}

/// The pieces and properties read so far, against [`limits::MAX_PIECES`],
/// [`limits::MAX_PROPERTIES`] and [`limits::MAX_ALL_PROPERTIES`].
#[derive(Default)]
struct Budget {
    pieces: usize,
    properties: usize,
}

impl Budget {
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
    Piece {
        id: f.id.to_string(),
        name: show.then_some(read.name),
        masked: hidden.is_some(),
        hidden,
        map: f.map,
        board,
        zone,
        x: place.then_some(f.point.0),
        y: place.then_some(f.point.1),
        location,
        deck: f.deck,
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
fn read_traits(prototypes: &Prototypes<'_>, palette: &Palette<'_>, ty: &str, state: &str) -> Read {
    let mut read = Read::default();
    let (mut traits, left_out) = crate::nest::split_traits(ty, state);
    read.left_out = left_out;
    let saved = crate::palette::names_prototypes(&traits);
    let mut missing = BTreeMap::new();
    expand_prototypes(
        prototypes,
        &mut traits,
        &mut read.prototypes,
        &mut missing,
        0,
    );
    read.missing_prototypes = missing;
    let (slot, recovered, found) = palette.recover(&traits);
    read.slot = slot;
    if saved {
        read.prototypes_found = Some(Found::Saved);
    } else {
        read.prototypes = recovered;
        read.prototypes_found = found;
    }
    for (t, s) in traits.into_iter().rev() {
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
        read.traits.push(Trait {
            kind: prefix,
            type_: ty_owned,
            state: state_owned,
        });
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
        "basicName;" => {
            // VASSAL's Basic Name: the `BasicName` of a piece whose basic piece may be nameless
            // (pieces made entirely of prototypes); such a piece goes by it.
            let name = fields.next().unwrap_or_default();
            if read.name.is_empty() {
                read.name.clone_from(&name);
            }
            read.set("BasicName".into(), name);
            read.traits.push(Trait {
                kind: prefix.to_string(),
                type_: ty.to_string(),
                state: state.to_string(),
            });
        }
        "restrict;" => read.traits.push(Trait {
            kind: prefix.to_string(),
            type_: ty.to_string(),
            state: withheld_player(prefix, state),
        }),
        _ => {
            if !standard(prefix) {
                *read.custom_traits.entry(prefix.to_string()).or_insert(0) += 1;
            }
            read.traits.push(Trait {
                kind: prefix.to_string(),
                type_: ty.to_string(),
                state: state.to_string(),
            });
        }
    }
}

/// The basic piece (`piece;cloneKey;deleteKey;image;name`, state `map;x;y;gpid;count;(key;value)*`):
/// its name and its persistent properties.
fn read_basic(mut fields: Decoder<'_>, state: &str, read: &mut Read) {
    // piece;cloneKey;deleteKey;image;name / map;x;y;gpid;count;(key;value)*
    let _clone = fields.next();
    let _delete = fields.next();
    let _image = fields.next();
    read.name = fields.next().unwrap_or_default();
    read.set("BasicName".into(), read.name.clone());
    let mut st = Decoder::new(state, ';');
    for _ in 0..4 {
        st.next();
    }
    let count = st.next_int(0);
    for _ in 0..count.max(0) {
        if !st.has_more() {
            break;
        }
        let key = st.next_or("");
        let value = st.next_or("");
        read.set(key, value);
    }
}

/// A label (`Labeler`): its property, and the name it gives the piece.
fn read_label(fields: Decoder<'_>, state: &str, read: &mut Read) {
    let f: Vec<String> = fields.collect();
    let name_format = f
        .get(11)
        .cloned()
        .unwrap_or_else(|| "$pieceName$ ($label$)".to_string());
    let property = f
        .get(15)
        .cloned()
        .unwrap_or_else(|| "TextLabel".to_string());
    if !property.is_empty() {
        read.set(property, state.to_string());
    }
    if !state.is_empty() {
        read.name = format_string(
            &name_format,
            &[("pieceName", read.name.as_str()), ("label", state)],
        );
    }
}

/// A mask (`obs;`, Mask) or a hiding (`hide;`, Invisible): on when a player is named.
fn read_mask(prefix: &str, ty: &str, state: &str, read: &mut Read) {
    // VASSAL's `mySetState`: only `null` (or no state at all) is off; a blank player is a
    // player (one who set no password).
    let on = if prefix == "obs;" {
        Decoder::new(state, ';').next_or("null") != "null"
    } else {
        state != "null"
    };
    if on && prefix == "obs;" {
        read.masked = true;
    } else if on {
        read.invisible = true;
    }
    if prefix == "obs;" {
        read.set("ObscuredToOthers".into(), on.to_string());
    } else {
        read.set("Invisible".into(), on.to_string());
    }
    read.traits.push(Trait {
        kind: prefix.to_string(),
        type_: ty.to_string(),
        state: withheld_player(prefix, state),
    });
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
        let mut d = Decoder::new(cname, '+');
        let first = d.next().unwrap_or_default();
        read.name = match d.next() {
            Some(second) if first.is_empty() => format!("{}{second}", read.name),
            Some(_) => format!("{first}{}", read.name),
            None => first,
        };
    }
    read.set(format!("{name}_Level"), value.to_string());
    read.set(format!("{name}_Active"), active.to_string());
    read.set(format!("{name}_Name"), level_name.clone());
    read.set(format!("{name}_Image"), image.clone());
    read.layers.push(Layer {
        name,
        level: value,
        active,
        level_name,
        image,
    });
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
