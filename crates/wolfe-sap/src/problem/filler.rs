//! [`ProblemFiller`]: the in-place build of a [`SapProblem`] by [`SapProblem::refill`].

use nalgebra::constraint::{SameNumberOfColumns, SameNumberOfRows, ShapeConstraint};
use nalgebra::{DMatrix, Dim, Dyn, Matrix, RawStorage};

use super::SapProblem;
use crate::constraint::SapConstraint;
use crate::contact::{set_side_b, ContactConstraint};
use crate::coupler::CouplerConstraint;
use crate::forest::{copy_matrix, slot};
use crate::joint::{JointLimitConstraint, PdControllerConstraint};
use crate::kinds::{Kind, NUM_KINDS};

/// The second side of a contact: its tree and Jacobian block.
pub type Side<'m, R, C, S> = (usize, &'m Matrix<f64, R, C, S>);

/// Fills a [`SapProblem`] in place inside [`SapProblem::refill`]: trees and constraints
/// are appended in order, their matrices copied into storage kept from earlier
/// problems. Nothing is checked here; the whole problem is validated when `fill` returns.
pub struct ProblemFiller<'a> {
    pub(super) problem: &'a mut SapProblem,
    /// Trees and constraints of each kind pushed so far: the problem's first ones are
    /// overwritten, then new ones appended (from the spare pools when they have any).
    pub(super) trees: usize,
    pub(super) counts: [usize; NUM_KINDS],
}

impl ProblemFiller<'_> {
    /// Appends a tree: its block `a` of A (n_t x n_t) and its free-motion velocities
    /// `v_star` (n_t); returns its index.
    pub fn push_tree<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self, a: &Matrix<f64, R, C, S>, v_star: &[f64],
    ) -> usize
    where
        ShapeConstraint: SameNumberOfRows<Dyn, R> + SameNumberOfColumns<Dyn, C>,
    {
        self.trees += 1;
        self.problem.forest.push_tree(self.trees - 1, a, v_star)
    }

    /// The next constraint of kind `C`: an old one to overwrite, one from the spare
    /// pool, or a placeholder.
    fn next<C: Kind>(&mut self) -> &mut C {
        let k = self.counts[C::INDEX];
        self.counts[C::INDEX] += 1;
        let p = &mut *self.problem;
        slot(
            C::list_mut(&mut p.constraints),
            C::list_mut(&mut p.spares),
            k,
            C::placeholder,
        )
    }

    /// Appends a constraint of any kind, moved in (for a contact,
    /// [`ProblemFiller::push_contact`] copies the Jacobians into kept storage instead).
    pub fn push_constraint<C: Kind>(&mut self, constraint: C) {
        *self.next::<C>() = constraint;
    }

    /// Appends a contact on tree `tree_a` with Jacobian block `jacobian_a` (3 x n_a)
    /// and, for a contact between two trees, `(tree_b, jacobian_b)`; returns it with
    /// the defaults of [`ContactConstraint::with_world`] (`phi0 = 0`, rigid, no
    /// dissipation, friction 1) for the caller to set its fields.
    pub fn push_contact<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self, tree_a: usize, jacobian_a: &Matrix<f64, R, C, S>, side_b: Option<Side<'_, R, C, S>>,
    ) -> &mut ContactConstraint
    where
        ShapeConstraint: SameNumberOfRows<Dyn, R> + SameNumberOfColumns<Dyn, C>,
    {
        let k = self.counts[ContactConstraint::INDEX];
        self.counts[ContactConstraint::INDEX] += 1;
        let p = &mut *self.problem;
        let contact = slot(&mut p.constraints.contacts, &mut p.spares.contacts, k, || {
            ContactConstraint::placeholder()
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
        self.push_constraint(pd);
    }

    /// Appends a joint limit.
    pub fn push_joint_limit(&mut self, limit: JointLimitConstraint) {
        self.push_constraint(limit);
    }

    /// Appends a coupler.
    pub fn push_coupler(&mut self, coupler: CouplerConstraint) {
        self.push_constraint(coupler);
    }
}
