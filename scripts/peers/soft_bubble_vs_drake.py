#!/usr/bin/env python3
"""The SAP paper's soft-bubble gripper (Section VI-D) in wolfe and in Drake, in one run.

Runs `wolfe sim soft-bubble` (two fingers on slide joints, each with a compliant
hydroelastic ellipsoid "bubble", holding a spatula by its rigid hydroelastic handle while
the grip force follows a square wave), then builds the same scene in Drake (pip `drake`)
from the same scene file (data/scenes/soft_bubble.xml, read with xml.etree: geometry,
masses, friction, joint axes, ranges and positions, actuator force range) and the run's
own hydroelastic parameters (modulus E, Hunt-Crossley dissipation d and mesh resolution
h, from wolfe's summary.md or the flags given to both), and steps it with the same time
step, in the same process, one engine after the other.

Drake's side: a discrete MultibodyPlant with hydroelastic contact (polygon contact
surfaces, one SAP contact per polygon, as in wolfe), the bubbles as Ellipsoid geometries
with compliant hydroelastic properties (resolution hint h, modulus E), the spatula's boxes
rigid hydroelastic (wolfe gives its blade point contact; the blade touches nothing),
friction mu from the scene (static = dynamic), gravity from the scene.
The fingers are prismatic joints from the world at the scene's positions, driven by a
feed-forward actuation equal to wolfe's grip force of each step (read from its steps.csv),
pushing each finger toward the spatula: wolfe drives its fingers with PD controllers whose
targets lie past the handle and whose effort limit is the grip force, so they are
saturated throughout and apply exactly that force. (Drake's PD-controlled actuators take a
fixed effort limit, not one that changes during the run, so the feed-forward form is
used.)

Dissipation: wolfe enters the bubbles' Hunt-Crossley d into SAP's linear (Kelvin-Voigt)
model as tau_d = d (-phi0) per contact polygon. Drake's "sap" approximation takes one
relaxation time per geometry instead (the pair's is the sum), so the bubbles get
`--relaxation-time` (default d times 2.5 mm; the table prints Drake's own force-weighted
mean depth p/g at the end of the secure grips, to check that depth) and the handle 0. Drake's
"similar" and "lagged" approximations use d itself with the same convex solver.

Meshes: Drake refines its ellipsoid's tetrahedral mesh in levels from the resolution hint,
so the same h does not give wolfe's mesh (at h = 4 mm Drake's contact surfaces have about
twice wolfe's polygons). `--drake` lists the Drake runs, each APPROXIMATION[:FACTOR] with
the hint FACTOR times h; the default, "sap,sap:1.5", runs the same hint and the next
coarser level (fewer polygons than wolfe's).

Measured: each engine's wall time per step (wolfe's step_seconds from steps.csv, measured
inside its step; Drake's around each Simulator.AdvanceTo of one step, the per-step Python
loop outside the timer), the spatula's pitch (its x axis above the horizontal, wolfe's
definition) at the end of each secure and each loose phase, the largest pitch difference,
and the contacts per step (wolfe's SAP contacts; Drake's contact-surface polygons, read
from the sampled contact results, which cost nothing extra).

Usage:
  nice -n 10 cargo build --release -p wolfe-cli && pip install drake
  python3 scripts/peers/soft_bubble_vs_drake.py [--wolfe target/release/wolfe]
      [--seconds 30] [--dt 0.005] [--drake sap,sap:1.5] [--out table.md]
      [--plot pitch.png] [--work /tmp/soft-bubble-vs-drake]
"""
import argparse
import csv
import datetime
import importlib.metadata
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# wolfe's default mesh resolution for the soft-bubble scene, used only when neither the
# flags nor the run's summary.md give one (the table says so).
WOLFE_DEFAULT_RESOLUTION = 4e-3
# The depth (m) at which Hunt-Crossley's d becomes Drake sap's relaxation time, tau = d
# depth: about the force-weighted mean p/g of Drake's contact surfaces in the secure grip
# at the default E and h (the table prints the run's own value to check it).
SAP_DEPTH = 2.5e-3


