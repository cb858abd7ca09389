//! The frictional contact constraint (Sections II-A, II-B): three rows, the contact
//! velocity in the contact frame, impulses in the friction cone.

use nalgebra::{DMatrix, Matrix3, Vector3};

use crate::cone::ConeParams;
use crate::constraint::SapConstraint;
use crate::error::SapError;
use crate::forest::{all_finite, blocks, copy_dmatrix, Forest, Tree};
use crate::regularization::{check_energy, RegularizationSettings};

/// A rotation whose third column is the unit vector `n`: the contact frame `C` of
/// Section II-A (z along the normal; the tangents are any orthonormal completion,
/// built without a branch-dependent discontinuity near the poles as in Frisvad's
/// construction with the sign fix of Duff et al.).
pub fn contact_frame(n: &Vector3<f64>) -> Matrix3<f64> {
    let sign = 1.0f64.copysign(n.z);
    let a = -1.0 / (sign + n.z);
    let b = n.x * n.y * a;
    let t1 = Vector3::new(1.0 + sign * n.x * n.x * a, sign * b, -sign * n.x);
    let t2 = Vector3::new(b, sign + n.y * n.y * a, -n.y);
    Matrix3::from_columns(&[t1, t2, *n])
}

/// One contact constraint between one or two trees (Section II-A): the contact
/// velocity in the contact frame (z along the normal) is
/// `v_c = J_a v_a + J_b v_b` (m/s), components `[v_t (2), v_n]`.
///
/// As a SAP constraint: `y = -R^{-1} (v_c - v_hat)` with `R = diag(R_t, R_t, R_n)`
/// (Eqs. 29, 30) and `v_hat = [0, 0, -phi0 / (dt + tau_d)]` (Section V-A); the impulse
/// (N s) is the projection `gamma = P_F(y)` onto the friction cone (Eqs. 23, 27), the
/// cost its term `||gamma||_R^2 / 2` of Eq. (24) (Eq. 35 as a function of y), and
/// `G = -d gamma / d v_c` the 3 x 3 block of Appendix D (Eq. 37), see [`crate::cone`].
#[derive(Debug, Clone)]
pub struct ContactConstraint {
    /// The first tree.
    pub tree_a: usize,
    /// Its 3 x n_a Jacobian block.
    pub jacobian_a: DMatrix<f64>,
    /// The second tree and its 3 x n_b Jacobian block, if the contact involves two trees
    /// (a contact with the world involves one).
    pub tree_b: Option<(usize, DMatrix<f64>)>,
    /// Signed distance phi0 (m) at the previous step (negative when overlapping).
    pub phi0: f64,
    /// Stiffness k (N/m), positive; `f64::INFINITY` for rigid contact (the near-rigid
    /// switch of Eq. 29 then always applies).
    pub stiffness: f64,
    /// Dissipation time scale tau_d (s), non-negative (Eq. 2).
    pub dissipation_time_scale: f64,
    /// Friction coefficient mu, non-negative.
    pub friction: f64,
}

impl ContactConstraint {
    /// A contact between tree `tree` and the world.
    pub fn with_world(tree: usize, jacobian: DMatrix<f64>, phi0: f64) -> Self {
        Self {
            tree_a: tree,
            jacobian_a: jacobian,
            tree_b: None,
            phi0,
            stiffness: f64::INFINITY,
            dissipation_time_scale: 0.0,
            friction: 1.0,
        }
    }

    /// A contact between two trees.
    pub fn between(
        tree_a: usize, jacobian_a: DMatrix<f64>, tree_b: usize, jacobian_b: DMatrix<f64>, phi0: f64,
    ) -> Self {
        Self {
            tree_a,
            jacobian_a,
            tree_b: Some((tree_b, jacobian_b)),
            phi0,
            stiffness: f64::INFINITY,
            dissipation_time_scale: 0.0,
            friction: 1.0,
        }
    }

    /// Sets the physical parameters: stiffness k, dissipation time scale tau_d,
    /// friction mu.
    pub fn with_parameters(mut self, stiffness: f64, tau_d: f64, mu: f64) -> Self {
        self.stiffness = stiffness;
        self.dissipation_time_scale = tau_d;
        self.friction = mu;
        self
    }
}

