//! Forward kinematics, frame placements, velocities and world-aligned Jacobians.
//!
//! **Placements.** Body `i` with parent `p` sits at `oMi = oMp X_T,i X_J,i(q_i)` (the
//! joint placement `X_T` then the joint transform, [`crate::joint`]); a frame on body `i`
//! at `oMf = oMi X_f`.
//!
//! **Motion subspaces in world coordinates.** A one-dof joint with unit axis `a` (body
//! frame) moves body `i` by `s = oMi S`: for a revolute joint `s = [R_i a; p_i x R_i a]`
//! (angular velocity `R_i a` about the line through the body origin `p_i`, written at the
//! world origin), for a prismatic one `s = [0; R_i a]`. The floating joint's six columns
//! are `oMi` applied to the unit twists of the body frame: `[0; R_i e_k]` for its linear
//! velocity and `[R_i e_k; p_i x R_i e_k]` for its angular velocity.
//!
//! **Velocities.** With all motions at the world origin they add along the tree:
//! `v_i = v_p + sum_k s_k v_k` over the joint's velocity indices (Featherstone Eq. 3.27
//! with identity transforms).
//!
//! **Jacobians.** The velocity of a point `x` (world) of body `i` is
//! `sum_k (s_k.v + s_k.w x x) v_k` over the velocity indices `k` on the path from the
//! root to `i`, and its angular velocity `sum_k s_k.w v_k`: the world-aligned frame
//! Jacobian (pinocchio's `LOCAL_WORLD_ALIGNED`) has those columns, linear rows first.
//! These are the contact Jacobians `J` of the SAP paper's Section II-A (`v_c = J v`), once
//! rotated into the contact frame.

use nalgebra::{DMatrix, DVector, Quaternion, UnitQuaternion};

use crate::data::Data;
use crate::error::ModelError;
use crate::model::{JointCache, Model};
use crate::spatial::{axis_angle, Mat3, Motion, Se3, Vec3};

/// `sum_k s_k x_k` over matching slices of subspace columns and joint values.
#[inline]
pub(crate) fn combine(s: &[Motion], x: &[f64]) -> Motion {
    s.iter()
        .zip(x)
        .fold(Motion::zero(), |m, (sk, xk)| m.add_scaled(sk, *xk))
}

impl Model {
    pub(crate) fn check_q(&self, q: &[f64]) -> Result<(), ModelError> {
        if q.len() != self.nq {
            return Err(ModelError::DimensionMismatch {
                what: "q",
                got: q.len(),
                expected: self.nq,
            });
        }
        if !q.iter().all(|x| x.is_finite()) {
            return Err(ModelError::BadState { what: "q" });
        }
        Ok(())
    }

    pub(crate) fn check_v(&self, v: &[f64], what: &'static str) -> Result<(), ModelError> {
        if v.len() != self.nv {
            return Err(ModelError::DimensionMismatch {
                what,
                got: v.len(),
                expected: self.nv,
            });
        }
        if !v.iter().all(|x| x.is_finite()) {
            return Err(ModelError::BadState { what });
        }
        Ok(())
    }

    /// The joint's transform `X_T X_J(q)` from body `i` to its parent (world if none).
    // Always inlined: the one-dof cases are a few dozen flops, and as a call the
    // returned placement went through memory (store-to-load stalls in the CRBA's and
    // FK's loops, measured with perf on the Panda bench).
    #[inline(always)]
    pub(crate) fn parent_to_body(&self, i: usize, q: &[f64]) -> Result<Se3, ModelError> {
        let b = &self.bodies[i];
        let xt = &b.placement;
        let qi = q[b.q_index];
        Ok(match self.cache[i] {
            JointCache::Revolute { axis, aligned } => {
                let (s, c) = qi.sin_cos();
                let rot = match aligned {
                    // R_T Rz(q): columns 0 and 1 mix, column 2 stays (likewise for x, y).
                    // With u = k + 1, w = k + 2 (mod 3): column u becomes
                    // `c_u cos + c_w sin`, column w `c_w cos - c_u sin`. Written out per
                    // axis with constant indices, so the matrix stays in registers (a
                    // runtime column index sent it through the stack: measured with perf).
                    Some(k) => {
                        let r = &xt.rot;
                        let (c0, c1, c2) = (
                            r.column(0).into_owned(),
                            r.column(1).into_owned(),
                            r.column(2).into_owned(),
                        );
                        match k {
                            0 => Mat3::from_columns(&[c0, c1 * c + c2 * s, c2 * c - c1 * s]),
                            1 => Mat3::from_columns(&[c0 * c - c2 * s, c1, c2 * c + c0 * s]),
                            _ => Mat3::from_columns(&[c0 * c + c1 * s, c1 * c - c0 * s, c2]),
                        }
                    }
                    None => xt.rot * axis_angle(&axis, qi),
                };
                Se3::new(rot, xt.pos)
            }
            JointCache::Prismatic { axis_in_parent, .. } => Se3::new(xt.rot, xt.pos + axis_in_parent * qi),
            JointCache::Floating => return self.floating_to_body(i, q),
        })
    }

