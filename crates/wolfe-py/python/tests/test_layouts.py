"""Numpy input is read by its indices, never by its memory order.

Every function that takes an array is called with the same numbers laid out in
memory in several ways (C order, Fortran order, a strided view, a non-owning slice
of a larger array, negative strides, big-endian bytes, a plain list) over random
inputs, and must give the same answer each time. Where an answer has an independent
meaning (a rotation read back, a transformed point, hull vertices, a per-pair query)
that is checked too, so that a layout misread the same way everywhere would not pass.
"""

import numpy as np
import pytest

import wolfe

SEEDS = range(12)


def layouts(a):
    """The array `a` (float64) in every memory layout numpy can give, each holding the
    same values at the same indices: (name, array-like) pairs."""
    a = np.asarray(a, dtype=np.float64)
    out = [("C", np.ascontiguousarray(a)), ("list", a.tolist())]
    if a.ndim >= 1:
        out.append(("Fortran", np.asfortranarray(a)))
        # Every axis with stride 2 (a view of a larger array, not contiguous).
        big = np.zeros(tuple(2 * s for s in a.shape))
        every_other = tuple(slice(None, None, 2) for _ in a.shape)
        big[every_other] = a
        out.append(("strided", big[every_other]))
        # A view that does not own its data, starting inside a larger array.
        padded = np.full(tuple(s + 2 for s in a.shape), np.nan)
        inner = tuple(slice(1, s + 1) for s in a.shape)
        padded[inner] = a
        out.append(("slice", padded[inner]))
        # Negative strides on every axis.
        flipped = np.ascontiguousarray(a[tuple(slice(None, None, -1) for _ in a.shape)])
        out.append(("reversed", flipped[tuple(slice(None, None, -1) for _ in a.shape)]))
        out.append(("big-endian", a.astype(">f8")))
    if a.ndim >= 2:
        # The transpose of a C array: Fortran order without asfortranarray.
        out.append(("transposed", np.ascontiguousarray(np.swapaxes(a, -1, -2)).swapaxes(-1, -2)))
    for name, v in out:
        if not isinstance(v, list):
            assert np.array_equal(v, a), name
    return out


def test_layouts_cover_the_orders():
    a = np.arange(12.0).reshape(3, 4)
    flags = {name: (v.flags.c_contiguous, v.flags.f_contiguous, v.flags.owndata)
             for name, v in layouts(a) if not isinstance(v, list)}
    assert flags["C"][0] and not flags["Fortran"][0] and flags["Fortran"][1]
    assert not any(flags["strided"][:2]) and not any(flags["slice"][:2])
    assert not flags["slice"][2] and not flags["reversed"][0]
    assert not flags["transposed"][0] and flags["transposed"][1]


def random_rotation(rng):
    q = rng.normal(size=4)
    return wolfe.Quaternion(*(q / np.linalg.norm(q))).toRotationMatrix()


def random_points(rng, n=12):
    return rng.normal(size=(n, 3)) * rng.uniform(0.5, 2.0, size=3)


def assert_same(results):
    """Every layout's answer equals the C layout's, bit for bit."""
    (_, ref), *rest = results
    for name, r in rest:
        np.testing.assert_array_equal(r, ref, err_msg=f"layout {name}")


@pytest.mark.parametrize("seed", SEEDS)
def test_transform3s_reads_rotation_and_translation_by_index(seed):
    rng = np.random.default_rng(seed)
    R, t = random_rotation(rng), rng.normal(size=3)
    for name, r in layouts(R):
        for tname, tt in layouts(t):
            M = wolfe.Transform3s(r, tt)
            np.testing.assert_allclose(M.getRotation(), R, atol=1e-12, err_msg=f"{name}/{tname}")
            np.testing.assert_allclose(M.getTranslation(), t, atol=0, err_msg=f"{name}/{tname}")
        # The setters and the one-argument forms read the same way.
        M = wolfe.Transform3s()
        M.setRotation(r)
        np.testing.assert_allclose(M.getRotation(), R, atol=1e-12, err_msg=name)
        M.setTransform(r, t)
        np.testing.assert_allclose(M.getRotation(), R, atol=1e-12, err_msg=name)
        M.setQuatRotation(r)
        np.testing.assert_allclose(M.getRotation(), R, atol=1e-12, err_msg=name)
        np.testing.assert_allclose(wolfe.Transform3s(r).getRotation(), R, atol=1e-12, err_msg=name)
        np.testing.assert_allclose(wolfe.Quaternion(r).toRotationMatrix(), R, atol=1e-12, err_msg=name)
    for name, tt in layouts(t):
        np.testing.assert_array_equal(wolfe.Transform3s(tt).getTranslation(), t, err_msg=name)
        M = wolfe.Transform3s()
        M.setTranslation(tt)
        np.testing.assert_array_equal(M.getTranslation(), t, err_msg=name)


