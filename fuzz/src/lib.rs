//! What one fuzz input goes through, shared by the fuzz targets (`fuzz_targets/*.rs`) and by
//! `replay` (`src/bin/replay.rs`), so that a replay times exactly what the fuzzer ran.
//!
//! Every function takes the input as text and must return normally whatever it is: the
//! libraries return `Result` for every bad input, so a panic, an abort, running out of memory
//! or a hang here is a finding. Besides panics, the harness fails (panics) on what the
//! libraries promise that is not a panic: a report that serde_json cannot serialize, a read
//! beyond its bounds, a hidden piece shown.
//!
//! Every target runs its input through [`bounds::bounded`]: the work the readers count and the
//! most bytes held at once are at most a documented multiple of the inflated input plus a
//! constant ([`bounds`]). Every target that reads a save checks what VASSAL hides against an
//! independent scan of the raw traits ([`secrets`]).

pub mod bounds;
pub mod secrets;

use bounds::bounded;

use asia_engulfed_victory::options::Rules;
use asia_engulfed_victory::{MarkerSide, VpTrack, place_vp_marker};
use hexmap::HexMap;
use hexmap::MapSpec;
use hexmap::svg::MapDrawing;
use wargame_kit::resolve::{Document, ResolveError, ResolveErrorKind, Resolver};

/// What a fuzz target does with one input.
pub type Target = fn(&str);

/// The fuzz targets, by name, as `replay` runs them.
pub const TARGETS: &[(&str, Target)] = &[
    ("map", map),
    ("map_hexsides", map),
    ("leyte_state", leyte_state),
    ("dai_senso_state", dai_senso_state),
    ("vp_track", vp_track),
    ("vassal_save", |t: &str| vassal_save(t.as_bytes())),
    ("vassal_buildfile", vassal_buildfile),
    ("vassal_profile", vassal_profile),
    ("vassal_hidden", |t: &str| vassal_hidden(t.as_bytes())),
    ("vassal_palette", |t: &str| vassal_palette(t.as_bytes())),
    ("vassal_labels", |t: &str| vassal_labels(t.as_bytes())),
    ("vassal_tables", vassal_tables),
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
    let declared =
        MapSpec::from_toml_str(text, None).map_or(0, |spec| declared_hexes(&spec.layout().sheets));
    bounded(
        text.len() + declared.saturating_mul(bounds::HEX_BYTES),
        |_| read_map(text),
    );
}

/// The hexes a map's sheets declare (what a few bytes of layout ask the map crate to build, as
/// a zip's few bytes inflate), at most `hexmap::limits::MAX_SPAN`.
fn declared_hexes(sheets: &[hexmap::Sheet]) -> usize {
    let n = sheets.iter().fold(0u64, |n, s| {
        let rows = u64::from(s.rows.1.saturating_sub(s.rows.0)) + 1;
        let columns = u64::from(s.columns.1.saturating_sub(s.columns.0)) + 1;
        n.saturating_add(rows * columns)
    });
    usize::try_from(n.min(hexmap::limits::MAX_SPAN)).unwrap_or(usize::MAX)
}

fn read_map(text: &str) {
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
    bounded(text.len() + documents_bytes(MAPS), |m| {
        if let Some(hexes) = read_leyte_state(text) {
            m.inflated_to(
                text.len() + documents_bytes(MAPS) + hexes.saturating_mul(bounds::HEX_BYTES),
            );
        }
    });
}

/// The bytes of fixed documents a target may read besides its input.
fn documents_bytes(docs: &[(&str, &str)]) -> usize {
    docs.iter().map(|(_, t)| t.len()).sum()
}