impl ContactConstraint {
    /// The contact velocity `J x` (side a, then side b) for the stacked vector `x`,
    /// tree `t`'s entries from `offsets[t]` (fixed-size paths for 6- and 3-dof trees).
    #[inline]
    pub(crate) fn velocity(&self, offsets: &[usize], x: &[f64]) -> [f64; 3] {
        let mut vc = [0.0; 3];
        blocks::add_jx(self.jacobian_a.as_slice(), &x[offsets[self.tree_a]..], &mut vc);
        if let Some((tb, jb)) = &self.tree_b {
            blocks::add_jx(jb.as_slice(), &x[offsets[*tb]..], &mut vc);
        }
        vc
    }

    /// `y += J^T g` for the stacked vector `y` (offsets as [`Self::velocity`]).
    #[inline]
    pub(crate) fn add_jt(&self, offsets: &[usize], g: &[f64; 3], y: &mut [f64]) {
        blocks::add_jtg(self.jacobian_a.as_slice(), g, &mut y[offsets[self.tree_a]..]);
        if let Some((tb, jb)) = &self.tree_b {
            blocks::add_jtg(jb.as_slice(), g, &mut y[offsets[*tb]..]);
        }
    }

    /// The block-diagonal approximation of the Delassus operator (Section V-B):
    /// `W_cc ~ sum over its trees of J_t A_t^{-1} J_t^T`, 3 x 3, without allocating.
    pub(crate) fn delassus_block(&self, forest: &Forest) -> Matrix3<f64> {
        // w[s][r] is entry (r, s): the column-major layout of Matrix3.
        let mut w = [[0.0; 3]; 3];
        forest.add_delassus(self.tree_a, &self.jacobian_a, &mut w);
        if let Some((tb, jb)) = &self.tree_b {
            forest.add_delassus(*tb, jb, &mut w);
        }
        Matrix3::from_fn(|r, s| w[s][r])
    }

    /// Checks one Jacobian block: its tree exists and it is a finite 3 x n_t block.
    fn check_block(c: usize, trees: &[Tree], tree: usize, j: &DMatrix<f64>) -> Result<(), SapError> {
        let Some(t) = trees.get(tree) else {
            return Err(SapError::ContactTrees {
                contact: c,
                what: "tree index out of range",
            });
        };
        if j.nrows() != 3 || j.ncols() != t.dofs() {
            return Err(SapError::JacobianSize {
                contact: c,
                rows: j.nrows(),
                cols: j.ncols(),
                expected_cols: t.dofs(),
            });
        }
        if !all_finite(j.as_slice()) {
            return Err(SapError::NonFiniteContact(c));
        }
        Ok(())
    }
}

/// The regularization and stabilization velocity of one contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactModel {
    /// Friction and regularization R = diag(R_t, R_t, R_n).
    pub cone: ConeParams,
    /// v_hat_n = -phi0 / (dt + tau_d) (Section V-A); v_hat = [0, 0, v_hat_n].
    pub v_hat_n: f64,
    /// The diagonal Delassus estimate w = ||W_ii||_rms (Section V-B).
    pub w: f64,
    /// Whether the near-rigid branch of Eq. 29 was taken.
    pub near_rigid: bool,
}

impl ContactModel {
    /// y = -R^{-1} (v_c - v_hat) at the contact velocity `vc`.
    #[inline]
    pub(crate) fn y(&self, vc: &[f64; 3]) -> Vector3<f64> {
        Vector3::new(
            -vc[0] / self.cone.r_t,
            -vc[1] / self.cone.r_t,
            -(vc[2] - self.v_hat_n) / self.cone.r_n,
        )
    }

    /// The contact's term of Eq. (24), `||gamma||_R^2 / 2`.
    #[inline]
    pub(crate) fn regularizer_cost(&self, gamma: &Vector3<f64>) -> f64 {
        let cone = &self.cone;
        0.5 * (cone.r_t * (gamma.x * gamma.x + gamma.y * gamma.y) + cone.r_n * gamma.z * gamma.z)
    }
}

impl SapConstraint for ContactConstraint {
    const NAME: &'static str = "contact";
    const ROWS: usize = 3;
    type Model = ContactModel;

    fn cliques(&self) -> (usize, Option<usize>) {
        (self.tree_a, self.tree_b.as_ref().map(|(b, _)| *b))
    }

