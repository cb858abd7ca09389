"""Hydroelastic (pressure field) contact from Python against analytic answers: a
compliant box on a plane (the exact integral of its field), a compliant sphere (the
integrated field of E (1 - r/R), converging with the mesh), a tilted box's moment
(numpy quadrature of the analytic field), a rigid box mesh and a second compliant
sphere against the half-space they stand for, the simulator's rest states (the
elastic-foundation depth), pose layouts, and bad input."""

import math
import pathlib

import numpy as np
import pytest

import wolfe
from test_layouts import layouts

G = 9.81


def up(z):
    """A 7-vector pose: translation (0, 0, z), no rotation."""
    return [0.0, 0.0, z, 1.0, 0.0, 0.0, 0.0]


def ground():
    return wolfe.Halfspace(np.array([0.0, 0.0, 1.0]), 0.0)


def box_force(e, a, b, c, d):
    """E/c times the integral of min(d, a - |x|, b - |y|) over the box's footprint: the
    force of a box of half extents a, b, c pressed d deep into a plane (d <= min(a, b))."""
    return e / c * 4.0 * (d * a * b - (d * d / 2.0 * (a + b - 2.0 * d) + 2.0 * d**3 / 3.0))


def sphere_force(e, r, delta):
    """The force of the field E (1 - |x|/R) over the plane R - delta from the centre."""
    dd = r - delta
    return 2.0 * math.pi * e * (0.5 * (r * r - dd * dd) - (r**3 - dd**3) / (3.0 * r))


def bisect(force, weight, hi):
    """The depth in (0, hi) where `force(depth)`, growing with depth, equals `weight`."""
    lo = 0.0
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if force(mid) < weight else (lo, mid)
    return 0.5 * (lo + hi)


def polygon_force(s):
    """The net force summed from the per-polygon arrays: sum A p n."""
    return ((s.area * s.pressure)[:, None] * s.normal).sum(axis=0)


def test_compliant_box_carries_the_exact_integral_of_its_field():
    a, b, c, e = 0.1, 0.07, 0.02, 2e5
    g = wolfe.CompliantGeometry(wolfe.Box(2 * a, 2 * b, 2 * c), e, 0.05)
    assert g.modulus == e and g.tetrahedra > 0 and g.vertices > 0
    assert g.volume == pytest.approx(8 * a * b * c, rel=1e-12)
    for d in [1e-5, 1e-4, 1e-3, 5e-3]:
        s = wolfe.contact_surface(ground(), None, g, up(c - d))
        exact = box_force(e, a, b, c, d)
        f = s.force
        assert f.shape == (3,)
        assert f[2] == pytest.approx(exact, rel=1e-9)
        assert abs(f[0]) + abs(f[1]) <= 1e-9 * exact
        assert s.total_area == pytest.approx(4 * a * b, rel=1e-12)
        n = len(s)
        assert s.area.shape == (n,) and s.pressure.shape == (n,) and s.pressure_gradient.shape == (n,)
        assert s.centroid.shape == (n, 3) and s.center_of_pressure.shape == (n, 3)
        assert s.normal.shape == (n, 3) and s.alignment.shape == (n,)
        np.testing.assert_allclose(polygon_force(s), f, rtol=1e-12, atol=1e-12 * exact)
        np.testing.assert_allclose(s.normal, np.tile([0.0, 0.0, 1.0], (n, 1)), atol=1e-12)
        np.testing.assert_allclose(s.centroid[:, 2], 0.0, atol=1e-12)
        assert (s.pressure >= 0).all() and (s.pressure <= e * d / c * (1 + 1e-9)).all()
        # The elastic-foundation law F = E A d / c while the edges' share is small.
        if d <= 1e-4:
            assert f[2] == pytest.approx(e * 4 * a * b * d / c, rel=0.01)
        # The bottom face's cells take the load with stiffness E/c; the side faces'
        # cells grow parallel to the plane.
        grows = s.pressure_gradient > 0
        np.testing.assert_allclose(s.pressure_gradient[grows], e / c, rtol=1e-9)
        assert np.abs(s.pressure_gradient[~grows]).max(initial=0.0) <= 1e-9 * e / c


