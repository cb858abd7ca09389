#!/usr/bin/env python3
"""coal on the shipped primitive problems, timed in C++, per pair type; optionally set
beside wolfe's and parry's times from the peers and penetration benches.

    python3 scripts/peers/primitives_vs_coal.py [--repeats 100] [--out target/coal]
        [--peers target/peers/peers.csv] [--penetration target/penetration/penetration.csv]

Problems: `data/problem-sets/primitives`, the rows the Rust benches time:
- distance on close rows (0 < dist <= 0.1 m): `coal::distance` at its defaults (GJK,
  nearest points), as the peers bench calls parry's `distance`;
- penetration on overlap rows (-0.1 <= dist < 0 m): `coal::distance` at its defaults,
  which gives the signed distance (`enable_signed_distance` is on: GJK, then EPA on
  overlap), as the penetration bench calls parry's `contact`.

Timing: coal's Python bindings cost ~0.8 us per call, several times the query, and
coal's own timer (`enable_timings`) is not filled in by the pip build (it reads 0). So the
script writes a small C++ harness, compiles it against the pip package's own headers and
`libcoal.so` (cmeel prefix, `-O2`, generic x86-64 like the Rust benches) and times there
with the Rust benches' method (`wolfe_lab::timing`): per problem one untimed warm-up, then
N repeats each bracketed by its own pair of `steady_clock::now()` reads, their median.
No Python is on the timed path. The shapes are built once per problem outside the timing.

Writes `OUT/coal.csv` (task,id,pair,ns,value) and `OUT/floor.txt` (the harness's timer
floor: an empty call timed the same way, median of 1000), and prints, per pair type and task, the
median over problems of coal's per-problem median ns. With `--peers` / `--penetration`
(the CSVs the benches write) it also prints wolfe, parry, coal and the median over
problems of the per-problem ratio wolfe / min(parry, coal): the issue's "best peer per
problem" ratio. Times from the benches and from this script are comparable only when
measured in one sitting on the same machine (run them back to back).
"""

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

HARNESS = r"""
#include <coal/distance.h>
#include <coal/shape/geometric_shapes.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

// Input lines: task id pair kindA a0 a1 a2 kindB b0 b1 b2 pose_a[7] pose_b[7]
// (kind 0 sphere, 1 box, 2 capsule, 3 cylinder, 4 cone; sizes as the problem set: radius,
// half extents, radius + half length; poses translation + quaternion w x y z).
static std::shared_ptr<coal::ShapeBase> make(int kind, double p0, double p1, double p2) {
  switch (kind) {
    case 0: return std::make_shared<coal::Sphere>(p0);
    case 1: return std::make_shared<coal::Box>(2 * p0, 2 * p1, 2 * p2);
    case 2: return std::make_shared<coal::Capsule>(p0, 2 * p1);
    case 3: return std::make_shared<coal::Cylinder>(p0, 2 * p1);
    default: return std::make_shared<coal::Cone>(p0, 2 * p1);
  }
}

static coal::Transform3s pose(const double* v) {
  coal::Quaternion3f q(v[3], v[4], v[5], v[6]);
  return coal::Transform3s(q.toRotationMatrix(), coal::Vec3s(v[0], v[1], v[2]));
}

int main(int argc, char** argv) {
  int repeats = std::atoi(argv[1]);
  std::ifstream in(argv[2]);
  std::string line;
  std::vector<long long> t(repeats);
  {
    // The timer floor: an empty call timed the same way (two clock reads).
    std::vector<long long> f(1000);
    for (auto& v : f) {
      auto start = std::chrono::steady_clock::now();
      asm volatile("" : : : "memory");
      auto stop = std::chrono::steady_clock::now();
      v = std::chrono::duration_cast<std::chrono::nanoseconds>(stop - start).count();
    }
    std::nth_element(f.begin(), f.begin() + 500, f.end());
    std::printf("floor,%lld\n", f[500]);
  }
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string task, pair;
    long long id;
    int ka, kb;
    double a[3], b[3], pa[7], pb[7];
    s >> task >> id >> pair >> ka >> a[0] >> a[1] >> a[2] >> kb >> b[0] >> b[1] >> b[2];
    for (double& v : pa) s >> v;
    for (double& v : pb) s >> v;
    auto sa = make(ka, a[0], a[1], a[2]);
    auto sb = make(kb, b[0], b[1], b[2]);
    coal::Transform3s ta = pose(pa), tb = pose(pb);
    coal::DistanceRequest req;  // defaults: nearest points, signed distance, GJK
    coal::DistanceResult res;
    double value = coal::distance(sa.get(), ta, sb.get(), tb, req, res);
    for (int r = 0; r < repeats; ++r) {
      res.clear();
      auto start = std::chrono::steady_clock::now();
      double d = coal::distance(sa.get(), ta, sb.get(), tb, req, res);
      asm volatile("" : : "g"(d) : "memory");
      auto stop = std::chrono::steady_clock::now();
      t[r] = std::chrono::duration_cast<std::chrono::nanoseconds>(stop - start).count();
    }
    std::nth_element(t.begin(), t.begin() + repeats / 2, t.end());
    long long median = t[repeats / 2];
    if (repeats % 2 == 0) {
      long long lower = *std::max_element(t.begin(), t.begin() + repeats / 2);
      median = lower + (median - lower) / 2;
    }
    std::printf("%s,%lld,%s,%lld,%.17g\n", task.c_str(), id, pair.c_str(), median, value);
  }
  return 0;
}
"""

