//! Inputs from an opponent, treated as hostile (issue 35, the command line): a size limit per
//! kind of file, `victory test --confine` over the paths a case file names, `--accept` that
//! writes only what it scored and only where it should, outputs that replace their target
//! whole, names that cannot forge a line of output, messages that say what is wrong, and map
//! grids whose search is bounded before it starts. Each test runs the real program on a
//! scratch folder of its own.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

mod common;
use common::{Run, root, run_in, run_with};

/// A scratch folder of this test binary, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile")
        .join(name);
    if dir.exists() {
        // A deep folder left by a failed run cannot always be removed by `remove_dir_all`.
        let _ = std::process::Command::new("rm")
            .arg("-rf")
            .arg(&dir)
            .status();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Write `bytes` to `dir/name`, its folders made.
fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The synthetic Leyte game of `fixtures/vassal/leyte/` copied into `dir/under`: its module,
/// saves, profiles and case files in `vassal/leyte/`, the map its profiles name in `maps/`.
fn vassal_folder(dir: &Path, under: &str) -> PathBuf {
    let base = dir.join(under);
    for entry in std::fs::read_dir(root().join("fixtures/vassal/leyte")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        write(
            &base,
            &format!("vassal/leyte/{name}"),
            std::fs::read(&path).unwrap(),
        );
    }
    let map = std::fs::read(root().join("fixtures/maps/leyte-standin.toml")).unwrap();
    // The profiles made the largest of the files read under `--max-input-bytes` (a comment
    // longer than the map they name), so that each is read at its own size.
    for profile in ["assault.profile.toml", "campaign.profile.toml"] {
        let path = base.join("vassal/leyte").join(profile);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str(&format!("\n# {}\n", "-".repeat(map.len())));
        std::fs::write(&path, text).unwrap();
    }
    write(&base, "maps/leyte-standin.toml", map);
    base
}

const MODULE: &str = "Leyte-synthetic.vmod";
const SAVE: &str = "assault-scenario-end-position.vsav";
const PROFILE: &str = "assault.profile.toml";

/// The size of a file, as the text of a flag's value: `size(path, 0)` is its size, `-1` one
/// byte less.
fn size(path: &Path, delta: i64) -> String {
    let n = i64::try_from(std::fs::metadata(path).unwrap().len()).unwrap();
    (n + delta).to_string()
}

/// A Leyte position on an inline map of nine hexes (the README's corridor), without
/// `[expect]`: US 10, Japanese 5, a draw.
const CORRIDOR: &str = r#"game = "leyte"

[map]
name = "Nine hexes in a line"
layout = { orientation = "pointy", label = "row-column", rows = [10, 10], columns = [1, 9], shifted = "even", rows_grow = "north", columns_grow = "east" }
areas.northern-beach = { name = "Northern Beach Area", hexes = ["1009"] }
areas.eastern-beach = { name = "Eastern Beach Area", hexes = [] }
hexsides.roads = [["1006", "1007", "1008", "1009"]]

[scenario]
name = "Corridor"
active_beaches = ["northern-beach"]

[[units]]
id = "US-1"
side = "us"
rating = "4-6-5"
hex = "1006"

[[units]]
id = "US-2"
side = "us"
rating = "3-2-5"
hex = "1001"

[[eliminated]]
id = "J-1"
side = "japanese"
rating = "4-6-5"
"#;

/// The corridor with a wrong expectation (the US has 10).
fn corridor_expecting(us: u32) -> String {
    format!("{CORRIDOR}\n[expect]\nus = {us}\n")
}

/// Each file in `dir` (not below it) whose name says it is a temporary file of the program.
fn strays(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".victory-") || n.ends_with(".tmp"))
        .collect()
}

// ---- A: a size limit per kind of file ----

