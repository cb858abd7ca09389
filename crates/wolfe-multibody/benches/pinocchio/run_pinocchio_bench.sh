#!/usr/bin/env bash
# Builds and runs bench_pinocchio.cpp against the pip wheels `pin`, `cmeel-eigen` and `cmeel-urdfdom-headers`
# (pip install pin cmeel-eigen cmeel-urdfdom-headers), -O3 for the baseline x86-64 target, as
# cargo builds wolfe (no -march=native on either side; with it, the inlined templates and
# the wheel's prebuilt libraries disagree on Eigen's alignment and the program crashes).
# usage: bash run_pinocchio_bench.sh [URDF]   (default: the repo's Panda)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
urdf="${1:-$here/../../../../data/robots/franka_panda/panda.urdf}"
prefix="$(python3 -c 'import site; print(site.getsitepackages()[0])')/cmeel.prefix"
out="${TMPDIR:-/tmp}/bench_pinocchio"
g++ -O3 -DNDEBUG -std=c++17 -DBOOST_MPL_LIMIT_LIST_SIZE=30 -DBOOST_MPL_LIMIT_VECTOR_SIZE=30 -DBOOST_MPL_CFG_NO_PREPROCESSED_HEADERS -DBOOST_FUSION_INVOKE_MAX_ARITY=12 -DPINOCCHIO_WITH_URDFDOM -DPINOCCHIO_URDFDOM_HEADERS_MAJOR_VERSION=3 -DPINOCCHIO_URDFDOM_HEADERS_MINOR_VERSION=0 -DPINOCCHIO_URDFDOM_HEADERS_PATCH_VERSION=0 "$here/bench_pinocchio.cpp" -o "$out" \
  -I"$prefix/include" -I"$prefix/include/eigen3" -I"$prefix/include/urdfdom_headers" -I"$prefix/include/urdfdom" -L"$prefix/lib" -Wl,-rpath,"$prefix/lib" \
  -lpinocchio_parsers -lpinocchio_default -lurdfdom_model -lboost_filesystem -w
"$out" "$urdf"
