//! A [`Report`] drawn on its map as SVG (feature `svg`): the map the way the engine saw it.
//!
//! [`render`] draws the map ([`hexmap::svg::MapDrawing`]) with the active Beach Areas and
//! those of the beach bonus outlined, the Japanese zones of control hatched, every unit as a counter (US olive, Japanese
//! yellow; short id and rating), each traced Line of Communications as an arrow from the unit to
//! its beach (an enemy-controlled hex it passes through tagged with the friendly units that hold
//! it open, `held: US-2`), each cut-off unit with a ✕ badge and what cut it: the hexes an enemy unit or
//! zone of control blocks tagged (`ZOC`, `enemy`, `no road across`), and, when the road/trail
//! net is what cut it, what its Line of Communications reaches outlined once with its walk to
//! the nearest road/trail hex (`road: 5 hexes`); objectives as filled (held) or hollow (not
//! held) stars, and a caption with both totals, the ratio and the level. Every overlay carries
//! its layer ([`layer`]) and the unit or objective it belongs to, for [`crate::html`]'s page
//! (feature `html`).
//!
//! ```
//! use wargame_kit::resolve::MemoryResolver;
//! let maps = MemoryResolver::default().with("corridor.toml", r#"
//! name = "LOC corridor"
//! [layout]
//! orientation = "pointy"
//! label = "row-column"
//! rows = [10, 11]
//! columns = [1, 9]
//! shifted = "even"
//! rows_grow = "north"
//! columns_grow = "east"
//! [areas.northern-beach]
//! name = "Northern Beach Area"
//! hexes = ["1009"]
//! [areas.eastern-beach]
//! name = "Eastern Beach Area"
//! hexes = ["1109"]
//! [hexsides]
//! roads = [["1006", "1007", "1008", "1009"]]
//! "#);
//! let text = r#"
//! game = "leyte"
//! map = "corridor.toml"
//! [scenario]
//! name = "Example"
//! active_beaches = ["northern-beach"]
//! [[units]]
//! id = "US-1"
//! side = "us"
//! rating = "4-6-5"
//! hex = "1002"
//! "#;
//! let state = leyte_victory::State::from_toml_str(text, Some("example.toml"), &maps).unwrap();
//! let report = state.score().unwrap();
//! let svg = leyte_victory::svg::render_state(&state, &report);
//! assert!(svg.contains("US 0 : Japanese 0"));
//! ```

use hexmap::svg::{
    Anchor, Counter, Highlight, MapDrawing, Mark, Outline, Route, Shade, Swatch, Symbol,
};
use hexmap::{Hex, HexMap};

use crate::model::{ObjectiveKind, Position, Scenario};
use crate::report::{AwardKind, BlockReason, Reach, Report, SideScore};
use crate::spec::State;
use crate::unit::{Rating, Side};

/// Fill of US counters.
pub const US_COLOUR: &str = "#4f6b2a";
/// Fill of Japanese counters.
pub const JAPANESE_COLOUR: &str = "#f2c14e";
/// Hatch of the Japanese zones of control.
pub const JAPANESE_ZOC: &str = "#c92a2a";
/// A traced US Line of Communications.
pub const US_LOC: &str = "#6a1b9a";
/// A traced Japanese Line of Communications (16.34).
pub const JAPANESE_LOC: &str = "#d9480f";
/// The ✕ on a cut-off unit.
pub const CUT: &str = "#c92a2a";

const HELD: &str = "#f59f00";
const NOT_HELD: &str = "#495057";
const BLOCK_ZOC: &str = "#c92a2a";
const BLOCK_ENEMY: &str = "#862e9c";
const BLOCK_OFF_ROAD: &str = "#d9480f";
/// The outline of what a cut unit reaches, and its walk to the nearest road/trail hex.
const REACH: &str = "#d9480f";
/// A friendly-occupied, enemy-controlled hex a traced LOC passes through (L8).
const HELD_OPEN: &str = "#1971c2";

