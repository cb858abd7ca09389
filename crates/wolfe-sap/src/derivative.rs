//! The derivative of one SAP step (Castro, Permenter, Han, Section VII,
//! "Differentiation"): the Jacobian of the next generalized velocities `v` with respect
//! to the free-motion velocities `v*` (hence the previous velocities), generalized
//! forces, and each contact's parameters, by the implicit function theorem at SAP's
//! optimum.
//!
//! The step's `v` minimizes the convex cost (24), `ell(v; theta)`, so that its gradient
//! `grad ell(v; theta) = A (v - v*) - p - J^T gamma(v; theta)` vanishes (`p`: a
//! generalized impulse added to the momentum balance, zero in the problem). Where the
//! impulses are differentiable in `v` (no contact on the boundary of its friction cone
//! or of the polar cone, Appendix C), differentiating that condition gives
//!
//! ```text
//! H dv = -d_theta(grad ell) = A dv* + dp + J^T (d gamma / d theta) d theta,
//! ```
//!
//! with `H = A + J^T G J` the Newton matrix of Appendix D at `v`. [`StepDerivative`]
//! assembles and factorizes H once at the solution, with the solver's block or dense
//! Cholesky factorization, and reuses that factor for every right-hand side:
//!
//! - `dv/dv* = H^-1 A`; with `v* = v0 + dt A^-1 (tau - c)` and no velocity-dependent
//!   forces (`c` fixed), `dv/dv0 = dv/dv*`;
//! - `dv/dp = H^-1`, so `dv/dtau = dt H^-1` for a generalized force `tau` over the step;
//! - `dv/dtheta_c = H^-1 J_c^T (d gamma_c / d theta_c)` for a contact parameter at fixed
//!   `v`: the previous signed distance `phi0` (exact: `v_hat_n = -phi0 / (dt + tau_d)`
//!   gives `d gamma / d phi0 = -G e_n / (dt + tau_d)`), the stiffness `k`, the
//!   dissipation time scale `tau_d` and the friction `mu` (central differences of the
//!   contact's closed-form impulse `P_F(y)` at fixed `v`, relative step 1e-6, through
//!   its regularization (Eqs. 29, 30) and projection (Eq. 27)).
//!
//! The reverse mode ([`StepDerivative::vjp`]) gives a loss's gradient with respect to
//! all of them from `dL/dv` at the cost of one solve with the factor.

use nalgebra::{DMatrix, DVector, Matrix3, Vector3};

use crate::constraint::SapConstraint;
use crate::contact::{ContactConstraint, ContactModel};
use crate::error::SapError;
use crate::linalg::{HessianSolver, LinearSolver};
use crate::problem::SapProblem;
use crate::regularization::RegularizationSettings;
use crate::solver::SapSolution;

/// A contact parameter of [`StepDerivative::wrt_contact`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactParameter {
    /// The previous signed distance `phi0` (m).
    SignedDistance,
    /// The stiffness `k` (N/m); the derivative is zero on the near-rigid branch of
    /// Eq. 29 (and for an infinite stiffness).
    Stiffness,
    /// The dissipation time scale `tau_d` (s).
    DissipationTimeScale,
    /// The friction coefficient `mu`.
    Friction,
}

impl ContactParameter {
    /// The four parameters, in the order of [`StepAdjoint::contacts`].
    pub const ALL: [ContactParameter; 4] = [
        ContactParameter::SignedDistance,
        ContactParameter::Stiffness,
        ContactParameter::DissipationTimeScale,
        ContactParameter::Friction,
    ];
}

/// A loss's gradient through one step ([`StepDerivative::vjp`]).
#[derive(Debug, Clone, PartialEq)]
pub struct StepAdjoint {
    /// `dL/dv* = A H^-1 dL/dv` (also `dL/dv0`, see [`crate::derivative`]).
    pub v_star: DVector<f64>,
    /// `dL/dtau = dt H^-1 dL/dv` for generalized forces `tau` over the step.
    pub generalized_forces: DVector<f64>,
    /// Per contact, `dL/d[phi0, k, tau_d, mu]` ([`ContactParameter::ALL`]).
    pub contacts: Vec<[f64; 4]>,
}

/// The derivative of one solved SAP step (see [`crate::derivative`]): H factorized at
/// the solution, for the Jacobians with respect to the inputs.
pub struct StepDerivative<'p> {
    problem: &'p SapProblem,
    models: &'p [ContactModel],
    settings: RegularizationSettings,
    /// The contact velocities at the solution.
    contact_velocities: Vec<[f64; 3]>,
    /// The contacts' G blocks at the solution.
    g: Vec<Matrix3<f64>>,
    hessian: HessianSolver,
}

