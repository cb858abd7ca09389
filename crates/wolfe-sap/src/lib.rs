//! SAP, the Semi-Analytic Primal solver for convex compliant contact with friction
//! (Castro, Permenter, Han, "An Unconstrained Convex Formulation of Compliant Contact").
//!
//! Geometry-free: the caller gives the trees of the system (dense SPD blocks of the
//! momentum matrix A and free-motion velocities v*, Eq. 18) and the constraints:
//! contacts (Jacobian blocks in the contact frame, previous signed distance, stiffness,
//! dissipation time scale, friction), PD controllers with effort limits, joint position
//! limits (one dof of one tree each, Section VII) and couplers (two dofs of one tree
//! tied by a gear ratio, for mimic joints). The solver computes the regularization from
//! the physical parameters (Section V), then minimizes the unconstrained convex cost
//! (24) by Newton iterations with an exact line search (Algorithm 2), and returns the
//! velocities, the impulses and honest statistics.
//!
//! Problem -> model -> solver -> results:
//! - [`forest`]: the trees and what is derived from them (offsets, inverses of the
//!   blocks of A for the Delassus estimates, the scaling of Eq. 25).
//! - [`constraint`]: the interface every constraint kind implements
//!   ([`SapConstraint`]: rows, cliques, validation, model stage, island copy), and
//!   [`kinds`]: the registry that stores the kinds by type ([`Constraints`],
//!   [`SapModel`]) and lets the rest of the crate visit them with static dispatch.
//!   The kinds: [`contact`] (3 rows, friction cone), [`joint`] (PD controller, joint
//!   limit: 1 row) and [`coupler`] (1 row on two dofs).
//! - [`problem`]: a validated [`SapProblem`], built whole or refilled in place.
//! - [`model`]: regularization R and stabilization velocity v_hat of every constraint
//!   ([`regularization`]: Eqs. 29, 30 for contacts, joint limits and couplers, the PD
//!   law for controllers).
//! - [`cone`]: the contact's projection (Eq. 27) and its derivative G (Appendix D);
//!   [`interval`]: the projection, cost and G of the one-row constraints, and their
//!   sparse Jacobian row ([`JointModel`]).
//! - [`solver`]: Algorithm 2, line searches, stopping criterion (Eq. 26);
//!   [`evaluate`](mod@evaluate): the same cost, gradient and H evaluated directly.
//! - [`island`]: the connected components of the tree graph, solved one by one when
//!   [`SapSettings::islands`] is set (the default).
//! - [`linalg`]: assembly and dense, block or sparse (supernodal) Cholesky
//!   factorization of H.
//! - `conic` (cargo feature `conic`): the same problem as a conic program solved by
//!   clarabel, an interior-point method (the tests' independent method and the solver
//!   comparison's peer); [`momentum_error`] measures any answer as the solver measures
//!   its own (Eq. 32).
//!
//! The solver's numeric loops are written per family of impulse set, not per kind: the
//! cone family (contacts, with fixed-size kernels for the Jacobian blocks of 6- and
//! 3-dof trees) and the interval family (every one-row kind, through its
//! [`JointModel`]). A new one-row kind is one file implementing [`SapConstraint`] plus
//! its registration in [`kinds`].
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
//!     ..Default::default()
//! };
//! let problem = SapProblem::with_constraints(dt, vec![tree], constraints).unwrap();
//! let solution = SapSolver::new(Default::default()).unwrap().solve_cold(&problem).unwrap();
//! // The controller saturates: its impulse is exactly e dt.
//! assert_eq!(solution.pd_impulses[0], 2.0 * dt);
//! assert_eq!(solution.limit_impulses, vec![0.0, 0.0]);
//! ```
//!
//! A mimic joint: dof 1 of a two-dof tree follows dof 0 at the ratio 0.5
//! ([`CouplerConstraint`]); pushed on dof 0, both move, in that ratio:
//!
//! ```
//! use nalgebra::{DMatrix, DVector};
//! use wolfe_sap::{Constraints, CouplerConstraint, SapProblem, SapSolver, Tree};
//!
//! let tree = Tree::new(DMatrix::identity(2, 2), DVector::from_vec(vec![1.0, 0.0]));
//! let constraints = Constraints {
//!     couplers: vec![CouplerConstraint::new(0, 1, 0.0, 0, 0.0, 0.5)],
//!     ..Default::default()
//! };
//! let problem = SapProblem::with_constraints(1e-2, vec![tree], constraints).unwrap();
//! let v = SapSolver::new(Default::default()).unwrap().solve_cold(&problem).unwrap().v;
//! // Near-rigid (Section V-B): the ratio holds up to the compliance R = beta^2 w /
//! // (4 pi^2) (w = 1.25 here), a velocity error of 1.5% that the next step's
//! // stabilization velocity v_hat takes back from the position error.
//! assert!((v[0] - 0.8).abs() < 0.01 && (v[1] - 0.4).abs() < 0.01);
//! assert!((v[1] - 0.5 * v[0]).abs() < 0.02 * v[0]);
//! ```

pub mod cone;
#[cfg(feature = "conic")]
pub mod conic;
pub mod constraint;
pub mod contact;
mod copy;
pub mod coupler;
pub mod derivative;
pub mod error;
pub mod evaluate;
pub mod forest;
pub mod interval;
pub mod island;
pub mod joint;
pub mod kinds;
pub mod linalg;
pub mod model;
pub mod problem;
pub mod regularization;
pub mod solver;

pub use cone::{ConeParams, ConeRegion};
pub use constraint::SapConstraint;
pub use contact::{contact_frame, ContactConstraint, ContactModel};
pub use coupler::CouplerConstraint;
pub use derivative::{ContactParameter, StepAdjoint, StepDerivative};
pub use error::{JointConstraintKind, SapError};
pub use evaluate::{evaluate, hessian, Evaluation};
pub use forest::{Forest, Tree};
pub use interval::{IntervalParams, JointModel};
pub use island::Islands;
pub use joint::{JointLimitConstraint, LimitSide, PdControllerConstraint, PdGains};
pub use kinds::{Constraints, Kind, SapModel};
pub use linalg::{LinearSolver, BLOCK_MAX_TREE_DOFS};
pub use problem::{ProblemFiller, SapProblem};
pub use regularization::RegularizationSettings;
pub use solver::{
    momentum_error, IterationRecord, LineSearch, SapSettings, SapSolution, SapSolver, SapStats, SapStatus,
    StallReason,
};
