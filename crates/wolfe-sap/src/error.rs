//! Typed errors of the SAP solver.

use std::fmt;

/// Everything that can go wrong when building or solving a SAP problem.
///
/// Bad input is reported with one of these, never with a panic.
#[derive(Debug, Clone, PartialEq)]
pub enum SapError {
    /// The time step is not finite and positive.
    InvalidTimeStep(f64),
    /// A tree's block of A is not square, or its free-motion velocity has the wrong length.
    TreeSize {
        /// Index of the tree.
        tree: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A tree has no degrees of freedom.
    EmptyTree(usize),
    /// A tree's block of A is not symmetric (relative tolerance 1e-10).
    NotSymmetric(usize),
    /// A tree's block of A is not positive definite (its Cholesky factorization failed).
    NotPositiveDefinite(usize),
    /// A NaN or infinite entry in the data of a tree.
    NonFiniteTree(usize),
    /// A contact names a tree that does not exist, or the same tree twice.
    ContactTrees {
        /// Index of the contact.
        contact: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A contact Jacobian block is not 3 x n_t for its tree.
    JacobianSize {
        /// Index of the contact.
        contact: usize,
        /// Rows of the block given.
        rows: usize,
        /// Columns of the block given.
        cols: usize,
        /// Columns expected (the tree's number of dofs).
        expected_cols: usize,
    },
    /// A NaN or infinite entry in a contact Jacobian or in the signed distance.
    NonFiniteContact(usize),
    /// A contact parameter out of its range (stiffness must be positive, possibly
    /// infinite; dissipation time scale and friction finite and non-negative).
    InvalidContactParameter {
        /// Index of the contact.
        contact: usize,
        /// Which parameter.
        parameter: &'static str,
        /// Its value.
        value: f64,
    },
    /// A one-row constraint (PD controller, joint limit, coupler) names a tree that does not exist or a dof that its
    /// tree does not have.
    JointConstraintDof {
        /// Which kind of constraint.
        kind: JointConstraintKind,
        /// Its index among the constraints of its kind.
        index: usize,
        /// The tree named.
        tree: usize,
        /// The dof named.
        dof: usize,
    },
    /// A PD controller or joint limit parameter out of its range (positions, targets and
    /// feed-forward finite; gains finite, non-negative, not both zero; effort limit
    /// non-negative, possibly infinite; stiffness positive, possibly infinite; dissipation
    /// time scale finite and non-negative), or a regularization that is not finite.
    InvalidJointConstraint {
        /// Which kind of constraint.
        kind: JointConstraintKind,
        /// Its index among the constraints of its kind.
        index: usize,
        /// Which parameter.
        parameter: &'static str,
        /// Its value.
        value: f64,
    },
    /// A settings value out of its range.
    InvalidSetting {
        /// Which setting.
        setting: &'static str,
        /// Its value.
        value: f64,
    },
    /// The initial guess has the wrong length or a non-finite entry.
    InvalidInitialGuess {
        /// Length given.
        len: usize,
        /// Length expected (total number of dofs).
        expected: usize,
    },
    /// A contact has zero effective inverse mass (its Jacobian is zero) so that
    /// its regularization (Eqs. 29-30) is not defined.
    DegenerateContact(usize),
    /// The Newton matrix H could not be factorized (numerically not positive definite).
    Factorization(String),
    /// An edge given to [`crate::Islands::connect`] names a tree that does not exist.
    IslandEdge {
        /// The edge's position in the list given.
        edge: usize,
        /// Its two trees.
        trees: (usize, usize),
        /// The number of trees of the graph.
        num_trees: usize,
    },
    /// A quantity beyond the supported range (issue 21): finite, but so large that the
    /// cost (Eq. 19), its gradient or the Newton step would overflow f64. The bound is
    /// [`crate::problem::MAX_ENERGY_SCALE`] on an energy scale.
    OutOfRange {
        /// What the quantity belongs to: `"tree"` or a constraint kind's name
        /// (`"contact"`, `"PD controller"`, `"joint limit"`, `"coupler"`).
        owner: &'static str,
        /// Its index among the items of its kind.
        index: usize,
        /// The quantity, as a formula of the inputs (e.g. `"max|A| max|v*|^2 n_t"`).
        quantity: &'static str,
        /// Its value (infinite when it overflowed).
        value: f64,
        /// The largest accepted value.
        bound: f64,
    },
    /// An input of the step derivative ([`crate::StepDerivative`]) that does not match
    /// its problem: a vector of the wrong length, a model for other constraints, a
    /// contact index out of range, or a non-finite entry.
    DerivativeInput {
        /// What was wrong (`"velocities"`, `"contact models"`, `"contact index"`, ...).
        what: &'static str,
        /// The length, count or index given.
        given: usize,
        /// The length or count expected (for an index: the number of items).
        expected: usize,
    },
    /// An input of an evaluation at given velocities ([`crate::momentum_error`], the
    /// conic solve of the feature `conic`) that does not match its problem: velocities
    /// of the wrong length or with a non-finite entry, or a model for other constraints.
    InputMismatch {
        /// What was wrong (`"velocities ..."`, `"contact models"`, ...).
        what: &'static str,
        /// The length or count given.
        given: usize,
        /// The length or count expected.
        expected: usize,
    },
}

impl fmt::Display for SapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidTimeStep(dt) => write!(f, "time step {dt} is not finite and positive"),
            Self::TreeSize { tree, what } => write!(f, "tree {tree}: {what}"),
            Self::EmptyTree(t) => write!(f, "tree {t} has no degrees of freedom"),
            Self::NotSymmetric(t) => write!(f, "tree {t}: block of A is not symmetric"),
            Self::NotPositiveDefinite(t) => {
                write!(f, "tree {t}: block of A is not positive definite")
            }
            Self::NonFiniteTree(t) => write!(f, "tree {t}: NaN or infinite entry"),
            Self::ContactTrees { contact, what } => write!(f, "contact {contact}: {what}"),
            Self::JacobianSize {
                contact,
                rows,
                cols,
                expected_cols,
            } => write!(
                f,
                "contact {contact}: Jacobian block is {rows} x {cols}, expected 3 x {expected_cols}"
            ),
            Self::NonFiniteContact(c) => write!(f, "contact {c}: NaN or infinite entry"),
            Self::InvalidContactParameter {
                contact,
                parameter,
                value,
            } => write!(f, "contact {contact}: {parameter} = {value} is out of range"),
            Self::JointConstraintDof {
                kind,
                index,
                tree,
                dof,
            } => write!(f, "{kind} {index}: tree {tree} has no dof {dof}"),
            Self::InvalidJointConstraint {
                kind,
                index,
                parameter,
                value,
            } => write!(f, "{kind} {index}: {parameter} = {value} is out of range"),
            Self::InvalidSetting { setting, value } => {
                write!(f, "setting {setting} = {value} is out of range")
            }
            Self::InvalidInitialGuess { len, expected } => write!(
                f,
                "initial guess of length {len} (expected {expected}) or with a non-finite entry"
            ),
            Self::DegenerateContact(c) => {
                write!(f, "contact {c}: zero Jacobian, regularization undefined")
            }
            Self::Factorization(what) => write!(f, "factorization of H failed: {what}"),
            Self::IslandEdge {
                edge,
                trees,
                num_trees,
            } => write!(
                f,
                "island edge {edge} joins trees {} and {}, but the graph has {num_trees} trees",
                trees.0, trees.1
            ),
            Self::OutOfRange {
                owner,
                index,
                quantity,
                value,
                bound,
            } => write!(
                f,
                "{owner} {index}: {quantity} = {value:e} is beyond the supported range (at most {bound:e})"
            ),
            Self::DerivativeInput {
                what,
                given,
                expected,
            } => write!(
                f,
                "step derivative: {what} is {given} (expected {expected}) or has a non-finite entry"
            ),
            Self::InputMismatch {
                what,
                given,
                expected,
            } => write!(f, "{what}: {given} given, {expected} expected for this problem"),
        }
    }
}

impl std::error::Error for SapError {}

/// The kind of a one-dof constraint, for error reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JointConstraintKind {
    /// A [`crate::PdControllerConstraint`].
    PdController,
    /// A [`crate::JointLimitConstraint`].
    JointLimit,
    /// A [`crate::CouplerConstraint`].
    Coupler,
}

impl JointConstraintKind {
    /// The kind's name in reports (the constraint's [`crate::constraint::SapConstraint::NAME`]).
    pub fn name(self) -> &'static str {
        match self {
            Self::PdController => "PD controller",
            Self::JointLimit => "joint limit",
            Self::Coupler => "coupler",
        }
    }
}

impl std::fmt::Display for JointConstraintKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