    /// [`Model::parent_to_body`] of a floating joint (out of line: rare in the hot loops).
    #[inline(never)]
    fn floating_to_body(&self, i: usize, q: &[f64]) -> Result<Se3, ModelError> {
        let b = &self.bodies[i];
        let o = b.q_index;
        let quat = Quaternion::new(q[o + 6], q[o + 3], q[o + 4], q[o + 5]);
        let n = quat.norm();
        if n == 0.0 {
            return Err(ModelError::BadState {
                what: "q (floating joint quaternion)",
            });
        }
        let rot = *UnitQuaternion::new_unchecked(quat / n)
            .to_rotation_matrix()
            .matrix();
        Ok(b.placement
            .compose(&Se3::new(rot, Vec3::new(q[o], q[o + 1], q[o + 2]))))
    }

    /// Writes body `i`'s motion subspace columns (world coordinates) into `os` from its
    /// world placement `omi` (see the module docs).
    #[inline(always)]
    pub(crate) fn world_subspace(&self, i: usize, omi: &Se3, os: &mut [Motion]) {
        let k0 = self.bodies[i].v_index;
        match self.cache[i] {
            JointCache::Revolute { axis, aligned } => {
                // An axis +e_k (most URDFs) maps to the k-th column of R.
                let w = match aligned {
                    Some(k) => omi.rot.column(k).into_owned(),
                    None => omi.rot * axis,
                };
                os[k0] = Motion::new(w, omi.pos.cross(&w));
            }
            JointCache::Prismatic { axis, .. } => os[k0] = Motion::new(Vec3::zeros(), omi.rot * axis),
            JointCache::Floating => {
                for k in 0..3 {
                    let e = omi.rot.column(k).into_owned();
                    os[k0 + k] = Motion::new(Vec3::zeros(), e);
                    os[k0 + 3 + k] = Motion::new(e, omi.pos.cross(&e));
                }
            }
        }
    }

    /// Body placements `oMi` for configuration `q` (into `data`).
    pub fn forward_kinematics(&self, data: &mut Data, q: &[f64]) -> Result<(), ModelError> {
        self.check_q(q)?;
        self.placements_unchecked(data, q)
    }

    #[inline]
    pub(crate) fn placements_unchecked(&self, data: &mut Data, q: &[f64]) -> Result<(), ModelError> {
        for i in 0..self.bodies.len() {
            let x = self.parent_to_body(i, q)?;
            data.omi[i] = match self.bodies[i].parent {
                Some(p) => data.omi[p].compose(&x),
                None => x,
            };
        }
        Ok(())
    }

    /// Frame placements from the body placements of the last kinematics query.
    pub fn update_frames(&self, data: &mut Data) {
        for (f, out) in self.frames.iter().zip(data.oframes.iter_mut()) {
            *out = match f.body {
                // a body's own frame: nothing to compose
                Some(b) if f.placement == Se3::identity() => data.omi[b],
                Some(b) => data.omi[b].compose(&f.placement),
                None => f.placement,
            };
        }
    }

    /// Forward kinematics of all bodies and frames (pinocchio's
    /// `framesForwardKinematics`).
    pub fn frames_forward_kinematics(&self, data: &mut Data, q: &[f64]) -> Result<(), ModelError> {
        self.forward_kinematics(data, q)?;
        self.update_frames(data);
        Ok(())
    }

    /// Body placements and spatial velocities (world coordinates) for `(q, v)`.
    pub fn forward_kinematics_velocity(
        &self, data: &mut Data, q: &[f64], v: &[f64],
    ) -> Result<(), ModelError> {
        self.check_q(q)?;
        self.check_v(v, "v")?;
        for i in 0..self.bodies.len() {
            let x = self.parent_to_body(i, q)?;
            let (omi, vp) = match self.bodies[i].parent {
                Some(p) => (data.omi[p].compose(&x), data.ov[p]),
                None => (x, Motion::zero()),
            };
            self.world_subspace(i, &omi, &mut data.os);
            let b = &self.bodies[i];
            let dofs = b.v_index..b.v_index + b.joint.kind.nv();
            let vi = vp + combine(&data.os[dofs.clone()], &v[dofs]);
            data.omi[i] = omi;
            data.ov[i] = vi;
        }
        Ok(())
    }

