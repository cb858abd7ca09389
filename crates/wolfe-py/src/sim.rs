//! The simulator from Python: a `World` of rigid bodies and static geometry built from
//! wolfe shapes, a `Simulation` stepping it (wolfe_sim's SAP time stepper) without the
//! GIL, state and contacts as numpy arrays, and the same output folder as `wolfe sim`
//! ([`crate::record`]).
//!
//! URDF robots are articulated (kinematic trees), which wolfe_sim's free rigid bodies are
//! not: they live in [`crate::robot`]'s `RobotWorld` (wolfe_robot).

use std::path::PathBuf;

use pyo3::prelude::*;
use wolfe::{HalfSpace, Pose, Vec3};
use wolfe_sim::{Joint, RigidBody, Scheme, SimSettings, StaticGeometry, StepStats};

use crate::convert::{mat3, np_rows, np_vec, set_contact_geometry, vec3};
use crate::error::{geometry, sim, value};
use crate::geometry::shape_of;
use crate::record::{status_name, Recorder};
use crate::transform::pose_arg;

/// Contact parameters (SAP paper Eq. 2): stiffness (N/m, `inf` for rigid),
/// dissipation time scale (s), friction coefficient.
#[pyclass(module = "wolfe", get_all, set_all)]
#[derive(Clone, Copy)]
pub struct Material {
    /// Stiffness k, N/m (`float('inf')`: rigid).
    pub stiffness: f64,
    /// Dissipation time scale tau_d, s.
    pub dissipation_time_scale: f64,
    /// Friction coefficient mu.
    pub friction: f64,
}

#[pymethods]
impl Material {
    #[new]
    #[pyo3(signature = (stiffness = f64::INFINITY, dissipation_time_scale = 0.0, friction = 1.0))]
    fn new(stiffness: f64, dissipation_time_scale: f64, friction: f64) -> Self {
        Self {
            stiffness,
            dissipation_time_scale,
            friction,
        }
    }
}

fn material(m: Option<PyRef<'_, Material>>) -> wolfe_sim::Material {
    m.map_or_else(wolfe_sim::Material::default, |m| wolfe_sim::Material {
        stiffness: m.stiffness,
        dissipation_time_scale: m.dissipation_time_scale,
        friction: m.friction,
    })
}

/// Bodies, static geometry and gravity, to be simulated by `Simulation`.
#[pyclass(module = "wolfe")]
#[derive(Clone, Default)]
pub struct World {
    world: wolfe_sim::World,
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
        &mut self,
        shape: &Bound<'_, PyAny>,
        pose: Option<&Bound<'_, PyAny>>,
        density: f64,
        mass: Option<f64>,
        inertia: Option<&Bound<'_, PyAny>>,
        velocity: Option<&Bound<'_, PyAny>>,
        angular_velocity: Option<&Bound<'_, PyAny>>,
        material: Option<PyRef<'_, Material>>,
        name: Option<String>,
        planar: bool,
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
        &mut self,
        normal: &Bound<'_, PyAny>,
        offset: f64,
        material: Option<PyRef<'_, Material>>,
    ) -> PyResult<usize> {
        let h = HalfSpace::new(vec3(normal, "normal")?, offset).map_err(geometry)?;
        self.world
            .add_static(StaticGeometry::HalfSpace(h, self::material(material)))
            .map_err(sim)
    }

    /// Adds a fixed shape at `pose`; returns its static index.
    #[pyo3(signature = (shape, pose = None, material = None))]
    fn add_static(
        &mut self,
        shape: &Bound<'_, PyAny>,
        pose: Option<&Bound<'_, PyAny>>,
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

    /// Number of bodies.
    #[getter]
    fn num_bodies(&self) -> usize {
        self.world.bodies().len()
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

fn scheme_arg(name: &str) -> PyResult<Scheme> {
    Scheme::from_name(name).ok_or_else(|| {
        value(format!(
            "unknown scheme {name:?}: explicit-euler, symplectic-euler, implicit-euler or midpoint"
        ))
    })
}

#[pymethods]
impl Simulation {
    /// A simulation of (a copy of) `world`. `scheme`: `explicit-euler`,
    /// `symplectic-euler` (default), `implicit-euler` or `midpoint`; `margin`: contacts
    /// are detected up to this signed distance (m). `out`: a folder to write the run
    /// into as `wolfe sim` does, without its plots (created if missing; see `close()`);
    /// `title` heads its `summary.md`.
    #[new]
    #[pyo3(signature = (world, time_step = 0.01, scheme = "symplectic-euler", margin = 5e-3, max_initial_penetration = 1e-3, out = None, title = "python"))]
    fn new(
        world: &World,
        time_step: f64,
        scheme: &str,
        margin: f64,
        max_initial_penetration: f64,
        out: Option<PathBuf>,
        title: &str,
    ) -> PyResult<Self> {
        let settings = SimSettings {
            time_step,
            scheme: scheme_arg(scheme)?,
            margin,
            max_initial_penetration,
            ..SimSettings::default()
        };
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
    #[pyo3(signature = (n = 1))]
    fn step(&mut self, py: Python<'_>, n: usize) -> PyResult<Option<StepInfo>> {
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

    /// Body masses, shape (N,).
    #[getter]
    fn masses<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<f64>> {
        np_vec(py, self.sim.world().bodies().iter().map(|b| b.mass).collect())
    }

    /// The contacts of the last step, as a dict of numpy arrays (one row per point):
    /// `body_a` (-1 when A is not a body), `static_a` (-1 when A is not static),
    /// `link_a` (-1 when A is not a robot link), `body_b`, `link_b` (likewise), `point`
    /// (K, 3), `normal` (K, 3, from A to B), `phi0` (signed distance at detection).
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