# ---------------------------------------------------------------------------------------
# The scene file
# ---------------------------------------------------------------------------------------


@dataclass
class Geom:
    """One MJCF geom, in its body's frame."""

    name: str
    kind: str  # "box", "ellipsoid" or "sphere"
    size: tuple  # half extents / radii (m)
    pos: np.ndarray
    quat: np.ndarray  # w, x, y, z
    mass: float
    friction: float


@dataclass
class Body:
    """One MJCF body under the world (the scene has no deeper nesting)."""

    name: str
    pos: np.ndarray
    quat: np.ndarray
    geoms: list
    joint: str = "none"  # "slide", "free" or "none" (welded)
    joint_name: str = ""
    axis: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, 1.0]))
    range: tuple = (-math.inf, math.inf)
    damping: float = 0.0


@dataclass
class Scene:
    """What the comparison needs from the scene file."""

    gravity: np.ndarray
    bodies: list
    force_range: dict  # joint name -> largest |force| of its actuator (N)
    gains: dict  # joint name -> (kp, kv) of its position actuator


def floats(text, n=None, what=""):
    values = [float(v) for v in text.split()]
    if n is not None and len(values) != n:
        sys.exit(f"scene file: {what} = '{text}' needs {n} numbers")
    return values


def unit_quat(q):
    q = np.asarray(q, dtype=float)
    return q / np.linalg.norm(q)


def quat_matrix(q):
    w, x, y, z = unit_quat(q)
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )


def frame_of(element, what):
    """pos and quat of an MJCF element (other orientation forms are refused)."""
    for attr in ("euler", "axisangle", "xyaxes", "zaxis"):
        if attr in element.attrib:
            sys.exit(f"scene file: {what} uses '{attr}'; this script reads pos and quat only")
    pos = np.array(floats(element.get("pos", "0 0 0"), 3, f"{what} pos"))
    quat = unit_quat(floats(element.get("quat", "1 0 0 0"), 4, f"{what} quat"))
    return pos, quat


def solid_volume(kind, size):
    if kind == "box":
        return 8.0 * size[0] * size[1] * size[2]
    if kind == "ellipsoid":
        return 4.0 / 3.0 * math.pi * size[0] * size[1] * size[2]
    return 4.0 / 3.0 * math.pi * size[0] ** 3


def read_geom(g, body):
    kind = g.get("type", "sphere")
    name = g.get("name", f"{body} {kind}")
    if kind not in ("box", "ellipsoid", "sphere"):
        sys.exit(f"scene file: geom '{name}' is a {kind}; this script builds boxes, ellipsoids, spheres")
    size = tuple(floats(g.get("size", ""), {"box": 3, "ellipsoid": 3, "sphere": 1}[kind], f"geom {name} size"))
    pos, quat = frame_of(g, f"geom {name}")
    if "mass" in g.attrib:
        mass = float(g.get("mass"))
    else:
        mass = float(g.get("density", "1000")) * solid_volume(kind, size)
    friction = floats(g.get("friction", "1"), None, f"geom {name} friction")[0]
    return Geom(name, kind, size, pos, quat, mass, friction)