/// A module, a save and a profile are each refused one byte over their own limit, naming the
/// file, the limit and the flag, and read at it; `--max-input-bytes` no longer stands for the
/// module's or the save's limit.
#[test]
fn each_kind_of_file_is_read_under_its_own_limit() {
    let dir = scratch("limits");
    let base = vassal_folder(&dir, "game");
    let leyte = base.join("vassal/leyte");
    for (flag, file) in [
        ("--max-module-bytes", MODULE),
        ("--max-save-bytes", SAVE),
        ("--max-input-bytes", PROFILE),
    ] {
        let under = size(&leyte.join(file), -1);
        let exact = size(&leyte.join(file), 0);
        for command in ["score", "check"] {
            let args = [
                command,
                SAVE,
                "--module",
                MODULE,
                "--profile",
                PROFILE,
                flag,
                &under,
            ];
            let r = run_in(&leyte, &args);
            assert_eq!(r.code, 1, "{args:?}: {r:?}");
            assert!(
                r.stderr.contains(file)
                    && r.stderr.contains(&format!("larger than {under} bytes"))
                    && r.stderr.contains(&format!("(raise it with {flag})")),
                "{args:?}: {}",
                r.stderr
            );
            let args = [
                command,
                SAVE,
                "--module",
                MODULE,
                "--profile",
                PROFILE,
                flag,
                &exact,
            ];
            let r = run_in(&leyte, &args);
            assert_eq!(r.code, 0, "{args:?}: {r:?}");
        }
    }
    // The limit of state files does not bound a module or a save.
    let small = size(&leyte.join(MODULE), -1);
    let r = run_in(
        &leyte,
        &[
            "score",
            SAVE,
            "--module",
            MODULE,
            "--profile",
            PROFILE,
            "--max-input-bytes",
            &small.clone(),
            "--max-module-bytes",
            &small,
        ],
    );
    assert!(r.stderr.contains("--max-module-bytes"), "{}", r.stderr);
}

/// `vassal pieces`, `vassal import`, `vassal profile` and `map edit --module` take the limits
/// of the files they read: each refused one byte under a file's size, naming it, the limit and
/// the flag, and reading it at its size.
#[test]
fn the_vassal_commands_and_the_map_editor_take_the_limits() {
    let dir = scratch("limits-vassal");
    let base = vassal_folder(&dir, "game");
    let leyte = base.join("vassal/leyte");
    let pieces = &["vassal", "pieces", SAVE, "--module", MODULE][..];
    let import = &[
        "vassal",
        "import",
        SAVE,
        "--module",
        MODULE,
        "--profile",
        PROFILE,
    ][..];
    let profile = &["vassal", "profile", MODULE][..];
    let edit = &[
        "map",
        "edit",
        "--module",
        MODULE,
        "--board",
        "Leyte",
        "-o",
        "editor.html",
    ][..];
    for (args, flag, file) in [
        (pieces, "--max-module-bytes", MODULE),
        (pieces, "--max-save-bytes", SAVE),
        (import, "--max-module-bytes", MODULE),
        (import, "--max-save-bytes", SAVE),
        (import, "--max-input-bytes", PROFILE),
        (profile, "--max-module-bytes", MODULE),
        (edit, "--max-module-bytes", MODULE),
    ] {
        let under = size(&leyte.join(file), -1);
        let r = run_in(&leyte, &[args, &[flag, &under]].concat());
        assert_eq!(r.code, 1, "{args:?} {flag}: {r:?}");
        assert!(
            r.stderr.contains(file)
                && r.stderr.contains(&format!("larger than {under} bytes"))
                && r.stderr.contains(flag),
            "{args:?} {flag}: {}",
            r.stderr
        );
        let exact = size(&leyte.join(file), 0);
        let r = run_in(&leyte, &[args, &[flag, &exact]].concat());
        assert!(!r.stderr.contains("larger than"), "{args:?} {flag}: {r:?}");
        // The synthetic board is numbered with letters: the editor refuses the grid.
        if args != edit {
            assert_eq!(r.code, 0, "{args:?} {flag}: {r:?}");
        }
    }
}

/// `victory test` reads the files a `[vassal]` table names under the same limits.
#[test]
fn victory_test_reads_vassal_case_files_under_the_limits() {
    let dir = scratch("limits-test");
    let base = vassal_folder(&dir, "game");
    let leyte = base.join("vassal/leyte");
    let case = "vassal/leyte/assault-scenario-end-position.case.toml";
    for (flag, file) in [
        ("--max-module-bytes", MODULE),
        ("--max-save-bytes", SAVE),
        ("--max-input-bytes", PROFILE),
    ] {
        let under = size(&leyte.join(file), -1);
        let exact = size(&leyte.join(file), 0);
        let r = run_in(&base, &["test", case, flag, &under]);
        assert_eq!(r.code, 1, "{flag}: {r:?}");
        assert!(
            r.stdout.contains(&format!("{case}: FAILED\n"))
                && r.stdout.contains(file)
                && r.stdout.contains(&format!("larger than {under} bytes"))
                && r.stdout.contains(flag),
            "{flag}: {}",
            r.stdout
        );
        let r = run_in(&base, &["test", case, flag, &exact]);
        assert_eq!(r.code, 0, "{flag}: {r:?}");
        assert!(r.stdout.starts_with(&format!("{case}: ok\n")), "{r:?}");
    }
}

