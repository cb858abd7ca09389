"""Closed-form answers through coal's API and wolfe's certificate."""

import math

import numpy as np
import pytest

import wolfe

IDENTITY = wolfe.Transform3s()


def at(x, y=0.0, z=0.0, R=None):
    return wolfe.Transform3s(np.eye(3) if R is None else R, np.array([x, y, z]))


def dist(s1, M1, s2, M2, **kw):
    req = wolfe.DistanceRequest()
    for k, v in kw.items():
        setattr(req, k, v)
    res = wolfe.DistanceResult()
    d = wolfe.distance(s1, M1, s2, M2, req, res)
    assert d == res.min_distance
    return res


@pytest.mark.parametrize("variant", [wolfe.GJKVariant.DefaultGJK, wolfe.GJKVariant.PolyakAcceleration,
                                     wolfe.GJKVariant.NesterovAcceleration])
def test_sphere_pair_distance_points_normal(variant):
    rng = np.random.default_rng(1)
    for _ in range(50):
        r1, r2 = rng.uniform(0.1, 1.0, 2)
        c2 = rng.normal(size=3) * 3
        if np.linalg.norm(c2) <= r1 + r2:
            continue
        res = dist(wolfe.Sphere(r1), IDENTITY, wolfe.Sphere(r2), at(*c2), gjk_variant=variant)
        u = c2 / np.linalg.norm(c2)
        assert res.min_distance == pytest.approx(np.linalg.norm(c2) - r1 - r2, abs=1e-9)
        np.testing.assert_allclose(res.getNearestPoint1(), r1 * u, atol=1e-9)
        np.testing.assert_allclose(res.getNearestPoint2(), c2 - r2 * u, atol=1e-9)
        np.testing.assert_allclose(res.normal, u, atol=1e-9)
        assert res.status == wolfe.Status.Converged
        assert res.lower_bound <= res.min_distance + 1e-12 <= res.upper_bound + 2e-12


def test_overlapping_spheres_signed_distance_is_minus_depth():
    res = dist(wolfe.Sphere(1.0), IDENTITY, wolfe.Sphere(0.5), at(1.2))
    assert res.min_distance == pytest.approx(-0.3, abs=1e-9)
    np.testing.assert_allclose(res.normal, [1, 0, 0], atol=1e-9)
    unsigned = dist(wolfe.Sphere(1.0), IDENTITY, wolfe.Sphere(0.5), at(1.2), enable_signed_distance=False)
    assert unsigned.min_distance == 0.0
    assert unsigned.status == wolfe.Status.Intersecting


def test_box_face_and_corner_distances_full_side_convention():
    box = wolfe.Box(2.0, 4.0, 6.0)  # half sides 1, 2, 3
    np.testing.assert_allclose(box.halfSide, [1, 2, 3])
    ball = wolfe.Sphere(0.5)
    assert dist(box, IDENTITY, ball, at(3.0)).min_distance == pytest.approx(1.5, abs=1e-9)
    assert dist(box, IDENTITY, ball, at(0, 0, 5.0)).min_distance == pytest.approx(1.5, abs=1e-9)
    corner = np.array([2.0, 3.0, 4.0])
    expect = np.linalg.norm(corner - [1, 2, 3]) - 0.5
    assert dist(box, IDENTITY, ball, at(*corner)).min_distance == pytest.approx(expect, abs=1e-9)
    # Two boxes, the second rotated 90 degrees about z: its 4-wide side now along x.
    Rz = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    res = dist(box, IDENTITY, wolfe.Box(2.0, 4.0, 6.0), at(4.0, R=Rz), gjk_tolerance=1e-10)
    assert res.min_distance == pytest.approx(1.0, abs=1e-8)


