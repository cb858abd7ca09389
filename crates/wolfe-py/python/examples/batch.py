"""distance_batch: 10^4 pose pairs of a mug-sized convex hull against a box, on every core.

    python batch.py
"""

import time

import numpy as np

import wolfe

rng = np.random.default_rng(0)
n = 10_000
hull = wolfe.convex_hull(rng.normal(size=(500, 3)) * [0.04, 0.04, 0.06])
box = wolfe.Box(0.1, 0.2, 0.05)


def random_poses(count, spread):
    q = rng.normal(size=(count, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return np.hstack([rng.uniform(-spread, spread, size=(count, 3)), q])  # x, y, z, qw, qx, qy, qz


poses_a, poses_b = random_poses(n, 0.01), random_poses(n, 0.3)
start = time.perf_counter()
out = wolfe.distance_batch(hull, poses_a, box, poses_b)  # default: signed, all cores
elapsed = time.perf_counter() - start
print(f"{n} pairs in {elapsed * 1e3:.1f} ms ({elapsed / n * 1e9:.0f} ns per pair)")
print(f"overlapping: {np.sum(out.distance < 0)}, nearest: {out.distance.min():.4f} m")
for s in (wolfe.Status.Converged, wolfe.Status.Intersecting, wolfe.Status.IterationLimit):
    print(f"{s}: {int(np.sum(out.status == int(s)))} pairs")
print("certified: lower <= distance <= upper on every row:",
      bool(np.all((out.lower_bound <= out.distance + 1e-12) & (out.distance <= out.upper_bound + 1e-12))))
