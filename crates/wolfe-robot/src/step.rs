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
//! Allocation: the detector's buffers, the Jacobian workspaces and the per-tree vectors
//! are reused; SAP's problem owns its data, so every step still allocates the trees'
//! blocks of A, the contact Jacobians and the problem's and solution's vectors (the
//! solver's own factorization workspaces are reused).

use std::time::Instant;

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};
use wolfe::Vec3;
use wolfe_sap::{
    Constraints, ContactConstraint, JointLimitConstraint, PdControllerConstraint, SapProblem, SapSettings,
    SapSolver, SapStats, SapStatus, Tree,
};

use crate::detect::{ContactObject, Detector, RobotContact};
use crate::error::RobotError;
use crate::narrow::NarrowPhase;
use crate::world::{one_dof_limits, Owner, RobotWorld};

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
    kept: Vec<bool>,
    jac: Vec<DMatrix<f64>>,
    jac_b: Vec<DMatrix<f64>>,
    /// Offset of each tree in SAP's stacked velocities, `None` for a tree without dofs.
    sap_tree: Vec<Option<usize>>,
    v_guess: DVector<f64>,
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
        let mut sap_tree = Vec::new();
        for t in &world.trees {
            let nv = t.model.nv();
            sap_tree.push((nv > 0).then_some(offset));
            offset += nv;
        }
        let jac = world
            .trees
            .iter()
            .map(|t| DMatrix::zeros(6, t.model.nv()))
            .collect::<Vec<_>>();
        let nq_max = world.trees.iter().map(|t| t.model.nq()).max().unwrap_or(0);
        Ok(Self {
            solver: SapSolver::new(settings.sap)?,
            narrow: NarrowPhase::new(settings.margin, settings.angle_tolerance)?,
            detector: Detector::default(),
            contacts: Vec::new(),
            impulses: Vec::new(),
            kept: Vec::new(),
            jac_b: jac.clone(),
            jac,
            sap_tree,
            v_guess: DVector::zeros(offset),
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
        let dt = self.settings.time_step;
        // 1, 3: kinematics and free motion, tree by tree.
        let mut trees = Vec::with_capacity(self.world.trees.len());
        for t in &mut self.world.trees {
            let nv = t.model.nv();
            if nv == 0 {
                t.model.forward_kinematics(&mut t.data, t.q.as_slice())?;
                continue;
            }
            if self.settings.scheme == TreeScheme::Midpoint {
                let Some((a, v_star)) = midpoint_free_motion(t, dt, &mut self.q_next)? else {
                    let name = t.model.name.clone();
                    return Err(RobotError::Diverged {
                        step: self.step,
                        time: self.time,
                        dt,
                        reason: format!("the midpoint free motion of tree {name} did not converge"),
                    });
                };
                trees.push(Tree::new(a, v_star));
                continue;
            }
            let mut a = t.model.mass_matrix(&mut t.data, t.q.as_slice())?.clone_owned();
            let a_m = a.clone();
            let bias = t
                .model
                .bias_forces(&mut t.data, t.q.as_slice(), t.v.as_slice())?
                .clone_owned();
            let d = t.model.damping();
            let mut rhs = DVector::zeros(nv);
            for k in 0..nv {
                a[(k, k)] += dt * d[k];
                rhs[k] = -dt * (bias[k] + d[k] * t.v[k]);
            }
            let Some(chol) = a.clone().cholesky() else {
                let name = t.model.name.clone();
                return Err(RobotError::Diverged {
                    step: self.step,
                    time: self.time,
                    dt,
                    reason: format!("the free-motion matrix of tree {name} is not positive definite"),
                });
            };
            let mut v_star = &t.v + chol.solve(&rhs);
            if t.free_object {
                // The gyroscopic terms of a free body do no work (M is constant in body
                // coordinates), but explicit at v0 they add energy every step
                // (|v| grows by sqrt(1 + (dt |w|)^2)) and a fast spin runs away. Keep the
                // explicit update and give its gyroscopic part back the kinetic energy
                // of v0: split v* = v0 + dv_c + dv_g (Coriolis, gravity and dampers),
                // rescale v0 + dv_c to the energy of v0.
                let g = t.model.gravity_torques(&mut t.data, t.q.as_slice())?;
                let mut rhs_g = DVector::zeros(nv);
                for k in 0..nv {
                    rhs_g[k] = -dt * (g[k] + d[k] * t.v[k]);
                }
                let dv_g = chol.solve(&rhs_g);
                let mut v_c = &v_star - &dv_g;
                let e0 = t.v.dot(&(&a_m * &t.v));
                let e1 = v_c.dot(&(&a_m * &v_c));
                if e1 > e0 && e1 > 0.0 {
                    v_c *= (e0 / e1).sqrt();
                }
                v_star = v_c + dv_g;
            }
            trees.push(Tree::new(a, v_star));
        }
        // 2: contacts and their Jacobians.
        let detection_start = Instant::now();
        self.detector.detect(
            &self.world,
            &mut self.narrow,
            self.settings.reuse_tolerance,
            &mut self.contacts,
        )?;
        let detection_seconds = detection_start.elapsed().as_secs_f64();
        let mut constraints = Constraints::default();
        let mut max_penetration = 0.0f64;
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        let detected = std::mem::take(&mut self.contacts);
        for c in &detected {
            max_penetration = max_penetration.max(-c.phi0);
            let frame = contact_frame(&c.normal);
            let ct = frame.transpose();
            let owner_b = self.world.geometries[c.b].owner;
            let owner_a = match c.a {
                ContactObject::Geometry(g) => self.world.geometries[g].owner,
                ContactObject::HalfSpace(_) => Owner::World,
            };
            let jb = self.block(owner_b, &c.point, &ct, 1.0, false)?;
            let ja = self.block(owner_a, &c.point, &ct, -1.0, true)?;
            let contact = match (ja, jb) {
                (Some((ta, ja)), Some((tb, jb))) if ta == tb => {
                    ContactConstraint::with_world(ta, ja + jb, c.phi0)
                }
                (Some((ta, ja)), Some((tb, jb))) => ContactConstraint::between(ta, ja, tb, jb, c.phi0),
                (Some((t, j)), None) | (None, Some((t, j))) => ContactConstraint::with_world(t, j, c.phi0),
                (None, None) => {
                    kept.push(false);
                    continue;
                }
            };
            kept.push(true);
            constraints.contacts.push(contact.with_parameters(
                self.settings.contact_stiffness,
                self.settings.dissipation_time_scale,
                c.friction,
            ));
        }
        // 4: joint constraints.
        for (ti, t) in self.world.trees.iter().enumerate() {
            let Some(sap_t) = self.sap_index(ti) else { continue };
            for pd in &t.controllers {
                let q0 = t.q[q_index_of(t, pd.dof)];
                constraints.pd_controllers.push(
                    PdControllerConstraint::new(sap_t, pd.dof, q0, pd.kp, pd.kd)
                        .with_target(pd.q_target, pd.v_target)
                        .with_feed_forward(pd.feed_forward)
                        .with_effort_limit(pd.effort_limit),
                );
            }
            if t.joint_limits {
                for b in t.model.bodies() {
                    let l = &b.joint.limits;
                    if let Some((lo, hi)) = one_dof_limits(&b.joint.kind, l.lower, l.upper) {
                        let q0 = t.q[b.q_index];
                        constraints
                            .joint_limits
                            .push(JointLimitConstraint::lower(sap_t, b.v_index, q0, lo));
                        constraints
                            .joint_limits
                            .push(JointLimitConstraint::upper(sap_t, b.v_index, q0, hi));
                    }
                }
            }
        }
        self.contacts = detected;
        let has_constraints = !(constraints.contacts.is_empty()
            && constraints.pd_controllers.is_empty()
            && constraints.joint_limits.is_empty());
        // Warm start: a tree that no constraint acts on (a free object in flight) is
        // exactly at its optimum v* (its block of the SAP gradient is A (v - v*));
        // every other tree starts from its previous velocities.
        let mut constrained = std::mem::take(&mut self.constrained);
        constrained.clear();
        constrained.resize(self.world.trees.len(), false);
        for (c, &k) in self.contacts.iter().zip(&kept) {
            if !k {
                continue;
            }
            let owners = [
                Some(self.world.geometries[c.b].owner),
                match c.a {
                    ContactObject::Geometry(g) => Some(self.world.geometries[g].owner),
                    ContactObject::HalfSpace(_) => None,
                },
            ];
            for o in owners.into_iter().flatten() {
                if let Owner::Body { tree, .. } = o {
                    constrained[tree] = true;
                }
            }
        }
        let mut sap_t = 0;
        for (ti, t) in self.world.trees.iter().enumerate() {
            if let Some(off) = self.sap_tree[ti] {
                let free = !constrained[ti] && t.controllers.is_empty() && !(t.joint_limits && has_limits(t));
                if free {
                    self.v_guess
                        .rows_mut(off, t.v.len())
                        .copy_from(&trees[sap_t].v_star);
                } else {
                    self.v_guess.rows_mut(off, t.v.len()).copy_from(&t.v);
                }
                sap_t += 1;
            }
        }
        self.constrained = constrained;
        let (v, momentum_error, status, newton_iterations) = if has_constraints {
            let problem = SapProblem::with_constraints(dt, trees, constraints)?;
            let sol = self.solver.solve(&problem, &self.v_guess)?;
            if sol.stats.status == SapStatus::IterationLimit {
                return Err(self.diverged(format!(
                    "SAP reached its iteration limit ({} Newton iterations, momentum error {:e})",
                    sol.stats.iterations, sol.stats.momentum_error
                )));
            }
            self.impulses.clear();
            self.impulses.extend_from_slice(&sol.gamma);
            let out = (
                sol.v,
                sol.stats.momentum_error,
                Some(sol.stats.status),
                sol.stats.iterations,
            );
            self.last_sap = Some(sol.stats);
            self.last_problem = self.settings.sap.record_history.then_some(problem);
            out
        } else {
            self.last_sap = None;
            self.last_problem = None;
            self.impulses.clear();
            let mut v = DVector::zeros(self.v_guess.len());
            let mut off = 0;
            for t in &trees {
                v.rows_mut(off, t.dofs()).copy_from(&t.v_star);
                off += t.dofs();
            }
            (v, 0.0, None, 0)
        };
        // Contacts without dofs on either side have no impulse: keep the two lists
        // aligned by giving those zeros.
        if self.impulses.len() != self.contacts.len() {
            let mut solved = std::mem::take(&mut self.impulses).into_iter();
            self.impulses = kept
                .iter()
                .map(|&k| {
                    if k {
                        solved.next().unwrap_or_default()
                    } else {
                        Vector3::zeros()
                    }
                })
                .collect();
        }
        self.kept = kept;
        // 5: positions.
        if let Some(i) = v
            .iter()
            .position(|x| !(x.is_finite() && x.abs() <= self.settings.max_speed))
        {
            let tree = (0..self.sap_tree.len())
                .rev()
                .find(|&t| self.sap_tree[t].is_some_and(|o| o <= i))
                .map_or_else(String::new, |t| self.world.trees[t].model.name.clone());
            return Err(self.diverged(format!(
                "generalized velocity {i} (tree {tree}) reached {:e} (limit {:e})",
                v[i], self.settings.max_speed
            )));
        }
        let midpoint = self.settings.scheme == TreeScheme::Midpoint;
        for (ti, t) in self.world.trees.iter_mut().enumerate() {
            let Some(off) = self.sap_tree[ti] else { continue };
            let nv = t.v.len();
            let nq = t.q.len();
            if midpoint {
                // q = q0 (+) dt v_m with v_m = (v0 + v) / 2 (theta_vq = 1/2, Eq. 12).
                let mut vm = v.rows(off, nv).into_owned();
                vm += &t.v;
                vm *= 0.5;
                t.model
                    .integrate(t.q.as_slice(), vm.as_slice(), dt, &mut self.q_next[..nq])?;
                t.v.copy_from(&v.rows(off, nv));
            } else {
                t.v.copy_from(&v.rows(off, nv));
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
        self.step += 1;
        self.time += dt;
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

    /// SAP's index of tree `t` (trees without dofs are left out).
    fn sap_index(&self, t: usize) -> Option<usize> {
        self.sap_tree[t]?;
        Some(self.sap_tree[..t].iter().filter(|o| o.is_some()).count())
    }

    /// The 3 x nv contact Jacobian block `sign C^T J_lin(p)` of `owner`, with its SAP tree.
    fn block(
        &mut self,
        owner: Owner,
        p: &Vec3,
        ct: &Matrix3<f64>,
        sign: f64,
        use_b: bool,
    ) -> Result<Option<(usize, DMatrix<f64>)>, RobotError> {
        let Owner::Body { tree, body } = owner else {
            return Ok(None);
        };
        let Some(sap_t) = self.sap_index(tree) else {
            return Ok(None);
        };
        let t = &mut self.world.trees[tree];
        let j6 = if use_b {
            &mut self.jac_b[tree]
        } else {
            &mut self.jac[tree]
        };
        t.model.point_jacobian(&mut t.data, Some(body), p, j6)?;
        let lin = j6.rows(0, 3);
        let block = (ct * lin) * sign;
        Ok(Some((
            sap_t,
            DMatrix::from_column_slice(3, block.ncols(), block.as_slice()),
        )))
    }
}

/// A tree's block `A` of Eq. 18 and its free-motion velocities `v*`.
type FreeMotion = (DMatrix<f64>, DVector<f64>);

/// Most fixed-point Newton iterations of the midpoint free motion.
const MIDPOINT_MAX_ITERATIONS: usize = 100;

/// Stage one of [`TreeScheme::Midpoint`] for one tree with dofs: the free-motion
/// velocities `v*` solving the momentum balance at the midpoint (Eqs. 13-14 with
/// theta = theta_vq = 1/2),
/// `r(v) = M(q_m) (v - v0) + dt (c(q_m, v_m) + g(q_m) + D v_m) = 0`,
/// `v_m = (v0 + v)/2`, `q_m = q0 (+) dt/2 v_m`, by the iterations
/// `v <- v - A^-1 r(v)` with `A = M(q_m) + dt/2 D` (the exact Jacobian less the
/// O(dt) derivatives of `c` and `M`: Proposition 1, so they contract by a factor O(dt)
/// each). Stops when `|r|` reaches round-off (1e-14 of the momentum scale) or the update
/// stops changing `v`. Returns `A` (SAP's block, Eq. 18) and `v*`, or `None` when it did
/// not converge or `A` is not positive definite. Leaves the body placements at `q0`
/// (contacts are detected there).
fn midpoint_free_motion(
    t: &mut crate::world::TreeEntry,
    dt: f64,
    q_mid: &mut [f64],
) -> Result<Option<FreeMotion>, RobotError> {
    let nv = t.model.nv();
    let nq = t.model.nq();
    let d = t.model.damping().clone_owned();
    let v0 = t.v.clone();
    let mut v = v0.clone();
    let mut result = None;
    let mut last_step = f64::INFINITY;
    for _ in 0..MIDPOINT_MAX_ITERATIONS {
        let mut vm = &v0 + &v;
        vm *= 0.5;
        t.model
            .integrate(t.q.as_slice(), vm.as_slice(), 0.5 * dt, &mut q_mid[..nq])?;
        let mut a = t.model.mass_matrix(&mut t.data, &q_mid[..nq])?.clone_owned();
        let p0 = (&a * &v0).norm();
        let mut r = &a * (&v - &v0);
        let bias = t.model.bias_forces(&mut t.data, &q_mid[..nq], vm.as_slice())?;
        let mut scale = p0.max(r.norm());
        let mut force = 0.0f64;
        for k in 0..nv {
            let f = dt * (bias[k] + d[k] * vm[k]);
            force = force.max(f.abs());
            r[k] += f;
            a[(k, k)] += 0.5 * dt * d[k];
        }
        scale = scale.max(force);
        let Some(chol) = a.clone().cholesky() else {
            return Ok(None);
        };
        let rn = r.norm();
        if rn <= 1e-14 * scale || scale == 0.0 {
            result = Some((a, v));
            break;
        }
        let dv = chol.solve(&r);
        let step = dv.norm();
        v -= dv;
        // Round-off floor: the update no longer shrinks and is at the level of v.
        if step <= 4.0 * f64::EPSILON * v.norm() || (step >= last_step && step <= 1e-12 * (1.0 + v.norm())) {
            result = Some((a, v));
            break;
        }
        last_step = step;
    }
    t.model.forward_kinematics(&mut t.data, t.q.as_slice())?;
    Ok(result)
}

/// Whether tree `t` has a joint with finite position limits (a limit constraint of
/// step 4 when its limits are enabled).
fn has_limits(t: &crate::world::TreeEntry) -> bool {
    t.model
        .bodies()
        .iter()
        .any(|b| one_dof_limits(&b.joint.kind, b.joint.limits.lower, b.joint.limits.upper).is_some())
}

/// The configuration index of velocity index `dof` (one-dof joints: the same joint's
/// coordinate).
fn q_index_of(t: &crate::world::TreeEntry, dof: usize) -> usize {
    t.model
        .bodies()
        .iter()
        .find(|b| dof >= b.v_index && dof < b.v_index + b.joint.kind.nv())
        .map_or(dof, |b| b.q_index + (dof - b.v_index))
}
