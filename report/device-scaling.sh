#!/usr/bin/env bash
# Strong and weak scaling of mst-mpi --algo boruvka as ranks x threads on one machine (Open MPI,
# as root; issues 21 and 34), in parts that each fit a 10-minute call:
#   strong: mst-seq and `mst-omp -t CORES` beside boruvka at every configuration of CONFIGS, on
#           each graph of STRONG (.msb files of mst-gen: every rank reads its slice), then GHS at
#           the most ranks; and each top configuration on a graph of one edge (Open MPI's fixed
#           memory per rank, which report/scaling.py takes off the bytes per edge);
#   weak:   uniform random graphs of 2^19 vertices and 2^21 edges per core (mst-gen --per-rank
#           C), at C cores as C x 1 and, from 4 cores on, C/4 x 4, and `mst-omp -t C` beside
#           them (what one memory bus allows the shared-memory solver);
#   big:    a graph above 2^32 edges made by the ranks (mst-mpi --generate; BIG, default random
#           with 2^29 vertices and 2^32 + 2^30 edges), one trial at the most ranks x 1 and at the
#           most ranks / 4 x 4 (below 4 ranks, 1 x most): report/scaling.py compares the two
#           forests' totals.
# Correctness first: one verified run per strong graph at the most ranks (the certifying
# verifier on rank 0; with the (key, id) order a verified forest is exactly mst-seq's), and one
# edge-for-edge comparison with mst-seq at 3 ranks x 2 threads. Timed runs: --no-verify (rank 0
# holds no whole graph, so peak memory per rank is the solver's own), --stats (bytes sent and
# peak RSS of every rank), --phases; ranks on cores of their own (--map-by slot:PE=threads).
# Every run's JSON goes to LOG with its "tag" (seq, omp, strong, ghs, empty, weak, weak-omp,
# big); the tables (report/scaling.py) to $OUT/scaling.md and stdout, also when a run is cut
# short.
# To keep a study: LOG=report/results/DATE-device-scaling.jsonl (a later call with the same LOG
# appends the next part), then make report: REPORT.md shows the newest scaling log of each
# machine size (cores) there.
# usage: PARTS="strong weak" report/device-scaling.sh    (16 cores: both in under 6 minutes)
#   PARTS    strong, weak and big, in order (default "strong weak")
#   CONFIGS  ranks x threads of the strong part (default: P x 1 for every power of two P up to
#            the cores, and C/4 x 4, C/16 x 16, 1 x C for the powers of four C from 4 on)
#   STRONG   graphs of the strong part: rand-2eK (2^K vertices, 2^(K+2) edges), rmatK (R-MAT
#            of scale K, edge factor 8, as the preset rmat22) or presets (default: 64 cores or
#            more, rand-2e25 and rmat25 as in issue 34; else rand-2e23 sparse-large rmat22
#            2d-2e20)
#   TRIALS   timed trials per run (default 2, after one warm-up)
#   LOG      the JSON lines file (default $OUT/scaling.jsonl; appended to when it exists)
#   COMPARE  more mst-mpi algorithms at the most ranks (e.g. boruvka-allreduce); GHS=0: no GHS
set -u
cd "$(dirname "$0")/.."
out=${OUT:-.}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cores=$(nproc)
top=1
while [ $((top * 2)) -le "$cores" ]; do top=$((top * 2)); done
if [ -z "${CONFIGS:-}" ]; then
  CONFIGS=""
  for ((p = 1; p <= top; p *= 2)); do CONFIGS="$CONFIGS ${p}x1"; done
  for ((c = 4; c <= top; c *= 4)); do
    CONFIGS="$CONFIGS $((c / 4))x4"
    [ "$c" -ge 16 ] && CONFIGS="$CONFIGS $((c / 16))x16 1x$c"
  done
fi
if [ "$top" -ge 64 ]; then strong=${STRONG:-rand-2e25 rmat25}
else strong=${STRONG:-rand-2e23 sparse-large rmat22 2d-2e20}; fi
trials=${TRIALS:-2}
log=${LOG:-$out/scaling.jsonl}
mkdir -p "$(dirname "$log")" data/scaling
[ -f "$log" ] || : > "$log"
make -s -j"$cores" bin/mst-seq bin/mst-omp bin/mst-mpi bin/mst-gen 2>&1 | tail -3
# The machine, the log's first line (report/scaling.py prints it above the tables).
grep -q '"tag": "machine"' "$log" || python3 -c 'import json, sys
print(json.dumps({"tag": "machine", "cpu": sys.argv[1], "cores": int(sys.argv[2]),
"mpirun": sys.argv[3], "date": sys.argv[4]}))' \
  "$(lscpu | sed -n 's/^Model name: *//p' | head -1)" "$cores" "$(mpirun --version | head -1)" \
  "$(date -u +%Y-%m-%dT%H:%MZ)" >> "$log"