/// The state's map's hexes, when it loads.
fn read_leyte_state(text: &str) -> Option<usize> {
    let state = match leyte_victory::State::from_toml_str(
        text,
        Some("fixtures/leyte/fuzz.toml"),
        &ByFileName(MAPS),
    ) {
        Ok(state) => state,
        Err(e) => {
            let _ = e.to_string();
            json("Leyte load diagnostics", e.diagnostics());
            return None;
        }
    };
    let hexes = state.map().len();
    let _ = state.check();
    let report = match state.score() {
        Ok(report) => report,
        Err(e) => {
            let _ = e.to_string();
            json("Leyte score diagnostics", e.diagnostics());
            return Some(hexes);
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
    Some(hexes)
}

/// `dai_senso_state`: an Axis Empires: Dai Senso! state, tracks served from the fixture tracks;
/// if it loads: score with the default rules, the text report, the JSON and the SVG.
pub fn dai_senso_state(text: &str) {
    bounded(text.len() + documents_bytes(TRACKS), |_| {
        read_dai_senso_state(text)
    });
}

fn read_dai_senso_state(text: &str) {
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
    // The track is read as itself and again as the file the state names.
    bounded(2 * text.len() + STATE_ON_TRACK.len(), |_| {
        read_vp_track(text)
    });
}

fn read_vp_track(text: &str) {
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

/// The demo module and game the VASSAL targets read against (written by the reader's tests in
/// VASSAL's formats; `fuzz/seeds/vassal_*`).
const VASSAL_BUILD_FILE: &str = include_str!("../seeds/vassal_buildfile/demo.xml");
const VASSAL_SAVE: &[u8] = include_bytes!("../seeds/vassal_save/demo.txt");

/// The demo module with a private hand of sides `Blue` and `Referee` (`fuzz/seeds/`).
const VASSAL_HIDDEN_MODULE: &str = include_str!("../seeds/vassal_hidden_module.xml");

/// A module whose prototypes carry Text Labels, layers and masks (`fuzz/seeds/`), for
/// `vassal_labels`.
const VASSAL_LABELS_MODULE: &str = include_str!("../seeds/vassal_labels_module.xml");

fn vassal_sizes() -> vassal::BoardSizes {
    [
        ("west.png".to_string(), (600, 500)),
        ("east.svg".to_string(), (400, 500)),
    ]
    .into_iter()
    .collect()
}

/// A fixed module read once (outside any bounded run: what a target reads with every input).
fn fixed_module(
    cell: &'static std::sync::OnceLock<vassal::Module>,
    text: &str,
    name: &str,
) -> &'static vassal::Module {
    cell.get_or_init(|| {
        vassal::Module::from_build_file(text, name, &vassal_sizes())
            .expect("the fixed module reads")
    })
}

/// A save read as the targets read one, on `module`: to its end as nobody (and as each of
/// `sides`), to step 1 revealed. Errors are formatted; each listing is serialized and, when not
/// revealed, checked against the independent scan of the save's raw traits (`secrets`; `public`
/// is the buildFile) and, with `against_revealed`, against the same save revealed
/// ([`hidden_invariants`]): the harness's own work, not metered.
fn read_save(
    meter: &mut bounds::Meter,
    module: &vassal::Module,
    bytes: &[u8],
    sides: &[&str],
    public: &str,
    what: &str,
    against_revealed: bool,
) {
    let save = match vassal::Save::from_bytes(bytes, "fuzz.vsav") {
        Ok(save) => save,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    meter.inflated_to(vassal::internal::input_bytes(module, &save));
    let scan = meter.unmetered(|| {
        let scan = secrets::scan(module, &save.replay(None).ok()?);
        let text = secrets::public_commands(&secrets::save_text(bytes), &scan);
        let said = secrets::without_hidden(module, &text);
        let public = format!("{public}\n{text}\n{said}");
        Some((scan, public))
    });
    let all = if against_revealed {
        vassal::read_pieces(module, &save, &vassal::Options::default().reveal(true)).ok()
    } else {
        None
    };
    let options = std::iter::once(vassal::Options::default())
        .chain(sides.iter().map(|s| vassal::Options::default().sides([*s])));
    for options in options.chain([vassal::Options::default().step(Some(1)).reveal(true)]) {
        match vassal::read_pieces(module, &save, &options) {
            Ok(p) => meter.unmetered(|| {
                let listed = json("the pieces", &p);
                // The readable listing (`victory vassal pieces`) is built from the same pieces:
                // its size is bounded by theirs (a line's fixed words per piece, at most 128
                // bytes, beyond what the JSON holds of it).
                let listing = p.text();
                assert!(
                    listing.len() <= listed.len() + 128 * (p.pieces.len() + 1),
                    "{what}: the listing is {} bytes for {} bytes of JSON",
                    listing.len(),
                    listed.len()
                );
                if !options.reveal {
                    if let Some((scan, public)) = &scan {
                        secrets::check_listing(scan, &p, public, what);
                    }
                    if let Some(all) = &all {
                        hidden_invariants(all, &p);
                    }
                }
            }),
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// A VASSAL saved game or log, any bytes (zipped, obfuscated or plain): decoded, replayed and
/// its pieces located on the demo module; what VASSAL hides stays hidden (independent scan).
pub fn vassal_save(bytes: &[u8]) {
    static MODULE: std::sync::OnceLock<vassal::Module> = std::sync::OnceLock::new();
    let module = fixed_module(&MODULE, VASSAL_BUILD_FILE, "demo.xml");
    bounded(bytes.len() + VASSAL_BUILD_FILE.len(), |m| {
        read_save(
            m,
            module,
            bytes,
            &[],
            VASSAL_BUILD_FILE,
            "vassal_save",
            false,
        )
    });
}

/// A VASSAL save read as the opponent would see it, on the demo module with a private hand:
/// besides no panic, what VASSAL hides stays hidden. Read without revealing (as nobody, and as
/// side `Blue`):
/// - against an independent scan of the raw traits (`secrets`): a masked or invisible piece is
///   withheld or left out and counted, and nothing of it is named;
/// - against the same save revealed: no invisible piece is listed, they are counted; a withheld
///   piece has no name, properties, layers, prototypes or traits, and a piece on a private
///   window the reader does not see has no place; no warning names a trait type or a prototype
///   that only withheld pieces have.
pub fn vassal_hidden(bytes: &[u8]) {
    static MODULE: std::sync::OnceLock<vassal::Module> = std::sync::OnceLock::new();
    let module = fixed_module(&MODULE, VASSAL_HIDDEN_MODULE, "hidden.xml");
    bounded(bytes.len() + VASSAL_HIDDEN_MODULE.len(), |m| {
        read_save(
            m,
            module,
            bytes,
            &["Blue"],
            VASSAL_HIDDEN_MODULE,
            "vassal_hidden",
            true,
        )
    });
}

fn hidden_invariants(all: &vassal::Pieces, seen: &vassal::Pieces) {
    let invisible = all
        .pieces
        .iter()
        .filter(|p| p.hidden == Some(vassal::Hidden::Invisible))
        .count();
    assert_eq!(seen.invisible, invisible, "invisible pieces are counted");
    for p in &seen.pieces {
        assert_ne!(
            p.hidden,
            Some(vassal::Hidden::Invisible),
            "an invisible piece is listed"
        );
        if p.name.is_none() {
            assert!(
                p.properties.is_empty()
                    && p.layers.is_empty()
                    && p.prototypes.is_empty()
                    && p.traits.is_empty(),
                "a withheld piece shows what it holds"
            );
        }
        // A face-down card's id, or a private window's piece's, would name it (ids follow the
        // module's order): withheld.
        if matches!(
            p.hidden,
            Some(vassal::Hidden::FaceDown | vassal::Hidden::PrivateWindow)
        ) {
            assert!(p.id.is_none(), "a face-down or private piece shows its id");
        }
        if p.hidden == Some(vassal::Hidden::PrivateWindow) {
            assert!(
                p.board.is_none()
                    && p.zone.is_none()
                    && p.x.is_none()
                    && p.y.is_none()
                    && p.location.is_none(),
                "a private window's piece shows its place"
            );
        }
    }
    // What only withheld pieces have: their trait types and prototypes.
    let shown: std::collections::BTreeSet<&str> = seen
        .pieces
        .iter()
        .filter(|p| p.name.is_some())
        .filter_map(|p| p.id.as_deref())
        .collect();
    let mut only_hidden = std::collections::BTreeSet::new();
    let mut elsewhere = std::collections::BTreeSet::new();
    for p in &all.pieces {
        let names = p
            .traits
            .iter()
            .map(|t| t.kind.clone())
            .chain(p.prototypes.iter().cloned());
        if p.id.as_deref().is_some_and(|id| shown.contains(id)) {
            elsewhere.extend(names)
        } else {
            only_hidden.extend(names)
        }
    }
    for w in &seen.warnings {
        let text = w.to_string();
        for name in only_hidden.difference(&elsewhere).filter(|n| n.len() > 3) {
            for said in [format!("prototype `{name}`"), format!("type `{name}`")] {
                assert!(
                    !text.contains(&said),
                    "a warning names `{name}`, which only withheld pieces have: {text}"
                );
            }
        }
    }
}

/// A VASSAL buildFile: read (with the demo's board sizes), then the demo game's pieces located
/// on it; what VASSAL hides stays hidden (the module's prototypes may mask them).
pub fn vassal_buildfile(text: &str) {
    bounded(
        text.len() + VASSAL_SAVE.len(),
        |m| match vassal::Module::from_build_file(text, "fuzz.xml", &vassal_sizes()) {
            Ok(module) => read_save(
                m,
                &module,
                VASSAL_SAVE,
                &[],
                text,
                "vassal_buildfile",
                false,
            ),
            Err(e) => {
                let _ = e.to_string();
            }
        },
    );
}

/// `vassal_palette`: a buildFile and a save in one input, split at the first NUL byte (no NUL:
/// all buildFile, the demo game as the save). The buildFile's palette entries (`PieceSlot`,
/// shared `gpid`s, identical entries, prototypes) are matched with the save's pieces (exact,
/// approximate, ambiguous); what VASSAL hides stays hidden.
pub fn vassal_palette(bytes: &[u8]) {
    let (build, save) = match bytes.iter().position(|&b| b == 0) {
        Some(i) => (&bytes[..i], &bytes[i + 1..]),
        None => (bytes, VASSAL_SAVE),
    };
    let Ok(build) = std::str::from_utf8(build) else {
        return;
    };
    bounded(
        build.len() + save.len(),
        |m| match vassal::Module::from_build_file(build, "palette.xml", &vassal_sizes()) {
            Ok(module) => read_save(m, &module, save, &["Blue"], build, "vassal_palette", false),
            Err(e) => {
                let _ = e.to_string();
            }
        },
    );
}

/// `vassal_labels`: a save on a module whose prototypes carry Text Labels (`label;`, name
/// formats with `$pieceName$` and `$label$`), layers (`emb2;`, `+` level names) and masks; the
/// save's own pieces carry more of them. Bounded (a name that doubles at each label is never
/// built past the reader's share) and what VASSAL hides stays hidden.
pub fn vassal_labels(bytes: &[u8]) {
    static MODULE: std::sync::OnceLock<vassal::Module> = std::sync::OnceLock::new();
    let module = fixed_module(&MODULE, VASSAL_LABELS_MODULE, "labels.xml");
    bounded(bytes.len() + VASSAL_LABELS_MODULE.len(), |m| {
        read_save(
            m,
            module,
            bytes,
            &[],
            VASSAL_LABELS_MODULE,
            "vassal_labels",
            false,
        )
    });
}

/// A synthetic game of fixtures/vassal/ with one piece more: a copy of its first unit, renamed
/// and masked, so that a profile selecting units meets a masked one.
struct Game {
    module: vassal::Module,
    save: vassal::Save,
    /// The buildFile's text (what anyone may see).
    build_file: String,
    /// The independent scan of the save at its end.
    scan: secrets::Scan,
}

/// The synthetic module and save, a masked unit added to the save (`SECRET-MASKED-UNIT`, its
/// marker `Hidden Secret Key`).
fn game(vmod: &[u8], vsav: &[u8]) -> Game {
    use vassal::internal::archive;
    let sizes = vassal::BoardSizes::new();
    let module =
        vassal::Module::from_vmod(vmod, "m.vmod", &sizes).expect("the synthetic module reads");
    let entries = archive::entries(vmod).expect("the synthetic module is a zip");
    let build = ["buildFile.xml", "buildFile"]
        .iter()
        .find_map(|n| archive::find(&entries, n))
        .expect("a buildFile");
    let build_file = String::from_utf8(archive::read(vmod, build).expect("the buildFile inflates"))
        .expect("UTF-8");
    let entries = archive::entries(vsav).expect("the synthetic save is a zip");
    let game = archive::find(&entries, "savedGame").expect("a savedGame");
    let text = archive::read(vsav, game).expect("the savedGame inflates");
    let text = vassal::internal::obfuscation::deobfuscate(&text).unwrap_or(text);
    let text = String::from_utf8(text).expect("UTF-8");
    // The first piece-add command that is not a stack: copied under a new id, masked, renamed.
    let mut commands: Vec<String> = text.split('\u{1b}').map(str::to_string).collect();
    let at = commands
        .iter()
        .position(|c| c.starts_with("+/") && !c.contains("/stack/") && c.contains("piece;"))
        .expect("a piece");
    let parts = secrets::decode(&commands[at][2..], '/');
    let ty = parts.get(1).cloned().unwrap_or_default();
    let state = parts.get(2).cloned().unwrap_or_default();
    let basic = secrets::levels(&ty).pop().unwrap_or_default();
    let secret_basic = "piece;;;;SECRET-MASKED-UNIT".to_string();
    let ty = ty.replace(&basic, &secret_basic);
    let ty = vassal::write::nest(
        &[
            "obs;M;mask.png;Mask;I;?;player:;Peek;",
            "mark;Hidden Secret Key",
        ],
        &ty,
    );
    let state = vassal::write::nest(&["player1", "shh"], &state);
    commands.insert(
        at + 1,
        vassal::write::add_piece("9999999999999", &ty, &state),
    );
    let text = commands.join("\u{1b}");
    let save =
        vassal::Save::from_bytes(text.as_bytes(), "s.vsav").expect("the synthetic save reads");
    let position = save.replay(None).expect("the synthetic save replays");
    let scan = secrets::scan(&module, &position);
    assert!(
        scan.flagged.contains_key("9999999999999"),
        "the masked copy is found masked"
    );
    drop(position);
    Game {
        module,
        save,
        build_file,
        scan,
    }
}

/// The synthetic Leyte and Dai Senso games, read once.
fn games() -> &'static [Game; 2] {
    static GAMES: std::sync::OnceLock<[Game; 2]> = std::sync::OnceLock::new();
    GAMES.get_or_init(|| {
        [
            game(
                include_bytes!("../../fixtures/vassal/leyte/Leyte-synthetic.vmod"),
                include_bytes!("../../fixtures/vassal/leyte/assault-scenario-end-position.vsav"),
            ),
            game(
                include_bytes!("../../fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod"),
                include_bytes!(
                    "../../fixtures/vassal/dai-senso/final-nei-pro-west-us-unit-in-tokyo.vsav"
                ),
            ),
        ]
    })
}

const STANDIN_MAP: &str = include_str!("../../fixtures/maps/leyte-standin.toml");

/// A profile imported on both synthetic games, and the state read by the engines when that
/// works: the texts it produced (the state documents and every warning and error).
fn import(profile: &vassal::profile::Profile, games: &[Game; 2]) -> Vec<String> {
    let mut said = Vec::new();
    let options = vassal::Options::default();
    let maps = wargame_kit::resolve::MemoryResolver::default()
        .with("../../maps/leyte-standin.toml", STANDIN_MAP);
    let g = &games[0];
    match profile.import(&g.module, &g.save, &options, &leyte_victory::STATE_SHAPE) {
        Ok(imported) => {
            said.push(imported.text.clone());
            said.extend(imported.warnings.iter().map(ToString::to_string));
            match imported
                .read_state(|text, name| leyte_victory::State::from_toml_str(text, name, &maps))
            {
                Ok(state) => {
                    if let Ok(report) = state.score() {
                        said.push(report.to_string());
                    }
                }
                Err(e) => said.push(e.to_string()),
            }
        }
        Err(e) => said.push(e.to_string()),
    }
    let g = &games[1];
    match profile.import(
        &g.module,
        &g.save,
        &options,
        &asia_engulfed_victory::STATE_SHAPE,
    ) {
        Ok(imported) => {
            said.push(imported.text.clone());
            said.extend(imported.warnings.iter().map(ToString::to_string));
            match imported.read_state(|text, name| {
                asia_engulfed_victory::State::from_toml_str(text, name, &maps)
            }) {
                Ok(state) => {
                    let report = asia_engulfed_victory::score(&state, &Rules::default());
                    said.push(report.to_string());
                }
                Err(e) => said.push(e.to_string()),
            }
        }
        Err(e) => said.push(e.to_string()),
    }
    said
}

/// The bytes of the fixed input the profile targets read with every profile.
fn games_bytes(games: &[Game; 2]) -> usize {
    games
        .iter()
        .map(|g| vassal::internal::input_bytes(&g.module, &g.save))
        .sum::<usize>()
        + STANDIN_MAP.len()
}

/// Nothing a profile's import said names the masked unit of the games (`SECRET-MASKED-UNIT`,
/// `Hidden Secret Key`), unless the profile itself does.
fn check_said(games: &[Game; 2], profile: &str, said: &[String], what: &str) {
    for g in games {
        let public = format!("{profile}\n{}", g.build_file);
        let said = said
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("what the import said, {i}"), t.as_str()));
        secrets::check_named(&g.scan, &public, said, what);
    }
}

/// A VASSAL profile: read, then (when it reads) made a state of the synthetic Leyte and Dai
/// Senso saves of fixtures/vassal/ (each with a masked unit added) and, when that works, read by
/// the engine (the stand-in map from memory); nothing it says names the masked unit.
pub fn vassal_profile(text: &str) {
    let games = games();
    let said =
        bounded(
            text.len() + games_bytes(games),
            |_| match vassal::profile::Profile::from_toml_str(text, Some("fuzz/p.toml")) {
                Ok(profile) => import(&profile, games),
                Err(e) => vec![e.to_string()],
            },
        );
    check_said(games, text, &said, "vassal_profile");
}

/// Files served from memory by file name (`../tables/counters.csv` is `counters.csv`).
struct Files(Vec<(String, String)>);

impl Resolver for Files {
    fn resolve(&self, reference: &str, _from: Option<&str>) -> Result<Document, ResolveError> {
        let file = reference.rsplit(['/', '\\']).next().unwrap_or(reference);
        self.0
            .iter()
            .find(|(name, _)| name == file)
            .map(|(name, text)| Document::new(name.clone(), text.clone()))
            .ok_or_else(|| ResolveError::new(reference, ResolveErrorKind::NotFound { path: None }))
    }
}

/// `vassal_tables`: a profile with `[tables.*]` and the files its tables name, in one input: the
/// profile, then each file after a line `=== NAME` (CSV, or TOML `rows` when NAME ends in
/// `.toml`), served from memory; the profile with its tables imported on the synthetic games as
/// `vassal_profile` does.
pub fn vassal_tables(text: &str) {
    let games = games();
    let mut sections = text.split("\n=== ");
    let profile_text = sections.next().unwrap_or_default();
    let files = Files(
        sections
            .map(|s| {
                let (name, body) = s.split_once('\n').unwrap_or((s, ""));
                (name.trim().to_string(), body.to_string())
            })
            .collect(),
    );
    let said = bounded(text.len() + games_bytes(games), |_| {
        let profile =
            match vassal::profile::Profile::from_toml_str(profile_text, Some("fuzz/p.toml")) {
                Ok(profile) => profile,
                Err(e) => return vec![e.to_string()],
            };
        match profile.with_tables(&files) {
            Ok(profile) => import(&profile, games),
            Err(e) => vec![e.to_string()],
        }
    });
    check_said(games, text, &said, "vassal_tables");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test at a time: the counting allocator's peak is the process's, so a test's
    /// allocations would count in another's bounds.
    fn serial() -> std::sync::MutexGuard<'static, ()> {
        static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
        SERIAL
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The harness's fixed inputs work: the fixture references resolve and the state
    /// `vp_track` scores its tracks with loads on a valid track.
    #[test]
    fn fixed_inputs_load() {
        let _serial = serial();
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
        let _serial = serial();
        vassal_hidden(include_bytes!("../seeds/vassal_hidden/hidden.txt"));
        vassal_hidden(include_bytes!("../seeds/vassal_hidden/masks-at-depth.txt"));
        vassal_hidden(include_bytes!("../seeds/vassal_save/demo.txt"));
    }

    /// The independent scan finds what the seeds hide: a mask past the trait limit (behind a
    /// prototype of 32 x 32 markers), an invisible piece behind two, masks and invisibility
    /// through nested prototypes, a mask under 60 markers; and the pieces in the clear.
    #[test]
    fn the_independent_scan_finds_masks_at_any_depth() {
        let _serial = serial();
        let module =
            vassal::Module::from_build_file(VASSAL_LABELS_MODULE, "labels.xml", &vassal_sizes())
                .unwrap();
        let flagged = |text: &[u8]| {
            let save = vassal::Save::from_bytes(text, "s.vsav").unwrap();
            let scan = secrets::scan(&module, &save.replay(None).unwrap());
            assert_eq!(scan.skipped, 0);
            scan.flagged
                .into_iter()
                .map(|(id, f)| (id, f.masked, f.invisible))
                .collect::<Vec<_>>()
        };
        let s = |id: &str, m, i| (id.to_string(), m, i);
        assert_eq!(
            flagged(include_bytes!(
                "../seeds/vassal_labels/item15-mask-past-the-trait-limit.txt"
            )),
            [s("deep", true, false), s("deep2", false, true)]
        );
        assert_eq!(
            flagged(include_bytes!(
                "../seeds/vassal_labels/labels-and-layers.txt"
            )),
            [s("l4", true, false), s("l5", false, true)]
        );
        assert_eq!(
            flagged(include_bytes!(
                "../seeds/vassal_labels/item14-mask-deep-in-own-traits.txt"
            )),
            [s("own", true, false)]
        );
        assert!(
            flagged(include_bytes!(
                "../seeds/vassal_labels/item1-32-doubling-labels.txt"
            ))
            .is_empty()
        );
    }

    /// VASSAL's decoder, as the scan reads a level: escaped delimiters, quotes, a last empty
    /// element.
    #[test]
    fn the_scan_decodes_as_vassal_does() {
        let _serial = serial();
        assert_eq!(
            secrets::decode("a;b\\;c;'d\\';", ';'),
            ["a", "b;c", "d\\", ""]
        );
        let nested = vassal::write::nest(&["obs;M", "mark;K"], "piece;;;;N");
        assert_eq!(secrets::levels(&nested), ["obs;M", "mark;K", "piece;;;;N"]);
        assert_eq!(secrets::levels("x"), ["x"]);
    }

    /// Each VASSAL seed reads within the bounds (and keeps its secrets): those of the items the
    /// reader fixed (labels that double a name, a mask past the trait limit).
    #[test]
    fn the_fixed_items_seeds_read_within_the_bounds() {
        let _serial = serial();
        for seed in [
            &include_bytes!("../seeds/vassal_labels/item1-32-doubling-labels.txt")[..],
            include_bytes!("../seeds/vassal_labels/item1-masked-doubling.txt"),
            include_bytes!("../seeds/vassal_labels/item1-through-prototypes.txt"),
            include_bytes!("../seeds/vassal_labels/item15-mask-past-the-trait-limit.txt"),
            include_bytes!("../seeds/vassal_labels/labels-and-layers.txt"),
        ] {
            vassal_labels(seed);
        }
        vassal_palette(include_bytes!("../seeds/vassal_palette/matches-and-masks"));
        vassal_profile(include_str!(
            "../../fixtures/vassal/leyte/assault.profile.toml"
        ));
        vassal_tables(include_str!("../seeds/vassal_tables/leyte-counters-csv"));
    }

    /// The invariants can fail: a listing that shows a masked piece (here the save read revealed,
    /// as a reader that missed the mask would list it) is a finding, and so is a warning that
    /// quotes its name.
    #[test]
    #[should_panic(expected = "is masked (independent scan of its raw traits) but listed")]
    fn the_invariants_fail_a_listing_that_shows_a_masked_piece() {
        let _serial = serial();
        let module =
            vassal::Module::from_build_file(VASSAL_LABELS_MODULE, "labels.xml", &vassal_sizes())
                .unwrap();
        let text = include_bytes!("../seeds/vassal_labels/item15-mask-past-the-trait-limit.txt");
        let save = vassal::Save::from_bytes(text, "s.vsav").unwrap();
        let scan = secrets::scan(&module, &save.replay(None).unwrap());
        let revealed =
            vassal::read_pieces(&module, &save, &vassal::Options::default().reveal(true)).unwrap();
        secrets::check_listing(&scan, &revealed, VASSAL_LABELS_MODULE, "test");
    }

    #[test]
    #[should_panic(expected = "which only the hidden piece `deep` holds, is shown")]
    fn the_invariants_fail_a_warning_that_quotes_a_masked_name() {
        let _serial = serial();
        let module =
            vassal::Module::from_build_file(VASSAL_LABELS_MODULE, "labels.xml", &vassal_sizes())
                .unwrap();
        let text = include_bytes!("../seeds/vassal_labels/item15-mask-past-the-trait-limit.txt");
        let save = vassal::Save::from_bytes(text, "s.vsav").unwrap();
        let scan = secrets::scan(&module, &save.replay(None).unwrap());
        let said = "a warning about `Masked Past The Limit`, unquoted Deep Secret Key";
        let quoted = secrets::quoted(said)
            .into_iter()
            .map(|q| (String::new(), q));
        secrets::check_named(&scan, VASSAL_LABELS_MODULE, quoted, "test");
    }

    /// The bounds can fail: an allocation of 64 MiB from 1,000 bytes of input is a finding.
    #[test]
    #[should_panic(expected = "MEM_FACTOR")]
    fn the_memory_bound_fails_a_read_that_takes_far_more_than_its_input() {
        let _serial = serial();
        bounded(1_000, |_| {
            std::hint::black_box(vec![1u8; 64 * 1024 * 1024]).len()
        });
    }

    /// The bounds can fail: work in the square of the input is a finding.
    #[test]
    #[should_panic(expected = "WORK_FACTOR")]
    fn the_work_bound_fails_a_read_that_takes_the_square_of_its_input() {
        let _serial = serial();
        bounded(10_000, |_| {
            wargame_kit::internal::work::add(10_000 * 10_000)
        });
    }
}
