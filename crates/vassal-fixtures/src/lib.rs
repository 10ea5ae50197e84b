//! The generator of `fixtures/vassal/`: synthetic VASSAL modules and saves (no third-party
//! file), written in VASSAL's formats by the `vassal` crate's writer. Each save puts on the
//! board exactly what a TOML fixture holds, so a save scored through its profile must give that
//! fixture's report.
//!
//! [`files`] makes every file of `fixtures/vassal/` the generator owns, in memory: all but the
//! `.toml` files there (the profiles and case files, written by hand). This crate's test
//! (`tests/committed.rs`) fails when a committed file differs from what [`files`] makes, is
//! missing, or is one the generator does not make; run it with `UPDATE_FIXTURES=1` to write
//! the files instead (the test then still fails, once, so that the change shows in `git diff`
//! and is committed with the change that made it):
//!
//! ```sh
//! UPDATE_FIXTURES=1 cargo test -p vassal-fixtures
//! ```
//!
//! The modules are built as real ones are: a piece window of palette entries (`PieceSlot`s,
//! one per counter, in panels by side or kind), whose traits name the module's prototypes.
//! The saves are written as VASSAL 3.7 writes them: each piece is its palette entry expanded as
//! VASSAL places it (its prototypes replaced by their traits: no saved piece names one), its
//! basic state `map;x;y;gpid;count;(key;value)*` with the persistent properties `Old...` (where
//! it was before), the states the game changed (a layer's level, a marker's value); the pieces
//! of each map in stacks, one per occupied point, each after its members; `begin_save`, the
//! empty command of 3.x, the pieces, the players, the boards, `end_save`; obfuscated in a zip
//! with the `moduledata` and `savedata` entries of 3.x. Piece ids are 13-digit numbers, as
//! VASSAL's (milliseconds), from a fixed base.
//!
//! - `leyte/Leyte-synthetic.vmod`: map `Leyte`, one board whose hex grid numbers the hexes as
//!   the stand-in map labels them (row then column, rows growing north), with an `Exited` zone
//!   beside it; map `Dead Pile`, a board whose one zone, `Removed for 16.4`, is the box for the
//!   counter removed for the Campaign's exit shortfall (ruling L-15), and no grid. A unit's counter (panels `US`,
//!   `Japanese`) is named by its id, its face (layer `Step`: 1 full, 2 reduced) adding its
//!   rating to the name (`US-24-19 5-6-4`); its markers `Type` and `Unit Name`, its prototype
//!   `US Unit` or `Japanese Unit` (marker `Nationality`), both using the prototype `Unit`
//!   (marker `Kind` = `Unit`, and `Exit Hex`: the hex an exited unit left by). Markers (`Out of
//!   Supply`, `Turn`) use the prototype `Marker`.
//! - `leyte/Leyte-as-printed.vmod`: the same maps, grid, prototypes and markers, its rated
//!   counters named as printed: by the unit's designation alone, its id without the side's
//!   prefix (`24-19`; `ART-1` names a US and a Japanese counter), the layer `Step`'s levels
//!   unnamed (they switch images: the rating is on the images alone). `leyte/counters.csv`
//!   gives each face of each counter (`counter`, `nationality`, `step`) its unit's `id` and
//!   `rating`: what a player reads on the counter.
//! - `dai-senso/DaiSenso-synthetic.vmod`: map `Asia` (its Strategic Hexes as regions named by
//!   label) and map `Charts` (zones: the VP track's boxes `VP 0` ... `VP 4`, the war states,
//!   the ESV track, the Strategic Warfare Box, the influence track). The VP marker's face is
//!   its layer `Face` (1 Rising Sun, 2 Allied Crusade); control markers use the prototype
//!   `Control` (marker `Kind`), units `Western Unit` or `Axis Unit` (markers `Kind`, `Faction`).
//!
//! The saves also hold what real ones do: eliminated units on a dead pile of their own map (the
//! counter an exit requirement of the fixture names as `removed` in the dead pile's box),
//! units shown reduced, markers of one name (`Out of Supply` on each unit the fixture says is
//! cut, `Western Control`), and a save made with an older version of the Leyte module (its
//! `moduledata` version older, its board under the name the module since changed, a map the
//! module no longer has, holding the turn marker); and units whose names carry no id nor
//! rating (the save of the module naming its counters as printed, `leyte/assault-as-printed`).

mod build_file;
mod dai_senso;
mod fixture;
mod leyte;
mod save;

use std::collections::BTreeMap;
use std::path::Path;

use vassal::write::module_file;

use dai_senso::{DAI_SENSO_SAVES, DaiSenso, FACE, zone_point};
use fixture::fixture;
use leyte::{
    AS_PRINTED_SAVE, LEYTE_OLD_SAVE, LEYTE_REMOVED_SAVE, LEYTE_SAVES, LeyteGame, LeyteUnits,
    Printing, UNRATED, Version, hex_centres, leyte_build_file, leyte_module_file,
};
use save::Before;

/// The piece ids of each save start here (a date in 2024, in milliseconds, as VASSAL's ids).
const ID_BASE: u64 = 1_714_000_000_000;