/// The layers of the picture, as `data-layer` names an interactive page toggles: terrain,
/// roads (the map's own), and these.
pub mod layer {
    /// Japanese zones of control.
    pub const ZOC: &str = "zoc";
    /// Lines of Communications: traced paths, what cuts the others and what they reach.
    pub const LOC: &str = "loc";
    /// Objectives.
    pub const OBJECTIVES: &str = "objectives";
    /// Unit counters.
    pub const UNITS: &str = "units";
}

fn side_colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Us => (US_COLOUR, "#ffffff"),
        Side::Japanese => (JAPANESE_COLOUR, "#1a1a1a"),
    }
}

/// The id without its side prefix (`US-7-17` -> `7-17`), for small counters.
fn short_id(id: &str) -> Option<&str> {
    let (head, rest) = id.split_once('-')?;
    (!rest.is_empty() && head.chars().all(|c| c.is_ascii_alphabetic())).then_some(rest)
}

/// The rating as printed, without the `art` suffix (artillery shows four numbers).
fn rating_text(r: &Rating) -> String {
    r.to_string().trim_end_matches(" art").to_string()
}

fn block_tag(reason: &BlockReason) -> (&'static str, &'static str) {
    match reason {
        BlockReason::EnemyZoc { .. } => ("ZOC", BLOCK_ZOC),
        BlockReason::EnemyUnit { .. } => ("enemy", BLOCK_ENEMY),
        BlockReason::OffRoad { .. } => ("off-road", BLOCK_OFF_ROAD),
        BlockReason::NoRoadAcross { .. } => ("no road across", BLOCK_OFF_ROAD),
    }
}

fn kind_name(kind: AwardKind) -> &'static str {
    match kind {
        AwardKind::Elimination => "eliminations",
        AwardKind::Objective => "objectives",
        AwardKind::BeachBonus => "beach bonus",
        AwardKind::LocCut => "LOCs cut",
        AwardKind::Exit => "exits",
        AwardKind::ExitShortfall => "exit shortfall",
    }
}

