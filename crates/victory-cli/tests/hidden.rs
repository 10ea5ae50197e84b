//! Hidden information, through every output of `victory`: a save from the opponent holds a
//! piece on their private hand, a piece masked by a player who set no password (a blank
//! owner) and an invisible piece. VASSAL shows the other player the masked piece face down
//! where it stands, and nothing of the other two; so must every command, message and
//! suggestion (`vassal pieces`, `score`, `check`, `explain`, `render`, `vassal import`, `test`
//! and its JUnit XML, a profile's "did you mean"). `--side` reads one's own hand, `--reveal`
//! everything.
//!
//! The files are made here from the synthetic Leyte module and save of `fixtures/vassal/`: a
//! `PlayerHand` of side `Japanese` added to the module, the three pieces to the save.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use vassal::internal::archive;
use vassal::write::{add_piece, nest};

mod common;
use common::{Run, root, run_in};

/// What the opponent hides; none of it may appear anywhere unless revealed (with where the
/// invisible piece is: `Game::invisible_at`).
const SECRETS: [&str; 5] = [
    "SECRET",       // the names and the property value of the hidden pieces
    "SecretProp",   // the property only the hand piece has
    "SecretProto",  // the prototype the masked piece names (the module lacks it)
    "secretTrait",  // a trait of the masked piece no standard VASSAL trait has
    "invisible-77", // the invisible piece's id
];

