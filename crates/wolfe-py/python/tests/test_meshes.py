"""Triangle meshes as coal names them (BVHModelOBBRSS, TriangleP, MeshLoader) and flat
Convex polygons: construction, bad input, and distance/collide against brute force
over triangles (an independent closest-point routine, or each triangle as a separate
convex polygon through the convex solver) and against coal when it is installed."""

import pickle

import numpy as np
import pytest

import wolfe

try:
    import coal
except ImportError:  # pragma: no cover - depends on the machine
    coal = None

needs_coal = pytest.mark.skipif(coal is None, reason="coal is not installed (pip install coal): "
                                "agreement with coal not checked")


def icosphere_like(n=6, radius=1.0, seed=0):
    """A closed, non-convex triangle mesh: a UV sphere with a bumpy radius."""
    rng = np.random.default_rng(seed)
    verts = [np.array([0.0, 0.0, radius]), np.array([0.0, 0.0, -radius])]
    for i in range(1, n):
        th = np.pi * i / n
        for j in range(2 * n):
            ph = 2 * np.pi * j / (2 * n)
            r = radius * (0.7 + 0.6 * rng.random())
            verts.append(r * np.array([np.sin(th) * np.cos(ph), np.sin(th) * np.sin(ph), np.cos(th)]))
    ring = lambda i, j: 2 + (i - 1) * 2 * n + (j % (2 * n))  # noqa: E731
    tris = []
    for j in range(2 * n):
        tris.append((0, ring(1, j), ring(1, j + 1)))
        tris.append((1, ring(n - 1, j + 1), ring(n - 1, j)))
    for i in range(1, n - 1):
        for j in range(2 * n):
            a, b, c, d = ring(i, j), ring(i, j + 1), ring(i + 1, j), ring(i + 1, j + 1)
            tris += [(a, c, b), (b, c, d)]
    return np.array(verts), np.array(tris)


def bvh(verts, tris):
    m = wolfe.BVHModelOBBRSS()
    m.beginModel(len(tris), len(verts))
    m.addVertices(verts)
    m.addTriangles(tris)
    m.endModel()
    return m


def closest_on_segment(p, a, b):
    t = np.clip((p - a) @ (b - a) / ((b - a) @ (b - a)), 0.0, 1.0)
    return a + t * (b - a)


def closest_on_triangle(p, a, b, c):
    """Closest point on triangle abc to p: the projection onto the plane when it falls
    inside (barycentric coordinates from a 2x2 least-squares solve), else the closest
    of the three edges' closest points."""
    basis = np.column_stack([b - a, c - a])
    u, v = np.linalg.lstsq(basis, p - a, rcond=None)[0]
    if u >= 0 and v >= 0 and u + v <= 1:
        return a + basis @ np.array([u, v])
    edges = [closest_on_segment(p, x, y) for x, y in ((a, b), (b, c), (c, a))]
    return min(edges, key=lambda q: np.linalg.norm(p - q))


def random_rotation(rng):
    q = rng.normal(size=4)
    return wolfe.Quaternion(*(q / np.linalg.norm(q))).matrix()


def test_an_empty_model_and_its_construction():
    m = wolfe.BVHModelOBBRSS()
    assert m.num_vertices == 0 and m.num_tris == 0
    assert m.vertices().shape == (0, 3)
    assert m.getNodeType() == wolfe.NODE_TYPE.BV_OBBRSS
    assert m.getObjectType() == wolfe.OBJECT_TYPE.OT_BVH
    assert m.build_state == wolfe.BVH_BUILD_STATE_EMPTY
    verts, tris = icosphere_like()
    m = bvh(verts, tris)
    assert m.build_state == wolfe.BVH_BUILD_STATE_PROCESSED
    assert (m.num_vertices, m.num_tris) == (len(verts), len(tris))
    np.testing.assert_array_equal(m.vertices(), verts)
    np.testing.assert_array_equal(m.tri_indices(), tris)
    np.testing.assert_array_equal(m.vertices(3), verts[3])
    assert [m.tri_indices(2)[k] for k in range(3)] == list(tris[2])
    # coal's other class names are the same class.
    assert wolfe.BVHModelOBB is wolfe.BVHModelOBBRSS and wolfe.BVHModelBase is wolfe.BVHModelOBBRSS
    assert isinstance(m, wolfe.CollisionGeometry) and not isinstance(m, wolfe.ShapeBase)


