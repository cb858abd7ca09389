"""wolfe.rollout: each world bit-identical to a Simulation stepped alone (1 and 2
threads), a diverged world reported alone while the others finish, PD targets as
controls, the frames and statistics, typed errors."""

import pathlib

import numpy as np
import pytest

import wolfe

DATA = pathlib.Path(__file__).resolve().parents[4] / "data"
PANDA = DATA / "robots" / "franka_panda" / "panda.urdf"
Q_STAR = [0.0, 0.2, 0.0, -1.9, 0.0, 2.1, 0.785, 0.02, 0.02]
KP = [400.0, 400.0, 400.0, 400.0, 250.0, 150.0, 100.0, 100.0, 100.0]


def heap(seed, friction=0.6):
    """Four boxes and spheres dropped on the ground in a column, random orientations."""
    rng = np.random.default_rng(seed)
    w = wolfe.World()
    m = wolfe.Material(friction=friction)
    w.add_ground(m)
    for i in range(4):
        q = rng.standard_normal(4)
        q /= np.linalg.norm(q)
        shape = wolfe.Box(0.08, 0.06, 0.05) if i % 2 == 0 else wolfe.Sphere(0.04)
        w.add_body(shape, pose=[rng.uniform(-0.02, 0.02), 0.0, 0.07 + 0.12 * i, *q], material=m)
    return w


def alone(world, steps, dt, controls=None):
    """Poses, velocities after every step of a Simulation of `world`, and its stats."""
    sim = wolfe.Simulation(world, time_step=dt)
    poses, vels, ke = [sim.poses], [sim.velocities], []
    for k in range(steps):
        if controls is not None:
            sim.set_targets(0, controls[k])
        info = sim.step()
        poses.append(sim.poses)
        vels.append(sim.velocities)
        ke.append(info.kinetic_energy)
    return np.array(poses), np.array(vels), np.array(ke)


@pytest.mark.parametrize("threads", [1, 2])
def test_each_world_is_bit_identical_to_stepping_it_alone(threads):
    worlds = [heap(s, 0.3 + 0.2 * s) for s in range(4)]
    dts = [5e-3, 1e-2, 5e-3, 1e-2]
    steps = 60
    r = wolfe.rollout(worlds, steps, threads=threads, time_step=dts)
    assert r["poses"].shape == (4, steps + 1, 4, 7) and r["stats"].shape == (4, steps, len(r["stat_columns"]))
    assert r["errors"] == [None] * 4 and (r["completed"] == steps).all() and (r["failed_step"] == -1).all()
    ke = r["stat_columns"].index("kinetic_energy")
    contacts = r["stat_columns"].index("contacts")
    assert (r["stats"][:, :, contacts] > 0).any()  # the heaps touch
    for i, (w, dt) in enumerate(zip(worlds, dts)):
        poses, vels, energy = alone(w, steps, dt)
        # Simulation.velocities() is (B, 6) for free bodies: the same numbers.
        np.testing.assert_array_equal(r["poses"][i], poses)
        np.testing.assert_array_equal(r["velocities"][i], vels.reshape(steps + 1, -1))
        np.testing.assert_array_equal(r["stats"][i, :, ke], energy)


def test_a_diverged_world_is_reported_and_the_others_kept():
    worlds = [heap(s) for s in range(3)]
    r = wolfe.rollout(worlds, 40, time_step=[5e-3, 1e3, 5e-3], every=10, threads=2)
    assert r["errors"][0] is None and r["errors"][2] is None
    assert "diverged" in r["errors"][1] or "non-finite" in r["errors"][1]
    assert 1 <= r["failed_step"][1] <= 40 and r["completed"][1] == r["failed_step"][1] - 1
    assert r["poses"].shape[1] == 5 and np.isfinite(r["poses"]).all() and np.isfinite(r["stats"]).all()
    for i in (0, 2):
        poses, _, _ = alone(worlds[i], 40, 5e-3)
        np.testing.assert_array_equal(r["poses"][i], poses[::10])


def test_controls_are_the_pd_targets_of_each_step():
    w = wolfe.World()
    w.add_ground()
    w.add_urdf(PANDA, kp=KP, q_target=Q_STAR)
    steps = 20
    controls = np.array(Q_STAR) + 0.05 * np.sin(np.arange(steps))[:, None]
    r = wolfe.rollout([w, w], steps, controls=controls, time_step=5e-3)
    assert r["joints"].shape == (2, steps + 1, 9)
    sim = wolfe.Simulation(w, time_step=5e-3)
    for k in range(steps):
        sim.set_targets(0, controls[k])
        sim.step()
        np.testing.assert_array_equal(r["joints"][0, k + 1], sim.joint_positions(0))
    np.testing.assert_array_equal(r["joints"][0], r["joints"][1])


def test_slip_output_is_within_the_stiction_bound_order():
    r = wolfe.rollout(heap(0), 150, time_step=1e-2, sigma=1e-3)
    mean, largest, touching = r["final_slip"][0]
    assert touching > 0 and 0 <= mean <= largest


def test_bad_input_raises_typed_errors():
    with pytest.raises(ValueError, match="no worlds"):
        wolfe.rollout([], 3)
    with pytest.raises(TypeError, match="item 1"):
        wolfe.rollout([heap(0), "world"], 3)
    other = wolfe.World()
    other.add_body(wolfe.Sphere(0.1), pose=[0, 0, 1, 1, 0, 0, 0])
    with pytest.raises(ValueError, match="world 1"):
        wolfe.rollout([heap(0), other], 3)
    with pytest.raises(ValueError, match="time_step"):
        wolfe.rollout([heap(0), heap(1)], 3, time_step=[0.01])
    with pytest.raises(ValueError, match="controls"):
        wolfe.rollout(heap(0), 3, controls=np.zeros((3, 2)))
    with pytest.raises(ValueError):
        wolfe.rollout(heap(0), 3, every=0)
    with pytest.raises(ValueError):
        wolfe.rollout(heap(0), 3, threads=0)
    with pytest.raises(ValueError, match="sigma"):
        wolfe.rollout(heap(0), 3, sigma=float("nan"))