/// The scratch folder, with the module, the save and a profile.
struct Game {
    dir: PathBuf,
    /// Where the invisible piece is: its pixel position as a listing prints it.
    invisible_at: Vec<String>,
    /// Its hex, which a listing of pieces (and nothing else: pictures draw every hex's number)
    /// must not show.
    invisible_hex: String,
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("victory-hidden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The synthetic module with a private hand of side `Japanese` (and the roster of its sides,
/// which `--side` must name).
fn module_with_hand(dir: &Path) {
    let vmod = std::fs::read(root().join("fixtures/vassal/leyte/Leyte-synthetic.vmod")).unwrap();
    let entries = archive::entries(&vmod).unwrap();
    let mut zip = archive::Writer::new();
    for e in &entries {
        let mut bytes = archive::read(&vmod, e).unwrap();
        if e.name == "buildFile.xml" {
            let text = String::from_utf8(bytes).unwrap();
            let hand = r#"  <VASSAL.build.module.PlayerRoster buttonText="Retire">
    <entry>US</entry>
    <entry>Japanese</entry>
  </VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PlayerHand mapName="Japanese Hand" side="Japanese" visible="false">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Hand" width="400" height="300"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.PlayerHand>
</VASSAL.build.GameModule>"#;
            bytes = text
                .replace("</VASSAL.build.GameModule>", hand)
                .into_bytes();
        }
        zip.add(&e.name, &bytes);
    }
    std::fs::write(dir.join("Leyte.vmod"), zip.finish()).unwrap();
}

/// A piece as VASSAL writes it: traits (type, state; outermost first) around a basic piece.
fn piece(id: &str, name: &str, map: &str, (x, y): (i32, i32), traits: &[(&str, &str)]) -> String {
    let types: Vec<&str> = traits.iter().map(|t| t.0).collect();
    let states: Vec<&str> = traits.iter().map(|t| t.1).collect();
    add_piece(
        id,
        &nest(&types, &format!("piece;;;;{name}")),
        &nest(&states, &format!("{map};{x};{y};;0")),
    )
}

/// The synthetic save's text, with the three hidden pieces added; where the invisible one is.
fn save_with_secrets(dir: &Path) -> (i32, i32) {
    let file =
        std::fs::read(root().join("fixtures/vassal/leyte/assault-scenario-end-position.vsav"))
            .unwrap();
    let entries = archive::entries(&file).unwrap();
    let raw = archive::read(&file, archive::find(&entries, "savedGame").unwrap()).unwrap();
    let text =
        String::from_utf8(vassal::internal::obfuscation::deobfuscate(&raw).unwrap()).unwrap();
    // Two hexes a hex-width apart on the map that no unit holds: beside the first unit's.
    let first = text.find("Leyte;").unwrap();
    let mut st = vassal::seq::Decoder::new(&text[first..], ';');
    st.next();
    let (x, y) = (st.next_int(0), st.next_int(0));
    let masked_at = (x, y + 3);
    // Far from the units, on no path of theirs.
    let invisible_at = (x + 611, y - 233);
    let secrets = [
        piece(
            "hand-1",
            "SECRETHAND-1 4-6-5",
            "Japanese Hand",
            (100, 100),
            &[("mark;SecretProp", "SECRETVALUE")],
        ),
        piece(
            "masked-1",
            "SECRETMASKED 3-3-3",
            "Leyte",
            masked_at,
            &[
                ("obs;M;mask.png;Mask;I;?;player:;Peek;", ";"),
                ("secretTrait;x", "y"),
                ("prototype;SecretProto", ""),
            ],
        ),
        piece(
            "invisible-77",
            "SECRETINVISIBLE 2-2-2",
            "Leyte",
            invisible_at,
            &[("hide;H;Hide;255,255,255;player:;", "")],
        ),
    ];
    let added = format!("\u{1b}{}\u{1b}end_save", secrets.join("\u{1b}"));
    let text = text.replacen("\u{1b}end_save", &added, 1);
    std::fs::write(dir.join("game.vsav"), text).unwrap();
    invisible_at
}

/// The assault profile, its map beside it, and one more group: the pieces in the Japanese hand
/// count as eliminated (so that a hand read with `--side` changes the score).
fn profile(dir: &Path, extra: &str) {
    let text = std::fs::read_to_string(root().join("fixtures/vassal/leyte/assault.profile.toml"))
        .unwrap()
        .replace("../../maps/leyte-standin.toml", "leyte-standin.toml");
    let hand = r#"
[[pieces]]
into = "eliminated"
select = { map = "Japanese Hand" }
may_be_empty = true
[pieces.fields]
id = { name = true, word = 1 }
side = { value = "japanese" }
rating = { name = true, word = -1 }
"#;
    std::fs::write(
        dir.join("game.profile.toml"),
        format!("{text}{hand}{extra}"),
    )
    .unwrap();
    std::fs::copy(
        root().join("fixtures/maps/leyte-standin.toml"),
        dir.join("leyte-standin.toml"),
    )
    .unwrap();
}

fn game(name: &str) -> Game {
    let dir = scratch(name);
    module_with_hand(&dir);
    let at = save_with_secrets(&dir);
    profile(&dir, "");
    // Where the invisible piece is, as VASSAL would name it (found with everything revealed).
    let r = run_in(
        &dir,
        &[
            "vassal",
            "pieces",
            "game.vsav",
            "--module",
            "Leyte.vmod",
            "--reveal",
            "--format",
            "json",
        ],
    );
    let json: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let hex = json["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "invisible-77")
        .map(|p| p["location"].as_str().unwrap().to_string())
        .unwrap();
    // No other piece is in that hex: its name in a listing could only be the invisible piece's.
    let others = json["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["id"] != "invisible-77" && p["location"] == hex.as_str())
        .count();
    assert_eq!(others, 0, "the invisible piece shares hex {hex}");
    Game {
        dir,
        invisible_at: vec![format!("{}, {}", at.0, at.1)],
        invisible_hex: hex,
    }
}

/// Every secret, and where the invisible piece is.
fn secrets(g: &Game) -> Vec<String> {
    let mut all: Vec<String> = SECRETS.iter().map(|s| (*s).to_string()).collect();
    all.extend(g.invisible_at.iter().cloned());
    all
}

/// Nothing hidden in `text` (what a command printed or wrote), named by `what`.
fn keeps_secrets(g: &Game, what: &str, text: &str) {
    for s in secrets(g) {
        assert!(!text.contains(&s), "{what} shows `{s}`:\n{text}");
    }
}

/// Nothing hidden in a listing of pieces (with places), not even the invisible piece's hex.
fn lists_no_secret(g: &Game, what: &str, text: &str) {
    keeps_secrets(g, what, text);
    let hex = format!(" {} ", g.invisible_hex);
    let quoted = format!("\"{}\"", g.invisible_hex);
    assert!(
        !text.contains(&hex) && !text.contains(&quoted),
        "{what} shows the invisible piece's hex {}:\n{text}",
        g.invisible_hex
    );
}

/// The save read through the module and profile: `victory COMMAND... SAVE --module
/// --profile`.
const SAVE: [&str; 5] = [
    "game.vsav",
    "--module",
    "Leyte.vmod",
    "--profile",
    "game.profile.toml",
];

/// `victory ARGS SAVE --module MOD --profile PROFILE` in the game's folder.
fn on_save(g: &Game, args: &[&str]) -> Run {
    let full: Vec<&str> = args.iter().copied().chain(SAVE).collect();
    run_in(&g.dir, &full)
}

fn run(g: &Game, args: &[&str]) -> Run {
    run_in(&g.dir, args)
}

/// US points of the save's score.
fn us(r: &Run) -> i64 {
    let json: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    json["us"]["total"].as_i64().unwrap()
}

#[test]
fn vassal_pieces_shows_what_vassal_shows_the_opponent() {
    let g = game("pieces");
    for format in ["text", "json"] {
        let r = run(
            &g,
            &[
                "vassal",
                "pieces",
                "game.vsav",
                "--module",
                "Leyte.vmod",
                "--format",
                format,
            ],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        lists_no_secret(&g, &format!("vassal pieces ({format})"), &r.transcript());
        // The masked piece is there, face down where it stands; the hand piece by its window
        // only (its id would follow the module's order: not even that); the invisible one only
        // counted.
        assert!(
            r.stdout.contains("masked-1") && !r.stdout.contains("hand-1"),
            "{}",
            r.stdout
        );
    }
    let text = run(
        &g,
        &["vassal", "pieces", "game.vsav", "--module", "Leyte.vmod"],
    )
    .stdout;
    assert!(text.contains("1 invisible not shown"), "{text}");
    assert!(
        text.contains("withheld") && text.contains("private window"),
        "{text}"
    );
    // As the Japanese player: the hand, not the masked or invisible pieces.
    let mine = run(
        &g,
        &[
            "vassal",
            "pieces",
            "game.vsav",
            "--module",
            "Leyte.vmod",
            "--side",
            "Japanese",
        ],
    );
    assert!(mine.stdout.contains("SECRETHAND-1") && mine.stdout.contains("SECRETVALUE"));
    assert!(!mine.stdout.contains("SECRETMASKED") && !mine.stdout.contains("SECRETINVISIBLE"));
    let all = run(
        &g,
        &[
            "vassal",
            "pieces",
            "game.vsav",
            "--module",
            "Leyte.vmod",
            "--reveal",
        ],
    );
    for s in [
        "SECRETHAND-1",
        "SECRETMASKED",
        "SECRETINVISIBLE",
        &g.invisible_hex,
    ] {
        assert!(all.stdout.contains(s), "--reveal lacks {s}: {}", all.stdout);
    }
}

#[test]
fn scoring_checking_explaining_and_drawing_keep_the_secrets() {
    let g = game("score");
    let runs: [&[&str]; 8] = [
        &["score"],
        &["score", "--format", "json"],
        &["check"],
        &["check", "--format", "json"],
        &["explain", "--unit", "US-24-19"],
        &["explain", "--unit", "NO-SUCH-UNIT"],
        &["render", "-o", "-"],
        &["render", "--format", "html", "-o", "-"],
    ];
    for args in runs {
        let r = on_save(&g, args);
        assert!(r.code <= 1, "{args:?}: {}", r.transcript());
        keeps_secrets(&g, &format!("{args:?}"), &r.transcript());
    }
    let drawn = ["render", "-o", "picture.html"];
    on_save(&g, &drawn);
    let page = std::fs::read_to_string(g.dir.join("picture.html")).unwrap();
    keeps_secrets(&g, "the HTML page", &page);
    // The hand counts once the Japanese player reads their own save: a 4-6-5 eliminated.
    let theirs = us(&on_save(&g, &["score", "--format", "json"]));
    let mine = on_save(&g, &["score", "--format", "json", "--side", "Japanese"]);
    assert!(
        mine.stdout.contains("SECRETHAND-1"),
        "{}",
        mine.transcript()
    );
    assert_eq!(us(&mine), theirs + 10);
}

#[test]
fn an_import_and_its_comments_keep_the_secrets() {
    let g = game("import");
    let r = on_save(&g, &["vassal", "import"]);
    assert_eq!(r.code, 0, "{}", r.transcript());
    lists_no_secret(&g, "vassal import", &r.transcript());
    let r = on_save(&g, &["vassal", "import", "-o", "state.toml"]);
    lists_no_secret(&g, "vassal import -o", &r.transcript());
    let written = std::fs::read_to_string(g.dir.join("state.toml")).unwrap();
    lists_no_secret(&g, "the imported state", &written);
}

#[test]
fn a_suite_and_its_junit_keep_the_secrets() {
    let g = game("suite");
    let theirs = us(&on_save(&g, &["score", "--format", "json"]));
    let case = |name: &str, side: &str, us: i64| {
        std::fs::write(
            g.dir.join(name),
            format!("[vassal]\nsave = \"game.vsav\"\nmodule = \"Leyte.vmod\"\nprofile = \"game.profile.toml\"\n{side}\n[expect]\nlevel = \"draw\"\nus = {us}\n"),
        )
        .unwrap();
    };
    case("case.toml", "", theirs);
    for format in ["text", "json"] {
        let r = run(
            &g,
            &[
                "test",
                "case.toml",
                "--format",
                format,
                "--junit",
                "junit.xml",
            ],
        );
        assert_eq!(r.code, 1, "{}", r.transcript());
        keeps_secrets(&g, &format!("victory test ({format})"), &r.transcript());
        let junit = std::fs::read_to_string(g.dir.join("junit.xml")).unwrap();
        keeps_secrets(&g, "the JUnit XML", &junit);
    }
    // `side` in the case file reads the hand as `--side` does: ten points more for the US.
    case("mine.toml", "side = \"Japanese\"", theirs + 10);
    let r = run(&g, &["test", "mine.toml", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let differences = json["files"][0]["differences"].as_array().unwrap();
    assert!(
        differences.iter().all(|d| d["field"] != "us"),
        "{}",
        r.transcript()
    );
}

#[test]
fn suggestions_name_nothing_only_a_hidden_piece_has() {
    let g = game("suggest");
    // A property only the hand piece has, misspelt: the suggestion may not name it.
    profile(
        &g.dir,
        "\n[[counts]]\nkey = \"secret_count\"\nselect = { property = { SecretPro = \"x\" } }\n",
    );
    let r = on_save(&g, &["check"]);
    assert_eq!(r.code, 1, "{}", r.transcript());
    assert!(r.stderr.contains("SecretPro"), "{}", r.stderr);
    keeps_secrets(
        &g,
        "the profile's problem",
        &r.stderr.replace("`SecretPro`", ""),
    );
}