@pytest.mark.parametrize("seed", SEEDS)
def test_point_and_direction_arguments(seed):
    rng = np.random.default_rng(seed)
    R, t, p = random_rotation(rng), rng.normal(size=3), rng.normal(size=3)
    M = wolfe.Transform3s(R, t)
    box = wolfe.Box(*rng.uniform(0.5, 2.0, size=3))
    assert_same([(n, M.transform(v)) for n, v in layouts(p)])
    np.testing.assert_allclose(M.transform(np.asfortranarray(p)), R @ p + t, atol=1e-12)
    assert_same([(n, box.support(v)) for n, v in layouts(p)])
    np.testing.assert_array_equal(box.support(p), np.sign(p) * box.halfSide)
    pts = wolfe.StdVec_Vec3s()
    for _, v in layouts(p):
        pts.append(v)
    assert all(np.array_equal(pts[i], p) for i in range(len(pts)))
    req = wolfe.DistanceRequest()
    for name, v in layouts(p):
        req.cached_gjk_guess = v
        np.testing.assert_array_equal(req.cached_gjk_guess, p, err_msg=name)


@pytest.mark.parametrize("seed", SEEDS)
def test_point_clouds(seed):
    rng = np.random.default_rng(seed)
    P = random_points(rng)
    ref = wolfe.convex_hull(P)
    hull = {tuple(v) for v in ref.vertices()}
    assert hull <= {tuple(v) for v in P}
    for name, v in layouts(P):
        h = wolfe.convex_hull(v)
        assert {tuple(x) for x in h.vertices()} == hull, name
        assert h.computeVolume() == ref.computeVolume(), name
    for name, v in layouts(P):
        pts = wolfe.StdVec_Vec3s()
        pts.extend(v)
        assert all(np.array_equal(pts[i], P[i]) for i in range(len(P))), name
    # 2D polygons: the hull's area, from the polygon's growth distance to itself scaled.
    Q = P[:, :2]
    areas = []
    for name, v in layouts(Q):
        s = wolfe.Shape2D.polygon(v)
        r = wolfe.growth_distance_2d(s, (0.0, 0.0, 0.0), s, (5.0, 1.0, 0.3))
        areas.append((name, np.array([r.alpha, *r.normal])))
    assert_same(areas)


def pose_arrays(rng):
    """A random pose as a 7-vector (x, y, z, qw, qx, qy, qz) and as a 4x4 matrix."""
    R, t = random_rotation(rng), rng.normal(size=3) * 2
    q = wolfe.Transform3s(R, t).to_array()
    H = np.eye(4)
    H[:3, :3], H[:3, 3] = R, t
    return q, H


