//! The frictional contact constraint (Sections II-A, II-B): three rows, the contact
//! velocity in the contact frame, impulses in the friction cone.

use nalgebra::DMatrix;

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
        tree_a: usize,
        jacobian_a: DMatrix<f64>,
        tree_b: usize,
        jacobian_b: DMatrix<f64>,
        phi0: f64,
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