/// A file over its limit is named once in the refusal (issue 44, item 22: the profile's path
/// was shown twice, `P: cannot read it: P: larger than ...`), by every command that reads it.
#[test]
fn a_file_over_its_limit_is_named_once() {
    let dir = scratch("limits-named-once");
    let base = vassal_folder(&dir, "game");
    let leyte = base.join("vassal/leyte");
    let import = &[
        "vassal",
        "import",
        SAVE,
        "--module",
        MODULE,
        "--profile",
        PROFILE,
    ][..];
    let score = &["score", SAVE, "--module", MODULE, "--profile", PROFILE][..];
    for (args, flag, file, noun) in [
        (import, "--max-input-bytes", PROFILE, "file"),
        (score, "--max-input-bytes", PROFILE, "file"),
        (import, "--max-module-bytes", MODULE, "VASSAL module"),
        (score, "--max-module-bytes", MODULE, "VASSAL module"),
    ] {
        for under in ["600", "1000"] {
            let r = run_in(&leyte, &[args, &[flag, under]].concat());
            assert_eq!(r.code, 1, "{args:?} {flag}: {r:?}");
            assert_eq!(
                r.stderr.trim_end(),
                format!(
                    "{file}: cannot read it: larger than {under} bytes, the most read from one \
                     {noun} (raise it with {flag})"
                ),
                "{args:?} {flag}"
            );
        }
    }
    let case = "vassal/leyte/assault-scenario-end-position.case.toml";
    let r = run_in(&base, &["test", case, "--max-input-bytes", "600"]);
    assert!(
        r.stdout.contains(
            "\n    vassal/leyte/assault.profile.toml: cannot read it: larger than 600 bytes, the \
             most read from one file (raise it with --max-input-bytes)\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stdout.matches("assault.profile.toml").count(),
        1,
        "{}",
        r.stdout
    );
}

// ---- B: `victory test --confine` over the paths a case file names ----

/// A suite in `dir/suite` (the synthetic Leyte game) with four case files naming files
/// outside it that hold `TOPSECRET`: an absolute save, a module by `..`, an absolute profile
/// with board sizes by `..`, and a save through a symbolic link inside the suite. The
/// absolute path of the secret save.
#[cfg(unix)]
fn suite_naming_files_outside(dir: &Path) -> String {
    let suite = vassal_folder(dir, "suite");
    let secret = "TOPSECRET root:x:0:0";
    let outside = write(dir, "outside/secret.vsav", secret);
    write(
        dir,
        "outside/secret.json",
        format!("{{\"{secret}\": [1, 2]}}"),
    );
    write(
        dir,
        "outside/good.vsav",
        std::fs::read(suite.join("vassal/leyte").join(SAVE)).unwrap(),
    );
    let leyte = suite.join("vassal/leyte");
    std::os::unix::fs::symlink(&outside, leyte.join("link.vsav")).unwrap();
    let case = |save: &str, module: &str, profile: &str, extra: &str| {
        format!(
            "[vassal]\nsave = \"{save}\"\nmodule = \"{module}\"\nprofile = \"{profile}\"\n{extra}\n[expect]\nus = 83\n"
        )
    };
    let absolute = outside.to_string_lossy().replace('\\', "/");
    write(
        &leyte,
        "absolute.case.toml",
        case(&absolute, MODULE, PROFILE, ""),
    );
    write(
        &leyte,
        "dotdot.case.toml",
        case(SAVE, "../../../outside/secret.vsav", PROFILE, ""),
    );
    write(
        &leyte,
        "profile.case.toml",
        case(
            SAVE,
            MODULE,
            &absolute,
            "board_sizes = \"../../../outside/secret.json\"\n",
        ),
    );
    write(
        &leyte,
        "symlink.case.toml",
        case("link.vsav", MODULE, PROFILE, ""),
    );
    absolute
}

/// Under `--confine DIR`, a `[vassal]` path outside DIR (absolute, by `..`, or through a
/// symbolic link inside DIR) fails its case naming the key, and the file is never read: its
/// content appears in no output, text or JSON.
#[cfg(unix)]
#[test]
fn confine_keeps_the_paths_a_case_file_names_inside_the_folder() {
    let dir = scratch("confine");
    let absolute = suite_naming_files_outside(&dir);
    for format in ["text", "json"] {
        for style in ["rendered", "short"] {
            let r = run_in(
                &dir,
                &[
                    "test",
                    "--confine",
                    "suite",
                    "--format",
                    format,
                    "--errors",
                    style,
                    "suite",
                ],
            );
            assert_eq!(r.code, 1, "{r:?}");
            assert!(
                !r.stdout.contains("TOPSECRET") && !r.stderr.contains("TOPSECRET"),
                "{r:?}"
            );
            for (file, key, path) in [
                ("absolute", "save", absolute.as_str()),
                (
                    "dotdot",
                    "module",
                    "suite/vassal/leyte/../../../outside/secret.vsav",
                ),
                ("profile", "profile", absolute.as_str()),
                (
                    "profile",
                    "board_sizes",
                    "suite/vassal/leyte/../../../outside/secret.json",
                ),
                ("symlink", "save", "suite/vassal/leyte/link.vsav"),
            ] {
                let message = format!(
                    "[vassal] `{key}`: {path} is outside the folder given to --confine (suite)"
                );
                assert!(
                    r.stdout.contains(&message),
                    "{file} {format} {style}: {message}\n{}",
                    r.stdout
                );
            }
        }
    }
}

/// Under `--confine`, the cases whose paths stay inside pass, and the paths given on the
/// command line are read as given.
#[cfg(unix)]
#[test]
fn confine_fails_only_the_cases_naming_files_outside() {
    let dir = scratch("confine-others");
    suite_naming_files_outside(&dir);
    let r = run_in(&dir, &["test", "--confine", "suite", "suite"]);
    // Five paths outside, each told once, in four cases.
    assert_eq!(
        r.stdout
            .matches(" is outside the folder given to --confine (suite)")
            .count(),
        5,
        "{}",
        r.stdout
    );
    for file in ["absolute", "dotdot", "profile", "symlink"] {
        assert!(
            r.stdout
                .contains(&format!("suite/vassal/leyte/{file}.case.toml: FAILED\n")),
            "{}",
            r.stdout
        );
    }
    // The shipped case files, whose paths stay inside, pass.
    assert!(
        r.stdout
            .contains("suite/vassal/leyte/assault-scenario-end-position.case.toml: ok\n"),
        "{}",
        r.stdout
    );
    // Paths on the command line are read as given.
    let leyte_rel = "suite/vassal/leyte";
    let r = run_in(
        &dir,
        &[
            "score",
            "--confine",
            "suite",
            "outside/good.vsav",
            "--module",
            &format!("{leyte_rel}/{MODULE}"),
            "--profile",
            &format!("{leyte_rel}/{PROFILE}"),
        ],
    );
    assert_eq!(r.code, 0, "{r:?}");
}

// ---- C: `--accept` writes only what it scored, and only cases ----

/// `--accept` writes only a regular file inside the folder it was found in: a symbolic link to
/// a file outside is not written through (with or without `--confine`), while a regular file
/// beside it is written, keeping its permissions, and no temporary file is left.
#[cfg(unix)]
#[test]
fn accept_writes_no_file_through_a_symbolic_link() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("accept-link");
    let victim = write(&dir, "outside/victim.toml", CORRIDOR);
    let cases = dir.join("suite/cases");
    std::fs::create_dir_all(&cases).unwrap();
    std::os::unix::fs::symlink(&victim, cases.join("link.toml")).unwrap();
    for confine in [false, true] {
        let real = write(&cases, "real.toml", CORRIDOR);
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
        let mut args = vec!["test", "--accept", "suite"];
        if confine {
            args.extend(["--confine", "suite"]);
        }
        let r = run_in(&dir, &args);
        assert_eq!(r.code, 1, "{r:?}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), CORRIDOR);
        let link = std::fs::symlink_metadata(cases.join("link.toml")).unwrap();
        assert!(link.file_type().is_symlink());
        assert!(
            r.stdout.contains("suite/cases/link.toml: FAILED\n")
                && r.stdout.contains(
                    "  not accepted: it is a symbolic link: only a regular file is written\n"
                ),
            "{}",
            r.stdout
        );
        assert!(
            r.stdout.contains("suite/cases/real.toml: accepted\n"),
            "{}",
            r.stdout
        );
        let accepted = std::fs::read_to_string(&real).unwrap();
        assert!(accepted.starts_with(CORRIDOR) && accepted.contains("\n[expect]\n"));
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(strays(&cases), Vec::<String>::new());
    }
}

/// `--accept` writes a file only while it holds the bytes that were scored: the same file
/// named twice is scored twice from the same text, accepted once, and the second time refused
/// (the first wrote it), never given a verdict of a text it did not score.
#[test]
fn accept_writes_only_the_text_it_scored() {
    let dir = scratch("accept-changed");
    write(&dir, "cases/a.toml", CORRIDOR);
    let r = run_in(
        &dir,
        &["test", "--accept", "cases/a.toml", "cases/../cases/a.toml"],
    );
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .starts_with("cases/a.toml: accepted\ncases/../cases/a.toml: FAILED\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("  not accepted: the file changed since it was scored\n"),
        "{}",
        r.stdout
    );
    let text = std::fs::read_to_string(dir.join("cases/a.toml")).unwrap();
    assert_eq!(text.matches("[expect]").count(), 1, "{text}");
    assert!(text.starts_with(CORRIDOR));
}

/// A profile or a map named to `--accept` is not a case: it is left as it is (an `[expect]`
/// in a profile would break every case that reads it).
#[test]
fn accept_never_writes_into_a_profile_or_a_map() {
    let dir = scratch("accept-profile");
    let base = vassal_folder(&dir, "game");
    let profile = base.join("vassal/leyte").join(PROFILE);
    let map = base.join("maps/leyte-standin.toml");
    let before = (
        std::fs::read(&profile).unwrap(),
        std::fs::read(&map).unwrap(),
    );
    let r = run_in(
        &base,
        &[
            "test",
            "--accept",
            "--errors",
            "short",
            "vassal/leyte/assault.profile.toml",
            "maps/leyte-standin.toml",
        ],
    );
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains(
            "  not accepted: vassal/leyte/assault.profile.toml is a profile, not a case\n"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("  not accepted: maps/leyte-standin.toml is a map, not a case\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        (
            std::fs::read(&profile).unwrap(),
            std::fs::read(&map).unwrap()
        ),
        before
    );
}

// ---- D: every file written replaces its target whole ----

/// `dir/name` made a symbolic link to a file outside `dir` that holds `VICTIM`.
#[cfg(unix)]
fn link_to_victim(dir: &Path, name: &str) -> PathBuf {
    let victim = write(&dir.join("../outside"), name, "VICTIM");
    let link = dir.join(name);
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    victim
}

/// Run `args` in `dir` writing `out`, a symbolic link to a file outside: the outside file is
/// unchanged, `out` is a regular file holding `marker`; then `failing` (bad input) leaves it
/// as it is; no temporary file is left in `dir`.
#[cfg(unix)]
fn replaces_the_link(dir: &Path, out: &str, args: &[&str], marker: &str, failing: &[&str]) {
    let victim = link_to_victim(dir, out);
    let r = run_in(dir, args);
    assert!(r.code == 0 || r.code == 1, "{args:?}: {r:?}");
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "VICTIM",
        "{args:?}"
    );
    let meta = std::fs::symlink_metadata(dir.join(out)).unwrap();
    assert!(meta.file_type().is_file(), "{args:?}: {meta:?}");
    let written = std::fs::read_to_string(dir.join(out)).unwrap();
    assert!(written.contains(marker), "{args:?}: {written}");
    let r = run_in(dir, failing);
    assert_ne!(r.code, 0, "{failing:?}: {r:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(out)).unwrap(),
        written,
        "{failing:?}"
    );
    assert_eq!(strays(dir), Vec::<String>::new(), "{args:?}");
}