def test_the_half_space_moves_with_its_pose_and_every_pose_layout_reads_alike():
    a, b, c, e, d = 0.1, 0.07, 0.02, 2e5, 2e-3
    g = wolfe.CompliantGeometry(wolfe.Box(2 * a, 2 * b, 2 * c), e, 0.05)
    exact = box_force(e, a, b, c, d)
    # The plane at z = d - c under the box at the origin, through pose_a.
    s = wolfe.contact_surface(ground(), wolfe.Transform3s(np.eye(3), np.array([0.0, 0.0, d - c])), g, None)
    assert s.force[2] == pytest.approx(exact, rel=1e-9)
    # A turned box: rotated about z by 0.7 rad and moved sideways, as a 4x4 matrix
    # and a 7-vector in every memory layout.
    t = 0.7
    m = np.eye(4)
    m[:2, :2] = [[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]]
    m[:3, 3] = [0.3, -0.2, c - d]
    row = [0.3, -0.2, c - d, math.cos(t / 2), 0.0, 0.0, math.sin(t / 2)]
    centre = np.array([0.3, -0.2, c - d])
    for pose in [m, row]:
        for name, p in layouts(pose):
            s = wolfe.contact_surface(ground(), None, g, p)
            assert s.force[2] == pytest.approx(exact, rel=1e-9), name
            # Symmetric footprint about the box's centre: no moment about it.
            assert np.linalg.norm(s.moment_about(centre)) <= 1e-9 * exact * a, name
            cop = (s.center_of_pressure * (s.area * s.pressure)[:, None]).sum(axis=0) / s.force[2]
            np.testing.assert_allclose(cop[:2], centre[:2], atol=1e-9)


def test_a_tilted_box_moment_matches_quadrature_of_its_field():
    h = np.array([0.08, 0.05, 0.03])
    e = 1e5
    g = wolfe.CompliantGeometry(wolfe.Box(*(2 * h)), e, 0.05)
    rot = wolfe.Quaternion(math.cos(0.15), math.sin(0.15), 0.0, 0.0).matrix() @ wolfe.Quaternion(
        math.cos(-0.1), 0.0, math.sin(-0.1), 0.0
    ).matrix()
    corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]) * h
    lowest = (corners @ rot.T)[:, 2].min()
    t = np.array([0.01, -0.02, -lowest - 0.012])
    pose = wolfe.Transform3s(rot, t)
    s = wolfe.contact_surface(ground(), None, g, pose)
    force, moment = s.force, s.moment_about(t)
    # Midpoint quadrature of p = E depth(x) / min(h) over the plane z = 0.
    n, half = 1200, np.linalg.norm(h)
    cell = 2 * half / n
    u = -half + (np.arange(n) + 0.5) * cell
    x, y = np.meshgrid(t[0] + u, t[1] + u, indexing="ij")
    pts = np.stack([x.ravel(), y.ravel(), np.zeros(x.size)], axis=1)
    local = (pts - t) @ rot  # R^T (x - t), row by row
    depth = (h - np.abs(local)).min(axis=1)
    df = np.where(depth > 0, e * depth / h.min() * cell * cell, 0.0)
    qf = df.sum()
    qm = np.cross(pts - t, np.stack([0 * df, 0 * df, df], axis=1)).sum(axis=0)
    assert force[2] > 0 and abs(force[2] - qf) < 2e-3 * qf
    assert np.linalg.norm(moment - qm) < 2e-3 * np.linalg.norm(moment)
    assert np.linalg.norm(moment) > 1e-3 * force[2] * h.min()


