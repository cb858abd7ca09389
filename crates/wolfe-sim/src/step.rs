//! Time stepping: the two-stage theta-method of Section II-C/D (Algorithm 1).
//!
//! Unknowns are the next velocities `v`; mid-step quantities (Eq. 6) are
//! `q^theta = q0 (+) theta dt v^theta_vq`, `v^theta = theta v + (1 - theta) v0`,
//! `v^theta_vq = theta_vq v + (1 - theta_vq) v0`. Stage one solves the momentum balance
//! without contact, `m(v*) = M (v* - v0) - dt k(q^theta, v^theta) = 0` (Eqs. 13-14), by
//! Newton iterations with the SPD matrix `A = M + dt^2 theta theta_vq K + dt theta D`
//! (Eq. 15) in place of the exact Jacobian (Proposition 1: they agree to O(dt); for
//! zero-length springs `A` is exact and one iteration solves it). Stage two solves the
//! linearized balance `A (v - v*) = J^T gamma` (Eq. 18) with the compliant contact
//! constraints by SAP, warm-started from the previous velocities. Positions then
//! follow Eq. 12.
//!
//! Choices the paper leaves open, and ours:
//! - `M` is evaluated at `q0` (exact for the isotropic and planar bodies of the
//!   papers' scenes; first order for free bodies with anisotropic inertia).
//! - Gyroscopic forces (`k2` of Section II-D) are taken at `(q0, v0)` and linearly
//!   implicit: the torque that one Newton step on Euler's equations
//!   `I (w - w0) + dt w x I w = 0` gives (`gyroscopic_torque`). The explicit term
//!   `-w0 x I w0` turns a wobble like explicit Euler and adds energy each step, which
//!   blew up thin bodies spinning about their minor axis (a fork at 120 Hz).
//! - Rotations advance on unit quaternions by the exponential map of the world-frame
//!   angular velocity, which integrates Eq. 1 exactly for a constant velocity.
//! - A spring between two bodies contributes only its diagonal blocks to `A` (so that
//!   each body stays one tree of the SAP problem); stage one still solves Eq. 13 with
//!   the full force.

use std::time::Instant;

use nalgebra::{DMatrix, DVector, Matrix6, SVector};
use wolfe::{Pose, Quat, Vec3};
pub use wolfe_sap::SapStatus;
use wolfe_sap::{SapProblem, SapSolver, SapStats};

use crate::body::{advance, Joint};
use crate::detect::{ContactDetector, DetectedContact, MovingShapes};
use crate::error::SimError;
pub use crate::settings::{Scheme, SimSettings, StepStats};
use crate::tree::PdGains;
use crate::world::{Collider, World};
use wolfe_sap::contact_frame;

mod energy;
mod fill;
mod rigid;
mod study;
mod tree;

use tree::TreeState;

/// Stage one's result: the blocks `A` (Eq. 15), `v*` (Eq. 13), the iterations taken.
pub(super) type FreeMotion = (Vec<DMatrix<f64>>, DVector<f64>, u32);