KINDS = {"sphere": 0, "box": 1, "capsule": 2, "cylinder": 3, "cone": 4}


def cmeel_prefix():
    import coal  # noqa: F401  (the prefix is the package's own)

    path = os.path.dirname(coal.__file__)
    while os.path.basename(path) != "cmeel.prefix":
        parent = os.path.dirname(path)
        if parent == path:
            sys.exit("coal is not installed from its cmeel pip package: no headers to build against")
        path = parent
    return path


def build(out):
    prefix = cmeel_prefix()
    src = os.path.join(out, "coal_harness.cpp")
    exe = os.path.join(out, "coal_harness")
    with open(src, "w") as f:
        f.write(HARNESS)
    cmd = [
        "g++", "-O2", "-std=c++17", "-DNDEBUG", src, "-o", exe,
        "-I" + os.path.join(prefix, "include"),
        "-I" + os.path.join(prefix, "include", "eigen3"),
        "-L" + os.path.join(prefix, "lib"), "-lcoal",
        "-Wl,-rpath," + os.path.join(prefix, "lib"),
    ]
    subprocess.run(cmd, check=True)
    return exe


def sizes(shape):
    t = shape["type"]
    if t == "sphere":
        return [shape["radius"], 0.0, 0.0]
    if t == "box":
        return list(shape["half_extents"])
    return [shape["radius"], shape["half_length"], 0.0]


def write_input(path, set_dir):
    with open(os.path.join(set_dir, "shapes.json")) as f:
        shapes = {s["name"]: s for s in json.load(f)}
    n = 0
    with open(os.path.join(set_dir, "problems.csv")) as f, open(path, "w") as out:
        for row in csv.DictReader(f):
            d = float(row["dist"])
            if 0.0 < d <= 0.1:
                task = "distance"
            elif -0.1 <= d < 0.0:
                task = "penetration"
            else:
                continue
            a, b = shapes[row["shape_a"]], shapes[row["shape_b"]]
            pair = "-".join(sorted([a["type"], b["type"]]))
            pa = [row[k] for k in ("ax", "ay", "az", "aqw", "aqx", "aqy", "aqz")]
            pb = [row[k] for k in ("bx", "by", "bz", "bqw", "bqx", "bqy", "bqz")]
            fields = [task, row["id"], pair, KINDS[a["type"]], *sizes(a), KINDS[b["type"]], *sizes(b), *pa, *pb]
            out.write(" ".join(str(v) for v in fields) + "\n")
            n += 1
    return n


