#!/usr/bin/env bash
# Builds the package's WebAssembly module, dist/posenc-wasm.{js,wasm}, with Debian's Emscripten,
# and the entry points generated from it (scripts/build-package.js).
#   bash scripts/build-wasm.sh            the package's build, in dist/
#   bash scripts/build-wasm.sh sanitize   under ASan + UBSan (npm run test:sanitize)
#   bash scripts/build-wasm.sh scalar     without -msimd128 (npm run soak compares it)
# A variant is a copy of the package in build/<variant>/package/ (package.json, js/, dist/), so
# the package's own tests and pages run on it unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's em++ runs JS tools that need acorn & co. from the system's node modules.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
variant=${1:-package}
case $variant in
  package) package=. dir=build/wasm flags=() ;;
  sanitize) package=build/sanitize/package dir=build/wasm-sanitize flags=(-DPOSENC_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo) ;;
  scalar) package=build/scalar/package dir=build/wasm-scalar flags=(-DPOSENC_SIMD=OFF) ;;
  *) echo "build-wasm.sh: no variant \"$variant\" (package, sanitize, scalar)" >&2; exit 2 ;;
esac
if [ "$variant" != package ]; then
  rm -rf "$package" && mkdir -p "$package/dist"
  cp -r package.json js "$package/"
fi
emcmake cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DPOSENC_BUILD_TESTS=OFF \
  -DPOSENC_WASM_DIR="$PWD/$package/dist" "${flags[@]}" >/dev/null
cmake --build "$dir" -j"$(nproc)"
node scripts/build-package.js "$package"
