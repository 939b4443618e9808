#!/bin/bash
# Scouting the UCI_Elo -> level table: Harlequin at Skill Level L against Stockfish 15.1
# at UCI_LimitStrength true, UCI_Elo E, 2+0.05 (both engines' limited strength is a depth
# or node budget, reached in well under the time), 30 games, chess.epd both colours.
# usage: scan.sh HARLEQUIN "E:L E:L ..." GAMES TC
H=$1; pairs=$2; rounds=${3:-15}; tc=${4:-2+0.05}
for p in $pairs; do E=${p%%:*}; L=${p##*:}
  r=$($H match -engine cmd=$H name=hq$L option."Skill Level"=$L -engine cmd=/usr/games/stockfish name=sf$E option.UCI_LimitStrength=true option.UCI_Elo=$E -each tc=$tc -games 2 -rounds $rounds -repeat -openings file=$(dirname "$0")/../openings/chess.epd order=random -concurrency 2 -seed $E$L 2>&1 | grep -E "^Score|Ptnml" | tr '\n' ' ')
  echo "$(date +%T) E=$E L=$L tc=$tc $r"
done
