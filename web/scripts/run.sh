#!/usr/bin/env bash
# The README's run command: install what is missing, build the native CLI
# (build/ai2048, which the README's next sections use), build the site and serve
# it on 127.0.0.1. Each step is incremental, so a second run only serves.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash web/scripts/setup.sh
echo "run: building the native CLI, build/ai2048 (npm run cli)"
npm run --silent cli
exec npm start
