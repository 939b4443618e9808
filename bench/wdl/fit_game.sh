#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fits GAME's win/draw/loss model (bench/wdl/fit.py) to games of the data store: the
# games of FILES (.games or .games.xz) alternate between the fitted half and the checked
# half, each replayed into positions by `harlequin datagen -convert` (noisy ones kept,
# no score filter), and the model is written to variants/GAME/wdl.h.
#   bench/wdl/fit_game.sh GAME FILE... [-- fit.py options]
# Env: HARLEQUIN (the engine, default build/harlequin), WDL_WORK (default /tmp/harlequin-wdl).
set -euo pipefail
game=$1
shift
files=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
H=${HARLEQUIN:-build/harlequin}
W=${WDL_WORK:-/tmp/harlequin-wdl}/$game
mkdir -p "$W"
# The start position's pieces, counted as the engine counts them (engine/wdl.h fen_pieces:
# the letters of the FEN's board).
start=$(printf 'setoption name UCI_Variant value %s\nquit\n' "$game" | "$H" | sed -n 's/.* startpos //p')
pieces=$(echo "${start%% *}" | tr -cd 'a-zA-Z' | wc -c)
header=$(for f in "${files[@]}"; do case $f in *.xz) xzcat "$f" ;; *) cat "$f" ;; esac; done | grep '^#' | head -1)
for f in "${files[@]}"; do case $f in *.xz) xzcat "$f" ;; *) cat "$f" ;; esac; done | grep -v '^#' >"$W/all.games"
games=$(wc -l <"$W/all.games")
for half in 0 1; do
    { echo "$header"; awk -v h=$half 'NR % 2 == h' "$W/all.games"; } >"$W/half$half.games"
    rm -f "$W/half$half.txt"
    "$H" datagen -variant "$game" -convert "$W/half$half.games" -noisy keep -maxscore 100000 \
        -out "$W/half$half.txt" >/dev/null
done
/usr/bin/python3 "$(dirname "$0")/fit.py" --game "$game" --start-pieces "$pieces" --games "$games" \
    --fit "$W/half1.txt" --check "$W/half0.txt" --header "variants/$game/wdl.h" "$@"
