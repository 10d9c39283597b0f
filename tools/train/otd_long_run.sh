#!/usr/bin/env bash
# The long training run of TDL2048+'s published recipe for the 8 x 6 network
# (docs/results/2026-11-otd-long-run.md): optimistic TD(0), online, alpha 0.1,
# for 9 M episodes, then temporal coherence (online too) at alpha 1.0 for 1 M
# more. It takes tens of hours on 2 cores, so it runs across sessions: the same
# command starts it, continues it after a kill (from the last checkpoint, every
# 10 minutes) and moves it to the second phase once the first has its 9 M
# episodes. The phases keep their checkpoints apart, so the first phase's end
# stays on disk.
#
#   nohup nice -n 19 bash tools/train/otd_long_run.sh [DIR] > /dev/null 2>&1 &
#
# DIR (default /root/train/otd8f) lies outside the repository: each phase's
# checkpoint (537 MB), its train.jsonl (one line per 10,000 games) and its
# stderr.log. AI2048 names the binary (default build/ai2048 of this tree; the
# script copies it into DIR at the first start, so a rebuild of the tree does
# not change a run in progress). The shipping rule judges the result:
#   node tools/bench/network_ship_check.mjs DIR/tc/ckpt.bin
# For a trial of the script itself: OTD_TUPLES=4x4 OTD_FIRST=2000 OTD_ALL=3000.
set -euo pipefail
# The whole script is one function, read before it runs, so editing the file
# while a run is in progress cannot change what the run does next.
main() {
  dir=${1:-/root/train/otd8f}
  tuples=${OTD_TUPLES:-8x6}
  first_phase_games=${OTD_FIRST:-9000000}
  all_games=${OTD_ALL:-10000000}
  mkdir -p "$dir" "$dir/tc"
  if [ ! -x "$dir/ai2048" ]; then
    cp "${AI2048:-$(dirname "$0")/../../build/ai2048}" "$dir/ai2048"
  fi
  games_done() { # the episodes a checkpoint has learnt (0 when there is none)
    awk '$1 == "games" { print $2; found = 1 } END { if (!found) print 0 }' "$1.progress" 2>/dev/null || echo 0
  }

  if [ "$(games_done "$dir/ckpt.bin")" -lt "$first_phase_games" ]; then
    (cd "$dir" && ./ai2048 train --tuples "$tuples" --init 320000 --alpha 0.1 --forward --threads 2 \
      --seed 63 --games "$first_phase_games" --checkpoint "$dir/ckpt.bin" --checkpoint-minutes 10 \
      --resume --log "$dir/train.jsonl" --window 10000 >> "$dir/stdout.log" 2>> "$dir/stderr.log")
  fi
  # A kill (the session's end) leaves the first phase short: stop here too.
  [ "$(games_done "$dir/ckpt.bin")" -ge "$first_phase_games" ] || exit 0

  # The second phase starts from a copy of the first phase's last weights.
  if [ ! -f "$dir/tc/ckpt.bin" ]; then
    cp "$dir/ckpt.bin" "$dir/tc/ckpt.bin.tmp"
    cp "$dir/ckpt.bin.progress" "$dir/tc/ckpt.bin.progress"
    mv "$dir/tc/ckpt.bin.tmp" "$dir/tc/ckpt.bin"
  fi
  (cd "$dir/tc" && ../ai2048 train --tuples "$tuples" --coherence --alpha 1.0 --forward --threads 2 \
    --seed 63 --games "$all_games" --checkpoint "$dir/tc/ckpt.bin" --checkpoint-minutes 10 \
    --resume --log "$dir/tc/train.jsonl" --window 10000 >> "$dir/tc/stdout.log" 2>> "$dir/tc/stderr.log")
}
main "$@"