    /// Linear and angular velocity (world) of frame `frame`'s origin after
    /// [`Model::forward_kinematics_velocity`] and [`Model::update_frames`].
    pub fn frame_velocity(&self, data: &Data, frame: usize) -> Result<(Vec3, Vec3), ModelError> {
        let f = self.frames.get(frame).ok_or(ModelError::NoSuchFrame(frame))?;
        Ok(match f.body {
            Some(b) => {
                let m = data.ov[b];
                (m.point_velocity(&data.oframes[frame].pos), m.w)
            }
            None => (Vec3::zeros(), Vec3::zeros()),
        })
    }

    /// The world-aligned Jacobian (6 x nv, rows: linear velocity of the world point `x`,
    /// then angular velocity) of a point fixed to `body` (`None`: the world, a zero
    /// Jacobian), from the body placements of the last kinematics query. `out` must be
    /// 6 x nv; it is overwritten.
    pub fn point_jacobian(
        &self, data: &mut Data, body: Option<usize>, x: &Vec3, out: &mut DMatrix<f64>,
    ) -> Result<(), ModelError> {
        if out.nrows() != 6 || out.ncols() != self.nv {
            return Err(ModelError::DimensionMismatch {
                what: "jacobian columns",
                got: out.ncols(),
                expected: self.nv,
            });
        }
        out.fill(0.0);
        let mut cur = body;
        while let Some(i) = cur {
            let omi = data.omi[i];
            self.world_subspace(i, &omi, &mut data.os);
            let b = &self.bodies[i];
            for k in b.v_index..b.v_index + b.joint.kind.nv() {
                let s = data.os[k];
                let lin = s.point_velocity(x);
                for r in 0..3 {
                    out[(r, k)] = lin[r];
                    out[(r + 3, k)] = s.w[r];
                }
            }
            cur = b.parent;
        }
        Ok(())
    }

    /// The world-aligned Jacobian of frame `frame`'s origin (see
    /// [`Model::point_jacobian`]), after [`Model::frames_forward_kinematics`].
    pub fn frame_jacobian(
        &self, data: &mut Data, frame: usize, out: &mut DMatrix<f64>,
    ) -> Result<(), ModelError> {
        let f = self.frames.get(frame).ok_or(ModelError::NoSuchFrame(frame))?;
        let x = data.oframes[frame].pos;
        self.point_jacobian(data, f.body, &x, out)
    }

    /// The neutral configuration: zero joint coordinates, identity quaternions.
    pub fn neutral(&self) -> DVector<f64> {
        let mut q = DVector::zeros(self.nq);
        for (b, c) in self.bodies.iter().zip(&self.cache) {
            if let JointCache::Floating = c {
                q[b.q_index + 6] = 1.0;
            }
        }
        q
    }

    /// `q (+) v dt` on the configuration manifold: joint coordinates add, each floating
    /// joint moves by the exponential of its body-frame twist `v dt`
    /// (`R <- R exp([w dt]x)`, `p <- p + R V(w dt) v_lin dt` with
    /// `V(phi) = I + (1 - cos t)/t^2 [phi]x + (t - sin t)/t^3 [phi]x^2`, `t = |phi|`), as
    /// pinocchio's `integrate`. Writes into `out` (length nq).
    pub fn integrate(&self, q: &[f64], v: &[f64], dt: f64, out: &mut [f64]) -> Result<(), ModelError> {
        self.check_q(q)?;
        self.check_v(v, "v")?;
        if out.len() != self.nq {
            return Err(ModelError::DimensionMismatch {
                what: "out",
                got: out.len(),
                expected: self.nq,
            });
        }
        for (i, b) in self.bodies.iter().enumerate() {
            let (iq, iv) = (b.q_index, b.v_index);
            match self.cache[i] {
                JointCache::Floating => {
                    let quat = UnitQuaternion::new_normalize(Quaternion::new(
                        q[iq + 6],
                        q[iq + 3],
                        q[iq + 4],
                        q[iq + 5],
                    ));
                    let lin = Vec3::new(v[iv], v[iv + 1], v[iv + 2]) * dt;
                    let phi = Vec3::new(v[iv + 3], v[iv + 4], v[iv + 5]) * dt;
                    let t = phi.norm();
                    let k = crate::spatial::skew(&phi);
                    let (a, c) = if t < 1e-6 {
                        (0.5 - t * t / 24.0, 1.0 / 6.0 - t * t / 120.0)
                    } else {
                        ((1.0 - t.cos()) / (t * t), (t - t.sin()) / (t * t * t))
                    };
                    let vmat = Mat3::identity() + k * a + k * k * c;
                    let p = Vec3::new(q[iq], q[iq + 1], q[iq + 2]) + quat * (vmat * lin);
                    let rq = (quat * UnitQuaternion::from_scaled_axis(phi)).into_inner();
                    out[iq..iq + 3].copy_from_slice(p.as_slice());
                    out[iq + 3..iq + 7].copy_from_slice(&[rq.i, rq.j, rq.k, rq.w]);
                }
                _ => out[iq] = q[iq] + v[iv] * dt,
            }
        }
        Ok(())
    }
}