/// `objectives 25, eliminations 10`, in rule order.
fn breakdown(score: &SideScore) -> String {
    let mut parts: Vec<(AwardKind, u64)> = Vec::new();
    for a in &score.awards {
        match parts.iter_mut().find(|(k, _)| *k == a.kind) {
            Some((_, v)) => *v += u64::from(a.vp),
            None => parts.push((a.kind, u64::from(a.vp))),
        }
    }
    if parts.is_empty() {
        return "no points".to_string();
    }
    parts
        .iter()
        .map(|(k, v)| format!("{} {v}", kind_name(*k)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The headline: `US 25 : Japanese 10 = 2.50 to 1 — U.S. Substantive`.
pub fn headline(report: &Report) -> String {
    format!(
        "US {} : Japanese {} = {} \u{2014} {}",
        report.us.total, report.japanese.total, report.ratio.text, report.level
    )
}

/// Draw a loaded state and its report.
pub fn render_state(state: &State, report: &Report) -> String {
    render(&state.map, &state.scenario, &state.position, report)
}

/// The part of the map a close-up draws ([`render_state_cropped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crop<'a> {
    /// The rectangle between two corner hexes, as printed (`1113`, `1927`).
    Corners(&'a str, &'a str),
    /// What the picture is about ([`focus`]): the units cut off and what cuts them, else the
    /// units.
    Focus,
}

/// A close-up of a loaded state's picture, for a page or a post: the part of the map `crop`
/// says, the legend below it. A corner that is not a hex of the map is an error
/// ([`ErrorKind::Hex`](crate::ErrorKind::Hex)) naming it.
///
/// ```
/// use leyte_victory::svg::{Crop, render_state, render_state_cropped};
/// # use wargame_kit::resolve::MemoryResolver;
/// # let maps = MemoryResolver::default().with("line.toml", r#"
/// # name = "Line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.northern-beach]
/// # name = "Northern Beach Area"
/// # hexes = ["1009"]
/// # [areas.eastern-beach]
/// # name = "Eastern Beach Area"
/// # hexes = []
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#);
/// # let text = "game = \"leyte\"\nmap = \"line.toml\"\n[scenario]\nname = \"Example\"\nactive_beaches = [\"northern-beach\"]\n[[units]]\nid = \"US-1\"\nside = \"us\"\nrating = \"4-6-5\"\nhex = \"1001\"\n";
/// # let state = leyte_victory::State::from_toml_str(text, Some("s.toml"), &maps).unwrap();
/// let report = state.score().unwrap();
/// let close = render_state_cropped(&state, &report, Crop::Corners("1001", "1003")).unwrap();
/// assert_ne!(close, render_state(&state, &report));
/// assert!(render_state_cropped(&state, &report, Crop::Focus).is_ok());
/// let e = render_state_cropped(&state, &report, Crop::Corners("1001", "2001")).unwrap_err();
/// assert!(e.to_string().starts_with("2001 is not a hex of Line: "), "{e}");
/// ```
pub fn render_state_cropped(
    state: &State,
    report: &Report,
    crop: Crop<'_>,
) -> Result<String, crate::Error> {
    let map = &state.map;
    let corner = |l: &str| {
        map.parse(l).map_err(|e| {
            let message = format!("{l} is not a hex of {}: {e}", map.name());
            crate::Error::new(vec![crate::Diagnostic::new(crate::ErrorKind::Hex, message)])
        })
    };
    let hexes = match crop {
        Crop::Corners(from, to) => vec![corner(from)?, corner(to)?],
        Crop::Focus => focus(map, &state.position, report),
    };
    let mut d = drawing(map, &state.scenario, &state.position, report);
    d.crop(hexes).legend_below();
    Ok(d.finish())
}

/// Draw a report on its map: units, Japanese ZOC, Lines of Communications (traced or cut, and
/// why), objectives, active Beach Areas, and the totals, ratio and level in the caption.
///
/// `report` should be [`crate::score`]'s answer for the same map, scenario and position; hexes
/// and units it names that are not on the map are skipped.
pub fn render(map: &HexMap, scenario: &Scenario, position: &Position, report: &Report) -> String {
    drawing(map, scenario, position, report).finish()
}

/// The hexes that matter most in a report's picture: every unit that cannot trace a Line of
/// Communications with what cuts it, what its Line of Communications reaches and its walk to
/// the road/trail net; when no unit is cut, every unit on the map. The HTML page opens on them
/// ([`MapDrawing::focus`]); [`MapDrawing::crop`] draws them alone.
///
/// ```
/// # use leyte_victory::{BeachBonus, PositionBuilder, Scenario, Side, score};
/// # let map = hexmap::HexMap::from_toml_str(r#"
/// # name = "Nine hexes in a line"
/// # [layout]
/// # orientation = "pointy"
/// # label = "row-column"
/// # rows = [10, 10]
/// # columns = [1, 9]
/// # shifted = "even"
/// # rows_grow = "north"
/// # columns_grow = "east"
/// # [areas.beach]
/// # name = "Beach"
/// # hexes = ["1009"]
/// # [hexsides]
/// # roads = [["1006", "1007", "1008", "1009"]]
/// # "#, None).unwrap();
/// let scenario = Scenario::new("Example", &["beach"]).with_beach_bonus(BeachBonus::none());
/// let position = PositionBuilder::new(&map)
///     .unit("US-1", Side::Us, "4-6-5", "1001")
///     .unit("US-2", Side::Us, "4-6-5", "1008")
///     .build()
///     .unwrap();
/// let report = score(&map, &scenario, &position).unwrap();
/// // US-1, five hexes from the road, is cut: its hex and what it reaches are the focus.
/// let focus = leyte_victory::svg::focus(&map, &position, &report);
/// assert!(focus.contains(&map.parse("1001").unwrap()));
/// assert!(!focus.contains(&map.parse("1008").unwrap()));
/// ```
pub fn focus(map: &HexMap, position: &Position, report: &Report) -> Vec<Hex> {
    let mut labels: Vec<&str> = Vec::new();
    for e in report.loc.iter().filter(|e| !e.traced) {
        labels.push(&e.hex);
        labels.extend(e.frontier.iter().flatten().map(|b| b.hex.as_str()));
        if let Some(reach) = &e.reach {
            labels.extend(reach.hexes.iter().map(String::as_str));
            labels.extend(
                reach
                    .nearest_road
                    .iter()
                    .flat_map(|n| n.walk.iter().map(String::as_str)),
            );
        }
    }
    if labels.is_empty() {
        return position.units.iter().map(|u| u.hex).collect();
    }
    labels.iter().filter_map(|l| map.parse(l).ok()).collect()
}

/// The drawing [`render`] finishes, for callers who want to add to it.
pub fn drawing<'m>(
    map: &'m HexMap,
    scenario: &Scenario,
    position: &Position,
    report: &Report,
) -> MapDrawing<'m> {
    let mut d = MapDrawing::new(map);
    captions(&mut d, map, position, report);
    beach_areas(&mut d, map, scenario);
    let mut seen = Seen {
        any_zoc: japanese_zoc(&mut d, map, position),
        ..Seen::default()
    };
    lines_of_communications(&mut d, map, report, &mut seen);
    let per_unit = objective_marks(&mut d, map, scenario, report);
    seen.sides = counters(&mut d, position, &seen.cut_units, &per_unit.scorers);
    units_legend(&mut d, &seen);
    loc_legend(&mut d, scenario, report, &seen);
    objectives_legend(&mut d, report, &per_unit.names);
    d
}