def test_sub_models_are_offset_and_triangles_added_by_corners():
    sq = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], float)
    m = wolfe.BVHModelOBBRSS()
    m.beginModel()
    m.addSubModel(sq, np.array([[0, 1, 2], [0, 2, 3]]))
    m.addSubModel(sq + [0, 0, 1], np.array([[0, 1, 2], [0, 2, 3]]))
    m.addTriangle(np.array([5.0, 0, 0]), np.array([6.0, 0, 0]), np.array([5.0, 1, 0]))
    m.endModel()
    assert m.num_vertices == 11 and m.num_tris == 5
    np.testing.assert_array_equal(m.tri_indices()[2:4], [[4, 5, 6], [4, 6, 7]])
    np.testing.assert_array_equal(m.tri_indices()[4], [8, 9, 10])


def test_bad_models_are_typed_errors():
    m = wolfe.BVHModelOBBRSS()
    with pytest.raises(ValueError, match="beginModel"):
        m.addVertices(np.zeros((3, 3)))
    m.beginModel()
    with pytest.raises(ValueError, match="endModel"):
        wolfe.distance(m, wolfe.Transform3s(), wolfe.Sphere(1), wolfe.Transform3s(),
                       wolfe.DistanceRequest(), wolfe.DistanceResult())
    with pytest.raises(ValueError):
        m.endModel()  # no triangle
    m.addVertices(np.eye(3))
    m.addTriangles(np.array([[0, 1, 5]]))
    with pytest.raises(ValueError):
        m.endModel()  # index past the vertices
    m.beginModel()
    m.addVertices(np.array([[0, 0, 0], [1, 0, 0], [2, 0, 0]], float))
    m.addTriangles(np.array([[0, 1, 2]]))
    with pytest.raises(ValueError):
        m.endModel()  # collinear: no area
    with pytest.raises(ValueError):
        m.addTriangles(np.array([[0, 1, -1]]))
    with pytest.raises(ValueError):
        m.addTriangles(np.array([[0, 1.5, 2]]))
    m.beginModel()
    m.addVertices(np.array([[0, 0, 0], [1, np.nan, 0], [0, 1, 0]]))
    m.addTriangles(np.array([[0, 1, 2]]))
    with pytest.raises(ValueError):
        m.endModel()  # a coordinate that is not finite
    with pytest.raises(TypeError):
        wolfe.signed_distance(bvh(*icosphere_like()), np.eye(4), wolfe.Sphere(1), np.eye(4))


def test_mesh_to_sphere_distance_is_the_brute_force_minimum_over_triangles():
    verts, tris = icosphere_like(seed=3)
    m = bvh(verts, tris)
    rng = np.random.default_rng(5)
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    checked = 0
    for _ in range(60):
        R, t = random_rotation(rng), rng.uniform(-3, 3, size=3)
        c, r = rng.uniform(-3, 3, size=3), rng.uniform(0.05, 0.5)
        M1 = wolfe.Transform3s(R, t)
        # The sphere's centre in the mesh frame, against every triangle.
        local = R.T @ (c - t)
        near = min(np.linalg.norm(local - closest_on_triangle(local, *verts[tri])) for tri in tris)
        d = wolfe.distance(m, M1, wolfe.Sphere(r), wolfe.Transform3s(np.eye(3), c), req, res)
        # Signed (the request's default): overlapping, the deepest triangle's depth.
        expected = near - r
        assert d == pytest.approx(expected, abs=1e-6), (near, r)
        if expected > 0:
            checked += 1
            p1, p2 = res.getNearestPoint1(), res.getNearestPoint2()
            assert np.linalg.norm(p2 - p1) == pytest.approx(d, abs=1e-6)
            assert np.linalg.norm(p2 - c) == pytest.approx(r, abs=1e-6)
    assert checked > 20


def test_mesh_to_mesh_distance_is_the_minimum_over_triangle_pairs():
    """The BVH search against each triangle pair taken as two flat convex polygons by
    the convex solver."""
    va, ta = icosphere_like(n=4, seed=1)
    vb, tb = icosphere_like(n=3, radius=0.6, seed=2)
    ma, mb = bvh(va, ta), bvh(vb, tb)

    def polygon(p):
        pts = wolfe.StdVec_Vec3s()
        pts.extend(list(p))
        tri = wolfe.StdVec_Triangle()
        tri.append(wolfe.Triangle(0, 1, 2))
        return wolfe.Convex(pts, tri)

    pa, pb = [polygon(va[t]) for t in ta], [polygon(vb[t]) for t in tb]
    rng = np.random.default_rng(9)
    req, res = wolfe.DistanceRequest(), wolfe.DistanceResult()
    for _ in range(4):
        M1 = wolfe.Transform3s(random_rotation(rng), rng.uniform(-0.5, 0.5, size=3))
        M2 = wolfe.Transform3s(random_rotation(rng), rng.uniform(1.5, 2.5, size=3))
        d = wolfe.distance(ma, M1, mb, M2, req, res)
        brute = min(wolfe.distance(x, M1, y, M2, req, wolfe.DistanceResult()) for x in pa for y in pb)
        assert d == pytest.approx(brute, abs=1e-6)
        # Swapping the meshes swaps nothing but the witnesses.
        assert wolfe.distance(mb, M2, ma, M1, req, wolfe.DistanceResult()) == pytest.approx(d, abs=1e-9)


