"""What a coal user's first week touches: the `coal`/`hppfcl` alias modules, the shape
hierarchy (`ShapeBase`), mass properties in coal's conventions (volume, centre of mass,
inertia about the shape's origin and about its centre of mass, at unit density) against
closed forms, and a coal program run unchanged through the one-line shim."""

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import wolfe
import wolfe.coal
import wolfe.hppfcl


def capsule_inertia(r, h):
    """Unit-density inertia of a capsule (radius r, half length h) about its centre:
    a cylinder plus two hemispheres moved by the parallel axis theorem."""
    v_cyl, v_ball = np.pi * r * r * 2 * h, 4 / 3 * np.pi * r**3
    iz = v_cyl * r * r / 2 + 0.4 * v_ball * r * r
    ix_cyl = v_cyl * (3 * r * r + 4 * h * h) / 12
    # A hemisphere: centroid 3r/8 from its flat face; inertia about the face's axis is
    # half the ball's, shifted to the centroid, then to the capsule's centre.
    v_hemi, c = v_ball / 2, 3 * r / 8
    i_face = 0.2 * v_ball * r * r
    ix_hemi = i_face - v_hemi * c * c + v_hemi * (h + c) ** 2
    return v_cyl + v_ball, np.diag([ix_cyl + 2 * ix_hemi] * 2 + [iz])


def box_inertia(x, y, z):
    v = x * y * z
    return v, np.diag([v * (y * y + z * z), v * (x * x + z * z), v * (x * x + y * y)]) / 12


def cylinder_inertia(r, h):
    v = np.pi * r * r * 2 * h
    ix = v * (3 * r * r + 4 * h * h) / 12
    return v, np.diag([ix, ix, v * r * r / 2])


def cone_inertia_about_com(r, h):
    """A cone of base radius r and height 2h: inertia about its centroid (h/2 above
    the base... coal's frame puts the centroid at -h/2)."""
    v = np.pi * r * r * 2 * h / 3
    ix = v * 3 / 20 * (r * r + h * h)
    return v, np.diag([ix, ix, 0.3 * v * r * r])


@pytest.mark.parametrize("make, volume_inertia, com", [
    (lambda: wolfe.Capsule(1.0, 2.0), lambda s: capsule_inertia(s.radius, s.halfLength), lambda s: 0),
    (lambda: wolfe.Cylinder(1.0, 2.0), lambda s: cylinder_inertia(s.radius, s.halfLength), lambda s: 0),
    (lambda: wolfe.Box(1.0, 2.0, 3.0), lambda s: box_inertia(*(2 * s.halfSide)), lambda s: 0),
    (lambda: wolfe.Sphere(1.5),
     lambda s: (4 / 3 * np.pi * s.radius**3, 0.4 * 4 / 3 * np.pi * s.radius**5 * np.eye(3)), lambda s: 0),
    (lambda: wolfe.Cone(1.0, 2.0), lambda s: cone_inertia_about_com(s.radius, s.halfLength),
     lambda s: -0.5 * s.halfLength),
])
def test_mass_properties_in_coal_conventions(make, volume_inertia, com):
    s = make()
    assert isinstance(s, wolfe.ShapeBase) and isinstance(s, wolfe.CollisionGeometry)
    # Writable parameters first, as a coal user changes them.
    if hasattr(s, "halfLength"):
        s.radius, s.halfLength = 3.0, 4.0
    elif isinstance(s, wolfe.Box):
        s.halfSide = np.array([4.0, 5.0, 6.0])
    else:
        s.radius = 2.0
    v, i_com = volume_inertia(s)
    c = np.array([0.0, 0.0, com(s)])
    assert s.computeVolume() == pytest.approx(v, rel=1e-9)
    np.testing.assert_allclose(s.computeCOM(), c, atol=1e-9)
    np.testing.assert_allclose(s.computeMomentofInertiaRelatedToCOM(), i_com, rtol=1e-9, atol=1e-9)
    # About the origin: the parallel axis theorem from the centre of mass.
    i_origin = i_com + v * (c @ c * np.eye(3) - np.outer(c, c))
    np.testing.assert_allclose(s.computeMomentofInertia(), i_origin, rtol=1e-9, atol=1e-9)


def test_box_from_an_array_or_three_numbers():
    a, b = wolfe.Box(np.array([1.0, 2.0, 3.0])), wolfe.Box(1.0, 2.0, 3)
    np.testing.assert_array_equal(a.halfSide, [0.5, 1.0, 1.5])
    assert a == b and a.getNodeType() == wolfe.NODE_TYPE.GEOM_BOX


def test_alias_modules_are_wolfe():
    assert wolfe.coal.Sphere is wolfe.Sphere and wolfe.coal.ShapeBase is wolfe.ShapeBase
    assert wolfe.hppfcl.Transform3f is wolfe.Transform3s and wolfe.hppfcl.BVHModelOBBRSS is wolfe.BVHModelOBBRSS
    assert set(wolfe.__all__) <= set(dir(wolfe.coal))


