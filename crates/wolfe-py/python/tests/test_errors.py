"""Bad input raises ValueError / TypeError / OSError with wolfe's message, never crashes."""

import numpy as np
import pytest

import wolfe


@pytest.mark.parametrize("make, message", [
    (lambda: wolfe.Sphere(-1.0), "invalid sphere parameter `radius`"),
    (lambda: wolfe.Sphere(float("nan")), "must be finite"),
    (lambda: wolfe.Box(1.0, 0.0, 1.0), "box"),
    (lambda: wolfe.Capsule(0.1, -1.0), "capsule"),
    (lambda: wolfe.Ellipsoid(1.0, 2.0, float("inf")), "ellipsoid"),
    (lambda: wolfe.convex_hull(np.zeros((0, 3))), "no vertices"),
    (lambda: wolfe.convex_hull(np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0.0]])), "degenerate"),
    (lambda: wolfe.convex_hull(np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, np.nan]])), "NaN"),
    (lambda: wolfe.convex_hull(np.zeros((4, 2))), "shape (N, 3)"),
    (lambda: wolfe.Transform3s(np.ones((3, 3)), np.zeros(3)), "not a rotation"),
    (lambda: wolfe.Transform3s(np.eye(3), np.array([0, np.nan, 0])), "NaN"),
    (lambda: wolfe.Transform3s(wolfe.Quaternion(2, 0, 0, 0), np.zeros(3)), "not unit"),
    (lambda: wolfe.Transform3s(np.eye(3), np.zeros(4)), "3 components"),
    (lambda: wolfe.signed_distance(wolfe.Sphere(1), [0, 0, 0, 1, 0, 0], wolfe.Sphere(1), None), "7-vector"),
    (lambda: wolfe.Sphere(1).inflated(-1.0), "must be finite and >= 0"),
    (lambda: wolfe.load_convex("mesh.ply"), "unknown mesh format"),
])
def test_value_errors(make, message):
    with pytest.raises(ValueError, match=None) as e:
        make()
    assert message in str(e.value)


def test_bad_request_settings():
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    req.gjk_tolerance = -1.0
    with pytest.raises(ValueError, match="tolerance"):
        wolfe.distance(wolfe.Sphere(1), wolfe.Transform3s(), wolfe.Sphere(1), wolfe.Transform3s(), req, res)
    with pytest.raises(ValueError, match="threads"):
        wolfe.distance_batch(wolfe.Sphere(1), np.zeros((1, 7)) + [0, 0, 0, 1, 0, 0, 0], wolfe.Sphere(1),
                             np.zeros((1, 7)) + [3, 0, 0, 1, 0, 0, 0], threads=0)


def test_type_errors():
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    M = wolfe.Transform3s()
    with pytest.raises(TypeError, match="expected a wolfe shape"):
        wolfe.distance("sphere", M, wolfe.Sphere(1), M, req, res)
    with pytest.raises(TypeError):
        wolfe.distance(wolfe.Sphere(1), M, wolfe.Sphere(1), M, res, req)
    with pytest.raises(TypeError):
        wolfe.Box("a", "b", "c")
    with pytest.raises(TypeError):
        wolfe.Capsule(1.0)


def test_os_error_names_the_file(tmp_path):
    missing = tmp_path / "missing.obj"
    with pytest.raises(OSError, match="missing.obj"):
        wolfe.load_convex(str(missing))
    bad = tmp_path / "bad.stl"
    bad.write_text("solid x\nfacet normal oops\n")
    with pytest.raises((ValueError, OSError), match="bad.stl"):
        wolfe.load_convex(str(bad))


def test_batch_bad_rows_name_the_row():
    poses = np.tile([0.0, 0, 0, 1, 0, 0, 0], (3, 1))
    bad = poses.copy()
    bad[2, 3] = 5.0
    with pytest.raises(ValueError, match=r"poses_b\[2\]"):
        wolfe.distance_batch(wolfe.Sphere(1), poses, wolfe.Sphere(1), bad)
    with pytest.raises(ValueError, match="one shape or 3"):
        wolfe.distance_batch([wolfe.Sphere(1)] * 2, poses, wolfe.Sphere(1), poses)
    with pytest.raises(ValueError, match="one shape or 3, got 0"):
        wolfe.distance_batch([], poses, wolfe.Sphere(1), poses)
    with pytest.raises(TypeError, match="expected a wolfe shape"):
        wolfe.distance_batch([wolfe.Sphere(1), "box", wolfe.Sphere(1)], poses, wolfe.Sphere(1), poses)
    with pytest.raises(ValueError, match=r"\(N, 7\)"):
        wolfe.distance_batch(wolfe.Sphere(1), np.zeros((3, 5)), wolfe.Sphere(1), poses)
    with pytest.raises(ValueError, match="rows"):
        wolfe.distance_batch(wolfe.Sphere(1), poses[:2], wolfe.Sphere(1), poses)


def test_simulation_errors(tmp_path):
    w = wolfe.World()
    with pytest.raises(ValueError, match="mass and inertia"):
        w.add_body(wolfe.Sphere(0.1), mass=1.0)
    with pytest.raises(ValueError):
        w.add_body(wolfe.Sphere(0.1), density=-1.0)
    with pytest.raises(ValueError, match="scheme"):
        wolfe.Simulation(w, scheme="rk4")
    with pytest.raises(ValueError, match="time_step"):
        wolfe.Simulation(w, time_step=0.0)
    with pytest.raises(ValueError, match="margin"):
        wolfe.Simulation(w, margin=-1.0)
    w.add_ground()
    w.add_body(wolfe.Sphere(0.1), [0, 0, 0.05, 1, 0, 0, 0])
    with pytest.raises(ValueError, match="overlap"):
        wolfe.Simulation(w)
    blocker = tmp_path / "file"
    blocker.write_text("")
    w2 = wolfe.World()
    w2.add_body(wolfe.Sphere(0.1))
    with pytest.raises(OSError):
        wolfe.Simulation(w2, out=str(blocker / "sub"))
