//! Pieces: a basic piece inside its traits (VASSAL's decorators), each trait a type and a
//! state. The properties of the basic piece, markers, dynamic properties, layers, labels and
//! prototypes are read; every other trait is kept as its raw type and state. A masked or hidden
//! piece shows only its place unless the caller reveals it.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::{ErrorKind, Warning, diag};
use crate::grid::format_string;
use crate::locate::Locator;
use crate::save::{Position, RecKind};
use crate::seq::Decoder;
use crate::{Module, Options, limits};

/// A piece of the game, located.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Piece {
    /// The piece's id in the save.
    pub id: String,
    /// Its name as VASSAL shows it (layers and labels applied); `None` when masked.
    pub name: Option<String>,
    /// Masked (Mask trait) or hidden (Invisible trait) by a player, or in a face-down deck:
    /// only its place is shown unless revealed.
    pub masked: bool,
    /// The map the save puts it on (as the save names it), `None` when on no map.
    pub map: Option<String>,
    /// The board holding its point.
    pub board: Option<String>,
    /// The zone holding its point.
    pub zone: Option<String>,
    /// Map pixel position as the save stores it.
    pub x: i32,
    /// Map pixel position as the save stores it.
    pub y: i32,
    /// The location name as VASSAL shows it, `offboard`, or `unknown` (see
    /// [`Located::location`](crate::Located::location)).
    pub location: String,
    /// The id of the deck it is in, when in one.
    pub deck: Option<String>,
    /// Its properties: the basic piece's (`BasicName`, `LocationName`, `CurrentMap`,
    /// `CurrentBoard`, `CurrentZone`, `CurrentX`, `CurrentY`, the persistent ones such as
    /// `OldLocationName`), markers, dynamic properties, layers (`NAME_Level`, `NAME_Active`,
    /// `NAME_Name`, `NAME_Image`), labels and the prototypes' own. Empty when masked.
    pub properties: BTreeMap<String, String>,
    /// Its layers (Embellishment traits), outermost first. Empty when masked.
    pub layers: Vec<Layer>,
    /// The prototypes it uses, outermost first. Empty when masked.
    pub prototypes: Vec<String>,
    /// Every other trait, raw, outermost first. Empty when masked.
    pub traits: Vec<Trait>,
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

/// VASSAL's `typePrefix`: the type up to its first `;` (included), or the whole type.
pub fn type_prefix(ty: &str) -> &str {
    match ty.find(';') {
        Some(i) => &ty[..=i],
        None => ty,
    }
}

/// The traits of a piece, outermost first, each (type, state); the basic piece is last.
pub fn split_traits(ty: &str, state: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut t = Some(ty.to_string());
    let mut s = Some(state.to_string());
    // Each level copies what is left: bounded, so that a hostile nesting stays linear.
    let mut budget = limits::nesting_budget(ty.len() + state.len());
    while let Some(tt) = t.take() {
        let cost = tt.len() + s.as_ref().map_or(0, String::len);
        if out.len() >= limits::MAX_TRAITS || cost > budget {
            break;
        }
        budget -= cost;
        let mut td = Decoder::new(&tt, '\t');
        let head = td.next().unwrap_or_default();
        let rest = td.next();
        let (sh, srest) = match s.take() {
            Some(ss) => {
                let mut sd = Decoder::new(&ss, '\t');
                let h = sd.next().unwrap_or_default();
                let r = sd.next();
                (h, r)
            }
            None => (String::new(), None),
        };
        out.push((head, sh));
        t = rest;
        s = srest;
    }
    out
}

