//! Stage one of the step for the rigid bodies (one-body trees with a free or planar
//! joint; SAP paper, Section II-C/D, Eqs. 13-15): their mass matrices `S^T M_6 S`, point
//! Jacobians, generalized forces (gravity, springs, the linearly implicit gyroscopic
//! torque), the blocks `A` of Eq. 15 and the free-motion velocities `v*` by Newton
//! iterations, or in place without allocation for free bodies under a scheme with
//! `theta = 0` and no springs (the clutter's path).

use std::ops::{AddAssign, SubAssign};

use nalgebra::{DMatrix, DVector, Matrix3, SVector};
use wolfe::{Pose, Vec3};

use super::{FreeMotion, Simulation};
use crate::body::{advance, point_jacobian6, solve_free_body, Joint};
use crate::error::SimError;
use crate::forces::{gyroscopic_torque, spring_force, spring_stiffness};
use crate::world::SpringAnchor;

impl Simulation {
    pub(super) fn dofs(&self, i: usize) -> usize {
        self.maps[i].ncols()
    }

    /// Whether body `i` is free, so that its spatial map S is the identity and the
    /// products with S can be skipped (the common case: every clutter body).
    pub(super) fn is_free(&self, i: usize) -> bool {
        self.world.bodies()[i].joint == Joint::Free
    }

    /// Sets each body's reach for the coming step (speculative contacts): the distance
    /// its farthest point can travel, `dt (|v| + |omega| r) + dt^2 |g|` (the last term
    /// for the velocity gravity adds during the step); zero when speculation is off.
    pub(super) fn update_reach(&mut self) {
        self.reach.clear();
        if !self.settings.speculative_contacts {
            return;
        }
        let dt = self.settings.time_step;
        let fall = dt * dt * self.world.gravity.norm();
        for i in 0..self.poses.len() {
            let s = self.spatial_velocity(i, &self.v);
            let speed = s.fixed_rows::<3>(0).norm() + s.fixed_rows::<3>(3).norm() * self.radii[i];
            self.reach.push(dt * speed + fall);
        }
    }

    pub(super) fn spatial_velocity(&self, i: usize, v: &DVector<f64>) -> SVector<f64, 6> {
        let n = self.dofs(i);
        let vi = v.rows(self.offsets[i], n);
        if self.is_free(i) {
            return vi.fixed_rows::<6>(0).into_owned();
        }
        let mut s = SVector::<f64, 6>::zeros();
        for (col, x) in self.maps[i].column_iter().zip(vi.iter()) {
            s += col.fixed_rows::<6>(0) * *x;
        }
        s
    }

    /// `S^T M_6 S` of body `i` at orientation `pose`.
    pub(super) fn mass_matrix(&self, i: usize, pose: &Pose) -> DMatrix<f64> {
        let m6 = self.world.bodies()[i].spatial_inertia(&pose.rotation);
        let m6 = DMatrix::from_column_slice(6, 6, m6.as_slice());
        if self.is_free(i) {
            return m6;
        }
        let s = &self.maps[i];
        s.transpose() * m6 * s
    }

    /// The 3 x n Jacobian `R J_p` of the world point `p` of body `i` at `pose`, with
    /// the rows rotated by `rows` (the identity for world axes, `R^T` of a contact
    /// frame for contact axes).
    pub(super) fn point_jacobian(
        &self, i: usize, pose: &Pose, p: &Vec3, rows: &Matrix3<f64>,
    ) -> DMatrix<f64> {
        let j6 = rows * point_jacobian6(p, &pose.translation);
        let j6 = DMatrix::from_column_slice(3, 6, j6.as_slice());
        if self.is_free(i) {
            return j6;
        }
        j6 * &self.maps[i]
    }

