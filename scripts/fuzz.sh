#!/usr/bin/env bash
# Fuzzes the core with libFuzzer (Debian's clang), under ASan + UBSan.
#
#   fuzz.sh replay            every input of tests/fuzz/corpus and tests/fuzz/regressions, once
#                             each, nothing random (what `npm test` runs)
#   fuzz.sh files [ROUNDS] [SEED]  the model-file readers (GGUF, safetensors, .npy): ROUNDS damaged
#                             copies of each fixture (default 2000; npm test runs 60 with seed 48),
#                             seeded (a new seed, printed); `npm run fuzz -- files 5000 1234` reruns one
#   fuzz.sh [SECONDS] [SEED]  a random round (default 60 s, a new seed, printed): `npm run fuzz -- 600`;
#                             the seed starts the same mutations again (`npm run fuzz -- 600 1234`;
#                             a round bounded by time, from a corpus that grew since, may still
#                             go elsewhere: the finding itself is what is kept). A finding is
#                             kept at once as tests/fuzz/regressions/finding-SEED-HASH (fix the bug,
#                             then rename it after what it found); inputs that reach new code are
#                             merged into tests/fuzz/corpus. Commit both.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
if [ "${1:-}" = files ]; then
  rounds=${2:-2000} seed=${3:-$(( $(date +%s%N) % 2147483646 + 1 ))}
  echo "== model-file readers: $rounds damaged copies of each fixture, seed $seed (rerun: npm run fuzz -- files $rounds $seed)"
  exec env ROUNDS="$rounds" SEED="$seed" node --test tests/js/model-files-fuzz.test.js
fi
command -v clang++ >/dev/null || { echo "posenc fuzz: clang++ missing (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }
out=build/fuzz corpus=tests/fuzz/corpus regressions=tests/fuzz/regressions
mkdir -p "$out/findings" "$corpus"
# The replay (npm test) runs each input once: unoptimized, its compile is 13 s of CPU against 22 s
# at -O1, for two seconds more of replay. A fuzzing round runs millions of inputs: -O1. Debug
# information as line tables (-g1): enough for the sanitizers' reports, file and line.
opt=-O1; [ "${1:-}" = replay ] && opt=-O0
clang++ -std=c++17 "$opt" -g1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Isrc \
  tests/fuzz/fuzz_posenc.cpp src/arguments.cpp src/scheme.cpp src/frequencies.cpp src/encoding.cpp src/rotation.cpp \
  src/dot.cpp src/recurrence.cpp src/rope_frequencies.cpp src/rope.cpp src/rope_axes.cpp src/alibi.cpp src/buckets.cpp src/grid.cpp src/toeplitz.cpp -o "$out/fuzz_posenc"

# Files as arguments: libFuzzer runs each one once and exits non-zero on the first failure.
# (With no file it would fuzz instead, without end.)
inputs=("$corpus"/* "$regressions"/*)
[ ${#inputs[@]} -gt 0 ] || { echo "posenc fuzz: no inputs in $corpus or $regressions" >&2; exit 1; }
echo "== replaying ${#inputs[@]} inputs ($(ls "$corpus" | wc -l) corpus, $(ls "$regressions" | wc -l) regression)"
"$out/fuzz_posenc" -artifact_prefix="$out/replay-" "${inputs[@]}" > "$out/replay.log" 2>&1 \
  || { tail -40 "$out/replay.log" >&2; echo "posenc fuzz: an input above fails (log: $out/replay.log)" >&2; exit 1; }
echo "posenc fuzz: ${#inputs[@]} inputs replayed, no failure"
[ "${1:-}" = replay ] && exit 0

seconds=${1:-60}
seed=${2:-$(( $(date +%s%N) % 2147483646 + 1 ))}  # libFuzzer takes seed 0 as "pick one"
echo "== fuzzing for ${seconds}s with seed $seed (rerun: npm run fuzz -- $seconds $seed)"
rm -rf "$out/findings" "$out/new" && mkdir -p "$out/findings" "$out/new"
status=0
"$out/fuzz_posenc" -seed="$seed" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/findings/" \
  "$out/new" "$corpus" "$regressions" > "$out/round.log" 2>&1 || status=$?
grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|==[0-9]+==|SUMMARY|posenc fuzz)" "$out/round.log" || true
# Crashes, leaks, timeouts and out-of-memory inputs are findings (slow-unit-* are not).
for finding in "$out"/findings/{crash,leak,timeout,oom}-*; do
  [ -e "$finding" ] || continue
  kept="$regressions/finding-$seed-$(sha1sum "$finding" | cut -c1-8)"
  cp "$finding" "$kept"
  echo "posenc fuzz: a finding (seed $seed), kept as $kept: fix it, rename it, commit it" >&2
  status=1
done
[ "$status" -eq 0 ] || { tail -40 "$out/round.log" >&2; exit 1; }
before=$(ls "$corpus" | wc -l)
"$out/fuzz_posenc" -merge=1 "$corpus" "$out/new" > "$out/merge.log" 2>&1 \
  || { tail -20 "$out/merge.log" >&2; echo "posenc fuzz: merging into $corpus failed" >&2; exit 1; }
echo "posenc fuzz: no finding; $(( $(ls "$corpus" | wc -l) - before )) new inputs merged into $corpus"