def read_scene(path):
    """The bodies, joints, geoms, actuators and gravity of the soft-bubble scene file."""
    root = ET.parse(path).getroot()
    option = root.find("option")
    gravity = np.array(floats(option.get("gravity", "0 0 -9.81"), 3, "gravity") if option is not None else [0, 0, -9.81])
    world = root.find("worldbody")
    if world is None:
        sys.exit(f"{path}: no <worldbody>")
    bodies = []
    for b in world.findall("body"):
        name = b.get("name", f"body{len(bodies)}")
        if b.find("body") is not None:
            sys.exit(f"scene file: body '{name}' has child bodies; this script builds one level")
        pos, quat = frame_of(b, f"body {name}")
        body = Body(name, pos, quat, [read_geom(g, name) for g in b.findall("geom")])
        joints = b.findall("joint") + b.findall("freejoint")
        if len(joints) > 1:
            sys.exit(f"scene file: body '{name}' has {len(joints)} joints; this script builds one")
        if joints:
            j = joints[0]
            body.joint_name = j.get("name", name)
            kind = "free" if j.tag == "freejoint" or j.get("type") == "free" else j.get("type", "hinge")
            if kind not in ("slide", "free"):
                sys.exit(f"scene file: joint '{body.joint_name}' is a {kind} joint; this script builds slide and free")
            body.joint = kind
            if kind == "slide":
                axis = np.array(floats(j.get("axis", "0 0 1"), 3, "joint axis"))
                body.axis = axis / np.linalg.norm(axis)
                if "range" in j.attrib and j.get("limited", "auto") != "false":
                    body.range = tuple(floats(j.get("range"), 2, "joint range"))
                body.damping = float(j.get("damping", "0"))
                if float(j.get("armature", "0")) != 0.0 or float(j.get("ref", "0")) != 0.0:
                    sys.exit(f"scene file: joint '{body.joint_name}' has armature or ref; not built here")
        if not body.geoms:
            sys.exit(f"scene file: body '{name}' has no geoms")
        bodies.append(body)
    force_range, gains = {}, {}
    actuators = root.find("actuator")
    for a in list(actuators) if actuators is not None else []:
        joint = a.get("joint")
        if joint is None:
            continue
        limit = math.inf
        if "forcerange" in a.attrib and a.get("forcelimited", "auto") != "false":
            limit = max(abs(v) for v in floats(a.get("forcerange"), 2, "forcerange"))
        force_range[joint] = limit
        if a.tag == "position":
            gains[joint] = (float(a.get("kp", "1")), float(a.get("kv", "0")))
    return Scene(gravity, bodies, force_range, gains)


def composite_inertia(geoms):
    """Mass, centre of mass and central inertia (body frame) of solid geoms, as MuJoCo
    computes a body's inertia from its geoms."""
    total = sum(g.mass for g in geoms)
    com = sum(g.mass * g.pos for g in geoms) / total
    inertia = np.zeros((3, 3))
    for g in geoms:
        if g.kind == "box":
            a, b, c = g.size
            local = g.mass / 3.0 * np.diag([b * b + c * c, a * a + c * c, a * a + b * b])
        elif g.kind == "ellipsoid":
            a, b, c = g.size
            local = g.mass / 5.0 * np.diag([b * b + c * c, a * a + c * c, a * a + b * b])
        else:
            local = 0.4 * g.mass * g.size[0] ** 2 * np.eye(3)
        r = quat_matrix(g.quat)
        d = g.pos - com
        inertia += r @ local @ r.T + g.mass * (d @ d * np.eye(3) - np.outer(d, d))
    return total, com, inertia


# ---------------------------------------------------------------------------------------
# wolfe
# ---------------------------------------------------------------------------------------


def wolfe_flags(binary):
    """The options `wolfe sim soft-bubble` takes (from its --help, or its refusal text)."""
    try:
        p = subprocess.run([binary, "sim", "soft-bubble", "--help"], capture_output=True, text=True, timeout=60)
    except OSError as e:
        sys.exit(f"cannot run wolfe at {binary}: {e} (build it: nice -n 10 cargo build --release -p wolfe-cli)")
    return set(re.findall(r"--[a-z][a-z-]*", p.stdout + p.stderr))


def run_wolfe(args, folder, material_flags):
    cmd = [args.wolfe, "sim", "soft-bubble", "--out", folder, "--seconds", str(args.seconds), "--dt", str(args.dt)]
    for flag, value in material_flags.items():
        cmd += [flag, str(value)]
    print("running:", " ".join(cmd), file=sys.stderr)
    start = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"wolfe failed ({p.returncode}):\n{p.stdout}\n{p.stderr}")
    print(f"wolfe: {time.perf_counter() - start:.1f} s wall", file=sys.stderr)
    with open(os.path.join(folder, "steps.csv")) as f:
        rows = list(csv.DictReader(f))
    with open(os.path.join(folder, "summary.md")) as f:
        summary = f.read()
    return rows, summary


