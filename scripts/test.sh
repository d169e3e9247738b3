#!/usr/bin/env bash
# Every test, nothing random (a seeded test fixes its seed), in two lanes on the machine's cores:
#   the native lane, beside the rest, its output in build/test-logs/: the
#     Catch2 suite under ctest, plain and under ASan + UBSan, then the libFuzzer corpus and
#     regression inputs replayed (random rounds: npm run fuzz);
#   the main lane, its output here: the WebAssembly build, the JS tests of the package, the
#     browser tests (the page and the elements in Chromium, seeded fuzzes of the URL state, the
#     attributes and the config box among them; the built site in Chromium, Firefox and WebKit;
#     the packed package in consumers' projects), the page under load, a post built by Hugo.
# Test files run two at a time (browser files three), a line each as it ends (scripts/run-tests.js). Longer runs are
# their own scripts: npm run test:sanitize, npm run soak (docs/testing.md).
# The run has a temp directory of its own (TMPDIR=posenc-run-XXXXXX in the temp directory) and a
# short one for the browsers' profiles and sockets (POSENC_BROWSER_TEMP=/tmp/posenc-XXXXXX). It
# ends with "nothing left behind" (both empty, no process of the run still running), a
# table of the stages and their seconds (also when a stage fails, on Ctrl-C or SIGTERM) and the
# count of tests passed and failed over all stages.
set -euo pipefail
set -m  # each stage and the native lane a job of its own (a process group): a signal stops all of it
cd "$(dirname "$0")/.."
jobs=$(nproc)
files=$(( jobs < 2 ? 1 : 2 ))  # test files at once: each keeps about one core busy (a browser and its page)
# Browser files one more at once: each waits on its pages part of the time (frames, timers, a
# WebDriver round trip): at two on two cores the CPU was 7 % idle over the browser stage.
browser_files=$(( files + 1 ))
logs=build/test-logs
rm -rf "$logs" && mkdir -p "$logs"
: > "$logs/stages"
# A temp directory for this run alone: what is in it at the end was left behind by this run (a
# soak or another run beside it has its own).
run_temp=$(mktemp -d "${TMPDIR:-/tmp}/posenc-run-XXXXXX")
export TMPDIR=$run_temp
# The browsers' profiles and sockets at a short path of the run's own, whatever TMPDIR is: a Unix
# socket's path holds at most 107 bytes, and Chromium's is $TMPDIR/org.chromium.Chromium.XXXXXX/
# SingletonSocket (tests/temp.js browserDir).
browser_temp=$(mktemp -d /tmp/posenc-XXXXXX 2>/dev/null || mktemp -d "$run_temp/b-XXXXXX")
export POSENC_BROWSER_TEMP=$browser_temp
# Every process this run starts carries POSENC_TEST_RUN in its environment (browsers, drivers,
# Xvfb, servers, Hugo: the launchers pass the environment on): what still carries it at the end,
# outside this script's own tree of processes, was left behind.
export POSENC_TEST_RUN="$$-$(date +%s%N)"
started=$SECONDS
stage_pid= native_pid= tail_pid= current= speed=

# record NAME SECONDS STATUS
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$logs/stages"; }

# stage NAME COMMAND...: the main lane's stages, their output here (and in main.log, counted),
# a job the script waits for (a signal to the script alone interrupts the wait, not the stage).
stage() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  current="$name	$start"
  { "$@" < /dev/null 2>&1 | tee -i -a "$logs/main.log"; } &  # stdin: a job reading the terminal would be stopped
  stage_pid=$!
  wait "$stage_pid" || status=$?
  stage_pid= current=
  record "$name" $((SECONDS - start)) "$([ $status -eq 0 ] && echo ok || echo failed)"
  return $status
}