# gen NAME ARGS...: data/scaling/NAME.msb, generated once.
gen() {
  local f=data/scaling/$1.msb
  shift
  [ -f "$f" ] || bin/mst-gen "$@" -t "$cores" -o "$f" --quiet
}
# record TAG CMD...: runs CMD (stdout: one JSON object) and appends it with "tag" to the log.
record() {
  local tag=$1 line
  shift
  line=$(timeout 300 "$@" | tail -1)
  [ -n "$line" ] || { echo "device-scaling.sh: failed: $*" >&2; return; }
  python3 -c 'import json,sys; r=json.loads(sys.argv[2]); r["tag"]=sys.argv[1]
print(json.dumps(r))' "$tag" "$line" >> "$log"
}
# on RANKSxTHREADS: mst-mpi's command line for ranks with cores of their own, into MPI.
on() {
  local r=${1%x*} t=${1#*x}
  MPI=(mpirun --quiet -np "$r" --map-by "slot:PE=$t" --bind-to core bin/mst-mpi -t "$t")
}
trap 'python3 report/scaling.py "$log" > "$out/scaling.md"; cat "$out/scaling.md"
echo "device-scaling.sh: ${SECONDS} s"' EXIT
trap 'exit 143' TERM INT
most=$(for c in $CONFIGS; do echo "${c%x*}"; done | sort -n | tail -1)

for part in ${PARTS:-strong weak}; do
  case $part in
  strong)
    for g in $strong; do
      case $g in
      rand-2e[0-9]*) e=${g#rand-2e}; gen "$g" random --vertices $((1 << e)) --edges $((4 << e)) ;;
      rmat[0-9]*) gen "$g" rmat --scale "${g#rmat}" --edge-factor 8 --abcd 0.55,0.1,0.1 ;;
      *) gen "$g" preset "$g" ;;
      esac
      on "${most}x1"
      "${MPI[@]}" --algo boruvka --trials 1 "data/scaling/$g.msb" | grep -E "verification" |
        sed "s/^/$g: boruvka at $most ranks: /"
    done
    g=${strong%% *}
    bin/mst-seq --trials 1 --no-verify --output data/scaling/seq.txt "data/scaling/$g.msb" >/dev/null
    mpirun --quiet --oversubscribe --bind-to none -np 3 bin/mst-mpi -t 2 --algo boruvka \
      --partition hash --trials 1 --no-verify --output data/scaling/mpi.txt \
      "data/scaling/$g.msb" > /dev/null
    if cmp -s <(grep -v '^#' data/scaling/seq.txt) <(grep -v '^#' data/scaling/mpi.txt); then
      echo "$g: boruvka at 3 ranks x 2 threads (hash) writes exactly mst-seq's edges"
    else
      echo "$g: EDGE SETS DIFFER"
    fi
    gen one-edge complete --vertices 2
    # Most important first, so that a run cut short still has them: the baselines, then the
    # configurations from the most cores down.
    for g in $strong; do
      record seq bin/mst-seq --json --no-verify --trials "$trials" "data/scaling/$g.msb"
      record omp bin/mst-omp -t "$cores" --json --no-verify --trials "$trials" \
        "data/scaling/$g.msb"
    done
    for c in $(for c in $CONFIGS; do echo "$((${c%x*} * ${c#*x})) $c"; done | sort -rn -k1,1 |
      cut -d' ' -f2); do
      for g in $strong; do
        on "$c"
        record strong "${MPI[@]}" --algo boruvka --json --stats --phases --no-verify \
          --trials "$trials" "data/scaling/$g.msb"
      done
    done
    for c in $CONFIGS; do
      [ "$((${c%x*} * ${c#*x}))" = "$top" ] || continue
      on "$c"
      record empty "${MPI[@]}" --algo boruvka --json --stats --no-verify --trials 1 \
          data/scaling/one-edge.msb
    done
    for a in ghs ${COMPARE:-}; do
      [ "$a" = ghs ] && [ "${GHS:-1}" != 1 ] && continue
      for g in $strong; do
        on "${most}x1"
        record "$a" "${MPI[@]}" --algo "$a" --json --stats --no-verify --trials "$trials" \
          "data/scaling/$g.msb"
      done
    done
    ;;
  weak)
    for ((c = 1; c <= top; c *= 2)); do
      gen "weak-$c" random --vertices 524288 --edges 2097152 --per-rank "$c"
      for w in "${c}x1" $([ "$c" -ge 4 ] && echo "$((c / 4))x4"); do
        on "$w"
        record weak "${MPI[@]}" --algo boruvka --json --stats --phases --no-verify \
          --trials "$trials" "data/scaling/weak-$c.msb"
      done
      record weak-omp bin/mst-omp -t "$c" --json --no-verify --trials "$trials" \
        "data/scaling/weak-$c.msb"
    done
    ;;
  big)
    spec=${BIG:-random:vertices=536870912,edges=5368709120}
    for c in "${most}x1" "$([ "$most" -ge 4 ] && echo "$((most / 4))x4" || echo "1x$most")"; do
      on "$c"
      record big "${MPI[@]}" --algo boruvka --json --stats --no-verify --trials 1 --generate "$spec"
    done
    ;;
  *) echo "device-scaling.sh: unknown part $part (strong, weak, big)" >&2 ;;
  esac
done
