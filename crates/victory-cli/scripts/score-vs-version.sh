#!/usr/bin/env bash
# How long `victory score` of the American Assault fixture takes next to `victory --version`
# (process start-up, argument parsing, nothing else) in the same hyperfine run: the ratio of
# the medians, and each command's median and mean. Run from anywhere; builds the release binary
# first. Needs hyperfine (`apt-get install -y hyperfine`) and python3.
#
#   crates/victory-cli/scripts/score-vs-version.sh [RUNS]     # RUNS per command, default 500
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-500}
cargo build --release -p victory-cli --quiet
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "load: $(uptime)"
hyperfine -N --warmup 50 --runs "$runs" --export-json "$out" \
  'target/release/victory --version' \
  'target/release/victory score fixtures/leyte/assault-scenario-end-position.toml' >/dev/null
python3 - "$out" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
for r in results:
    print(f"{r['command']}: median {r['median'] * 1e3:.3f} ms, mean {r['mean'] * 1e3:.3f} ms, "
          f"user {r['user'] * 1e3:.3f} ms, system {r['system'] * 1e3:.3f} ms")
version, score = (r["median"] for r in results)
print(f"score / version (medians): {score / version:.2f}")
PY
