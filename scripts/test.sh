#!/usr/bin/env bash
# Every test, nothing random (a seeded test fixes its seed), in two lanes on the machine's cores:
#   the native lane, beside the rest at a lower priority, its output in build/test-logs/: the
#     Catch2 suite under ctest, plain and under ASan + UBSan, then the libFuzzer corpus and
#     regression inputs replayed (random rounds: npm run fuzz);
#   the main lane, its output here: the WebAssembly build, the JS tests of the package, the
#     browser tests (the page and the elements in Chromium, seeded fuzzes of the URL state, the
#     attributes and the config box among them; the built site in Chromium, Firefox and WebKit;
#     the packed package in consumers' projects), the page under load, a post built by Hugo.
# Test files run two at a time, a line each as it ends (scripts/run-tests.js). Longer runs are
# their own scripts: npm run test:sanitize, npm run soak (docs/testing.md).
# Ends with "nothing left behind" (no new posenc-* entry in the temp directory, no process it
# started left running), a table of the stages and their seconds (also when a stage fails or on
# Ctrl-C) and the count of tests passed and failed over all stages.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
files=$(( jobs < 2 ? 1 : 2 ))  # test files at once: each keeps about one core busy (a browser and its page)
logs=build/test-logs
rm -rf "$logs" && mkdir -p "$logs"
: > "$logs/stages"
temp=${TMPDIR:-/tmp}
left_before=$(ls -A "$temp" | grep '^posenc-' || true)
# Every process this run starts carries POSENC_TEST_RUN in its environment (browsers, drivers,
# Xvfb, servers, Hugo: the launchers pass the environment on): what still carries it at the end,
# outside this script's own tree of processes, was left behind.
export POSENC_TEST_RUN="$$-$(date +%s%N)"
started=$SECONDS

# record NAME SECONDS STATUS
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$logs/stages"; }

# stage NAME COMMAND...: the main lane's stages, their output here (and in main.log, counted).
stage() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  if "$@" 2>&1 | tee -a "$logs/main.log"; then
    record "$name" $((SECONDS - start)) ok
  else
    record "$name" $((SECONDS - start)) failed
    return 1
  fi
}

# beside NAME LOG COMMAND...: the native lane's stages, their output in LOG; a line when each
# ends, and the log's end when it fails.
beside() {
  local name=$1 log=$logs/$2.log start=$SECONDS
  shift 2
  echo "== $name: started beside the rest ($log)"
  if "$@" > "$log" 2>&1; then
    echo "== $name: passed in $((SECONDS - start)) s ($(grep -Eo '[0-9]+ tests? failed out of [0-9]+|[0-9]+ inputs replayed' "$log" | tail -1))"
    record "$name (beside)" $((SECONDS - start)) ok
  else
    echo "== $name: FAILED after $((SECONDS - start)) s; the end of $log:"
    tail -60 "$log" | sed 's/^/    | /'
    record "$name (beside)" $((SECONDS - start)) failed
    return 1
  fi
}

native() {
  cmake -S . -B "build/$1" "${@:2}" >/dev/null
  cmake --build "build/$1" -j"$jobs"
  ctest --test-dir "build/$1" --output-on-failure -j"$jobs"
}
native_lane() {
  renice -n 10 -p "$BASHPID" >/dev/null  # the main lane's browsers first; the compilers take what is left
  beside "native tests (ctest)" native native -DCMAKE_BUILD_TYPE=Release \
    && beside "native tests under ASan + UBSan (ctest)" native-sanitize native sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPOSENC_SANITIZE=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO='-O1 -g' \
    && beside "fuzz corpus and regressions replayed (libFuzzer)" fuzz bash scripts/fuzz.sh replay
}

# kill_tree PID: PID and everything it started.
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

