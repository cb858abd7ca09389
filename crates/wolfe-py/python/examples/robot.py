"""A URDF robot from Python: the shipped Franka Panda holding a pose under gravity with PD
control while YCB objects fall on it (the `panda-drop` scene in a few lines), then moving
its first joint; the robot and the objects are one World of the one simulator, written
as `wolfe sim` writes a run (with joints.csv for the robot's joints).

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

dt = 5e-3
# Near-rigid contact, inelastic (dissipation time scale dt), friction 1: the robot scenes'.
material = wolfe.Material(dissipation_time_scale=dt)
world = wolfe.World()
world.add_ground(material)
arm = world.add_urdf(data / "robots/franka_panda/panda.urdf", kp=kp, q_target=q_star, material=material)
for k, name in enumerate(["013_apple", "077_rubiks_cube", "005_tomato_soup_can"]):
    hull = wolfe.load_convex(data / "ycb" / f"{name}.obj")
    world.add_body(hull, [0.45, -0.15 + 0.15 * k, 0.7 + 0.1 * k, 1, 0, 0, 0], density=800.0, name=name,
                   material=material)
print("joints:", world.joint_names(arm))

# A world with a robot runs with persistent contacts (resting hulls settle).
with wolfe.Simulation(world, time_step=dt, out=out, title="panda from Python") as sim:
    sim.step(200)
    print("after 1 s: max |q - q*| =", np.abs(sim.joint_positions(arm) - q_star).max().round(5), "rad")
    target = np.array(q_star)
    target[0] = 0.5
    sim.set_targets(arm, target)
    info = sim.step(300)
    touching = sorted({f"{a}/{b}" for a, b in zip(sim.contacts["name_a"], sim.contacts["name_b"])})
    print(f"after 2.5 s: joint 1 at {sim.joint_positions(arm)[0]:.3f} rad (target 0.5), "
          f"{info.contacts} contacts ({', '.join(touching)}), SAP {info.sap_status}")
print(f"wrote {out}/: steps.csv, joints.csv, scene.csv, trajectory.csv, contacts.csv, summary.md, view.html")
