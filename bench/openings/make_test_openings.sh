#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the machine's test openings: 1,000 engine-checked openings a game, enough for 2,000
# games without a replayed pair (a fixed-node match replays a pair once the openings run
# out: docs/log/2026-12-07-search.md). They are not committed; this script remakes them on
# a new machine, the same bytes for the same engine and seeds, and appends the command of
# each file to the folder's MANIFEST.
#
#   bench/openings/make_test_openings.sh [HARLEQUIN_BINARY] [GAME ...]
#
# Folder: $HARLEQUIN_OPENINGS, or ~/.local/share/harlequin/openings. Games: every one below
# unless named. A file that exists is kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
engine=${1:-build/harlequin}
shift || true
[ -x "$engine" ] || {
    echo "make_test_openings.sh: no engine at $engine (build it first: make)" >&2
    exit 2
}
out=${HARLEQUIN_OPENINGS:-$HOME/.local/share/harlequin/openings}
mkdir -p "$out"
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(chess control martian multimove mschess)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)

for game in "${games[@]}"; do
    # Chess is scored at depth 8 within a pawn; the others at depth 6 within 1.5 pawns
    # (their evaluations swing more after 8 random plies). Ms. Chess starts from the
    # material-odds file, as from its plain start the woman's side wins nearly every game.
    case "$game" in
    chess) args=(-variant chess -plies 8 -engine "cmd=$engine" depth=8 -maxscore 100) ;;
    control | martian | multimove)
        args=(-variant "$game" -plies 8 -engine "cmd=$engine" depth=6 -maxscore 150)
        ;;
    mschess)
        args=(-variant mschess -starts bench/openings/mschess-odds.epd -plies 4
            -engine "cmd=$engine" depth=6 -maxscore 150)
        ;;
    *)
        echo "make_test_openings.sh: unknown game '$game'" >&2
        exit 2
        ;;
    esac
    file=$out/$game-1000.epd
    if [ -s "$file" ]; then
        echo "$file: kept ($(wc -l <"$file") openings)"
        continue
    fi
    cmd=("$engine" openings "${args[@]}" -count 1000 -seed 21 -out "$file.part")
    start=$(date +%s)
    "${cmd[@]}" >/dev/null
    mv "$file.part" "$file"
    line="${cmd[*]}"
    echo "$(basename "$file"): ${line%.part} (commit $commit, $(($(date +%s) - start)) s, $(date -u +%F))" \
        | tee -a "$out/MANIFEST"
done
