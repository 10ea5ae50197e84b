#!/bin/sh
# Seed the fuzz corpora from the workspace's fixtures, valid and invalid:
#   fuzz/corpus/map/              fixtures/maps/**/*.toml
#   fuzz/corpus/leyte_state/      fixtures/leyte/**/*.toml
#   fuzz/corpus/dai_senso_state/  fixtures/asia-engulfed/*.toml, fixtures/asia-engulfed/invalid/*.toml
#   fuzz/corpus/vp_track/         fixtures/asia-engulfed/tracks/**/*.toml
#   fuzz/corpus/vassal_save/      fuzz/seeds/vassal_save/* (a game the VASSAL reader's tests write)
#   fuzz/corpus/vassal_buildfile/ fuzz/seeds/vassal_buildfile/* (their module's buildFile)
#   fuzz/corpus/vassal_hidden/    fuzz/seeds/vassal_hidden/* (hidden pieces: a hand, masks, invisible ones) and vassal_save's
#   fuzz/corpus/vassal_profile/   fixtures/vassal/**/*.profile.toml
#   fuzz/corpus/map_hexsides/     fuzz/seeds/map_hexsides/* (hexsides named: item 6) and the fixture maps
#   fuzz/corpus/vassal_palette/   fuzz/seeds/vassal_palette/* (buildFile NUL save: items 5, 7-11, 13) and the demo buildFile
#   fuzz/corpus/vassal_labels/    fuzz/seeds/vassal_labels/* (labels, layers, masks: items 1, 14, 15), vassal_save's and vassal_hidden's
#   fuzz/corpus/vassal_tables/    fuzz/seeds/vassal_tables/* (profile and `=== FILE` tables: items 3, 4, 12, 21) and the fixture profiles
# (the item seeds are written by fuzz/seeds/make.py)
# and, for each target, the hand-written seeds of fuzz/seeds/<target>/ (inputs the fixtures do
# not lead the fuzzer to, such as maps with three-digit labels).
# Files are named after their path; existing corpus files (the fuzzer's) are kept.
# Run from anywhere: paths are relative to this script.
set -eu
fuzz=$(cd "$(dirname "$0")" && pwd)
fixtures="$fuzz/../fixtures"

seed() { # seed TARGET FILE...
    target=$1
    shift
    mkdir -p "$fuzz/corpus/$target"
    n=0
    for f in "$@"; do
        [ -f "$f" ] || continue
        rel=${f#"$fixtures"/}
        rel=${rel#"$fuzz"/}
        cp "$f" "$fuzz/corpus/$target/seed-$(printf '%s' "$rel" | tr '/' '_')"
        n=$((n + 1))
    done
    echo "$target: $n seeds"
}

seed map "$fixtures"/maps/*.toml "$fixtures"/maps/invalid/*.toml "$fuzz"/seeds/map/*.toml
seed leyte_state "$fixtures"/leyte/*.toml "$fixtures"/leyte/invalid/*.toml "$fuzz"/seeds/leyte_state/*.toml
seed dai_senso_state "$fixtures"/asia-engulfed/*.toml "$fixtures"/asia-engulfed/invalid/*.toml "$fuzz"/seeds/dai_senso_state/*.toml
seed vassal_save "$fuzz"/seeds/vassal_save/*
seed vassal_buildfile "$fuzz"/seeds/vassal_buildfile/*
seed vassal_hidden "$fuzz"/seeds/vassal_hidden/* "$fuzz"/seeds/vassal_save/*
seed vassal_profile "$fixtures"/vassal/*/*.profile.toml "$fixtures"/vassal/invalid/*.profile.toml
seed vp_track "$fixtures"/asia-engulfed/tracks/*.toml "$fixtures"/asia-engulfed/tracks/invalid/*.toml "$fuzz"/seeds/vp_track/*.toml
seed map_hexsides "$fuzz"/seeds/map_hexsides/*.toml "$fixtures"/maps/*.toml
seed vassal_palette "$fuzz"/seeds/vassal_palette/* "$fuzz"/seeds/vassal_buildfile/*
seed vassal_labels "$fuzz"/seeds/vassal_labels/* "$fuzz"/seeds/vassal_save/* "$fuzz"/seeds/vassal_hidden/*
seed vassal_tables "$fuzz"/seeds/vassal_tables/* "$fixtures"/vassal/*/*.profile.toml
