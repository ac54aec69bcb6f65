#!/usr/bin/env bash
# mst-cuda's transfer path on the device machine (docs/gpu-transfers.md): builds, generates
# R-MAT scale 22 and the uniform random graph of 2^23 vertices, runs the transfer probe
# (report/xfer-probe.cu: pageable, registered and pinned copies, allocation, the forest's way
# back), then times every mst-cuda variant on both graphs: the whole call ("with transfers"),
# the kernel time, and the phase split of a --phases run. With BEFORE (a copy of an older tree),
# the same runs of its mst-cuda follow, for a before/after table from one call. Last, ecl built
# with the edge list in 1 and 16 chunks (-DCUDA_CHUNKS; the default is 8) on both graphs.
# usage: report/device-xfer.sh [BEFORE]   (from the repository root; under 200 s on an H100)
set -u
before=${1:-}
make -s -j16 bin/mst-cuda bin/mst-gen 2>&1 | tail -3
[ -n "$before" ] && (cd "$before" && make -s -j16 bin/mst-cuda 2>&1 | tail -3)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
mkdir -p data
gen() { [ -f "data/$1" ] || bin/mst-gen -t 16 "${@:2}" -o "data/$1"; }
gen rmat22.msb rmat --scale 22 --edge-factor 8
gen random-2e23.msb random --vertices 8388608 --edges 33554432
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
$nvcc -O2 -o data/xfer-probe report/xfer-probe.cu && data/xfer-probe 33554432 8388608

# row LABEL: one summary line from mst-cuda's --json output (total, kernel, phases).
row() {
    python3 -c '
import json, sys
r = json.load(sys.stdin)
ph = " ".join("%s=%.3f" % (k, v * 1e3) for k, v in r.get("phases", {}).items())
print("%-10s %-18s %-10s total %8.3f ms kernel %8.3f ms %s" % (sys.argv[1], r["graph"][-18:],
      r["algo"], r["compute_s_median"] * 1e3, r.get("kernel_s_median", -1) * 1e3, ph))' "$1"
}
bench() {
    local bin=$1 label=$2
    for g in data/rmat22.msb data/random-2e23.msb; do
        for algo in ecl contract primitives; do
            timeout 60 "$bin" --algo $algo --json --no-verify --trials 10 --weights random "$g" |
                row "$label"
            timeout 60 "$bin" --algo $algo --json --no-verify --phases --trials 3 \
                --weights random "$g" | row "$label+ph"
        done
    done
}
bench bin/mst-cuda after
[ -n "$before" ] && bench "$before/bin/mst-cuda" before
nv="-O3 -std=c++17 -gencode arch=compute_90,code=sm_90"
for c in 1 16; do
    make -s -j16 BUILD=data/build-c$c BIN=data/bin-c$c data/bin-c$c/mst-cuda \
        NVCCFLAGS="$nv -DCUDA_CHUNKS=$c" 2>&1 | tail -3
    for g in data/rmat22.msb data/random-2e23.msb; do
        data/bin-c$c/mst-cuda --json --no-verify --trials 10 --weights random "$g" |
            row "chunks=$c"
    done
done
exit 0
