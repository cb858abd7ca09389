//! The simulator from Python: a `World` of rigid bodies, URDF robots (articulated
//! trees with PD controllers and joint limits, [`crate::tree`]) and static geometry
//! built from wolfe shapes, a `Simulation` stepping it (wolfe_sim's SAP time stepper)
//! without the GIL, state and contacts as numpy arrays, and the same output folder as
//! `wolfe sim` ([`crate::record`]).

use std::path::PathBuf;

use pyo3::prelude::*;
use wolfe::{HalfSpace, Pose, Vec3};
use wolfe_sim::{Joint, RigidBody, Scheme, SimSettings, StaticGeometry, StepStats};

use crate::convert::{mat3, np_rows, np_vec, set_contact_geometry, vec3, NonNegative};
use crate::error::{geometry, sim, value};
use crate::geometry::shape_of;
use crate::hydroelastic::{collider_arg, hydroelastic_model};
use crate::record::{status_name, Recorder};
use crate::transform::pose_arg;
use crate::tree::{add_tree, check_tree, load_robot, per_joint, tree_mut, UrdfTree};

/// Contact parameters (SAP paper Eq. 2): stiffness (N/m, `inf` for rigid),
/// dissipation time scale (s), friction coefficient. Checked when built and when a
/// field is set (`ValueError`), with the simulator's ranges.
#[pyclass(module = "wolfe", get_all)]
#[derive(Clone, Copy)]
pub struct Material {
    /// Stiffness k, N/m (`float('inf')`: rigid).
    pub stiffness: f64,
    /// Dissipation time scale tau_d, s.
    pub dissipation_time_scale: f64,
    /// Friction coefficient mu.
    pub friction: f64,
}

/// `ValueError` naming the first field outside the simulator's ranges: stiffness
/// positive (infinite for rigid), dissipation time scale and friction finite and >= 0.
fn check_material(stiffness: f64, dissipation_time_scale: f64, friction: f64) -> PyResult<()> {
    if stiffness.is_nan() || stiffness <= 0.0 {
        return Err(value(format!(
            "Material: stiffness = {stiffness} must be positive (infinite for rigid)"
        )));
    }
    if !(dissipation_time_scale.is_finite() && dissipation_time_scale >= 0.0) {
        return Err(value(format!(
            "Material: dissipation_time_scale = {dissipation_time_scale} must be finite and >= 0"
        )));
    }
    if !(friction.is_finite() && friction >= 0.0) {
        return Err(value(format!(
            "Material: friction = {friction} must be finite and >= 0"
        )));
    }
    Ok(())
}

#[pymethods]
impl Material {
    #[new]
    #[pyo3(signature = (stiffness = f64::INFINITY, dissipation_time_scale = 0.0, friction = 1.0))]
    fn new(stiffness: f64, dissipation_time_scale: f64, friction: f64) -> PyResult<Self> {
        check_material(stiffness, dissipation_time_scale, friction)?;
        Ok(Self {
            stiffness,
            dissipation_time_scale,
            friction,
        })
    }

    #[setter]
    fn set_stiffness(&mut self, v: f64) -> PyResult<()> {
        check_material(v, self.dissipation_time_scale, self.friction)?;
        self.stiffness = v;
        Ok(())
    }

    #[setter]
    fn set_dissipation_time_scale(&mut self, v: f64) -> PyResult<()> {
        check_material(self.stiffness, v, self.friction)?;
        self.dissipation_time_scale = v;
        Ok(())
    }

    #[setter]
    fn set_friction(&mut self, v: f64) -> PyResult<()> {
        check_material(self.stiffness, self.dissipation_time_scale, v)?;
        self.friction = v;
        Ok(())
    }

    fn __repr__(&self) -> String {
        format!(
            "Material(stiffness={}, dissipation_time_scale={}, friction={})",
            self.stiffness, self.dissipation_time_scale, self.friction
        )
    }
}

