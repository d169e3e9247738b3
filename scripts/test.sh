#!/usr/bin/env bash
# Every test: the native Catch2 suite (plain and under ASan + UBSan) under ctest, a short
# libFuzzer round, then the WebAssembly build, the JS tests of the package and the browser
# tests of the demo page (Debian's Chromium) under node's test runner.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
jobs=$(nproc)

echo "== native tests (ctest)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$jobs"
ctest --test-dir build/native --output-on-failure -j"$jobs"

echo "== native tests under AddressSanitizer + UndefinedBehaviorSanitizer (ctest)"
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPOSENC_SANITIZE=ON >/dev/null
cmake --build build/sanitize -j"$jobs"
ctest --test-dir build/sanitize --output-on-failure -j"$jobs"

echo "== fuzzing the core (libFuzzer + ASan/UBSan): regression inputs, then 15 s"
bash scripts/fuzz.sh 15

echo "== WebAssembly build"
bash scripts/build-wasm.sh

echo "== JS tests of the package and browser tests of the page (node --test)"
node --test tests/js/ tests/browser/
