"""wolfe against coal from Python, both in one run; prints the README's Python tables.

    python crates/wolfe-py/python/bench/bench_vs_coal.py [--pairs 10000] [--calls 200000]

1. Per-call overhead: `distance(s1, M1, s2, M2, req, res)` on a sphere pair.
2. Per pair, for 10^4 pairs drawn from each shipped problem set, from all three, and
   separated sphere pairs:
   - `distance_batch` on 1 thread, and on 2 threads: the speed-up in wall time, and the
     process CPU time per wall second of each run (how much of the machine it had);
   - Python loops over `wolfe.distance` and `coal.distance` on the same pairs;
   - coal's query alone, estimated as its loop minus the per-call cost of the sphere
     pair (whose query is a few tens of ns): the Python side of a call. (coal's own
     timer, `enable_timings`, counts whole microseconds per query: too coarse here.)
Single-thread times are process CPU time (time.process_time), so that a machine shared
with other jobs slows the wall clock but not them; the 2-thread speed-up is wall time
and needs an idle machine. Medians of repeated runs. Markdown rows on stdout.
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


def median_time(fn, repeats, cpu=None):
    """Median wall time of `repeats` runs; appends the median process CPU time to `cpu`
    (CPU time of all the process's threads)."""
    times, cpus = [], []
    for _ in range(repeats):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    if cpu is not None:
        cpu.append(statistics.median(cpus))
    return statistics.median(times)


def cpu_time(fn, repeats):
    """Median process CPU time of `repeats` runs of a single-threaded `fn`."""
    cpu = []
    median_time(fn, repeats, cpu)
    return cpu[0]


def per_call(lib, calls):
    s1, s2 = lib.Sphere(0.5), lib.Sphere(0.3)
    M1 = lib.Transform3s(np.eye(3), np.array([0.0, 0.0, 0.0]))
    M2 = lib.Transform3s(np.eye(3), np.array([2.0, 0.1, 0.0]))
    req, res = lib.DistanceRequest(), lib.DistanceResult()
    dist = lib.distance

    def loop():
        for _ in range(calls):
            dist(s1, M1, s2, M2, req, res)

    return cpu_time(loop, 5) / calls


def problem_pairs(n, sets):
    """n rows drawn from the given shipped sets."""
    rows = []
    for name in sets:
        set_dir, specs, set_rows = load(name)
        rows += [(name, set_dir, specs, r) for r in set_rows]
    rng = np.random.default_rng(5)
    return [rows[i] for i in rng.choice(len(rows), size=n, replace=n > len(rows))]


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


def measure(picked, overhead):
    """Per-pair times (seconds) of the batch, the loops and coal's query alone;
    `overhead`: coal's per-call cost on a sphere pair."""
    sa, sb = build(wolfe, picked)
    pa = np.array([r["pa"] for *_, r in picked])
    pb = np.array([r["pb"] for *_, r in picked])
    n = len(picked)
    m = {"n": n}
    cpu = []
    wall1 = median_time(lambda: wolfe.distance_batch(sa, pa, sb, pb, threads=1), 7, cpu)
    wall2 = median_time(lambda: wolfe.distance_batch(sa, pa, sb, pb, threads=2), 7, cpu)
    m["batch1"] = cpu[0] / n
    m["speedup"] = wall1 / wall2
    m["share1"], m["share2"] = cpu[0] / wall1, cpu[1] / wall2

    m["wolfe_loop"] = loop_time(wolfe, sa, sb, pa, pb)
    if coal:
        ca, cb = build(coal, picked)
        m["coal_loop"] = loop_time(coal, ca, cb, pa, pb)
        m["coal_query"] = m["coal_loop"] - overhead
    return m


def loop_time(lib, sa, sb, pa, pb):
    """Per-pair CPU time of `lib.distance` called in a Python loop over the pairs (the
    same loop for both libraries)."""
    n = len(sa)
    req, res = lib.DistanceRequest(), lib.DistanceResult()
    Ma = [transform(lib, p) for p in pa]
    Mb = [transform(lib, p) for p in pb]

    # The loop clears the result first: coal keeps the smaller distance of a reused
    # result (and stops early against it), which would skip work and give wrong answers.
    def loop():
        for i in range(n):
            res.clear()
            lib.distance(sa[i], Ma[i], sb[i], Mb[i], req, res)

    return cpu_time(loop, 3) / n


def us(t):
    return f"{t * 1e6:.2f} us"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=10_000)
    ap.add_argument("--calls", type=int, default=200_000)
    args = ap.parse_args()
    version = ("%d.%d.%d" % (coal.COAL_MAJOR_VERSION, coal.COAL_MINOR_VERSION, coal.COAL_PATCH_VERSION)
               if coal else "missing")
    print(f"cores: {os.cpu_count()}; wolfe {wolfe.__version__}; coal {version}; "
          f"load average at start {os.getloadavg()[0]:.1f}\n")

    w_call = per_call(wolfe, args.calls)
    c_call = per_call(coal, args.calls) if coal else float("nan")
    nan = float("nan")
    cases = [(f"the {name} set", problem_pairs(args.pairs, [name])) for name in SETS]
    cases += [("the three problem sets", problem_pairs(args.pairs, SETS)),
              ("separated sphere pairs", sphere_pairs(args.pairs))]
    results = [(label, measure(picked, c_call)) for label, picked in cases]

    print("Per call or per pair, one thread, CPU time:\n")
    print("| | wolfe | coal |\n|---|---|---|")
    print(f"| `distance` on a sphere pair, per call | {us(w_call)} | {us(c_call)} |")
    for label, m in results:
        print(f"| {m['n']} pairs of {label}: `distance_batch` vs a Python loop over `distance`, "
              f"per pair | {us(m['batch1'])} | {us(m.get('coal_loop', nan))} "
              f"({m.get('coal_loop', nan) / m['batch1']:.1f}x) |")

    print("\nBreakdown per pair (CPU time, one thread) and `distance_batch` on 2 threads:\n")
    print("| pairs | wolfe batch | wolfe Python loop | coal Python loop | of which coal's query "
          "(estimate) | coal loop / wolfe batch | coal query / wolfe batch | 2 threads / 1 (wall) "
          "| CPU per wall, 1 / 2 threads |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, m in results:
        cl, cq = m.get("coal_loop", nan), m.get("coal_query", nan)
        print(f"| {label} | {us(m['batch1'])} | {us(m['wolfe_loop'])} | {us(cl)} | {us(cq)} "
              f"| {cl / m['batch1']:.1f}x | {cq / m['batch1']:.1f}x | {m['speedup']:.2f}x "
              f"| {m['share1']:.2f} / {m['share2']:.2f} |")
    print(f"\nload average at the end {os.getloadavg()[0]:.1f} (a CPU per wall of 1.00 / 2.00 "
          "means the run had its cores to itself)")


if __name__ == "__main__":
    main()