fn material(m: Option<PyRef<'_, Material>>) -> wolfe_sim::Material {
    m.map_or_else(wolfe_sim::Material::default, |m| wolfe_sim::Material {
        stiffness: m.stiffness,
        dissipation_time_scale: m.dissipation_time_scale,
        friction: m.friction,
    })
}

/// Rigid bodies, URDF robots (articulated trees), static geometry and gravity, to be
/// simulated by `Simulation`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Default)]
pub struct World {
    world: wolfe_sim::World,
}

impl World {
    /// The simulator's world.
    pub(crate) fn inner(&self) -> &wolfe_sim::World {
        &self.world
    }
}

#[pymethods]
impl World {
    #[new]
    #[pyo3(signature = (gravity = None))]
    fn new(gravity: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let g = match gravity {
            Some(g) => vec3(g, "gravity")?,
            None => Vec3::new(0.0, 0.0, -9.81),
        };
        if g.iter().any(|v| !v.is_finite()) {
            return Err(value("gravity has a NaN or infinite component"));
        }
        Ok(Self {
            world: wolfe_sim::World::new(g),
        })
    }

    /// Adds a rigid body and returns its index. `pose` places the shape's frame in the
    /// world. Inertia from `density` (kg/m^3, default 1000) unless `mass` and `inertia`
    /// (3x3 about the shape's origin, which is then the centre of mass) are given.
    /// `planar=True` restricts it to the plane y = const (x, z, rotation about y).
    #[pyo3(signature = (shape, pose = None, density = 1000.0, mass = None, inertia = None, velocity = None, angular_velocity = None, material = None, name = None, planar = false))]
    fn add_body(
        &mut self, shape: &Bound<'_, PyAny>, pose: Option<&Bound<'_, PyAny>>, density: f64,
        mass: Option<f64>, inertia: Option<&Bound<'_, PyAny>>, velocity: Option<&Bound<'_, PyAny>>,
        angular_velocity: Option<&Bound<'_, PyAny>>, material: Option<PyRef<'_, Material>>,
        name: Option<String>, planar: bool,
    ) -> PyResult<usize> {
        let shape = shape_of(shape)?;
        let pose = match pose {
            Some(p) => pose_arg(p)?,
            None => Pose::identity(),
        };
        let name = name.unwrap_or_else(|| format!("body{}", self.world.bodies().len()));
        let mut body = match (mass, inertia) {
            (Some(m), Some(i)) => RigidBody::new(name, shape, m, mat3(i, "inertia")?, pose),
            (None, None) => RigidBody::from_density(name, shape, density, pose).map_err(sim)?,
            _ => {
                return Err(value(
                    "give both mass and inertia, or neither (then density is used)",
                ))
            }
        };
        let v = velocity
            .map(|v| vec3(v, "velocity"))
            .transpose()?
            .unwrap_or_else(Vec3::zeros);
        let w = angular_velocity
            .map(|v| vec3(v, "angular_velocity"))
            .transpose()?
            .unwrap_or_else(Vec3::zeros);
        body = body.with_velocity(v, w).with_material(self::material(material));
        if planar {
            body = body.with_joint(Joint::Planar);
        }
        self.world.add_body(body).map_err(sim)
    }

    /// Adds the ground `z <= 0`; returns its static index.
    #[pyo3(signature = (material = None))]
    fn add_ground(&mut self, material: Option<PyRef<'_, Material>>) -> PyResult<usize> {
        self.world.add_ground(self::material(material)).map_err(sim)
    }

    /// Adds the half-space `{x : normal . x <= offset}`; returns its static index.
    #[pyo3(signature = (normal, offset, material = None))]
    fn add_halfspace(
        &mut self, normal: &Bound<'_, PyAny>, offset: f64, material: Option<PyRef<'_, Material>>,
    ) -> PyResult<usize> {
        let h = HalfSpace::new(vec3(normal, "normal")?, offset).map_err(geometry)?;
        self.world
            .add_static(StaticGeometry::HalfSpace(h, self::material(material)))
            .map_err(sim)
    }

