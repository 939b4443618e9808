#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# An XBoard (CECP v2) test engine that plays a fixed line, like line.sh: it counts the
# moves it is sent (with "usermove") and the moves it plays since "new" or "setboard", and
# on "go" plays the next argument.
LINE="$*"
n=0
while read -r cmd rest; do
    case "$cmd" in
    protover)
        echo 'feature ping=1 setboard=1 usermove=1 time=1 sigint=0 sigterm=0 myname="XLine"'
        echo 'feature variants="normal,fischerandom" done=1' ;;
    new|setboard) n=0 ;;
    usermove) n=$((n + 1)) ;;
    ping) echo "pong $rest" ;;
    go)
        i=0; move=""
        for m in $LINE; do
            if [ $i = $n ]; then move=$m; fi
            i=$((i + 1))
        done
        n=$((n + 1))
        echo "1 -25 0 1 $move"
        if [ -n "$move" ]; then echo "move $move"; else echo "resign"; fi ;;
    quit) exit 0 ;;
    esac
done
