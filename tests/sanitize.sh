#!/usr/bin/env bash
# The sanitizer job of make test, for one compiler:
#   tests/sanitize.sh gcc|clang
# builds the unit tests, mst-seq and mst-verify with AddressSanitizer + UndefinedBehaviorSanitizer
# (make sanitize-CC: build/asan-CC, bin/asan-CC), runs the unit tests, then the malformed inputs
# of tests/sanitize_inputs.py. A sanitizer report fails the test it happens in: undefined
# behaviour aborts (-fno-sanitize-recover), leaks are reported at exit. The last line is
# "sanitize-CC: N passed, M failed, K skipped"; a compiler this machine lacks is one skip.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
cc=${1:?usage: tests/sanitize.sh gcc|clang}
name=sanitize-$cc
if ! command -v "$cc" >/dev/null; then
  echo "$name: skipped: no $cc on this machine"
  echo "$name: 0 passed, 0 failed, 1 skipped"
  exit 0
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! make -s -j"$(nproc)" "$name" >"$log" 2>&1; then
  tail -n 40 "$log"
  echo "$name: the build failed"
  echo "$name: 0 passed, 1 failed, 0 skipped"
  exit 1
fi
# The same settings as tests/sanitize_inputs.py: a report exits 86 (ASan) or 87 (UBSan); a
# failed allocation returns NULL as malloc does, so that the code's own checks are tested.
export ASAN_OPTIONS=exitcode=86:allocator_may_return_null=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:exitcode=87:print_stacktrace=1
echo "== $name: unit tests"
unit_counts "bin/asan-$cc/unit-tests" --jobs "$(nproc)"
unit=$COUNTS
echo "== $name: malformed inputs"
/usr/bin/python3 tests/sanitize_inputs.py "bin/asan-$cc" 2>&1 | tee "$log"
line_counts inputs "$log" "${PIPESTATUS[0]}"
inputs=$COUNTS
counts_line "$name" "$unit" "$inputs"
read -r _ f1 _ <<<"$unit"
read -r _ f2 _ <<<"$inputs"
[ $((f1 + f2)) -eq 0 ]
