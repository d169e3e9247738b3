#!/usr/bin/env bash
# npm run bench: builds the wasm module and the native core (Release: -O3, no -march, so
# SSE2 and no AVX), then times both against plain JS in bench/run.js (bench/results.json), the
# first calls in fresh processes in bench/cold.js (bench/cold-results.json), and
# the story's per-frame work in bench/story.js, and the demo page's redraws under load in
# Chromium in bench/page.js (bench/page-results.json).
# Usage: npm run bench [-- --quick]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bash scripts/build-wasm.sh
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target posenc_bench
node bench/run.js "$@"
node bench/cold.js
node bench/story.js "$@"
node bench/page.js "$@"
node bench/scale.js
