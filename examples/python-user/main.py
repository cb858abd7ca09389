import pathlib

import wolfe

# A YCB mug (the convex hull of an OBJ file shipped in data/ycb) and a 5 cm ball.
mug = wolfe.load_convex(pathlib.Path(__file__).resolve().parents[2] / "data/ycb/025_mug.obj")
ball = wolfe.Sphere(0.05)
beside = wolfe.Transform3s([0.2, 0.0, 0.0])

# coal's API: distance with witness points and normal (from shape 1 to shape 2).
result = wolfe.DistanceResult()
d = wolfe.distance(mug, wolfe.Transform3s(), ball, beside, wolfe.DistanceRequest(), result)
print(f"distance {d:.6f} m ({result.status}), certified in [{result.lower_bound:.6f}, {result.upper_bound:.6f}]")
print("witness on the mug", result.getNearestPoint1(), "on the ball", result.getNearestPoint2(), "normal", result.normal)

# Push the ball into the mug: signed distance (EPA) is negative.
inside = wolfe.signed_distance(mug, wolfe.Transform3s(), ball, wolfe.Transform3s([0.05, 0.0, 0.0]))
print(f"signed distance {inside.min_distance:.6f} m, normal {inside.normal}")
assert d > 0 and inside.min_distance < 0