/// What the picture shows that its legend explains.
#[derive(Default)]
struct Seen<'r> {
    /// US units, Japanese units.
    sides: [bool; 2],
    /// Some hex is in a Japanese zone of control.
    any_zoc: bool,
    /// A US, a Japanese Line of Communications traced.
    traced: [bool; 2],
    /// The units whose Line of Communications is cut, in report order.
    cut_units: Vec<&'r str>,
    /// The hexes that cut them, with their tag, colour and the units they cut.
    blocked: Vec<(Hex, &'static str, &'static str, Vec<&'r str>)>,
    /// What a cut unit's Line of Communications reaches is outlined.
    reach_drawn: bool,
    /// The friendly-occupied, enemy-controlled hexes traced Lines of Communications pass
    /// through (L8): the hex, the friendly units holding it, the units whose LOC depends on it.
    held_open: Vec<(Hex, String, Vec<&'r str>)>,
}

/// The objectives scored per unit: their names, and the units that score them.
struct PerUnit<'r> {
    names: Vec<&'r str>,
    scorers: Vec<&'r str>,
}

/// The title, and the captions: the headline, both sides' points by kind, the units
/// eliminated and those exited.
fn captions(d: &mut MapDrawing<'_>, map: &HexMap, position: &Position, report: &Report) {
    d.title(format!(
        "Leyte \u{2014} {} (map: {})",
        report.scenario, report.map
    ));
    d.caption(headline(report));
    d.caption(format!(
        "US: {}.  Japanese: {}.",
        breakdown(&report.us),
        breakdown(&report.japanese)
    ));
    let off: Vec<String> = position
        .eliminated
        .iter()
        .map(|u| format!("{} ({})", u.id, rating_text(&u.rating)))
        .collect();
    if !off.is_empty() {
        d.caption(format!("Eliminated: {}.", off.join(", ")));
    }
    let exited: Vec<String> = position
        .exited
        .iter()
        .map(|u| match u.hex {
            Some(h) => format!("{} by {}", u.id, map.label_text(h)),
            None => u.id.clone(),
        })
        .collect();
    if !exited.is_empty() {
        d.caption(format!("Exited: {}.", exited.join(", ")));
    }
}

/// Beach Areas: the active ones (LOC targets) and those of the beach bonus, outlined, each
/// with its role in the legend.
fn beach_areas(d: &mut MapDrawing<'_>, map: &HexMap, scenario: &Scenario) {
    let mut beaches: Vec<&str> = Vec::new();
    for k in scenario
        .active_beaches
        .iter()
        .chain(&scenario.beach_bonus.areas)
    {
        if !beaches.contains(&k.as_str()) {
            beaches.push(k);
        }
    }
    d.areas(beaches.iter().copied());
    for k in &beaches {
        let Some(area) = map.area(k) else { continue };
        let active = scenario.active_beaches.iter().any(|a| a == k);
        let bonus = scenario.beach_bonus.areas.iter().any(|a| a == k);
        let role = match (active, bonus) {
            (true, true) => "active (LOC target), beach bonus",
            (true, false) => "active (LOC target)",
            _ => "beach bonus only",
        };
        d.area_label(*k, format!("{}: {role}", area.name));
    }
}

