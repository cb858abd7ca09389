#!/usr/bin/env python3
"""The SAP paper's clutter scene (Section VI-C) in wolfe and in MuJoCo, in one sitting.

Runs `wolfe sim clutter` (40 bodies, walls, dt 10 ms, 10 s by default), reads the scene it
simulated (scene.csv: shapes, masses; trajectory.csv step 0: the initial poses) and builds
the same scene in MuJoCo (pip `mujoco`): the same spheres and boxes, masses and inertias
from the same density, friction 1, gravity -9.81, dt 10 ms, the ground and the four walls,
Newton solver with the elliptic friction cone (the issue's reference setting). Then it steps
MuJoCo for the same number of steps and prints the mean wall time per step of both (wolfe's
from steps.csv: detection + free motion + SAP, measured inside the step), the steady-state
(second half) means, the contacts and the deepest penetration of both.

What cannot match: MuJoCo's contact is its own soft-constraint model (solref 0.02, solimp
defaults; condim 3: sliding friction only, as wolfe), with one contact per sphere pair and
up to 4 per box-box pair from its own collision code; wolfe uses SAP's near-rigid contact
(stiffness 1e12, Eq. 29) with a 2 cm speculative margin and up to 4 manifold points.

Usage: python3 scripts/peers/clutter_vs_mujoco.py [--wolfe target/release/wolfe]
       [--bodies 40] [--no-walls] [--seconds 10] [--out /tmp/clutter-peers]
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import time


def read_scene(folder):
    with open(os.path.join(folder, "scene.csv")) as f:
        scene = list(csv.DictReader(f))
    poses = {}
    with open(os.path.join(folder, "trajectory.csv")) as f:
        for row in csv.DictReader(f):
            if row["step"] != "0":
                break
            poses[int(row["body"])] = [float(row[k]) for k in ("x", "y", "z", "qw", "qx", "qy", "qz")]
    return scene, poses


def mjcf(scene, poses, dt):
    geoms, bodies = [], []
    for row in scene:
        kind, p = row["kind"], [float(row[k]) for k in ("p0", "p1", "p2")]
        if row["static"] == "1":
            if kind == "halfspace":
                geoms.append('<geom type="plane" size="0 0 1" friction="1 0 0"/>')
            elif kind == "box":
                pos = " ".join(row[k] for k in ("x", "y", "z"))
                geoms.append(f'<geom type="box" pos="{pos}" size="{p[0]} {p[1]} {p[2]}" friction="1 0 0"/>')
            else:
                sys.exit(f"static {kind} not supported")
            continue
        i = int(row["object"])
        x, y, z, qw, qx, qy, qz = poses[i]
        mass = float(row["mass"])
        if kind == "sphere":
            geom = f'<geom type="sphere" size="{p[0]}" mass="{mass}" friction="1 0 0"/>'
        elif kind == "box":
            geom = f'<geom type="box" size="{p[0]} {p[1]} {p[2]}" mass="{mass}" friction="1 0 0"/>'
        else:
            sys.exit(f"body {kind} not supported")
        bodies.append(
            f'<body pos="{x} {y} {z}" quat="{qw} {qx} {qy} {qz}"><freejoint/>{geom}</body>'
        )
    return f"""<mujoco>
  <option timestep="{dt}" gravity="0 0 -9.81" solver="Newton" cone="elliptic"/>
  <default><geom condim="3"/></default>
  <worldbody>
    {' '.join(geoms)}
    {' '.join(bodies)}
  </worldbody>
