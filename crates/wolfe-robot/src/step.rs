//! One time step of a world of trees: SAP's Algorithm 1 (Section II-C, II-D, VII).
//!
//! 1. Kinematics at `q0`: body placements, `M(q0)` (CRBA, armature included), the bias
//!    `c(q0, v0) + g(q0)` (RNEA).
//! 2. Contacts at `q0` within the margin ([`crate::detect`]); each gets a contact frame
//!    `C` (z along the normal from A to B) and the Jacobian blocks
//!    `J_b = C^T J_lin,b(p)`, `J_a = -C^T J_lin,a(p)` from the point Jacobians of its
//!    two bodies (Section II-A: the contact velocity is B's velocity relative to A).
//! 3. Free motion (Eqs. 13, 15, 17): joint dampers implicit, everything else explicit at
//!    `(q0, v0)`:
//!    `A = M(q0) + dt D`, `A (v* - v0) = dt (-c(q0, v0) - g(q0) - D v0)`,
//!    i.e. `M (v* - v0) = dt (-c - g - D v*)`: the momentum balance (7) with the
//!    dampers at the new velocity.
//! 4. Constraints: every contact, a PD controller per controlled joint (with its
//!    effort limit), both position limits of every limited one-dof joint (near-rigid,
//!    Section V-B), all at `q0` with `q = q0 + dt v` (theta = 1 for velocities in
//!    positions, as the joint constraints assume). SAP (Algorithm 2) solves
//!    `min_v 1/2 ||v - v*||_A^2 + l_R(v)` warm-started from `v0`; one clique per tree.
//!    Without constraints `v = v*`.
//! 5. `q = q0 (+) dt v` by [`wolfe_multibody::Model::integrate`] (the exponential map for
//!    floating joints).
//!
//! Steps 3 and 5 are the default [`TreeScheme::SymplecticEuler`] (theta = 0 for the
//! forces, theta_vq = 1 for positions): velocities first, positions with the new
//! velocities; first order, it does not conserve energy exactly. With
//! [`TreeScheme::Midpoint`] (theta = theta_vq = 1/2, as `wolfe-sim`'s free bodies),
//! step 3 solves the momentum balance at the midpoint by fixed-point Newton iterations
//! (see [`TreeScheme::Midpoint`]) and step 5 moves by the mean velocity
//! `q = q0 (+) dt (v0 + v)/2`; the constraints of step 4 are unchanged (they still
//! predict `q = q0 + dt v`, first order in what they add). The tests bound both schemes'
//! energy behaviour on a frictionless double pendulum.
//!
//! Allocation: none in a step of the default scheme once the buffers have grown to the
//! scene (tested on a resting panda-drop world, `tests/step_allocations.rs`). The
//! detector's buffers, each tree's workspace (`TreeWork`: the blocks of A, the
//! Cholesky factor, `v*`, the Jacobians) and the stacked velocities are reused; the one
//! [`SapProblem`] is refilled in place ([`SapProblem::refill`]) and solved by
//! [`SapSolver::solve_in_place`]. [`TreeScheme::Midpoint`]'s fixed-point iterations
//! still allocate.

use std::time::Instant;

use nalgebra::{DVector, Matrix3, Vector3};
use wolfe::Vec3;
use wolfe_sap::{SapProblem, SapSettings, SapSolver, SapStats, SapStatus};

use crate::detect::{Detector, RobotContact};
use crate::error::RobotError;
use crate::narrow::NarrowPhase;
use crate::world::RobotWorld;

mod fill;
mod motion;

use motion::TreeWork;

/// Settings of the stepper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepSettings {
    /// Time step dt, s.
    pub time_step: f64,
    /// Contacts are kept up to this distance apart, m.
    pub margin: f64,
    /// Faces within this angle (rad) of the normal give multi-point manifolds.
    pub angle_tolerance: f64,
    /// Contact stiffness, N/m (`f64::INFINITY`: near-rigid, Section V-B).
    pub contact_stiffness: f64,
    /// Contact dissipation time scale tau_d, s.
    pub dissipation_time_scale: f64,
    /// A generalized velocity above this magnitude (m/s or rad/s) counts as divergence.
    pub max_speed: f64,
    /// SAP's settings.
    pub sap: SapSettings,
    /// A pair's cached contact manifold is reused while neither geometry has moved by
    /// more than this (m, a bound over its points) since it was computed (see
    /// [`crate::detect`]); 0 recomputes every manifold whose poses changed at all.
    /// Default [`crate::detect::REUSE_TOLERANCE`] (1e-9 m).
    pub reuse_tolerance: f64,
    /// The time-stepping scheme of the contact-free dynamics (default
    /// [`TreeScheme::SymplecticEuler`]).
    pub scheme: TreeScheme,
}

