//! [`ProblemFiller`]: the in-place build of a [`SapProblem`] by [`SapProblem::refill`].

use nalgebra::constraint::{SameNumberOfColumns, SameNumberOfRows, ShapeConstraint};
use nalgebra::{DMatrix, DVector, Dim, Dyn, Matrix, RawStorage};

use super::{copy_matrix, set_side_b, slot, SapProblem, Tree};
use crate::contact::ContactConstraint;
use crate::joint::{JointLimitConstraint, PdControllerConstraint};

/// The second side of a contact: its tree and Jacobian block.
pub type Side<'m, R, C, S> = (usize, &'m Matrix<f64, R, C, S>);

/// Fills a [`SapProblem`] in place inside [`SapProblem::refill`]: trees and constraints
/// are appended in order, their matrices copied into storage kept from earlier
/// problems. Nothing is checked here; the whole problem is validated when `fill` returns.
pub struct ProblemFiller<'a> {
    pub(super) problem: &'a mut SapProblem,
    /// Trees and contacts pushed so far: the problem's first ones are overwritten,
    /// then new ones appended (from the spare pools when they have any).
    pub(super) trees: usize,
    pub(super) contacts: usize,
}

impl ProblemFiller<'_> {
    /// Appends a tree: its block `a` of A (n_t x n_t) and its free-motion velocities
    /// `v_star` (n_t); returns its index.
    pub fn push_tree<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self,
        a: &Matrix<f64, R, C, S>,
        v_star: &[f64],
    ) -> usize
    where
        ShapeConstraint: SameNumberOfRows<Dyn, R> + SameNumberOfColumns<Dyn, C>,
    {
        let p = &mut *self.problem;
        let k = self.trees;
        self.trees += 1;
        let tree = slot(&mut p.trees, &mut p.spare_trees, k, || {
            Tree::new(DMatrix::zeros(0, 0), DVector::zeros(0))
        });
        copy_matrix(a, &mut tree.a);
        if tree.v_star.len() == v_star.len() {
            tree.v_star.as_mut_slice().copy_from_slice(v_star);
        } else {
            tree.v_star = DVector::from_column_slice(v_star);
        }
        k
    }

    /// Appends a contact on tree `tree_a` with Jacobian block `jacobian_a` (3 x n_a)
    /// and, for a contact between two trees, `(tree_b, jacobian_b)`; returns it with
    /// the defaults of [`ContactConstraint::with_world`] (`phi0 = 0`, rigid, no
    /// dissipation, friction 1) for the caller to set its fields.
    pub fn push_contact<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self,
        tree_a: usize,
        jacobian_a: &Matrix<f64, R, C, S>,
        side_b: Option<Side<'_, R, C, S>>,
    ) -> &mut ContactConstraint
    where
        ShapeConstraint: SameNumberOfRows<Dyn, R> + SameNumberOfColumns<Dyn, C>,
    {
        let p = &mut *self.problem;
        let k = self.contacts;
        self.contacts += 1;
        let contact = slot(&mut p.contacts, &mut p.spare_contacts, k, || {
            ContactConstraint::with_world(0, DMatrix::zeros(0, 0), 0.0)
        });
        contact.tree_a = tree_a;
        copy_matrix(jacobian_a, &mut contact.jacobian_a);
        set_side_b(
            &mut contact.tree_b,
            &mut p.spare_jacobians,
            side_b.map(|(tree_b, jb)| (tree_b, move |j: &mut DMatrix<f64>| copy_matrix(jb, j))),
        );
        contact.phi0 = 0.0;
        contact.stiffness = f64::INFINITY;
        contact.dissipation_time_scale = 0.0;
        contact.friction = 1.0;
        contact
    }

    /// Appends a PD controller.
    pub fn push_pd_controller(&mut self, pd: PdControllerConstraint) {
        self.problem.pd_controllers.push(pd);
    }

    /// Appends a joint limit.
    pub fn push_joint_limit(&mut self, limit: JointLimitConstraint) {
        self.problem.joint_limits.push(limit);
    }
}