impl<'p> StepDerivative<'p> {
    /// Assembles and factorizes H at `solution.v` of `problem` (solved with the
    /// regularization `settings`, [`crate::SapSettings::regularization`]).
    ///
    /// # Errors
    /// [`SapError::DerivativeInput`] when the solution does not belong to the problem
    /// (lengths, counts, non-finite velocities); [`SapError::Factorization`] when H is
    /// not numerically positive definite.
    pub fn new(
        problem: &'p SapProblem, solution: &'p SapSolution, settings: &RegularizationSettings,
    ) -> Result<Self, SapError> {
        let n = problem.num_velocities();
        let v = &solution.v;
        let bad = |what, given, expected| SapError::DerivativeInput {
            what,
            given,
            expected,
        };
        if v.len() != n || !v.iter().all(|x| x.is_finite()) {
            return Err(bad("velocities", v.len(), n));
        }
        let models = &solution.models;
        let counts = [
            ("contact models", models.contacts.len(), problem.contacts().len()),
            (
                "PD controller models",
                models.pd_controllers.len(),
                problem.pd_controllers().len(),
            ),
            (
                "joint limit models",
                models.joint_limits.len(),
                problem.joint_limits().len(),
            ),
            ("coupler models", models.couplers.len(), problem.couplers().len()),
        ];
        if let Some(&(what, given, expected)) = counts.iter().find(|c| c.1 != c.2) {
            return Err(bad(what, given, expected));
        }
        let contact_velocities: Vec<[f64; 3]> = (0..problem.contacts().len())
            .map(|c| problem.contact_velocity(c, v.as_slice()))
            .collect();
        let g: Vec<Matrix3<f64>> = models
            .contacts
            .iter()
            .zip(&contact_velocities)
            .map(|(m, vc)| {
                let y = m.y(vc);
                m.cone.gradient(&y, m.cone.region(&y))
            })
            .collect();
        let joint_g: Vec<f64> = models
            .joints()
            .map(|m| {
                m.interval
                    .project_with_gradient(m.constraint_velocity(v.as_slice()))
                    .1
            })
            .collect();
        // The block factorization where every tree is small, dense otherwise: both keep
        // their factor for further right-hand sides.
        let factorization = match LinearSolver::Auto.pick(problem, usize::MAX) {
            crate::linalg::Factorization::Block => crate::linalg::Factorization::Block,
            _ => crate::linalg::Factorization::Dense,
        };
        let mut hessian = HessianSolver::new();
        hessian.prepare(problem, factorization)?;
        hessian.assemble(problem, &g, models, &joint_g);
        hessian.factor_solve(&mut vec![0.0; n])?;
        Ok(Self {
            problem,
            models: &models.contacts,
            settings: *settings,
            contact_velocities,
            g,
            hessian,
        })
    }

    /// Solves `H x = rhs` in place with the factor.
    ///
    /// # Errors
    /// [`SapError::DerivativeInput`] for a wrong length.
    pub fn solve_in_place(&mut self, rhs: &mut [f64]) -> Result<(), SapError> {
        let n = self.problem.num_velocities();
        if rhs.len() != n {
            return Err(SapError::DerivativeInput {
                what: "right-hand side",
                given: rhs.len(),
                expected: n,
            });
        }
        self.hessian.solve_factored(rhs)
    }

    /// `dv/dv* = H^-1 A` (n x n; column k: the change of v per unit change of `v*_k`).
    ///
    /// # Errors
    /// As [`Self::solve_in_place`].
    pub fn wrt_free_velocities(&mut self) -> Result<DMatrix<f64>, SapError> {
        let n = self.problem.num_velocities();
        let mut out = DMatrix::zeros(n, n);
        let mut e = vec![0.0; n];
        for k in 0..n {
            e.fill(0.0);
            e[k] = 1.0;
            let mut col = vec![0.0; n];
            self.problem.mul_a(&e, &mut col);
            self.solve_in_place(&mut col)?;
            out.set_column(k, &DVector::from_vec(col));
        }
        Ok(out)
    }

    /// `dv/dtau = dt H^-1` for generalized forces `tau` acting over the step (n x n).
    ///
    /// # Errors
    /// As [`Self::solve_in_place`].
    pub fn wrt_generalized_forces(&mut self) -> Result<DMatrix<f64>, SapError> {
        let n = self.problem.num_velocities();
        let dt = self.problem.time_step();
        let mut out = DMatrix::zeros(n, n);
        for k in 0..n {
            let mut col = vec![0.0; n];
            col[k] = dt;
            self.solve_in_place(&mut col)?;
            out.set_column(k, &DVector::from_vec(col));
        }
        Ok(out)
    }

