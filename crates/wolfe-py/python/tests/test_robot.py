"""URDF robots from Python: the shipped Panda holding q* under gravity with PD control,
base poses, free objects, the output folder, and malformed URDF."""

import csv
import pathlib
import subprocess
import sys
import threading

import numpy as np
import pytest

import wolfe

DATA = pathlib.Path(__file__).resolve().parents[4] / "data"
PANDA = DATA / "robots" / "franka_panda" / "panda.urdf"
# panda-drop's targets and gains (crates/wolfe-robot/src/scenes.rs: PANDA_Q_STAR, PANDA_KP).
Q_STAR = [0.0, 0.2, 0.0, -1.9, 0.0, 2.1, 0.785, 0.02, 0.02]
KP = [400.0, 400.0, 400.0, 400.0, 250.0, 150.0, 100.0, 100.0, 100.0]


def panda_world(**kw):
    w = wolfe.RobotWorld()
    w.add_floor()
    arm = w.add_urdf(PANDA, kp=KP, q_target=Q_STAR, **kw)
    return w, arm


def test_panda_holds_q_star_under_gravity():
    w, arm = panda_world()
    assert w.joint_names(arm)[:2] == ["panda_joint1", "panda_joint2"] and len(w.joint_names(arm)) == 9
    sim = wolfe.RobotSimulation(w, time_step=5e-3)
    np.testing.assert_array_equal(sim.positions(arm), Q_STAR)  # starts at the targets
    info = sim.step(200)
    assert info.step == 200 and sim.time == pytest.approx(1.0) and info.sap_status == "converged"
    # The feed-forward g(q*) balances gravity at q*: q* at rest is an equilibrium.
    np.testing.assert_allclose(sim.positions(arm), Q_STAR, atol=1e-9)
    np.testing.assert_array_equal(sim.targets(arm), Q_STAR)

    # Started 0.1 rad (1 cm for the fingers) away, the critically damped PD brings every
    # joint back: the error decays (within 1e-3 after 1.5 s; the panda-drop scene's bound).
    w = wolfe.RobotWorld()
    w.add_floor()
    start = np.array(Q_STAR) + np.r_[[0.1] * 7, [0.01, 0.01]]
    arm = w.add_urdf(PANDA, kp=KP, q_target=Q_STAR, q=start)
    sim = wolfe.RobotSimulation(w, time_step=5e-3)
    np.testing.assert_array_equal(sim.positions(arm), start)
    errors = []
    for _ in range(6):
        sim.step(50)
        errors.append(np.abs(sim.positions(arm) - Q_STAR).max())
    assert all(b < a for a, b in zip(errors, errors[1:])) and errors[-1] < 1e-3
    assert np.abs(sim.velocities(arm)).max() < 1e-2

    # Without the controllers the same arm sags under gravity: the PD did the holding.
    w = wolfe.RobotWorld()
    w.add_floor()
    limp = w.add_urdf(PANDA, q=Q_STAR)
    sim = wolfe.RobotSimulation(w, time_step=5e-3)
    sim.step(100)
    assert np.abs(sim.positions(limp) - Q_STAR).max() > 0.05


def test_new_targets_are_reached():
    w, arm = panda_world()
    sim = wolfe.RobotSimulation(w, time_step=5e-3)
    target = np.array(Q_STAR)
    target[0] = 0.3
    sim.set_targets(arm, target)
    sim.step(400)
    # The feed-forward is g(q*), exact for joint 1 too (its axis is vertical).
    assert abs(sim.positions(arm)[0] - 0.3) < 1e-2


def test_base_pose_moves_the_whole_robot():
    shift = np.array([1.0, -0.5, 0.2])
    poses = []
    for base in (None, np.r_[shift, 1.0, 0, 0, 0]):
        w = wolfe.RobotWorld(gravity=[0, 0, 0])
        w.add_urdf(PANDA, base_pose=base, q=Q_STAR)
        sim = wolfe.RobotSimulation(w)
        poses.append(sim.geometry_poses)
    np.testing.assert_allclose(poses[1][:, :3] - poses[0][:, :3], np.tile(shift, (len(poses[0]), 1)),
                               atol=1e-12)
    np.testing.assert_allclose(poses[1][:, 3:], poses[0][:, 3:], atol=1e-12)