/// The member of SAP's theta-method family (Section II-C, Eq. 6) used for the
/// contact-free dynamics of the trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TreeScheme {
    /// `theta = 0, theta_vq = 1`: `M(q0)`, Coriolis, gravity explicit at `(q0, v0)`,
    /// joint dampers implicit, positions with the new velocities. One linear solve per
    /// tree; first order, energy error O(dt) over a fixed horizon.
    #[default]
    SymplecticEuler,
    /// `theta = theta_vq = 1/2`, the implicit midpoint rule: every force and `M` at the
    /// midpoint `q_m = q0 (+) dt/2 v_m`, `v_m = (v0 + v)/2`, positions
    /// `q = q0 (+) dt v_m`. Second order and symmetric (time-reversible), so the energy
    /// of a conservative tree oscillates within O(dt^2) without drift. Solved by
    /// fixed-point Newton iterations with the SPD matrix
    /// `A = M(q_m) + dt/2 D` (Eq. 15 with theta = 1/2 and no stiffness), which Proposition 1
    /// shows agrees with the exact Jacobian to O(dt).
    Midpoint,
}

impl Default for StepSettings {
    fn default() -> Self {
        Self {
            time_step: 5e-3,
            margin: 5e-3,
            angle_tolerance: 0.05,
            contact_stiffness: f64::INFINITY,
            dissipation_time_scale: 0.0,
            max_speed: 1e3,
            sap: SapSettings::default(),
            reuse_tolerance: crate::detect::REUSE_TOLERANCE,
            scheme: TreeScheme::SymplecticEuler,
        }
    }
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepStats {
    /// Contacts detected at the start of the step.
    pub contacts: usize,
    /// The largest penetration (-phi0, m, >= 0) among them: the state the previous step
    /// left.
    pub max_penetration: f64,
    /// SAP's momentum error e_m (Eq. 32); 0 without constraints.
    pub momentum_error: f64,
    /// How SAP ended; `None` when no constraint existed (no solve).
    pub status: Option<SapStatus>,
    /// Newton iterations.
    pub newton_iterations: u32,
    /// Wall-clock seconds of the whole step.
    pub seconds: f64,
    /// Wall-clock seconds of contact detection (part of `seconds`).
    pub detection_seconds: f64,
    /// Contact manifolds computed by the narrow phase in this step.
    pub manifolds_computed: usize,
    /// Contact manifolds reused from the cache (neither geometry moved, see
    /// [`crate::detect`]).
    pub manifolds_reused: usize,
}

/// A world and its stepper state.
pub struct Simulator {
    world: RobotWorld,
    settings: StepSettings,
    solver: SapSolver,
    narrow: NarrowPhase,
    detector: Detector,
    contacts: Vec<RobotContact>,
    impulses: Vec<Vector3<f64>>,
    /// Per contact of the step, whether it became a SAP constraint (a contact with no
    /// dofs on either side does not).
    kept: Vec<bool>,
    /// Per tree, its workspace (blocks of A, factor, v*, Jacobians).
    work: Vec<TreeWork>,
    /// Per tree, its offset in SAP's stacked velocities, `None` for a tree without dofs.
    offsets: Vec<Option<usize>>,
    /// Per tree, its index among SAP's trees (the trees with dofs, in order).
    sap_index: Vec<Option<usize>>,
    /// The one SAP problem, refilled in place every step.
    problem: SapProblem,
    v_guess: DVector<f64>,
    /// The next velocities, stacked as SAP's.
    v_next: DVector<f64>,
    q_next: Vec<f64>,
    /// SAP's statistics of the last solve (with its per-iteration history when
    /// [`SapSettings::record_history`] is set).
    last_sap: Option<SapStats>,
    /// The last SAP problem, kept only with [`SapSettings::record_history`]
    /// (diagnostics: it is cloned every step).
    last_problem: Option<SapProblem>,
    /// Per tree, whether a constraint of this step acts on it (warm start).
    constrained: Vec<bool>,
    step: u64,
    time: f64,
}

/// The contact frame `C`: a rotation whose third column is the unit vector `n`
/// (Frisvad's construction with the sign fix of Duff et al., continuous across poles).
pub fn contact_frame(n: &Vec3) -> Matrix3<f64> {
    let sign = 1.0f64.copysign(n.z);
    let a = -1.0 / (sign + n.z);
    let b = n.x * n.y * a;
    let t1 = Vec3::new(1.0 + sign * n.x * n.x * a, sign * b, -sign * n.x);
    let t2 = Vec3::new(b, sign + n.y * n.y * a, -n.y);
    Matrix3::from_columns(&[t1, t2, *n])
}

/// What the solve of one step reported: SAP's momentum error, status and Newton
/// iterations (zeros and `None` without constraints).
type Solved = (f64, Option<SapStatus>, u32);

impl Simulator {
    /// A simulator of `world` with `settings`.
    pub fn new(world: RobotWorld, settings: StepSettings) -> Result<Self, RobotError> {
        if !(settings.time_step.is_finite() && settings.time_step > 0.0) {
            return Err(RobotError::invalid(
                "time step",
                format!("{} s must be finite and > 0", settings.time_step),
            ));
        }
        if !(settings.reuse_tolerance.is_finite() && settings.reuse_tolerance >= 0.0) {
            return Err(RobotError::invalid(
                "reuse_tolerance",
                format!("{} m must be finite and >= 0", settings.reuse_tolerance),
            ));
        }
        if settings.max_speed.is_nan() || settings.max_speed <= 0.0 {
            return Err(RobotError::invalid(
                "max_speed",
                format!("{} must be > 0", settings.max_speed),
            ));
        }
        let mut offset = 0;
        let mut offsets = Vec::new();
        let mut sap_index = Vec::new();
        let mut sap_trees = 0;
        for t in &world.trees {
            let nv = t.model.nv();
            offsets.push((nv > 0).then_some(offset));
            sap_index.push((nv > 0).then_some(sap_trees));
            sap_trees += usize::from(nv > 0);
            offset += nv;
        }
        let work = world.trees.iter().map(|t| TreeWork::new(t.model.nv())).collect();
        let nq_max = world.trees.iter().map(|t| t.model.nq()).max().unwrap_or(0);
        Ok(Self {
            solver: SapSolver::new(settings.sap)?,
            narrow: NarrowPhase::new(settings.margin, settings.angle_tolerance)?,
            detector: Detector::default(),
            contacts: Vec::new(),
            impulses: Vec::new(),
            kept: Vec::new(),
            work,
            offsets,
            sap_index,
            problem: SapProblem::empty(settings.time_step)?,
            v_guess: DVector::zeros(offset),
            v_next: DVector::zeros(offset),
            q_next: vec![0.0; nq_max],
            last_sap: None,
            last_problem: None,
            constrained: Vec::new(),
            world,
            settings,
            step: 0,
            time: 0.0,
        })
    }

