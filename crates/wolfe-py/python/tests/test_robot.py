"""URDF robots from Python on the one simulator (World.add_urdf, Simulation): the shipped
Panda holding q* under gravity with PD control, joint limits, base poses, a free body
dropped beside it and onto it, the output folder, and typed errors."""

import csv
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import wolfe
from threads import borrowed_while_stepping

DATA = pathlib.Path(__file__).resolve().parents[4] / "data"
PANDA = DATA / "robots" / "franka_panda" / "panda.urdf"
# panda-drop's targets and gains (crates/wolfe-lab/src/sim/robots.rs: PANDA_Q_STAR, PANDA_KP).
Q_STAR = [0.0, 0.2, 0.0, -1.9, 0.0, 2.1, 0.785, 0.02, 0.02]
KP = [400.0, 400.0, 400.0, 400.0, 250.0, 150.0, 100.0, 100.0, 100.0]
DT = 5e-3


def panda_world(**kw):
    w = wolfe.World()
    w.add_ground()
    arm = w.add_urdf(PANDA, kp=KP, q_target=Q_STAR, **kw)
    return w, arm


def test_panda_holds_q_star_under_gravity():
    w, arm = panda_world()
    assert w.joint_names(arm)[:2] == ["panda_joint1", "panda_joint2"] and len(w.joint_names(arm)) == 9
    assert w.num_trees == 1 and w.num_links > 0 and w.num_bodies == 0
    sim = wolfe.Simulation(w, time_step=DT)
    np.testing.assert_array_equal(sim.joint_positions(arm), Q_STAR)  # starts at the targets
    np.testing.assert_array_equal(sim.joint_velocities(arm), np.zeros(9))  # at rest
    info = sim.step(200)
    assert info.step == 200 and sim.time == pytest.approx(1.0) and info.sap_status == "converged"
    # The feed-forward g(q*) balances gravity at q*: q* at rest is an equilibrium.
    np.testing.assert_allclose(sim.joint_positions(arm), Q_STAR, atol=1e-9)
    np.testing.assert_array_equal(sim.targets(arm), Q_STAR)

    # Started 0.1 rad (1 cm for the fingers) away, the critically damped PD brings every
    # joint back: the error decays (within 1e-3 after 1.5 s; the panda-drop scene's bound).
    w = wolfe.World()
    w.add_ground()
    start = np.array(Q_STAR) + np.r_[[0.1] * 7, [0.01, 0.01]]
    arm = w.add_urdf(PANDA, kp=KP, q_target=Q_STAR, q=start)
    sim = wolfe.Simulation(w, time_step=DT)
    np.testing.assert_array_equal(sim.joint_positions(arm), start)
    errors = []
    for _ in range(6):
        sim.step(50)
        errors.append(np.abs(sim.joint_positions(arm) - Q_STAR).max())
    assert all(b < a for a, b in zip(errors, errors[1:])) and errors[-1] < 1e-3
    assert np.abs(sim.joint_velocities(arm)).max() < 1e-2

    # Without the controllers the same arm sags under gravity: the PD did the holding.
    w = wolfe.World()
    w.add_ground()
    limp = w.add_urdf(PANDA, q=Q_STAR)
    sim = wolfe.Simulation(w, time_step=DT)
    sim.step(100)
    assert np.abs(sim.joint_positions(limp) - Q_STAR).max() > 0.05


def test_new_targets_are_reached():
    w, arm = panda_world()
    sim = wolfe.Simulation(w, time_step=DT)
    target = np.array(Q_STAR)
    target[0] = 0.3
    sim.set_targets(arm, target)
    np.testing.assert_array_equal(sim.targets(arm), target)
    sim.step(400)
    # The feed-forward is g(q*), exact for joint 1 too (its axis is vertical).
    assert abs(sim.joint_positions(arm)[0] - 0.3) < 1e-2


def test_joint_limits_are_respected():
    # Joint 4 of the Panda may not pass 0 rad (its URDF <limit upper>); a PD target of
    # +0.5 rad pulls it there. With the limit as a constraint it stops at the limit;
    # without, it goes on.
    upper = 0.0
    target = np.array(Q_STAR)
    target[3] = 0.5
    final = {}
    for limits in (True, False):
        w = wolfe.World()
        w.add_ground()
        arm = w.add_urdf(PANDA, kp=KP, q=Q_STAR, q_target=target, joint_limits=limits)
        sim = wolfe.Simulation(w, time_step=DT)
        highest = -np.inf
        for _ in range(40):
            sim.step(10)
            highest = max(highest, sim.joint_positions(arm)[3])
        final[limits] = (highest, sim.joint_positions(arm)[3])
    highest, last = final[True]
    assert highest <= upper + 1e-3  # compliant limit: within 1 mrad of it, the whole run
    assert abs(last - upper) < 1e-3  # pressed against it at the end
    assert final[False][1] > upper + 0.2  # the same arm without the limit passes it


