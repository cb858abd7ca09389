"""The three workloads of ``wolfe.sweep``: a pair-query dataset on the YCB hulls,
randomized scenes (clutter or panda-drop), and the SAP slip study (Figs. 14-15).

A workload turns its parameters into a list of *units* (a block of 1024 pair queries,
or one scene job) and computes any contiguous range of units into a dict of numpy
arrays, one row per item. Every unit draws its random numbers from its own generator,
``numpy.random.default_rng([seed, unit])``, so that the results do not depend on how
the units are cut into chunks, on the worker that computes them, or on retries: a sweep
on a cluster gives bit for bit the rows of a serial run.
"""

from __future__ import annotations

import os
import pathlib

import numpy as np

import wolfe

#: Pair queries per unit of the pair dataset.
PAIR_BLOCK = 1024
#: Standard gravity of the scenes, m/s^2.
GRAVITY = 9.81
#: The Panda's panda-drop targets and gains (as in wolfe-lab's robot scenes).
PANDA_Q_STAR = [0.0, 0.2, 0.0, -1.9, 0.0, 2.1, 0.785, 0.02, 0.02]
PANDA_KP = [400.0, 400.0, 400.0, 400.0, 250.0, 150.0, 100.0, 100.0, 100.0]

_HULLS: dict[str, list] = {}


def find_data(data: str | None) -> pathlib.Path:
    """The repository's ``data/`` folder: ``data``, else ``$WOLFE_DATA``, else the first
    ``data/`` holding ``ycb/`` found from the working directory upwards."""
    if data:
        p = pathlib.Path(data)
    elif os.environ.get("WOLFE_DATA"):
        p = pathlib.Path(os.environ["WOLFE_DATA"])
    else:
        here = pathlib.Path.cwd().resolve()
        p = next((d / "data" for d in (here, *here.parents) if (d / "data" / "ycb").is_dir()), here / "data")
    if not (p / "ycb").is_dir():
        raise FileNotFoundError(f"no YCB hulls under {p}/ycb: pass --data DIR or set WOLFE_DATA")
    return p


def hulls(data: str) -> list:
    """The YCB hulls (sorted by file name), loaded once per process."""
    if data not in _HULLS:
        files = sorted((pathlib.Path(data) / "ycb").glob("*.obj"))
        if not files:
            raise FileNotFoundError(f"no .obj hulls in {data}/ycb")
        _HULLS[data] = [wolfe.load_convex(str(f)) for f in files]
    return _HULLS[data]


def _quaternions(rng: np.random.Generator, n: int) -> np.ndarray:
    """Uniform random unit quaternions (w, x, y, z), one per row."""
    q = rng.standard_normal((n, 4))
    return q / np.linalg.norm(q, axis=1, keepdims=True)


# ---------------------------------------------------------------------------- pairs


