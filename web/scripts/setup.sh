#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine, idempotently:
# the C++ toolchain, zlib (network files) and test libraries, Emscripten, Chromium (for the browser
# tests; never a downloaded browser), clang with libFuzzer (the fuzz smoke run), clang-format
# (npm run lint), and the npm packages pinned in
# package-lock.json. Packages already present are not touched.
set -euo pipefail
cd "$(dirname "$0")/../.."

packages=(cmake g++ make zlib1g-dev libgtest-dev libbenchmark-dev clang libclang-rt-14-dev emscripten chromium clang-format nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# nodejs/npm may come from outside Debian's packages: a working node is enough.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
read -r -a missing <<<"${missing[*]}"
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
fi

# Exactly the versions in package-lock.json (`npm ci`), when node_modules is
# missing or older than package.json or the lock. The lock must list every
# platform's optional packages or `npm ci` calls it out of sync: npm leaves out
# of the lock those it cannot fetch, and the registry has rollup's native
# packages for every platform only at some versions, hence rollup pinned in
# devDependencies (npm/cli#4828 is the same symptom for another cause).
if [ ! -d node_modules ] || [ package.json -nt node_modules/.package-lock.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  if ! npm ci --no-audit --no-fund; then
    echo "setup: npm ci failed. If it says package.json and package-lock.json are not in sync," \
      "the lock has drifted from package.json: run 'npm install', check that" \
      "package-lock.json lists @rollup/rollup-* for every platform, and commit it." >&2
    exit 1
  fi
fi
