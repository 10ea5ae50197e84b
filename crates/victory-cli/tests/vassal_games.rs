//! VASSAL games scored through profiles, end to end, on the synthetic modules and saves of
//! `fixtures/vassal/` (made by `crates/vassal-fixtures`, whose test checks the files are
//! current): each save gives the report of the TOML fixture it mirrors,
//! `victory vassal import` writes a state with that report, a drafted profile filled in scores
//! its save, and each bad input is one clear, located message (snapshots).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::Path;

mod common;
use common::{root, run, synthetic_saves};

/// The games: (save, module, profile, the fixture it mirrors).
const GAMES: &[(&str, &str, &str, &str)] = &[
    (
        "fixtures/vassal/leyte/assault-scenario-end-position.vsav",
        "fixtures/vassal/leyte/Leyte-synthetic.vmod",
        "fixtures/vassal/leyte/assault.profile.toml",
        "fixtures/leyte/assault-scenario-end-position.toml",
    ),
    (
        "fixtures/vassal/leyte/campaign-exit-0531-exited.vsav",
        "fixtures/vassal/leyte/Leyte-synthetic.vmod",
        "fixtures/vassal/leyte/campaign.profile.toml",
        "fixtures/leyte/campaign-exit-0531-exited.toml",
    ),
    (
        "fixtures/vassal/leyte/campaign-exit-0531-missed.vsav",
        "fixtures/vassal/leyte/Leyte-synthetic.vmod",
        "fixtures/vassal/leyte/campaign.profile.toml",
        "fixtures/leyte/campaign-exit-0531-missed.toml",
    ),
    (
        "fixtures/vassal/leyte/assault-as-printed.vsav",
        "fixtures/vassal/leyte/Leyte-as-printed.vmod",
        "fixtures/vassal/leyte/as-printed.profile.toml",
        "fixtures/leyte/assault-scenario-end-position.toml",
    ),
    (
        "fixtures/vassal/dai-senso/final-nei-pro-west-us-unit-in-tokyo.vsav",
        "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod",
        "fixtures/vassal/dai-senso/final.profile.toml",
        "fixtures/asia-engulfed/final-nei-pro-west-us-unit-in-tokyo.toml",
    ),
    // Ruling L-15: the counter removed for 16.4's shortfall in the dead pile's box, named by
    // the profile as the requirement's `removed`: paid once, as the TOML fixture.
    (
        "fixtures/vassal/leyte/campaign-exit-0531-missed-3-2-5-removed.vsav",
        "fixtures/vassal/leyte/Leyte-synthetic.vmod",
        "fixtures/vassal/leyte/campaign.profile.toml",
        "fixtures/leyte/campaign-exit-0531-missed-3-2-5-removed.toml",
    ),
];

/// A report's JSON without what names the input (`file`, `vassal`).
fn report(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("file");
    o.remove("vassal");
    v
}

#[test]
fn each_save_scores_as_the_fixture_it_mirrors() {
    for (save, module, profile, fixture) in GAMES {
        let (status, json, stderr) = run(&[
            "score",
            save,
            "--module",
            module,
            "--profile",
            profile,
            "--format",
            "json",
        ]);
        assert_eq!(status, 0, "{save}: {stderr}");
        let (_, expected, _) = run(&["score", fixture, "--format", "json"]);
        assert_eq!(report(&json), report(&expected), "{save} against {fixture}");
        let (status, text, _) = run(&["score", save, "--module", module, "--profile", profile]);
        assert_eq!(status, 0);
        let name = Path::new(save)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        insta::assert_snapshot!(format!("score_{name}"), text);
    }
}

