#!/usr/bin/env bash
# The late-game benchmark one board at a time, for runs that take hours: game i
# starts from line i of BOARDS with spawn seed i, as game i of `ai2048 selfplay
# --from BOARDS --seed 1` does, so the games are the same; each lands in
# OUT/board_NNN.jsonl once finished. A killed run loses only the boards it was
# playing: run the same command again and it goes on. Streams share the work
# between processes: stream K of N takes the boards i with i % N == K % N;
# --boards A-B plays only boards A to B (a run split over sessions or machines).
#
#   bash tools/bench/conversion_by_board.sh BOARDS OUT [--stream K/N] [--boards A-B] [-- SELFPLAY OPTIONS]
#   node tools/bench/conversion_summary.mjs OUT
#
# e.g. the page's default (selfplay's own default with the network: its 10 ms
# twin, --nodes 130000 --phase on --max-depth 3) on 2 cores, in two shells (or with nohup):
#   bash tools/bench/conversion_by_board.sh h100.txt c10 --stream 1/2
#   bash tools/bench/conversion_by_board.sh h100.txt c10 --stream 2/2
set -euo pipefail
usage() {
  echo "usage: conversion_by_board.sh BOARDS OUT [--stream K/N] [--boards A-B] [-- SELFPLAY OPTIONS]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
boards=$1 out=$2
shift 2
stream=1 streams=1 first=1 last=0
while [ $# -gt 0 ]; do
  case $1 in
    --stream)
      [[ ${2:-} =~ ^([0-9]+)/([1-9][0-9]*)$ ]] || usage
      stream=${BASH_REMATCH[1]} streams=${BASH_REMATCH[2]}
      shift 2
      ;;
    --boards)
      [[ ${2:-} =~ ^([1-9][0-9]*)-([1-9][0-9]*)$ ]] || usage
      first=${BASH_REMATCH[1]} last=${BASH_REMATCH[2]}
      shift 2
      ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
[ -f "$boards" ] || { echo "conversion_by_board.sh: no boards file $boards" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
ai=${AI2048:-$root/build/ai2048}
[ -x "$ai" ] || { echo "conversion_by_board.sh: $ai is missing: run npm run cli" >&2; exit 2; }
mkdir -p "$out"
count=$(grep -c . "$boards")
((last > 0 && last < count)) && count=$last
for ((i = first; i <= count; i++)); do
  ((i % streams == stream % streams)) || continue
  result=$(printf '%s/board_%03d.jsonl' "$out" "$i")
  [ -f "$result" ] && continue
  board=$(printf '%s/board_%03d.txt' "$out" "$i")
  sed -n "${i}p" "$boards" >"$board"
  "$ai" selfplay --from "$board" --seed "$i" --jobs 1 "$@" >"$result.part"
  mv "$result.part" "$result"
  rm -f "$board"
done