#[cfg(unix)]
#[test]
fn vassal_import_replaces_a_symbolic_link() {
    let dir = scratch("write-import");
    let leyte = vassal_folder(&dir, "game").join("vassal/leyte");
    let import = [
        "vassal",
        "import",
        SAVE,
        "--module",
        MODULE,
        "--profile",
        PROFILE,
    ];
    replaces_the_link(
        &leyte,
        "out.toml",
        &[&import[..], &["-o", "out.toml"]].concat(),
        "game = \"leyte\"",
        &[
            "vassal",
            "import",
            "missing.vsav",
            "--module",
            MODULE,
            "--profile",
            PROFILE,
            "-o",
            "out.toml",
        ],
    );
}

#[cfg(unix)]
#[test]
fn render_replaces_a_symbolic_link() {
    let dir = scratch("write-render");
    let work = dir.join("work");
    write(&work, "corridor.toml", CORRIDOR);
    write(&work, "broken.toml", "game = \"leyte\"\n[scenario\n");
    replaces_the_link(
        &work,
        "out.svg",
        &["render", "corridor.toml", "-o", "out.svg"],
        "<svg",
        &["render", "broken.toml", "-o", "out.svg"],
    );
}

#[cfg(unix)]
#[test]
fn vassal_profile_replaces_a_symbolic_link() {
    let dir = scratch("write-profile");
    let leyte = vassal_folder(&dir, "game").join("vassal/leyte");
    replaces_the_link(
        &leyte,
        "draft.profile.toml",
        &["vassal", "profile", MODULE, "-o", "draft.profile.toml"],
        "game",
        &["vassal", "profile", SAVE, "-o", "draft.profile.toml"],
    );
}

