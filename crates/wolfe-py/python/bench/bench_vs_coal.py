"""wolfe against coal from Python, both in one run.

    python crates/wolfe-py/python/bench/bench_vs_coal.py [--pairs 10000] [--calls 200000]

1. Per-call overhead: `distance(s1, M1, s2, M2, req, res)` on a sphere pair.
2. distance_batch throughput on 10^4 pairs drawn from the shipped problem sets (all
   three; then the primitives set alone, where a query is cheap and the per-call
   overhead matters), 1 thread vs 2 threads.
3. The batch against Python loops over wolfe.distance and coal.distance on the same
   pairs.
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


def best_of(fn, repeats, cpu=None):
    """Median wall time of `repeats` runs; appends the median process CPU time to `cpu`."""
    times, cpus = [], []
    for _ in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    if cpu is not None:
        cpu.append(statistics.median(cpus))
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


def problem_pairs(n, sets):
    """n rows drawn from the given shipped sets."""
    rows = []
    for name in sets:
        set_dir, specs, set_rows = load(name)
        rows += [(name, set_dir, specs, r) for r in set_rows]
    rng = np.random.default_rng(5)
    picked = [rows[i] for i in rng.choice(len(rows), size=n, replace=n > len(rows))]
    return picked


def sphere_pairs(n):
    """n separated pairs of spheres (radii 0.1-0.5 m) at random poses, as set rows."""
    rng = np.random.default_rng(6)
    specs = {f"s{i}": {"type": "sphere", "radius": r} for i, r in enumerate(rng.uniform(0.1, 0.5, 20))}
    rows = []
    for _ in range(n):
        q = rng.normal(size=(2, 4))
        q /= np.linalg.norm(q, axis=1, keepdims=True)
        a, b = rng.choice(20, 2)
        pb = rng.normal(size=3)
        pb *= rng.uniform(1.1, 3.0) / np.linalg.norm(pb)
        rows.append(("spheres", None, specs, {"a": f"s{a}", "b": f"s{b}", "pa": np.r_[0, 0, 0, q[0]],
                                               "pb": np.r_[pb, q[1]]}))
    return rows


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

    for label, sets in (("the three problem sets", SETS), ("the primitives set", ["primitives"])):
        batch_vs_loop(label, problem_pairs(args.pairs, sets))
    batch_vs_loop("random sphere pairs", sphere_pairs(args.pairs))


def batch_vs_loop(label, picked):
    sa, sb = build(wolfe, picked)
    pa = np.array([r["pa"] for *_, r in picked])
    pb = np.array([r["pb"] for *_, r in picked])
    n = len(picked)
    cpu = []
    t1 = best_of(lambda: wolfe.distance_batch(sa, pa, sb, pb, threads=1), 7, cpu)
    t2 = best_of(lambda: wolfe.distance_batch(sa, pa, sb, pb, threads=2), 7, cpu)
    print(f"distance_batch, {n} pairs of {label}: 1 thread {t1 / n * 1e9:.0f} ns/pair, "
          f"2 threads {t2 / n * 1e9:.0f} ns/pair, speed-up {t1 / t2:.2f}x "
          f"(CPU time / wall time: {cpu[0] / t1:.2f} and {cpu[1] / t2:.2f}; "
          f"load average {os.getloadavg()[0]:.1f})")

    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    Ma = [transform(wolfe, p) for p in pa]
    Mb = [transform(wolfe, p) for p in pb]

    # Both loops clear the result first: coal keeps the smaller distance of a reused
    # result (and stops early against it), which would skip work and give wrong answers.
    def wolfe_loop():
        for i in range(n):
            res.clear()
            wolfe.distance(sa[i], Ma[i], sb[i], Mb[i], req, res)

    tw = best_of(wolfe_loop, 3)
    print(f"  Python loop over wolfe.distance: {tw / n * 1e9:.0f} ns/pair")
    if coal:
        ca, cb = build(coal, picked)
        creq, cres = coal.DistanceRequest(), coal.DistanceResult()
        Ca = [transform(coal, p) for p in pa]
        Cb = [transform(coal, p) for p in pb]

        def coal_loop():
            for i in range(n):
                cres.clear()
                coal.distance(ca[i], Ca[i], cb[i], Cb[i], creq, cres)

        tc = best_of(coal_loop, 3)
        print(f"  Python loop over coal.distance: {tc / n * 1e9:.0f} ns/pair; "
              f"the batch is {tc / t1:.1f}x (1 thread) and {tc / t2:.1f}x (2 threads) faster per pair")


if __name__ == "__main__":
    main()
