"""Halfspace and Plane (coal's names): distance and collide against the convex shapes in
closed form, checked against analytic answers and against a thin box standing in for
the half-space."""

import pickle

import numpy as np
import pytest

import wolfe

UP = np.array([0.0, 0.0, 1.0])


def at(z, x=0.0, y=0.0):
    M = wolfe.Transform3s.Identity()
    M.setTranslation(np.array([x, y, z]))
    return M


def dist(a, Ma, b, Mb):
    r = wolfe.DistanceResult()
    d = wolfe.distance(a, Ma, b, Mb, wolfe.DistanceRequest(), r)
    return d, r


@pytest.mark.parametrize("z", [2.0, 0.7, 0.5, 0.2, -0.3, -2.0])
def test_sphere_against_halfspace_is_height_minus_radius(z):
    hs, s = wolfe.Halfspace(UP, 0.0), wolfe.Sphere(0.5)
    d, r = dist(hs, None, s, at(z))
    assert d == pytest.approx(z - 0.5, abs=1e-12)
    assert np.allclose(r.normal, UP)
    assert np.allclose(r.getNearestPoint2(), [0, 0, z - 0.5])
    assert r.getNearestPoint1()[2] == pytest.approx(0.0, abs=1e-12)
    # Swapped order: same distance, normal reversed, witness points swapped.
    d2, r2 = dist(s, at(z), hs, None)
    assert d2 == pytest.approx(d)
    assert np.allclose(r2.normal, -UP)
    assert np.allclose(r2.getNearestPoint1(), r.getNearestPoint2())
    assert (r.status == wolfe.Status.Intersecting) == (z < 0.5)


@pytest.mark.parametrize("z", [2.0, 0.7, 0.2, -0.2, -0.7, -2.0])
def test_sphere_against_plane_is_outside_on_both_sides(z):
    p, s = wolfe.Plane(UP, 0.0), wolfe.Sphere(0.5)
    d, r = dist(p, None, s, at(z))
    # Separated: |z| - r; crossing: minus the smaller depth, which is r - |z| too.
    assert d == pytest.approx(abs(z) - 0.5, abs=1e-12)
    assert np.allclose(r.normal, np.sign(z) * UP)


def test_box_resting_on_a_tilted_offset_halfspace():
    rng = np.random.default_rng(3)
    for _ in range(50):
        n = rng.normal(size=3)
        n /= np.linalg.norm(n)
        off = rng.uniform(-2, 2)
        gap = rng.uniform(-0.3, 0.3)
        box = wolfe.Box(0.4, 0.6, 1.0)
        # The box's axes along the normal: its lowest face is 0.5 below its centre.
        Q = np.linalg.qr(np.column_stack([n, rng.normal(size=3), rng.normal(size=3)]))[0]
        R = np.column_stack([Q[:, 1], Q[:, 2], n])
        if np.linalg.det(R) < 0:
            R[:, 0] *= -1
        centre = (off + 0.5 + gap) * n + np.cross(n, rng.normal(size=3))
        d, r = dist(wolfe.Halfspace(n, off), None, box, wolfe.Transform3s(R, centre))
        assert d == pytest.approx(gap, abs=1e-9)
        assert np.allclose(r.normal, n)
        req, res = wolfe.CollisionRequest(), wolfe.CollisionResult()
        wolfe.collide(wolfe.Halfspace(n, off), None, box, wolfe.Transform3s(R, centre), req, res)
        assert res.isCollision() == (gap <= 0)
        if gap <= 0:
            c = res.getContact(0)
            assert c.penetration_depth == pytest.approx(gap, abs=1e-9)
            assert np.allclose(c.normal, n)


def test_transformed_halfspace_agrees_with_a_large_box():
    """A half-space at a pose equals a thick, wide box whose top face is its plane."""
    rng = np.random.default_rng(5)
    shapes = [wolfe.Sphere(0.3), wolfe.Capsule(0.2, 0.8), wolfe.Cylinder(0.3, 0.5), wolfe.Cone(0.3, 0.6),
              wolfe.Ellipsoid(0.2, 0.3, 0.4), wolfe.convex_hull(rng.normal(size=(20, 3)) * 0.3)]
    hs, slab = wolfe.Halfspace(UP, 0.0), wolfe.Box(100, 100, 100)
    for s in shapes:
        for _ in range(10):
            q = rng.normal(size=4)
            Mh = wolfe.Transform3s(wolfe.Quaternion(*(q / np.linalg.norm(q))), rng.uniform(-1, 1, 3))
            Mslab = Mh * at(-50.0)
            q2 = rng.normal(size=4)
            Ms = wolfe.Transform3s(wolfe.Quaternion(*(q2 / np.linalg.norm(q2))),
                                   Mh.transform(np.array([0, 0, rng.uniform(0.05, 1.0)])))
            d_hs, _ = dist(hs, Mh, s, Ms)
            d_box, _ = dist(slab, Mslab, s, Ms)
            assert d_hs == pytest.approx(d_box, abs=1e-6)


def test_construction_attributes_equality_pickling():
    h = wolfe.Halfspace()
    assert np.allclose(h.n, [1, 0, 0]) and h.d == 0.0
    h = wolfe.Halfspace(np.array([0, 0, 2.0]), 1.0)
    assert np.allclose(h.n, UP) and h.d == pytest.approx(0.5)  # normalized as coal
    assert wolfe.Halfspace(0, 0, 2.0, 1.0) == h
    assert wolfe.Halfspace(h) == h and wolfe.Plane(UP, 0.5) != h
    assert pickle.loads(pickle.dumps(h)) == h
    assert pickle.loads(pickle.dumps(wolfe.Plane(UP, 0.5))) == wolfe.Plane(UP, 0.5)
    h.d = 2.0
    assert h.d == 2.0
    h.n = [0, 3.0, 0]
    assert np.allclose(h.n, [0, 1, 0])
    assert h.getNodeType() == wolfe.NODE_TYPE.GEOM_HALFSPACE
    assert wolfe.Plane().getNodeType() == wolfe.NODE_TYPE.GEOM_PLANE
    assert h.signedDistance([0, 5.0, 0]) == pytest.approx(3.0)


def test_bad_input_is_a_typed_error():
    with pytest.raises(ValueError, match="normal"):
        wolfe.Halfspace(np.zeros(3), 0.0)
    with pytest.raises(ValueError):
        wolfe.Halfspace(UP, float("nan"))
    h = wolfe.Halfspace(UP, 0.0)
    with pytest.raises(ValueError):
        h.n = [0, 0, 0]
    assert np.allclose(h.n, UP)
    with pytest.raises(NotImplementedError, match="Halfspace"):
        dist(h, None, wolfe.Plane(), None)
    with pytest.raises(TypeError, match="unbounded"):
        h.computeVolume()
    with pytest.raises(TypeError, match="unbounded"):
        wolfe.signed_distance(h, None, wolfe.Sphere(1.0), None)
