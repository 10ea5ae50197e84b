#!/bin/sh
# The long run: every fuzz target in turn, one libFuzzer process on one core, each for RUNS inputs
# (default 1000000), seeded from the fixtures; the final stats of each go to
# fuzz/logs/<target>.log and their summary to stdout. A crash stops that target's run
# (its input is in fuzz/artifacts/<target>/) and the next target starts.
#
#   fuzz/run-all.sh                     all targets, 1000000 inputs each
#   RUNS=20000 fuzz/run-all.sh map      a smoke run of one target
#
# Needs cargo-fuzz and RUSTC_BOOTSTRAP=1 on a stable toolchain (set here).
set -u
fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$fuzz")
runs=${RUNS:-1000000}
targets=${*:-map leyte_state dai_senso_state vp_track vassal_save vassal_buildfile vassal_profile vassal_hidden}
export RUSTC_BOOTSTRAP=1
cd "$root" || exit 1
"$fuzz/seed.sh" >/dev/null
mkdir -p "$fuzz/logs"
cargo fuzz build --target-dir "$root/target/fuzz" || exit 1
for t in $targets; do
    start=$(date +%s)
    cargo fuzz run --target-dir "$root/target/fuzz" "$t" "fuzz/corpus/$t" -- \
        -dict="fuzz/dict/$t.dict" -runs="$runs" \
        -rss_limit_mb=2048 -timeout=10 -max_len=8192 -print_final_stats=1 \
        >"$fuzz/logs/$t.log" 2>&1
    rc=$?
    end=$(date +%s)
    echo "== $t: exit $rc, $((end - start)) s"
    grep -E '^stat::|^Done|ERROR|SUMMARY|panicked at|Test unit written' "$fuzz/logs/$t.log"
done
