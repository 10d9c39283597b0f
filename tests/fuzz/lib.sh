# Shared by run_fuzz.sh and long_run.sh (sourced from the repository root):
# finds clang, configures build-fuzz/ with -DAI2048_FUZZ=ON and builds the
# fuzz targets and the seed writer, nothing else.
#
# fuzz_build: 0 when the targets are built; 2 (with a message saying why)
# when this machine cannot build them: no clang, or no libFuzzer.

FUZZ_TARGETS=(board_text tile_values search_settings network_file table_file)
FUZZ_DIR=build-fuzz
FUZZ_BIN=$FUZZ_DIR/tests/fuzz

fuzz_find_clang() {
  if [[ -n "${FUZZ_CXX:-}" ]]; then
    command -v "$FUZZ_CXX"
    return
  fi
  local c
  for c in clang++ clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14; do
    if command -v "$c" >/dev/null 2>&1; then
      command -v "$c"
      return
    fi
  done
  return 1
}

fuzz_build() {
  local cxx
  if ! cxx=$(fuzz_find_clang); then
    echo "fuzz: skipped: no ${FUZZ_CXX:-clang++} on this machine (the fuzz targets need clang" \
      "with libFuzzer; Debian: apt-get install clang)"
    return 2
  fi
  # A directory configured with another compiler keeps it: start it afresh.
  if [[ -f $FUZZ_DIR/CMakeCache.txt ]] &&
     ! grep -qx "CMAKE_CXX_COMPILER:[A-Z]*=$cxx" "$FUZZ_DIR/CMakeCache.txt"; then
    rm -rf "$FUZZ_DIR/CMakeCache.txt" "$FUZZ_DIR/CMakeFiles"
  fi
  mkdir -p "$FUZZ_DIR/logs"
  cmake -S . -B "$FUZZ_DIR" -DAI2048_FUZZ=ON -DCMAKE_CXX_COMPILER="$cxx" \
    -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=Release >"$FUZZ_DIR/logs/configure.log" 2>&1 || {
    cat "$FUZZ_DIR/logs/configure.log"
    return 1
  }
  if ! grep -q '^AI2048_HAVE_LIBFUZZER:INTERNAL=1$' "$FUZZ_DIR/CMakeCache.txt"; then
    echo "fuzz: skipped: $cxx cannot link -fsanitize=fuzzer (libFuzzer missing; on Debian it comes with clang)"
    return 2
  fi
  echo "fuzz: building the targets with $cxx in $FUZZ_DIR/"
  cmake --build "$FUZZ_DIR" -j2 --target fuzz_all >"$FUZZ_DIR/logs/build.log" 2>&1 || {
    tail -40 "$FUZZ_DIR/logs/build.log"
    return 1
  }
}

# Runs one target over its seeds (tests/fuzz/corpus/<target>, read only) and
# its working corpus (build-fuzz/corpus/<target>, where new inputs go) for the
# given seconds; crash inputs go to build-fuzz/crashes/. The log is
# build-fuzz/logs/<target>.log; returns libFuzzer's status.
fuzz_run() {
  local target=$1 seconds=$2
  mkdir -p "$FUZZ_DIR/corpus/$target" "$FUZZ_DIR/crashes" "$FUZZ_DIR/logs"
  "$FUZZ_BIN/fuzz_$target" "$FUZZ_DIR/corpus/$target" "tests/fuzz/corpus/$target" \
    -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$FUZZ_DIR/crashes/$target-" >"$FUZZ_DIR/logs/$target.log" 2>&1
}

# From a run's log: the executions, and the executions per second.
fuzz_runs() { sed -n 's/^stat::number_of_executed_units: *//p' "$FUZZ_DIR/logs/$1.log" | tail -1; }
fuzz_speed() { sed -n 's/^stat::average_exec_per_sec: *//p' "$FUZZ_DIR/logs/$1.log" | tail -1; }
