//! Every command that reads a VASSAL module takes it in the same two forms, with the same flags:
//! `--module GAME.vmod`, or `--module buildFile.xml --board-sizes sizes.json` (the module
//! extracted, its boards' sizes given since a buildFile holds no images). Each command, given the
//! synthetic Leyte module in both forms, prints the same; given the buildFile without the sizes,
//! it says to give them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

mod common;
use common::{Run, root, run_in};

const SAVE: &str = "assault-scenario-end-position.vsav";
const PROFILE: &str = "assault.profile.toml";

/// A scratch folder holding a copy of `fixtures/` (the profiles name the maps by `../../maps`),
/// and in `fixtures/vassal/leyte/extracted/` the synthetic module unzipped: its `buildFile.xml`,
/// its board image in `images/`, and `sizes.json` giving each board image's size as the
/// `.vmod`'s image headers give it.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("module-forms")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["maps", "vassal/leyte"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for entry in std::fs::read_dir(root().join("fixtures").join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                std::fs::copy(&path, dir.join(sub).join(path.file_name().unwrap())).unwrap();
            }
        }
    }
    let leyte = dir.join("vassal/leyte");
    let vmod = std::fs::read(leyte.join("Leyte-synthetic.vmod")).unwrap();
    let extracted = leyte.join("extracted");
    std::fs::create_dir_all(extracted.join("images")).unwrap();
    let entries = vassal::internal::archive::entries(&vmod).unwrap();
    for entry in &entries {
        let bytes = vassal::internal::archive::read(&vmod, entry).unwrap();
        std::fs::write(extracted.join(&entry.name), bytes).unwrap();
    }
    let module =
        vassal::Module::from_vmod(&vmod, "Leyte-synthetic.vmod", &vassal::BoardSizes::new())
            .unwrap();
    let mut sizes = serde_json::Map::new();
    for board in module.maps.iter().flat_map(|m| &m.boards) {
        if let (Some(image), Some((w, h))) = (&board.image, board.size) {
            sizes.insert(image.clone(), serde_json::json!([w, h]));
        }
    }
    assert!(
        !sizes.is_empty(),
        "the synthetic module's boards have images"
    );
    std::fs::write(
        extracted.join("sizes.json"),
        serde_json::Value::Object(sizes).to_string(),
    )
    .unwrap();
    dir
}

/// The module's two forms, as flags.
const VMOD: &[&str] = &["--module", "Leyte-synthetic.vmod"];
const BUILD_FILE: &[&str] = &[
    "--module",
    "extracted/buildFile.xml",
    "--board-sizes",
    "extracted/sizes.json",
];
/// The buildFile without its sizes.
const BARE: &[&str] = &["--module", "extracted/buildFile.xml"];

/// `victory ARGS MODULE...` in `dir`.
fn with(dir: &Path, args: &[&str], module: &[&str]) -> Run {
    run_in(dir, &[args, module].concat())
}

/// Each command that reads a save through a profile, and `vassal pieces`: the same output from
/// the `.vmod` and from the buildFile with its sizes.
#[test]
fn the_save_commands_take_a_vmod_or_a_build_file_with_its_sizes() {
    let dir = folder("save-commands");
    let leyte = dir.join("vassal/leyte");
    let profile = ["--profile", PROFILE];
    for args in [
        &["score", SAVE][..],
        &["score", SAVE, "--format", "json"][..],
        &["check", SAVE][..],
        &["explain", SAVE, "--unit", "US-7-32"][..],
        &["render", SAVE, "-o", "-"][..],
        &["vassal", "import", SAVE][..],
    ] {
        let args = [args, &profile[..]].concat();
        let vmod = with(&leyte, &args, VMOD);
        assert_eq!(vmod.code, 0, "{args:?}: {vmod:?}");
        assert!(!vmod.stdout.is_empty(), "{args:?}");
        let build = with(&leyte, &args, BUILD_FILE);
        assert_eq!(
            (build.code, &build.stdout, &build.stderr),
            (0, &vmod.stdout, &vmod.stderr),
            "{args:?}"
        );
        // Without the sizes the boards cannot be laid out: the pieces cannot be located.
        let bare = with(&leyte, &args, BARE);
        assert_eq!(bare.code, 1, "{args:?}: {bare:?}");
        assert!(
            bare.stderr.contains("--board-sizes"),
            "{args:?}: {}",
            bare.stderr
        );
    }
    let pieces = ["vassal", "pieces", SAVE];
    let vmod = with(&leyte, &pieces, VMOD);
    assert_eq!(vmod.code, 0, "{vmod:?}");
    let build = with(&leyte, &pieces, BUILD_FILE);
    assert_eq!((build.code, &build.stdout), (0, &vmod.stdout));
    let bare = with(&leyte, &pieces, BARE);
    assert!(
        bare.stderr.contains("(--board-sizes)") && bare.stdout.contains("\n  unknown "),
        "{bare:?}"
    );
}