def test_base_pose_moves_the_whole_robot():
    shift = np.array([1.0, -0.5, 0.2])
    poses = []
    for base in (None, np.r_[shift, 1.0, 0, 0, 0]):
        w = wolfe.World(gravity=[0, 0, 0])
        w.add_urdf(PANDA, base_pose=base, q=Q_STAR)
        sim = wolfe.Simulation(w)
        poses.append(sim.link_poses)
    assert poses[0].shape == (w.num_links, 7)
    np.testing.assert_allclose(poses[1][:, :3] - poses[0][:, :3], np.tile(shift, (len(poses[0]), 1)),
                               atol=1e-12)
    np.testing.assert_allclose(poses[1][:, 3:], poses[0][:, 3:], atol=1e-12)
    # A quarter turn about z turns every link about the base's z axis.
    w = wolfe.World(gravity=[0, 0, 0])
    c, s = np.cos(np.pi / 4), np.sin(np.pi / 4)
    w.add_urdf(PANDA, base_pose=[0, 0, 0, c, 0, 0, s], q=Q_STAR)
    turned = wolfe.Simulation(w).link_poses[:, :3]
    np.testing.assert_allclose(turned, poses[0][:, :3] @ np.array([[0, 1, 0], [-1, 0, 0], [0, 0, 1]]),
                               atol=1e-12)


def test_ycb_object_rests_on_the_floor_and_folder_is_written(tmp_path):
    w, arm = panda_world()
    apple = wolfe.load_convex(DATA / "ycb" / "013_apple.obj")
    obj = w.add_body(apple, [0.5, 0.4, 0.3, 1, 0, 0, 0], density=800.0, name="apple",
                     material=wolfe.Material(dissipation_time_scale=DT))
    assert w.num_trees == 1 and w.num_bodies == 1 and obj == 0
    out = tmp_path / "panda"
    rows = []
    with wolfe.Simulation(w, time_step=DT, out=out, title="panda and apple") as sim:
        z0 = sim.poses[obj, 2]
        for _ in range(300):
            rows.append((sim.step(), sim.joint_positions(arm), sim.joint_velocities(arm)))
        c = sim.contacts
    # It fell and rests on the floor: no speed left, touching it within a millimetre.
    assert sim.poses[obj, 2] < z0 - 0.1
    assert np.linalg.norm(sim.velocities[obj]) < 1e-2
    on_floor = (c["static_a"] == 0) & (c["body_b"] == obj)
    assert on_floor.any() and (c["phi0"][on_floor] > -1e-3).all() and (c["phi0"][on_floor] < 1e-3).any()
    np.testing.assert_allclose(c["normal"][on_floor], np.tile([0, 0, 1], (on_floor.sum(), 1)), atol=1e-9)
    # Contacts are named: the floor is static geometry 0, the apple by its name.
    assert {(a, b) for a, b, k in zip(c["name_a"], c["name_b"], on_floor) if k} == {("static geometry 0", "apple")}
    # The arm kept its pose meanwhile.
    np.testing.assert_allclose(rows[-1][1], Q_STAR, atol=1e-3)

    for f in ("steps.csv", "joints.csv", "scene.csv", "trajectory.csv", "contacts.csv", "summary.md", "view.html"):
        assert (out / f).stat().st_size > 0, f
    steps = list(csv.DictReader(open(out / "steps.csv")))
    assert len(steps) == 300
    for row, (info, _, _) in zip(steps, rows):
        assert int(row["step"]) == info.step and int(row["contacts"]) == info.contacts
        assert float(row["max_penetration"]) == info.max_penetration and row["sap_status"] == info.sap_status
    joints = list(csv.DictReader(open(out / "joints.csv")))
    assert len(joints) == 301 and int(joints[0]["step"]) == 0  # the initial state, then every step
    q_cols = [f"q_{n}" for n in w.joint_names(arm)]
    v_cols = [f"v_{n}" for n in w.joint_names(arm)]
    assert list(joints[0].keys()) == ["step", "time"] + q_cols + v_cols
    np.testing.assert_array_equal([float(joints[0][k]) for k in q_cols], Q_STAR)
    for row, (info, q, v) in zip(joints[1:], rows):
        assert int(row["step"]) == info.step and float(row["time"]) == info.time
        np.testing.assert_array_equal([float(row[k]) for k in q_cols], q)
        np.testing.assert_array_equal([float(row[k]) for k in v_cols], v)
    summary = (out / "summary.md").read_text()
    assert summary.startswith("# wolfe sim panda and apple") and "1 bodies, 1 robot," in summary


