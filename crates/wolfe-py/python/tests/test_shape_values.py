"""Shapes behave as coal's do as Python values: equal when their class and parameters
are, writable parameters that rebuild the shape, pickling, and coal's node types."""

import pickle

import numpy as np
import pytest

import wolfe


def shapes():
    """One shape of each class and a copy with one parameter changed."""
    return [
        (wolfe.Sphere(0.7), wolfe.Sphere(0.8)),
        (wolfe.Box(1, 2, 3), wolfe.Box(1, 2, 3.5)),
        (wolfe.Capsule(0.3, 1.2), wolfe.Capsule(0.3, 1.3)),
        (wolfe.Cylinder(0.3, 1.2), wolfe.Cylinder(0.4, 1.2)),
        (wolfe.Cone(0.3, 1.2), wolfe.Cone(0.3, 1.0)),
        (wolfe.Ellipsoid(0.5, 1, 2), wolfe.Ellipsoid(0.5, 1, 2.5)),
    ]


def rebuilt(s):
    """The same shape built again from its parameters."""
    if isinstance(s, wolfe.Sphere):
        return wolfe.Sphere(s.radius)
    if isinstance(s, wolfe.Box):
        return wolfe.Box(*(2 * s.halfSide))
    if isinstance(s, wolfe.Ellipsoid):
        return wolfe.Ellipsoid(*s.radii)
    return type(s)(s.radius, 2 * s.halfLength)


@pytest.mark.parametrize("a, changed", shapes())
def test_equality_is_by_class_and_parameters(a, changed):
    assert a == rebuilt(a) and not (a != rebuilt(a))
    assert a != changed and not (a == changed)
    assert a != 3 and a != "box"
    # Same numbers, another class: not equal (a capsule is not a cylinder).
    others = [s for s, _ in shapes() if type(s) is not type(a)]
    assert all(a != o for o in others)
    # Hashable by identity, as coal's shapes.
    assert len({a, a}) == 1


@pytest.mark.parametrize("a, _", shapes())
def test_pickle_round_trip(a, _):
    b = pickle.loads(pickle.dumps(a))
    assert type(b) is type(a) and b == a and b is not a
    # The unpickled shape answers queries as the original does.
    req = wolfe.DistanceRequest()
    pose = [2.5, 0.3, -0.2, 1, 0, 0, 0]
    d = [wolfe.distance(s, None, wolfe.Sphere(0.2), pose, req, wolfe.DistanceResult()) for s in (a, b)]
    assert d[0] == d[1]


def test_pickle_convex():
    rng = np.random.default_rng(1)
    hull = wolfe.convex_hull(rng.normal(size=(30, 3)))
    back = pickle.loads(pickle.dumps(hull))
    assert isinstance(back, wolfe.Convex) and back == hull
    assert back.computeVolume() == pytest.approx(hull.computeVolume(), rel=1e-12)
    other = wolfe.convex_hull(rng.normal(size=(30, 3)))
    assert hull != other


def test_writable_parameters_rebuild_the_shape():
    far = [5.0, 0, 0, 1, 0, 0, 0]
    req = wolfe.DistanceRequest()

    def d(s):
        return wolfe.distance(s, None, wolfe.Sphere(0.5), far, req, wolfe.DistanceResult())

    s = wolfe.Sphere(1)
    s.radius = 2
    assert s.radius == 2 and s == wolfe.Sphere(2)
    assert d(s) == pytest.approx(5 - 2 - 0.5, abs=1e-9)
    assert s.computeVolume() == pytest.approx(4 / 3 * np.pi * 8, rel=1e-12)

    b = wolfe.Box(1, 2, 3)
    b.halfSide = np.array([1.0, 1.0, 1.0])
    np.testing.assert_array_equal(b.halfSide, [1, 1, 1])
    assert b == wolfe.Box(2, 2, 2)
    assert d(b) == pytest.approx(5 - 1 - 0.5, abs=1e-9)
    assert b.computeVolume() == pytest.approx(8, rel=1e-12)

    c = wolfe.Capsule(0.5, 2)
    c.halfLength = 3
    c.radius = 1
    assert c == wolfe.Capsule(1, 6)
    assert c.computeVolume() == pytest.approx(np.pi * 6 + 4 / 3 * np.pi, rel=1e-12)

    cyl = wolfe.Cylinder(1, 2)
    cyl.radius = 2.0
    assert d(cyl) == pytest.approx(5 - 2 - 0.5, abs=1e-9)

    e = wolfe.Ellipsoid(1, 2, 3)
    e.radii = [4.0, 1.0, 1.0]
    assert d(e) == pytest.approx(5 - 4 - 0.5, abs=1e-9)


@pytest.mark.parametrize("set_bad", [
    lambda: setattr(wolfe.Sphere(1), "radius", -1.0),
    lambda: setattr(wolfe.Sphere(1), "radius", float("nan")),
    lambda: setattr(wolfe.Box(1, 1, 1), "halfSide", [1.0, 0.0, 1.0]),
    lambda: setattr(wolfe.Box(1, 1, 1), "halfSide", [1.0, 1.0]),
    lambda: setattr(wolfe.Capsule(1, 1), "halfLength", -2.0),
    lambda: setattr(wolfe.Ellipsoid(1, 1, 1), "radii", [1.0, -1.0, 1.0]),
])
def test_invalid_parameters_are_refused_and_leave_the_shape(set_bad):
    # coal stores any number; wolfe refuses a shape it cannot query.
    with pytest.raises(ValueError):
        set_bad()
    s = wolfe.Sphere(1)
    with pytest.raises(ValueError):
        s.radius = -1.0
    assert s.radius == 1 and s == wolfe.Sphere(1)


def test_node_types():
    expected = {
        wolfe.Sphere(1): "GEOM_SPHERE", wolfe.Box(1, 1, 1): "GEOM_BOX",
        wolfe.Capsule(1, 1): "GEOM_CAPSULE", wolfe.Cylinder(1, 1): "GEOM_CYLINDER",
        wolfe.Cone(1, 1): "GEOM_CONE", wolfe.Ellipsoid(1, 2, 3): "GEOM_ELLIPSOID",
        wolfe.convex_hull(np.eye(3).tolist() + [[0, 0, 0]]): "GEOM_CONVEX",
    }
    for s, name in expected.items():
        t = s.getNodeType()
        assert t == getattr(wolfe.NODE_TYPE, name) == getattr(wolfe, name)
        assert s.getObjectType() == wolfe.OBJECT_TYPE.OT_GEOM == wolfe.OT_GEOM
    # coal's numbering: bounding volumes first, then the shapes from GEOM_BOX = 9.
    numbers = [int(getattr(wolfe.NODE_TYPE, n)) for n in
               ("BV_UNKNOWN", "GEOM_BOX", "GEOM_SPHERE", "GEOM_CAPSULE", "GEOM_CONE", "GEOM_CYLINDER",
                "GEOM_CONVEX", "GEOM_PLANE", "GEOM_HALFSPACE", "GEOM_ELLIPSOID", "HF_OBBRSS")]
    assert numbers == [0, 9, 10, 11, 12, 13, 14, 15, 16, 19, 21]
    assert int(wolfe.OT_GEOM) == 2
    assert wolfe.Sphere(1).inflated(0.1).getNodeType() == wolfe.BV_UNKNOWN