@pytest.mark.parametrize("seed", SEEDS)
def test_pose_arguments_of_every_query(seed):
    rng = np.random.default_rng(seed)
    a = wolfe.convex_hull(random_points(rng))
    b = wolfe.Box(*rng.uniform(0.5, 1.5, size=3))
    qa, Ha = pose_arrays(rng)
    qb, Hb = pose_arrays(rng)
    Ma, Mb = wolfe.Transform3s(Ha[:3, :3], Ha[:3, 3]), wolfe.Transform3s(Hb[:3, :3], Hb[:3, 3])

    def queries(pa, pb):
        req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
        d = wolfe.distance(a, pa, b, pb, req, res)
        creq, cres = wolfe.CollisionRequest(), wolfe.CollisionResult()
        c = wolfe.collide(a, pa, b, pb, creq, cres)
        s = wolfe.signed_distance(a, pa, b, pb)
        g = wolfe.growth_distance(a, pa, b, pb)
        gc = wolfe.growth_collide(a, pa, b, pb)
        w = wolfe.PairCache().distance(a, pa, b, pb)
        m = wolfe.contact_manifold(a, pa, b, pb, margin=100.0)
        return np.array([d, *res.getNearestPoint1(), *res.getNearestPoint2(), c,
                         s.min_distance,
                         g.alpha, *g.normal, gc.intersecting, w.min_distance, *m.normal])

    ref = queries(Ma, Mb)
    for pa, pb in ((qa, qb), (Ha, Hb)):
        results = [(f"{n}", queries(v, w)) for (n, v), (_, w) in zip(layouts(pa), layouts(pb))]
        for name, r in results:
            np.testing.assert_allclose(r, ref, rtol=1e-9, atol=1e-9, err_msg=name)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_distance_batch_poses(seed):
    rng = np.random.default_rng(seed)
    n = 9
    shapes = [wolfe.convex_hull(random_points(rng)) for _ in range(n)]
    ball = wolfe.Sphere(0.3)
    rows = [pose_arrays(rng) for _ in range(2 * n)]
    q7a = np.array([r[0] for r in rows[:n]])
    q7b = np.array([r[0] for r in rows[n:]])
    H_a = np.array([r[1] for r in rows[:n]])
    H_b = np.array([r[1] for r in rows[n:]])
    one = np.array([wolfe.distance(shapes[i], q7a[i], ball, q7b[i], wolfe.DistanceRequest(),
                                   wolfe.DistanceResult()) for i in range(n)])
    for pa, pb in ((q7a, q7b), (H_a, H_b)):
        for (name, va), (_, vb) in zip(layouts(pa), layouts(pb)):
            r = wolfe.distance_batch(shapes, va, ball, vb, threads=1)
            np.testing.assert_allclose(r.distance, one, rtol=1e-9, atol=1e-9, err_msg=name)
    # A transposed (7, N) buffer viewed as (N, 7): accepted and read by index.
    buf = np.ascontiguousarray(q7a.T)
    r = wolfe.distance_batch(shapes, buf.T, ball, q7b, threads=2)
    np.testing.assert_allclose(r.distance, one, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_simulator_arrays(seed):
    rng = np.random.default_rng(seed)
    q, H = pose_arrays(rng)
    g = rng.normal(size=3)
    H[:3, 3] += [5.0, 0.0, 0.0]  # apart from the first body
    inertia = np.diag(rng.uniform(1, 2, size=3))
    inertia[0, 1] = inertia[1, 0] = 0.1
    v, w, n = rng.normal(size=3), rng.normal(size=3), rng.normal(size=3)
    answers = []
    for (name, pq), (_, pH), (_, gg), (_, I), (_, vv), (_, ww), (_, nn) in zip(
            layouts(q), layouts(H), layouts(g), layouts(inertia), layouts(v), layouts(w), layouts(n)):
        world = wolfe.World(gravity=gg)
        world.add_body(wolfe.Sphere(0.2), pose=pq, velocity=vv, angular_velocity=ww)
        world.add_body(wolfe.Box(0.2, 0.3, 0.4), pose=pH, mass=2.0, inertia=I)
        world.add_halfspace(nn, -10.0)
        sim = wolfe.Simulation(world, time_step=0.01)
        sim.step(3)
        answers.append((name, np.concatenate([sim.poses.ravel(), sim.velocities.ravel()])))
        sim.close()
    assert_same(answers)


def test_growth_centre_points():
    rng = np.random.default_rng(0)
    a, b = wolfe.Box(1, 2, 3), wolfe.Sphere(0.5)
    c = rng.uniform(-0.1, 0.1, size=3)
    results = [(name, np.array([wolfe.growth_distance(a, None, b, [3, 0, 0, 1, 0, 0, 0],
                                                      center_a=(v, 0.4)).alpha]))
               for name, v in layouts(c)]
    assert_same(results)
