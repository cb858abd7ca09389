//! The interface of a SAP constraint kind, after the constraint abstraction of Drake's
//! SAP solver: every kind (contact, PD controller, joint limit, coupler) implements
//! [`SapConstraint`] in its own file, and the problem, the model stage, the island
//! split and the solver reach it only through this trait and the registry of kinds
//! ([`crate::kinds`]).
//!
//! A constraint acts on one tree or two (its cliques, Section IV-D) through a Jacobian
//! with `ROWS` rows: its constraint velocity is `v_c = J v`. The model stage turns its
//! physical parameters into a regularization R and a stabilization velocity v_hat
//! (Section V: Eqs. 29-30 for contacts, joint limits and couplers, the PD law for
//! controllers), which its [`SapConstraint::Model`] holds. The model carries the
//! numerics of its impulse set: the projection `gamma = P(y)` with
//! `y = -R^{-1} (v_c - v_hat)` (Eqs. 23, 27), the cost ℓ of Eq. 24, `G = -d gamma / d v_c`
//! (Appendix D) and what the exact line search evaluates along a Newton direction
//! (Section IV-C). Two families of impulse sets exist:
//!
//! - the friction cone, 3 rows ([`crate::cone`], [`crate::contact::ContactModel`]):
//!   the contacts, with fixed-size kernels for the Jacobian blocks of 6- and 3-dof
//!   trees;
//! - an interval of impulses, 1 row within one tree ([`crate::interval`],
//!   [`crate::interval::JointModel`]): PD controllers, joint limits, couplers. Their
//!   Jacobian row is sparse (one or two dofs), held by the model itself.
//!
//! Adding a kind is one file implementing [`SapConstraint`] plus its registration in
//! [`crate::kinds`] (a field of [`crate::Constraints`] and of [`crate::SapModel`],
//! and a line of the registry).

use std::fmt;

use nalgebra::DMatrix;

use crate::error::SapError;
use crate::forest::{Forest, Tree};
use crate::regularization::RegularizationSettings;

/// One constraint kind of SAP (see the module documentation).
///
/// The solver dispatches statically: every method is called on the concrete kind,
/// through the registry [`crate::kinds`], with the kinds' lists stored by type.
pub trait SapConstraint: Clone + fmt::Debug {
    /// The kind's name in error reports (`"contact"`, `"PD controller"`, ...).
    const NAME: &'static str;
    /// Number of rows of its Jacobian (constraint equations): 3 for a contact, 1 for
    /// the one-row kinds.
    const ROWS: usize;
    /// What the model stage computes (R, v_hat, the impulse set, the Delassus
    /// estimate); it carries the projection, cost and G of the kind's impulse set.
    type Model: Copy + fmt::Debug + PartialEq;

    /// Its cliques: the first tree, and the second for a constraint between two trees.
    fn cliques(&self) -> (usize, Option<usize>);

    /// Checks its data against the problem's `trees` and `time_step`; `index` is its
    /// position among the constraints of its kind (for the error).
    ///
    /// # Errors
    /// A [`SapError`] naming the constraint and what is wrong.
    fn validate(&self, index: usize, trees: &[Tree], time_step: f64) -> Result<(), SapError>;

    /// Its model from its physical parameters (Section V), on the validated `forest`.
    ///
    /// # Errors
    /// A [`SapError`] when the regularization is not finite or the energy scale of the
    /// stabilization velocity is out of range.
    fn model(
        &self, index: usize, forest: &Forest, settings: &RegularizationSettings,
    ) -> Result<Self::Model, SapError>;

    /// A placeholder, overwritten before use (storage for [`SapConstraint::copy_renumbered`]).
    fn placeholder() -> Self;

    /// Overwrites `self` with `src`, its trees renumbered by `tree` (the island copy),
    /// reusing `self`'s storage and matrices from `spare` (and returning there the
    /// ones it no longer needs): no allocation once the storage has grown.
    fn copy_renumbered(&mut self, src: &Self, tree: impl Fn(usize) -> usize, spare: &mut Vec<DMatrix<f64>>);

    /// Renumbers the generalized velocities a model refers to (its Jacobian row, for
    /// the one-row kinds) by `velocity` (the island copy of the model).
    fn renumber_model(model: &mut Self::Model, velocity: impl Fn(usize) -> usize);
}
