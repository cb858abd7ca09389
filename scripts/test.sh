#!/usr/bin/env bash
# All the tests, Rust and Python: the README's test command (CI runs it from .ci/run).
#   bash scripts/test.sh
# 1. the viewer tests' tools where npm exists (the glTF validator, locked by
#    crates/wolfe-view/web/package-lock.json; the browser test uses Debian's chromium when
#    installed, and is skipped with a message without it unless CI is set);
# 2. cargo test --workspace (optimized test profile, see Cargo.toml);
# 3. the Python package: pip install "./crates/wolfe-py[distributed]" (maturin builds it into target/; the extra brings dask for the sweep tests),
#    then pytest on crates/wolfe-py/python/tests (coal agreement tests skip with a message
#    when coal cannot be installed).
# Logs: target/test-rust.log, target/test-python.log.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target

if command -v npm >/dev/null; then
  npm ci --prefix crates/wolfe-view/web --no-audit --no-fund --silent
fi

echo "== cargo test --workspace"
cargo test --workspace 2>&1 | tee target/test-rust.log

echo "== Python: pip install ./crates/wolfe-py, pytest"
python3 -m pip install --quiet "./crates/wolfe-py[distributed]" pytest numpy
python3 -m pip install --quiet coal || echo "coal did not install: the coal agreement tests will be skipped"
# pytest exits 5 when it collected no tests: any non-zero status fails (pipefail passes
# pytest's status through tee).
python3 -m pytest crates/wolfe-py/python/tests -q -rs 2>&1 | tee target/test-python.log
