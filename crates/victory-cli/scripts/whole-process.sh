#!/usr/bin/env bash
# Whole processes in one hyperfine run, each against the floor: a process that does nothing
# (`true`, the operating system's cost of starting one), and `victory --version` (the program's
# start-up and argument parsing); then `victory score` of the American Assault fixture and, when
# the shared VASSAL samples are beside the clone, `victory vassal pieces` of the largest shared
# real save (For the People, 1864-3-5.vsav, 1.4 MB, with its 0.8 MB buildFile). Prints each
# command's median and mean, and each median over the floor's and over `--version`'s. Run from
# anywhere; builds the release binary first. Needs hyperfine (`apt-get install -y hyperfine`)
# and python3.
#
#   crates/victory-cli/scripts/whole-process.sh [RUNS]     # RUNS per command, default 500
#
# VASSAL_SAMPLES_MORE names the folder of the shared VASSAL samples, as for the VASSAL crate's
# sample tests (third-party files, never copied into the repository); unset, the save is left out.
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-500}
samples=${VASSAL_SAMPLES_MORE:-}
cargo build --release -p victory-cli --quiet
out=$(mktemp)
trap 'rm -f "$out"' EXIT
commands=(
  'true'
  'target/release/victory --version'
  'target/release/victory score fixtures/leyte/assault-scenario-end-position.toml'
)
if [ -n "$samples" ] && [ -f "$samples/ftp/1864-3-5.vsav" ]; then
  commands+=("target/release/victory vassal pieces --module $samples/ftp/buildFile.xml --board-sizes $samples/ftp/board-sizes.json $samples/ftp/1864-3-5.vsav")
else
  echo "VASSAL_SAMPLES_MORE/ftp/1864-3-5.vsav: not found (VASSAL_SAMPLES_MORE='$samples'), the VASSAL save is left out"
fi
echo "load: $(uptime)"
hyperfine -N --warmup 50 --runs "$runs" --export-json "$out" "${commands[@]}" >/dev/null
python3 - "$out" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
floor, version = results[0]["median"], results[1]["median"]
for r in results:
    print(f"{r['command']}: median {r['median'] * 1e3:.3f} ms, mean {r['mean'] * 1e3:.3f} ms, "
          f"user {r['user'] * 1e3:.3f} ms, system {r['system'] * 1e3:.3f} ms; "
          f"{r['median'] / floor:.2f}x the floor, {r['median'] / version:.2f}x --version")
PY
