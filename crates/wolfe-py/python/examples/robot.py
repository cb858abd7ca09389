"""A URDF robot from Python: the shipped Franka Panda holding a pose under gravity with PD
control while YCB objects fall on it (the `panda-drop` scene in a few lines), then moving
its first joint; written as `wolfe sim urdf` writes a run.

    python robot.py [OUT]           # default OUT: ./robot-out; open OUT/view.html
"""

import pathlib
import sys

import numpy as np

import wolfe

data = pathlib.Path(__file__).resolve().parents[4] / "data"
out = sys.argv[1] if len(sys.argv) > 1 else "robot-out"

q_star = [0.0, 0.2, 0.0, -1.9, 0.0, 2.1, 0.785, 0.02, 0.02]  # 7 arm joints (rad), 2 fingers (m)
kp = [400.0, 400.0, 400.0, 400.0, 250.0, 150.0, 100.0, 100.0, 100.0]

world = wolfe.RobotWorld()
world.add_floor()
arm = world.add_urdf(data / "robots/franka_panda/panda.urdf", kp=kp, q_target=q_star)
for k, name in enumerate(["013_apple", "077_rubiks_cube", "005_tomato_soup_can"]):
    hull = wolfe.load_convex(data / "ycb" / f"{name}.obj")
    world.add_object(hull, [0.45, -0.15 + 0.15 * k, 0.7 + 0.1 * k, 1, 0, 0, 0], density=800.0, name=name)
print("joints:", world.joint_names(arm))

with wolfe.RobotSimulation(world, time_step=5e-3, out=out, title="panda from Python") as sim:
    sim.step(200)
    print("after 1 s: max |q - q*| =", np.abs(sim.positions(arm) - q_star).max().round(5), "rad")
    target = np.array(q_star)
    target[0] = 0.5
    sim.set_targets(arm, target)
    info = sim.step(300)
    print(f"after 2.5 s: joint 1 at {sim.positions(arm)[0]:.3f} rad (target 0.5), "
          f"{info.contacts} contacts, SAP {info.sap_status}")
print(f"wrote {out}/: steps.csv, scene.csv, trajectory.csv, contacts.csv, summary.md, view.html")