    /// Adds a fixed shape at `pose`; returns its static index.
    #[pyo3(signature = (shape, pose = None, material = None))]
    fn add_static(
        &mut self, shape: &Bound<'_, PyAny>, pose: Option<&Bound<'_, PyAny>>,
        material: Option<PyRef<'_, Material>>,
    ) -> PyResult<usize> {
        let shape = shape_of(shape)?;
        let pose = match pose {
            Some(p) => pose_arg(p)?,
            None => Pose::identity(),
        };
        self.world
            .add_static(StaticGeometry::Shape(shape, pose, self::material(material)))
            .map_err(sim)
    }

    /// Makes a collider hydroelastic (SAP paper Section VI-D): exactly one of `body`,
    /// `link` or `static` (an index). With `modulus` (Pa) it becomes compliant, its
    /// shape meshed at `resolution` (m) with Hunt-Crossley `dissipation` (s/m, default
    /// 0); without, rigid (a convex shape's surface meshed at `resolution`, a triangle
    /// mesh as it is). A compliant collider touching a compliant or rigid one or a
    /// half-space makes patch contact, one SAP contact per polygon. `ValueError` for an
    /// index that does not exist, a half-space (always rigid), a modulus or resolution
    /// not finite and positive, a negative dissipation.
    #[pyo3(signature = (*, body = None, link = None, r#static = None, modulus = None, resolution = None, dissipation = None))]
    fn set_hydroelastic(
        &mut self, py: Python<'_>, body: Option<NonNegative<usize>>, link: Option<NonNegative<usize>>,
        r#static: Option<NonNegative<usize>>, modulus: Option<f64>, resolution: Option<f64>,
        dissipation: Option<f64>,
    ) -> PyResult<()> {
        let collider = collider_arg(body, link, r#static)?;
        let world = &self.world;
        let model =
            py.allow_threads(|| hydroelastic_model(world, collider, modulus, resolution, dissipation))?;
        self.world.set_hydroelastic(collider, model).map_err(sim)
    }

    /// Loads the URDF robot at `path` with its root link welded to the world at
    /// `base_pose` (a `Transform3s`, 7-vector `(x, y, z, qw, qx, qy, qz)` or 4x4 matrix;
    /// default the origin) and returns its tree index. Collision meshes become convex
    /// hulls with `material`. `q`: the initial joint positions (one per movable joint,
    /// URDF file order, or one for all; default `q_target` when given, else zero clamped
    /// into the limits); the robot starts at rest. With `kp`, every one-dof joint gets a
    /// PD controller (see `set_pd`). `joint_limits`: the URDF's position limits as
    /// constraints; `self_collision`: its links collide with each other (parent and child
    /// never do). A call that fails leaves the world as it was.
    #[pyo3(signature = (path, base_pose = None, q = None, kp = None, kd = None, q_target = None, gravity_compensation = true, material = None, joint_limits = true, self_collision = false))]
    fn add_urdf(
        &mut self, py: Python<'_>, path: PathBuf, base_pose: Option<&Bound<'_, PyAny>>,
        q: Option<&Bound<'_, PyAny>>, kp: Option<&Bound<'_, PyAny>>, kd: Option<&Bound<'_, PyAny>>,
        q_target: Option<&Bound<'_, PyAny>>, gravity_compensation: bool,
        material: Option<PyRef<'_, Material>>, joint_limits: bool, self_collision: bool,
    ) -> PyResult<usize> {
        let base = base_pose.map(pose_arg).transpose()?;
        let robot = load_robot(py, &path, base)?;
        let n = robot.file_order.len();
        let per = |x: Option<&Bound<'_, PyAny>>, what| x.map(|x| per_joint(x, n, what)).transpose();
        let options = UrdfTree {
            q: per(q, "q")?,
            kp: per(kp, "kp")?,
            kd: per(kd, "kd")?,
            q_target: per(q_target, "q_target")?,
            gravity_compensation,
            material: self::material(material),
            joint_limits,
            self_collision,
        };
        // Built on a copy: a call that fails leaves the world as it was.
        let mut next = self.world.clone();
        let tree = add_tree(&mut next, &robot, &options)?;
        self.world = next;
        Ok(tree)
    }

    /// Loads the MJCF scene at `path` as a whole world part (wolfe-sim's
    /// `World::add_mjcf`): each `<freejoint>` body a floating tree, the other moving
    /// bodies one tree (self-collision on, as MuJoCo), planes as half-spaces, other
    /// world geoms as static shapes, `contype`/`conaffinity` as collision groups, each
    /// geom's sliding friction on `material`, `<exclude>` pairs, actuators as PD
    /// controllers (`ctrl` from the first keyframe, else the default pose), `<equality
    /// joint>` as couplers; the first keyframe's `qpos` (else the default pose) as the
    /// initial state. Sets the world's gravity to the file's. Returns the tree indices
    /// added and the notes on what the file holds that is not modelled. A call that
    /// fails leaves the world as it was.
    #[pyo3(signature = (path, material = None, gravity_compensation = false))]
    fn add_mjcf(
        &mut self, py: Python<'_>, path: PathBuf, material: Option<PyRef<'_, Material>>,
        gravity_compensation: bool,
    ) -> PyResult<(Vec<usize>, Vec<String>)> {
        let mjcf = py
            .allow_threads(|| wolfe_multibody::load_mjcf(&path, wolfe_multibody::MjcfOptions::default()))
            .map_err(|e| match e {
                wolfe_multibody::MjcfError::Io { .. } => {
                    pyo3::exceptions::PyOSError::new_err(format!("MJCF: {e}"))
                }
                _ => value(format!("MJCF: {e}")),
            })?;
        let options = wolfe_sim::MjcfWorldOptions {
            material: self::material(material),
            gravity_compensation,
        };
        // Built on a copy: a call that fails leaves the world as it was.
        let mut next = self.world.clone();
        let scene = next.add_mjcf(&mjcf, options).map_err(sim)?;
        self.world = next;
        let notes = mjcf.notes.into_iter().chain(scene.notes).collect();
        Ok((scene.trees, notes))
    }

    /// PD controllers on the one-dof joints of robot `tree` (SAP paper Section VII):
    /// `u = clamp(-kp (q - q_target) - kd v + u_ff, -e, e)`, implicit in the next
    /// velocity. `kp`, `kd`, `q_target`: one value per movable joint (URDF file order)
    /// or one for all. Defaults: `q_target` the initial positions; `kd = 2 sqrt(kp M_ii)`
    /// at `q_target` (critical damping of each joint alone); `u_ff = g(q_target)` when
    /// `gravity_compensation` (else 0); `e` the URDF's effort limit (none where it is 0).
    #[pyo3(signature = (tree, kp, q_target = None, kd = None, gravity_compensation = true))]
    fn set_pd(
        &mut self, tree: NonNegative<usize>, kp: &Bound<'_, PyAny>, q_target: Option<&Bound<'_, PyAny>>,
        kd: Option<&Bound<'_, PyAny>>, gravity_compensation: bool,
    ) -> PyResult<()> {
        let tree = tree.0;
        let gravity = self.world.gravity;
        let t = tree_mut(&mut self.world, tree)?;
        let n = t.joints.len();
        let kp = per_joint(kp, n, "kp")?;
        let kd = kd.map(|k| per_joint(k, n, "kd")).transpose()?;
        let target = match q_target {
            Some(x) => per_joint(x, n, "q_target")?,
            None => t.joints.iter().map(|j| t.q0[j.1]).collect(),
        };
        t.model.gravity = gravity;
        t.controllers = t
            .hold_gains(&target, &kp, kd.as_deref(), gravity_compensation)
            .map_err(sim)?;
        Ok(())
    }

    /// The movable joints' names of robot `tree` in URDF file order.
    fn joint_names(&self, tree: NonNegative<usize>) -> PyResult<Vec<String>> {
        let tree = tree.0;
        check_tree(tree, self.world.trees().len())?;
        Ok(self.world.trees()[tree]
            .joints
            .iter()
            .map(|j| j.0.clone())
            .collect())
    }

    /// Number of bodies.
    #[getter]
    fn num_bodies(&self) -> usize {
        self.world.bodies().len()
    }

    /// Number of articulated trees (URDF robots).
    #[getter]
    fn num_trees(&self) -> usize {
        self.world.trees().len()
    }

    /// Number of link geometries (the robots' collision shapes on moving links; a
    /// link welded to the world is static geometry).
    #[getter]
    fn num_links(&self) -> usize {
        self.world.links().len()
    }

    /// Number of static geometries.
    #[getter]
    fn num_statics(&self) -> usize {
        self.world.statics().len()
    }
}

/// Statistics of one step: the columns of `wolfe sim`'s `steps.csv`, same names.
#[pyclass(module = "wolfe", get_all, frozen)]
pub struct StepInfo {
    /// Step index (1 for the first).
    pub step: u64,
    /// Time at the end of the step, s.
    pub time: f64,
    /// Contact points in the SAP problem.
    pub contacts: usize,
    /// Object pairs in contact (signed distance <= 0) at the start of the step: the
    /// SAP paper's Fig. 11 count.
    pub touching_pairs: usize,
    /// SAP Newton iterations (the deepest island's when SAP solved islands one at a
    /// time).
    pub newton_iterations: u32,
    /// Wall time of the whole step (detection, free motion, SAP, positions), s.
    pub step_seconds: f64,
    /// Kinetic energy at the end of the step, J.
    pub kinetic_energy: f64,
    /// Potential energy (gravity, springs) at the end of the step, J.
    pub potential_energy: f64,
    /// Deepest penetration at the start of the step, m.
    pub max_penetration: f64,
    /// SAP line-search iterations.
    pub line_search_iterations: u32,
    /// SAP's momentum error (Eq. 32), 0 without contacts.
    pub momentum_error: f64,
    /// SAP's status: `"converged"`, `"iterationlimit"`, `"stalled"`, or `"none"` when
    /// no contact was solved.
    pub sap_status: String,
    /// Of `step_seconds`, contact detection (broad and narrow phase), s.
    pub detection_seconds: f64,
    /// Of `step_seconds`, the SAP solve (assembly included), s.
    pub solve_seconds: f64,
    /// SAP Newton iterations summed over the islands it solved one at a time
    /// (`newton_iterations` is the deepest island's count).
    pub total_newton_iterations: u32,
    /// Islands (connected components of the contact graph) SAP solved separately.
    pub sap_islands: u32,
}

#[pymethods]
impl StepInfo {
    fn __repr__(&self) -> String {
        format!(
            "StepInfo(step={}, time={}, contacts={}, newton_iterations={}, sap_status={:?})",
            self.step, self.time, self.contacts, self.newton_iterations, self.sap_status
        )
    }
}

impl From<&StepStats> for StepInfo {
    fn from(s: &StepStats) -> Self {
        Self {
            step: s.step,
            time: s.time,
            contacts: s.contacts,
            touching_pairs: s.touching_pairs,
            newton_iterations: s.newton_iterations,
            step_seconds: s.step_seconds,
            kinetic_energy: s.kinetic_energy,
            potential_energy: s.potential_energy,
            max_penetration: s.max_penetration,
            line_search_iterations: s.line_search_iterations,
            momentum_error: s.momentum_error,
            sap_status: status_name(s),
            detection_seconds: s.detection_seconds,
            solve_seconds: s.solve_seconds,
            total_newton_iterations: s.total_newton_iterations,
            sap_islands: s.sap_islands,
        }
    }
}

/// A world being simulated (SAP paper Algorithm 1 per step).
#[pyclass(module = "wolfe")]
pub struct Simulation {
    sim: wolfe_sim::Simulation,
    recorder: Option<Recorder>,
}

/// A one-dimensional numpy array of floats.
type Array1<'py> = Bound<'py, numpy::PyArray1<f64>>;

/// Which per-joint value [`Simulation::joint_values`] reads.
#[derive(Clone, Copy)]
enum JointValue {
    /// The joint's position (rad or m).
    Position,
    /// The joint's velocity (rad/s or m/s).
    Velocity,
}

impl Simulation {
    /// Robot `tree`'s joints' positions or velocities now (URDF file order), shape (J,).
    fn joint_values<'py>(
        &self, py: Python<'py>, tree: NonNegative<usize>, which: JointValue,
    ) -> PyResult<Array1<'py>> {
        let tree = tree.0;
        check_tree(tree, self.sim.world().trees().len())?;
        let joints = &self.sim.world().trees()[tree].joints;
        let values = match which {
            JointValue::Position => {
                let q = self.sim.tree_configuration(tree);
                joints.iter().map(|j| q[j.1]).collect()
            }
            JointValue::Velocity => {
                let v = self.sim.tree_velocities(tree);
                joints.iter().map(|j| v[j.2]).collect()
            }
        };
        Ok(np_vec(py, values))
    }
}

