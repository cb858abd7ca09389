"""What coal lacks: signed distance, manifolds, growth distance, warm starts, mass."""

import math

import numpy as np
import pytest

import wolfe


def test_signed_distance_bounds_bracket_answer():
    r = wolfe.signed_distance(wolfe.Box(1, 1, 1), None, wolfe.Box(1, 1, 1), [0.8, 0, 0, 1, 0, 0, 0])
    assert r.min_distance == pytest.approx(-0.2, abs=1e-9)
    assert r.lower_bound - 1e-12 <= r.min_distance <= r.upper_bound + 1e-12
    assert r.epa_status in (wolfe.EpaStatus.Converged, wolfe.EpaStatus.Flat)


def test_box_on_box_manifold_has_four_points():
    m = wolfe.contact_manifold(wolfe.Box(2, 2, 2), None, wolfe.Box(1, 1, 1), [0, 0, 1.49, 1, 0, 0, 0], margin=0.05)
    assert m is not None and len(m) == 4
    np.testing.assert_allclose(m.normal, [0, 0, 1], atol=1e-9)
    np.testing.assert_allclose(m.signed_distances, -0.01, atol=1e-9)
    assert wolfe.contact_manifold(wolfe.Box(2, 2, 2), None, wolfe.Box(1, 1, 1), [0, 0, 3, 1, 0, 0, 0]) is None


def test_growth_distance_of_spheres_is_centre_distance_over_radii():
    # Spheres scaled about their centres touch when alpha (r1 + r2) = |c1 - c2|.
    g = wolfe.growth_distance(wolfe.Sphere(1.0), None, wolfe.Sphere(0.5), [3.0, 0, 0, 1, 0, 0, 0])
    assert g.alpha == pytest.approx(2.0, rel=1e-7)
    assert g.alpha_lower <= g.alpha <= g.alpha_upper * (1 + 1e-12)
    assert g.status == wolfe.GrowthStatus.Converged
    np.testing.assert_allclose(g.normal, [1, 0, 0], atol=1e-7)
    # An explicit centre: box scaled about a point off its centre.
    c = wolfe.growth_collide(wolfe.Sphere(1.0), None, wolfe.Sphere(0.5), [1.2, 0, 0, 1, 0, 0, 0])
    assert c.intersecting
    c = wolfe.growth_collide(wolfe.Sphere(1.0), None, wolfe.Sphere(0.5), [1.6, 0, 0, 1, 0, 0, 0],
                             center_a=([0.0, 0.0, 0.0], 1.0))
    assert not c.intersecting


def test_pair_cache_warm_start_same_answer_fewer_iterations():
    rng = np.random.default_rng(3)
    a = wolfe.convex_hull(rng.normal(size=(500, 3)))
    b = wolfe.convex_hull(rng.normal(size=(500, 3)))
    cache = wolfe.PairCache()
    assert cache.previous_separation is None
    cold_it, warm_it = 0, 0
    for k in range(20):
        pose_b = [8.0 + 0.01 * k, 0.5, 0.0, math.cos(0.01 * k), 0, math.sin(0.01 * k), 0]
        warm = cache.distance(a, None, b, pose_b)
        res = wolfe.signed_distance(a, None, b, pose_b)
        assert res.min_distance > 0
        assert warm.min_distance == pytest.approx(res.min_distance, rel=1e-6)
        cold_it += res.iterations
        warm_it += warm.iterations
    assert warm_it < cold_it
    assert cache.previous_separation is not None
    g_cold = wolfe.growth_distance(a, None, b, [3, 0, 0, 1, 0, 0, 0])
    cache.growth_distance(a, None, b, [2.99, 0, 0, 1, 0, 0, 0])
    g_warm = cache.growth_distance(a, None, b, [3, 0, 0, 1, 0, 0, 0])
    assert g_warm.alpha == pytest.approx(g_cold.alpha, rel=1e-6)
    cache.reset()
    assert cache.previous_separation is None


def test_mass_properties_closed_forms():
    m = wolfe.Box(1.0, 2.0, 3.0).mass_properties(1000.0)
    assert m.mass == pytest.approx(6000.0)
    np.testing.assert_allclose(np.diag(m.inertia), [6000 / 12 * (4 + 9), 6000 / 12 * (1 + 9), 6000 / 12 * (1 + 4)])
    assert wolfe.Sphere(1.0).computeVolume() == pytest.approx(4 / 3 * math.pi)
    hull = wolfe.convex_hull(np.array([[x, y, z] for x in (0, 1) for y in (0, 2) for z in (0, 3)], dtype=float))
    assert hull.computeVolume() == pytest.approx(6.0)
    np.testing.assert_allclose(hull.computeCOM(), [0.5, 1.0, 1.5], atol=1e-12)


def test_meshes_from_files(tmp_path):
    path = tmp_path / "tet.obj"
    path.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")
    tet = wolfe.load_convex(str(path))
    assert tet.num_points == 4 and tet.faces().shape == (4, 3)
    assert tet.computeVolume() == pytest.approx(1 / 6)


def test_growth_distance_2d():
    g = wolfe.growth_distance_2d(wolfe.Shape2D.disc(1.0), (0, 0, 0), wolfe.Shape2D.disc(0.5), (3.0, 0, 0.3))
    assert g.alpha == pytest.approx(2.0, rel=1e-7)
    np.testing.assert_allclose(g.normal, [1, 0], atol=1e-6)
    # Unit squares (full side 2) side by side at 4 apart: they touch at scale 2.
    sq = wolfe.Shape2D.rectangle(2.0, 2.0)
    assert wolfe.growth_distance_2d(sq, (0, 0, 0), sq, (4.0, 0, 0)).alpha == pytest.approx(2.0, rel=1e-7)
    assert wolfe.growth_collide_2d(sq, (0, 0, 0), sq, (1.5, 0, 0)).intersecting
    assert not wolfe.growth_collide_2d(sq, (0, 0, 0), sq, (2.5, 0, 0)).intersecting
    tri = wolfe.Shape2D.polygon(np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.2, 0.2]]))
    assert wolfe.growth_distance_2d(tri, (0, 0, 0), sq, (5.0, 0, 0)).alpha > 1.0
    with pytest.raises(ValueError, match="disc"):
        wolfe.Shape2D.disc(-1.0)