table() {
  local status=$?
  trap - EXIT INT TERM
  [ -n "${native_pid:-}" ] && kill -0 "$native_pid" 2>/dev/null && kill_tree "$native_pid"
  echo
  echo "| stage                                                          | s     |"
  echo "|----------------------------------------------------------------|-------|"
  while IFS=$'\t' read -r name seconds result; do
    [ "$result" = ok ] || name="$name ($result)"
    printf '| %-62s | %5d |\n' "$name" "$seconds"
  done < "$logs/stages"
  printf '| %-62s | %5d |\n' "total (the native lane ran beside the main lane)" $((SECONDS - started))
  # "100% tests passed, 0 tests failed out of 44" (ctest); "117 passed, 0 failed" (run-tests.js,
  # test:blogs, the last stage)
  cat "$logs"/*.log | awk '/tests passed, [0-9]+ tests? failed out of/ { f += $4; p += $NF - $4 }
       /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
       END { printf "tests: %d passed, %d failed\n", p, f }'
  exit "$status"
}
trap table EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# descends PID: PID is this script or one of its processes (a leftover has been adopted by init).
descends() {
  local pid=$1
  while [ "${pid:-1}" -gt 1 ]; do
    [ "$pid" -eq $$ ] && return 0
    pid=$(ps -o ppid= -p "$pid" 2>/dev/null | tr -d ' ')
  done
  return 1
}
# Nothing left behind: no posenc-* entry in the temp directory that was not there before, no
# process of this run still running (a zombie has no environment left to read).
left_behind() {
  local left environ pid running=()
  left=$(comm -13 <(echo "$left_before") <(ls -A "$temp" | grep '^posenc-' || true))
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/} pid=${pid%/environ}
    grep -qxz "POSENC_TEST_RUN=$POSENC_TEST_RUN" "$environ" 2>/dev/null || continue
    descends "$pid" || running+=("$pid")
  done
  if [ -z "$left" ] && [ ${#running[@]} -eq 0 ]; then
    echo "nothing left in $temp, no process of this run left running"
    echo "1 passed, 0 failed"
    return 0
  fi
  [ -n "$left" ] && { echo "left in $temp:"; echo "$left" | sed 's/^/  /'; }
  [ ${#running[@]} -gt 0 ] && { echo "still running:"; ps -o pid=,args= -p "${running[*]}" | cut -c1-160 | sed 's/^/  /'; }
  echo "0 passed, 1 failed"
  return 1
}

stage "setup: system packages (apt-get when root)" bash scripts/setup.sh test system
: > "$logs/native-lane.out"
native_lane > "$logs/native-lane.out" 2>&1 &
native_pid=$!
tail -n +1 -f "$logs/native-lane.out" --pid "$native_pid" &
stage "setup: npm dependencies (npm ci)" bash scripts/setup.sh npm
stage "WebAssembly build" bash scripts/build-wasm.sh
# slowest FIRST... REST...: the files of REST, those of FIRST first (two at a time, the slow ones
# started first finish together; later runs order by build/test-times.json).
slowest() {
  local first=() rest=() file f
  while [ "$1" != -- ]; do first+=("$1"); shift; done
  shift
  for file in "$@"; do
    for f in "${first[@]}"; do [ "$f" = "$file" ] && continue 2; done
    rest+=("$file")
  done
  printf '%s\n' "${first[@]}" "${rest[@]}"
}
mapfile -t js < <(slowest tests/js/{types,memory,render,story-conventions,package}.test.js -- tests/js/*.test.js)
stage "JS tests of the package" node scripts/run-tests.js --jobs "$files" "${js[@]}"
# The page under load runs alone, after the others.
mapfile -t browser < <(slowest tests/browser/{story,engines,fuzz,awkward,awkward-engines,page,rope,consumer,intro}.test.js -- \
  $(ls tests/browser/*.test.js | grep -v '/perf\.test\.js$'))
stage "browser: page, elements, site in 3 engines, consumers" node scripts/run-tests.js --jobs "$files" "${browser[@]}"
stage "browser: page under load (bounds only)" node scripts/run-tests.js tests/browser/perf.test.js
# Two of npm run test:blogs's eleven setups (the rest need Jekyll, MkDocs, pandoc, Jupyter and
# the npm engines: minutes of installs on a fresh machine).
stage "blogs: Hugo, raw HTML and shortcode (test:blogs)" bash scripts/test-blogs.sh hugo hugo-shortcode
echo "== waiting for the native lane"
wait "$native_pid"
native_pid=
stage "nothing left behind (temp directory, processes)" left_behind
