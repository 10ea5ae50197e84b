//! The TOML formats (a state, a VP track) and their readers. See `docs/asia-engulfed.md`.
//!
//! Reading is two passes: serde reads the shape (one error, located, if the TOML is bad); then
//! every value is converted and checked, all problems reported at once with file, key path,
//! label, line and column. Keyword values (`faction = "axis"`) are read as located strings and
//! converted here, so that each bad one is reported where it is.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;

use hexmap::Label;
use serde::de::{self, IntoDeserializer};
use serde::{Deserialize, Deserializer};
use toml::Spanned;
use wargame_kit::Source;
use wargame_kit::internal::{Collector, Locator};
use wargame_kit::resolve::Resolver;

use crate::error::{Diagnostic, Error, ErrorKind};
use crate::model::{
    BonusVp, Country, GroundUnit, MapAutomaticVictory, MarkerSide, State, StrategicHex,
    StrategicWarfareBox, TkResult, VpMarker, problems,
};
#[cfg(feature = "schema")]
use crate::model::{Check, Faction, Game, Influence, Side, WarState};
use crate::options::RuleChoices;
use crate::track::{BoxRanges, CsvRange, VpBox, VpTrack};

/// A state as written in TOML, before conversion.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct StateSpec {
    /// `dai-senso` or `axis-empires`.
    #[cfg_attr(feature = "schema", schemars(with = "Game"))]
    pub game: Spanned<String>,
    /// `seasonal` or `final`.
    #[cfg_attr(feature = "schema", schemars(with = "Check"))]
    pub check: Spanned<String>,
    /// `pre-war`, `limited-war` or `total-war`.
    #[cfg_attr(feature = "schema", schemars(with = "WarState"))]
    pub war_state: Spanned<String>,
    /// A turn name for display.
    #[serde(default)]
    pub turn: Option<String>,
    /// The Current ESV (Dai Senso alone).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<i64>"))]
    pub current_esv: Option<Spanned<i64>>,
    /// The VP marker before the check: `{ allied_crusade = "0" }` or `{ rising_sun = "1" }`.
    #[cfg_attr(feature = "schema", schemars(with = "VpMarkerSpec"))]
    pub vp_marker: Spanned<VpMarkerSpec>,
    /// The box of the Japanese Mandate marker.
    #[serde(default, deserialize_with = "box_id::optional")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<box_id::BoxIdSchema>"))]
    pub japanese_mandate: Option<Spanned<String>>,
    /// The box of the Hakko Ichiu marker.
    #[serde(default, deserialize_with = "box_id::optional")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<box_id::BoxIdSchema>"))]
    pub hakko_ichiu: Option<Spanned<String>>,
    /// Markers in the Strategic Warfare Box.
    #[serde(default)]
    pub strategic_warfare_box: StrategicWarfareBoxSpec,
    /// Countries by key.
    #[serde(default)]
    pub countries: BTreeMap<String, CountrySpec>,
    /// Strategic Hexes.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<StrategicHexSpec>"))]
    pub strategic_hexes: Vec<Spanned<StrategicHexSpec>>,
    /// Ground units.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<UnitSpec>"))]
    pub units: Vec<Spanned<UnitSpec>>,
    /// Bonus VPs on the DS map (14.45).
    #[serde(default)]
    pub bonus_vp: BonusVpSpec,
    /// Play on the DS map has stopped.
    #[serde(default)]
    pub play_stopped: bool,
    /// Play on the DS map stopped because of an Allied automatic victory in Total War.
    #[serde(default)]
    pub allied_automatic_victory_held: bool,
    /// Another VP track: a file (`"tracks/x.toml"`) or an inline `[track]` table.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<TrackRefSchema>"))]
    pub track: Option<Spanned<TrackRef>>,
    /// Tokyo's hex (default `e4904`).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub tokyo: Option<Spanned<String>>,
    /// The TK map's results (combined game only).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<TkSpec>"))]
    pub tk: Option<Spanned<TkSpec>>,
    /// Rules options: readings of ambiguous text (`victory rules dai-senso` lists them), read
    /// through [`crate::options::RULE_OPTIONS`].
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(schema_with = "rules_schema"))]
    pub rules: Option<wargame_kit::options::RulesTable>,
    /// What the file pins of its own report, for regression suites (`victory test`,
    /// `docs/suites.md`); scoring ignores it ([`crate::expect`]).
    #[serde(default)]
    #[allow(dead_code)] // read so that the key is accepted; nothing else reads it
    pub expect: Option<crate::expect::ExpectSpec>,
}

/// Box ids: a string (`"2"`, `"automatic-victory"`) or a whole number written without quotes
/// (`japanese_mandate = 2`), read as the same id.
mod box_id {
    use std::fmt;

    use serde::de::{self, Deserialize, Deserializer, Visitor};
    use toml::Spanned;

