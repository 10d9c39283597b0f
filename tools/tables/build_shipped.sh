#!/usr/bin/env bash
# Rebuilds the shipped endgame table file, web/tables/endgame.t2048.gz, from
# nothing: the full snake tables for the targets 256, 512 and 1024 computed
# here, the table states our own games meet counted (games from boards
# harvested at the first 16384, and whole games, on seeds the benchmarks do not
# use), walks of the table's own play from each state met added, and the most
# frequent kept.
#
#   bash tools/tables/build_shipped.sh [WORK_DIR]   (default ~/ai2048-tables)
#
# About 2.7 GB of disk and 10 minutes of table computation on 2 cores, then
# about 30 minutes of games. Every step resumes: a table finishes where a
# killed run stopped, and files already made are kept. STATES=N keeps N states.
# The shipped file was made this way in table file version 1 and rewritten as
# version 2 with the same states; walks now also count the other choices of a
# step that makes the target, so a rebuild keeps a few states differently.
# Files with snake5 states beside the snake's converted no more
# (docs/results/2026-11-table-file-v2.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${1:-$HOME/ai2048-tables}
states=${STATES:-700000}
mkdir -p "$work"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target ai2048
ai=build/ai2048

tables=()
for target in 256 512 1024; do
  dir="$work/snake-$target"
  [ -f "$dir/table.txt" ] || "$ai" tables build --formation snake --target "$target" --dir "$dir"
  tables+=("$dir")
done
list=$(IFS=,; echo "${tables[*]}")

boards="$work/train16384.txt"
[ -s "$boards" ] || "$ai" harvest --tile 16384 --games 100 --seed 1001 --jobs 2 >"$boards"
# The shipped file's visits were counted at the margin of the time (0.02, the
# search free to veto the table), not today's default (1).
[ -s "$work/visits_from.txt" ] ||
  "$ai" selfplay --from "$boards" --jobs 2 --tables "$list" --table-margin 0.02 \
    --visits "$work/visits_from.txt" >/dev/null
[ -s "$work/visits_whole.txt" ] ||
  "$ai" selfplay --games 60 --seed 2001 --jobs 2 --tables "$list" --table-margin 0.02 \
    --visits "$work/visits_whole.txt" >/dev/null
mkdir -p web/tables
"$ai" tables distill --tables "$list" --visits "$work/visits_from.txt,$work/visits_whole.txt" \
  --rollouts 20 --max-states "$states" --out web/tables/endgame.t2048.gz
