#!/usr/bin/env bash
# mst-mpi --algo boruvka at 16 and 1 ranks against mst-seq, with --phases, for the device machine
# (16 cores, Open MPI, as root): the hub and the local pass of docs/mst-mpi.md. Builds,
# generates the uniform random graph of 2^23 vertices and 2^25 edges and rmat22 as .msb with
# mst-gen -t 16, checks one 16-rank run of each against mst-seq's edge set (the verifier), then
# alternates this tree's mst-mpi with $BASE_BIN/mst-mpi (an older build, for before/after) ROUNDS
# times: each run --no-verify, the slowest rank, the median of TRIALS trials, every phase and
# counter (filter_arcs_max, hub_labels, bytes_sent_max, bytes_sent_total).
# Writes $RESULTS/dbv-device.jsonl (one line per run) and prints per graph, binary and rank
# count the median time and phases of the rounds; RESULTS defaults to $OUT where set, else
# lab/results.
# usage: lab/device-dbv.sh     env: BASE_BIN (folder with an older mst-mpi; none: this tree
#        only), ROUNDS (default 3), TRIALS (default 3), RANKS (default "16 1")
set -u
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
trials=${TRIALS:-3}
results=${RESULTS:-${OUT:-lab/results}}
out=$results/dbv-device.jsonl
mkdir -p "$results" data
: > "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
make -s -j"$(nproc)" bin/mst-seq bin/mst-mpi bin/mst-gen 2>&1 | tail -3
[ -f data/rand-2e23.msb ] || bin/mst-gen random --vertices 8388608 --edges 33554432 -t 16 \
  -o data/rand-2e23.msb --quiet
[ -f data/rmat22.msb ] || bin/mst-gen preset rmat22 -t 16 -o data/rmat22.msb --quiet
bins="bin/mst-mpi"
[ -n "${BASE_BIN:-}" ] && bins="$bins $BASE_BIN/mst-mpi"

# run LABEL COMMAND...: one JSON run appended to $out with its label.
run() {
  local label=$1
  shift
  "$@" | python3 -c 'import json, sys
r = json.load(sys.stdin)
r["label"] = sys.argv[1]
print(json.dumps(r))' "$label" >> "$out"
}

for g in rand-2e23 rmat22; do
  mpirun -np 16 bin/mst-mpi --algo boruvka --trials 1 "data/$g.msb" | grep -E "verification"
  run seq bin/mst-seq --json --phases --no-verify --trials "$trials" "data/$g.msb"
  for i in $(seq "$rounds"); do
    for b in $bins; do
      for p in ${RANKS:-16 1}; do
        run "$b" mpirun -np "$p" --bind-to core "$b" --algo boruvka --json --phases \
          --no-verify --trials "$trials" "data/$g.msb"
      done
    done
  done
done
python3 - "$out" <<'EOF'
import collections, json, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    r = json.loads(line)
    runs[(r["graph"], r["label"], r["ranks"])].append(r)
for (graph, label, ranks), rs in sorted(runs.items()):
    med = lambda f: statistics.median(f(r) for r in rs)
    phases = {k: med(lambda r: r["phases"].get(k, 0)) for k in rs[0]["phases"]}
    print("%s %s p=%s: %.3f s (%d runs)" % (graph, label, ranks,
                                            med(lambda r: r["compute_s_median"]), len(rs)))
    print("   ", " ".join("%s %.3f" % kv for kv in phases.items()))
    print("   ", " ".join("%s %s" % kv for kv in rs[0].get("counters", {}).items()))
EOF
