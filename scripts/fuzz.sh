#!/usr/bin/env bash
# Fuzzes the core with libFuzzer (Debian's clang), under ASan + UBSan, for N seconds (default
# 60): `npm run fuzz -- 600`. Inputs that once failed live in tests/fuzz/regressions and are
# replayed first; new findings are written to build/fuzz/findings/ (add them to regressions/
# once fixed). The test command runs a short round of this.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
command -v clang++ >/dev/null || { echo "posenc fuzz: clang++ missing (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }
out=build/fuzz
mkdir -p "$out/corpus" "$out/findings"
clang++ -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Isrc \
  tests/fuzz/fuzz_posenc.cpp src/arguments.cpp src/scheme.cpp src/frequencies.cpp src/encoding.cpp src/rotation.cpp \
  src/dot.cpp src/recurrence.cpp src/rope_frequencies.cpp src/rope.cpp -o "$out/fuzz_posenc"
echo "== replaying $(ls tests/fuzz/regressions | wc -l) regression inputs"
"$out/fuzz_posenc" -runs=0 tests/fuzz/regressions/* 2>&1 | tail -1
echo "== fuzzing for ${seconds}s"
"$out/fuzz_posenc" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/findings/" \
  "$out/corpus" tests/fuzz/regressions 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|==|SUMMARY|posenc fuzz)" || true
test -z "$(ls -A "$out/findings")" || { echo "posenc fuzz: findings in $out/findings" >&2; exit 1; }