def material(summary, args):
    """E, d, h of the run: the flags given (passed to wolfe too), else wolfe's summary.md."""
    patterns = {
        "modulus": r"modulus\s*(?:E\s*=?\s*)?([0-9.eE+-]+)\s*Pa",
        "dissipation": r"dissipation\s*(?:d\s*=?\s*)?([0-9.eE+-]+)\s*s/m",
        "resolution": r"resolution\s*(?:h\s*=?\s*)?([0-9.eE+-]+)\s*(mm|m)\b",
    }
    values, sources = {}, {}
    for name, pattern in patterns.items():
        given = getattr(args, name)
        m = re.search(pattern, summary)
        if given is not None:
            values[name], sources[name] = given, "flag"
        elif m:
            scale = 1e-3 if name == "resolution" and m.group(2) == "mm" else 1.0
            values[name], sources[name] = float(m.group(1)) * scale, "wolfe's summary.md"
        elif name == "resolution":
            values[name], sources[name] = WOLFE_DEFAULT_RESOLUTION, "wolfe's default (not in summary.md)"
        else:
            sys.exit(f"wolfe's summary.md does not give the {name}; pass --{name}")
    return values, sources


def wolfe_material_flags(args, flags):
    chosen = {}
    for name in ("modulus", "dissipation", "resolution"):
        value = getattr(args, name)
        if value is None:
            continue
        if f"--{name}" not in flags:
            sys.exit(f"this wolfe has no --{name} for soft-bubble: rebuild it or leave --{name} out")
        chosen[f"--{name}"] = value
    # SAP's relative tolerance: Drake's default (its SapSolverParameters, 1e-6, which
    # pydrake does not let a plant change) for wolfe too, so that both stop alike.
    if "--tolerance" not in flags:
        sys.exit("this wolfe has no --tolerance for soft-bubble: rebuild it")
    chosen["--tolerance"] = args.tolerance
    return chosen


# ---------------------------------------------------------------------------------------
# Drake
# ---------------------------------------------------------------------------------------


def import_drake():
    try:
        import pydrake  # noqa: F401
    except ImportError:
        sys.exit(
            "soft_bubble_vs_drake.py needs Drake's Python package, which is not installed: "
            "pip install drake (it is not part of CI; see docs/measured.md)"
        )
    try:
        return importlib.metadata.version("drake")
    except importlib.metadata.PackageNotFoundError:
        return "unknown version (not a pip install)"


