//! Stage one of the step for an articulated tree (SAP paper, Section II-C/D, Eqs.
//! 13-15): its block `A` of Eq. 18 and its free-motion velocities `v*`, into the tree's
//! reused [`TreeState`], by the recursive algorithms of `wolfe_multibody` (CRBA for
//! `M(q)`, RNEA for the bias `c(q, v) + g(q)`).
//!
//! - [`symplectic`] (theta = 0, theta_vq = 1, the default): joint dampers implicit,
//!   everything else explicit at `(q0, v0)`: `A = M(q0) + dt D`,
//!   `A (v* - v0) = dt (-c(q0, v0) - g(q0) - D v0)`; one linear solve per tree,
//!   no allocation.
//! - [`midpoint`] (theta = theta_vq = 1/2): every force and `M` at the midpoint
//!   `q_m = q0 (+) dt/2 v_m`, `v_m = (v0 + v)/2`, by fixed-point Newton iterations with
//!   `A = M(q_m) + dt/2 D` (Eq. 15 without stiffness; Proposition 1: they contract by a
//!   factor O(dt) each). Second order and time-reversible. Allocates a few vectors per
//!   iteration.

use nalgebra::{Cholesky, DMatrix, DVector, Dyn};
use wolfe_multibody::{Data, Model};

use crate::error::SimError;

/// One articulated tree's state and buffers, sized once and reused every step.
#[derive(Clone, Debug)]
pub(crate) struct TreeState {
    /// Configuration (nq).
    pub(crate) q: DVector<f64>,
    /// The model's workspace (body placements of the last kinematics query).
    pub(crate) data: Data,
    /// The tree's block `A` of Eq. 18 (nv x nv).
    pub(crate) a: DMatrix<f64>,
    /// The Cholesky factor's storage (nv x nv).
    factor: DMatrix<f64>,
    /// The free-motion velocities `v*` (Eq. 13).
    pub(crate) v_star: DVector<f64>,
    /// Right-hand side of the free motion, then its velocity change.
    rhs: DVector<f64>,
    /// The midpoint velocity of the position update, and the next configuration.
    pub(crate) scratch: DVector<f64>,
    pub(crate) q_next: Vec<f64>,
    /// The 6 x nv point Jacobian of a contact point.
    pub(crate) point: DMatrix<f64>,
    /// The 3 x nv contact Jacobian blocks of a contact's sides A and B (Section II-A).
    pub(crate) block_a: DMatrix<f64>,
    pub(crate) block_b: DMatrix<f64>,
}

impl TreeState {
    /// The state of `model` at `q0`, with its buffers.
    pub(crate) fn new(model: &Model, q0: &DVector<f64>) -> Self {
        let nv = model.nv();
        Self {
            q: q0.clone(),
            data: Data::new(model),
            a: DMatrix::zeros(nv, nv),
            factor: DMatrix::zeros(nv, nv),
            v_star: DVector::zeros(nv),
            rhs: DVector::zeros(nv),
            scratch: DVector::zeros(nv),
            q_next: vec![0.0; model.nq()],
            point: DMatrix::zeros(6, nv),
            block_a: DMatrix::zeros(3, nv),
            block_b: DMatrix::zeros(3, nv),
        }
    }

    /// The Cholesky factorization of `A = a + dt_d D` (`D` the joint dampers) in the
    /// reused storage; `None` when it is not positive definite. Give the storage back
    /// with [`TreeState::keep`].
    fn factorize(&mut self, damping: &DVector<f64>, dt_d: f64) -> Option<Cholesky<f64, Dyn>> {
        let mut m = std::mem::replace(&mut self.factor, DMatrix::zeros(0, 0));
        m.copy_from(&self.a);
        for (k, d) in damping.iter().enumerate() {
            m[(k, k)] += dt_d * d;
        }
        let nv = damping.len();
        let chol = Cholesky::new(m);
        if chol.is_none() {
            self.factor = DMatrix::zeros(nv, nv);
        }
        chol
    }

    /// Takes back the storage of a factorization from [`TreeState::factorize`].
    fn keep(&mut self, chol: Cholesky<f64, Dyn>) {
        self.factor = chol.unpack_dirty();
    }
}

