#!/usr/bin/env bash
# The README's run command: install what is missing, build, serve on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash web/scripts/setup.sh
exec npm start
