#!/usr/bin/env bash
# npm run test:sanitize: the package's JS tests (tests/js/, the hostile-call table included) on the
# WebAssembly module built with ASan + UBSan (-fno-sanitize-recover=all: a report aborts the call,
# and the test that made it fails). Every module of the package is loaded from the sanitized copy
# (tests/sanitize/redirect.js, in NODE_OPTIONS so child processes get it too). Any sanitizer
# report in the output fails the run even if a test swallowed the abort. About 3 minutes; not in
# npm test (its budget), run before every release (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
bash scripts/build-wasm.sh sanitize
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
POSENC_SANITIZE=1 NODE_OPTIONS="--import=$PWD/tests/sanitize/redirect.js${NODE_OPTIONS:+ $NODE_OPTIONS}" \
  node --test tests/js/ 2>&1 | tee "$log" || status=$?
reports=$(grep -cE 'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:' "$log" || true)
echo "sanitizer reports: $reports"
[ "$reports" -eq 0 ] && exit $status
exit 1
