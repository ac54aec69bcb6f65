#!/usr/bin/env bash
# The README's test command runs this (make test, after building everything): Criterion unit
# tests, then the end-to-end tests (tests/e2e/test_e2e.py runs every tests/e2e/test_*.py). One
# line per suite, then the last line sums both as "N passed, M failed, K skipped" (a skipped test
# is never counted as passed; the only skips are for hardware or software this machine lacks,
# such as a GPU). Exit status 0 only if nothing failed.
set -u
cd "$(dirname "$0")/.."
log=$(mktemp)
json=$(mktemp)
trap 'rm -f "$log" "$json"' EXIT

echo "== unit tests (Criterion)"
# Criterion's own summary line leaves skipped tests out: its JSON report counts them.
bin/unit-tests --jobs 2 --json="$json" 2>&1
unit_rc=$?
read -r u_pass u_fail u_skip < <(/usr/bin/python3 -c '
import json, sys
try:
    r = json.load(open(sys.argv[1]))
    print(r["passed"], r["failed"], r["skipped"])
except (OSError, ValueError, KeyError):
    print(0, 1, 0)  # no readable report: count it as a failure' "$json")
# A crash of the runner itself, or a failure its report does not show, still counts.
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

echo "unit: $u_pass passed, $u_fail failed, $u_skip skipped;" \
     "e2e: $e_pass passed, $e_fail failed, $e_skip skipped"
echo "$((u_pass + e_pass)) passed, $((u_fail + e_fail)) failed, $((u_skip + e_skip)) skipped"
[ $((u_fail + e_fail)) -eq 0 ]