def read_bench(path, family, task_name, task_out, solver_column):
    """{(task, id): {solver: ns}} from the peers or penetration CSV."""
    rows = {}
    if not path or not os.path.exists(path):
        return rows
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["family"] != family:
                continue
            if solver_column:  # peers.csv: one row per solver
                if r["task"] != task_name or r["solver"] not in ("gjk", "parry"):
                    continue
                key = "wolfe" if r["solver"] == "gjk" else "parry"
                rows.setdefault((task_out, int(r["id"])), {})[key] = int(r["ns"])
            else:  # penetration.csv: one row per problem
                entry = {"wolfe": int(r["wolfe_ns"])}
                if r["parry_ns"]:
                    entry["parry"] = int(r["parry_ns"])
                rows[(task_out, int(r["id"]))] = entry
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeats", type=int, default=100)
    ap.add_argument("--out", default=os.path.join(ROOT, "target", "coal"))
    ap.add_argument("--set", default=os.path.join(ROOT, "data", "problem-sets", "primitives"))
    ap.add_argument("--peers", help="peers.csv of `cargo bench -p wolfe-lab --bench peers`")
    ap.add_argument("--penetration", help="penetration.csv of `cargo bench -p wolfe-lab --bench penetration`")
    ap.add_argument("--reuse", action="store_true",
                    help="read coal's times from OUT/coal.csv of an earlier run instead of timing again "
                         "(to set two bench runs beside the same coal run)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    coal_csv = os.path.join(args.out, "coal.csv")
    floor_txt = os.path.join(args.out, "floor.txt")
    if args.reuse:
        with open(coal_csv) as f:
            lines = f.read().splitlines()[1:]
        if os.path.exists(floor_txt):
            with open(floor_txt) as f:
                lines.append("floor," + f.read().strip())
    else:
        exe = build(args.out)
        with tempfile.TemporaryDirectory() as tmp:
            problems = os.path.join(tmp, "problems.txt")
            n = write_input(problems, args.set)
            print(f"timing coal on {n} problems, {args.repeats} repeats each", file=sys.stderr)
            run = subprocess.run([exe, str(args.repeats), problems], check=True, capture_output=True, text=True)
        lines = run.stdout.splitlines()
    coal_rows = {}
    floor = None
    body = []
    for line in lines:
        if line.startswith("floor,"):
            floor = int(line.split(",")[1])
            continue
        body.append(line)
        task, pid, pair, ns, value = line.split(",")
        coal_rows[(task, int(pid))] = (pair, int(ns), float(value))
    if not args.reuse:
        with open(coal_csv, "w") as f:
            f.write("task,id,pair,ns,value\n")
            for line in body:
                f.write(line + "\n")
        with open(floor_txt, "w") as f:
            f.write(f"{floor}\n")

    bench = {}
    bench.update(read_bench(args.peers, "primitives close", "distance", "distance", True))
    bench.update(read_bench(args.penetration, "primitives", None, "penetration", False))

    def median(v):
        return statistics.median(v) if v else float("nan")

    print(f"# coal {run_version()} on the primitive problems (C++ harness, median of {args.repeats} timed calls)\n")
    print("| task | pair | problems | wolfe ns | parry ns | coal ns | wolfe / best peer (median of per-problem ratios) | wolfe <= best peer |")
    print("|---|---|---|---|---|---|---|---|")
    for task in ("distance", "penetration"):
        keys = [k for k in coal_rows if k[0] == task]
        pairs = sorted({coal_rows[k][0] for k in keys})
        for pair in pairs + ["all"]:
            ks = [k for k in keys if pair == "all" or coal_rows[k][0] == pair]
            coal_ns = [coal_rows[k][1] for k in ks]
            wolfe_ns = [bench[k]["wolfe"] for k in ks if k in bench]
            parry_ns = [bench[k]["parry"] for k in ks if k in bench and "parry" in bench[k]]
            ratios = []
            wins = 0
            for k in ks:
                if k not in bench:
                    continue
                best = min(coal_rows[k][1], bench[k].get("parry", coal_rows[k][1]))
                ratios.append(bench[k]["wolfe"] / max(best, 1))
                wins += bench[k]["wolfe"] <= best
            ratio = f"{median(ratios):.2f}" if ratios else "-"
            win = f"{100 * wins / len(ratios):.0f}%" if ratios else "-"
            fmt = lambda v: f"{median(v):.0f}" if v else "-"  # noqa: E731
            print(f"| {task} | {pair} | {len(ks)} | {fmt(wolfe_ns)} | {fmt(parry_ns)} | {fmt(coal_ns)} | {ratio} | {win} |")
    print(f"\nTimer floor of the harness (an empty call timed the same way, median of 1000): {floor} ns; "
          "the Rust benches print theirs.")
    try:
        load = os.getloadavg()
        print(f"\nLoad average (1, 5, 15 min) after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    except OSError:
        pass


def run_version():
    import coal

    return getattr(coal, "__version__", "")


if __name__ == "__main__":
    main()