    /// The id as text, from either form.
    struct Id(String);

    impl<'de> Deserialize<'de> for Id {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
            struct V;
            impl Visitor<'_> for V {
                type Value = Id;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a box id, such as \"2\" or 2")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Id, E> {
                    Ok(Id(v.to_string()))
                }
                fn visit_u64<E: de::Error>(self, v: u64) -> Result<Id, E> {
                    Ok(Id(v.to_string()))
                }
                fn visit_i64<E: de::Error>(self, v: i64) -> Result<Id, E> {
                    u64::try_from(v)
                        .map(|n| Id(n.to_string()))
                        .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
                }
            }
            d.deserialize_any(V)
        }
    }

    /// A box id in the JSON Schema: a string or a whole number.
    #[cfg(feature = "schema")]
    #[derive(schemars::JsonSchema)]
    #[schemars(untagged)]
    #[allow(dead_code)]
    pub(super) enum BoxIdSchema {
        /// `"2"`, `"automatic-victory"`.
        Text(String),
        /// `2`.
        Number(u32),
    }

    pub(super) fn required<'de, D: Deserializer<'de>>(d: D) -> Result<Spanned<String>, D::Error> {
        let id = Spanned::<Id>::deserialize(d)?;
        let span = id.span();
        Ok(Spanned::new(span, id.into_inner().0))
    }

    pub(super) fn optional<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Spanned<String>>, D::Error> {
        required(d).map(Some)
    }
}

/// `vp_marker`: exactly one face, naming the box.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct VpMarkerSpec {
    /// The box, Rising Sun face up.
    #[serde(default, deserialize_with = "box_id::optional")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<box_id::BoxIdSchema>"))]
    pub rising_sun: Option<Spanned<String>>,
    /// The box, Allied Crusade face up.
    #[serde(default, deserialize_with = "box_id::optional")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<box_id::BoxIdSchema>"))]
    pub allied_crusade: Option<Spanned<String>>,
}

/// `[strategic_warfare_box]`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct StrategicWarfareBoxSpec {
    /// Allied Collapse markers.
    #[serde(default)]
    pub allied_collapse: u32,
    /// Military Takeover markers.
    #[serde(default)]
    pub military_takeover: u32,
}

/// `[countries.KEY]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CountrySpec {
    /// Its name.
    #[serde(default)]
    pub name: Option<String>,
    /// A Neutral Country.
    #[serde(default)]
    pub neutral: bool,
    /// A Policy Affected Country (13.6.1).
    #[serde(default)]
    pub policy_affected: bool,
    /// `pro-axis`, `pro-soviet` or `pro-west`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Influence>"))]
    pub influence: Option<Spanned<String>>,
}

/// `[[strategic_hexes]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct StrategicHexSpec {
    /// `w2819`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub label: Spanned<String>,
    /// `Batavia`.
    pub name: String,
    /// `axis`, `soviet` or `western`.
    #[cfg_attr(feature = "schema", schemars(with = "Faction"))]
    pub faction: Spanned<String>,
    /// A key under `[countries]`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub country: Option<Spanned<String>>,
    /// Inside Japan (0.1.1 Step 3).
    #[serde(default)]
    pub inside_japan: bool,
    /// `axis`, `soviet` or `western`; without it, ground units on the hex decide.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<Faction>"))]
    pub controller: Option<Spanned<String>>,
}

/// `[[units]]`: a ground unit.
#[non_exhaustive]
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct UnitSpec {
    /// The hex it occupies.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub label: Spanned<String>,
    /// `axis`, `soviet` or `western`.
    #[cfg_attr(feature = "schema", schemars(with = "Faction"))]
    pub faction: Spanned<String>,
    /// A name for people (ignored).
    #[serde(default)]
    #[allow(dead_code)] // read so that the key is accepted; nothing else reads it
    pub name: Option<String>,
}

/// `bonus_vp = { axis = 0, allies = 0 }`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct BonusVpSpec {
    /// The Axis faction's.
    #[serde(default)]
    pub axis: u32,
    /// The Allied factions'.
    #[serde(default)]
    pub allies: u32,
}

/// `[tk]`: the TK map's results.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct TkSpec {
    /// Axis VP on the TK track.
    pub axis_vp: u32,
    /// Allied VP on the TK track.
    pub allied_vp: u32,
    /// Axis Bonus VPs (14.45).
    #[serde(default)]
    pub axis_bonus_vp: u32,
    /// Allied Bonus VPs (14.45).
    #[serde(default)]
    pub allied_bonus_vp: u32,
    /// `{ winner = "axis" | "allies", war_state = "..." }`.
    #[serde(default)]
    pub automatic_victory: Option<MapAutomaticVictorySpec>,
    /// Play on the TK map has stopped.
    #[serde(default)]
    pub play_stopped: bool,
}

