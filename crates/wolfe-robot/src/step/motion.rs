//! Stage one of the step for one tree (SAP paper, Section II-C/D, Eqs. 13-15): its
//! block `A` of Eq. 18 and its free-motion velocities `v*`, into the tree's reused
//! [`TreeWork`].

use nalgebra::{Cholesky, DMatrix, DVector, Dyn};

use crate::error::RobotError;
use crate::world::TreeEntry;

/// One tree's buffers, sized once (nv of the tree) and reused every step.
#[derive(Clone, Debug)]
pub(crate) struct TreeWork {
    /// The tree's block `A` of Eq. 18 (nv x nv).
    pub(crate) a: DMatrix<f64>,
    /// The Cholesky factor's storage (nv x nv).
    factor: DMatrix<f64>,
    /// The free-motion velocities `v*` (Eq. 13).
    pub(crate) v_star: DVector<f64>,
    /// Right-hand sides of the free motion, then its velocity changes.
    rhs: DVector<f64>,
    rhs_gravity: DVector<f64>,
    /// A vector of nv for the caller (the midpoint velocity of the position update).
    pub(crate) scratch: DVector<f64>,
    /// The 6 x nv point Jacobian of a contact point.
    pub(crate) point: DMatrix<f64>,
    /// The 3 x nv contact Jacobian blocks of a contact's sides A and B (Section II-A).
    pub(crate) block_a: DMatrix<f64>,
    pub(crate) block_b: DMatrix<f64>,
}

impl TreeWork {
    /// Buffers for a tree with `nv` generalized velocities.
    pub(crate) fn new(nv: usize) -> Self {
        Self {
            a: DMatrix::zeros(nv, nv),
            factor: DMatrix::zeros(nv, nv),
            v_star: DVector::zeros(nv),
            rhs: DVector::zeros(nv),
            rhs_gravity: DVector::zeros(nv),
            scratch: DVector::zeros(nv),
            point: DMatrix::zeros(6, nv),
            block_a: DMatrix::zeros(3, nv),
            block_b: DMatrix::zeros(3, nv),
        }
    }

    /// The Cholesky factorization of `A = a + dt_d D` (`D` the joint dampers) in the
    /// reused storage; `None` when it is not positive definite. Give the storage back
    /// with [`TreeWork::keep`].
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

    /// Takes back the storage of a factorization from [`TreeWork::factorize`].
    fn keep(&mut self, chol: Cholesky<f64, Dyn>) {
        self.factor = chol.unpack_dirty();
    }
}

/// `x^T M x`.
fn quadratic(m: &DMatrix<f64>, x: &DVector<f64>) -> f64 {
    let n = x.len();
    let mut e = 0.0;
    for j in 0..n {
        let mut col = 0.0;
        for i in 0..n {
            col += m[(i, j)] * x[i];
        }
        e += col * x[j];
    }
    e
}

/// [`crate::TreeScheme::SymplecticEuler`]'s free motion (Eqs. 13, 15, 17): joint dampers
/// implicit, everything else explicit at `(q0, v0)`, `A = M(q0) + dt D`,
/// `A (v* - v0) = dt (-c(q0, v0) - g(q0) - D v0)`. Leaves the body placements at `q0`.
/// Returns false when `A` is not positive definite.
pub(crate) fn symplectic(t: &mut TreeEntry, w: &mut TreeWork, dt: f64) -> Result<bool, RobotError> {
    let nv = t.model.nv();
    w.a.copy_from(t.model.mass_matrix(&mut t.data, t.q.as_slice())?);
    let bias = t.model.bias_forces(&mut t.data, t.q.as_slice(), t.v.as_slice())?;
    let d = t.model.damping();
    for k in 0..nv {
        w.rhs[k] = -dt * (bias[k] + d[k] * t.v[k]);
    }
    let Some(chol) = w.factorize(d, dt) else {
        return Ok(false);
    };
    chol.solve_mut(&mut w.rhs);
    if t.free_object {
        // The gyroscopic terms of a free body do no work (M is constant in body
        // coordinates), but explicit at v0 they add energy every step
        // (|v| grows by sqrt(1 + (dt |w|)^2)) and a fast spin runs away. Keep the
        // explicit update and give its gyroscopic part back the kinetic energy
        // of v0: split v* = v0 + dv_c + dv_g (Coriolis, gravity and dampers),
        // rescale v0 + dv_c to the energy of v0.
        let g = t.model.gravity_torques(&mut t.data, t.q.as_slice())?;
        for k in 0..nv {
            w.rhs_gravity[k] = -dt * (g[k] + d[k] * t.v[k]);
        }
        chol.solve_mut(&mut w.rhs_gravity);
        for k in 0..nv {
            w.v_star[k] = t.v[k] + w.rhs[k] - w.rhs_gravity[k];
        }
        let e0 = quadratic(&w.a, &t.v);
        let e1 = quadratic(&w.a, &w.v_star);
        if e1 > e0 && e1 > 0.0 {
            w.v_star *= (e0 / e1).sqrt();
        }
        w.v_star += &w.rhs_gravity;
    } else {
        w.v_star.copy_from(&t.v);
        w.v_star += &w.rhs;
    }
    w.keep(chol);
    for k in 0..nv {
        w.a[(k, k)] += dt * d[k];
    }
    Ok(true)
}

/// Most fixed-point Newton iterations of the midpoint free motion.
const MIDPOINT_MAX_ITERATIONS: usize = 100;

/// Stage one of [`crate::TreeScheme::Midpoint`] for one tree with dofs: the free-motion
/// velocities `v*` solving the momentum balance at the midpoint (Eqs. 13-14 with
/// theta = theta_vq = 1/2),
/// `r(v) = M(q_m) (v - v0) + dt (c(q_m, v_m) + g(q_m) + D v_m) = 0`,
/// `v_m = (v0 + v)/2`, `q_m = q0 (+) dt/2 v_m`, by the iterations
/// `v <- v - A^-1 r(v)` with `A = M(q_m) + dt/2 D` (the exact Jacobian less the
/// O(dt) derivatives of `c` and `M`: Proposition 1, so they contract by a factor O(dt)
/// each). Stops when `|r|` reaches round-off (1e-14 of the momentum scale) or the update
/// stops changing `v`. Writes `A` (SAP's block, Eq. 18) and `v*` into `w`; returns false
/// when it did not converge or `A` is not positive definite. Leaves the body placements
/// at `q0` (contacts are detected there). Allocates (a few nv-vectors per iteration).
pub(crate) fn midpoint(
    t: &mut TreeEntry,
    w: &mut TreeWork,
    dt: f64,
    q_mid: &mut [f64],
) -> Result<bool, RobotError> {
    let nv = t.model.nv();
    let nq = t.model.nq();
    let d = t.model.damping().clone_owned();
    let v0 = t.v.clone();
    let mut v = v0.clone();
    let mut converged = false;
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
            break;
        };
        w.a.copy_from(&a);
        let rn = r.norm();
        if rn <= 1e-14 * scale || scale == 0.0 {
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
    w.v_star.copy_from(&v);
    t.model.forward_kinematics(&mut t.data, t.q.as_slice())?;
    Ok(converged)
}