/// The scheme of its name, `ValueError` listing the names otherwise.
pub(crate) fn scheme_arg(name: &str) -> PyResult<Scheme> {
    Scheme::from_name(name).ok_or_else(|| {
        value(format!(
            "unknown scheme {name:?}: explicit-euler, symplectic-euler, implicit-euler or midpoint"
        ))
    })
}

#[pymethods]
impl Simulation {
    /// A simulation of (a copy of) `world`. `scheme`: `explicit-euler`,
    /// `symplectic-euler` (default), `implicit-euler` or `midpoint` (a world with a
    /// robot: `symplectic-euler` or `midpoint`); `margin`: contacts are detected up to
    /// this signed distance (m); `relative_tolerance`: SAP's eps_r (Eq. 26; default
    /// 1e-6); `persistent_contacts`: each pair keeps its last points and merges them
    /// with the new manifold (default: on when the world has a robot, as wolfe-lab's
    /// robot scenes run, so that resting hulls settle; off otherwise, as rolling bodies
    /// would brake). Contact stiffness and dissipation are each geometry's `Material`.
    /// `out`: a folder to write the run into as `wolfe sim` does, without its plots
    /// (created if missing; see `close()`); `title` heads its `summary.md`.
    #[new]
    #[pyo3(signature = (world, time_step = 0.01, scheme = "symplectic-euler", margin = 5e-3, max_initial_penetration = 1e-3, relative_tolerance = None, persistent_contacts = None, out = None, title = "python"))]
    fn new(
        world: &World, time_step: f64, scheme: &str, margin: f64, max_initial_penetration: f64,
        relative_tolerance: Option<f64>, persistent_contacts: Option<bool>, out: Option<PathBuf>,
        title: &str,
    ) -> PyResult<Self> {
        if !(margin.is_finite() && margin >= 0.0) {
            return Err(value(format!("margin {margin} must be finite and >= 0")));
        }
        let mut settings = SimSettings {
            time_step,
            scheme: scheme_arg(scheme)?,
            margin,
            max_initial_penetration,
            persistent_contacts: persistent_contacts.unwrap_or(!world.world.trees().is_empty()),
            ..SimSettings::default()
        };
        if let Some(eps) = relative_tolerance {
            if !(eps.is_finite() && eps > 0.0) {
                return Err(value(format!("relative_tolerance {eps} must be finite and > 0")));
            }
            settings.sap.relative_tolerance = eps;
        }
        let sim = wolfe_sim::Simulation::new(world.world.clone(), settings).map_err(self::sim)?;
        let recorder = match out {
            Some(dir) => Some(Recorder::create(&dir, &sim, title)?),
            None => None,
        };
        Ok(Self { sim, recorder })
    }