/// A world being simulated: state, settings and the reusable solvers.
pub struct Simulation {
    world: World,
    settings: SimSettings,
    poses: Vec<Pose>,
    v: DVector<f64>,
    offsets: Vec<usize>,
    maps: Vec<DMatrix<f64>>,
    time: f64,
    step: u64,
    detector: ContactDetector,
    /// Each body's bounding radius about its centre of mass, metres.
    radii: Vec<f64>,
    /// Each body's reach in the coming step (speculative contacts), metres.
    reach: Vec<f64>,
    contacts: Vec<DetectedContact>,
    impulses: Vec<Vec3>,
    sap: SapSolver,
    /// The statistics of the last SAP solve (copied from the solver into kept storage).
    last_sap_stats: Option<SapStats>,
    /// Whether every body is free, the clutter scenes' case: stage one and the SAP
    /// problem are then built in place, without allocation (see `step`).
    all_free: bool,
    /// The SAP problem of the step, rebuilt in place every step (its storage reused).
    problem: SapProblem,
    /// Whether the last step solved `problem` (a step without contacts or joint
    /// constraints solves none).
    problem_solved: bool,
    /// The blocks of A (Eq. 15) of the step, one per body (updated in place on the
    /// allocation-free path).
    a_blocks: Vec<DMatrix<f64>>,
    /// The free-motion velocities v* (Eq. 13) of the step.
    v_star: DVector<f64>,
    /// The next velocities, then swapped with `v`.
    v_next: DVector<f64>,
    /// `v^theta_vq` of the position update (Eq. 12).
    v_vq: DVector<f64>,
    /// The next poses, then swapped with `poses`.
    next_poses: Vec<Pose>,
    /// Each body's generalized force k(q0, v0) of stage one, on the allocation-free path.
    forces6: Vec<SVector<f64, 6>>,
    /// Each articulated tree's state and buffers.
    trees: Vec<TreeState>,
    /// Each articulated tree's offset in the stacked velocities `v` (after the rigid
    /// bodies'), `None` for a tree without dofs.
    tree_offsets: Vec<Option<usize>>,
    /// Each articulated tree's index among SAP's trees (the rigid bodies first).
    tree_sap: Vec<Option<usize>>,
    /// The link geometries' world poses at the step's start, and the last step's.
    link_poses: Vec<Pose>,
    link_previous: Vec<Pose>,
    /// Each link geometry's reach in the coming step (speculative contacts), metres.
    link_reach: Vec<f64>,
    /// Contact Jacobian blocks of rigid bodies beside a link (3 x n, sides A and B).
    body_block_a: DMatrix<f64>,
    body_block_b: DMatrix<f64>,
    /// Each body's spatial inertia `diag(m I, R I R^T)` and the rotation it was computed
    /// at: the kinetic energy at the end of a step and the next step's free motion need
    /// it at the same orientation, so it is computed once (reused only for the
    /// bit-identical rotation, so the values are those computed afresh).
    inertia_cache: Vec<(Quat, Matrix6<f64>)>,
}

