"""GJK++ Fig. 12: boolean collision checks on YCB hulls, wolfe against the C/C++
libraries the paper used (FCL with libccd's GJK and with its own GJK, Bullet) and coal
(the paper's own implementation, HPP-FCL's successor), from Python, on the same
problems, split as the paper splits them: distant (d >= 1 m), close (0 < d <= 0.1 m),
overlapping (d <= 0).

    pip install python-fcl==0.7.0.11 pybullet==3.2.7      # coal, wolfe: already there
    cargo run --release -- bench meshes --quick --out /tmp/m # writes /tmp/m/sets/ycb
    python3 scripts/peers/fig12_libraries.py --set /tmp/m/sets/ycb [--calls 50]

Every library is called through Python, so every call carries a binding's fixed cost.
As in crates/wolfe-py/python/bench/bench_vs_coal.py, each library's per-call cost is
estimated on a pair of separated spheres (whose query is a few tens of ns in every
library) and subtracted: the `net` columns estimate the query alone; `raw` is the
Python loop. Per problem the time is the median of `--repeats` loops of `--calls`
calls (process CPU time, so that a loaded machine slows the wall clock, not the
numbers); the table gives the median over the problems of a band.

Answers are checked against the set's reference distance (wolfe's GJK at 1e-12): the
`agree` column is the share of problems whose boolean matches `d <= 0`. Bullet works
with a collision margin around its hulls (pybullet's default); the script queries
`getClosestPoints(..., distance=0)` and counts a contact as a collision when Bullet's
reported distance is <= 0.
"""

import argparse
import csv
import json
import os
import pathlib
import statistics
import sys
import time

import numpy as np

from problem_io import read_obj


def load_set(set_dir):
    """(meshes by name as (vertices, faces), rows) of a generated problem set."""
    set_dir = pathlib.Path(set_dir)
    meshes = {}
    for spec in json.load(open(set_dir / "shapes.json")):
        if spec["type"] != "mesh":
            raise SystemExit(f"{spec['name']}: only mesh sets (YCB) are supported")
        meshes[spec["name"]] = read_obj(set_dir / spec["file"])
    rows = []
    with open(set_dir / "problems.csv") as f:
        for r in csv.DictReader(f):
            pa = [float(r[k]) for k in ("ax", "ay", "az", "aqw", "aqx", "aqy", "aqz")]
            pb = [float(r[k]) for k in ("bx", "by", "bz", "bqw", "bqx", "bqy", "bqz")]
            rows.append((r["shape_a"], r["shape_b"], pa, pb, float(r["dist"])))
    return meshes, rows


def band(d):
    if d <= 0.0:
        return "overlapping"
    if d <= 0.1 + 1e-9:
        return "close"
    if d >= 1.0 - 1e-9:
        return "distant"
    return None


def quat_matrix(w, x, y, z):
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )


# --- one adapter per library: make(meshes) -> (prepare(row) -> call, sphere call) ---


def coal_like(lib, variant_name):
    """wolfe's coal-compatible API and coal itself: `collide(s1, M1, s2, M2, req, res)`."""

    def make(meshes):
        shapes = {}
        for name, (verts, faces) in meshes.items():
            pts = lib.StdVec_Vec3s()
            pts.extend(list(verts))
            tris = lib.StdVec_Triangle()
            for f in faces:
                tris.append(lib.Triangle(*f))
            shapes[name] = lib.Convex(pts, tris)
        req = lib.CollisionRequest()
        req.gjk_variant = getattr(lib.GJKVariant, variant_name)
        if hasattr(req, "enable_contact"):
            req.enable_contact = False
        res = lib.CollisionResult()
        collide = lib.collide

        def transform(p):
            return lib.Transform3s(quat_matrix(*p[3:]), np.array(p[:3]))

        def prepare(row):
            sa, sb, pa, pb, _ = row
            s1, s2, m1, m2 = shapes[sa], shapes[sb], transform(pa), transform(pb)

            def call():
                res.clear()
                collide(s1, m1, s2, m2, req, res)
                return res.isCollision()

            return call

        s1, s2 = lib.Sphere(0.5), lib.Sphere(0.3)
        m1 = lib.Transform3s(np.eye(3), np.zeros(3))
        m2 = lib.Transform3s(np.eye(3), np.array([2.0, 0.1, 0.0]))

        def sphere():
            res.clear()
            collide(s1, m1, s2, m2, req, res)
            return res.isCollision()

        return prepare, sphere

    return make


def fcl_adapter(solver):
    import fcl

    def make(meshes):
        objs = {}
        for name, (verts, faces) in meshes.items():
            flat = np.hstack([np.full((len(faces), 1), 3), np.array(faces)]).ravel()
            objs[name] = fcl.Convex(np.asarray(verts, dtype=float), len(faces), flat)
        req = fcl.CollisionRequest(num_max_contacts=1, enable_contact=False, gjk_solver_type=solver)

        def prepare(row):
            sa, sb, pa, pb, _ = row
            o1 = fcl.CollisionObject(objs[sa], fcl.Transform(np.array(pa[3:]), np.array(pa[:3])))
            o2 = fcl.CollisionObject(objs[sb], fcl.Transform(np.array(pb[3:]), np.array(pb[:3])))

            def call():
                return fcl.collide(o1, o2, req, fcl.CollisionResult()) > 0

            return call

        o1 = fcl.CollisionObject(fcl.Sphere(0.5), fcl.Transform(np.zeros(3)))
        o2 = fcl.CollisionObject(fcl.Sphere(0.3), fcl.Transform(np.array([2.0, 0.1, 0.0])))

        def sphere():
            return fcl.collide(o1, o2, req, fcl.CollisionResult()) > 0

        return prepare, sphere

    return make


