#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A UCI test engine that answers the handshake and isready but never moves, not even after
# "stop": the runner must forfeit it on time, kill it and start it again.
while read -r cmd rest; do
    case "$cmd" in
    uci) echo "id name Stall"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    esac
done
