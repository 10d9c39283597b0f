#!/usr/bin/env bash
# The fuzz smoke run (a step of tests/run_all.sh): builds the libFuzzer
# targets with clang in build-fuzz/ and runs each over its seed corpus for a
# few seconds. Fails on any crash or broken invariant (the input is saved in
# build-fuzz/crashes/); skips, saying why, where clang or libFuzzer is missing.
#
#   bash tests/fuzz/run_fuzz.sh [seconds per target, default 3]
#
# FUZZ_CXX=clang++-NN picks the compiler. For long runs: tests/fuzz/long_run.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/fuzz/lib.sh

seconds=${1:-3}
start=$SECONDS
status=0
fuzz_build || status=$?
if [[ $status == 2 ]]; then exit 0; fi
if [[ $status != 0 ]]; then
  echo "fuzz: the build failed"
  exit 1
fi

# The checked-in seeds are what make_seeds.cpp writes: say so when they drift.
rm -rf "$FUZZ_DIR/seeds"
"$FUZZ_BIN/fuzz_make_seeds" "$FUZZ_DIR/seeds"
if ! diff -rq "$FUZZ_DIR/seeds" tests/fuzz/corpus >/dev/null; then
  echo "fuzz: note: tests/fuzz/corpus differs from what tests/fuzz/make_seeds.cpp writes;"
  echo "      to refresh it: rm -r tests/fuzz/corpus && $FUZZ_BIN/fuzz_make_seeds tests/fuzz/corpus"
fi

failed=()
for target in "${FUZZ_TARGETS[@]}"; do
  if fuzz_run "$target" "$seconds"; then
    printf 'fuzz_%-16s %9s runs  %6s/s  ok\n' "$target" "$(fuzz_runs "$target")" "$(fuzz_speed "$target")"
  else
    echo "fuzz_$target: FAILED (log: $FUZZ_DIR/logs/$target.log)"
    grep -E 'fuzz check failed|ERROR:|SUMMARY:|runtime error|^  ' "$FUZZ_DIR/logs/$target.log" | head -20 || true
    grep -E 'Test unit written|artifact' "$FUZZ_DIR/logs/$target.log" || true
    failed+=("$target")
  fi
done
echo "fuzz: $((SECONDS - start)) s in all (build included)"
if ((${#failed[@]})); then
  echo "fuzz: failed: ${failed[*]}"
  exit 1
fi
