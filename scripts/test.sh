#!/usr/bin/env bash
# Every test, nothing random (a seeded test fixes its seed): the native Catch2 suite (plain and
# under ASan + UBSan) under ctest, the libFuzzer corpus and regression inputs replayed (random
# rounds: npm run fuzz), then the WebAssembly build, the JS tests of the package and the browser
# tests under node's test runner: the page and the elements (Chromium; a seeded fuzz of the URL
# state, the attributes and the config box among them), the built site in Chromium, Firefox and
# WebKit, the packed package in consumers' projects, the page under load; a post built by Hugo.
# Longer runs are their own scripts: npm run test:sanitize, npm run soak (docs/testing.md).
# Ends with a table of the stages and their seconds (also when a stage fails) and the count of
# tests passed and failed over all stages (ctest's and node's test runner's summaries).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
stages=()
log=$(mktemp)

# stage NAME COMMAND...: runs the command, timed, and records it for the closing table.
stage() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  current=$name
  "$@" 2>&1 | tee -a "$log"
  stages+=("$(printf '| %-52s | %5d |' "$name" $((SECONDS - start)))")
  current=
}
table() {
  local status=$?
  echo
  echo "| stage                                                | s     |"
  echo "|------------------------------------------------------|-------|"
  [ ${#stages[@]} -gt 0 ] && printf '%s\n' "${stages[@]}"
  [ -n "${current:-}" ] && printf '| %-52s | %5s |\n' "$current (failed)" "-"
  printf '| %-52s | %5d |\n' "total" "$SECONDS"
  # "100% tests passed, 0 tests failed out of 44" (ctest); "# pass 28", "# fail 0" (node --test);
  # "22 passed, 0 failed" (test:blogs)
  awk '/tests passed, [0-9]+ tests? failed out of/ { f += $4; p += $NF - $4 }
       /^# pass [0-9]+$/ { p += $3 } /^# fail [0-9]+$/ { f += $3 }
       /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
       END { printf "tests: %d passed, %d failed\n", p, f }' "$log"
  rm -f "$log"
  exit $status
}
trap table EXIT

native() {
  cmake -S . -B "build/$1" "${@:2}" >/dev/null
  cmake --build "build/$1" -j"$jobs"
  ctest --test-dir "build/$1" --output-on-failure -j"$jobs"
}

stage "setup (apt-get when root, npm ci)" bash scripts/setup.sh test
stage "native tests (ctest)" native native -DCMAKE_BUILD_TYPE=Release
stage "native tests under ASan + UBSan (ctest)" native sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPOSENC_SANITIZE=ON
stage "fuzz corpus and regressions replayed (libFuzzer)" bash scripts/fuzz.sh replay
stage "WebAssembly build" bash scripts/build-wasm.sh
stage "JS tests of the package" node --test tests/js/
# Every other browser test file (the page, the elements, ...) in one stage.
rest=()
for file in tests/browser/*.test.js; do
  case $(basename "$file") in engines.test.js|consumer.test.js|perf.test.js) ;; *) rest+=("$file") ;; esac
done
stage "browser: page and elements (Chromium)" node --test "${rest[@]}"
stage "browser: site in Chromium, Firefox, WebKit" node --test tests/browser/engines.test.js
stage "browser: consumers (Node, TS, bundlers, 3 engines)" node --test tests/browser/consumer.test.js
stage "browser: page under load (bounds only)" node --test tests/browser/perf.test.js
# Two of npm run test:blogs's eleven setups (the rest need Jekyll, MkDocs, pandoc, Jupyter and
# the npm engines: minutes of installs on a fresh machine).
stage "blogs: Hugo, raw HTML and shortcode (test:blogs)" bash scripts/test-blogs.sh hugo hugo-shortcode
