"""Input checks: nearly-unit rotations are repaired within a stated tolerance and refused
beyond it, negative integers are ValueError, parameter objects are checked when built,
growth centres must lie in their shapes."""

import numpy as np
import pytest

import wolfe

TOL = 1e-3  # the stated tolerance of quaternion norms and of R^T R - I


def rotation_of_quaternion(w, x, y, z):
    """The rotation matrix of the unit quaternion q / |q| (textbook formula)."""
    q = np.array([w, x, y, z]) / np.linalg.norm([w, x, y, z])
    w, x, y, z = q
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
    ])


def random_rotation(rng):
    q = rng.normal(size=4)
    return rotation_of_quaternion(*q)


def test_quaternion_written_to_four_decimals_is_normalized():
    # coal's users write 1/sqrt(2) as 0.7071; coal normalizes, so does wolfe.
    q = wolfe.Quaternion(0.7071, 0, 0, 0.7071)
    M = wolfe.Transform3s(q, np.zeros(3))
    R = M.getRotation()
    np.testing.assert_allclose(R.T @ R, np.eye(3), atol=1e-14)
    np.testing.assert_allclose(R, rotation_of_quaternion(0.7071, 0, 0, 0.7071), atol=1e-15)
    np.testing.assert_allclose(M.transform([1, 0, 0]), [0, 1, 0], atol=1e-15)
    assert abs(M.getQuatRotation().norm() - 1) < 1e-15


@pytest.mark.parametrize("seed", range(10))
def test_quaternion_tolerance_boundary(seed):
    rng = np.random.default_rng(seed)
    u = rng.normal(size=4)
    u /= np.linalg.norm(u)
    for scale, ok in ((1 + 0.9 * TOL, True), (1 - 0.9 * TOL, True), (1 + 1.1 * TOL, False),
                      (1 - 1.1 * TOL, False)):
        q = u * scale
        pose7 = np.array([0.1, 0.2, 0.3, *q])
        calls = [
            lambda: wolfe.Transform3s(wolfe.Quaternion(*q), np.zeros(3)),
            lambda: wolfe.distance(wolfe.Sphere(1), pose7, wolfe.Sphere(1), None,
                                   wolfe.DistanceRequest(), wolfe.DistanceResult()),
            lambda: wolfe.distance_batch(wolfe.Box(1, 2, 3), pose7[None, :], wolfe.Sphere(1),
                                         np.array([[5.0, 0, 0, 1, 0, 0, 0]])),
        ]
        for call in calls:
            if ok:
                call()
            else:
                with pytest.raises(ValueError, match="not unit"):
                    call()
    # Within the tolerance, every path uses q / |q|.
    q = u * (1 + 0.5 * TOL)
    R = rotation_of_quaternion(*q)
    np.testing.assert_allclose(wolfe.Transform3s(wolfe.Quaternion(*q), np.zeros(3)).getRotation(), R,
                               atol=1e-14)
    box, ball = wolfe.Box(1, 2, 3), wolfe.Sphere(0.5)
    pb = np.array([2.0, 0.5, -0.3, 1, 0, 0, 0])
    exact = wolfe.Transform3s(R, np.array([0.1, 0.2, 0.3]))
    d_exact = wolfe.distance(box, exact, ball, pb, wolfe.DistanceRequest(), wolfe.DistanceResult())
    pose7 = np.array([0.1, 0.2, 0.3, *q])
    d7 = wolfe.distance(box, pose7, ball, pb, wolfe.DistanceRequest(), wolfe.DistanceResult())
    batch = wolfe.distance_batch(box, pose7[None, :], ball, pb[None, :]).distance[0]
    assert abs(d7 - d_exact) < 1e-12 and abs(batch - d_exact) < 1e-12


