#!/usr/bin/env bash
# Every test of the project, on a fresh Debian 12 machine: installs what is
# missing, checks lint and formatting, builds natively and runs the C++ tests
# (CTest) and a short fuzz run, builds the
# WebAssembly engine and the site, then runs the JS unit and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash web/scripts/setup.sh

echo "== lint and formatting"
npm run lint

echo "== native build and C++ tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2
ctest --test-dir build --output-on-failure -j2

echo "== fuzz smoke run"
bash tests/fuzz/run_fuzz.sh

echo "== WebAssembly build and site"
npm run build

echo "== JS unit and end-to-end tests"
npx vitest run