def build_drake(scene, mat, dt, approximation, resolution, relaxation_time):
    """The scene as a Drake diagram. Returns (diagram, plant, spatula body, finger actuators
    with their push direction)."""
    from pydrake.geometry import (
        AddCompliantHydroelasticProperties,
        AddContactMaterial,
        AddRigidHydroelasticProperties,
        Box,
        Ellipsoid,
        ProximityProperties,
        Sphere,
    )
    from pydrake.math import RigidTransform, RotationMatrix
    from pydrake.common.eigen_geometry import Quaternion
    from pydrake.multibody.plant import AddMultibodyPlant, CoulombFriction, MultibodyPlantConfig
    from pydrake.multibody.tree import FixedOffsetFrame, PrismaticJoint, RotationalInertia, SpatialInertia
    from pydrake.systems.framework import DiagramBuilder

    def transform(pos, quat):
        return RigidTransform(RotationMatrix(Quaternion(unit_quat(quat))), pos)

    builder = DiagramBuilder()
    config = MultibodyPlantConfig(
        time_step=dt,
        discrete_contact_approximation=approximation,
        contact_model="hydroelastic_with_fallback",
        contact_surface_representation="polygon",
        # Contact results sampled at each step (part of the step's own work), so reading
        # them between steps neither costs nor moves work out of the timed AdvanceTo: an
        # unsampled port would compute the next step's contact solve outside the timer.
        use_sampled_output_ports=True,
    )
    plant, _ = AddMultibodyPlant(config, builder)
    plant.mutable_gravity_field().set_gravity_vector(scene.gravity)

    free_bodies = [b for b in scene.bodies if b.joint == "free"]
    if len(free_bodies) != 1:
        sys.exit(f"scene file: expected one free body (the spatula), found {len(free_bodies)}")
    spatula_pos = free_bodies[0].pos

    drake_bodies, fingers = {}, []
    for b in scene.bodies:
        mass, com, inertia = composite_inertia(b.geoms)
        rot = RotationalInertia(
            inertia[0, 0], inertia[1, 1], inertia[2, 2], inertia[0, 1], inertia[0, 2], inertia[1, 2]
        )
        body = plant.AddRigidBody(b.name, SpatialInertia.MakeFromCentralInertia(mass, com, rot))
        drake_bodies[b.name] = body
        for g in b.geoms:
            props = ProximityProperties()
            compliant = b.joint == "slide" and g.kind in ("ellipsoid", "sphere")
            AddContactMaterial(
                dissipation=mat["dissipation"] if compliant else None,
                friction=CoulombFriction(g.friction, g.friction),
                properties=props,
            )
            if compliant:
                AddCompliantHydroelasticProperties(resolution, mat["modulus"], props)
                props.AddProperty("material", "relaxation_time", relaxation_time)
            else:
                # The spatula's boxes: rigid (a box is meshed exactly; the hint is unused).
                AddRigidHydroelasticProperties(resolution, props)
                props.AddProperty("material", "relaxation_time", 0.0)
            shape = {
                "box": lambda s: Box(2 * s[0], 2 * s[1], 2 * s[2]),
                "ellipsoid": lambda s: Ellipsoid(s[0], s[1], s[2]),
                "sphere": lambda s: Sphere(s[0]),
            }[g.kind](g.size)
            plant.RegisterCollisionGeometry(body, transform(g.pos, g.quat), shape, g.name, props)
        x_wb = transform(b.pos, b.quat)
        if b.joint == "none":
            plant.WeldFrames(plant.world_frame(), body.body_frame(), x_wb)
        elif b.joint == "free":
            plant.SetDefaultFloatingBaseBodyPose(body, x_wb)
        else:
            rail = plant.AddFrame(FixedOffsetFrame(f"{b.name}_rail", plant.world_frame(), x_wb))
            joint = plant.AddJoint(
                PrismaticJoint(b.joint_name, rail, body.body_frame(), b.axis, b.range[0], b.range[1], b.damping)
            )
            limit = scene.force_range.get(b.joint_name)
            if limit is None:
                continue
            actuator = plant.AddJointActuator(f"{b.joint_name}_grip", joint, limit)
            # Push toward the spatula: the sign of the joint axis (world) along the line
            # from the finger to the spatula.
            axis_w = quat_matrix(b.quat) @ b.axis
            direction = 1.0 if axis_w @ (spatula_pos - b.pos) > 0 else -1.0
            # wolfe's PD target: past the handle, at the closing end of the range.
            target = b.range[1] if direction > 0 else b.range[0]
            kp, kv = scene.gains.get(b.joint_name, (0.0, 0.0))
            fingers.append((actuator, direction, joint, target, kp, kv))
    if not fingers:
        sys.exit("scene file: no actuated slide joint (the fingers)")
    plant.Finalize()
    diagram = builder.Build()
    return diagram, plant, drake_bodies[free_bodies[0].name], fingers


def pitch_of_quat(q):
    """The angle of a frame's x axis above the horizontal (q = w, x, y, z)."""
    w, x, y, z = q / np.linalg.norm(q)
    rx, ry, rz = 1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)
    return math.atan2(rz, math.hypot(rx, ry))


def mean_depth(contact_results):
    """Force-weighted mean of p/g (the depth -phi0 that SAP linearizes about) over the
    hydroelastic contact polygons, m; None without contact."""
    num, den = 0.0, 0.0
    for i in range(contact_results.num_hydroelastic_contacts()):
        s = contact_results.hydroelastic_contact_info(i).contact_surface()
        mesh, field = s.poly_mesh_W(), s.poly_e_MN()
        for f in range(s.num_faces()):
            c = mesh.element_centroid(f)
            p = field.EvaluateCartesian(f, c)
            grad = s.EvaluateGradE_M_W(f) if s.HasGradE_M() else s.EvaluateGradE_N_W(f)
            g = abs(np.dot(grad, mesh.face_normal(f)))
            if p > 0 and g > 0:
                force = mesh.area(f) * p
                num += force * p / g
                den += force
    return num / den if den > 0 else None


