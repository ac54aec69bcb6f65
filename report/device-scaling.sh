#!/usr/bin/env bash
# Strong and weak scaling of mst-mpi --algo boruvka (issue 21) on one machine of 16 cores (Open
# MPI, as root): builds, generates the graphs as .msb with mst-gen (every rank reads its slice),
# checks one verified run per graph at the largest rank count (the certifying verifier on rank 0;
# with the (key, id) order a verified forest is exactly mst-seq's) and one edge-for-edge
# comparison with mst-seq, then times mst-seq and boruvka at 1, 2, 4, 8 and 16 ranks, and GHS at
# the largest rank count, with --no-verify (rank 0 holds no whole graph, so peak memory per rank
# is the solver's own), --stats (bytes sent and peak RSS of every rank) and --phases.
#   strong: rand-2e23 (uniform random, n = 2^23, m = 2^25 before duplicates), sparse-large,
#           rmat22, 2d-2e20 (grid 1024 x 1024);
#   weak:   uniform random graphs of 2^19 vertices and 2^21 edges per rank (the rank count P
#           multiplies both: mst-gen random --vertices 2^19 --edges 2^21 --per-rank P), at P
#           ranks.
# Writes every run's JSON to $OUT/scaling.jsonl and the tables (report/scaling.py) to
# $OUT/scaling.md (stdout too).
# To keep a run: copy $OUT/scaling.jsonl to report/results/DATE-device-scaling.jsonl and run
# make report: REPORT.md's scaling section shows the newest scaling log there.
# usage: report/device-scaling.sh        (under 4 minutes on 16 cores)
#   RANKS   rank counts (default "1 2 4 8 16")
#   STRONG  strong-scaling graphs (default "rand-2e23 sparse-large rmat22 2d-2e20")
#   TRIALS  timed trials per run (default 2, after one warm-up)
#   GHS     1: also GHS at the largest rank count (default 1)
#   COMPARE more mst-mpi algorithms at the largest rank count (e.g. boruvka-allreduce)
#   PARTITION  boruvka's --partition (default auto)
set -u
cd "$(dirname "$0")/.."
out=${OUT:-.}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
ranks=${RANKS:-1 2 4 8 16}
strong=${STRONG:-rand-2e23 sparse-large rmat22 2d-2e20}
trials=${TRIALS:-2}
part=${PARTITION:-auto}
top=${ranks##* }
cores=$(nproc)
jsonl=$out/scaling.jsonl
: > "$jsonl"
make -s -j"$cores" bin/mst-seq bin/mst-mpi bin/mst-gen 2>&1 | tail -3
# The machine, first line of the log (report/scaling.py prints it above the tables).
python3 -c 'import json, sys; print(json.dumps({"tag": "machine", "cpu": sys.argv[1],
"cores": int(sys.argv[2]), "mpirun": sys.argv[3], "date": sys.argv[4]}))' \
  "$(lscpu | sed -n 's/^Model name: *//p' | head -1)" "$cores" "$(mpirun --version | head -1)" \
  "$(date -u +%Y-%m-%dT%H:%MZ)" >> "$jsonl"
mkdir -p data/scaling

# gen NAME ARGS...: data/scaling/NAME.msb, generated once.
gen() {
  local f=data/scaling/$1.msb; shift
  [ -f "$f" ] || bin/mst-gen "$@" -t "$cores" -o "$f" --quiet
}
gen rand-2e23 random --vertices 8388608 --edges 33554432
gen sparse-large preset sparse-large
gen rmat22 preset rmat22
gen 2d-2e20 preset 2d-2e20
for p in $ranks; do
  gen "weak-$p" random --vertices 524288 --edges 2097152 --per-rank "$p"
done

# record TAG CMD...: runs CMD (stdout: one JSON object) and appends it with "tag" to the log.
record() {
  local tag=$1; shift
  local line
  line=$(timeout 120 "$@" | tail -1)
  [ -n "$line" ] || { echo "device-scaling.sh: failed: $*" >&2; return; }
  python3 -c 'import json,sys; r=json.loads(sys.argv[2]); r["tag"]=sys.argv[1]
print(json.dumps(r))' "$tag" "$line" >> "$jsonl"
}
mpi=(mpirun --quiet --bind-to core --map-by core)

# Correctness: verified at the largest rank count; one graph edge for edge against mst-seq.
for g in $strong; do
  "${mpi[@]}" -np "$top" bin/mst-mpi --algo boruvka --partition "$part" --trials 1 \
    "data/scaling/$g.msb" | grep -E "verification" | sed "s/^/$g: boruvka at $top ranks: /"
done
bin/mst-seq --trials 1 --no-verify --output data/scaling/seq.txt data/scaling/weak-1.msb \
  > /dev/null
mpirun --quiet -np 3 bin/mst-mpi --algo boruvka --partition hash --trials 1 --no-verify \
  --output data/scaling/mpi.txt data/scaling/weak-1.msb > /dev/null
if cmp -s <(grep -v '^#' data/scaling/seq.txt) <(grep -v '^#' data/scaling/mpi.txt); then
  echo "weak-1: boruvka at 3 ranks (hash) writes exactly mst-seq's edges"
else
  echo "weak-1: EDGE SETS DIFFER"
fi

# Most important first, so that a run cut short still has them: mst-seq, then boruvka from the
# most ranks down, GHS (and COMPARE's algorithms) at the most ranks, weak scaling; the tables are
# written on exit whatever happened.
trap 'python3 report/scaling.py "$jsonl" > "$out/scaling.md"; cat "$out/scaling.md"
echo "device-scaling.sh: ${SECONDS} s"' EXIT
trap 'exit 143' TERM INT
for g in $strong; do
  record seq bin/mst-seq --json --no-verify --trials "$trials" "data/scaling/$g.msb"
done
for p in $(echo $ranks | tr ' ' '\n' | sort -rn); do
  for g in $strong; do
    record strong "${mpi[@]}" -np "$p" bin/mst-mpi --algo boruvka --partition "$part" --json \
      --stats --phases --no-verify --trials "$trials" "data/scaling/$g.msb"
  done
  [ "$p" = "$top" ] || continue
  for a in ghs ${COMPARE:-}; do
    [ "$a" = ghs ] && [ "${GHS:-1}" != 1 ] && continue
    for g in $strong; do
      record "$a" "${mpi[@]}" -np "$p" bin/mst-mpi --algo "$a" --json --stats --no-verify \
        --trials "$trials" "data/scaling/$g.msb"
    done
  done
done
for p in $ranks; do
  record weak "${mpi[@]}" -np "$p" bin/mst-mpi --algo boruvka --partition "$part" --json --stats \
    --phases --no-verify --trials "$trials" "data/scaling/weak-$p.msb"
done
