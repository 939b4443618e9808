#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A UCI test engine that plays a fixed line: the arguments are the game's moves, and after
# "position ... moves m1 ... mk" it plays argument k+1 (0000 when the line is used up).
# "--score N" first: it reports "score cp N" with every move (default 0).
SCORE=0
if [ "$1" = "--score" ]; then SCORE=$2; shift 2; fi
LINE="$*"
n=0
while read -r cmd rest; do
    case "$cmd" in
    uci) echo "id name Line"; echo "option name Hash type spin default 16 min 1 max 64"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position)
        n=0; counting=0
        for w in $rest; do
            if [ $counting = 1 ]; then n=$((n + 1)); fi
            if [ "$w" = moves ]; then counting=1; fi
        done ;;
    go)
        i=0; move=0000
        for m in $LINE; do
            if [ $i = $n ]; then move=$m; fi
            i=$((i + 1))
        done
        echo "info depth 1 score cp $SCORE nodes 1 pv $move"
        echo "bestmove $move" ;;
    quit) exit 0 ;;
    esac
done
