//! SAP's convex problem solved by a general conic solver (clarabel, an interior-point
//! method): the independent method the tests check SAP against, and the peer of the
//! solver comparison (SAP against an interior-point method on the same problem).
//! Behind the cargo feature `conic`.
//!
//! The primal problem (19), generalized to every constraint kind, as a conic program
//! in `x = [v | sigma]`: minimize `1/2 |v - v*|_A^2` plus the constraints' costs, with
//! - a contact: `1/2 |sigma|_R^2` s.t. `J v - v_hat + R sigma` in the dual friction
//!   cone `F* = {mu |g_t| <= g_n}`, written as the second-order cone
//!   `(g_n, mu g_t)`;
//! - a joint limit (`F = F* = [0, inf)`): `1/2 R sigma^2` s.t.
//!   `s v_dof - v_hat + R sigma >= 0`;
//! - a PD controller with impulses in `[-b, b]`, `b = e dt`: its Huber cost as the
//!   infimal convolution `1/2 R sigma^2 + b |z|` s.t. `v_dof - v_hat + R sigma + z = 0`
//!   (`|z| <= t`, cost `b t`); without an effort limit `z` is absent (the cost is
//!   quadratic);
//! - a coupler (impulses in R): `1/2 R sigma^2` s.t. `v_i - rho v_j - v_hat + R sigma = 0`.
//!
//! The multipliers are the impulses: at the optimum `sigma = gamma` for every
//! constraint, and the velocities are SAP's (the same strongly convex problem).
//!
//! The matrices are assembled sparse (triplets of the trees' blocks of A, the
//! contacts' per-tree Jacobian blocks and the one-row constraints' rows) and handed to
//! clarabel as compressed columns. Each call is a cold start, as an interior-point
//! method runs: clarabel's setup (equilibration, the symbolic factorization of its KKT
//! system) is part of every solve and of its reported time.

use clarabel::algebra::CscMatrix;
use clarabel::solver::{DefaultSettingsBuilder, DefaultSolver, IPSolver, SupportedConeT};
use nalgebra::{DVector, Vector3};

/// clarabel's status of a solve (`Solved`, `AlmostSolved`, `MaxIterations`, ...).
pub use clarabel::solver::SolverStatus;

use crate::error::SapError;
use crate::kinds::SapModel;
use crate::problem::SapProblem;

/// clarabel's tolerances and iteration limit for [`solve`].
///
/// clarabel measures its residuals and duality gap relative to
/// `max(1, norms of the data and iterates)` in the problem's own units, so on a small
/// problem (a gripper's momenta of 1e-3 N s) its "relative" tolerances act as absolute
/// ones. [`ConicSettings::matching`] gives the tolerances at which its answer meets the
/// solver's own accuracy, measured by [`crate::momentum_error`] (Eq. 32).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConicSettings {
    /// Absolute duality gap tolerance (clarabel's `tol_gap_abs`), in the units of the
    /// cost (24) (J).
    pub gap_absolute: f64,
    /// Relative duality gap tolerance (`tol_gap_rel`), dimensionless.
    pub gap_relative: f64,
    /// Primal and dual feasibility tolerance (`tol_feas`), relative to
    /// `max(1, norms)`.
    pub feasibility: f64,
    /// The kappa/tau tolerance of the homogeneous embedding (`tol_ktratio`).
    pub kt_ratio: f64,
    /// Maximum interior-point iterations.
    pub max_iterations: u32,
}

impl Default for ConicSettings {
    /// clarabel's own defaults: gap and feasibility 1e-8, kappa/tau 1e-6, 200
    /// iterations.
    fn default() -> Self {
        Self {
            gap_absolute: 1e-8,
            gap_relative: 1e-8,
            feasibility: 1e-8,
            kt_ratio: 1e-6,
            max_iterations: 200,
        }
    }
}

impl ConicSettings {
    /// Tight tolerances for agreement tests: gap and feasibility 1e-13, kappa/tau
    /// 1e-10, 400 iterations (on ill-scaled problems clarabel may stop short of them
    /// with `AlmostSolved` or `InsufficientProgress`).
    pub fn tight() -> Self {
        Self {
            gap_absolute: 1e-13,
            gap_relative: 1e-13,
            feasibility: 1e-13,
            kt_ratio: 1e-10,
            max_iterations: 400,
        }
    }

