#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Harlequin against itself in every game it plays (issue 4, point 3): GAMES games per game
# at TC with -concurrency 2, openings from bench/openings/<game>.epd where there is one,
# then every PGN replayed with the rules (harlequin match -checkpgn). The runner is
# $RUNNER (default build/harlequin), the engine the first argument (default the runner).
# Run it under the shared build lock on a shared machine:
#   flock /tmp/hq-build.lock bench/selfplay.sh [ENGINE] [GAMES] [TC] [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNNER=${RUNNER:-build/harlequin}
HQ=${1:-$RUNNER}
GAMES=${2:-50}
TC=${3:-1+0.01}
OUT=${4:-selfplay}
mkdir -p "$OUT"
status=0
for game in $("$RUNNER" match -variants); do
    openings=()
    [ -f "bench/openings/$game.epd" ] && openings=(-openings "file=bench/openings/$game.epd" order=random)
    pgn="$OUT/$game.pgn"
    rm -f "$pgn"
    echo "== $game"
    "$RUNNER" match -variant "$game" -engine cmd="$HQ" name=Harlequin-A -engine cmd="$HQ" name=Harlequin-B \
        -each tc="$TC" -games "$GAMES" -repeat -concurrency 2 -recover "${openings[@]}" \
        -pgnout "$pgn" -ratinginterval 0 | grep -v '^Finished game' || status=1
    # Every game must end by a rule or an adjudication, and be consistent with its moves.
    "$RUNNER" match -checkpgn "$pgn" || status=1
    grep -h '^\[Termination' "$pgn" | sort | uniq -c
done
exit $status
