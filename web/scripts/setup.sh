#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine, idempotently:
# the C++ toolchain, zlib (network files) and test libraries, Emscripten, Chromium (for the browser
# tests; never a downloaded browser), and the npm packages pinned in
# package-lock.json. Packages already present are not touched.
set -euo pipefail
cd "$(dirname "$0")/../.."

packages=(cmake g++ make zlib1g-dev libgtest-dev libbenchmark-dev emscripten chromium nodejs npm)
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

# The versions pinned in package-lock.json, when node_modules is missing or older
# than the lock file. `npm install` rather than `npm ci`: npm 11 writes locks
# without other platforms' optional packages (rollup's native builds) and then
# `npm ci` refuses them as out of sync (npm/cli#4828); install keeps the lock.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm install --no-audit --no-fund
fi