/// The symplectic Euler free motion of one tree with velocities `v0` (see the module
/// docs). Leaves the body placements at `q0`. Returns false when `A` is not positive
/// definite.
pub(crate) fn symplectic(model: &Model, t: &mut TreeState, v0: &[f64], dt: f64) -> Result<bool, SimError> {
    let nv = model.nv();
    t.a.copy_from(model.mass_matrix(&mut t.data, t.q.as_slice())?);
    let bias = model.bias_forces(&mut t.data, t.q.as_slice(), v0)?;
    let d = model.damping();
    for k in 0..nv {
        t.rhs[k] = -dt * (bias[k] + d[k] * v0[k]);
    }
    let Some(chol) = t.factorize(d, dt) else {
        return Ok(false);
    };
    chol.solve_mut(&mut t.rhs);
    for ((vs, v), dv) in t.v_star.iter_mut().zip(v0).zip(t.rhs.iter()) {
        *vs = v + dv;
    }
    t.keep(chol);
    for k in 0..nv {
        t.a[(k, k)] += dt * d[k];
    }
    Ok(true)
}

/// Most fixed-point Newton iterations of the midpoint free motion.
const MIDPOINT_MAX_ITERATIONS: usize = 100;

/// The midpoint free motion of one tree with velocities `v0` (see the module docs):
/// `r(v) = M(q_m) (v - v0) + dt (c(q_m, v_m) + g(q_m) + D v_m) = 0` by the iterations
/// `v <- v - A^-1 r(v)`. Stops when `|r|` reaches round-off (1e-14 of the momentum
/// scale) or the update stops changing `v`. Writes `A` and `v*`; returns false when it
/// did not converge or `A` is not positive definite. Leaves the body placements at
/// `q0` (contacts are detected there).
pub(crate) fn midpoint(model: &Model, t: &mut TreeState, v0: &[f64], dt: f64) -> Result<bool, SimError> {
    let nv = model.nv();
    let nq = model.nq();
    let d = model.damping().clone_owned();
    let v0 = DVector::from_column_slice(v0);
    let mut v = v0.clone();
    let mut converged = false;
    let mut last_step = f64::INFINITY;
    for _ in 0..MIDPOINT_MAX_ITERATIONS {
        let mut vm = &v0 + &v;
        vm *= 0.5;
        model.integrate(t.q.as_slice(), vm.as_slice(), 0.5 * dt, &mut t.q_next[..nq])?;
        let mut a = model.mass_matrix(&mut t.data, &t.q_next[..nq])?.clone_owned();
        let p0 = (&a * &v0).norm();
        let mut r = &a * (&v - &v0);
        let bias = model.bias_forces(&mut t.data, &t.q_next[..nq], vm.as_slice())?;
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
            break;
        };
        t.a.copy_from(&a);
        if r.norm() <= 1e-14 * scale || scale == 0.0 {
            converged = true;
            break;
        }
        let dv = chol.solve(&r);
        let step = dv.norm();
        v -= dv;
        // Round-off floor: the update no longer shrinks and is at the level of v.
        if step <= 4.0 * f64::EPSILON * v.norm() || (step >= last_step && step <= 1e-12 * (1.0 + v.norm())) {
            converged = true;
            break;
        }
        last_step = step;
    }
    t.v_star.copy_from(&v);
    model.forward_kinematics(&mut t.data, t.q.as_slice())?;
    Ok(converged)
}

/// Gravity potential energy of a tree at its last kinematics query, J (zero at the
/// origin): `-g . sum_b (m_b p_b + R_b h_b)` over its bodies' placements `(R_b, p_b)`
/// and first moments of mass `h_b`.
pub(crate) fn gravity_potential(model: &Model, data: &Data, gravity: &wolfe::Vec3) -> f64 {
    model
        .bodies()
        .iter()
        .zip(data.body_placements())
        .map(|(b, x)| -gravity.dot(&(b.inertia.mass * x.pos + x.rot * b.inertia.h)))
        .sum()
}
