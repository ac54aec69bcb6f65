#!/usr/bin/env bash
# The README's test command runs this (make test, after building everything): Criterion unit
# tests, the end-to-end tests (tests/e2e/test_e2e.py runs every tests/e2e/test_*.py), the
# sanitizer job (tests/sanitize.sh: the unit tests and malformed inputs under ASan + UBSan, once
# built by gcc and once by clang) and the fuzzing smoke test (tests/fuzz/run.sh). One line per
# suite, then the last line sums them all as "N passed, M failed, K skipped" (a skipped test is
# never counted as passed; the only skips are for hardware or software this machine lacks, such
# as a GPU or a compiler). Exit status 0 only if nothing failed.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
names=()
counts=()

# suite NAME COMMAND...: runs a suite that ends with a "NAME: N passed, ..." line.
suite() {
  local name=$1
  shift
  "$@" 2>&1 | tee "$log"
  line_counts "$name" "$log" "${PIPESTATUS[0]}"
  names+=("$name")
  counts+=("$COUNTS")
}

echo "== unit tests (Criterion)"
unit_counts bin/unit-tests --jobs 2
names+=(unit)
counts+=("$COUNTS")
echo "== end-to-end tests"
suite e2e /usr/bin/python3 tests/e2e/test_e2e.py
for cc in gcc clang; do
  echo "== sanitizers: $cc"
  suite "sanitize-$cc" tests/sanitize.sh "$cc"
done
echo "== fuzzing"
suite fuzz tests/fuzz/run.sh

summary=()
for i in "${!names[@]}"; do
  summary+=("$(counts_line "${names[$i]}" "${counts[$i]}")")
done
(IFS=';'; echo "${summary[*]}" | sed 's/;/; /g')
total=$(counts_line total "${counts[@]}")
echo "${total#total: }"
failed=0
for c in "${counts[@]}"; do
  read -r _ f _ <<<"$c"
  failed=$((failed + f))
done
[ "$failed" -eq 0 ]