/// The trait types whose properties are read.
const READ: [&str; 9] = [
    "piece;",
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
const KEPT: [&str; 35] = [
    "immob;",
    "table;",
    "propertysheet;",
    "rotate;",
    "pivot;",
    "nonRect;",
    "nonRect2;",
    "restrict;",
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

#[derive(Default)]
struct Read {
    name: String,
    masked: bool,
    props: BTreeMap<String, String>,
    layers: Vec<Layer>,
    prototypes: Vec<String>,
    traits: Vec<Trait>,
}

/// The basic piece's properties, as VASSAL's `BasicPiece` gives them: where it is and its name.
fn basic_properties(
    read: &mut Read,
    module: &Module,
    map: Option<&str>,
    located: &crate::Located,
    (x, y): (i32, i32),
    deck: Option<&str>,
) {
    let name = read.name.clone();
    let props = &mut read.props;
    let map_name = map
        .and_then(|m| module.map(m))
        .map(|m| m.name.clone())
        .unwrap_or_default();
    let location = if map.is_some() {
        located.location.clone()
    } else {
        String::new()
    };
    props.insert("LocationName".into(), location);
    props.insert("CurrentMap".into(), map_name);
    props.insert(
        "CurrentBoard".into(),
        located.board.clone().unwrap_or_default(),
    );
    props.insert(
        "CurrentZone".into(),
        located.zone.clone().unwrap_or_default(),
    );
    props.insert("CurrentX".into(), x.to_string());
    props.insert("CurrentY".into(), y.to_string());
    props.insert("DeckName".into(), deck.unwrap_or_default().to_string());
    props.insert("PieceName".into(), name);
}

/// Every piece of `position`, located and read.
pub(crate) fn pieces(
    module: &Module,
    position: &Position,
    locator: &Locator<'_>,
    options: &Options,
    warnings: &mut Vec<Warning>,
) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut missing_prototypes: BTreeMap<String, usize> = BTreeMap::new();
    let mut custom_traits: BTreeMap<String, usize> = BTreeMap::new();
    for (at, rec) in position.records.iter().enumerate() {
        let RecKind::Piece { ty, state, .. } = &rec.kind else {
            continue;
        };
        if rec.removed {
            continue;
        }
        let (map, (x, y)) = position.place_of(at);
        let located = match &map {
            Some(m) => locator.locate_piece(&rec.id, m, x, y),
            None => crate::Located {
                board: None,
                zone: None,
                location: "offboard".to_string(),
            },
        };
        let parent = position.parent_of(at);
        let (deck, face_down) = match parent.map(|p| &p.kind) {
            Some(RecKind::Stack { deck: Some(d), .. }) => {
                (parent.map(|p| p.id.clone()), d.face_down)
            }
            _ => (None, false),
        };
        let mut read = Read::default();
        let mut traits = split_traits(ty, state);
        expand_prototypes(
            module,
            &mut traits,
            &mut read.prototypes,
            &mut missing_prototypes,
            0,
        );
        // Inner to outer: an outer trait's property wins.
        for (t, s) in traits.into_iter().rev() {
            read_trait(t, s, &mut read, &mut custom_traits);
        }
        basic_properties(
            &mut read,
            module,
            map.as_deref(),
            &located,
            (x, y),
            deck.as_deref(),
        );
        let masked = read.masked || face_down;
        let show = !masked || options.reveal;
        out.push(Piece {
            id: rec.id.clone(),
            name: show.then(|| read.name.clone()),
            masked,
            map,
            board: located.board,
            zone: located.zone,
            x,
            y,
            location: located.location,
            deck,
            properties: if show { read.props } else { BTreeMap::new() },
            layers: if show { read.layers } else { Vec::new() },
            prototypes: if show { read.prototypes } else { Vec::new() },
            traits: if show { read.traits } else { Vec::new() },
        });
    }
    for (name, n) in missing_prototypes {
        warnings.push(diag(
            ErrorKind::UnknownPiece,
            format!("{n} trait(s) use prototype `{name}`, which the module lacks: their traits are not read"),
        ));
    }
    for (kind, n) in custom_traits {
        warnings.push(diag(
            ErrorKind::CustomClass,
            format!("{n} trait(s) of type `{kind}` no standard VASSAL trait has (a class of the module's own?): kept raw"),
        ));
    }
    out
}

/// Replace each prototype trait by the prototype's own traits (its basic piece dropped).
fn expand_prototypes(
    module: &Module,
    traits: &mut Vec<(String, String)>,
    used: &mut Vec<String>,
    missing: &mut BTreeMap<String, usize>,
    depth: usize,
) {
    let mut i = 0;
    while i < traits.len() {
        // A prototype using itself twice would double at each level: every expansion counts.
        if used.len() >= limits::MAX_TRAITS {
            traits.retain(|(t, _)| type_prefix(t) != "prototype;");
            return;
        }
        if type_prefix(&traits[i].0) != "prototype;" {
            i += 1;
            continue;
        }
        let mut st = Decoder::new(&traits[i].0["prototype;".len()..], ';');
        let name = st.next().unwrap_or_default();
        used.push(name.clone());
        let inner = match module.prototype(&name) {
            Some(p) if depth < limits::MAX_PROTOTYPE_DEPTH => {
                let def = p.definition.trim();
                let body = def.strip_prefix("+/").unwrap_or(def);
                let mut d = Decoder::new(body, '/');
                let _id = d.next();
                let ty = d.next().unwrap_or_default();
                let state = d.next().unwrap_or_default();
                let mut sub = split_traits(&ty, &state);
                if sub.last().is_some_and(|(t, _)| type_prefix(t) == "piece;") {
                    sub.pop();
                }
                expand_prototypes(module, &mut sub, used, missing, depth + 1);
                sub
            }
            Some(_) => Vec::new(),
            None => {
                *missing.entry(name).or_insert(0) += 1;
                Vec::new()
            }
        };
        let n = inner.len();
        traits.splice(i..=i, inner);
        i += n;
        if traits.len() > limits::MAX_TRAITS {
            traits.truncate(limits::MAX_TRAITS);
        }
    }
}

fn read_trait(
    ty_owned: String,
    state_owned: String,
    read: &mut Read,
    custom: &mut BTreeMap<String, usize>,
) {
    let prefix = type_prefix(&ty_owned).to_string();
    if !READ.contains(&prefix.as_str()) {
        if !standard(&prefix) {
            *custom.entry(prefix.clone()).or_insert(0) += 1;
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
                let v = values.next_or("");
                read.props.insert(k, v);
            }
        }
        "PROP;" => {
            let key = fields.next_or("name");
            read.props.insert(key, state.to_string());
        }
        "emb2;" | "emb;" => read_layer(prefix, ty, state, read),
        "label;" => read_label(fields, state, read),
        "obs;" | "hide;" => read_mask(prefix, ty, state, read),
        _ => {
            if !standard(prefix) {
                *custom.entry(prefix.to_string()).or_insert(0) += 1;
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
    read.props.insert("BasicName".into(), read.name.clone());
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
        read.props.insert(key, value);
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
        read.props.insert(property, state.to_string());
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
    let by = Decoder::new(state, ';').next().unwrap_or_default();
    let on = !by.is_empty() && by != "null";
    if on {
        read.masked = true;
    }
    if prefix == "obs;" {
        read.props.insert("ObscuredToOthers".into(), on.to_string());
    } else {
        read.props.insert("Invisible".into(), on.to_string());
    }
    read.traits.push(Trait {
        kind: prefix.to_string(),
        type_: ty.to_string(),
        state: state.to_string(),
    });
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
    read.props
        .insert(format!("{name}_Level"), value.to_string());
    read.props
        .insert(format!("{name}_Active"), active.to_string());
    read.props
        .insert(format!("{name}_Name"), level_name.clone());
    read.props.insert(format!("{name}_Image"), image.clone());
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
        let t = split_traits(ty, state);
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
