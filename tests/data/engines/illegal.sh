#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A UCI test engine that always answers with an illegal move (no pawn of either side can
# go from e2 to e5 in one move).
while read -r cmd rest; do
    case "$cmd" in
    uci) echo "id name Illegal"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) echo "info depth 1 score cp 10"; echo "bestmove e2e5" ;;
    quit) exit 0 ;;
    esac
done