/// `automatic_victory = { winner, war_state }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct MapAutomaticVictorySpec {
    /// `axis` or `allies`.
    #[cfg_attr(feature = "schema", schemars(with = "Side"))]
    pub winner: Spanned<String>,
    /// The War State it was won in.
    #[cfg_attr(feature = "schema", schemars(with = "WarState"))]
    pub war_state: Spanned<String>,
}

/// A VP track: a file name, or the track inline.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum TrackRef {
    /// `track = "tracks/x.toml"`, resolved relative to the state.
    File(String),
    /// `[track]` with `[[track.boxes]]`.
    Inline(TrackSpec),
}

impl<'de> Deserialize<'de> for TrackRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = TrackRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a track file name or a track table")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TrackRef, E> {
                Ok(TrackRef::File(v.to_string()))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<TrackRef, A::Error> {
                TrackSpec::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(TrackRef::Inline)
            }
        }
        d.deserialize_any(V)
    }
}

/// The JSON Schema shape of [`TrackRef`].
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum TrackRefSchema {
    File(String),
    Inline(TrackSpec),
}

/// A VP track as written in TOML.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct TrackSpec {
    /// The track's name.
    #[serde(default)]
    pub name: Option<String>,
    /// A note for people (ignored).
    #[serde(default)]
    #[allow(dead_code)] // read so that the key is accepted; nothing else reads it
    pub note: Option<String>,
    /// The boxes, left to right.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<BoxSpec>"))]
    pub boxes: Vec<Spanned<BoxSpec>>,
}

/// `[[boxes]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct BoxSpec {
    /// The box's id.
    #[serde(deserialize_with = "box_id::required")]
    #[cfg_attr(feature = "schema", schemars(with = "box_id::BoxIdSchema"))]
    pub id: Spanned<String>,
    /// Its VP; leave out for the Automatic Victory box.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub vp: Option<Spanned<u32>>,
    /// CSVs that put the marker here keeping its face (the 0 box only).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<RangeSpec>"))]
    pub keeps_side: Option<Spanned<RangeSpec>>,
    /// CSVs that put the marker here Rising Sun up.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<RangeSpec>"))]
    pub rising_sun: Option<Spanned<RangeSpec>>,
    /// CSVs that put the marker here Allied Crusade up.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<RangeSpec>"))]
    pub allied_crusade: Option<Spanned<RangeSpec>>,
}

/// `{ min = -5, max = 0 }`; leave out an end for "or less" / "or more".
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct RangeSpec {
    /// Lowest CSV.
    #[serde(default)]
    pub min: Option<i64>,
    /// Highest CSV.
    #[serde(default)]
    pub max: Option<i64>,
}

/// Key path -> span, for locating diagnostics raised on the converted model.
#[derive(Debug, Default)]
struct Spans(BTreeMap<String, Range<usize>>);

impl Spans {
    fn put<T>(&mut self, key: impl Into<String>, s: &Spanned<T>) {
        self.0.insert(key.into(), s.span());
    }

    /// The span of the key or of its nearest recorded parent.
    fn find(&self, key: &str) -> Option<Range<usize>> {
        let mut k = key;
        loop {
            if let Some(s) = self.0.get(k) {
                return Some(s.clone());
            }
            let cut = k.rfind(['.', '[']);
            match cut {
                Some(i) => k = &k[..i],
                None => return self.0.get("").cloned(),
            }
        }
    }
}

/// Locate a model diagnostic (keyed `boxes[1].vp`) in a source, prefixing its key.
fn locate(mut d: Diagnostic, at: &Locator<'_>, spans: &Spans, prefix: &str) -> Diagnostic {
    let key = d.key.take().unwrap_or_default();
    let full = format!("{prefix}{key}");
    // The key's own span if recorded, else the key's value in the text, else the nearest
    // recorded parent's.
    let span = (spans.0.get(&key).cloned())
        .or_else(|| at.span_of(&full))
        .or_else(|| spans.find(&key));
    d.key = (!full.is_empty()).then_some(full);
    at.at(d, span)
}

/// Whether `key` is `prefix` or lies under it.
fn under(key: &str, prefix: &str) -> bool {
    key.strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
}

/// A kebab-case keyword, through the enum's own serde names; when the text names none, what
/// the enum expects, from the names serde lists ([`Expected`]).
fn keyword<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, String> {
    T::deserialize(IntoDeserializer::<Expected>::into_deserializer(text)).map_err(|e| e.0)
}

/// What a keyword's enum expects, in serde's words (`expected one of `a`, `b`, `c``), made from
/// the names serde gives [`de::Error::unknown_variant`].
#[derive(Debug)]
struct Expected(String);

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Expected {}

