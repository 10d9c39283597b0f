#!/usr/bin/env bash
# The ai2048 CLI: malformed input exits 2 with a one-line message naming the
# problem; selfplay plays full games whose trace the reference rules accept.
# Needs AI2048 and TRACE_CHECK (set by CTest).
set -u
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_error() {  # expect_error "words in the message" args...
  local want=$1; shift
  "$AI2048" "$@" >"$tmp/out" 2>"$tmp/err"
  local status=$?
  if [ "$status" -ne 2 ] || ! grep -q -- "$want" "$tmp/err" || [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
    echo "FAIL: ai2048 $* -> status $status, stderr: $(cat "$tmp/err")"
    fails=$((fails + 1))
  fi
}

expect_error "16 tile values, got 3" suggest 2,2,4
expect_error "bad tile value 3 at cell 0" suggest 3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2
expect_error "bad tile value 262144" suggest 262144,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2
expect_error "not a number" suggest 2,x,0,0,0,0,0,0,0,0,0,0,0,0,0,2
expect_error "no legal move" suggest 2,4,2,4,4,2,4,2,2,4,2,4,4,2,4,2
expect_error "needs a board" suggest
expect_error "unknown option --bogus" selfplay --bogus 1
expect_error "--games must be a whole number" selfplay --games -3
expect_error "--depth must be a whole number from 1 to 12" suggest 0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2 --depth 40
expect_error "only one of depth, nodes and time" selfplay --depth 2 --nodes 100
expect_error "--time-ms must be a number" selfplay --time-ms -5
expect_error "unknown command" frobnicate
expect_error "needs a value" selfplay --games

# A good suggestion is one JSON line with a legal direction.
out=$("$AI2048" suggest 2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 --depth 2)
if ! echo "$out" | grep -q '"dir":[0-3],"name":"[a-z]*","values":\['; then
  echo "FAIL: suggest printed: $out"; fails=$((fails + 1))
fi

# Ten full games at depth 2, every move checked against the reference rules.
if "$AI2048" selfplay --games 10 --seed 1 --depth 2 --jobs 2 --trace "$tmp/t.jsonl" \
    >"$tmp/games.jsonl" 2>/dev/null; then
  "$TRACE_CHECK" "$tmp/t.jsonl" "$tmp/games.jsonl" 10 || fails=$((fails + 1))
  grep -q '"summary":true,"games":10' "$tmp/games.jsonl" || { echo "FAIL: no summary line"; fails=$((fails + 1)); }
else
  echo "FAIL: selfplay exited with an error"; fails=$((fails + 1))
fi

bench=$("$AI2048" bench --depth 2 --repeat 1)
echo "$bench" | grep -q '"early":{"searches":' || { echo "FAIL: bench printed: $bench"; fails=$((fails + 1)); }

[ "$fails" -eq 0 ] && echo "cli_test: all checks passed"
exit "$fails"
