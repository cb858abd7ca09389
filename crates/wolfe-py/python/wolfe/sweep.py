"""Sweeps and datasets on dask.distributed: ``python -m wolfe.sweep pairs|scenes|slip``.

A sweep cuts a workload (``wolfe._workloads``) into chunks of about ``chunk_seconds`` of
compute each, fans them out over a ``dask.distributed`` cluster (a ``Client`` passed
in, a ``LocalCluster`` of worker processes on 127.0.0.1 by default, or a running
scheduler's address), and writes each chunk's rows as it arrives to ``DIR/NAME.npz``
with ``DIR/manifest.json`` saying which chunks are done, pending or failed, and the
throughput. Only the client writes, each file once, by an atomic rename: a chunk
recomputed after a lost worker still lands once. A sweep started again on the same
folder skips the chunks already done; Dask retries a failed chunk ``retries`` times and
a chunk that keeps failing is reported by name.

Why ``.npz`` and not Parquet: the rows hold small fixed-size arrays (poses, witness
points, final states of every body) that ``.npz`` stores as they are, bit for bit,
with numpy alone; Parquet would need pyarrow (a large dependency) and flattened or
list columns. ``load(DIR)`` returns the whole dataset as numpy arrays.

Install: ``pip install "./crates/wolfe-py[distributed]"`` (dask, distributed, tqdm).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Callable, Optional

import numpy as np

from wolfe._workloads import SLIP_SIGMAS_FULL, SLIP_SIGMAS_QUICK, WORKLOADS, find_data

MANIFEST = "manifest.json"
#: Default compute time of one chunk, s: large against Dask's per-task overhead
#: (about a millisecond), small enough to balance workers and lose little on a retry.
CHUNK_SECONDS = 1.0


class SweepError(RuntimeError):
    """A sweep's folder or arguments do not fit (another sweep's manifest, bad sizes)."""


def compute_chunk(workload: str, params: dict, start: int, stop: int) -> tuple[dict, float, str]:
    """Units ``[start, stop)`` of ``workload``: the rows, the compute time (s) and the
    process that computed them (host:pid). Runs on a worker. The workload's one-time
    preparation in the process (loading the shapes) is not part of the compute time.
    """
    WORKLOADS[workload][2](params)
    t = time.perf_counter()
    rows = WORKLOADS[workload][1](params, start, stop)
    return rows, time.perf_counter() - t, f"{os.uname().nodename}:{os.getpid()}"


def _write_atomic(path: str, write: Callable[[str], None]) -> None:
    """Writes through a temporary file beside ``path``, then renames it into place."""
    tmp = f"{path}.tmp-{os.getpid()}"
    write(tmp)
    os.replace(tmp, path)


def _save_manifest(out: str, manifest: dict) -> None:
    def write(tmp: str) -> None:
        with open(tmp, "w") as f:
            json.dump(manifest, f, indent=1)

    _write_atomic(os.path.join(out, MANIFEST), write)


def _save_chunk(out: str, name: str, rows: dict) -> str:
    file = f"{name}.npz"

    def write(tmp: str) -> None:
        with open(tmp, "wb") as f:
            np.savez(f, **rows)

    _write_atomic(os.path.join(out, file), write)
    return file


def plan(workload: str, params: dict, chunk_units: Optional[int] = None,
         chunk_seconds: float = CHUNK_SECONDS, workers: int = 1) -> tuple[int, list[tuple[int, int]]]:
    """Units per chunk and the chunks' unit ranges. Without ``chunk_units``, one unit is
    computed here (after a warm-up that loads the shapes) to size chunks at about
    ``chunk_seconds``, and the chunks are evened out so that their number is a multiple
    of ``workers``: every worker gets as many chunks of about one size, and none waits
    at the end for another's extra chunk."""
    if workload not in WORKLOADS:
        raise SweepError(f"unknown workload {workload!r}: {', '.join(WORKLOADS)}")
    units = WORKLOADS[workload][0](params)
    if units <= 0:
        raise SweepError(f"{workload}: the sweep has no work (size {params.get('size')})")
    if chunk_units is None:
        _, seconds, _ = compute_chunk(workload, params, 0, 1)
        chunk_units = max(1, round(chunk_seconds / max(seconds, 1e-6)))
        workers = max(1, workers)
        chunks = -(-units // chunk_units)
        chunks = min(units, -(-chunks // workers) * workers)
        ranges = [(k * units // chunks, (k + 1) * units // chunks) for k in range(chunks)]
        return max(b - a for a, b in ranges), ranges
    if chunk_units <= 0:
        raise SweepError(f"chunk_units = {chunk_units} must be >= 1")
    return chunk_units, [(a, min(a + chunk_units, units)) for a in range(0, units, chunk_units)]


def _open_manifest(out: str, workload: str, params: dict, chunk_units: Optional[int],
                   chunk_seconds: float, workers: int = 1) -> dict:
    """The folder's manifest: the existing one when it is this sweep's (resume), else a
    new plan. Chunk files present but not marked done (a client stopped between the
    rename and the manifest) are adopted."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, MANIFEST)
    if os.path.exists(path):
        with open(path) as f:
            m = json.load(f)
        if m.get("workload") != workload or m.get("params") != params:
            raise SweepError(
                f"{out} holds another sweep ({m.get('workload')} {m.get('params')}); "
                "use a new folder or remove it")
        for name, c in m["chunks"].items():
            if c["state"] != "done" and os.path.exists(os.path.join(out, f"{name}.npz")):
                c.update(state="done", file=f"{name}.npz")
        return m
    units, ranges = plan(workload, params, chunk_units, chunk_seconds, workers)
    chunks = {f"chunk-{k:05d}": {"state": "pending", "start": a, "stop": b} for k, (a, b) in enumerate(ranges)}
    return {"workload": workload, "params": params, "chunk_units": units, "chunks": chunks}


class _Progress:
    """tqdm when installed, else a line per tenth on stderr; nothing when disabled."""

    def __init__(self, total: int, done: int, enabled: bool, label: str):
        self.bar = None
        self.total, self.done, self.enabled, self.label = total, done, enabled, label
        if enabled:
            try:
                from tqdm import tqdm

                self.bar = tqdm(total=total, initial=done, desc=label, unit="chunk", file=sys.stderr)
            except ImportError:
                pass

    def update(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self.enabled and (self.done * 10 // self.total) != ((self.done - 1) * 10 // self.total):
            print(f"{self.label}: {self.done}/{self.total} chunks", file=sys.stderr)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def local_cluster(workers: int, **kwargs):
    """A ``LocalCluster`` of ``workers`` single-threaded worker processes, every
    address on 127.0.0.1 and no dashboard."""
    from distributed import LocalCluster

    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=None, scheduler_port=0, **kwargs)


def run(workload: str, params: dict, out: str, client=None, workers: int = 2, scheduler: Optional[str] = None,
        retries: int = 3, chunk_units: Optional[int] = None, chunk_seconds: float = CHUNK_SECONDS,
        progress: bool = True, serial: bool = False, on_chunk: Optional[Callable[[str], None]] = None) -> dict:
    """Runs (or resumes) a sweep into ``out`` and returns its manifest.

    ``client``: a ``distributed.Client`` to use; else ``scheduler`` (an address such as
    ``tcp://10.0.0.1:8786``); else a ``LocalCluster`` of ``workers`` processes on
    127.0.0.1 (closed at the end). ``serial=True`` computes the chunks here, in order,
    without Dask (the reference the distributed runs equal). ``on_chunk(name)`` is
    called after each chunk is written. Chunks that still fail after ``retries``
    retries are marked ``failed`` with their error in the manifest (and listed in
    ``manifest["failed"]``); the others are kept.
    """
    # The workers the chunks are evened out for (a scheduler's are not known yet: 1).
    if serial:
        plan_workers = 1
    elif client is not None:
        plan_workers = len(client.scheduler_info().get("workers", {}))
    else:
        plan_workers = 1 if scheduler else workers
    m = _open_manifest(out, workload, params, chunk_units, chunk_seconds, plan_workers)
    todo = [n for n, c in m["chunks"].items() if c["state"] != "done"]
    _save_manifest(out, m)
    bar = _Progress(len(m["chunks"]), len(m["chunks"]) - len(todo), progress, f"{workload} sweep")
    start = time.perf_counter()
    compute, items, own, n_workers = 0.0, 0, None, 1
    # The throughput's wall time runs from here, or from the moment a cluster started
    # here is up (its start-up is not the sweep's).

    def finish(name: str, rows: dict, seconds: float, worker: str) -> None:
        nonlocal compute, items
        c = m["chunks"][name]
        file = _save_chunk(out, name, rows)
        n = len(next(iter(rows.values())))
        c.update(state="done", file=file, items=n, seconds=seconds, worker=worker)
        c.pop("error", None)
        compute += seconds
        items += n
        _save_manifest(out, m)
        bar.update()
        if on_chunk is not None:
            on_chunk(name)

    try:
        if serial:
            for name in todo:
                c = m["chunks"][name]
                finish(name, *compute_chunk(workload, params, c["start"], c["stop"]))
        else:
            from distributed import Client, as_completed

            if client is None:
                own = Client(scheduler) if scheduler else Client(local_cluster(workers))
            cl = client or own
            start = time.perf_counter()
            n_workers = max(1, len(cl.scheduler_info().get("workers", {})))

            # A chunk whose result was lost with its worker after it finished is
            # submitted again (its data is gone); only the first result is written.
            def submit(name: str, attempt: int):
                c = m["chunks"][name]
                key = f"wolfe-sweep-{workload}-{name}-{os.getpid()}-{attempt}-{time.time_ns()}"
                f = cl.submit(compute_chunk, workload, params, c["start"], c["stop"], key=key,
                              retries=retries, pure=False)
                futures[f] = (name, attempt)
                return f

            futures: dict = {}
            pending = as_completed([submit(n, 0) for n in todo])
            for f in pending:
                name, attempt = futures.pop(f)
                if f.status == "error":  # the task itself failed, after Dask's retries
                    m["chunks"][name].update(state="failed", error=repr(f.exception()))
                    _save_manifest(out, m)
                    bar.update()
                    continue
                try:
                    result = f.result()
                except Exception as e:  # noqa: BLE001 - its data was lost with a worker
                    if attempt >= retries:
                        m["chunks"][name].update(state="failed", error=f"result lost: {e!r}")
                        _save_manifest(out, m)
                        bar.update()
                    else:
                        pending.add(submit(name, attempt + 1))
                    continue
                finish(name, *result)
    finally:
        bar.close()
        wall = time.perf_counter() - start
        m["failed"] = sorted(n for n, c in m["chunks"].items() if c["state"] == "failed")
        m["complete"] = all(c["state"] == "done" for c in m["chunks"].values())
        if items:
            m["throughput"] = {
                "items": items, "wall_seconds": wall, "items_per_second": items / wall,
                "compute_seconds": compute, "workers": n_workers,
                "task_overhead": 1.0 - compute / (wall * n_workers),
            }
        _save_manifest(out, m)
        if own is not None:
            cluster = own.cluster
            own.close()
            if cluster is not None:
                cluster.close()
    return m


def load(out: str, partial: bool = False) -> dict:
    """The sweep's rows, chunks concatenated in order. Raises ``SweepError`` when a
    chunk is not done, unless ``partial`` (then only the done chunks)."""
    with open(os.path.join(out, MANIFEST)) as f:
        m = json.load(f)
    names = sorted(m["chunks"])
    missing = [n for n in names if m["chunks"][n]["state"] != "done"]
    if missing and not partial:
        raise SweepError(f"{out}: {len(missing)} chunks not done: {', '.join(missing[:5])}")
    parts = []
    for n in names:
        if m["chunks"][n]["state"] == "done":
            with np.load(os.path.join(out, m["chunks"][n]["file"])) as z:
                parts.append({k: z[k] for k in z.files})
    if not parts:
        return {}
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def params_for(workload: str, size: Optional[int] = None, seed: int = 0, data: Optional[str] = None,
               scene: str = "clutter", bodies: int = 8, steps: int = 100, seconds: float = 2.0,
               full: bool = False) -> dict:
    """A workload's parameters with the small defaults of ``python -m wolfe.sweep``
    (each under a minute on one worker)."""
    if workload == "pairs":
        return {"size": size or 100_000, "seed": seed, "data": str(find_data(data))}
    if workload == "scenes":
        if scene not in ("clutter", "panda-drop"):
            raise SweepError(f"unknown scene {scene!r}: clutter or panda-drop")
        p = {"size": size or 32, "seed": seed, "scene": scene, "bodies": bodies, "steps": steps}
        if scene == "panda-drop":
            p["data"] = str(find_data(data))
        return p
    if workload == "slip":
        sigmas = SLIP_SIGMAS_FULL if full else SLIP_SIGMAS_QUICK
        return {"size": size or 2, "seed": seed, "sigmas": sigmas, "bodies": bodies, "seconds": seconds}
    raise SweepError(f"unknown workload {workload!r}: {', '.join(WORKLOADS)}")


def main(argv: Optional[list[str]] = None) -> int:
    """``python -m wolfe.sweep``."""
    ap = argparse.ArgumentParser(prog="python -m wolfe.sweep", description=__doc__.split("\n\n")[0])
    ap.add_argument("workload", choices=sorted(WORKLOADS))
    ap.add_argument("--out", required=True, help="output folder (resumed when it holds this sweep)")
    ap.add_argument("--workers", type=int, default=2, help="local worker processes (default 2)")
    ap.add_argument("--scheduler", help="a running scheduler's address instead of local workers")
    ap.add_argument("--size", type=int, help="pairs: queries (100000); scenes: jobs (32); slip: seeds per sigma (2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--data", help="the repository's data/ folder (default: $WOLFE_DATA or found upwards)")
    ap.add_argument("--scene", default="clutter", choices=["clutter", "panda-drop"])
    ap.add_argument("--bodies", type=int, default=8, help="scenes and slip: bodies dropped (8)")
    ap.add_argument("--steps", type=int, default=100, help="scenes: steps per job (100)")
    ap.add_argument("--seconds", type=float, default=2.0, help="slip: simulated seconds per run (2)")
    ap.add_argument("--full", action="store_true", help="slip: sigma from 1e-5 to 1e-1 in half decades")
    ap.add_argument("--chunk-seconds", type=float, default=CHUNK_SECONDS)
    ap.add_argument("--chunk-units", type=int, help="units per chunk instead of timing one")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--serial", action="store_true", help="compute here, without Dask")
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args(argv)
    try:
        params = params_for(a.workload, a.size, a.seed, a.data, a.scene, a.bodies, a.steps, a.seconds, a.full)
        m = run(a.workload, params, a.out, workers=a.workers, scheduler=a.scheduler, retries=a.retries,
                chunk_units=a.chunk_units, chunk_seconds=a.chunk_seconds, progress=not a.no_progress,
                serial=a.serial)
    except (SweepError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    t = m.get("throughput")
    if t:
        print(f"{a.workload}: {t['items']} rows in {t['wall_seconds']:.2f} s ({t['items_per_second']:.0f}/s) on "
              f"{t['workers']} worker(s); compute {t['compute_seconds']:.2f} s, task overhead "
              f"{100 * t['task_overhead']:.1f}%; {len(m['chunks'])} chunks of {m['chunk_units']} units in {a.out}")
    if m["failed"]:
        print(f"failed chunks: {', '.join(m['failed'])}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