/// The Japanese zones of control, hatched; whether there are any.
fn japanese_zoc(d: &mut MapDrawing<'_>, map: &HexMap, position: &Position) -> bool {
    let Ok(placed) = position.on_map(map) else {
        return false;
    };
    // Leyte's ZOC rule, as the Line of Communications reads it; it names no terrain or
    // hexside, so it binds on every map.
    let Ok(zoc) = placed.zoc_with(map, Side::Japanese, &crate::board::zoc_rule()) else {
        return false;
    };
    let any_zoc = zoc.hexes(map).next().is_some();
    d.shade_zoc(&zoc, &Shade::hatch(JAPANESE_ZOC).layer(layer::ZOC));
    any_zoc
}

/// Lines of Communications: traced paths, and what cut the others: the enemy units and zones
/// of control at the edge hex by hex; what the unit reaches outlined once, with its walk to the
/// nearest road/trail hex, when the road/trail net is what cut it.
fn lines_of_communications<'r>(
    d: &mut MapDrawing<'_>,
    map: &HexMap,
    report: &'r Report,
    seen: &mut Seen<'r>,
) {
    let parse = |l: &str| map.parse(l).ok();
    for e in &report.loc {
        if let Some(p) = &e.path {
            let hexes: Vec<Hex> = p.iter().filter_map(|l| parse(l)).collect();
            let route = match e.side {
                Side::Us => Route::new(US_LOC),
                Side::Japanese => Route::new(JAPANESE_LOC),
            };
            d.path(&hexes, &route.key(e.unit.as_str()).layer(layer::LOC));
            seen.traced[usize::from(e.side == Side::Japanese)] = true;
            held_open(map, e, seen);
            continue;
        }
        seen.cut_units.push(e.unit.as_str());
        let frontier = e.frontier.as_deref().unwrap_or_default();
        for b in frontier {
            if matches!(b.reason, BlockReason::OffRoad { .. }) {
                continue;
            }
            let Some(h) = parse(&b.hex) else { continue };
            let (tag, colour) = block_tag(&b.reason);
            match (seen.blocked.iter_mut()).find(|(bh, t, _, _)| *bh == h && *t == tag) {
                Some((_, _, _, units)) => units.push(&e.unit),
                None => seen.blocked.push((h, tag, colour, vec![&e.unit])),
            }
        }
        if let Some(reach) = &e.reach {
            seen.reach_drawn = true;
            what_it_reaches(d, map, &e.unit, reach);
        }
    }
    for (h, tag, colour, units) in &seen.blocked {
        let mut hl = Highlight::new(*colour).label(*tag).layer(layer::LOC);
        for u in units {
            hl = hl.key(*u);
        }
        d.highlight(*h, hl);
    }
    for (h, friendly, units) in &seen.held_open {
        let mut hl = Highlight::new(HELD_OPEN)
            .label(format!("held: {friendly}"))
            .layer(layer::LOC);
        for u in units {
            hl = hl.key(*u);
        }
        d.highlight(*h, hl);
    }
}

/// The friendly-occupied, enemy-controlled hexes a traced Line of Communications passes
/// through (L8), each with the friendly units holding it, into `seen` once per hex.
fn held_open<'r>(map: &HexMap, e: &'r crate::report::LocEntry, seen: &mut Seen<'r>) {
    for h in e.friendly_occupied.iter().flatten() {
        let Ok(hex) = map.parse(&h.hex) else { continue };
        let friendly = h.friendly.join(", ");
        match (seen.held_open.iter_mut()).find(|(at, _, _)| *at == hex) {
            Some((_, _, units)) => units.push(&e.unit),
            None => seen.held_open.push((hex, friendly, vec![&e.unit])),
        }
    }
}