    /// Tolerances that match SAP's relative tolerance `eps_r` (Eq. 26): gap (absolute
    /// and relative), feasibility and kappa/tau all `1e-10 eps_r`, 200 iterations.
    ///
    /// clarabel's residuals are relative to `max(1, norms)`, in effect absolute on a
    /// simulator's small momenta, and the momentum error (Eq. 32) of its answer falls
    /// only as about their square root: the impulses `gamma(v)` amplify a velocity
    /// error by the stiff contacts' `1 / R`. Measured on the soft-bubble gripper at
    /// `eps_r = 1e-3` (1 s, 200 steps), its largest momentum error was 0.22 at
    /// tolerances 1e-8, 1.3e-2 at 1e-10, 1.2e-3 at 1e-12 and 2.9e-4 at 1e-13: the
    /// last is the first below `eps_r`, hence the factor 1e-10.
    pub fn matching(eps_r: f64) -> Self {
        let tol = 1e-10 * eps_r;
        Self {
            gap_absolute: tol,
            gap_relative: tol,
            feasibility: tol,
            kt_ratio: tol,
            max_iterations: 200,
        }
    }

    /// Checks every setting: the tolerances finite and positive, at least one
    /// iteration.
    ///
    /// # Errors
    /// [`SapError::InvalidSetting`] naming the first bad one.
    pub fn validate(&self) -> Result<(), SapError> {
        for (setting, value) in [
            ("gap_absolute", self.gap_absolute),
            ("gap_relative", self.gap_relative),
            ("feasibility", self.feasibility),
            ("kt_ratio", self.kt_ratio),
            ("max_iterations", f64::from(self.max_iterations)),
        ] {
            if !(value.is_finite() && value > 0.0) {
                return Err(SapError::InvalidSetting { setting, value });
            }
        }
        Ok(())
    }
}

/// The answer of [`solve`]: velocities, impulses of every kind, and clarabel's
/// statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct ConicSolution {
    /// Generalized velocities v (stacked by tree).
    pub v: DVector<f64>,
    /// Contact impulses per contact (N s), in the contact frame `[gamma_t (2),
    /// gamma_n]` as [`crate::SapSolution::gamma`].
    pub gamma: Vec<Vector3<f64>>,
    /// PD controller impulses per controller (N m s or N s).
    pub pd_impulses: Vec<f64>,
    /// Joint limit impulses per limit (N m s or N s).
    pub limit_impulses: Vec<f64>,
    /// Coupler impulses per coupler (N m s or N s).
    pub coupler_impulses: Vec<f64>,
    /// How clarabel ended: [`SolverStatus::Solved`] within the tolerances,
    /// [`SolverStatus::AlmostSolved`] within its reduced ones; any other status is a
    /// failure whose iterate is returned as it stands.
    pub status: SolverStatus,
    /// Interior-point iterations.
    pub iterations: u32,
    /// clarabel's own time for the solve, seconds: its setup (equilibration, KKT
    /// symbolic factorization) and its iterations, not the assembly of the matrices.
    pub solve_seconds: f64,
}

impl ConicSolution {
    /// Whether clarabel solved: [`SolverStatus::Solved`] or
    /// [`SolverStatus::AlmostSolved`].
    pub fn solved(&self) -> bool {
        matches!(self.status, SolverStatus::Solved | SolverStatus::AlmostSolved)
    }
}

/// What can go wrong in [`solve`].
#[derive(Debug, Clone, PartialEq)]
pub enum ConicError {
    /// A bad setting, or a model that is not `problem`'s
    /// ([`SapError::InvalidSetting`], [`SapError::InputMismatch`]).
    Input(SapError),
    /// clarabel refused the program at setup (its message).
    Setup(String),
    /// clarabel stopped with a non-finite iterate.
    NonFinite {
        /// clarabel's status.
        status: SolverStatus,
        /// Its iterations.
        iterations: u32,
    },
}

impl std::fmt::Display for ConicError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Input(e) => write!(f, "conic solve: {e}"),
            Self::Setup(e) => write!(f, "conic solve: clarabel refused the program: {e}"),
            Self::NonFinite { status, iterations } => write!(
                f,
                "conic solve: clarabel stopped ({status:?}) after {iterations} iterations with a non-finite iterate"
            ),
        }
    }
}