    /// The generalized forces `k(q, v)` (gravity, springs) at body poses `poses` and
    /// velocities `v`, plus the gyroscopic terms at the step's start `(q0, v0)`
    /// (`gyroscopic_torque`).
    pub(super) fn forces(&self, poses: &[Pose], v: &DVector<f64>, v0: &DVector<f64>) -> DVector<f64> {
        let mut k = DVector::zeros(v.len());
        let g = self.world.gravity;
        for (i, b) in self.world.bodies().iter().enumerate() {
            let w0 = self.spatial_velocity(i, v0);
            let omega: Vec3 = w0.fixed_rows::<3>(3).into();
            let r = self.poses[i].rotation.to_rotation_matrix();
            let iw = r * b.inertia * r.transpose();
            let mut f6 = SVector::<f64, 6>::zeros();
            f6.fixed_rows_mut::<3>(0).copy_from(&(b.mass * g));
            f6.fixed_rows_mut::<3>(3)
                .copy_from(&gyroscopic_torque(&iw, &omega, self.settings.time_step));
            let (o, n) = (self.offsets[i], self.dofs(i));
            if self.is_free(i) {
                k.rows_mut(o, 6).add_assign(&f6);
            } else {
                for (kj, col) in k.rows_mut(o, n).iter_mut().zip(self.maps[i].column_iter()) {
                    *kj += col.dot(&f6);
                }
            }
        }
        for s in self.world.springs() {
            let i = s.body;
            let p = poses[i].transform_point(&s.point);
            let jp = self.point_jacobian(i, &poses[i], &p, &Matrix3::identity());
            let vp = &jp * v.rows(self.offsets[i], self.dofs(i));
            let (a, va, ja) = match s.anchor {
                SpringAnchor::World(a) => (a, Vec3::zeros(), None),
                SpringAnchor::Body { body, point } => {
                    let a = poses[body].transform_point(&point);
                    let ja = self.point_jacobian(body, &poses[body], &a, &Matrix3::identity());
                    let va = &ja * v.rows(self.offsets[body], self.dofs(body));
                    (a, Vec3::new(va[0], va[1], va[2]), Some((body, ja)))
                }
            };
            let f = spring_force(
                s.stiffness,
                s.damping,
                s.rest_length,
                &(a - p),
                &(va - Vec3::new(vp[0], vp[1], vp[2])),
            );
            let fv = DVector::from_column_slice(f.as_slice());
            k.rows_mut(self.offsets[i], self.dofs(i))
                .add_assign(&(jp.transpose() * &fv));
            if let Some((body, ja)) = ja {
                k.rows_mut(self.offsets[body], self.dofs(body))
                    .sub_assign(&(ja.transpose() * &fv));
            }
        }
        k
    }

    /// The blocks `A_t = M_t + dt^2 theta theta_vq K_t + dt theta D_t` (Eq. 15) at the
    /// step's start.
    pub(super) fn a_blocks(&self, m0: &[DMatrix<f64>], theta: f64, theta_vq: f64) -> Vec<DMatrix<f64>> {
        let dt = self.settings.time_step;
        let mut a = m0.to_vec();
        if theta == 0.0 || self.world.springs().is_empty() {
            return a;
        }
        for s in self.world.springs() {
            let p = self.poses[s.body].transform_point(&s.point);
            let (anchor, other) = match s.anchor {
                SpringAnchor::World(a) => (a, None),
                SpringAnchor::Body { body, point } => (self.poses[body].transform_point(&point), Some(body)),
            };
            let (k3, d3) = spring_stiffness(s.stiffness, s.damping, s.rest_length, &(anchor - p));
            let m3 = dt * dt * theta * theta_vq * k3 + dt * theta * d3;
            let m3 = DMatrix::from_column_slice(3, 3, m3.as_slice());
            for (body, point) in [(s.body, p)].into_iter().chain(other.map(|b| (b, anchor))) {
                let j = self.point_jacobian(body, &self.poses[body], &point, &Matrix3::identity());
                a[body] += j.transpose() * &m3 * j;
            }
        }
        a
    }

    /// The poses `q0 (+) h S v` for all bodies.
    pub(super) fn advanced_poses(&self, v: &DVector<f64>, h: f64) -> Vec<Pose> {
        (0..self.poses.len())
            .map(|i| {
                let s = self.spatial_velocity(i, v);
                advance(
                    &self.poses[i],
                    &s.fixed_rows::<3>(0).into(),
                    &s.fixed_rows::<3>(3).into(),
                    h,
                )
            })
            .collect()
    }

    /// Stage one: the free-motion velocities `v*` (Eq. 13) and the iterations taken.
    pub(super) fn free_motion(
        &self, a: &[DMatrix<f64>], m0: &[DMatrix<f64>], theta: f64, theta_vq: f64,
    ) -> Result<(DVector<f64>, u32), SimError> {
        let dt = self.settings.time_step;
        let v0 = &self.v;
        let chol: Vec<_> = a
            .iter()
            .map(|ai| {
                ai.clone().cholesky().ok_or(SimError::InvalidSetting {
                    name: "A",
                    value: f64::NAN,
                    reason: "the SPD matrix of Eq. 15 failed to factor (mass or inertia too small?)",
                })
            })
            .collect::<Result<_, _>>()?;
        let mut v = v0.clone();
        let mut residual = f64::INFINITY;
        for it in 0..=self.settings.free_motion_max_iterations {
            let v_vq = theta_vq * &v + (1.0 - theta_vq) * v0;
            let v_theta = theta * &v + (1.0 - theta) * v0;
            let q_theta = self.advanced_poses(&v_vq, theta * dt);
            let k = self.forces(&q_theta, &v_theta, v0);
            let mut m = -dt * &k;
            // Relative to the largest momentum term (and the momentum itself, so that
            // round-off in tiny forces, e.g. the gyroscopic term of an isotropic body,
            // does not count as a residual).
            let mut scale = dt * k.norm();
            for (i, m0i) in m0.iter().enumerate() {
                let (o, n) = (self.offsets[i], self.dofs(i));
                let mv = m0i * (v.rows(o, n) - v0.rows(o, n));
                let p0 = m0i * v0.rows(o, n);
                scale = scale.max(mv.norm()).max(p0.norm());
                m.rows_mut(o, n).add_assign(&mv);
            }
            residual = if scale > 0.0 { m.norm() / scale } else { 0.0 };
            if residual <= self.settings.free_motion_tolerance || m.norm() == 0.0 {
                return Ok((v, it));
            }
            if it == self.settings.free_motion_max_iterations {
                break;
            }
            for (i, c) in chol.iter().enumerate() {
                let (o, n) = (self.offsets[i], self.dofs(i));
                let dv = c.solve(&m.rows(o, n).into_owned());
                v.rows_mut(o, n).sub_assign(&dv);
            }
            if theta == 0.0 {
                // Forces at (q0, v0) do not depend on v: A = M and one solve is exact.
                return Ok((v, it + 1));
            }
        }
        Err(SimError::FreeMotionNotConverged {
            iterations: self.settings.free_motion_max_iterations,
            residual,
        })
    }