/// What a cut unit's Line of Communications reaches, outlined, with its walk to the nearest
/// road/trail hex and that hex tagged with the distance when that distance is what cut it
/// ([`Reach::road_out_of_reach`]).
fn what_it_reaches(d: &mut MapDrawing<'_>, map: &HexMap, unit: &str, reach: &Reach) {
    let parse = |l: &str| map.parse(l).ok();
    let hexes = reach.hexes.iter().filter_map(|l| parse(l));
    d.outline(
        hexes,
        &Outline::new(REACH).dashed().key(unit).layer(layer::LOC),
    );
    // The walk and its distance only when the distance is what cut the unit (ruling L-19).
    let Some(n) =
        (reach.nearest_road.as_ref()).filter(|n| n.distance > 0 && reach.road_out_of_reach())
    else {
        return;
    };
    let walk: Vec<Hex> = n.walk.iter().filter_map(|l| parse(l)).collect();
    d.path(
        &walk,
        &Route::new(REACH).dashed().key(unit).layer(layer::LOC),
    );
    if let Some(h) = parse(&n.hex) {
        d.highlight(
            h,
            Highlight::new(REACH)
                .label(format!("road: {} hexes", n.distance))
                .key(unit)
                .layer(layer::LOC),
        );
    }
}

/// Objectives: stars on the hexes of "occupy" objectives; the objectives scored per unit
/// (a star badge on each unit that scores one, [`counters`]) and their scorers.
fn objective_marks<'r>(
    d: &mut MapDrawing<'_>,
    map: &HexMap,
    scenario: &'r Scenario,
    report: &'r Report,
) -> PerUnit<'r> {
    let names: Vec<&str> = scenario
        .objectives
        .iter()
        .filter(|o| matches!(o.kind, ObjectiveKind::PerUnitNear { .. }))
        .map(|o| o.name.as_str())
        .collect();
    let mut scorers: Vec<&str> = Vec::new();
    for o in &report.objectives {
        if names.contains(&o.name.as_str()) {
            scorers.extend(o.by.iter().map(String::as_str));
            continue;
        }
        let mark = if o.held {
            Mark::new(Symbol::Star, HELD, Anchor::UpperLeft)
        } else {
            Mark::new(Symbol::HollowStar, NOT_HELD, Anchor::UpperLeft)
        };
        let mark = mark.layer(layer::OBJECTIVES).key(o.name.as_str());
        for h in o.hexes.iter().filter_map(|l| map.parse(l).ok()) {
            d.mark(h, mark.clone());
        }
    }
    PerUnit { names, scorers }
}

/// Every unit's counter, US first so a stack reads the same every time: a ✕ badge when its
/// Line of Communications is cut, a star when it scores a per-unit objective. Which sides have
/// units.
fn counters(
    d: &mut MapDrawing<'_>,
    position: &Position,
    cut_units: &[&str],
    scorers: &[&str],
) -> [bool; 2] {
    let mut sides = [false, false];
    for side in [Side::Us, Side::Japanese] {
        for u in position.units.iter().filter(|u| u.side == side) {
            sides[usize::from(side == Side::Japanese)] = true;
            let (fill, text) = side_colours(side);
            let mut c = Counter::new(u.id.clone(), fill, text)
                .rating(rating_text(&u.rating))
                .key(u.id.as_str())
                .layer(layer::UNITS);
            if let Some(s) = short_id(&u.id) {
                c = c.short_label(s);
            }
            if cut_units.contains(&u.id.as_str()) {
                c = c.badge(Symbol::Cross, CUT);
            }
            if scorers.contains(&u.id.as_str()) {
                c = c.badge(Symbol::Star, HELD);
            }
            d.counter(u.hex, c);
        }
    }
    sides
}

/// The legend's units: each side's counter, and the Japanese zones of control.
fn units_legend(d: &mut MapDrawing<'_>, seen: &Seen<'_>) {
    if seen.sides.iter().any(|s| *s) {
        d.legend_heading("Units");
    }
    if seen.sides[0] {
        d.legend(
            Swatch::Counter {
                fill: US_COLOUR.into(),
                text: "#ffffff".into(),
            },
            "US unit (id, rating)",
        );
    }
    if seen.sides[1] {
        d.legend(
            Swatch::Counter {
                fill: JAPANESE_COLOUR.into(),
                text: "#1a1a1a".into(),
            },
            "Japanese unit (id, rating)",
        );
    }
    if seen.any_zoc {
        d.legend(
            Swatch::Hatch(JAPANESE_ZOC.into()),
            "Japanese zone of control",
        );
    }
}