/// What docs/embedding.md shows a library user: the profile's import (checked against the
/// engine's shape, plain data) composed with the engine's reader, no command line between;
/// each game's report is the fixture's.
#[test]
fn a_library_user_composes_the_import_and_the_engine() {
    use wargame_kit::resolve::FsResolver;
    let files = FsResolver::default();
    for (save, module, profile, fixture) in [GAMES[0], GAMES[4]] {
        let at = |p: &str| root().join(p).to_string_lossy().into_owned();
        let module = vassal::Module::from_vmod(
            &std::fs::read(at(module)).unwrap(),
            module,
            &vassal::BoardSizes::new(),
        )
        .unwrap();
        let save = vassal::Save::from_bytes(&std::fs::read(at(save)).unwrap(), save).unwrap();
        let text = std::fs::read_to_string(at(profile)).unwrap();
        let profile = vassal::profile::Profile::from_toml_str(&text, Some(&at(profile)))
            .and_then(|p| p.with_tables(&files))
            .unwrap();
        let options = vassal::Options::default();
        let json = if fixture.contains("/leyte/") {
            let imported = profile
                .import(&module, &save, &options, &leyte_victory::STATE_SHAPE)
                .unwrap();
            let state = imported
                .read_state(|text, name| leyte_victory::State::from_toml_str(text, name, &files))
                .unwrap();
            serde_json::to_value(state.score().unwrap()).unwrap()
        } else {
            let imported = profile
                .import(
                    &module,
                    &save,
                    &options,
                    &asia_engulfed_victory::STATE_SHAPE,
                )
                .unwrap();
            let state = imported
                .read_state(|text, name| {
                    asia_engulfed_victory::State::from_toml_str(text, name, &files)
                })
                .unwrap();
            let rules = asia_engulfed_victory::options::Rules::default();
            serde_json::to_value(asia_engulfed_victory::score(&state, &rules)).unwrap()
        };
        let (_, expected, _) = run(&["score", fixture, "--format", "json"]);
        let mut expected = report(&expected);
        expected.as_object_mut().unwrap().remove("game");
        assert_eq!(json, expected, "{fixture}");
        // A shape the profile's game is not of refuses it, naming the games the engine reads.
        let other = if fixture.contains("/leyte/") {
            asia_engulfed_victory::STATE_SHAPE
        } else {
            leyte_victory::STATE_SHAPE
        };
        let refused = profile
            .import(&module, &save, &options, &other)
            .unwrap_err();
        assert!(refused.to_string().contains("not a game this engine reads"));
    }
}