@pytest.mark.parametrize("seed", range(10))
def test_rotation_matrix_written_to_four_decimals_is_orthonormalized(seed):
    rng = np.random.default_rng(seed)
    R = random_rotation(rng)
    R4 = np.round(R, 4)
    assert np.abs(R4.T @ R4 - np.eye(3)).max() > 1e-8  # really not orthonormal
    t = rng.normal(size=3)
    for M in (wolfe.Transform3s(R4, t), wolfe.Transform3s(wolfe.Quaternion(R4), t)):
        Q = M.getRotation()
        np.testing.assert_allclose(Q.T @ Q, np.eye(3), atol=1e-14)
        assert np.linalg.det(Q) > 0
        # The nearest rotation: at least as close to R4 as R is, and close to R.
        assert np.linalg.norm(Q - R4) <= np.linalg.norm(R - R4) + 1e-12
        np.testing.assert_allclose(Q, R, atol=2e-4)
    # An exact rotation is kept as it is.
    np.testing.assert_allclose(wolfe.Transform3s(R, t).getRotation(), R, atol=1e-15)
    # 4x4 matrices and batches of them take the same path.
    H = np.eye(4)
    H[:3, :3], H[:3, 3] = R4, t
    ball = wolfe.Sphere(0.3)
    d_h = wolfe.distance(wolfe.Box(1, 2, 3), H, ball, None, wolfe.DistanceRequest(), wolfe.DistanceResult())
    d_m = wolfe.distance(wolfe.Box(1, 2, 3), wolfe.Transform3s(R4, t), ball, None,
                         wolfe.DistanceRequest(), wolfe.DistanceResult())
    batch = wolfe.distance_batch(wolfe.Box(1, 2, 3), H[None], ball, np.array([[0.0, 0, 0, 1, 0, 0, 0]]))
    assert d_h == d_m and abs(batch.distance[0] - d_m) < 1e-12


@pytest.mark.parametrize("make", [
    lambda R: R * (1 + 2 * TOL),                  # scaled beyond the tolerance
    lambda R: R @ np.diag([1.0, 1.0, -1.0]),      # a reflection (det -1)
    lambda R: R + np.array([[0, 0.01, 0], [0, 0, 0], [0, 0, 0]]),
])
def test_rotation_matrix_beyond_tolerance_is_refused(make):
    R = random_rotation(np.random.default_rng(3))
    with pytest.raises(ValueError, match="not a rotation"):
        wolfe.Transform3s(make(R), np.zeros(3))
    with pytest.raises(ValueError, match="not a rotation"):
        wolfe.Quaternion(make(R))


@pytest.mark.parametrize("call", [
    lambda: wolfe.distance_batch(wolfe.Sphere(1), np.array([[0.0, 0, 0, 1, 0, 0, 0]]), wolfe.Sphere(1),
                                 np.array([[3.0, 0, 0, 1, 0, 0, 0]]), threads=-1),
    lambda: wolfe.Simulation(wolfe.World()).step(-1),
    lambda: wolfe.growth_distance(wolfe.Sphere(1), None, wolfe.Sphere(1), [3, 0, 0, 1, 0, 0, 0],
                                  max_iterations=-1),
    lambda: wolfe.growth_collide(wolfe.Sphere(1), None, wolfe.Sphere(1), [3, 0, 0, 1, 0, 0, 0],
                                 max_iterations=-5),
    lambda: wolfe.growth_distance_2d(wolfe.Shape2D.disc(1), (0, 0, 0), wolfe.Shape2D.disc(1), (3, 0, 0),
                                     max_iterations=-1),
    lambda: wolfe.PairCache(growth_max_iterations=-1),
    lambda: wolfe.CollisionRequest(wolfe.CONTACT, -1),
    lambda: setattr(wolfe.CollisionRequest(), "num_max_contacts", -2),
    lambda: setattr(wolfe.DistanceRequest(), "gjk_max_iterations", -1),
    lambda: setattr(wolfe.DistanceRequest(), "epa_max_iterations", -1),
    lambda: setattr(wolfe.DistanceRequest(), "gjk_max_iterations", 2**40),  # too large for its type
    lambda: wolfe.CollisionResult().getContact(-1),
    lambda: wolfe.Triangle(0, -1, 2),
    lambda: wolfe.World().joint_names(-1),
])
def test_negative_integers_are_value_errors(call):
    with pytest.raises(ValueError, match=r">= 0|too large|out of range"):
        call()


