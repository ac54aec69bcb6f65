#!/usr/bin/env bash
# GHS after the message-layer split (issue 21), for the device machine (16 cores, Open MPI, as
# root): builds, generates sparse-medium, r4-2e23 (uniform random, 2^23 vertices) and rmat22 as
# .msb with mst-gen -t 16, checks one 16-rank run against mst-seq's edge set, then times
# mst-seq kruskal and mst-mpi --algo ghs (--no-verify, slowest rank, median of the trials) in
# this order, so that what matters most is measured first and the call stays within BUDGET:
#   1. mst-seq kruskal, and GHS at 16 ranks (and $BASE_BIN/mst-mpi at 16 ranks: before/after);
#   2. the knob A/B at 16 ranks on sparse-medium (docs/results.md, the knob table): batches of
#      256 and 16384 records (MST_MPI_BATCH), rings of 2048 (MST_MPI_RING), and builds with
#      MSG_HOLD_MAX=0, MSG_LOCAL_RUN=128 and 8192;
#   3. GHS at 8, 4, 2 and 1 ranks (one trial), while time is left.
# A run that would pass the budget is cut (timeout) and listed as such.
# Writes $RESULTS/ghs-device.tsv (every run) and ghs-device.md (the table, also on stdout);
# RESULTS defaults to $OUT where set (the device's output folder), else report/results.
# usage: report/device-ghs.sh      env: BASE_BIN (a folder with an older mst-mpi), BUDGET
#        (seconds, default 190), TRIALS (default 3), GRAPHS (default the three above), KNOBS
#        (the knob builds, NAME:CPPFLAGS words; empty: none)
set -u
cd "$(dirname "$0")/.."
start=$SECONDS
budget=${BUDGET:-190}
trials=${TRIALS:-3}
graphs=${GRAPHS:-sparse-medium r4-2e23 rmat22}
results=${RESULTS:-${OUT:-report/results}}
mkdir -p "$results" data
tsv=$results/ghs-device.tsv
md=$results/ghs-device.md
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 # harmless below 17 ranks on 16 cores
printf 'label\tgraph\tranks\tmedian_s\tmin_s\n' > "$tsv"

# The binaries: this tree's, and the knob builds (each in its own build folder).
make -s -j"$(nproc)" bin/mst-seq bin/mst-mpi bin/mst-gen 2>&1 | tail -3
knobs=${KNOBS-hold0:-DMSG_HOLD_MAX=0 run128:-DMSG_LOCAL_RUN=128 run8192:-DMSG_LOCAL_RUN=8192}
for k in $knobs; do
  make -s -j"$(nproc)" BUILD="build/knob-${k%%:*}" BIN="bin/knob-${k%%:*}" CPPFLAGS="${k#*:}" \
    "bin/knob-${k%%:*}/mst-mpi" 2>&1 | tail -3 &
done
for g in $graphs; do
  [ -f "data/$g.msb" ] || bin/mst-gen preset "$g" -t 16 -o "data/$g.msb" --quiet
done
wait
mpirun --version | head -1
echo "setup took $((SECONDS - start)) s"

left() { echo $((budget - (SECONDS - start))); }

# record LABEL GRAPH RANKS COMMAND...: one JSON run, its median and min compute time.
record() {
  local label=$1 graph=$2 ranks=$3 t line
  shift 3
  t=$(left)
  if [ "$t" -le 2 ]; then
    printf '%s\t%s\t%s\tskipped\tskipped\n' "$label" "$graph" "$ranks" >> "$tsv"
    return
  fi
  line=$(timeout "$t" "$@" 2>/dev/null | tail -1)
  python3 - "$label" "$graph" "$ranks" "$line" >> "$tsv" <<'EOF'
import json, sys
label, graph, ranks, line = sys.argv[1:]
try:
    r = json.loads(line)
    print("%s\t%s\t%s\t%.4f\t%.4f" % (label, graph, ranks, r["compute_s_median"],
                                      r["compute_s_min"]))
except ValueError:
    print("%s\t%s\t%s\tcut\tcut" % (label, graph, ranks))
EOF
}

# ghs LABEL GRAPH RANKS TRIALS BINARY [ENV=VALUE...]
ghs() {
  local label=$1 g=$2 p=$3 n=$4 bin=$5
  shift 5
  record "$label" "$g" "$p" env "$@" mpirun --quiet --bind-to core --map-by core -np "$p" \
    "$bin" --algo ghs --json --no-verify --trials "$n" "data/$g.msb"
}

# Correctness first: 16 ranks write exactly mst-seq's edges.
g=${graphs%% *}
bin/mst-seq --trials 1 --output "data/$g.seq.txt" "data/$g.msb" > /dev/null
mpirun --quiet -np 16 bin/mst-mpi --trials 1 --output "data/$g.ghs.txt" "data/$g.msb" |
  grep verification
if cmp -s <(grep -v '^#' "data/$g.seq.txt") <(grep -v '^#' "data/$g.ghs.txt"); then
  echo "$g: GHS at 16 ranks writes exactly mst-seq's edges"
else
  echo "$g: EDGE SETS DIFFER" >&2
fi

for g in $graphs; do
  record kruskal "$g" 1 bin/mst-seq --algo kruskal --json --no-verify --trials "$trials" \
    "data/$g.msb"
  ghs ghs "$g" 16 "$trials" bin/mst-mpi
  [ -n "${BASE_BIN:-}" ] && ghs base "$g" 16 "$trials" "$BASE_BIN/mst-mpi"
done
g=sparse-medium
if [ -f "data/$g.msb" ]; then
  ghs batch256 "$g" 16 5 bin/mst-mpi MST_MPI_BATCH=256
  ghs batch16384 "$g" 16 5 bin/mst-mpi MST_MPI_BATCH=16384
  ghs ring2048 "$g" 16 5 bin/mst-mpi MST_MPI_RING=2048
  for k in $knobs; do ghs "${k%%:*}" "$g" 16 5 "bin/knob-${k%%:*}/mst-mpi"; done
  ghs ghs-again "$g" 16 5 bin/mst-mpi
fi
for p in 8 4 2 1; do
  for g in $graphs; do ghs ghs "$g" "$p" 1 bin/mst-mpi; done
done

# The table: GHS's time per rank count, and its ratio to Kruskal's at 16 ranks.
python3 - "$tsv" > "$md" <<'EOF'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])][1:]
t = {(r[0], r[1], r[2]): r[3] for r in rows}
graphs = sorted({r[1] for r in rows}, key=[r[1] for r in rows].index)
print("| graph | Kruskal (s) | GHS 1 | 2 | 4 | 8 | 16 | 16 ranks / Kruskal | older binary, 16 |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for g in graphs:
    k = t.get(("kruskal", g, "1"), "-")
    ghs = [t.get(("ghs", g, str(p)), "-") for p in (1, 2, 4, 8, 16)]
    try:
        ratio = "%.2fx" % (float(ghs[-1]) / float(k))
    except ValueError:
        ratio = "-"
    print("| %s | %s | %s | %s | %s |" % (g, k, " | ".join(ghs), ratio,
                                               t.get(("base", g, "16"), "-")))
knob = [r for r in rows if r[1] == "sparse-medium" and r[2] == "16"]
if knob:
    print("\nsparse-medium at 16 ranks (median, min of the trials):\n")
    print("| run | median (s) | min (s) |\n| --- | --- | --- |")
    for r in knob:
        print("| %s | %s | %s |" % (r[0], r[3], r[4]))
EOF
cat "$md"
echo "total $((SECONDS - start)) s"
