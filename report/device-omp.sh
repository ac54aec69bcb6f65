#!/usr/bin/env bash
# The mst-seq / mst-omp benchmark of the closing notes, for the device machine (16 cores):
# builds, generates the reference graphs with mst-gen into data/, runs report/bench.py.
# usage: report/device-omp.sh OUTDIR
set -euo pipefail
out=${1:-report}
make -s -j16 bin/mst-seq bin/mst-omp bin/mst-gen
mkdir -p data
gen() { [ -f "data/$1" ] || { /usr/bin/time -f "generated $1 in %e s" bin/mst-gen "${@:2}" -o "data/$1"; }; }
gen grid1024.msb grid2d --rows 1024 --cols 1024
gen rmat16.msb preset rmat16
gen rmat22.msb preset rmat22
gen random-2e23.msb random --vertices 8388608 --edges 33554432
small=(graphs/USA-road-NY.pace.gr.gz data/rmat16.msb data/grid1024.msb)
large=(data/rmat22.msb data/random-2e23.msb)
python3 report/bench.py --matrix omp --trials 11 --results "$out/results-omp.jsonl" "${small[@]}"
python3 report/bench.py --matrix omp --trials 5 --results "$out/results-omp.jsonl" "${large[@]}"
