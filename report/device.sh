#!/usr/bin/env bash
# The full benchmark on the device machine in one call of under 10 minutes: builds, runs the
# full matrix (`make bench MATRIX=full`, report/bench.py) within a time budget, rewrites the
# repository's report (`make report`: report/REPORT.md, its plots and pages, the README's
# results block) and packs them with the results into $OUT/bench-report.tgz (unpack it at the
# repository root: `tar xzf bench-report.tgz`).
# Resumable: with the results file back in the working tree, the same call finishes a matrix
# that the budget cut.
# usage: report/device.sh [RESULTS]     (default report/results/DATE-device-full.jsonl, UTC date)
#   TOTAL_S     seconds the whole call may take (default 540; a call is cut at 600)
#   MATRIX      another matrix of report/matrices.py (default full)
#   BENCH_ARGS  more options of report/bench.py (e.g. --graphs rmat22,sparse-large)
#   MST_COMMIT  the commit to record (set it: the copy's .git may be missing or stale; the
#               solver sources' hash is recorded anyway, and resuming goes by it)
set -uo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
results=${1:-report/results/$(date -u +%F)-device-full.jsonl}
# A solver that does not build is skipped by the bench (with the reason), not the whole call.
make -s -k -j"$(nproc)" all || echo "device.sh: some targets did not build" >&2
# Keep room for the report (~30 s) and for one run started just before the budget ends (its
# timeout, 60 s in the full matrix).
budget=$(( ${TOTAL_S:-540} - (SECONDS - start) - 90 ))
echo "device.sh: built in $((SECONDS - start)) s; bench budget ${budget} s; results -> $results"
make -s bench MATRIX="${MATRIX:-full}" RESULTS="$results" \
     BENCH_ARGS="--budget-s $budget ${BENCH_ARGS:-}"
rc=$?
make -s report
tar czf "${OUT:-.}/bench-report.tgz" "$results" report/REPORT.md report/plots report/details \
    README.md
echo "device.sh: $((SECONDS - start)) s in all; packed ${OUT:-.}/bench-report.tgz"
exit $rc
