#!/usr/bin/env bash
# Builds and runs bench_pinocchio.cpp against the pip wheels `pin` and `cmeel-eigen`
# (pip install pin cmeel-eigen), -O3 -march=native as pinocchio's own benchmarks.
# usage: bash run_pinocchio_bench.sh [URDF]   (default: the repo's Panda)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
urdf="${1:-$here/../../../../data/robots/franka_panda/panda.urdf}"
prefix="$(python3 -c 'import site; print(site.getsitepackages()[0])')/cmeel.prefix"
out="${TMPDIR:-/tmp}/bench_pinocchio"
g++ -O3 -march=native -DNDEBUG -std=c++17 "$here/bench_pinocchio.cpp" -o "$out" \
  -I"$prefix/include" -I"$prefix/include/eigen3" -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" \
  -lpinocchio_parsers -lpinocchio_default -lurdfdom_model -lboost_filesystem -lboost_system 2>&1 | grep -v "warning" || true
"$out" "$urdf"
