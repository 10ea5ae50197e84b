//! What one fuzz input goes through, shared by the fuzz targets (`fuzz_targets/*.rs`) and by
//! `replay` (`src/bin/replay.rs`), so that a replay times exactly what the fuzzer ran.
//!
//! Every function takes the input as text and must return normally whatever it is: the
//! libraries return `Result` for every bad input, so a panic, an abort, running out of memory
//! or a hang here is a finding. Besides panics, the harness fails (panics) on one thing the
//! libraries promise that is not a panic: a report that serde_json cannot serialize.

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{MarkerSide, VpTrack, place_vp_marker};
use hexmap::HexMap;
use wargame_kit::resolve::{Document, ResolveError, ResolveErrorKind, Resolver};
use hexmap::MapSpec;
use hexmap::svg::MapDrawing;

/// What a fuzz target does with one input.
pub type Target = fn(&str);

/// The fuzz targets, by name, as `replay` runs them.
pub const TARGETS: &[(&str, Target)] = &[
    ("map", map),
    ("leyte_state", leyte_state),
    ("dai_senso_state", dai_senso_state),
    ("vp_track", vp_track),
    ("vassal_save", |t: &str| vassal_save(t.as_bytes())),
    ("vassal_buildfile", vassal_buildfile),
    ("vassal_profile", vassal_profile),
    ("vassal_hidden", |t: &str| vassal_hidden(t.as_bytes())),
];

/// The fixture maps, by file name (what `map = "../maps/line.toml"` resolves to).
pub const MAPS: &[(&str, &str)] = &[
    (
        "leyte-standin.toml",
        include_str!("../../fixtures/maps/leyte-standin.toml"),
    ),
    ("line.toml", include_str!("../../fixtures/maps/line.toml")),
    (
        "loc-corridor.toml",
        include_str!("../../fixtures/maps/loc-corridor.toml"),
    ),
    (
        "zoc-walls.toml",
        include_str!("../../fixtures/maps/zoc-walls.toml"),
    ),
    (
        "many-problems.toml",
        include_str!("../../fixtures/maps/invalid/many-problems.toml"),
    ),
];

/// The fixture VP tracks, by file name (what `track = "tracks/steep-track.toml"` resolves to).
pub const TRACKS: &[(&str, &str)] = &[
    (
        "steep-track.toml",
        include_str!("../../fixtures/asia-engulfed/tracks/steep-track.toml"),
    ),
    (
        "gappy-track.toml",
        include_str!("../../fixtures/asia-engulfed/tracks/invalid/gappy-track.toml"),
    ),
];

/// Serves documents from memory by file name: `../maps/line.toml`, `maps/line.toml` and
/// `line.toml` are all `line.toml`; any other name is not found.
#[derive(Clone, Copy, Debug)]
pub struct ByFileName(pub &'static [(&'static str, &'static str)]);

impl Resolver for ByFileName {
    fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
        let file = reference.rsplit(['/', '\\']).next().unwrap_or(reference);
        self.0
            .iter()
            .find(|(name, _)| *name == file)
            .map(|(name, text)| Document::new(*name, *text))
            .ok_or_else(|| ResolveError::new(reference, ResolveErrorKind::NotFound { path: None }))
    }
}

/// Serves one text under any name ending in `.toml` (a fuzzed track, for `vp_track`).
struct AnyToml<'t>(&'t str);

impl Resolver for AnyToml<'_> {
    fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
        if reference.ends_with(".toml") {
            Ok(Document::new(reference, self.0))
        } else {
            Err(ResolveError::new(
                reference,
                ResolveErrorKind::NotFound { path: None },
            ))
        }
    }
}

/// JSON of something the libraries promise serializes: a failure is a finding.
fn json<T: serde::Serialize + ?Sized>(what: &str, value: &T) -> String {
    match serde_json::to_string(value) {
        Ok(s) => s,
        Err(e) => panic!("{what} does not serialize to JSON: {e}"),
    }
}

/// `map`: the map loader (spec and map), and for a map that loads its summary, every label
/// and the SVG drawing.
pub fn map(text: &str) {
    if let Err(e) = MapSpec::from_toml_str(text, Some("fuzz.toml")) {
        let _ = e.to_string();
    }
    match HexMap::from_toml_str(text, Some("fuzz.toml")) {
        Ok(map) => {
            let _ = map.summary();
            for info in map.hexes() {
                let label = map.label_text(info.hex);
                let _ = map.parse(&label);
            }
            let svg = MapDrawing::new(&map).finish();
            std::hint::black_box(svg);
        }
        Err(e) => {
            let _ = e.to_string();
            json("map diagnostics", e.diagnostics());
        }
    }
}

