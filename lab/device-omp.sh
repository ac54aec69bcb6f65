#!/usr/bin/env bash
# mst-omp's scaling sweep on the device machine, in one call of under 200 s: builds the CPU
# solvers, generates the report graphs as .msb, then runs on each graph Kruskal and
# Filter-Kruskal (mst-seq) and both mst-omp variants at each thread count, with --phases
# (per-phase times, counters and every round's size). JSON lines go to RESULTS, a table to
# stdout (docs/omp-tuning.md reads them).
# usage: lab/device-omp.sh [RESULTS]   (default lab/results/DATE-device-omp-sweep.jsonl)
#   GRAPHS   names among: ny rmat16 2d-2e20 random-2e23 rmat22 (default all five)
#   THREADS  thread counts of mst-omp (default "1 2 4 8 16")
#   TRIALS   timed trials per run (default 5; the graphs of over 30M edges get 3)
#   DATA     where the graphs go (default data/omp-sweep, outside git)
#   BUDGET_S no new graph is started after this many seconds (default 170)
#   EXTRA    "NAME=ENV..." more mst-omp runs at the largest thread count, e.g.
#            "passive=OMP_WAIT_POLICY=passive spin0=GOMP_SPINCOUNT=0"
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
start=$SECONDS
results=${1:-lab/results/$(date -u +%F)-device-omp-sweep.jsonl}
graphs=${GRAPHS:-ny rmat16 2d-2e20 random-2e23 rmat22}
threads=${THREADS:-1 2 4 8 16}
data=${DATA:-data/omp-sweep}
make -s -j"$(nproc)" bin/mst-seq bin/mst-omp bin/mst-gen bin/mst-convert || exit 1
mkdir -p "$data" "$(dirname "$results")"
echo "device-omp.sh: built in $((SECONDS - start)) s"

# name -> the .msb file, generated once
graph_file() {
    local f="$data/$1.msb"
    [ -s "$f" ] && { echo "$f"; return; }
    case $1 in
        ny) bin/mst-convert graphs/road/USA-road-NY.pace.gr.gz "$f" >&2 ;;
        random-2e23) bin/mst-gen random --vertices 8388608 --edges 33554432 -t "$(nproc)" \
                         -o "$f" >&2 ;;
        *) bin/mst-gen preset "$1" -t "$(nproc)" -o "$f" >&2 ;;
    esac
    echo "$f"
}

# one run: LABEL ENV... -- PROGRAM ARGS...; appends its JSON line with the label
run() {
    local label=$1; shift
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    local line
    line=$(env "${envs[@]}" "$@" --json --phases --no-verify --trials "$trials" 2>&1 | tail -1)
    case $line in
        '{'*) echo "{\"label\":\"$label\",${line#\{}" >>"$results" ;;
        *) echo "device-omp.sh: $label $*: $line" >&2 ;;
    esac
}

for g in $graphs; do
    if [ $((SECONDS - start)) -gt "${BUDGET_S:-170}" ]; then
        echo "device-omp.sh: budget spent, $g and later graphs skipped" >&2
        break
    fi
    f=$(graph_file "$g") || continue
    size=$(stat -c %s "$f")
    trials=${TRIALS:-$([ "$size" -gt 400000000 ] && echo 3 || echo 5)}
    run kruskal X=1 -- bin/mst-seq --algo kruskal "$f"
    run filter-kruskal X=1 -- bin/mst-seq --algo filter-kruskal "$f"
    for t in $threads; do
        run "boruvka-t$t" X=1 -- bin/mst-omp --algo boruvka -t "$t" "$f"
        run "contract-t$t" X=1 -- bin/mst-omp --algo contract -t "$t" "$f"
    done
    top=${threads##* }
    for x in ${EXTRA:-}; do
        name=${x%%=*}
        env_=${x#*=}
        # shellcheck disable=SC2086  # the variables are words
        run "boruvka-t$top-$name" $env_ -- bin/mst-omp --algo boruvka -t "$top" "$f"
    done
    # one verified run of the default variant: the sweep above skips verification
    bin/mst-omp -t "$top" --trials 1 "$f" | grep -q 'verification *ok' ||
        echo "device-omp.sh: mst-omp on $g did not verify" >&2
    echo "device-omp.sh: $g done at $((SECONDS - start)) s"
done

# the table: median ms and speedup over Kruskal per run
/usr/bin/python3 - "$results" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
base = {r["graph"]: r["compute_s_median"] for r in rows if r["label"] == "kruskal"}
for r in rows:
    ph = ", ".join(f"{k} {v*1e3:.2f}" for k, v in r.get("phases", {}).items())
    k = base.get(r["graph"])
    sp = f"{k / r['compute_s_median']:.2f}x" if k else "-"
    print(f"{r['graph'].split('/')[-1]:18} {r['label']:28} {r['compute_s_median']*1e3:10.3f} ms"
          f" {sp:>7}  {ph}")
PY
echo "device-omp.sh: $((SECONDS - start)) s in all; results -> $results"
