#!/usr/bin/env bash
# npm run bench: builds the wasm module and the native core (Release: -O3, no -march, so
# SSE2 and no AVX), then times both against plain JS in bench/run.js (bench/results.json), the
# 2D sin-cos table and its Gram matrix against plain JS and numpy in bench/vision.js
# (bench/vision-results.json), the first calls in fresh processes and page loads of three browsers in bench/cold.js
# (bench/results.json, "cold"),
# the story's per-frame work in bench/story.js, the demo page's redraws under load in
# Chromium in bench/page.js (bench/page-results.json), and its long tasks while loading in
# bench/load.js (bench/load-results.json), the longest task of the seeded fuzz in bench/fuzz.js
# (bench/fuzz-results.json), pe.inspectModelFile on a 4.8 GiB GGUF in bench/model-files.js
# (bench/model-files-results.json), and Lighthouse's mobile score of the example post and the
# page in bench/lighthouse.js (scripts/bench-lighthouse.sh; bench/lighthouse-results.json).
# Usage: npm run bench [-- --quick]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bash scripts/build-wasm.sh
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target posenc_bench
node bench/run.js "$@"
node bench/vision.js "$@"
node bench/cold.js "$@"
node bench/story.js "$@"
node bench/page.js "$@"
node bench/load.js
node bench/scale.js
node bench/fuzz.js
node bench/model-files.js
bash scripts/bench-lighthouse.sh