/// Every file the generator makes, with its path under the repository's root `root` (`/`
/// between names: `fixtures/vassal/leyte/Leyte-synthetic.vmod`), made from the TOML fixtures
/// under `root`. An error names the fixture that could not be read or mirrored.
///
/// # Example
///
/// ```
/// let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
/// let files = vassal_fixtures::files(&root)?;
/// let (path, vmod) = &files[0];
/// assert_eq!(path, "fixtures/vassal/leyte/Leyte-synthetic.vmod");
/// assert!(vmod.starts_with(b"PK"), "a module is a zip");
/// # Ok::<(), String>(())
/// ```
pub fn files(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::new();
    let units = LeyteUnits::of(root)?;
    let build_file = leyte_build_file(&units, Printing::Named);
    let leyte = leyte_module_file(&build_file);
    let centres = hex_centres(&leyte)?;
    let module = parse(&build_file, "Leyte-synthetic.vmod")?;
    let game = LeyteGame {
        module: &module,
        centres: &centres,
        units: &units,
        printing: Printing::Named,
    };
    out.push(("fixtures/vassal/leyte/Leyte-synthetic.vmod".into(), leyte));
    for (i, name) in LEYTE_SAVES.iter().enumerate() {
        let state = fixture(root, "leyte", name)?;
        let table = game.save(&state, base(i), &Version::current())?;
        out.push((
            format!("fixtures/vassal/leyte/{name}.vsav"),
            game.finish(table, &Version::current())?,
        ));
    }
    let state = fixture(root, "leyte", LEYTE_REMOVED_SAVE)?;
    let table = game.save(&state, base(20), &Version::current())?;
    out.push((
        format!("fixtures/vassal/leyte/{LEYTE_REMOVED_SAVE}.vsav"),
        game.finish(table, &Version::current())?,
    ));
    let old = Version::old();
    let state = fixture(root, "leyte", LEYTE_OLD_SAVE)?;
    let table = game.save(&state, base(LEYTE_SAVES.len()), &old)?;
    out.push((
        format!("fixtures/vassal/leyte/{LEYTE_OLD_SAVE}.vsav"),
        game.finish(table, &old)?,
    ));
    out.extend(as_printed(root, &units, &centres)?);
    let ds = DaiSenso::of(root)?;
    let build_file = ds.build_file();
    let module = parse(&build_file, "DaiSenso-synthetic.vmod")?;
    out.push((
        "fixtures/vassal/dai-senso/DaiSenso-synthetic.vmod".into(),
        module_file(&build_file, &[]),
    ));
    for (i, name) in DAI_SENSO_SAVES.iter().enumerate() {
        let state = fixture(root, "asia-engulfed", name)?;
        let table = ds.save(&module, &state, base(10 + i))?;
        out.push((
            format!("fixtures/vassal/dai-senso/{name}.vsav"),
            ds.finish(table)?,
        ));
    }
    out.extend(bad_saves(root, &game, &ds, &module)?);
    Ok(out)
}

/// The module whose counters are named as printed (`leyte/Leyte-as-printed.vmod`), its table
/// of counters (`leyte/counters.csv`) and the save of it mirroring [`AS_PRINTED_SAVE`].
fn as_printed(
    root: &Path,
    units: &LeyteUnits,
    centres: &BTreeMap<String, (i32, i32)>,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let build_file = leyte_build_file(units, Printing::AsPrinted);
    let module = parse(&build_file, "Leyte-as-printed.vmod")?;
    let game = LeyteGame {
        module: &module,
        centres,
        units,
        printing: Printing::AsPrinted,
    };
    let current = Version::current();
    let state = fixture(root, "leyte", AS_PRINTED_SAVE)?;
    let table = game.save(&state, base(LEYTE_SAVES.len() + 1), &current)?;
    Ok(vec![
        (
            "fixtures/vassal/leyte/Leyte-as-printed.vmod".into(),
            leyte_module_file(&build_file),
        ),
        (
            "fixtures/vassal/leyte/counters.csv".into(),
            units.counters_csv().into_bytes(),
        ),
        (
            "fixtures/vassal/leyte/assault-as-printed.vsav".into(),
            game.finish(table, &current)?,
        ),
    ])
}

/// The first piece id of the `n`th save (a day apart).
fn base(n: usize) -> u64 {
    ID_BASE + u64::try_from(n).unwrap_or(0) * 86_400_000
}

/// The module of `build_file`, read as a buildFile alone is (no board sizes given).
fn parse(build_file: &str, name: &str) -> Result<vassal::Module, String> {
    vassal::Module::from_build_file(build_file, name, &vassal::BoardSizes::new())
        .map_err(|e| e.to_string())
}

/// The saves of the bad-input fixtures: two VP markers; a unit whose name has no rating.
fn bad_saves(
    root: &Path,
    leyte: &LeyteGame<'_>,
    ds: &DaiSenso,
    ds_module: &vassal::Module,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let state = fixture(root, "asia-engulfed", DAI_SENSO_SAVES[0])?;
    let mut two = ds.save(ds_module, &state, base(10))?;
    two.place(
        "VP",
        "Charts",
        zone_point("VP 3"),
        &[(FACE, "2")],
        &Before::palette(),
    )?;
    let state = fixture(root, "leyte", LEYTE_SAVES[0])?;
    let current = Version::current();
    let mut unrated = leyte.save(&state, base(0), &current)?;
    let at = leyte.hex("2215")?;
    unrated.place(UNRATED, "Leyte", at, &[], &leyte.before("2215", &current)?)?;
    Ok(vec![
        (
            "fixtures/vassal/invalid/two-vp-markers.vsav".to_string(),
            ds.finish(two)?,
        ),
        (
            "fixtures/vassal/invalid/unit-without-rating.vsav".to_string(),
            leyte.finish(unrated, &current)?,
        ),
    ])
}