def test_sizes_follow_coal_conventions():
    # Capsule(radius, lz): lz is the full segment length.
    cap = wolfe.Capsule(0.5, 2.0)
    assert cap.halfLength == 1.0
    assert dist(cap, IDENTITY, wolfe.Sphere(0.25), at(0, 0, 3.0)).min_distance == pytest.approx(1.25, abs=1e-9)
    cyl = wolfe.Cylinder(0.5, 2.0)
    assert dist(cyl, IDENTITY, wolfe.Sphere(0.25), at(0, 0, 3.0)).min_distance == pytest.approx(1.75, abs=1e-9)
    cone = wolfe.Cone(0.5, 2.0)  # apex at z = +1
    assert dist(cone, IDENTITY, wolfe.Sphere(0.25), at(0, 0, 3.0)).min_distance == pytest.approx(1.75, abs=1e-9)
    ell = wolfe.Ellipsoid(1.0, 2.0, 3.0)
    assert dist(ell, IDENTITY, wolfe.Sphere(0.5), at(0, 5.0, 0)).min_distance == pytest.approx(2.5, abs=1e-7)


def test_transform_quaternion_order_and_rotation_matrix():
    q = wolfe.Quaternion(math.cos(math.pi / 4), 0.0, 0.0, math.sin(math.pi / 4))  # 90 deg about z
    np.testing.assert_allclose(q.coeffs(), [0, 0, math.sin(math.pi / 4), math.cos(math.pi / 4)])
    M = wolfe.Transform3s(q, np.array([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(M.getRotation(), [[0, -1, 0], [1, 0, 0], [0, 0, 1]], atol=1e-12)
    np.testing.assert_allclose(M.transform(np.array([1.0, 0.0, 0.0])), [1, 3, 3], atol=1e-12)
    M2 = wolfe.Transform3s(M.getRotation(), M.getTranslation())
    np.testing.assert_allclose(M2.to_array(), M.to_array(), atol=1e-12)
    np.testing.assert_allclose((M * M.inverse()).to_array(), [0, 0, 0, 1, 0, 0, 0], atol=1e-12)


def test_collide_contact_fields():
    req, res = wolfe.CollisionRequest(), wolfe.CollisionResult()
    n = wolfe.collide(wolfe.Sphere(0.5), IDENTITY, wolfe.Box(1.0, 2.0, 3.0), at(0.3), req, res)
    assert n == 1 and res.isCollision() and res.numContacts() == 1
    c = res.getContact(0)
    assert c.penetration_depth == pytest.approx(-0.7, abs=1e-9)
    np.testing.assert_allclose(c.normal, [1, 0, 0], atol=1e-9)
    np.testing.assert_allclose(c.pos, [0.15, 0, 0], atol=1e-9)
    res.clear()
    assert wolfe.collide(wolfe.Sphere(0.5), IDENTITY, wolfe.Box(1.0, 2.0, 3.0), at(3.0), req, res) == 0
    assert not res.isCollision()
    assert 0 < res.distance_lower_bound <= 2.0 + 1e-12
    # security margin: 0.1 apart collides with a margin of 0.2, not with 0.05.
    req.security_margin = 0.2
    assert wolfe.collide(wolfe.Sphere(0.5), IDENTITY, wolfe.Sphere(0.5), at(1.1), req, res) == 1
    req.security_margin = 0.05
    assert wolfe.collide(wolfe.Sphere(0.5), IDENTITY, wolfe.Sphere(0.5), at(1.1), req, res) == 0


def test_cached_guess_round_trip_same_answer():
    mesh = wolfe.convex_hull(np.random.default_rng(2).normal(size=(200, 3)))
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    M2 = at(12.0, 1.0, 0.5)
    d0 = wolfe.distance(mesh, IDENTITY, mesh, M2, req, res)
    assert d0 > 0
    cold = res.iterations
    req.updateGuess(res)
    req.gjk_initial_guess = wolfe.GJKInitialGuess.CachedGuess
    d1 = wolfe.distance(mesh, IDENTITY, mesh, M2, req, res)
    assert d1 == pytest.approx(d0, rel=1e-6)
    assert res.iterations <= cold