def test_ycb_object_falls_onto_the_floor_and_folder_is_written(tmp_path):
    w, arm = panda_world()
    apple = wolfe.load_convex(DATA / "ycb" / "013_apple.obj")
    obj = w.add_object(apple, [0.5, 0.3, 0.3, 1, 0, 0, 0], density=800.0, name="apple")
    assert w.num_trees == 2 and w.joint_names(obj) == []
    out = tmp_path / "panda"
    rows = []
    with wolfe.RobotSimulation(w, time_step=5e-3, out=out, title="panda and apple") as sim:
        for _ in range(160):
            rows.append((sim.step(), sim.positions(arm)))
        z = sim.positions(obj)[2]
    assert z < 0.3 - 0.1  # it fell
    c = sim.contacts
    assert (c["halfspace_a"] == 0).any() and (c["phi0"] > -2e-3).all()
    for f in ("steps.csv", "scene.csv", "trajectory.csv", "contacts.csv", "summary.md", "view.html"):
        assert (out / f).stat().st_size > 0, f
    steps = list(csv.DictReader(open(out / "steps.csv")))
    assert len(steps) == 160
    q_cols = [f"q_{n}" for n in w.joint_names(arm)]
    assert set(q_cols) <= set(steps[0].keys())
    for row, (info, q) in zip(steps, rows):
        assert int(row["step"]) == info.step and int(row["contacts"]) == info.contacts
        assert float(row["max_penetration"]) == info.max_penetration and row["sap_status"] == info.sap_status
        np.testing.assert_array_equal([float(row[c]) for c in q_cols], q)
    assert (out / "summary.md").read_text().startswith("# panda and apple")


def test_malformed_urdf_raises_with_wolfes_message(tmp_path):
    bad = tmp_path / "bad.urdf"
    bad.write_text("<robot name='r'><link name='a'></robot")
    w = wolfe.RobotWorld()
    with pytest.raises(ValueError, match="URDF: bad XML"):
        w.add_urdf(bad)
    bad.write_text("<model name='r'/>")
    with pytest.raises(ValueError, match="expected <robot>"):
        w.add_urdf(bad)
    with pytest.raises(OSError, match="missing.urdf"):
        w.add_urdf(tmp_path / "missing.urdf")
    with pytest.raises(ValueError, match="9 values"):
        w.add_urdf(PANDA, kp=[1.0, 2.0])
    with pytest.raises(ValueError, match="need kp"):
        w.add_urdf(PANDA, q_target=Q_STAR)
    with pytest.raises(IndexError, match="tree 5"):
        w.joint_names(5)
    assert w.num_trees == 0  # nothing half-added by a failed call


def test_robot_example_runs(tmp_path):
    example = pathlib.Path(__file__).resolve().parents[1] / "examples" / "robot.py"
    run = subprocess.run([sys.executable, str(example), str(tmp_path / "run")], check=True,
                         capture_output=True, text=True)
    assert "joint 1 at 0.500 rad" in run.stdout
    assert (tmp_path / "run" / "view.html").stat().st_size > 0


def test_robot_step_releases_the_gil():
    # As test_sim.py's test: this thread runs while another is inside `step(n)`, and sees
    # the simulation borrowed.
    w, arm = panda_world()
    sim = wolfe.RobotSimulation(w)
    seen_busy = 0
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        t = threading.Thread(target=sim.step, args=(400,))
        t.start()
        while t.is_alive():
            try:
                sim.time
            except RuntimeError as e:
                assert "borrow" in str(e).lower()
                seen_busy += 1
        t.join()
    finally:
        sys.setswitchinterval(interval)
    assert seen_busy > 0 and sim.time == pytest.approx(2.0)
