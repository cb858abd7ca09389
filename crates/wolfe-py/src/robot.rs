//! URDF robots from Python: `RobotWorld` (wolfe_robot's world of kinematic trees:
//! fixed-base robots from URDF, free objects, static shapes, half-spaces) and
//! `RobotSimulation` (wolfe_robot's `Simulator`: SAP's Algorithm 1 with PD controllers
//! and joint limits as SAP constraints, SAP paper Section VII), stepped without the GIL,
//! joint states as numpy arrays, and the same output folder as `wolfe sim urdf`
//! (`steps.csv`, the trajectory, `summary.md`, `view.html`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use wolfe::{HalfSpace, Pose, Vec3};
use wolfe_multibody::{load_urdf, Model, Robot, Se3, UrdfError, UrdfOptions};
use wolfe_robot::{ContactObject, Recorder, RobotError, StepSettings, StepStats};
use wolfe_sap::SapStatus;

use crate::convert::{float_array, np_rows, np_vec, set_contact_geometry, vec3};
use crate::error::value;
use crate::geometry::shape_of;
use crate::transform::pose_arg;

/// A robot-simulator error as a Python exception carrying wolfe's message: files are
/// `OSError`, a diverged or failed step `RuntimeError`, everything else `ValueError`.
pub fn robot_error(e: RobotError) -> PyErr {
    match e {
        RobotError::Io { .. } | RobotError::Urdf(UrdfError::Io { .. }) | RobotError::View(_) => {
            PyOSError::new_err(e.to_string())
        }
        RobotError::Geometry(g) => crate::error::geometry(g),
        RobotError::Diverged { .. } | RobotError::Sap(_) => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A list of floats, one per movable joint, or one float for all.
fn per_joint(obj: &Bound<'_, PyAny>, n: usize, what: &str) -> PyResult<Vec<f64>> {
    if let Ok(x) = obj.extract::<f64>() {
        return Ok(vec![x; n]);
    }
    let a = float_array(obj)?;
    let s = a.as_slice()?;
    if s.len() != n {
        return Err(value(format!(
            "{what}: expected {n} values (one per movable joint) or one, got {}",
            s.len()
        )));
    }
    Ok(s.to_vec())
}

/// `robot` with its root bodies and world-welded geometry moved by `base` (the URDF
/// loader welds the root link at the world origin). Bodies keep their indices; frames
/// that are not a body's own are re-added after the bodies.
fn placed(robot: &Robot, base: &Pose) -> Result<Robot, RobotError> {
    let x = Se3::from_pose(base);
    let old = &robot.model;
    let mut model = Model::new(old.name.clone());
    model.gravity = old.gravity;
    for b in old.bodies() {
        let placement = match b.parent {
            None => x.compose(&b.placement),
            Some(_) => b.placement,
        };
        model.add_body(b.name.clone(), b.parent, b.joint.clone(), placement, b.inertia)?;
    }
    for f in old.frames() {
        let own = f.body.is_some_and(|k| old.bodies()[k].name == f.name) && f.placement == Se3::identity();
        if !own {
            let placement = match f.body {
                None => x.compose(&f.placement),
                Some(_) => f.placement,
            };
            model.add_frame(f.name.clone(), f.body, placement)?;
        }
    }
    let mut out = robot.clone();
    out.model = model;
    for g in &mut out.collision {
        if g.body.is_none() {
            g.placement = x.compose(&g.placement);
        }
    }
    for g in &mut out.visual {
        if g.body.is_none() {
            g.placement = x.compose(&g.placement);
        }
    }
    Ok(out)
}

/// Kinematic trees (URDF robots, free objects), static shapes and half-spaces, to be
/// simulated by `RobotSimulation`.
#[pyclass(module = "wolfe")]
#[derive(Clone)]
pub struct RobotWorld {
    world: wolfe_robot::RobotWorld,
    gravity: Vec3,
}

#[pymethods]
impl RobotWorld {
    /// An empty world with `gravity` (m/s^2, default `(0, 0, -9.81)`).
    #[new]
    #[pyo3(signature = (gravity = None))]
    fn new(gravity: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let g = match gravity {
            Some(g) => vec3(g, "gravity")?,
            None => Vec3::new(0.0, 0.0, -wolfe_multibody::STANDARD_GRAVITY),
        };
        if g.iter().any(|v| !v.is_finite()) {
            return Err(value("gravity has a NaN or infinite component"));
        }
        Ok(Self {
            world: wolfe_robot::RobotWorld::new(),
            gravity: g,
        })
    }

    /// Adds the floor `z <= 0` with friction coefficient `friction`; returns its
    /// half-space index.
    #[pyo3(signature = (friction = 1.0))]
    fn add_floor(&mut self, friction: f64) -> PyResult<usize> {
        self.add_halfspace_impl(Vec3::z(), 0.0, friction)
    }

    /// Adds the half-space `{x : normal . x <= offset}`; returns its half-space index.
    #[pyo3(signature = (normal, offset, friction = 1.0))]
    fn add_halfspace(&mut self, normal: &Bound<'_, PyAny>, offset: f64, friction: f64) -> PyResult<usize> {
        self.add_halfspace_impl(vec3(normal, "normal")?, offset, friction)
    }

    /// Adds a fixed shape at `pose`; returns its geometry index.
    #[pyo3(signature = (shape, pose = None, friction = 1.0, name = "static"))]
    fn add_static(
        &mut self,
        shape: &Bound<'_, PyAny>,
        pose: Option<&Bound<'_, PyAny>>,
        friction: f64,
        name: &str,
    ) -> PyResult<usize> {
        check_friction(friction)?;
        let shape = shape_of(shape)?;
        let pose = pose.map(pose_arg).transpose()?.unwrap_or_else(Pose::identity);
        Ok(self.world.add_static_shape(name, shape, &pose, friction))
    }

    /// Adds a free object: `shape` (e.g. a YCB hull from `wolfe.load_convex`) filled
    /// with `density` (kg/m^3), its shape frame at `pose`, at rest. Returns its tree
    /// index; its `positions` are `(x, y, z, qw, qx, qy, qz)` of the shape frame.
    #[pyo3(signature = (shape, pose = None, density = 800.0, friction = 1.0, name = None))]
    fn add_object(
        &mut self,
        shape: &Bound<'_, PyAny>,
        pose: Option<&Bound<'_, PyAny>>,
        density: f64,
        friction: f64,
        name: Option<String>,
    ) -> PyResult<usize> {
        check_friction(friction)?;
        let shape = shape_of(shape)?;
        let pose = pose.map(pose_arg).transpose()?.unwrap_or_else(Pose::identity);
        let name = name.unwrap_or_else(|| format!("object{}", self.world.trees().len()));
        let tree = self
            .world
            .add_free_object(&name, shape, density, &pose, friction)
            .map_err(robot_error)?;
        self.set_gravity(tree);
        Ok(tree)
    }

    /// Loads the URDF robot at `path` with its root link welded to the world at
    /// `base_pose` (a `Transform3s`, 7-vector `(x, y, z, qw, qx, qy, qz)` or 4x4 matrix;
    /// default the origin) and returns its tree index. Collision meshes become convex
    /// hulls. `q`: the initial joint positions (one per movable joint, URDF file order;
    /// default `q_target` when given, else zero clamped into the limits); the robot starts
    /// at rest. With `kp`, every one-dof joint gets a PD controller (see `set_pd`).
    #[pyo3(signature = (path, base_pose = None, q = None, kp = None, kd = None, q_target = None, gravity_compensation = true, friction = 1.0, joint_limits = true, self_collision = false))]
    fn add_urdf(
        &mut self,
        py: Python<'_>,
        path: PathBuf,
        base_pose: Option<&Bound<'_, PyAny>>,
        q: Option<&Bound<'_, PyAny>>,
        kp: Option<&Bound<'_, PyAny>>,
        kd: Option<&Bound<'_, PyAny>>,
        q_target: Option<&Bound<'_, PyAny>>,
        gravity_compensation: bool,
        friction: f64,
        joint_limits: bool,
        self_collision: bool,
    ) -> PyResult<usize> {
        // Built on a copy: a call that fails leaves the world as it was.
        let mut next = self.clone();
        let tree = next.add_urdf_impl(
            py,
            &path,
            base_pose,
            q,
            kp,
            kd,
            q_target,
            gravity_compensation,
            friction,
            joint_limits,
            self_collision,
        )?;
        *self = next;
        Ok(tree)
    }

    /// PD controllers on the one-dof joints of robot `tree` (SAP paper Section VII):
    /// `u = clamp(-kp (q - q_target) - kd v + u_ff, -e, e)`, implicit in the next
    /// velocity. `kp`, `kd`, `q_target`: one value per movable joint (URDF file order)
    /// or one for all. Defaults: `q_target` the current positions; `kd = 2 sqrt(kp M_ii)`
    /// at `q_target` (critical damping of each joint alone); `u_ff = g(q_target)` when
    /// `gravity_compensation` (else 0); `e` the URDF's effort limit (none where it is 0).
    #[pyo3(signature = (tree, kp, q_target = None, kd = None, gravity_compensation = true))]
    fn set_pd(
        &mut self,
        tree: usize,
        kp: &Bound<'_, PyAny>,
        q_target: Option<&Bound<'_, PyAny>>,
        kd: Option<&Bound<'_, PyAny>>,
        gravity_compensation: bool,
    ) -> PyResult<()> {
        let n = self.tree(tree)?.joints.len();
        let target = q_target.map(|t| per_joint(t, n, "q_target")).transpose()?;
        self.set_pd_impl(tree, kp, target, kd, gravity_compensation)
    }

    /// The movable joints' names of tree `tree` in URDF file order (empty for a free
    /// object).
    fn joint_names(&self, tree: usize) -> PyResult<Vec<String>> {
        Ok(tree_ref(&self.world, tree)?
            .joints
            .iter()
            .map(|j| j.0.clone())
            .collect())
    }

    /// Number of trees (robots and free objects).
    #[getter]
    fn num_trees(&self) -> usize {
        self.world.trees().len()
    }

    /// Number of collision geometries (robot links, objects, static shapes).
    #[getter]
    fn num_geometries(&self) -> usize {
        self.world.geometries().len()
    }
}

fn check_friction(mu: f64) -> PyResult<()> {
    if mu.is_finite() && mu >= 0.0 {
        Ok(())
    } else {
        Err(value(format!("friction {mu} must be finite and >= 0")))
    }
}

fn tree_ref(world: &wolfe_robot::RobotWorld, tree: usize) -> PyResult<&wolfe_robot::TreeEntry> {
    world.trees().get(tree).ok_or_else(|| {
        PyIndexError::new_err(format!(
            "tree {tree} does not exist ({} trees)",
            world.trees().len()
        ))
    })
}

impl RobotWorld {
    fn add_urdf_impl(
        &mut self,
        py: Python<'_>,
        path: &Path,
        base_pose: Option<&Bound<'_, PyAny>>,
        q: Option<&Bound<'_, PyAny>>,
        kp: Option<&Bound<'_, PyAny>>,
        kd: Option<&Bound<'_, PyAny>>,
        q_target: Option<&Bound<'_, PyAny>>,
        gravity_compensation: bool,
        friction: f64,
        joint_limits: bool,
        self_collision: bool,
    ) -> PyResult<usize> {
        check_friction(friction)?;
        let base = base_pose.map(pose_arg).transpose()?;
        // Reading the file and taking the hulls of its collision meshes takes a while:
        // without the GIL.
        let robot = py
            .allow_threads(|| load_urdf(path, UrdfOptions::default()))
            .map_err(|e| robot_error(e.into()))?;
        let robot = match base {
            Some(base) => placed(&robot, &base).map_err(robot_error)?,
            None => robot,
        };
        let q0 = robot.model.neutral();
        let tree = self
            .world
            .add_robot(&robot, q0.as_slice(), friction)
            .map_err(robot_error)?;
        self.set_gravity(tree);
        let n = self.world.trees()[tree].joints.len();
        let target = q_target.map(|t| per_joint(t, n, "q_target")).transpose()?;
        let start = match (q, &target) {
            (Some(q), _) => Some(per_joint(q, n, "q")?),
            (None, Some(t)) => Some(t.clone()),
            (None, None) => None,
        };
        let t = self.tree(tree)?;
        t.joint_limits = joint_limits;
        t.self_collision = self_collision;
        if let Some(start) = start {
            let joints = t.joints.clone();
            for ((_, qi, _), x) in joints.iter().zip(start) {
                if !x.is_finite() {
                    return Err(value("q has a NaN or infinite value"));
                }
                t.q[*qi] = x;
            }
        }
        match kp {
            Some(kp) => self.set_pd_impl(tree, kp, target, kd, gravity_compensation)?,
            None if kd.is_some() || target.is_some() => {
                return Err(value("kd and q_target need kp (the PD controllers' gains)"))
            }
            None => {}
        }
        Ok(tree)
    }

    fn add_halfspace_impl(&mut self, normal: Vec3, offset: f64, friction: f64) -> PyResult<usize> {
        check_friction(friction)?;
        let h = HalfSpace::new(normal, offset).map_err(crate::error::geometry)?;
        Ok(self.world.add_half_space(h, friction))
    }

    fn tree(&mut self, tree: usize) -> PyResult<&mut wolfe_robot::TreeEntry> {
        let n = self.world.trees().len();
        self.world
            .tree_mut(tree)
            .ok_or_else(|| PyIndexError::new_err(format!("tree {tree} does not exist ({n} trees)")))
    }

    fn set_gravity(&mut self, tree: usize) {
        let g = self.gravity;
        if let Some(t) = self.world.tree_mut(tree) {
            t.model.gravity = g;
        }
    }

    fn set_pd_impl(
        &mut self,
        tree: usize,
        kp: &Bound<'_, PyAny>,
        target: Option<Vec<f64>>,
        kd: Option<&Bound<'_, PyAny>>,
        gravity_compensation: bool,
    ) -> PyResult<()> {
        let t = self.tree(tree)?;
        if t.free_object {
            return Err(value(format!("tree {tree} is a free object: it has no joints")));
        }
        let n = t.joints.len();
        let kp = per_joint(kp, n, "kp")?;
        let kd = kd.map(|k| per_joint(k, n, "kd")).transpose()?;
        let target = target.unwrap_or_else(|| t.joints.iter().map(|j| t.q[j.1]).collect());
        t.controllers = t
            .hold_gains(&target, &kp, kd.as_deref(), gravity_compensation)
            .map_err(robot_error)?;
        Ok(())
    }
}

/// What one robot step did (the columns of the robot scenes' `steps.csv` before the
/// joint positions).
#[pyclass(module = "wolfe", get_all, frozen)]
pub struct RobotStepInfo {
    /// Steps taken so far (1 after the first).
    pub step: u64,
    /// Simulated time at the end of the step, s.
    pub time: f64,
    /// Contacts detected at the start of the step.
    pub contacts: usize,
    /// The largest penetration among them, m (>= 0).
    pub max_penetration: f64,
    /// SAP's momentum error (Eq. 32); 0 without constraints.
    pub momentum_error: f64,
    /// `"converged"`, `"iteration_limit"`, `"stalled"`, or `"none"` (no constraint).
    pub sap_status: String,
    /// SAP Newton iterations.
    pub newton_iterations: u32,
    /// Wall time of the step, s.
    pub step_seconds: f64,
}

#[pymethods]
impl RobotStepInfo {
    fn __repr__(&self) -> String {
        format!(
            "RobotStepInfo(step={}, time={}, contacts={}, newton_iterations={}, sap_status={:?})",
            self.step, self.time, self.contacts, self.newton_iterations, self.sap_status
        )
    }
}

fn status_name(s: Option<SapStatus>) -> &'static str {
    match s {
        None => "none",
        Some(SapStatus::Converged) => "converged",
        Some(SapStatus::IterationLimit) => "iteration_limit",
        Some(SapStatus::Stalled) => "stalled",
    }
}

/// Run totals for `summary.md`.
#[derive(Default)]
struct Totals {
    steps: u64,
    seconds: f64,
    newton: u64,
    unconverged: u64,
    max_momentum_error: f64,
    max_penetration: f64,
    last_penetration: f64,
}

impl Totals {
    fn add(&mut self, s: &StepStats) {
        self.steps += 1;
        self.seconds += s.seconds;
        self.newton += u64::from(s.newton_iterations);
        if s.status.is_some_and(|st| st != SapStatus::Converged) {
            self.unconverged += 1;
        }
        self.max_momentum_error = self.max_momentum_error.max(s.momentum_error);
        self.max_penetration = self.max_penetration.max(s.max_penetration);
        self.last_penetration = s.max_penetration;
    }
}

/// A `RobotWorld` being simulated.
#[pyclass(module = "wolfe")]
pub struct RobotSimulation {
    sim: wolfe_robot::Simulator,
    recorder: Option<(Recorder, String)>,
    totals: Totals,
}

#[pymethods]
impl RobotSimulation {
    /// A simulation of (a copy of) `world` with time step `time_step` (s); contacts are
    /// kept up to `margin` (m) apart; `relative_tolerance` is SAP's eps_r (Eq. 26);
    /// `contact_stiffness` (N/m, `inf`: near-rigid) and `dissipation_time_scale` (s) are
    /// the contacts' compliance. `out`: a folder to write the run into as
    /// `wolfe sim urdf` does (steps.csv with one `q_<joint>` column per joint, the
    /// trajectory with contacts; `close()` adds summary.md and view.html); `title`
    /// heads the summary.
    #[new]
    #[pyo3(signature = (world, time_step = 5e-3, margin = 5e-3, relative_tolerance = 1e-6, contact_stiffness = f64::INFINITY, dissipation_time_scale = 0.0, out = None, title = "python"))]
    fn new(
        world: &RobotWorld,
        time_step: f64,
        margin: f64,
        relative_tolerance: f64,
        contact_stiffness: f64,
        dissipation_time_scale: f64,
        out: Option<PathBuf>,
        title: &str,
    ) -> PyResult<Self> {
        if !(relative_tolerance.is_finite() && relative_tolerance > 0.0) {
            return Err(value(format!(
                "relative_tolerance {relative_tolerance} must be finite and > 0"
            )));
        }
        let mut settings = StepSettings {
            time_step,
            margin,
            contact_stiffness,
            dissipation_time_scale,
            ..StepSettings::default()
        };
        settings.sap.relative_tolerance = relative_tolerance;
        let mut sim = wolfe_robot::Simulator::new(world.world.clone(), settings).map_err(robot_error)?;
        sim.world_mut().forward_kinematics().map_err(robot_error)?;
        let recorder = match out {
            Some(dir) => Some((
                Recorder::create(&dir, &sim).map_err(robot_error)?,
                title.to_string(),
            )),
            None => None,
        };
        Ok(Self {
            sim,
            recorder,
            totals: Totals::default(),
        })
    }

    /// Advances `n` steps (default 1); returns the last step's statistics (`None` for
    /// `n = 0`). Each step runs without the GIL; Ctrl-C is honoured between steps.
    #[pyo3(signature = (n = 1))]
    fn step(&mut self, py: Python<'_>, n: usize) -> PyResult<Option<RobotStepInfo>> {
        let mut last = None;
        for _ in 0..n {
            let Self {
                sim,
                recorder,
                totals,
            } = self;
            let s = py.allow_threads(|| -> Result<StepStats, RobotError> {
                let s = sim.step()?;
                match recorder.as_mut() {
                    // The recorder updates the kinematics to the new state.
                    Some((r, _)) => r.record(sim, &s)?,
                    None => sim.world_mut().forward_kinematics()?,
                }
                Ok(s)
            });
            let s = s.map_err(robot_error)?;
            totals.add(&s);
            last = Some(RobotStepInfo {
                step: self.sim.steps(),
                time: self.sim.time(),
                contacts: s.contacts,
                max_penetration: s.max_penetration,
                momentum_error: s.momentum_error,
                sap_status: status_name(s.status).to_string(),
                newton_iterations: s.newton_iterations,
                step_seconds: s.seconds,
            });
            py.check_signals()?;
        }
        Ok(last)
    }

    /// Joint positions of robot `tree` (rad or m, URDF file order), or the pose
    /// `(x, y, z, qw, qx, qy, qz)` of a free object's shape frame.
    fn positions<'py>(&self, py: Python<'py>, tree: usize) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let t = tree_ref(self.sim.world(), tree)?;
        let q = if t.free_object {
            // The floating joint stores (x, y, z, qx, qy, qz, qw).
            vec![t.q[0], t.q[1], t.q[2], t.q[6], t.q[3], t.q[4], t.q[5]]
        } else {
            t.joints.iter().map(|j| t.q[j.1]).collect()
        };
        Ok(np_vec(py, q))
    }

    /// Joint velocities of robot `tree` (rad/s or m/s, URDF file order), or a free
    /// object's six generalized velocities (its floating joint's, as wolfe_multibody
    /// orders them).
    fn velocities<'py>(&self, py: Python<'py>, tree: usize) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let t = tree_ref(self.sim.world(), tree)?;
        let v = if t.free_object {
            t.v.iter().copied().collect()
        } else {
            t.joints.iter().map(|j| t.v[j.2]).collect()
        };
        Ok(np_vec(py, v))
    }

    /// Moves robot `tree`'s PD targets to `q_target` (one value per controlled joint,
    /// in `joint_names` order, or one for all); the gains and feed-forward stay.
    fn set_targets(&mut self, tree: usize, q_target: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = tree_ref(self.sim.world(), tree)?.controllers.len();
        if n == 0 {
            return Err(value(format!(
                "tree {tree} has no PD controllers (RobotWorld.set_pd)"
            )));
        }
        let target = per_joint(q_target, n, "q_target")?;
        if target.iter().any(|x| !x.is_finite()) {
            return Err(value("q_target has a NaN or infinite value"));
        }
        if let Some(t) = self.sim.world_mut().tree_mut(tree) {
            for (pd, x) in t.controllers.iter_mut().zip(target) {
                pd.q_target = x;
            }
        }
        Ok(())
    }

    /// The PD targets of robot `tree` (one per controller, URDF file order).
    fn targets<'py>(&self, py: Python<'py>, tree: usize) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let t = tree_ref(self.sim.world(), tree)?;
        Ok(np_vec(py, t.controllers.iter().map(|pd| pd.q_target).collect()))
    }

    /// World poses of every collision geometry now, shape (G, 7):
    /// `x, y, z, qw, qx, qy, qz` (geometry order of the world).
    #[getter]
    fn geometry_poses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let w = self.sim.world();
        let rows = (0..w.geometries().len())
            .flat_map(|g| {
                let p = w.geometry_pose(g).to_pose();
                let (t, q) = (p.translation, p.rotation.quaternion());
                [t.x, t.y, t.z, q.w, q.i, q.j, q.k]
            })
            .collect();
        np_rows(py, rows, 7)
    }

    /// The contacts of the last step as numpy arrays (one row per point): `geometry_a`
    /// (-1 for a half-space), `halfspace_a` (-1 for a geometry), `geometry_b`, `point`
    /// (K, 3), `normal` (K, 3, from A to B), `phi0` (signed distance at detection).
    #[getter]
    fn contacts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = self.sim.contacts();
        let d = PyDict::new(py);
        let (ga, ha): (Vec<i64>, Vec<i64>) = c
            .iter()
            .map(|k| match k.a {
                ContactObject::Geometry(g) => (g as i64, -1),
                ContactObject::HalfSpace(h) => (-1, h as i64),
            })
            .unzip();
        d.set_item("geometry_a", np_vec(py, ga))?;
        d.set_item("halfspace_a", np_vec(py, ha))?;
        d.set_item("geometry_b", np_vec(py, c.iter().map(|k| k.b as i64).collect()))?;
        set_contact_geometry(&d, c.iter().map(|k| (k.point, k.normal, k.phi0)))?;
        Ok(d)
    }

    /// Simulated time, s.
    #[getter]
    fn time(&self) -> f64 {
        self.sim.time()
    }

    /// The output folder, or `None`.
    #[getter]
    fn out(&self) -> Option<PathBuf> {
        self.recorder.as_ref().map(|(r, _)| r.dir().to_path_buf())
    }

    /// Finishes the output folder: flushes steps.csv, trajectory.csv and contacts.csv,
    /// writes summary.md and the viewer page view.html. Also done (errors ignored) when
    /// the object is collected; a second call does nothing.
    fn close(&mut self, py: Python<'_>) -> PyResult<()> {
        match self.recorder.take() {
            Some((r, title)) => {
                let dir = r.dir().to_path_buf();
                let settings = *self.sim.settings();
                let totals = &self.totals;
                py.allow_threads(|| finish(r, &dir, &title, &settings, totals))
                    .map_err(robot_error)
            }
            None => Ok(()),
        }
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<()> {
        self.close(py)
    }
}