/// `leyte_state`: a Leyte state, its map served from the fixture maps; if it loads: check,
/// score, the text report, the JSON, the SVG, and `explain` for a few units and ids.
pub fn leyte_state(text: &str) {
    let state = match leyte_victory::State::from_toml_str(
        text,
        Some("fixtures/leyte/fuzz.toml"),
        &ByFileName(MAPS),
    ) {
        Ok(state) => state,
        Err(e) => {
            let _ = e.to_string();
            json("Leyte load diagnostics", e.diagnostics());
            return;
        }
    };
    let _ = state.check();
    let report = match state.score() {
        Ok(report) => report,
        Err(e) => {
            let _ = e.to_string();
            json("Leyte score diagnostics", e.diagnostics());
            return;
        }
    };
    let _ = report.to_string();
    let _ = report.verdict();
    json("Leyte report", &report);
    let svg = leyte_victory::svg::render_state(&state, &report);
    std::hint::black_box(svg);
    // Explain a few units on the map, one eliminated and one exited unit, and an unknown id
    // (a few only: each explanation is a trace, and inputs may list thousands of units).
    let position = state.position();
    let ids = (position.units().iter().take(3).map(|u| u.id.as_str()))
        .chain(position.eliminated().first().map(|u| u.id.as_str()))
        .chain(position.exited().first().map(|u| u.id.as_str()))
        .chain(["no such unit"]);
    for id in ids {
        match leyte_victory::explain(&state, id) {
            Ok(explanation) => {
                let _ = explanation.to_string();
                let _ = explanation.rules();
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// `dai_senso_state`: an Axis Empires: Dai Senso! state, tracks served from the fixture tracks;
/// if it loads: score with the default rules, the text report, the JSON and the SVG.
pub fn dai_senso_state(text: &str) {
    match asia_engulfed_victory::State::from_toml_str(
        text,
        Some("fixtures/asia-engulfed/fuzz.toml"),
        &ByFileName(TRACKS),
    ) {
        Ok(state) => score_dai_senso(&state),
        Err(e) => {
            let _ = e.to_string();
            json("Dai Senso load diagnostics", e.diagnostics());
        }
    }
}

fn score_dai_senso(state: &asia_engulfed_victory::State) {
    let report = asia_engulfed_victory::score(state, &Rules::default());
    let _ = report.to_string();
    json("Dai Senso report", &report);
    let svg = asia_engulfed_victory::svg::render(state, &report);
    std::hint::black_box(svg);
}

/// A Final check on a track file named `track.toml` (what `vp_track` scores a track with).
const STATE_ON_TRACK: &str = r#"
game = "dai-senso"
check = "final"
war_state = "total-war"
current_esv = 2
vp_marker = { rising_sun = "1" }
track = "track.toml"
"#;

/// `vp_track`: a VP track file; if it loads, the marker placed for extreme and boundary CSV
/// values, and a Final check scored and drawn on it.
pub fn vp_track(text: &str) {
    let track = match VpTrack::from_toml_str(text, Some("fixtures/asia-engulfed/tracks/fuzz.toml"))
    {
        Ok(track) => track,
        Err(e) => {
            let _ = e.to_string();
            json("track diagnostics", e.diagnostics());
            return;
        }
    };
    let (lo, hi) = track.finite_span();
    let csvs = [
        i64::MIN,
        lo.saturating_sub(1),
        lo,
        -1,
        0,
        1,
        hi,
        hi.saturating_add(1),
        i64::MAX,
    ];
    let boxes = track.boxes().len();
    for csv in csvs {
        let _ = track.range_of(csv);
        for side in [MarkerSide::RisingSun, MarkerSide::AlliedCrusade] {
            for mandate in [None, Some(0), Some(boxes / 2), Some(boxes)] {
                let p = place_vp_marker(&track, csv, side, mandate);
                if boxes > 0 {
                    assert!(p.box_index < boxes, "marker placed off the track: {p:?}");
                }
            }
        }
    }
    let _ = track.highest_numbered();
    for b in track.boxes() {
        let _ = b.title();
    }
    let resolver = AnyToml(text);
    for war_state in ["total-war", "limited-war"] {
        let state_text = STATE_ON_TRACK.replace("total-war", war_state);
        if let Ok(state) = asia_engulfed_victory::State::from_toml_str(
            &state_text,
            Some("fixtures/asia-engulfed/on-fuzz-track.toml"),
            &resolver,
        ) {
            score_dai_senso(&state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness's fixed inputs work: the fixture references resolve and the state
    /// `vp_track` scores its tracks with loads on a valid track.
    #[test]
    fn fixed_inputs_load() {
        let state = include_str!("../../fixtures/leyte/ratio-101-to-100.toml");
        assert!(leyte_victory::State::from_toml_str(state, None, &ByFileName(MAPS)).is_ok());
        let state = include_str!("../../fixtures/asia-engulfed/custom-track-from-file.toml");
        let r = asia_engulfed_victory::State::from_toml_str(state, None, &ByFileName(TRACKS));
        assert!(r.is_ok(), "{:?}", r.err().map(|e| e.to_string()));
        let r = asia_engulfed_victory::State::from_toml_str(
            STATE_ON_TRACK,
            None,
            &AnyToml(TRACKS[0].1),
        );
        assert!(r.is_ok(), "{:?}", r.err().map(|e| e.to_string()));
        for (_, run) in TARGETS {
            run(TRACKS[0].1);
            run(MAPS[0].1);
        }
    }

    /// The hidden-information seed holds what the invariants guard: a hand, masks of a blank and
    /// of a null owner, invisible pieces; its pieces read as the invariants say.
    #[test]
    fn the_hidden_seed_keeps_its_secrets() {
        vassal_hidden(include_bytes!("../seeds/vassal_hidden/hidden.txt"));
        vassal_hidden(include_bytes!("../seeds/vassal_save/demo.txt"));
    }
}

/// The demo module and game the VASSAL targets read against (written by the reader's tests in
/// VASSAL's formats; `fuzz/seeds/vassal_*`).
const VASSAL_BUILD_FILE: &str = include_str!("../seeds/vassal_buildfile/demo.xml");
const VASSAL_SAVE: &[u8] = include_bytes!("../seeds/vassal_save/demo.txt");

fn vassal_sizes() -> vassal::BoardSizes {
    [("west.png".to_string(), (600, 500)), ("east.svg".to_string(), (400, 500))].into_iter().collect()
}

/// Every piece of a save, replayed to its end and to step 1 (revealed), located and read.
fn vassal_pieces(module: &vassal::Module, save: &vassal::Save) {
    for options in [vassal::Options::default(), vassal::Options::default().step(Some(1)).reveal(true)] {
        match vassal::read_pieces(module, save, &options) {
            Ok(p) => {
                serde_json::to_string(&p).expect("the pieces serialize");
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// A VASSAL saved game or log, any bytes (zipped, obfuscated or plain): decoded, replayed and
/// its pieces located on the demo module.
pub fn vassal_save(bytes: &[u8]) {
    static MODULE: std::sync::OnceLock<vassal::Module> = std::sync::OnceLock::new();
    let module = MODULE.get_or_init(|| {
        vassal::Module::from_build_file(VASSAL_BUILD_FILE, "demo.xml", &vassal_sizes()).expect("the demo module reads")
    });
    match vassal::Save::from_bytes(bytes, "fuzz.vsav") {
        Ok(save) => vassal_pieces(module, &save),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// The demo module with a private hand of sides `Blue` and `Referee` (`fuzz/seeds/`).
const VASSAL_HIDDEN_MODULE: &str = include_str!("../seeds/vassal_hidden_module.xml");

/// A VASSAL save read as the opponent would see it, on the demo module with a private hand:
/// besides no panic, what VASSAL hides stays hidden. Read without revealing (as nobody, and as
/// side `Blue`) against the same save revealed:
/// - no invisible piece is listed; they are counted;
/// - a withheld piece has no name, properties, layers, prototypes or traits, and a piece on a
///   private window the reader does not see has no place (board, zone, position, location);
/// - no warning names a trait type or a prototype that only withheld pieces have.
pub fn vassal_hidden(bytes: &[u8]) {
    static MODULE: std::sync::OnceLock<vassal::Module> = std::sync::OnceLock::new();
    let module = MODULE.get_or_init(|| {
        vassal::Module::from_build_file(VASSAL_HIDDEN_MODULE, "hidden.xml", &vassal_sizes()).expect("the hidden module reads")
    });
    let Ok(save) = vassal::Save::from_bytes(bytes, "fuzz.vsav") else { return };
    let Ok(all) = vassal::read_pieces(module, &save, &vassal::Options::default().reveal(true)) else { return };
    for options in [vassal::Options::default(), vassal::Options::default().sides(["Blue"])] {
        let Ok(seen) = vassal::read_pieces(module, &save, &options) else { return };
        serde_json::to_string(&seen).expect("the pieces serialize");
        hidden_invariants(&all, &seen);
    }
}

fn hidden_invariants(all: &vassal::Pieces, seen: &vassal::Pieces) {
    let invisible = all.pieces.iter().filter(|p| p.hidden == Some(vassal::Hidden::Invisible)).count();
    assert_eq!(seen.invisible, invisible, "invisible pieces are counted");
    for p in &seen.pieces {
        assert_ne!(p.hidden, Some(vassal::Hidden::Invisible), "an invisible piece is listed");
        if p.name.is_none() {
            assert!(p.properties.is_empty() && p.layers.is_empty() && p.prototypes.is_empty() && p.traits.is_empty(), "a withheld piece shows what it holds");
        }
        if p.hidden == Some(vassal::Hidden::PrivateWindow) {
            assert!(p.board.is_none() && p.zone.is_none() && p.x.is_none() && p.y.is_none() && p.location.is_none(), "a private window's piece shows its place");
        }
    }
    // What only withheld pieces have: their trait types and prototypes.
    let shown: std::collections::BTreeSet<&str> = seen.pieces.iter().filter(|p| p.name.is_some()).map(|p| p.id.as_str()).collect();
    let mut only_hidden = std::collections::BTreeSet::new();
    let mut elsewhere = std::collections::BTreeSet::new();
    for p in &all.pieces {
        let names = p.traits.iter().map(|t| t.kind.clone()).chain(p.prototypes.iter().cloned());
        if shown.contains(p.id.as_str()) { elsewhere.extend(names) } else { only_hidden.extend(names) }
    }
    for w in &seen.warnings {
        let text = w.to_string();
        for name in only_hidden.difference(&elsewhere).filter(|n| n.len() > 3) {
            for said in [format!("prototype `{name}`"), format!("type `{name}`")] {
                assert!(!text.contains(&said), "a warning names `{name}`, which only withheld pieces have: {text}");
            }
        }
    }
}

/// A VASSAL buildFile: read (with the demo's board sizes), then the demo game's pieces located
/// on it.
pub fn vassal_buildfile(text: &str) {
    static SAVE: std::sync::OnceLock<vassal::Save> = std::sync::OnceLock::new();
    let save = SAVE.get_or_init(|| vassal::Save::from_bytes(VASSAL_SAVE, "demo.vlog").expect("the demo game reads"));
    match vassal::Module::from_build_file(text, "fuzz.xml", &vassal_sizes()) {
        Ok(module) => vassal_pieces(&module, save),
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// A VASSAL profile: read, then (when it reads) made a state of the synthetic Leyte and Dai
/// Senso saves of fixtures/vassal/ and, when that works, read by the engine (the stand-in map
/// from memory).
pub fn vassal_profile(text: &str) {
    static GAMES: std::sync::OnceLock<[(vassal::Module, vassal::Save); 2]> = std::sync::OnceLock::new();
    let games = GAMES.get_or_init(|| {
        let sizes = vassal::BoardSizes::new();
        let read = |m: &[u8], s: &[u8]| {
            (
                vassal::Module::from_vmod(m, "m.vmod", &sizes).expect("the synthetic module reads"),
                vassal::Save::from_bytes(s, "s.vsav").expect("the synthetic save reads"),
            )
        };
        [
            read(
                include_bytes!("../../fixtures/vassal/leyte/Leyte-synthetic.vmod"),
                include_bytes!("../../fixtures/vassal/leyte/assault-scenario-end-position.vsav"),
            ),
            read(
                include_bytes!("../../fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod"),
                include_bytes!("../../fixtures/vassal/dai-senso/final-nei-pro-west-us-unit-in-tokyo.vsav"),
            ),
        ]
    });
    let Ok(profile) = vassal::profile::Profile::from_toml_str(text, Some("fuzz/p.toml")) else {
        return;
    };
    let options = vassal::Options::default();
    let maps = wargame_kit::resolve::MemoryResolver::default()
        .with("../../maps/leyte-standin.toml", include_str!("../../fixtures/maps/leyte-standin.toml"));
    let (m, s) = &games[0];
    if let Ok(imported) = profile.import(m, s, &options, &leyte_victory::STATE_SHAPE) {
        if let Ok(state) = imported.read_state(|text, name| leyte_victory::State::from_toml_str(text, name, &maps)) {
            let _ = state.score();
        }
    }
    let (m, s) = &games[1];
    if let Ok(imported) = profile.import(m, s, &options, &asia_engulfed_victory::STATE_SHAPE) {
        if let Ok(state) = imported.read_state(|text, name| asia_engulfed_victory::State::from_toml_str(text, name, &maps)) {
            let _ = asia_engulfed_victory::score(&state, &asia_engulfed_victory::options::Rules::default());
        }
    }
}