impl Simulation {
    /// A simulation of `world` from its bodies' initial states. Checks the settings and
    /// that no two objects overlap by more than `settings.max_initial_penetration`.
    pub fn new(mut world: World, settings: SimSettings) -> Result<Self, SimError> {
        settings.validate()?;
        world.validate()?;
        crate::detect::check_query(&world, settings.contact_query)?;
        let mut offsets = Vec::with_capacity(world.bodies().len());
        let mut v = Vec::new();
        let mut maps = Vec::new();
        for b in world.bodies() {
            offsets.push(v.len());
            v.extend(b.initial_velocities());
            maps.push(b.joint.spatial_map());
        }
        let (mut tree_offsets, mut tree_sap) = (Vec::new(), Vec::new());
        let mut trees = Vec::with_capacity(world.trees().len());
        let mut sap_trees = world.bodies().len();
        for t in 0..world.trees().len() {
            let gravity = world.gravity;
            let tree = world.tree_mut(t)?;
            tree.model.gravity = gravity;
            let nv = tree.model.nv();
            if tree.v0.len() != nv || tree.q0.len() != tree.model.nq() {
                return Err(SimError::invalid(
                    "tree state",
                    format!(
                        "tree {t}: q0 and v0 must have nq = {} and nv = {nv} values",
                        tree.model.nq()
                    ),
                ));
            }
            if nv > 0 && settings.scheme != Scheme::SymplecticEuler && settings.scheme != Scheme::Midpoint {
                return Err(SimError::invalid(
                    "scheme",
                    format!(
                        "{} is not available for articulated trees (symplectic-euler or midpoint)",
                        settings.scheme.name()
                    ),
                ));
            }
            tree_offsets.push((nv > 0).then_some(v.len()));
            tree_sap.push((nv > 0).then_some(sap_trees));
            sap_trees += usize::from(nv > 0);
            v.extend(tree.v0.iter());
            let mut state = TreeState::new(&tree.model, &tree.q0);
            tree.model
                .forward_kinematics(&mut state.data, tree.q0.as_slice())?;
            trees.push(state);
        }
        let link_poses: Vec<Pose> = (0..world.links().len())
            .map(|g| {
                world.link_pose(
                    g,
                    &trees[world.links()[g].tree].data.body_placements()[world.links()[g].body],
                )
            })
            .collect();
        let poses: Vec<Pose> = world.bodies().iter().map(|b| b.pose).collect();
        let radii = world.bodies().iter().map(|b| b.bounding_radius()).collect();
        let all_free = world.bodies().iter().all(|b| b.joint == Joint::Free);
        let nv = v.len();
        let mut sim = Self {
            problem: SapProblem::empty(settings.time_step)?,
            problem_solved: false,
            all_free,
            a_blocks: Vec::new(),
            v_star: DVector::zeros(nv),
            v_next: DVector::zeros(nv),
            v_vq: DVector::zeros(nv),
            next_poses: Vec::with_capacity(poses.len()),
            forces6: Vec::with_capacity(poses.len()),
            inertia_cache: Vec::with_capacity(poses.len()),
            trees,
            tree_offsets,
            tree_sap,
            link_previous: link_poses.clone(),
            link_reach: vec![0.0; link_poses.len()],
            link_poses,
            body_block_a: DMatrix::zeros(3, 6),
            body_block_b: DMatrix::zeros(3, 6),
            detector: ContactDetector::new(settings.margin, settings.angle_tolerance, settings.narrow_phase)?
                .with_query(settings.contact_query)
                .with_reuse_tolerance(settings.reuse_tolerance)
                .with_persistent_contacts(settings.persistent_contacts),
            sap: SapSolver::new(settings.sap)?,
            world,
            settings,
            poses,
            v: DVector::from_vec(v),
            offsets,
            maps,
            time: 0.0,
            step: 0,
            radii,
            reach: Vec::new(),
            contacts: Vec::new(),
            impulses: Vec::new(),
            last_sap_stats: None,
        };
        sim.update_reach();
        sim.detect()?;
        if let Some(c) = sim
            .contacts
            .iter()
            .filter(|c| c.phi0 < -sim.settings.max_initial_penetration)
            .min_by(|a, b| a.phi0.total_cmp(&b.phi0))
        {
            return Err(SimError::InitialOverlap {
                a: sim.collider_name(c.a),
                b: sim.collider_name(c.b),
                depth: -c.phi0,
                allowed: sim.settings.max_initial_penetration,
            });
        }
        Ok(sim)
    }

    /// The world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// A name for messages: the body's, the link's, or `static geometry k`.
    pub fn collider_name(&self, c: Collider) -> String {
        match c {
            Collider::Body(i) => self.world.bodies()[i].name.clone(),
            Collider::Link(g) => self.world.links()[g].name.clone(),
            Collider::Static(k) => format!("static geometry {k}"),
        }
    }

    /// Articulated tree `t`'s configuration now (model order).
    pub fn tree_configuration(&self, t: usize) -> &[f64] {
        self.trees[t].q.as_slice()
    }

    /// Articulated tree `t`'s generalized velocities now.
    pub fn tree_velocities(&self, t: usize) -> &[f64] {
        match self.tree_offsets[t] {
            Some(o) => &self.v.as_slice()[o..o + self.world.trees()[t].model.nv()],
            None => &[],
        }
    }

    /// Articulated tree `t`'s body placements (world) at its current configuration.
    pub fn tree_placements(&self, t: usize) -> &[wolfe_multibody::Se3] {
        self.trees[t].data.body_placements()
    }

    /// The world poses of the link geometries at the start of the last step (after
    /// [`Simulation::new`]: at the initial state).
    pub fn link_poses(&self) -> &[Pose] {
        &self.link_poses
    }

