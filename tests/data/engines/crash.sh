#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A UCI test engine that crashes (SIGSEGV) when asked to move.
while read -r cmd rest; do
    case "$cmd" in
    uci) echo "id name Crash"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go) kill -SEGV $$ ;;
    quit) exit 0 ;;
    esac
done