def test_collide_reports_each_touching_triangle_deepest_first():
    verts, tris = icosphere_like(seed=4)
    m = bvh(verts, tris)
    box = wolfe.Box(0.4, 0.4, 0.4)
    rng = np.random.default_rng(2)
    for _ in range(40):
        M1 = wolfe.Transform3s(random_rotation(rng), rng.uniform(-0.3, 0.3, size=3))
        M2 = wolfe.Transform3s(random_rotation(rng), rng.uniform(-2, 2, size=3))
        d = wolfe.distance(m, M1, box, M2, wolfe.DistanceRequest(), wolfe.DistanceResult())
        req, res = wolfe.CollisionRequest(wolfe.CONTACT, 5), wolfe.CollisionResult()
        n = wolfe.collide(m, M1, box, M2, req, res)
        assert res.isCollision() == (d <= 1e-9) == (n > 0)
        contacts = res.getContacts()
        assert len(contacts) <= 5
        depths = [c.penetration_depth for c in contacts]
        assert depths == sorted(depths) and all(x <= 1e-9 for x in depths)
        for c in contacts:
            assert 0 <= c.b1 < len(tris) and c.b2 == -1
        # The other order: same decision, the normals reversed.
        res2 = wolfe.CollisionResult()
        assert (wolfe.collide(box, M2, m, M1, req, res2) > 0) == (n > 0)
        if n:
            assert res2.getContacts()[0].b1 == -1
            np.testing.assert_allclose(res2.getContacts()[0].normal, -contacts[0].normal, atol=1e-9)


def test_security_margin_counts_near_triangles():
    m = bvh(np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], float), np.array([[0, 1, 2]]))
    s, M = wolfe.Sphere(0.1), wolfe.Transform3s(np.eye(3), np.array([0.2, 0.2, 0.15]))
    req, res = wolfe.CollisionRequest(), wolfe.CollisionResult()
    assert not wolfe.collide(m, wolfe.Transform3s(), s, M, req, res)
    req.security_margin = 0.06
    assert wolfe.collide(m, wolfe.Transform3s(), s, M, req, res) == 1
    assert res.getContact(0).penetration_depth == pytest.approx(0.05, abs=1e-9)


def test_mesh_against_halfspace_is_its_lowest_vertex():
    verts, tris = icosphere_like(seed=6)
    m = bvh(verts, tris)
    rng = np.random.default_rng(1)
    for _ in range(20):
        n = rng.normal(size=3)
        n /= np.linalg.norm(n)
        off = rng.uniform(-2, 2)
        R, t = random_rotation(rng), rng.uniform(-1, 1, size=3)
        world = verts @ R.T + t
        expected = min(world @ n) - off
        req = wolfe.DistanceRequest()
        req.enable_signed_distance = True
        d = wolfe.distance(wolfe.Halfspace(n, off), wolfe.Transform3s(), m, wolfe.Transform3s(R, t),
                           req, wolfe.DistanceResult())
        assert d == pytest.approx(expected, abs=1e-9)
        hit = wolfe.collide(m, wolfe.Transform3s(R, t), wolfe.Halfspace(n, off), wolfe.Transform3s(),
                            wolfe.CollisionRequest(), wolfe.CollisionResult())
        assert (hit > 0) == (expected <= 0)


def test_mesh_collision_objects_in_a_manager():
    verts, tris = icosphere_like(seed=7)
    mesh_obj = wolfe.CollisionObject(bvh(verts, tris))
    near = wolfe.CollisionObject(wolfe.Sphere(0.2), wolfe.Transform3s(np.eye(3), np.array([0.0, 0.0, 0.3])))
    far = wolfe.CollisionObject(wolfe.Sphere(0.2), wolfe.Transform3s(np.eye(3), np.array([9.0, 0.0, 0.0])))
    box = mesh_obj.getAABB()
    np.testing.assert_allclose(box.min_, verts.min(axis=0))
    np.testing.assert_allclose(box.max_, verts.max(axis=0))
    manager = wolfe.DynamicAABBTreeCollisionManager()
    manager.registerObjects([mesh_obj, near, far])
    manager.setup()
    cb = wolfe.CollisionCallBackDefault()
    cb.data.request.num_max_contacts = 100
    manager.collide(cb)
    # The small sphere inside the (hollow) surface touches no triangle: no contact.
    assert cb.data.result.numContacts() == 0
    near.setTranslation(np.array([0.0, 0.0, verts[0][2]]))
    cb = wolfe.CollisionCallBackDefault()
    manager.collide(cb)
    assert cb.data.result.numContacts() >= 1