impl std::error::Error for ConicError {}

impl From<SapError> for ConicError {
    fn from(e: SapError) -> Self {
        Self::Input(e)
    }
}

/// A sparse matrix as triplets, summed into compressed columns.
struct Triplets {
    rows: usize,
    cols: usize,
    entries: Vec<(usize, usize, f64)>,
}

impl Triplets {
    fn new(rows: usize, cols: usize) -> Self {
        Self {
            rows,
            cols,
            entries: Vec::new(),
        }
    }

    /// Adds `value` at `(row, col)` (zeros are skipped; repeated entries add up).
    fn add(&mut self, row: usize, col: usize, value: f64) {
        if value != 0.0 {
            self.entries.push((row, col, value));
        }
    }

    fn into_csc(mut self) -> CscMatrix<f64> {
        self.entries.sort_unstable_by_key(|&(r, c, _)| (c, r));
        let mut colptr = vec![0; self.cols + 1];
        let (mut rowval, mut nzval): (Vec<usize>, Vec<f64>) = (Vec::new(), Vec::new());
        let mut last = None;
        for (r, c, x) in self.entries {
            if last == Some((r, c)) {
                *nzval.last_mut().expect("an entry was pushed") += x;
            } else {
                rowval.push(r);
                nzval.push(x);
                colptr[c + 1] += 1;
                last = Some((r, c));
            }
        }
        for c in 0..self.cols {
            colptr[c + 1] += colptr[c];
        }
        CscMatrix::new(self.rows, self.cols, colptr, rowval, nzval)
    }
}