    /// `dv/dtheta` for the parameter `parameter` of contact `c`.
    ///
    /// # Errors
    /// [`SapError::DerivativeInput`] for a contact index out of range; the model
    /// stage's error when a perturbed parameter leaves its range.
    pub fn wrt_contact(&mut self, c: usize, parameter: ContactParameter) -> Result<DVector<f64>, SapError> {
        let n = self.problem.num_velocities();
        let d_gamma = self.impulse_partial(c, parameter)?;
        let mut x = vec![0.0; n];
        self.problem.add_jt(c, &[d_gamma.x, d_gamma.y, d_gamma.z], &mut x);
        self.solve_in_place(&mut x)?;
        Ok(DVector::from_vec(x))
    }

    /// The gradient of a loss `L(v)` with respect to every input, from `dL/dv`:
    /// one solve `lambda = H^-1 dL/dv` (H is symmetric), then `dL/dv* = A lambda`,
    /// `dL/dtau = dt lambda` and `dL/dtheta_c = lambda^T J_c^T d gamma_c / d theta_c`.
    ///
    /// # Errors
    /// [`SapError::DerivativeInput`] for a wrong length or a non-finite entry; as
    /// [`Self::wrt_contact`].
    pub fn vjp(&mut self, dl_dv: &DVector<f64>) -> Result<StepAdjoint, SapError> {
        let n = self.problem.num_velocities();
        if !dl_dv.iter().all(|x| x.is_finite()) {
            return Err(SapError::DerivativeInput {
                what: "loss gradient",
                given: dl_dv.len(),
                expected: n,
            });
        }
        let mut lambda = dl_dv.as_slice().to_vec();
        self.solve_in_place(&mut lambda)?;
        let mut v_star = DVector::zeros(n);
        self.problem.mul_a(&lambda, v_star.as_mut_slice());
        let generalized_forces = DVector::from_vec(lambda.clone()) * self.problem.time_step();
        let mut contacts = Vec::with_capacity(self.problem.contacts().len());
        for c in 0..self.problem.contacts().len() {
            let jl = self.problem.contact_velocity(c, &lambda);
            let jl = Vector3::new(jl[0], jl[1], jl[2]);
            let mut row = [0.0; 4];
            for (r, p) in row.iter_mut().zip(ContactParameter::ALL) {
                *r = jl.dot(&self.impulse_partial(c, p)?);
            }
            contacts.push(row);
        }
        Ok(StepAdjoint {
            v_star,
            generalized_forces,
            contacts,
        })
    }

    /// `d gamma_c / d theta` at the solution's contact velocity (see
    /// [`crate::derivative`]).
    fn impulse_partial(&self, c: usize, parameter: ContactParameter) -> Result<Vector3<f64>, SapError> {
        let contacts = self.problem.contacts();
        let Some(contact) = contacts.get(c) else {
            return Err(SapError::DerivativeInput {
                what: "contact index",
                given: c,
                expected: contacts.len(),
            });
        };
        let tau = contact.dissipation_time_scale;
        let dt = self.problem.time_step();
        if parameter == ContactParameter::SignedDistance {
            return Ok(-(self.g[c] * Vector3::z()) / (dt + tau));
        }
        let value = match parameter {
            ContactParameter::Stiffness => contact.stiffness,
            ContactParameter::DissipationTimeScale => tau,
            _ => contact.friction,
        };
        if value.is_infinite() {
            return Ok(Vector3::zeros());
        }
        // A relative step, on a floor for the parameters that may be zero (then forward).
        let floor = match parameter {
            ContactParameter::DissipationTimeScale => dt,
            _ => 1e-3,
        };
        let h = 1e-6 * value.abs().max(floor);
        let gamma = |x: f64| -> Result<Vector3<f64>, SapError> {
            let mut perturbed: ContactConstraint = contact.clone();
            match parameter {
                ContactParameter::Stiffness => perturbed.stiffness = x,
                ContactParameter::DissipationTimeScale => perturbed.dissipation_time_scale = x,
                _ => perturbed.friction = x,
            }
            let m = perturbed.model(c, self.problem.forest(), &self.settings)?;
            Ok(m.cone.project(&m.y(&self.contact_velocities[c])).0)
        };
        if value - h < 0.0 {
            let base = self.models[c]
                .cone
                .project(&self.models[c].y(&self.contact_velocities[c]))
                .0;
            return Ok((gamma(value + h)? - base) / h);
        }
        Ok((gamma(value + h)? - gamma(value - h)?) / (2.0 * h))
    }
}
