#!/usr/bin/env bash
# Runs the main Node of scripts/node-versions.mjs (the current LTS), as
# installed by `WT_NEED_NODES=1 bash scripts/setup.sh` into .tools/bin; npm
# run bench and fuzz run their scripts with it, npm test its main suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
v=$(node "$root/scripts/node-versions.mjs")
exec "$root/.tools/bin/node${v%%.*}" "$@"
