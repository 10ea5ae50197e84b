#!/bin/sh
# The long run: every fuzz target in turn, one libFuzzer process on one core, each for RUNS inputs
# (default 1000000; TIME=seconds runs each for that long instead), seeded from the fixtures; the final stats of each go to
# fuzz/logs/<target>.log and their summary to stdout. A crash stops that target's run
# (its input is in fuzz/artifacts/<target>/) and the next target starts.
#
#   fuzz/run-all.sh                     all targets, 1000000 inputs each
#   RUNS=20000 fuzz/run-all.sh map      a smoke run of one target
#   TIME=180 fuzz/run-all.sh            every target for three minutes
#
# Besides panics, every target fails on its bounds (work and peak memory at most a multiple of
# the inflated input, fuzz/src/bounds.rs) and, when it reads a save, on what VASSAL hides
# (fuzz/src/secrets.rs).
#
# Needs cargo-fuzz and RUSTC_BOOTSTRAP=1 on a stable toolchain (set here).
set -u
fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$fuzz")
runs=${RUNS:-1000000}
targets=${*:-map map_hexsides leyte_state dai_senso_state vp_track vassal_save vassal_buildfile vassal_profile vassal_hidden vassal_palette vassal_labels vassal_tables}
# Inputs that hold two documents (a buildFile and a save, a profile and its tables) get twice
# the room.
max_len() {
    case $1 in
    vassal_palette | vassal_labels | vassal_tables) echo 16384 ;;
    *) echo 8192 ;;
    esac
}
export RUSTC_BOOTSTRAP=1
cd "$root" || exit 1
"$fuzz/seed.sh" >/dev/null
mkdir -p "$fuzz/logs"
target_dir=${FUZZ_TARGET_DIR:-$root/target/fuzz}
cargo fuzz build --target-dir "$target_dir" || exit 1
if [ -n "${TIME:-}" ]; then limit="-max_total_time=$TIME"; else limit="-runs=$runs"; fi
for t in $targets; do
    start=$(date +%s)
    cargo fuzz run --target-dir "$target_dir" "$t" "fuzz/corpus/$t" -- \
        -dict="fuzz/dict/$t.dict" "$limit" \
        -rss_limit_mb=2048 -timeout=10 -max_len="$(max_len "$t")" -print_final_stats=1 \
        >"$fuzz/logs/$t.log" 2>&1
    rc=$?
    end=$(date +%s)
    echo "== $t: exit $rc, $((end - start)) s"
    grep -E '^stat::|^Done|ERROR|SUMMARY|panicked at|Test unit written' "$fuzz/logs/$t.log"
done