def bullet_adapter():
    import pybullet as p

    def make(meshes):
        p.connect(p.DIRECT)
        bodies = {}
        for name, (verts, _) in meshes.items():
            # Two bodies per hull: a problem may pair a hull with itself.
            cid = p.createCollisionShape(p.GEOM_MESH, vertices=verts.tolist())
            bodies[name] = (p.createMultiBody(0, cid), p.createMultiBody(0, cid))

        def xyzw(q):
            return [q[1], q[2], q[3], q[0]]

        def prepare(row):
            sa, sb, pa, pb, _ = row
            a, b = bodies[sa][0], bodies[sb][1]
            p.resetBasePositionAndOrientation(a, pa[:3], xyzw(pa[3:]))
            p.resetBasePositionAndOrientation(b, pb[:3], xyzw(pb[3:]))

            def call():
                pts = p.getClosestPoints(a, b, 0.0)
                return any(c[8] <= 0.0 for c in pts)

            return call

        s1 = p.createMultiBody(0, p.createCollisionShape(p.GEOM_SPHERE, radius=0.5), basePosition=[0, 0, 50])
        s2 = p.createMultiBody(0, p.createCollisionShape(p.GEOM_SPHERE, radius=0.3), basePosition=[2, 0.1, 50])

        def sphere():
            return len(p.getClosestPoints(s1, s2, 0.0)) > 0

        return prepare, sphere

    return make


def loop_time(call, calls, repeats):
    """Median process CPU time of one call, over `repeats` loops of `calls` calls, after
    one untimed loop (caches, branch predictors, the binding's first-call paths)."""
    for _ in range(calls):
        call()
    times = []
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(calls):
            call()
        times.append((time.process_time() - t0) / calls)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", required=True, help="a generated YCB problem set (shapes.json, problems.csv)")
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--per-band", type=int, default=200, help="problems per band at most")
    args = ap.parse_args()

    meshes, rows = load_set(args.set)
    by_band = {"distant": [], "close": [], "overlapping": []}
    for r in rows:
        b = band(r[4])
        if b:
            by_band[b].append(r)
    rng = np.random.default_rng(3)
    for b, rs in by_band.items():
        if len(rs) > args.per_band:
            by_band[b] = [rs[i] for i in sorted(rng.choice(len(rs), args.per_band, replace=False))]

    libs = []
    try:
        import wolfe

        for v, name in [("DefaultGJK", "wolfe GJK"), ("PolyakAcceleration", "wolfe Polyak"), ("NesterovAcceleration", "wolfe Nesterov")]:
            libs.append((name, coal_like(wolfe, v)))
    except ImportError:
        print("wolfe (python) not installed: skipped", file=sys.stderr)
    try:
        import coal

        for v, name in [("DefaultGJK", "coal GJK"), ("PolyakAcceleration", "coal Polyak"), ("NesterovAcceleration", "coal Nesterov")]:
            libs.append((name, coal_like(coal, v)))
    except ImportError:
        print("coal not installed: skipped", file=sys.stderr)
    try:
        import fcl

        libs.append(("FCL (libccd GJK)", fcl_adapter(fcl.GJKSolverType.GST_LIBCCD)))
        libs.append(("FCL (own GJK)", fcl_adapter(fcl.GJKSolverType.GST_INDEP)))
    except ImportError:
        print("python-fcl not installed: skipped", file=sys.stderr)
    try:
        import pybullet  # noqa: F401

        libs.append(("Bullet (getClosestPoints)", bullet_adapter()))
    except ImportError:
        print("pybullet not installed: skipped", file=sys.stderr)

    print(f"set {args.set}: " + ", ".join(f"{b} {len(rs)}" for b, rs in by_band.items()))
    print(f"{args.calls} calls x {args.repeats} loops per problem, process CPU time, {os.cpu_count()} CPUs\n")
    header = "| library | per-call cost (us) | " + " | ".join(
        f"{b} raw / net (us) | {b} agree" for b in by_band
    ) + " |"
    print(header)
    print("|" + "---|" * (2 + 2 * len(by_band)))
    for name, make in libs:
        prepare, sphere = make(meshes)
        fixed = loop_time(sphere, 2000, max(args.repeats, 5))
        cells = []
        for b, rs in by_band.items():
            per, agree = [], 0
            for r in rs:
                call = prepare(r)
                hit = call()
                agree += hit == (r[4] <= 0.0)
                per.append(loop_time(call, args.calls, args.repeats))
            raw = statistics.median(per) if per else float("nan")
            cells.append(f"{raw * 1e6:.2f} / {(raw - fixed) * 1e6:.2f} | {100.0 * agree / max(len(rs), 1):.1f}%")
        print(f"| {name} | {fixed * 1e6:.2f} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