impl de::Error for Expected {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Expected(msg.to_string())
    }

    fn unknown_variant(_variant: &str, expected: &'static [&'static str]) -> Self {
        Expected(match expected {
            [] => "there are no variants".to_string(),
            [one] => format!("expected `{one}`"),
            [a, b] => format!("expected `{a}` or `{b}`"),
            names => {
                let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                format!("expected one of {}", names.join(", "))
            }
        })
    }
}

struct Reader<'a> {
    source: Source<'a>,
    found: Vec<Diagnostic>,
    spans: Spans,
}

impl<'a> Reader<'a> {
    fn push(&mut self, d: Diagnostic, span: Range<usize>) {
        let d = self.source.at(d, Some(span));
        self.found.push(d);
    }

    fn keyword<T: for<'de> Deserialize<'de>>(
        &mut self,
        s: &Spanned<String>,
        key: &str,
        kind: ErrorKind,
        what: &str,
    ) -> Option<T> {
        self.spans.put(key, s);
        match keyword::<T>(s.get_ref()) {
            Ok(v) => Some(v),
            Err(e) => {
                self.push(
                    Diagnostic::new(kind, format!("{what} `{}`: {e}", s.get_ref()))
                        .key(key)
                        .label(s.get_ref().clone()),
                    s.span(),
                );
                None
            }
        }
    }

    fn faction(&mut self, s: &Spanned<String>, key: &str) -> Option<crate::model::Faction> {
        self.keyword(s, key, ErrorKind::UnknownFaction, "unknown faction")
    }

    fn label(&mut self, s: &Spanned<String>, key: &str) -> Option<Label> {
        self.spans.put(key, s);
        let text = s.get_ref();
        let bad = |why: String| {
            Diagnostic::new(ErrorKind::BadLabel, why)
                .key(key)
                .label(text.clone())
        };
        match Label::parse(text, 2) {
            Ok(l) if matches!(l.sheet, Some('w' | 'e')) => Some(l),
            Ok(_) => {
                self.push(
                    bad(format!(
                        "hex label `{text}` needs the map-half prefix `w` or `e` (as in `w2819`)"
                    )),
                    s.span(),
                );
                None
            }
            Err(e) => {
                self.push(bad(e.to_string()), s.span());
                None
            }
        }
    }
}

impl VpTrack {
    /// Read and validate a VP track file.
    ///
    /// ```
    /// let track = asia_engulfed_victory::VpTrack::from_toml_str(r#"
    /// name = "Two boxes"
    /// [[boxes]]
    /// id = "1"
    /// vp = 1
    /// rising_sun = { min = 1 }
    /// allied_crusade = { max = 0 }
    /// "#, Some("two.toml")).unwrap();
    /// assert_eq!(track.boxes().len(), 1);
    /// ```
    pub fn from_toml_str(text: &str, name: Option<&str>) -> Result<VpTrack, Error> {
        let source = Source::new(name, text);
        wargame_kit::internal::read_and_check(source, ErrorKind::Toml, "", |spec: TrackSpec| {
            track_from_spec(&spec, source, "")
        })
    }
}

fn track_from_spec(spec: &TrackSpec, source: Source<'_>, prefix: &str) -> Result<VpTrack, Error> {
    let at = Locator::new(source);
    let mut spans = Spans::default();
    let mut found = Vec::new();
    let mut boxes = Vec::new();
    for (i, b) in spec.boxes.iter().enumerate() {
        let key = format!("boxes[{i}]");
        spans.put(key.clone(), b);
        let b = b.get_ref();
        spans.put(format!("{key}.id"), &b.id);
        if let Some(v) = &b.vp {
            spans.put(format!("{key}.vp"), v);
        }
        let range = |r: &Spanned<RangeSpec>| CsvRange {
            min: r.get_ref().min,
            max: r.get_ref().max,
        };
        for (k, r) in [
            ("keeps_side", &b.keeps_side),
            ("rising_sun", &b.rising_sun),
            ("allied_crusade", &b.allied_crusade),
        ] {
            if let Some(r) = r {
                spans.put(format!("{key}.{k}"), r);
            }
        }
        let ranges = match &b.keeps_side {
            Some(k) => {
                if b.rising_sun.is_some() || b.allied_crusade.is_some() {
                    found.push(locate(
                        Diagnostic::new(
                            ErrorKind::TrackShape,
                            format!(
                                "box `{}` keeps the marker's face, so it takes no `rising_sun` or `allied_crusade` range",
                                b.id.get_ref()
                            ),
                        )
                        .key(format!("{key}.keeps_side"))
                        .label(b.id.get_ref().clone()),
                        &at,
                        &spans,
                        prefix,
                    ));
                }
                BoxRanges::KeepsSide(range(k))
            }
            None => BoxRanges::Sides {
                rising_sun: b.rising_sun.as_ref().map(range),
                allied_crusade: b.allied_crusade.as_ref().map(range),
            },
        };
        boxes.push(VpBox {
            id: b.id.get_ref().clone(),
            vp: b.vp.as_ref().map(|v| *v.get_ref()),
            ranges,
        });
    }
    let track = VpTrack::new(spec.name.clone(), boxes);
    if let Err(e) = &track {
        for d in e.diagnostics() {
            found.push(locate(d.clone(), &at, &spans, prefix));
        }
    }
    match track {
        Ok(t) if found.is_empty() => Ok(t),
        _ => Err(Error::new(found)),
    }
}

