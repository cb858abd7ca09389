"""distance_batch equals the loop over single queries, for every pose layout."""

import numpy as np
import pytest

import wolfe


def random_poses(rng, n, spread):
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return np.hstack([rng.uniform(-spread, spread, size=(n, 3)), q])


def to_matrices(poses):
    out = np.zeros((len(poses), 4, 4))
    for i, p in enumerate(poses):
        out[i, :3, :3] = wolfe.Transform3s(wolfe.Quaternion(*p[3:]), p[:3]).getRotation()
        out[i, :3, 3] = p[:3]
        out[i, 3, 3] = 1.0
    return out


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_batch_equals_loop(threads):
    rng = np.random.default_rng(7)
    n = 300
    shapes = [wolfe.Sphere(0.3), wolfe.Box(0.5, 0.4, 0.3), wolfe.Capsule(0.2, 0.4), wolfe.Ellipsoid(0.3, 0.2, 0.1),
              wolfe.convex_hull(rng.normal(size=(100, 3)) * 0.3)]
    sa = [shapes[i % len(shapes)] for i in range(n)]
    sb = [shapes[(3 * i + 1) % len(shapes)] for i in range(n)]
    pa, pb = random_poses(rng, n, 0.5), random_poses(rng, n, 1.5)
    out = wolfe.distance_batch(sa, pa, sb, pb, threads=threads)
    assert len(out) == n
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    overlapping = 0
    for i in range(n):
        M1 = wolfe.Transform3s(wolfe.Quaternion(*pa[i, 3:]), pa[i, :3])
        M2 = wolfe.Transform3s(wolfe.Quaternion(*pb[i, 3:]), pb[i, :3])
        d = wolfe.distance(sa[i], M1, sb[i], M2, req, res)
        assert out.distance[i] == d
        np.testing.assert_array_equal(out.point_a[i], res.getNearestPoint1())
        np.testing.assert_array_equal(out.point_b[i], res.getNearestPoint2())
        np.testing.assert_array_equal(out.normal[i], res.normal)
        assert out.status[i] == int(res.status)
        assert out.iterations[i] == res.iterations
        overlapping += d < 0
    assert 0 < overlapping < n  # both branches exercised
    mats = wolfe.distance_batch(sa, to_matrices(pa), sb, to_matrices(pb), threads=threads)
    np.testing.assert_allclose(mats.distance, out.distance, atol=1e-9)


def test_one_shape_broadcasts_and_spheres_are_exact():
    rng = np.random.default_rng(8)
    n = 1000
    pb = random_poses(rng, n, 5.0)
    pa = np.tile([0.0, 0, 0, 1, 0, 0, 0], (n, 1))
    out = wolfe.distance_batch(wolfe.Sphere(0.5), pa, wolfe.Sphere(0.25), pb)
    np.testing.assert_allclose(out.distance, np.linalg.norm(pb[:, :3], axis=1) - 0.75, atol=1e-9)
    assert out.point_a.shape == (n, 3) and out.status.dtype == np.int32
    assert np.all(out.lower_bound <= out.distance + 1e-12) and np.all(out.distance <= out.upper_bound + 1e-12)
