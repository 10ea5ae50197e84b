# Convenience recipes; every one is a plain command you can run without `just`.

# Score the Assault Scenario end position on the stand-in map (the README's main job).
main:
    cargo run --release -p victory-cli -- score fixtures/leyte/assault-scenario-end-position.toml

# All tests, as CI runs them (the house checks too: crates/tidy runs module-cycles, api-check
# and rulings-check).
test:
    cargo test --workspace --all-features

# CI's lint stage (.ci/lint): the docs cite no outside path, rulings, module cycles, the public
# API, fmt, clippy and doc, with CI's flags.
lint:
    bash .ci/lint

# Review changed snapshots one by one (needs `cargo install cargo-insta`).
review:
    cargo insta review

# The tracing benchmark (see docs/performance.md).
bench:
    cargo bench -p wargame-hexmap --bench trace

# `victory test` over the fixtures copied 10 times (see docs/performance.md; needs hyperfine).
bench-suite:
    crates/victory-cli/scripts/suite-10x.sh

# Everything CI runs.
ci:
    bash .ci/run

# Render every fixture to PNG under target/pictures, to look at them as a player would
# (needs rsvg-convert: `apt-get install librsvg2-bin`).
pictures:
    mkdir -p target/pictures
    cargo build -q -p victory-cli
    for f in fixtures/leyte/*.toml fixtures/asia-engulfed/*.toml; do ./target/debug/victory render "$f" -o - | rsvg-convert > "target/pictures/$(basename "$f" .toml).png"; done

# Redraw the pictures the README shows (docs/img); a test checks they are up to date.
pictures-docs:
    cargo build -q -p victory-cli
    ./target/debug/victory render fixtures/leyte/assault-scenario-end-position.toml --crop 1113:1927 -o docs/img/leyte-assault.svg
    ./target/debug/victory render fixtures/leyte/assault-scenario-end-position.toml -o docs/img/leyte-assault-full.svg
    ./target/debug/victory render fixtures/asia-engulfed/vp-check-plus-three-flips-to-rising-sun.toml -o docs/img/dai-senso-vp-track.svg
