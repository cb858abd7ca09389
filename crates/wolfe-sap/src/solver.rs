//! The Semi-Analytic Primal solver (Algorithm 2): Newton iterations on the
//! unconstrained convex cost (24) with an exact line search (Section IV-B, IV-C).

use nalgebra::{DVector, Matrix3, Vector3};

use crate::cone::ConeRegion;
use crate::error::SapError;
use crate::linalg::{Factorization, HessianSolver, LinearSolver};
use crate::model::{RegularizationSettings, SapModel};
use crate::problem::{SapProblem, MAX_ENERGY_SCALE};

mod island_solve;
mod line_search;
mod momentum;
mod stall;

use line_search::{LineContact, LineData};
pub(crate) use momentum::check_model;
pub use momentum::momentum_error;
use momentum::momentum_error_of_sums;
pub use stall::StallReason;

/// The line search of step 4 of Algorithm 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineSearch {
    /// Exact: the root of d(ell)/d(alpha) on (0, alpha_max] by a safeguarded
    /// Newton-bisection root finder (`rtsafe`), with the O(n) derivatives of Sec. IV-C.
    Exact,
    /// Backtracking from alpha_max by the factor rho until Armijo's criterion holds.
    Backtracking,
}

/// Settings of the SAP solver.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SapSettings {
    /// beta and sigma of Section V-B.
    pub regularization: RegularizationSettings,
    /// Relative tolerance eps_r of the stopping criterion (Eq. 26).
    pub relative_tolerance: f64,
    /// Absolute tolerance eps_a of the stopping criterion (Eq. 26).
    pub absolute_tolerance: f64,
    /// Maximum number of Newton iterations.
    pub max_iterations: u32,
    /// Line search.
    pub line_search: LineSearch,
    /// Maximum step length alpha_max of the exact line search.
    pub alpha_max: f64,
    /// Initial (maximum) step length of the backtracking line search; with the default
    /// 1.25 and rho = 0.8 the second trial is the full Newton step alpha = 1.
    pub backtracking_alpha_max: f64,
    /// Maximum iterations of one line search.
    pub line_search_max_iterations: u32,
    /// Exact line search: stop when the bracket on alpha is below this relative width,
    /// or |d(ell)/d(alpha)| below this fraction of its value at alpha = 0 (or below its
    /// floating-point round-off level, where its sign no longer means anything).
    /// Default 1e-8: the step length only needs the accuracy that keeps Newton's
    /// quadratic convergence (an alpha error of 1e-8 leaves a gradient of about 1e-8 of
    /// the previous one); measured on the 40-body clutter scene it saves 9% of the
    /// line-search evaluations against 1e-14 with the same Newton iterations and the
    /// same stopping criterion (Eq. 26) at every step.
    pub line_search_tolerance: f64,
    /// Backtracking: Armijo's constant c.
    pub armijo_c: f64,
    /// Backtracking: reduction factor rho in (0, 1).
    pub backtracking_rho: f64,
    /// Dense, sparse or block factorization of H.
    pub linear_solver: LinearSolver,
    /// With [`LinearSolver::Auto`] and a tree of more than
    /// [`crate::BLOCK_MAX_TREE_DOFS`] dofs (otherwise the block factorization is
    /// used), problems with at most this many generalized velocities use the dense
    /// factorization. Default 90: measured with
    /// `wolfe bench sap` (clutter-like problems of free bodies), the sparse
    /// factorization is as fast as the dense one from 72 dofs (12 bodies) on islands
    /// and from 96 dofs (16 bodies) on piles, and 2-5x faster at 240 dofs.
    pub dense_max_dofs: usize,
    /// Record the per-iteration history of a solve in [`SapStats::history`]
    /// (diagnostics: allocates per iteration). Default false. A recorded solve is
    /// monolithic (as with `islands: false`): one history for the whole problem.
    pub record_history: bool,
    /// Solve each island (connected component of the tree graph, see
    /// [`crate::island`]) as its own problem when there is more than one: the cost (24)
    /// is separable across islands, so the minimizer is the same, but each island gets
    /// its own Newton iterations, exact line search and (dense or sparse, by
    /// `dense_max_dofs`) factorization, and stops as soon as it converged. The
    /// stopping criterion (Eq. 26) still holds on the whole problem (see
    /// [`SapStats::momentum_error`] and the proof in the island solver). Default true;
    /// false solves the whole problem at once.
    pub islands: bool,
}