    /// Advances `n` steps (default 1); returns the last step's statistics (`None` for
    /// `n = 0`). Each step runs without the GIL (other Python threads run meanwhile);
    /// Ctrl-C is honoured between steps.
    #[pyo3(signature = (n = NonNegative(1)))]
    fn step(&mut self, py: Python<'_>, n: NonNegative<usize>) -> PyResult<Option<StepInfo>> {
        let n = n.0;
        let mut last = None;
        for _ in 0..n {
            let Self { sim, recorder } = self;
            let s = py.allow_threads(|| -> PyResult<StepStats> {
                let s = sim.step().map_err(self::sim)?;
                if let Some(r) = recorder.as_mut() {
                    r.record(&s, sim)?;
                }
                Ok(s)
            })?;
            last = Some(s);
            py.check_signals()?;
        }
        Ok(last.as_ref().map(StepInfo::from))
    }

    /// Finishes the output folder: flushes `steps.csv` and the trajectory, writes
    /// `summary.md` and the viewer page `view.html` (no plots: plot `steps.csv` with
    /// matplotlib). Also done (errors ignored) when the object is
    /// collected; a second call does nothing.
    fn close(&mut self, py: Python<'_>) -> PyResult<()> {
        let Self { sim, recorder } = self;
        match recorder.take() {
            Some(r) => py.allow_threads(|| r.finish(sim)),
            None => Ok(()),
        }
    }

