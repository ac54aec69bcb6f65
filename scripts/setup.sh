#!/usr/bin/env bash
# Installs the Debian packages the suite needs, only those missing (needs root and apt-get).
#   scripts/setup.sh run    build + main job: compiler, zlib, Open MPI, Python for the table
#   scripts/setup.sh test   also Criterion, the Python oracles (igraph, scipy, networkx),
#                           matplotlib, pkg-config (the C API's test), pip, venv and
#                           setuptools (pip install of python/), and clang with its
#                           runtimes: libomp for make tsan, compiler-rt's sanitizers and
#                           libFuzzer for the sanitizer and fuzzing jobs
# On machines without apt-get or network (the device machine), missing packages are reported
# and the build goes on with what is there.
set -u
what=${1:-run}
pkgs=(build-essential zlib1g-dev python3 openmpi-bin libopenmpi-dev)
if [ "$what" = test ]; then
  pkgs+=(libcriterion-dev python3-igraph python3-scipy python3-numpy python3-networkx
         pkg-config clang libomp-14-dev libclang-rt-dev python3-matplotlib python3-pip
         python3-venv python3-setuptools)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null || [ "$(id -u)" != 0 ]; then
  echo "setup: missing packages (install them as root): ${missing[*]}" >&2
  exit 0
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
{ apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2 \
  || echo "setup: apt-get failed; continuing with what is installed" >&2
exit 0
