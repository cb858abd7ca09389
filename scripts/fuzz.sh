#!/usr/bin/env bash
# Runs each fuzz target (fuzz/, issue 21) for a bounded time on stable Rust; CI calls it
# from .ci/run. See docs/fuzzing.md.
#   bash scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 20 s, all six)
#   bash scripts/fuzz.sh --build-only [TARGET...]              (build them, fuzz nothing)
# Targets: obj stl problem_set urdf mjcf query.
#
# The binaries are libfuzzer-sys targets built with plain `cargo build` and the RUSTFLAGS
# that `cargo fuzz build -s none` passes (coverage instrumentation, `--cfg fuzzing`, debug
# assertions), so CI needs no cargo-fuzz install; a developer can equally run
# `cargo fuzz run -s none TARGET` in fuzz/. Each run starts from fuzz/seeds/TARGET (read
# only: new corpus entries go to fuzz/target/corpus/TARGET),
# and stops at the first failure, leaving the input in fuzz/artifacts/TARGET/ and a
# non-zero exit. Per-target logs: fuzz/target/fuzz-TARGET.log.
#
# Environment: FUZZ_JOBS (parallel fuzzing processes per target, default 1),
# FUZZ_TARGETS_AT_ONCE (targets fuzzed side by side, each for its full time, default 1;
# CI sets its core count: libFuzzer runs on one core),
# WOLFE_FUZZ_STRICT=1 (the query target checks every case, not only the moderate ones).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

build_only=false
if [ "${1:-}" = --build-only ]; then build_only=true; fi
seconds=${1:-20}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(obj stl problem_set urdf mjcf query)
fi

triple=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cllvm-args=-sanitizer-coverage-stack-depth \
--cfg fuzzing -Cdebug-assertions"
echo "== build the fuzz targets (${targets[*]}) for $triple"
bins=()
for t in "${targets[@]}"; do bins+=(--bin "$t"); done
cargo build --locked --release --target "$triple" "${bins[@]}"
if $build_only; then exit 0; fi

# The targets' scratch files (one input written per run), in memory where possible.
scratch=$(mktemp -d -p "$( [ -d /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")" wolfe-fuzz.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
export WOLFE_FUZZ_SCRATCH=$scratch

# Fuzzes one target for $seconds s; its status is the fuzzer's.
fuzz_one() {
  local t=$1 corpus=target/corpus/$1 jobs=()
  mkdir -p "$corpus" "artifacts/$t"
  # -timeout: one input slower than 10 s is a hang (a crash); -rss_limit_mb: 2 GB;
  # -max_len: 64 kB inputs (files and cases are small).
  local dirs=("$corpus")
  # Seeds only: the saved regressions include open failures (replayed by
  # crates/wolfe-lab/tests/fuzz_regressions.rs, #[ignore]d while open).
  [ -d "seeds/$t" ] && dirs+=("seeds/$t")
  if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS"); fi
  "target/$triple/release/$t" "${dirs[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 "${jobs[@]}" \
    -artifact_prefix="artifacts/$t/" -print_final_stats=1 >"target/fuzz-$t.log" 2>&1
}

# The targets in groups of FUZZ_TARGETS_AT_ONCE, side by side; each reported in order.
at_once=${FUZZ_TARGETS_AT_ONCE:-1}
status=0
for ((i = 0; i < ${#targets[@]}; i += at_once)); do
  group=("${targets[@]:i:at_once}")
  pids=()
  for t in "${group[@]}"; do
    echo "== fuzz $t for ${seconds}s"
    fuzz_one "$t" &
    pids+=($!)
  done
  for j in "${!group[@]}"; do
    t=${group[j]}
    log=target/fuzz-$t.log
    if wait "${pids[j]}"; then
      echo "$t: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s}') runs, no failure"
    else
      status=1
      echo "$t: FAILED, input in fuzz/artifacts/$t/; the end of $log:"
      tail -40 "$log"
    fi
  done
done
exit $status
