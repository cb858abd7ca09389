"""Reference data for wolfe-multibody's dynamics tests, computed by pinocchio.

For each robot (the shipped Panda and iiwa, and the generated quadruped.urdf) this
loads the URDF with pinocchio's own parser (fixed base; mimic joints independent, as
pinocchio's default), draws 20 seeded random states (q uniform within the position
limits, [-pi, pi] for continuous joints; v and a standard normal) and writes
`<robot>.json` with the states and pinocchio's M(q) (crba, symmetrized), tau = rnea(q, v, a)
and g(q) (computeGeneralizedGravity), all with the movable joints in **URDF file order**
(pinocchio numbers joints depth first; the mapping is by joint name). Continuous joints
are one angle in the file (pinocchio's (cos, sin) pair is made from it).

`quadruped_floating.json` does the same for the quadruped on a free-flyer root
(pinocchio's JointModelFreeFlyer: q = [p, quaternion x y z w], v = [linear, angular] in
the root frame), the root's coordinates first.

Usage: pip install pin; python3 make_reference.py   (writes next to this file)
"""
import json
import os
import xml.etree.ElementTree as ET

import numpy as np
import pinocchio as pin

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
ROBOTS = {
    "panda": os.path.join(REPO, "data", "robots", "franka_panda", "panda.urdf"),
    "iiwa": os.path.join(REPO, "data", "robots", "kuka_iiwa", "model.urdf"),
    "quadruped": os.path.join(HERE, "quadruped.urdf"),
}
STATES = 20


def movable_joints(path):
    """(name, type, lower, upper) of the movable joints in file order."""
    out = []
    for j in ET.parse(path).getroot().findall("joint"):
        if j.get("type") == "fixed":
            continue
        lim = j.find("limit")
        lo = float(lim.get("lower", 0)) if lim is not None else -np.pi
        hi = float(lim.get("upper", 0)) if lim is not None else np.pi
        if j.get("type") == "continuous":
            lo, hi = -np.pi, np.pi
        out.append((j.get("name"), j.get("type"), lo, hi))
    return out


def to_pin(model, joints, q_file, v_file, a_file, root=None):
    q = pin.neutral(model)
    v = np.zeros(model.nv)
    a = np.zeros(model.nv)
    if root is not None:
        q[:7], v[:6], a[:6] = root
    for k, (name, kind, _, _) in enumerate(joints):
        jm = model.joints[model.getJointId(name)]
        if jm.nq == 2:  # continuous: (cos, sin)
            q[jm.idx_q], q[jm.idx_q + 1] = np.cos(q_file[k]), np.sin(q_file[k])
        else:
            q[jm.idx_q] = q_file[k]
        v[jm.idx_v] = v_file[k]
        a[jm.idx_v] = a_file[k]
    return q, v, a


def make(name, path, floating):
    model = pin.buildModelFromUrdf(path, pin.JointModelFreeFlyer()) if floating else pin.buildModelFromUrdf(path)
    data = model.createData()
    joints = movable_joints(path)
    order = ([0, 1, 2, 3, 4, 5] if floating else []) + [model.joints[model.getJointId(j[0])].idx_v for j in joints]
    assert sorted(order) == list(range(model.nv)), (name, order)
    rng = np.random.default_rng(17 + len(name) + (100 if floating else 0))
    states, results = [], []
    for _ in range(STATES):
        q_file = [rng.uniform(lo, hi) for (_, _, lo, hi) in joints]
        v_file = rng.standard_normal(len(joints))
        a_file = rng.standard_normal(len(joints))
        root = None
        state = {}
        if floating:
            quat = rng.standard_normal(4)
            quat /= np.linalg.norm(quat)
            root = (np.concatenate([rng.uniform(-1, 1, 3), quat]), rng.standard_normal(6), rng.standard_normal(6))
            state["root_q"], state["root_v"], state["root_a"] = (list(map(float, r)) for r in root)
        q, v, a = to_pin(model, joints, q_file, v_file, a_file, root)
        m = pin.crba(model, data, q)
        m = np.triu(m) + np.triu(m, 1).T
        tau = pin.rnea(model, data, q, v, a)
        g = pin.computeGeneralizedGravity(model, data, q)
        state.update(q=list(map(float, q_file)), v=list(map(float, v_file)), a=list(map(float, a_file)))
        states.append(state)
        results.append({
            "M": [[float(m[r, c]) for c in order] for r in order],
            "tau": [float(tau[r]) for r in order],
            "g": [float(g[r]) for r in order],
        })
    out = {
        "generator": "make_reference.py with pinocchio " + pin.__version__,
        "urdf": os.path.relpath(path, REPO),
        "floating_base": floating,
        "joint_names": [j[0] for j in joints],
        "states": states,
        "results": results,
    }
    fname = os.path.join(HERE, name + ("_floating" if floating else "") + ".json")
    with open(fname, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote", fname, "nv", model.nv)


def main():
    for name, path in ROBOTS.items():
        make(name, path, False)
    make("quadruped", ROBOTS["quadruped"], True)


if __name__ == "__main__":
    main()
