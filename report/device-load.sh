#!/usr/bin/env bash
# Load times on the device machine (issue 22): one graph in .msb, .egr, .wel and .wel.gz,
# each loaded at 1 and 16 threads (median of 3), and, when BASE_BIN names the folder of an
# older build, that build's mst-seq on the same files (its load_s, one run each) for a
# before/after table. Writes report/results/DATE-device-load.tsv and prints a table.
# usage: report/device-load.sh        (about 100 s on 16 cores at SIZE=full)
#   SIZE      full: 2^23 vertices, 2^25 edges (33.5M); small: 2^16 vertices, 2^18 edges
#   BASE_BIN  folder with the old mst-seq (optional)
#   THREADS   the parallel thread count (default 16)
#   ALL       1: build everything (make all) rather than what the timing needs
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
threads=${THREADS:-16}
case ${SIZE:-full} in
  full) n=8388608 m=33554432 ;;
  small) n=65536 m=262144 ;;
  *) echo "device-load.sh: SIZE is full or small" >&2; exit 1 ;;
esac
out=report/results/$(date -u +%F)-device-load.tsv
dir=data/load
mkdir -p "$dir" report/results
# What the timing needs (ALL=1: everything, as make all; mst-cuda's build alone takes a minute).
if [ "${ALL:-0}" = 1 ]; then
  make -s -j"$(nproc)" all
else
  make -s -j"$(nproc)" bin/mst-seq bin/mst-gen bin/mst-convert build/libmstcore.a
fi
# The loaders alone, timed by report/load_time.c against the library just built (ISA-L's
# inflate where the build found it: see the Makefile's HAVE_ISAL).
libs="-lz -lm"
ldd bin/mst-seq | grep -q libisal && libs="$libs -lisal"
cc -O3 -fopenmp -D_GNU_SOURCE -Icommon/core -Icommon/io report/load_time.c build/libmstcore.a \
   -o build/load_time $libs
ldd bin/mst-seq | grep -q libisal && echo "device-load.sh: gzip through ISA-L" \
  || echo "device-load.sh: gzip through zlib (no libisal)"
echo "device-load.sh: built in $((SECONDS - start)) s"
g=$dir/random-$m
[ -f "$g.msb" ] || bin/mst-gen random --vertices "$n" --edges "$m" -t "$threads" -o "$g.msb"
for ext in egr wel; do
  [ -f "$g.$ext" ] || bin/mst-convert "$g.msb" "$g.$ext"
done
[ -f "$g.wel.gz" ] || { if command -v pigz >/dev/null; then pigz -1 -c "$g.wel"; else gzip -1 -c "$g.wel"; fi; } > "$g.wel.gz"
echo "device-load.sh: files ready at $((SECONDS - start)) s"
files=("$g.msb" "$g.egr" "$g.wel" "$g.wel.gz")
{
  printf 'file\tformat\tn\tm\tthreads\tmedian_s\tmin_s\tbuild\n'
  for t in 1 "$threads"; do
    OMP_NUM_THREADS=$t build/load_time 3 "${files[@]}" | sed 's/ /\t/g; s/$/\tnew/'
  done
  if [ -n "${BASE_BIN:-}" ]; then
    for f in "${files[@]}"; do
      OMP_NUM_THREADS=$threads "$BASE_BIN/mst-seq" --json --trials 1 --no-verify "$f" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read().strip().splitlines()[-1])
print("\t".join(map(str, [sys.argv[1], d["format"], d["n"], d["m"], sys.argv[2], d["load_s"], d["load_s"], "base"])))' "$f" "$threads"
    done
  fi
} > "$out"
python3 - "$out" "$(nproc)" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print("load time (s), median of 3; %s cores; %s" % (sys.argv[2], sys.argv[1]))
print("%-10s %6s %10s %12s %12s %12s" % ("format", "build", "threads", "seconds", "Medges/s", "MB/s"))
import os
for r in rows:
    s = float(r["median_s"]); m = int(r["m"]); size = os.path.getsize(r["file"])
    fmt = r["file"].rsplit("/", 1)[-1].split(".", 1)[1]
    print("%-10s %6s %10s %12.3f %12.1f %12.0f" % (fmt, r["build"], r["threads"], s,
                                                  m / s / 1e6, size / s / 1e6))
PY
echo "device-load.sh: $((SECONDS - start)) s in all"