# beside NAME LOG COMMAND...: the native lane's stages, their output in LOG; a line when each
# ends, and the log's end when it fails.
beside() {
  local name=$1 log=$logs/$2.log start=$SECONDS status=0
  shift 2
  echo "== $name: started beside the rest ($log)"
  printf '%s (beside)\t%s\n' "$name" "$start" > "$logs/native-current"
  "$@" > "$log" 2>&1 || status=$?
  rm -f "$logs/native-current"
  if [ $status -eq 0 ]; then
    echo "== $name: passed in $((SECONDS - start)) s ($(grep -Eo '[0-9]+ tests? failed out of [0-9]+|[0-9]+ inputs replayed' "$log" | tail -1))"
    record "$name (beside)" $((SECONDS - start)) ok
  else
    echo "== $name: FAILED after $((SECONDS - start)) s; the end of $log:"
    tail -60 "$log" | sed 's/^/    | /'
    record "$name (beside)" $((SECONDS - start)) failed
  fi
  return $status
}

# native DIR CMAKE-OPTIONS...: configure, build and run the Catch2 suite in build/DIR. Each step
# fails the stage (set -e is off inside beside, called in an && list).
native() {
  cmake -S . -B "build/$1" -DPOSENC_BUILD_BENCH=OFF "${@:2}" >/dev/null \
    && cmake --build "build/$1" -j"$jobs" \
    && ctest --test-dir "build/$1" --output-on-failure -j"$jobs"
}
native_lane() {
  # At the same priority as the main lane: at nice 10, beside two busy loops (a loaded machine),
  # the compilers got a tenth of a core and the plain native tests alone took 1242 s.
  beside "native tests (ctest)" native native plain -DCMAKE_BUILD_TYPE=Release \
    && beside "native tests under ASan + UBSan (ctest)" native-sanitize native sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DPOSENC_SANITIZE=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO='-O0 -g1 -DNDEBUG' \
    && beside "fuzz corpus and regressions replayed (libFuzzer)" fuzz bash scripts/fuzz.sh replay
}

# stop SIGNAL: the jobs still running get it (run-tests.js passes it to each test file, whose
# browsers close), and the script waits for them.
stop() {
  local job
  for job in "$stage_pid" "$native_pid"; do
    [ -n "$job" ] && kill -s "$1" -- -"$job" 2>/dev/null || true
  done
  for job in "$stage_pid" "$native_pid"; do
    [ -n "$job" ] && wait "$job" 2>/dev/null || true
  done
}
on_signal() {
  set +e
  trap '' INT TERM HUP  # npm passes Ctrl-C on as well: once is enough
  echo
  echo "== $1: stopping"
  stop "$1"
  exit "$2"
}

