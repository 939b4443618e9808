#!/bin/bash
# UCI_Elo calibration: Harlequin at UCI_LimitStrength true, UCI_Elo E against Stockfish
# 15.1 (Debian) at the same, 10+0.1, one thread each, 2 games at once on 2 cores,
# bench/openings/chess.epd at random, both colours (game pairs), resign adjudication at
# 1000 cp for 3 moves (both engines agree), draw at 10 cp for 8 moves from move 40.
# usage: calibrate.sh HARLEQUIN "E E E" PAIRS
H=$1; elos=$2; pairs=${3:-50}
for E in $elos; do
  r=$($H match -engine cmd=$H name=hq$E option.UCI_LimitStrength=true option.UCI_Elo=$E \
      -engine cmd=/usr/games/stockfish name=sf$E option.UCI_LimitStrength=true option.UCI_Elo=$E \
      -each tc=10+0.1 -games 2 -rounds $pairs -repeat -openings file=$(dirname "$0")/../openings/chess.epd order=random \
      -concurrency 2 -seed $E -resign movecount=3 score=1000 twosided=true -draw movenumber=40 movecount=8 score=10 \
      -pgnout cal$E.pgn 2>&1 | grep -E "^Score|Ptnml|loses on time|time forfeit" | tr '\n' ' ')
  echo "$(date +%T) UCI_Elo $E 10+0.1: $r"
done