def run_drake(scene, mat, dt, forces, approximation, resolution, relaxation_time, depth_times):
    """Steps the Drake scene once per wolfe step with wolfe's grip force of that step.
    Returns per-step rows (time, pitch, faces, seconds) and the mean depths sampled at
    depth_times."""
    from pydrake.systems.analysis import Simulator

    diagram, plant, spatula, fingers = build_drake(scene, mat, dt, approximation, resolution, relaxation_time)
    simulator = Simulator(diagram)
    context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    actuation = plant.get_actuation_input_port()
    contact_port = plant.get_contact_results_output_port()
    start = spatula.floating_positions_start()
    simulator.Initialize()
    u = np.zeros(plant.num_actuators())
    applied = None
    rows, depths, unsaturated = [], {}, 0
    pending = sorted(depth_times)
    for k, force in enumerate(forces):
        if force != applied:
            for actuator, direction, *_ in fingers:
                u[actuator.input_start()] = direction * force
            actuation.FixValue(plant_context, u)
            applied = force
        t0 = time.perf_counter()
        # Half a step past the update at k dt: exactly one discrete update per call,
        # whatever the rounding of k dt.
        simulator.AdvanceTo((k + 0.5) * dt)
        seconds = time.perf_counter() - t0
        q = plant.GetPositions(plant_context)
        results = contact_port.Eval(plant_context)  # sampled: a copy, no computation
        faces = sum(
            results.hydroelastic_contact_info(i).contact_surface().num_faces()
            for i in range(results.num_hydroelastic_contacts())
        )
        faces += results.num_point_pair_contacts()
        t = (k + 1) * dt
        rows.append((t, pitch_of_quat(q[start : start + 4]), faces, seconds))
        # Would wolfe's PD (the scene's kp, kv; its target) have been saturated here?
        for _, direction, joint, target, kp, kv in fingers:
            pd = kp * (target - joint.get_translation(plant_context)) - kv * joint.get_translation_rate(plant_context)
            if direction * pd < force:
                unsaturated += 1
                break
        while pending and pending[0] <= t + 1e-9:
            depths[pending.pop(0)] = mean_depth(results)
    return rows, depths, unsaturated


# ---------------------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------------------


def phases(forces, dt):
    """(start, end, "secure"/"loose", period) of each constant-force phase (times in s)."""
    out, strong, period, begin = [], max(forces), 0, 0.0
    for k in range(len(forces)):
        if k + 1 == len(forces) or forces[k + 1] != forces[k]:
            kind = "secure" if forces[k] == strong else "loose"
            out.append((begin, (k + 1) * dt, kind, period))
            begin = (k + 1) * dt
            if kind == "loose":
                period += 1
    return out


def at_time(rows, t):
    """The row (time first) nearest to time t."""
    return min(rows, key=lambda r: abs(r[0] - t))


def settled_contacts(rows, spans, kind):
    """Mean contacts per step over the second half of every phase of that kind."""
    values = [r[2] for a, b, k, _ in spans if k == kind for r in rows if (a + b) / 2 < r[0] <= b + 1e-9]
    return f"{statistics.fmean(values):.0f}" if values else "no such phase"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip() + ", "
    except OSError:
        pass
    return ""