def test_triangle_p():
    a, b, c = np.array([0.0, 0, 0]), np.array([2.0, 0, 0]), np.array([0.0, 2, 0])
    t = wolfe.TriangleP(a, b, c)
    assert t.getNodeType() == wolfe.NODE_TYPE.GEOM_TRIANGLE and isinstance(t, wolfe.ShapeBase)
    np.testing.assert_array_equal(t.b, b)
    assert t == wolfe.TriangleP(a, b, c) and t != wolfe.TriangleP(a, c, b)
    assert pickle.loads(pickle.dumps(t)) == t
    p = np.array([0.5, 0.5, 1.0])
    d = wolfe.distance(t, wolfe.Transform3s(), wolfe.Sphere(0.25), wolfe.Transform3s(np.eye(3), p),
                       wolfe.DistanceRequest(), wolfe.DistanceResult())
    assert d == pytest.approx(0.75, abs=1e-9)
    t.c = np.array([0.0, 0.0, 2.0])  # now in the xz plane: the point is 0.5 from it
    d = wolfe.distance(t, wolfe.Transform3s(), wolfe.Sphere(0.25), wolfe.Transform3s(np.eye(3), p),
                       wolfe.DistanceRequest(), wolfe.DistanceResult())
    assert d == pytest.approx(0.25, abs=1e-9)
    with pytest.raises(ValueError):
        wolfe.TriangleP(a, b, 2 * b)
    with pytest.raises(ValueError):
        t.a = t.b


def test_pickled_models_are_equal():
    m = bvh(*icosphere_like(seed=8))
    m2 = pickle.loads(pickle.dumps(m))
    assert m2 == m and m2 is not m and m2.build_state == m.build_state
    assert wolfe.BVHModelOBBRSS(m) == m
    open_model = wolfe.BVHModelOBBRSS()
    open_model.beginModel()
    open_model.addVertices(np.eye(3))
    assert pickle.loads(pickle.dumps(open_model)) == open_model


def test_mesh_loader_scales_and_warns_of_degenerate_triangles(tmp_path):
    path = tmp_path / "m.obj"
    path.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 2 0 0\n"
                    "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\nf 1 2 5\n")
    with pytest.warns(UserWarning, match="1 triangle"):
        m = wolfe.MeshLoader().load(str(path), np.array([2.0, 3.0, 4.0]))
    assert isinstance(m, wolfe.BVHModelOBBRSS) and m.num_tris == 4
    np.testing.assert_array_equal(m.vertices(3), [0, 0, 4])
    assert m.computeVolume() == pytest.approx(2 * 3 * 4 / 6)
    with pytest.raises(OSError):
        wolfe.MeshLoader().load(str(tmp_path / "missing.obj"))
    with pytest.raises(ValueError):
        wolfe.MeshLoader().load(str(path), np.array([1.0, 0.0, 1.0]))


def test_convex_hull_and_flat_convex():
    pts = wolfe.StdVec_Vec3s()
    pts.extend([np.array(p, float) for p in [(0, 0, 0), (0, 1, 0), (1, 0, 0)]])
    tri = wolfe.StdVec_Triangle()
    tri.append(wolfe.Triangle(0, 1, 2))
    flat = wolfe.Convex(pts, tri)  # one triangle: a flat polygon, as coal accepts
    d = wolfe.distance(flat, wolfe.Transform3s(), wolfe.Sphere(0.5),
                       wolfe.Transform3s(np.eye(3), np.array([0.2, 0.2, 2.0])),
                       wolfe.DistanceRequest(), wolfe.DistanceResult())
    assert d == pytest.approx(1.5, abs=1e-9)
    assert pickle.loads(pickle.dumps(flat)) == flat
    with pytest.raises(ValueError, match="less than 4 points"):
        wolfe.Convex.convexHull(pts, False, None)
    pts.append(np.array([0.0, 0, 1]))
    pts.append(np.array([0.1, 0.1, 0.1]))  # inside: not a hull vertex
    hull = wolfe.Convex.convexHull(pts, False, "")
    assert hull.num_points == 4 and hull.num_polygons == 4
    assert hull.computeVolume() == pytest.approx(1 / 6)
    assert hull == wolfe.Convex.convexHull(np.asfortranarray(np.array([pts[i] for i in range(5)])), True, "")