impl State {
    /// Read a state from TOML, reporting every problem found.
    ///
    /// `name` names the text in diagnostics and is passed to `resolver` when the state names a
    /// track file (`track = "tracks/x.toml"`); the crate itself never reads files.
    pub fn from_toml_str(
        text: &str,
        name: Option<&str>,
        resolver: &dyn Resolver,
    ) -> Result<Self, Error> {
        read_state(text, name, resolver)
    }
}

/// A state read from TOML and checked once: the model's check ([`problems`]) runs in the
/// reader, so an `Ok` state has no problem ([`crate::ValidState::from_toml_str`]).
pub(crate) fn read_state(
    text: &str,
    name: Option<&str>,
    resolver: &dyn Resolver,
) -> Result<State, Error> {
    let source = Source::new(name, text);
    wargame_kit::internal::read_and_check(source, ErrorKind::Toml, "", |spec: StateSpec| {
        from_spec(&spec, source, resolver)
    })
}

/// `[rules]`, through the options registry: the choices, and a problem for each key or value
/// refused.
fn rules(spec: &StateSpec, source: Source<'_>, found: &mut Vec<Diagnostic>) -> RuleChoices {
    let mut choices = RuleChoices::default();
    if let Some(table) = &spec.rules {
        let mut c = Collector::new(source);
        for choice in crate::options::RULE_OPTIONS.read_table(table, ErrorKind::Toml, &mut c) {
            choices.push(choice);
        }
        found.extend(c.into_vec());
    }
    choices
}

fn from_spec(
    spec: &StateSpec,
    source: Source<'_>,
    resolver: &dyn Resolver,
) -> Result<State, Error> {
    let mut r = Reader {
        source,
        found: Vec::new(),
        spans: Spans::default(),
    };
    // Keys whose model checks would be misled by a value that failed to convert.
    let mut broken: BTreeSet<String> = BTreeSet::new();
    r.spans.0.insert(String::new(), spec.game.span());

    let (game, check, war_state) = r.head(spec, &mut broken);
    let vp_marker = r.vp_marker(spec);
    if vp_marker.is_none() {
        broken.extend(["vp_marker", "allied_automatic_victory_held"].map(String::from));
    }
    for (key, m) in [
        ("japanese_mandate", &spec.japanese_mandate),
        ("hakko_ichiu", &spec.hakko_ichiu),
    ] {
        if let Some(m) = m {
            r.spans.put(key, m);
        }
    }

    let countries = r.countries(spec);
    let strategic_hexes = r.strategic_hexes(spec);
    let units = r.units(spec);
    let tokyo = spec.tokyo.as_ref().and_then(|t| r.label(t, "tokyo"));

    // The TK map.
    let rules = rules(spec, r.source, &mut r.found);
    let tk = r.tk(spec);
    let track = r.track(spec, resolver);
    if track.is_none() {
        broken.extend(
            [
                "vp_marker",
                "japanese_mandate",
                "hakko_ichiu",
                "allied_automatic_victory_held",
            ]
            .map(String::from),
        );
    }

    // Model checks, located through the recorded spans. Strategic hexes dropped above are not
    // in the model, so their indexes are mapped back.
    let index_of_spec: Vec<usize> = strategic_hexes.iter().map(|(i, _)| *i).collect();
    let state = State {
        game: game.unwrap_or(crate::model::Game::DaiSenso),
        check: check.unwrap_or(crate::model::Check::Seasonal),
        war_state: war_state.unwrap_or(crate::model::WarState::PreWar),
        turn: spec.turn.clone(),
        current_esv: spec.current_esv.as_ref().map(|e| *e.get_ref()),
        vp_marker: vp_marker.unwrap_or_else(|| VpMarker::new("0", MarkerSide::AlliedCrusade)),
        japanese_mandate: spec.japanese_mandate.as_ref().map(|m| m.get_ref().clone()),
        hakko_ichiu: spec.hakko_ichiu.as_ref().map(|m| m.get_ref().clone()),
        strategic_warfare_box: StrategicWarfareBox {
            allied_collapse: spec.strategic_warfare_box.allied_collapse,
            military_takeover: spec.strategic_warfare_box.military_takeover,
        },
        countries,
        strategic_hexes: strategic_hexes.into_iter().map(|(_, h)| h).collect(),
        units,
        bonus_vp: BonusVp {
            axis: spec.bonus_vp.axis,
            allies: spec.bonus_vp.allies,
        },
        play_stopped: spec.play_stopped,
        allied_automatic_victory_held: spec.allied_automatic_victory_held,
        track: track.unwrap_or_default(),
        tokyo,
        tk,
        rules,
    };
    r.model_checks(state, &broken, &index_of_spec)
}