table() {
  local status=$? name start cut
  set +e  # the table and the clean-up always run to the end
  trap - EXIT
  trap '' INT TERM HUP
  stop TERM
  [ -n "$tail_pid" ] && kill "$tail_pid" 2>/dev/null
  # The stages a signal or a failure cut short.
  for cut in "$current" "$(cat "$logs/native-current" 2>/dev/null)"; do
    [ -n "$cut" ] || continue
    IFS=$'\t' read -r name start <<< "$cut"
    record "$name" $((SECONDS - start)) interrupted
  done
  echo
  echo "| stage                                                          | s     |"
  echo "|----------------------------------------------------------------|-------|"
  while IFS=$'\t' read -r name seconds result; do
    [ "$result" = ok ] || name="$name ($result)"
    printf '| %-62s | %5d |\n' "$name" "$seconds"
  done < "$logs/stages"
  printf '| %-62s | %5d |\n' "total (the native lane ran beside the main lane)" $((SECONDS - started))
  echo "machine speed at the start: a fixed loop took ${speed:-?} ms (lower is faster)"
  # "100% tests passed, 0 tests failed out of 44" (ctest); "117 passed, 0 failed" (run-tests.js,
  # test:blogs, the last stage)
  cat "$logs"/*.log | awk '/tests passed, [0-9]+ tests? failed out of/ { f += $4; p += $NF - $4 }
       /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
       END { printf "tests: %d passed, %d failed\n", p, f }'
  rm -rf "$run_temp" "$browser_temp"
  exit "$status"
}
trap table EXIT
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
trap 'on_signal HUP 129' HUP

# descends PID: PID is gone, or is this script or one of its processes (a leftover has been
# adopted by init).
descends() {
  local pid=$1
  while [ "${pid:-1}" -gt 1 ]; do
    [ "$pid" -eq $$ ] && return 0
    pid=$(ps -o ppid= -p "$pid" 2>/dev/null | tr -d ' ') || return 0
  done
  return 1
}
# Nothing left behind: the run's temp directory empty, no process of the run still running (a
# zombie has no environment left to read).
left_behind() {
  local left environ pid running=()
  left=$( (cd "$run_temp" && find . -mindepth 1 -maxdepth 2 \( -path "./${browser_temp##*/}" -prune \) -o -print | sed 's|^\./||'; \
    cd "$browser_temp" && find . -mindepth 1 -maxdepth 2 | sed "s|^\./|$browser_temp/|") | sort)
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/} pid=${pid%/environ}
    grep -qxz "POSENC_TEST_RUN=$POSENC_TEST_RUN" "$environ" 2>/dev/null || continue
    descends "$pid" || running+=("$pid")
  done
  if [ -z "$left" ] && [ ${#running[@]} -eq 0 ]; then
    echo "nothing left in the run's temp directory, no process of this run left running"
    echo "1 passed, 0 failed"
    return 0
  fi
  [ -n "$left" ] && { echo "left in the temp directory:"; echo "$left" | sed 's/^/  /'; }
  [ ${#running[@]} -gt 0 ] && { echo "still running:"; ps -o pid=,args= -p "${running[*]}" | cut -c1-160 | sed 's/^/  /'; }
  echo "0 passed, 1 failed"
  return 1
}

stage "setup: system packages (apt-get when root)" bash scripts/setup.sh test system
# The machine's speed, before anything else of the run starts: the best of three runs of a fixed
# loop on one core. This machine's hours differ by up to 1.6× in CPU time for the same work
# (docs/testing.md, "Figures"): a slow run with a slow figure here is the machine's.
speed=$(node -e 'let best = Infinity;
  for (let r = 0; r < 3; r++) { const t = performance.now(); let x = 0; for (let i = 0; i < 5e7; i++) x = (x + i * 7) % 1000003; best = Math.min(best, performance.now() - t); }
  console.log(Math.round(best))' 2>/dev/null || echo '?')
echo "== machine speed: a fixed loop took $speed ms (lower is faster)"
: > "$logs/native-lane.out"
native_lane < /dev/null > "$logs/native-lane.out" 2>&1 &
native_pid=$!
tail -n +1 -f "$logs/native-lane.out" --pid "$native_pid" &
tail_pid=$!
disown "$tail_pid"  # no job line when it is stopped
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
mapfile -t js < <(slowest tests/js/{memory,render,story-conventions,package,hostile}.test.js -- tests/js/*.test.js)
stage "JS tests of the package" node scripts/run-tests.js --jobs "$files" "${js[@]}"
# resize.test.js runs inside tmpdir.test.js, under an 80-byte TMPDIR.
# The seeded fuzz and the page under load run with the rest: they assert no time (the longest
# tasks they print are figures of npm run bench, measured there alone).
mapfile -t browser < <(slowest tests/browser/{tmpdir,story,engines,awkward,page,fuzz,awkward-engines,editorial,rope,consumer,perf}.test.js -- \
  $(ls tests/browser/*.test.js | grep -v -e '/resize\.test\.js$'))
# The site built once: each browser test file copies it (scripts/build-site.js, POSENC_BUILT_SITE).
site=$run_temp/site
stage "the demo site, built once for the browser tests" node scripts/build-site.js "$site"
export POSENC_BUILT_SITE=$site
stage "browser: page, elements, 3 engines, consumers, fuzz, load" node scripts/run-tests.js --jobs "$browser_files" "${browser[@]}"
rm -rf "$site"
unset POSENC_BUILT_SITE
# Two of npm run test:blogs's eleven setups (the rest need Jekyll, MkDocs, pandoc, Jupyter and
# the npm engines: minutes of installs on a fresh machine).
stage "blogs: Hugo, raw HTML and shortcode (test:blogs)" bash scripts/test-blogs.sh hugo hugo-shortcode
echo "== waiting for the native lane"
status=0
wait "$native_pid" || status=$?
native_pid=
[ $status -eq 0 ]
stage "nothing left behind (temp directory, processes)" left_behind
