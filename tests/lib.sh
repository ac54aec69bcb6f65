# Sourced by tests/run.sh, tests/sanitize.sh and tests/fuzz/run.sh: how a suite's results become
# the "NAME: N passed, M failed, K skipped" lines that tests/run.sh adds up. A skipped test is
# never counted as passed, and a suite that exits non-zero without a failure it can count still
# counts one, so that a crash of a runner cannot pass for success.

# unit_counts BINARY [ARGS...]: runs a Criterion test binary (its output goes to stdout) and sets
# COUNTS to "PASSED FAILED SKIPPED" from its JSON report: Criterion's own summary line leaves
# skipped tests out.
unit_counts() {
  local json rc
  json=$(mktemp)
  "$@" --json="$json" 2>&1
  rc=$?
  # shellcheck disable=SC2034  # read by the caller
  COUNTS=$(/usr/bin/python3 -c '
import json, re, sys
try:
    text = open(sys.argv[1]).read()
except OSError:
    text = ""
try:
    r = json.loads(text)
except ValueError:
    # Criterion 2.4 writes a failed assertion message with quotes unescaped: the totals come
    # first, before "test_suites", and are still read.
    head = text.split("\"test_suites\"")[0]
    r = {k: int(v) for k, v in re.findall(r"\"(\w+)\": (\d+)", head)}
if all(k in r for k in ("passed", "failed", "skipped")):
    print(r["passed"], r["failed"] + r.get("errored", 0), r["skipped"])
else:
    print(0, 1, 0)  # no readable report: count it as a failure' "$json")
  rm -f "$json"
  counts_check "$rc"
}

# line_counts NAME LOG RC: sets COUNTS from the last "NAME: N passed, M failed, K skipped" line
# of the file LOG, written by a suite that exited with RC.
line_counts() {
  local line p f s
  line=$(grep "^$1: [0-9]* passed" "$2" | tail -1)
  p=$(sed -n 's/^[^:]*: \([0-9]*\) passed.*/\1/p' <<<"$line")
  f=$(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$line")
  s=$(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' <<<"$line")
  COUNTS="${p:-0} ${f:-0} ${s:-0}"
  counts_check "$3"
}

# counts_check RC: a non-zero exit status with no failure counted is one failure.
counts_check() {
  local p f s
  read -r p f s <<<"$COUNTS"
  [ "$1" -ne 0 ] && [ "$f" -eq 0 ] && f=1
  COUNTS="$p $f $s"
}

# counts_line NAME COUNTS...: prints "NAME: N passed, M failed, K skipped", the sums of the
# "P F S" triples given.
counts_line() {
  local name=$1 p=0 f=0 s=0 a b c
  shift
  for triple in "$@"; do
    read -r a b c <<<"$triple"
    p=$((p + a)) f=$((f + b)) s=$((s + c))
  done
  echo "$name: $p passed, $f failed, $s skipped"
}
