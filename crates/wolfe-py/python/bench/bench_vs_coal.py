"""wolfe against coal from Python, both in one run.

    python crates/wolfe-py/python/bench/bench_vs_coal.py [--pairs 10000] [--calls 200000]

1. Per-call overhead: `distance(s1, M1, s2, M2, req, res)` on a sphere pair.
2. distance_batch throughput on 10^4 pairs of the shipped problem sets (all three sets
   cycled), 1 thread vs 2 threads.
3. The batch against a Python loop over coal.distance on the same pairs.
Times are medians of repeated runs (time.perf_counter).
"""

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from problem_sets import SETS, load, make_shape, transform  # noqa: E402

import wolfe  # noqa: E402

try:
    import coal
except ImportError:
    coal = None


def best_of(fn, repeats):
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def per_call(lib, calls):
    s1, s2 = lib.Sphere(0.5), lib.Sphere(0.3)
    M1 = lib.Transform3s(np.eye(3), np.array([0.0, 0.0, 0.0]))
    M2 = lib.Transform3s(np.eye(3), np.array([2.0, 0.1, 0.0]))
    req, res = lib.DistanceRequest(), lib.DistanceResult()
    dist = lib.distance

    def loop():
        for _ in range(calls):
            dist(s1, M1, s2, M2, req, res)

    return best_of(loop, 5) / calls


def problem_pairs(n):
    """n rows cycled over the three shipped sets: per library, shapes and transforms."""
    rows = []
    for name in SETS:
        set_dir, specs, set_rows = load(name)
        rows += [(name, set_dir, specs, r) for r in set_rows]
    rng = np.random.default_rng(5)
    picked = [rows[i] for i in rng.choice(len(rows), size=n, replace=n > len(rows))]
    return picked


def build(lib, picked):
    cache = {}
    shapes_a, shapes_b = [], []
    for name, set_dir, specs, r in picked:
        for key, out in ((r["a"], shapes_a), (r["b"], shapes_b)):
            if (name, key) not in cache:
                cache[(name, key)] = make_shape(lib, specs[key], set_dir)
            out.append(cache[(name, key)])
    return shapes_a, shapes_b


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=10_000)
    ap.add_argument("--calls", type=int, default=200_000)
    args = ap.parse_args()
    print(f"cores: {os.cpu_count()}; wolfe {wolfe.__version__}; coal "
          f"{'%d.%d.%d' % (coal.COAL_MAJOR_VERSION, coal.COAL_MINOR_VERSION, coal.COAL_PATCH_VERSION) if coal else 'missing'}")

    w_call = per_call(wolfe, args.calls)
    line = f"per-call distance, sphere pair: wolfe {w_call * 1e6:.3f} us"
    if coal:
        c_call = per_call(coal, args.calls)
        line += f", coal {c_call * 1e6:.3f} us (wolfe/coal = {w_call / c_call:.2f})"
    print(line)

    picked = problem_pairs(args.pairs)
    sa, sb = build(wolfe, picked)
    pa = np.array([r["pa"] for *_, r in picked])
    pb = np.array([r["pb"] for *_, r in picked])
    n = len(picked)
    t1 = best_of(lambda: wolfe.distance_batch(sa, pa, sb, pb, threads=1), 7)
    t2 = best_of(lambda: wolfe.distance_batch(sa, pa, sb, pb, threads=2), 7)
    print(f"distance_batch, {n} problem-set pairs: 1 thread {t1 / n * 1e9:.0f} ns/pair, "
          f"2 threads {t2 / n * 1e9:.0f} ns/pair, speed-up {t1 / t2:.2f}x")

    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    Ma = [transform(wolfe, p) for p in pa]
    Mb = [transform(wolfe, p) for p in pb]

    def wolfe_loop():
        for i in range(n):
            wolfe.distance(sa[i], Ma[i], sb[i], Mb[i], req, res)

    tw = best_of(wolfe_loop, 3)
    print(f"Python loop over wolfe.distance: {tw / n * 1e9:.0f} ns/pair")
    if coal:
        ca, cb = build(coal, picked)
        creq, cres = coal.DistanceRequest(), coal.DistanceResult()
        Ca = [transform(coal, p) for p in pa]
        Cb = [transform(coal, p) for p in pb]

        def coal_loop():
            for i in range(n):
                coal.distance(ca[i], Ca[i], cb[i], Cb[i], creq, cres)

        tc = best_of(coal_loop, 3)
        print(f"Python loop over coal.distance: {tc / n * 1e9:.0f} ns/pair; "
              f"batch (2 threads) is {tc / t2:.1f}x faster per pair")


if __name__ == "__main__":
    main()
