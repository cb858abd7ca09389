"""Loads data/problem-sets for either library through coal's API (so the same code
builds coal's and wolfe's shapes)."""

import csv
import json
import pathlib
import sys

import numpy as np

REPO = pathlib.Path(__file__).resolve().parents[4]
SETS_DIR = REPO / "data" / "problem-sets"
# The one OBJ reader of the problem sets, shared with the peer scripts.
sys.path.insert(0, str(REPO / "scripts" / "peers"))
from problem_io import read_obj  # noqa: E402
SETS = ["ellipsoids", "primitives", "meshes_random"]


def make_shape(lib, spec, set_dir):
    kind = spec["type"]
    if kind == "sphere":
        return lib.Sphere(spec["radius"])
    if kind == "ellipsoid":
        return lib.Ellipsoid(*spec["radii"])
    if kind == "box":
        return lib.Box(*[2.0 * h for h in spec["half_extents"]])
    if kind == "capsule":
        return lib.Capsule(spec["radius"], 2.0 * spec["half_length"])
    if kind == "cylinder":
        return lib.Cylinder(spec["radius"], 2.0 * spec["half_length"])
    if kind == "cone":
        return lib.Cone(spec["radius"], 2.0 * spec["half_length"])
    if kind == "mesh":
        verts, faces = read_obj(set_dir / spec["file"])
        pts = lib.StdVec_Vec3s()
        pts.extend(list(verts))
        tris = lib.StdVec_Triangle()
        for f in faces:
            tris.append(lib.Triangle(*f))
        return lib.Convex(pts, tris)
    raise ValueError(kind)


def load(name):
    """(shape specs by name, rows) of a set; rows have poses as 7-vectors."""
    set_dir = SETS_DIR / name
    specs = {s["name"]: s for s in json.load(open(set_dir / "shapes.json"))}
    rows = []
    with open(set_dir / "problems.csv") as f:
        for r in csv.DictReader(f):
            pa = np.array([float(r[k]) for k in ("ax", "ay", "az", "aqw", "aqx", "aqy", "aqz")])
            pb = np.array([float(r[k]) for k in ("bx", "by", "bz", "bqw", "bqx", "bqy", "bqz")])
            rows.append({"a": r["shape_a"], "b": r["shape_b"], "pa": pa, "pb": pb,
                         "dist": float(r["dist"]), "category": r["category"]})
    return set_dir, specs, rows


def transform(lib, pose7):
    q = lib.Quaternion(*pose7[3:7])
    return lib.Transform3s(q, np.array(pose7[:3]))