    /// Stage one for free bodies under a scheme with `theta = 0` and no springs: the
    /// forces `k(q0, v0)` (gravity, gyroscopic torque) do not depend on `v`, `A = M`
    /// (Eq. 15), and one solve per body gives `v* = v0 + dt M^{-1} k` (Eq. 13), the same
    /// answer as `free_motion` takes in one iteration. Writes `a_blocks` and `v_star`
    /// in place (6 x 6 blocks on the stack): no allocation.
    pub(super) fn free_motion_free_bodies(&mut self) -> Result<u32, SimError> {
        let dt = self.settings.time_step;
        let nb = self.poses.len();
        let g = self.world.gravity;
        self.forces6.clear();
        let (mut k_sq, mut p0_max) = (0.0f64, 0.0f64);
        if self.a_blocks.len() != nb || self.a_blocks.iter().any(|a| a.shape() != (6, 6)) {
            self.a_blocks = vec![DMatrix::zeros(6, 6); nb];
        }
        for i in 0..nb {
            // Refresh the cache, then read it in place: the returned reference would
            // hold `self` mutably while the loop reads the bodies and velocities.
            self.cached_spatial_inertia(i);
            let m6 = &self.inertia_cache[i].1;
            let b = &self.world.bodies()[i];
            let v0 = self.v.fixed_rows::<6>(self.offsets[i]).into_owned();
            // R I R^T, as `spatial_inertia` computed it.
            let iw = m6.fixed_view::<3, 3>(3, 3).into_owned();
            let omega: Vec3 = v0.fixed_rows::<3>(3).into();
            let mut f6 = SVector::<f64, 6>::zeros();
            f6.fixed_rows_mut::<3>(0).copy_from(&(b.mass * g));
            f6.fixed_rows_mut::<3>(3)
                .copy_from(&gyroscopic_torque(&iw, &omega, dt));
            k_sq += f6.norm_squared();
            p0_max = p0_max.max((m6 * v0).norm());
            self.forces6.push(f6);
            self.a_blocks[i].as_mut_slice().copy_from_slice(m6.as_slice());
        }
        self.v_star.copy_from(&self.v);
        // The stopping test of `free_motion` at v = v0: the residual is dt k, relative
        // to the largest momentum term.
        let residual_norm = dt * k_sq.sqrt();
        let scale = residual_norm.max(p0_max);
        let residual = if scale > 0.0 { residual_norm / scale } else { 0.0 };
        if residual <= self.settings.free_motion_tolerance || residual_norm == 0.0 {
            return Ok(0);
        }
        for i in 0..nb {
            // a_blocks[i] holds a copy of this block (above).
            let m6 = &self.inertia_cache[i].1;
            let dv = solve_free_body(m6, &(-dt * self.forces6[i])).ok_or(SimError::InvalidSetting {
                name: "A",
                value: f64::NAN,
                reason: "the SPD matrix of Eq. 15 failed to factor (mass or inertia too small?)",
            })?;
            let o = self.offsets[i];
            let mut rows = self.v_star.fixed_rows_mut::<6>(o);
            rows -= dv;
        }
        Ok(1)
    }

    /// Stage one at the current state: the blocks `A` (Eq. 15), the free-motion
    /// velocities `v*` (Eq. 13) and the iterations taken.
    pub(super) fn free_motion_stage(&self, theta: f64, theta_vq: f64) -> Result<FreeMotion, SimError> {
        let m0: Vec<DMatrix<f64>> = (0..self.poses.len())
            .map(|i| self.mass_matrix(i, &self.poses[i]))
            .collect();
        let a = self.a_blocks(&m0, theta, theta_vq);
        let (v_star, iterations) = self.free_motion(&a, &m0, theta, theta_vq)?;
        Ok((a, v_star, iterations))
    }
}
