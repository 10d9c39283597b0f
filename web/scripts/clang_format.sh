#!/usr/bin/env bash
# clang-format over the project's C++ (every .h and .cpp git knows of, tracked
# or new, outside ignored build folders), in the style of .clang-format.
#   clang_format.sh --check   fails, naming each file and line, where one differs
#   clang_format.sh           rewrites them in place
# Used by `npm run lint` and `npm run format`. The style was measured with
# Debian 12's clang-format 14: another version may format a few lines otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v clang-format >/dev/null; then
  echo "clang_format.sh: clang-format is not installed (Debian: apt-get install clang-format," \
    "or run web/scripts/setup.sh)" >&2
  exit 1
fi
version=$(clang-format --version | sed -n 's/.*version \([0-9]*\).*/\1/p')
if [ "$version" != 14 ]; then
  echo "clang_format.sh: clang-format $version here; the style was set with 14, some lines may differ" >&2
fi

files=()
while IFS= read -r f; do
  [ -f "$f" ] && files+=("$f")  # not a file deleted but still in the index
done < <(git ls-files --cached --others --exclude-standard -- '*.h' '*.cpp')
[ "${#files[@]}" -gt 0 ] || exit 0

if [ "${1:-}" = --check ]; then
  unformatted=()
  for f in "${files[@]}"; do
    clang-format --dry-run --Werror "$f" 2>/dev/null || unformatted+=("$f")
  done
  if [ "${#unformatted[@]}" -gt 0 ]; then
    printf 'not formatted: %s\n' "${unformatted[@]}" >&2
    echo "clang_format.sh: ${#unformatted[@]} C++ files differ from .clang-format's style" \
      "(clang-format --dry-run FILE shows where); npm run format rewrites them" >&2
    exit 1
  fi
else
  clang-format -i "${files[@]}"
fi