    /// The world (current state).
    pub fn world(&self) -> &RobotWorld {
        &self.world
    }

    /// Mutable world: change controller targets, states between steps (the number of
    /// trees and geometries must stay the same).
    pub fn world_mut(&mut self) -> &mut RobotWorld {
        &mut self.world
    }

    /// The settings.
    pub fn settings(&self) -> &StepSettings {
        &self.settings
    }

    /// Simulated time, s.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.step
    }

    /// The contacts of the last step (detected at its start).
    pub fn contacts(&self) -> &[RobotContact] {
        &self.contacts
    }

    /// The contact impulses of the last step (contact frame `[t1, t2, n]`, N s), one per
    /// contact.
    pub fn contact_impulses(&self) -> &[Vector3<f64>] {
        &self.impulses
    }

    /// SAP's statistics of the last step's solve (`None` before the first solve and
    /// after a step without constraints): Newton and line-search iterations, costs,
    /// and with [`SapSettings::record_history`] every iteration's contact regions and
    /// step length, to see where a step's iterations go.
    pub fn last_sap_stats(&self) -> Option<&SapStats> {
        self.last_sap.as_ref()
    }

    /// The last step's SAP problem when [`SapSettings::record_history`] is set (`None`
    /// otherwise, or after a step without constraints): with
    /// [`SapStats::history`] it lets a study evaluate the cost (24), the impulses and
    /// the regions anywhere along an iteration's Newton direction.
    pub fn last_sap_problem(&self) -> Option<&SapProblem> {
        self.last_problem.as_ref()
    }