    /// Articulated tree `t`'s PD controllers, to change targets or gains between
    /// steps.
    ///
    /// # Errors
    /// [`SimError::Invalid`] for an index out of range.
    pub fn controllers_mut(&mut self, t: usize) -> Result<&mut Vec<PdGains>, SimError> {
        Ok(&mut self.world.tree_mut(t)?.controllers)
    }

    /// Sets articulated tree `t`'s state (configuration `q`, velocities `v`).
    ///
    /// # Errors
    /// [`SimError::Invalid`] for an index out of range, wrong lengths or values that
    /// are not finite.
    pub fn set_tree_state(&mut self, t: usize, q: &[f64], v: &[f64]) -> Result<(), SimError> {
        let model = &self
            .world
            .trees()
            .get(t)
            .ok_or_else(|| SimError::invalid("tree", format!("index {t}")))?
            .model;
        if q.len() != model.nq() || v.len() != model.nv() || q.iter().chain(v).any(|x| !x.is_finite()) {
            return Err(SimError::invalid(
                "tree state",
                format!(
                    "nq = {} and nv = {} finite values, got {} and {}",
                    model.nq(),
                    model.nv(),
                    q.len(),
                    v.len()
                ),
            ));
        }
        self.trees[t].q.copy_from_slice(q);
        if let Some(o) = self.tree_offsets[t] {
            self.v.as_mut_slice()[o..o + v.len()].copy_from_slice(v);
        }
        model.forward_kinematics(&mut self.trees[t].data, q)?;
        Ok(())
    }

    /// The contacts of the world at the current state, into `self.contacts`.
    fn detect(&mut self) -> Result<(), SimError> {
        let moving = MovingShapes {
            body_poses: &self.poses,
            body_reach: &self.reach,
            link_poses: &self.link_poses,
            link_reach: &self.link_reach,
        };
        self.detector.detect(&self.world, &moving, &mut self.contacts)
    }

    /// Updates the link geometries' world poses from the trees' placements (at the
    /// step's start) and their reach: twice how far they moved in the last step, the
    /// expected motion of the next (zero without speculative contacts).
    fn update_links(&mut self) {
        std::mem::swap(&mut self.link_previous, &mut self.link_poses);
        self.link_poses.clear();
        self.link_reach.clear();
        let speculate = self.settings.speculative_contacts;
        for (g, link) in self.world.links().iter().enumerate() {
            let x = self
                .world
                .link_pose(g, &self.trees[link.tree].data.body_placements()[link.body]);
            let reach = match self.link_previous.get(g) {
                Some(x0) if speculate => {
                    let r = wolfe::ConvexShape::local_aabb(&link.shape);
                    let radius = r.min.abs().sup(&r.max.abs()).norm();
                    2.0 * crate::detect::moved(x0, &x, radius)
                }
                _ => 0.0,
            };
            self.link_poses.push(x);
            self.link_reach.push(reach);
        }
    }

    /// Stage one of the articulated trees: kinematics at `q0`, each tree's block of A
    /// and its `v*` (into its state and the tree's rows of `v_star`).
    fn trees_free_motion(&mut self) -> Result<(), SimError> {
        let dt = self.settings.time_step;
        let midpoint = self.settings.scheme == Scheme::Midpoint;
        for t in 0..self.trees.len() {
            let model = &self.world.trees()[t].model;
            let state = &mut self.trees[t];
            let Some(o) = self.tree_offsets[t] else {
                model.forward_kinematics(&mut state.data, state.q.as_slice())?;
                continue;
            };
            let v0 = &self.v.as_slice()[o..o + model.nv()];
            let ok = if midpoint {
                tree::midpoint(model, state, v0, dt)?
            } else {
                tree::symplectic(model, state, v0, dt)?
            };
            if !ok {
                let what = if midpoint {
                    "the midpoint free motion of tree {} did not converge"
                } else {
                    "the free-motion matrix of tree {} is not positive definite"
                };
                return Err(self.diverged(what.replace("{}", &model.name)));
            }
        }
        Ok(())
    }

