//! The native half of the Python package `wargame-victory` (module `wargame_victory`, this
//! crate is its `wargame_victory._native`; docs/python.md): the functions the command line
//! runs, called from Python. Every function here reads its input through
//! [`victory_front`] and [`victory_engine`] as `victory` does, and returns what
//! `victory ... --format json` prints, as Python values.
//!
//! Built by maturin (`pip install ./crates/python`); under plain cargo it builds as any
//! library (so that clippy and rustdoc see it), with no Python interpreter or libpython needed:
//! the workspace's `.cargo/config.toml` builds it as an extension module for abi3 (CPython 3.9
//! and later), as maturin does.
//!
//! # Example
//!
//! The Rust side is only reached from Python:
//!
//! ```python
//! import wargame_victory
//! report = wargame_victory.score("fixtures/leyte/assault-scenario-end-position.toml")
//! print(report["level"])
//! ```
#![forbid(unsafe_code)]
// No function over 80 lines (`clippy.toml`).

use pyo3::prelude::*;

mod hex;
mod many;
mod oracle;
mod reading;
mod saves;
mod scoring;
mod suite;

/// The module `wargame_victory._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InputError", m.py().get_type::<reading::InputError>())?;
    m.add(
        "DEFAULT_MAX_INPUT_BYTES",
        wargame_kit::limits::DEFAULT_MAX_BYTES,
    )?;
    m.add_class::<many::Scorer>()?;
    m.add_class::<hex::HexMap>()?;
    m.add_function(wrap_pyfunction!(many::_scorer_from_text, m)?)?;
    m.add_class::<oracle::Oracle>()?;
    m.add_function(wrap_pyfunction!(oracle::_oracle_from_text, m)?)?;
    saves::register(m)?;
    scoring::register(m)
}
