"""The simulator from Python: boxes and spheres dropped on the ground, written as `wolfe sim`
writes a run (steps.csv, the trajectory, summary.md, view.html), then plots steps.csv.

    python simulate.py [OUT]        # default OUT: ./sim-out; open OUT/view.html
"""

import sys

import numpy as np

import wolfe

out = sys.argv[1] if len(sys.argv) > 1 else "sim-out"
world = wolfe.World()
world.add_ground(wolfe.Material(friction=0.5))
rng = np.random.default_rng(1)
for k in range(12):
    shape = wolfe.Box(0.1, 0.15, 0.08) if k % 2 else wolfe.Sphere(0.06)
    q = rng.normal(size=4)
    world.add_body(shape, np.r_[rng.uniform(-0.2, 0.2, 2), 0.15 + 0.2 * k, q / np.linalg.norm(q)])

with wolfe.Simulation(world, time_step=0.004, out=out, title="python drop") as sim:
    for _ in range(750):  # 3 s; each step runs without the GIL
        info = sim.step()
    print(f"t = {sim.time:.2f} s, {info.contacts} contacts, {info.newton_iterations} Newton iterations, "
          f"kinetic energy {sim.kinetic_energy:.2e} J")
    print("lowest body centre:", sim.poses[:, 2].min().round(4), "m")
print(f"wrote {out}/: steps.csv, scene.csv, trajectory.csv, contacts.csv, summary.md, view.html")

try:  # the per-step plot, with matplotlib when it is installed
    import csv

    import matplotlib.pyplot as plt

    with open(f"{out}/steps.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    plt.plot([float(r["time"]) for r in rows], [int(r["newton_iterations"]) for r in rows])
    plt.xlabel("time (s)")
    plt.ylabel("SAP Newton iterations")
    plt.savefig(f"{out}/iterations.png")
except ImportError:
    pass
