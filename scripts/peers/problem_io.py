"""Reading the problem sets' files from Python: the one reader of their Wavefront OBJ
meshes, shared by the peer scripts here and the Python package's tests."""

import numpy as np


def read_obj(path):
    """(vertices as an (N, 3) array, faces as 0-based index triples) of an OBJ file: its
    ``v`` lines and the first three indices of its ``f`` lines."""
    verts, faces = [], []
    for line in open(path):
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "v":
            verts.append([float(x) for x in parts[1:4]])
        elif parts[0] == "f":
            faces.append([int(p.split("/")[0]) - 1 for p in parts[1:4]])
    return np.array(verts), faces
