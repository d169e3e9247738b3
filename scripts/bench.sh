#!/usr/bin/env bash
# npm run bench: builds the wasm module and the native core (Release: -O3, no -march, so
# SSE2 and no AVX), then times both against plain JS in bench/run.js.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bash scripts/build-wasm.sh
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target posenc_bench
node bench/run.js "$@"
node bench/story.js "$@"