def test_integer_arguments_still_type_checked():
    with pytest.raises(TypeError):
        wolfe.Simulation(wolfe.World()).step("two")
    with pytest.raises(TypeError):
        wolfe.Triangle(0, 1.5, 2)
    assert wolfe.Simulation(wolfe.World()).step(0) is None
    t = wolfe.Triangle(4, 5, 6)
    assert (t[-1], t[-3], t[0]) == (6, 4, 4)
    with pytest.raises(IndexError):
        t[3]
    with pytest.raises(IndexError):
        t[-4]


@pytest.mark.parametrize("kwargs, field", [
    (dict(friction=-1.0), "friction"),
    (dict(friction=float("nan")), "friction"),
    (dict(stiffness=0.0), "stiffness"),
    (dict(stiffness=-5.0), "stiffness"),
    (dict(dissipation_time_scale=-0.1), "dissipation_time_scale"),
    (dict(dissipation_time_scale=float("inf")), "dissipation_time_scale"),
])
def test_material_checked_when_built_and_set(kwargs, field):
    with pytest.raises(ValueError, match=field):
        wolfe.Material(**kwargs)
    m = wolfe.Material()
    before = getattr(m, field)
    with pytest.raises(ValueError, match=field):
        setattr(m, field, kwargs[field])
    assert getattr(m, field) == before or np.isnan(before)
    # The defaults and the documented ranges' edges are accepted.
    wolfe.Material(stiffness=float("inf"), dissipation_time_scale=0.0, friction=0.0)
    m.friction = 0.3
    assert m.friction == 0.3


def box_depth(half, c):
    """Depth of point c in the box of half sides `half` (negative outside, only inside used)."""
    return float(np.min(half - np.abs(c)))


@pytest.mark.parametrize("seed", range(8))
def test_growth_centre_must_lie_in_its_shape(seed):
    rng = np.random.default_rng(seed)
    half = rng.uniform(0.5, 2.0, size=3)
    box = wolfe.Box(*(2 * half))
    other = wolfe.Sphere(0.5)
    far = [10.0, 0, 0, 1, 0, 0, 0]
    c = rng.uniform(-0.8, 0.8, size=3) * half
    depth = box_depth(half, c)
    # A ball that fits (up to its depth) is accepted, on both queries.
    for r in (0.0, 0.5 * depth, depth * (1 - 1e-9)):
        wolfe.growth_distance(box, None, other, far, center_a=(c, r))
        wolfe.growth_collide(box, None, other, far, center_a=(c, r))
    # A larger inradius is refused, as is a point outside.
    with pytest.raises(ValueError, match="inradius .* larger"):
        wolfe.growth_distance(box, None, other, far, center_a=(c, depth * 1.001 + 1e-6))
    outside = half * rng.choice([-1, 1], size=3) * 1.2
    with pytest.raises(ValueError, match="outside the shape"):
        wolfe.growth_distance(box, None, other, far, center_a=(outside, 0.0))
    with pytest.raises(ValueError, match="outside the shape"):
        wolfe.PairCache().growth_collide(box, None, other, far, center_a=(outside, 0.1))
    with pytest.raises(ValueError, match="inradius"):
        wolfe.growth_distance(box, None, other, far, center_a=(c, -0.1))


@pytest.mark.parametrize("shape, inradius", [
    (wolfe.Sphere(0.7), 0.7),
    (wolfe.Box(1, 2, 3), 0.5),
    (wolfe.Capsule(0.4, 2.0), 0.4),
    (wolfe.Cylinder(1.0, 0.6), 0.3),
    (wolfe.Ellipsoid(0.5, 1.0, 2.0), 0.5),
])
def test_growth_centre_exact_inradius_accepted(shape, inradius):
    far = [10.0, 0, 0, 1, 0, 0, 0]
    g = wolfe.growth_distance(shape, None, wolfe.Sphere(0.5), far, center_a=(np.zeros(3), inradius))
    default = wolfe.growth_distance(shape, None, wolfe.Sphere(0.5), far)
    assert abs(g.alpha - default.alpha) <= 1e-6 * default.alpha
    with pytest.raises(ValueError, match="larger"):
        wolfe.growth_distance(shape, None, wolfe.Sphere(0.5), far, center_a=(np.zeros(3), inradius * 1.01))