impl Default for SapSettings {
    fn default() -> Self {
        Self {
            regularization: RegularizationSettings::default(),
            relative_tolerance: 1e-6,
            absolute_tolerance: 1e-16,
            max_iterations: 100,
            line_search: LineSearch::Exact,
            alpha_max: 1.5,
            backtracking_alpha_max: 1.25,
            line_search_max_iterations: 100,
            line_search_tolerance: 1e-8,
            armijo_c: 1e-4,
            backtracking_rho: 0.8,
            linear_solver: LinearSolver::Auto,
            dense_max_dofs: 90,
            record_history: false,
            islands: true,
        }
    }
}

impl SapSettings {
    /// Checks every setting.
    ///
    /// # Errors
    /// [`SapError::InvalidSetting`] for a value out of range.
    pub fn validate(&self) -> Result<(), SapError> {
        self.regularization.validate()?;
        let bad = |setting, value| Err(SapError::InvalidSetting { setting, value });
        if !(self.relative_tolerance.is_finite() && self.relative_tolerance >= 0.0) {
            return bad("relative_tolerance", self.relative_tolerance);
        }
        if !(self.absolute_tolerance.is_finite() && self.absolute_tolerance >= 0.0) {
            return bad("absolute_tolerance", self.absolute_tolerance);
        }
        if self.relative_tolerance == 0.0 && self.absolute_tolerance == 0.0 {
            return bad("relative_tolerance", 0.0);
        }
        if !(self.alpha_max.is_finite() && self.alpha_max > 0.0) {
            return bad("alpha_max", self.alpha_max);
        }
        if !(self.backtracking_alpha_max.is_finite() && self.backtracking_alpha_max > 0.0) {
            return bad("backtracking_alpha_max", self.backtracking_alpha_max);
        }
        if self.line_search_max_iterations == 0 {
            return bad("line_search_max_iterations", 0.0);
        }
        if !(self.line_search_tolerance.is_finite() && self.line_search_tolerance > 0.0) {
            return bad("line_search_tolerance", self.line_search_tolerance);
        }
        if !(self.armijo_c > 0.0 && self.armijo_c < 1.0) {
            return bad("armijo_c", self.armijo_c);
        }
        if !(self.backtracking_rho > 0.0 && self.backtracking_rho < 1.0) {
            return bad("backtracking_rho", self.backtracking_rho);
        }
        Ok(())
    }
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SapStatus {
    /// The stopping criterion (Eq. 26) holds at the returned velocities.
    Converged,
    /// The iteration limit was reached before Eq. 26 held.
    IterationLimit,
    /// No further progress in floating point (the Newton step is not a descent
    /// direction any more, or the step changes v by less than round-off) before Eq. 26
    /// held.
    Stalled,
}

/// Statistics of a solve.
#[derive(Debug, Clone, PartialEq)]
pub struct SapStats {
    /// Newton iterations (factorizations of H). Solved by islands: the most Newton
    /// iterations of any island, summed over the rounds (the depth, comparable with a
    /// monolithic solve).
    pub iterations: u32,
    /// Newton iterations summed over the islands (equal to `iterations` for a
    /// monolithic solve): the number of factorizations, each of one island's H.
    pub total_iterations: u32,
    /// Number of islands solved separately in the last round (1 when the whole problem
    /// was solved at once: islands off, or a single island).
    pub islands: u32,
    /// Line-search iterations, summed over the Newton iterations (and the islands).
    pub line_search_iterations: u32,
    /// The cost ell_p (Eq. 24) at the initial guess and after every iteration. Solved
    /// by islands: two entries, the cost of the whole problem at the initial guess and
    /// at the returned velocities.
    pub cost: Vec<f64>,
    /// The dimensionless momentum error e_m (Eq. 32) at the returned velocities,
    /// of the whole problem (also when solved by islands: summed from the islands'
    /// exact parts, see the island solver).
    /// When the status is [`SapStatus::Converged`], `e_m < eps_r + eps_a / scale` with
    /// `scale = max(|p~|, |j~_c|)` (Eq. 26), so `e_m < eps_r` when `eps_a = 0`.
    pub momentum_error: f64,
    /// How the solve ended.
    pub status: SapStatus,
    /// Why the solve stalled, when `status` is [`SapStatus::Stalled`] (`None`
    /// otherwise).
    pub stall: Option<StallReason>,
    /// Whether faer's sparse factorization was used (by any island).
    pub sparse: bool,
    /// Whether the block factorization by tree ([`LinearSolver::Block`]) was used (by
    /// any island).
    pub block: bool,
    /// Whether the symbolic sparse factorization of an earlier solve was reused (by
    /// every island that used the sparse factorization).
    pub symbolic_reused: bool,
    /// One record per Newton iteration when [`SapSettings::record_history`] is set
    /// (empty otherwise).
    pub history: Vec<IterationRecord>,
}

impl SapStats {
    /// The statistics before any solve (no allocation).
    fn empty() -> Self {
        Self {
            iterations: 0,
            total_iterations: 0,
            islands: 1,
            line_search_iterations: 0,
            cost: Vec::new(),
            momentum_error: f64::NAN,
            status: SapStatus::IterationLimit,
            stall: None,
            sparse: false,
            block: false,
            symbolic_reused: false,
            history: Vec::new(),
        }
    }