</mujoco>"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wolfe", default="target/release/wolfe")
    ap.add_argument("--bodies", type=int, default=40)
    ap.add_argument("--no-walls", action="store_true")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--out", default="/tmp/clutter-peers")
    args = ap.parse_args()
    try:
        import mujoco
    except ImportError:
        sys.exit("this comparison needs MuJoCo: pip install mujoco")
    folder = os.path.join(args.out, "wolfe")
    cmd = [args.wolfe, "sim", "clutter", "--bodies", str(args.bodies), "--seconds", str(args.seconds), "--out", folder]
    cmd.append("--no-walls" if args.no_walls else "--walls")
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(folder, "steps.csv")) as f:
        steps = list(csv.DictReader(f))
    n = len(steps)
    wolfe_ms = [float(s["step_seconds"]) * 1e3 for s in steps]
    wolfe_pen = max(float(s["max_penetration"]) for s in steps)
    wolfe_contacts = statistics.mean(int(s["contacts"]) for s in steps[n // 2:])
    wolfe_newton = [int(s["newton_iterations"]) for s in steps]
    # SAP solved by islands: newton_iterations is the deepest island's; the total over
    # islands and the island count are in steps.csv when the recorder writes them
    # (columns total_newton_iterations, sap_islands; absent from older binaries).
    wolfe_total = [int(s["total_newton_iterations"]) for s in steps] if "total_newton_iterations" in steps[0] else None
    wolfe_islands = [int(s["sap_islands"]) for s in steps] if "sap_islands" in steps[0] else None
    # The drop (first 2 s: every body lands) against the rest, for where the mean goes.
    drop = min(n, int(round(2.0 / 0.01)))

    scene, poses = read_scene(folder)
    model = mujoco.MjModel.from_xml_string(mjcf(scene, poses, 0.01))
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    mj_ms, mj_pen, mj_contacts = [], 0.0, []
    for k in range(n):
        t0 = time.perf_counter()
        mujoco.mj_step(model, data)
        mj_ms.append((time.perf_counter() - t0) * 1e3)
        if data.ncon:
            mj_pen = max(mj_pen, -min(data.contact.dist[: data.ncon]))
        if k >= n // 2:
            mj_contacts.append(data.ncon)
    result = {
        "steps": n,
        "wolfe_mean_ms": statistics.mean(wolfe_ms),
        "mujoco_mean_ms": statistics.mean(mj_ms),
        "wolfe_steady_ms": statistics.mean(wolfe_ms[n // 2:]),
        "mujoco_steady_ms": statistics.mean(mj_ms[n // 2:]),
        "wolfe_max_penetration_m": wolfe_pen,
        "mujoco_max_penetration_m": mj_pen,
        "wolfe_steady_contacts": wolfe_contacts,
        "mujoco_steady_contacts": statistics.mean(mj_contacts),
        "mujoco_version": mujoco.__version__,
        "wolfe_newton_mean": statistics.mean(wolfe_newton),
        "wolfe_newton_drop": statistics.mean(wolfe_newton[:drop]),
        "wolfe_newton_steady": statistics.mean(wolfe_newton[n // 2:]),
        "wolfe_drop_ms": statistics.mean(wolfe_ms[:drop]),
        "mujoco_drop_ms": statistics.mean(mj_ms[:drop]),
        "wolfe_detection_ms": statistics.mean(float(s["detection_seconds"]) * 1e3 for s in steps),
        "wolfe_solve_ms": statistics.mean(float(s["solve_seconds"]) * 1e3 for s in steps),
        "wolfe_max_momentum_error": max(float(s["momentum_error"]) for s in steps),
        "wolfe_unconverged_steps": sum(1 for s in steps if s["sap_status"] not in ("converged", "", "none")),
    }
    if wolfe_total is not None:
        result["wolfe_newton_total_mean"] = statistics.mean(wolfe_total)
        result["wolfe_newton_total_drop"] = statistics.mean(wolfe_total[:drop])
    if wolfe_islands is not None:
        result["wolfe_islands_drop"] = statistics.mean(wolfe_islands[:drop])
    result["ratio_mean"] = result["wolfe_mean_ms"] / result["mujoco_mean_ms"]
    result["ratio_steady"] = result["wolfe_steady_ms"] / result["mujoco_steady_ms"]
    with open(os.path.join(args.out, "clutter_vs_mujoco.json"), "w") as f:
        json.dump(result, f, indent=2)
    print(f"| clutter, {args.bodies} bodies, {'no walls' if args.no_walls else 'walls'}, dt 10 ms, {n} steps | wolfe | MuJoCo {mujoco.__version__} | ratio |")
    print("|---|---|---|---|")
    print(f"| mean step (ms) | {result['wolfe_mean_ms']:.3f} | {result['mujoco_mean_ms']:.3f} | {result['ratio_mean']:.2f} |")
    print(f"| steady state, second half (ms) | {result['wolfe_steady_ms']:.3f} | {result['mujoco_steady_ms']:.3f} | {result['ratio_steady']:.2f} |")
    print(f"| drop, first 2 s (ms) | {result['wolfe_drop_ms']:.3f} | {result['mujoco_drop_ms']:.3f} | {result['wolfe_drop_ms'] / result['mujoco_drop_ms']:.2f} |")
    print(f"| wolfe: detection / SAP solve, mean (ms) | {result['wolfe_detection_ms']:.3f} / {result['wolfe_solve_ms']:.3f} | | |")
    print(f"| wolfe: Newton iterations per step, mean / drop / steady | {result['wolfe_newton_mean']:.2f} / {result['wolfe_newton_drop']:.2f} / {result['wolfe_newton_steady']:.2f} | | |")
    if wolfe_total is not None:
        print(f"| wolfe: Newton iterations summed over islands, mean / drop | {result['wolfe_newton_total_mean']:.2f} / {result['wolfe_newton_total_drop']:.2f} | | |")
    if wolfe_islands is not None:
        print(f"| wolfe: islands per step in the drop, mean | {result['wolfe_islands_drop']:.1f} | | |")
    print(f"| wolfe: max momentum error, unconverged steps | {result['wolfe_max_momentum_error']:.1e}, {result['wolfe_unconverged_steps']} | | |")
    print(f"| deepest penetration (mm) | {wolfe_pen * 1e3:.2f} | {mj_pen * 1e3:.2f} | |")
    print(f"| contacts at steady state | {wolfe_contacts:.0f} | {result['mujoco_steady_contacts']:.0f} | |")


if __name__ == "__main__":
    main()