def test_compliant_sphere_converges_to_the_closed_form():
    r, e, delta = 0.05, 1e5, 0.01
    exact = sphere_force(e, r, delta)
    errors = []
    for k in range(6):
        g = wolfe.CompliantGeometry(wolfe.Sphere(r), e, r / 2**k)
        s = wolfe.contact_surface(ground(), None, g, up(r - delta))
        errors.append(abs(s.force[2] - exact) / exact)
    assert errors[-1] < 0.01, errors
    # Second order once the cap is resolved: each halving cuts the error at least 3x.
    for coarse, fine in zip(errors[3:], errors[4:]):
        assert fine < coarse / 3, errors


def box_mesh(hx, hy, hz):
    """A BVHModel of the box of half extents hx, hy, hz: two triangles a face,
    counter-clockwise seen from outside."""
    v = np.array([[sx * hx, sy * hy, sz * hz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    tris = []
    for a, b, c, d in quads:
        for t in [(a, b, c), (a, c, d)]:
            p = v[list(t)]
            tris.append(t if np.cross(p[1] - p[0], p[2] - p[0]) @ p.mean(axis=0) > 0 else t[::-1])
    m = wolfe.BVHModelOBBRSS()
    m.beginModel(len(tris), len(v))
    m.addVertices(v)
    m.addTriangles(np.array(tris))
    m.endModel()
    return m


def test_rigid_box_and_second_sphere_press_like_their_half_spaces():
    r, e, delta = 0.05, 1e5, 0.008
    sphere = wolfe.CompliantGeometry(wolfe.Sphere(r), e, r / 8)
    pose = [0.003, -0.002, r - delta, 1.0, 0.0, 0.0, 0.0]
    plane = wolfe.contact_surface(ground(), None, sphere, pose)
    # A rigid table (a Box meshed) whose top face is the plane z = 0.
    table = wolfe.contact_surface(wolfe.Box(1.0, 0.8, 0.2), up(-0.1), sphere, pose, resolution=1.0)
    fp = plane.force
    assert fp[2] > 0
    np.testing.assert_allclose(table.force, fp, rtol=0, atol=1e-9 * fp[2])
    origin = [0.0, 0.0, 0.0]
    np.testing.assert_allclose(table.moment_about(origin), plane.moment_about(origin), atol=1e-9 * fp[2] * r)
    # The same table as a triangle mesh (BVHModel) built by hand, taken as it is.
    mesh = wolfe.contact_surface(box_mesh(0.5, 0.4, 0.1), up(-0.1), sphere, pose)
    np.testing.assert_allclose(mesh.force, fp, rtol=0, atol=1e-9 * fp[2])
    # Two equal compliant spheres meet on their mid-plane: as one sphere half as deep.
    overlap = 0.006
    both = wolfe.contact_surface(sphere, None, sphere, up(2 * r - overlap))
    mid = wolfe.Halfspace(np.array([0.0, 0.0, 1.0]), r - overlap / 2)
    half = wolfe.contact_surface(mid, None, sphere, up(2 * r - overlap))
    np.testing.assert_allclose(both.force, half.force, rtol=0, atol=1e-9 * half.force[2])
    np.testing.assert_allclose(both.centroid[:, 2], r - overlap / 2, atol=1e-12)
    assert (both.pressure_gradient > 0).all()
    # Apart: no polygons, arrays of length 0.
    apart = wolfe.contact_surface(sphere, None, sphere, up(2 * r + 1e-3))
    assert len(apart) == 0 and apart.centroid.shape == (0, 3) and (apart.force == 0).all()


def box_world(a, b, c, mass, e, resolution, dissipation=20.0):
    w = wolfe.World()
    w.add_ground()
    inertia = mass / 3 * np.diag([b * b + c * c, a * a + c * c, a * a + b * b])
    i = w.add_body(wolfe.Box(2 * a, 2 * b, 2 * c), up(c), mass=mass, inertia=inertia)
    w.set_hydroelastic(body=i, modulus=e, resolution=resolution, dissipation=dissipation)
    return w, i


def test_compliant_box_settles_at_the_elastic_foundation_depth():
    a, b, c, mass, e = 0.1, 0.07, 0.02, 2.0, 1e5
    w, i = box_world(a, b, c, mass, e, 0.05)
    sim = wolfe.Simulation(w, time_step=0.005)
    sim.step(400)
    expected = mass * G * c / (e * 4 * a * b)
    sunk = c - sim.poses[i, 2]
    assert sunk == pytest.approx(expected, rel=0.01)
    assert len(sim.contacts["phi0"]) >= 4  # a patch, not a point
    np.testing.assert_allclose(sim.poses[i, 3:], [1, 0, 0, 0], atol=1e-9)  # rests flat
    # A stiffer box sinks proportionally less.
    w, i = box_world(a, b, c, mass, 4 * e, 0.05)
    sim = wolfe.Simulation(w, time_step=0.005)
    sim.step(400)
    assert c - sim.poses[i, 2] == pytest.approx(expected / 4, rel=0.01)


def test_compliant_robot_link_rests_where_its_load_bearing_polygons_carry_its_weight():
    # The MJCF scene's free 1 kg cube (half side h = 0.05) dropped 1 cm onto the
    # plane, its link made compliant.
    box = pathlib.Path(__file__).resolve().parents[4] / "data" / "scenes" / "box_on_plane.xml"
    w = wolfe.World()
    w.add_mjcf(box)
    e, h, mass = 1e5, 0.05, 1.0
    w.set_hydroelastic(link=0, modulus=e, resolution=0.05, dissipation=20.0)
    sim = wolfe.Simulation(w, time_step=0.005)
    sim.step(600)
    pose = sim.link_poses[0]
    # The simulator's contacts are the polygons whose pressure grows with the approach:
    # the bottom face's cell (pressure E d / h on a square of side 2 (h - d)); the side
    # faces' cells grow parallel to the plane and carry no stiffness. At rest those
    # polygons carry the weight...
    cube = wolfe.CompliantGeometry(wolfe.Box(2 * h, 2 * h, 2 * h), e, 0.05)
    s = wolfe.contact_surface(ground(), None, cube, pose)
    stiff = s.pressure_gradient > 0
    assert (s.area * s.pressure)[stiff].sum() == pytest.approx(mass * G, rel=1e-3)
    # ... at the depth where the bottom cell's closed form does.
    expected = bisect(lambda d: e * d / h * 4 * (h - d) ** 2, mass * G, h)
    assert h - pose[2] == pytest.approx(expected, rel=0.01)
    np.testing.assert_allclose(pose[:2], [0.1, 0.0], atol=1e-9)


def test_compliant_sphere_rests_alike_on_the_ground_and_on_a_rigid_table():
    r, mass, e = 0.05, 1.0, 2e4
    expected = bisect(lambda d: sphere_force(e, r, d), mass * G, r)
    inertia = np.eye(3) * 0.4 * mass * r * r
    w = wolfe.World()
    w.add_ground()
    i = w.add_body(wolfe.Sphere(r), up(r), mass=mass, inertia=inertia)
    w.set_hydroelastic(body=i, modulus=e, resolution=r / 16, dissipation=20.0)
    sim = wolfe.Simulation(w, time_step=0.005)
    sim.step(400)
    on_plane = r - sim.poses[i, 2]
    assert on_plane == pytest.approx(expected, rel=0.01)
    # On a rigid static box whose top face is at z = 0.1, no ground.
    w = wolfe.World()
    k = w.add_static(wolfe.Box(0.6, 0.6, 0.1), up(0.05))
    w.set_hydroelastic(static=k, resolution=1.0)
    i = w.add_body(wolfe.Sphere(r), up(0.1 + r), mass=mass, inertia=inertia)
    w.set_hydroelastic(body=i, modulus=e, resolution=r / 16, dissipation=20.0)
    sim = wolfe.Simulation(w, time_step=0.005)
    sim.step(400)
    assert 0.1 + r - sim.poses[i, 2] == pytest.approx(on_plane, rel=1e-6)


def test_bad_input_gets_typed_errors():
    sphere = wolfe.Sphere(0.1)
    for e in [0.0, -5.0, math.nan, math.inf]:
        with pytest.raises(ValueError, match="modulus"):
            wolfe.CompliantGeometry(sphere, e, 0.01)
    for res in [0.0, -1.0, math.nan]:
        with pytest.raises(ValueError, match="resolution"):
            wolfe.CompliantGeometry(sphere, 1e5, res)
    with pytest.raises(TypeError):
        wolfe.CompliantGeometry(ground(), 1e5, 0.01)
    with pytest.raises(TypeError):
        wolfe.CompliantGeometry("sphere", 1e5, 0.01)
    g = wolfe.CompliantGeometry(sphere, 1e5, 0.05)
    with pytest.raises(TypeError, match="CompliantGeometry"):
        wolfe.contact_surface(ground(), None, sphere, None)
    with pytest.raises(TypeError, match="CompliantGeometry"):
        wolfe.contact_surface("ground", None, g, None)
    with pytest.raises(TypeError, match="Plane"):
        wolfe.contact_surface(wolfe.Plane(np.array([0.0, 0.0, 1.0]), 0.0), None, g, None)
    with pytest.raises(ValueError, match="resolution"):
        wolfe.contact_surface(wolfe.Box(1, 1, 1), None, g, None)
    with pytest.raises(ValueError, match="resolution"):
        wolfe.contact_surface(wolfe.Box(1, 1, 1), None, g, None, resolution=-1.0)
    with pytest.raises(ValueError):
        wolfe.contact_surface(ground(), [0, 0, 0, 2, 0, 0, 0], g, None)  # not a unit quaternion
    with pytest.raises(ValueError):
        wolfe.contact_surface(ground(), None, g, [math.nan, 0, 0, 1, 0, 0, 0])
    s = wolfe.contact_surface(ground(), None, g, up(0.05))
    with pytest.raises(ValueError):
        s.moment_about([0.0, math.nan, 0.0])
    with pytest.raises(ValueError):
        s.moment_about([0.0, 0.0])

    w = wolfe.World()
    ground_index = w.add_ground()
    i = w.add_body(sphere, up(0.1))
    with pytest.raises(ValueError, match="half-space"):
        w.set_hydroelastic(static=ground_index, resolution=0.05)
    with pytest.raises(ValueError, match="does not exist"):
        w.set_hydroelastic(body=5, modulus=1e5, resolution=0.05)
    with pytest.raises(ValueError, match="does not exist"):
        w.set_hydroelastic(link=0, resolution=0.05)
    with pytest.raises(ValueError):
        w.set_hydroelastic(body=-1, modulus=1e5, resolution=0.05)
    with pytest.raises(ValueError, match="exactly one"):
        w.set_hydroelastic(modulus=1e5, resolution=0.05)
    with pytest.raises(ValueError, match="exactly one"):
        w.set_hydroelastic(body=i, static=ground_index, modulus=1e5, resolution=0.05)
    for e in [0.0, -1.0, math.nan]:
        with pytest.raises(ValueError, match="modulus"):
            w.set_hydroelastic(body=i, modulus=e, resolution=0.05)
    for d in [-1.0, math.nan, math.inf]:
        with pytest.raises(ValueError, match="dissipation"):
            w.set_hydroelastic(body=i, modulus=1e5, resolution=0.05, dissipation=d)
    with pytest.raises(ValueError, match="dissipation"):
        w.set_hydroelastic(body=i, resolution=0.05, dissipation=1.0)
    with pytest.raises(ValueError, match="resolution"):
        w.set_hydroelastic(body=i, modulus=1e5)
    with pytest.raises(TypeError):
        w.set_hydroelastic(i, modulus=1e5, resolution=0.05)  # keywords only
    # The failed calls left the world as it was: point contact, resting on the ground.
    sim = wolfe.Simulation(w, time_step=0.01)
    sim.step(100)
    assert sim.poses[i, 2] == pytest.approx(0.1, abs=1e-3)