PROGRAM = textwrap.dedent("""
    import numpy as np
    import coal
    import hppfcl
    assert coal.Sphere.__module__ == "wolfe", coal.Sphere.__module__
    s = coal.CollisionObject(coal.Sphere(0.5))
    M = coal.Transform3s.Identity()
    M.setTranslation(np.array([-0.6, 0.0, 0.0]))
    s.setTransform(M)
    b = coal.CollisionObject(coal.Box(np.array([0.5, 0.5, 0.5])))
    b.setTransform(M)
    manager = coal.DynamicAABBTreeCollisionManager()
    manager.registerObject(s)
    manager.registerObject(b)
    manager.setup()
    cb = coal.CollisionCallBackDefault()
    manager.collide(s, cb)
    assert cb.data.result.numContacts() == 1
    assert hppfcl.Transform3f is coal.Transform3s
    print("ok")
""")


@pytest.mark.parametrize("how", ["shim", "install"])
def test_a_coal_program_runs_unchanged(tmp_path, how):
    if how == "shim":
        (tmp_path / "coal.py").write_text("from wolfe.coal import *  # noqa: F401,F403\n")
        (tmp_path / "hppfcl.py").write_text("from wolfe.hppfcl import *  # noqa: F401,F403\n")
        program = PROGRAM
    else:
        program = "import wolfe.coal\nwolfe.coal.install()\n" + PROGRAM
    (tmp_path / "program.py").write_text(program)
    out = subprocess.run([sys.executable, "program.py"], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_install_leaves_an_imported_coal_alone():
    program = "import sys, types\nsys.modules['coal'] = types.ModuleType('coal')\n" \
              "import wolfe.coal\nprint(wolfe.coal.install())\n"
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['hppfcl']"


def test_enum_members_have_name_and_value():
    assert wolfe.NODE_TYPE.GEOM_BOX.name == "GEOM_BOX" and wolfe.NODE_TYPE.GEOM_BOX.value == 9
    assert wolfe.GJKVariant.NesterovAcceleration.name == "NesterovAcceleration"
    assert wolfe.BVH_BUILD_STATE_PROCESSED.name == "BVH_BUILD_STATE_PROCESSED"
    for member in (wolfe.OBJECT_TYPE.OT_BVH, wolfe.CollisionRequestFlag.CONTACT, wolfe.GJKInitialGuess.CachedGuess):
        assert getattr(type(member), member.name) == member and int(member) == member.value
    assert [s.value for s in wolfe.GJKStatus] == list(range(6))
    assert wolfe.Collision is wolfe.GJKStatus.Collision and wolfe.GJKStatus.Failed.name == "Failed"


def test_quaternion_algebra_matches_rotation_matrices():
    rng = np.random.default_rng(4)
    for _ in range(20):
        a, b = (wolfe.Quaternion(*rng.normal(size=4)) for _ in range(2))
        na = a.normalized()
        assert na.norm() == pytest.approx(1.0) and na.squaredNorm() == pytest.approx(1.0)
        np.testing.assert_allclose((a * b).matrix(), a.matrix() @ b.matrix(), atol=1e-12)
        np.testing.assert_allclose((a * a.inverse()).coeffs(), [0, 0, 0, 1], atol=1e-12)
        np.testing.assert_allclose(a.conjugate().matrix(), a.matrix().T, atol=1e-12)
        # slerp: the end points, and the midpoint halves the angle.
        assert a.slerp(0.0, b).isApprox(na, 1e-9)
        nb = b.normalized()
        end = a.slerp(1.0, b)
        assert end.isApprox(nb, 1e-9) or end.isApprox(wolfe.Quaternion(-nb.w, -nb.x, -nb.y, -nb.z), 1e-9)
        mid = a.slerp(0.5, b)
        assert a.angularDistance(mid) == pytest.approx(a.angularDistance(b) / 2, abs=1e-9)
        a.normalize()
        assert a.isApprox(na, 1e-12)
    assert wolfe.Quaternion.Identity().isApprox(wolfe.Quaternion(1, 0, 0, 0))
    with pytest.raises(ValueError):
        wolfe.Quaternion(0, 0, 0, 0).normalize()
    with pytest.raises(ValueError):
        wolfe.Quaternion(0, 0, 0, 0).inverse()


def test_cached_functors_and_collect_callback():
    s, b = wolfe.Sphere(0.5), wolfe.Box(1, 1, 1)
    M1, M2 = wolfe.Transform3s(), wolfe.Transform3s(np.eye(3), np.array([2.0, 0, 0]))
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    assert wolfe.ComputeDistance(s, b)(M1, M2, req, res) == pytest.approx(1.0)
    creq, cres = wolfe.CollisionRequest(), wolfe.CollisionResult()
    assert wolfe.ComputeCollision(s, b)(M1, M2, creq, cres) == 0
    objs = [wolfe.CollisionObject(wolfe.Sphere(0.5), wolfe.Transform3s(np.eye(3), np.array([x, 0.0, 0])))
            for x in (0.0, 0.8, 5.0)]
    manager = wolfe.DynamicAABBTreeCollisionManager()
    manager.registerObjects(objs)
    cb = wolfe.CollisionCallBackCollect(10)
    manager.collide(cb)
    assert cb.numCollisionPairs() == 1
    assert cb.exist(objs[0], objs[1]) or cb.exist(objs[1], objs[0])
    assert not cb.exist(objs[0], objs[2])
    assert wolfe.checkVersionAtLeast(3, 0, 0) and not wolfe.checkVersionAtLeast(3, 1, 0)
    assert wolfe.checkVersionAtMost(3, 0, 3) and wolfe.WITH_QHULL and not wolfe.WITH_OCTOMAP
    v = wolfe.StdVec_Contact()
    v.append(1)
    assert len(v) == 1 and isinstance(v, list)
