#!/usr/bin/env bash
# Repeated MSF on the device machine (issue 20; Ma and Wan, section 4): builds the solvers,
# checks --rounds on a small graph for mst-omp and every mst-cuda variant (each round's forest
# against mst-seq's), then runs the `rounds` matrix of report/matrices.py: Ma and Wan's
# families at 2^18 vertices, complete-2e12 and the mixed sparse/dense R-MAT workload, 10 rounds
# of new random weights per run, every mst-omp (16 threads) and mst-cuda variant with its
# prepared path where it has one. Under 4 minutes on an H100 or H200 with 16 cores.
# usage: report/device-rounds.sh [RESULTS]   (from the repository root; default
#        report/results/DATE-device-rounds.jsonl; copy it back, then make report)
set -u
results=${1:-report/results/$(date -u +%F)-device-rounds.jsonl}
t0=$(date +%s)
make -s -j16 bin/mst-seq bin/mst-omp bin/mst-cuda bin/mst-gen bin/mst-verify 2>&1 | tail -3
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "build: $(( $(date +%s) - t0 )) s"
# The correctness check first: every round of every variant equals mst-seq's (small graph).
bin/mst-gen preset rmat-medium --quiet -o /tmp/rounds-check.msb
for r in 1 2 3; do
  bin/mst-seq --trials 1 --weights random --seed $((1 + r)) --output /tmp/rounds-seq.$r \
    /tmp/rounds-check.msb >/dev/null
done
check() {
  "$@" --trials 1 --rounds 3 --weights random --output /tmp/rounds-out /tmp/rounds-check.msb \
    --json > /tmp/rounds-check.json || { echo "FAILED: $*"; return; }
  for r in 1 2 3; do
    cmp -s <(grep -v '^#' /tmp/rounds-seq.$r) <(grep -v '^#' /tmp/rounds-out.$r) ||
      { echo "DIFFERS in round $r: $*"; return; }
  done
  echo "ok: $* (prepared: $(grep -o '"prepared":[a-z]*' /tmp/rounds-check.json))"
}
for v in $(bin/mst-omp --describe | python3 -c "import json,sys; print(' '.join(x['name'] for x in json.load(sys.stdin)['variants']))"); do
  check bin/mst-omp -t 16 --algo "$v"
done
for v in $(bin/mst-cuda --describe | python3 -c "import json,sys; print(' '.join(x['name'] for x in json.load(sys.stdin)['variants']))"); do
  check bin/mst-cuda --algo "$v"
done
echo "checks: $(( $(date +%s) - t0 )) s"
# bench.py starts no run after --budget-s (resumable: the same command goes on); the hybrid
# variants' CPU side takes its threads from OpenMP
left=$(( 205 - ($(date +%s) - t0) ))
OMP_NUM_THREADS=16 timeout $(( left + 30 )) \
  python3 report/bench.py --matrix rounds --results "$results" --budget-s $left
echo "total: $(( $(date +%s) - t0 )) s"
