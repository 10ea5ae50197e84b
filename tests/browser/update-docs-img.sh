#!/bin/sh
# Copy the browser test's screenshots to docs/img (the README shows them). Run the test first,
# against the real `victory render` HTML:
#   npm ci --prefix tests/browser && node --test tests/browser/ && sh tests/browser/update-docs-img.sh
set -eu
cd "$(dirname "$0")/../.."
src="${CARGO_TARGET_DIR:-target}/browser"
for pair in leyte-selected.png:leyte-report-selected.png dai-senso.png:dai-senso-report.png \
  editor-scenario.png:editor-scenario.png editor-leyte.png:editor-leyte.png; do
  from="$src/${pair%%:*}"
  to="docs/img/${pair#*:}"
  if [ ! -s "$from" ]; then
    echo "missing $from: run node --test tests/browser/ first" >&2
    exit 1
  fi
  cp "$from" "$to"
  echo "$from -> $to"
done
