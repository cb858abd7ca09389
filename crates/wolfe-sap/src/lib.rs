//! SAP, the Semi-Analytic Primal solver for convex compliant contact with friction
//! (Castro, Permenter, Han, "An Unconstrained Convex Formulation of Compliant Contact").
//!
//! Geometry-free: the caller gives the trees of the system (dense SPD blocks of the
//! momentum matrix A and free-motion velocities v*, Eq. 18) and the contact constraints
//! (Jacobian blocks in the contact frame, previous signed distance, stiffness,
//! dissipation time scale, friction). The solver computes the regularization from the
//! physical parameters (Section V), then minimizes the unconstrained convex cost (24)
//! by Newton iterations with an exact line search (Algorithm 2), and returns the
//! velocities, the impulses and honest statistics.
//!
//! - [`problem`]: problem data and its validation.
//! - [`model`]: regularization R and stabilization velocity v_hat (Eqs. 29, 30).
//! - [`cone`]: the analytic projection (Eq. 27) and its derivative G (Appendix D).
//! - [`solver`]: Algorithm 2, line searches, stopping criterion (Eq. 26).
//! - [`linalg`]: assembly and dense or sparse (supernodal) Cholesky factorization of H.

pub mod cone;
pub mod error;
pub mod linalg;
pub mod model;
pub mod problem;
pub mod solver;

pub use cone::{ConeParams, ConeRegion};
pub use error::SapError;
pub use linalg::LinearSolver;
pub use model::{contact_models, ContactModel, RegularizationSettings};
pub use problem::{Contact, SapProblem, Tree};
pub use solver::{
    evaluate, hessian, Evaluation, IterationRecord, LineSearch, SapSettings, SapSolution, SapSolver,
    SapStats, SapStatus,
};
