#!/usr/bin/env bash
# Rebuilds the shipped endgame table file, web/tables/endgame.t2048.gz, from
# nothing: the full snake tables for the targets 256, 512 and 1024 computed
# here; the table states our own games meet counted (games from boards
# harvested at the first 16384, and whole games, on seeds the benchmarks do not
# use), played at depth 2 with the snake5 tables beside the snake's and all of them
# trusted (margin 1), as the page plays; walks of the table's own play from
# each snake state met added; and the 1.45 million most frequent kept, within
# 4 MB.
#
#   bash tools/tables/build_shipped.sh [WORK_DIR]   (default ~/ai2048-tables)
#
# About 12 GB of disk and 12 GB of memory (the games hold all five tables).
# On 2 cores: the snake tables about 10 minutes, snake5's about 17, then the
# games of 91 boards and 60 whole games, and the distill about 7 (409 s alone,
# 900 s beside other runs). Every step resumes: a table finishes where a
# killed run stopped, and files already made are kept. STATES=N keeps N states.
# Why snake5 plays but is not kept: a file of both formations' states converted
# no more (docs/results/2026-11-table-file-v2.md), while the snake's states
# counted from these games convert the most (2026-11-table-fresh-boards.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${1:-$HOME/ai2048-tables}
states=${STATES:-1450000}
mkdir -p "$work"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target ai2048
ai=build/ai2048

snake=() five=()
for spec in snake:256 snake:512 snake:1024 snake5:256 snake5:512; do
  formation=${spec%:*} target=${spec#*:}
  dir="$work/$formation-$target"
  [ -f "$dir/table.txt" ] ||
    "$ai" tables build --formation "$formation" --target "$target" --dir "$dir" --threads 2
  five+=("$dir")
  [ "$formation" = snake ] && snake+=("$dir")
done
snake_list=$(IFS=,; echo "${snake[*]}")
five_list=$(IFS=,; echo "${five[*]}")

# Plays with all five tables trusted and counts the table states met; keeps
# the snake's lines (tables 0-2 of the list).
count_snake_visits() {  # count_snake_visits OUT selfplay-arguments...
  local out=$1; shift
  [ -s "$out" ] && return
  "$ai" selfplay "$@" --depth 2 --jobs 2 --table-margin 1 --tables "$five_list" --visits "$out.all" >/dev/null
  grep '^[012] ' "$out.all" >"$out.part"
  mv "$out.part" "$out"
}

boards="$work/train16384.txt"
[ -s "$boards" ] || "$ai" harvest --tile 16384 --games 100 --seed 1001 --jobs 2 >"$boards"
count_snake_visits "$work/snake_visits_from.txt" --from "$boards"
count_snake_visits "$work/snake_visits_whole.txt" --games 60 --seed 2001
mkdir -p web/tables
"$ai" tables distill --tables "$snake_list" \
  --visits "$work/snake_visits_from.txt,$work/snake_visits_whole.txt" \
  --rollouts 20 --max-states "$states" --max-bytes 4000000 --out web/tables/endgame.t2048.gz
