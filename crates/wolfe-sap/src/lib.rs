//! SAP, the Semi-Analytic Primal solver for convex compliant contact with friction
//! (Castro, Permenter, Han, "An Unconstrained Convex Formulation of Compliant Contact").
//!
//! Geometry-free: the caller gives the trees of the system (dense SPD blocks of the
//! momentum matrix A and free-motion velocities v*, Eq. 18) and the constraints: contacts
//! (Jacobian blocks in the contact frame, previous signed distance, stiffness,
//! dissipation time scale, friction), PD controllers with effort limits and joint
//! position limits (one dof of one tree each, Section VII). The solver computes the
//! regularization from the physical parameters (Section V), then minimizes the
//! unconstrained convex cost (24) by Newton iterations with an exact line search
//! (Algorithm 2), and returns the velocities, the impulses and honest statistics.
//!
//! Problem -> model -> solver -> results:
//! - [`problem`]: trees, [`Constraints`] and their validation ([`SapProblem`]);
//!   [`contact`] and [`joint`] define the constraint kinds.
//! - [`model`]: regularization R and stabilization velocity v_hat of every constraint
//!   (Eqs. 29, 30 for contacts and joint limits, the PD law for controllers).
//! - [`cone`]: the contact's projection (Eq. 27) and its derivative G (Appendix D);
//!   [`interval`]: the projection, cost and G of the one-dof constraints.
//! - [`solver`]: Algorithm 2, line searches, stopping criterion (Eq. 26);
//!   [`evaluate`](mod@evaluate): the same cost, gradient and H evaluated directly.
//! - [`island`]: the connected components of the tree graph, solved one by one when
//!   [`SapSettings::islands`] is set (the default).
//! - [`linalg`]: assembly and dense or sparse (supernodal) Cholesky factorization of H.
//!
//! A one-dof pendulum-like tree (inertia 0.5 kg m^2) with a PD controller limited to
//! 2 N m and both joint limits, stepped once:
//!
//! ```
//! use nalgebra::{DMatrix, DVector};
//! use wolfe_sap::{Constraints, JointLimitConstraint, PdControllerConstraint, SapProblem, SapSolver, Tree};
//!
//! let (dt, q0, v0) = (5e-3, 0.1, 0.0);
//! let tree = Tree::new(DMatrix::from_element(1, 1, 0.5), DVector::from_element(1, v0));
//! let constraints = Constraints {
//!     contacts: vec![],
//!     pd_controllers: vec![PdControllerConstraint::new(0, 0, q0, 400.0, 20.0)
//!         .with_target(1.0, 0.0)
//!         .with_feed_forward(0.0)
//!         .with_effort_limit(2.0)],
//!     joint_limits: vec![
//!         JointLimitConstraint::lower(0, 0, q0, -2.9),
//!         JointLimitConstraint::upper(0, 0, q0, 2.9),
//!     ],
//! };
//! let problem = SapProblem::with_constraints(dt, vec![tree], constraints).unwrap();
//! let solution = SapSolver::new(Default::default()).unwrap().solve_cold(&problem).unwrap();
//! // The controller saturates: its impulse is exactly e dt.
//! assert_eq!(solution.pd_impulses[0], 2.0 * dt);
//! assert_eq!(solution.limit_impulses, vec![0.0, 0.0]);
//! ```

pub mod cone;
pub mod contact;
mod copy;
pub mod error;
pub mod evaluate;
pub mod interval;
pub mod island;
pub mod joint;
pub mod linalg;
pub mod model;
pub mod problem;
pub mod solver;

pub use cone::{ConeParams, ConeRegion};
pub use contact::ContactConstraint;
pub use error::{JointConstraintKind, SapError};
pub use evaluate::{evaluate, hessian, Evaluation};
pub use interval::IntervalParams;
pub use island::Islands;
pub use joint::{JointLimitConstraint, LimitSide, PdControllerConstraint};
pub use linalg::{LinearSolver, BLOCK_MAX_TREE_DOFS};
pub use model::{ContactModel, JointModel, RegularizationSettings, SapModel};
pub use problem::{Constraints, ProblemFiller, SapProblem, Tree};
pub use solver::{IterationRecord, LineSearch, SapSettings, SapSolution, SapSolver, SapStats, SapStatus};
