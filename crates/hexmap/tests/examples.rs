//! Each `examples/supply_*.rs` (with the `toml` feature) and `examples/movement_and_sight.rs`
//! (with none) prints what its `.out` file beside it says (issue 47, items 2 and 8).
//!
//! `cargo test` builds the examples before it runs the tests; this test runs the built binary
//! (in `examples/` beside the test's own `deps/` directory) rather than a nested `cargo run`.
//! Run alone (`cargo test --test examples`), cargo does not build the examples: the test then
//! fails and says to build them (`cargo build --examples`, with the same features).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::PathBuf;
use std::process::Command;

/// The built example `name`, or a message saying how to build it.
fn example_binary(name: &str) -> PathBuf {
    let test = std::env::current_exe().expect("the test binary's path");
    let dir = test
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary sits in target/<profile>/deps");
    let binary = dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "{} is not built: run `cargo test -p wargame-hexmap` (it builds the examples) or \
         `cargo build -p wargame-hexmap --examples` with the same features first",
        binary.display()
    );
    binary
}

fn check(name: &str) {
    let output = Command::new(example_binary(name))
        .output()
        .unwrap_or_else(|e| panic!("cannot run the example {name}: {e}"));
    assert!(
        output.status.success(),
        "{name} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{name}.out")),
    )
    .unwrap_or_else(|e| panic!("examples/{name}.out: {e}"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        expected,
        "examples/{name}.rs no longer prints examples/{name}.out"
    );
}

#[cfg(feature = "toml")]
#[test]
fn supply_movement_points_prints_its_out_file() {
    check("supply_movement_points");
}

#[cfg(feature = "toml")]
#[test]
fn supply_rail_then_hexes_prints_its_out_file() {
    check("supply_rail_then_hexes");
}

#[cfg(feature = "toml")]
#[test]
fn supply_to_map_edge_prints_its_out_file() {
    check("supply_to_map_edge");
}

#[test]
fn movement_and_sight_prints_its_out_file() {
    check("movement_and_sight");
}
