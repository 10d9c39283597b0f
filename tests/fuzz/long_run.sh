#!/usr/bin/env bash
# A long fuzz run: every target (or those named) for the given seconds each,
# continuing from the working corpora in build-fuzz/corpus/. Prints, per
# target, the executions, their speed and any crash (inputs saved in
# build-fuzz/crashes/, outside git), then the totals. Exits 1 if any crashed.
#
#   bash tests/fuzz/long_run.sh [seconds per target, default 300] [target ...]
#
# Targets: board_text tile_values search_settings network_file table_file.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/fuzz/lib.sh

seconds=${1:-300}
shift || true
targets=("$@")
((${#targets[@]})) || targets=("${FUZZ_TARGETS[@]}")

status=0
fuzz_build || status=$?
if [[ $status != 0 ]]; then exit 1; fi

total=0
crashed=()
printf '%-24s %12s %9s %8s  %s\n' target executions exec/s seconds result
for target in "${targets[@]}"; do
  before=$(ls "$FUZZ_DIR/crashes" | grep -c "^$target-" || true)
  t0=$SECONDS
  result=ok
  fuzz_run "$target" "$seconds" || result=CRASH
  runs=$(fuzz_runs "$target")
  runs=${runs:-0}
  total=$((total + runs))
  printf '%-24s %12s %9s %8s  %s\n' "fuzz_$target" "$runs" "$(fuzz_speed "$target")" \
    "$((SECONDS - t0))" "$result"
  if [[ $result != ok ]]; then
    crashed+=("$target")
    grep -E 'fuzz check failed|ERROR:|SUMMARY:|runtime error|^  [a-z]' "$FUZZ_DIR/logs/$target.log" | head -10 |
      sed 's/^/    /' || true
  fi
  after=$(ls "$FUZZ_DIR/crashes" | grep -c "^$target-" || true)
  if ((after > before)); then
    ls -t "$FUZZ_DIR/crashes" | grep "^$target-" | head -$((after - before)) |
      sed "s|^|    saved: $FUZZ_DIR/crashes/|"
  fi
done
printf '%-24s %12s\n' total "$total"
echo "crashes: ${#crashed[@]}${crashed:+ (${crashed[*]})}"
echo "logs: $FUZZ_DIR/logs/; reproduce a crash: $FUZZ_BIN/fuzz_<target> $FUZZ_DIR/crashes/<file>"
((${#crashed[@]} == 0))
