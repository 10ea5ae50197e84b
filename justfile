# Convenience recipes; every one is a plain cargo command you can run without `just`.

# Score the Assault Scenario end position on the stand-in map (the README's main job).
main:
    cargo run --release -p victory-cli -- score fixtures/leyte/assault-scenario-end-position.toml

# All tests, as CI runs them.
test:
    cargo test --workspace --all-features

# Formatting, lints and docs, as CI checks them.
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets --all-features -- -D warnings
    RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps --all-features

# Review changed snapshots one by one (needs `cargo install cargo-insta`).
review:
    cargo insta review

# The tracing benchmark (see docs/performance.md).
bench:
    cargo bench -p hexmap --bench trace

# Everything CI runs.
ci:
    bash .ci/run