    /// Copies the trees' free-motion velocities into their rows of `v_star`.
    fn trees_v_star(&mut self) {
        for (t, state) in self.trees.iter().enumerate() {
            if let Some(o) = self.tree_offsets[t] {
                self.v_star
                    .rows_mut(o, state.v_star.len())
                    .copy_from(&state.v_star);
            }
        }
    }

    fn diverged(&self, reason: String) -> SimError {
        SimError::Diverged {
            step: self.step,
            time: self.time,
            dt: self.settings.time_step,
            reason,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &SimSettings {
        &self.settings
    }

    /// The body poses (centre-of-mass frames) now.
    pub fn poses(&self) -> &[Pose] {
        &self.poses
    }

    /// The generalized velocities now (each body's block at its offset).
    pub fn velocities(&self) -> &DVector<f64> {
        &self.v
    }

    /// Linear velocity of the centre of mass and angular velocity of body `i`, world
    /// frame.
    pub fn body_velocity(&self, i: usize) -> (Vec3, Vec3) {
        let s = self.spatial_velocity(i, &self.v);
        (s.fixed_rows::<3>(0).into(), s.fixed_rows::<3>(3).into())
    }

    /// The time, seconds.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// The contacts detected at the start of the last step.
    pub fn contacts(&self) -> &[DetectedContact] {
        &self.contacts
    }

    /// The contact-surface polygons behind the patch contacts among
    /// [`Simulation::contacts`] (pairs with a compliant hydroelastic side), with their
    /// vertices: what the viewer draws coloured by pressure.
    pub fn contact_patches(&self) -> &crate::detect::ContactPatches {
        self.detector.contact_patches()
    }

    /// The statistics of the last step's SAP solve (`None` before the first solve;
    /// a step without contacts keeps the previous one). With
    /// [`wolfe_sap::SapSettings::record_history`] set in [`SimSettings::sap`] they hold the
    /// per-iteration history, for convergence studies.
    pub fn last_sap_stats(&self) -> Option<&SapStats> {
        self.last_sap_stats.as_ref()
    }

    /// The SAP problem the last step solved (`None` when it solved none: before the
    /// first step, and after a step without contacts or joint constraints). With the
    /// regularization of [`SimSettings::sap`] it gives the step's model
    /// ([`wolfe_sap::SapModel::new`]), so that another method (an interior-point solver,
    /// a fresh SAP solve from the step's start velocities) can solve the same problem.
    pub fn last_problem(&self) -> Option<&SapProblem> {
        self.problem_solved.then_some(&self.problem)
    }

    /// The contact impulses of the last step's SAP solve, one per
    /// [`Simulation::contacts`] entry (same order; empty before the first step), each
    /// in its contact frame `[gamma_t (2), gamma_n]` (z along the normal from A to B),
    /// N s: the impulse on B, the opposite on A. The mean force over the step is
    /// `gamma / dt`.
    pub fn contact_impulses(&self) -> &[Vec3] {
        &self.impulses
    }

    /// Advances the simulation by one time step (Algorithm 1).
    pub fn step(&mut self) -> Result<StepStats, SimError> {
        let start = Instant::now();
        let dt = self.settings.time_step;
        let (theta, theta_vq) = self.settings.scheme.theta();
        // Articulated trees: kinematics at q0 and their free motion (stage one).
        self.trees_free_motion()?;
        self.update_links();
        // 1. Contacts at q0.
        let detection_start = Instant::now();
        self.update_reach();
        self.detect()?;
        let detection_seconds = detection_start.elapsed().as_secs_f64();
        // 2. Free motion. Free bodies under symplectic (or explicit) Euler without
        // springs: forces at (q0, v0) only, one 6 x 6 solve per body, in place.
        let in_place = self.all_free && theta == 0.0 && self.world.springs().is_empty();
        let free_iterations = if in_place {
            self.free_motion_free_bodies()?
        } else {
            let (a, v_star, iterations) = self.free_motion_stage(theta, theta_vq)?;
            self.a_blocks = a;
            self.v_star = v_star;
            iterations
        };
        self.trees_v_star();
        // 3. Contact solve.
        let mut stats = StepStats {
            step: self.step + 1,
            time: self.time + dt,
            contacts: self.contacts.len(),
            touching_pairs: touching_pairs(&self.contacts),
            newton_iterations: 0,
            total_newton_iterations: 0,
            sap_islands: 0,
            line_search_iterations: 0,
            free_motion_iterations: free_iterations,
            sap_status: None,
            momentum_error: 0.0,
            step_seconds: 0.0,
            detection_seconds,
            solve_seconds: 0.0,
            kinetic_energy: 0.0,
            potential_energy: 0.0,
            max_penetration: self.contacts.iter().fold(0.0, |m, c| m.max(-c.phi0)),
        };
        let solve_start = Instant::now();
        self.problem_solved = false;
        if self.contacts.is_empty() && !self.has_joint_constraints() {
            self.impulses.clear();
            self.v_next.copy_from(&self.v_star);
        } else {
            self.fill_problem()?;
            let solved = self.sap.solve_in_place(&self.problem, self.v.as_slice())?;
            self.problem_solved = true;
            stats.newton_iterations = solved.iterations;
            stats.total_newton_iterations = solved.total_iterations;
            stats.sap_islands = solved.islands;
            stats.line_search_iterations = solved.line_search_iterations;
            stats.sap_status = Some(solved.status);
            stats.momentum_error = solved.momentum_error;
            match &mut self.last_sap_stats {
                Some(last) => last.copy_from(solved),
                None => self.last_sap_stats = Some(solved.clone()),
            }
            self.impulses.clear();
            self.impulses.extend_from_slice(self.sap.contact_impulses());
            self.v_next.as_mut_slice().copy_from_slice(self.sap.velocities());
        }
        stats.solve_seconds = solve_start.elapsed().as_secs_f64();
        // 4. Positions (Eqs. 11-12).
        for ((vq, v), v0) in self.v_vq.iter_mut().zip(self.v_next.iter()).zip(self.v.iter()) {
            *vq = theta_vq * v + (1.0 - theta_vq) * v0;
        }
        self.next_poses.clear();
        for i in 0..self.poses.len() {
            let s = self.spatial_velocity(i, &self.v_vq);
            let pose = advance(
                &self.poses[i],
                &s.fixed_rows::<3>(0).into(),
                &s.fixed_rows::<3>(3).into(),
                dt,
            );
            self.next_poses.push(pose);
        }
        if self.v_next.iter().any(|x| !x.is_finite()) || self.next_poses.iter().any(|p| p.validate().is_err())
        {
            return Err(SimError::NonFiniteState { step: self.step + 1 });
        }
        if let Some(i) = self.v_next.iter().position(|x| x.abs() > self.settings.max_speed) {
            let reason = format!(
                "generalized velocity {i} reached {:e} (limit max_speed = {:e})",
                self.v_next[i], self.settings.max_speed
            );
            return Err(self.diverged(reason));
        }
        self.integrate_trees(theta_vq)?;
        std::mem::swap(&mut self.poses, &mut self.next_poses);
        std::mem::swap(&mut self.v, &mut self.v_next);
        self.time += dt;
        self.step += 1;
        stats.step_seconds = start.elapsed().as_secs_f64();
        stats.kinetic_energy = self.kinetic_energy_cached()?;
        stats.potential_energy = self.potential_energy();
        Ok(stats)
    }
}

/// The number of distinct object pairs with a contact point at signed distance <= 0
/// (the detector emits each pair's points consecutively).
fn touching_pairs(contacts: &[DetectedContact]) -> usize {
    let key = |c: &DetectedContact| (c.a, c.b);
    let mut count = 0;
    let mut last = None;
    for c in contacts.iter().filter(|c| c.phi0 <= 0.0) {
        if last != Some(key(c)) {
            count += 1;
            last = Some(key(c));
        }
    }
    count
}