    /// Resets for a new solve, keeping the storage of `cost` and `history`.
    fn reset(&mut self, factorization: Option<Factorization>, symbolic_reused: bool) {
        self.iterations = 0;
        self.total_iterations = 0;
        self.islands = 1;
        self.line_search_iterations = 0;
        self.cost.clear();
        self.momentum_error = f64::NAN;
        self.status = SapStatus::IterationLimit;
        self.stall = None;
        self.sparse = factorization == Some(Factorization::Sparse);
        self.block = factorization == Some(Factorization::Block);
        self.symbolic_reused = symbolic_reused;
        self.history.clear();
    }

    /// Copies `other` into `self`, reusing the storage of `cost` (and of `history`'s
    /// vector): no allocation when `self` has held as long a history.
    pub fn copy_from(&mut self, other: &SapStats) {
        self.iterations = other.iterations;
        self.total_iterations = other.total_iterations;
        self.islands = other.islands;
        self.line_search_iterations = other.line_search_iterations;
        self.cost.clear();
        self.cost.extend_from_slice(&other.cost);
        self.momentum_error = other.momentum_error;
        self.status = other.status;
        self.stall = other.stall;
        self.sparse = other.sparse;
        self.block = other.block;
        self.symbolic_reused = other.symbolic_reused;
        self.history.clone_from(&other.history);
    }
}

/// The state of one Newton iteration of Algorithm 2, recorded with
/// [`SapSettings::record_history`] to study convergence (Appendix E).
#[derive(Debug, Clone, PartialEq)]
pub struct IterationRecord {
    /// The iterate v_m at which the iteration starts.
    pub v: Vec<f64>,
    /// ell_p(v_m), Eq. (24).
    pub cost: f64,
    /// The scaled gradient norm ||D grad ell_p(v_m)|| (Eq. 25).
    pub gradient_norm: f64,
    /// e_m (Eq. 32) at v_m.
    pub momentum_error: f64,
    /// The region of every contact at v_m (Appendix C).
    pub regions: Vec<ConeRegion>,
    /// The impulses of the one-row constraints at v_m (PD controllers, joint limits,
    /// couplers).
    pub joint_impulses: Vec<f64>,
    /// The Newton decrement squared, grad^T H^{-1} grad = -d(ell)/d(alpha) at alpha = 0.
    pub newton_decrement: f64,
    /// The step length alpha_m chosen by the line search.
    pub alpha: f64,
    /// Iterations of this line search.
    pub line_search_iterations: u32,
}

/// The result of a solve.
#[derive(Debug, Clone)]
pub struct SapSolution {
    /// Generalized velocities v (stacked by tree).
    pub v: DVector<f64>,
    /// Contact impulses gamma = P_F(y(v)) per contact (N s), in the contact frame
    /// `[gamma_t (2), gamma_n]`.
    pub gamma: Vec<Vector3<f64>>,
    /// PD controller impulses `dt u` per controller (N m s or N s), in `[-e dt, e dt]`;
    /// the effort applied over the step is `u = gamma / dt`.
    pub pd_impulses: Vec<f64>,
    /// Joint limit impulses per limit (>= 0; N m s or N s); the generalized impulse on
    /// the dof is `s gamma` (`s = -1` for an upper limit).
    pub limit_impulses: Vec<f64>,
    /// Coupler impulses per coupler (N m s or N s); the generalized impulse is `gamma`
    /// on the driven dof and `-rho gamma` on the coupled one.
    pub coupler_impulses: Vec<f64>,
    /// The models (regularization, v_hat) of all constraints used.
    pub models: SapModel,
    /// Statistics.
    pub stats: SapStats,
}

/// The SAP solver. Owns its workspaces and the cached symbolic factorization, so that
/// successive solves of problems with the same sparsity pattern (e.g. successive time
/// steps) reuse it.
pub struct SapSolver {
    settings: SapSettings,
    hessian: HessianSolver,
    // Workspaces, resized per solve.
    v: Vec<f64>,
    r: Vec<f64>,
    ar: Vec<f64>,
    grad: Vec<f64>,
    dv: Vec<f64>,
    dp: Vec<f64>,
    av: Vec<f64>,
    av_star: Vec<f64>,
    jc: Vec<f64>,
    vc: Vec<[f64; 3]>,
    dvc: Vec<[f64; 3]>,
    /// `[|D grad|^2, |D A v|^2, |D J^T gamma|^2]` (Eq. 25) at the last evaluation.
    sums: [f64; 3],
    /// The lines along the Newton direction of the contacts the line search
    /// evaluates (the live ones): all but those without impulse along the whole
    /// segment `[0, alpha_max]` of the current Newton direction.
    line: Vec<LineContact>,
    gamma: Vec<Vector3<f64>>,
    g: Vec<Matrix3<f64>>,
    regions: Vec<ConeRegion>,
    // One-row constraints (in the order of `SapModel::joints`): v_c, J dv, gamma, G.
    joint_vc: Vec<f64>,
    joint_dvc: Vec<f64>,
    joint_gamma: Vec<f64>,
    joint_g: Vec<f64>,
    /// The models of the last solve's constraints (rebuilt in place per solve).
    model: SapModel,
    /// The statistics of the last solve.
    stats: SapStats,
    /// The islands of the last problem and the pool of their problems and solvers.
    islands: island_solve::IslandPool,
    /// Stopping criterion of an island's sub-solver: the scale of Eq. 26 is
    /// `sqrt((|p~|^2 + |j~|^2) / 2)` instead of `max(|p~|, |j~|)` (see
    /// [`island_solve`]).
    rms_scale: bool,
}

impl SapSolver {
    /// A solver with the given settings.
    ///
    /// # Errors
    /// [`SapError::InvalidSetting`] for bad settings.
    pub fn new(settings: SapSettings) -> Result<Self, SapError> {
        settings.validate()?;
        Ok(Self {
            settings,
            hessian: HessianSolver::new(),
            v: Vec::new(),
            r: Vec::new(),
            ar: Vec::new(),
            grad: Vec::new(),
            dv: Vec::new(),
            dp: Vec::new(),
            av: Vec::new(),
            av_star: Vec::new(),
            jc: Vec::new(),
            vc: Vec::new(),
            dvc: Vec::new(),
            sums: [0.0; 3],
            line: Vec::new(),
            gamma: Vec::new(),
            g: Vec::new(),
            regions: Vec::new(),
            joint_vc: Vec::new(),
            joint_dvc: Vec::new(),
            joint_gamma: Vec::new(),
            joint_g: Vec::new(),
            model: SapModel::default(),
            stats: SapStats::empty(),
            islands: island_solve::IslandPool::default(),
            rms_scale: false,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &SapSettings {
        &self.settings
    }

    /// Number of symbolic sparse factorizations computed since creation.
    pub fn symbolic_factorizations(&self) -> usize {
        self.hessian.symbolic_factorizations + self.islands.symbolic_factorizations()
    }

    /// Solves from v = v* (cold start).
    ///
    /// # Errors
    /// See [`SapSolver::solve`].
    pub fn solve_cold(&mut self, problem: &SapProblem) -> Result<SapSolution, SapError> {
        let v0 = problem.v_star().clone();
        self.solve(problem, &v0)
    }

    /// Solves problem (24) by Algorithm 2 from the initial guess `v0` (warm start).
    ///
    /// # Errors
    /// [`SapError::InvalidInitialGuess`] for a `v0` of the wrong size or with NaN,
    /// [`SapError::OutOfRange`] for a `v0` beyond the energy range (owner `"initial
    /// guess"`: `max|A_t| max|v0_t|^2 n_t > MAX_ENERGY_SCALE` on a tree `t`),
    /// [`SapError::DegenerateContact`] for a contact without effective mass,
    /// [`SapError::InvalidJointConstraint`] for a PD controller or joint limit whose
    /// regularization is not finite,
    /// [`SapError::Factorization`] if H is numerically not positive definite,
    /// [`SapError::OutOfRange`] when a constraint's energy scale exceeds
    /// `MAX_ENERGY_SCALE` (1e200).
    pub fn solve(&mut self, problem: &SapProblem, v0: &DVector<f64>) -> Result<SapSolution, SapError> {
        self.solve_in_place(problem, v0.as_slice())?;
        let npd = self.model.pd_controllers.len();
        let nl = npd + self.model.joint_limits.len();
        Ok(SapSolution {
            v: DVector::from_column_slice(&self.v),
            gamma: self.gamma.clone(),
            pd_impulses: self.joint_gamma[..npd].to_vec(),
            limit_impulses: self.joint_gamma[npd..nl].to_vec(),
            coupler_impulses: self.joint_gamma[nl..].to_vec(),
            models: self.model.clone(),
            stats: self.stats.clone(),
        })
    }

    /// Solves problem (24) by Algorithm 2 from the initial guess `v0`, as
    /// [`SapSolver::solve`], and keeps the results in the solver instead of returning
    /// a [`SapSolution`]: [`SapSolver::velocities`], [`SapSolver::contact_impulses`],
    /// [`SapSolver::joint_impulses`], [`SapSolver::model`] and the statistics returned
    /// here. Every buffer (models, workspaces, the cost history) is reused, so that a
    /// simulator solving one problem per time step does not allocate once the buffers
    /// have grown to its largest problem (the sparse factorization's symbolic analysis
    /// still allocates when the pattern of H changes, see [`SapStats::symbolic_reused`];
    /// [`SapSettings::record_history`] allocates per iteration).
    ///
    /// # Errors
    /// See [`SapSolver::solve`]. After an error the results held are not meaningful.
    pub fn solve_in_place(&mut self, problem: &SapProblem, v0: &[f64]) -> Result<&SapStats, SapError> {
        check_initial_guess(problem, v0)?;
        let mut model = std::mem::take(&mut self.model);
        let mut stats = std::mem::replace(&mut self.stats, SapStats::empty());
        let result = model
            .update(problem, &self.settings.regularization)
            .and_then(|()| {
                if self.settings.islands && !self.settings.record_history {
                    let mut pool = std::mem::take(&mut self.islands);
                    let result = self.island_rounds(&mut pool, problem, v0, &model, &mut stats);
                    self.islands = pool;
                    result
                } else {
                    self.iterate(problem, v0, &model, &mut stats)
                }
            });
        self.model = model;
        self.stats = stats;
        result?;
        check_results(&self.v, &self.gamma, &self.joint_gamma)?;
        Ok(&self.stats)
    }

    /// The velocities v returned by the last solve (stacked by tree).
    pub fn velocities(&self) -> &[f64] {
        &self.v
    }

    /// The contact impulses gamma of the last solve, one per contact, in the contact
    /// frame `[gamma_t (2), gamma_n]` (N s).
    pub fn contact_impulses(&self) -> &[Vector3<f64>] {
        &self.gamma
    }

    /// The impulses of the one-row constraints of the last solve: the PD controllers,
    /// then the joint limits, then the couplers (see [`SapSolution::pd_impulses`],
    /// [`SapSolution::limit_impulses`] and [`SapSolution::coupler_impulses`]).
    pub fn joint_impulses(&self) -> &[f64] {
        &self.joint_gamma
    }

    /// The models (regularization, v_hat) of the last solve's constraints.
    pub fn model(&self) -> &SapModel {
        &self.model
    }

    /// The statistics of the last solve.
    pub fn stats(&self) -> &SapStats {
        &self.stats
    }

    /// Algorithm 2 from `v0` (one finite entry per velocity, checked by the caller) on
    /// `problem` with its `model`, results into the workspaces and `stats`.
    fn iterate(
        &mut self, problem: &SapProblem, v0: &[f64], model: &SapModel, stats: &mut SapStats,
    ) -> Result<(), SapError> {
        let models = &model.contacts;
        let nc = models.len();
        let factorization = self
            .settings
            .linear_solver
            .pick(problem, self.settings.dense_max_dofs);
        let use_sparse = factorization == Factorization::Sparse;
        let before = self.hessian.symbolic_factorizations;
        self.hessian.prepare(problem, factorization)?;
        let symbolic_reused = use_sparse && self.hessian.symbolic_factorizations == before;
        self.resize_workspaces(problem);
        self.v.copy_from_slice(v0);

        let s = self.settings;
        stats.reset(Some(factorization), symbolic_reused);
        loop {
            let (cost, converged, e_m) = self.evaluate_state(problem, model);
            stats.cost.push(cost);
            stats.momentum_error = e_m;
            if converged {
                stats.status = SapStatus::Converged;
                break;
            }
            if stats.iterations >= s.max_iterations {
                stats.status = SapStatus::IterationLimit;
                break;
            }
            // Newton direction: H dv = -grad.
            self.hessian.assemble(problem, &self.g, model, &self.joint_g);
            for (d, g) in self.dv.iter_mut().zip(&self.grad) {
                *d = -g;
            }
            self.hessian.factor_solve(&mut self.dv)?;
            stats.iterations += 1;
            stats.total_iterations += 1;
            // Line search data (Section IV-C).
            problem.mul_a(&self.dv, &mut self.dp);
            for c in 0..nc {
                self.dvc[c] = problem.contact_velocity(c, &self.dv);
            }
            // A contact without impulse at both ends of the search interval has none in
            // between: the no-contact region (y_n < -mu_hat |y_t|, Eq. 27) is convex
            // and y is affine in alpha. Such a contact adds exactly zero to ell(alpha)
            // and its derivatives, so the line search skips it.
            let a_max = match s.line_search {
                LineSearch::Exact => s.alpha_max,
                LineSearch::Backtracking => s.backtracking_alpha_max,
            };
            self.line.clear();
            for (c, m) in models.iter().enumerate() {
                let (vc, dvc) = (&self.vc[c], &self.dvc[c]);
                let inactive = self.regions[c] == ConeRegion::NoContact && {
                    let end = [
                        vc[0] + a_max * dvc[0],
                        vc[1] + a_max * dvc[1],
                        vc[2] + a_max * dvc[2],
                    ];
                    m.cone.region(&m.y(&end)) == ConeRegion::NoContact
                };
                if !inactive {
                    self.line.push(LineContact::new(m, vc, dvc));
                }
            }
            for (dvc, m) in self.joint_dvc.iter_mut().zip(model.joints()) {
                *dvc = m.constraint_velocity(&self.dv);
            }
            let line = LineData {
                dp_r: dot(&self.dp, &self.r),
                dp_r_abs: self.dp.iter().zip(&self.r).map(|(a, b)| (a * b).abs()).sum(),
                dv_dp: dot(&self.dv, &self.dp),
                half_r_a_r: 0.5 * dot(&self.r, &self.ar),
            };
            let slope0 = dot(&self.dv, &self.grad);
            if slope0.is_nan() || slope0 >= 0.0 {
                stats.status = SapStatus::Stalled;
                stats.stall = Some(StallReason::NotDescent);
                break;
            }
            let (alpha, ls_iters) = match s.line_search {
                LineSearch::Exact => self.exact_line_search(model, &line, slope0),
                LineSearch::Backtracking => self.backtracking(model, &line, cost, slope0),
            };
            stats.line_search_iterations += ls_iters;
            if s.record_history {
                stats.history.push(IterationRecord {
                    v: self.v.clone(),
                    cost,
                    gradient_norm: self.scaled_gradient_norm(problem),
                    momentum_error: e_m,
                    regions: self.regions.clone(),
                    joint_impulses: self.joint_gamma.clone(),
                    newton_decrement: -slope0,
                    alpha,
                    line_search_iterations: ls_iters,
                });
            }
            let mut moved = false;
            for (vi, di) in self.v.iter_mut().zip(&self.dv) {
                let new = *vi + alpha * di;
                moved |= new != *vi;
                *vi = new;
            }
            if !moved {
                let (cost, converged, e_m) = self.evaluate_state(problem, model);
                stats.cost.push(cost);
                stats.momentum_error = e_m;
                if converged {
                    stats.status = SapStatus::Converged;
                } else {
                    stats.status = SapStatus::Stalled;
                    stats.stall = Some(StallReason::NoProgress);
                }
                break;
            }
        }
        Ok(())
    }

    /// Sizes every workspace for `problem` (keeping storage) and computes A v*.
    ///
    /// The buffers are resized, not cleared: every entry is written before it is read
    /// (v from v0; r, A r, A v, J^T gamma, the gradient and the constraint quantities
    /// by `evaluate_state`; dv, A dv and J dv by the Newton step; on the island path
    /// gamma from the islands and the cut contacts), so a solve of the same size as
    /// the last one touches no memory here.
    fn resize_workspaces(&mut self, problem: &SapProblem) {
        let n = problem.num_velocities();
        let nc = problem.contacts().len();
        let nj = problem.constraints().num_joints();
        for buf in [
            &mut self.v,
            &mut self.r,
            &mut self.ar,
            &mut self.grad,
            &mut self.dv,
            &mut self.dp,
            &mut self.av,
            &mut self.av_star,
            &mut self.jc,
        ] {
            buf.resize(n, 0.0);
        }
        problem.mul_a(problem.v_star().as_slice(), &mut self.av_star);
        self.vc.resize(nc, [0.0; 3]);
        self.dvc.resize(nc, [0.0; 3]);
        self.gamma.resize(nc, Vector3::zeros());
        self.g.resize(nc, Matrix3::zeros());
        self.regions.resize(nc, ConeRegion::NoContact);
        for buf in [
            &mut self.joint_vc,
            &mut self.joint_dvc,
            &mut self.joint_gamma,
            &mut self.joint_g,
        ] {
            buf.resize(nj, 0.0);
        }
    }

    /// Evaluates r, A v, gamma, G, the gradient and the stopping criterion at the
    /// current v. Returns (cost, Eq. 26 holds, e_m).
    fn evaluate_state(&mut self, problem: &SapProblem, model: &SapModel) -> (f64, bool, f64) {
        let models = &model.contacts;
        let n = self.v.len();
        for i in 0..n {
            self.r[i] = self.v[i] - problem.v_star()[i];
        }
        problem.mul_a(&self.r, &mut self.ar);
        // A v = A (v - v*) + A v*, with A v* computed once per solve.
        for ((av, ar), avs) in self.av.iter_mut().zip(&self.ar).zip(&self.av_star) {
            *av = ar + avs;
        }
        let mut cost = 0.5 * dot(&self.r, &self.ar);
        self.jc.fill(0.0);
        for (c, model) in models.iter().enumerate() {
            self.vc[c] = problem.contact_velocity(c, &self.v);
            let y = model.y(&self.vc[c]);
            let (gc, gm, region) = model.cone.project_with_gradient(&y);
            cost += model.regularizer_cost(&gc);
            // gamma = 0 in the no-contact region: J^T gamma adds nothing.
            if region != ConeRegion::NoContact {
                problem.add_jt(c, &[gc.x, gc.y, gc.z], &mut self.jc);
            }
            self.gamma[c] = gc;
            self.g[c] = gm;
            self.regions[c] = region;
        }
        for (k, m) in model.joints().enumerate() {
            let vc = m.constraint_velocity(&self.v);
            let (c, gj, gm) = m.interval.evaluate(vc);
            cost += c;
            m.add_jt(gj, &mut self.jc);
            self.joint_vc[k] = vc;
            self.joint_gamma[k] = gj;
            self.joint_g[k] = gm;
        }
        let d = problem.d_scale();
        let (mut ng, mut np, mut nj) = (0.0, 0.0, 0.0);
        for i in 0..n {
            self.grad[i] = self.ar[i] - self.jc[i];
            ng += (d[i] * self.grad[i]).powi(2);
            np += (d[i] * self.av[i]).powi(2);
            nj += (d[i] * self.jc[i]).powi(2);
        }
        self.sums = [ng, np, nj];
        let (converged, e_m) = self.stopping_criterion(self.sums);
        (cost, converged, e_m)
    }

    /// Eq. 26 from the squared norms `[|D grad|^2, |D A v|^2, |D J^T gamma|^2]`:
    /// whether it holds, and the momentum error e_m.
    fn stopping_criterion(&self, sums: [f64; 3]) -> (bool, f64) {
        let (ng, scale, e_m) = momentum_error_of_sums(sums, self.rms_scale);
        // ng == 0: the exact minimizer (also the empty problem).
        let converged =
            ng == 0.0 || ng < self.settings.absolute_tolerance + self.settings.relative_tolerance * scale;
        (converged, e_m)
    }

    /// ||D grad|| at the current state (Eq. 25), for the history.
    fn scaled_gradient_norm(&self, problem: &SapProblem) -> f64 {
        let d = problem.d_scale();
        self.grad
            .iter()
            .zip(d.iter())
            .map(|(g, d)| (d * g).powi(2))
            .sum::<f64>()
            .sqrt()
    }
}

/// The initial guess has one finite entry per generalized velocity of `problem`, and
/// each tree's part lies within the energy range the problem's own data must meet:
/// `max|A_t| max|v0_t|^2 n_t <= MAX_ENERGY_SCALE`, the check of v* (`forest.rs`) on the
/// guess. A finite guess beyond it (1e151 m/s on a 1 kg particle) overflowed the cost
/// (Eq. 19) on the first evaluation and came back as NaN and infinite impulses inside
/// `Ok` with status `Stalled`; it is [`SapError::OutOfRange`] now (owner `"initial
/// guess"`, index the tree). [`SapSolver::solve_cold`] (from v*) needs no such check.
fn check_initial_guess(problem: &SapProblem, v0: &[f64]) -> Result<(), SapError> {
    let expected = problem.num_velocities();
    if v0.len() != expected || v0.iter().any(|x| !x.is_finite()) {
        return Err(SapError::InvalidInitialGuess {
            len: v0.len(),
            expected,
        });
    }
    for (t, tree) in problem.trees().iter().enumerate() {
        let n = tree.dofs();
        let o = problem.offset(t);
        let abs_max = |x: &[f64]| x.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let energy = abs_max(tree.a.as_slice()) * abs_max(&v0[o..o + n]).powi(2) * n as f64;
        if energy.is_nan() || energy > MAX_ENERGY_SCALE {
            return Err(SapError::OutOfRange {
                owner: "initial guess",
                index: t,
                quantity: "initial-guess energy scale max|A| max|v0|^2 n_t",
                value: energy,
                bound: MAX_ENERGY_SCALE,
            });
        }
    }
    Ok(())
}

/// The results of a solve are finite: velocities, contact impulses and the one-row
/// constraints' impulses. The input checks keep every quantity of Eq. 19 within f64,
/// so this never fails on accepted input; it is the last guard that no NaN or infinity
/// reaches the caller inside `Ok` ([`SapError::OutOfRange`], owner `"solution"`).
fn check_results(v: &[f64], gamma: &[Vector3<f64>], joint_gamma: &[f64]) -> Result<(), SapError> {
    let bad = v
        .iter()
        .chain(gamma.iter().flat_map(|g| g.iter()))
        .chain(joint_gamma)
        .find(|x| !x.is_finite());
    match bad {
        Some(&value) => Err(SapError::OutOfRange {
            owner: "solution",
            index: 0,
            quantity: "a velocity or impulse of the result (not finite)",
            value,
            bound: f64::MAX,
        }),
        None => Ok(()),
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
