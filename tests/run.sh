#!/usr/bin/env bash
# The README's test command runs this (make test): Criterion unit tests, then the end-to-end
# tests; the last line sums both as "N passed, M failed" (skipped tests are never counted as
# passed). Exit status 0 only if nothing failed.
set -u
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== unit tests (Criterion)"
bin/unit-tests --jobs 2 2>&1 | tee "$log"
unit_rc=${PIPESTATUS[0]}
synth=$(grep "Synthesis:" "$log" | tail -1)
u_tested=$(sed -n 's/.*Tested: \([0-9]*\).*/\1/p' <<<"$synth")
u_pass=$(sed -n 's/.*Passing: \([0-9]*\).*/\1/p' <<<"$synth")
u_tested=${u_tested:-0}
u_pass=${u_pass:-0}
u_fail=$((u_tested - u_pass))
[ "$unit_rc" -ne 0 ] && [ "$u_fail" -eq 0 ] && u_fail=1

echo "== end-to-end tests"
/usr/bin/python3 tests/e2e/test_e2e.py 2>&1 | tee "$log"
e2e_rc=${PIPESTATUS[0]}
line=$(grep "^e2e:" "$log" | tail -1)
e_pass=$(sed -n 's/^e2e: \([0-9]*\) passed.*/\1/p' <<<"$line")
e_fail=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$line")
e_skip=$(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' <<<"$line")
e_pass=${e_pass:-0}
e_fail=${e_fail:-0}
e_skip=${e_skip:-0}
[ "$e2e_rc" -ne 0 ] && [ "$e_fail" -eq 0 ] && e_fail=1

echo "unit: $u_pass passed, $u_fail failed; e2e: $e_pass passed, $e_fail failed, $e_skip skipped"
echo "$((u_pass + e_pass)) passed, $((u_fail + e_fail)) failed"
[ $((u_fail + e_fail)) -eq 0 ]
