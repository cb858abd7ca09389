"""wolfe.sweep on a LocalCluster of worker processes bound to 127.0.0.1: results equal
to the serial run, a worker killed in the middle of a sweep (the sweep completes, every
chunk exactly once), a resumed sweep skipping its completed chunks, the command line,
and another sweep's folder refused. Skipped without the ``[distributed]`` extra."""

import json
import os
import pathlib
import signal
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("distributed", reason="dask.distributed is not installed: pip install './crates/wolfe-py[distributed]'")

from distributed import Client  # noqa: E402

from wolfe import sweep  # noqa: E402

DATA = pathlib.Path(__file__).resolve().parents[4] / "data"
pytestmark = pytest.mark.skipif(not (DATA / "ycb").is_dir(), reason="run from a checkout of the repository (data/ycb)")


@pytest.fixture(scope="module")
def client():
    cluster = sweep.local_cluster(2)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


def pairs(size=8 * 1024, seed=3):
    return sweep.params_for("pairs", size=size, seed=seed, data=str(DATA))


def assert_same(a, b):
    assert sorted(a) == sorted(b)
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)


def chunk_files(out):
    return sorted(p.name for p in pathlib.Path(out).iterdir() if p.name != sweep.MANIFEST)


def test_distributed_equals_serial_and_the_manifest_says_so(client, tmp_path):
    serial = sweep.run("pairs", pairs(), str(tmp_path / "serial"), serial=True, chunk_units=1, progress=False)
    m = sweep.run("pairs", pairs(), str(tmp_path / "dask"), client=client, chunk_units=1, progress=False)
    assert m["complete"] and not m["failed"] and len(m["chunks"]) == 8
    on_disk = json.loads((tmp_path / "dask" / sweep.MANIFEST).read_text())
    assert on_disk["complete"] and all(c["state"] == "done" for c in on_disk["chunks"].values())
    assert on_disk["throughput"]["items"] == 8 * 1024 and on_disk["throughput"]["workers"] == 2
    rows = sweep.load(str(tmp_path / "dask"))
    assert_same(rows, sweep.load(str(tmp_path / "serial")))
    assert serial["complete"]
    # The rows are the queries they claim: the certificate brackets the distance.
    assert len(rows["distance"]) == 8 * 1024
    status = rows["status"]
    assert np.isin(status, [0, 1, 2]).mean() > 0.99
    assert (status == 1).any() and (status != 1).any()  # overlapping and separated pairs
    ok = status == 0
    d, lo, hi = rows["distance"][ok], rows["lower_bound"][ok], rows["upper_bound"][ok]
    assert (lo <= d + 1e-9).all() and (d <= hi + 1e-9).all()
    gap = np.linalg.norm(rows["point_b"][ok] - rows["point_a"][ok], axis=1)
    np.testing.assert_allclose(gap, d, atol=1e-6)


def test_a_worker_killed_mid_sweep_loses_nothing(client, tmp_path):
    p = sweep.params_for("scenes", size=12, seed=1, bodies=4, steps=60)
    reference = sweep.run("scenes", p, str(tmp_path / "serial"), serial=True, chunk_units=1, progress=False)
    assert reference["complete"]
    pids = client.run(os.getpid)
    killed = []

    def kill_one(name):
        if not killed:
            addr, pid = sorted(pids.items())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(addr)

    m = sweep.run("scenes", p, str(tmp_path / "dask"), client=client, chunk_units=1, progress=False,
                  on_chunk=kill_one)
    assert killed and m["complete"] and not m["failed"]
    names = sorted(m["chunks"])
    assert chunk_files(tmp_path / "dask") == [f"{n}.npz" for n in names]
    rows = sweep.load(str(tmp_path / "dask"))
    assert list(rows["job"]) == list(range(12))  # every job exactly once, in order
    assert_same(rows, sweep.load(str(tmp_path / "serial")))
    client.wait_for_workers(2, timeout=60)  # the nanny restarted it


def test_a_resumed_sweep_skips_completed_chunks(client, tmp_path):
    out = str(tmp_path / "resume")
    seen = []

    class Stop(Exception):
        pass

    def stop_after_three(name):
        seen.append(name)
        if len(seen) == 3:
            raise Stop

    with pytest.raises(Stop):
        sweep.run("pairs", pairs(), out, serial=True, chunk_units=1, progress=False, on_chunk=stop_after_three)
    m = json.loads((tmp_path / "resume" / sweep.MANIFEST).read_text())
    done = sorted(n for n, c in m["chunks"].items() if c["state"] == "done")
    assert done == sorted(seen) and not m["complete"]
    with pytest.raises(sweep.SweepError, match="not done"):
        sweep.load(out)
    assert len(sweep.load(out, partial=True)["distance"]) == 3 * 1024
    again = []
    m = sweep.run("pairs", pairs(), out, client=client, chunk_units=1, progress=False, on_chunk=again.append)
    assert m["complete"] and sorted(again) == sorted(set(m["chunks"]) - set(done))
    assert chunk_files(out) == [f"{n}.npz" for n in sorted(m["chunks"])]
    reference = sweep.run("pairs", pairs(), str(tmp_path / "serial"), serial=True, chunk_units=1, progress=False)
    assert reference["complete"]
    assert_same(sweep.load(out), sweep.load(str(tmp_path / "serial")))
    # A completed sweep run again computes nothing.
    none = []
    sweep.run("pairs", pairs(), out, client=client, progress=False, on_chunk=none.append)
    assert none == []


def test_another_sweeps_folder_is_refused(tmp_path):
    out = str(tmp_path / "x")
    sweep.run("pairs", pairs(size=1024), out, serial=True, chunk_units=1, progress=False)
    with pytest.raises(sweep.SweepError, match="another sweep"):
        sweep.run("pairs", pairs(size=2048), out, serial=True, progress=False)


def test_the_command_line_runs_the_slip_study_on_local_workers(tmp_path):
    out = tmp_path / "slip"
    r = subprocess.run(
        [sys.executable, "-m", "wolfe.sweep", "slip", "--workers", "1", "--size", "1", "--bodies", "4",
         "--seconds", "0.5", "--out", str(out), "--no-progress", "--data", str(DATA)],
        capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    m = json.loads((out / sweep.MANIFEST).read_text())
    assert m["complete"] and m["throughput"]["items"] == 3
    rows = sweep.load(str(out))
    np.testing.assert_allclose(rows["slip_bound"], np.array(rows["sigma"]) * 1.0 * 0.01 * 9.81)
    assert (rows["error"] == "").all() and (rows["touching"] > 0).all()


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_sized_chunks_are_evened_out_over_the_workers(workers):
    # 0.05 s chunks of a 40-unit sweep: several chunks, their count a multiple of the
    # workers, every unit in exactly one chunk, sizes within one unit of each other.
    units, ranges = sweep.plan("pairs", pairs(size=40 * 1024), chunk_seconds=0.05, workers=workers)
    assert len(ranges) > 1 and len(ranges) % workers == 0
    assert ranges[0][0] == 0 and ranges[-1][1] == 40
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
    sizes = [b - a for a, b in ranges]
    assert max(sizes) == units and max(sizes) - min(sizes) <= 1
