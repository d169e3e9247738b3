#!/usr/bin/env bash
# Builds the package's WebAssembly module, dist/posenc-wasm.{js,wasm}, with Debian's Emscripten.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's em++ runs JS tools that need acorn & co. from the system's node modules.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DPOSENC_BUILD_TESTS=OFF >/dev/null
cmake --build build/wasm -j"$(nproc)"
# The inline and custom-element entry points, generated from the module just built.
node scripts/build-package.js
