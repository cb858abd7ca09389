"""A coal user's script: distance and collision between primitives and a convex mesh.

It runs unchanged on coal and on wolfe; switch with one import:

    python coal_migration.py          # coal
    python coal_migration.py wolfe    # import wolfe as coal

It prints one line per query (used by the test that runs it against both libraries).
"""

import sys

import numpy as np

if len(sys.argv) > 1 and sys.argv[1] == "wolfe":
    import wolfe as coal
else:
    import coal


def tetrahedron(scale):
    pts = coal.StdVec_Vec3s()
    pts.extend([np.array([0.0, 0.0, 0.0]), np.array([scale, 0.0, 0.0]),
                np.array([0.0, scale, 0.0]), np.array([0.0, 0.0, scale])])
    tris = coal.StdVec_Triangle()
    for i, j, k in [(0, 2, 1), (0, 1, 3), (0, 3, 2), (1, 2, 3)]:
        tris.append(coal.Triangle(i, j, k))
    return coal.Convex(pts, tris)


def rotation_z(angle):
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


shapes = {
    "sphere": coal.Sphere(0.3),
    "box": coal.Box(0.4, 0.6, 0.8),
    "capsule": coal.Capsule(0.2, 0.5),
    "cylinder": coal.Cylinder(0.25, 0.6),
    "cone": coal.Cone(0.3, 0.5),
    "ellipsoid": coal.Ellipsoid(0.3, 0.2, 0.4),
    "tetrahedron": tetrahedron(0.5),
}

req = coal.DistanceRequest()
req.gjk_variant = coal.GJKVariant.NesterovAcceleration
req.gjk_tolerance = 1e-8
req.gjk_max_iterations = 256
req.gjk_initial_guess = coal.GJKInitialGuess.DefaultGuess
req.gjk_convergence_criterion = coal.GJKConvergenceCriterion.DualityGap
res = coal.DistanceResult()

creq = coal.CollisionRequest()
cres = coal.CollisionResult()

names = sorted(shapes)
for i, a in enumerate(names):
    for b in names[i:]:
        M1 = coal.Transform3s(rotation_z(0.3), np.array([0.0, 0.0, 0.0]))
        q = coal.Quaternion(np.cos(0.2), 0.0, np.sin(0.2), 0.0)  # (w, x, y, z)
        for gap in (1.5, 0.45):
            M2 = coal.Transform3s(q, np.array([gap, 0.1, -0.05]))
            res.clear()  # coal keeps the smaller distance of a reused result
            d = coal.distance(shapes[a], M1, shapes[b], M2, req, res)
            p1, p2, n = res.getNearestPoint1(), res.getNearestPoint2(), res.normal
            cres.clear()
            coal.collide(shapes[a], M1, shapes[b], M2, creq, cres)
            line = f"{a} {b} {gap} distance {d:.9f} min_distance {res.min_distance:.9f}"
            line += f" p1 {p1[0]:.6f} {p1[1]:.6f} {p1[2]:.6f} p2 {p2[0]:.6f} {p2[1]:.6f} {p2[2]:.6f}"
            line += f" normal {n[0]:.6f} {n[1]:.6f} {n[2]:.6f} collision {cres.isCollision()}"
            if cres.isCollision():
                c = cres.getContact(0)
                line += f" contacts {cres.numContacts()} depth {c.penetration_depth:.6f}"
                line += f" cnormal {c.normal[0]:.6f} {c.normal[1]:.6f} {c.normal[2]:.6f}"
                line += f" pos {c.pos[0]:.6f} {c.pos[1]:.6f} {c.pos[2]:.6f}"
            print(line)
