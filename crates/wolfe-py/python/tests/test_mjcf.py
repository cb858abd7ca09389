"""MJCF scenes from Python (World.add_mjcf) on the one simulator: the Inspire hand holds
its pose with its position actuators, a free box from a keyframe comes to rest on an
MJCF plane, and bad files are typed errors that leave the world as it was."""

import pathlib

import numpy as np
import pytest

import wolfe

DATA = pathlib.Path(__file__).resolve().parents[4] / "data"
HAND = DATA / "robots" / "inspire_hand" / "inspire_right_hand.xml"
BOX = DATA / "scenes" / "box_on_plane.xml"


def test_inspire_hand_holds_its_pose():
    w = wolfe.World()
    trees, notes = w.add_mjcf(HAND, gravity_compensation=True)
    assert trees == [0] and w.num_trees == 1 and len(w.joint_names(0)) == 12
    assert all(isinstance(n, str) for n in notes)
    sim = wolfe.Simulation(w, time_step=1e-3)
    q0 = np.array(sim.joint_positions(0))
    sim.step(1000)
    assert np.abs(np.array(sim.joint_positions(0)) - q0).max() < 1e-3


def test_free_box_rests_on_the_plane():
    w = wolfe.World()
    trees, _ = w.add_mjcf(BOX)
    assert len(trees) == 1 and w.num_statics == 1 and w.num_links == 1
    sim = wolfe.Simulation(w, time_step=1e-3)
    # The keyframe starts the box at (0.1, 0, 0.06).
    np.testing.assert_allclose(sim.link_poses[0, :3], [0.1, 0.0, 0.06], atol=1e-12)
    sim.step(1500)
    x, y, z = sim.link_poses[0, :3]
    # Rigid contact: the near-rigid compliance leaves well under a millimetre.
    assert abs(z - 0.05) < 1e-3 and abs(x - 0.1) < 1e-3 and abs(y) < 1e-3


def test_bad_files_are_typed_errors(tmp_path):
    w = wolfe.World()
    with pytest.raises(OSError):
        w.add_mjcf(tmp_path / "missing.xml")
    held = tmp_path / "held.xml"
    held.write_text(
        "<mujoco><worldbody><body name='a'><joint name='j' type='hinge'/>"
        "<geom size='0.1' mass='1'/></body></worldbody>"
        "<equality><joint joint1='j' polycoef='0.2 0 0 0 0'/></equality></mujoco>"
    )
    with pytest.raises(ValueError, match="j"):
        w.add_mjcf(held)
    broken = tmp_path / "broken.xml"
    broken.write_text("<mujoco><worldbody><body></mujoco>")
    with pytest.raises(ValueError, match="MJCF"):
        w.add_mjcf(broken)
    assert w.num_trees == 0 and w.num_statics == 0
