#!/usr/bin/env bash
# Sets up, builds the WebAssembly module and runs the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bash scripts/build-wasm.sh
node scripts/demo.js