#[cfg(unix)]
#[test]
fn map_edit_replaces_a_symbolic_link() {
    let dir = scratch("write-map-edit");
    let work = dir.join("work");
    write(&work, "broken.toml", "name = \"x\"\nlayout = 3\n");
    replaces_the_link(
        &work,
        "editor.html",
        &["map", "edit", "-o", "editor.html"],
        "<html",
        &["map", "edit", "broken.toml", "-o", "editor.html"],
    );
}

#[cfg(unix)]
#[test]
fn junit_replaces_a_symbolic_link() {
    let dir = scratch("write-junit");
    let work = dir.join("work");
    write(&work, "cases/a.toml", corridor_expecting(10));
    replaces_the_link(
        &work,
        "results.xml",
        &["test", "--junit", "results.xml", "cases"],
        "<testsuite",
        &["test", "--junit", "results.xml", "no-such-folder"],
    );
}

// ---- E: no value starts a line of its own ----

/// A suite file whose name holds a line break prints on one line: no forged `ok` line, in
/// the text or in the JUnit XML.
#[test]
fn a_file_name_with_a_line_break_cannot_forge_a_line() {
    let dir = scratch("names");
    write(&dir, "cases/evil.toml: ok\nx.toml", corridor_expecting(99));
    write(&dir, "cases/fine.toml", corridor_expecting(10));
    let r = run_in(&dir, &["test", "--junit", "results.xml", "cases"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .starts_with("cases/evil.toml: ok\\nx.toml: FAILED\ncases/fine.toml: ok\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("\nFAILED cases/evil.toml: ok\\nx.toml\n"),
        "{}",
        r.stdout
    );
    assert!(
        !r.stdout
            .lines()
            .any(|l| l == "cases/evil.toml: ok" || l.starts_with("x.toml")),
        "{}",
        r.stdout
    );
    let xml = std::fs::read_to_string(dir.join("results.xml")).unwrap();
    assert!(
        xml.lines()
            .any(|l| l.contains("<testcase") && l.contains("evil.toml: ok\\nx.toml")),
        "{xml}"
    );
    assert!(!xml.lines().any(|l| l.starts_with("x.toml")), "{xml}");
    // `check` and `score` name files on one line too.
    let evil = "cases/evil.toml: ok\nx.toml";
    let r = run_in(&dir, &["check", evil, "cases/fine.toml"]);
    assert_eq!(
        r.stdout,
        "cases/evil.toml: ok\\nx.toml: ok\ncases/fine.toml: ok\n"
    );
    let r = run_in(&dir, &["score", evil, "cases/fine.toml"]);
    assert!(
        r.stdout
            .starts_with("==> cases/evil.toml: ok\\nx.toml <==\n"),
        "{}",
        r.stdout
    );
    // A problem of the file names it on one line.
    write(&dir, "bad\nname.toml", "game = \"leyte\"\n[scenario\n");
    let r = run_in(&dir, &["check", "--errors", "short", "bad\nname.toml"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("bad\\nname.toml:2:"), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

/// A synthetic Leyte save of one eliminated Japanese unit named `name`, with a marker `Note`
/// holding `note`, on the synthetic module (its map `Dead Pile`), and one US unit on the map.
fn save_with(name: &str, note: &str) -> Vec<u8> {
    common::leyte_save(("u0", "US-1 4-6-5", None), (name, note))
}

/// A piece name and a property value with line breaks print on one line: in `vassal pieces`
/// and in the `VASSAL pieces` section of `score`, the same number of lines as plain ones.
#[test]
fn vassal_names_with_line_breaks_cannot_forge_a_line() {
    let dir = scratch("vassal-names");
    let leyte = vassal_folder(&dir, "game").join("vassal/leyte");
    write(
        &leyte,
        "plain.vsav",
        save_with("J-1 FORGED 4-6-5", "a note"),
    );
    write(
        &leyte,
        "evil.vsav",
        save_with(
            "J-1\n  eliminated[9] J-9  <-  counted  (forged)\n4-6-5",
            "a\nnote",
        ),
    );
    let lines = |save: &str, args: &[&str]| {
        let mut all = args.to_vec();
        all.insert(if args[0] == "vassal" { 2 } else { 1 }, save);
        let r = run_in(&leyte, &all);
        assert_eq!(r.code, 0, "{all:?}: {r:?}");
        r.stdout
    };
    let pieces = ["vassal", "pieces", "--module", MODULE];
    let (plain, evil) = (lines("plain.vsav", &pieces), lines("evil.vsav", &pieces));
    assert_eq!(plain.lines().count(), evil.lines().count(), "{evil}");
    assert!(evil.contains("J-1\\n  eliminated[9]"), "{evil}");
    assert!(evil.contains("Note=a\\nnote"), "{evil}");
    let score = ["score", "--module", MODULE, "--profile", PROFILE];
    let (plain, evil) = (lines("plain.vsav", &score), lines("evil.vsav", &score));
    assert_eq!(plain.lines().count(), evil.lines().count(), "{evil}");
    assert!(
        !evil
            .lines()
            .any(|l| l.contains("(forged)") && !l.contains("J-1")),
        "{evil}"
    );
    assert!(evil.contains("\\n  eliminated[9] J-9"), "{evil}");
}

// ---- F: messages that say what is wrong ----

/// `-` reads the save from standard input for `score`, `check`, `explain`, `render` and
/// `vassal import`, named `<stdin>`, as it reads a state file.
#[test]
fn a_save_is_read_from_standard_input() {
    let dir = scratch("stdin-save");
    let leyte = vassal_folder(&dir, "game").join("vassal/leyte");
    let bytes = std::fs::read(leyte.join(SAVE)).unwrap();
    let vassal = ["--module", MODULE, "--profile", PROFILE];
    for (command, extra) in [
        ("score", &[][..]),
        ("check", &[][..]),
        ("explain", &["--unit", "US-7-32"][..]),
        ("render", &["-o", "-"][..]),
        ("vassal", &[][..]),
    ] {
        let head: Vec<&str> = if command == "vassal" {
            vec!["vassal", "import"]
        } else {
            vec![command]
        };
        let args = |save: &'static str| -> Vec<&str> {
            let mut a = head.clone();
            a.push(save);
            a.extend(extra);
            a.extend(vassal);
            a
        };
        let named = run_in(&leyte, &args(SAVE));
        let piped = run_with(&leyte, &args("-"), Some(&bytes));
        assert_eq!(piped.code, 0, "{command}: {piped:?}");
        if command == "check" {
            // `check` names each file as given, `-` too.
            assert_eq!(piped.stdout, "-: ok\n");
            continue;
        }
        assert_eq!(
            piped.stdout.replace("<stdin>", SAVE),
            named.stdout,
            "{command}"
        );
    }
    let r = run_with(
        &leyte,
        &["score", "-", "--module", MODULE, "--profile", PROFILE],
        Some(&bytes),
    );
    assert!(
        r.stdout.contains("\nVASSAL pieces (<stdin>, "),
        "{}",
        r.stdout
    );
    let r = run_with(
        &leyte,
        &["score", "-", "-", "--module", MODULE, "--profile", PROFILE],
        Some(&bytes),
    );
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("can be given once"), "{}", r.stderr);
}

/// `--step -1` is a usage error saying that steps count from 0, not clap's tip on values that
/// look like options.
#[test]
fn a_negative_step_is_told_that_steps_count_from_0() {
    let dir = scratch("step");
    let leyte = vassal_folder(&dir, "game").join("vassal/leyte");
    for args in [
        &[
            "score",
            SAVE,
            "--module",
            MODULE,
            "--profile",
            PROFILE,
            "--step",
            "-1",
        ][..],
        &["vassal", "pieces", SAVE, "--module", MODULE, "--step", "-1"][..],
        &["vassal", "pieces", SAVE, "--module", MODULE, "--step=-3"][..],
    ] {
        let r = run_in(&leyte, args);
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{args:?}: {r:?}");
        assert!(
            r.stderr
                .contains("steps count from 0 (the position the save starts from)"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("-- -"), "{args:?}: {}", r.stderr);
    }
}

/// A run of `victory test` that checked nothing (no case file, or none with `[expect]`) fails
/// and says so; an `--accept` run that wrote expectations succeeds.
#[test]
fn a_test_run_that_checked_nothing_fails() {
    let dir = scratch("nothing");
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    write(
        &dir,
        "maps-only/line.toml",
        std::fs::read(root().join("fixtures/maps/line.toml")).unwrap(),
    );
    write(&dir, "unpinned/a.toml", CORRIDOR);
    write(&dir, "unpinned/b.toml", CORRIDOR);
    for (folder, why) in [
        ("empty", "no case files found"),
        ("maps-only", "no case files found"),
        ("unpinned", "none of the 2 case files has an [expect] table"),
    ] {
        let r = run_in(&dir, &["test", folder]);
        assert_eq!(r.code, 1, "{folder}: {r:?}");
        assert!(
            r.stderr.contains(&format!("nothing was checked: {why}")),
            "{folder}: {}",
            r.stderr
        );
    }
    let r = run_in(&dir, &["test", "--accept", "unpinned"]);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{r:?}");
    let r = run_in(&dir, &["test", "unpinned"]);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{r:?}");
}

/// A folder that cannot be read (nested beyond the path length limit) is a failed entry of
/// its own, in the text, the JSON and the JUnit XML; the run goes on with the rest.
#[cfg(unix)]
#[test]
fn a_folder_too_deep_to_read_is_a_failed_entry() {
    let dir = scratch("deep");
    write(&dir, "suite/a.toml", corridor_expecting(10));
    write(&dir, "suite/z.toml", corridor_expecting(10));
    // 90 folders of 60 characters: a path of about 5,500 bytes, beyond PATH_MAX (4,096).
    let part = "d".repeat(60);
    let made = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "cd suite && i=0; while [ $i -lt 90 ]; do mkdir {part} && cd {part} || exit 1; i=$((i+1)); done"
        ))
        .current_dir(&dir)
        .status()
        .unwrap();
    assert!(made.success());
    let run = |args: &[&str]| -> Run { run_in(&dir, args) };
    let r = run(&["test", "--junit", "results.xml", "suite"]);
    let text = r.stdout.clone();
    let json = run(&["test", "--format", "json", "suite"]);
    let xml = std::fs::read_to_string(dir.join("results.xml")).unwrap_or_default();
    let _ = std::process::Command::new("rm")
        .arg("-rf")
        .arg(dir.join("suite"))
        .status();
    assert_eq!(r.code, 1, "{r:?}");
    assert!(text.starts_with("suite/a.toml: ok\nsuite/dddd"), "{text}");
    assert!(text.contains(": FAILED\nsuite/z.toml: ok\n"), "{text}");
    assert!(text.contains("cannot read the folder: "), "{text}");
    assert!(
        text.ends_with("\n2 passed, 1 failed, 0 skipped\n"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(
        (v["passed"].as_u64(), v["failed"].as_u64()),
        (Some(2), Some(1))
    );
    let failed = &v["files"][1];
    assert_eq!(failed["result"], "failed");
    assert!(failed["file"].as_str().unwrap().starts_with("suite/dddd"));
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let suite = doc.root_element();
    assert_eq!(
        (suite.attribute("tests"), suite.attribute("failures")),
        (Some("3"), Some("1"))
    );
}

// ---- G: a map grid's search bounded before it starts ----

/// A module of one board `B` whose image is a PNG header of `size`, with a hex grid of these
/// `dx` and numbering offsets.
fn grid_module(dx: &str, size: (u32, u32), offsets: (i64, i64)) -> Vec<u8> {
    let build = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule VassalVersion="3.7.9" name="Grid" version="1.0">
  <VASSAL.build.module.Map mapName="Main">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="board.png" name="B">
        <VASSAL.build.module.map.boardPicker.board.HexGrid dx="{dx}" dy="70.0" sideways="false" x0="0" y0="35">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hLeading="1" hOff="{}" vLeading="1" vOff="{}"/>
        </VASSAL.build.module.map.boardPicker.board.HexGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>
"#,
        offsets.0, offsets.1
    );
    let png = vassal::write::png_header(size.0, size.1);
    vassal::write::module_file(&build, &[("board.png", &png)])
}

/// `map edit --module` on a grid with no usable hex width, or with room for more hexes than a
/// map has (a huge board and a huge numbering offset), is refused before the search, naming
/// the limit; a small grid is still read.
#[test]
fn map_edit_refuses_a_grid_too_large_or_without_a_width() {
    let dir = scratch("grids");
    let huge = 4_000_000_000;
    for (name, dx, size, offsets, expected) in [
        ("zero", "0", (600, 500), (1, 1), "`dx=\"0\"`"),
        ("negative", "-60", (600, 500), (1, 1), "`dx=\"-60\"`"),
        (
            "huge",
            "60",
            (huge, huge),
            (-2_000_000_000, -2_000_000_000),
            "(hexmap::limits::MAX_HEXES)",
        ),
        (
            "huge-plain",
            "60",
            (huge, huge),
            (1, 1),
            "(hexmap::limits::MAX_HEXES)",
        ),
    ] {
        let module = format!("{name}.vmod");
        write(&dir, &module, grid_module(dx, size, offsets));
        let r = run_in(
            &dir,
            &[
                "map",
                "edit",
                "--module",
                &module,
                "--board",
                "B",
                "-o",
                "editor.html",
            ],
        );
        assert_eq!(r.code, 1, "{name}: {r:?}");
        assert!(r.stderr.contains(expected), "{name}: {}", r.stderr);
        assert!(!dir.join("editor.html").exists(), "{name}");
    }
    write(&dir, "small.vmod", grid_module("60", (600, 500), (1, 1)));
    let r = run_in(
        &dir,
        &[
            "map",
            "edit",
            "--module",
            "small.vmod",
            "--board",
            "B",
            "-o",
            "editor.html",
        ],
    );
    assert_eq!(r.code, 0, "{r:?}");
}
