#!/usr/bin/env bash
# The folder order of cpp/: fails when an #include "FOLDER/..." runs against the
# floors docs/ARCHITECTURE.md states (the fenced block after its "<!-- floors -->"
# line, one floor a line, the lowest first: "N folder, folder: what it holds").
# A folder includes its own files and those of lower floors, never a higher
# floor's nor another folder's on its own floor; every folder of cpp/ must
# stand on a floor. Each fault is printed as FILE:LINE with the two floors.
#
#   include_order_check.sh [ROOT]   check ROOT (default: this repository)
#   include_order_check.sh --plant  check that a planted upward include fails:
#                                   a copy of cpp/ and the doc, with engine/ made
#                                   to include wasm/, must fail naming that line
# Run by ctest (CMakeLists.txt: include_order, include_order_catches_a_plant).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

if [ "${1:-}" = --plant ]; then
  root=$(cd "$here/../.." && pwd)
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/docs"
  cp -R "$root/cpp" "$tmp/cpp"
  cp "$root/docs/ARCHITECTURE.md" "$tmp/docs/"
  # The copy passes, then the plant (the engine, lowest, including the bindings' header) fails.
  bash "$0" "$tmp" >/dev/null || { echo "include_order_check: the unchanged copy failed"; exit 1; }
  echo '#include "wasm/js_error.h"  // planted' >>"$tmp/cpp/engine/board.h"
  line=$(wc -l <"$tmp/cpp/engine/board.h")
  if out=$(bash "$0" "$tmp" 2>&1); then
    echo "include_order_check: a planted upward include passed"
    exit 1
  fi
  if ! grep -q "^cpp/engine/board.h:$line: " <<<"$out"; then
    echo "include_order_check: the plant failed, but without naming cpp/engine/board.h:$line:"
    echo "$out"
    exit 1
  fi
  echo "include_order_check: a planted upward include fails, as it should:"
  echo "$out"
  exit 0
fi

root=${1:-$(cd "$here/../.." && pwd)}
doc="$root/docs/ARCHITECTURE.md"
[ -f "$doc" ] || { echo "include_order_check: no $doc"; exit 1; }

# "folder floor" pairs from the doc's block.
floors=$(awk '
  /<!-- floors -->/ { on = 1; next }
  on && /^```/ { if (inside) exit; inside = 1; next }
  on && inside && NF {
    if (!match($0, /^ *[0-9]+ +[a-z_, ]+:/)) { print "BAD " $0; next }
    head = substr($0, RSTART, RLENGTH - 1)
    n = split(head, w, /[ ,]+/)
    k = 0
    for (i = 1; i <= n; i++) if (w[i] != "") { if (!k) k = w[i]; else print w[i], k }
  }' "$doc")
if [ -z "$floors" ]; then
  echo "include_order_check: $doc states no floors (a fenced block after <!-- floors -->)"
  exit 1
fi
if grep -q '^BAD ' <<<"$floors"; then
  echo "include_order_check: lines of the floors block not read as \"N folder, folder: ...\":"
  grep '^BAD ' <<<"$floors" | sed 's/^BAD /  /'
  exit 1
fi

fails=0
for dir in "$root"/cpp/*/; do
  name=$(basename "$dir")
  if ! grep -q "^$name " <<<"$floors"; then
    echo "cpp/$name/ stands on no floor: add it to the floors in docs/ARCHITECTURE.md"
    fails=$((fails + 1))
  fi
done

# Each '#include "FOLDER/..."' whose FOLDER is one of cpp/'s, checked against the floors.
report=$(cd "$root" && find cpp -type f \( -name '*.h' -o -name '*.cpp' \) | LC_ALL=C sort |
  xargs grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]+/' /dev/null |
  awk -v floors="$floors" '
    BEGIN {
      n = split(floors, l, "\n")
      for (i = 1; i <= n; i++) { split(l[i], p, " "); floor[p[1]] = p[2] + 0 }
    }
    {
      # FILE:LINE:TEXT
      file = $0; sub(/:.*/, "", file)
      rest = substr($0, length(file) + 2); line = rest; sub(/:.*/, "", line)
      split(file, parts, "/"); own = parts[2]
      inc = rest; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
      to = inc; sub(/\/.*/, "", to)
      if (!(to in floor) || !(own in floor) || to == own) next
      if (floor[to] > floor[own])
        printf "%s:%s: %s/ (floor %d) includes %s, a higher floor (%d)\n", file, line, own,
               floor[own], inc, floor[to]
      else if (floor[to] == floor[own])
        printf "%s:%s: %s/ (floor %d) includes %s, on its own floor\n", file, line, own,
               floor[own], inc
    }')
if [ -n "$report" ]; then
  echo "$report"
  fails=$((fails + $(wc -l <<<"$report")))
fi

if [ "$fails" -gt 0 ]; then
  echo "include_order_check: $fails faults against the floors of docs/ARCHITECTURE.md"
  exit 1
fi
echo "include_order_check: every include in cpp/ keeps the floors of docs/ARCHITECTURE.md"
