#!/usr/bin/env bash
# What the install profile costs and saves (the README's "first contact" numbers):
# 1. the first `cargo build --release -p wolfe-cli` from an empty target dir (the install
#    profile: no cross-crate LTO, 16 codegen units), wall and CPU time;
# 2. the same for `--profile dist` (thin LTO, one codegen unit: the benchmarks' build);
# 3. the speed of both binaries on `wolfe bench meshes --quick`: the median over problems
#    of vanilla GJK's distance time (ns), each binary run REPEATS times alternately.
# Prints a Markdown table. Takes as long as two full builds (tens of minutes on 2 cores).
#   bash scripts/install-cost.sh [DIR] [REPEATS]     (DIR default /tmp/wolfe-install-cost)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/wolfe-install-cost}
repeats=${2:-3}
rm -rf "$dir"
mkdir -p "$dir"

build() { # PROFILE: prints "wall_s cpu_s" of a build from nothing into $dir/PROFILE
  local profile=$1
  /usr/bin/time -f "%e %U %S" -o "$dir/$profile.time" \
    env CARGO_TARGET_DIR="$dir/$profile-target" cargo build --quiet --profile "$profile" -p wolfe-cli
  awk '{printf "%.0f %.0f", $1, $2 + $3}' "$dir/$profile.time"
}

median_gjk_ns() { # BINARY RUN: the median ns of vanilla GJK's distance queries in one run
  "$1" bench meshes --quick --out "$dir/run-$2" >/dev/null
  python3 - "$dir/run-$2/meshes.csv" <<'PY'
import csv, statistics, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["solver"] == "gjk" and r["task"] == "distance"]
print(statistics.median(float(r["ns"]) for r in rows))
PY
}

read -r release_wall release_cpu <<<"$(build release)"
read -r dist_wall dist_cpu <<<"$(build dist)"
release_ns=()
dist_ns=()
for i in $(seq "$repeats"); do
  release_ns+=("$(median_gjk_ns "$dir/release-target/release/wolfe" "release-$i")")
  dist_ns+=("$(median_gjk_ns "$dir/dist-target/dist/wolfe" "dist-$i")")
done
med() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
r=$(med "${release_ns[@]}")
d=$(med "${dist_ns[@]}")
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| profile | first build of the CLI, wall (CPU) | bench meshes --quick, median GJK distance ns (runs) |"
echo "|---|---|---|"
echo "| release (installs) | ${release_wall} s (${release_cpu} s) | $r (${release_ns[*]}) |"
echo "| dist (benchmarks) | ${dist_wall} s (${dist_cpu} s) | $d (${dist_ns[*]}) |"
echo
python3 -c "print(f'install profile speed: {$r / $d:.2f}x the time of dist')"