    /// The output folder, or `None`.
    #[getter]
    fn out(&self) -> Option<PathBuf> {
        self.recorder.as_ref().map(|r| r.dir().to_path_buf())
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<()> {
        self.close(py)
    }

    /// Simulated time, s.
    #[getter]
    fn time(&self) -> f64 {
        self.sim.time()
    }

    /// Body poses (centre-of-mass frames), shape (N, 7): `x, y, z, qw, qx, qy, qz`.
    #[getter]
    fn poses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let rows = self
            .sim
            .poses()
            .iter()
            .flat_map(|p| {
                let (t, q) = (p.translation, p.rotation.quaternion());
                [t.x, t.y, t.z, q.w, q.i, q.j, q.k]
            })
            .collect();
        np_rows(py, rows, 7)
    }

    /// Body velocities, shape (N, 6): linear (of the centre of mass) then angular, world
    /// frame.
    #[getter]
    fn velocities<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let n = self.sim.world().bodies().len();
        let rows = (0..n)
            .flat_map(|i| {
                let (v, w) = self.sim.body_velocity(i);
                [v.x, v.y, v.z, w.x, w.y, w.z]
            })
            .collect();
        np_rows(py, rows, 6)
    }

    /// Joint positions of robot `tree` now (rad or m, URDF file order), shape (J,).
    fn joint_positions<'py>(&self, py: Python<'py>, tree: NonNegative<usize>) -> PyResult<Array1<'py>> {
        self.joint_values(py, tree, JointValue::Position)
    }

    /// Joint velocities of robot `tree` now (rad/s or m/s, URDF file order), shape (J,).
    fn joint_velocities<'py>(&self, py: Python<'py>, tree: NonNegative<usize>) -> PyResult<Array1<'py>> {
        self.joint_values(py, tree, JointValue::Velocity)
    }

    /// Moves robot `tree`'s PD targets to `q_target` (one value per controlled joint,
    /// URDF file order, or one for all); the gains and feed-forward stay.
    fn set_targets(&mut self, tree: NonNegative<usize>, q_target: &Bound<'_, PyAny>) -> PyResult<()> {
        let tree = tree.0;
        check_tree(tree, self.sim.world().trees().len())?;
        let n = self.sim.world().trees()[tree].controllers.len();
        if n == 0 {
            return Err(value(format!(
                "tree {tree} has no PD controllers (World.add_urdf with kp, or World.set_pd)"
            )));
        }
        let target = per_joint(q_target, n, "q_target")?;
        for (pd, x) in self
            .sim
            .controllers_mut(tree)
            .map_err(sim)?
            .iter_mut()
            .zip(target)
        {
            pd.q_target = x;
        }
        Ok(())
    }

    /// The PD targets of robot `tree` (one per controller, URDF file order).
    fn targets<'py>(
        &self, py: Python<'py>, tree: NonNegative<usize>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<f64>>> {
        let tree = tree.0;
        check_tree(tree, self.sim.world().trees().len())?;
        let t = &self.sim.world().trees()[tree];
        Ok(np_vec(py, t.controllers.iter().map(|pd| pd.q_target).collect()))
    }

    /// World poses of the robots' link geometries now, shape (L, 7):
    /// `x, y, z, qw, qx, qy, qz` (the order of `link_a`/`link_b` in `contacts`).
    #[getter]
    fn link_poses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let w = self.sim.world();
        let rows = w
            .links()
            .iter()
            .enumerate()
            .flat_map(|(g, l)| {
                let p = w.link_pose(g, &self.sim.tree_placements(l.tree)[l.body]);
                let (t, q) = (p.translation, p.rotation.quaternion());
                [t.x, t.y, t.z, q.w, q.i, q.j, q.k]
            })
            .collect();
        np_rows(py, rows, 7)
    }

    /// Body masses, shape (N,).
    #[getter]
    fn masses<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec(py, self.sim.world().bodies().iter().map(|b| b.mass).collect())
    }

    /// The contacts detected at the start of the last step, as a dict of numpy arrays
    /// (one row per point): `body_a` (-1 when A is not a body), `static_a` (-1 when A is
    /// not static), `link_a` (-1 when A is not a robot link), `body_b`, `link_b`
    /// (likewise; B is never static), `name_a`, `name_b` (lists of names: the body's,
    /// the link's, or `static geometry K`), `point` (K, 3), `normal` (K, 3, from A to
    /// B), `phi0` (signed distance at detection).
    #[getter]
    fn contacts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let c = self.sim.contacts();
        let d = pyo3::types::PyDict::new(py);
        use wolfe_sim::Collider;
        let body = |x: Collider| if let Collider::Body(i) = x { i as i64 } else { -1 };
        let link = |x: Collider| if let Collider::Link(i) = x { i as i64 } else { -1 };
        let fixed = |x: Collider| if let Collider::Static(i) = x { i as i64 } else { -1 };
        d.set_item("body_a", np_vec(py, c.iter().map(|k| body(k.a)).collect()))?;
        d.set_item("static_a", np_vec(py, c.iter().map(|k| fixed(k.a)).collect()))?;
        d.set_item("link_a", np_vec(py, c.iter().map(|k| link(k.a)).collect()))?;
        d.set_item("body_b", np_vec(py, c.iter().map(|k| body(k.b)).collect()))?;
        d.set_item("link_b", np_vec(py, c.iter().map(|k| link(k.b)).collect()))?;
        let names = |side: fn(&wolfe_sim::detect::DetectedContact) -> Collider| -> Vec<String> {
            c.iter().map(|k| self.sim.collider_name(side(k))).collect()
        };
        d.set_item("name_a", names(|k| k.a))?;
        d.set_item("name_b", names(|k| k.b))?;
        set_contact_geometry(&d, c.iter().map(|k| (k.point, k.normal, k.phi0)))?;
        Ok(d)
    }

    /// Kinetic energy, J.
    #[getter]
    fn kinetic_energy(&self) -> PyResult<f64> {
        self.sim.kinetic_energy().map_err(crate::error::sim)
    }

    /// Potential energy (gravity and springs), J.
    #[getter]
    fn potential_energy(&self) -> f64 {
        self.sim.potential_energy()
    }
}

impl Drop for Simulation {
    fn drop(&mut self) {
        if let Some(r) = self.recorder.take() {
            // Errors on drop have nowhere to go; `close()` reports them.
            let _ = r.finish(&self.sim);
        }
    }
}
