"""The simulator from Python: resting contact, momentum, output folder."""

import csv
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import wolfe
from threads import borrowed_while_stepping


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


# The columns of `wolfe sim`'s steps.csv (crates/wolfe-sim/src/record.rs documents them).
STEPS_COLUMNS = ["step", "time", "contacts", "touching_pairs", "newton_iterations", "step_seconds", "kinetic_energy",
                 "potential_energy", "max_penetration", "line_search_iterations", "momentum_error",
                 "sap_status", "detection_seconds", "solve_seconds", "total_newton_iterations", "sap_islands"]
# What a run folder written from Python holds: `wolfe sim`'s files without its plots
# (Python users plot steps.csv with matplotlib).
RUN_FILES = ["steps.csv", "scene.csv", "trajectory.csv", "contacts.csv", "summary.md", "view.html"]


def test_output_folder_is_wolfe_sims_and_agrees_with_the_steps(tmp_path):
    w = wolfe.World()
    w.add_ground()
    w.add_body(wolfe.Box(0.2, 0.2, 0.2), [0.0, 0.0, 0.12, 1, 0, 0, 0], name="box")
    w.add_body(wolfe.Sphere(0.1), [0.05, 0.0, 0.4, 1, 0, 0, 0], name="ball")
    out = tmp_path / "run"
    infos = []
    with wolfe.Simulation(w, time_step=0.01, out=out, title="box and ball") as sim:
        assert sim.out == out
        for _ in range(60):
            infos.append(sim.step())
    for f in RUN_FILES:
        assert (out / f).stat().st_size > 0, f
    rows = list(csv.DictReader(open(out / "steps.csv")))
    assert list(rows[0].keys()) == STEPS_COLUMNS
    assert len(rows) == len(infos) == 60
    for row, info in zip(rows, infos):
        for c in STEPS_COLUMNS:
            want = getattr(info, c)
            # Rust writes the shortest representation that reads back as the same f64.
            assert (row[c] if isinstance(want, str) else float(row[c])) == want, (c, row[c], want)
    assert any(i.contacts > 0 for i in infos) and infos[-1].sap_status == "converged"
    # The trajectory's last rows are the final poses; contacts.csv names scene objects.
    traj = list(csv.DictReader(open(out / "trajectory.csv")))
    assert len(traj) == 2 * 61
    last = {int(r["body"]): r for r in traj[-2:]}
    for b in range(2):
        np.testing.assert_array_equal([float(last[b][k]) for k in ("x", "y", "z", "qw", "qx", "qy", "qz")],
                                      sim.poses[b])
    contacts = list(csv.DictReader(open(out / "contacts.csv")))
    assert contacts and {int(r["b"]) for r in contacts} <= {0, 1}
    summary = (out / "summary.md").read_text()
    assert summary.startswith("# wolfe sim box and ball") and "| steps | 60 | 30 |" in summary
    assert (out / "view.html").read_text().startswith("<!DOCTYPE html>")
    sim.close()  # a second close does nothing


def test_step_releases_the_gil():
    # While one thread is inside `step(1000)`, this thread runs Python code: it sees the
    # simulation borrowed (pyo3 raises RuntimeError instead of a data race). With the
    # GIL held for the whole call, this thread could never run while the borrow exists.
    # CPython hands the GIL to a waiting thread when the holder releases it after the
    # switch interval: a short interval and a call much longer than it make the handover
    # certain (not a matter of the OS scheduling this thread in time).
    w = wolfe.World()
    w.add_ground()
    for k in range(8):
        w.add_body(wolfe.Sphere(0.05), [0.12 * k, 0.0, 0.05 + 0.02 * k, 1, 0, 0, 0])
    sim = wolfe.Simulation(w, time_step=0.005)
    seen_busy = borrowed_while_stepping(sim, 1000)
    assert seen_busy > 0
    assert sim.time == pytest.approx(5.0)


def test_simulate_example_writes_a_run(tmp_path):
    example = pathlib.Path(__file__).resolve().parents[1] / "examples" / "simulate.py"
    subprocess.run([sys.executable, str(example), str(tmp_path / "run")], check=True, capture_output=True)
    for f in RUN_FILES:
        assert (tmp_path / "run" / f).stat().st_size > 0, f