/// Flushes the recorder, writes `summary.md` (the robot scenes' measures that do not
/// depend on the scene) and `view.html`.
fn finish(r: Recorder, dir: &Path, title: &str, s: &StepSettings, t: &Totals) -> Result<(), RobotError> {
    r.finish()?;
    wolfe_view::write_html(dir)?;
    let n = t.steps.max(1) as f64;
    let mut text = String::new();
    let _ = writeln!(text, "# {title}\n");
    let _ = writeln!(
        text,
        "{} steps of dt = {} s ({} s simulated), SAP with tolerance eps_r = {:e}, run from Python.\n",
        t.steps,
        s.time_step,
        t.steps as f64 * s.time_step,
        s.sap.relative_tolerance
    );
    let _ = writeln!(text, "| measure | value |\n| --- | --- |");
    let _ = writeln!(text, "| mean time per step | {:.3} ms |", 1e3 * t.seconds / n);
    let _ = writeln!(
        text,
        "| mean Newton iterations per step | {:.2} |",
        t.newton as f64 / n
    );
    let _ = writeln!(text, "| steps not converged (stalled) | {} |", t.unconverged);
    let _ = writeln!(
        text,
        "| penetration at the last step | {:.3} mm |",
        1e3 * t.last_penetration
    );
    let _ = writeln!(
        text,
        "| max penetration (whole run) | {:.3} mm |",
        1e3 * t.max_penetration
    );
    let _ = writeln!(text, "| max momentum error | {:.2e} |", t.max_momentum_error);
    let path = dir.join("summary.md");
    std::fs::write(&path, text).map_err(|source| RobotError::Io {
        path: path.display().to_string(),
        source,
    })
}

impl Drop for RobotSimulation {
    fn drop(&mut self) {
        if let Some((r, title)) = self.recorder.take() {
            let dir = r.dir().to_path_buf();
            // Errors on drop have nowhere to go; `close()` reports them.
            let _ = finish(r, &dir, &title, self.sim.settings(), &self.totals);
        }
    }
}
