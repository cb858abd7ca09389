"""Reference data for wolfe-multibody's MJCF loader, computed by MuJoCo.

For each model (the Inspire hands of data/robots/inspire_hand, fixed base, and the test
scene crates/wolfe-multibody/tests/data/mjcf/tree.xml: a branched floating tree, a
fixed-base arm and a free ball) this compiles the MJCF with MuJoCo and writes
`crates/wolfe-multibody/tests/reference/mjcf_<name>.json` with
- every body's mass, centre of mass and rotational inertia about it in the body frame
  (`body_mass`, `body_ipos`, `body_iquat` and `body_inertia` of the compiled model: the
  masses and inertias MuJoCo derives from the geoms, meshes included);
- 20 seeded random states (hinge and slide coordinates uniform in their range when
  limited, else in [-1, 1]; free joints: a normal position and a random unit quaternion;
  velocities and accelerations standard normal) with M(q) (`mj_fullM`, armature
  included), the inverse dynamics tau = M a + c + g (`mj_inverse` with constraints and
  springs and dampers disabled: joint damping and springs are not part of it) and the
  gravity torques g (`qfrc_bias` at zero velocity);
- the default configuration `qpos0` (free joints: the body's pose in the file).

Everything is written in **wolfe's conventions**. MuJoCo's free joint has
qpos = [p, w x y z] and qvel = [linear velocity in the world frame, angular velocity in
the body frame]; wolfe's floating joint has q = [p, x y z w] and v = [linear velocity
in the body frame, angular velocity in the body frame]. With R the body's rotation,
v_wolfe = T v_mujoco for T = diag(R^T, I) on the joint's six velocities (identity
elsewhere, T orthogonal), so M_wolfe = T M T^T, tau_wolfe = T tau, g_wolfe = T g, and the
acceleration a_wolfe = T a + dT/dt v, whose linear part is R^T a_lin - w x (R^T v_lin).

Usage: pip install mujoco; python3 scripts/peers/mujoco_mjcf_reference.py
"""
import json
import os

import mujoco
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(REPO, "crates", "wolfe-multibody", "tests", "reference")
MODELS = {
    "inspire_right": os.path.join(REPO, "data", "robots", "inspire_hand", "inspire_right_hand.xml"),
    "inspire_left": os.path.join(REPO, "data", "robots", "inspire_hand", "inspire_left_hand.xml"),
    "tree": os.path.join(REPO, "crates", "wolfe-multibody", "tests", "data", "mjcf", "tree.xml"),
}
STATES = 20
FREE, SLIDE, HINGE = (int(mujoco.mjtJoint.mjJNT_FREE), int(mujoco.mjtJoint.mjJNT_SLIDE), int(mujoco.mjtJoint.mjJNT_HINGE))


def quat_mat(q):
    m = np.zeros(9)
    mujoco.mju_quat2Mat(m, np.asarray(q, dtype=float))
    return m.reshape(3, 3)


def random_state(m, rng):
    """MuJoCo qpos, qvel, qacc."""
    qpos = np.zeros(m.nq)
    for j in range(m.njnt):
        a = m.jnt_qposadr[j]
        t = int(m.jnt_type[j])
        if t == FREE:
            qpos[a : a + 3] = rng.normal(size=3)
            q = rng.normal(size=4)
            qpos[a + 3 : a + 7] = q / np.linalg.norm(q)
        elif t in (HINGE, SLIDE):
            lo, hi = m.jnt_range[j] if m.jnt_limited[j] else (-1.0, 1.0)
            qpos[a] = rng.uniform(lo, hi)
        else:
            raise ValueError("ball joints are not in the test models")
    return qpos, rng.normal(size=m.nv), rng.normal(size=m.nv)


def frame_map(m, qpos, qvel):
    """T (v_wolfe = T v_mujoco) and dT/dt v, for the free joints."""
    t = np.eye(m.nv)
    tdot_v = np.zeros(m.nv)
    for j in range(m.njnt):
        if int(m.jnt_type[j]) != FREE:
            continue
        a, d = m.jnt_qposadr[j], m.jnt_dofadr[j]
        r = quat_mat(qpos[a + 3 : a + 7])
        t[d : d + 3, d : d + 3] = r.T
        v_body = r.T @ qvel[d : d + 3]
        w = qvel[d + 3 : d + 6]
        tdot_v[d : d + 3] = -np.cross(w, v_body)
    return t, tdot_v


def wolfe_q(m, qpos):
    q = []
    for j in range(m.njnt):
        a = m.jnt_qposadr[j]
        if int(m.jnt_type[j]) == FREE:
            w, x, y, z = qpos[a + 3 : a + 7]
            q += list(qpos[a : a + 3]) + [x, y, z, w]
        else:
            q.append(qpos[a])
    return q


def reference(path, seed):
    m = mujoco.MjModel.from_xml_path(path)
    m.opt.disableflags |= (
        mujoco.mjtDisableBit.mjDSBL_CONSTRAINT | mujoco.mjtDisableBit.mjDSBL_SPRING | mujoco.mjtDisableBit.mjDSBL_DAMPER
    )
    d = mujoco.MjData(m)
    rng = np.random.default_rng(seed)
    bodies = []
    for b in range(1, m.nbody):
        r = quat_mat(m.body_iquat[b])
        bodies.append(
            {
                "name": mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, b),
                "mass": float(m.body_mass[b]),
                "com": m.body_ipos[b].tolist(),
                "inertia": (r @ np.diag(m.body_inertia[b]) @ r.T).tolist(),
            }
        )
    states = []
    for _ in range(STATES):
        qpos, qvel, qacc = random_state(m, rng)
        d.qpos[:], d.qvel[:], d.qacc[:] = qpos, qvel, qacc
        mujoco.mj_inverse(m, d)
        full = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, full)
        tau = d.qfrc_inverse.copy()
        d.qvel[:] = 0.0
        mujoco.mj_inverse(m, d)
        g = d.qfrc_bias.copy()
        t, tdot_v = frame_map(m, qpos, qvel)
        states.append(
            {
                "q": wolfe_q(m, qpos),
                "v": (t @ qvel).tolist(),
                "a": (t @ qacc + tdot_v).tolist(),
                "M": (t @ full @ t.T).tolist(),
                "tau": (t @ tau).tolist(),
                "g": (t @ g).tolist(),
            }
        )
    names = [mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, j) or "" for j in range(m.njnt)]
    return {
        "source": f"mujoco {mujoco.__version__}",
        "model": os.path.relpath(path, REPO),
        "joint_names": names,
        "gravity": m.opt.gravity.tolist(),
        "qpos0": wolfe_q(m, m.qpos0),
        "bodies": bodies,
        "states": states,
    }


def main():
    for k, (name, path) in enumerate(sorted(MODELS.items())):
        out = os.path.join(OUT, f"mjcf_{name}.json")
        with open(out, "w") as f:
            json.dump(reference(path, 1000 + k), f, indent=0)
            f.write("\n")
        print("wrote", out)


if __name__ == "__main__":
    main()
