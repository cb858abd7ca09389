"""Throughput of wolfe.rollout and of wolfe.sweep, in one sitting (docs/sweeps.md).

    python crates/wolfe-py/python/bench/bench_batch.py rollout [WORLDS] [STEPS] [BODIES]
    python crates/wolfe-py/python/bench/bench_batch.py sweep [QUERIES]

rollout: WORLDS clutter worlds (BODIES bodies, seeds 0..WORLDS) stepped one after the
other by Simulation.step (alone), then by wolfe.rollout on 1 and 2 threads (best of 3).
sweep: the pair dataset of QUERIES queries on a warm LocalCluster of 1 worker, then of 2
workers (each worker has loaded the hulls), at the default chunk size: rows per second
and the task overhead 1 - compute / (wall x workers).
"""

import sys
import tempfile
import time

import numpy as np

import wolfe
from wolfe._workloads import clutter_world


def best(f, repeats=3):
    t = []
    for _ in range(repeats):
        s = time.perf_counter()
        f()
        t.append(time.perf_counter() - s)
    return min(t)


def rollout(worlds=64, steps=20, bodies=40):
    ws = [clutter_world(np.random.default_rng(s), bodies, 1.0, 1000.0) for s in range(worlds)]

    def alone():
        for w in ws:
            wolfe.Simulation(w, time_step=0.01).step(steps)

    t_alone = best(alone)
    n = worlds * steps
    print(f"alone, one after the other: {t_alone:.3f} s ({n / t_alone:.0f} world-steps/s)")
    t1 = None
    for threads in (1, 2):
        t = best(lambda: wolfe.rollout(ws, steps, time_step=0.01, threads=threads, every=steps))
        t1 = t1 or t
        print(f"rollout, {threads} thread(s): {t:.3f} s ({n / t:.0f} world-steps/s), "
              f"x{t1 / t:.2f} over 1 thread, {100 * (t / t_alone - 1):+.1f}% against alone")
    print(f"{worlds} worlds x {steps} steps of a {bodies}-body clutter")


def sweep(queries=200_000):
    from distributed import Client

    from wolfe import sweep as sw

    params = sw.params_for("pairs", size=queries)
    base = None
    for workers in (1, 2):
        cluster = sw.local_cluster(workers)
        with Client(cluster) as client:
            with tempfile.TemporaryDirectory() as warm:  # loads the hulls on every worker
                sw.run("pairs", sw.params_for("pairs", size=workers * 1024), warm, client=client,
                       chunk_units=1, progress=False)
            with tempfile.TemporaryDirectory() as out:
                m = sw.run("pairs", params, out, client=client, progress=False)
        cluster.close()
        t = m["throughput"]
        base = base or t["items_per_second"]
        print(f"{workers} worker(s): {t['items_per_second']:.0f} queries/s, x{t['items_per_second'] / base:.2f}, "
              f"{len(m['chunks'])} chunks of {m['chunk_units'] * 1024} queries, "
              f"task overhead {100 * t['task_overhead']:.1f}%")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "rollout"
    args = [int(a) for a in sys.argv[2:]]
    {"rollout": rollout, "sweep": sweep}[what](*args)
