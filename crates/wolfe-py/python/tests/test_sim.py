"""The simulator from Python: resting contact, momentum, output folder."""

import csv

import numpy as np
import pytest

import wolfe


def test_sphere_comes_to_rest_on_ground(tmp_path):
    w = wolfe.World()
    w.add_ground()
    w.add_body(wolfe.Sphere(0.1), [0.0, 0.0, 0.3, 1, 0, 0, 0], density=1000.0)
    sim = wolfe.Simulation(w, time_step=0.01, out=str(tmp_path / "run"))
    info = sim.step(200)
    assert info.step == 200 and sim.time == pytest.approx(2.0)
    z = sim.poses[0, 2]
    assert 0.1 - 1e-3 < z < 0.1 + 1e-3  # resting: penetration under 1 mm
    assert np.linalg.norm(sim.velocities[0]) < 1e-2
    c = sim.contacts
    assert len(c["phi0"]) >= 1 and c["static_a"][0] == 0 and c["body_b"][0] == 0
    np.testing.assert_allclose(c["normal"][0], [0, 0, 1], atol=1e-9)
    sim.close()
    rows = list(csv.DictReader(open(tmp_path / "run" / "trajectory.csv")))
    assert len(rows) == 201 and float(rows[-1]["z"]) == pytest.approx(z)
    steps = list(csv.DictReader(open(tmp_path / "run" / "steps.csv")))
    assert len(steps) == 200
    scene = list(csv.DictReader(open(tmp_path / "run" / "scene.csv")))
    assert [r["kind"] for r in scene] == ["sphere", "halfspace"]


def test_head_on_collision_conserves_momentum():
    w = wolfe.World(gravity=[0.0, 0.0, 0.0])
    box = wolfe.convex_hull(np.array([[x, y, z] for x in (-.1, .1) for y in (-.1, .1) for z in (-.1, .1)]))
    w.add_body(wolfe.Sphere(0.1), [-0.3, 0, 0, 1, 0, 0, 0], velocity=[1.0, 0, 0], density=1000.0)
    w.add_body(box, [0.3, 0.0, 0.0, 1, 0, 0, 0], velocity=[-0.5, 0, 0], density=500.0)
    sim = wolfe.Simulation(w, time_step=0.005)
    m = sim.masses
    p0 = m @ sim.velocities[:, :3]
    touched = False
    for _ in range(100):
        sim.step()
        touched |= len(sim.contacts["phi0"]) > 0
    assert touched
    np.testing.assert_allclose(m @ sim.velocities[:, :3], p0, atol=1e-6 * np.abs(p0).max() + 1e-9)
    v = sim.velocities[:, 0]
    assert v[0] < v[1]  # they separate after the impact
    assert sim.poses[1, 0] - sim.poses[0, 0] >= 0.2 - 1e-3  # no deep penetration