    fn validate(&self, c: usize, trees: &[Tree], _time_step: f64) -> Result<(), SapError> {
        Self::check_block(c, trees, self.tree_a, &self.jacobian_a)?;
        if let Some((tb, jb)) = &self.tree_b {
            if *tb == self.tree_a {
                return Err(SapError::ContactTrees {
                    contact: c,
                    what: "both sides name the same tree",
                });
            }
            Self::check_block(c, trees, *tb, jb)?;
        }
        if !self.phi0.is_finite() {
            return Err(SapError::NonFiniteContact(c));
        }
        let bad = |parameter, value| SapError::InvalidContactParameter {
            contact: c,
            parameter,
            value,
        };
        if self.stiffness.is_nan() || self.stiffness <= 0.0 {
            return Err(bad("stiffness", self.stiffness));
        }
        let tau = self.dissipation_time_scale;
        if !(tau.is_finite() && tau >= 0.0) {
            return Err(bad("dissipation_time_scale", tau));
        }
        let mu = self.friction;
        if !(mu.is_finite() && mu >= 0.0) {
            return Err(bad("friction", mu));
        }
        Ok(())
    }

    /// Eqs. 29, 30 and Section V-A, with the O(n) Delassus estimate
    /// `W_ii ~ sum over the contact's trees of J_it A_t^{-1} J_it^T` and
    /// `w_i = ||W_ii||_F / 3`.
    fn model(
        &self, c: usize, forest: &Forest, settings: &RegularizationSettings,
    ) -> Result<ContactModel, SapError> {
        let dt = forest.time_step();
        let w = self.delassus_block(forest).norm() / 3.0;
        if !(w.is_finite() && w > 0.0) {
            return Err(SapError::DegenerateContact(c));
        }
        let tau = self.dissipation_time_scale;
        let (r_n, near_rigid) = settings.compliant(dt, w, self.stiffness, tau);
        if !r_n.is_finite() {
            return Err(SapError::InvalidContactParameter {
                contact: c,
                parameter: "stiffness",
                value: self.stiffness,
            });
        }
        let v_hat_n = -self.phi0 / (dt + tau);
        check_energy(Self::NAME, c, v_hat_n, r_n)?;
        Ok(ContactModel {
            cone: ConeParams {
                mu: self.friction,
                r_t: settings.sigma * w,
                r_n,
            },
            v_hat_n,
            w,
            near_rigid,
        })
    }

    fn placeholder() -> Self {
        Self::with_world(0, DMatrix::zeros(0, 0), 0.0)
    }

    fn copy_renumbered(&mut self, src: &Self, tree: impl Fn(usize) -> usize, spare: &mut Vec<DMatrix<f64>>) {
        self.tree_a = tree(src.tree_a);
        copy_dmatrix(&src.jacobian_a, &mut self.jacobian_a);
        set_side_b(
            &mut self.tree_b,
            spare,
            src.tree_b
                .as_ref()
                .map(|(tb, jb)| (tree(*tb), |j: &mut DMatrix<f64>| copy_dmatrix(jb, j))),
        );
        self.phi0 = src.phi0;
        self.stiffness = src.stiffness;
        self.dissipation_time_scale = src.dissipation_time_scale;
        self.friction = src.friction;
    }

    fn renumber_model(_model: &mut ContactModel, _velocity: impl Fn(usize) -> usize) {}
}

/// Sets a contact's second side to `side` (its tree, and a writer of its Jacobian
/// into storage reused from the old side or from `spare`), or clears it, returning an
/// old Jacobian to `spare`.
pub(crate) fn set_side_b(
    tree_b: &mut Option<(usize, DMatrix<f64>)>, spare: &mut Vec<DMatrix<f64>>,
    side: Option<(usize, impl FnOnce(&mut DMatrix<f64>))>,
) {
    let old = tree_b.take().map(|(_, j)| j);
    *tree_b = match side {
        Some((tree, write)) => {
            let mut j = old
                .or_else(|| spare.pop())
                .unwrap_or_else(|| DMatrix::zeros(0, 0));
            write(&mut j);
            Some((tree, j))
        }
        None => {
            spare.extend(old);
            None
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_frame_is_a_rotation_with_z_along_the_normal() {
        for n in [
            Vector3::z(),
            -Vector3::z(),
            Vector3::x(),
            Vector3::new(0.3, -0.4, 0.866).normalize(),
            Vector3::new(1e-9, 0.0, -1.0).normalize(),
        ] {
            let r = contact_frame(&n);
            assert!((r.transpose() * r - Matrix3::identity()).norm() < 1e-12);
            assert!((r.determinant() - 1.0).abs() < 1e-12);
            assert!((r.column(2) - n).norm() < 1e-15);
        }
    }
}
