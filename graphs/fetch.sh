#!/usr/bin/env bash
# graphs/fetch.sh: downloads the public input graphs of the source papers and converts them to .msb
# with mst-convert. THIS NEEDS INTERNET ACCESS (sparse.tamu.edu and www.diag.uniroma1.it, several
# GB for everything); the device machine has none, and no test depends on this script.
#
#   - ECL-MST (Fallin et al. 2023) Table 2's public real-world graphs, from the SuiteSparse Matrix
#     Collection (https://sparse.tamu.edu, Matrix Market .tar.gz): amazon0601, as-skitter,
#     citationCiteseer, cit-Patents, coPapersDBLP, delaunay_n24, europe_osm, in-2004, internet,
#     kron_g500-logn21, soc-LiveJournal1. Table 2's Galois inputs (2d-2e20, r4-2e23, rmat16,
#     rmat22) are not published as files: `mst-gen preset NAME` makes their analogues.
#   - DIMACS-9 shortest-path challenge road networks, distance graphs USA-road-d.* (NY and USA are
#     in Table 2), from https://www.diag.uniroma1.it/challenge9/download.shtml.
#
# Usage: graphs/fetch.sh [--list] [--dir DIR] [NAME...]     (default DIR: data/fetch; all names)
# Every download is checked against graphs/fetch.sha256 (sha256sum format). The official sites
# publish no checksums, so a file not pinned there yet is accepted on first download and its
# sha256 is recorded in DIR/fetched.sha256, with a message: copy the line into graphs/fetch.sha256
# to pin it. After conversion the vertex count n in the .msb header is compared with the
# published one (Table 2, the DIMACS-9 page), which checks the content independently of bytes.
# Output: DIR/NAME.msb (weights: the file's; unweighted graphs stay unweighted, so solvers draw
# --weights random as for any unweighted input) and DIR/fetch-manifest.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=data/fetch
list_only=0
names=()
while [ $# -gt 0 ]; do
    case "$1" in
        --list) list_only=1 ;;
        --dir) dir=$2; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "graphs/fetch.sh: unknown option $1" >&2; exit 1 ;;
        *) names+=("$1") ;;
    esac
    shift
done

SS=https://sparse.tamu.edu/MM
D9=https://www.diag.uniroma1.it/challenge9/data/USA-road-d
# name|url|n (published vertex count)|source
catalog=(
    "amazon0601|$SS/SNAP/amazon0601.tar.gz|403394|ECL-MST Table 2 (SNAP via SuiteSparse)"
    "as-skitter|$SS/SNAP/as-Skitter.tar.gz|1696415|ECL-MST Table 2 (SNAP via SuiteSparse)"
    "citationCiteseer|$SS/DIMACS10/citationCiteseer.tar.gz|268495|ECL-MST Table 2 (DIMACS-10)"
    "cit-Patents|$SS/SNAP/cit-Patents.tar.gz|3774768|ECL-MST Table 2 (SNAP via SuiteSparse)"
    "coPapersDBLP|$SS/DIMACS10/coPapersDBLP.tar.gz|540486|ECL-MST Table 2 (DIMACS-10)"
    "delaunay_n24|$SS/DIMACS10/delaunay_n24.tar.gz|16777216|ECL-MST Table 2 (DIMACS-10)"
    "europe_osm|$SS/DIMACS10/europe_osm.tar.gz|50912018|ECL-MST Table 2 (DIMACS-10)"
    "in-2004|$SS/LAW/in-2004.tar.gz|1382908|ECL-MST Table 2 (LAW via SuiteSparse)"
    "internet|$SS/Pajek/internet.tar.gz|124651|ECL-MST Table 2 (Pajek via SuiteSparse)"
    "kron_g500-logn21|$SS/DIMACS10/kron_g500-logn21.tar.gz|2097152|ECL-MST Table 2 (DIMACS-10)"
    "soc-LiveJournal1|$SS/SNAP/soc-LiveJournal1.tar.gz|4847571|ECL-MST Table 2 (SNAP via SuiteSparse)"
    "USA-road-d.NY|$D9/USA-road-d.NY.gr.gz|264346|DIMACS-9; ECL-MST Table 2"
    "USA-road-d.BAY|$D9/USA-road-d.BAY.gr.gz|321270|DIMACS-9"
    "USA-road-d.COL|$D9/USA-road-d.COL.gr.gz|435666|DIMACS-9"
    "USA-road-d.FLA|$D9/USA-road-d.FLA.gr.gz|1070376|DIMACS-9"
    "USA-road-d.NW|$D9/USA-road-d.NW.gr.gz|1207945|DIMACS-9"
    "USA-road-d.NE|$D9/USA-road-d.NE.gr.gz|1524453|DIMACS-9"
    "USA-road-d.CAL|$D9/USA-road-d.CAL.gr.gz|1890815|DIMACS-9"
    "USA-road-d.LKS|$D9/USA-road-d.LKS.gr.gz|2758119|DIMACS-9"
    "USA-road-d.E|$D9/USA-road-d.E.gr.gz|3598623|DIMACS-9"
    "USA-road-d.W|$D9/USA-road-d.W.gr.gz|6262104|DIMACS-9"
    "USA-road-d.CTR|$D9/USA-road-d.CTR.gr.gz|14081816|DIMACS-9"
    "USA-road-d.USA|$D9/USA-road-d.USA.gr.gz|23947347|DIMACS-9; ECL-MST Table 2"
)

