#!/usr/bin/env bash
# graphs/build.sh: builds the benchmark graph collection with mst-gen into a data folder outside
# git, with a manifest (file, family, n, m, seed, sha256, mst-gen arguments). `make graphs` runs
# it; SIZE chooses the collection:
#   small (default)  quick on a laptop: the presets of up to ~2M edges and scaled-down analogues
#                    of the large ones (about 12M edges in all, seconds to generate)
#   full             every preset at the source papers' sizes plus a few scaling inputs (about
#                    430M edges, ~5 GB as .msb): for the 16-core device machine
# Usage: graphs/build.sh [small|full] [DIR]   (DIR default: data/gen; env FORMAT=.msb or .wel.gz)
# The same mst-gen gives the same bytes everywhere (the sha256 column can be compared between
# machines); generation times go to DIR/times.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-${SIZE:-small}}
dir=${2:-${GRAPHS_DIR:-data/gen}}
ext=${FORMAT:-.msb}
gen=bin/mst-gen
[ -x "$gen" ] || { echo "graphs/build.sh: $gen is missing (run make all)" >&2; exit 1; }

# name|mst-gen arguments (a preset name alone means `mst-gen preset NAME`)
small_set=(
    "sparse-small|preset sparse-small"
    "dense-small|preset dense-small"
    "dense-medium|preset dense-medium"
    "rmat16|preset rmat16"
    "2d-2e20|preset 2d-2e20"
    "circulant-2e18|preset circulant-2e18"
    "grid-2e18|preset grid-2e18"
    "rmat-2e18|preset rmat-2e18"
    "caveman-2e18|preset caveman-2e18"
    "r4-2e16|kout --vertices 65536 --k 4"
    "kron-logn16|kronecker --scale 16 --edge-factor 48"
    "complete-2e11|complete --vertices 2048"
    "geo-2e16|geometric --vertices 65536 --degree 4"
    "forest-4x2e14|components --parts 4 kout --vertices 16384 --k 2"
    "ssca2-2e16|preset ssca2-2e16"
)
full_set=(
    "sparse-small|preset sparse-small"
    "sparse-medium|preset sparse-medium"
    "sparse-large|preset sparse-large"
    "sparse-extreme|preset sparse-extreme"
    "dense-small|preset dense-small"
    "dense-medium|preset dense-medium"
    "dense-large|preset dense-large"
    "dense-extreme|preset dense-extreme"
    "2d-2e20|preset 2d-2e20"
    "r4-2e23|preset r4-2e23"
    "rmat16|preset rmat16"
    "rmat22|preset rmat22"
    "kron-logn21|preset kron-logn21"
    "ssca2-5m|preset ssca2-5m"
    "circulant-2e18|preset circulant-2e18"
    "grid-2e18|preset grid-2e18"
    "rmat-2e18|preset rmat-2e18"
    "caveman-2e18|preset caveman-2e18"
    "complete-2e14|preset complete-2e14"
    "geo-2e22|geometric --vertices 4194304 --degree 3"
    "grid3d-256|grid3d --side 256"
    "forest-16x2e20|components --parts 16 random --vertices 1048576 --edges 2097152 --connected"
)
case "$size" in
    small) set_=("${small_set[@]}") ;;
    full) set_=("${full_set[@]}") ;;
    *) echo "graphs/build.sh: SIZE must be small or full, not '$size'" >&2; exit 1 ;;
esac

mkdir -p "$dir"
manifest="$dir/MANIFEST.tsv"
times="$dir/times.tsv"
tmp_manifest=$(mktemp)
trap 'rm -f "$tmp_manifest"' EXIT
printf '# file\tfamily\tn\tm\tseed\tsha256\tmst-gen arguments\n' >"$tmp_manifest"
printf '# file\tthreads\tgenerate_s\twrite_s\n' >"$times"
echo "graphs/build.sh: $size collection (${#set_[@]} graphs) into $dir"
for entry in "${set_[@]}"; do
    name=${entry%%|*}
    args=${entry#*|}
    file="$name$ext"
    # shellcheck disable=SC2086  # the arguments are words
    line=$("$gen" $args -o "$dir/$file")
    field() { sed -n "s/.* $1=\\([^ ]*\\).*/\\1/p" <<<"$line"; }
    sum=$(sha256sum "$dir/$file" | cut -d' ' -f1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "$(field family)" "$(field n)" "$(field m)" \
        "$(field seed)" "$sum" "$args" >>"$tmp_manifest"
    printf '%s\t%s\t%s\t%s\n' "$file" "$(field threads)" "$(field generate_s)" \
        "$(field write_s)" >>"$times"
    printf '  %-16s n=%-10s m=%-11s %ss\n' "$file" "$(field n)" "$(field m)" "$(field generate_s)"
done
mv "$tmp_manifest" "$manifest"
trap - EXIT
echo "graphs/build.sh: manifest $manifest"