impl Reader<'_> {
    /// `game`, `check` and `war_state`; a key that fails to convert is marked in `broken`.
    fn head(
        &mut self,
        spec: &StateSpec,
        broken: &mut BTreeSet<String>,
    ) -> (
        Option<crate::model::Game>,
        Option<crate::model::Check>,
        Option<crate::model::WarState>,
    ) {
        let game = self.keyword(&spec.game, "game", ErrorKind::UnknownValue, "unknown game");
        if game.is_none() {
            broken.extend(
                ["game", "tk", "current_esv", "allied_automatic_victory_held"].map(String::from),
            );
        }
        let check = self.keyword(
            &spec.check,
            "check",
            ErrorKind::UnknownValue,
            "unknown check",
        );
        let war_state = self.keyword(
            &spec.war_state,
            "war_state",
            ErrorKind::UnknownValue,
            "unknown War State",
        );
        if war_state.is_none() {
            broken.insert("allied_automatic_victory_held".into());
        }
        if let Some(e) = &spec.current_esv {
            self.spans.put("current_esv", e);
        }

        (game, check, war_state)
    }

    /// The VP marker: exactly one face.
    fn vp_marker(&mut self, spec: &StateSpec) -> Option<VpMarker> {
        self.spans.put("vp_marker", &spec.vp_marker);
        let vm = spec.vp_marker.get_ref();
        match (&vm.rising_sun, &vm.allied_crusade) {
            (Some(b), None) => {
                self.spans.put("vp_marker.rising_sun", b);
                Some(VpMarker::new(b.get_ref().clone(), MarkerSide::RisingSun))
            }
            (None, Some(b)) => {
                self.spans.put("vp_marker.allied_crusade", b);
                Some(VpMarker::new(
                    b.get_ref().clone(),
                    MarkerSide::AlliedCrusade,
                ))
            }
            (Some(_), Some(_)) => {
                self.push(
                Diagnostic::new(
                    ErrorKind::MarkerSides,
                    "the Rising Sun and Allied Crusade sides both given: the VP marker shows one face (give `rising_sun` or `allied_crusade`)",
                )
                .key("vp_marker"),
                spec.vp_marker.span(),
            );
                None
            }
            (None, None) => {
                self.push(
                Diagnostic::new(
                    ErrorKind::MarkerSides,
                    "the VP marker needs its face and box: `{ rising_sun = \"1\" }` or `{ allied_crusade = \"0\" }`",
                )
                .key("vp_marker"),
                spec.vp_marker.span(),
            );
                None
            }
        }
    }

    /// `[countries]`.
    fn countries(&mut self, spec: &StateSpec) -> BTreeMap<String, Country> {
        let mut countries = BTreeMap::new();
        for (k, c) in &spec.countries {
            let influence = c.influence.as_ref().and_then(|i| {
                self.keyword(
                    i,
                    &format!("countries.{k}.influence"),
                    ErrorKind::UnknownValue,
                    "unknown Influence marker",
                )
            });
            countries.insert(
                k.clone(),
                Country {
                    name: c.name.clone(),
                    neutral: c.neutral,
                    policy_affected: c.policy_affected,
                    influence,
                },
            );
        }

        countries
    }

    /// The Strategic Hexes that convert, each with its index in the file.
    fn strategic_hexes(&mut self, spec: &StateSpec) -> Vec<(usize, StrategicHex)> {
        let mut strategic_hexes = Vec::new();
        for (i, h) in spec.strategic_hexes.iter().enumerate() {
            let key = format!("strategic_hexes[{i}]");
            self.spans.put(key.clone(), h);
            let h = h.get_ref();
            let label = self.label(&h.label, &format!("{key}.label"));
            let faction = self.faction(&h.faction, &format!("{key}.faction"));
            if let Some(c) = &h.country {
                self.spans.put(format!("{key}.country"), c);
            }
            let controller = h
                .controller
                .as_ref()
                .map(|c| self.faction(c, &format!("{key}.controller")));
            let (Some(label), Some(faction)) = (label, faction) else {
                continue;
            };
            // A controller that failed to convert still stops the ground-unit check.
            let controller = match controller {
                Some(Some(f)) => Some(f),
                Some(None) => Some(faction),
                None => None,
            };
            strategic_hexes.push((
                i,
                StrategicHex {
                    label,
                    name: h.name.clone(),
                    faction,
                    country: h.country.as_ref().map(|c| c.get_ref().clone()),
                    inside_japan: h.inside_japan,
                    controller,
                },
            ));
        }

        strategic_hexes
    }

    /// The ground units that convert.
    fn units(&mut self, spec: &StateSpec) -> Vec<GroundUnit> {
        let mut units = Vec::new();
        for (i, u) in spec.units.iter().enumerate() {
            let key = format!("units[{i}]");
            self.spans.put(key.clone(), u);
            let u = u.get_ref();
            let label = self.label(&u.label, &format!("{key}.label"));
            let faction = self.faction(&u.faction, &format!("{key}.faction"));
            if let (Some(label), Some(faction)) = (label, faction) {
                units.push(GroundUnit { label, faction });
            }
        }

        units
    }

    /// The TK map's results (`[tk]`).
    fn tk(&mut self, spec: &StateSpec) -> Option<TkResult> {
        spec.tk.as_ref().map(|t| {
            self.spans.put("tk", t);
            let t = t.get_ref();
            let automatic_victory = t.automatic_victory.as_ref().and_then(|a| {
                let winner = self.keyword(
                    &a.winner,
                    "tk.automatic_victory.winner",
                    ErrorKind::UnknownValue,
                    "unknown winner",
                );
                let war_state = self.keyword(
                    &a.war_state,
                    "tk.automatic_victory.war_state",
                    ErrorKind::UnknownValue,
                    "unknown War State",
                );
                Some(MapAutomaticVictory {
                    winner: winner?,
                    war_state: war_state?,
                })
            });
            TkResult {
                axis_vp: t.axis_vp,
                allied_vp: t.allied_vp,
                axis_bonus_vp: t.axis_bonus_vp,
                allied_bonus_vp: t.allied_bonus_vp,
                automatic_victory,
                play_stopped: t.play_stopped,
            }
        })
    }

    /// The VP track: the printed one, inline, or from a file.
    fn track(&mut self, spec: &StateSpec, resolver: &dyn Resolver) -> Option<VpTrack> {
        match &spec.track {
            None => Some(VpTrack::dai_senso()),
            Some(t) => {
                self.spans.put("track", t);
                match t.get_ref() {
                    TrackRef::Inline(ts) => match track_from_spec(ts, self.source, "track.") {
                        Ok(track) => Some(track),
                        Err(e) => {
                            self.found.extend(e.into_diagnostics());
                            None
                        }
                    },
                    TrackRef::File(path) if path.trim().is_empty() => {
                        self.push(
                        Diagnostic::new(ErrorKind::Resolve, "the track reference is empty")
                            .key("track")
                            .help("give the path of the VP track file, relative to this state, or the track inline as a `[track]` table; without `track` the printed Dai Senso track is used"),
                        t.span(),
                    );
                        None
                    }
                    TrackRef::File(path) => match resolver.resolve(path, self.source.name) {
                        Ok(doc)
                            if wargame_kit::internal::top_level_string(&doc.text, "game")
                                .is_some() =>
                        {
                            self.push(
                            Diagnostic::new(
                                ErrorKind::Resolve,
                                format!("`{path}` is a state file (it has a `game` key), not a VP track"),
                            )
                            .key("track")
                            .label(path.clone())
                            .help("name a VP track file (a file with `[[boxes]]`), or leave `track` out for the printed Dai Senso track"),
                            t.span(),
                        );
                            None
                        }
                        Err(e) => {
                            self.push(
                                Diagnostic::new(ErrorKind::Resolve, e.to_string())
                                    .key("track")
                                    .label(path.clone()),
                                t.span(),
                            );
                            None
                        }
                        Ok(doc) => match VpTrack::from_toml_str(&doc.text, Some(&doc.name))
                            .map_err(wargame_kit::Error::withholding_values)
                        {
                            Ok(track) => Some(track),
                            Err(e) => {
                                self.found.extend(e.into_diagnostics());
                                None
                            }
                        },
                    },
                }
            }
        }
    }

    /// The model's own checks, located through the recorded spans; strategic hexes dropped
    /// above are not in the model, so their indexes are mapped back.
    fn model_checks(
        mut self,
        state: State,
        broken: &BTreeSet<String>,
        index_of_spec: &[usize],
    ) -> Result<State, Error> {
        let at = Locator::new(self.source);
        for mut d in problems(&state) {
            if let Some(k) = &d.key {
                let k = remap_hex_index(k, index_of_spec);
                if broken.iter().any(|b| under(&k, b)) {
                    continue;
                }
                d.key = Some(k);
            }
            let d = locate(d, &at, &self.spans, "");
            self.found.push(d);
        }
        if self.found.is_empty() {
            Ok(state)
        } else {
            self.found.sort_by_key(|d| (d.file.clone(), d.location));
            Err(Error::new(self.found))
        }
    }
}

