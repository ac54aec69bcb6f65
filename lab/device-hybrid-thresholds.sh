#!/usr/bin/env bash
# The hybrid's thresholds on the device machine (issue 20; docs/dense-hybrid.md, "Thresholds"):
# per-round medians of --rounds 7 of new random weights, as JSON lines in RESULTS:
#   part   a core component on the GPU (resident worklist Borůvka) against mst-omp's Borůvka on
#          T - 1 = 15 threads, on dense G(n, 1/2) and 16-regular circulant graphs from 2^10 to
#          2^22 edges: where the GPU starts to win places HYBRID_GPU_MIN_EDGES;
#   finish Kruskal against mst-omp's Borůvka on 16 threads on sparse random graphs (m = 2n, as
#          the finish's forests plus crossing edges) from 2^14 to 2^22 edges: places
#          HYBRID_FINISH_PARALLEL_MIN;
#   core   the hybrid with --core-threshold K at fractions of each graph's degeneracy, and the
#          rule's default: places HYBRID_CORE_MIN and HYBRID_CORE_FRACTION.
# usage: lab/device-hybrid-thresholds.sh RESULTS   (repository root, binaries built)
set -u
out=${1:?usage: device-hybrid-thresholds.sh RESULTS}
d=data/thresholds
mkdir -p "$d"
t0=$(date +%s)
# median(exp, graph, label, cmd...): one JSON line with the round median and the counters
median() {
  local exp=$1 graph=$2 label=$3
  shift 3
  "$@" --rounds 7 --weights random --no-verify --json --phases "$d/$graph.msb" 2>/dev/null |
    EXP=$exp GRAPH=$graph LABEL=$label python3 -c '
import json, os, sys
lines = sys.stdin.read().strip().splitlines()
if not lines:
    print(json.dumps({"exp": os.environ["EXP"], "graph": os.environ["GRAPH"],
                      "label": os.environ["LABEL"], "error": True}))
    sys.exit()
r = json.loads(lines[-1])
print(json.dumps({"exp": os.environ["EXP"], "graph": os.environ["GRAPH"],
                  "label": os.environ["LABEL"], "n": r["n"], "m": r["m"],
                  "round_ms": r["round_s_median"] * 1e3, "setup_ms": r.get("setup_s", 0) * 1e3,
                  "counters": r.get("counters", {}), "phases": r.get("phases", {})}))' >> "$out"
}
gen() { [ -f "$d/$1.msb" ] || bin/mst-gen "${@:2}" -t 16 --quiet -o "$d/$1.msb"; }

for nv in 64 128 256 362 512 724 1024 1448 2048 2896 4096; do
  g=gnp-$nv; gen $g gnp --vertices $nv --p 0.5
  median part $g gpu bin/mst-cuda --algo ecl
  OMP_NUM_THREADS=15 median part $g cpu15 bin/mst-omp -t 15
done
for lg in 6 8 10 12 14 16 18; do
  g=circulant-2e$lg; gen $g circulant --vertices $((1 << lg)) --k 8
  median part $g gpu bin/mst-cuda --algo ecl
  OMP_NUM_THREADS=15 median part $g cpu15 bin/mst-omp -t 15
done
echo "part: $(( $(date +%s) - t0 )) s"
for lg in 14 15 16 17 18 19 20 21 22; do
  g=random-2e$lg; gen $g random --vertices $((1 << (lg - 1))) --edges $((1 << lg))
  median finish $g kruskal bin/mst-seq
  median finish $g omp16 bin/mst-omp -t 16
done
echo "finish: $(( $(date +%s) - t0 )) s"
gen rmat-mixed preset rmat-mixed
gen rmat-2e18 preset rmat-2e18
gen caveman-2e18 preset caveman-2e18
gen ssca2-2e16 preset ssca2-2e16
gen mixed-sparse mixed --scale 18 --cliques 64 --size 256 --p 0.5
for g in rmat-mixed rmat-2e18 caveman-2e18 ssca2-2e16 mixed-sparse; do
  OMP_NUM_THREADS=16 median core $g rule bin/mst-cuda --algo hybrid
  deg=$(python3 -c "import json,sys; print([json.loads(l) for l in open('$out')][-1]['counters'].get('degeneracy', 0))")
  for f in 0.125 0.25 0.5 0.75 1; do
    k=$(python3 -c "import math; print(max(1, math.ceil($f * $deg)))")
    OMP_NUM_THREADS=16 median core $g "k=$k" bin/mst-cuda --algo hybrid --core-threshold $k
  done
  for k in 4 8 16; do
    OMP_NUM_THREADS=16 median core $g "k=$k" bin/mst-cuda --algo hybrid --core-threshold $k
  done
  median core $g resident-ecl bin/mst-cuda --algo ecl
done
echo "core: $(( $(date +%s) - t0 )) s"