def machine_line(drake_version):
    """The table's header: machine (uname -m, nproc), load, date, wolfe commit, Drake."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return (
        f"machine: {platform.machine()}, {cpu_model()}{len(os.sched_getaffinity(0))} cores, load average at start "
        f"{os.getloadavg()[0]:.1f}; date {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
        f"wolfe commit {commit.stdout.strip() or 'unknown'}; drake {drake_version}"
    )


def table(args, header, mat, sources, summary, wolfe_rows, drake_runs, spans):
    """The comparison as markdown lines. drake_runs: dicts of label, approximation, tau,
    depth and rows (time, pitch, contacts, step seconds)."""
    wolfe = [
        (float(r["time"]), float(r["pitch"]), int(r["contacts"]), float(r["step_seconds"])) for r in wolfe_rows
    ]
    newton = [int(r["newton_iterations"]) for r in wolfe_rows]
    m = re.search(r"([0-9]+) tetrahedra", summary)
    tetrahedra = m.group(1) if m else None
    lines = [
        header,
        "",
        f"soft bubble, dt {args.dt * 1e3:g} ms, {len(wolfe)} steps ({args.seconds:g} s), "
        f"wolfe's SAP relative tolerance {args.tolerance:g} (Drake's default 1e-6); "
        + ", ".join(f"{k} {v:g} ({sources[k]})" for k, v in mat.items())
        + (f"; wolfe's bubbles: {tetrahedra} tetrahedra each" if tetrahedra else ""),
        "",
        "| | wolfe | " + " | ".join(run["label"] for run in drake_runs) + " |",
        "|---" * (2 + len(drake_runs)) + "|",
    ]

    def row(label, wolfe_value, drake_value):
        lines.append(f"| {label} | {wolfe_value} | " + " | ".join(drake_value(run["rows"]) for run in drake_runs) + " |")

    for label, stat in (("mean", statistics.fmean), ("median", statistics.median)):
        w = stat([r[3] for r in wolfe])
        row(
            f"{label} step (ms); wolfe / Drake",
            f"{1e3 * w:.3f}",
            lambda d: f"{1e3 * stat([r[3] for r in d]):.3f}; {w / stat([r[3] for r in d]):.2f}",
        )
    row("all steps (s)", f"{sum(r[3] for r in wolfe):.1f}", lambda d: f"{sum(r[3] for r in d):.1f}")
    lines.append(
        f"| Newton iterations per step, mean / max | {statistics.fmean(newton):.2f} / {max(newton)} | "
        + " | ".join("not exposed" for _ in drake_runs)
        + " |"
    )
    for kind in ("secure", "loose"):
        row(
            f"contacts per step, {kind} grip (second half of each)",
            settled_contacts(wolfe, spans, kind),
            lambda d: settled_contacts(d, spans, kind),
        )
    for _, end, kind, period in spans:
        row(
            f"pitch (deg) at {end:g} s, end of {kind} grip {period + 1}",
            f"{math.degrees(at_time(wolfe, end)[1]):.2f}",
            lambda d: f"{math.degrees(at_time(d, end)[1]):.2f}",
        )
    row(
        "max abs pitch difference from wolfe (deg)",
        "",
        lambda d: f"{max(abs(math.degrees(a[1] - b[1])) for a, b in zip(wolfe, d)):.2f}",
    )
    lines.append(
        "| Drake: relaxation time (s); force-weighted mean depth p/g at the secure grips' ends (mm) | | "
        + " | ".join(
            (f"{run['tau']:g}" if run["approximation"] == "sap" else "unused (Hunt-Crossley d)")
            + (f"; {1e3 * run['depth']:.2f}" if run["depth"] is not None else "")
            for run in drake_runs
        )
        + " |"
    )
    lines.append(
        "| Drake: steps where the scene's PD (kp, kv; target at the range's closing end) would not be "
        "saturated at the grip force | | " + " | ".join(str(run["unsaturated"]) for run in drake_runs) + " |"
    )
    return lines


def plot(path, wolfe_rows, drake_runs, forces):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (pip install matplotlib)", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(9, 4.5))
    t = [float(r["time"]) for r in wolfe_rows]
    ax.plot(t, [math.degrees(float(r["pitch"])) for r in wolfe_rows], label="wolfe")
    for run in drake_runs:
        rows = run["rows"]
        ax.plot([r[0] for r in rows], [math.degrees(r[1]) for r in rows], "--", label=run["label"])
    ax.set_xlabel("time (s)")
    ax.set_ylabel("spatula pitch (deg)")
    ax2 = ax.twinx()
    ax2.step(t, forces, where="pre", color="grey", alpha=0.4, linewidth=1)
    ax2.set_ylabel("grip force (N)", color="grey")
    ax.legend(loc="center right")
    ax.set_title("soft-bubble gripper: spatula pitch, wolfe and Drake")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"plot: {path}", file=sys.stderr)


def drake_specs(text):
    """The --drake list: (approximation, hint factor) pairs."""
    specs = []
    for item in (i.strip() for i in text.split(",")):
        if not item:
            continue
        name, _, factor = item.partition(":")
        if name not in ("sap", "similar", "lagged"):
            sys.exit(f"--drake: '{name}' is not one of sap, similar, lagged")
        try:
            value = float(factor) if factor else 1.0
        except ValueError:
            value = -1.0
        if not (value > 0 and math.isfinite(value)):
            sys.exit(f"--drake: '{item}': the hint factor must be a positive number")
        specs.append((name, value))
    if not specs:
        sys.exit("--drake: no runs")
    return specs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wolfe", default=os.path.join(ROOT, "target", "release", "wolfe"), help="the wolfe binary")
    ap.add_argument("--scene", default=os.path.join(ROOT, "data", "scenes", "soft_bubble.xml"),
                    help="the scene file wolfe was built with (it embeds it)")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--dt", type=float, default=5e-3)
    ap.add_argument("--modulus", type=float, help="E (Pa), passed to wolfe too (default: wolfe's)")
    ap.add_argument("--dissipation", type=float, help="Hunt-Crossley d (s/m), passed to wolfe too")
    ap.add_argument("--resolution", type=float, help="mesh resolution h (m), passed to wolfe too")
    ap.add_argument("--tolerance", type=float, default=1e-6,
                    help="SAP's relative tolerance for wolfe (default 1e-6, Drake's default)")
    ap.add_argument("--drake", default="sap,sap:1.5",
                    help="the Drake runs, comma-separated APPROXIMATION[:FACTOR] (sap, similar or lagged; "
                         "the resolution hint is FACTOR times h, default 1)")
    ap.add_argument("--relaxation-time", type=float,
                    help="the bubbles' relaxation time for Drake's sap approximation, s "
                         "(default: d times 2.5 mm)")
    ap.add_argument("--work", default="/tmp/soft-bubble-vs-drake", help="wolfe's run folder")
    ap.add_argument("--out", help="also write the table to this markdown file")
    ap.add_argument("--plot", help="pitch against time of both, PNG")
    args = ap.parse_args()
    if not (args.dt > 0 and args.seconds > 0):
        sys.exit("--dt and --seconds must be positive")
    specs = drake_specs(args.drake)

    drake_version = import_drake()
    header = machine_line(drake_version)
    scene = read_scene(args.scene)
    flags = wolfe_flags(args.wolfe)
    wolfe_rows, summary = run_wolfe(args, args.work, wolfe_material_flags(args, flags))
    mat, sources = material(summary, args)
    forces = [float(r["grip_force"]) for r in wolfe_rows]
    for joint, limit in scene.force_range.items():
        if max(forces) > limit + 1e-12:
            print(f"warning: wolfe's grip force {max(forces)} N exceeds {joint}'s force range {limit} N",
                  file=sys.stderr)
    spans = phases(forces, args.dt)
    secure_ends = [end for _, end, kind, _ in spans if kind == "secure"]
    tau = args.relaxation_time if args.relaxation_time is not None else mat["dissipation"] * SAP_DEPTH
    drake_runs = []
    for approximation, factor in specs:
        hint = factor * mat["resolution"]
        label = f"Drake {approximation}" + (f", hint {factor:g}h = {1e3 * hint:g} mm" if factor != 1 else "")
        start = time.perf_counter()
        rows, depths, unsaturated = run_drake(scene, mat, args.dt, forces, approximation, hint, tau, secure_ends)
        print(f"{label}: {time.perf_counter() - start:.1f} s wall", file=sys.stderr)
        found = [v for v in depths.values() if v is not None]
        drake_runs.append(
            dict(label=label, approximation=approximation, rows=rows, tau=tau, unsaturated=unsaturated,
                 depth=statistics.fmean(found) if found else None)
        )
    lines = table(args, header, mat, sources, summary, wolfe_rows, drake_runs, spans)
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    if args.plot:
        plot(args.plot, wolfe_rows, drake_runs, forces)


if __name__ == "__main__":
    main()
