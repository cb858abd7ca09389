//! Inverse dynamics (RNEA), the mass matrix (CRBA), bias and gravity forces, kinetic
//! energy.
//!
//! The equations of motion of a tree in generalized coordinates are
//! `M(q) a + c(q, v) + g(q) = tau`; the SAP paper writes the same balance of momentum,
//! discretized, in its Eq. (7), with `M(q)` the mass matrix and
//! `k(q, v) = tau_applied - c(q, v) - g(q) - D v` gathering the gyroscopic (Coriolis),
//! gravity and joint damper forces (Eqs. 7, 14; the dampers are `k_1` and give the `D` of
//! Eq. 17, see [`Model::damping`]; Coriolis and gravity are `k_2`).
//!
//! # Recursive Newton-Euler (Featherstone Table 5.1) in world coordinates
//! Every motion and force is written in world coordinates about the world origin (see
//! [`crate::data`]), so that the transforms between bodies disappear:
//!
//! ```text
//! forward, i = 1..n (parents first):
//!   v_i = v_p + sum_k s_k v_k
//!   a_i = a_p + sum_k s_k a_k + v_i x (sum_k s_k v_k)     (d/dt s_k = v_i x s_k)
//!   f_i = I_i a_i + v_i x* I_i v_i                         (Newton-Euler, Eq. 2.72)
//! backward, i = n..1:
//!   tau_k = s_k . f_i + armature_k a_k,   f_p += f_i
//! ```
//!
//! with `v_0 = 0` and `a_0 = -gravity` (the base accelerates upwards instead of every body
//! feeling gravity: the fictitious-acceleration trick of Featherstone Section 5.3), `s_k`
//! the joint's motion subspace columns and `I_i` the body's inertia, both in world
//! coordinates. RNEA(q, v, a) is `tau = M a + c + g`; RNEA(q, v, 0) the bias `c + g`;
//! RNEA(q, 0, 0) the gravity torques `g` (computed with the velocity terms skipped).
//!
//! # Composite-rigid-body algorithm (Featherstone Table 6.2) in world coordinates
//! The composite inertia of a subtree is the sum of its bodies' world inertias,
//! `Ic_i = I_i + sum_{children c} Ic_c`. The entry of `M` for velocity indices `j, k`
//! (`j` on the path from the root to `k`'s body `i`) is `M_jk = s_j . (Ic_i s_k)`: the
//! momentum that moving dof `k` alone gives the subtree of `i`, measured by dof `j`.
//! Entries of unrelated branches are zero. Armature adds to the diagonal, as in Drake's
//! and pinocchio's `M` (the reflected rotor inertia; the SAP paper's `M` is the full
//! mass matrix of the system).

use nalgebra::{DMatrix, DVector};

use crate::data::Data;
use crate::error::ModelError;
use crate::kinematics::combine;
use crate::model::Model;
use crate::spatial::{Force, Motion, Vec3};