#[test]
fn the_json_names_each_piece() {
    let (save, module, profile, _) = GAMES[0];
    let (_, json, _) = run(&[
        "score",
        save,
        "--module",
        module,
        "--profile",
        profile,
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let origins = v["vassal"]["origins"].as_array().unwrap();
    let first = &origins[0];
    assert_eq!(first["key"], "units[0]");
    assert_eq!(first["entry"], "US-24-19");
    assert_eq!(first["piece"]["name"], "US-24-19 5-6-4");
    assert_eq!(first["piece"]["location"], "2215");
}

#[test]
fn import_writes_a_state_with_the_same_report() {
    let dir = std::env::temp_dir().join(format!("victory-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (save, module, profile, fixture)) in GAMES.iter().enumerate() {
        let out = dir.join(format!("state{i}.toml"));
        let out_name = out.to_string_lossy().into_owned();
        let (status, _, stderr) = run(&[
            "vassal",
            "import",
            save,
            "--module",
            module,
            "--profile",
            profile,
            "-o",
            &out_name,
        ]);
        assert_eq!(status, 0, "{stderr}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("# pieces[0]: piece ") || text.contains("# markers[0]: piece "));
        let (status, json, stderr) = run(&["score", &out_name, "--format", "json"]);
        assert_eq!(status, 0, "{out_name}: {stderr}");
        let (_, expected, _) = run(&["score", fixture, "--format", "json"]);
        assert_eq!(
            report(&json),
            report(&expected),
            "{out_name} against {fixture}"
        );
    }
    let (save, module, profile, _) = GAMES[0];
    let (_, text, _) = run(&[
        "vassal",
        "import",
        save,
        "--module",
        module,
        "--profile",
        profile,
    ]);
    insta::assert_snapshot!("import_assault", text);
}

#[test]
fn a_drafted_profile_filled_in_scores_its_save() {
    let (save, module, profile, fixture) = GAMES[0];
    let (status, draft, stderr) = run(&["vassal", "profile", module]);
    assert_eq!(status, 0, "{stderr}");
    insta::assert_snapshot!("draft_leyte", draft);
    // The comment on `game` says where the state's keys are told (the format's page and
    // `victory schema GAME`), in the draft from the module and in the one from a save; not
    // `victory rules GAME`, which lists the rules options.
    let (status, from_save, stderr) = run(&["vassal", "profile", module, "--save", save]);
    assert_eq!(status, 0, "{stderr}");
    for text in [&draft, &from_save] {
        let comment: Vec<&str> = text
            .lines()
            .take_while(|l| !l.starts_with("game ="))
            .skip_while(|l| !l.starts_with("# FILL IN: the game"))
            .collect();
        let comment = comment.join("\n");
        assert!(
            comment.contains("are in docs/fixture-format.md")
                && comment.contains("`victory schema GAME` gives them")
                && !comment.contains("`victory rules GAME` lists each"),
            "{comment}"
        );
    }
    assert!(root().join("docs/fixture-format.md").is_file());
    // Fill it in as a player would: the game, the map and scenario from the shipped profile's
    // [state], the fields and the dead pile.
    let shipped = std::fs::read_to_string(root().join(profile)).unwrap();
    let state =
        &shipped[shipped.find("[state]").unwrap()..shipped.find("# Where the pieces").unwrap()];
    let filled = draft
        .replace("game = \"FILL IN\"", "game = \"leyte\"")
        .replace("[state]\n", state)
        .replace(
            "select = { on = \"board\" }",
            "select = { on = \"board\", property = { Kind = \"Unit\" } }",
        )
        .replace(
            "id = { name = true }\n",
            "id = { name = true, word = 1 }\nrating = { name = true, word = -1 }\nside = { property = \"Nationality\", values = { US = \"us\", Japanese = \"japanese\" } }\nname = { property = \"Unit Name\", optional = true }\nartillery = { property = \"Type\", values = { Artillery = true, Infantry = false } }\n",
        )
        + "\n[[pieces]]\ninto = \"eliminated\"\nselect = { map = \"Dead Pile\", property = { Kind = \"Unit\" } }\nfields = { id = { name = true, word = 1 }, rating = { name = true, word = -1 }, side = { property = \"Nationality\", values = { US = \"us\", Japanese = \"japanese\" } }, name = { property = \"Unit Name\", optional = true }, artillery = { property = \"Type\", values = { Artillery = true, Infantry = false } } }\n";
    // In a folder of its own, the map named by its absolute path.
    let map = root()
        .join("fixtures/maps/leyte-standin.toml")
        .canonicalize()
        .unwrap();
    let filled = filled.replace(
        "\"../../maps/leyte-standin.toml\"",
        &format!("\"{}\"", map.to_string_lossy().replace('\\', "/")),
    );
    let dir = std::env::temp_dir().join(format!("victory-draft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("drafted.profile.toml");
    std::fs::write(&path, &filled).unwrap();
    let name = path.to_string_lossy().into_owned();
    let result = run(&[
        "score",
        save,
        "--module",
        module,
        "--profile",
        &name,
        "--format",
        "json",
    ]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(result.0, 0, "{}", result.2);
    let (_, expected, _) = run(&["score", fixture, "--format", "json"]);
    assert_eq!(report(&result.1), report(&expected));
}

#[test]
fn bad_inputs_are_clear_located_errors() {
    let leyte = (
        "fixtures/vassal/leyte/assault-scenario-end-position.vsav",
        "fixtures/vassal/leyte/Leyte-synthetic.vmod",
    );
    let ds = (
        "fixtures/vassal/dai-senso/final-nei-pro-west-us-unit-in-tokyo.vsav",
        "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod",
    );
    let campaign = (
        "fixtures/vassal/leyte/campaign-exit-0531-exited.vsav",
        "fixtures/vassal/leyte/Leyte-synthetic.vmod",
    );
    let cases = [
        (
            "unknown_names",
            campaign,
            "fixtures/vassal/invalid/unknown-names.profile.toml",
        ),
        (
            "no_value_for_a_box",
            ds,
            "fixtures/vassal/invalid/no-value-for-a-box.profile.toml",
        ),
        (
            "no_source_for_war_state",
            ds,
            "fixtures/vassal/invalid/no-source-for-war-state.profile.toml",
        ),
        (
            "two_vp_markers",
            ("fixtures/vassal/invalid/two-vp-markers.vsav", ds.1),
            "fixtures/vassal/dai-senso/final.profile.toml",
        ),
        (
            "unit_without_rating",
            ("fixtures/vassal/invalid/unit-without-rating.vsav", leyte.1),
            "fixtures/vassal/leyte/assault.profile.toml",
        ),
    ];
    for (name, (save, module), profile) in cases {
        let (status, stdout, stderr) =
            run(&["check", save, "--module", module, "--profile", profile]);
        assert_eq!(status, 1, "{name}");
        assert_eq!(stdout, "", "{name}");
        insta::assert_snapshot!(format!("bad_{name}"), stderr);
    }
}

#[test]
fn module_and_profile_go_together() {
    let (status, _, stderr) = run(&["score", "x.vsav", "--module", "m.vmod"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("--profile"), "{stderr}");
}

#[test]
fn explain_and_render_take_saves_too() {
    let (save, module, profile, fixture) = GAMES[0];
    let vassal = ["--module", module, "--profile", profile];
    let mut args = vec!["explain", save, "--unit", "US-7-32"];
    args.extend(vassal);
    let (status, text, stderr) = run(&args);
    assert_eq!(status, 0, "{stderr}");
    let (_, expected, _) = run(&["explain", fixture, "--unit", "US-7-32"]);
    assert_eq!(text, expected);
    let mut args = vec!["render", save, "-o", "-"];
    args.extend(vassal);
    let (status, svg, stderr) = run(&args);
    assert_eq!(status, 0, "{stderr}");
    let (_, expected, _) = run(&["render", fixture, "-o", "-"]);
    assert_eq!(svg, expected);
}

#[test]
fn vassal_case_files_are_tested_like_state_files() {
    let (status, out, stderr) = run(&["test", "fixtures/vassal"]);
    assert_eq!(status, 0, "{out}{stderr}");
    assert!(out.ends_with("6 passed, 0 failed, 0 skipped\n"), "{out}");
    // A wrong expectation fails, naming the field; the profiles beside it are not cases.
    let dir = std::env::temp_dir().join(format!("victory-case-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let case = dir.join("wrong.case.toml");
    let leyte = root().join("fixtures/vassal/leyte").canonicalize().unwrap();
    let at = |f: &str| leyte.join(f).to_string_lossy().replace('\\', "/");
    std::fs::write(
        &case,
        format!(
            "[vassal]\nsave = \"{}\"\nmodule = \"{}\"\nprofile = \"{}\"\n\n[expect]\nus = 84\n",
            at("assault-scenario-end-position.vsav"),
            at("Leyte-synthetic.vmod"),
            at("assault.profile.toml")
        ),
    )
    .unwrap();
    let name = case.to_string_lossy().into_owned();
    let result = run(&["test", &name]);
    let _ = std::fs::remove_file(&case);
    assert_eq!(result.0, 1, "{}", result.1);
    assert!(result.1.contains("FAILED"), "{}", result.1);
    assert!(
        result.1.contains("us") && result.1.contains("84") && result.1.contains("83"),
        "{}",
        result.1
    );
}

/// Every synthetic save (by path) with its module.
fn saves_and_modules() -> Vec<(String, &'static str)> {
    let saves = synthetic_saves();
    assert!(saves.len() >= 7, "{saves:?}");
    saves
        .into_iter()
        .map(|save| {
            let dai_senso = save.contains("/dai-senso/") || save.ends_with("two-vp-markers.vsav");
            let module = if dai_senso {
                "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod"
            } else if save.ends_with("-as-printed.vsav") {
                "fixtures/vassal/leyte/Leyte-as-printed.vmod"
            } else {
                "fixtures/vassal/leyte/Leyte-synthetic.vmod"
            };
            (save, module)
        })
        .collect()
}

/// Every piece of a save, as `vassal pieces --format json` lists it, and its warnings.
fn pieces(save: &str, module: &str) -> (Vec<serde_json::Value>, String) {
    let (status, json, stderr) = run(&[
        "vassal", "pieces", save, "--module", module, "--format", "json",
    ]);
    assert_eq!(status, 0, "{save}: {stderr}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    (v["pieces"].as_array().unwrap().clone(), stderr)
}

/// Each saved piece was placed from one of its module's palette entries, as VASSAL places a
/// piece: the reader finds that entry exactly (its traits, in order), and the prototypes from it.
#[test]
fn every_piece_comes_from_an_entry_of_the_palette_exactly() {
    for (save, module) in saves_and_modules() {
        let (pieces, _) = pieces(&save, module);
        assert!(!pieces.is_empty(), "{save}");
        for p in &pieces {
            assert_eq!(p["slot"]["found"], "exact", "{save}: {p}");
            assert_eq!(p["prototypes_found"], "exact", "{save}: {p}");
            assert!(
                !p["prototypes"].as_array().unwrap().is_empty(),
                "{save}: {p}"
            );
            // No piece names a prototype: VASSAL expanded them.
            let traits = p["traits"].as_array().unwrap();
            assert!(
                traits.iter().all(|t| t["kind"] != "prototype;"),
                "{save}: {p}"
            );
        }
    }
}

/// Where a piece was before (`OldMap`, `OldX`, `OldY`) is named `OldLocationName` as the
/// reader names that point, as in VASSAL's own saves (crates/vassal/tests/samples.rs).
#[test]
fn each_old_location_is_the_location_of_the_old_point() {
    let mut checked = 0;
    for (save, module) in saves_and_modules() {
        let bytes = std::fs::read(root().join(&save)).unwrap();
        let game = vassal::Save::from_bytes(&bytes, &save).unwrap();
        let vmod = std::fs::read(root().join(module)).unwrap();
        let m = vassal::Module::from_vmod(&vmod, module, &vassal::BoardSizes::new()).unwrap();
        let position = game.replay(None).unwrap();
        let locator = vassal::Locator::new(&m, &position);
        for p in pieces(&save, module).0 {
            let props = &p["properties"];
            let old = props["OldLocationName"].as_str().unwrap();
            if old.is_empty() {
                continue;
            }
            let int = |k: &str| props[k].as_str().unwrap().parse::<i32>().unwrap();
            let map = props["OldMap"].as_str().unwrap();
            let at = locator.locate(map, int("OldX"), int("OldY"));
            assert_eq!(at.location, old, "{save}: {p}");
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
}

/// The situations of real saves the synthetic ones hold: eliminated units on a dead pile that
/// is a map of its own, units shown reduced (a layer at level 2), markers sharing a name, and a
/// save made with an older version of the module (read with a warning for each difference).
#[test]
fn the_saves_hold_what_real_saves_hold() {
    let leyte = "fixtures/vassal/leyte/Leyte-synthetic.vmod";
    let (assault, _) = pieces(
        "fixtures/vassal/leyte/assault-scenario-end-position.vsav",
        leyte,
    );
    let on = |map: &str| assault.iter().filter(|p| p["map"] == map).count();
    assert_eq!(on("Dead Pile"), 4);
    let reduced: Vec<&str> = assault
        .iter()
        .filter(|p| p["layers"][0]["name"] == "Step" && p["layers"][0]["level"] == 2)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(reduced, ["J-102-41 2-3-5", "J-16-ENG 2-2-5"]);
    let supply = assault
        .iter()
        .filter(|p| p["name"] == "Out of Supply")
        .count();
    assert_eq!(supply, 2);
    let ds = "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod";
    let (final_check, _) = pieces(
        "fixtures/vassal/dai-senso/final-nei-pro-west-us-unit-in-tokyo.vsav",
        ds,
    );
    let control = final_check
        .iter()
        .filter(|p| p["name"] == "Western Control")
        .count();
    assert_eq!(control, 5);
    let (old, warnings) = pieces(
        "fixtures/vassal/leyte/campaign-exit-0531-missed.vsav",
        leyte,
    );
    for w in [
        "made with version 0.9 of the module; the module read is version 1.0",
        "board `Leyte Island` on map `Leyte`, which has only board `Leyte`: taken as that board",
        "pieces on map `Turn Record`, which module `Leyte (synthetic)` (version 1.0) lacks",
    ] {
        assert!(warnings.contains(w), "{warnings}");
    }
    let turn: Vec<&serde_json::Value> = old.iter().filter(|p| p["map"] == "Turn Record").collect();
    assert_eq!(turn.len(), 1);
    assert_eq!(turn[0]["location"], "unknown");
    assert_eq!(turn[0]["name"], "Turn");
}

/// Units whose names carry neither id nor rating, their strengths on the counters' images
/// alone: the module naming its counters as printed. Each name is a designation (one of them,
/// `ART-1`, on a US and on a Japanese counter), the layer `Step` names no level, and the table
/// beside the profile gives each face of each counter its unit's id and rating.
#[test]
fn counters_named_as_printed_hold_no_id_and_no_rating() {
    let (pieces, _) = pieces(
        "fixtures/vassal/leyte/assault-as-printed.vsav",
        "fixtures/vassal/leyte/Leyte-as-printed.vmod",
    );
    let units: Vec<&serde_json::Value> = pieces
        .iter()
        .filter(|p| p["properties"]["Kind"] == "Unit")
        .collect();
    assert_eq!(units.len(), 20);
    for u in &units {
        let name = u["name"].as_str().unwrap();
        assert!(!name.contains(' '), "{u}");
        assert!(!name.starts_with("US-") && !name.starts_with("J-"), "{u}");
        assert_eq!(u["layers"][0]["name"], "Step", "{u}");
        assert_eq!(u["layers"][0]["level_name"], "", "{u}");
    }
    let art: Vec<&str> = units
        .iter()
        .filter(|u| u["name"] == "ART-1")
        .map(|u| u["properties"]["Nationality"].as_str().unwrap())
        .collect();
    assert_eq!(art, ["US", "Japanese"]);
    let table = std::fs::read_to_string(root().join("fixtures/vassal/leyte/counters.csv")).unwrap();
    let mut lines = table.lines();
    assert_eq!(lines.next(), Some("counter,nationality,step,id,rating"));
    assert!(table.contains("\nART-1,US,1,US-ART-1,6-4-2-3\n"), "{table}");
    assert!(
        table.contains("\nART-1,Japanese,1,J-ART-1,5-3-2-3\n"),
        "{table}"
    );
    assert!(
        table.contains("\n102-41,Japanese,2,J-102-41,2-3-5\n"),
        "{table}"
    );
}

/// A counter the table lacks (here the US `ART-1`'s face up, its Japanese namesake still
/// listed) is one problem, located at the profile's first field looked up in the table: every
/// field that lookup hit, the piece, the table and each column with the value looked up.
#[test]
fn a_counter_missing_from_the_table_is_one_located_problem() {
    let leyte = root().join("fixtures/vassal/leyte");
    let dir = std::env::temp_dir().join(format!("victory-as-printed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = root().join("fixtures/maps/leyte-standin.toml");
    let profile = std::fs::read_to_string(leyte.join("as-printed.profile.toml"))
        .unwrap()
        .replace(
            "\"../../maps/leyte-standin.toml\"",
            &format!("\"{}\"", map.to_string_lossy().replace('\\', "/")),
        );
    std::fs::write(dir.join("as-printed.profile.toml"), profile).unwrap();
    let table = std::fs::read_to_string(leyte.join("counters.csv")).unwrap();
    let without = table.replace("ART-1,US,1,US-ART-1,6-4-2-3\n", "");
    assert_ne!(without, table);
    std::fs::write(dir.join("counters.csv"), without).unwrap();
    let save = leyte.join("assault-as-printed.vsav");
    let module = leyte.join("Leyte-as-printed.vmod");
    let r = common::run_in(
        &dir,
        &[
            "check",
            &save.to_string_lossy(),
            "--module",
            &module.to_string_lossy(),
            "--profile",
            "as-printed.profile.toml",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr.matches("error:").count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "no row of table `counters` has counter = `ART-1`, nationality = `US`, step = `1`"
        ),
        "{}",
        r.stderr
    );
    insta::assert_snapshot!("bad_counter_missing_from_the_table", r.stderr);
}

/// `victory vassal profile MOD --save SAVE --game GAME`: the game filled in, its units' keys
/// proposed (as its engine's state shape gives them); a game no engine reads is a usage error
/// naming the games.
#[test]
fn a_draft_for_a_game_names_it_and_proposes_its_keys() {
    let (save, module, _, _) = GAMES[0];
    let (status, draft, stderr) = run(&[
        "vassal", "profile", module, "--save", save, "--game", "leyte",
    ]);
    assert_eq!(status, 0, "{stderr}");
    assert!(draft.contains("\ngame = \"leyte\"\n"), "{draft}");
    assert!(draft.contains("`victory schema leyte`"), "{draft}");
    assert!(draft.contains("hex = { location = true }"), "{draft}");
    assert!(draft.contains("# FILL IN: rating = { ... }"), "{draft}");
    assert!(
        draft.contains("(the game's: `units`, `eliminated`, `exited`)"),
        "{draft}"
    );
    let (status, _, stderr) = run(&[
        "vassal", "profile", module, "--save", save, "--game", "chess",
    ]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("--game: no game `chess` (the games: leyte, dai-senso, axis-empires)"),
        "{stderr}"
    );
}