def pairs_units(p: dict) -> int:
    """Blocks of ``PAIR_BLOCK`` queries covering ``size`` queries."""
    return -(-int(p["size"]) // PAIR_BLOCK)


def pairs_compute(p: dict, start: int, stop: int) -> dict:
    """Queries of units ``[start, stop)``: random YCB hull pairs at random poses (A and B
    uniform in a cube of half-width ``spread``, uniform rotations), with distance
    (negative on overlap), witness points, normal, status and the certificate (lower
    and upper bounds) of ``wolfe.distance_batch`` on one thread."""
    shapes = hulls(p["data"])
    spread = float(p.get("spread", 0.12))
    rows = []
    for unit in range(start, stop):
        rng = np.random.default_rng([int(p["seed"]), unit])
        n = min(PAIR_BLOCK, int(p["size"]) - unit * PAIR_BLOCK)
        ia = rng.integers(0, len(shapes), n)
        ib = rng.integers(0, len(shapes), n)
        pa = np.hstack([rng.uniform(-spread, spread, (n, 3)), _quaternions(rng, n)])
        pb = np.hstack([rng.uniform(-spread, spread, (n, 3)), _quaternions(rng, n)])
        r = wolfe.distance_batch([shapes[i] for i in ia], pa, [shapes[i] for i in ib], pb, threads=1)
        rows.append(
            dict(
                shape_a=ia.astype(np.int32),
                shape_b=ib.astype(np.int32),
                pose_a=pa,
                pose_b=pb,
                distance=np.asarray(r.distance),
                point_a=np.asarray(r.point_a),
                point_b=np.asarray(r.point_b),
                normal=np.asarray(r.normal),
                status=np.asarray(r.status),
                iterations=np.asarray(r.iterations),
                lower_bound=np.asarray(r.lower_bound),
                upper_bound=np.asarray(r.upper_bound),
            )
        )
    return {k: np.concatenate([r[k] for r in rows]) for k in rows[0]}


# ---------------------------------------------------------------------------- scenes


def clutter_world(rng: np.random.Generator, bodies: int, friction: float, density: float):
    """A clutter scene from the Python World API (the SAP paper's Section VI-C setup, in
    small): boxes (10 cm) and spheres (10 cm) dropped in four columns into an 80 cm
    container (ground and four walls), random orientations."""
    w = wolfe.World()
    m = wolfe.Material(friction=friction)
    w.add_ground(m)
    for normal in ([-1, 0, 0], [1, 0, 0], [0, -1, 0], [0, 1, 0]):
        w.add_halfspace(normal, -0.4, m)
    columns = [(-0.15, -0.15), (0.15, -0.15), (-0.15, 0.15), (0.15, 0.15)]
    q = _quaternions(rng, bodies)
    for i in range(bodies):
        x, y = columns[i % 4]
        z = 0.1 + 0.2 * (i // 4)
        shape = wolfe.Box(0.1, 0.1, 0.1) if rng.random() < 0.5 else wolfe.Sphere(0.05)
        w.add_body(shape, pose=[x, y, z, *q[i]], density=density, material=m)
    return w


def panda_world(rng: np.random.Generator, bodies: int, friction: float, density: float, data: str):
    """panda-drop in small: the Panda holding q* by PD control over the ground, and boxes
    dropped onto and beside it from random places above."""
    w = wolfe.World()
    m = wolfe.Material(friction=friction)
    w.add_ground(m)
    urdf = pathlib.Path(data) / "robots" / "franka_panda" / "panda.urdf"
    w.add_urdf(str(urdf), kp=PANDA_KP, q_target=PANDA_Q_STAR, material=m)
    q = _quaternions(rng, bodies)
    for i in range(bodies):
        xy = rng.uniform(-0.3, 0.5, 2)
        w.add_body(wolfe.Box(0.06, 0.06, 0.06), pose=[xy[0], xy[1], 1.2 + 0.15 * i, *q[i]], density=density, material=m)
    return w


def scenes_units(p: dict) -> int:
    """One unit per scene job."""
    return int(p["size"])


def _scene_job(p: dict, job: int):
    """Job ``job``'s parameters (friction, density, time step) and world."""
    rng = np.random.default_rng([int(p["seed"]), job])
    friction = rng.uniform(0.2, 1.0)
    density = rng.uniform(500.0, 2000.0)
    dt = [5e-3, 1e-2][int(rng.integers(0, 2))] if p.get("scene", "clutter") == "clutter" else 5e-3
    bodies = int(p.get("bodies", 8))
    if p.get("scene", "clutter") == "clutter":
        world = clutter_world(rng, bodies, friction, density)
    else:
        world = panda_world(rng, bodies, friction, density, p["data"])
    return (friction, density, dt), world


def scenes_compute(p: dict, start: int, stop: int) -> dict:
    """Scene jobs ``[start, stop)``, stepped together by ``wolfe.rollout`` (one thread,
    ``steps`` steps each at the job's time step): the parameters, final state, steps
    completed, failure and the step statistics' summary of every job."""
    params, worlds = zip(*(_scene_job(p, j) for j in range(start, stop)))
    params = np.array(params)
    steps = int(p.get("steps", 100))
    r = wolfe.rollout(list(worlds), steps, threads=1, time_step=params[:, 2], every=steps)
    cols = {c: i for i, c in enumerate(r["stat_columns"])}
    s = r["stats"]
    done = np.maximum(r["completed"], 1)[:, None]
    mask = np.arange(steps)[None, :] < r["completed"][:, None]
    return dict(
        job=np.arange(start, stop),
        friction=params[:, 0],
        density=params[:, 1],
        time_step=params[:, 2],
        final_poses=r["poses"][:, -1],
        final_velocities=r["velocities"][:, -1],
        final_joints=r["joints"][:, -1],
        completed=r["completed"],
        failed_step=r["failed_step"],
        error=np.array([e or "" for e in r["errors"]]),
        mean_newton_iterations=(s[:, :, cols["newton_iterations"]] * mask).sum(1) / done[:, 0],
        max_penetration=s[:, :, cols["max_penetration"]].max(1),
        final_kinetic_energy=s[np.arange(len(s)), np.maximum(r["completed"] - 1, 0), cols["kinetic_energy"]],
        mean_contacts=(s[:, :, cols["contacts"]] * mask).sum(1) / done[:, 0],
    )


# ---------------------------------------------------------------------------- slip

#: The slip study's sigma values (SAP paper Fig. 14: 1e-5 to 1e-1 in half decades).
SLIP_SIGMAS_FULL = [float(10.0**e) for e in np.arange(-5.0, -0.99, 0.5)]
#: The default (quick) sigma values.
SLIP_SIGMAS_QUICK = [1e-4, 1e-3, 1e-2]


def slip_units(p: dict) -> int:
    """One unit per (sigma, seed) run."""
    return len(p["sigmas"]) * int(p["size"])


def slip_compute(p: dict, start: int, stop: int) -> dict:
    """Runs ``[start, stop)`` of the slip study: the clutter (``bodies``, walls, friction
    1, dt = 10 ms) over ``seconds`` with SAP's regularization ``sigma`` (Eq. 30), then
    the mean and largest slip speed over the touching contacts against the bound
    ``v_s = sigma mu dt g`` (Eq. 31), and the mean Newton iterations (Fig. 15)."""
    out: dict[str, list] = {k: [] for k in ("sigma", "seed", "slip_bound", "mean_slip", "max_slip",
                                            "touching", "mean_newton_iterations", "completed", "error")}
    dt, mu = 0.01, 1.0
    steps = max(1, round(float(p.get("seconds", 2.0)) / dt))
    for unit in range(start, stop):
        sigma = float(p["sigmas"][unit // int(p["size"])])
        seed = unit % int(p["size"])
        rng = np.random.default_rng([int(p["seed"]), seed])
        world = clutter_world(rng, int(p.get("bodies", 8)), mu, 1000.0)
        r = wolfe.rollout(world, steps, threads=1, time_step=dt, sigma=sigma, every=steps)
        it = r["stats"][0, :, r["stat_columns"].index("newton_iterations")]
        done = int(r["completed"][0])
        for k, v in (("sigma", sigma), ("seed", seed), ("slip_bound", sigma * mu * dt * GRAVITY),
                     ("mean_slip", r["final_slip"][0, 0]), ("max_slip", r["final_slip"][0, 1]),
                     ("touching", int(r["final_slip"][0, 2])),
                     ("mean_newton_iterations", it[:done].mean() if done else 0.0),
                     ("completed", done), ("error", r["errors"][0] or "")):
            out[k].append(v)
    return {k: np.array(v) for k, v in out.items()}


def pairs_prepare(p: dict) -> None:
    """Loads the hulls into this process (once)."""
    hulls(p["data"])


def nothing(p: dict) -> None:
    """No preparation."""


#: name -> (units, compute, prepare): the workloads of ``python -m wolfe.sweep``.
WORKLOADS = {
    "pairs": (pairs_units, pairs_compute, pairs_prepare),
    "scenes": (scenes_units, scenes_compute, nothing),
    "slip": (slip_units, slip_compute, nothing),
}