/// Solves `problem` with the constraints' `model` (its regularization and
/// stabilization, [`SapModel::new`] with the solver's
/// [`crate::RegularizationSettings`]) as the conic program of the module docs, cold,
/// at `settings`' tolerances.
///
/// Returns the iterate whatever clarabel's status (see [`ConicSolution::solved`]).
///
/// # Errors
/// [`ConicError::Input`] for bad settings or a model for other constraints,
/// [`ConicError::Setup`] when clarabel refuses the program, [`ConicError::NonFinite`]
/// when its iterate is not finite.
pub fn solve(
    problem: &SapProblem, model: &SapModel, settings: &ConicSettings,
) -> Result<ConicSolution, ConicError> {
    settings.validate()?;
    crate::solver::check_model(problem, model)?;
    let n = problem.num_velocities();
    let nc = model.contacts.len();
    let (np, nl, nk) = (
        model.pd_controllers.len(),
        model.joint_limits.len(),
        model.couplers.len(),
    );
    // Variables: v | contact sigmas | PD (sigma, and z, t when bounded) | limit sigmas
    // | coupler sigmas.
    let mut nx = n + 3 * nc;
    let pd_vars: Vec<(usize, Option<(usize, usize)>)> = model
        .pd_controllers
        .iter()
        .map(|m| {
            let sigma = nx;
            nx += 1;
            let zt = m.interval.upper.is_finite().then(|| {
                nx += 2;
                (sigma + 1, sigma + 2)
            });
            (sigma, zt)
        })
        .collect();
    let limit0 = nx;
    nx += nl;
    let coupler0 = nx;
    nx += nk;
    let bounded = pd_vars.iter().filter(|(_, zt)| zt.is_some()).count();
    // Rows: the contacts' cones, the PD and coupler equalities (zero cone), then the
    // nonnegative rows (|z| <= t, limits).
    let rows = 3 * nc + np + nk + 2 * bounded + nl;
    // P: upper triangle only.
    let mut p = Triplets::new(nx, nx);
    let mut q = vec![0.0; nx];
    let mut a = Triplets::new(rows, nx);
    let mut b = vec![0.0; rows];
    for (t, tree) in problem.trees().iter().enumerate() {
        let o = problem.offset(t);
        for j in 0..tree.dofs() {
            for i in 0..=j {
                p.add(o + i, o + j, tree.a[(i, j)]);
            }
        }
        let aq = &tree.a * &tree.v_star;
        for i in 0..tree.dofs() {
            q[o + i] = -aq[i];
        }
    }
    for (c, (contact, m)) in problem.contacts().iter().zip(&model.contacts).enumerate() {
        let r = [m.cone.r_t, m.cone.r_t, m.cone.r_n];
        for (k, &rk) in r.iter().enumerate() {
            p.add(n + 3 * c + k, n + 3 * c + k, rk);
        }
        // The cone's rows (n, t_x, t_y) scaled by (1, mu, mu); s = b - A x.
        for (slot, (k, scale)) in [(2, 1.0), (0, m.cone.mu), (1, m.cone.mu)].into_iter().enumerate() {
            let row = 3 * c + slot;
            let blocks = std::iter::once((contact.tree_a, &contact.jacobian_a))
                .chain(contact.tree_b.as_ref().map(|(t, j)| (*t, j)));
            for (tree, j) in blocks {
                let o = problem.offset(tree);
                for col in 0..j.ncols() {
                    a.add(row, o + col, -scale * j[(k, col)]);
                }
            }
            a.add(row, n + 3 * c + k, -scale * r[k]);
            if k == 2 {
                b[row] = -scale * m.v_hat_n;
            }
        }
    }
    let mut nonneg = 3 * nc + np + nk;
    for (row, (m, &(sigma, zt))) in (3 * nc..).zip(model.pd_controllers.iter().zip(&pd_vars)) {
        let iv = &m.interval;
        p.add(sigma, sigma, iv.r);
        a.add(row, m.velocity, m.sign);
        a.add(row, sigma, iv.r);
        b[row] = iv.v_hat;
        if let Some((z, t)) = zt {
            a.add(row, z, 1.0);
            q[t] = iv.upper;
            for sz in [1.0, -1.0] {
                a.add(nonneg, t, -1.0);
                a.add(nonneg, z, sz);
                nonneg += 1;
            }
        }
    }
    for (k, m) in model.couplers.iter().enumerate() {
        let (row, sigma, iv) = (3 * nc + np + k, coupler0 + k, &m.interval);
        p.add(sigma, sigma, iv.r);
        a.add(row, m.velocity, m.sign);
        if let Some((dof, c)) = m.second {
            a.add(row, dof, c);
        }
        a.add(row, sigma, iv.r);
        b[row] = iv.v_hat;
    }
    for (k, m) in model.joint_limits.iter().enumerate() {
        let (sigma, iv) = (limit0 + k, &m.interval);
        p.add(sigma, sigma, iv.r);
        a.add(nonneg, m.velocity, -m.sign);
        a.add(nonneg, sigma, -iv.r);
        b[nonneg] = -iv.v_hat;
        nonneg += 1;
    }
    debug_assert_eq!(nonneg, rows);
    let mut cones = vec![SupportedConeT::SecondOrderConeT(3); nc];
    if np + nk > 0 {
        cones.push(SupportedConeT::ZeroConeT(np + nk));
    }
    if 2 * bounded + nl > 0 {
        cones.push(SupportedConeT::NonnegativeConeT(2 * bounded + nl));
    }
    let clarabel_settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .tol_gap_abs(settings.gap_absolute)
        .tol_gap_rel(settings.gap_relative)
        .tol_feas(settings.feasibility)
        .tol_ktratio(settings.kt_ratio)
        .max_iter(settings.max_iterations)
        .build()
        .map_err(|e| ConicError::Setup(e.to_string()))?;
    let mut solver = DefaultSolver::new(&p.into_csc(), &q, &a.into_csc(), &b, &cones, clarabel_settings)
        .map_err(|e| ConicError::Setup(e.to_string()))?;
    solver.solve();
    let s = &solver.solution;
    if s.x.iter().any(|x| !x.is_finite()) {
        return Err(ConicError::NonFinite {
            status: s.status,
            iterations: s.iterations,
        });
    }
    let x = &s.x;
    Ok(ConicSolution {
        v: DVector::from_column_slice(&x[..n]),
        gamma: (0..nc)
            .map(|c| Vector3::new(x[n + 3 * c], x[n + 3 * c + 1], x[n + 3 * c + 2]))
            .collect(),
        pd_impulses: pd_vars.iter().map(|&(sigma, _)| x[sigma]).collect(),
        limit_impulses: x[limit0..limit0 + nl].to_vec(),
        coupler_impulses: x[coupler0..coupler0 + nk].to_vec(),
        status: s.status,
        iterations: s.iterations,
        solve_seconds: s.solve_time,
    })
}