    fn diverged(&self, reason: String) -> RobotError {
        RobotError::Diverged {
            step: self.step,
            time: self.time,
            dt: self.settings.time_step,
            reason,
        }
    }

    /// Advances the world by one time step (see the module docs).
    ///
    /// # Errors
    /// [`RobotError::Diverged`] for a non-finite or runaway state, a free-motion matrix
    /// that is not positive definite or a SAP solve that reached its iteration limit
    /// (a smaller time step is the usual cure); [`RobotError::Sap`] when SAP rejects the
    /// problem (which also points at a diverged state); geometry and model errors.
    pub fn step(&mut self) -> Result<StepStats, RobotError> {
        let start = Instant::now();
        // 1, 3: kinematics and free motion, tree by tree.
        self.free_motion()?;
        // 2: contacts at q0.
        let detection_start = Instant::now();
        self.detector.detect(
            &self.world,
            &mut self.narrow,
            self.settings.reuse_tolerance,
            &mut self.contacts,
        )?;
        let detection_seconds = detection_start.elapsed().as_secs_f64();
        // 4: the constraints, the SAP problem and its solve.
        let max_penetration = self.fill_problem()?;
        let (momentum_error, status, newton_iterations) = self.solve()?;
        // 5: positions.
        self.integrate()?;
        self.step += 1;
        self.time += self.settings.time_step;
        Ok(StepStats {
            contacts: self.contacts.len(),
            max_penetration,
            momentum_error,
            status,
            newton_iterations,
            seconds: start.elapsed().as_secs_f64(),
            detection_seconds,
            manifolds_computed: self.detector.computed,
            manifolds_reused: self.detector.reused,
        })
    }

    /// Steps 1 and 3: each tree's kinematics at `q0`, its block of A and its free-motion
    /// velocities `v*` (into its [`TreeWork`]).
    fn free_motion(&mut self) -> Result<(), RobotError> {
        let dt = self.settings.time_step;
        let midpoint = self.settings.scheme == TreeScheme::Midpoint;
        for ti in 0..self.world.trees.len() {
            let t = &mut self.world.trees[ti];
            if t.model.nv() == 0 {
                t.model.forward_kinematics(&mut t.data, t.q.as_slice())?;
                continue;
            }
            let w = &mut self.work[ti];
            let ok = if midpoint {
                motion::midpoint(t, w, dt, &mut self.q_next)?
            } else {
                motion::symplectic(t, w, dt)?
            };
            if !ok {
                let what = if midpoint {
                    "the midpoint free motion of tree {} did not converge"
                } else {
                    "the free-motion matrix of tree {} is not positive definite"
                };
                let name = self.world.trees[ti].model.name.clone();
                return Err(self.diverged(what.replace("{}", &name)));
            }
        }
        Ok(())
    }

