#!/usr/bin/env bash
# The fuzzing smoke test of make test: builds the libFuzzer harnesses (make fuzz: bin/fuzz/) and
# runs each for FUZZ_SECONDS (default 20) from its committed corpus, tests/fuzz/corpus/NAME/,
# FUZZ_JOBS at a time (default: one per core). A crash, a sanitizer report, a broken contract,
# a hang or running out of memory fails that harness; its log and the input that did it are kept
# in the folder the output names (reproduce with `bin/fuzz/fuzz-NAME FILE`). New inputs the run
# finds go to that temporary folder, never into the committed corpus. No clang or no libFuzzer
# is one counted skip. The last line is "fuzz: N passed, M failed, K skipped".
set -u
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-20}
jobs=${FUZZ_JOBS:-$(nproc)}

probe='int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }'
if ! command -v clang >/dev/null ||
   ! clang -x c -fsanitize=fuzzer - -o /dev/null <<<"$probe" 2>/dev/null; then
  echo "fuzz: skipped: clang with libFuzzer is missing (Debian: clang and libclang-rt-dev)"
  echo "fuzz: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/mst-fuzz.XXXXXX")
if ! make -s -j"$(nproc)" fuzz >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log"
  echo "fuzz: the build failed (log: $work/build.log)"
  echo "fuzz: 0 passed, 1 failed, 0 skipped"
  exit 1
fi

# fuzz_one NAME: one harness in $work/NAME/ (log, new inputs, the failing input); its exit
# status is libFuzzer's.
fuzz_one() {
  local dir=$work/$1
  mkdir -p "$dir/found"
  # A small quarantine keeps ASan's memory, which libFuzzer counts against -rss_limit_mb, near
  # what the harness really holds.
  ASAN_OPTIONS=quarantine_size_mb=16 "bin/fuzz/fuzz-$1" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -artifact_prefix="$dir/" -print_final_stats=1 \
      "$dir/found" "tests/fuzz/corpus/$1" >"$dir/log" 2>&1
}

names=()
for d in tests/fuzz/corpus/*/; do
  names+=("$(basename "$d")")
done
for name in "${names[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
    wait -n
  done
  ( fuzz_one "$name"; echo $? >"$work/$name.rc" ) &
done
wait

passed=0 failed=0
for name in "${names[@]}"; do
  dir=$work/$name
  rc=$(cat "$work/$name.rc" 2>/dev/null || echo 1)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
  if [ "$rc" -eq 0 ]; then
    echo "fuzz-$name: ok, ${runs:-?} inputs in ${seconds} s"
    passed=$((passed + 1))
    continue
  fi
  failed=$((failed + 1))
  echo "fuzz-$name: FAILED (exit $rc); log and reproducer kept in $dir/"
  grep -E "^(==[0-9]+== ?ERROR|SUMMARY|fuzz: contract)|runtime error" "$dir/log" | head -n 5
  for f in "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-*; do
    [ -e "$f" ] && echo "  reproduce: bin/fuzz/fuzz-$name $f"
  done
done
# A clean run leaves nothing behind; a failed one keeps its folder for the reproducer.
[ "$failed" -eq 0 ] && rm -rf "$work"
echo "fuzz: $passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
