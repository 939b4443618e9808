#!/bin/bash
# The eight levels (Skill::Ladder) in one game: level 1 against Harlequin's own depth-1
# search, each level against the one below, full strength (5+0.05) against level 8;
# 40 games each (20 pairs of colour-reversed openings from the game's own file).
# usage: [LADDER="0 4 6 ..."] ladder.sh HARLEQUIN VARIANT OPENINGS
# LADDER: the game's eight Skill Levels, its registry entry's ladder (variants/registry.cpp;
# default engine/skill.h's Skill::Ladder). docs/levels.md's run:
#   for v in martian control mschess multimove chess; do f=bench/openings/$v.epd
#     [ $v = mschess ] && f=bench/openings/mschess-odds.epd; bench/levels/ladder.sh build/harlequin $v $f; done
H=$1; V=$2; O=$3; ladder=(${LADDER:-0 4 6 8 10 12 14 16})
run() { # name1 args1 name2 args2
  eval "$H match -variant $V -engine cmd=$H name=$1 $2 -engine cmd=$H name=$3 $4 -games 2 -rounds 20 -repeat \
    -openings file=$O order=random -concurrency 2 -seed 7" 2>&1 | grep -E "^Score|Ptnml|time" | tr '\n' ' '; echo; }
echo "$(date +%T) $V L1 vs depth1: $(run level1 "\"option.Skill Level\"=0 tc=10+0.1" depth1 "depth=1")"
for k in 1 2 3 4 5 6 7; do a=${ladder[$k]}; b=${ladder[$((k-1))]}
  echo "$(date +%T) $V level$((k+1)) vs level$k: $(run level$((k+1)) "\"option.Skill Level\"=$a tc=10+0.1" level$k "\"option.Skill Level\"=$b tc=10+0.1")"
done
echo "$(date +%T) $V full vs level8: $(run full "tc=5+0.05" level8 "\"option.Skill Level\"=${ladder[7]} tc=5+0.05")"