@needs_coal
def test_mesh_queries_agree_with_coal():
    verts, tris = icosphere_like(seed=10)
    w = bvh(verts, tris)
    c = coal.BVHModelOBBRSS()
    c.beginModel(len(tris), len(verts))
    c.addVertices(verts)
    c.addTriangles(tris)
    c.endModel()
    rng = np.random.default_rng(3)
    for _ in range(40):
        R, t = random_rotation(rng), rng.uniform(-1, 1, size=3)
        p = rng.uniform(-3, 3, size=3)
        dc = coal.distance(c, coal.Transform3s(R, t), coal.Box(0.3, 0.4, 0.5), coal.Transform3s(np.eye(3), p),
                           coal.DistanceRequest(), coal.DistanceResult())
        dw = wolfe.distance(w, wolfe.Transform3s(R, t), wolfe.Box(0.3, 0.4, 0.5), wolfe.Transform3s(np.eye(3), p),
                            wolfe.DistanceRequest(), wolfe.DistanceResult())
        if dc > 1e-6:
            assert dw == pytest.approx(dc, abs=1e-5)
        cc = coal.collide(c, coal.Transform3s(R, t), coal.Box(0.3, 0.4, 0.5), coal.Transform3s(np.eye(3), p),
                          coal.CollisionRequest(), coal.CollisionResult())
        cw = wolfe.collide(w, wolfe.Transform3s(R, t), wolfe.Box(0.3, 0.4, 0.5), wolfe.Transform3s(np.eye(3), p),
                           wolfe.CollisionRequest(), wolfe.CollisionResult())
        assert (cc > 0) == (cw > 0) or abs(dw) < 1e-6


def test_contact_count_is_the_number_of_touching_triangles_up_to_the_limit():
    """With room for every contact, one per triangle that touches the box (each
    triangle tested alone as a TriangleP); with a limit, exactly that many."""
    verts, tris = icosphere_like(seed=11)
    m = bvh(verts, tris)
    box = wolfe.Box(0.6, 0.6, 0.6)
    rng = np.random.default_rng(8)
    seen_many = False
    for _ in range(15):
        M1 = wolfe.Transform3s(random_rotation(rng), np.zeros(3))
        M2 = wolfe.Transform3s(random_rotation(rng), rng.normal(size=3) * 0.5 + [0, 0, 0.9])
        touching = sum(
            wolfe.collide(wolfe.TriangleP(*verts[t]), M1, box, M2, wolfe.CollisionRequest(), wolfe.CollisionResult())
            for t in tris)
        res = wolfe.CollisionResult()
        n = wolfe.collide(m, M1, box, M2, wolfe.CollisionRequest(wolfe.CONTACT, 10_000), res)
        assert n == touching == res.numContacts()
        assert sorted(c.b1 for c in res.getContacts()) == sorted(set(c.b1 for c in res.getContacts()))
        if touching > 2:
            seen_many = True
            assert wolfe.collide(m, M1, box, M2, wolfe.CollisionRequest(wolfe.CONTACT, 2),
                                 wolfe.CollisionResult()) == 2
        assert (wolfe.collide(m, M1, box, M2, wolfe.CollisionRequest(wolfe.CONTACT, 1),
                              wolfe.CollisionResult()) == 1) == (touching > 0)
    assert seen_many


@pytest.mark.parametrize("layout", ["C", "F", "transposed view", "strided slice", "int32"])
def test_model_arrays_are_read_by_index_in_every_layout(layout):
    verts, tris = icosphere_like(seed=12)

    def arrange(a):
        if layout == "F":
            return np.asfortranarray(a)
        if layout == "transposed view":
            return np.ascontiguousarray(a.T).T
        if layout == "strided slice":
            wide = np.zeros((a.shape[0] * 2, 6), dtype=a.dtype)
            wide[::2, ::2] = a
            return wide[::2, ::2]
        if layout == "int32" and a.dtype.kind == "i":
            return a.astype(np.int32)
        return a

    m = wolfe.BVHModelOBBRSS()
    m.beginModel()
    m.addVertices(arrange(verts))
    m.addTriangles(arrange(tris))
    m.endModel()
    np.testing.assert_array_equal(m.vertices(), verts)
    np.testing.assert_array_equal(m.tri_indices(), tris)