    /// Step 4's solve: SAP (Algorithm 2) on the refilled problem, warm-started (see
    /// [`Simulator::warm_start`]), into `v_next` and the impulses; `v*` without
    /// constraints.
    fn solve(&mut self) -> Result<Solved, RobotError> {
        let p = &self.problem;
        let has_constraints =
            !(p.contacts().is_empty() && p.pd_controllers().is_empty() && p.joint_limits().is_empty());
        self.impulses.clear();
        if !has_constraints {
            self.last_sap = None;
            self.last_problem = None;
            self.impulses.resize(self.contacts.len(), Vector3::zeros());
            self.v_next.copy_from(p.v_star());
            return Ok((0.0, None, 0));
        }
        self.warm_start();
        let stats = self
            .solver
            .solve_in_place(&self.problem, self.v_guess.as_slice())?;
        if stats.status == SapStatus::IterationLimit {
            let reason = format!(
                "SAP reached its iteration limit ({} Newton iterations, momentum error {:e})",
                stats.iterations, stats.momentum_error
            );
            return Err(self.diverged(reason));
        }
        let out = (stats.momentum_error, Some(stats.status), stats.iterations);
        match &mut self.last_sap {
            Some(last) => last.copy_from(stats),
            None => self.last_sap = Some(stats.clone()),
        }
        self.last_problem = self.settings.sap.record_history.then(|| self.problem.clone());
        self.v_next
            .as_mut_slice()
            .copy_from_slice(self.solver.velocities());
        // Contacts without dofs on either side have no impulse: keep the two lists
        // aligned by giving those zeros.
        let mut solved = self.solver.contact_impulses().iter();
        for &k in &self.kept {
            let gamma = if k { solved.next().copied() } else { None };
            self.impulses.push(gamma.unwrap_or_else(Vector3::zeros));
        }
        Ok(out)
    }

    /// SAP's initial guess: a tree that no constraint acts on (a free object in
    /// flight) is exactly at its optimum `v*` (its block of the SAP gradient is
    /// `A (v - v*)`); every other tree starts from its previous velocities.
    fn warm_start(&mut self) {
        let mut constrained = std::mem::take(&mut self.constrained);
        constrained.clear();
        constrained.resize(self.world.trees.len(), false);
        for (c, &k) in self.contacts.iter().zip(&self.kept) {
            if !k {
                continue;
            }
            for tree in fill::contact_trees(&self.world, c).into_iter().flatten() {
                constrained[tree] = true;
            }
        }
        for (ti, t) in self.world.trees.iter().enumerate() {
            let Some(off) = self.offsets[ti] else { continue };
            let free =
                !constrained[ti] && t.controllers.is_empty() && !(t.joint_limits && fill::has_limits(t));
            let v = if free { &self.work[ti].v_star } else { &t.v };
            self.v_guess.rows_mut(off, t.v.len()).copy_from(v);
        }
        self.constrained = constrained;
    }

    /// Step 5: checks the new velocities and moves every tree, `q = q0 (+) dt v`
    /// (`q0 (+) dt (v0 + v)/2` for the midpoint rule).
    fn integrate(&mut self) -> Result<(), RobotError> {
        let dt = self.settings.time_step;
        let max_speed = self.settings.max_speed;
        if let Some(i) = self
            .v_next
            .iter()
            .position(|x| !(x.is_finite() && x.abs() <= max_speed))
        {
            let tree = (0..self.offsets.len())
                .rev()
                .find(|&t| self.offsets[t].is_some_and(|o| o <= i))
                .map_or_else(String::new, |t| self.world.trees[t].model.name.clone());
            let reason = format!(
                "generalized velocity {i} (tree {tree}) reached {:e} (limit {max_speed:e})",
                self.v_next[i]
            );
            return Err(self.diverged(reason));
        }
        let midpoint = self.settings.scheme == TreeScheme::Midpoint;
        for (ti, t) in self.world.trees.iter_mut().enumerate() {
            let Some(off) = self.offsets[ti] else { continue };
            let nv = t.v.len();
            let nq = t.q.len();
            let v = self.v_next.rows(off, nv);
            if midpoint {
                // q = q0 (+) dt v_m with v_m = (v0 + v) / 2 (theta_vq = 1/2, Eq. 12).
                let vm = &mut self.work[ti].scratch;
                for k in 0..nv {
                    vm[k] = 0.5 * (t.v[k] + v[k]);
                }
                t.model
                    .integrate(t.q.as_slice(), vm.as_slice(), dt, &mut self.q_next[..nq])?;
                t.v.copy_from(&v);
            } else {
                t.v.copy_from(&v);
                t.model
                    .integrate(t.q.as_slice(), t.v.as_slice(), dt, &mut self.q_next[..nq])?;
            }
            t.q.as_mut_slice().copy_from_slice(&self.q_next[..nq]);
            if t.q.iter().any(|x| !x.is_finite()) {
                return Err(RobotError::Diverged {
                    step: self.step,
                    time: self.time,
                    dt,
                    reason: "a non-finite configuration".into(),
                });
            }
        }
        Ok(())
    }
}
