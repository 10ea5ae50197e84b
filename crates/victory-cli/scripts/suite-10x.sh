#!/usr/bin/env bash
# How long `victory test` takes over the project's fixtures copied 10 times into a temporary
# folder (every copy of `fixtures/`, maps and tracks included, so each copy's references
# resolve): over 1,000 positions. Prints the load, the number of cases, and hyperfine's figures.
# Run from anywhere; builds the release binary first. Needs hyperfine and python3.
#
#   crates/victory-cli/scripts/suite-10x.sh [RUNS]     # RUNS, default 20
#
# Target (issue 27): under 2 s on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-20}
target=${CARGO_TARGET_DIR:-target}
cargo build --release -p victory-cli --quiet
victory="$(cd "$target/release" && pwd)/victory"
suite=$(mktemp -d)
out=$(mktemp)
trap 'rm -rf "$suite" "$out"' EXIT
for i in 0 1 2 3 4 5 6 7 8 9; do
  mkdir -p "$suite/copy-$i"
  cp -R fixtures "$suite/copy-$i/"
done
# The run must pass, and count what it ran.
"$victory" test "$suite" | tail -n 1
echo "load: $(uptime)"
hyperfine -N --warmup 3 --runs "$runs" --export-json "$out" "$victory test $suite" >/dev/null
python3 - "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"victory test (10 copies): median {r['median'] * 1e3:.1f} ms, mean {r['mean'] * 1e3:.1f} ms"
      f" ± {r['stddev'] * 1e3:.1f}, min {r['min'] * 1e3:.1f} ms, max {r['max'] * 1e3:.1f} ms;"
      f" user {r['user'] * 1e3:.1f} ms, system {r['system'] * 1e3:.1f} ms")
PY