/// `strategic_hexes[i]...` of the model -> the same hex's index in the file.
fn remap_hex_index(key: &str, index_of_spec: &[usize]) -> String {
    let Some(rest) = key.strip_prefix("strategic_hexes[") else {
        return key.to_string();
    };
    let Some(close) = rest.find(']') else {
        return key.to_string();
    };
    let Ok(i) = rest[..close].parse::<usize>() else {
        return key.to_string();
    };
    let j = index_of_spec.get(i).copied().unwrap_or(i);
    format!("strategic_hexes[{j}]{}", &rest[close + 1..])
}

/// The schema of `[rules]` (the state's `rules` key), from the options registry.
#[cfg(feature = "schema")]
fn rules_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::options::RULE_OPTIONS.schema()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wargame_kit::resolve::{MemoryResolver, NoResolver};

    const HEAD: &str =
        "game = \"dai-senso\"\ncheck = \"seasonal\"\nwar_state = \"total-war\"\ncurrent_esv = 0\n";

    /// A keyword names what its enum expects from the names serde lists, whatever the text
    /// written (a comma in it included).
    #[test]
    fn a_keyword_names_what_is_expected() {
        use crate::model::{Game, WarState};
        assert_eq!(keyword::<Game>("axis-empires"), Ok(Game::AxisEmpires));
        let expected = "expected `dai-senso` or `axis-empires`";
        assert_eq!(keyword::<Game>("leyte"), Err::<Game, _>(expected.into()));
        assert_eq!(keyword::<Game>("a, b"), Err::<Game, _>(expected.into()));
        assert_eq!(
            keyword::<WarState>("cold"),
            Err::<WarState, _>("expected one of `pre-war`, `limited-war`, `total-war`".into())
        );
    }

    #[test]
    fn a_marker_with_both_faces_is_an_error() {
        let text = format!("{HEAD}vp_marker = {{ rising_sun = \"1\", allied_crusade = \"1\" }}\n");
        let e = State::from_toml_str(&text, Some("s.toml"), &NoResolver).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::MarkerSides));
        assert_eq!(e.diagnostics()[0].location.map(|l| l.line), Some(5));
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let text = format!(
            "{HEAD}vp_marker = {{ allied_crusade = \"9\" }}\n\
             [[strategic_hexes]]\nlabel = \"w28\"\nname = \"A\"\nfaction = \"dutch\"\n\
             [[strategic_hexes]]\nlabel = \"w2819\"\nname = \"B\"\nfaction = \"axis\"\ncountry = \"x\"\n"
        );
        let e = State::from_toml_str(&text, Some("s.toml"), &NoResolver).unwrap_err();
        let kinds: Vec<ErrorKind> = e.diagnostics().iter().map(|d| d.kind).collect();
        assert_eq!(
            kinds,
            [
                ErrorKind::OffTrack,
                ErrorKind::BadLabel,
                ErrorKind::UnknownFaction,
                ErrorKind::UnknownCountry
            ]
        );
        // The unknown country is on the second hex, index 1 in the file (the first was dropped).
        assert_eq!(
            e.diagnostics()[3].key.as_deref(),
            Some("strategic_hexes[1].country")
        );
        assert!(e.diagnostics().iter().all(|d| d.location.is_some()));
    }

    #[test]
    fn a_track_file_is_read_through_the_resolver() {
        let track = "[[boxes]]\nid = \"1\"\nvp = 1\nrising_sun = { min = 1 }\nallied_crusade = { max = 0 }\n";
        let text = format!("{HEAD}vp_marker = {{ allied_crusade = \"1\" }}\ntrack = \"t.toml\"\n");
        let resolver = MemoryResolver::default().with("t.toml", track);
        let s = State::from_toml_str(&text, Some("s.toml"), &resolver).unwrap();
        assert_eq!(s.track.boxes().len(), 1);
        let e = State::from_toml_str(&text, Some("s.toml"), &NoResolver).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::Resolve));
        let bad =
            MemoryResolver::default().with("t.toml", track.replace("{ max = 0 }", "{ max = -1 }"));
        let e = State::from_toml_str(&text, Some("s.toml"), &bad).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::TrackRanges));
        assert_eq!(e.diagnostics()[0].file.as_deref(), Some("t.toml"));
    }

    #[test]
    fn tk_belongs_to_the_combined_game() {
        let text = format!(
            "{HEAD}vp_marker = {{ allied_crusade = \"1\" }}\n[tk]\naxis_vp = 1\nallied_vp = 1\n"
        );
        let e = State::from_toml_str(&text, None, &NoResolver).unwrap_err();
        assert_eq!(e.kind(), Some(ErrorKind::Game));
        let text = text
            .replace("dai-senso", "axis-empires")
            .replace("current_esv = 0\n", "");
        assert!(State::from_toml_str(&text, None, &NoResolver).is_ok());
    }
}
