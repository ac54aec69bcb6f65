#!/usr/bin/env bash
# Loading speed of this tree's build against an older source tree's, in one call (issue 32): a
# random graph of 2^23 vertices and 2^25 edges (33.5M) as .wel, .gr and .mtx, each plain and
# gzipped (gzip -1), as .msb and as .egr; each file loaded by both builds' mst-seq (--trials 1
# --no-verify --json: its load_s, OpenMP's default threads) in alternation, REPS times; the
# medians and their ratio. Writes lab/results/DATE-device-load.tsv and prints the table.
# usage: lab/device-load.sh BASE_DIR   (BASE_DIR: the older tree's sources, built in place)
#   SIZE  full (default) or small (2^16 vertices, 2^18 edges: a quick check)
#   REPS  loads of each file by each build (default 3)
#   FILES the formats to load (default: msb egr wel gr mtx wel.gz gr.gz mtx.gz)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: lab/device-load.sh BASE_DIR}
reps=${REPS:-3}
case ${SIZE:-full} in
  full) n=8388608 m=33554432 ;;
  small) n=65536 m=262144 ;;
  *) echo "device-load.sh: SIZE is full or small" >&2; exit 1 ;;
esac
start=$SECONDS
make -s -j"$(nproc)" bin/mst-seq bin/mst-gen bin/mst-convert
make -s -C "$base" -j"$(nproc)" bin/mst-seq
echo "device-load.sh: built in $((SECONDS - start)) s"
dir=data/load
mkdir -p "$dir" lab/results
g=$dir/random-$m
[ -f "$g.msb" ] || bin/mst-gen random --vertices "$n" --edges "$m" --seed 1 -o "$g.msb"
files=()
for ext in ${FILES:-msb egr wel gr mtx wel.gz gr.gz mtx.gz}; do
  plain=$g.${ext%.gz}
  [ -f "$plain" ] || bin/mst-convert "$g.msb" "$plain" >/dev/null
  [ -f "$g.$ext" ] || gzip -1 -c "$plain" > "$g.$ext"
  files+=("$g.$ext")
done
echo "device-load.sh: files ready at $((SECONDS - start)) s"
out=lab/results/$(date -u +%F)-device-load.tsv
{
  printf 'file\tbuild\trep\tload_s\tn\tm\n'
  for f in "${files[@]}"; do
    for r in $(seq "$reps"); do
      for b in new base; do
        exe=bin/mst-seq
        [ "$b" = base ] && exe=$base/bin/mst-seq
        "$exe" --json --trials 1 --no-verify "$f" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read().strip().splitlines()[-1])
print("\t".join(map(str, [sys.argv[1], sys.argv[2], sys.argv[3], d["load_s"], d["n"], d["m"]])))
' "$(basename "$f")" "$b" "$r"
      done
    done
  done
} > "$out"
python3 - "$out" "$(nproc)" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print("load_s, median of each build's loads; %s cores; this tree %s" % (sys.argv[2], sys.argv[3]))
print("%-26s %10s %10s %7s" % ("file", "base", "new", "new/base"))
for f in dict.fromkeys(r["file"] for r in rows):
    med = {b: statistics.median(float(r["load_s"]) for r in rows
                                if r["file"] == f and r["build"] == b) for b in ("base", "new")}
    print("%-26s %10.3f %10.3f %7.2f" % (f, med["base"], med["new"], med["new"] / med["base"]))
PY
echo "device-load.sh: done in $((SECONDS - start)) s; $out"