/// The legend's Lines of Communications: traced, cut, what cuts them and what they reach.
fn loc_legend(d: &mut MapDrawing<'_>, scenario: &Scenario, report: &Report, seen: &Seen<'_>) {
    if !report.loc.is_empty() {
        d.legend_heading("Lines of Communications");
    }
    if seen.traced[0] {
        d.legend(Swatch::Arrow(US_LOC.into()), "US LOC traced to a beach");
    }
    if seen.traced[1] {
        d.legend(Swatch::Arrow(JAPANESE_LOC.into()), "Japanese LOC traced");
    }
    if !seen.cut_units.is_empty() {
        d.legend(
            Swatch::Symbol(Symbol::Cross, CUT.into()),
            format!("LOC cut: {}", seen.cut_units.join(", ")),
        );
    }
    for (tag, colour, text) in [
        ("ZOC", BLOCK_ZOC, "cut here: enemy ZOC, no friendly unit"),
        ("enemy", BLOCK_ENEMY, "cut here: enemy unit"),
        (
            "no road across",
            BLOCK_OFF_ROAD,
            "cut here: no road or trail across the hexside",
        ),
    ] {
        if seen.blocked.iter().any(|(_, t, _, _)| *t == tag) {
            d.legend(
                Swatch::Highlight(colour.into()),
                format!("\u{201c}{tag}\u{201d} {text}"),
            );
        }
    }
    if !seen.held_open.is_empty() {
        d.legend(
            Swatch::Highlight(HELD_OPEN.into()),
            "\u{201c}held: X\u{201d} enemy ZOC a LOC passes through, open while friendly unit X is there",
        );
    }
    if !seen.reach_drawn {
        return;
    }
    // K as the scenario sets it (the evidence's, which is traced with it).
    let k = scenario.loc.free_hexes;
    d.legend(
        Swatch::Line {
            colour: REACH.into(),
            width: 2.5,
            dashed: true,
        },
        format!(
            "what a cut unit's LOC reaches: off the road/trail net after {}",
            crate::report::hexes_in_words(k)
        ),
    );
    if (report.loc.iter())
        .filter_map(|e| e.reach.as_ref().filter(|r| r.road_out_of_reach()))
        .filter_map(|r| r.nearest_road.as_ref())
        .any(|n| n.distance > 0)
    {
        d.legend(
            Swatch::Highlight(REACH.into()),
            "\u{201c}road: N hexes\u{201d} the nearest road/trail hex, and the walk to it",
        );
    }
}

/// The legend's objectives: each with its side, held (by whom, for how many points) or not.
fn objectives_legend(d: &mut MapDrawing<'_>, report: &Report, per_unit: &[&str]) {
    if !report.objectives.is_empty() {
        d.legend_heading("Objectives");
    }
    for o in &report.objectives {
        let who = if o.by.is_empty() {
            String::new()
        } else {
            format!(" by {}", o.holders())
        };
        let state = if o.held {
            format!("held{who}, +{}", o.vp)
        } else {
            "not held".to_string()
        };
        let sym = if o.held {
            Swatch::Symbol(Symbol::Star, HELD.into())
        } else {
            Swatch::Symbol(Symbol::HollowStar, NOT_HELD.into())
        };
        if per_unit.contains(&o.name.as_str()) {
            d.legend(
                sym,
                format!(
                    "{} ({}, per unit; star on each scoring counter): {state}",
                    o.name, o.side
                ),
            );
        } else {
            // "Hex 2215" need not be followed by 2215 again.
            let hexes = if o.hexes.iter().all(|h| o.name.contains(h.as_str())) {
                String::new()
            } else {
                format!(" {}", o.hexes.join(" "))
            };
            d.legend(sym, format!("{}{hexes} ({}): {state}", o.name, o.side));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_ids_drop_the_side_prefix_only() {
        assert_eq!(short_id("US-7-17"), Some("7-17"));
        assert_eq!(short_id("J-16-9"), Some("16-9"));
        assert_eq!(short_id("7-17"), None);
        assert_eq!(short_id("US"), None);
    }
}
