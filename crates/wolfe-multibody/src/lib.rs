//! Kinematic trees in generalized coordinates for wolfe's simulator: Featherstone's
//! spatial algebra ([`spatial`]), a constant [`Model`] apart from a per-query [`Data`]
//! workspace (as pinocchio splits them), forward kinematics and world-aligned Jacobians
//! ([`kinematics`]), the mass matrix by the composite-rigid-body algorithm and inverse
//! dynamics by the recursive Newton-Euler algorithm ([`dynamics`]), URDF and MJCF loading
//! with collision geometry as wolfe shapes ([`urdf`], [`mjcf`]), splitting a robot into
//! its independent subtrees ([`Robot::subtrees`]), end-effector control (inverse
//! kinematics [`Model::inverse_kinematics`], keyframe trajectories [`JointTrajectory`]),
//! and the library side of `wolfe robot inspect` ([`inspect`](mod@inspect)).
//!
//! The SAP paper (Castro et al., Section II) writes the dynamics of a multibody system
//! as `M(q) (v - v0) = dt k(q, v) + J^T gamma` (Eq. 7) with the kinematic map
//! `qdot = N(q) v` (Eq. 1). This crate provides `M(q)` ([`Model::mass_matrix`]), the
//! smooth forces `k = tau - c(q, v) - g(q) - D v` ([`Model::bias_forces`],
//! [`Model::gravity_torques`], [`Model::damping`] for `D` of Eq. 17), contact Jacobians
//! ([`Model::point_jacobian`]) and `q (+) v dt` ([`Model::integrate`]). A world holds
//! several models, each one tree and one SAP clique (Section IV-D); a free body is
//! [`Model::free_body`].
//!
//! ```
//! use wolfe_multibody::{Data, Model};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/robots");
//! let robot = wolfe_multibody::load_urdf(&dir.join("franka_panda/panda.urdf"), Default::default())?;
//! let model: &Model = &robot.model;
//! let mut data = Data::new(model);
//! let q = vec![0.1; model.nq()];
//! let m = model.mass_matrix(&mut data, &q)?; // 9 x 9
//! assert_eq!(m.nrows(), 9);
//! # Ok(()) }
//! ```

mod attach;
pub mod data;
pub mod dynamics;
pub mod error;
mod ik;
pub mod inspect;
pub mod joint;
pub mod kinematics;
pub mod mjcf;
pub mod model;
pub mod spatial;
mod split;
pub mod urdf;

pub use data::Data;
pub use error::{InspectError, MjcfError, ModelError, UrdfError};
pub use ik::{IkSettings, IkSolution, IkTarget, JointTrajectory};
pub use inspect::{
    inspect, inspect_attached_file, inspect_file, inspect_model_file, InspectInput, InspectOutput,
    InspectResult, InspectState,
};
pub use joint::{Joint, JointKind, JointLimits};
pub use mjcf::{load_mjcf, parse_mjcf, Mjcf, MjcfOptions};
pub use model::{Body, Frame, Model, STANDARD_GRAVITY};
pub use spatial::{Force, Motion, Se3, SpatialInertia};
pub use urdf::{
    load_urdf, parse_urdf, CollisionGeometry, GeometryDesc, Mimic, Robot, UrdfOptions, VisualGeometry,
};
