#!/usr/bin/env bash
# The evaluation list (cpp/eval/evaluator.h) is the one place an evaluation's
# name lives: each evaluation's kName. The CLI, the bindings and the session
# resolve names from the list, so none of them may write a name as a string
# literal in code (comments may name them); a command that happens to share a
# name (`ai2048 network`) says so on its line with "// a command". Fails
# naming the file and line.
#   bash tests/cpp/evaluation_names_check.sh [REPO_ROOT]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
names=$(grep -ho 'kName = "[a-z0-9_-]*"' "$root"/cpp/eval/*.h | sed 's/.*"\(.*\)"/\1/' | sort -u)
[ -n "$names" ] || { echo "evaluation_names_check: no kName found in cpp/eval" >&2; exit 1; }
fails=0
for name in $names; do
  while IFS= read -r hit; do
    echo "FAIL: $hit: the evaluation name \"$name\" written as a literal (use the list's kName)"
    fails=$((fails + 1))
  done < <(grep -rnF "\"$name\"" "$root"/cpp/cli "$root"/cpp/wasm "$root"/cpp/session |
    grep -vF '// a command' | awk -v lit="\"$name\"" '{
      code = $0; sub(/^[^:]*:[0-9]+:/, "", code); sub(/\/\/.*/, "", code)
      if (index(code, lit)) print }' || true)
done
echo "evaluation_names_check: names $(echo $names | tr '\n' ' '), $fails literal(s)"
[ "$fails" -eq 0 ]
