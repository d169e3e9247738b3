#!/usr/bin/env bash
# Sets up, builds the WebAssembly module and the static site (build/site), then serves the
# demo page on http://localhost:8080/ (PORT=... to change it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bash scripts/build-wasm.sh
exec node scripts/serve.js