def test_free_body_and_robot_touch_in_one_world():
    # A ball dropped straight down onto the arm's highest link: it would fall plumb onto
    # the floor alone; the link it hits (a curved hull) throws it sideways, the arm feels
    # the blow and the PD brings it back.
    w = wolfe.World()
    w.add_ground()
    arm = w.add_urdf(PANDA, kp=KP, q_target=Q_STAR)
    top = wolfe.Simulation(w).link_poses
    top = top[np.argmax(top[:, 2])]
    start = top[:3] + [0.0, 0.0, 0.25]
    ball = w.add_body(wolfe.Sphere(0.03), np.r_[start, 1, 0, 0, 0], density=2000.0, name="ball")
    sim = wolfe.Simulation(w, time_step=DT)
    hits, v_down, sideways, disturbed = set(), 0.0, 0.0, 0.0
    for _ in range(120):
        sim.step()
        c = sim.contacts
        for a, b, la, lb, ba, bb, phi in zip(c["name_a"], c["name_b"], c["link_a"], c["link_b"], c["body_a"],
                                            c["body_b"], c["phi0"]):
            if phi <= 1e-3 and ((ba == ball and lb >= 0) or (bb == ball and la >= 0)):
                hits.add(a if la >= 0 else b)
        v_down = min(v_down, sim.velocities[ball, 2])
        sideways = max(sideways, np.linalg.norm(sim.velocities[ball, :2]))
        disturbed = max(disturbed, np.abs(sim.joint_positions(arm) - Q_STAR).max())
    assert hits and all(name.startswith("panda_") for name in hits)  # named links
    assert v_down < -1.5  # it fell 25 cm (2.2 m/s) ...
    assert sideways > 0.1  # ... and the link threw it sideways
    assert np.linalg.norm(sim.poses[ball, :2] - start[:2]) > 0.02
    assert disturbed > 1e-4  # the blow moved the arm
    sim.step(200)
    np.testing.assert_allclose(sim.joint_positions(arm), Q_STAR, atol=2e-3)  # and the PD held it


def test_errors_are_typed_and_name_the_problem(tmp_path):
    bad = tmp_path / "bad.urdf"
    bad.write_text("<robot name='r'><link name='a'></robot")
    w = wolfe.World()
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
    with pytest.raises(ValueError, match="q has a NaN"):
        w.add_urdf(PANDA, q=[0.0] * 8 + [np.nan])
    with pytest.raises(ValueError, match="kp"):
        w.add_urdf(PANDA, kp=-1.0)
    with pytest.raises(ValueError, match="kd has a NaN or infinite"):
        w.add_urdf(PANDA, kp=1.0, kd=np.inf)
    with pytest.raises(ValueError, match="friction"):
        w.add_urdf(PANDA, material=wolfe.Material(friction=-1.0))
    with pytest.raises(ValueError, match="pose"):
        w.add_urdf(PANDA, base_pose=[0, 0, 0])
    with pytest.raises(IndexError, match="tree 5"):
        w.joint_names(5)
    with pytest.raises(IndexError, match="tree 0"):
        w.set_pd(0, kp=1.0)
    assert w.num_trees == 0 and w.num_links == 0 and w.num_statics == 0  # nothing half-added

    arm = w.add_urdf(PANDA, q=Q_STAR)
    with pytest.raises(ValueError, match="articulated trees"):
        wolfe.Simulation(w, scheme="implicit-euler")
    with pytest.raises(ValueError, match="relative_tolerance"):
        wolfe.Simulation(w, relative_tolerance=0.0)
    sim = wolfe.Simulation(w, scheme="midpoint")
    with pytest.raises(ValueError, match="no PD controllers"):
        sim.set_targets(arm, Q_STAR)
    for method in (sim.joint_positions, sim.joint_velocities, sim.targets):
        with pytest.raises(IndexError, match="tree 3"):
            method(3)
    w.set_pd(arm, KP, q_target=Q_STAR)
    sim = wolfe.Simulation(w)
    with pytest.raises(ValueError, match="q_target: expected 9 values"):
        sim.set_targets(arm, [0.0, 1.0])
    with pytest.raises(ValueError, match="q_target has a NaN"):
        sim.set_targets(arm, np.nan)
    np.testing.assert_array_equal(sim.targets(arm), Q_STAR)  # untouched by the failures


def test_robot_example_runs(tmp_path):
    example = pathlib.Path(__file__).resolve().parents[1] / "examples" / "robot.py"
    run = subprocess.run([sys.executable, str(example), str(tmp_path / "run")], check=True,
                         capture_output=True, text=True)
    assert "joint 1 at 0.500 rad" in run.stdout
    assert (tmp_path / "run" / "view.html").stat().st_size > 0
    assert (tmp_path / "run" / "joints.csv").stat().st_size > 0


def test_robot_step_releases_the_gil():
    # As test_sim.py's test: this thread runs while another is inside `step(n)`, and sees
    # the simulation borrowed.
    w, arm = panda_world()
    sim = wolfe.Simulation(w, time_step=DT)
    seen_busy = borrowed_while_stepping(sim, 400)
    assert seen_busy > 0 and sim.time == pytest.approx(2.0)