impl Model {
    /// The joint-space mass matrix `M(q)` (nv x nv, symmetric positive definite for a
    /// valid model) by the CRBA, armature included; also leaves the body placements in
    /// `data`.
    pub fn mass_matrix<'d>(&self, data: &'d mut Data, q: &[f64]) -> Result<&'d DMatrix<f64>, ModelError> {
        self.check_q(q)?;
        let n = self.bodies.len();
        for i in 0..n {
            let x = self.parent_to_body(i, q)?;
            let omi = match self.bodies[i].parent {
                Some(p) => data.omi[p].compose(&x),
                None => x,
            };
            self.world_subspace(i, &omi, &mut data.os);
            data.oic[i] = self.bodies[i].inertia.transformed(&omi);
            data.omi[i] = omi;
        }
        // Backward: when body i is reached its composite inertia is complete (children
        // have larger indices). F_k = Ic_i s_k for its dofs; then M_ck = s_k . F_c for
        // every dof c of its subtree, the contiguous range v_index .. v_index +
        // subtree_nv (pinocchio fills M by the same blocks): column k, rows c >= its
        // first dof, the lower triangle. The upper one is mirrored after.
        let n = self.nv;
        let m = data.mass_matrix.as_mut_slice();
        for i in (0..self.bodies.len()).rev() {
            let b = &self.bodies[i];
            let ic = data.oic[i];
            let dofs = b.v_index..b.v_index + b.joint.kind.nv();
            for k in dofs.clone() {
                data.ofs[k] = ic.mul_motion(&data.os[k]);
            }
            let sub = b.v_index..b.v_index + self.subtree_nv[i];
            for k in dofs {
                let s = data.os[k];
                let col = &mut m[k * n..(k + 1) * n];
                for (mck, f) in col[sub.clone()].iter_mut().zip(&data.ofs[sub.clone()]) {
                    *mck = s.dot(f);
                }
                col[k] += self.armature[k];
            }
            if let Some(p) = b.parent {
                data.oic[p] += ic;
            }
        }
        data.mass_matrix.fill_upper_triangle_with_lower_triangle();
        // Entries of unrelated branches stay at zero from Data::new (never written).
        Ok(&data.mass_matrix)
    }

    /// Inverse dynamics `tau = M(q) a + c(q, v) + g(q)` by the RNEA (armature included).
    pub fn inverse_dynamics<'d>(
        &self, data: &'d mut Data, q: &[f64], v: &[f64], a: &[f64],
    ) -> Result<&'d DVector<f64>, ModelError> {
        self.check_q(q)?;
        self.check_v(v, "v")?;
        self.check_v(a, "a")?;
        self.rnea(data, q, Some(v), Some(a))?;
        Ok(&data.tau)
    }

    /// The bias forces `c(q, v) + g(q)` (RNEA with zero acceleration).
    pub fn bias_forces<'d>(
        &self, data: &'d mut Data, q: &[f64], v: &[f64],
    ) -> Result<&'d DVector<f64>, ModelError> {
        self.check_q(q)?;
        self.check_v(v, "v")?;
        self.rnea(data, q, Some(v), None)?;
        Ok(&data.tau)
    }

    /// The gravity torques `g(q)` (RNEA with zero velocity and acceleration).
    pub fn gravity_torques<'d>(&self, data: &'d mut Data, q: &[f64]) -> Result<&'d DVector<f64>, ModelError> {
        self.check_q(q)?;
        self.rnea(data, q, None, None)?;
        Ok(&data.tau)
    }

    /// Kinetic energy `1/2 v^T M(q) v = sum_i 1/2 v_i . I_i v_i` (body sum).
    pub fn kinetic_energy(&self, data: &mut Data, q: &[f64], v: &[f64]) -> Result<f64, ModelError> {
        self.forward_kinematics_velocity(data, q, v)?;
        let mut e = 0.0;
        for (b, (x, m)) in self.bodies.iter().zip(data.omi.iter().zip(&data.ov)) {
            e += b.inertia.transformed(x).kinetic_energy(m);
        }
        Ok(e)
    }

    /// The RNEA of the module docs; `None` velocity or acceleration means zero.
    fn rnea(
        &self, data: &mut Data, q: &[f64], v: Option<&[f64]>, a: Option<&[f64]>,
    ) -> Result<(), ModelError> {
        let a0 = Motion::new(Vec3::zeros(), -self.gravity);
        for i in 0..self.bodies.len() {
            let b = &self.bodies[i];
            let x = self.parent_to_body(i, q)?;
            let (omi, vp, ap) = match b.parent {
                Some(p) => (data.omi[p].compose(&x), data.ov[p], data.oa[p]),
                None => (x, Motion::zero(), a0),
            };
            self.world_subspace(i, &omi, &mut data.os);
            let dofs = b.v_index..b.v_index + b.joint.kind.nv();
            let f = match v {
                Some(v) => {
                    let inertia = b.inertia.transformed(&omi);
                    let vj = combine(&data.os[dofs.clone()], &v[dofs.clone()]);
                    let vi = vp + vj;
                    let mut ai = ap + vi.cross_motion(&vj);
                    if let Some(a) = a {
                        ai = ai + combine(&data.os[dofs.clone()], &a[dofs]);
                    }
                    data.ov[i] = vi;
                    data.oa[i] = ai;
                    inertia.mul_motion(&ai) + vi.cross_force(&inertia.mul_motion(&vi))
                }
                None => {
                    // v = 0, a = 0: every body accelerates at a_0 = [0; -gravity], and
                    // I a_0 = [h_w x a_0.v; m a_0.v] needs only the world first moment
                    // h_w = R h + m p, not the rotated rotational inertia.
                    data.oa[i] = ap;
                    let m = b.inertia.mass;
                    let hw = omi.rot * b.inertia.h + omi.pos * m;
                    Force {
                        n: hw.cross(&ap.v),
                        f: ap.v * m,
                    }
                }
            };
            data.omi[i] = omi;
            data.of[i] = f;
        }
        for i in (0..self.bodies.len()).rev() {
            let b = &self.bodies[i];
            let f = data.of[i];
            for k in b.v_index..b.v_index + b.joint.kind.nv() {
                let arm = a.map_or(0.0, |a| self.armature[k] * a[k]);
                data.tau[k] = data.os[k].dot(&f) + arm;
            }
            if let Some(p) = b.parent {
                data.of[p] += f;
            }
        }
        Ok(())
    }
}