/// `vassal profile` takes the module as `MOD` or as `--module`, and the buildFile with
/// `--board-sizes`: the same draft, but for the file it names.
#[test]
fn vassal_profile_takes_both_forms_and_the_flag() {
    let dir = folder("profile");
    let leyte = dir.join("vassal/leyte");
    let draft = |args: &[&str]| {
        let r = run_in(
            &leyte,
            &[&["vassal", "profile", "--save", SAVE][..], args].concat(),
        );
        assert_eq!(r.code, 0, "{args:?}: {r:?}");
        // The first line names the module file; the rest is the draft.
        r.stdout.split_once('\n').unwrap().1.to_string()
    };
    let positional = draft(&["Leyte-synthetic.vmod"]);
    assert_eq!(draft(VMOD), positional);
    assert_eq!(draft(BUILD_FILE), positional);
    assert_eq!(
        draft(&[
            "extracted/buildFile.xml",
            "--board-sizes",
            "extracted/sizes.json"
        ]),
        positional
    );
    let both = run_in(
        &leyte,
        &[
            "vassal",
            "profile",
            "Leyte-synthetic.vmod",
            "--module",
            "x.vmod",
        ],
    );
    assert_eq!(both.code, 2, "{both:?}");
    let none = run_in(&leyte, &["vassal", "profile"]);
    assert_eq!(none.code, 2, "{none:?}");
}

/// `victory test` reads a VASSAL case file's `module` as either form, with `board_sizes` for a
/// buildFile.
#[test]
fn a_vassal_case_file_takes_both_forms() {
    let dir = folder("case");
    let leyte = dir.join("vassal/leyte");
    let case =
        std::fs::read_to_string(leyte.join("assault-scenario-end-position.case.toml")).unwrap();
    let build = case.replace(
        "module = \"Leyte-synthetic.vmod\"",
        "module = \"extracted/buildFile.xml\"\nboard_sizes = \"extracted/sizes.json\"",
    );
    assert_ne!(build, case);
    std::fs::write(leyte.join("build.case.toml"), &build).unwrap();
    let r = run_in(
        &leyte,
        &[
            "test",
            "assault-scenario-end-position.case.toml",
            "build.case.toml",
        ],
    );
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.ends_with("\n2 passed, 0 failed, 0 skipped\n"),
        "{}",
        r.stdout
    );
    let bare = build.replace("board_sizes = \"extracted/sizes.json\"\n", "");
    std::fs::write(leyte.join("build.case.toml"), bare).unwrap();
    let r = run_in(&leyte, &["test", "build.case.toml"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("--board-sizes"), "{}", r.stdout);
}

/// `map edit --module` takes the buildFile with its sizes: the grid and its alignment are the
/// `.vmod`'s, and with the board's own image (`--image`) the page is the `.vmod`'s byte for
/// byte; without the sizes it says to give them.
#[test]
fn map_edit_takes_both_forms() {
    let dir = folder("map-edit");
    let leyte = dir.join("vassal/leyte");
    let edit = |out: &str, module: &[&str], extra: &[&str]| {
        let args = [
            &["map", "edit", "--board", "Leyte", "-o", out][..],
            module,
            extra,
        ]
        .concat();
        let r = run_in(&leyte, &args);
        (r, std::fs::read_to_string(leyte.join(out)).ok())
    };
    let (r, vmod) = edit("vmod.html", VMOD, &[]);
    assert_eq!(r.code, 0, "{r:?}");
    let vmod = vmod.unwrap();
    let image = ["--image", "extracted/images/leyte.png"];
    let (r, build) = edit("build.html", BUILD_FILE, &image);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(build.as_deref(), Some(vmod.as_str()));
    // Without the image the page is the same grid, with no picture.
    let (r, plain) = edit("plain.html", BUILD_FILE, &[]);
    assert_eq!(r.code, 0, "{r:?}");
    let plain = plain.unwrap();
    assert!(vmod.contains("data:image/png;base64,") && !plain.contains("data:image/png;base64,"));
    let (r, page) = edit("bare.html", BARE, &[]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(page.is_none());
    assert_eq!(
        r.stderr,
        "error: board `Leyte`: its size is not known (a buildFile holds no images: give their sizes with --board-sizes)\n"
    );
}