selected=()
for entry in "${catalog[@]}"; do
    name=${entry%%|*}
    if [ ${#names[@]} -eq 0 ] || printf '%s\n' "${names[@]}" | grep -qxF "$name"; then
        selected+=("$entry")
    fi
done
if [ ${#names[@]} -gt 0 ] && [ ${#selected[@]} -ne ${#names[@]} ]; then
    echo "graphs/fetch.sh: unknown name among: ${names[*]} (see --list)" >&2
    exit 1
fi
if [ "$list_only" = 1 ]; then
    for entry in "${selected[@]}"; do
        IFS='|' read -r name url n source <<<"$entry"
        printf '%-18s n=%-9s %s\n    %s\n' "$name" "$n" "$source" "$url"
    done
    exit 0
fi

echo "graphs/fetch.sh: downloading ${#selected[@]} graphs into $dir -- this needs internet access"
command -v curl >/dev/null || { echo "graphs/fetch.sh: curl is needed" >&2; exit 1; }
[ -x bin/mst-convert ] || { echo "graphs/fetch.sh: bin/mst-convert is missing (make all)" >&2; exit 1; }
probe=${selected[0]#*|}
probe=${probe%%|*}
if ! curl -fsSIL --max-time 20 -o /dev/null "$probe"; then
    echo "graphs/fetch.sh: error: cannot reach ${probe%/*} -- no internet access here?" \
         "(this script is for machines with internet; nothing else needs it)" >&2
    exit 2
fi

mkdir -p "$dir/raw"
pinned=graphs/fetch.sha256
recorded="$dir/fetched.sha256"
manifest="$dir/fetch-manifest.tsv"
[ -f "$manifest" ] || printf '# file\tn\tm\tsha256 of the download\tsource\n' >"$manifest"
status=0
for entry in "${selected[@]}"; do
    IFS='|' read -r name url n_expect source <<<"$entry"
    raw="$dir/raw/${url##*/}"
    out="$dir/$name.msb"
    echo "== $name ($source)"
    if [ ! -s "$raw" ]; then
        curl -fL --retry 3 --max-time 3600 -o "$raw.part" "$url"
        mv "$raw.part" "$raw"
    fi
    sum=$(sha256sum "$raw" | cut -d' ' -f1)
    want=$(awk -v f="${raw##*/}" '$2 == f || $2 == "*" f {print $1}' "$pinned" 2>/dev/null | head -1)
    if [ -n "$want" ] && [ "$want" != "$sum" ]; then
        echo "graphs/fetch.sh: error: ${raw##*/}: sha256 $sum, expected $want (pinned in $pinned; delete the file to download it again)" >&2
        status=2
        continue
    elif [ -z "$want" ]; then
        grep -q " ${raw##*/}\$" "$recorded" 2>/dev/null || echo "$sum  ${raw##*/}" >>"$recorded"
        echo "   no pinned checksum yet: recorded '$sum  ${raw##*/}' in $recorded" \
             "(copy it into $pinned to pin it)"
    fi
    src=$raw
    if [[ "$raw" == *.tar.gz ]]; then # SuiteSparse: BASE/BASE.mtx inside (BASE as in the url)
        base=${raw##*/}
        base=${base%.tar.gz}
        src="$dir/raw/$base.mtx"
        [ -s "$src" ] || tar -xzOf "$raw" "$base/$base.mtx" >"$src"
    fi
    bin/mst-convert "$src" "$out"
    n=$(od -An -tu4 -j16 -N4 "$out" | tr -d ' ')
    m=$(od -An -tu8 -j24 -N8 "$out" | tr -d ' ')
    if [ "$n" != "$n_expect" ]; then
        echo "graphs/fetch.sh: error: $out: n=$n, the published count is $n_expect" >&2
        status=2
    fi
    grep -v "^${out##*/}	" "$manifest" >"$manifest.tmp" || true
    printf '%s\t%s\t%s\t%s\t%s\n' "${out##*/}" "$n" "$m" "$sum" "$source" >>"$manifest.tmp"
    mv "$manifest.tmp" "$manifest"
    echo "   $out: n=$n m=$m"
done
echo "graphs/fetch.sh: done; manifest $manifest"
exit $status
